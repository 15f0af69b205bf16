// The catalog image (image.hpp): one visit function per record type lists every member once, and
// the writer and the reader both walk it, so they cannot disagree on the order.
//
// Layout (all integers little-endian; docs/performance.md "The parsed-catalog cache"):
//   header:  magic "GPUSCATI" (8) | u32 format_version | u32 0
//   key:     text build id | u32 source count | per source: text name, u64 bytes, u64 fold64,
//            u64 fnv1a64
//   catalog: files, gpus, providers, offerings, models, currencies, each a u32 count and the
//            records' members in visit order; a string member is a u32 index into the strings, a
//            double its 8 IEEE-754 bytes, an optional a u8 flag then the value, a list of strings
//            a u32 (0: empty, else 1 + its index into the lists)
//            a region price's region_index a u16;
//            an offering's eleven source positions are a u16 mask of those not zero, then each
//            of them: the first three u32 (file, line, column), each later one a u8 1 then u8
//            lines past the first and u8 column where it is in the first's file at most 255 lines
//            on and column 255, else a u8 2 then three u32
//   strings: u32 count | per string: u32 size, bytes (each distinct string once)
//   lists:   u32 count | per list: u32 count, its strings' u32 indexes (each distinct list once)
//   trailer: u64 offset of the strings | u64 image size | u64 checksum (Fold64 of every byte
//            before it)
// The strings and lists come last so the image is written in one pass, to a file, without being
// held whole.
#include "catalog/image.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <functional>
#include <limits>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/digest.hpp"
#include "core/prefault.hpp"
#include "gpuselect/shared_text.hpp"

namespace gpuselect::catalog::image {

namespace {

constexpr std::string_view magic = "GPUSCATI";
constexpr std::size_t header_bytes = 16;   // magic, version, reserved
constexpr std::size_t trailer_bytes = 24;  // strings offset, size, checksum
constexpr std::size_t flush_bytes = std::size_t{1} << 20;
constexpr std::size_t huge_page_bytes = std::size_t{2} << 20;  // x86-64's transparent huge page

// A member added to a record must be added to its visit function below; this fails the build on
// the platform the sizes were taken on (x86-64, libstdc++) until it is. Update the size with it.
// A member that fits in padding does not change the size: tests/test_catalog_cache.cpp compares
// every record's JSON after a round trip, which catches it (ModelPreset::weights_precision did).
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(Gpu) == 408, "Gpu changed: update visit(Gpu) in src/catalog/image.cpp, then this size");
static_assert(sizeof(Provider) == 696, "Provider changed: update visit(Provider), then this size");
static_assert(sizeof(Pricing) == 56, "Pricing changed: update visit(Pricing), then this size");
static_assert(sizeof(RegionPrice) == 112, "RegionPrice changed: update visit(RegionPrice), then this size");
static_assert(sizeof(Offering) == 536, "Offering changed: update visit(Offering), then this size");
static_assert(sizeof(ModelShape) == 72, "ModelShape changed: update visit(ModelShape), then this size");
static_assert(sizeof(ModelPreset) == 344, "ModelPreset changed: update visit(ModelPreset), then this size");
static_assert(sizeof(CurrencyRate) == 128, "CurrencyRate changed: update visit(CurrencyRate), then this size");
static_assert(sizeof(Catalog) == 144, "Catalog changed: update visit(Catalog), then this size");
#endif

// ---- source positions ----

// An offering's eleven source positions, in image order. The image holds them compact (the layout
// above, "positions"): most are unset (line 0) or a few lines past the record's first, and as
// twelve bytes each they were 132 of an offering's ~310 image bytes.
constexpr std::size_t offering_position_count = 11;
using RecordPositions = std::array<SourcePos*, offering_position_count>;
constexpr std::uint8_t position_near = 1;  // u8 lines past the first position, u8 column
constexpr std::uint8_t position_far = 2;   // three u32
constexpr std::uint32_t near_most = 0xFF;

bool is_zero(const SourcePos& pos) { return pos.file == 0 && pos.line == 0 && pos.column == 0; }
bool near(const SourcePos& first, const SourcePos& pos) {
  return pos.file == first.file && pos.line >= first.line && pos.line - first.line <= near_most &&
         pos.column <= near_most;
}

RecordPositions positions_of(Offering& offering) {
  auto& set_at = offering.set_at;
  return {&offering.pos,  &offering.provider_pos, &offering.gpu_pos,   &set_at.on_demand,
          &set_at.spot,   &set_at.reserved_1y,    &set_at.reserved_3y, &set_at.monthly,
          &set_at.yearly, &set_at.capacity_block, &set_at.as_of};
}

// ---- the writer ----

void put_u32(std::string& out, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}
void put_u64(std::string& out, std::uint64_t value) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}
void put_text(std::string& out, std::string_view text) {
  put_u32(out, static_cast<std::uint32_t>(text.size()));
  out.append(text);
}

// Writes the image in one pass through `write`, 1 MiB at a time, checksumming as it goes.
class Writer {
 public:
  explicit Writer(const std::function<void(std::string_view)>& write) : write_(write) { body_.reserve(flush_bytes); }

