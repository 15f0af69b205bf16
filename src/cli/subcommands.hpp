#pragma once
// The subcommand table (cmd_table.cpp) and the setup function each cmd_<name>.cpp defines.
#include <functional>
#include <string>
#include <vector>

#include "cli/cli11_fwd.hpp"
#include "cli/global_options.hpp"

namespace gpuselect::cli {

using Runner = std::function<int()>;

// One row of the subcommand table: its name, one-line summary, and a setup function that adds its
// options to `command` and returns the runner to call when it was chosen.
struct Subcommand {
  const char* name;
  const char* summary;
  Runner (*setup)(CLI::App& command, GlobalOptions& globals);
};

// The table (cmd_table.cpp): every subcommand, in --help order.
const std::vector<Subcommand>& subcommands();

// Each cmd_<name>.cpp defines one of these.
Runner setup_recommend(CLI::App& command, GlobalOptions& globals);
Runner setup_estimate(CLI::App& command, GlobalOptions& globals);
Runner setup_compare(CLI::App& command, GlobalOptions& globals);
Runner setup_catalog(CLI::App& command, GlobalOptions& globals);
Runner setup_config(CLI::App& command, GlobalOptions& globals);
Runner setup_completion(CLI::App& command, GlobalOptions& globals);
// `gpuselect __complete WORDS...` (called by the completion scripts): the candidates for the last
// word, one per line, given the words before it. Never fails on a broken catalog.
int run_complete(const CLI::App& root, const std::vector<std::string>& words);

}  // namespace gpuselect::cli
