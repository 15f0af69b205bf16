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
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <variant>
#include <vector>

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

// Chinese typesetting where a parameter meets the catalogue's words: a template spaces each
// placeholder off ("向 {6} 申请") for the Latin and digits most parameters are, and a space
// between two Chinese characters (ideographs U+4E00-U+9FFF, CJK punctuation U+3000-U+303F, full-width
// forms U+FF00-U+FFEF) is dropped: "向 火山引擎 申请" -> "向火山引擎申请", "向 AWS 申请" stays. No
// template has such a space of its own (tests/test_lang.cpp checks the catalogue).
// A duration's unit after a number is said in words: "30.4 d" -> "30.4 天", "12.5 h" -> "12.5 小时",
// "45 min" -> "45 分钟" (not "CN¥/h", "p4d" or a quoted word).
std::string joined_cjk(std::string text);

// The message in `lang` with its parameters put in.
template <typename... Args>
std::string say(Lang lang, Msg id, Args&&... args) {
  std::string said = fmt::format(fmt::runtime(message(id, lang)), std::forward<Args>(args)...);
  return lang == Lang::zh_cn ? joined_cjk(std::move(said)) : said;
}

// An id or enum value a reader reads (a weight profile, a tier, a stock level, a model family...):
// as written in English, its name in the reader's language where the catalogue has one (the rows
// whose English is the id: "term_profile_fine_tuning" is "fine-tuning" and 微调). The Term says which
// list the id is from: "none" is 无 as a recompute or offload choice. An id without a row is itself.
enum class Term : std::uint8_t {
  weight_profile,  // scoring profiles: balanced, fine-tuning...
  tier,            // --serving-tier / --training-tier
  stock,           // an offering's stock level
  gpu_segment,     // datacenter, workstation, consumer
  support,         // a provider's support tier and hours
  recompute,       // activation recomputation
  offload,         // ZeRO offload
  model_family,    // a model preset's family
  model,           // a model id said as a name ("custom")
  indicator,       // a scoring indicator's name
  exclusion,       // an exclusion that is no flag: memory, host-ram, software, capacity, not sold
  method,          // a fine-tuning method: full, lora, qlora, dreambooth
};
std::optional<Msg> term_message(Term term, std::string_view id);
std::string term(Lang lang, Term term, std::string_view id);

// Chinese typesetting as the catalogue writes it: a space between a Chinese character (U+4E00-U+9FFF)
// and an ASCII letter or digit next to it ("未知的GPU" -> "未知的 GPU"), for text composed from
// several messages (an error line) where a parameter meets the words around it. Anything else as is,
// and so is text between single quotes (a value the user typed, text::quoted: '100元' stays).
std::string spaced_cjk(std::string_view text);

// Words made before the language is known (a run note, an exclusion's detail: the library makes them
// while it ranks, a document says them in its language): plain text, said as it is in every
// language, or a message with its parameters, each either text put in as written (an id, a number
// already formatted) or a message said in the same language. Plain text is for what has no words
// of its own (a requirement's name); what a reader reads is a message.
class Words {
 public:
  using Arg = std::variant<std::string, Msg>;
  Words() = default;
  Words(std::string plain) : held_(std::move(plain)) {}  // NOLINT(google-explicit-constructor): a detail is often an id
  Words(const char* plain) : held_(std::string(plain)) {}  // NOLINT(google-explicit-constructor)
  Words(Msg id, std::vector<Arg> args) : held_(Formatted{id, std::move(args)}) {}
  // Words composed of several messages (a run note): `make(lang)` for each language, now. For the
  // few values made once a run; what is made per row is a message with its parameters.
  template <typename Make>
  static Words in_each(const Make& make) {
    auto texts = std::make_shared<Texts>();
    for (const Lang lang : all_langs) texts->said[static_cast<std::size_t>(lang)] = make(lang);
    Words words;
    words.held_ = std::shared_ptr<const Texts>(std::move(texts));
    return words;
  }

  // Words said by `make(lang)` the first time they are said in a language, then kept (copies share
  // them): for a sentence made per machine shape that most documents never print (an exclusion's
  // plan sentence under a table). `make` must own what it reads; it must say something in every
  // language (these words are never empty). Not for use across threads (the library runs on one).
  static Words when_said(std::function<std::string(Lang)> make);

  bool empty() const {
    const auto* plain = std::get_if<std::string>(&held_);
    return plain != nullptr && plain->empty();
  }
  std::string say(Lang lang) const;

 private:
  // One of: plain text; a message with its parameters; the texts of every language, made now
  // (in_each: `make` empty) or the first time each is said (when_said), shared by copies (an
  // exclusion's reasons are copied). One at a time, so a Words is 40 bytes: an exclusion reason
  // holds one, and a 1,000,000-offering ranking holds ~850,000 reasons (issue 33 part F).
  struct Formatted {
    Msg id;
    std::vector<Arg> args;
  };
  struct Texts {
    std::function<std::string(Lang)> make;
    mutable std::array<std::optional<std::string>, all_langs.size()> said;
  };
  std::variant<std::string, Formatted, std::shared_ptr<const Texts>> held_;
};

// An error's or a catalog diagnostic's <what> and <what to do> (gpuselect::Error::said,
// Diagnostic::said): said in the language the CLI chose when the line is printed.
struct Said {
  Words what;
  Words hint;
};

// A message whose parameters include words of their own ("offering 'x'", "a list"): said whole in each
// language now (Words::in_each). Each part is text put in as written, a number, a message, or words.
namespace detail {
inline std::string part(const Words& words, Lang lang) { return words.say(lang); }
inline std::string part(Msg id, Lang lang) { return std::string(message(id, lang)); }
inline std::string part(std::string_view plain, Lang /*lang*/) { return std::string(plain); }
inline std::string part(const std::string& plain, Lang /*lang*/) { return plain; }
inline std::string part(const char* plain, Lang /*lang*/) { return plain; }
template <typename Number, typename = std::enable_if_t<std::is_arithmetic_v<Number>>>
std::string part(Number number, Lang /*lang*/) {
  return fmt::format("{}", number);
}
}  // namespace detail
template <typename... Parts>
Words composed(Msg id, const Parts&... parts) {
  return Words::in_each([&](Lang lang) { return say(lang, id, detail::part(parts, lang)...); });
}

// A message to say later: `words(Msg::x, "A100", 3, Msg::mode_spot)`. Numbers are put in with "{}"
// (integers as written); format a fractional number first.
template <typename... Args>
Words words(Msg id, Args&&... args) {
  std::vector<Words::Arg> list;
  list.reserve(sizeof...(args));
  [[maybe_unused]] const auto add = [&list](auto&& arg) {
    using T = std::decay_t<decltype(arg)>;
    if constexpr (std::is_same_v<T, Msg>) {
      list.emplace_back(arg);
    } else if constexpr (std::is_integral_v<T>) {
      list.emplace_back(std::to_string(arg));
    } else {
      list.emplace_back(std::string(arg));
    }
  };
  (add(std::forward<Args>(args)), ...);
  return Words(id, std::move(list));
}

// The id to say later in the reader's language (text::term): a message where the catalogue has one.
inline Words term_words(Term term, std::string_view id) {
  if (const auto message_id = term_message(term, id)) return Words(*message_id, {});
  return Words(std::string(id));
}

}  // namespace gpuselect::text
