// The parsed-catalog cache: the digests, the image (catalog/image.hpp: a round trip keeps every
// member; a stale or damaged image is never used) and the command line (cold, warm and --no-cache
// runs print the same bytes; the cache lives in XDG_CACHE_HOME; nothing partial is left).
#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "catalog/image.hpp"
#include "cli_runner.hpp"
#include "core/address_table.hpp"
#include "core/digest.hpp"
#include "gpuselect/catalog_format.hpp"
#include "gpuselect/embedded.hpp"
#include "synthetic_catalog.hpp"

using namespace gpuselect;
using gpuselect::testing::read_file;
using gpuselect::testing::run_gpuselect;
using gpuselect::testing::TempDir;

namespace {

std::string synthetic_overlay(std::size_t offerings) {
  bench::SyntheticOptions generate;
  generate.offerings = offerings;
  return bench::synthetic_catalog_yaml(bench::builtin_catalog(), generate);
}

// The built-in catalog and 2,000 synthetic offerings (regions with their own prices, estimated
// fields, optional prices unset, several currencies), with the key of its sources.
struct Loaded {
  catalog::Catalog catalog;
  catalog::image::Key key;
};
const Loaded& big_catalog() {
  static const Loaded loaded = [] {
    static const std::string overlay = synthetic_overlay(2000);
    std::vector<catalog::SourceText> sources;
    for (const auto& file : builtin_catalog_files()) sources.emplace_back(std::string(file.name), file.text);
    sources.emplace_back("synthetic.yaml", overlay);
    auto result = catalog::load(sources);
    REQUIRE(result.ok());
    catalog::image::Key key{"0123456789abcdef", {}};
    for (const auto& source : sources) {
      digest::Fnv1a64 fnv;
      fnv.add(source.text.data(), source.text.size());
      key.sources.push_back({source.name, source.text.size(), digest::fold64(source.text), fnv.value()});
    }
    return Loaded{std::move(result.catalog), std::move(key)};
  }();
  return loaded;
}

std::string catalog_json(const catalog::Catalog& catalog) {
  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  for (const auto& gpu : catalog.gpus) all.push_back(catalog::to_json(gpu));
  for (const auto& provider : catalog.providers) all.push_back(catalog::to_json(provider));
  for (const auto& offering : catalog.offerings) all.push_back(catalog::to_json(offering));
  for (const auto& model : catalog.models) all.push_back(catalog::to_json(model));
  return all.dump();
}

std::vector<std::filesystem::path> files_in(const std::filesystem::path& folder) {
  std::vector<std::filesystem::path> found;
  std::error_code error;
  for (std::filesystem::directory_iterator entry(folder, error), end; !error && entry != end; entry.increment(error))
    found.push_back(entry->path());
  return found;
}

// The catalog images in `folder` (catalog-*.bin), without the digest memos beside them.
std::vector<std::filesystem::path> images_in(const std::filesystem::path& folder) {
  auto found = files_in(folder);
  std::erase_if(found, [](const std::filesystem::path& path) { return !path.filename().string().starts_with("catalog-"); });
  return found;
}

// Waits until files changed now have settled (catalog::image::memo_settled): memoised from then on.
void settle() { std::this_thread::sleep_for(std::chrono::nanoseconds(catalog::image::memo_settle_ns + 100'000'000)); }

// Writes `byte` at `offset` of `path` in place and puts its modification time back (`touch -r`):
// only the change time tells the edit.
void put_byte_keeping_mtime(const std::filesystem::path& path, std::size_t offset, char byte) {
  const auto modified = std::filesystem::last_write_time(path);
  {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(static_cast<std::streamoff>(offset));
    file.put(byte);
  }
  std::filesystem::last_write_time(path, modified);
}

// A team catalog of `offerings` synthetic records and the cache folder its -v recommend runs use.
struct MemoScene {
  explicit MemoScene(std::size_t offerings) : catalog_file(dir.write("team.yaml", synthetic_overlay(offerings))) {}
  TempDir dir;
  std::filesystem::path catalog_file;
  std::filesystem::path cache_home = dir.path() / "cache";
  std::filesystem::path folder = cache_home / "gpuselect";
  std::vector<std::string> environment = {"XDG_CACHE_HOME=" + cache_home.string(), "GPUSELECT_TODAY=2026-06-01"};
  // The -v recommend (or, with "--no-cache", the same run past the cache).
  std::vector<std::string> args(const std::string& first_flag = "-v") const {
    std::vector<std::string> command = {"--catalog", catalog_file.string(), "recommend", "--workload",
                                        "llm-finetune", "--params", "7e9", "--top", "3"};
    command.insert(command.begin(), first_flag);
    return command;
  }
};

}  // namespace

