// Scenario tests of issue 24 ("decisions under uncertainty") on the built-in catalog: deadlines met
// at a confidence, capacity waits in the time to result, true exclusion reasons, honest chances.
#include <algorithm>
#include <cmath>
#include <optional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "json_runner.hpp"
#include "estimate/model.hpp"
#include "gpuselect/estimate.hpp"
#include "scoring/words.hpp"

using gpuselect::testing::has_warning;
using gpuselect::testing::run_gpuselect;
using gpuselect::testing::today;
using gpuselect::testing::with;

namespace {

nlohmann::json json_of(const std::vector<std::string>& args) { return gpuselect::testing::run_json(args, today); }

const std::vector<std::string> pretrain_70b = {
    "recommend", "-w",         "llm-pretrain", "-m",        "llama-2-70b",         "--tokens", "2e12",
    "--deadline", "1440",      "--max-nodes",  "64",        "--pricing", "on-demand,reserved-1y", "--require", "rdma",
    // A 60-day run on a 1-year term is sized to the deadline only where the term has other work
    // (docs/scoring.md "Pretraining horizon"); without it the term rows fill their term.
    "--reserved-other-use"};

}  // namespace

TEST_CASE("the run's time is log-normal on its band: 58.8 d (53.0-75.9 d) meets 60 d at about 35%", "[confidence]") {
  namespace estimate = gpuselect::estimate;
  const double day = 24.0;
  const auto run = estimate::run_distribution(58.8 * day, {53.0 * day, 75.9 * day, true});
  // The band's ends are the 10th and 90th percentiles.
  CHECK(estimate::run_hours_at(run, 0.1) == Approx(53.0 * day).epsilon(1e-6));
  CHECK(estimate::run_hours_at(run, 0.9) == Approx(75.9 * day).epsilon(1e-6));
  const double within_60_days = estimate::finish_probability(run, 60.0 * day, {});
  CHECK(within_60_days == Approx(0.35).margin(0.02));
  // Interruptions and a wait for capacity only lower the chance.
  estimate::Delays delays;
  delays.hazard_per_hour = 13 * -std::log1p(-0.10) / 730.0;
  delays.per_hit_hours = 4.0;
  delays.acquisition_wait_hours = 2.0;
  delays.acquisition_instances = 13;
  CHECK(estimate::finish_probability(run, 60.0 * day, delays) < within_60_days);
  const double at_80 = estimate::finish_hours_at(run, 0.8, delays);
  CHECK(estimate::finish_probability(run, at_80, delays) == Approx(0.8).margin(1e-4));
  CHECK(at_80 > estimate::run_hours_at(run, 0.8));
}

TEST_CASE("chances are said honestly: 0.9977 is 99.8%, never 100%", "[confidence]") {
  using gpuselect::scoring::detail::chance;
  using gpuselect::scoring::detail::percent;
  CHECK(percent(0.9977) == "99.8%");
  CHECK(chance(0.9977) == "99.8%");
  CHECK(chance(1.0) == ">99.9%");
  CHECK(chance(0.0) == "<0.1%");
  CHECK(percent(0.5) == "50%");
}

