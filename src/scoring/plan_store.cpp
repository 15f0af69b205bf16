// The plan store's bytes (docs/performance.md "The plan store"; integers little-endian):
//   magic "GPUSPLAN" (8), u32 format version, u32 0, u32 key length, the key, u64 profile digest,
//   u64 plan count, per plan its PlanKey then its estimate::Memory, every member 8 bytes in the order
//   of the visit functions below (a number its IEEE-754 bits, an integer two's complement, an
//   enumeration or flag its value, checked against its range when read), then u64 Fold64 of every
//   byte before it.
#include "gpuselect/plan_store.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <type_traits>

#include "core/digest.hpp"

namespace gpuselect::scoring {

namespace {

constexpr std::string_view magic = "GPUSPLAN";
constexpr std::uint32_t format_version = 1;

// A member added to one of these records fails the build here until the visit function below (or
// profile_digest) names it and the size is updated (x86-64, libstdc++).
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(estimate::Plan) == 60, "a new estimate::Plan member: add it to visit(Plan)");
static_assert(sizeof(estimate::MemoryPerGpu) == 56, "a new MemoryPerGpu member: add it to visit(Memory)");
static_assert(sizeof(estimate::Memory) == 312, "a new estimate::Memory member: add it to visit(Memory)");
static_assert(sizeof(PlanKey) == 64, "a new PlanKey member: add it to visit(PlanKey)");
static_assert(sizeof(workload::Profile) == 632, "a new workload::Profile member: add it to profile_digest");
static_assert(sizeof(workload::Shape) == 88, "a new workload::Shape member: add it to profile_digest");
static_assert(sizeof(catalog::DiffusionLayout) == 72, "a new DiffusionLayout member: add it to profile_digest");
static_assert(sizeof(workload::PlanConstraints) == 56, "a new PlanConstraints member: add it to profile_digest");
#endif

void put_u64(std::string& out, std::uint64_t value) {
  if constexpr (std::endian::native != std::endian::little) value = __builtin_bswap64(value);
  char bytes[8];
  std::memcpy(bytes, &value, sizeof bytes);
  out.append(bytes, sizeof bytes);
}
void put_u32(std::string& out, std::uint32_t value) {
  for (int byte = 0; byte < 4; ++byte) out += static_cast<char>((value >> (8 * byte)) & 0xFFU);
}

// Every member as 8 bytes, appended (the encoder and the profile digest).
struct Writer {
  std::string& out;
  void whole(const int& value) { put_u64(out, static_cast<std::uint64_t>(static_cast<std::int64_t>(value))); }
  void index(const std::uint32_t& value) { put_u64(out, value); }
  void number(const double& value) { put_u64(out, std::bit_cast<std::uint64_t>(value)); }
  void flag(const bool& value) { put_u64(out, value ? 1 : 0); }
  template <typename Enum>
  void choice(const Enum& value, Enum /*last*/) {
    put_u64(out, static_cast<std::uint64_t>(value));
  }
  void text(const std::string& value) {
    put_u64(out, value.size());
    out += value;
  }
};

// Reads what Writer wrote, each value checked; `ok` turns false at the first that fails (the rest
// read as zero).
struct Reader {
  std::string_view bytes;
  std::size_t gpu_count = 0;
  bool ok = true;
  std::uint64_t u64() {
    if (!ok || bytes.size() < 8) {
      ok = false;
      return 0;
    }
    std::uint64_t value = 0;
    std::memcpy(&value, bytes.data(), sizeof value);
    if constexpr (std::endian::native != std::endian::little) value = __builtin_bswap64(value);
    bytes.remove_prefix(8);
    return value;
  }
  void whole(int& value) {
    const auto raw = static_cast<std::int64_t>(u64());
    if (raw < std::numeric_limits<int>::min() || raw > std::numeric_limits<int>::max()) ok = false;
    value = ok ? static_cast<int>(raw) : 0;
  }
  void index(std::uint32_t& value) {
    const std::uint64_t raw = u64();
    if (raw >= gpu_count) ok = false;
    value = ok ? static_cast<std::uint32_t>(raw) : 0;
  }
  void number(double& value) { value = std::bit_cast<double>(u64()); }
  void flag(bool& value) {
    const std::uint64_t raw = u64();
    if (raw > 1) ok = false;
    value = raw == 1;
  }
  template <typename Enum>
  void choice(Enum& value, Enum last) {
    const std::uint64_t raw = u64();
    if (raw > static_cast<std::uint64_t>(last)) ok = false;
    value = ok ? static_cast<Enum>(raw) : Enum{};
  }
};

template <typename Io, typename Key>
void visit(Io& io, Key& key) requires std::is_same_v<std::remove_const_t<Key>, PlanKey> {
  io.index(key.gpu_index);
  io.whole(key.gpus_per_node);
  io.number(key.gpu_fraction);
  io.whole(key.nodes);
  io.number(key.host_ram_bytes);
  io.number(key.local_disk_bytes);
  io.choice(key.interconnect, catalog::Interconnect::hccs);
  io.choice(key.rdma, catalog::Rdma::efa);
  io.number(key.network_gbps);
  io.flag(key.host_ram_assumed);
}

template <typename Io, typename Plan>
void visit(Io& io, Plan& plan) requires std::is_same_v<std::remove_const_t<Plan>, estimate::Plan> {
  io.whole(plan.zero_stage);
  io.choice(plan.offload, workload::Offload::nvme);
  io.whole(plan.gpus_per_node);
  io.whole(plan.nodes);
  io.whole(plan.tensor_parallel);
  io.whole(plan.replicas);
  io.whole(plan.pipeline_parallel);
  io.whole(plan.context_parallel);
  io.choice(plan.recompute, workload::Recompute::full);
  io.whole(plan.micro_batch);
  io.whole(plan.micro_batches);
  io.whole(plan.expert_parallel);
  io.whole(plan.batch);
  io.whole(plan.virtual_stages);
  io.flag(plan.balanced_experts);
  io.flag(plan.expert_comm_overlapped);
}

template <typename Io, typename Memory>
void visit(Io& io, Memory& memory) requires std::is_same_v<std::remove_const_t<Memory>, estimate::Memory> {
  auto& gpu = memory.per_gpu;
  for (auto* bytes : {&gpu.weights_bytes, &gpu.gradients_bytes, &gpu.optimizer_bytes, &gpu.activations_bytes,
                      &gpu.kv_cache_bytes, &gpu.overhead_bytes, &gpu.total_bytes}) {
    io.number(*bytes);
  }
  io.number(memory.cpu_offload_bytes);
  io.number(memory.nvme_offload_bytes);
  io.number(memory.paper_model_states_bytes);
  visit(io, memory.plan);
  io.flag(memory.fits);
  io.flag(memory.fits_gpu);
  io.flag(memory.fits_host);
  io.number(memory.gpu_capacity_bytes);
  io.number(memory.usable_gpu_bytes);
  io.number(memory.headroom_pct);
  io.number(memory.host_ram_usable_bytes);
  io.choice(memory.reason, estimate::PlanReason::no_fp8);
  io.number(memory.step_seconds);
  io.flag(memory.has_runner_up);
  visit(io, memory.runner_up);
  io.number(memory.runner_up_slower_pct);
  io.whole(memory.plans_tried);
  io.whole(memory.plans_fitting);
  io.number(memory.ttft_ms);
  io.number(memory.tpot_ms);
  io.number(memory.ttft_held_ms);
  io.number(memory.tpot_held_ms);
  io.number(memory.longest_context_tokens);
}

template <typename T>
void put_optional(Writer& out, const std::optional<T>& value) {
  out.flag(value.has_value());
  if constexpr (std::is_same_v<T, double>) {
    out.number(value.value_or(0));
  } else if constexpr (std::is_same_v<T, int>) {
    out.whole(value.value_or(0));
  } else {
    put_u64(out.out, static_cast<std::uint64_t>(value.value_or(T{})));
  }
}

}  // namespace

