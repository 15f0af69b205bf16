// scoring::Options::printed (docs/performance.md "Issue 33 part Q"): a ranking made for a document
// that explains only its first rows, or lists no exclusion, leaves out what nothing printed reads.
// Everything a printed part reads must equal the full ranking's, so the lazy path cannot drift: the
// rows and their order, the cheaper-and-faster rival and the explanation of each explained row,
// the counts, the tier classes, the notes, and with nothing ranked the hints' rows.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include "gpuselect/embedded.hpp"
#include "gpuselect/explain.hpp"
#include "gpuselect/render.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/workload.hpp"
#include "scoring/scoring_internal.hpp"
#include "scoring_invariants.hpp"
#include "synthetic_catalog.hpp"

namespace {

using namespace gpuselect;
using gpuselect::testing::options_for;
using Printed = scoring::Options::Printed;

// The built-in catalog and 1,500 synthetic offerings: rows that tie on price and time, tier classes
// with many rows each, rivals shared by many rows.
const catalog::Catalog& test_catalog() {
  static const auto loaded = [] {
    std::vector<catalog::SourceText> sources;
    for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
    bench::SyntheticOptions generate;
    generate.offerings = 1500;
    static const std::string overlay = bench::synthetic_catalog_yaml(bench::builtin_catalog(), generate);
    sources.push_back({"synthetic.yaml", overlay});  // a view of the text: it stays
    return catalog::load(sources);
  }();
  REQUIRE(loaded.ok());
  return loaded.catalog;
}

workload::Profile job(workload::Kind kind, const char* params) {
  workload::Request request;
  request.kind = kind;
  request.params_text = params;
  return workload::resolve(request, test_catalog());
}

std::vector<std::string> notes_said(const scoring::Ranking& ranking) {
  std::vector<std::string> said;
  for (const auto& note : ranking.notes) {
    said.push_back(note.code);
    for (const auto lang : text::all_langs) said.push_back(note.text.say(lang));
  }
  return said;
}

// An exclusion as the documents and hints read it (its reasons' words only where it is listed).
auto exclusion_key(const scoring::Exclusion& exclusion) {
  std::vector<std::tuple<scoring::ExclusionKind, double, double>> reasons;
  for (const auto& reason : exclusion.reasons) reasons.emplace_back(reason.kind, reason.needed, reason.limit);
  return std::make_tuple(exclusion.offering_index, exclusion.mode, exclusion.nodes, exclusion.total_cost, reasons);
}

// `lazy` (made with `printed`) against `full` (made with the default): what `printed` prints is the same.
void check_same_printed(const scoring::Ranking& full, const scoring::Ranking& lazy, const Printed& printed) {
  const auto& catalog = test_catalog();
  REQUIRE(lazy.candidates.size() == full.candidates.size());
  const std::size_t explained = printed.explained ? printed.rows : 0;
  std::vector<bool> named(full.candidates.size(), false);  // a rival an explained row names
  for (std::size_t index = 0; index < full.candidates.size(); ++index) {
    const auto& a = full.candidates[index];
    const auto& b = lazy.candidates[index];
    INFO("row " << index + 1);
    REQUIRE(b.offering_index == a.offering_index);
    REQUIRE(b.mode == a.mode);
    REQUIRE(b.nodes == a.nodes);
    CHECK(b.rank == a.rank);
    CHECK(b.score == a.score);
    CHECK(b.total_cost == a.total_cost);
    CHECK(b.hours == a.hours);
    CHECK(b.pareto == a.pareto);
    if (index < explained) {
      CHECK(b.cheaper_and_faster_below == a.cheaper_and_faster_below);
      if (a.cheaper_and_faster_below != scoring::Candidate::no_rival) named.at(a.cheaper_and_faster_below) = true;
      CHECK(scoring::explain(catalog, lazy, b) == scoring::explain(catalog, full, a));
      CHECK(scoring::explain(catalog, lazy, b, text::Lang::zh_cn) == scoring::explain(catalog, full, a, text::Lang::zh_cn));
    } else {
      CHECK(b.cheaper_and_faster_below == scoring::Candidate::no_rival);
    }
  }
  // The rows printed and the rivals named carry their warnings; the others none.
  for (std::size_t index = 0; index < full.candidates.size(); ++index) {
    INFO("row " << index + 1);
    if (index < printed.rows || named[index]) {
      CHECK(lazy.candidates[index].warnings == full.candidates[index].warnings);
      if (index < printed.rows) {
        CHECK(scoring::estimated_figures(catalog, lazy.candidates[index]) ==
              scoring::estimated_figures(catalog, full.candidates[index]));
      }
    } else {
      CHECK(lazy.candidates[index].warnings.empty());
    }
  }
  REQUIRE(lazy.excluded.size() == full.excluded.size());
  std::vector<decltype(exclusion_key(full.excluded.front()))> full_keys;
  std::vector<decltype(exclusion_key(full.excluded.front()))> lazy_keys;
  for (const auto& exclusion : full.excluded) full_keys.push_back(exclusion_key(exclusion));
  for (const auto& exclusion : lazy.excluded) lazy_keys.push_back(exclusion_key(exclusion));
  if (printed.exclusions_listed || full.candidates.empty()) {
    CHECK(lazy_keys == full_keys);  // the same order
  }
  if (printed.exclusions_listed) {  // and the same words
    for (std::size_t index = 0; index < full.excluded.size(); ++index) {
      const auto& a = full.excluded[index].reasons;
      const auto& b = lazy.excluded[index].reasons;
      REQUIRE(b.size() == a.size());
      for (std::size_t r = 0; r < a.size(); ++r) {
        for (const auto lang : text::all_langs) {
          CHECK(scoring::reason_text(b[r], lazy.currency, lang) == scoring::reason_text(a[r], full.currency, lang));
        }
      }
    }
  } else {
    std::sort(full_keys.begin(), full_keys.end());
    std::sort(lazy_keys.begin(), lazy_keys.end());
    CHECK(lazy_keys == full_keys);
  }
  CHECK(notes_said(lazy) == notes_said(full));
  REQUIRE(lazy.tier_excluded.size() == full.tier_excluded.size());
  for (std::size_t index = 0; index < full.tier_excluded.size(); ++index) {
    const auto& a = full.tier_excluded[index];
    const auto& b = lazy.tier_excluded[index];
    CHECK(b.kind == a.kind);
    CHECK(b.offerings == a.offerings);
    CHECK(b.cheapest_total == a.cheapest_total);
    CHECK(b.cheapest_offering == a.cheapest_offering);
    CHECK(b.cheapest_mode == a.cheapest_mode);
    CHECK(b.unpriced_offering == a.unpriced_offering);
  }
  CHECK(lazy.top_exclusion == full.top_exclusion);
  CHECK(lazy.tied_exclusions == full.tied_exclusions);
  CHECK(lazy.levers == full.levers);
  CHECK(lazy.admit.has_value() == full.admit.has_value());
  if (lazy.admit && full.admit) {
    CHECK(lazy.admit->exclusion == full.admit->exclusion);
    CHECK(lazy.admit->offering_id == full.admit->offering_id);
    CHECK(lazy.admit->value == full.admit->value);
  }
}

void check_every_printing(const workload::Profile& profile, const scoring::Options& options) {
  const auto& catalog = test_catalog();
  const auto full = testing::rank_checked(catalog, profile, options);
  // A few rows (their rivals found by the scan), past the scan's limit (the tree), every row; each
  // explained (table, JSON) or not (CSV), with the exclusions listed or not.
  for (const std::size_t rows : {std::size_t{1}, std::size_t{3}, std::size_t{10}, std::size_t{32}, std::size_t{33},
                                 std::size_t{200}, Printed::every_row}) {
    for (const bool explained : {true, false}) {
      for (const bool listed : {false, true}) {
        INFO("rows " << rows << ", explained " << explained << ", exclusions listed " << listed);
        scoring::Options lazy_options = options;
        lazy_options.printed = {rows, explained, listed};
        check_same_printed(full, testing::rank_checked(catalog, profile, lazy_options), lazy_options.printed);
      }
    }
  }
}

}  // namespace

