#include "render/support.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"
#include "gpuselect/version.hpp"

namespace gpuselect::render::detail {

using text::Msg;
using text::say;

double round_decimals(double value, int decimals) {
  if (!std::isfinite(value)) return 0;
  // 10^0 .. 10^22 are exact doubles, equal to what std::pow returns for them: a table, not a pow
  // call per number written (JSON writes ~60 numbers a candidate).
  static constexpr std::array<double, 23> exact_powers = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                                          1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                                          1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const double scale = decimals >= 0 && decimals < static_cast<int>(exact_powers.size())
                           ? exact_powers[static_cast<std::size_t>(decimals)]
                           : std::pow(10.0, decimals);
  const double rounded = std::round(value * scale) / scale;
  return rounded == 0 ? 0.0 : rounded;  // no "-0"
}

double round_significant(double value, int digits) {
  if (!std::isfinite(value) || value == 0) return 0;
  const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
  const int decimals = digits - 1 - magnitude;
  if (decimals >= 0) return round_decimals(value, decimals);
  // Dividing by an exact power of ten keeps large values exact integers.
  const double scale = std::pow(10.0, -decimals);
  return std::round(value / scale) * scale;
}

std::int64_t whole_bytes(double bytes) {
  if (!std::isfinite(bytes) || bytes <= 0) return 0;
  return static_cast<std::int64_t>(std::llround(bytes));
}

double rounded_score(const scoring::Candidate& candidate) { return round_score(candidate.score); }

std::array<double, scoring::criterion_count> rounded_contributions(const scoring::Candidate& candidate) {
  std::array<long long, scoring::criterion_count> hundredths{};
  std::array<double, scoring::criterion_count> remainder{};
  long long assigned = 0;
  for (std::size_t index = 0; index < scoring::criterion_count; ++index) {
    const double contribution = candidate.criteria[index].contribution;
    const double scaled = std::isfinite(contribution) ? contribution * 100.0 : 0.0;
    hundredths[index] = static_cast<long long>(std::floor(scaled));
    remainder[index] = scaled - std::floor(scaled);
    assigned += hundredths[index];
  }
  const long long target = std::llround(rounded_score(candidate) * 100.0);
  // Hand the missing hundredths to the largest remainders (or take surplus from the smallest).
  std::array<std::size_t, scoring::criterion_count> order{};
  for (std::size_t index = 0; index < order.size(); ++index) order[index] = index;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return remainder[a] > remainder[b]; });
  for (std::size_t step = 0; assigned < target; ++step) {
    ++hundredths[order[step % order.size()]];
    ++assigned;
  }
  for (std::size_t step = 0; assigned > target; ++step) {
    --hundredths[order[order.size() - 1 - step % order.size()]];
    --assigned;
  }
  std::array<double, scoring::criterion_count> out{};
  for (std::size_t index = 0; index < out.size(); ++index) out[index] = static_cast<double>(hundredths[index]) / 100.0;
  return out;
}

std::string generator_name() { return std::string("gpuselect ") + version_string; }

std::string scientific(double value) {
  if (!std::isfinite(value) || value == 0) return "0";
  int exponent = static_cast<int>(std::floor(std::log10(std::fabs(value))));
  double mantissa = value / std::pow(10.0, exponent);
  // 9.96e8 rounds to "10.0e8": carry into the exponent.
  if (std::fabs(round_decimals(mantissa, 1)) >= 10.0) {
    mantissa /= 10.0;
    ++exponent;
  }
  return fmt::format("{:.1f}e{}", mantissa, exponent);
}

std::string plain_number(double value, int decimals) {
  std::string text = fmt::format("{:.{}f}", round_decimals(value, decimals), decimals);
  if (text.find('.') != std::string::npos) {
    while (!text.empty() && text.back() == '0') text.pop_back();
    if (!text.empty() && text.back() == '.') text.pop_back();
  }
  return text;
}

std::string gpu_short_name(const catalog::Gpu& gpu, text::Lang lang) {
  std::string_view name = gpu.name.empty() ? std::string_view(gpu.id) : catalog::display_name(gpu, lang);
  for (std::string_view prefix : {"NVIDIA ", "AMD ", "Nvidia "}) {
    if (name.starts_with(prefix)) {
      name.remove_prefix(prefix.size());
      break;
    }
  }
  return std::string(name);
}

