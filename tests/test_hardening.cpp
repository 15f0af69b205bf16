// Hardening II (docs/hardening.md): one hostile input per class at least — completion scripts,
// --output paths, signals, stdout write errors, terminal-safe text, ranges, bounded work, bounded
// diagnostics, bad data. The shells themselves are driven by tests/py/test_completion.py.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "cli_runner.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/ranges.hpp"
#include "gpuselect/render.hpp"
#include "gpuselect/safe_text.hpp"
#include "io/files.hpp"
#include "render/csv_writer.hpp"

namespace {

using gpuselect::testing::count_lines;
using gpuselect::testing::read_file;
using gpuselect::testing::run_gpuselect;
using gpuselect::testing::RunResult;
using gpuselect::testing::shell_quote;
using gpuselect::testing::TempDir;
namespace catalog = gpuselect::catalog;
namespace text = gpuselect::text;

const std::vector<std::string> recommend_7b = {"recommend", "--workload", "llm-finetune", "--params", "7e9"};

void require_one_error_line(const RunResult& result, int exit_code, const std::string& where_prefix) {
  INFO("exit " << result.exit_code << ", stderr: " << result.err.substr(0, 600));
  CHECK(result.exit_code == exit_code);
  CHECK(result.out.empty());
  CHECK(count_lines(result.err) == 1);
  CHECK(result.err.rfind("gpuselect: error: " + where_prefix, 0) == 0);
  CHECK(result.err.find("; ") != std::string::npos);
  CHECK(result.err.size() < 1200);
}

// Every byte sequence that must never reach a terminal from catalog text.
bool has_terminal_control(const std::string& output, bool allow_crlf) {
  for (std::size_t i = 0; i < output.size(); ++i) {
    const auto byte = static_cast<unsigned char>(output[i]);
    if (byte == '\n') continue;
    if (allow_crlf && byte == '\r' && i + 1 < output.size() && output[i + 1] == '\n') continue;
    if (byte < 0x20 || byte == 0x7F) return true;
  }
  return output.find("\xC2\x9B") != std::string::npos || output.find("\xE2\x80\xAE") != std::string::npos;
}

// A catalog overlay whose text fields carry terminal escapes, BEL, CR, C1 CSI, a bidi override and
// a spreadsheet formula.
const std::string hostile_overlay = R"yaml(schema_version: 1
providers:
  - id: evil
    name: "Evil\e]0;pwned\a\e[2J\r\x9B31m\u202Ecorp"
    currency: USD
    as_of: 2026-05-01
    source: "=HYPERLINK(\"http://x\")"
offerings:
  - id: evil/box
    provider: evil
    gpu: h100-sxm5-80gb
    gpu_count: 8
    regions: ["@SUM(1+1)", "-2+3"]
    pricing: {on_demand: 10}
    as_of: 2026-05-01
    source: "+cmd|' /C calc'!A0"
)yaml";

}  // namespace

TEST_CASE("completion scripts hold no catalog text, __complete prints hostile ids literally", "[hardening]") {
  TempDir dir;
  const auto overlay = dir.write("evil.yaml", R"yaml(schema_version: 1
models:
  - id: "m$(touch PWNED)"
    name: evil
    params: 7e9
    source: test
  - id: 'q"uote`x`'
    name: quote
    params: 7e9
    source: test
)yaml");
  for (const std::string shell : {"bash", "zsh", "fish"}) {
    const RunResult script = run_gpuselect({"--catalog", overlay.string(), "completion", shell});
    CHECK(script.exit_code == 0);
    CHECK(script.out.find("PWNED") == std::string::npos);
    CHECK(script.out.find("h100-sxm5-80gb") == std::string::npos);  // ids come from __complete
    CHECK(script.out.find("__complete") != std::string::npos);
  }
  const RunResult models = run_gpuselect({"__complete", "--catalog", overlay.string(), "recommend", "--model", "m$"});
  CHECK(models.exit_code == 0);
  CHECK(models.out == "m$(touch PWNED)\n");
  const RunResult quote = run_gpuselect({"__complete", "--catalog", overlay.string(), "estimate", "-m", "q\""});
  CHECK(quote.out == "q\"uote`x`\n");
  const RunResult sub = run_gpuselect({"__complete", "catalog", "imp"});
  CHECK(sub.out == "import\n");
  const RunResult flag = run_gpuselect({"__complete", "recommend", "--show-ex"});
  CHECK(flag.out == "--show-excluded\n");
  // A path flag leaves the word to the shell's file completion.
  CHECK(run_gpuselect({"__complete", "recommend", "-o", ""}).out.empty());
  // A broken overlay falls back to the built-in catalog.
  const auto broken = dir.write("broken.yaml", "gpus: [\n");
  CHECK(run_gpuselect({"__complete", "--catalog", broken.string(), "recommend", "--gpu", "h100-sxm5"}).out ==
        "h100-sxm5-80gb\n");
}

