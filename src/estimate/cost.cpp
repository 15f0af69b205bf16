// Cost of the job under each pricing mode (docs/estimation.md "Cost").
#include <algorithm>
#include <cmath>

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

}  // namespace

void price(const workload::Profile& profile, const PriceContext& context, Estimate& estimate) {
  if (context.offering == nullptr) return;
  const catalog::Offering& offering = *context.offering;
  const catalog::Provider* provider = context.provider;
  const double rate = context.to_output_currency;
  const bool training = workload::is_training(profile.kind);
  const Plan& plan = estimate.memory.plan;
  const int instances = model::instances_needed(profile, plan, estimate.throughput.replicas);
  const double usage_hours = training ? estimate.time.wall_hours : profile.hours;
  const double granularity = provider != nullptr ? provider->billing_granularity_seconds : 3600.0;
  const double restart_minutes = context.restart_minutes > 0
                                     ? context.restart_minutes
                                     : (provider != nullptr ? provider->environment.provision_minutes : 10.0);
  const double stored_gb = (model::checkpoint_bytes(profile) + model::dataset_bytes(profile)) / units::bytes_per_gb;

  estimate.currency = context.currency;
  estimate.has_price = true;
  for (std::size_t index = 0; index < catalog::pricing_mode_count; ++index) {
    const auto mode = static_cast<catalog::PricingMode>(index);
    Cost& cost = estimate.costs[index];
    cost = Cost{};
    cost.mode = mode;
    const auto instance_price = offering.pricing.price(mode);
    cost.available = instance_price.has_value();
    if (!cost.available) continue;
    cost.instances = instances;
    cost.price_per_hour = *instance_price * instances * rate;
    cost.compute = cost.price_per_hour * billed_hours(usage_hours, granularity);

    if (mode == catalog::PricingMode::spot) {
      cost.spot_interruption_pct = offering.spot_interruption_pct.value_or(model::spot_interruption_pct_default);
      // The rate is per instance-month (AWS Spot Instance Advisor), so expected interruptions grow
      // with instances and hours.
      const double interruptions =
          instances * usage_hours * (cost.spot_interruption_pct / 100.0) / units::hours_per_month;
      if (training) {
        // Each one loses half a checkpoint interval of the whole job plus the restart.
        const double lost_hours = (profile.checkpoint_minutes / 2.0 + restart_minutes) / 60.0;
        cost.interruption_hours = interruptions * lost_hours;
        cost.interruption = cost.price_per_hour * cost.interruption_hours;
      } else {
        // Serving: the interrupted instance is down while a replacement starts, and that start is
        // billed; no work is lost.
        cost.interruption_hours = interruptions * restart_minutes / 60.0;
        cost.interruption = cost.interruption_hours * *instance_price * rate;
      }
    }
    const double hours_held = usage_hours + (training ? cost.interruption_hours : 0.0);
    if (provider != nullptr) {
      cost.egress = profile.egress_gb * provider->egress_per_gb * rate;
      cost.public_ip = instances * provider->public_ip_per_hour * hours_held * rate;
      cost.storage = stored_gb * provider->storage_per_gb_month * hours_held / units::hours_per_month * rate;
    }
    cost.total = cost.compute + cost.interruption + cost.egress + cost.public_ip + cost.storage;
    if (profile.kind == workload::Kind::llm_inference && profile.requests_per_s > 0) {
      const double output_tokens =
          profile.requests_per_s * profile.output_tokens * profile.hours * units::seconds_per_hour;
      if (output_tokens > 0) cost.per_million_output_tokens = cost.total / (output_tokens / 1e6);
      // Fewer tokens per replica than estimated means more replicas: the cost scales with the
      // inverse of the throughput band (replica rounding aside).
      const Serving& serving = estimate.serving;
      if (serving.output_tokens_per_s > 0 && serving.output_tokens_per_s_band.low > 0) {
        cost.per_million_output_tokens_band = {
            cost.per_million_output_tokens * serving.output_tokens_per_s / serving.output_tokens_per_s_band.high,
            cost.per_million_output_tokens * serving.output_tokens_per_s / serving.output_tokens_per_s_band.low,
            serving.output_tokens_per_s_band.in_calibrated_regime};
      }
    }
  }
  // Reserved terms bill every hour of the term; they beat on-demand when the share of hours used
  // exceeds reserved / on-demand.
  const auto on_demand = offering.pricing.on_demand;
  for (auto mode : {catalog::PricingMode::reserved_1y, catalog::PricingMode::reserved_3y}) {
    Cost& cost = estimate.costs[static_cast<std::size_t>(mode)];
    const auto reserved = offering.pricing.price(mode);
    if (cost.available && on_demand && *on_demand > 0 && reserved) {
      cost.break_even_utilisation_pct = *reserved / *on_demand * 100.0;
    }
  }
}

}  // namespace gpuselect::estimate