TEST_CASE("printed parts: a fine-tune ranked for its first rows prints what the full ranking prints", "[scoring][printed]") {
  const auto profile = job(workload::Kind::llm_finetune, "7e9");
  const auto options = options_for(workload::Kind::llm_finetune);
  REQUIRE(testing::rank_checked(test_catalog(), profile, options).candidates.size() > 500);
  check_every_printing(profile, options);
}

TEST_CASE("printed parts: production serving's tier classes and notes are the same unsorted", "[scoring][printed]") {
  const auto profile = job(workload::Kind::llm_inference, "8e9");
  const auto options = options_for(workload::Kind::llm_inference);
  const auto full = testing::rank_checked(test_catalog(), profile, options);
  REQUIRE(full.tier_excluded.size() >= 2);
  check_every_printing(profile, options);
}

TEST_CASE("printed parts: with nothing ranked the exclusions are sorted for the hints all the same", "[scoring][printed]") {
  const auto profile = job(workload::Kind::llm_finetune, "7e9");
  auto options = options_for(workload::Kind::llm_finetune);
  options.constraints.budget = 0.01;
  const auto full = testing::rank_checked(test_catalog(), profile, options);
  REQUIRE(full.candidates.empty());
  REQUIRE(full.admit);
  check_every_printing(profile, options);
}

