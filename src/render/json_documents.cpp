// The JSON documents of recommend, estimate and compare (docs/output.schema.json).
// Every number passes through the rounding helpers of support.hpp so output is stable.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <sstream>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/prefault.hpp"
#include "gpuselect/json_writer.hpp"
#include "gpuselect/render.hpp"
#include "render/renderers.hpp"
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
      {"method", workload::method_label(profile)},
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
      {"input_tokens_p90", profile.input_tokens_p90},
      {"output_tokens_p90", profile.output_tokens_p90},
      {"tensor_parallel", profile.tensor_parallel ? ordered_json(*profile.tensor_parallel) : ordered_json(nullptr)},
      {"egress_gb", round_figure(profile.egress_gb)},
      {"dataset_gb", round_figure(profile.dataset_gb)},
      {"hours", round_figure(profile.hours)},
      {"serving_tier", workload::to_string(profile.serving_tier)},
      {"training_tier", workload::to_string(profile.training_tier)},
      {"max_utilization", round_figure(profile.max_utilization)},
      {"redundancy", profile.redundancy},
      {"resolution_px", profile.resolution_px},
      {"steps", profile.steps},
      {"images", profile.images},
      {"epochs", profile.epochs},
      {"train_steps", profile.train_steps},
      {"cache_latents", workload::to_string(profile.cache_latents)},
      {"defaults_applied", std::move(defaults)},
  };
}

// --mix (docs/scoring.md "Mixed fleet"; docs/output.schema.json "fleet").
ordered_json fleet_pool_json(const scoring::Ranking::FleetPool& pool) {
  return {{"request_class", pool.request_class},
          {"request_share", round_figure(pool.request_share)},
          {"requests_per_s", round_figure(pool.requests_per_s)},
          {"input_tokens", pool.input_tokens},
          {"output_tokens", pool.output_tokens},
          {"offering_id", pool.offering_id},
          {"pricing_mode", catalog::to_string(pool.mode)},
          {"instances", pool.instances},
          {"gpus", pool.gpus},
          {"replicas", pool.replicas},
          {"total_cost", round_money(pool.total_cost)}};
}

