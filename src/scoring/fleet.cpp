// The cheapest fleet for a request mix (--mix; docs/scoring.md "Mixed fleet"): Melange (Griggs et
// al. 2024, arXiv 2404.14527) bins requests by size and SLO and buys, per bin, the cheapest GPU
// pool. Here the bins are workload::request_classes (the shortest 90% and the longest 10%), each
// ranked as a serving job of its own; the fleet is the cheaper of one pool per class and the best
// single-offering fleet, so it never costs more than the single fleet.
#include <algorithm>
#include <cmath>
#include <limits>

#include "gpuselect/error.hpp"
#include "scoring/scoring_internal.hpp"

namespace gpuselect::scoring::detail {

namespace {

// The cheapest ranked row as a pool (ties: the better rank, which sorted by score first).
std::optional<Ranking::FleetPool> cheapest_pool(const catalog::Catalog& catalog, const Ranking& ranking,
                                                const workload::RequestClass& request, double requests_per_s) {
  const Candidate* best = nullptr;
  for (const auto& candidate : ranking.candidates) {
    if (best == nullptr || candidate.total_cost < best->total_cost) best = &candidate;
  }
  if (best == nullptr) return std::nullopt;
  const auto& offering = catalog.offerings[best->offering_index];
  const auto& performance = ranking.performance_of(*best);
  Ranking::FleetPool pool;
  pool.request_class = std::string(request.name);
  pool.request_share = request.share;
  pool.requests_per_s = requests_per_s;
  pool.input_tokens = static_cast<int>(std::lround(request.input_tokens));
  pool.output_tokens = static_cast<int>(std::lround(request.output_tokens));
  pool.offering_id = offering.id;
  pool.mode = best->mode;
  pool.gpus = best->gpus_rented;
  pool.instances = std::max(1, best->gpus_rented / std::max(1, offering.gpu_count));
  pool.replicas = performance.throughput.replicas;
  pool.total_cost = best->total_cost;
  return pool;
}

}  // namespace

Ranking::Fleet cheapest_fleet(const catalog::Catalog& catalog, const workload::Profile& profile,
                              const Options& options, const Ranking& whole) {
  if (profile.kind != workload::Kind::llm_inference) {
    throw Error("--mix", "a mixed fleet is planned for llm-inference only",
                "drop --mix or use --workload llm-inference");
  }
  if (!workload::has_request_mix(profile)) {
    throw Error("--mix", "no request mix is given, so there is one class of requests to serve",
                "give the mix's 90th percentile with --input-tokens-p90 and/or --output-tokens-p90");
  }
  Ranking::Fleet fleet;
  const workload::RequestClass all{"all", 1.0, static_cast<double>(profile.input_tokens),
                                   static_cast<double>(profile.output_tokens)};
  fleet.single = cheapest_pool(catalog, whole, all, profile.requests_per_s);

  // Each class ranked alone: its lengths (no mix within it), its share of the rate, the same tier,
  // targets and constraints; the budget is checked on the fleet's total below, not per pool.
  Options alone = options;
  alone.mix = false;
  alone.sensitivity = false;
  alone.progress = {};
  alone.constraints.budget.reset();
  bool every_class = true;
  for (const auto& request : workload::request_classes(profile)) {
    workload::Profile part = profile;
    part.input_tokens = std::max(1, static_cast<int>(std::lround(request.input_tokens)));
    part.output_tokens = std::max(1, static_cast<int>(std::lround(request.output_tokens)));
    part.input_tokens_p90 = 0;
    part.output_tokens_p90 = 0;
    part.requests_per_s = profile.requests_per_s * request.share;
    const Ranking ranked = rank(catalog, part, alone);
    auto pool = cheapest_pool(catalog, ranked, request, part.requests_per_s);
    if (!pool) {
      every_class = false;
      continue;
    }
    fleet.split_total += pool->total_cost;
    fleet.split.push_back(std::move(*pool));
  }
  if (!every_class) fleet.split_total = 0;
  const bool split_in_budget = !options.constraints.budget || fleet.split_total <= *options.constraints.budget;
  const bool split_usable = every_class && split_in_budget && !fleet.split.empty();
  if (split_usable && (!fleet.single || fleet.split_total < fleet.single->total_cost)) {
    fleet.mixed = true;
    fleet.pools = fleet.split;
    fleet.total_cost = fleet.split_total;
    fleet.saving = fleet.single ? fleet.single->total_cost - fleet.split_total : 0.0;
  } else if (fleet.single) {
    fleet.pools = {*fleet.single};
    fleet.total_cost = fleet.single->total_cost;
  }
  return fleet;
}

}  // namespace gpuselect::scoring::detail
