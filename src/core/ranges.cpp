#include "gpuselect/ranges.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"

namespace gpuselect::ranges {

namespace {

using Q = Quantity;

// Bounds are assumptions stated per row: about 100x above the largest 2026 jobs and hardware, so
// they stop typos and hostile input only, and small enough that products of them (GPUs x nodes,
// tokens x params x 6) stay exact in int64 and finite in double.
constexpr std::array<Range, quantity_count> table = {{
    {Q::params, "parameters", 1e6, 1e14, false,
     "1M (below, any GPU fits; nothing to advise) to 100T (50x the largest 2026 models)"},
    {Q::tokens, "training tokens", 1, 1e16, false, "up to 10 quadrillion: 600x Llama 3's 15T"},
    {Q::layers, "layers", 1, 10000, true, "largest models have ~130"},
    {Q::hidden, "hidden size", 1, 1e6, true, "largest models ~20k"},
    {Q::heads, "attention heads", 1, 10000, true, "largest models ~128"},
    {Q::kv_heads, "key/value heads", 1, 10000, true, "at most the attention heads"},
    {Q::ffn, "feed-forward size", 1, 1e7, true, "largest models ~100k"},
    {Q::vocab, "vocabulary size", 1, 1e8, true, "largest vocabularies ~256k"},
    {Q::lora_rank, "LoRA rank", 1, 65536, true, "ranks above 1024 are not used in practice"},
    {Q::seq_len, "sequence length", 1, 1e8, true, "100M tokens: 100x the longest 2026 contexts"},
    {Q::micro_batch, "micro-batch", 1, 1e6, true, "sequences per GPU per step"},
    {Q::context, "context length", 1, 1e8, true, "as seq_len"},
    {Q::batch, "batch", 1, 1e6, true, "concurrent sequences per replica"},
    {Q::requests_per_s, "requests per second", 1e-6, 1e7, false, "10M/s: above the largest public services"},
    {Q::input_tokens, "input tokens", 1, 1e8, true, "as context"},
    {Q::output_tokens, "output tokens", 1, 1e8, true, "as context"},
    {Q::tensor_parallel, "tensor-parallel degree", 1, 1024, true, "GPUs per replica"},
    {Q::egress_gb, "egress GB", 0, 1e9, false, "1 EB"},
    {Q::dataset_gb, "dataset GB", 1e-3, 1e9, false, "1 MB to 1 EB"},
    {Q::hours, "hours", 1e-3, 1e6, false, "a few seconds to 100 years"},
    {Q::checkpoint_minutes, "minutes between checkpoints", 0, 1e6, false, "0 = no checkpoint (a hit restarts from the start) to 2 years"},
    {Q::mfu, "model FLOPs utilisation", 1e-3, 1, false, "a fraction of peak"},
    {Q::gpus_per_node, "GPUs per node", 1, 1024, true, "nodes hold 1 to 72 GPUs in 2026"},
    {Q::nodes, "nodes", 1, 100000, true, "the largest 2026 clusters have ~10,000 nodes"},
    {Q::max_nodes, "nodes", 1, 100000, true, "as nodes"},
    {Q::budget, "budget", 1e-2, 1e12, false, "a cent to a trillion, in the output currency"},
    {Q::deadline_hours, "deadline hours", 1e-3, 1e6, false, "as hours"},
    {Q::min_headroom_pct, "headroom percent", 0, 99, false, "100% would leave no memory for the job"},
    {Q::top, "rows", 1, 1e6, true, "rows shown"},
    {Q::sensitivity_samples, "samples", 1, 1e6, true, "weight perturbations"},
    {Q::stale_days, "days", 1, 1e5, true, "about 270 years"},
    {Q::ttft_ms, "time to first token in ms", 0.01, 1e7, false, "10 us to about 3 hours"},
    {Q::tpot_ms, "time per output token in ms", 0.001, 1e6, false, "1 us to about 17 minutes"},
    {Q::experts, "experts", 1, 100000, true, "2026 MoE models route over at most a few hundred"},
    {Q::experts_per_token, "experts per token", 1, 100000, true, "at most the experts"},
    {Q::pipeline_parallel, "pipeline-parallel degree", 1, 1024, true, "pipeline stages"},
    {Q::context_parallel, "context-parallel degree", 1, 1024, true, "GPUs sharing one sequence"},
    {Q::expert_parallel, "expert-parallel degree", 1, 1024, true, "GPUs sharing one layer's routed experts"},
    {Q::quant_bits, "quantisation bits", 2, 8, true, "the QLoRA bases: 2, 4 or 8 bits per weight"},
    {Q::max_per_kind, "findings listed per kind", 0, 1e6, true, "0 lists all; a million is more than any catalog has"},
    {Q::gpu_memory_gb, "GPU memory in GB", 0, 100000, false, "the largest 2026 GPUs hold 288 GB"},
    {Q::gpu_count, "GPUs per instance", 0, 1024, false, "a share of one GPU (vGPU) to the largest nodes (72)"},
    {Q::max_price, "price per instance-hour", 0.001, 10000, false, "the catalog's own price range"},
    {Q::global_batch_tokens, "tokens per optimizer step", 1, 1e12, false, "250,000x Llama 2's 4M"},
    {Q::download_attempts, "download attempts", 1, 10, true, "per file, for network failures"},
    {Q::download_timeout_s, "seconds per download", 1, 3600, true, "an hour per vms.csv (~5 MB)"},
    {Q::max_utilization, "planned utilisation per replica", 0.05, 1, false, "a share of a replica's capacity"},
    {Q::redundancy, "spare replicas", 0, 1000, true, "N+0 to N+1000"},
    {Q::confidence, "confidence", 0.05, 0.999, false,
     "a chance of ending within the deadline, 0-1: no estimate makes a deadline certain"},
    {Q::resolution_px, "image side in pixels", 64, 16384, true, "64 px to 16K: 16x the 1024 px diffusion models train at"},
    {Q::diffusion_steps, "sampling steps", 1, 1000, true, "1 (distilled) to the 1000 of DDPM's training schedule"},
    {Q::images, "images", 1, 1e8, true, "a DreamBooth set of 5 to 100M: far above public fine-tuning sets"},
    {Q::epochs, "epochs", 1, 100000, true, "passes over the fine-tuning set"},
    {Q::latency_ms, "latency per image in ms", 1, 1e7, false, "1 ms to about 3 hours"},
    {Q::train_steps, "optimizer steps", 1, 1e8, true, "one step to the --images bound at batch 1"},
}};

constexpr bool in_quantity_order() {
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (static_cast<std::size_t>(table[i].quantity) != i) return false;
  }
  return true;
}
static_assert(in_quantity_order(), "ranges::table rows follow the Quantity enum");

}  // namespace