  void text(const std::string& value) {
    put_u32(body_, string_index(value));
    flush_if_full();
  }
  // Shared texts are stored as any other text (the reader shares them again).
  void shared(const SharedText& value) { text(value.str()); }
  // A list is stored once in the lists (its count and string indexes), and named by 1 + its index
  // there; the empty list by 0. The reader makes one SharedTextList per stored list.
  void shared_list(const SharedTextList& value) {
    if (value.empty()) {
      put_u32(body_, 0);
      return;
    }
    std::string list;
    put_u32(list, static_cast<std::uint32_t>(value.size()));
    for (const std::string& item : value) put_u32(list, string_index(item));
    const auto [slot, added] = list_index_.try_emplace(std::move(list), static_cast<std::uint32_t>(lists_.size() + 1));
    if (added) lists_.push_back(&slot->first);
    put_u32(body_, slot->second);
    flush_if_full();
  }
  void number(const double& value) { put_u64(body_, std::bit_cast<std::uint64_t>(value)); }
  void optional(const OptionalNumber& value) {
    body_.push_back(value ? '\1' : '\0');
    if (value) number(*value);
  }
  void whole(const int& value) { put_u32(body_, static_cast<std::uint32_t>(value)); }
  void index(const std::uint32_t& value) { put_u32(body_, value); }
  void three_indices(const std::uint32_t& first, const std::uint32_t& second, const std::uint32_t& third) {
    put_u32(body_, first);
    put_u32(body_, second);
    put_u32(body_, third);
  }
  // A record's source positions, compact (the layout above, "positions").
  void positions(const RecordPositions& list) {
    std::uint16_t mask = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (!is_zero(*list[i])) mask = static_cast<std::uint16_t>(mask | (1U << i));
    }
    body_.push_back(static_cast<char>(mask & 0xFFU));
    body_.push_back(static_cast<char>(mask >> 8U));
    const SourcePos* first = nullptr;
    for (const SourcePos* pos : list) {
      if (is_zero(*pos)) continue;
      if (first == nullptr) {
        three_indices(pos->file, pos->line, pos->column);
        first = pos;
      } else if (near(*first, *pos)) {
        body_.push_back(static_cast<char>(position_near));
        body_.push_back(static_cast<char>(pos->line - first->line));
        body_.push_back(static_cast<char>(pos->column));
      } else {
        body_.push_back(static_cast<char>(position_far));
        three_indices(pos->file, pos->line, pos->column);
      }
    }
  }
  void flag(const bool& value) { body_.push_back(value ? '\1' : '\0'); }
  void byte(const std::uint8_t& value) { body_.push_back(static_cast<char>(value)); }
  void half(const std::uint16_t& value) {
    body_.push_back(static_cast<char>(value & 0xFFU));
    body_.push_back(static_cast<char>(value >> 8U));
  }
  template <typename Enum>
  void enumeration(const Enum& value, Enum /*last*/) {
    body_.push_back(static_cast<char>(static_cast<std::uint8_t>(value)));
  }
  template <typename Item, typename Visit>
  void list(const std::vector<Item>& items, Visit visit_item) {
    put_u32(body_, static_cast<std::uint32_t>(items.size()));
    for (const Item& item : items) visit_item(*this, const_cast<Item&>(item));
  }
  std::string& raw() { return body_; }

  // The strings, then the trailer; the image is complete.
  void finish() {
    const std::uint64_t strings_offset = written_ + body_.size();
    put_u32(body_, static_cast<std::uint32_t>(strings_.size()));
    for (const std::string_view text : strings_) {
      put_text(body_, text);
      flush_if_full();
    }
    put_u32(body_, static_cast<std::uint32_t>(lists_.size()));
    for (const std::string* list : lists_) {
      body_ += *list;
      flush_if_full();
    }
    put_u64(body_, strings_offset);
    put_u64(body_, written_ + body_.size() + 16);  // the size, with this and the checksum
    checksum_.add(body_.data(), body_.size());
    put_u64(body_, checksum_.value());
    write_(body_);
    body_.clear();
  }

 private:
  void flush_if_full() {
    if (body_.size() < flush_bytes) return;
    checksum_.add(body_.data(), body_.size());
    written_ += body_.size();
    write_(body_);
    body_.clear();
  }

  std::uint32_t string_index(const std::string& value) {
    const auto [slot, added] = index_.try_emplace(value, static_cast<std::uint32_t>(strings_.size()));
    if (added) strings_.push_back(value);
    return slot->second;
  }

  const std::function<void(std::string_view)>& write_;
  std::unordered_map<std::string_view, std::uint32_t> index_;
  std::vector<std::string_view> strings_;  // views of the catalog's own strings, which outlive the writer
  std::unordered_map<std::string, std::uint32_t> list_index_;  // a list's stored bytes: 1 + its index
  std::vector<const std::string*> lists_;                      // those bytes, in index order (the map's keys)
  std::string body_;
  digest::Fold64 checksum_;
  std::uint64_t written_ = 0;
};

