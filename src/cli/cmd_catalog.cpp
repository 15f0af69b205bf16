// gpuselect catalog validate|list|show|gpus|providers|models|import: the catalog for team leads.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "cli/app.hpp"
#include "cli/catalog_update.hpp"
#include "cli/command.hpp"
#include "cli/option_choices.hpp"
#include "cli/option_table.hpp"
#include "cli/option_values.hpp"
#include "cli/resource_flags.hpp"
#include "gpuselect/board.hpp"
#include "gpuselect/catalog_format.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/format_traits.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/price_import.hpp"
#include "gpuselect/render.hpp"
#include "gpuselect/safe_text.hpp"
#include "io/files.hpp"

namespace gpuselect::cli {

using Q = ranges::Quantity;

namespace {

const std::vector<std::string> listing_formats = render::formats_of(render::Document::catalog_listing);
const std::vector<std::string> record_formats = render::formats_of(render::Document::catalog_record);
const std::vector<std::string> validation_formats = render::formats_of(render::Document::catalog_validation);

struct CatalogOptions {
  // validate
  std::vector<std::string> validate_files;
  bool strict = false;
  bool include_builtin = false;
  std::string stale_days = std::to_string(catalog::stale_price_days);
  std::string max_per_kind = "10";
  OutputOptions validate_output;
  // list
  std::string gpu, provider, region, pricing, sort = "gpu-price", group_by, currency;
  ResourceFlags resources;
  OutputOptions list_output;
  // show
  std::string show_id;
  OutputOptions show_output;
  OutputOptions gpus_output, providers_output, models_output;
  // import skypilot
  std::string import_file, import_provider, import_as_of, import_price_basis = "detect";
  bool import_strict = false;
  std::optional<std::string> import_to;  // --output/-o: the YAML's file
};

// Each subcommand's option table, in --help order (the output options are add_output_options').
const std::vector<OptionRow<CatalogOptions>>& validate_options() {
  static const std::vector<OptionRow<CatalogOptions>> rows = {
      {{"files", "Files to check on top of the built-in catalog"}, &CatalogOptions::validate_files, {.type = "FILE", .file = true}},
      {{"--strict", "Treat warnings as errors (exit 2)"}, &CatalogOptions::strict},
      {{"--include-builtin", "With named files, also report the built-in catalog's own findings"},
       &CatalogOptions::include_builtin},
      {{"--stale-days",
        "Warn when as_of is older than this (default " + std::to_string(catalog::stale_price_days) + ")"},
       &CatalogOptions::stale_days, {.type = "DAYS", .range = Q::stale_days}},
      {{"--max-per-kind", "List this many findings of one kind (same hint), count the rest (default 10; 0 = all)"},
       &CatalogOptions::max_per_kind, {.type = "COUNT", .range = Q::max_per_kind}},
  };
  return rows;
}

// catalog list: the filters before the resource options, the board's options after them.
const OptionRow<CatalogOptions> list_filters[] = {
    {{"--gpu", "Only these GPU ids or aliases (comma-separated)", "Filters"}, &CatalogOptions::gpu, {.type = "GPU[,...]", .ids = CatalogIds::gpu, .list = true}},
    {{"--provider", "Only these providers (comma-separated)", "Filters"}, &CatalogOptions::provider, {.type = "PROVIDER[,...]", .ids = CatalogIds::provider, .list = true}},
    {{"--region", "Only these regions (comma-separated; cn = mainland China); one line per region", "Filters"},
     &CatalogOptions::region, {.type = "REGION[,...]", .list = true}},
    {{"--pricing",
      "on-demand, spot, reserved-1y, reserved-3y, monthly, yearly, capacity-block (comma-separated) or any; default "
      "on-demand,spot",
      "Filters"},
     &CatalogOptions::pricing, {.type = "MODE[,...]", .choices = choices::pricing_names, .list = true}},
};
const OptionRow<CatalogOptions> board_options[] = {
    {{"--currency",
      "Show every price in this currency (ISO code or alias such as RMB) at the catalog's per-USD rates, as recommend "
      "does (default: the config's currency, else each provider's own)",
      "Board"},
     &CatalogOptions::currency, {.type = "CODE", .ids = CatalogIds::currency, .setting = "currency"}},
    {{"--sort", "price (per instance-hour), gpu-price (per GPU-hour, default), memory (most first), gpu, provider",
      "Board"},
     &CatalogOptions::sort, {.type = "KEY", .choices = choices::board_sort_names}},
    {{"--group-by", "One summary line per gpu, provider and/or region (comma-separated), as dstack offer --group-by",
      "Board"},
     &CatalogOptions::group_by, {.type = "FIELD[,...]", .choices = choices::board_group_names, .list = true}},
};

const OptionRow<CatalogOptions> show_options[] = {
    {{"id", "Offering, GPU, provider or model id", "", true}, &CatalogOptions::show_id, {.type = "ID", .ids = CatalogIds::any}},
};

// catalog import <importer>: the file's help names the importer's file kind.
std::vector<OptionRow<CatalogOptions>> import_options(const catalog::Importer& importer) {
  return {
      {{"file", std::string(importer.file_kind), "", true}, &CatalogOptions::import_file, {.type = "FILE", .file = true}},
      {{"--provider", "Provider id (default: the file's folder name)"}, &CatalogOptions::import_provider, {.type = "PROVIDER", .ids = CatalogIds::provider}},
      {{"--as-of", "Date the prices were read, YYYY-MM-DD (default today)"}, &CatalogOptions::import_as_of, {.type = "DATE"}},
      {{"--output,-o", "Write the YAML to FILE atomically"}, &CatalogOptions::import_to, {.type = "FILE", .file = true}},
      {{"--strict", "A row that cannot be read is an error (default: skipped)"}, &CatalogOptions::import_strict},
      {{"--price-basis",
        "Prices per instance or per GPU: detect (default), instance, gpu, or per cloud "
        "(mithril=instance,runpod=gpu)"},
       &CatalogOptions::import_price_basis, {.type = "BASIS", .choices = choices::price_basis_names}},
  };
}

std::string render_to_string(const std::function<void(std::ostream&)>& draw) {
  std::ostringstream text;
  draw(text);
  return text.str();
}

int run_validate(const CatalogOptions& options, const GlobalOptions& globals) {
  const int stale_after_days = parse_whole_quantity(options.stale_days, "--stale-days", ranges::Quantity::stale_days);
  // The configured catalog (built-in, price update, the config file's catalogs, GPUSELECT_CATALOG,
  // --catalog) and then the files named, so that they may refer to anything configured. The files
  // checked are the named ones, else the configured overlays (a team's CI runs
  // `GPUSELECT_CATALOG=team.yaml gpuselect catalog validate --strict`), else everything.
  std::vector<std::string> checked = options.validate_files;
  if (checked.empty()) {
    for (const auto& setting : globals.settings.catalogs) checked.push_back(setting.value);
    for (const auto& path : globals.catalog_files) checked.push_back(path);
  }
  const bool only_files = !checked.empty();
  const ReadSources read = read_catalog_sources(globals, options.validate_files, true);
  if (read.sources.empty()) {
    throw Error::said("--no-builtin-catalog", text::words(text::Msg::err_no_catalog_to_validate),
                      text::words(text::Msg::hint_no_catalog_to_validate));
  }
  catalog::LoadResult result = catalog::load(read.sources);
  // Notes (what an overlay did, e.g. a price that now applies in every region): shown, never counted.
  if (!globals.quiet) {
    for (const auto& note : result.notes) {
      const bool own = !only_files || std::any_of(checked.begin(), checked.end(), [&](const std::string& file) {
                         return note.starts_with(file + ":");
                       });
      if (own) std::fprintf(stderr, "%s\n", note.c_str());
    }
  }
  // Lint also runs when load found errors: a team lead sees every finding of a file at once, the
  // warnings beside the errors (lint reads only values and positions, never the references an
  // error may have left unresolved).
  DiagnosticCounts found = result.found;
  DiagnosticCounts linted;
  auto lint_findings = catalog::lint(result.catalog, today_utc(), stale_after_days, &linted);
  found.add(linted);
  const std::size_t room = max_kept_diagnostics - std::min(max_kept_diagnostics, result.diagnostics.size());
  for (std::size_t i = room; i < lint_findings.size(); ++i) {
    found.count_dropped(lint_findings[i].severity, lint_findings[i].hint);
  }
  lint_findings.resize(std::min(room, lint_findings.size()));
  result.diagnostics.insert(result.diagnostics.end(), lint_findings.begin(), lint_findings.end());
  // Named files: a team lead validates their own files; the built-in catalog's findings (stale
  // prices, its own warnings) are not theirs to fix and would keep --strict from ever passing, so
  // they are shown only with --include-builtin.
  std::size_t hidden = 0;
  if (only_files && !options.include_builtin) {
    const auto named = [&](const Diagnostic& d) {
      return std::find(checked.begin(), checked.end(), d.file.str()) != checked.end();
    };
    const auto kept = std::stable_partition(result.diagnostics.begin(), result.diagnostics.end(), named);
    hidden = static_cast<std::size_t>(result.diagnostics.end() - kept);
    // The hidden findings leave the counts too (those beyond the kept 1000 cannot be told apart
    // by file and stay counted).
    for (auto d = kept; d != result.diagnostics.end(); ++d) {
      --(d->severity == Severity::error ? found.errors : found.warnings);
    }
    result.diagnostics.erase(kept, result.diagnostics.end());
  }
  std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(), [&](const Diagnostic& a, const Diagnostic& b) {
    auto file_rank = [&](const std::string& file) {
      for (std::size_t i = 0; i < read.sources.size(); ++i) {
        if (read.sources[i].name == file) return i;
      }
      return read.sources.size();
    };
    return std::tuple(file_rank(a.file), a.line, a.column) < std::tuple(file_rank(b.file), b.line, b.column);
  });
  const std::size_t errors = found.errors;
  const std::size_t warnings = found.warnings;
  const std::size_t not_shown = errors + warnings - result.diagnostics.size();
  const bool failed = errors > 0 || (options.strict && warnings > 0);

