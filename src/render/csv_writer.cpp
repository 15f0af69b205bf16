#include "render/csv_writer.hpp"

#include <fmt/format.h>

namespace gpuselect::render::detail {

namespace {
// A plain decimal number ("-1.5", "412", "2.5e-05"): a spreadsheet reads it as a number, never as a
// formula, so it keeps its sign.
bool is_plain_number(std::string_view text) {
  std::size_t at = 0;
  if (at < text.size() && (text[at] == '-' || text[at] == '+')) ++at;
  const std::size_t digits_from = at;
  while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
  bool digits = at > digits_from;
  if (at < text.size() && text[at] == '.') {
    const std::size_t fraction_from = ++at;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
    digits = digits || at > fraction_from;
  }
  if (!digits) return false;
  if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
    ++at;
    if (at < text.size() && (text[at] == '-' || text[at] == '+')) ++at;
    const std::size_t exponent_from = at;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
    if (at == exponent_from) return false;
  }
  return at == text.size();
}

// OWASP "CSV injection": a cell starting with = + - @ tab or CR can run as a formula in a
// spreadsheet; such text (not a plain number) is prefixed with an apostrophe.
bool formula_like(std::string_view text) {
  return !text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos &&
         !is_plain_number(text);
}
}  // namespace

std::string csv_field(std::string_view raw) {
  std::string guarded;
  if (formula_like(raw)) {
    guarded.reserve(raw.size() + 1);
    guarded.push_back('\'');
    guarded.append(raw);
  }
  const std::string_view text = guarded.empty() ? raw : std::string_view(guarded);
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
