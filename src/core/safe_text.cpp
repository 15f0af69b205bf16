#include "gpuselect/safe_text.hpp"

#include <array>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"

namespace gpuselect::text {

namespace {

// Length of the well-formed UTF-8 sequence at text[at] (RFC 3629: no overlongs, no surrogates, at
// most U+10FFFF) and its code point, or 0 when malformed.
std::size_t decode(std::string_view text, std::size_t at, char32_t& code_point) {
  const auto byte = [&](std::size_t offset) -> unsigned {
    return at + offset < text.size() ? static_cast<unsigned char>(text[at + offset]) : 0U;
  };
  const auto continuation = [&](std::size_t offset, unsigned low = 0x80, unsigned high = 0xBF) {
    return byte(offset) >= low && byte(offset) <= high;
  };
  const unsigned lead = byte(0);
  std::size_t length = 0;
  if (lead < 0x80) {
    code_point = lead;
    return 1;
  }
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = continuation(1) ? 2 : 0;
  } else if (lead == 0xE0) {
    length = continuation(1, 0xA0) && continuation(2) ? 3 : 0;
  } else if (lead == 0xED) {
    length = continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0;
  } else if (lead >= 0xE1 && lead <= 0xEF) {
    length = continuation(1) && continuation(2) ? 3 : 0;
  } else if (lead == 0xF0) {
    length = continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0;
  } else if (lead >= 0xF1 && lead <= 0xF3) {
    length = continuation(1) && continuation(2) && continuation(3) ? 4 : 0;
  } else if (lead == 0xF4) {
    length = continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0;
  }
  if (length == 0) return 0;
  static constexpr unsigned lead_mask[] = {0, 0, 0x1F, 0x0F, 0x07};
  char32_t value = lead & lead_mask[length];
  for (std::size_t i = 1; i < length; ++i) value = (value << 6) | (byte(i) & 0x3FU);
  code_point = value;
  return length;
}

bool is_neutralised(char32_t c) {
  // Zero-width characters (U+200B-U+200D, U+2060-U+2064, U+FEFF) too: echoed raw, an error quoting
  // 'llama-3.1-8b<U+200B>' read as refusing a valid id (expert review 14, H46).
  return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F) || c == 0x061C || (c >= 0x200B && c <= 0x200F) ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2060 && c <= 0x2064) || (c >= 0x2066 && c <= 0x2069) ||
         c == 0x2028 || c == 0x2029 || c == 0xFEFF;
}

// Calls visit(code_point, length) for each UTF-8 sequence (length 0: a malformed byte, skipped) until
// visit returns false; true when it saw the whole text.
template <typename Visit>
bool each_code_point(std::string_view text, Visit visit) {
  std::size_t at = 0;
  while (at < text.size()) {
    char32_t code_point = 0;
    const std::size_t length = decode(text, at, code_point);
    if (!visit(code_point, length)) return false;
    at += length == 0 ? 1 : length;
  }
  return true;
}

// ESC [ digits(;digits)* m at text[at]: its length, or 0.
std::size_t sgr_length(std::string_view text, std::size_t at) {
  if (at + 2 >= text.size() || text[at] != '\x1b' || text[at + 1] != '[') return 0;
  std::size_t end = at + 2;
  while (end < text.size() && ((text[end] >= '0' && text[end] <= '9') || text[end] == ';')) ++end;
  return end < text.size() && text[end] == 'm' && end - at <= 16 ? end - at + 1 : 0;
}

}  // namespace

