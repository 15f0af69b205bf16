// The catalog files a command reads (built-in, price update, config, GPUSELECT_CATALOG, --catalog),
// read through src/io and loaded into one catalog.
#include "cli/command.hpp"
#include "cli/catalog_sources.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "catalog/image.hpp"
#include "cli/catalog_update.hpp"
#include "core/digest.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"
#include "io/catalog_cache.hpp"
#include "io/files.hpp"

namespace gpuselect::cli {

namespace {
const catalog::LoadLimits load_limits{};
// A catalog from a stream (standard input as `-` or /dev/stdin, a pipe, a FIFO) has no size to check
// before it is read, so an endless producer would be read up to max_file_bytes (256 MiB) before it is
// refused: streams stop here (docs/hardening.md "Bounded work"; an assumption: 68x the built-in
// catalog, 247 KB, and above any price update's file; larger catalogs are read from files).
constexpr std::size_t max_stream_bytes = 16u << 20;

// Reads `file` for catalog::load; a stream is refused once it passes max_stream_bytes.
catalog::SourceText::Reader chunk_reader(io::FileStream* file, const std::string& path) {
  if (!file->is_stream()) return [file](char* buffer, std::size_t size) { return file->read(buffer, size); };
  return [file, path, total = std::size_t{0}](char* buffer, std::size_t size) mutable {
    const std::size_t got = file->read(buffer, size);
    total += got;
    if (total > max_stream_bytes) {
      throw Error::said(path, text::words(text::Msg::err_stream_above_limit, max_stream_bytes),
                        text::words(text::Msg::hint_save_catalog_file, load_limits.max_file_bytes));
    }
    return got;
  };
}

// The warning for a stored update left out, with both ways out.
void warn_update_left_out(const GlobalOptions& globals, const std::string& path, const text::Words& why) {
  set_update_unusable(path);
  if (globals.quiet) return;  // -q; completion, which must not write on the shell's screen
  const text::Lang lang = resolve_lang(globals);
  std::fprintf(stderr, "gpuselect: warning: %s\n",
               text::spaced_cjk(text::say(lang, text::Msg::warn_update_unusable, path, why.say(lang))).c_str());
}

// The stored update, opened: a reader never takes the writer's lock, so the file it listed may be
// replaced (renamed away) before it opens it; then it lists again. A file that cannot be opened
// is left out with a warning. Nothing when there is no update or it is not wanted.
std::optional<std::pair<std::string, std::unique_ptr<io::FileStream>>> open_stored_update(const GlobalOptions& globals) {
  constexpr int tries = 5;  // each retry follows a completed switch; five in a row is a busy loop of writers
  for (int attempt = 1;; ++attempt) {
    const auto update = price_update_in_use(globals);
    if (!update) return std::nullopt;
    if (!io::is_regular_file(update->path)) {  // replaced meanwhile; or a FIFO, which would block every command
      if (attempt < tries) continue;
      warn_update_left_out(globals, update->path, text::words(text::Msg::reason_not_regular_file));
      return std::nullopt;
    }
    try {
      return std::make_pair(update->path, std::make_unique<io::FileStream>(update->path, load_limits.max_file_bytes));
    } catch (const Error& error) {
      if (attempt < tries && !io::is_regular_file(update->path)) continue;  // replaced meanwhile
      warn_update_left_out(globals, update->path,
                           text::Words::in_each([&error](text::Lang lang) { return error.problem(lang); }));
      return std::nullopt;
    }
  }
}
}  // namespace

catalog::LoadResult load_builtin_with(const std::string& path) {
  std::vector<catalog::SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.emplace_back(std::string(file.name), file.text);
  io::FileStream stream(path, load_limits.max_file_bytes);
  sources.emplace_back(path, [&stream](char* buffer, std::size_t size) { return stream.read(buffer, size); },
                       stream.size());
  return catalog::load(sources, load_limits);
}

ReadSources read_catalog_sources(const GlobalOptions& globals, const std::vector<std::string>& files,
                                 bool include_configured) {
  ReadSources read;
  std::vector<std::string> paths;
  if (include_configured) {
    for (const auto& setting : globals.settings.catalogs) paths.push_back(setting.value);
    for (const auto& path : globals.catalog_files) paths.push_back(path);
  }
  for (const auto& path : files) paths.push_back(path);
  // Every file is opened (and its size checked) before any is loaded, so a missing one fails fast.
  read.files.reserve(paths.size());
  for (const auto& path : paths)
    read.files.push_back(std::make_unique<io::FileStream>(path, load_limits.max_file_bytes));
  if (!globals.no_builtin_catalog) {
    for (const auto& file : builtin_catalog_files()) {
      read.sources.emplace_back(std::string(file.name), file.text);
    }
  }
  // `catalog update`'s prices come right after the built-in files, so team files still override them.
  if (include_configured) {
    if (auto stored = open_stored_update(globals)) {
      read.files.insert(read.files.begin(), std::move(stored->second));
      paths.insert(paths.begin(), stored->first);
    }
  }
  for (std::size_t i = 0; i < paths.size(); ++i) {
    io::FileStream* file = read.files[i].get();
    read.sources.emplace_back(paths[i], chunk_reader(file, paths[i]), file->size());
  }
  return read;
}

namespace {
// The digests of one source, taken from the bytes as the loader (or the cache check) reads them.
struct Digesting {
  digest::Fold64 fold64;
  digest::Fnv1a64 fnv1a64;
  bool with_fnv = false;  // FNV-1a costs ~20x Fold64: only where it is shown or stored
  bool ended = false;     // the reader returned 0: every byte is in the digests
  // A built-in file (embedded in the program): its bytes are the build's, which the image key's build
  // id names, so its key holds its size and no Fold64 (0); ~2% of a built-in recommend (issue 33).
  std::uint64_t embedded_bytes = 0;

