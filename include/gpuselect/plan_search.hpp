#pragma once
// The training plan search of choose_plan, shared across the machine shapes of one ranking: the
// plans searched and their memory per GPU depend only on the profile, GPUs per node and nodes, not
// on the GPU model, so shapes that differ only in GPU (an H100 and an A100 node of 8) search the same
// plans and differ only in capacity, host and speed, applied per shape. Results are identical to
// choose_plan's.
#include <map>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "gpuselect/estimate.hpp"

namespace gpuselect::estimate {

class PlanSearchCache {
 public:
  // For one profile (the caller keeps it alive and unchanged while the cache is used).
  explicit PlanSearchCache(const workload::Profile& profile) : profile_(profile) {}
  // What training_step_time reads of the hardware besides the plan (which holds GPUs per node and
  // nodes): the GPU, its vGPU share and the links (model::choose_mfu reads the GPU, the share, the
  // interconnect and RDMA too). Host RAM, disk and vCPUs are not read: shapes that differ only there
  // share the step times. The static_assert in plan.cpp fails when Hardware gains a member, the one
  // below when StepKey does.
  //
  // On one node the network is never crossed by a plan the search times (a valid, fitting one):
  // TP x PP x CP divides the node's GPUs, so the context and pipeline links are the GPU link; EP
  // divides the data-parallel ranks, all in the node, so no expert all-to-all leaves it; the
  // data-parallel all-reduce spans one node, so its inter-node bytes are 0; choose_mfu's no-RDMA
  // factor applies from 2 nodes. The network's speed and RDMA then only divide zero bytes, so the key
  // of a one-node shape holds neither (the built-in 7B fine-tuning recommend times 3,651 plans instead
  // of 6,587). tests/test_scoring.cpp checks, for dense and mixture-of-experts jobs, that a one-node
  // step time is the same on any network, and that the memo tells apart each input of the key.
  struct StepKey {
    const catalog::Gpu* gpu = nullptr;
    double gpu_fraction = 1.0;
    catalog::Interconnect interconnect = catalog::Interconnect::pcie;
    catalog::Rdma rdma = catalog::Rdma::none;
    double network_gbps = 0;
    static StepKey of(const Hardware& hardware) {
      if (hardware.nodes <= 1) {
        return {hardware.gpu, hardware.gpu_fraction, hardware.interconnect, catalog::Rdma::none, 0};
      }
      return {hardware.gpu, hardware.gpu_fraction, hardware.interconnect, hardware.rdma, hardware.network_gbps};
    }
    bool operator<(const StepKey& other) const {  // the memo's order (std::map); the GPU by address
      return std::tie(gpu, gpu_fraction, interconnect, rdma, network_gbps) <
             std::tie(other.gpu, other.gpu_fraction, other.interconnect, other.rdma, other.network_gbps);
    }
  };
  // A plan's step time as the search uses it: seconds per optimizer step and per token.
  struct PlanStep {
    double step_s = 0;
    double per_token_s = 0;
  };
  struct Searched {
    std::vector<Plan> plans;       // model::training_plans
    std::vector<Memory> memories;  // estimate_memory of each plan with no GPU capacity (0)
    std::vector<bool> valid;       // model::layout_valid of each plan (the profile and the plan only)
    // training_step_time of plans[i] per step key, timed when first asked (nullopt until then).
    std::map<StepKey, std::vector<std::optional<PlanStep>>> steps;
    // The search's scratch (plan index, seconds per token of each fitting plan), kept so a search
    // does not allocate; its contents mean nothing between searches.
    std::vector<std::pair<std::size_t, double>> fitting;
  };
  // The plans of (GPUs per node, nodes) with their memory at no capacity and their validity.
  static Searched search(const workload::Profile& profile, int gpus_per_node, int nodes);
  // search(), once per (GPUs per node, nodes) for this cache's profile.
  Searched& searched(int gpus_per_node, int nodes);
  // The step times of searched.plans on `hardware`'s step key (looked up once per search; each
  // timed when first asked, by step()).
  using Steps = std::vector<std::optional<PlanStep>>;
  static Steps& steps(Searched& searched, const Hardware& hardware);
  // training_step_time of searched.plans[index] on `hardware`, timed once into `steps` (its key's).
  PlanStep step(Steps& steps, const Searched& searched, std::size_t index, const Hardware& hardware) const;
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
