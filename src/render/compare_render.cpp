// `compare`: offerings side by side (one column each) with every criterion, indicator and
// estimate figure.
#include <algorithm>

#include <fmt/format.h>

#include "gpuselect/format_traits.hpp"
#include "gpuselect/units.hpp"
#include "render/renderers.hpp"
#include "render/support.hpp"

namespace gpuselect::render {
namespace {

using namespace detail;
using Align = TextTable::Align;
using text::Msg;
using text::say;

struct Figure {
  std::string name;
  std::vector<std::string> values;  // one per compared candidate
};

// What every compare grid is made from: the view, the candidates compared (one column each), whether
// the grid is for CSV (its headers name the exact candidate) and the language.
struct Columns {
  const RecommendView& view;
  std::vector<const scoring::Candidate*> compared;
  bool csv = false;
  text::Lang lang = text::Lang::en;

  std::string words(Msg id) const { return std::string(text::message(id, lang)); }

  // An empty grid titled `title`: the figure column, then one column per compared candidate.
  Grid grid(std::string title) const {
    const auto& catalog = view.catalog;
    Grid grid;
    grid.title = std::move(title);
    grid.split_columns = true;
    grid.columns.push_back({words(Msg::cmp_figure), Align::left, false, false, true});
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
        header = text::say(lang, Msg::name_with_mode, offering.id, mode_name(candidate->mode, lang));
      }
      grid.columns.push_back({std::move(header), Align::right, true, true});
    }
    return grid;
  }

  // Appends the row `name`: value_of(candidate) in each candidate's column.
  template <typename ValueOf>
  void add(Grid& grid, std::string name, ValueOf value_of) const {
    std::vector<std::string> row{std::move(name)};
    for (const auto* candidate : compared) row.push_back(value_of(*candidate));
    grid.rows.push_back(std::move(row));
  }
};

// Rank, provider, GPUs, pricing mode, score and Pareto membership.
Grid overview_grid(const Columns& columns) {
  const auto& catalog = columns.view.catalog;
  const text::Lang lang = columns.lang;
  Grid overview = columns.grid(columns.words(Msg::cmp_overview));
  columns.add(overview, columns.words(Msg::cmp_rank), [](const scoring::Candidate& c) { return std::to_string(c.rank); });
  columns.add(overview, columns.words(Msg::cmp_provider),
              [&](const scoring::Candidate& c) { return catalog.offerings[c.offering_index].provider; });
  columns.add(overview, columns.words(Msg::col_gpus), [&](const scoring::Candidate& c) {
    return gpu_label(catalog, catalog.offerings[c.offering_index], c.nodes, lang);
  });
  columns.add(overview, columns.words(Msg::cmp_pricing_mode),
              [&](const scoring::Candidate& c) { return std::string(mode_name(c.mode, lang)); });
  columns.add(overview, columns.words(Msg::col_score),
              [](const scoring::Candidate& c) { return fmt::format("{:.2f}", rounded_score(c)); });
  columns.add(overview, columns.words(Msg::cmp_pareto),
              [&](const scoring::Candidate& c) { return columns.words(c.pareto ? Msg::word_yes : Msg::word_no); });
  return overview;
}

// Appends to `grid` one row per indicator of `criterion`, in order of first appearance across the
// compared candidates ("-" where a candidate lacks it).
void add_indicator_rows(const Columns& columns, scoring::Criterion criterion, Grid& grid) {
  const text::Lang lang = columns.lang;
  std::vector<std::vector<scoring::Indicator>> per_candidate;
  std::vector<std::string> names;
  for (const auto* candidate : columns.compared) {
    per_candidate.push_back(scoring::indicators(columns.view.catalog, columns.view.ranking, *candidate, criterion));
    for (const auto& indicator : per_candidate.back()) {
      if (std::find(names.begin(), names.end(), indicator.name) == names.end()) names.emplace_back(indicator.name);
    }
  }
  for (const auto& name : names) {
    // "stability.isolation" in English, 稳定性·隔离 in Chinese.
    std::vector<std::string> row{lang == text::Lang::en
                                     ? fmt::format("{}.{}", scoring::to_string(criterion), name)
                                     : say(lang, Msg::cmp_indicator_name, criterion_name(criterion, lang),
                                           text::term(lang, text::Term::indicator, name))};
    for (const auto& indicators : per_candidate) {
      std::string cell = "-";
      for (const auto& indicator : indicators) {
        if (indicator.name != name) continue;
        cell = indicator.applies ? say(lang, Msg::cmp_indicator_value, indicator.value, indicator.weight)
                                 : std::string(text::message(Msg::word_not_applicable, lang));
      }
      row.push_back(std::move(cell));
    }
    grid.rows.push_back(std::move(row));
  }
}

// The criteria grid (score / contribution per criterion) and the indicator grid, in criterion order.
std::pair<Grid, Grid> criteria_grids(const Columns& columns) {
  const auto& ranking = columns.view.ranking;
  Grid criteria = columns.grid(columns.words(Msg::cmp_criteria));
  Grid indicator_grid = columns.grid(columns.words(Msg::cmp_indicators));
  for (const auto criterion : scoring::all_criteria) {
    const auto index = static_cast<std::size_t>(criterion);
    columns.add(criteria,
                say(columns.lang, Msg::cmp_criterion_weight, criterion_name(criterion, columns.lang),
                    ranking.weights[criterion]),
                [&](const scoring::Candidate& c) {
                  return fmt::format("{:.1f} / {:.2f}", c.criteria[index].score, rounded_contributions(c)[index]);
                });
    add_indicator_rows(columns, criterion, indicator_grid);
  }
  return {std::move(criteria), std::move(indicator_grid)};
}

