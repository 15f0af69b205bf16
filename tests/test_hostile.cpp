// Hostile input: whatever gpuselect is fed, it answers with one clear error line (exit 2 for bad input,
// 1 for I/O) or a correct result; never a crash, a hang, a partial output. Big inputs are generated here,
// not committed. docs/hardening.md lists the limits these tests hold the code to.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/catalog_format.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/skypilot_import.hpp"
#include "gpuselect/units.hpp"
#include "io/files.hpp"

namespace {

using gpuselect::testing::count_lines;
using gpuselect::testing::run_gpuselect;
using gpuselect::testing::RunResult;
using gpuselect::testing::TempDir;
using gpuselect::testing::with;
namespace catalog = gpuselect::catalog;

const std::vector<std::string> recommend_7b = {"recommend", "--workload", "llm-finetune", "--params", "7e9"};

// The error contract (DESIGN.md): nothing on stdout, one line on stderr,
// "gpuselect: error: <where>: <what>; <what to do>", and never the CLI's internal-error fallback.
void require_clean_error(const RunResult& result, int exit_code, const std::string& where_prefix) {
  INFO("exit " << result.exit_code << ", stderr: " << result.err.substr(0, 2000));
  CHECK(result.exit_code == exit_code);
  CHECK(result.out.empty());
  CHECK(count_lines(result.err) == 1);
  CHECK(result.err.rfind("gpuselect: error: " + where_prefix, 0) == 0);
  CHECK(result.err.find("; ") != std::string::npos);
  CHECK(result.err.find("internal error") == std::string::npos);
  // The line quotes a short excerpt of a bad value, never the input itself.
  CHECK(result.err.size() < 2000);
}

catalog::LoadResult load_text(std::string_view text, const catalog::LoadLimits& limits = {}) {
  const catalog::SourceText source{"hostile.yaml", text};
  return catalog::load(std::span<const catalog::SourceText>(&source, 1), limits);
}

std::string error_lines(const catalog::LoadResult& result) {
  std::string lines;
  for (const auto& diagnostic : result.diagnostics) {
    if (diagnostic.severity == gpuselect::Severity::error) lines += gpuselect::format_diagnostic(diagnostic) + "\n";
  }
  return lines;
}

// The built-in catalog, as `catalog import` resolves accelerator names with it.
const catalog::Catalog& builtin_catalog() {
  static const catalog::Catalog loaded = [] {
    std::vector<catalog::SourceText> sources;
    for (const auto& file : gpuselect::builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
    return catalog::load(sources).catalog;
  }();
  return loaded;
}

// Deterministic pseudo-random bytes (a 64-bit LCG, Knuth's MMIX constants): the same garbage everywhere.
std::string garbage(std::size_t size, std::uint64_t seed) {
  std::string bytes(size, '\0');
  for (char& byte : bytes) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    byte = static_cast<char>(seed >> 56);
  }
  return bytes;
}

std::string repeat(std::string_view unit, std::size_t times) {
  std::string out;
  out.reserve(unit.size() * times);
  for (std::size_t i = 0; i < times; ++i) out += unit;
  return out;
}

// An offering id of the built-in catalog, read from data/offerings.yaml (overlays patch it).
std::string builtin_offering_id() {
  std::ifstream in(std::string(GPUSELECT_SOURCE_DIR) + "/data/offerings.yaml");
  std::string line;
  while (std::getline(in, line)) {
    const auto at = line.find("- id: ");
    if (at != std::string::npos) {
      std::string id = line.substr(at + 6);
      id.erase(std::remove(id.begin(), id.end(), '"'), id.end());
      return id;
    }
  }
  FAIL("no offering in data/offerings.yaml");
  return {};
}

std::string overlay_offering(const std::string& body) {
  return "schema_version: 1\nofferings:\n  - id: \"" + builtin_offering_id() + "\"\n" + body;
}

// "Billion laughs": ten levels of ten aliases each would expand to 10^10 scalars.
std::string alias_bomb() {
  std::string text = "schema_version: 1\nlol0: &lol0 [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n";
  for (int level = 1; level <= 10; ++level) {
    const std::string previous = "*lol" + std::to_string(level - 1);
    text += "lol" + std::to_string(level) + ": &lol" + std::to_string(level) + " [";
    for (int i = 0; i < 10; ++i) text += (i == 0 ? "" : ", ") + previous;
    text += "]\n";
  }
  text += "gpus: *lol10\n";
  return text;
}

struct HostileFile {
  std::string name;
  std::string content;
  std::string expected;  // a word the error must contain ("" = any)
};

std::vector<HostileFile> hostile_catalogs() {
  constexpr std::size_t deep = 100'000;
  const std::string megabytes(3u << 20, 'x');
  std::string block_maps = "schema_version: 1\ngpus:\n  - id: a\n";
  for (std::size_t level = 0; level < 200; ++level) block_maps += std::string(4 + level, ' ') + "k:\n";
  block_maps += std::string(204, ' ') + "k: 1\n";
  return {
      {"empty", "", ""},
      {"blank lines", "\n\n   \n", ""},
      {"comments only", "# yaml-language-server: $schema=../docs/catalog.schema.json\n# nothing else\n", ""},
      {"binary garbage", garbage(4096, 1), ""},
      {"binary garbage after a valid start", "schema_version: 1\ngpus:\n" + garbage(4096, 2), ""},
      {"NUL bytes", std::string("schema_version: 1\n\0\0\0gpus: []\n", 30), ""},
      {"invalid UTF-8", "schema_version: 1\ncurrencies:\n  - code: \"\xff\xfe\"\n", ""},
      {"a list at the root", "- schema_version: 1\n- gpus: []\n", ""},
      {"a scalar at the root", "42\n", ""},
      {"a string at the root", "just some words\n", ""},
      {"100,000 open brackets", "schema_version: 1\ngpus: " + std::string(deep, '['), "max_depth"},
      {"100,000 nested lists", "schema_version: 1\ngpus: " + std::string(deep, '[') + std::string(deep, ']') + "\n",
       "max_depth"},
      {"100,000 nested flow maps",
       "schema_version: 1\ngpus: [" + repeat("{a: ", deep) + "1" + std::string(deep, '}') + "]\n", "max_depth"},
      {"200 nested block maps", block_maps, "max_depth"},
      {"alias bomb", alias_bomb(), "alias"},
      {"an anchor and an alias in records",
       "schema_version: 1\ncurrencies:\n  - &eur {code: EUR, per_usd: 0.9, as_of: 2026-05-20, source: s}\n  - *eur\n",
       "alias"},
      {"a merge key", overlay_offering("    <<: {gpu_count: 4}\n"), ""},
      {"a multi-megabyte quoted value",
       "schema_version: 1\ncurrencies:\n  - code: EUR\n    per_usd: 0.9\n    as_of: 2026-05-20\n    source: \"" +
           megabytes + "\"\n",
       "max_scalar_bytes"},
      // libyaml refuses a plain key above 1024 characters before the value limit is reached.
      {"a multi-megabyte key", "schema_version: 1\n" + megabytes + ": 1\n", ""},
      {"a multi-megabyte explicit key", "schema_version: 1\n? " + megabytes + "\n: 1\n", "max_scalar_bytes"},
      {"a multi-megabyte plain value", overlay_offering("    instance_type: " + megabytes + "\n"), "max_scalar_bytes"},
      {"overflowing number 1e309", overlay_offering("    pricing: {on_demand: 1e309}\n"), ""},
      {"overflowing integer", overlay_offering("    gpu_count: 99999999999999999999999\n"), ""},
      {"integer beyond int", overlay_offering("    max_nodes: 1e20\n"), ""},
      {"NaN price", overlay_offering("    pricing: {on_demand: .nan}\n"), ""},
      {"NaN spelled out", overlay_offering("    pricing: {spot: NaN}\n"), ""},
      {"infinite price", overlay_offering("    pricing: {on_demand: .inf}\n"), ""},
      {"negative infinity", overlay_offering("    ram_gb: -.inf\n"), ""},
      {"zero GPU count", overlay_offering("    gpu_count: 0\n"), "gpu_count"},
      {"negative GPU count", overlay_offering("    gpu_count: -8\n"), "gpu_count"},
      {"fractional GPU count", overlay_offering("    gpu_count: 2.5\n"), "gpu_count"},
      {"zero max_nodes", overlay_offering("    max_nodes: 0\n"), "max_nodes"},
      {"negative price", overlay_offering("    pricing: {on_demand: -1.5}\n"), "on_demand"},
      {"zero price", overlay_offering("    pricing: {on_demand: 0}\n"), "on_demand"},
      {"negative spot price", overlay_offering("    pricing: {spot: -0.01}\n"), "spot"},
      {"negative exchange rate",
       "schema_version: 1\ncurrencies:\n  - code: EUR\n    per_usd: -0.9\n    as_of: 2026-05-20\n    source: s\n",
       "per_usd"},
      {"duplicate top-level key", "schema_version: 1\nschema_version: 1\n", "duplicate"},
      {"duplicate key in a record", overlay_offering("    gpu_count: 8\n    gpu_count: 4\n"), "duplicate"},
      {"duplicate id in one file",
       "schema_version: 1\ncurrencies:\n  - {code: EUR, per_usd: 0.9, as_of: 2026-05-20, source: s}\n"
       "  - {code: EUR, per_usd: 0.8, as_of: 2026-05-20, source: s}\n",
       "duplicate"},
      {"two YAML documents", "schema_version: 1\n---\nschema_version: 1\n", ""},
      {"schema_version 2", "schema_version: 2\n", "schema_version"},
      {"a map where a list belongs", "schema_version: 1\ngpus: {id: a}\n", "gpus"},
  };
}

}  // namespace

