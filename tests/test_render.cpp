// Renderers, driven by hand-built values (no catalog loading, no estimator, no scorer).
// Fixtures under tests/fixtures/render/ are this file's output; regenerate them after an intended
// change with GPUSELECT_UPDATE_FIXTURES=1 ./gpuselect_tests "[render]".
#include <algorithm>
#include <array>
#include <clocale>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <locale>
#include <random>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpuselect/error.hpp"
#include "gpuselect/json_writer.hpp"
#include "gpuselect/render.hpp"
#include "gpuselect/units.hpp"
#include "render/csv_writer.hpp"
#include "render/renderers.hpp"
#include "render/support.hpp"

namespace {

using namespace gpuselect;
using render::Format;
using render::Style;
using render::TextTable;

struct Example {
  catalog::Catalog catalog;
  workload::Profile profile;
  scoring::Ranking ranking;
  scoring::Options options;  // defaults: what the JSON request echoes
  render::RecommendView view() const { return {catalog, profile, ranking, options}; }
};

catalog::Gpu make_gpu(std::string id, std::string name, double memory_gb, double tflops) {
  catalog::Gpu gpu;
  gpu.id = std::move(id);
  gpu.name = std::move(name);
  gpu.vendor = "nvidia";
  gpu.memory_gb = memory_gb;
  gpu.memory_bandwidth_gbps = 2039;
  gpu.bf16_dense_tflops = tflops;
  gpu.interconnect = "nvlink-3";
  gpu.source = "test value";
  return gpu;
}

catalog::Provider make_provider(std::string id, std::string name, std::string currency) {
  catalog::Provider provider;
  provider.id = std::move(id);
  provider.name = std::move(name);
  provider.currency = std::move(currency);
  provider.as_of = "2026-05-01";
  provider.source = "test value";
  return provider;
}

catalog::Offering make_offering(std::string id, std::string provider, std::uint32_t provider_index, std::string gpu,
                                std::uint32_t gpu_index, int count, std::string instance, double on_demand) {
  catalog::Offering offering;
  offering.id = std::move(id);
  offering.provider = std::move(provider);
  offering.provider_index = provider_index;
  offering.gpu = std::move(gpu);
  offering.gpu_index = gpu_index;
  offering.gpu_count = count;
  offering.instance_type = std::move(instance);
  offering.pricing.on_demand = on_demand;
  offering.regions = {"us-east-1"};
  offering.as_of = "2026-05-01";
  offering.source = "test value";
  return offering;
}

// A candidate whose performance estimate is appended to ranking.performances.
scoring::Candidate make_candidate(scoring::Ranking& ranking, std::uint32_t offering, catalog::PricingMode mode,
                                  double hours, double cost, std::array<double, 5> scores, double needed_gb,
                                  double capacity_gb) {
  const auto& weights = ranking.weights;
  scoring::Candidate candidate;
  candidate.offering_index = offering;
  candidate.mode = mode;
  candidate.hours = hours;
  candidate.total_cost = cost;
  candidate.performance = static_cast<std::uint32_t>(ranking.performances.size());
  auto& performance = ranking.performances.emplace_back();
  auto& memory = performance.memory;
  memory.per_gpu = {14.0e9, 14.0e9, 28.0e9 / 8, needed_gb * 1e9 - 33.5e9, 0, 2.0e9, needed_gb * 1e9};
  memory.plan = {2, workload::Offload::none, 8, 1, 1, 1};
  memory.fits = true;
  memory.gpu_capacity_bytes = capacity_gb * 1e9;
  memory.reason = estimate::PlanReason::lightest_fits;
  auto& compute = performance.compute;
  compute.total_flops = 4.2e19;
  compute.hardware_flops = 4.2e19;
  compute.mfu = 0.40;
  compute.effective_tflops_per_gpu = 124.8;
  compute.mfu_basis = "8 GPUs on NVSwitch: 40% (test value)";
  performance.time.wall_hours = hours;
  performance.time.gpu_hours = hours * 8;
  performance.has_hardware = true;
  auto& cost_line = candidate.cost;
  cost_line.mode = mode;
  cost_line.available = true;
  cost_line.price_per_hour = cost / hours;
  cost_line.compute = cost * 0.9;
  cost_line.egress = cost * 0.1;
  cost_line.total = cost;
  cost_line.instances = 1;
  double score = 0;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    candidate.criteria[i].score = scores[i];
    candidate.criteria[i].contribution = scores[i] * weights.values[i];
    score += candidate.criteria[i].contribution;
  }
  candidate.score = score;
  return candidate;
}

Example make_example() {
  Example example;
  auto& catalog = example.catalog;
  catalog.gpus = {make_gpu("a100-80gb", "NVIDIA A100 80GB", 80, 312),
                  make_gpu("h100-sxm5-80gb", "NVIDIA H100 SXM5 80GB", 80, 989.4)};
  catalog.providers = {make_provider("lambda", "Lambda Cloud", "USD"), make_provider("aliyun", "阿里云", "CNY"),
                       make_provider("runpod", "RunPod", "USD")};
  catalog.offerings = {
      make_offering("lambda/gpu_8x_h100_sxm5", "lambda", 0, "h100-sxm5-80gb", 1, 8, "gpu_8x_h100_sxm5", 23.92),
      make_offering("aliyun/ecs.gn7e-c16g1.32xlarge", "aliyun", 1, "a100-80gb", 0, 8, "ecs.gn7e-c16g1.32xlarge", 180.0),
      make_offering("runpod/8x-a100|comma,quote\"", "runpod", 2, "a100-80gb", 0, 8, "8x A100 | SXM, \"secure\"", 13.52),
      make_offering("lambda/gpu_1x_a100", "lambda", 0, "a100-80gb", 0, 1, "gpu_1x_a100", 1.29),
  };
  catalog.offerings[0].pricing.spot = 12.0;
  catalog.offerings[0].spot_interruption_pct = 7.5;

  auto& profile = example.profile;
  profile.kind = workload::Kind::llm_finetune;
  profile.model_id = "llama-2-7b";
  profile.model_name = "Llama 2 7B <test> & co";
  profile.shape.params = 6.74e9;
  profile.shape.active_params = 6.74e9;
  profile.shape.layers = 32;
  profile.shape.hidden = 4096;
  profile.shape.heads = 32;
  profile.shape.kv_heads = 32;
  profile.shape.ffn = 11008;
  profile.shape.vocab = 32000;
  profile.tokens = 1e8;
  profile.defaults_applied = {"tokens: 1e8 (default for llm-finetune)", "seq_len: 2048 (default)"};

  auto& ranking = example.ranking;
  ranking.weights.values = {0.30, 0.25, 0.20, 0.15, 0.10};
  ranking.profile_name = "balanced";
  ranking.kind = workload::Kind::llm_finetune;
  ranking.currency = "USD";
  ranking.currency_rate = 1.0;
  ranking.currency_as_of = "2026-05-01";
  using catalog::PricingMode;
  ranking.candidates = {
      make_candidate(ranking, 0, PricingMode::on_demand, 11.3456, 271.2345, {91.234, 88.1, 61.37, 80, 70.05}, 61.2,
                     85.9),
      make_candidate(ranking, 2, PricingMode::on_demand, 33.71, 455.78, {70, 62.5, 74.44, 66.6, 60}, 61.2, 85.9),
      make_candidate(ranking, 0, PricingMode::spot, 14.2, 170.4, {40, 88.1, 90, 80, 70.05}, 61.2, 85.9),
      make_candidate(ranking, 1, PricingMode::on_demand, 31.9, 802.1, {85, 62.5, 30, 50, 65}, 61.2, 85.9),
  };
  ranking.candidates[0].pareto = true;
  ranking.candidates[2].pareto = true;
  ranking.candidates[1].warnings = {scoring::Warning::marketplace_host, scoring::Warning::egress_fees};
  ranking.candidates[2].warnings = {scoring::Warning::spot_interruptions};
  ranking.candidates[2].cost.interruption = 12.5;
  ranking.candidates[2].cost.interruption_hours = 2.8;
  // Sorted by score as rank() would; ranks follow.
  std::stable_sort(ranking.candidates.begin(), ranking.candidates.end(),
                   [](const auto& a, const auto& b) { return a.score > b.score; });
  for (std::size_t i = 0; i < ranking.candidates.size(); ++i) ranking.candidates[i].rank = static_cast<int>(i) + 1;
  ranking.best.fastest_hours = 11.3456;
  ranking.best.cheapest_total = 170.4;
  ranking.best.best_speed = 1.0;

  scoring::Exclusion exclusion;
  exclusion.offering_index = 3;
  exclusion.nodes = 1;
  exclusion.reasons = {{scoring::ExclusionKind::memory, 96.4e9, 85.9e9, ""}};
  ranking.excluded = {exclusion};

  scoring::Sensitivity sensitivity;
  sensitivity.samples = 500;
  sensitivity.seed = 42;
  sensitivity.perturbation = 0.2;
  sensitivity.top1_share = 0.874;
  sensitivity.robust = true;
  sensitivity.top = {{0, 1, 2, 1.13}, {1, 1, 3, 2.05}};
  ranking.sensitivity = sensitivity;
  return example;
}

