#pragma once
// The user's config file ($XDG_CONFIG_HOME/gpuselect/config.yaml or --config): defaults for flags.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuselect::config {

// A value with where it was written ("config.yaml:3:10").
struct Entry {
  std::string value;
  std::string where;
};

struct File {
  std::optional<Entry> profile;
  std::optional<Entry> weights;  // "cost=0.4,stability=0.3" (a YAML map is turned into this form)
  std::optional<Entry> currency;
  std::optional<Entry> format;
  std::optional<Entry> max_nodes;
  std::optional<Entry> top;
  std::optional<Entry> color;
  std::optional<Entry> lang;  // "en", "zh-CN"
  std::vector<Entry> catalogs;  // paths as written (relative ones resolved by the CLI)
};

// Every key the file accepts, for errors and docs.
std::vector<std::string> known_keys();

// Parses config text. Throws Error(where = "source:line:col") for syntax errors, unknown keys (with
// "did you mean"), or values of the wrong shape. An empty file is an empty config.
File parse(std::string_view text, const std::string& source);

}  // namespace gpuselect::config
