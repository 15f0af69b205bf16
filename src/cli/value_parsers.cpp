// Parsers for flag values shared by the subcommands (numbers against core's range table, lists) and
// the non-empty check on every option.

#include "cli/command.hpp"
#include "cli/value_parsers.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "gpuselect/error.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"

namespace gpuselect::cli {

const CLI::Validator& non_empty_value() {
  // An empty value ("--params ''") is a mistake, not "flag not given"; app.cpp adds it to every option.
  static const CLI::Validator validator(
      [](const std::string& value) { return value.empty() ? std::string("the value is empty") : std::string(); }, "",
      "non-empty");
  return validator;
}

double parse_number_of(const std::string& text, const std::string& where, ranges::Quantity quantity) {
  return ranges::read(quantity, text, where);
}

double parse_quantity(const std::string& text, const std::string& where, ranges::Quantity quantity) {
  return ranges::parse(quantity, text, where);
}

int parse_whole_quantity(const std::string& text, const std::string& where, ranges::Quantity quantity) {
  // Every whole-number range ends far below INT_MAX (ranges.cpp), so the conversion is exact.
  return static_cast<int>(parse_quantity(text, where, quantity));
}

std::vector<std::string> split_list(const std::string& text, std::string_view flag) {
  return text::split_flag_list(text, flag);
}

}  // namespace gpuselect::cli
