// gpuselect completion bash|zsh|fish prints a static script: it holds no catalog text and no flag
// list; at each TAB it runs `gpuselect __complete WORDS...` (the words before the cursor and the
// word being completed) and offers the lines printed, literally. Paths after --catalog, --config
// and -o/--output are completed by the shell's own file completion.
#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/app.hpp"
#include "cli/command.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/scoring.hpp"

namespace gpuselect::cli {

namespace {

// Flags whose value is a path: the scripts hand these to the shell's file completion.
constexpr std::string_view file_flags = "--catalog --config -o --output";

constexpr std::string_view bash_script =
    R"(# bash completion for gpuselect; load with: source <(gpuselect completion bash)
# Candidates come from `gpuselect __complete`, one per line; nothing printed is evaluated.
_gpuselect() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" program="${COMP_WORDS[0]}"
  (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  [[ $program == "~/"* ]] && program="$HOME/${program#"~/"}"
  COMPREPLY=()
  case "$prev" in
    --catalog|--config|-o|--output)
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return ;;
  esac
  mapfile -t COMPREPLY < <("$program" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
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
  (( ${#candidates} )) && compadd -- "${candidates[@]}"
}
if (( $+functions[compdef] )); then compdef _gpuselect gpuselect; fi
)";

constexpr std::string_view fish_script =
    R"(# fish completion for gpuselect; load with: gpuselect completion fish | source
# Candidates come from `gpuselect __complete`, one per line; nothing printed is evaluated.
function __gpuselect_candidates
    set -l words (commandline -opc) (commandline -ct)
    $words[1] __complete $words[2..-1] 2>/dev/null
end
function __gpuselect_wants_file
    set -l words (commandline -opc)
    contains -- $words[-1] --catalog --config -o --output
end
complete -c gpuselect -e
complete -c gpuselect -n 'not __gpuselect_wants_file' -f -a '(__gpuselect_candidates)'
complete -c gpuselect -n '__gpuselect_wants_file' -F
)";

struct CompletionOptions {
  std::string shell;
};

bool is_flag(std::string_view word) { return word.size() > 1 && word.front() == '-'; }

// The option of `app` (or of the root, for global options) named by `word` ("--gpu", "-o").
const CLI::Option* find_option(const CLI::App& app, std::string_view word) {
  for (const CLI::App* scope = &app; scope != nullptr; scope = scope->get_parent()) {
    for (const CLI::Option* option : scope->get_options()) {
      for (const auto& name : option->get_lnames()) {
        if (word == "--" + name) return option;
      }
      for (const auto& name : option->get_snames()) {
        if (word == "-" + name) return option;
      }
    }
  }
  return nullptr;
}

bool takes_value(const CLI::Option* option) { return option != nullptr && option->get_type_size() != 0; }

std::vector<std::string> catalog_ids(const catalog::Catalog& catalog, std::string_view what) {
  std::vector<std::string> ids;
  if (what == "gpu" || what == "any") {
    for (const auto& gpu : catalog.gpus) ids.push_back(gpu.id);
  }
  if (what == "model" || what == "any") {
    for (const auto& model : catalog.models) ids.push_back(model.id);
  }
  if (what == "provider" || what == "any") {
    for (const auto& provider : catalog.providers) ids.push_back(provider.id);
  }
  if (what == "offering" || what == "any") {
    for (const auto& offering : catalog.offerings) ids.push_back(offering.id);
  }
  if (what == "currency") {
    ids.emplace_back("USD");
    for (const auto& rate : catalog.currencies) {
      if (rate.code != "USD") ids.push_back(rate.code);
    }
  }
  return ids;
}

// The values a flag takes: a fixed list, or "" with `catalog_kind` naming the catalog ids it takes.
std::vector<std::string> fixed_values(std::string_view flag, std::string& catalog_kind) {
  struct FlagValues {
    std::string_view flag;
    std::vector<std::string> (*values)();
  };
  static const FlagValues fixed[] = {
      {"--workload", workload::kind_names},       {"-w", workload::kind_names},
      {"--profile", scoring::profile_names},      {"--format", render::format_names},
      {"--method", workload::method_names},       {"--precision", workload::precision_names},
      {"--optimizer", workload::optimizer_names}, {"--recompute", workload::recompute_names},
      {"--attention", workload::attention_names}, {"--zero", workload::zero_names},
      {"--offload", workload::offload_names},
  };
  for (const auto& entry : fixed) {
    if (entry.flag == flag) return entry.values();
  }
  if (flag == "--color") return {"auto", "always", "never"};
  if (flag == "--pricing") return {"any", "on-demand", "spot", "reserved-1y", "reserved-3y"};
  if (flag == "--require") {
    std::vector<std::string> names;
    for (const auto& [name, meaning] : scoring::requirement_names()) names.push_back(name);
    return names;
  }
  static const std::pair<std::string_view, std::string_view> dynamic[] = {
      {"--gpu", "gpu"},
      {"--model", "model"},
      {"-m", "model"},
      {"--provider", "provider"},
      {"--exclude-provider", "provider"},
      {"--offering", "offering"},
      {"--currency", "currency"},
  };
  for (const auto& [name, kind] : dynamic) {
    if (name == flag) catalog_kind = kind;
  }
  return {};
}

// The catalog as the completed command line would load it (its --catalog, --no-builtin-catalog and
// --config); when that fails the built-in catalog (none with --no-builtin-catalog), so a broken overlay
// never breaks the shell.
catalog::Catalog completion_catalog(const std::vector<std::string>& words) {
  GlobalOptions globals;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word == "--no-builtin-catalog") globals.no_builtin_catalog = true;
    if ((word == "--catalog" || word == "--config") && i + 1 < words.size()) {
      (word == "--catalog" ? globals.catalog_files.push_back(words[i + 1]) : void(globals.config_path = words[i + 1]));
    }
    if (word.rfind("--catalog=", 0) == 0) globals.catalog_files.push_back(word.substr(10));
    if (word.rfind("--config=", 0) == 0) globals.config_path = word.substr(9);
  }
  try {
    globals.settings = load_settings(globals.config_path);
    return load_catalog(globals);
  } catch (const Error&) {
    if (globals.no_builtin_catalog) return {};
    return load_catalog(GlobalOptions{});
  }
}

std::vector<std::string> candidates_for(const CLI::App& root, const std::vector<std::string>& words) {
  const std::string current = words.empty() ? std::string() : words.back();
  const CLI::App* at = &root;
  const CLI::Option* pending = nullptr;  // a flag whose value is the current word
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    const std::string& word = words[i];
    if (pending != nullptr) {
      pending = nullptr;
      continue;
    }
    if (is_flag(word)) {
      if (word.find('=') == std::string::npos && takes_value(find_option(*at, word))) pending = find_option(*at, word);
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
  std::string catalog_kind;
  if (pending != nullptr) {
    const std::string& flag = words[words.size() - 2];
    if (file_flags.find(flag) != std::string_view::npos) return {};  // the script completes paths
    candidates = fixed_values(flag, catalog_kind);
  } else if (is_flag(current)) {
    for (const CLI::App* scope = at; scope != nullptr; scope = scope->get_parent()) {
      for (const CLI::Option* option : scope->get_options()) {
        for (const auto& name : option->get_lnames()) candidates.push_back("--" + name);
        for (const auto& name : option->get_snames()) candidates.push_back("-" + name);
      }
    }
  } else {
    for (const CLI::App* sub : at->get_subcommands({})) candidates.push_back(sub->get_name());
    const std::string path = at->get_parent() != nullptr ? at->get_name() : "";
    if (path == "completion") candidates = {"bash", "zsh", "fish"};
    if (path == "show") catalog_kind = "any";
    if (path == "compare") catalog_kind = "offering";
  }
  if (!catalog_kind.empty()) {
    const auto ids = catalog_ids(completion_catalog(words), catalog_kind);
    candidates.insert(candidates.end(), ids.begin(), ids.end());
  }
  std::vector<std::string> matching;
  for (auto& candidate : candidates) {
    // One candidate per line: a candidate with a line break or control character is never offered.
    if (candidate.rfind(current, 0) == 0 && !text::needs_neutralising(candidate)) matching.push_back(candidate);
  }
  std::sort(matching.begin(), matching.end());
  matching.erase(std::unique(matching.begin(), matching.end()), matching.end());
  return matching;
}

int run(const CompletionOptions& options) {
  std::string_view script;
  if (options.shell == "bash") {
    script = bash_script;
  } else if (options.shell == "zsh") {
    script = zsh_script;
  } else if (options.shell == "fish") {
    script = fish_script;
  } else {
    throw Error("completion", "unknown shell " + text::quoted(options.shell), "choose bash, zsh or fish");
  }
  write_stdout(script);
  return exit_ok;
}

}  // namespace

int run_complete(const CLI::App& root, const std::vector<std::string>& words) {
  std::string lines;
  for (const auto& candidate : candidates_for(root, words)) lines += candidate + "\n";
  write_stdout(lines);
  return exit_ok;
}

Runner setup_completion(CLI::App& command, GlobalOptions& /*globals*/) {
  auto options = std::make_shared<CompletionOptions>();
  command.add_option("shell", options->shell, "bash, zsh or fish")->required();
  command.footer("Examples: source <(gpuselect completion bash); gpuselect completion fish | source");
  return [options] { return run(*options); };
}

}  // namespace gpuselect::cli
