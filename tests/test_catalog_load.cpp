// catalog::load, lint, to_json, write_offerings_yaml: behaviour on valid, overlaid and broken input.
#include <algorithm>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpuselect/catalog.hpp"
#include "gpuselect/catalog_format.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/units.hpp"

namespace {

using namespace gpuselect;
using namespace gpuselect::catalog;

std::string read_fixture(const std::string& name) {
  std::ifstream in(std::string(GPUSELECT_FIXTURES) + "/catalog/" + name, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const std::string& small_catalog() {
  static const std::string text = read_fixture("small.yaml");
  return text;
}

// The small catalog without its offerings (gpus and providers for offering files to refer to).
std::string small_without_offerings() {
  const std::string& text = small_catalog();
  return text.substr(0, text.find("offerings:"));
}

LoadResult load_files(const std::vector<std::pair<std::string, std::string>>& files, const LoadLimits& limits = {}) {
  std::vector<SourceText> sources;
  for (const auto& [name, text] : files) sources.push_back({name, text});
  return load(sources, limits);
}

std::vector<std::string> formatted(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> lines;
  for (const auto& diagnostic : diagnostics) lines.push_back(format_diagnostic(diagnostic));
  return lines;
}

const std::string range_hint = "check the value and its unit (the key name carries the unit)";

}  // namespace

TEST_CASE("a complete small catalog loads with every field", "[catalog]") {
  const LoadResult result = load_files({{"small.yaml", small_catalog()}});
  CHECK(formatted(result.diagnostics).empty());
  REQUIRE(result.ok());
  const Catalog& catalog = result.catalog;
  REQUIRE(catalog.gpus.size() == 1);
  REQUIRE(catalog.providers.size() == 1);
  REQUIRE(catalog.offerings.size() == 1);
  REQUIRE(catalog.models.size() == 1);
  REQUIRE(catalog.currencies.size() == 1);

  const Gpu& gpu = catalog.gpus[0];
  CHECK(gpu.id == "h100-sxm5-80gb");
  CHECK(gpu.vendor == "nvidia");
  CHECK(gpu.architecture == "hopper");
  CHECK(gpu.memory_gb == 80);
  CHECK(gpu.usable_memory_mib == 81559);
  CHECK(gpu.memory_bandwidth_gbps == 3350);
  CHECK(gpu.bf16_dense_tflops == 989);
  CHECK(gpu.fp32_tflops == 67);
  CHECK(gpu.fp8_dense_tflops == 1979);
  CHECK(gpu.int8_dense_tops == 1979);
  CHECK(gpu.interconnect == "nvlink-4");
  CHECK(gpu.aliases == std::vector<std::string>{"H100", "h100-sxm"});
  CHECK(gpu.source == "NVIDIA H100 datasheet (GPU-SPECS.md)");
  CHECK(catalog.where(gpu.pos) == "small.yaml:5:5");

  const Provider& provider = catalog.providers[0];
  CHECK(provider.kind == ProviderKind::gpu_cloud);
  CHECK(provider.support.tier == SupportTier::standard);
  CHECK(provider.support.hours == SupportHours::business);
  CHECK(provider.support.first_response_hours == 12);
  CHECK(provider.sla_uptime_pct == 99.5);
  CHECK(provider.sla_credits);
  CHECK(provider.environment.images == std::vector<std::string>{"pytorch", "cuda"});
  CHECK(provider.environment.jupyterlab);
  CHECK_FALSE(provider.environment.kubernetes);
  CHECK(provider.environment.provision_minutes == 5);
  CHECK(provider.recovery.resume);
  CHECK_FALSE(provider.recovery.failover_minutes.has_value());
  CHECK(provider.monitoring.metrics);
  CHECK(provider.storage_per_gb_month == 0.2);
  CHECK(provider.billing_granularity_seconds == 60);
  CHECK(provider.resize == Resize::restart);
  CHECK(provider.as_of == "2026-05-20");
  CHECK(provider.estimated_fields == std::vector<std::string>{"support.first_response_hours"});

  const Offering& offering = catalog.offerings[0];
  CHECK(offering.gpu_count == 8);
  CHECK(offering.interconnect == Interconnect::nvswitch);
  CHECK(offering.isolation == Isolation::bare_metal);
  CHECK(offering.network.bandwidth_gbps == 3200);
  CHECK(offering.network.rdma == Rdma::infiniband);
  CHECK(offering.regions == std::vector<std::string>{"us-east-1", "us-west-2"});
  CHECK(offering.pricing.on_demand == 23.92);
  CHECK_FALSE(offering.pricing.spot.has_value());
  CHECK(offering.pricing.reserved_1y == 19.5);
  CHECK_FALSE(offering.pricing.reserved_3y.has_value());
  CHECK(offering.vcpus == 208);
  CHECK(offering.spot_interruption_pct == 5);
  CHECK(offering.stock == Stock::low);
  CHECK(offering.max_nodes == 64);
  CHECK(offering.as_of == "2026-05-20");  // quoted in the file, unquoted for the provider
  CHECK(&catalog.gpu_of(offering) == &gpu);
  CHECK(&catalog.provider_of(offering) == &provider);
  CHECK(catalog.where(offering.provider_pos) == "small.yaml:49:15");
  CHECK(catalog.where(offering.gpu_pos) == "small.yaml:50:10");

  const ModelPreset& model = catalog.models[0];
  CHECK(model.family == ModelFamily::decoder);
  CHECK(model.shape.params == 6738415616.0);
  CHECK(model.shape.ffn == 11008);
  CHECK(model.shape.experts == 0);
  CHECK(model.attention == AttentionKind::mha);
  CHECK(model.shape.head_dim == 128);
  CHECK(catalog.find_model("llama2-7b") == &model);
  CHECK(catalog.currencies[0].per_usd == 7.2);
}

TEST_CASE("an overlay naming one price changes only that price", "[catalog]") {
  const std::string team =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    pricing: {on_demand: 40.0}\n";
  const LoadResult base = load_files({{"small.yaml", small_catalog()}});
  const LoadResult merged = load_files({{"small.yaml", small_catalog()}, {"team.yaml", team}});
  REQUIRE(merged.ok());
  REQUIRE(merged.catalog.offerings.size() == 1);
  const Offering& after = merged.catalog.offerings[0];
  CHECK(after.pricing.on_demand == 40.0);
  CHECK(after.pricing.reserved_1y == 19.5);
  CHECK(merged.catalog.where(after.pos) == "small.yaml:48:5");  // where it was first defined

  auto expected = to_json(base.catalog.offerings[0]);
  expected["pricing"]["on_demand"] = 40.0;
  CHECK(to_json(after) == expected);
  CHECK(to_json(merged.catalog.providers[0]) == to_json(base.catalog.providers[0]));
  CHECK(to_json(merged.catalog.gpus[0]) == to_json(base.catalog.gpus[0]));
}

TEST_CASE("overlays replace lists whole and append new records in order", "[catalog]") {
  const std::string team =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: acme/h100x8\n"
      "    provider: lambda\n"
      "    gpu: h100-sxm5-80gb\n"
      "    gpu_count: 8\n"
      "    regions: [eu-central-1]\n"
      "    as_of: 2026-05-01\n"
      "    source: negotiated\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    regions: [eu-central-1]\n"
      "gpus:\n"
      "  - id: h100-sxm5-80gb\n"
      "    aliases: []\n";
  const LoadResult merged = load_files({{"small.yaml", small_catalog()}, {"team.yaml", team}});
  CHECK(formatted(merged.diagnostics).empty());
  REQUIRE(merged.catalog.offerings.size() == 2);
  CHECK(merged.catalog.offerings[0].id == "lambda/gpu_8x_h100_sxm5");
  CHECK(merged.catalog.offerings[0].regions == std::vector<std::string>{"eu-central-1"});
  CHECK(merged.catalog.offerings[1].id == "acme/h100x8");
  CHECK(merged.catalog.offerings[1].max_nodes == 1);  // default
  CHECK(merged.catalog.offerings[1].provider_index == 0);
  CHECK(merged.catalog.where(merged.catalog.offerings[1].pos) == "team.yaml:3:5");
  CHECK(merged.catalog.gpus[0].aliases.empty());
}

// Offerings share a repeated source sentence and estimated_fields list (gpuselect/shared_text.hpp);
// an overlay that changes one offering's must leave the others' as they were.
TEST_CASE("offerings share a repeated source and estimated_fields, and an overlay changes only its own", "[catalog]") {
  const std::string offering_fields =
      "    provider: lambda\n"
      "    gpu: h100-sxm5-80gb\n"
      "    gpu_count: 8\n"
      "    regions: [eu-central-1]\n"
      "    pricing: {on_demand: 20}\n"
      "    as_of: 2026-05-01\n"
      "    source: the same quote\n"
      "    estimated_fields: [stock, pricing.reserved_1y]\n";
  const std::string team = "schema_version: 1\nofferings:\n  - id: acme/one\n" + offering_fields +
                           "  - id: acme/two\n" + offering_fields;
  const std::string overlay =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: acme/one\n"
      "    source: a newer quote\n"
      "    estimated_fields: [stock]\n";
  const LoadResult shared = load_files({{"small.yaml", small_without_offerings()}, {"team.yaml", team}});
  CHECK(formatted(shared.diagnostics).empty());
  REQUIRE(shared.catalog.offerings.size() == 2);
  const Offering& one = shared.catalog.offerings[0];
  const Offering& two = shared.catalog.offerings[1];
  CHECK(&one.source.str() == &two.source.str());  // one copy
  CHECK(&one.estimated_fields.items() == &two.estimated_fields.items());
  CHECK(&one.regions.items() == &two.regions.items());  // issue 33 part F

  const LoadResult changed =
      load_files({{"small.yaml", small_without_offerings()}, {"team.yaml", team}, {"overlay.yaml", overlay}});
  REQUIRE(changed.catalog.offerings.size() == 2);
  CHECK(changed.catalog.offerings[0].source == "a newer quote");
  CHECK(changed.catalog.offerings[0].estimated_fields == std::vector<std::string>{"stock"});
  CHECK(changed.catalog.offerings[1].source == "the same quote");
  CHECK(changed.catalog.offerings[1].estimated_fields == std::vector<std::string>{"stock", "pricing.reserved_1y"});

  // Changing a copy of a record (as the importer and tests do) leaves the record it was copied from.
  Offering copy = two;
  copy.estimated_fields.emplace_back("max_nodes");
  copy.source = "edited";
  CHECK(copy.estimated_fields.size() == 3);
  CHECK(two.estimated_fields.size() == 2);
  CHECK(two.source == "the same quote");
}

namespace {
// A Blackwell GPU and an MLA mixture-of-experts model shaped like DeepSeek-V3 (config.json of
// deepseek-ai/DeepSeek-V3), on top of the small catalog.
const std::string moe_file =
    "schema_version: 1\n"
    "gpus:\n"
    "  - id: b200\n"
    "    name: NVIDIA B200\n"
    "    architecture: blackwell\n"
    "    memory_gb: 180\n"
    "    memory_bandwidth_gbps: 7700\n"
    "    bf16_dense_tflops: 2250\n"
    "    fp8_dense_tflops: 4500\n"
    "    fp4_dense_tflops: 9000\n"
    "    source: test\n"
    "models:\n"
    "  - id: deepseek-v3\n"
    "    name: DeepSeek-V3\n"
    "    family: moe\n"
    "    params: 671026419200\n"
    "    active_params: 37552297472\n"
    "    layers: 61\n"
    "    hidden: 7168\n"
    "    heads: 128\n"
    "    kv_heads: 128\n"
    "    ffn: 18432\n"
    "    experts: 256\n"
    "    experts_per_token: 8\n"
    "    shared_experts: 1\n"
    "    expert_ffn: 2048\n"
    "    dense_layers: 3\n"
    "    attention: mla\n"
    "    head_dim: 128\n"
    "    kv_lora_rank: 512\n"
    "    qk_rope_head_dim: 64\n"
    "    source: test\n"
    "  - id: gqa-model\n"
    "    name: GQA model\n"
    "    params: 8e9\n"
    "    heads: 32\n"
    "    kv_heads: 8\n"
    "    source: test\n";
}  // namespace

TEST_CASE("fp4 and the MoE and attention fields load, and overlays change them field by field", "[catalog]") {
  const LoadResult base = load_files({{"small.yaml", small_catalog()}, {"moe.yaml", moe_file}});
  CHECK(formatted(base.diagnostics).empty());
  REQUIRE(base.ok());
  const Gpu* b200 = base.catalog.find_gpu("b200");
  REQUIRE(b200 != nullptr);
  CHECK(b200->architecture == "blackwell");
  CHECK(b200->fp4_dense_tflops == 9000);
  CHECK_FALSE(base.catalog.find_gpu("h100-sxm5-80gb")->fp4_dense_tflops.has_value());
  CHECK(to_json(*b200)["fp4_dense_tflops"] == 9000.0);
  CHECK_FALSE(to_json(*base.catalog.find_gpu("h100-sxm5-80gb")).contains("fp4_dense_tflops"));

  const ModelPreset* deepseek = base.catalog.find_model("deepseek-v3");
  REQUIRE(deepseek != nullptr);
  CHECK(deepseek->shape.experts == 256);
  CHECK(deepseek->shape.experts_per_token == 8);
  CHECK(deepseek->shape.shared_experts == 1);
  CHECK(deepseek->expert_ffn == 2048);
  CHECK(deepseek->shape.dense_layers == 3);
  CHECK(deepseek->attention == AttentionKind::mla);
  CHECK(deepseek->shape.head_dim == 128);
  CHECK(deepseek->shape.kv_lora_rank == 512);
  CHECK(deepseek->shape.qk_rope_head_dim == 64);
  CHECK(to_json(*deepseek)["attention"] == "mla");
  // Attention left out: derived from the heads.
  CHECK(base.catalog.find_model("gqa-model")->attention == AttentionKind::gqa);
  CHECK(base.catalog.find_model("gqa-model")->shape.experts == 0);
  CHECK(base.catalog.find_model("llama-2-7b")->attention == AttentionKind::mha);

  const std::string team =
      "schema_version: 1\n"
      "gpus:\n"
      "  - id: b200\n"
      "    fp4_dense_tflops: null\n"
      "models:\n"
      "  - id: deepseek-v3\n"
      "    experts_per_token: 4\n"
      "  - id: gqa-model\n"
      "    kv_heads: 32\n";
  const LoadResult merged = load_files({{"small.yaml", small_catalog()}, {"moe.yaml", moe_file}, {"team.yaml", team}});
  CHECK(formatted(merged.diagnostics).empty());
  CHECK_FALSE(merged.catalog.find_gpu("b200")->fp4_dense_tflops.has_value());
  CHECK(merged.catalog.find_gpu("b200")->fp8_dense_tflops == 4500);
  auto expected = to_json(*deepseek);
  expected["experts_per_token"] = 4;
  CHECK(to_json(*merged.catalog.find_model("deepseek-v3")) == expected);
  // Still unnamed after the overlay: derived again from the merged heads.
  CHECK(merged.catalog.find_model("gqa-model")->attention == AttentionKind::mha);
}

TEST_CASE("out-of-range and unknown values of the new fields are rejected at the value", "[catalog]") {
  const std::string team =
      "schema_version: 1\n"
      "gpus:\n"
      "  - id: b200\n"
      "    fp4_dense_tflops: 0\n"
      "    architecture: blackwel\n"
      "  - id: h100-sxm5-80gb\n"
      "    fp4_dense_tflops: -9000\n"
      "models:\n"
      "  - id: deepseek-v3\n"
      "    experts: -1\n"
      "    experts_per_token: 2.5\n"
      "    attention: mlaa\n"
      "    head_dim: 20000\n"
      "    kv_lora_rank: \"512\"\n"
      "    attenton: mla\n";
  const LoadResult result = load_files({{"small.yaml", small_catalog()}, {"moe.yaml", moe_file}, {"team.yaml", team}});
  CHECK(formatted(result.diagnostics) ==
        std::vector<std::string>{
            "team.yaml:4:23: error: fp4_dense_tflops 0 is out of range (must be above 0 and at most 80000); " +
                range_hint,
            "team.yaml:5:19: error: unknown architecture 'blackwel'; did you mean 'blackwell'? (choose one of: "
            "volta, turing, ampere, ada, hopper, blackwell, cdna3, cdna4, davinci)",
            "team.yaml:7:23: error: fp4_dense_tflops -9000 is out of range (must be above 0 and at most 80000); " +
                range_hint,
            "team.yaml:10:14: error: experts -1 is out of range (must be at least 0 and at most 10000); " + range_hint,
            "team.yaml:11:24: error: expected a whole number for 'experts_per_token', got '2.5'; write a whole "
            "number such as 8",
            "team.yaml:12:16: error: unknown attention 'mlaa'; did you mean 'mla'? (choose one of: mha, gqa, mla)",
            "team.yaml:13:15: error: head_dim 20000 is out of range (must be at least 0 and at most 10000); " +
                range_hint,
            "team.yaml:14:19: error: expected a whole number for 'kv_lora_rank', got the quoted string '512'; "
            "write a whole number such as 8",
            "team.yaml:15:5: error: unknown key 'attenton' in model 'deepseek-v3'; did you mean "
            "'attention'? (the keys of models are in docs/catalog.md)",
        });
  // Refused values leave the earlier ones in place.
  CHECK(result.catalog.find_gpu("b200")->fp4_dense_tflops == 9000);
  CHECK(result.catalog.find_model("deepseek-v3")->shape.experts == 256);
  CHECK(result.catalog.find_model("deepseek-v3")->attention == AttentionKind::mla);
}

TEST_CASE("inconsistent MoE and MLA fields are reported after overlays at the file that broke them", "[catalog]") {
  const std::string team =
      "schema_version: 1\n"
      "models:\n"
      "  - id: deepseek-v3\n"
      "    experts_per_token: 300\n"
      "    dense_layers: 62\n"
      "  - id: llama-2-7b\n"
      "    kv_lora_rank: 512\n"
      "  - id: gqa-model\n"
      "    attention: mla\n"
      "    experts: 8\n"
      "    experts_per_token: 2\n"
      "  - id: dense-with-moe-keys\n"
      "    name: dense\n"
      "    params: 1e9\n"
      "    shared_experts: 1\n"
      "    source: test\n";
  const LoadResult result = load_files({{"small.yaml", small_catalog()}, {"moe.yaml", moe_file}, {"team.yaml", team}});
  CHECK(formatted(result.diagnostics) ==
        std::vector<std::string>{
            "team.yaml:3:9: error: model 'deepseek-v3' has experts_per_token 300 above experts 256 (after "
            "overlays); experts_per_token is the top-k of the routed experts; a dense model has experts 0 and "
            "experts_per_token 0",
            "team.yaml:3:9: error: model 'deepseek-v3' has dense_layers 62 above layers 61 (after overlays); "
            "dense_layers counts the layers with a dense FFN (DeepSeek-V3: the first 3 of 61)",
            "team.yaml:6:9: error: model 'llama-2-7b' has kv_lora_rank or qk_rope_head_dim but attention mha "
            "(after overlays); write 'attention: mla' for multi-head latent attention, or remove the MLA keys",
            "team.yaml:8:9: error: model 'gqa-model' has experts 8 but expert_ffn 0 (after overlays); set "
            "expert_ffn to one expert's intermediate size (config.json moe_intermediate_size)",
            "team.yaml:8:9: error: model 'gqa-model' has attention mla but kv_lora_rank 0 (after overlays); set "
            "kv_lora_rank (config.json kv_lora_rank, 512 for DeepSeek-V3) and qk_rope_head_dim",
            "team.yaml:12:9: error: model 'dense-with-moe-keys' has shared_experts, expert_ffn or dense_layers "
            "but experts 0 (after overlays); set experts for a mixture of experts, or remove the MoE keys from "
            "a dense model",
        });
}

TEST_CASE("wrong types, non-finite and overflowing numbers are reported at the value", "[catalog]") {
  const std::string team =
      "schema_version: 1\n"
      "gpus:\n"
      "  - id: h100-sxm5-80gb\n"
      "    memory_gb: abc\n"
      "    tdp_watts: \"700\"\n"
      "    fp32_tflops: 1e309\n"
      "    fp8_dense_tflops: .nan\n"
      "    architecture: hoper\n"
      "    aliases: H100\n"
      "    int8_dense_tops: -.inf\n"
      "providers:\n"
      "  - id: lambda\n"
      "    sla_credits: yes\n";
  const LoadResult result = load_files({{"small.yaml", small_catalog()}, {"team.yaml", team}});
  CHECK(formatted(result.diagnostics) ==
        std::vector<std::string>{
            "team.yaml:4:16: error: expected a number for 'memory_gb', got 'abc'; write a plain "
            "number such as 80 or 23.92",
            "team.yaml:5:16: error: expected a number for 'tdp_watts', got the quoted string '700'; "
            "write the number without quotes",
            "team.yaml:6:18: error: fp32_tflops '1e309' is out of range for a number (overflows or "
            "underflows a double); write a finite number of sensible size",
            "team.yaml:7:23: error: fp8_dense_tflops '.nan' is not a finite number; write a finite "
            "number (NaN and infinity are not allowed)",
            "team.yaml:8:19: error: unknown architecture 'hoper'; did you mean 'hopper'? (choose one of: "
            "volta, turing, ampere, ada, hopper, blackwell, cdna3, cdna4, davinci)",
            "team.yaml:9:14: error: expected a list of strings for 'aliases', got 'H100'; write "
            "[H100] for a list of one",
            "team.yaml:10:22: error: int8_dense_tops '-.inf' is not a finite number; write a finite "
            "number (NaN and infinity are not allowed)",
            "team.yaml:13:18: error: expected true or false for 'sla_credits', got 'yes'; write true "
            "or false (yes/no/on/off and quoted values are not accepted)",
        });
  // A refused value leaves the earlier one in place.
  CHECK(result.catalog.gpus[0].memory_gb == 80);
  CHECK(result.catalog.gpus[0].fp8_dense_tflops == 1979);
}

TEST_CASE("out-of-range values, bad dates and unknown keys are each reported", "[catalog]") {
  const std::string team =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    gpu_count: 65\n"
      "    gpu_fraction: 0\n"
      "    pricing: {on_demand: 20000, spot: -1}\n"
      "    spot_interruption_pct: 101\n"
      "    as_of: 2026-13-01\n"
      "    max_nodes: 2.5\n"
      "    regoins: [eu]\n"
      "    stock: plenty\n"
      "gpus:\n"
      "  - id: h100-sxm5-80gb\n"
      "    memory_gb: 0\n"
      "    memory_bandwidth_gbps: 33500\n";
  const LoadResult result = load_files({{"small.yaml", small_catalog()}, {"team.yaml", team}});
  CHECK(formatted(result.diagnostics) ==
        std::vector<std::string>{
            // The overlay changes prices and names no source of its own.
            "team.yaml:3:9: warning: offering 'lambda/gpu_8x_h100_sxm5': the overlay changes prices without its "
            "own source, so the record still dates them '2026-05-20' and credits 'anycloud-sh/catalog "
            "lambda/vms.csv @62ff0a98'; add as_of (the date of the quote) and source (who quoted it) to the overlay "
            "record",
            "team.yaml:4:16: error: gpu_count 65 is out of range (must be at least 1 and at most "
            "64); " +
                range_hint,
            "team.yaml:5:19: error: gpu_fraction 0 is out of range (must be above 0 and at most 1); " + range_hint,
            // The price ceiling is in USD (catalog::max_price_usd_per_hour), checked after the rates load.
            "team.yaml:6:26: error: pricing.on_demand 20000 USD is 20000 USD per instance-hour for offering "
            "'lambda/gpu_8x_h100_sxm5', above the 10000 USD ceiling; write the price per instance-hour in the "
            "provider's currency (not per month, not in cents)",
            "team.yaml:6:39: error: pricing.spot -1 is out of range (must be at least 0.001 and at most "
            "1e+09); " +
                range_hint,
            "team.yaml:7:28: error: spot_interruption_pct 101 is out of range (must be at least 0 and "
            "at most 100); " +
                range_hint,
            "team.yaml:8:12: error: as_of '2026-13-01' is not a date YYYY-MM-DD from 1970 to 2200; write the date as "
            "YYYY-MM-DD, e.g. 2026-05-20",
            "team.yaml:9:16: error: expected a whole number for 'max_nodes', got '2.5'; write a whole "
            "number such as 8",
            "team.yaml:10:5: error: unknown key 'regoins' in offering 'lambda/gpu_8x_h100_sxm5'; did "
            "you mean 'regions'? (the keys of offerings are in docs/catalog.md)",
            "team.yaml:11:12: error: unknown stock 'plenty'; choose one of: unknown, low, medium, high",
            "team.yaml:14:16: error: memory_gb 0 is out of range (must be above 0 and at most 1024); " + range_hint,
            "team.yaml:15:28: error: memory_bandwidth_gbps 33500 is out of range (must be above 0 "
            "and at most 20000); " +
                range_hint,
        });
}

TEST_CASE("structural problems are reported in file order and parsing continues", "[catalog]") {
  const std::string bad =
      "schema_version: 2\n"
      "gpu:\n"
      "  - id: x\n"
      "offerings: {id: a}\n"
      "providers:\n"
      "  - just-a-string\n"
      "  - id: p\n"
      "    name: P\n"
      "    name: Q\n"
      "models:\n"
      "  - name: no id here\n";
  const LoadResult result = load_files({{"bad.yaml", bad}});
  CHECK(formatted(result.diagnostics) ==
        std::vector<std::string>{
            "bad.yaml:1:17: error: schema_version must be 1, got '2'; write 'schema_version: 1' "
            "(the only version this gpuselect reads)",
            "bad.yaml:2:1: error: unknown top-level key 'gpu'; did you mean 'gpus'? (choose one of: schema_version, gpus, "
            "providers, offerings, models, currencies)",
            "bad.yaml:4:12: error: 'offerings' must be a list of records, got a map; write each "
            "record as '- id: ...' under offerings:",
            "bad.yaml:6:5: error: each entry of 'providers' must be a map, got 'just-a-string'; "
            "write the record as '- id: ...' with one key per line",
            "bad.yaml:7:5: error: provider 'p' (introduced in bad.yaml) is missing required keys: "
            "currency, as_of, source; add them; a record with a new id needs them (an overlay must "
            "reuse an existing id)",
            "bad.yaml:9:5: error: duplicate key 'name' in one provider record; keep one of them; the "
            "second was ignored",
            "bad.yaml:11:5: error: model record has no 'id'; add 'id: ...' naming the model; the "
            "record was skipped",
        });
  REQUIRE(result.catalog.providers.size() == 1);
  CHECK(result.catalog.providers[0].name == "P");
  CHECK(formatted(load_files({{"e.yaml", "schema_version: 1\ngpus:\n  - id: \"\"\n"}}).diagnostics) ==
        std::vector<std::string>{"e.yaml:3:9: error: 'id' is empty or only spaces and control characters; "
                                 "name the gpu; the record was skipped"});
  CHECK(result.catalog.models.empty());
}

TEST_CASE("problems from several files come in file order, then by position", "[catalog]") {
  const std::string first =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: acme/h100x8\n"
      "    provider: lambd\n"
      "    gpu: H100\n"
      "    gpu_count: 8\n"
      "    gpu_fraction: 0.5\n"
      "    regions: [eu]\n"
      "    as_of: 2026-05-01\n"
      "    source: team\n";
  const std::string second =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: acme/h100x8\n"
      "    vcpus: many\n"
      "  - id: acme/new\n"
      "    gpu_count: 1\n";
  const LoadResult result = load_files({{"small.yaml", small_catalog()}, {"a.yaml", first}, {"b.yaml", second}});
  CHECK(formatted(result.diagnostics) ==
        std::vector<std::string>{
            "a.yaml:3:5: error: offering 'acme/h100x8' has gpu_fraction 0.5 but isolation "
            "passthrough; a share of one GPU needs 'isolation: vgpu'; otherwise set gpu_fraction: 1",
            "a.yaml:4:15: error: offering 'acme/h100x8' names provider 'lambd', which no catalog "
            "file defines; did you mean 'lambda'? (add it under providers: or fix the id)",
            "a.yaml:5:10: error: offering 'acme/h100x8' names gpu 'H100', which no catalog file "
            "defines; did you mean 'h100-sxm5-80gb'? (offerings name GPUs by id)",
            "b.yaml:4:12: error: expected a whole number for 'vcpus', got 'many'; write a whole "
            "number such as 8",
            "b.yaml:5:5: error: offering 'acme/new' (introduced in b.yaml) is missing required keys: "
            "provider, gpu, regions, as_of, source; add them; a record with a new id needs them (an "
            "overlay must reuse an existing id)",
        });
}

TEST_CASE("a provider reference fixed by a later overlay resolves", "[catalog]") {
  const std::string team =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    provider: nobody\n";
  const std::string fix =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    provider: lambda\n";
  const LoadResult broken = load_files({{"small.yaml", small_catalog()}, {"team.yaml", team}});
  CHECK(formatted(broken.diagnostics) ==
        std::vector<std::string>{"team.yaml:4:15: error: offering 'lambda/gpu_8x_h100_sxm5' names "
                                 "provider 'nobody', which no catalog file defines; add it under "
                                 "providers: or fix the id"});
  const LoadResult fixed = load_files({{"small.yaml", small_catalog()}, {"team.yaml", team}, {"fix.yaml", fix}});
  CHECK(fixed.ok());
}

TEST_CASE("a duplicate id in one file is reported and the second record skipped", "[catalog]") {
  const std::string team =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    vcpus: 100\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    vcpus: 200\n";
  const LoadResult result = load_files({{"small.yaml", small_catalog()}, {"team.yaml", team}});
  CHECK(formatted(result.diagnostics) ==
        std::vector<std::string>{"team.yaml:5:9: error: duplicate offering id 'lambda/gpu_8x_h100_sxm5' in this file "
                                 "(first at line 3); merge the two records or rename one; the second was skipped"});
  CHECK(result.catalog.offerings[0].vcpus == 100);
}

TEST_CASE("nested maps report unknown and misplaced keys with their dotted names", "[catalog]") {
  const std::string team =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    pricing: {on_demnd: 1}\n"
      "    network: 100\n"
      "    vcpus: {a: 1}\n"
      "    pricing.spot: 2\n";
  const LoadResult result = load_files({{"small.yaml", small_catalog()}, {"team.yaml", team}});
  CHECK(formatted(result.diagnostics) ==
        std::vector<std::string>{
            // pricing.spot changes a price without the overlay's own as_of and source.
            "team.yaml:3:9: warning: offering 'lambda/gpu_8x_h100_sxm5': the overlay changes prices without its own "
            "as_of and source, so the record still dates them '2026-05-20' and credits 'anycloud-sh/catalog "
            "lambda/vms.csv @62ff0a98'; add as_of (the date of the quote) and source (who quoted it) to the overlay "
            "record",
            "team.yaml:4:15: error: unknown key 'pricing.on_demnd' in offering "
            "'lambda/gpu_8x_h100_sxm5'; did you mean 'pricing.on_demand'? (the keys of offerings are in "
            "docs/catalog.md)",
            "team.yaml:5:14: error: 'network' must be a map (keys bandwidth_gbps, rdma); write it as "
            "network: {bandwidth_gbps: ...}",
            "team.yaml:6:12: error: expected a whole number for 'vcpus', got a map; write a single "
            "value",
        });
  // A literal dotted key is the same key as the nested one.
  CHECK(result.catalog.offerings[0].pricing.spot == 2);
}

TEST_CASE("aliases and anchors are refused", "[catalog]") {
  const std::string text =
      "schema_version: 1\n"
      "gpus:\n"
      "  - id: g\n"
      "    aliases: &names [a, b]\n"
      "    name: *names\n";
  const LoadResult result = load_files({{"alias.yaml", text}});
  const auto lines = formatted(result.diagnostics);
  REQUIRE(lines.size() >= 2);
  // The alias counts as a (refused) value for name, so name is not also reported missing.
  CHECK(lines[0] ==
        "alias.yaml:3:5: error: gpu 'g' (introduced in alias.yaml) is missing required "
        "keys: memory_gb, memory_bandwidth_gbps, bf16_dense_tflops, source; add "
        "them; a record with a new id needs them (an overlay must reuse an existing id)");
  CHECK(lines[1] ==
        "alias.yaml:4:14: error: aliases are not supported (found an &anchor); remove "
        "the anchor and write values out in full");
  CHECK(lines[2] ==
        "alias.yaml:5:11: error: aliases are not supported; write the value out in full "
        "instead of *alias");
}

TEST_CASE("a billion-laughs document is refused at the first alias", "[catalog]") {
  std::string text = "schema_version: 1\nlol0: &l0 [lol]\n";
  for (int level = 1; level < 10; ++level) {
    text += "lol" + std::to_string(level) + ": &l" + std::to_string(level) + " [";
    for (int copy = 0; copy < 10; ++copy) text += (copy ? ", *l" : "*l") + std::to_string(level - 1);
    text += "]\n";
  }
  const LoadResult result = load_files({{"lol.yaml", text}});
  // Each alias is refused where it stands, never expanded: 10 unknown top-level keys, 10 anchors
  // and 90 aliases, one diagnostic each.
  CHECK_FALSE(result.ok());
  CHECK(result.diagnostics.size() == 110);
  CHECK(format_diagnostic(result.diagnostics[4]) ==
        "lol.yaml:3:12: error: aliases are not supported; write the value out in full instead of "
        "*alias");
}

TEST_CASE("100000 nested lists stop at the depth limit without recursion", "[catalog]") {
  const std::string text = "schema_version: 1\ngpus: " + std::string(100000, '[');
  const LoadResult result = load_files({{"deep.yaml", text}});
  CHECK(formatted(result.diagnostics) ==
        std::vector<std::string>{"deep.yaml:2:8: error: each entry of 'gpus' must be a map, got a "
                                 "list; write the record as '- id: ...' with one key per line",
                                 "deep.yaml:2:38: error: nesting deeper than 32 levels of maps and "
                                 "lists (LoadLimits::max_depth); flatten the file; catalog records "
                                 "need only a few levels"});
  const std::string maps = "schema_version: 1\ngpus: " + std::string(100000, '{');
  CHECK_FALSE(load_files({{"deep.yaml", maps}}).ok());
}

TEST_CASE("a UTF-8 BOM and CRLF line ends are accepted", "[catalog]") {
  std::string crlf = "\xEF\xBB\xBF";
  for (const char c : small_catalog()) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  const LoadResult plain = load_files({{"small.yaml", small_catalog()}});
  const LoadResult windows = load_files({{"small.yaml", crlf}});
  CHECK(formatted(windows.diagnostics).empty());
  REQUIRE(windows.catalog.offerings.size() == 1);
  CHECK(to_json(windows.catalog.offerings[0]) == to_json(plain.catalog.offerings[0]));
  CHECK(to_json(windows.catalog.providers[0]) == to_json(plain.catalog.providers[0]));
  CHECK(windows.catalog.where(windows.catalog.offerings[0].gpu_pos) == "small.yaml:50:10");

  const std::string bad = "\xEF\xBB\xBFschema_version: 1\r\ngpus:\r\n  - id: g\r\n    memory_gb: x\r\n";
  const auto lines = formatted(load_files({{"bad.yaml", bad}}).diagnostics);
  REQUIRE(lines.size() == 2);
  CHECK(lines[1].starts_with("bad.yaml:4:16: error: expected a number for 'memory_gb', got 'x'"));
}

TEST_CASE("empty files, scalar roots, list roots and a missing schema_version", "[catalog]") {
  const std::string empty_hint = "write 'schema_version: 1' and at least one record list";
  CHECK(formatted(load_files({{"e.yaml", ""}}).diagnostics) ==
        std::vector<std::string>{"e.yaml:1:1: error: empty catalog; " + empty_hint});
  CHECK(formatted(load_files({{"e.yaml", "# just a comment\n"}}).diagnostics) ==
        std::vector<std::string>{"e.yaml:1:1: error: empty catalog; " + empty_hint});
  CHECK(
      formatted(load_files({{"s.yaml", "hello\n"}}).diagnostics) ==
      std::vector<std::string>{"s.yaml:1:1: error: the top level must be a map (schema_version, gpus, providers, "
                               "offerings, models, currencies), got 'hello'; start the file with 'schema_version: 1'"});
  CHECK(
      formatted(load_files({{"l.yaml", "- a\n- b\n"}}).diagnostics) ==
      std::vector<std::string>{"l.yaml:1:1: error: the top level must be a map (schema_version, gpus, providers, "
                               "offerings, models, currencies), got a list; start the file with 'schema_version: 1'"});
  CHECK(formatted(load_files({{"m.yaml", "gpus: []\n"}}).diagnostics) ==
        std::vector<std::string>{"m.yaml:1:1: error: missing schema_version; add 'schema_version: "
                                 "1' at the top of the file"});
  CHECK(load_files({{"ok.yaml", "schema_version: 1\nofferings:\n"}}).ok());
  CHECK(formatted(load_files({{"two.yaml", "schema_version: 1\n---\nschema_version: 1\n"}}).diagnostics) ==
        std::vector<std::string>{"two.yaml:2:1: error: a catalog file holds one YAML document; "
                                 "found a second; remove the '---' line or split the file"});
}

TEST_CASE("a YAML syntax error reports libyaml's problem and position", "[catalog]") {
  const std::string text =
      "schema_version: 1\n"
      "gpus:\n"
      "  - id: a\n"
      "    name: [unclosed\n"
      "  - id: b\n";
  const LoadResult result = load_files({{"syntax.yaml", small_catalog()}, {"s.yaml", text}});
  const auto lines = formatted(result.diagnostics);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] ==
        "s.yaml:5:7: error: YAML syntax error: did not find expected ',' or ']' "
        "(while parsing a flow sequence); fix the YAML at this position; nothing after "
        "it was read");
}