std::string render_recommend(const Example& example, Format format, const Style& style = {}) {
  std::ostringstream out;
  render::recommend(out, format, example.view(), style);
  return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// What an HTML fixture holds in place of the page style sheet, which lives once in the source.
constexpr std::string_view page_css_marker = "/* render::detail::page_css() */";

// Compares with the committed fixture, or rewrites it when GPUSELECT_UPDATE_FIXTURES is set. The
// version in "gpuselect X.Y.Z" is replaced so a release does not touch the fixtures, and the page
// style sheet (exactly it: any other <style> content stays and fails the comparison) by a marker.
void check_fixture(const std::string& name, std::string text) {
  const std::string generator = render::detail::generator_name();
  for (auto at = text.find(generator); at != std::string::npos; at = text.find(generator, at))
    text.replace(at, generator.size(), "gpuselect VERSION");
  const std::string style_sheet = "<style>\n" + std::string(render::detail::page_css()) + "\n</style>";
  if (const auto at = text.find(style_sheet); at != std::string::npos)
    text.replace(at, style_sheet.size(), "<style>\n" + std::string(page_css_marker) + "\n</style>");
  const std::string path = std::string(GPUSELECT_FIXTURES) + "/render/" + name;
  if (std::getenv("GPUSELECT_UPDATE_FIXTURES") != nullptr) {
    std::ofstream(path, std::ios::binary) << text;
    WARN("rewrote " << path);
  }
  INFO("fixture " << path << " (regenerate with GPUSELECT_UPDATE_FIXTURES=1)");
  CHECK(read_file(path) == text);
}

bool has_ansi(const std::string& text) { return text.find('\x1b') != std::string::npos; }

// A decimal comma everywhere std::locale reaches: what a German user's environment does.
struct CommaDecimal : std::numpunct<char> {
  char do_decimal_point() const override { return ','; }
  char do_thousands_sep() const override { return '.'; }
  std::string do_grouping() const override { return "\3"; }
};

}  // namespace

TEST_CASE("format names round-trip", "[render]") {
  for (const auto& name : render::format_names()) {
    const auto format = render::parse_format(name);
    REQUIRE(format);
    CHECK(render::to_string(*format) == name);
  }
  CHECK(render::format_names().front() == "table");
  CHECK(render::parse_format("md") == Format::markdown);
  CHECK_FALSE(render::parse_format("yaml"));
}

TEST_CASE("each document's formats come from the one format table, and its renderer takes them",
          "[render]") {
  using render::Document;
  using Names = std::vector<std::string>;
  // The lists --help, completion and the "choose one of" hint show (docs/cli.md).
  for (const auto document : {Document::recommend, Document::compare, Document::estimate})
    CHECK(render::formats_of(document) == render::format_names());
  CHECK(render::formats_of(Document::catalog_listing) == Names{"table", "json", "csv"});
  CHECK(render::formats_of(Document::catalog_record) == Names{"table", "json"});
  CHECK(render::formats_of(Document::catalog_validation) == Names{"table", "json"});
  CHECK(render::formats_of(Document::config) == Names{"table", "json"});

  const render::ConfigView view{"", {{"top", "10", "default"}, {"weights", "", "default"}}, {}, {}};
  const Example example = make_example();
  for (const auto& name : render::format_names()) {
    const Format format = *render::parse_format(name);
    const auto listed = [&](Document document) {
      const Names names = render::formats_of(document);
      return std::find(names.begin(), names.end(), name) != names.end();
    };
    std::ostringstream config;
    std::ostringstream gpus;
    if (listed(Document::config)) {
      render::config(config, format, view, {});
      CHECK_FALSE(config.str().empty());
    } else {
      CHECK_THROWS_AS(render::config(config, format, view, {}), Error);
    }
    // The listing renderers also draw markdown, which the catalog commands do not offer (yet).
    if (listed(Document::catalog_listing)) {
      render::gpus(gpus, format, example.catalog, {});
      CHECK_FALSE(gpus.str().empty());
    }
  }
  std::ostringstream table;
  render::config(table, Format::table, view, {});
  CHECK(table.str().rfind("config file: (none)\n", 0) == 0);
  CHECK(table.str().find("(profile's)") != std::string::npos);  // an empty weights value is the profile's
}

TEST_CASE("display width counts East Asian wide characters as two columns", "[render]") {
  CHECK(render::display_width("lambda") == 6);
  CHECK(render::display_width("阿里云") == 6);
  CHECK(render::display_width("ＡＢ") == 4);       // fullwidth forms
  CHECK(render::display_width("e\xCC\x81") == 1);  // e + combining acute
  CHECK(render::display_width("\x1b[1mbold\x1b[0m") == 4);
  CHECK(render::display_width("…") == 1);
  CHECK(render::display_width("한국") == 4);
}

