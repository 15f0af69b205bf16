#include "cli/launch_flags.hpp"

#include <charconv>
#include <cstdio>

#include <fmt/format.h>

#include "cli/app.hpp"
#include "cli/option_values.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::cli {

void add_launch_options(CLI::App& command, LaunchFlags& flags) {
  command
      .add_option("--emit", flags.emit,
                  "Write a launch file for a ranked row instead of the ranking: skypilot (task YAML) or dstack "
                  "(task configuration)")
      ->group("Launch");
  command.add_option("--pick", flags.pick, "The ranked row --emit launches, 1-based (default 1)")->group("Launch");
}

std::optional<LaunchRequest> parse_launch_flags(const LaunchFlags& flags, const OutputOptions& output) {
  if (flags.emit.empty()) {
    if (!flags.pick.empty()) {
      throw Error("--pick", "chooses the row that --emit launches, but --emit is not given",
                  "add --emit skypilot or --emit dstack");
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
    throw Error("--format", "--emit writes a launch file instead of the ranking, so --format does not apply",
                "drop --format, or run recommend twice (once with --emit, once with --format)");
  }
  if (!flags.pick.empty()) {
    // A row number: digits only, at least 1 (a ranking holds far fewer than INT_MAX rows).
    int row = 0;
    const char* first = flags.pick.data();
    const char* last = first + flags.pick.size();
    const auto result = std::from_chars(first, last, row);
    if (result.ec != std::errc{} || result.ptr != last || row < 1) {
      throw Error("--pick", text::quoted(flags.pick) + " is not a row number", "give a whole number from 1, e.g. --pick 2");
    }
    request.pick = row;
  }
  return request;
}

int emit_launch(const LaunchRequest& request, const OutputOptions& output, const catalog::Catalog& catalog,
                const workload::Profile& profile, const scoring::Ranking& ranking) {
  const auto rows = ranking.candidates.size();
  if (rows == 0) {
    std::fprintf(stderr,
                 "gpuselect: error: --emit: no offering satisfies the job and constraints, so there is no pick to "
                 "launch; run without --emit and with --show-excluded to see why\n");
    return exit_no_match;
  }
  if (static_cast<std::size_t>(request.pick) > rows) {
    throw Error("--pick", fmt::format("{} is out of range: the ranking has {} row{}", request.pick, rows, rows == 1 ? "" : "s"),
                fmt::format("give a row from 1 to {}", rows));
  }
  const auto& candidate = ranking.candidates[static_cast<std::size_t>(request.pick) - 1];
  emit(output, launch::launch_file(request.launcher, catalog, profile, ranking, candidate, request.pick));
  return exit_ok;
}

}  // namespace gpuselect::cli