TEST_CASE("scalar size and record count limits are enforced", "[catalog]") {
  LoadLimits limits;
  limits.max_scalar_bytes = 16;
  const std::string text =
      "schema_version: 1\n"
      "gpus:\n"
      "  - id: g\n"
      "    name: a name that is far too long\n";
  const auto lines = formatted(load_files({{"big.yaml", text}}, limits).diagnostics);
  REQUIRE(lines.size() == 2);
  CHECK(lines[1] ==
        "big.yaml:4:11: error: value is 27 bytes, above the limit of 16 "
        "(LoadLimits::max_scalar_bytes); shorten the value");

  LoadLimits small_files;
  small_files.max_file_bytes = 100;
  CHECK(formatted(load_files({{"small.yaml", small_catalog()}}, small_files).diagnostics) ==
        std::vector<std::string>{"small.yaml:1:1: error: file is " + std::to_string(small_catalog().size()) +
                                 " bytes, above the limit of 100 (LoadLimits::max_file_bytes); "
                                 "split the catalog into several files"});

  LoadLimits few;
  few.max_records = 3;
  const LoadResult result = load_files({{"small.yaml", small_catalog()}}, few);
  CHECK(formatted(result.diagnostics) ==
        std::vector<std::string>{"small.yaml:68:5: error: more than 3 records in all "
                                 "(LoadLimits::max_records); split the catalog or remove records"});
}

