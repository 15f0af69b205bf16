// Explanations as data (strongest and weakest criteria with their figures, what it would take to
// win, what it wins on over a cheaper-and-faster row), their words, exclusion reasons and the
// estimated-figure marks (docs/scoring.md "Explanations").
#include "gpuselect/explain.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "gpuselect/messages.hpp"
#include "gpuselect/units.hpp"
#include "scoring/scoring_internal.hpp"
#include "scoring/words.hpp"

namespace gpuselect::scoring {

namespace {

using text::Lang;
using text::Msg;
using text::say;
using detail::mode_words;
using detail::say_text;

constexpr std::array<std::string_view, 8> explanation_kinds = {"strongest",  "weakest",   "first_by",     "would_win",
                                                               "cannot_win", "wins_over", "spot_cheaper", "input_bound"};

std::string_view isolation_words(catalog::Isolation isolation, Lang lang) {
  switch (isolation) {
    case catalog::Isolation::bare_metal:
      return text::message(Msg::iso_bare_metal, lang);
    case catalog::Isolation::passthrough:
      return text::message(Msg::iso_passthrough, lang);
    case catalog::Isolation::vgpu:
      return text::message(Msg::iso_vgpu, lang);
  }
  return "";
}

std::string sla_words(const catalog::Provider& provider, Lang lang) {
  if (!(provider.sla_uptime_pct > 0)) return say_text(lang, Msg::sla_none);
  // The last answer kept (its inputs compared bit for bit): every row of a ranking asks it, and the
  // rows of one provider one after another (issue 33 part N: fmt's "{:g}" per row).
  struct Last {
    double uptime_pct = 0;
    bool credits = false;
    Lang lang = Lang::en;
    std::string words;
  };
  thread_local Last last;
  if (!last.words.empty() && std::bit_cast<std::uint64_t>(last.uptime_pct) ==
                                 std::bit_cast<std::uint64_t>(provider.sla_uptime_pct) &&
      last.credits == provider.sla_credits && last.lang == lang) {
    return last.words;
  }
  last.words = say_text(lang, provider.sla_credits ? Msg::sla_with_credits : Msg::sla_without_credits,
                        fmt::format("{:g}", provider.sla_uptime_pct));
  last.uptime_pct = provider.sla_uptime_pct;
  last.credits = provider.sla_credits;
  last.lang = lang;
  return last.words;
}

void append_to(std::string& text, std::string_view separator, const std::string& item) {
  if (!text.empty()) text += separator;
  text += item;
}

// A criterion's figures joined as they are made ("isolation, SLA, ..."), an empty part left out: one
// string a row, not a vector of parts joined after (issue 33).
class Parts {
 public:
  explicit Parts(Lang lang) : separator_(text::message(Msg::summary_list_separator, lang)) {}
  void add(std::string_view part) {
    if (part.empty()) return;
    if (!text_.empty()) text_ += separator_;
    text_ += part;
  }
  std::string text() && { return std::move(text_); }

