// The registrar of the option tables: the one place that hands options to CLI11 and remembers what
// each option's value is.
#include "cli/option_table.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <stdexcept>

namespace gpuselect::cli {

namespace {
// Every registered option's values, by "<command path>\n<name>" (one key per long name and per
// positional name). Registering a command again (a second app in one process) rewrites its rows
// with the same values.
std::map<std::string, OptionValues, std::less<>>& registry() {
  static std::map<std::string, OptionValues, std::less<>> rows;
  return rows;
}

std::string key_of(std::string_view path, std::string_view name) {
  return std::string(path) + '\n' + std::string(name);
}

void remember(const CLI::App& command, const OptionSpec& spec, const OptionValues& values) {
  const std::string path = command_path(command);
  std::string_view names = spec.names;
  while (!names.empty()) {
    const std::size_t comma = names.find(',');
    const std::string_view name = names.substr(0, comma);
    // Long names ("--output") and a positional's name ("ids"); a short name ("-o") is found by its long one.
    if (name.starts_with("--") || !name.starts_with("-")) registry()[key_of(path, name)] = values;
    if (comma == std::string_view::npos) break;
    names.remove_prefix(comma + 1);
  }
}

// CLI::App's option list. CLI11 compares each option it adds with every one added before (a string
// built per pair): ~100 options made that a tenth of a built-in `recommend`'s instructions (issue
// 33). The names are checked once per start instead (check_unique_option_names, run by cli::run on
// the set-up tree; tests/test_option_table.cpp shows it catches a second -b).
struct OptionListAccess : CLI::App {
  static std::vector<CLI::Option_p>& of(CLI::App& command) { return command.*(&OptionListAccess::options_); }
};

// `add` (one CLI11 add_option/add_flag call on `command`) against an empty list, then the earlier
// options put back in front: the same list and option as CLI11 builds, without the pairwise check.
template <typename Add>
CLI::Option* added_unchecked(CLI::App& command, Add add) {
  std::vector<CLI::Option_p>& options = OptionListAccess::of(command);
  std::vector<CLI::Option_p> earlier = std::move(options);
  options.clear();
  CLI::Option* option = nullptr;
  try {
    option = add();
  } catch (...) {
    options = std::move(earlier);
    throw;
  }
  earlier.push_back(std::move(options.back()));
  options = std::move(earlier);
  return option;
}

CLI::Option* described(CLI::App& command, CLI::Option* option, const OptionSpec& spec, const OptionValues& values) {
  if (!spec.group.empty()) option->group(std::string(spec.group));
  if (spec.required) option->required();
  remember(command, spec, values);
  return option;
}

}  // namespace

bool environment_on(std::string_view variable) {
  if (variable.empty()) return false;
  const char* value = std::getenv(std::string(variable).c_str());
  return value != nullptr && *value != '\0' && std::string_view(value) != "0";
}

std::string command_path(const CLI::App& command) {
  std::string path;
  for (const CLI::App* at = &command; at->get_parent() != nullptr; at = at->get_parent())
    path = at->get_name() + (path.empty() ? "" : " " + path);
  return path;
}

CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, const OptionValues& values,
                              std::string& target) {
  return described(
      command, added_unchecked(command, [&] { return command.add_option(std::string(spec.names), target, spec.help); }),
      spec, values);
}

CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, const OptionValues& values,
                              std::optional<std::string>& target) {
  return described(
      command, added_unchecked(command, [&] { return command.add_option(std::string(spec.names), target, spec.help); }),
      spec, values);
}

CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, const OptionValues& values,
                              std::vector<std::string>& target) {
  return described(
      command, added_unchecked(command, [&] { return command.add_option(std::string(spec.names), target, spec.help); }),
      spec, values);
}

CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, const OptionValues& values, bool& target) {
  // CLI11 writes the member only when the flag is given: the environment's value stands otherwise.
  if (environment_on(values.environment)) target = true;
  return described(
      command, added_unchecked(command, [&] { return command.add_flag(std::string(spec.names), target, spec.help); }),
      spec, values);
}

CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, const OptionValues& values, int& target) {
  return described(
      command, added_unchecked(command, [&] { return command.add_flag(std::string(spec.names), target, spec.help); }),
      spec, values);
}

void check_unique_option_names(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::Option* option : command.get_options()) {
    for (const auto& name : option->get_lnames()) names.push_back("--" + name);
    for (const auto& name : option->get_snames()) names.push_back("-" + name);
    if (option->get_lnames().empty() && option->get_snames().empty()) names.push_back(option->get_name());
  }
  std::sort(names.begin(), names.end());
  if (const auto twice = std::adjacent_find(names.begin(), names.end()); twice != names.end()) {
    const std::string path = command_path(command);
    throw std::logic_error("two options of '" + (path.empty() ? std::string("gpuselect") : path) + "' are named " + *twice);
  }
  for (const CLI::App* subcommand : command.get_subcommands([](const CLI::App*) { return true; })) {
    check_unique_option_names(*subcommand);
  }
}

const OptionValues* registered_values(std::string_view path, std::string_view name) {
  const auto& rows = registry();
  // The command's own, then each command above it ("catalog list" -> "catalog" -> "").
  for (std::string_view at = path;;) {
    if (const auto found = rows.find(key_of(at, name)); found != rows.end()) return &found->second;
    if (at.empty()) break;
    const std::size_t space = at.rfind(' ');
    at = space == std::string_view::npos ? std::string_view() : at.substr(0, space);
  }
  // Any command's (a value checked where no command path is at hand: --pricing, --price-basis).
  for (const auto& [key, values] : rows) {
    if (std::string_view(key).substr(key.find('\n') + 1) == name) return &values;
  }
  return nullptr;
}

std::vector<RegisteredOption> registered_options() {
  std::vector<RegisteredOption> options;
  for (const auto& [key, values] : registry()) {
    const std::size_t newline = key.find('\n');
    options.push_back({key.substr(0, newline), key.substr(newline + 1), &values});
  }
  return options;
}

}  // namespace gpuselect::cli
