#pragma once
// Flags that shape a ranking (profile, weights, constraints, currency), shared by recommend and compare.
#include <optional>
#include <string>

#include "cli/cli11_fwd.hpp"
#include "cli/command.hpp"
#include "cli/resource_flags.hpp"
#include "gpuselect/scoring.hpp"

namespace gpuselect::cli {

struct RankingFlags {
  std::string profile, weights, currency, budget, deadline, region, provider, exclude_provider, gpu, pricing, require,
      max_nodes, min_headroom;
  bool sensitivity = false;
  std::string sensitivity_samples;
  bool pareto = false;
  bool risk_averse = false;
  std::string confidence;
  bool show_excluded = false;
  bool allow_spot_serving = false;
  bool allow_consumer = false;
  bool allow_marketplace = false;
  bool allow_shared_gpu = false;
  bool allow_low_stock = false;
  bool allow_no_sla = false;
  bool allow_stale_terms = false;
  bool allow_immature_stack = false;
  bool reserved_other_use = false;
  bool mix = false;
  ResourceFlags resources;
};

// with_constraints=false (compare) adds only profile, weights, currency and --region.
void add_ranking_options(CLI::App& command, RankingFlags& flags, bool with_constraints);

// scoring::rank, the one way the CLI ranks. With GPUSELECT_CHECK_INVARIANTS=1 in the environment
// (the tests set it) the ranking is then checked (scoring::ranking_violations): a broken invariant
// is an internal error (std::logic_error, exit 1) that names the first one broken.
scoring::Ranking rank_checked_if_asked(const catalog::Catalog& catalog, const workload::Profile& profile,
                                       const scoring::Options& options);
// scoring::compare of `offering_ids`, checked the same way: the one way the CLI compares.
scoring::Ranking compare_checked_if_asked(const catalog::Catalog& catalog, const workload::Profile& profile,
                                          const scoring::Options& options,
                                          const std::vector<std::string>& offering_ids);

// GPU memory --risk-averse keeps free on a serving or training job when --min-headroom is not given,
// percent (judgement: slack for a fragile service, and above the held-out training memory rows' 1.15x;
// docs/scoring.md "Risk-averse").
inline constexpr double risk_averse_headroom_pct = 20.0;
// --min-headroom as a number (empty = not given); its range is checked by the library
// (scoring::check_constraints, estimate::estimate_job).
std::optional<double> headroom_flag(const std::string& text);
// Options for scoring::rank from flags, the config file and defaults (flags win over the file).
// Constraints::min_headroom_pct: --min-headroom, else risk_averse_headroom_pct for --risk-averse on a
// serving or training job, else workload::default_headroom_pct.
scoring::Options build_ranking_options(const RankingFlags& flags, const GlobalOptions& globals,
                                       const catalog::Catalog& catalog, const workload::Profile& profile);

}  // namespace gpuselect::cli
