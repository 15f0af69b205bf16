#include "cli/resource_flags.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/option_table.hpp"
#include "cli/option_values.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/resources.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::cli {

using Q = ranges::Quantity;

namespace {
// One row per resource option, in --help order; each command gives them its own group.
const OptionRow<ResourceFlags> resource_options[] = {
    {{"--gpus", "SkyPilot's NAME[:COUNT]: GPU model and GPUs per instance, e.g. A100:8 (a bare name is 1 GPU)"},
     &ResourceFlags::gpus, {.type = "NAME[:MEMORY][:COUNT]", .ids = CatalogIds::gpu}},
    {{"--gpu-memory", "GB per GPU as a dstack range: 24GB.. (at least), ..80GB (at most), 24GB..80GB, 80GB (exactly)"},
     &ResourceFlags::gpu_memory, {.type = "GB[..GB]", .range = Q::gpu_memory_gb}},
    {{"--gpu-count", "GPUs per instance as a dstack range: 2..8, 2.., ..4, 8"}, &ResourceFlags::gpu_count, {.type = "COUNT[..COUNT]", .range = Q::gpu_count}},
    {{"--max-price", "Most to pay per instance-hour (dstack's max_price), in any pricing mode allowed"},
     &ResourceFlags::max_price, {.type = "PRICE", .range = Q::max_price}},
};
}  // namespace

void add_resource_options(CLI::App& command, ResourceFlags& flags, const std::string& group) {
  register_options(command, flags, resource_options, group);
}

bool any_resource_flag(const ResourceFlags& flags) {
  return !flags.gpus.empty() || !flags.gpu_memory.empty() || !flags.gpu_count.empty() || !flags.max_price.empty();
}

std::vector<catalog::PricingMode> parse_pricing_flag(const std::string& flag_value) {
  if (flag_value.empty()) return {catalog::PricingMode::on_demand, catalog::PricingMode::spot};
  std::vector<catalog::PricingMode> modes;
  if (flag_value == "any") return modes;
  for (const auto& name : split_list(flag_value, "--pricing")) {
    if (name == "any") {
      throw Error::said("--pricing", text::words(text::Msg::err_pricing_any_combined),
                        text::words(text::Msg::hint_pricing_any_combined));
    }
    const auto mode = catalog::parse_pricing_mode(name);
    if (!mode) {
      throw unknown_choice("--pricing", text::Msg::kind_pricing_mode, name, "", "--pricing");
    }
    modes.push_back(*mode);
  }
  return modes;
}

std::vector<std::string> gpu_constraint_ids(const std::string& names, const catalog::Catalog& catalog) {
  std::vector<std::string> ids;
  for (const auto& name : split_list(names, "--gpu")) {
    auto named = catalog::gpu_ids_named(catalog, name, std::nullopt, "--gpu");  // checks the name
    // A name the catalog knows (id or alias) stays as written: catalog::gpu_name_selects reads a
    // model named alone ("a100") as every record of it, and an exclusion quotes the user's words
    // ("a100-40gb names a100-sxm4-40gb only"). A name only the resolver reads becomes its record's id.
    if (catalog.find_gpu(name) != nullptr) named = {name};
    for (auto& id : named) ids.push_back(std::move(id));
  }
  return ids;
}

