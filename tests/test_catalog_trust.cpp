// A team lead's overlay does what it says (docs/catalog.md "Overlays", "Discounts", "Tools"): a plain
// price applies in every region, a changed price brings its own as_of and source, a provider-wide
// discount_pct, the price ceiling in USD, and `catalog validate`'s market-range check per GPU-hour.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "gpuselect/catalog.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/skypilot_import.hpp"

using namespace gpuselect;
using namespace gpuselect::catalog;

namespace {

LoadResult with_team(const std::string& team) {
  std::vector<SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  sources.push_back({"team.yaml", team});
  return load(sources);
}

std::vector<std::string> lines_about(const std::vector<Diagnostic>& diagnostics, const std::string& file) {
  std::vector<std::string> lines;
  for (const auto& diagnostic : diagnostics) {
    if (diagnostic.file.str() == file) lines.push_back(format_diagnostic(diagnostic));
  }
  return lines;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string all;
  for (const auto& line : lines) all += line + "\n";
  return all;
}

}  // namespace

TEST_CASE("a plain price in an overlay applies in every region, with a note of what it replaced", "[catalog][overlay]") {
  const auto result = with_team(
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: aws/p5.48xlarge\n"
      "    pricing: {on_demand: 40}\n"
      "    as_of: 2026-11-01\n"
      "    source: ACME agreement\n");
  REQUIRE(result.ok());
  const Offering* offering = result.catalog.find_offering("aws/p5.48xlarge");
  REQUIRE(offering != nullptr);
  REQUIRE(offering->regions.size() > 2);
  for (const auto& region : offering->regions) {
    INFO(region);
    CHECK(offering->pricing_in(region).on_demand == 40.0);
  }
  // The estimated reserved prices (a discount off on-demand: data/offerings.yaml 38.528 and 27.52 on a
  // list 55.04) follow the negotiated on-demand, in every region; they are not left at 96% of it.
  for (const auto& region : offering->regions) {
    INFO(region);
    CHECK(*offering->pricing_in(region).reserved_1y == Approx(38.528 * 40 / 55.04).epsilon(1e-6));
    CHECK(*offering->pricing_in(region).reserved_3y == Approx(27.52 * 40 / 55.04).epsilon(1e-6));
  }
  // Spot keeps its regional prices: the overlay named on-demand only.
  CHECK(offering->pricing_in("ap-northeast-1").spot != offering->pricing_in("us-east-1").spot);
  // A note, not a warning: the overlay did what it says, so --strict still passes.
  CHECK(lines_about(result.diagnostics, "team.yaml").empty());
  REQUIRE(result.notes.size() == 1);
  CHECK_THAT(result.notes[0], Catch::StartsWith("team.yaml:3:9: note: offering 'aws/p5.48xlarge': the overlay's pricing "
                                                "applies in every region and replaced"));

  // With region_pricing the overlay prices regions apart, and nothing is replaced behind its back.
  const auto regional = with_team(
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: aws/p5.48xlarge\n"
      "    pricing: {on_demand: 40}\n"
      "    region_pricing: [{region: us-east-1, on_demand: 38}]\n"
      "    as_of: 2026-11-01\n"
      "    source: ACME agreement\n");
  REQUIRE(regional.ok());
  const Offering* apart = regional.catalog.find_offering("aws/p5.48xlarge");
  CHECK(apart->pricing_in("us-east-1").on_demand == 38.0);
  CHECK(apart->pricing_in("ap-northeast-1").on_demand == 40.0);
  // A reserved price the overlay gives itself is its own.
  const auto own_reserved = with_team(
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: aws/p5.48xlarge\n"
      "    pricing: {on_demand: 40, reserved_1y: 33}\n"
      "    as_of: 2026-11-01\n"
      "    source: ACME agreement\n");
  REQUIRE(own_reserved.ok());
  CHECK(own_reserved.catalog.find_offering("aws/p5.48xlarge")->pricing.reserved_1y == 33.0);
  CHECK(lines_about(regional.diagnostics, "team.yaml").empty());
  CHECK(regional.notes.empty());
}