ordered_json fleet_json(const scoring::Ranking::Fleet& fleet) {
  ordered_json pools = ordered_json::array();
  for (const auto& pool : fleet.pools) pools.push_back(fleet_pool_json(pool));
  ordered_json split = ordered_json::array();
  for (const auto& pool : fleet.split) split.push_back(fleet_pool_json(pool));
  return {{"mixed", fleet.mixed},
          {"pools", std::move(pools)},
          {"total_cost", round_money(fleet.total_cost)},
          {"single", fleet.single ? fleet_pool_json(*fleet.single) : ordered_json(nullptr)},
          {"split", std::move(split)},
          {"split_total", round_money(fleet.split_total)},
          {"saving", round_money(fleet.saving)}};
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

// The "step" object of the estimate document: its keys in order, each a StepTime figure.
using StepFigure = std::pair<std::string_view, double estimate::StepTime::*>;
constexpr std::array<StepFigure, 9> step_figures{{
    {"total_s", &estimate::StepTime::total_s},
    {"tokens", &estimate::StepTime::tokens},
    {"compute_s", &estimate::StepTime::compute_s},
    {"tensor_comm_s", &estimate::StepTime::tensor_comm_s},
    {"expert_comm_s", &estimate::StepTime::expert_comm_s},
    {"pipeline_s", &estimate::StepTime::pipeline_s},
    {"data_comm_s", &estimate::StepTime::data_comm_s},
    {"offload_s", &estimate::StepTime::offload_s},
    {"failures_s", &estimate::StepTime::failures_s},
}};

ordered_json memory_json(const estimate::Memory& memory, bool has_hardware) {
  ordered_json per_gpu = ordered_json::object();
  for (const auto& part : memory_parts) per_gpu[std::string(part.json_key)] = whole_bytes(memory.per_gpu.*part.bytes);
  const auto& plan = memory.plan;
  ordered_json object = {
      {"per_gpu", std::move(per_gpu)},
      {"cpu_offload_bytes", whole_bytes(memory.cpu_offload_bytes)},
      {"plan",
       {
           {"zero_stage", plan.zero_stage},
           {"offload", workload::to_string(plan.offload)},
           {"gpus_per_node", plan.gpus_per_node},
           {"nodes", plan.nodes},
           {"tensor_parallel", plan.tensor_parallel},
           {"replicas", plan.replicas},
           {"expert_parallel", plan.expert_parallel},
           {"batch", plan.batch},
           {"reason", plan_reason_name(memory.reason)},
           {"pipeline_parallel", plan.pipeline_parallel},
           {"context_parallel", plan.context_parallel},
           {"data_parallel", estimate::data_parallel_degree(plan)},
           {"recompute", workload::to_string(plan.recompute)},
           {"micro_batch", plan.micro_batch},
           {"micro_batches", plan.micro_batches},
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
    object["longest_context_tokens"] = memory.longest_context_tokens > 0
                                           ? ordered_json(static_cast<std::int64_t>(memory.longest_context_tokens))
                                           : ordered_json(nullptr);
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
      {"step_mfu", compute.step_mfu > 0 ? ordered_json(round_weight(compute.step_mfu)) : ordered_json(nullptr)},
      {"goodput_share",
       compute.goodput_share > 0 ? ordered_json(round_weight(compute.goodput_share)) : ordered_json(nullptr)},
      {"mfu_basis", estimate::mfu_basis_text(compute)},
  };
}

ordered_json band_json(const estimate::Band& band, double (*round)(double) = round_figure) {
  return {{"low", round(band.low)}, {"high", round(band.high)}, {"in_calibrated_regime", band.in_calibrated_regime}};
}

// band_json's bytes written straight to the stream: per candidate, no tree to build.
void write_band(JsonWriter& json, std::string_view name, const estimate::Band& band,
                double (*round)(double) = round_figure) {
  json.key(name);
  json.begin_object();
  json.field("low", round(band.low));
  json.field("high", round(band.high));
  json.field("in_calibrated_regime", band.in_calibrated_regime);
  json.end_object();
}

// llm-inference adds "serving": the batch, latency and throughput of one replica with error bands.
ordered_json throughput_json(const estimate::Performance& estimate, const workload::Profile& profile) {
  const auto& throughput = estimate.throughput;
  ordered_json object = {
      {"decode_tokens_per_s", round_figure(throughput.work_units_per_s)},
      {"prefill_tokens_per_s", round_figure(throughput.prefill_tokens_per_s)},
      {"replicas", throughput.replicas},
  };
  if (estimate.input.modelled) {  // cv-train: docs/estimation.md "Input pipeline"
    const auto& input = estimate.input;
    object["input_pipeline"] = {
        {"data_loader", workload::to_string(input.data_loader)},
        {"bound", input.loader_bound ? "input-pipeline" : "gpu"},
        {"images_per_s", round_figure(input.images_per_s)},
        {"loader_images_per_s", round_figure(input.loader_images_per_s)},
        {"gpu_images_per_s", round_figure(input.gpu_images_per_s)},
        {"vcpus_per_node", input.vcpus_per_node},
        {"vcpus_assumed", input.vcpus_assumed},
        {"workers_per_node", input.workers_per_node},
        {"images_per_s_per_worker", round_figure(input.images_per_s_per_worker)},
    };
  }
  if (workload::kind_traits(profile.kind).serving()) {
    // Unit-neutral: what one replica serves, in the workload's unit (docs/output.md).
    const bool vision = workload::kind_traits(profile.kind).serves_images();
    object["unit"] = vision ? "images" : "requests";
    if (vision) object["images_per_s"] = round_figure(throughput.work_units_per_s);
    if (workload::kind_traits(profile.kind).physics == workload::Physics::diffusion_serving) {
      // docs/output.md: one image's end-to-end time at the batch, queueing included, and its band.
      object["image_latency_ms"] = round_figure(estimate.serving.image_latency_ms);
      object["image_latency_ms_band"] = band_json(estimate.serving.image_latency_ms_band);
      object["latency_target_ms"] = round_figure(profile.latency_target_ms);
      object["steps"] = profile.steps;
      object["resolution_px"] = profile.resolution_px;
    }
    object["load"] = {
        {"spare_replicas", throughput.spare_replicas},
        {"capacity_per_replica_per_s", round_figure(throughput.requests_per_s_capacity)},
        {"load_per_replica_per_s", round_figure(throughput.load_per_replica)},
        {"utilization", round_figure(throughput.utilization)},
        {"utilization_spares_down", round_figure(throughput.utilization_spares_down)},
        {"max_utilization", round_figure(profile.max_utilization)},
        {"queue_ms", round_figure(throughput.queue_ms)},
    };
  }
  const auto& serving = estimate.serving;
  if (workload::kind_traits(profile.kind).physics == workload::Physics::token_serving && serving.batch > 0) {
    object["serving"] = {
        {"batch", serving.batch},
        {"max_batch", serving.max_batch},
        {"ttft_ms", round_figure(serving.ttft_ms)},
        {"ttft_ms_band", band_json(serving.ttft_ms_band)},
        {"tpot_ms", round_figure(serving.tpot_ms)},
        {"tpot_ms_band", band_json(serving.tpot_ms_band)},
        {"load_batch", serving.load_batch},
        {"ttft_ms_at_load_band", band_json(serving.ttft_ms_at_load_band)},
        {"tpot_ms_at_load_band", band_json(serving.tpot_ms_at_load_band)},
        {"output_tokens_per_s", round_figure(serving.output_tokens_per_s)},
        {"output_tokens_per_s_band", band_json(serving.output_tokens_per_s_band)},
        {"requests_per_s_per_replica", round_figure(serving.requests_per_s_per_replica)},
        {"ttft_target_ms", round_figure(profile.ttft_target_ms)},
        {"tpot_target_ms", round_figure(profile.tpot_target_ms)},
        {"meets_targets", serving.meets_targets},
        {"memory_bound", serving.memory_bound},
        {"kv_bytes_per_token", round_figure(serving.kv_bytes_per_token)},
        {"experts_read_per_layer", round_figure(serving.experts_read_per_layer)},
        {"ttft_prompt_tokens", serving.ttft_prompt_tokens},
        {"pipeline_ms_per_token", round_figure(serving.pipeline_ms_per_token)},
    };
  }
  return object;
}

// ---- The ranking documents (recommend, compare), schema_version 3, streamed.
// Each field is one line in one function below; facts shared by many candidates (names, the
// performance of a machine shape with its MFU basis, warning sentences) are written once per document
// and referred to from each candidate.

// 3: a candidate's explanation is `explanation_items` only (schema 2 also wrote each line's sentence as
// `explanation`, the same as the item's `text`; docs/output.md "Migrating ... from 2 to 3").
constexpr int ranking_schema_version = 3;

// Per-document tables that candidates refer to, filled in a first pass over the candidates written.
struct SharedFacts {
  std::vector<std::uint32_t> performance_ids;  // per Ranking::performances: id in the document, or none
  std::vector<std::uint32_t> performances;     // Ranking::performances indices, in document order
  std::vector<std::string_view> providers;     // ids, in order of first use
  std::vector<std::string_view> gpus;
  static constexpr std::uint32_t none = UINT32_MAX;
};

SharedFacts shared_facts(const catalog::Catalog& catalog, const scoring::Ranking& ranking, std::size_t shown) {
  SharedFacts facts;
  facts.performance_ids.assign(ranking.performances.size(), SharedFacts::none);
  // Seen by the records' indices (one id per provider and GPU record), not by hashing the ids.
  std::vector<bool> seen_providers(catalog.providers.size());
  std::vector<bool> seen_gpus(catalog.gpus.size());
  for (std::size_t index = 0; index < shown; ++index) {
    const auto& candidate = ranking.candidates[index];
    auto& id = facts.performance_ids.at(candidate.performance);
    if (id == SharedFacts::none) {
      id = static_cast<std::uint32_t>(facts.performances.size());
      facts.performances.push_back(candidate.performance);
    }
    const auto& offering = catalog.offerings[candidate.offering_index];
    if (!seen_providers.at(offering.provider_index)) {
      seen_providers[offering.provider_index] = true;
      facts.providers.push_back(offering.provider);
    }
    if (!seen_gpus.at(offering.gpu_index)) {
      seen_gpus[offering.gpu_index] = true;
      facts.gpus.push_back(offering.gpu);
    }
  }
  return facts;
}

// Warning sentences, each written once in "warning_messages"; candidates hold their index.
class MessageTable {
 public:
  std::uint32_t id_of(std::string text) {
    const auto [at, added] = ids_.try_emplace(std::move(text), static_cast<std::uint32_t>(order_.size()));
    if (added) order_.push_back(&at->first);
    return at->second;
  }
  void write(JsonWriter& json) const {
    json.begin_array();
    for (const auto* text : order_) json.value(*text);
    json.end_array();
  }

 private:
  std::unordered_map<std::string, std::uint32_t> ids_;
  std::vector<const std::string*> order_;  // node-based map: pointers stay valid
};

void write_names(JsonWriter& json, const std::vector<std::string_view>& ids,
                 const std::function<std::string_view(std::string_view)>& name_of) {
  json.begin_object();
  for (const auto id : ids) {
    json.key(id);
    json.begin_object();
    json.field("name", name_of(id));
    json.end_object();
  }
  json.end_object();
}

void write_performance(JsonWriter& json, const estimate::Performance& estimate, const workload::Profile& profile) {
  json.begin_object();
  json.field("memory", memory_json(estimate.memory, true));
  json.field("compute", compute_json(estimate.compute));
  json.key("time");
  json.begin_object();
  json.field("wall_hours", round_figure(estimate.time.wall_hours));
  json.field("gpu_hours", round_figure(estimate.time.gpu_hours));
  if (estimate.time.wall_hours_band.high > 0) {  // uninterrupted, training: docs/estimation.md "Error bands"
    json.field("wall_hours_band", band_json(estimate.time.wall_hours_band));
    json.field("gpu_hours_band", band_json(estimate.time.gpu_hours_band));
  }
  json.end_object();
  json.field("throughput", throughput_json(estimate, profile));
  json.end_object();
}

// One pricing mode's cost; the fields that only mean something for spot, serving or reserved are
// written only there. `labelled` (estimate, schema 1) repeats the mode and the currency in the line;
// a ranking's candidates have them as pricing_mode and the document's currency.
void write_cost(JsonWriter& json, catalog::PricingMode mode, const estimate::Cost& cost, double total,
                const workload::Profile& profile, std::string_view currency, bool labelled) {
  json.begin_object();
  if (labelled) json.field("mode", catalog::to_string(mode));
  json.field("total", round_money(total));
  // A ranked total other than the parts' sum (--risk-averse: the band's upper end): the sum as well,
  // so the parts below add up to a field of the line.
  if (std::abs(total - cost.total) > 0.005) json.field("expected_total", round_money(cost.total));
  if (labelled) json.field("currency", currency);
  json.field("price_per_hour", round_money(cost.price_per_hour));
  json.field("compute", round_money(cost.compute));
  json.field("egress", round_money(cost.egress));
  json.field("public_ip", round_money(cost.public_ip));
  json.field("storage", round_money(cost.storage));
  json.field("interruption", round_money(cost.interruption));
  json.field("interruption_hours", round_figure(cost.interruption_hours));
  json.field("instances", cost.instances);
  // The quote (docs/estimation.md "Price age and quote sanity"): its age, the band and upper factor.
  if (cost.quote_age_days >= 0) json.field("quote_age_days", cost.quote_age_days);
  if (cost.total_band.high > 0) write_band(json, "total_band", cost.total_band, round_money);
  json.field("price_band_pct", round_decimals(cost.price_band_pct, 2));
  json.field("estimated_price_band_pct", round_decimals(cost.estimated_price_band_pct(), 2));
  json.field("price_high_factor", round_decimals(cost.price_high_factor, 4));
  // Training: the chance of ending within --deadline at the time distribution, interruptions and
  // the wait for capacity (docs/estimation.md "Confidence"), and that wait.
  if (workload::kind_traits(profile.kind).training()) {
    json.key("within_deadline_probability");
    if (cost.within_deadline_probability >= 0) {
      json.value(round_decimals(cost.within_deadline_probability, 4));
    } else {
      json.value(nullptr);
    }
    if (cost.hours_at_confidence > 0) json.field("hours_at_confidence", round_figure(cost.hours_at_confidence));
    json.field("acquisition_wait_hours", round_figure(cost.acquisition_wait_hours));
    write_band(json, "acquisition_wait_hours_band", cost.acquisition_wait_band);
    if (cost.reservation_lead_hours > 0) json.field("reservation_lead_hours", round_figure(cost.reservation_lead_hours));
    json.field("staging_hours", round_figure(cost.staging_hours));
  }
  if (mode == catalog::PricingMode::spot) {
    json.field("spot_interruption_pct", round_decimals(cost.spot_interruption_pct, 2));
    json.field("spot_rate_assumed", cost.spot_rate_assumed);
    json.field("interruptions_expected", round_figure(cost.interruptions_expected));
    json.field("uninterrupted_probability", round_decimals(cost.uninterrupted_probability, 4));
    json.key("spot_notice_seconds");
    if (cost.spot_notice_seconds > 0) {
      json.value(round_figure(cost.spot_notice_seconds));
    } else {
      json.value(nullptr);
    }
    json.field("reprovision_hours", round_figure(cost.reprovision_hours));
    json.key("spot_quote");
    json.begin_array();
    if (cost.spot_quote_deep) json.value("below-10pct-of-on-demand");
    if (cost.spot_quote_scarce) json.value("below-25pct-of-on-demand-low-stock");
    if (cost.spot_quote_old) json.value("older-than-14-days");
    json.end_array();
  }
  if (workload::kind_traits(profile.kind).serving())
    json.field("per_million_output_tokens", round_money(cost.per_million_output_tokens));
  if (workload::kind_traits(profile.kind).serves_images())
    json.field("per_thousand_images", round_decimals(cost.per_thousand_images, 4));
  if (workload::kind_traits(profile.kind).physics == workload::Physics::token_serving &&
      cost.per_million_output_tokens_band.high > 0)
    write_band(json, "per_million_output_tokens_band", cost.per_million_output_tokens_band, round_money);
  if (catalog::term_hours(mode) > 0) {
    json.field("break_even_utilisation_pct", round_decimals(cost.break_even_utilisation_pct, 1));
    json.field("commitment", round_money(cost.commitment));
    json.field("term_used_pct", round_figure(cost.term_used_pct));
    json.field("commitment_charged", cost.commitment_charged);
    json.field("term_continues", cost.term_continues);
  }
  if (mode == catalog::PricingMode::capacity_block) {
    json.field("commitment", round_money(cost.commitment));
    json.field("term_used_pct", round_figure(cost.term_used_pct));
    json.field("commitment_charged", cost.commitment_charged);
    json.field("block_hours", round_figure(cost.block_hours));
  }
  json.end_object();
}

ordered_json parsed(const std::function<void(std::ostream&)>& draw) {
  std::ostringstream text;
  draw(text);
  return ordered_json::parse(text.str());
}

struct CandidateContext {
  const catalog::Catalog& catalog;
  const scoring::Ranking& ranking;
  const workload::Profile& profile;
  const SharedFacts& facts;
  MessageTable& messages;
  scoring::FactsMemo& explanation_facts;  // figures many rows' explanations repeat, made once
  bool with_indicators = false;  // compare: the indicators behind each criterion
};

void write_indicators(JsonWriter& json, const CandidateContext& context, const scoring::Candidate& candidate) {
  json.begin_object();
  for (const auto criterion : scoring::all_criteria) {
    json.key(scoring::to_string(criterion));
    json.begin_array();
    for (const auto& indicator : scoring::indicators(context.catalog, context.ranking, candidate, criterion)) {
      json.begin_object();
      json.field("name", indicator.name);
      json.field("value", round_weight(indicator.value));
      json.field("weight", round_weight(indicator.weight));
      json.field("applies", indicator.applies);
      json.end_object();
    }
    json.end_array();
  }
  json.end_object();
}

// Starts loading what write_candidate reads of candidate `index`'s offering, some rows ahead: the rows
// come in rank order and the records in catalog order, so each row's record was a cache miss (issue
// 33: a third of write_candidate's own time at 50k offerings). The record first, its id's heap text
// and region prices two rows later, once the record is there to say where they are.
void prefetch_offering(const catalog::Catalog& catalog, const scoring::Ranking& ranking, std::size_t index,
                       std::size_t shown) {
  constexpr std::size_t record_ahead = 4;
  constexpr std::size_t text_ahead = 2;
  if (index + record_ahead < shown) {
    const auto& offering = catalog.offerings[ranking.candidates[index + record_ahead].offering_index];
    const auto* record = reinterpret_cast<const char*>(&offering);
    constexpr std::size_t line_bytes = 64;
    for (std::size_t at = 0; at < sizeof(catalog::Offering); at += line_bytes) gpuselect::detail::prefetch(record + at);
  }
  if (index + text_ahead < shown) {
    const auto& offering = catalog.offerings[ranking.candidates[index + text_ahead].offering_index];
    gpuselect::detail::prefetch(offering.id.data());
    if (!offering.region_prices.empty()) gpuselect::detail::prefetch(offering.region_prices.data());
  }
}

// A sentence's pieces (scoring::sentence_to) to one string value of the writer.
class SentencePieces final : public scoring::TextPieces {
 public:
  explicit SentencePieces(JsonWriter& json) : json_(json) {}
  void add(std::string_view piece) override { json_.string_piece(piece); }

 private:
  JsonWriter& json_;
};

// One ranked candidate: what it is, its scores, its own time and cost, words, warnings.
void write_candidate(JsonWriter& json, const CandidateContext& context, const scoring::Candidate& candidate) {
  const auto& offering = context.catalog.offerings[candidate.offering_index];
  const auto& performance = context.ranking.performance_of(candidate);
  // The candidate's hours are this mode's expected wall time (spot includes interruptions) with the
  // waits before the run; GPU hours scale with the hours the GPUs are held and run, not with the
  // queue or the wait for capacity (expert review 15: 19.8 GPU-h for a 0.47 h run after a 2 h wait).
  const double uninterrupted_hours = performance.time.wall_hours;
  const double held_hours =
      std::max(uninterrupted_hours, candidate.hours - candidate.queue_hours - candidate.cost.acquisition_wait_hours);
  const double gpu_hours = uninterrupted_hours > 0 ? performance.time.gpu_hours * held_hours / uninterrupted_hours
                                                   : performance.time.gpu_hours;
  json.begin_object();
  json.field("rank", candidate.rank);
  json.field("offering_id", offering.id);
  json.field("provider", offering.provider);
  json.field("instance_type", offering.instance_type.str());
  json.field("gpu", offering.gpu);
  json.field("gpu_count", offering.gpu_count);
  json.field("gpu_fraction", round_weight(offering.gpu_fraction));
  json.field("nodes", candidate.nodes);
  json.field("instances", std::max(candidate.nodes, candidate.cost.instances));
  json.field("gpus_rented", candidate.gpus_rented);
  json.field("gpus_needed", candidate.gpus_needed);
  json.field("pricing_mode", catalog::to_string(candidate.mode));
  json.key("region");  // where this mode is priced (its cheapest allowed region); null = no region or any_region
  if (const auto region = region_name(offering, candidate); region.empty() || candidate.any_region) {
    json.value(nullptr);
  } else {
    json.value(region);
  }
  json.field("other_regions", candidate.other_regions);
  // region null with other_regions > 0: priced alike in any of other_regions + 1 regions.
  json.field("any_region", candidate.any_region);
  json.field("price_as_of", offering.as_of);
  json.field("score", rounded_score(candidate));
  json.key("criteria");  // weights are the document's; contributions add up to the score exactly
  json.begin_object();
  const auto contributions = rounded_contributions(candidate);
  for (const auto criterion : scoring::all_criteria) {
    const auto index = static_cast<std::size_t>(criterion);
    json.key(scoring::to_string(criterion));
    json.begin_object();
    json.field("score", round_score(candidate.criteria[index].score));
    json.field("contribution", contributions[index]);
    json.end_object();
  }
  json.end_object();
  json.field("performance", context.facts.performance_ids.at(candidate.performance));
  json.key("time");
  json.begin_object();
  json.field("wall_hours", round_figure(candidate.hours));
  json.field("gpu_hours", round_figure(gpu_hours));
  const auto hours = candidate_hours(candidate, performance, context.ranking.risk_averse);
  if (hours.band.high > 0) write_band(json, "wall_hours_band", hours.band);
  // --risk-averse ranks on the band's upper end: the expected hours the table prints are said beside
  // them (expert review 32: a CI gate read 7.08 h where the table showed 4.0 h).
  if (context.ranking.risk_averse) json.field("expected_wall_hours", round_figure(hours.expected));
  json.end_object();
  json.key("cost");
  write_cost(json, candidate.mode, candidate.cost, candidate.total_cost, context.profile, context.ranking.currency,
             false);
  // Each line once, as data with its sentence (schema 3; schema 2 also wrote the sentences apart).
  const auto explanation = scoring::explanation(context.catalog, context.ranking, candidate, &context.explanation_facts);
  json.key("explanation_items");
  json.begin_array();
  for (const auto& line : explanation.lines) {
    json.begin_object();
    json.field("kind", scoring::to_string(line.kind));
    json.key("criterion");
    if (line.criterion) {
      json.value(scoring::to_string(*line.criterion));
    } else {
      json.value(nullptr);
    }
    json.field("value", round_score(line.score));
    json.field("figure", line.figure);
    json.key("text");  // scoring::sentence(line), its pieces written as they are said
    json.begin_string();
    SentencePieces pieces(json);
    scoring::sentence_to(pieces, line);
    json.end_string();
    json.end_object();
  }
  json.end_array();
  json.key("estimated");
  json.begin_array();
  for (const auto figure : scoring::estimated_figures(context.catalog, candidate)) json.value(figure);
  json.end_array();
  json.key("warnings");
  json.begin_array();
  for (const auto warning : candidate.warnings) {
    json.begin_object();
    json.field("code", scoring::warning_code(warning));
    json.field("message",
               context.messages.id_of(scoring::warning_text(context.catalog, context.ranking, candidate, warning)));
    json.end_object();
  }
  json.end_array();
  json.field("pareto", candidate.pareto);
  // The job's stack on this GPU (docs/scoring.md "Software stack").
  json.key("software");
  json.begin_object();
  json.field("level", catalog::to_string(candidate.software.level));
  if (candidate.software.feature) {
    json.field("feature", catalog::to_string(*candidate.software.feature));
    json.field("reason", scoring::software_words(candidate.software, context.catalog.gpu_of(
                                                                          context.catalog.offerings[candidate.offering_index])));
  } else {
    json.field("feature", nullptr);
    json.field("reason", nullptr);
  }
  json.end_object();
  if (context.with_indicators) {
    json.key("indicators");
    write_indicators(json, context, candidate);
  }
  json.end_object();
}

void write_excluded(JsonWriter& json, const catalog::Catalog& catalog, const scoring::Ranking& ranking) {
  json.begin_array();
  for (const auto& exclusion : ranking.excluded) {
    json.begin_object();
    json.field("offering_id", catalog.offerings[exclusion.offering_index].id);
    json.key("pricing_mode");
    if (exclusion.mode) {
      json.value(catalog::to_string(*exclusion.mode));
    } else {
      json.value(nullptr);
    }
    json.field("nodes", exclusion.nodes);
    json.key("reasons");
    json.begin_array();
    for (const auto& reason : exclusion.reasons) json.value(scoring::reason_text(reason, ranking.currency));
    json.end_array();
    json.key("constraints");
    json.begin_array();
    for (const auto& reason : exclusion.reasons) json.value(scoring::flag_of(reason.kind, ranking.kind));
    json.end_array();
    json.end_object();
  }
  json.end_array();
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
  const auto& ranking = view.ranking;
  ordered_json request = ordered_json::object();
  const scoring::Options& options = view.options;
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
  request["in_gpu_headroom_pct"] = round_figure(options.in_gpu_headroom_pct);
  request["allow_spot_serving"] = ranking.spot_serving_allowed;
  request["allow_consumer"] = options.allow_consumer;
  request["allow_marketplace"] = options.allow_marketplace;
  request["allow_shared_gpu"] = options.allow_shared_gpu;
  request["allow_low_stock"] = options.allow_low_stock;
  request["allow_no_sla"] = options.allow_no_sla;
  request["allow_stale_terms"] = options.allow_stale_terms;
  request["allow_immature_stack"] = options.allow_immature_stack;
  request["reserved_other_use"] = ranking.reserved_other_use;
  request["risk_averse"] = ranking.risk_averse;
  request["confidence"] = ranking.confidence;  // hours and totals are the bands' upper ends
  request["only_offerings"] = strings_json(ranking.compared_ids);
  auto bounds_json = [](const resources::Bounds& bounds) {
    return ordered_json{{"min", optional_number(bounds.min)}, {"max", optional_number(bounds.max)}};
  };
  request["gpu_memory_gb"] = bounds_json(constraints.gpu_memory_gb);
  request["gpu_count"] = bounds_json(constraints.gpu_count);
  request["max_price_per_hour"] = optional_number(constraints.max_price_per_hour);
  return request;
}

// The catalog files the ranking read, with content digests, and the date stale prices are judged by.
ordered_json catalog_json(const RecommendView& view) {
  ordered_json files = ordered_json::array();
  for (const auto& file : view.catalog_files) files.push_back({{"name", file.name}, {"digest", file.digest}});
  return {
      {"files", std::move(files)},
      {"today", !view.options.today.empty() ? ordered_json(view.options.today)
                                                                       : ordered_json(nullptr)},
      {"stale_after_days", catalog::stale_price_days},
  };
}

ordered_json notes_json(const scoring::Ranking& ranking) {
  ordered_json list = ordered_json::array();
  for (const auto& note : ranking.notes) list.push_back({{"code", note.code}, {"text", note.text.say(text::Lang::en)}});
  return list;
}

// The dated price update overlaid on the catalog, or null.
void write_price_update(JsonWriter& json, const RecommendView& view) {
  json.key("price_update");
  if (!view.price_update) {
    json.value(nullptr);
  } else {
    json.begin_object();
    json.field("path", view.price_update->path);
    json.field("as_of", view.price_update->as_of);
    json.end_object();
  }
}

// Providers' discount_pct, already taken off the prices (docs/catalog.md "Discounts").
void write_discounts(JsonWriter& json, const catalog::Catalog& catalog) {
  json.key("discounts");
  json.begin_array();
  for (const auto& provider : catalog.providers) {
    if (!provider.discount_pct.any()) continue;
    json.begin_object();
    json.field("provider", provider.id);
    for (const auto mode : {catalog::PricingMode::on_demand, catalog::PricingMode::spot,
                            catalog::PricingMode::reserved_1y, catalog::PricingMode::reserved_3y}) {
      json.field(catalog::pricing_key(mode), provider.discount_pct.of(mode));
    }
    json.end_object();
  }
  json.end_array();
}

// The constraint classes the tier policy excluded, each with the cheapest row it removed.
ordered_json tier_excluded_json(const scoring::Ranking& ranking) {
  ordered_json tiers = ordered_json::array();
  for (const auto& tier : ranking.tier_excluded) {
    // null, not "" and 0, when every row of the class is also excluded for another reason (review 16).
    const bool brought_back = !tier.cheapest_offering.empty();
    tiers.push_back(
        {{"constraint", scoring::to_string(tier.kind)},
         {"offerings", tier.offerings},
         {"cheapest_offering_id", brought_back ? ordered_json(tier.cheapest_offering) : ordered_json(nullptr)},
         {"cheapest_pricing_mode",
          tier.cheapest_mode ? ordered_json(catalog::to_string(*tier.cheapest_mode)) : ordered_json(nullptr)},
         {"cheapest_total", brought_back ? ordered_json(round_money(tier.cheapest_total)) : ordered_json(nullptr)}});
  }
  return tiers;
}

// The value of the emptying constraint that admits the cheapest row it removed, where there is one.
void write_admitted_by(JsonWriter& json, const scoring::Ranking& ranking) {
  if (!ranking.admit || !ranking.top_exclusion) return;
  // The value of the emptying constraint that admits the cheapest row it removed.
  const auto& admitted = ranking.excluded[ranking.admit->exclusion];
  json.key("admitted_by");
  json.begin_object();
  json.field("constraint", scoring::to_string(*ranking.top_exclusion));
  json.field("value", round_figure(ranking.admit->value));
  json.field("offering_id", ranking.admit->offering_id);
  json.key("pricing_mode");
  if (admitted.mode) {
    json.value(catalog::to_string(*admitted.mode));
  } else {
    json.value(nullptr);
  }
  json.field("nodes", admitted.nodes);
  json.end_object();
}

// The reserved-node alternative, where the ranking has one.
void write_reservation(JsonWriter& json, const scoring::Ranking& ranking) {
  if (!ranking.reservation) return;
  json.key("reservation");
  json.begin_object();
  json.field("nodes", ranking.reservation->nodes);
  json.field("offering_id", ranking.reservation->offering_id);
  json.field("pricing_mode", catalog::to_string(ranking.reservation->mode));
  json.field("meets_deadline", ranking.reservation->meets);
  json.field("deadline_hours", round_figure(ranking.reservation->deadline_hours));
  json.end_object();
}

// The scale-out the node cap stopped, where the ranking has one.
void write_scale_out(JsonWriter& json, const scoring::Ranking& ranking) {
  if (!ranking.scale_out) return;
  json.key("scale_out");
  json.begin_object();
  json.field("max_nodes", ranking.scale_out->nodes);
  json.field("offering_id", ranking.scale_out->offering_id);
  json.field("beyond_open_capacity", ranking.scale_out->beyond_open_capacity);
  json.end_object();
}

// The summary object: how many rows were ranked, shown and excluded, and what excluded them.
void write_summary(JsonWriter& json, const scoring::Ranking& ranking, std::size_t shown) {
  json.key("summary");
  json.begin_object();
  json.field("candidates", ranking.candidates.size());
  json.field("shown", shown);
  json.field("excluded", ranking.excluded.size());
  json.key("top_exclusion");
  if (ranking.top_exclusion) {
    json.value(scoring::flag_of(*ranking.top_exclusion, ranking.kind));
  } else {
    json.value(nullptr);
  }
  ordered_json tied = ordered_json::array();
  for (const auto kind : ranking.tied_exclusions) tied.push_back(scoring::flag_of(kind, ranking.kind));
  json.field("tied_exclusions", tied);
  // Where a fact of the job removed the most: the constraints that alone removed offerings, which
  // the exit-3 hint names first (expert review 46: top_exclusion alone blamed a precision the user
  // never passed).
  if (!ranking.levers.empty()) {
    ordered_json levers = ordered_json::array();
    for (const auto kind : ranking.levers) levers.push_back(scoring::flag_of(kind, ranking.kind));
    json.field("levers", levers);
  }
  json.field("tier_excluded", tier_excluded_json(ranking));
  write_admitted_by(json, ranking);
  write_reservation(json, ranking);
  write_scale_out(json, ranking);
  json.end_object();
}

// recommend and compare: header, shared tables, candidates, then what refers back to them.
void write_ranking_document(std::ostream& out, std::string_view document, const RecommendView& view,
                            const Style& style) {
  const auto& catalog = view.catalog;
  const auto& ranking = view.ranking;
  const bool compare = document == "compare";
  const std::size_t shown = compare ? ranking.candidates.size() : shown_count(ranking.candidates.size(), style.machine_top);
  const SharedFacts facts = shared_facts(catalog, ranking, shown);
  MessageTable messages;
  JsonWriter json(out, style.pretty);
  json.begin_object();
  json.field("schema_version", ranking_schema_version);
  json.field("document", document);
  json.field("generator", generator_name());
  json.field("lang", text::lang_name(style.lang));  // an echo: nothing else in the document depends on it
  json.field("workload", workload_json(view.profile));
  json.field("weights", weights_json(ranking.weights));
  json.field("profile", ranking.profile_name);
  json.field("currency", currency_json(ranking));
  json.field("request", request_json(view));
  json.field("catalog", catalog_json(view));
  write_price_update(json, view);
  write_discounts(json, catalog);
  json.key("providers");
  write_names(json, facts.providers, [&](std::string_view id) -> std::string_view {
    const auto* provider = catalog.find_provider(id);
    return provider != nullptr ? std::string_view(provider->name) : id;
  });
  json.key("gpus");
  write_names(json, facts.gpus, [&](std::string_view id) -> std::string_view {
    const auto* gpu = catalog.find_gpu(id);
    return gpu != nullptr ? std::string_view(gpu->name) : id;
  });
  json.key("performances");
  json.begin_array();
  for (const auto index : facts.performances) write_performance(json, ranking.performances[index], view.profile);
  json.end_array();
  json.key("candidates");
  json.begin_array();
  scoring::FactsMemo explanation_facts;
  const CandidateContext context{catalog, ranking, view.profile, facts, messages, explanation_facts, compare};
  for (std::size_t index = 0; index < shown; ++index) {
    prefetch_offering(catalog, ranking, index, shown);
    write_candidate(json, context, ranking.candidates[index]);
  }
  json.end_array();
  json.key("warning_messages");
  messages.write(json);
  json.key("excluded");
  write_excluded(json, catalog, ranking);
  if (!compare) {
    json.key("sensitivity");
    if (ranking.sensitivity) {
      json.value(sensitivity_json(catalog, ranking, *ranking.sensitivity));
    } else {
      json.value(nullptr);
    }
  }
  if (!compare) json.field("notes", notes_json(ranking));
  if (ranking.fleet) json.field("fleet", fleet_json(*ranking.fleet));
  write_summary(json, ranking, shown);
  json.end_object();
  json.finish();
}

}  // namespace

void detail::write_recommend_json(std::ostream& out, const RecommendView& view, const Style& style) {
  write_ranking_document(out, "recommend", view, style);
}

void detail::write_compare_json(std::ostream& out, const RecommendView& view, const Style& style) {
  write_ranking_document(out, "compare", view, style);
}

ordered_json recommend_json(const RecommendView& view) {
  return parsed([&](std::ostream& out) { write_recommend_json(out, view, Style{}); });
}

ordered_json compare_json(const RecommendView& view) {
  return parsed([&](std::ostream& out) { write_compare_json(out, view, Style{}); });
}

ordered_json estimate_json(const catalog::Catalog& catalog, const workload::Profile& profile,
                           const estimate::Estimate& estimate, const catalog::Offering* offering) {
  ordered_json document = {
      {"schema_version", 1},
      {"document", "estimate"},
      {"generator", generator_name()},
      {"workload", workload_json(profile)},
  };
  const estimate::Performance& performance = estimate.performance;
  if (offering != nullptr) {
    const catalog::Gpu* gpu = catalog.find_gpu(offering->gpu);
    document["offering"] = {
        {"offering_id", offering->id},
        {"provider", offering->provider},
        {"instance_type", offering->instance_type},
        {"gpu", offering->gpu},
        {"gpu_name", gpu != nullptr ? gpu->name : std::string()},
        {"gpu_count", offering->gpu_count},
        {"nodes", performance.memory.plan.nodes},
    };
  } else {
    document["offering"] = nullptr;
  }
  document["memory"] = memory_json(performance.memory, performance.has_hardware);
  document["plan_description"] = estimate::describe_plan(profile, performance.memory);
  document["compute"] = compute_json(performance.compute);
  document["time"] = {
      {"wall_hours", round_figure(performance.time.wall_hours)},
      {"gpu_hours", round_figure(performance.time.gpu_hours)},
  };
  if (performance.time.wall_hours_band.high > 0) {
    document["time"]["wall_hours_band"] = band_json(performance.time.wall_hours_band);
    document["time"]["gpu_hours_band"] = band_json(performance.time.gpu_hours_band);
  }
  if (performance.step.total_s > 0) {
    ordered_json step = ordered_json::object();
    for (const auto& [key, figure] : step_figures) step[std::string(key)] = round_figure(performance.step.*figure);
    document["step"] = std::move(step);
  }
  document["throughput"] = throughput_json(performance, profile);
  const std::string currency(estimate.currency.empty() ? std::string_view("USD") : estimate.currency);
  document["currency"] = currency;
  if (offering != nullptr && estimate.has_price) {
    ordered_json costs = ordered_json::object();
    for (std::size_t index = 0; index < estimate.costs.size(); ++index) {
      const auto mode = static_cast<catalog::PricingMode>(index);
      const auto& cost = estimate.costs[index];
      costs[std::string(catalog::pricing_key(mode))] =
          cost.available ? parsed([&](std::ostream& out) {
            JsonWriter json(out, false);
            write_cost(json, mode, cost, cost.total, profile, currency, true);
          })
                         : ordered_json(nullptr);
    }
    document["cost"] = std::move(costs);
  } else {
    document["cost"] = nullptr;
  }
  ordered_json assumptions = ordered_json::array();
  for (const auto& sentence : estimate::assumptions(profile, estimate)) assumptions.push_back(sentence.say(text::Lang::en));
  document["assumptions"] = std::move(assumptions);
  return document;
}

void write_json(std::ostream& out, const ordered_json& document, bool pretty) {
  // The writer formats numbers as dump() does (shortest round-trip, '.' decimal point) whatever the locale.
  JsonWriter json(out, pretty);
  json.value(document);
  json.finish();
}

}  // namespace gpuselect::render