TEST_CASE("truncation keeps whole UTF-8 characters and ends in an ellipsis", "[render]") {
  using render::detail::truncate_to_width;
  CHECK(truncate_to_width("abcdef", 4) == "abc…");
  CHECK(truncate_to_width("abc", 4) == "abc");
  const std::string cut = truncate_to_width("阿里云计算", 6);
  CHECK(cut == "阿里…");  // 2 + 2 + 1 columns: a wide char never straddles the edge
  CHECK(render::display_width(cut) <= 6);
}

TEST_CASE("wrapping keeps every word and fits the width", "[render]") {
  using render::detail::wrap_to_width;
  using render::detail::wrapped;
  const std::string text = "strongest: cost 100/100: $29.69 vs cheapest $29.69; weakest: stability 55/100";
  for (int width = 1; width <= 90; ++width) {
    const auto lines = wrap_to_width(text, width);
    std::string rejoined;
    for (const auto& line : lines) {
      INFO("width " << width << ": " << line);
      CHECK(render::display_width(line) <= width);
      rejoined += line;
    }
    std::string without_spaces = text;
    std::erase(without_spaces, ' ');
    std::erase(rejoined, ' ');
    CHECK(rejoined == without_spaces);  // nothing lost but the spaces at the breaks
  }
  CHECK(wrap_to_width("阿里云 计算", 6) == std::vector<std::string>{"阿里云", "计算"});
  // East Asian text breaks between its characters, not only at spaces; a closing mark never starts a
  // line and an opening one never ends one.
  CHECK(wrap_to_width("阿里云计算", 6) == std::vector<std::string>{"阿里云", "计算"});
  const std::string chinese = "最强项：性能 100/100：3.2 h，在 4.0 h 的周转时间内（更快不再加分）；最弱项：服务支持 39/100";
  for (int width = 10; width <= 40; ++width) {
    const auto lines = wrap_to_width(chinese, width);
    std::string rejoined;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      INFO("width " << width << ": " << lines[i]);
      CHECK(render::display_width(lines[i]) <= width);
      if (i > 0) {
        for (const std::string_view mark : {"，", "：", "；", "）"}) CHECK_FALSE(lines[i].starts_with(mark));
      }
      CHECK_FALSE(lines[i].ends_with("（"));
      rejoined += lines[i];
    }
    std::string without_spaces = chinese;
    std::erase(without_spaces, ' ');
    std::erase(rejoined, ' ');
    CHECK(rejoined == without_spaces);
    if (width >= 30) CHECK(lines.size() <= 4);  // full lines, not one phrase a line
  }
  CHECK(wrapped("Job      ", "one two three", 14, 9) == "Job      one\n         two\n         three\n");
}

TEST_CASE("markdown prose breaks only at its own spaces: the rendered page reads as the text", "[render][lang]") {
  using render::detail::markdown_wrapped;
  // A soft line break renders as a space: a break between Chinese characters would add one.
  std::string sentence;
  for (int i = 0; i < 60; ++i) sentence += "稳定性";
  CHECK(markdown_wrapped("- ", sentence, 2) == "- " + sentence + "\n");
  // The sentence fills a line of its own, wider than the width; the break comes at the next space.
  const std::string mixed = sentence + " 最强项：性能 100/100：3.2 h，在 4.0 h 的周转时间内（更快不再加分）；最弱项：服务支持 39/100";
  const std::string out = markdown_wrapped("- ", mixed, 2);
  std::string rejoined;
  for (const auto& line : lines_of(out)) rejoined += (rejoined.empty() ? line.substr(2) : " " + line.substr(2));
  CHECK(rejoined == mixed);  // every break was a space of the text
  CHECK(std::count(out.begin(), out.end(), '\n') >= 2);
  // A long URL stays whole as well.
  const std::string url = "see https://example.com/" + std::string(120, 'a') + " now";
  CHECK(markdown_wrapped("", url, 0).find("https://example.com/" + std::string(120, 'a') + "\n") != std::string::npos);
}

TEST_CASE("TextTable never cuts a whole column and wraps a wrap column", "[render]") {
  TextTable table;
  table.columns = {{"#", TextTable::Align::right},
                   {"offering", TextTable::Align::left, false, false, true},
                   {"why", TextTable::Align::left, true, true}};
  table.rows = {{"1", "nebius/gpu-h200-sxm_8gpu-128vcpu-1600gb", "strongest: performance 100/100 on two nodes"}};
  const std::string text = table.render(60, false);
  CHECK(text.find("nebius/gpu-h200-sxm_8gpu-128vcpu-1600gb") != std::string::npos);
  CHECK(text.find("…") == std::string::npos);
  CHECK(text.find("nodes") != std::string::npos);  // wrapped onto a line of its own, not cut
  for (const auto& line : lines_of(text)) CHECK(render::display_width(line) <= 60);
}

TEST_CASE("TextTable fits the width, shrinking flexible columns with an ellipsis", "[render]") {
  TextTable table;
  table.columns = {
      {"#", TextTable::Align::right}, {"Name", TextTable::Align::left, true}, {"Cost", TextTable::Align::right}};
  table.rows = {{"1", "a very long offering name that cannot fit in a narrow terminal", "$412.00"},
                {"2", "short", "$9.10"}};
  const std::string wide = table.render(200, false);
  CHECK(wide.find("cannot fit in a narrow terminal") != std::string::npos);
  CHECK(wide.find("…") == std::string::npos);

  const std::string narrow = table.render(40, false);
  CHECK(narrow.find("…") != std::string::npos);
  CHECK(narrow.find("$412.00") != std::string::npos);  // fixed columns keep their text
  for (const auto& line : lines_of(narrow)) CHECK(render::display_width(line) <= 40);
  CHECK(lines_of(narrow).size() == 4);  // header, rule, two rows: nothing wrapped

  for (int width = 1; width <= 90; ++width) {
    for (const auto& line : lines_of(table.render(width, false))) {
      INFO("width " << width << ": " << line);
      CHECK(render::display_width(line) <= width);
    }
  }
}

TEST_CASE("TextTable aligns columns after CJK text", "[render]") {
  TextTable table;
  table.columns = {{"Provider"}, {"GPU"}};
  table.rows = {{"阿里云", "A100"}, {"lambda", "H100"}, {"RunPod Inc", "A10"}};
  const auto lines = lines_of(table.render(80, false));
  REQUIRE(lines.size() == 5);
  // The second column starts at the same display column on every line.
  auto gpu_column = [](const std::string& line, std::string_view gpu) {
    return render::display_width(line.substr(0, line.find(gpu)));
  };
  CHECK(gpu_column(lines[2], "A100") == gpu_column(lines[3], "H100"));
  CHECK(gpu_column(lines[3], "H100") == gpu_column(lines[4], "A10"));
  CHECK(gpu_column(lines[0], "GPU") == gpu_column(lines[4], "A10"));
}