TEST_CASE("a price changed by an overlay without its own as_of and source warns", "[catalog][overlay]") {
  const auto result = with_team(
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    pricing: {on_demand: 20}\n");
  REQUIRE(result.ok());
  CHECK_THAT(joined(lines_about(result.diagnostics, "team.yaml")),
             Catch::Contains("the overlay changes prices without its own as_of and source") &&
                 Catch::Contains("add as_of (the date of the quote) and source"));
  const auto dated = with_team(
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    pricing: {on_demand: 20}\n"
      "    as_of: 2026-11-01\n"
      "    source: quote 42\n");
  CHECK(lines_about(dated.diagnostics, "team.yaml").empty());
}

TEST_CASE("discount_pct on a provider takes every price of its offerings down, per mode", "[catalog][discount]") {
  const auto base = with_team("schema_version: 1\n");
  const Offering* before = base.catalog.find_offering("aws/p5.48xlarge");
  REQUIRE(before != nullptr);
  const auto flat = with_team(
      "schema_version: 1\n"
      "providers:\n"
      "  - id: aws\n"
      "    discount_pct: 20\n");
  REQUIRE(flat.ok());
  const Offering* after = flat.catalog.find_offering("aws/p5.48xlarge");
  for (const auto& region : before->regions) {
    INFO(region);
    for (const auto mode : {PricingMode::on_demand, PricingMode::spot, PricingMode::reserved_1y}) {
      const auto was = before->pricing_in(region).price(mode);
      const auto now = after->pricing_in(region).price(mode);
      REQUIRE(was.has_value() == now.has_value());
      if (was) CHECK(*now == Approx(*was * 0.8));
    }
  }
  CHECK(flat.catalog.find_provider("aws")->discount_pct.reserved_3y == 20);

  const auto per_mode = with_team(
      "schema_version: 1\n"
      "providers:\n"
      "  - id: aws\n"
      "    discount_pct: {on_demand: 10, reserved_1y: 5}\n");
  REQUIRE(per_mode.ok());
  const Offering* mixed = per_mode.catalog.find_offering("aws/p5.48xlarge");
  CHECK(*mixed->pricing.on_demand == Approx(*before->pricing.on_demand * 0.9));
  CHECK(*mixed->pricing.reserved_1y == Approx(*before->pricing.reserved_1y * 0.95));
  CHECK(*mixed->pricing.spot == Approx(*before->pricing.spot));
  // Other providers are untouched.
  CHECK(per_mode.catalog.find_offering("lambda/gpu_8x_h100_sxm5")->pricing.on_demand ==
        base.catalog.find_offering("lambda/gpu_8x_h100_sxm5")->pricing.on_demand);

  const auto too_much = with_team(
      "schema_version: 1\n"
      "providers:\n"
      "  - id: aws\n"
      "    discount_pct: 100\n");
  CHECK_FALSE(too_much.ok());
}

TEST_CASE("the price ceiling is in USD: a JPY quote for 8x B300 loads, a monthly USD price does not", "[catalog]") {
  const std::string provider =
      "schema_version: 1\n"
      "providers:\n"
      "  - id: sakura\n"
      "    name: Sakura\n"
      "    currency: JPY\n"
      "    as_of: 2026-11-01\n"
      "    source: quote\n"
      "offerings:\n"
      "  - id: sakura/b300x8\n"
      "    provider: sakura\n"
      "    gpu: b300\n"
      "    gpu_count: 8\n"
      "    regions: [ishikari]\n"
      "    as_of: 2026-11-01\n"
      "    source: quote\n";
  const auto jpy = with_team(provider + "    pricing: {on_demand: 15800}\n");
  CHECK(jpy.ok());
  const auto monthly = with_team(provider + "    pricing: {on_demand: 2500000}\n");
  REQUIRE_FALSE(monthly.ok());
  CHECK_THAT(joined(lines_about(monthly.diagnostics, "team.yaml")),
             Catch::Contains("pricing.on_demand 2500000 JPY is 16830 USD per instance-hour") &&
                 Catch::Contains("above the 10000 USD ceiling"));
}

TEST_CASE("validate's market-range check per GPU-hour names the likely unit mistake", "[catalog][lint]") {
  // A per-GPU price on an 8-GPU H100 node, and a monthly price in an hourly field.
  const auto result = with_team(
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: aws/p5.48xlarge\n"
      "    pricing: {on_demand: 3.9}\n"
      "    as_of: 2026-11-01\n"
      "    source: ACME\n"
      "  - id: aws/p5.4xlarge\n"
      "    pricing: {on_demand: 2000}\n"
      "    as_of: 2026-11-01\n"
      "    source: ACME\n");
  REQUIRE(result.ok());
  const auto findings = lint(result.catalog, "2026-11-30");
  const std::string team = joined(lines_about(findings, "team.yaml"));
  CHECK_THAT(team, Catch::Contains("team.yaml:4:") && Catch::Contains("'aws/p5.48xlarge' has pricing.on_demand 3.9") &&
                       Catch::Contains("it looks like a price per GPU: the 8-GPU instance would be 31.2"));
  CHECK_THAT(team, Catch::Contains("team.yaml:8:") && Catch::Contains("it looks like a monthly price"));
  // The built-in prices are the market: no finding of this kind.
  const auto builtin = with_team("schema_version: 1\n");
  for (const auto& diagnostic : lint(builtin.catalog, "2026-11-30")) {
    INFO(format_diagnostic(diagnostic));
    CHECK(diagnostic.message.find("the market median") == std::string::npos);
  }
}

TEST_CASE("validate flags a region priced at under half the median of the offering's regions", "[catalog][lint]") {
  // Expert review 43: the reference file's GCP H100 accelerator row read 4.20 USD/GPU-h in seven
  // regions against 9.80-12.74 elsewhere, another SKU taken as on-demand. A region at half its
  // others' price is flagged at its entry; the built-in catalog has none left.
  const auto result = with_team(
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: aws/p5.48xlarge\n"
      "    region_pricing:\n"
      "      - {region: us-east-1, on_demand: 55.04}\n"
      "      - {region: us-west-2, on_demand: 55.04}\n"
      "      - {region: eu-west-2, on_demand: 61.2}\n"
      "      - {region: ap-northeast-1, on_demand: 24.5}\n"
      "    as_of: 2026-11-01\n"
      "    source: ACME\n");
  REQUIRE(result.ok());
  const std::string team = joined(lines_about(lint(result.catalog, "2026-11-30"), "team.yaml"));
  CHECK_THAT(team,
             Catch::Contains("team.yaml:8:") &&
                 Catch::Contains("'aws/p5.48xlarge' in ap-northeast-1 has on_demand 24.5, under half the median") &&
                 Catch::Contains("another SKU"));
  CHECK_THAT(team, !Catch::Contains("in us-east-1 has on_demand"));
  const auto builtin = with_team("schema_version: 1\n");
  for (const auto& diagnostic : lint(builtin.catalog, "2026-11-30")) {
    INFO(format_diagnostic(diagnostic));
    CHECK(diagnostic.message.find("under half the median") == std::string::npos);
  }
}

TEST_CASE("an error an overlay causes is reported at the overlay, not at the file that defined the record",
          "[catalog][overlay]") {
  const auto result = with_team(
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    gpu_fraction: 0.5\n");
  REQUIRE_FALSE(result.ok());
  CHECK_THAT(joined(lines_about(result.diagnostics, "team.yaml")),
             Catch::Contains("team.yaml:4:5: error: offering 'lambda/gpu_8x_h100_sxm5' has gpu_fraction 0.5"));
}

TEST_CASE("providers first seen in an import rank at neutral, estimated soft attributes", "[catalog][import]") {
  const auto base = with_team("schema_version: 1\n");
  const Provider neutral = provider_stub("newcloud", "2026-11-20", base.catalog);
  const Provider bare = provider_stub("newcloud", "2026-11-20");
  // The median of the built-in providers, not the worst case: an SLA and standard-or-better support.
  CHECK(neutral.sla_uptime_pct > bare.sla_uptime_pct);
  CHECK(static_cast<int>(neutral.support.tier) > static_cast<int>(bare.support.tier));
  CHECK(neutral.estimated_fields == bare.estimated_fields);
  CHECK_THAT(neutral.source, Catch::Contains("NEUTRAL values, the median of the catalog's"));
  CHECK(neutral.egress_per_gb == 0);
}

TEST_CASE("spot min and median: both kept, --spot-price chooses which ranks", "[catalog][spot]") {
  auto result = with_team("schema_version: 1\n");
  REQUIRE(result.ok());
  const Offering* before = result.catalog.find_offering("aws/p5.48xlarge");
  const RegionPrice* tokyo = before->region_price("ap-northeast-1");
  REQUIRE(tokyo != nullptr);
  REQUIRE(tokyo->spot_min);
  const double median = *tokyo->pricing.spot;
  const double cheapest = *tokyo->spot_min;
  CHECK(cheapest < median);
  REQUIRE(parse_spot_statistic("min") == SpotStatistic::min);
  CHECK_FALSE(parse_spot_statistic("mean"));
  rank_spot_by(result.catalog, SpotStatistic::median);
  CHECK(*result.catalog.find_offering("aws/p5.48xlarge")->pricing_in("ap-northeast-1").spot == median);
  rank_spot_by(result.catalog, SpotStatistic::min);
  const Offering* after = result.catalog.find_offering("aws/p5.48xlarge");
  CHECK(*after->pricing_in("ap-northeast-1").spot == cheapest);
  CHECK(after->region_price("ap-northeast-1")->spot_min == cheapest);
}

TEST_CASE("the price basis is decided per file from its own 1x and Nx rows, and reported", "[catalog][import]") {
  const auto base = with_team("schema_version: 1\n");
  const auto price_of = [](const ImportResult& imported, const std::string& id) -> double {
    for (const auto& offering : imported.offerings) {
      if (offering.id == id) return offering.pricing.on_demand.value_or(-1);
    }
    return -1;
  };
  // mithril: only an 8x H100 node at 8.0 an hour. Nothing in the file says "per GPU": as written.
  const auto mithril = import_skypilot(
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n8x-h100,H100,8,8.0,us-central1\n", base.catalog,
      {"mithril", "mithril.csv", "2026-11-20"});
  CHECK(price_of(mithril, "mithril/8x-h100") == 8.0);
  CHECK(mithril.price_basis == PriceBasis::instance);
  CHECK_THAT(mithril.price_basis_reason, Catch::StartsWith("per instance (SkyPilot's vms.csv basis"));
  // hyperbolic: 1x, 2x and 3x priced N times the 1x: per instance, nothing doubled.
  const auto hyperbolic = import_skypilot(
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n"
      "1x-h100,H100,1,1.49,us\n2x-h100,H100,2,2.98,us\n3x-h100,H100,3,4.47,us\n",
      base.catalog, {"hyperbolic", "hyperbolic.csv", "2026-11-20"});
  CHECK(price_of(hyperbolic, "hyperbolic/2x-h100") == 2.98);
  CHECK(price_of(hyperbolic, "hyperbolic/3x-h100") == 4.47);
  CHECK_THAT(hyperbolic.price_basis_reason, Catch::Contains("of 1 GPUs listed both 1x and Nx, 1 price Nx at N times 1x"));
  // A per-GPU list (every size at the 1x price) is multiplied by the GPU count.
  const auto per_gpu = import_skypilot(
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n1x-a100,A100-80GB,1,1.79,CA\n8x-a100,A100-80GB,8,1.79,CA\n",
      base.catalog, {"runpod2", "runpod2.csv", "2026-11-20"});
  CHECK(price_of(per_gpu, "runpod2/8x-a100") == Approx(14.32));
  CHECK(per_gpu.price_basis == PriceBasis::gpu);
}

TEST_CASE("TPU and CPU rows are not unreadable rows, so --strict imports a GCP-style file", "[catalog][import]") {
  const auto base = with_team("schema_version: 1\n");
  ImportOptions strict{"gcp2", "gcp2.csv", "2026-11-20"};
  strict.strict = true;
  const auto imported = import_skypilot(
      "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region\n"
      "TPU-VM,tpu-v5p-12288,1,,,25804.8,us-east5\n"
      "m2-ultramem-416,,,416,11776,42.186,us-central1\n"
      "g2-standard-4,L4,1,4,16,0.85,us-central1\n",
      base.catalog, strict);
  CHECK(imported.rows_bad == 0);
  CHECK(imported.rows_non_gpu == 1);
  CHECK(imported.offerings.size() == 1);
}

TEST_CASE("offerings a provider's newest price list leaves out are marked unlisted and not ranked",
          "[catalog][import][unlisted]") {
  const auto base = with_team("schema_version: 1\n");
  const auto imported = import_skypilot(
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\ngpu_8x_h100_sxm5,H100,8,23.92,us-east-1\n",
      base.catalog, {"lambda", "lambda.csv", "2026-11-20"});
  REQUIRE_FALSE(imported.unlisted.empty());
  const auto marked = std::find_if(imported.unlisted.begin(), imported.unlisted.end(),
                                   [](const Offering& offering) { return offering.id == "lambda/gpu_1x_a6000"; });
  REQUIRE(marked != imported.unlisted.end());
  CHECK(marked->unlisted == "not in lambda.csv, lambda's price list of 2026-11-20");
  for (const auto& offering : imported.unlisted) {
    CHECK(offering.id != "lambda/gpu_8x_h100_sxm5");   // listed
    CHECK(offering.id != "lambda/1cc_8x_h100_sxm5");  // an id no SkyPilot file could list
  }
  // Loaded as an overlay, the mark excludes the offering as not sold.
  const auto result = with_team(
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_1x_a6000\n"
      "    unlisted: \"not in lambda.csv, lambda's price list of 2026-11-20\"\n");
  REQUIRE(result.ok());
  scoring::Constraints constraints;
  const Offering& a6000 = *result.catalog.find_offering("lambda/gpu_1x_a6000");
  CHECK_FALSE(scoring::offering_allowed(result.catalog, a6000, constraints));
  constraints.include_unlisted = true;
  CHECK(scoring::offering_allowed(result.catalog, a6000, constraints));
}

TEST_CASE("import reads cudo's PCIe A100 80 GB and GCP's a3-edgegpu-8g", "[catalog][import]") {
  const auto base = with_team("schema_version: 1\n");
  const auto cudo = import_skypilot(
      "InstanceType,AcceleratorName,AcceleratorCount,GpuInfo,Price,Region\n"
      "epyc-milan-a100-80gb_1x,A100,1,\"{'Gpus': [{'Name': 'A100 80GB PCIe', 'MemoryInfo': {'SizeInMiB': 81920}}]}\","
      "1.50,se-smc-1\n"
      // As skypilot-catalog catalogs/v8/cudo/vms.csv writes it: "-pci_" in the type, GpuInfo says 80 GB.
      "intel-ice-lake-a100-pci_1x2v4gb,A100,1.0,\"{'Gpus': [{'Name': 'A100', 'Count': '1.0', 'MemoryInfo': "
      "{'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 81920}\",1.3734,us-carlsbad-1\n",
      base.catalog, {"cudo", "cudo.csv", "2026-11-20"});
  REQUIRE(cudo.offerings.size() == 2);
  CHECK(cudo.offerings[0].gpu == "a100-pcie-80gb");
  CHECK(cudo.offerings[1].gpu == "a100-pcie-80gb");
  CHECK(cudo.offerings[1].interconnect != Interconnect::nvlink);
  const auto gcp = import_skypilot(
      "InstanceType,vCPUs,MemoryGiB,AcceleratorName,AcceleratorCount,GpuInfo,Region,AvailabilityZone,Price,SpotPrice\n"
      "a3-edgegpu-8g,208,1872,,,,us-south1,us-south1-a,12.5,4.1\n"
      ",,,H100,8,,us-south1,us-south1-a,75.0,25.0\n",
      base.catalog, {"gcp", "gcp.csv", "2026-11-20"});
  const auto edge = std::find_if(gcp.offerings.begin(), gcp.offerings.end(),
                                 [](const Offering& offering) { return offering.id == "gcp/a3-edgegpu-8g"; });
  REQUIRE(edge != gcp.offerings.end());
  CHECK(edge->gpu == "h100-sxm5-80gb");
  CHECK(edge->gpu_count == 8);
  CHECK(*edge->pricing.on_demand == Approx(87.5));
}

TEST_CASE("estimated reserved prices are scaled to each region's on-demand price", "[catalog][region]") {
  const auto base = with_team("schema_version: 1\n");
  const Offering* p5 = base.catalog.find_offering("aws/p5.48xlarge");
  REQUIRE(p5 != nullptr);
  const auto& virginia = p5->pricing_in("us-east-1");
  const auto& tokyo = p5->pricing_in("ap-northeast-1");
  REQUIRE(virginia.reserved_1y);
  REQUIRE(tokyo.reserved_1y);
  // Same share of on-demand in both regions (data/offerings.yaml marks the reserved price estimated).
  CHECK(*tokyo.reserved_1y / *tokyo.on_demand == Approx(*virginia.reserved_1y / *virginia.on_demand).epsilon(1e-4));
  CHECK(*tokyo.reserved_1y > *virginia.reserved_1y);
}

TEST_CASE("each region's prices are read by the entry's place in the list, as a search by name finds them",
          "[catalog][regions]") {
  // Regions listed out of order and one twice (sold there once), an entry for a region not listed.
  const auto result = with_team(
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: aws/p4de.24xlarge\n"
      "    regions: [us-west-2, eu-central-1, us-east-1, eu-central-1]\n"
      "    pricing: {on_demand: 30, spot: 12}\n"
      "    region_pricing:\n"
      "      - {region: us-east-1, on_demand: 27}\n"
      "      - {region: eu-central-1, on_demand: 34, spot: null}\n"
      "      - {region: ap-east-1, on_demand: 99}\n"
      "    as_of: 2026-11-01\n"
      "    source: ACME agreement\n");
  REQUIRE(result.ok());
  const Offering* offering = result.catalog.find_offering("aws/p4de.24xlarge");
  REQUIRE(offering != nullptr);
  CHECK(offering->regions == std::vector<std::string>{"us-west-2", "eu-central-1", "us-east-1"});
  std::vector<const Pricing*> by_region;
  offering->prices_by_region(by_region);
  REQUIRE(by_region.size() == 3);
  for (std::size_t index = 0; index < by_region.size(); ++index) {
    INFO(offering->regions[index]);
    CHECK(by_region[index] == &offering->pricing_in(offering->regions[index]));
  }
  CHECK(by_region[0]->on_demand == 30.0);
  CHECK(by_region[1]->on_demand == 34.0);
  CHECK_FALSE(by_region[1]->spot.has_value());
  CHECK(by_region[2]->on_demand == 27.0);
  // The unlisted region's entry is no region's price, and the modes sold are those of listed regions.
  for (const RegionPrice& entry : offering->region_prices) {
    INFO(entry.region);
    CHECK((entry.region == "ap-east-1") == (entry.region_index == RegionPrice::not_listed));
  }
  CHECK(offering->sold_anywhere(PricingMode::spot));
  CHECK_FALSE(offering->sold_anywhere(PricingMode::monthly));

  // A record built without catalog::load (no index) reads the same prices by name.
  Offering built = *offering;
  for (RegionPrice& entry : built.region_prices) entry.region_index = RegionPrice::unindexed;
  std::vector<const Pricing*> by_name;
  built.prices_by_region(by_name);
  REQUIRE(by_name.size() == 3);
  for (std::size_t index = 0; index < by_name.size(); ++index)
    CHECK(by_name[index]->on_demand == by_region[index]->on_demand);
  CHECK(built.sold_anywhere(PricingMode::spot));

  // Every built-in offering with regional prices: the index and the search agree region by region.
  for (const Offering& any : result.catalog.offerings) {
    if (any.region_prices.empty()) continue;
    any.prices_by_region(by_region);
    for (std::size_t index = 0; index < any.regions.size(); ++index) {
      INFO(any.id << " " << any.regions[index]);
      CHECK(by_region[index] == &any.pricing_in(any.regions[index]));
    }
  }
}