TEST_CASE("the digests: FNV-1a matches its references, Fold64 is the same in pieces and changes with its input", "[cache]") {
  // Fold64 (not a published algorithm, so no reference values): the same digest fed in pieces of
  // any size, and a different one for every flipped bit, two swapped stripes and appended zeros.
  std::string text;
  for (int i = 0; i < 12; ++i) text += "- id: gpu-" + std::to_string(i) + "\n  price: 1.25\n";
  const std::uint64_t whole = digest::fold64(text);
  for (std::size_t piece : {1u, 3u, 7u, 15u, 16u, 63u, 64u, 65u, 200u}) {
    digest::Fold64 state;
    for (std::size_t at = 0; at < text.size(); at += piece)
      state.add(text.data() + at, std::min(piece, text.size() - at));
    CHECK(state.value() == whole);
    CHECK(state.bytes() == text.size());
  }
  std::size_t unchanged = 0;
  for (std::size_t bit = 0; bit < text.size() * 8; ++bit) {
    std::string flipped = text;
    flipped[bit / 8] = static_cast<char>(flipped[bit / 8] ^ (1 << (bit % 8)));
    unchanged += digest::fold64(flipped) == whole ? 1 : 0;
  }
  CHECK(unchanged == 0);
  REQUIRE(text.size() >= 2 * digest::Fold64::stripe_bytes);
  const std::string swapped = text.substr(64, 64) + text.substr(0, 64) + text.substr(128);
  REQUIRE(swapped != text);
  CHECK(digest::fold64(swapped) != whole);
  CHECK(digest::fold64(text + std::string(1, '\0')) != whole);
  CHECK(digest::fold64("") != digest::fold64(std::string(1, '\0')));
  CHECK(digest::fold64(std::string(64, '\0')) != digest::fold64(std::string(128, '\0')));
  // FNV-1a 64 reference values (the FNV test suite: "" and "a").
  digest::Fnv1a64 empty;
  CHECK(empty.value() == 0xcbf29ce484222325ull);
  digest::Fnv1a64 a;
  a.add("a", 1);
  CHECK(a.value() == 0xaf63dc4c8601ec8cull);
  // The unrolled loop gives the byte-at-a-time definition's digest for every length and any pieces.
  const auto reference = [](std::string_view bytes) {
    std::uint64_t hash = 0xcbf29ce484222325ull;
    for (const char byte : bytes) hash = (hash ^ static_cast<unsigned char>(byte)) * 1099511628211ull;
    return hash;
  };
  for (std::size_t length = 0; length <= 40; ++length) {
    const std::string_view prefix = std::string_view(text).substr(0, length);
    digest::Fnv1a64 whole_fnv;
    whole_fnv.add(prefix.data(), prefix.size());
    CHECK(whole_fnv.value() == reference(prefix));
    digest::Fnv1a64 pieces;
    pieces.add(prefix.data(), length / 3);
    pieces.add(prefix.data() + length / 3, length - length / 3);
    CHECK(pieces.value() == reference(prefix));
  }
  digest::Fnv1a64 all;
  all.add(text.data(), text.size());
  CHECK(all.value() == reference(text));
}

// The table the once-per-region-list passes keep their answers in (expand_region_groups, the
// ranking's mainland-only pass): one value per address, kept across its growth, gone after clear().
TEST_CASE("an address table keeps one value per address through its growth", "[cache]") {
  std::vector<std::vector<std::string>> lists(1000);
  gpuselect::detail::AddressTable<int> table;
  for (std::size_t i = 0; i < lists.size(); ++i) {
    const auto [value, added] = table.try_emplace(&lists[i]);
    CHECK(added);
    CHECK(value == 0);
    value = static_cast<int>(i) + 1;
  }
  for (std::size_t i = 0; i < lists.size(); ++i) {  // 1,000 keys: grown from 256 slots to 2,048
    const auto [value, added] = table.try_emplace(&lists[i]);
    CHECK_FALSE(added);
    CHECK(value == static_cast<int>(i) + 1);
  }
  table.clear();
  const auto [value, added] = table.try_emplace(&lists[7]);
  CHECK(added);
  CHECK(value == 0);
}

