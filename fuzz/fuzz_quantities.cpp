// Fuzz target: quantity parsing ("7B", "1.5T", "80GB", "1e3") and the formatters fed its results.
// Contract (include/gpuselect/units.hpp): nullopt or a finite value (positive for counts), never a
// crash, never an exception.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "gpuselect/units.hpp"

namespace {
void require(bool condition) {
  if (!condition) std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace units = gpuselect::units;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (const auto count = units::parse_count(text)) {
    require(std::isfinite(*count) && *count > 0);
    require(!units::format_count(*count).empty());
  }
  if (const auto bytes = units::parse_bytes(text)) {
    require(std::isfinite(*bytes) && *bytes >= 0);
    require(!units::format_gb(*bytes).empty());
  }
  if (const auto number = units::parse_number(text)) {
    require(std::isfinite(*number));
    require(!units::format_hours(std::fabs(*number)).empty());
    require(!units::format_money(*number, "USD").empty());
    require(!units::format_money(*number, "CNY").empty());
  }
  return 0;
}
