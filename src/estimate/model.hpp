#pragma once
// Shared pieces of the estimator (not a public contract): bytes per parameter, KV cache, plan
// candidates and names. Every constant's source is in docs/estimation.md.
#include <string>
#include <vector>

#include "gpuselect/estimate.hpp"

namespace gpuselect::estimate::model {

// Bytes per parameter of the three model states in training (ZeRO paper section 3.1).
struct StateBytes {
  double weights = 2;
  double gradients = 2;
  double optimizer = 12;  // K
  double total() const { return weights + gradients + optimizer; }
};
StateBytes training_state_bytes(workload::Precision precision, workload::Optimizer optimizer);

// Frozen base weights of LoRA (16-bit) and QLoRA (NF4 + double-quantised constants).
double frozen_base_bytes_per_param(const workload::Profile& profile);
// Weights for serving at the profile's precision (int4 includes group constants).
double serving_bytes_per_param(workload::Precision precision);
// KV cache element size: 16-bit unless fp8/fp32 (weight-only int8/int4 keep a 16-bit cache).
double kv_bytes_per_element(workload::Precision precision);
// One sequence's KV cache over the whole model: 2·L·kv_heads·head_dim·context·bytes.
double kv_cache_bytes_per_sequence(const workload::Profile& profile, double context_tokens);
// LoRA adapters: layers · Σ_targets rank·(d_in + d_out).
double lora_trainable_params(const workload::Profile& profile);
// Parameters of the largest layer (DeepSpeed's L): one transformer block or the embedding.
double largest_layer_params(const workload::Shape& shape);
// Dense 16-bit peak for the precision the job computes in (TFLOPS).
double peak_tflops(const catalog::Gpu& gpu, workload::Precision precision);
// Bytes of one saved checkpoint (training) or of the served weights.
double checkpoint_bytes(const workload::Profile& profile);
// Bytes of the training data kept on disk (tokenised text or ImageNet images).
double dataset_bytes(const workload::Profile& profile);

// Sets memory.fits_host (CPU offload within the node's RAM less the reserve; NVMe offload within
// the local disk) and memory.fits = fits_gpu && fits_host.
void judge_host(Memory& memory, const Hardware& hardware);

// Data-parallel degree: GPUs / (TP x PP x CP).
int data_parallel_size(const Plan& plan);
int total_gpus(const Plan& plan);
// Instances (nodes) rented: training uses the plan's nodes; serving enough for the replicas needed.
int instances_needed(const workload::Profile& profile, const Plan& plan, int replicas_needed);

// Every training plan the search considers on this machine shape, within the user's constraints
// (workload::Profile::fixed): TP within a node x PP x CP x ZeRO stage x offload x recomputation x
// micro-batch (docs/estimation.md "Plan search").
std::vector<Plan> training_plans(const workload::Profile& profile, int gpus_per_node, int nodes);
// The plan the flags fix, defaults elsewhere (data parallel, no offload, the profile's recompute and
// micro-batch): used without hardware and when the constraints admit no layout.
Plan requested_plan(const workload::Profile& profile, int gpus_per_node, int nodes);
// TP within a node, TP x PP x CP dividing the GPUs, PP no deeper than the layers.
bool layout_valid(const Plan& plan, const workload::Profile& profile);
// " x TP 8 x PP 4" parts of a plan beyond its ZeRO stage and offload.
std::string plan_layout(const Plan& plan);
// Serving plans: tensor parallel 1, 2, 4, 8 up to gpus_per_node (or the one requested).
std::vector<Plan> serving_ladder(const workload::Profile& profile, int gpus_per_node, int nodes);
// The user fixed the plan (--zero, or --tensor-parallel for serving).
bool plan_requested(const workload::Profile& profile);
bool uses_serving_memory(workload::Kind kind);  // llm-inference, cv-inference, notebook

// "ZeRO-2 + optimizer offload", "data parallel", "tensor parallel 2"
std::string plan_name(const workload::Profile& profile, const Plan& plan);

// MFU with where it came from (mfu_basis_text words it).
struct MfuChoice {
  double value = 0;
  MfuSource source;
};
MfuChoice choose_mfu(const workload::Profile& profile, const Hardware& hardware, const Plan& plan);

// Fraction of datasheet bandwidth reached by decode kernels (ESTIMATION.md: 70-85%).
inline constexpr double achievable_bandwidth_share = 0.8;
// Prefill MFU when not given (assumption: large batched matmuls, docs "Serving").
inline constexpr double prefill_mfu_default = 0.5;
// Monthly interruption rate when the offering has none (AWS advisor band boundary 10%).
inline constexpr double spot_interruption_pct_default = 10.0;

}  // namespace gpuselect::estimate::model