TEST_CASE("offerings written as YAML load back identically", "[catalog]") {
  const LoadResult base = load_files({{"small.yaml", small_catalog()}});
  REQUIRE(base.ok());
  std::vector<Offering> offerings = base.catalog.offerings;
  Offering tricky = offerings[0];
  tricky.id = "lambda/odd: one # two";
  tricky.instance_type = "8";
  tricky.regions = {"no", "on", "1.5", " lead", "trail ", "a,b", "ü", "null", "-x", "[x]", "say \"hi\""};
  tricky.pricing = {};
  tricky.pricing.spot = 0.1 + 0.2;  // needs all 17 digits to round-trip
  tricky.spot_interruption_pct.reset();
  tricky.estimated_fields.clear();
  tricky.source = "line\nbreak\ttab \\ back";
  tricky.gpu_fraction = 0.25;
  tricky.isolation = Isolation::vgpu;
  offerings.push_back(tricky);

  const std::vector<std::string> header = {"generated by a test", "second line"};
  const std::string yaml = write_offerings_yaml(offerings, header);
  CHECK(
      yaml.starts_with("# yaml-language-server: $schema=../docs/catalog.schema.json\n"
                       "# generated by a test\n# second line\nschema_version: 1\nofferings:\n"
                       "  - id: lambda/gpu_8x_h100_sxm5\n"));
  const LoadResult back = load_files({{"base.yaml", small_without_offerings()}, {"written.yaml", yaml}});
  CHECK(formatted(back.diagnostics).empty());
  REQUIRE(back.catalog.offerings.size() == offerings.size());
  for (std::size_t index = 0; index < offerings.size(); ++index) {
    CHECK(to_json(back.catalog.offerings[index]).dump() == to_json(offerings[index]).dump());
  }
  CHECK(back.catalog.offerings[1].pricing.spot == 0.1 + 0.2);
  CHECK(write_offerings_yaml(back.catalog.offerings, header) == yaml);
  CHECK(load_files({{"none.yaml", write_offerings_yaml({})}}).ok());
}

