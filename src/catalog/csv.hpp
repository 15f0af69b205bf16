#pragma once
// A streaming RFC 4180 CSV reader, over text in memory or pulled in chunks from a source.
// Contract: fields are separated by ',' and records end at CRLF, LF or a lone CR. A field that starts
// with '"' is quoted: it may hold commas, line breaks and '""' (one literal quote), and must be
// followed by a separator, a line break or the end of input. A '"' inside an unquoted field is kept
// as written (lenient, as most producers expect). A UTF-8 byte order mark at the start is skipped.
// Empty lines are skipped. Malformed input throws gpuselect::Error with where = "name:line:col".
// Memory (docs/hardening.md "Bounded work"): with a source, the reader holds the record being read
// plus one chunk (64 KiB); a record longer than max_record_bytes is an error, so it never holds more
// than max_record_bytes + 64 KiB, however long the input.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuselect::text {
class Words;  // gpuselect/messages.hpp
}  // namespace gpuselect::text

namespace gpuselect::catalog::csv {

struct Field {
  std::string_view text;     // unquoted, unescaped; valid until the next Reader::next call
  std::uint32_t line = 0;    // 1-based line of the field's first character
  std::uint32_t column = 0;  // 1-based column in characters (UTF-8 code points), not bytes
};

// Writes up to `size` bytes at `buffer`, returns how many; 0 at the end. May throw.
using Source = std::function<std::size_t(char* buffer, std::size_t size)>;

// The longest record a source may hold: 16 fields of LoadLimits::max_scalar_bytes (1 MiB), the
// longest a field may be that the importer accepts; SkyPilot's rows are under 1 KB.
constexpr std::size_t max_record_bytes = 16u << 20;
constexpr std::size_t chunk_bytes = 64u << 10;  // bytes pulled from a source at a time

class Reader {
 public:
  // `text` must outlive the reader; `source_name` prefixes error locations.
  Reader(std::string_view text, std::string source_name);
  // Pulls the input from `source` in chunks of chunk_bytes.
  Reader(Source source, std::string source_name);

  // Reads the next record into `fields` (cleared first). False at the end of input.
  bool next(std::vector<Field>& fields);

  // Where the next character would be read: line and column, for "missing field" errors.
  std::uint32_t line() const { return line_; }
  std::uint32_t column() const { return column_; }
  const std::string& source_name() const { return source_name_; }

 private:
  // A field while its record is read: offsets from the record's start (the buffer may move).
  struct Span {
    std::size_t start = 0;
    std::size_t size = 0;
    bool doubled_quotes = false;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
  };
  // Whether a character is at pos_, pulling a chunk when needed.
  bool more() { return pos_ < text_.size() || pull(); }
  bool pull();
  bool fill();
  void skip_bom();
  void advance();
  void consume_line_break();
  Span read_quoted();
  Span read_unquoted();
  [[noreturn]] void fail(std::uint32_t line, std::uint32_t column, const text::Words& what,
                         const text::Words& hint) const;

  std::string_view text_;  // the input in memory, or buffer_
  std::string buffer_;     // with a source: the bytes pulled and not yet dropped
  Source source_;
  bool source_done_ = false;
  bool bom_checked_ = false;
  std::string source_name_;
  std::size_t pos_ = 0;
  std::size_t record_start_ = 0;  // bytes before it are dropped when the next chunk is pulled
  std::uint32_t quote_line_ = 0;  // the open quote of the field being read (0 = none), for errors
  std::uint32_t quote_column_ = 0;
  std::uint32_t line_ = 1;
  std::uint32_t column_ = 1;
  std::vector<Span> spans_;
  std::deque<std::string> unescaped_;  // storage for fields that held '""'; stable addresses
};

}  // namespace gpuselect::catalog::csv
