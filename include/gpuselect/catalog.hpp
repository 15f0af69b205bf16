#pragma once
// The catalog: GPU models, providers, offerings, model presets and exchange rates, after overlays.
// Field names and units follow docs/catalog.md; prices are per instance-hour in the provider's currency.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gpuselect/optional_number.hpp"
#include "gpuselect/shared_text.hpp"
#include "gpuselect/units.hpp"

#include "gpuselect/error.hpp"

namespace gpuselect::catalog {

enum class Isolation : std::uint8_t { bare_metal, passthrough, vgpu };
// What a GPU was built for: data-center parts (passive cooling, ECC on, validated for 24x7 in
// servers), workstation cards (professional drivers, ECC) and consumer GeForce cards, whose driver
// licence excludes data-center deployment (NVIDIA GeForce software licence, section 2.1.3).
enum class GpuSegment : std::uint8_t { datacenter, workstation, consumer };
// Link between the GPUs of one instance; hccs is Huawei's Ascend chip-to-chip link (HCCS), an
// 8-NPU full mesh on Atlas 800T A2 servers.
enum class Interconnect : std::uint8_t { none, pcie, nvlink, nvswitch, infinity_fabric, hccs };
// Whether the GPUs of an instance reach each other over their own peer links (NVLink, NVSwitch,
// Infinity Fabric, HCCS) rather than PCIe: collectives then run at Gpu::interconnect_gbps.
constexpr bool peer_linked(Interconnect interconnect) {
  return interconnect == Interconnect::nvlink || interconnect == Interconnect::nvswitch ||
         interconnect == Interconnect::infinity_fabric || interconnect == Interconnect::hccs;
}
// Inter-node network kind; efa is AWS Elastic Fabric Adapter (OS-bypass, RDMA-class).
enum class Rdma : std::uint8_t { none, infiniband, roce, efa };
enum class Stock : std::uint8_t { unknown, low, medium, high };
// monthly and yearly: prepaid subscriptions (包年包月) per instance-month and per instance-year, the
// domestic clouds' most used billing (docs/catalog.md "Subscription billing"). capacity_block: a
// short-term capacity reservation for ML (AWS EC2 Capacity Blocks for ML), priced per instance-hour
// and paid upfront for the whole block, whose length the job sets in the provider's steps
// (docs/catalog.md "Capacity blocks"; the provider's `capacity_block` rules).
enum class PricingMode : std::uint8_t { on_demand, spot, reserved_1y, reserved_3y, monthly, yearly, capacity_block };
inline constexpr std::size_t pricing_mode_count = 7;
// Hours in one term of a term-priced mode (reserved: 365-day years, the providers' convention;
// monthly: 730 h = 8760 / 12, the cloud billing convention); 0 for hourly modes. Inline: the
// ranking asks it ~340,000 times on the 50k benchmark catalog.
inline constexpr double term_hours(PricingMode mode) {
  switch (mode) {
    case PricingMode::reserved_1y:
    case PricingMode::yearly:
      return 12 * units::hours_per_month;
    case PricingMode::reserved_3y:
      return 36 * units::hours_per_month;
    case PricingMode::monthly:
      return units::hours_per_month;
    case PricingMode::on_demand:
    case PricingMode::spot:
    case PricingMode::capacity_block:  // its length follows the job (estimate::block_hours)
      break;
  }
  return 0.0;
}
// Whether the mode is a prepaid subscription whose catalog price is per term, not per hour.
inline constexpr bool is_subscription(PricingMode mode) {
  return mode == PricingMode::monthly || mode == PricingMode::yearly;
}
// Whether the mode holds its capacity by contract for the time bought (reserved, subscription, a
// capacity block): no acquisition wait per instance, no reclaim, not bounded by the open pool.
inline constexpr bool holds_capacity(PricingMode mode) {
  return mode != PricingMode::on_demand && mode != PricingMode::spot;
}
// owned: the team's own or reserved cluster (docs/catalog.md "Owned capacity"): its offerings are
// priced at an amortised rate that may be 0, and its scores describe the team's own operations.
enum class ProviderKind : std::uint8_t { hyperscaler, gpu_cloud, marketplace, regional_cloud, owned };
enum class SupportTier : std::uint8_t { community, basic, standard, premium, enterprise };
enum class SupportHours : std::uint8_t { business, extended, around_the_clock };
// How an instance changes size: live (no restart), restart (stop, resize, start), none.
enum class Resize : std::uint8_t { live, restart, none };
// unet, dit: latent diffusion models (the denoiser's kind; `diffusion` holds the rest of the pipeline).
enum class ModelFamily : std::uint8_t { decoder, encoder, moe, cnn, vit, unet, dit };
// Attention of a transformer preset: multi-head, grouped-query (kv_heads < heads), or DeepSeek's
// multi-head latent attention (a compressed KV latent of kv_lora_rank plus a shared RoPE key).
enum class AttentionKind : std::uint8_t { mha, gqa, mla };
// The number format a model's published weights are stored in (DeepSeek-V3: FP8 e4m3 blocks).
enum class WeightsPrecision : std::uint8_t { bf16, fp8, fp4 };

// Names as written in YAML and JSON ("on-demand" for PricingMode::on_demand on the command line,
// "on_demand" as a pricing key). Each returns "" for an out-of-range value.
std::string_view to_string(Isolation value);
std::string_view to_string(GpuSegment value);
std::string_view to_string(Interconnect value);
std::string_view to_string(Rdma value);
std::string_view to_string(Stock value);
std::string_view to_string(PricingMode value);    // "on-demand", "spot", "reserved-1y", "reserved-3y"
std::string_view pricing_key(PricingMode value);  // "on_demand", ..., "yearly", "capacity_block"
std::string_view to_string(ProviderKind value);
std::string_view to_string(SupportTier value);
std::string_view to_string(SupportHours value);
std::string_view to_string(Resize value);
std::string_view to_string(ModelFamily value);
std::string_view to_string(AttentionKind value);
std::string_view to_string(WeightsPrecision value);
std::optional<PricingMode> parse_pricing_mode(std::string_view text);  // accepts both spellings

// Where a record or field came from: index into Catalog::files, 1-based line and column.
struct SourcePos {
  std::uint32_t file = 0;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

struct Gpu {
  std::string id;  // "h100-sxm5-80gb"
  std::string name;
  std::string name_zh;  // its name in Chinese output ("" = name): display_name
  std::string vendor;                // "nvidia", "amd", "huawei"
  std::string architecture;          // "hopper"
  double memory_gb = 0;              // vendor label; capacity is taken as memory_gb GiB unless usable_memory_mib
  double usable_memory_mib = 0;      // memory the driver reports (0 = not known)
  double memory_bandwidth_gbps = 0;  // GB/s
  double bf16_dense_tflops = 0;      // dense 16-bit tensor throughput, FP32 accumulate
  OptionalNumber fp32_tflops;
  OptionalNumber fp8_dense_tflops;
  OptionalNumber fp4_dense_tflops;  // dense FP4 (NVFP4/MXFP4) tensor TFLOPS; empty = no FP4 units
  OptionalNumber int8_dense_tops;
  double tdp_watts = 0;
  std::string interconnect;      // the GPU's own link, e.g. "nvlink-4", "pcie-4", "infinity-fabric"
  GpuSegment segment = GpuSegment::datacenter;
  double interconnect_gbps = 0;  // per-GPU peer bandwidth, GB/s (0 = PCIe only)
  std::vector<std::string> aliases;
  std::string source;
  SourcePos pos;
  // Where each figure lint compares was last set (by the defining file or the overlay that set it
  // last); line 0 = never set. Lint attributes a finding to the latest of the figures it compares.
  struct FigurePositions {
    SourcePos memory_gb, usable_memory_mib, memory_bandwidth_gbps, bf16_dense_tflops, fp8_dense_tflops;
  } set_at;

