#include "cli/app.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <iostream>
#include <regex>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "cli/catalog_sources.hpp"
#include "cli/catalog_update.hpp"
#include "cli/command.hpp"
#include "cli/help_text.hpp"
#include "cli/option_choices.hpp"
#include "cli/option_table.hpp"
#include "cli/option_values.hpp"
#include "cli/process.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/render.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/version.hpp"

namespace gpuselect::cli {

namespace {

// What a bare `gpuselect` prints: what it is for and three commands to start from (each runs on the
// built-in catalog; tests/py/test_help.py runs them).
constexpr std::string_view short_usage =
    "gpuselect: which GPU cloud offering to rent for a deep-learning job, what it costs, how long it\n"
    "takes, and why.\n"
    "\n"
    "Usage: gpuselect COMMAND [OPTIONS]   (commands: recommend, estimate, compare, catalog, config,\n"
    "                                      completion; 'gpuselect COMMAND --help' for each)\n"
    "\n"
    "Examples:\n"
    "  gpuselect recommend --workload llm-finetune --model llama-3-8b --budget 200\n"
    "  gpuselect estimate --workload llm-inference --model llama-3-70b --gpus H100:8\n"
    "  gpuselect catalog list --gpus A100:8 --sort price\n";
// The same in Chinese (a bare `gpuselect` under a Chinese locale or config lang).
constexpr std::string_view short_usage_zh =
    "gpuselect：为深度学习任务选择租用哪种 GPU 云方案，需要多少成本、多长时间，以及理由。\n"
    "\n"
    "用法：gpuselect 命令 [选项]   （命令：recommend、estimate、compare、catalog、config、\n"
    "                              completion；各命令见 'gpuselect 命令 --help'）\n"
    "\n"
    "示例：\n"
    "  gpuselect recommend --workload llm-finetune --model llama-3-8b --budget 200\n"
    "  gpuselect estimate --workload llm-inference --model llama-3-70b --gpus H100:8\n"
    "  gpuselect catalog list --gpus A100:8 --sort price\n";

// `--help` descriptions wrap so that no help line is wider than this (CLI11 writes each on one line:
// 226 characters for --request-mix); continuation lines start under the description column.
constexpr int help_line_columns = 100;

class WrappingFormatter : public CLI::Formatter {
 public:
  // CLI11 pads the name column by bytes: a Chinese label in it ("id ID 必需") started the description
  // two columns early (expert review 17); the padding is made up to the display width.
  std::string make_option(const CLI::Option* option, bool is_positional) const override {
    std::string line = CLI::Formatter::make_option(option, is_positional);
    const std::string head = "  " + make_option_name(option, is_positional) + make_option_opts(option);
    const int missing_columns = static_cast<int>(head.size()) - render::display_width(head);
    if (missing_columns > 0 && head.size() < get_column_width() && line.starts_with(head)) {
      line.insert(head.size(), static_cast<std::size_t>(missing_columns), ' ');
    }
    return line;
  }

