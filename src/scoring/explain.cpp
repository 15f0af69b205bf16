// Words for people: warnings (stable codes, sentences with numbers), exclusion reasons, and the
// strongest/weakest criteria with what it would take to win (docs/scoring.md "Explanations").
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
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
    "W-MARKETPLACE",    "W-SPOT-SERVING", "W-RESERVED-TERM"};

constexpr std::array<std::string_view, 7> explanation_kinds = {"strongest", "weakest",      "first_by",    "would_win",
                                                               "cannot_win", "wins_over", "spot_cheaper"};

using detail::stale_after_days;

std::string number(double value, int decimals) { return fmt::format("{:.{}f}", value, decimals); }

// Short durations keep their size: "25 s", "4.2 min"; longer ones as units::format_hours.
std::string duration(double hours) {
  const double minutes = hours * 60.0;
  if (minutes < 1.0) return fmt::format("{:.0f} s", minutes * 60.0);
  if (minutes < 10.0) return fmt::format("{:.1f} min", minutes);
  return units::format_hours(hours);
}

std::string percent(double share) {
  const double pct = share * 100.0;
  if (pct > 0 && pct < 0.1) return "<0.1%";
  if (pct < 100 && pct >= 99.9) return ">99.9%";
  return fmt::format("{}%", number(pct, pct < 10 ? 1 : 0));
}

// "10% a month" or "10% a month (not published: assumed)".
std::string spot_rate_words(const estimate::Cost& cost) {
  return fmt::format("{}% of instances a month{}", fmt::format("{:g}", cost.spot_interruption_pct),
                     cost.spot_rate_assumed ? " (not published: assumed, estimated)" : "");
}

std::string notice_words(const estimate::Cost& cost) {
  if (!(cost.spot_notice_seconds > 0)) return "no published reclaim notice";
  if (cost.spot_notice_seconds >= 60) return fmt::format("{:g} min notice", cost.spot_notice_seconds / 60.0);
  return fmt::format("{:g} s notice", cost.spot_notice_seconds);
}

// "8,760" or "26,280": hours of the reserved term.
std::string with_thousands_hours(PricingMode mode) {
  return mode == PricingMode::reserved_3y ? "26,280" : "8,760";
}

