#pragma once
// Shared pieces of the estimator (not a public contract): bytes per parameter, KV cache, plan
// candidates and names. Every constant's source is in docs/estimation.md.
#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/estimate.hpp"
#include "gpuselect/messages.hpp"

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
// KV cache of one token over the whole model: 2·L·kv_heads·head_dim·bytes (MHA/GQA), or
// L·(kv_lora_rank + qk_rope_head_dim)·bytes for multi-head latent attention (DeepSeek-V2/V3).
double kv_cache_bytes_per_token(const workload::Profile& profile);
// One sequence's KV cache over the whole model: kv_cache_bytes_per_token · context.
double kv_cache_bytes_per_sequence(const workload::Profile& profile, double context_tokens);
// KV cache per GPU of one replica: heads split over tensor parallel, except MLA's shared latent,
// which every tensor-parallel rank keeps whole (vLLM/SGLang without data-parallel attention).
double kv_shard_divisor(const workload::Shape& shape, int tensor_parallel);

// Mixture of experts split of the parameters (docs/estimation.md "Mixture of experts"):
// P = dense + routed, active = dense + routed·k/E, so routed = (P - active)/(1 - k/E).
// Dense models: routed 0, routed_share 0.
struct ExpertSplit {
  double dense_params = 0;   // attention, embeddings, dense FFN layers, shared experts, routers
  double routed_params = 0;  // all routed experts of all MoE layers
  double routed_share = 0;   // k/E: the share of routed experts one token uses
};
ExpertSplit expert_split(const workload::Shape& shape);
// Width of one routed expert's FFN, from the split: routed / (E x MoE layers x 3h) (gated MLPs have
// three h x f matrices; DeepSeek-V3 654B routed -> 2048, Qwen3-30B-A3B -> 768). 0 for dense models.
double expert_ffn_width(const workload::Shape& shape);
// The longest context that fits GPU memory with headroom (docs/estimation.md "Longest context"), to
// the nearest 1,024 tokens below: LLM training, the sequence length `plan` holds at one sequence per
// micro-step; llm-inference, one request's input + output tokens at batch 1. 0 for other kinds or
// when even 1,024 tokens do not fit.
double longest_context_tokens(const workload::Profile& profile, const Plan& plan, double gpu_capacity_bytes);
// Parameters a forward pass over `tokens` tokens reads: dense + routed·(1 - (1 - k/E)^tokens), the
// expected distinct experts when each token picks k of E uniformly.
double params_read(const workload::Shape& shape, double tokens);
// Parameters per GPU with dense weights split over tensor parallel and routed experts over expert
// parallel (the hook for training plans with expert parallelism).
double weight_params_per_gpu(const workload::Shape& shape, int tensor_parallel, int expert_parallel);

// One llm-inference replica of `tensor_parallel` GPUs at `batch` concurrent sequences in steady
// state (docs/estimation.md "Serving"): each step decodes one token of every sequence and prefills
// the prompts of the sequences that replace the finished ones.
// Where one step's time goes: step = max(memory, decode compute + prefill compute) + fixed.
struct StepParts {
  double memory_s = 0;           // weights read + KV read at the calibrated bandwidth share
  double decode_compute_s = 0;   // decode FLOPs at the calibrated decode compute share
  double prefill_compute_s = 0;  // prefill FLOPs at the calibrated prefill compute share
  double fixed_s = 0;            // tensor-parallel all-reduces + per-step host overhead
};
struct ServingPoint {
  double step_s = 0;     // the time per output token (p50): a step with the other sequences' prompts
  double ttft_s = 0;     // p50 time to first token: its prompt's prefill plus half a step
  double prefill_s = 0;  // one prompt alone on the replica
  double output_tokens_per_s = 0;
  double prefill_tokens_per_s = 0;  // prompt tokens per second the replica prefills alone
  bool memory_bound = true;
  double experts_read_per_layer = 0;
  double pipeline_s = 0;  // of step_s: the stage handoffs between nodes (pipeline parallel only)
  StepParts parts;  // of the full steady-state step (all prompts), which sets output_tokens_per_s
};
// pipeline_parallel > 1: stages on separate nodes (docs/estimation.md "Pipeline parallel serving").
ServingPoint serving_point(const workload::Profile& profile, const Hardware& hardware, int tensor_parallel, int batch,
                           int pipeline_parallel = 1);