TEST_CASE("a catalog image decodes to the catalog it was made from", "[cache]") {
  const Loaded& loaded = big_catalog();
  const std::string image = catalog::image::encode(loaded.catalog, loaded.key);
  const auto decoded = catalog::image::decode(image, loaded.key);
  REQUIRE(decoded);
  // Every member the image holds comes back: the image of the decoded catalog is the same bytes.
  CHECK(catalog::image::encode(decoded->catalog, loaded.key) == image);
  CHECK(catalog_json(decoded->catalog) == catalog_json(loaded.catalog));
  CHECK(decoded->catalog.files == loaded.catalog.files);
  REQUIRE(decoded->sources.size() == loaded.key.sources.size());
  CHECK(decoded->sources.back().fnv1a64 == loaded.key.sources.back().fnv1a64);
  // Shared strings are stored once: a source sentence that hundreds of offerings repeat is in the
  // image one time.
  // The most repeated sentence (which one depends on the data; the synthetic offerings copy sources).
  std::map<std::string_view, int> counts;
  for (const auto& offering : loaded.catalog.offerings) ++counts[offering.source.view()];
  const auto most = std::max_element(counts.begin(), counts.end(),
                                     [](const auto& a, const auto& b) { return a.second < b.second; });
  const std::string sentence(most->first);
  const int repeats = most->second;
  CHECK(repeats > 10);
  const auto first = image.find(sentence);
  CHECK(first != std::string::npos);
  CHECK(image.find(sentence, first + 1) == std::string::npos);
}

// Issue 33's memory at 1M offerings: a source sentence, estimated_fields or regions list that many
// offerings repeat is held once, after a parse and after an image is decoded alike (one copy each, not one
// per record: ~540 bytes a record).
// An offering's source positions are stored compact (format 12): unset ones not at all, those a few
// lines past the record's first in three bytes, the rest whole. Each comes back as it was.
TEST_CASE("a catalog image gives back every source position of every offering", "[cache]") {
  Loaded loaded = big_catalog();
  auto& offerings = loaded.catalog.offerings;
  REQUIRE(offerings.size() > 3);
  // Beside the catalog's own (near ones, unset ones): one set in another file, one far down the
  // same file, one at a wide column, one before the first, and an offering whose first is unset.
  offerings[0].set_at.spot = {offerings[0].pos.file + 1, 7, 3};
  offerings[1].set_at.monthly = {offerings[1].pos.file, offerings[1].pos.line + 256, 5};
  offerings[2].set_at.yearly = {offerings[2].pos.file, offerings[2].pos.line + 2, 256};
  offerings[3].gpu_pos = {offerings[3].pos.file, offerings[3].pos.line - 1, 1};
  offerings[3].pos = {};
  const std::string image = catalog::image::encode(loaded.catalog, loaded.key);
  const auto decoded = catalog::image::decode(image, loaded.key);
  REQUIRE(decoded);
  REQUIRE(decoded->catalog.offerings.size() == offerings.size());
  const auto same = [](const catalog::SourcePos& a, const catalog::SourcePos& b) {
    return a.file == b.file && a.line == b.line && a.column == b.column;
  };
  std::size_t set = 0;
  std::size_t unset = 0;
  for (std::size_t index = 0; index < offerings.size(); ++index) {
    const auto& before = offerings[index];
    const auto& after = decoded->catalog.offerings[index];
    const std::array<std::pair<const catalog::SourcePos*, const catalog::SourcePos*>, 11> pairs{{
        {&before.pos, &after.pos},
        {&before.provider_pos, &after.provider_pos},
        {&before.gpu_pos, &after.gpu_pos},
        {&before.set_at.on_demand, &after.set_at.on_demand},
        {&before.set_at.spot, &after.set_at.spot},
        {&before.set_at.reserved_1y, &after.set_at.reserved_1y},
        {&before.set_at.reserved_3y, &after.set_at.reserved_3y},
        {&before.set_at.monthly, &after.set_at.monthly},
        {&before.set_at.yearly, &after.set_at.yearly},
        {&before.set_at.capacity_block, &after.set_at.capacity_block},
        {&before.set_at.as_of, &after.set_at.as_of},
    }};
    for (const auto& [was, is] : pairs) {
      INFO("offering " << before.id);
      CHECK(same(*was, *is));
      (was->line > 0 ? set : unset) += 1;
    }
  }
  CHECK(set > offerings.size() * 3);
  CHECK(unset > offerings.size());
}

