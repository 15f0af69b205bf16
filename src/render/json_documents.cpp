// The JSON documents of recommend, estimate and compare (docs/output.schema.json).
// Every number passes through the rounding helpers of support.hpp so output is stable.
#include <algorithm>
#include <string>

#include "gpuselect/render.hpp"
#include "render/support.hpp"

namespace gpuselect::render {
namespace {

using nlohmann::ordered_json;
using namespace detail;

ordered_json optional_number(const std::optional<double>& value) {
  return value ? ordered_json(*value) : ordered_json(nullptr);
}

ordered_json workload_json(const workload::Profile& profile) {
  ordered_json shape = {
      {"params", round_figure(profile.shape.params)},
      {"active_params", round_figure(profile.shape.active_params)},
      {"layers", profile.shape.layers},
      {"hidden", profile.shape.hidden},
      {"heads", profile.shape.heads},
      {"kv_heads", profile.shape.kv_heads},
      {"ffn", profile.shape.ffn},
      {"vocab", profile.shape.vocab},
      {"forward_flops_per_sample", round_figure(profile.shape.forward_flops_per_sample)},
      {"derived", profile.shape.derived},
  };
  ordered_json lora_targets = ordered_json::array();
  for (const auto& target : profile.lora_targets) lora_targets.push_back(target);
  ordered_json defaults = ordered_json::array();
  for (const auto& sentence : profile.defaults_applied) defaults.push_back(sentence);
  return {
      {"kind", workload::to_string(profile.kind)},
      {"model", profile.model_id},
      {"model_name", profile.model_name},
      {"family", catalog::to_string(profile.family)},
      {"params", round_figure(profile.shape.params)},
      {"shape", std::move(shape)},
      {"tokens", round_figure(profile.tokens)},
      {"precision", workload::to_string(profile.precision)},
      {"method", workload::to_string(profile.method)},
      {"lora_rank", profile.lora_rank},
      {"lora_targets", std::move(lora_targets)},
      {"optimizer", workload::to_string(profile.optimizer)},
      {"seq_len", profile.seq_len},
      {"micro_batch", profile.micro_batch},
      {"recompute", workload::to_string(profile.recompute)},
      {"attention", workload::to_string(profile.attention)},
      {"zero", workload::to_string(profile.zero)},
      {"offload", workload::to_string(profile.offload)},
      {"mfu", optional_number(profile.mfu)},
      {"checkpoint_minutes", round_figure(profile.checkpoint_minutes)},
      {"context", profile.context},
      {"batch", profile.batch},
      {"requests_per_s", round_figure(profile.requests_per_s)},
      {"input_tokens", profile.input_tokens},
      {"output_tokens", profile.output_tokens},
      {"tensor_parallel", profile.tensor_parallel ? ordered_json(*profile.tensor_parallel) : ordered_json(nullptr)},
      {"egress_gb", round_figure(profile.egress_gb)},
      {"hours", round_figure(profile.hours)},
      {"defaults_applied", std::move(defaults)},
  };
}

ordered_json weights_json(const scoring::Weights& weights) {
  ordered_json object = ordered_json::object();
  for (const auto criterion : scoring::all_criteria)
    object[std::string(scoring::to_string(criterion))] = round_weight(weights[criterion]);
  return object;
}

ordered_json currency_json(const scoring::Ranking& ranking) {
  return {
      {"code", ranking.currency},
      {"per_usd", round_significant(ranking.currency_rate, 6)},
      {"as_of", ranking.currency_as_of.empty() ? ordered_json(nullptr) : ordered_json(ranking.currency_as_of)},
  };
}

ordered_json memory_json(const estimate::Memory& memory, bool has_hardware) {
  const auto& per_gpu = memory.per_gpu;
  ordered_json object = {
      {"per_gpu",
       {
           {"weights_bytes", whole_bytes(per_gpu.weights_bytes)},
           {"gradients_bytes", whole_bytes(per_gpu.gradients_bytes)},
           {"optimizer_bytes", whole_bytes(per_gpu.optimizer_bytes)},
           {"activations_bytes", whole_bytes(per_gpu.activations_bytes)},
           {"kv_cache_bytes", whole_bytes(per_gpu.kv_cache_bytes)},
           {"overhead_bytes", whole_bytes(per_gpu.overhead_bytes)},
           {"total_bytes", whole_bytes(per_gpu.total_bytes)},
       }},
      {"cpu_offload_bytes", whole_bytes(memory.cpu_offload_bytes)},
      {"plan",
       {
           {"zero_stage", memory.plan.zero_stage},
           {"offload", workload::to_string(memory.plan.offload)},
           {"gpus_per_node", memory.plan.gpus_per_node},
           {"nodes", memory.plan.nodes},
           {"tensor_parallel", memory.plan.tensor_parallel},
           {"replicas", memory.plan.replicas},
           {"expert_parallel", memory.plan.expert_parallel},
           {"batch", memory.plan.batch},
           {"reason", plan_reason_name(memory.reason)},
           {"pipeline_parallel", memory.plan.pipeline_parallel},
           {"context_parallel", memory.plan.context_parallel},
           {"data_parallel", estimate::data_parallel_degree(memory.plan)},
           {"recompute", workload::to_string(memory.plan.recompute)},
           {"micro_batch", memory.plan.micro_batch},
           {"micro_batches", memory.plan.micro_batches},
       }},
      {"nvme_offload_bytes", whole_bytes(memory.nvme_offload_bytes)},
      {"paper_model_states_bytes", whole_bytes(memory.paper_model_states_bytes)},
  };
  if (has_hardware) {
    object["fits"] = memory.fits;
    object["fits_gpu"] = memory.fits_gpu;
    object["fits_host_ram"] = memory.fits_host;
    object["gpu_capacity_bytes"] = whole_bytes(memory.gpu_capacity_bytes);
    object["headroom_pct"] = memory.headroom_pct;
    object["usable_gpu_bytes"] = whole_bytes(memory.usable_gpu_bytes);
    object["host_ram_usable_bytes"] = whole_bytes(memory.host_ram_usable_bytes);
    if (memory.has_runner_up) {
      object["runner_up"] = {{"zero_stage", memory.runner_up.zero_stage},
                             {"offload", workload::to_string(memory.runner_up.offload)},
                             {"tensor_parallel", memory.runner_up.tensor_parallel},
                             {"pipeline_parallel", memory.runner_up.pipeline_parallel},
                             {"context_parallel", memory.runner_up.context_parallel},
                             {"recompute", workload::to_string(memory.runner_up.recompute)},
                             {"micro_batch", memory.runner_up.micro_batch},
                             {"slower_pct", memory.runner_up_slower_pct}};
    }
  }
  return object;
}

ordered_json compute_json(const estimate::Compute& compute) {
  return {
      {"total_flops", round_figure(compute.total_flops)},
      {"hardware_flops", round_figure(compute.hardware_flops)},
      {"mfu", round_weight(compute.mfu)},
      {"effective_tflops_per_gpu", round_figure(compute.effective_tflops_per_gpu)},
      {"mfu_basis", estimate::mfu_basis_text(compute)},
  };
}

ordered_json band_json(const estimate::Band& band, double (*round)(double) = round_figure) {
  return {{"low", round(band.low)}, {"high", round(band.high)}, {"in_calibrated_regime", band.in_calibrated_regime}};
}

// llm-inference adds "serving": the batch, latency and throughput of one replica with error bands.
ordered_json throughput_json(const estimate::Estimate& estimate, const workload::Profile& profile) {
  const auto& throughput = estimate.throughput;
  ordered_json object = {
      {"decode_tokens_per_s", round_figure(throughput.decode_tokens_per_s)},
      {"prefill_tokens_per_s", round_figure(throughput.prefill_tokens_per_s)},
      {"replicas", throughput.replicas},
  };
  const auto& serving = estimate.serving;
  if (profile.kind == workload::Kind::llm_inference && serving.batch > 0) {
    object["serving"] = {
        {"batch", serving.batch},
        {"max_batch", serving.max_batch},
        {"ttft_ms", round_figure(serving.ttft_ms)},
        {"ttft_ms_band", band_json(serving.ttft_ms_band)},
        {"tpot_ms", round_figure(serving.tpot_ms)},
        {"tpot_ms_band", band_json(serving.tpot_ms_band)},
        {"output_tokens_per_s", round_figure(serving.output_tokens_per_s)},
        {"output_tokens_per_s_band", band_json(serving.output_tokens_per_s_band)},
        {"requests_per_s_per_replica", round_figure(serving.requests_per_s_per_replica)},
        {"ttft_target_ms", round_figure(profile.ttft_target_ms)},
        {"tpot_target_ms", round_figure(profile.tpot_target_ms)},
        {"meets_targets", serving.meets_targets},
        {"memory_bound", serving.memory_bound},
        {"kv_bytes_per_token", round_figure(serving.kv_bytes_per_token)},
        {"experts_read_per_layer", round_figure(serving.experts_read_per_layer)},
    };
  }
  return object;
}

// One pricing mode's cost; the fields that only mean something for serving or reserved are added
// only there.
ordered_json cost_json(catalog::PricingMode mode, const estimate::Cost& cost, std::string_view currency, double total,
                       const workload::Profile& profile) {
  ordered_json object = {
      {"mode", catalog::to_string(mode)},
      {"total", round_money(total)},
      {"currency", currency},
      {"price_per_hour", round_money(cost.price_per_hour)},
      {"compute", round_money(cost.compute)},
      {"egress", round_money(cost.egress)},
      {"public_ip", round_money(cost.public_ip)},
      {"storage", round_money(cost.storage)},
      {"interruption", round_money(cost.interruption)},
      {"interruption_hours", round_figure(cost.interruption_hours)},
      {"instances", cost.instances},
  };
  if (mode == catalog::PricingMode::spot) {
    object["spot_interruption_pct"] = round_decimals(cost.spot_interruption_pct, 2);
    object["spot_rate_assumed"] = cost.spot_rate_assumed;
    object["interruptions_expected"] = round_figure(cost.interruptions_expected);
    object["uninterrupted_probability"] = round_decimals(cost.uninterrupted_probability, 4);
    object["within_deadline_probability"] = cost.within_deadline_probability >= 0
                                                ? ordered_json(round_decimals(cost.within_deadline_probability, 4))
                                                : ordered_json(nullptr);
    object["spot_notice_seconds"] =
        cost.spot_notice_seconds > 0 ? ordered_json(round_figure(cost.spot_notice_seconds)) : ordered_json(nullptr);
    object["reprovision_hours"] = round_figure(cost.reprovision_hours);
  }
  if (workload::is_serving(profile.kind))
    object["per_million_output_tokens"] = round_money(cost.per_million_output_tokens);
  if (profile.kind == workload::Kind::llm_inference && cost.per_million_output_tokens_band.high > 0) {
    object["per_million_output_tokens_band"] = band_json(cost.per_million_output_tokens_band, round_money);
  }
  if (mode == catalog::PricingMode::reserved_1y || mode == catalog::PricingMode::reserved_3y) {
    object["break_even_utilisation_pct"] = round_decimals(cost.break_even_utilisation_pct, 1);
    object["commitment"] = round_money(cost.commitment);
    object["term_used_pct"] = round_figure(cost.term_used_pct);
    object["commitment_charged"] = cost.commitment_charged;
  }
  return object;
}

ordered_json candidate_estimate_json(const scoring::Candidate& candidate, const scoring::Ranking& ranking,
                                     const workload::Profile& profile) {
  const auto& estimate = ranking.performance_of(candidate);
  // The candidate's hours are this mode's expected wall time (spot includes interruptions); GPU
  // hours scale with it.
  const double on_demand_hours = estimate.time.wall_hours;
  const double gpu_hours =
      on_demand_hours > 0 ? estimate.time.gpu_hours * candidate.hours / on_demand_hours : estimate.time.gpu_hours;
  ordered_json time = {
      {"wall_hours", round_figure(candidate.hours)},
      {"gpu_hours", round_figure(gpu_hours)},
      {"uninterrupted_wall_hours", round_figure(on_demand_hours)},
  };
  const auto& band = estimate.time.wall_hours_band;
  if (band.high > 0 && on_demand_hours > 0) {
    // The band of the uninterrupted estimate, scaled to this mode's hours.
    const double scale = candidate.hours / on_demand_hours;
    time["wall_hours_band"] = {{"low", round_figure(band.low * scale)},
                               {"high", round_figure(band.high * scale)},
                               {"in_calibrated_regime", band.in_calibrated_regime}};
  }
  return {
      {"memory", memory_json(estimate.memory, true)},
      {"compute", compute_json(estimate.compute)},
      {"time", time},
      {"throughput", throughput_json(estimate, profile)},
      {"cost",
       cost_json(candidate.mode, candidate.cost, ranking.currency, candidate.total_cost, profile)},
  };
}

ordered_json criteria_json(const scoring::Candidate& candidate) {
  ordered_json object = ordered_json::object();
  const auto contributions = rounded_contributions(candidate);
  for (const auto criterion : scoring::all_criteria) {
    const auto& part = candidate.criteria[static_cast<std::size_t>(criterion)];
    object[std::string(scoring::to_string(criterion))] = {
        {"score", round_score(part.score)},
        {"weight", round_weight(part.weight)},
        {"contribution", contributions[static_cast<std::size_t>(criterion)]},
    };
  }
  return object;
}

ordered_json candidate_json(const catalog::Catalog& catalog, const scoring::Ranking& ranking,
                            const workload::Profile& profile, const scoring::Candidate& candidate) {
  const auto& offering = catalog.offerings[candidate.offering_index];
  const auto& gpu = catalog.gpu_of(offering);
  ordered_json explanation = ordered_json::array();
  ordered_json explanation_items = ordered_json::array();
  for (auto& line : scoring::explanation(catalog, ranking, candidate).lines) {
    explanation.push_back(line.text);
    explanation_items.push_back({
        {"kind", scoring::to_string(line.kind)},
        {"criterion", line.criterion ? ordered_json(scoring::to_string(*line.criterion)) : ordered_json(nullptr)},
        {"value", round_score(line.score)},
        {"figure", std::move(line.figure)},
        {"text", std::move(line.text)},
    });
  }
  ordered_json estimated = ordered_json::array();
  for (const auto figure : scoring::estimated_figures(catalog, candidate)) estimated.push_back(figure);
  ordered_json warnings = ordered_json::array();
  for (const auto warning : candidate.warnings) {
    warnings.push_back(
        {{"code", scoring::warning_code(warning)}, {"message", scoring::warning_text(catalog, ranking, candidate, warning)}});
  }
  return {
      {"rank", candidate.rank},
      {"offering_id", offering.id},
      {"provider", offering.provider},
      {"provider_name", catalog.provider_of(offering).name},
      {"instance_type", offering.instance_type},
      {"gpu", gpu.id},
      {"gpu_name", gpu.name},
      {"gpu_count", offering.gpu_count},
      {"gpu_fraction", round_weight(offering.gpu_fraction)},
      {"nodes", candidate.nodes},
      {"instances", std::max(candidate.nodes, candidate.cost.instances)},
      {"gpus_rented", candidate.gpus_rented},
      {"gpus_needed", candidate.gpus_needed},
      {"pricing_mode", catalog::to_string(candidate.mode)},
      {"region", region_name(offering, candidate).empty() ? ordered_json(nullptr)
                                                          : ordered_json(std::string(region_name(offering, candidate)))},
      {"other_regions", candidate.other_regions},
      {"price_as_of", offering.as_of},
      {"score", rounded_score(candidate)},
      {"criteria", criteria_json(candidate)},
      {"estimate", candidate_estimate_json(candidate, ranking, profile)},
      {"explanation", std::move(explanation)},
      {"explanation_items", std::move(explanation_items)},
      {"estimated", std::move(estimated)},
      {"warnings", std::move(warnings)},
      {"pareto", candidate.pareto},
  };
}

ordered_json excluded_json(const catalog::Catalog& catalog, const scoring::Ranking& ranking) {
  ordered_json list = ordered_json::array();
  for (const auto& exclusion : ranking.excluded) {
    ordered_json reasons = ordered_json::array();
    ordered_json constraints = ordered_json::array();
    for (const auto& reason : exclusion.reasons) {
      reasons.push_back(scoring::reason_text(reason, ranking.currency));
      constraints.push_back(scoring::to_string(reason.kind));
    }
    list.push_back({
        {"offering_id", catalog.offerings[exclusion.offering_index].id},
        {"pricing_mode", exclusion.mode ? ordered_json(catalog::to_string(*exclusion.mode)) : ordered_json(nullptr)},
        {"nodes", exclusion.nodes},
        {"reasons", std::move(reasons)},
        {"constraints", std::move(constraints)},
    });
  }
  return list;
}

ordered_json sensitivity_json(const catalog::Catalog& catalog, const scoring::Ranking& ranking,
                              const scoring::Sensitivity& sensitivity) {
  ordered_json top = ordered_json::array();
  for (const auto& spread : sensitivity.top) {
    if (spread.candidate >= ranking.candidates.size()) continue;
    const auto& candidate = ranking.candidates[spread.candidate];
    top.push_back({
        {"offering_id", catalog.offerings[candidate.offering_index].id},
        {"pricing_mode", catalog::to_string(candidate.mode)},
        {"nodes", candidate.nodes},
        {"best_rank", spread.best_rank},
        {"worst_rank", spread.worst_rank},
        {"mean_rank", round_decimals(spread.mean_rank, 2)},
    });
  }
  return {
      {"samples", sensitivity.samples},
      {"seed", sensitivity.seed},
      {"perturbation", round_weight(sensitivity.perturbation)},
      {"top1_share", round_weight(sensitivity.top1_share)},
      {"robust", sensitivity.robust},
      {"top", std::move(top)},
  };
}

ordered_json strings_json(const std::vector<std::string>& items) {
  ordered_json list = ordered_json::array();
  for (const auto& item : items) list.push_back(item);
  return list;
}

// What the ranking was asked for beyond the workload, so a CI log can reproduce it.
ordered_json request_json(const RecommendView& view) {
  const auto& ranking = *view.ranking;
  ordered_json request = ordered_json::object();
  static const scoring::Options defaults;  // a view built without options: the defaults
  const scoring::Options& options = view.options != nullptr ? *view.options : defaults;
  const auto& constraints = options.constraints;
  ordered_json modes = ordered_json::array();
  for (const auto mode : constraints.pricing_modes) modes.push_back(catalog::to_string(mode));
  request["budget"] = optional_number(constraints.budget);
  request["deadline_hours"] = optional_number(constraints.deadline_hours);
  request["regions"] = strings_json(constraints.regions);
  request["providers"] = strings_json(constraints.providers);
  request["exclude_providers"] = strings_json(constraints.exclude_providers);
  request["gpus"] = strings_json(constraints.gpus);
  request["pricing_modes"] = std::move(modes);
  request["requirements"] = strings_json(constraints.requirements);
  request["max_nodes"] = constraints.max_nodes;
  request["min_headroom_pct"] = round_figure(constraints.min_headroom_pct);
  request["allow_spot_serving"] = ranking.spot_serving_allowed;
  request["reserved_other_use"] = ranking.reserved_other_use;
  request["only_offerings"] = strings_json(options.only_offerings);
  return request;
}

// The catalog files the ranking read, with content digests, and the date stale prices are judged by.
ordered_json catalog_json(const RecommendView& view) {
  ordered_json files = ordered_json::array();
  for (const auto& file : view.catalog_files) files.push_back({{"name", file.name}, {"digest", file.digest}});
  return {
      {"files", std::move(files)},
      {"today", view.options != nullptr && !view.options->today.empty() ? ordered_json(view.options->today)
                                                                       : ordered_json(nullptr)},
      {"stale_after_days", scoring::stale_price_days},
  };
}

// The fields every ranking document opens with.
ordered_json ranking_header(std::string_view document, const RecommendView& view) {
  return {
      {"schema_version", 1},
      {"document", document},
      {"generator", generator_name()},
      {"workload", workload_json(*view.profile)},
      {"weights", weights_json(view.ranking->weights)},
      {"profile", view.ranking->profile_name},
      {"currency", currency_json(*view.ranking)},
      {"request", request_json(view)},
      {"catalog", catalog_json(view)},
      {"price_update", view.price_update == nullptr
                           ? ordered_json(nullptr)
                           : ordered_json{{"path", view.price_update->path}, {"as_of", view.price_update->as_of}}},
  };
}

ordered_json notes_json(const scoring::Ranking& ranking) {
  ordered_json list = ordered_json::array();
  for (const auto& note : ranking.notes) list.push_back({{"code", note.code}, {"text", note.text}});
  return list;
}

void require_view(const RecommendView& view) {
  if (view.catalog == nullptr || view.profile == nullptr || view.ranking == nullptr)
    throw Error("render", "a RecommendView needs a catalog, a profile and a ranking",
                "fill all three pointers before rendering");
}

ordered_json summary_json(const scoring::Ranking& ranking) {
  ordered_json summary = {
      {"candidates", ranking.candidates.size()},
      {"excluded", ranking.excluded.size()},
  };
  summary["top_exclusion"] =
      ranking.top_exclusion ? ordered_json(scoring::to_string(*ranking.top_exclusion)) : ordered_json(nullptr);
  return summary;
}

}  // namespace

ordered_json recommend_json(const RecommendView& view) {
  require_view(view);
  const auto& ranking = *view.ranking;
  ordered_json document = ranking_header("recommend", view);
  ordered_json candidates = ordered_json::array();
  for (const auto& candidate : ranking.candidates)
    candidates.push_back(candidate_json(*view.catalog, ranking, *view.profile, candidate));
  document["candidates"] = std::move(candidates);
  document["excluded"] = excluded_json(*view.catalog, ranking);
  document["sensitivity"] =
      ranking.sensitivity ? sensitivity_json(*view.catalog, ranking, *ranking.sensitivity) : ordered_json(nullptr);
  document["notes"] = notes_json(ranking);
  document["summary"] = summary_json(ranking);
  return document;
}

ordered_json compare_json(const RecommendView& view) {
  require_view(view);
  const auto& ranking = *view.ranking;
  ordered_json document = ranking_header("compare", view);
  ordered_json candidates = ordered_json::array();
  for (const auto& candidate : ranking.candidates) {
    ordered_json entry = candidate_json(*view.catalog, ranking, *view.profile, candidate);
    ordered_json indicators = ordered_json::object();
    for (const auto criterion : scoring::all_criteria) {
      ordered_json list = ordered_json::array();
      for (const auto& indicator : scoring::indicators(*view.catalog, ranking, candidate, criterion)) {
        list.push_back({
            {"name", indicator.name},
            {"value", round_weight(indicator.value)},
            {"weight", round_weight(indicator.weight)},
            {"applies", indicator.applies},
        });
      }
      indicators[std::string(scoring::to_string(criterion))] = std::move(list);
    }
    entry["indicators"] = std::move(indicators);
    candidates.push_back(std::move(entry));
  }
  document["candidates"] = std::move(candidates);
  document["excluded"] = excluded_json(*view.catalog, ranking);
  document["summary"] = summary_json(ranking);
  return document;
}

ordered_json estimate_json(const catalog::Catalog& catalog, const workload::Profile& profile,
                           const estimate::Estimate& estimate, const catalog::Offering* offering) {
  ordered_json document = {
      {"schema_version", 1},
      {"document", "estimate"},
      {"generator", generator_name()},
      {"workload", workload_json(profile)},
  };
  if (offering != nullptr) {
    const catalog::Gpu* gpu = catalog.find_gpu(offering->gpu);
    document["offering"] = {
        {"offering_id", offering->id},
        {"provider", offering->provider},
        {"instance_type", offering->instance_type},
        {"gpu", offering->gpu},
        {"gpu_name", gpu != nullptr ? gpu->name : std::string()},
        {"gpu_count", offering->gpu_count},
        {"nodes", estimate.memory.plan.nodes},
    };
  } else {
    document["offering"] = nullptr;
  }
  document["memory"] = memory_json(estimate.memory, estimate.has_hardware);
  document["plan_description"] = estimate::describe_plan(profile, estimate.memory);
  document["compute"] = compute_json(estimate.compute);
  document["time"] = {
      {"wall_hours", round_figure(estimate.time.wall_hours)},
      {"gpu_hours", round_figure(estimate.time.gpu_hours)},
  };
  if (estimate.time.wall_hours_band.high > 0) {
    const auto band_json = [](const estimate::Band& band) {
      return ordered_json{{"low", round_figure(band.low)},
                          {"high", round_figure(band.high)},
                          {"in_calibrated_regime", band.in_calibrated_regime}};
    };
    document["time"]["wall_hours_band"] = band_json(estimate.time.wall_hours_band);
    document["time"]["gpu_hours_band"] = band_json(estimate.time.gpu_hours_band);
  }
  if (estimate.step.total_s > 0) {
    const auto& step = estimate.step;
    document["step"] = {{"total_s", round_figure(step.total_s)},
                        {"tokens", round_figure(step.tokens)},
                        {"compute_s", round_figure(step.compute_s)},
                        {"tensor_comm_s", round_figure(step.tensor_comm_s)},
                        {"pipeline_s", round_figure(step.pipeline_s)},
                        {"data_comm_s", round_figure(step.data_comm_s)},
                        {"offload_s", round_figure(step.offload_s)},
                        {"failures_s", round_figure(step.failures_s)}};
  }
  document["throughput"] = throughput_json(estimate, profile);
  const std::string currency(estimate.currency.empty() ? std::string_view("USD") : estimate.currency);
  document["currency"] = currency;
  if (offering != nullptr && estimate.has_price) {
    ordered_json costs = ordered_json::object();
    for (std::size_t index = 0; index < estimate.costs.size(); ++index) {
      const auto mode = static_cast<catalog::PricingMode>(index);
      const auto& cost = estimate.costs[index];
      costs[std::string(catalog::pricing_key(mode))] =
          cost.available ? cost_json(mode, cost, currency, cost.total, profile) : ordered_json(nullptr);
    }
    document["cost"] = std::move(costs);
  } else {
    document["cost"] = nullptr;
  }
  ordered_json assumptions = ordered_json::array();
  for (auto& sentence : estimate::assumptions(profile, estimate)) assumptions.push_back(std::move(sentence));
  document["assumptions"] = std::move(assumptions);
  return document;
}

void write_json(std::ostream& out, const ordered_json& document) {
  // dump() formats numbers itself (shortest round-trip, '.' decimal point) whatever the locale.
  std::string text = document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  text += '\n';
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace gpuselect::render
