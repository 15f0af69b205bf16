// End-to-end tests: the command line in process (testing::run_gpuselect) and the built binary, their exit codes, stdout and stderr.
#include <cmath>
#include <filesystem>
#include <regex>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli_runner.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/version.hpp"

using gpuselect::testing::count_lines;
using gpuselect::testing::run_gpuselect;
using gpuselect::testing::TempDir;
using gpuselect::testing::with;

namespace {
// The error contract: one line, "gpuselect: error: <where>: <what>; <what to do>", nothing on stdout.
void require_one_line_error(const gpuselect::testing::RunResult& result, const std::string& where) {
  INFO("stderr: " << result.err);
  CHECK(result.out.empty());
  CHECK(count_lines(result.err) == 1);
  CHECK(result.err.rfind("gpuselect: error: " + where + ": ", 0) == 0);
  CHECK(result.err.find("; ") != std::string::npos);
}

const std::vector<std::string> recommend_7b = {"recommend", "--workload", "llm-finetune", "--params", "7e9"};

}  // namespace

// The binary's main and the in-process runner of the other end-to-end tests run the same code
// (cli::run): each command here gives the same exit code, stdout and stderr both ways.
TEST_CASE("the built binary and the in-process runner give the same exit code, stdout and stderr", "[cli]") {
  const std::vector<std::vector<std::string>> commands = {
      {},
      {"--version"},
      {"recommend", "--help"},
      with(recommend_7b, {"--top", "3"}),
      with(recommend_7b, {"--format", "json", "--lang", "zh-CN"}),
      {"estimate", "--workload", "llm-inference", "--model", "llama-3-70b", "--gpus", "H100:8", "--format", "csv"},
      {"catalog", "list", "--gpus", "A100:8", "--format", "markdown"},
      {"catalog", "show", "nope/nope"},
      with(recommend_7b, {"--budget", "nope"}),
      with(recommend_7b, {"--budget", "0.01"}),
      {"bogus"},
  };
  for (const auto& command : commands) {
    std::string line;
    for (const auto& word : command) line += " " + word;
    INFO("gpuselect" << line);
    const auto spawned = gpuselect::testing::spawn_gpuselect(command, {"GPUSELECT_TODAY=2026-12-01"});
    const auto in_process = run_gpuselect(command, {"GPUSELECT_TODAY=2026-12-01"});
    CHECK(spawned.exit_code == in_process.exit_code);
    CHECK(spawned.out == in_process.out);
    CHECK(spawned.err == in_process.err);
    CHECK(!(spawned.out.empty() && spawned.err.empty()));
  }
}

TEST_CASE("gpuselect --version prints the CMake project version", "[cli]") {
  const auto result = run_gpuselect({"--version"});
  CHECK(result.exit_code == 0);
  CHECK(result.out == std::string("gpuselect ") + gpuselect::version_string + "\n");
}

TEST_CASE("gpuselect --help lists every subcommand and each subcommand has help", "[cli]") {
  const auto result = run_gpuselect({"--help"});
  REQUIRE(result.exit_code == 0);
  for (const char* name : {"recommend", "estimate", "compare", "catalog", "config", "completion"}) {
    CHECK(result.out.find(name) != std::string::npos);
    const auto sub = run_gpuselect({name, "--help"});
    CHECK(sub.exit_code == 0);
    CHECK(sub.out.find("--help") != std::string::npos);
  }
}

TEST_CASE("recommend prints a ranked table of real offerings", "[cli]") {
  const auto result = run_gpuselect(recommend_7b);
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  CHECK(result.err.empty());
  for (const char* column : {"provider", "GPU", "score"}) CHECK(result.out.find(column) != std::string::npos);
  CHECK(result.out.find(" 1 ") != std::string::npos);
}

