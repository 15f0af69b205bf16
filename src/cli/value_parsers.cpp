// Parsers for flag values shared by the subcommands (numbers against core's range table, lists) and
// the non-empty check on every option.

#include <fmt/format.h>

#include "cli/command.hpp"
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
  const auto value = units::parse_number(text);
  if (!value) {
    const auto& range = ranges::range_of(quantity);
    throw Error(
        where, text::quoted(text) + " is not a finite number",
        fmt::format("give {} such as {}", range.whole ? "a whole number" : "a number", range.whole ? "4" : "12.5"));
  }
  return *value;
}

double parse_quantity(const std::string& text, const std::string& where, ranges::Quantity quantity) {
  return ranges::check(quantity, parse_number_of(text, where, quantity), where, text);
}

int parse_whole_quantity(const std::string& text, const std::string& where, ranges::Quantity quantity) {
  // Every whole-number range ends far below INT_MAX (ranges.cpp), so the conversion is exact.
  return static_cast<int>(parse_quantity(text, where, quantity));
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = text.find(',', start);
    std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto first = item.find_first_not_of(" \t");
    const auto last = item.find_last_not_of(" \t");
    if (first != std::string::npos) items.push_back(item.substr(first, last - first + 1));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return items;
}

}  // namespace gpuselect::cli
