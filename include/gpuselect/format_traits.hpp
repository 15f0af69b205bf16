#pragma once
// What an output format is, from its row in src/render/formats.cpp: the commands and writers read
// these instead of listing formats, so a new format states them once (docs/architecture.md "A new
// output format").
#include "gpuselect/render.hpp"

namespace gpuselect::render {

struct FormatTraits {
  bool machine;          // read by programs (json, csv): English whatever --lang
  bool escaped;          // its writer escapes the text (json strings, html entities): written unchanged
  bool streamed;         // recommend writes it as it is made, never held whole (json, csv)
  bool carries_digests;  // the report names the catalog files read, with their digests (json, html)
  bool colored;          // ANSI colour where the terminal takes it (table)
  bool crlf_rows;        // rows end in CR LF (csv, RFC 4180)
  bool document_tree;    // one document tree written by its own writer, not a grid (json)
  bool delimited;        // machine rows of delimited values: plain numbers, no notes (csv)
  bool aligned;          // plain text, columns padded to the terminal's width (table)
  bool markup;           // a marked-up page with its own tables (html)
  bool carries_command_line;  // the report's header shows the command line that made it (html)
};

[[nodiscard]] const FormatTraits& traits(Format format);

}  // namespace gpuselect::render