TEST_CASE("colour codes appear only when asked for", "[render]") {
  const Example example = make_example();
  Style plain;
  plain.color = false;
  Style coloured;
  coloured.color = true;
  CHECK_FALSE(has_ansi(render_recommend(example, Format::table, plain)));
  CHECK(has_ansi(render_recommend(example, Format::table, coloured)));
  CHECK_FALSE(has_ansi(render_recommend(example, Format::markdown, coloured)));
  CHECK_FALSE(has_ansi(render_recommend(example, Format::csv, coloured)));
}

TEST_CASE("recommend table states the job and fits the terminal", "[render]") {
  const Example example = make_example();
  Style style;
  style.width = 200;
  style.show_pareto = true;
  style.show_excluded = true;
  const std::string text = render_recommend(example, Format::table, style);
  CHECK(text.find("1.0e8 tokens (default for llm-finetune)") != std::string::npos);
  CHECK(text.find("61.2/85.9 GB") != std::string::npos);
  CHECK(text.find("balanced: stability 0.30, performance 0.25, cost 0.20, usability 0.15, support 0.10") !=
        std::string::npos);
  // The plan shows its own micro-batch (searched per plan), the Job line says it is searched.
  CHECK(text.find("ZeRO-2, micro-batch 1, 8 GPUs x 1 node") != std::string::npos);
  CHECK(text.find("micro-batch searched per plan") != std::string::npos);
  CHECK(text.find("8x H100 SXM5 80GB") != std::string::npos);
  CHECK(text.find("Excluded") != std::string::npos);
  CHECK(text.find("lambda/gpu_1x_a100") != std::string::npos);
  CHECK(text.find("on the cost-time Pareto frontier") != std::string::npos);
  CHECK(text.find("Sensitivity: #1 stays first in 87% of 500 samples") != std::string::npos);
  CHECK(text.find("W-SPOT (#") != std::string::npos);

  for (const int width : {60, 80, 120}) {
    style.width = width;
    for (const auto& line : lines_of(render_recommend(example, Format::table, style))) {
      INFO("width " << width << ": " << line);
      CHECK(render::display_width(line) <= width);
    }
  }
}

TEST_CASE("Style::top limits the human formats, JSON and CSV carry every candidate unless machine_top", "[render]") {
  const Example example = make_example();
  Style style;
  style.top = 2;
  style.width = 200;
  const std::string table = render_recommend(example, Format::table, style);
  CHECK(table.find("Showing 2 of 4 candidates") != std::string::npos);
  const std::string markdown = render_recommend(example, Format::markdown, style);
  CHECK(markdown.find("\n3. **") == std::string::npos);
  CHECK(markdown.find("\n2. **") != std::string::npos);
  const auto json = nlohmann::json::parse(render_recommend(example, Format::json, style));
  CHECK(json["candidates"].size() == 4);
  CHECK(lines_of(render_recommend(example, Format::csv, style)).size() == 5);
  style.machine_top = 1;
  const auto first = nlohmann::json::parse(render_recommend(example, Format::json, style));
  REQUIRE(first["candidates"].size() == 1);
  CHECK(first["summary"]["candidates"] == 4);
  CHECK(first["summary"]["shown"] == 1);
  CHECK(first["performances"].size() == 1);
  CHECK(first["candidates"][0]["performance"] == 0);
  CHECK(lines_of(render_recommend(example, Format::csv, style)).size() == 2);
}

TEST_CASE("CSV quotes commas, quotes and line breaks and ends records in CRLF", "[render]") {
  using render::detail::csv_field;
  CHECK(csv_field("plain") == "plain");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csv_field("two\nlines") == "\"two\nlines\"");
  CHECK(csv_field("cr\r") == "\"cr\r\"");
  CHECK(render::detail::csv_number(1.0) == "1");
  CHECK(render::detail::csv_number(412.37) == "412.37");

  const Example example = make_example();
  const std::string csv = render_recommend(example, Format::csv);
  CHECK(
      csv.starts_with("rank,offering_id,provider,instance_type,gpu,gpu_count,nodes,pricing_mode,score,"
                      "stability_score,performance_score,cost_score,usability_score,support_score,"
                      "memory_per_gpu_bytes,gpu_capacity_bytes,hours,cost,currency,pareto,instances,gpus_rented,"
                      "per_million_output_tokens,commitment,interruption_hours,uninterrupted_probability,"
                      "estimated,hours_low,hours_high,in_calibrated_regime,region,other_regions,replicas,spare_replicas,"
                        "load_per_replica_per_s,utilization,per_thousand_images,images_per_s,image_latency_ms\r\n"));
  CHECK(csv.find("\"runpod/8x-a100|comma,quote\"\"\"") != std::string::npos);
  CHECK(csv.find("\"8x A100 | SXM, \"\"secure\"\"\"") != std::string::npos);
  // Every line break is CRLF.
  for (std::size_t at = csv.find('\n'); at != std::string::npos; at = csv.find('\n', at + 1)) {
    REQUIRE(at > 0);
    CHECK(csv[at - 1] == '\r');
  }
  CHECK(csv.find(",271.23,USD,true,") != std::string::npos);
}

TEST_CASE("markdown escapes pipes so every row keeps its cells", "[render]") {
  CHECK(render::detail::markdown_cell("a|b\\c\nd") == "a\\|b\\\\c d");
  const Example example = make_example();
  const std::string markdown = render_recommend(example, Format::markdown);
  CHECK(markdown.find("8x A100 \\| SXM, \"secure\"") != std::string::npos);
  // Each table row has exactly 10 unescaped pipes (9 cells).
  for (const auto& line : lines_of(markdown)) {
    if (!line.starts_with("| ")) continue;
    std::size_t pipes = 0;
    for (std::size_t i = 0; i < line.size(); ++i)
      if (line[i] == '|' && (i == 0 || line[i - 1] != '\\')) ++pipes;
    INFO(line);
    CHECK(pipes == 10);
  }
  CHECK(markdown.find("#### Why") != std::string::npos);
  CHECK(markdown.find("Warning `W-SPOT`") != std::string::npos);
}

