// The plan store (gpuselect/plan_store.hpp; docs/performance.md "The plan store"): a ranking that reads
// the plans a run of the same job kept is the ranking that searched them; bytes that are damaged,
// another job's or another catalog's are never used; the profile digest tells jobs apart.
#include <array>
#include <optional>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "builtin_catalog.hpp"
#include "gpuselect/plan_store.hpp"
#include "gpuselect/render.hpp"
#include "gpuselect/scoring.hpp"
#include "scoring_invariants.hpp"

using namespace gpuselect;
using gpuselect::testing::options_for;

namespace {

workload::Profile profile_of(workload::Kind kind, const char* params, std::optional<int> seq_len = std::nullopt) {
  workload::Request request;
  request.kind = kind;
  request.params_text = params;
  request.seq_len = seq_len;
  return workload::resolve(request, testing::builtin_catalog());
}

// The ranking as the JSON document writes it (every row, its performance in place of the index, and
// the exclusions).
std::string ranking_json(const workload::Profile& profile, const scoring::Ranking& ranking,
                         const scoring::Options& options) {
  auto document = render::recommend_json({testing::builtin_catalog(), profile, ranking, options});
  auto& candidates = document["candidates"];
  for (auto& row : candidates) row["performance"] = document["performances"][row["performance"].get<std::size_t>()];
  return candidates.dump() + document["excluded"].dump();
}

constexpr std::string_view store_key = "catalog-0123456789abcdef.bin 0123456789abcdef";

}  // namespace

TEST_CASE("a ranking that reads a kept plan store is the ranking that searched its plans", "[plan_store][scoring]") {
  const auto& catalog = testing::builtin_catalog();
  struct Case {
    workload::Kind kind;
    const char* params;
  };
  const std::array<Case, 4> cases{{{workload::Kind::llm_finetune, "7e9"},
                                   {workload::Kind::llm_pretrain, "70e9"},
                                   {workload::Kind::llm_inference, "70e9"},
                                   {workload::Kind::notebook, "7e9"}}};
  for (const auto& example : cases) {
    INFO(workload::to_string(example.kind) << " " << example.params);
    const auto profile = profile_of(example.kind, example.params);
    auto options = options_for(example.kind);
    const std::string searched = ranking_json(profile, testing::rank_checked(catalog, profile, options), options);

    scoring::PlanStore store(profile);
    options.plan_store = &store;
    const std::string filling = ranking_json(profile, testing::rank_checked(catalog, profile, options), options);
    CHECK(filling == searched);
    REQUIRE(store.grown());
    CHECK(store.size() > 10);

    const std::string bytes = store.encode(store_key);
    auto kept = scoring::PlanStore::decode(bytes, store_key, profile, catalog.gpus.size());
    REQUIRE(kept);
    CHECK(kept->size() == store.size());
    CHECK_FALSE(kept->grown());
    CHECK(kept->encode(store_key).size() == bytes.size());
    options.plan_store = &*kept;
    CHECK(ranking_json(profile, testing::rank_checked(catalog, profile, options), options) == searched);
    CHECK_FALSE(kept->grown());  // every plan came from the store
  }
}

TEST_CASE("a plan store made for another job is neither read nor filled", "[plan_store][scoring]") {
  const auto& catalog = testing::builtin_catalog();
  const auto seven = profile_of(workload::Kind::llm_finetune, "7e9");
  const auto longer = profile_of(workload::Kind::llm_finetune, "7e9", 8192);
  auto options = options_for(workload::Kind::llm_finetune);
  scoring::PlanStore store(seven);
  options.plan_store = &store;
  (void)testing::rank_checked(catalog, seven, options);
  const std::size_t plans = store.size();
  REQUIRE(plans > 0);

  // A longer sequence needs other plans: a ranking of it with the 7B store is the ranking without.
  auto plain = options_for(workload::Kind::llm_finetune);
  const std::string alone = ranking_json(longer, testing::rank_checked(catalog, longer, plain), plain);
  CHECK(ranking_json(longer, testing::rank_checked(catalog, longer, options), options) == alone);
  CHECK(store.size() == plans);
  // Nor are its bytes decoded for that job.
  const std::string bytes = store.encode(store_key);
  CHECK_FALSE(scoring::PlanStore::decode(bytes, store_key, longer, catalog.gpus.size()));
  CHECK(scoring::PlanStore::decode(bytes, store_key, seven, catalog.gpus.size()));
}

