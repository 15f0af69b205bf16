// Words for people: warnings (stable codes, sentences with numbers), exclusion reasons, and the
// strongest/weakest criteria with what it would take to win (docs/scoring.md "Explanations").
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>

#include <fmt/format.h>

#include "gpuselect/units.hpp"
#include "scoring/scoring_internal.hpp"

namespace gpuselect::scoring {

namespace {

using catalog::PricingMode;

constexpr std::array<std::string_view, warning_count> warning_codes = {
    "W-SPOT",           "W-VGPU",        "W-EGRESS",        "W-PUBLIC-IP", "W-STOCK",           "W-SLA-CREDITS",
    "W-RESIZE-RESTART", "W-STALE-PRICE", "W-PCIE-TRAINING", "W-NO-RDMA",   "W-OVERPROVISIONED", "W-OFFLOAD",
    "W-MARKETPLACE"};

// Prices older than this are flagged (same threshold as `catalog lint`).
constexpr int stale_after_days = 180;
// Unknown monthly spot interruption frequency, as in the spot_risk indicator.
constexpr double unknown_interruption_pct = 10.0;

std::string number(double value, int decimals) { return fmt::format("{:.{}f}", value, decimals); }

std::string_view isolation_words(catalog::Isolation isolation) {
  switch (isolation) {
    case catalog::Isolation::bare_metal:
      return "bare metal";
    case catalog::Isolation::passthrough:
      return "passthrough VM";
    case catalog::Isolation::vgpu:
      return "shared vGPU";
  }
  return "";
}

std::string sla_words(const catalog::Provider& provider) {
  if (!(provider.sla_uptime_pct > 0)) return "no SLA";
  return fmt::format("{}% SLA {}", fmt::format("{:g}", provider.sla_uptime_pct),
                     provider.sla_credits ? "with credits" : "without credits");
}

std::string join(const std::vector<std::string>& parts) {
  std::string text;
  for (const auto& part : parts) {
    if (part.empty()) continue;
    if (!text.empty()) text += ", ";
    text += part;
  }
  return text;
}

std::string facts(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate,
                  Criterion criterion) {
  const auto& offering = catalog.offerings[candidate.offering_index];
  const auto& provider = catalog.provider_of(offering);
  const auto& gpu = catalog.gpu_of(offering);
  std::vector<std::string> parts;
  switch (criterion) {
    case Criterion::stability:
      parts.emplace_back(isolation_words(offering.isolation));
      parts.push_back(sla_words(provider));
      if (candidate.mode == PricingMode::spot) {
        parts.push_back(fmt::format("spot with {}% monthly interruptions",
                                    number(offering.spot_interruption_pct.value_or(unknown_interruption_pct), 0)));
      }
      if (provider.recovery.auto_checkpoint) parts.emplace_back("automatic checkpoints");
      break;
    case Criterion::performance: {
      if (workload::is_training(ranking.kind)) {
        parts.push_back(units::format_hours(candidate.hours) + " vs fastest " +
                        units::format_hours(ranking.best.fastest_hours));
      } else if (workload::is_serving(ranking.kind)) {
        parts.push_back(fmt::format("{} decode tokens/s per replica vs best {}",
                                    number(ranking.performance_of(candidate).throughput.decode_tokens_per_s, 0),
                                    number(ranking.best.best_speed, 0)));
      } else {
        parts.push_back(fmt::format("{} dense 16-bit TFLOPS vs best {}",
                                    number(gpu.bf16_dense_tflops * offering.gpu_fraction, 0),
                                    number(ranking.best.best_speed, 0)));
      }
      if (offering.gpu_count > 1) parts.emplace_back(catalog::to_string(offering.interconnect));
      if (candidate.nodes > 1) {
        parts.push_back(fmt::format("{} nodes over {}", candidate.nodes, catalog::to_string(offering.network.rdma)));
      }
      const auto& memory = ranking.performance_of(candidate).memory;
      if (memory.gpu_capacity_bytes > 0) {
        parts.push_back(fmt::format("{}% GPU memory free",
                                    number(100.0 * (1.0 - memory.per_gpu.total_bytes / memory.gpu_capacity_bytes), 0)));
      }
      break;
    }
    case Criterion::cost: {
      parts.push_back(units::format_money(candidate.total_cost, ranking.currency) + " vs cheapest " +
                      units::format_money(ranking.best.cheapest_total, ranking.currency));
      const int rented = candidate.gpus_rented;
      if (candidate.gpus_needed < rented) {
        parts.push_back(fmt::format("needs {} of {} GPUs", candidate.gpus_needed, rented));
      }
      const double step = provider.billing_granularity_seconds;
      parts.emplace_back(step <= 1 ? "per-second billing" : step <= 60 ? "per-minute billing" : "hourly billing");
      break;
    }
    case Criterion::usability: {
      const auto& environment = provider.environment;
      parts.push_back("ready in " + number(environment.provision_minutes, 0) + " min");
      if (environment.jupyterlab) parts.emplace_back("JupyterLab");
      if (environment.custom_containers) parts.emplace_back("custom containers");
      if (environment.kubernetes) parts.emplace_back("Kubernetes");
      parts.push_back(fmt::format("{} framework images", environment.images.size()));
      break;
    }
    case Criterion::support: {
      parts.push_back(std::string(catalog::to_string(provider.support.tier)) + " support");
      parts.emplace_back(catalog::to_string(provider.support.hours));
      parts.push_back("first answer in " + number(provider.support.first_response_hours, 0) + " h");
      if (!provider.compliance.empty()) {
        std::string certs;
        for (const auto& cert : provider.compliance) certs += (certs.empty() ? "" : " ") + cert;
        parts.push_back(certs);
      }
      break;
    }
  }
  return join(parts);
}

std::string criterion_line(std::string_view label, const catalog::Catalog& catalog, const Ranking& ranking,
                           const Candidate& candidate, Criterion criterion) {
  const auto& entry = candidate.criteria[static_cast<std::size_t>(criterion)];
  return fmt::format("{}: {} {}/100: {}", label, to_string(criterion), number(entry.score, 0),
                     facts(catalog, ranking, candidate, criterion));
}

struct WeightChange {
  Criterion criterion = Criterion::cost;
  double weight = 0;
  bool at_least = true;
  double distance = 2;
};

// The smallest change of one criterion's weight (the others keep their proportions) that puts
// `candidate` at or above every other candidate. Scores are linear in the weights, so each rival
// gives one linear inequality in the new weight w: a + w (b - a) >= 0.
// The other criteria's weighted score of x, renormalised to the weight they share (1 - weight of c).
double rest_of(const Ranking& ranking, const Candidate& x, std::size_t c) {
  double rest = 0;
  for (std::size_t d = 0; d < criterion_count; ++d) {
    if (d != c) rest += ranking.weights.values[d] * x.criteria[d].score;
  }
  return rest / (1 - ranking.weights.values[c]);
}

// The rivals worth checking for `candidate`: the envelope when it is valid and the candidate is not
// on it (its own line would hide others), else every candidate.
bool use_envelope(const Ranking& ranking, const Candidate& candidate) {
  const auto& envelope = ranking.win_envelope;
  if (!envelope || envelope->candidate_count != ranking.candidates.size() ||
      envelope->weights.values != ranking.weights.values || ranking.candidates.empty()) {
    return false;
  }
  const Candidate* first = ranking.candidates.data();
  if (&candidate < first || &candidate >= first + ranking.candidates.size()) return false;
  const auto position = static_cast<std::uint32_t>(&candidate - first);
  for (const auto& rivals : envelope->rivals) {
    if (std::find(rivals.begin(), rivals.end(), position) != rivals.end()) return false;
  }
  return true;
}

std::optional<WeightChange> weight_to_win(const Ranking& ranking, const Candidate& candidate) {
  std::optional<WeightChange> best;
  const bool envelope = use_envelope(ranking, candidate);
  std::vector<const Candidate*> all_rivals;
  if (!envelope) {
    all_rivals.reserve(ranking.candidates.size());
    for (const auto& rival : ranking.candidates) all_rivals.push_back(&rival);
  }
  std::vector<const Candidate*> envelope_rivals;
  for (Criterion criterion : all_criteria) {
    const auto c = static_cast<std::size_t>(criterion);
    const double current = ranking.weights.values[c];
    if (current >= 1) continue;
    if (envelope) {
      envelope_rivals.clear();
      for (const auto index : ranking.win_envelope->rivals[c]) envelope_rivals.push_back(&ranking.candidates[index]);
    }
    const double own_rest = rest_of(ranking, candidate, c);
    double low = 0;
    double high = 1;
    for (const Candidate* rival_pointer : envelope ? envelope_rivals : all_rivals) {
      const Candidate& rival = *rival_pointer;
      if (&rival == &candidate) continue;
      const double a = own_rest - rest_of(ranking, rival, c);
      const double b = candidate.criteria[c].score - rival.criteria[c].score;
      const double slope = b - a;
      if (slope > 0) {
        low = std::max(low, -a / slope);
      } else if (slope < 0) {
        high = std::min(high, -a / slope);
      } else if (a < 0) {
        low = 2;
      }
      if (low > high) break;
    }
    if (low > high) continue;
    WeightChange change;
    change.criterion = criterion;
    if (low > current) {
      change.weight = std::ceil(low * 100 - 1e-9) / 100;
      change.at_least = true;
    } else if (high < current) {
      change.weight = std::floor(high * 100 + 1e-9) / 100;
      change.at_least = false;
    } else {
      continue;
    }
    if (change.weight < low - 1e-12 || change.weight > high + 1e-12) continue;
    if (change.weight <= 0 || change.weight >= 1) continue;  // "all on one criterion" says nothing
    change.distance = std::abs(change.weight - current);
    if (!best || change.distance < best->distance) best = change;
  }
  return best;
}

}  // namespace

std::string_view warning_code(Warning warning) {
  const auto index = static_cast<std::size_t>(warning);
  return index < warning_codes.size() ? warning_codes[index] : std::string_view{};
}

namespace detail {

bool WarningContext::stale(std::string_view as_of) const {
  if (!judged_ || as_of != last_as_of_) {
    const auto age_days = catalog::days_between(as_of, today);
    last_as_of_.assign(as_of);
    last_stale_ = age_days && *age_days > stale_after_days;
    judged_ = true;
  }
  return last_stale_;
}

WarningBits warning_bits(const WarningContext& context, const Candidate& candidate,
                         const estimate::Estimate& performance) {
  const auto& catalog = context.catalog;
  const auto& profile = context.profile;
  const auto& offering = catalog.offerings[candidate.offering_index];
  const auto& provider = catalog.provider_of(offering);
  const auto& plan = performance.memory.plan;
  WarningBits bits = 0;
  auto set = [&bits](Warning warning, bool condition) {
    if (condition) bits |= WarningBits{1} << static_cast<unsigned>(warning);
  };
  set(Warning::spot_interruptions, candidate.mode == PricingMode::spot);
  set(Warning::vgpu_noisy_neighbours, offering.isolation == catalog::Isolation::vgpu);
  set(Warning::egress_fees, provider.egress_per_gb > 0);
  set(Warning::public_ip_fees, provider.public_ip_per_hour > 0);
  set(Warning::limited_stock, offering.stock == catalog::Stock::low);
  set(Warning::sla_without_credits, provider.sla_uptime_pct > 0 && !provider.sla_credits);
  set(Warning::resize_needs_restart,
      provider.resize == catalog::Resize::restart && !workload::is_training(profile.kind));
  if (!context.today.empty()) set(Warning::stale_price, context.stale(offering.as_of));
  set(Warning::pcie_multi_gpu_training, workload::is_training(profile.kind) && offering.gpu_count > 1 &&
                                            plan.gpus_per_node > 1 &&
                                            (offering.interconnect == catalog::Interconnect::pcie ||
                                             offering.interconnect == catalog::Interconnect::none));
  set(Warning::multi_node_without_rdma, candidate.nodes > 1 && offering.network.rdma == catalog::Rdma::none);
  set(Warning::over_provisioned, candidate.gpus_needed < candidate.gpus_rented);
  set(Warning::cpu_offload_slow, plan.offload != workload::Offload::none);
  set(Warning::marketplace_host, provider.kind == catalog::ProviderKind::marketplace);
  return bits;
}

Ranking::WinEnvelope win_envelope(const Ranking& ranking) {
  Ranking::WinEnvelope envelope;
  envelope.weights = ranking.weights;
  envelope.candidate_count = ranking.candidates.size();
  struct Line {
    double slope = 0;      // criterion score - rest: the score's change per unit of weight
    double intercept = 0;  // rest: the score at weight 0
    std::uint32_t index = 0;
  };
  auto margin = [](double value) { return 1e-9 * (1.0 + std::abs(value)); };
  constexpr std::size_t sample_weights = 9;
  constexpr std::array<double, sample_weights> sample_weight = {0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1};
  constexpr double binding_width = 1e-12;  // narrower intervals of weight are rounding
  std::vector<Line> all_lines(ranking.candidates.size());
  std::vector<Line> lines;
  std::vector<Line> hull;
  for (std::size_t c = 0; c < criterion_count; ++c) {
    if (ranking.weights.values[c] >= 1) continue;
    // Only weights in [0, 1] matter. The envelope there is at least the best line at each of a few
    // sample weights, so a line can bind only where it reaches all of them. A line that reaches
    // them on no interval of weights wider than rounding (below one of them, or touching the
    // envelope at one weight, as a tie at w = 1 does) adds no constraint to weight_to_win that
    // the binding lines do not make, and is left out: only the rest is sorted (a few in 100,000).
    std::array<Line, sample_weights> best{};
    std::array<double, sample_weights> best_value{};
    best_value.fill(-std::numeric_limits<double>::infinity());
    for (std::uint32_t index = 0; index < ranking.candidates.size(); ++index) {
      const auto& candidate = ranking.candidates[index];
      const double rest = rest_of(ranking, candidate, c);
      const Line line{candidate.criteria[c].score - rest, rest, index};
      all_lines[index] = line;
      for (std::size_t k = 0; k < sample_weights; ++k) {
        const double value = line.intercept + line.slope * sample_weight[k];
        if (value > best_value[k]) {
          best_value[k] = value;
          best[k] = line;
        }
      }
    }
    lines.clear();
    for (const Line& line : all_lines) {
      double low = 0;  // the weights in [low, high] are where `line` reaches every sampled best line
      double high = 1;
      for (const Line& top : best) {
        const double gain = line.slope - top.slope;  // line - top = gain * w - gap
        const double gap = top.intercept - line.intercept;
        if (gain > 0) {
          low = std::max(low, gap / gain);
        } else if (gain < 0) {
          high = std::min(high, gap / gain);
        } else if (gap > 0) {
          low = 2;
        }
        if (high - low <= binding_width) break;
      }
      if (high - low > binding_width) lines.push_back(line);
    }
    std::sort(lines.begin(), lines.end(), [](const Line& x, const Line& y) {
      if (x.slope != y.slope) return x.slope < y.slope;
      if (x.intercept != y.intercept) return x.intercept > y.intercept;
      return x.index < y.index;
    });
    // Upper envelope over all w of the lines left (a superset of the one over [0, 1]). A line is
    // dropped only when it is below the others by more than a rounding margin, so no line that can
    // bind is lost.
    hull.clear();
    for (const Line& line : lines) {
      if (!hull.empty() && hull.back().slope == line.slope &&
          line.intercept < hull.back().intercept - margin(hull.back().intercept)) {
        continue;
      }
      while (hull.size() >= 2) {
        const Line& left = hull[hull.size() - 2];
        const Line& middle = hull.back();
        if (line.slope == left.slope) break;
        // Where `left` and `line` cross; `middle` is hidden when it is below them there.
        const double w = (left.intercept - line.intercept) / (line.slope - left.slope);
        const double top = left.intercept + left.slope * w;
        if (middle.intercept + middle.slope * w < top - margin(top)) {
          hull.pop_back();
        } else {
          break;
        }
      }
      hull.push_back(line);
    }
    auto& rivals = envelope.rivals[c];
    rivals.reserve(hull.size());
    for (const Line& line : hull) rivals.push_back(line.index);
    std::sort(rivals.begin(), rivals.end());
  }
  return envelope;
}

WarningList materialise(WarningBits bits) {
  WarningList warnings;
  for (std::size_t index = 0; index < warning_codes.size(); ++index) {
    if (bits & (WarningBits{1} << index)) warnings.push_back(static_cast<Warning>(index));
  }
  return warnings;
}

}  // namespace detail

std::string warning_text(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate,
                         Warning warning) {
  const auto& offering = catalog.offerings[candidate.offering_index];
  const auto& provider = catalog.provider_of(offering);
  const auto& memory = ranking.performance_of(candidate).memory;
  const auto& plan = memory.plan;
  switch (warning) {
    case Warning::spot_interruptions: {
      // Spot candidates only: their own cost line holds the expected interruptions.
      const double interruption_hours = candidate.mode == PricingMode::spot ? candidate.cost.interruption_hours : 0.0;
      return fmt::format(
          "Spot capacity can be reclaimed at short notice (2 minutes on AWS); about {}% of these "
          "instances are interrupted per month, adding an expected {} of lost work and restarts.",
          number(offering.spot_interruption_pct.value_or(unknown_interruption_pct), 0),
          units::format_hours(interruption_hours));
    }
    case Warning::vgpu_noisy_neighbours:
      return fmt::format(
          "A shared vGPU ({}% of one card): other tenants on the same card can add 30-40% jitter "
          "to step times.",
          number(offering.gpu_fraction * 100, 0));
    case Warning::egress_fees:
      return fmt::format(
          "{} charges {} {} per GB leaving its cloud: moving checkpoints or datasets "
          "out is extra.",
          provider.name, fmt::format("{:g}", provider.egress_per_gb), provider.currency);
    case Warning::public_ip_fees:
      return fmt::format(
          "A public IPv4 address costs {} {} per hour ({} {} per month) on top of the "
          "instance.",
          fmt::format("{:g}", provider.public_ip_per_hour), provider.currency,
          number(provider.public_ip_per_hour * units::hours_per_month, 2), provider.currency);
    case Warning::limited_stock:
      return "Stock of " + offering.id + " is reported low: capacity may not be there when you launch.";
    case Warning::sla_without_credits:
      return fmt::format("{} promises {}% uptime but pays no service credits when it misses.", provider.name,
                         fmt::format("{:g}", provider.sla_uptime_pct));
    case Warning::resize_needs_restart:
      return provider.name +
             " resizes instances by stopping and restarting them: \"elastic\" scaling "
             "interrupts what runs on it.";
    case Warning::stale_price:
      return "The price was read on " + offering.as_of + ", more than " + std::to_string(stale_after_days) +
             " days ago; check the provider's page.";
    case Warning::pcie_multi_gpu_training:
      return fmt::format(
          "{} GPUs per node talk over {}: gradient all-reduce is several times slower "
          "than over NVLink, and the estimate assumes a lower MFU for it.",
          plan.gpus_per_node, catalog::to_string(offering.interconnect));
    case Warning::multi_node_without_rdma:
      return fmt::format(
          "{} nodes without RDMA ({} Gbit/s Ethernet): multi-node training loses a large "
          "share of its speed to communication.",
          candidate.nodes, number(offering.network.bandwidth_gbps, 0));
    case Warning::over_provisioned:
      return fmt::format(
          "The job needs about {} of the {} GPUs rented here; the other {} would idle or "
          "only shorten a job that fits a day anyway: a smaller machine of the same GPU "
          "wastes less.",
          candidate.gpus_needed, candidate.gpus_rented, candidate.gpus_rented - candidate.gpus_needed);
    case Warning::cpu_offload_slow:
      return fmt::format(
          "The plan offloads {} to CPU memory ({} per node): steps are much slower than "
          "on GPUs that hold everything.",
          workload::to_string(plan.offload), units::format_gb(memory.cpu_offload_bytes));
    case Warning::marketplace_host:
      return provider.name +
             " is a marketplace: hosts belong to third parties whose reliability, "
             "security and network vary.";
  }
  return {};
}

std::string reason_text(const ExclusionReason& reason, std::string_view currency) {
  switch (reason.kind) {
    case ExclusionKind::memory:
      return "needs " + units::format_gb(reason.needed) + " per GPU, has " + units::format_gb(reason.limit);
    case ExclusionKind::budget:
      return "costs " + units::format_money(reason.needed, currency) + ", budget " +
             units::format_money(reason.limit, currency);
    case ExclusionKind::deadline:
      return "takes " + units::format_hours(reason.needed) + ", deadline " + units::format_hours(reason.limit);
    case ExclusionKind::region:
    case ExclusionKind::provider:
    case ExclusionKind::gpu:
      return reason.detail;
    case ExclusionKind::pricing_mode:
      return reason.detail + ", not allowed by --pricing";
    case ExclusionKind::requirement:
      return "does not meet --require " + reason.detail;
    case ExclusionKind::nodes:
      return fmt::format("needs {} nodes to fit, --max-nodes {}", number(reason.needed, 0), number(reason.limit, 0));
    case ExclusionKind::headroom:
      return fmt::format("leaves {}% of GPU memory free, --min-headroom {}%", number(reason.limit, 1),
                         fmt::format("{:g}", reason.needed));
    case ExclusionKind::not_sold:
      return reason.detail.empty() ? "no price in any pricing mode" : reason.detail;
    case ExclusionKind::latency:
    case ExclusionKind::precision:
      return reason.detail;
  }
  return reason.detail;
}

std::vector<std::string> explain(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate) {
  std::vector<std::string> lines;
  std::size_t strongest = 0;
  std::size_t weakest = 0;
  for (std::size_t c = 1; c < criterion_count; ++c) {
    if (candidate.criteria[c].score > candidate.criteria[strongest].score) strongest = c;
    if (candidate.criteria[c].score < candidate.criteria[weakest].score) weakest = c;
  }
  lines.push_back(criterion_line("strongest", catalog, ranking, candidate, static_cast<Criterion>(strongest)));
  if (weakest != strongest) {
    lines.push_back(criterion_line("weakest", catalog, ranking, candidate, static_cast<Criterion>(weakest)));
  }

  if (candidate.rank == 1) {
    const Candidate* runner_up = nullptr;
    for (const auto& other : ranking.candidates) {
      if (other.rank == 2) runner_up = &other;
    }
    if (runner_up != nullptr) {
      lines.push_back(fmt::format("first by {} points over {}", number(candidate.score - runner_up->score, 1),
                                  catalog.offerings[runner_up->offering_index].id));
    }
  } else if (const auto change = weight_to_win(ranking, candidate)) {
    lines.push_back(fmt::format("would rank first with {} weight {} {}", to_string(change->criterion),
                                change->at_least ? ">=" : "<=", number(change->weight, 2)));
  } else {
    lines.push_back("no change of a single weight puts it first");
  }

  const auto& offering = catalog.offerings[candidate.offering_index];
  const auto spot_ranked = [&] {
    return std::any_of(ranking.candidates.begin(), ranking.candidates.end(), [&](const Candidate& c) {
      return c.offering_index == candidate.offering_index && c.mode == PricingMode::spot;
    });
  };
  // spot_ranked() scans every candidate: asked last, only of the few whose spot line is cheapest.
  if (candidate.mode != PricingMode::spot && offering.pricing.spot && candidate.spot_total &&
      *candidate.spot_total < ranking.best.cheapest_total && !spot_ranked()) {
    lines.push_back("would be the cheapest (" + units::format_money(*candidate.spot_total, ranking.currency) +
                    ") if spot were allowed");
  }
  return lines;
}

}  // namespace gpuselect::scoring
