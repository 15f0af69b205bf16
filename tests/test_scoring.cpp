// Scoring engine: weights and profiles, indicators at their anchor points, constraints with
// numbers, scenario rankings on a small hand-built catalog, sensitivity, Pareto, explanations.
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gpuselect/embedded.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/explain.hpp"
#include "gpuselect/plan_search.hpp"
#include "gpuselect/render.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/workload.hpp"
#include "scoring/scoring_internal.hpp"
#include "scoring_invariants.hpp"
#include "synthetic_catalog.hpp"

namespace {

using namespace gpuselect;
using gpuselect::testing::options_for;
using catalog::Interconnect;
using catalog::Isolation;
using catalog::PricingMode;
using catalog::Rdma;
using scoring::Criterion;

catalog::Gpu make_gpu(std::string id, double memory_gb, double bandwidth_gbps, double tflops) {
  catalog::Gpu gpu;
  gpu.id = std::move(id);
  gpu.name = gpu.id;
  gpu.vendor = "nvidia";
  gpu.memory_gb = memory_gb;
  gpu.memory_bandwidth_gbps = bandwidth_gbps;
  gpu.bf16_dense_tflops = tflops;
  gpu.source = "test";
  return gpu;
}

// Three providers spanning the range: an enterprise hyperscaler, a GPU cloud, a marketplace.
catalog::Provider make_provider(std::string id, catalog::ProviderKind kind) {
  catalog::Provider provider;
  provider.id = std::move(id);
  provider.name = provider.id;
  provider.kind = kind;
  provider.as_of = "2026-05-01";
  provider.source = "test";
  if (kind == catalog::ProviderKind::hyperscaler) {
    provider.support = {catalog::SupportTier::enterprise, catalog::SupportHours::around_the_clock, 1};
    provider.sla_uptime_pct = 99.9;
    provider.sla_credits = true;
    provider.compliance = {"iso27001", "soc2", "hipaa"};
    provider.environment = {{"pytorch", "tensorflow", "jax"}, true, true, true, 5};
    provider.recovery = {false, true, 5.0, true};
    provider.monitoring = {true, true};
    provider.egress_per_gb = 0.09;
    provider.billing_granularity_seconds = 1;
  } else if (kind == catalog::ProviderKind::gpu_cloud) {
    provider.support = {catalog::SupportTier::standard, catalog::SupportHours::business, 24};
    provider.sla_uptime_pct = 99.5;
    provider.sla_credits = false;
    provider.compliance = {"soc2"};
    provider.environment = {{"pytorch", "cuda"}, true, true, false, 3};
    provider.recovery = {false, true, std::nullopt, false};
    provider.monitoring = {true, false};
    provider.billing_granularity_seconds = 60;
  } else {
    provider.support = {catalog::SupportTier::community, catalog::SupportHours::business, 72};
    provider.environment = {{"pytorch"}, true, true, false, 10};
    provider.billing_granularity_seconds = 1;
  }
  return provider;
}

struct OfferingSpec {
  std::string id;
  std::string provider;
  std::string gpu;
  int gpu_count;
  Interconnect interconnect;
  Isolation isolation;
  Rdma rdma;
  std::optional<double> on_demand;
  std::optional<double> spot;
  int max_nodes;
  std::string region;
};

catalog::Catalog test_catalog() {
  catalog::Catalog catalog;
  catalog.files = {"test"};
  // Datasheet numbers (GB, GB/s, dense BF16 TFLOPS), as in docs/reference GPU-SPECS.md.
  catalog.gpus = {make_gpu("h100-sxm5-80gb", 80, 3350, 989.4), make_gpu("a100-sxm4-80gb", 80, 2039, 312),
                  make_gpu("l40s-48gb", 48, 864, 362.05), make_gpu("l4-24gb", 24, 300, 121)};
  catalog.gpus[0].aliases = {"H100"};
  catalog.providers = {make_provider("bigcloud", catalog::ProviderKind::hyperscaler),
                       make_provider("gpulab", catalog::ProviderKind::gpu_cloud),
                       make_provider("market", catalog::ProviderKind::marketplace)};
  // Prices per instance-hour, shaped like the public lists in skypilot-gpu-price-summary.csv.
  const std::vector<OfferingSpec> specs = {
      {"bigcloud/h100x8", "bigcloud", "h100-sxm5-80gb", 8, Interconnect::nvswitch, Isolation::passthrough, Rdma::efa,
       98.32, 39.3, 4, "us-east-1"},
      {"bigcloud/a100x8", "bigcloud", "a100-sxm4-80gb", 8, Interconnect::nvswitch, Isolation::passthrough, Rdma::efa,
       40.97, 16.4, 4, "us-east-1"},
      {"bigcloud/l4x1", "bigcloud", "l4-24gb", 1, Interconnect::none, Isolation::passthrough, Rdma::none, 0.80, 0.32, 1,
       "us-east-1"},
      {"gpulab/h100x1", "gpulab", "h100-sxm5-80gb", 1, Interconnect::none, Isolation::passthrough, Rdma::none, 2.99,
       std::nullopt, 1, "us-west-1"},
      {"gpulab/h100x8", "gpulab", "h100-sxm5-80gb", 8, Interconnect::nvswitch, Isolation::bare_metal, Rdma::infiniband,
       23.92, std::nullopt, 8, "us-west-1"},
      {"gpulab/a100x1", "gpulab", "a100-sxm4-80gb", 1, Interconnect::none, Isolation::passthrough, Rdma::none, 1.29,
       std::nullopt, 1, "us-west-1"},
      {"gpulab/a100x8", "gpulab", "a100-sxm4-80gb", 8, Interconnect::nvlink, Isolation::bare_metal, Rdma::infiniband,
       14.32, std::nullopt, 4, "us-west-1"},
      {"market/l40sx8", "market", "l40s-48gb", 8, Interconnect::pcie, Isolation::passthrough, Rdma::none, 7.20, 3.60, 2,
       "eu-west-1"},
      {"market/l4x1", "market", "l4-24gb", 1, Interconnect::none, Isolation::vgpu, Rdma::none, 0.39, 0.20, 1,
       "eu-west-1"},
  };
  for (const auto& spec : specs) {
    catalog::Offering offering;
    offering.id = spec.id;
    offering.provider = spec.provider;
    offering.gpu = spec.gpu;
    offering.gpu_count = spec.gpu_count;
    offering.interconnect = spec.interconnect;
    offering.isolation = spec.isolation;
    offering.network = {spec.rdma == Rdma::none ? 25.0 : 3200.0, spec.rdma};
    offering.regions = {spec.region};
    offering.pricing.on_demand = spec.on_demand;
    offering.pricing.spot = spec.spot;
    offering.max_nodes = spec.max_nodes;
    offering.as_of = "2026-05-01";
    offering.source = "test";
    for (std::uint32_t i = 0; i < catalog.providers.size(); ++i) {
      if (catalog.providers[i].id == spec.provider) offering.provider_index = i;
    }
    for (std::uint32_t i = 0; i < catalog.gpus.size(); ++i) {
      if (catalog.gpus[i].id == spec.gpu) offering.gpu_index = i;
    }
    catalog.offerings.push_back(offering);
  }
  catalog::CurrencyRate eur;
  eur.code = "EUR";
  eur.per_usd = 0.9;
  eur.as_of = "2026-05-01";
  catalog.currencies.push_back(eur);
  return catalog;
}

workload::Profile job(workload::Kind kind, const char* params, const catalog::Catalog& catalog,
                      std::optional<const char*> tokens = std::nullopt) {
  workload::Request request;
  request.kind = kind;
  request.params_text = params;
  if (tokens) request.tokens_text = *tokens;
  return workload::resolve(request, catalog);
}

const std::string& id_of(const catalog::Catalog& catalog, const scoring::Candidate& candidate) {
  return catalog.offerings[candidate.offering_index].id;
}

std::string error_line(const std::function<void()>& action) {
  try {
    action();
  } catch (const Error& error) {
    return error.line();
  }
  return "no error";
}

double indicator_value(const std::vector<scoring::Indicator>& indicators, std::string_view name) {
  for (const auto& indicator : indicators) {
    if (indicator.name == name) return indicator.applies ? indicator.value : -1.0;
  }
  return -2.0;
}

}  // namespace

TEST_CASE("balanced weights are exactly the guides' matrix", "[scoring]") {
  const auto weights = scoring::profile_weights("balanced", workload::Kind::llm_finetune);
  CHECK(weights[Criterion::stability] == 0.30);
  CHECK(weights[Criterion::performance] == 0.25);
  CHECK(weights[Criterion::cost] == 0.20);
  CHECK(weights[Criterion::usability] == 0.15);
  CHECK(weights[Criterion::support] == 0.10);
}

TEST_CASE("every profile sums to 1 and each workload has a default", "[scoring]") {
  for (const auto& name : scoring::profile_names()) {
    const auto weights = scoring::profile_weights(name, workload::Kind::cv_train);
    double sum = 0;
    for (double weight : weights.values) sum += weight;
    CHECK(sum == Approx(1.0).margin(1e-12));
  }
  CHECK(scoring::default_profile(workload::Kind::llm_inference) == "serving");
  CHECK(scoring::default_profile(workload::Kind::notebook) == "development");
  CHECK(scoring::default_profile(workload::Kind::llm_finetune) == "fine-tuning");
  // Every kind's row names a profile that exists (the row is the one place a kind's weights are chosen).
  const auto names = scoring::profile_names();
  for (const auto& row : workload::kind_rows()) {
    CHECK(std::find(names.begin(), names.end(), std::string(row.weight_profile)) != names.end());
    CHECK(scoring::default_profile(row.kind) == row.weight_profile);
  }
  const auto development = scoring::profile_weights("auto", workload::Kind::notebook);
  CHECK(development[Criterion::usability] > development[Criterion::performance]);
  CHECK(error_line([] { scoring::profile_weights("balanced-ish", workload::Kind::notebook); }) ==
        "--profile: unknown profile 'balanced-ish'; did you mean 'balanced'? (choose one of: auto, balanced, cost-first, "
        "speed-first, production, research, pretraining, fine-tuning, serving, development, fine-tuning-dev, serving-dev)");
  // A fine-tune at --training-tier development takes fine-tuning-dev (no support weight); other kinds
  // and the production tier keep their own.
  workload::Profile job;
  job.kind = workload::Kind::image_finetune;
  CHECK(scoring::default_profile(job) == "fine-tuning");
  job.training_tier = workload::Tier::development;
  CHECK(scoring::default_profile(job) == "fine-tuning-dev");
  CHECK(scoring::profile_weights("fine-tuning-dev", job.kind)[Criterion::support] == 0.0);
  job.kind = workload::Kind::llm_pretrain;
  CHECK(scoring::default_profile(job) == "pretraining");
  // Vision training is weighed as a fine-tune, and so is its development tier (expert review zh, 28).
  job.kind = workload::Kind::cv_train;
  CHECK(scoring::default_profile(job) == "fine-tuning-dev");
  job.training_tier = workload::Tier::production;
  CHECK(scoring::default_profile(job) == "fine-tuning");
  // Serving at --serving-tier development takes serving-dev (no support weight; expert review zh, 21).
  job.kind = workload::Kind::llm_inference;
  CHECK(scoring::default_profile(job) == "serving");
  job.serving_tier = workload::Tier::development;
  CHECK(scoring::default_profile(job) == "serving-dev");
  CHECK(scoring::profile_weights("serving-dev", job.kind)[Criterion::support] == 0.0);
}