TEST_CASE("the profile digest changes with each input of a plan", "[plan_store]") {
  const auto base = profile_of(workload::Kind::llm_finetune, "7e9");
  const std::uint64_t digest = scoring::profile_digest(base);
  CHECK(scoring::profile_digest(profile_of(workload::Kind::llm_finetune, "7e9")) == digest);
  const auto changed = [&](auto change) {
    workload::Profile profile = base;
    change(profile);
    return scoring::profile_digest(profile) != digest;
  };
  CHECK(changed([](workload::Profile& p) { p.kind = workload::Kind::llm_pretrain; }));
  CHECK(changed([](workload::Profile& p) { p.shape.layers += 1; }));
  CHECK(changed([](workload::Profile& p) { p.shape.params *= 1.0000001; }));
  CHECK(changed([](workload::Profile& p) { p.method = workload::Method::lora; }));
  CHECK(changed([](workload::Profile& p) { p.lora_targets.emplace_back("o_proj"); }));
  CHECK(changed([](workload::Profile& p) { p.seq_len *= 2; }));
  CHECK(changed([](workload::Profile& p) { p.headroom_pct += 1; }));
  CHECK(changed([](workload::Profile& p) { p.fixed.tensor_parallel = 2; }));
  CHECK(changed([](workload::Profile& p) { p.fixed.tensor_parallel = 1; }));  // given differs from absent
  CHECK(changed([](workload::Profile& p) { p.offload = workload::Offload::optimizer; }));
  CHECK(changed([](workload::Profile& p) { p.mfu = 0.4; }));
  CHECK(changed([](workload::Profile& p) { p.requests_per_s = 1; }));
  CHECK(changed([](workload::Profile& p) { p.diffusion.latent_channels = 16; }));
  CHECK(changed([](workload::Profile& p) { p.latency_target_ms = 100; }));
  CHECK(changed([](workload::Profile& p) { p.model_id = "llama-3.1-8b"; }));
  // The sentences that state its defaults are not inputs.
  CHECK_FALSE(changed([](workload::Profile& p) { p.defaults_applied.emplace_back("a sentence"); }));
}

TEST_CASE("damaged, truncated or foreign plan store bytes are never used", "[plan_store]") {
  const auto& catalog = testing::builtin_catalog();
  const auto profile = profile_of(workload::Kind::llm_finetune, "7e9");
  auto options = options_for(workload::Kind::llm_finetune);
  scoring::PlanStore store(profile);
  options.plan_store = &store;
  (void)testing::rank_checked(catalog, profile, options);
  const std::string bytes = store.encode(store_key);
  const std::size_t gpu_count = catalog.gpus.size();
  const auto decodes = [&](std::string_view candidate, std::string_view key = store_key, std::size_t gpus = 0) {
    return scoring::PlanStore::decode(candidate, key, profile, gpus > 0 ? gpus : gpu_count).has_value();
  };
  REQUIRE(decodes(bytes));
  CHECK_FALSE(decodes(bytes, "catalog-fedcba9876543210.bin 0123456789abcdef"));  // another catalog
  CHECK_FALSE(decodes(bytes, store_key, 1));  // a GPU index beyond the catalog's
  CHECK_FALSE(decodes(""));
  CHECK_FALSE(decodes(bytes + '\0'));
  for (std::size_t length = 0; length < bytes.size(); length += 97) CHECK_FALSE(decodes(bytes.substr(0, length)));
  int used = 0;
  for (std::size_t at = 0; at < bytes.size(); at += 53) {
    std::string flipped = bytes;
    flipped[at] = static_cast<char>(flipped[at] ^ 0x04);
    used += decodes(flipped) ? 1 : 0;
  }
  CHECK(used == 0);
}
