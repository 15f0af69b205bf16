// Expert reviews 47 and 48: an empty ranking names the model's FP8 release, not a --precision never
// given; a production replica that would fit over nodes without RDMA says so and the hint names the
// development tier; a capacity block is offered only where a removed offering lists its price; AWS
// B200 blocks are priced (estimated); a term dearer than the same run on demand is said for
// training; production training says which stacks it held out; serving warnings speak of serving.
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "json_runner.hpp"

using gpuselect::testing::review_recommend_json;
using gpuselect::testing::run_gpuselect;

namespace {

std::string note_text(const nlohmann::json& document, const std::string& code) {
  for (const auto& item : document["notes"]) {
    if (item["code"] == code) return item["text"].get<std::string>();
  }
  return {};
}

}  // namespace

TEST_CASE("review 48: DeepSeek-V3 on GCP names its FP8 release and the RDMA a wider replica needs", "[review48]") {
  // s20 (review 47 d02): "Most were removed by --precision", a flag never passed, and two A3 nodes
  // refused in silence.
  const auto result = run_gpuselect({"recommend", "-w", "llm-inference", "-m", "deepseek-v3", "--provider", "gcp",
                                     "--requests-per-s", "2", "--hours", "720", "--show-excluded"},
                                    gpuselect::testing::review_env);
  REQUIRE(result.exit_code == 3);
  CHECK_THAT(result.out, Catch::Contains("Most were removed by the model's FP8 weights") &&
                             !Catch::Contains("Most were removed by --precision"));
  // The exclusion's reason, in the JSON document (its text is not wrapped there).
  const auto json = run_gpuselect({"recommend", "-w", "llm-inference", "-m", "deepseek-v3", "--provider", "gcp",
                                   "--requests-per-s", "2", "--hours", "720", "--format", "json"},
                                  gpuselect::testing::review_env);
  CHECK_THAT(json.out, Catch::Contains("a replica over 2 nodes would fit, but production serving spans nodes only over RDMA"));
  CHECK_THAT(result.err, Catch::Contains("--serving-tier development ranks them over TCP"));
  // The tier it names does rank a replica over two A3 nodes.
  const auto development =
      review_recommend_json({"-w", "llm-inference", "-m", "deepseek-v3", "--provider", "gcp", "--requests-per-s", "2",
                             "--hours", "720", "--serving-tier", "development"});
  REQUIRE_FALSE(development["candidates"].empty());
}

TEST_CASE("review 48: a precision the user gave is still named as the flag", "[review48]") {
  // The release words are for the model's own format only: --precision fp8 on a bf16 model is the flag.
  const auto result = run_gpuselect({"recommend", "-w", "llm-inference", "-m", "llama-3.1-8b", "--precision", "fp8",
                                     "--gpu", "a100", "--requests-per-s", "2", "--hours", "720"},
                                    gpuselect::testing::review_env);
  REQUIRE(result.exit_code == 3);
  CHECK_THAT(result.out, !Catch::Contains("the model's FP8 weights"));
}

TEST_CASE("review 48: the capacity hint offers a block only where a removed offering lists its price", "[review48]") {
  // s23f: --pricing capacity-block was offered for AWS p6-b200, which listed no block price.
  const auto azure = run_gpuselect({"recommend", "-w", "llm-pretrain", "-p", "70e9", "--tokens", "1.4e12", "--provider",
                                    "azure", "--max-nodes", "4"},
                                   gpuselect::testing::review_env);
  REQUIRE(azure.exit_code == 3);
  CHECK_THAT(azure.err, Catch::Contains("capacity removed the most") && Catch::Contains("pricing.capacity_block") &&
                            !Catch::Contains("add --pricing capacity-block"));
  const auto aws = run_gpuselect({"recommend", "-w", "llm-pretrain", "-p", "70e9", "--tokens", "1.4e12", "--provider",
                                  "aws", "--max-nodes", "8", "--pricing", "on-demand,spot"},
                                 gpuselect::testing::review_env);
  REQUIRE(aws.exit_code == 3);
  CHECK_THAT(aws.err, Catch::Contains("add --pricing capacity-block"));
}

TEST_CASE("review 48: a 55-day B200 job on AWS is a capacity block, not a 1-year term", "[review48]") {
  // s23d: a whole reserved-1y term ($699k, 15% used) ranked first over nothing.
  const auto document = review_recommend_json({"-w", "llm-pretrain", "-p", "13e9", "--tokens", "3.8e11", "--provider",
                                               "aws", "--gpu", "b200", "--max-nodes", "1", "--pricing", "any"});
  REQUIRE_FALSE(document["candidates"].empty());
  const auto& first = document["candidates"][0];
  CHECK(first["pricing_mode"] == "capacity-block");
  CHECK(first["offering_id"] == "aws/p6-b200.48xlarge");
}

