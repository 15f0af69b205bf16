#include "gpuselect/error.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <numeric>
#include <string_view>
#include <utility>

#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect {

namespace {
// The last line of defence of the one-line contract: each part of a message is neutralised (no
// control character, escape sequence or line break reaches the terminal) and cut at
// max_message_part_bytes. Values inside a part are already cut by text::quoted().
constexpr std::size_t max_message_part_bytes = 1024;
std::string message_part(std::string_view part) { return text::excerpt(part, max_message_part_bytes); }

// <what> and <what to do> are joined as the language joins two clauses (Msg::err_then: "; ", "；").
std::string join_line(const std::string& where, const std::string& what, const std::string& hint,
                      text::Lang lang = text::Lang::en) {
  std::string text;
  if (!where.empty()) {
    text.append(message_part(where));
    text.append(": ");
  }
  if (hint.empty()) return text + message_part(what);
  return text + text::say(lang, text::Msg::err_then, message_part(what), message_part(hint));
}

// Words longer than this get no "did you mean" (ids and names are far shorter), so one suggestion
// costs at most candidates x max_suggested_bytes x (2 x bound + 1) steps.
constexpr std::size_t max_suggested_bytes = 128;

// Levenshtein distance when it is at most `bound`, else bound + 1: only the diagonal band of width
// 2 x bound + 1 is computed, and the scan stops once a whole row exceeds the bound.
std::size_t bounded_edit_distance(std::string_view a, std::string_view b, std::size_t bound) {
  const std::size_t over = bound + 1;
  if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) > bound) return over;
  std::vector<std::size_t> row(b.size() + 1, over);
  for (std::size_t j = 0; j <= std::min(b.size(), bound); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    const std::size_t first = i > bound ? i - bound : 1;
    const std::size_t last = std::min(b.size(), i + bound);
    std::size_t diagonal = row[first - 1];
    row[first - 1] = first == 1 && i <= bound ? i : over;
    std::size_t row_minimum = row[first - 1];
    for (std::size_t j = first; j <= last; ++j) {
      const std::size_t above = row[j];
      const std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitution, over});
      diagonal = above;
      row_minimum = std::min(row_minimum, row[j]);
    }
    if (last < b.size()) row[last + 1] = over;
    if (row_minimum > bound) return over;
  }
  return std::min(row[b.size()], over);
}
}  // namespace

Error::Error(ErrorKind kind, std::string where, std::string what, std::string hint)
    : std::runtime_error(join_line(where, what, hint)),
      kind_(kind),
      where_(std::move(where)),
      problem_(std::move(what)),
      hint_(std::move(hint)) {}

Error::Error(std::string where, std::string what, std::string hint)
    : Error(ErrorKind::bad_input, std::move(where), std::move(what), std::move(hint)) {}

Error::Error(ErrorKind kind, std::string where, std::shared_ptr<const text::Said> said)
    : Error(kind, std::move(where), said->what.say(text::Lang::en), said->hint.say(text::Lang::en)) {
  said_ = std::move(said);
}

Error Error::said(ErrorKind kind, std::string where, const text::Words& what, const text::Words& hint) {
  return Error(kind, std::move(where), std::make_shared<const text::Said>(text::Said{what, hint}));
}

Error Error::said(std::string where, const text::Words& what, const text::Words& hint) {
  return said(ErrorKind::bad_input, std::move(where), what, hint);
}

std::string Error::line() const { return join_line(where_, problem_, hint_); }

std::string Error::line(text::Lang lang) const {
  if (!said_) return line();
  if (lang == text::Lang::en) return join_line(where_, said_->what.say(lang), said_->hint.say(lang), lang);
  return join_line(where_, text::spaced_cjk(said_->what.say(lang)), text::spaced_cjk(said_->hint.say(lang)), lang);
}

std::string Error::problem(text::Lang lang) const {
  if (!said_ || lang == text::Lang::en) return said_ ? said_->what.say(lang) : problem_;
  return text::spaced_cjk(said_->what.say(lang));
}