// ---- the reader: every read is bounds-checked; the first failure stops all further reads ----

// The running checksum of the bytes a Reader has passed (decode: one pass over the mapped image,
// hashing 8 MiB ahead of the reader and releasing what it has passed).
struct Hashing {
  digest::Fold64 sum;
  bool taking = true;  // false: a trusted checksum stands for the bytes' (chunks are only released)
  std::size_t hashed_until = 0;
  std::size_t released_until = 0;
  const Release* release = nullptr;
};

class Reader {
 public:
  explicit Reader(std::string_view bytes, std::size_t start = 0, Hashing* hashing = nullptr)
      : bytes_(bytes), position_(start), hashing_(hashing) {
    refresh_fast_end();
  }

  // Hashes every byte up to `end` not hashed yet, a chunk at a time; releases the chunks before the
  // one being read. Out of line: it runs once per 8 MiB, and the reads that call it stay small
  // enough to be inlined (a warm 50k run reads ~5 million values).
  [[gnu::noinline]] void hash_through(std::size_t end) {
    constexpr std::size_t chunk_bytes = std::size_t{8} << 20;
    while (hashing_->hashed_until < end) {
      const std::size_t from = hashing_->hashed_until;
      const std::size_t to = std::min(bytes_.size(), from + chunk_bytes);
      if (hashing_->taking) hashing_->sum.add(bytes_.data() + from, to - from);
      hashing_->hashed_until = to;
      if (hashing_->release != nullptr && *hashing_->release && from - hashing_->released_until >= chunk_bytes) {
        (*hashing_->release)(hashing_->released_until, from - hashing_->released_until);
        hashing_->released_until = from;
      }
    }
  }

  bool ok() const { return ok_; }
  bool at_end() const { return ok_ && position_ == bytes_.size(); }
  void fail() {
    ok_ = false;
    fast_end_ = 0;
  }

  // Inlined: a warm 50k run reads ~5 million of them (a call each was ~7 M instructions more).
  [[gnu::always_inline]] std::uint32_t get_u32() { return get_little<std::uint32_t>(); }
  std::uint64_t get_u64() { return get_little<std::uint64_t>(); }
  std::string_view get_text() {
    const std::uint32_t size = get_u32();
    if (!take(size)) return {};
    return bytes_.substr(position_ - size, size);
  }
  // A count of items that each take at least `least_bytes`: more than the bytes left is corrupt (and
  // would otherwise reserve memory for nothing).
  std::uint32_t get_count(std::size_t least_bytes) {
    const std::uint32_t count = get_u32();
    if (ok_ && count > (bytes_.size() - position_) / least_bytes) fail();
    return ok_ ? count : 0;
  }
  bool read_strings() {
    const std::uint32_t count = get_count(4);
    strings_.reserve(count);
    for (std::uint32_t i = 0; i < count && ok_; ++i) strings_.push_back(get_text());
    return ok_;
  }
  // The lists, after the strings: one SharedTextList each, its strings checked against them.
  bool read_lists() {
    const std::uint32_t count = get_count(4);
    lists_.reserve(count);
    for (std::uint32_t i = 0; i < count && ok_; ++i) {
      const std::uint32_t size = get_count(4);
      std::vector<std::string> items;
      items.reserve(size);
      for (std::uint32_t item = 0; item < size && ok_; ++item) {
        const std::uint32_t slot = get_u32();
        if (slot >= strings_.size()) fail();
        if (ok_) items.emplace_back(strings_[slot]);
      }
      lists_.emplace_back(std::move(items));
    }
    return ok_;
  }
  // The strings and lists another reader read, for the members this one reads.
  void take_strings(Reader& other) {
    strings_ = std::move(other.strings_);
    lists_ = std::move(other.lists_);
  }