TEST_CASE("scenario: a 70B pretraining on H100 is not sized to even odds of missing its 60 d deadline",
          "[confidence]") {
  // Before: 54 H100 nodes at 58.8 d (53.0-75.9 d) were ranked for a 60 d deadline without a word:
  // about even odds of missing it. Now the node count is sized so the deadline is met at 80%
  // confidence from the time band: the #1 (Nebius, 60 nodes) expects 1283 h (53.5 d), band
  // 1155-1476 h, so a log-normal through that band gives 85% within 1440 h and 1415 h at 80%; the
  // band's top still lies past the deadline, which the row says.
  const auto h100 = json_of(with(pretrain_70b, {"--gpu", "h100"}));
  REQUIRE(!h100["candidates"].empty());
  for (const auto& candidate : h100["candidates"]) {
    INFO(candidate["offering_id"] << " " << candidate["nodes"]);
    CHECK(candidate["gpu"].get<std::string>().rfind("h100", 0) == 0);
    CHECK(candidate["nodes"].get<int>() > 54);
    const auto& cost = candidate["cost"];
    CHECK(cost["within_deadline_probability"].get<double>() >= 0.8);
    CHECK(cost["within_deadline_probability"].get<double>() < 0.9);
    CHECK(cost["hours_at_confidence"].get<double>() <= 1440.0);
    CHECK(candidate["time"]["wall_hours_band"]["high"].get<double>() > 1440.0);
    CHECK(has_warning(candidate, "W-DEADLINE-BAND"));
  }
  // At 99% even 64 nodes miss it (about 1530 h at 99% on 64 nodes): exit 3, and the error names the
  // constraint that emptied the set and the value that admits the cheapest row.
  const auto strict = run_gpuselect(with(pretrain_70b, {"--gpu", "h100", "--confidence", "0.99"}), today);
  CHECK(strict.exit_code == 3);
  CHECK(strict.out.find("No offering satisfies this job and its constraints.") != std::string::npos);
  // Capacity removes the same rows (64 nodes of H100 are more than open capacity holds): both are
  // named, the deadline first.
  CHECK(strict.err.find("--deadline, capacity removed the most") != std::string::npos);
  // The cheapest row it removed is now an on-demand one within the SKU's free pool (8 nodes), so the
  // value is that row's hours at 99% (1536.8 h at 99% on 64 nodes before the pool cap).
  CHECK(strict.err.find("--deadline ") != std::string::npos);
  // With its unit, so that it can be pasted back (expert review 3: "--deadline 571.2" had none).
  // (Or, when a 1-year reservation would be the way, the soonest block's hours: "--deadline 1705.9h admits it".)
  CHECK(strict.err.find("h admits") != std::string::npos);

  const auto ranked = json_of(pretrain_70b);
  REQUIRE(!ranked["candidates"].empty());
  CHECK(ranked["request"]["confidence"] == Approx(0.8));
  for (const auto& candidate : ranked["candidates"]) {
    const double chance = candidate["cost"]["within_deadline_probability"].get<double>();
    INFO(candidate["offering_id"] << " " << candidate["nodes"]);
    CHECK(chance >= 0.8);
    // A row whose deadline lies inside its own band says so.
    CHECK(has_warning(candidate, "W-DEADLINE-BAND") == (chance < 0.9));
  }
}

TEST_CASE("scenario: --risk-averse with a deadline finds the larger node count that meets it", "[confidence]") {
  // Before: the node search used the expected time and the check the pessimistic one: exit 3.
  // (3e11 tokens: 1e12 in 14 days needs more B200s than half a pool has free, a reservation now.)
  const auto ranked = json_of({"recommend", "-w", "llm-pretrain", "-p", "7e9", "--tokens", "3e11", "--deadline",
                               "336", "--max-nodes", "64", "--risk-averse"});
  REQUIRE(!ranked["candidates"].empty());
  CHECK(ranked["request"]["confidence"] == Approx(0.9));
  for (const auto& candidate : ranked["candidates"]) {
    CHECK(candidate["cost"]["within_deadline_probability"].get<double>() >= 0.9);
  }
  // --confidence 0.5 is looser: at least as many rows.
  const auto even = json_of({"recommend", "-w", "llm-pretrain", "-p", "7e9", "--tokens", "3e11", "--deadline", "336",
                             "--max-nodes", "64", "--confidence", "0.5"});
  CHECK(even["candidates"].size() >= ranked["candidates"].size());
  const auto bad = run_gpuselect({"recommend", "-w", "llm-pretrain", "-p", "7e9", "--confidence", "1"}, today);
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("--confidence") != std::string::npos);
}

