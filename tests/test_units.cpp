#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "gpuselect/fixed_text.hpp"
#include "gpuselect/units.hpp"

using namespace gpuselect;

TEST_CASE("parse_count accepts SI suffixes, exponents and digit separators", "[units]") {
  struct Row {
    const char* text;
    double expected;
  };
  const Row rows[] = {
      {"7e9", 7e9},  {"7B", 7e9},   {"7b", 7e9},     {"350M", 350e6}, {"1.5T", 1.5e12}, {"70_000_000_000", 7e10},
      {"12k", 12e3}, {"12K", 12e3}, {" 13B ", 13e9}, {"2T", 2e12},    {"1e9", 1e9},     {"+8", 8},
  };
  for (const auto& row : rows) {
    INFO(row.text);
    const auto value = units::parse_count(row.text);
    REQUIRE(value.has_value());
    CHECK(*value == Approx(row.expected).epsilon(1e-12));
  }
}

TEST_CASE("parse_count rejects junk, non-positive and non-finite counts", "[units]") {
  for (const char* text : {"abc", "1e400", "-5", "nan", "NaN", "inf", "0", "", "7x", "7e", "_7", "7__0", "7_", "1.2.3",
                           "B", "--5", "+-5", "0x10"}) {
    INFO(text);
    CHECK_FALSE(units::parse_count(text).has_value());
  }
}

TEST_CASE("parse_bytes knows decimal and binary units, a bare number is GB", "[units]") {
  CHECK(*units::parse_bytes("80GB") == 80e9);
  CHECK(*units::parse_bytes("80 GiB") == 80.0 * 1073741824.0);
  CHECK(*units::parse_bytes("512MB") == 512e6);
  CHECK(*units::parse_bytes("1.5TB") == 1.5e12);
  CHECK(*units::parse_bytes("16g") == 16e9);
  CHECK(*units::parse_bytes("24") == 24e9);
  CHECK_FALSE(units::parse_bytes("12 parsecs").has_value());
  CHECK_FALSE(units::parse_bytes("-1GB").has_value());
  CHECK_FALSE(units::parse_bytes("nanGB").has_value());
}

TEST_CASE("parse_number is a strict C-locale number", "[units]") {
  CHECK(*units::parse_number("0.25") == 0.25);
  CHECK(*units::parse_number("1e3") == 1000.0);
  CHECK(*units::parse_number("-2") == -2.0);
  CHECK_FALSE(units::parse_number("0,25").has_value());
  CHECK_FALSE(units::parse_number("1e3x").has_value());
  CHECK_FALSE(units::parse_number("nan").has_value());
  CHECK_FALSE(units::parse_number("inf").has_value());
  CHECK_FALSE(units::parse_number("").has_value());
}

TEST_CASE("format_count writes short SI forms", "[units]") {
  CHECK(units::format_count(7e9) == "7.0B");
  CHECK(units::format_count(6.738e9) == "6.7B");
  CHECK(units::format_count(1.5e12) == "1.5T");
  CHECK(units::format_count(350e6) == "350M");
  CHECK(units::format_count(70e9) == "70B");
  CHECK(units::format_count(12e3) == "12k");
  CHECK(units::format_count(999.96e6) == "1.0B");
  CHECK(units::format_count(42) == "42");
  CHECK(units::format_count(4.2e21) == "4.2e+21");
}

TEST_CASE("format_gb, format_hours", "[units]") {
  CHECK(units::format_gb(96.44e9) == "96.4 GB");
  CHECK(units::format_gb(0) == "0.0 GB");
  CHECK(units::format_hours(0.75) == "45 min");
  CHECK(units::format_hours(12.5) == "12.5 h");
  CHECK(units::format_hours(76.8) == "3.2 d");
  // A band's ends in its estimate's unit (expert review 24: "2.2 d (45.6 h-2.5 d)").
  CHECK(units::format_hours_like(45.6, 52.8) == "1.9 d");
  CHECK(units::format_hours_like(0.9, 1.5) == "0.9 h");
  CHECK(units::format_hours_like(1.2, 0.8) == "72 min");
  CHECK(units::format_hours_like(60.0, 30.0) == "2.5 d");  // past 48 h an hour count reads as days
  CHECK(units::format_hours_like(30.0 * 24 * 1000, 24.0 * 900) == "30,000 d");
}