  // Constructed and moved in, not assigned: assign() takes libstdc++'s general _M_replace (aliasing,
  // growth in place), ~50 instructions more a string (200,000 strings in a warm 50k run).
  void text(std::string& value) {
    const std::uint32_t slot = get_u32();
    if (!ok_ || slot >= strings_.size()) return fail();
    value = std::string(strings_[slot]);
  }
  // One SharedText per distinct string: every record naming the same string shares it.
  void shared(SharedText& value) {
    const std::uint32_t slot = get_u32();
    if (!ok_ || slot >= strings_.size()) return fail();
    if (shared_.size() != strings_.size()) shared_.resize(strings_.size());
    if (shared_[slot].empty() && !strings_[slot].empty()) shared_[slot] = SharedText(strings_[slot]);
    value = shared_[slot];
  }
  // The stored list the u32 names (0: the empty list), shared by every record that names it.
  void shared_list(SharedTextList& value) {
    const std::uint32_t slot = get_u32();
    if (slot == 0 && ok_) {  // most offerings' estimated_fields, launch regions and unlisted
      value = SharedTextList();
      return;
    }
    if (!ok_ || slot > lists_.size()) return fail();
    value = lists_[slot - 1];
  }
  void number(double& value) { value = std::bit_cast<double>(get_u64()); }
  // One bounds check where the flag and a number both lie within the bytes read and hashed (all
  // but the last bytes of each 8 MiB step; ~1.5 million optionals in a warm 50k run), else byte by
  // byte as below: the same values and the same failures either way.
  [[gnu::always_inline]] void optional(OptionalNumber& value) {
    constexpr std::size_t most = 1 + sizeof(std::uint64_t);
    if (position_ + most <= fast_end_) {
      const auto present = static_cast<unsigned char>(bytes_[position_]);
      if (present == 0) {
        ++position_;
        value.reset();
        return;
      }
      if (present == 1) {
        value = std::bit_cast<double>(little_at<std::uint64_t>(bytes_.data() + position_ + 1));
        position_ += most;
        return;
      }
    }
    optional_checked(value);
  }
  void optional_checked(OptionalNumber& value) {
    const std::uint8_t present = get_u8();
    if (present > 1) return fail();
    if (present == 1) {
      value = std::bit_cast<double>(get_u64());
    } else {
      value.reset();
    }
  }
  void whole(int& value) { value = static_cast<int>(get_u32()); }
  void index(std::uint32_t& value) { value = get_u32(); }
  // Three index() reads with one bounds check (a source position: ~11 a record, 50,000 records);
  // inlined (a call each was ~30 instructions, 16.5 M of a warm 50k run).
  [[gnu::always_inline]] void three_indices(std::uint32_t& first, std::uint32_t& second, std::uint32_t& third) {
    constexpr std::size_t size = 3 * sizeof(std::uint32_t);
    if (!take(size)) {
      first = second = third = 0;
      return;
    }
    const char* at = bytes_.data() + position_ - size;
    first = little_at<std::uint32_t>(at);
    second = little_at<std::uint32_t>(at + sizeof(std::uint32_t));
    third = little_at<std::uint32_t>(at + 2 * sizeof(std::uint32_t));
  }
  // What Writer::positions wrote: a mask not beyond the list, each set position read whole or near
  // the first; the others zero. Where the most it can take lies within fast_end_, its bytes are
  // read without a check each (50,000 offerings in a warm 50k run); else value by value, checked.
  void positions(const RecordPositions& list) {
    constexpr std::size_t most =
        2 + 3 * sizeof(std::uint32_t) + (offering_position_count - 1) * (1 + 3 * sizeof(std::uint32_t));
    if (position_ + most <= fast_end_) {
      const char* at = bytes_.data() + position_;
      read_positions(
          list, [&at] { return static_cast<std::uint8_t>(*at++); },
          [&at](SourcePos& pos) {
            constexpr std::size_t word = sizeof(std::uint32_t);
            pos = {little_at<std::uint32_t>(at), little_at<std::uint32_t>(at + word),
                   little_at<std::uint32_t>(at + 2 * word)};
            at += 3 * word;
          });
      if (ok_) position_ = static_cast<std::size_t>(at - bytes_.data());
      return;
    }
    read_positions(
        list, [this] { return get_u8(); }, [this](SourcePos& pos) { three_indices(pos.file, pos.line, pos.column); });
  }
  template <typename Byte, typename Whole>
  [[gnu::always_inline]] void read_positions(const RecordPositions& list, Byte byte, Whole whole) {
    const std::uint8_t low = byte();
    const std::uint8_t high = byte();
    const auto mask = static_cast<std::uint32_t>(low | (high << 8U));
    if ((mask >> offering_position_count) != 0) return fail();
    const SourcePos* first = nullptr;
    for (std::size_t i = 0; i < list.size() && ok_; ++i) {
      SourcePos& pos = *list[i];
      if ((mask >> i & 1U) == 0) {
        pos = {};
        continue;
      }
      if (first == nullptr) {
        whole(pos);
        first = &pos;
        continue;
      }
      const std::uint8_t form = byte();
      if (form == position_near) {
        const std::uint8_t lines_past = byte();
        const std::uint8_t column = byte();
        pos = {first->file, first->line + lines_past, column};
      } else if (form == position_far) {
        whole(pos);
      } else {
        fail();
      }
    }
  }
  void flag(bool& value) {
    const std::uint8_t stored = get_u8();
    if (stored > 1) fail();
    value = stored == 1;
  }
  void byte(std::uint8_t& value) { value = get_u8(); }
  void half(std::uint16_t& value) {
    const std::uint8_t low = get_u8();
    value = static_cast<std::uint16_t>(low | (get_u8() << 8U));
  }
  template <typename Enum>
  void enumeration(Enum& value, Enum last) {
    const std::uint8_t stored = get_u8();
    if (stored > static_cast<std::uint8_t>(last)) return fail();
    value = static_cast<Enum>(stored);
  }
  template <typename Item, typename Visit>
  void list(std::vector<Item>& items, Visit visit_item) {
    const std::uint32_t count = get_count(1);  // every record writes at least one byte
    items.clear();
    items.reserve(count);
    // As catalog::load does for its offerings: a large array in huge pages, one fault per 2 MiB
    // instead of one per 4 KiB (27 MB of offerings at 50k; src/core/prefault.hpp).
    if (items.capacity() * sizeof(Item) >= huge_page_bytes) gpuselect::detail::advise_huge_pages(items);
    for (std::uint32_t i = 0; i < count && ok_; ++i) visit_item(*this, items.emplace_back());
  }

