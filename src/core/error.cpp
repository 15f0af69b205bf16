#include "gpuselect/error.hpp"

#include <algorithm>
#include <map>
#include <string_view>
#include <utility>
#include <numeric>

namespace gpuselect {

namespace {
std::string join_line(const std::string& where, const std::string& what, const std::string& hint) {
  std::string text = where.empty() ? what : where + ": " + what;
  if (!hint.empty()) text += "; " + hint;
  return text;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
      diagonal = above;
    }
  }
  return row[b.size()];
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
  std::string text = diagnostic.file;
  if (diagnostic.line > 0) {
    text += ':' + std::to_string(diagnostic.line) + ':' + std::to_string(diagnostic.column);
  }
  text += diagnostic.severity == Severity::error ? ": error: " : ": warning: ";
  text += diagnostic.message;
  if (!diagnostic.hint.empty()) text += "; " + diagnostic.hint;
  return text;
}

DiagnosticSummary summarise(const std::vector<Diagnostic>& diagnostics, std::size_t per_kind) {
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
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const auto& candidate : candidates) {
    const std::size_t distance = edit_distance(word, candidate);
    if (distance < best_distance) {
      best_distance = distance;
      best = candidate;
    }
  }
  return best;
}

}  // namespace gpuselect
