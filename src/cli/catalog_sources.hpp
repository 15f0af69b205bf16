#pragma once
// Which catalog files a command reads, in order, and loading them (catalog_sources.cpp).
#include <memory>
#include <string>
#include <vector>

#include "cli/global_options.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/render.hpp"
#include "io/files.hpp"

namespace gpuselect::cli {

// Catalog files in load order: built-in (unless --no-builtin-catalog), config `catalogs`,
// GPUSELECT_CATALOG (colon-separated), --catalog. Reads them (src/io) and loads them. Throws Error
// with the first diagnostic when loading fails (the CLI prints it as one line and exits 2).
// A stored `catalog update` file that fails to open or load is left out with one warning naming it
// and the ways out (docs/hardening.md "The price store"), so ranking goes on without it.
catalog::Catalog load_catalog(const GlobalOptions& globals, const std::vector<std::string>& extra_files = {});
// The built-in catalog with one more file: how `catalog update` checks a new price file (and
// reads the stored one) with the loader every command uses. Throws Error when `path` cannot be opened.
catalog::LoadResult load_builtin_with(const std::string& path);
// The same list of sources, read, with each name; for `catalog validate`.
struct ReadSources {
  std::vector<std::unique_ptr<io::FileStream>> files;  // the files the sources read from
  std::vector<catalog::SourceText> sources;
};
ReadSources read_catalog_sources(const GlobalOptions& globals, const std::vector<std::string>& files,
                                 bool include_configured = true);

// The catalog files the last load_catalog read, in the same order, each with an FNV-1a 64-bit digest
// of the bytes it read (for the JSON echo of recommend and compare). The digests are taken while the
// files are read (or come from the parsed-catalog cache, which stored them); call
// request_catalog_file_digests() before load_catalog so they are. Without a load that took them,
// the files are read for them.
std::vector<render::CatalogFile> catalog_file_digests(const GlobalOptions& globals);
// The file name of the parsed-catalog image the last load_catalog used or wrote (its key's Fold64,
// docs/performance.md), which names that catalog exactly; "" when the cache was off or the sources
// could not be keyed (a stream, a program without a build id).
std::string loaded_catalog_image_name();
void request_catalog_file_digests();
// Forgets the last load_catalog's digests and the request for them (a new run in the same process).
void forget_loaded_catalog_files();
// The parsed-catalog cache's folder ($XDG_CACHE_HOME/gpuselect, else ~/.cache/gpuselect), or ""
// when the cache is off: --no-cache, GPUSELECT_NO_CACHE set (and not "0"), or neither variable set.
std::string catalog_cache_folder(const GlobalOptions& globals);

}  // namespace gpuselect::cli
