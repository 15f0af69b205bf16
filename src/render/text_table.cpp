// TextTable and terminal display width.
#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/render.hpp"
#include "render/support.hpp"

namespace gpuselect::render {
namespace {

struct CodePointRange {
  char32_t first;
  char32_t last;
};

// East Asian Wide (W) and Fullwidth (F) code points, merged into ranges.
// SOURCE: Unicode 15.0 EastAsianWidth.txt (UAX #11); emoji blocks taken whole, as terminals
// (wcwidth in glibc 2.36) draw them two columns wide.
constexpr std::array<CodePointRange, 44> wide_ranges = {{
    {0x1100, 0x115F},   {0x231A, 0x231B},   {0x2329, 0x232A}, {0x23E9, 0x23EC}, {0x23F0, 0x23F0}, {0x23F3, 0x23F3},
    {0x25FD, 0x25FE},   {0x2614, 0x2615},   {0x2648, 0x2653}, {0x267F, 0x267F}, {0x2693, 0x2693}, {0x26A1, 0x26A1},
    {0x26AA, 0x26AB},   {0x26BD, 0x26BE},   {0x26C4, 0x26C5}, {0x26CE, 0x26CE}, {0x26D4, 0x26D4}, {0x26EA, 0x26EA},
    {0x26F2, 0x26F5},   {0x26FA, 0x26FD},   {0x2705, 0x2705}, {0x270A, 0x270B}, {0x2728, 0x2728}, {0x274C, 0x274E},
    {0x2753, 0x2757},   {0x2795, 0x2797},   {0x27B0, 0x27BF}, {0x2B1B, 0x2B1C}, {0x2B50, 0x2B55}, {0x2E80, 0x303E},
    {0x3041, 0x33FF},   {0x3400, 0x4DBF},   {0x4E00, 0x9FFF}, {0xA000, 0xA4CF}, {0xA960, 0xA97F}, {0xAC00, 0xD7A3},
    {0xF900, 0xFAFF},   {0xFE10, 0xFE19},   {0xFE30, 0xFE6F}, {0xFF00, 0xFF60}, {0xFFE0, 0xFFE6}, {0x16FE0, 0x1B2FF},
    {0x1F300, 0x1FAFF}, {0x20000, 0x3FFFD},
}};

// Zero-width: combining diacritics, zero-width space/joiners and marks, variation selectors.
// SOURCE: Unicode 15.0 general categories Mn/Me/Cf for these blocks.
constexpr std::array<CodePointRange, 5> zero_width_ranges = {{
    {0x0300, 0x036F},
    {0x200B, 0x200F},
    {0x2060, 0x2064},
    {0xFE00, 0xFE0F},
    {0xE0100, 0xE01EF},
}};

bool in_ranges(char32_t code_point, const auto& ranges) {
  const auto it = std::upper_bound(ranges.begin(), ranges.end(), code_point,
                                   [](char32_t value, const CodePointRange& range) { return value < range.first; });
  return it != ranges.begin() && code_point <= std::prev(it)->last;
}

int code_point_width(char32_t code_point) {
  if (code_point >= 0x20 && code_point < 0x7F) return 1;  // printable ASCII: in neither table
  if (code_point < 0x20 || (code_point >= 0x7F && code_point < 0xA0)) return 0;
  if (in_ranges(code_point, zero_width_ranges)) return 0;
  return in_ranges(code_point, wide_ranges) ? 2 : 1;
}

// Decodes one UTF-8 sequence at `text[at]`; returns its length. Invalid bytes decode as themselves
// (one column each) so nothing is lost.
std::size_t decode(std::string_view text, std::size_t at, char32_t& code_point) {
  const auto lead = static_cast<unsigned char>(text[at]);
  std::size_t length = 1;
  if (lead >= 0xF0 && lead < 0xF8)
    length = 4;
  else if (lead >= 0xE0)
    length = 3;
  else if (lead >= 0xC0)
    length = 2;
  if (lead < 0x80 || lead >= 0xF8 || at + length > text.size()) {
    code_point = lead < 0x80 ? lead : 0xFFFD;
    return 1;
  }
  char32_t value = lead & (0x7F >> length);
  for (std::size_t i = 1; i < length; ++i) {
    const auto next = static_cast<unsigned char>(text[at + i]);
    if ((next & 0xC0) != 0x80) {
      code_point = 0xFFFD;
      return 1;
    }
    value = (value << 6) | (next & 0x3F);
  }
  code_point = value;
  return length;
}

// An ANSI CSI sequence ("\x1b[1m") at `at`: its length, or 0.
std::size_t escape_length(std::string_view text, std::size_t at) {
  if (text[at] != '\x1b' || at + 1 >= text.size() || text[at + 1] != '[') return 0;
  std::size_t end = at + 2;
  while (end < text.size() && !(text[end] >= 0x40 && text[end] <= 0x7E)) ++end;
  return end < text.size() ? end - at + 1 : text.size() - at;
}

constexpr std::string_view ellipsis = "\xE2\x80\xA6";  // U+2026, one column
constexpr std::string_view bold = "\x1b[1m";
constexpr std::string_view reset = "\x1b[0m";
constexpr int column_gap = detail::table_column_gap;

void pad(std::string& line, int columns) {
  if (columns > 0) line.append(static_cast<std::size_t>(columns), ' ');
}

}  // namespace

int display_width(std::string_view utf8) {
  int width = 0;
  std::size_t at = 0;
  while (at < utf8.size()) {
    // Printable ASCII, a column a byte (code_point_width): counted a run at a time (issue 33).
    if (static_cast<unsigned char>(utf8[at]) - 0x20U < 0x5FU) {
      const std::size_t from = at;
      while (at < utf8.size() && static_cast<unsigned char>(utf8[at]) - 0x20U < 0x5FU) ++at;
      width += static_cast<int>(at - from);
      continue;
    }
    if (const auto skip = escape_length(utf8, at); skip > 0) {
      at += skip;
      continue;
    }
    char32_t code_point = 0;
    at += decode(utf8, at, code_point);
    width += code_point_width(code_point);
  }
  return width;
}

namespace detail {

std::string truncate_to_width(std::string_view text, int width) {
  if (display_width(text) <= width) return std::string(text);
  if (width <= 0) return {};
  std::string kept;
  int used = 0;
  std::size_t at = 0;
  bool escaped = false;
  while (at < text.size()) {
    if (const auto skip = escape_length(text, at); skip > 0) {
      kept.append(text.substr(at, skip));
      escaped = true;
      at += skip;
      continue;
    }
    char32_t code_point = 0;
    const std::size_t length = decode(text, at, code_point);
    const int columns = code_point_width(code_point);
    if (used + columns > width - 1) break;
    kept.append(text.substr(at, length));
    used += columns;
    at += length;
  }
  kept += ellipsis;
  if (escaped) kept += reset;
  return kept;
}

namespace {
// East Asian punctuation that never starts a line (closing marks, commas, stops: they stay with the
// character before) or never ends one (opening brackets and quotes: they stay with the one after).
// SOURCE: JIS X 4051 line-breaking rules (kinsoku), as in the W3C "Requirements for Japanese Text
// Layout" and Chinese typesetting practice.
bool closes(char32_t code_point) {
  constexpr std::u32string_view closing = U"\u3001\u3002\uFF0C\uFF0E\uFF1A\uFF1B\uFF01\uFF1F\uFF09\u3009\u300B\u300D\u300F\u3011\u3015\u3017\uFF3D\uFF5D";
  return closing.find(code_point) != std::u32string_view::npos;
}
bool opens(char32_t code_point) {
  constexpr std::u32string_view opening = U"\uFF08\u3008\u300A\u300C\u300E\u3010\u3014\u3016\uFF3B\uFF5B";
  return opening.find(code_point) != std::u32string_view::npos;
}

// The pieces a line may break between: a run of characters that are neither spaces nor wide, or
// one wide character (East Asian text breaks between any two of its characters, but for the
// punctuation above); each says whether a space came before it.
struct Piece {
  std::size_t begin;
  std::size_t end;
  bool spaced;
};
std::vector<Piece> pieces_of(std::string_view text) {
  std::vector<Piece> pieces;
  bool spaced = false;
  bool after_opening = false;  // the last piece ends in an opening mark: the next one joins it
  bool last_wide = false;
  std::size_t at = 0;
  while (at < text.size()) {
    if (text[at] == ' ') {
      spaced = true;
      after_opening = false;
      ++at;
      continue;
    }
    char32_t code_point = 0;
    const auto lead = static_cast<unsigned char>(text[at]);
    // ASCII is one byte and never wide (code_point_width): decoded here, without the calls.
    const std::size_t length = lead < 0x80 ? (code_point = lead, 1) : decode(text, at, code_point);
    const bool wide = lead >= 0x80 && code_point_width(code_point) == 2;
    // A new piece starts after a space, at a wide character, and after a wide one; not before a
    // closing mark or after an opening one.
    const bool joins = !pieces.empty() && !spaced &&
                       ((wide && closes(code_point)) || after_opening || (!wide && !last_wide));
    if (joins) {
      pieces.back().end = at + length;
    } else {
      pieces.push_back({at, at + length, spaced});
    }
    after_opening = wide && opens(code_point);
    last_wide = wide;
    spaced = false;
    at += length;
  }
  return pieces;
}

// Where a line may break: between any two pieces (a terminal: Chinese breaks between characters, a
// word wider than the line inside), or only at a space (markdown, whose soft line break renders as a
// space: a break inside "稳定性" or a URL would add one; such a line may be wider than the width).
enum class Breaks { between_pieces, at_spaces };

// Words of `text` in lines: the first at most `first_width` columns, the others `rest_width`.
std::vector<std::string> wrap_words(std::string_view text, int first_width, int rest_width,
                                    Breaks breaks = Breaks::between_pieces) {
  std::vector<std::string> lines(1);
  int width = std::max(first_width, 1);
  int used = 0;
  auto next_line = [&] {
    lines.emplace_back();
    used = 0;
    width = std::max(rest_width, 1);
  };
  for (const Piece& piece : pieces_of(text)) {
    std::string_view word = text.substr(piece.begin, piece.end - piece.begin);
    int word_width = display_width(word);
    const int gap = piece.spaced ? 1 : 0;
    const bool may_break = breaks == Breaks::between_pieces || piece.spaced;
    if (used > 0 && (used + gap + word_width <= width || !may_break)) {
      if (piece.spaced) lines.back() += ' ';
      lines.back() += word;
      used += gap + word_width;
      continue;
    }
    if (used > 0) next_line();
    // A word wider than the line is broken at the width (a long id or URL).
    while (breaks == Breaks::between_pieces && word_width > width) {
      std::size_t cut = 0;
      int cut_width = 0;
      while (cut < word.size()) {
        char32_t code_point = 0;
        const std::size_t length = decode(word, cut, code_point);
        const int columns = code_point_width(code_point);
        if (cut_width + columns > width && cut > 0) break;
        cut += length;
        cut_width += columns;
      }
      lines.back() = std::string(word.substr(0, cut));
      next_line();
      word.remove_prefix(cut);
      word_width = display_width(word);
    }
    lines.back() = std::string(word);
    used = word_width;
  }
  return lines;
}
}  // namespace

std::vector<std::string> wrap_to_width(std::string_view text, int width) { return wrap_words(text, width, width); }
}  // namespace detail

std::vector<std::string> wrap_lines(std::string_view text, int width) { return detail::wrap_to_width(text, width); }

namespace detail {

namespace {
std::string indented_lines(std::string_view lead, const std::vector<std::string>& lines, int indent) {
  std::string out(lead);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) out.append(static_cast<std::size_t>(indent), ' ');
    out += lines[i];
    out += '\n';
  }
  return out;
}
}  // namespace

