// Helpers shared by the subcommands: catalog sources, output, value parsing.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include <fmt/format.h>

#include "cli/app.hpp"
#include "cli/catalog_update.hpp"
#include "cli/command.hpp"
#include "cli/option_values.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"
#include "io/files.hpp"

namespace gpuselect::cli {

namespace {
const catalog::LoadLimits load_limits{};
}  // namespace

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
    if (const auto update = price_update_in_use(globals)) {
      read.files.insert(read.files.begin(), std::make_unique<io::FileStream>(update->path, load_limits.max_file_bytes));
      paths.insert(paths.begin(), update->path);
    }
  }
  for (std::size_t i = 0; i < paths.size(); ++i) {
    io::FileStream* file = read.files[i].get();
    read.sources.emplace_back(
        paths[i], [file](char* buffer, std::size_t size) { return file->read(buffer, size); }, file->size());
  }
  return read;
}

std::vector<render::CatalogFile> catalog_file_digests(const GlobalOptions& globals) {
  ReadSources read = read_catalog_sources(globals, {});
  std::vector<render::CatalogFile> files;
  files.reserve(read.sources.size());
  // FNV-1a, 64-bit (offset basis and prime from the FNV reference): a content identity, not a
  // security hash.
  constexpr std::uint64_t offset_basis = 14695981039346656037ull;
  constexpr std::uint64_t prime = 1099511628211ull;
  std::vector<char> buffer(1u << 16);
  for (auto& source : read.sources) {
    std::uint64_t hash = offset_basis;
    const auto add = [&](const char* data, std::size_t size) {
      for (std::size_t i = 0; i < size; ++i) {
        hash ^= static_cast<unsigned char>(data[i]);
        hash *= prime;
      }
    };
    if (source.read) {
      for (std::size_t got = source.read(buffer.data(), buffer.size()); got > 0;
           got = source.read(buffer.data(), buffer.size()))
        add(buffer.data(), got);
    } else {
      add(source.text.data(), source.text.size());
    }
    files.push_back({source.name, fmt::format("fnv1a64:{:016x}", hash)});
  }
  return files;
}

std::vector<const void*>& objects_kept_until_exit() {
  static auto* kept = new std::vector<const void*>();
  return *kept;
}

catalog::Catalog load_catalog(const GlobalOptions& globals, const std::vector<std::string>& extra_files) {
  const ReadSources read = read_catalog_sources(globals, extra_files);
  if (read.sources.empty()) {
    throw Error("--no-builtin-catalog", "no catalog to read", "give --catalog FILE or drop --no-builtin-catalog");
  }
  catalog::LoadResult result = catalog::load(read.sources, load_limits);
  const auto first_error = std::find_if(result.diagnostics.begin(), result.diagnostics.end(),
                                        [](const Diagnostic& d) { return d.severity == Severity::error; });
  if (first_error != result.diagnostics.end()) {
    const auto error_count = std::count_if(result.diagnostics.begin(), result.diagnostics.end(),
                                           [](const Diagnostic& d) { return d.severity == Severity::error; });
    std::string hint = first_error->hint;
    if (error_count > 1) {
      hint += (hint.empty() ? "" : " ") +
              fmt::format("({} more; run 'gpuselect catalog validate' to list them all)", error_count - 1);
    }
    std::string where = first_error->file;
    if (first_error->line > 0) where += fmt::format(":{}:{}", first_error->line, first_error->column);
    throw Error(where, first_error->message, hint);
  }
  return std::move(result.catalog);
}

const CLI::Validator& non_empty_value() {
  // An empty value ("--params ''") is a mistake, not "flag not given"; app.cpp adds it to every option.
  static const CLI::Validator validator(
      [](const std::string& value) { return value.empty() ? std::string("the value is empty") : std::string(); }, "",
      "non-empty");
  return validator;
}

void add_output_options(CLI::App& command, OutputOptions& options, bool with_top,
                        const std::vector<std::string>& formats) {
  command.add_option("--format", options.format, "Output format (default table)")
      ->type_name(type_with_choices("FORMAT", formats));
  command.add_option("--output,-o", options.output,
                     "Write to FILE (atomically for a regular file; - is standard output; docs/hardening.md)");
  if (with_top) {
    command
        .add_option("--top", options.top,
                    "Ranked rows shown, or 'all' (table, markdown, html: default 10 or the config's top; json, csv: "
                    "default all)");
  }
  if (std::find(formats.begin(), formats.end(), "json") != formats.end())
    command.add_flag("--pretty", options.pretty, "Indent JSON for people (default compact, one line)");
}

render::Format resolve_format(const OutputOptions& options, const GlobalOptions& globals,
                              const std::vector<std::string>& allowed) {
  const bool from_flag = !options.format.empty();
  const std::string text = from_flag ? options.format : globals.settings.format.value;
  const std::string where = from_flag ? "--format" : globals.settings.format.origin;
  const auto format = render::parse_format(text);
  if (!format || std::find(allowed.begin(), allowed.end(), text) == allowed.end()) {
    // A config default that this command does not print falls back to table.
    if (!from_flag && format) return render::Format::table;
    throw unknown_id(where, "format", text, allowed, one_of(allowed));
  }
  return *format;
}