 private:
  std::string_view separator_;
  std::string text_;
};

// The support tier in the reader's language ("premium" is 高级 in Chinese; expert review 17).
std::string_view support_tier_words(catalog::SupportTier tier, Lang lang) {
  switch (tier) {
    case catalog::SupportTier::community: return text::message(Msg::fact_support_community, lang);
    case catalog::SupportTier::basic: return text::message(Msg::fact_support_basic, lang);
    case catalog::SupportTier::standard: return text::message(Msg::fact_support_standard, lang);
    case catalog::SupportTier::premium: return text::message(Msg::fact_support_premium, lang);
    case catalog::SupportTier::enterprise: return text::message(Msg::fact_support_enterprise, lang);
  }
  return catalog::to_string(tier);
}

std::string_view support_hours_words(catalog::SupportHours hours, Lang lang) {
  if (lang == Lang::en) return catalog::to_string(hours);
  switch (hours) {
    case catalog::SupportHours::business:
      return text::message(Msg::fact_support_business, lang);
    case catalog::SupportHours::extended:
      return text::message(Msg::fact_support_extended, lang);
    case catalog::SupportHours::around_the_clock:
      return text::message(Msg::fact_support_24x7, lang);
  }
  return catalog::to_string(hours);
}

std::string_view criterion_words(Criterion criterion, Lang lang) {
  if (lang == Lang::en) return to_string(criterion);
  static constexpr std::array<Msg, criterion_count> names = {Msg::criterion_stability, Msg::criterion_performance,
                                                             Msg::criterion_cost, Msg::criterion_usability,
                                                             Msg::criterion_support};
  const auto index = static_cast<std::size_t>(criterion);
  return index < names.size() ? text::message(names[index], lang) : to_string(criterion);
}

// The job's stack where it is weak or unsupported on the row's GPU: a share of both stability and
// usability (indicators software_stack, software_workarounds), said in both so a points gap between
// rows whose other facts read alike has its cause in words (expert review 11, D3: "usability +8.3
// points" over identical facts, the V100's weak bf16 unsaid). "" when mature.
std::string stack_fact(const Candidate& candidate, Lang lang) {
  const auto& software = candidate.software;
  if (!software.feature) return {};
  if (software.level == catalog::StackLevel::weak) {
    return say_text(lang, Msg::fact_stack_weak, catalog::to_string(*software.feature));
  }
  if (software.level == catalog::StackLevel::unsupported) {
    return say_text(lang, Msg::fact_stack_unsupported, catalog::to_string(*software.feature));
  }
  return {};
}

// The figures behind a row's stability score: isolation, SLA, spot reclaims, checkpoints, stock,
// memory headroom, the job's stack where weak, and for serving the GPU segment and the GPUs in service.
std::string stability_facts(const catalog::Catalog& catalog, const Ranking& ranking,
                                         const Candidate& candidate, Lang lang) {
  const auto& offering = catalog.offerings[candidate.offering_index];
  const auto& provider = catalog.provider_of(offering);
  const auto& gpu = catalog.gpu_of(offering);
  Parts parts(lang);
  parts.add(isolation_words(offering.isolation, lang));
  parts.add(sla_words(provider, lang));
  if (candidate.mode == catalog::PricingMode::spot) {
    if (workload::kind_traits(ranking.kind).serving() && !ranking.spot_serving_allowed) {
      parts.add(say_text(lang, Msg::fact_spot_serving));
    } else {
      parts.add(say_text(lang, Msg::fact_spot, detail::percent(candidate.cost.spot_interruption_pct / 100.0),
                          detail::chance(candidate.cost.uninterrupted_probability),
                          detail::notice_words(candidate.cost.spot_notice_seconds, lang)));
    }
  }
  if (provider.recovery.auto_checkpoint) parts.add(say_text(lang, Msg::fact_auto_checkpoint));
  // Under --deadline (indicator deadline_margin): the chance of ending within it, where not sure.
  const double deadline_chance = candidate.cost.within_deadline_probability;
  if (ranking.best.deadline_confidence > 0 && deadline_chance >= 0 &&
      deadline_chance < detail::deadline_sure_probability) {
    parts.add(say_text(lang, Msg::fact_deadline_chance, detail::chance(deadline_chance)));
  }
  // Low stock is a longer wait for the instances (indicator capacity): said as W-STOCK says it.
  if (offering.stock == catalog::Stock::low) parts.add(say_text(lang, Msg::fact_stock_low));
  // Training across nodes over TCP (indicator node_fabric, which scores it below 800 Gbit/s).
  if (detail::tcp_fabric_scored(ranking.kind, offering, candidate.nodes)) {
    parts.add(say_text(lang, Msg::fact_nodes_over_ethernet, std::to_string(candidate.nodes)));
  }
  if (std::string stack = stack_fact(candidate, lang); !stack.empty()) parts.add(std::move(stack));
  {
    const auto& memory = ranking.performance_of(candidate).memory;
    if (memory.gpu_capacity_bytes > 0) {
      const double free_share = 1.0 - memory.per_gpu.total_bytes / memory.gpu_capacity_bytes;
      // A plan below the ranking's headroom kept the in-GPU share instead of offloading (expert
      // review 30 D11: only the memory column hinted which rows did).
      if (memory.headroom_pct + 1e-9 < ranking.min_headroom_pct) {
        parts.add(say_text(lang, Msg::fact_memory_free_in_gpu, detail::number(100.0 * free_share, 0),
                           detail::number(memory.headroom_pct, 0), detail::number(ranking.min_headroom_pct, 0)));
      } else {
        parts.add(say_text(lang, Msg::fact_memory_free, detail::number(100.0 * free_share, 0)));
      }
    }
  }
  if (workload::kind_traits(ranking.kind).serving() && gpu.segment != catalog::GpuSegment::datacenter) {
    parts.add(
        say(lang, Msg::fact_gpu_segment, text::term(lang, text::Term::gpu_segment, catalog::to_string(gpu.segment))));
  }
  if (workload::kind_traits(ranking.kind).serving() && candidate.gpus_needed > 1) {
    parts.add(say(lang, Msg::fact_gpus_in_service, candidate.gpus_needed,
                        detail::number(100.0 * detail::month_without_gpu_failure(candidate.gpus_needed), 0)));
  }
  return std::move(parts).text();
}

// The figures behind a row's performance score: its time or load against the best row's, and the
// nodes it spans.
std::string performance_facts(const catalog::Catalog& catalog, const Ranking& ranking,
                                           const Candidate& candidate, Lang lang) {
  const auto& offering = catalog.offerings[candidate.offering_index];
  const auto& gpu = catalog.gpu_of(offering);
  Parts parts(lang);
  // The planning horizon is held against the band's slow end, as the performance criterion does
  // (expert review 42, R7: 30.0 d expected, 54.8 d at the slow end, read as within 30 d).
  const bool horizon = ranking.best.turnaround_is_horizon;
  const double checked_hours = horizon ? detail::deadline_check_hours(candidate, ranking.performance_of(candidate))
                                       : detail::turnaround_check_hours(candidate);
  // Under --risk-averse a row's hours are the pessimistic end it is ranked on (the Risk line), where
  // the time column leads with the expected hours: the sentence says which (expert review 6: "3.6 h"
  // beside a column reading 2.1 h).
  const std::string hours_said = ranking.risk_averse
                                     ? say(lang, Msg::fact_hours_band_top, units::format_hours(candidate.hours))
                                     : units::format_hours(candidate.hours);
  // Pretraining's turnaround is its --deadline, and the slack inside it still scores (indicators'
  // deadline_slack_credit): said with the hours to spare at the band's slow end.
  const bool slack_scores = !workload::kind_traits(ranking.kind).session_length_runs;
  if (workload::kind_traits(ranking.kind).training() && candidate.hours > 0 && slack_scores &&
      checked_hours <= ranking.best.turnaround_hours) {
    const double slow_end_hours = ranking.best.turnaround_is_deadline
                                      ? detail::deadline_check_hours(candidate, ranking.performance_of(candidate))
                                      : checked_hours;
    const std::string spare = units::format_hours(std::max(0.0, ranking.best.turnaround_hours - slow_end_hours));
    if (ranking.best.turnaround_is_deadline && !ranking.best.turnaround_is_horizon) {
      // The deadline's spare is at the ranking's confidence (the hours to result the performance
      // criterion scores, Candidate::scored_hours), not at the band's slow end, which may lie past the
      // deadline (expert review 30 D5: "0 min to spare at the slow end" beside W-DEADLINE-BAND's
      // 61.2 d for a 60 d deadline; expert review 40: "0 min to spare at 80% confidence" beside an
      // 89% chance, the spare taken at the band's 90th percentile).
      const double at_confidence_hours = candidate.scored_hours > 0 ? candidate.scored_hours : slow_end_hours;
      const std::string confident_spare =
          units::format_hours(std::max(0.0, ranking.best.turnaround_hours - at_confidence_hours));
      parts.add(say_text(lang, Msg::fact_within_deadline_slack_confidence, hours_said,
                         units::format_hours(ranking.best.turnaround_hours), confident_spare,
                         fmt::format("{:g}", ranking.confidence * 100.0)));
    } else {
      parts.add(say_text(lang, ranking.best.turnaround_is_horizon ? Msg::fact_within_horizon_slack : Msg::fact_within_deadline_slack,
                         hours_said, units::format_hours(ranking.best.turnaround_hours), spare));
    }
  } else if (workload::kind_traits(ranking.kind).training() && candidate.hours > 0 &&
      checked_hours <= ranking.best.turnaround_hours) {
    parts.add(say_text(lang, Msg::fact_within_turnaround, hours_said,
                        units::format_hours(ranking.best.turnaround_hours)));
  } else if (workload::kind_traits(ranking.kind).training() && candidate.hours <= ranking.best.turnaround_hours &&
             ranking.best.turnaround_hours > 0) {
    parts.add(say_text(lang, horizon ? Msg::fact_past_horizon_slow_end : Msg::fact_past_turnaround, hours_said,
                       units::format_hours(checked_hours), units::format_hours(ranking.best.turnaround_hours)));
  } else if (workload::kind_traits(ranking.kind).training() && candidate.scored_hours > 0) {
    parts.add(say_text(lang, Msg::fact_vs_fastest_confident, units::format_hours(candidate.scored_hours),
                        units::format_hours(ranking.best.fastest_hours), detail::percent(ranking.confidence)));
  } else if (workload::kind_traits(ranking.kind).training()) {
    parts.add(say_text(lang, Msg::fact_vs_fastest, hours_said,
                        units::format_hours(ranking.best.fastest_hours)));
  } else if (workload::kind_traits(ranking.kind).physics == workload::Physics::token_serving &&
             ranking.performance_of(candidate).serving.meets_targets) {
    const auto& serving = ranking.performance_of(candidate).serving;
    parts.add(say(lang, Msg::fact_meets_latency, detail::number(serving.tpot_ms, 0),
                        detail::number(serving.ttft_ms, 0), serving.batch, serving.load_batch,
                        detail::number(serving.tpot_ms_at_load_band.high, 0),
                        detail::number(serving.ttft_ms_at_load_band.high, 0)));
  } else if (workload::kind_traits(ranking.kind).serves_images()) {
    const auto& throughput = ranking.performance_of(candidate).throughput;
    parts.add(say(lang, Msg::fact_carries_load, detail::number(throughput.work_units_per_s, 0),
                        detail::number(100.0 * throughput.utilization, 0)));
  } else if (workload::kind_traits(ranking.kind).serving()) {
    parts.add(say(lang, Msg::fact_decode_vs_best,
                        detail::number(ranking.performance_of(candidate).throughput.work_units_per_s, 0),
                        detail::number(ranking.best.best_speed, 0)));
  } else {
    parts.add(say_text(lang, Msg::fact_tflops_vs_best,
                        detail::number(gpu.bf16_dense_tflops * offering.gpu_fraction, 0),
                        detail::number(ranking.best.best_speed, 0)));
  }
  if (candidate.nodes > 1) {
    // Without RDMA the nodes talk over the instances' Ethernet (expert review 30 D12: "4 nodes over none").
    if (offering.network.rdma == catalog::Rdma::none) {
      parts.add(say_text(lang, Msg::fact_nodes_over_ethernet, std::to_string(candidate.nodes)));
    } else {
      parts.add(say_text(lang, Msg::fact_nodes_over, std::to_string(candidate.nodes),
                         catalog::display_name(offering.network.rdma)));
    }
  }
  return std::move(parts).text();
}

// The figures behind a row's cost score: its total against the cheapest, and what the total holds.
std::string cost_facts(const Ranking& ranking, const Candidate& candidate, Lang lang) {
  Parts parts(lang);
  const Msg versus = ranking.best.cheapest_on_demand_outside ? Msg::fact_vs_cheapest_on_demand
                     : ranking.best.free_row                  ? Msg::fact_vs_cheapest_paid
                                                              : Msg::fact_vs_cheapest;
  parts.add(detail::say_text(lang, versus,
                      units::format_money(candidate.total_cost, ranking.currency),
                      units::format_money(ranking.best.cheapest_on_demand_outside ? ranking.best.on_demand_outside_total
                                                                                  : ranking.best.cheapest_total,
                                          ranking.currency)));
  const auto& cost = candidate.cost;
  // Said where the upper ends change the comparison (a wider band than the cheapest row's).
  const double scored_ratio = candidate.scored_cost / std::max(ranking.best.cheapest_scored, 1e-12);
  const double total_ratio = candidate.total_cost / std::max(ranking.best.cheapest_total, 1e-12);
  // Against on demand outside --pricing the reference is not a row's price: the upper end is not said.
  if (candidate.scored_cost > 0 && ranking.best.cheapest_scored > 0 && ranking.best.cheapest_total > 0 &&
      !ranking.best.cheapest_on_demand_outside && std::abs(scored_ratio - total_ratio) > 0.01 * total_ratio) {
    parts.add(
        detail::say_text(lang, Msg::fact_scored_upper, units::format_money(candidate.scored_cost, ranking.currency),
            units::format_money(ranking.best.cheapest_scored, ranking.currency),
            text::message(detail::upper_end_reason(cost.spot_quote_suspect(), cost.estimated_price_band_pct(),
                                                   cost.price_band_pct),
                          lang)));
  }
  if (cost.commitment_charged) {
    parts.add(say_text(lang, Msg::fact_whole_commitment, mode_words(candidate.mode, lang)));
  } else if (cost.term_continues) {
    parts.add(say_text(lang, Msg::fact_term_window, mode_words(candidate.mode, lang)));
  }
  if (cost.interruption > 0.005) {
    parts.add(
        say_text(lang, Msg::fact_incl_interruptions, units::format_money(cost.interruption, ranking.currency)));
  }
  const double hidden = cost.egress + cost.public_ip + cost.storage;
  if (hidden >= material_cost_share * candidate.total_cost && hidden > 0) {
    parts.add(say_text(lang, Msg::fact_incl_hidden, units::format_money(hidden, ranking.currency)));
  }
  return std::move(parts).text();
}

// The provider's environment: ready time, notebooks, containers, Kubernetes, images.
std::string usability_facts(const catalog::Provider& provider, Lang lang) {
  Parts parts(lang);
  const auto& environment = provider.environment;
  parts.add(say(lang, Msg::fact_ready_in, detail::number(environment.provision_minutes, 0)));
  if (environment.jupyterlab) parts.add("JupyterLab");
  if (environment.custom_containers) parts.add(say(lang, Msg::fact_custom_containers));
  if (environment.kubernetes) parts.add("Kubernetes");
  parts.add(say(lang, Msg::fact_framework_images, environment.images.size()));
  return std::move(parts).text();
}

// The provider's support: tier, hours, first answer, compliance.
std::string support_facts(const catalog::Provider& provider, Lang lang) {
  Parts parts(lang);
  parts.add(say(lang, Msg::fact_support_tier, support_tier_words(provider.support.tier, lang)));
  parts.add(support_hours_words(provider.support.hours, lang));
  parts.add(say(lang, Msg::fact_first_answer, detail::number(provider.support.first_response_hours, 0)));
  if (!provider.compliance.empty()) {
    std::string certs;
    // Catalog ids as written ("soc2"), but for China's MLPS level 3, which a Chinese reader knows as 等保三级.
    for (const auto& cert : provider.compliance)
      certs += (certs.empty() ? "" : " ") + (cert == "mlps3" ? std::string(text::message(Msg::cert_mlps3, lang)) : cert);
    parts.add(certs);
  }
  return std::move(parts).text();
}

std::string facts(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate,
                  Criterion criterion, Lang lang) {
  switch (criterion) {
    case Criterion::stability:
      return stability_facts(catalog, ranking, candidate, lang);
    case Criterion::performance:
      return performance_facts(catalog, ranking, candidate, lang);
    case Criterion::cost:
      return cost_facts(ranking, candidate, lang);
    // Usability and support read the provider only: FactsMemo keeps them per provider
    // (provider_level below). A figure of the row or offering here must leave provider_level.
    case Criterion::usability: {
      std::string words = usability_facts(catalog.provider_of(catalog.offerings[candidate.offering_index]), lang);
      if (std::string stack = stack_fact(candidate, lang); !stack.empty()) {
        Parts parts(lang);
        parts.add(std::move(words));
        parts.add(std::move(stack));
        return std::move(parts).text();
      }
      return words;
    }
    case Criterion::support:
      return support_facts(catalog.provider_of(catalog.offerings[candidate.offering_index]), lang);
  }
  return {};
}

// Usability and support figures are the provider's alone (its environment, support and compliance),
// but for usability where the row's stack is weak or unsupported (stack_fact: the row's own words).
bool provider_level(Criterion criterion, const Candidate& candidate) {
  if (criterion == Criterion::usability) {
    return candidate.software.level == catalog::StackLevel::mature || !candidate.software.feature;
  }
  return criterion == Criterion::support;
}

}  // namespace

const std::string& FactsMemo::facts(const catalog::Catalog& catalog, const Ranking& ranking,
                                    const Candidate& candidate, Criterion criterion, text::Lang lang) {
  // Key: the provider (high bit set) or the candidate's index in the ranking, times the criteria.
  const auto c = static_cast<std::uint64_t>(criterion);
  const std::uint64_t key =
      provider_level(criterion, candidate)
          ? (std::uint64_t{1} << 63) | (catalog.offerings[candidate.offering_index].provider_index * criterion_count + c)
          : static_cast<std::uint64_t>(&candidate - ranking.candidates.data()) * criterion_count + c;
  // One language per memo (a document is in one); the key keeps two apart all the same.
  const auto [at, added] = figures_.try_emplace(key ^ (static_cast<std::uint64_t>(lang) << 62));
  if (added) at->second = scoring::facts(catalog, ranking, candidate, criterion, lang);
  return at->second;
}

namespace {
// What a row needs and has in GB, said with as many decimals (one to three) as it takes for them to
// differ where they do (expert review 40: "needs 17.2 GB per GPU, has 17.2 GB").
std::pair<std::string, std::string> distinct_gb(double needed_bytes, double limit_bytes) {
  std::string needed = units::format_gb(needed_bytes);
  std::string limit = units::format_gb(limit_bytes);
  for (int decimals = 2; decimals <= 3 && needed == limit && needed_bytes != limit_bytes; ++decimals) {
    needed = fmt::format("{:.{}f} GB", needed_bytes / units::bytes_per_gb, decimals);
    limit = fmt::format("{:.{}f} GB", limit_bytes / units::bytes_per_gb, decimals);
  }
  return {needed, limit};
}
}  // namespace

std::string reason_text(const ExclusionReason& reason, std::string_view currency, text::Lang lang) {
  std::string said = reason.detail.say(lang);
  const std::string in_parentheses = said.empty() ? std::string() : say(lang, Msg::reason_detail, said);
  switch (reason.kind) {
    case ExclusionKind::memory: {
      const auto [needed, limit] = distinct_gb(reason.needed, reason.limit);
      // Within the GPU's memory but not within it less the headroom kept free (expert review 46:
      // "needs 85.3 GB per GPU, has 85.9 GB" read as fitting).
      std::string text = reason.needed <= reason.limit ? say(lang, Msg::reason_memory_headroom, needed, limit)
                                                       : say(lang, Msg::reason_memory, needed, limit);
      // A production replica that would fit over nodes without RDMA (expert review 48, s20).
      if (!said.empty()) text += say(lang, Msg::clause_then, said);
      return text;
    }
    case ExclusionKind::budget:
      return say(lang, Msg::reason_budget, units::format_money(reason.needed, currency), in_parentheses,
                 units::format_money(reason.limit, currency));
    case ExclusionKind::deadline:
      return say(lang, Msg::reason_deadline, units::format_hours(reason.needed), in_parentheses,
                 units::format_hours(reason.limit));
    case ExclusionKind::region:
    case ExclusionKind::provider:
    case ExclusionKind::gpu:
      return said;
    case ExclusionKind::pricing_mode:
      return say(lang, Msg::reason_pricing, said);
    case ExclusionKind::requirement:
      return say(lang, Msg::reason_requirement, said);
    case ExclusionKind::nodes:
      if (!said.empty()) return say(lang, Msg::reason_nodes_detail, detail::number(reason.needed, 0), said);
      return say(lang, Msg::reason_nodes, detail::number(reason.needed, 0), detail::number(reason.limit, 0));
    case ExclusionKind::headroom:
      return say(lang, Msg::reason_headroom, detail::number(reason.limit, 1), fmt::format("{:g}", reason.needed));
    case ExclusionKind::not_sold:
      return said.empty() ? say(lang, Msg::reason_not_sold) : said;
    case ExclusionKind::host_ram:
      return say(lang, Msg::reason_host_ram, units::format_gb(reason.needed), units::format_gb(reason.limit));
    case ExclusionKind::latency:
    case ExclusionKind::precision:
    case ExclusionKind::gpu_memory:
    case ExclusionKind::gpu_count:
    case ExclusionKind::max_price:
    case ExclusionKind::consumer_gpu:
    case ExclusionKind::marketplace_host:
    case ExclusionKind::shared_gpu:
    case ExclusionKind::low_stock:
    case ExclusionKind::no_sla:
    case ExclusionKind::capacity:
    case ExclusionKind::stale_term:
    case ExclusionKind::price_implausible:
    case ExclusionKind::spot_serving:
    case ExclusionKind::software:
      return said;
  }
  return said;
}

std::string_view to_string(Explanation::Kind kind) {
  const auto index = static_cast<std::size_t>(kind);
  return index < explanation_kinds.size() ? explanation_kinds[index] : std::string_view{};
}

namespace {

using Kind = Explanation::Kind;
using TieBreak = Explanation::Line::TieBreak;

// The figures the lines of one row's explanation show, each made once: the row's own (strongest or
// weakest may be a gain's criterion too), and through the memo (when there is one) a provider's and
// a rival's, which many rows repeat.
class Figures {
 public:
  Figures(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate, FactsMemo* memo,
          Lang lang)
      : catalog_(catalog), ranking_(ranking), candidate_(candidate), memo_(memo), lang_(lang) {}

