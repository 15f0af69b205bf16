// catalog::lint: warnings about values that parse but are probably wrong.
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "catalog/fields.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::catalog {

namespace {

using fields::format_number;
using text::composed;
using text::Msg;

// Dense bf16 FLOP per byte of memory bandwidth (TFLOPS * 1000 / GB/s). Real GPUs sit between about
// 100 (V100: 125 TFLOPS / 900 GB/s = 139) and about 450 (L40S: 362 / 864 = 419) per GPU-SPECS.md;
// outside 20..2000 a value is off by an order of magnitude, most likely a unit mix-up.
constexpr double min_flop_per_byte = 20;
constexpr double max_flop_per_byte = 2000;

// The market-range check per GPU-hour (docs/catalog.md "Tools"): a price whose USD per GPU-hour is
// more than market_outlier_factor from the median of the other offerings of the same GPU, and more
// than unit_slip_factor beyond the cheapest or dearest of them, is a finding; when a unit slip brings it within unit_slip_factor of that median, the finding names the
// slip. Assumption, as for the importer's check (docs/catalog.md "Importing SkyPilot catalogs", rule
// 7): real spreads between clouds are about 3x either side of the median
// (shared/reference/skypilot-gpu-price-summary.csv), so 4x is a mistake and 2x after a correction
// is the market.
constexpr double market_outlier_factor = 4;
constexpr double unit_slip_factor = 2;
// Without a unit slip to name, only a price 12x beyond every other offering of the GPU: above the
// widest spread between the catalog's own sourced prices of one GPU, AutoDL's V100 32 GB read at
// 1.98 CNY = 0.27 USD (data/offerings.yaml, 2026-10-04) against Azure ND40rs_v2's 2.75 per GPU,
// 10.1x apart; the importer's rule 7 uses 5x.
constexpr double unexplained_outlier_factor = 12;
constexpr double hours_per_month = 730;  // 8760 / 12
// One offering's regions: an on-demand price below this share of the median over its regions (three
// or more priced) is a finding. A cloud's regional spread is within ~1.6x (AWS p5.48xlarge 55.04 in
// us-east-1 against 75.96 in ap-southeast-3; Azure ND96isr_H100_v5 98.32 in eastus against 152.40
// in japanwest; GCP g2-standard-4 0.70 against 1.13 in me-central2; shared/reference), so half the
// median is another SKU read as on-demand: the reference file's GCP H100 accelerator row at 4.20
// USD/GPU-h in seven regions against 9.80-12.74 elsewhere (docs/catalog.md "Prices per region").
constexpr double region_outlier_share = 0.5;

// Where a finding about some fields belongs: the field set by the latest file (an overlay that
// changed one of them made the combination wrong); within one file the first listed. Fields never
// set (line 0) fall back to the record's own position.
SourcePos last_set(const SourcePos& record, std::initializer_list<SourcePos> fields) {
  const SourcePos* latest = nullptr;
  for (const SourcePos& field : fields) {
    if (field.line != 0 && (latest == nullptr || field.file > latest->file)) latest = &field;
  }
  return latest != nullptr ? *latest : record;
}

class Linter {
 public:
  Linter(const Catalog& catalog, std::string_view today, int stale_after_days)
      : catalog_(catalog), today_(today), stale_after_days_(stale_after_days) {
    file_names_.reserve(catalog.files.size());
    for (const auto& file : catalog.files) file_names_.emplace_back(file);
  }

  void warn(const SourcePos& pos, const text::Words& message, const text::Words& hint) {
    ++counts_.warnings;
    if (found_.size() >= max_kept_diagnostics) {
      counts_.count_dropped(Severity::warning, hint.say(text::Lang::en));
      return;
    }
    Diagnostic diagnostic;
    diagnostic.severity = Severity::warning;
    diagnostic.file = pos.file < file_names_.size() ? file_names_[pos.file] : FileName("<catalog>");
    diagnostic.line = pos.line;
    diagnostic.column = pos.column;
    diagnostic.say(message, hint);
    found_.push_back(std::move(diagnostic));
  }

