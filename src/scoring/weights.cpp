// Criterion names, weight profiles and --weights parsing (docs/scoring.md "Profiles").
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <string>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/scoring.hpp"

namespace gpuselect::scoring {

namespace {

constexpr std::array<std::string_view, criterion_count> criterion_names = {"stability", "performance", "cost",
                                                                           "usability", "support"};

struct ProfileSpec {
  std::string_view name;
  // stability, performance, cost, usability, support; each row sums to 1.
  std::array<double, criterion_count> weights;
  std::string_view purpose;
};

// Each row is a judgement documented in docs/scoring.md "Profiles". "balanced" is the guides'
// default matrix (0.30/0.25/0.20/0.15/0.10, DESIGN.md); the others move weight towards what the
// named kind of job pays for.
constexpr std::array<ProfileSpec, 11> profiles = {{
    {"balanced", {0.30, 0.25, 0.20, 0.15, 0.10}, "the guides' default matrix"},
    {"cost-first", {0.15, 0.10, 0.60, 0.10, 0.05}, "the cheapest acceptable job"},
    {"speed-first", {0.20, 0.45, 0.15, 0.10, 0.10}, "the fastest acceptable job"},
    {"production", {0.35, 0.20, 0.15, 0.10, 0.20}, "uptime and support first"},
    {"research", {0.15, 0.25, 0.35, 0.20, 0.05}, "many cheap experiments"},
    {"pretraining", {0.30, 0.35, 0.20, 0.05, 0.10}, "long multi-node runs (llm-pretrain)"},
    {"fine-tuning", {0.20, 0.25, 0.35, 0.10, 0.10}, "short single-node runs (llm-finetune)"},
    {"serving", {0.20, 0.30, 0.35, 0.05, 0.10}, "throughput per money (llm/cv-inference)"},
    {"development", {0.15, 0.10, 0.25, 0.40, 0.10}, "interactive notebooks"},
    // A fine-tune at --training-tier development (a student's or a prototype's run): support's weight
    // and half of usability's go to cost. A run of a few dollars buys no support contract, and the tier
    // already waives what production pays for (consumer cards, marketplace hosts); only stability
    // (SLA, spot risk, capacity, memory headroom) may still put a dearer and slower row first (expert
    // review of issue 32: an SDXL LoRA ranked a $0.50, 19-min L40S above a $0.21, 16-min pair of RTX
    // 4090s on support +5.4 and stability +4.6 points).
    {"fine-tuning-dev", {0.20, 0.25, 0.50, 0.05, 0.00}, "development-tier fine-tuning (llm/image-finetune)"},
    // Serving at --serving-tier development (a prototype or an internal endpoint, no spares): support's
    // weight goes to cost, as for the development-tier fine-tune; stability (fleet failures, capacity,
    // hardware grade) stays (expert review zh, scenario 21: volcano's 2x L20 at CN¥6,475 a month ranked
    // above autodl's 2x L20 at CN¥2,829, same GPU and TPOT, on support 93 against 39).
    {"serving-dev", {0.20, 0.30, 0.45, 0.05, 0.00}, "development-tier serving (llm/cv-inference)"},
}};

constexpr bool rows_sum_to_one() {
  for (const auto& profile : profiles) {
    double sum = 0;
    for (double weight : profile.weights) sum += weight;
    if (sum < 1 - 1e-9 || sum > 1 + 1e-9) return false;
  }
  return true;
}
static_assert(rows_sum_to_one(), "every profile's weights sum to 1");

std::vector<std::string> criterion_name_list() { return {criterion_names.begin(), criterion_names.end()}; }

std::string fixed(double value) {
  std::array<char, 32> buffer{};
  const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, std::chars_format::general, 6);
  return std::string(buffer.data(), result.ptr);
}

}  // namespace

std::string_view to_string(Criterion criterion) {
  const auto index = static_cast<std::size_t>(criterion);
  return index < criterion_count ? criterion_names[index] : std::string_view{};
}

std::optional<Criterion> parse_criterion(std::string_view text) {
  for (std::size_t i = 0; i < criterion_count; ++i) {
    if (criterion_names[i] == text) return static_cast<Criterion>(i);
  }
  return std::nullopt;
}

std::vector<std::string> profile_names() {
  std::vector<std::string> names{"auto"};
  for (const auto& profile : profiles) names.emplace_back(profile.name);
  return names;
}

// The kind's row names its profile (src/workload/kinds.cpp); tests/test_scoring.cpp checks each names a profile here.
std::string_view default_profile(workload::Kind kind) { return workload::kind_traits(kind).weight_profile; }

