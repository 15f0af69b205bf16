// Catalog records as JSON and as catalog YAML text, both driven by the loader's field tables.
#include "gpuselect/catalog_format.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <span>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "catalog/fields.hpp"

namespace gpuselect::catalog {

namespace {

using fields::Field;
using fields::Table;
using fields::ValueKind;

std::string_view enum_name(const fields::FieldSpec& spec, const void* slot) {
  std::uint8_t index = 0;
  std::memcpy(&index, slot, sizeof index);
  return spec.choice(index);
}

// Builds a tree through JsonWriter's calls, so that one walk of a record feeds both to_json and
// the streamed writer: the same keys in the same order.
class TreeWriter {
 public:
  TreeWriter() { stack_.push_back(&root_); }
  void key(std::string_view name) { key_ = name; }
  void begin_object() { stack_.push_back(&place(nlohmann::ordered_json::object())); }
  void begin_array() { stack_.push_back(&place(nlohmann::ordered_json::array())); }
  void end_object() { stack_.pop_back(); }
  void end_array() { stack_.pop_back(); }
  template <typename Value>
  void value(const Value& content) {
    place(nlohmann::ordered_json(content));
  }
  nlohmann::ordered_json take() { return std::move(root_); }

 private:
  nlohmann::ordered_json& place(nlohmann::ordered_json item) {
    nlohmann::ordered_json& parent = *stack_.back();
    if (parent.is_array()) {
      parent.push_back(std::move(item));
      return parent.back();
    }
    if (parent.is_null() && stack_.size() == 1) {  // the record itself
      parent = std::move(item);
      return parent;
    }
    return parent[key_] = std::move(item);
  }
  nlohmann::ordered_json root_;
  std::vector<nlohmann::ordered_json*> stack_;
  std::string key_;
};

// Every mode as resolved (null = not sold in the region), and spot_min when known.
template <typename Writer>
void write_region_prices(Writer& json, const std::vector<RegionPrice>& prices) {
  json.begin_array();
  for (const auto& entry : prices) {
    json.begin_object();
    json.key("region");
    json.value(entry.region);
    for (std::size_t index = 0; index < pricing_mode_count; ++index) {
      const auto mode = static_cast<PricingMode>(index);
      json.key(pricing_key(mode));
      if (const auto price = entry.pricing.stated(mode)) {
        json.value(*price);
      } else {
        json.value(nullptr);
      }
    }
    if (entry.spot_min) {
      json.key("spot_min");
      json.value(*entry.spot_min);
    }
    json.end_object();
  }
  json.end_array();
}

// Fields written only when set: later optional keys (an import's launch names and unlisted mark, a
// provider's discount and spot reclaim rule), so that records without them read, and are written, as before.
bool omitted_when_unset(std::string_view key) {
  return key == "unlisted" || key.starts_with("launch.") || key.starts_with("discount_pct.") ||
         key.starts_with("spot_reclaim.");
}

// Whether a field's value is its unset default: empty text or list, 0 (see omitted_when_unset).
template <typename Record>
bool unset(const Field<Record>& field, const Record& record) {
  const void* slot = field.slot(const_cast<Record&>(record));
  switch (field.kind) {
    case ValueKind::text:
    case ValueKind::date:
      return static_cast<const std::string*>(slot)->empty();
    case ValueKind::text_list:
      return static_cast<const std::vector<std::string>*>(slot)->empty();
    case ValueKind::shared_text:
      return static_cast<const SharedText*>(slot)->empty();
    case ValueKind::shared_text_list:
      return static_cast<const SharedTextList*>(slot)->empty();
    case ValueKind::number:
      return *static_cast<const double*>(slot) == 0;
    default:
      return false;
  }
}

// Whether a field is left out of the record's JSON and YAML: an optional key at its unset default,
// or the capacity_block rules of a provider that sells no capacity blocks (max_instances 0).
template <typename Record>
bool left_out(const Field<Record>& field, const Record& record) {
  if (omitted_when_unset(field.key) && unset(field, record)) return true;
  if constexpr (std::is_same_v<Record, Provider>) {
    return field.key.starts_with("capacity_block.") && record.capacity_block.max_instances == 0;
  }
  return false;
}

// Whether the record's JSON holds this field (an unset optional number is left out unless the
// spec writes it as null).
template <typename Record>
bool in_json(const Field<Record>& field, const Record& record) {
  if (left_out(field, record)) return false;
  if (field.kind != ValueKind::optional_number || field.json_null_when_unset) return true;
  return static_cast<const OptionalNumber*>(field.slot(const_cast<Record&>(record)))->has_value();
}

// An enumeration's value, by name.
struct EnumName {
  std::string_view name;
};

// Calls visit with the member a field's slot holds, typed by the field's kind (enumerations as their
// name): the one place that knows which C++ type each kind stores. Returns what visit returns.
template <typename Record, typename Visit>
bool visit_value(const Field<Record>& field, const Record& record, Visit&& visit) {
  // The slot functions take a mutable record; nothing is written through it here.
  const void* slot = field.slot(const_cast<Record&>(record));
  switch (field.kind) {
    case ValueKind::text:
    case ValueKind::choice_text:
    case ValueKind::date:
    case ValueKind::currency_code:
      return visit(*static_cast<const std::string*>(slot));
    case ValueKind::number:
      return visit(*static_cast<const double*>(slot));
    case ValueKind::optional_number:
      return visit(*static_cast<const OptionalNumber*>(slot));
    case ValueKind::integer:
      return visit(*static_cast<const int*>(slot));
    case ValueKind::boolean:
      return visit(*static_cast<const bool*>(slot));
    case ValueKind::enumeration:
      return visit(EnumName{enum_name(field, slot)});
    case ValueKind::shared_text:
      return visit(static_cast<const SharedText*>(slot)->str());
    case ValueKind::text_list:
      return visit(*static_cast<const std::vector<std::string>*>(slot));
    case ValueKind::shared_text_list:
      return visit(static_cast<const SharedTextList*>(slot)->items());
    case ValueKind::region_prices:  // only offerings have it
      return visit(*static_cast<const std::vector<RegionPrice>*>(slot));
  }
  return false;
}

// One field's value as JSON (an unset optional as null).
template <typename Writer>
struct JsonValue {
  Writer& json;
  // Text, numbers, integers and flags: as they are.
  template <typename Scalar>
    requires(std::is_same_v<Scalar, std::string> || std::is_arithmetic_v<Scalar>)
  bool operator()(const Scalar& scalar) const {
    json.value(scalar);
    return true;
  }
  bool operator()(EnumName choice) const {
    json.value(choice.name);
    return true;
  }
  bool operator()(const OptionalNumber& number) const {
    if (number) {
      json.value(*number);
    } else {
      json.value(nullptr);
    }
    return true;
  }
  bool operator()(const std::vector<std::string>& items) const {
    json.begin_array();
    for (const auto& item : items) json.value(item);
    json.end_array();
    return true;
  }
  bool operator()(const std::vector<RegionPrice>& prices) const {
    write_region_prices(json, prices);
    return true;
  }
};

template <typename Record, typename Writer>
void write_field_value(Writer& json, const Field<Record>& field, const Record& record) {
  visit_value(field, record, JsonValue<Writer>{json});
}

// The fields `present` lists (indices into the table, in table order), `depth` dots into their
// keys: a dotted key opens a nested object at the place of the first key under it, which then holds
// every present key under it (the layout of nested maps in the catalog's YAML).
template <typename Record, typename Writer>
void write_level(Writer& json, const Table<Record>& table, const Record& record, std::span<const std::size_t> present,
                 std::size_t depth) {
  std::array<bool, fields::max_fields> done{};
  auto part = [&](std::size_t index, std::size_t& rest) {  // the key's part at depth; rest: after its dot
    std::string_view key = table.fields[present[index]].key;
    for (std::size_t level = 0; level < depth; ++level) key.remove_prefix(key.find('.') + 1);
    const std::size_t dot = key.find('.');
    rest = dot;
    return key.substr(0, dot);
  };
  for (std::size_t i = 0; i < present.size(); ++i) {
    if (done[i]) continue;
    std::size_t dot = 0;
    const std::string_view name = part(i, dot);
    json.key(name);
    if (dot == std::string_view::npos) {
      write_field_value(json, table.fields[present[i]], record);
      continue;
    }
    std::array<std::size_t, fields::max_fields> nested{};
    std::size_t count = 0;
    for (std::size_t j = i; j < present.size(); ++j) {
      std::size_t nested_dot = 0;
      if (!done[j] && part(j, nested_dot) == name && nested_dot != std::string_view::npos) {
        nested[count++] = present[j];
        done[j] = true;
      }
    }
    json.begin_object();
    write_level(json, table, record, std::span<const std::size_t>(nested.data(), count), depth + 1);
    json.end_object();
  }
}

template <typename Record, typename Writer>
void write_record(Writer& json, const Table<Record>& table, const Record& record) {
  std::array<std::size_t, fields::max_fields> present{};
  std::size_t count = 0;
  for (std::size_t index = 0; index < table.fields.size(); ++index) {
    if (in_json(table.fields[index], record)) present[count++] = index;
  }
  json.begin_object();
  write_level(json, table, record, std::span<const std::size_t>(present.data(), count), 0);
  json.end_object();
}

template <typename Record>
nlohmann::ordered_json record_json(const Table<Record>& table, const Record& record) {
  TreeWriter tree;
  write_record(tree, table, record);
  return tree.take();
}

bool is_plain_safe_word(std::string_view text) {
  // Words YAML 1.1 reads as null or booleans.
  static constexpr std::array<std::string_view, 22> reserved = {
      "null", "Null", "NULL", "~",  "true", "True", "TRUE", "false", "False", "FALSE", "yes",
      "Yes",  "YES",  "no",   "No", "NO",   "on",   "On",   "ON",    "off",   "Off",   "OFF"};
  if (std::find(reserved.begin(), reserved.end(), text) != reserved.end()) return false;
  if (text == "y" || text == "Y" || text == "n" || text == "N" || text == "=" || text == "<<") {
    return false;
  }
  return true;
}

bool needs_quotes(std::string_view text) {
  if (text.empty() || !is_plain_safe_word(text)) return true;
  const char first = text.front();
  const char last = text.back();
  if (first == ' ' || last == ' ' || last == ':') return true;
  // Indicators at the start, and anything that could read as a number, date, .inf or .nan.
  if (std::string_view("-?:,[]{}#&*!|>'\"%@`~.+0123456789").find(first) != std::string_view::npos) {
    return true;
  }
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f) return true;  // control characters; non-ASCII (NEL, LS, PS breaks)
    // ':' and '#' can end a plain scalar; the flow indicators would end an item of a [list].
    if (std::string_view(":#,[]{}").find(c) != std::string_view::npos) return true;
  }
  return false;
}

