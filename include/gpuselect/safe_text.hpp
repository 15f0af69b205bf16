#pragma once
// Text that reaches a terminal: the one quoting rule of error messages and the one filter of human
// output formats (docs/hardening.md "Characters neutralised"). Pure functions, no locale.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace gpuselect::text {

// A value echoed in a message is cut to this many bytes (on a UTF-8 boundary), then "...".
inline constexpr std::size_t max_quoted_bytes = 60;

// What neutralise() keeps of the characters it would otherwise replace with '?'.
struct Keep {
  bool newlines = false;       // '\n' (human formats: one line per row)
  bool crlf = false;           // "\r\n" record ends (CSV); a lone CR is still replaced
  bool tabs_as_space = false;  // a tab becomes one space instead of '?'
  bool sgr = false;            // the renderers' own SGR sequences ESC [ digits(;digits)* m (colour on)
};

// Replaces with '?': C0 controls (NUL..US), DEL, C1 controls (U+0080..U+009F), every byte that is
// not well-formed UTF-8, bidirectional controls (U+061C, U+200E, U+200F, U+202A..U+202E,
// U+2066..U+2069) and the line/paragraph separators U+2028, U+2029. An ESC starts no sequence:
// it is replaced and what followed it stays as plain text. Everything else passes unchanged.
std::string neutralise(std::string_view text, Keep keep = {});

// True when neutralise() would change the text.
bool needs_neutralising(std::string_view text);

// The value as a message shows it: neutralised (nothing kept), cut to max_quoted_bytes, "..." when
// cut; quoted() wraps that in single quotes.
std::string excerpt(std::string_view value, std::size_t max_bytes = max_quoted_bytes);
std::string quoted(std::string_view value);

// True when the text is empty or only spaces (ASCII, no-break, U+2000..U+200B, ideographic, BOM)
// and characters neutralise() replaces.
bool is_blank(std::string_view text);

// The text without its leading and trailing spaces and tabs (a view into `text`).
std::string_view trim(std::string_view text);

// The items of a comma-separated list (',' or the full-width '，' or ideographic '、'), each trimmed of
// spaces and tabs; empty items are dropped.
std::vector<std::string> split_list(std::string_view text);
// The same for a flag's value, where an empty item ("h100,,a100", "aws,") is a typo, not a wish:
// an Error at `flag` (exit 2). "" (the flag not given) is the empty list.
std::vector<std::string> split_flag_list(std::string_view text, std::string_view flag);

}  // namespace gpuselect::text
