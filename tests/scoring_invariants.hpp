#pragma once
// Tests rank only through rank_checked and compare_checked (below), which check the ranking
// invariants (scoring::ranking_violations, include/gpuselect/invariants.hpp) after every ranking;
// tests/py/test_rankings_checked.py fails on a direct scoring::rank or scoring::compare call in tests/. Rankings made
// inside the gpuselect binary are checked by the binary itself: tests/cli_runner.hpp and ctest set
// GPUSELECT_CHECK_INVARIANTS=1.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpuselect/catalog.hpp"
#include "gpuselect/invariants.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/workload.hpp"

namespace gpuselect::testing {

// The options a ranking of `kind` gets with no flag: the kind's default weight profile, today pinned
// to 2026-06-01 (the date the tests' price ages are read at).
inline scoring::Options options_for(workload::Kind kind) {
  scoring::Options options;
  options.weights = scoring::profile_weights("auto", kind);
  options.profile_name = std::string(scoring::default_profile(kind));
  options.today = "2026-06-01";
  return options;
}

// Every broken invariant fails the test, one CHECK each, so the report names them all.
inline void check_ranking_invariants(const catalog::Catalog& catalog, const scoring::Ranking& ranking,
                                     const scoring::Options& options) {
  for (const auto& violation : scoring::ranking_violations(catalog, ranking, options)) FAIL_CHECK(violation);
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
