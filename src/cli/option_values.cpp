#include "cli/option_values.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

#include <fmt/format.h>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"

namespace gpuselect::cli {

namespace {

// Each command's example, shown as its --help footer when the command sets none; every example runs
// on the built-in catalog (tests/py/test_help.py runs them, with the files they name).
struct Example {
  std::string_view command;
  std::string_view line;
};
constexpr Example examples[] = {
    {"", "gpuselect recommend --workload llm-finetune --params 7e9"},
    {"catalog", "gpuselect catalog list --gpu h100-sxm5-80gb --format csv"},
    {"catalog validate", "gpuselect catalog validate team.yaml --strict"},
    {"catalog list", "gpuselect catalog list --gpus H100:8 --max-price 30 --sort price"},
    {"catalog show", "gpuselect catalog show h100-sxm5-80gb"},
    {"catalog gpus", "gpuselect catalog gpus --format csv"},
    {"catalog providers", "gpuselect catalog providers --format json"},
    {"catalog models", "gpuselect catalog models"},
    {"catalog import", "gpuselect catalog import skypilot lambda/vms.csv --as-of 2026-05-20 -o lambda.yaml"},
    {"catalog import skypilot", "gpuselect catalog import skypilot lambda/vms.csv --as-of 2026-05-20 -o lambda.yaml"},
    {"catalog update", "gpuselect catalog update --from mirror --cloud lambda"},
    {"config", "gpuselect config show --format json"},
    {"config show", "gpuselect config show --format json"},
};

// Limits as people write them: 1e14, 0.001, 100000.
std::string shown_limit(double value) {
  constexpr double plain_below = 1e6;
  if (value == std::floor(value) && std::fabs(value) < plain_below) return fmt::format("{:.0f}", value);
  std::string text = fmt::format("{:g}", value);
  if (const auto plus = text.find("e+"); plus != std::string::npos) text.erase(plus + 1, 1);
  if (const auto zero = text.find("e0"); zero != std::string::npos) text.erase(zero + 1, 1);
  if (const auto zero = text.find("e-0"); zero != std::string::npos) text.erase(zero + 2, 1);
  return text;
}

void describe_tree(CLI::App& command) {
  const std::string path = command_path(command);
  for (CLI::Option* option : command.get_options()) {
    if (!takes_value(option)) continue;
    const OptionValues* row = option_values(path, *option);
    if (row == nullptr || row->type.empty()) continue;
    option->type_name(row->choices != nullptr ? type_with_choices(row->type, row->choices())
                                              : std::string(row->type));
    if (row->range) {
      const auto& range = ranges::range_of(*row->range);
      option->description(option->get_description() +
                          fmt::format(" [{} to {}]", shown_limit(range.min), shown_limit(range.max)));
    }
  }
  if (command.get_footer().empty()) {
    for (const auto& example : examples) {
      if (example.command == path) command.footer("Example: " + std::string(example.line));
    }
  }
  for (CLI::App* sub : command.get_subcommands({})) describe_tree(*sub);
}

}  // namespace

const OptionValues* option_values(std::string_view path, const CLI::Option& option) {
  if (option.get_positional()) return registered_values(path, option.get_name());
  for (const auto& long_name : option.get_lnames()) {
    if (const OptionValues* values = registered_values(path, "--" + long_name)) return values;
  }
  return nullptr;
}

std::vector<std::string> option_choices(std::string_view path, std::string_view name) {
  const OptionValues* row = registered_values(path, name);
  return row != nullptr && row->choices != nullptr ? row->choices() : std::vector<std::string>{};
}

Error unknown_choice(std::string where, text::Msg kind, std::string_view value, std::string_view path,
                     std::string_view name) {
  const std::vector<std::string> choices = option_choices(path, name);
  return unknown_id(std::move(where), kind, value, choices, one_of_words(choices));
}

Error unknown_choice(std::string where, std::string_view kind, std::string_view value, std::string_view path,
                     std::string_view name) {
  const std::vector<std::string> choices = option_choices(path, name);
  return Error::said(std::move(where), text::words(text::Msg::err_unknown_value, kind, text::quoted(value)),
                     did_you_mean_words(value, choices, one_of_words(choices)));
}

std::string type_with_choices(std::string_view type, const std::vector<std::string>& choices) {
  std::string text(type);
  text += " {";
  for (std::size_t i = 0; i < choices.size(); ++i) text += (i == 0 ? "" : ",") + choices[i];
  return text + "}";
}

void describe_options(CLI::App& command) { describe_tree(command); }

// CLI11 marks a flag with expected(0); an option's type size alone does not tell (an int flag has 1).
bool takes_value(const CLI::Option* option) { return option != nullptr && option->get_expected_max() != 0; }

const CLI::Option* find_option(const CLI::App& command, std::string_view word, const CLI::App** owner) {
  for (const CLI::App* scope = &command; scope != nullptr; scope = scope->get_parent()) {
    for (const CLI::Option* option : scope->get_options()) {
      const auto& long_names = option->get_lnames();
      const auto& short_names = option->get_snames();
      const bool named =
          std::any_of(long_names.begin(), long_names.end(), [&](const auto& name) { return word == "--" + name; }) ||
          std::any_of(short_names.begin(), short_names.end(), [&](const auto& name) { return word == "-" + name; });
      if (named) {
        if (owner != nullptr) *owner = scope;
        return option;
      }
    }
  }
  return nullptr;
}

std::string help_for(const CLI::App& command, std::string_view flag) {
  const CLI::App* owner = &command;  // find_option moves it to the command that owns `flag`, if any
  if (!flag.empty()) find_option(command, flag, &owner);
  const std::string path = command_path(*owner);
  return "gpuselect " + (path.empty() ? std::string() : path + " ") + "--help";
}

namespace {

// Other tools' words for our options (SkyPilot, dstack, load testers): each points to what to type
// here, with the value given. Only a word that names no option of the command gets here.
struct ForeignFlag {
  std::string_view word;
  std::string_view ours;  // the option to type instead, with its fixed value if any
  std::string_view whose;  // "SkyPilot's"
  bool takes_value;
};
constexpr std::array<ForeignFlag, 10> foreign_flags{{
    {"--cloud", "--provider", "SkyPilot's", true},
    {"--infra", "--provider", "SkyPilot's", true},
    {"--backend", "--provider", "dstack's", true},
    {"--spot", "--pricing spot", "SkyPilot's and dstack's", false},
    {"--use-spot", "--pricing spot", "SkyPilot's", false},
    {"--on-demand", "--pricing on-demand", "dstack's", false},
    {"--accelerators", "--gpus", "SkyPilot's", true},
    {"--qps", "--requests-per-s", "load testers'", true},
    {"--rps", "--requests-per-s", "load testers'", true},
    {"--max-duration", "--deadline", "dstack's", true},
}};

// Other tools' commands for listing GPUs and offerings: `gpuselect catalog list --gpus ...`.
constexpr std::array<std::string_view, 5> foreign_listing_commands = {"gpus", "show-gpus", "offer", "offers",
                                                                      "list"};

std::string lower_case(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

// "gpuselect catalog list --gpus A100:8": the listing with the first resource word given, if any.
std::string listing_line(const std::vector<std::string>& words, std::size_t from) {
  for (std::size_t i = from; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word.empty() || word.front() == '-' || word == "list") continue;
    return "gpuselect catalog list --gpus " + word;
  }
  return "gpuselect catalog list --gpus NAME:COUNT";
}

// Every long option name of `command` and the commands above it ("--workload"): for a did-you-mean.
std::vector<std::string> long_names_in_scope(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::App* scope = &command; scope != nullptr; scope = scope->get_parent()) {
    for (const CLI::Option* option : scope->get_options()) {
      for (const auto& name : option->get_lnames()) names.push_back("--" + name);
    }
  }
  return names;
}

[[noreturn]] void unknown_flag(const CLI::App& at, const std::string& name, const std::vector<std::string>& words,
                               std::size_t index) {
  const text::Words help = text::words(text::Msg::err_run, text::quoted(help_for(at, {})));
  for (const auto& foreign : foreign_flags) {
    if (name != foreign.word) continue;
    const std::size_t equals = words[index].find('=');
    std::string value;
    if (foreign.takes_value) {
      if (equals != std::string::npos) {
        value = words[index].substr(equals + 1);
      } else if (index + 1 < words.size() && !words[index + 1].starts_with("-")) {
        value = words[index + 1];
      }
    }
    const std::string instead = std::string(foreign.ours) + (value.empty() ? "" : " " + value);
    throw Error::said(name, text::words(text::Msg::err_foreign_option, foreign.whose),
                      text::words(text::Msg::hint_use, text::quoted(instead)));
  }
  throw unknown_id(name, text::Msg::kind_option, name, long_names_in_scope(at), help);
}

// The value of an option with fixed choices, lower-cased when that makes it one of them (each item
// of a list, the key of a KEY=VALUE item): enums are case-insensitive on the command line.
std::string with_choice_case(const std::vector<std::string>& choices, const OptionValues& row,
                             const std::string& value) {
  auto fixed = [&](const std::string& item) {
    std::string lower = lower_case(item);
    if (std::find(choices.begin(), choices.end(), lower) != choices.end()) return lower;
    if (const auto equals = item.find('='); equals != std::string::npos) {
      const std::string key = lower_case(item.substr(0, equals));
      if (std::find(choices.begin(), choices.end(), key) != choices.end()) return key + item.substr(equals);
    }
    return item;
  };
  if (!row.list) return fixed(value);
  std::string out;
  std::size_t start = 0;
  for (std::size_t comma = value.find(','); ; comma = value.find(',', start)) {
    const std::size_t end = comma == std::string::npos ? value.size() : comma;
    out += fixed(value.substr(start, end - start));
    if (comma == std::string::npos) break;
    out += ',';
    start = comma + 1;
  }
  return out;
}

std::string normalised_value(const CLI::App& at, const CLI::Option* option, const std::string& value) {
  if (option == nullptr) return value;
  const OptionValues* row = option_values(command_path(at), *option);
  if (row == nullptr || row->choices == nullptr) return value;
  return with_choice_case(row->choices(), *row, value);
}

// A unit people write after a number ("h", "days", "k", "GB", "%", "USD"): a short word of letters
// or one percent sign.
bool looks_like_unit(std::string_view word) {
  constexpr std::size_t longest_unit = 7;  // "minutes", "seconds"
  return word == "%" || (!word.empty() && word.size() <= longest_unit &&
                         std::all_of(word.begin(), word.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }));
}

}  // namespace

