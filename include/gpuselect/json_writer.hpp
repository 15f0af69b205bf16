#pragma once
// A streaming JSON writer: values go straight to an ostream in document order, so a document of
// any size needs memory for one 64 KiB buffer and the nesting depth, never a tree of the whole.
// Its bytes equal nlohmann's dump() of the same values: compact as dump(-1), pretty as dump(2);
// numbers by nlohmann's shortest round-trip formatting ("5.0", "4.2e+19", non-finite as null);
// strings escaped as dump() does with invalid UTF-8 replaced by U+FFFD.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace gpuselect {

namespace detail {
// A finite double that is n / 10^k for an integer n below 10^8 and k <= 4 (a rounded price, hours,
// a percentage: most numbers of a ranking document), written at `out` (room for 16 bytes) in the
// bytes nlohmann's to_chars writes for it ("12.5", "-0.0", "3.0", "0.0005"); the end of what was
// written, or nullptr for any other double (then the caller asks nlohmann). Its Grisu2 digits are
// not always the shortest (549206743.5176 comes out 549206743.5176001), but below 10^8 they are the
// decimal itself: tests/test_render.cpp compares both for every n below 200,000 at each k and
// random n below 10^8 (182 million values compared while this was written, none differed).
char* short_decimal(char* out, double number);
}  // namespace detail

// A key written in the source as a string literal ("rank"), checked while compiling: every byte
// printable ASCII other than '"' and '\\' (a literal that needs escaping fails the build), so the
// writer copies it without testing it. Keys that are data (ids, a mode's name) are string_views.
struct JsonKey {
  template <std::size_t N>
  consteval JsonKey(const char (&literal)[N]) : text(literal, N - 1) {  // NOLINT(google-explicit-constructor)
    for (const char byte : text) {
      if (byte < 0x20 || byte >= 0x7f || byte == '"' || byte == '\\') key_needs_escaping();
    }
  }
  std::string_view text;

 private:
  static void key_needs_escaping();  // not constexpr: calling it stops the compile
};

// A key given as data: anything that converts to a string_view but a character array (a literal
// is a JsonKey).
template <typename Text>
concept KeyText = !std::is_array_v<Text> && std::convertible_to<const Text&, std::string_view>;

class JsonWriter {
 public:
  JsonWriter(std::ostream& out, bool pretty);
  ~JsonWriter();  // flushes what is buffered (finish() also ends the document with a newline)
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  // The key of the next value inside an object.
  template <KeyText Text>
  void key(const Text& name) {
    key_text(std::string_view(name));
  }
  // A literal key, compact: the separator, the quoted key and ':' in one step, no escaping test
  // (issue 33: ~100 keys a candidate went through the general path at ~120 instructions each).
  void key(JsonKey name) {
    if (pretty_ || after_key_ || levels_.empty()) {
      key_text(name.text);
      return;
    }
    Level& level = levels_.back();
    const std::size_t size = name.text.size();
    char* const start = room(size + 4);
    char* at = start;
    if (!level.empty) *at++ = ',';
    level.empty = false;
    *at++ = '"';
    std::memcpy(at, name.text.data(), size);
    at += size;
    *at++ = '"';
    *at++ = ':';
    used_ += static_cast<std::size_t>(at - start);
    after_key_ = true;
  }

  void value(std::string_view text);
  void value(const char* text) { value(std::string_view(text)); }
  void value(const std::string& text) { value(std::string_view(text)); }
  void value(double number);
  void value(bool flag);
  void value(std::nullptr_t);
  template <typename Integer,
            std::enable_if_t<std::is_integral_v<Integer> && !std::is_same_v<Integer, bool>, int> = 0>
  void value(Integer number) {
    if constexpr (std::is_signed_v<Integer>) {
      signed_value(static_cast<std::int64_t>(number));
    } else {
      unsigned_value(static_cast<std::uint64_t>(number));
    }
  }
  // A string value given in pieces, written as they come (issue 33 part N: a sentence made of a
  // message's words and figures goes to the buffer without being built as a std::string first):
  // begin_string(), any number of string_piece(), end_string(). The bytes equal value() of the
  // pieces joined. Nothing else may be written in between.
  void begin_string();
  void string_piece(std::string_view piece) {
    // A short piece of printable ASCII without '"' or '\\' is copied here; the rest out of line.
    constexpr std::size_t short_piece = 16;
    if (rest_started_ || piece.size() >= short_piece) {
      string_piece_tested(piece);
      return;
    }
    for (const char byte : piece) {
      const auto value = static_cast<unsigned char>(byte);
      if (value < 0x20 || value >= 0x7f || value == '"' || value == '\\') {
        string_piece_tested(piece);
        return;
      }
    }
    if (!piece.empty()) std::memcpy(room(piece.size()), piece.data(), piece.size());
    used_ += piece.size();
  }
  void end_string();

  // A small tree (a header, one catalog record), written in this writer's layout.
  void value(const nlohmann::ordered_json& tree);

  // key + value: one line per field in the document functions.
  template <typename Value>
  void field(JsonKey name, const Value& content) {
    key(name);
    value(content);
  }
  template <KeyText Text, typename Value>
  void field(const Text& name, const Value& content) {
    key_text(std::string_view(name));
    value(content);
  }

  // Ends the document with a newline and hands everything to the ostream.
  void finish();

 private:
  void key_text(std::string_view name);
  void string_piece_tested(std::string_view piece);
  // Separator and indentation before a value in an array or a key in an object; nothing after a key.
  void before_value() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    before_element();
  }
  void before_element();
  void open(char bracket);
  void close(char bracket);
  void newline_indent();
  void signed_value(std::int64_t number);
  void unsigned_value(std::uint64_t number);
  // Room for `bytes` more at buffer_[used_]: hands what is buffered to the ostream first when
  // they would not fit, and grows the buffer only for a single string longer than it.
  char* room(std::size_t bytes) {
    if (bytes > buffer_.size() - used_) make_room(bytes);
    return buffer_.data() + used_;
  }
  void make_room(std::size_t bytes);
  void put(char byte) { *room(1) = byte; ++used_; }
  void raw(std::string_view text);
  void string_literal(std::string_view text);
  void flush();

  struct Level {
    bool empty = true;
  };
  std::ostream& out_;
  bool pretty_;
  bool after_key_ = false;
  std::vector<Level> levels_;
  // A fixed buffer written through a position (used_), not appended to: one bounds test per value
  // (issue 33 part H: std::string's append re-tested capacity and length for every piece).
  std::string buffer_;
  std::size_t used_ = 0;
  // begin_string() .. end_string(): the pieces from the first that needs escaping on (the ones
  // before it are printable ASCII, written as they came, whole characters); escaped at the end.
  std::string escaped_rest_;
  bool rest_started_ = false;
};

}  // namespace gpuselect
