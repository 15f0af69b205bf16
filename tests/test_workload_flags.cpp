// The workload-flag table (include/gpuselect/workload_flags.hpp) is the one place a workload flag
// lives: each row must be an option of recommend, estimate and compare with its type, choices and
// range in --help, be documented in docs/cli.md, and be honoured by resolve and by the CLI (the
// workloads it applies to, its range) with a one-line error that names it.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "cli_runner.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/ranges.hpp"
#include "gpuselect/workload_flags.hpp"

using gpuselect::Error;
namespace workload = gpuselect::workload;
namespace ranges = gpuselect::ranges;
using gpuselect::testing::run_gpuselect;

namespace {

// The --help entry of the option `name` ("  -w,--workload KIND ..." and, when CLI11 wraps the
// description onto the next line, that line too), or "" when no option is named so.
std::string help_line(const std::string& help, std::string_view name) {
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < help.size();) {
    const std::size_t end = std::min(help.find('\n', start), help.size());
    lines.push_back(help.substr(start, end - start));
    start = end + 1;
  }
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (!line.starts_with("  -")) continue;
    const std::string names = line.substr(2, line.find(' ', 2) - 2);  // "-w,--workload"
    const auto comma = names.find(',');
    if (names != name && (comma == std::string::npos || names.substr(comma + 1) != name)) continue;
    const bool wrapped = i + 1 < lines.size() && lines[i + 1].starts_with("     ");
    return wrapped ? fmt::format("{}\n{}", line, lines[i + 1]) : line;
  }
  return "";
}

workload::Kind first_kind(unsigned kinds, bool inside) {
  for (unsigned i = 0; i <= static_cast<unsigned>(workload::Kind::notebook); ++i) {
    const auto kind = static_cast<workload::Kind>(i);
    if (((kinds & workload::kind_bit(kind)) != 0) == inside) return kind;
  }
  FAIL("no such kind");
  return workload::Kind::llm_finetune;
}

// A value the row's parser accepts.
std::string valid_text(const workload::Flag& flag) {
  if (flag.choices != nullptr) return flag.choices().front();
  if (flag.member.value == workload::FlagValue::list) return "q_proj";
  if (flag.range) return fmt::format("{:g}", ranges::range_of(*flag.range).min);
  return "7B";
}

gpuselect::catalog::Catalog no_models() { return {}; }

}  // namespace

TEST_CASE("every workload-flag row is an option with its type, choices and range in --help", "[workload][flags]") {
  for (const char* command : {"recommend", "estimate", "compare"}) {
    const auto result = run_gpuselect({command, "--help"});
    REQUIRE(result.exit_code == 0);
    for (const auto& flag : workload::flags()) {
      INFO(command << " " << flag.name);
      const std::string line = help_line(result.out, flag.name);
      REQUIRE_FALSE(line.empty());
      CHECK(line.find(fmt::format(" {}", flag.type)) != std::string::npos);
      CHECK(line.find(std::string(flag.help)) != std::string::npos);
      if (!flag.short_name.empty()) CHECK(line.starts_with(fmt::format("  {},", flag.short_name)));
      if (flag.choices != nullptr) {
        std::string choices;
        for (const auto& name : flag.choices()) choices += (choices.empty() ? "" : ",") + name;
        CHECK(line.find(fmt::format("{{{}}}", choices)) != std::string::npos);
      }
      if (flag.range) {
        // "[MIN to MAX]" at the end of the description, the bounds of the row's range.
        const auto open = line.rfind('[');
        const auto to = line.find(" to ", open);
        REQUIRE(open != std::string::npos);
        REQUIRE(to != std::string::npos);
        const auto& range = ranges::range_of(*flag.range);
        CHECK(std::strtod(line.c_str() + open + 1, nullptr) == range.min);
        CHECK(std::strtod(line.c_str() + to + 4, nullptr) == range.max);
      } else {
        CHECK(line.find(" to ") == std::string::npos);
      }
    }
  }
}

TEST_CASE("docs/cli.md documents every workload-flag row under Workload options", "[workload][flags]") {
  const std::string docs =
      gpuselect::testing::read_file(std::filesystem::path(GPUSELECT_SOURCE_DIR) / "docs" / "cli.md");
  const auto start = docs.find("## Workload options");
  REQUIRE(start != std::string::npos);
  const std::string section = docs.substr(start, docs.find("\n## ", start + 1) - start);
  for (const auto& flag : workload::flags()) {
    INFO(flag.name);
    CHECK(section.find(fmt::format("`{}`", flag.name)) != std::string::npos);
    if (!flag.short_name.empty()) CHECK(section.find(fmt::format("`{}`", flag.short_name)) != std::string::npos);
  }
}

