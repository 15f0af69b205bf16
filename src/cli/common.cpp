// The workload flags' help table (issue 17 item 1 moves it into the workload-flag table).
#include "cli/command.hpp"

namespace gpuselect::cli {

void add_workload_options(CLI::App& command, WorkloadFlags& flags) {
  struct FlagSpec {
    const char* name;
    std::string WorkloadFlags::*field;
    const char* help;
  };
  static const FlagSpec table[] = {
      {"--workload,-w", &WorkloadFlags::workload,
       "Job kind (the rest of the flags depend on it)"},
      {"--params,-p", &WorkloadFlags::params, "Model parameters: 7e9, 7B, 350M, 1.5T, 70_000_000_000"},
      {"--model,-m", &WorkloadFlags::model, "Model preset from the catalog (gpuselect catalog models)"},
      {"--layers", &WorkloadFlags::layers, "Custom shape: transformer layers"},
      {"--hidden", &WorkloadFlags::hidden, "Custom shape: hidden size"},
      {"--heads", &WorkloadFlags::heads, "Custom shape: attention heads"},
      {"--kv-heads", &WorkloadFlags::kv_heads, "Custom shape: key/value heads (grouped-query attention)"},
      {"--ffn", &WorkloadFlags::ffn, "Custom shape: feed-forward size"},
      {"--active-params", &WorkloadFlags::active_params, "Custom MoE: parameters active per token (e.g. 13B)"},
      {"--experts", &WorkloadFlags::experts, "Custom MoE: routed experts per MoE layer"},
      {"--experts-per-token", &WorkloadFlags::experts_per_token, "Custom MoE: routed experts chosen per token (top-k)"},
      {"--vocab", &WorkloadFlags::vocab, "Custom shape: vocabulary size"},
      {"--method", &WorkloadFlags::method, "Fine-tuning method: full, lora, qlora (default full)"},
      {"--lora-rank", &WorkloadFlags::lora_rank, "LoRA rank (default 16)"},
      {"--lora-targets", &WorkloadFlags::lora_targets,
       "LoRA target matrices, comma-separated (default q_proj,k_proj,v_proj,o_proj)"},
      {"--precision", &WorkloadFlags::precision,
       "Training: bf16 (default), fp16, fp32, fp8; serving: bf16, fp16, fp8, int8, int4, fp4 (FP4 GPUs)"},
      {"--optimizer", &WorkloadFlags::optimizer, "adamw (default), sgd, adam-8bit, adamw-bf16 (pure bf16 states)"},
      {"--quant-bits", &WorkloadFlags::quant_bits, "QLoRA base weight bits: 4 (NF4, default), 8, 2"},
      {"--seq-len", &WorkloadFlags::seq_len, "Training sequence length in tokens"},
      {"--micro-batch", &WorkloadFlags::micro_batch, "Sequences per GPU per micro-step (default: searched)"},
      {"--global-batch", &WorkloadFlags::global_batch, "Training tokens per optimizer step (default 4M pretrain)"},
      {"--recompute", &WorkloadFlags::recompute, "Activation recomputation: none, selective, full (default: searched)"},
      {"--attention", &WorkloadFlags::attention, "Attention kernel: flash (default), eager"},
      {"--tokens", &WorkloadFlags::tokens, "Training tokens (samples for cv-train); default per workload"},
      {"--zero", &WorkloadFlags::zero, "ZeRO stage: auto (default), 0, 1, 2, 3"},
      {"--offload", &WorkloadFlags::offload,
       "Offload: none, optimizer, all (to CPU), nvme (default: searched, CPU only)"},
      {"--pipeline-parallel", &WorkloadFlags::pipeline_parallel, "Training: pipeline stages (default: searched)"},
      {"--context-parallel", &WorkloadFlags::context_parallel,
       "Training: GPUs splitting a sequence (default: searched)"},
      {"--expert-parallel", &WorkloadFlags::expert_parallel,
       "Training a mixture of experts: GPUs the routed experts are spread over (default: searched)"},
      {"--mfu", &WorkloadFlags::mfu, "Model FLOPs utilisation override, 0-1"},
      {"--checkpoint-minutes", &WorkloadFlags::checkpoint_minutes, "Minutes between checkpoints (spot lost work)"},
      {"--context", &WorkloadFlags::context, "Serving: context length in tokens"},
      {"--batch", &WorkloadFlags::batch,
       "Serving: concurrent sequences per replica (llm-inference: default the largest that fits and meets targets)"},
      {"--ttft-ms", &WorkloadFlags::ttft_ms, "llm-inference: time-to-first-token target, p50 ms (default 2000)"},
      {"--tpot-ms", &WorkloadFlags::tpot_ms, "llm-inference: time-per-output-token target, p50 ms (default 200)"},
      {"--requests-per-s", &WorkloadFlags::requests_per_s, "Serving: requests per second to sustain"},
      {"--input-tokens", &WorkloadFlags::input_tokens, "Serving: prompt tokens per request"},
      {"--output-tokens", &WorkloadFlags::output_tokens, "Serving: generated tokens per request"},
      {"--tensor-parallel", &WorkloadFlags::tensor_parallel,
       "GPUs per replica / tensor-parallel degree (power of two)"},
      {"--egress-gb", &WorkloadFlags::egress_gb, "GB leaving the cloud (checkpoints, datasets), priced as egress"},
      {"--hours", &WorkloadFlags::hours, "Serving and notebooks: hours of use to price"},
  };
  for (const auto& spec : table) {
    command.add_option(spec.name, flags.*spec.field, spec.help)->group("Workload");
  }
}

}  // namespace gpuselect::cli
