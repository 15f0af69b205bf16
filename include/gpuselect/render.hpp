#pragma once
// Renderers: one per format, all driven by the same values. They write to an ostream and never
// touch files or the terminal themselves (width and colour are passed in).
#include <cstdint>
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "gpuselect/board.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/catalog_format.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/estimate.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/workload.hpp"

namespace gpuselect::render {

enum class Format : std::uint8_t { table, json, csv, markdown, html };
std::string_view to_string(Format format);
std::optional<Format> parse_format(std::string_view text);
std::vector<std::string> format_names();
// The documents the commands print; each renders the formats its row in formats.cpp names.
enum class Document : std::uint8_t {
  recommend,
  compare,
  estimate,
  catalog_listing,     // catalog list, gpus, providers, models
  catalog_record,      // catalog show
  catalog_validation,  // catalog validate
  config,              // config show
};
// The --format names `document` accepts, in Format's order (the first is the default): what
// --help, completion and the "choose one of" hint list.
std::vector<std::string> formats_of(Document document);
// The human formats (table, markdown, csv) as they reach a terminal or a spreadsheet: every
// character text::neutralise replaces becomes '?', keeping line ends ("\r\n" in csv), tabs as one
// space, and, when `color` is on, the renderers' own SGR colour sequences. json and html are
// escaped by their writers and returned unchanged.
std::string terminal_safe(std::string_view text, Format format, bool color);

// terminal_safe for output made as it is written: what is written to this buffer reaches `out`
// line by line (a line is never split, so "\r\n" and UTF-8 sequences stay whole); finish() writes
// the last line when it has no line end.
class TerminalSafeBuffer : public std::streambuf {
 public:
  TerminalSafeBuffer(std::ostream& out, Format format, bool color) : out_(out), format_(format), color_(color) {}
  void finish();

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* text, std::streamsize size) override;

 private:
  void flush_lines();
  std::ostream& out_;
  Format format_;
  bool color_;
  std::string pending_;
};

// The width of human output written to a pipe or file (no terminal, no COLUMNS): wide enough for a
// recommend table with every column on one line per row, well under the 200 characters a line of
// human output may have (docs/output.md "Width").
inline constexpr int pipe_width_columns = 160;

struct Style {
  int width = 100;     // terminal columns for table output
  bool color = false;  // ANSI colour
  int top = 10;        // ranked rows shown (table, markdown, html); 0 = all
  // Ranked rows in json and csv: 0 = every candidate. Only --top sets it (a CI script reads the whole
  // ranking unless it asks for less; the config file's `top` is for people).
  int machine_top = 0;
  bool pretty = false;  // JSON indented by 2 (--pretty); compact by default
  bool show_excluded = false;
  bool show_pareto = false;
  std::string generated_by = "gpuselect";  // with version, for html/markdown footers
  // The language of the human formats (table, markdown, html); JSON and CSV are the same in every
  // language but for JSON's "lang" echo.
  text::Lang lang = text::Lang::en;
};

// Prices from `gpuselect catalog update` overlaid on the catalog: the header and JSON say so.
struct PriceUpdate {
  std::string path;   // the file overlaid
  std::string as_of;  // YYYY-MM-DD it was made
};

// A catalog file a ranking read, for the JSON echo: its name and a digest of its bytes.
struct CatalogFile {
  std::string name;
  std::string digest;  // "fnv1a64:0123456789abcdef"
};

// What `recommend` and `compare` show: the job, the ranking, and the catalog it refers to; the
// options and catalog_files (may be empty) are echoed in JSON so a CI log can reproduce the ranking.
// The view refers to values the caller keeps alive while it renders.
struct RecommendView {
  const catalog::Catalog& catalog;
  const workload::Profile& profile;
  const scoring::Ranking& ranking;
  const scoring::Options& options;
  std::vector<CatalogFile> catalog_files = {};
  std::optional<PriceUpdate> price_update = std::nullopt;  // none: no update overlaid
  // The command as typed, quoted for a POSIX shell ("gpuselect recommend -w llm-finetune ..."), for the
  // HTML report's header; "" (a library caller): not shown.
  std::string command_line = {};
};

// JSON documents (docs/output.schema.json); "schema_version" first; deterministic. recommend and
// compare (schema_version 2) are written by a streaming writer (render::recommend with Format::json);
// these return the same document as a tree, for tests and small callers.
nlohmann::ordered_json recommend_json(const RecommendView& view);
nlohmann::ordered_json estimate_json(const catalog::Catalog& catalog, const workload::Profile& profile,
                                     const estimate::Estimate& estimate, const catalog::Offering* offering);
nlohmann::ordered_json compare_json(const RecommendView& view);