TEST_CASE("parse_weights: named weights, the rest in the base profile's proportions", "[scoring]") {
  const auto base = scoring::profile_weights("balanced", workload::Kind::llm_finetune);
  const auto weights = scoring::parse_weights("cost=0.4,stability=0.3", base);
  CHECK(weights[Criterion::cost] == Approx(0.4));
  CHECK(weights[Criterion::stability] == Approx(0.3));
  // performance, usability, support share 0.3 as 0.25 : 0.15 : 0.10.
  CHECK(weights[Criterion::performance] == Approx(0.3 * 0.25 / 0.5));
  CHECK(weights[Criterion::usability] == Approx(0.3 * 0.15 / 0.5));
  CHECK(weights[Criterion::support] == Approx(0.3 * 0.10 / 0.5));

  const auto cost_only = scoring::parse_weights("cost=1", base);
  CHECK(cost_only[Criterion::cost] == 1.0);
  CHECK(cost_only[Criterion::stability] == 0.0);

  const auto all_five = scoring::parse_weights(" stability=1, performance=1,cost=2,usability=0,support=0 ", base);
  CHECK(all_five[Criterion::cost] == Approx(0.5));
  CHECK(all_five[Criterion::stability] == Approx(0.25));
  CHECK(all_five[Criterion::usability] == 0.0);
}

TEST_CASE("parse_weights: each error names the flag, the problem and the fix", "[scoring]") {
  const auto base = scoring::profile_weights("balanced", workload::Kind::llm_finetune);
  auto parse = [&](const char* spec) { return error_line([&] { scoring::parse_weights(spec, base); }); };
  CHECK(parse("cots=0.4") == "--weights: unknown criterion 'cots'; did you mean 'cost'? (choose one of: stability, "
                             "performance, cost, usability, support)");
  CHECK(parse("cost=-0.1").find("is negative") != std::string::npos);
  CHECK(parse("cost=nan").find("not a finite number") != std::string::npos);
  CHECK(parse("cost=inf").find("not a finite number") != std::string::npos);
  CHECK(parse("cost=abc") == "--weights: cost='abc' is not a number; give a number between 0 and 1, e.g. cost=0.3");
  CHECK(parse("cost=").find("is not a number") != std::string::npos);
  CHECK(parse("cost").find("has no '='") != std::string::npos);
  CHECK(parse("cost=0.7,stability=0.6").find("sum to 1.3, above 1") != std::string::npos);
  CHECK(parse("cost=0.2,cost=0.3") == "--weights: cost is given twice; give each criterion once");
  CHECK(parse("stability=0,performance=0,cost=0,usability=0,support=0").find("all weights are zero") !=
        std::string::npos);
  CHECK(parse("cost=0.2,,stability=0.1").find("empty entry") != std::string::npos);
  CHECK(error_line([&] { scoring::parse_weights("cost=2", base, "profile.weights"); }).rfind("profile.weights: ", 0) ==
        0);
}

TEST_CASE("criterion names round-trip", "[scoring]") {
  for (Criterion criterion : scoring::all_criteria) {
    CHECK(scoring::parse_criterion(scoring::to_string(criterion)) == criterion);
  }
  CHECK_FALSE(scoring::parse_criterion("speed").has_value());
}

// node_fabric applies to training only, fleet_failures and hardware_grade to serving only: the
// weights that can apply together sum to 1, node_fabric in place of one serving-only indicator.
namespace {
bool apart_from_serving(std::string_view name) { return name == "node_fabric"; }
}  // namespace

TEST_CASE("indicator table: weights per criterion sum to 1 and names are unique", "[scoring]") {
  const auto table = scoring::detail::indicator_table();
  double serving_only_weight = 0;
  double node_fabric_weight = 0;
  for (Criterion criterion : scoring::all_criteria) {
    double sum = 0;
    for (const auto& spec : table) {
      if (spec.criterion != criterion) continue;
      if (spec.name == "fleet_failures") serving_only_weight = spec.weight;
      if (apart_from_serving(spec.name)) {
        node_fabric_weight = spec.weight;
        continue;
      }
      sum += spec.weight;
    }
    CHECK(sum == Approx(1.0));
  }
  CHECK(node_fabric_weight > 0);
  CHECK(node_fabric_weight <= serving_only_weight);
  for (std::size_t i = 0; i < table.size(); ++i) {
    for (std::size_t j = i + 1; j < table.size(); ++j) CHECK(table[i].name != table[j].name);
  }
}

TEST_CASE("indicator table: a notebook's usability is JupyterLab and the minutes to it", "[scoring]") {
  // Expert review 10: a 10-hour notebook ranked on a provider 8x dearer for its Kubernetes and custom
  // containers over AutoDL's JupyterLab ready in a minute.
  const auto table = scoring::detail::indicator_table();
  const auto weight = [&](std::string_view name, workload::Kind kind) {
    for (const auto& spec : table) {
      if (spec.name == name) return scoring::detail::weight_for(spec, kind);
    }
    FAIL("no indicator " << name);
    return 0.0;
  };
  for (Criterion criterion : scoring::all_criteria) {
    double sum = 0;
    for (const auto& spec : table) {
      if (spec.criterion == criterion && !apart_from_serving(spec.name)) {
        sum += scoring::detail::weight_for(spec, workload::Kind::notebook);
      }
    }
    CHECK(sum == Approx(1.0));
  }
  CHECK(weight("kubernetes", workload::Kind::notebook) == 0);
  CHECK(weight("jupyterlab", workload::Kind::notebook) > weight("custom_containers", workload::Kind::notebook));
  CHECK(weight("provision_minutes", workload::Kind::notebook) > weight("provision_minutes", workload::Kind::llm_finetune));
  // Other kinds keep the table's weights.
  CHECK(weight("kubernetes", workload::Kind::llm_pretrain) > 0);
}