  // Bytes one GPU can hold: usable_memory_mib * 2^20 when known, else memory_gb * 2^30.
  double capacity_bytes() const;
};

struct Provider {
  std::string id;  // "lambda"
  std::string name;
  std::string name_zh;  // its name in Chinese output ("阿里云"; "" = name): display_name
  // Other names accepted by --provider and --exclude-provider, any case ("aliyun", "volcengine").
  std::vector<std::string> aliases;
  ProviderKind kind = ProviderKind::gpu_cloud;
  std::string currency = "USD";  // ISO 4217; prices of its offerings are in it
  struct Support {
    SupportTier tier = SupportTier::basic;
    SupportHours hours = SupportHours::business;
    double first_response_hours = 24;
  } support;
  double sla_uptime_pct = 0;            // 0 = no SLA
  bool sla_credits = false;             // the SLA pays service credits when missed
  std::vector<std::string> compliance;  // "iso27001", "soc2", "hipaa", "mlps3" ...
  struct Environment {
    std::vector<std::string> images;  // pre-built framework images
    bool jupyterlab = false;
    bool custom_containers = false;
    bool kubernetes = false;
    double provision_minutes = 10;
  } environment;
  struct Recovery {
    bool auto_checkpoint = false;
    bool resume = false;
    OptionalNumber failover_minutes;  // hardware failover; empty = none offered
    bool live_migration = false;
  } recovery;
  struct Monitoring {
    bool metrics = false;
    bool alerts = false;
  } monitoring;
  double egress_per_gb = 0;         // provider currency per GB leaving the cloud
  double public_ip_per_hour = 0;    // provider currency per public IPv4 per hour
  double storage_per_gb_month = 0;  // provider currency per GB-month of block storage
  double billing_granularity_seconds = 3600;
  double free_trial_credits = 0;  // provider currency
  Resize resize = Resize::restart;
  // A negotiated discount off every price of the provider's offerings, in every region, percent per
  // pricing mode (docs/catalog.md "Discounts"; `discount_pct: 12` sets every mode). catalog::load
  // applies it: the prices after load are the ones paid.
  struct Discount {
    double on_demand = 0;
    double spot = 0;
    double reserved_1y = 0;
    double reserved_3y = 0;
    double of(PricingMode mode) const {
      switch (mode) {
        case PricingMode::spot:
          return spot;
        case PricingMode::reserved_1y:
          return reserved_1y;
        case PricingMode::reserved_3y:
          return reserved_3y;
        case PricingMode::on_demand:
        // Subscriptions (monthly, yearly) and capacity blocks are sold off the on-demand list: its
        // discount applies (a negotiated discount on EC2 covers Capacity Blocks as an EC2 charge).
        case PricingMode::monthly:
        case PricingMode::yearly:
        case PricingMode::capacity_block:
          break;
      }
      return on_demand;
    }
    bool any() const { return on_demand > 0 || spot > 0 || reserved_1y > 0 || reserved_3y > 0; }
  } discount_pct;
  // The provider's published rules for reclaiming spot capacity (docs/catalog.md "Spot reclaim
  // rules"): catalog data with its own source and date, not code. Empty notice = none published.
  struct SpotReclaim {
    OptionalNumber notice_seconds;  // warning before a spot instance is reclaimed, seconds
    std::string as_of;                     // YYYY-MM-DD the source was read
    std::string source;                    // the page that publishes the rule (URL)
    // Where each was last set (line 0 = never): a notice is set together with its source and date.
    SourcePos notice_pos, as_of_pos, source_pos;
  } spot_reclaim;
  // The provider's published rules for capacity blocks (docs/catalog.md "Capacity blocks"), with
  // their own source and date. A block lasts whole days: 1-day steps up to daily_steps_days, then
  // step_days steps up to max_days; it holds min_instances..max_instances instances and starts
  // lead_hours after it is bought (0 max_instances = the provider sells no blocks). Lambda's 1-Click
  // Clusters: 2 to 64 nodes, whole weeks (daily_steps_days 0, step_days 7).
  struct CapacityBlockRules {
    int max_instances = 0;
    int min_instances = 1;  // (in the padding beside max_instances: Provider keeps its size)
    double daily_steps_days = 14;
    double step_days = 7;
    double max_days = 182;
    double lead_hours = 24;
    std::string as_of;   // YYYY-MM-DD the rules were read
    std::string source;  // the page that publishes them (URL)
  } capacity_block;
  std::string as_of;  // YYYY-MM-DD
  std::string source;
  // Dotted keys whose values are a judgement, not a published fact ("support.first_response_hours").
  std::vector<std::string> estimated_fields;
  SourcePos pos;
  SourcePos as_of_pos;  // where as_of was last set (line 0 = never)
};

struct Pricing {
  OptionalNumber on_demand;  // per instance-hour, provider currency; empty = not sold
  OptionalNumber spot;
  OptionalNumber reserved_1y;
  OptionalNumber reserved_3y;
  OptionalNumber monthly;  // per instance-month prepaid (包月), provider currency
  OptionalNumber yearly;   // per instance-year prepaid (包年), provider currency
  OptionalNumber capacity_block;  // per instance-hour of a capacity block, provider currency
 private:
  template <typename Self>
  static auto& member(Self& self, PricingMode mode) {
    switch (mode) {
      case PricingMode::spot:
        return self.spot;
      case PricingMode::reserved_1y:
        return self.reserved_1y;
      case PricingMode::reserved_3y:
        return self.reserved_3y;
      case PricingMode::monthly:
        return self.monthly;
      case PricingMode::yearly:
        return self.yearly;
      case PricingMode::capacity_block:
        return self.capacity_block;
      case PricingMode::on_demand:
        break;
    }
    return self.on_demand;
  }

