#pragma once
// A thin RAII wrapper over libyaml's event parser (yaml_parser_parse): one event at a time, no
// document tree. Marks are 1-based (libyaml's are 0-based).
#include <yaml.h>

#include <cstdint>
#include <string_view>

namespace gpuselect::catalog::yaml {

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

// libyaml's description of a syntax error: problem ("did not find expected key"), where it was
// found, and the enclosing context ("while parsing a block mapping").
struct SyntaxError {
  std::string_view problem;
  std::string_view context;
  Mark mark;
};

class EventStream {
 public:
  // `text` must outlive the stream. A UTF-8 BOM is skipped by libyaml; CRLF counts as one break.
  explicit EventStream(std::string_view text);
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
  Mark start() const {
    return {static_cast<std::uint32_t>(event_.start_mark.line + 1),
            static_cast<std::uint32_t>(event_.start_mark.column + 1)};
  }
  SyntaxError syntax_error() const;

 private:
  yaml_parser_t parser_{};
  yaml_event_t event_{};
  bool has_event_ = false;
  bool parser_ready_ = false;
  EventKind kind_ = EventKind::none;
};

}  // namespace gpuselect::catalog::yaml