  const render::Format format = resolve_format(options.validate_output, globals, validation_formats);
  // A number like every other (00 and 0e0 are 0 = all), read by the one parser.
  const int per_kind = parse_whole_quantity(options.max_per_kind, "--max-per-kind", ranges::Quantity::max_per_kind);
  const DiagnosticSummary summary = summarise(result.diagnostics, static_cast<std::size_t>(per_kind), &found);
  render::ValidateReport report;
  for (const auto& source : read.sources) report.files.push_back(source.name);
  report.summary = &summary;
  report.errors = errors;
  report.warnings = warnings;
  report.not_shown = not_shown;
  report.kept_limit = max_kept_diagnostics;
  report.builtin_hidden = hidden;
  report.valid = !failed;
  report.gpus = result.catalog.gpus.size();
  report.providers = result.catalog.providers.size();
  report.offerings = result.catalog.offerings.size();
  report.models = result.catalog.models.size();
  if (render::traits(format).machine) {  // validate's formats: table or json
    const render::Style style = make_style(options.validate_output, globals, format);
    emit_streamed(options.validate_output, format, false,
                  [&](std::ostream& out) { render::validate_json(out, report, style); });
  } else {
    const text::Lang lang = make_style(options.validate_output, globals, format).lang;
    std::fputs(render::validate_findings(report, lang).c_str(), stderr);
    const std::string line = render::validate_summary(report, lang);
    if (failed) {
      std::fputs(("gpuselect: " + line).c_str(), stderr);
    } else {
      emit(options.validate_output, line, format);
    }
  }
  return failed ? exit_bad_input : exit_ok;
}

// The price board's query from the list flags: the same constraints recommend applies.
// --currency as recommend reads it (an ISO code or alias such as RMB, checked against the catalog's
// rates), else the config's currency when it sets one; "" = each row in its provider's currency.
std::string list_currency(const CatalogOptions& options, const GlobalOptions& globals,
                          const catalog::Catalog& catalog) {
  if (!options.currency.empty()) return catalog::output_currency(catalog, options.currency);
  if (globals.settings.currency.origin != "default")
    return catalog::output_currency(catalog, globals.settings.currency.value);
  return {};
}

board::Query list_query(const CatalogOptions& options, const catalog::Catalog& catalog, const std::string& currency) {
  board::Query query;
  auto& constraints = query.constraints;
  constraints.gpus = gpu_constraint_ids(options.gpu, catalog);
  constraints.providers = split_list(options.provider, "--provider");  // any case: Catalog::find_provider matches them
  constraints.regions = catalog::expand_region_groups(catalog, split_list(options.region, "--region"));
  // As recommend: a reservation is a one- or three-year commitment, not an hourly rent, so the
  // board prices on-demand and spot unless --pricing names reserved modes (or any).
  constraints.pricing_modes = parse_pricing_flag(options.pricing);
  // --max-price is in the list's currency (USD when rows keep their own), as recommend's.
  apply_resource_flags(options.resources, options.gpu, catalog, currency.empty() ? "USD" : currency, constraints);
  const auto sort = board::parse_sort(options.sort);
  if (!sort) {
    throw unknown_choice("--sort", "sort key", options.sort, "catalog list", "--sort");
  }
  query.sort = *sort;
  for (const auto& name : split_list(options.group_by, "--group-by")) {
    const auto key = board::parse_group_key(name);
    if (!key) {
      throw unknown_choice("--group-by", "group key", name, "catalog list", "--group-by");
    }
    if (std::find(query.group_by.begin(), query.group_by.end(), *key) == query.group_by.end()) {
      query.group_by.push_back(*key);
    }
  }
  return query;
}

int run_list(const CatalogOptions& options, const GlobalOptions& globals) {
  const catalog::Catalog catalog = load_catalog(globals);
  const std::string currency = list_currency(options, globals, catalog);
  const board::Board board = board::build(catalog, list_query(options, catalog, currency));
  const render::Format format = resolve_format(options.list_output, globals, listing_formats);
  const render::Style style = make_style(options.list_output, globals, format);
  emit_streamed(options.list_output, format, style.color,
                [&](std::ostream& out) { render::price_board(out, format, catalog, board, style, currency); });
  return exit_ok;
}

int run_show(const CatalogOptions& options, const GlobalOptions& globals) {
  const catalog::Catalog catalog = load_catalog(globals);
  const render::Format format = resolve_format(options.show_output, globals, record_formats);
  const render::Style style = make_style(options.show_output, globals, format);
  std::ostringstream text;
  if (!render::catalog_show(text, format, catalog, options.show_id, style)) {
    std::vector<std::string> known;
    for (const auto& o : catalog.offerings) known.push_back(o.id);
    for (const auto& g : catalog.gpus) known.push_back(g.id);
    for (const auto& p : catalog.providers) known.push_back(p.id);
    for (const auto& m : catalog.models) known.push_back(m.id);
    throw Error::said("catalog show",
                      text::words(text::Msg::err_unknown_value, "offering, GPU, provider or model", text::quoted(options.show_id)),
                      did_you_mean_words(options.show_id, known, text::words(text::Msg::hint_see_catalog_listings)));
  }
  emit(options.show_output, text.str(), format, style.color);
  return exit_ok;
}

int run_import(const catalog::Importer& importer, const CatalogOptions& options, const GlobalOptions& globals) {
  const catalog::Catalog known = load_catalog(globals);
  std::string provider = options.import_provider;
  if (provider.empty()) {
    // SkyPilot keeps one vms.csv per cloud folder: catalogs/v9/aws/vms.csv.
    provider = provider_from_path(options.import_file);
    if (provider.empty()) {
      throw Error::said("--provider", text::words(text::Msg::err_provider_of_file, text::quoted(options.import_file)),
                        text::words(text::Msg::hint_add_provider_id));
    }
  }
  const std::string as_of = options.import_as_of.empty() ? today_utc() : options.import_as_of;
  if (!catalog::days_between(as_of, as_of)) {
    throw Error::said("--as-of", text::words(text::Msg::err_not_date, text::quoted(as_of)),
                      text::words(text::Msg::hint_write_date));
  }
  const catalog::ImportOptions request{.provider_id = provider,
                                      .source_name = options.import_file,
                                      .as_of = as_of,
                                      .strict = options.import_strict,
                                      .price_basis = price_basis_for(options.import_price_basis, provider)};
  std::vector<ImportedFile> imports;
  imports.push_back(import_file(importer, options.import_file, request, known, false, resolve_lang(globals)));
  imports.front().result.unlisted.clear();  // only `catalog update` marks what a list leaves out
  const std::vector<std::string> header = {
      fmt::format("Imported from {} by gpuselect catalog import {} ({} rows, {} skipped).", options.import_file,
                  importer.name, imports.front().result.rows_read, imports.front().result.rows_skipped)};
  OutputOptions output;
  output.output = options.import_to;
  emit(output, imports_yaml(imports, header));
  std::fprintf(stderr, "gpuselect: %s\n", imports.front().summary.c_str());
  return exit_ok;
}

}  // namespace

