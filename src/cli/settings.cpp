#include "cli/settings.hpp"

#include <sys/stat.h>

#include <cstdlib>
#include <optional>
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

// The locale's language and the variable that named it. POSIX precedence: LC_ALL overrides
// LC_MESSAGES, which overrides LANG; an empty one is unset.
std::optional<std::pair<text::Lang, const char*>> locale_lang() {
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(name);
    if (value != nullptr && *value != '\0') {
      return std::pair(text::lang_of_locale(value).value_or(text::Lang::en), name);
    }
  }
  return std::nullopt;
}
}  // namespace

Setting chosen(const std::string& flag_text, std::string_view flag, const Setting& setting) {
  if (flag_text.empty()) return setting;
  return {flag_text, std::string(flag)};
}

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
    for (const SettingField& row : setting_fields) take(settings.*row.field, file.*row.entry);
    for (const auto& catalog : file.catalogs) {
      // Relative paths are relative to the config file's folder.
      const std::string resolved =
          !catalog.value.empty() && catalog.value[0] == '/' ? catalog.value : folder_of(path) + catalog.value;
      settings.catalogs.push_back({resolved, catalog.where});
    }
  }
  if (settings.lang.origin == "default") {
    if (const auto locale = locale_lang()) {
      settings.lang = {std::string(text::lang_name(locale->first)), std::string("environment ") + locale->second};
    }
  }
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
  const auto locale = locale_lang();
  return locale ? locale->first : text::Lang::en;
}

}  // namespace gpuselect::cli