bool listed(const std::vector<std::string>& fields, std::string_view field) {
  return std::find(fields.begin(), fields.end(), field) != fields.end();
}

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
        if (workload::is_serving(ranking.kind) && !ranking.spot_serving_allowed) {
          parts.emplace_back("serving on spot: no availability (--allow-spot-serving to accept)");
        } else {
          parts.push_back(fmt::format("spot, {} interrupted, {} chance of no interruption",
                                      percent(candidate.cost.spot_interruption_pct / 100.0),
                                      percent(candidate.cost.uninterrupted_probability)));
        }
      }
      if (provider.recovery.auto_checkpoint) parts.emplace_back("automatic checkpoints");
      {
        const auto& memory = ranking.performance_of(candidate).memory;
        if (memory.gpu_capacity_bytes > 0) {
          parts.push_back(fmt::format(
              "{}% GPU memory free", number(100.0 * (1.0 - memory.per_gpu.total_bytes / memory.gpu_capacity_bytes), 0)));
        }
      }
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
      if (candidate.nodes > 1) {
        parts.push_back(fmt::format("{} nodes over {}", candidate.nodes, catalog::to_string(offering.network.rdma)));
      }
      break;
    }
    case Criterion::cost: {
      parts.push_back(units::format_money(candidate.total_cost, ranking.currency) + " vs cheapest " +
                      units::format_money(ranking.best.cheapest_total, ranking.currency));
      const auto& cost = candidate.cost;
      if (cost.commitment_charged) {
        parts.push_back(fmt::format("the whole {} commitment", catalog::to_string(candidate.mode)));
      }
      if (cost.interruption > 0.005) {
        parts.push_back("incl. " + units::format_money(cost.interruption, ranking.currency) + " expected interruptions");
      }
      const double hidden = cost.egress + cost.public_ip + cost.storage;
      if (hidden >= material_cost_share * candidate.total_cost && hidden > 0) {
        parts.push_back("incl. " + units::format_money(hidden, ranking.currency) + " egress, IP and storage");
      }
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

WarningBits warning_bits(const WarningContext& context, const Candidate& candidate,
                         const estimate::Estimate& performance) {
  const auto& catalog = context.catalog;
  const auto& profile = context.profile;
  const auto& offering = catalog.offerings[candidate.offering_index];
  const auto& provider = catalog.provider_of(offering);
  const auto& plan = performance.memory.plan;
  const auto& cost = candidate.cost;
  const bool serving = workload::is_serving(profile.kind);
  // A fee is worth a row warning when it is a material share of what the row costs.
  const auto material = [&](double amount) {
    return amount > 0 && amount >= material_cost_share * candidate.total_cost;
  };
  WarningBits bits = 0;
  auto set = [&bits](Warning warning, bool condition) {
    if (condition) bits |= WarningBits{1} << static_cast<unsigned>(warning);
  };
  const bool spot_serving = serving && candidate.mode == PricingMode::spot && !context.spot_serving_allowed;
  // Spot is a real risk for this row when an interruption is likely enough or costs enough.
  const bool spot_risky = 1.0 - cost.uninterrupted_probability >= material_risk_probability ||
                          material(cost.interruption) ||
                          (cost.within_deadline_probability >= 0 && cost.within_deadline_probability < 0.95);
  set(Warning::spot_interruptions, candidate.mode == PricingMode::spot && !spot_serving && spot_risky);
  set(Warning::spot_serving, spot_serving);
  set(Warning::vgpu_noisy_neighbours, offering.isolation == catalog::Isolation::vgpu);
  set(Warning::egress_fees, material(cost.egress));
  set(Warning::public_ip_fees, material(cost.public_ip));
  set(Warning::limited_stock, offering.stock == catalog::Stock::low);
  // Service credits matter to a service that must stay up, not to a batch job.
  set(Warning::sla_without_credits, serving && provider.sla_uptime_pct > 0 && !provider.sla_credits);
  set(Warning::resize_needs_restart, provider.resize == catalog::Resize::restart && serving);
  set(Warning::pcie_multi_gpu_training, workload::is_training(profile.kind) && offering.gpu_count > 1 &&
                                            plan.gpus_per_node > 1 &&
                                            (offering.interconnect == catalog::Interconnect::pcie ||
                                             offering.interconnect == catalog::Interconnect::none));
  set(Warning::multi_node_without_rdma, candidate.nodes > 1 && offering.network.rdma == catalog::Rdma::none);
  const double idle_share = candidate.gpus_rented > 0 && candidate.gpus_needed < candidate.gpus_rented
                                ? 1.0 - static_cast<double>(candidate.gpus_needed) / candidate.gpus_rented
                                : 0.0;
  set(Warning::over_provisioned, material(cost.compute * idle_share));
  set(Warning::cpu_offload_slow, plan.offload != workload::Offload::none);
  set(Warning::marketplace_host, provider.kind == catalog::ProviderKind::marketplace);
  set(Warning::reserved_commitment, cost.commitment > 0 && cost.term_used_pct < small_term_share_pct);
  return bits;
}

std::vector<Ranking::Note> run_notes(const catalog::Catalog& catalog, const Ranking& ranking, std::string_view today) {
  std::vector<Ranking::Note> notes;
  // Stale prices: one line for the run, over the providers whose ranked offerings are stale.
  if (!today.empty()) {
    std::vector<int> age_by_provider(catalog.providers.size(), -1);
    std::vector<std::string_view> oldest_by_provider(catalog.providers.size());
    std::string last_as_of;
    std::optional<int> last_age;
    for (const auto& candidate : ranking.candidates) {
      const auto& offering = catalog.offerings[candidate.offering_index];
      if (offering.as_of != last_as_of) {
        last_as_of = offering.as_of;
        last_age = catalog::days_between(offering.as_of, today);
      }
      if (!last_age || *last_age <= stale_after_days) continue;
      int& age = age_by_provider[offering.provider_index];
      if (*last_age > age) {
        age = *last_age;
        oldest_by_provider[offering.provider_index] = offering.as_of;
      }
    }
    int providers = 0;
    int youngest = std::numeric_limits<int>::max();
    int oldest = 0;
    std::string oldest_date;
    for (std::size_t index = 0; index < age_by_provider.size(); ++index) {
      if (age_by_provider[index] < 0) continue;
      ++providers;
      youngest = std::min(youngest, age_by_provider[index]);
      if (age_by_provider[index] > oldest) {
        oldest = age_by_provider[index];
        oldest_date = std::string(oldest_by_provider[index]);
      }
    }
    if (providers > 0) {
      const std::string ages = youngest == oldest ? std::to_string(oldest) : fmt::format("{}-{}", youngest, oldest);
      notes.push_back({"N-STALE-PRICES",
                       fmt::format("Prices of {} provider{} in this ranking are {} days old (oldest read {}, today "
                                   "{}; stale after {} days): check the providers' pages before you rent.",
                                   providers, providers == 1 ? "" : "s", ages, oldest_date, today, stale_after_days)});
    }
  }
  // Spot rates the catalog does not publish: the assumption, once.
  std::vector<char> assumed(catalog.providers.size(), 0);
  double assumed_pct = 0;
  for (const auto& candidate : ranking.candidates) {
    if (candidate.mode != PricingMode::spot || !candidate.cost.spot_rate_assumed) continue;
    assumed[catalog.offerings[candidate.offering_index].provider_index] = 1;
    assumed_pct = candidate.cost.spot_interruption_pct;
  }
  // By id, not catalog order: the output must not depend on the order of records in the files.
  std::vector<std::string_view> ids;
  for (std::size_t index = 0; index < assumed.size(); ++index) {
    if (assumed[index]) ids.emplace_back(catalog.providers[index].id);
  }
  std::sort(ids.begin(), ids.end());
  std::string names;
  for (const auto id : ids) names += (names.empty() ? "" : ", ") + std::string(id);
  if (!names.empty()) {
    notes.push_back({"N-SPOT-RATE-ASSUMED",
                     fmt::format("Spot interruption rates of {} are not published: {}% of instances a month is "
                                 "assumed (estimated), the middle of AWS Spot Advisor's 5-20% bands.",
                                 names, fmt::format("{:g}", assumed_pct))});
  }
  return notes;
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
  const auto& cost = candidate.cost;
  const auto money = [&](double amount) { return units::format_money(amount, ranking.currency); };
  const auto share = [&](double amount) {
    return candidate.total_cost > 0 ? percent(amount / candidate.total_cost) : std::string("0%");
  };
  switch (warning) {
    case Warning::spot_interruptions: {
      std::string text = fmt::format(
          "Spot capacity can be reclaimed ({} on {}); {} are interrupted. ", notice_words(cost), provider.name,
          spot_rate_words(cost));
      if (workload::is_training(ranking.kind)) {
        text += fmt::format(
            "On {}: {} chance of no interruption, {} expected interruptions, "
            "adding {} of lost work and re-provisioning ({} per restart) and {} to the cost",
            cost.instances == 1 ? std::string("1 instance")
                                : fmt::format("{} instances that restart together", cost.instances),
            percent(cost.uninterrupted_probability),
            number(cost.interruptions_expected, cost.interruptions_expected < 0.1 ? 3 : 2),
            duration(cost.interruption_hours), duration(cost.reprovision_hours), money(cost.interruption));
        if (cost.within_deadline_probability >= 0) {
          text += fmt::format("; {} chance of ending within the {} deadline", percent(cost.within_deadline_probability),
                              units::format_hours(ranking.deadline_hours));
        }
        return text + ".";
      }
      return text + fmt::format("Expected {} replacement starts over {} instance{} ({} down in all).",
                                number(cost.interruptions_expected, 2), cost.instances, cost.instances == 1 ? "" : "s",
                                duration(cost.interruption_hours));
    }
    case Warning::spot_serving:
      return fmt::format(
          "Production serving on spot: {} can reclaim an instance with {}, and {} are interrupted, so the service "
          "has no availability promise; stability scores 0. Pass --allow-spot-serving if the service tolerates it.",
          provider.name, notice_words(cost), spot_rate_words(cost));
    case Warning::vgpu_noisy_neighbours:
      return fmt::format(
          "A shared vGPU ({}% of one card): other tenants on the same card can add 30-40% jitter "
          "to step times.",
          number(offering.gpu_fraction * 100, 0));
    case Warning::egress_fees:
      return fmt::format("{} charges {} {} per GB leaving its cloud: the data moved out costs {}, {} of this row.",
                         provider.name, fmt::format("{:g}", provider.egress_per_gb), provider.currency,
                         money(cost.egress), share(cost.egress));
    case Warning::public_ip_fees:
      return fmt::format("Public IPv4 addresses at {} {} per hour each cost {}, {} of this row.",
                         fmt::format("{:g}", provider.public_ip_per_hour), provider.currency, money(cost.public_ip),
                         share(cost.public_ip));
    case Warning::limited_stock:
      return "Stock of " + offering.id + " is reported low" +
             (listed(offering.estimated_fields, "stock") ? " (estimated)" : "") +
             ": capacity may not be there when you launch.";
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
    case Warning::over_provisioned: {
      const int idle = candidate.gpus_rented - candidate.gpus_needed;
      const double idle_money = candidate.gpus_rented > 0 ? cost.compute * idle / candidate.gpus_rented : 0.0;
      return fmt::format(
          "{} of the {} GPUs rented would sit idle ({} of {} needed for the load): {} of this row's cost "
          "({}) pays for idle GPUs; a smaller instance of the same GPU wastes less.",
          idle, candidate.gpus_rented, candidate.gpus_needed, candidate.gpus_rented, money(idle_money),
          share(idle_money));
    }
    case Warning::cpu_offload_slow:
      return fmt::format(
          "The plan offloads {} to CPU memory ({} per node): steps are much slower than "
          "on GPUs that hold everything.",
          workload::to_string(plan.offload), units::format_gb(memory.cpu_offload_bytes));
    case Warning::marketplace_host:
      return provider.name +
             " is a marketplace: hosts belong to third parties whose reliability, "
             "security and network vary.";
    case Warning::reserved_commitment:
      return fmt::format(
          "A {} term commits {} ({} h x {}/h for {} instance{}); this job uses {} of it{}.",
          catalog::to_string(candidate.mode), money(cost.commitment),
          with_thousands_hours(candidate.mode), money(cost.instances > 0 ? cost.price_per_hour / cost.instances : 0.0),
          cost.instances, cost.instances == 1 ? "" : "s", percent(cost.term_used_pct / 100.0),
          cost.commitment_charged
              ? ", and the whole commitment is its cost (--reserved-other-use if the term has other work)"
              : "; only the job's hours are charged (--reserved-other-use)");
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
    case ExclusionKind::gpu_memory:
    case ExclusionKind::gpu_count:
    case ExclusionKind::max_price:
      return reason.detail;
  }
  return reason.detail;
}

std::string_view to_string(Explanation::Kind kind) {
  const auto index = static_cast<std::size_t>(kind);
  return index < explanation_kinds.size() ? explanation_kinds[index] : std::string_view{};
}

Explanation explanation(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate) {
  Explanation result;
  auto& lines = result.lines;
  std::size_t strongest = 0;
  std::size_t weakest = 0;
  for (std::size_t c = 1; c < criterion_count; ++c) {
    if (candidate.criteria[c].score > candidate.criteria[strongest].score) strongest = c;
    if (candidate.criteria[c].score < candidate.criteria[weakest].score) weakest = c;
  }
  const auto criterion_entry = [&](Explanation::Kind kind, std::size_t c) {
    const auto criterion = static_cast<Criterion>(c);
    Explanation::Line line{kind, criterion, candidate.criteria[c].score, facts(catalog, ranking, candidate, criterion),
                           {}};
    line.text = fmt::format("{}: {} {}/100: {}", to_string(kind), to_string(criterion), number(line.score, 0),
                            line.figure);
    return line;
  };
  lines.push_back(criterion_entry(Explanation::Kind::strongest, strongest));
  if (weakest != strongest) lines.push_back(criterion_entry(Explanation::Kind::weakest, weakest));

  if (candidate.rank == 1) {
    const Candidate* runner_up = nullptr;
    for (const auto& other : ranking.candidates) {
      if (other.rank == 2) runner_up = &other;
    }
    if (runner_up != nullptr) {
      const double margin = candidate.score - runner_up->score;
      const std::string& id = catalog.offerings[runner_up->offering_index].id;
      lines.push_back({Explanation::Kind::first_by, std::nullopt, margin, id,
                       fmt::format("first by {} points over {}", number(margin, 1), id)});
    }
  } else if (const auto change = weight_to_win(ranking, candidate)) {
    const std::string figure = fmt::format("{} {}", change->at_least ? ">=" : "<=", number(change->weight, 2));
    lines.push_back({Explanation::Kind::would_win, change->criterion, change->weight, figure,
                     fmt::format("would rank first with {} weight {}", to_string(change->criterion), figure)});
  } else {
    lines.push_back({Explanation::Kind::cannot_win, std::nullopt, 0, {}, "no change of a single weight puts it first"});
  }

  // Ranked above a candidate that is cheaper and faster: say what it wins on, in points.
  if (candidate.cheaper_and_faster_below < ranking.candidates.size()) {
    const Candidate& rival = ranking.candidates[candidate.cheaper_and_faster_below];
    const auto& rival_offering = catalog.offerings[rival.offering_index];
    std::vector<std::pair<double, std::size_t>> gains;
    for (std::size_t c = 0; c < criterion_count; ++c) {
      const double gain = candidate.criteria[c].contribution - rival.criteria[c].contribution;
      if (gain >= 0.05) gains.emplace_back(gain, c);
    }
    std::sort(gains.begin(), gains.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    std::string wins;
    for (const auto& [gain, c] : gains) {
      const auto criterion = static_cast<Criterion>(c);
      wins += fmt::format("{}{} +{} points ({} vs {})", wins.empty() ? "" : "; ", to_string(criterion),
                          number(gain, 1), facts(catalog, ranking, candidate, criterion),
                          facts(catalog, ranking, rival, criterion));
    }
    const std::string rival_figure =
        fmt::format("#{} {} {}: {} in {}", rival.rank, rival_offering.id, catalog::to_string(rival.mode),
                    units::format_money(rival.total_cost, ranking.currency), units::format_hours(rival.hours));
    lines.push_back({Explanation::Kind::wins_over, std::nullopt, candidate.score - rival.score, rival_figure,
                     fmt::format("ranks above cheaper-or-faster {} (this: {} in {}) on {}", rival_figure,
                                 units::format_money(candidate.total_cost, ranking.currency),
                                 units::format_hours(candidate.hours), wins.empty() ? "rounding" : wins)});
  }

  const auto spot_ranked = [&] {
    return std::any_of(ranking.candidates.begin(), ranking.candidates.end(), [&](const Candidate& c) {
      return c.offering_index == candidate.offering_index && c.mode == PricingMode::spot;
    });
  };
  // spot_ranked() scans every candidate: asked last, only of the few whose spot line is cheapest.
  if (candidate.mode != PricingMode::spot && candidate.spot_total &&
      *candidate.spot_total < ranking.best.cheapest_total && !spot_ranked()) {
    const std::string figure = units::format_money(*candidate.spot_total, ranking.currency);
    lines.push_back({Explanation::Kind::spot_cheaper, std::nullopt, 0, figure,
                     "would be the cheapest (" + figure + ") if spot were allowed"});
  }
  return result;
}

std::vector<std::string> explain(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate) {
  std::vector<std::string> lines;
  for (auto& line : explanation(catalog, ranking, candidate).lines) lines.push_back(std::move(line.text));
  return lines;
}

std::vector<std::string_view> estimated_figures(const catalog::Catalog& catalog, const Candidate& candidate) {
  const auto& offering = catalog.offerings[candidate.offering_index];
  const auto& provider = catalog.provider_of(offering);
  std::vector<std::string_view> figures;
  const std::string price_key = "pricing." + std::string(catalog::pricing_key(candidate.mode));
  if (listed(offering.estimated_fields, price_key)) figures.emplace_back("price");
  if (candidate.mode == PricingMode::spot &&
      (candidate.cost.spot_rate_assumed || listed(offering.estimated_fields, "spot_interruption_pct"))) {
    figures.emplace_back("spot_interruption_pct");
  }
  if (offering.stock != catalog::Stock::unknown && listed(offering.estimated_fields, "stock")) {
    figures.emplace_back("stock");
  }
  // Provider fees and billing that enter this row's cost.
  for (std::string_view field : {"egress_per_gb", "public_ip_per_hour", "storage_per_gb_month",
                                 "billing_granularity_seconds", "environment.provision_minutes"}) {
    if (listed(provider.estimated_fields, field)) figures.push_back(field);
  }
  return figures;
}

}  // namespace gpuselect::scoring
