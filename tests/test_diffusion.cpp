// Image generation (issue 32; docs/estimation.md "Image generation"): the diffusion presets, the
// FLOPs of a denoiser pass, serving latency and fine-tuning memory against the published figures the
// docs' calibration table lists, and the two kinds end to end.
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "builtin_catalog.hpp"
#include "cli_runner.hpp"
#include "estimate/model.hpp"
#include "gpuselect/estimate.hpp"
#include "gpuselect/workload.hpp"
#include "json_runner.hpp"

using namespace gpuselect;
using gpuselect::testing::builtin_catalog;
using gpuselect::testing::run_gpuselect;

namespace {

workload::Profile profile_of(workload::Request request) { return workload::resolve(request, builtin_catalog()); }

workload::Request serving(const std::string& model, int steps) {
  workload::Request request;
  request.kind = workload::Kind::image_inference;
  request.model = model;
  request.steps = steps;
  return request;
}

workload::Request finetune(const std::string& model, workload::Method method) {
  workload::Request request;
  request.kind = workload::Kind::image_finetune;
  request.model = model;
  request.method = method;
  return request;
}

// One image end to end at batch 1, without queueing, seconds: the estimator's latency model.
double image_seconds(const workload::Profile& profile, std::string_view gpu_id) {
  const catalog::Gpu* gpu = builtin_catalog().find_gpu(gpu_id);
  REQUIRE(gpu != nullptr);
  return estimate::model::diffusion_image_flops(profile) /
         (estimate::model::peak_tflops(*gpu, profile.precision) * 1e12 * estimate::model::diffusion_serving_mfu);
}

// The fine-tuning memory the planner picks on one `gpu_id` (gradient checkpointing searched).
estimate::Memory finetune_memory(const workload::Profile& profile, std::string_view gpu_id) {
  const catalog::Gpu* gpu = builtin_catalog().find_gpu(gpu_id);
  REQUIRE(gpu != nullptr);
  return estimate::choose_plan(profile, estimate::bare_hardware(*gpu, 1, 1));
}

constexpr double gb = 1e9;

// A recommend document's performance block of `candidate` (candidates point into performances).
const nlohmann::json& performance_of(const nlohmann::json& document, const nlohmann::json& candidate) {
  return document.at("performances").at(candidate.at("performance").get<std::size_t>());
}

}  // namespace

TEST_CASE("diffusion presets: every pipeline has its layout and resolves by its hub name", "[workload][diffusion]") {
  for (const char* id : {"sdxl", "sd3-medium", "sd3.5-medium", "sd3.5-large", "flux.1-dev", "flux.1-schnell"}) {
    INFO(id);
    const auto profile = profile_of(serving(id, 4));
    CHECK(profile.diffusion.native_resolution_px == 1024);
    CHECK(profile.diffusion.vae_downsample == 8);
    CHECK(profile.diffusion.text_encoder_params > 1e8);
    CHECK(profile.diffusion.vae_params > 8e7);
    CHECK(profile.resolution_px == 1024);
  }
  CHECK(profile_of(serving("black-forest-labs/FLUX.1-dev", 28)).model_id == "flux.1-dev");
  CHECK(profile_of(serving("stabilityai/stable-diffusion-xl-base-1.0", 30)).model_id == "sdxl");
  // Model-card steps when --steps is not given: FLUX.1-schnell is distilled to 4, SDXL 30.
  workload::Request schnell = serving("flux.1-schnell", 4);
  schnell.steps.reset();
  CHECK(profile_of(schnell).steps == 4);
  workload::Request sdxl;
  sdxl.kind = workload::Kind::image_inference;
  const auto default_model = profile_of(sdxl);
  CHECK(default_model.model_id == "sdxl");
  CHECK(default_model.steps == 30);
}

TEST_CASE("diffusion: the image kinds take a diffusion preset only", "[workload][diffusion]") {
  workload::Request custom;
  custom.kind = workload::Kind::image_finetune;
  custom.params_text = "2.6B";
  CHECK_THROWS_WITH(profile_of(custom), Catch::Contains("needs a diffusion preset"));
  CHECK_THROWS_WITH(profile_of(finetune("llama-3-8b", workload::Method::lora)), Catch::Contains("diffusion model"));
  workload::Request llm;
  llm.kind = workload::Kind::llm_finetune;
  llm.model = "flux.1-dev";
  CHECK_THROWS_WITH(profile_of(llm), Catch::Contains("a language model"));
}