TEST_CASE("to_json uses the catalog's names, nests dotted keys and keeps null prices", "[catalog]") {
  const LoadResult base = load_files({{"small.yaml", small_catalog()}});
  const auto offering = to_json(base.catalog.offerings[0]);
  CHECK(offering["pricing"].dump() == R"({"on_demand":23.92,"spot":null,"reserved_1y":19.5,"reserved_3y":null})");
  CHECK(offering["network"].dump() == R"({"bandwidth_gbps":3200.0,"rdma":"infiniband"})");
  CHECK(offering.begin().key() == "id");
  CHECK(offering["isolation"] == "bare-metal");
  const auto provider = to_json(base.catalog.providers[0]);
  CHECK(provider["support"]["hours"] == "business");
  CHECK(provider["recovery"]["failover_minutes"].is_null());
  Gpu bare = base.catalog.gpus[0];
  bare.fp8_dense_tflops.reset();
  CHECK_FALSE(to_json(bare).contains("fp8_dense_tflops"));
  CHECK(to_json(base.catalog.gpus[0])["fp8_dense_tflops"] == 1979.0);
}

TEST_CASE("known_keys lists each record kind's dotted keys", "[catalog]") {
  const auto keys = known_keys("offerings");
  CHECK(keys.front() == "id");
  CHECK(std::find(keys.begin(), keys.end(), "pricing.reserved_3y") != keys.end());
  CHECK(std::find(keys.begin(), keys.end(), "network.rdma") != keys.end());
  CHECK(std::find(keys.begin(), keys.end(), "pricing.monthly") != keys.end());
  CHECK(std::find(keys.begin(), keys.end(), "pricing.yearly") != keys.end());
  // With aliases, name_zh, discount_pct.on_demand, .spot, .reserved_1y, .reserved_3y, spot_reclaim's three
  // and capacity_block's eight.
  const auto provider_keys = known_keys("providers");
  CHECK(provider_keys.size() == 47);
  CHECK(std::find(provider_keys.begin(), provider_keys.end(), "name_zh") != provider_keys.end());
  const auto gpu_keys = known_keys("gpus");
  CHECK(std::find(gpu_keys.begin(), gpu_keys.end(), "name_zh") != gpu_keys.end());
  for (const char* key : {"spot_reclaim.notice_seconds", "spot_reclaim.as_of", "spot_reclaim.source"}) {
    CHECK(std::find(provider_keys.begin(), provider_keys.end(), key) != provider_keys.end());
  }
  CHECK(known_keys("currencies") == std::vector<std::string>{"code", "per_usd", "as_of", "source"});
  CHECK(known_keys("nonsense").empty());
}