std::string neutralise(std::string_view text, Keep keep) {
  std::string out;
  out.reserve(text.size());
  std::size_t at = 0;
  while (at < text.size()) {
    // Printable ASCII (U+0020-U+007E) is never neutralised: copied a run at a time (most of a
    // document; a byte at a time this was ~48 instructions a byte of every table, issue 33).
    std::size_t run_end = at;
    while (run_end < text.size() && static_cast<unsigned char>(text[run_end]) - 0x20U < 0x5FU) ++run_end;
    if (run_end > at) {
      out.append(text, at, run_end - at);
      at = run_end;
      continue;
    }
    const char byte = text[at];
    if (byte == '\n' && keep.newlines) {
      out += byte;
      ++at;
      continue;
    }
    if (byte == '\r' && keep.crlf && at + 1 < text.size() && text[at + 1] == '\n') {
      out += "\r\n";
      at += 2;
      continue;
    }
    if (byte == '\t' && keep.tabs_as_space) {
      out += ' ';
      ++at;
      continue;
    }
    if (byte == '\x1b' && keep.sgr) {
      if (const std::size_t length = sgr_length(text, at); length > 0) {
        out.append(text.substr(at, length));
        at += length;
        continue;
      }
    }
    char32_t code_point = 0;
    const std::size_t length = decode(text, at, code_point);
    if (length == 0) {
      out += '?';
      ++at;
      continue;
    }
    if (is_neutralised(code_point)) {
      out += '?';
    } else {
      out.append(text.substr(at, length));
    }
    at += length;
  }
  return out;
}

bool needs_neutralising(std::string_view text) {
  return !each_code_point(
      text, [](char32_t code_point, std::size_t length) { return length != 0 && !is_neutralised(code_point); });
}

std::string excerpt(std::string_view value, std::size_t max_bytes) {
  if (value.size() <= max_bytes) return neutralise(value);
  std::size_t cut = max_bytes;
  // Back up to a UTF-8 lead byte so a character is never split (at most 3 continuation bytes).
  for (int back = 0; back < 3 && cut > 0 && (static_cast<unsigned char>(value[cut]) & 0xC0U) == 0x80U; ++back) --cut;
  std::string text = neutralise(value.substr(0, cut));
  text.append("...");
  return text;
}

std::string quoted(std::string_view value) {
  std::string text(1, '\'');
  text.append(excerpt(value));
  text.push_back('\'');
  return text;
}

bool is_blank(std::string_view text) {
  return each_code_point(text, [](char32_t code_point, std::size_t length) {
    const bool space = code_point == ' ' || code_point == 0xA0 || (code_point >= 0x2000 && code_point <= 0x200B) ||
                       code_point == 0x3000 || code_point == 0xFEFF;
    return length == 0 || space || is_neutralised(code_point);
  });
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

namespace {
// split_list's items; `empty_items` counts those that were empty after trimming (dropped).
std::vector<std::string> split_items(std::string_view text, std::size_t& empty_items) {
  // The separators: ',' and what a Chinese keyboard types for it, the full-width comma U+FF0C and
  // the ideographic comma U+3001 (expert review 29: `--region cn，us` was one unknown region).
  constexpr std::array<std::string_view, 3> separators = {",", "\uFF0C", "\u3001"};
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t next = std::string_view::npos;
    std::size_t width = 0;
    for (const std::string_view separator : separators) {
      const auto at = text.find(separator, start);
      if (at < next) {
        next = at;
        width = separator.size();
      }
    }
    const std::string_view item = text.substr(start, next == std::string_view::npos ? std::string_view::npos : next - start);
    const std::string_view trimmed = trim(item);
    if (!trimmed.empty()) {
      items.emplace_back(trimmed);
    } else {
      ++empty_items;
    }
    if (next == std::string_view::npos) break;
    start = next + width;
  }
  return items;
}
}  // namespace

std::vector<std::string> split_list(std::string_view text) {
  std::size_t empty_items = 0;
  return split_items(text, empty_items);
}

std::vector<std::string> split_flag_list(std::string_view text, std::string_view flag) {
  std::size_t empty_items = 0;
  std::vector<std::string> items = split_items(text, empty_items);
  // "" (or spaces only) is one empty item and no other: the flag not given.
  if (empty_items > 0 && !(items.empty() && empty_items == 1)) {
    throw Error::said(std::string(flag), words(Msg::err_list_empty_item, quoted(text)), words(Msg::hint_list_empty_item));
  }
  // An invisible or control character in a name (a bidi override, a zero-width space) is refused, not
  // read past: `--gpu h100<U+202E>` ran as h100 (expert review 14, H37).
  for (const auto& item : items) {
    if (needs_neutralising(item)) {
      throw Error::said(std::string(flag), words(Msg::err_list_invisible, quoted(item)), words(Msg::hint_list_invisible));
    }
  }
  return items;
}

}  // namespace gpuselect::text
