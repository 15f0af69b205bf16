#pragma once
// Number words shared by the warning and explanation texts (internal to src/scoring).
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace gpuselect::scoring::detail {

inline std::string number(double value, int decimals) { return fmt::format("{:.{}f}", value, decimals); }

// A share of 1 as a percentage: "12%", "4.5%", "<0.1%", ">99.9%".
inline std::string percent(double share) {
  const double pct = share * 100.0;
  if (pct > 0 && pct < 0.1) return "<0.1%";
  if (pct < 100 && pct >= 99.9) return ">99.9%";
  return fmt::format("{}%", number(pct, pct < 10 ? 1 : 0));
}

// Whether a catalog record's `estimated_fields` names `field`.
inline bool listed(const std::vector<std::string>& fields, std::string_view field) {
  return std::find(fields.begin(), fields.end(), field) != fields.end();
}

}  // namespace gpuselect::scoring::detail
