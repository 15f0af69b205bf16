#pragma once
// The plan store of one job on the loaded catalog, kept in the parsed-catalog cache's folder
// (docs/performance.md "The plan store"): read before the ranking, written after it when the ranking
// searched plans the file did not hold. A cache: a file that is missing, damaged, stale or cannot be
// written costs the search only, never the run.
#include <optional>
#include <string>

#include "cli/global_options.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/plan_store.hpp"
#include "gpuselect/workload.hpp"

namespace gpuselect::cli {

class PlanCache {
 public:
  // After load_catalog: the store kept for `profile` on the catalog it loaded, else an empty one;
  // none at all when the parsed-catalog cache is off or the catalog has no image key.
  PlanCache(const GlobalOptions& globals, const catalog::Catalog& catalog, const workload::Profile& profile);
  // For scoring::Options::plan_store; null without a cache.
  scoring::PlanStore* store() { return store_ ? &*store_ : nullptr; }
  // Writes the store when the ranking added plans to it.
  void keep() const;

 private:
  std::string folder_;
  std::string name_;  // plans-<16 hex>.bin
  std::string key_;   // what the file holds to prove it is this job's on this catalog
  std::optional<scoring::PlanStore> store_;
};

}  // namespace gpuselect::cli
