// The win envelope: per criterion, the candidates that can be first as that criterion's weight
// moves (made once by rank), and the smallest single weight change that puts a candidate first
// (docs/scoring.md "Explanations", would_win).
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "scoring/scoring_internal.hpp"

namespace gpuselect::scoring::detail {

namespace {

// The other criteria's weighted score of x, renormalised to the weight they share (1 - weight of c).
double rest_of(const Weights& weights, const std::array<double, criterion_count>& scores, std::size_t c) {
  double rest = 0;
  for (std::size_t d = 0; d < criterion_count; ++d) {
    if (d != c) rest += weights.values[d] * scores[d];
  }
  return rest / (1 - weights.values[c]);
}

// The candidate's place in the ranking when the envelope is valid for it (made for these
// candidates and weights, and the candidate one of them); else none.
std::optional<std::uint32_t> place_in_envelope(const Ranking& ranking, const Candidate& candidate) {
  const auto& envelope = ranking.win_envelope;
  if (!envelope || envelope->candidate_count != ranking.candidates.size() ||
      envelope->weights.values != ranking.weights.values || envelope->scores.size() != ranking.candidates.size() ||
      ranking.candidates.empty()) {
    return std::nullopt;
  }
  const Candidate* first = ranking.candidates.data();
  if (&candidate < first || &candidate >= first + ranking.candidates.size()) return std::nullopt;
  return static_cast<std::uint32_t>(&candidate - first);
}

// Per criterion, whether the envelope's lines are the rivals worth checking for the candidate at
// `place`: it is not on that criterion's lines (its own line would hide others there); else every
// candidate is.
std::array<bool, criterion_count> use_envelope(const Ranking& ranking, std::optional<std::uint32_t> place) {
  std::array<bool, criterion_count> use{};
  if (!place) return use;
  for (std::size_t c = 0; c < criterion_count; ++c) {
    const auto& rivals = ranking.win_envelope->rivals[c];  // sorted
    use[c] = !std::binary_search(rivals.begin(), rivals.end(), *place);
  }
  return use;
}

}  // namespace

Ranking::WinEnvelope win_envelope(const Ranking& ranking) {
  Ranking::WinEnvelope envelope;
  envelope.weights = ranking.weights;
  envelope.candidate_count = ranking.candidates.size();
  struct Line {
    double slope = 0;      // criterion score - rest: the score's change per unit of weight
    double intercept = 0;  // rest: the score at weight 0
    std::uint32_t index = 0;
  };
  auto margin = [](double value) { return 1e-9 * (1.0 + std::abs(value)); };
  constexpr std::size_t sample_weights = 9;
  constexpr std::array<double, sample_weights> sample_weight = {0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1};
  constexpr double binding_width = 1e-12;  // narrower intervals of weight are rounding
  std::vector<Line> all_lines(ranking.candidates.size());
  std::vector<Line> lines;
  std::vector<Line> hull;
  // The criterion scores copied once into a compact array: the passes below read every candidate
  // once per criterion, and a whole candidate is hundreds of bytes.
  std::vector<std::array<double, criterion_count>> scores(ranking.candidates.size());
  for (std::size_t index = 0; index < scores.size(); ++index) {
    for (std::size_t d = 0; d < criterion_count; ++d) scores[index][d] = ranking.candidates[index].criteria[d].score;
  }
  for (std::size_t c = 0; c < criterion_count; ++c) {
    if (ranking.weights.values[c] >= 1) continue;
    // Only weights in [0, 1] matter. The envelope there is at least the best line at each of a few
    // sample weights, so a line can bind only where it reaches all of them. A line that reaches
    // them on no interval of weights wider than rounding (below one of them, or touching the
    // envelope at one weight, as a tie at w = 1 does) adds no constraint to weight_to_win that
    // the binding lines do not make, and is left out: only the rest is sorted (a few in 100,000).
    std::array<Line, sample_weights> best{};
    std::array<double, sample_weights> best_value{};
    best_value.fill(-std::numeric_limits<double>::infinity());
    // The lowest of the sampled bests: a line whose values at every sample weight are at most this
    // changes no best, and is not evaluated at each. Its computed values lie within [intercept,
    // intercept + slope] (the weights are in [0, 1]; rounding is monotone, and weight 0 gives the
    // intercept, weight 1 intercept + slope, exactly), so the larger end bounds them: the same
    // bests as evaluating every line (25.7 M instructions for 43,000 candidates before).
    double lowest_best = -std::numeric_limits<double>::infinity();
    for (std::uint32_t index = 0; index < ranking.candidates.size(); ++index) {
      const auto& row = scores[index];
      const double rest = rest_of(ranking.weights, row, c);
      const Line line{row[c] - rest, rest, index};
      all_lines[index] = line;
      if (std::max(line.intercept, line.intercept + line.slope) <= lowest_best) continue;
      bool changed = false;
      for (std::size_t k = 0; k < sample_weights; ++k) {
        const double value = line.intercept + line.slope * sample_weight[k];
        if (value > best_value[k]) {
          best_value[k] = value;
          best[k] = line;
          changed = true;
        }
      }
      if (changed) lowest_best = *std::min_element(best_value.begin(), best_value.end());
    }
    // The sampled best lines' upper envelope is at least `floor` everywhere in [0, 1]: on each
    // interval between two sample weights it is at least the higher of the two lines best there,
    // whose lowest point is at an end or where they cross. A line whose larger end lies below it
    // by more than rounding reaches that envelope nowhere in [0, 1], so the test below would find
    // no interval for it: it is left out without that test (all but a few of 43,000 lines).
    double floor = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k + 1 < sample_weights; ++k) {
      const Line& a = best[k];
      const Line& b = best[k + 1];
      const auto higher_at = [&](double w) { return std::max(a.intercept + a.slope * w, b.intercept + b.slope * w); };
      floor = std::min({floor, higher_at(sample_weight[k]), higher_at(sample_weight[k + 1])});
      if (a.slope != b.slope) {
        const double cross = (b.intercept - a.intercept) / (a.slope - b.slope);
        if (cross > sample_weight[k] && cross < sample_weight[k + 1]) floor = std::min(floor, higher_at(cross));
      }
    }
    floor -= 1e-6 * (1.0 + std::abs(floor));
    lines.clear();
    for (const Line& line : all_lines) {
      if (std::max(line.intercept, line.intercept + line.slope) < floor) continue;
      double low = 0;  // the weights in [low, high] are where `line` reaches every sampled best line
      double high = 1;
      for (const Line& top : best) {
        const double gain = line.slope - top.slope;  // line - top = gain * w - gap
        const double gap = top.intercept - line.intercept;
        if (gain > 0) {
          low = std::max(low, gap / gain);
        } else if (gain < 0) {
          high = std::min(high, gap / gain);
        } else if (gap > 0) {
          low = 2;
        }
        if (high - low <= binding_width) break;
      }
      if (high - low > binding_width) lines.push_back(line);
    }
    std::sort(lines.begin(), lines.end(), [](const Line& x, const Line& y) {
      if (x.slope != y.slope) return x.slope < y.slope;
      if (x.intercept != y.intercept) return x.intercept > y.intercept;
      return x.index < y.index;
    });
    // Upper envelope over all w of the lines left (a superset of the one over [0, 1]). A line is
    // dropped only when it is below the others by more than a rounding margin, so no line that can
    // bind is lost.
    hull.clear();
    for (const Line& line : lines) {
      if (!hull.empty() && hull.back().slope == line.slope &&
          line.intercept < hull.back().intercept - margin(hull.back().intercept)) {
        continue;
      }
      while (hull.size() >= 2) {
        const Line& left = hull[hull.size() - 2];
        const Line& middle = hull.back();
        if (line.slope == left.slope) break;
        // Where `left` and `line` cross; `middle` is hidden when it is below them there.
        const double w = (left.intercept - line.intercept) / (line.slope - left.slope);
        const double top = left.intercept + left.slope * w;
        if (middle.intercept + middle.slope * w < top - margin(top)) {
          hull.pop_back();
        } else {
          break;
        }
      }
      hull.push_back(line);
    }
    auto& rivals = envelope.rivals[c];
    rivals.reserve(hull.size());
    for (const Line& line : hull) rivals.push_back(line.index);
    std::sort(rivals.begin(), rivals.end());
  }
  envelope.scores = std::move(scores);
  return envelope;
}