std::size_t PlanKey::hash() const {
  // Each member by its bits (numbers -0 as 0, as == sees them), in four independent lanes each
  // multiplied by an odd constant, then folded: ~25 instructions where a chain of hash_combine
  // steps, each waiting on the last, was ~100 (~110,000 memo lookups on the 50k benchmark catalog).
  // In memory only: the plan store keeps the keys, not their hashes.
  const auto bits = [](double value) { return std::bit_cast<std::uint64_t>(value == 0 ? 0.0 : value); };
  const std::uint64_t small = static_cast<std::uint64_t>(gpu_index) | static_cast<std::uint64_t>(interconnect) << 32U |
                              static_cast<std::uint64_t>(rdma) << 40U |
                              static_cast<std::uint64_t>(host_ram_assumed) << 48U;
  const std::uint64_t counts = static_cast<std::uint64_t>(static_cast<std::uint32_t>(gpus_per_node)) |
                               static_cast<std::uint64_t>(static_cast<std::uint32_t>(nodes)) << 32U;
  const std::uint64_t a = (small ^ bits(gpu_fraction)) * 0x9E3779B97F4A7C15ULL;
  const std::uint64_t b = (counts ^ bits(network_gbps)) * 0xC2B2AE3D27D4EB4FULL;
  const std::uint64_t c = bits(host_ram_bytes) * 0x165667B19E3779F9ULL;
  const std::uint64_t d = bits(local_disk_bytes) * 0xD6E8FEB86659FD93ULL;
  std::uint64_t h = (a ^ (b >> 17U) ^ (b << 47U)) + (c ^ (d >> 29U) ^ (d << 35U));
  h ^= h >> 32U;
  h *= 0x94D049BB133111EBULL;
  return static_cast<std::size_t>(h ^ (h >> 29U));
}

