#pragma once
// Units and quantity parsing. Bytes: 1 GB = 1e9 B, 1 GiB = 2^30 B; outputs say which they use.
#include <optional>
#include <string>
#include <string_view>

namespace gpuselect::text {
class Words;  // gpuselect/messages.hpp
}  // namespace gpuselect::text

namespace gpuselect::units {

inline constexpr double bytes_per_gb = 1e9;
inline constexpr double bytes_per_gib = 1073741824.0;
inline constexpr double seconds_per_hour = 3600.0;
inline constexpr double hours_per_month = 730.0;  // 8760 h / 12, the cloud billing convention

// A count with an optional SI suffix and '_' separators: "7e9", "7B", "7b", "350M", "1.5T",
// "70_000_000_000", "12k". nullopt when not a finite positive number.
std::optional<double> parse_count(std::string_view text);

// Bytes from "80GB", "80 GiB", "512MB", "1.5TB", "16g" (bare number = GB). nullopt when invalid.
std::optional<double> parse_bytes(std::string_view text);

// A duration with a unit, in `unit_seconds` units (3600 for hours): "48h", "2d", "90m", "90min",
// "1w", "30s", "250ms", "1.5 h" (case-insensitive; d = 24 h, w = 7 d). nullopt without a known unit
// (a bare number is the caller's own unit) or when not finite and positive.
std::optional<double> parse_duration(std::string_view text, double unit_seconds);

// A token length as model cards write it: "4k" = 4096, "128K" = 131072, "1M" = 1048576 (binary
// multiples: Llama 3.1's "128K context" is max_position_embeddings 131072). nullopt without k or m.
std::optional<double> parse_token_length(std::string_view text);

// A finite number in C locale ("0.25", "1e3"); nullopt when trailing junk, NaN or infinite.
std::optional<double> parse_number(std::string_view text);

// For text that is a number written with a decimal comma ("2,5", "-80,0"): the hint "use a dot as
// the decimal separator: 2.5" (with three digits after the comma it also names the thousands
// reading: "1,000" may mean 1000). nullopt for any other text.
std::optional<std::string> decimal_comma_hint(std::string_view text);
// The same hint as catalogue words (said in the language of the error line).
std::optional<text::Words> decimal_comma_words(std::string_view text);

// Locale-independent short forms for people: "7.0B", "1.5T", "350M"; "96.4 GB"; "$1,234"; "12.5 h".
std::string format_count(double value);
std::string format_whole(double value);  // rounded to a whole number, commas between groups: "8,760"
std::string format_gb(double bytes);                                 // decimal GB, one decimal
std::string format_hours(double hours);                              // "45 min", "12.5 h", "3.2 d"
// `hours` in the unit format_hours gives `reference_hours` (a band's ends in its estimate's unit:
// "2.2 d (1.9 d-2.5 d)", not "2.2 d (45.6 h-2.5 d)"); 1,000 days and more as format_hours does.
std::string format_hours_like(double hours, double reference_hours);
std::string format_money(double amount, std::string_view currency);  // "$412", "CN¥2,930", "€12.40"

}  // namespace gpuselect::units