TEST_CASE("offerings that repeat a source sentence or estimated_fields list share one copy", "[cache][catalog]") {
  const Loaded& loaded = big_catalog();
  const auto decoded = catalog::image::decode(catalog::image::encode(loaded.catalog, loaded.key), loaded.key);
  REQUIRE(decoded);
  for (const catalog::Catalog* catalog : {&loaded.catalog, &decoded->catalog}) {
    std::map<std::string_view, const std::string*> sources;
    std::map<std::vector<std::string>, const std::vector<std::string>*> lists;
    std::size_t repeated_sources = 0;
    std::size_t repeated_lists = 0;
    std::map<std::vector<std::string>, const std::vector<std::string>*> region_lists;  // part F
    std::size_t repeated_regions = 0;
    std::size_t copies = 0;  // a repeated value held in a second place
    for (const auto& offering : catalog->offerings) {
      const auto [regions, new_regions] = region_lists.try_emplace(offering.regions.items(), &offering.regions.items());
      if (!new_regions) {
        ++repeated_regions;
        if (regions->second != &offering.regions.items()) ++copies;
      }
      const auto [source, new_source] = sources.try_emplace(offering.source.view(), &offering.source.str());
      if (!new_source) {
        ++repeated_sources;
        if (source->second != &offering.source.str()) ++copies;
      }
      if (offering.estimated_fields.empty()) continue;
      const auto [list, new_list] =
          lists.try_emplace(offering.estimated_fields.items(), &offering.estimated_fields.items());
      if (!new_list) {
        ++repeated_lists;
        if (list->second != &offering.estimated_fields.items()) ++copies;
      }
    }
    CHECK(repeated_sources > catalog->offerings.size() / 2);
    CHECK(repeated_lists > catalog->offerings.size() / 2);
    CHECK(repeated_regions > catalog->offerings.size() / 2);
    CHECK(copies == 0);
  }
}

TEST_CASE("a stale or damaged image is never used", "[cache]") {
  const Loaded& loaded = big_catalog();
  const std::string image = catalog::image::encode(loaded.catalog, loaded.key);
  REQUIRE(catalog::image::decode(image, loaded.key));

  SECTION("another build") {
    auto key = loaded.key;
    key.build_id = "fedcba9876543210";
    CHECK_FALSE(catalog::image::decode(image, key));
    CHECK(catalog::image::file_name(key) != catalog::image::file_name(loaded.key));
  }
  SECTION("a source changed, renamed, added or left out") {
    auto changed = loaded.key;
    changed.sources.back().fold64 ^= 1;
    CHECK_FALSE(catalog::image::decode(image, changed));
    CHECK(catalog::image::file_name(changed) != catalog::image::file_name(loaded.key));
    auto renamed = loaded.key;
    renamed.sources.back().name = "other.yaml";
    CHECK_FALSE(catalog::image::decode(image, renamed));
    auto resized = loaded.key;
    resized.sources.back().bytes += 1;
    CHECK_FALSE(catalog::image::decode(image, resized));
    auto fewer = loaded.key;
    fewer.sources.pop_back();
    CHECK_FALSE(catalog::image::decode(image, fewer));
    auto more = loaded.key;
    more.sources.push_back(more.sources.back());
    CHECK_FALSE(catalog::image::decode(image, more));
  }
  SECTION("the FNV-1a digest is stored, not compared") {
    auto key = loaded.key;
    key.sources.back().fnv1a64 = 0;
    CHECK(catalog::image::decode(image, key));
  }
  SECTION("another format version") {
    std::string other = image;
    other[8] = static_cast<char>(catalog::image::format_version + 1);
    CHECK_FALSE(catalog::image::decode(other, loaded.key));
  }
  SECTION("truncated anywhere, or with bytes after it") {
    for (std::size_t size = 0; size < image.size(); size += 1 + size / 3) {
      INFO(size);
      CHECK_FALSE(catalog::image::decode(std::string_view(image).substr(0, size), loaded.key));
    }
    CHECK_FALSE(catalog::image::decode(image + '\0', loaded.key));
  }
  SECTION("a flipped bit anywhere") {
    std::string damaged = image;
    for (std::size_t at = 0; at < damaged.size(); at += 1 + at / 2) {
      INFO(at);
      damaged[at] = static_cast<char>(damaged[at] ^ (1 << (at % 8)));
      CHECK_FALSE(catalog::image::decode(damaged, loaded.key));
      damaged[at] = image[at];
    }
  }
}

