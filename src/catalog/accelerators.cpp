#include "catalog/accelerators.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace gpuselect::catalog::accelerators {

namespace {

// Spellings seen in price lists -> names the catalog knows (GPU ids or aliases in data/gpus.yaml),
// tried in order. Sources: SkyPilot catalogs (skypilot-org/skypilot-catalog catalogs/v8-v9 vms.csv
// AcceleratorName values), dstack/gpuhunt (src/gpuhunt/providers/*.py gpu names), RunPod, Lambda,
// Vast and Azure instance documentation. Keys are normalized().
struct Alias {
  std::string_view spelling;
  std::array<std::string_view, 3> targets;
};
constexpr std::array<Alias, 44> alias_table = {{
    // A100: the 40 GB SXM4 part unless 80 GB or PCIe is named.
    {"a100sxm4", {"a100-sxm4-40gb"}},
    {"a10040gbsxm4", {"a100-sxm4-40gb"}},
    {"a10080gbsxm4", {"a100-sxm4-80gb"}},
    {"a100sxm480gb", {"a100-sxm4-80gb"}},
    {"a10080gbsxm", {"a100-sxm4-80gb"}},
    {"a100sxm", {"a100-sxm4-40gb"}},
    {"a100pcie", {"a100-pcie-40gb"}},
    {"a10040gbpcie", {"a100-pcie-40gb"}},
    {"a100pcie40gb", {"a100-pcie-40gb"}},
    {"a10080gpcie", {"a100-pcie-80gb"}},
    {"a10080gbpcie", {"a100-pcie-80gb"}},
    {"a100pcie80gb", {"a100-pcie-80gb"}},
    // A800 is the export variant of A100 80GB (NVIDIA A800 datasheet); its own record when the
    // catalog has one, no substitute otherwise.
    {"a80080gb", {"a800-sxm4-80gb"}},
    {"a800sxm4", {"a800-sxm4-80gb"}},
    // H100: HBM3 80 GB and "NVLINK" spellings are the SXM5 board (8-GPU HGX); PCIe is named.
    {"h10080gbhbm3", {"h100-sxm5-80gb"}},
    {"h100hbm3", {"h100-sxm5-80gb"}},
    {"h100nvlink", {"h100-sxm5-80gb"}},
    {"h100sxm5", {"h100-sxm5-80gb"}},
    {"h100sxm580gb", {"h100-sxm5-80gb"}},
    {"h10080gbsxm", {"h100-sxm5-80gb"}},
    {"h100sxm80gb", {"h100-sxm5-80gb"}},
    {"h10080gpcie", {"h100-pcie-80gb"}},
    {"h10080gbpcie", {"h100-pcie-80gb"}},
    {"h100pcie80gb", {"h100-pcie-80gb"}},
    {"h100nvl94gb", {"h100-nvl-94gb"}},
    // H200 SXM 141 GB.
    {"h200sxm", {"h200-sxm-141gb"}},
    {"h200141gb", {"h200-sxm-141gb"}},
    {"h200sxm141gb", {"h200-sxm-141gb"}},
    // Blackwell and Ada workstation parts: their records when the catalog has them.
    {"b200sxm", {"b200"}},
    {"b200180gb", {"b200"}},
    {"b200sxm180gb", {"b200"}},
    {"b300sxm", {"b300"}},
    {"b300270gb", {"b300"}},
    // RTX 6000 Ada is its own card (AD102, 48 GB GDDR6): its record when the catalog has one, never
    // an L40 stand-in.
    {"rtx6000ada", {"rtx-6000-ada"}},
    {"rtx6000adageneration", {"rtx-6000-ada"}},
    // RTX PRO 6000 Blackwell: the Server Edition unless the workstation card is named.
    {"rtxpro6000blackwell", {"rtx-pro-6000"}},
    {"rtxpro6000se", {"rtx-pro-6000"}},
    {"rtxpro6000server", {"rtx-pro-6000"}},
    {"rtxpro6000workstation", {"rtx-pro-6000-ws"}},
    {"rtxa6000", {"rtx-a6000"}},
    // AWS g5g: NVIDIA T4G, the T4 for Arm hosts (same GPU, aws.amazon.com/ec2/instance-types/g5g/).
    {"t4g", {"t4"}},
    // V100 by memory.
    {"v100sxm216gb", {"v100-sxm2-16gb"}},
    {"v100sxm232gb", {"v100-sxm2-32gb"}},
    {"v10016gb", {"v100-sxm2-16gb"}},
}};

// Name prefixes (normalized) of accelerators that are not GPUs.
constexpr std::array<std::string_view, 11> non_gpu_prefixes = {
    "tpu", "inferentia", "trainium", "gaudi", "hl205", "habana", "xilinx", "vu9p", "qualcomm", "ai100", "u30"};

bool is_sxm(const Gpu& gpu) { return normalized(gpu.id).find("sxm") != std::string::npos; }

}  // namespace

std::string normalized(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (const char c : name) {
    if (c == ' ' || c == '-' || c == '_') continue;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

bool is_non_gpu(std::string_view name) {
  const std::string key = normalized(name);
  return std::any_of(non_gpu_prefixes.begin(), non_gpu_prefixes.end(),
                     [&](std::string_view prefix) { return key.starts_with(prefix); });
}

bool says_pcie(std::string_view text) { return normalized(text).find("pcie") != std::string::npos; }

Resolver::Resolver(const Catalog& known) : known_(known) {
  for (const auto& gpu : known.gpus) {
    by_normalized_.try_emplace(normalized(gpu.id), &gpu);
    for (const auto& alias : gpu.aliases) by_normalized_.try_emplace(normalized(alias), &gpu);
  }
}

const Gpu* Resolver::lookup(std::string_view name) const {
  if (const Gpu* gpu = known_.find_gpu(name)) return gpu;
  const auto found = by_normalized_.find(normalized(name));
  return found != by_normalized_.end() ? found->second : nullptr;
}

const Gpu* Resolver::resolve(std::string_view name, bool pcie) const {
  const auto acceptable = [&](const Gpu* gpu) { return gpu != nullptr && !(pcie && is_sxm(*gpu)); };
  if (const Gpu* gpu = lookup(name); acceptable(gpu)) return gpu;
  const std::string key = normalized(name);
  for (const auto& alias : alias_table) {
    if (alias.spelling != key) continue;
    for (const auto target : alias.targets) {
      if (target.empty()) break;
      if (const Gpu* gpu = lookup(target); acceptable(gpu)) return gpu;
    }
  }
  return nullptr;
}

}  // namespace gpuselect::catalog::accelerators
