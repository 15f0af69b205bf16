#pragma once
// The options every subcommand accepts (on the top-level app, usable after the subcommand).
#include <string>
#include <vector>

#include "cli/settings.hpp"

namespace gpuselect::cli {

// Options that every subcommand accepts (defined on the top-level app, usable after the subcommand).
struct GlobalOptions {
  std::vector<std::string> catalog_files;  // --catalog, in order
  bool no_builtin_catalog = false;
  bool no_price_update = false;       // --no-price-update: leave out `catalog update`'s overlay
  bool no_cache = false;              // --no-cache: parse the catalog files, neither reading nor writing the cache
  std::string spot_price = "median";  // --spot-price median|min: which per-region spot statistic ranks
  bool include_unlisted = false;      // --include-unlisted: rank offerings a newer price list left out
  std::string config_path;            // --config
  int verbose = 0;                    // -v, repeatable
  bool quiet = false;
  std::string color = "auto";          // --color auto|always|never (auto, the default: as not given)
  std::string lang;                    // --lang en|zh-CN; "" = the config's lang, else the locale's
  Settings settings;                   // config file + defaults, filled before a command runs
  std::vector<std::string> arguments;  // argv after the program name, as given (the HTML report's header)
};

// --color as chosen() takes it: "" when it is auto (the default), so the config's color applies.
inline std::string color_flag(const GlobalOptions& globals) { return globals.color == "auto" ? "" : globals.color; }

}  // namespace gpuselect::cli