TEST_CASE("printed parts: what each format prints", "[scoring][printed]") {
  render::Style style;
  style.top = 7;
  style.machine_top = 0;
  const auto table = render::printed_parts(render::Format::table, style);
  CHECK((table.rows == 7 && table.explained && !table.exclusions_listed));
  const auto json = render::printed_parts(render::Format::json, style);
  CHECK((json.rows == Printed::every_row && json.explained && json.exclusions_listed));
  style.machine_top = 5;  // --top 5
  const auto csv = render::printed_parts(render::Format::csv, style);
  CHECK((csv.rows == 5 && !csv.explained && !csv.exclusions_listed));
  CHECK(render::printed_parts(render::Format::json, style).rows == 5);
  style.show_excluded = true;
  style.top = 0;  // --top all
  for (const auto format : {render::Format::table, render::Format::markdown, render::Format::html}) {
    const auto printed = render::printed_parts(format, style);
    CHECK((printed.rows == Printed::every_row && printed.explained && printed.exclusions_listed));
  }
}

TEST_CASE("printed parts: the scan finds each first row's cheaper-and-faster rival as the tree does", "[scoring][printed]") {
  // Many ties on total and time (four totals, three times, some within half a percent): the scan of
  // the first rows must take the same rival among equals as the tree over every row.
  std::vector<scoring::Candidate> candidates(400);
  std::vector<double> times(candidates.size());
  std::uint64_t state = 12345;
  const auto next = [&state](std::uint64_t values) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>((state >> 33U) % values);
  };
  constexpr std::array<double, 4> totals{10.0, 10.02, 12.0, 15.0};
  constexpr std::array<double, 3> hours{1.0, 1.003, 2.0};
  for (std::size_t index = 0; index < candidates.size(); ++index) {
    candidates[index].total_cost = totals.at(next(totals.size()));
    times[index] = hours.at(next(hours.size()));
  }
  auto every = candidates;
  scoring::detail::mark_cheaper_and_faster_below(every, times);
  auto first = candidates;
  scoring::detail::mark_cheaper_and_faster_below(first, times, 32);
  std::size_t rivals = 0;
  for (std::size_t index = 0; index < candidates.size(); ++index) {
    INFO("row " << index);
    if (index < 32) {
      CHECK(first[index].cheaper_and_faster_below == every[index].cheaper_and_faster_below);
      rivals += every[index].cheaper_and_faster_below != scoring::Candidate::no_rival ? 1 : 0;
    } else {
      CHECK(first[index].cheaper_and_faster_below == scoring::Candidate::no_rival);
    }
  }
  CHECK(rivals > 10);
}
