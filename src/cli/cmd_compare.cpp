// gpuselect compare ID ID ...: the named offerings side by side for one job.
#include <algorithm>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "cli/app.hpp"
#include "cli/command.hpp"
#include "cli/option_table.hpp"
#include "cli/ranking_flags.hpp"
#include "cli/resource_flags.hpp"
#include "cli/settings.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/format_traits.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/version.hpp"

namespace gpuselect::cli {

namespace {

struct CompareOptions {
  std::vector<std::string> offering_ids;
  WorkloadFlags workload;
  RankingFlags ranking;
  ResourceFlags resources;
  OutputOptions output;
};

// Most offerings the resource flags may add: a side-by-side table wider than this is unreadable.
constexpr std::size_t max_compared = 12;

const std::vector<std::string> compare_formats = render::formats_of(render::Document::compare);

const OptionRow<CompareOptions> compared_ids[] = {
    {{"ids", "Offering ids to compare (two or more)"}, &CompareOptions::offering_ids, {.type = "OFFERING", .ids = CatalogIds::offering}},
};

int run(const CompareOptions& options, const GlobalOptions& globals) {
  // The JSON echo shows the catalog files' digests: taken as the files are read.
  if (const auto shown = format_if_valid(options.output, globals, compare_formats);
      shown && render::traits(*shown).carries_digests) {
    request_catalog_file_digests();
  }
  const catalog::Catalog catalog = load_catalog(globals);
  std::vector<std::string> ids = options.offering_ids;
  if (any_resource_flag(options.resources)) {
    // The resource flags name offerings too: every offering they allow (SkyPilot's --gpus H100:8
    // compares each cloud's 8x H100 instance).
    scoring::Constraints wanted;
    apply_resource_flags(options.resources, "", catalog, "USD", wanted);
    std::size_t added = 0;
    for (const auto& offering : catalog.offerings) {
      if (!scoring::offering_allowed(catalog, offering, wanted)) continue;
      if (++added > max_compared) {
        throw Error::said("--gpus", text::words(text::Msg::err_compare_too_many, max_compared),
                          text::words(text::Msg::hint_compare_too_many));
      }
      ids.push_back(offering.id);
    }
  }
  if (ids.size() < 2) {
    throw Error::said("compare", text::words(text::Msg::err_compare_two_ids), text::words(text::Msg::hint_compare_two_ids));
  }
  const workload::Request request = workload_request(options.workload);
  const workload::Profile profile = workload::resolve(request, catalog);
  scoring::Options ranking_options = build_ranking_options(options.ranking, globals, catalog, profile);
  // Neither --currency nor a config's currency: offerings that all bill in CNY compare in CNY, as a
  // recommend of their providers ranks (expert review 29: three domestic offerings compared in USD).
  const bool currency_defaulted = chosen(globals.settings, "currency", options.ranking.currency).origin == "default";
  const bool all_cny = std::all_of(ids.begin(), ids.end(), [&](const std::string& id) {
    const catalog::Offering* offering = catalog.find_offering(id);
    return offering != nullptr && catalog.provider_of(*offering).currency == "CNY";
  });
  if (currency_defaulted && all_cny && catalog.find_currency("CNY") != nullptr) ranking_options.currency = "CNY";
  const scoring::Ranking ranking = compare_checked_if_asked(catalog, profile, ranking_options, ids);

  const render::Format format = resolve_format(options.output, globals, compare_formats);
  render::Style style = make_style(options.output, globals, format);
  style.generated_by = std::string("gpuselect ") + version_string;
  std::ostringstream text;
  render::RecommendView view{catalog, profile, ranking, ranking_options};
  if (render::traits(format).carries_digests) view.catalog_files = catalog_file_digests(globals);
  render::compare(text, format, view, style);
  emit(options.output, text.str(), format, style.color);
  return exit_ok;
}

}  // namespace

Runner setup_compare(CLI::App& command, GlobalOptions& globals) {
  auto options = std::make_shared<CompareOptions>();
  register_options(command, *options, compared_ids);
  add_workload_options(command, options->workload);
  add_ranking_options(command, options->ranking, false);
  add_resource_options(command, options->resources, "Offerings");
  add_output_options(command, options->output, false, compare_formats);
  command.footer("Example: gpuselect compare aws/p4d.24xlarge gcp/a2-highgpu-8g --workload llm-finetune --params 7e9");
  return [options, &globals] { return run(*options, globals); };
}

}  // namespace gpuselect::cli
