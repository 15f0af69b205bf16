// Scenario tests of issue 24 part B on the built-in catalog, end to end: the software-stack
// indicator (exclusion, warning, deduction, JSON), a precision the GPU lacks is never a silent
// fallback, Pareto by weak dominance.
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using gpuselect::testing::run_gpuselect;
using gpuselect::testing::with;

namespace {

nlohmann::json json_of(const std::vector<std::string>& args, int expected_exit = 0) {
  const auto result = run_gpuselect(with(args, {"--format", "json"}));
  INFO(result.err);
  REQUIRE(result.exit_code == expected_exit);
  return nlohmann::json::parse(result.out);
}

std::string gpu_of(const nlohmann::json& candidate) { return candidate["gpu"].get<std::string>(); }

bool has_warning(const nlohmann::json& candidate, const std::string& code) {
  for (const auto& warning : candidate["warnings"]) {
    if (warning["code"] == code) return true;
  }
  return false;
}

// The constraints behind an offering's exclusion, joined.
std::string constraints_of(const nlohmann::json& document, const std::string& offering_id) {
  std::string found;
  for (const auto& exclusion : document["excluded"]) {
    if (exclusion["offering_id"] != offering_id) continue;
    for (const auto& constraint : exclusion["constraints"]) found += constraint.get<std::string>() + " ";
  }
  return found;
}

std::string reasons_of(const nlohmann::json& document, const std::string& offering_id) {
  std::string found;
  for (const auto& exclusion : document["excluded"]) {
    if (exclusion["offering_id"] != offering_id) continue;
    for (const auto& reason : exclusion["reasons"]) found += reason.get<std::string>() + " | ";
  }
  return found;
}

const std::string mi300x = "azure/Standard_ND96isr_MI300X_v5";
const std::vector<std::string> resnet_dali = {"recommend", "-w", "cv-train", "-m", "resnet-50", "--data-loader", "gpu",
                                              "--show-excluded"};
const std::vector<std::string> qlora_8b = {"recommend", "-w", "llm-finetune", "-m", "llama-3.1-8b", "--method",
                                           "qlora"};

}  // namespace

TEST_CASE("scenario: GPU data loading (DALI) is NVIDIA-only: AMD rows are excluded for the software stack",
          "[stack]") {
  const auto document = json_of(resnet_dali);
  REQUIRE_FALSE(document["candidates"].empty());
  for (const auto& candidate : document["candidates"]) {
    INFO(candidate["offering_id"]);
    CHECK(gpu_of(candidate).rfind("mi3", 0) != 0);
    // Mature for DALI; Volta and Turing rows are weak for the default bf16 precision instead.
    CHECK((candidate["software"]["level"] == "mature" || candidate["software"]["feature"] == "bf16"));
  }
  CHECK(constraints_of(document, mi300x).find("software") != std::string::npos);
  const std::string reason = reasons_of(document, mi300x);
  CHECK(reason.find("DALI") != std::string::npos);
  CHECK(reason.find("https://") != std::string::npos);
  CHECK(reason.find("--allow-immature-stack") != std::string::npos);

  // Opted in: ranked, warned, and its stability and usability carry the deduction.
  const auto allowed = json_of(with(resnet_dali, {"--allow-immature-stack"}));
  CHECK(allowed["request"]["allow_immature_stack"] == true);
  bool seen = false;
  for (const auto& candidate : allowed["candidates"]) {
    if (candidate["offering_id"] != mi300x) continue;
    seen = true;
    CHECK(candidate["software"]["level"] == "unsupported");
    CHECK(candidate["software"]["feature"] == "gpu-data-loading");
    CHECK(has_warning(candidate, "W-SOFTWARE-STACK"));
  }
  CHECK(seen);
}