Runner setup_catalog(CLI::App& command, GlobalOptions& globals) {
  auto options = std::make_shared<CatalogOptions>();
  command.require_subcommand(1);
  std::vector<std::pair<CLI::App*, Runner>> runners;
  auto add = [&](const char* name, const char* summary, Runner runner) {
    CLI::App* sub = command.add_subcommand(name, summary);
    sub->fallthrough();
    runners.emplace_back(sub, std::move(runner));
    return sub;
  };
  auto* validate = add("validate", "Check catalog files: every problem as file:line:col, exit 2 on errors",
                       [options, &globals] { return run_validate(*options, globals); });
  register_options(*validate, *options, validate_options());
  add_output_options(*validate, options->validate_output, false, validation_formats);

  auto* list =
      add("list", "List offerings after overlays", [options, &globals] { return run_list(*options, globals); });
  register_options(*list, *options, list_filters);
  add_resource_options(*list, options->resources, "Filters");
  register_options(*list, *options, board_options);
  add_output_options(*list, options->list_output, false, listing_formats);

  auto* show = add("show", "Show one offering, GPU, provider or model with everything known about it",
                   [options, &globals] { return run_show(*options, globals); });
  register_options(*show, *options, show_options);
  add_output_options(*show, options->show_output, false, record_formats);

  // `catalog gpus|providers|models`: one catalog table, each with its own output options.
  using ListRenderer = void (*)(std::ostream&, render::Format, const catalog::Catalog&, const render::Style&);
  auto add_listing = [&](const char* name, const char* summary, OutputOptions CatalogOptions::*output,
                         ListRenderer render_list) {
    auto* sub = add(name, summary, [options, output, render_list, &globals] {
      const OutputOptions& chosen = (*options).*output;
      const catalog::Catalog catalog = load_catalog(globals);
      const render::Format format = resolve_format(chosen, globals, listing_formats);
      const render::Style style = make_style(chosen, globals, format);
      emit(chosen, render_to_string([&](std::ostream& out) { render_list(out, format, catalog, style); }), format,
           style.color);
      return static_cast<int>(exit_ok);
    });
    add_output_options(*sub, (*options).*output, false, listing_formats);
  };
  add_listing("gpus", "List GPU models and their specs", &CatalogOptions::gpus_output, render::gpus);
  add_listing("providers", "List providers and their soft attributes", &CatalogOptions::providers_output,
              render::providers);
  add_listing("models", "List model presets for --model", &CatalogOptions::models_output, render::models);

  CLI::App* import = command.add_subcommand("import", "Import offerings from another catalog format");
  import->require_subcommand(1);
  import->fallthrough();
  // One subcommand per row of the importer table (include/gpuselect/price_import.hpp).
  for (const catalog::Importer& importer : catalog::importers()) {
    CLI::App* sub = import->add_subcommand(std::string(importer.name), std::string(importer.summary));
    sub->fallthrough();
    register_options(*sub, *options, import_options(importer));
    runners.emplace_back(sub, [&importer, options, &globals] { return run_import(importer, *options, globals); });
  }
  setup_catalog_update(command, globals, runners);

  return [runners] {
    for (const auto& [sub, runner] : runners) {
      if (sub->parsed()) return runner();
    }
    return static_cast<int>(exit_bad_input);
  };
}

}  // namespace gpuselect::cli
