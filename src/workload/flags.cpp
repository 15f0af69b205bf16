// The workload-flag table (include/gpuselect/workload_flags.hpp): one row per flag.
#include <algorithm>
#include <stdexcept>
#include <type_traits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"
#include "gpuselect/workload_flags.hpp"

namespace gpuselect::workload {

namespace {

template <typename Member>
using value_of = typename std::remove_cvref_t<Member>::value_type;

template <auto member>
void parse_member(const Flag& flag, std::string_view text, Request& request) {
  using T = value_of<decltype(request.*member)>;
  if constexpr (std::is_same_v<T, std::string>) {
    request.*member = std::string(text);
  } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
    request.*member = text::split_flag_list(text, flag.name);
  } else if constexpr (std::is_enum_v<T>) {
    // The names are in declaration order (workload.hpp), so a name's position is its value.
    const std::vector<std::string> names = flag.choices();
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (names[i] == text) {
        request.*member = static_cast<T>(i);
        return;
      }
    }
    // "--workload: unknown workload 'x'": the flag's name is the kind.
    throw Error::said(std::string(flag.name),
                      text::words(text::Msg::err_unknown_value, flag.name.substr(2), text::quoted(text)),
                      did_you_mean_words(text, names, one_of_words(names)));
  } else {
    // Every whole-number range ends far below INT_MAX (ranges.cpp), so the conversion is exact.
    request.*member = static_cast<T>(ranges::parse(*flag.range, text, flag.name));
  }
}

// `field`: the Profile member the given value is copied into (store); nullptr where resolve reads it.
template <auto member, auto field = nullptr>
constexpr FlagMember member_of() {
  using T = value_of<decltype(Request{}.*member)>;
  FlagMember made;
  made.parse = &parse_member<member>;
  made.given = [](const Request& request) { return (request.*member).has_value(); };
  if constexpr (!std::is_null_pointer_v<decltype(field)>) {
    made.store = [](const Request& request, Profile& profile) { profile.*field = *(request.*member); };
  }
  if constexpr (std::is_same_v<T, int> || std::is_same_v<T, double>) {
    made.value = std::is_same_v<T, int> ? FlagValue::whole : FlagValue::number;
    made.number = [](const Request& request) -> std::optional<double> {
      if (!(request.*member)) return std::nullopt;
      return static_cast<double>(*(request.*member));
    };
    made.assign = [](Request& request, double value) { request.*member = static_cast<T>(value); };
  } else if constexpr (std::is_enum_v<T>) {
    made.value = FlagValue::choice;
  } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
    made.value = FlagValue::list;
  }
  return made;
}

void power_of_two(const Flag& flag, double value) {
  const auto whole = static_cast<long long>(value);
  if (whole <= 0 || (whole & (whole - 1)) != 0) {
    long long below = 1;  // the largest power of two under the value (1 below 2)
    while (below * 2 <= whole) below *= 2;
    throw Error::said(std::string(flag.name), text::words(text::Msg::err_power_of_two, fmt::format("{:g}", value)),
                      text::words(text::Msg::hint_power_of_two, below, below * 2));
  }
}

void quantisation_bits(const Flag& flag, double value) {
  if (value != 2 && value != 4 && value != 8) {
    throw Error::said(std::string(flag.name), text::words(text::Msg::err_quant_bits, fmt::format("{:g}", value)),
                      text::words(text::Msg::hint_quant_bits));
  }
}

using Q = ranges::Quantity;
// The workloads a row applies to, asked of the kind table (a new kind joins the sets its row is in).
template <typename Question>
unsigned kinds_where(Question question) {
  unsigned bits = 0;
  for (const KindTraits& row : kind_rows()) bits |= question(row) ? kind_bit(row.kind) : 0u;
  return bits;
}
const unsigned llm_training =
    kinds_where([](const KindTraits& row) { return row.physics == Physics::transformer_training; });
const unsigned training = kinds_where([](const KindTraits& row) { return row.training(); });
const unsigned serving = kinds_where([](const KindTraits& row) { return row.serving(); });
const unsigned llm_kinds = kinds_where([](const KindTraits& row) { return row.transformer(); });
const unsigned finetune = kinds_where([](const KindTraits& row) { return row.starts_from_pretrained; });
const unsigned llm_inference = kinds_where([](const KindTraits& row) { return row.physics == Physics::token_serving; });
const unsigned vision_training =
    kinds_where([](const KindTraits& row) { return row.physics == Physics::vision_training; });
const unsigned interactive = kinds_where([](const KindTraits& row) { return row.interactive(); });
const unsigned diffusion = kinds_where([](const KindTraits& row) { return row.diffusion(); });
const unsigned diffusion_training =
    kinds_where([](const KindTraits& row) { return row.physics == Physics::diffusion_training; });
const unsigned diffusion_serving =
    kinds_where([](const KindTraits& row) { return row.physics == Physics::diffusion_serving; });

// ---- The default and provenance columns (docs/estimation.md "Defaults" gives each source) ----

bool is_llm_training(Kind kind) { return kind == Kind::llm_pretrain || kind == Kind::llm_finetune; }

text::Words workload_because(const Profile& profile) {
  return text::words(text::Msg::dflt_workload, to_string(profile.kind));
}

void lora_targets_fill(Profile& profile) {
  if (profile.method != Method::full)
    profile.lora_targets.assign(default_lora_targets.begin(), default_lora_targets.end());
}
text::Words lora_because(const Profile& profile) {
  if (profile.method == Method::full) return {};
  if (kind_traits(profile.kind).diffusion()) {
    return text::words(text::Msg::dflt_lora_diffusion, to_string(profile.method), profile.lora_rank);
  }
  return text::words(text::Msg::dflt_lora, to_string(profile.method), profile.lora_rank,
                     fmt::format("{}", fmt::join(profile.lora_targets, ", ")));
}