TEST_CASE("scenario: QLoRA on ROCm is a weak stack: warned, deducted, said in JSON", "[stack]") {
  // Production training leaves it out (expert review 43, docs/scoring.md "Software stack"); the
  // development tier ranks it, warned and deducted.
  const auto production = json_of(qlora_8b);
  for (const auto& candidate : production["candidates"]) CHECK(candidate["offering_id"] != mi300x);
  auto development = qlora_8b;
  development.insert(development.end(), {"--training-tier", "development"});
  const auto document = json_of(development);
  bool amd = false;
  double amd_stability = 0;
  for (const auto& candidate : document["candidates"]) {
    if (candidate["offering_id"] == mi300x && candidate["pricing_mode"] == "on-demand") {
      amd = true;
      CHECK(candidate["software"]["level"] == "weak");
      CHECK(candidate["software"]["feature"] == "qlora-4bit");
      CHECK(candidate["software"]["reason"].get<std::string>().find("ROCm") != std::string::npos);
      CHECK(has_warning(candidate, "W-SOFTWARE-STACK"));
      amd_stability = candidate["criteria"]["stability"]["score"].get<double>();
    } else if (gpu_of(candidate) == "h100-sxm5-80gb") {
      CHECK(candidate["software"]["level"] == "mature");
      CHECK_FALSE(has_warning(candidate, "W-SOFTWARE-STACK"));
    }
  }
  REQUIRE(amd);
  // The same MI300X for a full fine-tune (flash attention: mature on CDNA3) has no deduction.
  const auto full =
      json_of({"recommend", "-w", "llm-finetune", "-m", "llama-3.1-8b", "--training-tier", "development"});
  for (const auto& candidate : full["candidates"]) {
    if (candidate["offering_id"] != mi300x || candidate["pricing_mode"] != "on-demand") continue;
    CHECK(candidate["software"]["level"] == "mature");
    CHECK(candidate["criteria"]["stability"]["score"].get<double>() > amd_stability + 3);
  }
  // No QLoRA row ranks an AMD GPU first.
  REQUIRE_FALSE(document["candidates"].empty());
  CHECK(gpu_of(document["candidates"][0]).rfind("mi3", 0) != 0);
}

TEST_CASE("scenario: FP4 training is a weak stack even on Blackwell, FP4 serving kernels are mature there",
          "[stack]") {
  // Review 16: a full fine-tune at --precision fp4 on B200 was labelled "mature" (the serving kernels'
  // level), though an NVFP4 training recipe has one published pretraining run behind it.
  const auto training = json_of({"recommend", "-w", "llm-finetune", "-p", "7e9", "--precision", "fp4"});
  REQUIRE_FALSE(training["candidates"].empty());
  for (const auto& candidate : training["candidates"]) {
    INFO(candidate["offering_id"]);
    CHECK(candidate["software"]["feature"] == "fp4-training");
    CHECK(candidate["software"]["level"] == "weak");
    CHECK(has_warning(candidate, "W-SOFTWARE-STACK"));
    // No calibration row trains in FP4: the band is the widened one (expert review 19).
    CHECK(candidate["time"]["wall_hours_band"]["in_calibrated_regime"] == false);
  }
  const auto serving = json_of({"recommend", "-w", "llm-inference", "-m", "llama-3.1-8b", "--precision", "fp4"});
  REQUIRE_FALSE(serving["candidates"].empty());
  for (const auto& candidate : serving["candidates"]) {
    if (candidate["software"]["feature"] == "fp4") CHECK(candidate["software"]["level"] == "mature");
    CHECK(candidate["software"]["feature"] != "fp4-training");
  }
}

TEST_CASE("scenario: --precision fp8 on GPUs without FP8 tensor cores is excluded or an error, never bf16",
          "[stack]") {
  // Recommend: no A100, V100, T4, A10 (Ampere, Volta, Turing) row is ranked at fp8.
  const auto document = json_of({"recommend", "-w", "llm-finetune", "-m", "llama-3.1-8b", "--precision", "fp8",
                                  "--show-excluded", "--top", "all"});
  for (const auto& candidate : document["candidates"]) {
    const std::string gpu = gpu_of(candidate);
    INFO(gpu);
    CHECK(gpu.rfind("a100", 0) != 0);
    CHECK(gpu.rfind("v100", 0) != 0);
    CHECK(gpu != "t4");
    CHECK(gpu.rfind("a10", 0) != 0);
  }
  bool a100_excluded = false;
  for (const auto& exclusion : document["excluded"]) {
    const std::string id = exclusion["offering_id"];
    if (id.find("A100") == std::string::npos && id.find("a100") == std::string::npos) continue;
    for (std::size_t i = 0; i < exclusion["reasons"].size(); ++i) {
      if (exclusion["constraints"][i] != "--precision") continue;
      a100_excluded = true;
      CHECK(exclusion["reasons"][i].get<std::string>().find("FP8 tensor cores") != std::string::npos);
    }
  }
  CHECK(a100_excluded);

  // Only such GPUs pinned: nothing fits (exit 3) and the reason names the precision.
  const auto pinned = run_gpuselect({"recommend", "-w", "llm-finetune", "-m", "llama-3.1-8b", "--precision", "fp8",
                                     "--gpu", "a100-sxm4-80gb"});
  CHECK(pinned.exit_code == 3);
  // estimate on such a GPU: one error line, exit 2, nothing on stdout.
  const auto estimate = run_gpuselect({"estimate", "-w", "llm-finetune", "-m", "llama-3.1-8b", "--precision", "fp8",
                                       "--gpu", "a100-sxm4-80gb"});
  CHECK(estimate.exit_code == 2);
  CHECK(estimate.out.empty());
  CHECK(estimate.err.find("gpuselect: error: --precision: fp8 needs FP8 tensor cores") != std::string::npos);
  // Serving at fp8 on an A100 is excluded as well.
  const auto serving = run_gpuselect({"estimate", "-w", "llm-inference", "-m", "llama-3-8b", "--precision", "fp8",
                                      "--gpu", "a100-sxm4-80gb"});
  CHECK(serving.exit_code == 2);
  // A GPU with FP8 units runs it.
  const auto h100 = run_gpuselect({"estimate", "-w", "llm-finetune", "-m", "llama-3.1-8b", "--precision", "fp8",
                                   "--gpu", "h100-sxm5-80gb"});
  CHECK(h100.exit_code == 0);
}