  std::string make_option_desc(const CLI::Option* option) const override {
    const std::string description = CLI::Formatter::make_option_desc(option);
    const int width = std::max(help_line_columns - static_cast<int>(get_column_width()), 20);
    // Chinese breaks between characters, never before closing punctuation (render::wrap_lines).
    std::string wrapped;
    std::size_t line_start = 0;
    while (line_start <= description.size()) {
      const std::size_t line_end = std::min(description.find('\n', line_start), description.size());
      const auto lines =
          render::wrap_lines(std::string_view(description).substr(line_start, line_end - line_start), width);
      for (std::size_t index = 0; index < lines.size(); ++index) wrapped += (index == 0 ? "" : "\n") + lines[index];
      if (line_end == description.size()) break;
      wrapped += '\n';
      line_start = line_end + 1;
    }
    return wrapped;
  }
};

// The options every subcommand accepts (GlobalOptions), in --help order.
const OptionRow<GlobalOptions> global_options[] = {
    {{"--catalog", "Overlay a catalog file on the built-in one (repeatable)", "Global"}, &GlobalOptions::catalog_files, {.type = "FILE", .file = true}},
    {{"--no-builtin-catalog", "Do not load the built-in catalog", "Global"}, &GlobalOptions::no_builtin_catalog},
    {{"--no-price-update", "Do not overlay the prices stored by 'gpuselect catalog update'", "Global"},
     &GlobalOptions::no_price_update},
    {{"--no-cache", "Parse the catalog files without the parsed-catalog cache (also GPUSELECT_NO_CACHE=1)", "Global"},
     &GlobalOptions::no_cache, {.environment = "GPUSELECT_NO_CACHE"}},
    {{"--spot-price", "Spot price per region that ranks: median (over its zones, default) or min (cheapest zone)",
      "Global"},
     &GlobalOptions::spot_price, {.type = "STATISTIC", .choices = choices::spot_statistic_names}},
    {{"--include-unlisted", "Rank offerings the provider's newest price update no longer lists (at their old prices)",
      "Global"},
     &GlobalOptions::include_unlisted},
    {{"--config", "Config file (default $XDG_CONFIG_HOME/gpuselect/config.yaml)", "Global"},
     &GlobalOptions::config_path, {.type = "FILE", .file = true}},
    {{"-v,--verbose", "More log lines on stderr (repeat for debug)", "Global"}, &GlobalOptions::verbose},
    {{"-q,--quiet", "Only errors on stderr", "Global"}, &GlobalOptions::quiet},
    {{"--color", "Colour in tables: auto, always, never (NO_COLOR is honoured)", "Global"}, &GlobalOptions::color, {.type = "WHEN", .choices = choices::color_names, .setting = "color"}},
    {{"--lang",
      "Language of tables, markdown, HTML, errors and --help: en or zh-CN (default: the config's lang, else "
      "LC_ALL, LC_MESSAGES, LANG)",
      "Global"},
     &GlobalOptions::lang, {.type = "LANG", .choices = choices::lang_names, .setting = "lang"}},
};

void print_error(const std::string& line) {
  std::fprintf(stderr, "gpuselect: error: %s\n", text::neutralise(line).c_str());
  std::fflush(stderr);
}

// What CLI11 says, in the catalogue's words where the error is one a user meets (a flag without its
// value, a required flag, words left over, two flags that exclude or require each other, a flag given
// too often); else CLI11's English, introduced in Chinese. `message` is CLI11's text without "<where>: ".
text::Words parse_error_words(const CLI::ParseError& error, const std::string& message, const std::string& where) {
  static const std::regex two_flags("(--?[A-Za-z][A-Za-z0-9-]*) (excludes|requires) (--?[A-Za-z][A-Za-z0-9-]*)");
  std::smatch flags;
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error) != nullptr && message.find("missing") != std::string::npos) {
    return text::words(text::Msg::err_missing_value);
  }
  if (dynamic_cast<const CLI::RequiredError*>(&error) != nullptr && where.starts_with("-")) {
    return text::words(text::Msg::err_required);
  }
  if (dynamic_cast<const CLI::RequiredError*>(&error) != nullptr && message.find("subcommand") != std::string::npos) {
    return text::words(text::Msg::err_command_required);
  }
  if (dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr) {
    const auto colon = message.find(": ");
    if (colon != std::string::npos) return text::words(text::Msg::err_unexpected_arguments, message.substr(colon + 2));
  }
  // CLI11's ArgumentMismatch::AtMost: "At Most 1 required but received 2" (a flag given twice).
  static const std::regex repeated("At Most ([0-9]+) required but received ([0-9]+)");
  std::smatch counts;
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error) != nullptr && std::regex_search(message, counts, repeated)) {
    return text::words(text::Msg::err_option_repeated, counts[2].str(), counts[1].str());
  }
  if (dynamic_cast<const CLI::ConversionError*>(&error) != nullptr) {
    return text::words(text::Msg::err_value_not_converted, message);
  }
  if (message == "the value is empty") return text::words(text::Msg::err_value_empty);
  if (std::regex_search(message, flags, two_flags)) {
    return text::words(flags[2] == "excludes" ? text::Msg::err_option_excludes : text::Msg::err_option_requires,
                       flags[1].str(), flags[3].str());
  }
  return text::words(text::Msg::err_command_line, message);
}

