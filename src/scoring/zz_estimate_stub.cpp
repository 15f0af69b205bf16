// TEMPORARY stand-in for src/estimate (branch `estimate`) so the scoring tests link before the
// estimator lands. DELETE before the final commit.
#include <algorithm>
#include <cmath>
#include <string>

#include "gpuselect/estimate.hpp"

namespace gpuselect::estimate {

Hardware hardware_of(const catalog::Catalog& catalog, const catalog::Offering& offering, int nodes) {
  Hardware hardware;
  hardware.gpu = &catalog.gpu_of(offering);
  hardware.gpus_per_node = offering.gpu_count;
  hardware.nodes = nodes;
  hardware.gpu_fraction = offering.gpu_fraction;
  hardware.interconnect = offering.interconnect;
  hardware.rdma = offering.network.rdma;
  hardware.network_gbps = offering.network.bandwidth_gbps;
  return hardware;
}

Memory choose_plan(const workload::Profile& profile, const Hardware& hardware) {
  Memory memory;
  memory.gpu_capacity_bytes = hardware.gpu->capacity_bytes() * hardware.gpu_fraction;
  const double p = profile.shape.params;
  const int n = hardware.gpus_per_node * hardware.nodes;
  memory.plan.gpus_per_node = hardware.gpus_per_node;
  memory.plan.nodes = hardware.nodes;
  memory.per_gpu.overhead_bytes = 1.5e9;
  if (workload::is_training(profile.kind)) {
    const double lora = profile.method == workload::Method::full ? 1.0 : 0.0;
    const double base = profile.method == workload::Method::qlora ? 0.55 * p : 2 * p;
    for (int stage = 0; stage <= 3; ++stage) {
      double states = 0;
      if (lora == 0) states = base;
      else if (stage == 0) states = 16 * p;
      else if (stage == 1) states = 4 * p + 12 * p / n;
      else if (stage == 2) states = 2 * p + 14 * p / n;
      else states = 16 * p / n;
      memory.per_gpu.weights_bytes = states;
      memory.per_gpu.activations_bytes = 2.0 * profile.seq_len * 4096 * 32 * 0.0 + 2e9;
      memory.per_gpu.total_bytes = states + memory.per_gpu.activations_bytes + memory.per_gpu.overhead_bytes;
      memory.plan.zero_stage = stage;
      if (memory.per_gpu.total_bytes <= memory.gpu_capacity_bytes) {
        memory.fits = true;
        memory.reason = PlanReason::lightest_fits;
        return memory;
      }
    }
    memory.reason = PlanReason::does_not_fit;
    return memory;
  }
  const double weights = profile.precision == workload::Precision::int4 ? 0.5 * p : 2 * p;
  for (int tp = 1; tp <= hardware.gpus_per_node; tp *= 2) {
    memory.plan.tensor_parallel = tp;
    memory.per_gpu.weights_bytes = weights / tp;
    memory.per_gpu.kv_cache_bytes = 2e9 / tp;
    memory.per_gpu.total_bytes = weights / tp + 2e9 / tp + memory.per_gpu.overhead_bytes;
    if (memory.per_gpu.total_bytes <= memory.gpu_capacity_bytes) {
      memory.fits = true;
      memory.plan.replicas = 1;
      memory.reason = PlanReason::lightest_fits;
      return memory;
    }
  }
  memory.reason = PlanReason::does_not_fit;
  return memory;
}

Estimate estimate_performance(const workload::Profile& profile, const Hardware& hardware, const Memory& memory) {
  Estimate estimate;
  estimate.memory = memory;
  estimate.has_hardware = true;
  const int n = hardware.gpus_per_node * hardware.nodes;
  double mfu = 0.4;
  if (n > 1 && hardware.interconnect == catalog::Interconnect::pcie) mfu = 0.25;
  if (hardware.nodes > 1 && hardware.rdma == catalog::Rdma::none) mfu = 0.15;
  estimate.compute.mfu = mfu;
  estimate.compute.effective_tflops_per_gpu = hardware.gpu->bf16_dense_tflops * mfu * hardware.gpu_fraction;
  if (workload::is_training(profile.kind)) {
    estimate.compute.total_flops = 6 * profile.shape.params * profile.tokens;
    const double seconds = estimate.compute.total_flops / (n * estimate.compute.effective_tflops_per_gpu * 1e12);
    estimate.time.wall_hours = seconds / 3600;
  } else {
    estimate.time.wall_hours = profile.hours;
    estimate.throughput.decode_tokens_per_s =
        hardware.gpu->memory_bandwidth_gbps * 1e9 * 0.8 * memory.plan.tensor_parallel / (2 * profile.shape.params);
  }
  estimate.time.gpu_hours = estimate.time.wall_hours * n;
  return estimate;
}

void price(const workload::Profile&, const PriceContext& context, Estimate& estimate) {
  estimate.has_price = true;
  estimate.currency = context.currency;
  for (std::size_t m = 0; m < catalog::pricing_mode_count; ++m) {
    const auto mode = static_cast<catalog::PricingMode>(m);
    auto& cost = estimate.costs[m];
    cost.mode = mode;
    const auto rate = context.offering->pricing.price(mode);
    if (!rate) continue;
    cost.available = true;
    cost.price_per_hour = *rate * estimate.memory.plan.nodes * context.to_output_currency;
    cost.compute = cost.price_per_hour * estimate.time.wall_hours;
    if (mode == catalog::PricingMode::spot) {
      cost.interruption_hours = estimate.time.wall_hours * 0.05;
      cost.interruption = cost.interruption_hours * cost.price_per_hour;
    }
    cost.total = cost.compute + cost.interruption;
  }
}

std::string describe_plan(const workload::Profile&, const Memory& memory) {
  return "ZeRO-" + std::to_string(memory.plan.zero_stage);
}

}  // namespace gpuselect::estimate
