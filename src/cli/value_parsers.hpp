#pragma once
// Parsing flag values (value_parsers.cpp): numbers against the ranges table, lists, the non-empty check.
#include <string>
#include <vector>

#include "cli/cli11_fwd.hpp"
#include "gpuselect/ranges.hpp"

namespace gpuselect::cli {

// Parsers for flag values: Error(where = flag) with what to do.
// A number in C locale checked against its row of ranges::table (one place for every range).
// parse_number_of only reads it (a finite number; the row names the example): for values that the
// library range-checks itself (--min-headroom: scoring::check_constraints and estimate::estimate_job).
double parse_number_of(const std::string& text, const std::string& where, ranges::Quantity quantity);
double parse_quantity(const std::string& text, const std::string& where, ranges::Quantity quantity);
int parse_whole_quantity(const std::string& text, const std::string& where, ranges::Quantity quantity);
// A comma list (',' or the full-width and ideographic commas), each item trimmed; an empty item is
// an error at `flag` (exit 2).
std::vector<std::string> split_list(const std::string& text, std::string_view flag);
// A CLI11 check that rejects an empty value.
const CLI::Validator& non_empty_value();

}  // namespace gpuselect::cli