// Any format of each document.
void recommend(std::ostream& out, Format format, const RecommendView& view, const Style& style);
// What recommend() prints of a ranking in `format` under `style`, for scoring::Options::printed: the
// rows it prints in full (table, markdown, HTML: style.top; JSON, CSV: style.machine_top), whether it
// explains them (all but CSV), and whether it lists the exclusions (JSON always; table, markdown,
// HTML with show_excluded; CSV never).
scoring::Options::Printed printed_parts(Format format, const Style& style);
void estimate(std::ostream& out, Format format, const catalog::Catalog& catalog, const workload::Profile& profile,
              const estimate::Estimate& estimate, const catalog::Offering* offering, const Style& style);
void compare(std::ostream& out, Format format, const RecommendView& view, const Style& style);

// Catalog listings (`catalog list/gpus/providers/show`): table, json, csv.
// `catalog list`: the price board's rows, or its groups with --group-by (docs/cli.md).
// `currency` (--currency, an ISO code the catalog has a rate for): every price of the table, markdown,
// HTML and CSV converted to it at the catalog's per-USD rates, as recommend's; "" = each row in its
// provider's currency and the groups in USD. JSON keeps the catalog's prices with their currency.
void price_board(std::ostream& out, Format format, const catalog::Catalog& catalog, const board::Board& board,
                 const Style& style, std::string_view currency = {});
void gpus(std::ostream& out, Format format, const catalog::Catalog& catalog, const Style& style);
void providers(std::ostream& out, Format format, const catalog::Catalog& catalog, const Style& style);
void models(std::ostream& out, Format format, const catalog::Catalog& catalog, const Style& style);
// One record (`catalog show`) as indented "key: value" lines, nested objects flattened with dots.
void record(std::ostream& out, const nlohmann::ordered_json& document, const Style& style);
// `catalog show ID` in table or json: the offering (with its provider and GPU), GPU, provider or
// model of that id and where it was defined; false, writing nothing, when the catalog has none.
bool catalog_show(std::ostream& out, Format format, const catalog::Catalog& catalog, std::string_view id,
                  const Style& style);

// `catalog validate`, as the command decided it (docs/cli.md "catalog validate").
struct ValidateReport {
  std::vector<std::string> files;              // the sources, in load order
  const DiagnosticSummary* summary = nullptr;  // the findings listed and the kinds counted
  std::size_t errors = 0, warnings = 0;        // found, kept or not
  std::size_t not_shown = 0;                   // found beyond the kept ones
  std::size_t kept_limit = 0;                  // how many are kept (max_kept_diagnostics)
  std::size_t builtin_hidden = 0;              // the built-in catalog's findings left out
  bool valid = true;
  std::size_t gpus = 0, providers = 0, offerings = 0, models = 0;  // records loaded
};
// The catalog-validate JSON document (docs/output.schema.json), streamed.
void validate_json(std::ostream& out, const ValidateReport& report, const Style& style);
// The findings as lines for stderr, in `lang`: each listed one, then each counted kind, then what was
// not kept.
std::string validate_findings(const ValidateReport& report, text::Lang lang);
// The closing line, "valid: 2 files, 4 GPUs, ...; 0 errors, 1 warnings", with a newline, in `lang`.
std::string validate_summary(const ValidateReport& report, text::Lang lang);

// `config show`: each effective setting with where it came from, then the catalog files read.
struct SettingRow {
  std::string name;    // "currency"; "catalog" for each catalogs entry
  std::string value;   // "" = the profile's (weights)
  std::string origin;  // "default", "config.yaml:3:10", "flag --color"
};
struct ConfigView {
  std::string config_file;  // "" when none was read
  std::vector<SettingRow> settings;
  std::vector<SettingRow> catalogs;
  std::vector<std::string> searched;  // where a config file was looked for, in order
};
// table or json (document "config", schema_version 1).
void config(std::ostream& out, Format format, const ConfigView& view, const Style& style);

// Serialise JSON the same way everywhere: compact, or with a 2-space indent when `pretty`; numbers
// locale-independent; newline at end.
void write_json(std::ostream& out, const nlohmann::ordered_json& document, bool pretty);

// Display width of UTF-8 text in terminal columns (East Asian wide and fullwidth count 2).
int display_width(std::string_view utf8);
// `text` (one line) in lines of at most `width` display columns: breaks at spaces, between Chinese
// characters but never before closing punctuation (，。；：、）) or after opening (（), and inside a
// word only when it alone is wider than the line (the tables' and --help's wrapping).
std::vector<std::string> wrap_lines(std::string_view text, int width);

// A plain text table: pure, fits `width` by shrinking the widest flexible columns (cut with an
// ellipsis, or wrapped onto more lines when `wrap`), then any column that is not `whole`.
struct TextTable {
  enum class Align : std::uint8_t { left, right };
  struct Column {
    std::string header;
    Align align = Align::left;
    bool flexible = false;
    bool wrap = false;   // a cell wider than its column continues on the next lines (words kept whole)
    bool whole = false;  // never shrunk: an id people copy (the line may then be wider than `width`)
  };
  std::vector<Column> columns;
  std::vector<std::vector<std::string>> rows;
  std::string render(int width, bool color) const;
};

}  // namespace gpuselect::render
