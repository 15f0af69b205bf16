// The performance model against published training runs (docs/estimation.md "Calibration"): each
// row's published time or throughput over the model's prediction must lie in the stated band.
// Rows give the run's own layout where the source states it, else the stated assumption.
#include <algorithm>
#include <array>
#include <cmath>
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
#include "gpuselect/units.hpp"
#include "gpuselect/workload.hpp"
#include "trtllm_bench.hpp"

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
  workload::Framework framework = workload::Framework::fsdp;  // the run's stack family
  int cp = 1;               // context parallel
  int vp = 0;               // virtual pipeline stages (0 = the model's automatic choice)
  bool balanced = false;    // MoE routing forced to an even load (Megatron-Bridge benchmarks)
  int gpus_per_node = 8;    // nodes x this = the run's GPUs
  workload::Method method = workload::Method::full;
  // The row alone fixes one constant (docs/estimation.md "Calibration"): its residual is 1 by
  // construction, so it is left out of the error bands.
  bool fits_constant = false;
  // MoE: the token all-to-all overlapped with another micro-batch's compute (the recipe's
  // moe_a2a_overlap / overlap_moe_expert_parallel_comm, DeepSeek's DualPipe); false: on the critical path.
  bool a2a_overlapped = true;
  // The machine's links (HGX: NVSwitch and InfiniBand; Atlas 800T A2: HCCS and RoCE).
  catalog::Interconnect interconnect = catalog::Interconnect::nvswitch;
  catalog::Rdma rdma = catalog::Rdma::infiniband;
};

constexpr auto bf16 = workload::Precision::bf16;
constexpr auto fp8 = workload::Precision::fp8;
constexpr auto megatron = workload::Framework::megatron;
constexpr auto fsdp = workload::Framework::fsdp;
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
// DeepSeek-V3 as pretrained and as Megatron-Bridge's DGX-B200 row runs it: with its multi-token
// prediction (MTP) module of depth 1 (arXiv 2412.19437 section 4.2: "we set the MTP depth D to 1";
// Megatron-Bridge's deepseek_v3 recipe: mtp_num_layers 1, the 25.11 DGX-B200 row "w/ MTP"). The module
// is one more MoE decoder layer (62 layers, 59 of them MoE) and its own pass through the shared output
// head: +11.5B parameters (MODELS-2026.md Table 1: 671B main + 11.5B unique MTP) and +1.6B active per
// token (the layer's 0.59B: MLA 0.19B, 8 routed + 1 shared expert 0.40B; the 2h x h projection 0.10B;
// the head 7168 x 129,280 = 0.93B; the shared embedding is a lookup).
constexpr Shape deepseek_v3_mtp{682.5e9, 62, 7168, 128, 128, 18432, 129280, 38.6e9, 256, 8, 3, 128, 512, 64};
constexpr Shape deepseek_v2{236e9, 60, 5120, 128, 128, 12288, 102400, 21e9, 160, 6, 1, 128, 512, 64};
constexpr Shape mpt_1b{1.32e9, 24, 2048, 16, 16, 8192, 50368, 0};
constexpr Shape mpt_3b{2.65e9, 32, 2560, 20, 20, 10240, 50368, 0};
constexpr Shape mpt_7b{6.66e9, 32, 4096, 32, 32, 16384, 50368, 0};
constexpr Shape mpt_13b{12.85e9, 40, 5120, 40, 40, 20480, 50368, 0};
constexpr Shape mpt_30b{29.98e9, 48, 7168, 64, 64, 28672, 50368, 0};
constexpr Shape mpt_70b{64.86e9, 80, 8192, 64, 64, 32768, 50368, 0};
// MoE shapes: /work/shared/reference/MODELS-2026.md Tables 1-2 (Hugging Face config.json): params,
// layers, hidden, heads, KV heads, (dense) ffn, vocab, active, experts, top-k, dense layers, head_dim.
constexpr Shape qwen3_30b_a3b{30.5e9, 48, 2048, 32, 4, 6144, 151936, 3.3e9, 128, 8, 0, 128};
constexpr Shape qwen3_235b_a22b{235e9, 94, 4096, 64, 4, 12288, 151936, 22e9, 128, 8, 0, 128};
constexpr Shape gpt_oss_120b{116.8e9, 36, 2880, 64, 8, 2880, 201088, 5.1e9, 128, 4, 0, 64};
constexpr Shape gpt_oss_20b{20.9e9, 24, 2880, 64, 8, 2880, 201088, 3.6e9, 32, 4, 0, 64};
constexpr Shape qwen25_7b{7.6e9, 28, 3584, 28, 4, 18944, 152064, 0};

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
       // With its MTP module (pretrained with depth 1); selective = DeepSeek's recomputation of RMSNorm and
       // the MLA up-projections (section 3.2.3), the nearest the estimator expresses.
       deepseek_v3_mtp, 4096, 62.9e6, fp8, "h800", 400, 256, 1, 16, 1, Recompute::selective, 1, hours, 14.8e12,
       // DeepSeek's HAI-LLM: a Megatron-style stack with its own fused FP8 GEMMs (the megatron family).
       2'664'000, 0.8, 1.3, 64, megatron},
      {"DeepSeek-V2, 8.1T tokens, H800", "arXiv 2405.04434 section 3.1.4: 172.8K GPU-hours per trillion tokens",
       deepseek_v2, 4096, 37.7e6, bf16, "h800", 400, 128, 1, 16, 1, Recompute::selective, 1, hours, 8.1e12,
       // DeepSeek's own figures put V2 at 172.8K GPU-hours per trillion tokens and V3 at 180K for
       // 1.8x the active parameters; with the MoE expert terms (narrow experts, per-layer dispatch)
       // V2's 160 experts of width 1536 land near its figure.
       8.1 * 172'800, 0.8, 1.3, 8, megatron},
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
      // Megatron-Bridge performance summary, 25.11 NeMo container (docs/performance-summary.md of
      // NVIDIA-NeMo/Megatron-Bridge): the fitting rows for Megatron's FP8, Blackwell and MoE experts.
      {"Megatron-Bridge Llama 3 8B FP8-CS, 8 H100", "Megatron-Bridge 25.11 DGX-H100: 14,451 tok/s/GPU", llama31_8b,
       8192, 128 * 8192.0, fp8, "h100-sxm5-80gb", 400, 1, 1, 1, 3, Recompute::none, 1, rate, 0, 14'451, 0.8, 1.3, 1,
       megatron, 1, 0, false, 8, workload::Method::full, true},
      {"Megatron-Bridge Llama 3 8B FP8-CS, 8 B200", "Megatron-Bridge 25.11 DGX-B200: 30,624 tok/s/GPU", llama31_8b, 8192,
       128 * 8192.0, fp8, "b200", 400, 1, 1, 1, 1, Recompute::none, 2, rate, 0, 30'624, 0.8, 1.3, 1, megatron, 1, 0, false, 8, workload::Method::full, true},
      {"Megatron-Bridge Qwen3-30B-A3B FP8-MX, 8 B200 (EP8, micro-batch 1)",
       "Megatron-Bridge 25.11 DGX-B200: 9,299 tok/s/GPU", qwen3_30b_a3b, 4096, 512 * 4096.0, fp8, "b200", 400, 1, 1,
       1, 1, Recompute::none, 1, rate, 0, 9'299, 0.8, 1.3, 8, megatron, 1, 0, true, 8, workload::Method::full, true,
       false},
      {"Megatron-Bridge Qwen3-30B-A3B FP8-MX, 8 GB200 (EP8, micro-batch 4)",
       "Megatron-Bridge 25.11 DGX-GB200: 23,766 tok/s/GPU", qwen3_30b_a3b, 4096, 512 * 4096.0, fp8, "gb200", 400, 1,
       1, 1, 1, Recompute::none, 4, rate, 0, 23'766, 0.8, 1.3, 8, megatron, 1, 0, true, 8, workload::Method::full, true,
       false},
  };
  return table;
}

