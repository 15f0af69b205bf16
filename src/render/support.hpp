#pragma once
// Helpers shared by the renderers: rounding for deterministic numbers, labels for people, escaping.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/catalog.hpp"
#include "gpuselect/estimate.hpp"
#include "gpuselect/explain.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/render.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/workload.hpp"

namespace gpuselect::render::detail {

// Rounding contract of every JSON and CSV number (docs/output.md "Numbers"):
// money to cents, scores and contributions to 2 decimals, weights and shares to 4 decimals,
// hours, FLOPs and rates to 4 significant digits, bytes as integers.
double round_decimals(double value, int decimals);
double round_significant(double value, int digits);
inline double round_money(double amount) { return round_decimals(amount, 2); }
inline double round_score(double score) { return round_decimals(score, 2); }
// The score a table shows, to one decimal as the ranking sorts it (scoring::rank's key,
// std::round(score x 10)): the 2-decimal figure rounded again showed 92.949 as 93.0 below a 92.9
// (expert review 41, M1).
inline double shown_score(double score) { return std::round(score * 10) / 10; }
inline double round_weight(double weight) { return round_decimals(weight, 4); }
inline double round_figure(double value) { return round_significant(value, 4); }
std::int64_t whole_bytes(double bytes);

// The parts of a plan's memory per GPU, in the order every format lists them: the JSON key, the
// words for people, the member.
struct MemoryPart {
  std::string_view json_key;
  std::string_view label;
  double estimate::MemoryPerGpu::*bytes;
};
inline constexpr std::array<MemoryPart, 7> memory_parts{{
    {"weights_bytes", "weights", &estimate::MemoryPerGpu::weights_bytes},
    {"gradients_bytes", "gradients", &estimate::MemoryPerGpu::gradients_bytes},
    {"optimizer_bytes", "optimizer states", &estimate::MemoryPerGpu::optimizer_bytes},
    {"activations_bytes", "activations", &estimate::MemoryPerGpu::activations_bytes},
    {"kv_cache_bytes", "KV cache", &estimate::MemoryPerGpu::kv_cache_bytes},
    {"overhead_bytes", "runtime overhead", &estimate::MemoryPerGpu::overhead_bytes},
    {"total_bytes", "total", &estimate::MemoryPerGpu::total_bytes},
}};

// A candidate's score rounded to 2 decimals. Rounding is monotonic, so shown scores never rise down
// the ranking (which sorts on the exact score).
double rounded_score(const scoring::Candidate& candidate);
// Its criteria's contributions in hundredths that add up to rounded_score exactly (largest remainder),
// so the parts shown sum to the score shown; indexed like Candidate::criteria.
std::array<double, scoring::criterion_count> rounded_contributions(const scoring::Candidate& candidate);

// "gpuselect 0.1.0"
std::string generator_name();

// "1.0e8": one decimal mantissa, plain exponent (no "+", no leading zeros).
std::string scientific(double value);
// A number for people with at most `decimals` decimals and no trailing zeros: "80", "0.25".
std::string plain_number(double value, int decimals = 2);

// "H100 SXM5 80GB": the GPU's name without the vendor prefix.
std::string gpu_short_name(const catalog::Gpu& gpu, text::Lang lang = text::Lang::en);
// "8x H100 SXM5 80GB", "0.25x A10 24GB", "8x H100 SXM5 80GB x2 nodes".
std::string gpu_label(const catalog::Catalog& catalog, const catalog::Offering& offering, int nodes,
                      text::Lang lang = text::Lang::en);
// What a row rents: "8x H100 SXM5 80GB", "8x H100 SXM5 80GB x2 nodes", serving "1x L4 24GB x4 instances"
// (instances from the row's own cost line).
std::string rented_label(const catalog::Catalog& catalog, const scoring::Ranking& ranking,
                         const scoring::Candidate& candidate, text::Lang lang = text::Lang::en);
// The row's job total, "~" in front when a figure behind it is estimated (price or spot rate).
std::string cost_label(const catalog::Catalog& catalog, const scoring::Ranking& ranking,
                       const scoring::Candidate& candidate);
inline constexpr std::string_view estimated_mark = "~";
// The legend line for estimated_mark, for the human formats.
std::string estimated_legend(text::Lang lang);
// Does the row's cost rest on an estimated price or spot rate?
bool cost_estimated(const catalog::Catalog& catalog, const scoring::Candidate& candidate);
// Images per second one replica serves: "1234" (cv-inference); image-inference adds the latency of one
// image, queueing included: "0.087 @11.5 s" (docs/output.md).
std::string images_per_s_label(const estimate::Performance& performance);
// Serving cost per million output tokens ("$0.42"), "" when not serving.
std::string unit_cost_label(const scoring::Ranking& ranking, const scoring::Candidate& candidate);
// Serving: the replicas and the load each carries, "3 @55%" (all replicas up; docs/output.md).
std::string load_label(const scoring::Ranking& ranking, const scoring::Candidate& candidate);
// Each distinct warning (code and text) once with the ranks it concerns, among the first `shown`
// candidates; ordered by code, then by first rank. Every row's own text: rows of one code whose
// facts differ (another provider's egress price) are separate groups.
struct WarningGroup {
  std::string code;
  std::vector<int> ranks;
  std::string text;
};
std::vector<WarningGroup> warning_groups(const catalog::Catalog& catalog, const scoring::Ranking& ranking,
                                         std::size_t shown, text::Lang lang = text::Lang::en);
std::string rank_list(const std::vector<int>& ranks);  // "#1, #3"
// The region a candidate was priced in, "" when the offering lists none.
std::string_view region_name(const catalog::Offering& offering, const scoring::Candidate& candidate);
// "us-east-1 +5": the region priced and how many other allowed regions sell the same mode.
std::string region_label(const catalog::Offering& offering, const scoring::Candidate& candidate,
                         text::Lang lang = text::Lang::en);
// "built-in catalog + prices updated 2026-11-30 (PATH)".
std::string price_update_line(const render::PriceUpdate& update, text::Lang lang = text::Lang::en);
// "61.2/85.9 GB": needed per GPU against capacity, both in decimal GB.
std::string memory_label(double needed_bytes, double capacity_bytes);
// "ZeRO-2, 8 GPUs x 1 node", "DP, optimizer offload, TP 2".
std::string plan_label(const estimate::Plan& plan, text::Lang lang = text::Lang::en);
// The pricing mode as people read it: "owned" for an owned cluster's row (its one rate is priced as
// on-demand; JSON and CSV keep "on-demand"), else catalog::to_string(mode).
std::string_view mode_label(const catalog::Catalog& catalog, const scoring::Candidate& candidate,
                            text::Lang lang = text::Lang::en);
// A pricing mode in `lang` (en: catalog::to_string).
std::string_view mode_name(catalog::PricingMode mode, text::Lang lang);
// A criterion in `lang` (en: scoring::to_string).
std::string_view criterion_name(scoring::Criterion criterion, text::Lang lang);
// An excluded row's offering, mode ("all modes" when the exclusion holds for every mode) and nodes:
// the first cells of every excluded table (text, markdown, CSV, HTML), which add the reasons.
std::vector<std::string> excluded_cells(const catalog::Catalog& catalog, const scoring::Exclusion& exclusion,
                                        text::Lang lang = text::Lang::en);
// The exclusion's reasons in words, joined by "; " (scoring::reason_text each).
std::string reasons_text(const scoring::Exclusion& exclusion, std::string_view currency,
                         text::Lang lang = text::Lang::en);
// A candidate's expected hours with the shape's error band scaled to them (training; band.high 0
// without a band). The band is the run's: the wait before the run (Candidate::queue_hours, the
// queue and the machine's setup) is added to each end as it is. risk_averse
// (scoring::Ranking::risk_averse): Candidate::hours is the band's upper end, so the expected run is
// taken back from it. What the table, JSON and CSV show.
struct HoursWithBand {
  double expected = 0;
  estimate::Band band;
};
HoursWithBand candidate_hours(const scoring::Candidate& candidate, const estimate::Performance& estimate,
                              bool risk_averse);
// "23 min (21 min-26 min)": candidate_hours in words, a trailing "*" when outside the calibrated
// regime; plain hours without a band. Chinese says the units in words ("23 分钟 (21 分钟-26 分钟)",
// text::joined_cjk).
std::string hours_with_band(const scoring::Candidate& candidate, const estimate::Performance& estimate,
                            bool risk_averse, text::Lang lang);
std::string_view plan_reason_name(estimate::PlanReason reason);
std::string_view zero_label(int zero_stage);

// The job in words, one line per fact, for the header of every human format.
struct JobSummary {
  std::string job;       // "llm-finetune: Llama 2 7B (6.7B params), full bf16, AdamW"
  std::string tokens;    // "1.0e8 tokens (default for llm-finetune)"; "" when not training
  std::string serving;   // "context 4096, batch 1, 2 req/s for 720 h"; "" when not serving
  std::string session;   // notebooks: "interactive, priced for 40.0 h, ..."; "" otherwise
  std::string weights;   // "balanced: stability 0.30, performance 0.25, ..."
  std::string currency;  // "USD (1 USD = 7.1 CNY, as of 2026-05-01)"
};
// A monthly or yearly row's break-even against hourly on-demand ("break-even against on-demand at
// 62% of the month's hours"); "" for other rows or without an on-demand price (JSON:
// break_even_utilisation_pct).
std::string break_even_words(const scoring::Candidate& candidate, text::Lang lang);
// Serving N+R where an instance holds several replicas: the spares run on instances of their own
// (model::instances_needed), said with the counts; empty otherwise (expert review zh, scenario 18).
std::string host_spare_words(const scoring::Ranking& ranking, const scoring::Candidate& candidate, text::Lang lang);
// A weight profile's name in the reader's language ("fine-tuning" is 微调; "+custom" when --weights changed it).
std::string profile_words(std::string_view name, text::Lang lang);
JobSummary job_summary(const workload::Profile& profile, const scoring::Ranking* ranking,
                       text::Lang lang = text::Lang::en);
// The job summary's first lines as "Job: ...", "Tokens: ..." (those that are not empty), in `lang`:
// the preamble of estimate and compare.
std::vector<std::string> summary_lines(const JobSummary& summary, text::Lang lang);
// Is a default recorded for this profile field ("tokens", "seq_len", ...)?
bool default_applied(const workload::Profile& profile, std::string_view field);

// Appends `item` to `text`, with `separator` before it unless `text` is empty.
void append_separated(std::string& text, std::string_view separator, std::string_view item);
std::string joined(const std::vector<std::string>& items, std::string_view separator);

std::string html_escape(std::string_view text);
// Escapes '|' and '\' and folds line breaks so text stays in one pipe-table cell.
std::string markdown_cell(std::string_view text);
// "| a | b |": each cell escaped with markdown_cell.
std::string markdown_row(const std::vector<std::string>& cells);

// The first `limit` candidates (all when limit <= 0).
std::size_t shown_count(std::size_t available, int limit);

// Spaces between two columns of a TextTable.
inline constexpr int table_column_gap = 2;
// Markdown list items and notes wrap here (a soft line break renders as a space), so a diff or a
// terminal shows the source without lines of hundreds of characters (assumption: a review tool's width).
inline constexpr int markdown_prose_columns = 100;
// No line of a human format is longer (docs/output.md "Width"): a markdown table whose rows would be
// is split into narrower tables (compare) or written as a list.
inline constexpr int human_line_limit_columns = 200;
// A UTF-8 prefix of `text` at most `width` columns wide, ending in "…" when cut.
std::string truncate_to_width(std::string_view text, int width);
// `text` in lines of at most `width` display columns, broken at spaces (a word wider than `width`
// is broken inside); one empty line for empty text. Nothing is lost but the spaces at the breaks.
std::vector<std::string> wrap_to_width(std::string_view text, int width);
// `text` wrapped to `width` with `lead` before the first line and `indent` spaces before the
// others, each line ending in '\n': prose sections of the human formats (nothing cut).
std::string wrapped(std::string_view lead, std::string_view text, int width, int indent);
// `text` as a markdown list item or paragraph: wrapped like `wrapped` at markdown_prose_columns, but
// only at a space already in the text, so the rendered page reads as the text (a soft line break is a
// space there; Chinese and long words stay whole, on a wider line).
std::string markdown_wrapped(std::string_view lead, std::string_view text, int indent);

}  // namespace gpuselect::render::detail
