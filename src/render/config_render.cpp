// `config show` in its two formats: a table of settings (with the config file above it) and the
// "config" JSON document (docs/output.md).
#include "gpuselect/error.hpp"
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

std::string config_table(const ConfigView& view, const Style& style) {
  std::string text = "config file: " + (view.config_file.empty() ? std::string("(none)") : view.config_file) + "\n";
  std::string searched;
  for (const auto& path : view.searched) searched += (searched.empty() ? "" : ", ") + path;
  text += "searched:    " + (searched.empty() ? std::string("(no path: neither XDG_CONFIG_HOME nor HOME is set)") : searched) +
          "\n";
  TextTable table;
  table.columns = {{"setting"}, {"value", TextTable::Align::left, true}, {"from", TextTable::Align::left, true}};
  for (const auto& row : view.settings)
    table.rows.push_back({row.name, row.value.empty() ? "(profile's)" : row.value, row.origin});
  for (const auto& entry : view.catalogs) table.rows.push_back({"catalog", entry.value, entry.origin});
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
  throw Error("--format", "config show prints table or json", "use --format table or --format json");
}

}  // namespace gpuselect::render