TEST_CASE("hostile catalog files are rejected with one error line and exit 2", "[hostile]") {
  TempDir dir;
  int index = 0;
  for (const auto& hostile : hostile_catalogs()) {
    const auto file = dir.write("hostile-" + std::to_string(index++) + ".yaml", hostile.content);
    const auto result = run_gpuselect(with(recommend_7b, {"--catalog", file.string()}));
    INFO("case: " << hostile.name);
    require_clean_error(result, 2, file.string());
    if (hostile.expected.empty()) continue;
    // recommend shows the first error; validate lists them all, the one this case is about among them.
    const auto validated = run_gpuselect({"catalog", "validate", file.string()});
    CHECK(validated.exit_code == 2);
    CHECK(validated.out.empty());
    CHECK(validated.err.find(hostile.expected) != std::string::npos);
  }
}

TEST_CASE("hostile catalog texts give error diagnostics from catalog::load, never a throw", "[hostile]") {
  for (const auto& hostile : hostile_catalogs()) {
    INFO("case: " << hostile.name);
    catalog::LoadResult result;
    REQUIRE_NOTHROW(result = load_text(hostile.content));
    CHECK_FALSE(result.ok());
    const std::string errors = error_lines(result);
    CHECK(errors.rfind("hostile.yaml:", 0) == 0);
    if (!hostile.expected.empty()) CHECK(errors.find(hostile.expected) != std::string::npos);
  }
}

