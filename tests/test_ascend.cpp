// Huawei's Ascend 910B (docs/catalog.md "Domestic accelerators"): the GPU record and its HCCS link,
// the Da Vinci rows of the software-stack table and what they do to a ranking, the exit-3 hint when
// no offering sells it, a team's own offer from docs/examples/ascend.yaml, and the launchers'
// refusal of an accelerator they do not know.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/software.hpp"

namespace {

using namespace gpuselect;

const std::vector<std::string> scenario_env = {"GPUSELECT_TODAY=2026-12-01", "GPUSELECT_NO_CACHE=1", "LANG=C",
                                               "LC_ALL=", "COLUMNS=150"};
const std::string ascend_overlay = std::string(GPUSELECT_SOURCE_DIR) + "/docs/examples/ascend.yaml";

std::vector<std::string> with_overlay(std::vector<std::string> args) {
  args.insert(args.begin(), {"--catalog", ascend_overlay});
  return args;
}

const catalog::Catalog& builtin() {
  static const catalog::Catalog loaded = [] {
    std::vector<catalog::SourceText> sources;
    for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
    auto result = catalog::load(sources);
    REQUIRE(result.ok());
    return result.catalog;
  }();
  return loaded;
}

}  // namespace

TEST_CASE("Ascend 910B: a Da Vinci NPU on an HCCS mesh, without FP8, in the built-in catalog", "[ascend][catalog]") {
  const catalog::Gpu* gpu = builtin().find_gpu("910B");
  REQUIRE(gpu != nullptr);
  CHECK(gpu->id == "ascend-910b");
  CHECK(gpu->vendor == "huawei");
  CHECK(gpu->architecture == "davinci");
  CHECK(gpu->memory_gb == 64);
  CHECK_FALSE(gpu->fp8_dense_tflops.has_value());
  CHECK_FALSE(gpu->fp4_dense_tflops.has_value());
  CHECK(gpu->interconnect == "hccs");
  CHECK(gpu->interconnect_gbps > 0);
  CHECK(builtin().find_gpu("昇腾910B") == gpu);
  // HCCS carries collectives at the GPU's own link rate, as NVLink does; PCIe does not.
  CHECK(catalog::peer_linked(catalog::Interconnect::hccs));
  CHECK(catalog::peer_linked(catalog::Interconnect::nvswitch));
  CHECK_FALSE(catalog::peer_linked(catalog::Interconnect::pcie));
  CHECK(catalog::to_string(catalog::Interconnect::hccs) == "hccs");
}

TEST_CASE("Ascend 910B: the stack table says what a CUDA job meets on Da Vinci", "[ascend][software]") {
  const catalog::Gpu& gpu = *builtin().find_gpu("ascend-910b");
  const auto level = [&](catalog::StackFeature feature) {
    const auto* row = catalog::stack_support(gpu, feature);
    REQUIRE(row != nullptr);
    CHECK_FALSE(row->source.empty());
    return row->level;
  };
  using F = catalog::StackFeature;
  using L = catalog::StackLevel;
  CHECK(level(F::bf16) == L::mature);
  CHECK(level(F::flash_attention_2) == L::weak);
  CHECK(level(F::qlora_4bit) == L::weak);
  CHECK(level(F::vllm) == L::weak);
  CHECK(level(F::sglang) == L::weak);
  CHECK(level(F::fp8_training) == L::unsupported);
  CHECK(level(F::fp4) == L::unsupported);
  CHECK(level(F::tensorrt_llm) == L::unsupported);
  CHECK(level(F::gpu_data_loading) == L::unsupported);
}

TEST_CASE("Ascend 910B: with no offering selling it, exit 3 says so and names the overlay", "[ascend][cli]") {
  const auto result =
      testing::run_gpuselect({"recommend", "-w", "llm-finetune", "-p", "7e9", "--gpu", "910B"}, scenario_env);
  CHECK(result.exit_code == 3);
  CHECK(result.err.find("no offering in the catalog sells Huawei Ascend 910B 64GB") != std::string::npos);
  CHECK(result.err.find("--catalog FILE") != std::string::npos);
  CHECK(result.err.find('\n') == result.err.size() - 1);
  // The GPU by its Chinese name to a Chinese reader.
  const auto chinese = testing::run_gpuselect(
      {"--lang", "zh-CN", "recommend", "-w", "llm-finetune", "-p", "7e9", "--gpu", "910B"}, scenario_env);
  CHECK(chinese.exit_code == 3);
  CHECK(chinese.err.find("目录中没有出售华为昇腾 910B 64GB 的方案") != std::string::npos);
}

