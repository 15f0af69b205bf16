// gpuselect config show: the effective settings and where each came from.
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/app.hpp"
#include "cli/command.hpp"
#include "gpuselect/format_traits.hpp"
#include "gpuselect/render.hpp"

namespace gpuselect::cli {

namespace {

struct ConfigOptions {
  OutputOptions output;
};

const std::vector<std::string> config_formats = render::formats_of(render::Document::config);

int run_show(const ConfigOptions& options, const GlobalOptions& globals) {
  const Settings& settings = globals.settings;
  render::ConfigView view{settings.config_file, {}, {}, settings.searched};
  for (const auto& row : setting_fields()) {
    // Global flags given on this command line win over the file, as they do for every command; the
    // others belong to other commands.
    const std::string flag_text = row.field == &Settings::color  ? color_flag(globals)
                                  : row.field == &Settings::lang ? globals.lang
                                                                 : std::string();
    Setting setting = chosen(settings, row.name, flag_text);
    if (!flag_text.empty()) setting.origin = "flag " + setting.origin;
    view.settings.push_back({row.name, setting.value, setting.origin});
  }
  if (!globals.no_builtin_catalog) view.catalogs.push_back({"catalog", "(built-in data/*.yaml)", "default"});
  for (const auto& entry : settings.catalogs) view.catalogs.push_back({"catalog", entry.value, entry.origin});
  for (const auto& path : globals.catalog_files) view.catalogs.push_back({"catalog", path, "flag --catalog"});

  const render::Format format = resolve_format(options.output, globals, config_formats);
  // The JSON document needs no terminal style (and a config `color` or `top` it does not use is not
  // checked for it).
  render::Style style;
  style.pretty = options.output.pretty;
  if (!render::traits(format).machine) style = make_style(options.output, globals, format);
  emit_streamed(options.output, format, style.color,
                [&](std::ostream& out) { render::config(out, format, view, style); });
  return exit_ok;
}

}  // namespace

Runner setup_config(CLI::App& command, GlobalOptions& globals) {
  auto options = std::make_shared<ConfigOptions>();
  command.require_subcommand(1);
  CLI::App* show = command.add_subcommand("show", "Print the effective settings and where each came from");
  show->fallthrough();
  add_output_options(*show, options->output, false, config_formats);
  return [options, &globals] { return run_show(*options, globals); };
}

}  // namespace gpuselect::cli
