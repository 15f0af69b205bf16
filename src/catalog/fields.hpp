#pragma once
// The field tables: one per record kind, mapping each dotted catalog key (brief "The catalog YAML
// format", docs/catalog.md) to its value kind, plausibility range and place in the struct. The
// loader, to_json, write_offerings_yaml and known_keys are all driven by these tables, so a key
// is added in exactly one place.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "gpuselect/catalog.hpp"
#include "gpuselect/messages.hpp"

namespace gpuselect::catalog {
class Interner;
}

namespace gpuselect::catalog::fields {

enum class ValueKind : std::uint8_t {
  text,             // std::string, any scalar
  choice_text,      // std::string restricted to `choice` names (gpu vendor, architecture)
  date,             // std::string, YYYY-MM-DD
  currency_code,    // std::string, ISO 4217: three upper-case letters
  number,           // double
  optional_number,  // OptionalNumber; YAML null/~/empty = unset
  integer,          // int
  boolean,          // bool: true or false only
  enumeration,      // an enum class over std::uint8_t; `choice(i)` names value i
  text_list,        // std::vector<std::string>; replaced whole by an overlay
  shared_text,      // SharedText (gpuselect/shared_text.hpp), otherwise as text: a value many records repeat
  shared_text_list, // SharedTextList, otherwise as text_list
  region_prices,    // std::vector<RegionPrice>: a list of maps (region, on_demand, spot, spot_min,
                    // reserved_1y, reserved_3y, monthly, yearly, capacity_block); replaced whole by an overlay
};

// Keys of one region_pricing entry; prices use the offering's per-hour price range.
inline constexpr std::array<std::string_view, 9> region_price_keys = {
    "region", "on_demand", "spot", "reserved_1y", "reserved_3y", "monthly", "yearly", "capacity_block", "spot_min"};

// Inclusive bounds unless min_exclusive. Assumption (not a published limit): each bound sits about
// an order of magnitude beyond the largest real value as of 2026, so only typos and unit mix-ups hit it.
struct Range {
  double min = 0;
  double max = 0;
  bool min_exclusive = false;
};

struct FieldSpec {
  std::string_view key;  // dotted: "pricing.on_demand"
  ValueKind kind = ValueKind::text;
  bool required = false;  // a new record must name it
  Range range{};
  std::string_view (*choice)(std::size_t index) = nullptr;  // "" past the last name
  bool json_null_when_unset = false;                        // optional_number: write null rather than omitting the key
};

template <typename Record>
struct Field : FieldSpec {
  void* (*slot)(Record&) = nullptr;           // the member this key sets
  SourcePos* (*position)(Record&) = nullptr;  // updated with the value's position, if any
};

// Records have at most 64 fields: a bit per field remembers which ones a record named.
using FieldMask = std::uint64_t;
inline constexpr std::size_t max_fields = 64;

template <typename Record>
struct Table {
  std::string_view list_key;              // "gpus"
  std::string_view singular;              // "gpu"
  std::span<const Field<Record>> fields;  // fields[0] is the identifying key ("id" or "code")
};

const Table<Gpu>& gpu_table();
const Table<Provider>& provider_table();
const Table<Offering>& offering_table();
const Table<ModelPreset>& model_table();
const Table<CurrencyRate>& currency_table();

// The index of `key` in `fields`, starting the search at `hint` (records usually list keys in table
// order, so the next field is the likely one); -1 when unknown.
template <typename Record>
int find_field(std::span<const Field<Record>> fields, std::string_view key, std::size_t hint) {
  const std::size_t count = fields.size();
  for (std::size_t step = 0; step < count; ++step) {
    std::size_t index = hint + step;
    if (index >= count) index -= count;
    if (fields[index].key == key) return static_cast<int>(index);
  }
  return -1;
}

// Why a value was refused: what is wrong (with the value) and what to do.
struct Problem {
  std::string message;
  std::string hint;
  // The same as catalogue words, where the problem has them (null: message and hint in every language).
  std::shared_ptr<const text::Said> said = nullptr;
};
// A problem in the catalogue's words (message and hint hold their English).
Problem said_problem(const text::Words& message, const text::Words& hint);

// The loader's range check of the offering key `key` (an entry of offering_table(), e.g. "ram_gb",
// "vcpus", "pricing.spot"), for importers: a value they write is one `catalog validate` accepts.
// A key the table lacks or that holds no number is a programming error (std::logic_error).
std::optional<Problem> check_offering_number(std::string_view key, double value);
// The least a rented offering's price may be, per instance-hour in any currency (fields.cpp states why).
inline constexpr double min_price_per_hour = 0.001;
// The range of a rented offering's price per instance-hour (every pricing mode; owned capacity's
// on-demand rate alone may be 0); `key` names the price in the message.
std::optional<Problem> check_rented_price_per_hour(std::string_view key, double value);

// Parses one scalar into the member at `slot` per spec. `plain` is YAML's plain (unquoted) style:
// only plain scalars may be null, numbers or booleans. On a problem the member is left unchanged.
// `interner`, when given, supplies shared_text values (one copy per distinct text in a load).
std::optional<Problem> assign_scalar(const FieldSpec& spec, void* slot, std::string_view text, bool plain,
                                     Interner* interner = nullptr);

// Sets one key of a region_pricing entry (region_price_keys) from a scalar; for a price key the
// mode's bit is set in entry.given.
std::optional<Problem> assign_region_price_key(RegionPrice& entry, std::string_view key, std::string_view text,
                                               bool plain);

// The names of an enumeration or choice field, joined with ", ".
std::string choice_list(const FieldSpec& spec);

// Parses a YAML plain scalar as a finite double (std::from_chars, locale-independent).
// A value as quoted in a message: at most 60 bytes, control characters as '?', in single quotes.
std::string shown(std::string_view text);

std::optional<Problem> parse_number(std::string_view key, std::string_view text, double& out);

// Shortest text that reads back to the same double (std::to_chars; locale-independent).
std::string format_number(double value);

// True for YAML's spellings of null in a plain scalar: "", "~", "null", "Null", "NULL".
bool is_null_scalar(std::string_view text);

}  // namespace gpuselect::catalog::fields
