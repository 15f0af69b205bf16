// The built-in catalog (data/*.yaml as embedded in the binary), loaded once per test binary; a load
// error fails the test that first asks for it.
#pragma once

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpuselect/catalog.hpp"
#include "gpuselect/embedded.hpp"

namespace gpuselect::testing {

inline const catalog::Catalog& builtin_catalog() {
  static const catalog::Catalog loaded = [] {
    std::vector<catalog::SourceText> sources;
    for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
    auto result = catalog::load(sources);
    for (const auto& diagnostic : result.diagnostics) {
      if (diagnostic.severity == Severity::error) FAIL(format_diagnostic(diagnostic));
    }
    return result.catalog;
  }();
  return loaded;
}

}  // namespace gpuselect::testing