  void add(const char* data, std::size_t size) {
    fold64.add(data, size);
    if (with_fnv) fnv1a64.add(data, size);
  }
  std::uint64_t bytes() const { return embedded_bytes > 0 ? embedded_bytes : fold64.bytes(); }
  std::uint64_t fold64_value() const { return embedded_bytes > 0 ? 0 : fold64.value(); }
};

// Each source of `read` made to digest what it reads; a text source is digested at once.
std::vector<std::shared_ptr<Digesting>> digest_as_read(ReadSources& read, bool with_fnv) {
  std::vector<std::shared_ptr<Digesting>> states;
  states.reserve(read.sources.size());
  for (auto& source : read.sources) {
    auto state = std::make_shared<Digesting>();
    state->with_fnv = with_fnv;
    if (source.read) {
      source.read = [inner = std::move(source.read), state](char* buffer, std::size_t size) {
        const std::size_t got = inner(buffer, size);
        state->add(buffer, got);
        if (got == 0) state->ended = true;
        return got;
      };
    } else {
      if (state->with_fnv) state->fnv1a64.add(source.text.data(), source.text.size());
      state->embedded_bytes = source.text.size();
      state->ended = true;
    }
    states.push_back(std::move(state));
  }
  return states;
}

// The sources' digests once every byte has passed: a source the loader stopped short of is read to
// its end (the digest describes the whole file).
std::vector<catalog::image::SourceDigest> finish_digests(ReadSources& read,
                                                         const std::vector<std::shared_ptr<Digesting>>& states) {
  std::vector<catalog::image::SourceDigest> digests;
  digests.reserve(states.size());
  std::vector<char> buffer;
  for (std::size_t i = 0; i < states.size(); ++i) {
    Digesting& state = *states[i];
    if (!state.ended) {
      buffer.resize(std::size_t{1} << 16);
      while (read.sources[i].read(buffer.data(), buffer.size()) > 0) {
      }
    }
    digests.push_back({read.sources[i].name, state.bytes(), state.fold64_value(), state.fnv1a64.value()});
  }
  return digests;
}

// What the digest memos compare (catalog::image::FileStat) of what fstat said.
catalog::image::FileStat file_stat(const io::FileStream::Stat& stat) {
  return {stat.device, stat.inode, stat.bytes, stat.mtime_ns, stat.ctime_ns};
}

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Writes `memo` as folder/memo_file_name(memo.path) (one memo a path; the newest 64 memos are kept:
// the catalog files and images a user names in turn).
void write_memo(const std::string& folder, const catalog::image::DigestMemo& memo) {
  const std::string bytes = catalog::image::encode_memo(memo);
  constexpr std::size_t kept_memos = 64;
  io::write_cache_file(
      folder, catalog::image::memo_file_name(memo.path), [&bytes](const io::Sink& write) { write(bytes); }, kept_memos);
}

// The sources' digests for the cache check. A file whose digest memo (catalog/image.hpp, in the
// cache folder) matches what fstat says of it now is not read: the memo's Fold64 stands for its
// bytes. Any other file's bytes are digested from a mapping of it (io::FileStream::visit_mapped),
// and its memo is written when fstat says the same after the digest as before it and the file has
// settled (catalog::image::memo_settled). None when a file shrank while mapped (the check then
// misses, and the load reads the files again). `memoised` counts the files the memos stood for.
std::optional<std::vector<catalog::image::SourceDigest>> digests_in_place(ReadSources& read, const std::string& folder,
                                                                          std::size_t& memoised) {
  const std::size_t first_file = read.sources.size() - read.files.size();  // built-in texts come first
  const std::string& build_id = io::program_build_id();
  std::vector<catalog::image::SourceDigest> digests;
  digests.reserve(read.sources.size());
  for (std::size_t i = 0; i < read.sources.size(); ++i) {
    Digesting state;
    const catalog::SourceText& source = read.sources[i];
    if (i < first_file) {
      state.embedded_bytes = source.text.size();
      digests.push_back({source.name, state.bytes(), state.fold64_value(), 0});
      continue;
    }
    io::FileStream& file = *read.files[i - first_file];
    io::FileStream::Stat before;
    const bool stated = file.stat(before);
    const catalog::image::FileStat stat = file_stat(before);
    const std::string memo_name = catalog::image::memo_file_name(source.name);
    if (stated) {
      const io::MappedFile memo(folder + "/" + memo_name);
      if (const auto fold64 = catalog::image::memoised_fold64(memo.bytes(), build_id, source.name, stat)) {
        digests.push_back({source.name, stat.bytes, *fold64, 0});
        ++memoised;
        continue;
      }
    }
    if (!file.visit_mapped([&state](const char* data, std::size_t size) { state.add(data, size); })) {
      return std::nullopt;
    }
    digests.push_back({source.name, state.bytes(), state.fold64_value(), 0});
    io::FileStream::Stat after;
    if (stated && file.stat(after) && file_stat(after) == stat && state.bytes() == stat.bytes &&
        catalog::image::memo_settled(stat, now_ns())) {
      write_memo(folder, {build_id, source.name, stat, state.fold64_value()});
    }
  }
  return digests;
}

// The digests of the last load_catalog, for the JSON echo (catalog_file_digests), and whether
// they include FNV-1a.
struct LoadedDigests {
  std::vector<catalog::image::SourceDigest> files;
  bool with_fnv = false;
  bool loaded = false;
  std::string image_name;  // the parsed-catalog image's file name; "" when the cache is off or unkeyed
};
LoadedDigests& loaded_digests() {
  static LoadedDigests digests;
  return digests;
}
bool fnv_requested = false;

std::vector<render::CatalogFile> echo_of(const std::vector<catalog::image::SourceDigest>& digests) {
  std::vector<render::CatalogFile> files;
  files.reserve(digests.size());
  for (const auto& file : digests) files.push_back({file.name, fmt::format("fnv1a64:{:016x}", file.fnv1a64)});
  return files;
}
}  // namespace

void request_catalog_file_digests() { fnv_requested = true; }

std::string loaded_catalog_image_name() { return loaded_digests().loaded ? loaded_digests().image_name : ""; }

void forget_loaded_catalog_files() {
  loaded_digests() = {};
  fnv_requested = false;
}

std::string catalog_cache_folder(const GlobalOptions& globals) {
  if (globals.no_cache) return "";  // --no-cache, or GPUSELECT_NO_CACHE (its row's environment variable)
  return user_folder("XDG_CACHE_HOME", ".cache");
}

std::vector<render::CatalogFile> catalog_file_digests(const GlobalOptions& globals) {
  if (const LoadedDigests& loaded = loaded_digests(); loaded.loaded && loaded.with_fnv) return echo_of(loaded.files);
  // No catalog loaded with its FNV-1a digests in this process: read the files for them.
  ReadSources read = read_catalog_sources(globals, {});
  const auto states = digest_as_read(read, true);
  return echo_of(finish_digests(read, states));
}

namespace {
// -v, once the catalog is loaded: the config file and every catalog source it read, in load order,
// with its digest (the same as the JSON echo's); the price update says so; whether the parsed-catalog
// cache served it. -vv: each setting with its origin and the records loaded.
void log_sources(const GlobalOptions& globals, std::string_view cache, const catalog::Catalog& catalog) {
  const auto& settings = globals.settings;
  std::string searched;
  for (const auto& path : settings.searched) searched += (searched.empty() ? "" : ", ") + path;
  spdlog::info("config file: {} (searched: {})", settings.config_file.empty() ? "none" : settings.config_file,
               searched.empty() ? "no path, neither XDG_CONFIG_HOME nor HOME is set" : searched);
  const auto update = price_update_in_use(globals);
  for (const auto& file : catalog_file_digests(globals)) {
    const bool is_update = update && file.name == update->path;
    spdlog::info("catalog: {} {}{}", file.name, file.digest,
                 is_update ? fmt::format(" (prices from 'gpuselect catalog update', {})", update->as_of) : "");
  }
  if (!update && !globals.no_price_update) spdlog::info("price update: none stored ('gpuselect catalog update')");
  spdlog::info("catalog cache: {}", cache);
  for (const auto& row : setting_fields()) {
    const Setting& setting = settings.*row.field;
    spdlog::debug("setting {}: {} ({})", row.name, setting.value.empty() ? "(the profile's)" : setting.value,
                  setting.origin);
  }
  spdlog::debug("catalog loaded: {} GPUs, {} providers, {} offerings, {} models", catalog.gpus.size(),
                catalog.providers.size(), catalog.offerings.size(), catalog.models.size());
}
}  // namespace

namespace {
// Whether the sources can be digested before they are parsed: files, not streams (a pipe's bytes
// would be gone).
bool all_rereadable(const ReadSources& read) {
  return std::none_of(read.files.begin(), read.files.end(), [](const auto& file) { return file->is_stream(); });
}

// The catalog the files parse to, and what the -v log says about the cache.
struct Loaded {
  catalog::Catalog catalog;
  std::string cache;
};

Loaded load_sources(const GlobalOptions& globals, const std::vector<std::string>& extra_files) {
  ReadSources read = read_catalog_sources(globals, extra_files);
  if (read.sources.empty()) {
    throw Error::said("--no-builtin-catalog", text::words(text::Msg::err_no_catalog), text::words(text::Msg::hint_no_catalog));
  }
  // The parsed-catalog cache (docs/performance.md): keyed by the build and every source's digest.
  std::string folder = catalog_cache_folder(globals);
  std::string cache = folder.empty() ? "off" : "none (a stream is read, or the program has no build id)";
  if (!folder.empty() && (io::program_build_id().empty() || !all_rereadable(read))) folder.clear();
  std::optional<std::vector<catalog::image::SourceDigest>> checked;
  std::size_t memoised = 0;
  if (!folder.empty()) checked = digests_in_place(read, folder, memoised);
  if (!folder.empty() && !checked) {
    cache = "ignored (a catalog file shrank while read), parsing";
    read = read_catalog_sources(globals, extra_files);  // read again from the first byte, to parse
  }
  if (checked) {
    catalog::image::Key key{io::program_build_id(), std::move(*checked)};
    const std::string path = folder + "/" + catalog::image::file_name(key);
    const io::MappedFile file(path);
    // The records the image rebuilds and the ranking's arrays take up to about four times its size
    // (50k: a 17 MB image); at least 8 MiB, the least heap_in_huge_pages takes: the built-in
    // catalog's ranking grows the heap by ~4 MB, which in 4 KiB pages was ~450 of a warm built-in
    // recommend's ~675 page faults (issue 33 part P).
    constexpr std::size_t least_heap_bytes = std::size_t{8} << 20;
    io::heap_in_huge_pages(std::max(4 * file.bytes().size(), least_heap_bytes));
    const auto release = [&file](std::size_t offset, std::size_t size) { file.release(offset, size); };
    // The image's memo: its checksum, while fstat says of it what it said when the checksum was
    // taken (the rule of the sources' memos; an image is replaced by rename, a new inode).
    const std::string& build_id = io::program_build_id();
    std::optional<std::uint64_t> trusted_checksum;
    if (file.stat()) {
      const io::MappedFile memo(folder + "/" + catalog::image::memo_file_name(path));
      trusted_checksum = catalog::image::memoised_fold64(memo.bytes(), build_id, path, file_stat(*file.stat()));
    }
    if (auto decoded = catalog::image::decode(file.bytes(), key, release, trusted_checksum)) {
      io::FileStream::Stat after;
      if (decoded->checksum_taken && file.stat() && io::stat_path(path, after) &&
          file_stat(after) == file_stat(*file.stat()) && catalog::image::memo_settled(file_stat(after), now_ns())) {
        write_memo(folder, {build_id, path, file_stat(after), decoded->checksum});
      }
      loaded_digests() = {std::move(decoded->sources), true, true, catalog::image::file_name(key)};
      return {std::move(decoded->catalog),
              fmt::format("used {}; {} of {} catalog files digested from their memo; its checksum {}", path, memoised,
                          read.files.size(), decoded->checksum_taken ? "taken" : "from its memo")};
    }
    cache = (file.empty() ? "missed, " : "ignored (stale or damaged), ") + std::string("writing ") + path;
    read = read_catalog_sources(globals, extra_files);  // read again, to parse
  }
  const bool with_fnv = !folder.empty() || fnv_requested || globals.verbose >= 1;
  const auto states = digest_as_read(read, with_fnv);
  catalog::LoadResult result = catalog::load(read.sources, load_limits);
  // A broken stored update stops nothing: the run goes on with the built-in and named catalogs.
  if (const auto update = price_update_in_use(globals); update && !result.ok()) {
    const auto in_update = std::find_if(result.diagnostics.begin(), result.diagnostics.end(), [&](const Diagnostic& d) {
      return d.severity == Severity::error && d.file.str() == update->path;
    });
    if (in_update != result.diagnostics.end()) {
      const text::Words message = in_update->said ? in_update->said->what : text::Words(in_update->message);
      warn_update_left_out(globals, update->path,
                           in_update->line > 0 ? text::composed(text::Msg::reason_at_line, in_update->line, message)
                                               : message);
      return load_sources(globals, extra_files);  // price_update_in_use now leaves it out
    }
  }
  const auto first_error = std::find_if(result.diagnostics.begin(), result.diagnostics.end(),
                                        [](const Diagnostic& d) { return d.severity == Severity::error; });
  if (first_error != result.diagnostics.end()) {
    const auto error_count = std::count_if(result.diagnostics.begin(), result.diagnostics.end(),
                                           [](const Diagnostic& d) { return d.severity == Severity::error; });
    const Diagnostic& first = *first_error;
    const text::Words what = first.said ? first.said->what : text::Words(first.message);
    text::Words hint = first.said ? first.said->hint : text::Words(first.hint);
    if (error_count > 1) {
      hint = text::Words::in_each([&](text::Lang lang) {
        std::string more = text::say(lang, text::Msg::hint_more_errors, hint.say(lang), error_count - 1);
        if (more.starts_with(' ')) more.erase(0, 1);  // no hint of its own: the count alone
        return more;
      });
    }
    std::string where = first.file;
    if (first.line > 0) where += fmt::format(":{}:{}", first.line, first.column);
    throw Error::said(where, what, hint);
  }
  auto digests = finish_digests(read, states);
  std::string image_name;
  if (!folder.empty()) {
    // Keyed by the digests of the bytes parsed (a file changed since the check above gets the key
    // of what was parsed, never of what was checked).
    const catalog::image::Key key{io::program_build_id(), digests};
    image_name = catalog::image::file_name(key);
    const auto produce = [&](const io::Sink& write) { catalog::image::encode(result.catalog, key, write); };
    if (!io::write_cache_file(folder, image_name, produce)) {
      cache = "not written (" + folder + " is not writable)";
    }
  }
  loaded_digests() = {std::move(digests), with_fnv, true, std::move(image_name)};
  return {std::move(result.catalog), cache};
}
}  // namespace

catalog::Catalog load_catalog(const GlobalOptions& globals, const std::vector<std::string>& extra_files) {
  Loaded loaded = load_sources(globals, extra_files);
  if (globals.verbose >= 1 && !globals.quiet) log_sources(globals, loaded.cache, loaded.catalog);
  catalog::Catalog& catalog = loaded.catalog;
  const auto statistic = catalog::parse_spot_statistic(globals.spot_price);
  if (!statistic) {
    throw Error::said("--spot-price", text::words(text::Msg::err_not_spot_statistic, text::quoted(globals.spot_price)),
                      one_of_words({"median", "min"}));
  }
  catalog::rank_spot_by(catalog, *statistic);
  // --include-unlisted: offerings a newer price list left out rank again (scoring excludes marked ones).
  if (globals.include_unlisted) {
    for (auto& offering : catalog.offerings) offering.unlisted.clear();
  }
  return std::move(catalog);
}

}  // namespace gpuselect::cli
