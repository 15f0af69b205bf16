// gpuselect estimate: the estimator's full breakdown for one job on given (or no) hardware.
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "cli/app.hpp"
#include "cli/command.hpp"
#include "cli/option_table.hpp"
#include "cli/ranking_flags.hpp"
#include "cli/resource_flags.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/estimate.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/resources.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"
#include "gpuselect/version.hpp"

namespace gpuselect::cli {

using Q = ranges::Quantity;

namespace {

struct EstimateOptions {
  WorkloadFlags workload;
  std::string gpu, gpus, nodes, offering, max_nodes, currency, min_headroom;
  OutputOptions output;
};

const std::vector<std::string> estimate_formats = render::formats_of(render::Document::estimate);

// The hardware options, in --help order.
const OptionRow<EstimateOptions> hardware_options[] = {
    {{"--gpu", "GPU model id or alias (see 'gpuselect catalog gpus')", "Hardware"}, &EstimateOptions::gpu, {.type = "GPU", .ids = CatalogIds::gpu}},
    {{"--gpus", "GPUs per node with --gpu (default 1), or SkyPilot's NAME:COUNT for both, e.g. A100:8", "Hardware"},
     &EstimateOptions::gpus, {.type = "COUNT|NAME:COUNT", .ids = CatalogIds::gpu, .range = Q::gpus_per_node}},
    {{"--nodes", "Nodes (default: the fewest that fit, up to --max-nodes)", "Hardware"}, &EstimateOptions::nodes, {.type = "COUNT", .range = Q::nodes}},
    {{"--max-nodes", "Most nodes to try when --nodes is not given (default 4)", "Hardware"},
     &EstimateOptions::max_nodes, {.type = "COUNT", .range = Q::max_nodes, .setting = "max_nodes"}},
    {{"--offering", "Offering id (fixes GPU, count, network and prices)", "Hardware"}, &EstimateOptions::offering, {.type = "OFFERING", .ids = CatalogIds::offering}},
    {{"--min-headroom", "Free GPU memory to keep, percent (default 10: fragmentation, NCCL buffers)", "Hardware"},
     &EstimateOptions::min_headroom, {.type = "PERCENT", .range = Q::min_headroom_pct}},
    {{"--currency", "Output currency for costs (default USD)", "Hardware"}, &EstimateOptions::currency, {.type = "CODE", .ids = CatalogIds::currency, .setting = "currency"}},
};

int run(const EstimateOptions& options, const GlobalOptions& globals) {
  const catalog::Catalog catalog = load_catalog(globals);
  const workload::Request request = workload_request(options.workload);
  const std::optional<double> headroom_pct = headroom_flag(options.min_headroom);
  // --gpus takes a count, or SkyPilot's NAME[:COUNT] (which sets --gpu too).
  std::string gpu_name = options.gpu;
  std::string gpus_text = options.gpus;
  if (!gpus_text.empty() && !units::parse_number(gpus_text)) {
    const resources::GpuSpec spec = resources::parse_gpu_spec(gpus_text, "--gpus");
    if (!gpu_name.empty() && catalog.find_gpu(gpu_name) != catalog.find_gpu(spec.name)) {
      throw Error::said("--gpus", text::words(text::Msg::err_gpu_gpus_differ), text::words(text::Msg::hint_gpu_gpus_differ));
    }
    if (spec.count < 1) {
      throw Error::said("--gpus", text::words(text::Msg::err_whole_gpus), text::words(text::Msg::hint_whole_gpus));
    }
    gpu_name = spec.name;
    gpus_text = fmt::format("{:g}", spec.count);
  }
  if (!options.offering.empty() && (!gpu_name.empty() || !gpus_text.empty())) {
    throw Error::said("--offering", text::words(text::Msg::err_offering_fixes_gpu), text::words(text::Msg::hint_offering_fixes_gpu));
  }
  if (gpu_name.empty() && !gpus_text.empty()) {
    throw Error::said("--gpus", text::words(text::Msg::err_count_needs_gpu), text::words(text::Msg::hint_count_needs_gpu));
  }
  workload::Profile profile = workload::resolve(request, catalog);

  const std::string currency =
      catalog::output_currency(catalog, chosen(globals.settings, "currency", options.currency).value);

  const Setting max_nodes_setting = chosen(globals.settings, "max_nodes", options.max_nodes);
  const int max_nodes =
      parse_whole_quantity(max_nodes_setting.value, max_nodes_setting.origin, ranges::Quantity::max_nodes);
  // 0 = not fixed: the fewest nodes that fit, up to max_nodes.
  const int fixed_nodes =
      options.nodes.empty() ? 0 : parse_whole_quantity(options.nodes, "--nodes", ranges::Quantity::nodes);

  estimate::JobRequest job_request;
  job_request.currency = currency;
  job_request.nodes = fixed_nodes;
  job_request.max_nodes = max_nodes;
  job_request.headroom_pct = headroom_pct.value_or(workload::default_headroom_pct);
  if (!options.offering.empty()) {
    job_request.offering = &catalog::offering_named(catalog, options.offering, "--offering");
  } else if (!gpu_name.empty()) {
    job_request.gpu = &catalog::gpu_named(catalog, gpu_name, options.gpu.empty() ? "--gpus" : "--gpu");
    job_request.gpus_per_node =
        gpus_text.empty() ? 1 : parse_whole_quantity(gpus_text, "--gpus", ranges::Quantity::gpus_per_node);
  }
  const estimate::JobEstimate job = estimate::estimate_job(catalog, std::move(profile), job_request);

  const render::Format format = resolve_format(options.output, globals, estimate_formats);
  render::Style style = make_style(options.output, globals, format);
  style.generated_by = std::string("gpuselect ") + version_string;
  std::ostringstream text;
  render::estimate(text, format, catalog, job.profile, job.estimate, job_request.offering, style);
  emit(options.output, text.str(), format, style.color);
  return exit_ok;
}

}  // namespace

Runner setup_estimate(CLI::App& command, GlobalOptions& globals) {
  auto options = std::make_shared<EstimateOptions>();
  add_workload_options(command, options->workload);
  register_options(command, *options, hardware_options);
  add_output_options(command, options->output, false, estimate_formats);
  command.footer("Example: gpuselect estimate --workload llm-finetune --model llama-2-7b --gpu h100 --gpus 8");
  return [options, &globals] { return run(*options, globals); };
}

}  // namespace gpuselect::cli
