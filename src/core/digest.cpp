#include "core/digest.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace gpuselect::digest {

namespace {
constexpr std::uint64_t fnv_prime = 1099511628211ull;
// XXH64's primes (xxhash_spec.md, "XXH64 algorithm description").
constexpr std::uint64_t prime_1 = 0x9E3779B185EBCA87ull;
constexpr std::uint64_t prime_2 = 0xC2B2AE3D27D4EB4Full;
constexpr std::uint64_t prime_3 = 0x165667B19E3779F9ull;
constexpr std::uint64_t prime_4 = 0x85EBCA77C2B2AE63ull;
constexpr std::uint64_t prime_5 = 0x27D4EB2F165667C5ull;
constexpr std::size_t stripe_bytes = 32;

constexpr std::uint64_t rotate_left(std::uint64_t value, int bits) { return (value << bits) | (value >> (64 - bits)); }

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
std::uint32_t load_32(const unsigned char* bytes) { return load<std::uint32_t>(bytes); }

constexpr std::uint64_t round(std::uint64_t lane, std::uint64_t input) {
  return rotate_left(lane + input * prime_2, 31) * prime_1;
}
constexpr std::uint64_t merge_round(std::uint64_t hash, std::uint64_t lane) {
  return (hash ^ round(0, lane)) * prime_1 + prime_4;
}

void consume_stripe(std::uint64_t (&lanes)[4], const unsigned char* stripe) {
  lanes[0] = round(lanes[0], load_64(stripe));
  lanes[1] = round(lanes[1], load_64(stripe + 8));
  lanes[2] = round(lanes[2], load_64(stripe + 16));
  lanes[3] = round(lanes[3], load_64(stripe + 24));
}
}  // namespace

void Fnv1a64::add(const char* data, std::size_t size) {
  std::uint64_t hash = hash_;
  for (std::size_t i = 0; i < size; ++i) {
    hash ^= static_cast<unsigned char>(data[i]);
    hash *= fnv_prime;
  }
  hash_ = hash;
}

void Xxh64::add(const char* data, std::size_t size) {
  const auto* input = reinterpret_cast<const unsigned char*>(data);
  total_ += size;
  if (pending_size_ > 0) {
    const std::size_t taken = std::min(size, stripe_bytes - pending_size_);
    std::memcpy(pending_ + pending_size_, input, taken);
    pending_size_ += taken;
    input += taken;
    size -= taken;
    if (pending_size_ < stripe_bytes) return;
    consume_stripe(lanes_, pending_);
    pending_size_ = 0;
  }
  for (; size >= stripe_bytes; input += stripe_bytes, size -= stripe_bytes) consume_stripe(lanes_, input);
  std::memcpy(pending_, input, size);
  pending_size_ = size;
}

std::uint64_t Xxh64::value() const {
  std::uint64_t hash = 0;
  if (total_ >= stripe_bytes) {
    hash = rotate_left(lanes_[0], 1) + rotate_left(lanes_[1], 7) + rotate_left(lanes_[2], 12) +
           rotate_left(lanes_[3], 18);
    for (const std::uint64_t lane : lanes_) hash = merge_round(hash, lane);
  } else {
    hash = lanes_[2] + prime_5;  // lanes_[2] holds the seed, 0
  }
  hash += total_;
  const unsigned char* rest = pending_;
  std::size_t size = pending_size_;
  for (; size >= 8; rest += 8, size -= 8) hash = rotate_left(hash ^ round(0, load_64(rest)), 27) * prime_1 + prime_4;
  if (size >= 4) {
    hash = rotate_left(hash ^ (std::uint64_t{load_32(rest)} * prime_1), 23) * prime_2 + prime_3;
    rest += 4;
    size -= 4;
  }
  for (; size > 0; ++rest, --size) hash = rotate_left(hash ^ (*rest * prime_5), 11) * prime_1;
  hash ^= hash >> 33;
  hash *= prime_2;
  hash ^= hash >> 29;
  hash *= prime_3;
  hash ^= hash >> 32;
  return hash;
}

std::uint64_t xxh64(std::string_view bytes) {
  Xxh64 state;
  state.add(bytes.data(), bytes.size());
  return state.value();
}

}  // namespace gpuselect::digest
