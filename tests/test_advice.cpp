// Scenario tests of issue 12 ("advice an expert would sign") on the built-in catalog, end to end:
// the cost criterion is money, spot risk is modelled, warnings are material, serving rows show
// what is rented, reserved shows its commitment, JSON reproduces the request.
#include <algorithm>
#include <cmath>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "gpuselect/estimate.hpp"

using gpuselect::testing::run_gpuselect;
using gpuselect::testing::with;

namespace {

const std::vector<std::string> finetune_7b = {"recommend", "--workload", "llm-finetune", "--params", "7e9"};
const std::vector<std::string> serving_8b = {"recommend", "-w", "llm-inference", "-m", "llama-3-8b",
                                             "--requests-per-s", "20"};

nlohmann::json json_of(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) {
  const auto result = run_gpuselect(with(args, {"--format", "json"}), env);
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  return nlohmann::json::parse(result.out);
}

// Schema 2: a candidate's warning holds the index of its sentence in the document's warning_messages.
std::string message_of(const nlohmann::json& document, const nlohmann::json& warning) {
  return document["warning_messages"].at(warning["message"].get<std::size_t>()).get<std::string>();
}

double total_of(const nlohmann::json& candidate) { return candidate["cost"]["total"].get<double>(); }
// What the cost criterion scores: the total with its quoted part at the price's upper end (egress,
// public IPs and storage are list charges, not the quote: estimate::Cost::total_at).
double scored_of(const nlohmann::json& candidate) {
  const auto& cost = candidate["cost"];
  const double list_charges =
      cost["egress"].get<double>() + cost["public_ip"].get<double>() + cost["storage"].get<double>();
  const double quoted = total_of(candidate) - list_charges;
  if (!(quoted > 0)) return total_of(candidate);
  return list_charges + quoted * cost["price_high_factor"].get<double>();
}
double hours_of(const nlohmann::json& candidate) {
  return candidate["time"]["wall_hours"].get<double>();
}

int occurrences(const std::string& text, const std::string& word) {
  int count = 0;
  for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + word.size())) ++count;
  return count;
}

}  // namespace

TEST_CASE("scenario: --weights cost=1 puts the cheapest job first, performance=1 the fastest", "[advice]") {
  // The cost criterion scores each row at its price's upper end (docs/estimation.md "Price age and
  // quote sanity"). Quotes read 5 days ago carry no age band: only a suspect spot quote is scored above
  // its price, so the order follows the money as quoted but for those.
  for (const char* today : {"GPUSELECT_TODAY=2026-05-25", "GPUSELECT_TODAY=2026-12-01"}) {
    INFO(today);
    const auto by_cost = json_of(with(finetune_7b, {"--weights", "cost=1"}), {today});
    const auto& cost_ranked = by_cost["candidates"];
    REQUIRE(cost_ranked.size() > 10);
    double cheapest = scored_of(cost_ranked[0]);
    for (const auto& candidate : cost_ranked) cheapest = std::min(cheapest, scored_of(candidate));
    // Scores equal as shown (0.1 of a point) tie and follow the totals as quoted (docs/scoring.md
    // "Order"); with cost=1 a tenth of a point is a scored cost 10^(1/1000) = 0.23% apart.
    constexpr double shown_tie_ratio = 1.0024;
    CHECK(scored_of(cost_ranked[0]) <= cheapest * shown_tie_ratio);
    for (std::size_t i = 1; i < cost_ranked.size(); ++i) {
      // At 10x the cheapest and beyond the cost score is 0 (docs/scoring.md job_cost): those rows tie
      // and follow their totals as quoted (old spot quotes are scored up to on-demand, ~9x).
      if (scored_of(cost_ranked[i]) >= 10 * cheapest) break;
      CHECK(scored_of(cost_ranked[i - 1]) <= scored_of(cost_ranked[i]) * shown_tie_ratio);
    }
    if (std::string(today) == "GPUSELECT_TODAY=2026-05-25") {
      for (const auto& candidate : cost_ranked) {
        if (candidate["pricing_mode"] != "spot" || candidate["cost"]["spot_quote"].empty()) {
          // A fresh quote carries no age band; only a price the catalog marks estimated is taken dearer.
          const double estimated_pct = candidate["cost"]["estimated_price_band_pct"].get<double>();
          CHECK((estimated_pct == 0 || estimated_pct == gpuselect::estimate::estimated_price_band_pct));
          CHECK(candidate["cost"]["price_high_factor"].get<double>() == Approx(1.0 + estimated_pct / 100.0));
        }
      }
    }
  }

  const auto by_time = json_of(with(finetune_7b, {"--weights", "performance=1"}));
  const auto& time_ranked = by_time["candidates"];
  double fastest = hours_of(time_ranked[0]);
  for (const auto& candidate : time_ranked) fastest = std::min(fastest, hours_of(candidate));
  CHECK(hours_of(time_ranked[0]) == Approx(fastest));
}

// Before: an 8x B200 node ($13.44, 30 min, 17.6 of 192 GB per GPU) ranked first for a QLoRA of an
// 8B model, above one H100 that does the job in under 4 h for less ($10.60); an expert right-sizes.
TEST_CASE("scenario: a fine-tune that ends within the turnaround is right-sized, not raced", "[advice]") {
  const auto document =
      json_of({"recommend", "-w", "llm-finetune", "-m", "llama-3-8b", "--method", "qlora", "--pricing", "on-demand"});
  const auto& candidates = document["candidates"];
  REQUIRE(candidates.size() > 3);
  const auto& first = candidates[0];
  INFO(first["offering_id"]);
  CHECK(first["gpus_rented"].get<int>() == 1);
  CHECK(hours_of(first) <= 4.0);
  // Every row inside the 4 h turnaround (held with its wait for capacity at the 90th percentile)
  // scores full performance, so cost decides among them.
  for (const auto& candidate : candidates) {
    const auto& cost = candidate["cost"];
    const double wait_p90 = cost["acquisition_wait_hours_band"].is_object()
                                ? cost["acquisition_wait_hours_band"]["high"].get<double>()
                                : 0.0;
    const double wait = cost["acquisition_wait_hours"].is_number() ? cost["acquisition_wait_hours"].get<double>() : 0.0;
    if (hours_of(candidate) + std::max(0.0, wait_p90 - wait) > 4.0) continue;
    CHECK(candidate["criteria"]["performance"]["score"].get<double>() == Approx(100));
  }
  // Speed-first still races: the fastest row ranks first.
  const auto speed = json_of({"recommend", "-w", "llm-finetune", "-m", "llama-3-8b", "--method", "qlora", "--pricing",
                              "on-demand", "--profile", "speed-first"});
  double fastest = hours_of(speed["candidates"][0]);
  for (const auto& candidate : speed["candidates"]) fastest = std::min(fastest, hours_of(candidate));
  CHECK(hours_of(speed["candidates"][0]) == Approx(fastest));
  CHECK(speed["candidates"][0]["gpus_rented"].get<int>() > 1);
}

