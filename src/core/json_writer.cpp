#include "gpuselect/json_writer.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace gpuselect {
namespace {

constexpr std::size_t flush_bytes = std::size_t{64} * 1024;  // one write per 64 KiB, as libyaml_scan reads

// Printable ASCII without '"' and '\\': written as is. Anything else goes through nlohmann's own
// escaping so control characters, non-ASCII and invalid UTF-8 come out exactly as dump() writes them.
// Eight bytes at a time (every string of a document passes here): a word holds a byte to escape when
// one of its bytes is below 0x20, at or above 0x7f, '"' or '\\'. Each test is exact for "some byte",
// the classic zero-byte trick: (w - 0x01..) & ~w & 0x80.. is non-zero iff some byte of w is zero.
bool is_plain_ascii(std::string_view text) {
  constexpr std::uint64_t ones = 0x0101010101010101U;
  constexpr std::uint64_t highs = 0x8080808080808080U;
  const auto has_zero_byte = [](std::uint64_t word) { return ((word - ones) & ~word & highs) != 0; };
  std::size_t at = 0;
  for (; at + 8 <= text.size(); at += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, text.data() + at, 8);
    const bool high_or_del = ((word | (word + ones)) & highs) != 0;  // a byte >= 0x80, or 0x7f (+1 sets bit 7)
    const bool control = ((word - 0x20 * ones) & ~word & highs) != 0;  // a byte < 0x20 (bytes < 0x80 here)
    if (high_or_del || control || has_zero_byte(word ^ (ones * '"')) || has_zero_byte(word ^ (ones * '\\'))) {
      return false;
    }
  }
  for (; at < text.size(); ++at) {
    const auto byte = static_cast<unsigned char>(text[at]);
    if (byte < 0x20 || byte >= 0x7f || byte == '"' || byte == '\\') return false;
  }
  return true;
}

}  // namespace

JsonWriter::JsonWriter(std::ostream& out, bool pretty) : out_(out), pretty_(pretty) {
  buffer_.reserve(flush_bytes + 4096);
}

JsonWriter::~JsonWriter() {
  if (!buffer_.empty()) out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
}

void JsonWriter::raw(std::string_view text) { buffer_.append(text); }

void JsonWriter::flush_if_full() {
  if (buffer_.size() < flush_bytes) return;
  out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  buffer_.clear();
}

void JsonWriter::newline_indent() {
  buffer_ += '\n';
  buffer_.append(levels_.size() * 2, ' ');
}

// Separator and indentation before a value in an array or a key in an object; nothing after a key.
void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (levels_.empty()) return;
  Level& level = levels_.back();
  if (!level.empty) buffer_ += ',';
  level.empty = false;
  if (pretty_) newline_indent();
}

void JsonWriter::open(char bracket) {
  before_value();
  buffer_ += bracket;
  levels_.push_back({});
}

void JsonWriter::close(char bracket) {
  const bool was_empty = levels_.back().empty;
  levels_.pop_back();
  if (pretty_ && !was_empty) newline_indent();
  buffer_ += bracket;
  flush_if_full();
}

void JsonWriter::begin_object() { open('{'); }
void JsonWriter::end_object() { close('}'); }
void JsonWriter::begin_array() { open('['); }
void JsonWriter::end_array() { close(']'); }

void JsonWriter::key(std::string_view name) {
  before_value();
  string_literal(name);
  buffer_ += pretty_ ? ": " : ":";
  after_key_ = true;
}

void JsonWriter::value(std::string_view text) {
  before_value();
  string_literal(text);
}

void JsonWriter::string_literal(std::string_view text) {
  if (is_plain_ascii(text)) {
    buffer_ += '"';
    buffer_.append(text);
    buffer_ += '"';
  } else {
    buffer_ += nlohmann::ordered_json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
}

void JsonWriter::value(double number) {
  before_value();
  if (!std::isfinite(number)) {
    raw("null");
    return;
  }
  std::array<char, 64> digits{};
  char* end = nlohmann::detail::to_chars(digits.data(), digits.data() + digits.size(), number);
  buffer_.append(digits.data(), static_cast<std::size_t>(end - digits.data()));
}

void JsonWriter::value(bool flag) {
  before_value();
  raw(flag ? "true" : "false");
}

void JsonWriter::value(std::nullptr_t) {
  before_value();
  raw("null");
}

void JsonWriter::signed_value(std::int64_t number) {
  before_value();
  std::array<char, 24> digits{};
  const auto result = std::to_chars(digits.data(), digits.data() + digits.size(), number);
  buffer_.append(digits.data(), result.ptr);
}

void JsonWriter::unsigned_value(std::uint64_t number) {
  before_value();
  std::array<char, 24> digits{};
  const auto result = std::to_chars(digits.data(), digits.data() + digits.size(), number);
  buffer_.append(digits.data(), result.ptr);
}

void JsonWriter::value(const nlohmann::ordered_json& tree) {
  switch (tree.type()) {
    case nlohmann::json::value_t::object:
      begin_object();
      for (const auto& [name, member] : tree.items()) {
        key(name);
        value(member);
      }
      end_object();
      return;
    case nlohmann::json::value_t::array:
      begin_array();
      for (const auto& member : tree) value(member);
      end_array();
      return;
    case nlohmann::json::value_t::string:
      value(std::string_view(tree.get_ref<const std::string&>()));
      return;
    case nlohmann::json::value_t::boolean:
      value(tree.get<bool>());
      return;
    case nlohmann::json::value_t::number_integer:
      value(tree.get<std::int64_t>());
      return;
    case nlohmann::json::value_t::number_unsigned:
      value(tree.get<std::uint64_t>());
      return;
    case nlohmann::json::value_t::number_float:
      value(tree.get<double>());
      return;
    case nlohmann::json::value_t::null:
    case nlohmann::json::value_t::discarded:
    case nlohmann::json::value_t::binary:
      value(nullptr);
      return;
  }
}

void JsonWriter::finish() {
  buffer_ += '\n';
  out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  buffer_.clear();
}

}  // namespace gpuselect
