// Ranking options of the serving tests: the serving profile's weights, on the catalog's date.
#pragma once

#include "gpuselect/scoring.hpp"
#include "gpuselect/workload.hpp"

namespace gpuselect::testing {

inline scoring::Options serving_options() {
  scoring::Options options;
  options.weights = scoring::profile_weights("auto", workload::Kind::llm_inference);
  options.profile_name = "serving";
  options.today = "2026-12-01";
  return options;
}

}  // namespace gpuselect::testing
