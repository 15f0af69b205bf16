#include "core/prefault.hpp"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace gpuselect::detail {

namespace {

// madvise(advice) over the whole pages inside [begin, begin + bytes): madvise needs a page-aligned
// start, and a partial page at either end may hold other data, not ours to advise on.
void advise_whole_pages([[maybe_unused]] void* begin, [[maybe_unused]] std::size_t bytes, [[maybe_unused]] int advice) {
#if defined(__linux__)
  static const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  if (page == 0 || bytes == 0) return;
  const auto address = reinterpret_cast<std::uintptr_t>(begin);
  const auto start = (address + page - 1) / page * page;
  const auto end = (address + bytes) / page * page;
  if (end <= start) return;
  // The aligned start as an offset from `begin` (pointer arithmetic, no integer-to-pointer cast).
  (void)::madvise(static_cast<char*>(begin) + (start - address), end - start, advice);
#endif
}

}  // namespace

void prefault(void* begin, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
  advise_whole_pages(begin, bytes, MADV_POPULATE_WRITE);
#else
  (void)begin;
  (void)bytes;
#endif
}

void advise_huge_pages(void* begin, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  advise_whole_pages(begin, bytes, MADV_HUGEPAGE);
#else
  (void)begin;
  (void)bytes;
#endif
}

}  // namespace gpuselect::detail