void apply_resource_flags(const ResourceFlags& flags, const std::string& gpu_flag, const catalog::Catalog& catalog,
                          const std::string& currency, scoring::Constraints& constraints) {
  if (!flags.gpus.empty()) {
    const resources::GpuSpec spec = resources::parse_gpu_spec(flags.gpus, "--gpus");
    if (!gpu_flag.empty()) {
      throw Error::said("--gpus", text::words(text::Msg::err_gpu_and_gpus), text::words(text::Msg::hint_gpu_and_gpus));
    }
    if (spec.count_given && !flags.gpu_count.empty()) {
      throw Error::said("--gpus", text::words(text::Msg::err_gpus_and_count), text::words(text::Msg::hint_gpus_and_count));
    }
    constraints.gpus = catalog::gpu_ids_named(catalog, spec.name, spec.memory_gb, "--gpus");
    // SkyPilot's count is exact per instance: A100:8 is an 8-GPU node, never two 4-GPU ones; a
    // bare NAME is 1 GPU, unless --gpu-count gives the count as a range.
    constraints.gpu_count = {spec.count, spec.count};
  }
  if (!flags.gpu_count.empty()) constraints.gpu_count = resources::parse_count_range(flags.gpu_count, "--gpu-count");
  if (!flags.gpu_memory.empty()) {
    constraints.gpu_memory_gb = resources::parse_memory_gb_range(flags.gpu_memory, "--gpu-memory");
  }
  if (!flags.max_price.empty()) {
    const catalog::CurrencyRate* rate = catalog.find_currency(currency);
    constraints.max_price_per_hour =
        resources::parse_max_price(flags.max_price, "--max-price", rate != nullptr ? rate->per_usd : 1.0);
    constraints.max_price_currency = currency;
  }
}

void check_gpu_count_sold(const ResourceFlags& flags, const std::string& gpu_flag, const catalog::Catalog& catalog,
                          const scoring::Constraints& constraints) {
  if (!constraints.gpu_count.any()) return;
  const auto selected = [&](const catalog::Gpu& gpu) {
    return constraints.gpus.empty() ||
           std::any_of(constraints.gpus.begin(), constraints.gpus.end(),
                       [&](const std::string& name) { return catalog::gpu_name_selects(catalog, name, gpu); });
  };
  // The size sold nearest the range asked (its lower end, or its upper end when only that is given).
  const double asked = constraints.gpu_count.min.value_or(constraints.gpu_count.max.value_or(1.0));
  std::set<double> sizes_sold;  // GPUs per instance (gpu_count x gpu_fraction, as the constraint reads it)
  for (const catalog::Offering& offering : catalog.offerings) {
    if (!selected(catalog.gpu_of(offering))) continue;
    const double size = offering.gpu_count * offering.gpu_fraction;
    if (constraints.gpu_count.contains(size)) return;
    // Shares of one GPU (vGPU slices) are listed only to a request for a share.
    if (size >= 1.0 || asked < 1.0) sizes_sold.insert(size);
  }
  if (sizes_sold.empty()) return;
  const text::Words sizes = text::Words::in_each([&](text::Lang lang) {
    std::string listed;
    for (const double size : sizes_sold) {
      if (!listed.empty()) listed += text::message(text::Msg::list_comma, lang);
      listed += fmt::format("{:g}", size);
    }
    return listed;
  });
  const double nearest = *std::min_element(sizes_sold.begin(), sizes_sold.end(), [&](double a, double b) {
    return std::abs(a - asked) < std::abs(b - asked);
  });
  const std::string range_sold =
      fmt::format("{:g}..{:g}", *sizes_sold.begin(), *sizes_sold.rbegin());
  const std::string asked_text = resources::to_string(constraints.gpu_count);
  if (!flags.gpus.empty() && flags.gpu_count.empty()) {
    const resources::GpuSpec spec = resources::parse_gpu_spec(flags.gpus, "--gpus");
    throw Error::said("--gpus", text::composed(text::Msg::err_gpu_count_not_sold, asked_text, spec.name, sizes),
                      text::words(text::Msg::hint_gpus_count_sold, spec.name, fmt::format("{:g}", nearest), range_sold));
  }
  if (!gpu_flag.empty() || !flags.gpus.empty()) {
    const std::string& named = gpu_flag.empty() ? flags.gpus : gpu_flag;
    throw Error::said("--gpu-count", text::composed(text::Msg::err_gpu_count_not_sold, asked_text, named, sizes),
                      text::words(text::Msg::hint_gpu_count_sold, fmt::format("{:g}", nearest), range_sold));
  }
  throw Error::said("--gpu-count", text::composed(text::Msg::err_gpu_count_not_sold_any, asked_text, sizes),
                    text::words(text::Msg::hint_gpu_count_sold, fmt::format("{:g}", nearest), range_sold));
}

}  // namespace gpuselect::cli
