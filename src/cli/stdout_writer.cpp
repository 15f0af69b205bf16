// Output leaving the process: standard output or --output (through src/io), made terminal-safe for
// the human formats, with write errors reported as one line.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "cli/command.hpp"
#include "cli/app.hpp"
#include "cli/output_options.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/format_traits.hpp"
#include "io/files.hpp"

namespace gpuselect::cli {

namespace {
constexpr const char* stdout_hint = "check free space, and that the program reading the pipe is still running";

[[noreturn]] void stdout_failure(int error_number) {
  throw Error(ErrorKind::io, "stdout", std::strerror(error_number), stdout_hint);
}
}  // namespace

void write_stdout(std::string_view text) {
  errno = 0;
  const std::size_t put = std::fwrite(text.data(), 1, text.size(), stdout);
  if (put != text.size() || std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    stdout_failure(errno != 0 ? errno : EIO);
  }
}

int finish_stdout(int exit_code, int earlier_errno) {
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    const int error_number = errno != 0 ? errno : earlier_errno != 0 ? earlier_errno : EIO;
    std::clearerr(stdout);
    if (exit_code != exit_ok) return exit_code;  // the first error was reported already
    std::fprintf(stderr, "gpuselect: error: %s\n",
                 Error(ErrorKind::io, "stdout", std::strerror(error_number), stdout_hint).line().c_str());
    return exit_io;
  }
  return exit_code;
}

void emit(const OutputOptions& options, const std::string& text, std::optional<render::Format> format, bool color) {
  const bool human = format && !render::traits(*format).escaped;
  const std::string safe = human ? render::terminal_safe(text, *format, color) : std::string();
  const std::string& shown = human ? safe : text;
  if (!options.output || *options.output == "-") {
    write_stdout(shown);
    return;
  }
  io::write_output(*options.output, shown);
}

void emit_streamed(const OutputOptions& options, render::Format format, bool color,
                   const std::function<void(std::ostream&)>& draw) {
  const bool human = !render::traits(format).escaped;
  const io::Draw safe_draw = [&](std::ostream& out) {
    if (!human) {
      draw(out);
      return;
    }
    render::TerminalSafeBuffer filter(out, format, color);
    std::ostream filtered(&filter);
    draw(filtered);
    filter.finish();
  };
  if (!options.output || *options.output == "-") {
    std::fflush(stdout);  // whatever stdio holds goes first
    io::write_descriptor(STDOUT_FILENO, "stdout", safe_draw, stdout_hint);
    return;
  }
  io::write_output_streamed(*options.output, safe_draw);
}

}  // namespace gpuselect::cli
