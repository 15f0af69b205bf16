#include "catalog/csv.hpp"

#include <utility>

#include "gpuselect/error.hpp"

namespace gpuselect::catalog::csv {

namespace {
constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";

bool is_line_break(char c) { return c == '\n' || c == '\r'; }
bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0u) == 0x80u; }

std::string printable(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x20 && byte < 0x7F) return std::string("'") + c + "'";
  static constexpr std::string_view hex_digits = "0123456789ABCDEF";
  return std::string("byte 0x") + hex_digits[byte >> 4] + hex_digits[byte & 0x0F];
}
}  // namespace

Reader::Reader(std::string_view text, std::string source_name) : text_(text), source_name_(std::move(source_name)) {
  if (text_.substr(0, utf8_bom.size()) == utf8_bom) pos_ = utf8_bom.size();
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

void Reader::fail(std::uint32_t line, std::uint32_t column, std::string what, std::string hint) const {
  throw Error(source_name_ + ':' + std::to_string(line) + ':' + std::to_string(column), std::move(what),
              std::move(hint));
}

void Reader::read_unquoted(Field& field) {
  const std::size_t start = pos_;
  while (pos_ < text_.size() && text_[pos_] != ',' && !is_line_break(text_[pos_])) advance();
  field.text = text_.substr(start, pos_ - start);
}

void Reader::read_quoted(Field& field) {
  const std::uint32_t open_line = line_;
  const std::uint32_t open_column = column_;
  advance();  // the opening quote
  const std::size_t start = pos_;
  bool has_doubled_quote = false;
  for (;;) {
    if (pos_ >= text_.size()) {
      fail(open_line, open_column, "unterminated quoted field: the '\"' opened here is never closed",
           "close the field with '\"' and write a quote inside it as '\"\"'");
    }
    if (text_[pos_] == '"') {
      if (pos_ + 1 < text_.size() && text_[pos_ + 1] == '"') {
        has_doubled_quote = true;
        advance();
        advance();
        continue;
      }
      break;
    }
    advance();
  }
  const std::string_view raw = text_.substr(start, pos_ - start);
  advance();  // the closing quote
  if (pos_ < text_.size() && text_[pos_] != ',' && !is_line_break(text_[pos_])) {
    fail(line_, column_, "unexpected " + printable(text_[pos_]) + " after the closing quote of a field",
         "quote the whole field and write a quote inside it as '\"\"'");
  }
  if (!has_doubled_quote) {
    field.text = raw;
    return;
  }
  std::string& unescaped = unescaped_.emplace_back();
  unescaped.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    unescaped += raw[i];
    if (raw[i] == '"') ++i;  // skip the second quote of a '""' pair
  }
  field.text = unescaped;
}

bool Reader::next(std::vector<Field>& fields) {
  fields.clear();
  unescaped_.clear();
  auto consume_line_break = [this] {
    const bool carriage_return = text_[pos_] == '\r';
    advance();
    if (carriage_return) {
      if (pos_ < text_.size() && text_[pos_] == '\n') {
        advance();
      } else {  // a lone CR ends a line too
        ++line_;
        column_ = 1;
      }
    }
  };
  while (pos_ < text_.size() && is_line_break(text_[pos_])) consume_line_break();
  if (pos_ >= text_.size()) return false;
  for (;;) {
    Field& field = fields.emplace_back();
    field.line = line_;
    field.column = column_;
    if (pos_ < text_.size() && text_[pos_] == '"') {
      read_quoted(field);
    } else {
      read_unquoted(field);
    }
    if (pos_ >= text_.size()) return true;
    if (text_[pos_] == ',') {
      advance();
      continue;
    }
    consume_line_break();
    return true;
  }
}

}  // namespace gpuselect::catalog::csv