// Before: `-w llm-pretrain -p 70e9 --tokens 2e12 --max-nodes 64` ranked only the fewest nodes that
// fit (4 H200 nodes, 725 days): --max-nodes was never used without a deadline.
// On demand it widens only within half the SKU's free pool (issue 24, expert reviews 3 and 6): the
// 30-day run is a reserved block. A reserved term whose commitment is the job's cost is sized to the
// term it commits (expert review 6: 53 B200 nodes on a 1-year term, 8.1% used, $20.9M, ranked first);
// the 30-day block on a term ranks only where the term has other work (--reserved-other-use).
TEST_CASE("scenario: a pretraining run without a deadline scales out to the planning horizon", "[advice]") {
  const std::vector<std::string> job = {"recommend", "-w",          "llm-pretrain", "-p",        "70e9",
                                        "--tokens",  "2e12",        "--max-nodes",  "64",        "--pricing",
                                        "on-demand,reserved-1y", "--require", "rdma", "--top", "5"};
  const auto document = json_of(job);
  for (const auto& candidate : document["candidates"]) {
    INFO(candidate["offering_id"] << " on " << candidate["nodes"]);
    REQUIRE(candidate["pricing_mode"] == "reserved-1y");
    CHECK(candidate["nodes"].get<int>() > 1);
    CHECK(hours_of(candidate) <= 8760.0);
    CHECK(candidate["cost"]["term_used_pct"].get<double>() >= 50.0);
  }
  const auto shared_term = json_of(with(job, {"--reserved-other-use"}));
  const auto& first = shared_term["candidates"][0];
  INFO(first["offering_id"] << " on " << first["nodes"]);
  CHECK(first["nodes"].get<int>() > 4);
  CHECK(hours_of(first) <= 31 * 24.0);
  // On demand alone, a job that size is no open-capacity rental (constraint capacity, docs/scoring.md).
  const auto open = run_gpuselect({"recommend", "-w", "llm-pretrain", "-p", "70e9", "--tokens", "2e12", "--max-nodes",
                                   "64", "--pricing", "on-demand", "--require", "rdma", "--top", "5"});
  CHECK(open.exit_code == 3);
  CHECK(open.err.find("capacity removed the most") != std::string::npos);
  // The default --max-nodes 4 cannot reach it: on at most 4 nodes every run takes past a year, which
  // without --deadline is no row (estimate::longest_run_hours; expert review 35); the reason says the
  // levers.
  const auto capped = run_gpuselect({"recommend", "-w", "llm-pretrain", "-p", "70e9", "--tokens", "2e12", "--pricing",
                                     "on-demand,reserved-1y", "--require", "rdma", "--show-excluded"});
  CHECK(capped.exit_code == 3);
  CHECK(capped.out.find("more nodes (--max-nodes)") != std::string::npos);
}

// Before: the hint named only "--deadline 571.1 admits the cheapest", though more nodes meet 14 days.
// Then it named "--max-nodes 7", 56 of the ~64 B200s a medium pool has free, and that row ranked
// first (expert review 6): a block beyond half the free pool is named as a reservation instead.
TEST_CASE("scenario: a deadline that empties a pretraining ranking names the nodes that meet it", "[advice]") {
  // Open capacity only (--pricing on-demand,spot): by default a capacity block meets it
  // (tests/test_capacity_block.cpp).
  const std::vector<std::string> job = {"recommend", "-w", "llm-pretrain", "-p", "7e9", "--tokens", "1e12",
                                        "--deadline", "14d", "--max-nodes", "16", "--pricing", "on-demand,spot"};
  const auto refused = run_gpuselect(job);
  REQUIRE(refused.exit_code == 3);
  INFO(refused.err);
  const auto at = refused.err.find(" nodes of ");
  REQUIRE(at != std::string::npos);
  CHECK(refused.err.find("more than open capacity usually has free at once") != std::string::npos);
  // Capacity is what to act on: said first (expert review 19), the deadline's own admit after it.
  CHECK(refused.err.find("the deadline is met only beyond open capacity") != std::string::npos);
  // Open capacity beyond the pool is no --max-nodes: one named is a capacity block's, with its mode.
  const auto max_nodes_at = refused.err.find("--max-nodes ");
  if (max_nodes_at != std::string::npos) {
    CHECK(refused.err.rfind("--pricing capacity-block ", max_nodes_at) == max_nodes_at - 25);
  }
  // The reservation it calls for is named by its --pricing mode.
  CHECK(refused.err.find("--pricing capacity-block") != std::string::npos);
  const auto start = refused.err.rfind(' ', at - 1) + 1;
  const std::string nodes = refused.err.substr(start, at - start);
  CHECK(std::stoi(nodes) > 4);
  // Where a term has other work, the block it names meets the deadline.
  std::vector<std::string> open_job(job.begin(), job.end() - 2);  // without --pricing on-demand,spot
  const auto document = json_of(with(open_job, {"--pricing", "reserved-1y", "--reserved-other-use"}));
  REQUIRE_FALSE(document["candidates"].empty());
  CHECK(document["candidates"][0]["nodes"].get<int>() <= std::stoi(nodes) * 2);
  CHECK(document["candidates"][0]["cost"]["within_deadline_probability"].get<double>() >= 0.8);
  // A deadline that open capacity meets on more nodes than --max-nodes allows names that --max-nodes.
  const std::vector<std::string> small = {"recommend", "-w", "llm-pretrain", "-p", "1e9", "--tokens", "1e11",
                                          "--deadline", "12h"};
  const auto refused_small = run_gpuselect(with(small, {"--max-nodes", "1"}));
  INFO(refused_small.err);
  REQUIRE(refused_small.exit_code == 3);
  const auto max_at = refused_small.err.find("; --max-nodes ");
  REQUIRE(max_at != std::string::npos);
  const std::string more = refused_small.err.substr(max_at + 14, refused_small.err.find(' ', max_at + 14) - max_at - 14);
  const auto widened = json_of(with(small, {"--max-nodes", more}));
  REQUIRE_FALSE(widened["candidates"].empty());
  CHECK(widened["candidates"][0]["pricing_mode"] != "reserved-1y");
  CHECK(widened["candidates"][0]["cost"]["within_deadline_probability"].get<double>() >= 0.8);
}