TEST_CASE("recommend --format json is the versioned ranking document", "[cli]") {
  const auto result = run_gpuselect(with(recommend_7b, {"--format", "json"}));
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  const auto document = nlohmann::json::parse(result.out);
  CHECK(document["schema_version"] == 3);
  CHECK(count_lines(result.out) == 1);  // compact unless --pretty
  double weight_sum = 0;
  for (const char* criterion : {"stability", "performance", "cost", "usability", "support"}) {
    weight_sum += document["weights"][criterion].get<double>();
  }
  CHECK(weight_sum == Approx(1.0).margin(1e-9));
  const auto& candidates = document["candidates"];
  REQUIRE(candidates.size() > 0);
  int expected_rank = 1;
  double previous_score = 101;
  for (const auto& candidate : candidates) {
    CHECK(candidate["rank"] == expected_rank++);
    for (const char* key :
         {"offering_id", "provider", "gpu", "gpu_count", "nodes", "pricing_mode", "explanation_items", "warnings"}) {
      CHECK(candidate.contains(key));
    }
    CHECK_FALSE(candidate.contains("explanation"));  // schema 3: each line once, its words as the item's text
    const double score = candidate["score"].get<double>();
    CHECK(score >= 0);
    CHECK(score <= 100);
    // Ranked by the score as shown (0.1 steps; ties on cost): the JSON's 0.01 may rise within a step.
    CHECK(score <= previous_score + 0.1);
    previous_score = score;
    double contributions = 0;
    for (const auto& [name, criterion] : candidate["criteria"].items()) {
      CHECK(criterion["score"].get<double>() >= 0);
      CHECK(criterion["score"].get<double>() <= 100);
      CHECK(criterion["contribution"].get<double>() ==
            Approx(criterion["score"].get<double>() * document["weights"][name].get<double>()).margin(0.011));
      contributions += criterion["contribution"].get<double>();
    }
    CHECK(contributions == Approx(score).margin(1e-6));  // rounded to add up exactly (docs/output.md)
    // Shared facts live once in the document; the candidate refers to them.
    const auto& performance = document["performances"].at(candidate["performance"].get<std::size_t>());
    CHECK(performance["memory"]["per_gpu"]["total_bytes"].get<double>() > 0);
    CHECK(!performance["compute"]["mfu_basis"].get<std::string>().empty());
    CHECK(document["providers"].contains(candidate["provider"].get<std::string>()));
    CHECK(document["gpus"].contains(candidate["gpu"].get<std::string>()));
    for (const auto& warning : candidate["warnings"]) {
      CHECK(!document["warning_messages"].at(warning["message"].get<std::size_t>()).get<std::string>().empty());
    }
    CHECK(candidate["time"]["wall_hours"].get<double>() > 0);
    CHECK(candidate["cost"]["total"].get<double>() > 0);
  }
  CHECK(document["currency"]["code"] == "USD");
  CHECK(document["summary"]["shown"] == candidates.size());
  REQUIRE(document.contains("excluded"));
  for (const auto& excluded : document["excluded"]) {
    CHECK(excluded.contains("offering_id"));
    CHECK(excluded["reasons"].size() > 0);
  }
}

TEST_CASE("recommend JSON honours --top, and --pretty indents the same document", "[cli]") {
  const auto all = run_gpuselect(with(recommend_7b, {"--format", "json"}));
  REQUIRE(all.exit_code == 0);
  const auto everything = nlohmann::json::parse(all.out);
  REQUIRE(everything["candidates"].size() > 3);
  const auto top = run_gpuselect(with(recommend_7b, {"--format", "json", "--top", "3"}));
  REQUIRE(top.exit_code == 0);
  const auto first_three = nlohmann::json::parse(top.out);
  CHECK(first_three["candidates"].size() == 3);
  CHECK(first_three["summary"]["shown"] == 3);
  CHECK(first_three["summary"]["candidates"] == everything["summary"]["candidates"]);
  CHECK(first_three["candidates"][2]["offering_id"] == everything["candidates"][2]["offering_id"]);
  // Only the facts the shown candidates refer to.
  CHECK(first_three["performances"].size() <= 3);
  CHECK(first_three["providers"].size() <= 3);
  const auto top_all = run_gpuselect(with(recommend_7b, {"--format", "json", "--top", "all"}));
  CHECK(top_all.out == all.out);
  const auto pretty = run_gpuselect(with(recommend_7b, {"--format", "json", "--pretty"}));
  REQUIRE(pretty.exit_code == 0);
  CHECK(pretty.out.find("\n  \"document\": \"recommend\",\n") != std::string::npos);
  CHECK(nlohmann::json::parse(pretty.out) == everything);
}

