#pragma once
// The option tables' row and their one registrar: every option of every command is a row (its CLI11
// names, --help line, group, whether it is required and the member it fills), and register_options
// is the one place that hands rows to CLI11 (option_table.cpp: the only add_option/add_flag calls).
// What a value is (its --help type, choices, range, completion) is its row in option_values.cpp.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <CLI/CLI.hpp>

namespace gpuselect::cli {

// An option's row without its member: what CLI11 is told.
struct OptionSpec {
  OptionSpec(std::string_view names_, std::string help_, std::string_view group_ = {}, bool required_ = false)
      : names(names_), help(std::move(help_)), group(group_), required(required_) {}
  std::string_view names;  // CLI11's names: "--budget", "--output,-o", "-v,--verbose", a positional's "ids"
  std::string help;        // the --help line (its range, if any, is added from option_values.cpp)
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

// One row of a command's option table: the option and the member of `Owner` it fills.
template <typename Owner>
struct OptionRow {
  OptionSpec spec;
  OptionMember<Owner> member;
};

// The registrar: adds one option to `command`, bound to `target` (the kind of option follows from the
// type, as in OptionMember). The only calls of CLI11's add_option and add_flag.
CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, std::string& target);
CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, std::optional<std::string>& target);
CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, std::vector<std::string>& target);
CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, bool& target);
CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, int& target);

// Adds every row of `rows` (a range of OptionRow<Owner>), in order, to `command`, each bound to its member of `owner`.
// `group`, when given, is the group of the rows that name none (the resource options are "Constraints" in recommend,
// "Filters" in catalog list).
template <typename Owner, typename Rows>
void register_options(CLI::App& command, Owner& owner, const Rows& rows, std::string_view group = {}) {
  for (const OptionRow<Owner>& row : rows) {
    OptionSpec spec = row.spec;
    if (spec.group.empty()) spec.group = group;
    std::visit([&](auto member) { add_table_option(command, spec, owner.*member); }, row.member);
  }
}

}  // namespace gpuselect::cli
