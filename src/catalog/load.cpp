// catalog::load: a streaming pass over libyaml events per file (no document tree), overlaying
// records by id field by field, then checks that need the merged catalog (required fields,
// references, vgpu shares). Every problem becomes a Diagnostic; nothing throws on bad input.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <exception>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "catalog/fields.hpp"
#include "catalog/intern.hpp"
#include "core/prefault.hpp"
#include "core/yaml_events.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::catalog {

namespace {

// A record's kind ("gpu", "provider") as the reader reads it: as the schema spells it in English,
// the catalogue's word in Chinese (GPU, 云厂商, 方案, 模型, 货币; issue 29 review: "gpu 'x'" in a
// Chinese finding).
text::Words record_kind_words(std::string_view singular) {
  return text::Words::in_each([singular](text::Lang lang) {
    constexpr std::array<std::pair<std::string_view, text::Msg>, 5> kinds = {{{"gpu", text::Msg::kind_gpu},
                                                                              {"provider", text::Msg::kind_provider},
                                                                              {"offering", text::Msg::kind_offering},
                                                                              {"model", text::Msg::kind_model},
                                                                              {"currency", text::Msg::kind_currency}}};
    if (lang != text::Lang::en) {
      for (const auto& [name, id] : kinds) {
        if (name == singular) return std::string(text::message(id, lang));
      }
    }
    return std::string(singular);
  });
}

using text::Lang;
using text::Msg;

using text::composed;


using fields::Field;
using fields::FieldMask;
using fields::Table;
using fields::ValueKind;
using yaml::EventKind;
using yaml::Mark;

constexpr std::array<std::string_view, 6> top_level_keys = {"schema_version", "gpus",   "providers",
                                                            "offerings",      "models", "currencies"};

// What one key of a record held, as collected from the events before the record is applied.
enum class Shape : std::uint8_t {
  scalar,     // value_* is the scalar
  list,       // followed by item_count item entries
  list_item,  // a scalar item of the preceding list
  bad_item,   // a map or list inside a list (value_mark locates it)
  map,        // a map where a scalar or list was expected; skipped
  rejected,   // an alias or oversized scalar, already reported
  map_item,   // a map item of a list of maps (region_pricing); its keys follow as map_fields
  map_field,  // one scalar key (key_*) and value (value_*) of the preceding map_item
};

struct Entry {
  std::uint32_t key_begin = 0;  // dotted key, in the arena
  std::uint32_t key_size = 0;
  std::uint32_t value_begin = 0;
  std::uint32_t value_size = 0;
  Mark key_mark;
  Mark value_mark;
  int field = -1;  // index in the table; -1 = unknown key
  Shape shape = Shape::scalar;
  bool plain = false;
  std::uint32_t item_count = 0;
};

// The scalars of one record: reused from record to record, so a record costs no allocations
// beyond its own strings once the buffers have grown.
struct RecordBuffer {
  std::string arena;
  std::vector<Entry> entries;
  std::string path;                         // dotted prefix of the nested map being read
  std::vector<std::size_t> prefix_lengths;  // path sizes to restore at each nested map's end
  Mark record_mark;

  void clear() {
    arena.clear();
    entries.clear();
    path.clear();
    prefix_lengths.clear();
  }
  std::string_view key(const Entry& entry) const {
    return std::string_view(arena).substr(entry.key_begin, entry.key_size);
  }
  std::string_view value(const Entry& entry) const {
    return std::string_view(arena).substr(entry.value_begin, entry.value_size);
  }
};

// Record ids to record indices, by open addressing over the indices: no id is copied and no node
// allocated per record (a 50,000-offering catalog made 100,000 allocations in a std::unordered_map).
// Ids are read back through `id_of(index)` at lookup, so the records may move.
class IdIndex {
 public:
  void reserve(std::size_t records) {
    if (records * 2 > slots_.size()) rehash(records * 2);
  }
  // The index of the record with this id, or none.
  template <typename IdOf>
  std::optional<std::uint32_t> find(std::string_view id, IdOf id_of) const {
    if (slots_.empty()) return std::nullopt;
    const std::size_t hash = std::hash<std::string_view>{}(id);
    for (std::size_t slot = hash & mask(); slots_[slot].record != empty; slot = (slot + 1) & mask()) {
      if (slots_[slot].hash == static_cast<std::uint32_t>(hash) && id_of(slots_[slot].record) == id) {
        return slots_[slot].record;
      }
    }
    return std::nullopt;
  }
  // Starts loading the slot where a lookup of `id` begins: the index is several MB and its slots are
  // read at random, so the lookup after the record's other keys are parsed finds its slot in cache
  // (issue 33: the cache miss of that first slot was ~2% of a 50k-offering load).
  void prefetch(std::string_view id) const {
    if (!slots_.empty()) gpuselect::detail::prefetch(&slots_[std::hash<std::string_view>{}(id) & mask()]);
  }
  // Adds a record whose id is not in the index yet.
  void insert(std::string_view id, std::uint32_t record) {
    if ((count_ + 1) * 2 > slots_.size()) rehash(std::max<std::size_t>(16, slots_.size() * 2));
    const std::size_t hash = std::hash<std::string_view>{}(id);
    place({static_cast<std::uint32_t>(hash), record}, hash);
    ++count_;
  }

 private:
  static constexpr std::uint32_t empty = std::numeric_limits<std::uint32_t>::max();
  struct Slot {
    std::uint32_t hash = 0;  // low 32 bits of the id's hash
    std::uint32_t record = empty;
  };
  std::size_t mask() const { return slots_.size() - 1; }
  void place(Slot entry, std::size_t hash) {
    std::size_t slot = hash & mask();
    while (slots_[slot].record != empty) slot = (slot + 1) & mask();
    slots_[slot] = entry;
  }
  // A power of two of at least `wanted` slots; entries re-placed by their stored hash bits.
  void rehash(std::size_t wanted) {
    std::size_t size = 16;
    while (size < wanted) size *= 2;
    std::vector<Slot> old(size);
    old.swap(slots_);
    for (const Slot& entry : old) {
      if (entry.record != empty) place(entry, entry.hash);
    }
  }
  std::vector<Slot> slots_;
  std::size_t count_ = 0;
};

struct RecordMeta {
  std::uint32_t touched_file = 0;  // the last file that defined or overlaid the record
  std::uint32_t touched_line = 0;  // where, in that file: its id value
  std::uint32_t touched_column = 0;
  FieldMask named = 0;  // fields any file named
  SourcePos shape_pos;  // where gpu_fraction or isolation was last named (line 0 = never)
};

// The hint for an unknown key in a record: the record kind's closest key ("did you mean"), else its
// three nearest keys. Candidates are the dotted keys and the maps they sit in ("pricing" for
// "pricing.on_demand"), so a misspelt map name is matched too.
template <typename Record>
text::Words unknown_key_hint(std::string_view key, std::span<const Field<Record>> fields, std::string_view list_key) {
  std::vector<std::string> candidates;
  candidates.reserve(2 * fields.size());
  for (const auto& field : fields) {
    const std::string_view map = field.key.substr(0, field.key.find('.'));
    if (map.size() != field.key.size() && std::find(candidates.begin(), candidates.end(), map) == candidates.end())
      candidates.emplace_back(map);
    candidates.emplace_back(field.key);
  }
  // In a flow map {on_demand: 2,5} the comma ends the value: the key "5" is the decimal part.
  const std::string_view last = key.substr(key.rfind('.') + 1);
  if (!last.empty() && last.find_first_not_of("0123456789") == std::string_view::npos)
    return text::words(text::Msg::hint_decimal_comma_flow);
  text::Words docs = text::words(text::Msg::hint_keys_of_list, std::string(list_key));
  if (!closest_match(key, candidates).empty()) return did_you_mean_words(key, candidates, docs);
  // Keys are at most ~30 bytes; a far longer word is no misspelling, and this bounds the work.
  constexpr std::size_t longest_misspelt_key = 64;
  if (key.size() > longest_misspelt_key) return docs;
  constexpr std::size_t nearest_shown = 3;
  std::string nearest;
  for (const auto& candidate : closest_matches(key, candidates, nearest_shown))
    nearest += (nearest.empty() ? "" : ", ") + text::quoted(candidate);
  if (nearest.empty()) return docs;
  return composed(text::Msg::hint_did_you_mean_one_of, nearest, docs);
}

template <typename Record>
struct Store {
  const Table<Record>& table;
  std::vector<Record>& records;
  IdIndex index{};
  std::vector<RecordMeta> meta{};
  std::size_t records_backed = 0;  // detail::prefault_ahead's count

