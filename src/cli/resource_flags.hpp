#pragma once
// SkyPilot's --gpus NAME:COUNT and dstack's --gpu-memory, --gpu-count, --max-price (docs/cli.md
// "Resource syntax"), shared by recommend, compare and catalog list.
#include <string>
#include <vector>

#include "cli/cli11_fwd.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/scoring.hpp"

namespace gpuselect::cli {

struct ResourceFlags {
  std::string gpus, gpu_memory, gpu_count, max_price;
};

void add_resource_options(CLI::App& command, ResourceFlags& flags, const std::string& group);
bool any_resource_flag(const ResourceFlags& flags);

// --pricing: "" = on-demand and spot (a reservation commits to one or three years of the instance:
// it is no price for a one-off job or an hourly rent, so reserved modes come only when asked for),
// "any" = every mode (an empty list), else the comma-separated modes; Error(--pricing) otherwise.
std::vector<catalog::PricingMode> parse_pricing_flag(const std::string& flag_value);

// The GPU names of a comma-separated --gpu list, each checked (catalog::gpu_ids_named: ids, aliases
// and the launchers' spellings): an id or alias stays as written (catalog::gpu_name_selects: a model
// named alone selects every record of it), a launcher's spelling becomes its record's id, and a
// published GPU without a record stays as named.
std::vector<std::string> gpu_constraint_ids(const std::string& names, const catalog::Catalog& catalog);

// Fills constraints.gpus (from --gpus NAME), gpu_count, gpu_memory_gb and max_price_per_hour (in
// `currency`). `gpu_flag`: the text of --gpu, which --gpus may not contradict.
void apply_resource_flags(const ResourceFlags& flags, const std::string& gpu_flag, const catalog::Catalog& catalog,
                          const std::string& currency, scoring::Constraints& constraints);

// recommend: a GPU count per instance (--gpus NAME:COUNT, or --gpu-count with or without --gpu) that no
// instance of the catalog holds for the GPUs named is a mistake in the request, not a ranking that
// comes out empty (expert review 6: `--gpus H100:3` exited 3 blaming --gpu-count). Error(where =
// the flag that gave the count) listing the sizes sold; nothing when the named GPUs are not sold at
// all (the ranking says that) or some size sold is in the range.
void check_gpu_count_sold(const ResourceFlags& flags, const std::string& gpu_flag, const catalog::Catalog& catalog,
                          const scoring::Constraints& constraints);

}  // namespace gpuselect::cli
