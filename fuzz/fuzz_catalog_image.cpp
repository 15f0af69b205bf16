// Fuzz target: the parsed-catalog cache's reader (src/catalog/image.hpp) on hostile bytes.
// Contract under test: decode and decode_payload never crash, never read outside their input, never
// throw, and return a catalog only when the bytes are one whole catalog whose offerings' indexes
// name records that exist; such a catalog encodes and decodes again to the same bytes. The input
// goes to decode_payload as it is (random bytes rarely pass the image's checksum) and to decode
// under a fixed key (the frame, the checksum and the key checks), and again with the checksum its
// trailer states trusted (an image memo's case: nothing but the reads' bounds guards the bytes;
// whatever it returns must encode again). The digest memo's reader
// (decode_memo) gets the same bytes: a memo it returns encodes to exactly those bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "catalog/image.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace image = gpuselect::catalog::image;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const image::Key key{"fuzz", {{"data/gpus.yaml", 10, 1, 2}}};
  if (const auto catalog = image::decode_payload(bytes)) {
    for (const auto& offering : catalog->offerings) {
      if (offering.provider_index >= catalog->providers.size() || offering.gpu_index >= catalog->gpus.size()) {
        std::abort();
      }
    }
    const std::string encoded = image::encode(*catalog, key);
    const auto again = image::decode(encoded, key);
    if (!again || image::encode(again->catalog, key) != encoded) std::abort();
  }
  if (const auto decoded = image::decode(bytes, key)) {
    if (decoded->sources.size() != key.sources.size()) std::abort();
  }
  if (size >= 8) {
    std::uint64_t stated = 0;  // the trailer's checksum, little-endian
    for (std::size_t i = 0; i < 8; ++i) stated |= std::uint64_t{data[size - 8 + i]} << (8 * i);
    if (const auto trusted = image::decode(bytes, key, nullptr, stated)) {
      if (trusted->checksum_taken || trusted->sources.size() != key.sources.size()) std::abort();
      for (const auto& offering : trusted->catalog.offerings) {
        if (offering.provider_index >= trusted->catalog.providers.size() ||
            offering.gpu_index >= trusted->catalog.gpus.size()) {
          std::abort();
        }
      }
      (void)image::encode(trusted->catalog, key);
    }
  }
  if (const auto memo = image::decode_memo(bytes)) {
    if (image::encode_memo(*memo) != bytes) std::abort();
  }
  return 0;
}