// Held-out published figures (docs/estimation.md "Held-out validation"): never used to fit a
// constant. The Megatron-Bridge rows are the 25.11 NeMo container tables (docs/performance-summary.md
// of NVIDIA-NeMo/Megatron-Bridge: tokens/s/GPU, GBS x sequence = the global batch, FSDP 1 = ZeRO-3,
// else the distributed optimizer = ZeRO-1; MoE routing force-balanced; recomputation not stated,
// none assumed). MXFP8 ("FP8-MX") rows run as fp8. A GB200 NVL72 rack is one NVLink domain: runs of
// 64 GPUs or more are 64-GPU NVSwitch "nodes" (64 of a rack's 72 used), smaller ones 8-GPU nodes. The AutoModel rows are NeMo AutoModel's
// PyTorch-FSDP2 tables (docs/performance-summary.md of NVIDIA-NeMo/Automodel, DGX-H100 BF16).
// Tolerance: published / predicted time 0.7-1.3 unless the row says otherwise.
constexpr Shape qwen25_32b{32.8e9, 64, 5120, 40, 8, 27648, 152064, 0};
const std::vector<Row>& heldout_rows() {
  static const std::vector<Row> table{
      {"Llama 3 70B FP8-CS, 64 H100 (TP4 PP8 VP5)", "Megatron-Bridge 25.11 DGX-H100: 1,602 tok/s/GPU", llama31_70b,
       8192, 128 * 8192.0, fp8, "h100-sxm5-80gb", 400, 8, 4, 8, 1, Recompute::none, 1, rate, 0, 1'602, 0.7, 1.3, 1,
       megatron, 1, 5},
      {"Llama 3.1 405B FP8-CS, 1024 H100 (TP8 PP8 CP2 VP8)", "Megatron-Bridge 25.11 DGX-H100: 292 tok/s/GPU",
       llama31_405b, 8192, 512 * 8192.0, fp8, "h100-sxm5-80gb", 400, 128, 8, 8, 1, Recompute::none, 1, rate, 0, 292,
       0.7, 1.3, 1, megatron, 2, 8},
      {"GPT-OSS 120B BF16, 64 H100 (PP4 EP8)", "Megatron-Bridge 25.11 DGX-H100: 5,630 tok/s/GPU", gpt_oss_120b, 4096,
       512 * 4096.0, bf16, "h100-sxm5-80gb", 400, 8, 1, 4, 1, Recompute::none, 4, rate, 0, 5'630, 0.7, 1.3, 8,
       megatron, 1, 1, true, 8, workload::Method::full, false, false},
      {"Llama 3 8B MXFP8, 8 B200", "Megatron-Bridge 25.11 DGX-B200: 29,521 tok/s/GPU", llama31_8b, 8192, 128 * 8192.0,
       fp8, "b200", 400, 1, 1, 1, 1, Recompute::none, 2, rate, 0, 29'521, 0.7, 1.3, 1, megatron},
      {"Llama 3.1 405B FP8-CS, 128 B200 (TP4 PP8 CP2 VP8)", "Megatron-Bridge 25.11 DGX-B200: 661 tok/s/GPU",
       llama31_405b, 8192, 64 * 8192.0, fp8, "b200", 400, 16, 4, 8, 1, Recompute::none, 1, rate, 0, 661, 0.7, 1.3, 1,
       megatron, 2, 8},
      {"DeepSeek-V3 FP8-MX, 256 B200 (PP16 EP8, w/ MTP, mla_up_proj recompute)",
       "Megatron-Bridge 25.11 DGX-B200: 2,139 tok/s/GPU", deepseek_v3_mtp, 4096,
       // The table says "w/ MTP" (the recipe's default mtp_num_layers 1; the GB200 rows say "w/o MTP"), and
       // the recipe (DEEPSEEK_V3_B200_BASE_CONFIG at v0.2.1) recomputes the MLA up-projections
       // (recompute_modules ["mla_up_proj"], granularity selective): inputs read, nothing fitted. Was 1.33
       // without either (1.52 with a MoE cost per layer only, 1.25 with the per-layer and per-local-expert
       // split, 1.33 once the recipe's unoverlapped all-to-all moved the knee to 0).
       2048 * 4096.0, fp8, "b200", 400, 32, 1, 16, 1, Recompute::selective, 1, rate, 0, 2'139, 0.7, 1.3, 8, megatron, 1, 1,
       true, 8, workload::Method::full, false, false},
      {"GPT-OSS 120B BF16, 64 B200 (EP64)", "Megatron-Bridge 25.11 DGX-B200: 8,213 tok/s/GPU", gpt_oss_120b, 4096,
       // EP 64, not the table's 8: the 25.11 recipe (scripts/performance/configs/gpt_oss/workload_base_configs.py
       // at v0.2.0 and v0.2.1, GPT_OSS_120B_B200_BF16_BASE_CONFIG) sets expert_model_parallel_size 64, and
       // the archive's 26.02 DGX-B200 row at EP 64 runs 8,047 tokens/s/GPU while 26.02.01's at EP 8 runs
       // 13,722. No moe_a2a_overlap: the all-to-all crosses the 8 nodes' InfiniBand on the critical path.
       // Was 1.53 at EP 8 with the all-to-all overlapped.
       512 * 4096.0, bf16, "b200", 400, 8, 1, 1, 1, Recompute::none, 4, rate, 0, 8'213, 0.7, 1.3, 64, megatron, 1, 0,
       true, 8, workload::Method::full, false, false},
      {"Qwen3-30B-A3B FP8-CS, 16 H100 (PP2 VP24 EP8)", "Megatron-Bridge 25.11 DGX-H100: 5,275 tok/s/GPU",
       // Known miss (2.33; 2.14 before the knee moved to 0): NeMo AutoModel runs the same model on 8 H100 at
       // 12,040 tokens/s/GPU (0.89 here). The recipe overlaps the all-to-all (moe_a2a_overlap True).
       qwen3_30b_a3b, 4096, 512 * 4096.0, fp8, "h100-sxm5-80gb", 400, 2, 1, 2, 1, Recompute::none, 2, rate, 0, 5'275,
       0.7, 2.4, 8, megatron, 1, 24, true},
      {"Qwen3-235B-A22B FP8-MX, 64 B200 (PP8 VP2 EP8)", "Megatron-Bridge 25.11 DGX-B200: 3,269 tok/s/GPU",
       qwen3_235b_a22b, 4096, 1024 * 4096.0, fp8, "b200", 400, 8, 1, 8, 1, Recompute::none, 1, rate, 0, 3'269, 0.7,
       1.3, 8, megatron, 1, 2, true},
      {"Llama 3 8B FP8-CS, 8 GB200", "Megatron-Bridge 25.11 DGX-GB200: 31,508 tok/s/GPU", llama31_8b, 8192,
       128 * 8192.0, fp8, "gb200", 400, 1, 1, 1, 1, Recompute::none, 2, rate, 0, 31'508, 0.7, 1.3, 1, megatron},
      {"Llama 3 70B FP8-CS, 64 GB200 (FSDP)", "Megatron-Bridge 25.11 DGX-GB200: 4,312 tok/s/GPU", llama31_70b, 8192,
       256 * 8192.0, fp8, "gb200", 400, 1, 1, 1, 3, Recompute::none, 2, rate, 0, 4'312, 0.7, 1.3, 1, megatron, 1, 0,
       false, 64},
      {"Llama 3.1 405B FP8-CS, 256 GB200 (TP4 PP16 VP4)", "Megatron-Bridge 25.11 DGX-GB200: 813 tok/s/GPU",
       llama31_405b, 8192, 1536 * 8192.0, fp8, "gb200", 400, 4, 4, 16, 1, Recompute::none, 1, rate, 0, 813, 0.7, 1.3,
       1, megatron, 1, 4, false, 64},
      // The two GB200 DeepSeek-V3 rows: "w/o MTP" (the table), and selective recomputation of the MLA
      // up-projections (DEEPSEEK_V3_GB200_BASE_CONFIG at v0.2.1: recompute_modules ["mla_up_proj"]; the
      // table's GBS 4096 and the FP8 row's PP 8 / EP 32 differ from that recipe, which sets the same
      // recomputation for every DeepSeek-V3 layout but H100's). Were Recompute::none until issue 26's fourth pass.
      {"DeepSeek-V3 BF16, 256 GB200 (PP4 VP4 EP64)", "Megatron-Bridge 25.11 DGX-GB200: 3,139 tok/s/GPU", deepseek_v3,
       4096, 4096 * 4096.0, bf16, "gb200", 400, 4, 1, 4, 1, Recompute::selective, 1, rate, 0, 3'139, 0.7, 1.3, 64,
       megatron, 1, 4, true, 64, workload::Method::full, false, false},
      {"DeepSeek-V3 FP8-MX, 256 GB200 (PP8 VP4 EP32)", "Megatron-Bridge 25.11 DGX-GB200: 4,018 tok/s/GPU", deepseek_v3,
       4096, 4096 * 4096.0, fp8, "gb200", 400, 4, 1, 8, 1, Recompute::selective, 1, rate, 0, 4'018, 0.7, 1.3, 32,
       megatron, 1, 4, true, 64, workload::Method::full, false, false},
      {"GPT-OSS 120B BF16, 64 GB200 (EP64)", "Megatron-Bridge 25.11 DGX-GB200: 15,876 tok/s/GPU", gpt_oss_120b, 8192,
       1280 * 8192.0, bf16, "gb200", 400, 1, 1, 1, 1, Recompute::none, 1, rate, 0, 15'876, 0.7, 1.3, 64, megatron, 1,
       0, true, 64, workload::Method::full, false, false},
      {"Qwen3-235B-A22B BF16, 256 GB200 (PP8 VP3 EP32)", "Megatron-Bridge 25.11 DGX-GB200: 4,916 tok/s/GPU",
       // Known miss (0.72): 256 micro-steps of one sequence; 0.59 with the MoE cost per layer only, 0.74
       // with the per-layer and per-local-expert split the calibration rows fit (4 local experts at EP 32),
       // 0.67 with the all-to-all on the critical path (no moe_a2a_overlap in the GB200 recipes), 0.72
       // with the split refitted once DeepSeek-V3's calibration row counted its MTP module.
       qwen3_235b_a22b, 4096, 8192 * 4096.0, bf16, "gb200", 400, 4, 1, 8, 1, Recompute::none, 1, rate, 0, 4'916, 0.6,
       1.3, 32, megatron, 1, 3, true, 64, workload::Method::full, false, false},
      {"AutoModel Llama 3 70B BF16, 64 H100 (FSDP2 CP2)", "NeMo AutoModel DGX-H100 BF16: 866.77 tok/s/GPU",
       // Full recomputation: the run's recipe (examples/llm_pretrain/custom_llama3_1_70b_pretrain_benchmark_8nodes.yaml
       // at the commit that published the row, 2013a4dd6) sets activation_checkpointing: True.
       llama31_70b, 8192, 128 * 8192.0, bf16, "h100-sxm5-80gb", 400, 8, 1, 1, 3, Recompute::full, 1, rate, 0, 866.77,
       0.7, 1.3, 1, fsdp, 2},
      {"AutoModel Qwen3-30B-A3B BF16, 8 H100 (FSDP2 EP8)", "NeMo AutoModel DGX-H100 BF16: 12,040 tok/s/GPU",
       qwen3_30b_a3b, 4096, 512 * 4096.0, bf16, "h100-sxm5-80gb", 400, 1, 1, 1, 3, Recompute::none, 4, rate, 0,
       12'040, 0.7, 1.3, 8, fsdp},
      // The GPT-OSS table rows leave EP blank; the runs' recipes at the commit that published them
      // (2013a4dd6, examples/benchmark/configs/gptoss_{20b,120b}_te_deepep.yaml) set ep_size 8 and 64.
      {"AutoModel GPT-OSS 20B BF16, 8 H100 (FSDP2 EP8)", "NeMo AutoModel DGX-H100 BF16: 13,058 tok/s/GPU", gpt_oss_20b,
       4096, 256 * 4096.0, bf16, "h100-sxm5-80gb", 400, 1, 1, 1, 3, Recompute::none, 2, rate, 0, 13'058, 0.7, 1.3, 8,
       fsdp},
      {"AutoModel GPT-OSS 120B BF16, 64 H100 (FSDP2 EP64)", "NeMo AutoModel DGX-H100 BF16: 7,626 tok/s/GPU",
       gpt_oss_120b, 4096, 512 * 4096.0, bf16, "h100-sxm5-80gb", 400, 8, 1, 1, 3, Recompute::none, 2, rate, 0, 7'626,
       0.7, 1.3, 64, fsdp},
      {"AutoModel Llama 3 8B LoRA BF16, 1 H100", "NeMo AutoModel DGX-H100 LoRA: 12,472.87 tok/s/GPU", llama31_8b, 4096,
       32 * 4096.0, bf16, "h100-sxm5-80gb", 400, 1, 1, 1, 0, Recompute::none, 2, rate, 0, 12'472.87, 0.7, 1.3, 1, fsdp,
       1, 0, false, 1, workload::Method::lora},
      {"AutoModel Qwen2.5 7B LoRA BF16, 1 H100", "NeMo AutoModel DGX-H100 LoRA: 14,110.05 tok/s/GPU", qwen25_7b, 4096,
       32 * 4096.0, bf16, "h100-sxm5-80gb", 400, 1, 1, 1, 0, Recompute::none, 2, rate, 0, 14'110.05, 0.7, 1.3, 1, fsdp,
       1, 0, false, 1, workload::Method::lora},
      {"AutoModel Llama 3 70B LoRA BF16, 8 H100 (TP2 FSDP4)", "NeMo AutoModel DGX-H100 LoRA: 1,091.85 tok/s/GPU",
       // Full recomputation: the recipe (examples/llm_benchmark/llama3_3/custom_llama3_3_70b_instruct_peft_benchmark.yaml
       // at 2013a4dd6, which published the row) sets activation_checkpointing: true; the one-GPU LoRA
       // recipes above do not. It also runs async TP with sequence parallelism.
       llama31_70b, 4096, 32 * 4096.0, bf16, "h100-sxm5-80gb", 400, 1, 2, 1, 3, Recompute::full, 2, rate, 0, 1'091.85,
       0.7, 1.3, 1, fsdp, 1, 0, false, 8, workload::Method::lora},
      {"AutoModel Qwen2.5 32B LoRA BF16, 8 H100 (TP2 FSDP4)", "NeMo AutoModel DGX-H100 LoRA: 2,250.31 tok/s/GPU",
       // Full recomputation: custom_qwen2_5_32b_peft_benchmark.yaml at 2013a4dd6 sets
       // activation_checkpointing: true (TP without sequence parallelism or async TP).
       qwen25_32b, 4096, 32 * 4096.0, bf16, "h100-sxm5-80gb", 400, 1, 2, 1, 3, Recompute::full, 2, rate, 0, 2'250.31,
       0.7, 1.3, 1, fsdp, 1, 0, false, 8, workload::Method::lora},
      // Megatron-Bridge 26.06 NeMo container (docs/performance-summary-archive.md of NVIDIA-NeMo/Megatron-Bridge
      // at 4ab94dfad, section "26.06 NeMo Container"): new held-out rows, written down in docs/estimation.md
      // ("New held-out rows, Megatron-Bridge 26.06") before their prediction was computed. Inputs as the
      // table states them, the rest as for the 25.11 rows (no recomputation, distributed optimizer).
      {"26.06 Llama 3.1 405B FP8-CS, 256 GB200 (TP4 PP16 VP4)", "Megatron-Bridge 26.06 DGX-GB200: 843 tok/s/GPU",
       llama31_405b, 8192, 1536 * 8192.0, fp8, "gb200", 400, 4, 4, 16, 1, Recompute::none, 1, rate, 0, 843, 0.7, 1.3,
       1, megatron, 1, 4, false, 64},
      {"26.06 Llama 3.1 405B FP8-CS, 1024 H100 (TP8 PP8 CP2 VP8)", "Megatron-Bridge 26.06 DGX-H100: 326 tok/s/GPU",
       llama31_405b, 8192, 1536 * 8192.0, fp8, "h100-sxm5-80gb", 400, 128, 8, 8, 1, Recompute::none, 1, rate, 0, 326,
       0.7, 1.3, 1, megatron, 2, 8},
      // Known miss (0.68, predicted too slow): as written down, four 8-GPU nodes, so the data-parallel
      // gradient reduction of this 131K-token step crosses the NICs (0.59 s of 1.55 s); the rack is one
      // NVLink domain, and run so the row reads 1.09 ("[.step-breakdown]"). Kept as written down.
      {"26.06 Llama 3 70B FP8-CS SFT, 32 GB200 (PP8 VP10)", "Megatron-Bridge 26.06 DGX-GB200 SFT: 3,864 tok/s/GPU",
       llama31_70b, 4096, 32 * 4096.0, fp8, "gb200", 400, 4, 1, 8, 1, Recompute::none, 1, rate, 0, 3'864, 0.6, 1.3, 1,
       megatron, 1, 10},
      {"26.06 Llama 3 70B FP8-CS SFT, 32 H100 (TP4 PP4 VP5)", "Megatron-Bridge 26.06 DGX-H100 SFT: 1,638 tok/s/GPU",
       llama31_70b, 4096, 32 * 4096.0, fp8, "h100-sxm5-80gb", 400, 4, 4, 4, 1, Recompute::none, 1, rate, 0, 1'638, 0.7,
       1.3, 1, megatron, 1, 5},
      {"26.06 Llama 3 70B FP8-CS LoRA, 8 GB200 (PP2 VP20)", "Megatron-Bridge 26.06 DGX-GB200 LoRA: 6,206 tok/s/GPU",
       llama31_70b, 4096, 32 * 4096.0, fp8, "gb200", 400, 1, 1, 2, 1, Recompute::none, 1, rate, 0, 6'206, 0.7, 1.3, 1,
       megatron, 1, 20, false, 8, workload::Method::lora},
      {"26.06 Llama 3 70B FP8-CS LoRA, 8 H100 (TP2 PP4 VP20)", "Megatron-Bridge 26.06 DGX-H100 LoRA: 2,643 tok/s/GPU",
       llama31_70b, 4096, 32 * 4096.0, fp8, "h100-sxm5-80gb", 400, 1, 2, 4, 1, Recompute::none, 1, rate, 0, 2'643, 0.7,
       1.3, 1, megatron, 1, 20, false, 8, workload::Method::lora},
  };
  return table;
}

catalog::Catalog builtin() {
  std::vector<catalog::SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.emplace_back(catalog::SourceText{std::string(file.name), file.text});
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
  profile.framework = row.framework;
  profile.method = row.method;
  if (row.method != workload::Method::full) {
    profile.kind = workload::Kind::llm_finetune;
    profile.lora_targets.assign(workload::default_lora_targets.begin(), workload::default_lora_targets.end());
  }
  profile.seq_len = row.seq_len;
  profile.global_batch_tokens = row.global_batch_tokens;
  profile.tokens = row.tokens > 0 ? row.tokens : 1e12;

  estimate::Hardware hardware;
  hardware.gpu = catalog.find_gpu(row.gpu);
  REQUIRE(hardware.gpu != nullptr);
  hardware.gpus_per_node = row.gpus_per_node;
  hardware.nodes = row.nodes;
  hardware.interconnect = row.interconnect;
  hardware.rdma = row.rdma;
  hardware.network_gbps = row.nic_gbps_per_gpu * row.gpus_per_node;

  estimate::Plan plan;
  plan.gpus_per_node = row.gpus_per_node;
  plan.nodes = row.nodes;
  plan.tensor_parallel = row.tp;
  plan.pipeline_parallel = row.pp;
  plan.context_parallel = row.cp;
  plan.virtual_stages = row.vp;
  plan.expert_parallel = row.ep;
  plan.balanced_experts = row.balanced;
  plan.expert_comm_overlapped = row.a2a_overlapped;
  plan.zero_stage = row.zero;
  plan.recompute = row.recompute;
  plan.micro_batch = row.micro_batch;
  const int dp = row.gpus_per_node * row.nodes / (row.tp * row.pp * row.cp);
  plan.micro_batches =
      std::max(1, static_cast<int>(std::lround(row.global_batch_tokens / (dp * row.micro_batch * row.seq_len))));

  const estimate::StepTime step = estimate::training_step_time(profile, hardware, plan);
  Outcome outcome;
  outcome.step = step;
  const double gpus = static_cast<double>(row.gpus_per_node) * row.nodes;
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
    // MoE training has too few calibration rows for a band of its own: extrapolated (widened) bands.
    CHECK(outcome.band.in_calibrated_regime == (row.shape.experts == 0));
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
    if (row.fits_constant) continue;
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
                          std::optional<int> expert_parallel,
                          std::optional<workload::Framework> framework = std::nullopt) {
  workload::Request r;
  r.framework = framework;
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

  // Without EP the experts' states stay replicated over the data-parallel ranks unless ZeRO-3 shards
  // them: only deep TP x PP (TP all-reduces on every layer) or ZeRO-3 (the experts gathered every
  // micro-step) fits, and every GPU runs all 256 experts of its layers: slower.
  const auto without_profile = moe_job(catalog, workload::Kind::llm_pretrain, "deepseek-v3", 1);
  const auto without = estimate::run(without_profile, hardware);
  INFO("without EP: " << estimate::describe_plan(without_profile, without.memory) << "; " << without.time.gpu_hours
                      << " GPU-hours");
  CHECK(without.memory.plan.expert_parallel == 1);
  CHECK((without.memory.plan.zero_stage >= 3 ||
         without.memory.plan.tensor_parallel * without.memory.plan.pipeline_parallel >= 64));
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
      estimate::run(moe_job(catalog, workload::Kind::llm_finetune, "mixtral-8x7b", {}, megatron), hardware);
  REQUIRE(searched.memory.fits);
  CHECK(searched.memory.plan.expert_parallel > 1);

  // Fixed EP 8 with plain data parallel: each GPU keeps the dense part and 1 of the 8 experts' weights.
  auto profile = moe_job(catalog, workload::Kind::llm_finetune, "mixtral-8x7b", 8, megatron);
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

TEST_CASE("a PEFT LoRA of a mixture of experts is planned without expert parallelism", "[estimate][moe]") {
  // Expert review 39, S34 and S36: Hugging Face Trainer/PEFT, and DeepSpeed or FSDP over a
  // PEFT-wrapped transformers model, have no expert-parallel layer (docs/estimation.md "Layouts each
  // framework runs"); such a LoRA shards the frozen experts with ZeRO-3 instead.
  const catalog::Catalog catalog = builtin();
  const auto hardware = hgx(catalog, "h100-sxm5-80gb", 1);
  for (const auto framework : {workload::Framework::hf, workload::Framework::deepspeed, workload::Framework::fsdp}) {
    const auto profile = moe_job(catalog, workload::Kind::llm_finetune, "mixtral-8x7b", {}, framework);
    const auto result = estimate::run(profile, hardware);
    INFO(estimate::describe_plan(profile, result.memory));
    REQUIRE(result.memory.fits);
    CHECK(result.memory.plan.expert_parallel == 1);
    CHECK(result.memory.plan.zero_stage == 3);
  }
  // A full fine-tune under DeepSpeed (DeepSpeed-MoE's ep_size) still searches EP; a flag that fixes
  // it where the framework does not run it is refused (expert review 40, R5).
  workload::Request full;
  full.kind = workload::Kind::llm_finetune;
  full.model = "mixtral-8x7b";
  full.method = workload::Method::full;
  full.framework = workload::Framework::deepspeed;
  const auto full_profile = workload::resolve(full, catalog);
  const auto plans = estimate::model::training_plans(full_profile, 8, 4);
  CHECK(std::any_of(plans.begin(), plans.end(), [](const estimate::Plan& plan) { return plan.expert_parallel > 1; }));
  CHECK_THROWS_WITH(moe_job(catalog, workload::Kind::llm_finetune, "mixtral-8x7b", 8, workload::Framework::hf),
                    Catch::Contains("--framework hf does not run --expert-parallel above 1 for --method lora"));
  const auto fixed = estimate::run(
      moe_job(catalog, workload::Kind::llm_finetune, "mixtral-8x7b", 8, workload::Framework::megatron), hardware);
  CHECK(fixed.memory.plan.expert_parallel == 8);
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

// ---- Held-out validation (docs/estimation.md "Held-out validation") -----------------------------

namespace {

// The families the targets name: GPU generation, MoE, FP8, context parallel (long context).
struct Family {
  const char* name;
  bool (*member)(const Row& row);
};
bool is_hopper(const Row& row) { return std::string(row.gpu).rfind('h', 0) == 0; }
bool is_blackwell(const Row& row) { return std::string(row.gpu).find("b200") != std::string::npos; }
bool is_moe(const Row& row) { return row.shape.experts > 0; }
bool is_fp8(const Row& row) { return row.precision == fp8; }
bool is_long(const Row& row) { return row.cp > 1 || row.seq_len >= 8192; }
bool is_lora(const Row& row) { return row.method != workload::Method::full; }
// The first five are the families the targets name; LoRA is printed, not judged.
constexpr std::size_t judged_families = 5;
constexpr std::array<Family, 6> families{{{"Hopper", is_hopper},
                                          {"Blackwell", is_blackwell},
                                          {"MoE", is_moe},
                                          {"FP8", is_fp8},
                                          {"8K+ sequences / CP", is_long},
                                          {"LoRA", is_lora}}};

double geometric_mean(const std::vector<double>& values) {
  double sum = 0;
  for (double value : values) sum += std::log(value);
  return values.empty() ? 1.0 : std::exp(sum / static_cast<double>(values.size()));
}

}  // namespace

namespace {
// Huawei Ascend 910B: MindSpeed-LLM's (then ModelLink's) README at d83d3f0f (2024-09-13), table
// "现版本实测性能" (Atlas 900 A2 PODc), Mcore rows, BF16, tokens/s per NPU with its mc2 feature on; layouts from
// the same commit's examples/mcore/llama2/pretrain_llama2_{7b,13b,70b}_ptd.sh. An Atlas 900 A2 PODc
// node is 8 NPUs on HCCS with 8 x 200 GbE RoCE (assumption: 200 Gbit/s per NPU, the Atlas 800T A2's
// ports). Vendor-reported throughput, not a whole run: one row fits the architecture's constant, the
// others are checked against it.
const std::vector<Row>& ascend_rows() {
  constexpr auto hccs = catalog::Interconnect::hccs;
  constexpr auto roce = catalog::Rdma::roce;
  static const std::vector<Row> table{
      {"MindSpeed-LLM LLaMA2-7B, 8 Ascend 910B (PP2, distributed optimizer)",
       "MindSpeed-LLM README d83d3f0f: 4,672 tok/s/NPU", llama2_7b, 4096, 256 * 4096.0, bf16, "ascend-910b", 200, 1,
       1, 2, 1, Recompute::none, 1, rate, 0, 4'672, 0.8, 1.3, 1, megatron, 1, 0, false, 8, workload::Method::full,
       true, true, hccs, roce},
      {"MindSpeed-LLM LLaMA2-13B, 8 Ascend 910B (TP8)", "MindSpeed-LLM README d83d3f0f: 2,016 tok/s/NPU", llama2_13b,
       4096, 512 * 4096.0, bf16, "ascend-910b", 200, 1, 8, 1, 0, Recompute::none, 4, rate, 0, 2'016, 0.7, 1.3, 1,
       megatron, 1, 0, false, 8, workload::Method::full, false, true, hccs, roce},
      {"MindSpeed-LLM LLaMA2-70B, 32 Ascend 910B (TP8 PP4 VP4)", "MindSpeed-LLM README d83d3f0f: 439 tok/s/NPU",
       llama2_70b, 4096, 1024 * 4096.0, bf16, "ascend-910b", 200, 4, 8, 4, 0, Recompute::none, 1, rate, 0, 439, 0.7,
       1.3, 1, megatron, 1, 4, false, 8, workload::Method::full, false, true, hccs, roce},
  };
  return table;
}
}  // namespace

TEST_CASE("Ascend 910B: the Da Vinci constant fits MindSpeed-LLM's LLaMA2-7B row, its 13B and 70B rows within 30%",
          "[estimate][calibration][ascend]") {
  const catalog::Catalog catalog = builtin();
  for (const auto& row : ascend_rows()) {
    INFO(row.name << " (" << row.source << ")");
    const Outcome outcome = evaluate(catalog, row);
    INFO("predicted " << outcome.predicted << " tok/s/NPU; published / predicted time = " << outcome.ratio);
    // An architecture outside the calibration table: its band is the extrapolated (wider) one.
    CHECK_FALSE(outcome.band.in_calibrated_regime);
    CHECK(outcome.ratio >= row.allowed_low);
    CHECK(outcome.ratio <= row.allowed_high);
    if (row.fits_constant) CHECK(outcome.ratio == Approx(1.0).epsilon(0.03));
  }
}

TEST_CASE("held-out published runs: every row within its tolerance, 90% within 30%, bands cover ~80%",
          "[estimate][calibration][heldout]") {
  const catalog::Catalog catalog = builtin();
  REQUIRE(heldout_rows().size() >= 20);
  int within_30 = 0;
  int inside_band = 0;
  for (const auto& row : heldout_rows()) {
    INFO(row.name << " (" << row.source << ")");
    const Outcome outcome = evaluate(catalog, row);
    INFO("published / predicted time = " << outcome.ratio << ", band " << outcome.band.low << "-" << outcome.band.high);
    CHECK(outcome.ratio >= row.allowed_low);
    CHECK(outcome.ratio <= row.allowed_high);
    if (outcome.ratio >= 1 / 1.3 && outcome.ratio <= 1.3) ++within_30;
    if (outcome.ratio >= outcome.band.low && outcome.ratio <= outcome.band.high) ++inside_band;
  }
  const double rows = static_cast<double>(heldout_rows().size());
  // Measured: 27 of 30 within 30% (90%), the 90% target: 22 of the first 24 (19 before the MoE
  // cost per local expert, 21 until DeepSeek-V3's MTP module and the recipes' MLA up-projection
  // recomputation were read) and 5 of the 6 Megatron-Bridge 26.06 rows written down before their
  // prediction; misses: Qwen3-30B-A3B on H100, Qwen3-235B on GB200, the 26.06 SFT row on 32 GB200
  // (docs/estimation.md "Held-out validation"). Pinned so that a change shows.
  CHECK(10 * within_30 >= 9 * static_cast<int>(heldout_rows().size()));
  // The 10th-90th band should hold about 80% of out-of-sample rows.
  CHECK(inside_band / rows >= 0.7);
  CHECK(inside_band / rows <= 0.95);
  // No named family with a systematic bias above 20%.
  for (std::size_t index = 0; index < judged_families; ++index) {
    const Family& family = families[index];
    std::vector<double> ratios;
    for (const auto& row : heldout_rows()) {
      if (family.member(row)) ratios.push_back(evaluate(catalog, row).ratio);
    }
    if (ratios.empty()) continue;
    INFO(family.name << ": geometric mean " << geometric_mean(ratios) << " over " << ratios.size() << " rows");
    CHECK(geometric_mean(ratios) >= 1 / 1.2);
    CHECK(geometric_mean(ratios) <= 1.2);
  }
}

TEST_CASE("held-out residuals table and leave-one-out errors (run with -s to print)", "[.heldout-report]") {
  const catalog::Catalog catalog = builtin();
  std::printf("| run | published | predicted | residual | band |\n|---|---:|---:|---:|---|\n");
  for (const auto& row : heldout_rows()) {
    const Outcome outcome = evaluate(catalog, row);
    std::printf("| %s | %.4g | %.4g | %.2f | %.2f-%.2f%s |\n", row.name, row.published, outcome.predicted,
                outcome.ratio, outcome.band.low, outcome.band.high,
                outcome.ratio >= outcome.band.low && outcome.ratio <= outcome.band.high ? "" : " (outside)");
  }
  std::printf("\nfamily | held-out rows | geometric mean | worst | calibration rows | leave-one-out mean |error|\n");
  for (const auto& family : families) {
    std::vector<double> held;
    for (const auto& row : heldout_rows()) {
      if (family.member(row)) held.push_back(evaluate(catalog, row).ratio);
    }
    std::vector<double> fitted;
    for (const auto& row : rows()) {
      if (family.member(row)) fitted.push_back(evaluate(catalog, row).ratio);
    }
    // Leave one out: the family's scale is the geometric mean of its other calibration rows; the
    // error is that row's residual against it.
    double loo = 0;
    for (std::size_t i = 0; i < fitted.size() && fitted.size() > 1; ++i) {
      std::vector<double> others = fitted;
      others.erase(others.begin() + static_cast<std::ptrdiff_t>(i));
      loo += std::abs(fitted[i] / geometric_mean(others) - 1.0);
    }
    double worst = 1;
    for (double ratio : held) worst = std::abs(std::log(ratio)) > std::abs(std::log(worst)) ? ratio : worst;
    std::printf("%s | %zu | %.2f | %.2f | %zu | %.2f\n", family.name, held.size(), geometric_mean(held), worst,
                fitted.size(), fitted.size() > 1 ? loo / static_cast<double>(fitted.size()) : 0.0);
  }
}

namespace {

// Megatron-Bridge 26.02 NeMo container, DGX-B300 (B200's BF16/FP8 peaks, more memory): Qwen3-30B-A3B
// MXFP8, 8 GPUs, EP 8, micro-batch 8 x 4K, GBS 512, 29,521 tokens/s/GPU (docs/performance-summary-archive.md
// of NVIDIA-NeMo/Megatron-Bridge). A calibration check, not a fit: eight times the calibration pair's
// micro-batch-1 tokens per micro-step on the same node shape, so it tests the split between the MoE
// cost per micro-step and the cost per token.
Row qwen3_b300_micro_batch_8() {
  return {"Megatron-Bridge 26.02 Qwen3-30B-A3B MXFP8, 8 B300 (EP8, micro-batch 8)",
          "Megatron-Bridge 26.02 DGX-B300: 29,521 tok/s/GPU", qwen3_30b_a3b, 4096, 512 * 4096.0, fp8, "b300", 400, 1,
          1, 1, 1, Recompute::none, 8, rate, 0, 29'521, 0.8, 1.3, 8, megatron, 1, 0, true, 8, workload::Method::full, false,
          false};
}

}  // namespace

TEST_CASE("held-out and calibration step breakdowns (run with -s to print)", "[.step-breakdown]") {
  const catalog::Catalog catalog = builtin();
  std::printf("| run | residual | compute | TP/CP | EP | pipeline | DP | seconds per step |\n");
  const auto print = [&](const Row& row) {
    const Outcome outcome = evaluate(catalog, row);
    const estimate::StepTime& step = outcome.step;
    std::printf("| %s | %.2f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f |\n", row.name, outcome.ratio, step.compute_s,
                step.tensor_comm_s, step.expert_comm_s, step.pipeline_s, step.data_comm_s,
                step.total_s - step.failures_s);
  };
  for (const auto& row : rows()) print(row);
  for (const auto& row : heldout_rows()) print(row);
  // Investigation rows (issue 26; neither calibration nor held-out, no constant fitted on them):
  // Megatron-Bridge 25.09 DGX-H100 DeepSeek-V3 dropless (docs/performance-summary.md, 25.09 NeMo
  // container) and the Megatron-MoE-ModelZoo Qwen3-235B-A22B BF16 step times on 256 H100
  // (yanring/Megatron-MoE-ModelZoo best_practice/Qwen3/readme.md: GBS 2048 x 4K).
  const Row candidate{"25.09 DSV3 1024 H100 TP2 PP8 VP4 EP64", "Megatron-Bridge 25.09 DGX-H100: 1,297", deepseek_v3, 4096,
                      8192 * 4096.0, fp8, "h100-sxm5-80gb", 400, 128, 2, 8, 1, Recompute::none, 1, rate, 0, 1'297, 0.7,
                      1.3, 64, megatron, 1, 4, true};
  print(candidate);
  const double q_tokens = 2048 * 4096.0;
  const double per_gpu = q_tokens / 256;
  const Row zoo[] = {
      {"zoo 235B EP32 TP2 PP8 VP4 1f1b", "", qwen3_235b_a22b, 4096, q_tokens, bf16, "h100-sxm5-80gb", 400, 32, 2, 8, 1,
       Recompute::none, 1, rate, 0, per_gpu / 17.6, 0.7, 1.3, 32, megatron, 1, 4, true},
      {"zoo 235B EP32 TP2 PP8 VP4", "", qwen3_235b_a22b, 4096, q_tokens, bf16, "h100-sxm5-80gb", 400, 32, 2, 8, 1,
       Recompute::none, 1, rate, 0, per_gpu / 19.7, 0.7, 1.3, 32, megatron, 1, 4, true},
      {"zoo 235B EP8 TP2 FSDP128 mb4 full", "", qwen3_235b_a22b, 4096, q_tokens, bf16, "h100-sxm5-80gb", 400, 32, 2, 1,
       3, Recompute::full, 4, rate, 0, per_gpu / 17.6, 0.7, 1.3, 8, megatron, 1, 0, true},
      {"zoo 235B EP8 TP2 PP32 VP3 a2a", "", qwen3_235b_a22b, 4096, q_tokens, bf16, "h100-sxm5-80gb", 400, 32, 2, 32, 1,
       Recompute::none, 1, rate, 0, per_gpu / 24.2, 0.7, 1.3, 8, megatron, 1, 3, true},
      {"zoo 235B EP8 TP4 PP8 VP4", "", qwen3_235b_a22b, 4096, q_tokens, bf16, "h100-sxm5-80gb", 400, 32, 4, 8, 1,
       Recompute::none, 1, rate, 0, per_gpu / 29.0, 0.7, 1.3, 8, megatron, 1, 4, true},
  };
  for (const auto& row : zoo) print(row);
  // Megatron-Bridge 26.02 NeMo container (docs/performance-summary-archive.md of
  // NVIDIA-NeMo/Megatron-Bridge): a later release's MoE rows, printed for the investigation of the
  // MoE terms (docs/estimation.md "MoE training"); the B300 and B200 Qwen3-30B-A3B rows are checked
  // in "[moe]" below.
  const Row probe[] = {
      qwen3_b300_micro_batch_8(),
      {"26.02 Qwen3-30B B200 mb1", "", qwen3_30b_a3b, 4096, 512 * 4096.0, fp8, "b200", 400, 1, 1, 1, 1,
       Recompute::none, 1, rate, 0, 9'691, 0.7, 1.3, 8, megatron, 1, 0, true, 8, workload::Method::full, false, false},
      {"26.02 GPT-OSS GB200 EP64 mb4", "", gpt_oss_120b, 4096, 1280 * 4096.0, bf16, "gb200", 400, 1, 1, 1, 1,
       Recompute::none, 4, rate, 0, 15'784, 0.7, 1.3, 64, megatron, 1, 0, true, 64, workload::Method::full, false,
       false},
      {"26.02 GPT-OSS B200 EP64 mb4", "", gpt_oss_120b, 4096, 1280 * 4096.0, bf16, "b200", 400, 8, 1, 1, 1,
       Recompute::none, 4, rate, 0, 8'047, 0.7, 1.3, 64, megatron, 1, 0, true, 8, workload::Method::full, false, false},
      // 26.02.01 NeMo container (same archive): the DGX-B200 GPT-OSS layout moved to EP 8 (all-to-all
      // inside the node), 13,722 tokens/s/GPU against 26.02's 8,047 at EP 64.
      {"26.02.01 GPT-OSS B200 EP8 mb4", "", gpt_oss_120b, 4096, 1280 * 4096.0, bf16, "b200", 400, 8, 1, 1, 1,
       Recompute::none, 4, rate, 0, 13'722, 0.7, 1.3, 8, megatron, 1, 0, true, 8, workload::Method::full, false, false},
      {"26.02 GPT-OSS H100 PP4 EP8 mb1", "", gpt_oss_120b, 4096, 1280 * 4096.0, bf16, "h100-sxm5-80gb", 400, 8, 1, 4, 1,
       Recompute::none, 1, rate, 0, 5'993, 0.7, 1.3, 8, megatron, 1, 0, true, 8, workload::Method::full, false, false},
      {"26.02 Qwen3-30B H100 PP2 VP12 mb1", "", qwen3_30b_a3b, 4096, 1024 * 4096.0, fp8, "h100-sxm5-80gb", 400, 2, 1, 2, 1,
       Recompute::none, 1, rate, 0, 5'113, 0.7, 1.3, 8, megatron, 1, 12, true},
  };
  for (const auto& row : probe) print(row);
  // The 26.06 SFT row on 32 GB200 as its rack runs it: one NVLink domain (a GB200 NVL72 rack holds 72
  // GPUs), not the four 8-GPU nodes the row was written down with before its prediction was computed
  // (docs/estimation.md "New held-out rows, Megatron-Bridge 26.06"); printed, not counted.
  const Row sft_one_domain{"26.06 Llama 3 70B SFT, 32 GB200 as one NVLink domain", "", llama31_70b, 4096,
                           32 * 4096.0, fp8, "gb200", 400, 1, 1, 8, 1, Recompute::none, 1, rate, 0, 3'864, 0.7, 1.3, 1,
                           megatron, 1, 10, false, 32};
  print(sft_one_domain);
}

// ---- Framework, FP4 training, virtual stages, MoE terms (docs/estimation.md "Framework") --------

TEST_CASE("the framework flag defaults per workload and moves the FP8 speed-up", "[estimate][framework]") {
  const catalog::Catalog catalog = builtin();
  const auto resolved = [&](workload::Kind kind, std::optional<workload::Method> method,
                            std::optional<workload::Framework> framework) {
    workload::Request r;
    r.kind = kind;
    r.model = "llama-3.1-8b";
    r.method = method;
    r.framework = framework;
    return workload::resolve(r, catalog);
  };
  CHECK(resolved(workload::Kind::llm_pretrain, {}, {}).framework == workload::Framework::megatron);
  CHECK(resolved(workload::Kind::llm_finetune, {}, {}).framework == workload::Framework::fsdp);
  CHECK(resolved(workload::Kind::llm_finetune, workload::Method::lora, {}).framework == workload::Framework::hf);
  const auto given = resolved(workload::Kind::llm_pretrain, {}, workload::Framework::deepspeed);
  CHECK(given.framework == workload::Framework::deepspeed);
  bool told = false;
  for (const auto& sentence : resolved(workload::Kind::llm_pretrain, {}, {}).defaults_applied) {
    if (sentence.rfind("framework: megatron", 0) == 0) told = true;
  }
  CHECK(told);

  // The Megatron-Bridge FP8 calibration row: Megatron's TE step is faster than FSDP's at FP8 and
  // the same at bf16.
  const auto found = std::find_if(rows().begin(), rows().end(), [](const Row& candidate) {
    return std::string(candidate.name).find("8B FP8-CS, 8 H100") != std::string::npos;
  });
  REQUIRE(found != rows().end());
  Row row = *found;
  const double megatron_fp8 = evaluate(catalog, row).predicted;
  row.framework = fsdp;
  const double fsdp_fp8 = evaluate(catalog, row).predicted;
  CHECK(megatron_fp8 > 1.2 * fsdp_fp8);
  row.precision = bf16;
  const double fsdp_bf16 = evaluate(catalog, row).predicted;
  row.framework = megatron;
  CHECK(evaluate(catalog, row).predicted == Approx(fsdp_bf16));
}

TEST_CASE("NVFP4 training runs on FP4 GPUs, faster than FP8, and is excluded elsewhere", "[estimate][framework]") {
  const catalog::Catalog catalog = builtin();
  workload::Request r;
  r.kind = workload::Kind::llm_pretrain;
  r.model = "llama-3.1-8b";
  r.precision = workload::Precision::fp4;
  const auto fp4 = workload::resolve(r, catalog);
  r.precision = workload::Precision::fp8;
  const auto fp8_profile = workload::resolve(r, catalog);
  const auto b200 = hgx(catalog, "b200", 1);
  const auto on_fp4 = estimate::run(fp4, b200);
  const auto on_fp8 = estimate::run(fp8_profile, b200);
  REQUIRE(on_fp4.memory.fits);
  CHECK(on_fp4.time.wall_hours < on_fp8.time.wall_hours / 1.2);
  const auto h100 = estimate::run(fp4, hgx(catalog, "h100-sxm5-80gb", 1));
  CHECK_FALSE(h100.memory.fits);
  CHECK(h100.memory.reason == estimate::PlanReason::no_fp4);
  // Adapters and vision stay out of FP4 training.
  r.precision = workload::Precision::fp4;
  r.kind = workload::Kind::llm_finetune;
  r.method = workload::Method::lora;
  CHECK_THROWS_WITH(workload::resolve(r, catalog), Catch::Contains("fp4"));
}

TEST_CASE("virtual pipeline stages divide the bubble as given", "[estimate][framework]") {
  const catalog::Catalog catalog = builtin();
  Row row = heldout_rows().front();  // Llama 3 70B, TP 4 PP 8 VP 5
  REQUIRE(row.vp == 5);
  const Outcome five = evaluate(catalog, row);
  row.vp = 1;
  const Outcome one = evaluate(catalog, row);
  // One chunk per GPU: a bubble five times as long, fewer stage sends; slower overall.
  CHECK(one.step.pipeline_s > 1.3 * five.step.pipeline_s);
  CHECK(one.predicted < five.predicted);
}

TEST_CASE("MoE experts: imbalance, local experts and an unoverlapped all-to-all slow training, "
          "batch-1 serving is not slowed",
          "[estimate][moe]") {
  const catalog::Catalog catalog = builtin();
  Row row = rows().back();  // Qwen3-30B-A3B on 8 GB200, force-balanced
  REQUIRE(row.shape.experts == 128);
  workload::Profile probe;
  static_cast<catalog::ModelShape&>(probe.shape) = {.params = row.shape.params,
                                                    .active_params = row.shape.active_params,
                                                    .layers = row.shape.layers,
                                                    .hidden = row.shape.hidden,
                                                    .heads = row.shape.heads,
                                                    .kv_heads = row.shape.kv_heads,
                                                    .ffn = row.shape.ffn,
                                                    .vocab = row.shape.vocab,
                                                    .experts = row.shape.experts,
                                                    .experts_per_token = row.shape.experts_per_token};
  // MODELS-2026.md: moe_intermediate_size 768.
  CHECK(estimate::model::expert_ffn_width(probe.shape) == Approx(768).epsilon(0.03));
  const double balanced = evaluate(catalog, row).predicted;
  row.balanced = false;
  // The busiest rank's 1.1x load lengthens the expert GEMMs (a fifth of this row's step once the
  // exposed all-to-all and the dispatch cost are counted).
  CHECK(evaluate(catalog, row).predicted < balanced / 1.01);

  // The MoE cost per micro-step (per layer and per local expert), against a later release's row that
  // fits nothing: micro-batch 8 on 8 B300 (docs/estimation.md "Calibration").
  const Row b300 = qwen3_b300_micro_batch_8();
  const double b300_ratio = evaluate(catalog, b300).ratio;
  INFO(b300.name << ": predicted / published tokens/s = " << b300_ratio);
  CHECK(b300_ratio >= b300.allowed_low);
  CHECK(b300_ratio <= b300.allowed_high);
  // The all-to-all without the recipe's overlap (Megatron-Core's default) is on the critical path in
  // full; overlapped it hides under another micro-batch's compute, at least 30% of it exposed.
  const auto crossing = std::find_if(heldout_rows().begin(), heldout_rows().end(), [](const Row& candidate) {
    return std::string(candidate.name).find("GPT-OSS 120B BF16, 64 B200") != std::string::npos;
  });
  REQUIRE(crossing != heldout_rows().end());
  Row exposed = *crossing;
  exposed.a2a_overlapped = false;
  Row overlapped = *crossing;
  overlapped.a2a_overlapped = true;
  const double exposed_s = evaluate(catalog, exposed).step.expert_comm_s;
  const double overlapped_s = evaluate(catalog, overlapped).step.expert_comm_s;
  CHECK(overlapped_s < exposed_s);
  CHECK(overlapped_s >= 0.3 * exposed_s * 0.999);

  // Fewer local experts (more expert parallel) cost less per micro-step: EP 8 holds 16 of Qwen3's
  // 128 experts per GPU, EP 1 all 128.
  Row all_local = rows().back();
  all_local.ep = 1;
  CHECK(evaluate(catalog, all_local).step.compute_s > evaluate(catalog, rows().back()).step.compute_s * 1.5);

  // Serving: one token's experts at batch 1 read as a dense model of the active size would.
  workload::Request r;
  r.kind = workload::Kind::llm_inference;
  r.model = "qwen3-30b-a3b";
  r.batch = 1;
  r.output_tokens = 256;
  r.input_tokens = 1;
  const auto moe = workload::resolve(r, catalog);
  const auto hardware = hgx(catalog, "h100-sxm5-80gb", 1);
  const auto point = estimate::model::serving_point(moe, hardware, 1, 1);
  workload::Profile dense = moe;
  dense.shape.params = moe.shape.active_params;
  dense.shape.experts = 0;
  dense.shape.experts_per_token = 0;
  const auto dense_point = estimate::model::serving_point(dense, hardware, 1, 1);
  CHECK(point.step_s == Approx(dense_point.step_s).epsilon(0.02));
}

// ---- Held-out memory (docs/estimation.md "Held-out validation") --------------------------------
// torchtitan's Llama 3.1 benchmarks on H100 (benchmarks/llama3_h100_202412_torchtitan.md of
// pytorch/torchtitan, Tables 1-4): peak memory per GPU in GiB, FSDP (ZeRO-3 over DP x CP), the
// PyTorch loss (framework fsdp). Compared with the estimate's per-GPU total.

namespace {

struct MemoryRow {
  const char* name;
  double allowed_high;  // published / estimated; 1.15 unless stated
  Shape shape;
  int seq_len;
  int micro_batch;
  int gpus;
  int tp, cp;
  Recompute recompute;
  double published_gib;
};

const std::vector<MemoryRow>& heldout_memory_rows() {
  static const std::vector<MemoryRow> table{
      {"Llama 3.1 8B, FSDP 8, 2 x 8K, selective AC (Table 1)", 1.15, llama31_8b, 8192, 2, 8, 1, 1, Recompute::selective,
       82.4},
      {"Llama 3.1 8B, FSDP 8, 32K, full AC (Table 2)", 1.15, llama31_8b, 32768, 1, 8, 1, 1, Recompute::full, 83.9},
      {"Llama 3.1 8B, FSDP 4 x CP 2, 64K, full AC (Table 2)", 1.15, llama31_8b, 65536, 1, 8, 1, 2, Recompute::full, 84.2},
      {"Llama 3.1 8B, FSDP 2 x CP 4, 128K, full AC (Table 2)", 1.15, llama31_8b, 131072, 1, 8, 1, 4, Recompute::full, 84.0},
      {"Llama 3.1 8B, CP 8, 256K, full AC (Table 2)", 1.15, llama31_8b, 262144, 1, 8, 1, 8, Recompute::full, 84.5},
      {"Llama 3.1 8B, FSDP 128, 2 x 8K, selective AC (Table 3)", 1.15, llama31_8b, 8192, 2, 128, 1, 1, Recompute::selective,
       67.0},
      // Known miss (1.26): 16 sequences per micro-step under TP 8; FSDP2's prefetched and resharded
      // buffers at that size are not modelled.
      {"Llama 3.1 70B, FSDP 32 x TP 8, 16 x 8K, full AC (Table 4)", 1.35, llama31_70b, 8192, 16, 256, 8, 1, Recompute::full,
       71.9},
  };
  return table;
}

double memory_ratio(const MemoryRow& row) {
  workload::Profile profile;
  profile.kind = workload::Kind::llm_pretrain;
  profile.framework = fsdp;
  const Shape& s = row.shape;
  static_cast<catalog::ModelShape&>(profile.shape) = {.params = s.params, .active_params = s.params, .layers = s.layers,
                                                      .hidden = s.hidden, .heads = s.heads, .kv_heads = s.kv_heads,
                                                      .ffn = s.ffn, .vocab = s.vocab};
  profile.seq_len = row.seq_len;
  estimate::Plan plan;
  plan.gpus_per_node = 8;
  plan.nodes = row.gpus / 8;
  plan.tensor_parallel = row.tp;
  plan.context_parallel = row.cp;
  plan.zero_stage = 3;
  plan.recompute = row.recompute;
  plan.micro_batch = row.micro_batch;
  const auto memory = estimate::estimate_memory(profile, plan, 0);
  return row.published_gib * units::bytes_per_gib / memory.per_gpu.total_bytes;
}

}  // namespace

TEST_CASE("held-out memory: recomputation and context parallel within 15% of torchtitan's peaks",
          "[estimate][calibration][heldout]") {
  int within = 0;
  for (const auto& row : heldout_memory_rows()) {
    const double ratio = memory_ratio(row);
    INFO(row.name << ": published / estimated memory = " << ratio);
    if (ratio >= 0.85 && ratio <= 1.15) ++within;
    // Full recomputation (the long-context rows) and torchtitan's op-level selective checkpointing
    // (--framework fsdp: the outputs of every second matmul, docs/estimation.md "Activations"):
    // within 15%, the 70B row's stated tolerance aside.
    CHECK(ratio >= 0.85);
    CHECK(ratio <= row.allowed_high);
  }
  // Measured: six of seven (1.06-1.11); the 70B TP 8 row with 16 sequences per micro-step misses.
  CHECK(within >= 7);
}

TEST_CASE("held-out memory table (run with -s to print)", "[.heldout-report]") {
  std::printf("| run | published GiB | estimated GiB | published / estimated |\n|---|---:|---:|---:|\n");
  for (const auto& row : heldout_memory_rows()) {
    const double ratio = memory_ratio(row);
    std::printf("| %s | %.1f | %.1f | %.2f |\n", row.name, row.published_gib, row.published_gib / ratio, ratio);
  }
}

// ---- Held-out serving (docs/estimation.md "Held-out validation") -------------------------------
// TensorRT-LLM "Performance Overview" v1.0 (docs/source/performance/perf-overview.md of
// NVIDIA/TensorRT-LLM): the rows of the same tables the serving constants were not fitted on (other
// input/output lengths of the calibrated models, and GB200 NVFP4). Output tokens/s of one replica at
// the batch free KV memory holds, as the serving calibration evaluates its rows.

namespace {

struct ServingRow {
  const char* model;
  const char* gpu;
  int tp;
  workload::Precision precision;
  int input;
  int output;
  double measured_output_tokens_per_s;
};

const std::vector<ServingRow>& heldout_serving_rows() {
  constexpr auto fp4 = workload::Precision::fp4;
  static const std::vector<ServingRow> table{
      {"llama-3.1-8b", "h100-sxm5-80gb", 1, fp8, 128, 128, 28'312},
      {"llama-3.1-8b", "h100-sxm5-80gb", 1, fp8, 128, 4096, 14'325},
      {"llama-3.1-8b", "h100-sxm5-80gb", 1, fp8, 1000, 2000, 13'899},
      {"llama-3.1-8b", "h200-sxm-141gb", 1, fp8, 128, 128, 27'911},
      {"llama-3.1-8b", "h200-sxm-141gb", 1, fp8, 128, 4096, 18'027},
      {"llama-3.1-8b", "h200-sxm-141gb", 1, fp8, 500, 2000, 20'770},
      {"llama-3.1-8b", "h200-sxm-141gb", 1, fp8, 5000, 500, 3'902},
      {"llama-3.1-8b", "h200-sxm-141gb", 1, fp8, 20000, 2000, 1'804},
      {"llama-3.1-70b", "h100-sxm5-80gb", 2, fp8, 128, 128, 6'378},
      {"llama-3.1-70b", "h100-sxm5-80gb", 2, fp8, 128, 4096, 4'199},
      {"llama-3.1-70b", "h100-sxm5-80gb", 2, fp8, 500, 2000, 5'222},
      {"llama-3.1-70b", "h100-sxm5-80gb", 2, fp8, 1000, 2000, 4'146},
      {"llama-3.1-70b", "h200-sxm-141gb", 1, fp8, 128, 128, 3'803},
      {"llama-3.1-70b", "h200-sxm-141gb", 1, fp8, 500, 2000, 3'666},
      {"llama-3.1-70b", "h200-sxm-141gb", 1, fp8, 2048, 2048, 2'003},
      {"llama-3.1-70b", "h200-sxm-141gb", 1, fp8, 5000, 500, 566},
      {"llama-3.1-70b", "h200-sxm-141gb", 1, fp8, 20000, 2000, 283},
      {"llama-3.1-405b", "h100-sxm5-80gb", 8, fp8, 128, 128, 3'627},
      {"llama-3.1-405b", "h100-sxm5-80gb", 8, fp8, 500, 2000, 3'994},
      {"llama-3.1-405b", "h100-sxm5-80gb", 8, fp8, 2048, 2048, 2'296},
      {"llama-3.1-405b", "h100-sxm5-80gb", 8, fp8, 5000, 500, 610},
      {"llama-3.1-405b", "h200-sxm-141gb", 8, fp8, 128, 2048, 5'348},
      {"llama-3.1-405b", "h200-sxm-141gb", 8, fp8, 500, 2000, 4'724},
      {"llama-3.1-405b", "h200-sxm-141gb", 8, fp8, 2048, 128, 456},
      {"llama-3.1-70b", "gb200", 1, fp4, 128, 2048, 11'309},
      {"llama-3.1-70b", "gb200", 1, fp4, 1000, 1000, 7'326},
      {"llama-3.1-70b", "gb200", 1, fp4, 2048, 128, 1'450},
      {"llama-3.1-70b", "gb200", 1, fp4, 5000, 500, 1'602},
  };
  return table;
}

// Written down before their prediction was computed (issue 26): every cell of the same page's three
// Llama tables ("Llama 3.3 70B", "Llama 3.1 405B", "Llama 3.1 8B") that neither the serving
// calibration nor the rows above hold. NVIDIA/TensorRT-LLM docs/source/performance/perf-overview.md
// at commit 00f37686aa854010d68bcbd0f4ab000221541ca6 (the v1.0 page; read 2026-12-04). Llama 3.3 70B
// runs as llama-3.1-70b (the same architecture); FP4 columns are NVFP4 checkpoints.
const std::vector<ServingRow>& preregistered_serving_rows() {
  constexpr auto fp4 = workload::Precision::fp4;
  static const std::vector<ServingRow> table{
      // Llama 3.3 70B, B200 TP1 (FP4): the lengths fp4_step_factor was not fitted on.
      {"llama-3.1-70b", "b200", 1, fp4, 128, 128, 11'147},
      {"llama-3.1-70b", "b200", 1, fp4, 128, 4096, 6'831},
      {"llama-3.1-70b", "b200", 1, fp4, 500, 2000, 7'762},
      {"llama-3.1-70b", "b200", 1, fp4, 1000, 2000, 6'271},
      {"llama-3.1-70b", "b200", 1, fp4, 20000, 2000, 665},
      // Llama 3.3 70B, GB200 TP1 (FP4).
      {"llama-3.1-70b", "gb200", 1, fp4, 128, 128, 12'189},
      {"llama-3.1-70b", "gb200", 1, fp4, 128, 4096, 7'849},
      {"llama-3.1-70b", "gb200", 1, fp4, 500, 2000, 9'028},
      {"llama-3.1-70b", "gb200", 1, fp4, 1000, 2000, 6'513},
      {"llama-3.1-70b", "gb200", 1, fp4, 2048, 2048, 5'646},
      {"llama-3.1-70b", "gb200", 1, fp4, 20000, 2000, 755},
      // Llama 3.3 70B, H200 TP1 (FP8).
      {"llama-3.1-70b", "h200-sxm-141gb", 1, fp8, 128, 4096, 2'872},
      {"llama-3.1-70b", "h200-sxm-141gb", 1, fp8, 1000, 2000, 2'994},
      // Llama 3.1 405B, B200 TP4 (FP4).
      {"llama-3.1-405b", "b200", 4, fp4, 128, 128, 6'281},
      {"llama-3.1-405b", "b200", 4, fp4, 128, 2048, 8'020},
      {"llama-3.1-405b", "b200", 4, fp4, 128, 4096, 6'345},
      {"llama-3.1-405b", "b200", 4, fp4, 500, 2000, 6'244},
      {"llama-3.1-405b", "b200", 4, fp4, 1000, 1000, 5'209},
      {"llama-3.1-405b", "b200", 4, fp4, 1000, 2000, 4'933},
      {"llama-3.1-405b", "b200", 4, fp4, 2048, 128, 749},
      {"llama-3.1-405b", "b200", 4, fp4, 2048, 2048, 4'212},
      {"llama-3.1-405b", "b200", 4, fp4, 5000, 500, 1'048},
      {"llama-3.1-405b", "b200", 4, fp4, 20000, 2000, 672},
      // Llama 3.1 405B, GB200 TP4 (FP4).
      {"llama-3.1-405b", "gb200", 4, fp4, 128, 128, 6'740},
      {"llama-3.1-405b", "gb200", 4, fp4, 128, 2048, 8'151},
      {"llama-3.1-405b", "gb200", 4, fp4, 128, 4096, 6'608},
      {"llama-3.1-405b", "gb200", 4, fp4, 500, 2000, 6'540},
      {"llama-3.1-405b", "gb200", 4, fp4, 1000, 1000, 5'389},
      {"llama-3.1-405b", "gb200", 4, fp4, 1000, 2000, 5'135},
      {"llama-3.1-405b", "gb200", 4, fp4, 2048, 128, 797},
      {"llama-3.1-405b", "gb200", 4, fp4, 2048, 2048, 4'407},
      {"llama-3.1-405b", "gb200", 4, fp4, 5000, 500, 1'112},
      {"llama-3.1-405b", "gb200", 4, fp4, 20000, 2000, 739},
      // Llama 3.1 405B, H200 TP8 (FP8).
      {"llama-3.1-405b", "h200-sxm-141gb", 8, fp8, 128, 128, 3'814},
      {"llama-3.1-405b", "h200-sxm-141gb", 8, fp8, 128, 4096, 4'741},
      {"llama-3.1-405b", "h200-sxm-141gb", 8, fp8, 1000, 2000, 3'722},
      {"llama-3.1-405b", "h200-sxm-141gb", 8, fp8, 20000, 2000, 505},
      // Llama 3.1 405B, H100 TP8 (FP8).
      {"llama-3.1-405b", "h100-sxm5-80gb", 8, fp8, 128, 4096, 3'116},
      {"llama-3.1-405b", "h100-sxm5-80gb", 8, fp8, 1000, 2000, 2'895},
      {"llama-3.1-405b", "h100-sxm5-80gb", 8, fp8, 20000, 2000, 345},
      // Llama 3.1 8B, H200 TP1 (FP8).
      {"llama-3.1-8b", "h200-sxm-141gb", 1, fp8, 1000, 2000, 16'828},
  };
  return table;
}

struct ServingOutcome {
  double ratio = 0;  // measured / estimated output tokens/s
  estimate::Band band;
  int batch = 0;
  estimate::model::ServingPoint point;
};

ServingOutcome evaluate_serving(const catalog::Catalog& catalog, const ServingRow& row) {
  workload::Request request;
  request.kind = workload::Kind::llm_inference;
  request.model = std::string(row.model);
  request.precision = row.precision;
  request.input_tokens = row.input;
  request.output_tokens = row.output;
  request.context = row.input + row.output;
  const auto profile = workload::resolve(request, catalog);
  estimate::Hardware hardware;
  hardware.gpu = catalog.find_gpu(row.gpu);
  REQUIRE(hardware.gpu != nullptr);
  hardware.gpus_per_node = row.tp;
  hardware.interconnect = catalog::Interconnect::nvlink;
  estimate::Plan plan;
  plan.gpus_per_node = row.tp;
  plan.tensor_parallel = row.tp;
  ServingOutcome outcome;
  outcome.batch = gpuselect::testing::trtllm_bench_batch(
      estimate::model::max_serving_batch(profile, plan, hardware.gpu->capacity_bytes()));
  outcome.point = estimate::model::serving_point(profile, hardware, row.tp, outcome.batch);
  const auto& point = outcome.point;
  outcome.ratio = row.measured_output_tokens_per_s / point.output_tokens_per_s;
  outcome.band = estimate::model::serving_bands(profile, hardware, outcome.batch, point.memory_bound).throughput;
  return outcome;
}

}  // namespace

namespace {
struct ServingCount {
  int rows = 0;
  int within_35 = 0;
  int inside_band = 0;
  int fp4_rows = 0;
  int fp4_within_35 = 0;
};

ServingCount count_serving(const catalog::Catalog& catalog, const std::vector<ServingRow>& rows) {
  ServingCount count;
  for (const auto& row : rows) {
    const ServingOutcome outcome = evaluate_serving(catalog, row);
    INFO(row.model << " on " << row.tp << "x " << row.gpu << " " << row.input << "/" << row.output << ": measured / "
                   << "estimated " << outcome.ratio << " at batch " << outcome.batch);
    CHECK(outcome.batch > 0);
    CHECK(outcome.ratio > 0.5);
    CHECK(outcome.ratio < 1.5);
    const bool within = outcome.ratio >= 1 / 1.35 && outcome.ratio <= 1.35;
    ++count.rows;
    if (within) ++count.within_35;
    if (outcome.ratio >= outcome.band.low && outcome.ratio <= outcome.band.high) ++count.inside_band;
    if (row.precision == workload::Precision::fp4) {
      ++count.fp4_rows;
      if (within) ++count.fp4_within_35;
    }
  }
  return count;
}
}  // namespace

TEST_CASE("held-out serving throughput: TensorRT-LLM rows outside the fit", "[estimate][calibration][heldout]") {
  const catalog::Catalog catalog = builtin();
  const ServingCount first = count_serving(catalog, heldout_serving_rows());
  // Measured: 22 of 24 Hopper FP8 rows within 35% (the misses: 70B 128/128 on one H200 at 1.46, where
  // a batch of ~1,500 runs faster than the roofline, and 70B 20000/2000 at 0.74); GB200 NVFP4 4 of 4
  // (0.86-1.10 with fp4_step_factor fitted on B200's rows; 0.59-0.75 before): 26 of 28 (93%). Band
  // coverage was 17 of 28 (61%) before the calibrated-regime rule, 23 of 28 with it.
  // With the decode share by layer width (issue 26, computed once after its fit was committed):
  // Hopper FP8 21 of 24 (70B 128/128 on one H200 1.46 -> 1.11 gained; 8B 128/128 on one H100 and
  // one H200 lost, 1.25 -> 1.49 and 1.23 -> 1.47; 70B 20000/2000 still 0.74), 25 of 28, 25 inside
  // their band. With the decode share by layer width and tokens a step (issue 26, second round,
  // computed once after its fit on the 32 calibration rows was committed): Hopper FP8 23 of 24 (8B
  // 128/128 on one H100 and one H200 gained, 1.49 -> 1.17 and 1.47 -> 1.15; 70B 20000/2000 on one
  // H200 still 0.74), 27 of 28, 25 inside their band.
  CHECK(first.within_35 - first.fp4_within_35 >= first.rows - first.fp4_rows - 1);
  CHECK(first.fp4_within_35 == 4);
  CHECK(first.within_35 >= 27);
  CHECK(first.inside_band >= 25);
  // The 41 rows written down before their prediction (docs/estimation.md "New held-out serving
  // rows"): 35 within 35% (NVFP4 27 of 31, Hopper FP8 8 of 10), 39 inside their band; with the
  // decode share by layer width 36 within 35%, 37 inside their band; with layer width and tokens a
  // step 37 within 35% (405B 128/4096 on eight H100 gained, 0.72 -> 0.85), 38 inside their band.
  const ServingCount later = count_serving(catalog, preregistered_serving_rows());
  CHECK(later.rows == 41);
  CHECK(later.within_35 >= 37);
  CHECK(later.fp4_within_35 >= 27);
  CHECK(later.inside_band >= 38);
}

// moe_step_factor_one_gpu's fit (estimate/model.hpp): TensorRT-LLM v1.0 perf overview (perf-overview.md
// at NVIDIA/TensorRT-LLM 00f37686, read 2026-12-04), Qwen3-30B-A3B, B200 TP1 (FP4), total output
// tokens/s. The eight memory-bound rows are the fit; 128/128 and 2048/128 are compute-bound (the
// serving model has no expert-width term: they stay too fast, docs/estimation.md "MoE on one GPU").
TEST_CASE("the one-GPU MoE factor reproduces the memory-bound B200 TP1 Qwen3-30B-A3B rows it was fitted on",
          "[estimate][calibration]") {
  constexpr auto fp4 = workload::Precision::fp4;
  const std::vector<ServingRow> memory_bound{
      {"qwen3-30b-a3b", "b200", 1, fp4, 128, 2048, 37'844},  {"qwen3-30b-a3b", "b200", 1, fp4, 128, 4096, 24'953},
      {"qwen3-30b-a3b", "b200", 1, fp4, 500, 2000, 27'817},  {"qwen3-30b-a3b", "b200", 1, fp4, 1000, 1000, 25'828},
      {"qwen3-30b-a3b", "b200", 1, fp4, 1000, 2000, 22'051}, {"qwen3-30b-a3b", "b200", 1, fp4, 2048, 2048, 17'554},
      {"qwen3-30b-a3b", "b200", 1, fp4, 5000, 500, 6'142},   {"qwen3-30b-a3b", "b200", 1, fp4, 20000, 2000, 2'944},
  };
  const catalog::Catalog catalog = builtin();
  double log_sum = 0;
  for (const auto& row : memory_bound) {
    const ServingOutcome outcome = evaluate_serving(catalog, row);
    INFO(row.input << "/" << row.output << ": measured / estimated " << outcome.ratio);
    CHECK(outcome.ratio > 0.6);
    CHECK(outcome.ratio < 1.5);
    log_sum += std::log(outcome.ratio);
  }
  const double geometric_mean = std::exp(log_sum / static_cast<double>(memory_bound.size()));
  CHECK(geometric_mean == Approx(1.0).margin(0.05));
  // The compute-bound rows: still too fast (the documented gap), not made faster than before.
  const ServingOutcome short_prompt = evaluate_serving(catalog, {"qwen3-30b-a3b", "b200", 1, fp4, 128, 128, 39'827});
  CHECK(short_prompt.ratio < 0.6);
}

TEST_CASE("held-out serving table (run with -s to print)", "[.heldout-report]") {
  const catalog::Catalog catalog = builtin();
  const auto print = [&](const std::vector<ServingRow>& rows) {
  std::printf("| model | GPUs | input/output | batch | measured tok/s | measured / estimated | band |\n"
              "|---|---|---|---:|---:|---:|---|\n");
  for (const auto& row : rows) {
    const ServingOutcome outcome = evaluate_serving(catalog, row);
    std::printf("| %s | %d x %s | %d/%d | %d | %.0f | %.2f | %.2f-%.2f%s |\n", row.model, row.tp, row.gpu, row.input,
                row.output, outcome.batch, row.measured_output_tokens_per_s, outcome.ratio, outcome.band.low,
                outcome.band.high,
                outcome.ratio >= outcome.band.low && outcome.ratio <= outcome.band.high ? "" : " (outside)");
  }
  };
  print(heldout_serving_rows());
  std::printf("\nRows written down before their prediction:\n\n");
  print(preregistered_serving_rows());
  const ServingCount first = count_serving(catalog, heldout_serving_rows());
  const ServingCount later = count_serving(catalog, preregistered_serving_rows());
  std::printf("\nwithin 35%%: %d of %d (first %d of %d, later %d of %d); inside their band: %d of %d\n",
              first.within_35 + later.within_35, first.rows + later.rows, first.within_35, first.rows,
              later.within_35, later.rows, first.inside_band + later.inside_band, first.rows + later.rows);
}

TEST_CASE("serving step breakdown of the held-out rows (run with -s to print)", "[.serving-breakdown]") {
  // The roofline terms (milliseconds, before the MoE and FP4 step factors) of each held-out row's
  // steady-state step, and the step itself: which term sets it.
  const catalog::Catalog catalog = builtin();
  std::printf("| model | GPUs | in/out | batch | memory ms | decode ms | prefill ms | fixed ms | step ms | ratio |\n");
  for (const auto& row : heldout_serving_rows()) {
    const ServingOutcome outcome = evaluate_serving(catalog, row);
    const auto& parts = outcome.point.parts;
    std::printf("| %s | %d x %s | %d/%d | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f |\n", row.model, row.tp, row.gpu,
                row.input, row.output, outcome.batch, parts.memory_s * 1e3, parts.decode_compute_s * 1e3,
                parts.prefill_compute_s * 1e3, parts.fixed_s * 1e3,
                outcome.batch / outcome.point.output_tokens_per_s * 1e3, outcome.ratio);
  }
}

TEST_CASE("the assumptions state the logits and loss buffers of the framework", "[estimate][framework]") {
  const catalog::Catalog catalog = builtin();
  workload::Request r;
  r.kind = workload::Kind::llm_pretrain;
  r.model = "llama-3.1-8b";
  const auto said = [&](const workload::Profile& profile, const std::string& words) {
    const auto sentences = estimate::assumptions(profile, estimate::Estimate{});
    return std::any_of(sentences.begin(), sentences.end(),
                       [&](const text::Words& sentence) { return sentence.say(text::Lang::en).find(words) != std::string::npos; });
  };
  const auto megatron_job = workload::resolve(r, catalog);
  CHECK(said(megatron_job, "logits and loss buffers of s·b·V/t x 6 bytes"));
  CHECK(said(megatron_job, "Output layer: its 16-bit input (2·s·b·h/t, the sequence-parallel shard)"));
  r.framework = workload::Framework::fsdp;
  CHECK(said(workload::resolve(r, catalog), "logits and loss buffers of s·b·V/t x 12 bytes"));
  CHECK(said(workload::resolve(r, catalog), "2·s·b·h, all-gathered by PyTorch tensor parallel"));
  CHECK(said(workload::resolve(r, catalog), "+ 4·s·b·h·(1 - 1/t) per layer held whole"));
}

TEST_CASE("the assumptions name the selective recomputation the memory model uses", "[estimate][framework]") {
  // docs/estimation.md "Activations": Megatron's selective set (34·s·b·h/t) except with --framework
  // fsdp, whose selective is torchtitan's op-level policy.
  const catalog::Catalog catalog = builtin();
  workload::Request r;
  r.kind = workload::Kind::llm_pretrain;
  r.model = "llama-3.1-8b";
  r.recompute = workload::Recompute::selective;
  const auto sentences_of = [&](const workload::Profile& profile) {
    std::string all;
    for (const auto& sentence : estimate::assumptions(profile, estimate::Estimate{})) all += sentence.say(text::Lang::en);
    return all;
  };
  r.framework = workload::Framework::megatron;
  const std::string megatron_words = sentences_of(workload::resolve(r, catalog));
  CHECK(megatron_words.find("selective recomputation: 34·s·b·h/t per layer") != std::string::npos);
  r.framework = workload::Framework::fsdp;
  const std::string fsdp_words = sentences_of(workload::resolve(r, catalog));
  CHECK(fsdp_words.find("torchtitan's op-level policy") != std::string::npos);
  CHECK(fsdp_words.find("selective recomputation: 34·s·b·h/t per layer") == std::string::npos);
}
