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
  Settings();  // each setting at its setting_fields row's default, origin "default"
  std::string config_file;  // the file read, or "" when none
  // Where a config file was looked for, in order: --config, else the default path (found or not).
  std::vector<std::string> searched;
  Setting profile, weights, currency, format, max_nodes, top, color;
  // The config's lang, else the locale's language (LC_ALL, LC_MESSAGES, LANG: the first set), else en.
  Setting lang;
  std::vector<Setting> catalogs;  // config file catalogs, then GPUSELECT_CATALOG entries
};

// Each scalar setting, in `config show`'s order (-vv logs them too): its config-file key, the option
// that overrides it (whose row in its option table names the key: OptionValues::setting), the
// environment variables read when the file does not give it (the first set wins; `from_environment`
// turns a variable's value into the setting's), its default, the Settings member it fills and the
// config file's entry it is read from (load_settings).
struct SettingField {
  const char* name;
  std::string_view flag;
  std::vector<const char*> environment;
  std::string (*from_environment)(const char* value);  // nullptr: the value as written
  std::string default_value;
  Setting Settings::*field;
  std::optional<config::Entry> config::File::*entry;
};
const std::vector<SettingField>& setting_fields();

// The row of setting_fields for config key `name` ("currency"); throws std::logic_error for none.
const SettingField& setting_field(std::string_view name);

// "Flag, else config, else environment, else default", decided here for every setting: the flag's
// text, with the row's option ("--currency") as its origin, when it was given (not empty); else the
// setting load_settings read (the config file's value, the environment's or the default, with its
// origin).
Setting chosen(const Settings& settings, std::string_view name, const std::string& flag_text);

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