std::string_view region_name(const catalog::Offering& offering, const scoring::Candidate& candidate) {
  return candidate.region < offering.regions.size() ? std::string_view(offering.regions[candidate.region])
                                                    : std::string_view{};
}

std::string region_label(const catalog::Offering& offering, const scoring::Candidate& candidate, text::Lang lang) {
  // The same price in every allowed region (no per-region prices): no region is the priced one.
  if (candidate.any_region) {
    return say(lang, Msg::region_any_of, candidate.other_regions + 1);
  }
  std::string label(region_name(offering, candidate));
  if (candidate.other_regions > 0) label += fmt::format(" +{}", candidate.other_regions);
  return label;
}

std::string price_update_line(const render::PriceUpdate& update, text::Lang lang) {
  return say(lang, Msg::fact_prices_value, update.as_of, update.path);
}

std::string gpu_label(const catalog::Catalog& catalog, const catalog::Offering& offering, int nodes, text::Lang lang) {
  const auto& gpu = catalog.gpu_of(offering);
  std::string label = offering.gpu_fraction < 1.0
                          ? fmt::format("{}x {}", plain_number(offering.gpu_fraction), gpu_short_name(gpu, lang))
                          : fmt::format("{}x {}", offering.gpu_count, gpu_short_name(gpu, lang));
  if (nodes > 1) label += say(lang, Msg::label_nodes, nodes);
  return label;
}

std::string rented_label(const catalog::Catalog& catalog, const scoring::Ranking& ranking,
                         const scoring::Candidate& candidate, text::Lang lang) {
  const auto& offering = catalog.offerings[candidate.offering_index];
  const int instances = std::max(candidate.nodes, candidate.cost.instances);
  if (!workload::kind_traits(ranking.kind).serving() || instances <= 1)
    return gpu_label(catalog, offering, candidate.nodes, lang);
  return say(lang, Msg::label_instances, gpu_label(catalog, offering, 1, lang), instances);
}

bool cost_estimated(const catalog::Catalog& catalog, const scoring::Candidate& candidate) {
  for (const auto figure : scoring::estimated_figures(catalog, candidate)) {
    if (figure == "price" || figure == "spot_interruption_pct") return true;
  }
  return false;
}

std::string cost_label(const catalog::Catalog& catalog, const scoring::Ranking& ranking,
                       const scoring::Candidate& candidate) {
  const std::string money = units::format_money(candidate.total_cost, ranking.currency);
  return cost_estimated(catalog, candidate) ? std::string(estimated_mark) + money : money;
}

std::string estimated_legend(text::Lang lang) { return say(lang, Msg::estimated_legend, estimated_mark);
}

std::string images_per_s_label(const estimate::Performance& performance) {
  const double images_per_s = performance.throughput.work_units_per_s;
  const double latency_ms = performance.serving.image_latency_ms;
  if (latency_ms <= 0) return fmt::format("{:.0f}", images_per_s);
  const std::string latency =
      latency_ms < 1000 ? fmt::format("{:.0f} ms", latency_ms) : fmt::format("{:.1f} s", latency_ms / 1000);
  return fmt::format("{:.3g} @{}", images_per_s, latency);
}

std::string unit_cost_label(const scoring::Ranking& ranking, const scoring::Candidate& candidate) {
  if (workload::kind_traits(ranking.kind).serves_images() &&
      candidate.cost.per_thousand_images > 0) {
    // Fractions of a cent per 1000 images: three significant digits, in the currency symbol ("$0.000414").
    const std::string unit = units::format_money(0, ranking.currency);  // "$0.00", "¥0"
    const auto digit = unit.find('0');
    return unit.substr(0, digit) + fmt::format("{:.3g}", candidate.cost.per_thousand_images) +
           unit.substr(std::min(unit.size(), unit.find_last_of("0123456789.,") + 1));
  }
  if (!workload::kind_traits(ranking.kind).serving() || !(candidate.cost.per_million_output_tokens > 0)) return {};
  return units::format_money(candidate.cost.per_million_output_tokens, ranking.currency);
}

std::string load_label(const scoring::Ranking& ranking, const scoring::Candidate& candidate) {
  const auto& throughput = ranking.performance_of(candidate).throughput;
  return fmt::format("{} @{:.0f}%", throughput.replicas, 100.0 * throughput.utilization);
}