// The most concurrent sequences the replica's free KV memory holds: budget is kv_memory_share of
// capacity after weights, activation workspace and runtime overhead; each sequence holds input +
// output tokens (paged KV). 0 when the weights alone do not fit.
int max_serving_batch(const workload::Profile& profile, const Plan& plan, double gpu_capacity_bytes);
// Planned utilisation and queueing (docs/estimation.md "Planned utilisation and queueing").
// Mean wait for a free server in an M/M/c queue (Erlang C) with `servers` servers, Poisson arrivals
// at `arrivals_per_s` and a mean service time `service_s`, scaled by (1 + service_cv2) / 2 (the
// Allen-Cunneen approximation for M/G/c: 0.5 for deterministic service, M/D/c; 1 for exponential).
// Infinity at or above 100% load.
double queue_wait_s(double servers, double arrivals_per_s, double service_s, double service_cv2);
struct ReplicaPlan {
  int replicas = 1;  // load replicas + spares
  int spares = 0;
  double utilization = 0;              // all replicas up
  double utilization_spares_down = 0;  // <= max_utilization
  double queue_s = 0;                  // mean queueing delay with the spares down
};
// The fewest replicas that carry `requests_per_s` at no more than `max_utilization` of
// `replica_capacity_per_s` each, plus `spares`; more when the queueing delay would push the first
// token past `latency_budget_s` (the TTFT target less the unloaded TTFT; infinity = no target).
// `slots_per_replica` requests are served at once (the batch), each for `service_s`.
// service_cv2: squared coefficient of variation of the service time (0 = M/D/c; a request mix's
// output lengths raise it, request_mix_service_cv2).
ReplicaPlan plan_replicas(double requests_per_s, double replica_capacity_per_s, int slots_per_replica,
                          double service_s, double max_utilization, int spares, double latency_budget_s,
                          double service_cv2 = 0.0);
// The request mix's effect on one replica (docs/estimation.md "Request mixes"; one class = the mean).
// Cached tokens a decode step reads per sequence: the prompt plus half the answer, averaged over the
// sequences in flight (a request stays in the batch in proportion to its output tokens).
double decode_context_tokens(const workload::Profile& profile);
// Tokens a slot's KV cache holds on average (input + output, weighted as above).
double kv_tokens_per_slot(const workload::Profile& profile);
// Tokens the longest planned request holds (the p90 request of a mix, else the mean one).
double kv_tokens_longest(const workload::Profile& profile);
// The prompt the TTFT target is checked at: the p90 prompt of a mix, else the mean.
double ttft_prompt_tokens(const workload::Profile& profile);
// Squared coefficient of variation of the output lengths (the service time of a slot); 0 without a mix.
double request_mix_service_cv2(const workload::Profile& profile);
// choose_plan for llm-inference with hardware: the search of docs/estimation.md "Serving".
Memory choose_serving_plan(const workload::Profile& profile, const Hardware& hardware, const std::vector<Plan>& ladder);
// The calibrated serving error band: multipliers on output tokens/s and on TTFT (low, high), and
// whether this GPU architecture, precision and (MoE) batch lie inside the calibration rows.
struct ServingBands {
  Band throughput;  // multipliers on tokens/s
  Band ttft;        // multipliers on TTFT
};
// `memory_bound`: the decode step at this batch is bounded by memory bandwidth (ServingPoint::memory_bound).
ServingBands serving_bands(const workload::Profile& profile, const Hardware& hardware, int batch, bool memory_bound);
// The batches where serving_bands changes width for this profile's family: the calibrated span's
// first batch and the first batch past it (ascending).
std::array<int, 2> serving_band_batch_edges(const workload::Profile& profile);
// The largest batch in [1, upper] that `meets` (0 when none does). Held latency grows with the batch
// where the band keeps one width, but the band narrows where a batch enters the calibrated span
// (serving_band_batch_edges: an MoE replica at batch 63 is extrapolated and widened 1.5x, at batch 64
// it is not), so each piece of one width is bisected on its own, the highest piece first.
template <typename Meets>
int largest_batch_meeting(int upper, const std::array<int, 2>& edges, const Meets& meets) {
  const std::array<int, 3> piece_starts{1, edges[0], edges[1]};
  for (int piece = static_cast<int>(piece_starts.size()) - 1; piece >= 0; --piece) {
    const int low = std::max(1, piece_starts[piece]);
    const int high = piece + 1 < static_cast<int>(piece_starts.size())
                         ? std::min(upper, piece_starts[piece + 1] - 1)
                         : upper;
    if (low > high || !meets(low)) continue;
    int good = low;      // meets
    int bad = high + 1;  // misses, or past the piece
    while (bad - good > 1) {
      const int middle = good + (bad - good) / 2;
      (meets(middle) ? good : bad) = middle;
    }
    return good;
  }
  return 0;
}
// What a latency estimate is multiplied by before it is held to its target: the
// Profile::latency_confidence quantile of the log-normal whose 10th and 90th percentiles are the
// band's ends (TTFT: the TTFT band; TPOT: 1 / the throughput band, the inverse of tokens/s at a
// fixed batch), never below 1. At 0.9 these are the bands' slow ends.
struct LatencyFactors {
  double ttft = 1.0;
  double tpot = 1.0;
};
LatencyFactors latency_factors(const workload::Profile& profile, const Hardware& hardware, int batch,
                               bool memory_bound);