 private:
  // An unsigned integer stored little-endian: one load on a little-endian host (a warm 50k run reads
  // ~3 million of them), byte by byte elsewhere.
  template <typename Unsigned>
  [[gnu::always_inline]] Unsigned get_little() {
    if (!take(sizeof(Unsigned))) return 0;
    return little_at<Unsigned>(bytes_.data() + position_ - sizeof(Unsigned));
  }
  template <typename Unsigned>
  static Unsigned little_at(const char* at) {
    Unsigned value = 0;
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(&value, at, sizeof(Unsigned));
    } else {
      for (std::size_t i = sizeof(Unsigned); i-- > 0;) {
        value = static_cast<Unsigned>(value << 8U) | static_cast<unsigned char>(at[i]);
      }
    }
    return value;
  }
  // One comparison where the bytes lie within fast_end_ (all but the last bytes of each 8 MiB step
  // the checksum runs ahead); else take_beyond's checks, which also move fast_end_ on.
  [[gnu::always_inline]] bool take(std::size_t size) {
    if (position_ + size <= fast_end_) {  // no overflow: position_ <= bytes_.size(), size < 2^32
      position_ += size;
      return true;
    }
    return take_beyond(size);
  }
  [[gnu::noinline]] bool take_beyond(std::size_t size) {
    if (!ok_ || size > bytes_.size() - position_) {
      fail();
      return false;
    }
    position_ += size;
    if (hashing_ != nullptr && position_ > hashing_->hashed_until) hash_through(position_);
    refresh_fast_end();
    return true;
  }
  std::uint8_t get_u8() {
    if (!take(1)) return 0;
    return static_cast<unsigned char>(bytes_[position_ - 1]);
  }

  // The end of the bytes a read may take with one comparison: read, hashed (when hashing) and
  // before any failure (0 after one). Never beyond bytes_.size() or the hashed bytes.
  void refresh_fast_end() {
    fast_end_ = !ok_ ? 0 : hashing_ == nullptr ? bytes_.size() : std::min(bytes_.size(), hashing_->hashed_until);
  }

  std::string_view bytes_;
  std::size_t position_ = 0;
  Hashing* hashing_ = nullptr;
  bool ok_ = true;
  std::size_t fast_end_ = 0;
  std::vector<std::string_view> strings_;
  std::vector<SharedText> shared_;                             // by string index, made when first read
  std::vector<SharedTextList> lists_;                          // by list index (shared_list: 1 + it)
};

// ---- the members of each record, in image order ----

template <typename Archive>
void visit(Archive& a, std::string& value) {
  a.text(value);
}
template <typename Archive>
void visit(Archive& a, SourcePos& pos) {
  a.three_indices(pos.file, pos.line, pos.column);
}
template <typename Archive>
void visit_texts(Archive& a, std::vector<std::string>& values) {
  a.list(values, [](Archive& inner, std::string& value) { inner.text(value); });
}
template <typename Archive>
void visit(Archive& a, Pricing& pricing) {
  a.optional(pricing.on_demand);
  a.optional(pricing.spot);
  a.optional(pricing.reserved_1y);
  a.optional(pricing.reserved_3y);
  a.optional(pricing.monthly);
  a.optional(pricing.yearly);
  a.optional(pricing.capacity_block);
}
template <typename Archive>
void visit(Archive& a, RegionPrice& entry) {
  a.text(entry.region);
  visit(a, entry.pricing);
  a.optional(entry.spot_min);
  a.byte(entry.given);
  a.half(entry.region_index);
  visit(a, entry.pos);
}

template <typename Archive>
void visit(Archive& a, Gpu& gpu) {
  a.text(gpu.id);
  a.text(gpu.name);
  a.text(gpu.name_zh);
  a.text(gpu.vendor);
  a.text(gpu.architecture);
  a.number(gpu.memory_gb);
  a.number(gpu.usable_memory_mib);
  a.number(gpu.memory_bandwidth_gbps);
  a.number(gpu.bf16_dense_tflops);
  a.optional(gpu.fp32_tflops);
  a.optional(gpu.fp8_dense_tflops);
  a.optional(gpu.fp4_dense_tflops);
  a.optional(gpu.int8_dense_tops);
  a.number(gpu.tdp_watts);
  a.text(gpu.interconnect);
  a.enumeration(gpu.segment, GpuSegment::consumer);
  a.number(gpu.interconnect_gbps);
  visit_texts(a, gpu.aliases);
  a.text(gpu.source);
  visit(a, gpu.pos);
  visit(a, gpu.set_at.memory_gb);
  visit(a, gpu.set_at.usable_memory_mib);
  visit(a, gpu.set_at.memory_bandwidth_gbps);
  visit(a, gpu.set_at.bf16_dense_tflops);
  visit(a, gpu.set_at.fp8_dense_tflops);
}