// Serving runs the checkpoint as released: a model published in FP8 (DeepSeek-V3/R1, catalog
// weights_precision) is served in FP8 (vLLM and SGLang load its block-scaled FP8 weights as they are);
// bf16 would double its weights. A model published in MXFP4 (gpt-oss: 4-bit values with an 8-bit
// scale per 32, 4.25 bits a weight) is served from its 4-bit weights on every GPU vLLM runs it on,
// with 16-bit matmuls where the GPU has no FP4 units (vLLM's gpt-oss recipe: Hopper and Ampere
// through Marlin/Triton MXFP4 kernels): the weight-only int4 model, whose 4.25 bits a weight are
// the same (expert review 8: gpt-oss-120b served in bf16, 234 GB of weights instead of about 62).
// Assumption: the release keeps attention, router and embeddings (2.1B of gpt-oss-120b's 116.8B) in
// bf16, about 3 GB more than 4.25 bits a weight counts (5% of the weights), not modelled.
// Training and the other releases default to bf16.
bool serves_fp8_release(const Profile& profile) {
  return kind_traits(profile.kind).serving() && profile.model_weights_precision == catalog::WeightsPrecision::fp8;
}
bool serves_fp4_release(const Profile& profile) {
  return kind_traits(profile.kind).serving() && profile.model_weights_precision == catalog::WeightsPrecision::fp4;
}
void precision_fill(Profile& profile) {
  profile.precision = serves_fp8_release(profile)   ? Precision::fp8
                      : serves_fp4_release(profile) ? Precision::int4
                                                    : Precision::bf16;
}
text::Words precision_because(const Profile& profile) {
  if (serves_fp4_release(profile)) return text::words(text::Msg::dflt_precision_mxfp4, profile.model_id);
  if (!serves_fp8_release(profile)) return {};
  return text::words(text::Msg::dflt_precision_fp8, profile.model_id);
}

// ImageNet training of CNNs is SGD with momentum (Goyal et al. 2017); vision transformers train with
// Adam/AdamW (Dosovitskiy et al. 2021, arXiv 2010.11929, §4.1; DeiT, Touvron et al. 2021), as LLMs do.
bool trains_with_sgd(const Profile& profile) {
  return profile.kind == Kind::cv_train && profile.family != catalog::ModelFamily::vit;
}
void optimizer_fill(Profile& profile) { profile.optimizer = trains_with_sgd(profile) ? Optimizer::sgd : Optimizer::adamw; }
text::Words optimizer_because(const Profile& profile) {
  return text::words(trains_with_sgd(profile) ? text::Msg::dflt_optimizer_sgd : text::Msg::dflt_optimizer_adamw);
}

// 32 images per GPU: Goyal et al. 2017 (8,192 over 256 GPUs). LLMs: the planner searches 1-8.
constexpr int images_per_gpu = 32;
void micro_batch_fill(Profile& profile) { profile.micro_batch = profile.kind == Kind::cv_train ? images_per_gpu : 1; }
text::Words micro_batch_because(const Profile& profile) {
  if (kind_traits(profile.kind).diffusion()) return text::words(text::Msg::dflt_micro_batch_image);
  return profile.kind == Kind::cv_train ? text::words(text::Msg::dflt_micro_batch_cv, images_per_gpu)
                                        : text::words(text::Msg::dflt_micro_batch_llm);
}

constexpr int pretrain_seq_len = 4096;  // Llama 2 pretraining context (Touvron et al. 2023)
void seq_len_fill(Profile& profile) {
  int tokens = profile.kind == Kind::llm_pretrain   ? pretrain_seq_len
               : profile.kind == Kind::llm_finetune ? default_finetune_seq_len
                                                    : 0;
  if (profile.model_max_context > 0) tokens = std::min(tokens, profile.model_max_context);
  profile.seq_len = tokens;
}
// "(capped at the model's context of 512 tokens)" when the preset's context cut the default, else "".
text::Words capped_words(int value, const Profile& profile) {
  if (profile.model_max_context <= 0 || value != profile.model_max_context) return {};
  return text::words(text::Msg::dflt_capped, profile.model_max_context);
}
text::Words seq_len_because(const Profile& profile) {
  const bool pretrain = profile.kind == Kind::llm_pretrain;
  const int uncapped = pretrain ? pretrain_seq_len : default_finetune_seq_len;
  const text::Words capped = profile.seq_len < uncapped ? capped_words(profile.seq_len, profile) : text::Words();
  return text::Words::in_each([&](text::Lang lang) {
    return text::say(lang, pretrain ? text::Msg::dflt_seq_len_pretrain : text::Msg::dflt_seq_len_finetune,
                     profile.seq_len, capped.say(lang));
  });
}

// Without hardware: selective for full training (Korthikanti et al. 2022), full for adapters (the
// QLoRA setup's gradient checkpointing); with hardware the planner searches all three.
void recompute_fill(Profile& profile) {
  if (!is_llm_training(profile.kind)) {
    profile.recompute = Recompute::none;
  } else {
    profile.recompute = profile.method == Method::full ? Recompute::selective : Recompute::full;
  }
}
text::Words recompute_because(const Profile& profile) {
  if (kind_traits(profile.kind).diffusion()) return text::words(text::Msg::dflt_checkpointing_diffusion);
  return text::words(profile.method == Method::full ? text::Msg::dflt_recompute_full_training
                                                    : text::Msg::dflt_recompute_adapters);
}

