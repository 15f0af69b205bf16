// The cost/time Pareto frontier (docs/scoring.md "Pareto"), by weak dominance: a candidate is off it
// when another is strictly cheaper and not materially slower (time within pareto_time_tolerance), or
// as cheap and strictly faster. A dearer row of equal (or rounding-level) time is not on it, so no
// two frontier points share a time. Identical (total_cost, hours) points dominate neither each
// other: all are marked.
#include <algorithm>
#include <cmath>
#include <limits>

#include "scoring/scoring_internal.hpp"

namespace gpuselect::scoring::detail {

void mark_pareto(std::vector<Candidate>& candidates, const std::vector<double>& times) {
  // Sorted as compact keys: the candidates themselves are large and scattered.
  struct Key {
    double total_cost;
    double time;
    std::uint32_t index;
  };
  const auto time_of = [&](std::size_t index) { return times.empty() ? candidates[index].hours : times[index]; };
  for (auto& candidate : candidates) candidate.pareto = false;
  if (candidates.empty()) return;
  // Only candidates at most as expensive as the fastest and at most as slow as the cheapest can be
  // on the frontier (the fastest dominates anything dearer, the cheapest anything slower): a linear
  // filter leaves few to sort.
  const auto faster = [&](std::size_t x, std::size_t y) {
    return time_of(x) != time_of(y) ? time_of(x) < time_of(y) : candidates[x].total_cost < candidates[y].total_cost;
  };
  const auto cheaper = [&](std::size_t x, std::size_t y) {
    const double cost_x = candidates[x].total_cost;
    const double cost_y = candidates[y].total_cost;
    return cost_x != cost_y ? cost_x < cost_y : time_of(x) < time_of(y);
  };
  std::size_t fastest = 0;
  std::size_t cheapest = 0;
  for (std::size_t index = 1; index < candidates.size(); ++index) {
    if (faster(index, fastest)) fastest = index;
    if (cheaper(index, cheapest)) cheapest = index;
  }
  const double fastest_cost = candidates[fastest].total_cost;
  const double cheapest_time = time_of(cheapest);
  std::vector<Key> order;
  for (std::uint32_t index = 0; index < candidates.size(); ++index) {
    const Candidate& candidate = candidates[index];
    if (candidate.total_cost <= fastest_cost && time_of(index) <= cheapest_time) {
      order.push_back({candidate.total_cost, time_of(index), index});
    }
  }
  std::sort(order.begin(), order.end(), [](const Key& x, const Key& y) {
    if (x.total_cost != y.total_cost) return x.total_cost < y.total_cost;
    if (x.time != y.time) return x.time < y.time;
    return x.index < y.index;
  });
  // Fastest time among strictly cheaper candidates.
  double fastest_cheaper = std::numeric_limits<double>::infinity();
  const double slower_factor = 1.0 + pareto_time_tolerance;
  std::size_t group_start = 0;
  while (group_start < order.size()) {
    std::size_t group_end = group_start;
    const double cost = order[group_start].total_cost;
    while (group_end < order.size() && order[group_end].total_cost == cost) ++group_end;
    // Within a group of equal cost the first is the fastest.
    const double group_fastest = order[group_start].time;
    for (std::size_t position = group_start; position < group_end; ++position) {
      const Key& key = order[position];
      candidates[key.index].pareto = fastest_cheaper > key.time * slower_factor && key.time == group_fastest;
    }
    fastest_cheaper = std::min(fastest_cheaper, group_fastest);
    group_start = group_end;
  }
}

}  // namespace gpuselect::scoring::detail

