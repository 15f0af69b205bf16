// The message catalogue's table and the language names and locale rules.
#include "gpuselect/messages.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

#include <fmt/args.h>

namespace gpuselect::text {

namespace {

#define GPUSELECT_MESSAGE_ROW(id, en, zh_cn) Message{#id, en, zh_cn},
constexpr Message message_table[] = {GPUSELECT_MESSAGES(GPUSELECT_MESSAGE_ROW)};
#undef GPUSELECT_MESSAGE_ROW

std::string folded(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) out += c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string_view lang_name(Lang lang) { return lang == Lang::zh_cn ? "zh-CN" : "en"; }

std::optional<Lang> parse_lang(std::string_view text) {
  const std::string name = folded(text);
  // Spellings of Simplified Chinese a user types (docs/cli.md "Language"): the language code as a
  // locale names it (zh, zh_CN), the script (zh-Hans), the country (cn) and the names.
  for (const std::string_view zh : {"zh-cn", "zh", "zh-hans", "zh-hans-cn", "zh-sg", "cn", "chinese", "中文", "简体中文"}) {
    if (name == zh) return Lang::zh_cn;
  }
  for (const std::string_view en : {"en", "en-us", "en-gb", "english", "英文", "英语"}) {
    if (name == en) return Lang::en;
  }
  return std::nullopt;
}

std::optional<Lang> lang_of_locale(std::string_view locale) {
  if (locale.empty()) return std::nullopt;
  // "language[_territory][.codeset][@modifier]"; the codeset and modifier say nothing of the language.
  const std::string name = folded(locale.substr(0, locale.find_first_of(".@")));
  if (name != "zh" && !name.starts_with("zh-")) return Lang::en;
  // Traditional Chinese (Taiwan, Hong Kong, Macau, the Hant script) is not Simplified: English.
  for (const std::string_view traditional : {"zh-tw", "zh-hk", "zh-mo", "zh-hant"}) {
    if (name.starts_with(traditional)) return Lang::en;
  }
  return Lang::zh_cn;
}

std::string spaced_cjk(std::string_view text) {
  // UTF-8 of U+4E00-U+9FFF: a lead byte E4-E9 and two continuation bytes.
  const auto ideograph_at = [&](std::size_t at) {
    const auto lead = static_cast<unsigned char>(text[at]);
    return at + 2 < text.size() && lead >= 0xE4 && lead <= 0xE9;
  };
  const auto latin = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  std::string out;
  out.reserve(text.size() + 8);
  bool after_ideograph = false;
  // A quoted word ('100元', text::quoted) is the user's, echoed as typed: no space goes inside it.
  bool quoted = false;
  for (std::size_t at = 0; at < text.size();) {
    if (text[at] == '\'') quoted = !quoted;
    if (quoted) {
      after_ideograph = false;
      out += text[at++];
      continue;
    }
    if (ideograph_at(at)) {
      if (!out.empty() && latin(out.back())) out += ' ';
      out.append(text.substr(at, 3));
      at += 3;
      after_ideograph = true;
      continue;
    }
    if (after_ideograph && latin(text[at])) out += ' ';
    after_ideograph = false;
    out += text[at++];
  }
  return out;
}

namespace {
// A duration's unit as Chinese prose writes it: "30.4 d" -> "30.4 天", "12.5 h" -> "12.5 小时",
// "45 min" -> "45 分钟" (units::format_hours' "d", "h" and "min" after a digit and a space, where
// the next character is no letter, digit or '/': "CN¥/h", "p4d", "1 h100" and a quoted word stay).
std::string zh_duration_units(const std::string& text) {
  struct Unit {
    std::string_view latin;
    std::string_view chinese;
  };
  constexpr std::array<Unit, 3> units{{{"min", "分钟"}, {"d", "天"}, {"h", "小时"}}};
  const auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '/' || c == '_'; };
  std::string out;
  out.reserve(text.size() + 8);
  bool quoted = false;
  for (std::size_t at = 0; at < text.size();) {
    if (text[at] == '\'') quoted = !quoted;
    const bool after_number = !quoted && text[at] == ' ' && at > 0 &&
                              std::isdigit(static_cast<unsigned char>(text[at - 1])) != 0;
    bool replaced = false;
    for (const Unit& unit : units) {
      const std::size_t end = at + 1 + unit.latin.size();
      if (!after_number || text.compare(at + 1, unit.latin.size(), unit.latin) != 0) continue;
      if (end < text.size() && word_char(text[end])) continue;
      out += ' ';
      out += unit.chinese;
      at = end;
      replaced = true;
      break;
    }
    if (!replaced) out += text[at++];
  }
  return out;
}
}  // namespace

std::string joined_cjk(std::string text) {
  text = zh_duration_units(text);  // first, so "30.4 天 之上" loses its space below
  // Whether the 3-byte UTF-8 sequence at `at` is a Chinese character as above.
  const auto wide_at = [&](std::size_t at) {
    if (at + 3 > text.size()) return false;
    const auto b0 = static_cast<unsigned char>(text[at]);
    const auto b1 = static_cast<unsigned char>(text[at + 1]);
    const auto b2 = static_cast<unsigned char>(text[at + 2]);
    if ((b0 & 0xF0) != 0xE0 || (b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80) return false;
    const unsigned code = ((b0 & 0x0Fu) << 12) | ((b1 & 0x3Fu) << 6) | (b2 & 0x3Fu);
    return (code >= 0x4E00 && code <= 0x9FFF) || (code >= 0x3000 && code <= 0x303F) ||
           (code >= 0xFF00 && code <= 0xFFEF);
  };
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size(); ++at) {
    const bool lone_space = text[at] == ' ' && at >= 3 && at + 1 < text.size() && text[at + 1] != ' ' &&
                            text[at - 1] != ' ';
    if (lone_space && wide_at(at - 3) && wide_at(at + 1)) continue;
    out += text[at];
  }
  return out;
}

namespace {
// The catalogue's rows for each Term, by the prefix of their ids (Term order).
constexpr std::array<std::string_view, 12> term_prefixes = {
    "term_profile_",   "term_tier_",    "term_stock_",  "term_segment_", "fact_support_",
    "term_recompute_", "term_offload_", "term_family_", "term_model_",   "term_ind_", "term_excl_",
    "term_method_"};
static_assert(std::all_of(term_prefixes.begin(), term_prefixes.end(),
                          [](std::string_view prefix) { return prefix.starts_with("term_") || prefix.starts_with("fact_"); }),
              "term_message passes over the rows outside term_ and fact_");
}  // namespace

std::optional<Msg> term_message(Term term, std::string_view id) {
  const auto index = static_cast<std::size_t>(term);
  if (index >= term_prefixes.size()) return std::nullopt;
  // Built once: the rows of each term by their English (the id).
  static const auto rows = [] {
    std::array<std::vector<std::pair<std::string_view, Msg>>, term_prefixes.size()> found;
    for (std::size_t row = 0; row < std::size(message_table); ++row) {
      // Every prefix starts "term_" or "fact_": the other rows are passed over at one compare.
      const std::string_view row_id = message_table[row].id;
      if (!row_id.starts_with("term_") && !row_id.starts_with("fact_")) continue;
      for (std::size_t kind = 0; kind < term_prefixes.size(); ++kind) {
        if (message_table[row].id.starts_with(term_prefixes[kind]))
          found[kind].emplace_back(message_table[row].en, static_cast<Msg>(row));
      }
    }
    return found;
  }();
  for (const auto& [english, message_id] : rows[index]) {
    if (english == id) return message_id;
  }
  return std::nullopt;
}

std::string term(Lang lang, Term term, std::string_view id) {
  const auto message_id = term_message(term, id);
  return message_id ? std::string(message(*message_id, lang)) : std::string(id);
}

std::span<const Message> catalogue() { return message_table; }

std::string_view message(Msg id, Lang lang) {
  const Message& row = message_table[static_cast<std::size_t>(id)];
  return lang == Lang::zh_cn ? row.zh_cn : row.en;
}

Words Words::when_said(std::function<std::string(Lang)> make) {
  Words words;
  words.held_ = std::make_shared<const Texts>(Texts{std::move(make), {}});
  return words;
}

std::string Words::say(Lang lang) const {
  if (const auto* texts = std::get_if<std::shared_ptr<const Texts>>(&held_)) {
    auto& said = (*texts)->said[static_cast<std::size_t>(lang)];
    if (!said) said = (*texts)->make(lang);
    return *said;
  }
  if (const auto* plain = std::get_if<std::string>(&held_)) return *plain;
  const Formatted& message_said = std::get<Formatted>(held_);
  fmt::dynamic_format_arg_store<fmt::format_context> store;
  for (const auto& arg : message_said.args) {
    if (const auto* plain = std::get_if<std::string>(&arg)) {
      store.push_back(*plain);
    } else {
      store.push_back(std::string(message(std::get<Msg>(arg), lang)));
    }
  }
  std::string said = fmt::vformat(message(message_said.id, lang), store);
  return lang == Lang::zh_cn ? joined_cjk(std::move(said)) : said;
}

}  // namespace gpuselect::text
