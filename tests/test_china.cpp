// Issue 29 ("China-ready"): the domestic catalog (providers, the GPUs sold there, aliases, the
// mainland-China region group, CN¥/JP¥, RMB), the presets of domestic model families with hub-style
// aliases, and subscription billing (包年包月: pricing.monthly / pricing.yearly) through the loader,
// lint, cost and ranking.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "builtin_catalog.hpp"
#include "cli_runner.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/estimate.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"
#include "json_runner.hpp"

using namespace gpuselect;
using gpuselect::testing::run_gpuselect;

namespace {

std::vector<catalog::SourceText> builtin_sources() {
  std::vector<catalog::SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  return sources;
}

const catalog::Catalog& builtin() { return gpuselect::testing::builtin_catalog(); }

catalog::LoadResult load_with(const std::string& overlay) {
  auto sources = builtin_sources();
  sources.push_back({"team.yaml", overlay});
  return catalog::load(sources);
}

nlohmann::json recommend_json(std::vector<std::string> args) {
  args.insert(args.begin(), "recommend");
  return gpuselect::testing::run_json(std::move(args));
}

}  // namespace

TEST_CASE("china: at least six providers bill in CNY and the domestic GPUs have sourced offerings", "[china]") {
  const auto& catalog = builtin();
  std::set<std::string> cny_providers;
  for (const auto& provider : catalog.providers) {
    if (provider.currency == "CNY") cny_providers.insert(provider.id);
  }
  INFO(cny_providers.size());
  CHECK(cny_providers.size() >= 6);
  for (const std::string id : {"huawei", "baidu", "volcano"}) CHECK(cny_providers.count(id) == 1);
  for (const std::string gpu : {"h800", "h20", "a800-sxm4-80gb", "l20"}) {
    int sold = 0;
    int sourced = 0;
    for (const auto& offering : catalog.offerings) {
      if (offering.gpu != gpu) continue;
      ++sold;
      INFO(offering.id);
      CHECK_FALSE(offering.source.empty());
      CHECK(offering.as_of.size() == 10);
      // A price not marked estimated was read from a named public source (docs/catalog.md
      // "Subscription billing"): its source says where, and rests on no memory.
      if (std::count(offering.estimated_fields.begin(), offering.estimated_fields.end(), "pricing.on_demand") == 0) {
        ++sourced;
        CHECK(offering.source.str().find("read from") != std::string::npos);
        CHECK(offering.source.str().find("github.com/") != std::string::npos);
        CHECK(offering.source.str().find("remembered") == std::string::npos);
      }
    }
    INFO(gpu);
    CHECK(sold >= 2);
    CHECK(sourced >= 1);  // issue 29: offerings of H800, H20, A800 and L20 exist with sources
  }
}

TEST_CASE("china: provider aliases, RMB and the two yen signs", "[china]") {
  const auto& catalog = builtin();
  REQUIRE(catalog.find_provider("aliyun") != nullptr);
  CHECK(catalog.find_provider("aliyun")->id == "alibaba");
  CHECK(catalog.find_provider("HuaweiCloud")->id == "huawei");
  CHECK(catalog.find_provider("volcengine")->id == "volcano");
  CHECK(catalog.find_provider("阿里云")->id == "alibaba");
  CHECK(catalog::output_currency(catalog, "RMB") == "CNY");
  CHECK(catalog::output_currency(catalog, "rmb") == "CNY");
  CHECK(units::format_money(2930, "CNY") == "CN¥2,930");
  CHECK(units::format_money(2930, "JPY") == "JP¥2,930");
  // End to end: --provider aliyun and --currency RMB are accepted.
  const auto document = recommend_json({"-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora", "--provider",
                                        "aliyun,volcengine", "--currency", "RMB"});
  CHECK(document["currency"]["code"] == "CNY");
  for (const auto& candidate : document["candidates"]) {
    const std::string id = candidate["offering_id"];
    CHECK((id.rfind("alibaba/", 0) == 0 || id.rfind("volcano/", 0) == 0));
  }
}

TEST_CASE("china: --region cn is mainland China, without Hong Kong or overseas regions", "[china]") {
  const auto& catalog = builtin();
  const auto regions = catalog::expand_region_groups(catalog, {"cn"});
  const auto has = [&](const std::string& name) { return std::find(regions.begin(), regions.end(), name) != regions.end(); };
  CHECK(has("cn-hangzhou"));
  CHECK(has("ap-beijing"));
  CHECK(has("cn-north-4"));
  CHECK(has("bj"));
  CHECK_FALSE(has("us-east-1"));
  CHECK_FALSE(has("ap-northeast-1"));
  CHECK_FALSE(has("cn-hongkong"));
  // A name that is not a group is kept as given.
  CHECK(catalog::expand_region_groups(catalog, {"us-east-1"}) == std::vector<std::string>{"us-east-1"});

  const auto document = recommend_json({"-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora", "--region", "cn"});
  REQUIRE_FALSE(document["candidates"].empty());
  for (const auto& candidate : document["candidates"]) {
    const std::string id = candidate["offering_id"];
    const auto* offering = catalog.find_offering(id);
    REQUIRE(offering != nullptr);
    INFO(id);
    CHECK(catalog.provider_of(*offering).currency == "CNY");
  }
}

TEST_CASE("china: --require 等保三级 is mlps3, the name the guides use", "[china][lang]") {
  const std::vector<std::string> job = {"-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora",
                                        "--region", "cn", "--top", "1000"};
  auto with_requirement = [&](const std::string& name) {
    auto args = job;
    args.insert(args.end(), {"--require", name});
    return recommend_json(args);
  };
  const auto by_id = with_requirement("mlps3");
  const auto by_chinese_name = with_requirement("等保三级");
  REQUIRE_FALSE(by_id["candidates"].empty());
  REQUIRE(by_chinese_name["candidates"].size() == by_id["candidates"].size());
  for (std::size_t i = 0; i < by_id["candidates"].size(); ++i) {
    CHECK(by_chinese_name["candidates"][i]["offering_id"].get<std::string>() ==
          by_id["candidates"][i]["offering_id"].get<std::string>());
  }
  // It constrains: fewer rows than without it (AutoDL and the marketplace hold no MLPS 3).
  CHECK(by_id["candidates"].size() < recommend_json(job)["candidates"].size());
}

