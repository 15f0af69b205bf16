#pragma once
// Catalog records as JSON (the catalog's own field names, after overlays) and as YAML text that
// catalog::load reads back. Both are driven by the same field tables as the loader.
#include <functional>
#include <span>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "gpuselect/catalog.hpp"
#include "gpuselect/json_writer.hpp"

namespace gpuselect::catalog {

nlohmann::ordered_json to_json(const Gpu& gpu);
nlohmann::ordered_json to_json(const Provider& provider);
nlohmann::ordered_json to_json(const Offering& offering);
nlohmann::ordered_json to_json(const ModelPreset& model);
// The offering's to_json, written straight to `json` (no tree): the same bytes, for listings of
// any size.
void write_json(JsonWriter& json, const Offering& offering);

// A complete catalog file (schema_version 1, schema comment first) holding these offerings.
// Unset optional prices are written as null; a header comment carries `header_comment` lines.
std::string write_offerings_yaml(std::span<const Offering> offerings, std::span<const std::string> header_comment = {});

// Which dotted keys of a record to write (the identifying key always is); empty = every key.
using KeyFilter = std::function<bool(std::string_view key)>;
// A catalog file with providers and offerings; `offering_keys(i)` filters offering i's keys (an
// import writes only what its source knows about an offering the catalog already has).
std::string write_catalog_yaml(std::span<const Provider> providers, std::span<const Offering> offerings,
                               std::span<const std::string> header_comment = {},
                               const std::function<KeyFilter(std::size_t offering)>& offering_keys = {});

// Every key the loader accepts for a record kind ("gpus", "providers", "offerings", "models",
// "currencies"), dotted for nested maps ("pricing.on_demand"). For completion and docs checks.
std::vector<std::string> known_keys(std::string_view record_kind);

}  // namespace gpuselect::catalog
