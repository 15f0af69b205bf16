// Turns the workload flags (strings) into a workload::Request; every error names its flag.
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"

namespace gpuselect::cli {

namespace {

// An enum flag: the parser and the accepted names come from the workload module's tables.
template <typename Enum>
std::optional<Enum> parse_enum(const std::string& text, const std::string& flag,
                               std::optional<Enum> (*parse)(std::string_view), const std::vector<std::string>& names) {
  if (text.empty()) return std::nullopt;
  if (const auto value = parse(text)) return value;
  // "--workload: unknown workload 'x'": the flag's name is the kind.
  throw unknown_id(flag, std::string_view(flag).substr(2), text, names, one_of(names));
}

using ranges::Quantity;

std::optional<int> optional_int(const std::string& text, const std::string& flag, Quantity quantity) {
  if (text.empty()) return std::nullopt;
  return parse_whole_quantity(text, flag, quantity);
}

std::optional<double> optional_number(const std::string& text, const std::string& flag, Quantity quantity) {
  if (text.empty()) return std::nullopt;
  return parse_quantity(text, flag, quantity);
}

std::optional<std::string> optional_text(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return text;
}

}  // namespace

workload::Request build_request(const WorkloadFlags& flags) {
  workload::Request request;
  request.kind = parse_enum(flags.workload, "--workload", &workload::parse_kind, workload::kind_names());
  request.params_text = optional_text(flags.params);
  request.model = optional_text(flags.model);
  request.layers = optional_int(flags.layers, "--layers", Quantity::layers);
  request.hidden = optional_int(flags.hidden, "--hidden", Quantity::hidden);
  request.heads = optional_int(flags.heads, "--heads", Quantity::heads);
  request.kv_heads = optional_int(flags.kv_heads, "--kv-heads", Quantity::kv_heads);
  request.ffn = optional_int(flags.ffn, "--ffn", Quantity::ffn);
  request.vocab = optional_int(flags.vocab, "--vocab", Quantity::vocab);
  request.method = parse_enum(flags.method, "--method", &workload::parse_method, workload::method_names());
  request.lora_rank = optional_int(flags.lora_rank, "--lora-rank", Quantity::lora_rank);
  if (!flags.lora_targets.empty()) request.lora_targets = split_list(flags.lora_targets);
  request.precision =
      parse_enum(flags.precision, "--precision", &workload::parse_precision, workload::precision_names());
  request.optimizer =
      parse_enum(flags.optimizer, "--optimizer", &workload::parse_optimizer, workload::optimizer_names());
  request.seq_len = optional_int(flags.seq_len, "--seq-len", Quantity::seq_len);
  request.micro_batch = optional_int(flags.micro_batch, "--micro-batch", Quantity::micro_batch);
  request.recompute =
      parse_enum(flags.recompute, "--recompute", &workload::parse_recompute, workload::recompute_names());
  request.attention =
      parse_enum(flags.attention, "--attention", &workload::parse_attention, workload::attention_names());
  request.tokens_text = optional_text(flags.tokens);
  request.zero = parse_enum(flags.zero, "--zero", &workload::parse_zero, workload::zero_names());
  request.offload = parse_enum(flags.offload, "--offload", &workload::parse_offload, workload::offload_names());
  request.mfu = optional_number(flags.mfu, "--mfu", Quantity::mfu);
  request.checkpoint_minutes =
      optional_number(flags.checkpoint_minutes, "--checkpoint-minutes", Quantity::checkpoint_minutes);
  request.context = optional_int(flags.context, "--context", Quantity::context);
  request.batch = optional_int(flags.batch, "--batch", Quantity::batch);
  request.requests_per_s = optional_number(flags.requests_per_s, "--requests-per-s", Quantity::requests_per_s);
  request.input_tokens = optional_int(flags.input_tokens, "--input-tokens", Quantity::input_tokens);
  request.output_tokens = optional_int(flags.output_tokens, "--output-tokens", Quantity::output_tokens);
  request.tensor_parallel = optional_int(flags.tensor_parallel, "--tensor-parallel", Quantity::tensor_parallel);
  request.pipeline_parallel = optional_int(flags.pipeline_parallel, "--pipeline-parallel", Quantity::pipeline_parallel);
  request.context_parallel = optional_int(flags.context_parallel, "--context-parallel", Quantity::context_parallel);
  request.expert_parallel = optional_int(flags.expert_parallel, "--expert-parallel", Quantity::expert_parallel);
  request.quant_bits = optional_int(flags.quant_bits, "--quant-bits", Quantity::quant_bits);
  request.global_batch_text = optional_text(flags.global_batch);
  request.egress_gb = optional_number(flags.egress_gb, "--egress-gb", Quantity::egress_gb);
  request.hours = optional_number(flags.hours, "--hours", Quantity::hours);
  request.ttft_ms = optional_number(flags.ttft_ms, "--ttft-ms", Quantity::ttft_ms);
  request.tpot_ms = optional_number(flags.tpot_ms, "--tpot-ms", Quantity::tpot_ms);
  request.active_params_text = optional_text(flags.active_params);
  request.experts = optional_int(flags.experts, "--experts", Quantity::experts);
  request.experts_per_token = optional_int(flags.experts_per_token, "--experts-per-token", Quantity::experts_per_token);
  return request;
}

}  // namespace gpuselect::cli
