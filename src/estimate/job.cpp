// One job's estimate as `gpuselect estimate` asks for it: the hardware (an offering, or a bare GPU
// model with the wiring assumed), the plan, the performance and, with an offering, the prices.
#include <algorithm>

#include <fmt/format.h>

#include "gpuselect/error.hpp"
#include "gpuselect/estimate.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/ranges.hpp"
#include "estimate/model.hpp"

namespace gpuselect::estimate {

namespace {

// One InfiniBand NIC per GPU, as in NVIDIA's reference nodes: DGX A100 8 x 200 Gbit/s HDR,
// DGX H100 8 x 400 Gbit/s NDR.
double nic_gbps_per_gpu(const catalog::Gpu& gpu) {
  return gpu.architecture == "ampere" || gpu.architecture == "volta" ? 200 : 400;
}

// vCPUs per GPU of NVIDIA's reference nodes: DGX H100 2 x 56-core Xeon 8480C = 224 threads for 8
// GPUs (28), DGX A100 2 x 64-core EPYC 7742 = 256 for 8 (32); the lower.
constexpr int dgx_vcpus_per_gpu = 28;

// The sentence for Profile::defaults_applied that says what bare_hardware assumed.
text::Words bare_hardware_assumption(const catalog::Gpu& gpu, const Hardware& hardware) {
  return text::Words::in_each([&](text::Lang lang) {
    return text::say(lang, text::Msg::dflt_hardware, hardware.gpus_per_node, catalog::display_name(gpu, lang),
                     gpu.interconnect_gbps > 0
                         ? text::say(lang, text::Msg::dflt_hardware_link, catalog::to_string(hardware.interconnect),
                                     gpu.interconnect_gbps)
                         : text::say(lang, text::Msg::dflt_hardware_pcie),
                     fmt::format("{:g}", nic_gbps_per_gpu(gpu)));
  });
}

}  // namespace

Hardware bare_hardware(const catalog::Gpu& gpu, int gpus_per_node, int nodes) {
  Hardware hardware;
  hardware.gpu = &gpu;
  hardware.gpus_per_node = gpus_per_node;
  hardware.nodes = nodes;
  hardware.interconnect = gpu.interconnect_gbps > 0 ? catalog::Interconnect::nvlink : catalog::Interconnect::pcie;
  hardware.rdma = catalog::Rdma::infiniband;
  hardware.network_gbps = nic_gbps_per_gpu(gpu) * gpus_per_node;
  hardware.vcpus = dgx_vcpus_per_gpu * gpus_per_node;
  hardware.vcpus_assumed = true;
  return hardware;
}

JobEstimate estimate_job(const catalog::Catalog& catalog, workload::Profile profile, const JobRequest& request) {
  const catalog::Offering* offering = request.offering;
  const int first_nodes = std::max(1, request.nodes);
  profile.headroom_pct = ranges::check(ranges::Quantity::min_headroom_pct, request.headroom_pct, "--min-headroom",
                                       fmt::format("{:g}", request.headroom_pct));
  Hardware hardware;
  if (offering != nullptr) {
    hardware = hardware_of(catalog, *offering, first_nodes);
    if (request.nodes > offering->max_nodes) {
      throw Error::said("--nodes", text::words(text::Msg::err_nodes_at_most, offering->id, offering->max_nodes),
                        text::words(text::Msg::hint_nodes_at_most, offering->max_nodes));
    }
  } else if (request.gpu != nullptr) {
    hardware = bare_hardware(*request.gpu, request.gpus_per_node, first_nodes);
    profile.state(bare_hardware_assumption(*request.gpu, hardware));
  }
  const auto missing = hardware.gpu != nullptr ? missing_precision_units(*hardware.gpu, profile.precision)
                                               : std::optional<PlanReason>{};
  if (missing == PlanReason::no_fp4) {
    throw Error::said("--precision", text::words(text::Msg::err_no_fp4, hardware.gpu->name),
                      text::words(text::Msg::hint_precision_or_gpu, hardware.gpu->fp8_dense_tflops ? "fp8" : "bf16", "FP4"));
  }
  if (missing == PlanReason::no_fp8) {
    throw Error::said("--precision", text::words(text::Msg::err_no_fp8, hardware.gpu->name),
                      text::words(text::Msg::hint_precision_or_gpu, "bf16", "FP8"));
  }

  JobEstimate job{std::move(profile), {}};
  if (hardware.gpu == nullptr) {
    job.estimate.performance = run(job.profile, hardware);
    return job;
  }
  const int node_limit = offering != nullptr ? std::min(request.max_nodes, offering->max_nodes) : request.max_nodes;
  Memory memory = request.nodes > 0 ? choose_plan(job.profile, hardware)
                                    : choose_plan_and_nodes(job.profile, hardware, node_limit);
  hardware.nodes = memory.plan.nodes;
  if (request.nodes == 0) {
    // Not silent (issue 30): without --nodes the node count is searched, and the answer says so.
    const bool offering_limit = node_limit < request.max_nodes;
    const int nodes = memory.plan.nodes;
    const bool fits = memory.fits;
    job.profile.state(text::Words::in_each([&](text::Lang lang) {
      return text::say(
          lang, text::Msg::dflt_nodes, node_limit,
          offering_limit ? std::string(text::message(text::Msg::dflt_nodes_offering_most, lang)) : "--max-nodes",
          fits ? text::say(lang, text::Msg::dflt_nodes_count, nodes, nodes == 1 ? "" : "s")
               : std::string(text::message(text::Msg::dflt_nodes_none, lang)));
    }));
  }
  memory.longest_context_tokens =
      model::longest_context_tokens(job.profile, memory.plan, hardware.gpu->capacity_bytes() * hardware.gpu_fraction);
  Performance performance = estimate_performance(job.profile, hardware, memory);
  PriceContext context;  // no offering: not priced
  if (offering != nullptr) {
    const catalog::Provider& provider = catalog.provider_of(*offering);
    context.offering = offering;
    context.provider = &provider;
    context.to_output_currency = catalog::convert(catalog, 1.0, provider.currency, request.currency);
    context.currency = request.currency;
    context.gpu = hardware.gpu;
  }
  job.estimate = priced(job.profile, context, std::move(performance));
  return job;
}

}  // namespace gpuselect::estimate