std::uint64_t profile_digest(const workload::Profile& profile) {
  std::string bytes;
  Writer out{bytes};
  const auto put = [&](auto value) { put_u64(bytes, static_cast<std::uint64_t>(value)); };
  put(profile.kind);
  out.text(profile.model_id);
  out.text(profile.model_name);
  put(profile.family);
  const workload::Shape& shape = profile.shape;
  out.number(shape.params);
  out.number(shape.active_params);
  for (const int value : {shape.layers, shape.hidden, shape.heads, shape.kv_heads, shape.ffn, shape.vocab, shape.experts,
                          shape.experts_per_token, shape.shared_experts, shape.dense_layers, shape.head_dim,
                          shape.kv_lora_rank, shape.qk_rope_head_dim}) {
    out.whole(value);
  }
  out.number(shape.forward_flops_per_sample);
  out.flag(shape.derived);
  out.whole(profile.model_max_context);
  put(profile.model_weights_precision);
  put(profile.method);
  out.whole(profile.lora_rank);
  put(profile.lora_targets.size());
  for (const auto& target : profile.lora_targets) out.text(target);
  put(profile.precision);
  put(profile.optimizer);
  out.whole(profile.seq_len);
  out.whole(profile.micro_batch);
  put(profile.recompute);
  put(profile.attention);
  put(profile.data_loader);
  put(profile.cache_latents);
  out.flag(profile.prior_preservation);
  put(profile.framework);
  out.number(profile.tokens);
  put(profile.zero);
  put(profile.offload);
  put_optional(out, profile.mfu);
  out.number(profile.checkpoint_minutes);
  const workload::PlanConstraints& fixed = profile.fixed;
  put_optional(out, fixed.zero_stage);
  put_optional(out, fixed.offload);
  put_optional(out, fixed.tensor_parallel);
  put_optional(out, fixed.pipeline_parallel);
  put_optional(out, fixed.context_parallel);
  put_optional(out, fixed.expert_parallel);
  put_optional(out, fixed.recompute);
  put_optional(out, fixed.micro_batch);
  out.whole(profile.quant_bits);
  out.number(profile.global_batch_tokens);
  out.number(profile.headroom_pct);
  out.whole(profile.context);
  out.whole(profile.batch);
  out.flag(profile.batch_given);
  out.number(profile.requests_per_s);
  out.number(profile.ttft_target_ms);
  out.number(profile.tpot_target_ms);
  for (const int value : {profile.input_tokens, profile.output_tokens, profile.input_tokens_p90, profile.output_tokens_p90}) {
    out.whole(value);
  }
  put_optional(out, profile.tensor_parallel);
  put(profile.serving_tier);
  put(profile.training_tier);
  out.number(profile.max_utilization);
  out.number(profile.latency_confidence);
  out.whole(profile.redundancy);
  out.number(profile.egress_gb);
  out.number(profile.dataset_gb);
  out.number(profile.hours);
  out.flag(profile.hours_given);
  const catalog::DiffusionLayout& diffusion = profile.diffusion;
  out.number(diffusion.text_encoder_params);
  out.number(diffusion.vae_params);
  for (const int value : {diffusion.native_resolution_px, diffusion.vae_downsample, diffusion.latent_channels,
                          diffusion.patch_size, diffusion.text_tokens, diffusion.single_blocks,
                          diffusion.dual_attention_blocks}) {
    out.whole(value);
  }
  out.number(diffusion.unet_step_gflops);
  out.whole(diffusion.passes_per_step);
  out.whole(diffusion.default_steps);
  out.flag(diffusion.needs_bf16);
  for (const int value : {profile.resolution_px, profile.steps, profile.images, profile.epochs, profile.train_steps}) {
    out.whole(value);
  }
  out.flag(profile.images_defaulted);
  out.flag(profile.epochs_defaulted);
  out.number(profile.latency_target_ms);
  // defaults_applied and defaults_said: sentences about the members above, not inputs.
  return digest::fold64(bytes);
}