TEST_CASE("indicators at their documented anchor points", "[scoring]") {
  auto catalog = test_catalog();
  scoring::Ranking ranking;
  ranking.kind = workload::Kind::llm_finetune;
  ranking.best = {1.0, 100.0, 1.0};
  scoring::Candidate candidate;
  candidate.offering_index = 3;  // gpulab/h100x1
  candidate.hours = 4.0;
  candidate.total_cost = 400.0;
  auto& memory = ranking.performances.emplace_back().memory;
  memory.gpu_capacity_bytes = 80e9;
  memory.per_gpu.total_bytes = 68e9;  // 15% free
  auto& provider = catalog.providers[1];
  auto& offering = catalog.offerings[3];
  auto values = [&](Criterion criterion) { return scoring::indicators(catalog, ranking, candidate, criterion); };

  SECTION("stability") {
    offering.isolation = Isolation::bare_metal;
    CHECK(indicator_value(values(Criterion::stability), "isolation") == 1.0);
    offering.isolation = Isolation::vgpu;
    CHECK(indicator_value(values(Criterion::stability), "isolation") == 0.4);
    provider.sla_credits = true;
    provider.sla_uptime_pct = 99.0;
    CHECK(indicator_value(values(Criterion::stability), "sla_uptime") == Approx(0.3));
    provider.sla_uptime_pct = 99.99;
    CHECK(indicator_value(values(Criterion::stability), "sla_uptime") == Approx(1.0));
    provider.sla_uptime_pct = 99.9;
    provider.sla_credits = false;
    CHECK(indicator_value(values(Criterion::stability), "sla_uptime") == Approx(0.65 * 0.8));
    provider.sla_uptime_pct = 0;
    CHECK(indicator_value(values(Criterion::stability), "sla_uptime") == 0.0);
    CHECK(indicator_value(values(Criterion::stability), "spot_risk") == -1.0);  // on-demand: n/a
    candidate.mode = PricingMode::spot;
    candidate.cost.spot_interruption_pct = 5.0;  // the rate price() used
    candidate.cost.uninterrupted_probability = 1.0;
    CHECK(indicator_value(values(Criterion::stability), "spot_risk") == Approx(0.75));
    // The job's own chance of running through scales it: a long multi-node job scores lower.
    candidate.cost.uninterrupted_probability = 0.5;
    CHECK(indicator_value(values(Criterion::stability), "spot_risk") == Approx(0.375));
    candidate.cost.spot_interruption_pct = 25.0;
    CHECK(indicator_value(values(Criterion::stability), "spot_risk") == 0.0);
    // Serving on spot has no availability promise unless the user allows it.
    ranking.kind = workload::Kind::llm_inference;
    candidate.cost.spot_interruption_pct = 5.0;
    CHECK(indicator_value(values(Criterion::stability), "spot_risk") == 0.0);
    ranking.spot_serving_allowed = true;
    CHECK(indicator_value(values(Criterion::stability), "spot_risk") == Approx(0.75));
    ranking.kind = workload::Kind::llm_finetune;
    provider.monitoring = {true, true};
    CHECK(indicator_value(values(Criterion::stability), "monitoring") == Approx(1.0));
  }
  SECTION("capacity: the wait for the row's instances at the SKU's stock and mode (issue 24)") {
    // Before: stock was a warning line and a wait; no criterion saw it.
    candidate.mode = PricingMode::on_demand;
    candidate.cost.instances = 1;
    offering.gpu_count = 1;
    offering.gpu_fraction = 1.0;
    offering.stock = catalog::Stock::high;  // on demand: no wait
    CHECK(indicator_value(values(Criterion::stability), "capacity") == 1.0);
    offering.stock = catalog::Stock::low;  // 1 h on demand: 1 - ln(1 / 0.05) / ln(8 / 0.05)
    CHECK(indicator_value(values(Criterion::stability), "capacity") ==
          Approx(1 - std::log(20.0) / std::log(160.0)));
    candidate.mode = PricingMode::spot;  // 4 h for spot at low stock
    CHECK(indicator_value(values(Criterion::stability), "capacity") ==
          Approx(1 - std::log(80.0) / std::log(160.0)));
    offering.gpu_count = 8;  // an 8-GPU node waits twice as long: 8 h, the scale's end
    CHECK(indicator_value(values(Criterion::stability), "capacity") == 0.0);
    offering.stock = catalog::Stock::high;
    candidate.cost.instances = 13;  // the last of 13 spot nodes: 0.2 h x H_13 = 0.64 h
    CHECK(indicator_value(values(Criterion::stability), "capacity") ==
          Approx(1 - std::log(0.2 * 3.180134 / 0.05) / std::log(160.0)).epsilon(1e-4));
    candidate.mode = PricingMode::reserved_1y;  // held for the term
    CHECK(indicator_value(values(Criterion::stability), "capacity") == 1.0);
    candidate.mode = PricingMode::spot;
    provider.kind = catalog::ProviderKind::owned;  // an owned cluster waits in its own queue only
    CHECK(indicator_value(values(Criterion::stability), "capacity") == 1.0);
  }
  SECTION("node_fabric: training across nodes over TCP, by bandwidth; n/a elsewhere (expert review 57, S11)") {
    // ranking.kind is training here.
    offering.network.rdma = catalog::Rdma::none;
    offering.network.bandwidth_gbps = 80;
    candidate.nodes = 1;  // one node: its GPUs never cross the network
    CHECK(indicator_value(values(Criterion::stability), "node_fabric") == -1.0);
    candidate.nodes = 3;  // Azure's NC96ads_A100_v4 x3: 80 Gbit/s Ethernet
    CHECK(indicator_value(values(Criterion::stability), "node_fabric") == 0.0);
    offering.network.bandwidth_gbps = 200;  // log between 100 and 800 Gbit/s: a third
    CHECK(indicator_value(values(Criterion::stability), "node_fabric") == Approx(1.0 / 3.0));
    offering.network.bandwidth_gbps = 1000;  // GCP's GPUDirect-TCPX: built for it
    CHECK(indicator_value(values(Criterion::stability), "node_fabric") == -1.0);
    offering.network.bandwidth_gbps = 80;
    offering.network.rdma = catalog::Rdma::infiniband;
    CHECK(indicator_value(values(Criterion::stability), "node_fabric") == -1.0);
    offering.network.rdma = catalog::Rdma::none;
    ranking.kind = workload::Kind::llm_inference;  // serving: its own rules (a replica stays on one node)
    CHECK(indicator_value(values(Criterion::stability), "node_fabric") == -1.0);
  }
  SECTION("serving only: fleet failures, hardware grade; a met latency target saturates performance") {
    // Training: neither serving-only indicator applies, so the other six keep their old weights.
    CHECK(indicator_value(values(Criterion::stability), "fleet_failures") == -1.0);
    CHECK(indicator_value(values(Criterion::stability), "hardware_grade") == -1.0);
    ranking.kind = workload::Kind::llm_inference;
    // Llama 3 paper: 419 unexpected interruptions in 54 days on 16,384 GPUs, over a 30.4-day month.
    const double rate_per_gpu_month = 419.0 / (16384.0 * 54.0) * 30.4;
    candidate.gpus_needed = 1;
    CHECK(indicator_value(values(Criterion::stability), "fleet_failures") == Approx(std::exp(-rate_per_gpu_month)));
    candidate.gpus_needed = 32;
    CHECK(indicator_value(values(Criterion::stability), "fleet_failures") == Approx(0.63).margin(0.005));
    auto& gpu = catalog.gpus[offering.gpu_index];
    CHECK(indicator_value(values(Criterion::stability), "hardware_grade") == 1.0);
    gpu.segment = catalog::GpuSegment::workstation;
    CHECK(indicator_value(values(Criterion::stability), "hardware_grade") == Approx(0.7));
    gpu.segment = catalog::GpuSegment::consumer;
    CHECK(indicator_value(values(Criterion::stability), "hardware_grade") == Approx(0.3));
    // Four times the best's speed or a quarter of it: once the targets are met, the same 1.
    ranking.performances[0].serving.meets_targets = true;
    ranking.best.best_speed = 4000;
    ranking.performances[0].throughput.work_units_per_s = 1000;
    CHECK(indicator_value(values(Criterion::performance), "job_time") == 1.0);
    ranking.performances[0].serving.meets_targets = false;
    CHECK(indicator_value(values(Criterion::performance), "job_time") == Approx(1 - std::log(4.0) / std::log(30.0)));
  }
  SECTION("not-applicable weight is re-spread within the criterion") {
    const auto stability = values(Criterion::stability);
    double sum = 0;
    for (const auto& indicator : stability) {
      if (indicator.applies) sum += indicator.weight;
    }
    CHECK(sum == Approx(1.0));
    CHECK(indicator_value(values(Criterion::stability), "spot_risk") == -1.0);  // on-demand: n/a
  }
  SECTION("performance and cost") {
    // log scale to 0 at 30x: 4 h against the fastest 1 h is 1 - ln 4 / ln 30; the links are in the time.
    CHECK(indicator_value(values(Criterion::performance), "job_time") == Approx(1 - std::log(4.0) / std::log(30.0)));
    candidate.hours = 1.0;
    CHECK(indicator_value(values(Criterion::performance), "job_time") == 1.0);
    CHECK(values(Criterion::performance).size() == 1);
    CHECK(indicator_value(values(Criterion::stability), "memory_headroom") == Approx(0.5));
    memory.per_gpu.total_bytes = 50e9;
    CHECK(indicator_value(values(Criterion::stability), "memory_headroom") == 1.0);
    // Cost is the money and nothing else: $400 against the cheapest $100 is 1 - ln 4 / ln 10 (zero at 10x).
    CHECK(indicator_value(values(Criterion::cost), "job_cost") == Approx(1 - std::log(4.0) / std::log(10.0)));
    const auto cost = values(Criterion::cost);
    REQUIRE(cost.size() == 1);
    provider.billing_granularity_seconds = 3600;
    candidate.gpus_needed = 2;
    candidate.gpus_rented = 8;
    // Billing and idle GPUs are in the total, not separate penalties: the same value.
    CHECK(indicator_value(values(Criterion::cost), "job_cost") == Approx(1 - std::log(4.0) / std::log(10.0)));
    candidate.total_cost = 100.0;
    CHECK(indicator_value(values(Criterion::cost), "job_cost") == 1.0);
  }
  SECTION("usability and support") {
    provider.environment.provision_minutes = 2;
    CHECK(indicator_value(values(Criterion::usability), "provision_minutes") == 1.0);
    provider.environment.provision_minutes = 31;
    CHECK(indicator_value(values(Criterion::usability), "provision_minutes") == Approx(0.5));
    provider.environment.provision_minutes = 90;
    CHECK(indicator_value(values(Criterion::usability), "provision_minutes") == 0.0);
    provider.support.first_response_hours = 1;
    CHECK(indicator_value(values(Criterion::support), "first_response") == 1.0);
    provider.support.first_response_hours = 72;
    CHECK(indicator_value(values(Criterion::support), "first_response") == Approx(0.0).margin(1e-12));
    provider.support.tier = catalog::SupportTier::enterprise;
    CHECK(indicator_value(values(Criterion::support), "tier") == 1.0);
    provider.support.tier = catalog::SupportTier::community;
    CHECK(indicator_value(values(Criterion::support), "tier") == 0.1);
    provider.compliance = {"soc2", "iso27001", "hipaa", "pci-dss"};
    CHECK(indicator_value(values(Criterion::support), "compliance") == 1.0);
    provider.compliance = {"soc2", "soc1"};  // soc1 is not on the list that matters
    CHECK(indicator_value(values(Criterion::support), "compliance") == Approx(1.0 / 3.0));
  }
}

TEST_CASE("rank plans with the constraints' headroom, compare with the profile's (issue 31)", "[scoring]") {
  const auto catalog = test_catalog();
  auto options = options_for(workload::Kind::llm_finetune);
  const auto profile = job(workload::Kind::llm_finetune, "7e9", catalog);
  REQUIRE(profile.headroom_pct == workload::default_headroom_pct);
  options.constraints.min_headroom_pct = 35;
  const auto ranked = testing::rank_checked(catalog, profile, options);
  REQUIRE_FALSE(ranked.performances.empty());
  for (const auto& performance : ranked.performances) CHECK(performance.memory.headroom_pct == 35);
  std::vector<std::string> ids;
  for (const auto& candidate : ranked.candidates) ids.push_back(catalog.offerings[candidate.offering_index].id);
  const auto compared = testing::compare_checked(catalog, profile, options, ids);
  REQUIRE_FALSE(compared.performances.empty());
  for (const auto& performance : compared.performances) {
    CHECK(performance.memory.headroom_pct == workload::default_headroom_pct);
  }
}

