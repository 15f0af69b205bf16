#pragma once
// The command line: argv in, exit code out. Only src/cli knows argv, stdout and exit codes.
namespace gpuselect::cli {

// Exit codes (DESIGN.md): 0 ok, 1 runtime failure (I/O), 2 bad usage or input, 3 nothing fits.
enum ExitCode : int { exit_ok = 0, exit_io = 1, exit_bad_input = 2, exit_no_match = 3 };

int main(int argc, char** argv);

}  // namespace gpuselect::cli
