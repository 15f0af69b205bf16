#include "cli/settings.hpp"

#include <sys/stat.h>

#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "gpuselect/config.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "io/files.hpp"

namespace gpuselect::cli {

std::string user_folder(const char* xdg_variable, const char* home_relative) {
  // The XDG Base Directory spec: a relative path in XDG_*_HOME is invalid and ignored.
  if (const char* xdg = std::getenv(xdg_variable); xdg != nullptr && *xdg == '/') {
    return std::string(xdg) + "/gpuselect";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return std::string(home) + "/" + home_relative + "/gpuselect";
  }
  return "";
}

namespace {

constexpr std::size_t max_config_bytes = 1u << 20;  // a config file is a handful of lines

bool file_exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

std::string default_config_path() {
  const std::string folder = user_folder("XDG_CONFIG_HOME", ".config");
  return folder.empty() ? folder : folder + "/config.yaml";
}

std::string folder_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

void take(Setting& setting, const std::optional<config::Entry>& entry) {
  if (entry) setting = {entry->value, entry->where};
}

// The language of a locale value ("zh_CN.UTF-8" -> "zh-CN"; a locale without ours: en).
std::string lang_of_locale(const char* value) {
  return std::string(text::lang_name(text::lang_of_locale(value).value_or(text::Lang::en)));
}

// The first of `variables` set and not empty: its name and value.
std::optional<std::pair<const char*, const char*>> first_set(const std::vector<const char*>& variables) {
  for (const char* name : variables) {
    const char* value = std::getenv(name);
    if (value != nullptr && *value != '\0') return std::pair(name, value);
  }
  return std::nullopt;
}
}  // namespace

const std::vector<SettingField>& setting_fields() {
  // POSIX precedence for the locale: LC_ALL overrides LC_MESSAGES, which overrides LANG.
  static const std::vector<SettingField> rows = {
      {"profile", "--profile", {}, nullptr, "auto", &Settings::profile, &config::File::profile},
      {"weights", "--weights", {}, nullptr, "", &Settings::weights, &config::File::weights},
      {"currency", "--currency", {}, nullptr, "USD", &Settings::currency, &config::File::currency},
      {"format", "--format", {}, nullptr, "table", &Settings::format, &config::File::format},
      {"max_nodes", "--max-nodes", {}, nullptr, std::to_string(estimate::default_max_nodes), &Settings::max_nodes,
       &config::File::max_nodes},
      {"top", "--top", {}, nullptr, "10", &Settings::top, &config::File::top},
      {"color", "--color", {}, nullptr, "auto", &Settings::color, &config::File::color},
      {"lang", "--lang", {"LC_ALL", "LC_MESSAGES", "LANG"}, lang_of_locale, "en", &Settings::lang,
       &config::File::lang},
  };
  return rows;
}

const SettingField& setting_field(std::string_view name) {
  for (const SettingField& row : setting_fields()) {
    if (row.name == name) return row;
  }
  throw std::logic_error("no setting named " + std::string(name));
}

Settings::Settings() {
  for (const SettingField& row : setting_fields()) this->*row.field = {row.default_value, "default"};
}

Setting chosen(const Settings& settings, std::string_view name, const std::string& flag_text) {
  const SettingField& row = setting_field(name);
  if (flag_text.empty()) return settings.*row.field;
  return {flag_text, std::string(row.flag)};
}

namespace {
// Each setting (at its default) takes the config file's value (`file`, when one was read), else its
// environment's.
void read_settings(Settings& settings, const config::File* file) {
  for (const SettingField& row : setting_fields()) {
    Setting& setting = settings.*row.field;
    if (file != nullptr) take(setting, file->*row.entry);
    if (setting.origin != "default") continue;
    if (const auto variable = first_set(row.environment)) {
      setting = {row.from_environment != nullptr ? row.from_environment(variable->second) : variable->second,
                 std::string("environment ") + variable->first};
    }
  }
}
}  // namespace

Settings load_settings(const std::string& config_flag) {
  Settings settings;
  std::string path = config_flag;
  if (path.empty()) {
    path = default_config_path();
    if (!path.empty()) settings.searched.push_back(path);
    if (!path.empty() && !file_exists(path)) path.clear();
  } else {
    settings.searched.push_back(path);
  }
  if (!path.empty()) {
    settings.config_file = path;
    const std::string text = io::read_text(path, max_config_bytes, text::words(text::Msg::hint_config_small));
    const config::File file = config::parse(text, path);
    read_settings(settings, &file);
    for (const auto& catalog : file.catalogs) {
      // Relative paths are relative to the config file's folder.
      const std::string resolved =
          !catalog.value.empty() && catalog.value[0] == '/' ? catalog.value : folder_of(path) + catalog.value;
      settings.catalogs.push_back({resolved, catalog.where});
    }
  }
  if (settings.config_file.empty()) read_settings(settings, nullptr);
  if (const char* env = std::getenv("GPUSELECT_CATALOG"); env != nullptr && *env != '\0') {
    std::string_view rest(env);
    while (!rest.empty()) {
      const auto colon = rest.find(':');
      const std::string_view part = rest.substr(0, colon);
      if (!part.empty()) settings.catalogs.push_back({std::string(part), "environment GPUSELECT_CATALOG"});
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
  }
  return settings;
}

namespace {
// The value of `flag` in argv words ("--lang zh-CN" or "--lang=zh-CN"; the last one given), before "--".
std::optional<std::string> flag_value(const std::vector<std::string>& words, std::string_view flag) {
  std::optional<std::string> value;
  for (std::size_t at = 0; at < words.size(); ++at) {
    const std::string& word = words[at];
    if (word == "--") break;
    if (word == flag && at + 1 < words.size()) {
      value = words[++at];
    } else if (word.size() > flag.size() && word.starts_with(flag) && word[flag.size()] == '=') {
      value = word.substr(flag.size() + 1);
    }
  }
  return value;
}
}  // namespace

text::Lang early_lang(const std::vector<std::string>& words) {
  // An unknown --lang (or config lang) is reported in the language the user would get without it.
  if (const auto flag = flag_value(words, "--lang")) {
    if (const auto lang = text::parse_lang(*flag)) return *lang;
  }
  try {
    const Settings settings = load_settings(flag_value(words, "--config").value_or(""));
    if (const auto lang = text::parse_lang(settings.lang.value)) return *lang;
  } catch (const Error&) {
    // The config file is what failed: the locale alone decides.
  }
  const SettingField& lang = setting_field("lang");
  const auto locale = first_set(lang.environment);
  return locale ? text::parse_lang(lang.from_environment(locale->second)).value_or(text::Lang::en) : text::Lang::en;
}

}  // namespace gpuselect::cli
