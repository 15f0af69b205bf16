#include "gpuselect/units.hpp"

#include "gpuselect/fixed_text.hpp"
#include "gpuselect/messages.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <system_error>

#include <fmt/format.h>

#include "gpuselect/safe_text.hpp"

namespace gpuselect::units {

namespace {

using text::trim;

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// std::from_chars on the whole text (locale-independent); a leading '+' is allowed.
std::optional<double> whole_number(std::string_view text) {
  if (!text.empty() && text.front() == '+') {
    text.remove_prefix(1);
    if (!text.empty() && text.front() == '-') return std::nullopt;
  }
  if (text.empty()) return std::nullopt;
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc{} || ptr != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

// Removes '_' digit separators; each must sit between two digits ("70_000", not "_7" or "7__0").
std::optional<std::string> without_separators(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '_') {
      out.push_back(text[i]);
      continue;
    }
    if (i == 0 || i + 1 == text.size() || !is_digit(text[i - 1]) || !is_digit(text[i + 1])) {
      return std::nullopt;
    }
  }
  return out;
}

struct Suffix {
  std::string_view text;  // lower case
  double multiplier;
};

// SI count suffixes; "b" and "g" both mean billion (model sizes are written "7B").
constexpr std::array<Suffix, 5> count_suffixes{{{"k", 1e3}, {"m", 1e6}, {"b", 1e9}, {"g", 1e9}, {"t", 1e12}}};

// Byte suffixes: decimal (GB = 1e9 B) and binary (GiB = 2^30 B); a bare letter is decimal.
constexpr std::array<Suffix, 14> byte_suffixes{{{"b", 1.0},
                                                {"kb", 1e3},
                                                {"mb", 1e6},
                                                {"gb", 1e9},
                                                {"tb", 1e12},
                                                {"kib", 1024.0},
                                                {"mib", 1048576.0},
                                                {"gib", 1073741824.0},
                                                {"tib", 1099511627776.0},
                                                {"k", 1e3},
                                                {"m", 1e6},
                                                {"g", 1e9},
                                                {"t", 1e12},
                                                {"", 1e9}}};

// Splits "350M" into ("350", "m"): the trailing letters, lower-cased.
std::pair<std::string_view, std::string> split_suffix(std::string_view text) {
  std::size_t cut = text.size();
  while (cut > 0) {
    const char c = lower(text[cut - 1]);
    if (c < 'a' || c > 'z') break;
    --cut;
  }
  std::string suffix;
  for (char c : text.substr(cut)) suffix.push_back(lower(c));
  // "1e9" ends in a digit, but "7e" would leave an 'e' in the number: from_chars rejects that.
  return {trim(text.substr(0, cut)), suffix};
}

std::string with_thousands(std::string digits) {
  const std::size_t dot = digits.find('.');
  std::size_t integer_end = dot == std::string::npos ? digits.size() : dot;
  const std::size_t integer_begin = (!digits.empty() && digits[0] == '-') ? 1 : 0;
  while (integer_end > integer_begin + 3) {
    integer_end -= 3;
    digits.insert(integer_end, 1, ',');
  }
  return digits;
}

struct CurrencySymbol {
  std::string_view code;
  std::string_view symbol;
};
// Symbols for the currencies the catalog prices in; any other code is written "CHF 12.40". The
// yuan and the yen share the sign ¥, so each carries its country's prefix (CN¥, JP¥, as the Unicode
// CLDR short symbols do) and the two never look alike.
constexpr std::array<CurrencySymbol, 5> currency_symbols{
    {{"USD", "$"}, {"CNY", "CN¥"}, {"EUR", "€"}, {"GBP", "£"}, {"JPY", "JP¥"}}};

}  // namespace

std::optional<double> parse_count(std::string_view text) {
  text = trim(text);
  const auto cleaned = without_separators(text);
  if (!cleaned) return std::nullopt;
  const auto [number_text, suffix] = split_suffix(*cleaned);
  double multiplier = 1.0;
  if (!suffix.empty()) {
    bool known = false;
    for (const auto& entry : count_suffixes) {
      if (suffix == entry.text) {
        multiplier = entry.multiplier;
        known = true;
      }
    }
    if (!known) return std::nullopt;
  }
  const auto number = whole_number(number_text);
  if (!number) return std::nullopt;
  const double value = *number * multiplier;
  if (!std::isfinite(value) || !(value > 0)) return std::nullopt;
  return value;
}

std::optional<double> parse_bytes(std::string_view text) {
  const auto [number_text, suffix] = split_suffix(trim(text));
  for (const auto& entry : byte_suffixes) {
    if (suffix != entry.text) continue;
    const auto number = whole_number(number_text);
    if (!number || *number < 0) return std::nullopt;
    const double value = *number * entry.multiplier;
    if (!std::isfinite(value)) return std::nullopt;
    return value;
  }
  return std::nullopt;
}

std::optional<double> parse_number(std::string_view text) { return whole_number(trim(text)); }

