#pragma once
// A streaming JSON writer: values go straight to an ostream in document order, so a document of
// any size needs memory for one 64 KiB buffer and the nesting depth, never a tree of the whole.
// Its bytes equal nlohmann's dump() of the same values: compact as dump(-1), pretty as dump(2);
// numbers by nlohmann's shortest round-trip formatting ("5.0", "4.2e+19", non-finite as null);
// strings escaped as dump() does with invalid UTF-8 replaced by U+FFFD.
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpuselect {

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
  void key(std::string_view name);

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
  // A small tree (a header, one catalog record), written in this writer's layout.
  void value(const nlohmann::ordered_json& tree);

  // key + value: one line per field in the document functions.
  template <typename Value>
  void field(std::string_view name, const Value& content) {
    key(name);
    value(content);
  }

  // Ends the document with a newline and hands everything to the ostream.
  void finish();

 private:
  void before_value();
  void open(char bracket);
  void close(char bracket);
  void newline_indent();
  void signed_value(std::int64_t number);
  void unsigned_value(std::uint64_t number);
  void raw(std::string_view text);
  void string_literal(std::string_view text);
  void flush_if_full();

  struct Level {
    bool empty = true;
  };
  std::ostream& out_;
  bool pretty_;
  bool after_key_ = false;
  std::vector<Level> levels_;
  std::string buffer_;
};

}  // namespace gpuselect