void append_double_quoted(std::string& out, std::string_view text) {
  static constexpr char hex[] = "0123456789ABCDEF";
  out += '"';
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 0xf];
    } else if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x85) {
      out += "\\N";  // NEL: a line break to YAML 1.1, so escaped to survive
      ++i;
    } else if (c == 0xe2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
               (static_cast<unsigned char>(text[i + 2]) == 0xa8 || static_cast<unsigned char>(text[i + 2]) == 0xa9)) {
      out += static_cast<unsigned char>(text[i + 2]) == 0xa8 ? "\\L" : "\\P";
      i += 2;
    } else if (c == 0xef && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xbb &&
               static_cast<unsigned char>(text[i + 2]) == 0xbf) {
      out += "\\uFEFF";
      i += 2;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

void append_string(std::string& out, std::string_view text) {
  if (needs_quotes(text)) {
    append_double_quoted(out, text);
  } else {
    out += text;
  }
}

// A block list of flow maps, one region per line; a price is written only for the modes the entry
// names (the others inherit the offering's `pricing` when read back).
void append_region_prices(std::string& out, const std::vector<RegionPrice>& prices) {
  for (const RegionPrice& entry : prices) {
    out += "\n      - {region: ";
    append_string(out, entry.region);
    for (std::size_t mode_index = 0; mode_index < pricing_mode_count; ++mode_index) {
      if ((entry.given & (1u << mode_index)) == 0) continue;
      const auto mode = static_cast<PricingMode>(mode_index);
      const auto price = entry.pricing.stated(mode);
      out += ", ";
      out += pricing_key(mode);
      out += ": ";
      out += price ? fields::format_number(*price) : std::string("null");
    }
    if (entry.spot_min) out += ", spot_min: " + fields::format_number(*entry.spot_min);
    out += '}';
  }
}

// One field's YAML text; false when the field is left out (an unset optional the spec does not
// write as null, an empty region_pricing).
struct YamlValue {
  std::string& out;
  bool null_when_unset = false;
  bool operator()(const std::string& text) const {
    append_string(out, text);
    return true;
  }
  bool operator()(double number) const {
    out += fields::format_number(number);
    return true;
  }
  bool operator()(int number) const {
    out += std::to_string(number);
    return true;
  }
  bool operator()(bool flag) const {
    out += flag ? "true" : "false";
    return true;
  }
  bool operator()(EnumName choice) const {
    append_string(out, choice.name);
    return true;
  }
  bool operator()(const OptionalNumber& number) const {
    if (!number && !null_when_unset) return false;
    out += number ? fields::format_number(*number) : std::string("null");
    return true;
  }
  bool operator()(const std::vector<RegionPrice>& prices) const {
    if (prices.empty()) return false;
    append_region_prices(out, prices);
    return true;
  }
  bool operator()(const std::vector<std::string>& items) const {
    out += '[';
    bool first = true;
    for (const auto& item : items) {
      if (!first) out += ", ";
      first = false;
      append_string(out, item);
    }
    out += ']';
    return true;
  }
};

template <typename Record>
bool append_yaml_value(std::string& out, const Field<Record>& field, const Record& record) {
  if (left_out(field, record)) return false;
  return visit_value(field, record, YamlValue{out, field.json_null_when_unset});
}

}  // namespace

