#include "gpuselect/json_writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#include <nlohmann/json.hpp>
#endif

namespace gpuselect {
namespace {

constexpr std::size_t flush_bytes = std::size_t{64} * 1024;  // one write per 64 KiB, as libyaml_scan reads
constexpr std::size_t buffer_bytes = flush_bytes + 4096;       // a value started below flush_bytes fits

// Printable ASCII without '"' and '\\': written as is. Anything else goes through nlohmann's own
// escaping so control characters, non-ASCII and invalid UTF-8 come out exactly as dump() writes them.
// Every string and key of a document passes here, so the test takes 16 bytes at a time (SSE2, part of
// every x86-64) and a string shorter than that as two overlapping words (string_literal); elsewhere 8 bytes at a
// time with the classic zero-byte trick: (w - 0x01..) & ~w & 0x80.. is non-zero iff some byte of w is zero.
#if defined(__SSE2__)
// Bytes of `block` that need escaping set to 0xff. Signed bytes: below 0x20 or at/above 0x80
// (negative) is below 0x20.
__m128i bad_bytes(__m128i block) {
  return _mm_or_si128(
      _mm_or_si128(_mm_cmplt_epi8(block, _mm_set1_epi8(0x20)), _mm_cmpeq_epi8(block, _mm_set1_epi8(0x7f))),
      _mm_or_si128(_mm_cmpeq_epi8(block, _mm_set1_epi8('"')), _mm_cmpeq_epi8(block, _mm_set1_epi8('\\'))));
}

bool plain_block(const char* bytes) {
  return _mm_movemask_epi8(bad_bytes(_mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes)))) == 0;
}

// A string of 16 bytes or more (string_literal tests shorter ones itself).
bool is_plain_ascii(std::string_view text) {
  constexpr std::size_t block = 16;
  std::size_t at = 0;
  for (; at + block <= text.size(); at += block) {
    if (!plain_block(text.data() + at)) return false;
  }
  // The last bytes as the block that ends the string (it overlaps bytes already tested).
  return at == text.size() || plain_block(text.data() + text.size() - block);
}
#else
bool is_plain_ascii(std::string_view text) {
  constexpr std::uint64_t ones = 0x0101010101010101U;
  constexpr std::uint64_t highs = 0x8080808080808080U;
  const auto has_zero_byte = [](std::uint64_t word) { return ((word - ones) & ~word & highs) != 0; };
  std::size_t at = 0;
  for (; at + 8 <= text.size(); at += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, text.data() + at, 8);
    const bool high_or_del = ((word | (word + ones)) & highs) != 0;  // a byte >= 0x80, or 0x7f (+1 sets bit 7)
    const bool control = ((word - 0x20 * ones) & ~word & highs) != 0;  // a byte < 0x20 (bytes < 0x80 here)
    if (high_or_del || control || has_zero_byte(word ^ (ones * '"')) || has_zero_byte(word ^ (ones * '\\'))) {
      return false;
    }
  }
  for (; at < text.size(); ++at) {
    const auto byte = static_cast<unsigned char>(text[at]);
    if (byte < 0x20 || byte >= 0x7f || byte == '"' || byte == '\\') return false;
  }
  return true;
}
#endif

// Any length (is_plain_ascii's SSE form reads 16 bytes at the end of the string).
bool plain_piece(std::string_view text) {
  constexpr std::size_t block = 16;
  if (text.size() >= block) return is_plain_ascii(text);
  for (const char byte : text) {
    const auto value = static_cast<unsigned char>(byte);
    if (value < 0x20 || value >= 0x7f || value == '"' || value == '\\') return false;
  }
  return true;
}

}  // namespace

