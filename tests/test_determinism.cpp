// Determinism: the same inputs give byte-identical output whatever the order of records in the catalog
// files, the locale (environment and the process's global C++ locale), the time zone or the terminal.
#include <algorithm>
#include <clocale>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <locale>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GPUSELECT_TEST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define GPUSELECT_TEST_ASAN 1
#endif
#if defined(GPUSELECT_TEST_ASAN)
#include <sanitizer/lsan_interface.h>
#endif

#include "cli_runner.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/render.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/workload.hpp"
#include "scoring_invariants.hpp"

namespace {

using gpuselect::testing::run_gpuselect;
using gpuselect::testing::RunResult;
using gpuselect::testing::TempDir;
using gpuselect::testing::with;
namespace catalog = gpuselect::catalog;
namespace render = gpuselect::render;

// The jobs compared: a training job and a serving job (different estimators and scores).
const std::vector<std::vector<std::string>> jobs = {
    {"recommend", "--workload", "llm-finetune", "--params", "7e9", "--show-excluded"},
    {"recommend", "--workload", "llm-inference", "--model", "llama-2-7b", "--pareto"},
};

// The binary in its own process: the locale and time zone of the environment are the process's own.
RunResult run_ok(const std::vector<std::string>& args, const std::vector<std::string>& environment = {}) {
  auto result = gpuselect::testing::spawn_gpuselect(args, environment);
  INFO("gpuselect exit " << result.exit_code << ": " << result.err);
  REQUIRE(result.exit_code == 0);
  return result;
}

// One record of a data file: its list key ("offerings") and its text (the "  - " line and what follows).
struct RecordText {
  std::string kind;
  std::string text;
};

// Splits the built-in data files (block style: a top-level list key, records starting "  - ") into
// records; comments and blank lines travel with the record before them.
std::vector<RecordText> builtin_records() {
  std::vector<RecordText> records;
  for (const auto& file : gpuselect::builtin_catalog_files()) {
    std::istringstream lines{std::string(file.text)};
    std::string line;
    std::string kind;
    while (std::getline(lines, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty() && line[0] >= 'a' && line[0] <= 'z' && line.back() == ':') {
        kind = line.substr(0, line.size() - 1);
      } else if (line.rfind("  - ", 0) == 0) {
        REQUIRE_FALSE(kind.empty());
        records.push_back({kind, line + "\n"});
      } else if (!records.empty() && (line.rfind("    ", 0) == 0 || line.empty() || line[0] == '#')) {
        records.back().text += line + "\n";
      }
    }
  }
  return records;
}

// Writes the records, shuffled by `seed` (0 = reversed), spread over `count` files named part-N.yaml;
// each file lists its kinds in an order of its own. Returns the --catalog arguments.
std::vector<std::string> write_shuffled(const TempDir& dir, std::vector<RecordText> records, unsigned seed, int count) {
  if (seed == 0) {
    std::reverse(records.begin(), records.end());
  } else {
    std::mt19937 generator(seed);
    std::shuffle(records.begin(), records.end(), generator);
  }
  std::vector<std::string> args = {"--no-builtin-catalog"};
  for (int part = 0; part < count; ++part) {
    std::vector<std::string> kinds;
    std::map<std::string, std::string> lists;
    for (std::size_t i = static_cast<std::size_t>(part); i < records.size(); i += static_cast<std::size_t>(count)) {
      if (lists.find(records[i].kind) == lists.end()) kinds.push_back(records[i].kind);
      lists[records[i].kind] += records[i].text;
    }
    std::string text = "schema_version: 1\n";
    for (const auto& kind : kinds) text += kind + ":\n" + lists[kind];
    const auto file = dir.write("part-" + std::to_string(part) + ".yaml", text);
    args.push_back("--catalog");
    args.push_back(file.string());
  }
  return args;
}

// A glibc locale with ',' as decimal point: installed de_DE.UTF-8, else one compiled into a folder for
// LOCPATH with localedef (from libc-bin; sources from the locales package). Empty when neither works.
struct GermanLocale {
  bool available = false;
  std::vector<std::string> environment;  // LOCPATH=... when compiled here
};

const GermanLocale& german_locale() {
  static TempDir folder;
  static const GermanLocale locale = [] {
    GermanLocale found;
    if (std::setlocale(LC_ALL, "de_DE.UTF-8") != nullptr) {
      std::setlocale(LC_ALL, "C");
      found.available = true;
      return found;
    }
    const std::string target = (folder.path() / "de_DE.UTF-8").string();
    const std::string command =
        "localedef -i de_DE -f UTF-8 " + gpuselect::testing::shell_quote(target) + " >/dev/null 2>&1";
    if (std::system(command.c_str()) == 0 && std::filesystem::exists(folder.path() / "de_DE.UTF-8" / "LC_NUMERIC")) {
      found.available = true;
      found.environment.push_back("LOCPATH=" + folder.path().string());
    }
    return found;
  }();
  return locale;
}

// A numpunct facet that writes 1234.5 as "1.234,5" if anything streams a number through the locale.
class CommaDecimal : public std::numpunct<char> {
 protected:
  char do_decimal_point() const override { return ','; }
  char do_thousands_sep() const override { return '.'; }
  std::string do_grouping() const override { return "\3"; }
  std::string do_truename() const override { return "wahr"; }
  std::string do_falsename() const override { return "falsch"; }
};

// glibc's newlocale leaks its LOCPATH search list (43 bytes per call, glibc 2.36); LeakSanitizer would
// report it. Allocations in this scope are not leak-checked; everything else still is.
class IgnoreLeaksInScope {
 public:
  IgnoreLeaksInScope() {
#if defined(GPUSELECT_TEST_ASAN)
    __lsan_disable();
#endif
  }
  ~IgnoreLeaksInScope() {
#if defined(GPUSELECT_TEST_ASAN)
    __lsan_enable();
#endif
  }
  IgnoreLeaksInScope(const IgnoreLeaksInScope&) = delete;
  IgnoreLeaksInScope& operator=(const IgnoreLeaksInScope&) = delete;
};

// Sets the process's global C++ locale (and the C locale when given) for one scope.
class GlobalLocale {
 public:
  GlobalLocale(const std::locale& locale, const char* c_locale) : previous_(std::locale::global(locale)) {
    if (c_locale != nullptr) std::setlocale(LC_ALL, c_locale);
  }
  ~GlobalLocale() {
    std::locale::global(previous_);
    std::setlocale(LC_ALL, "C");
  }
  GlobalLocale(const GlobalLocale&) = delete;
  GlobalLocale& operator=(const GlobalLocale&) = delete;

