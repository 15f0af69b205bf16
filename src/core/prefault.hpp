#pragma once
// Backing fresh memory in few system calls. On a virtual machine the first write to each 4 KiB
// page traps to the kernel: 11 us a page on the 2-core development VM (docs/performance.md), a
// quarter of a 50,000-offering recommend. MADV_POPULATE_WRITE (Linux 5.14+) backs a whole range in
// one call at about half that cost, huge pages at a tenth. Used for the two large arrays:
// offerings and candidates.
#include <algorithm>
#include <cstddef>
#include <vector>

namespace gpuselect::detail {

// Asks the kernel to back the whole pages inside [begin, begin + bytes) for writing. A hint only:
// does nothing where unsupported or refused, and never changes what the memory holds.
void prefault(void* begin, std::size_t bytes);
// Asks for transparent huge pages (MADV_HUGEPAGE) over the whole pages of the range: one 2 MiB
// page instead of 512 small ones, where the system allows them ("madvise" or "always" in
// /sys/kernel/mm/transparent_hugepage/enabled); 40 MiB then takes ~6 ms to back instead of ~65 ms
// (docs/performance.md). A hint only, as prefault().
void advise_huge_pages(void* begin, std::size_t bytes);

// For a vector about to be filled up to its reserved capacity: huge pages over that capacity.
template <typename T>
void advise_huge_pages(std::vector<T>& values) {
  advise_huge_pages(values.data(), values.capacity() * sizeof(T));
}

// Call before appending to `values` (capacity reserved up front): keeps the next ~2 MiB past the
// end backed, a block at a time. `ready_until` is the caller's count of elements backed so far.
template <typename T>
void prefault_ahead(std::vector<T>& values, std::size_t& ready_until) {
  if (values.size() < ready_until) return;
  constexpr std::size_t block_bytes = std::size_t{2} << 20;
  const std::size_t end =
      std::min(values.capacity(), values.size() + std::max<std::size_t>(1, block_bytes / sizeof(T)));
  if (end <= values.size()) return;
  prefault(values.data() + values.size(), (end - values.size()) * sizeof(T));
  ready_until = end;
}

// Starts loading the cache line holding `address` (never faults; a hint that changes nothing the
// program computes). Inline assembly on x86, as GCC 12 drops a __builtin_prefetch whose function it
// finds has no other effect (a loop of them, or a helper that only prefetches).
inline void prefetch(const void* address) {
#if defined(__x86_64__) || defined(__i386__)
  asm volatile("prefetcht0 %0" : : "m"(*static_cast<const char*>(address)));
#else
  __builtin_prefetch(address);
#endif
}

}  // namespace gpuselect::detail
