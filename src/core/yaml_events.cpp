#include "core/yaml_events.hpp"

namespace gpuselect::yaml {

namespace {
EventKind kind_of(yaml_event_type_t type) {
  switch (type) {
    case YAML_STREAM_START_EVENT:
      return EventKind::stream_start;
    case YAML_STREAM_END_EVENT:
      return EventKind::stream_end;
    case YAML_DOCUMENT_START_EVENT:
      return EventKind::document_start;
    case YAML_DOCUMENT_END_EVENT:
      return EventKind::document_end;
    case YAML_MAPPING_START_EVENT:
      return EventKind::mapping_start;
    case YAML_MAPPING_END_EVENT:
      return EventKind::mapping_end;
    case YAML_SEQUENCE_START_EVENT:
      return EventKind::sequence_start;
    case YAML_SEQUENCE_END_EVENT:
      return EventKind::sequence_end;
    case YAML_SCALAR_EVENT:
      return EventKind::scalar;
    case YAML_ALIAS_EVENT:
      return EventKind::alias;
    case YAML_NO_EVENT:
      break;
  }
  return EventKind::none;
}

Mark one_based(const yaml_mark_t& mark) {
  return {static_cast<std::uint32_t>(mark.line + 1), static_cast<std::uint32_t>(mark.column + 1)};
}
}  // namespace

EventStream::EventStream(std::string_view text) {
  if (yaml_parser_initialize(&parser_) == 0) return;
  parser_ready_ = true;
  yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(text.data()), text.size());
}

EventStream::EventStream(const Reader& reader, std::size_t max_bytes) : reader_(&reader), max_bytes_(max_bytes) {
  if (yaml_parser_initialize(&parser_) == 0) return;
  parser_ready_ = true;
  yaml_parser_set_input(&parser_, &EventStream::read_handler, this);
}

// libyaml's read callback: 1 with *size_read = 0 at the end, 0 on failure. Nothing may be thrown
// through libyaml's C frames, so a reader's exception is kept for the loader.
int EventStream::read_handler(void* stream, unsigned char* buffer, std::size_t size, std::size_t* size_read) {
  auto& self = *static_cast<EventStream*>(stream);
  *size_read = 0;
  try {
    const std::size_t got = (*self.reader_)(reinterpret_cast<char*>(buffer), size);
    self.bytes_read_ += got;
    if (self.bytes_read_ > self.max_bytes_) {
      self.too_large_ = true;
      return 0;
    }
    *size_read = got;
    return 1;
  } catch (...) {
    self.reader_failure_ = std::current_exception();
    return 0;
  }
}

EventStream::~EventStream() {
  if (has_event_) yaml_event_delete(&event_);
  if (parser_ready_) yaml_parser_delete(&parser_);
}

bool EventStream::next() {
  if (has_event_) {
    yaml_event_delete(&event_);
    has_event_ = false;
  }
  kind_ = EventKind::none;
  if (!parser_ready_ || parser_.error != YAML_NO_ERROR) return false;
  if (yaml_parser_parse(&parser_, &event_) == 0) return false;
  has_event_ = true;
  kind_ = kind_of(event_.type);
  return kind_ != EventKind::none;
}

std::string_view EventStream::tag() const {
  const yaml_char_t* tag = nullptr;
  switch (event_.type) {
    case YAML_SCALAR_EVENT:
      tag = event_.data.scalar.tag;
      break;
    case YAML_MAPPING_START_EVENT:
      tag = event_.data.mapping_start.tag;
      break;
    case YAML_SEQUENCE_START_EVENT:
      tag = event_.data.sequence_start.tag;
      break;
    default:
      break;
  }
  return tag == nullptr ? std::string_view() : std::string_view(reinterpret_cast<const char*>(tag));
}

bool EventStream::has_anchor() const {
  switch (event_.type) {
    case YAML_SCALAR_EVENT:
      return event_.data.scalar.anchor != nullptr;
    case YAML_MAPPING_START_EVENT:
      return event_.data.mapping_start.anchor != nullptr;
    case YAML_SEQUENCE_START_EVENT:
      return event_.data.sequence_start.anchor != nullptr;
    default:
      return false;
  }
}

SyntaxError EventStream::syntax_error() const {
  if (!parser_ready_) return {"out of memory initialising the YAML parser", {}, {1, 1}};
  SyntaxError error;
  if (parser_.problem != nullptr) error.problem = parser_.problem;
  if (parser_.context != nullptr) error.context = parser_.context;
  error.mark = one_based(parser_.problem_mark);
  return error;
}

}  // namespace gpuselect::yaml