 public:
  // The price per instance-hour in every mode (a subscription's term price over its term's hours),
  // so modes compare and sort alike; inline (forced: GCC kept a copy out of line, ~20 instructions
  // a call for ~650,000 calls of a warm 50k recommend): asked per candidate and mode; empty for an
  // out-of-range mode.
  [[gnu::always_inline]] std::optional<double> price(PricingMode mode) const {
    if (static_cast<std::size_t>(mode) >= pricing_mode_count) return std::nullopt;
    const auto& stored = member(*this, mode);
    if (stored && is_subscription(mode)) {
      return *stored / (mode == PricingMode::monthly ? units::hours_per_month : 12 * units::hours_per_month);
    }
    return stored;
  }
  // The price as the catalog states it: per instance-hour, or per term for monthly and yearly.
  std::optional<double> stated(PricingMode mode) const {
    if (static_cast<std::size_t>(mode) >= pricing_mode_count) return std::nullopt;
    return member(*this, mode);
  }
  // The stated price's storage (per term for monthly and yearly).
  OptionalNumber& slot(PricingMode mode) { return member(*this, mode); }
};

// One region's prices (docs/catalog.md "Prices per region"). After catalog::load every mode is
// resolved: a mode the entry did not name (bit clear in `given`) takes the offering's `pricing`;
// a mode named as null is not sold in this region.
struct RegionPrice {
  std::string region;
  Pricing pricing;                 // per instance-hour; spot is the median over the region's zones
  OptionalNumber spot_min;  // cheapest zone's spot price, for information (never ranked)
  std::uint8_t given = 0;          // bit 1 << PricingMode: the entry named that mode
  // The entry's place in the offering's `regions`, set by catalog::load (index_region_prices) and
  // kept by the image, so that ranking reads each region's prices without a search by name; a record
  // built otherwise keeps `unindexed` and is looked up by name. (In padding: no size change.)
  static constexpr std::uint16_t unindexed = 0xFFFF;
  static constexpr std::uint16_t not_listed = 0xFFFE;  // the offering does not list the entry's region
  std::uint16_t region_index = unindexed;
  SourcePos pos;
};

struct Offering {
  std::string id;        // "lambda/gpu_8x_h100_sxm5"
  std::string provider;  // Provider::id
  std::string gpu;       // Gpu::id
  // Shared with every offering of the same instance type (gpuselect/shared_text.hpp): a price list
  // repeats each in hundreds of records, and a name longer than 15 bytes was heap as a copy.
  SharedText instance_type;
  int gpu_count = 1;
  Interconnect interconnect = Interconnect::pcie;
  Isolation isolation = Isolation::passthrough;
  Stock stock = Stock::unknown;  // (the one-byte members sit beside gpu_count: no padding in a 1M array)
  double gpu_fraction = 1.0;  // share of one card for vgpu offerings (0.25, 0.5)
  struct Network {
    double bandwidth_gbps = 0;  // Gbit/s per node
    Rdma rdma = Rdma::none;
  } network;
  // Shared with every offering that lists the same regions in the same order (gpuselect/shared_text.hpp):
  // a price list's records repeat a few lists, ~100 bytes of heap a record as copies.
  SharedTextList regions;
  Pricing pricing;  // the price in every listed region without its own region_prices entry
  std::vector<RegionPrice> region_prices;  // sorted by region after catalog::load
  double ram_gb = 0;
  double local_disk_gb = 0;
  OptionalNumber spot_interruption_pct;  // monthly frequency of interruption, percent
  int vcpus = 0;
  int max_nodes = 1;  // nodes that can be clustered for one job (owned: the nodes the team has)
  // When the capacity is there: hours a job waits before it starts (an owned cluster's queue, a
  // reservation that begins later). It adds to time-to-result and the deadline, not to cost.
  struct Availability {
    double queue_hours = 0;
  } availability;
  // The source price list's own spellings, which launch files must write for the tool to find the
  // offer (docs/catalog.md "Launch names"): its accelerator name (SkyPilot's AcceleratorName,
  // e.g. "A100-80GB", "H100-NVLINK") and the regions whose spelling differs from the catalog's
  // region id (Vast's "Texas, US, NA" for region "Texas-US-NA"; catalog::region_id maps back).
  // (Shared texts as `source`: most records hold none, and 16 bytes each where a string was 32.)
  struct Launch {
    SharedText accelerator;
    SharedTextList regions;
  } launch;
  // Set when the provider's newest price list (a `catalog update` or import covering the provider)
  // no longer lists the offering: which list, in words. Such an offering is not ranked (excluded as
  // not sold) unless the constraints include unlisted offerings (docs/catalog.md "Unlisted offerings").
  SharedText unlisted;
  std::string as_of;  // YYYY-MM-DD the prices were read
  // Shared with every offering that repeats the sentence or the list (gpuselect/shared_text.hpp):
  // a price list's records repeat them, ~540 bytes a record as copies.
  SharedText source;
  SharedTextList estimated_fields;  // as for Provider
  SourcePos pos;
  SourcePos provider_pos;
  SourcePos gpu_pos;
  // Where each price and as_of was last set, by whichever file set it (line 0 = never); lint
  // attributes "spot above on-demand" and stale dates to the file and line that set the value.
  struct PricePositions {
    SourcePos on_demand, spot, reserved_1y, reserved_3y, monthly, yearly, capacity_block, as_of;
  } set_at;
  // Filled by catalog::load once references resolve: indexes into Catalog::providers and gpus.
  std::uint32_t provider_index = 0;
  std::uint32_t gpu_index = 0;