TEST_CASE("a trusted checksum stands for the image's only when it is the one its trailer states", "[cache]") {
  const Loaded& loaded = big_catalog();
  const std::string image = catalog::image::encode(loaded.catalog, loaded.key);
  const auto taken = catalog::image::decode(image, loaded.key);
  REQUIRE(taken);
  CHECK(taken->checksum_taken);
  std::uint64_t stated = 0;  // the trailer's last eight bytes, little-endian
  for (std::size_t i = 0; i < 8; ++i) {
    stated |= std::uint64_t{static_cast<unsigned char>(image[image.size() - 8 + i])} << (8 * i);
  }
  CHECK(taken->checksum == stated);

  const auto trusted = catalog::image::decode(image, loaded.key, nullptr, taken->checksum);
  REQUIRE(trusted);
  CHECK_FALSE(trusted->checksum_taken);
  CHECK(trusted->checksum == taken->checksum);
  CHECK(catalog::image::encode(trusted->catalog, loaded.key) == image);

  // Another value is no trust: the bytes are hashed, and an image that fails its checksum is refused.
  const auto other = catalog::image::decode(image, loaded.key, nullptr, taken->checksum ^ 1);
  REQUIRE(other);
  CHECK(other->checksum_taken);
  std::string damaged = image;
  damaged[image.size() / 2] = static_cast<char>(damaged[image.size() / 2] ^ 0x10);
  CHECK_FALSE(catalog::image::decode(damaged, loaded.key, nullptr, taken->checksum ^ 1));
  CHECK_FALSE(catalog::image::decode(damaged, loaded.key));
  // A damaged trailer no longer states the trusted checksum: hashed, and refused.
  std::string trailer_damaged = image;
  trailer_damaged[image.size() - 3] = static_cast<char>(trailer_damaged[image.size() - 3] ^ 0x01);
  CHECK_FALSE(catalog::image::decode(trailer_damaged, loaded.key, nullptr, taken->checksum));
}

TEST_CASE("the payload decoder refuses bytes that are not one whole catalog", "[cache]") {
  const Loaded& loaded = big_catalog();
  const std::string image = catalog::image::encode(loaded.catalog, loaded.key);
  // The payload: the strings (from the trailer's offset to the trailer) with their size in front,
  // then the catalog (after the header and the key, up to the strings).
  std::size_t key_end = 16 + 4 + loaded.key.build_id.size() + 4;
  for (const auto& source : loaded.key.sources) key_end += 4 + source.name.size() + 24;
  std::uint64_t strings_at = 0;
  for (int i = 7; i >= 0; --i) strings_at = (strings_at << 8) | static_cast<unsigned char>(image[image.size() - 24 + i]);
  const std::string strings = image.substr(strings_at, image.size() - 24 - strings_at);
  std::string payload(4, '\0');
  for (int i = 0; i < 4; ++i) payload[i] = static_cast<char>((strings.size() >> (8 * i)) & 0xFF);
  payload += strings;
  payload += image.substr(key_end, strings_at - key_end);
  REQUIRE(catalog::image::decode_payload(payload));
  CHECK_FALSE(catalog::image::decode_payload(std::string_view(payload).substr(0, payload.size() - 1)));
  CHECK_FALSE(catalog::image::decode_payload(""));
  CHECK_FALSE(catalog::image::decode_payload(std::string(64, '\xff')));
  // An offering pointing past the providers is refused even where every byte reads.
  catalog::Catalog broken = loaded.catalog;
  broken.offerings.front().provider_index = static_cast<std::uint32_t>(broken.providers.size());
  CHECK_FALSE(catalog::image::decode(catalog::image::encode(broken, loaded.key), loaded.key));
}

