#pragma once
// Catalog records as JSON (the catalog's own field names, after overlays) and as YAML text that
// catalog::load reads back. Both are driven by the same field tables as the loader.
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "gpuselect/catalog.hpp"

namespace gpuselect::catalog {

nlohmann::ordered_json to_json(const Gpu& gpu);
nlohmann::ordered_json to_json(const Provider& provider);
nlohmann::ordered_json to_json(const Offering& offering);
nlohmann::ordered_json to_json(const ModelPreset& model);

// A complete catalog file (schema_version 1, schema comment first) holding these offerings.
// Unset optional prices are written as null; a header comment carries `header_comment` lines.
std::string write_offerings_yaml(std::span<const Offering> offerings, std::span<const std::string> header_comment = {});

// Every key the loader accepts for a record kind ("gpus", "providers", "offerings", "models",
// "currencies"), dotted for nested maps ("pricing.on_demand"). For completion and docs checks.
std::vector<std::string> known_keys(std::string_view record_kind);

}  // namespace gpuselect::catalog
