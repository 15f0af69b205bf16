#pragma once
// Runs gpuselect end to end and captures exit code, stdout and stderr: in this process by default
// (run_gpuselect), or the built binary in a child process (spawn_gpuselect).
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/app.hpp"

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

// The scenario date most end-to-end tests pin (GPUSELECT_TODAY): catalog ages and warnings depend on it.
inline const std::vector<std::string> today = {"GPUSELECT_TODAY=2026-12-01"};

// A table's text as one line: each line break and run of spaces one space (tables wrap their lines).
inline std::string one_line(const std::string& text) {
  std::string flat;
  for (const char c : text) {
    if (c == '\n' || c == ' ') {
      if (!flat.empty() && flat.back() != ' ') flat += ' ';
    } else {
      flat += c;
    }
  }
  return flat;
}

// `base` followed by `more`: a command line with a few more words.
inline std::vector<std::string> with(std::vector<std::string> base, const std::vector<std::string>& more) {
  base.insert(base.end(), more.begin(), more.end());
  return base;
}

// The environment of a run of gpuselect: no GPUSELECT_CATALOG, NO_COLOR, COLUMNS, GPUSELECT_TODAY,
// GPUSELECT_NO_CACHE, LC_ALL or LC_MESSAGES; LANG=C (output is English on any test machine unless a test asks for
// another language); every ranking checked (GPUSELECT_CHECK_INVARIANTS=1, docs/cli.md "Global options"); no config file
// from the user's home (XDG_CONFIG_HOME and XDG_DATA_HOME are the empty folder `scratch`); the parsed-catalog cache in
// the test process's own folder (GPUSELECT_TEST_CACHE_HOME, which tests/main.cpp sets when it made one), shared by its
// runs as a user's runs share theirs, so that a run after the first maps the image instead of parsing
// the catalog (under ASan at -O0, 0.15 s of CPU for a recommend instead of 0.44 s), else in
// `scratch`/cache. Then `environment` ("NAME=value" each), which may override any of these.
inline std::vector<std::string> run_environment(const std::filesystem::path& scratch,
                                                const std::vector<std::string>& environment) {
  // Read once, before any run's ScopedEnvironment changes the variable.
  static const std::string process_cache = [] {
    const char* folder = std::getenv("GPUSELECT_TEST_CACHE_HOME");
    return folder != nullptr ? std::string(folder) : std::string();
  }();
  const std::string cache = process_cache.empty() ? (scratch / "cache").string() : process_cache;
  std::vector<std::string> assignments = {"GPUSELECT_CATALOG", "NO_COLOR", "COLUMNS",
                                          "GPUSELECT_TODAY",   "GPUSELECT_NO_CACHE",
                                          "LC_ALL",            "LC_MESSAGES"};  // a name without '=': unset
  assignments.insert(assignments.end(),
                     {"LANG=C", "GPUSELECT_CHECK_INVARIANTS=1", "XDG_CONFIG_HOME=" + scratch.string(),
                      "XDG_DATA_HOME=" + scratch.string(), "XDG_CACHE_HOME=" + cache});
  assignments.insert(assignments.end(), environment.begin(), environment.end());
  return assignments;
}

// Runs the built binary `gpuselect args...` in a child process under run_environment, stdin from
// /dev/null: for tests of what only a process shows (main itself, signals, descriptors, the binary's
// own environment handling).
inline RunResult spawn_gpuselect(const std::vector<std::string>& args,
                                 const std::vector<std::string>& environment = {}) {
  TempDir scratch;
  std::string command = "env";
  for (const auto& assignment : run_environment(scratch.path(), environment)) {
    command += assignment.find('=') == std::string::npos ? " -u " : " ";
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

// Sets environment variables ("NAME=value"; a bare "NAME" unsets it) for its lifetime and restores the
// previous values after, the last set first. The tests are single-threaded.
class ScopedEnvironment {
 public:
  explicit ScopedEnvironment(const std::vector<std::string>& assignments) {
    for (const auto& assignment : assignments) {
      const auto equals = assignment.find('=');
      const std::string name = assignment.substr(0, equals);
      const char* old = std::getenv(name.c_str());
      previous_.push_back({name, old != nullptr ? std::optional<std::string>(old) : std::nullopt});
      if (equals == std::string::npos) {
        ::unsetenv(name.c_str());
      } else {
        ::setenv(name.c_str(), assignment.c_str() + equals + 1, 1);
      }
    }
  }
  ~ScopedEnvironment() {
    for (auto entry = previous_.rbegin(); entry != previous_.rend(); ++entry) {
      if (entry->second) {
        ::setenv(entry->first.c_str(), entry->second->c_str(), 1);
      } else {
        ::unsetenv(entry->first.c_str());
      }
    }
  }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

 private:
  std::vector<std::pair<std::string, std::optional<std::string>>> previous_;
};

// Points descriptors 0, 1 and 2 at /dev/null, `out` and `err` (both truncated) for its lifetime, as
// the shell does for a child, and puts the test's own descriptors back after. Whatever stdio holds is
// flushed before each switch, so neither side's output lands in the other's files.
class RedirectedDescriptors {
 public:
  RedirectedDescriptors(const std::filesystem::path& out, const std::filesystem::path& err) {
    flush_all();
    redirect(STDIN_FILENO, ::open("/dev/null", O_RDONLY | O_CLOEXEC));
    redirect(STDOUT_FILENO, ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600));
    redirect(STDERR_FILENO, ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600));
  }
  ~RedirectedDescriptors() {
    flush_all();
    for (const auto& [descriptor, saved] : saved_) {
      ::dup2(saved, descriptor);
      ::close(saved);
    }
    for (FILE* stream : {stdin, stdout, stderr}) std::clearerr(stream);
    std::cin.clear();
    std::cout.clear();
    std::cerr.clear();
  }
  RedirectedDescriptors(const RedirectedDescriptors&) = delete;
  RedirectedDescriptors& operator=(const RedirectedDescriptors&) = delete;

 private:
  static void flush_all() {
    std::cout.flush();
    std::cerr.flush();
    std::fflush(stdout);
    std::fflush(stderr);
  }
  void redirect(int descriptor, int opened) {
    if (opened < 0)
      throw std::runtime_error("cli_runner: cannot open a file for descriptor " + std::to_string(descriptor));
    saved_.emplace_back(descriptor, ::fcntl(descriptor, F_DUPFD_CLOEXEC, 10));
    ::dup2(opened, descriptor);
    ::close(opened);
  }
  std::vector<std::pair<int, int>> saved_;
};

// Runs `gpuselect args...` in this process (cli::run_in_process, the code the binary's main runs)
// under run_environment, with stdin from /dev/null and stdout and stderr captured through descriptors
// 1 and 2, as spawn_gpuselect would see them; the environment is restored after. With
// GPUSELECT_TEST_SPAWN=1 in the test's environment every run spawns the binary instead (to compare).
inline RunResult run_gpuselect(const std::vector<std::string>& args, const std::vector<std::string>& environment = {}) {
  if (const char* spawn = std::getenv("GPUSELECT_TEST_SPAWN"); spawn != nullptr && std::string_view(spawn) == "1") {
    return spawn_gpuselect(args, environment);
  }
  TempDir scratch;
  const auto out_path = scratch.path() / "stdout";
  const auto err_path = scratch.path() / "stderr";
  RunResult result;
  {
    const ScopedEnvironment scoped(run_environment(scratch.path(), environment));
    const RedirectedDescriptors redirected(out_path, err_path);
    result.exit_code = cli::run_in_process(args);
  }
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