TEST_CASE("recommend JSON has the fixed fields and stable numbers", "[render]") {
  const Example example = make_example();
  const auto document = render::recommend_json(example.view());
  CHECK(document.begin().key() == "schema_version");
  CHECK(document["schema_version"] == 3);
  for (const char* key : {"generator", "workload", "weights", "profile", "currency", "providers", "gpus", "performances",
                          "candidates", "warning_messages", "excluded", "sensitivity", "summary"})
    CHECK(document.contains(key));
  CHECK(document["workload"]["kind"] == "llm-finetune");
  CHECK(document["workload"]["defaults_applied"].size() == 2);
  CHECK(document["weights"]["stability"] == 0.3);
  CHECK(document["currency"]["code"] == "USD");
  CHECK(document["summary"]["candidates"] == 4);
  CHECK(document["summary"]["excluded"] == 1);
  CHECK(document["excluded"][0]["pricing_mode"].is_null());
  CHECK(document["excluded"][0]["reasons"].size() == 1);
  CHECK(document["sensitivity"]["top"][0]["best_rank"] == 1);

  for (const auto& candidate : document["candidates"]) {
    for (const char* key : {"rank", "offering_id", "provider", "instance_type", "gpu", "gpu_count", "nodes",
                            "pricing_mode", "score", "criteria", "performance", "time", "cost", "explanation_items",
                            "warnings", "pareto"})
      CHECK(candidate.contains(key));
    // Schema 3: each explanation line once, as an item with its words in `text`.
    CHECK_FALSE(candidate.contains("explanation"));
    for (const auto& item : candidate["explanation_items"]) {
      CHECK(item["text"].is_string());
      CHECK_FALSE(item["text"].get<std::string>().empty());
    }
    double sum = 0;
    for (const char* criterion : {"stability", "performance", "cost", "usability", "support"}) {
      const auto& part = candidate["criteria"][criterion];
      CHECK(part.contains("score"));
      CHECK_FALSE(part.contains("weight"));  // the document's weights
      sum += part["contribution"].get<double>();
    }
    CHECK(std::abs(sum - candidate["score"].get<double>()) <= 1e-9);
    const auto& performance = document["performances"].at(candidate["performance"].get<std::size_t>());
    for (const char* key : {"weights_bytes", "gradients_bytes", "optimizer_bytes", "activations_bytes",
                            "kv_cache_bytes", "overhead_bytes", "total_bytes"})
      CHECK(performance["memory"]["per_gpu"][key].is_number_integer());
    CHECK(performance["memory"]["plan"]["zero_stage"] == 2);
    CHECK(performance["memory"]["fits"] == true);
    for (const char* key : {"total", "price_per_hour", "compute", "egress", "public_ip", "storage", "interruption"})
      CHECK(candidate["cost"].contains(key));
  }
  const auto& first = document["candidates"][0];
  CHECK(first["rank"] == 1);
  CHECK(first["cost"]["total"] == 271.23);      // cents
  CHECK(first["time"]["wall_hours"] == 11.35);  // 4 significant digits
  CHECK(document["performances"][0]["memory"]["per_gpu"]["total_bytes"] == 61200000000);
  // The MFU basis is written once per machine shape, not per candidate.
  CHECK(document["performances"][0]["compute"]["mfu_basis"] == "8 GPUs on NVSwitch: 40% (test value)");
  CHECK(document["providers"]["lambda"]["name"] == "Lambda Cloud");
  CHECK(first["warnings"].is_array());
  const auto& warning = document["candidates"][2]["warnings"][0];
  CHECK(warning["code"].is_string());
  CHECK(document["warning_messages"][warning["message"].get<std::size_t>()].is_string());
}

TEST_CASE("JSON output is byte-identical and matches the committed example", "[render]") {
  const Example example = make_example();
  Style pretty;
  pretty.pretty = true;
  const std::string once = render_recommend(example, Format::json, pretty);
  const std::string twice = render_recommend(make_example(), Format::json, pretty);
  CHECK(once == twice);
  CHECK(once.back() == '\n');
  CHECK(once.find("\n  \"generator\"") != std::string::npos);  // 2-space indent
  check_fixture("recommend-example.json", once);
  // Compact by default: the same document on one line.
  const std::string compact = render_recommend(example, Format::json);
  CHECK(compact.find('\n') == compact.size() - 1);
  CHECK(nlohmann::json::parse(compact) == nlohmann::json::parse(once));
}

TEST_CASE("JSON numbers ignore the user's locale", "[render]") {
  const Example example = make_example();
  const std::string reference = render_recommend(example, Format::json);
  const std::locale previous = std::locale::global(std::locale(std::locale::classic(), new CommaDecimal));
  std::ostringstream out;
  out.imbue(std::locale());
  render::recommend(out, Format::json, example.view(), {});
  std::string csv_text;
  {
    std::ostringstream csv;
    csv.imbue(std::locale());
    render::recommend(csv, Format::csv, example.view(), {});
    csv_text = csv.str();
  }
  std::locale::global(previous);
  CHECK(out.str() == reference);
  CHECK(csv_text == render_recommend(example, Format::csv));

  // A real German locale also changes the C library's decimal point; skipped where not installed.
  try {
    const std::locale german("de_DE.UTF-8");
    const std::locale before = std::locale::global(german);
    const char* c_before = std::setlocale(LC_ALL, nullptr);
    const std::string saved_c = c_before != nullptr ? c_before : "C";
    std::setlocale(LC_ALL, "de_DE.UTF-8");
    std::ostringstream german_out;
    german_out.imbue(german);
    render::recommend(german_out, Format::json, example.view(), {});
    std::setlocale(LC_ALL, saved_c.c_str());
    std::locale::global(before);
    CHECK(german_out.str() == reference);
  } catch (const std::runtime_error&) {
    WARN("de_DE.UTF-8 locale not installed; checked a comma-decimal std::locale only");
  }
}

TEST_CASE("HTML report is one self-contained file with a cost-time chart", "[render]") {
  const Example example = make_example();
  Style style;
  style.show_pareto = true;
  style.show_excluded = true;
  style.generated_by = "gpuselect test";
  const std::string html = render_recommend(example, Format::html, style);
  CHECK(html.starts_with("<!DOCTYPE html>"));
  for (const char* external :
       {"http://", "https://", "<script", "<link", "<img", "<iframe", "url(", "@import", "src=", "href="})
    CHECK(html.find(external) == std::string::npos);
  CHECK(html.find("<svg") != std::string::npos);
  CHECK(html.find("<path class=\"frontier\" d=\"M") != std::string::npos);
  CHECK(html.find("class=\"frontier-point\"") != std::string::npos);
  CHECK(html.find("Wall time") != std::string::npos);
  CHECK(html.find("Job cost, USD") != std::string::npos);
  CHECK(html.find("Llama 2 7B &lt;test&gt; &amp; co") != std::string::npos);
  CHECK(html.find("<test>") == std::string::npos);
  CHECK(html.find("class=\"stack\"") != std::string::npos);
  CHECK(html.find("Excluded") != std::string::npos);
  CHECK(html == render_recommend(make_example(), Format::html, style));
  // The fixture holds a marker for the style sheet: the page itself carries it, once.
  const std::string style_sheet = "<style>\n" + std::string(render::detail::page_css()) + "\n</style>";
  CHECK(html.find(style_sheet) != std::string::npos);
  CHECK(html.find("<style>") == html.rfind("<style>"));
  check_fixture("report-example.html", html);
}

