// Config files are small flat maps; they are read with libyaml's event parser, like catalogs.
#include "gpuselect/config.hpp"

#include <yaml.h>

#include <algorithm>
#include <memory>
#include <string>

#include "gpuselect/error.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::config {

namespace {

enum class Key { profile, weights, currency, format, max_nodes, top, color, catalogs };
struct KeySpec {
  const char* name;
  Key key;
};
constexpr KeySpec key_table[] = {
    {"profile", Key::profile},     {"weights", Key::weights}, {"currency", Key::currency}, {"format", Key::format},
    {"max_nodes", Key::max_nodes}, {"top", Key::top},         {"color", Key::color},       {"catalogs", Key::catalogs},
};

class Parser {
 public:
  Parser(std::string_view text, const std::string& source) : source_(source) {
    yaml_parser_initialize(&parser_);
    yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  }
  ~Parser() {
    if (has_event_) yaml_event_delete(&event_);
    yaml_parser_delete(&parser_);
  }
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  const yaml_event_t& next() {
    if (has_event_) yaml_event_delete(&event_);
    has_event_ = false;
    if (!yaml_parser_parse(&parser_, &event_)) {
      const auto& mark = parser_.problem_mark;
      throw Error(where(mark), std::string("invalid YAML: ") + (parser_.problem ? parser_.problem : "syntax error"),
                  "fix the YAML syntax");
    }
    has_event_ = true;
    if (event_.type == YAML_ALIAS_EVENT) {
      throw Error(where(event_.start_mark), "aliases are not supported", "write the value out");
    }
    const yaml_char_t* tag = event_.type == YAML_SCALAR_EVENT           ? event_.data.scalar.tag
                             : event_.type == YAML_MAPPING_START_EVENT  ? event_.data.mapping_start.tag
                             : event_.type == YAML_SEQUENCE_START_EVENT ? event_.data.sequence_start.tag
                                                                        : nullptr;
    if (tag != nullptr) {
      throw Error(where(event_.start_mark),
                  "YAML tags are not supported (found " + text::quoted(reinterpret_cast<const char*>(tag)) + ")",
                  "remove the tag and write the plain value");
    }
    return event_;
  }
  std::string where(const yaml_mark_t& mark) const {
    return source_ + ":" + std::to_string(mark.line + 1) + ":" + std::to_string(mark.column + 1);
  }
  static std::string scalar(const yaml_event_t& event) {
    return std::string(reinterpret_cast<const char*>(event.data.scalar.value), event.data.scalar.length);
  }

 private:
  std::string source_;
  yaml_parser_t parser_{};
  yaml_event_t event_{};
  bool has_event_ = false;
};

std::vector<std::string> names() {
  std::vector<std::string> result;
  for (const auto& spec : key_table) result.emplace_back(spec.name);
  return result;
}

}  // namespace

std::vector<std::string> known_keys() { return names(); }

File parse(std::string_view text, const std::string& source) {
  File file;
  Parser parser(text, source);
  // STREAM-START, then DOCUMENT-START or STREAM-END (empty file).
  parser.next();
  if (parser.next().type == YAML_STREAM_END_EVENT) return file;
  const yaml_event_t* root = &parser.next();
  if (root->type == YAML_SCALAR_EVENT && root->data.scalar.length == 0) return file;
  if (root->type != YAML_MAPPING_START_EVENT) {
    throw Error(parser.where(root->start_mark), "a config file must be a map of settings",
                "write 'key: value' lines such as 'profile: balanced'");
  }
  std::vector<std::string> seen_keys;
  for (;;) {
    const yaml_event_t& key_event = parser.next();
    if (key_event.type == YAML_MAPPING_END_EVENT) break;
    const std::string key_where = parser.where(key_event.start_mark);
    if (key_event.type != YAML_SCALAR_EVENT) {
      throw Error(key_where, "a config key must be a plain word", "use one of the documented keys");
    }
    const std::string key_name = Parser::scalar(key_event);
    if (std::find(seen_keys.begin(), seen_keys.end(), key_name) != seen_keys.end()) {
      throw Error(key_where, "duplicate config key " + text::quoted(key_name), "keep one of the two lines");
    }
    seen_keys.push_back(key_name);
    const KeySpec* spec = nullptr;
    for (const auto& candidate : key_table) {
      if (key_name == candidate.name) spec = &candidate;
    }
    if (spec == nullptr) {
      throw unknown_id(key_where, "config key", key_name, names(), "the keys are in docs/cli.md");
    }
    const yaml_event_t& value = parser.next();
    const std::string value_where = parser.where(value.start_mark);
    if (spec->key == Key::catalogs) {
      if (value.type == YAML_SCALAR_EVENT) {
        file.catalogs.push_back({Parser::scalar(value), value_where});
        continue;
      }
      if (value.type != YAML_SEQUENCE_START_EVENT) {
        throw Error(value_where, "catalogs must be a list of file paths", "write catalogs: [team.yaml]");
      }
      for (;;) {
        const yaml_event_t& item = parser.next();
        if (item.type == YAML_SEQUENCE_END_EVENT) break;
        if (item.type != YAML_SCALAR_EVENT) {
          throw Error(parser.where(item.start_mark), "each catalog must be a file path", "write a path string");
        }
        file.catalogs.push_back({Parser::scalar(item), parser.where(item.start_mark)});
      }
      continue;
    }
    Entry entry{"", value_where};
    if (spec->key == Key::weights && value.type == YAML_MAPPING_START_EVENT) {
      // {cost: 0.4, stability: 0.3} is the same as "cost=0.4,stability=0.3".
      for (;;) {
        const yaml_event_t& name = parser.next();
        if (name.type == YAML_MAPPING_END_EVENT) break;
        if (name.type != YAML_SCALAR_EVENT) {
          throw Error(parser.where(name.start_mark), "weights must map criteria to numbers", "write cost: 0.4");
        }
        const std::string criterion = Parser::scalar(name);
        const yaml_event_t& number = parser.next();
        if (number.type != YAML_SCALAR_EVENT) {
          throw Error(parser.where(number.start_mark), "weight of " + text::quoted(criterion) + " must be a number",
                      "write " + criterion + ": 0.3");
        }
        if (!entry.value.empty()) entry.value += ',';
        entry.value += criterion + "=" + Parser::scalar(number);
      }
    } else if (value.type == YAML_SCALAR_EVENT) {
      entry.value = Parser::scalar(value);
    } else {
      throw Error(value_where, text::quoted(key_name) + " must be a single value", "write " + key_name + ": VALUE");
    }
    switch (spec->key) {
      case Key::profile:
        file.profile = entry;
        break;
      case Key::weights:
        file.weights = entry;
        break;
      case Key::currency:
        file.currency = entry;
        break;
      case Key::format:
        file.format = entry;
        break;
      case Key::max_nodes:
        file.max_nodes = entry;
        break;
      case Key::top:
        file.top = entry;
        break;
      case Key::color:
        file.color = entry;
        break;
      case Key::catalogs:
        break;
    }
  }
  // DOCUMENT-END, then STREAM-END: a second document ("---" and more settings) is an error, not ignored.
  parser.next();
  if (const yaml_event_t& after = parser.next(); after.type != YAML_STREAM_END_EVENT) {
    throw Error(parser.where(after.start_mark), "a config file holds one YAML document",
                "remove the '---' and merge the settings into the first document");
  }
  return file;
}

}  // namespace gpuselect::config