TEST_CASE("exclusions carry their numbers and read as sentences", "[scoring]") {
  const auto catalog = test_catalog();
  auto options = options_for(workload::Kind::llm_finetune);
  const auto profile = job(workload::Kind::llm_finetune, "7e9", catalog);

  SECTION("budget") {
    options.constraints.budget = 20.0;
    const auto ranking = testing::rank_checked(catalog, profile, options);
    bool found = false;
    for (const auto& exclusion : ranking.excluded) {
      for (const auto& reason : exclusion.reasons) {
        if (reason.kind != scoring::ExclusionKind::budget) continue;
        found = true;
        CHECK(exclusion.mode.has_value());
        CHECK(reason.needed > 20.0);
        CHECK(reason.limit == 20.0);
        CHECK(scoring::reason_text(reason, "USD").find(", budget $20") != std::string::npos);
      }
    }
    CHECK(found);
  }
  SECTION("memory: needs X GB per GPU, has Y GB") {
    // Serving 70B in 16-bit: 140 GB of weights cannot fit one 24 GiB L4.
    const auto serving = job(workload::Kind::llm_inference, "70e9", catalog);
    const auto ranking = testing::rank_checked(catalog, serving, options_for(workload::Kind::llm_inference));
    bool found = false;
    for (const auto& exclusion : ranking.excluded) {
      if (catalog.offerings[exclusion.offering_index].id != "bigcloud/l4x1") continue;
      REQUIRE(exclusion.reasons.size() == 1);
      const auto& reason = exclusion.reasons[0];
      CHECK(reason.kind == scoring::ExclusionKind::memory);
      CHECK(reason.needed > reason.limit);
      const std::string text = scoring::reason_text(reason, "USD");
      CHECK(text.rfind("needs ", 0) == 0);
      CHECK(text.find(" GB per GPU, has 25.8 GB") != std::string::npos);  // 24 GiB
      found = true;
    }
    CHECK(found);
  }
  SECTION("region, provider, requirement, pricing") {
    options.constraints.regions = {"us-west-1"};
    options.constraints.requirements = {"nvlink"};
    options.constraints.pricing_modes = {PricingMode::on_demand};
    const auto ranking = testing::rank_checked(catalog, profile, options);
    REQUIRE_FALSE(ranking.candidates.empty());
    for (const auto& candidate : ranking.candidates) {
      CHECK(catalog.offerings[candidate.offering_index].provider == "gpulab");
    }
    bool region_reason = false;
    bool requirement_reason = false;
    for (const auto& exclusion : ranking.excluded) {
      for (const auto& reason : exclusion.reasons) {
        if (reason.kind == scoring::ExclusionKind::region) {
          region_reason = true;
          CHECK(scoring::reason_text(reason, "USD").find("not in us-west-1") != std::string::npos);
        }
        if (reason.kind == scoring::ExclusionKind::requirement) {
          requirement_reason = true;
          CHECK(scoring::reason_text(reason, "USD") == "does not meet --require nvlink");
        }
      }
    }
    CHECK(region_reason);
    CHECK(requirement_reason);
  }
  SECTION("flags naming nothing fail with did-you-mean") {
    options.constraints.requirements = {"nvlnk"};
    CHECK(error_line([&] { testing::rank_checked(catalog, profile, options); }) ==
          "--require: unknown requirement 'nvlnk'; did you mean 'nvlink'? (choose one of: rdma, infiniband, nvlink, "
          "nvswitch, bare-metal, no-vgpu, iso27001, soc2, hipaa, pci-dss, mlps3, jupyterlab, kubernetes, "
          "custom-containers, auto-checkpoint, spot, sla)");
    options.constraints.requirements.clear();
    options.constraints.gpus = {"h10"};
    CHECK(error_line([&] { testing::rank_checked(catalog, profile, options); }).rfind("--gpu: unknown GPU 'h10'", 0) == 0);
    options.constraints.gpus.clear();
    options.constraints.providers = {"gpulabs"};
    CHECK(error_line([&] { testing::rank_checked(catalog, profile, options); }) ==
          "--provider: unknown provider 'gpulabs'; did you mean 'gpulab'? (see 'gpuselect catalog providers')");
  }
}

TEST_CASE("nothing left: top_exclusion names the constraint that removed the most", "[scoring]") {
  const auto catalog = test_catalog();
  auto options = options_for(workload::Kind::llm_finetune);
  const auto profile = job(workload::Kind::llm_finetune, "7e9", catalog);
  options.constraints.budget = 0.01;
  const auto ranking = testing::rank_checked(catalog, profile, options);
  CHECK(ranking.candidates.empty());
  REQUIRE(ranking.top_exclusion.has_value());
  CHECK(*ranking.top_exclusion == scoring::ExclusionKind::budget);
  CHECK(scoring::to_string(*ranking.top_exclusion) == "--budget");
}

TEST_CASE("a 70B model needing more nodes than --max-nodes is excluded by --max-nodes", "[scoring]") {
  const auto catalog = test_catalog();
  auto options = options_for(workload::Kind::llm_finetune);
  options.constraints.max_nodes = 1;
  workload::Request request;
  request.kind = workload::Kind::llm_finetune;
  request.params_text = "70e9";
  request.zero = workload::Zero::stage3;
  request.offload = workload::Offload::none;  // 16P / 8 = 140 GB per GPU on one 8-GPU node
  const auto profile = workload::resolve(request, catalog);
  const auto ranking = testing::rank_checked(catalog, profile, options);
  bool nodes_reason = false;
  for (const auto& exclusion : ranking.excluded) {
    for (const auto& reason : exclusion.reasons) {
      if (reason.kind != scoring::ExclusionKind::nodes) continue;
      nodes_reason = true;
      CHECK(reason.needed > 1);
      CHECK(scoring::reason_text(reason, "USD").find("--max-nodes 1") != std::string::npos);
    }
  }
  CHECK(nodes_reason);
}

TEST_CASE("scenario: BERT-base fine-tune ranks by money, and data parallel is not over-provisioning", "[scoring]") {
  const auto catalog = test_catalog();
  auto options = options_for(workload::Kind::llm_finetune);
  options.weights = scoring::profile_weights("cost-first", workload::Kind::llm_finetune);
  const auto profile = job(workload::Kind::llm_finetune, "110e6", catalog);
  const auto ranking = testing::rank_checked(catalog, profile, options);
  REQUIRE_FALSE(ranking.candidates.empty());
  const auto& first = ranking.candidates.front();
  // An 8-GPU node for a data-parallel job is the same GPU-hours, sooner: not waste. When the
  // winner is not on the cost-time frontier, its explanation says what it wins on.
  INFO(catalog.offerings[first.offering_index].id << " " << first.total_cost << " vs " << ranking.best.cheapest_total);
  if (!first.pareto) {
    const auto lines = scoring::explanation(catalog, ranking, first).lines;
    CHECK(std::any_of(lines.begin(), lines.end(), [](const scoring::Explanation::Line& line) {
      return line.kind == scoring::Explanation::Kind::wins_over && !line.gains.empty();
    }));
  }
  for (const auto& candidate : ranking.candidates) {
    CHECK(std::find(candidate.warnings.begin(), candidate.warnings.end(), scoring::Warning::over_provisioned) ==
          candidate.warnings.end());
  }
}

TEST_CASE("scenario: serving a 7B model uses at most 2 GPUs", "[scoring]") {
  const auto catalog = test_catalog();
  const auto options = options_for(workload::Kind::llm_inference);
  const auto profile = job(workload::Kind::llm_inference, "7e9", catalog);
  const auto ranking = testing::rank_checked(catalog, profile, options);
  REQUIRE_FALSE(ranking.candidates.empty());
  const auto& first = ranking.candidates.front();
  INFO(catalog.offerings[first.offering_index].id << " needs " << first.gpus_needed << " of " << first.gpus_rented);
  CHECK(catalog.offerings[first.offering_index].gpu_count * first.nodes <= 2);
}

TEST_CASE("scenario: a 70B full fine-tune lands on NVLink/NVSwitch multi-GPU nodes", "[scoring]") {
  const auto catalog = test_catalog();
  const auto options = options_for(workload::Kind::llm_finetune);
  const auto profile = job(workload::Kind::llm_finetune, "70e9", catalog);
  const auto ranking = testing::rank_checked(catalog, profile, options);
  REQUIRE_FALSE(ranking.candidates.empty());
  for (std::size_t i = 0; i < std::min<std::size_t>(3, ranking.candidates.size()); ++i) {
    const auto& offering = catalog.offerings[ranking.candidates[i].offering_index];
    INFO(offering.id);
    CHECK(offering.gpu_count >= 8);
    CHECK((offering.interconnect == Interconnect::nvlink || offering.interconnect == Interconnect::nvswitch));
  }
}

TEST_CASE("weights cost=1 puts the cheapest job first, performance=1 the fastest", "[scoring]") {
  const auto catalog = test_catalog();
  auto options = options_for(workload::Kind::llm_finetune);
  // 7B full fine-tune on 2B tokens: hours to days, so speed differences are real.
  const auto profile = job(workload::Kind::llm_finetune, "7e9", catalog, "2e9");
  const auto base = options.weights;

  options.weights = scoring::parse_weights("cost=1", base);
  auto ranking = testing::rank_checked(catalog, profile, options);
  REQUIRE(ranking.candidates.size() > 2);
  double cheapest = std::numeric_limits<double>::infinity();
  for (const auto& candidate : ranking.candidates) cheapest = std::min(cheapest, candidate.total_cost);
  CHECK(ranking.candidates.front().total_cost == cheapest);

  options.weights = scoring::parse_weights("performance=1", base);
  ranking = testing::rank_checked(catalog, profile, options);
  double fastest = std::numeric_limits<double>::infinity();
  for (const auto& candidate : ranking.candidates) fastest = std::min(fastest, candidate.hours);
  CHECK(ranking.candidates.front().hours == fastest);
}

TEST_CASE("compare ranks exactly the named offerings in the given order", "[scoring]") {
  const auto catalog = test_catalog();
  auto options = options_for(workload::Kind::llm_finetune);
  options.constraints.budget = 0.01;  // ignored by compare
  const auto profile = job(workload::Kind::llm_finetune, "1e9", catalog);
  const auto ranking = testing::compare_checked(catalog, profile, options, {"market/l40sx8", "gpulab/a100x1"});
  REQUIRE(ranking.candidates.size() == 3);  // l40s on-demand + spot, a100 on-demand
  CHECK(id_of(catalog, ranking.candidates[0]) == "market/l40sx8");
  CHECK(id_of(catalog, ranking.candidates[2]) == "gpulab/a100x1");
  CHECK(error_line([&] { testing::compare_checked(catalog, profile, options, {"gpulab/a100x2"}); }) ==
        "compare: unknown offering 'gpulab/a100x2'; did you mean 'gpulab/a100x1'? (see 'gpuselect catalog list' "
        "for offering ids)");
  // --region is the one constraint compare applies, its names checked as rank checks them.
  auto regional = options;
  regional.constraints.regions = {"nowhere-1"};
  CHECK(error_line([&] { testing::compare_checked(catalog, profile, regional, {"market/l40sx8", "gpulab/a100x1"}); })
            .rfind("--region: unknown region 'nowhere-1'", 0) == 0);
}