TEST_CASE("china: domestic model presets and a hub-style alias for every preset", "[china]") {
  const auto& catalog = builtin();
  for (const std::string id : {"glm-4-9b", "internlm2.5-7b", "yi-1.5-34b", "baichuan2-13b", "deepseek-r1-distill-qwen-32b",
                               "deepseek-r1-distill-llama-70b", "qwen2.5-14b", "qwen2.5-32b", "qwq-32b",
                               "qwen2.5-coder-32b", "qwen2.5-coder-7b", "internlm3-8b", "yi-34b"}) {
    INFO(id);
    CHECK(catalog.find_model(id) != nullptr);
  }
  REQUIRE(catalog.find_model("Qwen/Qwen2.5-7B-Instruct") != nullptr);
  CHECK(catalog.find_model("Qwen/Qwen2.5-7B-Instruct")->id == "qwen2.5-7b");
  CHECK(catalog.find_model("THUDM/glm-4-9b-chat")->id == "glm-4-9b");
  // Expert review r29: qwen2.5-14b was refused with a hint to qwen2.5-7b; yi-34b printed Yi-1.5.
  REQUIRE(catalog.find_model("Qwen/Qwen2.5-14B-Instruct") != nullptr);
  CHECK(catalog.find_model("Qwen/Qwen2.5-14B-Instruct")->id == "qwen2.5-14b");
  CHECK(catalog.find_model("Qwen/QwQ-32B")->id == "qwq-32b");
  CHECK(catalog.find_model("internlm/internlm3-8b-instruct")->id == "internlm3-8b");
  CHECK(catalog.find_model("yi-34b")->name == "Yi 34B");
  for (const auto& model : catalog.models) {
    INFO(model.id);
    CHECK(std::any_of(model.aliases.begin(), model.aliases.end(),
                      [](const std::string& alias) { return alias.find('/') != std::string::npos; }));
  }
}

TEST_CASE("subscription: monthly and yearly are per term, compared per hour", "[china][subscription]") {
  catalog::Pricing pricing;
  pricing.on_demand = 2.0;
  pricing.monthly = 1095.0;
  pricing.yearly = 8760.0;
  CHECK(*pricing.price(catalog::PricingMode::monthly) == Approx(1.5));
  CHECK(*pricing.price(catalog::PricingMode::yearly) == Approx(1.0));
  CHECK(*pricing.stated(catalog::PricingMode::monthly) == Approx(1095.0));
  CHECK(catalog::parse_pricing_mode("monthly") == catalog::PricingMode::monthly);
  CHECK(catalog::parse_pricing_mode("yearly") == catalog::PricingMode::yearly);
  CHECK(catalog::term_hours(catalog::PricingMode::monthly) == Approx(730));
}

TEST_CASE("subscription: the loader reads monthly/yearly, overlays them, and lint catches an hourly figure",
          "[china][subscription]") {
  const auto result = load_with(R"(schema_version: 1
offerings:
  - id: autodl/rtx4090-x1
    pricing: {on_demand: 1.98, monthly: 1.98}
    region_pricing:
      - {region: beijing-b, monthly: 1000}
)");
  REQUIRE(result.ok());
  const auto* offering = result.catalog.find_offering("autodl/rtx4090-x1");
  REQUIRE(offering != nullptr);
  CHECK(*offering->pricing.stated(catalog::PricingMode::monthly) == Approx(1.98));
  CHECK(*offering->pricing_in("beijing-b").stated(catalog::PricingMode::monthly) == Approx(1000));
  const auto findings = catalog::lint(result.catalog, "2026-06-01");
  const bool warned = std::any_of(findings.begin(), findings.end(), [](const Diagnostic& diagnostic) {
    return diagnostic.message.find("pricing.monthly 1.98, less than one day of on_demand") != std::string::npos;
  });
  CHECK(warned);
}

TEST_CASE("subscription: a short job is charged the month, a 40-day job two months", "[china][subscription]") {
  const auto document = recommend_json({"-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora", "--provider",
                                        "autodl", "--gpu", "rtx-4090", "--pricing", "monthly,on-demand", "--top", "50",
                                        "--currency", "CNY"});
  bool saw_monthly = false;
  for (const auto& candidate : document["candidates"]) {
    if (candidate["pricing_mode"] != "monthly" || candidate["offering_id"] != "autodl/rtx4090-x1") continue;
    saw_monthly = true;
    const auto& cost = candidate["cost"];
    CHECK(cost["commitment_charged"] == true);
    // The built-in 包月 price read for autodl/rtx4090-x1: 1052 CNY a card-month (docs/catalog.md).
    CHECK(cost["commitment"].get<double>() == Approx(1052).epsilon(0.01));
    CHECK(cost["total"].get<double>() >= 1052 * 0.99);
    // Break-even: 1052 / 730 / 1.98 = 72.8% of the month's hours.
    CHECK(cost["break_even_utilisation_pct"].get<double>() == Approx(72.8).margin(0.2));
  }
  CHECK(saw_monthly);

  const auto serving = recommend_json({"-w", "llm-inference", "-m", "qwen2.5-7b", "--requests-per-s", "1", "--hours",
                                       "960", "--provider", "autodl", "--gpu", "rtx-4090", "--pricing",
                                       "monthly", "--top", "50", "--currency", "CNY", "--serving-tier", "development"});
  bool saw_two_months = false;
  for (const auto& candidate : serving["candidates"]) {
    if (candidate["offering_id"] != "autodl/rtx4090-x1") continue;
    const auto& cost = candidate["cost"];
    const double instances = cost["instances"].get<double>();
    CHECK(cost["commitment"].get<double>() == Approx(2 * 1052 * instances).epsilon(0.01));
    saw_two_months = true;
  }
  CHECK(saw_two_months);
}

