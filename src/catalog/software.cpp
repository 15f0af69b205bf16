// THE software-stack table (docs/scoring.md "Software stack"): one row per GPU vendor and
// architecture and per feature a job may rely on, with the source it was read from. Levels are
// read from each project's own support matrix or README (URLs in the rows); where a project lists
// an architecture as experimental, preview or without its fast kernels, the level is weak.
#include "gpuselect/software.hpp"

#include <array>

#include "gpuselect/enum_names.hpp"

namespace gpuselect::catalog {

namespace {

using F = StackFeature;
using L = StackLevel;

// Sources (read 2025-2026).
// bitsandbytes: NF4/FP4 quantization on NVIDIA compute capability 6.0+; AMD ROCm "experimental
// support" (v0.48 installation guide), built for gfx90a/gfx942/gfx950.
constexpr std::string_view bitsandbytes = "https://huggingface.co/docs/bitsandbytes/main/en/installation";
// Transformer Engine support matrix: FP8 (per tensor) needs compute capability 8.9+ (Ada with a
// footnote, Hopper, Blackwell); NVFP4 on Blackwell data center (10.0), partial on 12.0; none on Ampere.
constexpr std::string_view transformer_engine = "https://nvidia.github.io/TransformerEngine/support_matrix.html";
// AMD's port of Transformer Engine for ROCm (FP8 on MI300-class GPUs).
constexpr std::string_view transformer_engine_rocm = "https://github.com/ROCm/TransformerEngine";
// FlashAttention README: FlashAttention-2 on Ampere, Ada and Hopper (Turing: use FlashAttention 1.x);
// ROCm composable_kernel backend for MI200/MI300/MI355; FlashAttention-3 for Hopper (beta).
constexpr std::string_view flash_attention = "https://github.com/Dao-AILab/flash-attention";
// cuDNN's fused attention (PyTorch SDPA's cuDNN backend), which covers Blackwell.
constexpr std::string_view cudnn_attention =
    "https://docs.nvidia.com/deeplearning/cudnn/frontend/latest/operations/Attention.html";
// DALI support matrix: NVIDIA GPUs only (SM 5.0 and later); there is no ROCm build.
constexpr std::string_view dali = "https://docs.nvidia.com/deeplearning/dali/user-guide/docs/support_matrix.html";
// vLLM GPU installation: CUDA compute capability 7.0 or higher; ROCm on MI200 (gfx90a), MI300
// (gfx942) and MI350 (gfx950).
constexpr std::string_view vllm = "https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html";
// TensorRT-LLM support matrix: NVIDIA Ampere and newer; NVIDIA GPUs only.
constexpr std::string_view tensorrt_llm = "https://nvidia.github.io/TensorRT-LLM/reference/support-matrix.html";
// SGLang: NVIDIA GPUs and AMD Instinct MI300X/MI325X/MI355X (its AMD platform page).
constexpr std::string_view sglang = "https://docs.sglang.ai/platforms/amd_gpu.html";

// bf16 tensor cores arrived with Ampere (NVIDIA A100 Tensor Core GPU architecture whitepaper, "BF16");
// below compute capability 8.0 PyTorch AMP runs fp16 with loss scaling and vLLM refuses bf16 ("Bfloat16
// is only supported on GPUs with compute capability of at least 8.0 ... use float16 instead").
constexpr std::string_view ampere_whitepaper =
    "https://images.nvidia.com/aem-dam/en-zz/Solutions/data-center/nvidia-ampere-architecture-whitepaper.pdf";
// AMD CDNA 2 whitepaper: bf16 matrix cores on MI200 (and every later Instinct).
constexpr std::string_view cdna2_whitepaper =
    "https://www.amd.com/content/dam/amd/en/documents/instinct-business-docs/white-papers/amd-cdna2-white-paper.pdf";
// Huawei Ascend 910B (Da Vinci cores, CANN stack; PyTorch through torch_npu). No FP8 or FP4 units
// (a third-party datasheet summary; FP8 arrives with the Ascend 950).
constexpr std::string_view ascend_datasheet = "https://arthurchiao.art/blog/gpu-data-sheets/";
// MindSpeed-LLM: Huawei's Megatron-based training stack; its pretraining tables run BF16 on Atlas A2.
constexpr std::string_view mindspeed_llm = "https://github.com/Ascend/MindSpeed-LLM";
// bitsandbytes' NPU backend: NF4 quantize/dequantize only (PR #1695, 2025-07), not a listed platform.
constexpr std::string_view bitsandbytes_npu = "https://github.com/bitsandbytes-foundation/bitsandbytes/pull/1695";
// torch_npu: PyTorch on Ascend; its fused attention (npu_fusion_attention) stands for FlashAttention.
constexpr std::string_view torch_npu = "https://github.com/Ascend/pytorch";
// vllm-ascend: vLLM's hardware plugin for Atlas A2/A3 (a release line of its own).
constexpr std::string_view vllm_ascend = "https://github.com/vllm-project/vllm-ascend";
// SGLang on Ascend NPUs: its own install path and attention backend (Atlas A2 and A3).
constexpr std::string_view sglang_ascend = "https://github.com/sgl-project/sglang/blob/main/docs/platforms/ascend_npu.md";

constexpr std::string_view no_bf16_units =
    "no bf16 tensor cores (compute capability below 8.0): runs in fp16 instead (training: PyTorch AMP with loss "
    "scaling; serving: vLLM's --dtype float16), and a model trained in bf16 can overflow in fp16";

constexpr std::string_view no_fp8_units = "no FP8 tensor cores (Transformer Engine's FP8 needs compute capability 8.9+)";
constexpr std::string_view no_fp4_units = "no FP4 tensor cores";
// vLLM's gpt-oss recipe: H100, H200, B200 and MI300X/MI325X/MI355X; Ampere "by default, using the
// TRITON_ATTN attention backend and Marlin MXFP4 MoE"; Ada Lovelace and RTX 5090 still being worked on.
// vLLM's quantization hardware table: Marlin runs on Ampere, Ada and Hopper, not on Volta or Turing.
constexpr std::string_view vllm_gpt_oss = "https://github.com/vllm-project/recipes/blob/main/OpenAI/GPT-OSS.md";
constexpr std::string_view no_marlin = "vLLM's MXFP4 MoE kernels (Marlin, Triton) need compute capability 8.0+";
// NVIDIA, "Pretraining Large Language Models with NVFP4" (arXiv 2509.25149, 2025): a 12B model on 10T
// tokens in NVFP4 with Transformer Engine's recipe (random Hadamard transforms, 2D scaling, stochastic
// rounding, some layers kept in BF16): the first published run, not yet a routine fine-tuning setting.
constexpr std::string_view nvfp4_pretraining = "https://arxiv.org/abs/2509.25149";
constexpr std::string_view no_fp4_training_rocm =
    "no FP4 training recipe in ROCm's Transformer Engine port (its MXFP4 kernels serve inference)";

constexpr auto table = std::to_array<StackSupport>({
    // NVIDIA Volta (V100, compute capability 7.0)
    {"nvidia", "volta", F::bf16, L::weak, no_bf16_units, ampere_whitepaper},
    {"nvidia", "volta", F::qlora_4bit, L::mature, "bitsandbytes NF4 runs on compute capability 6.0+", bitsandbytes},
    {"nvidia", "volta", F::fp8_training, L::unsupported, no_fp8_units, transformer_engine},
    {"nvidia", "volta", F::fp4, L::unsupported, no_fp4_units, transformer_engine},
    {"nvidia", "volta", F::mxfp4_weights, L::unsupported, no_marlin, vllm_gpt_oss},
    {"nvidia", "volta", F::fp4_training, L::unsupported, no_fp4_units, transformer_engine},
    {"nvidia", "volta", F::flash_attention_2, L::weak,
     "FlashAttention 2 needs Ampere or newer; PyTorch's memory-efficient SDPA kernel runs instead, slower",
     flash_attention},
    {"nvidia", "volta", F::flash_attention_3, L::unsupported, "FlashAttention 3 is for Hopper", flash_attention},
    {"nvidia", "volta", F::gpu_data_loading, L::mature, "DALI runs on NVIDIA SM 5.0 and later", dali},
    {"nvidia", "volta", F::vllm, L::weak,
     "vLLM's floor is compute capability 7.0; its FlashAttention backend needs 8.0, so Volta runs slower fallbacks",
     vllm},
    {"nvidia", "volta", F::tensorrt_llm, L::unsupported, "TensorRT-LLM supports Ampere and newer", tensorrt_llm},
    {"nvidia", "volta", F::sglang, L::weak, "not among SGLang's tested GPUs", sglang},
    // NVIDIA Turing (T4, compute capability 7.5)
    {"nvidia", "turing", F::bf16, L::weak, no_bf16_units, ampere_whitepaper},
    {"nvidia", "turing", F::qlora_4bit, L::mature, "bitsandbytes NF4 runs on compute capability 6.0+", bitsandbytes},
    {"nvidia", "turing", F::fp8_training, L::unsupported, no_fp8_units, transformer_engine},
    {"nvidia", "turing", F::fp4, L::unsupported, no_fp4_units, transformer_engine},
    {"nvidia", "turing", F::mxfp4_weights, L::unsupported, no_marlin, vllm_gpt_oss},
    {"nvidia", "turing", F::fp4_training, L::unsupported, no_fp4_units, transformer_engine},
    {"nvidia", "turing", F::flash_attention_2, L::weak,
     "FlashAttention 2 needs Ampere or newer (Turing: FlashAttention 1.x or PyTorch's memory-efficient SDPA)",
     flash_attention},
    {"nvidia", "turing", F::flash_attention_3, L::unsupported, "FlashAttention 3 is for Hopper", flash_attention},
    {"nvidia", "turing", F::gpu_data_loading, L::mature, "DALI runs on NVIDIA SM 5.0 and later", dali},
    {"nvidia", "turing", F::vllm, L::weak,
     "vLLM runs on compute capability 7.5, but its FlashAttention backend needs 8.0 (slower fallbacks)", vllm},
    {"nvidia", "turing", F::tensorrt_llm, L::unsupported, "TensorRT-LLM supports Ampere and newer", tensorrt_llm},
    {"nvidia", "turing", F::sglang, L::weak, "not among SGLang's tested GPUs", sglang},
    // NVIDIA Ampere (A100, A10, A40, RTX 30, compute capability 8.0/8.6)
    {"nvidia", "ampere", F::bf16, L::mature, "bf16 tensor cores (compute capability 8.0+)", ampere_whitepaper},
    {"nvidia", "ampere", F::qlora_4bit, L::mature, "bitsandbytes NF4 runs on compute capability 6.0+", bitsandbytes},
    {"nvidia", "ampere", F::fp8_training, L::unsupported, no_fp8_units, transformer_engine},
    {"nvidia", "ampere", F::fp4, L::unsupported, no_fp4_units, transformer_engine},
    {"nvidia", "ampere", F::mxfp4_weights, L::mature, "vLLM runs gpt-oss on Ampere through Marlin MXFP4 MoE kernels", vllm_gpt_oss},
    {"nvidia", "ampere", F::fp4_training, L::unsupported, no_fp4_units, transformer_engine},
    {"nvidia", "ampere", F::flash_attention_2, L::mature, "FlashAttention 2 supports Ampere", flash_attention},
    {"nvidia", "ampere", F::flash_attention_3, L::unsupported, "FlashAttention 3 is for Hopper", flash_attention},
    {"nvidia", "ampere", F::gpu_data_loading, L::mature, "DALI runs on NVIDIA SM 5.0 and later", dali},
    {"nvidia", "ampere", F::vllm, L::mature, "vLLM supports compute capability 8.0+", vllm},
    {"nvidia", "ampere", F::tensorrt_llm, L::mature, "TensorRT-LLM supports Ampere", tensorrt_llm},
    {"nvidia", "ampere", F::sglang, L::mature, "SGLang supports NVIDIA Ampere", sglang},
    // NVIDIA Ada (L4, L40S, RTX 40, compute capability 8.9)
    {"nvidia", "ada", F::bf16, L::mature, "bf16 tensor cores (compute capability 8.9)", ampere_whitepaper},
    {"nvidia", "ada", F::qlora_4bit, L::mature, "bitsandbytes NF4 runs on compute capability 6.0+", bitsandbytes},
    {"nvidia", "ada", F::fp8_training, L::weak,
     "Transformer Engine runs per-tensor FP8 on Ada with a caveat, without FP8 block scaling or MXFP8",
     transformer_engine},
    {"nvidia", "ada", F::fp4, L::unsupported, no_fp4_units, transformer_engine},
    {"nvidia", "ada", F::mxfp4_weights, L::weak, "vLLM's gpt-oss support on Ada Lovelace is still being worked on", vllm_gpt_oss},
    {"nvidia", "ada", F::fp4_training, L::unsupported, no_fp4_units, transformer_engine},
    {"nvidia", "ada", F::flash_attention_2, L::mature, "FlashAttention 2 supports Ada", flash_attention},
    {"nvidia", "ada", F::flash_attention_3, L::unsupported, "FlashAttention 3 is for Hopper", flash_attention},
    {"nvidia", "ada", F::gpu_data_loading, L::mature, "DALI runs on NVIDIA SM 5.0 and later", dali},
    {"nvidia", "ada", F::vllm, L::mature, "vLLM supports compute capability 8.0+", vllm},
    {"nvidia", "ada", F::tensorrt_llm, L::mature, "TensorRT-LLM supports Ada", tensorrt_llm},
    {"nvidia", "ada", F::sglang, L::mature, "SGLang supports NVIDIA Ada", sglang},
    // NVIDIA Hopper (H100, H200, H20, H800, compute capability 9.0)
    {"nvidia", "hopper", F::bf16, L::mature, "bf16 tensor cores (compute capability 9.0)", ampere_whitepaper},
    {"nvidia", "hopper", F::qlora_4bit, L::mature, "bitsandbytes NF4 runs on compute capability 6.0+", bitsandbytes},
    {"nvidia", "hopper", F::fp8_training, L::mature, "Transformer Engine FP8, per tensor and block scaling",
     transformer_engine},
    {"nvidia", "hopper", F::fp4, L::unsupported, no_fp4_units, transformer_engine},
    {"nvidia", "hopper", F::mxfp4_weights, L::mature, "vLLM's gpt-oss recipe runs on H100 and H200", vllm_gpt_oss},
    {"nvidia", "hopper", F::fp4_training, L::unsupported, no_fp4_units, transformer_engine},
    {"nvidia", "hopper", F::flash_attention_2, L::mature, "FlashAttention 2 supports Hopper", flash_attention},
    {"nvidia", "hopper", F::flash_attention_3, L::mature, "FlashAttention 3 targets Hopper", flash_attention},
    {"nvidia", "hopper", F::gpu_data_loading, L::mature, "DALI runs on NVIDIA SM 5.0 and later", dali},
    {"nvidia", "hopper", F::vllm, L::mature, "vLLM supports compute capability 8.0+", vllm},
    {"nvidia", "hopper", F::tensorrt_llm, L::mature, "TensorRT-LLM supports Hopper", tensorrt_llm},
    {"nvidia", "hopper", F::sglang, L::mature, "SGLang supports NVIDIA Hopper", sglang},
    // NVIDIA Blackwell (B200, B300, GB200, RTX PRO 6000, RTX 50; compute capability 10.x/12.0)
    {"nvidia", "blackwell", F::bf16, L::mature, "bf16 tensor cores (compute capability 10.0+)", ampere_whitepaper},
    {"nvidia", "blackwell", F::qlora_4bit, L::mature, "bitsandbytes NF4 runs on compute capability 6.0+",
     bitsandbytes},
    {"nvidia", "blackwell", F::fp8_training, L::mature, "Transformer Engine FP8, block scaling and MXFP8",
     transformer_engine},
    {"nvidia", "blackwell", F::fp4, L::mature, "Transformer Engine NVFP4 on Blackwell (partial on compute capability 12.0)",
     transformer_engine},
    {"nvidia", "blackwell", F::mxfp4_weights, L::mature, "vLLM's gpt-oss recipe runs on B200", vllm_gpt_oss},
    {"nvidia", "blackwell", F::fp4_training, L::weak,
     "NVFP4 training is new: Transformer Engine has the recipe and NVIDIA published a pretraining run, but few "
     "fine-tuning recipes are tested; FP8 (MXFP8) is the mature low-precision path",
     nvfp4_pretraining},
    {"nvidia", "blackwell", F::flash_attention_2, L::mature, "fused attention through cuDNN (PyTorch SDPA) on Blackwell",
     cudnn_attention},
    {"nvidia", "blackwell", F::flash_attention_3, L::unsupported,
     "FlashAttention 3 is for Hopper (Blackwell uses cuDNN's kernels)", flash_attention},
    {"nvidia", "blackwell", F::gpu_data_loading, L::mature, "DALI runs on NVIDIA SM 5.0 and later", dali},
    {"nvidia", "blackwell", F::vllm, L::mature, "vLLM supports compute capability 8.0+", vllm},
    {"nvidia", "blackwell", F::tensorrt_llm, L::mature, "TensorRT-LLM supports Blackwell", tensorrt_llm},
    {"nvidia", "blackwell", F::sglang, L::mature, "SGLang supports NVIDIA Blackwell", sglang},
    // AMD CDNA2 (Instinct MI200, gfx90a)
    {"amd", "cdna2", F::bf16, L::mature, "bf16 matrix cores since MI200", cdna2_whitepaper},
    {"amd", "cdna2", F::qlora_4bit, L::weak, "bitsandbytes on ROCm is experimental (preview builds for gfx90a)",
     bitsandbytes},
    {"amd", "cdna2", F::fp8_training, L::unsupported, "no FP8 matrix cores on CDNA2", transformer_engine_rocm},
    {"amd", "cdna2", F::fp4, L::unsupported, no_fp4_units, transformer_engine_rocm},
    {"amd", "cdna2", F::fp4_training, L::unsupported, no_fp4_units, transformer_engine_rocm},
    {"amd", "cdna2", F::flash_attention_2, L::mature, "FlashAttention 2's ROCm (composable_kernel) backend: MI200",
     flash_attention},
    {"amd", "cdna2", F::flash_attention_3, L::unsupported, "FlashAttention 3 is for Hopper", flash_attention},
    {"amd", "cdna2", F::gpu_data_loading, L::unsupported, "DALI is NVIDIA-only (no ROCm build)", dali},
    {"amd", "cdna2", F::vllm, L::weak, "vLLM on ROCm lists MI200, with fewer tuned kernels than MI300", vllm},
    {"amd", "cdna2", F::tensorrt_llm, L::unsupported, "TensorRT-LLM is NVIDIA-only", tensorrt_llm},
    {"amd", "cdna2", F::sglang, L::weak, "SGLang's AMD page targets MI300X and newer", sglang},
    // AMD CDNA3 (Instinct MI300X, MI325X, gfx942)
    {"amd", "cdna3", F::bf16, L::mature, "bf16 matrix cores since MI200", cdna2_whitepaper},
    {"amd", "cdna3", F::qlora_4bit, L::weak,
     "bitsandbytes on ROCm is experimental: 4-bit kernels are ported, not tuned, and QLoRA recipes are tested on CUDA",
     bitsandbytes},
    {"amd", "cdna3", F::fp8_training, L::weak, "FP8 training through AMD's ROCm port of Transformer Engine",
     transformer_engine_rocm},
    {"amd", "cdna3", F::fp4, L::unsupported, no_fp4_units, transformer_engine_rocm},
    {"amd", "cdna3", F::mxfp4_weights, L::mature, "vLLM's gpt-oss recipe runs on MI300X and MI325X", vllm_gpt_oss},
    {"amd", "cdna3", F::fp4_training, L::unsupported, no_fp4_units, transformer_engine_rocm},
    {"amd", "cdna3", F::flash_attention_2, L::mature, "FlashAttention 2's ROCm (composable_kernel) backend: MI300",
     flash_attention},
    {"amd", "cdna3", F::flash_attention_3, L::unsupported, "FlashAttention 3 is for Hopper", flash_attention},
    {"amd", "cdna3", F::gpu_data_loading, L::unsupported, "DALI is NVIDIA-only (no ROCm build)", dali},
    {"amd", "cdna3", F::vllm, L::mature, "vLLM on ROCm supports MI300 (gfx942)", vllm},
    {"amd", "cdna3", F::tensorrt_llm, L::unsupported, "TensorRT-LLM is NVIDIA-only", tensorrt_llm},
    {"amd", "cdna3", F::sglang, L::mature, "SGLang supports MI300X and MI325X", sglang},
    // AMD CDNA4 (Instinct MI355X, gfx950)
    {"amd", "cdna4", F::bf16, L::mature, "bf16 matrix cores since MI200", cdna2_whitepaper},
    {"amd", "cdna4", F::qlora_4bit, L::weak, "bitsandbytes on ROCm is experimental", bitsandbytes},
    {"amd", "cdna4", F::fp8_training, L::weak, "FP8 training through AMD's ROCm port of Transformer Engine",
     transformer_engine_rocm},
    {"amd", "cdna4", F::fp4, L::weak, "MXFP4 kernels on ROCm are new and few", transformer_engine_rocm},
    {"amd", "cdna4", F::mxfp4_weights, L::mature, "vLLM's gpt-oss recipe runs on MI355X", vllm_gpt_oss},
    {"amd", "cdna4", F::fp4_training, L::unsupported, no_fp4_training_rocm, transformer_engine_rocm},
    {"amd", "cdna4", F::flash_attention_2, L::mature, "FlashAttention 2's ROCm (composable_kernel) backend: MI355",
     flash_attention},
    {"amd", "cdna4", F::flash_attention_3, L::unsupported, "FlashAttention 3 is for Hopper", flash_attention},
    {"amd", "cdna4", F::gpu_data_loading, L::unsupported, "DALI is NVIDIA-only (no ROCm build)", dali},
    {"amd", "cdna4", F::vllm, L::mature, "vLLM on ROCm supports MI350 (gfx950)", vllm},
    {"amd", "cdna4", F::tensorrt_llm, L::unsupported, "TensorRT-LLM is NVIDIA-only", tensorrt_llm},
    {"amd", "cdna4", F::sglang, L::mature, "SGLang supports MI355X", sglang},
    // Huawei Da Vinci (Ascend 910B): CUDA code does not run; PyTorch jobs run through torch_npu, and
    // every CUDA-only library (FlashAttention, bitsandbytes, DALI, TensorRT-LLM) is ported or replaced.
    {"huawei", "davinci", F::bf16, L::mature, "bf16 on the Da Vinci cube units (MindSpeed-LLM trains in BF16 on Atlas A2)",
     mindspeed_llm},
    {"huawei", "davinci", F::qlora_4bit, L::weak,
     "bitsandbytes' Ascend backend quantizes and dequantizes NF4 only (added 2025-07), not a listed platform",
     bitsandbytes_npu},
    {"huawei", "davinci", F::fp8_training, L::unsupported, "no FP8 units on the Ascend 910B (INT8 is its low precision)",
     ascend_datasheet},
    {"huawei", "davinci", F::fp4, L::unsupported, "no FP4 units on the Ascend 910B", ascend_datasheet},
    {"huawei", "davinci", F::mxfp4_weights, L::unsupported,
     "no FP4 units on the Ascend 910B, and vLLM's gpt-oss recipe lists NVIDIA and AMD GPUs only", vllm_gpt_oss},
    {"huawei", "davinci", F::fp4_training, L::unsupported, "no FP4 units on the Ascend 910B", ascend_datasheet},
    {"huawei", "davinci", F::flash_attention_2, L::weak,
     "the FlashAttention library is CUDA and ROCm only: torch_npu's fused attention (npu_fusion_attention) replaces "
     "it, so a CUDA training script is ported first",
     torch_npu},
    {"huawei", "davinci", F::flash_attention_3, L::unsupported, "FlashAttention 3 is for Hopper", flash_attention},
    {"huawei", "davinci", F::gpu_data_loading, L::unsupported, "DALI is NVIDIA-only", dali},
    {"huawei", "davinci", F::vllm, L::weak,
     "vLLM runs through the vllm-ascend plugin (Atlas A2/A3), a release line of its own behind vLLM's", vllm_ascend},
    {"huawei", "davinci", F::tensorrt_llm, L::unsupported, "TensorRT-LLM is NVIDIA-only", tensorrt_llm},
    {"huawei", "davinci", F::sglang, L::weak, "SGLang's Ascend NPU backend: its own install path and attention backend",
     sglang_ascend},
});

constexpr std::array<std::string_view, stack_feature_count> feature_names = {
    "bf16", "qlora-4bit", "fp8-training", "fp4", "flash-attention-2", "flash-attention-3", "gpu-data-loading",
    "vllm", "tensorrt-llm", "sglang", "fp4-training", "mxfp4-weights"};
constexpr std::array<std::string_view, stack_feature_count> feature_sentences = {
    "bf16 arithmetic",
    "QLoRA (bitsandbytes 4-bit)",
    "FP8 training (Transformer Engine)",
    "FP4 (NVFP4/MXFP4)",
    "FlashAttention 2",
    "FlashAttention 3",
    "GPU data loading (DALI)",
    "vLLM",
    "TensorRT-LLM",
    "SGLang",
    "FP4 training (NVFP4)",
    "MXFP4 weights (gpt-oss)"};
constexpr std::array<std::string_view, 4> level_names = {"mature", "weak", "unsupported", "unknown"};

}  // namespace

std::string_view to_string(StackFeature feature) { return enum_names::name_in(feature, feature_names); }
std::string_view to_string(StackLevel level) { return enum_names::name_in(level, level_names); }
std::string_view feature_words(StackFeature feature) { return enum_names::name_in(feature, feature_sentences); }

std::span<const StackSupport> stack_table() { return table; }

const StackSupport* stack_support(const Gpu& gpu, StackFeature feature) {
  for (const auto& row : table) {
    if (row.feature == feature && row.vendor == gpu.vendor && row.architecture == gpu.architecture) return &row;
  }
  return nullptr;
}

}  // namespace gpuselect::catalog
