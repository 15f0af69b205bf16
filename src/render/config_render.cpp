// `config show` in its two formats: a table of settings (with the config file above it) and the
// "config" JSON document (docs/output.md).
#include <nlohmann/json.hpp>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/render.hpp"

namespace gpuselect::render {

namespace {

using nlohmann::ordered_json;

ordered_json config_json(const ConfigView& view) {
  ordered_json document{{"schema_version", 1},
                        {"document", "config"},
                        {"config_file", view.config_file.empty() ? ordered_json() : ordered_json(view.config_file)},
                        {"searched", view.searched}};
  ordered_json values = ordered_json::object();
  for (const auto& row : view.settings) values[row.name] = {{"value", row.value}, {"origin", row.origin}};
  values["catalogs"] = ordered_json::array();
  for (const auto& entry : view.catalogs)
    values["catalogs"].push_back({{"value", entry.value}, {"origin", entry.origin}});
  document["settings"] = values;
  return document;
}

// Where a setting came from, in `lang`: "default", "environment LANG" (the CLI's words), a file or flag as written.
std::string origin_words(std::string_view origin, text::Lang lang) {
  constexpr std::string_view environment = "environment ";
  if (origin == "default") return text::say(lang, text::Msg::config_origin_default);
  constexpr std::string_view flag = "flag ";
  if (origin.starts_with(flag)) return text::say(lang, text::Msg::config_origin_flag, origin.substr(flag.size()));
  if (origin.starts_with(environment)) {
    return text::say(lang, text::Msg::config_origin_environment, origin.substr(environment.size()));
  }
  return std::string(origin);
}

std::string config_table(const ConfigView& view, const Style& style) {
  using text::Msg;
  using text::say;
  const text::Lang lang = style.lang;
  std::string text = say(lang, Msg::config_file_line, view.config_file.empty() ? say(lang, Msg::config_none) : view.config_file);
  std::string searched;
  for (const auto& path : view.searched) searched += (searched.empty() ? "" : ", ") + path;
  text += say(lang, Msg::config_searched_line, searched.empty() ? say(lang, Msg::config_no_path) : searched);
  TextTable table;
  table.columns = {{say(lang, Msg::config_setting)},
                   {say(lang, Msg::config_value), TextTable::Align::left, true},
                   {say(lang, Msg::config_from), TextTable::Align::left, true}};
  for (const auto& row : view.settings) {
    table.rows.push_back(
        {row.name, row.value.empty() ? say(lang, Msg::config_profiles) : row.value, origin_words(row.origin, lang)});
  }
  for (const auto& entry : view.catalogs) {
    table.rows.push_back({"catalog", entry.value == "(built-in data/*.yaml)" ? say(lang, Msg::config_built_in) : entry.value,
                          origin_words(entry.origin, lang)});
  }
  return text + table.render(style.width, style.color);
}

}  // namespace

void config(std::ostream& out, Format format, const ConfigView& view, const Style& style) {
  switch (format) {
    case Format::json:
      write_json(out, config_json(view), style.pretty);
      return;
    case Format::table:
      out << config_table(view, style);
      return;
    case Format::csv:
    case Format::markdown:
    case Format::html:
      break;
  }
  throw Error::said("--format", text::words(text::Msg::err_config_show_format), text::words(text::Msg::hint_config_show_format));
}

}  // namespace gpuselect::render
