#pragma once
// recommend --emit / --pick: write a launch file (SkyPilot, dstack) for one ranked row instead of
// the ranking (docs/cli.md "Launch the pick").
#include <optional>
#include <string>
#include <vector>

#include "cli/cli11_fwd.hpp"
#include "cli/command.hpp"
#include "gpuselect/launch.hpp"
#include "gpuselect/scoring.hpp"

namespace gpuselect::cli {

struct LaunchFlags {
  std::string emit;  // "skypilot" | "dstack"; empty = print the ranking
  std::string pick;  // 1-based row; empty = 1
};
void add_launch_options(CLI::App& command, LaunchFlags& flags);

// Checks the flags before any ranking is made: the launcher's name, --pick's form, and that
// --pick and --format do not come without or beside --emit. Empty when --emit is not given.
struct LaunchRequest {
  launch::Launcher launcher = launch::Launcher::skypilot;
  int pick = 1;
};
std::optional<LaunchRequest> parse_launch_flags(const LaunchFlags& flags, const OutputOptions& output);

// Writes the launch file of row request.pick to stdout or --output (atomic, io::write_output);
// returns the exit code: 3 when nothing ranked (said on stderr in `lang`). Throws Error(--pick) for a row
// out of range and Error(--emit) for a provider the launcher does not support. `allowed_regions`: the
// ranking's expanded --region (launch::launch_file).
int emit_launch(const LaunchRequest& request, const OutputOptions& output, const catalog::Catalog& catalog,
                const workload::Profile& profile, const scoring::Ranking& ranking, text::Lang lang,
                const std::vector<std::string>& allowed_regions);

}  // namespace gpuselect::cli
