// The cost/time Pareto frontier (docs/scoring.md "Pareto"): a candidate is on it when no other
// candidate is at most as expensive and at most as slow, and strictly better in one of the two.
// Candidates with identical (total_cost, hours) dominate neither each other: all are marked.
#include <algorithm>
#include <limits>
#include <numeric>

#include "scoring/scoring_internal.hpp"

namespace gpuselect::scoring::detail {

void mark_pareto(std::vector<Candidate>& candidates) {
  std::vector<std::uint32_t> order(candidates.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const auto& x = candidates[a];
    const auto& y = candidates[b];
    if (x.total_cost != y.total_cost) return x.total_cost < y.total_cost;
    if (x.hours != y.hours) return x.hours < y.hours;
    return a < b;
  });
  // Fastest time among strictly cheaper candidates.
  double fastest_cheaper = std::numeric_limits<double>::infinity();
  std::size_t group_start = 0;
  while (group_start < order.size()) {
    std::size_t group_end = group_start;
    const double cost = candidates[order[group_start]].total_cost;
    while (group_end < order.size() && candidates[order[group_end]].total_cost == cost) ++group_end;
    // Within a group of equal cost the first is the fastest.
    const double group_fastest = candidates[order[group_start]].hours;
    for (std::size_t position = group_start; position < group_end; ++position) {
      auto& candidate = candidates[order[position]];
      candidate.pareto = candidate.hours < fastest_cheaper && candidate.hours == group_fastest;
    }
    fastest_cheaper = std::min(fastest_cheaper, group_fastest);
    group_start = group_end;
  }
}

}  // namespace gpuselect::scoring::detail
