#pragma once
// RFC 4180 CSV: fields with a comma, double quote, CR or LF are quoted, quotes doubled; records end
// in CRLF (RFC 4180 section 2, rules 1, 6 and 7).
#include <initializer_list>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace gpuselect::render::detail {

// Text that starts like a spreadsheet formula (= + - @ tab CR) and is not a plain number gets a
// leading apostrophe (OWASP CSV injection); "-1.5" stays a number.
std::string csv_field(std::string_view text);

class CsvWriter {
 public:
  explicit CsvWriter(std::ostream& out) : out_(out) {}
  void row(const std::vector<std::string>& fields);

 private:
  std::ostream& out_;
};

// Numbers for CSV cells: shortest round-trip text of an already rounded value ("412.37", "0.3").
std::string csv_number(double value);

}  // namespace gpuselect::render::detail
