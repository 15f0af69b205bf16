// Scenario tests of expert review 24 (issue 24, decisions under uncertainty): a reservation's lead
// time, the reservation path when --deadline and capacity empty a ranking,
// and an exit-3 hint that names the constraint to relax.
#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "builtin_catalog.hpp"
#include "cli_runner.hpp"
#include "gpuselect/estimate.hpp"

using gpuselect::testing::run_gpuselect;
using gpuselect::testing::today;
using gpuselect::testing::with;

namespace {

nlohmann::json document_of(const gpuselect::testing::RunResult& result) {
  INFO(result.err);
  REQUIRE((result.exit_code == 0 || result.exit_code == 3));
  return nlohmann::json::parse(result.out);
}

const gpuselect::catalog::Offering& offering_named(const std::string& id) {
  for (const auto& offering : gpuselect::testing::builtin_catalog().offerings) {
    if (offering.id == id) return offering;
  }
  FAIL("no offering " + id);
  throw;
}

}  // namespace

TEST_CASE("a reserved block larger than the stock's free pool waits a lead time that grows with it", "[decisions24]") {
  namespace estimate = gpuselect::estimate;
  using gpuselect::catalog::PricingMode;
  const auto& b200 = offering_named("gcp/a4-highgpu-8g");  // 8x B200, low stock (~16 GPUs free)
  REQUIRE(b200.stock == gpuselect::catalog::Stock::low);
  // Within the pool (2 nodes, 16 GPUs): none; on demand and spot: never (their wait is the stock's).
  CHECK(estimate::reservation_lead_hours(b200, PricingMode::reserved_1y, 2) == 0.0);
  CHECK(estimate::reservation_lead_hours(b200, PricingMode::on_demand, 28) == 0.0);
  // 28 nodes (224 GPUs): 1 week x (224 - 16) / (512 - 16) = 2.9 d; 64 nodes (512 GPUs, an AWS
  // Capacity Block's cap) and beyond: the week (judgement, docs/estimation.md "Capacity").
  const double lead_28 = estimate::reservation_lead_hours(b200, PricingMode::reserved_1y, 28);
  CHECK(lead_28 == Approx(7 * 24.0 * 208.0 / 496.0));
  CHECK(estimate::reservation_lead_hours(b200, PricingMode::reserved_1y, 64) == Approx(7 * 24.0));
  CHECK(estimate::reservation_lead_hours(b200, PricingMode::reserved_1y, 200) == Approx(7 * 24.0));
  CHECK(estimate::reservation_lead_hours(b200, PricingMode::reserved_1y, 10) < lead_28);
}

TEST_CASE("scenario: a 224-GPU low-stock 1-year block is not planned as there in two hours", "[decisions24]") {
  // Expert review 24, D1: 28 low-stock GCP B200 nodes on a new 1-year term ranked first with a 2.0 h
  // wait and an 85% chance of meeting a 60-day deadline.
  const auto result = run_gpuselect({"recommend", "-w", "llm-pretrain", "-m", "llama-2-70b", "--tokens", "2e12",
                                     "--deadline", "1440", "--max-nodes", "64", "--pricing", "on-demand,reserved-1y",
                                     "--require", "rdma,iso27001", "--format", "json", "--top", "50"},
                                    today);
  const auto document = document_of(result);
  for (const auto& candidate : document["candidates"]) {
    if (candidate["pricing_mode"] != "reserved-1y") continue;
    const int gpus = candidate["gpus_rented"].get<int>();
    const auto& cost = candidate["cost"];
    const auto& offering = offering_named(candidate["offering_id"].get<std::string>());
    INFO(offering.id << " x" << candidate["nodes"]);
    // 128 GPUs or more is at least twice a medium or low pool: a lead time, in the wait (1 d at medium).
    if (gpus >= 128 && offering.stock != gpuselect::catalog::Stock::high) {
      REQUIRE(cost.contains("reservation_lead_hours"));
      CHECK(cost["reservation_lead_hours"].get<double>() >= 24.0);
      CHECK(cost["acquisition_wait_hours"].get<double>() >= cost["reservation_lead_hours"].get<double>());
    }
    // What is ranked meets the deadline at 80% with the lead time in it.
    CHECK(cost["within_deadline_probability"].get<double>() >= 0.8);
  }
}

TEST_CASE("scenario: --deadline and capacity together name the reservation that meets the deadline, or its deadline",
          "[decisions24]") {
  // Expert review 24, D2: "--deadline, capacity removed the most ...; loosen them", where a looser
  // deadline admits nothing on open capacity.
  const std::vector<std::string> job = {"recommend", "-w", "llm-pretrain", "-p", "7e9", "--tokens", "1e12",
                                        "--max-nodes", "64", "--gpu", "h100"};
  // By default a capacity block (AWS p5) holds 14+ H100 nodes for the two weeks; on open capacity
  // alone (--pricing on-demand,spot) the hint names the 1-year reservation.
  const auto blocked = run_gpuselect(with(job, {"--deadline", "336", "--format", "json"}), today);
  INFO(blocked.err);
  REQUIRE(blocked.exit_code == 0);
  const auto block_row = nlohmann::json::parse(blocked.out)["candidates"][0];
  CHECK(block_row["pricing_mode"] == "capacity-block");
  CHECK(block_row["cost"]["within_deadline_probability"].get<double>() >= 0.8);
  const auto refused = run_gpuselect(with(job, {"--deadline", "336", "--pricing", "on-demand,spot"}), today);
  INFO(refused.err);
  REQUIRE(refused.exit_code == 3);
  CHECK(refused.err.find("loosen them") == std::string::npos);
  CHECK(refused.err.find("held term (reserved-1y)") != std::string::npos);
  CHECK(refused.err.find("--pricing reserved-1y") != std::string::npos);
  // The deadline it names is one a 1-year reservation meets.
  const auto at = refused.err.find("--deadline ", refused.err.find("--pricing reserved-1y"));
  if (at != std::string::npos) {
    const std::string hours = refused.err.substr(at + 11, refused.err.find('h', at + 11) - at - 11);
    const auto admitted = run_gpuselect(
        with(job, {"--deadline", hours + "h", "--pricing", "reserved-1y", "--format", "json"}),
        today);
    INFO(admitted.err);
    CHECK(admitted.exit_code == 0);
  }
}