TEST_CASE("output files: regular files atomically with their mode, symlinks followed, devices and FIFOs written",
          "[hardening]") {
  TempDir dir;
  const mode_t old_mask = ::umask(077);
  const auto fresh = dir.path() / "fresh.txt";
  gpuselect::io::write_output(fresh.string(), "one\n");
  struct stat info {};
  REQUIRE(::stat(fresh.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0600);  // 0666 less the umask 077
  ::umask(022);
  ::chmod(fresh.c_str(), 0640);
  gpuselect::io::write_output(fresh.string(), "two\n");
  REQUIRE(::stat(fresh.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0640);
  CHECK(read_file(fresh) == "two\n");
  ::umask(old_mask);

  const auto link = dir.path() / "link.txt";
  std::filesystem::create_symlink("fresh.txt", link);
  gpuselect::io::write_output(link.string(), "three\n");
  CHECK(std::filesystem::is_symlink(link));
  CHECK(read_file(fresh) == "three\n");

  gpuselect::io::write_output("/dev/null", "gone\n");
  CHECK(std::filesystem::is_character_file("/dev/null"));

  const auto fifo = dir.path() / "fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::string received;
  std::thread reader([&] { received = read_file(fifo); });
  gpuselect::io::write_output(fifo.string(), "through the pipe\n");
  reader.join();
  CHECK(received == "through the pipe\n");
  CHECK(std::filesystem::is_fifo(fifo));

  CHECK_THROWS_AS(gpuselect::io::write_output(dir.path().string(), "x"), gpuselect::Error);
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path()), {}) == 3);  // no temporaries left

  // The command line: "" is an error that says what to do, "-" is standard output.
  require_one_error_line(run_gpuselect({"catalog", "gpus", "-o", ""}), 2, "--output");
  const RunResult dash = run_gpuselect({"catalog", "gpus", "--format", "json", "-o", "-"});
  CHECK(dash.exit_code == 0);
  CHECK(dash.out.rfind("{", 0) == 0);
  CHECK(!std::filesystem::exists("-"));
}

TEST_CASE("a signal while the temporary exists removes it and the process dies of the signal", "[hardening]") {
  TempDir dir;
  const auto target = dir.path() / "out.json";
  for (const int signal_number : {SIGINT, SIGTERM}) {
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      gpuselect::io::write_output(target.string(), "partial", [signal_number] { std::raise(signal_number); });
      std::_Exit(0);  // not reached: the signal ends the process
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == signal_number);
    CHECK(std::filesystem::is_empty(dir.path()));
  }
}

TEST_CASE("a write error on stdout is an error line and exit 1, also for --version and with SIGPIPE ignored",
          "[hardening]") {
  TempDir dir;
  const auto err = dir.path() / "err";
  const std::string binary = shell_quote(GPUSELECT_BINARY);
  for (const std::string args : {"--version", "--help", "recommend --workload llm-finetune --params 7e9 --format json",
                                 "catalog list --format csv", "completion bash"}) {
    INFO(args);
    const int status = std::system((binary + " " + args + " >/dev/full 2>" + shell_quote(err.string())).c_str());
    CHECK(WEXITSTATUS(status) == 1);
    CHECK(read_file(err).rfind("gpuselect: error: stdout: No space left on device; ", 0) == 0);
  }
  // The reader is gone before gpuselect writes; SIGPIPE is ignored, so write() fails with EPIPE.
  const std::string pipeline =
      "bash -c " + shell_quote("trap '' PIPE; { sleep 0.3; " + binary + " catalog list 2>" + shell_quote(err.string()) +
                               "; echo $? >" + shell_quote((dir.path() / "rc").string()) + "; } | true; wait");
  std::system(pipeline.c_str());
  CHECK(read_file(dir.path() / "rc") == "1\n");
  CHECK(read_file(err).rfind("gpuselect: error: stdout: Broken pipe; ", 0) == 0);
}

