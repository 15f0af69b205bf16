#include "cli/resource_flags.hpp"

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
  for (const auto& name : split_list(flag_value)) {
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
  for (const auto& name : split_list(names)) {
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

}  // namespace gpuselect::cli
