// catalog::lint: warnings about values that parse but are probably wrong.
#include <algorithm>
#include <initializer_list>
#include <string>

#include "catalog/fields.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::catalog {

namespace {

using fields::format_number;

// Dense bf16 FLOP per byte of memory bandwidth (TFLOPS * 1000 / GB/s). Real GPUs sit between about
// 100 (V100: 125 TFLOPS / 900 GB/s = 139) and about 450 (L40S: 362 / 864 = 419) per GPU-SPECS.md;
// outside 20..2000 a value is off by an order of magnitude, most likely a unit mix-up.
constexpr double min_flop_per_byte = 20;
constexpr double max_flop_per_byte = 2000;

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

  void warn(const SourcePos& pos, std::string message, std::string hint) {
    ++counts_.warnings;
    if (found_.size() >= max_kept_diagnostics) {
      counts_.count_dropped(Severity::warning, hint);
      return;
    }
    Diagnostic diagnostic;
    diagnostic.severity = Severity::warning;
    diagnostic.file = pos.file < file_names_.size() ? file_names_[pos.file] : FileName("<catalog>");
    diagnostic.line = pos.line;
    diagnostic.column = pos.column;
    diagnostic.message = std::move(message);
    diagnostic.hint = std::move(hint);
    found_.push_back(std::move(diagnostic));
  }

  void check_as_of(const SourcePos& pos, std::string_view what, const std::string& as_of) {
    const auto age_days = days_between(as_of, today_);
    if (!age_days) return;  // as_of is validated by load; an invalid `today` checks nothing
    if (*age_days < 0) {
      warn(pos, std::string(what) + " as_of " + as_of + " is in the future (today is " + std::string(today_) + ")",
           "fix the date");
    } else if (*age_days > stale_after_days_) {
      warn(pos,
           std::string(what) + " data is " + std::to_string(*age_days) + " days old (as_of " + as_of +
               "; stale after " + std::to_string(stale_after_days_) + " days)",
           "re-check the source and update the values and as_of");
    }
  }

  void check(const Gpu& gpu) {
    const std::string what = "gpu " + text::quoted(gpu.id);
    if (gpu.fp8_dense_tflops && *gpu.fp8_dense_tflops > 0 && *gpu.fp8_dense_tflops < gpu.bf16_dense_tflops) {
      warn(last_set(gpu.pos, {gpu.set_at.fp8_dense_tflops, gpu.set_at.bf16_dense_tflops}),
           what + " has fp8_dense_tflops " + format_number(*gpu.fp8_dense_tflops) + " below bf16_dense_tflops " +
               format_number(gpu.bf16_dense_tflops),
           "fp8 tensor throughput is at least the bf16 figure on every GPU with fp8; check both");
    }
    if (gpu.usable_memory_mib > gpu.memory_gb * 1024) {
      warn(last_set(gpu.pos, {gpu.set_at.usable_memory_mib, gpu.set_at.memory_gb}),
           what + " has usable_memory_mib " + format_number(gpu.usable_memory_mib) +
               " above memory_gb * 1024 = " + format_number(gpu.memory_gb * 1024),
           "the driver reports less than the label; check the unit (MiB)");
    }
    if (gpu.memory_bandwidth_gbps > 0 && gpu.bf16_dense_tflops > 0) {
      const double flop_per_byte = gpu.bf16_dense_tflops * 1000 / gpu.memory_bandwidth_gbps;
      if (flop_per_byte < min_flop_per_byte || flop_per_byte > max_flop_per_byte) {
        warn(last_set(gpu.pos, {gpu.set_at.bf16_dense_tflops, gpu.set_at.memory_bandwidth_gbps}),
             what + " has " + format_number(flop_per_byte) +
                 " bf16 FLOP per byte of bandwidth, outside the plausible " + format_number(min_flop_per_byte) +
                 " to " + format_number(max_flop_per_byte),
             "check the units: bf16_dense_tflops in TFLOPS, memory_bandwidth_gbps in GB/s");
      }
    }
  }

  void check(const Offering& offering) {
    const std::string what = "offering " + text::quoted(offering.id);
    const Pricing& pricing = offering.pricing;
    const Offering::PricePositions& set_at = offering.set_at;
    auto above = [&](const std::optional<double>& price, std::string_view key, const SourcePos& price_pos,
                     const std::optional<double>& reference, std::string_view reference_key,
                     const SourcePos& reference_pos) {
      if (price && reference && *price > *reference) {
        warn(last_set(offering.pos, {price_pos, reference_pos}),
             what + " has pricing." + std::string(key) + " " + format_number(*price) + " above pricing." +
                 std::string(reference_key) + " " + format_number(*reference),
             "a discounted mode normally costs less; check both prices");
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
             what + " has pricing." + std::string(pricing_key(mode)) + " " + format_number(*term_price) +
                 ", less than one day of on_demand " + format_number(*pricing.on_demand),
             "pricing." + std::string(pricing_key(mode)) + " is per instance-" +
                 (mode == PricingMode::monthly ? "month" : "year") + ", not per hour; write the term's price");
      }
    }
    // Per region, only prices of the same region are compared (spot of one region against
    // on-demand of another says nothing).
    for (const auto& entry : offering.region_prices) {
      const SourcePos& pos = entry.pos.line > 0 ? entry.pos : offering.pos;
      if (std::find(offering.regions.begin(), offering.regions.end(), entry.region) == offering.regions.end()) {
        warn(pos, what + " prices region '" + entry.region + "', which its regions do not list; the entry is unused",
             "add the region to regions, or remove the entry");
      }
      const Pricing& here = entry.pricing;
      if (here.spot && here.on_demand && *here.spot > *here.on_demand) {
        warn(pos,
             what + " in " + entry.region + " has spot " + format_number(*here.spot) + " above on_demand " +
                 format_number(*here.on_demand),
             "a discounted mode normally costs less; check both prices");
      }
    }
    const bool sold = std::any_of(offering.regions.begin(), offering.regions.end(), [&](const std::string& region) {
      const Pricing& here = offering.pricing_in(region);
      return here.on_demand || here.spot || here.reserved_1y || here.reserved_3y || here.monthly || here.yearly;
    });
    if (!sold && !pricing.on_demand && !pricing.spot && !pricing.reserved_1y && !pricing.reserved_3y &&
        !pricing.monthly && !pricing.yearly) {
      warn(last_set(offering.pos, {set_at.on_demand, set_at.spot, set_at.reserved_1y, set_at.reserved_3y}),
           what + " has no price in any mode", "add at least pricing.on_demand, or remove the offering");
    }
    check_as_of(last_set(offering.pos, {set_at.as_of}), what, offering.as_of);
  }

  std::vector<Diagnostic> run() {
    for (const auto& gpu : catalog_.gpus) check(gpu);
    for (const auto& provider : catalog_.providers) {
      check_as_of(last_set(provider.pos, {provider.as_of_pos}), "provider " + text::quoted(provider.id), provider.as_of);
    }
    for (const auto& offering : catalog_.offerings) check(offering);
    for (const auto& rate : catalog_.currencies) {
      check_as_of(last_set(rate.pos, {rate.as_of_pos}), "currency " + text::quoted(rate.code), rate.as_of);
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
