// cv-train's input pipeline: images/s the data loader's vCPUs decode and augment, against the
// images/s the GPUs consume (docs/estimation.md "Input pipeline").
#include <algorithm>
#include <array>
#include <string_view>

#include "estimate/model.hpp"

namespace gpuselect::estimate::model {

namespace {

// Images per second one loader worker (one vCPU) prepares for ImageNet-class training: read an
// ImageNet-1k JPEG (~110 KB, ~400x350 px), decode, RandomResizedCrop to 224, flip, to tensor.
struct LoaderRow {
  workload::DataLoader loader;
  double images_per_s_per_worker;
  text::Msg source;  // the rate's source, in the message catalogue
};
constexpr std::array<LoaderRow, 2> loader_table{{
    {workload::DataLoader::cpu, 150,
     text::Msg::asm_loader_cpu},
    {workload::DataLoader::gpu, 1500,
     text::Msg::asm_loader_gpu},
}};

const LoaderRow& loader_row(workload::DataLoader loader) {
  for (const auto& row : loader_table) {
    if (row.loader == loader) return row;
  }
  return loader_table.front();
}

}  // namespace

text::Msg loader_rate_source(workload::DataLoader loader) { return loader_row(loader).source; }

InputPipeline input_pipeline(const workload::Profile& profile, const Hardware& hardware, const Plan& plan,
                             double gpu_images_per_s) {
  InputPipeline input;
  input.gpu_images_per_s = gpu_images_per_s;
  input.images_per_s = gpu_images_per_s;
  if (!workload::kind_traits(profile.kind).trains_images() || hardware.gpu == nullptr ||
      !(gpu_images_per_s > 0))
    return input;
  input.modelled = true;
  input.data_loader = profile.data_loader;
  const int gpus_per_node = std::max(1, plan.gpus_per_node);
  input.vcpus_per_node = hardware.vcpus > 0 ? hardware.vcpus : assumed_vcpus_per_gpu * gpus_per_node;
  input.vcpus_assumed = hardware.vcpus <= 0 || hardware.vcpus_assumed;
  // Each GPU's training process keeps one vCPU busy (launching kernels, the optimizer); the rest run
  // loader workers, and at least half of a small machine's vCPUs still decode (assumption).
  input.workers_per_node = std::max(input.vcpus_per_node - gpus_per_node, std::max(1, input.vcpus_per_node / 2));
  input.images_per_s_per_worker = loader_row(profile.data_loader).images_per_s_per_worker;
  input.nodes = std::max(1, plan.nodes);
  input.loader_images_per_s = input.images_per_s_per_worker * input.workers_per_node * input.nodes;
  input.loader_bound = input.loader_images_per_s < gpu_images_per_s;
  input.images_per_s = std::min(gpu_images_per_s, input.loader_images_per_s);
  return input;
}

}  // namespace gpuselect::estimate::model
