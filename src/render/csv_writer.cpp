#include "render/csv_writer.hpp"

#include <fmt/format.h>

namespace gpuselect::render::detail {

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

void CsvWriter::row(const std::vector<std::string>& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) line += ',';
    line += csv_field(fields[i]);
  }
  line += "\r\n";
  out_ << line;
}

std::string csv_number(double value) {
  // fmt's "{}" is the shortest round-trip form and ignores the locale.
  return fmt::format("{}", value);
}

}  // namespace gpuselect::render::detail
