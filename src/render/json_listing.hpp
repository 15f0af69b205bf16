#pragma once
// The catalog listings in JSON, apart from renderers.hpp so that only the files that write them parse
// nlohmann/json.hpp (render.hpp declares the JSON documents with nlohmann/json_fwd.hpp).

#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuselect/catalog_format.hpp"
#include "gpuselect/render.hpp"

namespace gpuselect::render::detail {

// `catalog gpus|providers|models --format json`: {"schema_version": 1, "document": "catalog-<key>",
// "<key>": [the records]}.
template <typename Record>
void json_listing(std::ostream& out, std::string_view key, const std::vector<Record>& records, const Style& style) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& record : records) list.push_back(catalog::to_json(record));
  write_json(out, {{"schema_version", 1}, {"document", "catalog-" + std::string(key)}, {key, std::move(list)}},
             style.pretty);
}

}  // namespace gpuselect::render::detail
