#include <algorithm>
#include <cmath>
#include <string>

#include <catch2/catch.hpp>

#include "gpuselect/error.hpp"
#include "gpuselect/workload.hpp"

using namespace gpuselect;
using workload::Kind;
using workload::Request;

namespace {

catalog::Catalog preset_catalog() {
  catalog::Catalog catalog;
  catalog::ModelPreset llama;
  llama.id = "llama-2-7b";
  llama.name = "Llama 2 7B";
  llama.shape.params = 6'738'415'616;
  llama.shape.layers = 32;
  llama.shape.hidden = 4096;
  llama.shape.heads = 32;
  llama.shape.kv_heads = 32;
  llama.shape.ffn = 11008;
  llama.shape.vocab = 32000;
  llama.max_context = 4096;
  llama.source = "Touvron et al. 2023";
  catalog.models.push_back(llama);
  catalog::ModelPreset bert;
  bert.id = "bert-base";
  bert.name = "BERT base";
  bert.family = catalog::ModelFamily::encoder;
  bert.shape.params = 110e6;
  bert.shape.layers = 12;
  bert.shape.hidden = 768;
  bert.shape.heads = 12;
  bert.shape.vocab = 30522;
  bert.max_context = 512;
  catalog.models.push_back(bert);
  catalog::ModelPreset resnet;
  resnet.id = "resnet-50";
  resnet.name = "ResNet-50";
  resnet.family = catalog::ModelFamily::cnn;
  resnet.shape.params = 25'557'032;
  resnet.forward_gflops = 4.1;  // torchvision: multiply-adds
  catalog.models.push_back(resnet);
  return catalog;
}

Request request(Kind kind, const char* params = nullptr) {
  Request r;
  r.kind = kind;
  if (params != nullptr) r.params_text = params;
  return r;
}

bool mentions(const std::vector<std::string>& sentences, const std::string& word) {
  return std::any_of(sentences.begin(), sentences.end(),
                     [&](const std::string& s) { return s.find(word) != std::string::npos; });
}

// Runs resolve and returns the flag the error names ("" when it did not throw).
std::string error_where(const Request& r) {
  try {
    workload::resolve(r, preset_catalog());
  } catch (const Error& error) {
    return error.where();
  }
  return "";
}

}  // namespace

TEST_CASE("enum names round-trip through parse", "[workload]") {
  for (const auto& name : workload::kind_names()) {
    const auto kind = workload::parse_kind(name);
    REQUIRE(kind.has_value());
    CHECK(workload::to_string(*kind) == name);
  }
  CHECK(workload::to_string(workload::Optimizer::adam_8bit) == "adam-8bit");
  CHECK(workload::to_string(workload::Zero::automatic) == "auto");
  CHECK(workload::parse_zero("3") == workload::Zero::stage3);
  CHECK(workload::parse_offload("optimizer") == workload::Offload::optimizer);
  CHECK_FALSE(workload::parse_kind("llm_finetune").has_value());
  CHECK(workload::kind_traits(Kind::cv_train).training());
  CHECK(workload::kind_traits(Kind::cv_inference).serving());
  CHECK_FALSE(workload::kind_traits(Kind::notebook).serving());
}

TEST_CASE("the kind table: one row per kind, answering what the estimator and scoring ask", "[workload]") {
  // Every kind's row is its own (kind_traits finds the row, not a neighbour), and --workload lists
  // the rows in table order.
  std::vector<std::string> names;
  for (const auto& row : workload::kind_rows()) {
    CHECK(&workload::kind_traits(row.kind) == &row);
    CHECK(workload::parse_kind(row.name) == row.kind);
    names.emplace_back(row.name);
  }
  CHECK(names == workload::kind_names());
  CHECK(names == std::vector<std::string>{"llm-pretrain", "llm-finetune", "llm-inference", "cv-train", "cv-inference",
                                          "notebook", "image-finetune", "image-inference"});
  const auto& pretrain = workload::kind_traits(Kind::llm_pretrain);
  const auto& finetune = workload::kind_traits(Kind::llm_finetune);
  const auto& inference = workload::kind_traits(Kind::llm_inference);
  const auto& vision_train = workload::kind_traits(Kind::cv_train);
  const auto& vision_inference = workload::kind_traits(Kind::cv_inference);
  const auto& notebook = workload::kind_traits(Kind::notebook);
  CHECK(pretrain.physics == workload::Physics::transformer_training);
  CHECK(finetune.physics == workload::Physics::transformer_training);
  CHECK(inference.physics == workload::Physics::token_serving);
  CHECK(vision_train.physics == workload::Physics::vision_training);
  CHECK(vision_inference.physics == workload::Physics::image_serving);
  CHECK(notebook.physics == workload::Physics::interactive);
  CHECK(notebook.interactive());
  CHECK((vision_train.vision() && vision_inference.vision() && !inference.vision()));
  CHECK((inference.transformer() && notebook.transformer() && !vision_train.transformer()));
  // The diffusion kinds: their own physics, counted in images, an SDXL preset by default.
  const auto& image_finetune = workload::kind_traits(Kind::image_finetune);
  const auto& image_inference = workload::kind_traits(Kind::image_inference);
  CHECK(image_finetune.physics == workload::Physics::diffusion_training);
  CHECK(image_inference.physics == workload::Physics::diffusion_serving);
  CHECK((image_finetune.diffusion() && image_inference.diffusion() && !vision_inference.diffusion()));
  CHECK((image_finetune.trains_images() && vision_train.trains_images() && !finetune.trains_images()));
  CHECK((image_inference.serves_images() && vision_inference.serves_images() && !inference.serves_images()));
  CHECK((image_finetune.default_model == "sdxl" && image_inference.default_model == "sdxl"));
  CHECK(image_finetune.weight_profile == "fine-tuning");
  CHECK(image_inference.weight_profile == "serving");
  // Only fine-tuning stages a base checkpoint; only pretraining scales to the planning horizon; the
  // runs read within a session are the fine-tunes' and a vision training's.
  for (const auto& row : workload::kind_rows()) {
    CHECK(row.starts_from_pretrained == (row.kind == Kind::llm_finetune || row.kind == Kind::image_finetune));
    CHECK(row.horizon_scaled == (row.kind == Kind::llm_pretrain));
    CHECK(row.session_length_runs ==
          (row.kind == Kind::llm_finetune || row.kind == Kind::cv_train || row.kind == Kind::image_finetune));
    CHECK((row.data != workload::DefaultData::none) == row.training());
  }
  CHECK(vision_train.default_params == 25'557'032);  // ResNet-50
  CHECK(notebook.default_params == 1e9);
  CHECK(pretrain.default_params == 7e9);
}

