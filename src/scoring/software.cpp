// The job's software stack on a GPU (docs/scoring.md "Software stack"): which features of the
// stack table (gpuselect/software.hpp) the job relies on, and the worst level among them.
#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "gpuselect/messages.hpp"
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
    support.also_plus_one = 0;
  } else if (support.feature && severity(level) == severity(support.level) && support.also_plus_one == 0) {
    constexpr unsigned six_bits = 0x3fU;  // stack_feature_count < 63 (scoring.hpp)
    support.also_plus_one = (static_cast<unsigned>(feature) + 1U) & six_bits;
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

// The stack table's notes and feature words in Chinese (issue 29: a warning or an exclusion reason
// said to a Chinese reader is Chinese). Keyed by the English text of src/catalog/software.cpp; the
// test "software stack: every note and feature has its Chinese" fails when a row lacks one.
constexpr auto chinese_words = std::to_array<std::pair<std::string_view, std::string_view>>({
    {"bf16 on the Da Vinci cube units (MindSpeed-LLM trains in BF16 on Atlas A2)",
     "达芬奇 Cube 单元支持 bf16（MindSpeed-LLM 在 Atlas A2 上以 BF16 训练）"},
    {"bitsandbytes' Ascend backend quantizes and dequantizes NF4 only (added 2025-07), not a listed platform",
     "bitsandbytes 的昇腾后端只支持 NF4 量化与反量化（2025-07 加入），不在其列出的平台之中"},
    {"no FP8 units on the Ascend 910B (INT8 is its low precision)",
     "昇腾 910B 没有 FP8 计算单元（其低精度为 INT8）"},
    {"no FP4 units on the Ascend 910B",
     "昇腾 910B 没有 FP4 计算单元"},
    {"no FP4 units on the Ascend 910B, and vLLM's gpt-oss recipe lists NVIDIA and AMD GPUs only",
     "昇腾 910B 没有 FP4 计算单元，且 vLLM 的 gpt-oss 方案只列出 NVIDIA 和 AMD GPU"},
    {"the FlashAttention library is CUDA and ROCm only: torch_npu's fused attention (npu_fusion_attention) replaces it, so a CUDA training script is ported first",
     "FlashAttention 库只支持 CUDA 和 ROCm：由 torch_npu 的融合注意力（npu_fusion_attention）替代，CUDA 训练脚本需先迁移"},
    {"DALI is NVIDIA-only",
     "DALI 仅支持 NVIDIA"},
    {"vLLM runs through the vllm-ascend plugin (Atlas A2/A3), a release line of its own behind vLLM's",
     "vLLM 通过 vllm-ascend 插件运行（Atlas A2/A3），其版本线独立且落后于 vLLM 本身"},
    {"SGLang's Ascend NPU backend: its own install path and attention backend",
     "SGLang 的昇腾 NPU 后端：有独立的安装方式和注意力后端"},
    {"no bf16 tensor cores (compute capability below 8.0): runs in fp16 instead (training: PyTorch AMP with loss scaling; serving: vLLM's --dtype float16), and a model trained in bf16 can overflow in fp16",
     "没有 bf16 张量核心（计算能力低于 8.0）：改以 fp16 运行（训练：PyTorch AMP 配合损失缩放；推理：vLLM 加 --dtype float16），以 bf16 训练的模型在 fp16 下可能溢出"},
    {"bitsandbytes NF4 runs on compute capability 6.0+",
     "bitsandbytes NF4 可在计算能力 6.0 及以上运行"},
    {"no FP8 tensor cores (Transformer Engine's FP8 needs compute capability 8.9+)",
     "没有 FP8 张量核心（Transformer Engine 的 FP8 需要计算能力 8.9 及以上）"},
    {"no FP4 tensor cores",
     "没有 FP4 张量核心"},
    {"vLLM's MXFP4 MoE kernels (Marlin, Triton) need compute capability 8.0+",
     "vLLM 的 MXFP4 MoE 内核（Marlin、Triton）需要计算能力 8.0 及以上"},
    {"vLLM runs gpt-oss on Ampere through Marlin MXFP4 MoE kernels",
     "vLLM 在 Ampere 上通过 Marlin MXFP4 MoE 内核运行 gpt-oss"},
    {"vLLM's gpt-oss support on Ada Lovelace is still being worked on",
     "vLLM 对 Ada Lovelace 的 gpt-oss 支持仍在完善中"},
    {"vLLM's gpt-oss recipe runs on H100 and H200",
     "vLLM 的 gpt-oss 方案支持 H100 和 H200"},
    {"vLLM's gpt-oss recipe runs on B200",
     "vLLM 的 gpt-oss 方案支持 B200"},
    {"vLLM's gpt-oss recipe runs on MI300X and MI325X",
     "vLLM 的 gpt-oss 方案支持 MI300X 和 MI325X"},
    {"vLLM's gpt-oss recipe runs on MI355X",
     "vLLM 的 gpt-oss 方案支持 MI355X"},
    {"FlashAttention 2 needs Ampere or newer; PyTorch's memory-efficient SDPA kernel runs instead, slower",
     "FlashAttention 2 需要 Ampere 或更新的架构；改用 PyTorch 的省显存 SDPA 内核，速度较慢"},
    {"FlashAttention 3 is for Hopper",
     "FlashAttention 3 面向 Hopper"},
    {"DALI runs on NVIDIA SM 5.0 and later",
     "DALI 可在 NVIDIA SM 5.0 及以后的 GPU 上运行"},
    {"vLLM's floor is compute capability 7.0; its FlashAttention backend needs 8.0, so Volta runs slower fallbacks",
     "vLLM 最低要求计算能力 7.0；其 FlashAttention 后端需要 8.0，因此 Volta 上使用较慢的后备实现"},
    {"TensorRT-LLM supports Ampere and newer",
     "TensorRT-LLM 支持 Ampere 及更新的架构"},
    {"not among SGLang's tested GPUs",
     "不在 SGLang 测试过的 GPU 之列"},
    {"FlashAttention 2 needs Ampere or newer (Turing: FlashAttention 1.x or PyTorch's memory-efficient SDPA)",
     "FlashAttention 2 需要 Ampere 或更新的架构（Turing：用 FlashAttention 1.x 或 PyTorch 的省显存 SDPA）"},
    {"vLLM runs on compute capability 7.5, but its FlashAttention backend needs 8.0 (slower fallbacks)",
     "vLLM 可在计算能力 7.5 上运行，但其 FlashAttention 后端需要 8.0（使用较慢的后备实现）"},
    {"bf16 tensor cores (compute capability 8.0+)",
     "具备 bf16 张量核心（计算能力 8.0 及以上）"},
    {"FlashAttention 2 supports Ampere",
     "FlashAttention 2 支持 Ampere"},
    {"vLLM supports compute capability 8.0+",
     "vLLM 支持计算能力 8.0 及以上"},
    {"TensorRT-LLM supports Ampere",
     "TensorRT-LLM 支持 Ampere"},
    {"SGLang supports NVIDIA Ampere",
     "SGLang 支持 NVIDIA Ampere"},
    {"bf16 tensor cores (compute capability 8.9)",
     "具备 bf16 张量核心（计算能力 8.9）"},
    {"Transformer Engine runs per-tensor FP8 on Ada with a caveat, without FP8 block scaling or MXFP8",
     "Transformer Engine 在 Ada 上有条件地运行逐张量 FP8，不支持 FP8 分块缩放或 MXFP8"},
    {"FlashAttention 2 supports Ada",
     "FlashAttention 2 支持 Ada"},
    {"TensorRT-LLM supports Ada",
     "TensorRT-LLM 支持 Ada"},
    {"SGLang supports NVIDIA Ada",
     "SGLang 支持 NVIDIA Ada"},
    {"bf16 tensor cores (compute capability 9.0)",
     "具备 bf16 张量核心（计算能力 9.0）"},
    {"Transformer Engine FP8, per tensor and block scaling",
     "Transformer Engine FP8，支持逐张量和分块缩放"},
    {"FlashAttention 2 supports Hopper",
     "FlashAttention 2 支持 Hopper"},
    {"FlashAttention 3 targets Hopper",
     "FlashAttention 3 以 Hopper 为目标"},
    {"TensorRT-LLM supports Hopper",
     "TensorRT-LLM 支持 Hopper"},
    {"SGLang supports NVIDIA Hopper",
     "SGLang 支持 NVIDIA Hopper"},
    {"bf16 tensor cores (compute capability 10.0+)",
     "具备 bf16 张量核心（计算能力 10.0 及以上）"},
    {"Transformer Engine FP8, block scaling and MXFP8",
     "Transformer Engine FP8，支持分块缩放和 MXFP8"},
    {"Transformer Engine NVFP4 on Blackwell (partial on compute capability 12.0)",
     "Transformer Engine 在 Blackwell 上支持 NVFP4（计算能力 12.0 上部分支持）"},
    {"fused attention through cuDNN (PyTorch SDPA) on Blackwell",
     "Blackwell 上通过 cuDNN（PyTorch SDPA）运行融合注意力"},
    {"FlashAttention 3 is for Hopper (Blackwell uses cuDNN's kernels)",
     "FlashAttention 3 面向 Hopper（Blackwell 使用 cuDNN 的内核）"},
    {"TensorRT-LLM supports Blackwell",
     "TensorRT-LLM 支持 Blackwell"},
    {"SGLang supports NVIDIA Blackwell",
     "SGLang 支持 NVIDIA Blackwell"},
    {"bf16 matrix cores since MI200",
     "自 MI200 起具备 bf16 矩阵核心"},
    {"bitsandbytes on ROCm is experimental (preview builds for gfx90a)",
     "bitsandbytes 在 ROCm 上为实验性支持（gfx90a 有预览版构建）"},
    {"no FP8 matrix cores on CDNA2",
     "CDNA2 没有 FP8 矩阵核心"},
    {"FlashAttention 2's ROCm (composable_kernel) backend: MI200",
     "FlashAttention 2 的 ROCm（composable_kernel）后端：MI200"},
    {"DALI is NVIDIA-only (no ROCm build)",
     "DALI 仅支持 NVIDIA（没有 ROCm 构建）"},
    {"vLLM on ROCm lists MI200, with fewer tuned kernels than MI300",
     "ROCm 上的 vLLM 列出了 MI200，但调优过的内核少于 MI300"},
    {"TensorRT-LLM is NVIDIA-only",
     "TensorRT-LLM 仅支持 NVIDIA"},
    {"SGLang's AMD page targets MI300X and newer",
     "SGLang 的 AMD 页面面向 MI300X 及更新型号"},
    {"bitsandbytes on ROCm is experimental: 4-bit kernels are ported, not tuned, and QLoRA recipes are tested on CUDA",
     "bitsandbytes 在 ROCm 上为实验性支持：4-bit 内核是移植而非调优的，QLoRA 方案在 CUDA 上测试"},
    {"FP8 training through AMD's ROCm port of Transformer Engine",
     "通过 AMD 的 Transformer Engine ROCm 移植版进行 FP8 训练"},
    {"FlashAttention 2's ROCm (composable_kernel) backend: MI300",
     "FlashAttention 2 的 ROCm（composable_kernel）后端：MI300"},
    {"vLLM on ROCm supports MI300 (gfx942)",
     "ROCm 上的 vLLM 支持 MI300（gfx942）"},
    {"SGLang supports MI300X and MI325X",
     "SGLang 支持 MI300X 和 MI325X"},
    {"bitsandbytes on ROCm is experimental",
     "bitsandbytes 在 ROCm 上为实验性支持"},
    {"MXFP4 kernels on ROCm are new and few",
     "ROCm 上的 MXFP4 内核较新且数量少"},
    {"FlashAttention 2's ROCm (composable_kernel) backend: MI355",
     "FlashAttention 2 的 ROCm（composable_kernel）后端：MI355"},
    {"vLLM on ROCm supports MI350 (gfx950)",
     "ROCm 上的 vLLM 支持 MI350（gfx950）"},
    {"SGLang supports MI355X",
     "SGLang 支持 MI355X"},
    {"bf16 arithmetic",
     "bf16 运算"},
    {"QLoRA (bitsandbytes 4-bit)",
     "QLoRA（bitsandbytes 4-bit）"},
    {"FP8 training (Transformer Engine)",
     "FP8 训练（Transformer Engine）"},
    {"FP4 (NVFP4/MXFP4)",
     "FP4（NVFP4/MXFP4）"},
    {"FlashAttention 2",
     "FlashAttention 2"},
    {"FlashAttention 3",
     "FlashAttention 3"},
    {"GPU data loading (DALI)",
     "GPU 数据加载（DALI）"},
    {"vLLM",
     "vLLM"},
    {"TensorRT-LLM",
     "TensorRT-LLM"},
    {"SGLang",
     "SGLang"},
    {"FP4 training (NVFP4)",
     "FP4 训练（NVFP4）"},
    {"MXFP4 weights (gpt-oss)",
     "MXFP4 权重（gpt-oss）"},
    {"NVFP4 training is new: Transformer Engine has the recipe and NVIDIA published a pretraining run, but few fine-tuning recipes are tested; FP8 (MXFP8) is the mature low-precision path",
     "NVFP4 训练尚新：Transformer Engine 已提供方案，NVIDIA 也发表了预训练实例，但经过验证的微调方案很少；FP8（MXFP8）才是成熟的低精度路径"},
    {"no FP4 training recipe in ROCm's Transformer Engine port (its MXFP4 kernels serve inference)",
     "ROCm 版 Transformer Engine 没有 FP4 训练方案（其 MXFP4 内核用于推理）"},
});

std::string_view level_words(catalog::StackLevel level, text::Lang lang) {
  switch (level) {
    case StackLevel::mature:
      return text::message(text::Msg::sw_level_mature, lang);
    case StackLevel::weak:
      return text::message(text::Msg::sw_level_weak, lang);
    case StackLevel::unsupported:
      return text::message(text::Msg::sw_level_unsupported, lang);
    case StackLevel::unknown:
      break;
  }
  return text::message(text::Msg::sw_level_unknown, lang);
}

}  // namespace