TEST_CASE("catalog validate reports a hostile file and exits 2", "[hostile]") {
  TempDir dir;
  const auto file = dir.write("garbage.yaml", garbage(2048, 7));
  const auto result = run_gpuselect({"catalog", "validate", file.string()});
  CHECK(result.exit_code == 2);
  CHECK(result.out.empty());
  CHECK(result.err.find(file.string()) != std::string::npos);
  CHECK(result.err.find("internal error") == std::string::npos);
}

TEST_CASE("a directory, a missing or an unreadable catalog is an I/O error, exit 1", "[hostile]") {
  TempDir dir;
  const auto regular = dir.write("plain.yaml", "schema_version: 1\n");
  const std::vector<std::string> paths = {
      dir.path().string(),                       // a directory
      (dir.path() / "missing.yaml").string(),    // not there
      (regular / "below-a-file.yaml").string(),  // a path through a regular file (ENOTDIR)
  };
  for (const auto& path : paths) {
    INFO("path: " << path);
    require_clean_error(run_gpuselect(with(recommend_7b, {"--catalog", path})), 1, path);
    require_clean_error(run_gpuselect({"catalog", "validate", path}), 1, path);
  }
  if (::geteuid() != 0) {  // root reads any file whatever its mode
    const auto locked = dir.write("locked.yaml", "schema_version: 1\n");
    REQUIRE(::chmod(locked.c_str(), 0) == 0);
    require_clean_error(run_gpuselect(with(recommend_7b, {"--catalog", locked.string()})), 1, locked.string());
  }
  require_clean_error(run_gpuselect(recommend_7b, {"GPUSELECT_CATALOG=" + dir.path().string()}), 1,
                      dir.path().string());
}

