// Writes fuzz_catalog_image's two whole seeds in the current image format: an image of 4 built-in
// offerings (with their providers and GPUs only) under the fuzz target's key, and its payload (what
// decode_payload reads). A format bump (src/catalog/image.hpp format_version) makes the old seeds
// fail at the version check, so mutations would start from nothing that decodes; run this then:
//   cmake --build build-fuzz --target make_image_seeds
//   cd fuzz/corpus/fuzz_catalog_image
//   ../../../build-fuzz/fuzz/make_image_seeds image_small.bin payload_small.bin
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/image.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/embedded.hpp"

namespace {

namespace catalog = gpuselect::catalog;

constexpr std::size_t trailer_bytes = 24;  // strings offset, image size, checksum (image.cpp)

// The u64 little-endian at `at`.
std::uint64_t u64_at(std::string_view bytes, std::size_t at) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < 8; ++i) value |= std::uint64_t{static_cast<unsigned char>(bytes[at + i])} << (8 * i);
  return value;
}

// Where an image's strings (and lists) begin: its trailer's first field.
std::size_t strings_offset(std::string_view image) {
  return static_cast<std::size_t>(u64_at(image, image.size() - trailer_bytes));
}

// Every 37th built-in offering, four of them, with their providers and GPUs renumbered.
catalog::Catalog small_catalog() {
  std::vector<catalog::SourceText> sources;
  for (const auto& file : gpuselect::builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  const catalog::Catalog loaded = catalog::load(sources).catalog;
  catalog::Catalog small;
  small.files = loaded.files;
  std::map<std::uint32_t, std::uint32_t> providers;
  std::map<std::uint32_t, std::uint32_t> gpus;
  constexpr std::size_t offerings = 4;
  constexpr std::size_t step = 37;
  for (std::size_t i = 0; i < offerings && i * step < loaded.offerings.size(); ++i) {
    catalog::Offering offering = loaded.offerings[i * step];
    const auto [provider, new_provider] =
        providers.try_emplace(offering.provider_index, static_cast<std::uint32_t>(small.providers.size()));
    if (new_provider) small.providers.push_back(loaded.providers[offering.provider_index]);
    const auto [gpu, new_gpu] = gpus.try_emplace(offering.gpu_index, static_cast<std::uint32_t>(small.gpus.size()));
    if (new_gpu) small.gpus.push_back(loaded.gpus[offering.gpu_index]);
    offering.provider_index = provider->second;
    offering.gpu_index = gpu->second;
    small.offerings.push_back(offering);
  }
  return small;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: make_image_seeds IMAGE_FILE PAYLOAD_FILE\n";
    return 2;
  }
  const catalog::Catalog small = small_catalog();
  // The fuzz target's key (fuzz_catalog_image.cpp).
  const catalog::image::Key key{"fuzz", {{"data/gpus.yaml", 10, 1, 2}}};
  const std::string image = catalog::image::encode(small, key);
  if (!catalog::image::decode(image, key)) {
    std::cerr << "make_image_seeds: the image does not decode\n";
    return 1;
  }
  // The payload: u32 size of the strings part, the strings part (strings and lists), then the body
  // (the records: after the header and key, up to the strings). The header and key are those of an
  // empty catalog's image, whose body is its six u32 record counts.
  const std::size_t strings_at = strings_offset(image);
  const std::string strings = image.substr(strings_at, image.size() - trailer_bytes - strings_at);
  const std::string empty_image = catalog::image::encode(catalog::Catalog{}, key);
  constexpr std::size_t empty_body_bytes = 6 * sizeof(std::uint32_t);
  const std::size_t header_and_key_bytes = strings_offset(empty_image) - empty_body_bytes;
  const std::string body = image.substr(header_and_key_bytes, strings_at - header_and_key_bytes);
  std::string payload;
  const auto strings_size = static_cast<std::uint32_t>(strings.size());
  for (std::size_t i = 0; i < 4; ++i) payload.push_back(static_cast<char>((strings_size >> (8 * i)) & 0xFFU));
  payload += strings;
  payload += body;
  if (!catalog::image::decode_payload(payload)) {
    std::cerr << "make_image_seeds: the payload does not decode\n";
    return 1;
  }
  std::ofstream(argv[1], std::ios::binary) << image;
  std::ofstream(argv[2], std::ios::binary) << payload;
  std::cout << "image " << image.size() << " bytes, payload " << payload.size() << " bytes, "
            << small.offerings.size() << " offerings\n";
  return 0;
}
