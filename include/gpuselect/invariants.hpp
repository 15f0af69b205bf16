#pragma once
// The invariants every Ranking holds, checked after the fact on what rank() returned: scores and
// contributions, order and ranks, the constraints, exclusions and Pareto marks (docs/scoring.md
// "Invariants"). Tests run it after every ranking (tests/scoring_invariants.hpp); the CLI runs it
// after its rankings when GPUSELECT_CHECK_INVARIANTS=1 (docs/cli.md "Environment").
#include <string>
#include <vector>

#include "gpuselect/catalog.hpp"
#include "gpuselect/scoring.hpp"

namespace gpuselect::scoring {

// At most this many broken invariants are reported (one is enough to fail; this bounds the work
// and the text on a large, badly broken ranking).
inline constexpr std::size_t max_reported_violations = 20;

// One line per broken invariant ("candidate aws/p5.48xlarge spot x1: ..."), in candidate order;
// empty when `ranking` (made by rank(catalog, profile, options)) holds them all.
std::vector<std::string> ranking_violations(const catalog::Catalog& catalog, const Ranking& ranking,
                                            const Options& options);

}  // namespace gpuselect::scoring