// Pretraining runs on Megatron-Core/NeMo (the stack of the published large-scale runs); full
// fine-tuning on PyTorch FSDP (torchtitan, llm-foundry, NeMo AutoModel); LoRA/QLoRA on Hugging Face
// PEFT (the QLoRA reference setup). docs/estimation.md "Framework".
void framework_fill(Profile& profile) {
  if (profile.kind == Kind::llm_pretrain) {
    profile.framework = Framework::megatron;
  } else if (profile.kind == Kind::llm_finetune && profile.method != Method::full) {
    profile.framework = Framework::hf;
  } else {
    profile.framework = Framework::fsdp;
  }
}
text::Words framework_because(const Profile& profile) {
  // Diffusion fine-tuning runs kohya-ss or diffusers under accelerate: the framework row changes nothing.
  if (kind_traits(profile.kind).diffusion()) return {};
  switch (profile.framework) {
    case Framework::megatron:
      return text::words(text::Msg::dflt_framework_megatron);
    case Framework::hf:
      return text::words(text::Msg::dflt_framework_hf);
    default:
      return text::words(text::Msg::dflt_framework_fsdp);
  }
}

constexpr double chinchilla_tokens_per_param = 20;       // compute-optimal, Hoffmann et al. 2022
constexpr double finetune_tokens = 1e8;                  // assumption: about 50k examples x 2k tokens
constexpr double imagenet_samples = 1'281'167.0 * 90.0;  // ImageNet-1k x 90 epochs, Goyal et al. 2017
void tokens_fill(Profile& profile) {
  switch (kind_traits(profile.kind).data) {
    case DefaultData::compute_optimal:
      profile.tokens = chinchilla_tokens_per_param * profile.shape.params;
      break;
    case DefaultData::fine_tuning_set:
      profile.tokens = finetune_tokens;
      break;
    case DefaultData::imagenet:
      profile.tokens = imagenet_samples;
      break;
    case DefaultData::image_set:
      // --train-steps: optimizer steps at --batch images a step (the micro-batch row, default 1):
      // kohya-ss and diffusers max_train_steps on one GPU. More GPUs train the same images in fewer
      // steps: the work, not the step count, is what the offerings are compared on. Prior preservation
      // (DreamBooth) trains a class image beside each instance image: twice the images.
      profile.tokens = (profile.train_steps > 0 ? static_cast<double>(profile.train_steps) * std::max(1, profile.micro_batch)
                                                : static_cast<double>(profile.images) * profile.epochs) *
                       (profile.prior_preservation ? 2.0 : 1.0);
      break;
    case DefaultData::none:
      profile.tokens = 0;
      break;
  }
}
text::Words tokens_because(const Profile& profile) {
  switch (kind_traits(profile.kind).data) {
    case DefaultData::compute_optimal:
      return text::words(text::Msg::dflt_tokens_optimal, units::format_count(profile.tokens));
    case DefaultData::fine_tuning_set:
      return text::words(text::Msg::dflt_tokens_finetune, units::format_count(profile.tokens));
    case DefaultData::image_set:
      if (profile.prior_preservation && profile.train_steps > 0) {
        return text::words(text::Msg::dflt_images_trained_dreambooth_steps, units::format_count(profile.tokens),
                           profile.train_steps, std::max(1, profile.micro_batch));
      }
      if (profile.prior_preservation) {
        return text::words(text::Msg::dflt_images_trained_dreambooth, units::format_count(profile.tokens),
                           profile.images, profile.epochs);
      }
      if (profile.train_steps > 0) {
        return text::words(text::Msg::dflt_images_trained_steps, units::format_count(profile.tokens),
                           profile.train_steps, std::max(1, profile.micro_batch));
      }
      return text::words(text::Msg::dflt_images_trained, units::format_count(profile.tokens), profile.images,
                         profile.epochs);
    case DefaultData::imagenet:
    case DefaultData::none:  // not told: the --tokens row applies to training kinds only
      return text::words(text::Msg::dflt_samples_imagenet, units::format_count(profile.tokens));
  }
  return {};
}

text::Words checkpoint_because(const Profile& profile) {
  return text::words(text::Msg::dflt_checkpoint, fmt::format("{:g}", profile.checkpoint_minutes));
}

// Llama 2 pretraining: 4M tokens per step (Touvron et al. 2023); fine-tuning: 64 sequences (assumption,
// a common SFT global batch).
constexpr double pretrain_global_batch_tokens = 4.0 * 1024 * 1024;
constexpr int finetune_global_batch_sequences = 64;
void global_batch_fill(Profile& profile) {
  profile.global_batch_tokens = profile.kind == Kind::llm_pretrain ? pretrain_global_batch_tokens
                                : profile.kind == Kind::llm_finetune
                                    ? static_cast<double>(finetune_global_batch_sequences) * profile.seq_len
                                    : 0;
}
text::Words global_batch_because(const Profile& profile) {
  return profile.kind == Kind::llm_pretrain
             ? text::words(text::Msg::dflt_global_batch_pretrain,
                           fmt::format("{:g}", profile.global_batch_tokens / (1024 * 1024)))
             : text::words(text::Msg::dflt_global_batch_finetune, finetune_global_batch_sequences, profile.seq_len);
}

// The Profile initialiser (Llama 2's 4,096 tokens), for llm-inference raised to hold the longest
// request the flags describe (the mean or p90 input plus output, in 1,024-token steps, as a serving
// engine's max_model_len is set; expert review 39, M16: --input-tokens-p90 6000 was refused against
// the default 4,096), then capped at the model's own context where a context is served
// (llm-inference, notebook); training keeps the initialiser (it reads --seq-len). After the token
// rows (the row order of flag_table).
constexpr int context_step_tokens = 1024;
int longest_request_tokens(const Profile& profile) {
  return std::max(profile.input_tokens, profile.input_tokens_p90) +
         std::max(profile.output_tokens, profile.output_tokens_p90);
}
void context_fill(Profile& profile) {
  const bool served = profile.kind == Kind::llm_inference || profile.kind == Kind::notebook;
  if (profile.kind == Kind::llm_inference && longest_request_tokens(profile) > profile.context) {
    profile.context =
        (longest_request_tokens(profile) + context_step_tokens - 1) / context_step_tokens * context_step_tokens;
  }
  if (served && profile.model_max_context > 0) {
    profile.context = std::min(profile.context, profile.model_max_context);
  }
}
text::Words context_because(const Profile& profile) {
  const text::Words capped =
      profile.context < Profile{}.context ? capped_words(profile.context, profile) : text::Words();
  if (profile.context > Profile{}.context) {
    const text::Words at_model = capped_words(profile.context, profile);
    return text::Words::in_each([&](text::Lang lang) {
      return text::say(lang, text::Msg::dflt_context_request, profile.context, longest_request_tokens(profile),
                       at_model.say(lang));
    });
  }
  return text::Words::in_each(
      [&](text::Lang lang) { return text::say(lang, text::Msg::dflt_context, profile.context, capped.say(lang)); });
}

