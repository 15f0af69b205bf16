// Fuzz target: the SkyPilot vms.csv importer (RFC 4180 reader, header mapping, row checks).
// Contract: malformed CSV throws gpuselect::Error and nothing else; accepted rows become offerings
// with at least one GPU, and the YAML written from them reads back without a syntax error.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/catalog.hpp"
#include "gpuselect/catalog_format.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/skypilot_import.hpp"

namespace {
// The built-in catalog resolves accelerator names, as `gpuselect catalog import` does.
const gpuselect::catalog::Catalog& known_catalog() {
  static const gpuselect::catalog::Catalog catalog = [] {
    std::vector<gpuselect::catalog::SourceText> sources;
    for (const auto& file : gpuselect::builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
    return gpuselect::catalog::load(sources).catalog;
  }();
  return catalog;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view csv(reinterpret_cast<const char*>(data), size);
  const gpuselect::catalog::ImportOptions options{"aws", "fuzz.csv", "2026-05-20"};
  try {
    const auto imported = gpuselect::catalog::import_skypilot(csv, known_catalog(), options);
    for (const auto& offering : imported.offerings) {
      if (offering.gpu_count < 1 || offering.id.empty()) std::abort();
    }
    // Round trip: what `catalog import` writes must parse (references are not resolved here).
    const std::string yaml = gpuselect::catalog::write_offerings_yaml(imported.offerings);
    const gpuselect::catalog::SourceText written{"imported.yaml", yaml};
    const auto reloaded = gpuselect::catalog::load(std::span(&written, 1));
    for (const auto& diagnostic : reloaded.diagnostics) {
      if (diagnostic.message.rfind("YAML syntax error", 0) == 0) std::abort();
      if (diagnostic.message.find("LoadLimits") != std::string::npos) std::abort();
    }
  } catch (const gpuselect::Error& error) {
    if (error.where().empty() || error.problem().empty()) std::abort();
  }
  return 0;
}