Error Error::at(std::string where) const {
  if (!said_) return Error(kind_, std::move(where), problem_, hint_);
  return Error(kind_, std::move(where), said_);
}

Error Error::with_hint(const text::Words& hint) const {
  return Error(kind_, where_,
               std::make_shared<const text::Said>(text::Said{said_ ? said_->what : text::Words(problem_), hint}));
}

void Diagnostic::say(const text::Words& what, const text::Words& to_do) {
  message = what.say(text::Lang::en);
  hint = to_do.say(text::Lang::en);
  said = std::make_shared<const text::Said>(text::Said{what, to_do});
}

std::string format_diagnostic(const Diagnostic& diagnostic) { return format_diagnostic(diagnostic, text::Lang::en); }

std::string format_diagnostic(const Diagnostic& diagnostic, text::Lang lang) {
  const bool said = diagnostic.said && lang != text::Lang::en;
  const std::string message = said ? text::spaced_cjk(diagnostic.said->what.say(lang)) : diagnostic.message;
  const std::string hint = said ? text::spaced_cjk(diagnostic.said->hint.say(lang)) : diagnostic.hint;
  std::string text = message_part(diagnostic.file.str());
  if (diagnostic.line > 0) {
    text += ':' + std::to_string(diagnostic.line) + ':' + std::to_string(diagnostic.column);
  }
  text += diagnostic.severity == Severity::error ? ": error: " : ": warning: ";
  if (hint.empty()) return text + message_part(message);
  text += text::say(said ? lang : text::Lang::en, text::Msg::err_then, message_part(message), message_part(hint));
  return text;
}

void DiagnosticCounts::count_dropped(Severity severity, const std::string& hint) {
  const auto kind = dropped_by_kind.find({severity, hint});
  if (kind != dropped_by_kind.end()) {
    ++kind->second;
  } else if (dropped_by_kind.size() < max_dropped_kinds) {
    dropped_by_kind.emplace(std::pair(severity, hint), 1);
  }
}

void DiagnosticCounts::add(const DiagnosticCounts& other) {
  errors += other.errors;
  warnings += other.warnings;
  for (const auto& [kind, count] : other.dropped_by_kind) {
    const auto mine = dropped_by_kind.find(kind);
    if (mine != dropped_by_kind.end()) {
      mine->second += count;
    } else if (dropped_by_kind.size() < max_dropped_kinds) {
      dropped_by_kind.emplace(kind, count);
    }
  }
}

DiagnosticSummary summarise(const std::vector<Diagnostic>& diagnostics, std::size_t per_kind,
                            const DiagnosticCounts* dropped) {
  DiagnosticSummary summary;
  std::map<std::pair<Severity, std::string_view>, std::size_t> kinds;  // -> index in `all`
  std::vector<DiagnosticSummary::Repeated> all;
  for (const auto& diagnostic : diagnostics) {
    const auto [at, added] = kinds.try_emplace({diagnostic.severity, diagnostic.hint}, all.size());
    if (added) all.push_back({diagnostic.severity, diagnostic.hint, 0, 0});
    auto& kind = all[at->second];
    ++kind.count;
    if (per_kind == 0 || kind.listed < per_kind) {
      ++kind.listed;
      summary.listed.push_back(&diagnostic);
    }
  }
  if (dropped != nullptr) {
    for (const auto& [severity_and_hint, count] : dropped->dropped_by_kind) {
      const auto& [severity, hint] = severity_and_hint;
      const auto [at, added] = kinds.try_emplace({severity, hint}, all.size());
      if (added) all.push_back({severity, hint, 0, 0});
      all[at->second].count += count;
    }
  }
  for (auto& kind : all) {
    if (kind.listed < kind.count) summary.repeated.push_back(std::move(kind));
  }
  return summary;
}

bool has_errors(const std::vector<Diagnostic>& diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::error; });
}

