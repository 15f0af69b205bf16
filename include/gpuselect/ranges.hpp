#pragma once
// The range of every quantity a user gives (flags, config): one table, checked in one place
// (ranges::check), so no value that reaches the estimator can overflow its arithmetic or make a
// result absurd. docs/hardening.md "Ranges" lists the table; catalog values have their own ranges
// in src/catalog/fields.cpp.
#include <cstdint>
#include <string>
#include <string_view>

namespace gpuselect::ranges {

enum class Quantity : std::uint8_t {
  params,
  tokens,
  layers,
  hidden,
  heads,
  kv_heads,
  ffn,
  vocab,
  lora_rank,
  seq_len,
  micro_batch,
  context,
  batch,
  requests_per_s,
  input_tokens,
  output_tokens,
  tensor_parallel,
  egress_gb,
  dataset_gb,
  hours,
  checkpoint_minutes,
  mfu,
  gpus_per_node,
  nodes,
  max_nodes,
  budget,
  deadline_hours,
  min_headroom_pct,
  top,
  sensitivity_samples,
  stale_days,
  ttft_ms,
  tpot_ms,
  experts,
  experts_per_token,
  pipeline_parallel,
  context_parallel,
  expert_parallel,
  quant_bits,
  max_per_kind,
  gpu_memory_gb,
  gpu_count,
  max_price,
  global_batch_tokens,
  download_attempts,
  download_timeout_s,
  max_utilization,
  redundancy,
  confidence,
  resolution_px,
  diffusion_steps,
  images,
  epochs,
  latency_ms,
  train_steps,
};

struct Range {
  Quantity quantity;
  std::string_view name;  // for messages: "parameters", "GPUs per node"
  double min;             // inclusive
  double max;             // inclusive
  bool whole;             // a whole number
  std::string_view why;   // the assumption behind the bounds
};

const Range& range_of(Quantity quantity);

// `value` (parsed from `text`, given at `where`: a flag or config file:line:col) when finite and in
// range; otherwise throws Error(where, "<text> is out of range ...", "give ... from MIN to MAX").
double check(Quantity quantity, double value, std::string_view where, std::string_view text);
// `text` as a number in C locale, not yet checked against the range; Error(where, "<text> is not a
// finite number", "give a (whole) number such as ...") when it is no number at all. `currency`: the
// run's currency code, named in the hint for an amount of money ("" = "the output currency").
double read(Quantity quantity, std::string_view text, std::string_view where, std::string_view currency = {});
// read, then check: the number given for `quantity`.
double parse(Quantity quantity, std::string_view text, std::string_view where, std::string_view currency = {});

// Every row, in Quantity order (docs and tests walk it).
std::string_view table_name(Quantity quantity);
// A bound as messages and docs/hardening.md write it: "1000000", "0.001", "1e14" (plain up to a
// billion, then a power of ten).
std::string bound_text(double value);
constexpr std::size_t quantity_count = static_cast<std::size_t>(Quantity::train_steps) + 1;

}  // namespace gpuselect::ranges
