// Catalog records as JSON and as catalog YAML text, both driven by the loader's field tables.
#include "gpuselect/catalog_format.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <type_traits>

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

// Walks a dotted key to the object that holds its last part, creating nested objects in order.
nlohmann::ordered_json& parent_of(nlohmann::ordered_json& root, std::string_view& key) {
  nlohmann::ordered_json* parent = &root;
  for (std::size_t dot = key.find('.'); dot != std::string_view::npos; dot = key.find('.')) {
    parent = &(*parent)[std::string(key.substr(0, dot))];
    key.remove_prefix(dot + 1);
  }
  return *parent;
}

// Every mode as resolved (null = not sold in the region), and spot_min when known.
nlohmann::ordered_json region_prices_json(const std::vector<RegionPrice>& prices) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& entry : prices) {
    nlohmann::ordered_json item = {{"region", entry.region}};
    for (std::size_t index = 0; index < pricing_mode_count; ++index) {
      const auto mode = static_cast<PricingMode>(index);
      const auto price = entry.pricing.price(mode);
      item[std::string(pricing_key(mode))] = price ? nlohmann::ordered_json(*price) : nlohmann::ordered_json(nullptr);
    }
    if (entry.spot_min) item["spot_min"] = *entry.spot_min;
    list.push_back(std::move(item));
  }
  return list;
}

template <typename Record>
nlohmann::ordered_json record_json(const Table<Record>& table, const Record& record) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const Field<Record>& field : table.fields) {
    // The slot functions take a mutable record; nothing is written through it here.
    const void* slot = field.slot(const_cast<Record&>(record));
    nlohmann::ordered_json value;
    switch (field.kind) {
      case ValueKind::text:
      case ValueKind::choice_text:
      case ValueKind::date:
      case ValueKind::currency_code:
        value = *static_cast<const std::string*>(slot);
        break;
      case ValueKind::number:
        value = *static_cast<const double*>(slot);
        break;
      case ValueKind::optional_number: {
        const auto& optional = *static_cast<const std::optional<double>*>(slot);
        if (!optional && !field.json_null_when_unset) continue;
        if (optional) value = *optional;
        break;
      }
      case ValueKind::integer:
        value = *static_cast<const int*>(slot);
        break;
      case ValueKind::boolean:
        value = *static_cast<const bool*>(slot);
        break;
      case ValueKind::enumeration:
        value = std::string(enum_name(field, slot));
        break;
      case ValueKind::text_list:
        value = *static_cast<const std::vector<std::string>*>(slot);
        break;
      case ValueKind::region_prices:
        if constexpr (std::is_same_v<Record, Offering>) {
          value = region_prices_json(*static_cast<const std::vector<RegionPrice>*>(slot));
        }
        break;
    }
    std::string_view key = field.key;
    nlohmann::ordered_json& parent = parent_of(out, key);
    parent[std::string(key)] = std::move(value);
  }
  return out;
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
      const auto price = entry.pricing.price(mode);
      out += ", ";
      out += pricing_key(mode);
      out += ": ";
      out += price ? fields::format_number(*price) : std::string("null");
    }
    if (entry.spot_min) out += ", spot_min: " + fields::format_number(*entry.spot_min);
    out += '}';
  }
}

// The YAML text of one field, or false when the field is left out (an unset optional spec).
template <typename Record>
bool append_yaml_value(std::string& out, const Field<Record>& field, const Record& record) {
  const void* slot = field.slot(const_cast<Record&>(record));
  switch (field.kind) {
    case ValueKind::text:
    case ValueKind::choice_text:
    case ValueKind::date:
    case ValueKind::currency_code:
      append_string(out, *static_cast<const std::string*>(slot));
      break;
    case ValueKind::number:
      out += fields::format_number(*static_cast<const double*>(slot));
      break;
    case ValueKind::optional_number: {
      const auto& optional = *static_cast<const std::optional<double>*>(slot);
      if (!optional && !field.json_null_when_unset) return false;
      out += optional ? fields::format_number(*optional) : std::string("null");
      break;
    }
    case ValueKind::integer:
      out += std::to_string(*static_cast<const int*>(slot));
      break;
    case ValueKind::boolean:
      out += *static_cast<const bool*>(slot) ? "true" : "false";
      break;
    case ValueKind::enumeration:
      append_string(out, enum_name(field, slot));
      break;
    case ValueKind::region_prices:
      if constexpr (std::is_same_v<Record, Offering>) {
        const auto& prices = *static_cast<const std::vector<RegionPrice>*>(slot);
        if (prices.empty()) return false;
        append_region_prices(out, prices);
      }
      break;
    case ValueKind::text_list: {
      out += '[';
      bool first = true;
      for (const auto& item : *static_cast<const std::vector<std::string>*>(slot)) {
        if (!first) out += ", ";
        first = false;
        append_string(out, item);
      }
      out += ']';
      break;
    }
  }
  return true;
}

}  // namespace

nlohmann::ordered_json to_json(const Gpu& gpu) { return record_json(fields::gpu_table(), gpu); }
nlohmann::ordered_json to_json(const Provider& provider) { return record_json(fields::provider_table(), provider); }
nlohmann::ordered_json to_json(const Offering& offering) { return record_json(fields::offering_table(), offering); }
nlohmann::ordered_json to_json(const ModelPreset& model) { return record_json(fields::model_table(), model); }

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
