#include "io/price_store.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "io/files.hpp"

namespace gpuselect::io {

namespace {

constexpr std::string_view prices_prefix = "prices-";
constexpr std::string_view prices_suffix = ".yaml";
constexpr std::size_t sequence_digits = 6;  // previous/NNNNNN-...: a million updates before it wraps the sort

std::string errno_text(int error_number) { return std::strerror(error_number); }

// `what`: a message with the reason, "cannot lock: {}".
[[noreturn]] void store_failure(const std::string& where, text::Msg what, int error_number) {
  throw Error::said(ErrorKind::io, where, text::words(what, errno_text(error_number)),
                    text::words(text::Msg::hint_store_unchanged));
}

void make_private_folder(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) return;
  make_folders(std::filesystem::path(path).parent_path().string());
  if (::mkdir(path.c_str(), 0700) != 0 && errno != EEXIST) store_failure(path, text::Msg::err_cannot_create_folder, errno);
}

void flush_folder(const std::string& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);  // best effort: the rename is done; this only hastens it to the disk
  ::close(fd);
}

std::string previous_folder(const std::string& folder) { return folder + "/previous"; }

// "NNNNNN-prices-YYYY-MM-DD.yaml" -> its sequence number, or -1.
long sequence_of(std::string_view name) {
  if (name.size() <= sequence_digits + 1 || name[sequence_digits] != '-') return -1;
  if (!is_prices_name(name.substr(sequence_digits + 1))) return -1;
  long value = 0;
  for (std::size_t i = 0; i < sequence_digits; ++i) {
    if (name[i] < '0' || name[i] > '9') return -1;
    value = value * 10 + (name[i] - '0');
  }
  return value;
}

std::string date_of(std::string_view prices_name) {
  return std::string(prices_name.substr(prices_prefix.size(), 10));
}

}  // namespace

bool is_prices_name(std::string_view name) {
  if (name.size() != prices_prefix.size() + 10 + prices_suffix.size()) return false;
  if (!name.starts_with(prices_prefix) || !name.ends_with(prices_suffix)) return false;
  const std::string_view date = name.substr(prices_prefix.size(), 10);
  for (std::size_t i = 0; i < date.size(); ++i) {
    const bool dash = i == 4 || i == 7;
    if (dash ? date[i] != '-' : (date[i] < '0' || date[i] > '9')) return false;
  }
  return true;
}

std::optional<StoredPrices> current_prices(const std::string& folder) {
  std::optional<StoredPrices> newest;
  for (const auto& name : list_folder(folder)) {  // sorted: the last match is the newest date
    if (is_prices_name(name)) newest = StoredPrices{folder + "/" + name, date_of(name)};
  }
  return newest;
}

std::vector<StoredPrices> previous_prices(const std::string& folder) {
  std::vector<StoredPrices> kept;
  const std::string previous = previous_folder(folder);
  for (const auto& name : list_folder(previous)) {
    if (sequence_of(name) >= 0) kept.push_back({previous + "/" + name, date_of(name.substr(sequence_digits + 1))});
  }
  std::reverse(kept.begin(), kept.end());
  return kept;
}

StoreLock::StoreLock(const std::string& folder) {
  make_private_folder(folder);
  const std::string path = folder + "/.lock";
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd_ < 0) store_failure(path, text::Msg::store_cannot_open_lock, errno);
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error_number = errno;
    ::close(fd_);
    fd_ = -1;
    if (error_number == EWOULDBLOCK) {
      throw Error::said(ErrorKind::io, folder, text::words(text::Msg::err_store_locked, path),
                        text::words(text::Msg::hint_store_locked));
    }
    store_failure(path, text::Msg::store_cannot_lock, error_number);
  }
}

StoreLock::~StoreLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the flock
}

void install_prices(const std::string& folder, const std::string& as_of, std::string_view content,
                    const std::function<void(const std::string& temporary)>& check) {
  const std::string name = std::string(prices_prefix) + as_of + std::string(prices_suffix);
  const std::string target = folder + "/" + name;
  // 1. Leftovers of a writer that died (the lock says none is running now).
  for (const auto& entry : list_folder(folder)) {
    if (entry.starts_with(".prices-") && entry.find(".tmp-") != std::string::npos) remove_file(folder + "/" + entry);
  }
  // 2. The new file beside the old one.
  std::string temporary = folder + "/." + name + ".tmp-XXXXXX";
  const int fd = ::mkstemp(temporary.data());  // mode 0600: the file may hold private quotes
  if (fd < 0) store_failure(folder, text::Msg::store_cannot_create_file, errno);
  const auto discard = [&] { ::unlink(temporary.c_str()); };
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t put = ::write(fd, content.data() + written, content.size() - written);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) {
      const int error_number = put < 0 ? errno : ENOSPC;
      ::close(fd);
      discard();
      store_failure(temporary, text::Msg::store_cannot_write, error_number);
    }
    written += static_cast<std::size_t>(put);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    const int error_number = errno;
    discard();
    store_failure(temporary, text::Msg::store_cannot_flush, error_number);
  }
  // 3. Loaded and judged before it replaces anything.
  try {
    check(temporary);
  } catch (...) {
    discard();
    throw;
  }
  // 4. The current file stays reachable in previous/ (a hard link: readers holding it are unaffected).
  const std::optional<StoredPrices> current = current_prices(folder);
  if (current) {
    const std::string previous = previous_folder(folder);
    make_private_folder(previous);
    long next = 0;
    for (const auto& entry : list_folder(previous)) next = std::max(next, sequence_of(entry) + 1);
    const std::string current_name = current->path.substr(folder.size() + 1);
    const std::string kept = previous + "/" + fmt::format("{:0{}}-", next, sequence_digits) + current_name;
    if (::link(current->path.c_str(), kept.c_str()) != 0) {
      const int error_number = errno;
      discard();
      store_failure(kept, text::Msg::store_cannot_keep, error_number);
    }
    const std::vector<StoredPrices> all = previous_prices(folder);
    for (std::size_t i = kept_previous_updates; i < all.size(); ++i) remove_file(all[i].path);
  }
  // 5. The switch: one rename.
  if (::rename(temporary.c_str(), target.c_str()) != 0) {
    const int error_number = errno;
    discard();
    store_failure(target, text::Msg::store_cannot_replace, error_number);
  }
  flush_folder(folder);
  for (const auto& entry : list_folder(folder)) {
    if (is_prices_name(entry) && entry != name) remove_file(folder + "/" + entry);
  }
}

StoredPrices rollback_prices(const std::string& folder) {
  const std::vector<StoredPrices> kept = previous_prices(folder);
  if (kept.empty()) {
    throw Error::said("--rollback", text::words(text::Msg::err_no_earlier_update, previous_folder(folder)),
                      text::words(text::Msg::hint_no_earlier_update));
  }
  const StoredPrices& restore = kept.front();
  const std::string name = std::string(prices_prefix) + restore.as_of + std::string(prices_suffix);
  const std::string target = folder + "/" + name;
  if (::rename(restore.path.c_str(), target.c_str()) != 0) store_failure(target, text::Msg::store_cannot_restore, errno);
  flush_folder(folder);
  for (const auto& entry : list_folder(folder)) {
    if (is_prices_name(entry) && entry != name) remove_file(folder + "/" + entry);
  }
  return {target, restore.as_of};
}

}  // namespace gpuselect::io