TEST_CASE("grid_html escapes text cells and classes and writes only markup columns as they are", "[render]") {
  render::detail::Grid grid;
  grid.title = "T <1>";
  grid.columns = {{"# <n>", TextTable::Align::right}, {"name"}, {"bar"}};
  grid.rows = {{"1", "<b>x</b> & \"y\"", "<span class=\"stack\"></span>"}, {"2", "plain"}};
  const std::string plain = render::detail::grid_html(grid);
  CHECK(plain ==
        "<h2>T &lt;1&gt;</h2>\n<table>\n<thead><tr><th class=\"num\"># &lt;n&gt;</th><th>name</th><th>bar</th></tr>"
        "</thead>\n<tbody>\n<tr><td class=\"num\">1</td><td>&lt;b&gt;x&lt;/b&gt; &amp; &quot;y&quot;</td>"
        "<td>&lt;span class=&quot;stack&quot;&gt;&lt;/span&gt;</td></tr>\n"
        "<tr><td class=\"num\">2</td><td>plain</td><td></td></tr>\n</tbody>\n</table>\n");

  grid.html.table_class = "ranking";
  grid.html.row_classes = {"pareto"};                   // the second row has none
  grid.html.column_classes = {"", "warn \"><script>"};  // a class is text too
  grid.html.markup_columns = {false, false, true};
  const std::string styled = render::detail::grid_html(grid);
  // The header keeps its "num" class only; column classes are for the body cells.
  for (const char* expected :
       {"<table class=\"ranking\">\n", "<th>name</th>", "<tr class=\"pareto\"><td class=\"num\">1</td>",
        "<tr><td class=\"num\">2</td>", "<td class=\"warn &quot;&gt;&lt;script&gt;\">&lt;b&gt;x",
        "<td><span class=\"stack\"></span></td>"})
    CHECK(styled.find(expected) != std::string::npos);
  CHECK(styled.find("<script") == std::string::npos);
  CHECK(styled.find("<b>") == std::string::npos);
}

TEST_CASE("HTML report escapes hostile catalog names in every table, tooltip and chart label", "[render]") {
  Example example = make_example();
  const std::string hostile = "<script>alert(1)</script>\"'&";
  const std::string escaped = "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;";
  for (auto& offering : example.catalog.offerings) offering.id += hostile;
  for (auto& gpu : example.catalog.gpus) gpu.name += hostile;
  for (auto& provider : example.catalog.providers) provider.name += hostile;
  example.profile.model_name += hostile;
  Style style;
  style.show_pareto = true;
  style.show_excluded = true;
  const std::string html = render_recommend(example, Format::html, style);
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find(hostile) == std::string::npos);
  auto occurrences = [](const std::string& text, std::string_view needle) {
    std::size_t n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
  };
  const auto section = [&](std::string_view from, std::string_view to) {
    const auto begin = html.find(from);
    REQUIRE(begin != std::string::npos);
    return html.substr(begin, html.find(to, begin) - begin);
  };
  // Each table names its offerings, escaped: ranking and criteria a header and 4 rows, excluded 1 row.
  const std::string ranking = section("<table class=\"ranking\">", "</table>");
  const std::string criteria = section("<table class=\"criteria\">", "</table>");
  const std::string excluded = section("<h2>Excluded</h2>", "</table>");
  CHECK(occurrences(ranking, "<tr") == 5);
  CHECK(occurrences(criteria, "<tr") == 5);
  // (Ranking cells carry their column's header for the narrow cards.)
  CHECK(occurrences(ranking, "<td data-label=\"Offering\">lambda/gpu_8x_h100_sxm5" + escaped + "</td>") == 2);
  CHECK(occurrences(ranking, "<td data-label=\"Offering\">runpod/8x-a100|comma,quote&quot;" + escaped + "</td>") == 1);
  // The warning chips' tooltips and the Warnings table name the provider.
  CHECK(occurrences(ranking, "title=\"RunPod" + escaped) == 2);
  CHECK(section("<h2>Warnings</h2>", "</table>").find("<td>RunPod" + escaped) != std::string::npos);
  CHECK(occurrences(criteria, escaped) == 4);
  CHECK(occurrences(excluded, escaped) == 1);
  // The chart's point titles and the job summary are text too.
  CHECK(section("<svg", "</svg>").find(escaped) != std::string::npos);
  CHECK(section("<dl class=\"job\">", "</dl>").find("Llama 2 7B &lt;test&gt; &amp; co" + escaped) != std::string::npos);
}

TEST_CASE("an empty ranking renders in every format", "[render]") {
  Example example = make_example();
  example.ranking.candidates.clear();
  example.ranking.sensitivity.reset();
  example.ranking.top_exclusion = scoring::ExclusionKind::memory;
  for (const auto& name : render::format_names()) {
    const std::string text = render_recommend(example, *render::parse_format(name));
    CHECK_FALSE(text.empty());
  }
  CHECK(render_recommend(example, Format::table).find("No offering satisfies") != std::string::npos);
  const auto json = render::recommend_json(example.view());
  CHECK(json["candidates"].empty());
  CHECK(json["summary"]["top_exclusion"].is_string());
}

// The estimate behind a candidate with its own cost line filled, as `gpuselect estimate` makes one.
estimate::Estimate priced_estimate(const Example& example, const scoring::Candidate& candidate) {
  estimate::Estimate estimate;
  estimate.performance = example.ranking.performance_of(candidate);
  estimate.costs[static_cast<std::size_t>(candidate.mode)] = candidate.cost;
  estimate.has_price = true;
  return estimate;
}

TEST_CASE("estimate JSON has the fixed fields, costs per mode only with an offering", "[render]") {
  const Example example = make_example();
  const auto& candidate = example.ranking.candidates.front();
  estimate::Estimate estimate = priced_estimate(example, candidate);
  const auto without = render::estimate_json(example.catalog, example.profile, estimate, nullptr);
  CHECK(without.begin().key() == "schema_version");
  for (const char* key : {"weights_bytes", "gradients_bytes", "optimizer_bytes", "activations_bytes", "kv_cache_bytes",
                          "overhead_bytes", "total_bytes"})
    CHECK(without["memory"]["per_gpu"].contains(key));
  CHECK(without["memory"].contains("cpu_offload_bytes"));
  for (const char* key : {"zero_stage", "offload", "gpus_per_node", "nodes", "tensor_parallel"})
    CHECK(without["memory"]["plan"].contains(key));
  CHECK(without["memory"]["fits"] == true);
  CHECK(without["memory"].contains("gpu_capacity_bytes"));
  for (const char* key : {"total_flops", "mfu", "effective_tflops_per_gpu"}) CHECK(without["compute"].contains(key));
  for (const char* key : {"wall_hours", "gpu_hours"}) CHECK(without["time"].contains(key));
  for (const char* key : {"decode_tokens_per_s", "prefill_tokens_per_s", "replicas"})
    CHECK(without["throughput"].contains(key));
  CHECK(without["cost"].is_null());
  CHECK(without["assumptions"].is_array());

  estimate.performance.has_hardware = false;
  CHECK_FALSE(render::estimate_json(example.catalog, example.profile, estimate, nullptr)["memory"].contains("fits"));
  estimate.performance.has_hardware = true;

  estimate.costs[static_cast<std::size_t>(catalog::PricingMode::reserved_1y)].available = true;
  estimate.costs[static_cast<std::size_t>(catalog::PricingMode::reserved_1y)].break_even_utilisation_pct = 62.04;
  const auto with = render::estimate_json(example.catalog, example.profile, estimate, &example.catalog.offerings[0]);
  CHECK(with["offering"]["offering_id"] == "lambda/gpu_8x_h100_sxm5");
  CHECK(with["cost"]["on_demand"]["total"] == 271.23);
  CHECK(with["cost"]["spot"].is_null());
  CHECK(with["cost"]["reserved_1y"]["break_even_utilisation_pct"] == 62.0);
  CHECK(with["cost"]["reserved_3y"].is_null());
  CHECK_FALSE(with["cost"]["on_demand"].contains("per_million_output_tokens"));  // training job
}

