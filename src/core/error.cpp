#include "gpuselect/error.hpp"

#include <algorithm>
#include <map>
#include <string_view>
#include <utility>
#include <numeric>

#include "gpuselect/safe_text.hpp"

namespace gpuselect {

namespace {
// The last line of defence of the one-line contract: each part of a message is neutralised (no
// control character, escape sequence or line break reaches the terminal) and cut at
// max_message_part_bytes. Values inside a part are already cut by text::quoted().
constexpr std::size_t max_message_part_bytes = 1024;
std::string message_part(std::string_view part) { return text::excerpt(part, max_message_part_bytes); }

std::string join_line(const std::string& where, const std::string& what, const std::string& hint) {
  std::string text;
  if (!where.empty()) {
    text.append(message_part(where));
    text.append(": ");
  }
  text.append(message_part(what));
  if (!hint.empty()) {
    text.append("; ");
    text.append(message_part(hint));
  }
  return text;
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

std::string Error::line() const { return join_line(where_, problem_, hint_); }

std::string format_diagnostic(const Diagnostic& diagnostic) {
  std::string text = message_part(diagnostic.file.str());
  if (diagnostic.line > 0) {
    text += ':' + std::to_string(diagnostic.line) + ':' + std::to_string(diagnostic.column);
  }
  text += diagnostic.severity == Severity::error ? ": error: " : ": warning: ";
  text.append(message_part(diagnostic.message));
  if (!diagnostic.hint.empty()) {
    text.append("; ");
    text.append(message_part(diagnostic.hint));
  }
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
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const auto& candidate : candidates) {
    if (candidate.size() > max_suggested_bytes) continue;
    const std::size_t distance = bounded_edit_distance(word, candidate, best_distance - 1);
    if (distance < best_distance) {
      best_distance = distance;
      best = candidate;
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

std::string one_of(const std::vector<std::string>& names) {
  std::string list = "choose one of: ";
  for (std::size_t index = 0; index < names.size(); ++index) list += (index == 0 ? "" : ", ") + names[index];
  return list;
}

Error unknown_id(std::string where, std::string_view kind, std::string_view word,
                 const std::vector<std::string>& candidates, std::string_view listing) {
  return Error(std::move(where), "unknown " + std::string(kind) + " " + text::quoted(word),
               did_you_mean(word, candidates, listing));
}

}  // namespace gpuselect