// Serving: 8 concurrent sequences (assumption: moderate continuous batching); llm-inference searches
// its batch unless --batch is given. Notebooks and training: 1.
constexpr int serving_batch = 8;
void batch_fill(Profile& profile) {
  profile.batch = kind_traits(profile.kind).serving() && !kind_traits(profile.kind).diffusion() ? serving_batch : 1;
}
text::Words batch_because(const Profile& profile) {
  if (profile.kind == Kind::llm_inference) return text::words(text::Msg::dflt_batch_searched);
  // image-finetune: --batch is the micro-batch, whose row tells its default.
  if (profile.kind == Kind::notebook || kind_traits(profile.kind).training()) return {};
  if (kind_traits(profile.kind).diffusion()) return text::words(text::Msg::dflt_batch_diffusion);
  return text::words(text::Msg::dflt_batch_serving, serving_batch);
}

constexpr double serving_hours = 730;  // one month of serving: 8,760 h / 12
constexpr double notebook_hours = 40;  // a working week
void hours_fill(Profile& profile) {
  profile.hours = kind_traits(profile.kind).serving() ? serving_hours
                  : profile.kind == Kind::notebook    ? notebook_hours
                                                      : 0;
}
text::Words hours_because(const Profile& profile) {
  return text::words(profile.kind == Kind::notebook ? text::Msg::dflt_hours_notebook : text::Msg::dflt_hours_serving,
                     fmt::format("{:g}", profile.hours));
}

void requests_fill(Profile& profile) { profile.requests_per_s = kind_traits(profile.kind).serving() ? 1 : 0; }
text::Words requests_because(const Profile& profile) {
  return text::words(text::Msg::dflt_load, fmt::format("{:g}", profile.requests_per_s));
}

// A chat turn: the Profile initialisers (512 in, 256 out; assumption) for llm-inference, none otherwise.
void input_tokens_fill(Profile& profile) {
  if (profile.kind != Kind::llm_inference) profile.input_tokens = 0;
}
void output_tokens_fill(Profile& profile) {
  if (profile.kind != Kind::llm_inference) profile.output_tokens = 0;
}
text::Words request_because(const Profile& profile) {
  return text::words(text::Msg::dflt_request, profile.input_tokens, profile.output_tokens);
}

void ttft_fill(Profile& profile) {
  profile.ttft_target_ms = profile.kind == Kind::llm_inference ? default_ttft_target_ms : 0;
}
void tpot_fill(Profile& profile) {
  profile.tpot_target_ms = profile.kind == Kind::llm_inference ? default_tpot_target_ms : 0;
}
text::Words latency_because(const Profile& profile) {
  return text::words(text::Msg::dflt_latency, fmt::format("{:g}", profile.ttft_target_ms),
                     fmt::format("{:g}", profile.tpot_target_ms));
}

// The preset's native resolution (its model card: 1024 px for SDXL, SD3, FLUX.1).
void resolution_fill(Profile& profile) {
  profile.resolution_px = kind_traits(profile.kind).diffusion() ? profile.diffusion.native_resolution_px : 0;
}
text::Words resolution_because(const Profile& profile) {
  return text::words(text::Msg::dflt_resolution, profile.resolution_px, profile.model_id);
}
// The steps the preset recommends (SDXL 30, SD3.5 Large 28, FLUX.1-dev 28, schnell 4; data/models.yaml sources).
void steps_fill(Profile& profile) {
  profile.steps = kind_traits(profile.kind).physics == Physics::diffusion_serving ? profile.diffusion.default_steps : 0;
}
text::Words steps_because(const Profile& profile) {
  return text::words(text::Msg::dflt_steps, profile.steps, profile.model_id);
}
// A LoRA set of 100 images x 20 epochs = 2,000 image passes (assumption: kohya-ss and diffusers
// LoRA guides train a few dozen to a few hundred images for 1,500-3,000 steps at batch 1); the
// --tokens row's sentence tells both.
constexpr int finetune_images = 100;
constexpr int finetune_epochs = 20;
// DreamBooth (--method dreambooth): the diffusers examples/dreambooth README's run, 5 photos of one
// subject (its dog set; Ruiz et al. 2022 use 3-5) for --max_train_steps 800 at --train_batch_size 1:
// 5 images x 160 epochs = 800 steps, each with a class image beside the instance image.
constexpr int dreambooth_images = 5;
constexpr int dreambooth_epochs = 160;
void images_fill(Profile& profile) {
  if (kind_traits(profile.kind).physics != Physics::diffusion_training) {
    profile.images = 0;
    return;
  }
  profile.images = profile.prior_preservation ? dreambooth_images : finetune_images;
  profile.images_defaulted = true;
}
// No epochs when --train-steps says how much to train (the row is settled before --epochs).
void epochs_fill(Profile& profile) {
  if (kind_traits(profile.kind).physics != Physics::diffusion_training || profile.train_steps > 0) {
    profile.epochs = 0;
    return;
  }
  profile.epochs = profile.prior_preservation ? dreambooth_epochs : finetune_epochs;
  profile.epochs_defaulted = true;
}

// --method: dreambooth is a full fine-tune with prior preservation (Method's comment); the other
// names are stored as given.
FlagMember method_member() {
  FlagMember made = member_of<&Request::method>();
  made.store = [](const Request& request, Profile& profile) {
    profile.prior_preservation = *request.method == Method::dreambooth;
    profile.method = profile.prior_preservation ? Method::full : *request.method;
  };
  return made;
}