  // The prices in `region`: its region_prices entry, else `pricing` (binary search; no allocation).
  const Pricing& pricing_in(std::string_view region) const;
  const RegionPrice* region_price(std::string_view region) const;
  // Whether any listed region sells `mode`.
  bool sold_anywhere(PricingMode mode) const;
  // Whether a listed region that `regions` names sells `mode` (expanded region ids, as
  // Constraints::regions; empty: any listed region, as sold_anywhere).
  bool sold_in_any(PricingMode mode, const std::vector<std::string>& regions) const;
  // Each listed region's prices in `regions` order: out[i] is &pricing_in(regions[i]), read from the
  // entries' region_index where they have one (no search by name).
  void prices_by_region(std::vector<const Pricing*>& out) const;
  // Calls add(const Pricing&) with the prices of every listed region, once for the regions that share
  // `pricing` (the order is unspecified): for "is it sold anywhere" questions, without a search.
  template <typename Add>
  void for_each_listed_pricing(Add&& add) const {
    if (region_prices.empty()) {
      add(pricing);
      return;
    }
    std::size_t listed_entries = 0;
    for (const RegionPrice& entry : region_prices) {
      if (entry.region_index == RegionPrice::unindexed) {
        for (const std::string& region : regions) add(pricing_in(region));
        return;
      }
      if (entry.region_index == RegionPrice::not_listed) continue;
      add(entry.pricing);
      ++listed_entries;
    }
    if (listed_entries < regions.size()) add(pricing);
  }
};

// Sets each region_prices entry's region_index (catalog::load calls it after every overlay); a region
// the offering lists twice is listed once (it is sold there once), so each region has one place.
// Entries stay unindexed when the offering lists more regions than an index holds.
void index_region_prices(Offering& offering);

// A transformer's architecture as a preset states it (ModelPreset::shape) and as the workload
// resolves it (workload::Shape adds what resolve derives). In a preset 0 means "not stated":
// active_params 0 = params, kv_heads 0 = heads, ffn and vocab 0 = the documented defaults.
struct ModelShape {
  double params = 0;         // exact parameter count
  double active_params = 0;  // per token (MoE experts active)
  int layers = 0;
  int hidden = 0;
  int heads = 0;
  int kv_heads = 0;
  int ffn = 0;
  int vocab = 0;
  // Mixture of experts (all 0 for a dense model). Per MoE layer: `experts` routed experts of which
  // `experts_per_token` are chosen per token, plus `shared_experts` that every token uses (counted
  // in the dense part). `dense_layers` leading layers have a dense FFN of `ffn` instead (DeepSeek-V3:
  // the first 3 of 61; Llama 4 Maverick: every other layer, 24 of 48).
  int experts = 0;
  int experts_per_token = 0;
  int shared_experts = 0;
  int dense_layers = 0;
  // Attention: kv_lora_rank > 0 means multi-head latent attention (DeepSeek MLA), whose KV cache
  // holds kv_lora_rank + qk_rope_head_dim elements per token per layer; else grouped-query/MHA
  // with kv_heads x head_dim for each of K and V.
  int head_dim = 0;          // per-head dimension; 0 = hidden / heads (mla: qk_nope_head_dim = v_head_dim)
  int kv_lora_rank = 0;      // MLA: dimension of the compressed KV latent cached per token per layer
  int qk_rope_head_dim = 0;  // MLA: dimension of the decoupled RoPE key, also cached per token per layer
};

// A latent diffusion pipeline beside its denoiser (ModelShape: params = the denoiser's; layers and
// hidden = a DiT's blocks and width). docs/estimation.md "Image generation" uses every field.
struct DiffusionLayout {
  double text_encoder_params = 0;  // every text encoder together (CLIP-L + OpenCLIP-bigG, T5-XXL encoder, ...)
  double vae_params = 0;           // the autoencoder (encoder + decoder)
  int native_resolution_px = 0;    // the side the model was trained at (1024)
  int vae_downsample = 0;          // pixels per latent cell along a side (8)
  int latent_channels = 0;         // 4 (SDXL) or 16 (SD3, FLUX.1)
  int patch_size = 0;              // DiT: latent cells per token along a side (2); 0 for a UNet
  int text_tokens = 0;             // DiT: text tokens in the joint sequence
  // DiT block layout (the transformer's config.json): of the shape's `layers` blocks, `single_blocks`
  // are single-stream (FLUX.1: one set of weights over the joint sequence); the rest are joint
  // (MMDiT double-stream: image and text tokens each through their own stream's weights). Of the joint
  // blocks, `dual_attention_blocks` add a second self-attention over the image tokens (SD3.5 Medium's
  // MMDiT-X). The MLP width is the shape's `ffn`.
  int single_blocks = 0;
  int dual_attention_blocks = 0;
  // UNet: GFLOPs (2 per multiply-add) of one denoiser pass of one sample at the native resolution.
  double unet_step_gflops = 0;
  // Denoiser passes per step: 2 with classifier-free guidance, 1 for guidance-distilled models.
  int passes_per_step = 0;
  int default_steps = 0;  // sampling steps the model card recommends
  // Released in bf16 with activations that overflow fp16 (FLUX.1): not run on GPUs without bf16
  // tensor cores unless --allow-immature-stack (docs/scoring.md "Software stack").
  bool needs_bf16 = false;
};

struct ModelPreset {
  std::string id;  // "llama-2-7b"
  std::string name;
  ModelFamily family = ModelFamily::decoder;
  ModelShape shape;
  int max_context = 0;
  double forward_gflops = 0;  // per sample (224x224 image) for vision models; 0 = 2*params per token
  int expert_ffn = 0;         // inner dimension of one routed expert's FFN
  // When the file names none, load() sets gqa if kv_heads < heads, else mha.
  AttentionKind attention = AttentionKind::mha;
  // What the released checkpoint is stored in; serving defaults to it (fp8) where the GPU runs it.
  WeightsPrecision weights_precision = WeightsPrecision::bf16;
  DiffusionLayout diffusion;  // families unet and dit only
  // The licence the weights are released under where it does not allow commercial use ("FLUX.1
  // [dev] Non-Commercial License"); empty where none is known. Production serving says it (N-LICENCE).
  std::string non_commercial_licence;
  std::vector<std::string> aliases;
  std::string source;
  SourcePos pos;
};

struct CurrencyRate {
  std::string code;      // "CNY"
  double per_usd = 1.0;  // units of this currency for one US dollar
  std::string as_of;
  std::string source;
  SourcePos pos;
  SourcePos as_of_pos;  // where as_of was last set (line 0 = never)
};

struct Catalog {
  std::vector<std::string> files;  // SourcePos::file indexes this
  std::vector<Gpu> gpus;
  std::vector<Provider> providers;
  std::vector<Offering> offerings;
  std::vector<ModelPreset> models;
  std::vector<CurrencyRate> currencies;