// The estimate's figures: memory, plan, MFU, time, serving throughput, the cost lines and warnings.
Grid estimate_grid(const Columns& columns) {
  const auto& view = columns.view;
  const auto& ranking = view.ranking;
  const text::Lang lang = columns.lang;
  const auto words = [&columns](Msg id) { return columns.words(id); };
  const auto add = [&columns](Grid& grid, std::string name, auto value_of) {
    columns.add(grid, std::move(name), value_of);
  };
  const std::string& currency = ranking.currency;
  Grid figures = columns.grid(words(Msg::cmp_estimate));
  const auto performance = [&](const scoring::Candidate& c) -> const estimate::Performance& {
    return ranking.performance_of(c);
  };
  add(figures, words(Msg::cmp_memory_per_gpu), [&](const scoring::Candidate& c) {
    const auto& memory = performance(c).memory;
    return memory_label(memory.per_gpu.total_bytes, memory.gpu_capacity_bytes);
  });
  add(figures, words(Msg::cmp_plan), [&](const scoring::Candidate& c) { return plan_label(performance(c).memory.plan, lang); });
  add(figures, "MFU", [&](const scoring::Candidate& c) { return fmt::format("{:.1f}%", performance(c).compute.mfu * 100); });
  add(figures, words(Msg::est_effective_tflops), [&](const scoring::Candidate& c) {
    return fmt::format("{:.1f}", performance(c).compute.effective_tflops_per_gpu);
  });
  add(figures, words(Msg::est_wall_time), [&](const scoring::Candidate& c) { return hours_with_band(c, performance(c), ranking.risk_averse, lang); });
  add(figures, words(Msg::est_gpu_hours),
      [&](const scoring::Candidate& c) { return fmt::format("{:.1f}", performance(c).time.gpu_hours); });
  if (workload::kind_traits(view.profile.kind).serving()) {
    add(figures, words(Msg::est_decode_per_replica),
        [&](const scoring::Candidate& c) {
          return workload::kind_traits(view.profile.kind).serves_images() ? images_per_s_label(performance(c))
                                                                           : fmt::format("{:.0f}", performance(c).throughput.work_units_per_s);
        });
    add(figures, words(Msg::col_replicas),
        [&](const scoring::Candidate& c) { return std::to_string(performance(c).throughput.replicas); });
  }
  auto cost_line = [&](std::string name, double estimate::Cost::*field) {
    add(figures, std::move(name), [&, field](const scoring::Candidate& c) {
      return units::format_money(c.cost.*field, currency);
    });
  };
  cost_line(words(Msg::est_price_per_hour), &estimate::Cost::price_per_hour);
  cost_line(words(Msg::cmp_compute_cost), &estimate::Cost::compute);
  cost_line(words(Msg::est_egress), &estimate::Cost::egress);
  cost_line(words(Msg::est_public_ip), &estimate::Cost::public_ip);
  cost_line(words(Msg::est_storage), &estimate::Cost::storage);
  cost_line(words(Msg::est_interruptions), &estimate::Cost::interruption);
  add(figures, words(Msg::cmp_total_cost), [&](const scoring::Candidate& c) { return units::format_money(c.total_cost, currency); });
  add(figures, words(Msg::cmp_warnings), [](const scoring::Candidate& c) {
    std::string codes;
    for (const auto warning : c.warnings) append_separated(codes, " ", scoring::warning_code(warning));
    return codes.empty() ? std::string("-") : codes;
  });
  return figures;
}

// The four grids of `compare` (overview, criteria, indicators, estimate) for the first `shown` candidates.
std::vector<Grid> compare_grids(const RecommendView& view, std::size_t shown, bool csv, text::Lang lang) {
  Columns columns{view, {}, csv, lang};
  for (std::size_t i = 0; i < shown; ++i) columns.compared.push_back(&view.ranking.candidates[i]);
  auto [criteria, indicators] = criteria_grids(columns);
  return {overview_grid(columns), std::move(criteria), std::move(indicators), estimate_grid(columns)};
}

}  // namespace

void compare(std::ostream& out, Format format, const RecommendView& view, const Style& style) {
  if (traits(format).document_tree) {
    write_compare_json(out, view, style);
    return;
  }
  const bool csv = traits(format).delimited;
  const std::size_t shown =
      csv ? view.ranking.candidates.size() : shown_count(view.ranking.candidates.size(), style.top);
  // CSV is the same in every language (machine rows); the human formats speak the document's.
  const text::Lang lang = csv ? text::Lang::en : style.lang;
  const JobSummary summary = job_summary(view.profile, &view.ranking, lang);
  std::vector<std::string> preamble = summary_lines(summary, lang);
  preamble.push_back(say(lang, Msg::preamble_fact, text::message(Msg::fact_weights, lang), summary.weights));
  preamble.push_back(say(lang, Msg::preamble_fact, text::message(Msg::fact_currency, lang), summary.currency));
  for (const auto& exclusion : view.ranking.excluded) {
    preamble.push_back(say(lang, Msg::cmp_not_comparable, view.catalog.offerings[exclusion.offering_index].id,
                           reasons_text(exclusion, view.ranking.currency, lang)));
  }
  render_grids(out, format, text::message(Msg::title_compare, lang), preamble,
               compare_grids(view, shown, csv, lang), style);
}

}  // namespace gpuselect::render
