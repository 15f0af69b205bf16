// Expert review 32, the ML-platform lead's rejections, run through the CLI: a charge every row pays
// (egress) no longer hands #1 to a dearer machine nor grows with a quote's uncertainty; Ada cards
// train at their generation's efficiency (an RTX 4090 is not slower than an A10); a plan fixed
// beyond an offering's GPUs is excluded for the GPUs it takes; spot training without checkpoints is
// warned of; --risk-averse JSON says the sum of its cost parts and the expected hours.
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

double money(const nlohmann::json& cost, const char* field) { return cost[field].get<double>(); }

}  // namespace

TEST_CASE("a total's upper end multiplies its quoted part only", "[decisions32][cost]") {
  estimate::Cost cost;
  cost.compute = 10;
  cost.interruption = 2;
  cost.egress = 90;
  cost.public_ip = 1;
  cost.storage = 3;
  cost.total = 106;
  // Quoted part 12 at 3x, the list charges as they are.
  CHECK(cost.total_at(cost.total, 3.0) == Approx(90 + 4 + 36));
  // Hours at 1.5x: the held charges and the quoted part grow with them, the egress does not.
  CHECK(cost.total_at(cost.total, 2.0, 1.5) == Approx(90 + 4 * 1.5 + 12 * 2.0 * 1.5));
  CHECK(cost.total_at(cost.total, 1.0) == Approx(cost.total));
  // A total with nothing quoted in it (a free row's charges) is left as it is.
  estimate::Cost charges_only;
  charges_only.egress = 5;
  charges_only.total = 5;
  CHECK(charges_only.total_at(5, 4.0) == Approx(5));
}

TEST_CASE("scenario: the same egress on every row changes neither #1 nor the order", "[decisions32][cost]") {
  // Review 32, S41: with --egress-gb 1000 a g6e.24xlarge at 2.4x the compute of p5.4xlarge took #1.
  const std::vector<std::string> job = {"-w", "llm-finetune", "-m", "llama-3-8b", "--method", "lora", "--provider",
                                        "aws", "--top", "6"};
  // Review 33: at 3000 GB ($270 on every row, ~95% of the cheapest total) it flipped again.
  const auto plain = recommend_json(job);
  REQUIRE(plain["candidates"].size() == 6);
  for (const char* gigabytes : {"1000", "3000"}) {
    INFO(gigabytes << " GB");
    auto with_egress_args = job;
    with_egress_args.insert(with_egress_args.end(), {"--egress-gb", gigabytes});
    const auto with_egress = recommend_json(with_egress_args);
    REQUIRE(with_egress["candidates"].size() == plain["candidates"].size());
    for (std::size_t i = 0; i < plain["candidates"].size(); ++i) {
      INFO(i);
      CHECK(with_egress["candidates"][i]["offering_id"] == plain["candidates"][i]["offering_id"]);
      CHECK(with_egress["candidates"][i]["pricing_mode"] == plain["candidates"][i]["pricing_mode"]);
    }
    const double egress = money(with_egress["candidates"][0]["cost"], "egress");
    CHECK(egress > 50);
    for (const auto& candidate : with_egress["candidates"]) {
      CHECK(money(candidate["cost"], "egress") == Approx(egress));  // one provider, one rate
    }
  }
}

TEST_CASE("scenario: an RTX 4090 fine-tunes faster than an A10, an L40S than an A10", "[decisions32][performance]") {
  // Review 32, P3: Ada fell to the 0.40 of the unfitted architectures, so a 4090 (165 TFLOPS at FP32
  // accumulate, 1,008 GB/s) took 28.4 h where a 150 W A10 (125, 600 GB/s) took 22.9 h.
  const auto hours_on = [](const std::string& gpu) {
    const auto document = testing::run_json(
        {"estimate", "-w", "llm-finetune", "-m", "llama-3-8b", "--method", "qlora", "--gpu", gpu, "--gpus", "1"},
        scenario_env);
    return document["time"]["wall_hours"].get<double>();
  };
  const double a10 = hours_on("a10");
  const double rtx_4090 = hours_on("rtx-4090");
  const double l40s = hours_on("l40s");
  INFO("a10 " << a10 << " h, rtx-4090 " << rtx_4090 << " h, l40s " << l40s << " h");
  CHECK(rtx_4090 < a10);
  CHECK(l40s < a10);
}

