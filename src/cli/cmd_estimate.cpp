// gpuselect estimate: the estimator's full breakdown for one job on given (or no) hardware.
#include <algorithm>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "cli/app.hpp"
#include "cli/command.hpp"
#include "cli/ranking_flags.hpp"
#include "cli/resource_flags.hpp"
#include "gpuselect/resources.hpp"
#include "gpuselect/units.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/estimate.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/version.hpp"

namespace gpuselect::cli {

namespace {

struct EstimateOptions {
  WorkloadFlags workload;
  std::string gpu, gpus, nodes, offering, max_nodes, currency, min_headroom;
  OutputOptions output;
};

const std::vector<std::string> estimate_formats = render::formats_of(render::Document::estimate);

int run(const EstimateOptions& options, const GlobalOptions& globals) {
  const catalog::Catalog catalog = load_catalog(globals);
  const workload::Request request = workload_request(options.workload, options.min_headroom);
  // --gpus takes a count, or SkyPilot's NAME[:COUNT] (which sets --gpu too).
  std::string gpu_name = options.gpu;
  std::string gpus_text = options.gpus;
  if (!gpus_text.empty() && !units::parse_number(gpus_text)) {
    const resources::GpuSpec spec = resources::parse_gpu_spec(gpus_text, "--gpus");
    if (!gpu_name.empty() && catalog.find_gpu(gpu_name) != catalog.find_gpu(spec.name)) {
      throw Error("--gpus", "--gpu and --gpus name different GPU models", "keep one: --gpus NAME:COUNT, or --gpu NAME --gpus COUNT");
    }
    if (spec.count < 1) {
      throw Error("--gpus", "estimate needs whole GPUs", "give NAME:COUNT with a whole COUNT, e.g. A100:8");
    }
    gpu_name = spec.name;
    gpus_text = fmt::format("{:g}", spec.count);
  }
  if (!options.offering.empty() && (!gpu_name.empty() || !gpus_text.empty())) {
    throw Error("--offering", "--offering already fixes the GPU and count", "drop --gpu/--gpus, or drop --offering");
  }
  if (gpu_name.empty() && !gpus_text.empty()) {
    throw Error("--gpus", "a GPU count needs a GPU model", "add --gpu ID (see 'gpuselect catalog gpus')");
  }
  workload::Profile profile = workload::resolve(request, catalog);

  const std::string currency =
      catalog::output_currency(catalog, options.currency.empty() ? globals.settings.currency.value : options.currency);

  const int max_nodes = options.max_nodes.empty()
                            ? parse_whole_quantity(globals.settings.max_nodes.value, globals.settings.max_nodes.origin,
                                                   ranges::Quantity::max_nodes)
                            : parse_whole_quantity(options.max_nodes, "--max-nodes", ranges::Quantity::max_nodes);
  // 0 = not fixed: the fewest nodes that fit, up to max_nodes.
  const int fixed_nodes =
      options.nodes.empty() ? 0 : parse_whole_quantity(options.nodes, "--nodes", ranges::Quantity::nodes);

  const catalog::Offering* offering = nullptr;
  estimate::Hardware hardware;
  if (!options.offering.empty()) {
    offering = &catalog::offering_named(catalog, options.offering, "--offering");
    hardware = estimate::hardware_of(catalog, *offering, std::max(1, fixed_nodes));
    if (fixed_nodes > offering->max_nodes) {
      throw Error("--nodes", fmt::format("{} allows at most {} nodes per job", offering->id, offering->max_nodes),
                  fmt::format("give --nodes {} or less", offering->max_nodes));
    }
  } else if (!gpu_name.empty()) {
    const catalog::Gpu& gpu = catalog::gpu_named(catalog, gpu_name, options.gpu.empty() ? "--gpus" : "--gpu");
    hardware.gpu = &gpu;
    hardware.gpus_per_node =
        gpus_text.empty() ? 1 : parse_whole_quantity(gpus_text, "--gpus", ranges::Quantity::gpus_per_node);
    hardware.nodes = std::max(1, fixed_nodes);
    // Bare hardware has no offering to say how it is wired: assume the GPU's own link and RDMA.
    hardware.interconnect = gpu.interconnect_gbps > 0 ? catalog::Interconnect::nvlink : catalog::Interconnect::pcie;
    hardware.rdma = catalog::Rdma::infiniband;
    // One InfiniBand NIC per GPU, as in NVIDIA's reference nodes: DGX A100 8 x 200 Gbit/s HDR,
    // DGX H100 8 x 400 Gbit/s NDR.
    const double nic_gbps = gpu.architecture == "ampere" || gpu.architecture == "volta" ? 200 : 400;
    hardware.network_gbps = nic_gbps * hardware.gpus_per_node;
    profile.defaults_applied.push_back(fmt::format(
        "hardware: {} x {} per node; intra-node link assumed {} ({} GB/s per GPU); nodes assumed joined by "
        "InfiniBand, one {:g} Gbit/s NIC per GPU (DGX reference design); host RAM not known, so CPU offload is "
        "not checked against it",
        hardware.gpus_per_node, gpu.name, catalog::to_string(hardware.interconnect), gpu.interconnect_gbps,
        nic_gbps));
  }

  if (hardware.gpu != nullptr && profile.precision == workload::Precision::fp4 && !hardware.gpu->fp4_dense_tflops) {
    throw Error("--precision",
                fmt::format("fp4 needs FP4 tensor cores (NVFP4/MXFP4); {} has none", hardware.gpu->name),
                "use --precision fp8 on this GPU, or pick one with an FP4 peak (see 'gpuselect catalog gpus')");
  }
  estimate::Estimate result;
  if (hardware.gpu == nullptr) {
    result = estimate::run(profile, hardware, nullptr);
  } else {
    const int node_limit = offering != nullptr ? std::min(max_nodes, offering->max_nodes) : max_nodes;
    const estimate::Memory memory = fixed_nodes > 0 ? estimate::choose_plan(profile, hardware)
                                                : estimate::choose_plan_and_nodes(profile, hardware, node_limit);
    hardware.nodes = memory.plan.nodes;
    result = estimate::estimate_performance(profile, hardware, memory);
    if (offering != nullptr) {
      const catalog::Provider& provider = catalog.provider_of(*offering);
      estimate::PriceContext context;
      context.offering = offering;
      context.provider = &provider;
      context.to_output_currency = catalog::convert(catalog, 1.0, provider.currency, currency);
      const catalog::CurrencyRate* rate = catalog.find_currency(currency);
      context.currency = rate != nullptr ? std::string_view(rate->code) : std::string_view("USD");
      estimate::price(profile, context, result);
    }
  }

  const render::Format format = resolve_format(options.output, globals, estimate_formats);
  render::Style style = make_style(options.output, globals, format);
  style.generated_by = std::string("gpuselect ") + version_string;
  std::ostringstream text;
  render::estimate(text, format, catalog, profile, result, offering, style);
  emit(options.output, text.str(), format, style.color);
  return exit_ok;
}

}  // namespace

Runner setup_estimate(CLI::App& command, GlobalOptions& globals) {
  auto options = std::make_shared<EstimateOptions>();
  add_workload_options(command, options->workload);
  command.add_option("--gpu", options->gpu, "GPU model id or alias (see 'gpuselect catalog gpus')")->group("Hardware");
  command
      .add_option("--gpus", options->gpus,
                  "GPUs per node with --gpu (default 1), or SkyPilot's NAME:COUNT for both, e.g. A100:8")
      ->group("Hardware");
  command.add_option("--nodes", options->nodes, "Nodes (default: the fewest that fit, up to --max-nodes)")
      ->group("Hardware");
  command.add_option("--max-nodes", options->max_nodes, "Most nodes to try when --nodes is not given (default 4)")
      ->group("Hardware");
  command.add_option("--offering", options->offering, "Offering id (fixes GPU, count, network and prices)")
      ->group("Hardware");
  command.add_option("--min-headroom", options->min_headroom,
                     "Free GPU memory to keep, percent (default 10: fragmentation, NCCL buffers)")
      ->group("Hardware");
  command.add_option("--currency", options->currency, "Output currency for costs (default USD)")->group("Hardware");
  add_output_options(command, options->output, false, estimate_formats);
  command.footer("Example: gpuselect estimate --workload llm-finetune --model llama-2-7b --gpu h100 --gpus 8");
  return [options, &globals] { return run(*options, globals); };
}

}  // namespace gpuselect::cli
