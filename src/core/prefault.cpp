#include "core/prefault.hpp"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace gpuselect::detail {

namespace {

// The advice each hint asks for; not_offered where this system's headers lack it.
constexpr int not_offered = -1;
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
constexpr int populate_write = MADV_POPULATE_WRITE;
#else
constexpr int populate_write = not_offered;
#endif
#if defined(__linux__) && defined(MADV_HUGEPAGE)
constexpr int huge_pages = MADV_HUGEPAGE;
#else
constexpr int huge_pages = not_offered;
#endif

// madvise(advice) over the whole pages inside [begin, begin + bytes): madvise needs a page-aligned
// start, and a partial page at either end may hold other data, not ours to advise on.
void advise_whole_pages([[maybe_unused]] void* begin, [[maybe_unused]] std::size_t bytes, [[maybe_unused]] int advice) {
#if defined(__linux__)
  static const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  if (advice == not_offered || page == 0 || bytes == 0) return;
  const auto address = reinterpret_cast<std::uintptr_t>(begin);
  const auto start = (address + page - 1) / page * page;
  const auto end = (address + bytes) / page * page;
  if (end <= start) return;
  // The aligned start as an offset from `begin` (pointer arithmetic, no integer-to-pointer cast).
  (void)::madvise(static_cast<char*>(begin) + (start - address), end - start, advice);
#endif
}

}  // namespace

void prefault(void* begin, std::size_t bytes) { advise_whole_pages(begin, bytes, populate_write); }

void advise_huge_pages(void* begin, std::size_t bytes) { advise_whole_pages(begin, bytes, huge_pages); }

}  // namespace gpuselect::detail