std::string_view stack_words(std::string_view english, text::Lang lang) {
  if (lang == text::Lang::en) return english;
  const auto found = std::find_if(chinese_words.begin(), chinese_words.end(),
                                  [&](const auto& pair) { return pair.first == english; });
  return found != chinese_words.end() ? found->second : english;
}

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
  if (profile.precision == workload::Precision::fp4) {
    // Training in FP4 needs a recipe (scaling, rounding, layers kept in bf16), not only FP4 kernels.
    const StackFeature fp4 = kind.training() ? StackFeature::fp4_training : StackFeature::fp4;
    worst_of(support, level_of(gpu, fp4), fp4);
  }
  // An MXFP4 release (gpt-oss) served from its 4-bit weights (workload::precision_fill) needs the
  // engine's MXFP4 MoE kernels (expert review 6: gpt-oss-20b ranked on a V100 first).
  if (kind.serving() && profile.model_weights_precision == catalog::WeightsPrecision::fp4 &&
      profile.precision == workload::Precision::int4) {
    worst_of(support, level_of(gpu, StackFeature::mxfp4_weights), StackFeature::mxfp4_weights);
  }
  if (llm_training && profile.attention == workload::Attention::flash) {
    worst_of(support, level_of(gpu, StackFeature::flash_attention_2), StackFeature::flash_attention_2);
  }
  if (kind.physics == workload::Physics::vision_training && profile.data_loader == workload::DataLoader::gpu) {
    worst_of(support, level_of(gpu, StackFeature::gpu_data_loading), StackFeature::gpu_data_loading);
  }
  if (kind.physics == workload::Physics::token_serving) serving_engine(support, gpu);
  return support;
}

