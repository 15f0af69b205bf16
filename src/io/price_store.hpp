#pragma once
// The price store of `catalog update` (docs/hardening.md "The price store"): the files, the writer
// lock and the order of the steps that make an update all-or-nothing. What the files hold and
// whether a new one is acceptable is the caller's business (a `check` callback).
//
// Layout of FOLDER ($XDG_DATA_HOME/gpuselect):
//   prices-YYYY-MM-DD.yaml              the current update (readers take the newest such name)
//   previous/NNNNNN-prices-YYYY-MM-DD.yaml   earlier good updates, NNNNNN rising; kept_previous_updates kept
//   .lock                               flock(2) of the one writer; readers never take it
//   .prices-YYYY-MM-DD.yaml.tmp-XXXXXX  a new file while it is written and checked
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuselect::io {

// Earlier good updates kept for `catalog update --rollback` (the current one is not counted).
constexpr std::size_t kept_previous_updates = 3;

struct StoredPrices {
  std::string path;   // the file
  std::string as_of;  // YYYY-MM-DD from its name
};

// "prices-YYYY-MM-DD.yaml" (digits where the date's digits go).
bool is_prices_name(std::string_view name);

// The current update: the newest prices-YYYY-MM-DD.yaml in `folder`; none when there is none.
std::optional<StoredPrices> current_prices(const std::string& folder);
// The kept earlier updates, newest first.
std::vector<StoredPrices> previous_prices(const std::string& folder);

// The exclusive writer lock of the store: flock(LOCK_EX | LOCK_NB) on FOLDER/.lock, created 0600
// with FOLDER (0700) when missing. Throws Error(kind io, where = FOLDER) naming the other writer's
// lock when it is held; released when the object dies (also when the process dies).
class StoreLock {
 public:
  explicit StoreLock(const std::string& folder);
  ~StoreLock();
  StoreLock(const StoreLock&) = delete;
  StoreLock& operator=(const StoreLock&) = delete;

 private:
  int fd_ = -1;
};

// Installs `content` as FOLDER/prices-<as_of>.yaml, all or nothing; the caller holds the StoreLock.
// 1. temporaries left by a writer that died are removed;
// 2. the content is written to a temporary beside the current file (mode 0600), flushed;
// 3. check(temporary path) runs: it throws to refuse, and then the temporary is removed and nothing
//    else changes;
// 4. the current file is hard-linked into previous/ (the oldest beyond kept_previous_updates removed);
// 5. the temporary is renamed over prices-<as_of>.yaml (atomic: a reader opens the old file or the
//    new one, whole), the folder is flushed, then other prices-*.yaml files are removed.
// A reader that listed the folder before step 5 and opens after it finds its file gone: it lists
// again (read_current_prices). Throws Error(kind io) on a failed system call, the store unchanged
// up to step 5, and the new file in place after it.
void install_prices(const std::string& folder, const std::string& as_of, std::string_view content,
                    const std::function<void(const std::string& temporary)>& check);

// Makes the newest kept earlier update current again and removes the current file; the caller
// holds the StoreLock. Returns the restored update. Throws Error(where = "--rollback") when none is kept.
StoredPrices rollback_prices(const std::string& folder);

}  // namespace gpuselect::io