std::string rank_list(const std::vector<int>& ranks) {
  std::string text;
  for (const int rank : ranks) append_separated(text, ", ", fmt::format("#{}", rank));
  return text;
}

std::vector<WarningGroup> warning_groups(const catalog::Catalog& catalog, const scoring::Ranking& ranking,
                                         std::size_t shown, text::Lang lang) {
  std::map<std::pair<std::string, std::string>, std::vector<int>> ranks_by_warning;
  for (std::size_t i = 0; i < shown && i < ranking.candidates.size(); ++i) {
    const auto& candidate = ranking.candidates[i];
    for (const auto warning : candidate.warnings) {
      const std::pair key{std::string(scoring::warning_code(warning)),
                          scoring::warning_text(catalog, ranking, candidate, warning, lang)};
      ranks_by_warning[key].push_back(candidate.rank);
    }
  }
  std::vector<WarningGroup> groups;
  groups.reserve(ranks_by_warning.size());
  for (auto& [key, ranks] : ranks_by_warning) groups.push_back({key.first, std::move(ranks), key.second});
  std::sort(groups.begin(), groups.end(), [](const WarningGroup& x, const WarningGroup& y) {
    if (x.code != y.code) return x.code < y.code;
    return x.ranks.front() < y.ranks.front();
  });
  return groups;
}

std::string memory_label(double needed_bytes, double capacity_bytes) {
  const double needed_gb = needed_bytes / units::bytes_per_gb;
  if (capacity_bytes <= 0) return fmt::format("{:.1f} GB", needed_gb);
  return fmt::format("{:.1f}/{:.1f} GB", needed_gb, capacity_bytes / units::bytes_per_gb);
}

std::string_view zero_label(int zero_stage) {
  static constexpr std::array<std::string_view, 4> labels = {"DP", "ZeRO-1", "ZeRO-2", "ZeRO-3"};
  if (zero_stage < 0 || zero_stage > 3) return "DP";
  return labels[static_cast<std::size_t>(zero_stage)];
}

std::vector<std::string> excluded_cells(const catalog::Catalog& catalog, const scoring::Exclusion& exclusion,
                                        text::Lang lang) {
  return {catalog.offerings[exclusion.offering_index].id,
          std::string(exclusion.mode ? mode_name(*exclusion.mode, lang) : text::message(Msg::mode_all, lang)),
          std::to_string(exclusion.nodes)};
}

std::string reasons_text(const scoring::Exclusion& exclusion, std::string_view currency, text::Lang lang) {
  std::string reasons;
  for (const auto& reason : exclusion.reasons)
    append_separated(reasons, text::message(Msg::list_separator, lang), scoring::reason_text(reason, currency, lang));
  return reasons;
}

std::string_view mode_label(const catalog::Catalog& catalog, const scoring::Candidate& candidate, text::Lang lang) {
  const auto& offering = catalog.offerings.at(candidate.offering_index);
  return catalog.provider_of(offering).kind == catalog::ProviderKind::owned ? text::message(Msg::mode_owned, lang)
                                                                           : mode_name(candidate.mode, lang);
}
std::string_view mode_name(catalog::PricingMode mode, text::Lang lang) {
  if (lang == text::Lang::en) return catalog::to_string(mode);
  // catalog::PricingMode's order.
  static constexpr std::array<Msg, catalog::pricing_mode_count> names = {
      Msg::mode_on_demand, Msg::mode_spot, Msg::mode_reserved_1y, Msg::mode_reserved_3y, Msg::mode_monthly,
      Msg::mode_yearly, Msg::mode_capacity_block};
  const auto index = static_cast<std::size_t>(mode);
  return index < names.size() ? text::message(names[index], lang) : catalog::to_string(mode);
}
std::string_view criterion_name(scoring::Criterion criterion, text::Lang lang) {
  if (lang == text::Lang::en) return scoring::to_string(criterion);
  // scoring::Criterion's order.
  static constexpr std::array<Msg, scoring::criterion_count> names = {
      Msg::criterion_stability, Msg::criterion_performance, Msg::criterion_cost, Msg::criterion_usability,
      Msg::criterion_support};
  const auto index = static_cast<std::size_t>(criterion);
  return index < names.size() ? text::message(names[index], lang) : scoring::to_string(criterion);
}

