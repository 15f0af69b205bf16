#pragma once
// Shared pieces of the subcommands: global options, the subcommand table entry, and helpers every
// cmd_<name>.cpp uses: loading the catalog (catalog_sources.cpp), output options (output_options.cpp),
// writing output (stdout_writer.cpp), flag values (value_parsers.cpp), today and values kept until
// exit (process.cpp), the workload flags (workload_flags.hpp, from the table in src/workload/flags.cpp).
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/settings.hpp"
#include "cli/workload_flags.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/ranges.hpp"
#include "gpuselect/render.hpp"
#include "gpuselect/workload.hpp"
#include "io/files.hpp"

namespace gpuselect::cli {

// Options that every subcommand accepts (defined on the top-level app, usable after the subcommand).
struct GlobalOptions {
  std::vector<std::string> catalog_files;  // --catalog, in order
  bool no_builtin_catalog = false;
  bool no_price_update = false;  // --no-price-update: leave out `catalog update`'s overlay
  bool no_cache = false;         // --no-cache: parse the catalog files, neither reading nor writing the cache
  std::string spot_price = "median";  // --spot-price median|min: which per-region spot statistic ranks
  bool include_unlisted = false;      // --include-unlisted: rank offerings a newer price list left out
  std::string config_path;  // --config
  int verbose = 0;          // -v, repeatable
  bool quiet = false;
  std::string color = "auto";  // --color auto|always|never
  std::string lang;            // --lang en|zh-CN; "" = the config's lang, else the locale's
  Settings settings;           // config file + defaults, filled before a command runs
  std::vector<std::string> arguments;  // argv after the program name, as given (the HTML report's header)
};

using Runner = std::function<int()>;

// One row of the subcommand table: its name, one-line summary, and a setup function that adds its
// options to `command` and returns the runner to call when it was chosen.
struct Subcommand {
  const char* name;
  const char* summary;
  Runner (*setup)(CLI::App& command, GlobalOptions& globals);
};

// The table (cmd_table.cpp): every subcommand, in --help order.
const std::vector<Subcommand>& subcommands();

// Each cmd_<name>.cpp defines one of these.
Runner setup_recommend(CLI::App& command, GlobalOptions& globals);
Runner setup_estimate(CLI::App& command, GlobalOptions& globals);
Runner setup_compare(CLI::App& command, GlobalOptions& globals);
Runner setup_catalog(CLI::App& command, GlobalOptions& globals);
Runner setup_config(CLI::App& command, GlobalOptions& globals);
Runner setup_completion(CLI::App& command, GlobalOptions& globals);
// `gpuselect __complete WORDS...` (called by the completion scripts): the candidates for the last
// word, one per line, given the words before it. Never fails on a broken catalog.
int run_complete(const CLI::App& root, const std::vector<std::string>& words);

// Catalog files in load order: built-in (unless --no-builtin-catalog), config `catalogs`,
// GPUSELECT_CATALOG (colon-separated), --catalog. Reads them (src/io) and loads them. Throws Error
// with the first diagnostic when loading fails (the CLI prints it as one line and exits 2).
// A stored `catalog update` file that fails to open or load is left out with one warning naming it
// and the ways out (docs/hardening.md "The price store"), so ranking goes on without it.
catalog::Catalog load_catalog(const GlobalOptions& globals, const std::vector<std::string>& extra_files = {});
// The built-in catalog with one more file: how `catalog update` checks a new price file (and
// reads the stored one) with the loader every command uses. Throws Error when `path` cannot be opened.
catalog::LoadResult load_builtin_with(const std::string& path);
// Moves `value` to the heap and never destroys it. A command runs once and the process exits: the
// kernel releases a large catalog or ranking at once, where their destructors would free it object
// by object (about 5% of a recommend over 50,000 offerings). Kept reachable from a global list, so
// leak checkers do not report it.
std::vector<const void*>& objects_kept_until_exit();
template <typename T>
const T& keep_until_exit(T value) {
  const T* kept = new T(std::move(value));
  objects_kept_until_exit().push_back(kept);
  return *kept;
}

// The same list of sources, read, with each name; for `catalog validate`.
struct ReadSources {
  std::vector<std::unique_ptr<io::FileStream>> files;  // the files the sources read from
  std::vector<catalog::SourceText> sources;
};
ReadSources read_catalog_sources(const GlobalOptions& globals, const std::vector<std::string>& files,
                                 bool include_configured = true);

// The catalog files the last load_catalog read, in the same order, each with an FNV-1a 64-bit digest
// of the bytes it read (for the JSON echo of recommend and compare). The digests are taken while the
// files are read (or come from the parsed-catalog cache, which stored them); call
// request_catalog_file_digests() before load_catalog so they are. Without a load that took them,
// the files are read for them.
std::vector<render::CatalogFile> catalog_file_digests(const GlobalOptions& globals);
void request_catalog_file_digests();
// The parsed-catalog cache's folder ($XDG_CACHE_HOME/gpuselect, else ~/.cache/gpuselect), or ""
// when the cache is off: --no-cache, GPUSELECT_NO_CACHE set (and not "0"), or neither variable set.
std::string catalog_cache_folder(const GlobalOptions& globals);

// --format / --output / --top / --color handling shared by data-printing commands.
struct OutputOptions {
  std::string format;                 // empty = config or table
  std::optional<std::string> output;  // --output/-o; none or "-" = stdout
  std::string top;                    // text, validated: a positive number or "all"
  bool pretty = false;                // --pretty: indented JSON
};
void add_output_options(CLI::App& command, OutputOptions& options, bool with_top,
                        const std::vector<std::string>& formats);
render::Format resolve_format(const OutputOptions& options, const GlobalOptions& globals,
                              const std::vector<std::string>& allowed);
// The format resolve_format gives, or nothing where it throws (its error is reported where it is called).
std::optional<render::Format> format_if_valid(const OutputOptions& options, const GlobalOptions& globals,
                                              const std::vector<std::string>& allowed);
// The language of human output: --lang, else the config's lang, else the locale's (Settings::lang);
// an unknown name is an error at where it was given.
text::Lang resolve_lang(const GlobalOptions& globals);
render::Style make_style(const OutputOptions& options, const GlobalOptions& globals, render::Format format);
// Writes the text to stdout (no --output, or "-"), or to --output as io::write_output does. The
// human formats (table, markdown, csv) pass through render::terminal_safe first. Every failure
// throws Error(kind io): "stdout: <strerror>" or "--output: ...".
void emit(const OutputOptions& options, const std::string& text, std::optional<render::Format> format = std::nullopt,
          bool color = false);
// Writes to standard output and flushes; throws Error(io, "stdout", strerror) when that fails.
void write_stdout(std::string_view text);
// At exit: flushes stdout and reports a write error no one checked yet (--help, --version);
// returns the exit code to use.
// `earlier_errno`: errno right after an unchecked write (CLI11's help), used when fflush finds
// the error already set.
int finish_stdout(int exit_code, int earlier_errno = 0);
// The same for output written as it is made (JSON of a large ranking or catalog): human formats
// pass through render::terminal_safe line by line. Call it only once every input is checked: what
// `draw` wrote to stdout before a failure stays there (--output stays atomic).
void emit_streamed(const OutputOptions& options, render::Format format, bool color,
                   const std::function<void(std::ostream&)>& draw);

// Parsers for flag values: Error(where = flag) with what to do.
// A number in C locale checked against its row of ranges::table (one place for every range).
// parse_number_of only reads it (a finite number; the row names the example): for values that the
// library range-checks itself (--min-headroom: workload::resolve and scoring::check_constraints).
double parse_number_of(const std::string& text, const std::string& where, ranges::Quantity quantity);
double parse_quantity(const std::string& text, const std::string& where, ranges::Quantity quantity);
int parse_whole_quantity(const std::string& text, const std::string& where, ranges::Quantity quantity);
std::vector<std::string> split_list(const std::string& text);
// A CLI11 check that rejects an empty value.
const CLI::Validator& non_empty_value();

// Today's date (UTC) as YYYY-MM-DD, or GPUSELECT_TODAY when set (tests pin it).
std::string today_utc();
// "gpuselect" and `arguments`, each quoted for a POSIX shell where it needs it ('it'\''s'), control
// characters neutralised: a command a reader of the HTML report can paste.
std::string shell_command_line(const std::vector<std::string>& arguments);

}  // namespace gpuselect::cli
