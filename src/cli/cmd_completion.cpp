// gpuselect completion bash|zsh|fish prints a static script: it holds no catalog text and no flag
// list; at each TAB it runs `gpuselect __complete WORDS...` (the words before the cursor and the
// word being completed) and offers the lines printed, literally. Paths after --catalog, --config
// and -o/--output are completed by the shell's own file completion.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/app.hpp"
#include "cli/command.hpp"
#include "cli/option_choices.hpp"
#include "cli/option_table.hpp"
#include "cli/option_values.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::cli {

namespace {

constexpr std::string_view bash_script =
    R"(# bash completion for gpuselect; load with: source <(gpuselect completion bash)
# Candidates come from `gpuselect __complete`, one per line; nothing printed is evaluated. Each is
# inserted quoted (printf %q) unless it is plain, so a catalog id such as m$(touch x) stays one
# literal word on the command line.
_gpuselect() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" program="${COMP_WORDS[0]}" word candidate
  (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  [[ $program == "~/"* ]] && program="$HOME/${program#"~/"}"
  COMPREPLY=()
  case "$prev" in
    --catalog|--config|-o|--output)
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return ;;
  esac
  # The words lose one level of quoting, without eval: 'a b' and a\ b become a b.
  local -a words=() candidates=()
  for word in "${COMP_WORDS[@]:1:COMP_CWORD}"; do
    case "$word" in
      \'*) word="${word#\'}"; word="${word%\'}" ;;
      \"*) word="${word#\"}"; word="${word%\"}" ;;
      *) word="${word//\\/}" ;;
    esac
    words+=("$word")
  done
  mapfile -t candidates < <("$program" __complete "${words[@]}" 2>/dev/null)
  if [[ ${candidates[0]-} == ":file:" ]]; then
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    return
  fi
  for candidate in "${candidates[@]}"; do
    [[ $candidate == *[!A-Za-z0-9._/:,=+@%-]* ]] && printf -v candidate '%q' "$candidate"
    COMPREPLY+=("$candidate")
  done
}
complete -F _gpuselect gpuselect
)";

constexpr std::string_view zsh_script = R"(#compdef gpuselect
# zsh completion for gpuselect; load with: source <(gpuselect completion zsh)
# Candidates come from `gpuselect __complete`, one per line; compadd quotes them, nothing is evaluated.
_gpuselect() {
  local -a candidates
  case "${words[CURRENT-1]}" in
    --catalog|--config|-o|--output) _files; return ;;
  esac
  candidates=("${(@f)$("${words[1]}" __complete "${(@Q)words[2,CURRENT]}" 2>/dev/null)}")
  candidates=("${(@)candidates:#}")
  if [[ ${candidates[1]-} == ":file:" ]]; then _files; return; fi
  (( ${#candidates} )) && compadd -- "${candidates[@]}"
}
if (( $+functions[compdef] )); then compdef _gpuselect gpuselect; fi
)";

constexpr std::string_view fish_script =
    R"(# fish completion for gpuselect; load with: gpuselect completion fish | source
# Candidates come from `gpuselect __complete`, one per line; nothing printed is evaluated.
function __gpuselect_candidates
    set -l words (commandline -opc) (commandline -ct)
    $words[1] __complete $words[2..-1] 2>/dev/null | string match -v -- ':file:'
end
function __gpuselect_wants_file
    set -l words (commandline -opc)
    contains -- $words[-1] --catalog --config -o --output; and return 0
    set -l typed (commandline -opc) (commandline -ct)
    set -l answer ($typed[1] __complete $typed[2..-1] 2>/dev/null)
    test "$answer" = ':file:'
end
complete -c gpuselect -e
complete -c gpuselect -n 'not __gpuselect_wants_file' -f -a '(__gpuselect_candidates)'
complete -c gpuselect -n '__gpuselect_wants_file' -F
)";

struct CompletionOptions {
  std::string shell;
};

bool is_flag(std::string_view word) { return word.size() > 1 && word.front() == '-'; }

// The one line `__complete` prints where the value is a path: the scripts then complete file names
// (no catalog id starts with ':').
constexpr std::string_view file_marker = ":file:";

