#pragma once
// The parsed-catalog cache's files (docs/performance.md "The parsed-catalog cache"): where they
// live, mapping one for reading, writing one atomically, and the program's build id that keys them.
// A cache is an optimisation: nothing here throws; a file that cannot be mapped or written is no
// cache, and the caller parses as if there were none.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "io/files.hpp"

namespace gpuselect::io {

// The build id the linker wrote into this program (the ELF NT_GNU_BUILD_ID note, hex), or "" when
// it has none (then nothing is cached: a cache must never outlive the program that wrote it).
const std::string& program_build_id();

// A whole file mapped read-only (mmap, MAP_PRIVATE). Cache files are only ever replaced by rename,
// never rewritten in place, so a mapping keeps the bytes it was opened with.
class MappedFile {
 public:
  MappedFile() = default;
  explicit MappedFile(const std::string& path);  // empty when the file is missing or unreadable
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  std::string_view bytes() const { return {static_cast<const char*>(data_), size_}; }
  // Gives back the whole pages inside [offset, offset + size) (MADV_DONTNEED): they leave the
  // resident set, and a later read maps the file's bytes again. A hint; never changes the bytes.
  void release(std::size_t offset, std::size_t size) const;
  bool empty() const { return size_ == 0; }
  // What fstat said of the file when it was mapped; nothing when it is empty.
  const std::optional<FileStream::Stat>& stat() const { return stat_; }

 private:
  void* data_ = nullptr;
  std::size_t size_ = 0;
  std::optional<FileStream::Stat> stat_;
};

// Before a large catalog is rebuilt from an image and ranked (~`bytes` of allocations: strings,
// region price lists, the ranking's arrays below 32 MiB): asks glibc's heap to grow by at least
// `bytes` (at most 1 GiB) at its next growth and to serve requests below 32 MiB from it, and the
// kernel to back that part in transparent huge pages (MADV_HUGEPAGE), one fault per 2 MiB instead of
// one per 4 KiB (as GLIBC_TUNABLES=glibc.malloc.hugetlb=1 would). Once per process; below 8 MiB, or
// off glibc on Linux, nothing. A hint: never changes what any allocation holds.
void heap_in_huge_pages(std::size_t bytes);

// Writes what `produce` passes to its sink, in order, as folder/name: into an unnamed temporary in
// `folder` (created, mode 0700, with its parents when missing), then named and renamed over `name`,
// so a reader sees the old file or the whole new one, never a part; concurrent writers each rename
// a whole file. Then keeps the newest `keep_files` files of its kind (the name up to its first '-':
// catalog-*.bin, plans-*.bin) and removes the rest
// (and temporaries left by a killed run an hour or more ago). False, with nothing left behind, when
// any step fails; an exception from `produce` passes through, also leaving nothing.
using Sink = std::function<void(std::string_view bytes)>;
bool write_cache_file(const std::string& folder, const std::string& name, const std::function<void(const Sink&)>& produce,
                      std::size_t keep_files = 8);

}  // namespace gpuselect::io