HoursWithBand candidate_hours(const scoring::Candidate& candidate, const estimate::Performance& estimate,
                              bool risk_averse) {
  HoursWithBand hours{candidate.hours, {}};
  const auto& band = estimate.time.wall_hours_band;
  const double wall = estimate.time.wall_hours;
  if (!(band.high > 0) || !(wall > 0)) return hours;
  const double wait = candidate.queue_hours;
  hours.expected = scoring::expected_hours(candidate, estimate, risk_averse);
  const double scale = (hours.expected - wait) / wall;
  // The wait for capacity enters the band with its own ends (expert review 19: an MI300X spot row
  // printed 8.5 h (8.4-8.9 h) while its wait alone ran 0.8-18.4 h and a 12 h deadline was refused).
  const auto& cost = candidate.cost;
  const bool wait_band = cost.acquisition_wait_band.high > 0;
  const double wait_low = wait_band ? wait - cost.acquisition_wait_hours + cost.acquisition_wait_band.low : wait;
  const double wait_high = wait_band ? wait - cost.acquisition_wait_hours + cost.acquisition_wait_band.high : wait;
  hours.band = {band.low * scale + std::max(0.0, wait_low), band.high * scale + std::max(wait, wait_high),
                band.in_calibrated_regime};
  return hours;
}

std::string hours_with_band(const scoring::Candidate& candidate, const estimate::Performance& estimate,
                            bool risk_averse, text::Lang lang) {
  const HoursWithBand hours = candidate_hours(candidate, estimate, risk_averse);
  if (!(hours.band.high > 0)) {
    std::string said = units::format_hours(hours.expected);
    return lang == text::Lang::zh_cn ? text::joined_cjk(std::move(said)) : said;
  }
  std::string low = units::format_hours_like(hours.band.low, hours.expected);
  const std::string high = units::format_hours_like(hours.band.high, hours.expected);
  const std::string_view mark = hours.band.in_calibrated_regime ? "" : "*";
  if (lang != text::Lang::zh_cn) {
    return fmt::format("{} ({}-{}){}", units::format_hours(hours.expected), low, high, mark);
  }
  // Chinese: "2.4 小时（1.3-4.5 小时）", the range's unit said once when both ends share it.
  const auto unit_at = [](const std::string& figure) { return figure.find(' '); };
  if (unit_at(low) != std::string::npos && unit_at(high) != std::string::npos &&
      low.substr(unit_at(low)) == high.substr(unit_at(high))) {
    low.resize(unit_at(low));
  }
  return text::joined_cjk(fmt::format("{}（{}-{}）{}", units::format_hours(hours.expected), low, high, mark));
}

std::string plan_label(const estimate::Plan& plan, text::Lang lang) {
  const auto machines = [&] {
    return say(lang, Msg::plan_gpus_nodes, plan.gpus_per_node, plan.gpus_per_node == 1 ? "" : "s", plan.nodes,
               plan.nodes == 1 ? "" : "s");
  };
  // The list's comma in the reader's language (expert review 7: "TP 8, EP 8，每副本" mixed two).
  const std::string_view comma = text::message(Msg::summary_list_separator, lang);
  if (plan.batch > 0) {  // llm-inference: replicas of tensor_parallel GPUs at a batch
    std::string label = fmt::format("TP {}", plan.tensor_parallel);
    if (plan.pipeline_parallel > 1) label += say(lang, Msg::plan_pipeline_per_node, plan.pipeline_parallel);
    if (plan.expert_parallel > 1) label += fmt::format("{}EP {}", comma, plan.expert_parallel);
    return label + say(lang, Msg::plan_batch_per_replica, plan.batch) + machines();
  }
  // "DP" (plain data parallelism, no ZeRO) only where there is data parallelism: 8 GPUs of one
  // pipeline read "DP, PP 8" (expert review 38).
  const int model_parallel =
      std::max(1, plan.tensor_parallel) * std::max(1, plan.pipeline_parallel) * std::max(1, plan.context_parallel);
  const bool data_parallel = plan.gpus_per_node * plan.nodes > model_parallel;
  const bool bare = plan.zero_stage == 0 && !data_parallel && model_parallel > 1 && plan.offload == workload::Offload::none;
  std::string label(bare ? "" : zero_label(plan.zero_stage));
  const auto add = [&](const std::string& part) { label += (label.empty() ? "" : std::string(comma)) + part; };
  if (plan.offload != workload::Offload::none)
    label += say(lang, Msg::plan_offload, text::term(lang, text::Term::offload, workload::to_string(plan.offload)));
  if (plan.tensor_parallel > 1) add(fmt::format("TP {}", plan.tensor_parallel));
  if (plan.pipeline_parallel > 1) add(fmt::format("PP {}", plan.pipeline_parallel));
  if (plan.context_parallel > 1) add(fmt::format("CP {}", plan.context_parallel));
  if (plan.expert_parallel > 1) add(fmt::format("EP {}", plan.expert_parallel));
  // Each row's own micro-batch (searched per plan unless --micro-batch fixed it) x micro-steps.
  label += say(lang, Msg::plan_micro_batch, std::max(1, plan.micro_batch));
  if (plan.micro_batches > 1) label += fmt::format("{}{}", text::message(Msg::word_times, lang), plan.micro_batches);
  return label + machines();
}

