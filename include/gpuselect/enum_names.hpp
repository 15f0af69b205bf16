#pragma once
// Name <-> enum through one table of names per enum, in declaration order (the enum's value is the
// index): catalog and workload enums are written the same way in YAML, flags and JSON.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuselect::enum_names {

// The name of `value`; "" for a value outside the table.
template <typename Enum, std::size_t Size>
constexpr std::string_view name_in(Enum value, const std::array<std::string_view, Size>& table) {
  const auto index = static_cast<std::size_t>(value);
  return index < Size ? table[index] : std::string_view{};
}

// The enum named `text` (exactly as the table writes it); nullopt for any other text.
template <typename Enum, std::size_t Size>
constexpr std::optional<Enum> parse_in(std::string_view text, const std::array<std::string_view, Size>& table) {
  for (std::size_t index = 0; index < Size; ++index) {
    if (text == table[index]) return static_cast<Enum>(index);
  }
  return std::nullopt;
}

// Every name, in table order (choices for messages, help and completion).
template <std::size_t Size>
std::vector<std::string> names_in(const std::array<std::string_view, Size>& table) {
  return {table.begin(), table.end()};
}

}  // namespace gpuselect::enum_names