// compare() shares candidate building with rank(): each named offering gets exactly the rows that
// rank() builds for it when nothing constrains it (same modes, node counts, plan, hours and cost),
// grouped by offering in the order asked, each offering's rows by node count then pricing mode.
TEST_CASE("compare builds the rows rank builds without constraints, in the order asked", "[scoring]") {
  auto catalog = test_catalog();
  catalog::Offering unsold = catalog.offerings[5];  // gpulab/a100x1 without prices
  unsold.id = "gpulab/a100x1-unsold";
  unsold.pricing = {};
  catalog.offerings.push_back(unsold);
  // compare applies no tier: the ranking it is held to ranks every class (development).
  auto profile = job(workload::Kind::llm_finetune, "13e9", catalog);
  profile.training_tier = workload::Tier::development;
  // Constraints that would remove every row: compare applies none of them (but --region, below).
  auto constrained = options_for(workload::Kind::llm_finetune);
  constrained.constraints.budget = 0.01;
  constrained.constraints.pricing_modes = {PricingMode::reserved_3y};
  constrained.constraints.max_nodes = 1;
  constrained.constraints.min_headroom_pct = 90;
  const std::vector<std::string> asked = {"market/l40sx8", "gpulab/a100x1-unsold", "bigcloud/h100x8", "gpulab/a100x1",
                                          "market/l40sx8", "gpulab/h100x8"};
  const auto compared = testing::compare_checked(catalog, profile, constrained, asked);
  CHECK(compared.compared_ids == asked);  // echoed as given (JSON request.only_offerings)

  auto free = options_for(workload::Kind::llm_finetune);
  free.constraints.max_nodes = 64;  // above every offering's max_nodes: the offering's own limit binds
  const auto ranked = testing::rank_checked(catalog, profile, free);
  const std::vector<std::string> distinct = {"market/l40sx8", "gpulab/a100x1-unsold", "bigcloud/h100x8",
                                             "gpulab/a100x1", "gpulab/h100x8"};
  std::size_t row = 0;
  for (const auto& id : distinct) {
    INFO("offering " << id);
    std::vector<const scoring::Candidate*> expected;
    for (const auto& candidate : ranked.candidates) {
      if (id_of(catalog, candidate) == id) expected.push_back(&candidate);
    }
    std::sort(expected.begin(), expected.end(), [](const scoring::Candidate* a, const scoring::Candidate* b) {
      return std::tie(a->nodes, a->mode) < std::tie(b->nodes, b->mode);
    });
    for (const auto* want : expected) {
      REQUIRE(row < compared.candidates.size());
      const auto& got = compared.candidates[row++];
      CHECK(id_of(catalog, got) == id);
      CHECK(got.mode == want->mode);
      CHECK(got.nodes == want->nodes);
      CHECK(got.region == want->region);
      CHECK(got.hours == want->hours);
      CHECK(got.total_cost == want->total_cost);
      CHECK(got.cost.total == want->cost.total);
      CHECK(got.spot_total == want->spot_total);
      CHECK(got.gpus_needed == want->gpus_needed);
      CHECK(got.gpus_rented == want->gpus_rented);
      CHECK(got.warnings == want->warnings);
      const auto& got_plan = compared.performance_of(got).memory.plan;
      const auto& want_plan = ranked.performance_of(*want).memory.plan;
      CHECK(got_plan.zero_stage == want_plan.zero_stage);
      CHECK(got_plan.offload == want_plan.offload);
      CHECK(got_plan.tensor_parallel == want_plan.tensor_parallel);
    }
  }
  CHECK(row == compared.candidates.size());
  CHECK(row >= 5);  // the test means something only when several offerings give rows
  // The unsold offering is an exclusion, in the order asked among the others.
  const auto unsold_exclusion =
      std::find_if(compared.excluded.begin(), compared.excluded.end(),
                   [&](const scoring::Exclusion& e) { return catalog.offerings[e.offering_index].id == unsold.id; });
  REQUIRE(unsold_exclusion != compared.excluded.end());
  CHECK(unsold_exclusion->reasons.front().kind == scoring::ExclusionKind::not_sold);
  // Ranks order the rows by score without moving them.
  for (const auto& a : compared.candidates) {
    for (const auto& b : compared.candidates) {
      if (a.rank < b.rank) CHECK(a.score >= b.score);
    }
  }
}

TEST_CASE("ranking is deterministic and warnings carry stable codes", "[scoring]") {
  const auto catalog = test_catalog();
  const auto options = options_for(workload::Kind::llm_finetune);
  const auto profile = job(workload::Kind::llm_finetune, "7e9", catalog);
  const auto first = testing::rank_checked(catalog, profile, options);
  const auto second = testing::rank_checked(catalog, profile, options);
  REQUIRE(first.candidates.size() == second.candidates.size());
  for (std::size_t i = 0; i < first.candidates.size(); ++i) {
    CHECK(first.candidates[i].offering_index == second.candidates[i].offering_index);
    CHECK(first.candidates[i].score == second.candidates[i].score);
  }
  CHECK(scoring::warning_code(scoring::Warning::spot_interruptions) == "W-SPOT");
  CHECK(scoring::warning_code(scoring::Warning::over_provisioned) == "W-OVERPROVISIONED");
  CHECK(scoring::warning_code(scoring::Warning::marketplace_host) == "W-MARKETPLACE");
  for (const auto& candidate : first.candidates) {
    for (auto warning : candidate.warnings) {
      CHECK_FALSE(scoring::warning_text(catalog, first, candidate, warning).empty());
    }
    if (candidate.mode == PricingMode::spot) {
      // A spot row warns exactly when the risk is material (docs/scoring.md "Warnings").
      const bool material = 1.0 - candidate.cost.uninterrupted_probability >= scoring::material_risk_probability ||
                            candidate.cost.interruption >= scoring::material_cost_share * candidate.total_cost;
      CHECK((std::find(candidate.warnings.begin(), candidate.warnings.end(), scoring::Warning::spot_interruptions) !=
             candidate.warnings.end()) == material);
    }
  }
}

TEST_CASE("stale prices are one run-wide note after 180 days, a row warns only past a year", "[scoring]") {
  auto catalog = test_catalog();
  catalog.offerings[5].as_of = "2025-10-01";  // gpulab/a100x1: 243 days before 2026-06-01
  auto options = options_for(workload::Kind::llm_finetune);
  const auto profile = job(workload::Kind::llm_finetune, "1e9", catalog);
  const auto ranking = testing::rank_checked(catalog, profile, options);
  for (const auto& candidate : ranking.candidates) {
    CHECK(std::find(candidate.warnings.begin(), candidate.warnings.end(), scoring::Warning::stale_price) ==
          candidate.warnings.end());
  }
  // Past 365 days the row itself carries W-STALE-PRICE (expert review 9).
  auto older = catalog;
  older.offerings[5].as_of = "2025-01-01";
  const auto old_ranking = testing::rank_checked(older, profile, options);
  bool warned = false;
  for (const auto& candidate : old_ranking.candidates) {
    const bool stale = std::find(candidate.warnings.begin(), candidate.warnings.end(),
                                 scoring::Warning::stale_price) != candidate.warnings.end();
    CHECK(stale == (candidate.offering_index == 5));
    warned = warned || stale;
  }
  CHECK(warned);
  int stale_notes = 0;
  for (const auto& note : ranking.notes) {
    if (note.code != "N-STALE-PRICES") continue;
    ++stale_notes;
    CHECK(note.text.say(text::Lang::en).find("Prices of 1 provider ") != std::string::npos);
    CHECK(note.text.say(text::Lang::en).find("2025-10-01") != std::string::npos);
  }
  CHECK(stale_notes == 1);
}

namespace {
scoring::Candidate hand_candidate(std::uint32_t index, double cost, double hours,
                                  std::array<double, 5> criterion_scores, int rank) {
  scoring::Candidate candidate;
  candidate.offering_index = index;
  candidate.total_cost = cost;
  candidate.hours = hours;
  candidate.rank = rank;
  for (std::size_t c = 0; c < 5; ++c) candidate.criteria[c].score = criterion_scores[c];
  return candidate;
}
}  // namespace

TEST_CASE("Pareto frontier over (total cost, hours) with deterministic ties", "[scoring]") {
  std::vector<scoring::Candidate> candidates = {
      hand_candidate(0, 100, 10, {}, 1),  // frontier: cheapest
      hand_candidate(1, 200, 5, {}, 2),   // frontier
      hand_candidate(2, 200, 6, {}, 3),   // dominated by 1 (same cost, slower)
      hand_candidate(3, 300, 5, {}, 4),   // dominated by 1 (same time, dearer)
      hand_candidate(4, 400, 2, {}, 5),   // frontier: fastest
      hand_candidate(5, 400, 2, {}, 6),   // identical point: not dominated either
      hand_candidate(6, 150, 12, {}, 7),  // dominated by 0
  };
  scoring::detail::mark_pareto(candidates);
  const std::vector<bool> expected = {true, true, false, false, true, true, false};
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    INFO(i);
    CHECK(candidates[i].pareto == expected[i]);
  }
}

