#include "cli/command.hpp"
#include "cli/subcommands.hpp"

namespace gpuselect::cli {

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> table = {
      {"recommend", "Rank offerings for a job: fit, time, cost, score and reasons", &setup_recommend},
      {"estimate", "Memory, compute, time, throughput and cost of a job on given hardware", &setup_estimate},
      {"compare", "Offerings side by side for a job: every criterion, indicator and estimate", &setup_compare},
      {"catalog", "Validate, browse and import the catalog of offerings", &setup_catalog},
      {"config", "Show the effective settings and where each came from", &setup_config},
      {"completion", "Print a shell completion script (bash, zsh, fish)", &setup_completion},
  };
  return table;
}

}  // namespace gpuselect::cli
