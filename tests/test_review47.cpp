// Expert review 47: the FP8 warning names the bf16 way where it is mature; an empty ranking whose
// stack exclusions only overflow the model's fp16 does not offer --allow-immature-stack; the twin
// note says how many other regions its row stands for.
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "json_runner.hpp"

using gpuselect::testing::review_recommend_json;
using gpuselect::testing::run_gpuselect;

TEST_CASE("review 47: FP8 training on a weak FP8 stack names --precision bf16", "[review47]") {
  // a06b: only the QLoRA warning named the bf16 way.
  const auto document = review_recommend_json(
      {"-w", "llm-pretrain", "-m", "llama-3.1-8b", "--precision", "fp8", "--gpu", "mi300x", "--tokens", "2e10"});
  REQUIRE_FALSE(document["candidates"].empty());
  std::string said;
  for (const auto& warning : document["candidates"][0]["warnings"]) {
    if (warning["code"] == "W-SOFTWARE-STACK")
      said = document["warning_messages"].at(warning["message"].get<std::size_t>());
  }
  CHECK_THAT(said, Catch::Contains("--precision bf16"));
}

TEST_CASE("review 47: --allow-immature-stack is not offered for GPUs that overflow the model's fp16", "[review47]") {
  // m06: Qwen2.5 overflows fp16 and Tencent's V100 has no bf16 units: the flag ranked it first for
  // production serving, to print NaNs. --allow-low-stock, which ranks an A100, stays.
  const auto result = run_gpuselect({"recommend", "-w", "llm-inference", "-m", "qwen2.5-7b", "--region", "cn",
                                     "--provider", "tencent", "--requests-per-s", "2", "--hours", "730"},
                                    gpuselect::testing::review_env);
  REQUIRE(result.exit_code == 3);
  CHECK_THAT(result.err, Catch::Contains("--allow-low-stock") && Catch::Contains("the model overflows fp16") &&
                             !Catch::Contains("--allow-immature-stack ranks them"));
}

TEST_CASE("review 47: the twin note says how many other regions its row stands for", "[review47]") {
  // e01: the note printed a literal "+N".
  const auto document =
      review_recommend_json({"-w", "llm-finetune", "-m", "llama-3.1-70b", "--method", "lora", "--provider", "nebius"});
  std::string note;
  for (const auto& item : document["notes"]) {
    if (item["code"] == "N-REGION-TWIN") note = item["text"].get<std::string>();
  }
  CHECK_THAT(note, Catch::Contains("other regions (+1) include us-central1") && !Catch::Contains("+N"));
}