TEST_CASE("scenario: a low-stock 8-GPU spot node is re-acquired in hours and waited for before the run",
          "[confidence]") {
  // Before: a reclaimed low-stock 8-GPU node came back in its 6-minute provision time.
  const auto ranked = json_of({"recommend", "-w", "llm-finetune", "-p", "7e9", "--top", "all"});
  bool seen = false;
  for (const auto& candidate : ranked["candidates"]) {
    if (candidate["offering_id"] != "aws/p6-b300.48xlarge" || candidate["pricing_mode"] != "spot") continue;
    seen = true;
    CHECK(candidate["cost"]["reprovision_hours"].get<double>() >= 8.0);
    CHECK(candidate["cost"]["acquisition_wait_hours"].get<double>() >= 8.0);
    CHECK(candidate["cost"]["acquisition_wait_hours_band"]["high"].get<double>() >
          candidate["cost"]["acquisition_wait_hours_band"]["low"].get<double>());
  }
  CHECK(seen);
}

TEST_CASE("scenario: offerings whose node RAM cannot hold the CPU offload are excluded for host-ram", "[confidence]") {
  // Before: "needs 24.8 GB per GPU, has 85.9 GB" under constraint memory, where the cause is host RAM.
  const auto ranked = json_of({"recommend", "-w", "llm-finetune", "-p", "7e9"});
  std::map<std::string, int> by_constraint;
  for (const auto& exclusion : ranked["excluded"]) {
    for (std::size_t index = 0; index < exclusion["constraints"].size(); ++index) {
      const std::string constraint = exclusion["constraints"][index];
      ++by_constraint[constraint];
      const std::string reason = exclusion["reasons"][index];
      if (constraint == "host-ram") {
        CHECK(reason.find("of host RAM per node for CPU offload, has") != std::string::npos);
      }
    }
  }
  CHECK(by_constraint["host-ram"] >= 40);
  CHECK(by_constraint["memory"] == 0);
}

TEST_CASE("finish probability: the spot hits summed near their mean equal the whole Poisson sum", "[confidence][spot]") {
  namespace estimate = gpuselect::estimate;
  // The whole sum, from zero hits, for means small enough to add in full.
  const auto whole_sum = [](const estimate::RunDistribution& run, double hours, const estimate::Delays& delays) {
    const double mean = delays.hazard_per_hour * hours;
    double term = std::exp(-mean);
    double probability = 0;
    for (int hits = 0; hits < 10000; ++hits) {
      if (hits > 0) term *= mean / hits;
      const double left = hours - hits * delays.per_hit_hours;
      if (left <= 0) break;
      probability += term * 0.5 * std::erfc(-(std::log(left) - run.log_median) / (run.log_sigma * std::sqrt(2.0)));
    }
    return probability;
  };
  const estimate::RunDistribution run{std::log(100.0), 0.15};
  for (const double hazard : {0.001, 0.05, 0.5, 2.0}) {
    for (const double hours : {90.0, 110.0, 140.0, 300.0}) {
      estimate::Delays delays;
      delays.hazard_per_hour = hazard;
      delays.per_hit_hours = 0.1;
      INFO("hazard " << hazard << ", hours " << hours);
      CHECK(estimate::finish_probability(run, hours, delays) == Approx(whole_sum(run, hours, delays)).margin(1e-9));
    }
  }
  // Thousands of expected hits: a probability, computed (the window keeps the mass that matters).
  estimate::Delays busy;
  busy.hazard_per_hour = 20.0;
  busy.per_hit_hours = 0.001;
  const double probability = estimate::finish_probability(run, 200.0, busy);
  CHECK(probability == Approx(1.0).margin(1e-6));  // 4,000 hits cost 4 h of a 100 h run with 100 h to spare
}

