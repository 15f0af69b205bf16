#include "gpuselect/board.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "gpuselect/enum_names.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "scoring/scoring_internal.hpp"

namespace gpuselect::board {

namespace {

bool allowed_region(const scoring::Constraints& constraints, std::string_view region) {
  return constraints.regions.empty() ||
         std::find(constraints.regions.begin(), constraints.regions.end(), region) != constraints.regions.end();
}

// USD per unit of each provider's currency, by provider index (one conversion per provider). A
// currency without a rate sorts as USD: listing prices needs no rate, only ordering them does.
std::vector<double> usd_rates(const catalog::Catalog& catalog) {
  std::vector<double> rates;
  rates.reserve(catalog.providers.size());
  for (const auto& provider : catalog.providers) {
    const bool known = provider.currency == "USD" || catalog.find_currency(provider.currency) != nullptr;
    rates.push_back(known && provider.currency != "USD" ? catalog::convert(catalog, 1.0, provider.currency, "USD") : 1.0);
  }
  return rates;
}

// Rows differ in offering or region, so (per GPU-hour, offering id, region index) orders them
// totally and an unstable in-place sort gives the one order (no buffer of 100,000 rows).
void sort_rows(const catalog::Catalog& catalog, const std::vector<double>& rates, Sort sort, std::vector<Row>& rows) {
  auto tail = [&](const Row& row) {
    const auto& offering = catalog.offerings[row.offering_index];
    return std::tuple(row.price_per_gpu_usd, std::string_view(offering.id), region_name(offering, row),
                      row.offering_index, row.region);
  };
  auto price_usd = [&](const Row& row) {
    const auto& offering = catalog.offerings[row.offering_index];
    return price(offering, row) * rates[offering.provider_index];
  };
  auto less = [&](const Row& a, const Row& b) {
    const auto& oa = catalog.offerings[a.offering_index];
    const auto& ob = catalog.offerings[b.offering_index];
    switch (sort) {
      case Sort::price: {
        const double price_a = price_usd(a);
        const double price_b = price_usd(b);
        if (price_a != price_b) return price_a < price_b;
        break;
      }
      case Sort::memory: {
        const double memory_a = gpu_memory_gb(catalog, oa);
        const double memory_b = gpu_memory_gb(catalog, ob);
        if (memory_a != memory_b) return memory_a > memory_b;
        break;
      }
      case Sort::gpu:
        if (oa.gpu != ob.gpu) return oa.gpu < ob.gpu;
        break;
      case Sort::provider:
        if (oa.provider != ob.provider) return oa.provider < ob.provider;
        break;
      case Sort::gpu_price:
        break;
    }
    return tail(a) < tail(b);
  };
  std::sort(rows.begin(), rows.end(), less);
}

void add_groups(const catalog::Catalog& catalog, const std::vector<double>& rates, const std::vector<GroupKey>& keys,
                Board& board) {
  auto has_key = [&](GroupKey key) { return std::find(keys.begin(), keys.end(), key) != keys.end(); };
  std::map<std::tuple<std::string_view, std::string_view, std::string_view>, std::size_t> index_of;
  for (std::size_t index = 0; index < board.rows.size(); ++index) {
    const Row& row = board.rows[index];
    const auto& offering = catalog.offerings[row.offering_index];
    const double gpus = gpus_per_instance(offering);
    const double price_usd = price(offering, row) * rates[offering.provider_index];
    const std::tuple key(has_key(GroupKey::gpu) ? std::string_view(offering.gpu) : std::string_view(),
                         has_key(GroupKey::provider) ? std::string_view(offering.provider) : std::string_view(),
                         has_key(GroupKey::region) ? region_name(offering, row) : std::string_view());
    const auto [found, added] = index_of.try_emplace(key, board.groups.size());
    if (added) {
      Group group;
      group.gpu = std::get<0>(key);
      group.provider = std::get<1>(key);
      group.region = std::get<2>(key);
      group.min_gpus = group.max_gpus = gpus;
      group.min_price_usd = group.max_price_usd = price_usd;
      group.min_price_per_gpu_usd = group.max_price_per_gpu_usd = row.price_per_gpu_usd;
      group.cheapest_row = index;
      board.groups.push_back(std::move(group));
    }
    Group& group = board.groups[found->second];
    ++group.rows;
    group.min_gpus = std::min(group.min_gpus, gpus);
    group.max_gpus = std::max(group.max_gpus, gpus);
    group.min_price_usd = std::min(group.min_price_usd, price_usd);
    group.max_price_usd = std::max(group.max_price_usd, price_usd);
    group.max_price_per_gpu_usd = std::max(group.max_price_per_gpu_usd, row.price_per_gpu_usd);
    if (row.price_per_gpu_usd < group.min_price_per_gpu_usd) {
      group.min_price_per_gpu_usd = row.price_per_gpu_usd;
      group.cheapest_row = index;
    }
    group.modes = static_cast<std::uint8_t>(group.modes | (1u << row.mode_index));
  }
}

}  // namespace

std::optional<Sort> parse_sort(std::string_view name) { return enum_names::parse_in<Sort>(name, sort_names); }
std::optional<GroupKey> parse_group_key(std::string_view name) {
  if (name == "backend") return GroupKey::provider;  // dstack's word for a provider
  return enum_names::parse_in<GroupKey>(name, group_names);
}

double gpus_per_instance(const catalog::Offering& offering) { return scoring::detail::gpus_of(offering); }

double gpu_memory_gb(const catalog::Catalog& catalog, const catalog::Offering& offering) {
  return scoring::detail::gpu_memory_gb_of(catalog, offering);
}

const catalog::Pricing& pricing(const catalog::Offering& offering, const Row& row) {
  return row.region == no_region ? offering.pricing : offering.pricing_in(offering.regions[row.region]);
}

double price(const catalog::Offering& offering, const Row& row) {
  return pricing(offering, row).price(row.mode()).value_or(0);
}

double price_per_gpu(const catalog::Offering& offering, const Row& row) {
  const double gpus = gpus_per_instance(offering);
  const double instance = price(offering, row);
  return gpus > 0 ? instance / gpus : instance;
}

std::string_view region_name(const catalog::Offering& offering, const Row& row) {
  return row.region == no_region ? std::string_view() : std::string_view(offering.regions[row.region]);
}

bool price_estimated(const catalog::Offering& offering, const Row& row, catalog::PricingMode mode) {
  if (offering.estimated_fields.empty()) return false;
  if (row.region != no_region) {
    const catalog::RegionPrice* own = offering.region_price(offering.regions[row.region]);
    if (own != nullptr && (own->given & (1u << static_cast<unsigned>(mode))) != 0) return false;
  }
  const std::string_view key = catalog::pricing_key(mode);
  constexpr std::string_view prefix = "pricing.";
  return std::any_of(offering.estimated_fields.begin(), offering.estimated_fields.end(), [&](const std::string& field) {
    const std::string_view name(field);
    return name == "pricing" || (name.size() == prefix.size() + key.size() && name.starts_with(prefix) &&
                                 name.substr(prefix.size()) == key);
  });
}

Board build(const catalog::Catalog& catalog, const Query& query) {
  const scoring::Constraints& constraints = query.constraints;
  scoring::check_constraints(catalog, constraints);
  const std::vector<double> rates = usd_rates(catalog);
  Board board;
  if (catalog.offerings.size() >= (std::size_t{1} << 30)) {
    // beyond LoadLimits::max_records
    throw Error::said("catalog list", text::words(text::Msg::err_board_offerings), text::words(text::Msg::hint_split_the_catalog));
  }
  const auto count = static_cast<std::uint32_t>(catalog.offerings.size());
  std::size_t most_rows = 0;  // reserved exactly: growth by doubling would hold two copies at once
  for (const auto& offering : catalog.offerings) most_rows += std::max<std::size_t>(1, offering.regions.size());
  board.rows.reserve(most_rows);
  auto add_row = [&](std::uint32_t index, std::uint32_t region, const catalog::Pricing& prices) {
    const auto& offering = catalog.offerings[index];
    Row row;
    std::optional<double> cheapest;
    std::size_t cheapest_mode = 0;
    for (std::size_t m = 0; m < catalog::pricing_mode_count; ++m) {
      const auto mode = static_cast<catalog::PricingMode>(m);
      const auto sold = prices.price(mode);
      if (!sold || !scoring::detail::mode_allowed(constraints, mode)) continue;
      if (!scoring::price_allowed(catalog, offering, constraints, *sold)) continue;
      if (!cheapest || *sold < *cheapest) {
        cheapest = sold;
        cheapest_mode = m;
      }
    }
    if (!cheapest) return;  // nothing sold here in an allowed mode at or under --max-price
    row.offering_index = index & 0x1fffffffu;
    row.mode_index = cheapest_mode & 0x7u;
    row.region = region;
    const double gpus = gpus_per_instance(offering);
    row.price_per_gpu_usd = (gpus > 0 ? *cheapest / gpus : *cheapest) * rates[offering.provider_index];
    board.rows.push_back(row);
  };
  for (std::uint32_t index = 0; index < count; ++index) {
    const auto& offering = catalog.offerings[index];
    if (!scoring::offering_allowed(catalog, offering, constraints)) continue;
    if (offering.regions.empty()) add_row(index, no_region, offering.pricing);
    const auto regions = static_cast<std::uint32_t>(offering.regions.size());
    for (std::uint32_t region = 0; region < regions; ++region) {
      if (allowed_region(constraints, offering.regions[region])) {
        add_row(index, region, offering.pricing_in(offering.regions[region]));
      }
    }
  }
  sort_rows(catalog, rates, query.sort, board.rows);
  if (!query.group_by.empty()) add_groups(catalog, rates, query.group_by, board);
  return board;
}

}  // namespace gpuselect::board
