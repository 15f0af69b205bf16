// `compare`: offerings side by side (one column each) with every criterion, indicator and
// estimate figure.
#include <algorithm>

#include <fmt/format.h>

#include "gpuselect/units.hpp"
#include "render/renderers.hpp"
#include "render/support.hpp"

namespace gpuselect::render {
namespace {

using namespace detail;
using Align = TextTable::Align;

struct Figure {
  std::string name;
  std::vector<std::string> values;  // one per compared candidate
};

std::vector<Grid> compare_grids(const RecommendView& view, std::size_t shown, bool csv) {
  const auto& ranking = view.ranking;
  const auto& catalog = view.catalog;
  std::vector<const scoring::Candidate*> compared;
  for (std::size_t i = 0; i < shown; ++i) compared.push_back(&ranking.candidates[i]);

  auto make_grid = [&](std::string title) {
    Grid grid;
    grid.title = std::move(title);
    grid.split_columns = true;
    grid.columns.push_back({"Figure", Align::left, false, false, true});
    for (const auto* candidate : compared) {
      const auto& offering = catalog.offerings[candidate->offering_index];
      // The CSV header names the exact candidate; people get the shorter offering id, with the
      // pricing mode where the offering is compared in more than one.
      const auto same_offering = std::count_if(compared.begin(), compared.end(), [&](const scoring::Candidate* other) {
        return other->offering_index == candidate->offering_index;
      });
      std::string header = offering.id;
      if (csv) {
        header = fmt::format("{} ({}, {} node{})", offering.id, catalog::to_string(candidate->mode), candidate->nodes,
                             candidate->nodes == 1 ? "" : "s");
      } else if (same_offering > 1) {
        header = fmt::format("{} ({})", offering.id, catalog::to_string(candidate->mode));
      }
      grid.columns.push_back({std::move(header), Align::right, true, true});
    }
    return grid;
  };
  auto add = [&](Grid& grid, std::string name, auto value_of) {
    std::vector<std::string> row{std::move(name)};
    for (const auto* candidate : compared) row.push_back(value_of(*candidate));
    grid.rows.push_back(std::move(row));
  };
  const std::string& currency = ranking.currency;

  Grid overview = make_grid("Overview");
  add(overview, "rank", [](const scoring::Candidate& c) { return std::to_string(c.rank); });
  add(overview, "provider", [&](const scoring::Candidate& c) { return catalog.offerings[c.offering_index].provider; });
  add(overview, "GPUs",
      [&](const scoring::Candidate& c) { return gpu_label(catalog, catalog.offerings[c.offering_index], c.nodes); });
  add(overview, "pricing mode", [](const scoring::Candidate& c) { return std::string(catalog::to_string(c.mode)); });
  add(overview, "score", [](const scoring::Candidate& c) { return fmt::format("{:.2f}", rounded_score(c)); });
  add(overview, "Pareto frontier", [](const scoring::Candidate& c) { return std::string(c.pareto ? "yes" : "no"); });

  Grid criteria = make_grid("Criteria (score 0-100 / contribution)");
  Grid indicator_grid = make_grid("Indicators (0-1, weight within criterion)");
  for (const auto criterion : scoring::all_criteria) {
    const auto index = static_cast<std::size_t>(criterion);
    add(criteria, fmt::format("{} (weight {:.2f})", scoring::to_string(criterion), ranking.weights[criterion]),
        [&](const scoring::Candidate& c) {
          return fmt::format("{:.1f} / {:.2f}", c.criteria[index].score, rounded_contributions(c)[index]);
        });
    // Indicator names in order of first appearance across the compared candidates.
    std::vector<std::vector<scoring::Indicator>> per_candidate;
    std::vector<std::string> names;
    for (const auto* candidate : compared) {
      per_candidate.push_back(scoring::indicators(catalog, ranking, *candidate, criterion));
      for (const auto& indicator : per_candidate.back()) {
        if (std::find(names.begin(), names.end(), indicator.name) == names.end()) names.emplace_back(indicator.name);
      }
    }
    for (const auto& name : names) {
      std::vector<std::string> row{fmt::format("{}.{}", scoring::to_string(criterion), name)};
      for (const auto& indicators : per_candidate) {
        std::string cell = "-";
        for (const auto& indicator : indicators) {
          if (indicator.name != name) continue;
          cell = indicator.applies ? fmt::format("{:.2f} (w {:.2f})", indicator.value, indicator.weight)
                                   : std::string("n/a");
        }
        row.push_back(std::move(cell));
      }
      indicator_grid.rows.push_back(std::move(row));
    }
  }

  Grid figures = make_grid("Estimate");
  const auto performance = [&](const scoring::Candidate& c) -> const estimate::Performance& {
    return ranking.performance_of(c);
  };
  add(figures, "memory per GPU", [&](const scoring::Candidate& c) {
    const auto& memory = performance(c).memory;
    return memory_label(memory.per_gpu.total_bytes, memory.gpu_capacity_bytes);
  });
  add(figures, "plan", [&](const scoring::Candidate& c) { return plan_label(performance(c).memory.plan); });
  add(figures, "MFU", [&](const scoring::Candidate& c) { return fmt::format("{:.1f}%", performance(c).compute.mfu * 100); });
  add(figures, "effective TFLOPS per GPU", [&](const scoring::Candidate& c) {
    return fmt::format("{:.1f}", performance(c).compute.effective_tflops_per_gpu);
  });
  add(figures, "wall time", [&](const scoring::Candidate& c) { return hours_with_band(c, performance(c), ranking.risk_averse); });
  add(figures, "GPU hours",
      [&](const scoring::Candidate& c) { return fmt::format("{:.1f}", performance(c).time.gpu_hours); });
  if (workload::is_serving(view.profile.kind)) {
    add(figures, "decode tokens/s per replica",
        [&](const scoring::Candidate& c) { return fmt::format("{:.0f}", performance(c).throughput.decode_tokens_per_s); });
    add(figures, "replicas",
        [&](const scoring::Candidate& c) { return std::to_string(performance(c).throughput.replicas); });
  }
  auto cost_line = [&](std::string name, double estimate::Cost::*field) {
    add(figures, std::move(name), [&, field](const scoring::Candidate& c) {
      return units::format_money(c.cost.*field, currency);
    });
  };
  cost_line("price per hour", &estimate::Cost::price_per_hour);
  cost_line("compute cost", &estimate::Cost::compute);
  cost_line("egress", &estimate::Cost::egress);
  cost_line("public IP", &estimate::Cost::public_ip);
  cost_line("storage", &estimate::Cost::storage);
  cost_line("interruptions", &estimate::Cost::interruption);
  add(figures, "total cost", [&](const scoring::Candidate& c) { return units::format_money(c.total_cost, currency); });
  add(figures, "warnings", [](const scoring::Candidate& c) {
    std::string codes;
    for (const auto warning : c.warnings) append_separated(codes, " ", scoring::warning_code(warning));
    return codes.empty() ? std::string("-") : codes;
  });
  return {overview, criteria, indicator_grid, figures};
}

}  // namespace

void compare(std::ostream& out, Format format, const RecommendView& view, const Style& style) {
  if (format == Format::json) {
    write_compare_json(out, view, style);
    return;
  }
  const bool csv = format == Format::csv;
  const std::size_t shown =
      csv ? view.ranking.candidates.size() : shown_count(view.ranking.candidates.size(), style.top);
  const JobSummary summary = job_summary(view.profile, &view.ranking);
  std::vector<std::string> preamble = {"Job: " + summary.job};
  if (!summary.tokens.empty()) preamble.push_back("Tokens: " + summary.tokens);
  if (!summary.serving.empty()) preamble.push_back("Serving: " + summary.serving);
  if (!summary.session.empty()) preamble.push_back("Session: " + summary.session);
  preamble.push_back("Weights: " + summary.weights);
  preamble.push_back("Currency: " + summary.currency);
  for (const auto& exclusion : view.ranking.excluded) {
    preamble.push_back(fmt::format("Not comparable: {}: {}", view.catalog.offerings[exclusion.offering_index].id,
                                   reasons_text(exclusion, view.ranking.currency)));
  }
  render_grids(out, format, "gpuselect compare", preamble, compare_grids(view, shown, csv), style);
}

}  // namespace gpuselect::render