TEST_CASE("finish hours: a run whose spot hits outpace it is said not to end within the horizon", "[confidence][spot]") {
  namespace estimate = gpuselect::estimate;
  // No checkpoints: each hit loses half the 100 h run and more. At 0.05 hits an hour the hits' cost
  // (2.5 h per hour waited) outgrows the hours, so no number of hours reaches 80%; the search stops
  // at the horizon (expert review 34: it doubled its hours 60 times, minutes per ranking).
  const estimate::RunDistribution run{std::log(100.0), 0.15};
  estimate::Delays delays;
  delays.hazard_per_hour = 0.05;
  delays.per_hit_hours = 50.0;
  const double hours = estimate::finish_hours_at(run, 0.8, delays);
  CHECK(hours >= estimate::finish_horizon_hours);
  CHECK(estimate::finish_probability(run, estimate::finish_horizon_hours, delays) < 0.8);
  // A run the hits do not outpace still ends where its probability is reached, below the horizon.
  delays.hazard_per_hour = 0.001;
  const double reachable = estimate::finish_hours_at(run, 0.8, delays);
  CHECK(reachable < estimate::finish_horizon_hours);
  CHECK(estimate::finish_probability(run, reachable, delays) == Approx(0.8).margin(1e-3));
}

TEST_CASE("finish hours: the least hours that reach the probability, as a fine bisection finds them",
          "[confidence][spot]") {
  namespace estimate = gpuselect::estimate;
  // The reference: halving a bracket 200 times (to the double's resolution), from hours that surely
  // reach the probability; finish_hours_at's regula falsi stops within 1e-6 of the hours, above.
  const auto bisected = [](const estimate::RunDistribution& run, double probability, const estimate::Delays& delays) {
    double high = 1;
    while (estimate::finish_probability(run, high, delays) < probability) high *= 2;
    double low = 0;
    for (int step = 0; step < 200; ++step) {
      const double middle = 0.5 * (low + high);
      (estimate::finish_probability(run, middle, delays) < probability ? low : high) = middle;
    }
    return high;
  };
  const std::vector<estimate::RunDistribution> runs = {
      {std::log(100.0), 0.15}, {std::log(41000.0), 0.457}, {std::log(2.0), 0.05}, {std::log(500.0), 0.0}};
  std::vector<estimate::Delays> delays(6);
  delays[1].acquisition_wait_hours = 0.5;  // a medium-stock 8-GPU node, eight of them
  delays[1].acquisition_instances = 8;
  delays[2].acquisition_wait_hours = 4;  // low-stock spot
  delays[3].hazard_per_hour = 0.0024;    // 8 spot nodes at 22.5% a month, a checkpoint every hour
  delays[3].per_hit_hours = 0.85;
  delays[3].acquisition_wait_hours = 0.5;
  delays[3].acquisition_instances = 8;
  delays[4].hazard_per_hour = 0.05;  // hits that cost 2 h each, and a wait for four instances
  delays[4].per_hit_hours = 2;
  delays[4].acquisition_wait_hours = 1;
  delays[4].acquisition_instances = 4;
  delays[5].lead_hours = 30;              // a block planned with the provider
  for (int pass = 0; pass < 2; ++pass) {  // the second pass answers from the memo
    for (const auto& run : runs) {
      for (std::size_t d = 0; d < delays.size(); ++d) {
        for (const double probability : {0.5, 0.8, 0.95}) {
          INFO("run median " << std::exp(run.log_median) << " h, sigma " << run.log_sigma << ", delays " << d
                             << ", probability " << probability << ", pass " << pass);
          const double hours = estimate::finish_hours_at(run, probability, delays[d]);
          if (d == 0) {  // no delay: the run's own quantile
            CHECK(hours == estimate::run_hours_at(run, probability));
            continue;
          }
          const double reference = bisected(run, probability, delays[d]);
          if (reference >= estimate::finish_horizon_hours) {  // said not to end: at the horizon
            CHECK(hours >= estimate::finish_horizon_hours);
            continue;
          }
          CHECK(hours >= reference);
          CHECK(hours <= reference * (1 + 2e-6));
          CHECK(estimate::finish_probability(run, hours, delays[d]) >= probability);
        }
      }
    }
  }
}

