#include "io/files.hpp"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <functional>
#include <ostream>
#include <streambuf>
#include <vector>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

#include "gpuselect/error.hpp"

namespace gpuselect::io {

namespace {
std::string errno_text(int error_number) { return std::strerror(error_number); }

class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset(int fd) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_;
};

// Opens `path` for reading and checks it is a file within max_bytes; returns its size (0 for a
// stream). Throws as read_text documents.
std::size_t open_for_reading(const std::string& path, std::size_t max_bytes, FileDescriptor& fd) {
  fd.reset(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) {
    const int error_number = errno;
    throw Error(ErrorKind::io, path, "cannot open: " + errno_text(error_number),
                error_number == ENOENT ? "check the path" : "check the file's permissions");
  }
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) {
    throw Error(ErrorKind::io, path, "cannot stat: " + errno_text(errno), "check the path");
  }
  if (S_ISDIR(info.st_mode)) {
    throw Error(ErrorKind::io, path, "is a directory, not a file", "name a YAML file inside it");
  }
  if (!S_ISREG(info.st_mode)) return 0;
  if (static_cast<std::size_t>(info.st_size) > max_bytes) {
    throw Error(path,
                "file is " + std::to_string(info.st_size) + " bytes, above the limit of " + std::to_string(max_bytes) +
                    " bytes",
                "split the catalog into several files");
  }
  return static_cast<std::size_t>(info.st_size);
}

// One read() that retries on EINTR; throws on failure.
std::size_t read_some(int fd, char* buffer, std::size_t size, const std::string& path) {
  for (;;) {
    const ssize_t got = ::read(fd, buffer, size);
    if (got >= 0) return static_cast<std::size_t>(got);
    if (errno != EINTR) {
      throw Error(ErrorKind::io, path, "cannot read: " + errno_text(errno), "check the file's permissions");
    }
  }
}

}  // namespace

FileStream::FileStream(const std::string& path, std::size_t max_bytes) : path_(path) {
  FileDescriptor fd(-1);
  size_ = open_for_reading(path, max_bytes, fd);
  fd_ = fd.release();
}

FileStream::~FileStream() {
  if (fd_ >= 0) ::close(fd_);
}

std::size_t FileStream::read(char* buffer, std::size_t size) { return read_some(fd_, buffer, size, path_); }

std::string read_text(const std::string& path, std::size_t max_bytes) {
  FileDescriptor fd(-1);
  const std::size_t size = open_for_reading(path, max_bytes, fd);
  std::string content;
  content.reserve(size);
  char buffer[1 << 16];
  for (;;) {
    const std::size_t got = read_some(fd.get(), buffer, sizeof buffer, path);
    if (got == 0) break;
    if (content.size() + got > max_bytes) {
      throw Error(path, "input is above the limit of " + std::to_string(max_bytes) + " bytes",
                  "split the catalog into several files");
    }
    content.append(buffer, got);
  }
  return content;
}

namespace {

// An ostream's buffer over a file descriptor: 64 KiB at a time, retrying on EINTR. A failed write
// is remembered (errno) and the stream goes bad; the caller turns that into one error.
class DescriptorBuffer : public std::streambuf {
 public:
  explicit DescriptorBuffer(int fd) : fd_(fd), buffer_(64 * 1024) { setp(buffer_.data(), buffer_.data() + buffer_.size()); }
  int error() const { return error_; }
  bool flush_all() { return sync() == 0; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* text, std::streamsize size) override {
    if (size >= static_cast<std::streamsize>(buffer_.size())) {
      if (!drain() || !write_all(text, static_cast<std::size_t>(size))) return 0;
      return size;
    }
    return std::streambuf::xsputn(text, size);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const auto size = static_cast<std::size_t>(pptr() - pbase());
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return write_all(buffer_.data(), size);
  }
  bool write_all(const char* text, std::size_t size) {
    if (error_ != 0) return false;
    std::size_t written = 0;
    while (written < size) {
      const ssize_t put = ::write(fd_, text + written, size - written);
      if (put < 0) {
        if (errno == EINTR) continue;
        error_ = errno;
        return false;
      }
      written += static_cast<std::size_t>(put);
    }
    return true;
  }
  int fd_;
  std::vector<char> buffer_;
  int error_ = 0;
};

}  // namespace

void write_streamed(const std::string& path, const std::function<void(std::ostream&)>& draw) {
  if (path.empty()) {
    std::fflush(stdout);  // whatever stdio holds goes first
    DescriptorBuffer buffer(STDOUT_FILENO);
    std::ostream out(&buffer);
    draw(out);
    if (!buffer.flush_all()) {
      throw Error(ErrorKind::io, "stdout", "cannot write the output: " + errno_text(buffer.error()),
                  "check the pipe or disk");
    }
    return;
  }
  const auto slash = path.find_last_of('/');
  const std::string folder = slash == std::string::npos ? "." : path.substr(0, slash == 0 ? 1 : slash);
  const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  std::string temporary = folder + "/." + base + ".tmp-XXXXXX";
  FileDescriptor fd(::mkstemp(temporary.data()));
  if (fd.get() < 0) {
    throw Error(ErrorKind::io, "--output", "cannot create a file in '" + folder + "': " + errno_text(errno),
                "check that the folder exists and is writable");
  }
  auto fail = [&](const std::string& what, int error_number) {
    ::unlink(temporary.c_str());
    throw Error(ErrorKind::io, "--output", what + " '" + path + "': " + errno_text(error_number),
                "check free space and permissions");
  };
  DescriptorBuffer buffer(fd.get());
  std::ostream out(&buffer);
  try {
    draw(out);
  } catch (...) {
    ::unlink(temporary.c_str());
    throw;
  }
  if (!buffer.flush_all()) fail("cannot write", buffer.error());
  if (::fchmod(fd.get(), 0644) != 0 || ::fsync(fd.get()) != 0) fail("cannot flush", errno);
  if (::close(fd.release()) != 0) fail("cannot close", errno);
  if (::rename(temporary.c_str(), path.c_str()) != 0) fail("cannot replace", errno);
}

void write_atomically(const std::string& path, std::string_view content) {
  write_streamed(path, [&](std::ostream& out) { out.write(content.data(), static_cast<std::streamsize>(content.size())); });
}

bool is_terminal(int fd) { return ::isatty(fd) == 1; }

int terminal_width(int fd) {
  if (const char* columns = std::getenv("COLUMNS")) {
    const int value = std::atoi(columns);
    if (value >= 20 && value <= 1000) return value;
  }
  struct winsize size {};
  if (::ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col >= 20) return size.ws_col;
  return 100;
}

std::vector<std::string> list_folder(const std::string& path) {
  std::vector<std::string> names;
  std::error_code error;
  for (std::filesystem::directory_iterator entry(path, error), end; !error && entry != end; entry.increment(error)) {
    names.push_back(entry->path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

bool is_regular_file(const std::string& path) {
  std::error_code error;
  return std::filesystem::is_regular_file(path, error);
}

void make_folders(const std::string& path) {
  std::error_code error;
  std::filesystem::create_directories(path, error);
  if (error) throw Error(ErrorKind::io, path, "cannot create the folder: " + error.message(), "check permissions");
}

bool remove_file(const std::string& path) {
  std::error_code error;
  return std::filesystem::remove(path, error) && !error;
}

}  // namespace gpuselect::io
