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
#include "gpuselect/messages.hpp"
#include "io/files.hpp"

namespace gpuselect::cli {

namespace {
Error stdout_error(int error_number) {
  return Error::said(ErrorKind::io, "stdout", text::words(text::Msg::err_write_failed, std::strerror(error_number)),
                     text::words(text::Msg::hint_stdout_failed));
}

[[noreturn]] void stdout_failure(int error_number) { throw stdout_error(error_number); }
}  // namespace

void write_stdout(std::string_view text) {
  errno = 0;
  const std::size_t put = std::fwrite(text.data(), 1, text.size(), stdout);
  if (put != text.size() || std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    stdout_failure(errno != 0 ? errno : EIO);
  }
}

int finish_stdout(int exit_code, int earlier_errno, const std::function<text::Lang()>& lang) {
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    const int error_number = errno != 0 ? errno : earlier_errno != 0 ? earlier_errno : EIO;
    std::clearerr(stdout);
    if (exit_code != exit_ok) return exit_code;  // the first error was reported already
    std::fprintf(stderr, "gpuselect: error: %s\n", stdout_error(error_number).line(lang ? lang() : text::Lang::en).c_str());
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
    io::write_descriptor(STDOUT_FILENO, "stdout", safe_draw, text::words(text::Msg::hint_stdout_failed));
    return;
  }
  io::write_output_streamed(*options.output, safe_draw);
}

}  // namespace gpuselect::cli
