// The cost/time Pareto frontier (docs/scoring.md "Pareto"): a candidate is on it when no other
// candidate is at most as expensive and at most as slow, and strictly better in one of the two.
// Candidates with identical (total_cost, hours) dominate neither each other: all are marked.
#include <algorithm>
#include <limits>

#include "scoring/scoring_internal.hpp"

namespace gpuselect::scoring::detail {

void mark_pareto(std::vector<Candidate>& candidates) {
  // Sorted as compact keys: the candidates themselves are large and scattered.
  struct Key {
    double total_cost;
    double hours;
    std::uint32_t index;
  };
  // Only candidates at most as expensive as the fastest and at most as slow as the cheapest can be
  // on the frontier (the fastest dominates anything dearer, the cheapest anything slower): a linear
  // filter leaves few to sort.
  const auto by_hours = [](const Candidate& x, const Candidate& y) {
    return x.hours != y.hours ? x.hours < y.hours : x.total_cost < y.total_cost;
  };
  const auto by_cost = [](const Candidate& x, const Candidate& y) {
    return x.total_cost != y.total_cost ? x.total_cost < y.total_cost : x.hours < y.hours;
  };
  for (auto& candidate : candidates) candidate.pareto = false;
  if (candidates.empty()) return;
  const Candidate& fastest = *std::min_element(candidates.begin(), candidates.end(), by_hours);
  const Candidate& cheapest = *std::min_element(candidates.begin(), candidates.end(), by_cost);
  std::vector<Key> order;
  for (std::uint32_t index = 0; index < candidates.size(); ++index) {
    const Candidate& candidate = candidates[index];
    if (candidate.total_cost <= fastest.total_cost && candidate.hours <= cheapest.hours) {
      order.push_back({candidate.total_cost, candidate.hours, index});
    }
  }
  std::sort(order.begin(), order.end(), [](const Key& x, const Key& y) {
    if (x.total_cost != y.total_cost) return x.total_cost < y.total_cost;
    if (x.hours != y.hours) return x.hours < y.hours;
    return x.index < y.index;
  });
  // Fastest time among strictly cheaper candidates.
  double fastest_cheaper = std::numeric_limits<double>::infinity();
  std::size_t group_start = 0;
  while (group_start < order.size()) {
    std::size_t group_end = group_start;
    const double cost = order[group_start].total_cost;
    while (group_end < order.size() && order[group_end].total_cost == cost) ++group_end;
    // Within a group of equal cost the first is the fastest.
    const double group_fastest = order[group_start].hours;
    for (std::size_t position = group_start; position < group_end; ++position) {
      const Key& key = order[position];
      candidates[key.index].pareto = key.hours < fastest_cheaper && key.hours == group_fastest;
    }
    fastest_cheaper = std::min(fastest_cheaper, group_fastest);
    group_start = group_end;
  }
}

}  // namespace gpuselect::scoring::detail