TEST_CASE("resolve refuses each workload flag given for a workload outside its row", "[workload][flags]") {
  int restricted = 0;
  for (const auto& flag : workload::flags()) {
    if (flag.kinds == workload::all_kinds) continue;
    ++restricted;
    const workload::Kind kind = first_kind(flag.kinds, false);
    INFO(flag.name << " for " << workload::to_string(kind));
    workload::Request request;
    request.kind = kind;
    flag.member.parse(flag, valid_text(flag), request);
    REQUIRE(flag.member.given(request));
    try {
      workload::resolve(request, no_models());
      FAIL("resolve accepted it");
    } catch (const Error& error) {
      CHECK(error.where() == flag.name);
      CHECK(error.line() == fmt::format("{}: does not apply to {}; it is for {}; drop it or pick another --workload",
                                        flag.name, workload::to_string(kind), flag.applies_to));
    }
  }
  CHECK(restricted >= 25);  // most flags belong to some workloads only (30 at the time of writing)
}

TEST_CASE("resolve and the CLI refuse each numeric workload flag outside its range, in one line", "[workload][flags]") {
  int numeric = 0;
  for (const auto& flag : workload::flags()) {
    if (flag.member.assign == nullptr) continue;
    REQUIRE(flag.range);
    ++numeric;
    const auto& range = ranges::range_of(*flag.range);
    const bool whole = flag.member.value == workload::FlagValue::whole;
    CHECK(whole == range.whole);
    const double above = whole ? range.max + 1 : range.max * 2;
    const double below = range.min > 0 && !whole ? range.min / 2 : range.min - 1;
    const workload::Kind kind = first_kind(flag.kinds, true);
    const std::string bounds =
        fmt::format("from {} to {}", ranges::bound_text(range.min), ranges::bound_text(range.max));
    for (const double value : {above, below}) {
      INFO(flag.name << " " << value << " for " << workload::to_string(kind));
      workload::Request request;
      request.kind = kind;
      request.params_text = "7e9";
      flag.member.assign(request, value);
      try {
        workload::resolve(request, no_models());
        FAIL("resolve accepted it");
      } catch (const Error& error) {
        CHECK(error.where() == flag.name);
        CHECK(error.line().find(bounds) != std::string::npos);
        CHECK(error.line().find('\n') == std::string::npos);
      }
      const std::string text = whole ? fmt::format("{:.0f}", value) : fmt::format("{}", value);
      const auto result = run_gpuselect({"estimate", "--workload", std::string(workload::to_string(kind)), "--params",
                                         "7e9", std::string(flag.name), text});
      CHECK(result.exit_code == 2);
      CHECK(result.out.empty());
      CHECK(result.err == fmt::format("gpuselect: error: {}: '{}' is out of range for {}; give {} {}\n", flag.name,
                                      text, range.name, whole ? "a whole number" : "a number", bounds));
    }
  }
  CHECK(numeric >= 20);  // 27 whole and number flags at the time of writing: the loop is not empty
}

TEST_CASE("resolve refuses each custom-model flag of the table together with --model", "[workload][flags]") {
  gpuselect::catalog::Catalog catalog;
  gpuselect::catalog::ModelPreset preset;
  preset.id = "preset-7b";
  preset.name = "Preset 7B";
  preset.shape.params = 7e9;
  catalog.models.push_back(preset);
  int custom = 0;
  for (const auto& flag : workload::flags()) {
    if (flag.model_part == workload::ModelPart::none) continue;
    ++custom;
    INFO(flag.name);
    workload::Request request;
    request.kind = workload::Kind::llm_finetune;
    request.model = preset.id;
    flag.member.parse(flag, valid_text(flag), request);
    try {
      workload::resolve(request, catalog);
      FAIL("resolve accepted it");
    } catch (const Error& error) {
      CHECK(error.where() == flag.name);
      const bool shape = flag.model_part == workload::ModelPart::shape;
      CHECK(error.problem() == fmt::format("{} flags cannot change preset 'preset-7b'", shape ? "shape" : "expert"));
    }
  }
  CHECK(custom ==
        9);  // --layers, --hidden, --heads, --kv-heads, --ffn, --vocab; --active-params, --experts(-per-token)
}