  // Lookups by id; find_gpu, find_provider and find_model also accept aliases, case-insensitively. nullptr when absent.
  const Gpu* find_gpu(std::string_view id_or_alias) const;
  const Provider* find_provider(std::string_view id_or_alias) const;
  const Offering* find_offering(std::string_view id) const;
  const ModelPreset* find_model(std::string_view id_or_alias) const;
  const CurrencyRate* find_currency(std::string_view code) const;

  const Gpu& gpu_of(const Offering& offering) const { return gpus[offering.gpu_index]; }
  const Provider& provider_of(const Offering& offering) const { return providers[offering.provider_index]; }
  // "file:line:col" for a position (file name only when line is 0).
  std::string where(const SourcePos& pos) const;
};

// One input text with the name used in diagnostics ("team.yaml", "data/gpus.yaml").
// A catalog file: its name for messages and its bytes, either in memory (`text`) or pulled in
// chunks by `read` (src/io streams large files rather than hold them whole: on a virtual machine
// the first write to each page of an 18 MB buffer costs more than the copy). `read` writes up to
// `size` bytes at `buffer` and returns how many, 0 at the end; it may throw Error, which load()
// passes on. With `read`, `bytes` is the size expected (0 = unknown) for the limit and reserving.
struct SourceText {
  using Reader = std::function<std::size_t(char* buffer, std::size_t size)>;
  SourceText() = default;
  SourceText(std::string name_in, std::string_view text_in) : name(std::move(name_in)), text(text_in) {}
  SourceText(std::string name_in, Reader read_in, std::size_t bytes_in)
      : name(std::move(name_in)), read(std::move(read_in)), bytes(bytes_in) {}