TEST_CASE("Pareto by weak dominance: a dearer row of (nearly) equal time is off the frontier", "[scoring]") {
  // Issue 24 item 8: 8 B200 on demand at 198.3 h for $8,723 beside the same on spot at 199.1 h for
  // $4,603 were both marked (0.4% faster for 89% more): the chart drew a vertical line.
  std::vector<scoring::Candidate> candidates = {
      hand_candidate(0, 8723, 198.3, {}, 1),  // dominated: the cheaper row is within 0.5% of its time
      hand_candidate(1, 4603, 199.1, {}, 2),  // frontier
      hand_candidate(2, 9000, 150, {}, 3),    // frontier: materially faster
      hand_candidate(3, 9500, 150, {}, 4),    // dominated: same time, dearer
  };
  scoring::detail::mark_pareto(candidates);
  CHECK_FALSE(candidates[0].pareto);
  CHECK(candidates[1].pareto);
  CHECK(candidates[2].pareto);
  CHECK_FALSE(candidates[3].pareto);
}

TEST_CASE("Pareto for serving: the frontier is on the latency a request sees, not the hours every row runs",
          "[scoring]") {
  // Expert review 30 D2: every serving row runs the window's 730 h, so only the cheapest was marked.
  std::vector<scoring::Candidate> candidates = {
      hand_candidate(0, 2953, 730, {}, 1),  // cheapest, 68 ms a token
      hand_candidate(1, 4308, 730, {}, 2),  // dearer and quicker: 34 ms
      hand_candidate(2, 4500, 730, {}, 3),  // dearer and slower than 1: 40 ms
      hand_candidate(3, 3000, 730, {}, 4),  // dearer than 0 and no quicker: 70 ms
  };
  const std::vector<double> latency_ms = {68, 34, 40, 70};
  scoring::detail::mark_pareto(candidates, latency_ms);
  CHECK(candidates[0].pareto);
  CHECK(candidates[1].pareto);
  CHECK_FALSE(candidates[2].pareto);
  CHECK_FALSE(candidates[3].pareto);
  // By hours alone (all equal), only the cheapest.
  scoring::detail::mark_pareto(candidates);
  CHECK(candidates[0].pareto);
  CHECK_FALSE(candidates[1].pareto);
}

TEST_CASE("sensitivity: same seed same result, robust and fragile winners", "[scoring]") {
  const auto weights = scoring::profile_weights("balanced", workload::Kind::llm_finetune);
  // A dominant winner stays first under any perturbation.
  std::vector<scoring::Candidate> clear = {hand_candidate(0, 1, 1, {90, 90, 90, 90, 90}, 1),
                                           hand_candidate(1, 1, 1, {60, 60, 60, 60, 60}, 2)};
  const auto robust = scoring::detail::sensitivity(clear, weights, 500, 42);
  CHECK(robust.top1_share == 1.0);
  CHECK(robust.robust);
  REQUIRE(robust.top.size() == 2);
  CHECK(robust.top[1].best_rank == 2);

  // Near tie between a stable and a cheap candidate: the winner flips in many samples.
  auto score = [&](std::array<double, 5> s) {
    double total = 0;
    for (std::size_t c = 0; c < 5; ++c) total += weights.values[c] * s[c];
    return total;
  };
  const std::array<double, 5> stable = {100, 50, 20, 50, 50};
  std::array<double, 5> cheap = {40, 50, 100, 50, 50};
  cheap[2] += (score(stable) - score(cheap)) / weights.values[2] - 0.5;  // just behind
  std::vector<scoring::Candidate> close = {hand_candidate(0, 1, 1, stable, 1), hand_candidate(1, 1, 1, cheap, 2)};
  const auto fragile = scoring::detail::sensitivity(close, weights, 500, 42);
  CHECK(fragile.top1_share < 0.8);
  CHECK(fragile.top1_share > 0.2);
  CHECK_FALSE(fragile.robust);
  CHECK(fragile.top[0].worst_rank == 2);
  CHECK(fragile.top[1].best_rank == 1);

  const auto again = scoring::detail::sensitivity(close, weights, 500, 42);
  CHECK(again.top1_share == fragile.top1_share);
  CHECK(again.top[0].mean_rank == fragile.top[0].mean_rank);
  const auto other_seed = scoring::detail::sensitivity(close, weights, 500, 7);
  CHECK(other_seed.seed == 7);
}

TEST_CASE("rank with sensitivity fills the summary for the first candidates", "[scoring]") {
  const auto catalog = test_catalog();
  auto options = options_for(workload::Kind::llm_finetune);
  options.sensitivity = true;
  const auto profile = job(workload::Kind::llm_finetune, "7e9", catalog);
  const auto ranking = testing::rank_checked(catalog, profile, options);
  REQUIRE(ranking.sensitivity.has_value());
  CHECK(ranking.sensitivity->samples == 500);
  CHECK(ranking.sensitivity->seed == 42);
  CHECK(ranking.sensitivity->top.size() == std::min<std::size_t>(5, ranking.candidates.size()));
  CHECK(ranking.sensitivity->top[0].candidate == 0);
}

TEST_CASE("explain: strongest and weakest with numbers, what it takes to win", "[scoring]") {
  const auto catalog = test_catalog();
  const auto options = options_for(workload::Kind::llm_finetune);
  const auto profile = job(workload::Kind::llm_finetune, "7e9", catalog);
  const auto ranking = testing::rank_checked(catalog, profile, options);
  REQUIRE(ranking.candidates.size() >= 2);
  const auto winner = scoring::explain(catalog, ranking, ranking.candidates[0]);
  REQUIRE(winner.size() >= 3);
  CHECK(winner[0].rfind("strongest: ", 0) == 0);
  CHECK(winner[0].find("/100: ") != std::string::npos);
  CHECK(winner[1].rfind("weakest: ", 0) == 0);
  CHECK(winner[2].rfind("first by ", 0) == 0);

  // A runner-up's "would rank first with X weight >= w" holds when the weights are set so.
  std::size_t checked = 0;
  for (std::size_t k = 1; k < ranking.candidates.size(); ++k) {
    const auto explanation = scoring::explanation(catalog, ranking, ranking.candidates[k]);
    for (const auto& line : explanation.lines) {
      if (line.kind != scoring::Explanation::Kind::would_win) continue;
      ++checked;
      REQUIRE(line.criterion.has_value());
      CHECK(scoring::sentence(line).rfind("would rank first with " + std::string(scoring::to_string(*line.criterion)) +
                                              " weight " + (line.at_least ? ">= " : "<= "),
                                          0) == 0);
      const double target = line.score;
      const auto c = static_cast<std::size_t>(*line.criterion);
      CHECK((line.at_least ? target > ranking.weights.values[c] : target < ranking.weights.values[c]));
      scoring::Weights changed = ranking.weights;
      const double scale = (1 - target) / (1 - ranking.weights.values[c]);
      for (std::size_t d = 0; d < 5; ++d) changed.values[d] = d == c ? target : changed.values[d] * scale;
      auto rescore = [&](const scoring::Candidate& x) {
        double total = 0;
        for (std::size_t d = 0; d < 5; ++d) total += changed.values[d] * x.criteria[d].score;
        return total;
      };
      const double own = rescore(ranking.candidates[k]);
      for (const auto& rival : ranking.candidates) CHECK(own >= rescore(rival) - 1e-9);
    }
  }
  CHECK(checked > 0);
}

TEST_CASE("explain: a FactsMemo shared by every row gives each row's own explanation", "[scoring]") {
  // The JSON writer explains every row with one memo (a provider's usability and support figures, a
  // rival's figures made once): on the built-in catalog with 600 synthetic offerings many rows share
  // a provider and a cheaper-and-faster rival, and each row's lines must equal those made without.
  std::vector<catalog::SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  bench::SyntheticOptions generate;
  generate.offerings = 600;
  const std::string overlay = bench::synthetic_catalog_yaml(bench::builtin_catalog(), generate);
  sources.push_back({"synthetic.yaml", overlay});
  const auto loaded = catalog::load(sources);
  REQUIRE(loaded.ok());
  const auto& catalog = loaded.catalog;
  const auto ranking = testing::rank_checked(catalog, job(workload::Kind::llm_finetune, "7e9", catalog),
                                             options_for(workload::Kind::llm_finetune));
  REQUIRE(ranking.candidates.size() > 100);
  scoring::FactsMemo memo;
  std::size_t gains = 0;
  std::size_t provider_lines = 0;
  for (const auto& candidate : ranking.candidates) {
    const auto with_memo = scoring::explanation(catalog, ranking, candidate, &memo);
    const auto without = scoring::explanation(catalog, ranking, candidate);
    REQUIRE(with_memo.lines.size() == without.lines.size());
    for (std::size_t i = 0; i < without.lines.size(); ++i) {
      const auto& line = with_memo.lines[i];
      INFO(catalog.offerings[candidate.offering_index].id << " line " << i);
      CHECK(scoring::sentence(line) == scoring::sentence(without.lines[i]));
      // sentence_to's pieces join to sentence()'s text, in both languages.
      for (const auto lang : {text::Lang::en, text::Lang::zh_cn}) {
        struct Joined final : scoring::TextPieces {
          std::string text;
          std::size_t pieces = 0;
          void add(std::string_view piece) override {
            text.append(piece);
            ++pieces;
          }
        } joined;
        scoring::sentence_to(joined, line, lang);
        CHECK(joined.text == scoring::sentence(line, lang));
        if (lang == text::Lang::en && line.kind != scoring::Explanation::Kind::cannot_win) CHECK(joined.pieces > 1);
      }
      CHECK(line.figure == without.lines[i].figure);
      REQUIRE(line.gains.size() == without.lines[i].gains.size());
      for (std::size_t g = 0; g < line.gains.size(); ++g) {
        CHECK(line.gains[g].figure == without.lines[i].gains[g].figure);
        CHECK(line.gains[g].rival_figure == without.lines[i].gains[g].rival_figure);
        ++gains;
      }
      if (line.criterion == scoring::Criterion::support || line.criterion == scoring::Criterion::usability) {
        ++provider_lines;
      }
    }
  }
  CHECK(gains > 50);            // rivals' figures came from the memo many times
  CHECK(provider_lines > 50);   // and providers' figures
}