std::string_view default_profile(const workload::Profile& profile) {
  const std::string_view kind_profile = default_profile(profile.kind);
  const auto& traits = workload::kind_traits(profile.kind);
  if (traits.training() && profile.training_tier == workload::Tier::development && kind_profile == "fine-tuning")
    return "fine-tuning-dev";
  if (traits.serving() && profile.serving_tier == workload::Tier::development && kind_profile == "serving")
    return "serving-dev";
  return kind_profile;
}

Weights profile_weights(std::string_view profile, workload::Kind kind) {
  const std::string_view name = profile == "auto" ? default_profile(kind) : profile;
  for (const auto& spec : profiles) {
    if (spec.name == name) return Weights{spec.weights};
  }
  const std::vector<std::string> names = profile_names();
  throw unknown_id("--profile", text::Msg::kind_profile, profile, names, one_of_words(names));
}

Weights parse_weights(std::string_view spec, const Weights& base, std::string_view where) {
  const std::string where_text(where);
  const text::Words format_hint = text::words(text::Msg::hint_weights_pairs);
  std::array<std::optional<double>, criterion_count> named{};
  std::size_t named_count = 0;
  double named_sum = 0;

  std::size_t start = 0;
  while (start <= spec.size()) {
    const std::size_t comma = std::min(spec.find(',', start), spec.size());
    const std::string item(text::trim(spec.substr(start, comma - start)));
    start = comma + 1;
    if (item.empty()) {
      throw Error::said(where_text, text::words(text::Msg::err_weights_empty_entry, text::quoted(spec)), format_hint);
    }
    const auto equals = item.find('=');
    if (equals == std::string::npos) {
      throw Error::said(where_text, text::words(text::Msg::err_weights_no_equals, text::quoted(item)), format_hint);
    }
    const std::string name(text::trim(std::string_view(item).substr(0, equals)));
    const std::string value_text(text::trim(std::string_view(item).substr(equals + 1)));
    const auto criterion = parse_criterion(name);
    if (!criterion) {
      throw unknown_id(where_text, text::Msg::kind_criterion, name, criterion_name_list(),
                       one_of_words(criterion_name_list()));
    }
    double value = 0;
    const char* begin = value_text.data();
    const char* end = begin + value_text.size();
    const auto parsed = std::from_chars(begin, end, value);
    if (value_text.empty() || parsed.ec != std::errc{} || parsed.ptr != end) {
      throw Error::said(where_text, text::words(text::Msg::err_not_number, name + "=" + text::quoted(value_text)),
                        text::words(text::Msg::hint_weight_share_example, name + "=0.3"));
    }
    if (!std::isfinite(value)) {
      throw Error::said(where_text, text::words(text::Msg::err_not_finite, name + "=" + value_text),
                        text::words(text::Msg::hint_number_from_to, "0", "1"));
    }
    if (value < 0) {
      throw Error::said(where_text, text::words(text::Msg::err_weight_negative, name + "=" + value_text),
                        text::words(text::Msg::hint_weight_shares));
    }
    const auto index = static_cast<std::size_t>(*criterion);
    if (named[index]) {
      throw Error::said(where_text, text::words(text::Msg::err_weight_twice, name),
                        text::words(text::Msg::hint_weight_once));
    }
    named[index] = value;
    ++named_count;
    named_sum += value;
    if (comma == spec.size()) break;
  }

  Weights result;
  constexpr double tolerance = 1e-9;
  if (named_count == criterion_count) {
    if (!(named_sum > 0)) {
      throw Error::said(where_text, text::words(text::Msg::err_weights_zero), text::words(text::Msg::hint_weights_zero));
    }
    for (std::size_t i = 0; i < criterion_count; ++i) result.values[i] = *named[i] / named_sum;
    return result;
  }
  if (named_sum > 1 + tolerance) {
    throw Error::said(where_text, text::words(text::Msg::err_weights_above_one, fixed(named_sum)),
                      text::words(text::Msg::hint_weights_above_one));
  }
  const double rest = std::max(0.0, 1 - named_sum);
  double base_rest_sum = 0;
  std::size_t unnamed = 0;
  for (std::size_t i = 0; i < criterion_count; ++i) {
    if (!named[i]) {
      base_rest_sum += std::max(0.0, base.values[i]);
      ++unnamed;
    }
  }
  for (std::size_t i = 0; i < criterion_count; ++i) {
    if (named[i]) {
      result.values[i] = *named[i];
    } else if (base_rest_sum > 0) {
      result.values[i] = rest * std::max(0.0, base.values[i]) / base_rest_sum;
    } else {
      result.values[i] = rest / static_cast<double>(unnamed);
    }
  }
  double total = 0;
  for (double weight : result.values) total += weight;
  if (!(total > 0)) {
    throw Error::said(where_text, text::words(text::Msg::err_weights_zero), text::words(text::Msg::hint_weights_zero));
  }
  for (double& weight : result.values) weight /= total;
  return result;
}

}  // namespace gpuselect::scoring
