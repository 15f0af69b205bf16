// Names of the workload enums as written on the command line and in JSON; one table per enum, in
// declaration order.
#include <array>
#include <string_view>

#include "gpuselect/enum_names.hpp"
#include "gpuselect/workload.hpp"

namespace gpuselect::workload {

namespace {

constexpr std::array<std::string_view, 4> method_table{"full", "lora", "qlora", "dreambooth"};
constexpr std::array<std::string_view, 7> precision_table{"fp32", "bf16", "fp16", "fp8", "int8", "int4", "fp4"};
constexpr std::array<std::string_view, 4> optimizer_table{"adamw", "sgd", "adam-8bit", "adamw-bf16"};
constexpr std::array<std::string_view, 3> recompute_table{"none", "selective", "full"};
constexpr std::array<std::string_view, 2> attention_table{"flash", "eager"};
constexpr std::array<std::string_view, 2> data_loader_table{"cpu", "gpu"};
constexpr std::array<std::string_view, 2> cache_latents_table{"on", "off"};
constexpr std::array<std::string_view, 4> framework_table{"megatron", "fsdp", "deepspeed", "hf"};
constexpr std::array<std::string_view, 5> zero_table{"auto", "0", "1", "2", "3"};
constexpr std::array<std::string_view, 4> offload_table{"none", "optimizer", "all", "nvme"};
constexpr std::array<std::string_view, 2> tier_table{"production", "development"};

}  // namespace

using enum_names::name_in;
using enum_names::names_in;
using enum_names::parse_in;

std::string_view to_string(Kind value) { return kind_traits(value).name; }
std::string_view to_string(Method value) { return name_in(value, method_table); }
std::string_view method_label(const Profile& profile) {
  return profile.prior_preservation ? to_string(Method::dreambooth) : to_string(profile.method);
}
std::string_view to_string(Precision value) { return name_in(value, precision_table); }
std::string_view to_string(Optimizer value) { return name_in(value, optimizer_table); }
std::string_view to_string(Recompute value) { return name_in(value, recompute_table); }
std::string_view to_string(Attention value) { return name_in(value, attention_table); }
std::string_view to_string(DataLoader value) { return name_in(value, data_loader_table); }
std::string_view to_string(CacheLatents value) { return name_in(value, cache_latents_table); }
std::string_view to_string(Framework value) { return name_in(value, framework_table); }
std::string_view to_string(Zero value) { return name_in(value, zero_table); }
std::string_view to_string(Offload value) { return name_in(value, offload_table); }
std::string_view to_string(Tier value) { return name_in(value, tier_table); }

std::optional<Kind> parse_kind(std::string_view text) {
  for (const auto& row : kind_rows())
    if (row.name == text) return row.kind;
  return std::nullopt;
}
std::optional<Method> parse_method(std::string_view text) { return parse_in<Method>(text, method_table); }
std::optional<Precision> parse_precision(std::string_view text) { return parse_in<Precision>(text, precision_table); }
std::optional<Optimizer> parse_optimizer(std::string_view text) { return parse_in<Optimizer>(text, optimizer_table); }
std::optional<Recompute> parse_recompute(std::string_view text) { return parse_in<Recompute>(text, recompute_table); }
std::optional<Attention> parse_attention(std::string_view text) { return parse_in<Attention>(text, attention_table); }
std::optional<DataLoader> parse_data_loader(std::string_view text) {
  return parse_in<DataLoader>(text, data_loader_table);
}
std::optional<CacheLatents> parse_cache_latents(std::string_view text) {
  return parse_in<CacheLatents>(text, cache_latents_table);
}
std::optional<Framework> parse_framework(std::string_view text) { return parse_in<Framework>(text, framework_table); }
std::optional<Zero> parse_zero(std::string_view text) { return parse_in<Zero>(text, zero_table); }
std::optional<Offload> parse_offload(std::string_view text) { return parse_in<Offload>(text, offload_table); }
std::optional<Tier> parse_tier(std::string_view text) {
  return parse_in<Tier>(text, tier_table);
}

std::vector<std::string> kind_names() {
  std::vector<std::string> names;
  for (const auto& row : kind_rows()) names.emplace_back(row.name);
  return names;
}
std::vector<std::string> method_names() { return names_in(method_table); }
std::vector<std::string> precision_names() { return names_in(precision_table); }
std::vector<std::string> optimizer_names() { return names_in(optimizer_table); }
std::vector<std::string> recompute_names() { return names_in(recompute_table); }
std::vector<std::string> attention_names() { return names_in(attention_table); }
std::vector<std::string> data_loader_names() { return names_in(data_loader_table); }
std::vector<std::string> cache_latents_names() { return names_in(cache_latents_table); }
std::vector<std::string> framework_names() { return names_in(framework_table); }
std::vector<std::string> zero_names() { return names_in(zero_table); }
std::vector<std::string> offload_names() { return names_in(offload_table); }
std::vector<std::string> tier_names() { return names_in(tier_table); }

}  // namespace gpuselect::workload
