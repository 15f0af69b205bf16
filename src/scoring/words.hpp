#pragma once
// Number words shared by the warning and explanation texts (internal to src/scoring).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "gpuselect/catalog.hpp"
#include "gpuselect/fixed_text.hpp"
#include "gpuselect/messages.hpp"

namespace gpuselect::scoring::detail {

// Why a row's cost is taken at an upper end above its quote: a suspect spot quote, an estimated
// price (estimate::Cost::estimated_price_band_pct) with or without the quote's age band, or the age
// band alone.
inline text::Msg upper_end_reason(bool suspect_quote, double estimated_band_pct, double age_band_pct) {
  if (suspect_quote) return text::Msg::fact_suspect_quote;
  if (estimated_band_pct > 0) return age_band_pct > 0 ? text::Msg::fact_estimated_and_age : text::Msg::fact_estimated_price;
  return text::Msg::fact_quote_age_band;
}

// "{:.Nf}" (units::format_fixed: the same bytes, without parsing a format string for each).
inline std::string number(double value, int decimals) { return units::format_fixed(value, decimals); }

// A run of a message's pattern as say_text reads it: literal bytes, or the index of a part.
struct PatternPiece {
  std::string_view literal;
  std::size_t part = 0;
  bool is_part = false;
};
constexpr std::size_t most_pattern_pieces = 16;
// `pattern` cut as say_text cuts it, for `part_count` parts: the number of pieces, or none (0 and
// false) where say_text would hand the message to fmt, or it has more pieces than there is room for.
inline bool pattern_pieces(std::string_view pattern, std::size_t part_count,
                           std::array<PatternPiece, most_pattern_pieces>& pieces, std::size_t& count) {
  count = 0;
  std::size_t next = 0;
  bool numbered = false;
  std::size_t at = 0;
  const auto push = [&](PatternPiece piece) {
    if (count == pieces.size()) return false;
    pieces[count++] = piece;
    return true;
  };
  while (at < pattern.size()) {
    std::size_t brace = at;
    while (brace < pattern.size() && pattern[brace] != '{' && pattern[brace] != '}') ++brace;
    if (brace > at && !push({pattern.substr(at, brace - at)})) return false;
    if (brace == pattern.size()) break;
    const char second = brace + 1 < pattern.size() ? pattern[brace + 1] : '\0';
    const char third = brace + 2 < pattern.size() ? pattern[brace + 2] : '\0';
    if (second == pattern[brace]) {
      if (!push({pattern.substr(brace, 1)})) return false;  // "{{" or "}}": one brace
      at = brace + 2;
    } else if (pattern[brace] == '{' && second == '}' && !numbered && next < part_count) {
      if (!push({{}, next++, true})) return false;
      at = brace + 2;
    } else if (pattern[brace] == '{' && second >= '0' && second <= '9' && third == '}' && next == 0 &&
               static_cast<std::size_t>(second - '0') < part_count) {
      numbered = true;
      if (!push({{}, static_cast<std::size_t>(second - '0'), true})) return false;
      at = brace + 3;
    } else {
      return false;
    }
  }
  return true;
}

// The English pattern of message `id` cut for `part_count` parts, cut once per message and kept
// (the message table is constant): a ranking document says the same nine sentence patterns ~50,000
// times. ok false: say_text would hand it to fmt.
struct PatternCut {
  bool ok = false;
  std::size_t part_count = 0;  // the parts it was cut for
  std::size_t count = 0;
  std::array<PatternPiece, most_pattern_pieces> pieces{};
};
inline const PatternCut& english_cut(text::Msg id, std::size_t part_count) {
  // One slot per message id, made when first said (a run says a few dozen of the messages).
  thread_local std::vector<std::unique_ptr<PatternCut>> cuts;
  const auto index = static_cast<std::size_t>(id);
  if (index >= cuts.size()) cuts.resize(index + 1);
  auto& cut = cuts[index];
  if (!cut || cut->part_count != part_count) {
    if (!cut) cut = std::make_unique<PatternCut>();
    cut->part_count = part_count;
    cut->ok = pattern_pieces(text::message(id, text::Lang::en), part_count, cut->pieces, cut->count);
  }
  return *cut;
}

// text::say() for a message whose parameters are all text (the sentences of explanations, ~6 a
// row of a ranking document): "{}" takes the next part, "{0}".."{9}" that part, "{{" and "}}" are
// braces, as fmt reads them; a message with any other replacement field ("{:.1f}", "{10}") or that
// mixes "{}" with "{0}" is said by fmt itself. The same bytes as say() without parsing the message
// through fmt each time (issue 33 part H; tests/test_lang.cpp compares both over every message).
template <typename... Parts>
std::string say_text(text::Lang lang, text::Msg id, const Parts&... parts) {
  const std::array<std::string_view, sizeof...(Parts)> values{std::string_view(parts)...};
  if (lang == text::Lang::en) {  // the pattern cut once (english_cut), the pieces joined
    const PatternCut& cut = english_cut(id, sizeof...(Parts));
    if (!cut.ok) return text::say(lang, id, parts...);
    std::size_t size = 0;
    for (std::size_t at = 0; at < cut.count; ++at) {
      size += cut.pieces[at].is_part ? values[cut.pieces[at].part].size() : cut.pieces[at].literal.size();
    }
    std::string said;
    said.reserve(size);
    for (std::size_t at = 0; at < cut.count; ++at) {
      said.append(cut.pieces[at].is_part ? values[cut.pieces[at].part] : cut.pieces[at].literal);
    }
    return said;
  }
  const std::string_view pattern = text::message(id, lang);
  std::size_t length = pattern.size();
  for (const auto value : values) length += value.size();
  std::string said;
  said.reserve(length);
  std::size_t next = 0;
  bool numbered = false;
  std::size_t at = 0;
  while (at < pattern.size()) {
    std::size_t brace = at;  // a plain loop: find_first_of runs memchr over "{}" for every byte
    while (brace < pattern.size() && pattern[brace] != '{' && pattern[brace] != '}') ++brace;
    said.append(pattern, at, brace - at);
    if (brace == pattern.size()) break;
    const char second = brace + 1 < pattern.size() ? pattern[brace + 1] : '\0';
    const char third = brace + 2 < pattern.size() ? pattern[brace + 2] : '\0';
    if (second == pattern[brace]) {
      said += second;  // "{{" or "}}"
      at = brace + 2;
    } else if (pattern[brace] == '{' && second == '}' && !numbered && next < values.size()) {
      said.append(values[next++]);
      at = brace + 2;
    } else if (pattern[brace] == '{' && second >= '0' && second <= '9' && third == '}' && next == 0 &&
               static_cast<std::size_t>(second - '0') < values.size()) {
      numbered = true;
      said.append(values[static_cast<std::size_t>(second - '0')]);
      at = brace + 3;
    } else {
      return text::say(lang, id, parts...);
    }
  }
  return lang == text::Lang::zh_cn ? text::joined_cjk(std::move(said)) : said;  // as text::say does
}

// A part of say_pieces: text, or something that hands its text to the sink itself.
template <typename Out, typename Part>
void say_part(Out& out, const Part& part) {
  if constexpr (std::is_invocable_v<const Part&, Out&>) {
    part(out);
  } else {
    out.add(std::string_view(part));
  }
}

// A part as say_text takes it: a callable part's pieces joined.
template <typename Out, typename Part>
auto said_part(const Part& part) {
  if constexpr (std::is_invocable_v<const Part&, Out&>) {
    struct Joined final : Out {
      std::string text;
      void add(std::string_view piece) override { text.append(piece); }
    } joined;
    part(joined);
    return std::move(joined.text);
  } else {
    return std::string_view(part);
  }
}

// say_text() handed to `out` in pieces, in order (their concatenation is say_text's text), without
// building it (issue 33 part N: a ranking document's sentences go straight to its writer). A part
// may be a callable that hands its own pieces to `out`. English only in pieces: Chinese text is
// joined after it is said (text::joined_cjk), so it is said whole and handed over as one piece, as
// is a message say_text hands to fmt.
template <typename Out, typename... Parts>
void say_pieces(Out& out, text::Lang lang, text::Msg id, const Parts&... parts) {
  const PatternCut* cut = lang == text::Lang::en ? &english_cut(id, sizeof...(Parts)) : nullptr;
  if (cut == nullptr || !cut->ok) {
    out.add(say_text(lang, id, said_part<Out>(parts)...));
    return;
  }
  for (std::size_t at = 0; at < cut->count; ++at) {
    const PatternPiece& piece = cut->pieces[at];
    if (!piece.is_part) {
      out.add(piece.literal);
      continue;
    }
    std::size_t index = 0;
    ((index++ == piece.part ? say_part(out, parts) : void()), ...);
  }
}

// A share of 1 as a percentage: "12%", "4.5%", "<0.1%", ">99.9%".
inline std::string percent(double share) {
  const double pct = share * 100.0;
  if (pct > 0 && pct < 0.1) return "<0.1%";
  if (pct < 100 && pct >= 99.9) return ">99.9%";
  // 99.0-99.9 keeps a decimal: 99.77% is not "100%".
  return number(pct, pct < 10 || (pct >= 99 && pct < 100) ? 1 : 0) + "%";
}

// A probability in words: as percent(), but never "100%" or "0%" for an estimate (a chance of 1 is
// ">99.9%", of 0 "<0.1%"): the model behind it is not certain.
inline std::string chance(double probability) {
  if (probability >= 0.999) return ">99.9%";
  if (probability <= 0.001) return "<0.1%";
  return percent(probability);
}

// A chance said of a row that falls short of `threshold` (a deadline's confidence): as chance(),
// but never rounded up to the threshold or past it: 0.7996 against 0.8 is "79.9%", not "80%"
// (expert review 53, D07b).
inline std::string chance_short_of(double probability, double threshold) {
  std::string said = chance(probability);
  if (!(probability < threshold) || probability <= 0.001) return said;
  const double pct = probability * 100.0;
  const double threshold_pct = threshold * 100.0;
  // The shown figure: whole percent from 10% up (99.0-99.9 with a decimal), as percent() rounds.
  const int decimals = pct < 10 || (pct >= 99 && pct < 100) ? 1 : 0;
  const double scale = decimals == 1 ? 10.0 : 1.0;
  if (std::round(pct * scale) / scale < threshold_pct) return said;
  return number(std::floor(pct * 10.0) / 10.0, 1) + "%";
}

// A provider's spot reclaim notice in words (its catalog spot_reclaim.notice_seconds; 0 = none
// published): "5 min notice", "30 s notice", "no published reclaim notice".
inline std::string notice_words(double seconds, text::Lang lang) {
  if (!(seconds > 0)) return text::say(lang, text::Msg::w_notice_none);
  if (seconds >= 60) return text::say(lang, text::Msg::w_notice_minutes, seconds / 60.0);
  return text::say(lang, text::Msg::w_notice_seconds, seconds);
}

// Whether a catalog record's `estimated_fields` names `field`.
inline bool listed(const std::vector<std::string>& fields, std::string_view field) {
  return std::find(fields.begin(), fields.end(), field) != fields.end();
}

// A pricing mode in words (the catalog's name in English).
inline std::string_view mode_words(catalog::PricingMode mode, text::Lang lang) {
  if (lang == text::Lang::en) return catalog::to_string(mode);
  static constexpr std::array<text::Msg, catalog::pricing_mode_count> names = {
      text::Msg::mode_on_demand, text::Msg::mode_spot,    text::Msg::mode_reserved_1y,
      text::Msg::mode_reserved_3y, text::Msg::mode_monthly, text::Msg::mode_yearly,
      text::Msg::mode_capacity_block};
  const auto index = static_cast<std::size_t>(mode);
  return index < names.size() ? text::message(names[index], lang) : catalog::to_string(mode);
}

}  // namespace gpuselect::scoring::detail
