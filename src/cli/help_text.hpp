#pragma once
// --help in the language of the run (docs/cli.md "Language"): the summaries of the commands and
// their options in Simplified Chinese, one row per summary, keyed by the command path and the
// option's name; flag names, value types, choices and limits stay as written. The rows live here,
// beside the CLI's option tables (option_table.hpp), not in the message catalogue: --help is
// the CLI's own text, and only the CLI reads it.
#include <span>
#include <string>
#include <string_view>

#include "cli/cli11_fwd.hpp"
#include "gpuselect/messages.hpp"

namespace gpuselect::cli {

struct HelpRow {
  std::string_view command;  // the command path ("estimate", "catalog list"), or "" for every command
  std::string_view name;     // "--budget", a positional's name ("ids"), or "(command)": the command's summary
  std::string_view zh_cn;
};
std::span<const HelpRow> help_rows();

// The Chinese summary of `name` under the command at `path` (its own row, else the row for every
// command), or "" when there is none.
std::string_view help_summary(std::string_view path, std::string_view name);

// Says the help of `app` (and every command under it) in `lang`: the summaries, the section
// labels and the footers' lead words; each option's limits (" [1 to 1e6]", added by
// describe_options, which runs first) are kept. English leaves the tree as it is.
void say_help_in(CLI::App& app, text::Lang lang);

// Sets the footer --help prints under `command`'s options (examples, exit codes), so that a command's
// file need not include <CLI/CLI.hpp> for that one call.
void set_help_footer(CLI::App& command, const std::string& footer);

}  // namespace gpuselect::cli
