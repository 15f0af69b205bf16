#pragma once
// Tests rank only through rank_checked (below), which checks the ranking invariants
// (scoring::ranking_violations, include/gpuselect/invariants.hpp) after every ranking;
// tests/py/test_rankings_checked.py fails on a direct scoring::rank call in tests/. Rankings made
// inside the gpuselect binary are checked by the binary itself: tests/cli_runner.hpp and ctest set
// GPUSELECT_CHECK_INVARIANTS=1.
#include <string>

#include <catch2/catch.hpp>

#include "gpuselect/catalog.hpp"
#include "gpuselect/invariants.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/workload.hpp"

namespace gpuselect::testing {

// Every broken invariant fails the test, one CHECK each, so the report names them all.
inline void check_ranking_invariants(const catalog::Catalog& catalog, const scoring::Ranking& ranking,
                                     const scoring::Options& options) {
  for (const auto& violation : scoring::ranking_violations(catalog, ranking, options)) FAIL_CHECK(violation);
}

// scoring::rank, then check_ranking_invariants on what it returns: the one way tests rank
// (compare too: Options::only_offerings). Errors propagate as from rank().
inline scoring::Ranking rank_checked(const catalog::Catalog& catalog, const workload::Profile& profile,
                                     const scoring::Options& options) {
  auto ranking = scoring::rank(catalog, profile, options);
  check_ranking_invariants(catalog, ranking, options);
  return ranking;
}

}  // namespace gpuselect::testing
