#include "cli/launch_flags.hpp"

#include <charconv>
#include <cstdio>

#include <fmt/format.h>

#include "cli/app.hpp"
#include "cli/option_table.hpp"
#include "cli/option_values.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/launch.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::cli {

namespace {
const OptionRow<LaunchFlags> launch_options[] = {
    {{"--emit",
      "Write a launch file for a ranked row instead of the ranking: skypilot (task YAML) or dstack "
      "(task configuration)",
      "Launch"},
     &LaunchFlags::emit, {.type = "TOOL", .choices = launch::launcher_names}},
    {{"--pick", "The ranked row --emit launches, 1-based (default 1)", "Launch"}, &LaunchFlags::pick, {.type = "ROW"}},
};
}  // namespace

void add_launch_options(CLI::App& command, LaunchFlags& flags) { register_options(command, flags, launch_options); }

std::optional<LaunchRequest> parse_launch_flags(const LaunchFlags& flags, const OutputOptions& output) {
  if (flags.emit.empty()) {
    if (!flags.pick.empty()) {
      throw Error::said("--pick", text::words(text::Msg::err_pick_without_emit), text::words(text::Msg::hint_pick_without_emit));
    }
    return std::nullopt;
  }
  LaunchRequest request;
  const auto launcher = launch::parse_launcher(flags.emit);
  if (!launcher) {
    throw unknown_choice("--emit", "launcher", flags.emit, "recommend", "--emit");
  }
  request.launcher = *launcher;
  if (!output.format.empty()) {
    throw Error::said("--format", text::words(text::Msg::err_emit_with_format), text::words(text::Msg::hint_emit_with_format));
  }
  if (!flags.pick.empty()) {
    // A row number: digits only, at least 1 (a ranking holds far fewer than INT_MAX rows).
    int row = 0;
    const char* first = flags.pick.data();
    const char* last = first + flags.pick.size();
    const auto result = std::from_chars(first, last, row);
    if (result.ec != std::errc{} || result.ptr != last || row < 1) {
      throw Error::said("--pick", text::words(text::Msg::err_not_row, text::quoted(flags.pick)),
                        text::words(text::Msg::hint_row_from_one));
    }
    request.pick = row;
  }
  return request;
}

int emit_launch(const LaunchRequest& request, const OutputOptions& output, const catalog::Catalog& catalog,
                const workload::Profile& profile, const scoring::Ranking& ranking, text::Lang lang,
                const std::vector<std::string>& allowed_regions) {
  const auto rows = ranking.candidates.size();
  if (rows == 0) {
    const Error no_pick = Error::said(ErrorKind::no_match, "--emit", text::words(text::Msg::err_emit_no_match),
                                      text::words(text::Msg::hint_emit_no_match));
    std::fprintf(stderr, "gpuselect: error: %s\n", no_pick.line(lang).c_str());
    return exit_no_match;
  }
  if (static_cast<std::size_t>(request.pick) > rows) {
    throw Error::said("--pick", text::words(text::Msg::err_pick_out_of_range, request.pick, rows, rows == 1 ? "" : "s"),
                      text::words(text::Msg::hint_row_range, rows));
  }
  const auto& candidate = ranking.candidates[static_cast<std::size_t>(request.pick) - 1];
  emit(output, launch::launch_file(request.launcher, catalog, profile, ranking, candidate, request.pick, allowed_regions));
  return exit_ok;
}

}  // namespace gpuselect::cli
