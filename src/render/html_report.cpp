// The HTML report: one self-contained file (inline CSS and SVG; no scripts, fonts, images or links).
#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "gpuselect/units.hpp"
#include "render/renderers.hpp"
#include "render/support.hpp"

namespace gpuselect::render::detail {
namespace {

using Align = TextTable::Align;
using text::Msg;
using text::say;

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
.ranking td:last-child{min-width:0}.stack{display:inline-flex}
td[data-label]::before{content:attr(data-label) ": ";font-weight:600;color:#57606a}})";

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

// A column header as the report writes it: capitalised in English ("Mode"); other languages have no case.
std::string capitalised(std::string_view name) {
  std::string text(name);
  if (!text.empty() && static_cast<unsigned char>(text[0]) < 0x80)
    text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

std::string candidate_title(const RecommendView& view, const scoring::Candidate& candidate, text::Lang lang) {
  const auto& offering = view.catalog.offerings[candidate.offering_index];
  return fmt::format("#{} {} ({}{}): {}, {}", candidate.rank, offering.id, mode_name(candidate.mode, lang),
                     candidate.nodes > 1 ? say(lang, Msg::html_candidate_nodes, candidate.nodes) : std::string(),
                     units::format_hours(candidate.hours),
                     units::format_money(candidate.total_cost, view.ranking.currency));
}

// Cost (y) against time (x) for every candidate; the Pareto frontier joined by a line.
std::string cost_time_chart(const RecommendView& view, text::Lang lang) {
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
      "aria-labelledby=\"chart-title\">\n<title id=\"chart-title\">{2}</title>\n",
      width, height, html_escape(text::message(Msg::html_chart_title, lang)));
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
  const std::string_view log_scale = text::message(Msg::html_chart_log_scale, lang);
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}{}</text>\n", px((left + width - right) / 2),
                     px(height - 18), html_escape(text::message(Msg::html_chart_wall_time, lang)),
                     x.log ? log_scale : "");
  svg += fmt::format("<text transform=\"translate(18 {}) rotate(-90)\" text-anchor=\"middle\">{}{}</text>\n",
                     px((top + height - bottom) / 2),
                     html_escape(say(lang, Msg::html_chart_job_cost, view.ranking.currency)), y.log ? log_scale : "");

