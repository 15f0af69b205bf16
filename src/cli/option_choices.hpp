#pragma once
// The fixed choices of the options that have them, each read from the table in code that defines the
// names (the option tables' `choices` column: --help lists them, completion offers them, a value that
// is none of them is refused with them).
#include <string>
#include <vector>

namespace gpuselect::cli::choices {

std::vector<std::string> color_names();           // --color
std::vector<std::string> lang_names();            // --lang: text::all_langs
std::vector<std::string> shell_names();           // completion's shell
std::vector<std::string> price_basis_names();     // --price-basis
std::vector<std::string> pricing_names();         // --pricing: "any" and every catalog::PricingMode
std::vector<std::string> spot_statistic_names();  // --spot-price
std::vector<std::string> board_sort_names();      // catalog list --sort: board::sort_names
std::vector<std::string> board_group_names();     // catalog list --group-by: board::group_names
std::vector<std::string> criterion_names();       // --weights' keys: scoring::all_criteria
std::vector<std::string> requirement_names();     // --require: scoring::requirement_names
}  // namespace gpuselect::cli::choices
