// The performance model against published training runs (docs/estimation.md "Calibration"): each
// row's published time or throughput over the model's prediction must lie in the stated band.
// Rows give the run's own layout where the source states it, else the stated assumption.
#include <algorithm>
#include <cstdio>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpuselect/catalog.hpp"
#include "estimate/model.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/estimate.hpp"
#include "gpuselect/workload.hpp"

using namespace gpuselect;
using workload::Recompute;

namespace {

struct Shape {
  double params;
  int layers, hidden, heads, kv_heads, ffn, vocab;
  double active_params;  // 0 = dense
  int experts = 0;            // routed experts per MoE layer
  int experts_per_token = 0;  // top-k
  int dense_layers = 0;       // leading layers with a dense FFN
  int head_dim = 0;           // 0 = hidden / heads
  int kv_lora_rank = 0;       // MLA latent (DeepSeek)
  int qk_rope_head_dim = 0;   // MLA decoupled RoPE dims
};

enum class Measure { gpu_hours, tokens_per_gpu_s };

struct Row {
  const char* name;
  const char* source;
  Shape shape;
  int seq_len;
  double global_batch_tokens;
  workload::Precision precision;
  const char* gpu;
  double nic_gbps_per_gpu;
  int nodes;  // of 8 GPUs
  int tp, pp, zero;
  Recompute recompute;
  int micro_batch;
  Measure measure;
  double tokens;     // gpu_hours rows: training tokens
  double published;  // GPU-hours, or tokens per second per GPU
  // Allowed published/predicted time for this row: 0.8-1.3 unless the row says otherwise.
  double allowed_low = 0.8;
  double allowed_high = 1.3;
  int ep = 1;  // expert parallel degree (within data parallel)
};

constexpr auto bf16 = workload::Precision::bf16;
constexpr auto fp8 = workload::Precision::fp8;
constexpr auto hours = Measure::gpu_hours;
constexpr auto rate = Measure::tokens_per_gpu_s;

// Shapes: model cards / papers (docs/estimation.md "Calibration" cites each).
constexpr Shape llama2_7b{6.74e9, 32, 4096, 32, 32, 11008, 32000, 0};
constexpr Shape llama2_13b{13.0e9, 40, 5120, 40, 40, 13824, 32000, 0};
constexpr Shape llama2_70b{69.0e9, 80, 8192, 64, 8, 28672, 32000, 0};
constexpr Shape llama1_65b{65.2e9, 80, 8192, 64, 64, 22016, 32000, 0};
constexpr Shape llama1_33b{32.5e9, 60, 6656, 52, 52, 17920, 32000, 0};
constexpr Shape llama31_8b{8.03e9, 32, 4096, 32, 8, 14336, 128256, 0};
constexpr Shape llama31_70b{70.6e9, 80, 8192, 64, 8, 28672, 128256, 0};
constexpr Shape llama31_405b{405.9e9, 126, 16384, 128, 8, 53248, 128256, 0};
constexpr Shape bloom_176b{176.2e9, 70, 14336, 112, 112, 57344, 250880, 0};
constexpr Shape gpt3_175b{175e9, 96, 12288, 96, 96, 49152, 51200, 0};
constexpr Shape deepseek_v3{671e9, 61, 7168, 128, 128, 18432, 129280, 37e9, 256, 8, 3, 128, 512, 64};
constexpr Shape deepseek_v2{236e9, 60, 5120, 128, 128, 12288, 102400, 21e9, 160, 6, 1, 128, 512, 64};
constexpr Shape mpt_1b{1.32e9, 24, 2048, 16, 16, 8192, 50368, 0};
constexpr Shape mpt_3b{2.65e9, 32, 2560, 20, 20, 10240, 50368, 0};
constexpr Shape mpt_7b{6.66e9, 32, 4096, 32, 32, 16384, 50368, 0};
constexpr Shape mpt_13b{12.85e9, 40, 5120, 40, 40, 20480, 50368, 0};
constexpr Shape mpt_30b{29.98e9, 48, 7168, 64, 64, 28672, 50368, 0};
constexpr Shape mpt_70b{64.86e9, 80, 8192, 64, 64, 32768, 50368, 0};

const std::vector<Row>& rows() {
  static const std::vector<Row> table{
      // GPU-hours of whole runs (restarts, evaluation and stragglers included).
      {"Llama 2 7B, 2T tokens, A100", "Llama 2 model card: 184,320 GPU-hours", llama2_7b, 4096, 4.2e6, bf16,
       "a100-sxm4-80gb", 200, 64, 1, 1, 1, Recompute::none, 1, hours, 2e12, 184'320},
      {"Llama 2 13B, 2T tokens, A100", "Llama 2 model card: 368,640 GPU-hours", llama2_13b, 4096, 4.2e6, bf16,
       "a100-sxm4-80gb", 200, 128, 1, 1, 1, Recompute::selective, 1, hours, 2e12, 368'640},
      {"Llama 2 70B, 2T tokens, A100", "Llama 2 model card: 1,720,320 GPU-hours", llama2_70b, 4096, 4.2e6, bf16,
       "a100-sxm4-80gb", 200, 256, 8, 4, 1, Recompute::selective, 1, hours, 2e12, 1'720'320},
      {"LLaMA 33B, 1.4T tokens, A100", "Touvron et al. 2023a, Table 15: 530,432 GPU-hours", llama1_33b, 2048, 4.2e6,
       bf16, "a100-sxm4-80gb", 200, 128, 4, 1, 1, Recompute::selective, 1, hours, 1.4e12, 530'432},
      {"LLaMA 65B, 1.4T tokens, 2048 A100", "Touvron et al. 2023a, Table 15: 1,022,362 GPU-hours", llama1_65b, 2048,
       4.2e6, bf16, "a100-sxm4-80gb", 200, 256, 8, 2, 1, Recompute::selective, 1, hours, 1.4e12, 1'022'362},
      {"BLOOM 176B, 366B tokens, 384 A100", "BigScience 2022 (arXiv 2211.05100): 1,082,990 GPU-hours", bloom_176b,
       2048, 4.2e6, bf16, "a100-sxm4-80gb", 200, 48, 4, 12, 1, Recompute::full, 2, hours, 366e9, 1'082'990},
      {"Llama 3.1 8B, 15T tokens, H100", "Llama 3.1 model card: 1.46M GPU-hours", llama31_8b, 8192, 16.8e6, bf16,
       // TP 2: the 16.8M-token batch holds 2,048 sequences of 8K, too few for 4,096 data-parallel
       // ranks (TP 1 would double the batch).
       "h100-sxm5-80gb", 400, 512, 2, 1, 1, Recompute::none, 1, hours, 15e12, 1'460'000,
       // The known outlier: the card's total is 2.3x what the 8B's steps need at the 70B's and
       // 405B's efficiency (docs/estimation.md "Calibration"); pinned so that a change shows.
       2.2, 2.7},
      {"Llama 3.1 70B, 15T tokens, H100", "Llama 3.1 model card: 7.0M GPU-hours", llama31_70b, 8192, 16.8e6, bf16,
       "h100-sxm5-80gb", 400, 1024, 8, 4, 1, Recompute::selective, 1, hours, 15e12, 7'000'000},
      {"Llama 3.1 405B, 15.6T tokens, 16k H100", "Llama 3.1 model card: 30.84M GPU-hours; arXiv 2407.21783 Table 4",
       llama31_405b, 8192, 16.8e6, bf16, "h100-sxm5-80gb", 400, 2048, 8, 16, 1, Recompute::selective, 1, hours,
       15.6e12, 30'840'000},
      {"DeepSeek-V3 FP8, 14.8T tokens, 2048 H800", "arXiv 2412.19437 Table 1: 2,664K GPU-hours pre-training",
       deepseek_v3, 4096, 62.9e6, fp8, "h800", 400, 256, 1, 16, 1, Recompute::selective, 1, hours, 14.8e12,
       2'664'000, 0.8, 1.3, 64},
      {"DeepSeek-V2, 8.1T tokens, H800", "arXiv 2405.04434 section 3.1.4: 172.8K GPU-hours per trillion tokens",
       deepseek_v2, 4096, 37.7e6, bf16, "h800", 400, 128, 1, 16, 1, Recompute::selective, 1, hours, 8.1e12,
       // DeepSeek's own figures put V2 at 172.8K GPU-hours per trillion tokens and V3 at 180K for
       // 1.8x the active parameters: V3's FP8 and DualPipe all-to-all overlap are not in V2. The
       // model has no software-generation term, so V2 lands slow; allowed up to 1.4 (stated).
       8.1 * 172'800, 0.8, 1.4, 8},
      // Throughput tables (tokens per second per GPU).
      {"Megatron-LM GPT-3 175B, 1024 A100", "Narayanan et al. 2021 Table 1: 140 TFLOP/s incl. recompute", gpt3_175b,
       2048, 3.1e6, bf16, "a100-sxm4-80gb", 200, 128, 8, 16, 1, Recompute::full, 1, rate, 0, 97.6},
      {"Megatron-Core GPT-3 175B, 128 H100", "Megatron-Core docs: 47% MFU, TP 4 PP 8", gpt3_175b, 2048, 3.1e6, bf16,
       "h100-sxm5-80gb", 400, 16, 4, 8, 1, Recompute::selective, 1, rate, 0, 430},
      {"MPT 1B, 8 H100", "llm-foundry benchmarks (H100 bf16): 45,455 tok/s/GPU", mpt_1b, 2048, 229376, bf16,
       "h100-sxm5-80gb", 400, 1, 1, 1, 3, Recompute::none, 8, rate, 0, 45'455},
      {"MPT 7B, 8 H100", "llm-foundry benchmarks (H100 bf16): 10,643 tok/s/GPU", mpt_7b, 2048, 98304, bf16,
       "h100-sxm5-80gb", 400, 1, 1, 1, 3, Recompute::none, 4, rate, 0, 10'643},
      {"MPT 13B, 64 H100", "llm-foundry benchmarks (H100 bf16): 4,800 tok/s/GPU", mpt_13b, 2048, 262144, bf16,
       "h100-sxm5-80gb", 400, 8, 1, 1, 3, Recompute::none, 2, rate, 0, 4'800},
      {"MPT 30B, 16 H100", "llm-foundry benchmarks (H100 bf16): 2,263 tok/s/GPU", mpt_30b, 2048, 983040, bf16,
       "h100-sxm5-80gb", 400, 2, 1, 1, 3, Recompute::full, 8, rate, 0, 2'263},
      {"MPT 70B, 64 H100", "llm-foundry benchmarks (H100 bf16): 1,039 tok/s/GPU", mpt_70b, 2048, 4194304, bf16,
       "h100-sxm5-80gb", 400, 8, 1, 1, 3, Recompute::full, 8, rate, 0, 1'039},
      {"MPT 3B FP8, 8 H100", "llm-foundry benchmarks (H100 fp8): 30,586 tok/s/GPU", mpt_3b, 2048, 983040, fp8,
       "h100-sxm5-80gb", 400, 1, 1, 1, 3, Recompute::none, 8, rate, 0, 30'586},
      {"MPT 30B, 8 A100", "llm-foundry benchmarks (A100 80GB): 916 tok/s/GPU", mpt_30b, 2048, 1032192, bf16,
       "a100-sxm4-80gb", 200, 1, 1, 1, 3, Recompute::full, 3, rate, 0, 916},
      {"MPT 70B, 64 A100", "llm-foundry benchmarks (A100 80GB, 1600 Gbit/s RoCE): 410 tok/s/GPU", mpt_70b, 2048,
       4194304, bf16, "a100-sxm4-80gb", 200, 8, 1, 1, 3, Recompute::full, 8, rate, 0, 410},
  };
  return table;
}

catalog::Catalog builtin() {
  std::vector<catalog::SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  return catalog::load(sources).catalog;
}

struct Outcome {
  double predicted = 0;
  double ratio = 0;  // actual time / predicted time
  estimate::Band band;
  estimate::StepTime step;
};

Outcome evaluate(const catalog::Catalog& catalog, const Row& row) {
  workload::Profile profile;
  profile.kind = workload::Kind::llm_pretrain;
  const Shape& s = row.shape;
  static_cast<catalog::ModelShape&>(profile.shape) = {
      .params = s.params, .active_params = s.active_params > 0 ? s.active_params : s.params, .layers = s.layers,
      .hidden = s.hidden, .heads = s.heads, .kv_heads = s.kv_heads, .ffn = s.ffn, .vocab = s.vocab,
      .experts = s.experts, .experts_per_token = s.experts_per_token, .dense_layers = s.dense_layers,
      .head_dim = s.head_dim, .kv_lora_rank = s.kv_lora_rank, .qk_rope_head_dim = s.qk_rope_head_dim};
  profile.precision = row.precision;
  profile.seq_len = row.seq_len;
  profile.global_batch_tokens = row.global_batch_tokens;
  profile.tokens = row.tokens > 0 ? row.tokens : 1e12;

  estimate::Hardware hardware;
  hardware.gpu = catalog.find_gpu(row.gpu);
  REQUIRE(hardware.gpu != nullptr);
  hardware.gpus_per_node = 8;
  hardware.nodes = row.nodes;
  hardware.interconnect = catalog::Interconnect::nvswitch;
  hardware.rdma = catalog::Rdma::infiniband;
  hardware.network_gbps = row.nic_gbps_per_gpu * 8;

  estimate::Plan plan;
  plan.gpus_per_node = 8;
  plan.nodes = row.nodes;
  plan.tensor_parallel = row.tp;
  plan.pipeline_parallel = row.pp;
  plan.expert_parallel = row.ep;
  plan.zero_stage = row.zero;
  plan.recompute = row.recompute;
  plan.micro_batch = row.micro_batch;
  const int dp = 8 * row.nodes / (row.tp * row.pp);
  plan.micro_batches =
      std::max(1, static_cast<int>(row.global_batch_tokens / (dp * row.micro_batch * row.seq_len) + 0.5));

  const estimate::StepTime step = estimate::training_step_time(profile, hardware, plan);
  Outcome outcome;
  outcome.step = step;
  const double gpus = 8.0 * row.nodes;
  // Throughput benchmarks measure steps only: no failures, evaluation or checkpoint time.
  const double seconds = row.measure == Measure::gpu_hours ? step.total_s : step.total_s - step.failures_s;
  const double tokens_per_gpu_s = step.tokens / seconds / gpus;
  if (row.measure == Measure::gpu_hours) {
    outcome.predicted = row.tokens / tokens_per_gpu_s / 3600.0;
    outcome.ratio = row.published / outcome.predicted;
  } else {
    outcome.predicted = tokens_per_gpu_s;
    outcome.ratio = outcome.predicted / row.published;
  }
  outcome.band = estimate::training_time_ratio_band(profile, hardware, plan);
  return outcome;
}

}  // namespace

TEST_CASE("performance model: every calibration row within its regime's band", "[estimate][calibration]") {
  const catalog::Catalog catalog = builtin();
  REQUIRE(rows().size() >= 15);
  for (const auto& row : rows()) {
    INFO(row.name << " (" << row.source << ")");
    const Outcome outcome = evaluate(catalog, row);
    INFO("published / predicted time = " << outcome.ratio);
    CHECK(outcome.band.in_calibrated_regime);
    CHECK(outcome.ratio >= row.allowed_low);
    CHECK(outcome.ratio <= row.allowed_high);
  }
}

TEST_CASE("the error bands are the 10th-90th percentiles of the calibration residuals", "[estimate][calibration]") {
  const catalog::Catalog catalog = builtin();
  std::vector<double> ampere;
  std::vector<double> hopper;
  estimate::Band ampere_band;
  estimate::Band hopper_band;
  for (const auto& row : rows()) {
    const Outcome outcome = evaluate(catalog, row);
    const bool is_ampere = std::string(row.gpu).rfind("a100", 0) == 0;
    (is_ampere ? ampere : hopper).push_back(outcome.ratio);
    (is_ampere ? ampere_band : hopper_band) = outcome.band;
  }
  // Linear-interpolated percentile of sorted values.
  const auto percentile = [](std::vector<double> values, double p) {
    std::sort(values.begin(), values.end());
    const double position = p * static_cast<double>(values.size() - 1);
    const auto below = static_cast<std::size_t>(position);
    const std::size_t above = std::min(below + 1, values.size() - 1);
    return values[below] + (position - static_cast<double>(below)) * (values[above] - values[below]);
  };
  CHECK(ampere_band.low == Approx(percentile(ampere, 0.1)).margin(0.02));
  CHECK(ampere_band.high == Approx(percentile(ampere, 0.9)).margin(0.02));
  CHECK(hopper_band.low == Approx(percentile(hopper, 0.1)).margin(0.02));
  CHECK(hopper_band.high == Approx(percentile(hopper, 0.9)).margin(0.02));
}

TEST_CASE("calibration residuals table (run with -s to print)", "[.calibration-report]") {
  const catalog::Catalog catalog = builtin();
  std::printf("| run | published | predicted | actual/predicted time |\n|---|---:|---:|---:|\n");
  for (const auto& row : rows()) {
    const Outcome outcome = evaluate(catalog, row);
    const auto& step = outcome.step;
    std::printf("| %s | %.4g | %.4g | %.2f | compute %.2f tp %.2f ep %.2f pp %.2f dp %.2f fail %.2f\n", row.name,
                row.published, outcome.predicted, outcome.ratio, step.compute_s / step.total_s,
                step.tensor_comm_s / step.total_s, step.expert_comm_s / step.total_s, step.pipeline_s / step.total_s,
                step.data_comm_s / step.total_s, step.failures_s / step.total_s);
  }
}

// ---- Expert parallelism in training (docs/estimation.md "Expert parallelism in training") ------

namespace {

estimate::Hardware hgx(const catalog::Catalog& catalog, const char* gpu_id, int nodes) {
  estimate::Hardware hardware;
  hardware.gpu = catalog.find_gpu(gpu_id);
  REQUIRE(hardware.gpu != nullptr);
  hardware.gpus_per_node = 8;
  hardware.nodes = nodes;
  hardware.interconnect = catalog::Interconnect::nvswitch;
  hardware.rdma = catalog::Rdma::infiniband;
  hardware.network_gbps = 8 * 400;  // one 400 Gbit/s NIC per GPU (DGX/HGX reference design)
  return hardware;
}

workload::Profile moe_job(const catalog::Catalog& catalog, workload::Kind kind, const char* model,
                          std::optional<int> expert_parallel) {
  workload::Request r;
  r.kind = kind;
  r.model = model;
  r.expert_parallel = expert_parallel;
  if (kind == workload::Kind::llm_pretrain) {
    // DeepSeek-V3 (arXiv 2412.19437): FP8 mixed precision, 14.8T tokens, batch 15,360 x 4K tokens.
    r.precision = workload::Precision::fp8;
    r.tokens_text = "14.8T";
    r.global_batch_text = "62.9M";
  } else {
    r.method = workload::Method::lora;
  }
  return workload::resolve(r, catalog);
}

}  // namespace

TEST_CASE("DeepSeek-V3 pretraining on 2048 H800 fits with expert parallelism near the published GPU-hours",
          "[estimate][calibration][moe]") {
  const catalog::Catalog catalog = builtin();
  const auto hardware = hgx(catalog, "h800", 256);
  const auto searched = estimate::run(moe_job(catalog, workload::Kind::llm_pretrain, "deepseek-v3", {}), hardware);
  REQUIRE(searched.memory.fits);
  CHECK(searched.memory.plan.expert_parallel > 1);
  CHECK(searched.step.expert_comm_s > 0);
  // arXiv 2412.19437 Table 1: 2,664K H800 GPU-hours of pre-training (2,788K with context extension
  // and post-training). Allowed: published / predicted within the H800 regime's calibration
  // tolerance, 0.8-1.3 (docs/estimation.md "Calibration").
  const double ratio = 2'664'000 / searched.time.gpu_hours;
  INFO("predicted " << searched.time.gpu_hours << " GPU-hours; published / predicted " << ratio);
  CHECK(ratio >= 0.8);
  CHECK(ratio <= 1.3);
  CHECK(searched.time.gpu_hours_band.low <= 2'788'000);
  CHECK(searched.time.gpu_hours_band.high >= 2'664'000);

  // Without EP the experts' states stay replicated over the data-parallel ranks: only deep TP x PP
  // (TP 4 x PP 32) fits, with TP all-reduces on every layer, and it is slower.
  const auto without_profile = moe_job(catalog, workload::Kind::llm_pretrain, "deepseek-v3", 1);
  const auto without = estimate::run(without_profile, hardware);
  INFO("without EP: " << estimate::describe_plan(without_profile, without.memory) << "; " << without.time.gpu_hours
                      << " GPU-hours");
  CHECK(without.memory.plan.expert_parallel == 1);
  CHECK(without.memory.plan.tensor_parallel * without.memory.plan.pipeline_parallel >= 64);
  CHECK((!without.memory.fits || without.time.gpu_hours > searched.time.gpu_hours * 1.05));

  // The published layout (PP 16, EP 64, ZeRO-1; section 3.2) fits as a constraint.
  auto published = moe_job(catalog, workload::Kind::llm_pretrain, "deepseek-v3", 64);
  published.fixed.pipeline_parallel = 16;
  published.fixed.tensor_parallel = 1;
  const auto layout = estimate::run(published, hardware);
  REQUIRE(layout.memory.fits);
  CHECK(layout.memory.plan.expert_parallel == 64);
  const std::string text = estimate::describe_plan(published, layout.memory);
  CHECK(text.find("EP 64") != std::string::npos);
}

TEST_CASE("Mixtral 8x7B LoRA on 8 H100 fits with the experts spread by expert parallelism", "[estimate][moe]") {
  const catalog::Catalog catalog = builtin();
  const auto hardware = hgx(catalog, "h100-sxm5-80gb", 1);
  const auto searched =
      estimate::run(moe_job(catalog, workload::Kind::llm_finetune, "mixtral-8x7b", {}), hardware);
  REQUIRE(searched.memory.fits);
  CHECK(searched.memory.plan.expert_parallel > 1);

  // Fixed EP 8 with plain data parallel: each GPU keeps the dense part and 1 of the 8 experts' weights.
  auto profile = moe_job(catalog, workload::Kind::llm_finetune, "mixtral-8x7b", 8);
  profile.fixed.zero_stage = 0;
  profile.fixed.tensor_parallel = 1;
  profile.fixed.pipeline_parallel = 1;
  const auto ep8 = estimate::run(profile, hardware);
  REQUIRE(ep8.memory.fits);
  const auto split = estimate::model::expert_split(profile.shape);
  CHECK(split.routed_params > 0.9 * profile.shape.params);
  // (plus the LoRA adapters' 16-bit weights, under 0.5%)
  CHECK(ep8.memory.per_gpu.weights_bytes ==
        Approx((split.dense_params + split.routed_params / 8) * 2.0).epsilon(0.005));
  // The same plan without EP holds all 46.7B frozen weights per GPU: 93 GB, above 80 GB.
  profile.fixed.expert_parallel = 1;
  CHECK_FALSE(estimate::run(profile, hardware).memory.fits);
}

TEST_CASE("EP leaves each GPU's ZeRO shard alone and shrinks only what stays replicated", "[estimate][moe]") {
  const catalog::Catalog catalog = builtin();
  auto profile = moe_job(catalog, workload::Kind::llm_pretrain, "mixtral-8x7b", {});
  profile.precision = workload::Precision::bf16;
  estimate::Plan plan;
  plan.gpus_per_node = 8;
  plan.nodes = 4;
  plan.micro_batches = 4;
  plan.zero_stage = 3;
  const auto ep1 = estimate::estimate_memory(profile, plan, 80e9);
  plan.expert_parallel = 8;
  const auto ep8 = estimate::estimate_memory(profile, plan, 80e9);
  CHECK(ep8.per_gpu.optimizer_bytes == Approx(ep1.per_gpu.optimizer_bytes));
  CHECK(ep8.per_gpu.gradients_bytes == Approx(ep1.per_gpu.gradients_bytes));
  plan.zero_stage = 1;
  const auto zero1_ep8 = estimate::estimate_memory(profile, plan, 80e9);
  plan.expert_parallel = 1;
  const auto zero1_ep1 = estimate::estimate_memory(profile, plan, 80e9);
  CHECK(zero1_ep8.per_gpu.weights_bytes < zero1_ep1.per_gpu.weights_bytes / 4);
  CHECK(zero1_ep8.per_gpu.optimizer_bytes == Approx(zero1_ep1.per_gpu.optimizer_bytes));
}

TEST_CASE("the expert-parallel flag is checked against the model", "[estimate][moe]") {
  const catalog::Catalog catalog = builtin();
  CHECK_THROWS_WITH(moe_job(catalog, workload::Kind::llm_finetune, "mixtral-8x7b", 3),
                    Catch::Contains("do not divide the 8 routed experts"));
  CHECK_THROWS_WITH(moe_job(catalog, workload::Kind::llm_finetune, "llama-2-7b", 2),
                    Catch::Contains("no routed experts"));
}