std::string bound_text(double value) {
  const double exponent = std::log10(value);
  if (value >= 1e9 && exponent == std::floor(exponent)) return fmt::format("1e{}", static_cast<int>(exponent));
  return fmt::format("{}", value);
}

const Range& range_of(Quantity quantity) { return table[static_cast<std::size_t>(quantity)]; }

std::string_view table_name(Quantity quantity) { return range_of(quantity).name; }

double check(Quantity quantity, double value, std::string_view where, std::string_view text) {
  const Range& range = range_of(quantity);
  const text::Words hint = text::words(range.whole ? text::Msg::hint_whole_from_to : text::Msg::hint_number_from_to,
                                       bound_text(range.min), bound_text(range.max));
  if (!std::isfinite(value)) {
    throw Error::said(std::string(where), text::words(text::Msg::err_not_finite, text::quoted(text)), hint);
  }
  if (range.whole && value != std::floor(value)) {
    throw Error::said(std::string(where), text::words(text::Msg::err_not_whole, text::quoted(text)), hint);
  }
  if (value < range.min || value > range.max) {
    throw Error::said(std::string(where), text::words(text::Msg::err_out_of_range, text::quoted(text), range.name),
                      hint);
  }
  return value;
}

namespace {
// How people write a quantity beside a plain number: with a unit of time, as a token length, or as
// an amount of money (whose currency sign and thousands separators get a hint).
enum class Written : std::uint8_t {
  number,
  hours,
  minutes,
  milliseconds,
  seconds,
  token_length,
  money,
  percent,   // a value in percent: "10%" is 10
  fraction,  // a share in 0-1: "80%" is 0.8
};

Written written_as(Quantity quantity) {
  switch (quantity) {
    case Q::hours:
    case Q::deadline_hours:
      return Written::hours;
    case Q::checkpoint_minutes:
      return Written::minutes;
    case Q::ttft_ms:
    case Q::tpot_ms:
    case Q::latency_ms:
      return Written::milliseconds;
    case Q::download_timeout_s:
      return Written::seconds;
    case Q::seq_len:
    case Q::context:
    case Q::input_tokens:
    case Q::output_tokens:
      return Written::token_length;
    case Q::budget:
    case Q::max_price:
      return Written::money;
    case Q::min_headroom_pct:
      return Written::percent;
    case Q::max_utilization:
    case Q::mfu:
      return Written::fraction;
    default:
      return Written::number;
  }
}

std::optional<double> with_unit(Written written, std::string_view text) {
  constexpr double seconds_per_minute = 60;
  constexpr double seconds_per_millisecond = 1e-3;
  switch (written) {
    case Written::hours:
      return units::parse_duration(text, units::seconds_per_hour);
    case Written::minutes:
      return units::parse_duration(text, seconds_per_minute);
    case Written::milliseconds:
      return units::parse_duration(text, seconds_per_millisecond);
    case Written::seconds:
      return units::parse_duration(text, 1);
    case Written::token_length:
      return units::parse_token_length(text);
    case Written::percent:
    case Written::fraction:
      if (text.ends_with('%')) {
        constexpr double percent_per_one = 100;
        const auto value = units::parse_number(text.substr(0, text.size() - 1));
        if (!value) return std::nullopt;
        return written == Written::percent ? *value : *value / percent_per_one;
      }
      break;
    case Written::number:
    case Written::money:
      break;
  }
  return std::nullopt;
}

// The units a quantity accepts, for the hint: "48h, 2d or 90m".
std::vector<std::string_view> unit_examples(Written written) {
  switch (written) {
    case Written::hours:
      return {"48h", "2d", "90m"};
    case Written::minutes:
      return {"90m", "2h"};
    case Written::milliseconds:
      return {"200ms", "1.5s"};
    case Written::seconds:
      return {"30s", "2m"};
    case Written::token_length:
      return {"4k (4096)", "128k (131072)"};
    case Written::percent:
      return {"10%"};
    case Written::fraction:
      return {"80% (0.8)"};
    case Written::number:
    case Written::money:
      break;
  }
  return {};
}

// "a, b or c" in `lang`.
std::string alternatives(text::Lang lang, const std::vector<std::string_view>& items) {
  std::string list;
  for (std::size_t index = 0; index + 1 < items.size(); ++index) {
    if (index > 0) list += text::message(text::Msg::list_comma, lang);
    list += items[index];
  }
  if (items.size() < 2) return items.empty() ? list : std::string(items.back());
  return text::say(lang, text::Msg::list_or, list, items.back());
}

constexpr std::array<std::string_view, 6> currency_signs = {"$", "\xE2\x82\xAC", "\xC2\xA3", "\xC2\xA5", "\xEF\xBF\xA5",
                                                          "US$"};
// "1,000" or "12,345,678.50": commas between groups of three digits.
bool thousands_grouped(std::string_view text) {
  const std::size_t dot = text.find('.');
  const std::string_view whole = text.substr(0, dot);
  if (whole.find(',') == std::string_view::npos) return false;
  std::size_t group = 0;
  for (std::size_t at = whole.size(); at-- > 0;) {
    if (whole[at] == ',') {
      if (group != 3) return false;
      group = 0;
    } else if (whole[at] >= '0' && whole[at] <= '9') {
      ++group;
    } else {
      return false;
    }
  }
  return group >= 1 && group <= 3;
}
}  // namespace

