// Parallel plans: which ZeRO stage / offload / tensor-parallel degree fits (docs/estimation.md
// "Choosing a plan"), and the sentence that explains the choice.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "estimate/model.hpp"
#include "gpuselect/units.hpp"

namespace gpuselect::estimate {

namespace model {

namespace {
struct Rung {
  int stage;
  workload::Offload offload;
};
// Lightest first: plain data parallel, ZeRO-1, 2, 3, then ZeRO-Offload of the optimizer (stage 2,
// then 3), then ZeRO-Infinity style offload of everything (stage 3). Offload costs speed, so it
// comes after every GPU-only stage.
constexpr std::array<Rung, 7> training_rungs{{{0, workload::Offload::none},
                                              {1, workload::Offload::none},
                                              {2, workload::Offload::none},
                                              {3, workload::Offload::none},
                                              {2, workload::Offload::optimizer},
                                              {3, workload::Offload::optimizer},
                                              {3, workload::Offload::all}}};
constexpr std::array<int, 4> tensor_parallel_degrees{1, 2, 4, 8};

int zero_stage_of(workload::Zero zero) {
  switch (zero) {
    case workload::Zero::stage1:
      return 1;
    case workload::Zero::stage2:
      return 2;
    case workload::Zero::stage3:
      return 3;
    default:
      return 0;
  }
}
}  // namespace

bool plan_requested(const workload::Profile& profile) {
  if (workload::is_training(profile.kind)) return profile.zero != workload::Zero::automatic;
  return profile.tensor_parallel.has_value();
}

std::vector<Plan> training_ladder(const workload::Profile& profile, int gpus_per_node, int nodes) {
  Plan base;
  base.gpus_per_node = std::max(1, gpus_per_node);
  base.nodes = std::max(1, nodes);
  base.tensor_parallel = profile.tensor_parallel.value_or(1);
  const bool sharded = data_parallel_size(base) > 1;
  std::vector<Plan> plans;
  for (const auto& rung : training_rungs) {
    if (profile.zero != workload::Zero::automatic) {
      if (rung.stage != zero_stage_of(profile.zero) || rung.offload != profile.offload) continue;
    } else if (profile.offload != workload::Offload::none) {
      if (rung.offload != profile.offload) continue;
    } else if (!sharded && rung.stage > 0 && rung.offload == workload::Offload::none) {
      continue;  // one data-parallel rank: ZeRO stages shard nothing
    }
    Plan plan = base;
    plan.zero_stage = rung.stage;
    plan.offload = rung.offload;
    plans.push_back(plan);
  }
  if (plans.empty()) {  // a fixed --zero with an offload the ladder does not list (stage 1 offload)
    Plan plan = base;
    plan.zero_stage = zero_stage_of(profile.zero);
    plan.offload = profile.offload;
    plans.push_back(plan);
  }
  return plans;
}

std::vector<Plan> serving_ladder(const workload::Profile& profile, int gpus_per_node, int nodes) {
  Plan base;
  base.gpus_per_node = std::max(1, gpus_per_node);
  base.nodes = std::max(1, nodes);
  std::vector<Plan> plans;
  // Vision models are replicated, never split.
  const bool splittable = profile.kind != workload::Kind::cv_inference;
  for (int degree : tensor_parallel_degrees) {
    if (profile.tensor_parallel && degree != *profile.tensor_parallel) continue;
    if (!profile.tensor_parallel && (degree > base.gpus_per_node || (!splittable && degree > 1))) continue;
    Plan plan = base;
    plan.tensor_parallel = degree;
    plan.replicas = std::max(1, total_gpus(plan) / degree);
    plans.push_back(plan);
  }
  if (plans.empty()) {  // --tensor-parallel above 8
    Plan plan = base;
    plan.tensor_parallel = profile.tensor_parallel.value_or(1);
    plans.push_back(plan);
  }
  return plans;
}

std::vector<Plan> plan_ladder(const workload::Profile& profile, int gpus_per_node, int nodes) {
  return uses_serving_memory(profile.kind) ? serving_ladder(profile, gpus_per_node, nodes)
                                           : training_ladder(profile, gpus_per_node, nodes);
}

int instances_needed(const workload::Profile& profile, const Plan& plan, int replicas_needed) {
  if (!workload::is_serving(profile.kind)) return std::max(1, plan.nodes);
  const int replicas_per_node = std::max(1, plan.gpus_per_node / std::max(1, plan.tensor_parallel));
  const int for_load = (std::max(1, replicas_needed) + replicas_per_node - 1) / replicas_per_node;
  return std::max(std::max(1, plan.nodes), for_load);
}

std::string plan_name(const workload::Profile& profile, const Plan& plan) {
  if (uses_serving_memory(profile.kind)) {
    std::string name = plan.tensor_parallel > 1 ? fmt::format("tensor parallel {}", plan.tensor_parallel)
                                                : std::string("one GPU per replica");
    if (plan.expert_parallel > 1) name += fmt::format(", experts over {} GPUs (expert parallel)", plan.expert_parallel);
    if (profile.kind == workload::Kind::llm_inference && plan.batch > 0) name += fmt::format(", batch {}", plan.batch);
    return name;
  }
  std::string name = plan.zero_stage == 0 ? std::string("data parallel") : fmt::format("ZeRO-{}", plan.zero_stage);
  if (plan.offload == workload::Offload::optimizer) name += " + optimizer offload";
  if (plan.offload == workload::Offload::all) name += " + full CPU offload";
  if (plan.tensor_parallel > 1) name += fmt::format(" x tensor parallel {}", plan.tensor_parallel);
  return name;
}

}  // namespace model

Hardware hardware_of(const catalog::Catalog& catalog, const catalog::Offering& offering, int nodes) {
  Hardware hardware;
  hardware.gpu = &catalog.gpu_of(offering);
  hardware.gpus_per_node = std::max(1, offering.gpu_count);
  hardware.nodes = std::max(1, nodes);
  hardware.gpu_fraction = offering.gpu_fraction > 0 ? offering.gpu_fraction : 1.0;
  hardware.interconnect = offering.interconnect;
  hardware.rdma = offering.network.rdma;
  hardware.network_gbps = offering.network.bandwidth_gbps;
  return hardware;
}

Memory choose_plan(const workload::Profile& profile, const Hardware& hardware) {
  const auto ladder = model::plan_ladder(profile, hardware.gpus_per_node, hardware.nodes);
  if (hardware.gpu == nullptr) {
    Memory memory = estimate_memory(profile, ladder.front(), 0);
    memory.reason = PlanReason::no_hardware;
    return memory;
  }
  if (profile.kind == workload::Kind::llm_inference) return model::choose_serving_plan(profile, hardware, ladder);
  const double capacity = hardware.gpu->capacity_bytes() * hardware.gpu_fraction;
  std::optional<Memory> lightest;
  for (const auto& plan : ladder) {
    Memory memory = estimate_memory(profile, plan, capacity);
    // Tensor parallelism stays inside a node (NVLink); a degree above the node's GPUs cannot run.
    if (plan.tensor_parallel > hardware.gpus_per_node) memory.fits = false;
    if (memory.fits) {
      if (model::plan_requested(profile)) {
        memory.reason = PlanReason::requested;
      } else {
        memory.reason = plan.offload != workload::Offload::none ? PlanReason::needs_offload : PlanReason::lightest_fits;
      }
      return memory;
    }
    if (!lightest || memory.per_gpu.total_bytes < lightest->per_gpu.total_bytes) lightest = memory;
  }
  lightest->reason = PlanReason::does_not_fit;
  return *lightest;
}

Memory choose_plan_and_nodes(const workload::Profile& profile, Hardware hardware, int max_nodes) {
  // Serving replicas hold the whole model within one node, so more nodes never make it fit.
  const int last = model::uses_serving_memory(profile.kind) ? 1 : std::max(1, max_nodes);
  Memory memory;
  for (int nodes = 1; nodes <= last; ++nodes) {
    hardware.nodes = nodes;
    memory = choose_plan(profile, hardware);
    if (memory.fits) {
      if (nodes > 1) memory.reason = PlanReason::needs_more_nodes;
      return memory;
    }
    if (hardware.gpu == nullptr) return memory;
  }
  return memory;
}

std::string describe_plan(const workload::Profile& profile, const Memory& memory) {
  const Plan& plan = memory.plan;
  const int gpus = model::total_gpus(plan);
  const std::string where = plan.nodes > 1 ? fmt::format("{} GPUs ({} nodes)", gpus, plan.nodes)
                                           : fmt::format("{} GPU{}", gpus, gpus == 1 ? "" : "s");
  const std::string name = model::plan_name(profile, plan);
  const std::string need = units::format_gb(memory.per_gpu.total_bytes);
  if (memory.reason == PlanReason::no_hardware || memory.gpu_capacity_bytes <= 0) {
    return fmt::format("{} on {}: {} per GPU (no GPU given)", name, where, need);
  }
  const std::string capacity = units::format_gb(memory.gpu_capacity_bytes);
  if (plan.tensor_parallel > plan.gpus_per_node) {
    return fmt::format("does not fit: tensor parallel {} needs {} GPUs per node; this machine has {}",
                       plan.tensor_parallel, plan.tensor_parallel, plan.gpus_per_node);
  }
  if (memory.reason == PlanReason::no_fp4) {
    return "does not run: --precision fp4 needs FP4 tensor cores (NVFP4/MXFP4), which this GPU lacks; use fp8 here "
           "or a GPU with an FP4 peak (Blackwell)";
  }
  if (memory.reason == PlanReason::misses_targets) {
    return fmt::format(
        "misses the latency targets: the fastest plan, {} on {}, gives TTFT {:.0f} ms and TPOT {:.0f} ms (targets {:g} "
        "and {:g} ms); the weights fit ({} of {} per GPU)",
        name, where, memory.ttft_ms, memory.tpot_ms, profile.ttft_target_ms, profile.tpot_target_ms, need, capacity);
  }
  if (!memory.fits) {
    return fmt::format("does not fit: the lightest plan, {} on {}, needs {} per GPU, above {}", name, where, need,
                       capacity);
  }
  std::string text = fmt::format("{} on {}: {} of {} per GPU", name, where, need, capacity);
  if (profile.kind == workload::Kind::llm_inference) {
    text += fmt::format("; TTFT {:.0f} ms, TPOT {:.0f} ms (targets {:g}, {:g})", memory.ttft_ms, memory.tpot_ms,
                        profile.ttft_target_ms, profile.tpot_target_ms);
  }
  if (memory.reason == PlanReason::requested) return text + " (as requested)";
  if (profile.kind == workload::Kind::llm_inference) {
    return text + "; the tensor parallel and batch that meet the targets at the most tokens per GPU";
  }
  if (memory.reason == PlanReason::needs_more_nodes) {
    text += "; one node is not enough";
  }
  // The lighter plans tried before this one on the same machines, and what they needed.
  std::vector<std::string> tried;
  for (const auto& earlier : model::plan_ladder(profile, plan.gpus_per_node, plan.nodes)) {
    if (earlier.zero_stage == plan.zero_stage && earlier.offload == plan.offload &&
        earlier.tensor_parallel == plan.tensor_parallel) {
      break;
    }
    const Memory other = estimate_memory(profile, earlier, memory.gpu_capacity_bytes);
    tried.push_back(
        fmt::format("{} needs {}", model::plan_name(profile, earlier), units::format_gb(other.per_gpu.total_bytes)));
  }
  if (!tried.empty()) {
    text += fmt::format("; {} per GPU, above {}", fmt::join(tried, ", "), capacity);
  }
  return text;
}

}  // namespace gpuselect::estimate
