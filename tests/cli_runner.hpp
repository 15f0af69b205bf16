#pragma once
// Runs the built gpuselect binary end to end and captures exit code, stdout and stderr.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace gpuselect::testing {

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A fresh, empty folder under the system temporary folder, removed by the destructor.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "gpuselect-test-XXXXXX").string();
    path_ = ::mkdtemp(pattern.data());
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path write(const std::string& name, const std::string& content) const {
    const auto file = path_ / name;
    std::ofstream(file, std::ios::binary) << content;
    return file;
  }

 private:
  std::filesystem::path path_;
};

// Runs `gpuselect args...` with `environment` ("NAME=value" words prefixed via env; they come after
// GPUSELECT_CHECK_INVARIANTS=1 and LANG=C and may override them) and no config file from the user's home
// (XDG_CONFIG_HOME points at an empty folder); the parsed-catalog cache goes to an empty folder of
// the run (XDG_CACHE_HOME; `environment` may name a folder shared by several runs).
inline RunResult run_gpuselect(const std::vector<std::string>& args, const std::vector<std::string>& environment = {}) {
  TempDir scratch;
  // Every ranking the binary makes is checked (GPUSELECT_CHECK_INVARIANTS, docs/cli.md "Global options").
  // The locale is pinned (LANG=C, no LC_ALL or LC_MESSAGES): output is English on any test machine
  // unless a test asks for another language.
  std::string command =
      "env -u GPUSELECT_CATALOG -u NO_COLOR -u COLUMNS -u GPUSELECT_TODAY -u LC_ALL -u LC_MESSAGES LANG=C "
      "GPUSELECT_CHECK_INVARIANTS=1 XDG_CONFIG_HOME=";
  command += shell_quote(scratch.path().string());
  command += " XDG_DATA_HOME=" + shell_quote(scratch.path().string());
  command += " XDG_CACHE_HOME=" + shell_quote((scratch.path() / "cache").string());
  for (const auto& assignment : environment) {
    command += ' ';
    command += shell_quote(assignment);
  }
  command += ' ';
  command += shell_quote(GPUSELECT_BINARY);
  for (const auto& arg : args) {
    command += ' ';
    command += shell_quote(arg);
  }
  const auto out_path = scratch.path() / "stdout";
  const auto err_path = scratch.path() / "stderr";
  command += " >";
  command += shell_quote(out_path.string());
  command += " 2>";
  command += shell_quote(err_path.string());
  command += " </dev/null";
  const int status = std::system(command.c_str());
  RunResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.out = read_file(out_path);
  result.err = read_file(err_path);
  return result;
}

inline int count_lines(const std::string& text) {
  int lines = 0;
  for (char c : text) lines += c == '\n' ? 1 : 0;
  return lines;
}

}  // namespace gpuselect::testing
