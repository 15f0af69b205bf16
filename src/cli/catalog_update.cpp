// SkyPilot imports shared by `catalog import skypilot` and `catalog update`, and the update itself:
// download (or read from a folder) each cloud's vms.csv, import, store one dated overlay.
#include "cli/catalog_update.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>

#include "cli/app.hpp"
#include "cli/command.hpp"
#include "cli/option_choices.hpp"
#include "cli/option_table.hpp"
#include "cli/option_values.hpp"
#include "gpuselect/catalog_format.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"
#include "io/files.hpp"
#include "io/http.hpp"
#include "io/price_store.hpp"

namespace gpuselect::cli {

using Q = ranges::Quantity;

namespace {

// SkyPilot's published catalogs (skypilot-org/skypilot-catalog, read by sky/catalog/common.py from
// raw.githubusercontent.com): catalogs/<version>/<cloud>/vms.csv. v9 is the newest folder; clouds
// without a v9 file (azure, runpod) are still published under v8.
constexpr std::string_view default_base_url = "https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs";
constexpr std::array<std::string_view, 2> catalog_versions = {"v9", "v8"};
// Clouds of the built-in catalog that SkyPilot publishes, in download order.
constexpr std::string_view default_clouds = "aws,gcp,azure,lambda,runpod,vast,nebius,fluidstack";

struct UpdateOptions {
  std::string clouds;
  std::string from;
  std::string base_url;
  std::string as_of;
  bool strict = false;
  std::string price_basis = "detect";
  std::string attempts = "3";
  std::string timeout_seconds = "300";
  bool rollback = false;
  bool accept_changes = false;
};

std::string data_folder() { return user_folder("XDG_DATA_HOME", ".local/share"); }

// The stored update that failed to load in this process (load_catalog went on without it), so no
// document names it as the prices in use.
std::string& unusable_update() {
  static std::string path;
  return path;
}

// --cloud's names: trimmed, lower case (SkyPilot's folders are lower case), each once, in order.
std::vector<std::string> cloud_names(const std::string& text) {
  std::vector<std::string> clouds;
  for (std::string name : split_list(text, "--cloud")) {
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (name.find_first_of("/\\") != std::string::npos || name == "." || name == "..") {
      throw Error::said("--cloud", text::words(text::Msg::err_not_cloud, text::quoted(name)), text::words(text::Msg::hint_cloud_names));
    }
    if (std::find(clouds.begin(), clouds.end(), name) == clouds.end()) clouds.push_back(name);
  }
  return clouds;
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
    if (cloud == "vms") continue;  // a bare vms.csv names no cloud (run_update refuses it)
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

// Sanity bounds of an update against the stored one, per provider (docs/hardening.md "The price
// store"). Assumptions, not published limits: real list-price changes stay within 2x (AWS's largest
// cut, June 2024, took P4/P5 on-demand prices down by up to 45%), while the mistakes seen (per-GPU
// read as per-instance, cents as dollars, a truncated feed) move them 4-100x or drop most rows.
constexpr double max_median_price_ratio = 2.0;   // median new/old on-demand price, either way
constexpr double min_kept_share = 0.5;           // of the stored region prices and regions

// What one provider's stored update holds: offering id -> (region, on-demand price per hour).
using RegionPrices = std::vector<std::pair<std::string, double>>;
using ProviderRows = std::map<std::string, std::map<std::string, RegionPrices>>;

bool set_by(const catalog::SourcePos& pos, std::uint32_t file_index) { return pos.line != 0 && pos.file == file_index; }

// The offerings the file at `file_index` updated (it set their as_of), by provider, each region with
// the on-demand price that file set (0 where it set none: a price the overlay left to an earlier
// file is not the file's).
ProviderRows rows_set_by(const catalog::Catalog& catalog, std::uint32_t file_index) {
  ProviderRows rows;
  for (const auto& offering : catalog.offerings) {
    if (!set_by(offering.set_at.as_of, file_index)) continue;
    RegionPrices& prices = rows[offering.provider][offering.id];
    const auto price_in = [&](std::string_view region) {
      if (const catalog::RegionPrice* entry = offering.region_price(region)) {
        return set_by(entry->pos, file_index) ? entry->pricing.on_demand.value_or(0.0) : 0.0;
      }
      return set_by(offering.set_at.on_demand, file_index) ? offering.pricing.on_demand.value_or(0.0) : 0.0;
    };
    for (const auto& region : offering.regions) prices.emplace_back(region, price_in(region));
    if (offering.regions.empty()) prices.emplace_back("", price_in(""));
  }
  return rows;
}

std::optional<std::uint32_t> file_index_of(const catalog::Catalog& catalog, const std::string& path) {
  for (std::size_t i = 0; i < catalog.files.size(); ++i) {
    if (catalog.files[i] == path) return static_cast<std::uint32_t>(i);
  }
  return std::nullopt;
}

// Refusals and drops of one provider, new against old.
struct ProviderChange {
  std::vector<std::string> refusals;
  std::string drops;  // "" when nothing was dropped
};

ProviderChange compare_provider(const std::string& provider, const std::map<std::string, RegionPrices>& before,
                                const std::map<std::string, RegionPrices>* after) {
  ProviderChange change;
  std::size_t rows_before = 0, rows_after = 0, offerings_dropped = 0, rows_dropped = 0, priced_after = 0;
  std::string offering_example, row_example;
  std::set<std::string> regions_before, regions_after;
  std::vector<double> ratios;
  for (const auto& [id, prices] : before) {
    rows_before += prices.size();
    for (const auto& [region, price] : prices) regions_before.insert(region);
    const auto found = after ? after->find(id) : decltype(after->end()){};
    if (!after || found == after->end()) {
      ++offerings_dropped;
      if (offering_example.empty()) offering_example = id;
      continue;
    }
    std::unordered_map<std::string_view, double> now_by_region;  // hashed: linear in region prices
    for (const auto& entry : found->second) now_by_region.emplace(entry.first, entry.second);
    for (const auto& [region, price] : prices) {
      const auto now = now_by_region.find(region);
      if (now == now_by_region.end()) {
        ++rows_dropped;
        if (row_example.empty()) row_example = id + " in " + region;
      } else if (price > 0 && now->second > 0) {
        ratios.push_back(now->second / price);
      }
    }
  }
  if (after) {
    for (const auto& [id, prices] : *after) {
      rows_after += prices.size();
      for (const auto& [region, price] : prices) {
        regions_after.insert(region);
        if (price > 0) ++priced_after;
      }
    }
  }
  if (!after) {
    change.refusals.push_back(fmt::format("{}: all {} offerings gone (not in this update's clouds)", provider, before.size()));
  } else if (priced_after == 0) {
    change.refusals.push_back(fmt::format("{}: every on-demand price is zero or missing", provider));
  } else {
    if (static_cast<double>(rows_after) < min_kept_share * static_cast<double>(rows_before)) {
      change.refusals.push_back(fmt::format("{}: {} of {} region prices left", provider, rows_after, rows_before));
    } else if (static_cast<double>(regions_after.size()) < min_kept_share * static_cast<double>(regions_before.size())) {
      change.refusals.push_back(
          fmt::format("{}: {} of {} regions left", provider, regions_after.size(), regions_before.size()));
    }
    if (!ratios.empty()) {
      std::nth_element(ratios.begin(), ratios.begin() + static_cast<std::ptrdiff_t>(ratios.size() / 2), ratios.end());
      const double median = ratios[ratios.size() / 2];
      if (median > max_median_price_ratio || median < 1.0 / max_median_price_ratio) {
        change.refusals.push_back(fmt::format("{}: median on-demand price x{:.2f} over {} region prices (bound: {}x either way)",
                                              provider, median, ratios.size(), max_median_price_ratio));
      }
    }
  }
  if (offerings_dropped > 0 || rows_dropped > 0) {
    change.drops = fmt::format("{}: against the stored update, {} of {} offerings dropped{}; {} region prices of kept "
                               "offerings dropped{}",
                               provider, offerings_dropped, before.size(),
                               offering_example.empty() ? "" : " (e.g. " + offering_example + ")", rows_dropped,
                               row_example.empty() ? "" : " (e.g. " + row_example + ")");
  }
  return change;
}

// The `check` of io::install_prices: the new file loads with the built-in catalog through the
// same loader every command uses, and moves no provider's prices beyond the bounds above against
// the current file (unless --accept-changes). Throws Error to refuse.
void check_new_prices(const std::string& temporary, const std::string& folder, bool accept_changes, bool quiet,
                      text::Lang lang) {
  catalog::LoadResult fresh = load_builtin_with(temporary);
  if (!fresh.ok()) {
    const auto first = std::find_if(fresh.diagnostics.begin(), fresh.diagnostics.end(),
                                    [](const Diagnostic& d) { return d.severity == Severity::error; });
    const std::string what = first == fresh.diagnostics.end() ? "it does not load" : first->message;
    throw Error::said("catalog update", text::words(text::Msg::err_update_would_not_load, what), text::words(text::Msg::hint_update_would_not_load));
  }
  const std::optional<io::StoredPrices> current = io::current_prices(folder);
  if (!current) return;
  catalog::LoadResult stored;
  try {
    stored = load_builtin_with(current->path);
  } catch (const Error&) {
    return;  // nothing readable to protect
  }
  const auto stored_index = file_index_of(stored.catalog, current->path);
  const auto fresh_index = file_index_of(fresh.catalog, temporary);
  if (!stored.ok() || !stored_index || !fresh_index) return;
  const ProviderRows before = rows_set_by(stored.catalog, *stored_index);
  const ProviderRows after = rows_set_by(fresh.catalog, *fresh_index);
  std::string refusals;
  for (const auto& [provider, offerings] : before) {
    const auto found = after.find(provider);
    const ProviderChange change = compare_provider(provider, offerings, found == after.end() ? nullptr : &found->second);
    if (!change.drops.empty() && !quiet) std::fprintf(stderr, "gpuselect: %s\n", change.drops.c_str());
    for (const auto& refusal : change.refusals) refusals += (refusals.empty() ? "" : "; ") + refusal;
  }
  if (!refusals.empty() && !accept_changes) {
    throw Error::said("catalog update", text::words(text::Msg::err_update_sanity, current->as_of, refusals), text::words(text::Msg::hint_update_sanity));
  }
  if (!refusals.empty() && !quiet) {
    std::fprintf(stderr, "gpuselect: warning: %s\n",
                 text::spaced_cjk(text::say(lang, text::Msg::warn_stored_despite, refusals)).c_str());
  }
}

// `catalog update --rollback`: the newest kept earlier update becomes current again.
int run_rollback(const std::string& folder, const GlobalOptions& globals) {
  const io::StoreLock lock(folder);
  const std::optional<io::StoredPrices> current = io::current_prices(folder);
  const io::StoredPrices restored = io::rollback_prices(folder);
  if (!globals.quiet) {
    std::fprintf(stderr, "gpuselect: restored the update of %s (%s)%s\n", restored.as_of.c_str(), restored.path.c_str(),
                 current ? ("; the update of " + current->as_of + " is removed").c_str() : "");
  }
  return exit_ok;
}

// `cloud`'s vms.csv downloaded from the first catalog version that has it (404: the next), spooled
// beside the store in `folder` and imported; nothing when no version has it. Sets
// request.source_name to the URL read (redacted). Throws Error(io) for another HTTP status or a cut body.
std::optional<ImportedFile> download_cloud(const catalog::Importer& importer, const std::string& cloud,
                                           catalog::ImportOptions& request, const UpdateOptions& options,
                                           const io::DownloadOptions& download, const std::string& folder,
                                           const catalog::Catalog& known, const GlobalOptions& globals) {
  const std::string base = options.base_url.empty() ? std::string(default_base_url) : options.base_url;
  for (const auto version : catalog_versions) {
    const std::string url = base + "/" + std::string(version) + "/" + cloud + "/vms.csv";
    const std::string shown = io::redacted_url(url);  // what files, messages and output name
    // The body goes to an unnamed file beside the store, never into memory (docs/hardening.md "Downloads").
    io::SpoolFile body(folder, shown);
    const io::Download response = io::download(url, download, body);
    if (download.progress) std::fputs("\n", stderr);
    if (response.status == 404) continue;
    if (response.status != 200) {
      throw Error::said(ErrorKind::io, shown, text::words(text::Msg::err_http_status, response.status), text::words(text::Msg::hint_http_status));
    }
    // SkyPilot's files end each row with a line end (pandas' to_csv); a body that does not was cut
    // (a connection closed mid-row with no length announced) and would store part of the offerings.
    if (body.size() > 0 && body.last_byte() != '\n') {
      throw Error::said(ErrorKind::io, shown, text::words(text::Msg::err_download_cut), text::words(text::Msg::hint_download_cut));
    }
    request.source_name = shown;
    body.rewind();
    return import_source(
        importer, [&body](char* buffer, std::size_t size) { return body.read(buffer, size); }, request, known,
        globals.quiet, resolve_lang(globals));
  }
  return std::nullopt;
}

// `cloud`'s prices: its file in --from, or downloaded (download_cloud); nothing when there is none.
// Sets request.source_name to what was read.
std::optional<ImportedFile> read_cloud(const catalog::Importer& importer, const std::string& cloud,
                                       catalog::ImportOptions& request, const UpdateOptions& options, int attempts,
                                       int timeout_seconds, const std::string& folder, const catalog::Catalog& known,
                                       const GlobalOptions& globals) {
  if (!options.from.empty()) {
    request.source_name = local_copy(options.from, cloud);
    if (request.source_name.empty()) return std::nullopt;
    return import_file(importer, request.source_name, request, known, globals.quiet, resolve_lang(globals));
  }
  io::DownloadOptions download;
  download.attempts = attempts;
  download.timeout_seconds = timeout_seconds;
  download.max_bytes = max_csv_bytes;
  download.progress = progress_bar(cloud + " vms.csv", globals.quiet);
  // Credentials from the environment keep them out of argv, shell history and the stored file.
  if (const char* credentials = std::getenv("GPUSELECT_UPDATE_CREDENTIALS"); credentials != nullptr) {
    download.credentials = credentials;
  }
  return download_cloud(importer, cloud, request, options, download, folder, known, globals);
}

// Writes the imports as the new price update of `as_of` in `folder` (checked by check_new_prices
// before the switch) and says what was stored.
void store_update(const std::vector<ImportedFile>& imports, const std::vector<std::string>& origins,
                  const std::string& as_of, const std::string& folder, const UpdateOptions& options,
                  const GlobalOptions& globals) {
  std::vector<std::string> header = {fmt::format("gpuselect catalog update of {}: SkyPilot catalogs imported", as_of)};
  for (const auto& origin : origins) header.push_back("from " + origin);
  header.emplace_back("Overlaid on the built-in catalog automatically; --no-price-update leaves it out.");
  const std::string yaml = imports_yaml(imports, header);
  std::string path;
  io::install_prices(folder, as_of, yaml, [&](const std::string& temporary) {
    check_new_prices(temporary, folder, options.accept_changes, globals.quiet, resolve_lang(globals));
  });
  path = io::current_prices(folder)->path;
  std::size_t offerings = 0;
  for (const auto& imported : imports) offerings += imported.result.offerings.size();
  if (!globals.quiet) std::fprintf(stderr, "gpuselect: stored %zu offerings from %zu clouds in %s; later runs overlay it\n", offerings,
               imports.size(), path.c_str());
}

int run_update(const UpdateOptions& options, const GlobalOptions& globals) {
  const std::string folder = data_folder();
  if (folder.empty()) {
    throw Error::said("catalog update", text::words(text::Msg::err_no_data_home), text::words(text::Msg::hint_set_one));
  }
  if (options.rollback) return run_rollback(folder, globals);
  GlobalOptions without_update = globals;
  without_update.no_price_update = true;  // the new file replaces the old one; it must not build on it
  const catalog::Catalog known = load_catalog(without_update);
  // The update reads SkyPilot's published files: that importer's row (always in the table).
  const catalog::Importer& skypilot = *catalog::importer_named("skypilot");
  const std::string as_of = options.as_of.empty() ? today_utc() : options.as_of;
  if (!catalog::days_between(as_of, as_of)) {
    throw Error::said("--as-of", text::words(text::Msg::err_not_date, text::quoted(as_of)), text::words(text::Msg::hint_write_date));
  }
  const int attempts = parse_whole_quantity(options.attempts, "--retries", ranges::Quantity::download_attempts);
  const int timeout_seconds = parse_whole_quantity(options.timeout_seconds, "--timeout", ranges::Quantity::download_timeout_s);
  (void)price_basis_for(options.price_basis, "");  // a malformed value fails before any download
  if (!options.from.empty() && io::is_regular_file(options.from + "/vms.csv")) {
    throw Error::said("--from", text::words(text::Msg::err_from_bare_csv, text::quoted(options.from)), text::words(text::Msg::hint_from_bare_csv));
  }
  std::vector<std::string> clouds = cloud_names(options.clouds);
  if (clouds.empty()) clouds = options.from.empty() ? cloud_names(std::string(default_clouds)) : clouds_in(options.from);
  if (clouds.empty()) {
    throw Error::said("--from", text::words(text::Msg::err_from_empty, text::quoted(options.from)), text::words(text::Msg::hint_from_empty));
  }
  // libcurl is loaded here, by the one command that downloads; a machine without it fails before
  // the lock and any download (exit 1), and --from DIR never needs it.
  if (options.from.empty()) io::load_libcurl("catalog update");
  // One writer at a time, from before the first download to the switch (docs/hardening.md).
  const io::StoreLock lock(folder);

  std::vector<ImportedFile> imports;
  std::vector<std::string> origins;
  std::vector<std::string> missing;
  for (const auto& cloud : clouds) {
    catalog::ImportOptions request{
        .provider_id = cloud,
        .source_name = {},
        .as_of = as_of,
        .strict = options.strict,
        .price_basis = price_basis_for(options.price_basis, cloud)};
    std::optional<ImportedFile> read =
        read_cloud(skypilot, cloud, request, options, attempts, timeout_seconds, folder, known, globals);
    if (!read) {
      missing.push_back(cloud);
      continue;
    }
    ImportedFile imported = std::move(*read);
    // An update is the provider's newest list: what it leaves out is marked (docs/catalog.md
    // "Unlisted offerings"); `catalog import` of one file marks nothing.
    if (!imported.result.unlisted.empty()) {
      imported.summary += fmt::format("; {} catalog offerings it no longer lists are marked unlisted (not ranked; "
                                      "--include-unlisted ranks them)",
                                      imported.result.unlisted.size());
    }
    if (!globals.quiet) std::fprintf(stderr, "gpuselect: %s: %s\n", cloud.c_str(), imported.summary.c_str());
    origins.push_back(request.source_name);
    imports.push_back(std::move(imported));
  }
  if (!missing.empty() && !globals.quiet) {
    std::string names;
    for (const auto& name : missing) names += (names.empty() ? "" : ", ") + name;
    std::fprintf(stderr, "gpuselect: warning: %s\n",
                 text::spaced_cjk(text::say(resolve_lang(globals), text::Msg::warn_no_vms_csv, names)).c_str());
  }
  if (imports.empty()) {
    throw Error::said(options.from.empty() ? "--cloud" : "--from", text::words(text::Msg::err_no_cloud_read), text::words(text::Msg::hint_no_cloud_read));
  }
  store_update(imports, origins, as_of, folder, options, globals);
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
  throw unknown_choice("--price-basis", text::Msg::kind_price_basis, text, "", "--price-basis");
}

catalog::PriceBasis price_basis_for(const std::string& text, const std::string& cloud) {
  if (text.find('=') == std::string::npos) return parse_price_basis(text);
  catalog::PriceBasis basis = catalog::PriceBasis::detect;
  for (const auto& item : split_list(text, "--price-basis")) {
    const auto equals = item.find('=');
    if (equals == std::string::npos || equals == 0) {
      throw Error::said("--price-basis", text::words(text::Msg::err_not_cloud_basis, text::quoted(item)), text::words(text::Msg::hint_cloud_basis));
    }
    const catalog::PriceBasis named = parse_price_basis(item.substr(equals + 1));
    if (item.substr(0, equals) == cloud) basis = named;
  }
  return basis;
}

namespace {
// Warnings on stderr, the summary line, and the refusal of an import that yields no offering.
ImportedFile finish_import(const catalog::Importer& importer, catalog::ImportResult import,
                           const catalog::ImportOptions& request, bool quiet, text::Lang lang) {
  ImportedFile imported{std::move(import), {}};
  const auto& result = imported.result;
  if (!quiet) {
    for (const auto& warning : result.said_warnings) {
      std::fprintf(stderr, "gpuselect: warning: %s\n",
                   (lang == text::Lang::en ? warning.say(lang) : text::spaced_cjk(warning.say(lang))).c_str());
    }
  }
  if (result.offerings.empty()) {
    throw Error::said(request.source_name, text::words(text::Msg::err_no_gpu_offerings),
                      text::words(text::Msg::hint_no_gpu_offerings, result.rows_read, result.rows_unknown_accelerator,
                                  result.rows_non_gpu, result.rows_bad, importer.file_kind));
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

}  // namespace

ImportedFile import_text(const catalog::Importer& importer, std::string_view text,
                         const catalog::ImportOptions& request, const catalog::Catalog& known, bool quiet,
                         text::Lang lang) {
  return finish_import(importer, importer.import_text(text, known, request), request, quiet, lang);
}

ImportedFile import_source(const catalog::Importer& importer, const catalog::SourceText::Reader& read,
                           const catalog::ImportOptions& request, const catalog::Catalog& known, bool quiet,
                         text::Lang lang) {
  return finish_import(importer, importer.import_stream(read, known, request), request, quiet, lang);
}

ImportedFile import_file(const catalog::Importer& importer, const std::string& path,
                         const catalog::ImportOptions& request, const catalog::Catalog& known, bool quiet,
                         text::Lang lang) {
  const text::Words hint = text::words(text::Msg::hint_import_file_kind, importer.file_kind);
  io::FileStream stream(path, max_csv_bytes, hint);
  std::size_t total = 0;
  return import_source(
      importer,
      [&](char* buffer, std::size_t size) {
        const std::size_t got = stream.read(buffer, size);
        total += got;
        if (total > max_csv_bytes) {  // a pipe: no size to check when opened
          throw Error::said(path, text::words(text::Msg::err_csv_above_limit, max_csv_bytes), hint);
        }
        return got;
      },
      request, known, quiet, lang);
}

std::string imports_yaml(const std::vector<ImportedFile>& imports, const std::vector<std::string>& header,
                         const catalog::LoadLimits& limits) {
  // A result the loader would refuse is refused here, before its YAML is made (docs/hardening.md
  // "Bounded work"): the same limits the loader applies.
  std::size_t records = 0;
  for (const auto& imported : imports) {
    records += imported.result.offerings.size() + (imported.result.provider_stub ? 1 : 0);
  }
  if (records > limits.max_records) {
    throw Error::said(imports.empty() ? "import" : imports.front().result.offerings.front().provider,
                      text::words(text::Msg::err_import_records, records, limits.max_records),
                      text::words(text::Msg::hint_import_fewer));
  }
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
  std::string yaml = catalog::write_catalog_yaml(providers, offerings, lines, [&](std::size_t index) -> catalog::KeyFilter {
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
  if (yaml.size() > limits.max_file_bytes) {
    throw Error::said(offerings.front().provider, text::words(text::Msg::err_import_bytes, yaml.size(), limits.max_file_bytes),
                      text::words(text::Msg::hint_import_fewer));
  }
  return yaml;
}

std::optional<render::PriceUpdate> price_update_in_use(const GlobalOptions& globals) {
  if (globals.no_builtin_catalog || globals.no_price_update) return std::nullopt;
  const std::string folder = data_folder();
  if (folder.empty()) return std::nullopt;
  const std::optional<io::StoredPrices> current = io::current_prices(folder);
  if (!current || current->path == unusable_update()) return std::nullopt;
  return render::PriceUpdate{current->path, current->as_of};
}

void set_update_unusable(const std::string& path) { unusable_update() = path; }

namespace {
// catalog update's options, in --help order.
const std::vector<OptionRow<UpdateOptions>>& update_options() {
  static const std::vector<OptionRow<UpdateOptions>> rows = {
      {{"--cloud", "Clouds to fetch, comma-separated (default " + std::string(default_clouds) + ")"},
       &UpdateOptions::clouds, {.type = "CLOUD[,...]", .list = true}},
      {{"--from", "Import local copies from DIR/<cloud>/vms.csv instead of downloading"}, &UpdateOptions::from, {.type = "DIR", .file = true}},
      {{"--url", "Base URL of the catalogs folder (default " + std::string(default_base_url) + ")"},
       &UpdateOptions::base_url, {.type = "URL"}},
      {{"--as-of", "Date the prices were read, YYYY-MM-DD (default today)"}, &UpdateOptions::as_of, {.type = "DATE"}},
      {{"--strict", "A row that cannot be read is an error (default: skipped)"}, &UpdateOptions::strict},
      {{"--price-basis",
        "Prices per instance or per GPU: detect, instance, gpu, or per cloud (mithril=instance,runpod=gpu)"},
       &UpdateOptions::price_basis, {.type = "BASIS", .choices = choices::price_basis_names}},
      {{"--retries", "Attempts per file for network failures (default 3)"}, &UpdateOptions::attempts, {.type = "COUNT", .range = Q::download_attempts}},
      {{"--timeout", "Seconds allowed per file (default 300)"}, &UpdateOptions::timeout_seconds, {.type = "SECONDS", .range = Q::download_timeout_s}},
      {{"--rollback", "Make the previous good update current again (the last " +
                          std::to_string(io::kept_previous_updates) + " are kept)"},
       &UpdateOptions::rollback},
      {{"--accept-changes", "Store prices that moved beyond the sanity bounds against the stored ones"},
       &UpdateOptions::accept_changes},
  };
  return rows;
}
}  // namespace

void setup_catalog_update(CLI::App& catalog_command, GlobalOptions& globals,
                          std::vector<std::pair<CLI::App*, Runner>>& runners) {
  auto options = std::make_shared<UpdateOptions>();
  CLI::App* update = catalog_command.add_subcommand(
      "update", "Download SkyPilot's published price catalogs, import them and keep them as a dated overlay");
  update->fallthrough();
  register_options(*update, *options, update_options());
  runners.emplace_back(update, [options, &globals] { return run_update(*options, globals); });
}

}  // namespace gpuselect::cli