  const std::string& id_of(const Record& record) const {
    return *static_cast<const std::string*>(table.fields[0].slot(const_cast<Record&>(record)));
  }
  std::optional<std::uint32_t> find(std::string_view id) const {
    return index.find(id, [this](std::uint32_t record) -> std::string_view { return id_of(records[record]); });
  }
};

text::Words describe_kind(const fields::FieldSpec& spec) {
  switch (spec.kind) {
    case ValueKind::text:
    case ValueKind::shared_text:
      return text::words(Msg::what_a_string);
    case ValueKind::choice_text:
    case ValueKind::enumeration:
      return text::words(Msg::what_one_of, fields::choice_list(spec));
    case ValueKind::date:
      return text::words(Msg::what_a_date);
    case ValueKind::currency_code:
      return text::words(Msg::what_currency_code);
    case ValueKind::number:
      return text::words(Msg::what_a_number);
    case ValueKind::optional_number:
      return text::words(Msg::what_number_or_null);
    case ValueKind::integer:
      return text::words(Msg::what_a_whole_number);
    case ValueKind::boolean:
      return text::words(Msg::what_true_or_false);
    case ValueKind::text_list:
    case ValueKind::shared_text_list:
      return text::words(Msg::what_list_of_strings);
    case ValueKind::region_prices:
      return text::words(Msg::what_region_price_list);
  }
  return text::words(Msg::what_a_value);
}

struct LocatedDiagnostic {
  std::uint32_t file = 0;
  Diagnostic diagnostic;
};

class Loader {
 public:
  explicit Loader(const LoadLimits& limits)
      : limits_(limits),
        gpus_{fields::gpu_table(), result_.catalog.gpus},
        providers_{fields::provider_table(), result_.catalog.providers},
        offerings_{fields::offering_table(), result_.catalog.offerings},
        models_{fields::model_table(), result_.catalog.models},
        currencies_{fields::currency_table(), result_.catalog.currencies} {
    buffer_.arena.reserve(4096);
    buffer_.entries.reserve(64);
  }

  LoadResult load_all(std::span<const SourceText> sources) {
    result_.catalog.files.reserve(sources.size());
    std::size_t total_bytes = 0;
    file_names_.reserve(sources.size());
    for (const auto& source : sources) {
      result_.catalog.files.push_back(source.name);
      file_names_.emplace_back(source.name);
      total_bytes += source.size();
    }
    // Offerings dominate large catalogs at ~375 bytes of YAML each (bench/generate_catalog, the
    // SkyPilot import): reserving for text/300 records means no regrowth copy of the records or
    // rehash of the id index; capacity never written costs address space only.
    constexpr std::size_t min_bytes_per_offering = 300;
    const std::size_t expected_offerings = total_bytes / min_bytes_per_offering;
    offerings_.records.reserve(expected_offerings);
    gpuselect::detail::advise_huge_pages(offerings_.records);
    offerings_.meta.reserve(expected_offerings);
    offerings_.index.reserve(expected_offerings);
    for (std::size_t index = 0; index < sources.size(); ++index) {
      load_file(static_cast<std::uint32_t>(index), sources[index]);
    }
    return finish();
  }

 private:
  void load_file(std::uint32_t file, const SourceText& source);
  LoadResult finish();

  // ---- diagnostics ----
  // A finding with its message and hint as catalogue words (said in the language of the error line).
  void report_said(std::uint32_t file, Mark mark, const text::Words& message, const text::Words& hint,
                   Severity severity = Severity::error) {
    ++(severity == Severity::error ? result_.found.errors : result_.found.warnings);
    if (diagnostics_.size() >= max_kept_diagnostics) {
      result_.found.count_dropped(severity, hint.say(text::Lang::en));
      return;
    }
    Diagnostic diagnostic;
    diagnostic.severity = severity;
    diagnostic.file = file_names_[file];
    diagnostic.line = mark.line;
    diagnostic.column = mark.column;
    diagnostic.say(message, hint);
    diagnostics_.push_back({file, std::move(diagnostic)});
  }
  void report_said(Mark mark, const text::Words& message, const text::Words& hint) {
    report_said(file_, mark, message, hint);
  }
  // A field's problem (fields::said_problem: in the catalogue's words).
  static text::Said said_of(const fields::Problem& problem) {
    return problem.said ? *problem.said : text::Said{problem.message, problem.hint};
  }
  void report_problem(Mark mark, const fields::Problem& problem) {
    const text::Said said = said_of(problem);
    report_said(mark, said.what, said.hint);
  }
  // False once max_kept_diagnostics are kept: a costly hint (edit distances) is then not worth making.
  bool keeps_diagnostics() const { return diagnostics_.size() < max_kept_diagnostics; }
  void report_at(const SourcePos& pos, const text::Words& message, const text::Words& hint) {
    report_said(pos.file, {pos.line, pos.column}, message, hint);
  }

  // ---- events ----
  bool advance();
  bool skip_node();
  // Skips a map entry whose key is not read (a key that is not a string, or any key once the file
  // is rejected), reporting a non-string key unless the file is already rejected. False where the
  // stream ends or fails.
  bool skip_entry(Mark key_mark);
  text::Words describe_node() const;
  bool parse_root();
  template <typename Record>
  bool parse_list(Store<Record>& store);
  template <typename Record>
  bool collect_record(const Store<Record>& store);
  bool collect_map_item(int field, std::size_t list_index);
  bool read_region_prices(std::size_t first, std::size_t items, std::vector<RegionPrice>& out);
  // One record of buffer_ into `store`: a new record, or an overlay of one an earlier file defined.
  template <typename Record>
  void apply_record(Store<Record>& store);
  // The record's identifying entry, its value in `id`; null (reported) where it is missing, not a
  // string, blank or holds control characters: the record is skipped.
  template <typename Record>
  const Entry* checked_id_entry(const Store<Record>& store, std::string& id);
  // The index of the record `id` names: an earlier file's (`overlay` set), or a new one; none
  // (reported) where this file defined it already.
  template <typename Record>
  std::optional<std::uint32_t> record_index_for(Store<Record>& store, const std::string& id, const Entry& id_entry,
                                                bool& overlay);
  // An entry whose key is no field: a provider's `discount_pct: N` (every mode at N), a prefix of
  // dotted fields given a value (reported), or an unknown key (reported).
  template <typename Record>
  void apply_unknown_key(const Store<Record>& store, Record& target, const Entry& entry, fields::FieldMask& named);
  // The value of entry `index` into `field` of `target`, by its shape.
  template <typename Record>
  void apply_field(const Field<Record>& field, Record& target, std::size_t index);
  // A list value (entry `index`, its items after it): region prices, or a list of strings.
  template <typename Record>
  void apply_list(const Field<Record>& field, void* slot, std::size_t index);
  template <typename Record>
  void check_required(const Store<Record>& store);
  void check_offerings();
  void check_owned_pricing(const Offering& offering, bool provider_known);
  void check_spot_reclaim();
  void check_block_sizes();
  void overlay_prices(Offering& target, fields::FieldMask named, Mark id_mark, std::optional<double> previous_on_demand);
  void check_price_ceiling(const Offering& offering, const Provider& provider);
  void resolve_region_prices();
  void apply_discounts();
  void check_models();

  const LoadLimits& limits_;
  LoadResult result_;
  std::vector<LocatedDiagnostic> diagnostics_;
  std::vector<FileName> file_names_;  // shared by the diagnostics of each file
  Interner interner_;                 // one copy of each repeated source sentence and estimated_fields list
  std::vector<std::string_view> list_items_;  // a shared list's items while it is interned
  Store<Gpu> gpus_;
  Store<Provider> providers_;
  Store<Offering> offerings_;
  Store<ModelPreset> models_;
  Store<CurrencyRate> currencies_;
  RecordBuffer buffer_;
  std::size_t record_count_ = 0;
  bool stop_all_ = false;  // a limit over all files was hit