TEST_CASE("diffusion FLOPs: a FLUX.1 pass from its architecture, scaled by resolution", "[estimate][diffusion]") {
  // 19 + 38 blocks, width 3072, 11.9B parameters; 1024 px = 4096 image tokens + 512 text tokens:
  // 2·P·T = 109.7 TFLOPs, attention 4·L·T²·h = 14.9 TFLOPs.
  const auto flux = profile_of(serving("flux.1-dev", 28));
  CHECK(estimate::model::diffusion_image_tokens(flux) == 4096 + 512);
  CHECK(estimate::model::denoiser_pass_flops(flux) == Approx(124.6e12).epsilon(0.01));
  // SDXL: the counted 6.0 TFLOPs per pass at 1024 px; a quarter of the pixels at 512 px.
  auto request = serving("sdxl", 30);
  const double native = estimate::model::denoiser_pass_flops(profile_of(request));
  CHECK(native == Approx(6.0e12));
  request.resolution = 512;
  CHECK(estimate::model::denoiser_pass_flops(profile_of(request)) == Approx(native / 4));
  // Guidance doubles SDXL's passes per step; FLUX.1-dev is guidance-distilled (one pass).
  CHECK(profile_of(serving("sdxl", 30)).diffusion.passes_per_step == 2);
  CHECK(flux.diffusion.passes_per_step == 1);
}

TEST_CASE("diffusion serving: published latencies within the calibrated band", "[estimate][diffusion][calibration]") {
  struct Row {
    const char* source;
    const char* model;
    const char* gpu;
    int steps;
    int images;  // images generated together (one per pass each)
    double measured_s;
  };
  const std::vector<Row> rows = {
      // varadrane1707/BenchmarkFlux README: FLUX.1-dev, 1024x1024, 28 steps, bf16, batch 1, guidance 3.5.
      {"BenchmarkFlux A100 bf16", "flux.1-dev", "a100-sxm4-80gb", 28, 1, 15.65},
      {"BenchmarkFlux H100 bf16", "flux.1-dev", "h100-sxm5-80gb", 28, 1, 7.11},
      // Hugging Face blog "Exploring simple optimizations for SDXL" (A100 40GB): fp16, 4 images, the
      // pipeline's default 50 steps: 14.8 s.
      {"HF blog SDXL A100 fp16 x4", "sdxl", "a100-sxm4-40gb", 50, 4, 14.8},
  };
  for (const auto& row : rows) {
    INFO(row.source);
    const double predicted = row.images * image_seconds(profile_of(serving(row.model, row.steps)), row.gpu);
    const double ratio = row.measured_s / predicted;
    CHECK(ratio >= estimate::model::diffusion_serving_band_low);
    CHECK(ratio <= estimate::model::diffusion_serving_band_high);
  }
  // KOALA model card (etri-vilab/koala-700m): KOALA-700M makes a 1024x1024 image in under 1.5 s on an
  // RTX 4090, more than twice as fast as SDXL (25 steps): SDXL takes more than 3 s there.
  CHECK(image_seconds(profile_of(serving("sdxl", 25)), "rtx-4090") > 3.0);
  // The distilled FLUX.1-schnell (4 steps) is over 10x faster than FLUX.1-dev at its 50.
  CHECK(image_seconds(profile_of(serving("flux.1-dev", 50)), "h100-sxm5-80gb") >
        10 * image_seconds(profile_of(serving("flux.1-schnell", 4)), "h100-sxm5-80gb"));
}

