#pragma once
// Content digests of catalog files, computed over the bytes as they are read (streaming: feed
// chunks of any size, in order). Identities, not security hashes: a file changed by accident
// digests differently with overwhelming probability; a file crafted to collide does not matter
// (a collision could only make the catalog cache serve the catalog another file parsed to).
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace gpuselect::digest {

// FNV-1a, 64-bit (offset basis and prime from the FNV reference, IETF draft-eastlake-fnv): the
// digest the JSON echo of recommend and compare shows ("fnv1a64:<16 hex>", docs/output.md). One
// multiply per byte: ~0.8 GB/s, so it is computed only where it is shown or stored.
class Fnv1a64 {
 public:
  void add(const char* data, std::size_t size);
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 14695981039346656037ull;
};

// XXH64 (Yann Collet's xxHash, 64-bit variant, seed 0; reference: xxhash.h / doc/xxhash_spec.md of
// github.com/Cyan4973/xxHash): ~10 GB/s, the catalog cache's key. XXH64("") = ef46db3751d8e999.
class Xxh64 {
 public:
  void add(const char* data, std::size_t size);
  std::uint64_t value() const;
  std::uint64_t bytes() const { return total_; }

 private:
  std::uint64_t lanes_[4] = {0x9E3779B185EBCA87ull + 0xC2B2AE3D27D4EB4Full, 0xC2B2AE3D27D4EB4Full, 0,
                             0 - 0x9E3779B185EBCA87ull};
  unsigned char pending_[32] = {};
  std::size_t pending_size_ = 0;
  std::uint64_t total_ = 0;
};

// XXH64 of one block of bytes.
std::uint64_t xxh64(std::string_view bytes);

}  // namespace gpuselect::digest