std::vector<std::string> catalog_ids(const catalog::Catalog& catalog, CatalogIds what) {
  const bool any = what == CatalogIds::any;
  std::vector<std::string> ids;
  if (what == CatalogIds::gpu || any) {
    for (const auto& gpu : catalog.gpus) {
      ids.push_back(gpu.id);
      // SkyPilot's names (A100, H100-80GB) too: what people type.
      ids.insert(ids.end(), gpu.aliases.begin(), gpu.aliases.end());
    }
  }
  if (what == CatalogIds::model || any) {
    for (const auto& model : catalog.models) ids.push_back(model.id);
  }
  if (what == CatalogIds::provider || any) {
    for (const auto& provider : catalog.providers) ids.push_back(provider.id);
  }
  if (what == CatalogIds::offering || any) {
    for (const auto& offering : catalog.offerings) ids.push_back(offering.id);
  }
  if (what == CatalogIds::currency) {
    ids.emplace_back("USD");
    for (const auto& rate : catalog.currencies) {
      if (rate.code != "USD") ids.push_back(rate.code);
    }
  }
  return ids;
}

// The catalog as the completed command line would load it (its --catalog, --no-builtin-catalog and
// --config); when that fails the built-in catalog (none with --no-builtin-catalog), so a broken overlay
// never breaks the shell.
catalog::Catalog completion_catalog(const std::vector<std::string>& words) {
  GlobalOptions globals;
  globals.quiet = true;  // nothing on the shell's screen (a broken stored update is left out silently)
  // --no-cache's environment variable, as the command itself would read it (its row in app.cpp).
  if (const OptionValues* no_cache = registered_values("", "--no-cache")) {
    globals.no_cache = environment_on(no_cache->environment);
  }
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word == "--no-builtin-catalog") globals.no_builtin_catalog = true;
    if ((word == "--catalog" || word == "--config") && i + 1 < words.size()) {
      (word == "--catalog" ? globals.catalog_files.push_back(words[i + 1]) : void(globals.config_path = words[i + 1]));
    }
    if (word.rfind("--catalog=", 0) == 0) globals.catalog_files.push_back(word.substr(10));
    if (word.rfind("--config=", 0) == 0) globals.config_path = word.substr(9);
  }
  // Only regular files are read at a TAB: a FIFO, a device or /dev/stdin would block the shell.
  const auto not_a_file = [](const std::string& path) { return path == "-" || !io::is_regular_file(path); };
  std::erase_if(globals.catalog_files, not_a_file);
  if (!globals.config_path.empty() && not_a_file(globals.config_path)) globals.config_path.clear();
  try {
    globals.settings = load_settings(globals.config_path);
    std::erase_if(globals.settings.catalogs, [&](const Setting& setting) { return not_a_file(setting.value); });
    return load_catalog(globals);
  } catch (const Error&) {
    if (globals.no_builtin_catalog) return {};
    GlobalOptions plain;
    plain.quiet = true;
    plain.no_cache = globals.no_cache;
    return load_catalog(plain);
  }
}

// The row of the first positional of `command` (compare's offering ids, catalog show's id).
const OptionValues* positional_values(const CLI::App& command) {
  const std::string path = command_path(command);
  for (const CLI::Option* option : command.get_options([](const CLI::Option* o) { return o->get_positional(); })) {
    if (const OptionValues* row = option_values(path, *option)) return row;
  }
  return nullptr;
}

