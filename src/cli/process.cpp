// What the process takes from its environment and leaves to its exit: today's date (or the pinned
// GPUSELECT_TODAY) and the values kept until exit.
#include "cli/command.hpp"
#include "cli/process.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>

#include <fmt/format.h>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::cli {

std::vector<KeptObject>& objects_kept_until_exit() {
  static auto* kept = new std::vector<KeptObject>();
  return *kept;
}

void release_objects_kept_until_exit() {
  auto& kept = objects_kept_until_exit();
  while (!kept.empty()) {
    const KeptObject last = kept.back();
    kept.pop_back();
    last.destroy(last.object);
  }
}

std::string shell_command_line(const std::vector<std::string>& arguments) {
  constexpr std::string_view plain_punctuation = "-_./:,=@%+";
  std::string line = "gpuselect";
  for (const auto& word : arguments) {
    line += ' ';
    const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [&](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) != 0 || plain_punctuation.find(c) != std::string_view::npos;
    });
    if (plain) {
      line += word;
      continue;
    }
    line += '\'';
    for (const char c : word) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return text::neutralise(line);
}

std::string today_utc() {
  if (const char* pinned = std::getenv("GPUSELECT_TODAY"); pinned != nullptr && *pinned != '\0') {
    if (!catalog::days_between(pinned, pinned)) {
      throw Error::said("GPUSELECT_TODAY", text::words(text::Msg::err_not_date, text::quoted(pinned)),
                        text::words(text::Msg::hint_write_date));
    }
    return pinned;
  }
  const auto today = std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now());
  const std::chrono::year_month_day date{today};
  return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                     static_cast<unsigned>(date.day()));
}

}  // namespace gpuselect::cli