namespace {
struct DurationUnit {
  std::string_view suffix;
  double seconds;
};
constexpr std::array<DurationUnit, 14> duration_units{{{"ms", 1e-3},
                                                       {"s", 1},
                                                       {"sec", 1},
                                                       {"m", 60},
                                                       {"min", 60},
                                                       {"mins", 60},
                                                       {"h", 3600},
                                                       {"hr", 3600},
                                                       {"hrs", 3600},
                                                       {"hours", 3600},
                                                       {"d", 86400},
                                                       {"days", 86400},
                                                       {"w", 604800},
                                                       {"weeks", 604800}}};
}  // namespace

std::optional<double> parse_duration(std::string_view text, double unit_seconds) {
  const auto [number_text, suffix] = split_suffix(trim(text));
  for (const auto& unit : duration_units) {
    if (suffix != unit.suffix) continue;
    const auto number = whole_number(number_text);
    if (!number || !(*number > 0)) return std::nullopt;
    const double value = *number * unit.seconds / unit_seconds;
    return std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
  }
  return std::nullopt;
}

std::optional<double> parse_token_length(std::string_view text) {
  const auto [number_text, suffix] = split_suffix(trim(text));
  constexpr double binary_kilo = 1024.0;
  const double multiplier = suffix == "k" ? binary_kilo : suffix == "m" ? binary_kilo * binary_kilo : 0.0;
  if (multiplier == 0.0) return std::nullopt;
  const auto number = whole_number(number_text);
  if (!number || !(*number > 0)) return std::nullopt;
  const double value = *number * multiplier;
  return std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

std::optional<std::string> decimal_comma_hint(std::string_view text) {
  const auto words = decimal_comma_words(text);
  if (!words) return std::nullopt;
  return words->say(text::Lang::en);
}

std::optional<text::Words> decimal_comma_words(std::string_view text) {
  text = trim(text);
  constexpr std::size_t longest_number = 40;  // a longer run of digits is not a typo of a number
  if (text.size() > longest_number) return std::nullopt;
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t at = !text.empty() && (text.front() == '-' || text.front() == '+') ? 1 : 0;
  const std::size_t whole_start = at;
  while (at < text.size() && is_digit(text[at])) ++at;
  if (at == whole_start || at >= text.size() || text[at] != ',') return std::nullopt;
  const std::size_t comma = at++;
  const std::size_t fraction_start = at;
  while (at < text.size() && is_digit(text[at])) ++at;
  if (at == fraction_start || at != text.size()) return std::nullopt;
  std::string dotted(text);
  dotted[comma] = '.';
  if (at - fraction_start == 3) {
    std::string whole(text.substr(0, comma));
    whole += text.substr(fraction_start);
    return text::words(text::Msg::hint_decimal_dot_or_thousands, dotted, whole);
  }
  return text::words(text::Msg::hint_decimal_dot, dotted);
}

std::string format_whole(double value) { return with_thousands(fmt::format("{:.0f}", value)); }

std::string format_count(double value) {
  if (!std::isfinite(value)) return "?";
  struct Scale {
    double at_least;
    std::string_view suffix;
  };
  constexpr std::array<Scale, 4> scales{{{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "k"}}};
  const double magnitude = std::fabs(value);
  // Past 1000T (FLOP counts) an exponent reads better than "4200000T".
  if (magnitude >= 999.5e12) return fmt::format("{:.2g}", value);
  for (const auto& scale : scales) {
    // 0.9995 of the scale so that 999.96e6 shows as "1.0B", not "1000M".
    if (magnitude >= 0.9995 * scale.at_least) {
      const double shown = value / scale.at_least;
      return std::fabs(shown) < 9.95 ? fmt::format("{:.1f}{}", shown, scale.suffix)
                                     : fmt::format("{:.0f}{}", shown, scale.suffix);
    }
  }
  if (value == std::round(value)) return fmt::format("{:.0f}", value);
  return fmt::format("{:.3g}", value);
}

std::string format_gb(double bytes) { return format_fixed(bytes / bytes_per_gb, 1) + " GB"; }

std::string format_hours(double hours) {
  if (!std::isfinite(hours)) return "?";
  if (hours < 1.0) return format_fixed(hours * 60.0, 0) + " min";
  if (hours < 48.0) return format_fixed(hours, 1) + " h";
  const double days = hours / 24.0;
  if (days < 1000.0) return format_fixed(days, 1) + " d";
  return with_thousands(format_fixed(days, 0)) + " d";
}

std::string format_hours_like(double hours, double reference_hours) {
  if (!std::isfinite(hours) || !std::isfinite(reference_hours)) return format_hours(hours);
  const double days = hours / 24.0;
  if (reference_hours >= 48.0 && days < 1000.0) return fmt::format("{:.1f} d", days);
  if (reference_hours >= 1.0 && reference_hours < 48.0 && hours < 48.0) return fmt::format("{:.1f} h", hours);
  if (reference_hours < 1.0 && hours < 48.0) return fmt::format("{:.0f} min", hours * 60.0);
  return format_hours(hours);
}

namespace {
// format_fixed's fast path, written at `out` (room for 32 bytes): the end of what was written, or
// nullptr where the exact digits must decide (near a half, 2^40 and up, decimals outside 0-6, not
// finite). |value|·10^decimals as a double is within 2^-13 of the exact product below 2^40 (one
// rounding, relative error 2^-53), so away from a half it rounds to the integer to_chars rounds the
// exact value to. Written forward into a buffer, not appended a character at a time to a string
// (issue 33 part N: ~360 instructions a call, 55,000 calls for a 10k JSON ranking's money).
char* fixed_fast(char* out, double value, int decimals) {
  constexpr std::array<double, 7> powers{1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0};
  constexpr double exact_limit = 1099511627776.0;  // 2^40
  constexpr double half_margin = 1.0 / 4096;
  if (decimals < 0 || static_cast<std::size_t>(decimals) >= powers.size() || !std::isfinite(value)) return nullptr;
  const double scaled = std::fabs(value) * powers[static_cast<std::size_t>(decimals)];
  const double below = std::floor(scaled);
  if (!(scaled < exact_limit) || !(std::fabs(scaled - below - 0.5) > half_margin)) return nullptr;
  auto whole = static_cast<std::uint64_t>(scaled - below > 0.5 ? below + 1 : below);
  std::array<char, 24> reversed{};
  std::size_t length = 0;
  do {
    reversed[length++] = static_cast<char>('0' + whole % 10);
    whole /= 10;
  } while (whole != 0);
  const auto fraction = static_cast<std::size_t>(decimals);
  while (length <= fraction) reversed[length++] = '0';  // "0.05": a zero before the point
  if (std::signbit(value)) *out++ = '-';                // "-0.00" for -0.001, as to_chars and fmt write it
  for (std::size_t at = length; at > fraction; --at) *out++ = reversed[at - 1];
  if (fraction > 0) {
    *out++ = '.';
    for (std::size_t at = fraction; at > 0; --at) *out++ = reversed[at - 1];
  }
  return out;
}
constexpr std::size_t fixed_fast_room = 32;  // a sign, 13 whole digits below 2^40, a point, 6 decimals
}  // namespace

std::string format_money(double amount, std::string_view currency) {
  if (!std::isfinite(amount)) return "?";
  // Two decimals below 100 (cents matter), none from 100 up (they do not).
  const int decimals = std::fabs(amount) < 99.995 ? 2 : 0;
  std::array<char, fixed_fast_room> fast{};
  std::string slow;
  std::string_view digits;
  if (const char* end = fixed_fast(fast.data(), std::fabs(amount), decimals)) {
    digits = std::string_view(fast.data(), static_cast<std::size_t>(end - fast.data()));
  } else {
    slow = format_fixed(std::fabs(amount), decimals);
    digits = slow;
  }
  const auto* known = std::find_if(currency_symbols.begin(), currency_symbols.end(),
                                   [&](const CurrencySymbol& entry) { return entry.code == currency; });
  // The sign, the symbol (or the code and a space), the digits with a comma between groups of
  // three in the whole part (as with_thousands), the decimals: sized first, then written in place.
  const bool minus = amount < 0 && digits.find_first_not_of("0.") != std::string_view::npos;
  const std::string_view prefix = known != currency_symbols.end() ? known->symbol : currency;
  const std::size_t whole = std::min(digits.find('.'), digits.size());
  const std::size_t commas = whole == 0 ? 0 : (whole - 1) / 3;
  const std::size_t size = (minus ? 1 : 0) + prefix.size() + (known != currency_symbols.end() ? 0 : 1) +
                           digits.size() + commas;
  std::string text(size, '\0');
  char* at = text.data();
  if (minus) *at++ = '-';
  std::memcpy(at, prefix.data(), prefix.size());
  at += prefix.size();
  if (known == currency_symbols.end()) *at++ = ' ';
  for (std::size_t digit = 0; digit < whole; ++digit) {
    if (digit != 0 && (whole - digit) % 3 == 0) *at++ = ',';
    *at++ = digits[digit];
  }
  std::memcpy(at, digits.data() + whole, digits.size() - whole);
  return text;
}

std::string format_fixed(double value, int decimals) {
  std::array<char, fixed_fast_room> fast{};
  if (const char* end = fixed_fast(fast.data(), value, decimals)) return std::string(fast.data(), static_cast<std::size_t>(end - fast.data()));
  // Near a half (an exact tie or not) the exact digits decide.
  constexpr double plain_limit = 1e17;  // 18 whole digits, a sign, a point and the decimals fit below
  constexpr int most_decimals = 20;
  if (!std::isfinite(value) || !(std::fabs(value) < plain_limit) || decimals < 0 || decimals > most_decimals) {
    return fmt::format("{:.{}f}", value, decimals);
  }
  std::array<char, 48> digits{};
  const auto result =
      std::to_chars(digits.data(), digits.data() + digits.size(), value, std::chars_format::fixed, decimals);
  return {digits.data(), result.ptr};
}

}  // namespace gpuselect::units
