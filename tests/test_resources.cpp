// Resource syntax (SkyPilot NAME:COUNT, dstack ranges) and the `catalog list` price board.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/resources.hpp"

using gpuselect::Error;
using gpuselect::testing::count_lines;
using gpuselect::testing::run_gpuselect;
using gpuselect::testing::TempDir;
namespace resources = gpuselect::resources;

namespace {

struct RangeCase {
  const char* text;
  std::optional<double> min;
  std::optional<double> max;
};

std::string error_of(const std::function<void()>& parse) {
  try {
    parse();
  } catch (const Error& error) {
    return error.what();
  }
  return "";
}

nlohmann::json list_json(const std::vector<std::string>& flags, const std::vector<std::string>& before = {}) {
  std::vector<std::string> args = before;
  args.insert(args.end(), {"catalog", "list", "--format", "json"});
  args.insert(args.end(), flags.begin(), flags.end());
  const auto result = run_gpuselect(args);
  INFO("stderr: " << result.err);
  REQUIRE(result.exit_code == 0);
  return nlohmann::json::parse(result.out);
}

// The offering record a row belongs to (rows are lean: the record holds gpu, gpu_count, provider).
const nlohmann::json& record_of(const nlohmann::json& board, const nlohmann::json& row) {
  for (const auto& offering : board["offerings"]) {
    if (offering["id"] == row["offering"]) return offering;
  }
  FAIL("row names an offering missing from offerings: " << row["offering"]);
  return board;
}

double gpus_of(const nlohmann::json& record) {
  return record["gpu_count"].get<double>() * record.value("gpu_fraction", 1.0);
}

double row_price(const nlohmann::json& row) { return row["prices"][row["price_mode"].get<std::string>()]; }

void require_one_line_error(const gpuselect::testing::RunResult& result, const std::string& where) {
  INFO("stderr: " << result.err);
  CHECK(result.exit_code == 2);
  CHECK(result.out.empty());
  CHECK(count_lines(result.err) == 1);
  CHECK(result.err.rfind("gpuselect: error: " + where + ": ", 0) == 0);
}

}  // namespace

TEST_CASE("SkyPilot's NAME:COUNT and a bare NAME for one GPU", "[resources]") {
  const auto eight = resources::parse_gpu_spec("A100:8", "--gpus");
  CHECK(eight.name == "A100");
  CHECK(eight.count == 8);
  CHECK(eight.count_given);
  const auto named = resources::parse_gpu_spec("H100-80GB:8", "--gpus");
  CHECK(named.name == "H100-80GB");
  CHECK(named.count == 8);
  const auto bare = resources::parse_gpu_spec(" L4 ", "--gpus");
  CHECK(bare.name == "L4");
  CHECK(bare.count == 1);
  CHECK_FALSE(bare.count_given);
  CHECK(resources::parse_gpu_spec("T4:0.5", "--gpus").count == 0.5);  // a share of one GPU
  for (const char* bad : {"", ":8", "A100:", "A100:x", "A100:1.5", "A100:0", "A100:8:2", "{A100:8, H100:8}",
                          "A100:2000", "A100:nan"}) {
    INFO(bad);
    const std::string message = error_of([&] { resources::parse_gpu_spec(bad, "--gpus"); });
    CHECK(message.rfind("--gpus: ", 0) == 0);
    CHECK(message.find("; ") != std::string::npos);
  }
}

