// Shared by the scenario tests: run gpuselect with --format json and read the document.
#pragma once

#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace gpuselect::testing {

// The JSON document of `args` (with --format json appended) under `environment`; the run must exit 0.
inline nlohmann::json run_json(std::vector<std::string> args, const std::vector<std::string>& environment = {}) {
  args.insert(args.end(), {"--format", "json"});
  const auto result = run_gpuselect(args, environment);
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  return nlohmann::json::parse(result.out);
}

// Whether a candidate of a recommend document carries the warning `code` ("W-SPOT", ...).
inline bool has_warning(const nlohmann::json& candidate, const std::string& code) {
  for (const auto& warning : candidate["warnings"]) {
    if (warning["code"] == code) return true;
  }
  return false;
}

}  // namespace gpuselect::testing
