#pragma once
#include <span>
#include <string_view>

namespace gpuselect {

// One file of data/ compiled into the binary (cmake/embed_files.cmake).
struct EmbeddedFile {
  std::string_view name;  // "data/gpus.yaml"
  std::string_view text;
};

// The built-in catalog, in the order it is loaded (file names sorted).
std::span<const EmbeddedFile> builtin_catalog_files();

}  // namespace gpuselect