TEST_CASE("Ascend 910B: a team's offer ranks, with the stack's port said", "[ascend][cli]") {
  const auto result = testing::run_gpuselect(
      with_overlay({"recommend", "-w", "llm-finetune", "-p", "7e9", "--gpu", "910B", "--format", "json"}),
      scenario_env);
  REQUIRE(result.exit_code == 0);
  const auto document = nlohmann::json::parse(result.out);
  REQUIRE(document["candidates"].size() == 1);
  const auto& row = document["candidates"][0];
  CHECK(row["offering_id"] == "huawei/snt9b-8");
  CHECK(row["software"]["level"] == "weak");
  CHECK(row["software"]["feature"] == "flash-attention-2");
  CHECK(row["software"]["reason"].get<std::string>().find("Huawei Da Vinci") != std::string::npos);
  CHECK(row["warnings"].dump().find("W-SOFTWARE-STACK") != std::string::npos);
  // Said in Chinese to a Chinese reader.
  const auto chinese = testing::run_gpuselect(
      with_overlay({"--lang", "zh-CN", "recommend", "-w", "llm-finetune", "-p", "7e9", "--gpu", "910B"}), scenario_env);
  REQUIRE(chinese.exit_code == 0);
  CHECK(chinese.out.find("torch_npu 的融合注意力") != std::string::npos);
  CHECK(chinese.out.find("华为昇腾 910B 64GB") != std::string::npos);
  // The architecture as Huawei writes it in Chinese (expert review 41: "Huawei Da Vinci" in zh-CN).
  CHECK(chinese.out.find("华为达芬奇") != std::string::npos);
  CHECK(chinese.out.find("Da Vinci") == std::string::npos);
}

TEST_CASE("Ascend 910B: production serving waits for a mature engine, and FP8 training is no row", "[ascend][cli]") {
  const std::vector<std::string> serving = {"recommend",        "-w", "llm-inference", "-m",  "qwen2.5-7b",
                                            "--requests-per-s", "2",  "--gpu",         "910B"};
  const auto production = testing::run_gpuselect(with_overlay(serving), scenario_env);
  CHECK(production.exit_code == 3);
  CHECK(production.err.find("--allow-immature-stack") != std::string::npos);
  auto allowed = serving;
  allowed.emplace_back("--allow-immature-stack");
  CHECK(testing::run_gpuselect(with_overlay(allowed), scenario_env).exit_code == 0);

  const auto fp8 =
      testing::run_gpuselect(with_overlay({"recommend", "-w", "llm-pretrain", "-p", "7e9", "--tokens", "1e10",
                                           "--precision", "fp8", "--gpu", "910B", "--show-excluded"}),
                             scenario_env);
  CHECK(fp8.exit_code == 3);
  // The precision check meets it first: no FP8 peak on the record.
  const auto row = fp8.out.find("huawei/snt9b-8");
  REQUIRE(row != std::string::npos);
  CHECK(fp8.out.substr(row, fp8.out.find('\n', row) - row).find("needs FP8 tensor cores") != std::string::npos);
}

TEST_CASE("Ascend 910B: SkyPilot and dstack do not launch it, in one line", "[ascend][cli][launch]") {
  // An owned Ascend cluster: the launchers' pools would take the provider, not the accelerator.
  const testing::TempDir scratch;
  std::ifstream owned(std::string(GPUSELECT_SOURCE_DIR) + "/docs/examples/owned.yaml");
  std::stringstream text;
  text << owned.rdbuf() << "  - id: our-lab/atlas-800t-a2\n"
       << "    provider: our-lab\n    gpu: ascend-910b\n    instance_type: atlas-800t-a2\n    gpu_count: 8\n"
       << "    interconnect: hccs\n    isolation: bare-metal\n    network: {bandwidth_gbps: 1600, rdma: roce}\n"
       << "    regions: [on-prem]\n    max_nodes: 2\n    pricing: {on_demand: 0}\n    as_of: 2026-11-01\n"
       << "    source: team inventory\n";
  const auto overlay = scratch.write("ascend-lab.yaml", text.str());
  for (const std::string launcher : {"skypilot", "dstack"}) {
    const auto result = testing::run_gpuselect({"--catalog", overlay.string(), "recommend", "-w", "llm-finetune", "-p",
                                                "7e9", "--gpu", "910B", "--emit", launcher},
                                               scenario_env);
    INFO(launcher << ": " << result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err.find("Huawei Ascend accelerators") != std::string::npos);
    CHECK(result.err.find("quay.io/ascend/vllm-ascend") != std::string::npos);
    CHECK(result.err.find('\n') == result.err.size() - 1);
  }
}
