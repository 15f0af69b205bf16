// The format table's traits (src/render/formats.cpp): what the commands and writers read instead of
// listing formats.
#include <string>

#include <catch2/catch.hpp>

#include "gpuselect/format_traits.hpp"

namespace {
using gpuselect::render::Format;
using gpuselect::render::traits;
}  // namespace

TEST_CASE("format traits: each format states what it is once", "[render][formats]") {
  // Machine formats (English whatever --lang, stable names) are json and csv.
  CHECK(traits(Format::json).machine);
  CHECK(traits(Format::csv).machine);
  CHECK_FALSE(traits(Format::table).machine);
  CHECK_FALSE(traits(Format::markdown).machine);
  CHECK_FALSE(traits(Format::html).machine);
  // Escaped by their writers, so written unchanged: json and html; the rest are neutralised.
  CHECK(traits(Format::json).escaped);
  CHECK(traits(Format::html).escaped);
  CHECK_FALSE(traits(Format::csv).escaped);
  // Streamed by recommend (never held whole): json and csv.
  CHECK(traits(Format::json).streamed);
  CHECK(traits(Format::csv).streamed);
  CHECK_FALSE(traits(Format::html).streamed);
  // The catalog files' digests: the JSON echo and the HTML header.
  CHECK(traits(Format::json).carries_digests);
  CHECK(traits(Format::html).carries_digests);
  CHECK_FALSE(traits(Format::markdown).carries_digests);
  // Colour only in the terminal table; CRLF rows only in CSV.
  CHECK(traits(Format::table).colored);
  CHECK_FALSE(traits(Format::markdown).colored);
  CHECK(traits(Format::csv).crlf_rows);
  CHECK_FALSE(traits(Format::table).crlf_rows);
}

TEST_CASE("format traits: terminal_safe follows escaped and crlf_rows", "[render][formats]") {
  const std::string text =
      "a\x07"
      "b\r\n";
  CHECK(gpuselect::render::terminal_safe(text, Format::json, false) == text);  // escaped: unchanged
  CHECK(gpuselect::render::terminal_safe(text, Format::html, false) == text);
  CHECK(gpuselect::render::terminal_safe(text, Format::csv, false) == "a?b\r\n");  // CRLF kept
  CHECK(gpuselect::render::terminal_safe(text, Format::table, false).find('\x07') == std::string::npos);
}
