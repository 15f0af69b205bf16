// gpuselect config show: the effective settings and where each came from.
#include <memory>
#include <sstream>

#include "cli/app.hpp"
#include "cli/command.hpp"
#include "gpuselect/render.hpp"

namespace gpuselect::cli {

namespace {

struct ConfigOptions {
  OutputOptions output;
};

struct Row {
  const char* name;
  Setting Settings::*field;
};
constexpr Row setting_rows[] = {
    {"profile", &Settings::profile}, {"weights", &Settings::weights},     {"currency", &Settings::currency},
    {"format", &Settings::format},   {"max_nodes", &Settings::max_nodes}, {"top", &Settings::top},
    {"color", &Settings::color},
};

int run_show(const ConfigOptions& options, const GlobalOptions& globals) {
  const Settings& settings = globals.settings;
  // Global flags given on this command line win over the file, as they do for every command.
  std::vector<std::pair<std::string, Setting>> rows;
  for (const auto& row : setting_rows) rows.emplace_back(row.name, settings.*row.field);
  if (globals.color != "auto") rows[6].second = {globals.color, "flag --color"};
  std::vector<Setting> catalogs;
  if (!globals.no_builtin_catalog) catalogs.push_back({"(built-in data/*.yaml)", "default"});
  for (const auto& entry : settings.catalogs) catalogs.push_back(entry);
  for (const auto& path : globals.catalog_files) catalogs.push_back({path, "flag --catalog"});

  const render::Format format = resolve_format(options.output, globals, {"table", "json"});
  std::ostringstream text;
  bool color = false;
  if (format == render::Format::json) {
    nlohmann::ordered_json document{
        {"schema_version", 1},
        {"document", "config"},
        {"config_file",
         settings.config_file.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(settings.config_file)}};
    nlohmann::ordered_json values = nlohmann::ordered_json::object();
    for (const auto& [name, setting] : rows) values[name] = {{"value", setting.value}, {"origin", setting.origin}};
    values["catalogs"] = nlohmann::ordered_json::array();
    for (const auto& entry : catalogs) values["catalogs"].push_back({{"value", entry.value}, {"origin", entry.origin}});
    document["settings"] = values;
    render::write_json(text, document, options.output.pretty);
  } else {
    const render::Style style = make_style(options.output, globals, format);
    color = style.color;
    text << "config file: " << (settings.config_file.empty() ? "(none)" : settings.config_file) << "\n";
    render::TextTable table;
    table.columns = {
        {"setting"}, {"value", render::TextTable::Align::left, true}, {"from", render::TextTable::Align::left, true}};
    for (const auto& [name, setting] : rows) {
      table.rows.push_back({name, setting.value.empty() ? "(profile's)" : setting.value, setting.origin});
    }
    for (const auto& entry : catalogs) table.rows.push_back({"catalog", entry.value, entry.origin});
    text << table.render(style.width, style.color);
  }
  emit(options.output, text.str(), format, color);
  return exit_ok;
}

}  // namespace

Runner setup_config(CLI::App& command, GlobalOptions& globals) {
  auto options = std::make_shared<ConfigOptions>();
  command.require_subcommand(1);
  CLI::App* show = command.add_subcommand("show", "Print the effective settings and where each came from");
  show->fallthrough();
  add_output_options(*show, options->output, false, {"table", "json"});
  return [options, &globals] { return run_show(*options, globals); };
}

}  // namespace gpuselect::cli
