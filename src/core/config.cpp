// Config files are small flat maps; they are read with the libyaml event wrapper that catalogs use
// (core/yaml_events.hpp).
#include "gpuselect/config.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "core/yaml_events.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::config {

namespace {

// One row per key: the single value it sets, or none for `catalogs` (a list of paths).
struct KeySpec {
  const char* name;
  std::optional<Entry> File::*value;
};
constexpr KeySpec key_table[] = {
    {"profile", &File::profile}, {"weights", &File::weights},     {"currency", &File::currency},
    {"format", &File::format},   {"max_nodes", &File::max_nodes}, {"top", &File::top},
    {"color", &File::color},     {"lang", &File::lang},           {"catalogs", nullptr},
};

// Config events from the shared libyaml wrapper: every syntax error, alias and tag is an Error at
// its file:line:col (a config file is small, so the first problem stops the read).
class Events {
 public:
  Events(std::string_view text, const std::string& source) : stream_(text), source_(source) {}

  yaml::EventKind next() {
    if (!stream_.next()) {
      const yaml::SyntaxError error = stream_.syntax_error();
      throw Error::said(where(error.mark),
                        text::words(text::Msg::err_config_invalid_yaml,
                                    error.problem.empty() ? std::string_view("syntax error") : error.problem),
                        text::words(text::Msg::hint_fix_yaml_syntax));
    }
    if (stream_.kind() == yaml::EventKind::alias) {
      throw Error::said(where(), text::words(text::Msg::err_aliases), text::words(text::Msg::hint_write_out));
    }
    if (const std::string_view tag = stream_.tag(); !tag.empty()) {
      throw Error::said(where(), text::words(text::Msg::err_yaml_tag, text::quoted(tag)),
                        text::words(text::Msg::hint_remove_tag));
    }
    return stream_.kind();
  }
  // Where the current event starts.
  std::string where() const { return where(stream_.start()); }
  std::string where(const yaml::Mark& mark) const {
    return source_ + ":" + std::to_string(mark.line) + ":" + std::to_string(mark.column);
  }
  std::string scalar() const { return std::string(stream_.scalar()); }

 private:
  yaml::EventStream stream_;
  std::string source_;
};

std::vector<std::string> names() {
  std::vector<std::string> result;
  for (const auto& spec : key_table) result.emplace_back(spec.name);
  return result;
}

}  // namespace

std::vector<std::string> known_keys() { return names(); }

File parse(std::string_view text, const std::string& source) {
  using yaml::EventKind;
  File file;
  Events events(text, source);
  // STREAM-START, then DOCUMENT-START or STREAM-END (empty file).
  events.next();
  if (events.next() == EventKind::stream_end) return file;
  const EventKind root = events.next();
  if (root == EventKind::scalar && events.scalar().empty()) return file;
  if (root != EventKind::mapping_start) {
    throw Error::said(events.where(), text::words(text::Msg::err_config_not_map),
                      text::words(text::Msg::hint_config_not_map));
  }
  std::vector<std::string> seen_keys;
  for (;;) {
    const EventKind key_kind = events.next();
    if (key_kind == EventKind::mapping_end) break;
    const std::string key_where = events.where();
    if (key_kind != EventKind::scalar) {
      throw Error::said(key_where, text::words(text::Msg::err_config_key_word), text::words(text::Msg::hint_config_key_word));
    }
    const std::string key_name = events.scalar();
    if (std::find(seen_keys.begin(), seen_keys.end(), key_name) != seen_keys.end()) {
      throw Error::said(key_where, text::words(text::Msg::err_duplicate_config_key, text::quoted(key_name)),
                        text::words(text::Msg::hint_keep_one_line));
    }
    seen_keys.push_back(key_name);
    const KeySpec* spec = nullptr;
    for (const auto& candidate : key_table) {
      if (key_name == candidate.name) spec = &candidate;
    }
    if (spec == nullptr) {
      throw unknown_id(key_where, text::Msg::kind_config_key, key_name, names(), text::words(text::Msg::hint_keys_in_docs));
    }
    const EventKind value = events.next();
    const std::string value_where = events.where();
    if (spec->value == nullptr) {
      if (value == EventKind::scalar) {
        file.catalogs.push_back({events.scalar(), value_where});
        continue;
      }
      if (value != EventKind::sequence_start) {
        throw Error::said(value_where, text::words(text::Msg::err_catalogs_list), text::words(text::Msg::hint_catalogs_list));
      }
      for (;;) {
        const EventKind item = events.next();
        if (item == EventKind::sequence_end) break;
        if (item != EventKind::scalar) {
          throw Error::said(events.where(), text::words(text::Msg::err_catalog_path), text::words(text::Msg::hint_path_string));
        }
        file.catalogs.push_back({events.scalar(), events.where()});
      }
      continue;
    }
    Entry entry{"", value_where};
    if (spec->value == &File::weights && value == EventKind::mapping_start) {
      // {cost: 0.4, stability: 0.3} is the same as "cost=0.4,stability=0.3".
      for (;;) {
        const EventKind name = events.next();
        if (name == EventKind::mapping_end) break;
        if (name != EventKind::scalar) {
          throw Error::said(events.where(), text::words(text::Msg::err_weights_map), text::words(text::Msg::hint_weights_map));
        }
        const std::string criterion = events.scalar();
        if (events.next() != EventKind::scalar) {
          throw Error::said(events.where(), text::words(text::Msg::err_weight_number, text::quoted(criterion)),
                            text::words(text::Msg::hint_write_weight, criterion));
        }
        if (!entry.value.empty()) entry.value += ',';
        entry.value += criterion + "=" + events.scalar();
      }
    } else if (value == EventKind::scalar) {
      entry.value = events.scalar();
    } else {
      throw Error::said(value_where, text::words(text::Msg::err_single_value, text::quoted(key_name)),
                      text::words(text::Msg::hint_write_key_value, key_name));
    }
    file.*spec->value = entry;
  }
  // DOCUMENT-END, then STREAM-END: a second document ("---" and more settings) is an error, not ignored.
  events.next();
  if (events.next() != EventKind::stream_end) {
    throw Error::said(events.where(), text::words(text::Msg::err_one_document),
                      text::words(text::Msg::hint_one_document));
  }
  return file;
}

}  // namespace gpuselect::config