  // State of the file being read.
  std::uint32_t file_ = 0;
  yaml::EventStream* stream_ = nullptr;
  std::size_t depth_ = 0;
  bool fatal_ = false;     // syntax error or limit: stop reading this file
  bool rejected_ = false;  // the current event is an alias or an oversized scalar (reported)
};

bool Loader::advance() {
  if (fatal_) return false;
  rejected_ = false;
  if (!stream_->next()) {
    if (const auto failure = stream_->reader_failure()) std::rethrow_exception(failure);
    if (stream_->input_too_large()) {
      report_said(Mark{1, 1}, text::words(Msg::err_catalog_above_limit, limits_.max_file_bytes),
                  text::words(Msg::hint_split_catalog));
      fatal_ = true;
      return false;
    }
    const yaml::SyntaxError error = stream_->syntax_error();
    // libyaml's own words (problem, context) stay as it says them.
    const text::Words problem =
        error.problem.empty() ? text::words(Msg::what_unreadable_yaml) : text::Words(std::string(error.problem));
    report_said(error.mark,
                error.context.empty() ? composed(Msg::err_yaml_syntax, problem)
                                      : composed(Msg::err_yaml_context, problem, std::string(error.context)),
                text::words(text::Msg::hint_fix_yaml));
    fatal_ = true;
    return false;
  }
  switch (stream_->kind()) {
    case EventKind::mapping_start:
    case EventKind::sequence_start:
      if (++depth_ > limits_.max_depth) {
        report_said(stream_->start(), text::words(Msg::err_catalog_depth, limits_.max_depth),
                    text::words(Msg::hint_catalog_depth));
        fatal_ = true;
        return false;
      }
      break;
    case EventKind::mapping_end:
    case EventKind::sequence_end:
      --depth_;
      break;
    case EventKind::alias:
      report_said(stream_->start(), text::words(text::Msg::err_catalog_yaml_aliases),
                  text::words(text::Msg::hint_catalog_yaml_aliases));
      rejected_ = true;
      break;
    case EventKind::scalar:
      if (stream_->scalar().size() > limits_.max_scalar_bytes) {
        report_said(stream_->start(),
                    text::words(Msg::err_catalog_scalar, stream_->scalar().size(), limits_.max_scalar_bytes),
                    text::words(Msg::hint_shorten_value));
        rejected_ = true;
      }
      break;
    default:
      break;
  }
  if (const std::string_view tag = stream_->tag(); !tag.empty()) {
    // A tag asks the reader to build a type (!!python/object/apply:...) or to retype a value
    // (gpu_count: !!str 4): the catalog has one schema, so any tag is an error, never dropped.
    report_said(stream_->start(), text::words(Msg::err_yaml_tag, text::quoted(tag)), text::words(Msg::hint_remove_tag));
    rejected_ = true;
  }
  if (stream_->has_anchor()) {
    report_said(stream_->start(), text::words(Msg::err_catalog_anchor), text::words(Msg::hint_catalog_anchor));
  }
  return true;
}

// Consumes the rest of the node whose first event is current (iteratively: depth is a counter).
bool Loader::skip_node() {
  const EventKind kind = stream_->kind();
  if (kind != EventKind::mapping_start && kind != EventKind::sequence_start) return true;
  const std::size_t target = depth_ - 1;
  while (depth_ > target) {
    if (!advance()) return false;
  }
  return true;
}

bool Loader::skip_entry(Mark key_mark) {
  if (!rejected_) {
    report_said(key_mark, composed(Msg::err_key_not_string, describe_node()), text::words(Msg::hint_key_plain_word));
  }
  return skip_node() && advance() && skip_node();
}

text::Words Loader::describe_node() const {
  switch (stream_->kind()) {
    case EventKind::mapping_start:
      return text::words(Msg::what_a_map);
    case EventKind::sequence_start:
      return text::words(Msg::what_a_list);
    case EventKind::alias:
      return text::words(Msg::what_an_alias);
    case EventKind::scalar:
      if (stream_->plain() && fields::is_null_scalar(stream_->scalar())) return "null";
      return fields::shown(stream_->scalar());
    default:
      return text::words(Msg::what_nothing);
  }
}

void Loader::load_file(std::uint32_t file, const SourceText& source) {
  file_ = file;
  depth_ = 0;
  fatal_ = false;
  if (stop_all_) return;
  if (source.size() > limits_.max_file_bytes) {
    report_said(Mark{1, 1}, text::words(Msg::err_catalog_file_size, source.size(), limits_.max_file_bytes),
                text::words(Msg::hint_split_catalog));
    return;
  }
  std::optional<yaml::EventStream> streamed;
  if (source.read) {
    streamed.emplace(source.read, limits_.max_file_bytes);
  } else {
    streamed.emplace(source.text);
  }
  yaml::EventStream& stream = *streamed;
  stream_ = &stream;
  if (advance() && advance()) {  // stream start, then document start or stream end
    if (stream.kind() == EventKind::stream_end) {
      report_said(Mark{1, 1}, text::words(text::Msg::err_catalog_empty), text::words(text::Msg::hint_catalog_empty));
    } else if (parse_root() && advance() && advance() && stream.kind() == EventKind::document_start) {
      report_said(stream.start(), text::words(Msg::err_catalog_second_document),
                  text::words(Msg::hint_catalog_second_document));
    }
  }
  stream_ = nullptr;
}

// The root node: a map of schema_version and record lists.
bool Loader::parse_root() {
  if (!advance()) return false;
  const Mark root_mark = stream_->start();
  if (stream_->kind() != EventKind::mapping_start) {
    if (stream_->kind() == EventKind::scalar && stream_->plain() && fields::is_null_scalar(stream_->scalar())) {
      report_said(root_mark, text::words(text::Msg::err_catalog_empty), text::words(text::Msg::hint_catalog_empty));
    } else if (!rejected_) {
      report_said(root_mark, composed(Msg::err_catalog_top_not_map, describe_node()),
                  text::words(Msg::hint_missing_schema_version_start));
    }
    return skip_node();
  }
  bool seen_schema_version = false;
  std::array<bool, top_level_keys.size()> seen{};
  while (true) {
    if (!advance()) return false;
    if (stream_->kind() == EventKind::mapping_end) break;
    const Mark key_mark = stream_->start();
    if (stream_->kind() != EventKind::scalar || rejected_) {
      if (!skip_entry(key_mark)) return false;
      continue;
    }
    const std::string key(stream_->scalar());
    if (!advance()) return false;
    const auto known = std::find(top_level_keys.begin(), top_level_keys.end(), key);
    if (known == top_level_keys.end()) {
      const std::vector<std::string> keys(top_level_keys.begin(), top_level_keys.end());
      report_said(key_mark, text::words(text::Msg::err_unknown_top_key, fields::shown(key)),
                  did_you_mean_words(key, keys, one_of_words(keys)));
      if (!skip_node()) return false;
      continue;
    }
    const auto which = static_cast<std::size_t>(known - top_level_keys.begin());
    if (seen[which]) {
      report_said(key_mark, text::words(Msg::err_duplicate_top_key, fields::shown(key)), text::words(Msg::hint_merge_two));
      if (!skip_node()) return false;
      continue;
    }
    seen[which] = true;
    bool ok = true;
    switch (which) {
      case 0:
        seen_schema_version = true;
        if (stream_->kind() != EventKind::scalar || !stream_->plain() || stream_->scalar() != "1") {
          if (!rejected_) {
            report_said(stream_->start(), composed(Msg::err_schema_version, describe_node()),
                        text::words(Msg::hint_schema_version));
          }
          ok = skip_node();
        }
        break;
      case 1:
        ok = parse_list(gpus_);
        break;
      case 2:
        ok = parse_list(providers_);
        break;
      case 3:
        ok = parse_list(offerings_);
        break;
      case 4:
        ok = parse_list(models_);
        break;
      default:
        ok = parse_list(currencies_);
        break;
    }
    if (!ok) return false;
  }
  if (!seen_schema_version) {
    report_said(root_mark, text::words(text::Msg::err_missing_schema_version),
                text::words(text::Msg::hint_missing_schema_version));
  }
  return true;
}

template <typename Record>
bool Loader::parse_list(Store<Record>& store) {
  const std::string_view list_key = store.table.list_key;
  if (stream_->kind() == EventKind::scalar && stream_->plain() && fields::is_null_scalar(stream_->scalar())) {
    return true;  // "offerings:" with nothing under it: an empty list
  }
  if (stream_->kind() != EventKind::sequence_start) {
    if (!rejected_) {
      report_said(stream_->start(), composed(Msg::err_not_record_list, text::quoted(list_key), describe_node()),
                  text::words(Msg::hint_record_list, std::string(list_key)));
    }
    return skip_node();
  }
  while (true) {
    if (!advance()) return false;
    if (stream_->kind() == EventKind::sequence_end) return true;
    if (stream_->kind() != EventKind::mapping_start) {
      if (!rejected_) {
        report_said(stream_->start(), composed(Msg::err_entry_not_map, text::quoted(list_key), describe_node()),
                    text::words(Msg::hint_entry_map));
      }
      if (!skip_node()) return false;
      continue;
    }
    if (++record_count_ > limits_.max_records) {
      report_said(stream_->start(), text::words(Msg::err_catalog_records, limits_.max_records),
                  text::words(Msg::hint_catalog_records));
      fatal_ = true;
      stop_all_ = true;
      return false;
    }
    if (!collect_record(store)) return false;
    apply_record(store);
  }
}

// Reads one record map into buffer_: dotted keys for nested maps, list items after their list.
template <typename Record>
bool Loader::collect_record(const Store<Record>& store) {
  RecordBuffer& buffer = buffer_;
  buffer.clear();
  buffer.record_mark = stream_->start();
  const std::size_t record_depth = depth_;
  const auto& fields = store.table.fields;
  std::size_t hint = 0;
  while (true) {
    if (!advance()) return false;
    if (stream_->kind() == EventKind::mapping_end) {
      if (depth_ < record_depth) return true;
      buffer.path.resize(buffer.prefix_lengths.back());
      buffer.prefix_lengths.pop_back();
      continue;
    }
    Entry entry;
    entry.key_mark = stream_->start();
    if (stream_->kind() != EventKind::scalar || rejected_) {
      if (!skip_entry(entry.key_mark)) return false;
      continue;
    }
    entry.key_begin = static_cast<std::uint32_t>(buffer.arena.size());
    buffer.arena += buffer.path;
    if (!buffer.path.empty()) buffer.arena += '.';
    buffer.arena += stream_->scalar();
    entry.key_size = static_cast<std::uint32_t>(buffer.arena.size() - entry.key_begin);
    entry.field = fields::find_field(fields, buffer.key(entry), hint);
    if (entry.field >= 0) hint = static_cast<std::size_t>(entry.field) + 1;
    if (!advance()) return false;
    entry.value_mark = stream_->start();
    switch (stream_->kind()) {
      case EventKind::scalar:
        if (rejected_) {
          entry.shape = Shape::rejected;
        } else {
          entry.value_begin = static_cast<std::uint32_t>(buffer.arena.size());
          buffer.arena += stream_->scalar();
          entry.value_size = static_cast<std::uint32_t>(buffer.arena.size() - entry.value_begin);
          entry.plain = stream_->plain();
          if (entry.field == 0) store.index.prefetch(stream_->scalar());  // the id (record_index_for)
        }
        buffer.entries.push_back(entry);
        break;
      case EventKind::mapping_start: {
        const std::string_view key = buffer.key(entry);
        const bool is_prefix =
            entry.field < 0 && std::any_of(fields.begin(), fields.end(), [&](const auto& field) {
              return field.key.size() > key.size() && field.key.starts_with(key) && field.key[key.size()] == '.';
            });
        if (is_prefix) {
          buffer.prefix_lengths.push_back(buffer.path.size());
          buffer.path.assign(key);
        } else {
          entry.shape = Shape::map;
          buffer.entries.push_back(entry);
          if (!skip_node()) return false;
        }
        break;
      }
      case EventKind::sequence_start: {
        entry.shape = Shape::list;
        const std::size_t list_index = buffer.entries.size();
        buffer.entries.push_back(entry);
        const bool maps =
            entry.field >= 0 && fields[static_cast<std::size_t>(entry.field)].kind == ValueKind::region_prices;
        while (true) {
          if (!advance()) return false;
          if (stream_->kind() == EventKind::sequence_end) break;
          if (maps && stream_->kind() == EventKind::mapping_start && !rejected_) {
            if (!collect_map_item(entry.field, list_index)) return false;
            continue;
          }
          Entry item;
          item.value_mark = stream_->start();
          item.field = entry.field;
          if (stream_->kind() == EventKind::scalar && !rejected_) {
            item.shape = Shape::list_item;
            item.value_begin = static_cast<std::uint32_t>(buffer.arena.size());
            buffer.arena += stream_->scalar();
            item.value_size = static_cast<std::uint32_t>(buffer.arena.size() - item.value_begin);
            item.plain = stream_->plain();
          } else {
            item.shape = rejected_ ? Shape::rejected : Shape::bad_item;
            if (!skip_node()) return false;
          }
          buffer.entries.push_back(item);
          ++buffer.entries[list_index].item_count;
        }
        break;
      }
      default:  // an alias, already reported
        entry.shape = Shape::rejected;
        buffer.entries.push_back(entry);
        break;
    }
  }
}

// One map of a list of maps: a map_item entry, then a map_field entry per scalar key; a key whose
// value is not a scalar is reported and skipped. The list entry's item_count grows by the entries
// added (by index: entries may reallocate).
bool Loader::collect_map_item(int field, std::size_t list_index) {
  RecordBuffer& buffer = buffer_;
  Entry item;
  item.shape = Shape::map_item;
  item.field = field;
  item.value_mark = stream_->start();
  buffer.entries.push_back(item);
  ++buffer.entries[list_index].item_count;
  const std::size_t map_depth = depth_;
  while (true) {
    if (!advance()) return false;
    if (stream_->kind() == EventKind::mapping_end && depth_ < map_depth) return true;
    Entry key_value;
    key_value.shape = Shape::map_field;
    key_value.field = field;
    key_value.key_mark = stream_->start();
    if (stream_->kind() != EventKind::scalar || rejected_) {
      if (!skip_entry(key_value.key_mark)) return false;
      continue;
    }
    key_value.key_begin = static_cast<std::uint32_t>(buffer.arena.size());
    buffer.arena += stream_->scalar();
    key_value.key_size = static_cast<std::uint32_t>(buffer.arena.size() - key_value.key_begin);
    if (!advance()) return false;
    key_value.value_mark = stream_->start();
    if (stream_->kind() != EventKind::scalar || rejected_) {
      if (!rejected_) {
        report_said(key_value.value_mark,
                    composed(Msg::err_expected_got, Msg::what_single_value, fields::shown(buffer.key(key_value)),
                             describe_node()),
                    text::words(Msg::hint_region_pricing_entries));
      }
      if (!skip_node()) return false;
      continue;
    }
    key_value.value_begin = static_cast<std::uint32_t>(buffer.arena.size());
    buffer.arena += stream_->scalar();
    key_value.value_size = static_cast<std::uint32_t>(buffer.arena.size() - key_value.value_begin);
    key_value.plain = stream_->plain();
    buffer.entries.push_back(key_value);
    ++buffer.entries[list_index].item_count;
  }
}

// The entries after a region_pricing list entry (`items` of them) as region prices; false after
// reporting a problem (the field then keeps its earlier value).
bool Loader::read_region_prices(std::size_t first, std::size_t items, std::vector<RegionPrice>& out) {
  const RecordBuffer& buffer = buffer_;
  std::vector<RegionPrice> prices;
  bool ok = true;
  for (std::size_t index = first; index < first + items; ++index) {
    const Entry& element = buffer.entries[index];
    if (element.shape == Shape::map_item) {
      if (!prices.empty() && prices.back().region.empty()) {
        report_said(
            prices.back().pos.line == 0 ? element.value_mark : Mark{prices.back().pos.line, prices.back().pos.column},
            text::words(Msg::err_region_pricing_no_region), text::words(Msg::hint_region_pricing_no_region));
        ok = false;
      }
      prices.emplace_back().pos = {file_, element.value_mark.line, element.value_mark.column};
      continue;
    }
    if (element.shape != Shape::map_field) {
      if (element.shape != Shape::rejected) {
        report_said(element.value_mark, text::words(Msg::err_region_pricing_items),
                    text::words(Msg::hint_region_pricing_items));
      }
      ok = false;
      continue;
    }
    if (auto problem =
            fields::assign_region_price_key(prices.back(), buffer.key(element), buffer.value(element), element.plain)) {
      report_problem(element.value_mark, *problem);
      ok = false;
    }
  }
  if (!prices.empty() && prices.back().region.empty()) {
    report_said(Mark{prices.back().pos.line, prices.back().pos.column}, text::words(Msg::err_region_pricing_no_region),
                text::words(Msg::hint_region_pricing_no_region));
    ok = false;
  }
  std::stable_sort(prices.begin(), prices.end(),
                   [](const RegionPrice& a, const RegionPrice& b) { return a.region < b.region; });
  for (std::size_t index = 1; index < prices.size(); ++index) {
    if (prices[index].region != prices[index - 1].region) continue;
    report_said(Mark{prices[index].pos.line, prices[index].pos.column},
                text::words(Msg::err_region_twice, fields::shown(prices[index].region)),
                text::words(Msg::hint_region_twice));
    ok = false;
  }
  if (ok) out = std::move(prices);
  return ok;
}

template <typename Record>
const Entry* Loader::checked_id_entry(const Store<Record>& store, std::string& id) {
  const RecordBuffer& buffer = buffer_;
  const auto& fields = store.table.fields;
  const std::string singular(store.table.singular);
  const std::string id_key(fields[0].key);
  const Entry* id_entry = nullptr;
  for (const Entry& entry : buffer.entries) {
    if (entry.field == 0 && entry.shape != Shape::list_item && entry.shape != Shape::bad_item) {
      id_entry = &entry;
      break;
    }
  }
  if (id_entry == nullptr) {
    report_said(buffer.record_mark,
                text::composed(Msg::err_record_no_id, record_kind_words(singular), text::quoted(id_key)),
                text::composed(Msg::hint_record_no_id, id_key, record_kind_words(singular)));
    return nullptr;
  }
  if (id_entry->shape != Shape::scalar) {
    if (id_entry->shape != Shape::rejected) {
      report_said(id_entry->value_mark, text::words(Msg::err_id_not_string, text::quoted(id_key)),
                  text::words(Msg::hint_record_skipped));
    }
    return nullptr;
  }
  if (auto problem = fields::assign_scalar(fields[0], &id, buffer.value(*id_entry), id_entry->plain)) {
    const text::Said said = said_of(*problem);
    report_said(id_entry->value_mark, said.what, composed(Msg::err_then, said.hint, Msg::hint_record_skipped));
    return nullptr;
  }
  if (text::is_blank(id)) {
    report_said(id_entry->value_mark, text::words(Msg::err_id_blank, text::quoted(id_key)),
                text::composed(Msg::hint_id_blank, record_kind_words(singular)));
    return nullptr;
  }
  if (text::needs_neutralising(id)) {
    report_said(id_entry->value_mark, text::words(Msg::err_id_control, text::quoted(id_key), fields::shown(id)),
                text::words(Msg::hint_id_control));
    return nullptr;
  }
  return id_entry;
}

template <typename Record>
std::optional<std::uint32_t> Loader::record_index_for(Store<Record>& store, const std::string& id,
                                                      const Entry& id_entry, bool& overlay) {
  const auto& fields = store.table.fields;
  if (const auto found = store.find(id)) {
    overlay = true;
    RecordMeta& meta = store.meta[*found];
    if (meta.touched_file == file_) {
      report_said(id_entry.value_mark,
                  text::composed(Msg::err_duplicate_id, record_kind_words(std::string(store.table.singular)),
                                 std::string(fields[0].key), fields::shown(id), meta.touched_line),
                  text::words(Msg::hint_duplicate_id));
      return std::nullopt;
    }
    meta.touched_file = file_;
    meta.touched_line = id_entry.value_mark.line;
    meta.touched_column = id_entry.value_mark.column;
    return *found;
  }
  const auto record_index = static_cast<std::uint32_t>(store.records.size());
  gpuselect::detail::prefault_ahead(store.records, store.records_backed);
  Record& fresh = store.records.emplace_back();
  *static_cast<std::string*>(fields[0].slot(fresh)) = id;
  fresh.pos = {file_, buffer_.record_mark.line, buffer_.record_mark.column};
  store.meta.push_back({file_, id_entry.value_mark.line, id_entry.value_mark.column, 0, {}});
  store.index.insert(id, record_index);
  return record_index;
}

template <typename Record>
void Loader::apply_unknown_key(const Store<Record>& store, Record& target, const Entry& entry, FieldMask& named) {
  const RecordBuffer& buffer = buffer_;
  const auto& fields = store.table.fields;
  const std::string_view key = buffer.key(entry);
  const bool is_prefix = std::any_of(fields.begin(), fields.end(), [&](const auto& field) {
    return field.key.size() > key.size() && field.key.starts_with(key) && field.key[key.size()] == '.';
  });
  if constexpr (std::is_same_v<Record, Provider>) {
    // `discount_pct: 12` is the map with every pricing mode at 12 (docs/catalog.md "Discounts").
    if (key == "discount_pct" && entry.shape == Shape::scalar) {
      for (const auto& mode_field : fields) {
        if (!mode_field.key.starts_with("discount_pct.")) continue;
        if (auto problem =
                fields::assign_scalar(mode_field, mode_field.slot(target), buffer.value(entry), entry.plain)) {
          report_problem(entry.value_mark, *problem);
          break;
        }
        named |= FieldMask{1} << fields::find_field(fields, mode_field.key, 0);
      }
      return;
    }
  }
  if (is_prefix) {
    std::string subkeys;
    for (const auto& field : fields) {
      if (field.key.starts_with(key) && field.key.size() > key.size() && field.key[key.size()] == '.') {
        if (!subkeys.empty()) subkeys += ", ";
        subkeys += field.key.substr(key.size() + 1);
      }
    }
    report_said(entry.value_mark, text::words(Msg::err_prefix_not_map, text::quoted(key), subkeys),
                text::words(Msg::hint_prefix_not_map, key, subkeys.substr(0, subkeys.find(','))));
  } else {
    report_said(
        entry.key_mark,
        text::composed(text::Msg::err_unknown_record_key, fields::shown(key),
                       record_kind_words(std::string(store.table.singular)), fields::shown(store.id_of(target))),
        keeps_diagnostics() ? unknown_key_hint(key, fields, store.table.list_key) : text::Words());
  }
}

template <typename Record>
void Loader::apply_list(const Field<Record>& field, void* slot, std::size_t index) {
  const RecordBuffer& buffer = buffer_;
  const Entry& entry = buffer.entries[index];
  const std::size_t items = entry.item_count;
  const std::string_view key = buffer.key(entry);
  if (field.kind == ValueKind::region_prices) {
    if constexpr (std::is_same_v<Record, Offering>) {
      read_region_prices(index + 1, items, *static_cast<std::vector<RegionPrice>*>(slot));
    }
    return;
  }
  if (field.kind != ValueKind::text_list && field.kind != ValueKind::shared_text_list) {
    report_said(entry.value_mark,
                composed(Msg::err_expected_got, describe_kind(field), text::quoted(key), Msg::what_a_list),
                text::words(Msg::hint_single_value));
    return;
  }
  bool all_strings = true;
  for (std::size_t item = index + 1; item <= index + items; ++item) {
    const Entry& element = buffer.entries[item];
    if (element.shape == Shape::list_item && !(element.plain && fields::is_null_scalar(buffer.value(element)))) {
      continue;
    }
    all_strings = false;
    if (element.shape != Shape::rejected) {
      report_said(element.value_mark,
                  text::words(Msg::err_items_not_strings, text::quoted(key),
                              element.shape == Shape::bad_item ? Msg::what_map_or_list : Msg::what_null_value),
                  text::words(Msg::hint_flat_list));
    }
  }
  if (all_strings && items == 0 && field.required) {
    report_said(entry.value_mark, text::words(Msg::err_empty_list, text::quoted(key)),
                text::words(Msg::hint_empty_list));
    return;
  }
  if (all_strings && field.kind == ValueKind::shared_text_list) {
    list_items_.clear();
    for (std::size_t item = index + 1; item <= index + items; ++item) {
      list_items_.push_back(buffer.value(buffer.entries[item]));
    }
    *static_cast<SharedTextList*>(slot) = interner_.list(list_items_);
  } else if (all_strings) {
    auto& list = *static_cast<std::vector<std::string>*>(slot);
    list.clear();
    list.reserve(items);
    for (std::size_t item = index + 1; item <= index + items; ++item) {
      list.emplace_back(buffer.value(buffer.entries[item]));
    }
  }
}

template <typename Record>
void Loader::apply_field(const Field<Record>& field, Record& target, std::size_t index) {
  const RecordBuffer& buffer = buffer_;
  const Entry& entry = buffer.entries[index];
  void* slot = field.slot(target);
  switch (entry.shape) {
    case Shape::scalar:
      if (auto problem = fields::assign_scalar(field, slot, buffer.value(entry), entry.plain, &interner_)) {
        report_problem(entry.value_mark, *problem);
      } else if (field.position != nullptr) {
        *field.position(target) = {file_, entry.value_mark.line, entry.value_mark.column};
      }
      break;
    case Shape::map:
      report_said(
          entry.value_mark,
          composed(Msg::err_expected_got, describe_kind(field), text::quoted(buffer.key(entry)), Msg::what_a_map),
          text::words(Msg::hint_single_value));
      break;
    case Shape::list:
      apply_list(field, slot, index);
      break;
    case Shape::list_item:
    case Shape::bad_item:
    case Shape::rejected:
    case Shape::map_item:
    case Shape::map_field:
      break;
  }
}

template <typename Record>
void Loader::apply_record(Store<Record>& store) {
  const RecordBuffer& buffer = buffer_;
  const auto& fields = store.table.fields;
  // The identifying key first: it decides between a new record and an overlay.
  std::string id;
  const Entry* id_entry = checked_id_entry(store, id);
  if (id_entry == nullptr) return;
  [[maybe_unused]] bool overlay = false;  // read for offerings only
  const std::optional<std::uint32_t> found_index = record_index_for(store, id, *id_entry, overlay);
  if (!found_index) return;
  const std::uint32_t record_index = *found_index;
  Record& target = store.records[record_index];
  FieldMask named = 0;
  [[maybe_unused]] std::optional<double> previous_on_demand;  // offerings: the price an overlay replaces
  if constexpr (std::is_same_v<Record, Offering>) previous_on_demand = target.pricing.on_demand;

  const std::size_t count = buffer.entries.size();
  for (std::size_t index = 0; index < count; ++index) {
    const Entry& entry = buffer.entries[index];
    const std::size_t items = entry.shape == Shape::list ? entry.item_count : 0;
    if (entry.field < 0) {
      apply_unknown_key(store, target, entry, named);
      index += items;
      continue;
    }
    const Field<Record>& field = fields[static_cast<std::size_t>(entry.field)];
    const FieldMask bit = FieldMask{1} << entry.field;
    if (entry.field == 0 && &entry == id_entry) {
      named |= bit;
      continue;
    }
    if ((named & bit) != 0) {
      report_said(entry.key_mark,
                  text::composed(Msg::err_duplicate_record_key, fields::shown(buffer.key(entry)),
                                 record_kind_words(std::string(store.table.singular))),
                  text::words(Msg::hint_duplicate_record_key));
      index += items;
      continue;
    }
    named |= bit;
    if (field.key == "gpu_fraction" || field.key == "isolation") {
      store.meta[record_index].shape_pos = {file_, entry.key_mark.line, entry.key_mark.column};
    }
    apply_field(field, target, index);
    index += items;
  }
  store.meta[record_index].named |= named;
  if constexpr (std::is_same_v<Record, Offering>) {
    if (overlay) overlay_prices(target, named, id_entry->value_mark, previous_on_demand);
  }
}

// An overlay's prices (docs/catalog.md "Overlays"): a plain `pricing` price applies in every region,
// replacing the regional prices of that mode, unless the overlay gives region_pricing too (a note
// says how many it replaced); a changed price without the overlay's own as_of and source warns, as
// the record would go on dating and sourcing it by the file that defined it. A reserved price the
// record marks estimated (a discount off on-demand, docs/catalog.md "Prices per region") follows a
// new on-demand price the overlay gives without reserved prices of its own: a negotiated 40 on a
// list 55.04 takes the estimated 1-year 38.528 to 28.0, not to 96% of the new on-demand.
void Loader::overlay_prices(Offering& target, FieldMask named, Mark id_mark, std::optional<double> previous_on_demand) {
  const auto& fields = offerings_.table.fields;
  const auto has = [&](std::string_view key) {
    const int field = fields::find_field(fields, key, 0);
    return field >= 0 && (named & (FieldMask{1} << field)) != 0;
  };
  if (has("pricing.on_demand") && previous_on_demand && *previous_on_demand > 0 && target.pricing.on_demand &&
      *target.pricing.on_demand > 0) {
    const double factor = *target.pricing.on_demand / *previous_on_demand;
    for (const PricingMode mode : {PricingMode::reserved_1y, PricingMode::reserved_3y}) {
      const std::string key = "pricing." + std::string(pricing_key(mode));
      const bool estimated = std::find(target.estimated_fields.begin(), target.estimated_fields.end(), key) !=
                             target.estimated_fields.end();
      auto& price = target.pricing.slot(mode);
      if (estimated && !has(key) && price) *price = std::round(*price * factor * 1e6) / 1e6;
    }
  }
  const bool regional = has("region_pricing");
  bool any_price = regional;
  std::size_t replaced = 0;
  for (std::size_t index = 0; index < pricing_mode_count; ++index) {
    const auto mode = static_cast<PricingMode>(index);
    if (!has("pricing." + std::string(pricing_key(mode)))) continue;
    any_price = true;
    if (regional) continue;
    const auto mode_bit = static_cast<std::uint8_t>(1u << index);
    for (auto& entry : target.region_prices) {
      if ((entry.given & mode_bit) == 0) continue;
      entry.given = static_cast<std::uint8_t>(entry.given & ~mode_bit);
      entry.pricing.slot(mode).reset();
      if (mode == PricingMode::spot) entry.spot_min.reset();
      ++replaced;
    }
  }
  if (replaced > 0 && result_.notes.size() < max_kept_diagnostics) {
    result_.notes.push_back(fmt::format(
        "{}:{}:{}: note: offering {}: the overlay's pricing applies in every region and replaced {} regional price{} "
        "(give region_pricing in the overlay to price regions apart)",
        file_names_[file_].str(), id_mark.line, id_mark.column, fields::shown(target.id), replaced,
        replaced == 1 ? "" : "s"));
  }
  if (any_price && (!has("as_of") || !has("source"))) {
    const text::Words missing = !has("as_of") && !has("source") ? text::words(Msg::what_as_of_and_source)
                                : !has("as_of")                  ? text::Words("as_of")
                                                                 : text::Words("source");
    report_said(file_, id_mark,
                composed(Msg::warn_overlay_prices_unsourced, fields::shown(target.id), missing,
                         fields::shown(target.as_of), fields::shown(target.source.view())),
                text::words(Msg::hint_overlay_prices_unsourced), Severity::warning);
  }
}

template <typename Record>
void Loader::check_required(const Store<Record>& store) {
  FieldMask required = 0;
  const auto& fields = store.table.fields;
  for (std::size_t index = 0; index < fields.size(); ++index) {
    if (fields[index].required) required |= FieldMask{1} << index;
  }
  for (std::size_t index = 0; index < store.records.size(); ++index) {
    const FieldMask missing = required & ~store.meta[index].named;
    if (missing == 0) continue;
    const Record& record = store.records[index];
    std::string keys;
    for (std::size_t field = 0; field < fields.size(); ++field) {
      if ((missing & (FieldMask{1} << field)) == 0) continue;
      if (!keys.empty()) keys += ", ";
      keys += fields[field].key;
    }
    report_at(record.pos,
              text::composed(Msg::err_record_missing_keys, record_kind_words(store.table.singular),
                             fields::shown(store.id_of(record)), result_.catalog.files[record.pos.file], keys),
              text::words(Msg::hint_record_missing_keys, std::string(fields[0].key)));
  }
}

void Loader::check_offerings() {
  Catalog& catalog = result_.catalog;
  std::vector<std::string> gpu_ids;
  std::vector<std::string> provider_ids;
  for (const auto& gpu : catalog.gpus) gpu_ids.push_back(gpu.id);
  for (const auto& provider : catalog.providers) provider_ids.push_back(provider.id);
  const auto& offering_fields = offerings_.table.fields;
  const int provider_bit = fields::find_field(offering_fields, "provider", 0);
  const int gpu_bit = fields::find_field(offering_fields, "gpu", 0);
  for (std::size_t index = 0; index < catalog.offerings.size(); ++index) {
    Offering& offering = catalog.offerings[index];
    const FieldMask named = offerings_.meta[index].named;
    if ((named & (FieldMask{1} << provider_bit)) != 0) {
      if (const auto found = providers_.find(offering.provider)) {
        offering.provider_index = *found;
      } else {
        report_said(offering.provider_pos.file, {offering.provider_pos.line, offering.provider_pos.column},
                    text::words(text::Msg::err_names_unknown_record, fields::shown(offering.id), "provider",
                                fields::shown(offering.provider)),
                    did_you_mean_words(offering.provider, provider_ids, text::words(text::Msg::hint_add_provider)));
      }
    }
    if ((named & (FieldMask{1} << gpu_bit)) != 0) {
      if (const auto found = gpus_.find(offering.gpu)) {
        offering.gpu_index = *found;
      } else {
        // An alias names the GPU exactly: its id is the suggestion.
        const Gpu* by_alias = catalog.find_gpu(offering.gpu);
        report_at(offering.gpu_pos,
                  text::words(Msg::err_names_unknown_record, fields::shown(offering.id), "gpu",
                              fields::shown(offering.gpu)),
                  by_alias != nullptr
                      ? text::words(Msg::err_did_you_mean, text::quoted(by_alias->id), Msg::hint_gpus_by_id)
                      : did_you_mean_words(offering.gpu, gpu_ids, text::words(Msg::hint_add_gpu)));
      }
    }
    check_owned_pricing(offering, (named & (FieldMask{1} << provider_bit)) != 0 && providers_.find(offering.provider));
    if (const auto found = providers_.find(offering.provider)) check_price_ceiling(offering, catalog.providers[*found]);
    if (offering.gpu_fraction < 1.0 && offering.isolation != Isolation::vgpu) {
      // At the file that last named either field: an overlay that changed one made the pair wrong,
      // and the defining file may be one the user cannot edit (the built-in catalog).
      const SourcePos& shape = offerings_.meta[index].shape_pos;
      report_at(shape.line != 0 && shape.file != offering.pos.file ? shape : offering.pos,
                text::words(Msg::err_gpu_fraction_isolation, fields::shown(offering.id),
                            fields::format_number(offering.gpu_fraction), to_string(offering.isolation)),
                text::words(Msg::hint_gpu_fraction_isolation));
    }
  }
}

// After every overlay: a reclaim notice is a published rule, so the record (or overlay) that sets it
// also sets the page that publishes it and the date it was read (docs/catalog.md "Spot reclaim
// rules"); a notice changed by an overlay under the built-in source would cite a page that does not
// say it. Reported at the notice's value.
void Loader::check_spot_reclaim() {
  for (const Provider& provider : result_.catalog.providers) {
    const Provider::SpotReclaim& rule = provider.spot_reclaim;
    if (!rule.notice_seconds) continue;
    const auto set_with_notice = [&](const std::string& value, const SourcePos& pos) {
      return !value.empty() && pos.file == rule.notice_pos.file;
    };
    std::string missing;
    if (!set_with_notice(rule.source, rule.source_pos)) missing = "spot_reclaim.source";
    if (!set_with_notice(rule.as_of, rule.as_of_pos)) {
      missing += (missing.empty() ? "" : " and ") + std::string("spot_reclaim.as_of");
    }
    if (missing.empty()) continue;
    report_at(rule.notice_pos.line != 0 ? rule.notice_pos : provider.pos,
              text::words(Msg::err_spot_reclaim_unsourced, fields::shown(provider.id),
                          fields::format_number(*rule.notice_seconds), missing),
              text::words(Msg::hint_spot_reclaim_unsourced));
  }
}

// After every overlay: a provider that sells capacity blocks sells them from min_instances to
// max_instances instances (an overlay may have raised one past the other).
void Loader::check_block_sizes() {
  for (const Provider& provider : result_.catalog.providers) {
    const Provider::CapacityBlockRules& rules = provider.capacity_block;
    if (rules.max_instances == 0 || rules.min_instances <= rules.max_instances) continue;
    report_at(provider.pos,
              text::words(Msg::err_block_sizes_crossed, fields::shown(provider.id), std::to_string(rules.min_instances),
                          std::to_string(rules.max_instances)),
              text::words(Msg::hint_block_sizes_crossed));
  }
}

// Every price of an offering, converted to USD at the catalog's rates, is at most
// max_price_usd_per_hour (ranges of money are in USD, so a JPY or CNY quote has the same ceiling). A
// currency without a rate is another error; its prices are not checked here.
void Loader::check_price_ceiling(const Offering& offering, const Provider& provider) {
  const CurrencyRate* rate = result_.catalog.find_currency(provider.currency);
  const double units_per_usd = provider.currency == "USD" ? 1.0 : rate != nullptr ? rate->per_usd : 0.0;
  if (!(units_per_usd > 0)) return;
  const auto check = [&](const std::optional<double>& price, std::string_view key, const SourcePos& at) {
    if (!price || *price / units_per_usd <= max_price_usd_per_hour) return;
    report_at(at.line != 0 ? at : offering.pos,
              text::words(Msg::err_price_ceiling, std::string(key), fields::format_number(*price), provider.currency,
                          fmt::format("{:.0f}", *price / units_per_usd), fields::shown(offering.id),
                          fmt::format("{:g}", max_price_usd_per_hour)),
              text::words(Msg::hint_price_ceiling));
  };
  const auto& set_at = offering.set_at;
  check(offering.pricing.on_demand, "pricing.on_demand", set_at.on_demand);
  check(offering.pricing.spot, "pricing.spot", set_at.spot);
  check(offering.pricing.reserved_1y, "pricing.reserved_1y", set_at.reserved_1y);
  check(offering.pricing.reserved_3y, "pricing.reserved_3y", set_at.reserved_3y);
  check(offering.pricing.capacity_block, "pricing.capacity_block", set_at.capacity_block);
  for (const auto& entry : offering.region_prices) {
    for (std::size_t index = 0; index < pricing_mode_count; ++index) {
      const auto mode = static_cast<PricingMode>(index);
      if ((entry.given & (1u << index)) == 0) continue;
      check(entry.pricing.price(mode), "region_pricing " + entry.region + " " + std::string(pricing_key(mode)),
            entry.pos);
    }
  }
}

// Owned capacity (docs/catalog.md "Owned capacity") has one rate, the amortised on-demand one,
// which may be 0; a rented offering's price is at least fields::check_rented_price_per_hour's minimum.
void Loader::check_owned_pricing(const Offering& offering, bool provider_known) {
  const bool owned =
      provider_known && result_.catalog.providers[offering.provider_index].kind == ProviderKind::owned;
  const auto& on_demand = offering.pricing.on_demand;
  if (!owned) {
    // The field table lets 0 through for owned providers; below fields::check_rented_price_per_hour's
    // minimum it is a typo (or a denormal that would make an offering free) for any other.
    if (on_demand && !(*on_demand >= fields::min_price_per_hour)) {
      report_at(offering.set_at.on_demand.line != 0 ? offering.set_at.on_demand : offering.pos,
                text::words(Msg::err_on_demand_too_low, fields::format_number(*on_demand), fields::shown(offering.id)),
                text::words(Msg::hint_on_demand_too_low));
    }
    return;
  }
  if (!on_demand) {
    report_at(offering.pos, text::words(Msg::err_owned_no_on_demand, fields::shown(offering.id)),
              text::words(Msg::hint_owned_no_on_demand));
  }
  for (const PricingMode mode : {PricingMode::spot, PricingMode::reserved_1y, PricingMode::reserved_3y,
                                 PricingMode::monthly, PricingMode::yearly, PricingMode::capacity_block}) {
    if (!offering.pricing.price(mode)) continue;
    report_at(offering.pos, text::words(Msg::err_owned_other_mode, fields::shown(offering.id), pricing_key(mode)),
              text::words(Msg::hint_owned_other_mode, pricing_key(mode)));
  }
}

// After every overlay: a mode a region entry did not name takes the offering's `pricing`. A reserved
// price the catalog marks estimated (estimated_fields: pricing.reserved_1y) is a discount off
// on-demand, so a region with its own on-demand price takes it scaled by that region's on-demand
// over the offering's (docs/catalog.md "Prices per region"): 70% of Tokyo's price, not of Virginia's.
void Loader::resolve_region_prices() {
  for (auto& offering : result_.catalog.offerings) {
    const auto estimated = [&](PricingMode mode) {
      const std::string key = "pricing." + std::string(pricing_key(mode));
      return std::find(offering.estimated_fields.begin(), offering.estimated_fields.end(), key) !=
             offering.estimated_fields.end();
    };
    const auto base_on_demand = offering.pricing.on_demand;
    for (auto& entry : offering.region_prices) {
      const bool own_on_demand = (entry.given & (1u << static_cast<unsigned>(PricingMode::on_demand))) != 0;
      for (std::size_t index = 0; index < pricing_mode_count; ++index) {
        if ((entry.given & (1u << index)) != 0) continue;
        const auto mode = static_cast<PricingMode>(index);
        auto price = offering.pricing.stated(mode);
        const bool reserved = mode == PricingMode::reserved_1y || mode == PricingMode::reserved_3y;
        if (price && reserved && own_on_demand && estimated(mode) && entry.pricing.on_demand && base_on_demand &&
            *base_on_demand > 0) {
          price = std::round(*price * *entry.pricing.on_demand / *base_on_demand * 1e6) / 1e6;
        }
        entry.pricing.slot(mode) = price;
      }
    }
  }
}

// After every overlay and region resolution: each provider's discount_pct off every price of its
// offerings, in every region and mode (spot_min with spot). Prices stay in the provider's currency.
void Loader::apply_discounts() {
  auto& catalog = result_.catalog;
  for (std::size_t index = 0; index < catalog.offerings.size(); ++index) {
    Offering& offering = catalog.offerings[index];
    const auto found = providers_.find(offering.provider);
    if (!found) continue;
    const Provider::Discount& discount = catalog.providers[*found].discount_pct;
    if (!discount.any()) continue;
    // Rounded to 6 decimals, as prices are written (SkyPilot's most), so no floating-point tail shows.
    const auto discounted = [](double price, double pct) { return std::round(price * (1.0 - pct / 100.0) * 1e6) / 1e6; };
    const auto scale = [&](Pricing& pricing) {
      for (std::size_t mode_index = 0; mode_index < pricing_mode_count; ++mode_index) {
        const auto mode = static_cast<PricingMode>(mode_index);
        if (auto& price = pricing.slot(mode)) *price = discounted(*price, discount.of(mode));
      }
    };
    scale(offering.pricing);
    for (auto& entry : offering.region_prices) {
      scale(entry.pricing);
      if (entry.spot_min) *entry.spot_min = discounted(*entry.spot_min, discount.spot);
    }
  }
}

// Rules between model fields, on the merged record; a problem is reported at the id of the last
// file that named the model (the overlay that made it inconsistent, or the defining file).
void Loader::check_models() {
  const auto& model_fields = models_.table.fields;
  const FieldMask attention_bit = FieldMask{1} << fields::find_field(model_fields, "attention", 0);
  for (std::size_t index = 0; index < result_.catalog.models.size(); ++index) {
    ModelPreset& model = result_.catalog.models[index];
    const RecordMeta& meta = models_.meta[index];
    if ((meta.named & attention_bit) == 0) {
      model.attention = model.shape.kv_heads > 0 && model.shape.kv_heads < model.shape.heads ? AttentionKind::gqa : AttentionKind::mha;
    }
    const Mark where{meta.touched_line, meta.touched_column};
    auto problem = [&](const text::Words& message, const text::Words& hint) {
      report_said(meta.touched_file, where, composed(Msg::err_model_after_overlays, fields::shown(model.id), message),
                  hint);
    };
    if (model.shape.experts_per_token > model.shape.experts) {
      problem(text::words(Msg::model_top_k_above, model.shape.experts_per_token, model.shape.experts),
              text::words(Msg::hint_model_top_k_above));
    } else if (model.shape.experts > 0 && model.shape.experts_per_token == 0) {
      problem(text::words(Msg::model_no_top_k, model.shape.experts), text::words(Msg::hint_model_no_top_k));
    }
    if (model.shape.experts > 0 && model.expert_ffn == 0) {
      problem(text::words(Msg::model_no_expert_ffn, model.shape.experts), text::words(Msg::hint_model_no_expert_ffn));
    }
    if (model.shape.experts == 0 && (model.shape.shared_experts > 0 || model.expert_ffn > 0 || model.shape.dense_layers > 0)) {
      problem(text::words(Msg::model_moe_keys_dense), text::words(Msg::hint_model_moe_keys_dense));
    }
    if (model.shape.layers > 0 && model.shape.dense_layers > model.shape.layers) {
      problem(text::words(Msg::model_dense_layers_above, model.shape.dense_layers, model.shape.layers),
              text::words(Msg::hint_model_dense_layers_above));
    }
    if (model.attention == AttentionKind::mla && model.shape.kv_lora_rank == 0) {
      problem(text::words(Msg::model_mla_no_rank), text::words(Msg::hint_model_mla_no_rank));
    } else if (model.attention != AttentionKind::mla && (model.shape.kv_lora_rank > 0 || model.shape.qk_rope_head_dim > 0)) {
      problem(text::words(Msg::model_mla_keys, to_string(model.attention)), text::words(Msg::hint_model_mla_keys));
    }
    const bool diffusion = model.family == ModelFamily::unet || model.family == ModelFamily::dit;
    const DiffusionLayout& layout = model.diffusion;
    if (diffusion && (layout.native_resolution_px == 0 || layout.vae_downsample == 0 || layout.latent_channels == 0 ||
                      layout.passes_per_step == 0 || layout.default_steps == 0)) {
      problem(text::words(Msg::model_diffusion_layout, to_string(model.family)),
              text::words(Msg::hint_model_diffusion_layout));
    } else if (model.family == ModelFamily::unet && layout.unet_step_gflops == 0) {
      problem(text::words(Msg::model_unet_no_gflops), text::words(Msg::hint_model_unet_no_gflops));
    } else if (model.family == ModelFamily::dit &&
               (layout.patch_size == 0 || model.shape.layers == 0 || model.shape.hidden == 0 || model.shape.ffn == 0)) {
      problem(text::words(Msg::model_dit_shape), text::words(Msg::hint_model_dit_shape));
    } else if (layout.single_blocks + layout.dual_attention_blocks > model.shape.layers) {
      problem(text::words(Msg::model_blocks_above_layers), text::words(Msg::hint_model_blocks_above_layers));
    }
  }
}

LoadResult Loader::finish() {
  check_required(gpus_);
  check_required(providers_);
  check_required(offerings_);
  check_required(models_);
  check_required(currencies_);
  check_spot_reclaim();
  check_block_sizes();
  check_offerings();
  resolve_region_prices();
  apply_discounts();
  for (Offering& offering : result_.catalog.offerings) index_region_prices(offering);
  check_models();
  std::stable_sort(diagnostics_.begin(), diagnostics_.end(),
                   [](const LocatedDiagnostic& a, const LocatedDiagnostic& b) {
                     if (a.file != b.file) return a.file < b.file;
                     if (a.diagnostic.line != b.diagnostic.line) {
                       return a.diagnostic.line < b.diagnostic.line;
                     }
                     return a.diagnostic.column < b.diagnostic.column;
                   });
  result_.diagnostics.reserve(diagnostics_.size());
  for (auto& located : diagnostics_) result_.diagnostics.push_back(std::move(located.diagnostic));
  return std::move(result_);
}

}  // namespace

LoadResult load(std::span<const SourceText> sources, const LoadLimits& limits) {
  Loader loader(limits);
  return loader.load_all(sources);
}

}  // namespace gpuselect::catalog