TEST_CASE("scenario: a serving replica's latency is judged at the batch its load runs, not at its capacity",
          "[confidence][serving]") {
  // Expert review 24 D2: Llama 3 8B at 2 req/s, TPOT 30 ms: an H100 pair 3% busy, judged at its
  // batch 198 (TPOT 27 ms, band top over 30 ms), outranked a cheaper A100-40GB pair that meets the
  // same targets at the batch its load runs.
  const auto document = json_of({"recommend", "-w", "llm-inference", "-m", "llama-3-8b", "--requests-per-s", "2",
                                 "--tpot-ms", "30", "--hours", "730", "--top", "50"});
  REQUIRE(document["candidates"].size() >= 2);
  std::optional<std::size_t> h100_rank;
  std::optional<std::size_t> a100_rank;
  for (const auto& candidate : document["candidates"]) {
    if (candidate["pricing_mode"] != "on-demand") continue;
    const auto& performance = document["performances"][candidate["performance"].get<std::size_t>()];
    const auto& serving = performance["throughput"]["serving"];
    const auto& load = performance["throughput"]["load"];
    INFO(candidate["offering_id"]);
    // The load's batch: the plan's batch times the busy share with the spares down, rounded up.
    CHECK(serving["load_batch"].get<int>() ==
          std::clamp(static_cast<int>(std::ceil(serving["batch"].get<int>() *
                                                load["utilization_spares_down"].get<double>() - 1e-6)),
                     1, serving["batch"].get<int>()));
    CHECK(serving["tpot_ms_at_load_band"]["high"].get<double>() <= serving["tpot_ms_band"]["high"].get<double>() + 1e-9);
    const std::string id = candidate["offering_id"];
    if (id == "nebius/gpu-h100-sxm_1gpu-16vcpu-200gb") h100_rank = candidate["rank"].get<std::size_t>();
    if (id == "gcp/a2-highgpu-1g") a100_rank = candidate["rank"].get<std::size_t>();
  }
  REQUIRE(h100_rank.has_value());
  REQUIRE(a100_rank.has_value());
  // The H100 pair's spare batch is no slowness: its latency at the load meets 30 ms with margin
  // (was 94.7 judged at batch 198): it loses only the latency share (expert review 13), less than
  // the A100-40GB pair, which runs slower at its load's batch.
  double h100_performance = 0;
  double a100_performance = 0;
  for (const auto& candidate : document["candidates"]) {
    const double performance = candidate["criteria"]["performance"]["score"].get<double>();
    if (candidate["rank"].get<std::size_t>() == *h100_rank) h100_performance = performance;
    if (candidate["rank"].get<std::size_t>() == *a100_rank) a100_performance = performance;
  }
  CHECK(h100_performance >= 85.0 - 1e-9);
  CHECK(h100_performance > a100_performance);
}