// Expert review r29: a 19.9 d L20 QLoRA whose band reached 37.1 d was priced one month, and 8x H800
// yearly terms (CN¥1.9M) ranked above a CN¥3,274 A800 month for a 5.6 h job.
TEST_CASE("subscription: training buys the terms its band's slow end needs, warns at the boundary, no dearer longer term",
          "[china][subscription]") {
  // 2e8 tokens: a one-GPU L20 (Ada) run whose band's slow end passes a month (the review's 1e8 did at
  // Ada's old 0.40 matmul efficiency; at 0.60 it ends inside one, expert review 32).
  const auto document =
      recommend_json({"-w", "llm-finetune", "-m", "Qwen/Qwen2.5-72B-Instruct", "--method", "qlora", "--tokens", "2e8",
                      "--region", "cn", "--pricing", "monthly,yearly", "--currency", "CNY", "--top", "200"});
  bool saw_boundary = false;
  std::set<std::string> yearly_offerings;
  std::set<std::string> monthly_offerings;
  for (const auto& candidate : document["candidates"]) {
    const auto& cost = candidate["cost"];
    const std::string id = candidate["offering_id"];
    (candidate["pricing_mode"] == "yearly" ? yearly_offerings : monthly_offerings).insert(id);
    const double high_hours = candidate["time"]["wall_hours_band"]["high"].get<double>();
    if (candidate["pricing_mode"] != "monthly" || !(high_hours > 730)) continue;
    // The slow end runs past one month: at least two months are committed.
    const double per_month = cost["commitment"].get<double>() / std::ceil(high_hours / 730 - 1e-9);
    CHECK(cost["commitment"].get<double>() >= 2 * per_month * 0.999);
    const auto& warnings = candidate["warnings"];
    const bool boundary = std::any_of(warnings.begin(), warnings.end(), [](const auto& warning) {
      return warning["code"] == "W-TERM-BOUNDARY";
    });
    saw_boundary = saw_boundary || boundary;
  }
  CHECK(saw_boundary);
  // No yearly row of an offering whose month is cheaper for the same run.
  for (const auto& id : yearly_offerings) {
    INFO(id);
    CHECK(monthly_offerings.count(id) == 0);
  }
}

TEST_CASE("subscription: by default a month of serving ranks the monthly line, a short job does not list it",
          "[china][subscription]") {
  const auto month = recommend_json({"-w", "llm-inference", "-m", "qwen2.5-7b", "--requests-per-s", "1", "--hours",
                                     "730", "--provider", "autodl", "--top", "50", "--serving-tier", "development"});
  std::set<std::string> modes;
  double monthly_total = 0, on_demand_total = 0;
  for (const auto& candidate : month["candidates"]) {
    if (candidate["offering_id"] != "autodl/rtx4090-x1") continue;
    const std::string mode = candidate["pricing_mode"];
    modes.insert(mode);
    (mode == "monthly" ? monthly_total : on_demand_total) = candidate["cost"]["total"].get<double>();
  }
  INFO(monthly_total << " vs " << on_demand_total);
  CHECK(modes.count("monthly") == 1);
  CHECK(monthly_total < on_demand_total);

  const auto short_job = recommend_json({"-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora", "--provider",
                                         "autodl", "--top", "50"});
  for (const auto& candidate : short_job["candidates"]) CHECK(candidate["pricing_mode"] != "monthly");
}

// Before: `recommend -w llm-inference -m llama-3-8b` ranked a Volcano Engine L20 (China), sold only
// in mainland China, first for a USD user who cannot open an account there.
TEST_CASE("mainland-China-only offerings are ranked when the user asks for China", "[china]") {
  const auto mainland_only = [](const nlohmann::json& candidate) {
    const std::string provider = candidate["provider"];
    return provider == "volcano" || provider == "baidu" || provider == "huawei" || provider == "ctyun" ||
           provider == "autodl";
  };
  const auto usd = recommend_json({"-w", "llm-inference", "-m", "llama-3-8b", "--top", "300"});
  REQUIRE_FALSE(usd["candidates"].empty());
  for (const auto& candidate : usd["candidates"]) {
    INFO(candidate["offering_id"]);
    CHECK_FALSE(mainland_only(candidate));
  }
  bool said = false;
  for (const auto& exclusion : usd["excluded"]) {
    for (const auto& reason : exclusion["reasons"]) {
      said = said || reason.get<std::string>().find("sold in mainland China only") != std::string::npos;
    }
  }
  CHECK(said);
  for (const std::vector<std::string>& asked : {std::vector<std::string>{"--region", "cn"},
                                               std::vector<std::string>{"--currency", "CNY"}}) {
    std::vector<std::string> args = {"-w", "llm-inference", "-m", "llama-3-8b", "--top", "300"};
    args.insert(args.end(), asked.begin(), asked.end());
    const auto china = recommend_json(args);
    CHECK(std::any_of(china["candidates"].begin(), china["candidates"].end(), mainland_only));
  }
}

TEST_CASE("china spot: reclaim notices are catalog data with their sources, and spot rows carry them",
          "[china][spot]") {
  const auto& catalog = builtin();
  // The published notices (docs/catalog.md "Spot reclaim rules"); none for providers whose pages
  // state none.
  const std::vector<std::pair<std::string, double>> published = {
      {"aws", 120}, {"gcp", 30}, {"azure", 30}, {"alibaba", 300}, {"tencent", 120}, {"volcano", 300}};
  for (const auto& provider : catalog.providers) {
    INFO(provider.id);
    const auto rule = std::find_if(published.begin(), published.end(),
                                   [&](const auto& entry) { return entry.first == provider.id; });
    if (rule == published.end()) {
      CHECK_FALSE(provider.spot_reclaim.notice_seconds.has_value());
      CHECK(estimate::spot_notice_seconds(&provider) == 0);
      continue;
    }
    CHECK(provider.spot_reclaim.notice_seconds == rule->second);
    CHECK(provider.spot_reclaim.source.rfind("https://", 0) == 0);
    CHECK_FALSE(provider.spot_reclaim.as_of.empty());
    CHECK(estimate::spot_notice_seconds(&provider) == rule->second);
  }
  CHECK(estimate::spot_notice_seconds(nullptr) == 0);

  // The cost model reads the catalog: a team's overlay with its own terms changes the notice.
  const auto overlaid = load_with(
      "schema_version: 1\n"
      "providers:\n"
      "  - id: tencent\n"
      "    spot_reclaim: {notice_seconds: 90, as_of: \"2026-12-01\", source: \"account manager's terms\"}\n");
  REQUIRE(overlaid.ok());
  const auto* tencent = overlaid.catalog.find_provider("tencent");
  REQUIRE(tencent != nullptr);
  CHECK(estimate::spot_notice_seconds(tencent) == 90);
}