std::string_view plan_reason_name(estimate::PlanReason reason) {
  // Names for docs/output.schema.json "plan.reason", in PlanReason's order.
  static constexpr std::array<std::string_view, 11> names = {
      "requested",   "lightest-fits", "needs-offload", "needs-more-nodes", "does-not-fit", "no-hardware",
      "fastest",     "host-ram",      "misses-targets", "no-fp4",          "no-fp8"};
  const auto index = static_cast<std::size_t>(reason);
  return index < names.size() ? names[index] : "";
}

std::vector<std::string> summary_lines(const JobSummary& summary, text::Lang lang) {
  std::vector<std::string> lines;
  const auto add = [&](Msg label, const std::string& value) {
    if (!value.empty()) lines.push_back(say(lang, Msg::preamble_fact, text::message(label, lang), value));
  };
  add(Msg::fact_job, summary.job);
  add(Msg::fact_tokens, summary.tokens);
  add(Msg::fact_serving, summary.serving);
  add(Msg::fact_session, summary.session);
  return lines;
}

std::string break_even_words(const scoring::Candidate& candidate, text::Lang lang) {
  const bool monthly = candidate.mode == catalog::PricingMode::monthly;
  if ((!monthly && candidate.mode != catalog::PricingMode::yearly) || !(candidate.cost.break_even_utilisation_pct > 0))
    return {};
  return say(lang, Msg::why_break_even, plain_number(candidate.cost.break_even_utilisation_pct, 0),
             text::message(monthly ? Msg::word_month : Msg::word_year, lang));
}

std::string host_spare_words(const scoring::Ranking& ranking, const scoring::Candidate& candidate, text::Lang lang) {
  if (!workload::kind_traits(ranking.kind).serving()) return {};
  const auto& performance = ranking.performance_of(candidate);
  const auto& plan = performance.memory.plan;
  const int spares = performance.throughput.spare_replicas;
  const int replicas_per_instance = std::max(1, plan.gpus_per_node / std::max(1, plan.tensor_parallel));
  if (spares <= 0 || replicas_per_instance <= 1 || plan.pipeline_parallel > 1) return {};
  const int load_replicas = std::max(1, performance.throughput.replicas - spares);
  const int load_instances = (load_replicas + replicas_per_instance - 1) / replicas_per_instance;
  if (candidate.cost.instances <= load_instances) return {};
  // The spares' instances (N+R by host).
  return say(lang, Msg::why_host_spares, candidate.cost.instances - load_instances, load_replicas, load_instances);
}

std::string profile_words(std::string_view name, text::Lang lang) {
  // "fine-tuning+custom": a profile whose weights --weights changed.
  const auto plus = name.find('+');
  if (plus == std::string_view::npos) return text::term(lang, text::Term::weight_profile, name);
  return text::term(lang, text::Term::weight_profile, name.substr(0, plus)) + "+" +
         text::term(lang, text::Term::model, name.substr(plus + 1));
}