TEST_CASE("scenario: exit 3 names the budget or the latency target the user can relax before memory or host RAM",
          "[decisions24]") {
  // Expert review 29: a CNY budget in mainland China was told "host-ram ... allow more nodes".
  const auto budget = run_gpuselect({"--lang", "zh-CN", "recommend", "-w", "llm-finetune", "-m", "qwen2.5-7b",
                                     "--budget", "30", "--currency", "CNY", "--region", "cn"},
                                    today);
  INFO(budget.err);
  REQUIRE(budget.exit_code == 3);
  // autodl/h800-x8, the cheapest over budget (44.76 as quoted; the budget is met at its cost band's
  // upper end, its estimated price taken 20% dearer).
  CHECK(budget.err.find("autodl/h800-x8") != std::string::npos);
  CHECK(budget.err.find("host-ram") == std::string::npos);
  CHECK(budget.out.find("host-ram") == std::string::npos);
  // Expert review 32: FLUX.1-dev at 15 s in mainland China blamed memory; 20 offerings fit and miss
  // --latency-ms (A800 20.8 s, but on hosts the production tier also keeps out: low stock, no SLA).
  const std::vector<std::string> flux = {"recommend", "-w", "image-inference", "-m", "flux.1-dev", "--requests-per-s",
                                         "0.2", "--hours", "730", "--region", "cn", "--currency", "CNY"};
  const auto latency = run_gpuselect(with(flux, {"--latency-ms", "15s"}), today);
  INFO(latency.err);
  REQUIRE(latency.exit_code == 3);
  CHECK(latency.err.find("--latency-ms") < latency.err.find(" alone removed"));
  CHECK(latency.err.find("a replica does not fit in one instance's GPU memory") != std::string::npos);
  // The value it names admits a row.
  const auto at = latency.err.find("(--latency-ms ");
  REQUIRE(at != std::string::npos);
  const std::string ms = latency.err.substr(at + 14, latency.err.find(' ', at + 14) - at - 14);
  CHECK(run_gpuselect(with(flux, {"--latency-ms", ms}), today).exit_code == 0);
  // Production FLUX.1-dev on the domestic clouds: low stock and the latency target bind, not memory.
  const auto domestic = run_gpuselect({"recommend", "-w", "image-inference", "-m", "flux.1-dev", "--requests-per-s",
                                       "0.5", "--provider", "autodl,alibaba,tencent,volcano,baidu,huawei,ctyun",
                                       "--currency", "CNY", "--latency-ms", "20000"},
                                      today);
  // (At the default 30 s the L20 now serves it: issue 32 review, Ada's DiT share from the L20 row.)
  INFO(domestic.err);
  REQUIRE(domestic.exit_code == 3);
  const auto hint = domestic.err.substr(0, domestic.err.find(" alone removed"));
  CHECK(hint.find("--allow-low-stock") != std::string::npos);
  CHECK(hint.find("--latency-ms") != std::string::npos);
}

TEST_CASE("scenario: the host-RAM hint gives a --max-nodes that works, or a lighter job where nodes do not help",
          "[decisions24]") {
  // Expert review 24: "allow more nodes (--max-nodes)" with no value, also where more nodes fit nothing.
  for (const std::vector<std::string>& job : {std::vector<std::string>{"-m", "llama-3.1-405b", "--max-nodes", "1"},
                                             std::vector<std::string>{"-p", "70e9", "--gpu", "l20"},
                                             std::vector<std::string>{"-p", "70e9", "--region", "cn", "--gpu", "a10"}}) {
    const auto args = with({"recommend", "-w", "llm-finetune"}, job);
    const auto result = run_gpuselect(args);
    INFO(result.err);
    REQUIRE(result.exit_code == 3);
    REQUIRE(result.err.find("host RAM") != std::string::npos);
    const auto at = result.err.find("--max-nodes ");
    if (at == std::string::npos) {
      CHECK(result.err.find("--method lora") != std::string::npos);
      continue;
    }
    const std::string nodes = result.err.substr(at + 12, result.err.find(' ', at + 12) - at - 12);
    REQUIRE(nodes.find_first_not_of("0123456789") == std::string::npos);
    auto widened = args;
    const auto given = std::find(widened.begin(), widened.end(), "--max-nodes");
    if (given != widened.end()) {
      CHECK(std::stoi(nodes) > std::stoi(*(given + 1)));
      *(given + 1) = nodes;
    } else {
      widened.insert(widened.end(), {"--max-nodes", nodes});
    }
    CHECK(run_gpuselect(widened).exit_code == 0);
  }
}