TEST_CASE("rank: the estimates memoised per machine shape give every row of the ranking made without", "[scoring]") {
  // rank() plans and estimates once per machine shape (rank.cpp's PlanKey and ShapeKey): offerings
  // sold in many regions, and one shape at many providers, share an estimate. A field the estimator
  // reads that the key does not hold makes some row here differ from the reference, which estimates
  // every offering x node count afresh. The synthetic records copy real offerings' shapes (GPU
  // count, interconnect, network, vCPUs, RAM) with their own prices, stock and regions.
  std::vector<catalog::SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  bench::SyntheticOptions generate;
  generate.offerings = 400;
  const std::string overlay = bench::synthetic_catalog_yaml(bench::builtin_catalog(), generate);
  sources.push_back({"synthetic.yaml", overlay});
  // Twins of one machine that differ in one field the estimator reads each: a key without that
  // field gives both twins the estimate of whichever came first.
  std::string twins = "schema_version: 1\nofferings:\n";
  const auto twin = [&](const char* name, const char* fields) {
    twins += fmt::format(
        "  - {{id: gcp/twin-{}, provider: gcp, gpu: a100-sxm4-80gb, instance_type: twin-{}, regions: [us-east5],\n"
        "     pricing: {{on_demand: 25.0, spot: 9.0}}, max_nodes: 16, as_of: \"2026-05-01\", source: test twins,\n"
        "     {}}}\n",
        name, name, fields);
  };
  const char* base = "gpu_count: 8, interconnect: nvswitch, network: {bandwidth_gbps: 100, rdma: none}, vcpus: 96, "
                     "ram_gb: 1360, local_disk_gb: 6000";
  twin("base", base);
  twin("vcpus", "gpu_count: 8, interconnect: nvswitch, network: {bandwidth_gbps: 100, rdma: none}, vcpus: 12, "
                "ram_gb: 1360, local_disk_gb: 6000");
  twin("vcpus-unstated", "gpu_count: 8, interconnect: nvswitch, network: {bandwidth_gbps: 100, rdma: none}, "
                         "ram_gb: 1360, local_disk_gb: 6000");
  twin("ram", "gpu_count: 8, interconnect: nvswitch, network: {bandwidth_gbps: 100, rdma: none}, vcpus: 96, "
              "ram_gb: 160, local_disk_gb: 6000");
  twin("ram-unstated", "gpu_count: 8, interconnect: nvswitch, network: {bandwidth_gbps: 100, rdma: none}, vcpus: 96, "
                       "local_disk_gb: 6000");
  twin("disk", "gpu_count: 8, interconnect: nvswitch, network: {bandwidth_gbps: 100, rdma: none}, vcpus: 96, "
               "ram_gb: 1360, local_disk_gb: 100");
  twin("network", "gpu_count: 8, interconnect: nvswitch, network: {bandwidth_gbps: 3200, rdma: infiniband}, "
                  "vcpus: 96, ram_gb: 1360, local_disk_gb: 6000");
  twin("pcie", "gpu_count: 8, interconnect: pcie, network: {bandwidth_gbps: 100, rdma: none}, vcpus: 96, "
               "ram_gb: 1360, local_disk_gb: 6000");
  twin("four", "gpu_count: 4, interconnect: nvswitch, network: {bandwidth_gbps: 100, rdma: none}, vcpus: 96, "
               "ram_gb: 1360, local_disk_gb: 6000");
  sources.push_back({"twins.yaml", twins});
  const auto loaded = catalog::load(sources);
  REQUIRE(loaded.ok());
  const auto& catalog = loaded.catalog;
  struct Case {
    workload::Kind kind;
    const char* params;     // parameters, or the model preset of cv-train
    double deadline_hours;  // 0 = none
    std::optional<workload::Offload> offload = std::nullopt;
  };
  const std::array<Case, 7> cases{{{workload::Kind::llm_finetune, "7e9", 0},
                                   {workload::Kind::llm_finetune, "70e9", 30},
                                   {workload::Kind::llm_finetune, "70e9", 0, workload::Offload::nvme},
                                   {workload::Kind::llm_pretrain, "1e9", 0},
                                   {workload::Kind::llm_inference, "70e9", 0},
                                   {workload::Kind::cv_train, "resnet-50", 0},
                                   {workload::Kind::notebook, "7e9", 0}}};
  for (const auto& example : cases) {
    auto options = options_for(example.kind);
    if (example.deadline_hours > 0) options.constraints.deadline_hours = example.deadline_hours;
    workload::Request request;
    request.kind = example.kind;
    request.offload = example.offload;
    // A vision preset: its images/s make the input pipeline, which reads the vCPUs, part of the estimate.
    if (example.kind == workload::Kind::cv_train) {
      request.model = example.params;
    } else {
      request.params_text = example.params;
    }
    const auto profile = workload::resolve(request, catalog);
    const auto memoised = testing::rank_checked(catalog, profile, options);
    const auto afresh = scoring::detail::rank_unmemoised(catalog, profile, options);
    INFO(workload::to_string(example.kind) << " " << example.params);
    // The memo shares estimates: under 55% of the estimates made afresh (112 of 221 for the 70e9
    // deadline case; a key that held the region or the provider would make nearly one per row).
    CHECK(memoised.performances.size() * 20 <= afresh.performances.size() * 11);
    // Each row as the JSON document writes it, its machine shape's performance in place of the id.
    const auto rows = [&](const scoring::Ranking& ranking) {
      auto document = render::recommend_json({catalog, profile, ranking, options});
      auto& candidates = document["candidates"];
      for (auto& row : candidates) row["performance"] = document["performances"][row["performance"].get<std::size_t>()];
      return std::make_pair(candidates, document["excluded"]);
    };
    const auto [memo_rows, memo_excluded] = rows(memoised);
    const auto [fresh_rows, fresh_excluded] = rows(afresh);
    REQUIRE(memo_rows.size() == fresh_rows.size());
    CHECK(memo_rows.size() > 20);
    for (std::size_t row = 0; row < memo_rows.size(); ++row) {
      INFO("row " << row);
      CHECK(memo_rows[row].dump() == fresh_rows[row].dump());
    }
    CHECK(memo_excluded.dump() == fresh_excluded.dump());
  }
}

TEST_CASE("explain: the precomputed win envelope gives the words of a scan of every candidate", "[scoring]") {
  // The built-in catalog, then with 600 synthetic offerings over it (many candidates tie on the
  // provider-only criteria, which the envelope must prune without losing a binding line).
  const std::size_t synthetic = GENERATE(0u, 600u);
  std::string overlay;
  std::vector<catalog::SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  if (synthetic > 0) {
    bench::SyntheticOptions generate;
    generate.offerings = synthetic;
    overlay = bench::synthetic_catalog_yaml(bench::builtin_catalog(), generate);
    sources.push_back({"synthetic.yaml", overlay});
  }
  const auto loaded = catalog::load(sources);
  REQUIRE(loaded.ok());
  const auto& catalog = loaded.catalog;
  INFO("synthetic offerings: " << synthetic);
  for (const auto kind : {workload::Kind::llm_finetune, workload::Kind::llm_pretrain}) {
    for (const char* weights : {"", "cost=0.5", "support=0.02,usability=0.03"}) {
      auto options = options_for(kind);
      if (*weights != '\0') options.weights = scoring::parse_weights(weights, options.weights);
      const auto profile = job(kind, "7e9", catalog);
      const auto ranking = testing::rank_checked(catalog, profile, options);
      REQUIRE(ranking.win_envelope.has_value());
      REQUIRE(ranking.candidates.size() > 50);
      std::size_t rivals = 0;
      for (const auto& list : ranking.win_envelope->rivals) rivals += list.size();
      CHECK(rivals < 5 * ranking.candidates.size());
      // The compact scores a candidate on the lines reads its rivals from (the scan reads the candidates).
      REQUIRE(ranking.win_envelope->scores.size() == ranking.candidates.size());
      CHECK(ranking.win_envelope->scores.back()[0] == ranking.candidates.back().criteria[0].score);
      auto scanned = ranking;
      scanned.win_envelope.reset();
      std::size_t would_win = 0;
      for (std::size_t k = 0; k < ranking.candidates.size(); ++k) {
        const auto fast = scoring::explain(catalog, ranking, ranking.candidates[k]);
        CHECK(fast == scoring::explain(catalog, scanned, scanned.candidates[k]));
        for (const auto& line : fast) would_win += line.rfind("would rank first", 0) == 0 ? 1 : 0;
      }
      CHECK(would_win > 0);
    }
  }
}

TEST_CASE("spot not allowed: explain says when spot would be the cheapest", "[scoring]") {
  const auto catalog = test_catalog();
  auto options = options_for(workload::Kind::llm_finetune);
  options.constraints.pricing_modes = {PricingMode::on_demand};
  auto profile = job(workload::Kind::llm_finetune, "7e9", catalog, "2e9");
  profile.training_tier = workload::Tier::development;  // the test catalog's spot rows are on a marketplace
  const auto ranking = testing::rank_checked(catalog, profile, options);
  bool said = false;
  for (const auto& candidate : ranking.candidates) {
    for (const auto& line : scoring::explain(catalog, ranking, candidate)) {
      if (line.find("if spot were allowed") != std::string::npos) said = true;
    }
  }
  CHECK(said);
}

TEST_CASE("requirement names are listed with what they check", "[scoring]") {
  const auto names = scoring::requirement_names();
  CHECK(names.size() >= 15);
  CHECK(std::any_of(names.begin(), names.end(), [](const auto& entry) { return entry.first == "nvlink"; }));
}

TEST_CASE("risk-averse ranking (--risk-averse) uses the upper end of each training band", "[scoring]") {
  const auto catalog = test_catalog();
  const auto profile = job(workload::Kind::llm_finetune, "7e9", catalog);
  auto options = options_for(workload::Kind::llm_finetune);
  const auto expected = testing::rank_checked(catalog, profile, options);
  options.risk_averse = true;
  // --risk-averse leaves out spot unless --pricing names it.
  const auto without_spot = testing::rank_checked(catalog, profile, options);
  CHECK(without_spot.candidates.size() < expected.candidates.size());
  for (const auto& candidate : without_spot.candidates) CHECK(candidate.mode != catalog::PricingMode::spot);
  options.constraints.pricing_named = true;
  const auto pessimistic = testing::rank_checked(catalog, profile, options);
  CHECK(pessimistic.risk_averse);
  REQUIRE(expected.candidates.size() == pessimistic.candidates.size());
  // Same offerings and modes, each at its band's upper end: the run's hours scale by band.high / wall
  // and the wait before the run (the machine's setup here) is added as it is; the cost is priced at
  // those hours, where the billed setup does not grow, so it rises by less than the factor.
  for (const auto& candidate : pessimistic.candidates) {
    const auto& estimate = pessimistic.performance_of(candidate);
    const auto& band = estimate.time.wall_hours_band;
    REQUIRE(band.high > 0);
    const double factor = band.high / estimate.time.wall_hours;
    CHECK(factor > 1.0);
    CHECK(candidate.queue_hours > 0);
    CHECK(candidate.hours ==
          Approx((estimate.time.wall_hours + candidate.cost.interruption_hours) * factor + candidate.queue_hours));
    CHECK(candidate.total_cost == Approx(candidate.cost.total_band.high));
    CHECK(candidate.total_cost > candidate.cost.total);
    // ... and by the quote's upper end (its age band; docs/estimation.md "Price age and quote sanity").
    CHECK(candidate.total_cost < candidate.cost.total * factor * candidate.cost.price_high_factor);
  }
}

