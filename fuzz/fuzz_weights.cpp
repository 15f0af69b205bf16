// Fuzz target: scoring::parse_weights ("cost=0.4,stability=0.3").
// Contract (include/gpuselect/scoring.hpp): throws gpuselect::Error naming the flag, or returns
// finite non-negative weights that sum to 1.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "gpuselect/error.hpp"
#include "gpuselect/scoring.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view spec(reinterpret_cast<const char*>(data), size);
  // The default matrix (0.30/0.25/0.20/0.15/0.10, docs/scoring.md "balanced").
  gpuselect::scoring::Weights base;
  base.values = {0.30, 0.25, 0.20, 0.15, 0.10};
  try {
    const auto weights = gpuselect::scoring::parse_weights(spec, base, "--weights");
    double sum = 0;
    for (const double value : weights.values) {
      if (!std::isfinite(value) || value < 0) std::abort();
      sum += value;
    }
    if (std::fabs(sum - 1.0) > 1e-9) std::abort();
  } catch (const gpuselect::Error& error) {
    if (error.where() != "--weights" || error.problem().empty()) std::abort();
  }
  return 0;
}
