#pragma once
// Turns a SkyPilot vms.csv (any cloud's column order) into catalog offerings.
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/catalog.hpp"

namespace gpuselect::catalog {

struct SkyPilotImportOptions {
  std::string provider_id;  // Provider::id the offerings belong to ("aws")
  std::string source_name;  // file name, for diagnostics and each offering's `source`
  std::string as_of;        // YYYY-MM-DD written to each offering
};

struct SkyPilotImport {
  std::vector<Offering> offerings;    // one per instance type, in first-seen order
  std::vector<std::string> warnings;  // e.g. "unknown accelerator 'Gaudi2' (3 rows) skipped"
  std::size_t rows_read = 0;
  std::size_t rows_skipped = 0;
};

// Throws Error (where = "source_name:line:col") for a malformed CSV or a header without the
// required columns. `known` resolves accelerator names to GPU ids.
SkyPilotImport import_skypilot(std::string_view csv_text, const Catalog& known, const SkyPilotImportOptions& options);

}  // namespace gpuselect::catalog
