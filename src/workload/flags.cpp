// The workload-flag table (include/gpuselect/workload_flags.hpp): one row per flag.
#include <type_traits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gpuselect/error.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/workload_flags.hpp"

namespace gpuselect::workload {

namespace {

template <typename Member>
using value_of = typename std::remove_cvref_t<Member>::value_type;

template <auto member>
void parse_member(const Flag& flag, std::string_view text, Request& request) {
  using T = value_of<decltype(request.*member)>;
  if constexpr (std::is_same_v<T, std::string>) {
    request.*member = std::string(text);
  } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
    request.*member = text::split_list(text);
  } else if constexpr (std::is_enum_v<T>) {
    // The names are in declaration order (workload.hpp), so a name's position is its value.
    const std::vector<std::string> names = flag.choices();
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (names[i] == text) {
        request.*member = static_cast<T>(i);
        return;
      }
    }
    // "--workload: unknown workload 'x'": the flag's name is the kind.
    throw unknown_id(std::string(flag.name), flag.name.substr(2), text, names, one_of(names));
  } else {
    // Every whole-number range ends far below INT_MAX (ranges.cpp), so the conversion is exact.
    request.*member = static_cast<T>(ranges::parse(*flag.range, text, flag.name));
  }
}

template <auto member>
constexpr FlagMember member_of() {
  using T = value_of<decltype(Request{}.*member)>;
  FlagMember made;
  made.parse = &parse_member<member>;
  made.given = [](const Request& request) { return (request.*member).has_value(); };
  if constexpr (std::is_same_v<T, int> || std::is_same_v<T, double>) {
    made.value = std::is_same_v<T, int> ? FlagValue::whole : FlagValue::number;
    made.number = [](const Request& request) -> std::optional<double> {
      if (!(request.*member)) return std::nullopt;
      return static_cast<double>(*(request.*member));
    };
    made.assign = [](Request& request, double value) { request.*member = static_cast<T>(value); };
  } else if constexpr (std::is_enum_v<T>) {
    made.value = FlagValue::choice;
  } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
    made.value = FlagValue::list;
  }
  return made;
}

void power_of_two(const Flag& flag, double value) {
  const auto whole = static_cast<long long>(value);
  if (whole <= 0 || (whole & (whole - 1)) != 0) {
    throw Error(std::string(flag.name), fmt::format("must be a power of two (1, 2, 4, 8), got {:g}", value),
                "tensor parallelism splits heads evenly across 2^k GPUs");
  }
}

void quantisation_bits(const Flag& flag, double value) {
  if (value != 2 && value != 4 && value != 8) {
    throw Error(std::string(flag.name), fmt::format("must be 2, 4 or 8, got {:g}", value),
                "QLoRA bases are 4-bit NF4 (default), 8-bit (LLM.int8) or 2-bit (e.g. HQQ/AQLM)");
  }
}

using Q = ranges::Quantity;
constexpr unsigned llm_training = kind_bit(Kind::llm_pretrain) | kind_bit(Kind::llm_finetune);
constexpr unsigned training = llm_training | kind_bit(Kind::cv_train);
constexpr unsigned serving = kind_bit(Kind::llm_inference) | kind_bit(Kind::cv_inference);
constexpr unsigned llm_kinds = llm_training | kind_bit(Kind::llm_inference) | kind_bit(Kind::notebook);
constexpr unsigned finetune = kind_bit(Kind::llm_finetune);
constexpr unsigned llm_inference = kind_bit(Kind::llm_inference);

}  // namespace

