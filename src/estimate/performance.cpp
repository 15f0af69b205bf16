// Compute, time, serving throughput and MFU (docs/estimation.md "Time" and "MFU defaults").
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string_view>

#include <fmt/format.h>

#include "estimate/model.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
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
  text::Msg source;  // in the message catalogue
};
constexpr std::array<MfuRow, 9> mfu_table{{
    // A100: Llama 2 7B, 184,320 A100-80GB GPU-hours for 2T tokens, 39% MFU (Llama 2 model card).
    {"ampere", 0, 0.40, text::Msg::mfu_row_ampere},
    // A100 >= 100B: Megatron-LM GPT-3 175B on 1024 A100 at 138 TFLOP/s per GPU (Narayanan et al. 2021).
    {"ampere", 1e11, 0.44, text::Msg::mfu_row_ampere_large},
    // H100/H200: Llama 3 405B on 16k H100 at 38-43% MFU (Llama 3 paper, Table 4).
    {"hopper", 0, 0.40, text::Msg::mfu_row_hopper},
    // V100: Megatron-LM 8.3B on 512 V100 at 39 TFLOP/s per GPU, 30% of 125 (Shoeybi et al. 2019).
    {"volta", 0, 0.30, text::Msg::mfu_row_volta},
    {"ada", 0, 0.30, text::Msg::mfu_row_ada},        // assumption
    {"turing", 0, 0.30, text::Msg::mfu_row_turing},  // assumption
    {"cdna3", 0, 0.30, text::Msg::mfu_row_cdna3},    // assumption
    {"davinci", 0, 0.30, text::Msg::mfu_row_davinci},  // assumption
    {"", 0, 0.30, text::Msg::mfu_row_unknown},       // assumption
}};

