#include "io/catalog_cache.hpp"

#include <fcntl.h>
#include <link.h>
#include <malloc.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <system_error>
#include <vector>

namespace gpuselect::io {

namespace {

// The NT_GNU_BUILD_ID note of the main program (the first object dl_iterate_phdr reports).
int find_build_id(dl_phdr_info* info, std::size_t /*size*/, void* data) {
  auto& id = *static_cast<std::string*>(data);
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& header = info->dlpi_phdr[i];
    if (header.p_type != PT_NOTE) continue;
    // dlpi_addr is the load address as the dynamic loader gives it, an integer (dl_iterate_phdr(3)).
    const auto* note = reinterpret_cast<const unsigned char*>(  // NOLINT(performance-no-int-to-ptr)
        info->dlpi_addr + header.p_vaddr);
    std::size_t offset = 0;
    while (offset + sizeof(ElfW(Nhdr)) <= header.p_memsz) {
      ElfW(Nhdr) note_header{};
      std::memcpy(&note_header, note + offset, sizeof note_header);
      const std::size_t name_at = offset + sizeof note_header;
      const std::size_t desc_at = name_at + ((note_header.n_namesz + 3u) & ~3u);
      const std::size_t next = desc_at + ((note_header.n_descsz + 3u) & ~3u);
      if (next > header.p_memsz) break;
      if (note_header.n_type == NT_GNU_BUILD_ID && note_header.n_namesz == 4 &&
          std::memcmp(note + name_at, "GNU", 4) == 0) {
        static constexpr char hex[] = "0123456789abcdef";
        for (std::size_t b = 0; b < note_header.n_descsz; ++b) {
          id += hex[note[desc_at + b] >> 4];
          id += hex[note[desc_at + b] & 0xF];
        }
        return 1;
      }
      offset = next;
    }
  }
  return 1;  // only the main program is looked at
}

constexpr std::string_view cache_suffix = ".bin";
constexpr std::string_view temporary_prefix = ".catalog-";

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t done = ::write(fd, bytes.data(), bytes.size());
    if (done < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(done));
  }
  return true;
}

// A name no other writer uses at the same time: pid and 64 random bits.
std::string temporary_name() {
  std::random_device device;
  const std::uint64_t random = (std::uint64_t{device()} << 32) ^ device();
  char name[64];
  std::snprintf(name, sizeof name, "%.*s%ld-%016llx.tmp", static_cast<int>(temporary_prefix.size()),
                temporary_prefix.data(), static_cast<long>(::getpid()), static_cast<unsigned long long>(random));
  return name;
}

// Keeps the newest `keep_files` cache files of one kind (named `prefix`*.bin: "catalog-", "plans-");
// removes temporaries older than an hour (a writer killed between naming and renaming its file; a
// live writer renames within milliseconds).
void prune(const std::string& folder, std::string_view prefix, std::size_t keep_files) {
  namespace fs = std::filesystem;
  std::error_code error;
  std::vector<std::pair<fs::file_time_type, fs::path>> caches;
  const auto now = fs::file_time_type::clock::now();
  for (fs::directory_iterator entry(folder, error), end; !error && entry != end; entry.increment(error)) {
    const std::string name = entry->path().filename().string();
    std::error_code time_error;
    const auto written = entry->last_write_time(time_error);
    if (time_error) continue;
    if (name.starts_with(prefix) && name.ends_with(cache_suffix)) {
      caches.emplace_back(written, entry->path());
    } else if (name.starts_with(temporary_prefix) && name.ends_with(".tmp") && now - written > std::chrono::hours(1)) {
      fs::remove(entry->path(), time_error);
    }
  }
  if (caches.size() <= keep_files) return;
  std::sort(caches.begin(), caches.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t i = keep_files; i < caches.size(); ++i) fs::remove(caches[i].second, error);
}

}  // namespace

const std::string& program_build_id() {
  static const std::string id = [] {
    std::string found;
    dl_iterate_phdr(find_build_id, &found);
    return found;
  }();
  return id;
}