  std::vector<const scoring::Candidate*> frontier;
  for (const auto& candidate : candidates) {
    if (candidate.pareto) {
      frontier.push_back(&candidate);
      continue;
    }
    svg += fmt::format("<circle class=\"point\" cx=\"{}\" cy=\"{}\" r=\"4\"><title>{}</title></circle>\n",
                       px(x.to_pixel(candidate.hours)), px(y.to_pixel(candidate.total_cost)),
                       html_escape(candidate_title(view, candidate, lang)));
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
          html_escape(candidate_title(view, *candidate, lang) + say(lang, Msg::html_chart_on_frontier)));
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

std::string stacked_bar(const scoring::Candidate& candidate, const scoring::Weights& weights, text::Lang lang) {
  std::string html = "<div class=\"stack\">";
  for (const auto criterion : scoring::all_criteria) {
    const auto index = static_cast<std::size_t>(criterion);
    const auto& part = candidate.criteria[index];
    html += fmt::format("<span style=\"width:{:.2f}%;background:{}\" title=\"{} {:.1f}{}{:.2f} = {:.2f}\"></span>",
                        std::clamp(round_score(part.contribution), 0.0, 100.0), criterion_colours[index],
                        criterion_name(criterion, lang), part.score, text::message(Msg::word_times, lang), weights[criterion],
                        part.contribution);
  }
  return html + "</div>";
}

std::string legend(text::Lang lang) {
  std::string html = "<p class=\"legend\">";
  for (const auto criterion : scoring::all_criteria) {
    html += fmt::format("<span><i style=\"background:{}\"></i>{}</span>",
                        criterion_colours[static_cast<std::size_t>(criterion)], criterion_name(criterion, lang));
  }
  // The marks the ranking's cells carry (the first message holds fixed markup only).
  html += fmt::format("<span>{}</span>", text::message(Msg::html_legend_pareto, lang));
  html += fmt::format("<span>{}</span>", html_escape(text::message(Msg::html_legend_extrapolated, lang)));
  html += fmt::format("<span>{}</span>", html_escape(say(lang, Msg::html_legend_estimated, estimated_mark)));
  return html + "</p>\n";
}

// Safe markup: each line of why a row ranks where it does, then its warning codes as chips with
// their text as a tooltip (the Warnings section spells them out).
std::string why_markup(const RecommendView& view, const scoring::Candidate& candidate, text::Lang lang) {
  std::string why;
  for (const auto& line : scoring::explain(view.catalog, view.ranking, candidate, lang))
    why += fmt::format("<div>{}</div>", html_escape(line));
  if (const std::string break_even = break_even_words(candidate, lang); !break_even.empty())
    why += fmt::format("<div>{}</div>", html_escape(break_even));
  if (const std::string spares = host_spare_words(view.ranking, candidate, lang); !spares.empty())
    why += fmt::format("<div>{}</div>", html_escape(spares));
  if (!candidate.warnings.empty()) {
    why += "<div>";
    for (const auto warning : candidate.warnings) {
      why += fmt::format("<span class=\"chip\" title=\"{}\">{}</span>",
                         html_escape(scoring::warning_text(view.catalog, view.ranking, candidate, warning, lang)),
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
  const text::Lang lang = style.lang;
  const auto header = [&](Msg id) { return capitalised(text::message(id, lang)); };
  grid.columns = {{"#", Align::right},
                  {header(Msg::col_offering)},
                  {header(Msg::col_gpus)},
                  {header(Msg::col_mode)},
                  {header(Msg::col_memory_per_gpu_long), Align::right},
                  {header(Msg::col_time), Align::right},
                  {header(Msg::col_cost), Align::right}};
  const bool serving = workload::kind_traits(ranking.kind).serving();
  const bool vision = workload::kind_traits(ranking.kind).serves_images();
  // image-inference: images/s per replica and one image's latency (docs/output.md).
  const bool diffusion = workload::kind_traits(ranking.kind).physics == workload::Physics::diffusion_serving;
  if (diffusion) grid.columns.push_back({header(Msg::col_images_per_s_replica), Align::right});
  if (serving) grid.columns.push_back({header(Msg::col_replicas_load), Align::right});
  if (serving)
    grid.columns.push_back({header(vision ? Msg::col_per_thousand_images : Msg::col_per_million_tokens), Align::right});
  grid.columns.insert(grid.columns.end(), {{header(Msg::col_score), Align::right},
                                           {header(Msg::col_contributions)},
                                           {header(Msg::section_why)}});
  grid.html.card_labels = true;
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
                                      rented_label(view.catalog, ranking, candidate, lang),
                                      std::string(mode_label(view.catalog, candidate, lang)),
                                      memory_label(memory.per_gpu.total_bytes, memory.gpu_capacity_bytes),
                                      hours_with_band(candidate, performance, ranking.risk_averse, lang),
                                      cost_label(view.catalog, ranking, candidate)};
    if (diffusion) cells.push_back(images_per_s_label(performance));
    if (serving) cells.push_back(load_label(ranking, candidate));
    if (serving) cells.push_back(unit_cost_label(ranking, candidate));
    cells.insert(cells.end(), {fmt::format("{:.1f}", shown_score(candidate.score)), stacked_bar(candidate, ranking.weights, lang),
                               why_markup(view, candidate, lang)});
    grid.rows.push_back(std::move(cells));
    grid.html.row_classes.emplace_back(candidate.pareto ? "pareto" : "");
  }
  return grid;
}

// Each criterion's 0-100 score as its own bar.
Grid criteria_grid(const RecommendView& view, std::size_t shown, text::Lang lang) {
  Grid grid;
  grid.html.table_class = "criteria";
  grid.html.card_labels = true;
  grid.columns = {{"#", Align::right}, {capitalised(text::message(Msg::col_offering, lang))}};
  for (const auto criterion : scoring::all_criteria)
    grid.columns.push_back(
        {fmt::format("{} ({:.2f})", criterion_name(criterion, lang), view.ranking.weights[criterion])});
  grid.html.markup_columns.assign(grid.columns.size(), true);
  grid.html.markup_columns[0] = grid.html.markup_columns[1] = false;
  for (std::size_t i = 0; i < shown; ++i) {
    const auto& candidate = view.ranking.candidates[i];
    std::vector<std::string> cells = {std::to_string(candidate.rank),
                                      text::say(lang, Msg::name_with_mode, view.catalog.offerings[candidate.offering_index].id,
                                                mode_name(candidate.mode, lang))};
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
Grid warnings_grid(const RecommendView& view, std::size_t shown, text::Lang lang) {
  Grid grid;
  grid.title = text::message(Msg::section_warnings, lang);
  grid.html.table_class = "warnings";
  grid.html.column_classes = {"warn"};
  grid.columns = {{std::string(text::message(Msg::col_code, lang))},
                  {std::string(text::message(Msg::col_rows, lang))},
                  {std::string(text::message(Msg::col_what_it_means, lang))}};
  for (const auto& group : warning_groups(view.catalog, view.ranking, shown, lang))
    grid.rows.push_back({group.code, rank_list(group.ranks), group.text});
  return grid;
}

// Run-wide notes, and the estimated-figure legend when a shown row carries the mark.
std::string notes_section(const RecommendView& view, std::size_t shown, text::Lang lang) {
  std::string items;
  for (const auto& note : view.ranking.notes)
    items += fmt::format("<li><b>{}</b>{}{}</li>\n", html_escape(note.code), text::message(Msg::md_label_separator, lang),
                         html_escape(note.text.say(lang)));
  for (std::size_t i = 0; i < shown; ++i) {
    if (cost_estimated(view.catalog, view.ranking.candidates[i])) {
      items += fmt::format("<li>{}</li>\n", html_escape(estimated_legend(lang)));
      break;
    }
  }
  return items.empty() ? std::string()
                       : fmt::format("<h2>{}</h2>\n<ul class=\"notes\">\n{}</ul>\n",
                                     html_escape(text::message(Msg::section_notes, lang)), items);
}

Grid excluded_grid(const RecommendView& view, text::Lang lang) {
  Grid grid;
  const auto header = [&](Msg id) { return capitalised(text::message(id, lang)); };
  grid.title = text::message(Msg::section_excluded, lang);
  grid.columns = {{header(Msg::col_offering)},
                  {header(Msg::col_mode)},
                  {header(Msg::col_nodes), Align::right},
                  {header(Msg::section_why)}};
  grid.html.markup_columns = {false, false, false, true};
  for (const auto& exclusion : view.ranking.excluded) {
    std::string reasons;
    for (const auto& reason : exclusion.reasons)
      reasons += fmt::format("<div>{}</div>", html_escape(scoring::reason_text(reason, view.ranking.currency, lang)));
    grid.rows.push_back(excluded_cells(view.catalog, exclusion, lang));
    grid.rows.back().push_back(std::move(reasons));
  }
  return grid;
}

// Every constraint of the request in words ("budget $200; deadline 48 h; ..."), the defaults
// included (max nodes, headroom, pricing modes), so a reader of the report knows what was asked.
std::string constraints_text(const RecommendView& view, text::Lang lang) {
  const auto& constraints = view.options.constraints;
  const std::string& currency = view.ranking.currency;
  std::string text;
  const std::string_view separator = text::message(Msg::list_separator, lang);
  const std::string_view comma = text::message(Msg::summary_list_separator, lang);
  auto list = [&](const std::vector<std::string>& names) { return joined(names, comma); };
  auto add = [&](const std::string& item) { append_separated(text, separator, item); };
  if (constraints.budget) add(say(lang, Msg::constraint_budget, units::format_money(*constraints.budget, currency)));
  if (constraints.deadline_hours)
    add(say(lang, Msg::constraint_deadline, units::format_hours(*constraints.deadline_hours)));
  if (!constraints.providers.empty()) add(say(lang, Msg::constraint_providers, list(constraints.providers)));
  if (!constraints.exclude_providers.empty())
    add(say(lang, Msg::constraint_not_providers, list(constraints.exclude_providers)));
  if (!constraints.regions.empty()) add(say(lang, Msg::constraint_regions, list(constraints.regions)));
  if (!constraints.gpus.empty()) add(say(lang, Msg::constraint_gpus, list(constraints.gpus)));
  if (!constraints.requirements.empty()) add(say(lang, Msg::constraint_requires, list(constraints.requirements)));
  std::vector<std::string> modes;
  for (const auto mode : constraints.pricing_modes) modes.emplace_back(mode_name(mode, lang));
  add(say(lang, Msg::constraint_pricing,
          modes.empty() ? std::string(text::message(Msg::constraint_pricing_any, lang)) : list(modes)));
  add(say(lang, Msg::constraint_max_nodes, constraints.max_nodes));
  add(say(lang, Msg::constraint_headroom, constraints.min_headroom_pct));
  auto bounds = [](const resources::Bounds& range, std::string_view unit) {
    return fmt::format("{}..{}", range.min ? plain_number(*range.min) + std::string(unit) : "",
                       range.max ? plain_number(*range.max) + std::string(unit) : "");
  };
  if (constraints.gpu_memory_gb.any())
    add(say(lang, Msg::constraint_gpu_memory, bounds(constraints.gpu_memory_gb, "GB")));
  if (constraints.gpu_count.any()) add(say(lang, Msg::constraint_gpu_count, bounds(constraints.gpu_count, "")));
  if (constraints.max_price_per_hour)
    add(say(lang, Msg::constraint_max_price,
            units::format_money(*constraints.max_price_per_hour, constraints.max_price_currency)));
  return text;
}

// How old the prices are: the oldest and newest as_of of the offerings ranked, and the stored
// update when one is overlaid.
std::string prices_text(const RecommendView& view, text::Lang lang) {
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
    text = oldest == newest ? say(lang, Msg::prices_as_of, oldest) : say(lang, Msg::prices_as_of_range, oldest, newest);
  if (view.price_update)
    append_separated(text, text::message(Msg::list_separator, lang), price_update_line(*view.price_update, lang));
  return text;
}

}  // namespace

std::string_view page_css() { return page_css_text; }

std::string html_page(std::string_view title, std::string_view body, const Style& style) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n"
      "<style>\n{}\n</style>\n</head>\n<body>\n{}<footer>{}</footer>\n</body>\n</html>\n",
      text::message(Msg::html_lang, style.lang), html_escape(title), page_css_text, body,
      html_escape(say(style.lang, Msg::section_generated_by, style.generated_by)));
}

void recommend_html(std::ostream& out, const RecommendView& view, const Style& style) {
  const auto& ranking = view.ranking;
  const text::Lang lang = style.lang;
  const auto message = [&](Msg id) { return html_escape(text::message(id, lang)); };
  const std::size_t shown = shown_count(ranking.candidates.size(), style.top);
  const JobSummary summary = job_summary(view.profile, &view.ranking, lang);
  std::string body = fmt::format("<h1>{}</h1>\n<dl class=\"job\">\n", message(Msg::html_title_recommend));
  auto fact = [&](Msg name, const std::string& value) {
    if (!value.empty()) body += fmt::format("<dt>{}</dt><dd>{}</dd>\n", message(name), html_escape(value));
  };
  fact(Msg::fact_job, summary.job);
  fact(Msg::fact_tokens, summary.tokens);
  fact(Msg::fact_serving, summary.serving);
  fact(Msg::fact_session, summary.session);
  if (!ranking.candidates.empty())
    fact(Msg::html_fact_plan_first, plan_label(ranking.performance_of(ranking.candidates.front()).memory.plan, lang));
  fact(Msg::html_fact_constraints, constraints_text(view, lang));
  fact(Msg::fact_weights, summary.weights);
  fact(Msg::fact_currency, summary.currency);
  fact(Msg::html_fact_command, view.command_line);
  fact(Msg::html_fact_date, view.options.today);
  fact(Msg::fact_prices, prices_text(view, lang));
  std::string digests;
  for (const auto& file : view.catalog_files) append_separated(digests, "; ", file.name + " " + file.digest);
  fact(Msg::html_fact_catalog, digests);
  fact(Msg::html_fact_candidates,
       say(lang, Msg::html_candidates_value, ranking.candidates.size(), shown, ranking.excluded.size()));
  body += "</dl>\n";
  if (ranking.candidates.empty()) {
    body += "<p>" + html_escape(scoring::none_fits_words(ranking, lang)) + "</p>\n";
  } else {
    body += fmt::format("<h2>{}</h2>\n", message(Msg::html_section_ranking));
    body += legend(lang);
    body += grid_html(ranking_grid(view, shown, style));
    body += notes_section(view, shown, lang);
    if (const Grid warnings = warnings_grid(view, shown, lang); !warnings.rows.empty()) body += grid_html(warnings);
    body += fmt::format("<h2>{}</h2>\n", message(Msg::html_section_criteria));
    body += grid_html(criteria_grid(view, shown, lang));
    body += fmt::format("<h2>{}</h2>\n<p class=\"note\">{}</p>\n", message(Msg::html_section_chart),
                        message(Msg::html_chart_note));
    body += cost_time_chart(view, lang);
    if (ranking.sensitivity) {
      const auto& sensitivity = *ranking.sensitivity;
      const std::string_view verdict =
          text::message(sensitivity.robust ? Msg::sensitivity_robust : Msg::html_not_robust, lang);
      body += fmt::format("<h2>{}</h2>\n<p>{}</p>\n", message(Msg::section_sensitivity),
                          html_escape(say(lang, Msg::html_sensitivity, sensitivity.top1_share * 100,
                                          sensitivity.samples, sensitivity.seed, verdict)));
    }
  }
  if (style.show_excluded && !ranking.excluded.empty()) body += grid_html(excluded_grid(view, lang));
  out << html_page(text::message(Msg::html_title_recommend, lang), body, style);
}

}  // namespace gpuselect::render::detail
