#pragma once
// Resource requests in the syntax of the launchers people already use (docs/cli.md "Resource
// syntax"): SkyPilot's accelerator spec NAME[:COUNT] (`--gpus A100:8`) and dstack's ranges
// (`--gpu-memory 24GB..`, `--gpu-count 2..8`, `--max-price 2.5`). Pure parsing: text in, values
// out; each error is Error(where = the flag) with what to write instead.
#include <optional>
#include <string>
#include <string_view>

namespace gpuselect::resources {

// An inclusive interval; an empty side is unbounded. dstack's "A..B", "A..", "..B"; a single value
// "A" is min = max = A, as dstack's Range reads it.
struct Bounds {
  std::optional<double> min;
  std::optional<double> max;
  bool contains(double value) const { return (!min || value >= *min) && (!max || value <= *max); }
  bool any() const { return min.has_value() || max.has_value(); }
};

// SkyPilot's NAME[:COUNT]: "A100:8", "H100-80GB:8"; a bare "A100" is a count of 1 (SkyPilot:
// "simply <name>, short for a count of 1"). A count below 1 is a share of one GPU ("T4:0.5").
struct GpuSpec {
  std::string name;
  double count = 1;
  bool count_given = false;          // ":COUNT" was written
  std::optional<double> memory_gb;  // dstack's NAME:MEMORY[:COUNT] ("A100:80GB:8"), per GPU
};

GpuSpec parse_gpu_spec(std::string_view text, std::string_view where);
// GPU memory per GPU in GB (the vendor's label, as `catalog gpus` shows it): "24GB..", "..80GB",
// "24GB..80GB", "40GB"; units MB, GB, TB (decimal, as dstack), a bare number is GB.
Bounds parse_memory_gb_range(std::string_view text, std::string_view where);
// GPUs per instance: "2..8", "2..", "..4", "8"; fractions below 1 are a share of one GPU.
Bounds parse_count_range(std::string_view text, std::string_view where);
// Price per instance-hour (dstack's max_price): "2.5", "$2.5". The accepted range
// (ranges::Quantity::max_price) is in US dollars; `per_usd` is the units of the price's currency
// for one dollar (CNY 7.1), so the ceiling follows the currency.
double parse_max_price(std::string_view text, std::string_view where, double per_usd = 1.0);

// "24..80", "24..", "..80", "8" (dstack's notation; numbers as %g).
std::string to_string(const Bounds& bounds);

}  // namespace gpuselect::resources
