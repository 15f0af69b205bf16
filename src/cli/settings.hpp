#pragma once
// Effective settings: built-in defaults, overridden by the config file, overridden by flags; each
// value remembers where it came from (for `gpuselect config show`).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/config.hpp"
#include "gpuselect/estimate.hpp"
#include "gpuselect/messages.hpp"

namespace gpuselect::cli {

struct Setting {
  std::string value;
  std::string origin;  // "default", "config.yaml:3:10", "flag --currency", "environment GPUSELECT_CATALOG"
};

struct Settings {
  std::string config_file;  // the file read, or "" when none
  // Where a config file was looked for, in order: --config, else the default path (found or not).
  std::vector<std::string> searched;
  Setting profile{"auto", "default"};
  Setting weights{"", "default"};
  Setting currency{"USD", "default"};
  Setting format{"table", "default"};
  Setting max_nodes{std::to_string(estimate::default_max_nodes), "default"};
  Setting top{"10", "default"};
  Setting color{"auto", "default"};
  // The config's lang, else the locale's language (LC_ALL, LC_MESSAGES, LANG: the first set), else en.
  Setting lang{"en", "default"};
  std::vector<Setting> catalogs;  // config file catalogs, then GPUSELECT_CATALOG entries
};

// Each scalar setting by its config key, in `config show`'s order (-vv logs them too): the Settings
// member it fills and the config file's entry it is read from (load_settings).
struct SettingField {
  const char* name;
  Setting Settings::*field;
  std::optional<config::Entry> config::File::*entry;
};
inline constexpr SettingField setting_fields[] = {
    {"profile", &Settings::profile, &config::File::profile},
    {"weights", &Settings::weights, &config::File::weights},
    {"currency", &Settings::currency, &config::File::currency},
    {"format", &Settings::format, &config::File::format},
    {"max_nodes", &Settings::max_nodes, &config::File::max_nodes},
    {"top", &Settings::top, &config::File::top},
    {"color", &Settings::color, &config::File::color},
    {"lang", &Settings::lang, &config::File::lang},
};

// "Flag, else config, else default", decided here for every setting a flag overrides: the flag's text,
// with `flag` ("--currency") as its origin, when it was given (not empty); else `setting` (the config
// file's value, the environment's or the default, with its origin).
Setting chosen(const std::string& flag_text, std::string_view flag, const Setting& setting);

// Reads the config file (--config, else $XDG_CONFIG_HOME/gpuselect/config.yaml, else
// ~/.config/gpuselect/config.yaml when it exists) and GPUSELECT_CATALOG. A missing default file is
// not an error; a missing --config file is.
Settings load_settings(const std::string& config_flag);

// The language of an error raised before the settings are known (while argv is parsed, or while the
// config file is read), decided as resolve_lang decides it afterwards: --lang in `words` (argv
// without the program name), else the config file's lang (--config in `words`, else the default
// file; unreadable: skipped), else the locale's; English where a name is not a language.
text::Lang early_lang(const std::vector<std::string>& words);

// "$XDG_..._HOME/gpuselect" when that variable is set, else "$HOME/<home_relative>/gpuselect";
// "" when neither is set. (XDG Base Directory Specification: XDG_CONFIG_HOME ~/.config,
// XDG_DATA_HOME ~/.local/share.)
std::string user_folder(const char* xdg_variable, const char* home_relative);

}  // namespace gpuselect::cli
