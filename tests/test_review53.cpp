// Expert reviews 52-54: a plan offloads to CPU memory only where it must or gains more than 10%;
// a deadline's chance is never rounded up to the confidence a row failed; the exit-3 hint names a
// capacity block within the user's --max-nodes before one beyond it, and a block of the job's weeks
// before a 1-year term the run would barely use.
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "json_runner.hpp"
#include "scoring/words.hpp"

using gpuselect::testing::review_env;
using gpuselect::testing::run_gpuselect;
using gpuselect::testing::run_json;

namespace {

// The exit-3 hint of `args` (recommend under the reviews' environment) asks the provider for a block
// (`block_words`) before it names --pricing reserved-1y; returns the hint.
std::string hint_with_block_before_term(const std::vector<std::string>& args, const std::string& block_words) {
  const auto result = run_gpuselect(args, review_env);
  REQUIRE(result.exit_code == 3);
  INFO(result.err);
  const auto block = result.err.find(block_words);
  const auto term = result.err.find("--pricing reserved-1y");
  REQUIRE(block != std::string::npos);
  REQUIRE(term != std::string::npos);
  CHECK(block < term);
  return result.err;
}

}  // namespace

TEST_CASE("review 52 c01: a plan offloads to CPU memory only where it must or gains more than 10%",
          "[review53][plan]") {
  // 34B LoRA on eight 16 GB V100: ZeRO-3 with everything offloaded was 0.6% faster than ZeRO-3 on
  // the GPUs alone; the GPU-only plan is chosen, and the offload plan named as the faster runner-up
  // not taken.
  const auto document = run_json(
      {"estimate", "-w", "llm-finetune", "-p", "34e9", "--method", "lora", "--gpu", "v100-sxm2-16gb", "--gpus", "8"},
      review_env);
  const auto& memory = document["memory"];
  CHECK(memory["plan"]["offload"] == "none");
  CHECK(memory["plan"]["reason"] == "fastest");
  CHECK(memory["cpu_offload_bytes"].get<double>() == 0);
  REQUIRE(memory.contains("runner_up"));
  CHECK(memory["runner_up"]["offload"] != "none");
  const double slower_pct = memory["runner_up"]["slower_pct"].get<double>();
  CHECK(slower_pct < 0);
  CHECK(slower_pct > -10);
  const std::string description = document["plan_description"].get<std::string>();
  CHECK_THAT(description, Catch::Contains("fastest without CPU offload of"));
  CHECK_THAT(description,
             Catch::Contains("faster but offloads to CPU memory (chosen only where needed or over 10% faster)"));
  // A 7B QLoRA on one 16 GB V100: without offload only full recomputation fits, ~49% slower, so the
  // adapters' 0.4 GB of optimizer states go to CPU memory.
  const auto qlora = run_json(
      {"estimate", "-w", "llm-finetune", "-p", "7e9", "--method", "qlora", "--gpu", "v100-sxm2-16gb", "--gpus", "1"},
      review_env);
  CHECK(qlora["memory"]["plan"]["offload"] == "optimizer");
}

TEST_CASE("review 52 c01: a full fine-tune that only fits with CPU offload still offloads", "[review53][plan]") {
  // 7B full fine-tuning holds ~112 GB of weights, gradients and Adam states: one 80 GB A100 runs it
  // only with the optimizer in CPU memory.
  const auto document = run_json(
      {"estimate", "-w", "llm-finetune", "-p", "7e9", "--method", "full", "--gpu", "a100-sxm4-80gb", "--gpus", "1"},
      review_env);
  const auto& memory = document["memory"];
  CHECK(memory["plan"]["offload"] != "none");
  CHECK(memory["plan"]["reason"] == "needs-offload");
  CHECK(memory["cpu_offload_bytes"].get<double>() > 0);
}

TEST_CASE("review 53 D07b: a chance short of the confidence is never rounded up to it", "[review53][confidence]") {
  using gpuselect::scoring::detail::chance_short_of;
  CHECK(chance_short_of(0.7996, 0.8) == "79.9%");  // percent() would say "80%"
  CHECK(chance_short_of(0.7949, 0.8) == "79%");    // rounds below the threshold: as said
  CHECK(chance_short_of(0.62, 0.8) == "62%");
  CHECK(chance_short_of(0.85, 0.8) == "85%");  // not short: as chance() says it
  CHECK(chance_short_of(0.0996, 0.1) == "9.9%");
  CHECK(chance_short_of(0.99496, 0.995) == "99.4%");
  CHECK(chance_short_of(0.0005, 0.8) == "<0.1%");
}