TEST_CASE("china spot: recommend --region cn --currency CNY --pricing spot states each row's reclaim notice",
          "[china][spot]") {
  const auto& catalog = builtin();
  const auto document = gpuselect::testing::run_json(
      {"recommend", "-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora", "--region", "cn", "--currency",
       "CNY", "--pricing", "spot", "--top", "all"},
      {"GPUSELECT_TODAY=2026-12-01"});
  REQUIRE_FALSE(document["candidates"].empty());
  std::set<std::string> providers;
  for (const auto& candidate : document["candidates"]) {
    const std::string id = candidate["offering_id"];
    INFO(id);
    CHECK(candidate["pricing_mode"] == "spot");
    const auto* offering = catalog.find_offering(id);
    REQUIRE(offering != nullptr);
    const auto& provider = catalog.provider_of(*offering);
    providers.insert(provider.id);
    REQUIRE(provider.spot_reclaim.notice_seconds.has_value());
    CHECK(candidate["cost"]["spot_notice_seconds"] == *provider.spot_reclaim.notice_seconds);
  }
  // Domestic spot is sold by both hyperscalers that publish a spot price rule.
  CHECK(providers.count("alibaba") == 1);
  CHECK(providers.count("tencent") == 1);

  // Each row's stability words name its provider's notice (the JSON figure is the text's source).
  std::set<std::string> said;
  for (const auto& candidate : document["candidates"]) {
    for (const auto& item : candidate["explanation_items"]) {
      if (item["criterion"] != "stability" || (item["kind"] != "strongest" && item["kind"] != "weakest")) continue;
      const std::string text = item["text"];
      const std::string provider = candidate["provider"];
      INFO(text);
      if (provider == "alibaba" || provider == "volcano") CHECK(text.find("spot, 5 min notice, ") != std::string::npos);
      if (provider == "tencent") CHECK(text.find("spot, 2 min notice, ") != std::string::npos);
      said.insert(provider);
    }
  }
  CHECK(said.count("alibaba") == 1);
  CHECK(said.count("tencent") == 1);
}

TEST_CASE("china: an exchange rate older than 90 days is named in a note when the ranking converts with it",
          "[china][currency]") {
  const auto note_of = [](const nlohmann::json& document) -> std::string {
    for (const auto& note : document["notes"]) {
      if (note["code"] == "N-STALE-RATE") return note["text"];
    }
    return "";
  };
  const std::vector<std::string> job = {"recommend", "-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora",
                                        "--region", "cn"};
  // CNY prices ranked in USD: the built-in CNY rate (2025-02-28) is 641 days old on 2026-12-01.
  auto in_usd = job;
  in_usd.insert(in_usd.end(), {"--currency", "USD"});
  const auto usd = gpuselect::testing::run_json(in_usd, {"GPUSELECT_TODAY=2026-12-01"});
  const std::string text = note_of(usd);
  INFO(text);
  CHECK(text.find("CNY 7.2734 per USD as of 2025-02-28 (641 days)") != std::string::npos);
  CHECK(text.find("more than 90 days ago") != std::string::npos);
  // The same rate 60 days after it was read is fresh.
  CHECK(note_of(gpuselect::testing::run_json(in_usd, {"GPUSELECT_TODAY=2025-04-29"})).empty());
  // CNY prices ranked in CNY (the default for --region cn) convert nothing.
  CHECK(note_of(gpuselect::testing::run_json(job, {"GPUSELECT_TODAY=2026-12-01"})).empty());
  // A team's fresh rate silences it.
  gpuselect::testing::TempDir folder;
  const auto rates = folder.path() / "rates.yaml";
  std::ofstream(rates) << "schema_version: 1\ncurrencies:\n  - {code: CNY, per_usd: 7.1, as_of: \"2026-11-30\", "
                          "source: treasury}\n";
  auto fresh = in_usd;
  fresh.insert(fresh.end(), {"--catalog", rates.string()});
  CHECK(note_of(gpuselect::testing::run_json(fresh, {"GPUSELECT_TODAY=2026-12-01"})).empty());
}

TEST_CASE("region groups us and eu: the United States and Europe across providers", "[catalog][regions]") {
  // Expert review 12: --region us meant RunPod's region "US" only (AWS us-east-1 excluded as "not in
  // US") and --region eu was "did you mean 'su'?".
  const auto& catalog = gpuselect::testing::builtin_catalog();
  const auto us = catalog::expand_region_groups(catalog, {"us"});
  for (const char* region : {"us-east-1", "us-central1", "eastus", "US", "US-EAST-04"}) {
    INFO(region);
    CHECK(std::find(us.begin(), us.end(), region) != us.end());
  }
  for (const char* region : {"eu-west-1", "ca-central-1", "cn-beijing", "northamerica-northeast1"}) {
    INFO(region);
    CHECK(std::find(us.begin(), us.end(), region) == us.end());
  }
  const auto eu = catalog::expand_region_groups(catalog, {"EU"});
  for (const char* region : {"eu-west-1", "europe-west4", "westeurope", "eu-north1", "SE", "FINLAND"}) {
    INFO(region);
    CHECK(std::find(eu.begin(), eu.end(), region) != eu.end());
  }
  for (const char* region : {"us-east-1", "me-west1", "Sverdlovsk Oblast, RU, EU"}) {
    INFO(region);
    CHECK(std::find(eu.begin(), eu.end(), region) == eu.end());
  }
  // A ranking under --region us has rows from several providers.
  const auto document = recommend_json({"-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora", "--region", "us",
                                        "--top", "20"});
  std::set<std::string> providers;
  for (const auto& candidate : document.at("candidates")) providers.insert(candidate.at("provider").get<std::string>());
  CHECK(providers.size() >= 3);
}

TEST_CASE("serving on a yearly term: the window's share when the service runs on, the term when --hours ends it",
          "[cost][china]") {
  // Expert reviews 10 and 12: a yearly H20 fleet (and a reserved-1y L40S one) was charged 12 months
  // against the 30.4-day window, 12x the $ per million tokens.
  const std::vector<std::string> job = {"-w", "llm-inference", "-m", "qwen2.5-72b", "--requests-per-s", "2",
                                        "--region", "cn", "--pricing", "yearly"};
  const auto window = recommend_json(job);
  REQUIRE_FALSE(window.at("candidates").empty());
  const auto& first = window.at("candidates").at(0);
  const auto& cost = first.at("cost");
  CHECK(cost.at("term_continues").get<bool>());
  CHECK_FALSE(cost.at("commitment_charged").get<bool>());
  // 730 of the term's 8,760 hours (billing granularity and setup may add a little).
  CHECK(cost.at("total").get<double>() < 0.1 * cost.at("commitment").get<double>());
  auto bounded = job;
  bounded.insert(bounded.end(), {"--hours", "730"});
  const auto ended = recommend_json(bounded);
  REQUIRE_FALSE(ended.at("candidates").empty());
  const auto& ended_cost = ended.at("candidates").at(0).at("cost");
  CHECK_FALSE(ended_cost.at("term_continues").get<bool>());
  CHECK(ended_cost.at("commitment_charged").get<bool>());
  CHECK(ended_cost.at("total").get<double>() >= ended_cost.at("commitment").get<double>());
  // Unasked, a subscription keeps its whole term: a month's window never ranks a year first.
  const auto unasked = recommend_json({"-w", "llm-inference", "-m", "qwen2.5-72b", "--requests-per-s", "2", "--region",
                                       "cn", "--top", "30"});
  for (const auto& candidate : unasked.at("candidates")) {
    if (candidate.at("pricing_mode") == "yearly") CHECK(candidate.at("cost").at("commitment_charged").get<bool>());
  }
}

