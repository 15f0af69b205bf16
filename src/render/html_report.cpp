// The HTML report: one self-contained file (inline CSS and SVG; no scripts, fonts, images or links).
#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "gpuselect/units.hpp"
#include "render/renderers.hpp"
#include "render/support.hpp"

namespace gpuselect::render::detail {
namespace {

using Align = TextTable::Align;

// One colour per criterion, in all_criteria order (Okabe-Ito palette, readable with colour blindness).
constexpr std::array<std::string_view, scoring::criterion_count> criterion_colours = {"#0072b2", "#e69f00", "#009e73",
                                                                                      "#cc79a7", "#56b4e9"};

// The page style sheet, written once: the committed HTML fixture holds a marker in its place
// (check_fixture in tests/test_render.cpp).
constexpr std::string_view page_css_text =
    R"(body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem;color:#1b1f24;background:#fff;max-width:1400px}
h1{font-size:1.5rem;margin:0 0 1rem}h2{font-size:1.15rem;margin:1.8rem 0 .6rem}
table{border-collapse:collapse;font-size:.86rem;margin:.4rem 0}th,td{padding:.3rem .55rem;border-bottom:1px solid #d8dee4;text-align:left;vertical-align:top}
th{background:#f3f5f7}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
dl.job{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;font-size:.92rem}dl.job dt{font-weight:600}dl.job dd{margin:0}
.stack{display:flex;width:120px;height:12px;background:#eef1f4;border-radius:2px;overflow:hidden}.stack span{display:block;height:100%}
.meter{width:90px;height:10px;background:#eef1f4;border-radius:2px;display:inline-block;vertical-align:middle;margin-right:.4rem}.meter span{display:block;height:100%;border-radius:2px}
.legend span{display:inline-block;margin-right:1rem;font-size:.82rem}.legend i{display:inline-block;width:10px;height:10px;margin-right:.3rem;vertical-align:middle}
td.num,.ranking td:nth-child(4){white-space:nowrap}.ranking{width:100%}.ranking td:nth-child(2){overflow-wrap:anywhere}.ranking td:last-child{min-width:14rem}
.chip{display:inline-block;font-size:.72rem;padding:0 .35rem;margin:.15rem .25rem 0 0;border:1px solid #d4a72c;border-radius:3px;background:#fff8c5;color:#6f4b00}
tr.pareto td:first-child{font-weight:700}.warn{color:#8a4b00}.note{color:#57606a;font-size:.85rem}
svg text{font-family:system-ui,sans-serif;font-size:11px;fill:#1b1f24}svg .grid{stroke:#e4e8ec}svg .axis{stroke:#57606a}
svg .point{fill:#8c959f;fill-opacity:.75}svg .frontier{fill:none;stroke:#d1242f;stroke-width:2}svg .frontier-point{fill:#d1242f;stroke:#fff;stroke-width:1}
footer{margin-top:2rem;color:#57606a;font-size:.8rem}
svg.chart{width:100%;max-width:760px;height:auto}
@media (max-width:700px){body{margin:.8rem}dl.job{grid-template-columns:1fr}dl.job dd{margin:0 0 .4rem}
table,thead,tbody,tr,td{display:block;width:auto}thead{display:none}tr{border:1px solid #d8dee4;border-radius:4px;margin:.5rem 0;padding:.3rem}
td{border:0;padding:.12rem .3rem;text-align:left!important;white-space:normal!important;overflow-wrap:anywhere}
.ranking td:last-child{min-width:0}.stack{display:inline-flex}})";

// A scale from data values to pixels; logarithmic when the data spans a factor of 10 or more.
struct Axis {
  double low = 0;
  double high = 1;
  bool log = false;
  double pixel_from = 0;
  double pixel_to = 1;
  std::vector<double> ticks;

  double to_pixel(double value) const {
    const double position =
        log ? (std::log10(std::max(value, low)) - std::log10(low)) / (std::log10(high) - std::log10(low))
            : (value - low) / (high - low);
    return pixel_from + position * (pixel_to - pixel_from);
  }
};

// 1, 2 or 5 times a power of ten: the step for about `count` intervals across `span`.
double nice_step(double span, int count) {
  const double raw = span / count;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (const double factor : {1.0, 2.0, 5.0})
    if (raw <= factor * power) return factor * power;
  return 10.0 * power;
}

Axis make_axis(std::vector<double> values, double pixel_from, double pixel_to) {
  Axis axis;
  axis.pixel_from = pixel_from;
  axis.pixel_to = pixel_to;
  values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return !std::isfinite(v) || v < 0; }),
               values.end());
  const double smallest = values.empty() ? 0 : *std::min_element(values.begin(), values.end());
  const double largest = values.empty() ? 1 : *std::max_element(values.begin(), values.end());
  if (smallest > 0 && largest / smallest >= 10) {
    axis.log = true;
    const int first_decade = static_cast<int>(std::floor(std::log10(smallest)));
    const int last_decade = static_cast<int>(std::ceil(std::log10(largest)));
    // The axis runs from the 1-2-5 step at or below the smallest value to the one at or above the
    // largest; ticks at every 1-2-5 step over up to 3 decades, else at powers of ten.
    std::vector<double> steps;
    for (int decade = first_decade; decade <= last_decade; ++decade)
      for (const double factor : {1.0, 2.0, 5.0}) steps.push_back(factor * std::pow(10.0, decade));
    axis.low = steps.front();
    for (const double step : steps)
      if (step <= smallest) axis.low = step;
    axis.high = steps.back();
    // steps ascend: the first at or above the largest value.
    const auto high = std::find_if(steps.begin(), steps.end(), [&](double step) { return step >= largest; });
    if (high != steps.end()) axis.high = *high;
    const bool dense = last_decade - first_decade <= 3;
    for (const double step : steps) {
      const bool power_of_ten = std::fabs(std::log10(step) - std::round(std::log10(step))) < 1e-9;
      if (step >= axis.low && step <= axis.high && (dense || power_of_ten || step == axis.low || step == axis.high))
        axis.ticks.push_back(step);
    }
    return axis;
  }
  const double top = largest > 0 ? largest : 1;
  const double step = nice_step(top, 5);
  axis.low = 0;
  axis.high = std::ceil(top * 1.05 / step) * step;
  for (double tick = 0; tick <= axis.high + step / 2; tick += step) axis.ticks.push_back(tick);
  return axis;
}

std::string px(double value) { return fmt::format("{:.1f}", value); }

std::string candidate_title(const RecommendView& view, const scoring::Candidate& candidate) {
  const auto& offering = view.catalog.offerings[candidate.offering_index];
  return fmt::format("#{} {} ({}{}): {}, {}", candidate.rank, offering.id, catalog::to_string(candidate.mode),
                     candidate.nodes > 1 ? fmt::format(", {} nodes", candidate.nodes) : std::string(),
                     units::format_hours(candidate.hours),
                     units::format_money(candidate.total_cost, view.ranking.currency));
}

// Cost (y) against time (x) for every candidate; the Pareto frontier joined by a line.
std::string cost_time_chart(const RecommendView& view) {
  const auto& candidates = view.ranking.candidates;
  constexpr double width = 760, height = 440, left = 90, right = 24, top = 20, bottom = 64;
  std::vector<double> hours, costs;
  for (const auto& candidate : candidates) {
    hours.push_back(candidate.hours);
    costs.push_back(candidate.total_cost);
  }
  const Axis x = make_axis(hours, left, width - right);
  const Axis y = make_axis(costs, height - bottom, top);
  std::string svg = fmt::format(
      "<svg class=\"chart\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" role=\"img\" "
      "aria-labelledby=\"chart-title\">\n<title id=\"chart-title\">Job cost against wall time; the Pareto frontier "
      "in red</title>\n",
      width, height);
  for (const double tick : x.ticks) {
    const std::string at = px(x.to_pixel(tick));
    svg += fmt::format("<line class=\"grid\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>", at, px(top),
                       px(height - bottom));
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", at, px(height - bottom + 16),
                       html_escape(units::format_hours(tick)));
  }
  for (const double tick : y.ticks) {
    const std::string at = px(y.to_pixel(tick));
    svg += fmt::format("<line class=\"grid\" x1=\"{1}\" y1=\"{0}\" x2=\"{2}\" y2=\"{0}\"/>", at, px(left),
                       px(width - right));
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\" dominant-baseline=\"middle\">{}</text>\n",
                       px(left - 6), at, html_escape(units::format_money(tick, view.ranking.currency)));
  }
  svg += fmt::format("<line class=\"axis\" x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/>", px(left),
                     px(height - bottom), px(width - right));
  svg += fmt::format("<line class=\"axis\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n", px(left), px(top),
                     px(height - bottom));
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">Wall time{}</text>\n",
                     px((left + width - right) / 2), px(height - 18), x.log ? " (log scale)" : "");
  svg += fmt::format("<text transform=\"translate(18 {}) rotate(-90)\" text-anchor=\"middle\">Job cost, {}{}</text>\n",
                     px((top + height - bottom) / 2), html_escape(view.ranking.currency), y.log ? " (log scale)" : "");

  std::vector<const scoring::Candidate*> frontier;
  for (const auto& candidate : candidates) {
    if (candidate.pareto) {
      frontier.push_back(&candidate);
      continue;
    }
    svg += fmt::format("<circle class=\"point\" cx=\"{}\" cy=\"{}\" r=\"4\"><title>{}</title></circle>\n",
                       px(x.to_pixel(candidate.hours)), px(y.to_pixel(candidate.total_cost)),
                       html_escape(candidate_title(view, candidate)));
  }
  std::sort(frontier.begin(), frontier.end(), [](const auto* a, const auto* b) {
    return a->hours != b->hours ? a->hours < b->hours : a->total_cost > b->total_cost;
  });
  if (!frontier.empty()) {
    std::string path;
    for (const auto* candidate : frontier) {
      path += fmt::format("{}{} {}", path.empty() ? "M" : " L", px(x.to_pixel(candidate->hours)),
                          px(y.to_pixel(candidate->total_cost)));
    }
    svg += fmt::format("<path class=\"frontier\" d=\"{}\"/>\n", path);
    // Rank labels never overlap: each takes the first free place around its diamond, else none (its
    // title still names it). Boxes are estimated at 7 px per character of 11 px text.
    struct Box {
      double left, top, right, bottom;
    };
    std::vector<Box> placed;
    constexpr double character_px = 7, text_px = 12;
    for (const auto* candidate : frontier) {
      const double cx = x.to_pixel(candidate->hours);
      const double cy = y.to_pixel(candidate->total_cost);
      // A diamond, so the frontier reads without colour too.
      svg += fmt::format(
          "<path class=\"frontier-point\" d=\"M{} {} L{} {} L{} {} L{} {} Z\"><title>{}</title></path>", px(cx),
          px(cy - 7), px(cx + 7), px(cy), px(cx), px(cy + 7), px(cx - 7), px(cy),
          html_escape(candidate_title(view, *candidate) + ", on the Pareto frontier"));
      const std::string label = fmt::format("#{}", candidate->rank);
      const double label_px = character_px * static_cast<double>(label.size());
      const std::array<std::pair<double, double>, 4> offsets{
          {{9, -6}, {9, 14}, {-9 - label_px, -6}, {-9 - label_px, 14}}};  // baseline-left corners
      for (const auto& [dx, dy] : offsets) {
        const Box box{cx + dx, cy + dy - text_px + 2, cx + dx + label_px, cy + dy + 2};
        const bool free = std::none_of(placed.begin(), placed.end(), [&](const Box& other) {
          return box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom;
        });
        if (!free || box.left < left || box.right > width || box.top < 0 || box.bottom > height - bottom) continue;
        placed.push_back(box);
        svg += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>", px(cx + dx), px(cy + dy), label);
        break;
      }
      svg += "\n";
    }
  }
  svg += "</svg>\n";
  return svg;
}

std::string stacked_bar(const scoring::Candidate& candidate) {
  std::string html = "<div class=\"stack\">";
  for (const auto criterion : scoring::all_criteria) {
    const auto index = static_cast<std::size_t>(criterion);
    const auto& part = candidate.criteria[index];
    html += fmt::format("<span style=\"width:{:.2f}%;background:{}\" title=\"{} {:.1f} x {:.2f} = {:.2f}\"></span>",
                        std::clamp(round_score(part.contribution), 0.0, 100.0), criterion_colours[index],
                        scoring::to_string(criterion), part.score, part.weight, part.contribution);
  }
  return html + "</div>";
}

std::string legend() {
  std::string html = "<p class=\"legend\">";
  for (const auto criterion : scoring::all_criteria) {
    html += fmt::format("<span><i style=\"background:{}\"></i>{}</span>",
                        criterion_colours[static_cast<std::size_t>(criterion)], scoring::to_string(criterion));
  }
  // The marks the ranking's cells carry.
  html += "<span><b>bold #</b> on the cost-time Pareto frontier</span>";
  html += "<span>* time outside the calibrated range (extrapolated)</span>";
  html += fmt::format("<span>{} cost rests on an estimated price or spot rate</span>", html_escape(estimated_mark));
  return html + "</p>\n";
}

// Safe markup: each line of why a row ranks where it does, then its warning codes as chips with
// their text as a tooltip (the Warnings section spells them out).
std::string why_markup(const RecommendView& view, const scoring::Candidate& candidate) {
  std::string why;
  for (const auto& line : scoring::explain(view.catalog, view.ranking, candidate))
    why += fmt::format("<div>{}</div>", html_escape(line));
  if (!candidate.warnings.empty()) {
    why += "<div>";
    for (const auto warning : candidate.warnings) {
      why += fmt::format("<span class=\"chip\" title=\"{}\">{}</span>",
                         html_escape(scoring::warning_text(view.catalog, view.ranking, candidate, warning)),
                         html_escape(scoring::warning_code(warning)));
    }
    why += "</div>";
  }
  return why;
}

Grid ranking_grid(const RecommendView& view, std::size_t shown, const Style& style) {
  const auto& ranking = view.ranking;
  Grid grid;
  grid.html.table_class = "ranking";
  grid.columns = {{"#", Align::right},    {"Offering"},          {"GPUs"}, {"Mode"}, {"Memory/GPU", Align::right},
                  {"Time", Align::right}, {"Cost", Align::right}};
  const bool serving = workload::is_serving(ranking.kind);
  const bool vision = ranking.kind == workload::Kind::cv_inference;
  if (serving) grid.columns.push_back({"Replicas @load", Align::right});
  if (serving) grid.columns.push_back({vision ? "$/1000 images" : "$/M tokens", Align::right});
  grid.columns.insert(grid.columns.end(), {{"Score", Align::right}, {"Contributions"}, {"Why"}});
  grid.html.markup_columns.assign(grid.columns.size(), false);
  grid.html.markup_columns[grid.columns.size() - 2] = true;  // Contributions: the stacked bar
  grid.html.markup_columns[grid.columns.size() - 1] = true;  // Why
  for (std::size_t i = 0; i < shown; ++i) {
    const auto& candidate = ranking.candidates[i];
    const auto& performance = ranking.performance_of(candidate);
    const auto& memory = performance.memory;
    const bool marked = style.show_pareto && candidate.pareto;
    std::vector<std::string> cells = {fmt::format("{}{}", candidate.rank, marked ? "*" : ""),
                                      view.catalog.offerings[candidate.offering_index].id,
                                      rented_label(view.catalog, ranking, candidate),
                                      std::string(mode_label(view.catalog, candidate)),
                                      memory_label(memory.per_gpu.total_bytes, memory.gpu_capacity_bytes),
                                      hours_with_band(candidate, performance, ranking.risk_averse),
                                      cost_label(view.catalog, ranking, candidate)};
    if (serving) cells.push_back(load_label(ranking, candidate));
    if (serving) cells.push_back(unit_cost_label(ranking, candidate));
    cells.insert(cells.end(), {fmt::format("{:.1f}", rounded_score(candidate)), stacked_bar(candidate),
                               why_markup(view, candidate)});
    grid.rows.push_back(std::move(cells));
    grid.html.row_classes.emplace_back(candidate.pareto ? "pareto" : "");
  }
  return grid;
}

// Each criterion's 0-100 score as its own bar.
Grid criteria_grid(const RecommendView& view, std::size_t shown) {
  Grid grid;
  grid.html.table_class = "criteria";
  grid.columns = {{"#", Align::right}, {"Offering"}};
  for (const auto criterion : scoring::all_criteria)
    grid.columns.push_back(
        {fmt::format("{} ({:.2f})", scoring::to_string(criterion), view.ranking.weights[criterion])});
  grid.html.markup_columns.assign(grid.columns.size(), true);
  grid.html.markup_columns[0] = grid.html.markup_columns[1] = false;
  for (std::size_t i = 0; i < shown; ++i) {
    const auto& candidate = view.ranking.candidates[i];
    std::vector<std::string> cells = {std::to_string(candidate.rank),
                                      fmt::format("{} ({})", view.catalog.offerings[candidate.offering_index].id,
                                                  catalog::to_string(candidate.mode))};
    for (const auto criterion : scoring::all_criteria) {
      const auto index = static_cast<std::size_t>(criterion);
      const double score = std::clamp(round_score(candidate.criteria[index].score), 0.0, 100.0);
      cells.push_back(
          fmt::format("<span class=\"meter\"><span style=\"width:{:.2f}%;background:{}\"></span></span>{:.1f}", score,
                      criterion_colours[index], score));
    }
    grid.rows.push_back(std::move(cells));
  }
  return grid;
}

// Each distinct warning once with the ranks it concerns: every row's own facts (two providers'
// egress prices are two lines).
Grid warnings_grid(const RecommendView& view, std::size_t shown) {
  Grid grid;
  grid.title = "Warnings";
  grid.html.table_class = "warnings";
  grid.html.column_classes = {"warn"};
  grid.columns = {{"Code"}, {"Rows"}, {"What it means"}};
  for (const auto& group : warning_groups(view.catalog, view.ranking, shown))
    grid.rows.push_back({group.code, rank_list(group.ranks), group.text});
  return grid;
}

// Run-wide notes, and the estimated-figure legend when a shown row carries the mark.
std::string notes_section(const RecommendView& view, std::size_t shown) {
  std::string items;
  for (const auto& note : view.ranking.notes)
    items += fmt::format("<li><b>{}</b>: {}</li>\n", html_escape(note.code), html_escape(note.text));
  for (std::size_t i = 0; i < shown; ++i) {
    if (cost_estimated(view.catalog, view.ranking.candidates[i])) {
      items += fmt::format("<li>{}</li>\n", html_escape(estimated_legend()));
      break;
    }
  }
  return items.empty() ? std::string() : "<h2>Notes</h2>\n<ul class=\"notes\">\n" + items + "</ul>\n";
}

Grid excluded_grid(const RecommendView& view) {
  Grid grid;
  grid.title = "Excluded";
  grid.columns = {{"Offering"}, {"Mode"}, {"Nodes", Align::right}, {"Why"}};
  grid.html.markup_columns = {false, false, false, true};
  for (const auto& exclusion : view.ranking.excluded) {
    std::string reasons;
    for (const auto& reason : exclusion.reasons)
      reasons += fmt::format("<div>{}</div>", html_escape(scoring::reason_text(reason, view.ranking.currency)));
    grid.rows.push_back(excluded_cells(view.catalog, exclusion));
    grid.rows.back().push_back(std::move(reasons));
  }
  return grid;
}

// Every constraint of the request in words ("budget $200; deadline 48 h; ..."), the defaults
// included (max nodes, headroom, pricing modes), so a reader of the report knows what was asked.
std::string constraints_text(const RecommendView& view) {
  const auto& constraints = view.options.constraints;
  const std::string& currency = view.ranking.currency;
  std::string text;
  auto list = [](const std::vector<std::string>& names) { return joined(names, ", "); };
  if (constraints.budget) append_separated(text, "; ", "budget " + units::format_money(*constraints.budget, currency));
  if (constraints.deadline_hours)
    append_separated(text, "; ", "deadline " + units::format_hours(*constraints.deadline_hours));
  if (!constraints.providers.empty()) append_separated(text, "; ", "providers " + list(constraints.providers));
  if (!constraints.exclude_providers.empty())
    append_separated(text, "; ", "not providers " + list(constraints.exclude_providers));
  if (!constraints.regions.empty()) append_separated(text, "; ", "regions " + list(constraints.regions));
  if (!constraints.gpus.empty()) append_separated(text, "; ", "GPUs " + list(constraints.gpus));
  if (!constraints.requirements.empty()) append_separated(text, "; ", "requires " + list(constraints.requirements));
  std::vector<std::string> modes;
  for (const auto mode : constraints.pricing_modes) modes.emplace_back(catalog::to_string(mode));
  append_separated(text, "; ", "pricing " + (modes.empty() ? std::string("any") : list(modes)));
  append_separated(text, "; ", fmt::format("max nodes {}", constraints.max_nodes));
  append_separated(text, "; ", fmt::format("GPU memory kept free {:g}%", view.profile.headroom_pct));
  auto bounds = [](const resources::Bounds& range, std::string_view unit) {
    return fmt::format("{}..{}", range.min ? plain_number(*range.min) + std::string(unit) : "",
                       range.max ? plain_number(*range.max) + std::string(unit) : "");
  };
  if (constraints.gpu_memory_gb.any()) append_separated(text, "; ", "GPU memory " + bounds(constraints.gpu_memory_gb, "GB"));
  if (constraints.gpu_count.any()) append_separated(text, "; ", "GPUs per instance " + bounds(constraints.gpu_count, ""));
  if (constraints.max_price_per_hour)
    append_separated(text, "; ", "max price " +
                                     units::format_money(*constraints.max_price_per_hour, constraints.max_price_currency) +
                                     " per instance-hour");
  return text;
}

// How old the prices are: the oldest and newest as_of of the offerings ranked, and the stored
// update when one is overlaid.
std::string prices_text(const RecommendView& view) {
  std::string oldest;
  std::string newest;
  for (const auto& candidate : view.ranking.candidates) {
    const std::string& as_of = view.catalog.offerings[candidate.offering_index].as_of;
    if (as_of.empty()) continue;
    if (oldest.empty() || as_of < oldest) oldest = as_of;
    if (newest.empty() || as_of > newest) newest = as_of;
  }
  std::string text;
  if (!oldest.empty())
    text = oldest == newest ? "as of " + oldest : fmt::format("as of {} to {}", oldest, newest);
  if (view.price_update) append_separated(text, "; ", price_update_line(*view.price_update));
  return text;
}

}  // namespace

std::string_view page_css() { return page_css_text; }

std::string html_page(std::string_view title, std::string_view body, const Style& style) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n"
      "<style>\n{}\n</style>\n</head>\n<body>\n{}<footer>Generated by {}</footer>\n</body>\n</html>\n",
      html_escape(title), page_css_text, body, html_escape(style.generated_by));
}

void recommend_html(std::ostream& out, const RecommendView& view, const Style& style) {
  const auto& ranking = view.ranking;
  const std::size_t shown = shown_count(ranking.candidates.size(), style.top);
  const JobSummary summary = job_summary(view.profile, &view.ranking);
  std::string body = "<h1>gpuselect recommendation</h1>\n<dl class=\"job\">\n";
  auto fact = [&](std::string_view name, const std::string& value) {
    if (!value.empty()) body += fmt::format("<dt>{}</dt><dd>{}</dd>\n", name, html_escape(value));
  };
  fact("Job", summary.job);
  fact("Tokens", summary.tokens);
  fact("Serving", summary.serving);
  fact("Session", summary.session);
  if (!ranking.candidates.empty()) fact("Plan (#1)", plan_label(ranking.performance_of(ranking.candidates.front()).memory.plan));
  fact("Constraints", constraints_text(view));
  fact("Weights", summary.weights);
  fact("Currency", summary.currency);
  fact("Date", view.options.today);
  fact("Prices", prices_text(view));
  std::string digests;
  for (const auto& file : view.catalog_files) append_separated(digests, "; ", file.name + " " + file.digest);
  fact("Catalog", digests);
  fact("Candidates",
       fmt::format("{} ranked, {} shown, {} excluded", ranking.candidates.size(), shown, ranking.excluded.size()));
  body += "</dl>\n";
  if (ranking.candidates.empty()) {
    body += "<p>No offering satisfies this job and its constraints.";
    if (ranking.top_exclusion)
      body += fmt::format(" Most were removed by {}.", html_escape(scoring::to_string(*ranking.top_exclusion)));
    body += "</p>\n";
  } else {
    body += "<h2>Ranking</h2>\n";
    body += legend();
    body += grid_html(ranking_grid(view, shown, style));
    body += notes_section(view, shown);
    if (const Grid warnings = warnings_grid(view, shown); !warnings.rows.empty()) body += grid_html(warnings);
    body += "<h2>Criteria</h2>\n";
    body += grid_html(criteria_grid(view, shown));
    body +=
        "<h2>Cost against time</h2>\n<p class=\"note\">Every candidate; red diamonds joined by a line are the "
        "Pareto frontier (no other candidate is both cheaper and faster).</p>\n";
    body += cost_time_chart(view);
    if (ranking.sensitivity) {
      const auto& sensitivity = *ranking.sensitivity;
      body += fmt::format("<h2>Sensitivity</h2>\n<p>#1 stays first in {:.0f}% of {} samples (seed {}): {}.</p>\n",
                          sensitivity.top1_share * 100, sensitivity.samples, sensitivity.seed,
                          sensitivity.robust ? "robust" : "not robust, the order depends on the weights");
    }
  }
  if (style.show_excluded && !ranking.excluded.empty()) body += grid_html(excluded_grid(view));
  out << html_page("gpuselect recommendation", body, style);
}

}  // namespace gpuselect::render::detail
