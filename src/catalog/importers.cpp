// The importer table (include/gpuselect/price_import.hpp): one row per price-list format that
// `catalog import <name>` and `catalog update` read.
#include <algorithm>
#include <array>
#include <span>
#include <string_view>

#include "gpuselect/price_import.hpp"
#include "gpuselect/skypilot_import.hpp"

namespace gpuselect::catalog {

namespace {

ImportResult skypilot_text(std::string_view text, const Catalog& known, const ImportOptions& options) {
  return import_skypilot(text, known, options);
}
ImportResult skypilot_stream(const SourceText::Reader& read, const Catalog& known, const ImportOptions& options) {
  return import_skypilot(read, known, options);
}

constexpr std::array importer_table = {
    Importer{.name = "skypilot",
             .file_kind = "SkyPilot vms.csv",
             .summary = "Turn a SkyPilot vms.csv into a catalog overlay (YAML)",
             .import_text = skypilot_text,
             .import_stream = skypilot_stream},
};

}  // namespace

std::span<const Importer> importers() { return importer_table; }

const Importer* importer_named(std::string_view name) {
  const auto* found = std::find_if(importer_table.begin(), importer_table.end(),
                                   [name](const Importer& importer) { return importer.name == name; });
  return found == importer_table.end() ? nullptr : &*found;
}

}  // namespace gpuselect::catalog