void serving_tier_fill(Profile& profile) { profile.serving_tier = Tier::production; }
void training_tier_fill(Profile& profile) { profile.training_tier = Tier::production; }
text::Words training_tier_because(const Profile& profile) {
  return text::words(profile.training_tier == Tier::development ? text::Msg::dflt_training_tier_development
                                                                : text::Msg::dflt_training_tier_production);
}

void max_utilization_fill(Profile& profile) {
  profile.max_utilization = kind_traits(profile.kind).serving() ? default_max_utilization : 0;
}
text::Words max_utilization_because(const Profile& profile) {
  return text::words(text::Msg::dflt_max_utilization, fmt::format("{:g}", profile.max_utilization * 100.0));
}

// N+1 for production, none for development.
void redundancy_fill(Profile& profile) {
  profile.redundancy = kind_traits(profile.kind).serving() && profile.serving_tier == Tier::production
                           ? default_production_redundancy
                           : 0;
}
// Production image serving holds each image to default_production_image_latency_ms; development
// has no ceiling. Read after --serving-tier is settled (the row comes after it).
void latency_ms_fill(Profile& profile) {
  profile.latency_target_ms =
      kind_traits(profile.kind).physics == Physics::diffusion_serving && profile.serving_tier == Tier::production
          ? default_production_image_latency_ms
          : 0;
}
text::Words latency_ms_because(const Profile& profile) {
  if (!(profile.latency_target_ms > 0)) return {};
  return text::words(text::Msg::dflt_image_latency, fmt::format("{:g}", profile.latency_target_ms / 1e3));
}
text::Words serving_tier_because(const Profile& profile) {
  return text::words(profile.serving_tier == Tier::development ? text::Msg::dflt_serving_tier_development
                                                               : text::Msg::dflt_serving_tier_production,
                     profile.redundancy);
}

}  // namespace