// Before: `recommend -w notebook --hours 40` ranked a spot sixth of an A10 first: a reclaim ends
// the session. Spot comes back only when --pricing names it.
TEST_CASE("scenario: an interactive notebook is not put on spot unless asked", "[advice]") {
  const auto document = json_of({"recommend", "-w", "notebook", "--hours", "40", "--top", "200"});
  REQUIRE_FALSE(document["candidates"].empty());
  for (const auto& candidate : document["candidates"]) CHECK(candidate["pricing_mode"] != "spot");
  bool spot_excluded = false;
  for (const auto& exclusion : document["excluded"]) {
    if (exclusion["pricing_mode"] != "spot") continue;
    for (const auto& reason : exclusion["reasons"]) {
      spot_excluded = spot_excluded || reason.get<std::string>().find("interactive session") != std::string::npos;
    }
  }
  CHECK(spot_excluded);
  const auto asked = json_of({"recommend", "-w", "notebook", "--hours", "40", "--pricing", "spot,on-demand", "--top",
                              "200"});
  CHECK(std::any_of(asked["candidates"].begin(), asked["candidates"].end(),
                    [](const auto& candidate) { return candidate["pricing_mode"] == "spot"; }));
}

// Before: moving the data onto the machines took no time and cost nothing (issue 24 item 8).
TEST_CASE("scenario: data staging is in the time to result and the bill, sized by --dataset-gb", "[advice]") {
  const std::vector<std::string> job = {"recommend", "-w", "cv-train", "-m", "resnet-50", "--pricing", "on-demand",
                                        "--gpu", "h100-sxm5-80gb", "--gpu-count", "1", "--top", "1"};
  const auto defaults = json_of(job);
  const auto large = json_of(with(job, {"--dataset-gb", "1400"}));
  const auto& small_row = defaults["candidates"][0];
  const auto& large_row = large["candidates"][0];
  REQUIRE(small_row["offering_id"] == large_row["offering_id"]);
  // ImageNet-1k (141 GB) by default; 1,400 GB at 10 Gbit/s is 0.311 h on one node.
  CHECK(small_row["cost"]["staging_hours"].get<double>() == Approx(1'281'167 * 110e3 / 1.25e9 / 3600).epsilon(0.01));
  const double staged = large_row["cost"]["staging_hours"].get<double>();
  CHECK(staged == Approx(1400e9 / 1.25e9 / 3600).epsilon(0.01));
  const double extra_hours = staged - small_row["cost"]["staging_hours"].get<double>();
  // The time to result grows by the extra staging.
  CHECK(hours_of(large_row) - hours_of(small_row) == Approx(extra_hours).epsilon(0.02));
  // Billed: the total grows by at least the compute price of the extra staging hours (storage of
  // the larger dataset comes on top).
  CHECK(total_of(large_row) - total_of(small_row) >=
        0.99 * large_row["cost"]["price_per_hour"].get<double>() * extra_hours);
}

// Before: `-w llm-inference -m llama-3-8b --serving-tier development` ranked a V100 first at bf16
// figures with no word that Volta has no bf16 (vLLM refuses bf16 below compute capability 8.0).
TEST_CASE("scenario: bf16 on a GPU without bf16 units is a weak software stack, fp16 is not", "[advice]") {
  const auto bf16 = json_of({"recommend", "-w", "llm-inference", "-m", "llama-3-8b", "--serving-tier", "development",
                             "--requests-per-s", "2", "--top", "300"});
  int volta_turing = 0;
  for (const auto& candidate : bf16["candidates"]) {
    const std::string gpu = candidate["gpu"];
    if (gpu.rfind("v100", 0) != 0 && gpu.rfind("t4", 0) != 0) continue;
    ++volta_turing;
    INFO(candidate["offering_id"]);
    CHECK(candidate["software"]["level"] == "weak");
    CHECK(candidate["software"]["feature"] == "bf16");
  }
  CHECK(volta_turing > 0);
  const auto fp16 = json_of({"recommend", "-w", "llm-inference", "-m", "llama-3-8b", "--serving-tier", "development",
                             "--requests-per-s", "2", "--precision", "fp16", "--top", "300"});
  for (const auto& candidate : fp16["candidates"]) {
    if (candidate["software"].is_null()) continue;
    CHECK(candidate["software"]["feature"] != "bf16");
  }
}

TEST_CASE("scenario: a student's QLoRA of a 70B model in CNY ranks the cheapest small offering first", "[advice]") {
  const auto document =
      json_of({"recommend", "-w", "llm-finetune", "-m", "llama-2-70b", "--method", "qlora", "--profile", "cost-first",
               "--currency", "CNY", "--provider", "autodl,alibaba,tencent"});
  const auto& candidates = document["candidates"];
  REQUIRE_FALSE(candidates.empty());
  const auto& first = candidates[0];
  INFO(first["offering_id"] << " " << total_of(first));
  // Not an 8x A100/H100 node at five times the money: a small or consumer offering within a
  // quarter of the cheapest job.
  const std::string gpu = first["gpu"];
  CHECK_FALSE((first["gpus_rented"].get<int>() >= 8 && (gpu.find("a100") == 0 || gpu.find("h100") == 0)));
  double cheapest = total_of(first);
  for (const auto& candidate : candidates) cheapest = std::min(cheapest, total_of(candidate));
  CHECK(total_of(first) <= 1.25 * cheapest);
  CHECK(document["currency"]["code"] == "CNY");
}

