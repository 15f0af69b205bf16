// cv-train's input pipeline (docs/estimation.md "Input pipeline", issue 26 item A): the data loader's
// vCPUs against the GPUs, with the published figures the loader table rests on.
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "builtin_catalog.hpp"
#include "cli_runner.hpp"
#include "json_runner.hpp"
#include "estimate/model.hpp"
#include "gpuselect/estimate.hpp"
#include "gpuselect/workload.hpp"

using namespace gpuselect;
using gpuselect::testing::builtin_catalog;
using gpuselect::testing::run_gpuselect;

namespace {

workload::Profile resnet50(workload::DataLoader loader) {
  workload::Request request;
  request.kind = workload::Kind::cv_train;
  request.model = "resnet-50";
  request.data_loader = loader;
  return workload::resolve(request, builtin_catalog());
}

// A node of `gpus` x `gpu_id` with `vcpus` vCPUs (0 = not stated), timed as estimate_performance does.
estimate::Performance on(const workload::Profile& profile, std::string_view gpu_id, int gpus, int vcpus) {
  const catalog::Gpu* gpu = builtin_catalog().find_gpu(gpu_id);
  REQUIRE(gpu != nullptr);
  estimate::Hardware hardware = estimate::bare_hardware(*gpu, gpus, 1);
  hardware.vcpus = vcpus;
  hardware.vcpus_assumed = vcpus == 0;
  return estimate::estimate_performance(profile, hardware, estimate::choose_plan(profile, hardware));
}

nlohmann::json json_of(std::vector<std::string> args) { return gpuselect::testing::run_json(std::move(args)); }

}  // namespace

TEST_CASE("input pipeline: NVIDIA's DGX-2 case study is CPU-bound with PyTorch's loader and GPU-bound with DALI",
          "[estimate][input]") {
  // NVIDIA, "Case Study: ResNet50 with DALI": a DGX-2 (16 V100, 2 x 24-core Xeon 8168 = 96 vCPUs)
  // trains ResNet-50 slower than its GPUs allow because CPU augmentation cannot keep up; moving
  // decoding to the GPUs with DALI removes the bottleneck. One V100 trains ~1,350 images/s with DALI
  // (NVIDIA, "DGX-2 ... set image recognition records"), so 16 need ~21,600.
  const auto cpu = on(resnet50(workload::DataLoader::cpu), "v100-sxm2-32gb", 16, 96);
  REQUIRE(cpu.input.modelled);
  CHECK(cpu.input.loader_bound);
  CHECK(cpu.input.images_per_s < 16 * 1350.0);
  CHECK(cpu.input.workers_per_node == 96 - 16);
  const auto dali = on(resnet50(workload::DataLoader::gpu), "v100-sxm2-32gb", 16, 96);
  CHECK_FALSE(dali.input.loader_bound);
  CHECK(dali.input.images_per_s == Approx(dali.input.gpu_images_per_s));
  // The per-vCPU rate sits inside the published 100-250 images/s and below the DGX-2 ceiling
  // (21,600 images/s not reached by 96 vCPUs: under 225 each).
  CHECK(cpu.input.images_per_s_per_worker >= 100);
  CHECK(cpu.input.images_per_s_per_worker < 21600.0 / 96);
  // Time follows the loader: the same images take gpu/loader times longer than the GPUs alone need.
  CHECK(cpu.time.wall_hours == Approx(dali.time.wall_hours * cpu.input.gpu_images_per_s / cpu.input.images_per_s));
}

TEST_CASE("input pipeline: the DALI calibration row (8 A100, ~2,700 images/s each) still reproduces",
          "[estimate][input]") {
  // NVIDIA Deep Learning Examples, ResNet-50 v1.5 PyTorch on DGX A100 (256 vCPUs) with DALI: ~2,700
  // images/s per A100 in mixed precision; the MFU table's vision factor is fitted on it.
  const auto dgx = on(resnet50(workload::DataLoader::gpu), "a100-sxm4-80gb", 8, 256);
  CHECK_FALSE(dgx.input.loader_bound);
  CHECK(dgx.input.images_per_s / 8 == Approx(2700).epsilon(0.10));
}

