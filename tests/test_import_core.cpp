// The neutral importer core (src/catalog/import_core.hpp) driven without the SkyPilot parser: what
// a second importer gets once it has a column map and a row parser; and the importer table.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "catalog/import_core.hpp"
#include "gpuselect/price_import.hpp"
#include "gpuselect/skypilot_import.hpp"

namespace {

using namespace gpuselect::catalog;

Catalog h100_catalog() {
  Catalog catalog;
  Gpu gpu;
  gpu.id = "h100-sxm5-80gb";
  gpu.name = gpu.id;
  gpu.memory_gb = 80;
  gpu.interconnect = "nvlink-4";
  gpu.aliases = {"H100"};
  catalog.gpus.push_back(gpu);
  return catalog;
}

ImportRow row(std::string instance_type, double count, double price, std::string region, std::uint32_t line) {
  ImportRow parsed;
  parsed.instance_type = std::move(instance_type);
  parsed.accelerator = "H100";
  parsed.accelerator_count = count;
  parsed.price = price;
  parsed.region = region;
  parsed.region_spelling = region;
  parsed.zone = std::move(region);
  parsed.line = line;
  return parsed;
}

}  // namespace

TEST_CASE("import core: rows of another format merge into offerings with the shared rules", "[import]") {
  const Catalog known = h100_catalog();
  const ImportOptions options{.provider_id = "acme", .source_name = "acme.json", .as_of = "2026-11-30"};
  OfferingMerger merger(known, options, "Acme price list");
  CHECK(merger.add(row("h8", 8, 24.0, "us-west", 2), "h8"));
  CHECK(merger.add(row("h8", 8, 20.0, "eu-central", 3), "h8"));
  CHECK(merger.add(row("h1", 1, 3.0, "us-west", 4), "h1"));
  ImportResult result;
  merger.finish(result);
  close_import(result, merger, known, options);
  REQUIRE(result.offerings.size() == 2);
  const Offering& eight = result.offerings.front();
  CHECK(eight.id == "acme/h8");
  CHECK(eight.gpu == "h100-sxm5-80gb");
  CHECK(eight.interconnect == Interconnect::nvswitch);  // rule 5: 8 NVLink-4 GPUs sit on NVSwitch
  CHECK(eight.regions == std::vector<std::string>{"eu-central", "us-west"});
  CHECK(eight.pricing.on_demand == 20.0);  // the cheapest region's price
  CHECK(eight.source == "acme.json (Acme price list import)");
  CHECK(result.price_basis == PriceBasis::instance);  // 8x at 8 times 1x: per instance
  REQUIRE(result.provider_stub.has_value());  // acme is not in the catalog
  CHECK(result.provider_stub->id == "acme");
  CHECK(merger.lists("h1"));
  CHECK_FALSE(merger.lists("h2"));
}

TEST_CASE("import core: bad rows are counted and shown, or thrown under --strict", "[import]") {
  BadRows lenient(false);
  lenient.add(gpuselect::Error("f.csv:3:1", "row has 2 fields", "fix it"));
  CHECK(lenient.count() == 1);
  REQUIRE(lenient.warning().has_value());
  CHECK(lenient.warning()->say(gpuselect::text::Lang::en) ==
        "skipped 1 row that could not be read (f.csv:3:1: row has 2 fields); --strict makes this an error");
  // Said in Chinese too: the count, the separators and the sentence (the row's own words as given).
  CHECK(lenient.warning()->say(gpuselect::text::Lang::zh_cn) ==
        "已跳过无法读取的 1 行（f.csv:3:1：row has 2 fields）；加 --strict 则视为错误");
  BadRows strict(true);
  CHECK_THROWS_AS(strict.add(gpuselect::Error("f.csv:3:1", "row has 2 fields", "fix it")), gpuselect::Error);
}

TEST_CASE("the importer table: catalog import and update read their importer from it", "[import]") {
  REQUIRE_FALSE(importers().empty());
  const Importer* skypilot = importer_named("skypilot");
  REQUIRE(skypilot != nullptr);
  CHECK(skypilot->file_kind == "SkyPilot vms.csv");
  CHECK(importer_named("nope") == nullptr);
  const Catalog known = h100_catalog();
  const ImportOptions options{.provider_id = "aws", .source_name = "aws.csv", .as_of = "2026-11-30"};
  const std::string csv = "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\np5.48xlarge,H100,8,98.32,us-east-1\n";
  const ImportResult through_table = skypilot->import_text(csv, known, options);
  const ImportResult direct = import_skypilot(csv, known, options);
  REQUIRE(through_table.offerings.size() == 1);
  CHECK(through_table.offerings.front().id == direct.offerings.front().id);
  CHECK(through_table.offerings.front().source == "aws.csv (SkyPilot vms.csv import)");
}