TEST_CASE("review 53 P03: the exit-3 hint names the capacity block within --max-nodes first", "[review53][hint]") {
  // Spot cannot hold 16 nodes for the run; capacity blocks meet the deadline on 16 nodes, the
  // user's own limit. The hint names that block, not 19 nodes beyond the limit for 1% less.
  const auto result = run_gpuselect({"recommend", "-w", "llm-pretrain", "-p", "7e9", "--tokens", "1e12", "--deadline",
                                     "336", "--max-nodes", "16", "--pricing", "spot", "--checkpoint-minutes", "30"},
                                    review_env);
  REQUIRE(result.exit_code == 3);
  INFO(result.err);
  CHECK_THAT(result.err, Catch::Contains("--pricing capacity-block ranks 16 nodes of aws/p6-b200.48xlarge first"));
  CHECK_THAT(result.err, !Catch::Contains("--max-nodes 19"));
}

TEST_CASE("review 52 p08: a 45-day run is pointed to a block of its weeks before a 1-year term", "[review53][hint]") {
  // GCP's A3 and A4 are low stock: open capacity cannot hold a 7B pretraining of 500B tokens on 8
  // nodes for weeks. No GCP offering lists a block price, so the hint asks for one (Google Cloud's
  // calendar-mode reservations) first, and says how little of a 1-year term the run would use.
  const std::string hint = hint_with_block_before_term(
      {"recommend", "-w", "llm-pretrain", "-p", "7e9", "--tokens", "5e11", "--provider", "gcp", "--max-nodes", "8"},
      "ask the provider for a block of the job's weeks");
  CHECK_THAT(hint, Catch::Contains("calendar-mode reservations"));
  CHECK_THAT(hint,
             Catch::Matches("[\\s\\S]*the run on those nodes would use about [0-9]+% of the 1-year term[\\s\\S]*"));
}

TEST_CASE("review 52 c01: W-OFFLOAD says the share of the step a small offload takes", "[review53][plan]") {
  // Huawei Cloud's one-V100 row offloads the QLoRA adapters' optimizer (0.4 GB): 0.02 s of a ~122 s
  // step, not "much slower".
  const auto document = gpuselect::testing::review_recommend_json(
      {"-w", "llm-finetune", "-p", "7e9", "--method", "qlora", "--provider", "huaweicloud", "--top", "all"});
  bool seen = false;
  for (const auto& candidate : document["candidates"]) {
    for (const auto& warning : candidate["warnings"]) {
      if (warning["code"] != "W-OFFLOAD") continue;
      const std::string text = document["warning_messages"].at(warning["message"].get<std::size_t>());
      CHECK_THAT(text, Catch::Contains("of each training step here (estimated)"));
      CHECK_THAT(text, Catch::Contains("under 1%"));
      CHECK_THAT(text, !Catch::Contains("much slower"));
      seen = true;
    }
  }
  CHECK(seen);
}

TEST_CASE("review 54 s19: the run's weeks are scaled to the nodes --max-nodes allows", "[review53][hint]") {
  // A 70B pretraining on GCP within 16 nodes: the capacity exclusions record one or two nodes
  // (years of run); on 16 A4 nodes the run is weeks, so a block of them comes before a 1-year term.
  const std::string hint = hint_with_block_before_term(
      {"recommend", "-w", "llm-pretrain", "-p", "70e9", "--tokens", "1e12", "--provider", "gcp", "--max-nodes", "16"},
      "ask the provider for a block of the job's weeks");
  CHECK_THAT(hint, Catch::Contains("on 16 nodes (scaled from its GPU-hours)"));
}

TEST_CASE("review 54 s25: under --deadline a short run is pointed to a block before a 1-year term",
          "[review53][hint]") {
  // A 14-day 7B pretraining on GCP within 4 nodes: open capacity does not hold it and GCP lists no
  // block price; the reservation hint asks for a block of the run's weeks first, then names the term.
  const std::string hint =
      hint_with_block_before_term({"recommend", "-w", "llm-pretrain", "-p", "7e9", "--tokens", "1e12", "--provider",
                                   "gcp", "--max-nodes", "4", "--deadline", "336"},
                                  "ask the provider for a block of those weeks");
  CHECK_THAT(hint, Catch::Contains("no offering here lists a capacity-block price: for a run of about"));
}
