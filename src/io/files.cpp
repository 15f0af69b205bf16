#include "io/files.hpp"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csetjmp>  // sigsetjmp, siglongjmp (POSIX, declared by glibc's setjmp.h)
#include <climits>
#include <csignal>
#include <cstdio>
#include <functional>
#include <ostream>
#include <streambuf>
#include <vector>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"

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
std::size_t open_for_reading(const std::string& path, std::size_t max_bytes, FileDescriptor& fd,
                             const text::Words& too_large_hint, bool* stream = nullptr) {
  fd.reset(path == "-" ? ::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0) : ::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) {
    const int error_number = errno;
    throw Error::said(ErrorKind::io, path, text::words(text::Msg::err_cannot_open, errno_text(error_number)),
                      text::words(error_number == ENOENT ? text::Msg::hint_check_path : text::Msg::hint_check_permissions));
  }
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) {
    throw Error::said(ErrorKind::io, path, text::words(text::Msg::err_cannot_stat, errno_text(errno)),
                      text::words(text::Msg::hint_check_path));
  }
  if (S_ISDIR(info.st_mode)) {
    throw Error::said(ErrorKind::io, path, text::words(text::Msg::err_is_directory),
                      text::words(text::Msg::hint_name_yaml_inside));
  }
  if (stream != nullptr) *stream = !S_ISREG(info.st_mode);
  if (!S_ISREG(info.st_mode)) return 0;
  if (static_cast<std::size_t>(info.st_size) > max_bytes) {
    throw Error::said(path, text::words(text::Msg::err_file_too_large, info.st_size, max_bytes), too_large_hint);
  }
  return static_cast<std::size_t>(info.st_size);
}

// One read() that retries on EINTR; throws on failure.
std::size_t read_some(int fd, char* buffer, std::size_t size, const std::string& path) {
  for (;;) {
    const ssize_t got = ::read(fd, buffer, size);
    if (got >= 0) return static_cast<std::size_t>(got);
    if (errno != EINTR) {
      throw Error::said(ErrorKind::io, path, text::words(text::Msg::err_cannot_read, errno_text(errno)),
                        text::words(text::Msg::hint_check_permissions));
    }
  }
}

}  // namespace

FileStream::FileStream(const std::string& path, std::size_t max_bytes, const text::Words& too_large_hint)
    : path_(path) {
  FileDescriptor fd(-1);
  size_ = open_for_reading(path, max_bytes, fd, too_large_hint, &stream_);
  fd_ = fd.release();
}

FileStream::~FileStream() {
  if (fd_ >= 0) ::close(fd_);
}

std::size_t FileStream::read(char* buffer, std::size_t size) { return read_some(fd_, buffer, size, path_); }

namespace {
FileStream::Stat stat_of(const struct ::stat& status) {
  constexpr std::int64_t ns_per_s = 1'000'000'000;
  FileStream::Stat stat;
  stat.device = static_cast<std::uint64_t>(status.st_dev);
  stat.inode = static_cast<std::uint64_t>(status.st_ino);
  stat.bytes = static_cast<std::uint64_t>(status.st_size);
  stat.mtime_ns = static_cast<std::int64_t>(status.st_mtim.tv_sec) * ns_per_s + status.st_mtim.tv_nsec;
  stat.ctime_ns = static_cast<std::int64_t>(status.st_ctim.tv_sec) * ns_per_s + status.st_ctim.tv_nsec;
  return stat;
}
}  // namespace

bool stat_open_file(int fd, FileStream::Stat& stat) {
  struct ::stat status {};
  if (fd < 0 || ::fstat(fd, &status) != 0) return false;
  stat = stat_of(status);
  return true;
}

bool stat_path(const std::string& path, FileStream::Stat& stat) {
  struct ::stat status {};
  if (::stat(path.c_str(), &status) != 0) return false;
  stat = stat_of(status);
  return true;
}

bool FileStream::stat(Stat& stat) const { return !stream_ && stat_open_file(fd_, stat); }

