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
  std::vector<Key> order(candidates.size());
  for (std::uint32_t index = 0; index < candidates.size(); ++index) {
    order[index] = {candidates[index].total_cost, candidates[index].hours, index};
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