// z with P(Z <= z) = probability for the standard normal (clamped to 1e-12 of 0 and 1).
double normal_quantile(double probability);
// The quantile at z of the log-normal whose 10th and 90th percentiles are low and high (> 0).
double log_normal_quantile(double low, double high, double z);
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

// Node RAM a plan's CPU offload may use: the RAM less the reserve (host_ram_reserve_bytes); 0 when
// the RAM is unknown.
double host_ram_usable_bytes(const Plan& plan, const Hardware& hardware);
// CPU offload within host_ram_usable_bytes (always, when the RAM is unknown) and NVMe offload within
// the local disk (always, when the disk is unknown).
bool fits_host(const Memory& memory, const Hardware& hardware);
// Sets memory.host_ram_usable_bytes, memory.fits_host (fits_host) and memory.fits = fits_gpu && fits_host.
void judge_host(Memory& memory, const Hardware& hardware);

// Data-parallel degree: GPUs / (TP x PP x CP).
int data_parallel_size(const Plan& plan);
int total_gpus(const Plan& plan);
// Instances (nodes) rented: training uses the plan's nodes; serving enough for the replicas needed,
// of which `spare_replicas` are the redundancy (Throughput::spare_replicas).
int instances_needed(const workload::Profile& profile, const Plan& plan, int replicas_needed, int spare_replicas);

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
std::string plan_layout(const Plan& plan, text::Lang lang = text::Lang::en);
// Serving plans: tensor parallel 1, 2, 4, 8 up to gpus_per_node (or the one requested).
std::vector<Plan> serving_ladder(const workload::Profile& profile, int gpus_per_node, int nodes);
// The user fixed the plan (--zero, or --tensor-parallel for serving).
bool plan_requested(const workload::Profile& profile);
bool uses_serving_memory(workload::Kind kind);  // llm-inference, cv-inference, notebook

// cv-train's input pipeline on `hardware` under `plan` (docs/estimation.md "Input pipeline"), given
// the images/s every GPU together consumes when fed; InputPipeline::images_per_s is the job's rate.
InputPipeline input_pipeline(const workload::Profile& profile, const Hardware& hardware, const Plan& plan,
                             double gpu_images_per_s);
// The loader table's source sentence for --data-loader.
text::Msg loader_rate_source(workload::DataLoader loader);