TEST_CASE("dstack's ranges A.. and ..B and A..B and a single value", "[resources]") {
  const RangeCase memory[] = {{"24GB..", 24, std::nullopt},
                              {"..80GB", std::nullopt, 80},
                              {"24GB..80GB", 24, 80},
                              {"80GB", 80, 80},
                              {"40", 40, 40},
                              {" 24GB .. 80GB ", 24, 80},
                              {"1TB..", 1000, std::nullopt},
                              {"512MB..", 0.512, std::nullopt}};
  for (const auto& row : memory) {
    INFO(row.text);
    const auto bounds = resources::parse_memory_gb_range(row.text, "--gpu-memory");
    CHECK(bounds.min == row.min);
    CHECK(bounds.max == row.max);
  }
  const RangeCase counts[] = {{"2..8", 2, 8}, {"2..", 2, std::nullopt}, {"..4", std::nullopt, 4}, {"8", 8, 8}};
  for (const auto& row : counts) {
    INFO(row.text);
    const auto bounds = resources::parse_count_range(row.text, "--gpu-count");
    CHECK(bounds.min == row.min);
    CHECK(bounds.max == row.max);
  }
  const auto both = resources::parse_count_range("2..8", "--gpu-count");
  CHECK(both.contains(2));
  CHECK(both.contains(8));
  CHECK_FALSE(both.contains(1));
  CHECK_FALSE(both.contains(16));
  CHECK(resources::to_string(both) == "2..8");
  CHECK(resources::to_string(resources::parse_count_range("2..", "x")) == "2..");
  CHECK(resources::to_string(resources::parse_count_range("8", "x")) == "8");

  for (const char* bad : {"", "..", "24XB..", "80GB..24GB", "1..2..3", "-5GB..", "1e9GB"}) {
    INFO(bad);
    const std::string message = error_of([&] { resources::parse_memory_gb_range(bad, "--gpu-memory"); });
    CHECK(message.rfind("--gpu-memory: ", 0) == 0);
    CHECK(message.find("; ") != std::string::npos);
  }
  CHECK(error_of([] { resources::parse_count_range("8..2", "--gpu-count"); }).find("starts above its end") !=
        std::string::npos);
}

TEST_CASE("max price is per instance-hour with an optional dollar sign inside the catalog's price range", "[resources]") {
  CHECK(resources::parse_max_price("2.5", "--max-price") == 2.5);
  CHECK(resources::parse_max_price("$2.5", "--max-price") == 2.5);
  for (const char* bad : {"", "abc", "0", "-1", "1e9", "inf"}) {
    INFO(bad);
    CHECK(error_of([&] { resources::parse_max_price(bad, "--max-price"); }).rfind("--max-price: ", 0) == 0);
  }
}

TEST_CASE("catalog list with gpus A100:8 keeps exactly 8-GPU A100 instances per region", "[resources][cli]") {
  const auto board = list_json({"--gpus", "A100:8"});
  const auto& rows = board["rows"];
  REQUIRE(rows.size() > 0);
  for (const auto& row : rows) {
    const auto& record = record_of(board, row);
    CHECK(record["gpu"] == "a100-sxm4-40gb");  // SkyPilot's A100 is the 40 GB part
    CHECK(gpus_of(record) == 8);
  }
  // One row per offering and region: at least as many rows as offerings, each region once.
  CHECK(rows.size() >= board["offerings"].size());
  std::set<std::pair<std::string, std::string>> seen;
  for (const auto& row : rows) {
    CHECK(seen.insert({row["offering"].get<std::string>(), row["region"].is_null() ? "" : row["region"].get<std::string>()})
              .second);
  }
  // The alias of another spelling reaches the same GPU.
  const auto eighty = list_json({"--gpus", "A100-80GB:8"});
  for (const auto& row : eighty["rows"]) CHECK(record_of(eighty, row)["gpu"] == "a100-sxm4-80gb");
}