TEST_CASE("scenario: a 48 h spot job on 4 nodes expects lost hours, more than on 1 node", "[advice]") {
  // The model itself: 48 h of work, 10% of instances interrupted a month, 30-minute checkpoints,
  // 10 minutes to re-provision.
  const auto one = gpuselect::estimate::spot_risk(48, 1, 10, 0.5, 10.0 / 60, 0);
  const auto four = gpuselect::estimate::spot_risk(48, 4, 10, 0.5, 10.0 / 60, 0);
  CHECK(one.extra_hours > 0);
  CHECK(four.extra_hours > 3.9 * one.extra_hours);  // any of 4 nodes stops all 4
  CHECK(four.uninterrupted_probability < one.uninterrupted_probability);
  CHECK(four.uninterrupted_probability == Approx(std::pow(one.uninterrupted_probability, 4)));
  // Without checkpoints a hit restarts the job: far more lost work.
  const auto no_checkpoint = gpuselect::estimate::spot_risk(48, 4, 10, 0, 10.0 / 60, 0);
  CHECK(no_checkpoint.extra_hours > 10 * four.extra_hours);
  // A deadline with no slack is met only without a hit; a generous one almost surely.
  const auto tight = gpuselect::estimate::spot_risk(48, 4, 10, 0.5, 10.0 / 60, 48);
  CHECK(tight.within_deadline_probability == Approx(std::exp(-four.hazard_per_hour * 48)));
  const auto loose = gpuselect::estimate::spot_risk(48, 4, 10, 0.5, 10.0 / 60, 60);
  CHECK(loose.within_deadline_probability > 0.999);
  const auto missed = gpuselect::estimate::spot_risk(48, 4, 10, 0.5, 10.0 / 60, 40);
  CHECK(missed.within_deadline_probability == 0);

  // End to end: a 70B fine-tune on several spot nodes carries its expected lost hours and cost (the
  // deadline search widens spot rows only within the SKU's free pool: 2 nodes of a low-stock 8-GPU SKU).
  const auto document = json_of({"recommend", "-w", "llm-finetune", "-m", "llama-2-70b", "--tokens", "3e9",
                                 "--pricing", "spot", "--max-nodes", "4", "--deadline", "72"});
  bool several_nodes = false;
  for (const auto& candidate : document["candidates"]) {
    const auto& cost = candidate["cost"];
    CHECK(cost["interruption_hours"].get<double>() > 0);
    CHECK(cost["interruption"].get<double>() > 0);
    CHECK(cost["within_deadline_probability"].get<double>() <= 1);
    CHECK(cost["uninterrupted_probability"].get<double>() < 1);
    if (candidate["nodes"].get<int>() >= 2) several_nodes = true;
  }
  CHECK(several_nodes);
}

TEST_CASE("scenario: spot warnings name the provider's own notice, never AWS's for others", "[advice]") {
  const auto document = json_of({"recommend", "-w", "llm-finetune", "-m", "llama-2-70b", "--tokens", "2e10",
                                 "--pricing", "spot", "--max-nodes", "4"});
  int spot_warnings = 0;
  for (const auto& candidate : document["candidates"]) {
    for (const auto& warning : candidate["warnings"]) {
      if (warning["code"] != "W-SPOT") continue;
      ++spot_warnings;
      const std::string message = message_of(document, warning);
      CHECK(message.find("2 minutes on AWS") == std::string::npos);
      if (candidate["provider"] != "aws") CHECK(message.find("2 min notice") == std::string::npos);
      if (candidate["provider"] == "aws") CHECK(message.find("2 min notice") != std::string::npos);
      if (candidate["provider"] == "azure") CHECK(message.find("30 s notice") != std::string::npos);
    }
  }
  CHECK(spot_warnings > 0);
  // Rates the catalog does not publish are said once, as an assumption.
  bool assumed = false;
  for (const auto& note : document["notes"]) assumed = assumed || note["code"] == "N-SPOT-RATE-ASSUMED";
  CHECK(assumed);
}

TEST_CASE("scenario: the 7B default run says stale prices once and no egress warning at --egress-gb 0",
          "[advice]") {
  const auto result = run_gpuselect(with(finetune_7b, {"--egress-gb", "0"}));
  INFO(result.out);
  REQUIRE(result.exit_code == 0);
  CHECK(occurrences(result.out, "days old") <= 1);
  CHECK(occurrences(result.out, "W-STALE-PRICE") == 0);
  CHECK(occurrences(result.out, "W-EGRESS") == 0);
  CHECK(occurrences(result.out, "W-PUBLIC-IP") == 0);

  const auto document = json_of(with(finetune_7b, {"--egress-gb", "0"}));
  for (const auto& candidate : document["candidates"]) {
    for (const auto& warning : candidate["warnings"]) {
      CHECK(warning["code"] != "W-STALE-PRICE");
      CHECK(warning["code"] != "W-EGRESS");
    }
  }
}

