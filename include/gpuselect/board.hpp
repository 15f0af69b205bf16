#pragma once
// The price board of `gpuselect catalog list` (docs/cli.md "catalog list"): one row per offering and
// region that the offering-level constraints allow, priced in that region, sorted, optionally
// summarised per group as `dstack offer --group-by` does.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/catalog.hpp"
#include "gpuselect/scoring.hpp"

namespace gpuselect::board {

// price: the row's price per instance-hour; gpu-price: per GPU-hour (the default); memory: GPU
// memory, most first; gpu, provider: by id. Prices compare in USD; ties fall to the next keys
// (per GPU-hour, then offering id, then region).
enum class Sort : std::uint8_t { price, gpu_price, memory, gpu, provider };
inline constexpr std::array<std::string_view, 5> sort_names = {"price", "gpu-price", "memory", "gpu", "provider"};
std::optional<Sort> parse_sort(std::string_view name);

enum class GroupKey : std::uint8_t { gpu, provider, region };
inline constexpr std::array<std::string_view, 3> group_names = {"gpu", "provider", "region"};
std::optional<GroupKey> parse_group_key(std::string_view name);

struct Query {
  scoring::Constraints constraints;  // pricing_modes empty = every mode
  Sort sort = Sort::gpu_price;
  std::vector<GroupKey> group_by;  // empty = one line per row
};

inline constexpr std::uint32_t no_region = 0xffffffffu;

// 16 bytes on purpose: a 50,000-offering catalog has ~100,000 rows, and `catalog list` is held to
// the time and memory it took before the board (docs/performance.md). What follows from the
// offering and region (the price, GPUs, memory, USD rate) is derived by the functions below.
struct Row {
  std::uint32_t offering_index : 29 = 0;  // catalog::LoadLimits keeps records far below 2^29
  std::uint32_t mode_index : 3 = 0;       // the cheapest allowed PricingMode here
  std::uint32_t region = no_region;       // index into the offering's regions; no_region when it lists none
  double price_per_gpu_usd = 0;           // price per GPU-hour in USD: the default sort key
  catalog::PricingMode mode() const { return static_cast<catalog::PricingMode>(mode_index); }
};
static_assert(sizeof(Row) == 16 && catalog::pricing_mode_count <= 8);

// One group of rows (when Query::group_by is set): its key values and the spread of its rows, as
// `dstack offer --group-by` prints them. Money in USD (groups may mix currencies).
struct Group {
  std::string gpu, provider, region;  // the grouped keys; empty when not grouped by it
  std::size_t rows = 0;
  double min_gpus = 0, max_gpus = 0;
  double min_price_usd = 0, max_price_usd = 0;
  double min_price_per_gpu_usd = 0, max_price_per_gpu_usd = 0;
  std::uint8_t modes = 0;  // bit 1 << PricingMode: modes that are some row's cheapest
  std::size_t cheapest_row = 0;  // index into Board::rows: lowest per GPU-hour
};

struct Board {
  std::vector<Row> rows;      // sorted
  std::vector<Group> groups;  // in the order of their first row
};

// Throws Error for names the catalog lacks (scoring::check_constraints).
Board build(const catalog::Catalog& catalog, const Query& query);

// GPUs per instance (gpu_count x gpu_fraction) and GB per GPU (a vGPU slice's share).
double gpus_per_instance(const catalog::Offering& offering);
double gpu_memory_gb(const catalog::Catalog& catalog, const catalog::Offering& offering);
// The prices in the row's region, and the row's price per instance-hour and per GPU-hour in
// its mode, in the provider's currency.
const catalog::Pricing& pricing(const catalog::Offering& offering, const Row& row);
double price(const catalog::Offering& offering, const Row& row);
double price_per_gpu(const catalog::Offering& offering, const Row& row);

// The region's name, or "" for no_region.
std::string_view region_name(const catalog::Offering& offering, const Row& row);
// Whether the price of `mode` in this row's region is marked estimated: the offering lists
// "pricing.<mode>" in estimated_fields and the region did not name its own price for the mode.
bool price_estimated(const catalog::Offering& offering, const Row& row, catalog::PricingMode mode);

}  // namespace gpuselect::board