TEST_CASE("spot_reclaim: a provider's published notice loads with its source, and overlays replace it whole",
          "[catalog][spot]") {
  const std::string rule =
      "schema_version: 1\n"
      "providers:\n"
      "  - id: lambda\n"
      "    spot_reclaim: {notice_seconds: 120, as_of: \"2026-11-30\", source: \"https://example.com/spot\"}\n";
  const LoadResult result = load_files({{"small.yaml", small_catalog()}, {"rule.yaml", rule}});
  CHECK(formatted(result.diagnostics).empty());
  REQUIRE(result.ok());
  const Provider::SpotReclaim& loaded = result.catalog.providers[0].spot_reclaim;
  CHECK(loaded.notice_seconds == 120);
  CHECK(loaded.as_of == "2026-11-30");
  CHECK(loaded.source == "https://example.com/spot");
  CHECK(result.catalog.where(loaded.notice_pos) == "rule.yaml:4:36");
  // Left out: none published (small.yaml's lambda has no rule).
  const LoadResult plain = load_files({{"small.yaml", small_catalog()}});
  REQUIRE(plain.ok());
  CHECK_FALSE(plain.catalog.providers[0].spot_reclaim.notice_seconds.has_value());
  // A later file with its own notice, date and page replaces the rule.
  const std::string team =
      "schema_version: 1\n"
      "providers:\n"
      "  - id: lambda\n"
      "    spot_reclaim: {notice_seconds: 30, as_of: \"2026-12-01\", source: \"negotiated terms\"}\n";
  const LoadResult merged = load_files({{"small.yaml", small_catalog()}, {"rule.yaml", rule}, {"team.yaml", team}});
  REQUIRE(merged.ok());
  CHECK(merged.catalog.providers[0].spot_reclaim.notice_seconds == 30);
  CHECK(merged.catalog.providers[0].spot_reclaim.source == "negotiated terms");
}