namespace {
std::string software_words_made(const SoftwareSupport& support, const catalog::Gpu& gpu, text::Lang lang);
}  // namespace

std::string software_words(const SoftwareSupport& support, const catalog::Gpu& gpu, text::Lang lang) {
  if (!support.feature) return {};
  // Kept by everything the words read: the GPU's vendor and architecture (which pick the stack
  // table's rows), the features, the bf16 flag and the language. A ranking document asks it twice
  // for each row with a weak stack (its reason and its W-SOFTWARE-STACK warning), ~5,000
  // instructions each through fmt (issue 33 part N); a few dozen distinct answers.
  std::string key;
  key.reserve(gpu.vendor.size() + gpu.architecture.size() + 6);
  key += gpu.vendor;
  key += '\0';
  key += gpu.architecture;
  key += '\0';
  key += static_cast<char>(*support.feature);
  key += static_cast<char>(support.model_needs_bf16 ? 1 : 0);
  key += static_cast<char>(support.also_plus_one);
  key += static_cast<char>(lang);
  thread_local std::unordered_map<std::string, std::string> made;
  if (const auto found = made.find(key); found != made.end()) return found->second;
  constexpr std::size_t most_kept = 256;  // GPU architectures x features: a catalog has a few dozen
  if (made.size() >= most_kept) made.clear();
  return made.emplace(std::move(key), software_words_made(support, gpu, lang)).first->second;
}