TEST_CASE("estimate renders in every format", "[render]") {
  const Example example = make_example();
  const auto estimate = priced_estimate(example, example.ranking.candidates.front());
  const auto* offering = &example.catalog.offerings[0];
  for (const auto& name : render::format_names()) {
    std::ostringstream out;
    render::estimate(out, *render::parse_format(name), example.catalog, example.profile, estimate, offering, {});
    CHECK_FALSE(out.str().empty());
  }
  std::ostringstream table;
  Style style;
  style.width = 72;
  render::estimate(table, Format::table, example.catalog, example.profile, estimate, offering, style);
  const std::string text = table.str();
  CHECK(text.find("Memory per GPU") != std::string::npos);
  CHECK(text.find("61.2 GB") != std::string::npos);
  CHECK(text.find("Cost per pricing mode") != std::string::npos);
  CHECK(text.find("Assumptions") != std::string::npos);
  for (const auto& line : lines_of(text)) CHECK(render::display_width(line) <= 72);
  std::ostringstream html;
  render::estimate(html, Format::html, example.catalog, example.profile, estimate, offering, {});
  CHECK(html.str().find("http") == std::string::npos);
}

TEST_CASE("compare puts offerings side by side with criteria, indicators and estimates", "[render]") {
  const Example example = make_example();
  Style style;
  style.width = 160;
  std::ostringstream out;
  render::compare(out, Format::table, example.view(), style);
  const std::string text = out.str();
  const auto lines = lines_of(text);
  // The overview header row names every compared offering.
  CHECK(text.find("lambda/gpu_8x_h100_sxm5") != std::string::npos);
  CHECK(text.find("aliyun/ecs.gn7e-c16g1.32xlarge") != std::string::npos);
  for (const char* figure :
       {"stability (weight 0.30)", "support (weight 0.10)", "memory per GPU", "total cost", "wall time", "Indicators"})
    CHECK(text.find(figure) != std::string::npos);
  for (const auto& line : lines) CHECK(render::display_width(line) <= 160);

  const auto json = render::compare_json(example.view());
  CHECK(json["document"] == "compare");
  CHECK(json["candidates"][0].contains("indicators"));
  CHECK(json["candidates"][0]["indicators"].contains("support"));

  std::ostringstream csv;
  render::compare(csv, Format::csv, example.view(), style);
  CHECK(csv.str().starts_with("section,Figure,"));
}

TEST_CASE("catalog listings in table, json and csv", "[render]") {
  const Example example = make_example();
  board::Query query;  // every pricing mode: each example offering has a row
  const board::Board price_board = board::build(example.catalog, query);
  Style style;
  style.width = 90;

  std::ostringstream table;
  render::price_board(table, Format::table, example.catalog, price_board, style);
  CHECK(table.str().find(units::format_money(180.0, "CNY")) != std::string::npos);  // provider currency
  for (const auto& line : lines_of(table.str())) CHECK(render::display_width(line) <= 90);

  std::ostringstream json;
  render::price_board(json, Format::json, example.catalog, price_board, style);
  const auto offerings = nlohmann::json::parse(json.str());
  CHECK(offerings["schema_version"] == 1);
  CHECK(offerings["offerings"].size() == 4);
  CHECK(offerings["rows"].size() == price_board.rows.size());

  std::ostringstream gpus_json;
  render::gpus(gpus_json, Format::json, example.catalog, style);
  CHECK(nlohmann::json::parse(gpus_json.str())["gpus"].size() == 2);
  std::ostringstream providers_json;
  render::providers(providers_json, Format::json, example.catalog, style);
  CHECK(nlohmann::json::parse(providers_json.str())["providers"].size() == 3);

  std::ostringstream csv;
  render::price_board(csv, Format::csv, example.catalog, price_board, style);
  CHECK(csv.str().starts_with("id,provider,gpu,instance_type,gpu_count,"));
  CHECK(csv.str().find(",180,") != std::string::npos);
  CHECK(lines_of(csv.str()).size() == price_board.rows.size() + 1);

  std::ostringstream providers_table;
  style.width = 120;
  render::providers(providers_table, Format::table, example.catalog, style);
  CHECK(providers_table.str().find("阿里云") != std::string::npos);

  std::ostringstream html;
  CHECK_THROWS_AS(render::gpus(html, Format::html, example.catalog, style), Error);
}

TEST_CASE("the JSON writer escapes a byte wherever it falls in its block scan", "[render]") {
  // The writer tests 16 bytes at a time whether a string needs escaping (8 without SSE2), a short
  // string as one block padded with spaces and the end of a long one as an overlapping block: every
  // byte that needs it (and its neighbours that do not), at every offset of strings of 1 to 40 bytes,
  // against dump().
  const std::vector<std::string> bytes = {std::string(1, '\0'), "\x01", "\x1f", "\"", "\\", "\x7f", "\x80", "\xff",
                                          "\xc3\xa9", " ", "~", "!", "#", "[", "]"};
  for (std::size_t length = 1; length <= 40; ++length) {
    for (std::size_t at = 0; at < length; ++at) {
      for (const auto& byte : bytes) {
        std::string text(length, 'a');
        text.replace(at, 1, byte);
        std::ostringstream written;
        render::write_json(written, nlohmann::ordered_json(text), false);
        INFO("length " << length << ", byte " << static_cast<int>(static_cast<unsigned char>(byte[0])) << " at " << at);
        CHECK(written.str() == nlohmann::ordered_json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) +
                                   "\n");
      }
    }
  }
}

