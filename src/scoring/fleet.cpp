// The cheapest fleet for a request mix (--mix; docs/scoring.md "Mixed fleet"): Melange (Griggs et
// al. 2024, arXiv 2404.14527) bins requests by size and SLO and buys, per bin, the cheapest GPU
// pool. Here the bins are workload::request_classes (the shortest 90% and the longest 10%), each
// ranked as a serving job of its own. The split is the cheaper of (1) one pool per class for its
// load plus one spare for the whole fleet, of the pool type that covers the loss of any pool's
// instance most cheaply, and (2) one pool per class with its own redundancy. The fleet is the
// cheaper of that split and the best single-offering fleet, so it never costs more than the
// single fleet.
#include <algorithm>
#include <cmath>
#include <limits>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "scoring/scoring_internal.hpp"

namespace gpuselect::scoring::detail {

namespace {

// The cheapest ranked row of `ranking` (ties: the better rank, which sorted by score first).
const Candidate* cheapest_row(const Ranking& ranking) {
  const Candidate* best = nullptr;
  for (const auto& candidate : ranking.candidates) {
    if (best == nullptr || candidate.total_cost < best->total_cost) best = &candidate;
  }
  return best;
}

// The cheapest ranked row as a pool.
std::optional<Ranking::FleetPool> cheapest_pool(const catalog::Catalog& catalog, const Ranking& ranking,
                                                const workload::RequestClass& request, double requests_per_s) {
  const Candidate* best = cheapest_row(ranking);
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

// What one failure takes out of a pool: a pipelined replica spans pipeline_parallel instances and
// dies with any of them; otherwise one instance holds gpu_count / tensor_parallel replicas.
struct FailureUnit {
  int instances = 1;
  int replicas = 1;
};
FailureUnit failure_unit(const catalog::Offering& offering, const estimate::Performance& performance) {
  const auto& plan = performance.memory.plan;
  if (plan.pipeline_parallel > 1) return {plan.pipeline_parallel, 1};
  return {1, std::max(1, std::max(1, offering.gpu_count) / std::max(1, plan.tensor_parallel))};
}

// A class's pool planned for its load alone (no spare), with what it needs to size the fleet's spare.
struct LoadPool {
  workload::Profile profile;  // the class as a serving job (its lengths, its share of the rate)
  Ranking ranking;
  std::size_t row_index = 0;  // the pool's row in `ranking`
  Ranking::FleetPool pool;
  const Candidate& row() const { return ranking.candidates[row_index]; }
};

// The fleet's spare (docs/scoring.md "Mixed fleet"): instances of `spare`'s offering, in its pricing
// mode, whose replicas (at the planned utilisation) carry what `redundancy` failure units of any pool
// carried; nullopt when that offering cannot serve some class within the targets.
std::optional<Ranking::FleetPool> spare_pool(const catalog::Catalog& catalog, const Options& alone,
                                             const std::vector<LoadPool>& pools, const LoadPool& spare,
                                             int redundancy) {
  const auto& offering = catalog.offerings[spare.row().offering_index];
  int instances = 0;
  int replicas = 0;
  for (const auto& lost : pools) {
    const auto& lost_offering = catalog.offerings[lost.row().offering_index];
    const auto& lost_performance = lost.ranking.performance_of(lost.row());
    const double lost_load = failure_unit(lost_offering, lost_performance).replicas *
                             lost_performance.throughput.load_per_replica * redundancy;
    // The spare's offering on the lost pool's requests (compare: the targets and memory still hold).
    const Ranking on_spare = &lost == &spare ? Ranking{} : compare(catalog, lost.profile, alone, {offering.id});
    const Ranking& serving = &lost == &spare ? spare.ranking : on_spare;
    const Candidate* row = &lost == &spare ? &spare.row() : cheapest_row(on_spare);
    if (row == nullptr) return std::nullopt;
    const auto& performance = serving.performance_of(*row);
    const FailureUnit unit = failure_unit(offering, performance);
    const double unit_capacity =
        unit.replicas * performance.throughput.requests_per_s_capacity * lost.profile.max_utilization;
    if (!(unit_capacity > 0)) return std::nullopt;
    const int units = std::max(1, static_cast<int>(std::ceil(lost_load / unit_capacity - 1e-9)));
    instances = std::max(instances, units * unit.instances);
    replicas = std::max(replicas, units * unit.replicas);
  }
  Ranking::FleetPool pool = spare.pool;
  pool.request_class = "spare";
  pool.request_share = 0;
  pool.requests_per_s = 0;
  const double per_instance = spare.pool.total_cost / std::max(1, spare.pool.instances);
  pool.instances = instances;
  pool.gpus = instances * std::max(1, offering.gpu_count);
  pool.replicas = replicas;
  pool.total_cost = per_instance * instances;
  return pool;
}

}  // namespace

Ranking::Fleet cheapest_fleet(const catalog::Catalog& catalog, const workload::Profile& profile,
                              const Options& options, const Ranking& whole) {
  if (workload::kind_traits(profile.kind).physics != workload::Physics::token_serving) {
    throw Error::said("--mix", text::words(text::Msg::err_mix_fleet_inference), text::words(text::Msg::hint_mix_fleet_inference));
  }
  if (!workload::has_request_mix(profile)) {
    throw Error::said("--mix", text::words(text::Msg::err_mix_no_request_mix), text::words(text::Msg::hint_mix_no_request_mix));
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
  const auto classes = workload::request_classes(profile);
  const auto class_profile = [&](const workload::RequestClass& request, int redundancy) {
    workload::Profile part = profile;
    part.input_tokens = std::max(1, static_cast<int>(std::lround(request.input_tokens)));
    part.output_tokens = std::max(1, static_cast<int>(std::lround(request.output_tokens)));
    part.input_tokens_p90 = 0;
    part.output_tokens_p90 = 0;
    part.requests_per_s = profile.requests_per_s * request.share;
    part.redundancy = redundancy;
    return part;
  };

  // (1) Each pool for its load alone, and one spare for the whole fleet.
  std::vector<Ranking::FleetPool> shared_split;
  double shared_total = 0;
  bool shared_ok = true;
  std::vector<LoadPool> pools;
  for (const auto& request : classes) {
    LoadPool load;
    load.profile = class_profile(request, 0);
    load.ranking = rank(catalog, load.profile, alone);
    const Candidate* row = cheapest_row(load.ranking);
    auto pool = cheapest_pool(catalog, load.ranking, request, load.profile.requests_per_s);
    if (!pool || row == nullptr) {
      shared_ok = false;
      break;
    }
    load.row_index = static_cast<std::size_t>(row - load.ranking.candidates.data());
    load.pool = std::move(*pool);
    pools.push_back(std::move(load));
  }
  if (shared_ok) {
    for (const auto& load : pools) {
      shared_total += load.pool.total_cost;
      shared_split.push_back(load.pool);
    }
    if (profile.redundancy > 0) {
      std::optional<Ranking::FleetPool> spare;
      for (const auto& candidate : pools) {
        auto pool = spare_pool(catalog, alone, pools, candidate, profile.redundancy);
        if (pool && (!spare || pool->total_cost < spare->total_cost)) spare = std::move(pool);
      }
      if (spare) {
        shared_total += spare->total_cost;
        shared_split.push_back(std::move(*spare));
      } else {
        shared_ok = false;
      }
    }
  }
  // (2) Each pool with its own redundancy: cheaper where the load-only pool type makes a dear spare
  // (a long pool of one 4-GPU instance needs a whole second one).
  std::vector<Ranking::FleetPool> own_split;
  double own_total = 0;
  bool own_ok = profile.redundancy > 0;
  for (const auto& request : classes) {
    if (!own_ok) break;
    const workload::Profile part = class_profile(request, profile.redundancy);
    auto pool = cheapest_pool(catalog, rank(catalog, part, alone), request, part.requests_per_s);
    if (!pool) {
      own_ok = false;
      break;
    }
    own_total += pool->total_cost;
    own_split.push_back(std::move(*pool));
  }
  const bool every_class = shared_ok || own_ok;
  if (shared_ok && (!own_ok || shared_total <= own_total)) {
    fleet.split = std::move(shared_split);
    fleet.split_total = shared_total;
  } else if (own_ok) {
    fleet.split = std::move(own_split);
    fleet.split_total = own_total;
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