namespace gpuselect::scoring::detail {

namespace {

// A rival must be materially better on one axis (half a percent), so rounding-level differences
// between the same machine at two providers do not call for an explanation.
constexpr double material = 0.995;

// Up to this many first rows, each row's rival is found by a scan of the rows below it (~8
// instructions a row) rather than by the tree over all of them (~600 instructions a row).
constexpr std::size_t scanned_rows_at_most = 32;

// The rival of each of the first `rows` positions, by a scan of the positions below it: among those
// no slower (hours at most its own), the cheapest, then the fastest, then the last in rank order.
// That is the row the tree below finds: rows of equal hours share one rank of the tree, so they meet
// in one of its nodes, where the first added (the last in rank order) is kept against equals.
void mark_first_rows(std::vector<Candidate>& candidates, const std::vector<double>& hours,
                     const std::vector<double>& total_cost, std::size_t rows) {
  const std::size_t count = candidates.size();
  for (std::size_t position = 0; position < rows; ++position) {
    const double own_hours = hours[position];
    std::size_t best = count;
    for (std::size_t below = position + 1; below < count; ++below) {
      if (!(hours[below] <= own_hours)) continue;
      if (best == count || total_cost[below] < total_cost[best] ||
          (total_cost[below] == total_cost[best] && hours[below] <= hours[best])) {
        best = below;
      }
    }
    if (best == count) continue;
    const bool no_worse = total_cost[best] <= total_cost[position] && hours[best] <= own_hours;
    const bool better = total_cost[best] < material * total_cost[position] || hours[best] < material * own_hours;
    if (no_worse && better) candidates[position].cheaper_and_faster_below = static_cast<std::uint32_t>(best);
  }
}

}  // namespace

void mark_cheaper_and_faster_below(std::vector<Candidate>& candidates, const std::vector<double>& times,
                                   std::size_t rows) {
  const std::size_t count = candidates.size();
  for (auto& candidate : candidates) candidate.cheaper_and_faster_below = Candidate::no_rival;
  if (count < 2 || rows == 0) return;
  // Hours and totals copied into compact arrays: the sort and the tree below read them in random
  // order, and a candidate is hundreds of bytes (a cache miss per read on large catalogs).
  std::vector<double> hours(count);
  std::vector<double> total_cost(count);
  bool ordered = true;  // no NaN: the sort below orders every value, as the scan assumes
  for (std::size_t index = 0; index < count; ++index) {
    hours[index] = times.at(index);
    total_cost[index] = candidates[index].total_cost;
    ordered = ordered && !std::isnan(hours[index]) && !std::isnan(total_cost[index]);
  }
  if (rows <= scanned_rows_at_most && ordered) {
    mark_first_rows(candidates, hours, total_cost, std::min(rows, count));
    return;
  }
  // Hours ranked once; a Fenwick tree over that rank keeps, among the candidates seen so far (all
  // ranked below the current one), the cheapest with at most these hours.
  std::vector<std::uint32_t> by_hours(count);
  for (std::uint32_t index = 0; index < count; ++index) by_hours[index] = index;
  std::sort(by_hours.begin(), by_hours.end(), [&](std::uint32_t x, std::uint32_t y) {
    return hours[x] != hours[y] ? hours[x] < hours[y] : x < y;
  });
  std::vector<std::uint32_t> hours_rank(count);
  for (std::uint32_t position = 0; position < count; ++position) {
    // Equal hours share the rank of their last member, so a query at one includes all of them.
    std::uint32_t last = position;
    while (last + 1 < count && hours[by_hours[last + 1]] == hours[by_hours[position]]) ++last;
    for (std::uint32_t k = position; k <= last; ++k) hours_rank[by_hours[k]] = last + 1;
    position = last;
  }
  std::vector<std::uint32_t> tree(count + 1, Candidate::no_rival);
  const auto cheaper = [&](std::uint32_t x, std::uint32_t y) {
    if (y == Candidate::no_rival) return x != Candidate::no_rival;
    if (x == Candidate::no_rival) return false;
    if (total_cost[x] != total_cost[y]) return total_cost[x] < total_cost[y];
    return hours[x] < hours[y];
  };
  for (std::size_t position = count; position-- > 0;) {
    std::uint32_t best = Candidate::no_rival;
    for (std::uint32_t k = hours_rank[position]; k > 0; k -= k & (~k + 1)) {
      if (cheaper(tree[k], best)) best = tree[k];
    }
    if (best != Candidate::no_rival) {
      const bool no_worse = total_cost[best] <= total_cost[position] && hours[best] <= hours[position];
      const bool better =
          total_cost[best] < material * total_cost[position] || hours[best] < material * hours[position];
      if (no_worse && better && position < rows) candidates[position].cheaper_and_faster_below = best;
    }
    const auto self = static_cast<std::uint32_t>(position);
    for (std::uint32_t k = hours_rank[position]; k <= count; k += k & (~k + 1)) {
      if (cheaper(self, tree[k])) tree[k] = self;
    }
  }
}

}  // namespace gpuselect::scoring::detail