const std::vector<Flag>& flags() {
  static const std::vector<Flag> table = {
      {.name = "--workload",
       .short_name = "-w",
       .type = "KIND",
       .help = "Job kind (the rest of the flags depend on it)",
       .member = member_of<&Request::kind>(),
       .choices = kind_names},
      {.name = "--params",
       .short_name = "-p",
       .type = "COUNT",
       .help = "Model parameters: 7e9, 7B, 350M, 1.5T, 70_000_000_000",
       .member = member_of<&Request::params_text>(),
       .range = Q::params},
      {.name = "--model",
       .short_name = "-m",
       .type = "MODEL",
       .help = "Model preset from the catalog (gpuselect catalog models)",
       .member = member_of<&Request::model>(),
       .names_model = true},
      {.name = "--layers",
       .type = "COUNT",
       .help = "Custom shape: transformer layers",
       .member = member_of<&Request::layers>(),
       .range = Q::layers,
       .model_part = ModelPart::shape},
      {.name = "--hidden",
       .type = "SIZE",
       .help = "Custom shape: hidden size",
       .member = member_of<&Request::hidden>(),
       .range = Q::hidden,
       .model_part = ModelPart::shape},
      {.name = "--heads",
       .type = "COUNT",
       .help = "Custom shape: attention heads",
       .member = member_of<&Request::heads>(),
       .range = Q::heads,
       .model_part = ModelPart::shape},
      {.name = "--kv-heads",
       .type = "COUNT",
       .help = "Custom shape: key/value heads (grouped-query attention)",
       .member = member_of<&Request::kv_heads>(),
       .range = Q::kv_heads,
       .model_part = ModelPart::shape},
      {.name = "--ffn",
       .type = "SIZE",
       .help = "Custom shape: feed-forward size",
       .member = member_of<&Request::ffn>(),
       .range = Q::ffn,
       .model_part = ModelPart::shape},
      {.name = "--active-params",
       .type = "COUNT",
       .help = "Custom MoE: parameters active per token (e.g. 13B)",
       .member = member_of<&Request::active_params_text>(),
       .kinds = llm_kinds,
       .applies_to = "LLM workloads",
       .model_part = ModelPart::experts},
      {.name = "--experts",
       .type = "COUNT",
       .help = "Custom MoE: routed experts per MoE layer",
       .member = member_of<&Request::experts>(),
       .range = Q::experts,
       .kinds = llm_kinds,
       .applies_to = "LLM workloads",
       .model_part = ModelPart::experts},
      {.name = "--experts-per-token",
       .type = "COUNT",
       .help = "Custom MoE: routed experts chosen per token (top-k)",
       .member = member_of<&Request::experts_per_token>(),
       .range = Q::experts_per_token,
       .kinds = llm_kinds,
       .applies_to = "LLM workloads",
       .model_part = ModelPart::experts},
      {.name = "--vocab",
       .type = "SIZE",
       .help = "Custom shape: vocabulary size",
       .member = member_of<&Request::vocab>(),
       .range = Q::vocab,
       .model_part = ModelPart::shape},
      {.name = "--method",
       .type = "METHOD",
       .help = "Fine-tuning method: full, lora, qlora (default full)",
       .member = member_of<&Request::method>(),
       .choices = method_names,
       .kinds = training,
       .applies_to = "training workloads"},
      {.name = "--lora-rank",
       .type = "RANK",
       .help = fmt::format("LoRA rank (default {})", Profile{}.lora_rank),
       .member = member_of<&Request::lora_rank>(),
       .range = Q::lora_rank,
       .kinds = finetune,
       .applies_to = "llm-finetune"},
      {.name = "--lora-targets",
       .type = "MATRIX[,...]",
       .help = fmt::format("LoRA target matrices, comma-separated (default {})", fmt::join(default_lora_targets, ",")),
       .member = member_of<&Request::lora_targets>(),
       .kinds = finetune,
       .applies_to = "llm-finetune"},
      {.name = "--precision",
       .type = "PRECISION",
       .help = "Training: bf16 (default), fp16, fp32, fp8; serving: bf16, fp16, fp8, int8, int4, fp4 (FP4 GPUs)",
       .member = member_of<&Request::precision>(),
       .choices = precision_names},
      {.name = "--optimizer",
       .type = "OPTIMIZER",
       .help = "adamw (default), sgd, adam-8bit, adamw-bf16 (pure bf16 states)",
       .member = member_of<&Request::optimizer>(),
       .choices = optimizer_names,
       .kinds = training,
       .applies_to = "training workloads"},
      {.name = "--quant-bits",
       .type = "BITS",
       .help = "QLoRA base weight bits: 4 (NF4, default), 8, 2",
       .member = member_of<&Request::quant_bits>(),
       .range = Q::quant_bits,
       .kinds = finetune,
       .applies_to = "llm-finetune --method qlora",
       .check = quantisation_bits},
      {.name = "--seq-len",
       .type = "TOKENS",
       .help = "Training sequence length in tokens",
       .member = member_of<&Request::seq_len>(),
       .range = Q::seq_len,
       .kinds = llm_training,
       .applies_to = "llm-pretrain and llm-finetune (serving uses --context)"},
      {.name = "--micro-batch",
       .type = "SEQUENCES",
       .help = "Sequences per GPU per micro-step (default: searched)",
       .member = member_of<&Request::micro_batch>(),
       .range = Q::micro_batch,
       .kinds = training,
       .applies_to = "training workloads"},
      {.name = "--global-batch",
       .type = "TOKENS",
       .help = "Training tokens per optimizer step (default 4M pretrain)",
       .member = member_of<&Request::global_batch_text>(),
       .range = Q::global_batch_tokens,
       .kinds = llm_training,
       .applies_to = "llm-pretrain and llm-finetune"},
      {.name = "--recompute",
       .type = "MODE",
       .help = "Activation recomputation: none, selective, full (default: searched)",
       .member = member_of<&Request::recompute>(),
       .choices = recompute_names,
       .kinds = llm_training,
       .applies_to = "llm-pretrain and llm-finetune"},
      {.name = "--attention",
       .type = "KERNEL",
       .help = "Attention kernel: flash (default), eager",
       .member = member_of<&Request::attention>(),
       .choices = attention_names,
       .kinds = llm_kinds,
       .applies_to = "LLM workloads"},
      {.name = "--tokens",
       .type = "COUNT",
       .help = "Training tokens (samples for cv-train); default per workload",
       .member = member_of<&Request::tokens_text>(),
       .range = Q::tokens,
       .kinds = training,
       .applies_to = "training workloads"},
      {.name = "--zero",
       .type = "STAGE",
       .help = "ZeRO stage: auto (default), 0, 1, 2, 3",
       .member = member_of<&Request::zero>(),
       .choices = zero_names,
       .kinds = training,
       .applies_to = "training workloads"},
      {.name = "--offload",
       .type = "WHERE",
       .help = "Offload: none, optimizer, all (to CPU), nvme (default: searched, CPU only)",
       .member = member_of<&Request::offload>(),
       .choices = offload_names,
       .kinds = training,
       .applies_to = "training workloads"},
      {.name = "--pipeline-parallel",
       .type = "STAGES",
       .help = "Training: pipeline stages (default: searched)",
       .member = member_of<&Request::pipeline_parallel>(),
       .range = Q::pipeline_parallel,
       .kinds = llm_training,
       .applies_to = "llm-pretrain and llm-finetune"},
      {.name = "--context-parallel",
       .type = "GPUS",
       .help = "Training: GPUs splitting a sequence (default: searched)",
       .member = member_of<&Request::context_parallel>(),
       .range = Q::context_parallel,
       .kinds = llm_training,
       .applies_to = "llm-pretrain and llm-finetune"},
      {.name = "--expert-parallel",
       .type = "GPUS",
       .help = "Training a mixture of experts: GPUs the routed experts are spread over (default: searched)",
       .member = member_of<&Request::expert_parallel>(),
       .range = Q::expert_parallel,
       .kinds = llm_training,
       .applies_to = "llm-pretrain and llm-finetune (serving spreads experts over the replica's GPUs)"},
      {.name = "--mfu",
       .type = "FRACTION",
       .help = "Model FLOPs utilisation override, 0-1",
       .member = member_of<&Request::mfu>(),
       .range = Q::mfu,
       .kinds = training | serving,
       .applies_to = "training and serving workloads"},
      {.name = "--checkpoint-minutes",
       .type = "MINUTES",
       .help = "Minutes between checkpoints (spot lost work)",
       .member = member_of<&Request::checkpoint_minutes>(),
       .range = Q::checkpoint_minutes,
       .kinds = training,
       .applies_to = "training workloads"},
      {.name = "--context",
       .type = "TOKENS",
       .help = "Serving: context length in tokens",
       .member = member_of<&Request::context>(),
       .range = Q::context,
       .kinds = llm_inference | kind_bit(Kind::notebook),
       .applies_to = "llm-inference and notebook"},
      {.name = "--batch",
       .type = "SEQUENCES",
       .help =
           "Serving: concurrent sequences per replica (llm-inference: default the largest that fits and meets targets)",
       .member = member_of<&Request::batch>(),
       .range = Q::batch,
       .kinds = serving | kind_bit(Kind::notebook),
       .applies_to = "serving workloads and notebook (training uses --micro-batch)"},
      {.name = "--ttft-ms",
       .type = "MS",
       .help = fmt::format("llm-inference: time-to-first-token target, p50 ms (default {:g})", default_ttft_target_ms),
       .member = member_of<&Request::ttft_ms>(),
       .range = Q::ttft_ms,
       .kinds = llm_inference,
       .applies_to = "llm-inference"},
      {.name = "--tpot-ms",
       .type = "MS",
       .help =
           fmt::format("llm-inference: time-per-output-token target, p50 ms (default {:g})", default_tpot_target_ms),
       .member = member_of<&Request::tpot_ms>(),
       .range = Q::tpot_ms,
       .kinds = llm_inference,
       .applies_to = "llm-inference"},
      {.name = "--requests-per-s",
       .type = "RATE",
       .help = "Serving: requests per second to sustain",
       .member = member_of<&Request::requests_per_s>(),
       .range = Q::requests_per_s,
       .kinds = serving,
       .applies_to = "llm-inference and cv-inference"},
      {.name = "--input-tokens",
       .type = "TOKENS",
       .help = "Serving: prompt tokens per request",
       .member = member_of<&Request::input_tokens>(),
       .range = Q::input_tokens,
       .kinds = llm_inference,
       .applies_to = "llm-inference"},
      {.name = "--output-tokens",
       .type = "TOKENS",
       .help = "Serving: generated tokens per request",
       .member = member_of<&Request::output_tokens>(),
       .range = Q::output_tokens,
       .kinds = llm_inference,
       .applies_to = "llm-inference"},
      {.name = "--tensor-parallel",
       .type = "GPUS",
       .help = "GPUs per replica / tensor-parallel degree (power of two)",
       .member = member_of<&Request::tensor_parallel>(),
       .range = Q::tensor_parallel,
       .kinds = llm_kinds,
       .applies_to = "LLM workloads",
       .check = power_of_two},
      {.name = "--egress-gb",
       .type = "GB",
       .help = "GB leaving the cloud (checkpoints, datasets), priced as egress",
       .member = member_of<&Request::egress_gb>(),
       .range = Q::egress_gb},
      {.name = "--hours",
       .type = "HOURS",
       .help = "Serving and notebooks: hours of use to price",
       .member = member_of<&Request::hours>(),
       .range = Q::hours,
       .kinds = serving | kind_bit(Kind::notebook),
       .applies_to = "serving workloads and notebook (training time is estimated)"},
  };
  return table;
}

}  // namespace gpuselect::workload
