#pragma once
// The command line: argv in, exit code out. Only src/cli knows argv, stdout and exit codes.
#include <string>
#include <vector>

namespace gpuselect::cli {

// Exit codes (DESIGN.md): 0 ok, 1 runtime failure (I/O), 2 bad usage or input, 3 nothing fits.
enum ExitCode : int { exit_ok = 0, exit_io = 1, exit_bad_input = 2, exit_no_match = 3 };

// Runs `gpuselect arguments...` (the words after the program name) and returns its exit code: reads
// the environment and the config file, writes standard output and standard error (descriptors 1
// and 2). What it keeps stays until the process exits (keep_until_exit).
int run(const std::vector<std::string>& arguments);
// The binary: run(argv[1..argc)).
int main(int argc, char** argv);
// run, then releases what the run left in the process (the objects kept until exit, the digests of
// the catalog it loaded, a stored update found unusable, its logger, the alarm of __complete), so
// that the next run starts as in a fresh process: several commands in one process (the end-to-end
// tests).
int run_in_process(const std::vector<std::string>& arguments);

}  // namespace gpuselect::cli
