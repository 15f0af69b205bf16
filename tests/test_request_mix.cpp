// --request-mix FILE (issue 25 item 4: "mean and p90, or a small histogram file"): the CSV
// histogram's parser, its reduction to the means and p90s the serving model uses, and the one-line
// error (file:line:col, exit 2, nothing on stdout) for hostile files.
#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cli_runner.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/request_mix.hpp"

using namespace gpuselect;

namespace {

std::string error_where(const std::string& text) {
  try {
    workload::parse_request_mix(text, "mix.csv");
  } catch (const Error& error) {
    return error.where();
  }
  return "";
}

}  // namespace

TEST_CASE("a request-mix histogram gives the means and the p90 lengths", "[serving][mix][request-mix]") {
  const auto rows = workload::parse_request_mix(
      "# chat and RAG\ninput_tokens,output_tokens,share\n200,100,0.6\n1000, 200 ,0.3\r\n8000,1000,0.1\n", "mix.csv");
  REQUIRE(rows.size() == 3);
  CHECK(rows[1].input_tokens == 1000);
  const auto summary = workload::summarize_request_mix(rows);
  CHECK(summary.input_tokens == 1220);  // 0.6 x 200 + 0.3 x 1000 + 0.1 x 8000
  CHECK(summary.output_tokens == 220);
  CHECK(summary.input_tokens_long == 8000);  // the longest 10% of requests
  CHECK(summary.output_tokens_long == 1000);
  // Percentages that sum to 100 are shares too; the boundary bin is split at 10%.
  const auto percent = workload::summarize_request_mix(workload::parse_request_mix("100,50,80\n5000,500,20\n", "p.csv"));
  CHECK(percent.input_tokens == 1080);
  CHECK(percent.input_tokens_long == 5000);
  const auto split = workload::summarize_request_mix(workload::parse_request_mix("100,50,0.95\n2100,500,0.05\n", "s.csv"));
  CHECK(split.input_tokens_long == 1100);  // half 2100, half 100
  // A flat mix has no tail: the long class is the mean.
  const auto flat = workload::summarize_request_mix(workload::parse_request_mix("300,100,1\n", "f.csv"));
  CHECK(flat.input_tokens_long == 300);
}

TEST_CASE("hostile request-mix files are one error at file:line:col", "[serving][mix][request-mix]") {
  CHECK(error_where("") == "mix.csv:1:1");
  CHECK(error_where("# only a comment\n\n") == "mix.csv:3:1");
  CHECK(error_where("input_tokens,output_tokens,share\n") == "mix.csv:2:1");
  CHECK(error_where("100,50,0.5\n-3,50,0.5\n") == "mix.csv:2:1");
  CHECK(error_where("100,50,0.5\n200,-1,0.5\n") == "mix.csv:2:5");
  CHECK(error_where("100,50,0.5\n200,50,0.4\n") == "mix.csv:2:1");  // shares sum to 0.9
  CHECK(error_where("100,50,0.5,7\n") == "mix.csv:1:11");
  CHECK(error_where("100,50\n") == "mix.csv:1:7");
  CHECK(error_where("1e300,50,1\n") == "mix.csv:1:1");
  CHECK(error_where("nan,50,1\n") == "mix.csv:1:1");
  CHECK(error_where("100,x,1\n") == "mix.csv:1:5");
  CHECK(error_where(std::string("100,50,1\n\x7f" "ELF\x01\x00", 15)) == "mix.csv:2:1");
  CHECK(error_where("tokens,share\n100,1\n") == "mix.csv:1:1");
  std::string many;
  for (int i = 0; i < 1001; ++i) many += "100,50,0.000999\n";
  CHECK(error_where(many) == "mix.csv:1001:1");
  CHECK(error_where(std::string(workload::request_mix_max_bytes + 1, '1')) == "mix.csv:1:1");
}

TEST_CASE("a request-mix file sets the serving lengths and a bad file is one line with exit 2", "[serving][mix][request-mix]") {
  const testing::TempDir folder;
  const auto good = folder.write("mix.csv", "input_tokens,output_tokens,share\n200,100,0.6\n1000,200,0.3\n8000,1000,0.1\n");
  const auto json = testing::run_gpuselect({"estimate", "-w", "llm-inference", "-m", "llama-3.1-8b", "--gpus", "h100:1",
                                            "--context", "16384", "--request-mix", good.string(), "--format", "json"});
  REQUIRE(json.exit_code == 0);
  // The same job as the flags with the histogram's means and long-class lengths.
  const auto flags = testing::run_gpuselect({"estimate", "-w", "llm-inference", "-m", "llama-3.1-8b", "--gpus", "h100:1",
                                             "--context", "16384", "--input-tokens", "1220", "--output-tokens", "220",
                                             "--input-tokens-p90", "8000", "--output-tokens-p90", "1000", "--format",
                                             "json"});
  REQUIRE(flags.exit_code == 0);
  CHECK(flags.out == json.out);

  const auto bad = folder.write("bad.csv", "200,100,0.6\n1000,200,0.3\n");
  const auto failed = testing::run_gpuselect(
      {"recommend", "-w", "llm-inference", "-m", "llama-3.1-8b", "--request-mix", bad.string()});
  CHECK(failed.exit_code == 2);
  CHECK(failed.out.empty());
  CHECK(failed.err.rfind("gpuselect: error: " + bad.string() + ":2:1: the shares sum to 0.9", 0) == 0);
  CHECK(std::count(failed.err.begin(), failed.err.end(), '\n') == 1);
  const auto both = testing::run_gpuselect({"recommend", "-w", "llm-inference", "-m", "llama-3.1-8b", "--request-mix",
                                            good.string(), "--input-tokens", "100"});
  CHECK(both.exit_code == 2);
  CHECK(both.err.rfind("gpuselect: error: --request-mix:", 0) == 0);
  const auto missing = testing::run_gpuselect(
      {"recommend", "-w", "llm-inference", "-m", "llama-3.1-8b", "--request-mix", (folder.path() / "none.csv").string()});
  CHECK(missing.exit_code != 0);
  CHECK(missing.out.empty());
  CHECK(std::count(missing.err.begin(), missing.err.end(), '\n') == 1);
}