  void check_as_of(const SourcePos& pos, const text::Words& what, const std::string& as_of) {
    const auto age_days = days_between(as_of, today_);
    if (!age_days) return;  // as_of is validated by load; an invalid `today` checks nothing
    if (*age_days < 0) {
      warn(pos, composed(Msg::lint_future, what, as_of, today_), text::words(Msg::lint_fix_date));
    } else if (*age_days > stale_after_days_) {
      warn(pos, composed(Msg::lint_stale, what, *age_days, as_of, stale_after_days_), text::words(Msg::lint_recheck));
    }
  }

  void check(const Gpu& gpu) {
    const text::Words what = text::words(Msg::lint_gpu, text::quoted(gpu.id));
    if (gpu.fp8_dense_tflops && *gpu.fp8_dense_tflops > 0 && *gpu.fp8_dense_tflops < gpu.bf16_dense_tflops) {
      warn(last_set(gpu.pos, {gpu.set_at.fp8_dense_tflops, gpu.set_at.bf16_dense_tflops}),
           composed(Msg::lint_fp8_below, what, format_number(*gpu.fp8_dense_tflops), format_number(gpu.bf16_dense_tflops)),
           text::words(Msg::lint_fp8_below_hint));
    }
    if (gpu.usable_memory_mib > gpu.memory_gb * 1024) {
      warn(last_set(gpu.pos, {gpu.set_at.usable_memory_mib, gpu.set_at.memory_gb}),
           composed(Msg::lint_usable_above, what, format_number(gpu.usable_memory_mib), format_number(gpu.memory_gb * 1024)),
           text::words(Msg::lint_usable_above_hint));
    }
    if (gpu.memory_bandwidth_gbps > 0 && gpu.bf16_dense_tflops > 0) {
      const double flop_per_byte = gpu.bf16_dense_tflops * 1000 / gpu.memory_bandwidth_gbps;
      if (flop_per_byte < min_flop_per_byte || flop_per_byte > max_flop_per_byte) {
        warn(last_set(gpu.pos, {gpu.set_at.bf16_dense_tflops, gpu.set_at.memory_bandwidth_gbps}),
             composed(Msg::lint_flop_per_byte, what, format_number(flop_per_byte), format_number(min_flop_per_byte),
                      format_number(max_flop_per_byte)),
             text::words(Msg::lint_flop_per_byte_hint));
      }
    }
  }

  // The median USD per GPU-hour on demand of each GPU's offerings (each offering at its cheapest
  // region, the price a buyer free to choose pays and the one the ranking uses by default, so a
  // many-region offering counts once), with the offering's own to leave out.
  void build_market() {
    std::unordered_map<std::string, std::vector<std::pair<double, const Offering*>>> per_gpu;
    for (const auto& offering : catalog_.offerings) {
      const double per_hour = usd_per_gpu_hour(offering, 1.0);
      if (!(per_hour > 0)) continue;
      std::vector<double> prices;
      for (const auto& region : offering.regions) {
        if (const auto price = offering.pricing_in(region).on_demand) prices.push_back(*price * per_hour);
      }
      if (offering.regions.empty() && offering.pricing.on_demand) prices.push_back(*offering.pricing.on_demand * per_hour);
      if (prices.empty()) continue;
      per_gpu[offering.gpu].emplace_back(*std::min_element(prices.begin(), prices.end()), &offering);
    }
    // Each GPU's medians in order, and where each offering's own sits: check_market reads the others'
    // median, cheapest and dearest from them without sorting a copy per offering (a copy and sort per
    // offering was quadratic: 50,000 offerings took 7 s to validate; issue 33).
    market_position_.assign(catalog_.offerings.size(), no_position);
    for (auto& [gpu, medians] : per_gpu) {
      std::sort(medians.begin(), medians.end(),
                [](const auto& a, const auto& b) { return a.first < b.first; });
      for (std::size_t at = 0; at < medians.size(); ++at) {
        market_position_[static_cast<std::size_t>(medians[at].second - catalog_.offerings.data())] = at;
      }
    }
    market_ = std::move(per_gpu);
  }

