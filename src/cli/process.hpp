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

// Moves `value` to the heap and does not destroy it before release_objects_kept_until_exit(), which
// the binary never calls. A command runs once and the process exits: the kernel releases a large
// catalog or ranking at once, where their destructors would free it object by object (about 5% of a
// recommend over 50,000 offerings). Kept reachable from a global list, so leak checkers do not
// report it; a process that runs several commands (run_in_process, the tests) releases them after each.
struct KeptObject {
  const void* object = nullptr;
  void (*destroy)(const void*) = nullptr;
};
std::vector<KeptObject>& objects_kept_until_exit();
template <typename T>
const T& keep_until_exit(T value) {
  const T* kept = new T(std::move(value));
  objects_kept_until_exit().push_back({kept, [](const void* object) { delete static_cast<const T*>(object); }});
  return *kept;
}
// Destroys the kept objects, the newest first (a ranking kept after its catalog refers to it).
void release_objects_kept_until_exit();

}  // namespace gpuselect::cli
