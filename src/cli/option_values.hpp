#pragma once
// What each option's value is, as its row of its option table says (option_table.hpp: the registrar
// remembers each row's values), read back by --help, completion, the case of choices and the
// "choose one of" errors. Every option of every command has a type (tests/py/test_help.py fails on a
// CLI11 "TEXT").
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/option_table.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"

namespace gpuselect::cli {

// The values of `option` of the command at `path` (registered_values); nullptr when there are none.
const OptionValues* option_values(std::string_view path, const CLI::Option& option);

// The fixed choices of option `name` ("--sort", or a positional's name) of the command at `path`,
// from its row (registered_values): what --help lists and what an unknown
// value's error lists (unknown_id). Empty when the row has no fixed choices.
std::vector<std::string> option_choices(std::string_view path, std::string_view name);

// The error for a value of option `name` that is none of its choices: unknown_id(where, kind, ...)
// with the choices (option_choices) as the listing.
// `kind` names what the value is, in the catalogue's words (Msg::kind_pricing_mode: "pricing mode").
Error unknown_choice(std::string where, text::Msg kind, std::string_view value, std::string_view path,
                     std::string_view name);
// The same where the kind has no words of its own ("sort key"): Chinese says "unknown value".
Error unknown_choice(std::string where, std::string_view kind, std::string_view value, std::string_view path,
                     std::string_view name);

// "KIND {llm-pretrain,llm-finetune,...}": a type and its choices as --help shows them.
std::string type_with_choices(std::string_view type, const std::vector<std::string>& choices);

// Gives every option in the tree under `command` the type, choices and range of its row, and every
// command without a footer its example line (from the examples table).
void describe_options(CLI::App& command);

// Whether `option` takes a value (a flag takes none). nullptr: no.
bool takes_value(const CLI::Option* option);

// The option of `command`, or of a command above it (global options), named by `word` ("--gpu", "-o");
// `owner`, when given, is set to the command that defines it. nullptr when none does.
const CLI::Option* find_option(const CLI::App& command, std::string_view word, const CLI::App** owner);

// "gpuselect catalog list --help": the --help that documents `flag` as given under `command` (the
// deepest command on the line): the command that defines it, so a global option (--catalog,
// --config, --color) points to "gpuselect --help", where it is listed. Without a flag, or for one
// no command defines, `command`'s own --help.
std::string help_for(const CLI::App& command, std::string_view flag);

// Checks `words` (argv after the program name) before CLI11 parses them, and returns them with
// every value of an option with fixed choices in the case of its choice (enums are case-insensitive).
// Throws Error(where = the command, "unknown command ...", the closest command or the list of them)
// for a word that stands where a subcommand must be and names none ("nonsense" in `gpuselect
// nonsense`); other tools' listing commands (`gpus`, `show-gpus`, `offer`) and a word where a
// command takes none (`catalog list A100:8`) point to `catalog list --gpus ...`. An unknown long
// option is Error(where = the option, "unknown option", the closest option of the command, or for
// another tool's word (`--cloud aws`, `--spot`) what to type here). Also `--flag=` with nothing after
// '=' (CLI11 would take the next word as the value): Error(flag, "the value is empty", the help_for
// the flag).
std::vector<std::string> check_command_words(const CLI::App& root, const std::vector<std::string>& words);

}  // namespace gpuselect::cli
