#pragma once
// The plans a ranking chose for each machine shape, kept between runs of one job on one catalog
// (issue 33; docs/performance.md "The plan store"). A ranking asks the plan search once per machine
// shape (GPU, GPUs per node, nodes, host RAM, disk, links): the built-in catalog's 7B fine-tuning
// recommend makes 269 searches, 40% of its instructions. Their results depend on the job (the
// resolved workload::Profile) and the catalog's GPU records alone, not on the filters, prices, weights
// or output, so a run of the same job on the same catalog (another --region, --budget, --format)
// reads them instead. A store holds the digest of the profile it was made for; a ranking of another
// profile neither reads nor adds to it. The bytes are the caller's to keep (src/cli keeps them beside
// the parsed-catalog image, keyed by it and the profile); encode and decode are pure.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/estimate.hpp"
#include "gpuselect/workload.hpp"

namespace gpuselect::scoring {

// A machine shape as the plan search sees it: what estimate::choose_plan reads of the hardware, the
// GPU by its index in the catalog (the ranking's memo key).
struct PlanKey {
  std::uint32_t gpu_index = 0;
  int gpus_per_node = 1;
  double gpu_fraction = 1.0;
  int nodes = 1;
  double host_ram_bytes = 0;
  double local_disk_bytes = 0;
  catalog::Interconnect interconnect = catalog::Interconnect::pcie;
  catalog::Rdma rdma = catalog::Rdma::none;
  double network_gbps = 0;
  bool host_ram_assumed = false;
  static PlanKey of(std::uint32_t gpu_index, const estimate::Hardware& hardware) {
    return {gpu_index,           hardware.gpus_per_node,   hardware.gpu_fraction,
            hardware.nodes,      hardware.host_ram_bytes,  hardware.local_disk_bytes,
            hardware.interconnect, hardware.rdma,          hardware.network_gbps,
            hardware.host_ram_assumed};
  }
  bool operator==(const PlanKey& other) const = default;
  std::size_t hash() const;
  // hash_combine: `value` folded into `seed` (the memo keys' hashes).
  static std::size_t mix(std::size_t seed, std::uint64_t value) {
    return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6U) + (seed >> 2U));
  }
};

// Fold64 of every member of the profile a plan can depend on (all but the sentences that say its
// defaults): equal digests, the same job.
std::uint64_t profile_digest(const workload::Profile& profile);

class PlanStore {
 public:
  // An empty store for the job `profile`.
  explicit PlanStore(const workload::Profile& profile) : profile_digest_(scoring::profile_digest(profile)) {}
  std::uint64_t profile_digest() const { return profile_digest_; }
  // The plan kept for `key`, or null.
  const estimate::Memory* find(const PlanKey& key) const;
  // Keeps `memory` for `key` (the first kept stays); the reference stays valid while the store lives.
  const estimate::Memory& add(const PlanKey& key, const estimate::Memory& memory);
  std::size_t size() const { return entries_.size(); }
  // Plans were added since the store was made or decoded: worth writing again.
  bool grown() const { return entries_.size() > decoded_; }

  // The store as bytes (docs/performance.md "The plan store"): `key` (what the caller keys the file
  // by) inside, then every plan, then a Fold64 checksum of the bytes before it.
  std::string encode(std::string_view key) const;
  // The store `bytes` hold, when they are whole and intact, were encoded with `key`, are for
  // `profile` and name GPUs below `gpu_count`; else nullopt (never throws, never reads past `bytes`).
  static std::optional<PlanStore> decode(std::string_view bytes, std::string_view key,
                                         const workload::Profile& profile, std::size_t gpu_count);

 private:
  struct Entry {
    PlanKey key;
    estimate::Memory memory;
  };
  // A slot of the open-addressed index (linear probing over a power of two of slots, at most half
  // full): a copy of its entry's key, so a probe compares keys without reading the entry, and 1 +
  // the entry's index (0: empty). A ranking asks ~110,000 times (the 50k benchmark catalog);
  // std::unordered_map took a division and a read of a node (a cache miss) per lookup.
  struct Slot {
    PlanKey key;
    std::uint32_t entry = 0;
  };
  // The entry that holds `key`, or null.
  const Entry* lookup(const PlanKey& key, std::size_t hash) const;
  void index(std::uint32_t entry, std::size_t hash);
  // At least `entries` entries fit the index at most half full.
  void reserve_index(std::size_t entries);

  std::uint64_t profile_digest_ = 0;
  std::deque<Entry> entries_;  // in the order added; references stay valid as it grows
  std::vector<Slot> slots_;
  std::size_t decoded_ = 0;  // plans the decoded bytes held
};

}  // namespace gpuselect::scoring
