// workload::resolve: flags -> Profile with every default applied and recorded.
// Every default and its source: docs/estimation.md "Defaults".
#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/ranges.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"
#include "gpuselect/workload.hpp"
#include "gpuselect/workload_flags.hpp"

namespace gpuselect::workload {

// Hugging Face Trainer/PEFT has no pipeline engine, and its tensor-parallel plans (tp_plan) cover a
// few model classes and no PEFT adapters; DeepSpeed's pipeline engine and PyTorch's pipelining need
// the model rebuilt as stages, which a PEFT-wrapped transformers model (LoRA, QLoRA) is not; and
// bitsandbytes 4-bit weights (QLoRA) cannot be split by tensor parallelism. Megatron-Core/NeMo runs
// LoRA with TP and PP. Such a job runs data parallel with ZeRO or FSDP sharding (PEFT's DeepSpeed
// ZeRO-3 and FSDP+QLoRA guides). Expert review zh, scenarios 2 and 3: "ZeRO-1, PP 2" was planned
// for LoRA and QLoRA under hf.
// Expert parallelism needs the framework's own MoE layer: Megatron-Core's token dispatcher,
// DeepSpeed-MoE's `deepspeed.moe.layer.MoE` (ep_size), torchtitan's MoE model under FSDP; a
// transformers model (Mixtral, DeepSeek) wrapped by PEFT has none of them, and Trainer has no
// expert-parallel engine. Expert review 39, S34 and S36: Mixtral and DeepSeek-V3 LoRA were planned
// "ZeRO-1, EP 8" and "ZeRO-3, EP 16" under hf (the runnable ZeRO-3 plan was 2x slower for DeepSeek).
LayoutSupport layout_support(Framework framework, Method method) {
  if (framework == Framework::megatron) return {};
  const bool adapters = method == Method::lora || method == Method::qlora;
  if (framework == Framework::hf)
    return {.tensor_parallel = false, .pipeline_parallel = false, .expert_parallel = false};
  return {.tensor_parallel = method != Method::qlora, .pipeline_parallel = !adapters, .expert_parallel = !adapters};
}

namespace {

constexpr double max_params = 1e14;  // 100 trillion: above any model trained to date (2025: ~2T)
// P ≈ 12·L·h² with h ≈ 128·L (GPT-3 family, Brown et al. 2020 Table 2.1: 175B has L 96, h 12288).
constexpr double params_per_layer_cubed = 12.0 * 128.0 * 128.0;
constexpr int head_dim_default = 128;  // GPT-3 >= 6.7B, Llama 2/3
constexpr int vocab_default = 32000;   // Llama 2 / Mistral tokenizer
constexpr int ffn_per_hidden = 4;      // GPT-style MLP, Vaswani et al. 2017
// ResNet-50 (torchvision weights): 25,557,032 parameters, 4.09 G multiply-adds per 224x224 image.
constexpr double resnet50_params = 25'557'032;
constexpr double resnet50_forward_flops = 2.0 * 4.09e9;
// Vision models given only by --params: forward FLOPs per image = 320 x params (ResNet-50's ratio).
constexpr double vision_flops_per_param = resnet50_forward_flops / resnet50_params;

// Routed experts assumed for a custom MoE given only --active-params: Mixtral's 2 of 8 (Jiang et al. 2024).
constexpr int experts_default = 8;
constexpr int experts_per_token_default = 2;

// LoRA target matrices of a decoder layer (Hugging Face Llama module names).
constexpr std::array<std::string_view, 7> lora_target_names{"q_proj",    "k_proj",  "v_proj",   "o_proj",
                                                            "gate_proj", "up_proj", "down_proj"};

std::string count_words(double value) { return units::format_count(value); }

bool is_vision(Kind kind) { return kind_traits(kind).vision() && !kind_traits(kind).diffusion(); }
bool is_vision(catalog::ModelFamily family) {
  return family == catalog::ModelFamily::cnn || family == catalog::ModelFamily::vit;
}
bool is_diffusion(catalog::ModelFamily family) {
  return family == catalog::ModelFamily::unet || family == catalog::ModelFamily::dit;
}
// The models a kind takes, in words for the error: language, vision (cnn, vit) or diffusion (unet, dit).
text::Msg model_class_words(Kind kind) {
  if (kind_traits(kind).diffusion()) return text::Msg::what_diffusion_model;
  return is_vision(kind) ? text::Msg::what_vision_model : text::Msg::what_language_model;
}
bool fits_kind(Kind kind, catalog::ModelFamily family) {
  if (kind_traits(kind).diffusion() || is_diffusion(family)) return kind_traits(kind).diffusion() && is_diffusion(family);
  return is_vision(kind) == is_vision(family);
}

// A count with units ("2T", "4M") of a text flag, checked against its range.
double parse_count_flag(const std::string& text, std::string_view flag, ranges::Quantity quantity, text::Msg what,
                        text::Msg example) {
  const auto value = units::parse_count(text);
  if (!value) {
    throw Error::said(std::string(flag), text::words(text::Msg::err_not_count, text::quoted(text), what),
                      text::words(example));
  }
  return ranges::check(quantity, *value, flag, text);
}

int round_hidden(double hidden) {
  if (hidden < head_dim_default) return std::max(64, static_cast<int>(std::lround(hidden / 64.0)) * 64);
  return static_cast<int>(std::lround(hidden / head_dim_default)) * head_dim_default;
}

// Layers and hidden size for P parameters (docs/estimation.md "Derived shapes"):
// L = cbrt(P / (12·128²)), h = sqrt((P - vocab·h) / (12·L)) rounded to a multiple of 128.
void derive_shape(Shape& shape, bool layers_given, bool hidden_given) {
  const double params = shape.params;
  const int vocab = shape.vocab > 0 ? shape.vocab : vocab_default;
  if (!layers_given && !hidden_given) {
    shape.layers = std::max(1, static_cast<int>(std::lround(std::cbrt(params / params_per_layer_cubed))));
  } else if (!layers_given) {
    const double h = shape.hidden;
    shape.layers = std::max(1, static_cast<int>(std::lround((params - vocab * h) / (12.0 * h * h))));
  }
  if (!hidden_given) {
    const double first = std::sqrt(params / (12.0 * shape.layers));
    const double body = std::max(params - vocab * first, 0.5 * params);
    shape.hidden = round_hidden(std::sqrt(body / (12.0 * shape.layers)));
  }
  if (shape.heads <= 0) shape.heads = std::max(1, shape.hidden / head_dim_default);
  if (shape.kv_heads <= 0) shape.kv_heads = shape.heads;
  if (shape.ffn <= 0) shape.ffn = ffn_per_hidden * shape.hidden;
  if (shape.vocab <= 0) shape.vocab = vocab;
  shape.derived = true;
}

// Parameters of a shape given only by flags: L·(2h² + 2·h·kv·d + 2·h·ffn) + vocab·h, which is
// 12·L·h² + vocab·h for the defaults (kv_heads = heads, ffn = 4h). Two MLP matrices (GPT); gated
// MLPs (SwiGLU, Llama) have three: give --params or --model for those.
double params_of_shape(const Shape& shape) {
  const double h = shape.hidden;
  const double head_dim = h / shape.heads;
  const double per_layer = 2.0 * h * h + 2.0 * h * shape.kv_heads * head_dim + 2.0 * h * shape.ffn;
  return shape.layers * per_layer + static_cast<double>(shape.vocab) * h;
}

text::Words shape_sentence(const Shape& shape) {
  return text::words(text::Msg::dflt_shape_words, shape.layers, shape.hidden, shape.heads, shape.kv_heads, shape.ffn,
                     shape.vocab);
}

// A sentence whose parameters are words themselves (a shape): said whole in each language.
text::Words nested(text::Msg id, const std::string& first, const text::Words& inner, const std::string& last = {}) {
  return text::Words::in_each([&](text::Lang lang) { return text::say(lang, id, first, inner.say(lang), last); });
}

struct ModelChoice {
  Shape shape;
  std::string id = "custom";
  std::string name;
  catalog::ModelFamily family = catalog::ModelFamily::decoder;
  int max_context = 0;
  catalog::WeightsPrecision weights_precision = catalog::WeightsPrecision::bf16;
  catalog::DiffusionLayout diffusion;  // diffusion presets only
};

// An image workload's unknown --model: matched against the diffusion presets only, a family name
// ("flux", "sd3.5") offering every preset whose id it starts, and never offering --params, which the
// image kinds refuse (expert review of issue 32: 'flux' was told to give --params, 'sd3.5' offered
// 'sd3', SD3 Medium's alias).
void check_image_model_known(const catalog::Catalog& catalog, const std::string& wanted, Kind kind) {
  if (!kind_traits(kind).diffusion() || catalog.find_model(wanted) != nullptr) return;
  std::vector<std::string> presets;
  std::vector<std::string> started;
  std::string lowered = wanted;
  std::ranges::transform(lowered, lowered.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const catalog::ModelPreset& preset : catalog.models) {
    if (!fits_kind(kind, preset.family)) continue;
    presets.push_back(preset.id);
    if (!lowered.empty() && preset.id.starts_with(lowered)) started.push_back(preset.id);
  }
  const text::Words listing = text::words(text::Msg::err_see, "'gpuselect catalog models'");
  const text::Words hint =
      started.empty() ? did_you_mean_words(wanted, presets, listing)
                      : text::Words::in_each([&](text::Lang lang) {
                          return text::say(lang, text::Msg::hint_did_you_mean_one_of, fmt::format("{}", fmt::join(started, ", ")),
                                           listing.say(lang));
                        });
  throw Error::said("--model", text::words(text::Msg::err_unknown, text::Msg::kind_model, text::quoted(wanted)), hint);
}

ModelChoice from_preset(const Request& request, const catalog::Catalog& catalog, Kind kind,
                        Profile& defaults) {
  const std::string& wanted = *request.model;
  check_image_model_known(catalog, wanted, kind);
  const catalog::ModelPreset* preset = &catalog::model_named(catalog, wanted, "--model");
  if (request.params_text) {
    throw Error::said("--params", text::words(text::Msg::err_model_and_params, text::quoted(wanted)), text::words(text::Msg::hint_give_one_of_them));
  }
  // Shape flags first, then expert flags: the first given names the error.
  for (const ModelPart part : {ModelPart::shape, ModelPart::experts}) {
    for (const Flag& flag : flags()) {
      if (flag.model_part != part || !flag.member.given(request)) continue;
      const bool shape = part == ModelPart::shape;
      throw Error::said(std::string(flag.name),
                        text::words(shape ? text::Msg::err_shape_flags_preset : text::Msg::err_expert_flags_preset,
                                    text::quoted(preset->id)),
                        text::words(shape ? text::Msg::hint_shape_flags_preset : text::Msg::hint_expert_flags_preset));
    }
  }
  if (!fits_kind(kind, preset->family)) {
    throw Error::said("--model",
                      text::words(text::Msg::err_model_family, text::quoted(preset->id),
                                  catalog::to_string(preset->family), to_string(kind), model_class_words(kind)),
                      text::words(kind_traits(kind).diffusion() ? text::Msg::hint_pick_diffusion_preset
                                                                : text::Msg::hint_pick_family_model));
  }
  ModelChoice choice;
  choice.id = preset->id;
  choice.name = preset->name;
  choice.family = preset->family;
  choice.max_context = preset->max_context;
  choice.weights_precision = preset->weights_precision;
  choice.diffusion = preset->diffusion;
  Shape& shape = choice.shape;
  // The preset's architecture as stated; what it leaves at 0 is filled below.
  static_cast<catalog::ModelShape&>(shape) = preset->shape;
  if (shape.active_params <= 0) shape.active_params = shape.params;
  if (preset->attention != catalog::AttentionKind::mla) {
    shape.kv_lora_rank = 0;
    shape.qk_rope_head_dim = 0;
  }
  if (shape.active_params < shape.params && (shape.experts < 2 || shape.experts_per_token <= 0)) {
    // A preset with active parameters but no expert counts: Mixtral's top-2 of 8 is assumed.
    shape.experts = experts_default;
    shape.experts_per_token = experts_per_token_default;
    defaults.state(text::words(text::Msg::dflt_experts_preset, preset->id));
  }
  if (shape.kv_heads <= 0) shape.kv_heads = shape.heads;
  if (shape.ffn <= 0) shape.ffn = ffn_per_hidden * shape.hidden;
  if (shape.vocab <= 0) shape.vocab = vocab_default;
  // Catalog forward_gflops count one multiply-add as one FLOP (torchvision, docs/catalog.md);
  // hardware FLOPs are twice that.
  shape.forward_flops_per_sample = 2.0 * preset->forward_gflops * 1e9;
  if (is_diffusion(preset->family)) return choice;  // the layout is the preset's (docs/catalog.md)
  if (is_vision(preset->family)) {
    if (shape.forward_flops_per_sample <= 0) {
      shape.forward_flops_per_sample = vision_flops_per_param * shape.params;
      defaults.state(text::words(text::Msg::dflt_vision_flops_preset, count_words(shape.forward_flops_per_sample)));
    }
  } else if (shape.layers <= 0 || shape.hidden <= 0) {
    derive_shape(shape, shape.layers > 0, shape.hidden > 0);
    defaults.state(
        nested(text::Msg::dflt_shape_of_preset, preset->id, shape_sentence(shape), count_words(shape.params)));
  }
  return choice;
}

// --active-params, --experts, --experts-per-token of a custom model (docs/estimation.md "Mixture of
// experts"). Only the routed share k/E matters to the estimator, so one flag may be given alone.
void custom_moe(const Request& request, Shape& shape, Profile& defaults) {
  if (!request.active_params_text && !request.experts && !request.experts_per_token) return;
  if (!request.active_params_text) {
    throw Error::said(request.experts ? "--experts" : "--experts-per-token", text::words(text::Msg::err_moe_needs_active), text::words(text::Msg::hint_moe_needs_active));
  }
  const double active = parse_count_flag(*request.active_params_text, "--active-params", ranges::Quantity::params,
                                         text::Msg::what_param_count, text::Msg::hint_active_params_example);
  if (active > shape.params) {
    throw Error::said("--active-params", text::words(text::Msg::err_active_exceed, count_words(active), count_words(shape.params)), text::words(text::Msg::hint_at_most_params));
  }
  shape.active_params = active;
  if (active == shape.params) {
    if (request.experts || request.experts_per_token) {
      throw Error::said("--active-params", text::words(text::Msg::err_active_equals), text::words(text::Msg::hint_active_equals));
    }
    return;
  }
  shape.experts = request.experts.value_or(experts_default);
  shape.experts_per_token = request.experts_per_token.value_or(std::min(experts_per_token_default, shape.experts));
  if (shape.experts < 2 || shape.experts_per_token >= shape.experts) {
    throw Error::said(request.experts_per_token ? "--experts-per-token" : "--experts",
                      text::words(text::Msg::err_not_moe, shape.experts_per_token, shape.experts), text::words(text::Msg::hint_not_moe));
  }
  if (!request.experts || !request.experts_per_token) {
    const std::string_view assumed_en =
        request.experts ? std::string_view() : text::message(text::Msg::dflt_experts_assumed, text::Lang::en);
    const std::string_view assumed_zh =
        request.experts ? std::string_view() : text::message(text::Msg::dflt_experts_assumed, text::Lang::zh_cn);
    defaults.state(text::Words::in_each([&](text::Lang lang) {
      return text::say(lang, text::Msg::dflt_experts, shape.experts_per_token, shape.experts,
                       lang == text::Lang::en ? assumed_en : assumed_zh);
    }));
  }
}

ModelChoice from_flags(const Request& request, Kind kind, Profile& defaults) {
  ModelChoice choice;
  choice.family = is_vision(kind) ? catalog::ModelFamily::cnn : catalog::ModelFamily::decoder;
  Shape& shape = choice.shape;
  shape.layers = request.layers.value_or(0);
  shape.hidden = request.hidden.value_or(0);
  shape.heads = request.heads.value_or(0);
  shape.kv_heads = request.kv_heads.value_or(0);
  shape.ffn = request.ffn.value_or(0);
  shape.vocab = request.vocab.value_or(0);
  const bool any_shape = request.layers || request.hidden;
  if (request.params_text) {
    shape.params = parse_count_flag(*request.params_text, "--params", ranges::Quantity::params,
                                    text::Msg::what_param_count, text::Msg::hint_params_example);
  } else if (any_shape) {
    if (!request.layers || !request.hidden) {
      throw Error::said(request.layers ? "--hidden" : "--layers", text::words(text::Msg::err_shape_needs_both), text::words(text::Msg::hint_shape_needs_both));
    }
    if (shape.heads <= 0) shape.heads = std::max(1, shape.hidden / head_dim_default);
    if (shape.kv_heads <= 0) shape.kv_heads = shape.heads;
    if (shape.ffn <= 0) shape.ffn = ffn_per_hidden * shape.hidden;
    if (shape.vocab <= 0) shape.vocab = vocab_default;
    shape.params = params_of_shape(shape);
    if (shape.params > max_params) {
      throw Error::said("--layers", text::words(text::Msg::err_shape_absurd, count_words(shape.params)), text::words(text::Msg::hint_check_layers_hidden));
    }
    defaults.state(nested(text::Msg::dflt_params_from_shape, count_words(shape.params), shape_sentence(shape)));
  } else {
    shape.params = kind_traits(kind).default_params;
    if (is_vision(kind)) {
      choice.id = "resnet-50";
      choice.name = "ResNet-50";
      shape.forward_flops_per_sample = resnet50_forward_flops;
      defaults.state(text::words(text::Msg::dflt_model_resnet));
    } else {
      defaults.state(text::words(kind == Kind::notebook ? text::Msg::dflt_model_notebook : text::Msg::dflt_model_common,
                                 count_words(shape.params), to_string(kind)));
    }
  }
  shape.active_params = shape.params;
  custom_moe(request, shape, defaults);
  if (choice.name.empty()) choice.name = "custom " + count_words(shape.params);
  if (is_vision(kind)) {
    if (shape.forward_flops_per_sample <= 0) {
      shape.forward_flops_per_sample = vision_flops_per_param * shape.params;
      defaults.state(text::words(text::Msg::dflt_vision_flops, count_words(shape.forward_flops_per_sample)));
    }
    return choice;
  }
  if (shape.layers <= 0 || shape.hidden <= 0) {
    derive_shape(shape, shape.layers > 0, shape.hidden > 0);
    defaults.state(nested(text::Msg::dflt_shape_derived, count_words(shape.params), shape_sentence(shape)));
  } else {
    if (shape.heads <= 0) shape.heads = std::max(1, shape.hidden / head_dim_default);
    if (shape.kv_heads <= 0) shape.kv_heads = shape.heads;
    if (shape.ffn <= 0) shape.ffn = ffn_per_hidden * shape.hidden;
    if (shape.vocab <= 0) shape.vocab = vocab_default;
  }
  return choice;
}

void check_shape(const Shape& shape) {
  if (shape.hidden > 0 && shape.heads > 0 && shape.hidden % shape.heads != 0) {
    throw Error::said("--heads", text::words(text::Msg::err_heads_divide, shape.heads, shape.hidden), text::words(text::Msg::hint_heads_divide));
  }
  if (shape.kv_heads > shape.heads || (shape.kv_heads > 0 && shape.heads % shape.kv_heads != 0)) {
    throw Error::said("--kv-heads", text::words(text::Msg::err_kv_heads_divide, shape.kv_heads, shape.heads), text::words(text::Msg::hint_kv_heads_divide));
  }
}

// One row settled: the value given, else the row's default, and its provenance sentence when the
// default (or its partner's, told_with) was used for a workload the flag applies to.
void settle(const Flag& flag, const Request& request, Profile& profile) {
  const bool given = flag.member.given(request);
  if (given && flag.member.store != nullptr) flag.member.store(request, profile);
  if (!given && flag.fill != nullptr) flag.fill(profile);
  if (flag.because == nullptr || (flag.kinds & kind_bit(profile.kind)) == 0) return;
  const bool defaulted = !given || (!flag.told_with.empty() && !flag_named(flag.told_with).member.given(request));
  if (!defaulted) return;
  text::Words sentence = flag.because(profile);
  if (!sentence.empty()) profile.state(std::move(sentence));
}

// A layout flag above 1 that the job's framework does not run for its method (layout_support):
// refused, as the plan search would never pick it (expert review 40, R4 and R5: --framework deepspeed
// --pipeline-parallel 4 for a QLoRA and --framework hf --expert-parallel 8 for a LoRA were planned
// and priced silently).
void check_layout_flags(const Profile& profile) {
  if (profile.kind != Kind::llm_pretrain && profile.kind != Kind::llm_finetune) return;
  const LayoutSupport support = layout_support(profile.framework, profile.method);
  const auto& fixed = profile.fixed;
  const auto refuse = [&](const std::optional<int>& value, bool runs, std::string_view flag) {
    if (!value || *value <= 1 || runs) return;
    throw Error::said(
        std::string(flag),
        text::words(text::Msg::err_layout_framework, to_string(profile.framework), flag, to_string(profile.method)),
        text::words(text::Msg::hint_layout_framework, flag, to_string(profile.framework)));
  };
  refuse(fixed.tensor_parallel, support.tensor_parallel, "--tensor-parallel");
  refuse(fixed.pipeline_parallel, support.pipeline_parallel, "--pipeline-parallel");
  refuse(fixed.expert_parallel, support.expert_parallel, "--expert-parallel");
}

// The checks and values that involve several fields, after every row is settled.
void check_method(const Request& request, const Profile& profile) {
  const Kind kind = profile.kind;
  if (request.method == Method::dreambooth && kind_traits(kind).physics != Physics::diffusion_training) {
    throw Error::said("--method", text::words(text::Msg::err_dreambooth_image_only, to_string(kind)),
                      text::words(text::Msg::hint_dreambooth_image_only));
  }
  if (profile.method != Method::full && !kind_traits(kind).starts_from_pretrained) {
    throw Error::said("--method", text::words(text::Msg::err_method_finetune_only, to_string(profile.method), to_string(kind)), text::words(text::Msg::hint_method_finetune_only));
  }
  if (profile.method == Method::full && (request.lora_rank || request.lora_targets)) {
    throw Error::said(request.lora_rank ? "--lora-rank" : "--lora-targets", text::words(text::Msg::err_applies_only_with, "--method lora", "qlora"), text::words(text::Msg::hint_add, "--method lora"));
  }
  if (request.quant_bits && profile.method != Method::qlora) {
    throw Error::said("--quant-bits", text::words(text::Msg::err_applies_only_with_one, "--method qlora"), text::words(text::Msg::hint_add, "--method qlora"));
  }
  // QLoRA dequantises its 4-bit base to bf16 or fp16 for every matmul (bitsandbytes'
  // bnb_4bit_compute_dtype); no stack runs its matmuls in fp8 or fp4 (expert review 41, S51:
  // --method qlora --precision fp8 was priced 22% faster than bf16 QLoRA).
  if (profile.method == Method::qlora && request.precision &&
      (profile.precision == Precision::fp8 || profile.precision == Precision::fp4)) {
    throw Error::said("--precision", text::words(text::Msg::err_qlora_precision, to_string(profile.precision)),
                      text::words(text::Msg::hint_qlora_precision));
  }
  if (request.lora_targets) {
    const std::vector<std::string> known(lora_target_names.begin(), lora_target_names.end());
    for (const auto& target : *request.lora_targets) {
      if (std::find(known.begin(), known.end(), target) == known.end()) {
        throw unknown_id("--lora-targets", text::Msg::kind_target_matrix, target, known, one_of_words(known));
      }
    }
  }
  // fp4: NVFP4 training of LLMs (Blackwell FP4 tensor cores; docs/estimation.md "Framework").
  const bool fp4_training = profile.precision == Precision::fp4 && kind != Kind::cv_train && profile.method == Method::full;
  if (kind_traits(kind).training() && (profile.precision == Precision::int8 || profile.precision == Precision::int4 ||
                                       (profile.precision == Precision::fp4 && !fp4_training))) {
    throw Error::said("--precision", text::words(text::Msg::err_serving_precision, to_string(profile.precision)), text::words(text::Msg::hint_serving_precision));
  }
}

// Every plan flag given is a constraint on the planner's search (issue 12.2).
void fix_training_plan(const Request& request, Profile& profile) {
  if (profile.offload != Offload::none && profile.zero == Zero::stage0) {
    throw Error::said("--offload", text::words(text::Msg::err_offload_needs_zero), text::words(text::Msg::hint_offload_needs_zero));
  }
  if ((profile.offload == Offload::all || profile.offload == Offload::nvme) &&
      (profile.zero == Zero::stage1 || profile.zero == Zero::stage2)) {
    throw Error::said("--offload", text::words(text::Msg::err_offload_needs_zero3), text::words(text::Msg::hint_offload_needs_zero3));
  }
  PlanConstraints& fixed = profile.fixed;
  if (request.zero && *request.zero != Zero::automatic) {
    fixed.zero_stage = static_cast<int>(*request.zero) - static_cast<int>(Zero::stage0);
  }
  fixed.offload = request.offload;
  if (profile.offload == Offload::all || profile.offload == Offload::nvme) fixed.zero_stage = 3;
  fixed.tensor_parallel = request.tensor_parallel;
  fixed.pipeline_parallel = request.pipeline_parallel;
  fixed.context_parallel = request.context_parallel;
  fixed.expert_parallel = request.expert_parallel;
  if (request.expert_parallel && *request.expert_parallel > 1) {
    const Shape& shape = profile.shape;
    if (shape.experts < 2) {
      throw Error::said("--expert-parallel", text::words(text::Msg::err_ep_dense), text::words(text::Msg::hint_ep_dense));
    }
    if (shape.experts % *request.expert_parallel != 0) {
      throw Error::said("--expert-parallel", text::words(text::Msg::err_ep_divide, *request.expert_parallel, shape.experts), text::words(text::Msg::hint_ep_divide));
    }
  }
  fixed.recompute = request.recompute;
  fixed.micro_batch = request.micro_batch;
}

}  // namespace

namespace {

// "does not apply to cv-train; it is for LLM workloads": English says the row's own words
// (Flag::applies_to), Chinese lists the workloads the row's kinds name, each id as written.
text::Words not_for_kind_words(const Flag& flag, Kind kind) {
  std::string kinds;
  for (const std::string& name : kind_names()) {
    const auto each = parse_kind(name);
    if (!each || (flag.kinds & kind_bit(*each)) == 0) continue;
    if (!kinds.empty()) kinds += text::message(text::Msg::list_comma, text::Lang::zh_cn);
    kinds += name;
  }
  const std::string kind_name(to_string(kind));
  return text::Words::in_each([&](text::Lang lang) {
    return lang == text::Lang::en ? text::say(lang, text::Msg::err_not_for_kind, kind_name, flag.applies_to)
                                  : text::say(lang, text::Msg::err_not_for_kind, kind_name, kinds);
  });
}

// A p90 length must lie between the mean and 10x the mean: below the mean the mix is not long-tailed
// the way the two-class model reads it, and above 10x the longest 10% alone would exceed the mean.
void check_one_mix(const std::string& flag, const std::string& mean_flag, int mean, int p90) {
  if (p90 == 0) return;
  if (p90 < mean) {
    throw Error::said(flag, text::words(text::Msg::err_p90_below_mean, p90, mean, mean_flag), text::words(text::Msg::hint_p90_below_mean, mean_flag));
  }
  if (static_cast<double>(p90) * long_request_share > mean) {
    throw Error::said(flag, text::words(text::Msg::err_p90_above_mean, p90, mean, mean_flag), text::words(text::Msg::hint_p90_above_mean, mean_flag, flag));
  }
}

void check_request_mix(const Profile& profile) {
  check_one_mix("--input-tokens-p90", "--input-tokens", profile.input_tokens, profile.input_tokens_p90);
  check_one_mix("--output-tokens-p90", "--output-tokens", profile.output_tokens, profile.output_tokens_p90);
}

// The short class's length that keeps the mean: (mean - share_long x p90) / (1 - share_long).
double short_length(int mean, int p90) {
  if (p90 <= 0) return mean;
  return std::max(1.0, (mean - long_request_share * p90) / (1.0 - long_request_share));
}

// image-finetune: --batch is the micro-batch (images per GPU per step, kohya-ss and diffusers
// train_batch_size), under either name; both given must agree.
Request with_image_batch(const Request& given, Kind kind) {
  if (kind_traits(kind).physics != Physics::diffusion_training || !given.batch) return given;
  if (given.micro_batch && *given.micro_batch != *given.batch) {
    throw Error::said("--batch", text::words(text::Msg::err_batch_micro_batch, *given.batch, *given.micro_batch),
                      text::words(text::Msg::hint_batch_micro_batch));
  }
  Request request = given;
  request.micro_batch = given.batch;
  return request;
}

// --train-steps says how much to train; --images, --epochs and --tokens say it too.
void check_train_steps(const Request& request) {
  if (!request.train_steps) return;
  for (const std::string_view other : {"--images", "--epochs", "--tokens"}) {
    if (flag_named(other).member.given(request)) {
      throw Error::said("--train-steps", text::words(text::Msg::err_train_steps_with, other),
                        text::words(text::Msg::hint_train_steps_with));
    }
  }
}

}  // namespace

bool has_request_mix(const Profile& profile) {
  return profile.kind == Kind::llm_inference && (profile.input_tokens_p90 > 0 || profile.output_tokens_p90 > 0);
}

std::vector<RequestClass> request_classes(const Profile& profile) {
  if (!has_request_mix(profile)) {
    return {{"all", 1.0, static_cast<double>(profile.input_tokens), static_cast<double>(profile.output_tokens)}};
  }
  const auto long_length = [](int mean, int p90) { return static_cast<double>(p90 > 0 ? p90 : mean); };
  return {{"short", 1.0 - long_request_share, short_length(profile.input_tokens, profile.input_tokens_p90),
           short_length(profile.output_tokens, profile.output_tokens_p90)},
          {"long", long_request_share, long_length(profile.input_tokens, profile.input_tokens_p90),
           long_length(profile.output_tokens, profile.output_tokens_p90)}};
}

Profile resolve(const Request& given, const catalog::Catalog& catalog) {
  Profile profile;
  // --workload first: which rows apply, and every default, depend on it.
  const std::vector<Flag>& rows = flags();
  settle(rows.front(), given, profile);
  const Kind kind = profile.kind;
  const Request request = with_image_batch(given, kind);

  // Each flag given: for this workload, in its range, and its own check (the CLI parsed the same range).
  for (const Flag& flag : rows) {
    if (!flag.member.given(request)) continue;
    if ((flag.kinds & kind_bit(kind)) == 0) {
      throw Error::said(std::string(flag.name), not_for_kind_words(flag, kind), text::words(text::Msg::hint_drop_or_other_workload));
    }
    if (flag.member.number == nullptr) continue;
    const double value = *flag.member.number(request);
    if (flag.range) ranges::check(*flag.range, value, flag.name, fmt::format("{}", value));
    if (flag.check != nullptr) flag.check(flag, value);
  }
  check_train_steps(request);

  // The model: --model, or --params and the shape flags, or the workload's default.
  // Diffusion kinds need a preset's pipeline (text encoders, VAE, latent layout), which --params cannot give.
  const KindTraits& traits = kind_traits(kind);
  if (traits.diffusion() && !request.model) {
    for (const Flag& flag : flags()) {
      if ((flag.model_part != ModelPart::none || flag.name == "--params") && flag.member.given(request)) {
        throw Error::said(std::string(flag.name), text::words(text::Msg::err_needs_diffusion_preset, to_string(kind)), text::words(text::Msg::hint_needs_diffusion_preset));
      }
    }
  }
  ModelChoice choice;
  if (traits.diffusion() && !request.model) {
    Request with_model = request;
    with_model.model = std::string(traits.default_model);
    choice = from_preset(with_model, catalog, kind, profile);
    profile.state(text::words(text::Msg::dflt_model_image, choice.id, to_string(kind)));
  } else {
    choice = request.model ? from_preset(request, catalog, kind, profile) : from_flags(request, kind, profile);
  }
  check_shape(choice.shape);
  profile.model_id = choice.id;
  profile.model_name = choice.name;
  profile.family = choice.family;
  profile.shape = choice.shape;
  profile.model_max_context = choice.max_context;
  profile.model_weights_precision = choice.weights_precision;
  profile.diffusion = choice.diffusion;

  // Every other row, in table order: its value given, else its default and why.
  for (const Flag& flag : std::span(rows).subspan(1)) settle(flag, request, profile);
  profile.hours_given = request.hours.has_value();

  check_method(request, profile);
  // Tensor parallelism splits the attention heads across its GPUs: a degree above the head count has
  // no split (expert review 35: --tensor-parallel 1024 on DeepSeek-V3 blamed --precision, exit 3).
  // A shape derived from --params has no real head count to hold the user to (its 33 heads are the
  // derivation's, not the model's).
  if (request.model && profile.tensor_parallel && profile.shape.heads > 0 &&
      *profile.tensor_parallel > profile.shape.heads) {
    throw Error::said("--tensor-parallel",
                      text::words(text::Msg::err_tensor_parallel_beyond_heads, *profile.tensor_parallel,
                                  profile.model_id, profile.shape.heads),
                      text::words(text::Msg::hint_tensor_parallel_at_most, profile.shape.heads));
  }
  // A named model's heads split evenly or not at all (vLLM and Megatron refuse 28 heads over 8 GPUs).
  if (request.model && profile.tensor_parallel && profile.shape.heads > 0 &&
      profile.shape.heads % *profile.tensor_parallel != 0) {
    int even = 1;
    while (even * 2 <= *profile.tensor_parallel && profile.shape.heads % (even * 2) == 0) even *= 2;
    throw Error::said("--tensor-parallel",
                      text::words(text::Msg::err_tensor_parallel_uneven, profile.model_id, profile.shape.heads,
                                  *profile.tensor_parallel),
                      text::words(text::Msg::hint_tensor_parallel_even, even));
  }
  if (kind_traits(kind).training()) {
    if (request.tokens_text) {
      profile.tokens = parse_count_flag(*request.tokens_text, "--tokens", ranges::Quantity::tokens, text::Msg::what_positive_count,
                                        text::Msg::hint_tokens_example);
    }
    fix_training_plan(request, profile);
    check_layout_flags(profile);
  }
  if (request.global_batch_text) {
    profile.global_batch_tokens =
        parse_count_flag(*request.global_batch_text, "--global-batch", ranges::Quantity::global_batch_tokens,
                         text::Msg::what_token_count, text::Msg::hint_global_batch_example);
    // An optimizer step holds whole sequences: fewer tokens than one would be planned as a whole
    // sequence per rank anyway, silently (expert review 34: --global-batch 1 ran 16,384 tokens a step).
    if (profile.seq_len > 0 && profile.global_batch_tokens < profile.seq_len) {
      throw Error::said("--global-batch",
                        text::words(text::Msg::err_global_batch_below_sequence,
                                    fmt::format("{:g}", profile.global_batch_tokens), profile.seq_len),
                        text::words(text::Msg::hint_global_batch_at_least, profile.seq_len,
                                    static_cast<long long>(profile.seq_len) * 64));
    }
  }
  profile.batch_given = request.batch.has_value();
  check_request_mix(profile);
  // A context past the model's trained window (config max_position_embeddings) is not served: an
  // engine refuses it (vLLM: max_model_len above the derived maximum is an error). Expert review 7:
  // --context 10000000 on Llama 3.1 8B ranked L4s.
  if (request.context && profile.model_max_context > 0 && *request.context > profile.model_max_context) {
    throw Error::said("--context", text::words(text::Msg::err_context_beyond_model, *request.context, profile.model_id,
                                               profile.model_max_context),
                      text::words(text::Msg::hint_context_beyond_model, profile.model_max_context));
  }
  if (profile.input_tokens + profile.output_tokens > profile.context) {
    const bool at_model_limit = profile.model_max_context > 0 && profile.context >= profile.model_max_context;
    throw Error::said("--context", text::words(text::Msg::err_request_exceeds_context, profile.input_tokens, profile.output_tokens, profile.context),
                      at_model_limit ? text::words(text::Msg::hint_request_exceeds_model, profile.model_max_context)
                                     : text::words(text::Msg::hint_request_exceeds_context));
  }
  const int longest_input = std::max(profile.input_tokens, profile.input_tokens_p90);
  const int longest_output = std::max(profile.output_tokens, profile.output_tokens_p90);
  if (has_request_mix(profile) && longest_input + longest_output > profile.context) {
    throw Error::said("--context", text::words(text::Msg::err_p90_exceeds_context, longest_input, longest_output, profile.context), text::words(text::Msg::hint_p90_exceeds_context));
  }
  return profile;
}

}  // namespace gpuselect::workload