TEST_CASE("recommend output is byte-identical across runs, locales and time zones", "[cli]") {
  const auto args = with(recommend_7b, {"--format", "json"});
  const auto first = run_gpuselect(args);
  const auto again = run_gpuselect(args, {"LC_ALL=de_DE.UTF-8", "TZ=Asia/Shanghai", "LANG=xx_INVALID"});
  REQUIRE(first.exit_code == 0);
  CHECK(first.out == again.out);
}

TEST_CASE("bad flag values exit 2 with one error line naming the flag", "[cli]") {
  struct Case {
    std::vector<std::string> extra;
    std::string where;
  };
  const std::vector<Case> cases = {
      {{"--params", "abc"}, "--params"},        {{"--params", "1e400"}, "--params"},
      {{"--weights", "cost=nan"}, "--weights"}, {{"--top", "0"}, "--top"},
      {{"--budget", "-5"}, "--budget"},         {{"--model", "llama-9-7b"}, "--model"},
      {{"--pricing", "cheap"}, "--pricing"},    {{"--weights", "speed=1"}, "--weights"},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = {"recommend", "--workload", "llm-finetune", "--params", "7e9"};
    args.insert(args.end(), c.extra.begin(), c.extra.end());
    const auto result = run_gpuselect(args);
    INFO(c.where << " -> " << result.err);
    CHECK(result.exit_code == 2);
    require_one_line_error(result, c.where);
  }
  const auto unknown_workload = run_gpuselect({"recommend", "--workload", "llm-finetun", "--params", "7e9"});
  CHECK(unknown_workload.exit_code == 2);
  require_one_line_error(unknown_workload, "--workload");
  CHECK(unknown_workload.err.find("did you mean 'llm-finetune'") != std::string::npos);
}

TEST_CASE("an unknown flag is a one-line usage error", "[cli]") {
  const auto result = run_gpuselect(with(recommend_7b, {"--frobnicate"}));
  CHECK(result.exit_code == 2);
  require_one_line_error(result, "--frobnicate");
}

TEST_CASE("the --no-builtin-catalog flag drops the embedded data", "[cli]") {
  const auto result = run_gpuselect(with(recommend_7b, {"--no-builtin-catalog"}));
  CHECK(result.exit_code == 2);
  require_one_line_error(result, "--no-builtin-catalog");
}

TEST_CASE("a broken overlay is reported at file:line:col", "[cli]") {
  TempDir dir;
  const auto file = dir.write("team.yaml", "schema_version: 1\noffierings:\n  - id: x\n");
  const auto result = run_gpuselect(with(recommend_7b, {"--catalog", file.string()}));
  CHECK(result.exit_code == 2);
  require_one_line_error(result, file.string() + ":2:1");
  CHECK(result.err.find("did you mean 'offerings'") != std::string::npos);
}

TEST_CASE("a missing catalog file is an I/O error, exit 1", "[cli]") {
  const auto result = run_gpuselect(with(recommend_7b, {"--catalog", "/nonexistent/team.yaml"}));
  CHECK(result.exit_code == 1);
  require_one_line_error(result, "/nonexistent/team.yaml");
}

TEST_CASE("overlays from --catalog and GPUSELECT_CATALOG change prices field by field", "[cli]") {
  const auto listing = run_gpuselect({"catalog", "list", "--format", "json"});
  REQUIRE(listing.exit_code == 0);
  const auto offerings = nlohmann::json::parse(listing.out)["offerings"];
  // One price list for all regions and no reserved price estimated off on-demand, so the overlay's
  // on-demand price is the one field that changes (region prices and estimates follow a new
  // on-demand price: docs/catalog.md "Overlays", tested in test_catalog_trust.cpp).
  const auto plain = std::find_if(offerings.begin(), offerings.end(), [](const nlohmann::json& offering) {
    const std::string fields = offering.value("estimated_fields", nlohmann::json::array()).dump();
    return offering.value("region_pricing", nlohmann::json::array()).empty() &&
           fields.find("pricing.reserved") == std::string::npos;
  });
  REQUIRE(plain != offerings.end());
  const auto original = *plain;
  const std::string id = original["id"];
  TempDir dir;
  const auto overlay = dir.write(
      "cheap.yaml", "schema_version: 1\nofferings:\n  - id: \"" + id + "\"\n    pricing: {on_demand: 0.01}\n");
  for (const bool via_environment : {false, true}) {
    const auto result = via_environment
                            ? run_gpuselect({"catalog", "show", id, "--format", "json"},
                                            {"GPUSELECT_CATALOG=/nonexistent-is-skipped-no:" + overlay.string()})
                            : run_gpuselect({"--catalog", overlay.string(), "catalog", "show", id, "--format", "json"});
    if (via_environment) {
      // A missing path in GPUSELECT_CATALOG is an I/O error like any other catalog path.
      CHECK(result.exit_code == 1);
      continue;
    }
    INFO(result.err);
    REQUIRE(result.exit_code == 0);
    const auto changed = nlohmann::json::parse(result.out)["offering"];
    CHECK(changed["pricing"]["on_demand"].get<double>() == Approx(0.01));
    auto expected = original;
    expected["pricing"]["on_demand"] = 0.01;
    CHECK(changed == expected);
  }
  const auto from_environment =
      run_gpuselect({"catalog", "show", id, "--format", "json"}, {"GPUSELECT_CATALOG=" + overlay.string()});
  REQUIRE(from_environment.exit_code == 0);
  CHECK(nlohmann::json::parse(from_environment.out)["offering"]["pricing"]["on_demand"].get<double>() == Approx(0.01));
}