TEST_CASE("hostile command-line values exit 2 with one line naming the flag", "[hostile]") {
  struct Case {
    std::vector<std::string> extra;
    std::string where;
  };
  const std::vector<Case> cases = {
      {{"--params", "abc"}, "--params"},
      {{"--params", "1e400"}, "--params"},
      {{"--params", "nan"}, "--params"},
      {{"--params", "inf"}, "--params"},
      {{"--params", "-7B"}, "--params"},
      {{"--params", "0"}, "--params"},
      {{"--params", ""}, "--params"},
      {{"--params", "7B7"}, "--params"},
      {{"--params", std::string(100'000, '9')}, "--params"},
      {{"--weights", "cost=nan"}, "--weights"},
      {{"--weights", "cost=inf"}, "--weights"},
      {{"--weights", "cost=1e400"}, "--weights"},
      {{"--weights", "cost=-0.1"}, "--weights"},
      {{"--weights", "speed=1"}, "--weights"},
      {{"--weights", "cost"}, "--weights"},
      {{"--weights", "cost=0.7,stability=0.7"}, "--weights"},
      {{"--weights", "cost=0,stability=0,performance=0,usability=0,support=0"}, "--weights"},
      {{"--top", "0"}, "--top"},
      {{"--top", "-3"}, "--top"},
      {{"--top", "2.5"}, "--top"},
      {{"--top", "1e30"}, "--top"},
      {{"--top", "nan"}, "--top"},
      {{"--budget", "-5"}, "--budget"},
      {{"--budget", "nan"}, "--budget"},
      {{"--budget", "1e400"}, "--budget"},
      {{"--budget", "abc"}, "--budget"},
      {{"--deadline", "-1"}, "--deadline"},
      {{"--max-nodes", "0"}, "--max-nodes"},
      {{"--max-nodes", "1e30"}, "--max-nodes"},
      {{"--model", "llama-9-7b"}, "--model"},
      {{"--currency", "XXX"}, "--currency"},
      {{"--pricing", "cheap"}, "--pricing"},
  };
  for (const auto& c : cases) {
    INFO("flag " << c.where << " value '" << c.extra.back().substr(0, 40) << "'");
    require_clean_error(run_gpuselect(with(recommend_7b, c.extra)), 2, c.where);
  }
  // A sign before a unit is read as the negative it is, and said out of range, not "not a number"
  // (expert review 30 D13).
  for (const char* negative : {"-1h", "-2d", "-90m"}) {
    const auto result = run_gpuselect(with(recommend_7b, {"--deadline", negative}));
    require_clean_error(result, 2, "--deadline");
    CHECK(result.err.find("out of range") != std::string::npos);
  }
  require_clean_error(run_gpuselect({"recommend", "--workload", "llm-finetun", "--params", "7e9"}), 2, "--workload");
  require_clean_error(run_gpuselect({"recommend", "--workload", "", "--params", "7e9"}), 2, "--workload");
  require_clean_error(run_gpuselect({"recommend", "--workload", "llm-finetune", "--model", "no-such-model"}), 2,
                      "--model");
}

TEST_CASE("hostile SkyPilot CSV files are rejected with an error line and exit 2", "[hostile]") {
  TempDir dir;
  const std::vector<std::pair<std::string, std::string>> files = {
      {"empty", ""},
      {"binary garbage", garbage(4096, 3)},
      {"header only", "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n"},
      {"unterminated quote",
       "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n\"p4d,A100,8,32.77,us-east-1\n"},
      {"no required columns", "a,b,c\n1,2,3\n"},
      {"a multi-megabyte line", "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n" +
                                    std::string(3u << 20, 'p') + ",A100,8,32.77,us-east-1\n"},
      {"a multi-megabyte price", "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\np4d,A100,8," +
                                     std::string(512u << 10, '9') + "x,us-east-1\n"},
      {"a multi-megabyte header", std::string(3u << 20, 'h') + ",AcceleratorName\n"},
      // Streamed: a quote never closed over 20 MB stops at csv::max_record_bytes, at the quote.
      {"an unclosed quote over 20 MB", "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\np4d,\"" +
                                           std::string(20u << 20, 'q') + "\n"},
      {"more instance types than max_import_instance_types", [] {
         std::string text = "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n";
         for (std::size_t i = 0; i <= catalog::max_import_instance_types; ++i) {
           text += fmt::format("t{},H100,8,98.32,us-east-1\n", i);
         }
         return text;
       }()},
  };
  int index = 0;
  for (const auto& [name, content] : files) {
    INFO("case: " << name);
    const auto file = dir.write("vms-" + std::to_string(index++) + ".csv", content);
    const auto result =
        run_gpuselect({"catalog", "import", "skypilot", file.string(), "--provider", "aws", "--as-of", "2026-05-20"});
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err.find("internal error") == std::string::npos);
    CHECK(result.err.size() < 4000);  // values are quoted as short excerpts
    // Skipped-row warnings may come first; the last line is the error.
    const auto last_line_start = result.err.rfind('\n', result.err.size() >= 2 ? result.err.size() - 2 : 0);
    const std::string last_line = result.err.substr(last_line_start == std::string::npos ? 0 : last_line_start + 1);
    CHECK(last_line.rfind("gpuselect: error: " + file.string(), 0) == 0);
    if (name.starts_with("an unclosed quote") || name.starts_with("more instance types")) {
      const bool located = last_line.rfind("gpuselect: error: " + file.string() + ":2:", 0) == 0 ||
                           last_line.rfind("gpuselect: error: " + file.string() + ":100002:1", 0) == 0;
      CHECK(located);
    }
  }
}

TEST_CASE("hostile SkyPilot CSV text throws gpuselect::Error only", "[hostile]") {
  const catalog::Catalog& known = builtin_catalog();
  const catalog::ImportOptions options{"aws", "vms.csv", "2026-05-20"};
  const std::vector<std::string> texts = {
      "",
      garbage(4096, 4),
      std::string(1000, '"'),
      std::string(1000, ','),
      std::string(1000, '\n'),
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\np4d,A100,1e309,nan,us-east-1\n",
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\np4d,A100,-8,-1,us-east-1\n",
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\np4d,A100,99999999999999999999,1,us-east-1\n",
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\np4d,A100,8333333333333333333333.0,1,us-east-1\n",
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\np4d,A100,65,1,us-east-1\n",
      std::string("InstanceType,AcceleratorName,AcceleratorCount,Price,Region\np4d\x01\0x,A100,8,1,us-east-1\n", 85),
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\np4d\xff\xfe"
      ",A100,8,1,us-east-1\n",
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\np4d,A100,8,1,us-\xc0\xaf"
      "east\n",
  };
  for (const auto& text : texts) {
    INFO("'" << text.substr(0, 120) << "'");
    try {
      const auto imported = catalog::import_skypilot(text, known, options);
      for (const auto& offering : imported.offerings) {
        CHECK(offering.gpu_count >= 1);
        CHECK(offering.gpu_count <= 64);
      }
      // What import writes reads back: no YAML syntax error, no limit hit.
      const std::string errors = error_lines(load_text(catalog::write_offerings_yaml(imported.offerings)));
      CHECK(errors.find("YAML syntax error") == std::string::npos);
      CHECK(errors.find("LoadLimits") == std::string::npos);
    } catch (const gpuselect::Error& error) {
      CHECK(error.where().rfind("vms.csv", 0) == 0);
    }
  }
  // The streamed import (catalog import and update read files and downloads in chunks) answers each
  // text as the import of the text in memory does, whatever the chunk size; a quoted line break, in a
  // name or elsewhere, and an unclosed quote at the end are among the texts.
  std::vector<std::string> streamed_texts = texts;
  streamed_texts.emplace_back("InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n\"p4d\n\",A100,8,1,us-east-1\n");
  streamed_texts.emplace_back("InstanceType,AcceleratorName,AcceleratorCount,Price,Region,X\np4d,A100,8,1,us-east-1,\"a\r\nb\"\n");
  streamed_texts.emplace_back("InstanceType,AcceleratorName,AcceleratorCount,Price,Region\np4d,A100,8,1,\"us-east-1");
  const auto outcome = [](const std::function<catalog::ImportResult()>& run) {
    try {
      const auto imported = run();
      return fmt::format("{} offerings, {} bad", imported.offerings.size(), imported.rows_bad);
    } catch (const gpuselect::Error& error) {
      return error.line();
    }
  };
  for (const auto& text : streamed_texts) {
    for (const std::size_t step : {std::size_t{1}, std::size_t{4096}}) {
      INFO("'" << text.substr(0, 120) << "' in pieces of " << step);
      std::size_t given = 0;
      const catalog::SourceText::Reader read = [&](char* buffer, std::size_t size) {
        const std::size_t n = std::min({size, step, text.size() - given});
        std::copy_n(text.data() + given, n, buffer);
        given += n;
        return n;
      };
      CHECK(outcome([&] { return catalog::import_skypilot(read, known, options); }) ==
            outcome([&] { return catalog::import_skypilot(text, known, options); }));
    }
  }
  // Huge counts, control characters and invalid UTF-8 are bad rows, never offerings: skipped and
  // counted, or with --strict an error at the field.
  catalog::ImportOptions strict = options;
  strict.strict = true;
  for (std::size_t index = texts.size() - 5; index < texts.size(); ++index) {
    INFO("case " << index);
    const auto imported = catalog::import_skypilot(texts[index], known, options);
    CHECK(imported.offerings.empty());
    CHECK(imported.rows_bad == 1);
    CHECK_THROWS_AS(catalog::import_skypilot(texts[index], known, strict), gpuselect::Error);
  }
}

TEST_CASE("quantity parsing refuses what is not a finite positive number", "[hostile]") {
  using gpuselect::units::parse_bytes;
  using gpuselect::units::parse_count;
  using gpuselect::units::parse_number;
  for (const char* text :
       {"",    " ", "abc",    "1e400", "-1e400", "nan", "NaN",  "inf", "-inf", "infinity", "0",   "-7B",
        "7BB", "B", "1.5.5T", "1__0",  "_7",     "7_",  "0x10", "1e",  "e9",   "7B7",      "--7", "+-7"}) {
    INFO("'" << text << "'");
    CHECK_FALSE(parse_count(text).has_value());
  }
  for (const char* text : {"", "abc", "1e400GB", "nanGB", "infGB", "-80GB", "80XB", "GB", "80 G B"}) {
    INFO("'" << text << "'");
    CHECK_FALSE(parse_bytes(text).has_value());
  }
  for (const char* text : {"", "1e400", "nan", "inf", "1,5", "1.5x", "0x1p3", "1e"}) {
    INFO("'" << text << "'");
    CHECK_FALSE(parse_number(text).has_value());
  }
  // A megabyte of digits overflows: refused, not truncated.
  CHECK_FALSE(parse_count(std::string(1u << 20, '9')).has_value());
  CHECK(parse_count("1.5T").value() == Approx(1.5e12));
  CHECK(parse_bytes("80GB").value() == Approx(80e9));
}

TEST_CASE("parse_weights refuses NaN, infinity, negative, unknown and overfull weights", "[hostile]") {
  gpuselect::scoring::Weights base;
  base.values = {0.30, 0.25, 0.20, 0.15, 0.10};  // the default matrix (docs/scoring.md)
  const std::vector<std::string> specs = {"cost=nan",
                                          "cost=inf",
                                          "cost=-inf",
                                          "cost=1e400",
                                          "cost=-0.1",
                                          "speed=1",
                                          "cost",
                                          "cost=",
                                          "=0.5",
                                          "cost=0.7,stability=0.7",
                                          "cost=0,stability=0,performance=0,usability=0,support=0",
                                          "cost=0.1x",
                                          std::string(1u << 20, ','),
                                          "cost=" + std::string(100'000, '1')};
  for (const auto& spec : specs) {
    INFO("'" << spec.substr(0, 60) << "'");
    try {
      (void)gpuselect::scoring::parse_weights(spec, base, "--weights");
      FAIL("accepted");
    } catch (const gpuselect::Error& error) {
      CHECK(error.where() == "--weights");
    }
  }
}

TEST_CASE("each documented limit is enforced with an error that names it", "[hostile]") {
  SECTION("max_depth") {
    catalog::LoadLimits limits;
    const std::string nested = "schema_version: 1\ngpus: " + std::string(limits.max_depth + 1, '[') +
                               std::string(limits.max_depth + 1, ']') + "\n";
    const auto result = load_text(nested, limits);
    CHECK(error_lines(result).find("max_depth") != std::string::npos);
    CHECK(error_lines(result).find(std::to_string(limits.max_depth)) != std::string::npos);
    // Exactly at the limit is fine as far as depth goes.
    const std::string at_limit = "schema_version: 1\ngpus: " + std::string(limits.max_depth - 1, '[') +
                                 std::string(limits.max_depth - 1, ']') + "\n";
    CHECK(error_lines(load_text(at_limit, limits)).find("max_depth") == std::string::npos);
  }
  SECTION("max_scalar_bytes") {
    catalog::LoadLimits limits;
    limits.max_scalar_bytes = 16;
    const auto result = load_text(
        "schema_version: 1\ncurrencies:\n  - {code: EUR, per_usd: 0.9, as_of: 2026-05-20, source: "
        "abcdefghijklmnopqrstuvwxyz}\n",
        limits);
    CHECK(error_lines(result).find("max_scalar_bytes") != std::string::npos);
    CHECK(error_lines(result).find("16") != std::string::npos);
  }
  SECTION("max_records") {
    catalog::LoadLimits limits;
    limits.max_records = 3;
    std::string text = "schema_version: 1\ncurrencies:\n";
    for (const char* code : {"EUR", "CNY", "GBP", "JPY"}) {
      text += std::string("  - {code: ") + code + ", per_usd: 1, as_of: 2026-05-20, source: s}\n";
    }
    const auto result = load_text(text, limits);
    CHECK(error_lines(result).find("max_records") != std::string::npos);
    CHECK(error_lines(result).find("3") != std::string::npos);
  }
  SECTION("max_file_bytes in catalog::load") {
    catalog::LoadLimits limits;
    limits.max_file_bytes = 64;
    const auto result = load_text("schema_version: 1\n" + std::string(100, '#') + "\n", limits);
    CHECK(error_lines(result).find("max_file_bytes") != std::string::npos);
    CHECK(error_lines(result).find("64") != std::string::npos);
  }
  SECTION("the file size limit in io::read_text names its bytes") {
    TempDir dir;
    const auto file = dir.write("big.yaml", std::string(200, '#'));
    try {
      (void)gpuselect::io::read_text(file.string(), 100);
      FAIL("read a file above the limit");
    } catch (const gpuselect::Error& error) {
      CHECK(error.kind() == gpuselect::ErrorKind::bad_input);
      CHECK(error.problem().find("100") != std::string::npos);
    }
  }
  SECTION("docs/hardening.md states the default limits") {
    const std::string docs = gpuselect::testing::read_file(std::string(GPUSELECT_SOURCE_DIR) + "/docs/hardening.md");
    const catalog::LoadLimits defaults;
    CHECK(defaults.max_file_bytes == 256u << 20);
    CHECK(defaults.max_depth == 32);
    CHECK(defaults.max_records == 2'000'000);
    CHECK(defaults.max_scalar_bytes == 1u << 20);
    for (const char* fact :
         {"256 MiB", "max_file_bytes", "32", "max_depth", "2,000,000", "max_records", "1 MiB", "max_scalar_bytes"}) {
      CHECK(docs.find(fact) != std::string::npos);
    }
  }
}

TEST_CASE("friendly quirks are accepted: BOM, CRLF line ends, tabs inside values", "[hostile]") {
  const std::string text =
      "\xEF\xBB\xBF"
      "schema_version: 1\r\n"
      "currencies:\r\n"
      "  - code: EUR\r\n"
      "    per_usd: 0.92\r\n"
      "    as_of: 2026-05-20\r\n"
      "    source: ECB\treference rate\r\n";
  const auto result = load_text(text);
  INFO(error_lines(result));
  REQUIRE(result.ok());
  REQUIRE(result.catalog.currencies.size() == 1);
  CHECK(result.catalog.currencies[0].code == "EUR");
  CHECK(result.catalog.currencies[0].per_usd == Approx(0.92));
  CHECK(result.catalog.currencies[0].source == "ECB\treference rate");
  CHECK(result.catalog.currencies[0].pos.line == 3);

  // CRLF still counts one line per break in error positions.
  const auto broken = load_text("\xEF\xBB\xBFschema_version: 1\r\ncurrencies:\r\n  - code: EUR\r\n    per_usd: x\r\n");
  REQUIRE_FALSE(broken.ok());
  CHECK(error_lines(broken).find("hostile.yaml:4:") != std::string::npos);

  // End to end: the same quirks in an overlay of a built-in offering.
  TempDir dir;
  const std::string id = builtin_offering_id();
  const auto overlay = dir.write("team.yaml",
                                 "\xEF\xBB\xBF"
                                 "schema_version: 1\r\nofferings:\r\n  - id: \"" +
                                     id +
                                     "\"\r\n    pricing: {on_demand: 1.25}\r\n"
                                     "    source: team\tprice list\r\n");
  const auto shown = run_gpuselect({"--catalog", overlay.string(), "catalog", "show", id, "--format", "json"});
  INFO(shown.err);
  REQUIRE(shown.exit_code == 0);
  const auto offering = nlohmann::json::parse(shown.out)["offering"];
  CHECK(offering["pricing"]["on_demand"].get<double>() == Approx(1.25));
  CHECK(offering["source"] == "team\tprice list");
}

TEST_CASE("a multi-megabyte comment line is not data and loads", "[hostile]") {
  const auto result = load_text("schema_version: 1\n# " + std::string(3u << 20, 'c') +
                                "\ncurrencies:\n  - {code: EUR, per_usd: 0.9, as_of: 2026-05-20, source: s}\n");
  INFO(error_lines(result));
  CHECK(result.ok());
}

// Every input a fuzzer crashed on lives in tests/fixtures/regressions/ as <target>-<what>.<ext>
// (target = catalog_load, skypilot_import, quantities, weights) and is replayed here with the same
// contract the fuzz target checks (fuzz/*.cpp).
TEST_CASE("fuzzer regressions stay fixed", "[hostile][regression]") {
  const std::filesystem::path folder = std::string(GPUSELECT_FIXTURES) + "/regressions";
  REQUIRE(std::filesystem::is_directory(folder));
  std::vector<std::filesystem::path> inputs;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.is_regular_file() && entry.path().extension() != ".md") inputs.push_back(entry.path());
  }
  std::sort(inputs.begin(), inputs.end());
  gpuselect::scoring::Weights base;
  base.values = {0.30, 0.25, 0.20, 0.15, 0.10};
  for (const auto& path : inputs) {
    const std::string name = path.filename().string();
    const std::string bytes = gpuselect::testing::read_file(path);
    INFO("regression " << name);
    if (name.rfind("catalog_load-", 0) == 0) {
      std::vector<catalog::SourceText> sources;
      const auto split = bytes.find('\0');
      if (split == std::string::npos) {
        sources.push_back({name, bytes});
      } else {
        sources.push_back({"base.yaml", std::string_view(bytes).substr(0, split)});
        sources.push_back({"overlay.yaml", std::string_view(bytes).substr(split + 1)});
      }
      // The limits fuzz/fuzz_catalog_load.cpp runs with.
      catalog::LoadLimits limits;
      limits.max_file_bytes = 1u << 20;
      limits.max_records = 256;
      limits.max_scalar_bytes = 4096;
      catalog::LoadResult result;
      REQUIRE_NOTHROW(result = catalog::load(sources, limits));
      for (const auto& offering : result.catalog.offerings) {
        if (!result.ok()) break;
        CHECK(offering.provider_index < result.catalog.providers.size());
        CHECK(offering.gpu_index < result.catalog.gpus.size());
      }
    } else if (name.rfind("skypilot_import-", 0) == 0) {
      try {
        const auto imported = catalog::import_skypilot(bytes, builtin_catalog(), {"aws", name, "2026-05-20"});
        for (const auto& offering : imported.offerings) {
          CHECK(offering.gpu_count >= 1);
          CHECK_FALSE(offering.id.empty());
        }
        const std::string yaml = catalog::write_offerings_yaml(imported.offerings);
        CHECK(error_lines(load_text(yaml)).find("YAML syntax error") == std::string::npos);
      } catch (const gpuselect::Error&) {
        SUCCEED("rejected with gpuselect::Error");
      }
    } else if (name.rfind("quantities-", 0) == 0) {
      for (const auto value : {gpuselect::units::parse_count(bytes), gpuselect::units::parse_bytes(bytes),
                               gpuselect::units::parse_number(bytes)}) {
        if (value) CHECK(std::isfinite(*value));
      }
    } else if (name.rfind("weights-", 0) == 0) {
      try {
        const auto weights = gpuselect::scoring::parse_weights(bytes, base, "--weights");
        double sum = 0;
        for (const double value : weights.values) sum += value;
        CHECK(sum == Approx(1.0).margin(1e-9));
      } catch (const gpuselect::Error& error) {
        CHECK(error.where() == "--weights");
      }
    } else {
      FAIL("regression file without a known target prefix: " << name);
    }
  }
}