// Issue 29 review: the break-even of a subscription against hourly on-demand was in JSON only.
TEST_CASE("subscription: a monthly row's reason says its break-even against on-demand, in each format and language",
          "[china][subscription][cli]") {
  const std::vector<std::string> args = {
      "recommend",   "-w",        "llm-inference", "-m",         "qwen2.5-7b", "--requests-per-s",
      "1",           "--hours",   "730",           "--provider", "autodl",     "--serving-tier",
      "development", "--pricing", "monthly",       "--top",      "3"};
  const auto json =
      recommend_json({"-w", "llm-inference", "-m", "qwen2.5-7b", "--requests-per-s", "1", "--hours", "730",
                      "--provider", "autodl", "--serving-tier", "development", "--pricing", "monthly", "--top", "3"});
  REQUIRE_FALSE(json["candidates"].empty());
  const double pct = json["candidates"][0]["cost"]["break_even_utilisation_pct"].get<double>();
  REQUIRE(pct > 0);
  const std::string figure = fmt::format("{:.0f}%", pct);
  for (const char* format : {"table", "markdown", "html"}) {
    INFO(format);
    auto with_format = args;
    with_format.insert(with_format.end(), {"--format", format});
    // Wide enough that the reason is one line; HTML escapes the apostrophe.
    const auto english = run_gpuselect(with_format, {"COLUMNS=1000"});
    REQUIRE(english.exit_code == 0);
    const std::string apostrophe = std::string_view(format) == "html" ? "&#39;" : "'";
    CHECK(english.out.find("break-even against on-demand at " + figure + " of the month" + apostrophe + "s hours") !=
          std::string::npos);
    with_format.insert(with_format.end(), {"--lang", "zh-CN"});
    const auto chinese = run_gpuselect(with_format, {"COLUMNS=1000"});
    REQUIRE(chinese.exit_code == 0);
    CHECK(chinese.out.find("盈亏平衡：使用超过整月 " + figure + " 的时长即比按需划算") != std::string::npos);
  }
  // An hourly row says none.
  const auto hourly = run_gpuselect({"recommend", "-w", "llm-inference", "-m", "qwen2.5-7b", "--provider", "autodl",
                                     "--serving-tier", "development", "--pricing", "on-demand", "--top", "3"});
  CHECK(hourly.out.find("break-even") == std::string::npos);
}

