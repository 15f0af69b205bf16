// `recommend` in every format: the job, the ranked short-list, warnings, exclusions, sensitivity.
#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>

#include "gpuselect/units.hpp"
#include "render/renderers.hpp"
#include "render/support.hpp"

namespace gpuselect::render {
namespace {

using namespace detail;
using Align = TextTable::Align;

constexpr std::string_view pareto_mark = "*";
// Narrower than this, a reason column says too little to be worth its place (assumption).
constexpr int minimum_reason_columns = 30;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

struct Row {
  const scoring::Candidate* candidate = nullptr;
  const catalog::Offering* offering = nullptr;
};

std::vector<Row> shown_rows(const RecommendView& view, const Style& style) {
  const auto& candidates = view.ranking.candidates;
  std::vector<Row> rows;
  const std::size_t count = shown_count(candidates.size(), style.top);
  rows.reserve(count);
  for (std::size_t i = 0; i < count; ++i)
    rows.push_back({&candidates[i], &view.catalog.offerings[candidates[i].offering_index]});
  return rows;
}

std::string rank_cell(const scoring::Candidate& candidate, const Style& style) {
  std::string cell = std::to_string(candidate.rank);
  if (style.show_pareto && candidate.pareto) cell += pareto_mark;
  return cell;
}

// One line: the strongest criterion with its figure, then the weakest with its figures (the caveat
// is what tells neighbouring rows apart), then what it wins over a cheaper-and-faster row.
std::string first_reason(const RecommendView& view, const scoring::Candidate& candidate) {
  const auto explanation = scoring::explanation(view.catalog, view.ranking, candidate);
  std::string text;
  for (const auto& line : explanation.lines) {
    using Kind = scoring::Explanation::Kind;
    if (line.kind == Kind::strongest || line.kind == Kind::weakest || line.kind == Kind::wins_over)
      append_separated(text, "; ", scoring::sentence(line));
  }
  return text;
}

bool serving_job(const RecommendView& view) { return workload::is_serving(view.ranking.kind); }

// Run-wide notes and the estimated-figure legend (when a shown row carries the mark), once.
std::vector<std::string> note_lines(const RecommendView& view, std::size_t shown) {
  std::vector<std::string> lines;
  for (const auto& note : view.ranking.notes) lines.push_back(note.code + ": " + note.text);
  for (std::size_t i = 0; i < shown && i < view.ranking.candidates.size(); ++i) {
    if (cost_estimated(view.catalog, view.ranking.candidates[i])) {
      lines.push_back(estimated_legend());
      break;
    }
  }
  return lines;
}

// "Plan: ZeRO-2, 8 GPUs x 1 node" when every shown row shares it, else the leader's with a note.
std::string plan_line(const scoring::Ranking& ranking, const std::vector<Row>& rows) {
  if (rows.empty()) return {};
  std::string leader = plan_label(ranking.performance_of(*rows.front().candidate).memory.plan);
  for (const auto& row : rows) {
    if (plan_label(ranking.performance_of(*row.candidate).memory.plan) != leader)
      return fmt::format("{} for #1; each offering gets the fastest plan that fits it", leader);
  }
  return leader;
}

std::vector<std::string> warning_lines(const RecommendView& view, const std::vector<Row>& rows) {
  std::vector<std::string> lines;
  for (const auto& group : warning_groups(view.catalog, view.ranking, rows.size()))
    lines.push_back(fmt::format("{} ({}): {}", group.code, rank_list(group.ranks), group.text));
  return lines;
}

std::string sensitivity_line(const RecommendView& view) {
  const auto& sensitivity = view.ranking.sensitivity;
  if (!sensitivity) return {};
  std::string line =
      fmt::format("#1 stays first in {:.0f}% of {} samples (weights +/-{:.0f}%, seed {}): {}",
                  sensitivity->top1_share * 100, sensitivity->samples, sensitivity->perturbation * 100,
                  sensitivity->seed, sensitivity->robust ? "robust" : "NOT robust, the order depends on the weights");
  std::string spreads;
  for (const auto& spread : sensitivity->top) {
    if (spread.candidate >= view.ranking.candidates.size()) continue;
    const auto& candidate = view.ranking.candidates[spread.candidate];
    spreads += fmt::format("{}#{} ranks {}-{}", spreads.empty() ? "" : "; ", candidate.rank, spread.best_rank,
                           spread.worst_rank);
  }
  if (!spreads.empty()) line += " (" + spreads + ")";
  return line;
}

std::vector<std::pair<std::string, std::string>> header_facts(const RecommendView& view, const std::vector<Row>& rows) {
  const JobSummary summary = job_summary(view.profile, &view.ranking);
  std::vector<std::pair<std::string, std::string>> facts;
  facts.emplace_back("Job", summary.job);
  if (!summary.tokens.empty()) facts.emplace_back("Tokens", summary.tokens);
  if (!summary.serving.empty()) facts.emplace_back("Serving", summary.serving);
  if (!rows.empty()) facts.emplace_back("Plan", plan_line(view.ranking, rows));
  facts.emplace_back("Headroom", fmt::format("{:g}% of GPU memory kept free (fragmentation, NCCL buffers, "
                                             "transient peaks; --min-headroom)",
                                             view.profile.headroom_pct));
  if (workload::is_training(view.ranking.kind)) {
    facts.emplace_back("Time", "to result = machine setup (billed) + run + expected spot interruptions + queue + "
                               "wait for capacity");
    if (view.ranking.deadline_hours > 0) {
      facts.emplace_back("Deadline", fmt::format("{} met at {:g}% confidence (--confidence): the chance of ending "
                                                 "within it, from the time band, spot interruptions and the wait "
                                                 "for capacity",
                                                 units::format_hours(view.ranking.deadline_hours),
                                                 view.ranking.confidence * 100.0));
    }
  }
  if (view.ranking.risk_averse) {
    facts.emplace_back("Risk", "ranked on the pessimistic end (90th percentile) of each time and cost band "
                               "(--risk-averse); costs shown are that end, times the expected (10th-90th)");
  }
  facts.emplace_back("Weights", summary.weights);
  facts.emplace_back("Currency", summary.currency);
  if (view.price_update) facts.emplace_back("Prices", price_update_line(*view.price_update));
  std::string discounts;
  for (const auto& provider : view.catalog.providers) {
    if (!provider.discount_pct.any()) continue;
    const auto& pct = provider.discount_pct;
    std::string modes;
    for (const auto mode : {catalog::PricingMode::on_demand, catalog::PricingMode::spot,
                            catalog::PricingMode::reserved_1y, catalog::PricingMode::reserved_3y}) {
      if (pct.of(mode) <= 0) continue;
      modes += fmt::format("{}{:g}% {}", modes.empty() ? "" : ", ", pct.of(mode), catalog::to_string(mode));
    }
    const bool uniform = pct.on_demand == pct.spot && pct.spot == pct.reserved_1y && pct.reserved_1y == pct.reserved_3y;
    discounts += fmt::format("{}{} {}", discounts.empty() ? "" : "; ", provider.id,
                             uniform ? fmt::format("{:g}% off every price", pct.on_demand) : modes + " off");
  }
  if (!discounts.empty()) facts.emplace_back("Discount", discounts + " (discount_pct; prices shown are after it)");
  return facts;
}

std::string count_line(const RecommendView& view, std::size_t shown) {
  const auto& ranking = view.ranking;
  std::string line = fmt::format("Showing {} of {} candidates", shown, ranking.candidates.size());
  if (shown < ranking.candidates.size()) line += " (--top N for more)";
  line += fmt::format("; {} excluded", ranking.excluded.size());
  return line + ".";
}

// The excluded candidates; markdown capitalises the headers.
Grid excluded_grid(const RecommendView& view, bool capitalised) {
  Grid grid;
  grid.columns = {{"offering"}, {"mode"}, {"nodes", Align::right}, {"why excluded", Align::left, true}};
  if (capitalised) {
    for (auto& column : grid.columns) column.header[0] = static_cast<char>(std::toupper(column.header[0]));
  }
  for (const auto& exclusion : view.ranking.excluded) {
    grid.rows.push_back(excluded_cells(view.catalog, exclusion));
    grid.rows.back().push_back(reasons_text(exclusion, view.ranking.currency));
  }
  return grid;
}

void recommend_table(std::ostream& out, const RecommendView& view, const Style& style) {
  const auto rows = shown_rows(view, style);
  const auto& ranking = view.ranking;
  auto label = [&](std::string_view name) {
    const std::string padded = fmt::format("{:<9}", name);
    return style.color ? fmt::format("\x1b[1m{}\x1b[0m", padded) : padded;
  };
  std::string text;
  for (const auto& [name, value] : header_facts(view, rows)) text += fit_line(label(name) + value, style.width) + "\n";
  text += "\n";

  if (rows.empty()) {
    text += "No offering satisfies this job and its constraints.";
    if (ranking.top_exclusion)
      text += fmt::format(" Most were removed by {}.", scoring::to_string(*ranking.top_exclusion));
    text += "\n";
  } else {
    Grid table;
    // llm-inference shows latency at the batch and the price per million output tokens instead of
    // the priced hours.
    const bool serving = view.profile.kind == workload::Kind::llm_inference;
    table.columns = {{"#", Align::right},
                     {"provider"},
                     {"instance", Align::left, true},
                     {"GPUs", Align::left, true},
                     {"mode"},
                     {"region", Align::left, true},
                     {"mem/GPU", Align::right},
                     {serving ? "TPOT@batch" : "time", Align::right},
                     {"cost", Align::right}};
    if (serving) table.columns.push_back({"$/M tok", Align::right});
    table.columns.push_back({"score", Align::right});
    std::vector<std::string> reasons;
    for (const auto& row : rows) {
      const auto& candidate = *row.candidate;
      const auto& estimate = view.ranking.performance_of(candidate);
      const auto& memory = estimate.memory;
      std::vector<std::string> cells = {
          rank_cell(candidate, style), row.offering->provider,
          row.offering->instance_type.empty() ? row.offering->id : row.offering->instance_type,
          rented_label(view.catalog, ranking, candidate), std::string(mode_label(view.catalog, candidate)),
          region_label(*row.offering, candidate),
          memory_label(memory.per_gpu.total_bytes, memory.gpu_capacity_bytes),
          serving ? fmt::format("{:.0f} ms@{}", estimate.serving.tpot_ms, estimate.serving.batch)
                  : hours_with_band(candidate, estimate, view.ranking.risk_averse),
          cost_label(view.catalog, ranking, candidate)};
      if (serving) cells.push_back(unit_cost_label(ranking, candidate));
      cells.push_back(fmt::format("{:.1f}", rounded_score(candidate)));
      table.rows.push_back(std::move(cells));
      reasons.push_back(first_reason(view, candidate));
    }
    // The reason is a column when the terminal leaves it room to be read, else one line per row
    // below the table.
    Style plain = style;
    plain.color = false;
    int table_width = 0;
    for (const auto& line : lines_of(grid_text(table, plain))) table_width = std::max(table_width, display_width(line));
    const bool reason_column = style.width - table_width - 2 >= minimum_reason_columns;
    if (reason_column) {
      table.columns.push_back({"why", Align::left, true});
      for (std::size_t i = 0; i < rows.size(); ++i) table.rows[i].push_back(reasons[i]);
    }
    text += grid_text(table, style);
    if (!reason_column) {
      text += "\nWhy\n";
      for (std::size_t i = 0; i < rows.size(); ++i)
        text +=
            fit_line(fmt::format("{:>3}  {}", rank_cell(*rows[i].candidate, style), reasons[i]), style.width) + "\n";
    }
    text += fmt::format("\n{}\n", fit_line(count_line(view, rows.size()), style.width));
    if (style.show_pareto)
      text += fit_line(fmt::format("{} on the cost-time Pareto frontier (no other row is both cheaper and faster)",
                                   pareto_mark),
                       style.width) +
              "\n";
    const auto notes = note_lines(view, rows.size());
    if (!notes.empty()) {
      text += "Notes\n";
      for (const auto& line : notes) text += fit_line("  " + line, style.width) + "\n";
    }
    const auto warnings = warning_lines(view, rows);
    if (!warnings.empty()) {
      text += style.color ? "\x1b[33mWarnings\x1b[0m\n" : "Warnings\n";
      for (const auto& line : warnings) text += fit_line("  " + line, style.width) + "\n";
    }
    if (const auto line = sensitivity_line(view); !line.empty())
      text += fit_line("Sensitivity: " + line, style.width) + "\n";
  }
  if (style.show_excluded && !ranking.excluded.empty()) {
    text += "\nExcluded\n";
    text += grid_text(excluded_grid(view, false), style);
  }
  out << text;
}

void recommend_csv(std::ostream& out, const RecommendView& view, const Style& style) {
  CsvWriter csv(out);
  std::vector<std::string> header = {"rank",      "offering_id", "provider",     "instance_type", "gpu",
                                     "gpu_count", "nodes",       "pricing_mode", "score"};
  for (const auto criterion : scoring::all_criteria)
    header.push_back(std::string(scoring::to_string(criterion)) + "_score");
  for (const char* name : {"memory_per_gpu_bytes", "gpu_capacity_bytes", "hours", "cost", "currency", "pareto",
                           "instances", "gpus_rented", "per_million_output_tokens", "commitment",
                           "interruption_hours", "uninterrupted_probability", "estimated", "hours_low", "hours_high",
                           "in_calibrated_regime", "region", "other_regions"})
    header.emplace_back(name);
  csv.row(header);
  const auto& candidates = view.ranking.candidates;
  for (std::size_t index = 0; index < shown_count(candidates.size(), style.machine_top); ++index) {
    const auto& candidate = candidates[index];
    const auto& offering = view.catalog.offerings[candidate.offering_index];
    std::vector<std::string> fields = {std::to_string(candidate.rank),
                                       offering.id,
                                       offering.provider,
                                       offering.instance_type,
                                       offering.gpu,
                                       std::to_string(offering.gpu_count),
                                       std::to_string(candidate.nodes),
                                       std::string(catalog::to_string(candidate.mode)),
                                       csv_number(rounded_score(candidate))};
    for (const auto& part : candidate.criteria) fields.push_back(csv_number(round_score(part.score)));
    fields.push_back(std::to_string(whole_bytes(view.ranking.performance_of(candidate).memory.per_gpu.total_bytes)));
    fields.push_back(std::to_string(whole_bytes(view.ranking.performance_of(candidate).memory.gpu_capacity_bytes)));
    fields.push_back(csv_number(round_figure(candidate.hours)));
    fields.push_back(csv_number(round_money(candidate.total_cost)));
    fields.push_back(view.ranking.currency);
    fields.emplace_back(candidate.pareto ? "true" : "false");
    const auto& cost = candidate.cost;
    fields.push_back(std::to_string(std::max(candidate.nodes, cost.instances)));
    fields.push_back(std::to_string(candidate.gpus_rented));
    fields.push_back(serving_job(view) ? csv_number(round_money(cost.per_million_output_tokens)) : std::string());
    fields.push_back(cost.commitment > 0 ? csv_number(round_money(cost.commitment)) : std::string());
    fields.push_back(csv_number(round_figure(cost.interruption_hours)));
    fields.push_back(candidate.mode == catalog::PricingMode::spot
                         ? csv_number(round_decimals(cost.uninterrupted_probability, 4))
                         : std::string());
    std::string estimated;
    for (const auto figure : scoring::estimated_figures(view.catalog, candidate))
      append_separated(estimated, ";", figure);
    fields.push_back(estimated);
    const estimate::Band band =
        candidate_hours(candidate, view.ranking.performance_of(candidate), view.ranking.risk_averse).band;
    fields.push_back(band.high > 0 ? csv_number(round_figure(band.low)) : std::string());
    fields.push_back(band.high > 0 ? csv_number(round_figure(band.high)) : std::string());
    fields.emplace_back(band.high > 0 ? (band.in_calibrated_regime ? "true" : "false") : "");
    fields.emplace_back(region_name(offering, candidate));
    fields.push_back(std::to_string(candidate.other_regions));
    csv.row(fields);
  }
}

void recommend_markdown(std::ostream& out, const RecommendView& view, const Style& style) {
  const auto rows = shown_rows(view, style);
  const auto& ranking = view.ranking;
  out << "### gpuselect recommendation\n\n";
  for (const auto& [name, value] : header_facts(view, rows))
    out << "- **" << name << ":** " << markdown_cell(value) << '\n';
  out << '\n';
  if (rows.empty()) {
    out << "No offering satisfies this job and its constraints.\n\n";
  } else {
    // llm-inference: TPOT at the batch and $ per million output tokens, as in the table.
    const bool serving = view.profile.kind == workload::Kind::llm_inference;
    Grid table;
    table.columns = {{"#", Align::right},
                     {"Provider"},
                     {"Instance"},
                     {"GPUs"},
                     {"Mode"},
                     {"Memory/GPU", Align::right},
                     {serving ? "TPOT@batch" : "Time", Align::right},
                     {"Cost", Align::right}};
    if (serving) table.columns.push_back({"$/M tokens", Align::right});
    table.columns.push_back({"Score", Align::right});
    for (const auto& row : rows) {
      const auto& candidate = *row.candidate;
      const auto& estimate = view.ranking.performance_of(candidate);
      const auto& memory = estimate.memory;
      std::vector<std::string> cells = {rank_cell(candidate, style),
                                        row.offering->provider,
                                        row.offering->instance_type,
                                        rented_label(view.catalog, ranking, candidate),
                                        std::string(mode_label(view.catalog, candidate)),
                                        memory_label(memory.per_gpu.total_bytes, memory.gpu_capacity_bytes),
                                        serving ? fmt::format("{:.0f} ms@{}", estimate.serving.tpot_ms,
                                                              estimate.serving.batch)
                                                : hours_with_band(candidate, estimate, ranking.risk_averse),
                                        cost_label(view.catalog, ranking, candidate)};
      if (serving) {
        const auto& band = candidate.cost.per_million_output_tokens_band;
        cells.push_back(fmt::format("{} ({}-{})", units::format_money(candidate.cost.per_million_output_tokens,
                                                                       ranking.currency),
                                    units::format_money(band.low, ranking.currency),
                                    units::format_money(band.high, ranking.currency)));
      }
      cells.push_back(fmt::format("{:.1f}", rounded_score(candidate)));
      table.rows.push_back(std::move(cells));
    }
    grid_markdown(out, table);  // ends with the blank line before the count
    out << markdown_cell(count_line(view, rows.size())) << '\n';
    if (style.show_pareto) out << "\n\\* on the cost-time Pareto frontier.\n";
    const auto notes = note_lines(view, rows.size());
    if (!notes.empty()) {
      out << "\n#### Notes\n\n";
      for (const auto& line : notes) out << "- " << markdown_cell(line) << '\n';
    }
    out << "\n#### Why\n\n";
    for (const auto& row : rows) {
      const auto& candidate = *row.candidate;
      out << candidate.rank << ". **" << markdown_cell(row.offering->id) << "** (" << catalog::to_string(candidate.mode)
          << ")\n";
      for (const auto& line : scoring::explain(view.catalog, ranking, candidate))
        out << "   - " << markdown_cell(line) << '\n';
      for (const auto warning : candidate.warnings) {
        out << "   - Warning `" << scoring::warning_code(warning)
            << "`: " << markdown_cell(scoring::warning_text(view.catalog, view.ranking, candidate, warning)) << '\n';
      }
    }
    if (const auto line = sensitivity_line(view); !line.empty())
      out << "\n**Sensitivity:** " << markdown_cell(line) << '\n';
  }
  const bool excluded_shown = style.show_excluded && !ranking.excluded.empty();
  if (excluded_shown) {
    Grid excluded = excluded_grid(view, true);
    excluded.title = "Excluded";
    out << '\n';
    grid_markdown(out, excluded);  // ends with the blank line before the footer
  }
  out << (excluded_shown ? "" : "\n") << "<sub>Generated by " << markdown_cell(style.generated_by) << "</sub>\n";
}

}  // namespace

void recommend(std::ostream& out, Format format, const RecommendView& view, const Style& style) {
  switch (format) {
    case Format::table:
      recommend_table(out, view, style);
      return;
    case Format::json:
      write_recommend_json(out, view, style);
      return;
    case Format::csv:
      recommend_csv(out, view, style);
      return;
    case Format::markdown:
      recommend_markdown(out, view, style);
      return;
    case Format::html:
      recommend_html(out, view, style);
      return;
  }
}

}  // namespace gpuselect::render
