#pragma once
// The one message catalogue: every human-format string the program writes, by a stable id, in each
// language it speaks (docs/cli.md "Language"). Render, scoring and the CLI ask it by id and
// language; the language is a value the CLI decides (--lang, the config's `lang`, the locale) and
// passes in: nothing here reads the environment. JSON keys, codes and enum values are not messages.
//
// A message is an fmt format string; parameters are positional ("{}", or "{0}" "{1}" where a
// language orders them differently) and every language's text takes the same parameters
// (tests/test_messages.cpp). Chinese text has no plural forms, so no message chooses by count.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "gpuselect/message_list.hpp"

namespace gpuselect::text {

enum class Lang : std::uint8_t { en, zh_cn };
inline constexpr std::array<Lang, 2> all_langs = {Lang::en, Lang::zh_cn};

// "en", "zh-CN": what --lang, the config key and the JSON echo spell.
std::string_view lang_name(Lang lang);
// --lang's and the config key's values: "en", "zh-CN" (case and '-'/'_' as written: "zh_cn" too).
std::optional<Lang> parse_lang(std::string_view text);
// The language a POSIX locale value names ("zh_CN.UTF-8", "zh_SG", "zh_Hans", "zh" -> zh-CN; "C",
// "en_US.UTF-8", Traditional Chinese "zh_TW"/"zh_HK"/"zh_Hant" -> en; "" -> none).
std::optional<Lang> lang_of_locale(std::string_view locale);

#define GPUSELECT_MESSAGE_ENUM(id, en, zh_cn) id,
enum class Msg : std::uint16_t { GPUSELECT_MESSAGES(GPUSELECT_MESSAGE_ENUM) };
#undef GPUSELECT_MESSAGE_ENUM

struct Message {
  std::string_view id;  // the enum's name: stable, what tests and translators refer to
  std::string_view en;
  std::string_view zh_cn;
};
// Every message, in Msg order.
std::span<const Message> catalogue();

// The message's text in `lang`.
std::string_view message(Msg id, Lang lang);

// The message in `lang` with its parameters put in.
template <typename... Args>
std::string say(Lang lang, Msg id, Args&&... args) {
  return fmt::format(fmt::runtime(message(id, lang)), std::forward<Args>(args)...);
}

}  // namespace gpuselect::text