// Multipliers on the base, each a condition and its reason.
struct MfuFactor {
  text::Msg name;
  double factor;
  text::Msg reason;  // its source or the assumption, in the message catalogue
};
// In the order they are applied and worded; MfuSource::factors bit i is row i.
constexpr std::array<MfuFactor, 9> mfu_factors{{
    // ResNet-50 on A100 trains ~2,700 images/s, 22% of 312 TFLOPS (NVIDIA Deep Learning Examples).
    {text::Msg::mfu_factor_vision, 0.55, text::Msg::mfu_reason_vision},
    // The rest are assumptions; each reason says which.
    {text::Msg::mfu_factor_tiny, 0.5, text::Msg::mfu_reason_tiny},
    {text::Msg::mfu_factor_small, 0.7, text::Msg::mfu_reason_small},
    {text::Msg::mfu_factor_finetune, 0.9, text::Msg::mfu_reason_finetune},
    {text::Msg::mfu_factor_qlora, 0.6, text::Msg::mfu_reason_qlora},
    {text::Msg::mfu_factor_pcie, 0.7, text::Msg::mfu_reason_pcie},
    {text::Msg::mfu_factor_no_rdma, 0.5, text::Msg::mfu_reason_no_rdma},
    {text::Msg::mfu_factor_offload, 0.5, text::Msg::mfu_reason_offload},
    {text::Msg::mfu_factor_vgpu, 0.9, text::Msg::mfu_reason_vgpu},
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
  if (workload::kind_traits(profile.kind).diffusion()) {
    // docs/estimation.md "Image generation": serving fitted on published latencies; DiT LoRA fine-tuning
    // fitted on published step times; the rest assumed.
    const std::string_view architecture =
        hardware.gpu != nullptr ? std::string_view(hardware.gpu->architecture) : std::string_view{};
    // source.table_row: 0 serving, 1 DiT adapter fine-tuning, 2 other fine-tuning (mfu_basis_text).
    const bool serving = workload::kind_traits(profile.kind).serving();
    const bool adapter = !serving && diffusion_training_calibrated(profile);
    // Each share through the fill law at this GPU's peak for the precision (a B200 or FP8 fills less).
    // Below a fit's reference peak the share rises only on cards that hold their clocks (>= 250 W).
    const double peak = hardware.gpu != nullptr ? peak_tflops(*hardware.gpu, profile.precision) : 0.0;
    const double tdp_watts = hardware.gpu != nullptr ? hardware.gpu->tdp_watts : 0.0;
    const bool unet = profile.diffusion.patch_size <= 0;
    choice.value = serving   ? diffusion_serving_mfu(profile, architecture, peak, tdp_watts)
                   : adapter ? diffusion_adapter_mfu(peak, tdp_watts)
                             : diffusion_training_mfu(architecture, peak, tdp_watts, unet);
    choice.source.kind = MfuSource::Kind::diffusion;
    choice.source.table_row = serving ? 0 : adapter ? 1 : 2;
  } else if (workload::kind_traits(profile.kind).physics == workload::Physics::token_serving) {
    choice.value = prefill_compute_share;
    choice.source.kind = MfuSource::Kind::prefill;
  } else if (!workload::kind_traits(profile.kind).training()) {
    choice.value = prefill_mfu_default;
    choice.source.kind = MfuSource::Kind::prefill;
  } else {
    const std::string_view architecture =
        hardware.gpu != nullptr ? std::string_view(hardware.gpu->architecture) : std::string_view{};
    const std::size_t row = base_row(architecture, profile.shape.params);
    choice.value = mfu_table[row].mfu;
    choice.source.kind = MfuSource::Kind::table;
    choice.source.table_row = static_cast<std::uint8_t>(row);
    if (workload::kind_traits(profile.kind).physics == workload::Physics::vision_training) {
      applied |= vision_train;
    } else if (profile.shape.params < 1e8) {
      applied |= tiny_model;
    } else if (profile.shape.params < 1e9) {
      applied |= small_model;
    }
    if (workload::kind_traits(profile.kind).starts_from_pretrained) applied |= fine_tune;
    if (profile.method == workload::Method::qlora && workload::kind_traits(profile.kind).starts_from_pretrained) {
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
    // Without FP8 or FP4 tensor cores choose_plan refuses the plan (PlanReason::no_fp8, no_fp4).
    case workload::Precision::fp8:
      return gpu.fp8_dense_tflops.value_or(gpu.bf16_dense_tflops);
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

namespace {

// The MFU's basis in `lang` (mfu_basis_text, mfu_basis_words).
std::string mfu_basis_in(const Compute& compute, text::Lang lang) {
  using text::Msg;
  const auto said = [lang](Msg id) { return std::string(text::message(id, lang)); };
  if (!compute.mfu_basis.empty()) return compute.mfu_basis;
  const MfuSource& source = compute.mfu_source;
  std::string basis;
  switch (source.kind) {
    case MfuSource::Kind::none:
      return basis;
    case MfuSource::Kind::given:
      return text::say(lang, Msg::mfu_given, fmt::format("{:.0f}", compute.mfu * 100.0));
    case MfuSource::Kind::prefill:
      basis = text::say(lang, Msg::mfu_prefill, fmt::format("{:.0f}", compute.mfu * 100.0),
                        said(compute.mfu == model::prefill_mfu_default ? Msg::mfu_prefill_assumed
                                                                       : Msg::mfu_prefill_fitted));
      break;
    case MfuSource::Kind::diffusion:
      return text::say(lang, Msg::mfu_diffusion, fmt::format("{:.0f}", compute.mfu * 100.0),
                       said(source.table_row == 1   ? Msg::mfu_diffusion_adapter
                            : source.table_row == 2 ? Msg::mfu_diffusion_training
                                                    : Msg::mfu_diffusion_serving));
    case MfuSource::Kind::model:
      return text::say(lang, Msg::mfu_model, fmt::format("{:.1f}", compute.mfu * 100.0));
    case MfuSource::Kind::table: {
      const auto& row = model::mfu_table[std::min<std::size_t>(source.table_row, model::mfu_table.size() - 1)];
      basis = text::say(lang, Msg::mfu_table, fmt::format("{:.0f}", row.mfu * 100.0), said(row.source));
      break;
    }
  }
  for (std::size_t bit = 0; bit < model::mfu_factors.size(); ++bit) {
    if (!(source.factors & (1u << bit))) continue;
    const auto& factor = model::mfu_factors[bit];
    basis += text::say(lang, Msg::mfu_factor, fmt::format("{}", factor.factor), said(factor.name), said(factor.reason));
  }
  if (source.factors != 0) basis += text::say(lang, Msg::mfu_used, fmt::format("{:.1f}", compute.mfu * 100.0));
  return basis;
}

}  // namespace

std::string mfu_basis_text(const Compute& compute) { return mfu_basis_in(compute, text::Lang::en); }

text::Words mfu_basis_words(const Compute& compute) {
  if (!compute.mfu_basis.empty()) return text::Words(compute.mfu_basis);
  if (compute.mfu_source.kind == MfuSource::Kind::none) return {};
  return text::Words::in_each([&](text::Lang lang) { return mfu_basis_in(compute, lang); });
}

namespace {

// ---- Training performance model (docs/estimation.md "Performance model") --------------------
// Free constants, fitted on the calibration table (docs/estimation.md "Calibration"); everything
// else is a datasheet figure from the catalog or a stated assumption.
//
// Peak matmul efficiency by architecture: the share of dense peak that large bf16 GEMMs reach in
// training (fitted on the A100 and H100 rows; others assumed from their nearest generation).
struct ArchitectureEfficiency {
  std::string_view architecture;
  double matmul_efficiency;
  bool calibrated;  // rows of this architecture are in the calibration table
};
constexpr std::array<ArchitectureEfficiency, 6> architecture_efficiency{{
    {"ampere", 0.68, true},
    {"hopper", 0.60, true},
    // Fitted on one row, Megatron-Bridge 25.11 Llama 3 8B FP8 on 8 B200 (30,624 tokens/s/GPU;
    // docs/estimation.md "Calibration").
    {"blackwell", 0.52, true},
    {"volta", 0.50, false},  // assumption: Megatron-LM 8.3B on V100 reached 39 TFLOPS of 125
    // Assumption, from the nearest generation: Hopper's (the same 2022 generation, fourth-generation
    // tensor cores with FP8). At the 0.40 of the other architectures an RTX 4090 (165.2 TFLOPS at
    // FP32 accumulate, 1,008 GB/s) trained slower than a 150 W A10 (125, 600 GB/s), and an L40S
    // at half an A100's MFU (expert review 32). Checked: Lambda's PyTorch FP16 training benchmark has
    // an RTX 4090 at 1.73-1.77x an RTX 3090 (BERT-base fine-tune, TransformerXL-large); the model gives
    // 1.55x (bert-base) to 1.90x (Llama 3 8B LoRA).
    {"ada", 0.60, false},
    // Fitted on one row, MindSpeed-LLM's LLaMA2-7B on 8 Ascend 910B (4,672 tokens/s/NPU at TP1 PP2,
    // vendor-reported, its fused kernels on; docs/estimation.md "Ascend 910B"); its 13B (TP8) and 70B
    // (32 NPUs) rows land within 10% of it. Above Ampere's 0.68 at the 320 TFLOPS recorded: the 910B's
    // bins differ in peak and Huawei publishes none per bin, so the rows, not a datasheet, set its speed
    // (a measured 322.5 TFLOPS BF16 matmul on an Ascend910B2C, above the 320 recorded, agrees).
    // Not in the calibration table: the 910B's bands are the extrapolated ones.
    {"davinci", 0.81, false},
}};
constexpr double other_architecture_efficiency = 0.40;  // Turing, CDNA: assumption (PCIe-class parts, ROCm)
// Matmul size: efficiency x h / (h + h0) with h0 = matmul_size_factor x (peak FLOP/s / memory
// bytes/s): narrow layers (small hidden size h) spend relatively more time in bandwidth-bound
// kernels (norms, activations, optimizer), the more so the more FLOPs a GPU has per byte (fitted).
constexpr double matmul_size_factor = 4.0;
// Whole runs lose time that a throughput benchmark does not: evaluation, checkpoint writes, data
// stalls, slow restarts (fitted on the model-card GPU-hours against the benchmark rows).
constexpr double whole_run_overhead_share = 0.15;
// Model chunks per GPU of the interleaved pipeline schedule (Megatron-LM; assumption: 4 at most).
constexpr double max_virtual_stages = 4;
// Share of data-parallel gradient communication that never overlaps the backward pass (fitted).
constexpr double data_comm_exposed_share = 0.3;
// Time lost to failures, restarts and stragglers per 1,000 GPUs, as a share of the run (fitted;
// Llama 3 paper: 466 interruptions in 54 days on 16k H100, >90% effective training time).
constexpr double failures_share_per_1000_gpus = 0.008;
// Training framework families (docs/estimation.md "Framework"): the share of the calibrated bf16
// efficiency each reaches, and its whole-step speed-up of FP8 (and FP4) matmuls over bf16, capped by
// the precision's datasheet peak. The bf16 rows of the calibration table ran on Megatron-class and
// PyTorch-FSDP-class stacks alike, so both keep 1.0.
struct FrameworkEfficiency {
  workload::Framework framework;
  double bf16_factor;
  double fp8_speedup;
  double fp4_speedup;  // NVFP4 training, GPUs with FP4 tensor cores only
};
constexpr std::array<FrameworkEfficiency, 4> framework_efficiency{{
    // Transformer Engine FP8 with fused kernels and FP8 communication: fitted on Megatron-Bridge 25.11
    // Llama 3 8B FP8-CS on 8 H100 (14,451 tokens/s/GPU). NVFP4: Megatron-Bridge 26.02, Llama 3 70B on
    // 64 GB300 NVFP4 7,002 vs MXFP8 4,798 tokens/s/GPU, 1.46x the FP8 step.
    {workload::Framework::megatron, 1.0, 1.83, 1.83 * 1.46},
    // llm-foundry (PyTorch FSDP + TE layers): fitted on its MPT 3B FP8 row and DeepSeek-V3's FP8 run;
    // NVIDIA Transformer Engine reports 1.3-1.5x for large GPT models, not the datasheet's 2x.
    {workload::Framework::fsdp, 1.0, 1.3, 1.3 * 1.46},
    {workload::Framework::deepspeed, 1.0, 1.3, 1.3 * 1.46},  // assumption: TE layers inside DeepSpeed, as FSDP
    // Hugging Face Trainer/PEFT: assumption, the same PyTorch kernels as FSDP; FP8 through Accelerate's
    // TE wrapper gains about what FSDP's does.
    {workload::Framework::hf, 1.0, 1.3, 1.3 * 1.46},
}};
const FrameworkEfficiency& framework_row(workload::Framework framework) {
  for (const auto& row : framework_efficiency) {
    if (row.framework == framework) return row;
  }
  return framework_efficiency[1];
}
// MoE routed experts run as grouped GEMMs of width f (the expert FFN), far narrower than a dense
// FFN: their efficiency is x f / (f + moe_expert_width_knee). Every MoE layer also costs, per
// micro-step and whatever its tokens, moe_layer_dispatch_s (router, token permutation, the host
// synchronisation of dropless dispatch's token counts) plus moe_local_expert_dispatch_s for each
// expert the GPU holds (E / EP local experts): Megatron-Core's Transformer Engine grouped MLP runs
// each local expert's GEMMs and FP8 casts as kernels of their own, so at small micro-batches the layer
// is bound by launches that grow with the local experts. The pair of rows that differ in micro-batch
// only (Megatron-Bridge 25.11 Qwen3-30B-A3B FP8 on 8 B200, micro-batch 1, 9,299 tokens/s/GPU, and on
// 8 GB200, micro-batch 4, 23,766; 16 local experts each; their recipes do not overlap the all-to-all,
// so it is exposed in full) fixes the knee and the cost at 16 local experts: least squares of their
// log residuals puts the knee at its bound, 0 (the width penalty is not separable once the exposed
// all-to-all is counted; 300 before), and the cost at 7.0 ms per layer (7.2 before); the calibration
// rows with other local-expert counts (DeepSeek-V3 EP 64: 4, DeepSeek-V2 EP 8: 20) split it: least
// squares of their log residuals is least at 3.1 ms per layer, so 3.1 ms + 16 x 0.24375 ms
// (docs/estimation.md "Performance model"; 4.5 ms until DeepSeek-V3's row counted its MTP module).
// Real routers do not balance perfectly: the busiest expert-parallel rank carries moe_load_imbalance
// x the mean load (assumption: 10%, the order of the max-violation DeepSeek-V3's auxiliary-loss-free
// balancing reports), except where a benchmark forces an even load.
constexpr double moe_expert_width_knee = 0.0;
constexpr double moe_layer_dispatch_s = 0.0031;
constexpr double moe_local_expert_dispatch_s = (0.0070 - moe_layer_dispatch_s) / 16.0;
constexpr double moe_load_imbalance = 1.1;
// QLoRA dequantises each frozen weight before its matmul (assumption: 1.5x the matmul time).
constexpr double qlora_dequant_factor = 1.5;
// Links, as achievable bandwidth (NCCL bus bandwidth is about 80% of the link; assumption).
constexpr double link_efficiency = 0.8;
constexpr double pcie_gbytes_per_s = 25.0;       // PCIe Gen4 x16 per GPU, one direction (assumption)
constexpr double tcp_network_efficiency = 0.4;   // TCP without RDMA reaches ~40% of line rate (assumption)
constexpr double cpu_adam_params_per_s = 1.0e9;  // DeepSpeed CPU-Adam per node (assumption, ZeRO-Offload)
constexpr double nvme_gbytes_per_s = 6.0;        // local NVMe per node, read or write (assumption, one Gen4 drive)

// Peak FLOP/s a training step's matmuls run at: the 16-bit dense peak (fp32: the fp32 figure); FP8
// and FP4 the framework's whole-step speed-up over it, capped by the precision's datasheet peak.
double training_peak_flops(const catalog::Gpu& gpu, workload::Precision precision, workload::Framework framework) {
  const double bf16 = model::peak_tflops(gpu, workload::Precision::bf16) * 1e12;
  const FrameworkEfficiency& row = framework_row(framework);
  switch (precision) {
    case workload::Precision::fp32:
      return model::peak_tflops(gpu, precision) * 1e12;
    case workload::Precision::fp8:
      return gpu.fp8_dense_tflops ? std::min(*gpu.fp8_dense_tflops * 1e12, bf16 * row.fp8_speedup) : bf16;
    case workload::Precision::fp4:
      return gpu.fp4_dense_tflops ? std::min(*gpu.fp4_dense_tflops * 1e12, bf16 * row.fp4_speedup) : bf16;
    default:
      return bf16;
  }
}

double matmul_efficiency_of(std::string_view architecture) {
  for (const auto& row : architecture_efficiency) {
    if (row.architecture == architecture) return row.matmul_efficiency;
  }
  return other_architecture_efficiency;
}

bool architecture_calibrated(std::string_view architecture) {
  for (const auto& row : architecture_efficiency) {
    if (row.architecture == architecture) return row.calibrated;
  }
  return false;
}

double intra_node_gbytes_per_s(const Hardware& hardware) {
  const bool linked = catalog::peer_linked(hardware.interconnect);
  // interconnect_gbps is the per-GPU total of both directions.
  if (linked && hardware.gpu->interconnect_gbps > 0) return hardware.gpu->interconnect_gbps / 2.0 * link_efficiency;
  return pcie_gbytes_per_s * link_efficiency;
}

// Achievable network bandwidth of a whole node to the others (GB/s).
double node_network_gbytes_per_s(const Hardware& hardware) {
  const double per_node = hardware.network_gbps > 0 ? hardware.network_gbps : 25.0;  // unknown: 25 Gbit/s
  const double efficiency = hardware.rdma == catalog::Rdma::none ? tcp_network_efficiency : link_efficiency;
  return per_node / 8.0 * efficiency;
}

// Ring all-reduce traffic per rank: 2(n-1)/n of the buffer.
double all_reduce_share(int ranks) { return ranks > 1 ? 2.0 * (ranks - 1) / ranks : 0.0; }

// Seconds for every data-parallel group to all-reduce `bytes` at once, hierarchically (NCCL): a
// reduce-scatter inside the node on the GPU link, then each rank's 1/ranks_per_node slice all-reduced
// across nodes, all of a node's ranks at once on the node's NICs: the node sends share x bytes per
// group, for each of its gpus_per_node / ranks_per_node groups (expert review 11, R2: the slices were
// counted as if one rank sent for the node, 8x too little traffic for data parallel over 8-GPU nodes).
double data_all_reduce_seconds(double bytes, int ranks, const Hardware& hardware, const Plan& plan) {
  if (ranks <= 1) return 0;
  const int nodes_spanned = std::min(std::max(1, plan.nodes), ranks);
  const int ranks_per_node = std::max(1, ranks / nodes_spanned);
  const double intra = intra_node_gbytes_per_s(hardware) * 1e9;
  const double groups_per_node = std::max(1.0, static_cast<double>(plan.gpus_per_node) / ranks_per_node);
  const double inter_bytes = all_reduce_share(nodes_spanned) * bytes * groups_per_node;
  return all_reduce_share(ranks_per_node) * bytes / intra + inter_bytes / (node_network_gbytes_per_s(hardware) * 1e9);
}

// The exposed seconds of a step's data-parallel (ZeRO) collectives, given one all-reduce of the trained
// gradients (`all_reduce_s`) and the all-gathers of a sharded frozen base (`frozen_gather_s`, ZeRO-3
// LoRA). ZeRO-3: the parameters are all-gathered for forward and backward and the gradients
// reduce-scattered every micro-step, 1.5 all-reduce volumes, prefetched under that micro-step's
// compute. Otherwise: one reduce-scatter + all-gather per step, overlapped with the last backward
// pass (two thirds of a micro-step). At least data_comm_exposed_share of it is exposed.
double exposed_data_comm_s(double all_reduce_s, double frozen_gather_s, int zero_stage, double compute_micro_s,
                           double micro_steps) {
  if (zero_stage >= 3) {
    const double per_micro = 1.5 * all_reduce_s + frozen_gather_s;
    return micro_steps * std::max(data_comm_exposed_share * per_micro, per_micro - compute_micro_s);
  }
  return std::max(data_comm_exposed_share * all_reduce_s, all_reduce_s - compute_micro_s * 2.0 / 3.0);
}

// One optimizer step of image-finetune (docs/estimation.md "Image generation", multi-GPU): each GPU
// runs its micro-batch of images (data parallel), then the language models' DP/ZeRO traffic over the
// link that carries it (data_all_reduce_seconds: NVLink or PCIe within a node, the node's network,
// RDMA or TCP, across nodes): the 16-bit (fp32 for fp32 training) gradients of what trains, the
// whole denoiser for full and DreamBooth, the adapters for LoRA and QLoRA (their frozen base is not
// sharded: diffusion_training_memory).
StepTime diffusion_training_step(const workload::Profile& profile, const Hardware& hardware, const Plan& plan) {
  StepTime step;
  const int gpus = model::total_gpus(plan);
  const double mfu = model::choose_mfu(profile, hardware, plan).value;
  const double images = std::max(1, plan.micro_batch);
  const double micro_steps = std::max(1, plan.micro_batches);
  step.compute_s = model::diffusion_training_flops_per_image(profile, plan.recompute) * images /
                   (model::peak_tflops(*hardware.gpu, profile.precision) * 1e12 * hardware.gpu_fraction * mfu);
  const bool full = profile.method == workload::Method::full;
  const double trained = full ? profile.shape.params : model::diffusion_lora_params(profile);
  const double element = profile.precision == workload::Precision::fp32 ? 4.0 : 2.0;
  const int ranks = std::max(1, model::data_parallel_size(plan));
  const double all_reduce = data_all_reduce_seconds(trained * element, ranks, hardware, plan);
  step.data_comm_s = ranks > 1 ? exposed_data_comm_s(all_reduce, 0.0, full ? plan.zero_stage : 0, step.compute_s,
                                                     micro_steps)
                               : 0.0;
  step.compute_s *= micro_steps;
  step.total_s = step.compute_s + step.data_comm_s;
  step.tokens = images * micro_steps * gpus;
  return step;
}

}  // namespace

namespace {

// Vision: forward + backward = 3 forward passes per image, at the MFU table's utilisation.
StepTime vision_training_step(const workload::Profile& profile, const Hardware& hardware, const Plan& plan) {
  StepTime step;
  const double mfu = model::choose_mfu(profile, hardware, plan).value;
  const double images = std::max(1, plan.micro_batch);
  step.compute_s = 3.0 * profile.shape.forward_flops_per_sample * images /
                   (model::peak_tflops(*hardware.gpu, profile.precision) * 1e12 * hardware.gpu_fraction * mfu);
  step.total_s = step.compute_s;
  step.tokens = images * model::total_gpus(plan);
  return step;
}

// A transformer training step's layout: the parallel degrees (each at least 1), the micro-batches per
// step (m), the micro-batch in sequences (b), the sequence in tokens (s), the model's hidden size
// (h), layers and parameters (the active ones for a mixture of experts).
struct TransformerLayout {
  int gpus = 1;
  int tp = 1;
  int pp = 1;
  int cp = 1;
  int data_ranks = 1;
  double m = 1;
  double b = 1;
  double s = 1;
  double h = 0;
  double layers = 0;
  double params = 0;
  bool full = false;  // full fine-tuning or pretraining: every weight trained
  double tokens_per_micro = 0;
};

TransformerLayout transformer_layout(const workload::Profile& profile, const Plan& plan) {
  TransformerLayout layout;
  const auto& shape = profile.shape;
  layout.gpus = model::total_gpus(plan);
  layout.tp = std::max(1, plan.tensor_parallel);
  layout.pp = std::max(1, plan.pipeline_parallel);
  layout.cp = std::max(1, plan.context_parallel);
  layout.data_ranks = std::max(1, layout.gpus / (layout.tp * layout.pp * layout.cp));
  layout.m = std::max(1, plan.micro_batches);
  layout.b = std::max(1, plan.micro_batch);
  layout.s = std::max(1, profile.seq_len);
  layout.h = shape.hidden;
  layout.layers = shape.layers;
  layout.params = shape.active_params > 0 ? shape.active_params : shape.params;
  layout.full = profile.method == workload::Method::full;
  layout.tokens_per_micro = layout.b * layout.s / layout.cp;
  return layout;
}

// Seconds one GPU computes one micro-batch.
double micro_batch_compute_s(const TransformerLayout& layout, const workload::Profile& profile,
                             const Hardware& hardware, const Plan& plan) {
  const catalog::Gpu& gpu = *hardware.gpu;
  const auto& shape = profile.shape;
  const double params = layout.params;
  const int tp = layout.tp;
  const int pp = layout.pp;
  const double h = layout.h;
  // FLOPs per token the hardware executes: 6P (4P for adapters) + causal attention 6·L·w·s, plus
  // the forward pass again under full recomputation, or the attention core under selective. w is the
  // attention width heads x head_dim (h for Llama-like models; MLA scores use head_dim + the RoPE
  // dims, values head_dim: their mean).
  const double head_width =
      shape.head_dim > 0 ? shape.head_dim + (shape.kv_lora_rank > 0 ? shape.qk_rope_head_dim / 2.0 : 0.0) : 0.0;
  const double attention_width = shape.heads > 0 && head_width > 0 ? shape.heads * head_width : h;
  const double attention = 6.0 * layout.layers * attention_width * layout.s;
  double per_token = (layout.full ? 6.0 : 4.0) * params + attention;
  if (plan.recompute == workload::Recompute::full) per_token += 2.0 * params + attention / 3.0;
  if (plan.recompute == workload::Recompute::selective) per_token += attention / 3.0;
  // The routed experts' share of those FLOPs (k of E experts' weights per token), run as grouped GEMMs.
  const model::ExpertSplit experts = model::expert_split(shape);
  const double routed_active = experts.routed_params * experts.routed_share;
  double expert_per_token = (layout.full ? 6.0 : 4.0) * routed_active;
  if (plan.recompute == workload::Recompute::full) expert_per_token += 2.0 * routed_active;
  const double flops_per_micro = per_token * layout.tokens_per_micro / (tp * pp);
  const double expert_flops_micro = expert_per_token * layout.tokens_per_micro / (tp * pp);

  const double peak = training_peak_flops(gpu, profile.precision, profile.framework);
  const double bytes_per_s = std::max(1.0, gpu.memory_bandwidth_gbps) * 1e9;
  // The bandwidth-bound share is set at the 16-bit peak: FP8/FP4 layers move narrower activations too.
  const double h0 = matmul_size_factor * model::peak_tflops(gpu, profile.precision == workload::Precision::fp32
                                                                     ? workload::Precision::fp32
                                                                     : workload::Precision::bf16) *
                    1e12 / bytes_per_s;
  const double efficiency = matmul_efficiency_of(gpu.architecture) * h / (h + h0) *
                            framework_row(profile.framework).bf16_factor;
  // Routed experts: the grouped GEMMs' width penalty, and the busiest rank's extra load.
  const double expert_width = model::expert_ffn_width(shape);
  const double expert_slowdown =
      expert_width > 0 ? (expert_width + moe_expert_width_knee) / expert_width *
                             (plan.balanced_experts || plan.expert_parallel <= 1 ? 1.0 : moe_load_imbalance)
                       : 1.0;
  double compute_micro =
      (flops_per_micro + expert_flops_micro * (expert_slowdown - 1.0)) / (peak * hardware.gpu_fraction * efficiency);
  if (expert_width > 0) {
    const double local_experts = static_cast<double>(shape.experts) / std::max(1, plan.expert_parallel);
    compute_micro += (moe_layer_dispatch_s + moe_local_expert_dispatch_s * local_experts) *
                     std::max(0, shape.layers - shape.dense_layers) / static_cast<double>(pp);
  }
  if (profile.method == workload::Method::qlora) compute_micro *= qlora_dequant_factor;
  return compute_micro;
}

// Bytes per second a GPU reaches its peers: within the node (the GPU link), and between nodes (one
// GPU's share of the node's NICs, point to point).
struct Links {
  double intra = 0;
  double inter = 0;
};

Links links_of(const Hardware& hardware, const Plan& plan) {
  return {intra_node_gbytes_per_s(hardware) * 1e9,
          node_network_gbytes_per_s(hardware) * 1e9 / std::max(1, plan.gpus_per_node)};
}

// Seconds per micro-batch of the tensor- and context-parallel exchanges, and of the pipeline's sends.
struct MicroBatchComm {
  double tensor_s = 0;
  double context_s = 0;
  double pipeline_send_s = 0;
};

MicroBatchComm micro_batch_comm(const TransformerLayout& layout, const workload::Profile& profile, const Plan& plan,
                                const Links& links) {
  const auto& shape = profile.shape;
  const int tp = layout.tp;
  const int pp = layout.pp;
  const int cp = layout.cp;
  const double h = layout.h;
  const double layers = layout.layers;
  MicroBatchComm comm;
  // TP with sequence parallelism: 4 all-reduce volumes of b·s·h 16-bit activations per layer
  // (2 forward, 2 backward; 6 with full recomputation), on the intra-node link.
  const double activation_bytes = layout.tokens_per_micro * h * 2.0;
  const double tp_rounds = plan.recompute == workload::Recompute::full ? 6.0 : 4.0;
  comm.tensor_s = tp > 1 ? tp_rounds * (layers / pp) * all_reduce_share(tp) * activation_bytes / links.intra : 0.0;
  // CP: ring attention passes K and V around the ring (forward and twice in backward), on the
  // intra-node link while TP x CP fits a node.
  const double kv_width = shape.heads > 0 ? h / shape.heads * (shape.kv_heads > 0 ? shape.kv_heads : shape.heads) : h;
  const double cp_link = tp * cp <= plan.gpus_per_node ? links.intra : links.inter;
  comm.context_s =
      cp > 1 ? 3.0 * (layers / pp) * (cp - 1.0) / cp * layout.tokens_per_micro * 2.0 * kv_width * 2.0 / tp / cp_link
             : 0.0;
  // PP: each micro-batch sends its activations forward and their gradients back once per stage
  // boundary, between nodes when the stages span them.
  const double pp_link = tp * pp <= plan.gpus_per_node ? links.intra : links.inter;
  comm.pipeline_send_s = pp > 1 ? 2.0 * activation_bytes / tp / pp_link : 0.0;
  return comm;
}

// EP: every MoE layer dispatches each token to its k routed experts and combines their outputs,
// in the forward and the backward pass (and the recomputed forward under full recomputation),
// k·h elements per token each way: FP8 dispatch and bf16 combine in FP8 training (DeepSeek-V3
// section 3.3), bf16 both otherwise. The EP group is TP·CP-strided ranks: the peers within the
// node are reached on the GPU link, the rest on the GPU's share of the NICs, concurrently. Where the
// plan overlaps it (Plan::expert_comm_overlapped: DualPipe; Megatron-Core's
// overlap_moe_expert_parallel_comm), as for DP the all-to-all runs under another micro-batch's
// compute, at least data_comm_exposed_share of it exposed; otherwise (Megatron-Core's default) every
// dispatch and combine waits on the layer's critical path, exposed in full. Seconds per micro-batch.
double expert_all_to_all_micro_s(const TransformerLayout& layout, const workload::Profile& profile, const Plan& plan,
                                 const Links& links, double compute_micro) {
  const auto& shape = profile.shape;
  const int tp = layout.tp;
  const int cp = layout.cp;
  const int ep = std::max(1, plan.expert_parallel);
  if (ep <= 1 || shape.experts_per_token <= 0) return 0;
  const double moe_layers = std::max(0, shape.layers - shape.dense_layers) / static_cast<double>(layout.pp);
  const double element_bytes = profile.precision == workload::Precision::fp8 ? 1.5 : 2.0;  // mean of both ways
  const double passes = plan.recompute == workload::Recompute::full ? 3.0 : 2.0;
  const double bytes =
      passes * moe_layers * 2.0 * layout.tokens_per_micro / tp * shape.experts_per_token * layout.h * element_bytes;
  const double peers_in_node = std::clamp(plan.gpus_per_node / (tp * cp), 1, ep);
  const double on_node = bytes * (peers_in_node - 1.0) / ep;
  const double off_node = bytes * (ep - peers_in_node) / ep;
  const double a2a = std::max(on_node / links.intra, off_node / links.inter);
  if (!plan.expert_comm_overlapped) return a2a;
  return std::max(data_comm_exposed_share * a2a, a2a - compute_micro);
}

// 1F1B pipeline: (m + p - 1) micro-batch slots; the p - 1 extra are the bubble, (p-1)/(m+p-1) of
// the step. Where m >= p the interleaved schedule runs v = min(4, L/p) model chunks per GPU, which
// divides the bubble by v and multiplies the sends by v (Narayanan et al. 2021, section 2.2.2).
// Seconds per step, from the seconds of one micro-batch (`micro`) and of its sends.
double pipeline_step_s(const TransformerLayout& layout, const Plan& plan, double micro, double pipeline_send_micro) {
  const int pp = layout.pp;
  const double m = layout.m;
  const double layers = layout.layers;
  const double automatic_chunks =
      pp > 1 && m >= pp ? std::clamp(std::floor(layers / pp), 1.0, max_virtual_stages) : 1.0;
  const double chunks =
      pp > 1 && plan.virtual_stages > 0 ? std::min<double>(plan.virtual_stages, std::max(1.0, layers / pp))
                                        : automatic_chunks;
  return micro * (pp - 1) / chunks + pipeline_send_micro * m * chunks;
}

// DP / ZeRO collectives of 16-bit (fp32 for fp32 training) gradients and parameters, exposed
// seconds per step. With EP the dense part is reduced over the data-parallel ranks, each expert's
// over the DP/EP ranks holding it.
double data_parallel_comm_s(const TransformerLayout& layout, const workload::Profile& profile, const Hardware& hardware,
                            const Plan& plan, double compute_micro) {
  const auto& shape = profile.shape;
  const int tp = layout.tp;
  const int pp = layout.pp;
  const int ep = std::max(1, plan.expert_parallel);
  const bool full = layout.full;
  const double trained = full ? layout.params : model::lora_trainable_params(profile);
  const double trained_total = full ? shape.params : trained;  // all experts' gradients are reduced
  const double element = profile.precision == workload::Precision::fp32 ? 4.0 : 2.0;
  const model::ExpertSplit split = model::expert_split(shape);
  const double expert_grad_bytes = full && ep > 1 ? split.routed_params / (tp * pp * ep) * element : 0.0;
  const double grad_bytes = trained_total / (tp * pp) * element - expert_grad_bytes * ep;
  // Context-parallel ranks hold the same weights: gradients are reduced over data x context parallel.
  const int grad_ranks = layout.data_ranks * layout.cp;
  if (grad_ranks <= 1) return 0;
  const double all_reduce = data_all_reduce_seconds(grad_bytes, grad_ranks, hardware, plan) +
                            data_all_reduce_seconds(expert_grad_bytes, grad_ranks / ep, hardware, plan);
  // ZeRO-3 LoRA and QLoRA gather the sharded frozen base too (two all-gathers: one all-reduce volume).
  double frozen_gather = 0;
  if (plan.zero_stage >= 3) {
    const double frozen = full ? 0.0 : model::frozen_base_bytes_per_param(profile) / (tp * pp);
    const double frozen_experts = ep > 1 ? frozen * split.routed_params / ep : 0.0;
    const double frozen_dense = frozen * shape.params - frozen_experts * ep;
    frozen_gather = data_all_reduce_seconds(frozen_dense, grad_ranks, hardware, plan) +
                    data_all_reduce_seconds(frozen_experts, grad_ranks / ep, hardware, plan);
  }
  return exposed_data_comm_s(all_reduce, frozen_gather, plan.zero_stage, compute_micro, layout.m);
}

// Offload: gradients down and parameters up over PCIe, the CPU (or NVMe) optimizer step; seconds
// per step, 0 without offload.
double offload_step_s(const TransformerLayout& layout, const workload::Profile& profile, const Plan& plan) {
  if (plan.offload == workload::Offload::none) return 0;
  const auto& shape = profile.shape;
  const bool full = layout.full;
  const double m = layout.m;
  const double trained = full ? layout.params : model::lora_trainable_params(profile);
  const double trained_total = full ? shape.params : trained;
  const double nodes = std::max(1, plan.nodes);
  const double shard = trained_total / layout.data_ranks;
  double pcie_bytes = 4.0 * shard;  // 16-bit gradients down, 16-bit parameters up
  if (plan.offload == workload::Offload::all || plan.offload == workload::Offload::nvme) {
    // Parameters fetched for forward and backward, the frozen base of LoRA/QLoRA included.
    const double frozen = full ? 0.0 : shape.params * model::frozen_base_bytes_per_param(profile);
    pcie_bytes += m * 2.0 * (2.0 * shard + frozen / layout.data_ranks);
  }
  double seconds = pcie_bytes / (pcie_gbytes_per_s * 1e9) + trained_total / nodes / cpu_adam_params_per_s;
  if (plan.offload == workload::Offload::nvme) {
    // Optimizer states (and master weights) read and written once per step, parameters per micro-step.
    seconds += (2.0 * 16.0 * trained_total / nodes + m * 2.0 * 2.0 * trained_total / nodes) / (nvme_gbytes_per_s * 1e9);
  }
  return seconds;
}

}  // namespace

StepTime training_step_time(const workload::Profile& profile, const Hardware& hardware, const Plan& plan) {
  StepTime step;
  if (hardware.gpu == nullptr) return step;
  if (workload::kind_traits(profile.kind).physics == workload::Physics::diffusion_training) {
    return diffusion_training_step(profile, hardware, plan);
  }
  if (workload::kind_traits(profile.kind).trains_images() || profile.shape.layers <= 0) {
    return vision_training_step(profile, hardware, plan);
  }
  const TransformerLayout layout = transformer_layout(profile, plan);
  const double compute_micro = micro_batch_compute_s(layout, profile, hardware, plan);
  const Links links = links_of(hardware, plan);
  const MicroBatchComm comm = micro_batch_comm(layout, profile, plan, links);
  const double a2a_micro = expert_all_to_all_micro_s(layout, profile, plan, links, compute_micro);

  const double micro = compute_micro + comm.tensor_s + comm.context_s + a2a_micro;
  step.compute_s = compute_micro * layout.m;
  step.tensor_comm_s = (comm.tensor_s + comm.context_s) * layout.m;
  step.expert_comm_s = a2a_micro * layout.m;
  step.pipeline_s = pipeline_step_s(layout, plan, micro, comm.pipeline_send_s);
  step.data_comm_s = data_parallel_comm_s(layout, profile, hardware, plan, compute_micro);
  step.offload_s = offload_step_s(layout, profile, plan);
  const double running =
      step.compute_s + step.tensor_comm_s + step.expert_comm_s + step.pipeline_s + step.data_comm_s + step.offload_s;
  step.failures_s = running * (whole_run_overhead_share + failures_share_per_1000_gpus * layout.gpus / 1000.0);
  step.total_s = running + step.failures_s;
  step.tokens = layout.data_ranks * layout.m * layout.b * layout.s;
  return step;
}

namespace {

// 10th and 90th percentiles of published / predicted GPU-hours over the calibration rows of a
// regime (docs/estimation.md "Calibration"); outside every regime the widest band, widened.
struct ResidualBand {
  std::string_view regime;
  double p10;
  double p90;
};
constexpr ResidualBand ampere_band{"A100, 7B-176B, 8-2048 GPUs (9 rows)", 0.85, 1.22};
// Hopper and Blackwell rows; the rows that alone fix a constant (residual 1 by construction) are
// left out.
constexpr ResidualBand hopper_band{"H100/H800, 1B-671B, 8-16384 GPUs (12 rows)", 0.90, 1.10};
constexpr double extrapolation_widening = 1.5;
constexpr double calibrated_min_params = 1e9;
constexpr double calibrated_max_params = 1.1e12;
constexpr int calibrated_max_gpus = 16384;

}  // namespace

Band training_time_ratio_band(const workload::Profile& profile, const Hardware& hardware, const Plan& plan) {
  const std::string_view architecture =
      hardware.gpu != nullptr ? std::string_view(hardware.gpu->architecture) : std::string_view{};
  if (workload::kind_traits(profile.kind).physics == workload::Physics::diffusion_training &&
      model::diffusion_training_calibrated(profile) && !profile.mfu) {
    // docs/estimation.md "Image generation": the DiT LoRA rows' measured / predicted time. Every row
    // ran on an RTX 4090 (Ada): on other architectures the band is widened as for language models.
    if (architecture == "ada") return Band{model::diffusion_adapter_band_low, model::diffusion_adapter_band_high, true};
    return Band{model::diffusion_adapter_band_low / extrapolation_widening,
                model::diffusion_adapter_band_high * extrapolation_widening, false};
  }
  const ResidualBand& row = architecture == "ampere" ? ampere_band : hopper_band;
  Band band{row.p10, row.p90, true};
  const bool llm =
      !workload::kind_traits(profile.kind).trains_images() && profile.shape.layers > 0;
  band.in_calibrated_regime = llm && architecture_calibrated(architecture) && profile.method == workload::Method::full &&
                              profile.shape.params >= calibrated_min_params &&
                              profile.shape.params <= calibrated_max_params &&
                              model::total_gpus(plan) <= calibrated_max_gpus && plan.offload == workload::Offload::none &&
                              // FP4 training: no calibration row trains in FP4 (expert review 19).
                              profile.precision != workload::Precision::fp4 &&
                              // MoE training: 4 calibration rows, too few for a band (held-out MoE rows
                              // spread 0.74-2.1, docs/estimation.md "Held-out validation").
                              model::expert_split(profile.shape).routed_params <= 0;
  if (!band.in_calibrated_regime) {
    band.low = std::min(ampere_band.p10, hopper_band.p10) / extrapolation_widening;
    band.high = std::max(ampere_band.p90, hopper_band.p90) * extrapolation_widening;
  }
  return band;
}

namespace {

double active_params(const workload::Shape& shape) {
  return shape.active_params > 0 ? shape.active_params : shape.params;
}

// Replicas for a load of `busy_replicas` (requests/s x replica-seconds per request). Above
// max_replicas the load is beyond any deployment and the int arithmetic downstream (replicas x GPUs)
// would overflow: an error, not a wrapped count.
constexpr double max_replicas = 1e6;
int replica_count(double busy_replicas) {
  if (!(busy_replicas <= max_replicas)) {
    throw Error::said("--requests-per-s", text::words(text::Msg::err_replicas_above, units::format_count(busy_replicas)),
                      text::words(text::Msg::hint_replicas_above));
  }
  return std::max(1, static_cast<int>(std::ceil(busy_replicas - 1e-9)));
}

// Replicas at the planned utilisation with the profile's spares, and the queueing delay at that
// load (model::plan_replicas; docs/estimation.md "Planned utilisation and queueing").
void plan_serving_replicas(const workload::Profile& profile, double capacity_per_s, int slots, double service_s,
                           double latency_budget_s, Throughput& throughput) {
  const model::ReplicaPlan plan = model::plan_replicas(profile.requests_per_s, capacity_per_s, slots, service_s,
                                                       profile.max_utilization, profile.redundancy,
                                                       latency_budget_s, model::request_mix_service_cv2(profile));
  throughput.replicas = plan.replicas;
  throughput.spare_replicas = plan.spares;
  throughput.requests_per_s_capacity = capacity_per_s;
  throughput.load_per_replica = profile.requests_per_s / std::max(1, plan.replicas);
  throughput.utilization = plan.utilization;
  throughput.utilization_spares_down = plan.utilization_spares_down;
  throughput.queue_ms = plan.queue_s * 1e3;
}

// N+R by host (model::instances_needed): the spares live on instances of their own, and losing any
// R hosts must leave the load's replicas. Replicas spread evenly put ceil(replicas / instances) on
// the fullest host, so a load of L on I instances needs the least replicas P with
// P - R x ceil(P / I) >= L, which can be more than L + R (expert review 6, S15: 3 TP4 replicas, 2 for
// the load, on 2 hosts of 8: losing the host of 2 left 1; 4 are needed). The instances and their cost
// are unchanged; the GPUs beyond P x TP then run replicas too (fill_rented_gpus), beyond the need that
// W-OVERPROVISIONED prices.
void spread_spares_over_hosts(const workload::Profile& profile, const Plan& plan, int instances,
                              Throughput& throughput) {
  if (profile.redundancy <= 0 || plan.pipeline_parallel > 1 || instances <= 1) return;
  const int per_instance = std::max(1, plan.gpus_per_node / std::max(1, plan.tensor_parallel));
  if (per_instance <= 1) return;
  const int load_replicas = throughput.replicas - throughput.spare_replicas;
  const int most = instances * per_instance;
  const auto survives = [&](int replicas) {
    return replicas - profile.redundancy * ((replicas + instances - 1) / instances) >= load_replicas;
  };
  int replicas = throughput.replicas;
  while (replicas < most && !survives(replicas)) ++replicas;
  if (replicas == throughput.replicas) return;
  throughput.utilization *= static_cast<double>(throughput.replicas) / replicas;
  throughput.spare_replicas = replicas - load_replicas;
  throughput.replicas = replicas;
  throughput.load_per_replica = profile.requests_per_s / replicas;
}

// Replicas on every GPU rented (docs/estimation.md "Planned utilisation and queueing"): instances are
// paid whole, so the GPUs the load's replicas and spares leave free on them run replicas too (the
// launch file's data parallel, --emit) and share the load. Busy falls and the latency at the load
// with it; the cost is unchanged (expert review 10: a 70B service on two 8-GPU hosts ran one TP4
// replica on each, half of the GPUs idle). With R hosts down, (instances - R) hosts' replicas remain.
// Returns whether replicas were added.
bool fill_rented_gpus(const workload::Profile& profile, const Plan& plan, int instances, Throughput& throughput) {
  if (plan.pipeline_parallel > 1 || !(profile.requests_per_s > 0)) return false;
  const int per_instance = std::max(1, plan.gpus_per_node / std::max(1, plan.tensor_parallel));
  const int filled = instances * per_instance;
  if (filled <= throughput.replicas) return false;
  const int load_replicas = std::max(1, throughput.replicas - throughput.spare_replicas);
  const int survivors =
      profile.redundancy > 0 ? std::max(load_replicas, filled - profile.redundancy * per_instance) : filled;
  throughput.utilization *= static_cast<double>(throughput.replicas) / filled;
  throughput.utilization_spares_down *= static_cast<double>(load_replicas) / survivors;
  throughput.spare_replicas = filled - load_replicas;
  throughput.replicas = filled;
  throughput.load_per_replica = profile.requests_per_s / filled;
  return true;
}

// Model FLOPs of the whole training job and what the hardware executes with recomputation.
void training_compute(const workload::Profile& profile, workload::Recompute recompute_mode, Compute& compute) {
  const double data = profile.tokens;
  if (workload::kind_traits(profile.kind).physics == workload::Physics::diffusion_training) {
    // tokens counts images here (--images x --epochs); gradient checkpointing repeats the forward.
    compute.total_flops = model::diffusion_training_flops_per_image(profile, workload::Recompute::none) * data;
    compute.hardware_flops = model::diffusion_training_flops_per_image(profile, recompute_mode) * data;
    return;
  }
  if (workload::kind_traits(profile.kind).physics == workload::Physics::vision_training) {
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
  const double recompute = recompute_mode == workload::Recompute::full ? 2.0 * params * data : 0.0;
  compute.hardware_flops = compute.total_flops + recompute;
}

// Serving::load_batch and the latency bands there (docs/estimation.md "Latency at the load"). Without
// a load (no --requests-per-s) the replica is taken as full: the plan's batch.
void latency_at_load(const workload::Profile& profile, const Hardware& hardware, const Plan& plan,
                     const Throughput& throughput, Serving& serving) {
  const int batch = std::max(1, serving.batch);
  const double busy = profile.requests_per_s > 0 ? std::clamp(throughput.utilization_spares_down, 0.0, 1.0) : 1.0;
  serving.load_batch = std::clamp(static_cast<int>(std::ceil(batch * busy - 1e-9)), 1, batch);
  if (serving.load_batch == batch) {
    serving.tpot_ms_at_load_band = serving.tpot_ms_band;
    serving.ttft_ms_at_load_band = serving.ttft_ms_band;
    return;
  }
  const model::ServingPoint point =
      model::serving_point(profile, hardware, plan.tensor_parallel, serving.load_batch, plan.pipeline_parallel);
  const model::ServingBands bands = model::serving_bands(profile, hardware, serving.load_batch, point.memory_bound);
  const double tpot_ms = point.step_s * 1e3;
  const double ttft_ms = point.ttft_s * 1e3;
  serving.tpot_ms_at_load_band = {tpot_ms / bands.throughput.high, tpot_ms / bands.throughput.low,
                                  bands.throughput.in_calibrated_regime};
  serving.ttft_ms_at_load_band = {ttft_ms * bands.ttft.low + throughput.queue_ms,
                                  ttft_ms * bands.ttft.high + throughput.queue_ms, bands.ttft.in_calibrated_regime};
}

void serving_throughput(const workload::Profile& profile, const Hardware& hardware, const Plan& plan,
                        Performance& estimate) {
  const catalog::Gpu& gpu = *hardware.gpu;
  const double tp = std::max(1, plan.tensor_parallel);
  const double share = hardware.gpu_fraction;
  const double peak_flops = model::peak_tflops(gpu, profile.precision) * 1e12 * share;
  const double mfu = estimate.compute.mfu;
  Throughput& throughput = estimate.throughput;
  if (workload::kind_traits(profile.kind).physics == workload::Physics::diffusion_serving) {
    // docs/estimation.md "Image generation": a replica (one GPU) denoises `batch` images at once; its
    // images/s is batch 1's times the batch's gain (model::diffusion_batch_gain: a UNet fills the GPU
    // as the batch grows; a DiT gains nothing, assumption), and every image of the batch waits for all.
    const double image_s = model::diffusion_image_flops(profile) / std::max(1.0, peak_flops * mfu);
    const int batch = std::max(1, plan.batch > 0 ? plan.batch : profile.batch);
    const double images_per_s = model::diffusion_batch_gain(profile, batch, mfu) / image_s;
    Serving& serving = estimate.serving;
    serving.batch = batch;
    serving.image_latency_ms = batch / images_per_s * 1e3;
    const model::DiffusionServingFit fit = model::diffusion_serving_fit(profile, gpu);
    serving.image_latency_ms_band = {serving.image_latency_ms * fit.band_low, serving.image_latency_ms * fit.band_high,
                                     fit.calibrated};
    serving.requests_per_s_per_replica = images_per_s;
    throughput.work_units_per_s = images_per_s;
    throughput.prefill_tokens_per_s = 0;
    // The latency target (--latency-ms) holds at the band's slow end; the queue spends what it leaves.
    const double held_ms = serving.image_latency_ms_band.high;
    serving.meets_targets = profile.latency_target_ms <= 0 || held_ms <= profile.latency_target_ms;
    const double budget_s = profile.latency_target_ms > 0 && serving.meets_targets
                                ? (profile.latency_target_ms - held_ms) / 1e3
                                : std::numeric_limits<double>::infinity();
    plan_serving_replicas(profile, images_per_s, batch, batch / images_per_s, budget_s, throughput);
    serving.image_latency_ms += throughput.queue_ms;
    serving.image_latency_ms_band.low += throughput.queue_ms;
    serving.image_latency_ms_band.high += throughput.queue_ms;
    return;
  }
  if (workload::kind_traits(profile.kind).serves_images()) {
    // Images per second per GPU; a vision replica is one GPU.
    const double images_per_s = peak_flops * mfu / std::max(1.0, profile.shape.forward_flops_per_sample);
    throughput.work_units_per_s = images_per_s;
    throughput.prefill_tokens_per_s = 0;
    replica_count(profile.requests_per_s / images_per_s);  // the load's bound, before planning
    // One image at a time per GPU (a server of M/D/c), no latency target.
    plan_serving_replicas(profile, images_per_s, 1, 1.0 / images_per_s,
                          std::numeric_limits<double>::infinity(), throughput);
    return;
  }
  if (workload::kind_traits(profile.kind).physics == workload::Physics::token_serving) {
    const int batch = plan.batch > 0 ? plan.batch : profile.batch;
    const model::ServingPoint point =
        model::serving_point(profile, hardware, plan.tensor_parallel, batch, plan.pipeline_parallel);
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
    serving.ttft_prompt_tokens = static_cast<int>(std::lround(model::ttft_prompt_tokens(profile)));
    serving.pipeline_ms_per_token = point.pipeline_s * 1e3;
    const model::ServingBands bands = model::serving_bands(profile, hardware, batch, point.memory_bound);
    serving.output_tokens_per_s_band = {serving.output_tokens_per_s * bands.throughput.low,
                                        serving.output_tokens_per_s * bands.throughput.high,
                                        bands.throughput.in_calibrated_regime};
    // TPOT is the inverse of tokens/s at a fixed batch.
    serving.tpot_ms_band = {serving.tpot_ms / bands.throughput.high, serving.tpot_ms / bands.throughput.low,
                            bands.throughput.in_calibrated_regime};
    serving.ttft_ms_band = {serving.ttft_ms * bands.ttft.low, serving.ttft_ms * bands.ttft.high,
                            bands.ttft.in_calibrated_regime};
    throughput.work_units_per_s = point.output_tokens_per_s;
    throughput.prefill_tokens_per_s = point.prefill_tokens_per_s;
    if (profile.requests_per_s > 0) replica_count(profile.requests_per_s / serving.requests_per_s_per_replica);
    // `batch` sequences at once, each held for batch / requests per second (Little's law); the
    // queueing delay spends what the unloaded TTFT leaves of the target.
    const double service_s = batch / std::max(1e-12, serving.requests_per_s_per_replica);
    // The targets hold at Profile::latency_confidence of the bands: the queue may spend only what
    // the TTFT at that confidence leaves.
    const model::LatencyFactors held = model::latency_factors(profile, hardware, batch, point.memory_bound);
    const double held_ttft_ms = serving.ttft_ms * held.ttft;
    serving.meets_targets =
        held_ttft_ms <= profile.ttft_target_ms && serving.tpot_ms * held.tpot <= profile.tpot_target_ms;
    const double latency_budget_s = serving.meets_targets ? (profile.ttft_target_ms - held_ttft_ms) / 1e3
                                                          : std::numeric_limits<double>::infinity();
    plan_serving_replicas(profile, serving.requests_per_s_per_replica, batch, service_s, latency_budget_s,
                          throughput);
    serving.ttft_ms += throughput.queue_ms;
    serving.ttft_ms_band.low += throughput.queue_ms;
    serving.ttft_ms_band.high += throughput.queue_ms;
    serving.meets_targets = held_ttft_ms + throughput.queue_ms <= profile.ttft_target_ms * (1.0 + 1e-9) &&
                            serving.tpot_ms * held.tpot <= profile.tpot_target_ms;
    latency_at_load(profile, hardware, plan, throughput, serving);
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
  throughput.work_units_per_s = profile.batch / step_s;
  throughput.prefill_tokens_per_s = tp * peak_flops * mfu / (2.0 * params);
  // Replica-seconds one request occupies: its prompt at prefill speed plus its answer at its
  // share of the batched decode rate.
  const double seconds_per_request =
      profile.output_tokens / throughput.work_units_per_s + profile.input_tokens / throughput.prefill_tokens_per_s;
  throughput.replicas = profile.requests_per_s > 0 ? replica_count(profile.requests_per_s * seconds_per_request) : 1;
}

}  // namespace

Performance estimate_performance(const workload::Profile& profile, const Hardware& hardware, const Memory& memory) {
  Performance estimate;
  estimate.memory = memory;
  estimate.has_hardware = hardware.gpu != nullptr;
  const Plan& plan = memory.plan;
  const model::MfuChoice mfu = model::choose_mfu(profile, hardware, plan);
  estimate.compute.mfu = mfu.value;
  estimate.compute.mfu_source = mfu.source;

  const workload::KindTraits& kind = workload::kind_traits(profile.kind);
  switch (kind.physics) {
    case workload::Physics::transformer_training:
    case workload::Physics::vision_training:
      training_compute(profile, plan.recompute, estimate.compute);
      break;
    case workload::Physics::token_serving: {
      const double tokens = profile.requests_per_s * (profile.input_tokens + profile.output_tokens) * profile.hours *
                            units::seconds_per_hour;
      estimate.compute.total_flops = 2.0 * active_params(profile.shape) * tokens;
      estimate.compute.hardware_flops = estimate.compute.total_flops;
      break;
    }
    case workload::Physics::diffusion_training:
      training_compute(profile, plan.recompute, estimate.compute);
      break;
    case workload::Physics::diffusion_serving:
      estimate.compute.total_flops =
          model::diffusion_image_flops(profile) * profile.requests_per_s * profile.hours * units::seconds_per_hour;
      estimate.compute.hardware_flops = estimate.compute.total_flops;
      break;
    case workload::Physics::image_serving:
      estimate.compute.total_flops =
          profile.shape.forward_flops_per_sample * profile.requests_per_s * profile.hours * units::seconds_per_hour;
      estimate.compute.hardware_flops = estimate.compute.total_flops;
      break;
    case workload::Physics::interactive:  // a session: no job FLOPs to count
      break;
  }
  if (hardware.gpu == nullptr) return estimate;

  const double peak = model::peak_tflops(*hardware.gpu, profile.precision);
  estimate.compute.effective_tflops_per_gpu = peak * estimate.compute.mfu;
  if (kind.training()) {
    // Fractional (vGPU) cards count as their share of a GPU.
    const double gpus = model::total_gpus(plan) * hardware.gpu_fraction;
    const bool modelled =
        !profile.mfu && !kind.trains_images() && profile.shape.layers > 0;
    double seconds = 0;
    if (modelled) {
      estimate.step = training_step_time(profile, hardware, plan);
      const double steps = profile.tokens / std::max(1.0, estimate.step.tokens);
      seconds = steps * estimate.step.total_s;
      // MFU as a result: model FLOPs over the 16-bit (or the precision's) dense peak of every GPU.
      estimate.compute.mfu = seconds > 0 ? estimate.compute.total_flops / (gpus * peak * 1e12 * seconds) : 0;
      estimate.compute.mfu_source = MfuSource{MfuSource::Kind::model, 0, 0};
      estimate.compute.effective_tflops_per_gpu = peak * estimate.compute.mfu;
      // Per step, without the failure and whole-run allowance (docs/estimation.md "Step MFU and goodput").
      const double step_running_s = estimate.step.total_s - estimate.step.failures_s;
      estimate.compute.goodput_share = estimate.step.total_s > 0 ? step_running_s / estimate.step.total_s : 0;
      estimate.compute.step_mfu =
          estimate.compute.goodput_share > 0 ? estimate.compute.mfu / estimate.compute.goodput_share : 0;
    } else {
      // Diffusion fine-tuning runs its recomputed forward too (hardware FLOPs); the rest count model FLOPs.
      const double flops = kind.physics == workload::Physics::diffusion_training ? estimate.compute.hardware_flops
                                                                                 : estimate.compute.total_flops;
      seconds = flops / (gpus * estimate.compute.effective_tflops_per_gpu * 1e12);
      if (kind.physics == workload::Physics::diffusion_training && !profile.mfu) {
        // The step's exposed data-parallel traffic stretches the run and lowers the MFU it reaches
        // (estimate.step stays empty: its rendering counts tokens, not images).
        const StepTime step = training_step_time(profile, hardware, plan);
        if (step.data_comm_s > 0 && step.compute_s > 0) {
          const double stretch = step.total_s / step.compute_s;
          seconds *= stretch;
          estimate.compute.mfu /= stretch;
          estimate.compute.effective_tflops_per_gpu /= stretch;
        }
      }
    }
    if (kind.physics == workload::Physics::vision_training && seconds > 0 && profile.tokens > 0) {
      // The GPUs wait on a slower data loader (docs/estimation.md "Input pipeline"): the job runs at
      // the loader's images/s; the MFU stays the GPUs' while fed.
      estimate.input = model::input_pipeline(profile, hardware, plan, profile.tokens / seconds);
      seconds = profile.tokens / estimate.input.images_per_s;
    }
    estimate.time.wall_hours = seconds / units::seconds_per_hour;
    estimate.time.gpu_hours = estimate.time.wall_hours * gpus;
    const Band ratio = training_time_ratio_band(profile, hardware, plan);
    estimate.time.wall_hours_band = {estimate.time.wall_hours * ratio.low, estimate.time.wall_hours * ratio.high,
                                     ratio.in_calibrated_regime && !profile.mfu};
    estimate.time.gpu_hours_band = {estimate.time.gpu_hours * ratio.low, estimate.time.gpu_hours * ratio.high,
                                    estimate.time.wall_hours_band.in_calibrated_regime};
    return estimate;
  }
  if (kind.physics == workload::Physics::token_serving || kind.serves_images() ||
      profile.shape.layers > 0) {
    serving_throughput(profile, hardware, plan, estimate);
  }
  if (!kind.serving()) estimate.throughput.replicas = 1;
  const int instances =
      model::instances_needed(profile, plan, estimate.throughput.replicas, estimate.throughput.spare_replicas);
  if (kind.serving()) {
    spread_spares_over_hosts(profile, plan, instances, estimate.throughput);
    estimate.throughput.replicas_needed = estimate.throughput.replicas;
    if (fill_rented_gpus(profile, plan, instances, estimate.throughput) &&
        kind.physics == workload::Physics::token_serving) {
      latency_at_load(profile, hardware, plan, estimate.throughput, estimate.serving);
    }
  }
  estimate.time.wall_hours = profile.hours;
  estimate.time.gpu_hours = profile.hours * instances * plan.gpus_per_node * hardware.gpu_fraction;
  return estimate;
}

Performance run(const workload::Profile& profile, const Hardware& hardware) {
  return estimate_performance(profile, hardware, choose_plan(profile, hardware));
}

Estimate priced(const workload::Profile& profile, const PriceContext& context, Performance performance) {
  Estimate estimate;
  estimate.performance = std::move(performance);
  estimate.costs = price(profile, context, estimate.performance);
  if (context.offering != nullptr) {
    estimate.currency = std::string(context.currency);
    estimate.has_price = true;
  }
  return estimate;
}

Estimate run(const workload::Profile& profile, const Hardware& hardware, const PriceContext& context) {
  return priced(profile, context, run(profile, hardware));
}

}  // namespace gpuselect::estimate
