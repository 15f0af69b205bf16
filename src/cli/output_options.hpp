#pragma once
// --format, --output, --top, --pretty, --color and the format and style they resolve to
// (output_options.cpp), and writing the output (stdout_writer.cpp).
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli11_fwd.hpp"
#include "cli/global_options.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/render.hpp"

namespace gpuselect::cli {

// --format / --output / --top / --color handling shared by data-printing commands.
struct OutputOptions {
  std::string format;                 // empty = config or table
  std::optional<std::string> output;  // --output/-o; none or "-" = stdout
  std::string top;                    // text, validated: a positive number or "all"
  bool pretty = false;                // --pretty: indented JSON
};
void add_output_options(CLI::App& command, OutputOptions& options, bool with_top,
                        const std::vector<std::string>& formats);
render::Format resolve_format(const OutputOptions& options, const GlobalOptions& globals,
                              const std::vector<std::string>& allowed);
// The format resolve_format gives, or nothing where it throws (its error is reported where it is called).
std::optional<render::Format> format_if_valid(const OutputOptions& options, const GlobalOptions& globals,
                                              const std::vector<std::string>& allowed);
// The language of human output: --lang, else the config's lang, else the locale's (Settings::lang);
// an unknown name is an error at where it was given.
text::Lang resolve_lang(const GlobalOptions& globals);
render::Style make_style(const OutputOptions& options, const GlobalOptions& globals, render::Format format);
// Writes the text to stdout (no --output, or "-"), or to --output as io::write_output does. The
// human formats (table, markdown, csv) pass through render::terminal_safe first. Every failure
// throws Error(kind io): "stdout: <strerror>" or "--output: ...".
void emit(const OutputOptions& options, const std::string& text, std::optional<render::Format> format = std::nullopt,
          bool color = false);
// Writes to standard output and flushes; throws Error(io, "stdout", strerror) when that fails.
void write_stdout(std::string_view text);
// At exit: flushes stdout and reports a write error no one checked yet (--help, --version);
// returns the exit code to use.
// `earlier_errno`: errno right after an unchecked write (CLI11's help), used when fflush finds
// the error already set. `lang` gives the language of that error line (asked only when there is one).
int finish_stdout(int exit_code, int earlier_errno = 0, const std::function<text::Lang()>& lang = {});
// The same for output written as it is made (JSON of a large ranking or catalog): human formats
// pass through render::terminal_safe line by line. Call it only once every input is checked: what
// `draw` wrote to stdout before a failure stays there (--output stays atomic).
void emit_streamed(const OutputOptions& options, render::Format format, bool color,
                   const std::function<void(std::ostream&)>& draw);

}  // namespace gpuselect::cli
