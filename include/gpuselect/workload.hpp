#pragma once
// The workload profile shared by recommend, estimate and compare: what the job is, resolved from
// flags with every default filled in and recorded.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/catalog.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/workload_kinds.hpp"

namespace gpuselect::workload {

// dreambooth (image-finetune only): --method's name for DreamBooth as diffusers' train_dreambooth.py and
// kohya-ss run it, every weight of the denoiser trained with prior preservation; resolve stores it as
// Method::full with Profile::prior_preservation, so a Profile's method is never dreambooth.
enum class Method : std::uint8_t { full, lora, qlora, dreambooth };
// fp4: NVFP4/MXFP4 weights and activations on FP4 tensor cores (serving only).
enum class Precision : std::uint8_t { fp32, bf16, fp16, fp8, int8, int4, fp4 };
// adamw_bf16: pure bf16 AdamW, no fp32 master copy (2 B weights + 2 B per moment).
enum class Optimizer : std::uint8_t { adamw, sgd, adam_8bit, adamw_bf16 };
enum class Recompute : std::uint8_t { none, selective, full };
enum class Attention : std::uint8_t { flash, eager };
// cv-train's input pipeline: cpu = PyTorch DataLoader workers decode and augment; gpu = decoding and
// augmentation on the GPU (NVIDIA DALI), which needs the stack's gpu-data-loading support.
enum class DataLoader : std::uint8_t { cpu, gpu };
// image-finetune: on = latents and text embeddings encoded once before training (kohya-ss
// --cache_latents and --cache_text_encoder_outputs, diffusers' precomputed embeddings); off = the VAE
// encoder and the text encoders stay resident and encode every image of every step.
enum class CacheLatents : std::uint8_t { on, off };
// Training framework family (docs/estimation.md "Framework"): Megatron-Core/NeMo with Transformer
// Engine; PyTorch FSDP (torchtitan, llm-foundry, NeMo AutoModel); DeepSpeed; Hugging Face Trainer/PEFT.
enum class Framework : std::uint8_t { megatron, fsdp, deepspeed, hf };
enum class Zero : std::uint8_t { automatic, stage0, stage1, stage2, stage3 };
// optimizer, all: to host RAM (ZeRO-Offload / ZeRO-Infinity CPU); nvme: every model state to the node's
// local NVMe (ZeRO-Infinity), planned only when asked.
enum class Offload : std::uint8_t { none, optimizer, all, nvme };
// A job's tier (docs/scoring.md "Service tiers"). Serving in production excludes consumer and
// workstation cards, marketplace hosts, shared vGPUs, low-stock SKUs, providers without an uptime SLA
// and spot, and plans N+1 replicas; training in production excludes consumer cards and marketplace
// hosts unless named; development ranks them all.
enum class Tier : std::uint8_t { production, development };

// The model-parallel layouts a training framework runs for a method (docs/estimation.md "Layouts
// each framework runs"): the LLM plan search tries only these, and resolve refuses a flag that fixes
// one the framework does not run.
struct LayoutSupport {
  bool tensor_parallel = true;
  bool pipeline_parallel = true;
  bool expert_parallel = true;
};
LayoutSupport layout_support(Framework framework, Method method);

std::string_view to_string(Kind value);  // "llm-finetune"
std::string_view to_string(Method value);
std::string_view to_string(Precision value);
std::string_view to_string(Optimizer value);  // "adam-8bit"
std::string_view to_string(Recompute value);
std::string_view to_string(Attention value);
std::string_view to_string(DataLoader value);
std::string_view to_string(CacheLatents value);
std::string_view to_string(Framework value);
std::string_view to_string(Zero value);  // "auto", "0".."3"
std::string_view to_string(Offload value);
std::string_view to_string(Tier value);
std::optional<Kind> parse_kind(std::string_view text);
std::optional<Method> parse_method(std::string_view text);
std::optional<Precision> parse_precision(std::string_view text);
std::optional<Optimizer> parse_optimizer(std::string_view text);
std::optional<Recompute> parse_recompute(std::string_view text);
std::optional<Attention> parse_attention(std::string_view text);
std::optional<DataLoader> parse_data_loader(std::string_view text);
std::optional<CacheLatents> parse_cache_latents(std::string_view text);
std::optional<Framework> parse_framework(std::string_view text);
std::optional<Zero> parse_zero(std::string_view text);  // "auto", "0".."3"
std::optional<Offload> parse_offload(std::string_view text);
std::optional<Tier> parse_tier(std::string_view text);
// The names each enum accepts, in declaration order (for --help, completion and errors).
std::vector<std::string> kind_names();
std::vector<std::string> method_names();
std::vector<std::string> precision_names();
std::vector<std::string> optimizer_names();
std::vector<std::string> recompute_names();
std::vector<std::string> attention_names();
std::vector<std::string> data_loader_names();
std::vector<std::string> cache_latents_names();
std::vector<std::string> framework_names();
std::vector<std::string> zero_names();
std::vector<std::string> offload_names();
std::vector<std::string> tier_names();

// Transformer (or CNN) shape, resolved: every field of catalog::ModelShape is filled (active_params
// == params for dense models, kv_heads, ffn and vocab set). For CNN/ViT presets only params matter to
// the memory model.
struct Shape : catalog::ModelShape {
  double forward_flops_per_sample = 0;  // vision models: one 224x224 image; 0 for token models
  bool derived = false;                 // filled from params by the documented aspect-ratio rule, not given
};

// What the user asked for; every field optional so defaults can be told apart and recorded.
// Field names follow the flags (--seq-len -> seq_len).
struct Request {
  std::optional<Kind> kind;
  std::optional<std::string> params_text;  // "7e9", "7B" as typed (parsed by resolve)
  std::optional<std::string> model;        // preset id or alias
  std::optional<int> layers, hidden, heads, kv_heads, ffn, vocab;
  std::optional<Method> method;
  std::optional<int> lora_rank;
  std::optional<std::vector<std::string>> lora_targets;
  std::optional<Precision> precision;
  std::optional<Optimizer> optimizer;
  std::optional<int> seq_len, micro_batch;
  std::optional<Recompute> recompute;
  std::optional<Attention> attention;
  std::optional<DataLoader> data_loader;
  std::optional<CacheLatents> cache_latents;
  std::optional<Framework> framework;
  std::optional<std::string> tokens_text;  // "2T", "1e9"
  std::optional<Zero> zero;
  std::optional<Offload> offload;
  std::optional<double> mfu;
  std::optional<double> checkpoint_minutes;
  std::optional<int> context, batch;
  std::optional<double> requests_per_s;
  std::optional<int> input_tokens, output_tokens;
  std::optional<int> input_tokens_p90, output_tokens_p90;  // request-length distribution (mean above)
  std::optional<int> tensor_parallel;
  std::optional<int> pipeline_parallel, context_parallel;  // training plan constraints
  std::optional<int> expert_parallel;                      // training: GPUs the routed experts are spread over
  std::optional<int> quant_bits;                           // QLoRA base weight bits: 2, 4, 8
  std::optional<std::string> global_batch_text;            // --global-batch tokens, "4M"
  std::optional<double> egress_gb;
  std::optional<double> dataset_gb;  // --dataset-gb: training data staged onto the machines
  std::optional<double> hours;  // serving/notebook duration to price (hours of use)
  // Serving latency targets (p50), milliseconds.
  std::optional<double> ttft_ms, tpot_ms;
  std::optional<Tier> serving_tier;
  std::optional<Tier> training_tier;
  std::optional<double> max_utilization;  // share of a replica's capacity, 0-1
  std::optional<int> redundancy;          // spare replicas
  // MoE of a custom model: "13B" as typed, routed experts per layer, experts per token.
  std::optional<std::string> active_params_text;
  std::optional<int> experts, experts_per_token;
  // Diffusion kinds (image-finetune, image-inference): image side in pixels, sampling steps, the
  // fine-tuning set's images and passes over it, or the optimizer steps instead (train_steps), and the
  // per-image latency target (ms).
  std::optional<int> resolution, steps, images, epochs, train_steps;
  std::optional<double> latency_ms;
};

// Plan choices the user fixed: the planner searches only within them (issue 12.2). Empty = searched.
struct PlanConstraints {
  std::optional<int> zero_stage;  // 0..3
  std::optional<Offload> offload;
  std::optional<int> tensor_parallel, pipeline_parallel, context_parallel, expert_parallel;
  std::optional<Recompute> recompute;
  std::optional<int> micro_batch;
  bool any() const {
    return zero_stage || offload || tensor_parallel || pipeline_parallel || context_parallel || expert_parallel ||
           recompute || micro_batch;
  }
};

// Serving latency targets when none is given: MLPerf Inference's Llama 2 70B server scenario
// limits (TTFT 2 s, TPOT 200 ms; mlcommons.org inference datacenter rules, v4.0).
inline constexpr double default_ttft_target_ms = 2000;
inline constexpr double default_tpot_target_ms = 200;
// Production image serving's per-image latency ceiling when --latency-ms is not given, ms, at the
// band's slow end with the queue: a synchronous API behind a gateway must answer before the gateway's
// timeout, about 30 s (AWS API Gateway's REST integration timeout defaults to 29 s); judgement
// (expert review 11: a 51.7 s/image L20 fleet was the #1 production API for FLUX.1-dev in China).
inline constexpr double default_production_image_latency_ms = 30000;
// Serving replicas are planned to carry at most this share of their modelled capacity
// (--max-utilization): headroom for bursts above the mean rate and for the model's error band
// (serving throughput band 0.85-1.15, docs/estimation.md); queueing delay grows steeply above it
// (docs/estimation.md "Planned utilisation and queueing"). Assumption, a common SRE planning ceiling.
inline constexpr double default_max_utilization = 0.8;
// Spare replicas production serving adds (N+1: one replica or its GPU can fail or be drained for an
// upgrade and the rest still carry the load at the planned utilisation).
inline constexpr int default_production_redundancy = 1;
// LoRA adapts the attention matrices by default (Hu et al. 2021; Hugging Face Llama module names).
inline constexpr std::array<std::string_view, 4> default_lora_targets{"q_proj", "k_proj", "v_proj", "o_proj"};

// Fine-tuning sequence length when none is given, tokens: a common fine-tuning length (assumption);
// Profile's initialiser and the --seq-len row's default for llm-finetune.
inline constexpr int default_finetune_seq_len = 2048;

// GPU memory kept free by default, percent of capacity (docs/estimation.md "Headroom"): allocator
// fragmentation, NCCL buffers and transient peaks; --min-headroom overrides it.
inline constexpr double default_headroom_pct = 10.0;

// Profile::latency_confidence's default: the deadlines' (estimate::default_confidence, checked in
// src/estimate/serving.cpp).
inline constexpr double default_latency_confidence = 0.8;

// The resolved job. Everything the estimator reads is here with its default applied. A default that is
// the same for every workload is this struct's initialiser, which resolve keeps when the flag is not
// given (written once); a default that depends on the workload or on other fields is the `fill` of the
// flag's row in the workload-flag table (include/gpuselect/workload_flags.hpp).
struct Profile {
  Kind kind = Kind::llm_finetune;
  std::string model_id;    // preset id, or "custom"
  std::string model_name;  // for people
  catalog::ModelFamily family = catalog::ModelFamily::decoder;
  Shape shape;
  int model_max_context = 0;  // tokens the preset's model was trained for; 0 when not stated (custom)
  // The format the preset's released weights are stored in (bf16 for custom models).
  catalog::WeightsPrecision model_weights_precision = catalog::WeightsPrecision::bf16;
  Method method = Method::full;
  int lora_rank = 16;
  std::vector<std::string> lora_targets;  // "q_proj", "k_proj", ...
  Precision precision = Precision::bf16;
  Optimizer optimizer = Optimizer::adamw;
  int seq_len = default_finetune_seq_len;
  int micro_batch = 1;
  Recompute recompute = Recompute::selective;
  Attention attention = Attention::flash;
  DataLoader data_loader = DataLoader::cpu;  // cv-train: --data-loader
  CacheLatents cache_latents = CacheLatents::on;  // image-finetune: --cache-latents
  // image-finetune --method dreambooth (docs/estimation.md "Image generation"): each step trains its
  // instance images and as many class images (diffusers' train_dreambooth.py concatenates them into one
  // batch), so a step's activations and the images trained are twice the instance images'.
  bool prior_preservation = false;
  Framework framework = Framework::fsdp;  // training: the --framework row's fill sets it per workload
  double tokens = 0;  // training tokens (D)
  Zero zero = Zero::automatic;
  Offload offload = Offload::none;
  std::optional<double> mfu;  // override
  double checkpoint_minutes = 30;
  PlanConstraints fixed;              // training plan flags given (zero, offload, TP, PP, CP, ...)
  int quant_bits = 4;                 // QLoRA base weight bits (NF4 = 4)
  double global_batch_tokens = 0;     // training: tokens per optimizer step (sets micro-batch count)
  // GPU memory kept free when judging fit, percent (clamped to 0-99). Not a workload flag: the
  // ranking's and the estimate's options carry --min-headroom (scoring::Constraints::min_headroom_pct,
  // estimate::JobRequest::headroom_pct), and scoring::rank and estimate::estimate_job set it on their
  // own copy of the profile.
  double headroom_pct = default_headroom_pct;
  // Serving
  int context = 4096;
  int batch = 1;             // concurrent sequences per replica (llm-inference: fixed only if batch_given)
  bool batch_given = false;  // --batch: llm-inference evaluates that batch instead of searching
  double requests_per_s = 0;
  // p50 latency targets that pick the batch and tensor parallel of llm-inference (docs "Serving").
  double ttft_target_ms = 0;
  double tpot_target_ms = 0;
  // A chat turn (assumption, docs/estimation.md "Defaults"): llm-inference's request when
  // --input-tokens/--output-tokens are not given; the rows' fill clears them for other workloads.
  int input_tokens = 512;
  int output_tokens = 256;
  // The request mix (docs/estimation.md "Request mixes"): 90th percentile lengths, tokens; 0 = every
  // request at the mean (input_tokens/output_tokens are then the lengths, else the means).
  int input_tokens_p90 = 0;
  int output_tokens_p90 = 0;
  std::optional<int> tensor_parallel;
  Tier serving_tier = Tier::production;   // serving only
  Tier training_tier = Tier::production;  // training only (pretrain, fine-tune, cv-train)
  double max_utilization = default_max_utilization;    // serving only: planned load per replica, share of capacity
  // llm-inference: the TTFT and TPOT targets are met at this confidence, a quantile (0-1) of the
  // log-normal through each latency's 10th-90th band (docs/estimation.md "Serving at a confidence"),
  // not at the estimate. Default: estimate::default_confidence (static_assert in src/estimate/serving.cpp);
  // recommend sets --confidence, and --risk-averse at least 0.9: the bands' tops.
  double latency_confidence = default_latency_confidence;
  int redundancy = 0;                                  // serving only: spare replicas beyond the load's
  // Cost
  double egress_gb = 0;
  // Training data staged onto the machines before the run, GB; 0 = the workload's default
  // (estimate's dataset_bytes: 2 B per token, ImageNet-1k for cv-train).
  double dataset_gb = 0;
  double hours = 0;  // hours of use priced for serving and notebooks
  // --hours was given: a service runs that long and no longer (a term past it is paid whole); without
  // it the hours are a pricing window of a service that runs on (estimate::price).
  bool hours_given = false;
  // Diffusion kinds (docs/estimation.md "Image generation"): the preset's pipeline beside its denoiser,
  // the image side (px), sampling steps per image (serving), the fine-tuning set (images) and its
  // epochs (0 when --train-steps is given), the optimizer steps (--train-steps; 0 = images x epochs
  // decide), and serving's per-image latency target (ms, 0 = none).
  catalog::DiffusionLayout diffusion;
  int resolution_px = 0;
  int steps = 0;
  int images = 0;
  int epochs = 0;
  int train_steps = 0;
  // images and epochs are the workload's defaults, not --images/--epochs (the job summary says which).
  bool images_defaulted = false;
  bool epochs_defaulted = false;
  double latency_target_ms = 0;
  // Each default that was applied ("tokens: 1e9 (default for llm-finetune)"), in English
  // (defaults_applied: JSON, tests) and as words to say in a document's language (defaults_said), the
  // same sentences in the same order: add them with state().
  std::vector<std::string> defaults_applied;
  std::vector<text::Words> defaults_said;
  void state(text::Words sentence) {
    defaults_applied.push_back(sentence.say(text::Lang::en));
    defaults_said.push_back(std::move(sentence));
  }
};

// The method as the user named it: "dreambooth" for a full fine-tune with prior preservation.
std::string_view method_label(const Profile& profile);

// The request mix as classes of requests (docs/estimation.md "Request mixes"). Without p90 lengths:
// one class, every request at the mean lengths. With them: the longest 10% ("long") at the p90
// lengths and the other 90% ("short") at the lengths that keep the means ((mean - 0.1 p90) / 0.9).
// A dimension without its p90 keeps its mean in both classes; the longest prompts are taken to come
// with the longest answers (assumption; it also puts the largest KV caches in the same requests).
struct RequestClass {
  std::string_view name;  // "all", "short", "long"
  double share = 1;       // of the requests
  double input_tokens = 0;
  double output_tokens = 0;
};
inline constexpr double long_request_share = 0.1;  // the requests at or above the 90th percentile
std::vector<RequestClass> request_classes(const Profile& profile);
bool has_request_mix(const Profile& profile);

// Fills defaults (docs/estimation.md "Defaults"), looks up --model in the catalog's presets, derives
// a shape from --params when none is given. Throws Error(where = the flag) for bad values: params
// <= 0, NaN, above 1e14, unknown model (with "did you mean"), flags that do not fit the workload.
Profile resolve(const Request& request, const catalog::Catalog& catalog);

// Image kinds: true when an image side of `resolution_px` puts its pixel count outside half to twice
// that of the model's native side (SDXL at 512 or 2048 px; docs/estimation.md "Image generation"):
// outside what the model was trained for and the resolutions its speed was calibrated at
// (N-RESOLUTION). False when either side is unknown (0).
bool resolution_off_native(int resolution_px, int native_resolution_px);

}  // namespace gpuselect::workload
