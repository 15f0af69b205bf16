#pragma once
// The one exception type of gpuselect, and the diagnostics that catalog validation collects.
// Contract (DESIGN.md): an error is shown as one line
//   gpuselect: error: <where>: <what>; <what to do>
// where <where> is file:line:col for catalog input or the flag name for arguments. <what> and <what to
// do> may be catalogue messages (Error::said), said in the language the CLI chose by line(lang); the
// English text is what(), problem(), hint() and line() (logs, JSON and tests that read English).
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuselect {

namespace text {  // gpuselect/messages.hpp: declared here so that adding a message rebuilds only its users
enum class Lang : std::uint8_t;
enum class Msg : std::uint16_t;
class Words;
struct Said;
}  // namespace text

// Which exit code an error maps to in the CLI (DESIGN.md "Exit codes").
enum class ErrorKind : std::uint8_t {
  bad_input,  // exit 2: a flag, a catalog, a workload
  io,         // exit 1: a file that cannot be read or written
  no_match,   // exit 3: recommend found nothing that satisfies the job
};

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, std::string where, std::string what, std::string hint);
  // Shorthand for ErrorKind::bad_input.
  Error(std::string where, std::string what, std::string hint);
  // <what> and <what to do> as messages with their parameters (text::words(Msg::..., ...)): line(lang)
  // says them in `lang`; an empty hint adds no "; ...".
  static Error said(ErrorKind kind, std::string where, const text::Words& what, const text::Words& hint);
  static Error said(std::string where, const text::Words& what, const text::Words& hint);

  ErrorKind kind() const noexcept { return kind_; }
  const std::string& where() const noexcept { return where_; }
  const std::string& problem() const noexcept { return problem_; }  // in English
  std::string problem(text::Lang lang) const;                         // <what> in `lang`
  const std::string& hint() const noexcept { return hint_; }        // in English
  // "<where>: <what>; <hint>" (without the "gpuselect: error: " prefix), in English.
  std::string line() const;
  // The same line with <what> and <what to do> in `lang` (plain-text errors: as written).
  std::string line(text::Lang lang) const;
  // The same error at another <where> (a value checked by a library function, re-raised under the
  // flag or config key that gave it), keeping its kind and words.
  Error at(std::string where) const;
  // The same error with another <what to do>.
  Error with_hint(const text::Words& hint) const;

 private:
  Error(ErrorKind kind, std::string where, std::shared_ptr<const text::Said> said);
  ErrorKind kind_;
  std::string where_;
  std::string problem_;
  std::string hint_;
  std::shared_ptr<const text::Said> said_;  // null for a plain-text error
};

enum class Severity : std::uint8_t { error, warning };

// A file name that every diagnostic about the file shares (one allocation per file, not one copy per
// diagnostic: a long folder path times many diagnostics was the bulk of their memory).
class FileName {
 public:
  FileName() = default;
  FileName(std::string name)  // NOLINT(google-explicit-constructor): assigned from paths everywhere
      : name_(std::make_shared<const std::string>(std::move(name))) {}
  FileName(const char* name) : FileName(std::string(name)) {}  // NOLINT(google-explicit-constructor)
  const std::string& str() const {
    static const std::string none;
    return name_ ? *name_ : none;
  }
  operator const std::string&() const { return str(); }  // NOLINT(google-explicit-constructor)
  bool empty() const { return str().empty(); }

 private:
  std::shared_ptr<const std::string> name_;
};

// At most this many diagnostics are kept (the first ones found, in reading order); every one is
// still counted per severity (LoadResult::found), so memory is bounded whatever the input.
inline constexpr std::size_t max_kept_diagnostics = 1000;