TEST_CASE("nothing left after constraints exits 3 and names the constraint", "[cli]") {
  const auto result = run_gpuselect(with(recommend_7b, {"--budget", "0.01", "--format", "json"}));
  CHECK(result.exit_code == 3);
  CHECK(count_lines(result.err) == 1);
  CHECK(result.err.find("--budget") != std::string::npos);
  const auto document = nlohmann::json::parse(result.out);
  CHECK(document["candidates"].empty());
  CHECK(document["excluded"].size() > 0);
}

TEST_CASE("recommend --output writes atomically and leaves nothing else behind", "[cli]") {
  TempDir dir;
  const auto target = dir.path() / "ranking.json";
  const auto result = run_gpuselect(with(recommend_7b, {"--format", "json", "--output", target.string()}));
  REQUIRE(result.exit_code == 0);
  CHECK(result.out.empty());
  const auto direct = run_gpuselect(with(recommend_7b, {"--format", "json"}));
  CHECK(gpuselect::testing::read_file(target) == direct.out);
  int entries = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path())) ++entries;
  CHECK(entries == 1);
  const auto unwritable = run_gpuselect(with(recommend_7b, {"--output", "/nonexistent-folder/x.json"}));
  CHECK(unwritable.exit_code == 1);
  require_one_line_error(unwritable, "--output");
}

TEST_CASE("config file sets defaults, flags win, config show says where", "[cli]") {
  TempDir dir;
  const auto config = dir.write("config.yaml", "currency: EUR\nmax_nodes: 2\nweights: {cost: 0.5}\n");
  const auto shown = run_gpuselect({"--config", config.string(), "config", "show", "--format", "json"});
  INFO(shown.err);
  REQUIRE(shown.exit_code == 0);
  const auto settings = nlohmann::json::parse(shown.out)["settings"];
  CHECK(settings["currency"]["value"] == "EUR");
  CHECK(settings["currency"]["origin"] == config.string() + ":1:11");
  CHECK(settings["max_nodes"]["origin"] == config.string() + ":2:12");
  CHECK(settings["format"]["origin"] == "default");
  const auto ranked = run_gpuselect(with(recommend_7b, {"--config", config.string(), "--format", "json"}));
  REQUIRE(ranked.exit_code == 0);
  const auto document = nlohmann::json::parse(ranked.out);
  CHECK(document["weights"]["cost"].get<double>() == Approx(0.5));
  CHECK(document["currency"]["code"] == "EUR");
  const auto flag_wins =
      run_gpuselect(with(recommend_7b, {"--config", config.string(), "--currency", "USD", "--format", "json"}));
  REQUIRE(flag_wins.exit_code == 0);
  CHECK(nlohmann::json::parse(flag_wins.out)["currency"]["code"] == "USD");
  const auto bad = dir.write("bad.yaml", "currency: EUR\nmax_node: 2\n");
  const auto rejected = run_gpuselect({"--config", bad.string(), "config", "show"});
  CHECK(rejected.exit_code == 2);
  require_one_line_error(rejected, bad.string() + ":2:1");
}

