// The assumptions behind one estimate, as sentences in the catalogue's words (docs/estimation.md
// lists their sources).
#include <fmt/format.h>

#include "estimate/model.hpp"
#include "gpuselect/units.hpp"

namespace gpuselect::estimate {

namespace {

using text::Lang;
using text::Msg;

// A sentence whose parameters include words of their own (a message chosen by the job): said whole in
// each language. `make(lang)` gives the sentence in `lang`.
template <typename Make>
text::Words in_each(const Make& make) {
  return text::Words::in_each(make);
}

std::string said(Lang lang, Msg id) { return std::string(text::message(id, lang)); }

}  // namespace

std::vector<text::Words> assumptions(const workload::Profile& profile, const Estimate& estimate) {
  const Performance& performance = estimate.performance;
  std::vector<text::Words> sentences;
  sentences.push_back(text::words(Msg::asm_bytes));
  // A profile made without state() (a test's) has its English sentences only.
  if (profile.defaults_said.size() == profile.defaults_applied.size()) {
    for (const auto& sentence : profile.defaults_said) sentences.push_back(sentence);
  } else {
    for (const auto& sentence : profile.defaults_applied) sentences.emplace_back(sentence);
  }

  const auto& shape = profile.shape;
  if (workload::kind_traits(profile.kind).training()) {
    const auto states = model::training_state_bytes(profile.precision, profile.optimizer);
    if (profile.method == workload::Method::full) {
      sentences.push_back(text::words(Msg::asm_model_states, fmt::format("{:g}", states.weights),
                                      fmt::format("{:g}", states.gradients), fmt::format("{:g}", states.optimizer),
                                      fmt::format("{:g}", states.total())));
    } else {
      sentences.push_back(text::words(
          Msg::asm_adapters, profile.method == workload::Method::qlora ? Msg::asm_method_qlora : Msg::asm_method_lora,
          fmt::format("{:.3g}", model::frozen_base_bytes_per_param(profile)),
          units::format_count(model::lora_trainable_params(profile)), profile.lora_rank,
          fmt::format("{:g}", states.total())));
    }
    if (!workload::kind_traits(profile.kind).trains_images()) {
      // --framework fsdp's selective recomputation is torchtitan's op-level policy (docs/estimation.md
      // "Activations"; memory.cpp op_level_checkpoint_bytes), the others' Megatron's.
      const Msg selective = profile.framework == workload::Framework::fsdp ? Msg::asm_recompute_selective_op
                                                                           : Msg::asm_recompute_selective;
      const Msg recompute = profile.recompute == workload::Recompute::full        ? Msg::asm_recompute_full
                            : profile.recompute == workload::Recompute::selective ? selective
                                                                                  : Msg::asm_recompute_none;
      sentences.push_back(text::words(
          Msg::asm_activations, recompute,
          profile.attention == workload::Attention::flash ? Msg::asm_attention_flash : Msg::asm_attention_eager));
      // docs/estimation.md "Activations": the output layer's logits and loss buffers.
      const bool megatron = profile.framework == workload::Framework::megatron;
      const bool pytorch_tp = profile.framework == workload::Framework::fsdp || profile.framework == workload::Framework::hf;
      sentences.push_back(text::words(Msg::asm_output_layer, megatron ? 6 : 12,
                                      megatron ? Msg::asm_logits_megatron : Msg::asm_logits_pytorch,
                                      pytorch_tp ? Msg::asm_output_input_gathered : Msg::asm_output_input_sharded));
      if (pytorch_tp) sentences.push_back(text::words(Msg::asm_tp_gathered));
    } else {
      sentences.push_back(text::words(Msg::asm_vision_activations));
    }
  } else if (workload::kind_traits(profile.kind).physics == workload::Physics::token_serving) {
    const text::Words layout = shape.kv_lora_rank > 0
                                   ? text::words(Msg::asm_kv_mla, shape.kv_lora_rank, shape.qk_rope_head_dim)
                                   : text::words(Msg::asm_kv_heads);
    const std::string kv_kb = fmt::format("{:.1f}", model::kv_cache_bytes_per_token(profile) / 1e3);
    const std::string share = fmt::format("{:.0f}", model::serving_memory_share_for(profile) * 100);
    sentences.push_back(in_each([&](Lang lang) {
      return text::say(lang, Msg::asm_kv_serving, kv_kb, layout.say(lang), profile.input_tokens,
                       profile.output_tokens, share);
    }));
    const std::string bytes = fmt::format("{:.3g}", model::serving_bytes_per_param(profile.precision));
    sentences.push_back(in_each([&](Lang lang) {
      return text::say(lang, Msg::asm_weights_served, workload::to_string(profile.precision), bytes,
                       profile.precision == workload::Precision::fp4 ? said(lang, Msg::asm_kv_fp8) : std::string());
    }));
    const auto split = model::expert_split(shape);
    if (split.routed_params > 0) {
      sentences.push_back(text::words(Msg::asm_moe, units::format_count(split.routed_params),
                                      units::format_count(shape.params), shape.experts_per_token, shape.experts));
    }
    sentences.push_back(text::words(Msg::asm_serving_roofline, fmt::format("{:.0f}", model::decode_bandwidth_share * 100),
                                    fmt::format("{:.0f}", model::decode_compute_share * 100),
                                    fmt::format("{:.0f}", model::prefill_compute_share * 100),
                                    fmt::format("{:g}", model::step_overhead_s * 1e3),
                                    units::format_count(model::decode_width_reference_params),
                                    fmt::format("{:g}", model::decode_width_exponent),
                                    units::format_count(model::decode_width_low_params),
                                    units::format_count(model::decode_width_high_params),
                                    fmt::format("{:.0f}", model::moe_decode_compute_share * 100),
                                    fmt::format("{:.2f}", model::fp4_step_factor),
                                    units::format_count(model::decode_tokens_reference),
                                    fmt::format("{:g}", model::decode_tokens_exponent),
                                    units::format_count(model::decode_tokens_low),
                                    units::format_count(model::decode_tokens_high)));
  } else if (!workload::kind_traits(profile.kind).serves_images()) {
    sentences.push_back(text::words(Msg::asm_kv_sequence,
                                    units::format_gb(model::kv_cache_bytes_per_sequence(profile, profile.context)),
                                    profile.context, fmt::format("{:g}", model::kv_bytes_per_element(profile.precision))));
    sentences.push_back(text::words(Msg::asm_weights_served, workload::to_string(profile.precision),
                                    fmt::format("{:.3g}", model::serving_bytes_per_param(profile.precision)), ""));
  }
  sentences.push_back(text::words(Msg::asm_runtime_overhead));
  sentences.push_back(text::words(Msg::asm_headroom, fmt::format("{:g}", profile.headroom_pct)));
  if (performance.memory.cpu_offload_bytes > 0 || workload::kind_traits(profile.kind).training()) {
    sentences.push_back(text::words(Msg::asm_host_ram));
  }
  if (shape.derived) sentences.push_back(text::words(Msg::asm_shape_derived));
  if (const text::Words basis = mfu_basis_words(performance.compute); !basis.empty()) {
    sentences.push_back(in_each([&](Lang lang) { return text::say(lang, Msg::asm_sentence, basis.say(lang)); }));
  }
  if (workload::kind_traits(profile.kind).training()) {
    sentences.push_back(text::words(
        Msg::asm_training_compute, units::format_count(performance.compute.total_flops),
        profile.method == workload::Method::full ? Msg::asm_flops_full : Msg::asm_flops_adapters,
        performance.step.total_s > 0 ? Msg::asm_time_model : Msg::asm_time_flops));
    if (performance.input.modelled) {
      const auto& input = performance.input;
      sentences.push_back(in_each([&](Lang lang) {
        return text::say(lang, Msg::asm_input_pipeline, workload::to_string(input.data_loader),
                         fmt::format("{:g}", input.images_per_s_per_worker),
                         text::message(model::loader_rate_source(input.data_loader), lang),
                         input.vcpus_assumed ? text::say(lang, Msg::asm_vcpus_assumed, input.vcpus_per_node)
                                             : std::string());
      }));
    }
    if (performance.time.wall_hours_band.high > 0) {
      sentences.push_back(in_each([&](Lang lang) {
        return text::say(lang, Msg::asm_error_band,
                         performance.time.wall_hours_band.in_calibrated_regime ? std::string()
                                                                               : said(lang, Msg::asm_outside_regime));
      }));
    }
  }
  const Cost& spot = estimate.cost(catalog::PricingMode::spot);
  if (estimate.has_price && spot.available) {
    const bool training = workload::kind_traits(profile.kind).training();
    sentences.push_back(in_each([&](Lang lang) {
      return text::say(lang, Msg::asm_spot, fmt::format("{:g}", spot.spot_interruption_pct),
                       spot.spot_rate_assumed ? said(lang, Msg::asm_spot_assumed) : std::string(),
                       said(lang, training ? Msg::asm_spot_training : Msg::asm_spot_serving));
    }));
  }
  if (estimate.has_price) sentences.push_back(text::words(Msg::asm_hidden_costs));
  return sentences;
}

}  // namespace gpuselect::estimate