std::string wrapped(std::string_view lead, std::string_view text, int width, int indent) {
  indent = std::max(indent, 0);
  return indented_lines(lead, wrap_words(text, width - display_width(lead), width - indent), indent);
}

std::string markdown_wrapped(std::string_view lead, std::string_view text, int indent) {
  indent = std::max(indent, 0);
  return indented_lines(lead,
                        wrap_words(text, markdown_prose_columns - display_width(lead), markdown_prose_columns - indent,
                                   Breaks::at_spaces),
                        indent);
}

}  // namespace detail

std::string TextTable::render(int width, bool color) const {
  const std::size_t count = columns.size();
  if (count == 0) return {};
  std::vector<int> widths(count, 0);
  for (std::size_t c = 0; c < count; ++c) {
    widths[c] = display_width(columns[c].header);
    for (const auto& row : rows)
      if (c < row.size()) widths[c] = std::max(widths[c], display_width(row[c]));
  }
  const int gaps = column_gap * static_cast<int>(count - 1);
  auto total = [&] { return std::accumulate(widths.begin(), widths.end(), 0) + gaps; };

  // Shrink the widest column of a kind by one until the table fits; flexible columns first, down to
  // 6 columns ("abcde…" stays readable), then any column down to 1.
  auto shrink = [&](bool flexible_only, int floor) {
    while (total() > width) {
      int widest = -1;
      for (std::size_t c = 0; c < count; ++c) {
        if (flexible_only && !columns[c].flexible) continue;
        if (columns[c].whole) continue;
        // A wrap column keeps its header whole while other columns can still give way.
        const int column_floor =
            flexible_only && columns[c].wrap ? std::max(floor, display_width(columns[c].header)) : floor;
        if (widths[c] <= column_floor) continue;
        if (widest < 0 || widths[c] > widths[static_cast<std::size_t>(widest)]) widest = static_cast<int>(c);
      }
      if (widest < 0) return;
      --widths[static_cast<std::size_t>(widest)];
    }
  };
  shrink(true, 6);
  shrink(false, 1);

  auto render_line = [&](const std::vector<std::string>& cells, bool header) {
    std::string line;
    for (std::size_t c = 0; c < count; ++c) {
      const std::string_view raw = c < cells.size() ? std::string_view(cells[c]) : std::string_view();
      const std::string cell = columns[c].whole ? std::string(raw) : detail::truncate_to_width(raw, widths[c]);
      const int padding = widths[c] - display_width(cell);
      const bool last = c + 1 == count;
      if (columns[c].align == Align::right) pad(line, padding);
      if (header && color) line += bold;
      line += cell;
      if (header && color) line += reset;
      if (columns[c].align == Align::left && !last) pad(line, padding);
      if (!last) pad(line, column_gap);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    // Only when even one column each cannot fit: cut the line itself (never a whole column's id).
    const bool any_whole = std::any_of(columns.begin(), columns.end(), [](const Column& column) { return column.whole; });
    if (!any_whole && display_width(line) > width) line = detail::truncate_to_width(line, width);
    line += '\n';
    return line;
  };
  // A row whose wrap columns need more lines than one: the other cells on its first line only.
  auto render_row = [&](const std::vector<std::string>& cells) {
    std::vector<std::vector<std::string>> parts(count);
    std::size_t height = 1;
    for (std::size_t c = 0; c < count; ++c) {
      if (!columns[c].wrap || c >= cells.size() || display_width(cells[c]) <= widths[c]) continue;
      parts[c] = detail::wrap_to_width(cells[c], widths[c]);
      height = std::max(height, parts[c].size());
    }
    if (height == 1) return render_line(cells, false);
    std::string text;
    for (std::size_t line = 0; line < height; ++line) {
      std::vector<std::string> shown(count);
      for (std::size_t c = 0; c < count && c < cells.size(); ++c) {
        if (!parts[c].empty()) {
          if (line < parts[c].size()) shown[c] = parts[c][line];
        } else if (line == 0) {
          shown[c] = cells[c];
        }
      }
      text += render_line(shown, false);
    }
    return text;
  };

  std::vector<std::string> headers;
  headers.reserve(count);
  for (const auto& column : columns) headers.push_back(column.header);
  std::string text = render_line(headers, true);
  std::vector<std::string> rule;
  rule.reserve(count);
  for (std::size_t c = 0; c < count; ++c) rule.emplace_back(static_cast<std::size_t>(widths[c]), '-');
  text += render_line(rule, false);
  for (const auto& row : rows) text += render_row(row);
  return text;
}

}  // namespace gpuselect::render