struct DiagnosticCounts {
  std::size_t errors = 0;
  std::size_t warnings = 0;
  // Findings beyond the max_kept_diagnostics kept, counted by kind (severity, hint), so that a
  // summary still says how many of each kind exist; at most max_dropped_kinds kinds are told apart
  // (findings of further kinds are counted only in errors/warnings).
  std::map<std::pair<Severity, std::string>, std::size_t> dropped_by_kind;
  void count_dropped(Severity severity, const std::string& hint);
  // Adds `other`'s counts and dropped kinds.
  void add(const DiagnosticCounts& other);
};
inline constexpr std::size_t max_dropped_kinds = 256;

// One finding about catalog input, located at file:line:col (1-based; 0 = unknown).
struct Diagnostic {
  Severity severity = Severity::error;
  FileName file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  std::string message;  // what is wrong, with the numbers
  std::string hint;     // what to do
  // The message and hint as catalogue messages (null: plain text in every language). `message` and
  // `hint` hold their English: JSON, grouping by kind and the English line read those.
  std::shared_ptr<const text::Said> said;
  // Sets message, hint (English) and said from the words.
  void say(const text::Words& what, const text::Words& to_do);
};

// "file:line:col: error: message; hint" (message and hint in `lang`; "error"/"warning" as written)
std::string format_diagnostic(const Diagnostic& diagnostic);
std::string format_diagnostic(const Diagnostic& diagnostic, text::Lang lang);
bool has_errors(const std::vector<Diagnostic>& diagnostics);

// A big catalog repeats one finding per record (a stale as_of on 50,000 offerings): findings of one
// kind (same severity and hint, the hint saying what to do) after the first `per_kind` are counted,
// not listed. per_kind 0 lists everything.
struct DiagnosticSummary {
  std::vector<const Diagnostic*> listed;  // in the input order
  struct Repeated {
    Severity severity = Severity::warning;
    std::string hint;
    std::size_t count = 0;   // findings of this kind in all
    std::size_t listed = 0;  // of which in `listed`
  };
  std::vector<Repeated> repeated;  // kinds with findings left out, in order of their first finding
};
// `dropped`, when given, adds the findings counted but not kept (DiagnosticCounts::dropped_by_kind)
// to the counts of their kinds.
DiagnosticSummary summarise(const std::vector<Diagnostic>& diagnostics, std::size_t per_kind,
                            const DiagnosticCounts* dropped = nullptr);

// "did you mean" support: the candidate closest to `word` by edit distance, or "" when none is close
// (distance above max(2, word.size() / 3)).
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates);
// The `count` candidates nearest to `word` by edit distance, nearest first (ties in candidate order),
// however far: for "did you mean one of ..." when no candidate is close. Empty when `word` is longer
// than the 128 bytes any suggestion considers; candidates that long are skipped.
std::vector<std::string> closest_matches(std::string_view word, const std::vector<std::string>& candidates,
                                         std::size_t count);

// The one "did you mean" of gpuselect. `listing` says how to see the known names: a command ("see
// 'gpuselect catalog gpus'"), a file, or the names themselves (one_of). Gives "did you mean 'y'?
// (<listing>)" when closest_match finds a candidate near `word`, else "<listing>".
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates, std::string_view listing);
text::Words did_you_mean_words(std::string_view word, const std::vector<std::string>& candidates,
                               const text::Words& listing);
// "choose one of: a, b, c": the listing of a short, fixed set of names, worded as what to do.
std::string one_of(const std::vector<std::string>& names);
text::Words one_of_words(const std::vector<std::string>& names);
// The error for a name that nothing known has, in one shape everywhere:
//   <where>: unknown <kind> 'word'; did you mean 'y'? (<listing>)
// (the hint is did_you_mean's). Callers `throw unknown_id(...)`.
Error unknown_id(std::string where, std::string_view kind, std::string_view word,
                 const std::vector<std::string>& candidates, std::string_view listing);
// The same in the catalogue's words: `kind` a message naming the kind (Msg::kind_gpu: "GPU").
Error unknown_id(std::string where, text::Msg kind, std::string_view word, const std::vector<std::string>& candidates,
                 const text::Words& listing);

}  // namespace gpuselect