namespace {
// Where a SIGBUS while visit_guarded reads a mapping returns to (this thread's; null outside it).
thread_local sigjmp_buf* bus_return = nullptr;

extern "C" void on_bus_error(int signal_number) {
  if (bus_return != nullptr) siglongjmp(*bus_return, 1);  // NOLINT(cert-err52-cpp): see visit_guarded
  // A SIGBUS elsewhere: what the default action would have done.
  ::signal(signal_number, SIG_DFL);
  ::raise(signal_number);
}

// Restores the SIGBUS action it replaced when it leaves scope.
class BusHandler {
 public:
  BusHandler() {
    struct sigaction action {};
    action.sa_handler = on_bus_error;
    sigemptyset(&action.sa_mask);
    installed_ = ::sigaction(SIGBUS, &action, &previous_) == 0;
  }
  ~BusHandler() {
    bus_return = nullptr;
    if (installed_) ::sigaction(SIGBUS, &previous_, nullptr);
  }
  BusHandler(const BusHandler&) = delete;
  BusHandler& operator=(const BusHandler&) = delete;
  bool installed() const { return installed_; }

 private:
  struct sigaction previous_ {};
  bool installed_ = false;
};

// `visit` over `size` mapped bytes in pieces; false when a page went missing (the file shrank). The
// jump back skips only the frames of `visit` and what it calls, which hold no object with a
// destructor (the digests' arithmetic; [csetjmp.syn] allows siglongjmp over such frames).
bool visit_guarded(const char* data, std::size_t size, const FileStream::Visitor& visit) {
  const BusHandler handler;
  if (!handler.installed()) return false;
  sigjmp_buf jump;
  if (sigsetjmp(jump, 1) != 0) return false;  // NOLINT(cert-err52-cpp): the SIGBUS path above
  bus_return = &jump;
  constexpr std::size_t piece_bytes = std::size_t{1} << 20;
  for (std::size_t at = 0; at < size; at += piece_bytes) visit(data + at, std::min(piece_bytes, size - at));
  return true;
}
}  // namespace

bool FileStream::visit_mapped(const Visitor& visit) {
  if (stream_ || fd_ < 0) return false;
  // MAP_POPULATE: the pages (in the page cache after any earlier read) are mapped in one call, not
  // one fault per 16 of them. A file system that maps nothing is read from its first byte instead.
  void* const data = size_ > 0 ? ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd_, 0) : MAP_FAILED;
  if (data != MAP_FAILED) {
    const bool whole = visit_guarded(static_cast<const char*>(data), size_, visit);
    ::munmap(data, size_);
    if (!whole) return false;
    if (::lseek(fd_, static_cast<off_t>(size_), SEEK_SET) < 0) return false;
  }
  std::vector<char> buffer(std::size_t{1} << 16);
  while (const std::size_t got = read(buffer.data(), buffer.size())) visit(buffer.data(), got);
  return true;
}

