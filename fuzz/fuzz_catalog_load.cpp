// Fuzz target: catalog::load (streaming YAML, overlays, validation) on one or two hostile files.
// Contract under test (include/gpuselect/catalog.hpp): load never throws on bad input, never crashes,
// stays within its limits, and either reports an error diagnostic or returns a catalog whose
// references resolve.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "gpuselect/catalog.hpp"

namespace {
// Small limits so that the limit paths are reached by inputs of fuzzer size; depth stays the default.
gpuselect::catalog::LoadLimits fuzz_limits() {
  gpuselect::catalog::LoadLimits limits;
  limits.max_file_bytes = 1u << 20;
  limits.max_records = 256;
  limits.max_scalar_bytes = 4096;
  return limits;
}

void require(bool condition) {
  if (!condition) std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  // A NUL byte splits the input into a base file and an overlay file (YAML text holds no NUL).
  std::vector<gpuselect::catalog::SourceText> sources;
  const auto split = input.find('\0');
  if (split == std::string_view::npos) {
    sources.push_back({"fuzz.yaml", input});
  } else {
    sources.push_back({"base.yaml", input.substr(0, split)});
    sources.push_back({"overlay.yaml", input.substr(split + 1)});
  }
  static const gpuselect::catalog::LoadLimits limits = fuzz_limits();
  const auto result = gpuselect::catalog::load(sources, limits);
  for (const auto& diagnostic : result.diagnostics) {
    require(!diagnostic.message.empty());
    require(!diagnostic.file.empty());
  }
  if (!result.ok()) return 0;
  const auto& catalog = result.catalog;
  require(catalog.gpus.size() + catalog.providers.size() + catalog.offerings.size() + catalog.models.size() +
              catalog.currencies.size() <=
          limits.max_records);
  for (const auto& offering : catalog.offerings) {
    require(offering.provider_index < catalog.providers.size());
    require(offering.gpu_index < catalog.gpus.size());
    require(catalog.provider_of(offering).id == offering.provider);
    require(catalog.gpu_of(offering).id == offering.gpu);
    require(offering.gpu_count >= 1);
  }
  for (const auto& gpu : catalog.gpus) require(gpu.capacity_bytes() > 0);
  return 0;
}