TEST_CASE("a digest memo stands for a file only while every stat field and the build match", "[cache]") {
  namespace image = catalog::image;
  const image::FileStat stat{2049, 131077, 49988492, 1'780'000'000'000'000'000, 1'780'000'000'500'000'000};
  const image::DigestMemo memo{"0123456789abcdef", "team.yaml", stat, 0x1234'5678'9abc'def0};
  const std::string bytes = image::encode_memo(memo);
  const auto decoded = image::decode_memo(bytes);
  REQUIRE(decoded);
  CHECK(decoded->build_id == memo.build_id);
  CHECK(decoded->path == memo.path);
  CHECK(decoded->stat == stat);
  CHECK(decoded->fold64 == memo.fold64);
  CHECK(image::memoised_fold64(bytes, memo.build_id, "team.yaml", stat) == memo.fold64);

  SECTION("any field of the file's stat changed") {
    // Each member in turn: the same path after an edit, a replacement (another inode), a copy to
    // another device, a resize, a `touch` (mtime) and an edit whose mtime was put back (ctime).
    for (std::uint64_t image::FileStat::*member : {&image::FileStat::device, &image::FileStat::inode,
                                                   &image::FileStat::bytes}) {
      image::FileStat other = stat;
      other.*member += 1;
      CHECK_FALSE(image::memoised_fold64(bytes, memo.build_id, "team.yaml", other));
    }
    for (std::int64_t image::FileStat::*member : {&image::FileStat::mtime_ns, &image::FileStat::ctime_ns}) {
      image::FileStat other = stat;
      other.*member += 1;  // one nanosecond
      CHECK_FALSE(image::memoised_fold64(bytes, memo.build_id, "team.yaml", other));
    }
  }
  SECTION("another build or another path") {
    CHECK_FALSE(image::memoised_fold64(bytes, "fedcba9876543210", "team.yaml", stat));
    CHECK_FALSE(image::memoised_fold64(bytes, memo.build_id, "./team.yaml", stat));
    CHECK(image::memo_file_name("team.yaml") != image::memo_file_name("./team.yaml"));
    CHECK(image::memo_file_name("team.yaml").starts_with("digests-"));
  }
  SECTION("truncated anywhere, with bytes after it, or a flipped bit anywhere") {
    for (std::size_t size = 0; size < bytes.size(); ++size) {
      INFO(size);
      CHECK_FALSE(image::decode_memo(std::string_view(bytes).substr(0, size)));
    }
    CHECK_FALSE(image::decode_memo(bytes + '\0'));
    std::string damaged = bytes;
    for (std::size_t at = 0; at < damaged.size(); ++at) {
      INFO(at);
      damaged[at] = static_cast<char>(damaged[at] ^ (1 << (at % 8)));
      CHECK_FALSE(image::memoised_fold64(damaged, memo.build_id, "team.yaml", stat));
      damaged[at] = bytes[at];
    }
  }
  SECTION("a file is memoised only once both of its times are memo_settle_ns old") {
    const std::int64_t last = std::max(stat.mtime_ns, stat.ctime_ns);
    CHECK(image::memo_settled(stat, last + image::memo_settle_ns));
    CHECK_FALSE(image::memo_settled(stat, last + image::memo_settle_ns - 1));
    image::FileStat touched = stat;
    touched.mtime_ns = stat.ctime_ns + 1;  // a modification time set ahead of the change time
    CHECK_FALSE(image::memo_settled(touched, last + image::memo_settle_ns));
  }
}

TEST_CASE("cold, warm and --no-cache runs print the same bytes", "[cache][cli]") {
  TempDir dir;
  const auto catalog_file = dir.write("team.yaml", synthetic_overlay(3000));
  const auto cache_home = dir.path() / "cache";
  const std::vector<std::string> environment = {"XDG_CACHE_HOME=" + cache_home.string(), "GPUSELECT_TODAY=2026-06-01"};
  const std::vector<std::vector<std::string>> commands = {
      {"recommend", "--workload", "llm-finetune", "--params", "7e9"},
      {"recommend", "--workload", "llm-finetune", "--params", "7e9", "--format", "json"},
      {"recommend", "--workload", "llm-inference", "--params", "70e9", "--format", "markdown", "--top", "20"},
      {"compare", "aws/p4d.24xlarge", "lambda/gpu_8x_a100_80gb_sxm4", "--workload", "llm-finetune", "--params", "7e9",
       "--format", "json"},
      {"catalog", "list", "--format", "json"},
  };
  for (const auto& command : commands) {
    std::vector<std::string> args = {"--catalog", catalog_file.string()};
    args.insert(args.end(), command.begin(), command.end());
    std::vector<std::string> bypass = args;
    bypass.insert(bypass.begin(), "--no-cache");
    INFO(args[2] + " " + args[3]);
    std::filesystem::remove_all(cache_home);
    const auto cold = run_gpuselect(args, environment);
    REQUIRE(cold.exit_code == 0);
    const auto warm = run_gpuselect(args, environment);
    const auto bypassed = run_gpuselect(bypass, environment);
    CHECK(warm.exit_code == 0);
    CHECK(bypassed.exit_code == 0);
    CHECK(warm.out == cold.out);
    CHECK(bypassed.out == cold.out);
    CHECK(warm.err == cold.err);
    CHECK(bypassed.err == cold.err);
  }
}

TEST_CASE("the cache is a whole file in XDG_CACHE_HOME, used while the files match, else replaced", "[cache][cli]") {
  TempDir dir;
  const auto catalog_file = dir.write("team.yaml", synthetic_overlay(500));
  const auto cache_home = dir.path() / "cache";
  const auto folder = cache_home / "gpuselect";
  const std::vector<std::string> environment = {"XDG_CACHE_HOME=" + cache_home.string()};
  const std::vector<std::string> args = {"-v", "--catalog", catalog_file.string(), "catalog", "list"};

  const auto cold = run_gpuselect(args, environment);
  REQUIRE(cold.exit_code == 0);
  CHECK(cold.err.find("catalog cache: missed, writing " + folder.string() + "/catalog-") != std::string::npos);
  auto written = images_in(folder);
  REQUIRE(files_in(folder).size() == 1);  // the image alone: no temporary is left (a new file: no memo)
  CHECK(written.front().filename().string().rfind("catalog-", 0) == 0);
  CHECK((std::filesystem::status(folder).permissions() & std::filesystem::perms::others_all) ==
        std::filesystem::perms::none);

  const auto warm = run_gpuselect(args, environment);
  CHECK(warm.err.find("catalog cache: used " + written.front().string()) != std::string::npos);
  CHECK(warm.out == cold.out);

  // A damaged image is ignored and written again; the output does not change.
  std::string bytes = read_file(written.front());
  bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x10);
  dir.write("damaged", bytes);
  std::filesystem::rename(dir.path() / "damaged", written.front());
  const auto damaged = run_gpuselect(args, environment);
  CHECK(damaged.err.find("catalog cache: ignored (stale or damaged), writing") != std::string::npos);
  CHECK(damaged.out == cold.out);
  CHECK(read_file(written.front()) != bytes);
  CHECK(run_gpuselect(args, environment).err.find("catalog cache: used") != std::string::npos);

  // An edited catalog file selects another image; the run shows the edit.
  std::string text = read_file(catalog_file);
  const auto at = text.find("on_demand: ");
  REQUIRE(at != std::string::npos);
  text.insert(at + 11, "1");
  dir.write("team.yaml", text);
  const auto edited = run_gpuselect(args, environment);
  CHECK(edited.err.find("catalog cache: missed") != std::string::npos);
  CHECK(edited.out != cold.out);
  CHECK(images_in(folder).size() == 2);

  // --no-cache and GPUSELECT_NO_CACHE neither read nor write it.
  std::filesystem::remove_all(cache_home);
  for (const auto& off : {std::vector<std::string>{"--no-cache"}, std::vector<std::string>{}}) {
    std::vector<std::string> bypass = args;
    bypass.insert(bypass.end(), off.begin(), off.end());
    auto env = environment;
    if (off.empty()) env.emplace_back("GPUSELECT_NO_CACHE=1");
    const auto run = run_gpuselect(bypass, env);
    CHECK(run.exit_code == 0);
    CHECK(run.err.find("catalog cache: off") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(cache_home));
  }
  // An unwritable cache folder costs nothing but the cache.
  dir.write("not-a-folder", "");
  const auto unwritable = run_gpuselect(args, {"XDG_CACHE_HOME=" + (dir.path() / "not-a-folder").string()});
  CHECK(unwritable.exit_code == 0);
  CHECK(unwritable.out == edited.out);
}

