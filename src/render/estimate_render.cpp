// `estimate` in every format: memory breakdown, plan, compute, time, throughput, cost per mode,
// assumptions.
#include <array>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gpuselect/format_traits.hpp"
#include "gpuselect/units.hpp"
#include "render/renderers.hpp"
#include "render/support.hpp"

namespace gpuselect::render {
namespace {

using namespace detail;
using Align = TextTable::Align;
using text::Lang;
using text::Msg;
using text::say;

// A message in `lang` as a cell.
std::string words(Msg id, Lang lang) { return std::string(text::message(id, lang)); }
// A duration's units in Chinese words ("5.6 小时"; text::joined_cjk), as the recommend tables say them.
std::string in_words(std::string said, Lang lang) { return lang == Lang::zh_cn ? text::joined_cjk(std::move(said)) : said; }

Grid key_values(std::string title, Lang lang) {
  Grid grid;
  grid.title = std::move(title);
  grid.columns = {{words(Msg::est_item, lang)}, {words(Msg::est_value, lang), Align::left, true}};
  return grid;
}

// The memory parts' labels (memory_parts order) in Chinese; English is each part's own label.
constexpr std::array<Msg, memory_parts.size()> memory_part_words = {
    Msg::est_part_weights,  Msg::est_part_gradients, Msg::est_part_optimizer, Msg::est_part_activations,
    Msg::est_part_kv_cache, Msg::est_part_overhead,  Msg::est_total};

std::string gb(double bytes) { return units::format_gb(bytes); }

Grid memory_grid(const workload::Profile& profile, const estimate::Performance& estimate, Lang lang) {
  const auto& memory = estimate.memory;
  Grid grid = key_values(words(Msg::est_memory_title, lang), lang);
  // Serving holds no gradients or optimizer states: those rows are said for training only (issue 29
  // review 2 read "gradients 0.0 GB" and "ZeRO: DP" in an inference estimate).
  const bool serving = workload::kind_traits(profile.kind).serving();
  for (std::size_t index = 0; index < memory_parts.size(); ++index) {
    const auto& part = memory_parts[index];
    const bool training_state = part.bytes == &estimate::MemoryPerGpu::gradients_bytes ||
                                part.bytes == &estimate::MemoryPerGpu::optimizer_bytes;
    if (serving && training_state && !(memory.per_gpu.*part.bytes > 0)) continue;
    grid.rows.push_back({lang == Lang::en ? std::string(part.label) : words(memory_part_words[index], lang),
                         gb(memory.per_gpu.*part.bytes)});
  }
  if (memory.paper_model_states_bytes > 0) {
    grid.rows.push_back({words(Msg::est_zero_paper, lang), gb(memory.paper_model_states_bytes)});
  }
  if (memory.cpu_offload_bytes > 0) grid.rows.push_back({words(Msg::est_cpu_offload, lang), gb(memory.cpu_offload_bytes)});
  if (memory.nvme_offload_bytes > 0) grid.rows.push_back({words(Msg::est_nvme_offload, lang), gb(memory.nvme_offload_bytes)});
  if (estimate.has_hardware) {
    grid.rows.push_back({words(Msg::est_gpu_capacity, lang), gb(memory.gpu_capacity_bytes)});
    grid.rows.push_back({words(Msg::est_headroom, lang),
                         say(lang, Msg::est_headroom_value, memory.headroom_pct, gb(memory.usable_gpu_bytes))});
    if (memory.host_ram_usable_bytes > 0) {
      grid.rows.push_back({words(Msg::est_host_ram, lang), gb(memory.host_ram_usable_bytes)});
    }
    if (memory.longest_context_tokens > 0) {
      // What memory holds; where that is beyond the context the model was trained for, its own limit
      // too (expert review 29: 507k tokens said for Qwen2.5-7B, whose model card stops at 131k).
      std::string value = say(lang, Msg::est_longest_context_value, units::format_count(memory.longest_context_tokens),
                              text::message(memory.plan.batch > 0 ? Msg::est_one_request : Msg::est_one_sequence, lang));
      if (profile.model_max_context > 0 && memory.longest_context_tokens > profile.model_max_context) {
        value += say(lang, Msg::est_longest_context_model_limit, units::format_count(profile.model_max_context));
      }
      grid.rows.push_back({words(Msg::est_longest_context, lang), std::move(value)});
    }
    std::string fits = words(memory.fits ? Msg::word_yes : Msg::est_fits_no, lang);
    if (!memory.fits && memory.fits_gpu && !memory.fits_host) fits += words(Msg::est_fits_host_ram, lang);
    if (memory.reason == estimate::PlanReason::misses_targets) fits = words(Msg::est_fits_latency, lang);
    grid.rows.push_back({words(Msg::est_fits, lang), fits});
  }
  return grid;
}

Grid plan_grid(const workload::Profile& profile, const estimate::Performance& estimate, Lang lang) {
  const auto& plan = estimate.memory.plan;
  Grid grid = key_values(words(Msg::est_plan_title, lang), lang);
  const bool serving = workload::kind_traits(profile.kind).serving();
  if (!serving) grid.rows.push_back({"ZeRO", std::string(zero_label(plan.zero_stage))});
  if (!serving || plan.offload != workload::Offload::none) {
    grid.rows.push_back(
        {words(Msg::est_offload, lang), text::term(lang, text::Term::offload, workload::to_string(plan.offload))});
  }
  grid.rows.insert(grid.rows.end(), {
      {words(Msg::est_gpus_per_node, lang), std::to_string(plan.gpus_per_node)},
      {words(Msg::col_nodes, lang), std::to_string(plan.nodes)},
      {words(Msg::est_tensor_parallel, lang), std::to_string(plan.tensor_parallel)}});
  if (serving)
    grid.rows.push_back({words(Msg::col_replicas, lang), std::to_string(plan.replicas)});
  if (workload::kind_traits(profile.kind).serving() && plan.pipeline_parallel > 1) {
    grid.rows.push_back({words(Msg::est_pipeline_parallel, lang),
                         say(lang, Msg::est_pipeline_stages, plan.pipeline_parallel,
                             (profile.shape.layers + plan.pipeline_parallel - 1) / plan.pipeline_parallel)});
  }
  if (workload::kind_traits(profile.kind).training()) {
    grid.rows.push_back({words(Msg::est_pipeline_parallel, lang), std::to_string(plan.pipeline_parallel)});
    grid.rows.push_back({words(Msg::est_context_parallel, lang), std::to_string(plan.context_parallel)});
    grid.rows.push_back({words(Msg::est_data_parallel, lang), std::to_string(estimate::data_parallel_degree(plan))});
    if (plan.expert_parallel > 1) {
      grid.rows.push_back({words(Msg::est_expert_parallel, lang),
                           say(lang, Msg::est_expert_parallel_value, plan.expert_parallel)});
    }
    grid.rows.push_back({words(Msg::est_recompute, lang),
                         text::term(lang, text::Term::recompute, workload::to_string(plan.recompute))});
    grid.rows.push_back({words(Msg::est_micro_batch, lang),
                         say(lang, Msg::est_micro_batch_value, plan.micro_batch, plan.micro_batches)});
  }
  grid.notes.push_back(estimate::describe_plan_words(profile, estimate.memory).say(lang));
  return grid;
}

// cv-train (docs/estimation.md "Input pipeline"): which of the data loader and the GPUs sets the pace.
std::string input_pipeline_words(const estimate::InputPipeline& input, Lang lang) {
  const std::string vcpus =
      say(lang, Msg::est_input_vcpus, input.workers_per_node * input.nodes, input.workers_per_node,
          input.vcpus_per_node, input.vcpus_assumed ? text::message(Msg::est_assumed, lang) : std::string_view());
  if (input.loader_bound) {
    return say(lang, Msg::est_input_bound, vcpus, input.loader_images_per_s, input.gpu_images_per_s,
               100.0 * input.images_per_s / input.gpu_images_per_s,
               text::message(input.data_loader == workload::DataLoader::cpu ? Msg::est_input_try_dali
                                                                            : Msg::est_input_more_vcpus,
                             lang));
  }
  return say(lang, Msg::est_gpu_bound, input.gpu_images_per_s, vcpus, input.loader_images_per_s);
}

Grid performance_grid(const workload::Profile& profile, const estimate::Performance& estimate, Lang lang) {
  Grid grid = key_values(words(Msg::est_performance_title, lang), lang);
  grid.rows = {{words(Msg::est_model_flops, lang), scientific(estimate.compute.total_flops)},
               {words(Msg::est_hardware_flops, lang), scientific(estimate.compute.hardware_flops)},
               {estimate.compute.step_mfu > 0 ? words(Msg::est_mfu_goodput, lang) : std::string("MFU"),
                fmt::format("{:.1f}%", estimate.compute.mfu * 100)},
               {words(Msg::est_mfu_basis, lang), estimate::mfu_basis_words(estimate.compute).say(lang)},
               {words(Msg::est_effective_tflops, lang), fmt::format("{:.1f}", estimate.compute.effective_tflops_per_gpu)}};
  if (estimate.compute.step_mfu > 0) {
    // docs/estimation.md "Step MFU and goodput": per step without the failure allowance, and the share kept.
    grid.rows.insert(grid.rows.begin() + 3,
                     {words(Msg::est_step_mfu, lang), say(lang, Msg::est_step_mfu_value,
                                              estimate.compute.step_mfu * 100,
                                              estimate.compute.effective_tflops_per_gpu / estimate.compute.goodput_share,
                                              estimate.compute.goodput_share * 100)});
  }
  if (estimate.has_hardware) {
    const auto& band = estimate.time.wall_hours_band;
    const std::string regime = band.in_calibrated_regime ? "" : words(Msg::est_outside_regime, lang);
    if (band.high > 0) {
      grid.rows.push_back({words(Msg::est_wall_time, lang), in_words(fmt::format("{} ({}-{}{})", units::format_hours(estimate.time.wall_hours),
                                                    units::format_hours_like(band.low, estimate.time.wall_hours),
                                                    units::format_hours_like(band.high, estimate.time.wall_hours),
                                                    regime), lang)});
      grid.rows.push_back({words(Msg::est_gpu_hours, lang), fmt::format("{:.1f} ({:.0f}-{:.0f}{})", estimate.time.gpu_hours,
                                                    estimate.time.gpu_hours_band.low,
                                                    estimate.time.gpu_hours_band.high, regime)});
    } else {
      grid.rows.push_back({words(Msg::est_wall_time, lang), in_words(units::format_hours(estimate.time.wall_hours), lang)});
      grid.rows.push_back({words(Msg::est_gpu_hours, lang), fmt::format("{:.1f}", estimate.time.gpu_hours)});
    }
    const auto& step = estimate.step;
    if (step.total_s > 0) {
      grid.rows.push_back(
          {words(Msg::est_step_time, lang),
           say(lang, Msg::est_step_time_value, step.total_s, units::format_count(step.tokens), step.compute_s,
               step.tensor_comm_s,
               estimate.memory.plan.expert_parallel > 1 ? say(lang, Msg::est_step_expert, step.expert_comm_s)
                                                        : std::string(),
               step.pipeline_s, step.data_comm_s, step.offload_s, step.failures_s)});
    }
  }
  if (estimate.input.modelled) {
    grid.rows.push_back({words(Msg::est_input_pipeline, lang), input_pipeline_words(estimate.input, lang)});
  }
  if (workload::resolution_off_native(profile.resolution_px, profile.diffusion.native_resolution_px)) {
    grid.notes.push_back(say(lang, Msg::note_resolution_off_native, profile.model_id,
                             profile.diffusion.native_resolution_px, profile.resolution_px));
  }
  if (workload::kind_traits(profile.kind).physics == workload::Physics::diffusion_serving && estimate.has_hardware) {
    // Images/s per replica and one image's latency (steps x passes + encoders + VAE decode).
    grid.rows.push_back({words(Msg::col_images_per_s_replica, lang), images_per_s_label(estimate)});
    grid.rows.push_back({words(Msg::col_replicas, lang), std::to_string(estimate.throughput.replicas)});
  } else if (workload::kind_traits(profile.kind).serving() && estimate.has_hardware) {
    grid.rows.push_back(
        {words(Msg::est_decode_per_replica, lang), fmt::format("{:.0f}", estimate.throughput.work_units_per_s)});
    grid.rows.push_back(
        {words(Msg::est_prefill_per_replica, lang), fmt::format("{:.0f}", estimate.throughput.prefill_tokens_per_s)});
    grid.rows.push_back({words(Msg::col_replicas, lang), std::to_string(estimate.throughput.replicas)});
  }
  return grid;
}

// "54 ms (47-69)": a figure and its band; "~" marks a band outside the calibrated regime.
std::string banded(double value, const estimate::Band& band, int decimals, std::string_view unit, Lang lang) {
  return fmt::format("{:.{}f}{} ({}{:.{}f}-{:.{}f})", value, decimals, unit,
                     band.in_calibrated_regime ? std::string_view() : text::message(Msg::est_extrapolated, lang),
                     band.low, decimals, band.high, decimals);
}

// llm-inference at the chosen batch: latency, throughput, bound, MoE reads, with error bands.
Grid serving_grid(const workload::Profile& profile, const estimate::Performance& estimate, Lang lang) {
  const auto& serving = estimate.serving;
  Grid grid = key_values(words(Msg::est_serving_title, lang), lang);
  grid.rows = {
      {words(Msg::est_batch, lang),
       say(lang, Msg::est_batch_value, serving.batch,
           text::message(profile.batch_given ? Msg::est_as_given : Msg::est_largest_batch, lang), serving.max_batch)},
      {"TTFT", banded(serving.ttft_ms, serving.ttft_ms_band, 0, " ms", lang)},
      {"TPOT", banded(serving.tpot_ms, serving.tpot_ms_band, 1, " ms", lang)},
      {words(Msg::est_output_tokens_per_s, lang),
       banded(serving.output_tokens_per_s, serving.output_tokens_per_s_band, 0, "", lang)},
      {words(Msg::est_requests_per_s, lang), fmt::format("{:.2f}", serving.requests_per_s_per_replica)},
      {words(Msg::est_targets, lang),
       say(lang, Msg::est_targets_value, profile.ttft_target_ms, profile.tpot_target_ms,
           text::message(serving.meets_targets ? Msg::est_met : Msg::est_missed, lang))},
      {words(Msg::est_decode_bound, lang), words(serving.memory_bound ? Msg::est_bound_memory : Msg::est_bound_compute, lang)},
      {words(Msg::est_kv_per_token, lang), fmt::format("{:.1f} KB", serving.kv_bytes_per_token / 1e3)},
      {words(Msg::est_replicas_for_load, lang), std::to_string(estimate.throughput.replicas)}};
  // The TTFT above includes the mean wait for a free slot at the load; the plan's sentence states it
  // before queueing (expert review 29: 573 ms there, 661 ms here, unexplained).
  if (estimate.throughput.queue_ms > 0) {
    grid.rows.push_back({words(Msg::est_queue_in_ttft, lang), fmt::format("{:.0f} ms", estimate.throughput.queue_ms)});
  }
  if (serving.ttft_prompt_tokens > 0 && workload::has_request_mix(profile)) {
    grid.rows.push_back({words(Msg::est_ttft_at, lang), say(lang, Msg::est_ttft_at_value, serving.ttft_prompt_tokens)});
  }
  if (serving.pipeline_ms_per_token > 0) {
    grid.rows.push_back({words(Msg::est_pipeline_handoffs, lang),
                         say(lang, Msg::est_pipeline_handoffs_value, serving.pipeline_ms_per_token,
                             estimate.memory.plan.pipeline_parallel)});
  }
  if (serving.experts_read_per_layer > 0) {
    grid.rows.push_back({words(Msg::est_experts_read, lang),
                         say(lang, Msg::est_experts_read_value, serving.experts_read_per_layer, profile.shape.experts)});
  }
  if (!serving.output_tokens_per_s_band.in_calibrated_regime) grid.notes.push_back(words(Msg::est_serving_extrapolated, lang));
  return grid;
}

// Columns = pricing modes the offering sells; rows = cost lines.
Grid cost_grid(const workload::Profile& profile, const estimate::Estimate& estimate, Lang lang) {
  const std::string currency(estimate.currency.empty() ? std::string_view("USD") : estimate.currency);
  Grid grid;
  grid.title = say(lang, Msg::est_cost_title, currency);
  grid.columns = {{words(Msg::est_item, lang)}};
  std::vector<std::size_t> sold;
  for (std::size_t index = 0; index < estimate.costs.size(); ++index) {
    if (!estimate.costs[index].available) continue;
    sold.push_back(index);
    grid.columns.push_back({std::string(mode_name(static_cast<catalog::PricingMode>(index), lang)), Align::right});
  }
  auto line = [&](std::string name, auto value_of) {
    std::vector<std::string> row{std::move(name)};
    for (const auto index : sold)
      row.push_back(value_of(estimate.costs[index], static_cast<catalog::PricingMode>(index)));
    grid.rows.push_back(std::move(row));
  };
  auto money = [&](double amount) { return units::format_money(amount, currency); };
  line(words(Msg::est_price_per_hour, lang), [&](const estimate::Cost& cost, auto) { return money(cost.price_per_hour); });
  line(words(Msg::est_compute, lang), [&](const estimate::Cost& cost, auto) { return money(cost.compute); });
  line(words(Msg::est_egress, lang), [&](const estimate::Cost& cost, auto) { return money(cost.egress); });
  line(words(Msg::est_public_ip, lang), [&](const estimate::Cost& cost, auto) { return money(cost.public_ip); });
  line(words(Msg::est_storage, lang), [&](const estimate::Cost& cost, auto) { return money(cost.storage); });
  line(words(Msg::est_interruptions, lang), [&](const estimate::Cost& cost, auto) { return money(cost.interruption); });
  line(words(Msg::est_total, lang), [&](const estimate::Cost& cost, auto) {
    if (cost.total_band.high <= 0) return money(cost.total);
    return fmt::format("{} ({}-{})", money(cost.total), money(cost.total_band.low), money(cost.total_band.high));
  });
  if (workload::kind_traits(profile.kind).physics == workload::Physics::token_serving) {
    line(words(Msg::est_per_million_output, lang), [&](const estimate::Cost& cost, auto) {
      const auto& band = cost.per_million_output_tokens_band;
      return fmt::format("{} ({}{}-{})", money(cost.per_million_output_tokens),
                         band.in_calibrated_regime ? std::string_view() : text::message(Msg::est_extrapolated, lang),
                         money(band.low), money(band.high));
    });
  } else if (workload::kind_traits(profile.kind).serving()) {
    line(words(Msg::est_per_million_output, lang),
         [&](const estimate::Cost& cost, auto) { return money(cost.per_million_output_tokens); });
  }
  line(words(Msg::est_break_even, lang), [&](const estimate::Cost& cost, catalog::PricingMode mode) {
    return catalog::term_hours(mode) > 0 ? fmt::format("{:.0f}%", cost.break_even_utilisation_pct) : std::string("-");
  });
  if (sold.empty()) grid.notes.push_back(words(Msg::est_sells_nothing, lang));
  return grid;
}

Grid assumptions_grid(const workload::Profile& profile, const estimate::Estimate& estimate, Lang lang) {
  Grid grid;
  grid.title = words(Msg::est_assumptions_title, lang);
  grid.columns = {{"#", Align::right}, {words(Msg::est_assumption, lang), Align::left, true}};
  int number = 0;
  // assumptions() already lists profile.defaults_applied.
  for (const auto& sentence : estimate::assumptions(profile, estimate))
    grid.rows.push_back({std::to_string(++number), sentence.say(lang)});
  return grid;
}

}  // namespace

void estimate(std::ostream& out, Format format, const catalog::Catalog& catalog, const workload::Profile& profile,
              const estimate::Estimate& estimate, const catalog::Offering* offering, const Style& style) {
  if (traits(format).document_tree) {
    write_json(out, estimate_json(catalog, profile, estimate, offering), style.pretty);
    return;
  }
  const estimate::Performance& performance = estimate.performance;
  // CSV is the same in every language (machine rows); the human formats speak the document's.
  const Lang lang = traits(format).machine ? Lang::en : style.lang;
  const JobSummary summary = job_summary(profile, nullptr, lang);
  std::vector<std::string> preamble = summary_lines(summary, lang);
  if (offering != nullptr) {
    preamble.push_back(say(lang, Msg::est_offering_line, offering->id,
                           gpu_label(catalog, *offering, performance.memory.plan.nodes, lang)));
  } else if (!performance.has_hardware) {
    preamble.push_back(words(Msg::est_no_hardware, lang));
  }
  std::vector<Grid> grids = {memory_grid(profile, performance, lang), plan_grid(profile, performance, lang),
                             performance_grid(profile, performance, lang)};
  // Serving figures only where the weights fit (for missed targets they are the fastest plan's).
  const bool serving_shown = performance.memory.fits || performance.memory.reason == estimate::PlanReason::misses_targets;
  if (workload::kind_traits(profile.kind).physics == workload::Physics::token_serving && performance.has_hardware &&
      performance.serving.batch > 0 && serving_shown) {
    grids.push_back(serving_grid(profile, performance, lang));
  }
  if (offering != nullptr && estimate.has_price) grids.push_back(cost_grid(profile, estimate, lang));
  grids.push_back(assumptions_grid(profile, estimate, lang));
  render_grids(out, format, text::message(Msg::title_estimate, lang), preamble, grids, style);
}

}  // namespace gpuselect::render
