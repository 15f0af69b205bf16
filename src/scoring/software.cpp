// The job's software stack on a GPU (docs/scoring.md "Software stack"): which features of the
// stack table (gpuselect/software.hpp) the job relies on, and the worst level among them.
#include <array>
#include <string>

#include <fmt/format.h>

#include "gpuselect/scoring.hpp"

namespace gpuselect::scoring {

namespace {

using catalog::StackFeature;
using catalog::StackLevel;

// Worse first: unsupported > weak > unknown > mature (an unknown architecture is not judged).
int severity(StackLevel level) {
  switch (level) {
    case StackLevel::mature:
      return 0;
    case StackLevel::unknown:
      return 1;
    case StackLevel::weak:
      return 2;
    case StackLevel::unsupported:
      return 3;
  }
  return 1;
}

StackLevel level_of(const catalog::Gpu& gpu, StackFeature feature) {
  const auto* row = catalog::stack_support(gpu, feature);
  return row != nullptr ? row->level : StackLevel::unknown;
}

void worst_of(SoftwareSupport& support, StackLevel level, StackFeature feature) {
  if (severity(level) > severity(support.level)) {
    support.level = level;
    support.feature = feature;
  }
}

// A serving job needs one engine: the best of the three on this GPU.
void serving_engine(SoftwareSupport& support, const catalog::Gpu& gpu) {
  constexpr std::array<StackFeature, 3> engines{StackFeature::vllm, StackFeature::tensorrt_llm, StackFeature::sglang};
  StackFeature best = engines[0];
  StackLevel best_level = level_of(gpu, best);
  for (const StackFeature engine : engines) {
    const StackLevel level = level_of(gpu, engine);
    if (severity(level) < severity(best_level)) {
      best = engine;
      best_level = level;
    }
  }
  worst_of(support, best_level, best);
}

}  // namespace

SoftwareSupport software_support(const workload::Profile& profile, const catalog::Gpu& gpu) {
  SoftwareSupport support;
  const workload::KindTraits& kind = workload::kind_traits(profile.kind);
  const bool llm_training = kind.physics == workload::Physics::transformer_training;
  if (profile.precision == workload::Precision::bf16) {
    const StackLevel bf16 = level_of(gpu, StackFeature::bf16);
    // A model that overflows fp16 cannot take the stack's fp16 fallback (docs/scoring.md "Software stack").
    if (profile.diffusion.needs_bf16 && (bf16 == StackLevel::weak || bf16 == StackLevel::unsupported)) {
      support.model_needs_bf16 = true;
      worst_of(support, StackLevel::unsupported, StackFeature::bf16);
    } else {
      worst_of(support, bf16, StackFeature::bf16);
    }
  }
  if (kind.starts_from_pretrained && profile.method == workload::Method::qlora) {
    worst_of(support, level_of(gpu, StackFeature::qlora_4bit), StackFeature::qlora_4bit);
  }
  if (kind.training() && profile.precision == workload::Precision::fp8) {
    worst_of(support, level_of(gpu, StackFeature::fp8_training), StackFeature::fp8_training);
  }
  if (profile.precision == workload::Precision::fp4) worst_of(support, level_of(gpu, StackFeature::fp4), StackFeature::fp4);
  if (llm_training && profile.attention == workload::Attention::flash) {
    worst_of(support, level_of(gpu, StackFeature::flash_attention_2), StackFeature::flash_attention_2);
  }
  if (kind.physics == workload::Physics::vision_training && profile.data_loader == workload::DataLoader::gpu) {
    worst_of(support, level_of(gpu, StackFeature::gpu_data_loading), StackFeature::gpu_data_loading);
  }
  if (kind.physics == workload::Physics::token_serving) serving_engine(support, gpu);
  return support;
}

std::string software_words(const SoftwareSupport& support, const catalog::Gpu& gpu) {
  if (!support.feature) return {};
  const auto* row = catalog::stack_support(gpu, *support.feature);
  const std::string where = fmt::format("{} {}", gpu.vendor == "amd" ? "AMD" : gpu.vendor == "nvidia" ? "NVIDIA" : gpu.vendor,
                                        gpu.architecture);
  if (row == nullptr) {
    return fmt::format("{} on {} is not in the software-stack table (unknown)",
                       catalog::feature_words(*support.feature), where);
  }
  if (support.model_needs_bf16) {
    return fmt::format(
        "{} is unsupported for this model on {}: it is released in bf16 and its activations overflow fp16 (NaN, "
        "black images: huggingface/diffusers issue 9096; fp16 runs need the activation clipping of diffusers PR "
        "9097, and loss scaling to train), and {} ({})",
        catalog::feature_words(*support.feature), where, row->note, row->source);
  }
  return fmt::format("{} is {} on {}: {} ({})", catalog::feature_words(*support.feature),
                     catalog::to_string(row->level), where, row->note, row->source);
}

}  // namespace gpuselect::scoring