SpoolFile::SpoolFile(const std::string& folder, std::string where) : where_(std::move(where)) {
  fd_ = ::open(folder.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd_ < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {  // no O_TMPFILE here
    std::string path = folder + "/.spool-XXXXXX";
    fd_ = ::mkostemp(path.data(), O_CLOEXEC);
    if (fd_ >= 0) ::unlink(path.c_str());
  }
  if (fd_ < 0) {
    throw Error::said(ErrorKind::io, where_, text::words(text::Msg::err_temp_create, folder, errno_text(errno)),
                      text::words(text::Msg::hint_space_and_folder));
  }
}

SpoolFile::~SpoolFile() {
  if (fd_ >= 0) ::close(fd_);
}

void SpoolFile::write(const char* data, std::size_t size) {
  if (size == 0) return;
  last_byte_ = data[size - 1];
  while (size > 0) {
    const ssize_t done = ::write(fd_, data, size);
    if (done < 0) {
      if (errno == EINTR) continue;
      throw Error::said(ErrorKind::io, where_, text::words(text::Msg::err_temp_write, errno_text(errno)),
                        text::words(text::Msg::hint_temp_space));
    }
    data += done;
    size -= static_cast<std::size_t>(done);
    size_ += static_cast<std::size_t>(done);
  }
}

void SpoolFile::clear() {
  if (::ftruncate(fd_, 0) != 0 || ::lseek(fd_, 0, SEEK_SET) != 0) {
    throw Error::said(ErrorKind::io, where_, text::words(text::Msg::err_temp_empty, errno_text(errno)),
                      text::words(text::Msg::hint_try_again));
  }
  size_ = 0;
  last_byte_ = '\0';
}

void SpoolFile::rewind() {
  if (::lseek(fd_, 0, SEEK_SET) != 0) {
    throw Error::said(ErrorKind::io, where_, text::words(text::Msg::err_temp_read, errno_text(errno)),
                      text::words(text::Msg::hint_try_again));
  }
}

std::size_t SpoolFile::read(char* buffer, std::size_t size) { return read_some(fd_, buffer, size, where_); }

std::string read_text(const std::string& path, std::size_t max_bytes, const text::Words& too_large_hint) {
  FileDescriptor fd(-1);
  const std::size_t size = open_for_reading(path, max_bytes, fd, too_large_hint);
  std::string content;
  content.reserve(size);
  char buffer[1 << 16];
  for (;;) {
    const std::size_t got = read_some(fd.get(), buffer, sizeof buffer, path);
    if (got == 0) break;
    if (content.size() + got > max_bytes) {
      throw Error::said(path, text::words(text::Msg::err_input_too_large, max_bytes), too_large_hint);
    }
    content.append(buffer, got);
  }
  return content;
}

namespace {

// The temporary file of write_output, for the signal handler: a fixed buffer (no allocation in the
// handler), armed only while the file exists.
char pending_temporary[PATH_MAX + 1];
volatile std::sig_atomic_t temporary_armed = 0;
constexpr int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

extern "C" void remove_temporary_and_die(int signal_number) {
  if (temporary_armed != 0) ::unlink(pending_temporary);  // unlink, signal, raise: async-signal-safe
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

// Installs the handler for the lifetime of the object (a signal the process ignores stays
// ignored) and tracks the temporary; signals are blocked while the path is armed or disarmed.
class TemporaryGuard {
 public:
  TemporaryGuard() {
    struct sigaction action {};
    action.sa_handler = remove_temporary_and_die;
    sigemptyset(&action.sa_mask);
    for (std::size_t i = 0; i < std::size(cleanup_signals); ++i) {
      ::sigaction(cleanup_signals[i], nullptr, &previous_[i]);
      if (previous_[i].sa_handler != SIG_IGN) ::sigaction(cleanup_signals[i], &action, nullptr);
    }
  }
  ~TemporaryGuard() {
    disarm();
    for (std::size_t i = 0; i < std::size(cleanup_signals); ++i)
      ::sigaction(cleanup_signals[i], &previous_[i], nullptr);
  }
  TemporaryGuard(const TemporaryGuard&) = delete;
  TemporaryGuard& operator=(const TemporaryGuard&) = delete;

  // mkstemp with the signals blocked, so a signal never sees a file that is not armed.
  int create(std::string& path_template) {
    const Blocked blocked;
    const int fd = ::mkstemp(path_template.data());
    if (fd >= 0 && path_template.size() <= PATH_MAX) {
      std::memcpy(pending_temporary, path_template.c_str(), path_template.size() + 1);
      temporary_armed = 1;
    }
    return fd;
  }
  // After the rename or the unlink of the temporary.
  void disarm() {
    const Blocked blocked;
    temporary_armed = 0;
  }

 private:
  struct Blocked {
    sigset_t previous{};
    Blocked() {
      sigset_t set;
      sigemptyset(&set);
      for (const int signal_number : cleanup_signals) sigaddset(&set, signal_number);
      ::sigprocmask(SIG_BLOCK, &set, &previous);
    }
    ~Blocked() { ::sigprocmask(SIG_SETMASK, &previous, nullptr); }
    Blocked(const Blocked&) = delete;
    Blocked& operator=(const Blocked&) = delete;
  };
  struct sigaction previous_[std::size(cleanup_signals)]{};
};

// `what`: a message with the quoted path and the reason, "cannot write {0}: {1}".
[[noreturn]] void output_failure(text::Msg what, const std::string& path, int error_number, text::Msg hint) {
  throw Error::said(ErrorKind::io, "--output", text::words(what, text::quoted(path), errno_text(error_number)),
                    text::words(hint));
}

// An ostream's buffer over a file descriptor: 64 KiB at a time, retrying on EINTR. A failed write
// is remembered (errno) and the stream goes bad; the caller turns that into one error.
class DescriptorBuffer : public std::streambuf {
 public:
  explicit DescriptorBuffer(int fd) : fd_(fd), buffer_(std::size_t{64} * 1024) { setp(buffer_.data(), buffer_.data() + buffer_.size()); }
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

// Runs `draw` over the descriptor; the errno of the first failed write, or 0.
int draw_into(int fd, const Draw& draw) {
  DescriptorBuffer buffer(fd);
  std::ostream out(&buffer);
  draw(out);
  buffer.flush_all();
  return buffer.error();
}

mode_t new_file_mode() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return static_cast<mode_t>(0666 & ~mask);
}

// The file a chain of symbolic links ends at (it may not exist yet); `path` when it is no link.
std::string link_target(const std::string& path) {
  std::string current = path;
  for (int hops = 0; hops < 40; ++hops) {  // 40: Linux's own limit on links followed (MAXSYMLINKS)
    struct stat info {};
    if (::lstat(current.c_str(), &info) != 0 || !S_ISLNK(info.st_mode)) return current;
    std::string target(PATH_MAX, '\0');
    const ssize_t length = ::readlink(current.c_str(), target.data(), target.size());
    if (length < 0) return current;
    target.resize(static_cast<std::size_t>(length));
    if (target.front() != '/') {
      const auto slash = current.find_last_of('/');
      if (slash != std::string::npos) target = current.substr(0, slash + 1) + target;
    }
    current = target;
  }
  output_failure(text::Msg::out_cannot_follow, path, ELOOP, text::Msg::hint_fix_symlinks);
}

void replace_atomically(const std::string& path, const Draw& draw, std::optional<mode_t> existing_mode,
                        const std::function<void()>& before_rename) {
  const auto slash = path.find_last_of('/');
  const std::string folder = slash == std::string::npos ? "." : path.substr(0, slash == 0 ? 1 : slash);
  const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  TemporaryGuard guard;
  // The folder, held open: the temporary is removed through it (unlinkat), so it is cleaned up even
  // when the folder is renamed or moved while the output is written.
  const FileDescriptor folder_fd(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  std::string temporary = folder + "/." + base + ".tmp-XXXXXX";
  FileDescriptor fd(guard.create(temporary));
  if (fd.get() < 0) {
    output_failure(text::Msg::out_cannot_create_in, folder, errno, text::Msg::hint_folder_writable);
  }
  const std::string temporary_name = temporary.substr(temporary.find_last_of('/') + 1);
  const auto remove_temporary = [&] {
    if (folder_fd.get() < 0 || ::unlinkat(folder_fd.get(), temporary_name.c_str(), 0) != 0) {
      ::unlink(temporary.c_str());
    }
    guard.disarm();
  };
  auto fail = [&](text::Msg what, int error_number) {
    remove_temporary();
    output_failure(what, path, error_number, text::Msg::hint_space_permissions);
  };
  int write_error = 0;
  try {
    write_error = draw_into(fd.get(), draw);
  } catch (...) {
    remove_temporary();
    throw;
  }
  if (write_error != 0) fail(text::Msg::out_cannot_write, write_error);
  const mode_t mode = existing_mode ? (*existing_mode & 07777) : new_file_mode();
  if (::fchmod(fd.get(), mode) != 0 || ::fsync(fd.get()) != 0) fail(text::Msg::out_cannot_flush, errno);
  if (::close(fd.release()) != 0) fail(text::Msg::out_cannot_close, errno);
  if (before_rename) before_rename();
  if (::rename(temporary.c_str(), path.c_str()) != 0) fail(text::Msg::out_cannot_replace, errno);
  guard.disarm();
}

// The descriptor that /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N name: written as it is
// (reopening would start at offset 0 of a file opened for appending, and a pipe has no path).
std::optional<int> open_descriptor(const std::string& path) {
  if (path == "/dev/stdout") return STDOUT_FILENO;
  if (path == "/dev/stderr") return STDERR_FILENO;
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (path.size() > prefix.size() && path.size() <= prefix.size() + 4 &&
        path.compare(0, prefix.size(), prefix) == 0 &&
        path.find_first_not_of("0123456789", prefix.size()) == std::string::npos) {
      return std::stoi(path.substr(prefix.size()));
    }
  }
  return std::nullopt;
}

void write_in_place(int fd, const std::string& path, const Draw& draw) {
  if (const int error_number = draw_into(fd, draw); error_number != 0) {
    output_failure(text::Msg::out_cannot_write, path, error_number, text::Msg::hint_space_permissions_pipe);
  }
}

}  // namespace

void write_descriptor(int fd, const std::string& where, const Draw& draw, const text::Words& hint) {
  if (const int error_number = draw_into(fd, draw); error_number != 0) {
    throw Error::said(ErrorKind::io, where, text::words(text::Msg::err_write_failed, errno_text(error_number)), hint);
  }
}

void write_output_streamed(const std::string& path, const Draw& draw, const std::function<void()>& before_rename) {
  if (path.empty()) {
    throw Error::said("--output", text::words(text::Msg::err_output_path_empty), text::words(text::Msg::hint_output_path));
  }
  if (const auto descriptor = open_descriptor(path)) {
    if (*descriptor == STDOUT_FILENO) std::fflush(stdout);  // whatever stdio holds goes first
    write_in_place(*descriptor, path, draw);
    return;
  }
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    if (errno != ENOENT) output_failure(text::Msg::out_cannot_inspect, path, errno, text::Msg::hint_path_permissions);
    // Nothing there, or a symbolic link to nothing yet: create the file the link names.
    replace_atomically(link_target(path), draw, std::nullopt, before_rename);
    return;
  }
  if (S_ISDIR(info.st_mode)) {
    throw Error::said(ErrorKind::io, "--output", text::words(text::Msg::err_output_is_directory, text::quoted(path)),
                      text::words(text::Msg::hint_name_file_inside));
  }
  if (S_ISREG(info.st_mode)) {
    replace_atomically(link_target(path), draw, info.st_mode, before_rename);
    return;
  }
  // A device, FIFO or socket: written in place, never replaced.
  FileDescriptor fd(::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC));
  if (fd.get() < 0) output_failure(text::Msg::out_cannot_open, path, errno, text::Msg::hint_path_permissions);
  write_in_place(fd.get(), path, draw);
  if (::close(fd.release()) != 0) output_failure(text::Msg::out_cannot_close, path, errno, text::Msg::hint_check_free_space);
}

void write_output(const std::string& path, std::string_view content, const std::function<void()>& before_rename) {
  write_output_streamed(
      path, [&](std::ostream& out) { out.write(content.data(), static_cast<std::streamsize>(content.size())); },
      before_rename);
}

bool is_terminal(int fd) { return ::isatty(fd) == 1; }

int terminal_width(int fd) {
  if (const char* columns = std::getenv("COLUMNS")) {
    // Any width a terminal can have; a wider one is taken as the widest that means anything.
    constexpr long widest = 100000;
    const long value = std::strtol(columns, nullptr, 10);
    if (value >= 20) return static_cast<int>(std::min(value, widest));
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
  if (error) {
    throw Error::said(ErrorKind::io, path, text::words(text::Msg::err_cannot_create_folder, error.message()),
                      text::words(text::Msg::hint_check_permissions_plain));
  }
}

bool remove_file(const std::string& path) {
  std::error_code error;
  return std::filesystem::remove(path, error) && !error;
}

}  // namespace gpuselect::io
