#pragma once
// What each kind of workload is: one row per kind (src/workload/kinds.cpp). Code outside src/workload
// asks the row (`kind_traits(profile.kind).training()`, `.physics`, `.unit`) instead of naming kinds,
// so a new kind is a row in that table plus its physics (docs/architecture.md "A new workload kind").
// Switches over `Kind`, `Activity` and `Physics` have no `default:`, so the compiler names every place
// a new enumerator must be handled.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace gpuselect::workload {

enum class Kind : std::uint8_t {
  llm_pretrain,
  llm_finetune,
  llm_inference,
  cv_train,
  cv_inference,
  notebook,
  image_finetune,
  image_inference
};

// What the job does with the machines: runs to an end (training), carries a load for hours
// (serving), or holds a session (interactive).
enum class Activity : std::uint8_t { training, serving, interactive };

// What one unit of work is: a token of text, or an image (one 224x224 sample; a generated or trained
// image at --resolution for the diffusion kinds).
enum class WorkUnit : std::uint8_t { tokens, images };

// The models of memory, time and throughput the estimator uses for the kind (docs/estimation.md).
enum class Physics : std::uint8_t {
  transformer_training,  // 6·N·D on the plan search (ZeRO, TP, PP, CP, EP), token activations
  vision_training,       // per-image FLOPs, data parallel only, the input pipeline
  token_serving,         // roofline per phase (prefill, decode), KV cache, TTFT/TPOT targets, batch
  image_serving,         // forward passes per image, a replica on one GPU
  interactive,           // the model loaded for a session: weights and a small working set
  diffusion_training,    // latent diffusion fine-tuning: denoiser passes per image at a resolution, data parallel
  diffusion_serving,     // steps x denoiser passes + text encoders + VAE decode per image, a replica on one GPU
};

// The training data a kind assumes when --tokens is not given (the --tokens row's default).
enum class DefaultData : std::uint8_t {
  compute_optimal,  // 20 tokens per parameter, Hoffmann et al. 2022
  fine_tuning_set,  // about 50k examples x 2k tokens (assumption)
  imagenet,         // ImageNet-1k x 90 epochs, Goyal et al. 2017
  image_set,        // --images x --epochs of a diffusion fine-tuning set
  none,             // not a training job
};

struct KindTraits {
  Kind kind;
  std::string_view name;  // --workload and JSON, e.g. "llm-finetune"
  Activity activity;
  WorkUnit unit;
  Physics physics;
  DefaultData data;
  std::string_view weight_profile;  // the --weights profile used when none is given (src/scoring/weights.cpp)
  double default_params;            // the model when neither --model nor --params is given
  // The preset used when no --model is given; "" = a model of default_params. A kind with a default
  // preset needs a preset of its family (diffusion: a layout --params cannot give).
  std::string_view default_model;
  // Starts from published pretrained weights, which every node loads before the run (fine-tuning:
  // the base checkpoint is staged, LoRA/QLoRA apply, the fine-tune efficiency row of the MFU table).
  bool starts_from_pretrained;
  // A typical run ends within a working session (about 4 h), so a faster, dearer machine buys
  // nothing the engineer can use (docs/scoring.md "Turnaround").
  bool session_length_runs;
  // A run can last months on the fewest nodes that fit: ranking adds the nodes that end within the
  // planning horizon when no deadline is given (docs/scoring.md "Pretraining horizon").
  bool horizon_scaled;

  [[nodiscard]] constexpr bool training() const { return activity == Activity::training; }
  [[nodiscard]] constexpr bool serving() const { return activity == Activity::serving; }
  [[nodiscard]] constexpr bool interactive() const { return activity == Activity::interactive; }
  [[nodiscard]] constexpr bool vision() const { return unit == WorkUnit::images; }
  // A latent diffusion pipeline (presets of family unet or dit).
  [[nodiscard]] constexpr bool diffusion() const {
    return physics == Physics::diffusion_training || physics == Physics::diffusion_serving;
  }
  // Serving counted in images: images/s per replica, $ per 1000 images, a replica on one GPU.
  [[nodiscard]] constexpr bool serves_images() const {
    return physics == Physics::image_serving || physics == Physics::diffusion_serving;
  }
  // Training counted in images, data parallel only (no transformer plan search).
  [[nodiscard]] constexpr bool trains_images() const {
    return physics == Physics::vision_training || physics == Physics::diffusion_training;
  }
  // The transformer memory and plan model applies (layers, KV heads, sequence length).
  [[nodiscard]] constexpr bool transformer() const {
    return physics == Physics::transformer_training || physics == Physics::token_serving ||
           physics == Physics::interactive;
  }
};

// Kind's enumerator count (src/workload/kinds.cpp checks it against the table).
inline constexpr std::size_t kind_count = 8;
namespace detail {
// Each kind's row, indexed by the enumerator's value (constant-initialised in src/workload/kinds.cpp).
extern const std::array<const KindTraits*, kind_count> kind_rows_by_kind;
}  // namespace detail
// The row of a kind. Inline: a 50k-offering ranking asks it ~2,000,000 times (issue 33).
[[nodiscard]] inline const KindTraits& kind_traits(Kind kind) {
  return *detail::kind_rows_by_kind[static_cast<std::size_t>(kind)];
}
// Every row, in the order --help and errors list them (independent of the enum's order).
[[nodiscard]] std::span<const KindTraits> kind_rows();

}  // namespace gpuselect::workload