template <typename Archive>
void visit(Archive& a, Provider& provider) {
  a.text(provider.id);
  a.text(provider.name);
  a.text(provider.name_zh);
  visit_texts(a, provider.aliases);
  a.enumeration(provider.kind, ProviderKind::owned);
  a.text(provider.currency);
  a.enumeration(provider.support.tier, SupportTier::enterprise);
  a.enumeration(provider.support.hours, SupportHours::around_the_clock);
  a.number(provider.support.first_response_hours);
  a.number(provider.sla_uptime_pct);
  a.flag(provider.sla_credits);
  visit_texts(a, provider.compliance);
  visit_texts(a, provider.environment.images);
  a.flag(provider.environment.jupyterlab);
  a.flag(provider.environment.custom_containers);
  a.flag(provider.environment.kubernetes);
  a.number(provider.environment.provision_minutes);
  a.flag(provider.recovery.auto_checkpoint);
  a.flag(provider.recovery.resume);
  a.optional(provider.recovery.failover_minutes);
  a.flag(provider.recovery.live_migration);
  a.flag(provider.monitoring.metrics);
  a.flag(provider.monitoring.alerts);
  a.number(provider.egress_per_gb);
  a.number(provider.public_ip_per_hour);
  a.number(provider.storage_per_gb_month);
  a.number(provider.billing_granularity_seconds);
  a.number(provider.free_trial_credits);
  a.enumeration(provider.resize, Resize::none);
  a.number(provider.discount_pct.on_demand);
  a.number(provider.discount_pct.spot);
  a.number(provider.discount_pct.reserved_1y);
  a.number(provider.discount_pct.reserved_3y);
  a.optional(provider.spot_reclaim.notice_seconds);
  a.text(provider.spot_reclaim.as_of);
  a.text(provider.spot_reclaim.source);
  a.whole(provider.capacity_block.max_instances);
  a.whole(provider.capacity_block.min_instances);
  a.number(provider.capacity_block.daily_steps_days);
  a.number(provider.capacity_block.step_days);
  a.number(provider.capacity_block.max_days);
  a.number(provider.capacity_block.lead_hours);
  a.text(provider.capacity_block.as_of);
  a.text(provider.capacity_block.source);
  a.text(provider.as_of);
  a.text(provider.source);
  visit_texts(a, provider.estimated_fields);
  visit(a, provider.pos);
  visit(a, provider.as_of_pos);
  visit(a, provider.spot_reclaim.notice_pos);
  visit(a, provider.spot_reclaim.as_of_pos);
  visit(a, provider.spot_reclaim.source_pos);
}

template <typename Archive>
void visit(Archive& a, Offering& offering) {
  a.text(offering.id);
  a.text(offering.provider);
  a.text(offering.gpu);
  a.shared(offering.instance_type);
  a.whole(offering.gpu_count);
  a.number(offering.gpu_fraction);
  a.enumeration(offering.interconnect, Interconnect::hccs);
  a.enumeration(offering.isolation, Isolation::vgpu);
  a.number(offering.network.bandwidth_gbps);
  a.enumeration(offering.network.rdma, Rdma::efa);
  a.shared_list(offering.regions);
  visit(a, offering.pricing);
  a.list(offering.region_prices, [](Archive& inner, RegionPrice& entry) { visit(inner, entry); });
  a.whole(offering.vcpus);
  a.number(offering.ram_gb);
  a.number(offering.local_disk_gb);
  a.optional(offering.spot_interruption_pct);
  a.enumeration(offering.stock, Stock::high);
  a.whole(offering.max_nodes);
  a.number(offering.availability.queue_hours);
  a.shared(offering.launch.accelerator);
  a.shared_list(offering.launch.regions);
  a.shared(offering.unlisted);
  a.text(offering.as_of);
  a.shared(offering.source);
  a.shared_list(offering.estimated_fields);
  a.positions(positions_of(offering));
  a.index(offering.provider_index);
  a.index(offering.gpu_index);
}

template <typename Archive>
void visit(Archive& a, ModelShape& shape) {
  a.number(shape.params);
  a.number(shape.active_params);
  a.whole(shape.layers);
  a.whole(shape.hidden);
  a.whole(shape.heads);
  a.whole(shape.kv_heads);
  a.whole(shape.ffn);
  a.whole(shape.vocab);
  a.whole(shape.experts);
  a.whole(shape.experts_per_token);
  a.whole(shape.shared_experts);
  a.whole(shape.dense_layers);
  a.whole(shape.head_dim);
  a.whole(shape.kv_lora_rank);
  a.whole(shape.qk_rope_head_dim);
}

