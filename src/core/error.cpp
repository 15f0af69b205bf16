#include "gpuselect/error.hpp"

#include <algorithm>
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
