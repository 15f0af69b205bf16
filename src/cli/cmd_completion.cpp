// gpuselect completion bash|zsh|fish: completion scripts generated from the command tree itself, so
// every subcommand and flag is covered, plus value lists (workloads, profiles, GPU ids, models ...).
#include <map>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "cli/app.hpp"
#include "cli/command.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/scoring.hpp"

namespace gpuselect::cli {

namespace {

struct CompletionOptions {
  std::string shell;
};

// One command path ("", "catalog", "catalog import") with its subcommands and flags.
struct Node {
  std::string path;
  std::vector<std::string> subcommands;
  std::vector<std::string> flags;
};

void collect(const CLI::App& app, const std::string& path, std::vector<Node>& nodes) {
  Node node;
  node.path = path;
  for (const CLI::Option* option : app.get_options()) {
    for (const auto& name : option->get_lnames()) node.flags.push_back("--" + name);
    for (const auto& name : option->get_snames()) node.flags.push_back("-" + name);
  }
  const CLI::App* root = &app;
  while (root->get_parent() != nullptr) root = root->get_parent();
  if (root != &app) {
    for (const CLI::Option* option : root->get_options()) {
      for (const auto& name : option->get_lnames()) {
        if (name != "help" && name != "version") node.flags.push_back("--" + name);
      }
    }
  }
  for (const CLI::App* sub : app.get_subcommands({})) node.subcommands.push_back(sub->get_name());
  nodes.push_back(node);
  for (const CLI::App* sub : app.get_subcommands({})) {
    collect(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), nodes);
  }
}

std::string join(const std::vector<std::string>& items) {
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : " ") + item;
  return text;
}

// Flag -> the values it takes.
std::map<std::string, std::vector<std::string>> value_lists(const catalog::Catalog& catalog) {
  std::map<std::string, std::vector<std::string>> values;
  values["--workload"] = workload::kind_names();
  values["-w"] = values["--workload"];
  values["--profile"] = scoring::profile_names();
  values["--format"] = render::format_names();
  values["--color"] = {"auto", "always", "never"};
  values["--pricing"] = {"any", "on-demand", "spot", "reserved-1y", "reserved-3y"};
  values["--method"] = workload::method_names();
  values["--precision"] = workload::precision_names();
  values["--optimizer"] = workload::optimizer_names();
  values["--recompute"] = workload::recompute_names();
  values["--attention"] = workload::attention_names();
  values["--zero"] = workload::zero_names();
  values["--offload"] = workload::offload_names();
  for (const auto& [name, meaning] : scoring::requirement_names()) values["--require"].push_back(name);
  for (const auto& gpu : catalog.gpus) values["--gpu"].push_back(gpu.id);
  for (const auto& model : catalog.models) values["--model"].push_back(model.id);
  values["-m"] = values["--model"];
  for (const auto& provider : catalog.providers) values["--provider"].push_back(provider.id);
  values["--exclude-provider"] = values["--provider"];
  for (const auto& offering : catalog.offerings) values["--offering"].push_back(offering.id);
  values["--currency"] = {"USD"};
  for (const auto& rate : catalog.currencies) {
    if (rate.code != "USD") values["--currency"].push_back(rate.code);
  }
  return values;
}

// The `case "$cmdpath|$word"` arms (bash and zsh alike) that track which subcommand a word enters.
void write_path_cases(std::ostream& out, const std::vector<Node>& nodes) {
  for (const auto& node : nodes) {
    for (const auto& sub : node.subcommands) {
      out << "      \"" << node.path << "|" << sub << "\") cmdpath=\""
          << (node.path.empty() ? sub : node.path + " " + sub) << "\" ;;\n";
    }
  }
}

std::string bash_script(const std::vector<Node>& nodes, const std::map<std::string, std::vector<std::string>>& values) {
  std::ostringstream out;
  out << "# bash completion for gpuselect; load with: source <(gpuselect completion bash)\n"
         "_gpuselect() {\n"
         "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" cmdpath=\"\" word i\n"
         "  case \"$prev\" in\n";
  for (const auto& [flag, list] : values) {
    out << "    " << flag << ") COMPREPLY=($(compgen -W \"" << join(list) << "\" -- \"$cur\")); return ;;\n";
  }
  out << "    completion) COMPREPLY=($(compgen -W \"bash zsh fish\" -- \"$cur\")); return ;;\n"
         "  esac\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "    word=\"${COMP_WORDS[i]}\"\n"
         "    case \"$cmdpath|$word\" in\n";
  write_path_cases(out, nodes);
  out << "    esac\n"
         "  done\n"
         "  case \"$cmdpath\" in\n";
  for (const auto& node : nodes) {
    out << "    \"" << node.path << "\") COMPREPLY=($(compgen -W \"" << join(node.subcommands) << " "
        << join(node.flags) << "\" -- \"$cur\")) ;;\n";
  }
  out << "  esac\n"
         "}\n"
         "complete -F _gpuselect gpuselect\n";
  return out.str();
}

