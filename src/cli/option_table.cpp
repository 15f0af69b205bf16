// The registrar of the option tables: the one place that hands options to CLI11.
#include "cli/option_table.hpp"

namespace gpuselect::cli {

namespace {
CLI::Option* described(CLI::Option* option, const OptionSpec& spec) {
  if (!spec.group.empty()) option->group(std::string(spec.group));
  if (spec.required) option->required();
  return option;
}
}  // namespace

CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, std::string& target) {
  return described(command.add_option(std::string(spec.names), target, spec.help), spec);
}

CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, std::optional<std::string>& target) {
  return described(command.add_option(std::string(spec.names), target, spec.help), spec);
}

CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, std::vector<std::string>& target) {
  return described(command.add_option(std::string(spec.names), target, spec.help), spec);
}

CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, bool& target) {
  return described(command.add_flag(std::string(spec.names), target, spec.help), spec);
}

CLI::Option* add_table_option(CLI::App& command, const OptionSpec& spec, int& target) {
  return described(command.add_flag(std::string(spec.names), target, spec.help), spec);
}

}  // namespace gpuselect::cli