TEST_CASE("catalog validate accepts the built-in catalog and points at errors", "[cli]") {
  const auto builtin = run_gpuselect({"catalog", "validate"}, {"GPUSELECT_TODAY=2026-06-01"});
  INFO(builtin.err);
  CHECK(builtin.exit_code == 0);
  TempDir dir;
  const auto file = dir.write("team.yaml",
                              "schema_version: 1\n"
                              "offerings:\n"
                              "  - id: team/x\n"
                              "    provider: aws\n"
                              "    gpu: h100-sxm5-80gbb\n"
                              "    gpu_count: 0\n");
  const auto result = run_gpuselect({"catalog", "validate", file.string()});
  CHECK(result.exit_code == 2);
  CHECK(result.out.empty());
  CHECK(result.err.find(file.string() + ":6:16: error:") != std::string::npos);
  CHECK(result.err.find(file.string() + ":5:10: error:") != std::string::npos);
}

TEST_CASE("catalog validate lists the first findings of one kind and counts the rest", "[cli]") {
  TempDir dir;
  std::string text = "schema_version: 1\nofferings:\n";
  for (int index = 0; index < 15; ++index) {
    text += "  - id: team/stale-" + std::to_string(index) +
            "\n    provider: aws\n    gpu: h100-sxm5-80gb\n    gpu_count: 8\n"
            "    regions: [us-east-1]\n    pricing: {on_demand: 98.32}\n    as_of: \"2024-01-01\"\n    source: test\n";
  }
  const auto file = dir.write("stale.yaml", text);
  // Every warning here is one kind: a stale as_of (the 15 records, and built-in records as old).
  const std::vector<std::string> today = {"GPUSELECT_TODAY=2026-06-01"};
  const auto json = run_gpuselect({"catalog", "validate", file.string(), "--format", "json", "--max-per-kind", "3"}, today);
  INFO(json.err);
  REQUIRE(json.exit_code == 0);
  const auto document = nlohmann::json::parse(json.out);
  const int stale = document["warnings"].get<int>();
  CHECK(stale >= 15);
  CHECK(document["diagnostics"].size() == 3);
  REQUIRE(document["repeated"].size() == 1);
  CHECK(document["repeated"][0]["count"] == stale);
  CHECK(document["repeated"][0]["listed"] == 3);

  const auto listed = run_gpuselect({"catalog", "validate", file.string()}, today);
  CHECK(listed.exit_code == 0);
  int stale_lines = 0;
  for (std::size_t at = listed.err.find("days old"); at != std::string::npos; at = listed.err.find("days old", at + 1))
    ++stale_lines;
  CHECK(stale_lines == 10);  // the default --max-per-kind
  CHECK(listed.err.find("gpuselect: warning: " + std::to_string(stale - 10) +
                        " more warnings like these not listed (re-check the source") != std::string::npos);
  CHECK(listed.out.find(std::to_string(stale) + " warnings") != std::string::npos);  // totals count every finding

  const auto all = run_gpuselect({"catalog", "validate", file.string(), "--format", "json", "--max-per-kind", "0"}, today);
  REQUIRE(all.exit_code == 0);
  const auto everything = nlohmann::json::parse(all.out);
  CHECK(everything["diagnostics"].size() == static_cast<std::size_t>(stale));
  CHECK(everything["repeated"].empty());
}

TEST_CASE("catalog validate counts every finding of a kind beyond the 1000 it keeps", "[cli]") {
  // 1,200 stale records: more warnings than max_kept_diagnostics; the summary's count of the kind
  // must still be all of them, not the 1000 kept.
  TempDir dir;
  std::string text = "schema_version: 1\nofferings:\n";
  for (int index = 0; index < 1200; ++index) {
    text += "  - id: team/stale-" + std::to_string(index) +
            "\n    provider: aws\n    gpu: h100-sxm5-80gb\n    gpu_count: 8\n"
            "    regions: [us-east-1]\n    pricing: {on_demand: 98.32}\n    as_of: \"2024-01-01\"\n    source: test\n";
  }
  const auto file = dir.write("stale.yaml", text);
  // A date after every built-in as_of (the latest, 2026-10-04): the only kind of finding is "stale".
  const std::vector<std::string> today = {"GPUSELECT_TODAY=2026-12-01"};
  const auto json = run_gpuselect({"catalog", "validate", file.string(), "--format", "json", "--include-builtin"}, today);
  INFO(json.err);
  REQUIRE(json.exit_code == 0);
  const auto document = nlohmann::json::parse(json.out);
  const auto warnings = document["warnings"].get<std::size_t>();
  CHECK(warnings >= 1200);
  CHECK(document["diagnostics_not_shown"].get<std::size_t>() == warnings - gpuselect::max_kept_diagnostics);
  REQUIRE(document["repeated"].size() == 1);
  CHECK(document["repeated"][0]["count"].get<std::size_t>() == warnings);
  CHECK(document["repeated"][0]["listed"] == 10);
}