TEST_CASE("capacity_block: the fewest instances of a block may not exceed the most", "[catalog][block]") {
  const std::string clusters =
      "schema_version: 1\n"
      "providers:\n"
      "  - id: lambda\n"
      "    capacity_block: {max_instances: 64, min_instances: 2, daily_steps_days: 0, step_days: 7}\n";
  const LoadResult ok = load_files({{"small.yaml", small_catalog()}, {"rule.yaml", clusters}});
  CHECK(formatted(ok.diagnostics).empty());
  REQUIRE(ok.ok());
  CHECK(ok.catalog.providers[0].capacity_block.min_instances == 2);
  // An overlay that lowers the most below the fewest.
  const std::string crossed =
      "schema_version: 1\n"
      "providers:\n"
      "  - id: lambda\n"
      "    capacity_block: {max_instances: 1}\n";
  const auto diagnostics = formatted(
      load_files({{"small.yaml", small_catalog()}, {"rule.yaml", clusters}, {"team.yaml", crossed}}).diagnostics);
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].find("error: provider 'lambda' sells capacity blocks of at least 2 instances "
                            "(capacity_block.min_instances) and at most 1 (capacity_block.max_instances); set "
                            "capacity_block.min_instances at most capacity_block.max_instances") != std::string::npos);
  // Not one: at least 1.
  const std::string zero =
      "schema_version: 1\n"
      "providers:\n"
      "  - id: lambda\n"
      "    capacity_block: {max_instances: 4, min_instances: 0}\n";
  CHECK_FALSE(load_files({{"small.yaml", small_catalog()}, {"team.yaml", zero}}).ok());
}

TEST_CASE("spot_reclaim: a notice without its source or date, or out of range, is reported at the value",
          "[catalog][spot]") {
  const std::string no_source =
      "schema_version: 1\n"
      "providers:\n"
      "  - id: lambda\n"
      "    spot_reclaim: {notice_seconds: 120, as_of: \"2026-11-30\"}\n";
  CHECK(formatted(load_files({{"small.yaml", small_catalog()}, {"team.yaml", no_source}}).diagnostics) ==
        std::vector<std::string>{
            "team.yaml:4:36: error: provider 'lambda' sets spot_reclaim.notice_seconds 120 without "
            "spot_reclaim.source in the same file; add spot_reclaim.source (the page that publishes the notice) "
            "and spot_reclaim.as_of (the date it was read) next to it"});
  // An overlay that changes only the number would keep citing a page that does not say it.
  const std::string rule =
      "schema_version: 1\n"
      "providers:\n"
      "  - id: lambda\n"
      "    spot_reclaim: {notice_seconds: 120, as_of: \"2026-11-30\", source: \"https://example.com/spot\"}\n";
  const std::string number_only =
      "schema_version: 1\n"
      "providers:\n"
      "  - id: lambda\n"
      "    spot_reclaim:\n"
      "      notice_seconds: 300\n";
  CHECK(formatted(load_files({{"small.yaml", small_catalog()}, {"rule.yaml", rule}, {"team.yaml", number_only}})
                      .diagnostics) ==
        std::vector<std::string>{
            "team.yaml:5:23: error: provider 'lambda' sets spot_reclaim.notice_seconds 300 without "
            "spot_reclaim.source and spot_reclaim.as_of in the same file; add spot_reclaim.source (the page that "
            "publishes the notice) and spot_reclaim.as_of (the date it was read) next to it"});
  // Zero, negative and beyond an hour are refused where they are written.
  for (const char* value : {"0", "-5", "7200"}) {
    INFO(value);
    const std::string bad = std::string("schema_version: 1\nproviders:\n  - id: lambda\n    spot_reclaim: {notice_seconds: ") +
                            value + ", as_of: \"2026-11-30\", source: \"x\"}\n";
    const auto lines = formatted(load_files({{"small.yaml", small_catalog()}, {"team.yaml", bad}}).diagnostics);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0] == "team.yaml:4:36: error: spot_reclaim.notice_seconds " + std::string(value) +
                          " is out of range (must be above 0 and at most 3600); " + range_hint);
  }
}

TEST_CASE("lint warns about prices above on-demand, stale dates and odd specs", "[catalog]") {
  const LoadResult base = load_files({{"small.yaml", small_catalog()}});
  CHECK(formatted(lint(base.catalog, "2026-05-25")).empty());

  const std::string team =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    pricing: {spot: 30, reserved_3y: 20}\n"
      "gpus:\n"
      "  - id: h100-sxm5-80gb\n"
      "    fp8_dense_tflops: 500\n"
      "    memory_bandwidth_gbps: 3.35\n";
  const LoadResult merged = load_files({{"small.yaml", small_catalog()}, {"team.yaml", team}});
  REQUIRE(merged.ok());
  CHECK(formatted(lint(merged.catalog, "2026-05-25")) ==
        std::vector<std::string>{
            "team.yaml:7:23: warning: gpu 'h100-sxm5-80gb' has fp8_dense_tflops 500 below "
            "bf16_dense_tflops 989; fp8 tensor throughput is at least the bf16 figure on every GPU "
            "with fp8; check both",
            "team.yaml:8:28: warning: gpu 'h100-sxm5-80gb' has 295223.8805970149 bf16 FLOP per byte "
            "of bandwidth, outside the plausible 20 to 2000; check the units: bf16_dense_tflops in "
            "TFLOPS, memory_bandwidth_gbps in GB/s",
            "team.yaml:4:21: warning: offering 'lambda/gpu_8x_h100_sxm5' has pricing.spot 30 above "
            "pricing.on_demand 23.92; a discounted mode normally costs less; check both prices",
            "team.yaml:4:38: warning: offering 'lambda/gpu_8x_h100_sxm5' has pricing.reserved_3y 20 "
            "above pricing.reserved_1y 19.5; a discounted mode normally costs less; check both "
            "prices",
        });

  const auto stale = formatted(lint(base.catalog, "2027-01-01", 180));
  CHECK(stale == std::vector<std::string>{
                     "small.yaml:44:12: warning: provider 'lambda' data is 226 days old (as_of "
                     "2026-05-20; stale after 180 days); re-check the source and update the values "
                     "and as_of",
                     "small.yaml:64:12: warning: offering 'lambda/gpu_8x_h100_sxm5' data is 226 days "
                     "old (as_of 2026-05-20; stale after 180 days); re-check the source and update "
                     "the values and as_of",
                     "small.yaml:95:12: warning: currency 'CNY' data is 245 days old (as_of "
                     "2026-05-01; stale after 180 days); re-check the source and update the values "
                     "and as_of",
                 });
  const auto future = formatted(lint(base.catalog, "2026-05-10"));
  REQUIRE(future.size() == 2);
  CHECK(future[0] ==
        "small.yaml:44:12: warning: provider 'lambda' as_of 2026-05-20 is in the future "
        "(today is 2026-05-10); fix the date");
}

// Issue 12 item 10: a finding about values an overlay set is the overlay's, at the line that set
// the value, not the defining file's record; a value the overlay left alone keeps its own file.
TEST_CASE("lint attributes each finding to the file and line that set the offending value", "[catalog]") {
  // small.yaml's lambda/gpu_8x_h100_sxm5 has on_demand 23.92 and reserved_1y 19.5.
  const std::string team =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    pricing: {spot: 50}\n"
      "    as_of: \"2025-01-01\"\n";
  const LoadResult merged = load_files({{"small.yaml", small_catalog()}, {"team.yaml", team}});
  REQUIRE(merged.ok());
  const auto found = formatted(lint(merged.catalog, "2026-06-01", 180));
  CHECK(found == std::vector<std::string>{
                     "team.yaml:4:21: warning: offering 'lambda/gpu_8x_h100_sxm5' has pricing.spot 50 above "
                     "pricing.on_demand 23.92; a discounted mode normally costs less; check both prices",
                     "team.yaml:5:12: warning: offering 'lambda/gpu_8x_h100_sxm5' data is 516 days old (as_of "
                     "2025-01-01; stale after 180 days); re-check the source and update the values and as_of",
                 });

  // An overlay that lowers on-demand under the built-in reserved price owns that finding too.
  const std::string lowered =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    pricing:\n"
      "      on_demand: 10\n";
  const LoadResult cheaper = load_files({{"small.yaml", small_catalog()}, {"lowered.yaml", lowered}});
  REQUIRE(cheaper.ok());
  const auto below = formatted(lint(cheaper.catalog, "2026-05-25"));
  REQUIRE_FALSE(below.empty());
  for (const auto& line : below) {
    INFO(line);
    CHECK(line.rfind("lowered.yaml:5:18: warning: offering 'lambda/gpu_8x_h100_sxm5' has pricing.", 0) == 0);
  }
}