TEST_CASE("rank prices each mode in its cheapest allowed region, --region prices there", "[scoring]") {
  catalog::Catalog catalog = test_catalog();
  auto& offering = catalog.offerings[0];
  offering.regions = {"cheap-east", "dear-south", "spot-west"};
  offering.pricing = {};
  const auto entry = [](std::string region, std::optional<double> on_demand, std::optional<double> spot) {
    catalog::RegionPrice price;
    price.region = std::move(region);
    price.pricing.on_demand = on_demand;
    price.pricing.spot = spot;
    price.given = 3;  // on_demand and spot named
    return price;
  };
  // Sorted by region, as catalog::load leaves them.
  offering.region_prices = {entry("cheap-east", 20.0, 12.0), entry("dear-south", 30.0, std::nullopt),
                            entry("spot-west", 25.0, 6.0)};
  const auto profile = job(workload::Kind::llm_finetune, "7e9", catalog);
  const auto find_row = [&](const scoring::Ranking& ranking, PricingMode mode) -> const scoring::Candidate* {
    for (const auto& candidate : ranking.candidates) {
      if (candidate.offering_index == 0 && candidate.mode == mode) return &candidate;
    }
    return nullptr;
  };
  const auto ranking = testing::rank_checked(catalog, profile, options_for(workload::Kind::llm_finetune));
  const auto* on_demand = find_row(ranking, PricingMode::on_demand);
  const auto* spot = find_row(ranking, PricingMode::spot);
  REQUIRE(on_demand != nullptr);
  REQUIRE(spot != nullptr);
  CHECK(offering.regions[on_demand->region] == "cheap-east");
  CHECK(on_demand->other_regions == 2);
  CHECK(on_demand->cost.price_per_hour == Approx(20.0));
  CHECK(offering.regions[spot->region] == "spot-west");
  CHECK(spot->other_regions == 1);  // dear-south sells no spot
  CHECK(spot->cost.price_per_hour == Approx(6.0));
  // The on-demand row's spot alternative is cheap-east's 12, not spot-west's 6.
  REQUIRE(on_demand->spot_total);
  CHECK(*on_demand->spot_total > spot->total_cost);

  auto options = options_for(workload::Kind::llm_finetune);
  options.constraints.regions = {"dear-south"};
  const auto in_south = testing::rank_checked(catalog, profile, options);
  const auto* south = find_row(in_south, PricingMode::on_demand);
  REQUIRE(south != nullptr);
  CHECK(south->cost.price_per_hour == Approx(30.0));
  CHECK(south->other_regions == 0);
  CHECK(find_row(in_south, PricingMode::spot) == nullptr);
}

namespace {

// The plan the cached search chose must be the uncached search's: its layout, offload and batch.
void check_same_plan(const estimate::Plan& shared, const estimate::Plan& direct) {
  CHECK(shared.zero_stage == direct.zero_stage);
  CHECK(shared.offload == direct.offload);
  CHECK(shared.tensor_parallel == direct.tensor_parallel);
  CHECK(shared.pipeline_parallel == direct.pipeline_parallel);
  CHECK(shared.context_parallel == direct.context_parallel);
  CHECK(shared.expert_parallel == direct.expert_parallel);
  CHECK(shared.micro_batch == direct.micro_batch);
  CHECK(shared.recompute == direct.recompute);
}

}  // namespace

TEST_CASE("the plan search shared across shapes (PlanSearchCache) chooses what choose_plan chooses", "[scoring]") {
  // rank() searches training plans through one cache per ranking; every built-in machine shape, on 1
  // to 4 nodes, must get the plan, memory figures and reason of the uncached search.
  const catalog::Catalog& catalog = bench::builtin_catalog();
  for (const auto* params : {"7e9", "70e9", "405e9"}) {
    const workload::Profile profile = job(workload::Kind::llm_finetune, params, catalog);
    estimate::PlanSearchCache cache(profile);
    std::size_t compared = 0;
    for (const auto& offering : catalog.offerings) {
      for (int nodes = 1; nodes <= std::min(4, std::max(1, offering.max_nodes)); ++nodes) {
        const auto hardware = estimate::hardware_of(catalog, offering, nodes);
        const estimate::Memory direct = estimate::choose_plan(profile, hardware);
        const estimate::Memory shared = estimate::choose_plan(cache, hardware);
        INFO(offering.id << " on " << nodes << " node(s), " << params << " parameters");
        check_same_plan(shared.plan, direct.plan);
        CHECK(shared.per_gpu.total_bytes == direct.per_gpu.total_bytes);
        CHECK(shared.usable_gpu_bytes == direct.usable_gpu_bytes);
        CHECK(shared.fits == direct.fits);
        CHECK(shared.fits_gpu == direct.fits_gpu);
        CHECK(shared.fits_host == direct.fits_host);
        CHECK(shared.reason == direct.reason);
        CHECK(shared.plans_tried == direct.plans_tried);
        CHECK(shared.plans_fitting == direct.plans_fitting);
        CHECK(shared.has_runner_up == direct.has_runner_up);
        CHECK(shared.step_seconds == direct.step_seconds);
        ++compared;
      }
    }
    CHECK(compared > 100);
  }
}

TEST_CASE("the plan search's step-time memo tells apart every link and GPU input of the step time", "[scoring]") {
  // PlanSearchCache times a plan once per step key (GPU, vGPU share, interconnect; RDMA and network
  // from 2 nodes). One cache per job sees each built-in shape on 1 and 2 nodes, then twins that differ
  // in one of those inputs (and one that differs only in host RAM, disk and vCPUs, which share the
  // times): each must get the uncached search's plan and step time; a key that missed an input would
  // hand the twin its original's time. Each twin of a key input must change some step times, or the
  // memo would not be put to the test by it. A dense and two mixture-of-experts jobs (the search tries
  // expert parallelism for them, whose all-to-all is the one exchange that could leave a node).
  const catalog::Catalog& catalog = bench::builtin_catalog();
  const auto moe = [&](workload::Kind kind, const char* model) {
    workload::Request request;
    request.kind = kind;
    request.model = model;
    return workload::resolve(request, catalog);
  };
  const std::array<workload::Profile, 3> jobs{job(workload::Kind::llm_finetune, "70e9", catalog),
                                              moe(workload::Kind::llm_pretrain, "mixtral-8x7b"),
                                              moe(workload::Kind::llm_finetune, "qwen3-30b-a3b")};
  using Twin = void (*)(estimate::Hardware&);
  const std::array<Twin, 6> twins{
      [](estimate::Hardware&) {},
      [](estimate::Hardware& h) { h.network_gbps = h.network_gbps > 0 ? h.network_gbps * 4 : 3200; },
      [](estimate::Hardware& h) { h.rdma = h.rdma == catalog::Rdma::none ? catalog::Rdma::infiniband : catalog::Rdma::none; },
      [](estimate::Hardware& h) {
        h.interconnect = h.interconnect == catalog::Interconnect::pcie ? catalog::Interconnect::nvlink
                                                                       : catalog::Interconnect::pcie;
      },
      [](estimate::Hardware& h) { h.gpu_fraction = 0.5; },
      [](estimate::Hardware& h) {
        h.host_ram_bytes *= 4;
        h.local_disk_bytes = 0;
        h.vcpus = 1;
      },
  };
  constexpr std::size_t network_twin = 1;
  constexpr std::size_t rdma_twin = 2;
  constexpr std::size_t host_twin = 5;
  for (const auto& profile : jobs) {
    estimate::PlanSearchCache cache(profile);
    std::array<std::size_t, twins.size()> differed{};
    std::size_t one_node_network_compared = 0;
    for (std::size_t index = 0; index < twins.size(); ++index) {
      for (const auto& offering : catalog.offerings) {
        for (int nodes = 1; nodes <= std::min(2, std::max(1, offering.max_nodes)); ++nodes) {
          auto hardware = estimate::hardware_of(catalog, offering, nodes);
          const double original_s = estimate::choose_plan(profile, hardware).step_seconds;
          twins[index](hardware);
          const estimate::Memory direct = estimate::choose_plan(profile, hardware);
          const estimate::Memory shared = estimate::choose_plan(cache, hardware);
          INFO(profile.model_id << " " << profile.shape.params << " parameters, " << offering.id << " on " << nodes
                                << " node(s), twin " << index);
          CHECK(shared.step_seconds == direct.step_seconds);
          check_same_plan(shared.plan, direct.plan);
          CHECK(shared.runner_up_slower_pct == direct.runner_up_slower_pct);
          if (direct.step_seconds != original_s) ++differed[index];
          // Why a one-node key holds no network: on one node the network and RDMA change no step time.
          if (nodes == 1 && (index == network_twin || index == rdma_twin) && direct.fits) {
            CHECK(direct.step_seconds == original_s);
            ++one_node_network_compared;
          }
        }
      }
    }
    INFO(profile.model_id << " " << profile.shape.params << " parameters");
    CHECK(differed[0] == 0);
    for (std::size_t index = 1; index < host_twin; ++index) {
      INFO("twin " << index);
      CHECK(differed[index] > 5);  // the key inputs' twins change step times: the memo is put to the test
    }
    CHECK(one_node_network_compared > 50);
  }
}
