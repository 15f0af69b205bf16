// Expert review 35, the ML-platform lead's findings, run through the CLI: a training run longer than
// a year is no row without --deadline (nor the in-stock alternative, nor the cost reference); a
// tensor-parallel degree above the model's attention heads is bad input at its flag; a criterion the
// profile weights at 0 is never named as a row's weakest.
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "gpuselect/estimate.hpp"
#include "json_runner.hpp"

namespace {

using namespace gpuselect;

const std::vector<std::string>& scenario_env = testing::review_env;
const auto recommend_json = testing::review_recommend_json;

// Review 35, s10: 70B pretraining on 2T tokens, any pricing, up to 64 RDMA nodes.
const std::vector<std::string> long_pretraining = {"-w",        "llm-pretrain", "-p",        "70e9",  "--tokens",
                                                   "2e12",      "--max-nodes",  "64",        "--require", "rdma",
                                                   "--pricing", "any",          "--top",     "200"};

}  // namespace

TEST_CASE("scenario: without --deadline no training run longer than a year is ranked", "[decisions35][deadline]") {
  // Review 35: 4x L40S on a 3-year term for 8,522 days ranked #31 and was named as the in-stock
  // alternative; a 1,874-day row was the cost criterion's "cheapest".
  const auto document = recommend_json(long_pretraining);
  REQUIRE_FALSE(document["candidates"].empty());
  for (const auto& candidate : document["candidates"]) {
    INFO(candidate["offering_id"] << " " << candidate["pricing_mode"] << " x" << candidate["nodes"]);
    CHECK(candidate["time"]["wall_hours"].get<double>() <= estimate::longest_run_hours);
  }
  int removed_for_length = 0;
  for (const auto& exclusion : document["excluded"]) {
    for (const auto& reason : exclusion["reasons"]) {
      if (reason.get<std::string>().find("without --deadline no training run longer than 365 days") == std::string::npos) {
        continue;
      }
      ++removed_for_length;
      CHECK(exclusion["constraints"].dump().find("--deadline") != std::string::npos);
    }
  }
  CHECK(removed_for_length > 0);
  // A --deadline past the year is the user's limit instead: the long rows come back.
  auto with_deadline = long_pretraining;
  with_deadline.insert(with_deadline.end(), {"--deadline", "4000d"});
  const auto allowed = recommend_json(with_deadline);
  bool longer_than_a_year = false;
  for (const auto& candidate : allowed["candidates"]) {
    longer_than_a_year = longer_than_a_year || candidate["time"]["wall_hours"].get<double>() > estimate::longest_run_hours;
  }
  CHECK(longer_than_a_year);
}

TEST_CASE("scenario: a job no offering runs within a year exits 3 naming the levers", "[decisions35][deadline]") {
  // Review 36: the hint said "--deadline 34830.3h admits" a four-year run; more nodes are the lever.
  const auto result = testing::run_gpuselect(
      {"recommend", "-w", "llm-pretrain", "-p", "70e9", "--tokens", "2e12", "--max-nodes", "4", "--pricing", "any"},
      scenario_env);
  CHECK(result.exit_code == 3);
  CHECK(result.err.find("no run ends within a year") != std::string::npos);
  CHECK(result.err.find("more nodes than --max-nodes 4") != std::string::npos);
  CHECK(result.err.find("admits") == std::string::npos);
  CHECK(result.err.find('\n') == result.err.size() - 1);
}

TEST_CASE("scenario: a term sized without --deadline ends within the longest run", "[decisions35][deadline]") {
  // Review 36: a 3-year term was sized to one node for 937 days, then removed for its length, where
  // three B200 nodes end in 237 days for less.
  const auto document = recommend_json(
      {"-w", "llm-pretrain", "-p", "70e9", "--tokens", "1e12", "--pricing", "reserved-3y", "--top", "5"});
  REQUIRE_FALSE(document["candidates"].empty());
  for (const auto& candidate : document["candidates"]) {
    INFO(candidate["offering_id"] << " x" << candidate["nodes"]);
    CHECK(candidate["pricing_mode"] == "reserved-3y");
    CHECK(candidate["time"]["wall_hours"].get<double>() <= estimate::longest_run_hours);
  }
  CHECK(document["candidates"][0]["nodes"].get<int>() > 1);
}