  // USD per GPU-hour for `price` of `offering` (0 when its currency has no rate or it is owned).
  double usd_per_gpu_hour(const Offering& offering, double price) const {
    const Provider* provider = catalog_.find_provider(offering.provider);
    if (provider == nullptr || provider->kind == ProviderKind::owned) return 0;
    const double gpus = offering.gpu_count * offering.gpu_fraction;
    const CurrencyRate* rate = catalog_.find_currency(provider->currency);
    const double units_per_usd = provider->currency == "USD" ? 1.0 : rate != nullptr ? rate->per_usd : 0.0;
    if (!(gpus > 0) || !(units_per_usd > 0)) return 0;
    return price / units_per_usd / gpus;
  }

  void check_market(const Offering& offering, const std::optional<double>& price, std::string_view key,
                    const SourcePos& pos) {
    if (!price) return;
    const double per_gpu_hour = usd_per_gpu_hour(offering, *price);
    const auto found = market_.find(offering.gpu);
    if (!(per_gpu_hour > 0) || found == market_.end()) return;
    // The other offerings' medians in order: the GPU's sorted medians without the offering's own.
    const auto& medians = found->second;
    const std::size_t own = market_position_[static_cast<std::size_t>(&offering - catalog_.offerings.data())];
    const std::size_t count = medians.size() - (own == no_position ? 0 : 1);
    const auto other = [&](std::size_t index) { return medians[own == no_position || index < own ? index : index + 1].first; };
    if (count < 2) return;
    const double median = other(count / 2);
    const double ratio = per_gpu_hour / median;
    if (std::abs(std::log(ratio)) <= std::log(market_outlier_factor)) return;

    const double gpus = offering.gpu_count * offering.gpu_fraction;
    struct Slip {
      double corrected_ratio;
      text::Words words;
    };
    const Slip slips[] = {
        {ratio * gpus, text::words(Msg::lint_slip_per_gpu, fmt::format("{:g}", gpus), format_number(*price * gpus))},
        {ratio / hours_per_month, text::words(Msg::lint_slip_monthly, format_number(*price / hours_per_month))},
        {ratio / 100, text::words(Msg::lint_slip_cents, format_number(*price / 100))},
    };
    text::Words likely;
    for (std::size_t index = gpus > 1 ? 0 : 1; index < std::size(slips); ++index) {
      if (std::abs(std::log(slips[index].corrected_ratio)) <= std::log(unit_slip_factor)) {
        likely = slips[index].words;
        break;
      }
    }
    // Within reach of the cheapest or dearest other offering it is the market's spread (Vast's V100 at
    // 0.21 against Azure's 3.06): 2x beyond them when a unit slip explains the price, else 10x.
    const double reach = likely.empty() ? unexplained_outlier_factor : unit_slip_factor;
    if (per_gpu_hour >= other(0) / reach && per_gpu_hour <= other(count - 1) * reach) return;
    warn(pos,
         text::words(ratio > 1 ? Msg::lint_market_above : Msg::lint_market_below, text::quoted(offering.id),
                     std::string(key), format_number(*price), format_number(std::round(per_gpu_hour * 1000) / 1000),
                     fmt::format("{:.1f}", ratio > 1 ? ratio : 1 / ratio), format_number(std::round(median * 1000) / 1000),
                     count, offering.gpu),
         likely.empty() ? text::words(Msg::lint_market_hint) : composed(Msg::lint_market_likely, likely));
  }