render::Style make_style(const OutputOptions& options, const GlobalOptions& globals, render::Format format) {
  render::Style style;
  const bool to_terminal = (!options.output || *options.output == "-") && io::is_terminal(STDOUT_FILENO);
  // A terminal's width (COLUMNS wins); output for a pipe or file is not truncated unless COLUMNS is set.
  constexpr int unlimited_width = 100000;
  const char* columns = std::getenv("COLUMNS");
  style.width =
      to_terminal || (columns != nullptr && *columns != '\0') ? io::terminal_width(STDOUT_FILENO) : unlimited_width;
  const bool color_from_flag = globals.color != "auto";
  const std::string color = color_from_flag ? globals.color : globals.settings.color.value;
  if (color == "always") {
    style.color = true;
  } else if (color == "never") {
    style.color = false;
  } else if (color == "auto") {
    const char* no_color = std::getenv("NO_COLOR");
    style.color = to_terminal && (no_color == nullptr || *no_color == '\0');
  } else {
    throw unknown_choice(color_from_flag ? "--color" : globals.settings.color.origin, "color mode", color, "",
                         "--color");
  }
  style.color = style.color && format == render::Format::table;
  style.pretty = options.pretty;
  if (options.top == "all") {
    style.top = 0;
  } else if (!options.top.empty()) {
    style.top = parse_whole_quantity(options.top, "--top", ranges::Quantity::top);
    style.machine_top = style.top;
  } else {
    style.top = parse_whole_quantity(globals.settings.top.value, globals.settings.top.origin, ranges::Quantity::top);
  }
  return style;
}

namespace {
constexpr const char* stdout_hint = "check free space, and that the program reading the pipe is still running";

[[noreturn]] void stdout_failure(int error_number) {
  throw Error(ErrorKind::io, "stdout", std::strerror(error_number), stdout_hint);
}
}  // namespace

void write_stdout(std::string_view text) {
  errno = 0;
  const std::size_t put = std::fwrite(text.data(), 1, text.size(), stdout);
  if (put != text.size() || std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    stdout_failure(errno != 0 ? errno : EIO);
  }
}

int finish_stdout(int exit_code, int earlier_errno) {
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    const int error_number = errno != 0 ? errno : earlier_errno != 0 ? earlier_errno : EIO;
    std::clearerr(stdout);
    if (exit_code != exit_ok) return exit_code;  // the first error was reported already
    std::fprintf(stderr, "gpuselect: error: %s\n",
                 Error(ErrorKind::io, "stdout", std::strerror(error_number), stdout_hint).line().c_str());
    return exit_io;
  }
  return exit_code;
}

void emit(const OutputOptions& options, const std::string& text, std::optional<render::Format> format, bool color) {
  const bool human = format && *format != render::Format::json && *format != render::Format::html;
  const std::string safe = human ? render::terminal_safe(text, *format, color) : std::string();
  const std::string& shown = human ? safe : text;
  if (!options.output || *options.output == "-") {
    write_stdout(shown);
    return;
  }
  io::write_output(*options.output, shown);
}

void emit_streamed(const OutputOptions& options, render::Format format, bool color,
                   const std::function<void(std::ostream&)>& draw) {
  const bool human = format != render::Format::json && format != render::Format::html;
  const io::Draw safe_draw = [&](std::ostream& out) {
    if (!human) {
      draw(out);
      return;
    }
    render::TerminalSafeBuffer filter(out, format, color);
    std::ostream filtered(&filter);
    draw(filtered);
    filter.finish();
  };
  if (!options.output || *options.output == "-") {
    std::fflush(stdout);  // whatever stdio holds goes first
    io::write_descriptor(STDOUT_FILENO, "stdout", safe_draw, stdout_hint);
    return;
  }
  io::write_output_streamed(*options.output, safe_draw);
}

double parse_number_of(const std::string& text, const std::string& where, ranges::Quantity quantity) {
  return ranges::read(quantity, text, where);
}

double parse_quantity(const std::string& text, const std::string& where, ranges::Quantity quantity) {
  return ranges::parse(quantity, text, where);
}

int parse_whole_quantity(const std::string& text, const std::string& where, ranges::Quantity quantity) {
  // Every whole-number range ends far below INT_MAX (ranges.cpp), so the conversion is exact.
  return static_cast<int>(parse_quantity(text, where, quantity));
}

std::vector<std::string> split_list(const std::string& text) { return text::split_list(text); }

std::string today_utc() {
  if (const char* pinned = std::getenv("GPUSELECT_TODAY"); pinned != nullptr && *pinned != '\0') {
    if (!catalog::days_between(pinned, pinned)) {
      throw Error("GPUSELECT_TODAY", text::quoted(pinned) + " is not a date", "write YYYY-MM-DD");
    }
    return pinned;
  }
  const auto today = std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now());
  const std::chrono::year_month_day date{today};
  return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                     static_cast<unsigned>(date.day()));
}

}  // namespace gpuselect::cli
