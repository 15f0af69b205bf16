#pragma once
// The option tables' row and their one registrar: every option of every command is one row (its CLI11
// names, --help line, group, whether it is required, the member it fills, and what its value is: the
// --help type, choices, range, completion ids, list or file, and the config-file setting it
// overrides, whose key, environment variable and default are its row of setting_fields), and
// register_options is the one place that hands rows to CLI11 (option_table.cpp: the only
// add_option/add_flag calls). It remembers each row's value columns, which --help, completion, the
// case of choices and the "choose one of" errors read back (option_values.hpp).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <CLI/CLI.hpp>

#include "gpuselect/ranges.hpp"

namespace gpuselect::cli {

// Which catalog ids a value names (completion offers them).
enum class CatalogIds : std::uint8_t { none, gpu, model, provider, offering, currency, any };

// What an option's value is: the value columns of its row (a flag needs none; write them with
// designated initialisers: {.type = "COUNT", .range = ranges::Quantity::max_nodes}).
struct OptionValues {
  std::string_view type = {};  // what --help shows for the value: "COUNT", "GPU"; "" = CLI11's (or set by the command)
  std::vector<std::string> (*choices)() = nullptr;  // the accepted names, from the tables in code (option_choices.hpp)
  CatalogIds ids = CatalogIds::none;                // the catalog ids completion offers
  bool list = false;                                // comma-separated values
  bool file = false;                                // a path (the shell completes it)
  std::optional<ranges::Quantity> range = {};       // its row of ranges::table, shown in --help
  std::string_view setting = {};  // the config-file key it overrides ("currency"): its row of setting_fields
  // The environment variable that sets a flag left off the command line (set, not empty and not "0":
  // on); "" = none. A setting's variable is its setting_fields row's.
  std::string_view environment = {};
};

// An option's row without its member: what CLI11 is told.
struct OptionSpec {
  OptionSpec(std::string_view names_, std::string help_, std::string_view group_ = {}, bool required_ = false)
      : names(names_), help(std::move(help_)), group(group_), required(required_) {}
  std::string_view names;  // CLI11's names: "--budget", "--output,-o", "-v,--verbose", a positional's "ids"
  std::string help;        // the --help line (its range, if any, is added from the row's values)
  std::string_view group;  // the --help group; "" = CLI11's "Options"
  bool required = false;   // a positional that must be given
};

// The member of `Owner` an option fills; its type says what the option is:
//   std::string, std::optional<std::string>  one value, as given (parsed where it is used)
//   std::vector<std::string>                   every value given (a repeatable option, positional words)
//   bool                                       a flag
//   int                                        a flag that counts its repeats (-vv)
template <typename Owner>
using OptionMember = std::variant<std::string Owner::*, std::optional<std::string> Owner::*,
                                  std::vector<std::string> Owner::*, bool Owner::*, int Owner::*>;

// One row of a command's option table: the option, the member of `Owner` it fills and what its value is.
template <typename Owner>
struct OptionRow {
  OptionSpec spec;
  OptionMember<Owner> member;
  OptionValues values = {};
};

// The registrar: adds one option to `command`, bound to `target` (the kind of option follows from the
// type, as in OptionMember), and remembers its values under the command's path and its names
// (registered_values). The only calls of CLI11's add_option and add_flag. A bool flag whose values
// name an environment variable starts on when the variable is set (not empty, not "0").
CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, const OptionValues& values,
                              std::string& target);
CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, const OptionValues& values,
                              std::optional<std::string>& target);
CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, const OptionValues& values,
                              std::vector<std::string>& target);
CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, const OptionValues& values, bool& target);
CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, const OptionValues& values, int& target);

// Throws std::logic_error naming the command and the name when two options of one command in the
// tree under `command` share a name (the check CLI11 makes pairwise as each option is added, which
// add_table_option skips: issue 33); runs once per process start, after every named command is set up.
void check_unique_option_names(const CLI::App& command);

// Whether a flag's environment variable (OptionValues::environment) turns it on: set, not empty and
// not "0". An empty name: no.
bool environment_on(std::string_view variable);

// "estimate", "catalog show"; "" for the top-level command.
std::string command_path(const CLI::App& command);

// The values registered for option `name` ("--gpu", a positional's "ids") of the command at `path`
// ("estimate", "" for the top level): the command's own, else those of the nearest command above it
// that has the option (a global option), else those of any command that has it; nullptr when no
// command registered it.
const OptionValues* registered_values(std::string_view path, std::string_view name);

// Adds every row of `rows` (a range of OptionRow<Owner>), in order, to `command`, each bound to its member of `owner`.
// `group`, when given, is the group of the rows that name none (the resource options are "Constraints" in recommend,
// "Filters" in catalog list).
template <typename Owner, typename Rows>
void register_options(CLI::App& command, Owner& owner, const Rows& rows, std::string_view group = {}) {
  for (const OptionRow<Owner>& row : rows) {
    OptionSpec spec = row.spec;
    if (spec.group.empty()) spec.group = group;
    std::visit([&](auto member) { add_table_option(command, spec, row.values, owner.*member); }, row.member);
  }
}

// Every registered option: its command's path, its name and its values, by path then name.
struct RegisteredOption {
  std::string path;
  std::string name;
  const OptionValues* values;
};
std::vector<RegisteredOption> registered_options();

}  // namespace gpuselect::cli