// "ZeRO-2 + optimizer offload", "data parallel", "tensor parallel 2"
std::string plan_name(const workload::Profile& profile, const Plan& plan);

// MFU with where it came from (mfu_basis_text words it).
struct MfuChoice {
  double value = 0;
  MfuSource source;
};
MfuChoice choose_mfu(const workload::Profile& profile, const Hardware& hardware, const Plan& plan);

// Fraction of datasheet bandwidth reached by decode kernels (ESTIMATION.md: 70-85%); notebooks and
// vision only. llm-inference uses the calibrated constants of serving.cpp.
inline constexpr double achievable_bandwidth_share = 0.8;
// Prompt tokens one serving step prefills at most (vLLM V1 max_num_batched_tokens default 8192):
// sizes the activation workspace.
inline constexpr int prefill_chunk_tokens = 8192;
// Share of GPU memory a serving engine may fill (vLLM gpu_memory_utilization default 0.9).
inline constexpr double serving_memory_share = 0.9;
// The share a replica is sized to: the engine default, or less where --min-headroom keeps more free
// (the engine is then run with gpu_memory_utilization = 1 - headroom, so the KV budget and the batch
// shrink instead of the card being ruled out; docs/estimation.md "Serving memory").
inline double serving_memory_share_for(const workload::Profile& profile) {
  return std::min(serving_memory_share, 1.0 - std::clamp(profile.headroom_pct, 0.0, 99.0) / 100.0);
}
// Concurrent sequences per replica at most (vLLM max_num_seqs default 256).
inline constexpr int serving_batch_limit = 256;
// Prefill MFU when not given (assumption: large batched matmuls, docs "Serving").
inline constexpr double prefill_mfu_default = 0.5;
// Serving constants fitted on the serving calibration rows (docs/estimation.md "Serving
// calibration"; tests/test_serving.cpp): least squares of log(measured / estimated) over 26
// TensorRT-LLM max-load figures on H100/H200, Llama 3.1 8B/70B/405B FP8 (and, for the decode share
// below, 6 MLPerf Inference Offline figures: 4 Llama 2 70B, 2 Llama 3.1 8B).
// Share of datasheet memory bandwidth a decode step reaches reading weights and paged KV.
inline constexpr double decode_bandwidth_share = 0.65;
// Share of dense peak reached by the decode matmuls and paged attention of a batch of a dense model
// whose layer holds decode_width_reference_params weights on each GPU (Llama 3.1 70B on two GPUs), in
// a step of decode_tokens_reference tokens. The share grows with the weights of one layer on one GPU
// (the decode GEMMs' N x K: more output tiles to fill the SMs, longer K loops): x (w /
// reference)^decode_width_exponent, and with the tokens of the step (decode and context tokens packed
// into one forward: the GEMMs' M rows): x (M / reference)^decode_tokens_exponent; w and M clamped to
// the calibration rows' spans (not extrapolated), the product at most prefill_compute_share (a decode
// GEMM at prefill's shape runs as prefill). Fitted on the 32 dense calibration rows (docs/estimation.md
// "Decode efficiency by the weights of a layer per GPU", second round): 0.333, 0.54 and 0.15.
inline constexpr double decode_compute_share = 0.333;
inline constexpr double decode_width_exponent = 0.54;
// Parameters / layers / GPUs of the catalog presets (data/models.yaml).
inline constexpr double decode_width_reference_params = 70553706496.0 / 80 / 2;  // Llama 3.1 70B, TP 2
inline constexpr double decode_width_low_params = 8030261248.0 / 32;             // Llama 3.1 8B, TP 1
inline constexpr double decode_width_high_params = 70553706496.0 / 80;           // Llama 3.1 70B, TP 1
inline constexpr double decode_tokens_exponent = 0.15;
inline constexpr double decode_tokens_reference = 1000;
// Tokens a step of the dense calibration rows (batch x (1 + input/output)): Llama 3.1 70B on one H200
// at 128/2048 (batch 174) to Llama 3.1 8B on one H200 at 2048/128 (batch 883).
inline constexpr double decode_tokens_low = 185;
inline constexpr double decode_tokens_high = 15011;
// Mixture-of-experts models keep the constant share moe_step_factor was fitted with (the width
// term is fitted on dense GEMMs; an expert's GEMMs are narrower than its layer).
inline constexpr double moe_decode_compute_share = 0.30;
// The decode share of a replica of `tensor_parallel` GPUs of `architecture` in a step of
// `step_tokens` tokens, decode and prefill (see decode_compute_share). The width and tokens terms are
// fitted on Hopper (132 SMs) and Blackwell's B200 (148, whose NVFP4 rows fp4_step_factor is fitted on
// with it): other architectures, whose GPUs hold other SM counts, keep the reference share
// (extrapolated either way, their bands say so).
double decode_compute_share_for(const workload::Shape& shape, int tensor_parallel, std::string_view architecture,
                                double step_tokens);
