#pragma once
// The catalog image: a compact binary form of a loaded catalog::Catalog, for the parsed-catalog
// cache (src/io/catalog_cache.hpp; format in docs/performance.md "The parsed-catalog cache").
// Pure: bytes in, values out. An image names what it was made from (the program's build id and
// each source file's name, size and digests) and carries a checksum over itself; decode() returns
// nothing unless every byte checks and the key matches, so a stale, truncated or corrupt image is
// never used.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/catalog.hpp"

namespace gpuselect::catalog::image {

// Bumped whenever the layout or the meaning of a field changes (the build id changes with every
// build anyway; the version guards builds that share an id, such as a rebuild of the same sources).
// 2: providers' spot_reclaim; 3: models' diffusion layout; 4: needs_bf16; 5: DiT block layout; 6: name_zh; 7: capacity blocks;
// 8: Fold64 instead of XXH64 for the sources' key digests and the checksum; 9: models'
// non_commercial_licence
inline constexpr std::uint32_t format_version = 9;

// One source file as read: its name in messages, its size, and its digests (src/core/digest.hpp).
struct SourceDigest {
  std::string name;
  std::uint64_t bytes = 0;
  std::uint64_t fold64 = 0;   // the cache key (digest::Fold64)
  std::uint64_t fnv1a64 = 0;  // what the JSON echo shows; stored so a warm run need not compute it
};

// What an image is made from. Two keys match when the build ids are equal and the sources agree in
// order, name, size and fold64.
struct Key {
  std::string build_id;
  std::vector<SourceDigest> sources;
};

// The image of `catalog` made from `key` (the sources' fnv1a64 are stored as given), handed to
// `write` in pieces of about 1 MiB, in order, in one pass (a large catalog's image is never held
// whole); or returned whole.
void encode(const Catalog& catalog, const Key& key, const std::function<void(std::string_view)>& write);
std::string encode(const Catalog& catalog, const Key& key);

struct Decoded {
  Catalog catalog;
  std::vector<SourceDigest> sources;  // as stored, fnv1a64 included
};
// The catalog stored in `bytes` when it is a whole, intact image of this format made from `key`
// (fnv1a64 in `key` is not compared); nothing otherwise. Never throws on bad bytes; never reads
// outside `bytes`. `release`, when given, is told of ranges of `bytes` (offset, size) it will not
// read again, as it goes: a mapped file's pages can be given back (a large image is then never
// resident whole).
using Release = std::function<void(std::size_t offset, std::size_t size)>;
std::optional<Decoded> decode(std::string_view bytes, const Key& key, const Release& release = nullptr);

// The catalog decoder alone, without the header, key, trailer and checksum (for the fuzz target:
// random bytes rarely pass a checksum): `payload` is a u32 size of the strings part, the strings
// part, then the catalog. Nothing unless it is exactly one well-formed catalog.
std::optional<Catalog> decode_payload(std::string_view payload);

// The name of the cache file for `key`: "catalog-<16 hex>.bin", a digest of the whole key, so a
// change of any source or of the build selects another file.
std::string file_name(const Key& key);

}  // namespace gpuselect::catalog::image