TEST_CASE("scenario: a tensor-parallel degree above the attention heads is bad input", "[decisions35][hardening]") {
  // Review 35: --tensor-parallel 1024 on DeepSeek-V3 (128 heads) exited 3 blaming --precision.
  for (const auto& [model, heads] : std::vector<std::pair<std::string, std::string>>{{"deepseek-v3", "128"},
                                                                                     {"llama-3.1-8b", "32"}}) {
    INFO(model);
    const auto result = testing::run_gpuselect(
        {"recommend", "-w", "llm-inference", "-m", model, "--tensor-parallel", "1024"}, scenario_env);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err.starts_with(
        "gpuselect: error: --tensor-parallel: a tensor-parallel group of 1024 GPUs is more than " + model));
    CHECK(result.err.find("give --tensor-parallel " + heads + " or less") != std::string::npos);
    CHECK(result.err.find('\n') == result.err.size() - 1);
  }
  // At the head count the heads split; 32 GPUs are still more than any instance holds (review 38).
  const auto at_heads = testing::run_gpuselect(
      {"recommend", "-w", "llm-inference", "-m", "llama-3.1-8b", "--tensor-parallel", "32"}, scenario_env);
  CHECK(at_heads.err.find("attention heads") == std::string::npos);
  CHECK(at_heads.err.find("largest instance in the catalog") != std::string::npos);
  // A degree that splits the heads within an instance is a plan like any other (exit 0 or 3).
  const auto within = testing::run_gpuselect(
      {"recommend", "-w", "llm-inference", "-m", "llama-3.1-8b", "--tensor-parallel", "8"}, scenario_env);
  CHECK(within.exit_code != 2);
  // Review 36: Qwen2.5 7B's 28 heads do not split over 8 GPUs (vLLM refuses it); 4 do.
  const auto uneven = testing::run_gpuselect(
      {"recommend", "-w", "llm-inference", "-m", "qwen2.5-7b", "--tensor-parallel", "8"}, scenario_env);
  CHECK(uneven.exit_code == 2);
  CHECK(uneven.out.empty());
  CHECK(uneven.err.find("28 attention heads do not split evenly over a tensor-parallel group of 8 GPUs") !=
        std::string::npos);
  CHECK(uneven.err.find("give --tensor-parallel 4") != std::string::npos);
  // A shape derived from --params has no real head count to hold the user to.
  const auto custom =
      testing::run_gpuselect({"recommend", "-w", "llm-inference", "-p", "7e9", "--tensor-parallel", "2"}, scenario_env);
  CHECK(custom.exit_code != 2);
}

TEST_CASE("scenario: a criterion weighted 0 is never a row's weakest", "[decisions35][explanation]") {
  // Review 35, s02: the development profile weights support at 0, yet rows read "weakest: support 24/100".
  const auto document = recommend_json({"-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "qlora", "--tokens",
                                        "2e7", "--training-tier", "development", "--top", "10"});
  REQUIRE(document["weights"]["support"].get<double>() == 0.0);
  REQUIRE_FALSE(document["candidates"].empty());
  int weakest_said = 0;
  for (const auto& candidate : document["candidates"]) {
    for (const auto& item : candidate["explanation_items"]) {
      if (item["kind"] != "weakest") continue;
      ++weakest_said;
      CHECK(document["weights"][item["criterion"].get<std::string>()].get<double>() > 0.0);
    }
  }
  CHECK(weakest_said > 0);
}