TEST_CASE("scenario: egress is a row warning only where it is material, with that provider's own price",
          "[advice]") {
  const auto document = json_of(with(finetune_7b, {"--egress-gb", "5000"}));
  int egress = 0;
  for (const auto& candidate : document["candidates"]) {
    const auto& cost = candidate["cost"];
    bool warned = false;
    for (const auto& warning : candidate["warnings"]) {
      if (warning["code"] != "W-EGRESS") continue;
      warned = true;
      const std::string message = message_of(document, warning);
      // Its own provider's name, not another's.
      CHECK(message.find(document["providers"][candidate["provider"].get<std::string>()]["name"].get<std::string>()) != std::string::npos);
    }
    const bool material = cost["egress"].get<double>() >= 0.05 * cost["total"].get<double>() - 0.01 &&
                          cost["egress"].get<double>() > 0;
    if (warned) CHECK(material);
    egress += warned ? 1 : 0;
  }
  CHECK(egress > 0);
  // HTML prints every row's own provider and price (it printed AWS's egress price for Azure rows).
  std::set<std::string> prices;  // "Microsoft Azure (Virtual Machines) charges 0.087 USD"
  for (const auto& candidate : document["candidates"]) {
    for (const auto& warning : candidate["warnings"]) {
      if (warning["code"] != "W-EGRESS") continue;
      const std::string message = message_of(document, warning);
      prices.insert(message.substr(0, message.find(" per GB")));
    }
  }
  // Every row, as the JSON has them: the clouds that charge egress rank below the first 40 once
  // capacity waits and confidence are in the time to result.
  const auto html = run_gpuselect(with(finetune_7b, {"--egress-gb", "5000", "--format", "html", "--top", "all"}));
  REQUIRE(html.exit_code == 0);
  const std::regex line("W-EGRESS</td><td>[^<]*</td><td>([^<]+) per GB");
  std::set<std::string> shown;
  for (auto it = std::sregex_iterator(html.out.begin(), html.out.end(), line); it != std::sregex_iterator(); ++it) {
    const std::string text = (*it)[1];
    CHECK(prices.count(text) == 1);
    shown.insert(text);
  }
  CHECK(shown.size() >= 2);
}

TEST_CASE("scenario: serving 20 req/s shows instances and $ per million tokens in every format", "[advice]") {
  const auto document = json_of(serving_8b);
  // The best-ranked row that rents more than one instance; every format must say how many.
  const auto& candidates = document["candidates"];
  std::size_t index = 0;
  while (index < candidates.size() && candidates[index]["instances"].get<int>() < 2) ++index;
  REQUIRE(index < candidates.size());
  const auto& first = candidates[index];
  const int instances = first["instances"];
  const double per_million = first["cost"]["per_million_output_tokens"];
  CHECK(per_million > 0);
  const std::string instances_text = fmt::format("x{} instances", instances);

  const std::vector<std::string> all_rows = {"--top", std::to_string(candidates.size())};
  const auto table = run_gpuselect(with(serving_8b, all_rows));
  REQUIRE(table.exit_code == 0);
  CHECK(table.out.find("per M tok") != std::string::npos);
  CHECK(table.out.find(instances_text) != std::string::npos);

  const auto markdown = run_gpuselect(with(with(serving_8b, all_rows), {"--format", "markdown"}));
  CHECK(markdown.out.find("er M tokens") != std::string::npos);  // "Per M tokens" as a header
  CHECK(markdown.out.find(instances_text) != std::string::npos);

  const auto html = run_gpuselect(with(with(serving_8b, all_rows), {"--format", "html"}));
  CHECK(html.out.find("er M tokens") != std::string::npos);
  CHECK(html.out.find(instances_text) != std::string::npos);

  const auto csv = run_gpuselect(with(serving_8b, {"--format", "csv"}));
  const std::string header = csv.out.substr(0, csv.out.find('\n'));
  CHECK(header.find("instances") != std::string::npos);
  CHECK(header.find("per_million_output_tokens") != std::string::npos);
  CHECK(csv.out.find(first["offering_id"].get<std::string>()) != std::string::npos);
}

TEST_CASE("scenario: production serving on spot is an availability risk unless allowed", "[advice]") {
  // Production serving (the default tier) leaves spot out, with its flag in `excluded`.
  const auto production = json_of(with(serving_8b, {"--pricing", "on-demand,spot"}));
  for (const auto& candidate : production["candidates"]) CHECK(candidate["pricing_mode"] != "spot");
  bool spot_excluded = false;
  for (const auto& exclusion : production["excluded"]) {
    for (const auto& constraint : exclusion.value("constraints", nlohmann::json::array())) {
      spot_excluded = spot_excluded || constraint == "--allow-spot-serving";
    }
  }
  CHECK(spot_excluded);
  // The development tier ranks spot, at stability 0 with the warning.
  const auto document = json_of(with(serving_8b, {"--pricing", "on-demand,spot", "--serving-tier", "development"}));
  bool spot_seen = false;
  for (const auto& candidate : document["candidates"]) {
    if (candidate["pricing_mode"] != "spot") continue;
    spot_seen = true;
    CHECK(candidate["criteria"]["stability"]["score"].get<double>() == 0);
    bool warned = false;
    for (const auto& warning : candidate["warnings"]) warned = warned || warning["code"] == "W-SPOT-SERVING";
    CHECK(warned);
  }
  REQUIRE(spot_seen);
  CHECK(document["candidates"][0]["pricing_mode"] != "spot");

  const auto allowed = json_of(with(serving_8b, {"--pricing", "on-demand,spot", "--allow-spot-serving"}));
  CHECK(allowed["request"]["allow_spot_serving"] == true);
  for (const auto& candidate : allowed["candidates"]) {
    if (candidate["pricing_mode"] != "spot") continue;
    CHECK(candidate["criteria"]["stability"]["score"].get<double>() > 0);
    for (const auto& warning : candidate["warnings"]) CHECK(warning["code"] != "W-SPOT-SERVING");
  }
}

namespace {
const std::vector<std::string> serving_70b_at_50ms = {"recommend",    "-w", "llm-inference", "-m", "llama-2-70b",
                                                      "--tpot-ms",    "50", "--requests-per-s", "5"};

bool has_warning(const nlohmann::json& candidate, const std::string& code) {
  for (const auto& warning : candidate["warnings"]) {
    if (warning["code"] == code) return true;
  }
  return false;
}

int rank_of(const nlohmann::json& document, const std::string& offering_id) {
  for (const auto& candidate : document["candidates"]) {
    if (candidate["offering_id"] == offering_id) return candidate["rank"].get<int>();
  }
  return 0;
}
}  // namespace

