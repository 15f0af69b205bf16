#pragma once
// Accelerator names as price lists spell them (SkyPilot, dstack/gpuhunt, the clouds' own) resolved
// to catalog GPU records, for the importers. Pure: a table and the catalog passed in.
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "gpuselect/catalog.hpp"

namespace gpuselect::catalog::accelerators {

// "rtx6000ada" for "RTX6000-Ada", "RTX 6000 Ada", "rtx_6000_ada": lower case without ' ', '-', '_'.
std::string normalized(std::string_view name);

// TPUs, AWS Inferentia/Trainium, Habana Gaudi, FPGAs and other non-GPU accelerators: importers skip
// their rows with one summary line.
bool is_non_gpu(std::string_view name);

// Whether a name or instance type says PCIe: such a part never maps to an SXM record.
bool says_pcie(std::string_view text);

// GPU names that SkyPilot's catalogs and dstack's gpuhunt publish (tests/fixtures/accelerator_names)
// for which the built-in catalog has no record: real GPUs ("RTX3060", "A30", "MI250X"), so a user's
// --gpu/--gpus naming one is a valid request that no offering satisfies, never an unknown name.
bool is_published_gpu_name(std::string_view name);

// dstack's (gpuhunt's) model name of a GPU record: its first alias without memory or board parts
// and separators ("A100-80GB" -> "A100", "H100-PCIE" -> "H100", "RTX6000-Ada" -> "RTX6000Ada",
// "H100-NVL" -> "H100NVL") and RTX A-series cards as "A6000" (gpuhunt KNOWN_NVIDIA_GPUS).
std::string dstack_model_name(const Gpu& gpu);

// A GPU name read by its parts, for spellings no alias lists: vendor, brand and host words dropped
// ("NVIDIA", "GeForce", "BAREMETAL"), the memory ("80G", "141GB"), the board ("SXM5", "PCIe", "NVL",
// "NVLink": SXM alone, a bridge on a PCIe card) and the workstation variant ("WS", "WK") taken out,
// the rest joined as the model ("rtxpro6000", "h100", "rtx6000ada"). "A100_80G_SXM4" -> a100, 80,
// sxm; "H100-80G-PCIe-NVLink" -> h100, 80, pcie. A bare number is part of the model ("A100-80" is
// not a memory size).
enum class Form { unspecified, sxm, pcie, nvl };
struct ParsedName {
  std::string model;
  std::optional<int> memory_gb;
  Form form = Form::unspecified;
  bool workstation = false;
};
ParsedName parse_name(std::string_view name);

class Resolver {
 public:
  explicit Resolver(const Catalog& known);
  // The GPU record for a spelling: the catalog's ids and aliases first, then the same comparisons on
  // normalized names, then the alias table, then the name's parts (parse_name: "H100_PCIE_BAREMETAL",
  // "A100_80G_SXM4"). nullptr when unknown, or when `pcie` (the name or instance type says PCIe)
  // and the only match is an SXM record.
  const Gpu* resolve(std::string_view name, bool pcie) const;
  // Every record of the name's model (and memory, when named), any board or variant: what a
  // "did you mean" offers for "h100-80" read as "h100-80gb" (the SXM5 and the PCIe card).
  std::vector<const Gpu*> all_by_parts(std::string_view name) const;

 private:
  const Gpu* lookup(std::string_view name) const;
  const Gpu* by_parts(std::string_view name, bool pcie) const;
  // Each record's models (from its id and aliases), board and variant, for by_parts.
  struct Record {
    const Gpu* gpu = nullptr;
    std::vector<std::string> models;
    Form form = Form::unspecified;
    bool workstation = false;
  };
  const Catalog& known_;
  std::unordered_map<std::string, const Gpu*> by_normalized_;
  std::vector<Record> records_;
};

}  // namespace gpuselect::catalog::accelerators
