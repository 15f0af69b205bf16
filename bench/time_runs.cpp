// time_runs RUNS WARMUP COMMAND [ARGS...] [--then COMMAND [ARGS...]]...: runs each COMMAND (no shell)
// WARMUP times unmeasured, then RUNS times with standard output sent to /dev/null, and prints one line
// per COMMAND, in order:
//   wall_median=<s> cpu_median=<s> wall_min=<s> cpu_min=<s> maxrss_kb=<KiB> runs=<RUNS> cpu_all=<s,...> wall_all=<s,...>
// Several commands run interleaved in rounds (A B C, A B C, ...), so a change of load on a shared
// machine falls on all of them alike: the ratio of two commands' figures in one round
// (bench/run_benchmarks.sh takes the median over rounds of cpu_all[i] / cpu_all[j]) is steadier
// than the ratio of medians taken minutes apart.
// wall is the whole process from fork to reaped exit (steady clock); cpu is its user + system time
// from wait4's rusage (microseconds), which other processes on a busy machine disturb much less;
// maxrss_kb is the largest peak resident set of any run (ru_maxrss, KiB on Linux).
// Exit 1 when a COMMAND cannot start or exits non-zero (its status is printed).
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct RunResult {
  double wall_seconds = 0;
  double cpu_seconds = 0;
  long maxrss_kb = 0;
  int status = 0;
};

double seconds_of(const timeval& value) {
  return static_cast<double>(value.tv_sec) + static_cast<double>(value.tv_usec) * 1e-6;
}

bool run_once(char** command, RunResult& result) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t child = ::fork();
  if (child < 0) return false;
  if (child == 0) {
    const int null_fd = ::open("/dev/null", O_WRONLY);
    if (null_fd >= 0) ::dup2(null_fd, STDOUT_FILENO);
    ::execvp(command[0], command);
    std::perror("time_runs: exec");
    std::_Exit(127);
  }
  int status = 0;
  rusage usage{};
  if (::wait4(child, &status, 0, &usage) != child) return false;
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  result.wall_seconds = elapsed.count();
  result.cpu_seconds = seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime);
  result.maxrss_kb = usage.ru_maxrss;
  result.status = status;
  return true;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2.0;
}

std::string joined(const std::vector<double>& values) {
  std::string text;
  for (const double value : values) {
    char number[32];
    std::snprintf(number, sizeof number, "%s%.6f", text.empty() ? "" : ",", value);
    text += number;
  }
  return text;
}

struct Measured {
  std::vector<char*> command;  // null-terminated for execvp
  std::vector<double> wall;
  std::vector<double> cpu;
  long maxrss_kb = 0;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: time_runs RUNS WARMUP COMMAND [ARGS...] [--then COMMAND [ARGS...]]...\n");
    return 2;
  }
  const int runs = std::atoi(argv[1]);
  const int warmup = std::atoi(argv[2]);
  if (runs < 1 || warmup < 0) {
    std::fprintf(stderr, "time_runs: RUNS must be >= 1 and WARMUP >= 0\n");
    return 2;
  }
  std::vector<Measured> commands(1);
  for (int index = 3; index < argc; ++index) {
    if (std::string_view(argv[index]) == "--then") {
      commands.emplace_back();
      continue;
    }
    commands.back().command.push_back(argv[index]);
  }
  for (auto& measured : commands) {
    if (measured.command.empty()) {
      std::fprintf(stderr, "time_runs: an empty COMMAND (nothing after --then?)\n");
      return 2;
    }
    measured.command.push_back(nullptr);
  }
  for (int round = 0; round < warmup + runs; ++round) {
    for (auto& measured : commands) {
      RunResult result;
      if (!run_once(measured.command.data(), result)) {
        std::perror("time_runs");
        return 1;
      }
      if (!WIFEXITED(result.status) || WEXITSTATUS(result.status) != 0) {
        std::fprintf(stderr, "time_runs: %s exited with status %d\n", measured.command[0],
                     WIFEXITED(result.status) ? WEXITSTATUS(result.status) : 128 + WTERMSIG(result.status));
        return 1;
      }
      if (round < warmup) continue;
      measured.wall.push_back(result.wall_seconds);
      measured.cpu.push_back(result.cpu_seconds);
      measured.maxrss_kb = std::max(measured.maxrss_kb, result.maxrss_kb);
    }
  }
  for (const auto& measured : commands) {
    std::printf("wall_median=%.6f cpu_median=%.6f wall_min=%.6f cpu_min=%.6f maxrss_kb=%ld runs=%d cpu_all=%s wall_all=%s\n",
                median(measured.wall), median(measured.cpu), *std::min_element(measured.wall.begin(), measured.wall.end()),
                *std::min_element(measured.cpu.begin(), measured.cpu.end()), measured.maxrss_kb, runs,
                joined(measured.cpu).c_str(), joined(measured.wall).c_str());
  }
  return 0;
}