TEST_CASE("scenario: a plan fixed beyond an offering's GPUs is excluded for the GPUs it takes", "[decisions32][plan]") {
  // Review 32, H16: TP 8 x PP 8 on one-GPU VMs read "needs 2.2 GB per GPU, has 85.9 GB".
  const auto result = testing::run_gpuselect({"recommend", "-w", "llm-finetune", "--params", "7e9",
                                              "--tensor-parallel", "8", "--pipeline-parallel", "8", "--max-nodes", "1",
                                              "--show-excluded"},
                                             {"GPUSELECT_TODAY=2026-12-01", "GPUSELECT_NO_CACHE=1", "COLUMNS=400"});
  CHECK(result.exit_code == 3);
  const std::string all = result.out + result.err;
  // One-GPU VMs cluster no further: the GPUs the plan takes.
  CHECK(all.find("the plan fixed by flags (TP 8 x PP 8 x CP 1) takes 64 GPUs, and this offering clusters") !=
        std::string::npos);
  // Eight-GPU nodes: the nodes, named as the fixed plan's (review 33: "needs 8 nodes to fit" alone).
  CHECK(all.find("needs 8 nodes to fit, the plan fixed by flags (TP 8 x PP 8 x CP 1) takes 64 GPUs, 8 a node; "
                 "--max-nodes 1") != std::string::npos);
  // Four-GPU nodes: TP 8 does not fit inside one (review 33: "needs 3.1 GB per GPU, has 48.0 GB").
  CHECK(all.find("--tensor-parallel 8 runs within one node") != std::string::npos);
  // No row is excluded for memory.
  CHECK(all.find("per GPU, has") == std::string::npos);
}

TEST_CASE("scenario: spot training without checkpoints is warned of, whatever the odds", "[decisions32][spot]") {
  // Review 32, S32: 19 h on spot with --checkpoint-minutes 0 and a 72 h deadline showed no W-SPOT.
  const auto document = recommend_json({"-w", "llm-pretrain", "--params", "1B", "--tokens", "50B", "--pricing", "spot",
                                        "--deadline", "72h", "--checkpoint-minutes", "0", "--top", "3"});
  REQUIRE_FALSE(document["candidates"].empty());
  const auto& messages = document["warning_messages"];
  for (const auto& candidate : document["candidates"]) {
    REQUIRE(testing::has_warning(candidate, "W-SPOT"));
    for (const auto& warning : candidate["warnings"]) {
      if (warning["code"] != "W-SPOT") continue;
      const std::string text = messages[warning["message"].get<std::size_t>()];
      CHECK(text.find("a reclaim restarts the whole") != std::string::npos);
    }
  }
  // With checkpoints the sentence is not said.
  const auto checkpointed = recommend_json({"-w", "llm-pretrain", "--params", "1B", "--tokens", "50B", "--pricing",
                                            "spot", "--deadline", "72h", "--top", "3"});
  for (const auto& message : checkpointed["warning_messages"]) {
    CHECK(message.get<std::string>().find("a reclaim restarts the whole") == std::string::npos);
  }
}

TEST_CASE("scenario: a no-checkpoint spot pretraining with a deadline ranks", "[decisions32][spot]") {
  // Review 34, P1: this ran for minutes (the deadline's hours at confidence doubled toward infinity on
  // rows whose hits outpace the run); it ranks as any other job.
  const auto document = recommend_json({"-w", "llm-pretrain", "-p", "7B", "--tokens", "100B", "--pricing", "spot",
                                        "--checkpoint-minutes", "0", "--deadline", "10d", "--top", "3"});
  REQUIRE_FALSE(document["candidates"].empty());
  for (const auto& candidate : document["candidates"]) {
    CHECK(candidate["cost"]["within_deadline_probability"].get<double>() >= 0.8);
  }
}

TEST_CASE("scenario: --risk-averse JSON says the sum of the cost parts and the expected hours", "[decisions32][json]") {
  // Review 32, P6: total 323.7 beside parts that summed to 167.75, and 7.08 h where the table said 4.0 h.
  const auto document = recommend_json({"-w", "llm-finetune", "-m", "llama-3-70b", "--method", "lora", "--risk-averse",
                                        "--deadline", "48h", "--tokens", "3e8", "--top", "3"});
  REQUIRE_FALSE(document["candidates"].empty());
  for (const auto& candidate : document["candidates"]) {
    const auto& cost = candidate["cost"];
    const double parts = money(cost, "compute") + money(cost, "egress") + money(cost, "public_ip") +
                         money(cost, "storage") + money(cost, "interruption");
    const double sum = cost.contains("expected_total") ? money(cost, "expected_total") : money(cost, "total");
    CHECK(sum == Approx(parts).margin(0.03));
    REQUIRE(candidate["time"].contains("expected_wall_hours"));
    CHECK(candidate["time"]["expected_wall_hours"].get<double>() <= candidate["time"]["wall_hours"].get<double>());
  }
  CHECK(document["candidates"][0]["cost"].contains("expected_total"));
  // Without --risk-averse neither field is written: total is the parts' sum, wall_hours expected.
  const auto plain = recommend_json({"-w", "llm-finetune", "-m", "llama-3-70b", "--method", "lora", "--tokens", "3e8",
                                     "--top", "3"});
  for (const auto& candidate : plain["candidates"]) {
    CHECK_FALSE(candidate["cost"].contains("expected_total"));
    CHECK_FALSE(candidate["time"].contains("expected_wall_hours"));
  }
}
