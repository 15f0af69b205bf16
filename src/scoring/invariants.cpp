// The ranking invariants (include/gpuselect/invariants.hpp), each stated as a check on the result,
// independent of how rank() got there.
#include "gpuselect/invariants.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "scoring/scoring_internal.hpp"

namespace gpuselect::scoring {

namespace {

// Sums of rounded parts: equal within 1e-9 absolute (scores, weights, contributions).
bool near(double a, double b) { return std::abs(a - b) <= 1e-9; }
// Products of large figures (a job total in money): equal within a millionth of their size.
bool near_relative(double a, double b) { return std::abs(a - b) <= 1e-6 * std::max(std::abs(a), std::abs(b)) + 1e-9; }

bool listed(const std::vector<std::string>& list, std::string_view item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

class Violations {
 public:
  // `holds` false adds "<subject>: <what>"; stops collecting at max_reported_violations.
  void expect(bool holds, const std::string& subject, std::string_view what) {
    if (!holds && lines_.size() < max_reported_violations) lines_.push_back(subject + ": " + std::string(what));
  }
  std::vector<std::string> take() { return std::move(lines_); }

 private:
  std::vector<std::string> lines_;
};

// A row's time on the Pareto frontier's axis (detail::mark_pareto): serving, the latency a request
// sees where it has one; else the expected hours.
double pareto_time(const Ranking& ranking, const Candidate& candidate) {
  if (!workload::kind_traits(ranking.kind).serving()) return candidate.hours;
  const double latency_ms = detail::served_latency_ms(ranking.kind, ranking.performance_of(candidate));
  return latency_ms > 0 ? latency_ms : candidate.hours;
}

// Weak dominance (docs/scoring.md "Pareto") of candidate `index`: another strictly cheaper and not
// materially slower, or as cheap and strictly faster. `times`: each candidate's pareto_time.
bool dominated(const std::vector<Candidate>& candidates, const std::vector<double>& times, std::size_t index) {
  const double cost = candidates[index].total_cost;
  const double time = times[index];
  for (std::size_t other = 0; other < candidates.size(); ++other) {
    const double other_cost = candidates[other].total_cost;
    const bool cheaper_not_slower = other_cost < cost && times[other] <= time * (1.0 + pareto_time_tolerance);
    const bool as_cheap_faster = other_cost <= cost && times[other] < time;
    if (cheaper_not_slower || as_cheap_faster) return true;
  }
  return false;
}

// Sorted by score as shown (0.1 steps, descending), then total cost, then hours, then offering id.
bool in_order(const catalog::Catalog& catalog, const Candidate& previous, const Candidate& candidate) {
  const double previous_shown = std::round(previous.score * 10);
  const double shown = std::round(candidate.score * 10);
  if (previous_shown != shown) return previous_shown > shown;
  if (previous.total_cost != candidate.total_cost) return previous.total_cost < candidate.total_cost;
  if (previous.hours != candidate.hours) return previous.hours < candidate.hours;
  return catalog.offerings[previous.offering_index].id <= catalog.offerings[candidate.offering_index].id;
}

// Production serving ranks no consumer or workstation card, marketplace host, shared vGPU or spot row
// unless allowed.
void check_tier_held(const catalog::Catalog& catalog, const Ranking& ranking, const Options& options,
                     const Candidate& candidate, const std::string& subject, Violations& found) {
  found.expect(options.allow_stale_terms || !(catalog::term_hours(candidate.mode) > 0) ||
                   candidate.cost.quote_age_days <= stale_row_price_days,
               subject, "a reserved or subscription term on a quote over a year old without --allow-stale-terms");
  // --risk-averse training: no low-stock row on demand or by subscription unless allowed.
  if (workload::kind_traits(ranking.kind).training() && options.risk_averse) {
    const catalog::Offering& offering = catalog.offerings[candidate.offering_index];
    const bool asks_at_start =
        candidate.mode == catalog::PricingMode::on_demand || catalog::is_subscription(candidate.mode);
    found.expect(options.allow_low_stock || offering.stock != catalog::Stock::low || !asks_at_start, subject,
                 "a low-stock SKU on demand or by subscription in --risk-averse training without --allow-low-stock");
  }
  // Production training: consumer cards and marketplace hosts only when named or allowed, no fractional vGPU.
  if (workload::kind_traits(ranking.kind).training() && ranking.training_tier == workload::Tier::production) {
    const catalog::Offering& offering = catalog.offerings[candidate.offering_index];
    const catalog::Gpu& gpu = catalog.gpu_of(offering);
    const catalog::Provider& provider = catalog.provider_of(offering);
    found.expect(options.allow_consumer || gpu.segment != catalog::GpuSegment::consumer ||
                     detail::names_gpu(catalog, options.constraints, gpu),
                 subject, "a consumer GPU in production training without --allow-consumer or --gpu naming it");
    found.expect(options.allow_marketplace || provider.kind != catalog::ProviderKind::marketplace ||
                     detail::names_provider(catalog, options.constraints.providers, provider),
                 subject, "a marketplace host in production training without --allow-marketplace or --provider naming it");
    found.expect(options.allow_shared_gpu || offering.isolation != catalog::Isolation::vgpu || offering.gpu_fraction >= 1,
                 subject, "a fractional vGPU share in production training without --allow-shared-gpu");
    found.expect(
        options.allow_immature_stack || !detail::weak_on_training_method(candidate.software) ||
            detail::names_gpu(catalog, options.constraints, gpu),
        subject,
        "a stack weak on the job's method in production training without --allow-immature-stack or --gpu naming it");
    return;
  }
  if (!workload::kind_traits(ranking.kind).serving() || ranking.serving_tier != workload::Tier::production) return;
  const catalog::Offering& offering = catalog.offerings[candidate.offering_index];
  found.expect(options.allow_consumer || catalog.gpu_of(offering).segment == catalog::GpuSegment::datacenter, subject,
               "a consumer or workstation GPU in production serving without --allow-consumer");
  found.expect(options.allow_marketplace || catalog.provider_of(offering).kind != catalog::ProviderKind::marketplace,
               subject, "a marketplace host in production serving without --allow-marketplace");
  found.expect(options.allow_shared_gpu || offering.isolation != catalog::Isolation::vgpu, subject,
               "a shared vGPU share in production serving without --allow-shared-gpu");
  found.expect(options.allow_low_stock || offering.stock != catalog::Stock::low ||
                   candidate.mode == catalog::PricingMode::spot,
               subject, "a low-stock SKU in production serving without --allow-low-stock");
  found.expect(options.allow_no_sla || catalog.provider_of(offering).sla_uptime_pct > 0, subject,
               "a provider without an uptime SLA in production serving without --allow-no-sla");
  found.expect(options.allow_spot_serving || candidate.mode != catalog::PricingMode::spot, subject,
               "spot in production serving without --allow-spot-serving");
  found.expect(options.allow_immature_stack || !detail::weak_beyond_bf16(candidate.software), subject,
               "a weak software stack (beyond bf16's fp16 fallback) in production serving without "
               "--allow-immature-stack");
}

void check_constraints_held(const catalog::Catalog& catalog, const Ranking& ranking, const Options& options,
                            const Candidate& candidate, const std::string& subject, Violations& found) {
  const Constraints& constraints = options.constraints;
  const catalog::Offering& offering = catalog.offerings[candidate.offering_index];
  if (constraints.budget) found.expect(candidate.total_cost <= *constraints.budget, subject, "total above --budget");
  if (constraints.deadline_hours) {
    // Training is met at the ranking's confidence (docs/estimation.md "Confidence"); serving by its hours.
    if (candidate.cost.within_deadline_probability >= 0) {
      found.expect(candidate.cost.within_deadline_probability >= ranking.confidence - 1e-12, subject,
                   "chance of ending within --deadline below --confidence");
    } else {
      found.expect(candidate.hours <= *constraints.deadline_hours, subject, "hours above --deadline");
    }
  }
  found.expect(candidate.nodes <= constraints.max_nodes, subject, "more nodes than --max-nodes");
  found.expect(candidate.nodes <= offering.max_nodes, subject, "more nodes than the offering allows");
  found.expect(detail::mode_allowed(constraints, candidate.mode), subject, "pricing mode not in --pricing");
  if (!constraints.regions.empty()) {
    found.expect(std::any_of(offering.regions.begin(), offering.regions.end(),
                             [&](const std::string& region) { return listed(constraints.regions, region); }),
                 subject, "in no --region asked for");
  }
  const catalog::Provider& provider = catalog.provider_of(offering);
  auto names_provider = [&](const std::string& name) { return catalog.find_provider(name) == &provider; };
  if (!constraints.providers.empty()) {
    found.expect(std::any_of(constraints.providers.begin(), constraints.providers.end(), names_provider), subject,
                 "provider not in --provider");
  }
  found.expect(std::none_of(constraints.exclude_providers.begin(), constraints.exclude_providers.end(), names_provider),
               subject, "provider in --exclude-provider");
  if (!constraints.gpus.empty()) {
    found.expect(std::any_of(constraints.gpus.begin(), constraints.gpus.end(),
                             [&](const std::string& gpu) {
                               // A model named alone ("a100") is every record of it (docs/cli.md --gpu).
                               return catalog::gpu_name_selects(catalog, gpu, catalog.gpu_of(offering));
                             }),
                 subject, "GPU not in --gpu");
  }
  for (const auto& requirement : constraints.requirements) {
    found.expect(detail::meets_requirement(offering, provider, requirement), subject, "does not meet --require " + requirement);
  }
  const auto& memory = ranking.performance_of(candidate).memory;
  if (constraints.min_headroom_pct > 0 && memory.gpu_capacity_bytes > 0) {
    found.expect(100.0 * (1 - memory.per_gpu.total_bytes / memory.gpu_capacity_bytes) >=
                     detail::headroom_kept_pct(options, constraints, memory) - 1e-9,
                 subject, "less free GPU memory than --min-headroom");
  }
}

}  // namespace

std::vector<std::string> ranking_violations(const catalog::Catalog& catalog, const Ranking& ranking,
                                            const Options& options) {
  Violations found;
  double weight_sum = 0;
  for (const double weight : ranking.weights.values) {
    found.expect(weight >= 0, "weights", "a negative weight");
    weight_sum += weight;
  }
  found.expect(near(weight_sum, 1.0), "weights", fmt::format("sum to {:.12g}, not 1", weight_sum));

  const bool compare = !ranking.compared_ids.empty();  // rows in the order asked, no constraints applied
  const auto& candidates = ranking.candidates;
  std::vector<int> ranks;
  ranks.reserve(candidates.size());
  std::vector<double> pareto_times;  // each candidate's, computed once for the quadratic check below
  if (options.pareto) {
    pareto_times.reserve(candidates.size());
    for (const auto& candidate : candidates) pareto_times.push_back(pareto_time(ranking, candidate));
  }
  for (std::size_t index = 0; index < candidates.size(); ++index) {
    const Candidate& candidate = candidates[index];
    const std::string subject = fmt::format("candidate {} {} x{}", catalog.offerings[candidate.offering_index].id,
                                            catalog::to_string(candidate.mode), candidate.nodes);
    found.expect(candidate.score >= 0 && candidate.score <= 100 + 1e-9, subject, "score outside 0-100");
    double sum = 0;
    for (std::size_t c = 0; c < criterion_count; ++c) {
      const auto& criterion = candidate.criteria[c];
      found.expect(criterion.score >= 0 && criterion.score <= 100 + 1e-9, subject, "criterion score outside 0-100");
      found.expect(near(criterion.contribution, criterion.score * ranking.weights.values[c]), subject,
                   "contribution is not score x weight");
      sum += criterion.contribution;
    }
    found.expect(near(sum, candidate.score), subject, "contributions do not sum to the score");
    found.expect(candidate.total_cost >= 0 && candidate.hours >= 0, subject, "negative cost or hours");
    const auto& performance = ranking.performance_of(candidate);
    found.expect(performance.memory.fits, subject, "ranked but does not fit in memory");
    found.expect(candidate.cost.mode == candidate.mode && candidate.cost.available, subject,
                 "its cost is not of its own, available pricing mode");
    // --risk-averse ranks on the cost priced at the upper end of the time band.
    found.expect(near_relative(detail::ranked_total(candidate.cost, ranking.risk_averse), candidate.total_cost),
                 subject, "total cost is not the priced cost (the risk-averse band's upper end)");
    ranks.push_back(candidate.rank);
    if (!compare) {
      found.expect(candidate.rank == static_cast<int>(index) + 1, subject, "rank is not its place");
      if (index > 0) found.expect(in_order(catalog, candidates[index - 1], candidate), subject, "out of order");
      check_constraints_held(catalog, ranking, options, candidate, subject, found);
      check_tier_held(catalog, ranking, options, candidate, subject, found);
    } else if (!options.constraints.regions.empty()) {
      // compare holds --region alone.
      const auto& regions = catalog.offerings[candidate.offering_index].regions;
      found.expect(std::any_of(regions.begin(), regions.end(),
                               [&](const std::string& region) { return listed(options.constraints.regions, region); }),
                   subject, "in no --region asked for");
    }
    for (const auto& exclusion : ranking.excluded) {
      found.expect(!exclusion.reasons.empty(), "an exclusion", "has no reason");
      if (exclusion.offering_index != candidate.offering_index) continue;
      found.expect(exclusion.mode && !(*exclusion.mode == candidate.mode && exclusion.nodes == candidate.nodes),
                   subject, "ranked and excluded");
    }
    if (options.pareto) {
      found.expect(candidate.pareto == !dominated(candidates, pareto_times, index), subject,
                   candidate.pareto ? "marked Pareto but dominated" : "not marked Pareto but nothing dominates it");
    }
  }
  std::sort(ranks.begin(), ranks.end());
  for (std::size_t index = 0; index < ranks.size(); ++index) {
    found.expect(ranks[index] == static_cast<int>(index) + 1, "ranks", "are not 1..n");
  }
  found.expect(candidates.empty() || !ranking.top_exclusion.has_value(), "ranking",
               "names a top exclusion although candidates are left");
  if (ranking.fleet) {
    // --mix (docs/scoring.md "Mixed fleet"): never above the best single fleet; the saving is the gap.
    const auto& fleet = *ranking.fleet;
    double pools = 0;
    for (const auto& pool : fleet.pools) pools += pool.total_cost;
    found.expect(near_relative(pools, fleet.total_cost), "fleet", "total is not the sum of its pools");
    if (fleet.single) {
      found.expect(fleet.total_cost <= fleet.single->total_cost * (1 + 1e-9), "fleet",
                   "costs more than the best single-offering fleet");
      found.expect(near_relative(fleet.saving, fleet.single->total_cost - fleet.total_cost), "fleet",
                   "saving is not the single fleet's total less the fleet's");
    }
  }
  return found.take();
}

}  // namespace gpuselect::scoring
