// --format, --output, --top, --pretty and --color: the options of every data-printing command and
// the format and style they resolve to.
#include "cli/output_options.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <span>
#include <string_view>

#include "cli/command.hpp"
#include "cli/option_table.hpp"
#include "cli/option_values.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/format_traits.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"
#include "io/files.hpp"

namespace gpuselect::cli {

namespace {
// One row per output option, in --help order: --top only where a command ranks rows, --pretty only
// where it writes JSON (add_output_options).
const OptionRow<OutputOptions> output_rows[] = {
    {{"--format", "Output format (default table)"}, &OutputOptions::format, {.choices = render::format_names, .setting = "format"}},
    {{"--output,-o", "Write to FILE (atomically for a regular file; - is standard output; docs/hardening.md)"},
     &OutputOptions::output, {.type = "FILE", .file = true}},
    {{"--top",
      "Ranked rows shown, or 'all' (table, markdown, html: default 10 or the config's top; json, csv: "
      "default all)"},
     &OutputOptions::top, {.type = "ROWS|all", .range = ranges::Quantity::top, .setting = "top"}},
    {{"--pretty", "Indent JSON for people (default compact, one line)"}, &OutputOptions::pretty},
};
}  // namespace

void add_output_options(CLI::App& command, OutputOptions& options, bool with_top,
                        const std::vector<std::string>& formats) {
  const std::span<const OptionRow<OutputOptions>> rows(output_rows);
  register_options(command, options, rows.first(2));
  // --format's choices are the command's formats (render::formats_of), not a fixed list.
  command.get_option("--format")->type_name(type_with_choices("FORMAT", formats));
  if (with_top) register_options(command, options, rows.subspan(2, 1));
  if (std::find(formats.begin(), formats.end(), "json") != formats.end())
    register_options(command, options, rows.subspan(3, 1));
}

std::optional<render::Format> format_if_valid(const OutputOptions& options, const GlobalOptions& globals,
                                              const std::vector<std::string>& allowed) {
  const bool from_flag = !options.format.empty();
  const Setting chosen_format = chosen(globals.settings, "format", options.format);
  const auto format = render::parse_format(chosen_format.value);
  if (!format) return std::nullopt;
  if (std::find(allowed.begin(), allowed.end(), chosen_format.value) == allowed.end()) {
    return from_flag ? std::nullopt : std::optional(render::Format::table);
  }
  return format;
}

render::Format resolve_format(const OutputOptions& options, const GlobalOptions& globals,
                              const std::vector<std::string>& allowed) {
  if (const auto format = format_if_valid(options, globals, allowed)) return *format;
  const Setting chosen_format = chosen(globals.settings, "format", options.format);
  throw unknown_id(chosen_format.origin, text::Msg::kind_format, chosen_format.value, allowed, one_of_words(allowed));
}

text::Lang resolve_lang(const GlobalOptions& globals) {
  const Setting chosen_lang = chosen(globals.settings, "lang", globals.lang);
  if (const auto lang = text::parse_lang(chosen_lang.value)) return *lang;
  throw unknown_choice(chosen_lang.origin, text::Msg::kind_language, chosen_lang.value, "", "--lang");
}

render::Style make_style(const OutputOptions& options, const GlobalOptions& globals, render::Format format) {
  render::Style style;
  style.lang = resolve_lang(globals);
  const bool to_terminal = (!options.output || *options.output == "-") && io::is_terminal(STDOUT_FILENO);
  // A terminal's width (COLUMNS wins); output for a pipe or file keeps a terminal's shape at
  // render::pipe_width_columns unless COLUMNS is set (tables wrap their long text there, nothing is cut).
  const char* columns = std::getenv("COLUMNS");
  style.width = to_terminal || (columns != nullptr && *columns != '\0') ? io::terminal_width(STDOUT_FILENO)
                                                                         : render::pipe_width_columns;
  const Setting chosen_color = chosen(globals.settings, "color", color_flag(globals));
  const std::string& color = chosen_color.value;
  if (color == "always") {
    style.color = true;
  } else if (color == "never") {
    style.color = false;
  } else if (color == "auto") {
    const char* no_color = std::getenv("NO_COLOR");
    const char* term = std::getenv("TERM");  // TERM=dumb: a terminal without escape sequences
    style.color = to_terminal && (no_color == nullptr || *no_color == '\0') &&
                  (term == nullptr || std::string_view(term) != "dumb");
  } else {
    throw unknown_choice(chosen_color.origin, text::Msg::kind_color_mode, color, "", "--color");
  }
  style.color = style.color && render::traits(format).colored;
  style.pretty = options.pretty;
  if (options.top == "all") {
    style.top = 0;
  } else {
    const Setting top = chosen(globals.settings, "top", options.top);
    style.top = parse_whole_quantity(top.value, top.origin, ranges::Quantity::top);
    // JSON and CSV show every row unless --top itself is given.
    if (!options.top.empty()) style.machine_top = style.top;
  }
  return style;
}

}  // namespace gpuselect::cli