// CLI11's messages become one line in the contract's shape; the flag named in the message is <where>.
int report_parse_error(const CLI::ParseError& error, const CLI::App& command, text::Lang lang) {
  // CLI11 echoes the words it rejects: each word is cut to the 60 bytes of text::excerpt.
  std::string message;
  std::string word;
  const std::string raw = error.what();
  for (std::size_t at = 0; at <= raw.size(); ++at) {
    if (at == raw.size() || raw[at] == ' ' || raw[at] == '\n') {
      if (!message.empty() && !word.empty()) message += ' ';
      message += text::excerpt(word);
      word.clear();
    } else {
      word += raw[at];
    }
  }
  std::smatch flag;
  static const std::regex flag_pattern("(--?[A-Za-z][A-Za-z0-9-]*)");
  const std::string path = command_path(command);
  std::string where = path.empty() ? "gpuselect" : path;
  std::string flag_name;
  if (std::regex_search(message, flag, flag_pattern)) where = flag_name = flag[1];
  if (message.rfind(where + ": ", 0) == 0) message.erase(0, where.size() + 2);
  const Error said = Error::said(where, parse_error_words(error, message, where),
                                 text::words(text::Msg::err_run, text::quoted(help_for(command, flag_name))));
  // In both languages the catalogue's words, not CLI11's ("At Most 1 required but received 2"); CLI11's
  // sentence only for an error no catalogue row covers (err_command_line).
  print_error(said.line(lang));
  return exit_bad_input;
}

// Every option that takes a value, in every subcommand (also those added later), rejects an empty
// one: `--budget ''` or `--from ''` is a mistake, not "flag not given". --output has its own message
// (io::write_output: "the path is empty").
void reject_empty_values(CLI::App& command) {
  for (CLI::Option* option : command.get_options()) {
    if (takes_value(option) && option->get_name() != "--output") option->check(non_empty_value());
  }
  for (CLI::App* subcommand : command.get_subcommands([](CLI::App*) { return true; })) {
    reject_empty_values(*subcommand);
  }
}

// "catalog update" for `gpuselect catalog update --retries x`: the deepest command given, under
// which a parse error finds the --help to point to (help_for); the top-level command before any.
const CLI::App& deepest_parsed_command(const CLI::App& app) {
  for (const CLI::App* command = &app;;) {
    const auto parsed = command->get_subcommands([](const CLI::App* sub) { return sub->parsed(); });
    if (parsed.empty()) return *command;
    command = parsed.front();
  }
}

// The logger of a run ("gpuselect: warn: ..." on stderr), registered with spdlog under this name.
constexpr std::string_view logger_name = "gpuselect";

void configure_logging(const GlobalOptions& globals) {
  auto logger = spdlog::stderr_color_mt(std::string(logger_name));
  logger->set_pattern("gpuselect: %l: %v");
  spdlog::set_default_logger(logger);
  if (globals.quiet) {
    spdlog::set_level(spdlog::level::err);
  } else if (globals.verbose >= 2) {
    spdlog::set_level(spdlog::level::debug);
  } else if (globals.verbose == 1) {
    spdlog::set_level(spdlog::level::info);
  } else {
    spdlog::set_level(spdlog::level::warn);
  }
}