char* detail::short_decimal(char* out, double number) {
  constexpr double digits_limit = 1e8;  // n below 10^8: see the header
  constexpr std::size_t most_decimals = 4;
  constexpr double most_scale = 10000.0;  // 10^most_decimals, exact
  const double magnitude = std::fabs(number);
  if (!(magnitude < digits_limit)) return nullptr;
  if (magnitude == 0) {
    if (std::signbit(number)) *out++ = '-';
    *out++ = '0';
    *out++ = '.';
    *out++ = '0';
    return out;
  }
  // One test at four decimals decides for all k <= 4 (issue 33: a test per k was a division each).
  // Below 10^8 two decimals of at most four places differ by at least 10^-4, far more than the
  // spacing of doubles there (< 1.5e-8), so at most one of them rounds to `magnitude`; if n / 10^k
  // does, so does n·10^(4-k) / 10^4 (the same number), and magnitude·10^4 is within 2e-4 of that
  // integer, so nearbyint finds it. Its trailing zeros then give the fewest decimals, the k the
  // test per k found first.
  const double scaled = std::nearbyint(magnitude * most_scale);
  if (scaled / most_scale != magnitude) return nullptr;
  auto digits_value = static_cast<std::uint64_t>(scaled);
  std::size_t decimals = most_decimals;
  while (decimals > 0 && digits_value % 10 == 0) {
    digits_value /= 10;
    --decimals;
  }
  if (static_cast<double>(digits_value) >= digits_limit) return nullptr;
  if (std::signbit(number)) *out++ = '-';
  // The whole part (at least "0", as in 0.05), the point, then exactly `decimals` digits of the
  // fraction; an integral double as "5.0", as nlohmann writes it.
  constexpr std::array<std::uint32_t, most_decimals + 1> powers{1, 10, 100, 1000, 10000};
  const auto whole = static_cast<std::uint32_t>(digits_value / powers[decimals]);
  auto fraction = static_cast<std::uint32_t>(digits_value % powers[decimals]);
  constexpr std::size_t whole_digits_room = 10;  // below 10^8
  out = std::to_chars(out, out + whole_digits_room, whole).ptr;
  *out++ = '.';
  if (decimals == 0) {
    *out++ = '0';
    return out;
  }
  for (std::size_t at = decimals; at-- > 0;) {
    out[at] = static_cast<char>('0' + fraction % 10);
    fraction /= 10;
  }
  return out + decimals;
}

JsonWriter::JsonWriter(std::ostream& out, bool pretty) : out_(out), pretty_(pretty) {
  buffer_.resize(buffer_bytes);
}

JsonWriter::~JsonWriter() { flush(); }

void JsonWriter::flush() {
  if (used_ != 0) out_.write(buffer_.data(), static_cast<std::streamsize>(used_));
  used_ = 0;
}

void JsonWriter::make_room(std::size_t bytes) {
  flush();
  if (bytes > buffer_.size()) buffer_.resize(bytes);
}

void JsonWriter::raw(std::string_view text) {
  char* at = room(text.size());
  std::memcpy(at, text.data(), text.size());
  used_ += text.size();
}

void JsonWriter::newline_indent() {
  const std::size_t spaces = levels_.size() * 2;
  char* at = room(spaces + 1);
  *at = '\n';
  std::memset(at + 1, ' ', spaces);
  used_ += spaces + 1;
}

void JsonWriter::before_element() {
  if (levels_.empty()) return;
  Level& level = levels_.back();
  if (!level.empty) put(',');
  level.empty = false;
  if (pretty_) newline_indent();
}

void JsonWriter::open(char bracket) {
  before_value();
  put(bracket);
  levels_.push_back({});
}

void JsonWriter::close(char bracket) {
  const bool was_empty = levels_.back().empty;
  levels_.pop_back();
  if (pretty_ && !was_empty) newline_indent();
  put(bracket);
  if (used_ >= flush_bytes) flush();
}

void JsonWriter::begin_object() { open('{'); }
void JsonWriter::end_object() { close('}'); }
void JsonWriter::begin_array() { open('['); }
void JsonWriter::end_array() { close(']'); }

void JsonWriter::key_text(std::string_view name) {
  before_value();
  string_literal(name);
  if (pretty_) {
    raw(": ");
  } else {
    put(':');
  }
  after_key_ = true;
}

void JsonWriter::value(std::string_view text) {
  before_value();
  string_literal(text);
}