nlohmann::ordered_json to_json(const Gpu& gpu) { return record_json(fields::gpu_table(), gpu); }
nlohmann::ordered_json to_json(const Provider& provider) { return record_json(fields::provider_table(), provider); }
nlohmann::ordered_json to_json(const Offering& offering) { return record_json(fields::offering_table(), offering); }
nlohmann::ordered_json to_json(const ModelPreset& model) { return record_json(fields::model_table(), model); }
void write_json(JsonWriter& json, const Offering& offering) { write_record(json, fields::offering_table(), offering); }

namespace {

// One record as a block-list item: "  - id: ..." then its fields, nested maps under their prefix.
template <typename Record>
void append_record(std::string& out, const Table<Record>& table, const Record& record, const KeyFilter& keep) {
  bool first = true;
  std::string_view open_prefix;
  std::string value;
  for (const auto& field : table.fields) {
    if (keep && &field != table.fields.data() && !keep(field.key)) continue;
    value.clear();
    if (!append_yaml_value(value, field, record)) continue;
    const std::size_t dot = field.key.find('.');
    const std::string_view prefix = dot == std::string_view::npos ? std::string_view{} : field.key.substr(0, dot);
    const std::string_view leaf = dot == std::string_view::npos ? field.key : field.key.substr(dot + 1);
    if (!prefix.empty() && prefix != open_prefix) {
      out += first ? "  - " : "    ";
      first = false;
      out += prefix;
      out += ":\n";
    }
    open_prefix = prefix;
    out += prefix.empty() ? (first ? "  - " : "    ") : "      ";
    first = false;
    out += leaf;
    out += value.front() == '\n' ? ":" : ": ";  // a block list starts on the next line
    out += value;
    out += '\n';
  }
}

}  // namespace