std::string zsh_script(const std::vector<Node>& nodes, const std::map<std::string, std::vector<std::string>>& values) {
  std::ostringstream out;
  out << "#compdef gpuselect\n"
         "# zsh completion for gpuselect; load with: source <(gpuselect completion zsh)\n"
         "_gpuselect() {\n"
         "  local cmdpath=\"\" word i prev=\"${words[CURRENT-1]}\"\n"
         "  case \"$prev\" in\n";
  for (const auto& [flag, list] : values) {
    out << "    " << flag << ") compadd -- " << join(list) << "; return ;;\n";
  }
  out << "    completion) compadd -- bash zsh fish; return ;;\n"
         "  esac\n"
         "  for ((i = 2; i < CURRENT; i++)); do\n"
         "    word=\"${words[i]}\"\n"
         "    case \"$cmdpath|$word\" in\n";
  write_path_cases(out, nodes);
  out << "    esac\n"
         "  done\n"
         "  case \"$cmdpath\" in\n";
  for (const auto& node : nodes) {
    out << "    \"" << node.path << "\") compadd -- " << join(node.subcommands) << " " << join(node.flags) << " ;;\n";
  }
  out << "  esac\n"
         "}\n"
         "if (( $+functions[compdef] )); then compdef _gpuselect gpuselect; fi\n";
  return out.str();
}

std::string fish_script(const std::vector<Node>& nodes, const std::map<std::string, std::vector<std::string>>& values) {
  std::ostringstream out;
  out << "# fish completion for gpuselect; load with: gpuselect completion fish | source\n"
         "function __gpuselect_path\n"
         "    set -l words (commandline -opc)\n"
         "    set -l path ''\n"
         "    for word in $words[2..-1]\n"
         "        switch \"$path|$word\"\n";
  for (const auto& node : nodes) {
    for (const auto& sub : node.subcommands) {
      out << "            case '" << node.path << "|" << sub << "'\n"
          << "                set path '" << (node.path.empty() ? sub : node.path + " " + sub) << "'\n";
    }
  }
  out << "        end\n"
         "    end\n"
         "    echo $path\n"
         "end\n"
         "function __gpuselect_at\n"
         "    set -l path (__gpuselect_path)\n"
         "    test \"$path\" = \"$argv[1]\"\n"
         "end\n"
         "complete -c gpuselect -f\n";
  for (const auto& node : nodes) {
    const std::string condition = "__gpuselect_at '" + node.path + "'";
    if (!node.subcommands.empty()) {
      out << "complete -c gpuselect -n \"" << condition << "\" -a '" << join(node.subcommands) << "'\n";
    }
    for (const auto& flag : node.flags) {
      const bool long_flag = flag.rfind("--", 0) == 0;
      const std::string name = flag.substr(long_flag ? 2 : 1);
      const auto list = values.find(flag);
      out << "complete -c gpuselect -n \"" << condition << "\" " << (long_flag ? "-l " : "-s ") << name;
      if (list != values.end()) out << " -r -a '" << join(list->second) << "'";
      out << "\n";
    }
  }
  out << "complete -c gpuselect -n \"__gpuselect_at completion\" -a 'bash zsh fish'\n";
  return out.str();
}

int run(const CompletionOptions& options, const GlobalOptions& globals, const CLI::App& root) {
  catalog::Catalog catalog;
  try {
    catalog = load_catalog(globals);
  } catch (const Error&) {
    // A broken overlay must not break the shell: complete from the built-in catalog.
    GlobalOptions builtin_only;
    catalog = load_catalog(builtin_only);
  }
  std::vector<Node> nodes;
  collect(root, "", nodes);
  const auto values = value_lists(catalog);
  std::string script;
  if (options.shell == "bash") {
    script = bash_script(nodes, values);
  } else if (options.shell == "zsh") {
    script = zsh_script(nodes, values);
  } else if (options.shell == "fish") {
    script = fish_script(nodes, values);
  } else {
    throw Error("completion", "unknown shell '" + options.shell + "'", "choose bash, zsh or fish");
  }
  emit(OutputOptions{}, script);
  return exit_ok;
}

}  // namespace

Runner setup_completion(CLI::App& command, GlobalOptions& globals) {
  auto options = std::make_shared<CompletionOptions>();
  command.add_option("shell", options->shell, "bash, zsh or fish")->required();
  command.footer("Examples: source <(gpuselect completion bash); gpuselect completion fish | source");
  const CLI::App* root = command.get_parent();
  return [options, &globals, root] { return run(*options, globals, *root); };
}

}  // namespace gpuselect::cli
