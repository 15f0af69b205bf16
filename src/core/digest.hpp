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

// Fold64: a multiply-fold hash, 64-bit, the catalog cache's key and its image's checksum (issue 33:
// it replaced XXH64, ~1 instruction per byte, 47 M of a warm 50k recommend's ~834 M instructions). Four lanes over
// 64-byte stripes; each 16 bytes (a, b: two little-endian words) enter their lane as
// lane += fold((lane ^ a ^ k) * (b ^ k')), fold = high ^ low 64 bits of the 128-bit product, so a
// lane's past enters every product (order matters) and a zero product leaves the lane as it was. The
// last partial stripe is zero-padded; the length enters the end. An identity, not a security hash
// (see above): 16 bytes are lost only when b equals its key word, or a the lane's state XOR its key.
// Not a published algorithm: tests/test_catalog_cache.cpp checks that pieces of any size give the
// same digest and that flipped bits, swapped stripes and appended zeros change it.
class Fold64 {
 public:
  static constexpr std::size_t stripe_bytes = 64;
  void add(const char* data, std::size_t size);
  std::uint64_t value() const;
  std::uint64_t bytes() const { return total_; }

 private:
  std::uint64_t lanes_[4] = {0x9E3779B97F4A7C15ull, 0xBF58476D1CE4E5B9ull, 0x94D049BB133111EBull,
                             0xD6E8FEB86659FD93ull};
  unsigned char pending_[stripe_bytes] = {};
  std::size_t pending_size_ = 0;
  std::uint64_t total_ = 0;
};

// Fold64 of one block of bytes.
std::uint64_t fold64(std::string_view bytes);

}  // namespace gpuselect::digest
