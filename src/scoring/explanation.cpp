// Explanations as data (strongest and weakest criteria with their figures, what it would take to
// win, what it wins on over a cheaper-and-faster row), their words, exclusion reasons and the
// estimated-figure marks (docs/scoring.md "Explanations").
#include "gpuselect/explain.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "gpuselect/units.hpp"
#include "scoring/scoring_internal.hpp"
#include "scoring/words.hpp"

namespace gpuselect::scoring {

namespace {

constexpr std::array<std::string_view, 8> explanation_kinds = {"strongest",  "weakest",   "first_by",     "would_win",
                                                               "cannot_win", "wins_over", "spot_cheaper", "input_bound"};

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
      if (candidate.mode == catalog::PricingMode::spot) {
        if (workload::is_serving(ranking.kind) && !ranking.spot_serving_allowed) {
          parts.emplace_back("serving on spot: no availability (--allow-spot-serving to accept)");
        } else {
          parts.push_back(fmt::format("spot, {} interrupted, {} chance of no interruption",
                                      detail::percent(candidate.cost.spot_interruption_pct / 100.0),
                                      detail::chance(candidate.cost.uninterrupted_probability)));
        }
      }
      if (provider.recovery.auto_checkpoint) parts.emplace_back("automatic checkpoints");
      {
        const auto& memory = ranking.performance_of(candidate).memory;
        if (memory.gpu_capacity_bytes > 0) {
          const double free_share = 1.0 - memory.per_gpu.total_bytes / memory.gpu_capacity_bytes;
          parts.push_back(fmt::format("{}% GPU memory free", detail::number(100.0 * free_share, 0)));
        }
      }
      if (workload::is_serving(ranking.kind) && gpu.segment != catalog::GpuSegment::datacenter) {
        parts.push_back(fmt::format("{} GPU", catalog::to_string(gpu.segment)));
      }
      if (workload::is_serving(ranking.kind) && candidate.gpus_needed > 1) {
        parts.push_back(fmt::format("{} GPUs in service: {}% chance of a month without a GPU failure",
                                    candidate.gpus_needed,
                                    detail::number(100.0 * detail::month_without_gpu_failure(candidate.gpus_needed), 0)));
      }
      break;
    case Criterion::performance: {
      const double checked_hours = detail::turnaround_check_hours(candidate);
      if (workload::is_training(ranking.kind) && candidate.hours > 0 &&
          checked_hours <= ranking.best.turnaround_hours) {
        parts.push_back(units::format_hours(candidate.hours) + ", within the " +
                        units::format_hours(ranking.best.turnaround_hours) + " turnaround (faster earns nothing more)");
      } else if (workload::is_training(ranking.kind) && candidate.hours <= ranking.best.turnaround_hours &&
                 ranking.best.turnaround_hours > 0) {
        parts.push_back(fmt::format("{}, but {} with the wait for capacity at 9 in 10 odds, past the {} turnaround",
                                    units::format_hours(candidate.hours), units::format_hours(checked_hours),
                                    units::format_hours(ranking.best.turnaround_hours)));
      } else if (workload::is_training(ranking.kind)) {
        parts.push_back(units::format_hours(candidate.hours) + " vs fastest " +
                        units::format_hours(ranking.best.fastest_hours));
      } else if (ranking.kind == workload::Kind::llm_inference &&
                 ranking.performance_of(candidate).serving.meets_targets) {
        const auto& serving = ranking.performance_of(candidate).serving;
        parts.push_back(fmt::format("meets the latency targets: TPOT {} ms, TTFT {} ms at batch {}",
                                    detail::number(serving.tpot_ms, 0), detail::number(serving.ttft_ms, 0),
                                    serving.batch));
      } else if (ranking.kind == workload::Kind::cv_inference) {
        const auto& throughput = ranking.performance_of(candidate).throughput;
        parts.push_back(fmt::format("carries the load: {} images/s per replica, {}% busy",
                                    detail::number(throughput.decode_tokens_per_s, 0),
                                    detail::number(100.0 * throughput.utilization, 0)));
      } else if (workload::is_serving(ranking.kind)) {
        parts.push_back(fmt::format("{} decode tokens/s per replica vs best {}",
                                    detail::number(ranking.performance_of(candidate).throughput.decode_tokens_per_s, 0),
                                    detail::number(ranking.best.best_speed, 0)));
      } else {
        parts.push_back(fmt::format("{} dense 16-bit TFLOPS vs best {}",
                                    detail::number(gpu.bf16_dense_tflops * offering.gpu_fraction, 0),
                                    detail::number(ranking.best.best_speed, 0)));
      }
      if (candidate.nodes > 1) {
        parts.push_back(fmt::format("{} nodes over {}", candidate.nodes, catalog::to_string(offering.network.rdma)));
      }
      break;
    }
    case Criterion::cost: {
      parts.push_back(units::format_money(candidate.total_cost, ranking.currency) +
                      (ranking.best.free_row ? " vs cheapest paid " : " vs cheapest ") +
                      units::format_money(ranking.best.cheapest_total, ranking.currency));
      const auto& cost = candidate.cost;
      // Said where the upper ends change the comparison (a wider band than the cheapest row's).
      const double scored_ratio = candidate.scored_cost / std::max(ranking.best.cheapest_scored, 1e-12);
      const double total_ratio = candidate.total_cost / std::max(ranking.best.cheapest_total, 1e-12);
      if (candidate.scored_cost > 0 && ranking.best.cheapest_scored > 0 && ranking.best.cheapest_total > 0 &&
          std::abs(scored_ratio - total_ratio) > 0.01 * total_ratio) {
        parts.push_back(fmt::format("scored at the price's upper end {} vs {}{}",
                                    units::format_money(candidate.scored_cost, ranking.currency),
                                    units::format_money(ranking.best.cheapest_scored, ranking.currency),
                                    cost.spot_quote_suspect() ? " (a suspect spot quote)" : " (the quote's age band)"));
      }
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
    // Usability and support read the provider only: FactsMemo keeps them per provider
    // (provider_level below). A figure of the row or offering here must leave provider_level.
    case Criterion::usability: {
      const auto& environment = provider.environment;
      parts.push_back("ready in " + detail::number(environment.provision_minutes, 0) + " min");
      if (environment.jupyterlab) parts.emplace_back("JupyterLab");
      if (environment.custom_containers) parts.emplace_back("custom containers");
      if (environment.kubernetes) parts.emplace_back("Kubernetes");
      parts.push_back(fmt::format("{} framework images", environment.images.size()));
      break;
    }
    case Criterion::support: {
      parts.push_back(std::string(catalog::to_string(provider.support.tier)) + " support");
      parts.emplace_back(catalog::to_string(provider.support.hours));
      parts.push_back("first answer in " + detail::number(provider.support.first_response_hours, 0) + " h");
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

// Usability and support figures are the provider's alone (its environment, support and compliance).
bool provider_level(Criterion criterion) { return criterion == Criterion::usability || criterion == Criterion::support; }

}  // namespace

const std::string& FactsMemo::facts(const catalog::Catalog& catalog, const Ranking& ranking,
                                    const Candidate& candidate, Criterion criterion) {
  // Key: the provider (high bit set) or the candidate's index in the ranking, times the criteria.
  const auto c = static_cast<std::uint64_t>(criterion);
  const std::uint64_t key =
      provider_level(criterion)
          ? (std::uint64_t{1} << 63) | (catalog.offerings[candidate.offering_index].provider_index * criterion_count + c)
          : static_cast<std::uint64_t>(&candidate - ranking.candidates.data()) * criterion_count + c;
  const auto [at, added] = figures_.try_emplace(key);
  if (added) at->second = scoring::facts(catalog, ranking, candidate, criterion);
  return at->second;
}

std::string reason_text(const ExclusionReason& reason, std::string_view currency) {
  switch (reason.kind) {
    case ExclusionKind::memory:
      return "needs " + units::format_gb(reason.needed) + " per GPU, has " + units::format_gb(reason.limit);
    case ExclusionKind::budget:
      return "costs " + units::format_money(reason.needed, currency) +
             (reason.detail.empty() ? "" : " (" + reason.detail + ")") + ", budget " +
             units::format_money(reason.limit, currency);
    case ExclusionKind::deadline:
      return "takes " + units::format_hours(reason.needed) + (reason.detail.empty() ? "" : " (" + reason.detail + ")") +
             ", deadline " + units::format_hours(reason.limit);
    case ExclusionKind::region:
    case ExclusionKind::provider:
    case ExclusionKind::gpu:
      return reason.detail;
    case ExclusionKind::pricing_mode:
      return reason.detail + ", not allowed by --pricing";
    case ExclusionKind::requirement:
      return "does not meet --require " + reason.detail;
    case ExclusionKind::nodes:
      if (!reason.detail.empty()) {
        return fmt::format("needs {} nodes to fit, {}", detail::number(reason.needed, 0), reason.detail);
      }
      return fmt::format("needs {} nodes to fit, --max-nodes {}", detail::number(reason.needed, 0),
                         detail::number(reason.limit, 0));
    case ExclusionKind::headroom:
      return fmt::format("leaves {}% of GPU memory free, --min-headroom {}%", detail::number(reason.limit, 1),
                         fmt::format("{:g}", reason.needed));
    case ExclusionKind::not_sold:
      return reason.detail.empty() ? "no price in any pricing mode" : reason.detail;
    case ExclusionKind::host_ram:
      return "needs " + units::format_gb(reason.needed) + " of host RAM per node for CPU offload, has " +
             units::format_gb(reason.limit) + " usable (after the reserve for the OS, data loaders and pinned buffers)";
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
    case ExclusionKind::spot_serving:
    case ExclusionKind::software:
      return reason.detail;
  }
  return reason.detail;
}

std::string_view to_string(Explanation::Kind kind) {
  const auto index = static_cast<std::size_t>(kind);
  return index < explanation_kinds.size() ? explanation_kinds[index] : std::string_view{};
}

Explanation explanation(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate,
                        FactsMemo* memo) {
  using Kind = Explanation::Kind;
  Explanation result;
  // Each figure is made once: this row's own (strongest or weakest may be a gain's criterion too),
  // and through the memo a provider's and a rival's, which many rows repeat.
  std::array<std::optional<std::string>, criterion_count> own_figures;
  const auto own_facts = [&](Criterion criterion) -> const std::string& {
    if (memo != nullptr && provider_level(criterion)) return memo->facts(catalog, ranking, candidate, criterion);
    auto& figure = own_figures[static_cast<std::size_t>(criterion)];
    if (!figure) figure = facts(catalog, ranking, candidate, criterion);
    return *figure;
  };
  const auto rival_facts = [&](const Candidate& rival, Criterion criterion) {
    return memo != nullptr ? memo->facts(catalog, ranking, rival, criterion) : facts(catalog, ranking, rival, criterion);
  };
  auto& lines = result.lines;
  // Serving rows all meet the load (and llm-inference the latency targets) and score 100 on
  // performance (the criterion saturates, docs/scoring.md): a criterion every row shares says nothing about this one.
  const auto says_something = [&](std::size_t c) {
    return !(workload::is_serving(ranking.kind) && static_cast<Criterion>(c) == Criterion::performance);
  };
  std::size_t strongest = says_something(0) ? 0 : 1;
  std::size_t weakest = strongest;
  for (std::size_t c = strongest + 1; c < criterion_count; ++c) {
    if (!says_something(c)) continue;
    if (candidate.criteria[c].score > candidate.criteria[strongest].score) strongest = c;
    if (candidate.criteria[c].score < candidate.criteria[weakest].score) weakest = c;
  }
  const auto criterion_line = [&](Kind kind, std::size_t c) {
    Explanation::Line line;
    line.kind = kind;
    line.criterion = static_cast<Criterion>(c);
    line.score = candidate.criteria[c].score;
    line.figure = own_facts(*line.criterion);
    return line;
  };
  lines.push_back(criterion_line(Kind::strongest, strongest));
  if (weakest != strongest) lines.push_back(criterion_line(Kind::weakest, weakest));
  // The GPUs wait on the data loader: the row's time is the loader's, not its GPUs'.
  if (const auto& input = ranking.performance_of(candidate).input; input.loader_bound) {
    Explanation::Line line;
    line.kind = Kind::input_bound;
    line.score = input.gpu_images_per_s > 0 ? 100.0 * input.images_per_s / input.gpu_images_per_s : 0.0;
    line.figure = fmt::format("{} vCPUs decode ~{:.0f} img/s of the ~{:.0f}", input.workers_per_node * input.nodes,
                              input.loader_images_per_s, input.gpu_images_per_s);
    lines.push_back(std::move(line));
  }

  if (candidate.rank == 1) {
    const Candidate* runner_up = nullptr;
    for (const auto& other : ranking.candidates) {
      if (other.rank == 2) runner_up = &other;
    }
    if (runner_up != nullptr) {
      Explanation::Line line;
      line.kind = Kind::first_by;
      line.score = candidate.score - runner_up->score;
      line.figure = catalog.offerings[runner_up->offering_index].id;
      lines.push_back(std::move(line));
    }
  } else if (const auto change = detail::weight_to_win(ranking, candidate)) {
    Explanation::Line line;
    line.kind = Kind::would_win;
    line.criterion = change->criterion;
    line.score = change->weight;
    line.at_least = change->at_least;
    line.figure = fmt::format("{} {}", change->at_least ? ">=" : "<=", detail::number(change->weight, 2));
    lines.push_back(std::move(line));
  } else {
    Explanation::Line line;
    line.kind = Kind::cannot_win;
    lines.push_back(std::move(line));
  }

  // Ranked above a candidate that is cheaper and faster: say what it wins on, in points.
  if (candidate.cheaper_and_faster_below < ranking.candidates.size()) {
    const Candidate& rival = ranking.candidates[candidate.cheaper_and_faster_below];
    const auto& rival_offering = catalog.offerings[rival.offering_index];
    Explanation::Line line;
    line.kind = Kind::wins_over;
    line.score = candidate.score - rival.score;
    line.figure =
        fmt::format("#{} {} {}: {} in {}", rival.rank, rival_offering.id, catalog::to_string(rival.mode),
                    units::format_money(rival.total_cost, ranking.currency), units::format_hours(rival.hours));
    line.own_figure = fmt::format("{} in {}", units::format_money(candidate.total_cost, ranking.currency),
                                  units::format_hours(candidate.hours));
    for (std::size_t c = 0; c < criterion_count; ++c) {
      const double gain = candidate.criteria[c].contribution - rival.criteria[c].contribution;
      if (gain >= 0.05) line.gains.push_back({static_cast<Criterion>(c), gain, {}, {}});
    }
    std::stable_sort(line.gains.begin(), line.gains.end(),
                     [](const Explanation::Gain& x, const Explanation::Gain& y) { return x.points > y.points; });
    for (auto& gain : line.gains) {
      gain.figure = own_facts(gain.criterion);
      gain.rival_figure = rival_facts(rival, gain.criterion);
    }
    lines.push_back(std::move(line));
  }

  const auto spot_ranked = [&] {
    return std::any_of(ranking.candidates.begin(), ranking.candidates.end(), [&](const Candidate& c) {
      return c.offering_index == candidate.offering_index && c.mode == catalog::PricingMode::spot;
    });
  };
  // spot_ranked() scans every candidate: asked last, only of the few whose spot line is cheapest.
  if (candidate.mode != catalog::PricingMode::spot && candidate.spot_total &&
      *candidate.spot_total < ranking.best.cheapest_total && !spot_ranked()) {
    Explanation::Line line;
    line.kind = Kind::spot_cheaper;
    line.figure = units::format_money(*candidate.spot_total, ranking.currency);
    lines.push_back(std::move(line));
  }
  return result;
}

std::string sentence(const Explanation::Line& line) {
  using Kind = Explanation::Kind;
  const std::string_view criterion = line.criterion ? to_string(*line.criterion) : std::string_view{};
  switch (line.kind) {
    case Kind::strongest:
    case Kind::weakest:
      return fmt::format("{}: {} {}/100: {}", to_string(line.kind), criterion, detail::number(line.score, 0),
                         line.figure);
    case Kind::first_by:
      return fmt::format("first by {} points over {}", detail::number(line.score, 1), line.figure);
    case Kind::would_win:
      return fmt::format("would rank first with {} weight {}", criterion, line.figure);
    case Kind::cannot_win:
      return "no change of a single weight puts it first";
    case Kind::wins_over: {
      std::string wins;
      for (const auto& gain : line.gains) {
        wins += fmt::format("{}{} +{} points ({} vs {})", wins.empty() ? "" : "; ", to_string(gain.criterion),
                            detail::number(gain.points, 1), gain.figure, gain.rival_figure);
      }
      return fmt::format("ranks above cheaper-or-faster {} (this: {}) on {}", line.figure, line.own_figure,
                         wins.empty() ? "rounding" : wins);
    }
    case Kind::spot_cheaper:
      return "would be the cheapest (" + line.figure + ") if spot were allowed";
    case Kind::input_bound:
      return "input pipeline bound: " + line.figure + " the GPUs could take";
  }
  return {};
}

std::vector<std::string> explain(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate) {
  std::vector<std::string> lines;
  for (const auto& line : explanation(catalog, ranking, candidate).lines) lines.push_back(sentence(line));
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
  if (detail::listed(offering.estimated_fields, price_key) || guessed_spot) figures.emplace_back("price");
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
