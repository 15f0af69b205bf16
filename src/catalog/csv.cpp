#include "catalog/csv.hpp"

#include <utility>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"

namespace gpuselect::catalog::csv {

namespace {
constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";

bool is_line_break(char c) { return c == '\n' || c == '\r'; }
bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0u) == 0x80u; }

text::Words printable(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x20 && byte < 0x7F) return std::string("'") + c + "'";
  static constexpr std::string_view hex_digits = "0123456789ABCDEF";
  return text::words(text::Msg::csv_byte, std::string("0x") + hex_digits[byte >> 4] + hex_digits[byte & 0x0F]);
}
}  // namespace

Reader::Reader(std::string_view text, std::string source_name)
    : text_(text), source_done_(true), source_name_(std::move(source_name)) {}

Reader::Reader(Source source, std::string source_name)
    : source_(std::move(source)), source_name_(std::move(source_name)) {}

// Drops the bytes before the record being read, then appends one chunk. Linear: each byte is
// pulled once and moved at most once per chunk of the record it belongs to.
bool Reader::fill() {
  if (source_done_) return false;
  if (record_start_ > 0) {
    buffer_.erase(0, record_start_);
    pos_ -= record_start_;
    record_start_ = 0;
  }
  if (buffer_.size() > max_record_bytes) {
    if (quote_line_ != 0) {
      fail(quote_line_, quote_column_, text::words(text::Msg::err_csv_quote_runs_on, max_record_bytes),
           text::words(text::Msg::hint_csv_close_quote));
    }
    fail(line_, column_, text::words(text::Msg::err_csv_row_long, max_record_bytes),
         text::words(text::Msg::hint_csv_one_record_per_line));
  }
  const std::size_t kept = buffer_.size();
  buffer_.resize(kept + chunk_bytes);
  const std::size_t got = source_(buffer_.data() + kept, chunk_bytes);
  buffer_.resize(kept + got);
  text_ = buffer_;
  if (got == 0) source_done_ = true;
  return got > 0;
}

bool Reader::pull() {
  while (pos_ >= text_.size()) {
    if (!fill()) return false;
  }
  return true;
}

void Reader::skip_bom() {
  bom_checked_ = true;
  while (text_.size() - pos_ < utf8_bom.size() && fill()) {
  }
  if (text_.substr(pos_, utf8_bom.size()) == utf8_bom) pos_ += utf8_bom.size();
}

void Reader::advance() {
  const char c = text_[pos_++];
  if (c == '\n') {
    ++line_;
    column_ = 1;
  } else if (!is_continuation_byte(c)) {
    ++column_;
  }
}

void Reader::consume_line_break() {
  const bool carriage_return = text_[pos_] == '\r';
  advance();
  if (carriage_return) {
    if (more() && text_[pos_] == '\n') {
      advance();
    } else {  // a lone CR ends a line too
      ++line_;
      column_ = 1;
    }
  }
}

void Reader::fail(std::uint32_t line, std::uint32_t column, const text::Words& what, const text::Words& hint) const {
  throw Error::said(source_name_ + ':' + std::to_string(line) + ':' + std::to_string(column), what, hint);
}

Reader::Span Reader::read_unquoted() {
  Span span{pos_ - record_start_, 0, false, line_, column_};
  while (more()) {  // no line break inside: only the column moves
    const char c = text_[pos_];
    if (c == ',' || is_line_break(c)) break;
    ++pos_;
    if (!is_continuation_byte(c)) ++column_;
  }
  span.size = pos_ - record_start_ - span.start;
  return span;
}

Reader::Span Reader::read_quoted() {
  quote_line_ = line_;
  quote_column_ = column_;
  Span span{0, 0, false, line_, column_};
  advance();  // the opening quote
  span.start = pos_ - record_start_;
  for (;;) {
    if (!more()) {
      fail(quote_line_, quote_column_, text::words(text::Msg::err_csv_unterminated),
           text::words(text::Msg::hint_csv_close_quote));
    }
    if (text_[pos_] == '"') {
      advance();
      if (more() && text_[pos_] == '"') {  // '""': one literal quote
        span.doubled_quotes = true;
        advance();
        continue;
      }
      break;
    }
    advance();
  }
  span.size = pos_ - record_start_ - 1 - span.start;  // without the closing quote
  quote_line_ = 0;
  if (more() && text_[pos_] != ',' && !is_line_break(text_[pos_])) {
    fail(line_, column_, text::composed(text::Msg::err_csv_after_quote, printable(text_[pos_])),
         text::words(text::Msg::hint_csv_quote_whole));
  }
  return span;
}

bool Reader::next(std::vector<Field>& fields) {
  fields.clear();
  spans_.clear();
  unescaped_.clear();
  record_start_ = pos_;
  if (!bom_checked_) skip_bom();
  while (more() && is_line_break(text_[pos_])) consume_line_break();
  if (!more()) return false;
  record_start_ = pos_;
  for (;;) {
    spans_.push_back(text_[pos_] == '"' ? read_quoted() : read_unquoted());
    if (!more()) break;
    if (text_[pos_] == ',') {
      advance();
      if (!more()) {  // a separator at the very end: one more, empty field
        spans_.push_back({pos_ - record_start_, 0, false, line_, column_});
        break;
      }
      continue;
    }
    consume_line_break();
    break;
  }
  // The spans as views of the record, which stays in place until the next call.
  fields.reserve(spans_.size());
  for (const Span& span : spans_) {
    Field& field = fields.emplace_back();
    field.line = span.line;
    field.column = span.column;
    const std::string_view raw = text_.substr(record_start_ + span.start, span.size);
    if (!span.doubled_quotes) {
      field.text = raw;
      continue;
    }
    std::string& unescaped = unescaped_.emplace_back();
    unescaped.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
      unescaped += raw[i];
      if (raw[i] == '"') ++i;  // skip the second quote of a '""' pair
    }
    field.text = unescaped;
  }
  return true;
}

}  // namespace gpuselect::catalog::csv
