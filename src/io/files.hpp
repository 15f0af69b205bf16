#pragma once
// The only code that touches the file system.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/messages.hpp"

namespace gpuselect::io {

// What to do about a file above its limit, for catalogs (the default of the readers below).
inline text::Words split_catalog_hint() { return text::words(text::Msg::hint_split_catalog); }

// Whole file as bytes. Throws Error(kind io, where = path) when missing, a directory, unreadable,
// or larger than max_bytes (then kind bad_input, naming the limit, with `too_large_hint`).
std::string read_text(const std::string& path, std::size_t max_bytes,
                      const text::Words& too_large_hint = split_catalog_hint());

// A file read in chunks (catalog::SourceText::read), so a large catalog is never held whole.
// Opening throws as read_text does; read() throws Error(kind io) when the system fails. The path
// "-" is standard input.
class FileStream {
 public:
  FileStream(const std::string& path, std::size_t max_bytes, const text::Words& too_large_hint = split_catalog_hint());
  ~FileStream();
  FileStream(const FileStream&) = delete;
  FileStream& operator=(const FileStream&) = delete;
  // Up to `size` bytes into `buffer`; 0 at the end of the file.
  std::size_t read(char* buffer, std::size_t size);
  // The size of a regular file when opened; 0 for pipes and other streams.
  std::size_t size() const { return size_; }
  // Whether it is not a regular file (a pipe, a terminal, a device): no size is known before reading.
  bool is_stream() const { return stream_; }
  // Passes every byte of a regular file, from the first, to `visit` in order, in pieces of any size,
  // from a read-only mapping of the file: nothing is copied into the process (read() copies each
  // byte once more: ~40% of the time to digest a 50 MB catalog for the cache check, issue 33 part
  // S). Bytes past the size at opening (the file grew) are read on after the mapping. Call it before
  // any read(); read() after it returns 0. A file the system does not map is read as read() would.
  // False for a stream, and for a file that shrank while mapped (the kernel's SIGBUS for pages past
  // the new end is caught): `visit` may then have seen a part, and the caller treats the file as
  // unknown (reads it again). Throws as read() does.
  using Visitor = std::function<void(const char* data, std::size_t size)>;
  bool visit_mapped(const Visitor& visit);
  // What fstat says of the open file now: the device and inode, the size, and the modification and
  // change times in ns since the epoch; false (and `stat` untouched) for a stream or when fstat fails.
  struct Stat {
    std::uint64_t device = 0;
    std::uint64_t inode = 0;
    std::uint64_t bytes = 0;
    std::int64_t mtime_ns = 0;
    std::int64_t ctime_ns = 0;
  };
  bool stat(Stat& stat) const;

 private:
  std::string path_;
  int fd_ = -1;
  std::size_t size_ = 0;
  bool stream_ = false;
};

// What fstat says of the file open as `fd`, and what stat says of the file at `path` now (links
// followed), as FileStream::stat; false (and `stat` untouched) when the call fails.
bool stat_open_file(int fd, FileStream::Stat& stat);
bool stat_path(const std::string& path, FileStream::Stat& stat);

// An unnamed temporary file in `folder` (O_TMPFILE; where the file system lacks it, mkstemp and an
// unlink at once), read and written through its descriptor: it has no name, so nothing is left
// behind however the process ends. A download's body goes here instead of memory (docs/hardening.md
// "Downloads"). Every failure throws Error(kind io, where = `where`), naming the system's reason
// (ENOSPC: the disk is full; EFBIG: the file size limit).
class SpoolFile {
 public:
  SpoolFile(const std::string& folder, std::string where);
  ~SpoolFile();
  SpoolFile(const SpoolFile&) = delete;
  SpoolFile& operator=(const SpoolFile&) = delete;
  void write(const char* data, std::size_t size);  // appends
  void clear();                                     // empty again (a failed attempt's bytes dropped)
  std::size_t size() const { return size_; }
  char last_byte() const { return last_byte_; }     // '\0' when empty
  void rewind();                                    // read() starts again at the first byte
  std::size_t read(char* buffer, std::size_t size); // up to `size` bytes; 0 at the end

 private:
  std::string where_;
  int fd_ = -1;
  std::size_t size_ = 0;
  char last_byte_ = '\0';
};

// What an output is made by: writes to the stream it is given (a large JSON document is never
// held whole).
using Draw = std::function<void(std::ostream&)>;

// Writes what `draw` makes to `path` (docs/hardening.md "--output"), by what is there:
// - nothing, or a regular file: atomically, a temporary ".NAME.tmp-XXXXXX" in the same folder,
//   written, flushed, given the old file's mode (a new file: 0666 less the umask), then renamed
//   over the path; on failure, or an exception from `draw`, the temporary is removed and `path`
//   is untouched;
// - a symbolic link: the same, at the file it points to (the link stays);
// - a character device, FIFO or socket (/dev/null, /dev/stdout, a named pipe): opened and written
//   directly, never replaced;
// - a directory: Error.
// While the temporary exists, SIGINT, SIGTERM, SIGHUP and SIGQUIT remove it before the process dies
// of the signal (an async-signal-safe unlink, then the signal is raised again).
// Every failure throws Error(kind io, where "--output"). `before_rename` (tests only) runs while
// the temporary exists.
void write_output_streamed(const std::string& path, const Draw& draw,
                           const std::function<void()>& before_rename = nullptr);
// The same for text already made.
void write_output(const std::string& path, std::string_view content,
                  const std::function<void()>& before_rename = nullptr);
// Writes what `draw` makes to an open descriptor (standard output), 64 KiB at a time; a failed
// write throws Error(kind io, where, strerror, hint). What was written before it stays written.
void write_descriptor(int fd, const std::string& where, const Draw& draw, const text::Words& hint);

// Names (not paths) in a folder, sorted; empty when it does not exist or cannot be read.
std::vector<std::string> list_folder(const std::string& path);
bool is_regular_file(const std::string& path);
// Creates the folder and its parents (mode 0755). Throws Error(kind io, where = path) on failure.
void make_folders(const std::string& path);
// Removes a file; false when it could not be removed.
bool remove_file(const std::string& path);

// Terminal facts for rendering: whether fd is a terminal, and its width (COLUMNS, then ioctl, else 100).
bool is_terminal(int fd);
int terminal_width(int fd);

}  // namespace gpuselect::io
