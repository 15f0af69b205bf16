// Expert review 38, the ML-platform lead's findings, run through the CLI: a term bought on an
// estimated price says so on its row; a --tensor-parallel wider than any instance is bad input at its
// flag; exit 3's words name the lever that helps (not --max-nodes past every offering's cluster, not
// "removed by" the flag that lifts a rule, not "method or precision" for a serving engine's port).
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "json_runner.hpp"

namespace {

const std::vector<std::string>& scenario_env = gpuselect::testing::review_env;
const auto recommend_json = gpuselect::testing::review_recommend_json;

}  // namespace

TEST_CASE("scenario: a term bought on an estimated price carries W-ESTIMATED-TERM", "[decisions38][warnings]") {
  // Review 38, s26: a CN¥165k-a-month L20 fleet on an estimated 包月 price had only the cost's "~".
  const auto document =
      recommend_json({"-w", "llm-inference", "-m", "qwen2.5-72b", "--region", "cn", "--requests-per-s", "5",
                      "--ttft-ms", "1500", "--tpot-ms", "60", "--top", "30"});
  int warned = 0;
  for (const auto& row : document["candidates"]) {
    INFO(row["offering_id"] << " " << row["pricing_mode"]);
    const auto& cost = row["cost"];
    const bool committed = cost.value("commitment_charged", false) && cost["commitment"].is_number() &&
                           cost["commitment"].get<double>() > 0;
    const bool estimated = cost["estimated_price_band_pct"].get<double>() > 0;
    const bool has = gpuselect::testing::has_warning(row, "W-ESTIMATED-TERM");
    CHECK(has == (committed && estimated));
    warned += has ? 1 : 0;
  }
  CHECK(warned > 0);
  const auto table =
      gpuselect::testing::run_gpuselect({"recommend", "-w", "llm-inference", "-m", "qwen2.5-72b", "--region", "cn",
                                         "--requests-per-s", "5", "--ttft-ms", "1500", "--tpot-ms", "60"},
                                        scenario_env);
  REQUIRE(table.exit_code == 0);
  const std::string flat = gpuselect::testing::one_line(table.out);
  CHECK(flat.find("rests on a price the catalog marks estimated") != std::string::npos);
  CHECK(flat.find("get the provider's quote before you commit") != std::string::npos);
}

TEST_CASE("scenario: --tensor-parallel wider than any instance is exit 2 at the flag", "[decisions38][flags]") {
  // Review 37/38: TP 16 read "--gpu-count removed the most" (training) and "a replica does not fit
  // in memory" (serving), though no instance holds 16 GPUs.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"recommend", "-w", "llm-finetune", "-m", "llama-3-70b", "--tensor-parallel", "16"},
        std::vector<std::string>{"recommend", "-w", "llm-inference", "-m", "llama-3-70b", "--requests-per-s", "1",
                                 "--tensor-parallel", "16"}}) {
    const auto result = gpuselect::testing::run_gpuselect(args, scenario_env);
    INFO(result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err.starts_with("gpuselect: error: --tensor-parallel: "));
    CHECK(result.err.find("largest instance in the catalog holds (8 GPUs)") != std::string::npos);
    CHECK(result.err.find('\n') == result.err.size() - 1);
  }
  // Within an instance it ranks.
  CHECK(gpuselect::testing::run_gpuselect(
            {"recommend", "-w", "llm-finetune", "-m", "llama-3-70b", "--tensor-parallel", "8"}, scenario_env)
            .exit_code == 0);
}

TEST_CASE("scenario: exit 3 names no --max-nodes past every offering's cluster", "[decisions38][hints]") {
  // Review 38: a 100T-parameter pretraining at --max-nodes 100000 was told to allow more nodes.
  const auto beyond = gpuselect::testing::run_gpuselect(
      {"recommend", "-w", "llm-pretrain", "-p", "100T", "--tokens", "1e16", "--max-nodes", "100000"}, scenario_env);
  CHECK(beyond.exit_code == 3);
  CHECK(beyond.err.find("a larger --max-nodes adds none") != std::string::npos);
  CHECK(beyond.err.find("allow more GPUs or nodes") == std::string::npos);
  // Below the clusters' limit, more nodes are still the lever.
  const auto below = gpuselect::testing::run_gpuselect(
      {"recommend", "-w", "llm-pretrain", "-p", "100T", "--tokens", "1e16"}, scenario_env);
  CHECK(below.exit_code == 3);
  CHECK(below.err.find("allow more GPUs or nodes (--max-nodes)") != std::string::npos);
}

TEST_CASE("scenario: a rule a flag lifts is not said as removed by that flag", "[decisions38][hints]") {
  // Review 38, s23: "Most were removed by --allow-marketplace".
  const auto result = gpuselect::testing::run_gpuselect({"recommend", "-w", "llm-finetune", "-m", "qwen2.5-7b",
                                                         "--method", "qlora", "--gpu", "rtx-4090", "--budget", "15"},
                                                        scenario_env);
  CHECK(result.exit_code == 3);
  CHECK(result.out.find("Most were removed by the rule --allow-marketplace lifts.") != std::string::npos);
  CHECK(result.out.find("Most were removed by --allow-marketplace") == std::string::npos);
}

TEST_CASE("scenario: production serving on a weak engine says so, not method or precision", "[decisions38][hints]") {
  // Review 38, s28: the Ascend quote's serving rows were said to fail the "method or precision".
  const auto result = gpuselect::testing::run_gpuselect(
      {"--catalog", std::string(GPUSELECT_SOURCE_DIR) + "/docs/examples/ascend.yaml", "recommend", "-w",
       "llm-inference", "-m", "qwen2.5-72b", "--region", "cn", "--requests-per-s", "5", "--gpu", "ascend-910b"},
      scenario_env);
  CHECK(result.exit_code == 3);
  CHECK(result.err.find("serving engines are weak (a port) or unsupported") != std::string::npos);
  CHECK(result.err.find("method or precision") == std::string::npos);
  CHECK(result.err.find("--allow-immature-stack") != std::string::npos);
}
