// catalog::OptionalNumber (gpuselect/optional_number.hpp): the 8-byte optional number of catalog
// records (issue 33) must read as the std::optional<double> it replaced.
#include <optional>

#include <catch2/catch.hpp>

#include "gpuselect/catalog.hpp"

using gpuselect::catalog::OptionalNumber;

TEST_CASE("OptionalNumber reads as std::optional<double>: empty, set, reset, converted", "[catalog][optional_number]") {
  OptionalNumber empty;
  CHECK_FALSE(empty.has_value());
  CHECK_FALSE(static_cast<bool>(empty));
  CHECK(empty == std::nullopt);
  CHECK(empty.value_or(4.5) == 4.5);
  CHECK_THROWS_AS(empty.value(), std::bad_optional_access);
  CHECK_FALSE(static_cast<std::optional<double>>(empty).has_value());

  OptionalNumber price = 2.5;
  REQUIRE(price.has_value());
  CHECK(*price == 2.5);
  CHECK(price.value() == 2.5);
  CHECK(price.value_or(9) == 2.5);
  CHECK(static_cast<std::optional<double>>(price) == std::optional<double>(2.5));
  *price *= 2;
  CHECK(price == 5.0);
  price.reset();
  CHECK(price == std::nullopt);
  price = std::optional<double>(0.0);  // zero is a price (free), not "not sold"
  CHECK(price.has_value());
  CHECK(*price == 0.0);
  price = std::optional<double>();
  CHECK_FALSE(price.has_value());
}

TEST_CASE("OptionalNumber compares as std::optional<double>: empty equals empty and no number", "[catalog][optional_number]") {
  CHECK(OptionalNumber() == OptionalNumber());
  CHECK(OptionalNumber() == std::optional<double>());
  CHECK(std::optional<double>() == OptionalNumber());
  CHECK_FALSE(OptionalNumber() == OptionalNumber(0.0));
  CHECK_FALSE(OptionalNumber(0.0) == std::optional<double>());
  CHECK_FALSE(std::optional<double>(1.0) == OptionalNumber());
  CHECK(OptionalNumber(1.25) == std::optional<double>(1.25));
  CHECK(std::optional<double>(1.25) == OptionalNumber(1.25));
  CHECK(OptionalNumber(1.25) != OptionalNumber(1.5));
  CHECK(OptionalNumber(-0.0) == OptionalNumber(0.0));
}

TEST_CASE("catalog prices hold 8 bytes a mode", "[catalog][optional_number]") {
  STATIC_REQUIRE(sizeof(OptionalNumber) == sizeof(double));
  STATIC_REQUIRE(sizeof(gpuselect::catalog::Pricing) == gpuselect::catalog::pricing_mode_count * sizeof(double));
}
