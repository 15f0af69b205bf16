#pragma once
// A memo for the estimator's pure functions of a few numbers that a ranking asks for again and
// again with few distinct arguments (not a public contract).
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace gpuselect::estimate::memo {

// The bit pattern a number enters a key as: a double's IEEE-754 bits, an integer's value.
inline std::uint64_t bits(double number) { return std::bit_cast<std::uint64_t>(number); }
inline std::uint64_t bits(int number) { return static_cast<std::uint64_t>(static_cast<std::int64_t>(number)); }

// Direct-mapped: `Slots` answers, each kept under the bit patterns of all of its arguments, which a
// lookup compares whole, so a hit returns exactly what computing would (-0.0 and 0.0, or two NaNs of
// other payloads, are other keys: computed, never confused). A slot's answer is replaced by the next
// key that hashes there.
template <std::size_t Arguments, typename Value, std::size_t Slots = 256>
class Table {
  static_assert(std::has_single_bit(Slots) && Slots >= 2, "Slots is a power of two, at least 2");

 public:
  using Key = std::array<std::uint64_t, Arguments>;

  // The answer kept for `key`, or null.
  const Value* find(const Key& key) const {
    const Slot& slot = slots_[index(key)];
    return slot.used && slot.key == key ? &slot.value : nullptr;
  }
  // Keeps `value` as the answer for `key`; returns it.
  const Value& keep(const Key& key, const Value& value) {
    Slot& slot = slots_[index(key)];
    slot = {key, value, true};
    return slot.value;
  }

 private:
  struct Slot {
    Key key{};
    Value value{};
    bool used = false;
  };
  static std::size_t index(const Key& key) {
    std::uint64_t mixed = 0;
    for (const std::uint64_t word : key) mixed = (mixed ^ word) * 0x9e3779b97f4a7c15ULL;
    return static_cast<std::size_t>(mixed >> (64U - std::bit_width(Slots - 1)));  // the product's top bits
  }
  std::array<Slot, Slots> slots_{};
};

// The key of a call: each argument's bits, in order.
template <typename... Numbers>
std::array<std::uint64_t, sizeof...(Numbers)> key(Numbers... numbers) {
  return {bits(numbers)...};
}

}  // namespace gpuselect::estimate::memo