// Share of dense peak reached by prefill (prompt) matmuls and attention.
inline constexpr double prefill_compute_share = 0.50;
// A GPU whose tensor peak is capped far below what its memory feeds: fewer dense FLOPs per byte of
// datasheet bandwidth than this at the serving precision (H20: 148 TFLOPS bf16 on 4.0 TB/s, 37, and
// 74 at FP8; the calibration GPUs 206-295 at bf16, 412-590 at FP8). Its decode binds on the tensor
// units at a few dozen tokens a step, where the decode share fitted on uncapped GPUs (whose decode is
// memory-bound there, so the share was never seen binding) does not apply: its decode matmuls run as
// prefill's do, prefill_compute_share at every batch (assumption; no H20 serving figure is in either
// table). Expert review 12, C08: Qwen2.5-32B at batch 32 on one H20 was 109 ms a token, 3x an H100.
inline constexpr double compute_capped_flops_per_byte = 100;
// Host, scheduler and launch time per step that does not overlap the GPU.
inline constexpr double step_overhead_s = 3e-3;
// Mixture-of-experts steps take this much longer than the dense roofline above: grouped expert
// GEMMs of a few tokens each, routing, expert-parallel all-to-all and load imbalance. Fitted as the
// geometric mean of 10 MoE rows (Qwen3-235B-A22B, Llama 4 Maverick on H100/H200, FP8): 1 / 0.64.
inline constexpr double moe_step_factor = 1.0 / 0.64;
// The same where a replica holds every expert on one GPU (tensor parallel 1: no expert-parallel
// all-to-all, no straggler rank) and the step is bound by its memory reads: the grouped GEMMs and
// routing only. Fitted on the eight memory-bound rows of TensorRT-LLM v1.0's Qwen3-30B-A3B B200 TP1
// column (NVFP4, at trtllm-bench's batch; docs/estimation.md "MoE on one GPU"), whose measured /
// estimated ratios at moe_step_factor were 1.37, 1.72, 1.27, 1.12, 1.31, 1.56, 0.89 and 1.70:
// geometric mean 1.34, so 1 / (0.64 x 1.34). Compute-bound steps on one GPU keep moe_step_factor (the
// same column's two such rows are 2.2x too fast even so: the serving model has no expert-width term).
// Refitted when fp4_step_factor was (the rows are NVFP4; their geometric mean became 1.051): 1.34 x 1.051.
inline constexpr double moe_step_factor_one_gpu = moe_step_factor / (1.34 * 1.051);
// FP4 (NVFP4) serving steps take this much longer than the roofline above at the FP4 tensor peak and
// 4.5-bit weights: the shares above were fitted on Hopper FP8, and NVFP4 linear layers add the
// on-the-fly quantisation of each input to FP4 and block-scale handling while attention (FP8 KV),
// norms and activations do not speed up with FP4. Fitted as the geometric mean of the five TensorRT-LLM
// v1.0 Llama 3.3 70B NVFP4 rows on one B200 (docs/estimation.md "Serving calibration"): 1 / 0.68
// at the constant decode share, refitted with the share by layer width (their geometric mean at
// 1 / 0.68 was then 0.950): 1 / (0.68 x 0.950).
inline constexpr double fp4_step_factor = 1.0 / (0.68 * 0.950);
// Monthly interruption rate when the offering has none (AWS advisor band boundary 10%).
inline constexpr double spot_interruption_pct_default = 10.0;

