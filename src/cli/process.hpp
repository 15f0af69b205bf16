#pragma once
// What a run keeps for the whole process (process.cpp): today's date, values kept until exit,
// the command line as a reader pastes it.
#include <string>
#include <utility>
#include <vector>

namespace gpuselect::cli {

// Today's date (UTC) as YYYY-MM-DD, or GPUSELECT_TODAY when set (tests pin it).
std::string today_utc();
// "gpuselect" and `arguments`, each quoted for a POSIX shell where it needs it ('it'\''s'), control
// characters neutralised: a command a reader of the HTML report can paste.
std::string shell_command_line(const std::vector<std::string>& arguments);

// Moves `value` to the heap and never destroys it. A command runs once and the process exits: the
// kernel releases a large catalog or ranking at once, where their destructors would free it object
// by object (about 5% of a recommend over 50,000 offerings). Kept reachable from a global list, so
// leak checkers do not report it.
std::vector<const void*>& objects_kept_until_exit();
template <typename T>
const T& keep_until_exit(T value) {
  const T* kept = new T(std::move(value));
  objects_kept_until_exit().push_back(kept);
  return *kept;
}

}  // namespace gpuselect::cli