  // A region's own on-demand price under region_outlier_share of the median over the offering's
  // regions (region_pricing entries that state one; the offering's `pricing` for the rest).
  void check_region_spread(const Offering& offering, const text::Words& what) {
    std::vector<double> prices;
    for (const auto& region : offering.regions) {
      if (const auto price = offering.pricing_in(region).on_demand) prices.push_back(*price);
    }
    if (prices.size() < 3) return;
    std::nth_element(prices.begin(), prices.begin() + static_cast<std::ptrdiff_t>(prices.size() / 2), prices.end());
    const double median = prices[prices.size() / 2];
    for (const auto& entry : offering.region_prices) {
      if ((entry.given & (1u << static_cast<unsigned>(PricingMode::on_demand))) == 0 || !entry.pricing.on_demand)
        continue;
      if (!(*entry.pricing.on_demand < region_outlier_share * median)) continue;
      if (std::find(offering.regions.begin(), offering.regions.end(), entry.region) == offering.regions.end()) continue;
      warn(entry.pos.line > 0 ? entry.pos : offering.pos,
           composed(Msg::lint_region_below_median, what, entry.region, format_number(*entry.pricing.on_demand),
                    format_number(median), prices.size()),
           text::words(Msg::lint_region_below_median_hint));
    }
  }

  void check(const Offering& offering) {
    const text::Words what = text::words(Msg::lint_offering, text::quoted(offering.id));
    check_market(offering, offering.pricing.on_demand, "pricing.on_demand",
                 last_set(offering.pos, {offering.set_at.on_demand}));
    for (const auto& entry : offering.region_prices) {
      if ((entry.given & (1u << static_cast<unsigned>(PricingMode::on_demand))) == 0) continue;
      if (entry.pricing.on_demand == offering.pricing.on_demand) continue;  // one finding for one price
      check_market(offering, entry.pricing.on_demand, "region_pricing " + entry.region + " on_demand",
                   entry.pos.line > 0 ? entry.pos : offering.pos);
    }
    const Pricing& pricing = offering.pricing;
    const Offering::PricePositions& set_at = offering.set_at;
    auto above = [&](const std::optional<double>& price, std::string_view key, const SourcePos& price_pos,
                     const std::optional<double>& reference, std::string_view reference_key,
                     const SourcePos& reference_pos) {
      if (price && reference && *price > *reference) {
        warn(last_set(offering.pos, {price_pos, reference_pos}),
             composed(Msg::lint_price_above, what, std::string(key), format_number(*price), std::string(reference_key),
                      format_number(*reference)),
             text::words(Msg::lint_discount_hint));
      }
    };
    above(pricing.spot, "spot", set_at.spot, pricing.on_demand, "on_demand", set_at.on_demand);
    above(pricing.reserved_1y, "reserved_1y", set_at.reserved_1y, pricing.on_demand, "on_demand", set_at.on_demand);
    above(pricing.reserved_3y, "reserved_3y", set_at.reserved_3y, pricing.on_demand, "on_demand", set_at.on_demand);
    above(pricing.reserved_3y, "reserved_3y", set_at.reserved_3y, pricing.reserved_1y, "reserved_1y",
          set_at.reserved_1y);
    // Subscriptions are per term: compared with on-demand per hour (730 h a month, 8,760 a year).
    // Below a day of on-demand is an hourly price written where a monthly one belongs.
    const auto per_hour = [&](PricingMode mode) { return pricing.price(mode); };
    above(per_hour(PricingMode::monthly), "monthly (per hour over 730 h)", set_at.monthly, pricing.on_demand,
          "on_demand", set_at.on_demand);
    above(per_hour(PricingMode::yearly), "yearly (per hour over 8,760 h)", set_at.yearly,
          per_hour(PricingMode::monthly), "monthly (per hour over 730 h)", set_at.monthly);
    for (const PricingMode mode : {PricingMode::monthly, PricingMode::yearly}) {
      const auto term_price = pricing.stated(mode);
      if (term_price && pricing.on_demand && *pricing.on_demand > 0 && *term_price < 24 * *pricing.on_demand) {
        warn(last_set(offering.pos, {mode == PricingMode::monthly ? set_at.monthly : set_at.yearly}),
             composed(Msg::lint_term_below_day, what, std::string(pricing_key(mode)), format_number(*term_price),
                      format_number(*pricing.on_demand)),
             text::words(mode == PricingMode::monthly ? Msg::lint_term_monthly_hint : Msg::lint_term_yearly_hint));
      }
    }
    // Per region, only prices of the same region are compared (spot of one region against
    // on-demand of another says nothing).
    for (const auto& entry : offering.region_prices) {
      const SourcePos& pos = entry.pos.line > 0 ? entry.pos : offering.pos;
      if (std::find(offering.regions.begin(), offering.regions.end(), entry.region) == offering.regions.end()) {
        warn(pos, composed(Msg::lint_region_unlisted, what, text::quoted(entry.region)),
             text::words(Msg::lint_region_unlisted_hint));
      }
      const Pricing& here = entry.pricing;
      if (here.spot && here.on_demand && *here.spot > *here.on_demand) {
        warn(pos,
             composed(Msg::lint_region_spot_above, what, entry.region, format_number(*here.spot),
                      format_number(*here.on_demand)),
             text::words(Msg::lint_discount_hint));
      }
    }
    check_region_spread(offering, what);
    // Every mode counts (a capacity block alone is a price: Lambda's 1-Click Clusters).
    bool sold = false;
    for (std::size_t mode_index = 0; mode_index < pricing_mode_count && !sold; ++mode_index) {
      const auto mode = static_cast<PricingMode>(mode_index);
      sold = pricing.stated(mode).has_value() || offering.sold_anywhere(mode);
    }
    if (!sold) {
      warn(last_set(offering.pos, {set_at.on_demand, set_at.spot, set_at.reserved_1y, set_at.reserved_3y}),
           composed(Msg::lint_no_price, what), text::words(Msg::lint_no_price_hint));
    }
    check_as_of(last_set(offering.pos, {set_at.as_of}), what, offering.as_of);
  }

