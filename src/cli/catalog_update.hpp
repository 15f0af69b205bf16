#pragma once
// `catalog import skypilot` and `catalog update`: SkyPilot vms.csv files turned into a catalog
// overlay, and the dated overlay of fresh prices kept in the user's data folder.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/command.hpp"
#include "gpuselect/price_import.hpp"

namespace gpuselect::cli {

// One file imported: the offerings and one summary line for stderr.
struct ImportedFile {
  catalog::ImportResult result;
  std::string summary;
};

// "aws" for ".../aws/vms.csv" or "aws.csv"; "" when the path says nothing.
std::string provider_from_path(const std::string& path);
// "detect", "instance", "gpu"; throws Error(where = --price-basis) otherwise.
catalog::PriceBasis parse_price_basis(const std::string& text);
// The basis for `cloud`: `text` is one basis for every cloud, or CLOUD=BASIS items (comma-separated;
// a cloud not named is detected). Throws Error(where = --price-basis) for a malformed item.
catalog::PriceBasis price_basis_for(const std::string& text, const std::string& cloud);

// The most bytes one vms.csv may have, read from a file, a pipe or a download (an assumption: 25x
// SkyPilot's largest published vms.csv, about 5 MB; docs/hardening.md "Bounded work").
constexpr std::size_t max_csv_bytes = 128u << 20;

// Imports text with `importer` (a row of catalog::importers()), prints its warnings on stderr (none
// when quiet, -q); throws Error when it yields no offering, saying why (unknown accelerators, non-GPU
// rows, unreadable rows).
ImportedFile import_text(const catalog::Importer& importer, std::string_view text,
                         const catalog::ImportOptions& request, const catalog::Catalog& known, bool quiet = false,
                         text::Lang lang = text::Lang::en);
// The same, streamed from `read` row by row (the file is never held whole).
ImportedFile import_source(const catalog::Importer& importer, const catalog::SourceText::Reader& read,
                           const catalog::ImportOptions& request, const catalog::Catalog& known, bool quiet = false,
                         text::Lang lang = text::Lang::en);
// The same from the file at `path` (a regular file or a pipe), streamed; above max_csv_bytes is refused.
ImportedFile import_file(const catalog::Importer& importer, const std::string& path,
                         const catalog::ImportOptions& request, const catalog::Catalog& known, bool quiet = false,
                         text::Lang lang = text::Lang::en);

// Catalog YAML of several imports: provider stubs, then each file's offerings, with only the keys
// the file knows for offerings `known` already has.
// Throws Error, before or after making the YAML, when the loader would refuse it (more records than
// limits.max_records, more bytes than limits.max_file_bytes).
std::string imports_yaml(const std::vector<ImportedFile>& imports, const std::vector<std::string>& header,
                         const catalog::LoadLimits& limits = {});

// The newest `catalog update` result in the data folder ($XDG_DATA_HOME/gpuselect, else
// ~/.local/share/gpuselect), when there is one and the global options allow it.
std::optional<render::PriceUpdate> price_update_in_use(const GlobalOptions& globals);
// Marks the stored update at `path` as left out of this run (it failed to open or load), so
// price_update_in_use no longer names it.
void set_update_unusable(const std::string& path);

// Adds `catalog update` to the catalog command.
void setup_catalog_update(CLI::App& catalog_command, GlobalOptions& globals,
                          std::vector<std::pair<CLI::App*, Runner>>& runners);

}  // namespace gpuselect::cli
