#pragma once
// Synthetic overlay catalogs for the benchmarks: N offerings shaped like a company's import of every
// cloud and region (one record per instance type and group of up to four regions).
// Each record copies a real offering of the built-in catalog (provider, GPU, instance type, GPU count,
// interconnect, network, vCPUs, RAM, source, estimated_fields) and varies regions, prices, stock,
// interruption rate and the date the prices were read.
#include <cstddef>
#include <cstdint>
#include <string>

#include "gpuselect/catalog.hpp"

namespace gpuselect::bench {

struct SyntheticOptions {
  std::size_t offerings = 10'000;
  std::uint64_t seed = 1;
  // Every patch_every-th record (while built-in offerings remain) is a field-by-field overlay of a
  // built-in offering holding only id and pricing, like a negotiated price; 0 = none.
  std::size_t patch_every = 100;
  // Issue 7's record shape (its speed targets were set on it: 50,000 offerings in ~16-19 MB): one
  // region per record, no instance_type, estimated_fields or source sentence ("synthetic"), one
  // as_of date. About 380 bytes per record, against about 730 for the default, realistic shape.
  bool lean = false;
};

// The built-in catalog (data/*.yaml embedded in the binary), loaded once; throws std::runtime_error
// when it does not load.
const catalog::Catalog& builtin_catalog();

// YAML text of one overlay catalog (schema_version 1, offerings only). Same options, same bytes.
std::string synthetic_catalog_yaml(const catalog::Catalog& templates, const SyntheticOptions& options);

}  // namespace gpuselect::bench