TEST_CASE("the JSON writer's short decimals are nlohmann's digits", "[render]") {
  // detail::short_decimal writes n / 10^k (n < 10^8, k <= 4) itself; nlohmann's Grisu2 digits are
  // not always the shortest (549206743.5176 -> 549206743.5176001), so the two are compared: every
  // n below 200,000 at each k, with both signs, and random n below 10^8; and the doubles it must
  // leave to nlohmann (more digits, not a short decimal, zero's sign kept).
  constexpr std::array<double, 5> powers{1.0, 10.0, 100.0, 1000.0, 10000.0};
  std::size_t short_count = 0;
  std::size_t differ = 0;
  std::string first_difference;
  const auto compare = [&](double number) {
    std::array<char, 64> fast{};
    std::array<char, 64> reference{};
    char* fast_end = detail::short_decimal(fast.data(), number);
    if (fast_end == nullptr) return;
    ++short_count;
    char* reference_end = nlohmann::detail::to_chars(reference.data(), reference.data() + reference.size(), number);
    if (std::string(fast.data(), fast_end) != std::string(reference.data(), reference_end)) {
      if (differ++ == 0) first_difference = std::string(reference.data(), reference_end) + " written as " +
                                            std::string(fast.data(), fast_end);
    }
  };
  std::mt19937_64 random(33);
  for (const double power : powers) {
    for (std::int64_t n = 0; n < 200000; ++n) {
      compare(static_cast<double>(n) / power);
      compare(-static_cast<double>(n) / power);
    }
    for (int draw = 0; draw < 200000; ++draw) compare(static_cast<double>(random() % 100000000U) / power);
  }
  INFO(first_difference);
  CHECK(differ == 0);
  CHECK(short_count > 2000000);
  std::array<char, 64> out{};
  for (const double other : {549206743.5176, 0.1 + 0.2, 1e-5, 0.00005, 1.0 / 3.0, 4.2e19, 123456789.0}) {
    INFO(other);
    CHECK(detail::short_decimal(out.data(), other) == nullptr);
  }
  const auto written = [&](double number) {
    return std::string(out.data(), detail::short_decimal(out.data(), number));
  };
  CHECK(written(0.0) == "0.0");
  CHECK(written(-0.0) == "-0.0");
  CHECK(written(5.0) == "5.0");
  CHECK(written(0.05) == "0.05");
  CHECK(written(-12.5) == "-12.5");
  CHECK(written(99999999.0) == "99999999.0");
}

TEST_CASE("the streaming JSON writer writes exactly what nlohmann's dump() writes", "[render]") {
  // Numbers, escapes, non-ASCII, invalid UTF-8, nesting and empty containers, in both layouts.
  const nlohmann::ordered_json tree = {
      {"integer", 42},
      {"negative", -7},
      {"unsigned", std::uint64_t{18446744073709551615ULL}},
      {"whole double", 5.0},
      {"big", 4.2e19},
      {"small", 1e-5},
      {"fraction", 0.1},
      {"negative zero", -0.0},
      {"not finite", std::numeric_limits<double>::infinity()},
      {"text", "plain"},
      {"escapes", "quote \" backslash \\ tab \t newline \n bell \x07"},
      {"unicode", "CJK 显卡 and ≈"},
      {"invalid utf-8", "bad \xC3\x28 byte \xFF"},
      {"empty object", nlohmann::ordered_json::object()},
      {"empty array", nlohmann::ordered_json::array()},
      {"nested", {{"list", {1, "two", nullptr, true, false, {{"deep", 0.25}}}}}},
  };
  for (const bool pretty : {false, true}) {
    std::ostringstream written;
    render::write_json(written, tree, pretty);
    const std::string expected =
        tree.dump(pretty ? 2 : -1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    INFO("pretty " << pretty);
    CHECK(written.str() == expected);
  }
}

TEST_CASE("a JSON string written in pieces is the string written whole", "[render]") {
  // begin_string / string_piece / end_string: plain pieces go straight to the buffer; from the
  // first piece that needs escaping on they are escaped together, so quotes, controls, UTF-8 (also
  // split across pieces) and invalid bytes come out as value() writes the joined string.
  const std::vector<std::vector<std::string>> cases = {
      {},
      {""},
      {"strongest: ", "cost", " ", "92", "/100: ", "$1.20 vs cheapest $1.10"},
      {"a piece of more than sixteen bytes", ", and another one of more than sixteen"},
      {"say \"", "quoted\"", " and \\ back"},
      {"tab\there", "\n"},
      {"plain first, ", "然后中文", " and plain again"},
      {"split ", "\xe4\xb8", "\xad", " sequence"},
      {"bad ", "\xff", " byte"},
      {"\x7f", "del"},
  };
  for (const bool pretty : {false, true}) {
    for (const auto& pieces : cases) {
      std::string joined;
      for (const auto& piece : pieces) joined += piece;
      std::ostringstream whole_out;
      std::ostringstream pieces_out;
      {
        JsonWriter json(whole_out, pretty);
        json.begin_array();
        json.value(joined);
        json.value(joined);
        json.end_array();
        json.finish();
      }
      {
        JsonWriter json(pieces_out, pretty);
        json.begin_array();
        for (int twice = 0; twice < 2; ++twice) {
          json.begin_string();
          for (const auto& piece : pieces) json.string_piece(piece);
          json.end_string();
        }
        json.end_array();
        json.finish();
      }
      INFO(joined);
      CHECK(pieces_out.str() == whole_out.str());
    }
  }
}

TEST_CASE("the JSON writer's literal keys write what keys given as data write", "[render]") {
  // JsonKey (a string literal, checked while compiling) takes a path of its own in compact
  // documents: the separator, the quoted key and ':' in one step. The same document written with
  // every key as a string_view must come out byte for byte the same, in both layouts: first and
  // later keys, keys after nested objects and arrays, inside arrays of objects.
  const auto document = [](std::ostream& out, bool pretty, bool literal) {
    JsonWriter json(out, pretty);
    const auto key = [&](std::string_view name) { json.key(name); };
    json.begin_object();
    if (literal) json.key("rank"); else key("rank");
    json.value(1);
    if (literal) json.field("offering_id", "aws/p5.48xlarge"); else json.field(std::string_view("offering_id"), "aws/p5.48xlarge");
    if (literal) json.key("criteria"); else key("criteria");
    json.begin_object();
    for (const std::string_view name : {"stability", "cost"}) {
      json.key(name);
      json.begin_object();
      if (literal) json.field("score", 12.5); else json.field(std::string_view("score"), 12.5);
      if (literal) json.field("contribution", 3.25); else json.field(std::string("contribution"), 3.25);
      json.end_object();
    }
    json.end_object();
    if (literal) json.key("warnings"); else key("warnings");
    json.begin_array();
    for (int index = 0; index < 3; ++index) {
      json.begin_object();
      if (literal) json.field("code", "W-STOCK"); else json.field(std::string_view("code"), "W-STOCK");
      if (literal) json.field("message", index); else json.field(std::string_view("message"), index);
      json.end_object();
    }
    json.end_array();
    if (literal) json.field("pareto", true); else json.field(std::string_view("pareto"), true);
    if (literal) json.key("empty"); else key("empty");
    json.begin_object();
    json.end_object();
    if (literal) json.field("a_rather_long_key_of_more_than_sixteen_bytes", nullptr);
    else json.field(std::string_view("a_rather_long_key_of_more_than_sixteen_bytes"), nullptr);
    json.end_object();
    json.finish();
  };
  for (const bool pretty : {false, true}) {
    std::ostringstream literal;
    std::ostringstream data;
    document(literal, pretty, true);
    document(data, pretty, false);
    INFO("pretty " << pretty);
    CHECK(literal.str() == data.str());
    CHECK(nlohmann::ordered_json::parse(literal.str()).dump(pretty ? 2 : -1) + "\n" == literal.str());
  }
}