TEST_CASE("the embedded built-in catalog loads with no errors", "[catalog]") {
  std::vector<SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  REQUIRE_FALSE(sources.empty());
  const LoadResult result = load(sources);
  CHECK(formatted(result.diagnostics).empty());
  CHECK_FALSE(result.catalog.gpus.empty());
  CHECK_FALSE(result.catalog.providers.empty());
  CHECK_FALSE(result.catalog.offerings.empty());
  for (const Offering& offering : result.catalog.offerings) {
    CHECK(result.catalog.gpu_of(offering).id == offering.gpu);
    CHECK(result.catalog.provider_of(offering).id == offering.provider);
  }
}

TEST_CASE("the built-in 2026 presets and GPUs carry the published shapes", "[catalog]") {
  std::vector<SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  const LoadResult result = load(sources);
  REQUIRE(result.ok());
  const Catalog& catalog = result.catalog;

  // KV-cache bytes per token at 16-bit over all layers, MODELS-2026.md Table 3:
  // MLA (kv_lora_rank + qk_rope_head_dim) x layers x 2; GQA 2 x layers x kv_heads x head_dim x 2.
  auto kv_bytes_per_token = [](const ModelPreset& model) {
    if (model.attention == AttentionKind::mla) return (model.shape.kv_lora_rank + model.shape.qk_rope_head_dim) * model.shape.layers * 2;
    const int head_dim = model.shape.head_dim > 0 ? model.shape.head_dim : model.shape.hidden / model.shape.heads;
    return 2 * model.shape.layers * model.shape.kv_heads * head_dim * 2;
  };
  const std::vector<std::pair<std::string, int>> kv_table = {
      {"deepseek-v3", 70272},       {"deepseek-r1", 70272},   {"qwen3-8b", 147456},        {"qwen3-14b", 163840},
      {"qwen3-32b", 262144},        {"qwen3-30b-a3b", 98304}, {"qwen3-235b-a22b", 192512}, {"llama-4-scout", 196608},
      {"llama-4-maverick", 196608}, {"gpt-oss-20b", 49152},   {"gpt-oss-120b", 73728},     {"gemma-3-4b", 139264},
      {"gemma-3-12b", 393216},      {"gemma-3-27b", 507904},
  };
  for (const auto& [id, bytes] : kv_table) {
    const ModelPreset* model = catalog.find_model(id);
    REQUIRE(model != nullptr);
    INFO(id);
    CHECK(kv_bytes_per_token(*model) == bytes);
  }

  // Published totals and active counts (MODELS-2026.md Table 1; active as counted there, input
  // embedding included) within 1%: the exact counts in data/models.yaml round to them.
  const std::vector<std::tuple<std::string, double, double>> sizes = {
      {"deepseek-v3", 671e9, 37.56e9},       {"qwen3-30b-a3b", 30.5e9, 3.35e9}, {"qwen3-235b-a22b", 235e9, 22.19e9},
      {"llama-4-maverick", 400.7e9, 17.2e9}, {"gpt-oss-120b", 116.8e9, 5.71e9}, {"gemma-3-27b", 27.01e9, 0},
  };
  for (const auto& [id, total, active] : sizes) {
    const ModelPreset* model = catalog.find_model(id);
    REQUIRE(model != nullptr);
    INFO(id);
    CHECK(model->shape.params == Approx(total).epsilon(0.01));
    if (active > 0) CHECK(model->shape.active_params == Approx(active).epsilon(0.01));
  }
  const ModelPreset& deepseek = *catalog.find_model("deepseek-ai/DeepSeek-V3");
  CHECK(deepseek.shape.experts == 256);
  CHECK(deepseek.shape.experts_per_token == 8);
  CHECK(deepseek.shape.shared_experts == 1);
  CHECK(deepseek.shape.dense_layers == 3);
  CHECK(catalog.find_model("qwen3-32b")->attention == AttentionKind::gqa);  // derived: 8 < 64

  // FP4 only where the silicon has it (GPU-SPECS-2026.md): Blackwell and CDNA4, not Hopper or CDNA3.
  for (const char* id : {"b200", "b300", "gb200", "rtx-5090", "rtx-pro-6000", "mi355x"}) {
    INFO(id);
    REQUIRE(catalog.find_gpu(id) != nullptr);
    CHECK(catalog.find_gpu(id)->fp4_dense_tflops.has_value());
  }
  for (const char* id : {"h100-sxm5-80gb", "h200-sxm-141gb", "h20", "h800", "mi300x", "mi325x", "l40s"}) {
    INFO(id);
    REQUIRE(catalog.find_gpu(id) != nullptr);
    CHECK_FALSE(catalog.find_gpu(id)->fp4_dense_tflops.has_value());
  }
  // Dense, not "with sparsity": B200 BF16 is half NVIDIA's printed 4,500.
  CHECK(catalog.find_gpu("B200")->bf16_dense_tflops == 2250);
  // GeForce BF16 is the FP32-accumulate tensor rate, not the FP32 shader rate (RTX 3090: 71, not 35.6).
  CHECK(catalog.find_gpu("rtx-3090")->bf16_dense_tflops == 71);
  CHECK(*catalog.find_gpu("rtx-3090")->fp32_tflops == Approx(35.6));
}

namespace {
// A SourceText that hands out `text` through `read` in chunks of at most `chunk` bytes.
SourceText streamed(const std::string& name, const std::string& text, std::size_t chunk, std::size_t bytes) {
  auto offset = std::make_shared<std::size_t>(0);
  return SourceText(
      name,
      [&text, chunk, offset](char* buffer, std::size_t size) {
        const std::size_t count = std::min({chunk, size, text.size() - *offset});
        std::copy_n(text.data() + *offset, count, buffer);
        *offset += count;
        return count;
      },
      bytes);
}
}  // namespace

TEST_CASE("a catalog streamed in small chunks loads as the same text in memory", "[catalog]") {
  const std::string broken = small_catalog() + "  - id: [unclosed\n";
  for (const std::size_t chunk : {std::size_t{1}, std::size_t{7}, std::size_t{4096}}) {
    INFO("chunk " << chunk);
    const LoadResult whole = load_files({{"small.yaml", small_catalog()}});
    const LoadResult pieces = load(std::vector<SourceText>{streamed("small.yaml", small_catalog(), chunk, 0)});
    REQUIRE(pieces.ok());
    REQUIRE(pieces.catalog.offerings.size() == whole.catalog.offerings.size());
    for (std::size_t i = 0; i < whole.catalog.offerings.size(); ++i) {
      CHECK(to_json(pieces.catalog.offerings[i]) == to_json(whole.catalog.offerings[i]));
    }
    REQUIRE(pieces.catalog.providers.size() == whole.catalog.providers.size());
    CHECK(to_json(pieces.catalog.providers.back()) == to_json(whole.catalog.providers.back()));
    CHECK(pieces.catalog.gpus.size() == whole.catalog.gpus.size());
    // Positions in messages do not depend on how the bytes arrived.
    CHECK(formatted(load(std::vector<SourceText>{streamed("b.yaml", broken, chunk, broken.size())}).diagnostics) ==
          formatted(load_files({{"b.yaml", broken}}).diagnostics));
  }
}

TEST_CASE("a streamed catalog: limits without a known size, and the reader's errors", "[catalog]") {
  LoadLimits limits;
  limits.max_file_bytes = 100;
  // The size was not known up front (a pipe): the reader is stopped past the limit.
  CHECK(formatted(load(std::vector<SourceText>{streamed("pipe.yaml", small_catalog(), 64, 0)}, limits).diagnostics) ==
        std::vector<std::string>{"pipe.yaml:1:1: error: file is above the limit of 100 bytes "
                                 "(LoadLimits::max_file_bytes); split the catalog into several files"});
  // Known up front: refused before reading.
  CHECK(formatted(load(std::vector<SourceText>{streamed("big.yaml", small_catalog(), 64, 5000)}, limits).diagnostics) ==
        std::vector<std::string>{"big.yaml:1:1: error: file is 5000 bytes, above the limit of 100 "
                                 "(LoadLimits::max_file_bytes); split the catalog into several files"});
  // A failing read (the disk, the network file system) is passed on as the reader's own Error.
  const SourceText failing(
      "disk.yaml",
      [](char*, std::size_t) -> std::size_t {
        throw Error(ErrorKind::io, "disk.yaml", "cannot read: Input/output error", "check the file's permissions");
      },
      0);
  try {
    (void)load(std::vector<SourceText>{failing});
    FAIL("load() returned after the reader threw");
  } catch (const Error& error) {
    CHECK(error.kind() == ErrorKind::io);
    CHECK(std::string(error.what()).find("Input/output error") != std::string::npos);
  }
}

