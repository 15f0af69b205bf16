#pragma once
// A streaming RFC 4180 CSV reader over text in memory.
// Contract: fields are separated by ',' and records end at CRLF, LF or a lone CR. A field that starts
// with '"' is quoted: it may hold commas, line breaks and '""' (one literal quote), and must be
// followed by a separator, a line break or the end of input. A '"' inside an unquoted field is kept
// as written (lenient, as most producers expect). A UTF-8 byte order mark at the start is skipped.
// Empty lines are skipped. Malformed input throws gpuselect::Error with where = "name:line:col".
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace gpuselect::catalog::csv {

struct Field {
  std::string_view text;     // unquoted, unescaped; valid until the next Reader::next call
  std::uint32_t line = 0;    // 1-based line of the field's first character
  std::uint32_t column = 0;  // 1-based column in characters (UTF-8 code points), not bytes
};

class Reader {
 public:
  // `text` must outlive the reader; `source_name` prefixes error locations.
  Reader(std::string_view text, std::string source_name);

  // Reads the next record into `fields` (cleared first). False at the end of input.
  bool next(std::vector<Field>& fields);

  // Where the next character would be read: line and column, for "missing field" errors.
  std::uint32_t line() const { return line_; }
  std::uint32_t column() const { return column_; }
  const std::string& source_name() const { return source_name_; }

 private:
  void advance();
  void read_quoted(Field& field);
  void read_unquoted(Field& field);
  [[noreturn]] void fail(std::uint32_t line, std::uint32_t column, std::string what, std::string hint) const;

  std::string_view text_;
  std::string source_name_;
  std::size_t pos_ = 0;
  std::uint32_t line_ = 1;
  std::uint32_t column_ = 1;
  std::deque<std::string> unescaped_;  // storage for fields that held '""'; stable addresses
};

}  // namespace gpuselect::catalog::csv