TEST_CASE("input pipeline: few vCPUs per GPU bind, and an unstated count is assumed and marked",
          "[estimate][input]") {
  const auto profile = resnet50(workload::DataLoader::cpu);
  // 1 H100 with 16 vCPUs: 15 workers at 150 images/s = 2,250, a quarter of what the H100 takes.
  const auto one = on(profile, "h100-sxm5-80gb", 1, 16);
  CHECK(one.input.loader_bound);
  CHECK(one.input.loader_images_per_s == Approx(15 * 150.0));
  CHECK(one.input.images_per_s / one.input.gpu_images_per_s < 0.3);
  // 8 H100 with 96 vCPUs: 88 workers, 1,650 images/s per GPU, fewer per GPU than the 1-GPU machine.
  const auto eight = on(profile, "h100-sxm5-80gb", 8, 96);
  CHECK(eight.input.loader_images_per_s == Approx(88 * 150.0));
  CHECK(eight.input.images_per_s / 8 < one.input.images_per_s);
  // A machine of 8 GPUs and 8 vCPUs still decodes on half of them (the training processes share).
  CHECK(on(profile, "h100-sxm5-80gb", 8, 8).input.workers_per_node == 4);
  // Not stated: assumed_vcpus_per_gpu per GPU, marked assumed.
  const auto unknown = on(profile, "h100-sxm5-80gb", 1, 0);
  CHECK(unknown.input.vcpus_assumed);
  CHECK(unknown.input.vcpus_per_node == estimate::assumed_vcpus_per_gpu);
  // LLM training is not loader-bound: token data is cheap to load.
  workload::Request llm;
  llm.kind = workload::Kind::llm_finetune;
  llm.model = "llama-3.1-8b";
  const auto tokens = on(workload::resolve(llm, builtin_catalog()), "h100-sxm5-80gb", 1, 2);
  CHECK_FALSE(tokens.input.modelled);
}

TEST_CASE("input pipeline: estimate and recommend report the binding limit (issue 26 expert review)",
          "[estimate][input][cli]") {
  // The reviewers' case: ResNet-50 on one H100 with the default CPU loader was ~9,000 images/s
  // (1.15e8 images in 3.8 h); with 16 vCPUs it is loader-bound at ~2,250 images/s.
  const std::string h100_16 = "nebius/gpu-h100-sxm_1gpu-16vcpu-200gb";
  const auto document = json_of({"estimate", "-w", "cv-train", "-m", "resnet-50", "--offering", h100_16});
  const auto& input = document["throughput"]["input_pipeline"];
  CHECK(input["bound"] == "input-pipeline");
  CHECK(input["vcpus_per_node"] == 16);
  CHECK(input["images_per_s"].get<double>() == Approx(2250));
  CHECK(document["time"]["wall_hours"].get<double>() == Approx(1281167.0 * 90 / 2250 / 3600).epsilon(0.01));
  const auto text = run_gpuselect({"estimate", "-w", "cv-train", "-m", "resnet-50", "--offering", h100_16});
  CHECK_THAT(text.out, Catch::Contains("input pipeline bound: 15 vCPUs"));
  CHECK_THAT(text.out, Catch::Contains("decode ~2250 img/s"));
  const auto dali =
      json_of({"estimate", "-w", "cv-train", "-m", "resnet-50", "--offering", h100_16, "--data-loader", "gpu"});
  CHECK(dali["throughput"]["input_pipeline"]["bound"] == "gpu");

  // recommend: the loader-bound rows carry W-INPUT-BOUND naming DALI; with DALI none does.
  const auto ranked = json_of({"recommend", "-w", "cv-train", "-m", "resnet-50", "--pricing", "on-demand",
                               "--gpu-count", "1", "--provider", "nebius", "--gpu", "H100"});
  REQUIRE(!ranked["candidates"].empty());
  const auto& first = ranked["candidates"][0];
  CHECK(first["offering_id"] == h100_16);
  std::string message;
  for (const auto& warning : first["warnings"]) {
    if (warning["code"] == "W-INPUT-BOUND") message = ranked["warning_messages"][warning["message"].get<std::size_t>()];
  }
  CHECK_THAT(message, Catch::Contains("15 vCPUs decode ~2250 img/s"));
  CHECK_THAT(message, Catch::Contains("--data-loader gpu"));
  // ... and its reasons say so.
  std::string reason;
  for (const auto& item : first["explanation_items"]) {
    if (item["kind"] == "input_bound") reason = item["text"];
  }
  CHECK(reason == "input pipeline bound: 15 vCPUs decode ~2250 img/s of the ~8845 the GPUs could take");
  const auto table = run_gpuselect({"recommend", "-w", "cv-train", "-m", "resnet-50", "--pricing", "on-demand",
                                    "--gpu-count", "1", "--provider", "nebius", "--gpu", "H100"});
  // The text wraps its reasons: compare with runs of white space as one space.
  std::string words;
  for (const char c : table.out) {
    const bool space = c == ' ' || c == '\n';
    if (!space || (!words.empty() && words.back() != ' ')) words += space ? ' ' : c;
  }
  CHECK_THAT(words, Catch::Contains("input pipeline bound: 15 vCPUs decode ~2250 img/s"));
  const auto fed = json_of({"recommend", "-w", "cv-train", "-m", "resnet-50", "--pricing", "on-demand", "--gpu-count",
                            "1", "--data-loader", "gpu"});
  for (const auto& candidate : fed["candidates"]) {
    for (const auto& warning : candidate["warnings"]) CHECK(warning["code"] != "W-INPUT-BOUND");
    for (const auto& item : candidate["explanation_items"]) CHECK(item["kind"] != "input_bound");
  }
}
