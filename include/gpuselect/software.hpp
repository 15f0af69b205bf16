#pragma once
// The software-stack table (docs/scoring.md "Software stack"): per GPU vendor and architecture, how
// well each method, precision, kernel and serving engine a job may rely on runs there, with the
// source. Read by scoring (exclusion, warning, stability and usability) and by anything else that
// needs it (estimate, serving); it knows GPUs only by catalog::Gpu::vendor and ::architecture.
#include <cstdint>
#include <span>
#include <string_view>

#include "gpuselect/catalog.hpp"

namespace gpuselect::catalog {

// What a job may need from the stack. Names (to_string) are the JSON and docs spelling.
enum class StackFeature : std::uint8_t {
  bf16,               // bf16 arithmetic on tensor cores (the default precision of training and serving)
  qlora_4bit,         // QLoRA: bitsandbytes NF4 base weights with 4-bit kernels
  fp8_training,       // FP8 training (Transformer Engine or the vendor's port)
  fp4,                // FP4 (NVFP4/MXFP4) serving kernels
  flash_attention_2,  // FlashAttention 2 (the memory model assumes its O(seq) activations)
  flash_attention_3,  // FlashAttention 3 (Hopper's TMA/WGMMA kernels)
  gpu_data_loading,   // GPU decoding and augmentation (NVIDIA DALI)
  vllm,
  tensorrt_llm,
  sglang,
  fp4_training,  // FP4 training recipes (NVFP4 in Transformer Engine): newer than FP4 kernels
  mxfp4_weights,  // serving an MXFP4 release (gpt-oss) from its 4-bit weights: vLLM's MXFP4 MoE kernels
};
inline constexpr std::size_t stack_feature_count = 12;

// mature: the project ships and tests it there; weak: it runs, with fewer or slower kernels or a
// preview port (a warning and a stability/usability deduction); unsupported: it does not run
// (excluded unless --allow-immature-stack); unknown: the table has no row for this architecture.
enum class StackLevel : std::uint8_t { mature, weak, unsupported, unknown };

struct StackSupport {
  std::string_view vendor;        // catalog::Gpu::vendor ("nvidia", "amd")
  std::string_view architecture;  // catalog::Gpu::architecture ("hopper", "cdna3")
  StackFeature feature;
  StackLevel level;
  std::string_view note;    // why, in words a reason column can carry
  std::string_view source;  // the URL the level was read from
};

std::string_view to_string(StackFeature feature);  // "qlora-4bit"
std::string_view to_string(StackLevel level);      // "mature"
// Words for a feature in sentences: "QLoRA (bitsandbytes 4-bit)".
std::string_view feature_words(StackFeature feature);

// Every row of the table, vendors and architectures in catalog order.
std::span<const StackSupport> stack_table();
// The row for this GPU's vendor and architecture, or nullptr (level unknown).
const StackSupport* stack_support(const Gpu& gpu, StackFeature feature);

}  // namespace gpuselect::catalog