 private:
  std::locale previous_;
};

// Everything `recommend` renders, in every format, made in this process with the built-in catalog.
std::map<std::string, std::string> render_in_process() {
  std::vector<catalog::SourceText> sources;
  for (const auto& file : gpuselect::builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  const auto loaded = catalog::load(sources);
  REQUIRE(loaded.ok());
  gpuselect::workload::Request request;
  request.kind = gpuselect::workload::Kind::llm_finetune;
  request.params_text = "7e9";
  const auto profile = gpuselect::workload::resolve(request, loaded.catalog);
  gpuselect::scoring::Options options;
  options.weights = gpuselect::scoring::profile_weights("balanced", profile.kind);
  options.profile_name = "balanced";
  options.today = "2026-06-01";
  options.sensitivity = true;
  options.sensitivity_samples = 50;
  const auto ranking = gpuselect::testing::rank_checked(loaded.catalog, profile, options);
  const render::RecommendView view{loaded.catalog, profile, ranking, options};
  render::Style style;
  style.show_excluded = true;
  style.show_pareto = true;
  std::map<std::string, std::string> outputs;
  for (const auto format : {render::Format::table, render::Format::json, render::Format::csv, render::Format::markdown,
                            render::Format::html}) {
    std::ostringstream out;  // constructed after the global locale is set: it imbues that locale
    render::recommend(out, format, view, style);
    outputs[std::string(render::to_string(format))] = out.str();
  }
  std::ostringstream gpus;
  render::gpus(gpus, render::Format::csv, loaded.catalog, style);
  outputs["gpus.csv"] = gpus.str();
  return outputs;
}

}  // namespace

TEST_CASE("record order across catalog files does not change the output", "[determinism]") {
  const auto records = builtin_records();
  REQUIRE(records.size() > 100);
  TempDir dir;
  for (const auto& job : jobs) {
    std::map<std::string, std::string> reference;  // format -> output of the first order
    for (const unsigned seed : {1u, 2u, 0u}) {
      const auto catalog_args = write_shuffled(dir, records, seed, 3);
      for (const char* format : {"json", "table", "csv"}) {
        auto result = run_ok(with(with(catalog_args, job), {"--format", format}));
        INFO("job " << job[2] << ", format " << format << ", order " << seed);
        if (std::string(format) == "json") {
          // The catalog echo names the files read and their digests: different files by design.
          auto document = nlohmann::json::parse(result.out);
          document["catalog"].erase("files");
          result.out = document.dump(2);
        }
        if (reference.count(format) == 0) {
          reference[format] = result.out;
        } else {
          CHECK(result.out == reference[format]);
        }
      }
    }
    // The built-in catalog (one file per kind, data order) ranks the same offerings the same way.
    const auto builtin_json = nlohmann::json::parse(run_ok(with(job, {"--format", "json"})).out);
    const auto shuffled_json = nlohmann::json::parse(reference["json"]);
    CHECK(builtin_json["candidates"] == shuffled_json["candidates"]);
    CHECK(builtin_json["excluded"] == shuffled_json["excluded"]);
    CHECK(run_ok(with(job, {"--format", "table"})).out == reference["table"]);
  }
}

TEST_CASE("the locale in the environment does not change the output", "[determinism]") {
  const auto& german = german_locale();
  if (!german.available) WARN("no de_DE.UTF-8 locale and localedef failed: the German runs fall back to C");
  const std::vector<std::vector<std::string>> environments = {
      {"LC_ALL=de_DE.UTF-8"},    {"LANG=de_DE.UTF-8", "LC_NUMERIC=de_DE.UTF-8", "LC_MONETARY=de_DE.UTF-8"},
      {"LANG=xx_INVALID.UTF-8"}, {"LC_ALL=not a locale at all"},
      {"LANG=C.UTF-8"},
  };
  for (const auto& job : jobs) {
    for (const char* format : {"json", "table", "csv"}) {
      const auto args = with(job, {"--format", format});
      const auto reference = run_ok(args, {"LC_ALL=C"});
      for (auto environment : environments) {
        environment.insert(environment.end(), german.environment.begin(), german.environment.end());
        INFO("format " << format << ", environment " << environment.front());
        const auto result = run_ok(args, environment);
        CHECK(result.out == reference.out);
        CHECK(result.err == reference.err);
      }
    }
  }
}

TEST_CASE("a global C++ locale with a decimal comma does not change rendered output", "[determinism]") {
  const auto reference = render_in_process();
  {
    const GlobalLocale comma(std::locale(std::locale::classic(), new CommaDecimal), nullptr);
    CHECK(render_in_process() == reference);
  }
  const auto& german = german_locale();
  if (german.available) {
    for (const auto& assignment : german.environment) {
      const auto equals = assignment.find('=');
      ::setenv(assignment.substr(0, equals).c_str(), assignment.substr(equals + 1).c_str(), 1);
    }
    const IgnoreLeaksInScope glibc_locpath_leak;
    std::optional<std::locale> de;
    try {
      de.emplace("de_DE.UTF-8");
    } catch (const std::runtime_error&) {
      WARN("std::locale(\"de_DE.UTF-8\") is not constructible here");
    }
    if (de) {
      const GlobalLocale glibc_german(*de, "de_DE.UTF-8");
      CHECK(std::use_facet<std::numpunct<char>>(std::locale()).decimal_point() == ',');
      CHECK(render_in_process() == reference);
    }
    ::unsetenv("LOCPATH");
  }
}

TEST_CASE("the time zone does not change the output", "[determinism]") {
  for (const auto& job : jobs) {
    const auto args = with(job, {"--format", "json"});
    const auto reference = run_ok(args, {"TZ=UTC"});
    for (const char* zone :
         {"TZ=Asia/Shanghai", "TZ=America/Los_Angeles", "TZ=Pacific/Kiritimati", "TZ=CST-8", "TZ=Not/AZone"}) {
      INFO(zone);
      const auto result = run_ok(args, {zone});
      CHECK(result.out == reference.out);
    }
  }
}

TEST_CASE("terminal width, colour settings and TERM do not change JSON or CSV", "[determinism]") {
  const std::vector<std::vector<std::string>> environments = {
      {"COLUMNS=40"},          {"COLUMNS=300"}, {"COLUMNS=junk"},     {"TERM=dumb"},
      {"TERM=xterm-256color"}, {"NO_COLOR=1"},  {"CLICOLOR_FORCE=1"}, {"COLUMNS=20", "LINES=5"},
  };
  for (const auto& job : jobs) {
    for (const char* format : {"json", "csv"}) {
      const auto args = with(job, {"--format", format});
      const auto reference = run_ok(args);
      for (const auto& environment : environments) {
        INFO("format " << format << ", " << environment.front());
        CHECK(run_ok(args, environment).out == reference.out);
      }
      INFO("format " << format << " with --color always");
      CHECK(run_ok(with(args, {"--color", "always"})).out == reference.out);
    }
  }
}

TEST_CASE("JSON written to a terminal equals JSON written to a pipe", "[determinism]") {
  if (std::system("command -v script >/dev/null 2>&1") != 0) {
    WARN("util-linux 'script' not found; terminal run skipped");
    return;
  }
  const auto args = with(jobs.front(), {"--format", "json"});
  const auto piped = run_ok(args);
  TempDir dir;
  const auto captured = dir.path() / "tty.out";
  std::string command =
      "env -u GPUSELECT_CATALOG -u COLUMNS -u GPUSELECT_TODAY -u GPUSELECT_NO_CACHE -u NO_COLOR -u LC_ALL "
      "-u LC_MESSAGES LANG=C XDG_CONFIG_HOME=" + gpuselect::testing::shell_quote(dir.path().string()) +
      " XDG_CACHE_HOME=" + gpuselect::testing::shell_quote((dir.path() / "cache").string()) +
      " " + gpuselect::testing::shell_quote(GPUSELECT_BINARY);
  for (const auto& arg : args) command += " " + gpuselect::testing::shell_quote(arg);
  // script(1) runs the command on a pseudo-terminal; the terminal turns each "\n" into "\r\n".
  const std::string outer = "script -qec " + gpuselect::testing::shell_quote(command) + " /dev/null >" +
                            gpuselect::testing::shell_quote(captured.string()) + " 2>/dev/null </dev/null";
  REQUIRE(std::system(outer.c_str()) == 0);
  std::string on_terminal = gpuselect::testing::read_file(captured);
  on_terminal.erase(std::remove(on_terminal.begin(), on_terminal.end(), '\r'), on_terminal.end());
  CHECK(on_terminal == piped.out);
}