// The estimator keeps its last answers (issue 33: normal_quantile's bisection and the capacity wait's
// band were ~17% of a warm 50k recommend): a kept answer must be the one computing gives, whatever
// the order of the calls and however the slots of the band's memo collide.
TEST_CASE("estimate memos answer as computing does, in any order of calls", "[confidence][estimate]") {
  namespace estimate = gpuselect::estimate;
  namespace model = gpuselect::estimate::model;
  // The standard normal's quantiles (any table: 0.5 -> 0, 0.9 -> 1.2816, 0.975 -> 1.9600).
  const std::vector<double> probabilities = {0.9, 0.5, 0.975, 0.9, 0.9, 0.5, 0.975, 0.1};
  std::map<double, double> first;
  for (const double p : probabilities) {
    const double z = model::normal_quantile(p);
    if (const auto seen = first.find(p); seen != first.end()) CHECK(z == seen->second);
    first.emplace(p, z);
  }
  CHECK(std::abs(first.at(0.5)) < 1e-9);
  CHECK(std::abs(first.at(0.9) - 1.2815515655) < 1e-6);
  CHECK(std::abs(first.at(0.975) - 1.9599639845) < 1e-6);
  CHECK(first.at(0.1) == Approx(-first.at(0.9)).margin(1e-9));

  // The band of the wait for the last of N instances: -m ln(1 - u^(1/N)) at u = 0.1 and 0.9, the
  // formula written out here; 400 arguments, twice, in two orders, so slots are reused.
  const auto expected = [](double mean, int n) {
    const auto at = [&](double u) { return -mean * std::log1p(-std::pow(u, 1.0 / std::max(1, n))); };
    return std::pair{at(0.1), at(0.9)};
  };
  std::vector<std::pair<double, int>> arguments;
  for (int i = 0; i < 400; ++i) arguments.emplace_back(0.25 * (1 + i % 20), 1 + i / 20);
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t k = 0; k < arguments.size(); ++k) {
      const auto [mean, n] = arguments[pass == 0 ? k : arguments.size() - 1 - k];
      const estimate::Band band = estimate::acquisition_wait_band(mean, n);
      const auto [low, high] = expected(mean, n);
      CHECK(band.low == low);
      CHECK(band.high == high);
      CHECK(band.in_calibrated_regime);
    }
  }
  CHECK(estimate::acquisition_wait_band(0, 4).high == 0);  // no wait, no band
}

TEST_CASE("the term sizing memo answers as the formula does, in any order of calls", "[confidence][estimate]") {
  namespace estimate = gpuselect::estimate;
  // Term sizing: the slowest of the hours, the band's 90th percentile and the hours at the
  // confidence on the log-normal through the band (z at 0.99 = 2.3263, at 0.9 = 1.2816).
  estimate::Time time;
  time.wall_hours = 10;
  time.wall_hours_band = {8, 14, true};
  const double sigma = (std::log(14.0) - std::log(8.0)) / (2.0 * 1.2815515655);
  const double median = std::sqrt(8.0 * 14.0);
  for (int pass = 0; pass < 3; ++pass) {  // alternating arguments: each call after another one
    CHECK(estimate::term_sizing_hours(time, 0.99) == Approx(median * std::exp(2.3263478740 * sigma)).epsilon(1e-6));
    CHECK(estimate::term_sizing_hours(time, 0.5) == Approx(14.0));  // the band's end is slower
  }
  estimate::Time other = time;
  other.wall_hours_band = {8, 20, true};
  const double other_sigma = (std::log(20.0) - std::log(8.0)) / (2.0 * 1.2815515655);
  CHECK(estimate::term_sizing_hours(other, 0.99) ==
        Approx(std::sqrt(8.0 * 20.0) * std::exp(2.3263478740 * other_sigma)).epsilon(1e-6));
  CHECK(estimate::term_sizing_hours(time, 0.99) == Approx(median * std::exp(2.3263478740 * sigma)).epsilon(1e-6));
  // 400 bands, twice, in two orders, so the memo's slots are reused and overwritten (z at 0.95 = 1.6449).
  const auto expected = [](double low, double high, double wall) {
    const double s = (std::log(high) - std::log(low)) / (2.0 * 1.2815515655);
    return std::max({wall, high, std::sqrt(low * high) * std::exp(1.6448536270 * s)});
  };
  for (int pass = 0; pass < 2; ++pass) {
    for (int k = 0; k < 400; ++k) {
      const int i = pass == 0 ? k : 399 - k;
      estimate::Time t;
      t.wall_hours = 1.0 + i % 20;
      t.wall_hours_band = {0.8 * t.wall_hours, (1.3 + 0.01 * (i / 20)) * t.wall_hours, true};
      CHECK(estimate::term_sizing_hours(t, 0.95) ==
            Approx(expected(t.wall_hours_band.low, t.wall_hours_band.high, t.wall_hours)).epsilon(1e-6));
    }
  }
}