// ---- Latent diffusion (src/estimate/diffusion.cpp, docs/estimation.md "Image generation") ----
// Tokens one image puts in the denoiser's sequence at the profile's resolution: (side / VAE factor /
// patch)^2 image tokens plus the text tokens (DiT); the latent cells (UNet).
double diffusion_image_tokens(const workload::Profile& profile);
// FLOPs of one denoiser pass over one sample at the profile's resolution.
double denoiser_pass_flops(const workload::Profile& profile);
// Serving: FLOPs of one image (steps x passes per step x the pass, text encoders, VAE decode).
double diffusion_image_flops(const workload::Profile& profile);
// Training: FLOPs of one image's step (forward + backward, + a forward when recomputing).
double diffusion_training_flops_per_image(const workload::Profile& profile, workload::Recompute recompute);
// Trainable LoRA parameters of the denoiser at the profile's rank.
double diffusion_lora_params(const workload::Profile& profile);
// Per-GPU memory of diffusion fine-tuning (data parallel) and of one serving replica.
void diffusion_training_memory(const workload::Profile& profile, const Plan& plan, MemoryPerGpu& gpu);
void diffusion_serving_memory(const workload::Profile& profile, int batch, MemoryPerGpu& gpu);
// Images/s of a replica denoising `batch` images at once over its images/s at batch 1 (UNet: fitted on
// the diffusers SD 1.5 batch table, src/estimate/diffusion.cpp; DiT: 1, assumption), and the share of
// images/s within which batches are not told apart (the automatic batch takes the smallest). With
// `batch_one_mfu` (the replica's share of peak at batch 1) the batched share stays within
// diffusion_batched_mfu_ceiling: the gain fitted on an A100 stacked on a high batch-1 share ran SDXL
// at 512 px at 96% of an L4's peak (expert review 18).
double diffusion_batch_gain(const workload::Profile& profile, int batch, double batch_one_mfu = 0);
double diffusion_batch_tolerance();
// Share of the dense tensor peak a diffusion pipeline achieves, against the FLOPs counted above
// (docs/estimation.md "Image generation"), and the calibration bands (measured / predicted time).
// Serving, batch 1, by GPU architecture (src/estimate/diffusion.cpp cites each row's figures; an
// H100 reaches a smaller share of its peak than an A100 on these passes): `calibrated` false where
// no published latency was fitted, with the widest band widened.
struct DiffusionServingFit {
  std::string_view architecture;
  double mfu = 0;
  double band_low = 0;
  double band_high = 0;
  bool calibrated = false;
  double reference_tflops = 0;  // dense 16-bit peak of the GPU the share was fitted on (the fill law's anchor)
  // A UNet's share where the architecture's rows fix it apart from the DiTs' (Ada: an SDXL row and a
  // FLUX.1 row at the same resolution differ by 1.31); 0 = mfu for both.
  double unet_mfu = 0;
};
DiffusionServingFit diffusion_serving_fit(std::string_view architecture);
// The fit on `gpu` for the profile's denoiser: the architecture's, with the band of an anchored row
// where the GPU's own published run fixes the share for that denoiser at the native resolution (an
// L20 for a DiT, an RTX 4090 for a UNet): there the band is the spread of repeated published runs of
// one pipeline on one GPU, 0.90-1.10, not the spread across GPUs (docs/estimation.md "Image generation").
DiffusionServingFit diffusion_serving_fit(const workload::Profile& profile, const catalog::Gpu& gpu);
// A fitted share at a GPU of `peak_tflops` (the precision's dense peak): the fill law, share x
// (reference / peak)^0.294 above the fit's reference peak; below it the same law where `rises_below`
// (a card that holds its clocks: diffusion_fill_rises), else the share itself.
double diffusion_fill_share(double share, double reference_tflops, double peak_tflops, bool rises_below = false);
// True for a card of at least 250 W (its TDP): below a fit's reference peak it fills better (an RTX
// 3090, 4090, L20); power-capped cards (T4, L4, A10) keep the fitted share.
bool diffusion_fill_rises(double tdp_watts);
// Serving at batch 1 and the native resolution on a GPU of the architecture, peak and TDP (watts): its
// fit (the UNet's share where the fit has one: `unet`) through the fill law.
double diffusion_serving_mfu(std::string_view architecture, double peak_tflops, double tdp_watts, bool unet = false);
// The batch-1 share at the profile's resolution over the native one's (docs/estimation.md "Image
// generation", resolution): a UNet by the batching law t(1) ~ 1 + k·n^-1.5 at n latent positions (an
// image at 512 px fills an SDXL pass half as well as at 1024 px); a DiT (tokens/native tokens)^0.318
// below the native resolution, 1 above it.
double diffusion_resolution_fill(const workload::Profile& profile);
// diffusion_serving_mfu for the profile's denoiser at its resolution (what a replica's batch 1 runs at).
double diffusion_serving_mfu(const workload::Profile& profile, std::string_view architecture, double peak_tflops,
                             double tdp_watts);
