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

// The expert reviews' scenario environment: their date, no parsed-catalog cache, 150 columns.
inline const std::vector<std::string> review_env = {"GPUSELECT_TODAY=2026-12-01", "GPUSELECT_NO_CACHE=1",
                                                    "COLUMNS=150"};

// recommend's JSON document for `args` under review_env; the run must exit 0.
inline nlohmann::json review_recommend_json(std::vector<std::string> args) {
  args.insert(args.begin(), "recommend");
  return run_json(std::move(args), review_env);
}

// Whether a candidate of a recommend document carries the warning `code` ("W-SPOT", ...).
inline bool has_warning(const nlohmann::json& candidate, const std::string& code) {
  for (const auto& warning : candidate["warnings"]) {
    if (warning["code"] == code) return true;
  }
  return false;
}

}  // namespace gpuselect::testing
