#pragma once
// Decimal text of a double without a format string (src/core/units.cpp).
#include <string>

namespace gpuselect::units {

// `value` with `decimals` digits after the point, correctly rounded: the bytes of fmt's "{:.Nf}"
// ("12.35", "-0.50", "inf") without parsing a format string each time (a ranking document's
// explanations write ~20 such numbers per row; issue 33 part H).
std::string format_fixed(double value, int decimals);

}  // namespace gpuselect::units