TEST_CASE("scenario: an on-demand quote far below its GPU's market is no row, and a future date is warned",
          "[decisions35][cost]") {
  // Review 35: an overlay set aws/p4d.24xlarge to $0.01 an hour, dated 2030-01-01; recommend ranked
  // it first at $0.03 with no word (only `catalog validate` said so). Review 37: ranked at the GPU's
  // median, such a slip still came first where its provider's other figures were strong.
  const testing::TempDir folder;
  const auto overlay = [&](const std::string& name, const std::string& price, const std::string& as_of) {
    return folder
        .write(name, "schema_version: 1\nofferings:\n  - id: aws/p4d.24xlarge\n    as_of: \"" + as_of +
                         "\"\n    pricing: {on_demand: " + price + "}\n")
        .string();
  };
  const auto rows_of = [](const nlohmann::json& document) {
    std::vector<nlohmann::json> rows;
    for (const auto& candidate : document["candidates"]) {
      if (candidate["offering_id"] == "aws/p4d.24xlarge") rows.push_back(candidate);
    }
    return rows;
  };
  const auto has_warning = [](const nlohmann::json& row) { return testing::has_warning(row, "W-PRICE-IMPLAUSIBLE"); };
  const auto slipped = testing::run_json({"--catalog", overlay("slip.yaml", "0.01", "2030-01-01"), "recommend", "-w",
                                          "llm-finetune", "-p", "7e9", "--top", "all", "--show-excluded"},
                                         scenario_env);
  bool spot_seen = false;
  for (const auto& row : rows_of(slipped)) {
    INFO(row["pricing_mode"]);
    // The slipped on-demand quote is no row; the record's other quotes are their own, dated after today.
    CHECK(row["pricing_mode"] != "on-demand");
    spot_seen = spot_seen || row["pricing_mode"] == "spot";
    CHECK(has_warning(row));
  }
  CHECK(spot_seen);
  bool excluded_said = false;
  for (const auto& exclusion : slipped["excluded"]) {
    if (exclusion["offering_id"] != "aws/p4d.24xlarge" || exclusion["pricing_mode"] != "on-demand") continue;
    for (const auto& reason : exclusion["reasons"]) {
      excluded_said = excluded_said ||
                      reason.get<std::string>().find("below the cheapest other offering of the NVIDIA A100 SXM4 40GB") !=
                          std::string::npos;
    }
  }
  CHECK(excluded_said);
  bool dated_said = false;
  for (const auto& message : slipped["warning_messages"]) {
    dated_said = dated_said || message.dump().find("dated 2030-01-01, after today") != std::string::npos;
  }
  CHECK(dated_said);
  // A negotiated price a few percent under list, dated last month, is no slip.
  const auto negotiated = testing::run_json({"--catalog", overlay("deal.yaml", "28.5", "2026-11-01"), "recommend", "-w",
                                             "llm-finetune", "-p", "7e9", "--top", "all"},
                                            scenario_env);
  const auto deal_rows = rows_of(negotiated);
  REQUIRE_FALSE(deal_rows.empty());
  for (const auto& row : deal_rows) CHECK_FALSE(has_warning(row));
}

TEST_CASE("scenario: under --deadline a row sure to meet it outranks one that meets it four times in five",
          "[decisions35][deadline]") {
  // Review 35, rejected #5: four 1x L4 VMs (4.0 h, band to 7.2 h, 81% chance of the 6 h deadline)
  // ranked above one 8x L4 node (2.2 h, band to 4.1 h) for $11.26 against $16.18.
  const auto document = recommend_json({"-w", "llm-finetune", "-m", "llama-3.1-8b", "--method", "qlora", "--gpu", "l4",
                                        "--tokens", "5e7", "--deadline", "6", "--top", "all"});
  REQUIRE(document["candidates"].size() >= 2);
  const auto& first = document["candidates"][0];
  const double first_chance = first["cost"]["within_deadline_probability"].get<double>();
  CHECK(first_chance >= 0.95);
  bool risky_seen = false;
  for (const auto& candidate : document["candidates"]) {
    const double chance = candidate["cost"]["within_deadline_probability"].get<double>();
    if (chance >= 0.9) continue;
    risky_seen = true;
    INFO(candidate["offering_id"] << " x" << candidate["nodes"]);
    CHECK(candidate["score"].get<double>() < first["score"].get<double>());
    // Where its stability figures are said, they say the chance (a "would win" item says a weight).
    for (const auto& item : candidate["explanation_items"]) {
      if (item.contains("criterion") && item["criterion"] == "stability" && item.value("kind", "") != "would_win") {
        CHECK(item["figure"].get<std::string>().find("chance of ending within the deadline") != std::string::npos);
      }
    }
  }
  CHECK(risky_seen);
}
