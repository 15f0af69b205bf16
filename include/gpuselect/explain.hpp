#pragma once
// Words for people about a ranking, as data where a renderer needs the parts: why a candidate
// ranks where it does (Explanation), what its warnings and exclusions mean, which of its figures
// are estimated (docs/scoring.md "Explanations", "Warnings").
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "gpuselect/catalog.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/scoring.hpp"

namespace gpuselect::scoring {

// Why a candidate ranks where it does, as values; sentence() gives a line's words, and each
// renderer chooses which lines to show and how (JSON `explanation_items` carries the fields).
struct Explanation {
  enum class Kind : std::uint8_t {
    strongest,     // its best criterion, with the figure behind it
    weakest,       // its worst criterion, with the figure behind it
    first_by,      // rank 1: the margin over #2
    would_win,     // the smallest single weight change that puts it first
    cannot_win,    // no single weight change does
    wins_over,     // ranks above a cheaper-and-faster candidate: what it wins on, in points
    spot_cheaper,  // the same offering on spot would be the cheapest
    input_bound,   // cv-train: its GPUs wait on the data loader's vCPUs (docs/estimation.md "Input pipeline")
  };
  // wins_over: one criterion on which the candidate gains over the cheaper-and-faster rival.
  struct Gain {
    Criterion criterion = Criterion::stability;
    double points = 0;         // contribution to the score above the rival's, points of 0-100
    std::string figure;        // this candidate's figures on the criterion
    std::string rival_figure;  // the rival's
  };
  struct Line {
    Kind kind = Kind::strongest;
    // strongest, weakest: the criterion scored; would_win: the criterion whose weight moves.
    std::optional<Criterion> criterion;
    // strongest, weakest: the criterion's 0-100 score; first_by, wins_over: the lead in points of
    // score; would_win: the weight that puts it first.
    double score = 0;
    // The numbers behind it: the criterion's figures ("25 min vs fastest 25 min"); first_by: the
    // runner-up's id; would_win: ">= 0.35"; wins_over: the rival ("#7 id on-demand: $9.67 in 25
    // min"); spot_cheaper: the spot total; input_bound: "39 vCPUs decode ~5850 img/s of ~7467".
    std::string figure;
    bool at_least = true;  // would_win: the weight must be at least (else at most) `score`
    // first_by: what ranked it first where its score equals the runner-up's at the shown precision
    // (0.1; `score` is then 0): the cheaper total, then the sooner result, then the offering id.
    enum class TieBreak : std::uint8_t { none, cheaper, sooner, offering_id };
    TieBreak tie_break = TieBreak::none;
    // wins_over: this candidate's total and hours ("$12.15 in 25 min"); first_by broken by cost or
    // time: both figures ("$205,198 vs $211,078", "6.7 d vs 9.0 d"); spot_cheaper: the constraint
    // that removed this row's spot line (scoring::flag_of: "capacity", "--deadline"), empty where
    // spot was not allowed.
    std::string own_figure;
    std::vector<Gain> gains;  // wins_over: largest first; empty when it wins by rounding alone
  };
  std::vector<Line> lines;
};
std::string_view to_string(Explanation::Kind kind);  // "strongest", "wins_over", ...

// Figures that many rows of one ranking repeat, kept while its rows are explained: a provider's
// usability and support figures, and the figures of a cheaper-and-faster rival that many rows rank
// above (1,015 rivals for 46,400 rows on the 50k benchmark catalog). An explanation made with it
// equals one made without. It holds figures of one catalog and ranking: use it for no other.
class FactsMemo {
 public:
  const std::string& facts(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate,
                           Criterion criterion, text::Lang lang = text::Lang::en);

 private:
  std::unordered_map<std::uint64_t, std::string> figures_;
};

// Why this candidate ranks where it does: strongest and weakest criteria with their figures, what
// it would take to win, what it wins on over a cheaper-and-faster candidate below it. A renderer
// explaining many rows passes one FactsMemo for all of them.
// The figures are in `lang` (JSON asks for English: its fields are the same in every language).
Explanation explanation(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate,
                        FactsMemo* memo = nullptr, text::Lang lang = text::Lang::en);
// One line in words: "strongest: cost 92/100: $1.20 vs cheapest $1.10", "first by 3.4 points over x".
std::string sentence(const Explanation::Line& line, text::Lang lang = text::Lang::en);
// Receives a text in pieces, in order (sentence_to): a writer takes them without the text being
// built first.
class TextPieces {
 public:
  virtual void add(std::string_view piece) = 0;

 protected:
  TextPieces() = default;
  TextPieces(const TextPieces&) = default;
  TextPieces& operator=(const TextPieces&) = default;
  ~TextPieces() = default;
};
// sentence() handed to `out` in pieces: their concatenation is sentence(line, lang), byte for byte
// (issue 33 part N: a JSON document's sentences go to its buffer without a std::string each).
void sentence_to(TextPieces& out, const Explanation::Line& line, text::Lang lang = text::Lang::en);
// Every line of explanation() as sentence() words.
std::vector<std::string> explain(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate,
                                 text::Lang lang = text::Lang::en);

// A warning in words with the row's numbers (docs/scoring.md "Warnings").
std::string warning_text(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate,
                         Warning warning, text::Lang lang = text::Lang::en);
// "needs 96.4 GB per GPU, has 80.0 GB"; "costs $412, budget $300". A constraint's own detail (the
// region or provider words made when the ranking was) stays as it was made.
std::string reason_text(const ExclusionReason& reason, std::string_view currency, text::Lang lang = text::Lang::en);

// Figures of a candidate that the catalog marks estimated, or that rest on an assumption (spot rate
// unknown): "price", "spot_interruption_pct", "stock", "egress_per_gb", ... in a fixed order.
std::vector<std::string_view> estimated_figures(const catalog::Catalog& catalog, const Candidate& candidate);

}  // namespace gpuselect::scoring
