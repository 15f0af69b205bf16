#pragma once
// The catalog image: a compact binary form of a loaded catalog::Catalog, for the parsed-catalog
// cache (src/io/catalog_cache.hpp; format in docs/performance.md "The parsed-catalog cache").
// Pure: bytes in, values out. An image names what it was made from (the program's build id and
// each source file's name, size and digests) and carries a checksum over itself; decode() returns
// nothing unless every byte checks and the key matches, so a stale, truncated or corrupt image is
// never used.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/catalog.hpp"

namespace gpuselect::catalog::image {

// Bumped whenever the layout or the meaning of a field changes (the build id changes with every
// build anyway; the version guards builds that share an id, such as a rebuild of the same sources).
// 2: providers' spot_reclaim; 3: models' diffusion layout; 4: needs_bf16; 5: DiT block layout; 6: name_zh; 7: capacity
// blocks; 8: Fold64 instead of XXH64 for the sources' key digests and the checksum; 9: models' non_commercial_licence;
// 10: the hccs interconnect (Ascend); 11: lists of strings stored once, after the strings, and named by index;
// 12: an offering's source positions compact (a mask of those set; later ones near the first in three bytes);
// 13: a provider's capacity_block.min_instances; 14: a region price's region_index
inline constexpr std::uint32_t format_version = 14;

// One source file as read: its name in messages, its size, and its digests (src/core/digest.hpp).
struct SourceDigest {
  std::string name;
  std::uint64_t bytes = 0;
  std::uint64_t fold64 = 0;   // the cache key (digest::Fold64)
  std::uint64_t fnv1a64 = 0;  // what the JSON echo shows; stored so a warm run need not compute it
};

// What an image is made from. Two keys match when the build ids are equal and the sources agree in
// order, name, size and fold64.
struct Key {
  std::string build_id;
  std::vector<SourceDigest> sources;
};

// The image of `catalog` made from `key` (the sources' fnv1a64 are stored as given), handed to
// `write` in pieces of about 1 MiB, in order, in one pass (a large catalog's image is never held
// whole); or returned whole.
void encode(const Catalog& catalog, const Key& key, const std::function<void(std::string_view)>& write);
std::string encode(const Catalog& catalog, const Key& key);

struct Decoded {
  Catalog catalog;
  std::vector<SourceDigest> sources;  // as stored, fnv1a64 included
  std::uint64_t checksum = 0;         // the image's checksum (its trailer's, which its bytes matched)
  bool checksum_taken = false;        // false when `trusted_checksum` stood for it
};
// The catalog stored in `bytes` when it is a whole, intact image of this format made from `key`
// (fnv1a64 in `key` is not compared); nothing otherwise. Never throws on bad bytes; never reads
// outside `bytes`. `release`, when given, is told of ranges of `bytes` (offset, size) it will not
// read again, as it goes: a mapped file's pages can be given back (a large image is then never
// resident whole).
// `trusted_checksum`, when given and equal to the checksum the image's trailer states, stands for
// the checksum of its bytes, which are then not hashed: the caller knows them unchanged since they
// were checked (an image memo, DigestMemo of the image file). Every read stays bounds-checked.
using Release = std::function<void(std::size_t offset, std::size_t size)>;
std::optional<Decoded> decode(std::string_view bytes, const Key& key, const Release& release = nullptr,
                              std::optional<std::uint64_t> trusted_checksum = std::nullopt);

// The catalog decoder alone, without the header, key, trailer and checksum (for the fuzz target:
// random bytes rarely pass a checksum): `payload` is a u32 size of the strings part, the strings
// part, then the catalog. Nothing unless it is exactly one well-formed catalog.
std::optional<Catalog> decode_payload(std::string_view payload);

// The name of the cache file for `key`: "catalog-<16 hex>.bin", a digest of the whole key, so a
// change of any source or of the build selects another file.
std::string file_name(const Key& key);

// ---- the digest memo (docs/performance.md "The digest memo") ----
// A warm run's cache check digested every byte of every catalog file (a 50 MB file: ~8% of a warm
// recommend, bound by memory). A memo holds one file's Fold64 beside what the file system said of
// the file when it was digested; while stat says the same, the file holds the same bytes, as git's
// index and make trust: any write sets the change time (ctime) to the clock's now, and no call
// sets it back, so an edit that keeps the size and restores the modification time (`touch -r`)
// still changes ctime.

// What stat says of a file (its device and inode name the file itself, not its path).
struct FileStat {
  std::uint64_t device = 0;
  std::uint64_t inode = 0;
  std::uint64_t bytes = 0;
  std::int64_t mtime_ns = 0;  // last modification, nanoseconds since the epoch
  std::int64_t ctime_ns = 0;  // last change of the file or its metadata
  bool operator==(const FileStat&) const = default;
};

struct DigestMemo {
  std::string build_id;  // the program's: a memo outlives no build (its digest could change meaning)
  std::string path;      // as the command named the file
  FileStat stat;
  // digest::Fold64 of the file's `stat.bytes` bytes; of a catalog image, its checksum (decode's
  // trusted_checksum)
  std::uint64_t fold64 = 0;
};

// A file last changed within this long of the digest is not memoised: on a file system whose
// timestamps are coarse (FAT: 2 s; ext3: 1 s), a second write in the same tick after the digest
// would leave both times as they were (git's "racily clean" entries). 2 s covers the coarsest.
inline constexpr std::int64_t memo_settle_ns = 2'000'000'000;

// Whether a file whose stat is `stat`, digested at `now_ns` (the clock, ns since the epoch), may be
// memoised: both of its times at least memo_settle_ns before then.
bool memo_settled(const FileStat& stat, std::int64_t now_ns);

// The memo's bytes: magic "GPUSDIGM" | u32 format_version | u32 0 | text build id | text path |
// u64 device, inode, bytes | i64 mtime_ns, ctime_ns | u64 fold64 | u64 Fold64 of every byte before.
std::string encode_memo(const DigestMemo& memo);
// The memo in `bytes` when they are exactly one whole, intact memo of this format; nothing
// otherwise (never throws, never reads outside `bytes`).
std::optional<DigestMemo> decode_memo(std::string_view bytes);
// The digest `bytes` memoise for `path` under `build_id` with the file's stat now `stat`: its
// fold64 when the memo is whole and every one of them matches; nothing otherwise.
std::optional<std::uint64_t> memoised_fold64(std::string_view bytes, std::string_view build_id, std::string_view path,
                                             const FileStat& stat);
// The memo file's name for `path`: "digests-<16 hex>.bin", a digest of the path (one memo a path:
// a new digest replaces the old).
std::string memo_file_name(std::string_view path);

}  // namespace gpuselect::catalog::image