std::vector<std::string> check_command_words(const CLI::App& root, const std::vector<std::string>& words) {
  std::vector<std::string> checked = words;
  const CLI::App* at = &root;
  bool own_words = false;  // the command takes positional words: no more subcommands
  std::size_t value_at = words.size();  // the index of the last word read as an option's value
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word == "--") return checked;
    if (word.size() > 1 && word.front() == '-') {
      const std::size_t equals = word.find('=');
      const std::string name = word.substr(0, equals);
      const CLI::Option* option = find_option(*at, name, nullptr);
      if (option == nullptr && name.starts_with("--")) unknown_flag(*at, name, words, i);
      if (takes_value(option) && equals == word.size() - 1) {
        throw Error::said(name, text::words(text::Msg::err_value_empty),
                          text::words(text::Msg::err_run, text::quoted(help_for(*at, name))));
      }
      if (takes_value(option) && equals != std::string::npos) {
        checked[i] = name + "=" + normalised_value(*at, option, word.substr(equals + 1));
      } else if (takes_value(option) && i + 1 < words.size()) {
        ++i;
        checked[i] = normalised_value(*at, option, words[i]);
        value_at = i;
      }
      continue;
    }
    if (own_words) continue;
    const auto subcommands = at->get_subcommands({});
    const bool positionals =
        !at->get_options([](const CLI::Option* o) { return o->get_positional(); }).empty();
    if (subcommands.empty() || positionals) {
      // "--deadline 48 h": a unit written apart from its number is a word of its own.
      if (!positionals && value_at + 1 == i && units::parse_number(words[value_at]) && looks_like_unit(word)) {
        throw Error::said(words[value_at - 1], text::words(text::Msg::err_two_words, text::quoted(words[value_at] + " " + word)),
                          text::words(text::Msg::hint_join_unit, words[value_at - 1], words[value_at], word));
      }
      // A word where a command takes none: `catalog list A100:8` is SkyPilot's `show-gpus A100:8`.
      if (!positionals && find_option(*at, "--gpus", nullptr) != nullptr) {
        throw Error::said(command_path(*at), text::words(text::Msg::err_unexpected_word, text::quoted(word)),
                          text::words(text::Msg::hint_list_gpu_offerings, text::quoted(listing_line(words, i))));
      }
      if (positionals) {
        own_words = true;
        continue;
      }
      return checked;  // CLI11 says what is wrong
    }
    const auto named = std::find_if(subcommands.begin(), subcommands.end(),
                                    [&](const CLI::App* sub) { return sub->get_name() == word; });
    if (named != subcommands.end()) {
      at = *named;
      continue;
    }
    std::vector<std::string> names;
    names.reserve(subcommands.size());
    for (const CLI::App* sub : subcommands) names.push_back(sub->get_name());
    const std::string path = command_path(*at);
    const bool listing = std::find(foreign_listing_commands.begin(), foreign_listing_commands.end(),
                                   lower_case(word)) != foreign_listing_commands.end();
    if (listing && std::find(names.begin(), names.end(), "catalog") != names.end()) {
      throw Error::said(path.empty() ? "gpuselect" : path,
                        text::words(text::Msg::err_unknown, text::Msg::kind_command, text::quoted(word)),
                        text::words(text::Msg::hint_list_offerings, text::quoted(listing_line(words, i + 1))));
    }
    const text::Words choices = one_of_words(names);
    const std::string help = text::quoted(help_for(*at, {}));
    throw unknown_id(path.empty() ? "gpuselect" : path, text::Msg::kind_command, word, names,
                     text::Words::in_each([&](text::Lang lang) {
                       return text::say(lang, text::Msg::err_then, choices.say(lang),
                                        text::say(lang, text::Msg::err_see, help));
                     }));
  }
  return checked;
}

}  // namespace gpuselect::cli