TEST_CASE("scenario: Pareto by weak dominance: no frontier row is dearer at (nearly) the same time", "[stack]") {
  // Before: 8 B200 on demand at 198.3 h for $8,723 beside the same on spot at 199.1 h for $4,603.
  const auto document = json_of({"recommend", "-w", "llm-pretrain", "-p", "7e9", "--tokens", "1e11", "--pareto"});
  std::vector<std::pair<double, double>> frontier;  // (hours, total)
  for (const auto& candidate : document["candidates"]) {
    if (candidate["pareto"] == true) {
      frontier.emplace_back(candidate["time"]["wall_hours"].get<double>(), candidate["cost"]["total"].get<double>());
    }
  }
  REQUIRE(frontier.size() >= 2);
  for (const auto& [hours, total] : frontier) {
    for (const auto& [other_hours, other_total] : frontier) {
      if (other_total < total) {
        INFO(hours << " h $" << total << " beside " << other_hours << " h $" << other_total);
        CHECK(other_hours > hours * 1.005);
      }
    }
  }
}

TEST_CASE("scenario: an offering with one price for all regions is shown in 'any of N', not its first region",
          "[stack]") {
  // Before: nebius/gpu-h200-sxm_8gpu-128vcpu-1600gb (one price, three regions) read "eu-north1 +2",
  // the alphabetically first region, in the table and in JSON.
  const auto document = json_of({"recommend", "-w", "llm-finetune", "-m", "llama-3.1-8b"});
  bool seen_alike = false;
  bool seen_priced = false;
  for (const auto& candidate : document["candidates"]) {
    if (candidate["any_region"] == true) {
      seen_alike = true;
      CHECK(candidate["region"].is_null());
      CHECK(candidate["other_regions"].get<int>() > 0);
    } else if (candidate["other_regions"].get<int>() > 0) {
      seen_priced = true;  // per-region prices: the cheapest allowed region is named
      CHECK(candidate["region"].is_string());
    }
  }
  CHECK(seen_alike);
  CHECK(seen_priced);
  const auto table =
      run_gpuselect({"recommend", "-w", "llm-finetune", "-m", "llama-3.1-8b", "--top", "10"}, {"COLUMNS=250"});
  REQUIRE(table.exit_code == 0);
  CHECK(table.out.find("any of 3") != std::string::npos);
  CHECK(table.out.find("eu-north1 +2") == std::string::npos);
  // One allowed region names it: the price is that region's.
  const auto pinned = json_of({"recommend", "-w", "llm-finetune", "-m", "llama-3.1-8b", "--region", "eu-north1"});
  for (const auto& candidate : pinned["candidates"]) {
    CHECK(candidate["any_region"] == false);
    CHECK(candidate["region"] == "eu-north1");
  }
}

TEST_CASE("scenario: a reserved row of a multi-instance job commits every instance, not one", "[stack]") {
  // Issue 24 item 8: a 2-node reserved row must charge the term of both instances.
  const auto one = json_of({"recommend", "-w", "llm-finetune", "-m", "llama-3.1-8b", "--pricing", "reserved-1y"});
  const auto two = json_of({"recommend", "-w", "llm-finetune", "-m", "llama-3.1-70b", "--pricing", "reserved-1y"});
  int compared = 0;
  for (const auto& multi : two["candidates"]) {
    if (multi["instances"].get<int>() < 2) continue;
    for (const auto& single : one["candidates"]) {
      if (single["offering_id"] != multi["offering_id"] || single["instances"].get<int>() != 1) continue;
      INFO(multi["offering_id"]);
      const int instances = multi["instances"].get<int>();
      CHECK(multi["cost"]["commitment"].get<double>() ==
            Approx(instances * single["cost"]["commitment"].get<double>()).epsilon(0.001));
      CHECK(multi["cost"]["total"].get<double>() >= multi["cost"]["commitment"].get<double>() - 0.01);
      ++compared;
    }
  }
  CHECK(compared >= 2);
}