TEST_CASE("control characters never reach the terminal, CSV cells cannot start a formula", "[hardening]") {
  TempDir dir;
  const auto overlay = dir.write("evil.yaml", hostile_overlay);
  for (const std::string format : {"table", "markdown", "csv"}) {
    for (const auto& command : std::vector<std::vector<std::string>>{
             {"catalog", "list", "--provider", "evil"},
             {"catalog", "providers"},
             {"recommend", "--workload", "llm-finetune", "--params", "7e9", "--provider", "evil"}}) {
      std::vector<std::string> args = {"--catalog", overlay.string()};
      args.insert(args.end(), command.begin(), command.end());
      args.insert(args.end(), {"--format", format});
      if (format == "table") args.insert(args.end(), {"--color", "always"});
      const RunResult result = run_gpuselect(args);
      INFO(format << " " << command[1] << ": " << result.err);
      if (result.exit_code == 2) continue;  // a format the command does not print
      CHECK(result.out.find("evil") != std::string::npos);
      // With colour on, only the renderers' own SGR sequences (ESC [ digits m) are allowed through.
      std::string without_sgr = result.out;
      for (const std::string sgr : {"\x1b[1m", "\x1b[0m", "\x1b[33m"}) {
        for (auto at = without_sgr.find(sgr); at != std::string::npos; at = without_sgr.find(sgr)) {
          without_sgr.erase(at, sgr.size());
        }
      }
      CHECK_FALSE(has_terminal_control(without_sgr, format == "csv"));
      if (format == "csv" && command[1] == "list") {
        CHECK(result.out.find(",'+cmd") != std::string::npos);
        CHECK(result.out.find("'@SUM") != std::string::npos);
      }
      if (format == "csv" && command[1] == "providers") {
        CHECK(result.out.find("'=HYPERLINK") != std::string::npos);
      }
    }
  }
  // The CSV guard: formula starts get an apostrophe, plain numbers keep their sign.
  using gpuselect::render::detail::csv_field;
  CHECK(csv_field("=1+2") == "'=1+2");
  CHECK(csv_field("@x") == "'@x");
  CHECK(csv_field("+x") == "'+x");
  CHECK(csv_field("-x") == "'-x");
  CHECK(csv_field("\tx") == "'\tx");
  CHECK(csv_field("-1.5") == "-1.5");
  CHECK(csv_field("-2.5e-05") == "-2.5e-05");
  CHECK(csv_field("-1+1") == "'-1+1");

  // Messages: a flag value with escapes is cut to 60 bytes with '?' for each control character.
  const std::string value = "\x1b]0;x\x07" + std::string(5000, 'a');
  const RunResult error = run_gpuselect({"recommend", "--workload", value});
  require_one_error_line(error, 2, "--workload");
  CHECK_FALSE(has_terminal_control(error.err, false));
  const std::string shown = std::string("'?]0;x?").append(54, 'a').append("...'");
  CHECK(error.err.find(shown) != std::string::npos);
  // CLI11's own messages follow the same rule.
  const RunResult stray = run_gpuselect({"recommend", std::string("\x1b[2J") + std::string(3000, 'b')});
  CHECK_FALSE(has_terminal_control(stray.err, false));
  CHECK(stray.err.size() < 400);

  CHECK(text::neutralise("a\x1b[31mb\x07\xC2\x9B\xE2\x80\xAE\xE2\x81\xA6\x7F\xFF") == "a?[31mb??????");
  const std::string cut_before_e_acute = std::string("'").append(59, 'x').append("...'");
  CHECK(text::quoted(std::string(59, 'x').append("\xC3\xA9")) == cut_before_e_acute);
}

