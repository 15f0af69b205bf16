// Owned capacity (docs/catalog.md "Owned capacity") and the launch files' YAML scalars
// (docs/cli.md "Launch the pick"): the loader's rules, a zero cost through scoring, the queue in
// time and deadline, nodes beyond the owned count, and the quoting of hostile strings.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpuselect/embedded.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/explain.hpp"
#include "gpuselect/launch.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/workload.hpp"
#include "scoring_invariants.hpp"

using namespace gpuselect;

namespace {

std::string example_overlay() {
  std::ifstream file(std::string(GPUSELECT_SOURCE_DIR) + "/docs/examples/owned.yaml");
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

catalog::LoadResult load_with(const std::string& overlay) {
  std::vector<catalog::SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  sources.push_back({"owned.yaml", overlay});
  return catalog::load(sources);
}

std::string errors_of(const catalog::LoadResult& result) {
  std::string all;
  for (const auto& diagnostic : result.diagnostics) {
    if (diagnostic.severity == Severity::error) all += format_diagnostic(diagnostic) + "\n";
  }
  return all;
}

const catalog::Catalog& with_owned() {
  static const catalog::Catalog loaded = [] {
    auto result = load_with(example_overlay());
    INFO(errors_of(result));
    REQUIRE(result.ok());
    return result.catalog;
  }();
  return loaded;
}

workload::Profile lora_70b(const catalog::Catalog& catalog) {
  workload::Request request;
  request.kind = workload::Kind::llm_finetune;
  request.model = "llama-2-70b";
  request.method = workload::Method::lora;
  return workload::resolve(request, catalog);
}

scoring::Options default_options(const workload::Profile& profile) {
  scoring::Options options;
  options.weights = scoring::profile_weights("auto", profile.kind);
  options.profile_name = "auto";
  options.today = "2026-11-30";
  return options;
}

const scoring::Candidate* owned_row(const catalog::Catalog& catalog, const scoring::Ranking& ranking) {
  for (const auto& candidate : ranking.candidates) {
    if (catalog.offerings[candidate.offering_index].id == "our-lab/dgx-a100-80gb") return &candidate;
  }
  return nullptr;
}

// The example's offering with one field replaced (the rest as in docs/examples/owned.yaml).
std::string overlay_with(const std::string& from, const std::string& to) {
  std::string text = example_overlay();
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  return text;
}

}  // namespace

TEST_CASE("owned providers may cost 0, rented ones may not, and owned ones have one rate", "[owned]") {
  CHECK(load_with(example_overlay()).ok());
  const auto& offering = *with_owned().find_offering("our-lab/dgx-a100-80gb");
  CHECK(offering.pricing.on_demand == 0.0);
  CHECK(offering.availability.queue_hours == 12.0);
  CHECK(offering.max_nodes == 4);
  CHECK(with_owned().provider_of(offering).kind == catalog::ProviderKind::owned);

  const auto rented = load_with(overlay_with("kind: owned", "kind: gpu-cloud"));
  CHECK_FALSE(rented.ok());
  CHECK_THAT(errors_of(rented), Catch::Contains("only a provider of 'kind: owned' may cost 0"));

  const auto with_spot = load_with(overlay_with("pricing: {on_demand: 0}", "pricing: {on_demand: 0, spot: 1.5}"));
  CHECK_THAT(errors_of(with_spot), Catch::Contains("an owned cluster has one rate"));

  const auto unpriced = load_with(overlay_with("pricing: {on_demand: 0}", "pricing: {on_demand: null}"));
  CHECK_THAT(errors_of(unpriced), Catch::Contains("has no pricing.on_demand"));

  const auto negative = load_with(overlay_with("queue_hours: 12", "queue_hours: -1"));
  CHECK_THAT(errors_of(negative), Catch::Contains("availability.queue_hours -1 is out of range"));

  const auto typo = load_with(overlay_with("queue_hours: 12", "queue_hour: 12"));
  CHECK_FALSE(typo.ok());
  CHECK_THAT(errors_of(typo), Catch::Contains("queue_hour"));
}

TEST_CASE("a zero-cost owned cluster ranks with finite scores, the best cost and its queue in the time", "[owned]") {
  const auto& catalog = with_owned();
  const auto profile = lora_70b(catalog);
  const auto ranking = testing::rank_checked(catalog, profile, default_options(profile));
  const auto* owned = owned_row(catalog, ranking);
  REQUIRE(owned != nullptr);
  CHECK(owned->total_cost == 0.0);
  CHECK(owned->criteria[static_cast<std::size_t>(scoring::Criterion::cost)].score == Approx(100));
  const auto& performance = ranking.performance_of(*owned);
  // The run, its 12 h queue and the data staging (no setup on an owned cluster).
  CHECK(owned->cost.staging_hours > 0);
  CHECK(owned->hours == Approx(performance.time.wall_hours + 12.0 + owned->cost.staging_hours));
  CHECK(std::find(owned->warnings.begin(), owned->warnings.end(), scoring::Warning::queued) != owned->warnings.end());
  for (const auto& candidate : ranking.candidates) {
    REQUIRE(std::isfinite(candidate.score));
    CHECK(candidate.score >= 0);
    CHECK(candidate.score <= 100);
  }
  // Paid rows are scored against the cheapest paid row, not against 0.
  CHECK(ranking.best.cheapest_total > 0);
  for (std::size_t index = 1; index < ranking.candidates.size(); ++index) {
    // Ranked by the score as shown (0.1 steps; ties on cost, docs/scoring.md "Order").
    CHECK(std::round(ranking.candidates[index - 1].score * 10) >= std::round(ranking.candidates[index].score * 10));
  }

  // A budget of 1 keeps only what costs (almost) nothing: the owned cluster.
  auto budget = default_options(profile);
  budget.constraints.budget = 1.0;
  const auto within = testing::rank_checked(catalog, profile, budget);
  REQUIRE_FALSE(within.candidates.empty());
  CHECK(owned_row(catalog, within) == &within.candidates.front());
}

TEST_CASE("the queue counts against the deadline, and the exclusion says so", "[owned]") {
  const auto& catalog = with_owned();
  const auto profile = lora_70b(catalog);
  auto options = default_options(profile);
  options.constraints.deadline_hours = 10.0;  // less than the 12 h queue alone
  const auto ranking = testing::rank_checked(catalog, profile, options);
  CHECK(owned_row(catalog, ranking) == nullptr);
  bool named = false;
  for (const auto& exclusion : ranking.excluded) {
    if (catalog.offerings[exclusion.offering_index].id != "our-lab/dgx-a100-80gb") continue;
    for (const auto& reason : exclusion.reasons) {
      if (reason.kind != scoring::ExclusionKind::deadline) continue;
      named = scoring::reason_text(reason, "USD").find("with 12.0 h in the queue") != std::string::npos;
    }
  }
  CHECK(named);
}

TEST_CASE("a job that needs more nodes than the team owns is excluded for the nodes", "[owned]") {
  const auto& catalog = with_owned();
  workload::Request request;
  request.kind = workload::Kind::llm_pretrain;
  request.params_text = "180e9";
  const auto profile = workload::resolve(request, catalog);
  auto options = default_options(profile);
  options.constraints.providers = {"our-lab"};
  options.constraints.max_nodes = 16;
  const auto ranking = testing::rank_checked(catalog, profile, options);
  REQUIRE(ranking.candidates.empty());
  const auto owned = std::find_if(ranking.excluded.begin(), ranking.excluded.end(), [&](const auto& exclusion) {
    return catalog.offerings[exclusion.offering_index].id == "our-lab/dgx-a100-80gb";
  });
  REQUIRE(owned != ranking.excluded.end());
  const auto& reason = owned->reasons.front();
  CHECK(reason.kind == scoring::ExclusionKind::nodes);
  CHECK(reason.needed > 4);
  CHECK_THAT(scoring::reason_text(reason, "USD"), Catch::Contains("the owned cluster has 4 (max_nodes)"));
}

TEST_CASE("yaml_scalar: plain only where YAML reads the same string back", "[launch]") {
  CHECK(launch::yaml_scalar("us-east-1") == "us-east-1");
  CHECK(launch::yaml_scalar("H100:8") == "H100:8");
  CHECK(launch::yaml_scalar("ssh/our-lab") == "ssh/our-lab");
  // Booleans, nulls and numbers of YAML 1.1, and anything with syntax, are quoted.
  for (const char* word : {"yes", "No", "on", "OFF", "true", "null", "y", "~", "1e3", "0x10", "12:30", "-", ""}) {
    CHECK(launch::yaml_scalar(word).front() == '"');
  }
  CHECK(launch::yaml_scalar("a: b") == "\"a: b\"");
  CHECK(launch::yaml_scalar("x #y") == "\"x #y\"");
  CHECK(launch::yaml_scalar("{a}") == "\"{a}\"");
  CHECK(launch::yaml_scalar("H100:") == "\"H100:\"");
  CHECK(launch::yaml_scalar("a\"b\\c") == "\"a\\\"b\\\\c\"");
  CHECK(launch::yaml_scalar("line\nbreak") == "\"line\\nbreak\"");
  // Controls, escapes and malformed UTF-8 cannot reach the file: one line, valid UTF-8.
  const std::string hostile = launch::yaml_scalar(std::string("a\x1b[31m\r\x00\xff\xe2\x80\xae", 12));
  CHECK(hostile.find('\x1b') == std::string::npos);
  CHECK(hostile.find('\r') == std::string::npos);
  CHECK(hostile.find('\n') == std::string::npos);
  CHECK(hostile.find('\xff') == std::string::npos);
  CHECK(hostile.find("\xe2\x80\xae") == std::string::npos);
}

TEST_CASE("launch files: an unsupported provider is an error that says what to do", "[launch]") {
  const auto& catalog = with_owned();
  const auto profile = lora_70b(catalog);
  auto options = default_options(profile);
  options.constraints.providers = {"alibaba"};
  const auto ranking = testing::rank_checked(catalog, profile, options);
  REQUIRE_FALSE(ranking.candidates.empty());
  for (const auto launcher : {launch::Launcher::skypilot, launch::Launcher::dstack}) {
    try {
      (void)launch::launch_file(launcher, catalog, profile, ranking, ranking.candidates.front(), 1);
      FAIL("expected an error");
    } catch (const Error& error) {
      CHECK(error.where() == "--emit");
      CHECK_THAT(error.line(), Catch::Contains("cannot launch") && Catch::Contains("--provider one of: aws"));
    }
  }
}
