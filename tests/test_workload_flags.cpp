// The workload-flag table (include/gpuselect/workload_flags.hpp) is the one place a workload flag
// lives: each row must be an option of recommend, estimate and compare with its type, choices and
// range in --help, be documented in docs/cli.md, and be honoured by resolve and by the CLI (the
// workloads it applies to, its range) with a one-line error that names it.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "builtin_catalog.hpp"
#include "cli_runner.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/ranges.hpp"
#include "gpuselect/workload_flags.hpp"

using gpuselect::Error;
namespace workload = gpuselect::workload;
namespace ranges = gpuselect::ranges;
namespace text = gpuselect::text;
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
    // The description continues on indented lines (a long name, --help's wrapping at 100 columns):
    // joined with one space, as the description was written.
    std::string joined = line;
    for (std::size_t next = i + 1; next < lines.size() && lines[next].starts_with("     "); ++next) {
      const std::string& continued = lines[next];
      joined += ' ';
      joined.append(continued, continued.find_first_not_of(' '));
    }
    return joined;
  }
  return "";
}

workload::Kind first_kind(unsigned kinds, bool inside) {
  for (const auto& row : workload::kind_rows()) {
    if (((kinds & workload::kind_bit(row.kind)) != 0) == inside) return row.kind;
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

// The bare request of a kind settled: without presets, except for the diffusion kinds, whose default
// model is a preset (sdxl) and so needs the built-in catalog.
gpuselect::workload::Profile resolve_bare(const gpuselect::workload::Request& request) {
  if (request.kind && gpuselect::workload::kind_traits(*request.kind).diffusion()) {
    return gpuselect::workload::resolve(request, gpuselect::testing::builtin_catalog());
  }
  return gpuselect::workload::resolve(request, no_models());
}

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

namespace {

bool applies(const workload::Flag& flag, workload::Kind kind) { return (flag.kinds & workload::kind_bit(kind)) != 0; }

// The requests whose defaults are checked: each workload alone, and llm-finetune with LoRA (the
// LoRA row tells its default only for an adapter method).
std::vector<workload::Request> bare_requests() {
  std::vector<workload::Request> requests;
  for (const auto& row : workload::kind_rows()) {
    workload::Request request;
    request.kind = row.kind;
    requests.push_back(request);
  }
  workload::Request lora;
  lora.kind = workload::Kind::llm_finetune;
  lora.method = workload::Method::lora;
  requests.push_back(lora);
  return requests;
}

// The provenance sentences the table's rows give for a settled profile, in table order (--workload
// is given in these requests, so its row tells nothing).
std::vector<std::string> row_sentences(const workload::Profile& profile) {
  std::vector<std::string> sentences;
  for (const auto& flag : workload::flags()) {
    if (flag.because == nullptr || flag.name == "--workload" || !applies(flag, profile.kind)) continue;
    const text::Words sentence = flag.because(profile);
    if (!sentence.empty()) sentences.push_back(sentence.say(text::Lang::en));
  }
  return sentences;
}

// A value the row accepts for the bare request of its workload: the row's valid_text, except
// --context, whose minimum cannot hold the default request (512 + 256 tokens), and --global-batch,
// whose minimum is less than one sequence.
std::string default_free_text(const workload::Flag& flag) {
  if (flag.name == "--context") return "8192";
  if (flag.name == "--global-batch") return "1M";  // the range's least (1) is below one sequence: refused
  return valid_text(flag);
}

}  // namespace

TEST_CASE("defaults_applied is the model's sentences, then each defaulted row's provenance in table order",
          "[workload][flags]") {
  int told = 0;
  for (const auto& request : bare_requests()) {
    const workload::Profile profile = resolve_bare(request);
    INFO(workload::to_string(profile.kind) << " " << workload::to_string(profile.method));
    // The rows' own sentences: this checks that every defaulted row is told, once, in table order; the
    // words themselves are pinned by the output fixtures and the capped-context case below.
    const std::vector<std::string> expected = row_sentences(profile);
    REQUIRE(profile.defaults_applied.size() >= expected.size());
    const std::vector<std::string> tail(profile.defaults_applied.end() - static_cast<std::ptrdiff_t>(expected.size()),
                                        profile.defaults_applied.end());
    CHECK(tail == expected);
    // What comes before the rows' sentences is about the model.
    for (std::size_t i = 0; i + expected.size() < profile.defaults_applied.size(); ++i) {
      const std::string& sentence = profile.defaults_applied[i];
      CHECK((sentence.starts_with("model:") || sentence.starts_with("shape") || sentence.starts_with("forward FLOPs")));
    }
    told += static_cast<int>(expected.size());
  }
  CHECK(told >= 30);  // 36 sentences over the seven requests at the time of writing: the loop is not empty

  workload::Request unnamed;  // no --workload: its row tells the default first
  const workload::Profile profile = workload::resolve(unnamed, no_models());
  REQUIRE_FALSE(profile.defaults_applied.empty());
  CHECK(profile.defaults_applied.front() == workload::flag_named("--workload").because(profile).say(text::Lang::en));
  // Each sentence is said in English and Chinese alike (defaults_said, the same order).
  REQUIRE(profile.defaults_said.size() == profile.defaults_applied.size());
  CHECK(profile.defaults_said.front().say(text::Lang::en) == profile.defaults_applied.front());
  CHECK(profile.defaults_said.front().say(text::Lang::zh_cn).starts_with("工作负载类型：llm-finetune"));
  CHECK(profile.kind == workload::Kind::llm_finetune);
}

TEST_CASE("a row's provenance sentence is gone once its flag (and the partner it tells with) is given",
          "[workload][flags]") {
  int rows = 0;
  for (const auto& bare : bare_requests()) {
    const workload::Profile defaulted = resolve_bare(bare);
    for (const auto& flag : workload::flags()) {
      if (flag.because == nullptr || flag.name == "--workload" || !applies(flag, defaulted.kind)) continue;
      if (flag.because(defaulted).empty()) continue;
      INFO(flag.name << " for " << workload::to_string(defaulted.kind));
      workload::Request request = bare;
      flag.member.parse(flag, default_free_text(flag), request);
      if (!flag.told_with.empty()) {
        const auto& partner = workload::flag_named(flag.told_with);
        partner.member.parse(partner, default_free_text(partner), request);
        // With only the partner given, this row's own default is still told.
        workload::Request partner_only = bare;
        partner.member.parse(partner, default_free_text(partner), partner_only);
        const workload::Profile half = resolve_bare(partner_only);
        CHECK(std::count(half.defaults_applied.begin(), half.defaults_applied.end(),
                         flag.because(half).say(text::Lang::en)) == 1);
      }
      const workload::Profile given = resolve_bare(request);
      CHECK(std::count(given.defaults_applied.begin(), given.defaults_applied.end(),
                       flag.because(given).say(text::Lang::en)) == 0);
      CHECK(given.defaults_applied.size() < defaulted.defaults_applied.size());
      ++rows;
    }
  }
  CHECK(rows >= 30);
}

TEST_CASE("a row's default fills its field for the workloads it applies to and clears it for the others",
          "[workload][flags]") {
  // Figures from the row's sources (docs/estimation.md "Defaults").
  const auto finetune = workload::resolve(bare_requests()[1], no_models());
  CHECK(finetune.seq_len == 2048);
  CHECK(finetune.global_batch_tokens == 64.0 * 2048);
  CHECK(finetune.recompute == workload::Recompute::selective);
  CHECK(finetune.input_tokens == 0);
  CHECK(finetune.ttft_target_ms == 0);
  CHECK(finetune.hours == 0);
  const auto pretrain = workload::resolve(bare_requests()[0], no_models());
  CHECK(pretrain.tokens == 20 * pretrain.shape.params);  // Chinchilla
  CHECK(pretrain.global_batch_tokens == 4.0 * 1024 * 1024);
  const auto serving = workload::resolve(bare_requests()[2], no_models());
  CHECK(serving.seq_len == 0);
  CHECK(serving.recompute == workload::Recompute::none);
  CHECK(serving.tokens == 0);
  CHECK(serving.input_tokens == 512);
  CHECK(serving.output_tokens == 256);
  CHECK(serving.ttft_target_ms == workload::default_ttft_target_ms);
  CHECK(serving.hours == 730);
  CHECK(workload::resolve(bare_requests()[5], no_models()).hours == 40);
  CHECK(workload::resolve(bare_requests()[3], no_models()).micro_batch == 32);
  CHECK(workload::resolve(bare_requests().back(), no_models()).recompute == workload::Recompute::full);  // LoRA

  // A preset's context caps the default sequence length and serving context.
  gpuselect::catalog::Catalog catalog;
  gpuselect::catalog::ModelPreset preset;
  preset.id = "short-context";
  preset.name = "Short context";
  preset.shape.params = 1e9;
  preset.max_context = 1024;
  catalog.models.push_back(preset);
  workload::Request request = bare_requests()[0];
  request.model = preset.id;
  const auto capped = workload::resolve(request, catalog);
  CHECK(capped.seq_len == 1024);
  CHECK(capped.context == workload::Profile{}.context);  // training serves no context: the initialiser stays
  // The sentence names the cap, not the default's source alone.
  const auto& told = capped.defaults_applied;
  CHECK(std::count(told.begin(), told.end(),
                   "sequence length: 1024 (Llama 2 pretraining context, capped at the model's context of 1024 "
                   "tokens)") == 1);
  request.kind = workload::Kind::notebook;
  const auto served = workload::resolve(request, catalog);
  CHECK(served.context == 1024);
  CHECK(std::count(served.defaults_applied.begin(), served.defaults_applied.end(),
                   "context: 1024 tokens per sequence (Llama 2 context, capped at the model's context of 1024 "
                   "tokens)") == 1);
}

TEST_CASE("a flag's English workload list names every workload its row accepts", "[workload][flags]") {
  // Expert review 4: --training-tier for a notebook said "it is for llm-pretrain, llm-finetune and
  // cv-train" while image-finetune takes it too (the Chinese line, built from the row's kinds, was
  // right). Where the words name workload ids, they name each kind of the row and no other.
  int listed = 0;
  for (const auto& flag : workload::flags()) {
    const std::string words(flag.applies_to);
    bool names_an_id = false;
    for (const std::string& name : workload::kind_names()) names_an_id = names_an_id || words.find(name) != std::string::npos;
    if (!names_an_id || words.find("workloads") != std::string::npos) continue;
    ++listed;
    for (const std::string& name : workload::kind_names()) {
      const auto kind = workload::parse_kind(name);
      REQUIRE(kind);
      INFO(flag.name << ": \"" << words << "\" and " << name);
      // "llm-finetune --method qlora" narrows a kind by a method: the kind is still named.
      CHECK((words.find(name) != std::string::npos) == ((flag.kinds & workload::kind_bit(*kind)) != 0));
    }
  }
  CHECK(listed >= 5);
}