// The expert's reading: every row meets TPOT 50 ms at 5 req/s, so a replica three times faster than
// needed buys nothing the cost criterion does not already count (fewer replicas). Before the
// performance score saturated, an 8x H100 node at $17,239 a month ranked first over a 1x B200 at
// $5,130 that met the same targets.
TEST_CASE("scenario: serving at a latency target, speed beyond the met targets does not outrank cost", "[advice]") {
  // The B200 fleet compared below is Lambda's (low stock, no uptime SLA): both tier classes let in.
  const auto document =
      json_of(with(serving_70b_at_50ms, {"--top", "200", "--allow-low-stock", "--allow-no-sla"}));
  const auto& candidates = document["candidates"];
  REQUIRE(candidates.size() > 10);
  for (const auto& candidate : candidates) {
    const auto& serving = document["performances"].at(candidate["performance"].get<std::size_t>())["throughput"]["serving"];
    INFO(candidate["offering_id"]);
    REQUIRE(serving["meets_targets"] == true);
    CHECK(serving["tpot_ms"].get<double>() <= 50.0);
    // Saturated at the targets, which every plan meets at --confidence (expert review 7, S18 and S19:
    // the band tops' excess is the risk --confidence accepts, not scored again), but for the latency
    // share (expert review 13: 15 points from a tenth of the TPOT target to the target).
    CHECK(candidate["criteria"]["performance"]["score"].get<double>() >= 85.0 - 1e-9);
  }
  const int b200 = rank_of(document, "lambda/gpu_1x_b200_sxm6");
  const int h100_node = rank_of(document, "nebius/gpu-h100-sxm_8gpu-128vcpu-1600gb");
  REQUIRE(b200 > 0);
  REQUIRE(h100_node > 0);
  // Speed beyond the targets buys nothing: the 8x H100 node, three times faster than needed, does
  // not rank above the cheaper B200 fleet that meets the same targets at --confidence.
  const auto cost_of = [&](int rank) { return candidates[rank - 1]["cost"]["total"].get<double>(); };
  if (cost_of(b200) < cost_of(h100_node)) CHECK(b200 < h100_node);
  CHECK_FALSE(has_warning(candidates[0], "W-CONSUMER-GPU"));
}

// 32 GeForce RTX 3090 cards over four hosts were the cheapest way to meet the target: they stay on
// the list, below a single data-center GPU, with the licence risk said in words and the failure
// exposure of 32 GPUs in the stability criterion.
TEST_CASE("scenario: production serving on consumer GeForce cards warns and weighs their fleet", "[advice]") {
  // Brought back with --allow-consumer (production serving excludes them by default; their hosts
  // publish no uptime SLA: --allow-no-sla). On-demand only: a month's subscription on a container
  // platform is another comparison (tests/test_china.cpp).
  const auto document =
      json_of(with(serving_70b_at_50ms,
                   {"--top", "200", "--allow-consumer", "--allow-marketplace", "--allow-no-sla", "--pricing",
                    "on-demand"}));
  const std::set<std::string> consumer = {"rtx-3090", "rtx-4090", "rtx-5090"};
  int consumer_rows = 0;
  double best_consumer_stability = 0;
  double best_datacenter_stability = 0;
  for (const auto& candidate : document["candidates"]) {
    const bool is_consumer = consumer.count(candidate["gpu"].get<std::string>()) > 0;
    INFO(candidate["offering_id"]);
    CHECK(has_warning(candidate, "W-CONSUMER-GPU") == is_consumer);
    if (!is_consumer) {
      best_datacenter_stability =
          std::max(best_datacenter_stability, candidate["criteria"]["stability"]["score"].get<double>());
    } else {
      ++consumer_rows;
      best_consumer_stability =
          std::max(best_consumer_stability, candidate["criteria"]["stability"]["score"].get<double>());
      const auto& warning = *std::find_if(candidate["warnings"].begin(), candidate["warnings"].end(),
                                          [](const auto& w) { return w["code"] == "W-CONSUMER-GPU"; });
      CHECK(message_of(document, warning).find("GeForce driver licence") != std::string::npos);
    }
  }
  REQUIRE(consumer_rows > 0);
  // The user opted in, so a consumer fleet may rank by its price; its stability never matches the
  // best data-center row's (hardware grade and the failure exposure of its many GPUs).
  CHECK(best_datacenter_stability > best_consumer_stability + 10);

  // Training on one GeForce card is what a student does: no serving warning, no fleet penalty.
  const auto training = json_of({"recommend", "-w", "llm-finetune", "-m", "llama-3-8b", "--method", "qlora",
                                 "--gpu", "rtx-4090"});
  REQUIRE_FALSE(training["candidates"].empty());
  for (const auto& candidate : training["candidates"]) CHECK_FALSE(has_warning(candidate, "W-CONSUMER-GPU"));
}

TEST_CASE("scenario: a reserved term costs its commitment unless the user states other use", "[advice]") {
  const std::vector<std::string> reserved = with(finetune_7b, {"--pricing", "reserved-1y,reserved-3y"});
  const auto document = json_of(reserved);
  const auto& candidates = document["candidates"];
  REQUIRE_FALSE(candidates.empty());
  for (const auto& candidate : candidates) {
    const auto& cost = candidate["cost"];
    const double term_hours = candidate["pricing_mode"] == "reserved-1y" ? 8760 : 26280;
    CHECK(cost["commitment"].get<double>() ==
          Approx(cost["price_per_hour"].get<double>() * term_hours).epsilon(0.02));
    CHECK(cost["commitment_charged"] == true);
    CHECK(cost["total"].get<double>() >= cost["commitment"].get<double>() - 0.01);
  }
  // A 25-minute job uses a sliver of a term: the warning says so with the term total.
  bool warned = false;
  for (const auto& warning : candidates[0]["warnings"]) {
    if (warning["code"] != "W-RESERVED-TERM") continue;
    warned = true;
    CHECK(message_of(document, warning).find("commits") != std::string::npos);
  }
  CHECK(warned);

  const auto shared = json_of(with(reserved, {"--reserved-other-use"}));
  const auto& first = shared["candidates"][0];
  CHECK(first["cost"]["commitment_charged"] == false);
  CHECK(first["cost"]["total"].get<double>() < first["cost"]["commitment"].get<double>());
}

