#pragma once
// A value per object address, for the passes over a catalog's offerings that decide something once
// per shared list (the catalog interns its region lists: the 50,000 offerings of the benchmark
// catalog hold ~1,300). An open-addressed table at most half full: std::unordered_map's nodes and
// modulo were ~85 instructions a lookup, 50,000 lookups a pass. Null is not a key.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace gpuselect::detail {

template <typename Value>
class AddressTable {
 public:
  // The value kept for `key` and true when it was just added (value-initialised), as
  // std::unordered_map::try_emplace; the reference stays valid until the next call.
  std::pair<Value&, bool> try_emplace(const void* key) {
    Slot* slot = find(key);
    if (slot->key != nullptr) return {slot->value, false};
    slot->key = key;
    if (++count_ * 2 > slots_.size()) {
      grow();
      slot = find(key);
    }
    return {slot->value, true};
  }
  void clear() {
    slots_.assign(slots_.size(), Slot{});
    count_ = 0;
  }

 private:
  struct Slot {
    const void* key = nullptr;  // null: free
    Value value{};
  };
  Slot* find(const void* key) {
    const std::size_t mask = slots_.size() - 1;
    // Fibonacci hashing of the address (its low 4 bits are alignment): the high half of the product.
    std::size_t at =
        static_cast<std::size_t>((reinterpret_cast<std::uintptr_t>(key) >> 4U) * 0x9E3779B97F4A7C15ULL >> 32U);
    for (;; ++at) {
      Slot& slot = slots_[at & mask];
      if (slot.key == nullptr || slot.key == key) return &slot;
    }
  }
  void grow() {
    std::vector<Slot> old = std::exchange(slots_, std::vector<Slot>(slots_.size() * 2));
    for (Slot& slot : old) {
      if (slot.key != nullptr) *find(slot.key) = std::move(slot);
    }
  }
  std::vector<Slot> slots_ = std::vector<Slot>(256);  // a power of two
  std::size_t count_ = 0;
};

}  // namespace gpuselect::detail