JobSummary job_summary(const workload::Profile& profile, const scoring::Ranking* ranking, text::Lang lang) {
  JobSummary summary;
  std::string model = profile.model_name.empty() ? profile.model_id : profile.model_name;
  // A custom shape's name, "custom 7.0B", in the reader's language.
  constexpr std::string_view custom = "custom";
  if (profile.model_id == custom && model.starts_with("custom "))
    model = text::term(lang, text::Term::model, custom) + model.substr(custom.size());
  const std::string_view comma = text::message(Msg::summary_list_separator, lang);
  summary.job = say(lang, Msg::summary_model_params, workload::to_string(profile.kind), model,
                    units::format_count(profile.shape.params));
  // Neither --model nor --params (nor a shape): the model is an assumption, said where it is read.
  // The examples name models of the workload's own kind: an image model for an image workload.
  if (default_applied(profile, "model")) {
    const auto& traits = workload::kind_traits(profile.kind);
    summary.job += text::message(traits.diffusion() ? Msg::summary_model_assumed_diffusion
                                 : traits.vision()  ? Msg::summary_model_assumed_vision
                                                    : Msg::summary_model_assumed,
                                 lang);
  }
  if (workload::kind_traits(profile.kind).training()) {
    // LLM plans search the micro-batch per plan (each row's plan shows its own) unless --micro-batch fixed it.
    const bool searched = !workload::kind_traits(profile.kind).trains_images() &&
                          profile.shape.layers > 0 && !profile.fixed.micro_batch;
    // Vision training has no sequence: its samples are images (--tokens counts images there).
    const bool vision = workload::kind_traits(profile.kind).trains_images();
    summary.job += fmt::format("{0}{1} {2}{0}{3}{0}{4}{5}", comma,
                               text::term(lang, text::Term::method, workload::method_label(profile)),
                               workload::to_string(profile.precision), workload::to_string(profile.optimizer),
                               vision ? std::string() : say(lang, Msg::summary_seq, profile.seq_len),
                               searched ? say(lang, Msg::summary_micro_batch_searched)
                                        : say(lang, Msg::summary_micro_batch, profile.micro_batch));
    summary.tokens = say(lang, vision ? Msg::summary_images : Msg::summary_tokens, scientific(profile.tokens));
    // The data row's default is said as "tokens: ...", "samples: ..." (ImageNet) or "images trained: ...".
    // An image set's row is the workload's default set, else the set times its passes or the steps
    // times the batch, whichever of --images/--epochs and --train-steps made it (issue 29 review 2:
    // "(default for image-finetune)" read as if --images 500 had been ignored).
    const bool image_set = default_applied(profile, "images trained");
    if (image_set && !(profile.images_defaulted && profile.epochs_defaulted)) {
      if (profile.train_steps > 0) {
        summary.tokens += say(lang, profile.prior_preservation ? Msg::summary_steps_batch_prior : Msg::summary_steps_batch,
                              profile.train_steps, std::max(1, profile.micro_batch));
      } else {
        summary.tokens += say(lang, profile.prior_preservation ? Msg::summary_images_epochs_prior : Msg::summary_images_epochs,
                              profile.images, profile.epochs);
      }
    } else if (image_set || default_applied(profile, "tokens") || default_applied(profile, "samples")) {
      summary.tokens += say(lang, Msg::summary_default_for, workload::to_string(profile.kind));
    }
  } else if (profile.model_weights_precision == catalog::WeightsPrecision::fp4 &&
             profile.precision == workload::Precision::int4) {
    // A release in MXFP4 (gpt-oss) served from its own 4-bit weights: the estimate sizes it as the
    // weight-only int4 model (same 4.25 bits a weight, workload/flags.cpp), but the format is the
    // release's (expert review 6: "int4" read as a GPTQ/AWQ requantisation).
    summary.job += fmt::format("{}{}", comma, say(lang, Msg::summary_mxfp4_release));
  } else {
    summary.job += fmt::format("{}{}", comma, workload::to_string(profile.precision));
  }
  // Diffusion: the image side and, serving, the sampling steps (docs/estimation.md "Image generation").
  if (workload::kind_traits(profile.kind).diffusion()) {
    summary.job += say(lang, Msg::summary_diffusion_image, comma, profile.resolution_px);
    if (profile.steps > 0) summary.job += say(lang, Msg::summary_diffusion_steps, comma, profile.steps);
  }
  if (workload::kind_traits(profile.kind).physics == workload::Physics::token_serving) {
    const std::string batch =
        profile.batch_given ? std::to_string(profile.batch) : say(lang, Msg::summary_batch_auto);
    const auto length = [&](int mean, int p90) {
      return p90 > 0 ? say(lang, Msg::summary_p90, mean, p90) : std::to_string(mean);
    };
    const bool mix = workload::has_request_mix(profile);
    summary.serving = say(lang, Msg::summary_llm_serving, profile.context, batch, plain_number(profile.requests_per_s),
                          length(profile.input_tokens, profile.input_tokens_p90),
                          length(profile.output_tokens, profile.output_tokens_p90),
                          mix ? say(lang, Msg::summary_mix_mean) : std::string(), plain_number(profile.ttft_target_ms),
                          mix ? say(lang, Msg::summary_mix_p90_prompt) : std::string(),
                          plain_number(profile.tpot_target_ms));
  } else if (workload::kind_traits(profile.kind).serving()) {
    summary.serving = say(lang, Msg::summary_images_per_s, plain_number(profile.requests_per_s));
  }
  if (workload::kind_traits(profile.kind).serving()) {
    summary.serving +=
        say(lang, Msg::summary_tier, text::term(lang, text::Term::tier, workload::to_string(profile.serving_tier)),
            plain_number(100.0 * profile.max_utilization), profile.redundancy);
  }
  if (workload::kind_traits(profile.kind).interactive()) {
    summary.session = say(lang, Msg::summary_notebook, units::format_hours(profile.hours));
  } else if (profile.hours > 0 && !workload::kind_traits(profile.kind).training()) {
    if (!summary.serving.empty()) summary.serving += comma;
    summary.serving += say(lang, Msg::summary_priced_for, units::format_hours(profile.hours));
  }
  if (ranking != nullptr) {
    std::string weights = ranking->profile_name.empty() ? say(lang, Msg::summary_weights_label)
                                                        : profile_words(ranking->profile_name, lang);
    std::string parts;
    for (const auto criterion : scoring::all_criteria) {
      append_separated(parts, comma,
                       fmt::format("{} {:.2f}", criterion_name(criterion, lang), ranking->weights[criterion]));
    }
    summary.weights = weights + (lang == text::Lang::en ? ": " : "：") + parts;
    if (ranking->currency == "USD") {
      summary.currency = say(lang, Msg::summary_currency_usd, ranking->currency);
    } else {
      summary.currency = say(lang, Msg::summary_currency_rate, ranking->currency, plain_number(ranking->currency_rate, 4));
      if (!ranking->currency_as_of.empty()) summary.currency += say(lang, Msg::summary_rate_as_of, ranking->currency_as_of);
      summary.currency += say(lang, Msg::summary_close);
    }
  }
  return summary;
}