void JsonWriter::string_literal(std::string_view text) {
#if defined(__SSE2__)
  // A string under 16 bytes (most keys and words) is read as two overlapping words of the string
  // itself, tested as one block and stored from those words: neither padded into a block on the stack
  // nor copied before it is tested, since a 16-byte load of bytes just stored a piece at a time waits
  // for the stores (issue 33: that stall was most of this function's time).
  const std::size_t size = text.size();
  if (size < 16) {
    const char* bytes = text.data();
    std::uint64_t first = 0;
    std::uint64_t last = 0;
    if (size >= 8) {
      std::memcpy(&first, bytes, 8);
      std::memcpy(&last, bytes + size - 8, 8);
    } else if (size >= 4) {
      std::uint32_t low = 0;
      std::uint32_t high = 0;
      std::memcpy(&low, bytes, 4);
      std::memcpy(&high, bytes + size - 4, 4);
      first = low | (std::uint64_t{high} << 32);
      last = first;
    } else if (size > 0) {
      // Bytes 0, size/2 and size-1 are every byte of 1-3; the rest are spaces, which need no escaping.
      first = 0x2020202020000000U | static_cast<unsigned char>(bytes[0]) |
              (std::uint64_t{static_cast<unsigned char>(bytes[size / 2])} << 8) |
              (std::uint64_t{static_cast<unsigned char>(bytes[size - 1])} << 16);
      last = first;
    }
    const __m128i block = _mm_set_epi64x(static_cast<long long>(last), static_cast<long long>(first));
    if (_mm_movemask_epi8(bad_bytes(block)) == 0) {
      char* at = room(size + 2);
      *at = '"';
      if (size >= 8) {
        std::memcpy(at + 1, &first, 8);
        std::memcpy(at + 1 + size - 8, &last, 8);
      } else if (size >= 4) {
        std::memcpy(at + 1, &first, 4);
        std::memcpy(at + 1 + size - 4, reinterpret_cast<const char*>(&first) + 4, 4);
      } else if (size > 0) {
        at[1] = bytes[0];
        at[1 + size / 2] = bytes[size / 2];
        at[size] = bytes[size - 1];
      }
      at[size + 1] = '"';
      used_ += size + 2;
      return;
    }
  } else if (is_plain_ascii(text)) {
#else
  if (is_plain_ascii(text)) {
#endif
    char* at = room(text.size() + 2);
    *at = '"';
    if (!text.empty()) std::memcpy(at + 1, text.data(), text.size());
    at[text.size() + 1] = '"';
    used_ += text.size() + 2;
    return;
  }
  raw(nlohmann::ordered_json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

void JsonWriter::begin_string() {
  before_value();
  put('"');
  escaped_rest_.clear();
  rest_started_ = false;
}

void JsonWriter::string_piece_tested(std::string_view piece) {
  if (piece.empty()) return;
  // Printable ASCII stands for itself in the escaped string and is whole characters, so the pieces
  // before the first one that needs escaping are written as they are; from that one on they are
  // kept and escaped together (a UTF-8 sequence split across pieces is then escaped whole).
  if (!rest_started_ && plain_piece(piece)) {
    std::memcpy(room(piece.size()), piece.data(), piece.size());
    used_ += piece.size();
    return;
  }
  rest_started_ = true;
  escaped_rest_.append(piece);
}

void JsonWriter::end_string() {
  if (rest_started_) {
    const std::string quoted =
        nlohmann::ordered_json(escaped_rest_).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    raw(std::string_view(quoted).substr(1, quoted.size() - 2));  // without its quotes
    escaped_rest_.clear();
    rest_started_ = false;
  }
  put('"');
}

void JsonWriter::value(double number) {
  before_value();
  if (!std::isfinite(number)) {
    raw("null");
    return;
  }
  constexpr std::size_t longest = 64;
  char* at = room(longest);
  char* end = detail::short_decimal(at, number);
  if (end == nullptr) end = nlohmann::detail::to_chars(at, at + longest, number);
  used_ += static_cast<std::size_t>(end - at);
}

void JsonWriter::value(bool flag) {
  before_value();
  raw(flag ? "true" : "false");
}

void JsonWriter::value(std::nullptr_t) {
  before_value();
  raw("null");
}

void JsonWriter::signed_value(std::int64_t number) {
  before_value();
  constexpr std::size_t longest = 24;
  char* at = room(longest);
  used_ += static_cast<std::size_t>(std::to_chars(at, at + longest, number).ptr - at);
}

void JsonWriter::unsigned_value(std::uint64_t number) {
  before_value();
  constexpr std::size_t longest = 24;
  char* at = room(longest);
  used_ += static_cast<std::size_t>(std::to_chars(at, at + longest, number).ptr - at);
}

void JsonWriter::value(const nlohmann::ordered_json& tree) {
  switch (tree.type()) {
    case nlohmann::json::value_t::object:
      begin_object();
      for (const auto& [name, member] : tree.items()) {
        key(name);
        value(member);
      }
      end_object();
      return;
    case nlohmann::json::value_t::array:
      begin_array();
      for (const auto& member : tree) value(member);
      end_array();
      return;
    case nlohmann::json::value_t::string:
      value(std::string_view(tree.get_ref<const std::string&>()));
      return;
    case nlohmann::json::value_t::boolean:
      value(tree.get<bool>());
      return;
    case nlohmann::json::value_t::number_integer:
      value(tree.get<std::int64_t>());
      return;
    case nlohmann::json::value_t::number_unsigned:
      value(tree.get<std::uint64_t>());
      return;
    case nlohmann::json::value_t::number_float:
      value(tree.get<double>());
      return;
    case nlohmann::json::value_t::null:
    case nlohmann::json::value_t::discarded:
    case nlohmann::json::value_t::binary:
      value(nullptr);
      return;
  }
}

void JsonWriter::finish() {
  put('\n');
  flush();
}

}  // namespace gpuselect