template <typename Archive>
void visit(Archive& a, ModelPreset& model) {
  a.text(model.id);
  a.text(model.name);
  a.enumeration(model.family, ModelFamily::dit);
  visit(a, model.shape);
  a.whole(model.max_context);
  a.number(model.forward_gflops);
  a.whole(model.expert_ffn);
  a.enumeration(model.attention, AttentionKind::mla);
  a.enumeration(model.weights_precision, WeightsPrecision::fp4);
  a.number(model.diffusion.text_encoder_params);
  a.number(model.diffusion.vae_params);
  a.whole(model.diffusion.native_resolution_px);
  a.whole(model.diffusion.vae_downsample);
  a.whole(model.diffusion.latent_channels);
  a.whole(model.diffusion.patch_size);
  a.whole(model.diffusion.text_tokens);
  a.whole(model.diffusion.single_blocks);
  a.whole(model.diffusion.dual_attention_blocks);
  a.number(model.diffusion.unet_step_gflops);
  a.whole(model.diffusion.passes_per_step);
  a.whole(model.diffusion.default_steps);
  a.flag(model.diffusion.needs_bf16);
  a.text(model.non_commercial_licence);
  visit_texts(a, model.aliases);
  a.text(model.source);
  visit(a, model.pos);
}

template <typename Archive>
void visit(Archive& a, CurrencyRate& rate) {
  a.text(rate.code);
  a.number(rate.per_usd);
  a.text(rate.as_of);
  a.text(rate.source);
  visit(a, rate.pos);
  visit(a, rate.as_of_pos);
}

template <typename Archive>
void visit(Archive& a, Catalog& catalog) {
  visit_texts(a, catalog.files);
  a.list(catalog.gpus, [](Archive& inner, Gpu& gpu) { visit(inner, gpu); });
  a.list(catalog.providers, [](Archive& inner, Provider& provider) { visit(inner, provider); });
  a.list(catalog.offerings, [](Archive& inner, Offering& offering) { visit(inner, offering); });
  a.list(catalog.models, [](Archive& inner, ModelPreset& model) { visit(inner, model); });
  a.list(catalog.currencies, [](Archive& inner, CurrencyRate& rate) { visit(inner, rate); });
}

// What load() guarantees and the rest of the program relies on: the indexes of each offering name
// records that exist, and each region price's region_index a listed region (or none).
bool consistent(const Catalog& catalog) {
  for (const Offering& offering : catalog.offerings) {
    if (offering.provider_index >= catalog.providers.size() || offering.gpu_index >= catalog.gpus.size()) return false;
    for (const RegionPrice& entry : offering.region_prices) {
      if (entry.region_index < RegionPrice::not_listed && entry.region_index >= offering.regions.size()) return false;
    }
  }
  return true;
}

void put_key(std::string& out, const Key& key) {
  put_text(out, key.build_id);
  put_u32(out, static_cast<std::uint32_t>(key.sources.size()));
  for (const SourceDigest& source : key.sources) {
    put_text(out, source.name);
    put_u64(out, source.bytes);
    put_u64(out, source.fold64);
    put_u64(out, source.fnv1a64);
  }
}

}  // namespace

void encode(const Catalog& catalog, const Key& key, const std::function<void(std::string_view)>& write) {
  Writer writer(write);
  std::string& header = writer.raw();
  header += magic;
  put_u32(header, format_version);
  put_u32(header, 0);
  put_key(header, key);
  visit(writer, const_cast<Catalog&>(catalog));  // the writer only reads
  writer.finish();
}

std::string encode(const Catalog& catalog, const Key& key) {
  std::string image;
  encode(catalog, key, [&image](std::string_view bytes) { image += bytes; });
  return image;
}

namespace {
// The catalog of `strings` and `body`, each read to its exact end.
std::optional<Catalog> decode_parts(std::string_view strings, Reader& body) {
  Reader table(strings);
  if (!table.read_strings() || !table.read_lists() || !table.at_end()) return std::nullopt;
  body.take_strings(table);
  Catalog catalog;
  visit(body, catalog);
  if (!body.at_end() || !consistent(catalog)) return std::nullopt;
  return catalog;
}
}  // namespace

