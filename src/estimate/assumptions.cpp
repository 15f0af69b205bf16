// The assumptions behind one estimate, as plain sentences (docs/estimation.md lists their sources).
#include <fmt/format.h>

#include "estimate/model.hpp"
#include "gpuselect/units.hpp"

namespace gpuselect::estimate {

std::vector<std::string> assumptions(const workload::Profile& profile, const Estimate& estimate) {
  const Performance& performance = estimate.performance;
  std::vector<std::string> sentences;
  sentences.push_back(
      "Bytes: 1 GB = 1e9 bytes in every output; GPU capacity is the driver-reported MiB where "
      "known, else the label in GiB.");
  for (const auto& sentence : profile.defaults_applied) sentences.push_back(sentence);

  const auto& shape = profile.shape;
  if (workload::kind_traits(profile.kind).training()) {
    const auto states = model::training_state_bytes(profile.precision, profile.optimizer);
    if (profile.method == workload::Method::full) {
      sentences.push_back(
          fmt::format("Model states: {:g} B/param weights + {:g} gradients + {:g} optimizer = {:g} B/param "
                      "(ZeRO paper, Rajbhandari et al. 2019), sharded by the ZeRO stage over the data-parallel "
                      "GPUs.",
                      states.weights, states.gradients, states.optimizer, states.total()));
    } else {
      sentences.push_back(fmt::format(
          "{}: frozen base at {:.3g} B/param; {} trainable adapter parameters (rank {}) at {:g} "
          "B/param of weights, gradients and optimizer states.",
          profile.method == workload::Method::qlora ? "QLoRA (NF4 + double quantisation, Dettmers et al. 2023)"
                                                    : "LoRA (Hu et al. 2021)",
          model::frozen_base_bytes_per_param(profile), units::format_count(model::lora_trainable_params(profile)),
          profile.lora_rank, states.total()));
    }
    if (!workload::kind_traits(profile.kind).trains_images()) {
      std::string_view recompute =
          profile.recompute == workload::Recompute::full
              ? "full recomputation: 2·s·b·h/t per layer, plus the 34·s·b·h/t of the one layer being recomputed"
          : profile.recompute == workload::Recompute::selective ? "selective recomputation: 34·s·b·h/t per layer"
                                                                : "no recomputation: s·b·h·(34 + 5·a·s/h)/t per layer";
      sentences.push_back(fmt::format(
          "Activations: Korthikanti et al. 2022 Table 2, {} (16-bit, sequence parallel with tensor "
          "parallel); {} attention{}.",
          recompute, profile.attention == workload::Attention::flash ? "flash" : "eager",
          profile.attention == workload::Attention::flash ? " stores no s² score matrix, so the 5·a·s/h term is dropped"
                                                          : " stores the s² score matrix"));
      // docs/estimation.md "Activations": the output layer's logits and loss buffers.
      sentences.push_back(fmt::format(
          "Output layer: logits and loss buffers of s·b·V/t x {} bytes on the last pipeline stage ({}).",
          profile.framework == workload::Framework::megatron ? 6 : 12,
          profile.framework == workload::Framework::megatron
              ? "16-bit logits and the fp32 softmax of Megatron-Core's fused vocab-parallel cross-entropy"
              : "PyTorch's cross-entropy on fp32-upcast logits: the saved log-softmax, its gradient and the input's"));
    } else {
      sentences.push_back(
          "Activations of vision models: 0.01 byte per forward FLOP per image (ResNet-50: 82 MB; "
          "assumption).");
    }
  } else if (workload::kind_traits(profile.kind).physics == workload::Physics::token_serving) {
    sentences.push_back(fmt::format(
        "KV cache: {:.1f} KB per token ({}), paged: each sequence holds its {} input + {} output tokens; the batch is "
        "the largest whose weights, KV cache, one layer's prefill workspace and runtime overhead stay within {:.0f}% "
        "of GPU memory (vLLM gpu_memory_utilization).",
        model::kv_cache_bytes_per_token(profile) / 1e3,
        shape.kv_lora_rank > 0 ? fmt::format("MLA latent: L·(kv_lora_rank {} + rope {})·bytes, kept whole on every "
                                             "tensor-parallel rank",
                                             shape.kv_lora_rank, shape.qk_rope_head_dim)
                               : std::string("2·L·kv_heads·head_dim·bytes, split over tensor parallel by KV heads"),
        profile.input_tokens, profile.output_tokens, model::serving_memory_share * 100));
    sentences.push_back(fmt::format("Weights served at {} ({:.3g} B/param){}.", workload::to_string(profile.precision),
                                    model::serving_bytes_per_param(profile.precision),
                                    profile.precision == workload::Precision::fp4 ? "; KV cache in FP8" : ""));
    const auto split = model::expert_split(shape);
    if (split.routed_params > 0) {
      sentences.push_back(fmt::format(
          "Mixture of experts: {} routed of {} parameters, {} of {} experts per token; a step over n tokens reads "
          "the dense part plus E·(1-(1-k/E)^n) experts per layer; routed experts spread over the replica's GPUs "
          "(expert parallel).",
          units::format_count(split.routed_params), units::format_count(shape.params), shape.experts_per_token,
          shape.experts));
    }
    sentences.push_back(fmt::format(
        "Serving roofline (docs/estimation.md \"Serving\"): a steady-state step decodes one token of each of the "
        "batch's sequences and prefills the prompts that replace finished ones; step = max(bytes read / ({:.0f}% of "
        "datasheet bandwidth), decode FLOPs / {:.0f}% of peak + prefill FLOPs / {:.0f}% of peak) + tensor-parallel "
        "all-reduces + {:g} ms; TPOT = that step with the other sequences' prompts; TTFT = one prompt's prefill + "
        "half a step. Constants fitted on 36 "
        "TensorRT-LLM figures (H100/H200, FP8; 10 of them MoE, whose steps take 1/0.64 longer).",
        model::decode_bandwidth_share * 100, model::decode_compute_share * 100, model::prefill_compute_share * 100,
        model::step_overhead_s * 1e3));
  } else if (!workload::kind_traits(profile.kind).serves_images()) {
    sentences.push_back(
        fmt::format("KV cache: 2·L·kv_heads·head_dim·context·batch·bytes = {} per sequence of {} tokens at {:g} "
                    "B/element (NVIDIA: Llama-2-7B 16-bit 4096 tokens = 2 GiB).",
                    units::format_gb(model::kv_cache_bytes_per_sequence(profile, profile.context)), profile.context,
                    model::kv_bytes_per_element(profile.precision)));
    sentences.push_back(fmt::format("Weights served at {} ({:.3g} B/param).", workload::to_string(profile.precision),
                                    model::serving_bytes_per_param(profile.precision)));
  }
  sentences.push_back(
      "Runtime overhead per GPU: 1 GiB for the CUDA context and NCCL buffers (GPU-SPECS: 0.5-1.5 GiB reserved).");
  sentences.push_back(fmt::format(
      "Headroom: a plan fits only if it leaves {:g}% of GPU memory free (allocator fragmentation, NCCL and "
      "transient peaks; docs/estimation.md \"Headroom\"; --min-headroom sets it).",
      profile.headroom_pct));
  if (performance.memory.cpu_offload_bytes > 0 || workload::kind_traits(profile.kind).training()) {
    sentences.push_back(
        "Host RAM: CPU offload must fit the node's RAM less 8 GB + 8 GB per GPU kept for the OS, data-loader "
        "workers and pinned buffers; DeepSpeed's 1.5x CPU buffer factor is included.");
  }
  if (shape.derived) {
    sentences.push_back("Model shape derived from the parameter count (P ≈ 12·L·h², h ≈ 128·L).");
  }
  if (std::string basis = mfu_basis_text(performance.compute); !basis.empty()) sentences.push_back(basis + ".");
  if (workload::kind_traits(profile.kind).training()) {
    sentences.push_back(fmt::format(
        "Training compute: {} model FLOPs ({} per parameter per token; Kaplan et al. 2020); {}.",
        units::format_count(performance.compute.total_flops),
        profile.method == workload::Method::full ? "6" : "4 for adapters: no weight gradients",
        performance.step.total_s > 0
            ? "time = optimizer steps x step time of the performance model (docs/estimation.md \"Performance model\")"
            : "time = FLOPs / (GPUs x peak dense TFLOPS x MFU)"));
    if (performance.input.modelled) {
      sentences.push_back(fmt::format(
          "Input pipeline (--data-loader {}): {:g} images/s per decoding vCPU, {}; the vCPUs less one per GPU "
          "decode{}, and the job runs at the lower of their rate and the GPUs' (docs/estimation.md \"Input "
          "pipeline\").",
          workload::to_string(performance.input.data_loader), performance.input.images_per_s_per_worker,
          model::loader_rate_source(performance.input.data_loader),
          performance.input.vcpus_assumed
              ? fmt::format(" ({} vCPUs per node assumed)", performance.input.vcpus_per_node)
              : std::string()));
    }
    if (performance.time.wall_hours_band.high > 0) {
      sentences.push_back(fmt::format(
          "Error band: 10th-90th percentile of published/predicted GPU-hours on the calibration runs of this "
          "regime{}.",
          performance.time.wall_hours_band.in_calibrated_regime
              ? ""
              : "; this job lies OUTSIDE the calibrated regime (GPU generation, method, size, scale or offload), "
                "so the band is the widest one, widened 1.5x"));
    }
  }
  const Cost& spot = estimate.cost(catalog::PricingMode::spot);
  if (estimate.has_price && spot.available) {
    sentences.push_back(
        fmt::format("Spot: {:g}% interruptions per instance-month{}; each {}.", spot.spot_interruption_pct,
                    spot.spot_rate_assumed ? " (not published: assumed for the GPU class from AWS Spot Advisor's "
                                             "bands, estimated)"
                                           : "",
                    workload::kind_traits(profile.kind).training()
                        ? "loses half a checkpoint interval of the whole job plus the restart"
                        : "leaves a replica down, and bills its replacement, for the restart time"));
  }
  if (estimate.has_price) {
    sentences.push_back(
        "Hidden costs: egress per GB, one public IP per instance, and block storage for one "
        "checkpoint plus the dataset for the job's duration.");
  }
  return sentences;
}

}  // namespace gpuselect::estimate
