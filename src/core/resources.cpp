#include "gpuselect/resources.hpp"

#include <cctype>
#include <cmath>

#include <fmt/format.h>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/ranges.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"

namespace gpuselect::resources {

namespace {

using text::trim;

// One side of a range: a value in its unit, checked against its ranges::table row.
using SideParser = std::optional<double> (*)(std::string_view);

std::optional<double> memory_gb(std::string_view text) {
  const auto bytes = units::parse_bytes(text);
  if (!bytes) return std::nullopt;
  return *bytes / units::bytes_per_gb;
}

std::optional<double> plain_number(std::string_view text) { return units::parse_number(text); }

struct RangeKind {
  SideParser parse;
  ranges::Quantity quantity;
  text::Msg what;            // "a GPU memory size"
  std::string_view examples;       // "24GB.., ..80GB, 24GB..80GB"
  std::string_view last_example;   // "80GB": joined with "or" in the reader's language
};

constexpr RangeKind memory_kind{memory_gb, ranges::Quantity::gpu_memory_gb, text::Msg::what_gpu_memory_size,
                                "24GB.., ..80GB, 24GB..80GB", "80GB"};
constexpr RangeKind count_kind{plain_number, ranges::Quantity::gpu_count, text::Msg::what_gpu_count, "2..8, 2.., ..4",
                               "8"};

Bounds parse_range(std::string_view text, std::string_view where, const RangeKind& kind) {
  const text::Words hint = text::Words::in_each([&](text::Lang lang) {
    return text::say(lang, text::Msg::hint_dstack_range,
                     text::say(lang, text::Msg::list_or, kind.examples, kind.last_example));
  });
  const std::string_view body = trim(text);
  auto side = [&](std::string_view part) -> std::optional<double> {
    part = trim(part);
    if (part.empty()) return std::nullopt;
    const auto value = kind.parse(part);
    if (!value) throw Error::said(std::string(where), text::words(text::Msg::err_not_count, text::quoted(part), kind.what), hint);
    return ranges::check(kind.quantity, *value, where, part);
  };
  Bounds bounds;
  const auto dots = body.find("..");
  if (dots == std::string_view::npos) {
    if (body.empty()) throw Error::said(std::string(where), text::words(text::Msg::err_no_value_given), hint);
    bounds.min = side(body);
    bounds.max = bounds.min;
    return bounds;
  }
  const std::string_view low = body.substr(0, dots);
  const std::string_view high = body.substr(dots + 2);
  if (high.find("..") != std::string_view::npos) {
    throw Error::said(std::string(where), text::words(text::Msg::err_more_than_one, text::quoted(text), "'..'"), hint);
  }
  bounds.min = side(low);
  bounds.max = side(high);
  if (!bounds.any()) throw Error::said(std::string(where), text::words(text::Msg::err_dots_alone), hint);
  if (bounds.min && bounds.max && *bounds.min > *bounds.max) {
    throw Error::said(std::string(where), text::words(text::Msg::err_range_reversed, text::quoted(text)), hint);
  }
  return bounds;
}

}  // namespace

GpuSpec parse_gpu_spec(std::string_view text, std::string_view where) {
  const text::Words hint = text::words(text::Msg::hint_gpus_spec);
  const std::string_view body = trim(text);
  if (body.find_first_of("{}[],") != std::string_view::npos) {
    throw Error::said(std::string(where), text::words(text::Msg::err_gpus_several, text::quoted(text)),
                      text::words(text::Msg::hint_gpus_several));
  }
  GpuSpec spec;
  const auto colon = body.find(':');
  spec.name = std::string(trim(body.substr(0, colon)));
  if (spec.name.empty()) {
    throw Error::said(std::string(where), text::words(text::Msg::err_gpus_no_name, text::quoted(text)), hint);
  }
  if (colon == std::string_view::npos) return spec;
  std::string_view count_text = trim(body.substr(colon + 1));
  // dstack's NAME:MEMORY[:COUNT] (https://dstack.ai/docs/reference/dstack.yml/task, resources.gpu):
  // a middle part with a memory unit is the memory per GPU.
  const std::string_view memory_text = trim(count_text.substr(0, count_text.find(':')));
  if (!memory_text.empty() && std::isalpha(static_cast<unsigned char>(memory_text.back())) != 0) {
    const auto bounds = parse_memory_gb_range(memory_text, where);
    if (!bounds.min || bounds.min != bounds.max) {
      throw Error::said(std::string(where), text::words(text::Msg::err_not_one_memory_size, text::quoted(memory_text)),
                        text::words(text::Msg::hint_gpus_one_size));
    }
    spec.memory_gb = bounds.min;
    if (count_text.find(':') == std::string_view::npos) return spec;
    count_text = trim(count_text.substr(count_text.find(':') + 1));
  }
  if (count_text.find(':') != std::string_view::npos) {
    // More parts than NAME[:MEMORY][:COUNT] (a second ':' is fine after a memory size; expert review 30 D12).
    throw Error::said(std::string(where), text::words(text::Msg::err_gpus_parts, text::quoted(text)), hint);
  }
  const auto count = units::parse_number(count_text);
  if (!count) {
    throw Error::said(std::string(where),
                      text::words(text::Msg::err_not_count, text::quoted(count_text), text::Msg::what_gpu_count), hint);
  }
  spec.count = ranges::check(ranges::Quantity::gpu_count, *count, where, count_text);
  spec.count_given = true;
  if (spec.count <= 0 || (spec.count > 1 && spec.count != std::floor(spec.count))) {
    throw Error::said(std::string(where),
                      text::words(text::Msg::err_not_count, text::quoted(count_text), text::Msg::what_gpu_count),
                      text::words(text::Msg::hint_gpus_whole_or_share));
  }
  return spec;
}

Bounds parse_memory_gb_range(std::string_view text, std::string_view where) {
  return parse_range(text, where, memory_kind);
}

Bounds parse_count_range(std::string_view text, std::string_view where) { return parse_range(text, where, count_kind); }

double parse_max_price(std::string_view text, std::string_view where, double per_usd) {
  std::string_view body = trim(text);
  if (!body.empty() && body.front() == '$') body.remove_prefix(1);
  const auto value = units::parse_number(body);
  if (!value) {
    throw Error::said(std::string(where), text::words(text::Msg::err_not_count, text::quoted(text), text::Msg::what_price),
                      text::words(text::Msg::hint_max_price));
  }
  if (!(per_usd > 0)) per_usd = 1.0;
  if (per_usd == 1.0) return ranges::check(ranges::Quantity::max_price, *value, where, body);
  try {
    ranges::check(ranges::Quantity::max_price, *value / per_usd, where, body);
  } catch (const Error& error) {
    const ranges::Range& range = ranges::range_of(ranges::Quantity::max_price);
    throw error.with_hint(text::words(text::Msg::hint_price_in_currency, fmt::format("{:g}", range.min * per_usd),
                                      fmt::format("{:g}", range.max * per_usd), fmt::format("{:g}", range.min),
                                      fmt::format("{:g}", range.max), fmt::format("{:g}", per_usd)));
  }
  return *value;
}

std::string to_string(const Bounds& bounds) {
  if (bounds.min && bounds.max && *bounds.min == *bounds.max) return fmt::format("{:g}", *bounds.min);
  return fmt::format("{}..{}", bounds.min ? fmt::format("{:g}", *bounds.min) : std::string(),
                     bounds.max ? fmt::format("{:g}", *bounds.max) : std::string());
}

}  // namespace gpuselect::resources
