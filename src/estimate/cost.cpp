// Cost of the job under each pricing mode (docs/estimation.md "Cost").
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

#include "estimate/memo.hpp"
#include "estimate/model.hpp"
#include "gpuselect/units.hpp"

namespace gpuselect::estimate {

namespace {

// Hours billed: usage rounded up to the provider's billing granularity (3600 s = per hour).
double billed_hours(double hours, double granularity_seconds) {
  if (granularity_seconds <= 0 || hours <= 0) return std::max(0.0, hours);
  const double seconds = hours * units::seconds_per_hour;
  // 1e-6 s slack so that an exact multiple is not pushed up by rounding error.
  return std::ceil(seconds / granularity_seconds - 1e-6) * granularity_seconds / units::seconds_per_hour;
}

// Per-second billing still charges a first minute: AWS EC2 ("billed per second, with a minimum of
// 60 seconds") and Google Compute Engine ("1-minute minimum") say so; coarser steps include it.
constexpr double minimum_billed_seconds = 60.0;

double billed_hours_with_minimum(double hours, double granularity_seconds) {
  if (!(hours > 0)) return 0.0;
  const double billed = billed_hours(hours, granularity_seconds);
  return std::max(billed, minimum_billed_seconds / units::seconds_per_hour);
}

// P(K <= k) for K ~ Poisson(mean).
double poisson_cdf(int k, double mean) {
  if (k < 0) return 0.0;
  if (!(mean > 0)) return 1.0;
  double term = std::exp(-mean);
  double sum = term;
  for (int i = 1; i <= k; ++i) {
    term *= mean / i;
    sum += term;
    if (term < 1e-15 * sum && i > mean) break;
  }
  return std::min(1.0, sum);
}

// z of the standard normal's 90th percentile: the band's ends are the 10th and 90th percentiles.
constexpr double z_90th = 1.2815515655446004;

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

// P(run <= hours) under the run's log-normal.
double run_cdf(const RunDistribution& run, double hours) {
  if (!(hours > 0)) return 0.0;
  const double log_hours = std::log(hours);
  if (!(run.log_sigma > 0)) return log_hours >= run.log_median - 1e-12 ? 1.0 : 0.0;
  return normal_cdf((log_hours - run.log_median) / run.log_sigma);
}

// P(run + spot delays <= hours): hits K ~ Poisson(hazard x hours), each costing per_hit_hours.
double run_and_hits_cdf(const RunDistribution& run, double hours, const Delays& delays) {
  const double mean = delays.hazard_per_hour * hours;
  if (!(mean > 0) || !(delays.per_hit_hours > 0)) return run_cdf(run, hours);
  if (!std::isfinite(mean)) return 0.0;  // endless hits: the run never ends
  // The sum over the hits within 12 standard deviations of the mean (the Poisson mass outside is
  // below 1e-12): a long run on many spot nodes expects thousands of hits, and summing from zero made
  // a 64-node deadline search take 18 s (each term below the window underflows to 0 anyway).
  // At most max_terms terms (a bisection doubles the hours it tries: the mean can be astronomical).
  constexpr double max_terms = 100000;
  const double spread = 12.0 * std::sqrt(mean) + 12.0;
  const double first_hits = std::clamp(std::floor(mean - spread), 0.0, 1e9);
  const int first = static_cast<int>(first_hits);
  const int last = static_cast<int>(std::min(std::ceil(mean + spread), first_hits + max_terms));
  // P(K = first) = exp(first ln(mean) - mean - ln(first!)).
  double term = std::exp(first * std::log(mean) - mean - std::lgamma(first + 1.0));
  // The run's CDF is 1 to double precision above `surely` hours and below 1e-16 under `never`
  // (8.3 standard deviations of its log either side of the median): the terms there need no erfc,
  // and none after the first below `never` adds anything (expert review 34: a no-checkpoint spot
  // run with a deadline summed ~10^5 terms per call for minutes).
  const bool spread_out = run.log_sigma > 0;
  constexpr double cdf_tail_sigmas = 8.3;
  const double surely = spread_out ? std::exp(run.log_median + cdf_tail_sigmas * run.log_sigma) : 0.0;
  const double never = spread_out ? std::exp(run.log_median - cdf_tail_sigmas * run.log_sigma) : 0.0;
  // A term below negligible_hit_mass adds less than that whatever the run's CDF (at most 1), so the
  // CDF is not evaluated there; past the mean the terms only fall, and the loop ends at the first.
  constexpr double negligible_hit_mass = 1e-18;
  double probability = 0;
  for (int hits = first; hits <= last; ++hits) {
    if (hits > first) term *= mean / hits;
    const double left = hours - hits * delays.per_hit_hours;
    if (left <= 0 || (spread_out && left < never)) break;
    if (term < negligible_hit_mass) {
      if (hits > mean) break;
      continue;
    }
    probability += spread_out && left > surely ? term : term * run_cdf(run, left);
  }
  return std::clamp(probability, 0.0, 1.0);
}

// Slices of the acquisition wait's distribution (equal probability each, midpoint quantiles).
constexpr int wait_slices = 32;

// Capacity (docs/estimation.md "Capacity"): mean hours to acquire one instance, by pricing mode and
// stock (judgement: no provider publishes waits; on-demand capacity of a "high" SKU is there at
// once, a "low" one is often out of stock for hours, spot more so). A reservation or subscription
// waits as on demand: the capacity it holds for the term must be free when it is bought (expert
// review 8: a low-stock 1-year 8x A100 term ranked first as if it were there at once). Eight-GPU
// instances (the scarce training SKUs) wait twice as long.
struct AcquisitionRow {
  catalog::Stock stock;
  double on_demand_hours;
  double spot_hours;
};
constexpr std::array<AcquisitionRow, 4> acquisition_table = {{
    {catalog::Stock::high, 0.0, 0.1},
    {catalog::Stock::medium, 0.1, 0.5},
    {catalog::Stock::low, 1.0, 4.0},
    {catalog::Stock::unknown, 0.25, 1.0},
}};
// GPUs free at once per stock (judgement: providers sell large on-demand blocks as reservations,
// e.g. AWS EC2 Capacity Blocks for ML and Google Cloud's calendar-mode reservations, because on-demand
// pools of scarce SKUs rarely hold that many).
struct FreePoolRow {
  catalog::Stock stock;
  int free_gpus;
};
constexpr std::array<FreePoolRow, 4> free_pool_table = {{
    {catalog::Stock::high, 256},
    {catalog::Stock::medium, 64},
    {catalog::Stock::low, 16},
    {catalog::Stock::unknown, 32},
}};
constexpr int scarce_gpus_per_instance = 8;
constexpr double scarce_instance_factor = 2.0;

// Reservation lead time (docs/estimation.md "Capacity"): a term-held block larger than the stock's
// free pool is not on the shelf; the provider plans it. None within the pool; from there linear in
// the GPUs beyond it, reaching one week at 64 instances of 8 GPUs and held there. AWS EC2 Capacity
// Blocks for ML are sold up to 64 instances (512 GPUs) and bookable from the next day up to 8 weeks
// ahead, so 8 weeks is the booking horizon, not a wait; one week for the largest block is judgement
// (a block that size is planned with the provider, not taken off the shelf). A low-stock pool
// (~16 GPUs): 28 8-GPU nodes (224 GPUs) wait 2.9 d.
constexpr double lead_cap_hours = 7 * 24.0;
constexpr double lead_cap_gpus = 64 * 8;
int stock_free_gpus(catalog::Stock stock) {
  for (const auto& row : free_pool_table) {
    if (row.stock == stock) return row.free_gpus;
  }
  return 0;
}

}  // namespace

int cluster_free_gpus(const catalog::Offering& offering, catalog::PricingMode mode) {
  if (catalog::holds_capacity(mode)) return 0;
  return stock_free_gpus(offering.stock);
}

double reservation_lead_hours(const catalog::Offering& offering, catalog::PricingMode mode, int instances) {
  if (catalog::term_hours(mode) <= 0) return 0.0;
  const int free_gpus = stock_free_gpus(offering.stock);
  const double asked_gpus = std::max(1, instances) * offering.gpu_count * offering.gpu_fraction;
  if (free_gpus <= 0 || asked_gpus <= free_gpus) return 0.0;
  if (free_gpus >= lead_cap_gpus) return lead_cap_hours;
  return lead_cap_hours * std::min(1.0, (asked_gpus - free_gpus) / (lead_cap_gpus - free_gpus));
}

double acquisition_wait_hours(const catalog::Offering& offering, catalog::PricingMode mode, int instances) {
  double hours = 0;
  for (const auto& row : acquisition_table) {
    if (row.stock == offering.stock) hours = mode == catalog::PricingMode::spot ? row.spot_hours : row.on_demand_hours;
  }
  if (offering.gpu_count * offering.gpu_fraction >= scarce_gpus_per_instance) hours *= scarce_instance_factor;
  const int free_gpus = cluster_free_gpus(offering, mode);
  const double asked_gpus = std::max(1, instances) * offering.gpu_count * offering.gpu_fraction;
  if (free_gpus > 0 && asked_gpus > free_gpus) hours *= asked_gpus / free_gpus;
  return hours;
}

int instances_waited_for(catalog::PricingMode mode, int instances) {
  return catalog::holds_capacity(mode) ? 1 : std::max(1, instances);
}

double block_hours(const catalog::Provider::CapacityBlockRules& rules, double hours) {
  if (rules.max_instances <= 0 || !(hours > 0)) return 0.0;
  double days = std::max(1.0, std::ceil(hours / 24.0 - 1e-9));
  if (days > rules.daily_steps_days) {
    const double step = std::max(1.0, rules.step_days);
    days = rules.daily_steps_days + std::ceil((days - rules.daily_steps_days) / step - 1e-9) * step;
  }
  return days > rules.max_days ? 0.0 : days * 24.0;
}

double expected_wait_for_all(double mean_hours, int instances) {
  // The largest of N independent exponential waits has mean m x H_N (the N-th harmonic number).
  double harmonic = 0;
  for (int i = 1; i <= std::max(1, instances); ++i) harmonic += 1.0 / i;
  return mean_hours * harmonic;
}

Band acquisition_wait_band(double mean_hours, int instances) {
  if (!(mean_hours > 0)) return {};
  // A pure function of few distinct arguments (the stock table's waits, a few scale factors, node
  // counts) asked for every pricing mode of every offering priced: the answers are kept.
  thread_local memo::Table<2, Band> remembered;
  const auto key = memo::key(mean_hours, instances);
  if (const Band* kept = remembered.find(key)) return *kept;
  const double n = std::max(1, instances);
  const auto at = [&](double u) { return -mean_hours * std::log1p(-std::pow(u, 1.0 / n)); };
  return remembered.keep(key, {at(0.1), at(0.9), true});
}

RunDistribution run_distribution(double wall_hours, const Band& band) {
  RunDistribution run;
  if (!(wall_hours > 0)) {
    run.log_median = -1e9;
    return run;
  }
  if (band.low > 0 && band.high > band.low) {
    run.log_median = 0.5 * (std::log(band.low) + std::log(band.high));
    run.log_sigma = (std::log(band.high) - std::log(band.low)) / (2.0 * z_90th);
  } else {
    run.log_median = std::log(wall_hours);
  }
  return run;
}

double run_hours_at(const RunDistribution& run, double probability) {
  return std::exp(run.log_median + run.log_sigma * model::normal_quantile(probability));
}

double term_sizing_hours(const Time& time, double confidence) {
  const Band& band = time.wall_hours_band;
  if (!(time.wall_hours > 0)) return 0.0;
  if (!(band.low > 0) || !(band.high > band.low)) return time.wall_hours;
  // price() asks this for each subscription mode of every priced offering, and offerings of one
  // machine shape share their time (~125,000 calls, three logs and an exp each, for a few hundred
  // distinct arguments on the 50k benchmark catalog): the answers are kept.
  thread_local memo::Table<4, double> remembered;
  const auto key = memo::key(time.wall_hours, band.low, band.high, confidence);
  if (const double* kept = remembered.find(key)) return *kept;
  // band.high is the 90th percentile; a higher --confidence reaches further.
  const double at_confidence = run_hours_at(run_distribution(time.wall_hours, band), confidence);
  return remembered.keep(key, std::max({time.wall_hours, band.high, at_confidence}));
}

namespace {
// The start's wait for the last of the instances at the middle of each of wait_slices
// equal-probability slices, hours: the quantile of the largest of N exponentials,
// -m ln(1 - u^(1/N)). None (`waits` false) without a wait.
struct WaitSlices {
  std::array<double, wait_slices> hours{};
  bool waits = false;
};
WaitSlices wait_slices_of(const Delays& delays) {
  WaitSlices slices;
  const double mean_wait = delays.acquisition_wait_hours;
  if (!(mean_wait > 0)) return slices;
  const int instances = std::max(1, delays.acquisition_instances);
  slices.waits = true;
  for (int slice = 0; slice < wait_slices; ++slice) {
    const double u = (slice + 0.5) / wait_slices;
    slices.hours[static_cast<std::size_t>(slice)] = -mean_wait * std::log1p(-std::pow(u, 1.0 / instances));
  }
  return slices;
}

// finish_probability with the wait's slices taken (a bisection asks for them at every step).
double finish_probability_after_waits(const RunDistribution& run, double available_hours, const Delays& delays,
                                      const WaitSlices& waits) {
  available_hours -= delays.lead_hours;  // a booked block starts no sooner than its lead time
  if (!(available_hours > 0)) return 0.0;
  if (!waits.waits) return run_and_hits_cdf(run, available_hours, delays);
  double probability = 0;
  for (const double wait : waits.hours) probability += run_and_hits_cdf(run, available_hours - wait, delays);
  return std::clamp(probability / wait_slices, 0.0, 1.0);
}
}  // namespace

double finish_probability(const RunDistribution& run, double available_hours, const Delays& delays) {
  return finish_probability_after_waits(run, available_hours, delays, wait_slices_of(delays));
}

namespace {
// Where finish_hours_at's search stops: the bracket narrower than this share of its upper end.
constexpr double finish_hours_tolerance = 1e-6;

// The least hours whose chance reaches `probability`, within finish_hours_tolerance, from a bracket
// [low, high] (chance(low) < probability <= chance(high)): regula falsi in the log of the hours with
// the Illinois rule (the run is log-normal, so near the answer its chance is close to linear there;
// an end kept twice has its residual halved, so both ends move), a step kept finish_hours_tolerance
// / 4 inside the bracket, and a bisection after any two steps that did not halve it (the chance
// drops where one more spot hit fits, so it is not smooth). ~4 evaluations on a 5k catalog's
// deadline search where halving took ~16.
template <typename Chance>
double narrow_finish_hours(const Chance& chance, double probability, double low, double chance_low, double high,
                           double chance_high) {
  double residual_low = chance_low - probability;    // below 0
  double residual_high = chance_high - probability;  // 0 or above
  int kept_side = 0;  // -1: the last step moved the lower end, +1 the upper
  int slow_steps = 0;
  for (int step = 0; step < 200 && high - low > finish_hours_tolerance * high; ++step) {
    const double width = high - low;
    double hours = 0.5 * (low + high);
    if (slow_steps < 2 && low > 0 && residual_high > residual_low) {
      const double log_low = std::log(low);
      const double log_high = std::log(high);
      const double log_hours = log_low + (log_high - log_low) * (-residual_low / (residual_high - residual_low));
      const double margin = 0.25 * finish_hours_tolerance * high;
      hours = std::clamp(std::exp(log_hours), low + margin, high - margin);
    }
    const double residual = chance(hours) - probability;
    if (residual < 0) {
      low = hours;
      residual_low = residual;
      if (kept_side == -1) residual_high *= 0.5;
      kept_side = -1;
    } else {
      high = hours;
      residual_high = residual;
      if (kept_side == 1) residual_low *= 0.5;
      kept_side = 1;
    }
    slow_steps = high - low > 0.5 * width ? slow_steps + 1 : 0;  // a bisection halves: back to 0
  }
  return high;
}
}  // namespace

double finish_hours_at(const RunDistribution& run, double probability, const Delays& delays) {
  // Without delays the chance is the run's own: its quantile.
  const bool delayed = (delays.hazard_per_hour > 0 && delays.per_hit_hours > 0) || delays.acquisition_wait_hours > 0 ||
                       delays.lead_hours > 0;
  if (!delayed) return run_hours_at(run, probability);
  // Each step of the search is up to 32 slices of the wait times the spot hits in reach (a log and
  // an erfc each); a ranking with --deadline asks for it for every pricing mode of every offering
  // it prices, and offerings of one machine shape, stock and mode ask the same: the answers are
  // kept (a pure function: the same result as computing it).
  thread_local memo::Table<8, double, 1024> remembered;
  const auto key = memo::key(run.log_median, run.log_sigma, probability, delays.hazard_per_hour, delays.per_hit_hours,
                             delays.acquisition_wait_hours, delays.acquisition_instances, delays.lead_hours);
  if (const double* kept = remembered.find(key)) return *kept;
  const WaitSlices waits = wait_slices_of(delays);
  const auto chance = [&](double hours) { return finish_probability_after_waits(run, hours, delays, waits); };
  double high = run_hours_at(run, probability);
  double chance_high = chance(high);
  double low = 0;
  double chance_low = 0;  // nothing ends in no time
  // Delays only lengthen the run: widen until the upper end reaches the probability, up to the
  // horizon: a run whose spot hits outpace its progress (no checkpoints, many nodes) never reaches
  // it, and doubling its hours 60 times summed ever more hits (expert review 34). The first step
  // adds what the delays can reach (the lead, the longest wait slice, and the spot hits 12 standard
  // deviations above their mean over twice the hours), which brackets a long run's answer closely;
  // where that is more than the hours, and at each later step, the hours double.
  double reach = delays.lead_hours + (waits.waits ? waits.hours.back() : 0.0);
  if (delays.hazard_per_hour > 0 && delays.per_hit_hours > 0) {
    const double mean_hits = delays.hazard_per_hour * 2 * high;
    reach += delays.per_hit_hours * (mean_hits + 12 * std::sqrt(mean_hits) + 12);
  }
  for (int step = 0; step < 60 && chance_high < probability; ++step) {
    if (high >= finish_horizon_hours) return remembered.keep(key, high);
    low = high;
    chance_low = chance_high;
    high = std::min(step == 0 && reach < high ? high + reach : high * 2, finish_horizon_hours);
    chance_high = chance(high);
  }
  return remembered.keep(key, narrow_finish_hours(chance, probability, low, chance_low, high, chance_high));
}

namespace {
// Spot rate by GPU class when the offering publishes none (docs/estimation.md "Spot risk"). The
// AWS Spot Instance Advisor's monthly bands for the catalog's AWS rows, by class: every instance of
// a linked HBM data-center GPU (NVLink/Infinity Fabric peers, >= 1.5 TB/s memory: the SXM/OAM training parts) (p4d A100-40GB, p4de A100-80GB, p5.4xlarge and p5.48xlarge H100, p5en H200,
// p6-b200, p6-b300) is in the top band ">20%" (22.5 = its floor plus half a band); other instances of
// 4 or more GPUs (p3.16xlarge and p3dn V100, g5.12xlarge A10G, g6e.24xlarge L40S) 10-15% (12.5); single
// smaller GPUs (g4dn T4, g5 A10G, g6 L4) 5-10% (7.5). The large training GPUs are reclaimed more
// often than the advisor's 10% middle: they are the capacity every provider is short of.
// A100-40GB's 1,555 GB/s is the slowest HBM2e part (V100 900); the peer link leaves out PCIe cards
// (A100/H100 PCIe) and GDDR7 cards near the bandwidth (RTX PRO 6000 1,597 GB/s).
constexpr double hbm_bandwidth_gbps = 1500;
constexpr double hbm_class_pct = 22.5;
constexpr int multi_gpu_instance = 4;
constexpr double multi_gpu_class_pct = 12.5;
constexpr double single_gpu_class_pct = 7.5;
}  // namespace

double default_spot_interruption_pct(const catalog::Gpu* gpu, int gpus_per_instance) {
  if (gpu == nullptr) return model::spot_interruption_pct_default;
  if (gpu->segment == catalog::GpuSegment::datacenter && gpu->memory_bandwidth_gbps >= hbm_bandwidth_gbps &&
      gpu->interconnect_gbps > 0) {
    return hbm_class_pct;
  }
  return gpus_per_instance >= multi_gpu_instance ? multi_gpu_class_pct : single_gpu_class_pct;
}

namespace {
// Price age (docs/estimation.md "Price age and quote sanity"): a quote is exact while fresh, then
// may have moved this much per month (30.4 days) either way, up to a cap. Judgement from published
// drifts: list prices change a few times a year; spot is a market price (AWS updates it every five
// minutes; Cast AI saw a year of spot prices move +21% on AWS, +108% on Azure, -26% on Google Cloud).
struct AgeRule {
  double fresh_days;
  double pct_per_month;
  double cap_pct;
};
constexpr AgeRule list_price_age = {90, 2, 50};
constexpr AgeRule spot_price_age = {14, 8, 100};
constexpr double days_per_month = 30.4;
// A spot quote below this share of on-demand is deeper than any advertised discount (AWS and Azure
// "up to 90%", Google Cloud "60-91%"); on a low-stock SKU, below the second share (spot is spare
// capacity, and a scarce SKU has little: such a quote is a lull in one zone). Judgement.
constexpr double spot_share_floor = 0.10;
constexpr double spot_share_floor_low_stock = 0.25;

// Whether the offering's price in `mode` is estimated (estimated_fields lists "pricing.<mode>").
bool price_estimated(const catalog::Offering& offering, catalog::PricingMode mode) {
  constexpr std::string_view prefix = "pricing.";
  const std::string_view key = catalog::pricing_key(mode);
  return std::any_of(offering.estimated_fields.begin(), offering.estimated_fields.end(), [&](const std::string& field) {
    return field.size() == prefix.size() + key.size() && field.starts_with(prefix) && field.ends_with(key);
  });
}

double age_band_pct(int age_days, const AgeRule& rule) {
  if (age_days < 0) return 0.0;
  const double months_past = std::max(0.0, (age_days - rule.fresh_days) / days_per_month);
  return std::min(rule.cap_pct, months_past * rule.pct_per_month);
}

// Sets the quote's age band, the spot sanity flags and the factor at the price's upper end, and
// widens the cost bands by them.
void apply_quote_risk(Cost& cost, catalog::PricingMode mode, int age_days, std::optional<double> on_demand,
                      double spot_price, catalog::Stock stock, bool estimated, double below_market_factor) {
  const bool spot = mode == catalog::PricingMode::spot;
  cost.quote_age_days = age_days;
  cost.price_band_pct = age_band_pct(age_days, spot ? spot_price_age : list_price_age);
  cost.list_band_pct = age_band_pct(age_days, list_price_age);
  double suspect_factor = 1.0;
  if (spot) {
    cost.spot_quote_old = age_days > spot_price_age.fresh_days;
    if (on_demand && *on_demand > 0 && spot_price > 0) {
      const double share = spot_price / *on_demand;
      cost.spot_quote_deep = share < spot_share_floor;
      cost.spot_quote_scarce = !cost.spot_quote_deep && stock == catalog::Stock::low && share < spot_share_floor_low_stock;
      // Its upper end is the price at the share it fell below.
      if (cost.spot_quote_suspect()) {
        suspect_factor = (cost.spot_quote_deep ? spot_share_floor : spot_share_floor_low_stock) / share;
      }
    }
  }
  // An on-demand quote far below the GPU's market is ranked at the market's floor (the record's
  // other modes are their own quotes, compared with on demand by their own checks).
  if (mode != catalog::PricingMode::on_demand) below_market_factor = 1.0;
  cost.quote_below_market = below_market_factor > 1;
  suspect_factor = std::max(suspect_factor, below_market_factor);
  cost.suspect_quote_factor = suspect_factor;
  // Prices move by factors: the low end is the high end's reciprocal (a quote 743 days old, band
  // +190%, ran from 0.34x to 2.9x; 1 - 190% printed a $0.00 low end: expert review 16).
  cost.price_estimated = estimated;
  const double estimate_factor = 1.0 + cost.estimated_price_band_pct() / 100.0;
  const double low_factor = 1.0 / ((1.0 + cost.price_band_pct / 100.0) * estimate_factor);
  cost.price_high_factor = (1.0 + cost.price_band_pct / 100.0) * estimate_factor * suspect_factor;
  // How far an old spot quote's upper end has climbed: 0 when fresh, 1 at spot_quote_worthless_days.
  const double climbed = std::clamp(
      (age_days - spot_price_age.fresh_days) / (spot_quote_worthless_days - spot_price_age.fresh_days), 0.0, 1.0);
  if (spot && cost.spot_quote_old && on_demand && *on_demand > spot_price && spot_price > 0) {
    cost.spot_quote_anchored = true;
    // The on-demand price it climbs to is a quote of the same age: at its own upper end (a spot row
    // must not look safer than the on-demand row of its offering, which the budget would then drop
    // first; expert review 8: a 195-day spot quote was the only row under a $121 budget).
    const double on_demand_high = *on_demand * (1.0 + cost.list_band_pct / 100.0);
    cost.price_high_factor = std::max(cost.price_high_factor, 1.0 + (on_demand_high / spot_price - 1.0) * climbed);
  } else if (spot && cost.spot_quote_old && !on_demand && spot_price > 0) {
    // No on-demand price to climb to (the offering, and its provider's offerings of the GPU in that
    // region, sell none: GCP's a4-highgpu-8g): the upper end climbs to the spot band's cap instead,
    // twice the quote, by the same days (expert review 44, S18: a 200-day-old B200 quote ranked at
    // 1.49x went first over a fresher-anchored Nebius row ranked at its on-demand price, 2.03x).
    cost.price_high_factor = std::max(cost.price_high_factor, 1.0 + spot_price_age.cap_pct / 100.0 * climbed);
  }
  if (cost.total_band.high > 0) {
    cost.total_band.low = cost.total_at(cost.total_band.low, low_factor);
    cost.total_band.high = cost.total_at(cost.total_band.high, cost.price_high_factor);
  }
  if (cost.per_million_output_tokens_band.high > 0) {
    cost.per_million_output_tokens_band.low *= low_factor;
    cost.per_million_output_tokens_band.high *= cost.price_high_factor;
  }
}
}  // namespace

double spot_notice_seconds(const catalog::Provider* provider) {
  return provider != nullptr ? provider->spot_reclaim.notice_seconds.value_or(0.0) : 0.0;
}

SpotRisk spot_risk(double work_hours, int instances, double monthly_interruption_pct, double checkpoint_hours,
                   double reprovision_hours, double deadline_hours) {
  SpotRisk risk;
  const double pct = std::clamp(monthly_interruption_pct, 0.0, 99.0);
  // A monthly share p of instances interrupted is a constant hazard -ln(1 - p) / 730 per instance-hour.
  risk.hazard_per_hour = -std::log1p(-pct / 100.0) / units::hours_per_month * std::max(1, instances);
  if (!(work_hours > 0)) return risk;
  const double lambda = risk.hazard_per_hour;
  // Work between checkpoints; no checkpoint (0 or longer than the job) restarts from the start.
  const double segment = checkpoint_hours > 0 ? std::min(checkpoint_hours, work_hours) : work_hours;
  double expected_hours = work_hours;
  if (lambda > 0) {
    // Each segment is retried until it runs `segment` hours without a hit, each hit costing the
    // time run so far plus reprovision_hours: E = (1/lambda + R) (e^(lambda s) - 1) per segment
    // (Daly 2006, "A higher order estimate of the optimum checkpoint interval", eq. 4).
    expected_hours = work_hours / segment * (1.0 / lambda + reprovision_hours) * std::expm1(lambda * segment);
  }
  risk.extra_hours = std::max(0.0, expected_hours - work_hours);
  risk.interruptions = lambda * expected_hours;
  risk.uninterrupted_probability = std::exp(-lambda * work_hours);
  if (deadline_hours > 0) {
    if (deadline_hours < work_hours) {
      risk.within_deadline_probability = 0;
    } else {
      // Each hit costs on average half a segment of lost work plus the re-provision time; the job
      // still ends in time while the hits up to the deadline fit in the slack.
      const double per_hit = segment / 2.0 + reprovision_hours;
      const double slack = deadline_hours - work_hours;
      const int hits_allowed = per_hit > 0 ? static_cast<int>(std::min(1e6, std::floor(slack / per_hit))) : 1000000;
      risk.within_deadline_probability = poisson_cdf(hits_allowed, lambda * deadline_hours);
    }
  }
  return risk;
}

// Assumption: billing starts at the request, so boot and image pull are paid (EC2 bills from the
// "running" state, which comes within a minute or two of the request; the rest of the time to a
// usable machine is the OS boot on the billed instance).
double setup_hours(workload::Kind kind, const catalog::Provider* provider) {
  if (!workload::kind_traits(kind).training() || provider == nullptr) return 0.0;
  return std::max(0.0, provider->environment.provision_minutes) / 60.0;
}

double staging_hours(const workload::Profile& profile, const catalog::Offering& offering, int nodes) {
  if (!workload::kind_traits(profile.kind).training()) return 0.0;
  // A fine-tune starts from the base model's published bf16 weights, which every node loads.
  constexpr double checkpoint_bytes_per_param = 2.0;
  const double weights_bytes = workload::kind_traits(profile.kind).starts_from_pretrained
                                   ? profile.shape.params * checkpoint_bytes_per_param
                                   : 0.0;
  const double bytes = model::dataset_bytes(profile) / std::max(1, nodes) + weights_bytes;
  const double network = offering.network.bandwidth_gbps > 0 ? offering.network.bandwidth_gbps : staging_gbit_per_s;
  const double bytes_per_s = std::min(network, staging_gbit_per_s) * 1e9 / 8.0;
  return bytes / bytes_per_s / 3600.0;
}

namespace {
// A capacity block's length for the job (Cost::block_hours): the hours it holds the instances (setup
// and staging included) with the run at block_sizing_confidence of its time band, or the asked
// confidence if higher, in the provider's steps. False when no block holds the job: the provider
// sells none, more instances than one block holds, fewer than its smallest (a Lambda 1-Click
// Cluster is 2 nodes at least), or longer than its longest block.
bool price_block(Cost& cost, const catalog::Provider* provider, int instances, double held_hours,
                 const Performance& performance, double confidence) {
  if (provider == nullptr || instances > provider->capacity_block.max_instances ||
      instances < provider->capacity_block.min_instances) {
    return false;
  }
  double hours = held_hours;
  const auto& band = performance.time.wall_hours_band;
  if (performance.time.wall_hours > 0 && band.high > band.low && band.low > 0) {
    const double run = run_hours_at(run_distribution(performance.time.wall_hours, band),
                                    std::max(confidence, block_sizing_confidence));
    hours += std::max(0.0, run - performance.time.wall_hours);
  }
  cost.block_hours = block_hours(provider->capacity_block, hours);
  return cost.block_hours > 0;
}
}  // namespace

namespace {
// Every mode's Cost as default-initialised, its mode set: copied whole into each price() (one block
// copy of ~2.4 KB where initialising the 7 x ~45 members one by one was ~350 instructions a call,
// 36,000 calls on the 50k benchmark catalog).
Costs unpriced_costs() {
  Costs costs{};
  for (std::size_t index = 0; index < catalog::pricing_mode_count; ++index) {
    costs[index].mode = static_cast<catalog::PricingMode>(index);
  }
  return costs;
}
}  // namespace

Costs price(const workload::Profile& profile, const PriceContext& context, const Performance& performance) {
  static_assert(std::is_trivially_copyable_v<Costs>);
  static const Costs unpriced = unpriced_costs();
  Costs costs = unpriced;
  if (context.offering == nullptr) return costs;
  const catalog::Offering& offering = *context.offering;
  const catalog::Pricing& pricing = context.pricing != nullptr ? *context.pricing : offering.pricing;
  const catalog::Provider* provider = context.provider;
  const double rate = context.to_output_currency;
  const bool training = workload::kind_traits(profile.kind).training();
  const Plan& plan = performance.memory.plan;
  const int instances = model::instances_needed(profile, plan, performance.throughput.replicas,
                                                performance.throughput.spare_replicas);
  const double usage_hours = training ? performance.time.wall_hours : profile.hours;
  // Small jobs feel the billed setup most: 6 minutes of an 8-GPU node cost more than the 1-minute
  // BERT-base fine-tune it runs, which is why one small GPU is the right size for that job.
  const double staging = staging_hours(profile, offering, plan.nodes);
  // The staging is billed like the setup, and the deadline's time for the run is shorter by it.
  const double setup = setup_hours(profile.kind, provider) + staging;
  const double run_deadline_hours = context.deadline_hours > 0 ? std::max(context.deadline_hours - staging, 1e-6) : 0.0;
  const double granularity = provider != nullptr ? provider->billing_granularity_seconds : 3600.0;
  const double restart_minutes = context.restart_minutes > 0
                                     ? context.restart_minutes
                                     : (provider != nullptr ? provider->environment.provision_minutes : 10.0);
  const double stored_gb = (model::checkpoint_bytes(profile) + model::dataset_bytes(profile)) / units::bytes_per_gb;

  for (std::size_t index = 0; index < catalog::pricing_mode_count; ++index) {
    const auto mode = static_cast<catalog::PricingMode>(index);
    if (context.only_mode && *context.only_mode != mode) continue;
    if ((context.unread_modes >> index & 1U) != 0) continue;
    Cost& cost = costs[index];
    const auto instance_price = pricing.price(mode);
    cost.available = instance_price.has_value();
    if (!cost.available) continue;
    cost.instances = instances;
    cost.staging_hours = staging;
    cost.price_per_hour = *instance_price * instances * rate;

    // Capacity: the run starts when the last instance is acquired (training: part of the time to
    // result, not billed; serving and notebooks rent for their own hours).
    // An owned cluster's wait is its own queue (availability.queue_hours, added by the ranking): it
    // has no stock to wait for.
    const bool owned = provider != nullptr && provider->kind == catalog::ProviderKind::owned;
    // The time to result waits for the stock's usual wait; a block beyond the free pool enters the
    // capacity indicator and W-CLUSTER-CAPACITY (a reservation is the way, not a longer queue).
    // A capacity block starts at its lead time, a known wait (docs/estimation.md "Capacity blocks");
    // one larger than the stock's free pool is found at a later start, as a reservation of that size
    // would be (reservation_lead_hours; judgement: AWS offers blocks up to 8 weeks ahead, and the
    // large ones sooner only where the pool has them), so a 45-node block of a low-stock SKU is not
    // ranked as if it started tomorrow.
    // A term that has other work (--reserved-other-use) is capacity the team holds already: no lead.
    const bool block = mode == catalog::PricingMode::capacity_block;
    const double block_lead_hours =
        block && provider != nullptr
            ? std::max(provider->capacity_block.lead_hours,
                       reservation_lead_hours(offering, catalog::PricingMode::reserved_1y, instances))
            : 0.0;
    const double term_lead_hours =
        owned || context.reserved_other_use ? 0.0 : reservation_lead_hours(offering, mode, instances);
    const double lead_hours = block ? block_lead_hours : term_lead_hours;
    const double instance_wait_hours = owned || block ? 0.0 : acquisition_wait_hours(offering, mode);
    const int acquisitions = instances_waited_for(mode, instances);
    if (training) {
      // A block's lead is scheduled at purchase, not a wait on the provider's pool: only a term's
      // lead enters the capacity indicator and the reservation hint.
      cost.reservation_lead_hours = term_lead_hours;
      cost.acquisition_wait_hours = expected_wait_for_all(instance_wait_hours, acquisitions) + lead_hours;
      cost.acquisition_wait_band = acquisition_wait_band(instance_wait_hours, acquisitions);
      if (lead_hours > 0) {
        cost.acquisition_wait_band = {cost.acquisition_wait_band.low + lead_hours,
                                      cost.acquisition_wait_band.high + lead_hours, true};
      }
    }
    if (block && !price_block(cost, provider, instances, usage_hours + setup, performance, context.confidence)) {
      cost.available = false;
      continue;
    }
    if (mode == catalog::PricingMode::spot) {
      cost.spot_rate_assumed = !offering.spot_interruption_pct.has_value();
      cost.spot_interruption_pct = offering.spot_interruption_pct.value_or(
          default_spot_interruption_pct(context.gpu, offering.gpu_count));
      cost.spot_notice_seconds = spot_notice_seconds(provider);
      // A reclaimed instance comes back after its start-up and the wait for spot capacity of that
      // SKU at its stock (hours for a scarce 8-GPU node), unless the caller fixed the restart time.
      cost.reprovision_hours = restart_minutes / 60.0 + (context.restart_minutes > 0 ? 0.0 : instance_wait_hours);
      if (training) {
        // A multi-node job restarts together: a hit on any instance stops all of them.
        const SpotRisk risk = spot_risk(usage_hours, instances, cost.spot_interruption_pct,
                                        profile.checkpoint_minutes / 60.0, cost.reprovision_hours,
                                        run_deadline_hours);
        cost.interruption_hours = risk.extra_hours;
        cost.interruptions_expected = risk.interruptions;
        cost.uninterrupted_probability = risk.uninterrupted_probability;
        cost.within_deadline_probability = risk.within_deadline_probability;
        // Every instance stays billed while the job re-runs lost work or waits for the replacement.
        cost.interruption = cost.price_per_hour * cost.interruption_hours;
      } else {
        // Serving: each instance is hit on its own and is down while a replacement starts, and that
        // start is billed; no work is lost.
        const SpotRisk risk = spot_risk(usage_hours, instances, cost.spot_interruption_pct, 0, 0, 0);
        cost.interruptions_expected = risk.hazard_per_hour * usage_hours;
        cost.uninterrupted_probability = risk.uninterrupted_probability;
        cost.interruption_hours = cost.interruptions_expected * cost.reprovision_hours;
        cost.interruption = cost.interruption_hours * *instance_price * rate;
      }
    }
    const double term_hours = catalog::term_hours(mode);
    const bool subscription = catalog::is_subscription(mode);
    // Whole subscription terms for a run of `run_hours` (and the billed setup).
    const auto terms_for = [&](double run_hours) {
      return std::max(1.0, std::ceil((run_hours + setup) / term_hours - 1e-9));
    };
    if (term_hours > 0) {
      // A subscription (包年包月) is bought by whole terms: a 40-day serving job buys two months, a
      // training run the terms its slow end needs (expert review r29: a 19.9 d run whose band reached
      // 37.1 d was priced one month). A reservation is one term, as the providers sell it.
      const double sized_hours = training ? term_sizing_hours(performance.time, context.confidence) : usage_hours;
      const double terms = subscription ? terms_for(sized_hours) : 1.0;
      cost.terms_bought = terms;
      const Band& run_band = performance.time.wall_hours_band;
      if (subscription && training) cost.terms_at_band_low = terms_for(run_band.low > 0 ? run_band.low : usage_hours);
      cost.commitment = cost.price_per_hour * term_hours * terms;
      cost.term_used_pct = std::min(100.0, usage_hours / (term_hours * terms) * 100.0);
      // Without other use the term is paid whatever the job uses: the job costs the commitment. A
      // service priced over a default window (no --hours) runs on past it, so a term longer than the
      // window is used whole by the service and the window costs its own hours (expert review 10: a
      // yearly H20 fleet charged 12 months against a 30.4-day window, 12x the $ per M tokens).
      cost.term_continues = workload::kind_traits(profile.kind).serving() && !profile.hours_given &&
                            context.terms_named && !context.reserved_other_use &&
                            usage_hours + setup < term_hours * terms;
      cost.commitment_charged = !context.reserved_other_use && !cost.term_continues;
    }
    if (block) {
      // Paid upfront for the whole block, whatever the job uses: no other use returns any of it.
      cost.commitment = cost.price_per_hour * cost.block_hours;
      cost.term_used_pct = std::min(100.0, (usage_hours + setup) / cost.block_hours * 100.0);
      cost.commitment_charged = true;
    }
    // What the bill holds had the run taken `run_hours` with `interruption_hours` lost to spot: the
    // billed hours (granularity and minimum; a charged commitment at the least), and public IPs and
    // storage for the hours held (training holds its instances through the interruptions).
    struct HeldCharges {
      double compute = 0;
      double public_ip = 0;
      double storage = 0;
    };
    const auto held_charges = [&](double run_hours, double interruption_hours, bool band_end) {
      HeldCharges charges;
      charges.compute = cost.price_per_hour * billed_hours_with_minimum(run_hours + setup, granularity);
      if (cost.commitment_charged) charges.compute = std::max(charges.compute, cost.commitment);
      // A band end of a subscription pays the whole terms that run takes, not the terms bought for
      // the slow end (a run that ends in its first month does not buy the second).
      if (cost.commitment_charged && subscription && band_end) {
        charges.compute = cost.price_per_hour * term_hours * terms_for(run_hours);
      }
      const double hours_held = run_hours + setup + (training ? interruption_hours : 0.0);
      if (provider != nullptr) {
        charges.public_ip = instances * provider->public_ip_per_hour * hours_held * rate;
        charges.storage = stored_gb * provider->storage_per_gb_month * hours_held / units::hours_per_month * rate;
      }
      return charges;
    };
    const HeldCharges charges = held_charges(usage_hours, cost.interruption_hours, false);
    cost.compute = charges.compute;
    cost.public_ip = charges.public_ip;
    cost.storage = charges.storage;
    if (provider != nullptr) cost.egress = profile.egress_gb * provider->egress_per_gb * rate;
    cost.total = cost.compute + cost.interruption + cost.egress + cost.public_ip + cost.storage;
    // The time estimate's band, priced (docs/estimation.md "Error bands"): the training total at each
    // end of the run's band. The billed hours, spot's lost work (its deadline chance is not needed
    // here) and the held charges follow the run; the setup, egress and a charged commitment do not.
    const Band& hours_band = performance.time.wall_hours_band;
    if (training && performance.time.wall_hours > 0 && hours_band.high > 0) {
      const auto total_for = [&](double run_hours) {
        const double lost_hours = mode == catalog::PricingMode::spot
                                      ? spot_risk(run_hours, instances, cost.spot_interruption_pct,
                                                  profile.checkpoint_minutes / 60.0, cost.reprovision_hours, 0.0)
                                            .extra_hours
                                      : 0.0;
        const HeldCharges held = held_charges(run_hours, lost_hours, true);
        return held.compute + cost.price_per_hour * lost_hours + cost.egress + held.public_ip + held.storage;
      };
      cost.total_band = {total_for(hours_band.low), total_for(hours_band.high), hours_band.in_calibrated_regime};
    }
    if (workload::kind_traits(profile.kind).serves_images() && profile.requests_per_s > 0) {
      const double images = profile.requests_per_s * profile.hours * units::seconds_per_hour;
      if (images > 0) cost.per_thousand_images = cost.total / (images / 1e3);
    }
    // Confidence: the chance of ending within the deadline, and the hours at the asked confidence.
    if (training && context.deadline_hours > 0 && performance.time.wall_hours > 0) {
      const RunDistribution run = run_distribution(performance.time.wall_hours, hours_band);
      Delays delays;
      delays.acquisition_wait_hours = instance_wait_hours;
      delays.acquisition_instances = acquisitions;
      delays.lead_hours = lead_hours;
      if (mode == catalog::PricingMode::spot) {
        const double checkpoint_hours = profile.checkpoint_minutes / 60.0;
        const double segment = checkpoint_hours > 0 ? std::min(checkpoint_hours, performance.time.wall_hours)
                                                    : performance.time.wall_hours;
        delays.hazard_per_hour = spot_risk(0, instances, cost.spot_interruption_pct, 0, 0, 0).hazard_per_hour;
        delays.per_hit_hours = segment / 2.0 + cost.reprovision_hours;
      }
      // A block ends when its time is up: the run ends in time only within both.
      const double available_hours =
          block ? std::min(run_deadline_hours, lead_hours + cost.block_hours - setup) : run_deadline_hours;
      cost.within_deadline_probability = finish_probability(run, available_hours, delays);
      if (!context.hours_at_confidence_unread) {
        cost.hours_at_confidence = finish_hours_at(run, context.confidence, delays);
      }
    }
    if (workload::kind_traits(profile.kind).physics == workload::Physics::token_serving && profile.requests_per_s > 0) {
      const double output_tokens =
          profile.requests_per_s * profile.output_tokens * profile.hours * units::seconds_per_hour;
      if (output_tokens > 0) cost.per_million_output_tokens = cost.total / (output_tokens / 1e6);
      // Fewer tokens per replica than estimated means more replicas: the cost scales with the
      // inverse of the throughput band (replica rounding aside).
      const Serving& serving = performance.serving;
      if (serving.output_tokens_per_s > 0 && serving.output_tokens_per_s_band.low > 0) {
        cost.per_million_output_tokens_band = {
            cost.per_million_output_tokens * serving.output_tokens_per_s / serving.output_tokens_per_s_band.high,
            cost.per_million_output_tokens * serving.output_tokens_per_s / serving.output_tokens_per_s_band.low,
            serving.output_tokens_per_s_band.in_calibrated_regime};
      }
    }
    const std::optional<double> judged_by = mode == catalog::PricingMode::spot && context.spot_on_demand
                                                ? context.spot_on_demand
                                                : std::optional<double>(pricing.on_demand);
    apply_quote_risk(cost, mode, context.quote_age_days, judged_by, instance_price.value_or(0), offering.stock,
                     price_estimated(offering, mode), context.below_market_factor);
  }
  // Reserved and subscription terms bill every hour of the term; they beat on-demand when the share
  // of the term's hours used exceeds (term price per hour) / on-demand.
  const auto on_demand = pricing.on_demand;
  for (auto mode : {catalog::PricingMode::reserved_1y, catalog::PricingMode::reserved_3y,
                    catalog::PricingMode::monthly, catalog::PricingMode::yearly}) {
    Cost& cost = costs[static_cast<std::size_t>(mode)];
    const auto reserved = pricing.price(mode);
    if (cost.available && on_demand && *on_demand > 0 && reserved) {
      cost.break_even_utilisation_pct = *reserved / *on_demand * 100.0;
    }
  }
  return costs;
}

}  // namespace gpuselect::estimate

