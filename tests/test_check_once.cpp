// Issue 17 item 2 "check each input once, in core": every unknown name is one error shape with its
// suggestion (unknown_id), whichever command and flag gives it; issue 15's leading zeros and the help
// an empty global value points to; issue 17 item 6: the ranking invariants as a library function,
// run by the binary under GPUSELECT_CHECK_INVARIANTS=1.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cli_runner.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/invariants.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/workload.hpp"
#include "scoring_invariants.hpp"

namespace {

using gpuselect::testing::run_gpuselect;
using gpuselect::testing::RunResult;
using gpuselect::testing::with;

const std::vector<std::string> job = {"--workload", "llm-finetune", "--params", "7e9"};

// Exit 2, nothing on stdout, one line on stderr that starts with `prefix` and says what to do in
// parentheses (how to list the names).
void require_unknown(const RunResult& result, const std::string& prefix) {
  INFO(result.err);
  CHECK(result.exit_code == 2);
  CHECK(result.out.empty());
  REQUIRE(gpuselect::testing::count_lines(result.err) == 1);
  CHECK(result.err.rfind("gpuselect: error: " + prefix, 0) == 0);
  CHECK(result.err.size() >= 2);
  CHECK(result.err.substr(result.err.size() - 2) == ")\n");
}

bool mentions(const std::vector<std::string>& lines, const std::string& text) {
  for (const auto& line : lines) {
    if (line.find(text) != std::string::npos) return true;
  }
  return false;
}

gpuselect::catalog::Catalog builtin() {
  std::vector<gpuselect::catalog::SourceText> sources;
  for (const auto& file : gpuselect::builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  return gpuselect::catalog::load(sources).catalog;
}

// The 7B fine-tune every CLI test here asks for, resolved in-process.
gpuselect::workload::Profile finetune_7b(const gpuselect::catalog::Catalog& catalog) {
  gpuselect::workload::Request request;
  request.kind = gpuselect::workload::Kind::llm_finetune;
  request.params_text = "7e9";
  return gpuselect::workload::resolve(request, catalog);
}

// The built-in catalog, that job and ranking options dated like the CLI tests' runs.
struct BuiltinJob {
  gpuselect::catalog::Catalog catalog = builtin();
  gpuselect::workload::Profile profile = finetune_7b(catalog);
  gpuselect::scoring::Options options = [] {
    gpuselect::scoring::Options dated;
    dated.today = "2026-11-30";
    return dated;
  }();
};

}  // namespace

TEST_CASE("unknown_id: one shape, with and without a close name", "[check-once]") {
  const std::vector<std::string> names = {"lambda", "runpod", "aws"};
  const gpuselect::Error close = gpuselect::unknown_id("--provider", "provider", "lambdaa", names, "see 'x'");
  CHECK(close.line() == "--provider: unknown provider 'lambdaa'; did you mean 'lambda'? (see 'x')");
  const gpuselect::Error far = gpuselect::unknown_id("--provider", "provider", "zzzzzzzz", names, "see 'x'");
  CHECK(far.line() == "--provider: unknown provider 'zzzzzzzz'; see 'x'");
  CHECK(gpuselect::one_of({"a", "b"}) == "choose one of: a, b");
  // A hostile word is quoted and cut like every value in a message.
  const gpuselect::Error hostile =
      gpuselect::unknown_id("--gpu", "GPU", std::string("\x1b]0;pwned\x07") + std::string(500, 'x'), names, "see 'y'");
  CHECK(hostile.line().find('\x1b') == std::string::npos);
  CHECK(hostile.line().size() < 200);
}

TEST_CASE("a mistyped id names its flag and the closest id, for every flag that takes one", "[check-once][cli]") {
  struct Case {
    std::vector<std::string> args;
    std::string prefix;  // the line up to the opening parenthesis of the listing
  };
  const auto recommend = with({"recommend"}, job);
  const auto estimate = with({"estimate"}, job);
  const std::string a100 = "unknown GPU 'A100-80BG'; did you mean 'A100-80GB'? (";
  const std::string h100 = "unknown offering 'lambda/gpu_8x_h100_sxm'; did you mean 'lambda/gpu_8x_h100_sxm5'? (";
  const std::vector<Case> cases = {
      {with(recommend, {"--provider", "lambdaa"}), "--provider: unknown provider 'lambdaa'; did you mean 'lambda'? ("},
      {with(recommend, {"--exclude-provider", "lamda"}),
       "--exclude-provider: unknown provider 'lamda'; did you mean 'lambda'? ("},
      // Aliases are suggested as well as ids (SkyPilot's A100-80GB is an alias), by every command.
      {with(recommend, {"--gpu", "A100-80BG"}), "--gpu: " + a100},
      {with(recommend, {"--gpus", "A100-80BG:8"}), "--gpus: " + a100},
      {with(estimate, {"--gpu", "A100-80BG"}), "--gpu: " + a100},
      {{"catalog", "list", "--gpu", "A100-80BG"}, "--gpu: " + a100},
      // Case does not matter in a GPU name, nor in its nearest: "h10" is "H100" cut short (issue 29 review).
      {with(recommend, {"--gpu", "h10"}), "--gpu: unknown GPU 'h10'; did you mean 'H100'? ("},
      {with(recommend, {"--gpu", "b20"}), "--gpu: unknown GPU 'b20'; did you mean 'b200'? ("},
      {with(recommend, {"--gpu", "B20"}), "--gpu: unknown GPU 'B20'; did you mean 'B200'? ("},
      {with(recommend, {"--require", "nvlnk"}),
       "--require: unknown requirement 'nvlnk'; did you mean 'nvlink'? (choose one of: rdma,"},
      {{"recommend", "--workload", "llm-finetune", "--model", "lama-3-8b"},
       "--model: unknown model 'lama-3-8b'; did you mean 'llama-3-8b'? ("},
      {with(estimate, {"--offering", "lambda/gpu_8x_h100_sxm"}), "--offering: " + h100},
      {with({"compare", "lambda/gpu_8x_h100_sxm", "lambda/gpu_8x_h100_sxm5"}, job), "compare: " + h100},
      // compare takes recommend's --region, checked by the same function (scoring::check_constraints).
      {with(recommend, {"--region", "us-eats-1"}), "--region: unknown region 'us-eats-1'; did you mean 'us-east-1'? ("},
      {with(with({"compare", "lambda/gpu_8x_h100_sxm5", "aws/p4d.24xlarge"}, job), {"--region", "us-eats-1"}),
       "--region: unknown region 'us-eats-1'; did you mean 'us-east-1'? ("},
      {with(recommend, {"--currency", "EURO"}), "--currency: unknown currency 'EURO'; did you mean 'EUR'? (choose one of: USD,"},
      {with(recommend, {"--profile", "cost-frist"}),
       "--profile: unknown profile 'cost-frist'; did you mean 'cost-first'? (choose one of: auto,"},
      {with(recommend, {"--weights", "cots=1"}),
       "--weights: unknown criterion 'cots'; did you mean 'cost'? (choose one of: stability,"},
      {{"recommend", "--workload", "llm-finetun", "--params", "7e9"},
       "--workload: unknown workload 'llm-finetun'; did you mean 'llm-finetune'? (choose one of: llm-pretrain,"},
      {with(recommend, {"--format", "jsn"}), "--format: unknown format 'jsn'; did you mean 'json'? (choose one of: table,"},
      // Fixed choices: the list --help shows (the option table) is the listing.
      {with(recommend, {"--pricing", "spto"}),
       "--pricing: unknown pricing mode 'spto'; did you mean 'spot'? (choose one of: any, on-demand, spot,"},
      {with(recommend, {"--color", "allways"}), "--color: unknown color mode 'allways'; did you mean 'always'? ("},
      {{"catalog", "list", "--sort", "prise"}, "--sort: unknown sort key 'prise'; did you mean 'price'? (choose one of: "},
      {with(recommend, {"--emit", "skypilt"}), "--emit: unknown launcher 'skypilt'; did you mean 'skypilot'? ("},
      {{"completion", "bsh"}, "completion: unknown shell 'bsh'; did you mean 'bash'? (choose one of: bash, zsh, fish"},
      {{"catalog", "show", "lambda/gpu_8x_h100_sxm"},
       "catalog show: unknown offering, GPU, provider or model 'lambda/gpu_8x_h100_sxm'; did you mean "
       "'lambda/gpu_8x_h100_sxm5'? ("},
  };
  for (const auto& c : cases) require_unknown(run_gpuselect(c.args), c.prefix);
  // A hostile name: terminal escapes and 5,000 bytes come back neutralised and cut, still one line
  // with the listing (no suggestion: nothing is that long).
  const std::string hostile = "\x1b]0;pwned\x07" + std::string(5000, 'x');
  for (const char* flag : {"--provider", "--exclude-provider", "--gpu", "--require", "--currency", "--profile"}) {
    const RunResult result = run_gpuselect(with(recommend, {flag, hostile}));
    INFO(flag << " -> " << result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(gpuselect::testing::count_lines(result.err) == 1);
    // A list flag refuses the control characters themselves (expert review 14, H37); the others
    // find no such name.
    const bool unknown = result.err.rfind(std::string("gpuselect: error: ") + flag + ": unknown ", 0) == 0;
    const bool invisible = result.err.rfind(std::string("gpuselect: error: ") + flag + ": '", 0) == 0 &&
                           result.err.find("contains an invisible or control character") != std::string::npos;
    CHECK((unknown || invisible));
    CHECK(result.err.find('\x1b') == std::string::npos);
    CHECK(result.err.find('\x07') == std::string::npos);
    CHECK(result.err.size() < 600);
    CHECK(result.err.find("did you mean") == std::string::npos);
  }
  // The same name gets the same answer from every command: one check, in the library.
  const auto listed = run_gpuselect({"catalog", "list", "--provider", "lambdaa"});
  require_unknown(listed, "--provider: unknown provider 'lambdaa'; did you mean 'lambda'? (");
  CHECK(listed.err == run_gpuselect(with(recommend, {"--provider", "lambdaa"})).err);
}

TEST_CASE("the library checks the names itself: a caller that is not the CLI gets the same error", "[check-once]") {
  using namespace gpuselect;
  BuiltinJob built;
  auto& [catalog, profile, options] = built;
  options.constraints.gpus = {"A100-80BG"};
  try {
    testing::rank_checked(catalog, profile, options);
    FAIL("rank accepted --gpu A100-80BG");
  } catch (const Error& error) {
    CHECK(error.where() == "--gpu");
    CHECK(error.hint().rfind("did you mean 'A100-80GB'? (see 'gpuselect catalog gpus'", 0) == 0);
  }
  options.constraints.gpus.clear();
  options.constraints.min_headroom_pct = 100;
  try {
    testing::rank_checked(catalog, profile, options);
    FAIL("rank accepted a 100% headroom");
  } catch (const Error& error) {
    CHECK(error.where() == "--min-headroom");
    CHECK(error.hint().find("from 0 to 99") != std::string::npos);
  }
}

TEST_CASE("integers with leading zeros read as numbers everywhere: --max-per-kind 00 is 0", "[check-once][cli]") {
  // On this date the built-in prices read on 2026-05-20 are past the 180-day stale threshold, so
  // validate has more than 7 findings of one kind to list or cut (over a hundred stale offerings).
  const std::vector<std::string> today = {"GPUSELECT_TODAY=2026-11-30"};
  const auto validate = [&](const char* count) {
    return run_gpuselect({"catalog", "validate", "--max-per-kind", count}, today);
  };
  const auto zero = validate("0");
  const auto zeros = validate("00");
  CHECK(zeros.exit_code == zero.exit_code);
  CHECK(zeros.out == zero.out);
  CHECK(zeros.err == zero.err);
  const auto seven = validate("7");
  const auto padded = validate("007");
  CHECK(padded.out == seven.out);
  CHECK(padded.err == seven.err);
  CHECK(padded.err != zero.err);  // 7 lists fewer than all
  const auto top = run_gpuselect(with({"recommend", "--top", "03"}, job));
  CHECK(top.exit_code == 0);
  CHECK(top.out == run_gpuselect(with({"recommend", "--top", "3"}, job)).out);
}

TEST_CASE("an empty value points to the --help that lists the option", "[check-once][cli]") {
  struct Case {
    std::vector<std::string> args;
    std::string line;
  };
  const std::vector<Case> cases = {
      {{"recommend", "--catalog", ""}, "--catalog: the value is empty; run 'gpuselect --help'"},
      {{"--catalog", "", "recommend"}, "--catalog: the value is empty; run 'gpuselect --help'"},
      {{"catalog", "--catalog", "", "list"}, "--catalog: the value is empty; run 'gpuselect --help'"},
      {{"catalog", "list", "--config", ""}, "--config: the value is empty; run 'gpuselect --help'"},
      // --opt= with nothing after it: CLI11 would take the next word ("recommend") as the value.
      {{"--catalog=", "recommend"}, "--catalog: the value is empty; run 'gpuselect --help'"},
      {{"recommend", "--budget="}, "--budget: the value is empty; run 'gpuselect recommend --help'"},
      {{"recommend", "--budget", ""}, "--budget: the value is empty; run 'gpuselect recommend --help'"},
      {{"catalog", "list", "--gpu", ""}, "--gpu: the value is empty; run 'gpuselect catalog list --help'"},
  };
  for (const auto& c : cases) {
    const RunResult result = run_gpuselect(c.args);
    INFO(c.line);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err == "gpuselect: error: " + c.line + "\n");
  }
  // The help pointed to does list the option.
  CHECK(run_gpuselect({"--help"}).out.find("--catalog") != std::string::npos);
}

TEST_CASE("ranking_violations finds a broken ranking, the binary's output is unchanged with the check on",
          "[check-once]") {
  using namespace gpuselect;
  BuiltinJob built;
  auto& [catalog, profile, options] = built;
  options.pareto = true;
  const scoring::Ranking ranking = testing::rank_checked(catalog, profile, options);
  REQUIRE(ranking.candidates.size() >= 3);
  CHECK(scoring::ranking_violations(catalog, ranking, options).empty());

  // The structured bindings are captured through references of their own: clang 14 (the sanitizer
  // build) cannot capture a structured binding, which C++20 allows and clang 16 implements.
  auto broken = [&ranking, &catalog = catalog, &options = options](auto&& change) {
    scoring::Ranking copy = ranking;
    change(copy);
    return scoring::ranking_violations(catalog, copy, options);
  };
  const auto swapped = broken([](scoring::Ranking& r) { std::swap(r.candidates[0], r.candidates[2]); });
  CHECK(mentions(swapped, "rank is not its place"));
  const auto pareto = broken([](scoring::Ranking& r) { r.candidates[1].pareto = !r.candidates[1].pareto; });
  REQUIRE(pareto.size() == 1);
  CHECK(mentions(pareto, "Pareto"));
  const auto score = broken([](scoring::Ranking& r) { r.candidates[0].score += 1; });
  CHECK(mentions(score, "contributions do not sum to the score"));
  // A provider the ranking was told to exclude.
  scoring::Options excluding = options;
  excluding.constraints.exclude_providers = {
      catalog.provider_of(catalog.offerings[ranking.candidates[0].offering_index]).id};
  const auto excluded = scoring::ranking_violations(catalog, ranking, excluding);
  CHECK(mentions(excluded, "provider in --exclude-provider"));

  // The binary: the same rankings pass with the check on (the tests run every command with it on).
  const auto checked = run_gpuselect(with({"recommend", "--pareto", "--format", "json"}, job));
  const auto unchecked =
      run_gpuselect(with({"recommend", "--pareto", "--format", "json"}, job), {"GPUSELECT_CHECK_INVARIANTS=0"});
  CHECK(checked.exit_code == 0);
  CHECK(checked.out == unchecked.out);
}
