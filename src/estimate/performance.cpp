// Compute, time, serving throughput and MFU (docs/estimation.md "Time" and "MFU defaults").
#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

#include <fmt/format.h>

#include "estimate/model.hpp"
#include "gpuselect/units.hpp"

namespace gpuselect::estimate {

namespace model {

namespace {

// Base MFU for training by GPU architecture and model size (model FLOPs 6·P·D over peak dense
// 16-bit). The last row of an architecture whose min_params <= P applies; "" matches any GPU.
struct MfuRow {
  std::string_view architecture;
  double min_params;
  double mfu;
  std::string_view source;
};
constexpr std::array<MfuRow, 8> mfu_table{{
    {"ampere", 0, 0.40,
     "A100: Llama 2 7B took 184,320 A100-80GB GPU-hours for 2T tokens, 39% MFU (Llama 2 model card)"},
    {"ampere", 1e11, 0.44,
     "A100, >= 100B: Megatron-LM GPT-3 175B on 1024 A100 at 138 TFLOP/s per GPU, 44% (Narayanan et al. 2021)"},
    {"hopper", 0, 0.40, "H100/H200: Llama 3 405B on 16k H100 at 38-43% MFU (Llama 3 paper, Table 4)"},
    {"volta", 0, 0.30, "V100: Megatron-LM 8.3B on 512 V100 at 39 TFLOP/s per GPU, 30% of 125 (Shoeybi et al. 2019)"},
    {"ada", 0, 0.30, "Ada (L4, L40S, RTX 4090): assumption, PCIe-only parts with less bandwidth per FLOP"},
    {"turing", 0, 0.30, "Turing (T4): assumption, as for Ada"},
    {"cdna3", 0, 0.30, "MI300X: assumption, ROCm training stacks report below the H100 figure"},
    {"", 0, 0.30, "unknown architecture: assumption"},
}};

// Multipliers on the base, each a condition and its reason.
struct MfuFactor {
  std::string_view name;
  double factor;
  std::string_view reason;
};
// In the order they are applied and worded; MfuSource::factors bit i is row i.
constexpr std::array<MfuFactor, 9> mfu_factors{{
    {"vision training", 0.55,
     "ResNet-50 on A100 trains ~2,700 images/s, 22% of 312 TFLOPS (NVIDIA Deep Learning Examples)"},
    {"model < 100M parameters", 0.5, "matmuls too small to fill the tensor cores (assumption)"},
    {"model < 1B parameters", 0.7, "small matmuls underuse the tensor cores (assumption)"},
    {"fine-tuning", 0.9, "short, padded sequences and frequent evaluation (assumption)"},
    {"QLoRA", 0.6, "each matmul dequantises NF4 weights first (assumption)"},
    {"PCIe-only multi-GPU", 0.7, "gradient all-reduce of 2P bytes per step over PCIe (assumption)"},
    {"multi-node without RDMA", 0.5, "gradient all-reduce over TCP Ethernet between nodes (assumption)"},
    {"CPU offload", 0.5, "optimizer step and transfers over PCIe (ZeRO-Offload; assumption)"},
    {"vGPU share", 0.9, "noisy neighbours on a time-sliced card (assumption)"},
}};
enum FactorBit : std::uint16_t {
  vision_train = 1u << 0,
  tiny_model = 1u << 1,
  small_model = 1u << 2,
  fine_tune = 1u << 3,
  qlora_dequant = 1u << 4,
  pcie_only = 1u << 5,
  no_rdma = 1u << 6,
  offloaded = 1u << 7,
  shared_gpu = 1u << 8,
};

std::size_t base_row(std::string_view architecture, double params) {
  std::size_t found = mfu_table.size() - 1;
  for (std::size_t row = 0; row < mfu_table.size(); ++row) {
    if (mfu_table[row].architecture == architecture && mfu_table[row].min_params <= params) found = row;
  }
  return found;
}

}  // namespace

MfuChoice choose_mfu(const workload::Profile& profile, const Hardware& hardware, const Plan& plan) {
  MfuChoice choice;
  if (profile.mfu) {
    choice.value = *profile.mfu;
    choice.source.kind = MfuSource::Kind::given;
    return choice;
  }
  std::uint16_t applied = 0;
  if (profile.kind == workload::Kind::llm_inference) {
    choice.value = prefill_compute_share;
    choice.source.kind = MfuSource::Kind::prefill;
  } else if (!workload::is_training(profile.kind)) {
    choice.value = prefill_mfu_default;
    choice.source.kind = MfuSource::Kind::prefill;
  } else {
    const std::string_view architecture =
        hardware.gpu != nullptr ? std::string_view(hardware.gpu->architecture) : std::string_view{};
    const std::size_t row = base_row(architecture, profile.shape.params);
    choice.value = mfu_table[row].mfu;
    choice.source.kind = MfuSource::Kind::table;
    choice.source.table_row = static_cast<std::uint8_t>(row);
    if (profile.kind == workload::Kind::cv_train) {
      applied |= vision_train;
    } else if (profile.shape.params < 1e8) {
      applied |= tiny_model;
    } else if (profile.shape.params < 1e9) {
      applied |= small_model;
    }
    if (profile.kind == workload::Kind::llm_finetune) applied |= fine_tune;
    if (profile.method == workload::Method::qlora && profile.kind == workload::Kind::llm_finetune) {
      applied |= qlora_dequant;
    }
    const bool pcie =
        hardware.interconnect == catalog::Interconnect::pcie || hardware.interconnect == catalog::Interconnect::none;
    if (pcie && plan.gpus_per_node > 1) applied |= pcie_only;
    if (plan.nodes > 1 && hardware.rdma == catalog::Rdma::none) applied |= no_rdma;
    if (plan.offload != workload::Offload::none) applied |= offloaded;
  }
  if (hardware.gpu_fraction < 1.0) applied |= shared_gpu;
  for (std::size_t bit = 0; bit < mfu_factors.size(); ++bit) {
    if (applied & (1u << bit)) choice.value *= mfu_factors[bit].factor;
  }
  choice.value = std::clamp(choice.value, 0.01, 1.0);
  choice.source.factors = applied;
  return choice;
}

double peak_tflops(const catalog::Gpu& gpu, workload::Precision precision) {
  switch (precision) {
    // fp32 matmuls run on CUDA cores (PyTorch leaves TF32 off for matmul since 1.12).
    // Without a figure: 1/16 of the 16-bit peak, the A100 and H100 ratio (GPU-SPECS.md).
    case workload::Precision::fp32:
      return gpu.fp32_tflops.value_or(gpu.bf16_dense_tflops / 16.0);
    case workload::Precision::fp8:
      return gpu.fp8_dense_tflops.value_or(gpu.bf16_dense_tflops);
    // Without FP4 tensor cores choose_plan refuses the plan (PlanReason::no_fp4).
    case workload::Precision::fp4:
      return gpu.fp4_dense_tflops.value_or(gpu.fp8_dense_tflops.value_or(gpu.bf16_dense_tflops));
    // int8/int4 serving here is weight-only quantisation: the matmuls run in 16-bit.
    default:
      return gpu.bf16_dense_tflops;
  }
}

}  // namespace model

double default_mfu(const workload::Profile& profile, const Hardware& hardware, const Plan& plan) {
  if (!profile.mfu) return model::choose_mfu(profile, hardware, plan).value;
  workload::Profile without_override = profile;
  without_override.mfu.reset();
  return model::choose_mfu(without_override, hardware, plan).value;
}

std::string mfu_basis_text(const Compute& compute) {
  if (!compute.mfu_basis.empty()) return compute.mfu_basis;
  const MfuSource& source = compute.mfu_source;
  std::string basis;
  switch (source.kind) {
    case MfuSource::Kind::none:
      return basis;
    case MfuSource::Kind::given:
      return fmt::format("MFU {:.0f}% as given by --mfu", compute.mfu * 100.0);
    case MfuSource::Kind::prefill:
      basis = fmt::format("prefill MFU {:.0f}% ({}; decode is bandwidth-bound)", compute.mfu * 100.0,
                          compute.mfu == model::prefill_mfu_default
                              ? "assumption: large batched matmuls"
                              : "fitted on the serving calibration rows, docs/estimation.md");
      break;
    case MfuSource::Kind::table: {
      const auto& row = model::mfu_table[std::min<std::size_t>(source.table_row, model::mfu_table.size() - 1)];
      basis = fmt::format("MFU {:.0f}% base: {}", row.mfu * 100.0, row.source);
      break;
    }
  }
  for (std::size_t bit = 0; bit < model::mfu_factors.size(); ++bit) {
    if (!(source.factors & (1u << bit))) continue;
    const auto& factor = model::mfu_factors[bit];
    basis += fmt::format("; x{} for {}: {}", factor.factor, factor.name, factor.reason);
  }
  if (source.factors != 0) basis += fmt::format(" (MFU used {:.1f}%)", compute.mfu * 100.0);
  return basis;
}

namespace {

double active_params(const workload::Shape& shape) {
  return shape.active_params > 0 ? shape.active_params : shape.params;
}

// Model FLOPs of the whole training job and what the hardware executes with recomputation.
void training_compute(const workload::Profile& profile, Compute& compute) {
  const double data = profile.tokens;
  if (profile.kind == workload::Kind::cv_train) {
    // Forward + backward = 3 forward passes per image.
    compute.total_flops = 3.0 * profile.shape.forward_flops_per_sample * data;
    compute.hardware_flops = compute.total_flops;
    return;
  }
  const double params = active_params(profile.shape);
  // Full training: 2PD forward + 4PD backward (Kaplan et al. 2020). LoRA/QLoRA: frozen weights
  // need no weight gradients, so the backward pass is 2PD: 4PD in all.
  const double per_token = profile.method == workload::Method::full ? 6.0 : 4.0;
  compute.total_flops = per_token * params * data;
  // Full recomputation repeats the forward pass (2PD): 8PD for full training.
  const double recompute = profile.recompute == workload::Recompute::full ? 2.0 * params * data : 0.0;
  compute.hardware_flops = compute.total_flops + recompute;
}

void serving_throughput(const workload::Profile& profile, const Hardware& hardware, const Plan& plan,
                        Estimate& estimate) {
  const catalog::Gpu& gpu = *hardware.gpu;
  const double tp = std::max(1, plan.tensor_parallel);
  const double share = hardware.gpu_fraction;
  const double peak_flops = model::peak_tflops(gpu, profile.precision) * 1e12 * share;
  const double mfu = estimate.compute.mfu;
  Throughput& throughput = estimate.throughput;
  if (profile.kind == workload::Kind::cv_inference) {
    // Images per second per GPU; a vision replica is one GPU.
    const double images_per_s = peak_flops * mfu / std::max(1.0, profile.shape.forward_flops_per_sample);
    throughput.decode_tokens_per_s = images_per_s;
    throughput.prefill_tokens_per_s = 0;
    throughput.replicas = std::max(1, static_cast<int>(std::ceil(profile.requests_per_s / images_per_s - 1e-9)));
    return;
  }
  if (profile.kind == workload::Kind::llm_inference) {
    const int batch = plan.batch > 0 ? plan.batch : profile.batch;
    const model::ServingPoint point = model::serving_point(profile, hardware, plan.tensor_parallel, batch);
    Serving& serving = estimate.serving;
    serving.batch = batch;
    serving.max_batch = model::max_serving_batch(profile, plan, hardware.gpu->capacity_bytes() * share);
    serving.ttft_ms = point.ttft_s * 1e3;
    serving.tpot_ms = point.step_s * 1e3;
    serving.output_tokens_per_s = point.output_tokens_per_s;
    serving.requests_per_s_per_replica = point.output_tokens_per_s / std::max(1, profile.output_tokens);
    serving.memory_bound = point.memory_bound;
    serving.meets_targets = serving.ttft_ms <= profile.ttft_target_ms && serving.tpot_ms <= profile.tpot_target_ms;
    serving.experts_read_per_layer = point.experts_read_per_layer;
    serving.kv_bytes_per_token = model::kv_cache_bytes_per_token(profile);
    const model::ServingBands bands = model::serving_bands(profile, hardware, batch);
    serving.output_tokens_per_s_band = {serving.output_tokens_per_s * bands.throughput.low,
                                        serving.output_tokens_per_s * bands.throughput.high,
                                        bands.throughput.in_calibrated_regime};
    // TPOT is the inverse of tokens/s at a fixed batch.
    serving.tpot_ms_band = {serving.tpot_ms / bands.throughput.high, serving.tpot_ms / bands.throughput.low,
                            bands.throughput.in_calibrated_regime};
    serving.ttft_ms_band = {serving.ttft_ms * bands.ttft.low, serving.ttft_ms * bands.ttft.high,
                            bands.ttft.in_calibrated_regime};
    throughput.decode_tokens_per_s = point.output_tokens_per_s;
    throughput.prefill_tokens_per_s = point.prefill_tokens_per_s;
    throughput.replicas =
        profile.requests_per_s > 0
            ? std::max(1, static_cast<int>(std::ceil(profile.requests_per_s / serving.requests_per_s_per_replica - 1e-9)))
            : 1;
    return;
  }
  const double params = active_params(profile.shape);
  const double weights_bytes = profile.shape.params * model::serving_bytes_per_param(profile.precision);
  // Each decode step reads every weight once and the KV cache of each sequence in the batch, at
  // the average context of a request (prompt + half the answer).
  const double average_context = profile.input_tokens + profile.output_tokens / 2.0;
  const double kv_bytes =
      model::kv_cache_bytes_per_sequence(profile, average_context > 0 ? average_context : profile.context / 2.0);
  const double bytes_per_step = weights_bytes + profile.batch * kv_bytes;
  const double bandwidth = model::achievable_bandwidth_share * gpu.memory_bandwidth_gbps * 1e9 * tp * share;
  const double memory_step_s = bytes_per_step / bandwidth;
  const double compute_step_s = profile.batch * 2.0 * params / (tp * peak_flops * mfu);
  const double step_s = std::max(memory_step_s, compute_step_s);
  throughput.decode_tokens_per_s = profile.batch / step_s;
  throughput.prefill_tokens_per_s = tp * peak_flops * mfu / (2.0 * params);
  // Replica-seconds one request occupies: its prompt at prefill speed plus its answer at its
  // share of the batched decode rate.
  const double seconds_per_request =
      profile.output_tokens / throughput.decode_tokens_per_s + profile.input_tokens / throughput.prefill_tokens_per_s;
  throughput.replicas =
      profile.requests_per_s > 0
          ? std::max(1, static_cast<int>(std::ceil(profile.requests_per_s * seconds_per_request - 1e-9)))
          : 1;
}

}  // namespace

Estimate estimate_performance(const workload::Profile& profile, const Hardware& hardware, const Memory& memory) {
  Estimate estimate;
  estimate.memory = memory;
  estimate.has_hardware = hardware.gpu != nullptr;
  const Plan& plan = memory.plan;
  const model::MfuChoice mfu = model::choose_mfu(profile, hardware, plan);
  estimate.compute.mfu = mfu.value;
  estimate.compute.mfu_source = mfu.source;

  if (workload::is_training(profile.kind)) {
    training_compute(profile, estimate.compute);
  } else if (profile.kind == workload::Kind::llm_inference) {
    const double tokens = profile.requests_per_s * (profile.input_tokens + profile.output_tokens) * profile.hours *
                          units::seconds_per_hour;
    estimate.compute.total_flops = 2.0 * active_params(profile.shape) * tokens;
    estimate.compute.hardware_flops = estimate.compute.total_flops;
  } else if (profile.kind == workload::Kind::cv_inference) {
    estimate.compute.total_flops =
        profile.shape.forward_flops_per_sample * profile.requests_per_s * profile.hours * units::seconds_per_hour;
    estimate.compute.hardware_flops = estimate.compute.total_flops;
  }
  if (hardware.gpu == nullptr) return estimate;

  const double peak = model::peak_tflops(*hardware.gpu, profile.precision);
  estimate.compute.effective_tflops_per_gpu = peak * estimate.compute.mfu;
  if (workload::is_training(profile.kind)) {
    // Fractional (vGPU) cards count as their share of a GPU.
    const double gpus = model::total_gpus(plan) * hardware.gpu_fraction;
    const double seconds = estimate.compute.total_flops / (gpus * estimate.compute.effective_tflops_per_gpu * 1e12);
    estimate.time.wall_hours = seconds / units::seconds_per_hour;
    estimate.time.gpu_hours = estimate.time.wall_hours * gpus;
    return estimate;
  }
  if (profile.kind == workload::Kind::llm_inference || profile.kind == workload::Kind::cv_inference ||
      profile.shape.layers > 0) {
    serving_throughput(profile, hardware, plan, estimate);
  }
  if (!workload::is_serving(profile.kind)) estimate.throughput.replicas = 1;
  const int instances = model::instances_needed(profile, plan, estimate.throughput.replicas);
  estimate.time.wall_hours = profile.hours;
  estimate.time.gpu_hours = profile.hours * instances * plan.gpus_per_node * hardware.gpu_fraction;
  return estimate;
}

Estimate run(const workload::Profile& profile, const Hardware& hardware, const PriceContext* context) {
  const Memory memory = choose_plan(profile, hardware);
  Estimate estimate = estimate_performance(profile, hardware, memory);
  if (context != nullptr && context->offering != nullptr) price(profile, *context, estimate);
  return estimate;
}

}  // namespace gpuselect::estimate
