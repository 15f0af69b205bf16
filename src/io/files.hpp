#pragma once
// The only code that touches the file system.
#include <string>
#include <string_view>

namespace gpuselect::io {

// Whole file as bytes. Throws Error(kind io, where = path) when missing, a directory, unreadable,
// or larger than max_bytes (then kind bad_input, naming the limit).
std::string read_text(const std::string& path, std::size_t max_bytes);

// Writes atomically: a temporary file in the same folder, flushed, then renamed over `path`.
// On any failure the temporary is removed and Error(kind io) is thrown; `path` is untouched.
void write_atomically(const std::string& path, std::string_view content);

// Terminal facts for rendering: whether fd is a terminal, and its width (COLUMNS, then ioctl, else 100).
bool is_terminal(int fd);
int terminal_width(int fd);

}  // namespace gpuselect::io