TEST_CASE("scenario: JSON echoes the request, the catalog files with digests and the date used", "[advice]") {
  const auto document = json_of(with(finetune_7b, {"--max-nodes", "2", "--pricing", "on-demand", "--region",
                                                   "us-east-1", "--min-headroom", "10"}));
  const auto& request = document["request"];
  CHECK(request["max_nodes"] == 2);
  CHECK(request["pricing_modes"] == nlohmann::json::array({"on-demand"}));
  CHECK(request["regions"] == nlohmann::json::array({"us-east-1"}));
  CHECK(request["min_headroom_pct"] == 10);
  CHECK(document["workload"]["kind"] == "llm-finetune");
  const auto& files = document["catalog"]["files"];
  REQUIRE(files.size() >= 3);
  for (const auto& file : files) {
    CHECK(std::regex_match(file["digest"].get<std::string>(), std::regex("fnv1a64:[0-9a-f]{16}")));
  }
  CHECK(std::regex_match(document["catalog"]["today"].get<std::string>(), std::regex(R"(\d{4}-\d{2}-\d{2})")));
  CHECK(document["generator"].get<std::string>().rfind("gpuselect ", 0) == 0);
}

TEST_CASE("scenario: estimated figures are marked in every format", "[advice]") {
  const auto document = json_of(with(finetune_7b, {"--pricing", "reserved-1y"}));
  bool price_estimated = false;
  for (const auto& candidate : document["candidates"]) {
    for (const auto& figure : candidate["estimated"]) price_estimated = price_estimated || figure == "price";
  }
  CHECK(price_estimated);
  const auto table = run_gpuselect(with(finetune_7b, {"--pricing", "reserved-1y", "--top", "40"}));
  CHECK(table.out.find("~$") != std::string::npos);
  CHECK(table.out.find("~ estimated") != std::string::npos);
  const auto csv = run_gpuselect(with(finetune_7b, {"--pricing", "reserved-1y", "--format", "csv"}));
  CHECK(csv.out.find(",price") != std::string::npos);
}

TEST_CASE("scenario: explanations are data and cite their figures", "[advice]") {
  // On a pinned date: the quotes' age bands move the scores with the calendar. On 2026-12-01 and
  // 2026-12-08 rows #51 and #52 differ by under 0.05 points on every criterion, and that line says
  // "on rounding" without points (not yet said as a total; see the closing note of 2026-12-08).
  const auto document = json_of(finetune_7b, {"GPUSELECT_TODAY=2026-12-07"});
  int wins_over = 0;
  for (const auto& candidate : document["candidates"]) {
    const auto& items = candidate["explanation_items"];
    REQUIRE(items.size() >= 2);
    CHECK(items[0]["kind"] == "strongest");
    CHECK_FALSE(items[0]["figure"].get<std::string>().empty());
    for (const auto& item : items) {
      if (item["kind"] == "weakest") CHECK(std::regex_search(item["figure"].get<std::string>(), std::regex("[0-9]")));
      if (item["kind"] != "wins_over") continue;
      ++wins_over;
      // Ranked above a cheaper-or-faster row: it says which and by how many points.
      CHECK(std::regex_search(item["text"].get<std::string>(), std::regex(R"(\+[0-9.]+ points)")));
    }
  }
  CHECK(wins_over > 0);
}

TEST_CASE("scenario: a serving replica too large for most GPUs is said as such, not as more nodes", "[advice]") {
  // Expert review 18: FLUX.1-dev at 2048 px was told to "allow more GPUs or nodes"; a replica is one instance.
  const auto result = run_gpuselect({"recommend", "-w", "image-inference", "-m", "flux.1-dev", "--requests-per-s",
                                     "0.5", "--resolution", "2048"},
                                    {"GPUSELECT_TODAY=2026-12-01"});
  CHECK(result.exit_code == 3);
  CHECK(result.err.find("a replica does not fit in one instance's GPU memory") != std::string::npos);
  CHECK(result.err.find("--max-nodes") == std::string::npos);
}

TEST_CASE("scenario: a 405B full fine-tune on one node fits nowhere: exit 3 naming the constraint", "[advice]") {
  // 405B x 16 bytes of model states is ~6.5 TB: no single node holds it on its GPUs, and offloading
  // it needs far more host RAM than any one node has (issue 12.1).
  const auto result = run_gpuselect({"recommend", "-w", "llm-finetune", "-m", "llama-3.1-405b", "--max-nodes", "1"});
  CHECK(result.exit_code == 3);
  CHECK(result.err.find("gpuselect: error: recommend: no offering satisfies") == 0);
  // Offloading would fit the GPUs; the host RAM that offload needs is what empties the list.
  // It is said as what it is, with what helps: no "loosen host-ram", which no flag does.
  CHECK(result.err.find("needs more host RAM than most nodes have") != std::string::npos);
  CHECK(result.err.find("--max-nodes") != std::string::npos);
  CHECK(result.err.find("loosen") == std::string::npos);
  CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
  // Two nodes of 8 large GPUs with ZeRO-3 do hold it: the constraint, not the job, is what failed.
  CHECK(run_gpuselect({"recommend", "-w", "llm-finetune", "-m", "llama-3.1-405b", "--max-nodes", "4"}).exit_code == 0);
}