TEST_CASE("scenario: a whole term charged for a one-off job is never the row's strength", "[stack]") {
  // Review 16: a ResNet-50 run of hours on a 1-year term read "strongest: cost", the cost criterion
  // ranking the commitment only against other commitments.
  const auto document = json_of({"recommend", "-w", "cv-train", "-m", "resnet-50", "--pricing", "reserved-1y",
                                 "--top", "30"});
  int idle_terms = 0;
  for (const auto& candidate : document["candidates"]) {
    if (!has_warning(candidate, "W-RESERVED-TERM")) continue;
    ++idle_terms;
    for (const auto& item : candidate["explanation_items"]) {
      if (item["kind"] == "strongest") CHECK(item["criterion"] != "cost");
    }
  }
  CHECK(idle_terms > 0);
}

TEST_CASE("scenario: a tier class whose rows are all excluded for another reason brings back nothing: null, "
          "not an empty id",
          "[stack]") {
  const auto document = json_of({"recommend", "-w", "llm-finetune", "-p", "7e9"});
  bool seen_empty_class = false;
  for (const auto& tier : document["summary"]["tier_excluded"]) {
    INFO(tier.dump());
    CHECK(tier["offerings"].get<int>() > 0);
    if (tier["cheapest_offering_id"].is_null()) {
      seen_empty_class = true;
      CHECK(tier["cheapest_total"].is_null());
      CHECK(tier["cheapest_pricing_mode"].is_null());
    } else {
      CHECK_FALSE(tier["cheapest_offering_id"].get<std::string>().empty());
      CHECK(tier["cheapest_total"].get<double>() > 0);
    }
  }
  // The consumer class of this run: each of its rows is also too small or too slow (N-TIER-CONSUMER).
  CHECK(seen_empty_class);
}

TEST_CASE("scenario: the Job summary says the data amount is a default for vision and image training too",
          "[stack][render]") {
  // Expert review 19: cv-train printed "Tokens 1.2e8 images" with no word that it is the default
  // (ImageNet-1k x 90 epochs); docs/cli.md promises the default is said.
  for (const auto& [workload, model] : {std::pair{"cv-train", "resnet-50"}, std::pair{"image-finetune", "sdxl"}}) {
    const auto result = run_gpuselect({"recommend", "-w", workload, "-m", model, "--top", "1"});
    INFO(result.err);
    REQUIRE(result.exit_code == 0);
    CHECK(result.out.find(std::string("(default for ") + workload + ")") != std::string::npos);
  }
  const auto given = run_gpuselect({"recommend", "-w", "cv-train", "-m", "resnet-50", "--top", "1", "--tokens", "1e6"});
  REQUIRE(given.exit_code == 0);
  CHECK(given.out.find("1.0e6 images") != std::string::npos);
  CHECK(given.out.find("(default for cv-train)") == std::string::npos);
}

TEST_CASE("scenario: an empty ranking whose other rows the software stack removed says why they stay out",
          "[stack][cli]") {
  // Expert review 30 D3: Qwen2.5-14B served from Tencent and Huawei in mainland China exited 3 saying
  // no constraint admits the stack's rows, and "add it" after naming two flags.
  const auto result = run_gpuselect({"recommend", "-w", "llm-inference", "-m", "qwen2.5-14b", "--requests-per-s", "3",
                                     "--hours", "730", "--region", "cn", "--provider", "tencent,huawei"},
                                    gpuselect::testing::today);
  REQUIRE(result.exit_code == 3);
  INFO(result.err);
  // Their V100s and T4s have no bf16 units and Qwen2.5 overflows fp16: the flag would rank rows that
  // print NaNs, so the hint says what the stack lacks instead of offering it (expert review 47, m06).
  CHECK(result.err.find("no bf16 units and the model overflows fp16") != std::string::npos);
  CHECK(result.err.find("--allow-immature-stack ranks them") == std::string::npos);
  CHECK(result.err.find("which no constraint admits") == std::string::npos);
  CHECK(result.err.find("add them where the job can take that risk") != std::string::npos);
  // Admitted, the stack's rows rank (warned).
  const auto admitted = run_gpuselect(
      {"recommend", "-w", "llm-inference", "-m", "qwen2.5-14b", "--requests-per-s", "3", "--hours", "730", "--region",
       "cn", "--provider", "tencent,huawei", "--allow-immature-stack", "--allow-spot-serving", "--allow-low-stock"},
      gpuselect::testing::today);
  CHECK(admitted.exit_code == 0);
}