TEST_CASE("absurd quantities are rejected with one line, exit 2", "[hardening]") {
  struct Case {
    std::vector<std::string> args;
    std::string where;
  };
  const std::vector<Case> cases = {
      {{"estimate", "--workload", "llm-finetune", "--params", "7e9", "--gpu", "h100-sxm5-80gb", "--gpus", "1000000",
        "--nodes", "1000000"},
       "--"},
      {{"estimate", "--workload", "llm-finetune", "--params", "7e9", "--gpu", "h100-sxm5-80gb", "--gpus", "2000"},
       "--gpus"},
      {{"recommend", "--workload", "llm-inference", "--params", "7e9", "--requests-per-s", "1e12"}, "--requests-per-s"},
      {{"recommend", "--workload", "llm-finetune", "--params", "7e9", "--tokens", "1e308"}, "--tokens"},
      {{"recommend", "--workload", "llm-finetune", "--params", "0.5"}, "--params"},
      {{"recommend", "--workload", "llm-finetune", "--params", ""}, "--params"},
      {{"recommend", "--workload", "llm-inference", "--params", "7e9", "--batch", "1e9"}, "--batch"},
      {{"recommend", "--workload", "llm-finetune", "--params", "7e9", "--budget", "1e300"}, "--budget"},
      {{"recommend", "--workload", "llm-finetune", "--params", "7e9", "--min-headroom", "100"}, "--min-headroom"},
  };
  for (const auto& c : cases) {
    INFO(c.args.back());
    require_one_error_line(run_gpuselect(c.args), 2, c.where);
  }
  // A rate or price of 5e-324 is below the catalog's minimum.
  TempDir dir;
  const auto rates = dir.write("rate.yaml", R"yaml(schema_version: 1
currencies:
  - code: XTS
    per_usd: 5e-324
    as_of: 2026-05-01
    source: test
)yaml");
  require_one_error_line(run_gpuselect({"--catalog", rates.string(), "catalog", "gpus"}), 2, rates.string() + ":4:14");
  // Every row of the table is a sane interval.
  for (std::size_t i = 0; i < gpuselect::ranges::quantity_count; ++i) {
    const auto& range = gpuselect::ranges::range_of(static_cast<gpuselect::ranges::Quantity>(i));
    CHECK(range.min <= range.max);
    CHECK(range.max <= 1e16);
  }
}

TEST_CASE("docs/hardening.md lists every row of ranges::table with its bounds, and no other", "[hardening]") {
  namespace ranges = gpuselect::ranges;
  // The section's table rows: "| name | min | max | whole number/number | why | flags |"; the flags
  // column is the docs' own (the table holds no flag names).
  const std::string docs = read_file(std::filesystem::path(GPUSELECT_SOURCE_DIR) / "docs" / "hardening.md");
  const auto section = docs.find("### Ranges of every quantity");
  REQUIRE(section != std::string::npos);
  const auto end = docs.find("\n#", section + 1);
  std::vector<std::string> rows;
  std::size_t at = docs.find('\n', section);
  while (at != std::string::npos && at < end) {
    const auto next = docs.find('\n', at + 1);
    const std::string line = docs.substr(at + 1, next - at - 1);
    if (line.rfind("| ", 0) == 0 && line.rfind("| quantity ", 0) != 0) rows.push_back(line);
    at = next;
  }
  std::string expected;  // printed on failure: paste it over the table and add the flags column
  bool all_found = true;
  for (std::size_t i = 0; i < ranges::quantity_count; ++i) {
    const auto& range = ranges::range_of(static_cast<ranges::Quantity>(i));
    const std::string row = "| " + std::string(range.name) + " | " + ranges::bound_text(range.min) + " | " +
                            ranges::bound_text(range.max) + " | " + (range.whole ? "whole number" : "number") +
                            " | " + std::string(range.why) + " |";
    expected += row + " flags |\n";
    const auto count = std::count_if(rows.begin(), rows.end(), [&](const std::string& line) {
      return line.rfind(row, 0) == 0 && line.size() > row.size() + 1;
    });
    if (count != 1) all_found = false;
  }
  INFO("expected rows:\n" << expected);
  CHECK(all_found);
  CHECK(rows.size() == ranges::quantity_count);
}