std::vector<std::string> candidates_for(const CLI::App& root, const std::vector<std::string>& words) {
  std::string current = words.empty() ? std::string() : words.back();
  const CLI::App* at = &root;
  const CLI::Option* pending = nullptr;  // a flag whose value is the current word
  const CLI::App* pending_owner = nullptr;
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    const std::string& word = words[i];
    if (pending != nullptr) {
      pending = nullptr;
      continue;
    }
    if (is_flag(word)) {
      const CLI::App* owner = nullptr;
      const CLI::Option* option = find_option(*at, word, &owner);
      if (word.find('=') == std::string::npos && takes_value(option)) {
        pending = option;
        pending_owner = owner;
      }
      continue;
    }
    for (const CLI::App* sub : at->get_subcommands({})) {
      if (sub->get_name() == word) {
        at = sub;
        break;
      }
    }
  }
  std::vector<std::string> candidates;
  const OptionValues* values = nullptr;
  if (pending != nullptr) {
    values = option_values(command_path(*pending_owner), *pending);
    if (values != nullptr && values->file) return {};  // the script completes paths after these flags
  } else if (is_flag(current)) {
    for (const CLI::App* scope = at; scope != nullptr; scope = scope->get_parent()) {
      for (const CLI::Option* option : scope->get_options()) {
        for (const auto& name : option->get_lnames()) candidates.push_back("--" + name);
        for (const auto& name : option->get_snames()) candidates.push_back("-" + name);
      }
    }
  } else {
    for (const CLI::App* sub : at->get_subcommands({})) candidates.push_back(sub->get_name());
    values = positional_values(*at);
    // `catalog validate FILE`, `catalog import skypilot FILE`: the shell completes the path.
    if (values != nullptr && values->file && candidates.empty()) return {std::string(file_marker)};
  }
  // A comma-separated list completes its last item; the items before it stay as typed.
  std::string list_prefix;
  if (values != nullptr && values->list) {
    const auto comma = current.rfind(',');
    if (comma != std::string::npos) {
      list_prefix = current.substr(0, comma + 1);
      current.erase(0, comma + 1);
    }
  }
  if (values != nullptr && values->choices != nullptr) {
    const auto choices = values->choices();
    candidates.insert(candidates.end(), choices.begin(), choices.end());
  }
  // The option whose value is completed ("--gpus"; "" for a positional).
  const std::string value_name =
      values != nullptr && pending != nullptr && !pending->get_lnames().empty() ? "--" + pending->get_lnames().front()
                                                                               : std::string();
  if (values != nullptr && values->ids != CatalogIds::none) {
    const auto loaded = completion_catalog(words);
    const auto colon = current.find(':');
    if (value_name == "--gpus" && colon != std::string::npos) {
      // "A100:" -> the GPU counts per instance the catalog sells for that GPU.
      const std::string name = current.substr(0, colon);
      if (const catalog::Gpu* gpu = loaded.find_gpu(name)) {
        for (const auto& offering : loaded.offerings) {
          if (offering.gpu == gpu->id && offering.gpu_count >= 1)
            candidates.push_back(name + ":" + std::to_string(offering.gpu_count));
        }
      }
    } else {
      const auto ids = catalog_ids(loaded, values->ids);
      candidates.insert(candidates.end(), ids.begin(), ids.end());
    }
  }
  if (value_name == "--region" || value_name == "--cloud") {
    const auto loaded = completion_catalog(words);
    if (value_name == "--region") {
      for (const auto& offering : loaded.offerings) candidates.insert(candidates.end(), offering.regions.begin(), offering.regions.end());
    } else {
      for (const auto& provider : loaded.providers) candidates.push_back(provider.id);
    }
  }
  // Any case: "a100" offers "A100" and "a100-sxm4-80gb"; what is typed keeps its place.
  auto starts_with_ignoring_case = [](std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() &&
           std::equal(prefix.begin(), prefix.end(), text.begin(), [](char a, char b) {
             return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
           });
  };
  std::vector<std::string> matching;
  for (auto& candidate : candidates) {
    // One candidate per line: a candidate with a line break or control character is never offered.
    if (starts_with_ignoring_case(candidate, current) && !text::needs_neutralising(candidate))
      matching.push_back(list_prefix + candidate);
  }
  std::sort(matching.begin(), matching.end());
  matching.erase(std::unique(matching.begin(), matching.end()), matching.end());
  return matching;
}

int run(const CompletionOptions& options) {
  std::string_view script;
  std::string shell = options.shell;  // any case, as every choice on the command line
  std::transform(shell.begin(), shell.end(), shell.begin(), [](unsigned char c) { return std::tolower(c); });
  if (shell == "bash") {
    script = bash_script;
  } else if (shell == "zsh") {
    script = zsh_script;
  } else if (shell == "fish") {
    script = fish_script;
  } else {
    throw unknown_choice("completion", "shell", options.shell, "completion", "shell");
  }
  write_stdout(script);
  return exit_ok;
}

}  // namespace

int run_complete(const CLI::App& root, const std::vector<std::string>& words) {
  // The time budget of one TAB: past it the process ends by SIGALRM's default action, printing
  // nothing, so a shell never hangs on a slow disk or a huge catalog. The built-in catalog loads in
  // milliseconds; 3 s is an assumption of what a user waits at a TAB.
  constexpr unsigned completion_budget_seconds = 3;
  ::alarm(completion_budget_seconds);
  std::string lines;
  for (const auto& candidate : candidates_for(root, words)) lines += candidate + "\n";
  write_stdout(lines);
  return exit_ok;
}

namespace {
const OptionRow<CompletionOptions> shell_option[] = {
    {{"shell", "bash, zsh or fish", "", true}, &CompletionOptions::shell, {.type = "SHELL", .choices = choices::shell_names}},
};
}  // namespace

Runner setup_completion(CLI::App& command, GlobalOptions& /*globals*/) {
  auto options = std::make_shared<CompletionOptions>();
  register_options(command, *options, shell_option);
  command.footer("Examples: source <(gpuselect completion bash); gpuselect completion fish | source");
  return [options] { return run(*options); };
}

}  // namespace gpuselect::cli