std::string closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  if (word.size() > max_suggested_bytes) return best;
  // At most two edits, a third of a long word. A word of four bytes or fewer takes one edit, or two
  // that swap its letters ("cots" for "cost"): two other edits leave little of it ("yml" is two
  // edits from "html", which nobody meant).
  constexpr std::size_t short_word_bytes = 4;
  const bool short_word = word.size() <= short_word_bytes;
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  // At the same distance, a candidate the word begins (in any case) wins: "H10" is "H100" cut
  // short, not "A10" with a wrong letter (issue 29 review: --gpu H10 suggested a10).
  const auto begins = [&](std::string_view candidate) {
    return word.size() >= 2 && candidate.size() > word.size() &&
           std::equal(word.begin(), word.end(), candidate.begin(), [](char a, char b) {
             return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
           });
  };
  bool best_begins = false;
  for (const auto& candidate : candidates) {
    if (candidate.size() > max_suggested_bytes) continue;
    // Bounded at the best so far: a tie is measured exactly, anything longer is best_distance + 1.
    const std::size_t distance = bounded_edit_distance(word, candidate, best_distance);
    if (short_word && distance > 1 &&
        !(candidate.size() == word.size() && std::is_permutation(word.begin(), word.end(), candidate.begin()))) {
      continue;
    }
    const bool candidate_begins = begins(candidate);
    if (distance < best_distance || (!best.empty() && distance == best_distance && candidate_begins && !best_begins)) {
      best_distance = distance;
      best = candidate;
      best_begins = candidate_begins;
    }
  }
  return best;
}

std::vector<std::string> closest_matches(std::string_view word, const std::vector<std::string>& candidates,
                                         std::size_t count) {
  std::vector<std::pair<std::size_t, std::size_t>> ranked;  // (distance, index in candidates)
  if (word.size() > max_suggested_bytes) return {};
  for (std::size_t index = 0; index < candidates.size(); ++index) {
    const std::string& candidate = candidates[index];
    if (candidate.size() > max_suggested_bytes) continue;
    // Both sides are at most max_suggested_bytes long, so this bound is never reached: the exact distance.
    ranked.emplace_back(bounded_edit_distance(word, candidate, max_suggested_bytes), index);
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> nearest;
  for (std::size_t i = 0; i < ranked.size() && nearest.size() < count; ++i) {
    if (std::find(nearest.begin(), nearest.end(), candidates[ranked[i].second]) == nearest.end())
      nearest.push_back(candidates[ranked[i].second]);
  }
  return nearest;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates, std::string_view listing) {
  const std::string guess = closest_match(word, candidates);
  if (guess.empty()) return std::string(listing);
  return "did you mean " + text::quoted(guess) + "? (" + std::string(listing) + ")";
}

text::Words did_you_mean_words(std::string_view word, const std::vector<std::string>& candidates,
                               const text::Words& listing) {
  const std::string guess = closest_match(word, candidates);
  if (guess.empty()) return listing;
  return text::Words::in_each([&](text::Lang lang) {
    return text::say(lang, text::Msg::err_did_you_mean, text::quoted(guess), listing.say(lang));
  });
}

std::string one_of(const std::vector<std::string>& names) { return one_of_words(names).say(text::Lang::en); }

text::Words one_of_words(const std::vector<std::string>& names) {
  std::string list;
  for (std::size_t index = 0; index < names.size(); ++index) list += (index == 0 ? "" : ", ") + names[index];
  return text::words(text::Msg::err_choose_one_of, list);
}

Error unknown_id(std::string where, std::string_view kind, std::string_view word,
                 const std::vector<std::string>& candidates, std::string_view listing) {
  // The kind is English: Chinese says "unknown value" (<where> names the flag or key).
  return Error::said(std::move(where), text::words(text::Msg::err_unknown_value, kind, text::quoted(word)),
                     did_you_mean_words(word, candidates, text::Words(std::string(listing))));
}

Error unknown_id(std::string where, text::Msg kind, std::string_view word, const std::vector<std::string>& candidates,
                 const text::Words& listing) {
  return Error::said(std::move(where), text::words(text::Msg::err_unknown, kind, text::quoted(word)),
                     did_you_mean_words(word, candidates, listing));
}

}  // namespace gpuselect