  std::string name;
  std::string_view text;
  Reader read;
  std::size_t bytes = 0;
  std::size_t size() const { return read ? bytes : text.size(); }
};

// Documented limits on catalog input (docs/catalog.md "Limits").
struct LoadLimits {
  std::size_t max_file_bytes = 256u << 20;  // 256 MiB per file
  std::size_t max_depth = 32;               // nesting of maps and lists
  std::size_t max_records = 2'000'000;      // records of all kinds, all files
  std::size_t max_scalar_bytes = 1u << 20;  // 1 MiB per value
};

struct LoadResult {
  Catalog catalog;
  std::vector<Diagnostic> diagnostics;  // in file order; errors and warnings; at most max_kept_diagnostics
  DiagnosticCounts found;               // all found, kept or not
  // Facts about what the files did that are neither errors nor warnings, formatted as
  // "file:line:col: note: ..." (an overlay's price that replaced regional prices); never counted.
  std::vector<std::string> notes;
  bool ok() const { return found.errors == 0 && !has_errors(diagnostics); }
};

// Parses each text in order (a streaming pass over YAML events; no document tree), overlays later
// records on earlier ones by id field by field, then resolves references and checks the merged
// catalog. Collects every problem rather than stopping at the first. Never throws on bad input.
LoadResult load(std::span<const SourceText> sources, const LoadLimits& limits = {});

// Prices read longer ago than this many days are stale: `catalog validate` warns (--stale-days
// overrides it) and `recommend` says so in a run-wide note (N-STALE-PRICES).
inline constexpr int stale_price_days = 180;
// Exchange rates read longer ago than this many days are stale: `recommend` says so in a run-wide
// note (N-STALE-RATE) when it converts with one. Judgement from the record's own source: the CNY
// monthly average moved from 7.0881 (October 2024) to 7.2957 (January 2025) per USD, 2.9% in one
// quarter (FRED EXCHUS), as large as the cost gap between close rows.
inline constexpr int stale_rate_days = 90;

// The most an instance-hour may cost, in USD whatever the provider's currency (converted at the
// catalog's rates). Assumption: the dearest 8-GPU instances list near 100 USD/h (SkyPilot catalogs,
// SOURCES.md); 10000 leaves room for large nodes while catching a misplaced decimal or a monthly
// price in an hourly field.
inline constexpr double max_price_usd_per_hour = 10000;

// Warnings that need today's date (YYYY-MM-DD): as_of in the future or older than stale_after_days,
// spot or reserved above on-demand, suspicious specs. Appended in catalog order.
// Keeps at most max_kept_diagnostics; `found`, when given, receives the count of all.
std::vector<Diagnostic> lint(const Catalog& catalog, std::string_view today, int stale_after_days = stale_price_days,
                             DiagnosticCounts* found = nullptr);

// Days from `from` to `to` (both YYYY-MM-DD); nullopt when either is not a valid date.
std::optional<int> days_between(std::string_view from, std::string_view to);

// The output currency named by `text` (a flag's or setting's value, any case), upper-cased as ISO
// 4217 writes it; throws Error (where = "--currency") when the catalog has no rate for it.
std::string output_currency(const Catalog& catalog, std::string_view text);

// --region's names with each region group ("cn", "mainland-china", "中国大陆": mainland China) replaced
// by the catalog's regions in it, in catalog order, without repeats; other names are kept as given
// (a region of the catalog wins over a group of the same name). docs/cli.md "--region".
std::vector<std::string> expand_region_groups(const Catalog& catalog, const std::vector<std::string>& names);
std::vector<std::string_view> region_group_names();
// Whether `regions` (expanded, expand_region_groups) is not empty and every one is in mainland China:
// the output currency's default is then CNY, what every provider there bills in (docs/cli.md "--currency").
bool all_in_mainland_china(const std::vector<std::string>& regions);
// Whether an account must enable `region` of `provider` before it can launch there: AWS's opt-in
// Regions (those launched after 2019-03-20, disabled by default; docs.aws.amazon.com/accounts/latest/
// reference/manage-acct-regions.html). A ranking prices a row there only where --region names it by
// id or no other allowed region sells the mode (docs/catalog.md "Prices per region").
bool needs_opt_in(std::string_view provider, std::string_view region);

// The record named by a user at `where` (a flag: "--gpu", "--provider", ...): the one check of such a
// name, in one shape (unknown_id): "<where>: unknown GPU 'h10'; did you mean 'h100'? (see 'gpuselect
// catalog gpus' ...)". GPUs and models match ids and aliases (any case), providers ids and aliases (any case),
// offerings exact ids; suggestions are drawn from the same names the lookup accepts.
// A GPU also matches the spellings of SkyPilot's catalogs and gpuhunt ("H100-NVLINK", "A100-80GB-SXM4",
// "RTX6000Ada"); a non-GPU accelerator (TPU, Gaudi) is refused as such, a published GPU the catalog
// has no record of says so, and a GPU "did you mean" offers only names with the same model number.
const Gpu& gpu_named(const Catalog& catalog, std::string_view name, std::string where);
// The GPU ids a --gpu/--gpus name selects (docs/cli.md "GPU names"): gpu_named's record, or with
// `memory_gb` (dstack's A100:80GB) every record of that dstack model name and memory. A published
// GPU name without a record (tests/fixtures/accelerator_names: "RTX3060", "A30") gives {name}: a
// valid request that no offering satisfies. Throws as gpu_named for other names.
std::vector<std::string> gpu_ids_named(const Catalog& catalog, std::string_view name, std::optional<double> memory_gb,
                                       std::string where);
// Constraints::gpus entries: an id or alias (any case), or a published GPU name without a record.
// Throws Error at `where` otherwise (a spelling that needs gpu_ids_named first included).
void check_gpu_constraint(const Catalog& catalog, std::string_view name, std::string where);
// Two records of one GPU model in other memory sizes or boards (dstack's model name: the 40 and
// 80 GB A100s, SXM and PCIe), not the same record.
bool same_gpu_model(const Gpu& a, const Gpu& b);
// Whether a --gpu name selects `gpu`: the record it names, and when the name is the model alone
// ("A100", "h100": no memory size or board) every record of that model, as dstack's gpu name does
// (expert reviews 15 and 16: "--gpu a100" left the 80 GB A100s out, SkyPilot's meaning of A100).
bool gpu_name_selects(const Catalog& catalog, std::string_view name, const Gpu& gpu);
const Provider& provider_named(const Catalog& catalog, std::string_view name, std::string where);
// The name a reader reads: `name_zh` in Chinese output where the catalog gives one, else `name`
// (issue 29 review: 阿里云 rather than "Alibaba Cloud (ECS GPU)" in a Chinese table). Ids never change.
// A link kind as readers know it ("PCIe", "RoCE"; to_string gives the catalog's id).
std::string_view display_name(Interconnect value);
std::string_view display_name(Rdma value);
std::string_view display_name(const Provider& provider, text::Lang lang);
std::string_view display_name(const Gpu& gpu, text::Lang lang);
const Offering& offering_named(const Catalog& catalog, std::string_view name, std::string where);
const ModelPreset& model_named(const Catalog& catalog, std::string_view name, std::string where);

// Which per-region spot statistic ranks (docs/catalog.md "Prices per region"): the median over the
// region's zones (the default: a price most zones reach) or the cheapest zone (`spot_min`, what a
// launcher that may pick the zone can get). Both stay in the catalog and are shown.
enum class SpotStatistic : std::uint8_t { median, min };
// "median" or "min"; nullopt for other text.
std::optional<SpotStatistic> parse_spot_statistic(std::string_view text);
// With `min`, every region entry that knows its cheapest zone prices spot at it (spot_min): the
// value rank, compare, estimate and catalog list read. `median` changes nothing.
void rank_spot_by(Catalog& catalog, SpotStatistic statistic);

// Converts an amount between currencies through the catalog's per-USD rates; throws Error
// (where = "--currency") when a code has no rate.
double convert(const Catalog& catalog, double amount, std::string_view from_code, std::string_view to_code);

}  // namespace gpuselect::catalog
