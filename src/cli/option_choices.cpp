#include "cli/option_choices.hpp"

#include "gpuselect/board.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/enum_names.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/scoring.hpp"

namespace gpuselect::cli::choices {

std::vector<std::string> color_names() { return {"auto", "always", "never"}; }

std::vector<std::string> lang_names() {
  std::vector<std::string> names;
  names.reserve(text::all_langs.size());
  for (const auto lang : text::all_langs) names.emplace_back(text::lang_name(lang));
  return names;
}

std::vector<std::string> shell_names() { return {"bash", "zsh", "fish"}; }

std::vector<std::string> price_basis_names() { return {"detect", "instance", "gpu"}; }

std::vector<std::string> pricing_names() {
  std::vector<std::string> names = {"any"};
  for (std::size_t mode = 0; mode < catalog::pricing_mode_count; ++mode)
    names.emplace_back(catalog::to_string(static_cast<catalog::PricingMode>(mode)));
  return names;
}

std::vector<std::string> spot_statistic_names() { return {"median", "min"}; }

std::vector<std::string> board_sort_names() { return enum_names::names_in(board::sort_names); }

std::vector<std::string> board_group_names() { return enum_names::names_in(board::group_names); }

std::vector<std::string> criterion_names() {
  std::vector<std::string> names;
  names.reserve(scoring::all_criteria.size());
  for (const auto criterion : scoring::all_criteria) names.emplace_back(scoring::to_string(criterion));
  return names;
}

std::vector<std::string> requirement_names() {
  std::vector<std::string> names;
  for (const auto& [name, meaning] : scoring::requirement_names()) names.push_back(name);
  return names;
}

}  // namespace gpuselect::cli::choices