TEST_CASE("catalog list ranges and max price and sort agree with the rows", "[resources][cli]") {
  const auto board = list_json({"--gpu-memory", "40GB..80GB", "--gpu-count", "2..4", "--max-price", "10", "--sort",
                                "price"});
  const auto& rows = board["rows"];
  REQUIRE(rows.size() > 0);
  const auto gpus = run_gpuselect({"catalog", "gpus", "--format", "json"});
  REQUIRE(gpus.exit_code == 0);
  std::map<std::string, double> memory_gb;
  const auto gpu_list = nlohmann::json::parse(gpus.out);
  for (const auto& gpu : gpu_list["gpus"]) memory_gb[gpu["id"].get<std::string>()] = gpu["memory_gb"].get<double>();
  const auto providers = run_gpuselect({"catalog", "providers", "--format", "json"});
  REQUIRE(providers.exit_code == 0);
  std::map<std::string, std::string> currency;
  const auto provider_list = nlohmann::json::parse(providers.out);
  for (const auto& provider : provider_list["providers"]) {
    currency[provider["id"].get<std::string>()] = provider.value("currency", "USD");
  }
  double previous = 0;
  for (const auto& row : rows) {
    const auto& record = record_of(board, row);
    const double memory = memory_gb.at(record["gpu"].get<std::string>());
    CHECK(memory >= 40);
    CHECK(memory <= 80);
    CHECK(gpus_of(record) >= 2);
    CHECK(gpus_of(record) <= 4);
    const double price = row_price(row);
    if (currency.at(record["provider"].get<std::string>()) == "USD") {
      CHECK(price <= 10.0);
      CHECK(price >= previous);  // --sort price (USD rows compare directly)
      previous = price;
    }
    // The row's price is its cheapest allowed mode (default on-demand and spot).
    const std::string mode = row["price_mode"];
    CHECK((mode == "on_demand" || mode == "spot"));
    CHECK(std::abs(row["price_per_gpu_hour"].get<double>() - price / gpus_of(record)) < 1e-3);
  }
  // Default sort: per GPU-hour, cheapest first.
  const auto by_gpu_price = list_json({"--gpu", "h100", "--provider", "aws"});
  double last = 0;
  for (const auto& row : by_gpu_price["rows"]) {
    CHECK(row["price_per_gpu_hour"] >= last);
    last = row["price_per_gpu_hour"];
  }
  // Reserved prices join the board only when asked for.
  const auto reserved = list_json({"--gpus", "H100:8", "--provider", "aws", "--pricing", "reserved-1y"});
  REQUIRE(reserved["rows"].size() > 0);
  for (const auto& row : reserved["rows"]) {
    CHECK(row["price_mode"] == "reserved_1y");
    CHECK(std::find(row["estimated"].begin(), row["estimated"].end(), "reserved_1y") != row["estimated"].end());
  }
}

TEST_CASE("catalog list group-by summarises as dstack offer does", "[resources][cli]") {
  const auto board = list_json({"--gpu", "h100", "--group-by", "gpu,backend"});
  const auto& groups = board["groups"];
  REQUIRE(groups.size() > 1);
  std::size_t rows = 0;
  for (const auto& group : groups) {
    rows += group["rows"].get<std::size_t>();
    CHECK(group.contains("provider"));  // "backend" is dstack's word for a provider
    CHECK(group["min_price_per_gpu_hour_usd"] <= group["max_price_per_gpu_hour_usd"]);
  }
  CHECK(rows == board["rows"].size());
  const auto table = run_gpuselect({"catalog", "list", "--gpu", "h100", "--group-by", "provider"}, {"COLUMNS=120"});
  REQUIRE(table.exit_code == 0);
  CHECK(table.out.rfind("Provider", 0) == 0);
  CHECK(table.out.find("groups of") != std::string::npos);
}

TEST_CASE("catalog list marks estimated prices and lists regional prices from an overlay", "[resources][cli]") {
  TempDir dir;
  const auto overlay = dir.write("team.yaml", R"yaml(schema_version: 1
offerings:
  - id: team/a100x8
    provider: lambda
    gpu: a100-sxm4-80gb
    instance_type: team-a100x8
    gpu_count: 8
    interconnect: nvswitch
    isolation: bare-metal
    regions: [us-east-1, us-west-1]
    pricing: {on_demand: 9.00, spot: 4.00}
    region_pricing:
      - {region: us-west-1, on_demand: 7.00}
    estimated_fields: [pricing.spot]
    as_of: 2026-11-01
    source: team quote
)yaml");
  const auto board = list_json({"--gpus", "A100-80GB:8", "--provider", "lambda", "--max-price", "8"},
                               {"--catalog", overlay.string()});
  std::vector<nlohmann::json> ours;
  for (const auto& row : board["rows"]) {
    if (row["offering"] == "team/a100x8") ours.push_back(row);
  }
  REQUIRE(ours.size() == 2);  // one line per region
  for (const auto& row : ours) {
    if (row["region"] == "us-west-1") {
      CHECK(row["prices"]["on_demand"] == 7.0);  // the region's own price
    } else {
      CHECK(row["prices"]["on_demand"] == 9.0);
    }
    CHECK(row["price_mode"] == "spot");  // $4 spot is under --max-price 8; on-demand $9 is not the row's price
    CHECK(row["estimated"] == nlohmann::json::array({"spot"}));
  }
  const auto table = run_gpuselect({"--catalog", overlay.string(), "catalog", "list", "--gpus", "A100-80GB:8",
                                    "--provider", "lambda"},
                                   {"COLUMNS=160"});
  REQUIRE(table.exit_code == 0);
  CHECK(table.out.find("~$4.00") != std::string::npos);
  CHECK(table.out.find("~ estimated") != std::string::npos);
}