TEST_CASE("a warm run takes a settled file's digest from its memo, and never an edited file's", "[cache][cli]") {
  const MemoScene scene(300);
  const TempDir& dir = scene.dir;
  const auto& catalog_file = scene.catalog_file;
  const auto& folder = scene.folder;
  const auto& environment = scene.environment;
  const std::vector<std::string> args = scene.args();
  // The catalog files' memos (a slow run may let an image settle and memoise its checksum too).
  const auto memos = [&folder] {
    std::vector<std::string> image_memos;
    for (const auto& image : images_in(folder)) image_memos.push_back(catalog::image::memo_file_name(image.string()));
    auto found = files_in(folder);
    std::erase_if(found, [&image_memos](const std::filesystem::path& p) {
      const std::string name = p.filename().string();
      return !name.starts_with("digests-") ||
             std::find(image_memos.begin(), image_memos.end(), name) != image_memos.end();
    });
    return found;
  };
  // A file changed within the last memo_settle_ns is not memoised; this one is let settle.
  settle();

  const auto cold = run_gpuselect(args, environment);
  REQUIRE(cold.exit_code == 0);
  CHECK(cold.err.find("catalog cache: missed, writing") != std::string::npos);
  REQUIRE(memos().size() == 1);
  CHECK(memos().front().filename().string() == catalog::image::memo_file_name(catalog_file.string()));

  const auto warm = run_gpuselect(args, environment);
  CHECK(warm.err.find("; 1 of 1 catalog files digested from their memo") != std::string::npos);
  CHECK(warm.out == cold.out);

  // A damaged memo is ignored (the file is digested again, the image still matches) and replaced.
  std::string memo_bytes = read_file(memos().front());
  memo_bytes[memo_bytes.size() / 2] = static_cast<char>(memo_bytes[memo_bytes.size() / 2] ^ 0x01);
  dir.write("damaged-memo", memo_bytes);
  std::filesystem::rename(dir.path() / "damaged-memo", memos().front());
  const auto damaged = run_gpuselect(args, environment);
  CHECK(damaged.err.find("; 0 of 1 catalog files digested from their memo") != std::string::npos);
  CHECK(damaged.out == cold.out);
  CHECK(run_gpuselect(args, environment).err.find("; 1 of 1 catalog files digested") != std::string::npos);

  // An edit that keeps the size and puts the modification time back (`touch -r`) still changes
  // the change time: the memo no longer stands for the file, and the run shows the edit.
  std::string text = read_file(catalog_file);
  std::size_t digit = std::string::npos;  // the first price whose first digit can grow by one
  for (auto at = text.find("on_demand: "); at != std::string::npos; at = text.find("on_demand: ", at + 1)) {
    if (text[at + 11] >= '1' && text[at + 11] <= '8') {
      digit = at + 11;
      break;
    }
  }
  REQUIRE(digit != std::string::npos);
  text[digit] = static_cast<char>(text[digit] + 1);  // a dearer first price, the same number of bytes
  put_byte_keeping_mtime(catalog_file, digit, text[digit]);
  REQUIRE(read_file(catalog_file) == text);
  const auto edited = run_gpuselect(args, environment);
  REQUIRE(edited.exit_code == 0);
  CHECK(edited.err.find("catalog cache: missed, writing") != std::string::npos);
  const auto bypassed = run_gpuselect(scene.args("--no-cache"), environment);
  CHECK(edited.out == bypassed.out);
}

