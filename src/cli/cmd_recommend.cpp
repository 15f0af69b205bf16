// gpuselect recommend: rank offerings for one job.
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "cli/app.hpp"
#include "cli/catalog_update.hpp"
#include "cli/command.hpp"
#include "cli/help_text.hpp"
#include "cli/launch_flags.hpp"
#include "cli/plan_cache.hpp"
#include "cli/ranking_flags.hpp"
#include "cli/value_parsers.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/format_traits.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/units.hpp"
#include "gpuselect/version.hpp"
#include "io/files.hpp"

namespace gpuselect::cli {

namespace {

// A run that uses less than this share of a 1-year term is pointed to a block of its weeks before
// the term (judgement: half a term paid for nothing is where a term stops being the way).
constexpr double term_short_share = 0.5;

// The shortest run among the rows capacity removed, on the most nodes each offering may use (up to
// --max-nodes): its GPU-hours over those nodes' GPUs (scaled linearly, an approximation either way:
// the larger plan may offload less or communicate more); hours 0 where none. An exclusion records
// the node count the search reached, often one or two nodes of a run that --max-nodes allows on
// sixteen (expert review 54, s19). With a deadline, a row scaled that way that misses it takes the
// fewest nodes up to the offering's own limit that meet it, and the rows that meet it come first,
// the fewest GPUs first (expert review 57, S13: a 41.3-day block on 4 Nebius nodes was asked for
// under a 30-day deadline, where 6 nodes end in 27.5 d); `nodes` may then pass --max-nodes.
struct ShortestRun {
  double hours = 0;
  int nodes = 0;
  std::string offering_id;  // the offering whose run it is
};
ShortestRun shortest_capacity_run(const catalog::Catalog& catalog, const scoring::Ranking& ranking, int max_nodes,
                                  double deadline_hours = 0) {
  ShortestRun shortest;
  double shortest_gpus = 0;
  const auto meets = [&](double hours) { return deadline_hours > 0 && hours <= deadline_hours; };
  // Runs that meet the deadline first, the fewest GPUs among them; then the shortest.
  const auto order = [&](double hours, double gpus) {
    return std::tuple(!meets(hours), meets(hours) ? gpus : 0.0, hours);
  };
  for (const auto& exclusion : ranking.excluded) {
    const auto& offering = catalog.offerings[exclusion.offering_index];
    const double gpus_per_node = offering.gpu_count * offering.gpu_fraction;
    if (!(gpus_per_node > 0)) continue;
    for (const auto& reason : exclusion.reasons) {
      if (reason.kind != scoring::ExclusionKind::capacity || !(reason.needed > 0)) continue;
      // ExclusionReason::needed: the row's GPU-hours.
      int nodes = std::max({1, exclusion.nodes, std::min(max_nodes, offering.max_nodes)});
      if (deadline_hours > 0 && reason.needed / (nodes * gpus_per_node) > deadline_hours) {
        const double needed_nodes = std::ceil(reason.needed / (deadline_hours * gpus_per_node) - 1e-9);
        if (needed_nodes <= offering.max_nodes) nodes = std::max(nodes, static_cast<int>(needed_nodes));
      }
      const double gpus = nodes * gpus_per_node;
      const double hours = reason.needed / gpus;
      if (shortest.hours == 0 || order(hours, gpus) < order(shortest.hours, shortest_gpus)) {
        shortest = {hours, nodes, offering.id};
        shortest_gpus = gpus;
      }
    }
  }
  return shortest;
}

// Whether an offering capacity removed lists a `mode` price in a region --region allows: a capacity
// block or a reserved term is named only then (expert review 48, s23f: AWS p6-b200 lists none, and
// --pricing capacity-block then removed everything; review 55, p10 and p14: AWS lists blocks in the
// US, not in eu-west-2; p09: Nebius lists no reserved price).
bool capacity_removed_priced(const catalog::Catalog& catalog, const scoring::Ranking& ranking,
                             const scoring::Constraints& constraints, catalog::PricingMode mode) {
  return std::any_of(ranking.excluded.begin(), ranking.excluded.end(), [&](const auto& exclusion) {
    return std::any_of(exclusion.reasons.begin(), exclusion.reasons.end(),
                       [](const auto& reason) { return reason.kind == scoring::ExclusionKind::capacity; }) &&
           catalog.offerings[exclusion.offering_index].sold_in_any(mode, constraints.regions);
  });
}

// Capacity removed the rows, and none of them lists a block or a reserved price: the provider is
// asked for a quote of the run's length (ShortestRun, where known; with the --max-nodes it takes
// where that is past the request's).
text::Words capacity_unpriced_hint(const ShortestRun& run, std::size_t removed, int max_nodes) {
  return text::Words::in_each([&](text::Lang lang) {
    const auto clause =
        run.nodes > max_nodes ? text::Msg::hint_clause_run_length_more_nodes : text::Msg::hint_clause_run_length;
    const std::string length =
        run.hours > 0 ? text::say(lang, clause, units::format_hours(run.hours), run.nodes, run.nodes == 1 ? "" : "s")
                      : std::string();
    return text::say(lang, text::Msg::hint_no_match_capacity_unpriced, removed, removed == 1 ? "" : "s", length);
  });
}

struct RecommendOptions {
  WorkloadFlags workload;
  RankingFlags ranking;
  OutputOptions output;
  LaunchFlags launch;
};

const std::vector<std::string> recommend_formats = render::formats_of(render::Document::recommend);

// The value of `kind`'s flag in an exit-3 hint: money to the cent, hours to a tenth, ms and nodes whole
// (each rounded up: the value admits the row).
std::string admit_value(scoring::ExclusionKind kind, double value) {
  if (kind == scoring::ExclusionKind::budget) return fmt::format("{:.2f}", std::ceil(value * 100) / 100);
  if (kind == scoring::ExclusionKind::deadline) return fmt::format("{:.1f}h", std::ceil(value * 10) / 10);
  return fmt::format("{:.0f}", std::ceil(value));
}

// A --budget value in a hint is a plain number in the output currency, checked against each row's
// cost at its band's upper end: said before the admit clause's closing parenthesis (expert review 5).
std::string with_budget_currency(std::string admits, scoring::ExclusionKind kind, std::string_view currency,
                                 text::Lang lang) {
  if (kind != scoring::ExclusionKind::budget || admits.empty()) return admits;
  const std::string_view close = lang == text::Lang::zh_cn ? "）" : ")";
  if (!admits.ends_with(close)) return admits;
  admits.insert(admits.size() - close.size(), text::say(lang, text::Msg::hint_budget_currency, currency));
  return admits;
}

// The flag an exit-3 hint's value is for: an llm-inference latency row is admitted by its TPOT at the
// confidence (the row's TTFT already holds, Ranking::lever_admit), so the value is --tpot-ms's.
std::string_view admit_flag(scoring::ExclusionKind kind, workload::Kind job) {
  if (kind == scoring::ExclusionKind::latency && workload::kind_traits(job).physics == workload::Physics::token_serving) {
    return "--tpot-ms";
  }
  return scoring::flag_of(kind, job);
}

// The capacity-block row --pricing capacity-block ranks first (Ranking::block_alternative), said as
// `message` (its nodes, plural, offering, block days, cost, time to result).
std::string block_row_words(text::Lang lang, text::Msg message, const scoring::Ranking::Alternative& block,
                            std::string_view currency, const std::string& flags) {
  return text::say(lang, message, block.nodes, block.nodes == 1 ? "" : "s", block.offering_id,
                   fmt::format("{:.0f}", block.held_hours / 24.0), units::format_money(block.total_cost, currency),
                   units::format_hours(block.hours), flags);
}

// The block product of the provider an offering id names ("aws/p5.48xlarge"), said after "ask the
// provider for a block"; empty where the provider sells none we can name (expert review 57, S10: an
// Azure-only run was pointed at AWS Capacity Blocks and Google Cloud's calendar-mode reservations).
std::string block_products(std::string_view offering_id, text::Lang lang) {
  struct Product {
    std::string_view provider;
    text::Msg words;
  };
  constexpr std::array<Product, 2> products = {
      {{"aws", text::Msg::block_products_aws}, {"gcp", text::Msg::block_products_gcp}}};
  const std::string_view provider = offering_id.substr(0, offering_id.find('/'));
  for (const auto& product : products) {
    if (product.provider == provider) return std::string(text::message(product.words, lang));
  }
  return {};
}

// The flags that rank the block alternative first: --pricing capacity-block where the request's
// pricing leaves blocks out, --max-nodes where the block is larger than the request's.
std::string block_flags(const scoring::Ranking::Alternative& block, const scoring::Constraints& constraints) {
  const auto& modes = constraints.pricing_modes;  // empty: every mode
  const bool allowed = modes.empty() || constraints.blocks_when_needed ||
                       std::find(modes.begin(), modes.end(), catalog::PricingMode::capacity_block) != modes.end();
  std::string flags = allowed ? "" : "--pricing capacity-block";
  if (block.nodes > constraints.max_nodes) flags += fmt::format("{}--max-nodes {}", flags.empty() ? "" : " ", block.nodes);
  return flags.empty() ? "--pricing capacity-block" : flags;
}

// The offering of a row an exit-3 hint admits, with its mode and total where the mode holds
// capacity (a block, a term): "aws/p6-b200.48xlarge (capacity-block, $4,382,020)" (expert review 58,
// s35: a looser deadline's soonest row was a 64-node block, said neither as a block nor priced).
std::string admitted_row(const scoring::Ranking& ranking, std::uint32_t exclusion, const std::string& offering_id) {
  const auto& row = ranking.excluded[exclusion];
  if (!row.mode || !catalog::holds_capacity(*row.mode) || !(row.total_cost > 0)) return offering_id;
  return fmt::format("{} ({}, {})", offering_id, catalog::to_string(*row.mode),
                     units::format_money(row.total_cost, ranking.currency));
}

// The least total of the rows the exit-3 hint's looser value admits (Ranking::admit and
// admit_soonest); infinity where none is priced.
double cheapest_admitted_total(const scoring::Ranking& ranking) {
  double least = std::numeric_limits<double>::infinity();
  for (const auto& admitted : {ranking.admit, ranking.admit_soonest}) {
    if (!admitted) continue;
    const double total = ranking.excluded[admitted->exclusion].total_cost;
    if (total > 0) least = std::min(least, total);
  }
  return least;
}

// The value of the constraint that removed the most which admits the cheapest row it removed (and
// the soonest, for a deadline), as " (--deadline 94.0h admits the cheapest of them, ...)"; empty
// when none admits one (Ranking::admit) or only a deadline past estimate::longest_run_hours would.
std::string admits_words(const scoring::Ranking& ranking, text::Lang lang) {
  using text::Msg;
  if (!ranking.admit || !ranking.top_exclusion) return {};
  const auto& admitted = ranking.excluded[ranking.admit->exclusion];
  const auto kind = *ranking.top_exclusion;
  const std::string value = admit_value(kind, ranking.admit->value);
  // A deadline past the longest run ranked without one is no way out (expert review 56, c05: "--deadline
  // 17297.4h admits the cheapest", a 678-day run): the soonest row alone where its deadline is within
  // it, else none.
  const auto beyond_longest_run = [&](double value_hours) {
    return kind == scoring::ExclusionKind::deadline && value_hours > estimate::longest_run_hours;
  };
  if (beyond_longest_run(ranking.admit->value)) {
    if (!ranking.admit_soonest || beyond_longest_run(ranking.admit_soonest->value)) return {};
    const auto& soonest = ranking.excluded[ranking.admit_soonest->exclusion];
    return text::say(lang, Msg::hint_no_match_admits_soonest, scoring::flag_of(kind, ranking.kind),
                     admit_value(kind, ranking.admit_soonest->value),
                     admitted_row(ranking, ranking.admit_soonest->exclusion, ranking.admit_soonest->offering_id),
                     soonest.nodes, soonest.nodes == 1 ? "" : "s");
  }
  if (ranking.admit_soonest) {
    // Also the soonest row and the deadline that admits it (expert review 24 D7: 4054.6 h offered
    // under --deadline 24, the cheapest row's time, while 59 nodes end in 3.9 d).
    const auto& soonest = ranking.excluded[ranking.admit_soonest->exclusion];
    return text::say(lang, Msg::hint_no_match_admits_both, scoring::flag_of(kind, ranking.kind), value,
                     admitted_row(ranking, ranking.admit->exclusion, ranking.admit->offering_id), admitted.nodes,
                     admitted.nodes == 1 ? "" : "s", admit_value(kind, ranking.admit_soonest->value),
                     admitted_row(ranking, ranking.admit_soonest->exclusion, ranking.admit_soonest->offering_id),
                     soonest.nodes, soonest.nodes == 1 ? "" : "s");
  }
  return with_budget_currency(text::say(lang, Msg::hint_no_match_admits, admit_flag(kind, ranking.kind), value,
                                        admitted_row(ranking, ranking.admit->exclusion, ranking.admit->offering_id),
                                        admitted.nodes, admitted.nodes == 1 ? "" : "s"),
                              kind, ranking.currency, lang);
}

// --deadline and capacity emptied a training ranking together: a capacity block that meets the
// deadline first (where --pricing left blocks out), then the row a 1-year reservation ranks first,
// or the deadline that admits the soonest one (Ranking::reservation), with the term's commitment
// (expert review 24 D5: a $5.24M term named for a row its own ranking did not rank first).
text::Words reservation_hint(const scoring::Ranking& ranking, std::size_t removed, std::string_view currency,
                             const scoring::Constraints& constraints) {
  const int max_nodes = constraints.max_nodes;
  const auto& block = *ranking.reservation;
  // The row --pricing reserved-1y ranks first where it meets the deadline; else the soonest one.
  const bool ranked = block.meets && ranking.reserved_alternative;
  const int nodes = ranked ? ranking.reserved_alternative->nodes : block.nodes;
  const std::string& offering = ranked ? ranking.reserved_alternative->offering_id : block.offering_id;
  const double commitment = ranked ? ranking.reserved_alternative->commitment : ranking.reservation_commitment;
  const double hourly = ranked ? ranking.reserved_alternative->price_per_hour : ranking.reservation_price_per_hour;
  // The term's hours the commitment holds each instance for (whole months or years; one reservation).
  const double held_hours = hourly > 0 && nodes > 0 ? commitment / (hourly * nodes) : catalog::term_hours(block.mode);
  const std::string more_nodes = nodes > max_nodes ? fmt::format(" --max-nodes {}", nodes) : std::string();
  // The run the term holds, without the waits before it (a reservation's lead time is not a block's
  // length: expert review 55, p16), as a term or block is sized for it (Reservation::run_hours).
  const double run_hours = ranked ? ranking.reserved_alternative->run_hours : block.run_hours;
  return text::Words::in_each([&](text::Lang lang) {
    const std::string confidence = fmt::format("{:.0f}%", ranking.confidence * 100);
    std::string block_first =
        ranking.block_alternative
            ? block_row_words(lang, text::Msg::hint_clause_block_first, *ranking.block_alternative, currency,
                              block_flags(*ranking.block_alternative, constraints))
            : std::string();
    // A 1-year term for a run far shorter, where no offering in scope lists a block price: a block of
    // the run's weeks from the provider first (expert review 54, s20 and s25: a 14-day GCP run was
    // offered only a $2.77M 1-year term).
    // First only where the term meets the deadline or the run alone does (a term's reservation lead
    // time is no block's): a block of a longer run misses it too, said after the term with the
    // looser deadline it takes (expert review 59, D03: "a block ... for a run of about 55.3 d on 64
    // nodes" led a 30-day hint).
    std::string block_late;
    if (block_first.empty() && !ranking.blocks_in_scope && block.mode == catalog::PricingMode::reserved_1y &&
        run_hours > 0 && run_hours < term_short_share * catalog::term_hours(block.mode)) {
      const std::string share = fmt::format("{:.0f}", 100.0 * run_hours / catalog::term_hours(block.mode));
      const std::string with_nodes =
          nodes > max_nodes ? text::say(lang, text::Msg::hint_clause_with_max_nodes, nodes) : std::string();
      const bool run_meets = block.meets || run_hours <= constraints.deadline_hours.value_or(0);
      (run_meets ? block_first : block_late) =
          text::say(lang, run_meets ? text::Msg::hint_clause_ask_block_first : text::Msg::hint_clause_ask_block_late,
                    units::format_hours(run_hours), share, nodes, nodes == 1 ? "" : "s", block_products(offering, lang),
                    offering, with_nodes);
    }
    // Capacity tied with the deadline (open capacity does not hold the job), or --pricing allowed
    // held terms alone and none meets the deadline on any node count.
    const bool capacity_named = ranking.top_exclusion == scoring::ExclusionKind::capacity ||
                                std::find(ranking.tied_exclusions.begin(), ranking.tied_exclusions.end(),
                                          scoring::ExclusionKind::capacity) != ranking.tied_exclusions.end();
    // Met on a term where the deadline alone removed the most: capacity is not named as tied.
    const text::Msg message = block.meets      ? (capacity_named || !ranking.tied_exclusions.empty()
                                                      ? text::Msg::hint_no_match_reservation
                                                      : text::Msg::hint_no_match_reservation_deadline)
                              : capacity_named ? text::Msg::hint_no_match_reservation_late
                                               : text::Msg::hint_no_match_term_late;
    // Beside a term, the looser deadline that admits the cheapest row the deadline removed, where one
    // does (review 31 round 2, P3: a CN¥3,027,456 month of 16 nodes was the only way offered, not
    // --deadline 1251.1h on one node). Not where --pricing allowed terms alone: the term is the way.
    const std::string admits = capacity_named ? admits_words(ranking, lang) : std::string();
    const std::string looser =
        admits.empty() ? std::string() : text::say(lang, text::Msg::hint_clause_looser_deadline, admits);
    // Neither the term nor a block meets the deadline, and a row a looser deadline admits costs less
    // than the term commits: the looser deadline is said first, the term after it as what ends
    // sooner at its commitment (expert review 58, s35: a $55.9M 1-year term of 64 nodes led the
    // hint, 4 days sooner than a $4.38M block).
    const text::Msg said = message == text::Msg::hint_no_match_reservation_late && !admits.empty() &&
                                   cheapest_admitted_total(ranking) < commitment
                               ? text::Msg::hint_no_match_reservation_late_looser
                               : message;
    // After the term: the looser deadline where the term led, then the block of the run's weeks.
    const std::string after_term =
        (said == text::Msg::hint_no_match_reservation_late_looser ? std::string() : looser) + block_late;
    return text::say(lang, said, scoring::emptying_constraints(ranking, lang), removed, removed == 1 ? "" : "s", nodes,
                     offering, confidence, admit_value(scoring::ExclusionKind::deadline, block.deadline_hours),
                     block_first, units::format_money(commitment, currency), units::format_money(hourly, currency),
                     nodes == 1 ? "" : "s", catalog::to_string(block.mode), more_nodes, units::format_whole(held_hours),
                     scoring::pricing_mode_words(block.mode, lang), after_term, admits);
  });
}

// A held term is named for a run of at least a twelfth of it (judgement: a term of twelve such runs
// is a different plan): a 1-year term for a run of a month or more, a month's subscription for one of
// 61 hours or more. A mainland 4.6-day 2-node pretraining is bought as a month's subscription (包月;
// expert review 31, S31), an 8-hour fine-tune is not (expert review 24 D3). Shorter runs' hints lead
// with the --deadline that admits a row. The run's length: the held row's own time where one is
// ranked (`run_hours`: 3 monthly nodes that finish in 33.6 h use 5% of the months bought, while one
// on-demand node met a 94-hour deadline for 1/78 of the price: review 31 round 2, P1), else the
// deadline that admits the cheapest row.
constexpr double term_worthy_share = 1.0 / 12;
bool term_worthy(const scoring::Ranking& ranking, catalog::PricingMode term,
                 std::optional<double> run_hours = std::nullopt) {
  if (!run_hours && ranking.admit) run_hours = ranking.admit->value;
  return !run_hours || *run_hours >= catalog::term_hours(term) * term_worthy_share;
}

// A fact of the job removed the most, but constraints the user can relax removed offerings alone:
// those are named first, with the value that admits the cheapest row (Ranking::levers), and where
// --deadline is one, the held term that meets it (Ranking::lever_term).
text::Words lever_hint(const scoring::Ranking& ranking, std::size_t removed, std::string_view currency, int max_nodes) {
  using text::Msg;
  const auto fact = [&] {
    switch (*ranking.top_exclusion) {
      case scoring::ExclusionKind::host_ram: return Msg::lever_fact_host_ram;
      case scoring::ExclusionKind::software: return Msg::lever_fact_software;
      case scoring::ExclusionKind::precision:
        return Msg::lever_fact_precision;
      default:
        return workload::kind_traits(ranking.kind).serving() ? Msg::lever_fact_memory_serving : Msg::lever_fact_memory;
    }
  }();
  return text::Words::in_each([&](text::Lang lang) {
    std::string levers;
    for (const auto kind : ranking.levers) levers += (levers.empty() ? "" : ", ") + std::string(scoring::flag_of(kind, ranking.kind));
    std::string admits;
    if (ranking.lever_admit) {
      const auto& admitted = ranking.excluded[ranking.lever_admit->exclusion];
      const auto kind = ranking.lever_admit_kind;
      admits = text::say(lang, Msg::hint_no_match_admits, admit_flag(kind, ranking.kind),
                         admit_value(kind, ranking.lever_admit->value), ranking.lever_admit->offering_id, admitted.nodes,
                         admitted.nodes == 1 ? "" : "s");
      admits = with_budget_currency(std::move(admits), kind, ranking.currency, lang);
    }
    const int offerings = ranking.lever_offerings;
    const auto allow_flags = static_cast<std::size_t>(std::count_if(
        ranking.levers.begin(), ranking.levers.end(),
        [&](auto kind) { return std::string_view(scoring::flag_of(kind, ranking.kind)).starts_with("--allow-"); }));
    const Msg relax = allow_flags == 0                      ? Msg::hint_relax_value
                      : allow_flags == ranking.levers.size() ? (allow_flags == 1 ? Msg::hint_relax_allow : Msg::hint_relax_allow_many)
                                                             : Msg::hint_relax_either;
    // After the way to relax the levers: the held term that meets the deadline, where one does and the
    // run is worth the term (term_worthy).
    std::string relax_words(text::message(relax, lang));
    if (const auto& term = ranking.lever_term; term && term_worthy(ranking, term->mode, term->run_hours)) {
      const std::string more_nodes = term->nodes > max_nodes ? fmt::format(" --max-nodes {}", term->nodes) : "";
      relax_words += text::say(lang, Msg::hint_clause_lever_term, term->nodes, term->nodes == 1 ? "" : "s",
                               term->offering_id, fmt::format("{:.0f}%", ranking.confidence * 100),
                               scoring::pricing_mode_words(term->mode, lang), catalog::to_string(term->mode),
                               more_nodes, units::format_money(ranking.reservation_commitment, currency));
    }
    // The software stack's rows are admitted by --allow-immature-stack (expert review 30 D3: the hint
    // said no constraint admits them).
    // Another --precision may run on the rows a precision removed, where the job fits at it.
    // Where every such GPU only overflows the model's fp16, the flag would rank rows that print NaNs
    // (expert review 47, m06: Qwen2.5 on Tencent's V100).
    const auto software_template = ranking.software_only_fp16_overflow ? Msg::hint_no_match_user_lever_fp16
                                                                       : Msg::hint_no_match_user_lever_software;
    const Msg template_id = *ranking.top_exclusion == scoring::ExclusionKind::software ? software_template
                            : *ranking.top_exclusion == scoring::ExclusionKind::precision
                                ? Msg::hint_no_match_user_lever_precision
                                : Msg::hint_no_match_user_lever;
    return text::say(lang, template_id, levers, offerings, offerings == 1 ? "" : "s", admits, removed,
                     text::message(fact, lang), relax_words);
  });
}

// Ranking::reservation's term, on the run it holds: the row its ranking puts first, else the soonest
// on the term (or the deadline it meets).
bool reservation_worthy(const scoring::Ranking& ranking) {
  const auto& reservation = *ranking.reservation;
  const auto& ranked = ranking.reserved_alternative;
  return term_worthy(ranking, reservation.mode,
                     reservation.meets && ranked ? ranked->hours : reservation.deadline_hours);
}

// The deadline is met only beyond open capacity (Ranking::scale_out): the capacity-block row that
// meets it where --pricing left blocks out; else the block that size, with capacity blocks named only
// where an offering in scope sells them and a 1-year term only for a run of a month or more (expert
// review 24 D3: both offered for an 8-hour fine-tune in mainland China, where no one sells blocks).
std::string deadline_block_hint(text::Lang lang, const scoring::Ranking& ranking, std::size_t removed,
                                const std::string& admits, std::string_view currency,
                                const scoring::Constraints& constraints) {
  using text::Msg;
  const int max_nodes = constraints.max_nodes;
  const std::string plural = removed == 1 ? "" : "s";
  if (const auto& block = ranking.block_alternative) {
    return text::say(lang, Msg::hint_no_match_deadline_block_row, ranking.scale_out->nodes,
                     ranking.scale_out->offering_id, removed, plural, admits, block->nodes, block->nodes == 1 ? "" : "s",
                     block->offering_id, fmt::format("{:.0f}", block->held_hours / 24.0),
                     units::format_money(block->total_cost, currency), units::format_hours(block->hours),
                     block_flags(*block, constraints));
  }
  // Where no term is named: whether a 1-year term would be.
  const bool year_worthy = term_worthy(ranking, catalog::PricingMode::reserved_1y);
  const auto& held = ranking.held_alternative;
  if (held && (!ranking.held_pricing_named || term_worthy(ranking, held->mode, held->hours))) {
    // The flags that rank it: --max-nodes where the scale-out is beyond the request's, and its
    // subscription's --pricing where the request's own pricing ranks none (a term only for a run
    // of a twelfth of the term or more, term_worthy).
    std::string flags = ranking.held_pricing_named ? fmt::format("--pricing {}", catalog::to_string(held->mode)) : "";
    if (held->nodes > max_nodes) flags += fmt::format("{}--max-nodes {}", flags.empty() ? "" : " ", held->nodes);
    if (flags.empty()) flags = fmt::format("--max-nodes {}", held->nodes);
    return text::say(lang, Msg::hint_no_match_deadline_held, ranking.scale_out->nodes, ranking.scale_out->offering_id,
                     removed, plural, admits, flags, held->nodes, held->nodes == 1 ? "" : "s", held->offering_id,
                     scoring::pricing_mode_words(held->mode, lang), units::format_money(held->total_cost, currency),
                     units::format_hours(held->hours));
  }
  // No ranking with more nodes puts a row first: the held term the offerings sell that meets it, or
  // the soonest one and the deadline that admits it (the mainland's subscriptions, not reserved-1y).
  if (ranking.reservation && !ranking.block_alternative && reservation_worthy(ranking)) {
    return reservation_hint(ranking, removed, currency, constraints).say(lang);
  }
  // Where no block is in scope and no term is worth the run, the provider is asked for a block that
  // size (expert review 56, p20: a 5-day GCP run was told only that 4 nodes exceed open capacity).
  const Msg clause = ranking.blocks_in_scope
                         ? (year_worthy ? Msg::hint_clause_no_block_term : Msg::hint_clause_no_block)
                         : (year_worthy ? Msg::hint_clause_term : Msg::hint_clause_ask_block);
  const std::string said = clause == Msg::hint_clause_ask_block
                               ? text::say(lang, clause, units::format_hours(ranking.scale_out->run_hours),
                                           block_products(ranking.scale_out->offering_id, lang))
                               : std::string(text::message(clause, lang));
  return text::say(lang, year_worthy ? Msg::hint_no_match_deadline_block : Msg::hint_no_match_deadline_short,
                   ranking.scale_out->nodes, ranking.scale_out->offering_id, removed, plural, admits, said);
}

// What to do when nothing is left: the constraint that removed the most (and those tied with it),
// the value of it that admits the cheapest candidate it removed, and a scale-out that meets it.
// `constraints`: those the ranking ran under (which pricing modes it allowed).
text::Words no_match_hint(const catalog::Catalog& catalog, const scoring::Ranking& ranking,
                          const scoring::Options& options) {
  using text::Msg;
  const scoring::Constraints& constraints = options.constraints;
  // --gpu naming only GPUs no offering sells (the Ascend 910B has figures but no public price): no
  // other constraint would help; an overlay with the team's own offer does.
  if (!constraints.gpus.empty()) {
    const bool any_sold = std::any_of(constraints.gpus.begin(), constraints.gpus.end(), [&](const std::string& name) {
      return catalog.find_gpu(name) != nullptr &&
             std::any_of(catalog.offerings.begin(), catalog.offerings.end(), [&](const catalog::Offering& o) {
               return catalog::gpu_name_selects(catalog, name, catalog.gpu_of(o));
             });
    });
    if (!any_sold) {
      // Each GPU by the name its reader reads (华为昇腾 910B 64GB under --lang zh-CN), else as typed.
      return text::Words::in_each([&](text::Lang lang) {
        std::string unsold;
        for (const auto& name : constraints.gpus) {
          const catalog::Gpu* gpu = catalog.find_gpu(name);
          unsold +=
              (unsold.empty() ? "" : ", ") + std::string(gpu != nullptr ? catalog::display_name(*gpu, lang) : name);
        }
        return text::say(lang, Msg::hint_no_match_gpu_unsold, unsold);
      });
    }
  }
  if (!ranking.top_exclusion) return text::words(Msg::hint_no_match_loosen);
  std::size_t removed = 0;
  for (const auto& exclusion : ranking.excluded) {
    for (const auto& reason : exclusion.reasons) {
      if (reason.kind == *ranking.top_exclusion) {
        ++removed;
        break;
      }
    }
  }
  const std::string plural = removed == 1 ? "" : "s";
  // Without --deadline the deadline rule is the longest run ranked (estimate::longest_run_hours): the
  // levers are more nodes or larger GPUs, not a deadline of years (expert review 36: "--deadline
  // 34830.3h admits" a four-year run where --max-nodes 8 ranks one of 292 days).
  // Capacity removes on-demand runs past the planning horizon, the rule the held terms' long runs:
  // one problem, said once (expert review 36: "a longer --deadline or --pricing capacity-block" where
  // neither helped at --max-nodes 4).
  const auto named = [&](scoring::ExclusionKind kind) {
    return ranking.top_exclusion == kind || std::find(ranking.tied_exclusions.begin(), ranking.tied_exclusions.end(),
                                                      kind) != ranking.tied_exclusions.end();
  };
  if (!constraints.deadline_hours &&
      (named(scoring::ExclusionKind::deadline) || named(scoring::ExclusionKind::capacity))) {
    std::size_t too_long = 0;
    bool rule_fired = false;
    for (const auto& exclusion : ranking.excluded) {
      bool counted = false;
      for (const auto& reason : exclusion.reasons) {
        rule_fired = rule_fired || reason.kind == scoring::ExclusionKind::deadline;
        if (!counted &&
            (reason.kind == scoring::ExclusionKind::deadline || reason.kind == scoring::ExclusionKind::capacity)) {
          ++too_long;
          counted = true;
        }
      }
    }
    if (rule_fired) {
      return text::words(Msg::hint_no_match_longest_run, too_long, too_long == 1 ? "" : "s",
                         static_cast<int>(estimate::longest_run_hours / 24.0), constraints.max_nodes);
    }
  }
  if (ranking.top_exclusion == scoring::ExclusionKind::capacity) {
    const auto& modes = constraints.pricing_modes;  // empty: every mode
    const bool reserved_allowed = modes.empty() || std::any_of(modes.begin(), modes.end(), [](catalog::PricingMode mode) {
      return mode == catalog::PricingMode::reserved_1y || mode == catalog::PricingMode::reserved_3y;
    });
    // A term other than a 1-year reservation holds it (a mainland subscription): named as sold.
    const auto term = ranking.capacity_term;
    const bool term_allowed = term && std::find(modes.begin(), modes.end(), *term) != modes.end();
    if (!reserved_allowed && term && !term_allowed && *term != catalog::PricingMode::reserved_1y) {
      return text::words(Msg::hint_no_match_capacity_term, removed, plural, catalog::to_string(*term),
                         ranking.capacity_term_offering_id);
    }
    const bool block_priced =
        capacity_removed_priced(catalog, ranking, constraints, catalog::PricingMode::capacity_block);
    const bool reserved_priced =
        capacity_removed_priced(catalog, ranking, constraints, catalog::PricingMode::reserved_1y);
    const double term_hours = catalog::term_hours(catalog::PricingMode::reserved_1y);
    const ShortestRun run = shortest_capacity_run(catalog, ranking, constraints.max_nodes);
    if (!reserved_priced) {
      if (block_priced) return text::words(Msg::hint_no_match_capacity_block_only, removed, plural);
      return capacity_unpriced_hint(run, removed, constraints.max_nodes);
    }
    const Msg message = reserved_allowed ? (block_priced ? Msg::hint_no_match_capacity_reserved
                                                         : Msg::hint_no_match_capacity_reserved_no_block)
                                         : (block_priced ? Msg::hint_no_match_capacity : Msg::hint_no_match_capacity_no_block);
    // A run far shorter than the 1-year term it would be pointed to: a block of its weeks first
    // (expert review 52, p08: a 45-day run on GCP was sent to a $509k 1-year term, 11% of it used).
    // Where a block is priced, the run's length and the term's share beside both flags (expert review
    // 56, p15: a 19-day block of 8 nodes and a 145-day term of one were named as equals).
    const bool short_run = run.hours > 0 && run.hours < term_short_share * term_hours;
    if (short_run && (message == Msg::hint_no_match_capacity_no_block || message == Msg::hint_no_match_capacity)) {
      return text::Words::in_each([&](text::Lang lang) {
        return text::say(lang,
                         message == Msg::hint_no_match_capacity ? Msg::hint_no_match_capacity_short_run_priced
                                                                : Msg::hint_no_match_capacity_short_run,
                         removed, plural, units::format_hours(run.hours),
                         fmt::format("{:.0f}", 100.0 * run.hours / term_hours), run.nodes, run.nodes == 1 ? "" : "s",
                         block_products(run.offering_id, lang));
      });
    }
    return text::words(message, removed, plural);
  }
  // Met beyond open capacity (scale_out): deadline_block_hint says it, the reservation its fallback.
  const bool beyond_open = ranking.scale_out && ranking.scale_out->beyond_open_capacity;
  // A term not worth its run gives way to a looser deadline that admits a row (Ranking::admit), where
  // one does; where none does, the term is still the way (expert review 24 D2 and D5), as it is where
  // --pricing names held terms alone (expert review 55, p15: under --pricing reserved-1y the hint
  // named the deadline 3 nodes meet, 17,801.8 h, where 60 nodes of the term end in 531 h).
  const auto& modes = constraints.pricing_modes;
  const bool terms_asked =
      constraints.pricing_named && !modes.empty() &&
      std::all_of(modes.begin(), modes.end(), [](catalog::PricingMode mode) { return catalog::term_hours(mode) > 0; });
  if (ranking.reservation && !beyond_open && (reservation_worthy(ranking) || !ranking.admit || terms_asked)) {
    return reservation_hint(ranking, removed, options.currency, constraints);
  }
  if (!ranking.levers.empty()) return lever_hint(ranking, removed, options.currency, constraints.max_nodes);
  // --deadline and capacity emptied a training ranking, no term meets or nears the deadline, no block
  // or scale-out was found, and none of the rows capacity removed lists a block or a reserved price:
  // the provider is asked for a quote of the run's length, as without --deadline (expert review 56,
  // p18: "loosen them" on Nebius, where no looser deadline admits a row and capacity is no flag).
  if (named(scoring::ExclusionKind::deadline) && named(scoring::ExclusionKind::capacity) && !ranking.reservation &&
      !ranking.block_alternative && !ranking.scale_out && workload::kind_traits(ranking.kind).training() &&
      !capacity_removed_priced(catalog, ranking, constraints, catalog::PricingMode::capacity_block) &&
      !capacity_removed_priced(catalog, ranking, constraints, catalog::PricingMode::reserved_1y)) {
    return capacity_unpriced_hint(
        shortest_capacity_run(catalog, ranking, constraints.max_nodes, constraints.deadline_hours.value_or(0)), removed,
        constraints.max_nodes);
  }
  // A term that gave way (above): the value that admits a row, after the capacity block that meets
  // the deadline where there is one (reservation_hint's first clause).
  const std::string_view currency = options.currency;
  return text::Words::in_each([&](text::Lang lang) {
    std::string admits = admits_words(ranking, lang);
    const std::string block_first =
        ranking.block_alternative && !beyond_open
            ? block_row_words(lang, Msg::hint_clause_block_first, *ranking.block_alternative, currency,
                              block_flags(*ranking.block_alternative, constraints))
            : std::string();
    // The deadline is met only by a block beyond open capacity: capacity is what to act on, said
    // first (expert review 19: "--deadline removed the most" read as the deadline being the problem).
    if (ranking.scale_out && ranking.scale_out->beyond_open_capacity &&
        *ranking.top_exclusion == scoring::ExclusionKind::deadline) {
      return deadline_block_hint(lang, ranking, removed, admits, options.currency, constraints);
    }
    if (ranking.scale_out && ranking.scale_out->beyond_open_capacity) {
      admits += text::say(lang, Msg::hint_no_match_block, ranking.scale_out->nodes, ranking.scale_out->offering_id);
    } else if (ranking.scale_out) {
      admits += text::say(lang, Msg::hint_no_match_scale_out, ranking.scale_out->nodes, ranking.scale_out->offering_id);
    }
    // A rule the user did not pass but can lift (the production tier's --allow-* flags) is named as
    // the flag that lifts it, not as a constraint the user set (expert review 8).
    const auto lifted_by_flag = [](scoring::ExclusionKind kind) { return scoring::to_string(kind).starts_with("--allow-"); };
    if (lifted_by_flag(*ranking.top_exclusion) &&
        std::all_of(ranking.tied_exclusions.begin(), ranking.tied_exclusions.end(), lifted_by_flag)) {
      return text::say(lang, ranking.tied_exclusions.empty() ? Msg::hint_no_match_rule : Msg::hint_no_match_rules,
                       scoring::emptying_constraints(ranking, lang), removed, plural, admits);
    }
    // What no flag loosens (the job's own memory, a GPU's software stack) is said as what it is, with
    // the change that helps (expert review 14: "memory" read as a flag to loosen).
    // A serving replica stays within one instance: more nodes do not hold it (expert review 18).
    const bool serving = workload::kind_traits(ranking.kind).serving();
    // A stack weak on a training job's method has levers an unsupported one has not (expert review 44).
    const bool weak_method = ranking.weak_method_held_out;
    // Where every GPU the stack held out only overflows the model's fp16, no flag helps: the flag
    // would rank rows that print NaNs (expert review 51, s10: Qwen2.5 on Huawei Cloud's V100 and T4).
    const bool fp16_overflow = ranking.software_only_fp16_overflow;
    const auto said_as_what_it_is = [serving, weak_method,
                                     fp16_overflow](scoring::ExclusionKind kind) -> std::optional<Msg> {
      switch (kind) {
        case scoring::ExclusionKind::memory:
          return serving ? Msg::hint_no_match_memory_serving : Msg::hint_no_match_memory;
        case scoring::ExclusionKind::software:
          if (fp16_overflow) return Msg::hint_no_match_software_fp16;
          if (serving) return Msg::hint_no_match_software_serving;
          return weak_method ? Msg::hint_no_match_software_training : Msg::hint_no_match_software;
        default:
          return std::nullopt;
      }
    };
    // Host RAM: the --max-nodes that spreads the offload, or, where more nodes do not, a lighter job.
    if (*ranking.top_exclusion == scoring::ExclusionKind::host_ram) {
      if (ranking.host_ram_nodes > 0) {
        return text::say(lang, Msg::hint_no_match_host_ram_nodes, "", removed, plural, admits, ranking.host_ram_nodes,
                         ranking.host_ram_offering_id);
      }
      // A lighter method exists for fine-tuning only; a pretraining offloads less on larger GPUs.
      const bool has_lighter_method = workload::kind_traits(ranking.kind).starts_from_pretrained;
      return text::say(lang, has_lighter_method ? Msg::hint_no_match_host_ram_lighter : Msg::hint_no_match_host_ram,
                       "", removed, plural, admits);
    }
    // --max-nodes above every offering's cluster limit (Offering::max_nodes) is no lever (expert review
    // 38: a 100T-parameter pretraining at --max-nodes 100000 was told to allow more nodes).
    int most_nodes = 1;
    for (const auto& offering : catalog.offerings) most_nodes = std::max(most_nodes, offering.max_nodes);
    const bool nodes_no_lever = constraints.max_nodes >= most_nodes;
    if (!serving && nodes_no_lever && *ranking.top_exclusion == scoring::ExclusionKind::memory) {
      return text::say(lang, Msg::hint_no_match_memory_largest, "", removed, plural, admits, "", most_nodes);
    }
    if (const auto message = said_as_what_it_is(*ranking.top_exclusion)) {
      // The flags that make a serving replica lighter, as this workload takes them ({4}).
      const auto& traits = workload::kind_traits(ranking.kind);
      const std::string_view middle = traits.diffusion()                                   ? "--resolution"
                                      : traits.physics == workload::Physics::token_serving ? "--context"
                                                                                           : "";
      const std::string_view comma = text::message(Msg::list_comma, lang);
      const std::string lighter = middle.empty() ? fmt::format("--precision{}--batch", comma)
                                                 : fmt::format("--precision{0}{1}{0}--batch", comma, middle);
      return text::say(lang, *message, scoring::flag_of(*ranking.top_exclusion, ranking.kind), removed, plural, admits,
                       lighter);
    }
    if (!ranking.tied_exclusions.empty()) {
      return block_first + text::say(lang, Msg::hint_no_match_tied, scoring::emptying_constraints(ranking, lang, true), removed,
                                     plural, admits);
    }
    return block_first + text::say(lang, Msg::hint_no_match_top, scoring::flag_of(*ranking.top_exclusion, ranking.kind),
                                   removed, plural, admits);
  });
}

// --risk-averse: what a fragile service lacks is slack, so where the user set neither, serving
// replicas are planned at most 60% busy, and serving and training keep risk_averse_headroom_pct of GPU memory
// free (build_ranking_options; judgement: the queueing delay at 60% is well under half that at 80%
// for M/D/c; docs/scoring.md "Risk-averse").
constexpr double risk_averse_max_utilization = 0.6;

// `precision`, where given, replaces the flags' (a second sizing: add_fleet_alternatives).
workload::Profile resolve_profile(const RecommendOptions& options, const catalog::Catalog& catalog,
                                  std::optional<workload::Precision> precision = std::nullopt) {
  workload::Request request = workload_request(options.workload);
  if (precision) request.precision = precision;
  const bool serving = request.kind && workload::kind_traits(*request.kind).serving();
  std::vector<text::Words> said;  // JSON only (workload.defaults_applied)
  const bool training = request.kind && workload::kind_traits(*request.kind).training();
  if (options.ranking.risk_averse && serving && !request.max_utilization) {
    request.max_utilization = risk_averse_max_utilization;
    said.push_back(fmt::format("--risk-averse: replicas planned at most {:g}% busy (--max-utilization to set)",
                               risk_averse_max_utilization * 100));
  }
  if (options.ranking.risk_averse && (serving || training)) {
    if (options.ranking.min_headroom.empty()) {
      said.push_back(fmt::format("--risk-averse: {:g}% of GPU memory kept free (--min-headroom to set)",
                                 risk_averse_headroom_pct));
    }
  }
  workload::Profile profile = workload::resolve(request, catalog);
  // Latency targets are met at the ranking's confidence, as deadlines are (docs/estimation.md
  // "Serving at a confidence"); --risk-averse asks for at least estimate::risk_averse_confidence.
  if (workload::kind_traits(profile.kind).physics == workload::Physics::token_serving) {
    if (!options.ranking.confidence.empty()) {
      profile.latency_confidence =
          parse_quantity(options.ranking.confidence, "--confidence", ranges::Quantity::confidence);
    }
    if (options.ranking.risk_averse) {
      profile.latency_confidence = std::max(profile.latency_confidence, estimate::risk_averse_confidence);
      said.emplace_back(text::words(text::Msg::dflt_risk_averse));
    }
  }
  for (auto& sentence : said) profile.state(std::move(sentence));
  return profile;
}

// Serving with a load: #1's offering sized again, without --risk-averse and (where the precision
// was not given and its GPU has FP8 tensor cores) at FP8 weights, each said as a note where its
// fleet is markedly smaller (scoring::add_fleet_alternative_note; expert review 5: 16 L20s on a
// yearly term where the expected figures need 5, and 4 at FP8).
void add_fleet_alternatives(const RecommendOptions& options, const GlobalOptions& globals,
                            const catalog::Catalog& catalog, const workload::Profile& profile,
                            scoring::Ranking& ranking) {
  if (workload::kind_traits(profile.kind).physics != workload::Physics::token_serving ||
      !(profile.requests_per_s > 0)) {
    return;
  }
  const scoring::Candidate* first = scoring::ranked_first(ranking);
  if (first == nullptr) return;
  const catalog::Offering& offering = catalog.offerings[first->offering_index];
  const std::vector<std::string> ids{std::string(offering.id)};
  if (options.ranking.risk_averse) {
    RecommendOptions expected = options;
    expected.ranking.risk_averse = false;
    const workload::Profile expected_profile = resolve_profile(expected, catalog);
    const scoring::Options expected_options = build_ranking_options(expected.ranking, globals, catalog, expected_profile);
    scoring::add_fleet_alternative_note(catalog, ranking, scoring::FleetAlternative::expected,
                                        compare_checked_if_asked(catalog, expected_profile, expected_options, ids));
  }
  const bool sixteen_bit = profile.precision == workload::Precision::bf16 || profile.precision == workload::Precision::fp16;
  if (sixteen_bit && !workload_request(options.workload).precision && catalog.gpu_of(offering).fp8_dense_tflops) {
    const workload::Profile fp8_profile = resolve_profile(options, catalog, workload::Precision::fp8);
    const scoring::Options fp8_options = build_ranking_options(options.ranking, globals, catalog, fp8_profile);
    scoring::add_fleet_alternative_note(catalog, ranking, scoring::FleetAlternative::fp8,
                                        compare_checked_if_asked(catalog, fp8_profile, fp8_options, ids));
  }
}

// Serving whose --pricing asked for terms only (no on-demand) and whose #1 is a term: the same
// request ranked on demand, said as a note where its #1 costs less over the same hours
// (scoring::add_on_demand_cheaper_note; expert review 6: 28 A100s reserved for a year at ~$507k
// where 12 H200s on demand cost $368k).
// The same request ranked on demand, for serving whose --pricing names a term and not on demand
// (nullopt otherwise): its cheapest row is the cost criterion's reference too
// (scoring::Options::on_demand_reference), and its #1 the note's comparison.
std::optional<scoring::Ranking> rank_on_demand_beside_terms(const RecommendOptions& options, const GlobalOptions& globals,
                                                            const catalog::Catalog& catalog,
                                                            const workload::Profile& profile,
                                                            const scoring::Options& ranking_options) {
  const auto& modes = ranking_options.constraints.pricing_modes;
  if (!workload::kind_traits(profile.kind).serving() || modes.empty() ||
      std::find(modes.begin(), modes.end(), catalog::PricingMode::on_demand) != modes.end() ||
      std::none_of(modes.begin(), modes.end(), [](catalog::PricingMode mode) { return catalog::term_hours(mode) > 0; })) {
    return std::nullopt;
  }
  RecommendOptions on_demand = options;
  on_demand.ranking.pricing = "on-demand";
  // The same currency (a subscription-only --pricing may have defaulted it to CNY): totals compare.
  on_demand.ranking.currency = ranking_options.currency;
  scoring::Options on_demand_options = build_ranking_options(on_demand.ranking, globals, catalog, profile);
  on_demand_options.plan_store = ranking_options.plan_store;  // the same job: the same plans
  return rank_checked_if_asked(catalog, profile, on_demand_options);
}

void add_on_demand_alternative(const catalog::Catalog& catalog, const workload::Profile& profile,
                               scoring::Ranking& ranking, const std::optional<scoring::Ranking>& on_demand) {
  if (!workload::kind_traits(profile.kind).serving()) return;
  const scoring::Candidate* first = scoring::ranked_first(ranking);
  if (first == nullptr || !(catalog::term_hours(first->mode) > 0)) return;
  // On demand ranked beside the term already: its rows are the comparison.
  scoring::add_on_demand_cheaper_note(catalog, ranking, on_demand ? *on_demand : ranking);
}

int run(const RecommendOptions& options, const GlobalOptions& globals) {
  // The JSON echo and the HTML header show the catalog files' digests: taken as the files are read.
  if (const auto shown = format_if_valid(options.output, globals, recommend_formats);
      shown && render::traits(*shown).carries_digests) {
    request_catalog_file_digests();
  }
  const catalog::Catalog& catalog = keep_until_exit(load_catalog(globals));
  const workload::Profile profile = resolve_profile(options, catalog);
  const auto launch_request = parse_launch_flags(options.launch, options.output);
  scoring::Options ranking_options = build_ranking_options(options.ranking, globals, catalog, profile);
  const render::Format format = resolve_format(options.output, globals, recommend_formats);
  render::Style style = make_style(options.output, globals, format);
  style.show_excluded = options.ranking.show_excluded;
  style.show_pareto = options.ranking.pareto;
  style.generated_by = std::string("gpuselect ") + version_string;
  // What the document prints: the ranking leaves out what only the rest would read (scoring::Options::printed).
  ranking_options.printed = render::printed_parts(format, style);

  spdlog::info("ranking {} offerings for {}", catalog.offerings.size(), workload::to_string(profile.kind));
  constexpr std::size_t progress_from_offerings = 20000;  // below this a ranking takes well under a second
  if (!globals.quiet && io::is_terminal(STDERR_FILENO) && catalog.offerings.size() >= progress_from_offerings) {
    ranking_options.progress = [](std::size_t done, std::size_t total) {
      std::fprintf(stderr, "\rgpuselect: ranking %zu/%zu offerings%s", done, total, done == total ? "\n" : "");
      std::fflush(stderr);
    };
  }
  // The plans this job chose on this catalog before (docs/performance.md "The plan store").
  PlanCache plan_cache(globals, catalog, profile);
  ranking_options.plan_store = plan_cache.store();
  const std::optional<scoring::Ranking> on_demand =
      rank_on_demand_beside_terms(options, globals, catalog, profile, ranking_options);
  if (on_demand) ranking_options.on_demand_reference = {on_demand->best.cheapest_total, on_demand->best.cheapest_scored};
  scoring::Ranking ranked = rank_checked_if_asked(catalog, profile, ranking_options);
  plan_cache.keep();
  add_fleet_alternatives(options, globals, catalog, profile, ranked);
  add_on_demand_alternative(catalog, profile, ranked, on_demand);
  const scoring::Ranking& ranking = keep_until_exit(std::move(ranked));
  spdlog::info("{} candidates ranked, {} excluded", ranking.candidates.size(), ranking.excluded.size());

  if (launch_request) {
    return emit_launch(*launch_request, options.output, catalog, profile, ranking, style.lang,
                       ranking_options.constraints.regions);
  }

  render::RecommendView view{catalog, profile, ranking, ranking_options, {}, price_update_in_use(globals)};
  // The JSON echo and the HTML report's header name the catalog files read, with their digests.
  if (render::traits(format).carries_digests) view.catalog_files = catalog_file_digests(globals);
  if (render::traits(format).carries_command_line) view.command_line = shell_command_line(globals.arguments);
  if (render::traits(format).streamed) {
    // Streamed: a ranking of 100,000 offerings is hundreds of MB of JSON, never held whole.
    emit_streamed(options.output, format, style.color,
                  [&](std::ostream& out) { render::recommend(out, format, view, style); });
  } else {
    std::ostringstream text;
    render::recommend(text, format, view, style);
    emit(options.output, text.str(), format, style.color);
  }
  if (ranking.candidates.empty()) {
    // The document above is complete (it lists every exclusion); the exit code gates CI.
    text::Words hint = no_match_hint(catalog, ranking, ranking_options);
    if (ranking.replica_needs_rdma_offerings > 0) {
      const int count = ranking.replica_needs_rdma_offerings;
      hint = text::Words::in_each([&](text::Lang lang) {
        return hint.say(lang) + text::say(lang, text::Msg::hint_clause_replica_needs_rdma, count, count == 1 ? "" : "s",
                                          ranking.replica_needs_rdma_offering_id, count == 1 ? "s" : "",
                                          count == 1 ? "it" : "them");
      });
    }
    const Error no_match = Error::said(ErrorKind::no_match, "recommend", text::words(text::Msg::err_no_match), hint);
    std::fprintf(stderr, "gpuselect: error: %s\n", no_match.line(style.lang).c_str());
    return exit_no_match;
  }
  return exit_ok;
}

}  // namespace

Runner setup_recommend(CLI::App& command, GlobalOptions& globals) {
  auto options = std::make_shared<RecommendOptions>();
  add_workload_options(command, options->workload);
  add_ranking_options(command, options->ranking, true);
  add_output_options(command, options->output, true, recommend_formats);
  add_launch_options(command, options->launch);
  set_help_footer(
      command,
      "Example: gpuselect recommend --workload llm-finetune --params 7e9 --budget 500 --format json\n"
      "Launch the pick: gpuselect recommend --workload llm-finetune --params 7e9 --emit skypilot -o task.yaml\n"
      "Exit codes: 0 ranked, 2 bad input, 3 nothing satisfies the job and constraints, 1 I/O failure.");
  return [options, &globals] { return run(*options, globals); };
}

}  // namespace gpuselect::cli