double read(Quantity quantity, std::string_view text, std::string_view where, std::string_view currency) {
  if (const auto value = units::parse_number(text)) return *value;
  const Written written = written_as(quantity);
  if (const auto value = with_unit(written, text)) return *value;
  // A sign before a unit ("-1h"): the value, so the range check says what is wrong with it (expert
  // review 30 D13: "'-1h' is not a number").
  if (text.starts_with('-')) {
    if (const auto value = with_unit(written, text.substr(1)); value && *value > 0) return -*value;
  }
  const auto& range = range_of(quantity);
  text::Words hint = text::words(range.whole ? text::Msg::hint_whole_such_as : text::Msg::hint_number_such_as);
  if (const auto units = unit_examples(written); !units.empty()) {
    hint = text::Words::in_each([&](text::Lang lang) {
      return text::say(lang, text::Msg::hint_or_units, hint.say(lang), alternatives(lang, units));
    });
  }
  // A currency sign or thousands separators ("$100", "1,000", "1_000"): say what to type.
  std::string_view unsigned_text = text;
  for (const auto sign : currency_signs) {
    if (unsigned_text.starts_with(sign)) {
      unsigned_text.remove_prefix(sign.size());
      break;
    }
  }
  // A currency written in Chinese after the amount ("100元", "100 人民币"): the same.
  if (written == Written::money) {
    for (const std::string_view word : {"人民币", "美元", "美金", "元", "块"}) {
      if (unsigned_text.ends_with(word)) {
        unsigned_text.remove_suffix(word.size());
        break;
      }
    }
    while (unsigned_text.ends_with(' ')) unsigned_text.remove_suffix(1);
  }
  // A currency code before or after the amount ("100USD", "usd 100"): the amount is in the output currency.
  constexpr std::size_t code_letters = 3;
  const auto is_letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; };
  if (written == Written::money && unsigned_text.size() > code_letters) {
    const std::string_view head = unsigned_text.substr(0, code_letters);
    const std::string_view tail = unsigned_text.substr(unsigned_text.size() - code_letters);
    if (std::all_of(tail.begin(), tail.end(), is_letter)) {
      unsigned_text.remove_suffix(code_letters);
    } else if (std::all_of(head.begin(), head.end(), is_letter)) {
      unsigned_text.remove_prefix(code_letters);
    }
    while (unsigned_text.starts_with(' ')) unsigned_text.remove_prefix(1);
    while (unsigned_text.ends_with(' ')) unsigned_text.remove_suffix(1);
  }
  std::string plain(unsigned_text);
  std::erase(plain, ',');
  std::erase(plain, '_');
  // "1k", "2.5M", "5万" (1e4), "1.2亿" (1e8): a magnitude suffix on an amount (a count of tokens
  // takes the Latin ones; money takes none, and the hint writes the amount out).
  if (written == Written::money) {
    struct Magnitude {
      std::string_view suffix;
      double factor;
    };
    constexpr std::array<Magnitude, 5> magnitudes{
        {{"k", 1e3}, {"K", 1e3}, {"M", 1e6}, {"万", 1e4}, {"亿", 1e8}}};
    for (const auto& magnitude : magnitudes) {
      if (!plain.ends_with(magnitude.suffix)) continue;
      const auto digits = std::string_view(plain).substr(0, plain.size() - magnitude.suffix.size());
      if (const auto mantissa = units::parse_number(digits)) plain = fmt::format("{}", *mantissa * magnitude.factor);
      break;
    }
  }
  const bool plain_number = plain != text && units::parse_number(plain).has_value();
  if (const auto comma = units::decimal_comma_words(unsigned_text); comma && !thousands_grouped(unsigned_text)) {
    hint = *comma;
  } else if (plain_number && written == Written::money) {
    hint = currency.empty() ? text::words(text::Msg::hint_plain_money, plain)
                            : text::words(text::Msg::hint_plain_money_in, plain, currency);
  } else if (plain_number) {
    hint = text::words(text::Msg::hint_plain_number, plain);
  }
  throw Error::said(std::string(where), text::words(text::Msg::err_not_number, text::quoted(text)), hint);
}

double parse(Quantity quantity, std::string_view text, std::string_view where, std::string_view currency) {
  return check(quantity, read(quantity, text, where, currency), where, text);
}

}  // namespace gpuselect::ranges