bool default_applied(const workload::Profile& profile, std::string_view field) {
  for (const auto& sentence : profile.defaults_applied) {
    if (sentence.starts_with(field) && sentence.size() > field.size() &&
        (sentence[field.size()] == ':' || sentence[field.size()] == ' '))
      return true;
  }
  return false;
}


void append_separated(std::string& text, std::string_view separator, std::string_view item) {
  if (!text.empty()) text += separator;
  text += item;
}

std::string joined(const std::vector<std::string>& items, std::string_view separator) {
  std::string text;
  for (const auto& item : items) append_separated(text, separator, item);
  return text;
}

std::string html_escape(std::string_view raw) {
  // Control characters, bidi overrides and invalid UTF-8 become '?' first (docs/hardening.md), so a
  // report printed with cat cannot drive the terminal either; line breaks and tabs stay.
  text::Keep keep;
  keep.newlines = true;
  keep.tabs_as_space = true;
  const std::string safe = text::neutralise(raw, keep);
  std::string escaped;
  escaped.reserve(safe.size());
  for (const char c : safe) {
    switch (c) {
      case '&':
        escaped += "&amp;";
        break;
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      case '\'':
        escaped += "&#39;";
        break;
      default:
        escaped += c;
    }
  }
  return escaped;
}

std::string markdown_cell(std::string_view text) {
  std::string escaped;
  escaped.reserve(text.size());
  for (const char c : text) {
    if (c == '|' || c == '\\') {
      escaped += '\\';
      escaped += c;
    } else if (c == '\n' || c == '\r') {
      escaped += ' ';
    } else {
      escaped += c;
    }
  }
  return escaped;
}

std::string markdown_row(const std::vector<std::string>& cells) {
  std::string line = "|";
  for (const auto& cell : cells) {
    line += ' ';
    line += markdown_cell(cell);
    line += " |";
  }
  return line;
}

std::size_t shown_count(std::size_t available, int limit) {
  if (limit <= 0) return available;
  return std::min(available, static_cast<std::size_t>(limit));
}

}  // namespace gpuselect::render::detail
