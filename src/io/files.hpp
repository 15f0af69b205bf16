#pragma once
// The only code that touches the file system.
#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace gpuselect::io {

// Whole file as bytes. Throws Error(kind io, where = path) when missing, a directory, unreadable,
// or larger than max_bytes (then kind bad_input, naming the limit).
std::string read_text(const std::string& path, std::size_t max_bytes);

// A file read in chunks (catalog::SourceText::read), so a large catalog is never held whole.
// Opening throws as read_text does; read() throws Error(kind io) when the system fails.
class FileStream {
 public:
  FileStream(const std::string& path, std::size_t max_bytes);
  ~FileStream();
  FileStream(const FileStream&) = delete;
  FileStream& operator=(const FileStream&) = delete;
  // Up to `size` bytes into `buffer`; 0 at the end of the file.
  std::size_t read(char* buffer, std::size_t size);
  // The size of a regular file when opened; 0 for pipes and other streams.
  std::size_t size() const { return size_; }

 private:
  std::string path_;
  int fd_ = -1;
  std::size_t size_ = 0;
};

// Writes atomically: a temporary file in the same folder, flushed, then renamed over `path`.
// On any failure the temporary is removed and Error(kind io) is thrown; `path` is untouched.
void write_atomically(const std::string& path, std::string_view content);
// The same for output made as it is written (a large JSON document is never held whole): `draw`
// writes to the stream; `path` empty = standard output (64 KiB at a time; Error(kind io, "stdout")
// when a write fails). An exception from `draw` leaves no file behind.
void write_streamed(const std::string& path, const std::function<void(std::ostream&)>& draw);

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
