// Sensitivity of the ranking to the weights (docs/scoring.md "Sensitivity"): each weight is
// multiplied by (1 + u * perturbation), u uniform in [-1, 1), renormalised, and the candidates are
// re-scored from their stored criterion scores (scores are linear in the weights).
#include <algorithm>
#include <array>
#include <random>

#include "scoring/scoring_internal.hpp"

namespace gpuselect::scoring::detail {

namespace {

constexpr double perturbation = 0.2;
constexpr double robust_share = 0.8;
constexpr std::size_t spread_count = 5;

// u in [-1, 1) from the top 53 bits of one mt19937_64 draw: the same on every platform, unlike
// std::uniform_real_distribution whose algorithm is implementation-defined.
double symmetric_unit(std::mt19937_64& engine) {
  constexpr double two_to_minus_53 = 1.0 / 9007199254740992.0;
  const double unit = static_cast<double>(engine() >> 11) * two_to_minus_53;
  return unit * 2.0 - 1.0;
}

// The largest and smallest score a candidate can reach under any perturbed weight vector.
std::pair<double, double> score_bounds(const Candidate& candidate, const Weights& weights) {
  double low = 0;
  double high = 0;
  for (std::size_t c = 0; c < criterion_count; ++c) {
    const double w = weights.values[c];
    const double rest = 1 - w;
    const double w_low = w * (1 - perturbation) / (w * (1 - perturbation) + rest * (1 + perturbation));
    const double w_high = w * (1 + perturbation) / (w * (1 + perturbation) + rest * (1 - perturbation));
    low += (w > 0 ? w_low : 0) * candidate.criteria[c].score;
    high += (w > 0 ? w_high : 0) * candidate.criteria[c].score;
  }
  return {low, high};
}

}  // namespace

Sensitivity sensitivity(const std::vector<Candidate>& candidates, const Weights& weights, int samples,
                        std::uint64_t seed) {
  Sensitivity result;
  result.samples = std::max(1, samples);
  result.seed = seed;
  result.perturbation = perturbation;

  // The first few by rank (candidates may be in compare order).
  std::vector<std::uint32_t> by_rank(candidates.size());
  for (std::uint32_t index = 0; index < candidates.size(); ++index) by_rank[index] = index;
  std::sort(by_rank.begin(), by_rank.end(),
            [&](std::uint32_t a, std::uint32_t b) { return candidates[a].rank < candidates[b].rank; });
  const std::size_t tracked = std::min(spread_count, by_rank.size());
  if (tracked == 0) return result;

  // Only candidates whose best score can reach a tracked one's worst can change its rank.
  double lowest_tracked = 1e300;
  for (std::size_t t = 0; t < tracked; ++t) {
    lowest_tracked = std::min(lowest_tracked, score_bounds(candidates[by_rank[t]], weights).first);
  }
  std::vector<std::uint32_t> relevant(by_rank.begin(), by_rank.begin() + static_cast<std::ptrdiff_t>(tracked));
  for (std::size_t position = tracked; position < by_rank.size(); ++position) {
    if (score_bounds(candidates[by_rank[position]], weights).second >= lowest_tracked) {
      relevant.push_back(by_rank[position]);
    }
  }

  std::vector<Sensitivity::Spread> spreads(tracked);
  std::vector<double> rank_sums(tracked, 0.0);
  for (std::size_t t = 0; t < tracked; ++t) {
    spreads[t].candidate = by_rank[t];
    spreads[t].best_rank = static_cast<int>(candidates.size()) + 1;
    spreads[t].worst_rank = 0;
  }
  // Compact copies: the loop below touches only these (Candidate is large; cache misses dominate).
  std::vector<std::array<double, criterion_count>> relevant_scores(relevant.size());
  std::vector<int> relevant_ranks(relevant.size());
  for (std::size_t r = 0; r < relevant.size(); ++r) {
    for (std::size_t c = 0; c < criterion_count; ++c) {
      relevant_scores[r][c] = candidates[relevant[r]].criteria[c].score;
    }
    relevant_ranks[r] = candidates[relevant[r]].rank;
  }
  std::vector<double> scores(relevant.size());
  std::mt19937_64 engine(seed);
  int winner_stays = 0;
  for (int sample = 0; sample < result.samples; ++sample) {
    std::array<double, criterion_count> perturbed{};
    double sum = 0;
    for (std::size_t c = 0; c < criterion_count; ++c) {
      perturbed[c] = weights.values[c] * (1.0 + symmetric_unit(engine) * perturbation);
      sum += perturbed[c];
    }
    if (sum > 0) {
      for (double& w : perturbed) w /= sum;
    }
    for (std::size_t r = 0; r < relevant.size(); ++r) {
      double score = 0;
      for (std::size_t c = 0; c < criterion_count; ++c) score += perturbed[c] * relevant_scores[r][c];
      scores[r] = score;
    }
    // Rank = 1 + candidates strictly ahead; equal scores keep the original order.
    for (std::size_t t = 0; t < tracked; ++t) {
      int ahead = 0;
      const double own = scores[t];
      const int own_rank = relevant_ranks[t];
      for (std::size_t r = 0; r < relevant.size(); ++r) {
        ahead += (scores[r] > own || (scores[r] == own && relevant_ranks[r] < own_rank)) ? 1 : 0;
      }
      const int rank = ahead + 1;
      spreads[t].best_rank = std::min(spreads[t].best_rank, rank);
      spreads[t].worst_rank = std::max(spreads[t].worst_rank, rank);
      rank_sums[t] += rank;
      if (t == 0 && rank == 1) ++winner_stays;
    }
  }
  for (std::size_t t = 0; t < tracked; ++t) {
    spreads[t].mean_rank = rank_sums[t] / result.samples;
  }
  result.top = std::move(spreads);
  result.top1_share = static_cast<double>(winner_stays) / result.samples;
  result.robust = result.top1_share >= robust_share;
  return result;
}

}  // namespace gpuselect::scoring::detail
