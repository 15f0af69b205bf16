// SkyPilot imports shared by `catalog import skypilot` and `catalog update`, and the update itself:
// download (or read from a folder) each cloud's vms.csv, import, store one dated overlay.
#include "cli/catalog_update.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include <fmt/format.h>

#include "cli/app.hpp"
#include "cli/command.hpp"
#include "cli/option_values.hpp"
#include "gpuselect/catalog_format.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/safe_text.hpp"
#include "io/files.hpp"
#include "io/http.hpp"

namespace gpuselect::cli {

namespace {

// SkyPilot's published catalogs (skypilot-org/skypilot-catalog, read by sky/catalog/common.py from
// raw.githubusercontent.com): catalogs/<version>/<cloud>/vms.csv. v9 is the newest folder; clouds
// without a v9 file (azure, runpod) are still published under v8.
constexpr std::string_view default_base_url = "https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs";
constexpr std::array<std::string_view, 2> catalog_versions = {"v9", "v8"};
// Clouds of the built-in catalog that SkyPilot publishes, in download order.
constexpr std::string_view default_clouds = "aws,gcp,azure,lambda,runpod,vast,nebius,fluidstack";
constexpr std::string_view update_prefix = "prices-";  // prices-YYYY-MM-DD.yaml
constexpr std::size_t max_csv_bytes = 512u << 20;      // SkyPilot's largest vms.csv is ~5 MB

struct UpdateOptions {
  std::string clouds;
  std::string from;
  std::string base_url;
  std::string as_of;
  bool strict = false;
  std::string price_basis = "detect";
  std::string attempts = "3";
  std::string timeout_seconds = "300";
};

std::string data_folder() { return user_folder("XDG_DATA_HOME", ".local/share"); }

bool is_update_name(std::string_view name) {
  // prices-YYYY-MM-DD.yaml
  return name.size() == update_prefix.size() + 10 + 5 && name.starts_with(update_prefix) && name.ends_with(".yaml") &&
         catalog::days_between(name.substr(update_prefix.size(), 10), name.substr(update_prefix.size(), 10));
}

std::string human_bytes(std::size_t bytes) { return fmt::format("{:.1f} MB", static_cast<double>(bytes) / 1e6); }

// A one-line progress bar on stderr, only when it is a terminal.
std::function<void(std::size_t, std::size_t)> progress_bar(const std::string& label, bool quiet) {
  if (quiet || !io::is_terminal(STDERR_FILENO)) return {};
  return [label](std::size_t received, std::size_t expected) {
    constexpr int width = 30;
    if (expected > 0) {
      const int filled = static_cast<int>(width * std::min(1.0, static_cast<double>(received) / static_cast<double>(expected)));
      std::fprintf(stderr, "\rgpuselect: %s [%s%s] %s / %s", label.c_str(), std::string(filled, '#').c_str(),
                   std::string(width - filled, '.').c_str(), human_bytes(received).c_str(),
                   human_bytes(expected).c_str());
    } else {
      std::fprintf(stderr, "\rgpuselect: %s %s", label.c_str(), human_bytes(received).c_str());
    }
    std::fflush(stderr);
  };
}

// The vms.csv of one cloud under --from DIR: DIR/<cloud>/vms.csv, DIR/<version>/<cloud>/vms.csv
// or DIR/<cloud>.csv; "" when none exists.
std::string local_copy(const std::string& folder, const std::string& cloud) {
  std::vector<std::string> candidates = {folder + "/" + cloud + "/vms.csv"};
  for (const auto version : catalog_versions) {
    candidates.push_back(folder + "/" + std::string(version) + "/" + cloud + "/vms.csv");
  }
  candidates.push_back(folder + "/" + cloud + ".csv");
  for (const auto& path : candidates) {
    if (io::is_regular_file(path)) return path;
  }
  return "";
}

// Clouds with a copy under DIR, when --cloud is not given.
std::vector<std::string> clouds_in(const std::string& folder) {
  std::vector<std::string> clouds;
  for (const auto& name : io::list_folder(folder)) {
    std::string cloud = name;
    if (name.size() > 4 && name.ends_with(".csv")) cloud = name.substr(0, name.size() - 4);
    if (std::find(clouds.begin(), clouds.end(), cloud) == clouds.end() && !local_copy(folder, cloud).empty()) {
      clouds.push_back(cloud);
    }
  }
  for (const auto version : catalog_versions) {
    for (const auto& name : io::list_folder(folder + "/" + std::string(version))) {
      if (std::find(clouds.begin(), clouds.end(), name) == clouds.end() && !local_copy(folder, name).empty()) {
        clouds.push_back(name);
      }
    }
  }
  return clouds;
}

int run_update(const UpdateOptions& options, const GlobalOptions& globals) {
  GlobalOptions without_update = globals;
  without_update.no_price_update = true;  // the new file replaces the old one; it must not build on it
  const catalog::Catalog known = load_catalog(without_update);
  const std::string as_of = options.as_of.empty() ? today_utc() : options.as_of;
  if (!catalog::days_between(as_of, as_of)) throw Error("--as-of", text::quoted(as_of) + " is not a date", "write YYYY-MM-DD");
  const int attempts = parse_whole_quantity(options.attempts, "--retries", ranges::Quantity::download_attempts);
  const int timeout_seconds = parse_whole_quantity(options.timeout_seconds, "--timeout", ranges::Quantity::download_timeout_s);
  (void)price_basis_for(options.price_basis, "");  // a malformed value fails before any download
  std::vector<std::string> clouds = split_list(options.clouds);
  if (clouds.empty()) clouds = options.from.empty() ? split_list(std::string(default_clouds)) : clouds_in(options.from);
  if (clouds.empty()) {
    throw Error("--from", "no vms.csv copies in " + text::quoted(options.from),
                "put each cloud's file at DIR/<cloud>/vms.csv (as in skypilot-catalog/catalogs/v9)");
  }
  const std::string folder = data_folder();
  if (folder.empty()) throw Error("catalog update", "neither XDG_DATA_HOME nor HOME is set", "set one of them");

  std::vector<ImportedFile> imports;
  std::vector<std::string> origins;
  std::vector<std::string> missing;
  for (const auto& cloud : clouds) {
    catalog::SkyPilotImportOptions request{
        .provider_id = cloud,
        .source_name = {},
        .as_of = as_of,
        .strict = options.strict,
        .price_basis = price_basis_for(options.price_basis, cloud)};
    std::string csv;
    if (!options.from.empty()) {
      request.source_name = local_copy(options.from, cloud);
      if (request.source_name.empty()) {
        missing.push_back(cloud);
        continue;
      }
      csv = io::read_text(request.source_name, max_csv_bytes);
    } else {
      const std::string base = options.base_url.empty() ? std::string(default_base_url) : options.base_url;
      io::DownloadOptions download;
      download.attempts = attempts;
      download.timeout_seconds = timeout_seconds;
      download.max_bytes = max_csv_bytes;
      download.progress = progress_bar(cloud + " vms.csv", globals.quiet);
      bool found = false;
      for (const auto version : catalog_versions) {
        const std::string url = base + "/" + std::string(version) + "/" + cloud + "/vms.csv";
        io::Download response = io::download(url, download);
        if (download.progress) std::fputs("\n", stderr);
        if (response.status == 404) continue;
        if (response.status != 200) {
          throw Error(ErrorKind::io, url, "the server answered HTTP " + std::to_string(response.status),
                      "try again later, or use --from DIR with local copies");
        }
        request.source_name = url;
        csv = std::move(response.body);
        found = true;
        break;
      }
      if (!found) {
        missing.push_back(cloud);
        continue;
      }
    }
    ImportedFile imported = import_skypilot_text(csv, request, known);
    // An update is the provider's newest list: what it leaves out is marked (docs/catalog.md
    // "Unlisted offerings"); `catalog import` of one file marks nothing.
    if (!imported.result.unlisted.empty()) {
      imported.summary += fmt::format("; {} catalog offerings it no longer lists are marked unlisted (not ranked; "
                                      "--include-unlisted ranks them)",
                                      imported.result.unlisted.size());
    }
    std::fprintf(stderr, "gpuselect: %s: %s\n", cloud.c_str(), imported.summary.c_str());
    origins.push_back(request.source_name);
    imports.push_back(std::move(imported));
  }
  if (!missing.empty()) {
    std::string names;
    for (const auto& name : missing) names += (names.empty() ? "" : ", ") + name;
    std::fprintf(stderr, "gpuselect: warning: no vms.csv found for %s; skipped\n", names.c_str());
  }
  if (imports.empty()) {
    throw Error(options.from.empty() ? "--cloud" : "--from", "no cloud's catalog could be read",
                "check the cloud names (SkyPilot's: aws, gcp, azure, lambda, runpod, ...)");
  }
  std::vector<std::string> header = {fmt::format("gpuselect catalog update of {}: SkyPilot catalogs imported", as_of)};
  for (const auto& origin : origins) header.push_back("from " + origin);
  header.emplace_back("Overlaid on the built-in catalog automatically; --no-price-update leaves it out.");
  io::make_folders(folder);
  const std::string path = folder + "/" + std::string(update_prefix) + as_of + ".yaml";
  io::write_output(path, imports_yaml(imports, header));
  for (const auto& name : io::list_folder(folder)) {
    if (is_update_name(name) && folder + "/" + name != path) io::remove_file(folder + "/" + name);
  }
  std::size_t offerings = 0;
  for (const auto& imported : imports) offerings += imported.result.offerings.size();
  std::fprintf(stderr, "gpuselect: stored %zu offerings from %zu clouds in %s; later runs overlay it\n", offerings,
               imports.size(), path.c_str());
  return exit_ok;
}

}  // namespace

std::string provider_from_path(const std::string& path) {
  const auto slash = path.find_last_of('/');
  const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  if (name != "vms.csv") {
    if (name.size() > 4 && name.ends_with(".csv")) return name.substr(0, name.size() - 4);
    return "";
  }
  if (slash == std::string::npos || slash == 0) return "";
  const auto previous = path.find_last_of('/', slash - 1);
  const std::size_t start = previous == std::string::npos ? 0 : previous + 1;
  return path.substr(start, slash - start);
}

catalog::PriceBasis parse_price_basis(const std::string& text) {
  if (text == "detect") return catalog::PriceBasis::detect;
  if (text == "instance") return catalog::PriceBasis::instance;
  if (text == "gpu") return catalog::PriceBasis::gpu;
  throw unknown_choice("--price-basis", "price basis", text, "", "--price-basis");
}

catalog::PriceBasis price_basis_for(const std::string& text, const std::string& cloud) {
  if (text.find('=') == std::string::npos) return parse_price_basis(text);
  catalog::PriceBasis basis = catalog::PriceBasis::detect;
  for (const auto& item : split_list(text)) {
    const auto equals = item.find('=');
    if (equals == std::string::npos || equals == 0) {
      throw Error("--price-basis", text::quoted(item) + " is not CLOUD=BASIS",
                  "give one basis (detect, instance, gpu) or a list such as mithril=instance,runpod=gpu");
    }
    const catalog::PriceBasis named = parse_price_basis(item.substr(equals + 1));
    if (item.substr(0, equals) == cloud) basis = named;
  }
  return basis;
}

ImportedFile import_skypilot_text(std::string_view csv, const catalog::SkyPilotImportOptions& request,
                                  const catalog::Catalog& known) {
  ImportedFile imported{catalog::import_skypilot(csv, known, request), {}};
  const auto& result = imported.result;
  for (const auto& warning : result.warnings) std::fprintf(stderr, "gpuselect: warning: %s\n", warning.c_str());
  if (result.offerings.empty()) {
    throw Error(request.source_name, "no GPU offerings found",
                fmt::format("of {} rows, {} name accelerators the catalog does not know, {} are non-GPU "
                            "accelerators and {} could not be read (warnings above); add GPU aliases or check "
                            "that this is a SkyPilot vms.csv file",
                            result.rows_read, result.rows_unknown_accelerator, result.rows_non_gpu, result.rows_bad));
  }
  const auto existing = static_cast<std::size_t>(
      std::count(result.overlays_existing.begin(), result.overlays_existing.end(), true));
  std::string keys;
  for (const auto& key : result.overlay_keys) keys += (keys.empty() ? "" : ", ") + key;
  imported.summary =
      fmt::format("imported {} offerings from {} rows ({} skipped{}{}); prices read {}{}; {} overlay catalog offerings "
                  "and set only: {}",
                  result.offerings.size(), result.rows_read, result.rows_skipped,
                  result.rows_bad > 0 ? fmt::format(", {} unreadable", result.rows_bad) : "",
                  result.rows_repaired > 0 ? fmt::format(", {} repaired", result.rows_repaired) : "",
                  result.price_basis_reason, result.provider_stub
                      ? "; provider '" + request.provider_id + "' is new: a stub record is written"
                      : "",
                  existing, keys);
  return imported;
}

std::string imports_yaml(const std::vector<ImportedFile>& imports, const std::vector<std::string>& header) {
  std::vector<catalog::Provider> providers;
  std::vector<catalog::Offering> offerings;
  std::vector<const ImportedFile*> owner;
  std::vector<bool> existing;
  for (const auto& imported : imports) {
    if (imported.result.provider_stub) providers.push_back(*imported.result.provider_stub);
    for (std::size_t index = 0; index < imported.result.offerings.size(); ++index) {
      offerings.push_back(imported.result.offerings[index]);
      owner.push_back(&imported);
      existing.push_back(imported.result.overlays_existing[index]);
    }
  }
  // The offerings each file no longer lists: only their `unlisted` mark (docs/catalog.md "Unlisted offerings").
  const std::size_t first_unlisted = offerings.size();
  for (const auto& imported : imports) {
    for (const auto& mark : imported.result.unlisted) {
      offerings.push_back(mark);
      owner.push_back(&imported);
      existing.push_back(true);
    }
  }
  std::vector<std::string> lines = header;
  lines.emplace_back(
      "Offerings the catalog already has carry only what the files know (regions, prices per region, "
      "vCPUs, memory, local disk, as_of, source); every other field keeps its curated value. "
      "Spot per region is the median over its zones (spot_min: the cheapest zone). docs/catalog.md");
  return catalog::write_catalog_yaml(providers, offerings, lines, [&](std::size_t index) -> catalog::KeyFilter {
    if (!existing[index]) return {};
    if (index >= first_unlisted) return [](std::string_view key) { return key == "unlisted"; };
    const auto* keys = &owner[index]->result.overlay_keys;
    const catalog::Offering* offering = &offerings[index];
    return [keys, offering](std::string_view key) {
      if (std::find(keys->begin(), keys->end(), key) == keys->end()) return false;
      // A size the file left blank for this type keeps the catalog's.
      if (key == "vcpus") return offering->vcpus > 0;
      if (key == "ram_gb") return offering->ram_gb > 0;
      if (key == "local_disk_gb") return offering->local_disk_gb > 0;
      return true;
    };
  });
}

std::optional<render::PriceUpdate> price_update_in_use(const GlobalOptions& globals) {
  if (globals.no_builtin_catalog || globals.no_price_update) return std::nullopt;
  const std::string folder = data_folder();
  if (folder.empty()) return std::nullopt;
  std::optional<render::PriceUpdate> newest;
  for (const auto& name : io::list_folder(folder)) {  // sorted: the last match is the newest date
    if (is_update_name(name)) newest = render::PriceUpdate{folder + "/" + name, name.substr(update_prefix.size(), 10)};
  }
  return newest;
}

void setup_catalog_update(CLI::App& catalog_command, GlobalOptions& globals,
                          std::vector<std::pair<CLI::App*, Runner>>& runners) {
  auto options = std::make_shared<UpdateOptions>();
  CLI::App* update = catalog_command.add_subcommand(
      "update", "Download SkyPilot's published price catalogs, import them and keep them as a dated overlay");
  update->fallthrough();
  update->add_option("--cloud", options->clouds,
                     "Clouds to fetch, comma-separated (default " + std::string(default_clouds) + ")");
  update->add_option("--from", options->from, "Import local copies from DIR/<cloud>/vms.csv instead of downloading");
  update->add_option("--url", options->base_url,
                     "Base URL of the catalogs folder (default " + std::string(default_base_url) + ")");
  update->add_option("--as-of", options->as_of, "Date the prices were read, YYYY-MM-DD (default today)");
  update->add_flag("--strict", options->strict, "A row that cannot be read is an error (default: skipped)");
  update->add_option("--price-basis", options->price_basis,
                     "Prices per instance or per GPU: detect, instance, gpu, or per cloud (mithril=instance,runpod=gpu)");
  update->add_option("--retries", options->attempts, "Attempts per file for network failures (default 3)");
  update->add_option("--timeout", options->timeout_seconds, "Seconds allowed per file (default 300)");
  runners.emplace_back(update, [options, &globals] { return run_update(*options, globals); });
}

}  // namespace gpuselect::cli
