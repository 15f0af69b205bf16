#pragma once
// The training plan search of choose_plan, shared across the machine shapes of one ranking: the
// plans searched and their memory per GPU depend only on the profile, GPUs per node and nodes, not
// on the GPU model, so shapes that differ only in GPU (an H100 and an A100 node of 8) search the same
// plans and differ only in capacity, host and speed, applied per shape. Results are identical to
// choose_plan's.
#include <map>
#include <utility>
#include <vector>

#include "gpuselect/estimate.hpp"

namespace gpuselect::estimate {

class PlanSearchCache {
 public:
  // For one profile (the caller keeps it alive and unchanged while the cache is used).
  explicit PlanSearchCache(const workload::Profile& profile) : profile_(profile) {}
  struct Searched {
    std::vector<Plan> plans;       // model::training_plans
    std::vector<Memory> memories;  // estimate_memory of each plan with no GPU capacity (0)
  };
  const Searched& searched(int gpus_per_node, int nodes);
  const workload::Profile& profile() const { return profile_; }

 private:
  const workload::Profile& profile_;
  std::map<std::pair<int, int>, Searched> searched_;
};

// choose_plan(cache.profile(), hardware), with the training plan search taken from the cache.
Memory choose_plan(PlanSearchCache& cache, const Hardware& hardware);

// GPU bytes a plan may use: capacity less the profile's headroom.
double usable_gpu_bytes(const workload::Profile& profile, double gpu_capacity_bytes);
// The GPU capacity part of estimate_memory: sets capacity, usable bytes and fits_gpu/fits.
void apply_gpu_capacity(Memory& memory, const workload::Profile& profile, double gpu_capacity_bytes);

}  // namespace gpuselect::estimate
