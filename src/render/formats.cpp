// Output format names, as --format accepts them.
#include <array>
#include <cstdint>

#include "gpuselect/format_traits.hpp"
#include "gpuselect/render.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::render {
namespace {

constexpr std::uint32_t bit(Document document) { return 1U << static_cast<unsigned>(document); }
constexpr std::uint32_t every_document = ~0U;
constexpr std::uint32_t reports = bit(Document::recommend) | bit(Document::compare) | bit(Document::estimate);

// One row per format: its --format name and the documents rendered in it. A new format is a row
// here and a case in each of those documents' renderers (src/render/*_render.cpp).
struct FormatRow {
  Format format;
  std::string_view name;
  std::uint32_t documents;
  FormatTraits traits;
};
// In Format's declaration order; the first is the default.
constexpr std::array<FormatRow, 5> format_table = {{
    {Format::table,
     "table",
     every_document,
     {.machine = false,
      .escaped = false,
      .streamed = false,
      .carries_digests = false,
      .colored = true,
      .crlf_rows = false,
      .document_tree = false,
      .delimited = false,
      .aligned = true,
      .markup = false,
      .carries_command_line = false}},
    {Format::json,
     "json",
     every_document,
     {.machine = true,
      .escaped = true,
      .streamed = true,
      .carries_digests = true,
      .colored = false,
      .crlf_rows = false,
      .document_tree = true,
      .delimited = false,
      .aligned = false,
      .markup = false,
      .carries_command_line = false}},
    {Format::csv,
     "csv",
     reports | bit(Document::catalog_listing),
     {.machine = true,
      .escaped = false,
      .streamed = true,
      .carries_digests = false,
      .colored = false,
      .crlf_rows = true,
      .document_tree = false,
      .delimited = true,
      .aligned = false,
      .markup = false,
      .carries_command_line = false}},
    {Format::markdown,
     "markdown",
     reports,
     {.machine = false,
      .escaped = false,
      .streamed = false,
      .carries_digests = false,
      .colored = false,
      .crlf_rows = false,
      .document_tree = false,
      .delimited = false,
      .aligned = false,
      .markup = false,
      .carries_command_line = false}},
    {Format::html,
     "html",
     reports,
     {.machine = false,
      .escaped = true,
      .streamed = false,
      .carries_digests = true,
      .colored = false,
      .crlf_rows = false,
      .document_tree = false,
      .delimited = false,
      .aligned = false,
      .markup = true,
      .carries_command_line = true}},
}};

}  // namespace

std::string_view to_string(Format format) {
  for (const auto& entry : format_table)
    if (entry.format == format) return entry.name;
  return "";
}

std::optional<Format> parse_format(std::string_view text) {
  for (const auto& entry : format_table)
    if (entry.name == text) return entry.format;
  if (text == "md") return Format::markdown;  // the file extension people type
  return std::nullopt;
}

std::vector<std::string> format_names() {
  std::vector<std::string> names;
  names.reserve(format_table.size());
  for (const auto& entry : format_table) names.emplace_back(entry.name);
  return names;
}

std::vector<std::string> formats_of(Document document) {
  std::vector<std::string> names;
  for (const auto& entry : format_table)
    if ((entry.documents & bit(document)) != 0) names.emplace_back(entry.name);
  return names;
}

const FormatTraits& traits(Format format) {
  const auto index = static_cast<std::size_t>(format);  // the table is in Format's order
  return format_table[index < format_table.size() ? index : 0].traits;
}

std::string terminal_safe(std::string_view text, Format format, bool color) {
  if (traits(format).escaped) return std::string(text);
  text::Keep keep;
  keep.newlines = true;
  keep.crlf = traits(format).crlf_rows;
  keep.tabs_as_space = true;
  keep.sgr = color;
  return text::neutralise(text, keep);
}

TerminalSafeBuffer::int_type TerminalSafeBuffer::overflow(int_type c) {
  if (!traits_type::eq_int_type(c, traits_type::eof())) {
    pending_ += traits_type::to_char_type(c);
    if (pending_.back() == '\n') flush_lines();
  }
  return traits_type::not_eof(c);
}

std::streamsize TerminalSafeBuffer::xsputn(const char* text, std::streamsize size) {
  pending_.append(text, static_cast<std::size_t>(size));
  if (pending_.find('\n') != std::string::npos) flush_lines();
  return size;
}

void TerminalSafeBuffer::flush_lines() {
  const std::size_t end = pending_.rfind('\n') + 1;
  out_ << terminal_safe(std::string_view(pending_).substr(0, end), format_, color_);
  pending_.erase(0, end);
}

void TerminalSafeBuffer::finish() {
  if (!pending_.empty()) out_ << terminal_safe(pending_, format_, color_);
  pending_.clear();
}

}  // namespace gpuselect::render