const PlanStore::Entry* PlanStore::lookup(const PlanKey& key, std::size_t hash) const {
  if (slots_.empty()) return nullptr;
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t at = hash & mask;; at = (at + 1) & mask) {
    const Slot& slot = slots_[at];
    if (slot.entry == 0) return nullptr;
    if (slot.key == key) return &entries_[slot.entry - 1];
  }
}

void PlanStore::index(std::uint32_t entry, std::size_t hash) {
  const std::size_t mask = slots_.size() - 1;
  std::size_t at = hash & mask;
  while (slots_[at].entry != 0) at = (at + 1) & mask;
  slots_[at] = {entries_[entry].key, entry + 1};
}

void PlanStore::reserve_index(std::size_t entries) {
  constexpr std::size_t least_slots = 16;
  const std::size_t wanted = std::bit_ceil(std::max(least_slots, 2 * entries));
  if (wanted <= slots_.size()) return;
  slots_.assign(wanted, Slot{});
  for (std::size_t entry = 0; entry < entries_.size(); ++entry) {
    index(static_cast<std::uint32_t>(entry), entries_[entry].key.hash());
  }
}

const estimate::Memory* PlanStore::find(const PlanKey& key) const {
  const Entry* found = lookup(key, key.hash());
  return found == nullptr ? nullptr : &found->memory;
}

const estimate::Memory& PlanStore::add(const PlanKey& key, const estimate::Memory& memory) {
  const std::size_t hash = key.hash();
  if (const Entry* found = lookup(key, hash)) return found->memory;
  reserve_index(entries_.size() + 1);
  entries_.push_back({key, memory});
  index(static_cast<std::uint32_t>(entries_.size() - 1), hash);
  return entries_.back().memory;
}

std::string PlanStore::encode(std::string_view key) const {
  std::string bytes(magic);
  put_u32(bytes, format_version);
  put_u32(bytes, 0);
  put_u32(bytes, static_cast<std::uint32_t>(key.size()));
  bytes += key;
  put_u64(bytes, profile_digest_);
  put_u64(bytes, entries_.size());
  Writer out{bytes};
  for (const Entry& entry : entries_) {
    visit(out, entry.key);
    visit(out, entry.memory);
  }
  put_u64(bytes, digest::fold64(bytes));
  return bytes;
}

std::optional<PlanStore> PlanStore::decode(std::string_view bytes, std::string_view key,
                                           const workload::Profile& profile, std::size_t gpu_count) {
  constexpr std::size_t trailer_bytes = 8;
  if (bytes.size() < magic.size() + 12 + trailer_bytes || !bytes.starts_with(magic)) return std::nullopt;
  const std::string_view body = bytes.substr(0, bytes.size() - trailer_bytes);
  Reader checksum{bytes.substr(body.size())};
  if (checksum.u64() != digest::fold64(body)) return std::nullopt;
  const auto u32_at = [&](std::size_t offset) {
    std::uint32_t value = 0;
    for (int byte = 0; byte < 4; ++byte) {
      value |= std::uint32_t{static_cast<unsigned char>(body[offset + static_cast<std::size_t>(byte)])} << (8 * byte);
    }
    return value;
  };
  if (u32_at(magic.size()) != format_version || u32_at(magic.size() + 4) != 0) return std::nullopt;
  const std::size_t key_at = magic.size() + 12;
  if (u32_at(magic.size() + 8) != key.size() || body.size() < key_at + key.size() ||
      body.substr(key_at, key.size()) != key) {
    return std::nullopt;
  }
  PlanStore store(profile);
  Reader in{body.substr(key_at + key.size()), gpu_count};
  if (in.u64() != store.profile_digest_) return std::nullopt;
  const std::uint64_t count = in.u64();
  // Each plan takes more than 8 bytes: a count beyond the bytes left is damage, not a reservation.
  if (!in.ok || count > in.bytes.size() / 8) return std::nullopt;
  store.reserve_index(static_cast<std::size_t>(count));
  for (std::uint64_t plan = 0; plan < count && in.ok; ++plan) {
    PlanKey plan_key;
    estimate::Memory memory;
    visit(in, plan_key);
    visit(in, memory);
    if (in.ok) store.add(plan_key, memory);  // a key stored twice is damage: the count below differs
  }
  if (!in.ok || !in.bytes.empty() || store.entries_.size() != count) return std::nullopt;
  store.decoded_ = store.entries_.size();
  return store;
}

}  // namespace gpuselect::scoring
