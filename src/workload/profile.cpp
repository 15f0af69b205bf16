// workload::resolve: flags -> Profile with every default applied and recorded.
// Every default and its source: docs/estimation.md "Defaults".
#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gpuselect/error.hpp"
#include "gpuselect/ranges.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"
#include "gpuselect/workload.hpp"
#include "gpuselect/workload_flags.hpp"

namespace gpuselect::workload {

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

// Per-workload defaults (docs/estimation.md "Defaults" gives the source of each).
struct KindDefaults {
  Kind kind;
  double params;    // when neither --model nor --params is given
  int seq_len;      // training sequence length (0 = not a token model)
  int micro_batch;  // sequences (or images) per GPU per step
  Optimizer optimizer;
  int batch;              // serving: concurrent sequences / images
  double requests_per_s;  // serving
  double hours;           // serving and notebooks: hours of use priced
};
constexpr std::array<KindDefaults, 6> kind_defaults{{
    {Kind::llm_pretrain, 7e9, 4096, 1, Optimizer::adamw, 1, 0, 0},
    {Kind::llm_finetune, 7e9, 2048, 1, Optimizer::adamw, 1, 0, 0},
    {Kind::llm_inference, 7e9, 0, 1, Optimizer::adamw, 8, 1, 730},
    {Kind::cv_train, resnet50_params, 0, 32, Optimizer::sgd, 1, 0, 0},
    {Kind::cv_inference, resnet50_params, 0, 1, Optimizer::adamw, 8, 1, 730},
    {Kind::notebook, 1e9, 0, 1, Optimizer::adamw, 1, 0, 40},
}};

const KindDefaults& defaults_of(Kind kind) { return kind_defaults[static_cast<std::size_t>(kind)]; }

// Routed experts assumed for a custom MoE given only --active-params: Mixtral's 2 of 8 (Jiang et al. 2024).
constexpr int experts_default = 8;
constexpr int experts_per_token_default = 2;

// LoRA target matrices of a decoder layer (Hugging Face Llama module names).
constexpr std::array<std::string_view, 7> lora_target_names{"q_proj",    "k_proj",  "v_proj",   "o_proj",
                                                            "gate_proj", "up_proj", "down_proj"};

std::string count_words(double value) { return units::format_count(value); }

bool is_vision(Kind kind) { return kind == Kind::cv_train || kind == Kind::cv_inference; }
bool is_vision(catalog::ModelFamily family) {
  return family == catalog::ModelFamily::cnn || family == catalog::ModelFamily::vit;
}

double parse_params(const std::string& text) {
  const auto value = units::parse_count(text);
  if (!value) {
    throw Error("--params", text::quoted(text) + " is not a positive parameter count",
                "write e.g. 7e9, 7B, 350M or 70_000_000_000");
  }
  return ranges::check(ranges::Quantity::params, *value, "--params", text);
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

std::string shape_sentence(const Shape& shape) {
  return fmt::format("{} layers, hidden {}, {} heads ({} KV), FFN {}, vocab {}", shape.layers, shape.hidden,
                     shape.heads, shape.kv_heads, shape.ffn, shape.vocab);
}

struct ModelChoice {
  Shape shape;
  std::string id = "custom";
  std::string name;
  catalog::ModelFamily family = catalog::ModelFamily::decoder;
  int max_context = 0;
};

ModelChoice from_preset(const Request& request, const catalog::Catalog& catalog, Kind kind,
                        std::vector<std::string>& defaults) {
  const std::string& wanted = *request.model;
  const catalog::ModelPreset* preset = &catalog::model_named(catalog, wanted, "--model");
  if (request.params_text) {
    throw Error("--params", fmt::format("both --model {} and --params given", wanted), "give one of them");
  }
  // Shape flags first, then expert flags: the first given names the error.
  for (const ModelPart part : {ModelPart::shape, ModelPart::experts}) {
    for (const Flag& flag : flags()) {
      if (flag.model_part != part || !flag.member.given(request)) continue;
      const bool shape = part == ModelPart::shape;
      throw Error(std::string(flag.name),
                  fmt::format("{} flags cannot change preset '{}'", shape ? "shape" : "expert", preset->id),
                  shape ? "give --params with the shape flags instead of --model"
                        : "give --params with --active-params instead of --model");
    }
  }
  if (is_vision(kind) != is_vision(preset->family)) {
    throw Error("--model",
                fmt::format("'{}' is a {} model; {} needs {}", preset->id, catalog::to_string(preset->family),
                            to_string(kind), is_vision(kind) ? "a cnn or vit model" : "a language model"),
                "pick a model of that family or give --params");
  }
  ModelChoice choice;
  choice.id = preset->id;
  choice.name = preset->name;
  choice.family = preset->family;
  choice.max_context = preset->max_context;
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
    defaults.push_back(
        fmt::format("experts of {}: 2 of 8 routed experts per token assumed (the preset gives none)", preset->id));
  }
  if (shape.kv_heads <= 0) shape.kv_heads = shape.heads;
  if (shape.ffn <= 0) shape.ffn = ffn_per_hidden * shape.hidden;
  if (shape.vocab <= 0) shape.vocab = vocab_default;
  // Catalog forward_gflops count one multiply-add as one FLOP (torchvision, docs/catalog.md);
  // hardware FLOPs are twice that.
  shape.forward_flops_per_sample = 2.0 * preset->forward_gflops * 1e9;
  if (is_vision(preset->family)) {
    if (shape.forward_flops_per_sample <= 0) {
      shape.forward_flops_per_sample = vision_flops_per_param * shape.params;
      defaults.push_back(
          fmt::format("forward FLOPs per image: {} (preset has none; 320 x parameters, ResNet-50's ratio)",
                      count_words(shape.forward_flops_per_sample)));
    }
  } else if (shape.layers <= 0 || shape.hidden <= 0) {
    derive_shape(shape, shape.layers > 0, shape.hidden > 0);
    defaults.push_back(fmt::format("shape of {}: {} derived from its {} parameters (P ≈ 12·L·h², h ≈ 128·L)",
                                   preset->id, shape_sentence(shape), count_words(shape.params)));
  }
  return choice;
}

// --active-params, --experts, --experts-per-token of a custom model (docs/estimation.md "Mixture of
// experts"). Only the routed share k/E matters to the estimator, so one flag may be given alone.
void custom_moe(const Request& request, Shape& shape, std::vector<std::string>& defaults) {
  if (!request.active_params_text && !request.experts && !request.experts_per_token) return;
  if (!request.active_params_text) {
    throw Error(request.experts ? "--experts" : "--experts-per-token",
                "a custom mixture of experts needs --active-params (parameters used per token)",
                "add --active-params, e.g. --active-params 13B for Mixtral 8x7B");
  }
  const auto active = units::parse_count(*request.active_params_text);
  if (!active) {
    throw Error("--active-params", text::quoted(*request.active_params_text) + " is not a positive parameter count",
                "write e.g. 13B or 1.3e10");
  }
  ranges::check(ranges::Quantity::params, *active, "--active-params", *request.active_params_text);
  if (*active > shape.params) {
    throw Error(
        "--active-params",
        fmt::format("{} active parameters exceed the model's {}", count_words(*active), count_words(shape.params)),
        "give at most --params");
  }
  shape.active_params = *active;
  if (*active == shape.params) {
    if (request.experts || request.experts_per_token) {
      throw Error("--active-params", "equals --params, so no expert is ever skipped",
                  "give the parameters one token uses (below --params) or drop the expert flags");
    }
    return;
  }
  shape.experts = request.experts.value_or(experts_default);
  shape.experts_per_token = request.experts_per_token.value_or(std::min(experts_per_token_default, shape.experts));
  if (shape.experts < 2 || shape.experts_per_token >= shape.experts) {
    throw Error(request.experts_per_token ? "--experts-per-token" : "--experts",
                fmt::format("{} of {} routed experts per token is not a mixture of experts", shape.experts_per_token,
                            shape.experts),
                "give --experts of 2 or more and --experts-per-token below it");
  }
  if (!request.experts || !request.experts_per_token) {
    defaults.push_back(fmt::format("experts: {} of {} routed experts per token{}", shape.experts_per_token,
                                   shape.experts,
                                   request.experts ? "" : " (assumed, Mixtral's top-2 of 8; give --experts)"));
  }
}

ModelChoice from_flags(const Request& request, Kind kind, std::vector<std::string>& defaults) {
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
    shape.params = parse_params(*request.params_text);
  } else if (any_shape) {
    if (!request.layers || !request.hidden) {
      throw Error(request.layers ? "--hidden" : "--layers",
                  "a shape needs both --layers and --hidden when --params is not given", "give both, or give --params");
    }
    if (shape.heads <= 0) shape.heads = std::max(1, shape.hidden / head_dim_default);
    if (shape.kv_heads <= 0) shape.kv_heads = shape.heads;
    if (shape.ffn <= 0) shape.ffn = ffn_per_hidden * shape.hidden;
    if (shape.vocab <= 0) shape.vocab = vocab_default;
    shape.params = params_of_shape(shape);
    if (shape.params > max_params) {
      throw Error("--layers", fmt::format("the shape gives {} parameters, which is absurd", count_words(shape.params)),
                  "check --layers and --hidden");
    }
    defaults.push_back(fmt::format("parameters: {} from the shape ({}): 12·L·h² + vocab·h", count_words(shape.params),
                                   shape_sentence(shape)));
  } else {
    const KindDefaults& kd = defaults_of(kind);
    shape.params = kd.params;
    if (is_vision(kind)) {
      choice.id = "resnet-50";
      choice.name = "ResNet-50";
      shape.forward_flops_per_sample = resnet50_forward_flops;
      defaults.push_back(
          "model: ResNet-50 (default for vision; 25.6M parameters, 8.2 GFLOPs per 224x224 image, "
          "torchvision)");
    } else {
      defaults.push_back(fmt::format("model: {} parameters (default for {}: {})", count_words(shape.params),
                                     to_string(kind),
                                     kind == Kind::notebook ? "a small model to explore interactively"
                                                            : "the most common open-weights size, e.g. Llama 2 7B"));
    }
  }
  shape.active_params = shape.params;
  custom_moe(request, shape, defaults);
  if (choice.name.empty()) choice.name = "custom " + count_words(shape.params);
  if (is_vision(kind)) {
    if (shape.forward_flops_per_sample <= 0) {
      shape.forward_flops_per_sample = vision_flops_per_param * shape.params;
      defaults.push_back(fmt::format("forward FLOPs per image: {} (320 x parameters, ResNet-50's ratio)",
                                     count_words(shape.forward_flops_per_sample)));
    }
    return choice;
  }
  if (shape.layers <= 0 || shape.hidden <= 0) {
    derive_shape(shape, shape.layers > 0, shape.hidden > 0);
    defaults.push_back(
        fmt::format("shape derived from {} parameters: {} (P ≈ 12·L·h² with h ≈ 128·L as in the GPT-3 family; "
                    "heads = h/128, FFN = 4h)",
                    count_words(shape.params), shape_sentence(shape)));
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
    throw Error("--heads", fmt::format("{} heads do not divide hidden size {}", shape.heads, shape.hidden),
                "give a head count that divides --hidden");
  }
  if (shape.kv_heads > shape.heads || (shape.kv_heads > 0 && shape.heads % shape.kv_heads != 0)) {
    throw Error("--kv-heads", fmt::format("{} KV heads do not divide {} attention heads", shape.kv_heads, shape.heads),
                "give a divisor of --heads (grouped-query attention)");
  }
}

}  // namespace