TEST_CASE("fine-tune defaults are applied and recorded", "[workload]") {
  const auto profile = workload::resolve(request(Kind::llm_finetune, "7e9"), preset_catalog());
  CHECK(profile.tokens == 1e8);
  CHECK(profile.seq_len == 2048);
  CHECK(profile.micro_batch == 1);
  CHECK(profile.recompute == workload::Recompute::selective);
  CHECK(profile.attention == workload::Attention::flash);
  CHECK(profile.checkpoint_minutes == 30);
  CHECK(profile.zero == workload::Zero::automatic);
  CHECK(profile.model_id == "custom");
  CHECK(mentions(profile.defaults_applied, "tokens: 100M"));
  CHECK(mentions(profile.defaults_applied, "shape derived"));
}

TEST_CASE("pretraining tokens default to 20 x params (Chinchilla)", "[workload]") {
  const auto profile = workload::resolve(request(Kind::llm_pretrain, "1B"), preset_catalog());
  CHECK(profile.tokens == Approx(20e9));
  CHECK(profile.seq_len == 4096);
  CHECK(mentions(profile.defaults_applied, "Hoffmann"));
}

TEST_CASE("cv-train samples default to ImageNet-1k x 90 epochs with SGD", "[workload]") {
  const auto profile = workload::resolve(request(Kind::cv_train), preset_catalog());
  CHECK(profile.tokens == Approx(1'281'167.0 * 90));
  CHECK(profile.optimizer == workload::Optimizer::sgd);
  CHECK(profile.micro_batch == 32);
  CHECK(profile.model_id == "resnet-50");
  CHECK(profile.shape.forward_flops_per_sample == Approx(8.18e9));
}

TEST_CASE("a vision preset's multiply-add GFLOPs count twice as FLOPs", "[workload]") {
  Request r = request(Kind::cv_train);
  r.model = "resnet-50";
  const auto profile = workload::resolve(r, preset_catalog());
  CHECK(profile.shape.forward_flops_per_sample == Approx(8.2e9));
  CHECK(profile.family == catalog::ModelFamily::cnn);
}

TEST_CASE("serving and notebook defaults", "[workload]") {
  const auto serving = workload::resolve(request(Kind::llm_inference, "7e9"), preset_catalog());
  CHECK(serving.context == 4096);
  CHECK(serving.batch == 8);
  CHECK(serving.input_tokens == 512);
  CHECK(serving.output_tokens == 256);
  CHECK(serving.requests_per_s == 1);
  CHECK(serving.hours == 730);
  const auto notebook = workload::resolve(request(Kind::notebook), preset_catalog());
  CHECK(notebook.hours == 40);
  CHECK(notebook.shape.params == 1e9);
  CHECK(mentions(notebook.defaults_applied, "working week"));
}

TEST_CASE("a shape is derived from params by the documented aspect rule", "[workload]") {
  const auto profile = workload::resolve(request(Kind::llm_finetune, "7e9"), preset_catalog());
  const auto& shape = profile.shape;
  CHECK(shape.derived);
  CHECK(shape.params == 7e9);
  CHECK(shape.layers == 33);
  CHECK(shape.hidden == 4224);
  CHECK(shape.heads == 33);
  CHECK(shape.kv_heads == 33);
  CHECK(shape.ffn == 4 * 4224);
  CHECK(shape.vocab == 32000);
  // 12·L·h² + vocab·h should land within 5% of the requested count (rounding h to 128).
  const double implied = 12.0 * shape.layers * shape.hidden * shape.hidden + 32000.0 * shape.hidden;
  CHECK(implied == Approx(7e9).epsilon(0.05));
}

