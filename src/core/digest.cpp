#include "core/digest.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace gpuselect::digest {

namespace {
constexpr std::uint64_t fnv_prime = 1099511628211ull;
// XXH64's primes 2 and 3 (xxhash_spec.md, "XXH64 algorithm description"), for Fold64's last mix.
constexpr std::uint64_t prime_2 = 0xC2B2AE3D27D4EB4Full;
constexpr std::uint64_t prime_3 = 0x165667B19E3779F9ull;

// Little-endian loads, as the specification reads its input on every platform.
template <typename Word>
Word load(const unsigned char* bytes) {
  Word value = 0;
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(&value, bytes, sizeof value);
  } else {
    for (std::size_t i = sizeof value; i-- > 0;) value = static_cast<Word>((value << 8) | bytes[i]);
  }
  return value;
}
std::uint64_t load_64(const unsigned char* bytes) { return load<std::uint64_t>(bytes); }
}  // namespace

void Fnv1a64::add(const char* data, std::size_t size) {
  // Eight bytes a pass, written out (issue 33 part N): a byte costs its load, xor and multiply, not
  // the loop's count and test as well (~6 -> ~3.2 instructions a byte; the multiply chain is serial
  // either way). The same digest as the plain loop: tests/test_catalog_cache.cpp compares them.
  const auto* bytes = reinterpret_cast<const unsigned char*>(data);
  std::uint64_t hash = hash_;
  std::size_t i = 0;
  constexpr std::size_t unrolled = 8;
  for (; i + unrolled <= size; i += unrolled) {
    hash = (hash ^ bytes[i]) * fnv_prime;
    hash = (hash ^ bytes[i + 1]) * fnv_prime;
    hash = (hash ^ bytes[i + 2]) * fnv_prime;
    hash = (hash ^ bytes[i + 3]) * fnv_prime;
    hash = (hash ^ bytes[i + 4]) * fnv_prime;
    hash = (hash ^ bytes[i + 5]) * fnv_prime;
    hash = (hash ^ bytes[i + 6]) * fnv_prime;
    hash = (hash ^ bytes[i + 7]) * fnv_prime;
  }
  for (; i < size; ++i) hash = (hash ^ bytes[i]) * fnv_prime;
  hash_ = hash;
}

namespace {
__extension__ using Product = unsigned __int128;  // GCC and Clang; one `mul` on x86-64 and AArch64

// The keys each stripe's words are XORed with: wyhash's and splitmix64's odd constants (any fixed
// odd values with mixed bits would do).
// values with high bits set in every byte would do: a text word cannot equal them).
constexpr std::uint64_t fold_keys[8] = {0xA0761D6478BD642Full, 0xE7037ED1A0B428DBull, 0x8EBC6AF09C88C6E3ull,
                                        0x589965CC75374CC3ull, 0x1D8E4E27C47D124Full, 0xBF58476D1CE4E5B9ull,
                                        0x94D049BB133111EBull, 0x9E3779B97F4A7C15ull};

inline std::uint64_t fold(std::uint64_t a, std::uint64_t b) {
  const Product product = Product{a} * b;
  return static_cast<std::uint64_t>(product) ^ static_cast<std::uint64_t>(product >> 64U);
}

inline std::uint64_t fold_in(std::uint64_t lane, const unsigned char* at, std::size_t key) {
  return lane + fold(lane ^ load_64(at) ^ fold_keys[key], load_64(at + 8) ^ fold_keys[key + 1]);
}
// Written out: as a loop over the lanes, -O2 kept them in memory, and each product then waited on a
// store and a load (~1.7x the time of the unrolled form, which -O3 makes of the loop).
inline void fold_stripe(std::uint64_t (&lanes)[4], const unsigned char* stripe) {
  lanes[0] = fold_in(lanes[0], stripe, 0);
  lanes[1] = fold_in(lanes[1], stripe + 16, 2);
  lanes[2] = fold_in(lanes[2], stripe + 32, 4);
  lanes[3] = fold_in(lanes[3], stripe + 48, 6);
}
}  // namespace

void Fold64::add(const char* data, std::size_t size) {
  const auto* input = reinterpret_cast<const unsigned char*>(data);
  total_ += size;
  if (pending_size_ > 0) {
    const std::size_t taken = std::min(size, stripe_bytes - pending_size_);
    std::memcpy(pending_ + pending_size_, input, taken);
    pending_size_ += taken;
    input += taken;
    size -= taken;
    if (pending_size_ < stripe_bytes) return;
    fold_stripe(lanes_, pending_);
    pending_size_ = 0;
  }
  // The lanes in locals: the compiler cannot tell that the input bytes do not alias the members, and
  // stored them back after every product.
  std::uint64_t lanes[4] = {lanes_[0], lanes_[1], lanes_[2], lanes_[3]};
  for (; size >= stripe_bytes; input += stripe_bytes, size -= stripe_bytes) fold_stripe(lanes, input);
  std::copy(std::begin(lanes), std::end(lanes), std::begin(lanes_));
  std::memcpy(pending_, input, size);
  pending_size_ = size;
}

std::uint64_t Fold64::value() const {
  std::uint64_t lanes[4] = {lanes_[0], lanes_[1], lanes_[2], lanes_[3]};
  if (pending_size_ > 0) {
    unsigned char last[stripe_bytes] = {};
    std::memcpy(last, pending_, pending_size_);
    fold_stripe(lanes, last);
  }
  // The lanes and the length, each through a product with the running hash, then mixed as XXH64
  // ends (xor-shift-multiply).
  std::uint64_t hash = total_ ^ fold_keys[0];
  for (std::size_t lane = 0; lane < 4; ++lane) hash = fold(hash ^ lanes[lane], fold_keys[lane + 4]) + lanes[lane];
  hash = fold(hash ^ total_, fold_keys[1]);
  hash ^= hash >> 33;
  hash *= prime_2;
  hash ^= hash >> 29;
  hash *= prime_3;
  hash ^= hash >> 32;
  return hash;
}

std::uint64_t fold64(std::string_view bytes) {
  Fold64 state;
  state.add(bytes.data(), bytes.size());
  return state.value();
}

}  // namespace gpuselect::digest