Profile resolve(const Request& request, const catalog::Catalog& catalog) {
  Profile profile;
  auto& defaults = profile.defaults_applied;
  const Kind kind = request.kind.value_or(Kind::llm_finetune);
  if (!request.kind) defaults.push_back("workload: llm-finetune (default; give --workload)");
  profile.kind = kind;
  const KindDefaults& kd = defaults_of(kind);

  // Each flag given: for this workload, in its range, and its own check (the CLI parsed the same range).
  for (const Flag& flag : flags()) {
    if (!flag.member.given(request)) continue;
    if ((flag.kinds & kind_bit(kind)) == 0) {
      throw Error(std::string(flag.name),
                  fmt::format("does not apply to {}; it is for {}", to_string(kind), flag.applies_to),
                  "drop it or pick another --workload");
    }
    if (flag.member.number == nullptr) continue;
    const double value = *flag.member.number(request);
    if (flag.range) ranges::check(*flag.range, value, flag.name, fmt::format("{}", value));
    if (flag.check != nullptr) flag.check(flag, value);
  }
  if (request.headroom_pct) {
    ranges::check(ranges::Quantity::min_headroom_pct, *request.headroom_pct, "--min-headroom",
                  fmt::format("{:g}", *request.headroom_pct));
  }

  // Model.
  ModelChoice choice =
      request.model ? from_preset(request, catalog, kind, defaults) : from_flags(request, kind, defaults);
  check_shape(choice.shape);
  profile.model_id = choice.id;
  profile.model_name = choice.name;
  profile.family = choice.family;
  profile.shape = choice.shape;

  // Method, precision, optimizer.
  profile.method = request.method.value_or(profile.method);
  if (profile.method != Method::full && kind != Kind::llm_finetune) {
    throw Error("--method",
                fmt::format("{} applies to llm-finetune only, not {}", to_string(profile.method), to_string(kind)),
                "use --method full or --workload llm-finetune");
  }
  if (profile.method == Method::full && (request.lora_rank || request.lora_targets)) {
    throw Error(request.lora_rank ? "--lora-rank" : "--lora-targets", "applies only with --method lora or qlora",
                "add --method lora");
  }
  if (request.quant_bits && profile.method != Method::qlora) {
    throw Error("--quant-bits", "applies only with --method qlora", "add --method qlora");
  }
  profile.quant_bits = request.quant_bits.value_or(profile.quant_bits);
  if (profile.method != Method::full) {
    profile.lora_rank = request.lora_rank.value_or(profile.lora_rank);
    if (request.lora_targets) {
      std::vector<std::string> known(lora_target_names.begin(), lora_target_names.end());
      for (const auto& target : *request.lora_targets) {
        if (std::find(known.begin(), known.end(), target) == known.end()) {
          throw unknown_id("--lora-targets", "target matrix", target, known, one_of(known));
        }
      }
      profile.lora_targets = *request.lora_targets;
    } else {
      profile.lora_targets.assign(default_lora_targets.begin(), default_lora_targets.end());
    }
    if (!request.lora_rank || !request.lora_targets) {
      defaults.push_back(fmt::format("{}: rank {} on {} (Hu et al. 2021 adapt attention matrices)",
                                     to_string(profile.method), profile.lora_rank,
                                     fmt::join(profile.lora_targets, ", ")));
    }
  }
  profile.precision = request.precision.value_or(profile.precision);
  if (is_training(kind) && (profile.precision == Precision::int8 || profile.precision == Precision::int4 ||
                            profile.precision == Precision::fp4)) {
    throw Error("--precision",
                fmt::format("{} is a serving precision; training runs in bf16, fp16, fp32 or fp8",
                            to_string(profile.precision)),
                "for 4-bit base weights use --method qlora");
  }
  if (is_training(kind)) {
    profile.optimizer = request.optimizer.value_or(kd.optimizer);
    if (!request.optimizer) {
      defaults.push_back(kind == Kind::cv_train
                             ? "optimizer: SGD with momentum (Goyal et al. 2017 ImageNet recipe)"
                             : "optimizer: AdamW in mixed precision (16 bytes of states per parameter, ZeRO paper)");
    }
  }

  // Training shape of a step.
  if (is_training(kind)) {
    profile.micro_batch = request.micro_batch.value_or(kd.micro_batch);
    if (!request.micro_batch) {
      defaults.push_back(kind == Kind::cv_train
                             ? "micro-batch: 32 images per GPU (Goyal et al. 2017)"
                             : "micro-batch: searched over 1, 2, 4, 8 sequences per GPU (1 without hardware); "
                               "gradient accumulation reaches the global batch");
    }
  }
  if (kind == Kind::llm_pretrain || kind == Kind::llm_finetune) {
    int seq_len = kd.seq_len;
    if (choice.max_context > 0) seq_len = std::min(seq_len, choice.max_context);
    profile.seq_len = request.seq_len.value_or(seq_len);
    if (!request.seq_len) {
      defaults.push_back(
          fmt::format("sequence length: {} ({})", profile.seq_len,
                      kind == Kind::llm_pretrain ? "Llama 2 pretraining context" : "a common fine-tuning length"));
    }
    const Recompute default_recompute = profile.method == Method::full ? Recompute::selective : Recompute::full;
    profile.recompute = request.recompute.value_or(default_recompute);
    if (!request.recompute) {
      defaults.push_back(profile.method == Method::full
                             ? "activation recomputation: searched over none, selective, full (selective without "
                               "hardware; Korthikanti et al. 2022)"
                             : "activation recomputation: searched over none, selective, full (full without "
                               "hardware: gradient checkpointing, as in the QLoRA setup)");
    }
  } else {
    profile.seq_len = 0;
    profile.recompute = Recompute::none;
  }
  profile.attention = request.attention.value_or(profile.attention);

  // Training budget.
  if (is_training(kind)) {
    if (request.tokens_text) {
      const auto tokens = units::parse_count(*request.tokens_text);
      if (!tokens) {
        throw Error("--tokens", text::quoted(*request.tokens_text) + " is not a positive count",
                    "write e.g. 2T, 1e9 or 500M");
      }
      profile.tokens = ranges::check(ranges::Quantity::tokens, *tokens, "--tokens", *request.tokens_text);
    } else if (kind == Kind::llm_pretrain) {
      profile.tokens = 20.0 * profile.shape.params;
      defaults.push_back(fmt::format("tokens: {} (20 x parameters, compute-optimal, Hoffmann et al. 2022)",
                                     count_words(profile.tokens)));
    } else if (kind == Kind::llm_finetune) {
      profile.tokens = 1e8;
      defaults.push_back("tokens: 100M (assumed fine-tuning set: about 50k examples x 2k tokens)");
    } else {
      profile.tokens = 1'281'167.0 * 90.0;
      defaults.push_back("samples: 115M (ImageNet-1k, 1,281,167 images x 90 epochs, Goyal et al. 2017)");
    }
    profile.checkpoint_minutes = request.checkpoint_minutes.value_or(profile.checkpoint_minutes);
    if (!request.checkpoint_minutes) {
      defaults.push_back(fmt::format("checkpoint every {:g} minutes (assumption)", profile.checkpoint_minutes));
    }
    profile.zero = request.zero.value_or(profile.zero);
    profile.offload = request.offload.value_or(profile.offload);
    if (profile.offload != Offload::none && profile.zero == Zero::stage0) {
      throw Error("--offload", "CPU offload needs ZeRO stage 1, 2 or 3 (DeepSpeed ZeRO-Offload)",
                  "use --zero 2, --zero 3 or --zero auto");
    }
    if ((profile.offload == Offload::all || profile.offload == Offload::nvme) &&
        (profile.zero == Zero::stage1 || profile.zero == Zero::stage2)) {
      throw Error("--offload", "offloading parameters needs ZeRO-3", "use --zero 3 or --offload optimizer");
    }
    // Every plan flag given is a constraint on the planner's search (issue 12.2).
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
        throw Error("--expert-parallel", "the model has no routed experts to spread (a dense model)",
                    "drop --expert-parallel, or give a mixture of experts (--experts, --active-params or a MoE preset)");
      }
      if (shape.experts % *request.expert_parallel != 0) {
        throw Error(
            "--expert-parallel",
            fmt::format("{} GPUs do not divide the {} routed experts evenly", *request.expert_parallel, shape.experts),
            "give a divisor of the expert count");
      }
    }
    fixed.recompute = request.recompute;
    fixed.micro_batch = request.micro_batch;
    if (kind != Kind::cv_train) {
      if (request.global_batch_text) {
        const auto tokens = units::parse_count(*request.global_batch_text);
        if (!tokens) {
          throw Error("--global-batch", text::quoted(*request.global_batch_text) + " is not a token count",
                      "write the tokens per optimizer step, e.g. 4M");
        }
        profile.global_batch_tokens =
            ranges::check(ranges::Quantity::global_batch_tokens, *tokens, "--global-batch", *request.global_batch_text);
      } else {
        // Llama 2 pretraining: 4M tokens per step (Touvron et al. 2023); fine-tuning: 64 sequences
        // (assumption, a common SFT global batch).
        profile.global_batch_tokens = kind == Kind::llm_pretrain ? 4.0 * 1024 * 1024 : 64.0 * profile.seq_len;
        defaults.push_back(
            kind == Kind::llm_pretrain
                ? "global batch: 4M tokens per step (Llama 2 pretraining)"
                : fmt::format("global batch: 64 sequences of {} tokens per step (assumption)", profile.seq_len));
      }
    }
  }
  if (request.headroom_pct) profile.headroom_pct = *request.headroom_pct;
  profile.mfu = request.mfu;

  // Serving and notebooks.
  if (kind == Kind::llm_inference || kind == Kind::notebook) {
    int context = profile.context;
    if (choice.max_context > 0) context = std::min(context, choice.max_context);
    profile.context = request.context.value_or(context);
    if (!request.context) {
      defaults.push_back(fmt::format("context: {} tokens per sequence (Llama 2 context)", profile.context));
    }
  }
  if (is_serving(kind) || kind == Kind::notebook) {
    profile.batch = request.batch.value_or(kd.batch);
    profile.batch_given = request.batch.has_value();
    if (!request.batch && kind == Kind::llm_inference) {
      defaults.push_back(
          "batch: the largest per replica that fits free KV memory and meets the latency targets (at most 256, "
          "vLLM's max_num_seqs default)");
    } else if (!request.batch && kind != Kind::notebook) {
      defaults.push_back(
          "batch: 8 concurrent sequences per replica (moderate continuous batching: decode stays "
          "memory-bound, latency near batch 1)");
    }
    profile.hours = request.hours.value_or(kd.hours);
    if (!request.hours) {
      defaults.push_back(kind == Kind::notebook ? "hours: 40 priced (a working week)"
                                                : "hours: 730 priced (one month of serving)");
    }
  }
  if (is_serving(kind)) {
    profile.requests_per_s = request.requests_per_s.value_or(kd.requests_per_s);
    if (!request.requests_per_s) defaults.push_back("load: 1 request per second");
  }
  if (kind == Kind::llm_inference) {
    profile.input_tokens = request.input_tokens.value_or(profile.input_tokens);
    profile.output_tokens = request.output_tokens.value_or(profile.output_tokens);
    if (!request.input_tokens || !request.output_tokens) {
      defaults.push_back(fmt::format("request: {} input + {} output tokens (a chat turn; assumption)",
                                     profile.input_tokens, profile.output_tokens));
    }
    if (profile.input_tokens + profile.output_tokens > profile.context) {
      throw Error("--context",
                  fmt::format("{} input + {} output tokens exceed the context of {}", profile.input_tokens,
                              profile.output_tokens, profile.context),
                  "raise --context or shorten the request");
    }
  } else {
    profile.input_tokens = 0;
    profile.output_tokens = 0;
  }
  if (kind == Kind::llm_inference) {
    profile.ttft_target_ms = request.ttft_ms.value_or(default_ttft_target_ms);
    profile.tpot_target_ms = request.tpot_ms.value_or(default_tpot_target_ms);
    if (!request.ttft_ms || !request.tpot_ms) {
      defaults.push_back(fmt::format(
          "latency targets (p50): TTFT {:g} ms, TPOT {:g} ms{}", profile.ttft_target_ms, profile.tpot_target_ms,
          " (defaults: MLPerf Inference Llama 2 70B server limits; give --ttft-ms/--tpot-ms)"));
    }
  }
  profile.tensor_parallel = request.tensor_parallel;
  profile.egress_gb = request.egress_gb.value_or(profile.egress_gb);
  return profile;
}

}  // namespace gpuselect::workload
