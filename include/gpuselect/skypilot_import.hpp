#pragma once
// Turns a SkyPilot vms.csv (any cloud's column order) into catalog offerings (docs/catalog.md
// "Importing SkyPilot catalogs"): the column map and row parser in front of the importer core.
#include <string_view>

#include "gpuselect/catalog.hpp"
#include "gpuselect/price_import.hpp"

namespace gpuselect::catalog {

// Throws Error (where = "source_name:line:col") for a malformed CSV quote, a header without the
// required columns, or (with options.strict) the first bad row. `known` resolves accelerator names
// to GPU ids and gives the per-GPU-hour price ranges the prices are checked against.
ImportResult import_skypilot(std::string_view csv_text, const Catalog& known, const ImportOptions& options);
// The same, streamed: the CSV is pulled from `read` in chunks (SourceText::Reader's contract) and
// converted row by row, so the file is never held (docs/hardening.md "Bounded work": memory is one
// chunk plus the record being read plus what the offerings keep). Errors `read` throws pass through.
ImportResult import_skypilot(const SourceText::Reader& read, const Catalog& known, const ImportOptions& options);

}  // namespace gpuselect::catalog