std::optional<Decoded> decode(std::string_view bytes, const Key& key, const Release& release,
                              std::optional<std::uint64_t> trusted_checksum) {
  if (bytes.size() < header_bytes + trailer_bytes || bytes.substr(0, magic.size()) != magic) return std::nullopt;
  Reader header(bytes.substr(magic.size(), header_bytes - magic.size()));
  const std::uint32_t version = header.get_u32();
  const std::uint32_t reserved = header.get_u32();
  Reader trailer(bytes.substr(bytes.size() - trailer_bytes));
  const std::uint64_t strings_offset = trailer.get_u64();
  const std::uint64_t size = trailer.get_u64();
  const std::uint64_t checksum = trailer.get_u64();
  if (!header.ok() || !trailer.ok() || version != format_version || reserved != 0 || size != bytes.size() ||
      strings_offset < header_bytes || strings_offset > bytes.size() - trailer_bytes) {
    return std::nullopt;
  }
  // One pass: the catalog is read as the checksum is taken (8 MiB ahead), and kept only when the
  // checksum matches; every read is bounds-checked, so damaged bytes are read safely first.
  Hashing hashing;
  hashing.release = &release;
  hashing.taking = !(trusted_checksum && *trusted_checksum == checksum);
  Reader reader(bytes.substr(0, strings_offset), header_bytes, &hashing);
  if (reader.get_text() != key.build_id) return std::nullopt;
  const std::uint32_t source_count = reader.get_count(28);
  if (!reader.ok() || source_count != key.sources.size()) return std::nullopt;
  Decoded decoded;
  decoded.sources.reserve(source_count);
  for (const SourceDigest& expected : key.sources) {
    SourceDigest stored;
    stored.name = reader.get_text();
    stored.bytes = reader.get_u64();
    stored.fold64 = reader.get_u64();
    stored.fnv1a64 = reader.get_u64();
    if (!reader.ok() || stored.name != expected.name || stored.bytes != expected.bytes ||
        stored.fold64 != expected.fold64) {
      return std::nullopt;
    }
    decoded.sources.push_back(std::move(stored));
  }
  auto catalog = decode_parts(bytes.substr(strings_offset, bytes.size() - trailer_bytes - strings_offset), reader);
  if (!catalog) return std::nullopt;
  reader.hash_through(strings_offset);
  if (hashing.taking) {
    hashing.sum.add(bytes.data() + strings_offset, bytes.size() - 8 - strings_offset);
    if (hashing.sum.value() != checksum) return std::nullopt;
  }
  decoded.catalog = std::move(*catalog);
  decoded.checksum = checksum;
  decoded.checksum_taken = hashing.taking;
  return decoded;
}

std::optional<Catalog> decode_payload(std::string_view payload) {
  Reader split(payload);
  const std::uint32_t strings_size = split.get_u32();
  if (!split.ok() || strings_size > payload.size() - 4) return std::nullopt;
  Reader body(payload.substr(4 + strings_size));
  return decode_parts(payload.substr(4, strings_size), body);
}

std::string file_name(const Key& key) {
  std::string text;
  put_u32(text, format_version);
  put_key(text, Key{key.build_id, {}});
  for (const SourceDigest& source : key.sources) {
    put_text(text, source.name);
    put_u64(text, source.bytes);
    put_u64(text, source.fold64);
  }
  return fmt::format("catalog-{:016x}.bin", digest::fold64(text));
}

namespace {
constexpr std::string_view memo_magic = "GPUSDIGM";
}  // namespace

bool memo_settled(const FileStat& stat, std::int64_t now_ns) {
  return stat.mtime_ns <= now_ns - memo_settle_ns && stat.ctime_ns <= now_ns - memo_settle_ns;
}

std::string encode_memo(const DigestMemo& memo) {
  std::string out(memo_magic);
  put_u32(out, format_version);
  put_u32(out, 0);
  put_text(out, memo.build_id);
  put_text(out, memo.path);
  put_u64(out, memo.stat.device);
  put_u64(out, memo.stat.inode);
  put_u64(out, memo.stat.bytes);
  put_u64(out, static_cast<std::uint64_t>(memo.stat.mtime_ns));
  put_u64(out, static_cast<std::uint64_t>(memo.stat.ctime_ns));
  put_u64(out, memo.fold64);
  put_u64(out, digest::fold64(out));
  return out;
}

std::optional<DigestMemo> decode_memo(std::string_view bytes) {
  constexpr std::size_t checksum_bytes = 8;
  if (bytes.size() < memo_magic.size() + checksum_bytes || bytes.substr(0, memo_magic.size()) != memo_magic) {
    return std::nullopt;
  }
  const std::string_view body = bytes.substr(0, bytes.size() - checksum_bytes);
  Reader trailer(bytes.substr(body.size()));
  if (trailer.get_u64() != digest::fold64(body)) return std::nullopt;
  Reader reader(body, memo_magic.size());
  const std::uint32_t version = reader.get_u32();
  const std::uint32_t reserved = reader.get_u32();
  DigestMemo memo;
  memo.build_id = std::string(reader.get_text());
  memo.path = std::string(reader.get_text());
  memo.stat.device = reader.get_u64();
  memo.stat.inode = reader.get_u64();
  memo.stat.bytes = reader.get_u64();
  memo.stat.mtime_ns = static_cast<std::int64_t>(reader.get_u64());
  memo.stat.ctime_ns = static_cast<std::int64_t>(reader.get_u64());
  memo.fold64 = reader.get_u64();
  if (!reader.at_end() || version != format_version || reserved != 0) return std::nullopt;
  return memo;
}

std::optional<std::uint64_t> memoised_fold64(std::string_view bytes, std::string_view build_id, std::string_view path,
                                             const FileStat& stat) {
  const auto memo = decode_memo(bytes);
  if (!memo || memo->build_id != build_id || memo->path != path || !(memo->stat == stat)) return std::nullopt;
  return memo->fold64;
}

std::string memo_file_name(std::string_view path) {
  return fmt::format("digests-{:016x}.bin", digest::fold64(path));
}

}  // namespace gpuselect::catalog::image