TEST_CASE("region_pricing: per-region prices, unnamed modes inherit pricing, written YAML reads back", "[catalog]") {
  const std::string team =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    regions: [us-east-1, us-west-1]\n"
      "    region_pricing:\n"
      "      - {region: us-west-1, on_demand: 27.5, spot: null}\n"
      "      - region: us-east-1\n"
      "        spot: 12.0\n"
      "        spot_min: 9.5\n";
  const LoadResult merged = load_files({{"small.yaml", small_catalog()}, {"team.yaml", team}});
  INFO(formatted(merged.diagnostics).size());
  REQUIRE(merged.ok());
  const Offering& offering = merged.catalog.offerings[0];
  REQUIRE(offering.region_prices.size() == 2);
  CHECK(offering.region_prices[0].region == "us-east-1");  // sorted
  CHECK(offering.pricing_in("us-east-1").on_demand == 23.92);  // inherited from pricing
  CHECK(offering.pricing_in("us-east-1").spot == 12.0);
  CHECK(offering.region_price("us-east-1")->spot_min == 9.5);
  CHECK(offering.pricing_in("us-west-1").on_demand == 27.5);
  CHECK_FALSE(offering.pricing_in("us-west-1").spot);  // null: no spot in that region
  CHECK(offering.pricing_in("us-west-1").reserved_1y == 19.5);
  CHECK(offering.pricing_in("eu-west-1").on_demand == 23.92);  // no entry: pricing
  CHECK(offering.sold_anywhere(PricingMode::spot));

  // What write_offerings_yaml makes of it loads back to the same prices.
  const std::string written = write_offerings_yaml(std::span<const Offering>(&offering, 1));
  const LoadResult again = load_files({{"small.yaml", small_catalog()}, {"written.yaml", written}});
  REQUIRE(again.ok());
  CHECK(to_json(again.catalog.offerings[0])["region_pricing"] == to_json(offering)["region_pricing"]);
}

TEST_CASE("region_pricing: bad entries are reported at the entry", "[catalog]") {
  const std::string team =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    region_pricing:\n"
      "      - {region: r1, on_demand: 1.0}\n"
      "      - {region: r1, on_demand: 2.0}\n"
      "      - {on_demand: 3.0}\n"
      "      - {region: r2, price: 3.0}\n"
      "      - {region: r3, spot: -1}\n"
      "      - just-a-name\n";
  const LoadResult result = load_files({{"small.yaml", small_catalog()}, {"team.yaml", team}});
  const auto lines = formatted(result.diagnostics);
  std::string all;
  for (const auto& line : lines) all += line + "\n";
  INFO(all);
  CHECK(all.find("team.yaml:6:9: error: region 'r1' appears twice in region_pricing") != std::string::npos);
  CHECK(all.find("team.yaml:7:9: error: region_pricing entry has no region") != std::string::npos);
  CHECK(all.find("unknown key 'price' in a region_pricing entry") != std::string::npos);
  CHECK(all.find("team.yaml:9:28: error: region_pricing.spot -1 is out of range") != std::string::npos);
  CHECK(all.find("items of 'region_pricing' must be maps") != std::string::npos);
}

TEST_CASE("every unknown key gets the closest keys of its record kind, a decimal comma gets a hint", "[catalog]") {
  const std::string team =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    priceing: {on_demand: 2.5}\n"
      "    pricing:\n"
      "      on_demand: 2,5\n"
      "    network: {bandwidth_gbps: 3,2}\n"
      "    zzzzzz: 1\n"
      "    region_pricing: [{region: us-east-1, on_demnd: 3}]\n"
      "gpus:\n"
      "  - id: h100-sxm5-80gb\n"
      "    memory_gb: 80,0\n"
      "    tdp_watts: \"700,5\"\n";
  const LoadResult result = load_files({{"small.yaml", small_catalog()}, {"team.yaml", team}});
  CHECK(formatted(result.diagnostics) ==
        std::vector<std::string>{
            // The overlay touches prices without dating them (issue 27): said before the key errors.
            "team.yaml:3:9: warning: offering 'lambda/gpu_8x_h100_sxm5': the overlay changes prices without its "
            "own as_of and source, so the record still dates them '2026-05-20' and credits 'anycloud-sh/catalog "
            "lambda/vms.csv @62ff0a98'; add as_of (the date of the quote) and source (who quoted it) to the overlay "
            "record",
            // A misspelt map name matches the map ("pricing" of pricing.on_demand, ...).
            "team.yaml:4:5: error: unknown key 'priceing' in offering 'lambda/gpu_8x_h100_sxm5'; did you mean "
            "'pricing'? (the keys of offerings are in docs/catalog.md)",
            "team.yaml:6:18: error: expected a number for 'pricing.on_demand', got '2,5'; use a dot as the decimal "
            "separator: 2.5",
            // YAML's flow map ends the value at the comma: 3 is read, and "2" becomes a key.
            "team.yaml:7:33: error: unknown key 'network.2' in offering 'lambda/gpu_8x_h100_sxm5'; a decimal comma "
            "inside { } splits the number at the comma; use a dot as the decimal separator (2.5, not 2,5)",
            // Nothing close: the three nearest keys of offerings, still a "did you mean".
            "team.yaml:8:5: error: unknown key 'zzzzzz' in offering 'lambda/gpu_8x_h100_sxm5'; did you mean one of "
            "'id', 'gpu', 'vcpus'? (the keys of offerings are in docs/catalog.md)",
            "team.yaml:9:52: error: unknown key 'on_demnd' in a region_pricing entry; did you mean 'on_demand'? (choose one "
            "of: region, on_demand, spot, spot_min, reserved_1y, reserved_3y, monthly, yearly, capacity_block)",
            "team.yaml:12:16: error: expected a number for 'memory_gb', got '80,0'; use a dot as the decimal "
            "separator: 80.0",
            "team.yaml:13:16: error: expected a number for 'tdp_watts', got the quoted string '700,5'; use a dot "
            "as the decimal separator: 700.5",
        });
}

TEST_CASE("closest_matches ranks every candidate and bounds the work", "[catalog]") {
  const std::vector<std::string> keys = {"memory_gb", "name", "vendor", "source"};
  CHECK(closest_matches("nmae", keys, 2) == std::vector<std::string>{"name", "vendor"});
  CHECK(closest_matches("xyz", keys, 10).size() == keys.size());
  // Longer than any suggestion considers (128 bytes): none, and no quadratic work.
  CHECK(closest_matches(std::string(200000, 'x'), keys, 3).empty());
  CHECK(units::decimal_comma_hint("1,000") ==
        std::optional<std::string>("use a dot as the decimal separator: 1.000 (or, for a thousands separator, "
                                   "write 1000)"));
  CHECK(!units::decimal_comma_hint("1,2,3"));
  CHECK(!units::decimal_comma_hint("abc,5"));
  CHECK(!units::decimal_comma_hint(std::string(100, '1') + ",5"));
}

TEST_CASE("a key that is not a string is reported at the key, and its value skipped, at every level", "[catalog]") {
  const std::string text =
      "schema_version: 1\n"
      "? [root]\n"
      ": 1\n"
      "providers:\n"
      "  - id: lambda\n"
      "    ? {record: 1}\n"
      "    : 2\n"
      "    name: Lambda overlaid\n"
      "    support: {? [nested] : 1, tier: basic}\n"
      "offerings:\n"
      "  - id: lambda/gpu_8x_h100_sxm5\n"
      "    region_pricing:\n"
      "      - {? [item] : 1, region: us-east-1, spot: 12.0}\n";
  const LoadResult result = load_files({{"small.yaml", small_catalog()}, {"keys.yaml", text}});
  const std::string hint = "; write the key as a plain word, e.g. on_demand: 1.5";
  CHECK(formatted(result.diagnostics) == std::vector<std::string>{
                                             "keys.yaml:2:3: error: keys must be strings, got a list" + hint,
                                             "keys.yaml:6:7: error: keys must be strings, got a map" + hint,
                                             "keys.yaml:9:17: error: keys must be strings, got a list" + hint,
                                             // region_pricing changes prices without the overlay's own as_of.
                                             "keys.yaml:11:9: warning: offering 'lambda/gpu_8x_h100_sxm5': the "
                                             "overlay changes prices without its own as_of and source, so the "
                                             "record still dates them '2026-05-20' and credits 'anycloud-sh/catalog "
                                             "lambda/vms.csv @62ff0a98'; add as_of (the date of the quote) and "
                                             "source (who quoted it) to the overlay record",
                                             "keys.yaml:13:12: error: keys must be strings, got a list" + hint,
                                         });
  // What follows each skipped entry is still read.
  REQUIRE(result.catalog.providers.size() == 1);
  CHECK(result.catalog.providers[0].name == "Lambda overlaid");
  CHECK(result.catalog.providers[0].support.tier == SupportTier::basic);
  REQUIRE(result.catalog.offerings.size() == 1);
  CHECK(result.catalog.offerings[0].pricing_in("us-east-1").spot == 12.0);
}