// Issue 29 review: catalog list had no --currency (recommend has it).
TEST_CASE("catalog list --currency: every price converted at the catalog's rate, as recommend does", "[china][cli]") {
  const auto& catalog = builtin();
  const double rate = catalog::convert(catalog, 1.0, "USD", "CNY");
  const auto& lambda = catalog::offering_named(catalog, "lambda/gpu_1x_a10", "test");
  REQUIRE(lambda.pricing.on_demand.has_value());
  const std::vector<std::string> args = {"catalog", "list",      "--provider", "lambda",   "--gpu",
                                         "A10",     "--pricing", "on-demand",  "--format", "csv"};
  auto converted = args;
  converted.insert(converted.end(), {"--currency", "RMB"});
  const auto csv = run_gpuselect(converted);
  REQUIRE(csv.exit_code == 0);
  const auto line_at = csv.out.find("lambda/gpu_1x_a10,");
  REQUIRE(line_at != std::string::npos);
  const std::string line = csv.out.substr(line_at, csv.out.find('\n', line_at) - line_at);
  // The columns: ... region, currency, on_demand, ...
  std::vector<std::string> fields;
  for (std::size_t at = 0; at <= line.size();) {
    const auto comma = std::min(line.find(',', at), line.size());
    fields.push_back(line.substr(at, comma - at));
    at = comma + 1;
  }
  REQUIRE(fields.size() > 13);
  CHECK(fields[12] == "CNY");
  CHECK(std::stod(fields[13]) == Approx(*lambda.pricing.on_demand * rate).epsilon(1e-6));
  // The table shows CN¥ for a USD provider, says so, and --max-price is in the same currency.
  const auto table = run_gpuselect({"catalog", "list", "--provider", "lambda", "--currency", "CNY"}, {"COLUMNS=200"});
  REQUIRE(table.exit_code == 0);
  CHECK(table.out.find("CN¥") != std::string::npos);
  CHECK(table.out.find("$") == std::string::npos);
  CHECK(table.out.find("converted to CNY") != std::string::npos);
  // Just above the A10's price in CNY: listed; just below: not (--max-price in the list's currency).
  const auto at_most = [&](double factor) {
    return run_gpuselect({"catalog", "list", "--provider", "lambda", "--gpu", "A10", "--pricing", "on-demand",
                          "--currency", "CNY", "--max-price",
                          fmt::format("{:.4f}", *lambda.pricing.on_demand * rate * factor), "--format", "csv"})
        .out;
  };
  CHECK(at_most(1.001).find("lambda/gpu_1x_a10,") != std::string::npos);
  CHECK(at_most(0.999).find("lambda/gpu_1x_a10,") == std::string::npos);
  // Groups in the chosen currency.
  const auto groups =
      run_gpuselect({"catalog", "list", "--group-by", "provider", "--currency", "EUR"}, {"COLUMNS=200"});
  REQUIRE(groups.exit_code == 0);
  CHECK(groups.out.find("EUR/h") != std::string::npos);
  CHECK(groups.out.find("€") != std::string::npos);
  // Without --currency each row keeps its provider's currency.
  const auto native = run_gpuselect({"catalog", "list", "--provider", "lambda,autodl"}, {"COLUMNS=200"});
  CHECK(native.out.find("$") != std::string::npos);
  CHECK(native.out.find("CN¥") != std::string::npos);
  // An unknown currency is one error line, exit 2.
  const auto bad = run_gpuselect({"catalog", "list", "--currency", "XYZ"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.rfind("gpuselect: error: --currency: ", 0) == 0);
  CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
}

// Issue 29 review: ids are what users copy; `catalog list` and `catalog models` cut them at 120 columns.
TEST_CASE("catalog list and models never cut an id at 120 columns", "[china][cli]") {
  const auto& catalog = builtin();
  for (const char* lang : {"en", "zh-CN"}) {
    INFO(lang);
    const auto board = run_gpuselect({"catalog", "list", "--pricing", "any", "--lang", lang}, {"COLUMNS=120"});
    REQUIRE(board.exit_code == 0);
    for (const auto& offering : catalog.offerings) {
      INFO(offering.id);
      CHECK(board.out.find(offering.id + " ") != std::string::npos);
    }
    const auto grouped = run_gpuselect({"catalog", "list", "--group-by", "gpu", "--lang", lang}, {"COLUMNS=120"});
    REQUIRE(grouped.exit_code == 0);
    const auto models = run_gpuselect({"catalog", "models", "--lang", lang}, {"COLUMNS=120"});
    REQUIRE(models.exit_code == 0);
    for (const auto& model : catalog.models) {
      INFO(model.id);
      CHECK(models.out.find(model.id + " ") != std::string::npos);
    }
    for (const auto* out : {&board.out, &grouped.out, &models.out}) {
      std::size_t at = 0;
      while (at < out->size()) {
        const auto end = out->find('\n', at);
        const std::string line = out->substr(at, end - at);
        at = end == std::string::npos ? out->size() : end + 1;
        // The first cell (the id) is never cut with an ellipsis.
        const std::string first = line.substr(0, line.find(' '));
        INFO(line);
        CHECK(first.find("…") == std::string::npos);
        // Nor an offering id elsewhere on the board's lines (a group's cheapest offering).
        if (out == &models.out) continue;  // a model's source may hold a '/', and it may be cut
        for (std::size_t token = line.find('/'); token != std::string::npos; token = line.find('/', token + 1)) {
          const auto token_end = line.find(' ', token);
          CHECK(line.substr(token, token_end - token).find("…") == std::string::npos);
        }
      }
    }
  }
}

// Issue 29 review: `--gpu H10` suggested a10; a prefix of a name is the likelier slip.
TEST_CASE("did you mean: a name the word begins is preferred over one edit of another name", "[cli]") {
  CHECK(closest_match("H10", {"a10", "H100", "h200"}) == "H100");
  CHECK(closest_match("h10", {"a10", "h100"}) == "h100");
  CHECK(closest_match("a1", {"a10", "a100"}) == "a10");
  // Without a prefix the nearest name still wins; one closer edit beats a longer prefix match.
  CHECK(closest_match("lambdaa", {"lambda", "lambdalabs"}) == "lambda");
  CHECK(closest_match("A100-80BG", {"A100-80GB", "A100-80GB-SXM"}) == "A100-80GB");
  const auto result = run_gpuselect({"recommend", "-w", "llm-finetune", "-p", "7e9", "--gpu", "H10"});
  CHECK(result.exit_code == 2);
  INFO(result.err);
  CHECK(result.err.find("did you mean 'a10'") == std::string::npos);
  CHECK(result.err.find("did you mean 'H100") != std::string::npos);
}

TEST_CASE("china: the domestic consoles' names for modes, currencies and regions, and CNY for a mainland ranking",
          "[china][lang]") {
  const auto& catalog = builtin();
  CHECK(catalog::output_currency(catalog, "人民币") == "CNY");
  CHECK(catalog::output_currency(catalog, "元") == "CNY");
  CHECK(catalog::output_currency(catalog, "美元") == "USD");
  CHECK(catalog::parse_pricing_mode("包月") == catalog::PricingMode::monthly);
  CHECK(catalog::parse_pricing_mode("包年") == catalog::PricingMode::yearly);
  CHECK(catalog::parse_pricing_mode("按量付费") == catalog::PricingMode::on_demand);
  CHECK(catalog::parse_pricing_mode("抢占式") == catalog::PricingMode::spot);
  CHECK_FALSE(catalog::parse_pricing_mode("包周").has_value());
  CHECK(catalog::expand_region_groups(catalog, {"china"}) == catalog::expand_region_groups(catalog, {"cn"}));
  CHECK(catalog::expand_region_groups(catalog, {"中国"}) == catalog::expand_region_groups(catalog, {"cn"}));
  // --region cn without --currency ranks in CNY; a region outside mainland China keeps USD; --currency wins.
  const std::vector<std::string> job = {"-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora"};
  const auto with = [&](std::vector<std::string> extra) {
    auto args = job;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  CHECK(recommend_json(with({"--region", "cn"}))["currency"]["code"] == "CNY");
  CHECK(recommend_json(with({"--region", "cn,us-east-1"}))["currency"]["code"] == "USD");
  CHECK(recommend_json(with({"--region", "cn", "--currency", "USD"}))["currency"]["code"] == "USD");
  // Providers that all bill in CNY rank in CNY too (expert review 29); one billing in USD keeps USD.
  CHECK(recommend_json(with({"--provider", "huawei,ctyun,tencent"}))["currency"]["code"] == "CNY");
  CHECK(recommend_json(with({"--provider", "tencent,aws"}))["currency"]["code"] == "USD");
  // compare: offerings that all bill in CNY compare in CNY; one in USD keeps USD.
  const auto compared = [](const std::string& first, const std::string& second) {
    const auto result = run_gpuselect({"compare", "-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora", first,
                                       second, "--format", "json"});
    REQUIRE(result.exit_code == 0);
    return nlohmann::json::parse(result.out)["currency"]["code"].get<std::string>();
  };
  CHECK(compared("autodl/h800-x8", "volcano/gpu-h800-8x") == "CNY");
  CHECK(compared("autodl/h800-x8", "aws/p5.48xlarge") == "USD");
  const auto monthly = recommend_json(with({"--region", "中国", "--pricing", "包月", "--currency", "人民币"}));
  REQUIRE_FALSE(monthly["candidates"].empty());
  for (const auto& candidate : monthly["candidates"]) CHECK(candidate["pricing_mode"] == "monthly");
}

TEST_CASE("china: an amount written with 元 gets the plain-number hint, the region error names the groups",
          "[china][lang]") {
  const std::vector<std::string> job = {"--lang", "zh-CN", "recommend", "-w", "llm-finetune", "-m", "qwen2.5-7b"};
  const auto with = [&](std::vector<std::string> extra) {
    auto args = job;
    args.insert(args.end(), extra.begin(), extra.end());
    return run_gpuselect(args);
  };
  const auto budget = with({"--budget", "100元"});
  CHECK(budget.exit_code == 2);
  CHECK(budget.out.empty());
  CHECK(budget.err.find("'100元'") != std::string::npos);
  CHECK(budget.err.find("纯数字：100") != std::string::npos);
  CHECK(with({"--budget", "100美元"}).err.find("纯数字：100") != std::string::npos);
  // "mainland", 大陆 and 国内 are mainland China; an unknown region's hint names the groups.
  const auto& catalog = builtin();
  for (const std::string name : {"mainland", "大陆", "国内"}) {
    CHECK(catalog::expand_region_groups(catalog, {name}) == catalog::expand_region_groups(catalog, {"cn"}));
  }
  const auto region = with({"--region", "华东"});
  CHECK(region.exit_code == 2);
  CHECK(region.err.find("cn（中国大陆）") != std::string::npos);
  const auto english = run_gpuselect({"recommend", "-w", "llm-finetune", "-m", "qwen2.5-7b", "--region", "nowhere-1"});
  CHECK(english.err.find("cn (mainland China)") != std::string::npos);
}

TEST_CASE("china: catalog show titles its sections in Chinese and keeps the catalog's keys", "[china][lang]") {
  const auto shown = run_gpuselect({"--lang", "zh-CN", "catalog", "show", "huawei/pi2.2xlarge.4"});
  REQUIRE(shown.exit_code == 0);
  CHECK(shown.out.starts_with("方案（offering）"));
  CHECK(shown.out.find("云厂商（provider）") != std::string::npos);
  CHECK(shown.out.find("pricing.on_demand") != std::string::npos);
  CHECK(run_gpuselect({"catalog", "show", "huawei/pi2.2xlarge.4"}).out.starts_with("offering"));
}

TEST_CASE("markdown: the legend of an extrapolated band is a list item, not a nested list", "[china][render]") {
  for (const std::string lang : {"en", "zh-CN"}) {
    const auto markdown = run_gpuselect({"--lang", lang, "recommend", "-w", "llm-finetune", "-m", "qwen2.5-7b",
                                         "--method", "lora", "--region", "cn", "--format", "markdown"});
    REQUIRE(markdown.exit_code == 0);
    INFO(lang);
    // The table carries the mark: its legend is said, escaped.
    REQUIRE(markdown.out.find(lang == "en" ? ")*" : "）*") != std::string::npos);
    CHECK(markdown.out.find("\n- \\* ") != std::string::npos);
    CHECK(markdown.out.find("\n- * ") == std::string::npos);
  }
}

TEST_CASE("estimate: the serving TTFT's queue wait is its own row, the plan's TTFT is before queueing",
          "[china][render]") {
  const auto shown = run_gpuselect({"estimate", "-w", "llm-inference", "-m", "qwen2.5-14b", "--gpu", "l20",
                                    "--requests-per-s", "1", "--input-tokens", "1000", "--output-tokens", "300"});
  REQUIRE(shown.exit_code == 0);
  CHECK(shown.out.find("ms before queueing, TPOT") != std::string::npos);
  CHECK(shown.out.find("queue wait in TTFT") != std::string::npos);
}

TEST_CASE("china: the job line names the method in Chinese and markdown lists use full-width separators",
          "[china][lang]") {
  const auto table = run_gpuselect({"--lang", "zh-CN", "recommend", "-w", "llm-finetune", "-m", "qwen2.5-7b",
                                    "--method", "full", "--region", "cn", "--top", "1"});
  INFO(table.err);
  REQUIRE(table.exit_code == 0);
  CHECK(table.out.find("全参 bf16") != std::string::npos);
  CHECK(table.out.find("full bf16") == std::string::npos);
  const auto english = run_gpuselect({"recommend", "-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "full",
                                      "--region", "cn", "--top", "1"});
  CHECK(english.out.find("full bf16") != std::string::npos);
  const auto markdown = run_gpuselect({"--lang", "zh-CN", "recommend", "-w", "llm-finetune", "-m", "qwen2.5-7b",
                                       "--region", "cn", "--top", "1", "--show-excluded", "--format", "markdown"});
  REQUIRE(markdown.exit_code == 0);
  const auto excluded_item = markdown.out.find("\n- **");
  REQUIRE(excluded_item != std::string::npos);
  const std::string item = markdown.out.substr(excluded_item, markdown.out.find('\n', excluded_item + 1) - excluded_item);
  INFO(item);
  CHECK(item.find("：") != std::string::npos);
  CHECK(item.find("; ") == std::string::npos);
}

TEST_CASE("china review 29b: a China-only --gpu asks for mainland China, lists take Chinese commas, bare 4090",
          "[china]") {
  // `--gpu H20` without --region ended in exit 3 with "relax --gpu": every H20 is sold only there.
  const auto h20 = recommend_json({"-w", "llm-finetune", "-m", "qwen2.5-14b", "--method", "lora", "--gpu", "H20"});
  REQUIRE_FALSE(h20["candidates"].empty());
  for (const auto& candidate : h20["candidates"]) CHECK(candidate["gpu"] == "h20");
  CHECK(h20["currency"]["code"] == "CNY");
  // So does --pricing monthly, which only mainland clouds sell (it blamed host memory); spot does not.
  const auto monthly = recommend_json({"-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora", "--pricing",
                                       "monthly"});
  REQUIRE_FALSE(monthly["candidates"].empty());
  CHECK(monthly["currency"]["code"] == "CNY");
  CHECK(recommend_json({"-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora", "--pricing", "spot"})
            ["currency"]["code"] == "USD");
  // A GPU also sold abroad keeps the rule: no mainland-only row for a USD user naming the A100.
  const auto a100 = recommend_json({"-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora", "--gpu", "A100-80GB",
                                    "--top", "all"});
  for (const auto& candidate : a100["candidates"]) CHECK(candidate["provider"] != "volcano");
  // The full-width and the ideographic comma separate list items as ',' does.
  const auto listed = [](const std::string& regions) {
    return recommend_json({"-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora", "--region", regions,
                           "--top", "all"})["candidates"]
        .size();
  };
  const auto ascii = listed("cn,us");
  CHECK(ascii > listed("cn"));
  CHECK(listed("cn，us") == ascii);
  CHECK(listed("cn、us") == ascii);
  CHECK(text::split_list("a，b、 c ,d") == std::vector<std::string>{"a", "b", "c", "d"});
  // A bare card number names the GeForce card.
  const auto bare = recommend_json({"-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "qlora", "--gpu", "4090"});
  REQUIRE_FALSE(bare["candidates"].empty());
  CHECK(bare["candidates"][0]["gpu"] == "rtx-4090");
}

TEST_CASE("exit-3 hint: a latency row is admitted by a looser --tpot-ms at the confidence, never a tighter one",
          "[china][cli]") {
  // Expert review 29: "--tpot-ms/--ttft-ms 49 admits the cheapest" under --tpot-ms 50, for a row whose
  // TPOT at 80% confidence was 70.8 ms.
  const auto result = run_gpuselect({"recommend", "-w", "llm-inference", "-m", "deepseek-r1-distill-qwen-32b",
                                     "--requests-per-s", "1", "--input-tokens", "800", "--output-tokens", "1500",
                                     "--tpot-ms", "50", "--hours", "720", "--provider", "aliyun", "--gpu", "a10"});
  // (--gpu a10: Alibaba's multi-card L20 sizes, added after review 10, meet 50 ms.)
  REQUIRE(result.exit_code == 3);
  const auto at = result.err.find("--tpot-ms ");
  const auto admits = result.err.find(" admits the cheapest");
  INFO(result.err);
  if (admits != std::string::npos) {
    const auto value_at = result.err.rfind(' ', admits - 1) + 1;
    CHECK(std::stod(result.err.substr(value_at, admits - value_at)) > 50);
    CHECK(result.err.substr(0, value_at).ends_with("--tpot-ms "));
  }
  CHECK(at != std::string::npos);
}

TEST_CASE("risk-averse training: no low-stock row on demand, 20% of GPU memory free", "[china][risk]") {
  // Expert review 29: `--risk-averse --deadline 10` ranked a low-stock AutoDL node at exactly 10% free
  // memory first.
  const std::vector<std::string> job = {"-w", "llm-finetune", "-m", "qwen2.5-14b", "--method", "full", "--region", "cn",
                                        "--deadline", "10", "--top", "all"};
  auto averse_args = job;
  averse_args.emplace_back("--risk-averse");
  const auto averse = recommend_json(averse_args);
  REQUIRE_FALSE(averse["candidates"].empty());
  const auto& catalog = builtin();
  for (const auto& candidate : averse["candidates"]) {
    INFO(candidate["offering_id"]);
    const auto* offering = catalog.find_offering(candidate["offering_id"].get<std::string>());
    REQUIRE(offering != nullptr);
    const std::string mode = candidate["pricing_mode"];
    CHECK((offering->stock != catalog::Stock::low || (mode != "on-demand" && mode != "monthly" && mode != "yearly")));
  }
  CHECK(averse["request"]["min_headroom_pct"] == 20.0);
  // --allow-low-stock admits them back.
  auto allowed = averse_args;
  allowed.emplace_back("--allow-low-stock");
  CHECK(recommend_json(allowed)["candidates"].size() > averse["candidates"].size());
}

TEST_CASE("zh: a time band says its unit once, in full-width parentheses", "[china][render]") {
  // Expert review 5: "2.2 小时 (1.2 小时-4.1 小时)" repeated the unit inside ASCII parentheses.
  const auto zh = run_gpuselect({"--lang", "zh-CN", "recommend", "-w", "llm-finetune", "-m", "qwen2.5-7b", "--method",
                                 "lora", "--region", "cn"});
  REQUIRE(zh.exit_code == 0);
  CHECK(zh.out.find(" 小时（") != std::string::npos);
  CHECK(zh.out.find(" 小时 (") == std::string::npos);
  CHECK(zh.out.find("小时-") == std::string::npos);
  // English keeps each end's unit.
  const auto en = run_gpuselect({"recommend", "-w", "llm-finetune", "-m", "qwen2.5-7b", "--method", "lora", "--region", "cn"});
  CHECK(en.out.find(" h-") != std::string::npos);
}

TEST_CASE("an estimated price is scored up to 20 percent dearer, a published one is not, and the Why says which",
          "[china][cost]") {
  // Expert review 10, D3: a Volcano L20 price as remembered (2026-05-20) carried only the age band
  // and outranked an Alibaba A10 whose price was read from the provider's file.
  const auto document = testing::run_json({"recommend", "-w", "image-inference", "-m", "sdxl", "--hours", "720",
                                           "--requests-per-s", "0.2", "--region", "cn", "--top", "20"},
                                          {"GPUSELECT_TODAY=2026-12-01", "GPUSELECT_NO_CACHE=1"});
  int estimated = 0;
  int published = 0;
  for (const auto& candidate : document["candidates"]) {
    const auto& cost = candidate["cost"];
    const double band = cost["estimated_price_band_pct"].get<double>();
    const double age = cost["price_band_pct"].get<double>();
    INFO(candidate["offering_id"].get<std::string>() << " " << candidate["pricing_mode"].get<std::string>());
    if (band > 0) {
      ++estimated;
      CHECK(band == estimate::estimated_price_band_pct);
      CHECK(cost["price_high_factor"].get<double>() >= (1 + band / 100) * (1 + age / 100) - 1e-3);
    } else {
      ++published;
      if (candidate["pricing_mode"] != "spot") {
        CHECK(cost["price_high_factor"].get<double>() == Approx(1 + age / 100).epsilon(1e-3));
      }
    }
  }
  CHECK(estimated > 0);
  CHECK(published > 0);
  // The sentences state the constant the cost uses.
  const std::string percent = fmt::format("{:g}%", estimate::estimated_price_band_pct);
  for (const auto id : {text::Msg::fact_estimated_price, text::Msg::fact_estimated_and_age}) {
    CHECK(std::string(text::message(id, text::Lang::en)).find(percent) != std::string::npos);
    CHECK(std::string(text::message(id, text::Lang::zh_cn)).find(percent) != std::string::npos);
  }
}

TEST_CASE("bf16 Qwen3-30B-A3B on L20 in mainland China is served on Alibaba's 2-card gn8is", "[china][serving]") {
  // Expert review 10, R3: only 1-card L20 SKUs existed, so a common mainland deployment (bf16 over
  // two L20s) exited 3.
  const auto document = testing::run_json({"recommend", "-w", "llm-inference", "-m", "qwen3-30b-a3b",
                                           "--requests-per-s", "10", "--hours", "720", "--region", "cn", "--gpu", "L20"},
                                          {"GPUSELECT_TODAY=2026-12-01", "GPUSELECT_NO_CACHE=1"});
  REQUIRE_FALSE(document["candidates"].empty());
  const auto& top = document["candidates"][0];
  CHECK(top["gpu"] == "l20");
  CHECK(top["gpu_count"].get<int>() >= 2);
  // Its price is the 1-card one scaled by a stated assumption, so it is marked estimated.
  CHECK(top["cost"]["estimated_price_band_pct"].get<double>() > 0);
}
