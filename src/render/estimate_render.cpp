// `estimate` in every format: memory breakdown, plan, compute, time, throughput, cost per mode,
// assumptions.
#include <fmt/format.h>

#include "gpuselect/units.hpp"
#include "render/renderers.hpp"
#include "render/support.hpp"

namespace gpuselect::render {
namespace {

using namespace detail;
using Align = TextTable::Align;

Grid key_values(std::string title) {
  Grid grid;
  grid.title = std::move(title);
  grid.columns = {{"Item"}, {"Value", Align::left, true}};
  return grid;
}

std::string gb(double bytes) { return units::format_gb(bytes); }

Grid memory_grid(const estimate::Performance& estimate) {
  const auto& memory = estimate.memory;
  Grid grid = key_values("Memory per GPU (1 GB = 1e9 bytes)");
  for (const auto& part : memory_parts) grid.rows.push_back({std::string(part.label), gb(memory.per_gpu.*part.bytes)});
  if (memory.paper_model_states_bytes > 0) {
    grid.rows.push_back({"model states, ZeRO paper", gb(memory.paper_model_states_bytes)});
  }
  if (memory.cpu_offload_bytes > 0) grid.rows.push_back({"CPU offload per node", gb(memory.cpu_offload_bytes)});
  if (memory.nvme_offload_bytes > 0) grid.rows.push_back({"NVMe offload per node", gb(memory.nvme_offload_bytes)});
  if (estimate.has_hardware) {
    grid.rows.push_back({"GPU capacity", gb(memory.gpu_capacity_bytes)});
    grid.rows.push_back({"headroom kept free", fmt::format("{:g}% (usable {})", memory.headroom_pct,
                                                           gb(memory.usable_gpu_bytes))});
    if (memory.host_ram_usable_bytes > 0) {
      grid.rows.push_back({"host RAM usable per node", gb(memory.host_ram_usable_bytes)});
    }
    if (memory.longest_context_tokens > 0) {
      grid.rows.push_back({"longest context that fits",
                           fmt::format("{} tokens ({})", units::format_count(memory.longest_context_tokens),
                                       memory.plan.batch > 0 ? "one request at batch 1 on this replica"
                                                             : "one sequence per micro-step on this plan")});
    }
    std::string fits = memory.fits ? "yes" : "NO";
    if (!memory.fits && memory.fits_gpu && !memory.fits_host) fits += " (host RAM)";
    if (memory.reason == estimate::PlanReason::misses_targets) fits = "NO (memory fits; latency targets missed)";
    grid.rows.push_back({"fits", fits});
  }
  return grid;
}

Grid plan_grid(const workload::Profile& profile, const estimate::Performance& estimate) {
  const auto& plan = estimate.memory.plan;
  Grid grid = key_values("Parallel plan");
  grid.rows = {{"ZeRO", std::string(zero_label(plan.zero_stage))},
               {"offload", std::string(workload::to_string(plan.offload))},
               {"GPUs per node", std::to_string(plan.gpus_per_node)},
               {"nodes", std::to_string(plan.nodes)},
               {"tensor parallel", std::to_string(plan.tensor_parallel)}};
  if (workload::is_serving(profile.kind)) grid.rows.push_back({"replicas", std::to_string(plan.replicas)});
  if (workload::is_serving(profile.kind) && plan.pipeline_parallel > 1) {
    grid.rows.push_back({"pipeline parallel", fmt::format("{} (one stage of {} layers per node)", plan.pipeline_parallel,
                                                          (profile.shape.layers + plan.pipeline_parallel - 1) /
                                                              plan.pipeline_parallel)});
  }
  if (workload::is_training(profile.kind)) {
    grid.rows.push_back({"pipeline parallel", std::to_string(plan.pipeline_parallel)});
    grid.rows.push_back({"context parallel", std::to_string(plan.context_parallel)});
    grid.rows.push_back({"data parallel", std::to_string(estimate::data_parallel_degree(plan))});
    if (plan.expert_parallel > 1) {
      grid.rows.push_back({"expert parallel", fmt::format("{} (routed experts spread over {} of the data-parallel GPUs)",
                                                          plan.expert_parallel, plan.expert_parallel)});
    }
    grid.rows.push_back({"recompute", std::string(workload::to_string(plan.recompute))});
    grid.rows.push_back({"micro-batch", fmt::format("{} x {} micro-steps", plan.micro_batch, plan.micro_batches)});
  }
  grid.notes.push_back(estimate::describe_plan(profile, estimate.memory));
  return grid;
}

// cv-train (docs/estimation.md "Input pipeline"): which of the data loader and the GPUs sets the pace.
std::string input_pipeline_words(const estimate::InputPipeline& input) {
  const std::string vcpus =
      fmt::format("{} vCPUs{}", input.workers_per_node * input.nodes,
                  fmt::format(" ({} of {}{} per node; one per GPU runs its training process)", input.workers_per_node,
                              input.vcpus_per_node, input.vcpus_assumed ? " assumed" : ""));
  if (input.loader_bound) {
    return fmt::format("input pipeline bound: {} decode ~{:.0f} img/s; the GPUs could take ~{:.0f} img/s and are busy "
                       "{:.0f}% of the time{}",
                       vcpus, input.loader_images_per_s, input.gpu_images_per_s,
                       100.0 * input.images_per_s / input.gpu_images_per_s,
                       input.data_loader == workload::DataLoader::cpu
                           ? "; --data-loader gpu (NVIDIA DALI) decodes on the GPUs instead"
                           : "; more vCPUs per GPU would feed them");
  }
  return fmt::format("GPU bound: ~{:.0f} img/s; the loader's {} decode up to ~{:.0f} img/s", input.gpu_images_per_s,
                     vcpus, input.loader_images_per_s);
}

Grid performance_grid(const workload::Profile& profile, const estimate::Performance& estimate) {
  Grid grid = key_values("Compute, time and throughput");
  grid.rows = {{"model FLOPs", scientific(estimate.compute.total_flops)},
               {"hardware FLOPs", scientific(estimate.compute.hardware_flops)},
               {estimate.compute.step_mfu > 0 ? "MFU (goodput)" : "MFU", fmt::format("{:.1f}%", estimate.compute.mfu * 100)},
               {"MFU basis", estimate::mfu_basis_text(estimate.compute)},
               {"effective TFLOPS per GPU", fmt::format("{:.1f}", estimate.compute.effective_tflops_per_gpu)}};
  if (estimate.compute.step_mfu > 0) {
    // docs/estimation.md "Step MFU and goodput": per step without the failure allowance, and the share kept.
    grid.rows.insert(grid.rows.begin() + 3,
                     {"step MFU", fmt::format("{:.1f}% per optimizer step ({:.1f} TFLOPS per GPU; goodput {:.0f}% of "
                                              "wall time after failures, restarts and whole-run overhead)",
                                              estimate.compute.step_mfu * 100,
                                              estimate.compute.effective_tflops_per_gpu / estimate.compute.goodput_share,
                                              estimate.compute.goodput_share * 100)});
  }
  if (estimate.has_hardware) {
    const auto& band = estimate.time.wall_hours_band;
    const std::string regime = band.in_calibrated_regime ? "" : ", outside the calibrated regime";
    if (band.high > 0) {
      grid.rows.push_back({"wall time", fmt::format("{} ({}-{}{})", units::format_hours(estimate.time.wall_hours),
                                                    units::format_hours(band.low), units::format_hours(band.high),
                                                    regime)});
      grid.rows.push_back({"GPU hours", fmt::format("{:.1f} ({:.0f}-{:.0f}{})", estimate.time.gpu_hours,
                                                    estimate.time.gpu_hours_band.low,
                                                    estimate.time.gpu_hours_band.high, regime)});
    } else {
      grid.rows.push_back({"wall time", units::format_hours(estimate.time.wall_hours)});
      grid.rows.push_back({"GPU hours", fmt::format("{:.1f}", estimate.time.gpu_hours)});
    }
    const auto& step = estimate.step;
    if (step.total_s > 0) {
      grid.rows.push_back(
          {"step time", fmt::format("{:.2f} s for {} tokens: compute {:.2f}, TP/CP comm {:.2f}, {}pipeline bubble "
                                    "and send {:.2f}, DP/ZeRO comm {:.2f}, offload {:.2f}, failures {:.2f}",
                                    step.total_s, units::format_count(step.tokens), step.compute_s,
                                    step.tensor_comm_s,
                                    estimate.memory.plan.expert_parallel > 1
                                        ? fmt::format("EP all-to-all {:.2f}, ", step.expert_comm_s)
                                        : std::string(),
                                    step.pipeline_s, step.data_comm_s, step.offload_s, step.failures_s)});
    }
  }
  if (estimate.input.modelled) grid.rows.push_back({"input pipeline", input_pipeline_words(estimate.input)});
  if (workload::is_serving(profile.kind) && estimate.has_hardware) {
    grid.rows.push_back(
        {"decode tokens/s per replica", fmt::format("{:.0f}", estimate.throughput.decode_tokens_per_s)});
    grid.rows.push_back(
        {"prefill tokens/s per replica", fmt::format("{:.0f}", estimate.throughput.prefill_tokens_per_s)});
    grid.rows.push_back({"replicas", std::to_string(estimate.throughput.replicas)});
  }
  return grid;
}

// "54 ms (47-69)": a figure and its band; "~" marks a band outside the calibrated regime.
std::string banded(double value, const estimate::Band& band, int decimals, std::string_view unit) {
  return fmt::format("{:.{}f}{} ({}{:.{}f}-{:.{}f})", value, decimals, unit, band.in_calibrated_regime ? "" : "extrapolated ",
                     band.low, decimals, band.high, decimals);
}

// llm-inference at the chosen batch: latency, throughput, bound, MoE reads, with error bands.
Grid serving_grid(const workload::Profile& profile, const estimate::Performance& estimate) {
  const auto& serving = estimate.serving;
  Grid grid = key_values("Serving per replica (p50; bands 10th-90th percentile)");
  grid.rows = {
      {"batch", fmt::format("{} concurrent sequences ({}; free KV memory holds {})", serving.batch,
                            profile.batch_given ? "as given" : "the largest that meets the targets", serving.max_batch)},
      {"TTFT", banded(serving.ttft_ms, serving.ttft_ms_band, 0, " ms")},
      {"TPOT", banded(serving.tpot_ms, serving.tpot_ms_band, 1, " ms")},
      {"output tokens/s", banded(serving.output_tokens_per_s, serving.output_tokens_per_s_band, 0, "")},
      {"requests/s", fmt::format("{:.2f}", serving.requests_per_s_per_replica)},
      {"targets", fmt::format("TTFT {:g} ms, TPOT {:g} ms: {}", profile.ttft_target_ms, profile.tpot_target_ms,
                              serving.meets_targets ? "met" : "MISSED")},
      {"decode bound", serving.memory_bound ? "memory bandwidth (weights + KV read per step)" : "compute"},
      {"KV cache per token", fmt::format("{:.1f} KB", serving.kv_bytes_per_token / 1e3)},
      {"replicas for the load", std::to_string(estimate.throughput.replicas)}};
  if (serving.ttft_prompt_tokens > 0 && workload::has_request_mix(profile)) {
    grid.rows.push_back({"TTFT at", fmt::format("the p90 prompt, {} tokens", serving.ttft_prompt_tokens)});
  }
  if (serving.pipeline_ms_per_token > 0) {
    grid.rows.push_back({"pipeline handoffs", fmt::format("{:.2f} ms of each TPOT (stages on {} nodes)",
                                                          serving.pipeline_ms_per_token,
                                                          estimate.memory.plan.pipeline_parallel)});
  }
  if (serving.experts_read_per_layer > 0) {
    grid.rows.push_back({"experts read per MoE layer per step",
                         fmt::format("{:.1f} of {}", serving.experts_read_per_layer, profile.shape.experts)});
  }
  if (!serving.output_tokens_per_s_band.in_calibrated_regime) {
    grid.notes.push_back(
        "This GPU, precision or MoE batch lies outside the serving calibration rows (Hopper, FP8/BF16, MoE at "
        "batch 64 and more): the bands are extrapolated and widened 1.5x each way.");
  }
  return grid;
}

// Columns = pricing modes the offering sells; rows = cost lines.
Grid cost_grid(const workload::Profile& profile, const estimate::Estimate& estimate) {
  const std::string currency(estimate.currency.empty() ? std::string_view("USD") : estimate.currency);
  Grid grid;
  grid.title = fmt::format("Cost per pricing mode ({})", currency);
  grid.columns = {{"Item"}};
  std::vector<std::size_t> sold;
  for (std::size_t index = 0; index < estimate.costs.size(); ++index) {
    if (!estimate.costs[index].available) continue;
    sold.push_back(index);
    grid.columns.push_back({std::string(catalog::to_string(static_cast<catalog::PricingMode>(index))), Align::right});
  }
  auto line = [&](std::string name, auto value_of) {
    std::vector<std::string> row{std::move(name)};
    for (const auto index : sold)
      row.push_back(value_of(estimate.costs[index], static_cast<catalog::PricingMode>(index)));
    grid.rows.push_back(std::move(row));
  };
  auto money = [&](double amount) { return units::format_money(amount, currency); };
  line("price per hour", [&](const estimate::Cost& cost, auto) { return money(cost.price_per_hour); });
  line("compute", [&](const estimate::Cost& cost, auto) { return money(cost.compute); });
  line("egress", [&](const estimate::Cost& cost, auto) { return money(cost.egress); });
  line("public IP", [&](const estimate::Cost& cost, auto) { return money(cost.public_ip); });
  line("storage", [&](const estimate::Cost& cost, auto) { return money(cost.storage); });
  line("interruptions", [&](const estimate::Cost& cost, auto) { return money(cost.interruption); });
  line("total", [&](const estimate::Cost& cost, auto) {
    if (cost.total_band.high <= 0) return money(cost.total);
    return fmt::format("{} ({}-{})", money(cost.total), money(cost.total_band.low), money(cost.total_band.high));
  });
  if (profile.kind == workload::Kind::llm_inference) {
    line("per 1M output tokens", [&](const estimate::Cost& cost, auto) {
      const auto& band = cost.per_million_output_tokens_band;
      return fmt::format("{} ({}{}-{})", money(cost.per_million_output_tokens),
                         band.in_calibrated_regime ? "" : "extrapolated ", money(band.low), money(band.high));
    });
  } else if (workload::is_serving(profile.kind)) {
    line("per 1M output tokens",
         [&](const estimate::Cost& cost, auto) { return money(cost.per_million_output_tokens); });
  }
  line("break-even utilisation", [&](const estimate::Cost& cost, catalog::PricingMode mode) {
    return catalog::term_hours(mode) > 0 ? fmt::format("{:.0f}%", cost.break_even_utilisation_pct) : std::string("-");
  });
  if (sold.empty()) grid.notes.push_back("The offering sells no pricing mode.");
  return grid;
}

Grid assumptions_grid(const workload::Profile& profile, const estimate::Estimate& estimate) {
  Grid grid;
  grid.title = "Assumptions";
  grid.columns = {{"#", Align::right}, {"Assumption", Align::left, true}};
  int number = 0;
  // assumptions() already lists profile.defaults_applied.
  for (auto& sentence : estimate::assumptions(profile, estimate))
    grid.rows.push_back({std::to_string(++number), std::move(sentence)});
  return grid;
}

}  // namespace

void estimate(std::ostream& out, Format format, const catalog::Catalog& catalog, const workload::Profile& profile,
              const estimate::Estimate& estimate, const catalog::Offering* offering, const Style& style) {
  if (format == Format::json) {
    write_json(out, estimate_json(catalog, profile, estimate, offering), style.pretty);
    return;
  }
  const estimate::Performance& performance = estimate.performance;
  const JobSummary summary = job_summary(profile, nullptr);
  std::vector<std::string> preamble = {"Job: " + summary.job};
  if (!summary.tokens.empty()) preamble.push_back("Tokens: " + summary.tokens);
  if (!summary.serving.empty()) preamble.push_back("Serving: " + summary.serving);
  if (!summary.session.empty()) preamble.push_back("Session: " + summary.session);
  if (offering != nullptr) {
    preamble.push_back(
        fmt::format("Offering: {} ({})", offering->id, gpu_label(catalog, *offering, performance.memory.plan.nodes)));
  } else if (!performance.has_hardware) {
    preamble.push_back("Hardware: none given (memory and FLOPs only; add --gpu or --offering for time and cost)");
  }
  std::vector<Grid> grids = {memory_grid(performance), plan_grid(profile, performance), performance_grid(profile, performance)};
  // Serving figures only where the weights fit (for missed targets they are the fastest plan's).
  const bool serving_shown = performance.memory.fits || performance.memory.reason == estimate::PlanReason::misses_targets;
  if (profile.kind == workload::Kind::llm_inference && performance.has_hardware && performance.serving.batch > 0 &&
      serving_shown) {
    grids.push_back(serving_grid(profile, performance));
  }
  if (offering != nullptr && estimate.has_price) grids.push_back(cost_grid(profile, estimate));
  grids.push_back(assumptions_grid(profile, estimate));
  render_grids(out, format, "gpuselect estimate", preamble, grids, style);
}

}  // namespace gpuselect::render