TEST_CASE("review 48: a term dearer than the run on demand is said for training", "[review48]") {
  // s40: a month of AutoDL 8x H800 for a 16.4-day run cost ~35% more than its pay-as-you-go price, unsaid.
  const auto document = review_recommend_json(
      {"-w", "llm-pretrain", "-p", "7e9", "--tokens", "1e11", "--region", "cn", "--pricing", "monthly"});
  REQUIRE_FALSE(document["candidates"].empty());
  CHECK_THAT(note_text(document, "N-TERM-ONE-OFF"), Catch::Contains("On demand the same run on #1 costs about"));
}

TEST_CASE("review 48: production training says which weak stacks it held out", "[review48]") {
  // s01: Azure's MI300X left a 70B QLoRA with no note in the table.
  const auto document =
      review_recommend_json({"-w", "llm-finetune", "-m", "llama-3.1-70b", "--method", "qlora", "--provider", "azure"});
  // Review 49, r01: it names the bf16 way, not the weak method's price on a stale spot quote.
  CHECK_THAT(note_text(document, "N-TIER-SOFTWARE"),
             Catch::Contains("excluded for production training") && Catch::Contains("--method lora") &&
                 Catch::Contains("--allow-immature-stack") && !Catch::Contains("cheapest"));
}

TEST_CASE("review 48: serving rows' warnings speak of serving", "[review48]") {
  // s20b: W-NO-RDMA said "multi-node training" and W-SPOT-SERVING "Production serving" under the
  // development tier.
  const auto document =
      review_recommend_json({"-w", "llm-inference", "-m", "deepseek-v3", "--provider", "gcp", "--requests-per-s", "2",
                             "--hours", "720", "--serving-tier", "development"});
  bool no_rdma_seen = false;
  for (const auto& message : document["warning_messages"]) {
    const auto text = message.get<std::string>();
    CHECK_THAT(text, !Catch::Contains("multi-node training") && !Catch::Contains("Production serving on spot"));
    no_rdma_seen = no_rdma_seen || text.find("a replica spread over them") != std::string::npos;
  }
  CHECK(no_rdma_seen);
}

TEST_CASE("review 48: an old spot quote with no on-demand to cap it is not called fresh", "[review48]") {
  // s09: GCP's a4-highgpu-8g (spot and reservations only) read "a market price fresh for about 14
  // days" of a quote 201 days old.
  const auto document =
      review_recommend_json({"-w", "llm-finetune", "-m", "llama-3.1-70b", "--method", "qlora", "--provider", "gcp"});
  bool unanchored_seen = false;
  for (const auto& message : document["warning_messages"]) {
    const auto text = message.get<std::string>();
    if (text.find("Spot quote of") == std::string::npos) continue;
    const bool old_quote = text.find("days old") != std::string::npos;
    CHECK_FALSE((old_quote && text.find("fresh for about 14 days") != std::string::npos));
    unanchored_seen = unanchored_seen || text.find("sells no on-demand to cap it") != std::string::npos;
  }
  CHECK(unanchored_seen);
}

TEST_CASE("review 49: a pretraining's capacity block widens to the planning horizon", "[review48]") {
  // a09/a15: one p6-b200 node on a 49-day block ranked first, where 2 nodes end in 22.8 d on a block
  // for 14% more (open capacity holds one low-stock node; a block holds its nodes by contract).
  const auto document =
      review_recommend_json({"-w", "llm-pretrain", "-p", "13e9", "--tokens", "3e11", "--provider", "aws"});
  REQUIRE_FALSE(document["candidates"].empty());
  const auto& first = document["candidates"][0];
  CHECK(first["pricing_mode"] == "capacity-block");
  CHECK(first["nodes"].get<int>() > 1);
  CHECK(first["time"]["wall_hours"].get<double>() <= 30 * 24.0);
}

TEST_CASE("review 50: the horizon's block is the cheapest count that ends within it", "[review48]") {
  // p02: 3 p6-b200 nodes on a 35-day block (28.6 d, $205k) ranked first, where 14 p5 nodes end in
  // 13.1 d for $172k: past 14 days a block is paid in 7-day steps.
  const auto document = review_recommend_json(
      {"-w", "llm-pretrain", "-p", "7e9", "--tokens", "1e12", "--max-nodes", "16", "--provider", "aws"});
  REQUIRE_FALSE(document["candidates"].empty());
  const auto& first = document["candidates"][0];
  CHECK(first["pricing_mode"] == "capacity-block");
  CHECK(first["time"]["wall_hours"].get<double>() <= 14 * 24.0);
  // p11: no block price is extrapolated for p6-b300, which the EC2 guide does not list for blocks.
  const auto b300 = run_gpuselect({"recommend", "-w", "llm-pretrain", "-p", "13e9", "--tokens", "3e11", "--provider",
                                   "aws", "--gpu", "b300", "--pricing", "capacity-block"},
                                  gpuselect::testing::review_env);
  CHECK(b300.exit_code == 3);
}