namespace {
std::string software_words_made(const SoftwareSupport& support, const catalog::Gpu& gpu, text::Lang lang) {
  const auto* row = catalog::stack_support(gpu, *support.feature);
  // "NVIDIA Volta", "AMD CDNA3", "Huawei Da Vinci": the vendor and architecture as the vendor writes
  // them (the catalog's ids are lower case); Huawei's in Chinese as Huawei writes them there, 华为
  // 达芬奇 (expert review 41: "Huawei Da Vinci" in a zh-CN warning). NVIDIA's and AMD's names stay Latin
  // in Chinese text, as their Chinese pages write them.
  struct Written {
    std::string_view id, en, zh;
  };
  constexpr std::array<Written, 4> written = {{{"nvidia", "NVIDIA", "NVIDIA"},
                                               {"amd", "AMD", "AMD"},
                                               {"huawei", "Huawei", "华为"},
                                               {"davinci", "Da Vinci", "达芬奇"}}};
  const auto as_written = [&](std::string_view id) -> std::string_view {
    const auto* found =
        std::find_if(written.begin(), written.end(), [&](const Written& entry) { return entry.id == id; });
    if (found == written.end()) return id;
    return lang == text::Lang::zh_cn ? found->zh : found->en;
  };
  std::string architecture(as_written(gpu.architecture));
  if (architecture.starts_with("cdna") || architecture.starts_with("rdna")) {
    for (char& c : architecture) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  } else if (!architecture.empty()) {
    architecture[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(architecture[0])));
  }
  const std::string where = fmt::format("{} {}", as_written(gpu.vendor), architecture);
  const std::string_view feature = stack_words(catalog::feature_words(*support.feature), lang);
  if (row == nullptr) return text::say(lang, text::Msg::sw_not_in_table, feature, where);
  if (support.model_needs_bf16) {
    return text::say(lang, text::Msg::sw_needs_bf16, feature, where, stack_words(row->note, lang), row->source);
  }
  std::string said = text::say(lang, text::Msg::sw_level, feature, level_words(row->level, lang), where,
                               stack_words(row->note, lang), row->source);
  if (const auto also_feature = support.also()) {
    if (const auto* also = catalog::stack_support(gpu, *also_feature)) {
      said += text::say(lang, text::Msg::sw_also, stack_words(catalog::feature_words(*also_feature), lang),
                        level_words(also->level, lang), stack_words(also->note, lang), also->source);
    }
  }
  return said;
}
}  // namespace

text::Words software_said(const SoftwareSupport& support, const catalog::Gpu& gpu) {
  return text::Words::in_each([&](text::Lang lang) { return software_words(support, gpu, lang); });
}

}  // namespace gpuselect::scoring
