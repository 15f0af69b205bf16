// Memory per GPU for one plan (docs/estimation.md "Memory").
#include <algorithm>
#include <array>
#include <cmath>

#include "estimate/model.hpp"
#include "gpuselect/job_disk.hpp"
#include "gpuselect/plan_search.hpp"
#include "gpuselect/units.hpp"

namespace gpuselect::estimate {

namespace model {

namespace {
using workload::Optimizer;
using workload::Precision;

// Optimizer states K bytes/param. Mixed precision keeps an fp32 master copy (4 B) besides the
// moments; fp32 training uses the weights as master. Sources: ZeRO paper 3.1 (Adam K = 12);
// SGD with momentum = master + momentum; 8-bit Adam = two 1-byte moments (Dettmers et al. 2021,
// "8-bit Optimizers via Block-wise Quantization"; block constants add 0.002 B/param, ignored).
struct OptimizerBytes {
  Optimizer optimizer;
  double mixed_precision;
  double full_precision;
};
// Pure bf16 AdamW keeps two bf16 moments and no fp32 master (2 + 2 B; e.g. torchao/Lightning
// "bf16-true" training).
constexpr std::array<OptimizerBytes, 4> optimizer_bytes{{
    {Optimizer::adamw, 12, 8},
    {Optimizer::sgd, 8, 4},
    {Optimizer::adam_8bit, 6, 2},
    {Optimizer::adamw_bf16, 4, 8},
}};

// Quantised frozen bases of QLoRA, bits per parameter including their constants:
// 4: NF4 + 0.127 bits of double-quantised constants (Dettmers et al. 2023);
// 8: LLM.int8 with one fp32 absmax per row of 4096+ weights, ~8.01 bits (Dettmers et al. 2022);
// 2: 2-bit groups of 64 with a 16-bit scale and zero each, 2.5 bits (HQQ default layout).
double quantised_base_bits(int bits) {
  switch (bits) {
    case 8:
      return 8.0 + 32.0 / 4096.0;
    case 2:
      return 2.0 + 32.0 / 64.0;
    default:
      return 4.0 + 0.127;
  }
}
// int4 serving (GPTQ/AWQ, group size 128): 4 bits + a 16-bit scale and 16-bit zero per 128 weights.
constexpr double int4_bytes_per_param = (4.0 + 32.0 / 128.0) / 8.0;
// NVFP4: 4-bit E2M1 values + one FP8 scale per 16 (NVIDIA, "Introducing NVFP4", 2025): 4.5 bits.
// MXFP4 (one 8-bit scale per 32) is 4.25 bits; the larger figure is used.
constexpr double fp4_bytes_per_param = (4.0 + 8.0 / 16.0) / 8.0;

// Serving bytes per weight and per KV-cache element, indexed by Precision. int8 and int4 quantise
// the weights only: the KV cache stays 16-bit. FP4 serving keeps an FP8 KV cache (TensorRT-LLM
// NVFP4 checkpoints quantise the KV cache to FP8).
struct ServingBytes {
  double weight;
  double kv_element;
};
constexpr std::array<ServingBytes, 7> serving_bytes_table{{
    {4.0, 4.0},                   // fp32
    {2.0, 2.0},                   // bf16
    {2.0, 2.0},                   // fp16
    {1.0, 1.0},                   // fp8
    {1.0, 2.0},                   // int8
    {int4_bytes_per_param, 2.0},  // int4
    {fp4_bytes_per_param, 1.0},   // fp4
}};
static_assert(serving_bytes_table.size() == static_cast<std::size_t>(Precision::fp4) + 1, "one row per Precision");

ServingBytes serving_bytes(Precision precision) {
  const auto index = static_cast<std::size_t>(precision);
  return index < serving_bytes_table.size() ? serving_bytes_table[index] : ServingBytes{2.0, 2.0};
}
}  // namespace

StateBytes training_state_bytes(Precision precision, Optimizer optimizer) {
  const bool fp32 = precision == Precision::fp32;
  StateBytes bytes;
  bytes.weights = fp32 ? 4 : 2;
  bytes.gradients = fp32 ? 4 : 2;
  for (const auto& row : optimizer_bytes) {
    if (row.optimizer == optimizer) bytes.optimizer = fp32 ? row.full_precision : row.mixed_precision;
  }
  return bytes;
}

double frozen_base_bytes_per_param(const workload::Profile& profile) {
  if (profile.method == workload::Method::qlora) return quantised_base_bits(profile.quant_bits) / 8.0;
  return profile.precision == Precision::fp32 ? 4.0 : 2.0;
}

double serving_bytes_per_param(Precision precision) { return serving_bytes(precision).weight; }

double kv_bytes_per_element(Precision precision) { return serving_bytes(precision).kv_element; }

double kv_cache_bytes_per_token(const workload::Profile& profile) {
  const auto& shape = profile.shape;
  if (shape.layers <= 0 || shape.heads <= 0) return 0;
  const double element = kv_bytes_per_element(profile.precision);
  if (shape.kv_lora_rank > 0) {
    return static_cast<double>(shape.layers) * (shape.kv_lora_rank + shape.qk_rope_head_dim) * element;
  }
  const double head_dim = shape.head_dim > 0 ? shape.head_dim : static_cast<double>(shape.hidden) / shape.heads;
  const double kv_heads = shape.kv_heads > 0 ? shape.kv_heads : shape.heads;
  return 2.0 * shape.layers * kv_heads * head_dim * element;
}

double kv_cache_bytes_per_sequence(const workload::Profile& profile, double context_tokens) {
  return kv_cache_bytes_per_token(profile) * context_tokens;
}

double kv_shard_divisor(const workload::Shape& shape, int tensor_parallel) {
  if (shape.kv_lora_rank > 0) return 1.0;
  const int kv_heads = shape.kv_heads > 0 ? shape.kv_heads : shape.heads;
  // Fewer KV heads than ranks: each rank keeps a copy of one head (vLLM replicates KV heads).
  return std::max(1, std::min(std::max(1, tensor_parallel), std::max(1, kv_heads)));
}

ExpertSplit expert_split(const workload::Shape& shape) {
  ExpertSplit split;
  split.dense_params = shape.params;
  const double active = shape.active_params > 0 ? shape.active_params : shape.params;
  if (shape.experts < 2 || shape.experts_per_token <= 0 || shape.experts_per_token >= shape.experts ||
      active >= shape.params) {
    return split;
  }
  split.routed_share = static_cast<double>(shape.experts_per_token) / shape.experts;
  split.routed_params = std::min(shape.params, (shape.params - active) / (1.0 - split.routed_share));
  split.dense_params = shape.params - split.routed_params;
  return split;
}

double expert_ffn_width(const workload::Shape& shape) {
  const ExpertSplit split = expert_split(shape);
  const int moe_layers = shape.layers - shape.dense_layers;
  if (split.routed_params <= 0 || moe_layers <= 0 || shape.hidden <= 0) return 0;
  return split.routed_params / (static_cast<double>(shape.experts) * moe_layers * 3.0 * shape.hidden);
}

double params_read(const workload::Shape& shape, double tokens) {
  const ExpertSplit split = expert_split(shape);
  if (split.routed_params <= 0) return shape.params;
  const double untouched = std::pow(1.0 - split.routed_share, std::max(1.0, tokens));
  return split.dense_params + split.routed_params * (1.0 - untouched);
}

double weight_params_per_gpu(const workload::Shape& shape, int tensor_parallel, int expert_parallel) {
  const ExpertSplit split = expert_split(shape);
  return split.dense_params / std::max(1, tensor_parallel) + split.routed_params / std::max(1, expert_parallel);
}

double lora_trainable_params(const workload::Profile& profile) {
  const auto& shape = profile.shape;
  const double h = shape.hidden;
  const double kv = shape.heads > 0 ? h / shape.heads * (shape.kv_heads > 0 ? shape.kv_heads : shape.heads) : h;
  const double ffn = shape.ffn > 0 ? shape.ffn : 4.0 * h;
  struct Target {
    std::string_view name;
    double d_in;
    double d_out;
  };
  const std::array<Target, 7> targets{{{"q_proj", h, h},
                                       {"k_proj", h, kv},
                                       {"v_proj", h, kv},
                                       {"o_proj", h, h},
                                       {"gate_proj", h, ffn},
                                       {"up_proj", h, ffn},
                                       {"down_proj", ffn, h}}};
  double per_layer = 0;
  for (const auto& name : profile.lora_targets) {
    for (const auto& target : targets) {
      if (target.name == name) per_layer += profile.lora_rank * (target.d_in + target.d_out);
    }
  }
  return per_layer * shape.layers;
}

double largest_layer_params(const workload::Shape& shape) {
  if (shape.layers <= 0 || shape.hidden <= 0) return shape.params;
  const double h = shape.hidden;
  const double kv = shape.heads > 0 ? h / shape.heads * shape.kv_heads : h;
  const double block = 2.0 * h * h + 2.0 * h * kv + 2.0 * h * shape.ffn;
  return std::min(shape.params, std::max(block, static_cast<double>(shape.vocab) * h));
}

double checkpoint_bytes(const workload::Profile& profile) {
  if (!workload::kind_traits(profile.kind).training()) {
    return profile.shape.params * serving_bytes_per_param(profile.precision);
  }
  const StateBytes states = training_state_bytes(profile.precision, profile.optimizer);
  const double saved_per_param = states.weights + states.optimizer;  // gradients are not saved
  if (profile.method != workload::Method::full) return lora_trainable_params(profile) * saved_per_param;
  return profile.shape.params * saved_per_param;
}

double dataset_bytes(const workload::Profile& profile) {
  // Tokenised text as uint16 ids (Megatron indexed datasets, vocab < 65,536): 2 B per token.
  constexpr double bytes_per_token = 2.0;
  // ImageNet-1k training set: 1,281,167 JPEGs, about 140 GB (110 kB per image).
  constexpr double imagenet_bytes = 1'281'167.0 * 110e3;
  if (profile.dataset_gb > 0) return profile.dataset_gb * units::bytes_per_gb;
  if (workload::kind_traits(profile.kind).physics == workload::Physics::vision_training) return imagenet_bytes;
  // A diffusion fine-tuning set: the images (about 1 MB each at 1024x1024, assumption) once.
  constexpr double bytes_per_training_image = 1e6;
  if (workload::kind_traits(profile.kind).physics == workload::Physics::diffusion_training) {
    return std::max(1, profile.images) * bytes_per_training_image;
  }
  if (workload::kind_traits(profile.kind).training()) return profile.tokens * bytes_per_token;
  return 0;
}

bool uses_serving_memory(workload::Kind kind) { return !workload::kind_traits(kind).training(); }

int total_gpus(const Plan& plan) { return std::max(1, plan.gpus_per_node) * std::max(1, plan.nodes); }
int data_parallel_size(const Plan& plan) {
  const int model_parallel = std::max(1, plan.tensor_parallel) * std::max(1, plan.pipeline_parallel) *
                             std::max(1, plan.context_parallel);
  return std::max(1, total_gpus(plan) / model_parallel);
}

}  // namespace model

double checkpoint_bytes(const workload::Profile& profile) { return model::checkpoint_bytes(profile); }
double dataset_bytes(const workload::Profile& profile) { return model::dataset_bytes(profile); }

namespace {

using workload::Offload;
using workload::Recompute;

// Activation bytes per 16-bit element scale for fp32 training.
double activation_precision_factor(workload::Precision precision) {
  return precision == workload::Precision::fp32 ? 2.0 : 1.0;
}

// Vision models: stored activations per 224x224 image = 0.01 B per forward FLOP at 16-bit
// (ResNet-50: 8.2 GFLOPs -> 82 MB, assumption calibrated on ~100 MB/image fp32 training reports).
constexpr double vision_activation_bytes_per_flop = 0.01;
// Inference keeps only the live tensors of one stage: a tenth of the training figure (assumption).
constexpr double vision_inference_share = 0.1;

// torchtitan's op-level selective checkpointing (`selective_ac_option = "op"`, the policy in
// torchtitan's parallelize code: save the outputs of mm, flash/efficient attention and
// reduce-scatter, except every second mm of a layer; recompute the rest). A Llama-style layer runs
// its mms in the order wq, wk, wv, wo, w1, w3, w2, so it keeps wq (heads·head_dim), wv
// (kv_heads·head_dim), w1 (ffn) and w2 (h), the attention output (heads·head_dim) and the layer's
// input (h, the checkpoint's own argument): 16-bit, bytes per layer for `tokens` tokens. Llama 3.1 8B:
// 31,744 elements = 7.75h per token, 15.5·s·b·h bytes against Korthikanti's selective 34·s·b·h.
double op_level_checkpoint_bytes(const workload::Shape& shape, double tokens) {
  const double h = shape.hidden;
  const double head_dim = shape.head_dim > 0 ? shape.head_dim : (shape.heads > 0 ? h / shape.heads : h);
  const double query = shape.heads > 0 ? shape.heads * head_dim : h;
  const double value = shape.kv_heads > 0 ? shape.kv_heads * head_dim : query;
  const double ffn = shape.ffn > 0 ? shape.ffn : 4.0 * h;
  return tokens * (h + query + value + ffn + h + query) * 2.0;
}

// Korthikanti et al. 2022, Table 2, bytes per layer; sequence parallelism assumed with t > 1.
// Selective recomputation is Megatron's (attention core recomputed) except with --framework fsdp,
// whose selective is torchtitan's op-level policy above.
double transformer_activations(const workload::Profile& profile, double seq, double batch, int tp,
                               Recompute recompute) {
  const auto& shape = profile.shape;
  const double s = seq;
  const double b = batch;
  const double h = shape.hidden;
  const double a = shape.heads;
  const double t = std::max(1, tp);
  const double sbh = s * b * h;
  double per_layer = 0;
  switch (recompute) {
    case Recompute::none: {
      // Flash attention never stores the a·s² score matrix, so its 5·a·s/h term drops.
      const double attention_term = profile.attention == workload::Attention::eager && h > 0 ? 5.0 * a * s / h : 0.0;
      per_layer = sbh * (34.0 + attention_term) / t;
      break;
    }
    case Recompute::selective:
      per_layer = profile.framework == workload::Framework::fsdp ? op_level_checkpoint_bytes(shape, s * b) / t
                                                                 : sbh * 34.0 / t;
      break;
    case Recompute::full:
      // The layer inputs kept as checkpoints; sequence parallelism splits them too (Table 2).
      per_layer = 2.0 * sbh / t;
      break;
  }
  return per_layer * shape.layers * activation_precision_factor(profile.precision);
}

// Tensor parallel through PyTorch's DTensor (torchtitan's and Hugging Face's TP plans: a
// SequenceParallel norm, then ColwiseParallel projections whose input is redistributed from Shard(1)
// to Replicate) all-gathers the normed sequence before the attention's wq/wk/wv and the MLP's w1/w3,
// and autograd saves that gathered tensor for the weight gradients. Megatron-Core's
// LinearWithGradAccumulationAndAsyncCommunication saves only the sequence-parallel shard and gathers
// again in the backward pass (Korthikanti et al. 2022, section 4.2.2), which Table 2's 34/t assumes.
// Extra bytes per layer held whole: two 16-bit s·b·h tensors, less the 1/t Table 2 already counts.
bool pytorch_tensor_parallel(const workload::Profile& profile) {
  return profile.framework == workload::Framework::fsdp || profile.framework == workload::Framework::hf;
}
double gathered_inputs_bytes(const workload::Profile& profile, double seq, double batch, int tp) {
  const double t = std::max(1, tp);
  if (!pytorch_tensor_parallel(profile) || t <= 1) return 0;
  return 2.0 * 2.0 * seq * batch * profile.shape.hidden * (1.0 - 1.0 / t) *
         activation_precision_factor(profile.precision);
}

// The working set of the layer being recomputed: under full recomputation the backward pass
// rematerialises one layer's whole activations (the selective-recompute set of Table 2) on top of
// the stored checkpoints.
// One layer's whole activations, Korthikanti's selective set s·b·h·34/t whatever the framework: the
// working set of a layer being recomputed, and the inference workspace of a prefill chunk.
// (Computed here, not through transformer_activations with a Megatron copy of the profile: that copy
// was a tenth of a built-in `recommend`'s instructions, issue 33.)
double one_layer_activations(const workload::Profile& profile, double seq, double batch, int tp) {
  if (profile.shape.layers <= 0) return 0;
  return seq * batch * profile.shape.hidden * 34.0 / std::max(1, tp) * activation_precision_factor(profile.precision);
}

// torchtitan's op-level selective policy recomputes the unsaved half of each layer in the backward
// pass too, so it carries the same one-layer working set (Korthikanti's 34·s·b·h/t).
double recompute_working_set(const workload::Profile& profile, double seq, double batch, int tp, Recompute recompute) {
  const bool op_level = recompute == Recompute::selective && profile.framework == workload::Framework::fsdp;
  if ((recompute != Recompute::full && !op_level) || profile.shape.layers <= 0) return 0;
  return one_layer_activations(profile, seq, batch, tp) + gathered_inputs_bytes(profile, seq, batch, tp);
}

// The output layer's logits and loss buffers on the last pipeline stage, split over tensor parallel
// by vocabulary (vocab-parallel output layer); context parallel splits the sequence. Bytes per
// logit: Megatron-Core's fused vocab_parallel_cross_entropy keeps the 16-bit logits and an fp32
// softmax for the backward pass (2 + 4); PyTorch's cross_entropy on fp32-upcast logits (torchtitan,
// Hugging Face, DeepSpeed) peaks at the backward's start with the saved fp32 log-softmax, its
// gradient and the input's gradient (3 x 4).
// The output layer's 16-bit input is saved for its weight gradient too (Korthikanti section 4.3 leaves
// it out): the sequence-parallel shard 2·s·b·h/t with Megatron-Core, the whole gathered 2·s·b·h with
// PyTorch tensor parallel (torchtitan's plan: "output": ColwiseParallel(input_layouts=Shard(1))).
double logits_bytes(const workload::Profile& profile, double seq, double batch, int tp) {
  const double t = std::max(1, tp);
  const double per_logit = profile.framework == workload::Framework::megatron ? 6.0 : 12.0;
  const double input_bytes = 2.0 * seq * batch * profile.shape.hidden / (pytorch_tensor_parallel(profile) ? 1.0 : t) *
                             activation_precision_factor(profile.precision);
  return seq * batch * static_cast<double>(profile.shape.vocab) * per_logit / t + input_bytes;
}

// Runtime overhead allocated outside the framework's tensors: CUDA context and NCCL communicator
// buffers (GPU-SPECS.md: 0.5-1.5 GiB reserved). Fragmentation and transient peaks are covered by the
// headroom kept free instead (docs/estimation.md "Headroom").
constexpr double overhead_fixed_bytes = units::bytes_per_gib;
// DeepSpeed's estimators multiply CPU memory by 1.5 for buffers.
constexpr double cpu_buffer_factor = 1.5;
// Host RAM kept for the OS and page cache, and per GPU for data-loader workers and pinned staging
// buffers (assumption; PyTorch DataLoader workers are whole processes of ~1-2 GB each).
constexpr double host_reserve_fixed_bytes = 8e9;
constexpr double host_reserve_per_gpu_bytes = 8e9;

// Activations of a training plan per GPU: sequence split by CP, heads by TP; the first pipeline
// stage keeps min(m, p) micro-batches in flight for its L/p layers (1F1B; Narayanan et al. 2021).
// The first stage holds the most stored activations, the last adds the logits and loss buffers:
// the larger of the two is what a GPU must hold. Both add the recompute working set of one layer.
double plan_activations(const workload::Profile& profile, const Plan& plan) {
  const int cp = std::max(1, plan.context_parallel);
  const int pp = std::max(1, plan.pipeline_parallel);
  const double seq = static_cast<double>(profile.seq_len) / cp;
  const double batch = std::max(1, plan.micro_batch);
  double all_layers = transformer_activations(profile, seq, batch, plan.tensor_parallel, plan.recompute);
  // Without recomputation, and under Megatron-style selective recomputation (linear inputs kept),
  // every layer keeps PyTorch tensor parallel's gathered inputs; torchtitan's op-level policy saves
  // mm outputs, not the all-gather's, so it holds them only in the recompute working set.
  const bool op_level = plan.recompute == Recompute::selective && profile.framework == workload::Framework::fsdp;
  if (plan.recompute == Recompute::none || (plan.recompute == Recompute::selective && !op_level)) {
    all_layers += gathered_inputs_bytes(profile, seq, batch, plan.tensor_parallel) * profile.shape.layers;
  }
  const double in_flight = std::min(std::max(1, plan.micro_batches), pp);
  const double first_stage = all_layers * in_flight / pp;
  const double last_stage = all_layers / pp + logits_bytes(profile, seq, batch, plan.tensor_parallel);
  const double stored = pp > 1 ? std::max(first_stage, last_stage) : last_stage;
  return stored + recompute_working_set(profile, seq, batch, plan.tensor_parallel, plan.recompute);
}

void training_states(const workload::Profile& profile, const Plan& plan, Memory& memory) {
  MemoryPerGpu& gpu = memory.per_gpu;
  double& cpu_per_node = memory.cpu_offload_bytes;
  const int tp = std::max(1, plan.tensor_parallel);
  const int pp = std::max(1, plan.pipeline_parallel);
  const int ep = std::max(1, plan.expert_parallel);
  // Each GPU holds its pipeline stage's dense weights split over TP and its routed experts split over
  // TP x EP (Megatron-Core's default expert tensor parallelism = TP). ZeRO shards the dense states
  // over the n data-parallel ranks and the expert states over the n/EP ranks holding the same
  // experts: either way P/(TP·PP·n) per GPU, so EP shrinks only what stays replicated.
  const double params = model::weight_params_per_gpu(profile.shape, tp, tp * ep) / pp;
  const double sharded_params = profile.shape.params / (tp * pp);
  // ZeRO shards over every rank that holds the same weights: data parallel x context parallel
  // (Megatron's distributed optimizer and torchtitan's FSDP both shard over the DP x CP group).
  const int n = model::data_parallel_size(plan) * std::max(1, plan.context_parallel);
  const int stage = plan.zero_stage;
  const auto states = model::training_state_bytes(profile.precision, profile.optimizer);
  const double nodes = std::max(1, plan.nodes);
  const double largest = model::largest_layer_params(profile.shape);
  // DeepSpeed keeps the gathered largest layer (16-bit params + grads: 4 B each) under ZeRO-3 offload.
  const double gathered_layer = 2.0 * states.weights * largest;

  // The trained parameters (all of them, or the LoRA adapters) and the frozen base.
  // *_sharded: the same states before ZeRO divides them by n (the whole model over TP x PP).
  double trained = params;
  double trained_sharded = sharded_params;
  double frozen_weights = 0;
  double frozen_sharded = 0;
  if (profile.method != workload::Method::full) {
    trained = model::lora_trainable_params(profile) / tp;
    trained_sharded = trained;
    frozen_weights = params * model::frozen_base_bytes_per_param(profile);
    frozen_sharded = sharded_params * model::frozen_base_bytes_per_param(profile);
  }

  double weights = states.weights * trained;
  double gradients = states.gradients * trained;
  double optimizer = states.optimizer * trained;
  // ZeRO paper (section 5.1): stage 1 shards optimizer states, 2 also gradients, 3 also parameters.
  {
    // The states ZeRO divides by n, over those replicated per GPU (above 1 with EP > 1).
    const double ratio = trained_sharded / std::max(1e-30, trained);
    double paper = weights + gradients + optimizer;
    if (plan.offload == Offload::none) {
      if (stage == 1) paper = weights + gradients + optimizer * ratio / n;
      if (stage == 2) paper = weights + (gradients + optimizer) * ratio / n;
      if (stage >= 3) paper = (weights + gradients + optimizer) * ratio / n;
    }
    memory.paper_model_states_bytes = paper + (stage >= 3 ? frozen_sharded / n : frozen_weights);
  }
  // Mixed precision with an fp32 master also keeps an fp32 gradient partition for the optimizer:
  // DeepSpeed's estimators count 4P + 16P/N for ZeRO-1/2 and 4L + 18P/N for ZeRO-3 (stage_1_and_2.py,
  // stage3.py), above the paper's 2P + 14P/N and 16P/N. 4 B/N at stages 1-2, 2 B/N at 3 (their constants).
  const bool fp32_master = profile.precision != workload::Precision::fp32 &&
                           profile.optimizer != workload::Optimizer::adamw_bf16 && states.optimizer >= 12;
  switch (plan.offload) {
    case Offload::none:
      if (stage >= 1) optimizer = states.optimizer * trained_sharded / n;
      if (stage == 1 || stage == 2) {
        // Full-size 16-bit gradient buckets stay (DeepSpeed: 4P = 16-bit params + grads); one
        // estimator covers stages 1 and 2 (stage_1_and_2.py).
        optimizer += (fp32_master ? 4.0 : 0.0) * trained_sharded / n;
      }
      if (stage >= 3) {
        gradients = states.gradients * trained_sharded / n;
        weights = states.weights * trained_sharded / n + gathered_layer;
        frozen_weights = frozen_sharded / n;
        optimizer += (fp32_master ? 2.0 : 0.0) * trained_sharded / n;
      }
      break;
    case Offload::optimizer:
      // Gradients and optimizer states move to CPU (fp32 grads + master + moments).
      gradients = 0;
      optimizer = 0;
      if (stage >= 3) {
        weights = states.weights * trained_sharded / n + gathered_layer;
        frozen_weights = frozen_sharded / n;
        cpu_per_node = (states.optimizer + 4.0) * trained_sharded / nodes * cpu_buffer_factor;
      } else {
        // DeepSpeed stage_1_and_2 estimator: P · max(4 · GPUs per node, 16) bytes per node.
        cpu_per_node =
            trained_sharded * std::max(4.0 * plan.gpus_per_node, states.optimizer + 4.0) * cpu_buffer_factor;
      }
      break;
    case Offload::all:
      // ZeRO-3 with parameters offloaded: only the gathered largest layer stays on the GPU.
      cpu_per_node =
          ((states.optimizer + 4.0 + states.weights) * trained_sharded + frozen_sharded) / nodes * cpu_buffer_factor;
      weights = gathered_layer;
      frozen_weights = 0;
      gradients = 0;
      optimizer = 0;
      break;
    case Offload::nvme:
      // ZeRO-Infinity: every state on the node's NVMe; host RAM holds pinned swap buffers (a few
      // layers, counted in the reserve); the GPU keeps the gathered largest layer.
      memory.nvme_offload_bytes = ((states.optimizer + 4.0 + states.weights) * trained_sharded + frozen_sharded) / nodes;
      weights = gathered_layer;
      frozen_weights = 0;
      gradients = 0;
      optimizer = 0;
      break;
  }
  gpu.weights_bytes = weights + frozen_weights;
  gpu.gradients_bytes = gradients;
  gpu.optimizer_bytes = optimizer;
}

}  // namespace

Memory estimate_memory(const workload::Profile& profile, const Plan& plan, double gpu_capacity_bytes) {
  Memory memory;
  memory.plan = plan;
  MemoryPerGpu& gpu = memory.per_gpu;
  const auto& shape = profile.shape;
  const int tp = std::max(1, plan.tensor_parallel);

  if (workload::kind_traits(profile.kind).physics == workload::Physics::diffusion_training) {
    model::diffusion_training_memory(profile, plan, gpu);
  } else if (workload::kind_traits(profile.kind).physics == workload::Physics::diffusion_serving) {
    model::diffusion_serving_memory(profile, plan.batch > 0 ? plan.batch : profile.batch, gpu);
  } else if (workload::kind_traits(profile.kind).training()) {
    training_states(profile, plan, memory);
    if (workload::kind_traits(profile.kind).physics == workload::Physics::vision_training) {
      gpu.activations_bytes = std::max(1, plan.micro_batch) * shape.forward_flops_per_sample *
                              vision_activation_bytes_per_flop * activation_precision_factor(profile.precision);
    } else {
      gpu.activations_bytes = plan_activations(profile, plan);
    }
  } else if (workload::kind_traits(profile.kind).serves_images()) {
    gpu.weights_bytes = shape.params * model::serving_bytes_per_param(profile.precision);
    gpu.activations_bytes =
        profile.batch * shape.forward_flops_per_sample * vision_activation_bytes_per_flop * vision_inference_share;
  } else if (workload::kind_traits(profile.kind).physics == workload::Physics::token_serving) {
    // Weights split over the replica (routed experts over expert parallel); paged KV cache holding
    // each sequence's input + output tokens; the activation workspace of one layer for a prefill
    // chunk (docs/estimation.md "Serving memory").
    const int batch = plan.batch > 0 ? plan.batch : profile.batch;
    // Pipeline stages over nodes hold ceil(L/pp) layers each, and that share of the weights and KV
    // (docs/estimation.md "Pipeline parallel serving").
    const int pp = std::max(1, plan.pipeline_parallel);
    const int stage_layers = (shape.layers + pp - 1) / pp;  // the largest stage: ceil(L/pp)
    const double stage_share = pp > 1 && shape.layers > 0 ? static_cast<double>(stage_layers) / shape.layers : 1.0;
    gpu.weights_bytes = model::weight_params_per_gpu(shape, tp, std::max(1, plan.expert_parallel)) *
                        model::serving_bytes_per_param(profile.precision) * stage_share;
    // A request mix (docs/estimation.md "Request mixes"): each slot at the in-flight average length,
    // and room for one p90 request beyond it (the batch still admits a long request).
    const double slot_tokens = model::kv_tokens_per_slot(profile);
    const double batch_tokens = slot_tokens * batch + std::max(0.0, model::kv_tokens_longest(profile) - slot_tokens);
    gpu.kv_cache_bytes =
        model::kv_cache_bytes_per_sequence(profile, batch_tokens) / model::kv_shard_divisor(shape, tp) * stage_share;
    const double chunk = std::min<double>(
        model::prefill_chunk_tokens,
        std::max({1.0, static_cast<double>(profile.input_tokens) * batch, model::ttft_prompt_tokens(profile)}));
    gpu.activations_bytes = one_layer_activations(profile, chunk, 1, tp);
  } else {
    // Notebooks: weights at the serving precision, KV cache for the batch at full context, and one
    // layer's activations for a prefill of the batch (inference frees the rest).
    gpu.weights_bytes = shape.params * model::serving_bytes_per_param(profile.precision) / tp;
    gpu.kv_cache_bytes = model::kv_cache_bytes_per_sequence(profile, profile.context) * profile.batch / tp;
    const double prompt = profile.input_tokens > 0 ? profile.input_tokens : std::min(profile.context, 512);
    const double one_layer = one_layer_activations(profile, prompt, profile.batch, tp);
    gpu.activations_bytes = one_layer;
  }
  const double working =
      gpu.weights_bytes + gpu.gradients_bytes + gpu.optimizer_bytes + gpu.activations_bytes + gpu.kv_cache_bytes;
  gpu.overhead_bytes = overhead_fixed_bytes;
  gpu.total_bytes = working + gpu.overhead_bytes;
  memory.reason = PlanReason::no_hardware;
  apply_gpu_capacity(memory, profile, gpu_capacity_bytes);
  return memory;
}

double usable_gpu_bytes(const workload::Profile& profile, double gpu_capacity_bytes) {
  return gpu_capacity_bytes * (1.0 - std::clamp(profile.headroom_pct, 0.0, 99.0) / 100.0);
}

void apply_gpu_capacity(Memory& memory, const workload::Profile& profile, double gpu_capacity_bytes) {
  memory.gpu_capacity_bytes = gpu_capacity_bytes;
  memory.headroom_pct = std::clamp(profile.headroom_pct, 0.0, 99.0);
  memory.usable_gpu_bytes = usable_gpu_bytes(profile, gpu_capacity_bytes);
  memory.fits_gpu = gpu_capacity_bytes > 0 && memory.per_gpu.total_bytes <= memory.usable_gpu_bytes;
  memory.fits = memory.fits_gpu;
}

int data_parallel_degree(const Plan& plan) { return model::data_parallel_size(plan); }

double model::longest_context_tokens(const workload::Profile& profile, const Plan& plan, double gpu_capacity_bytes) {
  const bool training = workload::kind_traits(profile.kind).physics == workload::Physics::transformer_training;
  if (gpu_capacity_bytes <= 0 || profile.shape.layers <= 0 ||
      !(training || workload::kind_traits(profile.kind).physics == workload::Physics::token_serving)) {
    return 0;
  }
  workload::Profile sized = profile;
  Plan one = plan;
  const auto fits_at = [&](int tokens) {
    if (training) {
      sized.seq_len = tokens;
      one.micro_batch = 1;
    } else {
      // One request of `tokens` (input + output) at batch 1.
      sized.input_tokens_p90 = 0;  // one request, no mix
      sized.output_tokens_p90 = 0;
      sized.output_tokens = std::min(profile.output_tokens, tokens / 2);
      sized.input_tokens = tokens - sized.output_tokens;
      one.batch = 1;
    }
    return estimate_memory(sized, one, gpu_capacity_bytes).fits_gpu;
  };
  constexpr int step_tokens = 1024;  // reported to the nearest 1K below
  constexpr int limit_tokens = 1 << 24;
  if (!fits_at(step_tokens)) return 0;
  int low = step_tokens;
  int high = 2 * step_tokens;
  while (high <= limit_tokens && fits_at(high)) {
    low = high;
    high *= 2;
  }
  if (high > limit_tokens) return low;
  while (high - low > step_tokens) {
    const int middle = low + (high - low) / 2 / step_tokens * step_tokens;
    (fits_at(middle) ? low : high) = middle;
  }
  return low;
}

double host_ram_reserve_bytes(int gpus_per_node) {
  return host_reserve_fixed_bytes + host_reserve_per_gpu_bytes * std::max(1, gpus_per_node);
}

double model::host_ram_usable_bytes(const Plan& plan, const Hardware& hardware) {
  if (!(hardware.host_ram_bytes > 0)) return 0;
  return std::max(0.0, hardware.host_ram_bytes - host_ram_reserve_bytes(plan.gpus_per_node));
}

bool model::fits_host(const Memory& memory, const Hardware& hardware) {
  if (hardware.host_ram_bytes > 0 && memory.cpu_offload_bytes > host_ram_usable_bytes(memory.plan, hardware)) {
    return false;
  }
  return !(hardware.local_disk_bytes > 0 && memory.nvme_offload_bytes > hardware.local_disk_bytes);
}

void model::judge_host(Memory& memory, const Hardware& hardware) {
  memory.host_ram_usable_bytes = host_ram_usable_bytes(memory.plan, hardware);
  memory.fits_host = fits_host(memory, hardware);
  memory.fits = memory.fits_gpu && memory.fits_host;
}

}  // namespace gpuselect::estimate