std::string write_catalog_yaml(std::span<const Provider> providers, std::span<const Offering> offerings,
                               std::span<const std::string> header_comment,
                               const std::function<KeyFilter(std::size_t offering)>& offering_keys) {
  std::string out = "# yaml-language-server: $schema=../docs/catalog.schema.json\n";
  for (const std::string& comment : header_comment) {
    std::string_view rest = comment;
    while (true) {
      const std::size_t end = rest.find('\n');
      const std::string_view line = rest.substr(0, end);
      out += line.empty() ? "#\n" : "# " + std::string(line) + "\n";
      if (end == std::string_view::npos) break;
      rest.remove_prefix(end + 1);
    }
  }
  out += "schema_version: 1\n";
  if (!providers.empty()) {
    out += "providers:\n";
    for (const Provider& provider : providers) append_record(out, fields::provider_table(), provider, {});
  }
  out += offerings.empty() ? "offerings: []\n" : "offerings:\n";
  for (std::size_t index = 0; index < offerings.size(); ++index) {
    append_record(out, fields::offering_table(), offerings[index], offering_keys ? offering_keys(index) : KeyFilter{});
  }
  return out;
}

std::string write_offerings_yaml(std::span<const Offering> offerings, std::span<const std::string> header_comment) {
  return write_catalog_yaml({}, offerings, header_comment, {});
}

std::vector<std::string> known_keys(std::string_view record_kind) {
  std::vector<std::string> keys;
  auto collect = [&](const auto& table) {
    if (table.list_key != record_kind) return;
    for (const auto& field : table.fields) keys.emplace_back(field.key);
  };
  collect(fields::gpu_table());
  collect(fields::provider_table());
  collect(fields::offering_table());
  collect(fields::model_table());
  collect(fields::currency_table());
  return keys;
}

}  // namespace gpuselect::catalog