  std::vector<Diagnostic> run() {
    for (const auto& gpu : catalog_.gpus) check(gpu);
    for (const auto& provider : catalog_.providers) {
      check_as_of(last_set(provider.pos, {provider.as_of_pos}), text::words(Msg::lint_provider, text::quoted(provider.id)),
                  provider.as_of);
    }
    build_market();
    for (const auto& offering : catalog_.offerings) check(offering);
    for (const auto& rate : catalog_.currencies) {
      check_as_of(last_set(rate.pos, {rate.as_of_pos}), text::words(Msg::lint_currency, text::quoted(rate.code)),
                  rate.as_of);
    }
    return std::move(found_);
  }
  DiagnosticCounts counts() const { return counts_; }

 private:
  const Catalog& catalog_;
  std::string_view today_;
  int stale_after_days_;
  std::vector<Diagnostic> found_;
  std::vector<FileName> file_names_;
  DiagnosticCounts counts_;
  // Per GPU id: each offering's median USD per GPU-hour on demand, in ascending order (build_market).
  std::unordered_map<std::string, std::vector<std::pair<double, const Offering*>>> market_;
  static constexpr std::size_t no_position = static_cast<std::size_t>(-1);
  std::vector<std::size_t> market_position_;  // per offering: its place in its GPU's market_, or none
};

}  // namespace

std::vector<Diagnostic> lint(const Catalog& catalog, std::string_view today, int stale_after_days,
                             DiagnosticCounts* found) {
  Linter linter(catalog, today, stale_after_days);
  std::vector<Diagnostic> kept = linter.run();
  if (found != nullptr) *found = linter.counts();
  return kept;
}

}  // namespace gpuselect::catalog