// Item 10 of issue 12: a team lead validates their own overlay in CI. aws/g5.xlarge is built in with
// on_demand 1.006 (data/offerings.yaml), so spot 50 and reserved_1y 40 are each above it.
TEST_CASE("catalog validate shows a team file's warnings beside its errors at the team file's lines", "[cli]") {
  TempDir dir;
  const std::vector<std::string> today = {"GPUSELECT_TODAY=2026-06-01"};
  const auto team = dir.write("team.yaml",
                              "schema_version: 1\n"
                              "offerings:\n"
                              "  - id: aws/g5.xlarge\n"
                              "    pricing: {spot: 50, reserved_1y: 40}\n"
                              "    gpu_count: 0\n"
                              "    as_of: \"2026-05-25\"\n"  // a changed price brings its own date and source
                              "    source: quote\n");
  const auto result = run_gpuselect({"catalog", "validate", team.string()}, today);
  INFO(result.err);
  CHECK(result.exit_code == 2);
  CHECK(result.out.empty());
  CHECK(result.err.find(team.string() + ":5:16: error:") != std::string::npos);
  CHECK(result.err.find(team.string() + ":4:21: warning: offering 'aws/g5.xlarge' has pricing.spot 50 above "
                                        "pricing.on_demand 1.006") != std::string::npos);
  CHECK(result.err.find(team.string() + ":4:38: warning: offering 'aws/g5.xlarge' has pricing.reserved_1y 40 "
                                        "above pricing.on_demand 1.006") != std::string::npos);
  CHECK(result.err.find("data/offerings.yaml") == std::string::npos);
  CHECK(result.err.find("1 errors, 2 warnings") != std::string::npos);

  // The same file as JSON lists the three findings with their severities.
  const auto json = run_gpuselect({"catalog", "validate", team.string(), "--format", "json"}, today);
  CHECK(json.exit_code == 2);
  const auto document = nlohmann::json::parse(json.out);
  CHECK(document["errors"] == 1);
  CHECK(document["warnings"] == 2);
  CHECK(document["diagnostics"].size() == 3);
}

TEST_CASE("catalog validate --strict passes a clean overlay and fails a stale one at its as_of", "[cli]") {
  TempDir dir;
  const std::vector<std::string> today = {"GPUSELECT_TODAY=2026-06-01"};
  const std::string overlay =
      "schema_version: 1\n"
      "offerings:\n"
      "  - id: aws/g5.xlarge\n"
      "    pricing: {on_demand: 0.95}\n"
      "    source: quote\n";  // a changed price brings its own source and as_of (docs/catalog.md "Overlays")
  const auto clean = dir.write("team.yaml", overlay + "    as_of: \"2026-05-25\"\n");
  for (const bool strict : {false, true}) {
    std::vector<std::string> args = {"catalog", "validate", clean.string()};
    if (strict) args.emplace_back("--strict");
    const auto result = run_gpuselect(args, today);
    INFO(result.err);
    CHECK(result.exit_code == 0);
    // Only the note that one price now holds in all 15 regions the built-in record priced apart.
    CHECK(result.err ==
          clean.string() +
              ":3:9: note: offering 'aws/g5.xlarge': the overlay's pricing applies in every region and "
              "replaced 15 regional prices (give region_pricing in the overlay to price regions apart)\n");
    CHECK(result.out.find("valid: ") == 0);
    CHECK(result.out.find("0 errors, 0 warnings") != std::string::npos);
  }

  const auto stale = dir.write("stale.yaml", overlay + "    as_of: \"2025-01-01\"\n");
  const auto lenient = run_gpuselect({"catalog", "validate", stale.string()}, today);
  CHECK(lenient.exit_code == 0);
  const auto strict = run_gpuselect({"catalog", "validate", stale.string(), "--strict"}, today);
  INFO(strict.err);
  CHECK(strict.exit_code == 2);
  CHECK(strict.out.empty());
  CHECK(strict.err.find(stale.string() + ":6:12: warning: offering 'aws/g5.xlarge' data is 516 days old") !=
        std::string::npos);
  CHECK(strict.err.find("0 errors, 1 warnings") != std::string::npos);
}