MappedFile::MappedFile(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  struct stat info {};
  if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0) {
    void* data = ::mmap(nullptr, static_cast<std::size_t>(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    FileStream::Stat stat;
    if (data != MAP_FAILED && stat_open_file(fd, stat)) {
      data_ = data;
      size_ = static_cast<std::size_t>(info.st_size);
      stat_ = stat;
    } else if (data != MAP_FAILED) {
      ::munmap(data, static_cast<std::size_t>(info.st_size));
    }
  }
  ::close(fd);
}

void MappedFile::release(std::size_t offset, std::size_t size) const {
  static const auto page_bytes = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  if (data_ == nullptr || offset >= size_ || page_bytes == 0) return;
  size = std::min(size, size_ - offset);
  const std::size_t first = (offset + page_bytes - 1) / page_bytes * page_bytes;
  const std::size_t last = (offset + size) / page_bytes * page_bytes;
  if (last > first) ::madvise(static_cast<char*>(data_) + first, last - first, MADV_DONTNEED);
}

MappedFile::~MappedFile() {
  if (data_ != nullptr) ::munmap(data_, size_);
}

void heap_in_huge_pages([[maybe_unused]] std::size_t bytes) {
#if defined(__linux__) && defined(__GLIBC__) && defined(MADV_HUGEPAGE)
  constexpr std::size_t huge_page_bytes = std::size_t{2} << 20;
  constexpr std::size_t most_bytes = std::size_t{1} << 30;
  static bool done = false;
  if (done || bytes < 4 * huge_page_bytes) return;
  done = true;
  bytes = std::min(bytes, most_bytes);
  // M_TOP_PAD: each growth of the heap (brk) takes `bytes` more than asked, and a trim keeps them.
  if (::mallopt(M_TOP_PAD, static_cast<int>(bytes)) == 0) return;
  // Arrays below 32 MiB (the ranking's exclusions and sort keys: 1-3 MB each at 50k) from that heap
  // too, not mapped apart a 4 KiB page at a time (32 MiB is glibc's own ceiling for the threshold
  // it adjusts by itself).
  (void)::mallopt(M_MMAP_THRESHOLD, 32 << 20);
  // Small allocations until the heap grows once (the free top it has is at most a few hundred KiB),
  // then the whole huge pages of the grown part are advised, and the probes freed for reuse.
  void* const before = ::sbrk(0);
  std::array<void*, 512> probes{};
  std::size_t count = 0;
  while (count < probes.size() && ::sbrk(0) == before) {
    probes[count] = std::malloc(4096);  // NOLINT(cppcoreguidelines-no-malloc): the heap itself is the subject
    if (probes[count] == nullptr) break;
    ++count;
  }
  auto* const after = static_cast<char*>(::sbrk(0));
  for (std::size_t i = 0; i < count; ++i) std::free(probes[i]);  // NOLINT(cppcoreguidelines-no-malloc)
  const auto from = reinterpret_cast<std::uintptr_t>(before);
  const auto to = reinterpret_cast<std::uintptr_t>(after);
  if (to <= from) return;  // the heap did not grow (malloc maps memory elsewhere): nothing to advise
  const std::uintptr_t start = (from + huge_page_bytes - 1) / huge_page_bytes * huge_page_bytes;
  const std::uintptr_t end = to / huge_page_bytes * huge_page_bytes;
  if (end > start) ::madvise(after - (to - start), end - start, MADV_HUGEPAGE);
#endif
}

bool write_cache_file(const std::string& folder, const std::string& name, const std::function<void(const Sink&)>& produce,
                      std::size_t keep_files) {
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) return false;
  ::chmod(folder.c_str(), 0700);  // the cache describes the user's catalogs: theirs alone
  // An unnamed file first (O_TMPFILE): a run killed while writing leaves nothing. Where the file
  // system lacks it, a named temporary, removed on failure.
  const std::string temporary = folder + "/" + temporary_name();
  int fd = ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
  const bool unnamed = fd >= 0;
  if (!unnamed) fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  bool done = true;
  try {
    produce([&](std::string_view bytes) { done = done && write_all(fd, bytes); });
  } catch (...) {
    ::close(fd);
    if (!unnamed) ::unlink(temporary.c_str());
    throw;
  }
  if (done && unnamed) {
    const std::string self = "/proc/self/fd/" + std::to_string(fd);
    done = ::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, temporary.c_str(), AT_SYMLINK_FOLLOW) == 0;
    if (!done) {
      ::close(fd);
      return false;  // nothing was named
    }
  }
  done = (::close(fd) == 0) && done;
  done = done && ::rename(temporary.c_str(), (folder + "/" + name).c_str()) == 0;
  if (!done) {
    ::unlink(temporary.c_str());
    return false;
  }
  const std::string_view kind(name.data(), name.find('-') == std::string::npos ? name.size() : name.find('-') + 1);
  prune(folder, kind, keep_files);
  return true;
}

}  // namespace gpuselect::io