TEST_CASE("recommend and compare take the same resource flags", "[resources][cli]") {
  const auto ranked = run_gpuselect({"recommend", "--workload", "llm-finetune", "--params", "7e9", "--gpus", "H100:8",
                                     "--max-price", "30", "--format", "json"});
  REQUIRE(ranked.exit_code == 0);
  const auto document = nlohmann::json::parse(ranked.out);
  REQUIRE(document["candidates"].size() > 0);
  for (const auto& candidate : document["candidates"]) {
    CHECK(candidate["gpu_count"] == 8);
    CHECK(candidate["gpu"].get<std::string>().rfind("h100", 0) == 0);
  }
  bool excluded_for_price = false;
  for (const auto& exclusion : document["excluded"]) {
    for (const auto& constraint : exclusion["constraints"]) excluded_for_price |= constraint == "--max-price";
  }
  CHECK(excluded_for_price);

  const auto compared =
      run_gpuselect({"compare", "--workload", "llm-finetune", "--params", "7e9", "--gpus", "H100:8", "--max-price",
                     "25", "--format", "json"});
  INFO(compared.err);
  CHECK(compared.exit_code == 0);

  require_one_line_error(run_gpuselect({"recommend", "--workload", "llm-finetune", "--params", "7e9", "--gpus",
                                        "A100-80BG:8"}),
                         "--gpus");
  const auto unknown = run_gpuselect({"catalog", "list", "--gpus", "A100-80BG:8"});
  CHECK(unknown.err.find("did you mean 'A100-80GB'?") != std::string::npos);
  require_one_line_error(run_gpuselect({"catalog", "list", "--gpus", "A100:8", "--gpu", "h100"}), "--gpus");
  require_one_line_error(run_gpuselect({"catalog", "list", "--gpus", "A100:8", "--gpu-count", "2.."}), "--gpus");
  require_one_line_error(run_gpuselect({"catalog", "list", "--gpu-memory", "80GB..24GB"}), "--gpu-memory");
  require_one_line_error(run_gpuselect({"catalog", "list", "--sort", "cheap"}), "--sort");
  require_one_line_error(run_gpuselect({"catalog", "list", "--group-by", "zone"}), "--group-by");
}

TEST_CASE("estimate gpus takes a count or NAME:COUNT", "[resources][cli]") {
  const auto by_spec = run_gpuselect({"estimate", "--workload", "llm-finetune", "--params", "7e9", "--gpus",
                                      "H100:8", "--format", "json"});
  const auto by_flags = run_gpuselect({"estimate", "--workload", "llm-finetune", "--params", "7e9", "--gpu", "H100",
                                       "--gpus", "8", "--format", "json"});
  REQUIRE(by_spec.exit_code == 0);
  REQUIRE(by_flags.exit_code == 0);
  CHECK(by_spec.out == by_flags.out);
  require_one_line_error(run_gpuselect({"estimate", "--workload", "llm-finetune", "--params", "7e9", "--gpu", "a100",
                                        "--gpus", "H100:8"}),
                         "--gpus");
}
