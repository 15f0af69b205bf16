#pragma once
// The one wrapper over libyaml's event parser (yaml_parser_parse), for catalogs (catalog/load.cpp)
// and config files (core/config.cpp): one event at a time, no document tree. Marks are 1-based
// (libyaml's are 0-based). What is an error (tags, anchors, aliases, depth, a second document) is
// each reader's decision, reported in its own words.
#include <yaml.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <string_view>

namespace gpuselect::yaml {

struct Mark {
  std::uint32_t line = 0;    // 1-based
  std::uint32_t column = 0;  // 1-based, in characters
};

enum class EventKind : std::uint8_t {
  none,
  stream_start,
  stream_end,
  document_start,
  document_end,
  mapping_start,
  mapping_end,
  sequence_start,
  sequence_end,
  scalar,
  alias,
};

// libyaml's description of a syntax error: problem ("did not find expected key"; "" when libyaml
// gave none, e.g. out of memory), where it was found, and the enclosing context ("while parsing a
// block mapping").
struct SyntaxError {
  std::string_view problem;
  std::string_view context;
  Mark mark;
};

class EventStream {
 public:
  // Pulls up to `size` bytes into `buffer`, returns how many (0 at the end); may throw.
  using Reader = std::function<std::size_t(char* buffer, std::size_t size)>;
  // `text` (or `reader`) must outlive the stream. A UTF-8 BOM is skipped by libyaml; CRLF counts
  // as one break. A reader is stopped after max_bytes (then input_too_large()).
  explicit EventStream(std::string_view text);
  EventStream(const Reader& reader, std::size_t max_bytes);
  ~EventStream();
  EventStream(const EventStream&) = delete;
  EventStream& operator=(const EventStream&) = delete;

  // Advances to the next event. False on a syntax error (see syntax_error()) or after stream end.
  bool next();

  EventKind kind() const { return kind_; }
  // The scalar's bytes (valid until the next call to next()).
  std::string_view scalar() const {
    return {reinterpret_cast<const char*>(event_.data.scalar.value), event_.data.scalar.length};
  }
  // A plain (unquoted, not block) scalar: only these can be null, a number or a boolean.
  bool plain() const { return event_.data.scalar.style == YAML_PLAIN_SCALAR_STYLE; }
  // The node carries an anchor (&name); aliases are their own event kind.
  bool has_anchor() const;
  // The node's explicit tag as libyaml resolved it ("tag:yaml.org,2002:str" for !!str); "" when
  // the node has none.
  std::string_view tag() const;
  Mark start() const {
    return {static_cast<std::uint32_t>(event_.start_mark.line + 1),
            static_cast<std::uint32_t>(event_.start_mark.column + 1)};
  }
  SyntaxError syntax_error() const;
  // After next() failed on a reader's input: what the reader threw (null if nothing), and whether
  // it gave more than max_bytes.
  std::exception_ptr reader_failure() const { return reader_failure_; }
  bool input_too_large() const { return too_large_; }

 private:
  static int read_handler(void* stream, unsigned char* buffer, std::size_t size, std::size_t* size_read);
  const Reader* reader_ = nullptr;
  std::size_t max_bytes_ = 0;
  std::size_t bytes_read_ = 0;
  std::exception_ptr reader_failure_;
  bool too_large_ = false;
  yaml_parser_t parser_{};
  yaml_event_t event_{};
  bool has_event_ = false;
  bool parser_ready_ = false;
  EventKind kind_ = EventKind::none;
};

}  // namespace gpuselect::yaml