std::optional<WeightChange> weight_to_win(const Ranking& ranking, const Candidate& candidate) {
  const std::optional<std::uint32_t> place = place_in_envelope(ranking, candidate);
  const std::array<bool, criterion_count> envelope = use_envelope(ranking, place);
  using Scores = std::array<double, criterion_count>;
  const auto scores_of = [](const Candidate& x) {
    Scores scores{};
    for (std::size_t d = 0; d < criterion_count; ++d) scores[d] = x.criteria[d].score;
    return scores;
  };
  const Scores own = scores_of(candidate);
  // Per criterion, the weights in [low, high] where the candidate is above every rival: each rival
  // narrows them (a rival's line crosses the candidate's where its score difference changes sign).
  std::array<double, criterion_count> low{};
  std::array<double, criterion_count> high{};
  std::array<double, criterion_count> own_rest{};
  const auto narrow = [&](std::size_t c, const Scores& rival) {
    const double a = own_rest[c] - rest_of(ranking.weights, rival, c);
    const double b = own[c] - rival[c];
    const double slope = b - a;
    if (slope > 0) {
      low[c] = std::max(low[c], -a / slope);
    } else if (slope < 0) {
      high[c] = std::min(high[c], -a / slope);
    } else if (a < 0) {
      low[c] = 2;
    }
  };
  std::array<bool, criterion_count> by_everyone{};  // the criteria whose rivals are every candidate
  bool any_by_everyone = false;
  for (std::size_t c = 0; c < criterion_count; ++c) {
    low[c] = 0;
    high[c] = 1;
    if (ranking.weights.values[c] >= 1) continue;
    own_rest[c] = rest_of(ranking.weights, own, c);
    if (!envelope[c]) {
      by_everyone[c] = any_by_everyone = true;
      continue;
    }
    for (const auto index : ranking.win_envelope->rivals[c]) {
      const Candidate& rival = ranking.candidates[index];
      if (&rival != &candidate) narrow(c, scores_of(rival));
      if (low[c] > high[c]) break;
    }
  }
  // Without the envelope's lines, every other candidate, read once for all those criteria: from the
  // envelope's compact copy of the scores where it is valid, else from the candidates (a candidate
  // is hundreds of bytes: their scores copied and read once per criterion were ~9% of a warm 50k
  // recommend's cache misses). The same doubles and arithmetic either way, so the same results.
  const auto narrow_open = [&](const Scores& scores) {
    bool open = false;  // a criterion whose weights still put the candidate first
    for (std::size_t c = 0; c < criterion_count; ++c) {
      if (!by_everyone[c] || low[c] > high[c]) continue;
      narrow(c, scores);
      open = open || low[c] <= high[c];
    }
    return open;
  };
  if (any_by_everyone && place) {
    const auto& scores = ranking.win_envelope->scores;
    for (std::uint32_t index = 0; index < scores.size(); ++index) {
      if (index != *place && !narrow_open(scores[index])) break;
    }
  } else if (any_by_everyone) {
    for (const auto& rival : ranking.candidates) {
      if (&rival != &candidate && !narrow_open(scores_of(rival))) break;
    }
  }
  std::optional<WeightChange> best;
  for (Criterion criterion : all_criteria) {
    const auto c = static_cast<std::size_t>(criterion);
    const double current = ranking.weights.values[c];
    if (current >= 1 || low[c] > high[c]) continue;
    WeightChange change;
    change.criterion = criterion;
    if (low[c] > current) {
      change.weight = std::ceil(low[c] * 100 - 1e-9) / 100;
      change.at_least = true;
    } else if (high[c] < current) {
      change.weight = std::floor(high[c] * 100 + 1e-9) / 100;
      change.at_least = false;
    } else {
      continue;
    }
    if (change.weight < low[c] - 1e-12 || change.weight > high[c] + 1e-12) continue;
    if (change.weight <= 0 || change.weight >= 1) continue;  // "all on one criterion" says nothing
    change.distance = std::abs(change.weight - current);
    if (!best || change.distance < best->distance) best = change;
  }
  return best;
}

}  // namespace gpuselect::scoring::detail