namespace gpuselect::estimate::model {

// Inverse of the standard normal CDF by bisection to 1e-12 (a few calls per ranking and per serving
// plan; serving.cpp keeps the last one).
double normal_quantile(double probability) {
  // The bisection costs ~45 erfc calls; a ranking asks for the same --confidence for every priced
  // offering (~31,000 times on 50,000 offerings), so the last answer is kept (a pure function: the
  // same argument, bit for bit, gives the same result).
  thread_local bool remembered = false;
  thread_local std::uint64_t last_probability_bits = 0;
  thread_local double last_quantile = 0;
  const auto probability_bits = std::bit_cast<std::uint64_t>(probability);
  if (remembered && probability_bits == last_probability_bits) return last_quantile;
  const double p = std::clamp(probability, 1e-12, 1.0 - 1e-12);
  double low = -10;
  double high = 10;
  for (int step = 0; step < 80 && high - low > 1e-12; ++step) {
    const double middle = 0.5 * (low + high);
    (0.5 * std::erfc(-middle / std::sqrt(2.0)) < p ? low : high) = middle;
  }
  remembered = true;
  last_probability_bits = probability_bits;
  last_quantile = 0.5 * (low + high);
  return last_quantile;
}

double log_normal_quantile(double low, double high, double z) {
  if (!(low > 0) || !(high >= low)) return 1.0;
  const double log_median = 0.5 * (std::log(low) + std::log(high));
  const double log_sigma = (std::log(high) - std::log(low)) / (2.0 * z_90th);
  return std::exp(log_median + z * log_sigma);
}

}  // namespace gpuselect::estimate::model