TEST_CASE("a settled image's checksum comes from its memo, and never after the image is rewritten", "[cache][cli]") {
  const MemoScene scene(200);
  const auto& folder = scene.folder;
  const auto& environment = scene.environment;
  const std::vector<std::string> args = scene.args();
  const auto image = [&folder] {
    const auto found = images_in(folder);
    REQUIRE(found.size() == 1);
    return found.front();
  };
  const auto memo_of = [&folder](const std::filesystem::path& path) {
    return folder / catalog::image::memo_file_name(path.string());
  };
  const auto cold = run_gpuselect(args, environment);
  REQUIRE(cold.exit_code == 0);
  // Just written, the image has not settled: its checksum is taken and not memoised.
  const auto fresh = run_gpuselect(args, environment);
  CHECK(fresh.err.find("; its checksum taken") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(memo_of(image())));
  CHECK(fresh.out == cold.out);
  settle();
  const auto settled = run_gpuselect(args, environment);
  CHECK(settled.err.find("; its checksum taken") != std::string::npos);
  REQUIRE(std::filesystem::exists(memo_of(image())));
  const auto warm = run_gpuselect(args, environment);
  CHECK(warm.err.find("; its checksum from its memo") != std::string::npos);
  CHECK(warm.out == cold.out);

  // A byte of the image rewritten in place with its modification time put back: the change time
  // moved, so the memo no longer stands for it; the checksum is taken, fails, and the file is parsed.
  const auto path = image();
  const std::string bytes = read_file(path);
  const std::size_t at = bytes.size() / 2;
  put_byte_keeping_mtime(path, at, static_cast<char>(bytes[at] ^ 0x10));
  const auto damaged = run_gpuselect(args, environment);
  REQUIRE(damaged.exit_code == 0);
  CHECK(damaged.err.find("catalog cache: ignored (stale or damaged)") != std::string::npos);
  CHECK(damaged.out == cold.out);
}

TEST_CASE("the JSON echo's digests describe the bytes read, warm or cold", "[cache][cli]") {
  TempDir dir;
  const std::string text = synthetic_overlay(200);
  const auto catalog_file = dir.write("team.yaml", text);
  digest::Fnv1a64 fnv;
  fnv.add(text.data(), text.size());
  const std::string expected = fmt::format("\"digest\":\"fnv1a64:{:016x}\"", fnv.value());
  const std::vector<std::string> environment = {"XDG_CACHE_HOME=" + (dir.path() / "cache").string()};
  const std::vector<std::string> args = {"--catalog", catalog_file.string(), "recommend", "--workload", "llm-finetune",
                                         "--params", "7e9", "--format", "json", "--top", "1"};
  for (int run = 0; run < 2; ++run) {
    const auto result = run_gpuselect(args, environment);
    REQUIRE(result.exit_code == 0);
    CHECK(result.out.find(expected) != std::string::npos);
  }
}