// table: the workload flags, one row each (docs/architecture.md "A new option").
const std::vector<Flag>& flags() {
  static const std::vector<Flag> table = {
      {.name = "--workload",
       .short_name = "-w",
       .type = "KIND",
       .help = "Job kind (the rest of the flags depend on it)",
       .member = member_of<&Request::kind, &Profile::kind>(),
       .choices = kind_names,
       .because = workload_because},
      {.name = "--params",
       .short_name = "-p",
       .type = "COUNT",
       .help = "Model parameters: 7e9, 7B, 350M, 1.5T, 70_000_000_000",
       .member = member_of<&Request::params_text>(),
       .range = Q::params},
      {.name = "--model",
       .short_name = "-m",
       .type = "MODEL",
       .help = "Model preset from the catalog (gpuselect catalog models)",
       .member = member_of<&Request::model>(),
       .names_model = true},
      {.name = "--layers",
       .type = "COUNT",
       .help = "Custom shape: transformer layers",
       .member = member_of<&Request::layers>(),
       .range = Q::layers,
       .model_part = ModelPart::shape},
      {.name = "--hidden",
       .type = "SIZE",
       .help = "Custom shape: hidden size",
       .member = member_of<&Request::hidden>(),
       .range = Q::hidden,
       .model_part = ModelPart::shape},
      {.name = "--heads",
       .type = "COUNT",
       .help = "Custom shape: attention heads",
       .member = member_of<&Request::heads>(),
       .range = Q::heads,
       .model_part = ModelPart::shape},
      {.name = "--kv-heads",
       .type = "COUNT",
       .help = "Custom shape: key/value heads (grouped-query attention)",
       .member = member_of<&Request::kv_heads>(),
       .range = Q::kv_heads,
       .model_part = ModelPart::shape},
      {.name = "--ffn",
       .type = "SIZE",
       .help = "Custom shape: feed-forward size",
       .member = member_of<&Request::ffn>(),
       .range = Q::ffn,
       .model_part = ModelPart::shape},
      {.name = "--active-params",
       .type = "COUNT",
       .help = "Custom MoE: parameters active per token (e.g. 13B)",
       .member = member_of<&Request::active_params_text>(),
       .kinds = llm_kinds,
       .applies_to = "LLM workloads",
       .model_part = ModelPart::experts},
      {.name = "--experts",
       .type = "COUNT",
       .help = "Custom MoE: routed experts per MoE layer",
       .member = member_of<&Request::experts>(),
       .range = Q::experts,
       .kinds = llm_kinds,
       .applies_to = "LLM workloads",
       .model_part = ModelPart::experts},
      {.name = "--experts-per-token",
       .type = "COUNT",
       .help = "Custom MoE: routed experts chosen per token (top-k)",
       .member = member_of<&Request::experts_per_token>(),
       .range = Q::experts_per_token,
       .kinds = llm_kinds,
       .applies_to = "LLM workloads",
       .model_part = ModelPart::experts},
      {.name = "--vocab",
       .type = "SIZE",
       .help = "Custom shape: vocabulary size",
       .member = member_of<&Request::vocab>(),
       .range = Q::vocab,
       .model_part = ModelPart::shape},
      {.name = "--method",
       .type = "METHOD",
       .help = "Fine-tuning method: full, lora, qlora (default full); image-finetune also dreambooth (full "
               "fine-tuning with prior preservation)",
       .member = method_member(),
       .choices = method_names,
       .kinds = training,
       .applies_to = "training workloads"},
      {.name = "--lora-rank",
       .type = "RANK",
       .help = fmt::format("LoRA rank (default {})", Profile{}.lora_rank),
       .member = member_of<&Request::lora_rank, &Profile::lora_rank>(),
       .range = Q::lora_rank,
       .kinds = finetune,
       .applies_to = "llm-finetune and image-finetune"},
      {.name = "--lora-targets",
       .type = "MATRIX[,...]",
       .help = fmt::format("LoRA target matrices, comma-separated (default {})", fmt::join(default_lora_targets, ",")),
       .member = member_of<&Request::lora_targets, &Profile::lora_targets>(),
       .kinds = finetune,
       .applies_to = "llm-finetune and image-finetune",
       .fill = lora_targets_fill,
       .because = lora_because,
       .told_with = "--lora-rank"},
      {.name = "--precision",
       .type = "PRECISION",
       .help = "Training: bf16 (default), fp16, fp32, fp8, fp4 (NVFP4, FP4 GPUs); serving: also int8, int4 (default: "
               "the release's format, fp8 for DeepSeek-V3/R1, else bf16)",
       .member = member_of<&Request::precision, &Profile::precision>(),
       .choices = precision_names,
       .fill = precision_fill,
       .because = precision_because},
      {.name = "--optimizer",
       .type = "OPTIMIZER",
       .help = "adamw (default), sgd, adam-8bit, adamw-bf16 (pure bf16 states)",
       .member = member_of<&Request::optimizer, &Profile::optimizer>(),
       .choices = optimizer_names,
       .kinds = training,
       .applies_to = "training workloads",
       .fill = optimizer_fill,
       .because = optimizer_because},
      {.name = "--quant-bits",
       .type = "BITS",
       .help = "QLoRA base weight bits: 4 (NF4, default), 8, 2",
       .member = member_of<&Request::quant_bits, &Profile::quant_bits>(),
       .range = Q::quant_bits,
       .kinds = finetune,
       .applies_to = "llm-finetune and image-finetune with --method qlora",
       .check = quantisation_bits},
      {.name = "--micro-batch",
       .type = "SEQUENCES",
       .help = "Sequences per GPU per micro-step (default: searched)",
       .member = member_of<&Request::micro_batch, &Profile::micro_batch>(),
       .range = Q::micro_batch,
       .kinds = training,
       .applies_to = "training workloads",
       .fill = micro_batch_fill,
       .because = micro_batch_because},
      {.name = "--seq-len",
       .type = "TOKENS",
       .help = "Training sequence length in tokens",
       .member = member_of<&Request::seq_len, &Profile::seq_len>(),
       .range = Q::seq_len,
       .kinds = llm_training,
       .applies_to = "llm-pretrain and llm-finetune (serving uses --context)",
       .fill = seq_len_fill,
       .because = seq_len_because},
      {.name = "--recompute",
       .type = "MODE",
       .help = "Activation recomputation: none, selective, full (default: searched)",
       .member = member_of<&Request::recompute, &Profile::recompute>(),
       .choices = recompute_names,
       .kinds = llm_training | diffusion_training,
       .applies_to = "llm-pretrain, llm-finetune and image-finetune",
       .fill = recompute_fill,
       .because = recompute_because},
      {.name = "--attention",
       .type = "KERNEL",
       .help = "Attention kernel: flash (default), eager",
       .member = member_of<&Request::attention, &Profile::attention>(),
       .choices = attention_names,
       .kinds = llm_kinds,
       .applies_to = "LLM workloads"},
      {.name = "--data-loader",
       .type = "WHERE",
       .help = "cv-train input pipeline: cpu (PyTorch DataLoader workers, default), gpu (NVIDIA DALI decoding)",
       .member = member_of<&Request::data_loader, &Profile::data_loader>(),
       .choices = data_loader_names,
       .kinds = vision_training,
       .applies_to = "cv-train"},
      {.name = "--framework",
       .type = "STACK",
       .help = "Training framework: megatron (Megatron-Core/NeMo + Transformer Engine), fsdp (PyTorch FSDP, "
               "torchtitan), deepspeed, hf (Hugging Face Trainer/PEFT); default per workload",
       .member = member_of<&Request::framework, &Profile::framework>(),
       .choices = framework_names,
       .kinds = llm_training,
       .applies_to = "llm-pretrain and llm-finetune",
       .fill = framework_fill,
       .because = framework_because},
      {.name = "--images",
       .type = "COUNT",
       .help = fmt::format("image-finetune: images in the fine-tuning set (default {}; {} with --method dreambooth)",
                           finetune_images, dreambooth_images),
       .member = member_of<&Request::images, &Profile::images>(),
       .range = Q::images,
       .kinds = diffusion_training,
       .applies_to = "image-finetune",
       .fill = images_fill},
      {.name = "--cache-latents",
       .type = "WHEN",
       .help = "image-finetune: on (default) encodes latents and text embeddings once before training (kohya "
               "--cache_latents, --cache_text_encoder_outputs); off keeps the VAE and text encoders resident and "
               "encodes every step",
       .member = member_of<&Request::cache_latents, &Profile::cache_latents>(),
       .choices = cache_latents_names,
       .kinds = diffusion_training,
       .applies_to = "image-finetune"},
      {.name = "--train-steps",
       .type = "COUNT",
       .help = "image-finetune: optimizer steps at --batch images a step (kohya/diffusers max_train_steps on one "
               "GPU); instead of --images and --epochs",
       .member = member_of<&Request::train_steps, &Profile::train_steps>(),
       .range = Q::train_steps,
       .kinds = diffusion_training,
       .applies_to = "image-finetune"},
      {.name = "--epochs",
       .type = "COUNT",
       .help = fmt::format("image-finetune: passes over the set (default {}; {} with --method dreambooth)",
                           finetune_epochs, dreambooth_epochs),
       .member = member_of<&Request::epochs, &Profile::epochs>(),
       .range = Q::epochs,
       .kinds = diffusion_training,
       .applies_to = "image-finetune",
       .fill = epochs_fill},
      {.name = "--tokens",
       .type = "COUNT",
       .help = "Training tokens (images for cv-train and image-finetune); default per workload",
       .member = member_of<&Request::tokens_text>(),
       .range = Q::tokens,
       .kinds = training,
       .applies_to = "training workloads",
       .fill = tokens_fill,
       .because = tokens_because},
      {.name = "--checkpoint-minutes",
       .type = "MINUTES",
       .help = "Minutes between checkpoints (spot lost work)",
       .member = member_of<&Request::checkpoint_minutes, &Profile::checkpoint_minutes>(),
       .range = Q::checkpoint_minutes,
       .kinds = training,
       .applies_to = "training workloads",
       .because = checkpoint_because},
      {.name = "--dataset-gb",
       .type = "GB",
       .help = "Training data staged onto the machines before the run (default 2 B per token; cv-train ImageNet-1k)",
       .member = member_of<&Request::dataset_gb, &Profile::dataset_gb>(),
       .range = Q::dataset_gb,
       .kinds = training,
       .applies_to = "training workloads"},
      {.name = "--global-batch",
       .type = "TOKENS",
       .help = "Training tokens per optimizer step (default 4M pretrain)",
       .member = member_of<&Request::global_batch_text>(),
       .range = Q::global_batch_tokens,
       .kinds = llm_training,
       .applies_to = "llm-pretrain and llm-finetune",
       .fill = global_batch_fill,
       .because = global_batch_because},
      {.name = "--zero",
       .type = "STAGE",
       .help = "ZeRO stage: auto (default), 0, 1, 2, 3",
       .member = member_of<&Request::zero, &Profile::zero>(),
       .choices = zero_names,
       .kinds = training,
       .applies_to = "training workloads"},
      {.name = "--offload",
       .type = "WHERE",
       .help = "Offload: none, optimizer, all (to CPU), nvme (default: searched, CPU only)",
       .member = member_of<&Request::offload, &Profile::offload>(),
       .choices = offload_names,
       .kinds = training,
       .applies_to = "training workloads"},
      {.name = "--pipeline-parallel",
       .type = "STAGES",
       .help = "Training: pipeline stages (default: searched)",
       .member = member_of<&Request::pipeline_parallel>(),
       .range = Q::pipeline_parallel,
       .kinds = llm_training,
       .applies_to = "llm-pretrain and llm-finetune"},
      {.name = "--context-parallel",
       .type = "GPUS",
       .help = "Training: GPUs splitting a sequence (default: searched)",
       .member = member_of<&Request::context_parallel>(),
       .range = Q::context_parallel,
       .kinds = llm_training,
       .applies_to = "llm-pretrain and llm-finetune"},
      {.name = "--expert-parallel",
       .type = "GPUS",
       .help = "Training a mixture of experts: GPUs the routed experts are spread over (default: searched)",
       .member = member_of<&Request::expert_parallel>(),
       .range = Q::expert_parallel,
       .kinds = llm_training,
       .applies_to = "llm-pretrain and llm-finetune (serving spreads experts over the replica's GPUs)"},
      {.name = "--mfu",
       .type = "FRACTION",
       .help = "Model FLOPs utilisation override, 0-1",
       .member = member_of<&Request::mfu, &Profile::mfu>(),
       .range = Q::mfu,
       .kinds = training | serving,
       .applies_to = "training and serving workloads"},
      {.name = "--batch",
       .type = "SEQUENCES",
       .help = "Serving: concurrent sequences per replica (llm-inference: default the largest that fits and meets "
               "targets); image-finetune: images per GPU per step (= --micro-batch)",
       .member = member_of<&Request::batch, &Profile::batch>(),
       .range = Q::batch,
       .kinds = serving | interactive | diffusion_training,
       .applies_to = "serving workloads, notebook and image-finetune (other training uses --micro-batch)",
       .fill = batch_fill,
       .because = batch_because},
      {.name = "--hours",
       .type = "HOURS",
       .help = "Serving and notebooks: hours of use to price",
       .member = member_of<&Request::hours, &Profile::hours>(),
       .range = Q::hours,
       .kinds = serving | interactive,
       .applies_to = "serving workloads and notebook (training time is estimated)",
       .fill = hours_fill,
       .because = hours_because},
      {.name = "--requests-per-s",
       .type = "RATE",
       .help = "Serving: requests per second to sustain",
       .member = member_of<&Request::requests_per_s, &Profile::requests_per_s>(),
       .range = Q::requests_per_s,
       .kinds = serving,
       .applies_to = "llm-inference, cv-inference and image-inference",
       .fill = requests_fill,
       .because = requests_because},
      {.name = "--input-tokens",
       .type = "TOKENS",
       .help = "Serving: prompt tokens per request",
       .member = member_of<&Request::input_tokens, &Profile::input_tokens>(),
       .range = Q::input_tokens,
       .kinds = llm_inference,
       .applies_to = "llm-inference",
       .fill = input_tokens_fill},
      {.name = "--output-tokens",
       .type = "TOKENS",
       .help = "Serving: generated tokens per request",
       .member = member_of<&Request::output_tokens, &Profile::output_tokens>(),
       .range = Q::output_tokens,
       .kinds = llm_inference,
       .applies_to = "llm-inference",
       .fill = output_tokens_fill,
       .because = request_because,
       .told_with = "--input-tokens"},
      {.name = "--input-tokens-p90",
       .type = "TOKENS",
       .help = "Serving: 90th-percentile prompt tokens of the request mix (--input-tokens is then the mean; "
               "TTFT is checked at this prompt)",
       .member = member_of<&Request::input_tokens_p90, &Profile::input_tokens_p90>(),
       .range = Q::input_tokens,
       .kinds = llm_inference,
       .applies_to = "llm-inference"},
      {.name = "--output-tokens-p90",
       .type = "TOKENS",
       .help = "Serving: 90th-percentile generated tokens of the request mix (--output-tokens is then the mean)",
       .member = member_of<&Request::output_tokens_p90, &Profile::output_tokens_p90>(),
       .range = Q::output_tokens,
       .kinds = llm_inference,
       .applies_to = "llm-inference"},
      {.name = "--context",
       .type = "TOKENS",
       .help = "Serving: context length in tokens",
       .member = member_of<&Request::context, &Profile::context>(),
       .range = Q::context,
       .kinds = llm_inference | interactive,
       .applies_to = "llm-inference and notebook",
       .fill = context_fill,
       .because = context_because},
      {.name = "--ttft-ms",
       .type = "MS",
       .help = fmt::format("llm-inference: time-to-first-token target, p50 ms (default {:g})", default_ttft_target_ms),
       .member = member_of<&Request::ttft_ms, &Profile::ttft_target_ms>(),
       .range = Q::ttft_ms,
       .kinds = llm_inference,
       .applies_to = "llm-inference",
       .fill = ttft_fill},
      {.name = "--tpot-ms",
       .type = "MS",
       .help =
           fmt::format("llm-inference: time-per-output-token target, p50 ms (default {:g})", default_tpot_target_ms),
       .member = member_of<&Request::tpot_ms, &Profile::tpot_target_ms>(),
       .range = Q::tpot_ms,
       .kinds = llm_inference,
       .applies_to = "llm-inference",
       .fill = tpot_fill,
       .because = latency_because,
       .told_with = "--ttft-ms"},
      {.name = "--resolution",
       .type = "PX",
       .help = "image-finetune, image-inference: image side in pixels (default: the model's native, 1024)",
       .member = member_of<&Request::resolution, &Profile::resolution_px>(),
       .range = Q::resolution_px,
       .kinds = diffusion,
       .applies_to = "image-finetune and image-inference",
       .fill = resolution_fill,
       .because = resolution_because},
      {.name = "--steps",
       .type = "COUNT",
       .help = "image-inference: sampling steps per image (default: the model card's; FLUX.1-schnell 4)",
       .member = member_of<&Request::steps, &Profile::steps>(),
       .range = Q::diffusion_steps,
       .kinds = diffusion_serving,
       .applies_to = "image-inference",
       .fill = steps_fill,
       .because = steps_because},
      {.name = "--serving-tier",
       .type = "TIER",
       .help = "Serving: production (default: datacenter GPUs, no marketplace hosts or spot, N+1) or development "
               "(ranks every offering, no spare replica)",
       .member = member_of<&Request::serving_tier, &Profile::serving_tier>(),
       .choices = tier_names,
       .kinds = serving,
       .applies_to = "llm-inference, cv-inference and image-inference",
       .fill = serving_tier_fill},
      {.name = "--training-tier",
       .type = "TIER",
       .help = "Training: production (default: no consumer GPUs or marketplace hosts unless --gpu/--provider names "
               "them, no fractional vGPU shares) or development (ranks every offering)",
       .member = member_of<&Request::training_tier, &Profile::training_tier>(),
       .choices = tier_names,
       .kinds = training,
       .applies_to = "llm-pretrain, llm-finetune, cv-train and image-finetune",
       .fill = training_tier_fill,
       .because = training_tier_because},
      {.name = "--redundancy",
       .type = "REPLICAS",
       .help = fmt::format("Serving: spare replicas beyond the load (default {} for production, 0 for development)",
                           default_production_redundancy),
       .member = member_of<&Request::redundancy, &Profile::redundancy>(),
       .range = Q::redundancy,
       .kinds = serving,
       .applies_to = "llm-inference, cv-inference and image-inference",
       .fill = redundancy_fill,
       .because = serving_tier_because,
       .told_with = "--serving-tier"},
      {.name = "--latency-ms",
       .type = "MS",
       .help = fmt::format("image-inference: latency target per image, ms, at the estimate's slow end (default "
                           "{:g} for production, none for development)",
                           default_production_image_latency_ms),
       .member = member_of<&Request::latency_ms, &Profile::latency_target_ms>(),
       .range = Q::latency_ms,
       .kinds = diffusion_serving,
       .applies_to = "image-inference",
       .fill = latency_ms_fill,
       .because = latency_ms_because},
      {.name = "--max-utilization",
       .type = "SHARE",
       .help = fmt::format("Serving: most load planned per replica, a share of its capacity (default {:g})",
                           default_max_utilization),
       .member = member_of<&Request::max_utilization, &Profile::max_utilization>(),
       .range = Q::max_utilization,
       .kinds = serving,
       .applies_to = "llm-inference, cv-inference and image-inference",
       .fill = max_utilization_fill,
       .because = max_utilization_because},
      {.name = "--tensor-parallel",
       .type = "GPUS",
       .help = "GPUs per replica / tensor-parallel degree (power of two)",
       .member = member_of<&Request::tensor_parallel, &Profile::tensor_parallel>(),
       .range = Q::tensor_parallel,
       .kinds = llm_kinds,
       .applies_to = "LLM workloads",
       .check = power_of_two},
      {.name = "--egress-gb",
       .type = "GB",
       .help = "GB leaving the cloud (checkpoints, datasets), priced as egress",
       .member = member_of<&Request::egress_gb, &Profile::egress_gb>(),
       .range = Q::egress_gb},
  };
  return table;
}

// N-RESOLUTION: the models train at about their native pixel count: SDXL's multi-aspect buckets hold
// it near 1024^2 (Podell et al. 2023, section 2.3), SD3 and FLUX.1 fine-tune at 1024^2; the speed
// calibration rows ran at 512-1024 px (judgement: 2x the area either way, a side of 724-1448 px at 1024).
constexpr double off_native_area_ratio = 2.0;

bool resolution_off_native(int resolution_px, int native_resolution_px) {
  if (resolution_px <= 0 || native_resolution_px <= 0) return false;
  const double side = static_cast<double>(resolution_px) / native_resolution_px;
  const double area = side * side;
  return area > off_native_area_ratio || area < 1.0 / off_native_area_ratio;
}

const Flag& flag_named(std::string_view name) {
  for (const Flag& flag : flags()) {
    if (flag.name == name) return flag;
  }
  throw std::out_of_range(fmt::format("no workload flag {}", name));
}

}  // namespace gpuselect::workload
