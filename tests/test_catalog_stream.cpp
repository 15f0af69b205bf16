// catalog list's JSON path at scale (docs/performance.md "Issue 18: the price board at the speed of
// before"): the streamed offering record and the compact board rows must give what the tree and the
// stored figures gave.
#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpuselect/board.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/catalog_format.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/json_writer.hpp"
#include "synthetic_catalog.hpp"

using namespace gpuselect;

namespace {

// The built-in catalog with 2,000 synthetic offerings over it: regions with their own prices,
// estimated_fields, unset optional prices, several currencies.
catalog::Catalog big_catalog() {
  std::vector<catalog::SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  bench::SyntheticOptions generate;
  generate.offerings = 2000;
  static const std::string overlay = bench::synthetic_catalog_yaml(bench::builtin_catalog(), generate);
  sources.push_back({"synthetic.yaml", overlay});
  auto loaded = catalog::load(sources);
  REQUIRE(loaded.ok());
  return std::move(loaded.catalog);
}

}  // namespace

TEST_CASE("catalog::write_json streams the bytes of to_json's tree for every offering", "[catalog][board]") {
  const catalog::Catalog catalog = big_catalog();
  const bool pretty = GENERATE(false, true);
  for (const auto& offering : catalog.offerings) {
    std::ostringstream streamed;
    {
      JsonWriter json(streamed, pretty);
      catalog::write_json(json, offering);
    }
    std::ostringstream from_tree;
    {
      JsonWriter json(from_tree, pretty);
      json.value(catalog::to_json(offering));
    }
    INFO(offering.id);
    REQUIRE(streamed.str() == from_tree.str());
  }
}

TEST_CASE("the price board's rows derive the prices they no longer store", "[catalog][board]") {
  const catalog::Catalog catalog = big_catalog();
  board::Query query;  // every mode, so each region's cheapest mode decides
  const auto sort = GENERATE(board::Sort::gpu_price, board::Sort::price, board::Sort::memory, board::Sort::provider);
  query.sort = sort;
  const board::Board built = board::build(catalog, query);
  REQUIRE(built.rows.size() > catalog.offerings.size());  // synthetic records list several regions
  for (const auto& row : built.rows) {
    const auto& offering = catalog.offerings[row.offering_index];
    const auto& prices = board::pricing(offering, row);
    // The row's mode is the cheapest mode sold in its region, and its price is that mode's price.
    double cheapest = 0;
    bool any = false;
    for (std::size_t m = 0; m < catalog::pricing_mode_count; ++m) {
      if (const auto price = prices.price(static_cast<catalog::PricingMode>(m)); price && (!any || *price < cheapest)) {
        cheapest = *price;
        any = true;
      }
    }
    REQUIRE(any);
    CHECK(board::price(offering, row) == cheapest);
    CHECK(board::price_per_gpu(offering, row) * board::gpus_per_instance(offering) == Approx(cheapest));
    // The stored sort key is that per-GPU price converted to USD at the catalog's rate.
    const double to_usd = catalog::convert(catalog, 1.0, catalog.provider_of(offering).currency, "USD");
    CHECK(row.price_per_gpu_usd == Approx(board::price_per_gpu(offering, row) * to_usd));
  }
  // One order for one query: rows differ in offering or region, so the unstable sort has no ties.
  for (std::size_t i = 1; i < built.rows.size(); ++i) {
    const auto& a = built.rows[i - 1];
    const auto& b = built.rows[i];
    CHECK((a.offering_index != b.offering_index || a.region != b.region));
  }
  // Each sort key in its direction: instance price in USD rising, GPU memory falling, provider id rising.
  const auto usd_price = [&](const board::Row& row) {
    const auto& offering = catalog.offerings[row.offering_index];
    return board::price(offering, row) * catalog::convert(catalog, 1.0, catalog.provider_of(offering).currency, "USD");
  };
  for (std::size_t i = 1; i < built.rows.size(); ++i) {
    const auto& a = catalog.offerings[built.rows[i - 1].offering_index];
    const auto& b = catalog.offerings[built.rows[i].offering_index];
    if (sort == board::Sort::price) CHECK(usd_price(built.rows[i - 1]) <= usd_price(built.rows[i]) * (1 + 1e-12));
    if (sort == board::Sort::memory) {
      CHECK(board::gpu_memory_gb(catalog, a) >= board::gpu_memory_gb(catalog, b));
    }
    if (sort == board::Sort::provider) CHECK(a.provider <= b.provider);
  }
  if (sort == board::Sort::gpu_price) {
    CHECK(std::is_sorted(built.rows.begin(), built.rows.end(), [](const board::Row& x, const board::Row& y) {
      return x.price_per_gpu_usd < y.price_per_gpu_usd;
    }));
  }
}