TEST_CASE("format_money: symbol per currency, separators, cents only under 100", "[units]") {
  CHECK(units::format_money(412.3, "USD") == "$412");
  CHECK(units::format_money(2930.4, "CNY") == "CN¥2,930");
  // The yuan and the yen share the sign ¥: each carries its prefix, so the two never look alike.
  CHECK(units::format_money(2930.4, "JPY") == "JP¥2,930");
  CHECK(units::format_money(12.4, "EUR") == "€12.40");
  CHECK(units::format_money(1234567.0, "USD") == "$1,234,567");
  CHECK(units::format_money(0.5, "USD") == "$0.50");
  CHECK(units::format_money(99.999, "USD") == "$100");
  CHECK(units::format_money(-5, "USD") == "-$5.00");
  CHECK(units::format_money(12.4, "CHF") == "CHF 12.40");
  CHECK(units::format_money(-0.001, "USD") == "$0.00");
  // Written in place (issue 33 part N): the same bytes as the digits of format_fixed with the sign,
  // the symbol or code, and a comma between groups of three, put together as before.
  const auto reference = [](double amount, std::string_view currency) -> std::string {
    if (!std::isfinite(amount)) return "?";
    const std::string digits = units::format_fixed(std::fabs(amount), std::fabs(amount) < 99.995 ? 2 : 0);
    std::string text;
    if (amount < 0 && digits.find_first_not_of("0.") != std::string::npos) text += '-';
    const std::string_view symbol = currency == "USD"   ? "$"
                                    : currency == "CNY" ? "CN¥"
                                    : currency == "EUR" ? "€"
                                    : currency == "GBP" ? "£"
                                    : currency == "JPY" ? "JP¥"
                                                        : "";
    text += symbol.empty() ? std::string(currency) + " " : std::string(symbol);
    const std::size_t whole = std::min(digits.find('.'), digits.size());
    for (std::size_t at = 0; at < whole; ++at) {
      if (at != 0 && (whole - at) % 3 == 0) text += ',';
      text += digits[at];
    }
    return text + digits.substr(whole);
  };
  std::mt19937_64 random(33);
  std::uniform_real_distribution<double> spread(-1e6, 1e6);
  std::vector<double> amounts = {0.0, -0.0, 0.004, -0.004, 0.005, 99.994, 99.995, 100.5, 999.5, 1e15, 1e17, 3e300,
                                 std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()};
  for (int n = 0; n < 5000; ++n) amounts.push_back(static_cast<double>(n) / 8.0 - 300.0);
  for (int draw = 0; draw < 5000; ++draw) amounts.push_back(spread(random));
  for (const double amount : amounts) {
    for (const std::string_view currency : {"USD", "CNY", "CHF"}) {
      INFO(amount << " " << currency);
      REQUIRE(units::format_money(amount, currency) == reference(amount, currency));
    }
  }
}

TEST_CASE("format_fixed writes the bytes of fmt's fixed precision", "[units]") {
  // units::format_fixed replaced fmt::format("{:.Nf}") in the words of explanations and money:
  // exact halves (0.125, 2.5: rounded to even by both), negative zero, large and non-finite values.
  std::mt19937_64 random(33);
  std::uniform_real_distribution<double> spread(-1e7, 1e7);
  std::vector<double> values = {0.0, -0.0, 0.125, 0.375, 2.5, 3.5, -0.001, 99.995, 1e16, 1e17, 1e300, -1e300,
                                std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                                std::numeric_limits<double>::quiet_NaN()};
  for (int n = 0; n < 20000; ++n) values.push_back(static_cast<double>(n) / 8.0);
  for (int draw = 0; draw < 20000; ++draw) values.push_back(spread(random));
  for (const double value : values) {
    for (int decimals = 0; decimals <= 4; ++decimals) {
      INFO(value << " with " << decimals);
      REQUIRE(units::format_fixed(value, decimals) == fmt::format("{:.{}f}", value, decimals));
    }
  }
}

TEST_CASE("parse_duration reads a number with a unit of time into the unit asked for", "[units]") {
  constexpr double hour = 3600;
  CHECK(units::parse_duration("48h", hour) == 48);
  CHECK(units::parse_duration("2d", hour) == 48);
  CHECK(units::parse_duration("90m", hour) == 1.5);
  CHECK(units::parse_duration("90min", hour) == 1.5);
  CHECK(units::parse_duration("1w", hour) == 168);
  CHECK(units::parse_duration("1.5 H", hour) == 1.5);
  CHECK(units::parse_duration("250ms", 1e-3) == 250);
  CHECK(units::parse_duration("2h", 60) == 120);
  CHECK_FALSE(units::parse_duration("48", hour));  // a bare number is the caller's own unit
  CHECK_FALSE(units::parse_duration("4x", hour));
  CHECK_FALSE(units::parse_duration("-2h", hour));
  CHECK_FALSE(units::parse_duration("h", hour));
}

TEST_CASE("parse_token_length counts k and M in powers of two, as model cards do", "[units]") {
  CHECK(units::parse_token_length("4k") == 4096);
  CHECK(units::parse_token_length("128K") == 131072);  // Llama 3.1's max_position_embeddings
  CHECK(units::parse_token_length("1M") == 1048576);
  CHECK_FALSE(units::parse_token_length("4096"));
  CHECK_FALSE(units::parse_token_length("4g"));
  CHECK_FALSE(units::parse_token_length("0k"));
}