TEST_CASE("long input gets bounded work: did-you-mean, catalog show, an endless stream", "[hardening]") {
  const std::string long_word(200'000, 'h');
  CHECK(gpuselect::closest_match(long_word, {"h100", std::string(200'000, 'h') + "x"}).empty());
  CHECK(gpuselect::closest_match("h100-sxm5-80g", {"a100-sxm4-80gb", "h100-sxm5-80gb", "h100-pcie-80gb"}) ==
        "h100-sxm5-80gb");
  CHECK(gpuselect::closest_match("abcdef", {"abcxyz"}).empty());  // distance 3 > max(2, 6 / 3)
  CHECK(gpuselect::closest_match("kitten-kitten", {"sitting-kitten"}) == "sitting-kitten");  // distance 3 <= 13 / 3
  CHECK(gpuselect::closest_match("llama-2-7", {"llama-2-70b", "llama-2-7b"}) == "llama-2-7b");
  require_one_error_line(run_gpuselect({"catalog", "show", std::string(100'000, 'x')}), 2, "catalog show");

  // An endless stream stops at max_file_bytes with an error naming the limit.
  catalog::LoadLimits limits;
  limits.max_file_bytes = 1 << 20;
  const catalog::SourceText endless{"/dev/stdin",
                                    [](char* buffer, std::size_t size) {
                                      static const std::string line = "# endless comment line\n";
                                      for (std::size_t i = 0; i < size; ++i) buffer[i] = line[i % line.size()];
                                      return size;
                                    },
                                    0};
  const auto result = catalog::load(std::span(&endless, 1), limits);
  REQUIRE_FALSE(result.ok());
  CHECK(gpuselect::format_diagnostic(result.diagnostics.front()).find("max_file_bytes") != std::string::npos);
}

TEST_CASE("diagnostics memory is bounded: the first 1000 are kept, all are counted", "[hardening]") {
  std::string text = "schema_version: 1\ngpus:\n";
  for (int i = 0; i < 5000; ++i) text += "  - {id: g" + std::to_string(i) + ", memory_gb: -1}\n";
  const std::string long_name = std::string(4000, 'd') + "/team.yaml";
  const catalog::SourceText source{long_name, text};
  const auto result = catalog::load(std::span(&source, 1));
  CHECK(result.diagnostics.size() == gpuselect::max_kept_diagnostics);
  CHECK(result.found.errors > gpuselect::max_kept_diagnostics);
  CHECK_FALSE(result.ok());
  // One shared copy of the file name.
  CHECK(&result.diagnostics.front().file.str() == &result.diagnostics.back().file.str());
}

TEST_CASE("bad data is rejected at file:line:col: tags, empty lists and texts, blank ids, dates, config files",
          "[hardening]") {
  auto first_error = [](const std::string& yaml) {
    const catalog::SourceText source{"bad.yaml", yaml};
    const auto result = catalog::load(std::span(&source, 1));
    std::string all;  // every diagnostic, one per line (offering_head's references do not resolve alone)
    for (const auto& diagnostic : result.diagnostics) all += gpuselect::format_diagnostic(diagnostic) + "\n";
    return all;
  };
  const std::string offering_head = R"yaml(schema_version: 1
offerings:
  - id: lambda/x
    provider: lambda
    gpu: h100-sxm5-80gb
    as_of: 2026-05-01
)yaml";
  CHECK(first_error("schema_version: 1\nmodels:\n  - id: m\n    name: !!python/object/apply:os.system [ls]\n"
                    "    params: 7e9\n    source: s\n")
            .rfind("bad.yaml:4:11: error: YAML tags are not supported", 0) == 0);
  CHECK(first_error(offering_head + "    gpu_count: !!str 4\n    regions: [a]\n    source: s\n")
            .find("YAML tags are not supported") != std::string::npos);
  CHECK(first_error(offering_head + "    gpu_count: 8\n"
                                    "    regions: []\n    source: s\n    pricing: {on_demand: 1}\n")
            .find("'regions' is an empty list") != std::string::npos);
  CHECK(first_error(offering_head + "    gpu_count: 8\n"
                                    "    regions: [a]\n    source: \"\"\n    pricing: {on_demand: 1}\n")
            .find("source '' is empty") != std::string::npos);
  CHECK(first_error(offering_head + "    gpu_count: 8\n"
                                    "    regions: [a]\n    source: s\n    pricing: {on_demand: 5e-324}\n")
            .find("is out of range (must be at least 0.001") != std::string::npos);
  CHECK(first_error("schema_version: 1\nmodels:\n  - id: \"  \\t \"\n    name: n\n    params: 7e9\n    source: s\n")
            .find("'id' is empty or only spaces") != std::string::npos);
  CHECK(first_error("schema_version: 1\nmodels:\n  - id: \"m\\e[2J\"\n    name: n\n    params: 7e9\n    source: s\n")
            .find("holds control characters") != std::string::npos);
  CHECK(first_error("schema_version: 1\ncurrencies:\n  - code: XTS\n    per_usd: 2\n    as_of: \"-001-05-20\"\n"
                    "    source: s\n")
            .find("is not a date") != std::string::npos);
  CHECK(first_error("schema_version: 1\ncurrencies:\n  - code: XTS\n    per_usd: 2\n    as_of: 0001-05-20\n"
                    "    source: s\n")
            .find("is not a date") != std::string::npos);

  TempDir dir;
  const auto duplicate = dir.write("dup.yaml", "profile: balanced\nprofile: cost-first\n");
  require_one_error_line(run_gpuselect({"--config", duplicate.string(), "config", "show"}), 2,
                         duplicate.string() + ":2:1");
  const auto two_documents = dir.write("two.yaml", "profile: balanced\n---\ntop: 3\n");
  require_one_error_line(run_gpuselect({"--config", two_documents.string(), "config", "show"}), 2,
                         two_documents.string() + ":2:1");
  const auto tagged = dir.write("tag.yaml", "top: !!str 3\n");
  require_one_error_line(run_gpuselect({"--config", tagged.string(), "config", "show"}), 2, tagged.string() + ":1:6");

  // The importer applies the loader's price range: what it writes, validate accepts (--strict: a bad
  // row is an error rather than a skipped row with a warning).
  const auto csv = dir.write("vms.csv",
                             "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,"
                             "Region\np4d.24xlarge,A100,8,96,1152,,5e-324,,us-east-1\n");
  require_one_error_line(run_gpuselect({"catalog", "import", "skypilot", csv.string(), "--provider", "aws", "--as-of",
                                        "2026-05-01", "--strict"}),
                         2, csv.string() + ":2:");
  // ... and its ranges of every number it writes: vcpus, ram_gb, local_disk_gb (size x count), spot.
  const std::string header =
      "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,LocalDiskSize,"
      "LocalDiskCount\n";
  const std::vector<std::pair<std::string, std::string>> rows = {
      {"p4d.24xlarge,A100,8,96,1e308,,32.7,12,us-east-1,,\n", ":2:24:"},
      {"p4d.24xlarge,A100,8,1e9,1152,,32.7,12,us-east-1,,\n", ":2:21:"},
      {"p4d.24xlarge,A100,8,96,1152,,32.7,12,us-east-1,1e300,1e300\n", ":2:48:"},
      {"p4d.24xlarge,A100,8,96,1152,,32.7,1e9,us-east-1,,\n", ":2:35:"},
  };
  for (const auto& [row, at] : rows) {
    INFO(row);
    const auto file = dir.write("row.csv", header + row);
    require_one_error_line(run_gpuselect({"catalog", "import", "skypilot", file.string(), "--provider", "aws",
                                          "--as-of", "2026-05-01", "--strict"}),
                           2, file.string() + at);
  }
}

TEST_CASE("an empty value is an error for every option of every command, not 'flag not given'", "[hardening]") {
  struct Case {
    std::vector<std::string> args;
    std::string flag;
  };
  const std::vector<Case> cases = {
      {{"recommend", "--workload", "llm-finetune", "--params", "7e9", "--budget", ""}, "--budget"},
      {{"recommend", "--workload", "llm-finetune", "--params", "7e9", "--provider", ""}, "--provider"},
      {{"recommend", "--workload", "llm-finetune", "--params", "7e9", "--currency", ""}, "--currency"},
      {{"estimate", "--workload", "llm-finetune", "--params", "7e9", "--gpu", "h100-sxm5-80gb", "--gpus", ""}, "--gpus"},
      {{"catalog", "list", "--gpu", ""}, "--gpu"},
      {{"catalog", "update", "--from", ""}, "--from"},  // was: downloads from the network
      {{"--catalog", "", "catalog", "gpus"}, "--catalog"},
  };
  for (const auto& c : cases) {
    INFO(c.flag);
    const RunResult result = run_gpuselect(c.args);
    require_one_error_line(result, 2, c.flag + ": the value is empty; ");
  }
  // catalog update's numbers come from the range table too.
  require_one_error_line(run_gpuselect({"catalog", "update", "--from", ".", "--retries", "11"}), 2, "--retries");
  require_one_error_line(run_gpuselect({"catalog", "update", "--from", ".", "--timeout", "1e9"}), 2, "--timeout");
  require_one_error_line(
      run_gpuselect({"recommend", "--workload", "llm-pretrain", "--params", "7e9", "--global-batch", "1e13"}), 2,
      "--global-batch");
  // Fewer tokens a step than one sequence (expert review 34: --global-batch 1 was planned silently).
  require_one_error_line(
      run_gpuselect({"recommend", "--workload", "llm-finetune", "--params", "7e9", "--global-batch", "1"}), 2,
      "--global-batch: 1 tokens a step is less than one 2048-token sequence; ");
}