TEST_CASE("diffusion fine-tuning memory: the published SDXL and FLUX.1 LoRA figures", "[estimate][diffusion][calibration]") {
  // diffusers and kohya-ss: an SDXL LoRA at 1024 px, batch 1, fits one 24 GB card; the planner keeps
  // gradient checkpointing off there (it fits without; faster).
  const auto sdxl = profile_of(finetune("sdxl", workload::Method::lora));
  const auto on_4090 = finetune_memory(sdxl, "rtx-4090");
  CHECK(on_4090.fits);
  CHECK(on_4090.plan.recompute == workload::Recompute::none);
  // kohya-ss sd-scripts LoRA guide: "at least 12GB" for SDXL LoRA (gradient checkpointing, cached
  // latents and text embeddings, 8-bit optimizer).
  auto lean_request = finetune("sdxl", workload::Method::lora);
  lean_request.optimizer = workload::Optimizer::adam_8bit;
  lean_request.recompute = workload::Recompute::full;
  const auto lean = estimate::estimate_memory(profile_of(lean_request), finetune_memory(profile_of(lean_request), "l4").plan, 0);
  CHECK(lean.per_gpu.total_bytes < 12.5 * gb);
  CHECK(lean.per_gpu.total_bytes > 8 * gb);
  // FLUX.1-dev LoRA on a bf16 base does not fit a 24 GB card even with gradient checkpointing (the
  // diffusers and ai-toolkit recipes quantise the base for 24 GB)...
  const auto flux = profile_of(finetune("flux.1-dev", workload::Method::lora));
  CHECK_FALSE(finetune_memory(flux, "rtx-4090").fits);
  CHECK(finetune_memory(flux, "a100-sxm4-80gb").fits);
  // ...and with an NF4 base (Hugging Face blog "Fine-tuning FLUX.1-dev on consumer hardware with
  // QLoRA": about 9 GB with gradient checkpointing, 8-bit Adam and cached latents) it fits one.
  auto qlora_request = finetune("flux.1-dev", workload::Method::qlora);
  qlora_request.optimizer = workload::Optimizer::adam_8bit;
  const auto qlora = finetune_memory(profile_of(qlora_request), "rtx-4090");
  CHECK(qlora.fits);
  CHECK(qlora.per_gpu.total_bytes == Approx(9 * gb).epsilon(0.25));
  // Full fine-tuning of SDXL's UNet with AdamW: 16 B per parameter of states alone (41 GB).
  const auto full = profile_of(finetune("sdxl", workload::Method::full));
  CHECK_FALSE(finetune_memory(full, "l40s").fits);
  CHECK(finetune_memory(full, "a100-sxm4-80gb").fits);
}

TEST_CASE("image-finetune: an SDXL LoRA ranks single 24 GB cards first", "[cli][diffusion]") {
  const auto document = gpuselect::testing::run_json(
      {"recommend", "--workload", "image-finetune", "--model", "sdxl", "--method", "lora", "--top", "5"},
      {"GPUSELECT_TODAY=2026-12-01"});
  const auto& candidates = document.at("candidates");
  REQUIRE(candidates.size() >= 3);
  bool single_24gb = false;
  for (std::size_t i = 0; i < 3; ++i) {
    const auto& candidate = candidates.at(i);
    INFO(candidate.dump());
    // Right-sized: one GPU, not a node of eight.
    CHECK(candidate.at("gpus_rented").get<int>() == 1);
    const double capacity = performance_of(document, candidate).at("memory").at("gpu_capacity_bytes").get<double>();
    single_24gb = single_24gb || (capacity > 20 * gb && capacity < 27 * gb);
  }
  CHECK(single_24gb);
}

TEST_CASE("image-inference: images/s, latency and $ per 1000 images in every format", "[cli][diffusion]") {
  const std::vector<std::string> args = {"recommend", "--workload", "image-inference", "--model", "flux.1-dev",
                                         "--requests-per-s", "1", "--top", "3"};
  const std::vector<std::string> environment = {"GPUSELECT_TODAY=2026-12-01"};
  const auto document = gpuselect::testing::run_json(args, environment);
  const auto& first = document.at("candidates").at(0);
  const auto& throughput = performance_of(document, first).at("throughput");
  CHECK(throughput.at("images_per_s").get<double>() > 0);
  CHECK(throughput.at("image_latency_ms").get<double>() > 1000);  // seconds per FLUX.1-dev image
  CHECK(throughput.at("steps").get<int>() == 50);
  CHECK(first.at("cost").at("per_thousand_images").get<double>() > 0);
  for (const char* format : {"table", "markdown", "html"}) {
    auto with_format = args;
    with_format.insert(with_format.end(), {"--format", format});
    const auto result = run_gpuselect(with_format, environment);
    INFO(format << "\n" << result.out);
    REQUIRE(result.exit_code == 0);
    CHECK(result.out.find(" s") != std::string::npos);   // "0.0871 @11.9 s"
    CHECK(result.out.find(" @") != std::string::npos);
  }
  auto csv = args;
  csv.insert(csv.end(), {"--format", "csv"});
  const auto result = run_gpuselect(csv, environment);
  REQUIRE(result.exit_code == 0);
  CHECK(result.out.find("images_per_s,image_latency_ms") != std::string::npos);
}

TEST_CASE("image-inference: a latency target excludes what cannot meet it", "[cli][diffusion]") {
  // FLUX.1-schnell at 4 steps: about 1 s per image on an H100, several on an L4.
  const auto document = gpuselect::testing::run_json(
      {"recommend", "--workload", "image-inference", "--model", "flux.1-schnell", "--latency-ms", "2000", "--top", "50"},
      {"GPUSELECT_TODAY=2026-12-01"});
  for (const auto& candidate : document.at("candidates")) {
    CHECK(performance_of(document, candidate).at("throughput").at("image_latency_ms").get<double>() <= 2000);
  }
}
