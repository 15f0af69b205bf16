#pragma once
// Invariants every Ranking must hold. Tests rank only through rank_checked and compare_checked
// (below), which check them after every ranking; tests/py/test_rankings_checked.py fails on a direct
// scoring::rank or scoring::compare call in tests/.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpuselect/catalog.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/workload.hpp"

namespace gpuselect::testing {

inline bool offering_meets(const catalog::Catalog& catalog, const catalog::Offering& offering,
                           const std::string& requirement) {
  const auto& provider = catalog.provider_of(offering);
  const auto has = [&](const char* cert) {
    return std::find(provider.compliance.begin(), provider.compliance.end(), cert) != provider.compliance.end();
  };
  using catalog::Interconnect;
  if (requirement == "rdma") return offering.network.rdma != catalog::Rdma::none;
  if (requirement == "infiniband") return offering.network.rdma == catalog::Rdma::infiniband;
  if (requirement == "nvlink") {
    return offering.interconnect == Interconnect::nvlink || offering.interconnect == Interconnect::nvswitch;
  }
  if (requirement == "nvswitch") return offering.interconnect == Interconnect::nvswitch;
  if (requirement == "bare-metal") return offering.isolation == catalog::Isolation::bare_metal;
  if (requirement == "no-vgpu") return offering.isolation != catalog::Isolation::vgpu;
  if (requirement == "iso27001" || requirement == "soc2" || requirement == "hipaa" || requirement == "pci-dss" ||
      requirement == "mlps3") {
    return has(requirement.c_str());
  }
  if (requirement == "jupyterlab") return provider.environment.jupyterlab;
  if (requirement == "kubernetes") return provider.environment.kubernetes;
  if (requirement == "custom-containers") return provider.environment.custom_containers;
  if (requirement == "auto-checkpoint") return provider.recovery.auto_checkpoint;
  if (requirement == "spot") return offering.pricing.spot.has_value();
  if (requirement == "sla") return provider.sla_uptime_pct > 0;
  return true;
}

// Scores within 0-100, contributions summing to the score, rows sorted (score desc, total cost asc,
// offering id asc) with ranks 1..n, constraints held, no excluded (offering, mode, nodes) ranked,
// Pareto marks consistent with dominance.
inline void check_ranking_invariants(const catalog::Catalog& catalog, const scoring::Ranking& ranking,
                                     const scoring::Options& options) {
  using scoring::Candidate;
  double weight_sum = 0;
  for (double weight : ranking.weights.values) {
    CHECK(weight >= 0);
    weight_sum += weight;
  }
  CHECK(weight_sum == Approx(1.0).margin(1e-9));

  const bool compare = !ranking.compared_ids.empty();
  if (compare) {
    // Rows come offering by offering in the order asked (a repeated id once).
    std::vector<std::string> asked;
    for (const auto& id : ranking.compared_ids) {
      if (std::find(asked.begin(), asked.end(), id) == asked.end()) asked.push_back(id);
    }
    std::size_t next = 0;
    for (const auto& candidate : ranking.candidates) {
      const std::string& id = catalog.offerings[candidate.offering_index].id;
      while (next < asked.size() && asked[next] != id) ++next;
      CHECK(next < asked.size());
    }
  }
  const auto& candidates = ranking.candidates;
  std::vector<int> ranks;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const Candidate& candidate = candidates[i];
    INFO("candidate " << catalog.offerings[candidate.offering_index].id << " " << catalog::to_string(candidate.mode)
                      << " x" << candidate.nodes);
    CHECK(candidate.score >= 0);
    CHECK(candidate.score <= 100 + 1e-9);
    double sum = 0;
    for (std::size_t c = 0; c < scoring::criterion_count; ++c) {
      const auto& criterion = candidate.criteria[c];
      CHECK(criterion.score >= 0);
      CHECK(criterion.score <= 100 + 1e-9);
      CHECK(criterion.weight == ranking.weights.values[c]);
      CHECK(criterion.contribution == Approx(criterion.score * criterion.weight).margin(1e-9));
      sum += criterion.contribution;
    }
    CHECK(sum == Approx(candidate.score).margin(1e-9));
    CHECK(candidate.total_cost >= 0);
    CHECK(candidate.hours >= 0);
    CHECK(ranking.performance_of(candidate).memory.fits);
    CHECK(candidate.cost.mode == candidate.mode);
    CHECK(candidate.cost.available);
    // --risk-averse ranks on the upper end of the time band, cost scaled alike.
    const auto& band = ranking.performance_of(candidate).time.wall_hours_band;
    const double wall = ranking.performance_of(candidate).time.wall_hours;
    const double factor = ranking.risk_averse && band.high > 0 && wall > 0 ? band.high / wall : 1.0;
    CHECK(candidate.cost.total * factor == Approx(candidate.total_cost));
    ranks.push_back(candidate.rank);
    if (!compare) {
      CHECK(candidate.rank == static_cast<int>(i) + 1);
      if (i > 0) {
        const Candidate& previous = candidates[i - 1];
        const bool ordered =
            previous.score > candidate.score ||
            (previous.score == candidate.score &&
             (previous.total_cost < candidate.total_cost ||
              (previous.total_cost == candidate.total_cost &&
               catalog.offerings[previous.offering_index].id <= catalog.offerings[candidate.offering_index].id)));
        CHECK(ordered);
      }
      // Constraints held.
      const auto& constraints = options.constraints;
      const auto& offering = catalog.offerings[candidate.offering_index];
      if (constraints.budget) CHECK(candidate.total_cost <= *constraints.budget);
      if (constraints.deadline_hours) CHECK(candidate.hours <= *constraints.deadline_hours);
      CHECK(candidate.nodes <= constraints.max_nodes);
      CHECK(candidate.nodes <= offering.max_nodes);
      if (!constraints.pricing_modes.empty()) {
        CHECK(std::find(constraints.pricing_modes.begin(), constraints.pricing_modes.end(), candidate.mode) !=
              constraints.pricing_modes.end());
      }
      if (!constraints.regions.empty()) {
        CHECK(std::any_of(offering.regions.begin(), offering.regions.end(), [&](const std::string& region) {
          return std::find(constraints.regions.begin(), constraints.regions.end(), region) != constraints.regions.end();
        }));
      }
      if (!constraints.providers.empty()) {
        CHECK(std::find(constraints.providers.begin(), constraints.providers.end(), offering.provider) !=
              constraints.providers.end());
      }
      CHECK(std::find(constraints.exclude_providers.begin(), constraints.exclude_providers.end(), offering.provider) ==
            constraints.exclude_providers.end());
      if (!constraints.gpus.empty()) {
        CHECK(std::any_of(constraints.gpus.begin(), constraints.gpus.end(),
                          [&](const std::string& gpu) { return catalog.find_gpu(gpu) == &catalog.gpu_of(offering); }));
      }
      for (const auto& requirement : constraints.requirements) {
        CHECK(offering_meets(catalog, offering, requirement));
      }
      const auto& memory = ranking.performance_of(candidate).memory;
      if (constraints.min_headroom_pct > 0 && memory.gpu_capacity_bytes > 0) {
        CHECK(100.0 * (1 - memory.per_gpu.total_bytes / memory.gpu_capacity_bytes) >=
              constraints.min_headroom_pct - 1e-9);
      }
    }
    // No excluded candidate ranked.
    for (const auto& exclusion : ranking.excluded) {
      CHECK_FALSE(exclusion.reasons.empty());
      if (exclusion.offering_index != candidate.offering_index) continue;
      if (!exclusion.mode) {
        CHECK(false);  // the whole offering was excluded
      } else {
        CHECK_FALSE((*exclusion.mode == candidate.mode && exclusion.nodes == candidate.nodes));
      }
    }
    // Pareto: marked exactly when nothing dominates it.
    if (options.pareto) {
      const bool dominated = std::any_of(candidates.begin(), candidates.end(), [&](const Candidate& other) {
        return other.total_cost <= candidate.total_cost && other.hours <= candidate.hours &&
               (other.total_cost < candidate.total_cost || other.hours < candidate.hours);
      });
      CHECK(candidate.pareto == !dominated);
    }
  }
  std::sort(ranks.begin(), ranks.end());
  for (std::size_t i = 0; i < ranks.size(); ++i) CHECK(ranks[i] == static_cast<int>(i) + 1);
  if (!candidates.empty()) CHECK_FALSE(ranking.top_exclusion.has_value());
}

// scoring::rank, then check_ranking_invariants on what it returns: the one way tests rank. Errors
// propagate as from rank().
inline scoring::Ranking rank_checked(const catalog::Catalog& catalog, const workload::Profile& profile,
                                     const scoring::Options& options) {
  auto ranking = scoring::rank(catalog, profile, options);
  check_ranking_invariants(catalog, ranking, options);
  return ranking;
}

// scoring::compare, then the same check: the one way tests compare. Errors propagate as from compare().
inline scoring::Ranking compare_checked(const catalog::Catalog& catalog, const workload::Profile& profile,
                                        const scoring::Options& options, const std::vector<std::string>& offering_ids) {
  auto ranking = scoring::compare(catalog, profile, options, offering_ids);
  check_ranking_invariants(catalog, ranking, options);
  return ranking;
}

}  // namespace gpuselect::testing