  const std::string& own(Criterion criterion) {
    if (memo_ != nullptr && provider_level(criterion, candidate_))
      return memo_->facts(catalog_, ranking_, candidate_, criterion, lang_);
    auto& figure = own_[static_cast<std::size_t>(criterion)];
    if (!figure) figure = facts(catalog_, ranking_, candidate_, criterion, lang_);
    return *figure;
  }
  std::string rival(const Candidate& other, Criterion criterion) {
    return memo_ != nullptr ? memo_->facts(catalog_, ranking_, other, criterion, lang_)
                            : facts(catalog_, ranking_, other, criterion, lang_);
  }

 private:
  const catalog::Catalog& catalog_;
  const Ranking& ranking_;
  const Candidate& candidate_;
  FactsMemo* memo_;
  Lang lang_;
  std::array<std::optional<std::string>, criterion_count> own_;
};

// The row's strongest and weakest criteria (criterion_count where none): among those that say
// something about this row.
std::pair<std::size_t, std::size_t> strongest_and_weakest(const Ranking& ranking, const Candidate& candidate) {
  // Serving rows all meet the load (and llm-inference the latency targets) and score 100 on
  // performance (the criterion saturates, docs/scoring.md): a criterion every row shares says nothing about this one.
  // A criterion the profile weights at 0 moves no score (the development profile's support, expert
  // review 35): naming it as the row's weakest points the reader at what did not count.
  const auto says_something = [&](std::size_t c) {
    return ranking.weights.values[c] > 0 &&
           !(workload::kind_traits(ranking.kind).serving() && static_cast<Criterion>(c) == Criterion::performance);
  };
  // Cost is never the row's strength (expert review 16), though it may be its weakest criterion,
  // where it ranks what the reader cannot rely on: a whole term charged for a job that uses little of
  // it (W-RESERVED-TERM, charged: a $20,000 commitment for a 10-hour run scored only against other
  // commitments), or a quote past a year old (W-STALE-PRICE).
  const bool cost_unreliable =
      (candidate.cost.commitment_charged && candidate.warnings.contains(Warning::reserved_commitment)) ||
      candidate.warnings.contains(Warning::stale_price);
  const auto may_be_strongest = [&](std::size_t c) {
    return says_something(c) && !(cost_unreliable && static_cast<Criterion>(c) == Criterion::cost);
  };
  std::size_t strongest = criterion_count;
  std::size_t weakest = criterion_count;
  for (std::size_t c = 0; c < criterion_count; ++c) {
    if (!says_something(c)) continue;
    if (may_be_strongest(c) &&
        (strongest == criterion_count || candidate.criteria[c].score > candidate.criteria[strongest].score)) {
      strongest = c;
    }
    if (weakest == criterion_count || candidate.criteria[c].score < candidate.criteria[weakest].score) weakest = c;
  }
  return {strongest, weakest};
}

// The GPUs wait on the data loader: the row's time is the loader's, not its GPUs'.
std::optional<Explanation::Line> input_bound_line(const Ranking& ranking, const Candidate& candidate, Lang lang) {
  const auto& input = ranking.performance_of(candidate).input;
  if (!input.loader_bound) return std::nullopt;
  Explanation::Line line;
  line.kind = Kind::input_bound;
  line.score = input.gpu_images_per_s > 0 ? 100.0 * input.images_per_s / input.gpu_images_per_s : 0.0;
  line.figure = say(lang, Msg::fact_input_bound, input.workers_per_node * input.nodes, input.loader_images_per_s,
                    input.gpu_images_per_s);
  return line;
}

// Where the row stands: first (by how much over the runner-up), what weight change would make it
// first, or that none would. None for a first row without a runner-up.
std::optional<Explanation::Line> standing_line(const catalog::Catalog& catalog, const Ranking& ranking,
                                               const Candidate& candidate) {
  Explanation::Line line;
  if (candidate.rank == 1) {
    const Candidate* runner_up = nullptr;
    for (const auto& other : ranking.candidates) {
      if (other.rank == 2) runner_up = &other;
    }
    if (runner_up == nullptr) return std::nullopt;
    line.kind = Kind::first_by;
    line.score = candidate.score - runner_up->score;
    line.figure = catalog.offerings[runner_up->offering_index].id;
    // Scores equal at the shown precision are a tie, broken by the cheaper total, then the sooner
    // result (rank.cpp's order, which compares the scores rounded to 0.1): said so, not "first by
    // -0.0 points" (expert review 50 p05).
    if (std::round(candidate.score * 10) == std::round(runner_up->score * 10)) {
      line.score = 0;
      line.tie_break = TieBreak::offering_id;
      if (candidate.total_cost < runner_up->total_cost) {
        line.tie_break = TieBreak::cheaper;
        line.own_figure = units::format_money(candidate.total_cost, ranking.currency) + " vs " +
                          units::format_money(runner_up->total_cost, ranking.currency);
      } else if (candidate.hours < runner_up->hours) {
        line.tie_break = TieBreak::sooner;
        line.own_figure = units::format_hours(candidate.hours) + " vs " + units::format_hours(runner_up->hours);
      }
    }
  } else if (const auto change = detail::weight_to_win(ranking, candidate)) {
    line.kind = Kind::would_win;
    line.criterion = change->criterion;
    line.score = change->weight;
    line.at_least = change->at_least;
    line.figure = (change->at_least ? ">= " : "<= ") + detail::number(change->weight, 2);
  } else {
    line.kind = Kind::cannot_win;
  }
  return line;
}

// Ranked above a candidate that is cheaper and faster: say what it wins on, in points.
std::optional<Explanation::Line> wins_over_line(const catalog::Catalog& catalog, const Ranking& ranking,
                                                const Candidate& candidate, Figures& figures, Lang lang) {
  if (candidate.cheaper_and_faster_below >= ranking.candidates.size()) return std::nullopt;
  const Candidate& rival = ranking.candidates[candidate.cheaper_and_faster_below];
  const auto& rival_offering = catalog.offerings[rival.offering_index];
  Explanation::Line line;
  line.kind = Kind::wins_over;
  line.score = candidate.score - rival.score;
  // Serving rows run the same hours: the time said is the latency a request sees (what made the
  // rival faster, pareto.cpp).
  const double rival_latency_ms = detail::served_latency_ms(ranking.kind, ranking.performance_of(rival));
  const double own_latency_ms = detail::served_latency_ms(ranking.kind, ranking.performance_of(candidate));
  const bool by_latency = rival_latency_ms > 0 && own_latency_ms > 0;
  const auto time = [&](const Candidate& row, double latency_ms) {
    if (!by_latency) return units::format_hours(row.hours);
    return workload::kind_traits(ranking.kind).physics == workload::Physics::diffusion_serving
               ? say_text(lang, Msg::fact_latency_image, detail::number(latency_ms / 1000.0, 1))
               : say_text(lang, Msg::fact_latency_token, detail::number(latency_ms, 0));
  };
  // The rival's nodes where several, as the table's GPUs column says them (expert review 58, s47:
  // "#12 ... h100 8gpu spot: $148 in 5.8 h" read as one spot node 2.5x faster than one on demand).
  const std::string rival_row =
      rival.nodes > 1 ? rival_offering.id + say(lang, Msg::label_nodes, rival.nodes) : rival_offering.id;
  line.figure = say_text(lang, by_latency ? Msg::fact_rival_latency : Msg::fact_rival, std::to_string(rival.rank),
                         rival_row, mode_words(rival.mode, lang),
                         units::format_money(rival.total_cost, ranking.currency), time(rival, rival_latency_ms));
  line.own_figure = say_text(lang, by_latency ? Msg::fact_own_latency : Msg::fact_own,
                             units::format_money(candidate.total_cost, ranking.currency), time(candidate, own_latency_ms));
  for (std::size_t c = 0; c < criterion_count; ++c) {
    const double gain = candidate.criteria[c].contribution - rival.criteria[c].contribution;
    if (gain >= 0.05) line.gains.push_back({static_cast<Criterion>(c), gain, {}, {}});
  }
  // Largest first, ties in criterion order: a stable insertion sort of at most five (std::stable_sort
  // took a temporary buffer from the heap for every row; issue 33 part N).
  auto& gains = line.gains;
  for (std::size_t at = 1; at < gains.size(); ++at) {
    Explanation::Gain gain = std::move(gains[at]);
    std::size_t to = at;
    for (; to > 0 && gains[to - 1].points < gain.points; --to) gains[to] = std::move(gains[to - 1]);
    gains[to] = std::move(gain);
  }
  for (auto& gain : line.gains) {
    gain.figure = figures.own(gain.criterion);
    gain.rival_figure = figures.rival(rival, gain.criterion);
  }
  // A gain whose facts read the same for both rows explains nothing in words (review 11, D3: "stability
  // +0.1 points" over two identical lists); the largest gain stays, so the line still names one.
  for (std::size_t at = line.gains.size(); at-- > 1;) {
    if (line.gains[at].figure == line.gains[at].rival_figure) line.gains.erase(line.gains.begin() + static_cast<std::ptrdiff_t>(at));
  }
  return line;
}

// A first row's lead in points: one decimal, two below 0.1 (85.16 over 85.14 shows 85.2 over 85.1:
// "first by 0.02 points", not "0.0").
std::string lead_words(double points) { return detail::number(points, points < 0.1 ? 2 : 1); }

// The sentence of a first_by line: its lead, or what broke a tie at the shown score.
Msg first_by_message(const Explanation::Line& line) {
  switch (line.tie_break) {
    case TieBreak::none:
      return Msg::sentence_first_by;
    case TieBreak::cheaper:
      return Msg::sentence_first_tie_cheaper;
    case TieBreak::sooner:
      return Msg::sentence_first_tie_sooner;
    case TieBreak::offering_id:
      return Msg::sentence_first_tie;
  }
  return Msg::sentence_first_by;
}

// The row's spot line would be the cheapest of the ranking, but spot is not ranked for it.
std::optional<Explanation::Line> spot_cheaper_line(const Ranking& ranking, const Candidate& candidate) {
  const auto spot_ranked = [&] {
    return std::any_of(ranking.candidates.begin(), ranking.candidates.end(), [&](const Candidate& c) {
      return c.offering_index == candidate.offering_index && c.mode == catalog::PricingMode::spot;
    });
  };
  // spot_ranked() scans every candidate: asked last, only of the few whose spot line is cheapest.
  if (candidate.mode == catalog::PricingMode::spot || !candidate.spot_total ||
      *candidate.spot_total >= ranking.best.cheapest_total || spot_ranked()) {
    return std::nullopt;
  }
  Explanation::Line line;
  line.kind = Kind::spot_cheaper;
  line.figure = units::format_money(*candidate.spot_total, ranking.currency);
  // Spot allowed but removed for this row (capacity, --deadline, a service tier): what removed it,
  // the row's own node count first (expert review 50 p05: "if spot were allowed" where it was).
  const Exclusion* removal = nullptr;
  for (const Exclusion& exclusion : ranking.excluded) {
    if (exclusion.offering_index != candidate.offering_index || exclusion.mode != catalog::PricingMode::spot ||
        exclusion.reasons.empty()) {
      continue;
    }
    if (removal == nullptr || exclusion.nodes == candidate.nodes) removal = &exclusion;
    if (exclusion.nodes == candidate.nodes) break;
  }
  if (removal != nullptr) line.own_figure = std::string(flag_of(removal->reasons.front().kind, ranking.kind));
  return line;
}

}  // namespace

Explanation explanation(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate,
                        FactsMemo* memo, text::Lang lang) {
  Explanation result;
  Figures figures(catalog, ranking, candidate, memo, lang);
  auto& lines = result.lines;
  constexpr std::size_t most_lines = 6;  // strongest, weakest and the four below
  lines.reserve(most_lines);
  const auto criterion_line = [&](Kind kind, std::size_t c) {
    Explanation::Line line;
    line.kind = kind;
    line.criterion = static_cast<Criterion>(c);
    line.score = candidate.criteria[c].score;
    line.figure = figures.own(*line.criterion);
    return line;
  };
  const auto [strongest, weakest] = strongest_and_weakest(ranking, candidate);
  if (strongest < criterion_count) lines.push_back(criterion_line(Kind::strongest, strongest));
  if (weakest < criterion_count && weakest != strongest) lines.push_back(criterion_line(Kind::weakest, weakest));
  // Each moved in as it is made (a braced list of them copied every line, its strings and gains).
  const auto add = [&lines](std::optional<Explanation::Line> line) {
    if (line) lines.push_back(std::move(*line));
  };
  add(input_bound_line(ranking, candidate, lang));
  add(standing_line(catalog, ranking, candidate));
  add(wins_over_line(catalog, ranking, candidate, figures, lang));
  add(spot_cheaper_line(ranking, candidate));
  return result;
}

std::string sentence(const Explanation::Line& line, text::Lang lang) {
  const std::string_view criterion = line.criterion ? criterion_words(*line.criterion, lang) : std::string_view{};
  switch (line.kind) {
    case Kind::strongest:
    case Kind::weakest:
      return detail::say_text(lang, Msg::sentence_criterion,
                 text::message(line.kind == Kind::strongest ? Msg::kind_strongest : Msg::kind_weakest, lang), criterion,
                 detail::number(line.score, 0), line.figure);
    case Kind::first_by:
      if (line.tie_break != TieBreak::none) {
        return detail::say_text(lang, first_by_message(line), line.figure, line.own_figure);
      }
      return detail::say_text(lang, Msg::sentence_first_by, lead_words(line.score), line.figure);
    case Kind::would_win:
      return detail::say_text(lang, Msg::sentence_would_win, criterion, line.figure);
    case Kind::cannot_win:
      return detail::say_text(lang, Msg::sentence_cannot_win);
    case Kind::wins_over: {
      std::string wins;
      for (const auto& gain : line.gains) {
        append_to(wins, text::message(Msg::list_separator, lang),
                  detail::say_text(lang, Msg::sentence_gain, criterion_words(gain.criterion, lang), detail::number(gain.points, 1),
                      gain.figure, gain.rival_figure));
      }
      return detail::say_text(lang, Msg::sentence_wins_over, line.figure, line.own_figure,
                 wins.empty() ? detail::say_text(lang, Msg::sentence_rounding) : wins);
    }
    case Kind::spot_cheaper:
      if (!line.own_figure.empty()) {
        return detail::say_text(lang, Msg::sentence_spot_cheaper_removed, line.figure,
                                detail::removal_words(line.own_figure, lang));
      }
      return detail::say_text(lang, Msg::sentence_spot_cheaper, line.figure);
    case Kind::input_bound:
      return detail::say_text(lang, Msg::sentence_input_bound, line.figure);
  }
  return {};
}

void sentence_to(TextPieces& out, const Explanation::Line& line, text::Lang lang) {
  if (lang != Lang::en) {  // said whole: Chinese text is joined after it is said (say_pieces)
    out.add(sentence(line, lang));
    return;
  }
  const std::string_view criterion = line.criterion ? criterion_words(*line.criterion, lang) : std::string_view{};
  switch (line.kind) {
    case Kind::strongest:
    case Kind::weakest:
      detail::say_pieces(out, lang, Msg::sentence_criterion,
                         text::message(line.kind == Kind::strongest ? Msg::kind_strongest : Msg::kind_weakest, lang),
                         criterion, detail::number(line.score, 0), line.figure);
      return;
    case Kind::first_by:
      if (line.tie_break != TieBreak::none) {
        detail::say_pieces(out, lang, first_by_message(line), line.figure, line.own_figure);
        return;
      }
      detail::say_pieces(out, lang, Msg::sentence_first_by, lead_words(line.score), line.figure);
      return;
    case Kind::would_win:
      detail::say_pieces(out, lang, Msg::sentence_would_win, criterion, line.figure);
      return;
    case Kind::cannot_win:
      detail::say_pieces(out, lang, Msg::sentence_cannot_win);
      return;
    case Kind::wins_over: {
      // The gains in pieces too, joined by the list separator, as sentence() joins them.
      const auto wins = [&](TextPieces& into) {
        if (line.gains.empty()) {
          detail::say_pieces(into, lang, Msg::sentence_rounding);
          return;
        }
        bool first = true;
        for (const auto& gain : line.gains) {
          if (!first) into.add(text::message(Msg::list_separator, lang));
          first = false;
          detail::say_pieces(into, lang, Msg::sentence_gain, criterion_words(gain.criterion, lang),
                             detail::number(gain.points, 1), gain.figure, gain.rival_figure);
        }
      };
      detail::say_pieces(out, lang, Msg::sentence_wins_over, line.figure, line.own_figure, wins);
      return;
    }
    case Kind::spot_cheaper:
      if (!line.own_figure.empty()) {
        detail::say_pieces(out, lang, Msg::sentence_spot_cheaper_removed, line.figure,
                           detail::removal_words(line.own_figure, lang));
        return;
      }
      detail::say_pieces(out, lang, Msg::sentence_spot_cheaper, line.figure);
      return;
    case Kind::input_bound:
      detail::say_pieces(out, lang, Msg::sentence_input_bound, line.figure);
      return;
  }
}

std::vector<std::string> explain(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate,
                                 text::Lang lang) {
  std::vector<std::string> lines;
  for (const auto& line : explanation(catalog, ranking, candidate, nullptr, lang).lines) lines.push_back(sentence(line, lang));
  return lines;
}

std::vector<std::string_view> estimated_figures(const catalog::Catalog& catalog, const Candidate& candidate) {
  const auto& offering = catalog.offerings[candidate.offering_index];
  const auto& provider = catalog.provider_of(offering);
  std::vector<std::string_view> figures;
  // "pricing.<key>" per mode, as estimated_fields name prices: made once, not per row.
  static const auto price_keys = [] {
    std::array<std::string, catalog::pricing_mode_count> keys;
    for (std::size_t mode = 0; mode < keys.size(); ++mode) {
      keys[mode] = "pricing." + std::string(catalog::pricing_key(static_cast<catalog::PricingMode>(mode)));
    }
    return keys;
  }();
  const std::string& price_key = price_keys[static_cast<std::size_t>(candidate.mode)];
  // A spot quote that is suspect or older than a market price stays fresh is a guess at today's price.
  const bool guessed_spot = candidate.mode == catalog::PricingMode::spot &&
                            (candidate.cost.spot_quote_suspect() || candidate.cost.spot_quote_old);
  // So is a quote past a year (W-STALE-PRICE): the price of another year.
  const bool stale_quote = candidate.warnings.contains(Warning::stale_price);
  if (detail::listed(offering.estimated_fields, price_key) || guessed_spot || stale_quote) figures.emplace_back("price");
  if (candidate.mode == catalog::PricingMode::spot &&
      (candidate.cost.spot_rate_assumed || detail::listed(offering.estimated_fields, "spot_interruption_pct"))) {
    figures.emplace_back("spot_interruption_pct");
  }
  if (offering.stock != catalog::Stock::unknown && detail::listed(offering.estimated_fields, "stock")) {
    figures.emplace_back("stock");
  }
  // A provider known only from an import stub: its soft attributes are neutral stand-ins
  // (catalog::provider_stub), which this row's stability, usability and support rest on.
  if (detail::listed(provider.estimated_fields, "support")) figures.emplace_back("provider_attributes");
  // Provider fees and billing that enter this row's cost.
  for (std::string_view field : {"egress_per_gb", "public_ip_per_hour", "storage_per_gb_month",
                                 "billing_granularity_seconds", "environment.provision_minutes"}) {
    if (detail::listed(provider.estimated_fields, field)) figures.push_back(field);
  }
  return figures;
}

}  // namespace gpuselect::scoring