int run_app(const std::vector<std::string>& arguments) {
  CLI::App app{
      "gpuselect: which GPU cloud offering to rent for a deep-learning job, what it costs,\n"
      "how long it takes, and why.",
      "gpuselect"};
  app.formatter(std::make_shared<WrappingFormatter>());  // before the subcommands, which copy it
  app.set_version_flag("--version", std::string("gpuselect ") + version_string);
  app.require_subcommand(1);
  app.fallthrough();
  GlobalOptions globals;
  globals.arguments = arguments;
  register_options(app, globals, global_options);

  // Every subcommand is listed (help, "did you mean"), but only those named in argv get their options:
  // setting up all of them was a third of `--version`'s CPU time, and a command that is not named cannot
  // be parsed. Completion reads every option, so it sets up all.
  const bool completing = !arguments.empty() && arguments.front() == "__complete";
  const auto named = [&](std::string_view name) {
    return completing ||
           std::any_of(arguments.begin(), arguments.end(), [&](const std::string& word) { return name == word; });
  };
  std::vector<std::pair<CLI::App*, Runner>> runners;
  for (const auto& subcommand : subcommands()) {
    CLI::App* command = app.add_subcommand(subcommand.name, subcommand.summary);
    command->fallthrough();
    if (named(subcommand.name)) runners.emplace_back(command, subcommand.setup(*command, globals));
  }
  check_unique_option_names(app);
  reject_empty_values(app);
  // --help in the run's language: known before parsing, since CLI11 prints help while it parses.
  const bool help_asked = std::any_of(globals.arguments.begin(), globals.arguments.end(),
                                      [](const std::string& word) { return word == "--help" || word == "-h"; });
  // The value types, choices, limits and examples only help shows (and completion lists): a third of
  // a million instructions of every other run (issue 33).
  if (help_asked || completing) describe_options(app);
  if (help_asked) say_help_in(app, early_lang(globals.arguments));

  std::string command_name;
  bool settings_read = false;
  // The language of the error line: what resolve_lang says once the settings are read, before that
  // (argv, the config file) what argv, the config and the locale say (early_lang).
  const auto error_lang = [&] {
    if (settings_read) {
      try {
        return resolve_lang(globals);
      } catch (const Error&) {
        // An unknown --lang or config lang: its own error, in the language the locale says.
      }
    }
    return early_lang(globals.arguments);
  };
  try {
    if (completing) {
      return run_complete(app, std::vector<std::string>(arguments.begin() + 1, arguments.end()));
    }
    try {
      if (arguments.empty()) {
        write_stdout(early_lang(globals.arguments) == text::Lang::zh_cn ? short_usage_zh : short_usage);
        return exit_ok;
      }
      // CLI11 reads the words in reverse order.
      std::vector<std::string> words = check_command_words(app, arguments);
      std::reverse(words.begin(), words.end());
      app.parse(words);
    } catch (const CLI::Success& success) {
      errno = 0;
      const int code = app.exit(success);
      std::cout.flush();
      return finish_stdout(code, errno, error_lang);
    } catch (const CLI::ParseError& error) {
      return report_parse_error(error, deepest_parsed_command(app), error_lang());
    }
    configure_logging(globals);
    globals.settings = load_settings(globals.config_path);
    settings_read = true;
    for (const auto& [command, runner] : runners) {
      if (command->parsed()) {
        command_name = command->get_name();
        return runner();
      }
    }
    return exit_bad_input;
  } catch (const Error& error) {
    print_error(error.line(error_lang()));
    switch (error.kind()) {
      case ErrorKind::io:
        return exit_io;
      case ErrorKind::no_match:
        return exit_no_match;
      case ErrorKind::bad_input:
        return exit_bad_input;
    }
    return exit_bad_input;
  } catch (const CLI::ParseError& error) {
    return report_parse_error(error, deepest_parsed_command(app), error_lang());
  } catch (const std::bad_alloc&) {
    print_error((command_name.empty() ? "gpuselect" : command_name) + ": " +
                text::spaced_cjk(text::say(error_lang(), text::Msg::err_out_of_memory)));
    return exit_io;
  } catch (const std::exception& error) {
    print_error((command_name.empty() ? "gpuselect" : command_name) + ": " +
                text::spaced_cjk(text::say(error_lang(), text::Msg::err_internal, error.what())));
    return exit_io;
  }
}

}  // namespace

// Every path ends in finish_stdout: a write error on stdout (--help, --version, a full disk, a
// closed pipe with SIGPIPE ignored) is an error and exit 1, never a silent 0.
int run(const std::vector<std::string>& arguments) {
  return finish_stdout(run_app(arguments), 0, [&] { return early_lang(arguments); });
}

int main(int argc, char** argv) { return run(std::vector<std::string>(argv + std::min(argc, 1), argv + argc)); }

int run_in_process(const std::vector<std::string>& arguments) {
  const std::shared_ptr<spdlog::logger> logger_before = spdlog::default_logger();
  const spdlog::level::level_enum level_before = logger_before->level();
  const int exit_code = run(arguments);
  ::alarm(0);  // the time budget of a TAB (run_complete) ends with its run, not the process
  release_objects_kept_until_exit();
  forget_loaded_catalog_files();
  set_update_unusable("");
  spdlog::drop(std::string(logger_name));
  spdlog::set_default_logger(logger_before);
  spdlog::set_level(level_before);
  return exit_code;
}

}  // namespace gpuselect::cli