TEST_CASE("params are derived from a shape given by flags", "[workload]") {
  Request r = request(Kind::llm_finetune);
  r.layers = 32;
  r.hidden = 4096;
  const auto profile = workload::resolve(r, preset_catalog());
  CHECK(profile.shape.params == Approx(12.0 * 32 * 4096.0 * 4096 + 32000.0 * 4096));
  CHECK_FALSE(profile.shape.derived);
  CHECK(profile.shape.heads == 32);
}

TEST_CASE("a preset is found by id and caps the default sequence length", "[workload]") {
  Request r = request(Kind::llm_finetune);
  r.model = "bert-base";
  const auto profile = workload::resolve(r, preset_catalog());
  CHECK(profile.model_id == "bert-base");
  CHECK(profile.seq_len == 512);
  CHECK(profile.family == catalog::ModelFamily::encoder);
  CHECK(profile.shape.kv_heads == 12);
}

TEST_CASE("LoRA defaults: rank 16 on attention matrices, full recomputation", "[workload]") {
  Request r = request(Kind::llm_finetune, "7B");
  r.method = workload::Method::qlora;
  const auto profile = workload::resolve(r, preset_catalog());
  CHECK(profile.lora_rank == 16);
  CHECK(profile.lora_targets == std::vector<std::string>{"q_proj", "k_proj", "v_proj", "o_proj"});
  CHECK(profile.recompute == workload::Recompute::full);
}

TEST_CASE("bad values and misplaced flags name the flag", "[workload]") {
  for (const char* params : {"abc", "0", "-5", "nan", "1e400", "1e15"}) {
    INFO(params);
    CHECK(error_where(request(Kind::llm_finetune, params)) == "--params");
  }
  Request unknown = request(Kind::llm_finetune);
  unknown.model = "llama-2-7";
  try {
    workload::resolve(unknown, preset_catalog());
    FAIL("no error");
  } catch (const Error& error) {
    CHECK(error.where() == "--model");
    CHECK(error.hint().find("llama-2-7b") != std::string::npos);
  }
  Request both = request(Kind::llm_finetune, "7e9");
  both.model = "llama-2-7b";
  CHECK(error_where(both) == "--params");

  Request r = request(Kind::llm_inference, "7e9");
  r.method = workload::Method::full;
  CHECK(error_where(r) == "--method");
  r = request(Kind::llm_inference, "7e9");
  r.tokens_text = "1e9";
  CHECK(error_where(r) == "--tokens");
  r = request(Kind::cv_inference);
  r.optimizer = workload::Optimizer::adamw;
  CHECK(error_where(r) == "--optimizer");
  r = request(Kind::llm_inference, "7e9");
  r.zero = workload::Zero::stage2;
  CHECK(error_where(r) == "--zero");
  r = request(Kind::llm_pretrain, "7e9");
  r.requests_per_s = 5;
  CHECK(error_where(r) == "--requests-per-s");
  r = request(Kind::llm_finetune, "7e9");
  r.output_tokens = 100;
  CHECK(error_where(r) == "--output-tokens");
  r = request(Kind::cv_train);
  r.method = workload::Method::lora;
  CHECK(error_where(r) == "--method");
  r = request(Kind::llm_finetune, "7e9");
  r.lora_rank = 8;
  CHECK(error_where(r) == "--lora-rank");
  for (int degree : {0, 3, 6, -2}) {
    r = request(Kind::llm_inference, "7e9");
    r.tensor_parallel = degree;
    CHECK(error_where(r) == "--tensor-parallel");
  }
  r = request(Kind::llm_finetune, "7e9");
  r.micro_batch = 0;
  CHECK(error_where(r) == "--micro-batch");
  r = request(Kind::llm_finetune, "7e9");
  r.seq_len = -1;
  CHECK(error_where(r) == "--seq-len");
  for (double mfu : {0.0, 1.5, -0.1, std::nan("")}) {
    r = request(Kind::llm_finetune, "7e9");
    r.mfu = mfu;
    CHECK(error_where(r) == "--mfu");
  }
  r = request(Kind::llm_finetune, "7e9");
  r.zero = workload::Zero::stage0;
  r.offload = workload::Offload::optimizer;
  CHECK(error_where(r) == "--offload");
  r = request(Kind::llm_finetune, "7e9");
  r.precision = workload::Precision::int4;
  CHECK(error_where(r) == "--precision");
  r = request(Kind::llm_inference, "7e9");
  r.context = 512;
  CHECK(error_where(r) == "--context");  // 512 + 256 tokens exceed it
  r = request(Kind::llm_finetune, "7e9");
  r.method = workload::Method::lora;
  r.lora_targets = std::vector<std::string>{"q_prj"};
  CHECK(error_where(r) == "--lora-targets");
  r = request(Kind::cv_train);
  r.model = "llama-2-7b";
  CHECK(error_where(r) == "--model");
  r = request(Kind::llm_finetune);
  r.layers = 32;
  CHECK(error_where(r) == "--hidden");
}