// Fine-tuning a DiT with frozen weights (LoRA, QLoRA): the geometric mean of three published FLUX.1-dev
// runs on an RTX 4090 (implied 0.47, 0.39, 0.28 over hardware FLOPs, recompute included;
// tests/test_diffusion.cpp cites each); the band spans their measured / predicted time (0.79-1.33).
inline constexpr double diffusion_adapter_training_mfu = 0.37;
// The calibration rows' GPU (RTX 4090, dense 16-bit) and the share at another peak (the fill law).
inline constexpr double diffusion_adapter_reference_tflops = 165.2;
double diffusion_adapter_mfu(double peak_tflops, double tdp_watts);
inline constexpr double diffusion_adapter_band_low = 0.75;
inline constexpr double diffusion_adapter_band_high = 1.35;
// Every other diffusion fine-tuning (UNet, full fine-tuning), by GPU: the GPU's serving share
// (diffusion_serving_mfu: the same passes at batch 1 fill a large GPU no better) times a training /
// serving ratio. A DiT's full fine-tuning: 0.546, a weak fit: a FLUX.1-dev full fine-tune on 32 H100
// (SimpleTuner, implied 0.161 over Hopper's 0.285: 0.564), averaged with an SDXL row under an assumed
// checkpointed plan before the UNet got its own ratio (kept: the H100 row lands at 0.97). Before, one
// share (0.18) for every architecture ran Hopper faster than its measured row (expert review 11).
inline constexpr double diffusion_training_serving_ratio = 0.546;
// A UNet (SDXL), LoRA or full: the geometric mean of two published SDXL LoRA runs' training / serving
// ratios at 1024 px, batch 1, as the planner runs them on a 24 GB card (no gradient checkpointing):
// an RTX 4090 at 1.08 it/s (bmaltais/kohya_ss issue 1288: implied 0.0785 over its UNet serving share
// 0.470: 0.167; 0.148 over the 0.530 Ada's one share for both denoisers gave it before the review of
// issue 32) and an RTX 3090 at 1.2 s/it (kohya_ss issue 1730: 0.141 over 0.618: 0.228). Full UNet
// fine-tuning takes it too (assumption: no published SDXL full fine-tuning step time was found).
// Before, the FLUX.1 full fine-tune's 0.546 ran SDXL LoRA 2-3x faster than published (expert review).
inline constexpr double diffusion_unet_training_serving_ratio = 0.195;
// `unet`: the denoiser is a UNet (diffusion_unet_training_serving_ratio), else a DiT (full fine-tuning).
double diffusion_training_mfu(std::string_view architecture, double peak_tflops, double tdp_watts, bool unet);
// True where diffusion_adapter_training_mfu applies (a DiT preset, LoRA or QLoRA).
bool diffusion_training_calibrated(const workload::Profile& profile);

}  // namespace gpuselect::estimate::model