TEST_CASE("scenario: schema 2 carries the training time bands, --risk-averse puts hours at the band's top",
          "[advice]") {
  // The shape's uninterrupted band is in performances[i].time; each candidate's band is that band
  // scaled to its own mode's expected hours (docs/output.md), so expected hours lie inside it.
  const auto expected = json_of(with(finetune_7b, {"--top", "20"}));
  CHECK(expected["request"]["risk_averse"] == false);
  REQUIRE(!expected["candidates"].empty());
  for (const auto& candidate : expected["candidates"]) {
    const auto& time = candidate["time"];
    const auto& shape = expected["performances"].at(candidate["performance"].get<std::size_t>())["time"];
    REQUIRE(time.contains("wall_hours_band"));
    REQUIRE(shape.contains("wall_hours_band"));
    REQUIRE(shape.contains("gpu_hours_band"));
    const double hours = time["wall_hours"].get<double>();
    CHECK(time["wall_hours_band"]["low"].get<double>() <= hours * 1.001);
    CHECK(time["wall_hours_band"]["high"].get<double>() >= hours * 0.999);
    CHECK(shape["wall_hours_band"]["low"].get<double>() <= shape["wall_hours"].get<double>() * 1.001);
    CHECK(shape["wall_hours_band"]["high"].get<double>() >= shape["wall_hours"].get<double>() * 0.999);
  }
  const auto pessimistic = json_of(with(finetune_7b, {"--top", "20", "--risk-averse"}));
  CHECK(pessimistic["request"]["risk_averse"] == true);
  REQUIRE(!pessimistic["candidates"].empty());
  for (const auto& candidate : pessimistic["candidates"]) {
    const auto& time = candidate["time"];
    REQUIRE(time.contains("wall_hours_band"));
    // The run at its band's top; the band's top adds the wait for capacity at its own top, where the
    // hours keep its mean (docs/estimation.md "Capacity").
    const auto& cost = candidate["cost"];
    const double wait_spread = cost.contains("acquisition_wait_hours_band") && cost["acquisition_wait_hours_band"].is_object()
                                   ? cost["acquisition_wait_hours_band"]["high"].get<double>() -
                                         cost["acquisition_wait_hours"].get<double>()
                                   : 0.0;
    CHECK(time["wall_hours"].get<double>() ==
          Approx(time["wall_hours_band"]["high"].get<double>() - std::max(0.0, wait_spread)).epsilon(0.01));
  }
}

TEST_CASE("scenario: a deadline the setup makes a node miss is met with more nodes, and the exclusion says so",
          "[advice]") {
  // Nebius bills and waits 5 provisioning minutes before a training run (data/providers.yaml).
  const std::vector<std::string> pretrain = {"recommend", "-w",    "llm-pretrain", "-m",        "llama-2-7b",
                                             "--tokens",  "20B",   "--pricing",    "on-demand", "--provider",
                                             "nebius",    "--top", "all"};
  // A deadline far away: every row meets it, and each prints its run's hours at the default 80%
  // confidence (cost.hours_at_confidence: the run and its waits for capacity, not the setup).
  const auto unbounded = json_of(with(pretrain, {"--deadline", "10000"}));
  const nlohmann::json* fastest = nullptr;
  for (const auto& candidate : unbounded["candidates"]) {
    if (candidate["nodes"] == 1 && (fastest == nullptr || hours_of(candidate) < hours_of(*fastest)))
      fastest = &candidate;
  }
  REQUIRE(fastest != nullptr);
  const std::string id = (*fastest)["offering_id"];
  const double at_confidence = (*fastest)["cost"]["hours_at_confidence"].get<double>();
  // Four minutes past the run's hours at 80% confidence, one short of them after the 5-minute setup:
  // the run alone meets the deadline at the confidence, the run after the setup does not.
  const double deadline = at_confidence + 4.0 / 60.0;
  const auto bounded = json_of(with(pretrain, {"--deadline", fmt::format("{}", deadline)}));
  bool larger = false;
  for (const auto& candidate : bounded["candidates"]) {
    if (candidate["offering_id"] != id) continue;
    CHECK(candidate["nodes"].get<int>() > 1);
    CHECK(hours_of(candidate) <= deadline);
    larger = true;
  }
  CHECK(larger);
  bool said = false;
  for (const auto& exclusion : bounded["excluded"]) {
    if (exclusion["offering_id"] != id || exclusion["nodes"] != 1) continue;
    said = exclusion["reasons"].dump().find("of machine setup") != std::string::npos;
  }
  CHECK(said);
}

TEST_CASE("scenario: CSV and JSON give each row the same time band, --risk-averse too", "[advice]") {
  for (const bool risk_averse : {false, true}) {
    INFO("risk-averse " << risk_averse);
    std::vector<std::string> args = with(finetune_7b, {"--top", "5"});
    if (risk_averse) args.emplace_back("--risk-averse");
    const auto document = json_of(args);
    const auto csv = run_gpuselect(with(args, {"--format", "csv"}));
    REQUIRE(csv.exit_code == 0);
    // The header row names the columns; the band is hours_low and hours_high.
    std::vector<std::vector<std::string>> rows;
    std::istringstream lines(csv.out);
    for (std::string line; std::getline(lines, line);) {
      // RFC 4180 fields: a quoted field may hold commas and doubled quotes (region names do).
      std::vector<std::string> fields(1);
      bool quoted = false;
      for (std::size_t at = 0; at < line.size(); ++at) {
        const char c = line[at];
        if (quoted && c == '"' && at + 1 < line.size() && line[at + 1] == '"') {
          fields.back() += '"';
          ++at;
        } else if (c == '"') {
          quoted = !quoted;
        } else if (c == ',' && !quoted) {
          fields.emplace_back();
        } else {
          fields.back() += c;
        }
      }
      rows.push_back(fields);
    }
    REQUIRE(rows.size() == document["candidates"].size() + 1);
    const auto column = [&](std::string_view name) {
      const auto at = std::find(rows[0].begin(), rows[0].end(), name);
      REQUIRE(at != rows[0].end());
      return static_cast<std::size_t>(at - rows[0].begin());
    };
    const std::size_t low = column("hours_low");
    const std::size_t high = column("hours_high");
    for (std::size_t i = 0; i < document["candidates"].size(); ++i) {
      const auto& band = document["candidates"][i]["time"]["wall_hours_band"];
      CHECK(std::stod(rows[i + 1][low]) == Approx(band["low"].get<double>()).epsilon(1e-3));
      CHECK(std::stod(rows[i + 1][high]) == Approx(band["high"].get<double>()).epsilon(1e-3));
    }
  }
}

TEST_CASE("scenario: a vision training header counts images, not tokens of a sequence", "[advice]") {
  // Expert review 3: "Tokens 1.2e8 tokens" and "seq 0" for ResNet-50.
  const auto result = run_gpuselect({"recommend", "-w", "cv-train", "-m", "resnet-50", "--top", "1"});
  REQUIRE(result.exit_code == 0);
  CHECK(result.out.find("1.2e8 images") != std::string::npos);
  CHECK(result.out.find("seq 0") == std::string::npos);
  CHECK(result.out.find("1.2e8 tokens") == std::string::npos);
}
