// Run-wide notes that set #1's serving fleet beside a second sizing: of the same offering, the
// expected figures (N-RISK-SIZED) and FP8 weights (N-FP8-SERVING); of the request, on demand where
// only terms were asked (N-ON-DEMAND-CHEAPER); docs/scoring.md "Notes".
#include <string>

#include "gpuselect/catalog.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/units.hpp"
#include "scoring/words.hpp"

namespace gpuselect::scoring {

namespace {

// An alternative is said when it rents at most this share of #1's GPUs (judgement: a fleet a third
// smaller changes what a team buys; below that the difference is within the estimate's band).
constexpr double fleet_said_share = 2.0 / 3.0;

// The alternative's row of #1's offering in #1's pricing mode (the fewest GPUs among its node counts).
const Candidate* same_offering(const Ranking& alternative, const Candidate& first) {
  const Candidate* same = nullptr;
  for (const auto& candidate : alternative.candidates) {
    if (candidate.offering_index == first.offering_index && candidate.mode == first.mode &&
        (same == nullptr || candidate.gpus_rented < same->gpus_rented)) {
      same = &candidate;
    }
  }
  return same;
}

// "16 GPUs (16 replicas at batch 10, CN¥43,166)".
std::string fleet_words(const Ranking& ranking, const Candidate& candidate, text::Lang lang) {
  const auto& performance = ranking.performance_of(candidate);
  return text::say(lang, text::Msg::note_fleet, candidate.gpus_rented, performance.throughput.replicas,
                   performance.serving.batch, units::format_money(candidate.total_cost, ranking.currency));
}

}  // namespace

const Candidate* ranked_first(const Ranking& ranking) {
  for (const auto& candidate : ranking.candidates) {
    if (candidate.rank == 1) return &candidate;
  }
  return nullptr;
}

void add_fleet_alternative_note(const catalog::Catalog& catalog, Ranking& ranking, FleetAlternative kind,
                                const Ranking& alternative) {
  const Candidate* first = ranked_first(ranking);
  if (first == nullptr || !workload::kind_traits(ranking.kind).serving()) return;
  const Candidate* same = same_offering(alternative, *first);
  if (same == nullptr || !(same->gpus_rented <= fleet_said_share * first->gpus_rented)) return;
  const bool term = catalog::term_hours(first->mode) > 0;
  const catalog::Gpu& gpu = catalog.gpu_of(catalog.offerings[first->offering_index]);
  text::Words words = text::Words::in_each([&](text::Lang lang) {
    const std::string ours = fleet_words(ranking, *first, lang);
    const std::string theirs = fleet_words(alternative, *same, lang);
    if (kind == FleetAlternative::fp8) {
      return text::say(lang, text::Msg::note_fp8_serving, catalog::display_name(gpu, lang), theirs, ours);
    }
    return text::say(lang, text::Msg::note_risk_sized, ours, theirs,
                     term ? text::say(lang, text::Msg::note_risk_sized_term, detail::mode_words(first->mode, lang))
                          : std::string(text::message(text::Msg::note_risk_sized_measure, lang)));
  });
  ranking.notes.push_back({kind == FleetAlternative::fp8 ? "N-FP8-SERVING" : "N-RISK-SIZED", std::move(words)});
}

void add_on_demand_cheaper_note(const catalog::Catalog& catalog, Ranking& ranking, const Ranking& on_demand) {
  const Candidate* first = ranked_first(ranking);
  const Candidate* rival = ranked_first(on_demand);
  if (first == nullptr || rival == nullptr || !(catalog::term_hours(first->mode) > 0) ||
      !(rival->total_cost < first->total_cost)) {
    return;
  }
  text::Words words = text::Words::in_each([&](text::Lang lang) {
    return text::say(lang, text::Msg::note_on_demand_cheaper, catalog.offerings[rival->offering_index].id,
                     fleet_words(on_demand, *rival, lang), detail::mode_words(first->mode, lang),
                     fleet_words(ranking, *first, lang), catalog::to_string(first->mode));
  });
  ranking.notes.push_back({"N-ON-DEMAND-CHEAPER", std::move(words)});
}

}  // namespace gpuselect::scoring
