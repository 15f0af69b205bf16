#pragma once
// An optional number in 8 bytes (issue 33): what a catalog record stores where a value may be left
// out (a price per mode, a spot interruption rate, a GPU's FP8 TFLOPS). A std::optional<double> is
// 16 bytes (the flag and 7 of padding); an offering holds nine of them and a 1,000,000-offering
// catalog holds a million offerings, so the flag is a quiet NaN in the number itself instead.
// Contract: a stored NaN reads as empty. The catalog never holds one: the loader refuses .nan and
// .inf (fields.cpp assign_number), and every price derived from a finite price (a discount, a
// currency's rate, a median) is finite.
// Reads as a std::optional<double> (has_value, *, value_or, ==, nullopt, and a conversion to
// std::optional<double>), so a member's readers did not change when it changed type.
#include <cmath>
#include <limits>
#include <optional>

namespace gpuselect::catalog {

class OptionalNumber {
 public:
  constexpr OptionalNumber() noexcept = default;
  // Implicit, as the members were std::optional<double> before: `pricing.spot = 1.2`,
  // `pricing.spot = std::nullopt` and `pricing.spot = some_optional` keep working.
  constexpr OptionalNumber(std::nullopt_t /*empty*/) noexcept {}  // NOLINT(google-explicit-constructor,hicpp-explicit-conversions)
  constexpr OptionalNumber(double value) noexcept : value_(value) {}  // NOLINT(google-explicit-constructor,hicpp-explicit-conversions)
  constexpr OptionalNumber(const std::optional<double>& value) noexcept  // NOLINT(google-explicit-constructor,hicpp-explicit-conversions)
      : value_(value ? *value : empty_value) {}
  operator std::optional<double>() const noexcept {  // NOLINT(google-explicit-constructor,hicpp-explicit-conversions)
    return has_value() ? std::optional<double>(value_) : std::nullopt;
  }

  bool has_value() const noexcept { return !std::isnan(value_); }
  explicit operator bool() const noexcept { return has_value(); }
  // As std::optional: only meaningful when has_value() (an empty one reads as NaN here).
  const double& operator*() const noexcept { return value_; }
  double& operator*() noexcept { return value_; }
  const double* operator->() const noexcept { return &value_; }
  double value() const {
    if (!has_value()) throw std::bad_optional_access();
    return value_;
  }
  double value_or(double fallback) const noexcept { return has_value() ? value_ : fallback; }
  void reset() noexcept { value_ = empty_value; }
  double& emplace(double value) noexcept {
    value_ = value;
    return value_;
  }

  // As std::optional<double>'s: two empty ones are equal, an empty one equals no number.
  friend bool operator==(const OptionalNumber& a, const OptionalNumber& b) noexcept {
    if (!a.has_value() || !b.has_value()) return a.has_value() == b.has_value();
    return a.value_ == b.value_;
  }
  friend bool operator==(const OptionalNumber& a, const std::optional<double>& b) noexcept {
    return a == OptionalNumber(b);
  }
  friend bool operator==(const OptionalNumber& a, double b) noexcept { return a == OptionalNumber(b); }
  friend bool operator==(const OptionalNumber& a, std::nullopt_t /*empty*/) noexcept { return !a.has_value(); }

 private:
  static constexpr double empty_value = std::numeric_limits<double>::quiet_NaN();
  double value_ = empty_value;
};
static_assert(sizeof(OptionalNumber) == sizeof(double));

}  // namespace gpuselect::catalog