TEST_CASE("catalog gpus and models list FP4 and the MoE and attention shape", "[cli]") {
  const auto gpus = run_gpuselect({"catalog", "gpus", "--format", "csv"});
  REQUIRE(gpus.exit_code == 0);
  CHECK(gpus.out.find(",fp8_dense_tflops,int8_dense_tops,fp4_dense_tflops,") != std::string::npos);
  // B200: FP8 4,500, no INT8 figure, FP4 9,000 (GPU-SPECS-2026.md); H100: no FP4 units.
  CHECK(gpus.out.find(",4500,,9000,1000,nvlink-5,") != std::string::npos);
  CHECK(gpus.out.find(",1979,1979,,700,nvlink-4,") != std::string::npos);
  const auto models = run_gpuselect({"catalog", "models", "--format", "csv"});
  REQUIRE(models.exit_code == 0);
  CHECK(models.out.find("id,family,params,layers,hidden,heads,kv_heads,max_context,attention,experts,"
                        "experts_per_token,shared_experts,active_params\r\n") == 0);
  CHECK(models.out.find("\r\ndeepseek-v3,moe,671026419200,61,7168,128,128,131072,mla,256,8,1,37552297472\r\n") !=
        std::string::npos);
  CHECK(models.out.find("\r\nllama-2-70b,decoder,") != std::string::npos);
  CHECK(models.out.find(",4096,gqa,0,0,0,") != std::string::npos);  // llama-2-70b: derived gqa, dense
}

TEST_CASE("completion covers subcommands, flags and catalog ids through __complete", "[cli]") {
  for (const char* shell : {"bash", "zsh", "fish"}) {
    const auto result = run_gpuselect({"completion", shell});
    REQUIRE(result.exit_code == 0);
    CHECK(result.out.find("__complete") != std::string::npos);
  }
  struct Case {
    std::vector<std::string> words;
    std::string offered;
  };
  const std::vector<Case> cases = {
      {{"rec"}, "recommend\n"},
      {{"recommend", "--work"}, "--workload\n"},
      {{"recommend", "--workload", "llm-f"}, "llm-finetune\n"},
      {{"recommend", "--profile", "bal"}, "balanced\n"},
      {{"recommend", "--show-ex"}, "--show-excluded\n"},
      {{"recommend", "--gpu", "h100-sxm"}, "H100-SXM\nh100-sxm5-80gb\n"},  // aliases too, in any case
      {{"estimate", "--model", "llama-2-7"}, "llama-2-70b\nllama-2-7b\n"},
      {{"completion", "z"}, "zsh\n"},
      {{"--no-builtin-catalog", "recommend", "--gpu", "h100"}, ""},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = {"__complete"};
    args.insert(args.end(), c.words.begin(), c.words.end());
    const auto result = run_gpuselect(args);
    INFO(c.words.back());
    CHECK(result.exit_code == 0);
    CHECK(result.out == c.offered);
  }
  const auto unknown = run_gpuselect({"completion", "tcsh"});
  CHECK(unknown.exit_code == 2);
}

TEST_CASE("the HTML report's command line is quoted for a POSIX shell", "[cli]") {
  using gpuselect::cli::shell_command_line;
  CHECK(shell_command_line({}) == "gpuselect");
  CHECK(shell_command_line({"recommend", "-w", "llm-finetune", "--provider", "aws,lambda", "--budget", "500"}) ==
        "gpuselect recommend -w llm-finetune --provider aws,lambda --budget 500");
  CHECK(shell_command_line({"--output", "my report.html"}) == "gpuselect --output 'my report.html'");
  CHECK(shell_command_line({"--budget", "$100"}) == "gpuselect --budget '$100'");
  CHECK(shell_command_line({"it's"}) == "gpuselect 'it'\\''s'");
  CHECK(shell_command_line({""}) == "gpuselect ''");
}
