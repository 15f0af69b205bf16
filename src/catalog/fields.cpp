#include "catalog/fields.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "catalog/intern.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"

namespace gpuselect::catalog::fields {

Problem said_problem(const text::Words& message, const text::Words& hint) {
  return Problem{message.say(text::Lang::en), hint.say(text::Lang::en),
                 std::make_shared<const text::Said>(text::Said{message, hint})};
}

namespace {

// ---- where a key goes: a path of member pointers, e.g. &Offering::pricing, &Pricing::spot ----
template <typename T>
struct member_of;
template <typename Owner, typename Member>
struct member_of<Member Owner::*> {
  using owner = Owner;
};
template <auto... Path>
struct path_owner;
template <auto First, auto... Rest>
struct path_owner<First, Rest...> {
  using type = typename member_of<decltype(First)>::owner;
};
template <auto... Path>
using owner_of = typename path_owner<Path...>::type;

template <auto... Path>
void* slot_at(owner_of<Path...>& record) {
  return static_cast<void*>(&(record.*....*Path));
}
template <auto... Path>
using member_type = std::remove_reference_t<decltype((std::declval<owner_of<Path...>&>().*....*Path))>;

template <auto... Path>
SourcePos* position_at(owner_of<Path...>& record) {
  return &(record.*....*Path);
}

template <typename Enum>
std::string_view enum_choice(std::size_t index) {
  return index <= 0xff ? to_string(static_cast<Enum>(index)) : std::string_view{};
}
template <const auto& Names>
std::string_view array_choice(std::size_t index) {
  return index < Names.size() ? Names[index] : std::string_view{};
}

constexpr bool required = true;

template <auto... Path>
constexpr Field<owner_of<Path...>> make(std::string_view key, ValueKind kind, bool is_required, Range range = {},
                                        std::string_view (*choice)(std::size_t) = nullptr, bool json_null = false) {
  using Member = member_type<Path...>;
  // The member's C++ type must be what the value kind writes through the slot.
  if (kind == ValueKind::text || kind == ValueKind::choice_text || kind == ValueKind::date ||
      kind == ValueKind::currency_code) {
    if (!std::is_same_v<Member, std::string>) throw "text kinds need a std::string member";
  } else if (kind == ValueKind::number) {
    if (!std::is_same_v<Member, double>) throw "number needs a double member";
  } else if (kind == ValueKind::optional_number) {
    if (!std::is_same_v<Member, OptionalNumber>) throw "optional_number needs an OptionalNumber member";
  } else if (kind == ValueKind::integer) {
    if (!std::is_same_v<Member, int>) throw "integer needs an int member";
  } else if (kind == ValueKind::boolean) {
    if (!std::is_same_v<Member, bool>) throw "boolean needs a bool member";
  } else if (kind == ValueKind::text_list) {
    if (!std::is_same_v<Member, std::vector<std::string>>) throw "text_list needs vector<string>";
  } else if (kind == ValueKind::shared_text) {
    if (!std::is_same_v<Member, SharedText>) throw "shared_text needs a SharedText member";
  } else if (kind == ValueKind::shared_text_list) {
    if (!std::is_same_v<Member, SharedTextList>) throw "shared_text_list needs a SharedTextList member";
  } else if (kind == ValueKind::region_prices) {
    if (!std::is_same_v<Member, std::vector<RegionPrice>>) throw "region_prices needs vector<RegionPrice>";
  }
  Field<owner_of<Path...>> field;
  field.key = key;
  field.kind = kind;
  field.required = is_required;
  field.range = range;
  field.json_null_when_unset = json_null;
  field.slot = &slot_at<Path...>;
  if constexpr (std::is_enum_v<Member>) {
    static_assert(std::is_same_v<std::underlying_type_t<Member>, std::uint8_t>);
    field.kind = ValueKind::enumeration;
    field.choice = &enum_choice<Member>;
  } else {
    field.choice = choice;
  }
  return field;
}

template <auto... Path>
constexpr auto text(std::string_view key, bool is_required = false) {
  return make<Path...>(key, ValueKind::text, is_required);
}
template <auto... Path>
constexpr auto shared_text(std::string_view key, bool is_required = false) {
  return make<Path...>(key, ValueKind::shared_text, is_required);
}
template <auto... Path>
constexpr auto shared_text_list(std::string_view key, bool is_required = false) {
  return make<Path...>(key, ValueKind::shared_text_list, is_required);
}
template <auto... Path>
constexpr auto date(std::string_view key, bool is_required = false) {
  return make<Path...>(key, ValueKind::date, is_required);
}
template <auto... Path>
constexpr auto number(std::string_view key, Range range, bool is_required = false) {
  return make<Path...>(key, ValueKind::number, is_required, range);
}
template <auto... Path>
constexpr auto optional_number(std::string_view key, Range range, bool json_null = false) {
  return make<Path...>(key, ValueKind::optional_number, false, range, nullptr, json_null);
}
template <auto... Path>
constexpr auto integer(std::string_view key, Range range, bool is_required = false) {
  return make<Path...>(key, ValueKind::integer, is_required, range);
}
template <auto... Path>
constexpr auto boolean(std::string_view key) {
  return make<Path...>(key, ValueKind::boolean, false);
}
template <auto... Path>
constexpr auto enumeration(std::string_view key) {
  return make<Path...>(key, ValueKind::enumeration, false);
}
template <auto... Path>
constexpr auto text_list(std::string_view key, bool is_required = false) {
  return make<Path...>(key, ValueKind::text_list, is_required);
}
template <typename Record>
constexpr Field<Record> tracked(Field<Record> field, SourcePos* (*position)(Record&)) {
  field.position = position;
  return field;
}

// Plausibility ranges (assumption, see Range): "above zero up to max" and "zero up to max".
constexpr Range above_zero(double max) { return {0, max, true}; }
constexpr Range zero_to(double max) { return {0, max, false}; }
constexpr Range at_least_one(double max) { return {1, max, false}; }
constexpr Range percent{0, 100, false};
// Prices per instance-hour, in the provider's currency. The ceiling that matters is in USD
// (catalog::max_price_usd_per_hour, checked by catalog::load after converting at the catalog's
// rates, so a JPY 15,800/h quote passes); here only what no currency can reach: 1e9 is 100,000 USD
// at 10,000 units per USD. At least 0.001: a price of 0 is a typo or a placeholder (no cloud rents
// GPUs free), and the cheapest 2026 rentals (fractional consumer GPUs, ~0.03 USD/h) sit well above
// a tenth of a cent; a denormal such as 5e-324 would make an offering free. `null` = not sold.
constexpr Range price_per_hour = {min_price_per_hour, 1e9, false};
// An offering's on-demand rate may be 0 when its provider is `kind: owned` (a sunk-cost cluster);
// catalog::load rejects 0 for every other provider, where it is a typo.
constexpr Range on_demand_per_hour = {0, 1e9, false};
// Subscription prices per instance-month and per instance-year (包月, 包年): the hourly bound over
// a 744-hour month (31 days) and an 8784-hour year (366 days), so a price one unit-mistake away
// (an hourly rate typed as monthly) still loads and lint compares it with on-demand.
constexpr Range price_per_month = {min_price_per_hour, 1e9 * 744.0, false};
constexpr Range price_per_year = {min_price_per_hour, 1e9 * 8784.0, false};

// Brief: vendor (nvidia|amd), architecture (volta|turing|ampere|ada|hopper|cdna3), plus the 2026
// generations of GPU-SPECS-2026.md: blackwell (B200, B300, GB200, RTX 5090, RTX PRO 6000) and
// cdna4 (MI350X, MI355X); and Huawei's Ascend NPUs (vendor huawei, architecture davinci: the Da Vinci
// cores of the Ascend 910 family), the accelerators China's own clouds sell most.
constexpr std::array<std::string_view, 3> vendor_names = {"nvidia", "amd", "huawei"};
constexpr std::array<std::string_view, 9> architecture_names = {"volta",     "turing", "ampere", "ada",    "hopper",
                                                                "blackwell", "cdna3",  "cdna4",  "davinci"};

// Largest 2026 values (GPU-SPECS.md, GPU-SPECS-2026.md): 288 GB memory, 8 TB/s bandwidth,
// ~2.5 PFLOPS dense bf16, ~15 PFLOPS dense fp4 (B300), 1.8 TB/s NVLink, 1400 W.
constexpr std::array gpu_fields = {
    text<&Gpu::id>("id", required),
    text<&Gpu::name>("name", required),
    text<&Gpu::name_zh>("name_zh"),
    make<&Gpu::vendor>("vendor", ValueKind::choice_text, false, {}, &array_choice<vendor_names>),
    make<&Gpu::architecture>("architecture", ValueKind::choice_text, false, {}, &array_choice<architecture_names>),
    tracked(number<&Gpu::memory_gb>("memory_gb", above_zero(1024), required),
            &position_at<&Gpu::set_at, &Gpu::FigurePositions::memory_gb>),
    tracked(number<&Gpu::usable_memory_mib>("usable_memory_mib", zero_to(1024.0 * 1024.0)),
            &position_at<&Gpu::set_at, &Gpu::FigurePositions::usable_memory_mib>),
    tracked(number<&Gpu::memory_bandwidth_gbps>("memory_bandwidth_gbps", above_zero(20000), required),
            &position_at<&Gpu::set_at, &Gpu::FigurePositions::memory_bandwidth_gbps>),
    tracked(number<&Gpu::bf16_dense_tflops>("bf16_dense_tflops", above_zero(20000), required),
            &position_at<&Gpu::set_at, &Gpu::FigurePositions::bf16_dense_tflops>),
    optional_number<&Gpu::fp32_tflops>("fp32_tflops", zero_to(20000)),
    tracked(optional_number<&Gpu::fp8_dense_tflops>("fp8_dense_tflops", zero_to(40000)),
            &position_at<&Gpu::set_at, &Gpu::FigurePositions::fp8_dense_tflops>),
    // Above zero: a GPU without FP4 units leaves the key out (or null in an overlay).
    optional_number<&Gpu::fp4_dense_tflops>("fp4_dense_tflops", above_zero(80000)),
    optional_number<&Gpu::int8_dense_tops>("int8_dense_tops", zero_to(40000)),
    number<&Gpu::tdp_watts>("tdp_watts", zero_to(5000)),
    text<&Gpu::interconnect>("interconnect"),
    enumeration<&Gpu::segment>("segment"),
    number<&Gpu::interconnect_gbps>("interconnect_gbps", zero_to(20000)),
    text_list<&Gpu::aliases>("aliases"),
    text<&Gpu::source>("source", required),
};

using P = Provider;
constexpr std::array provider_fields = {
    text<&P::id>("id", required),
    text<&P::name>("name", required),
    text<&P::name_zh>("name_zh"),
    text_list<&P::aliases>("aliases"),
    enumeration<&P::kind>("kind"),
    make<&P::currency>("currency", ValueKind::currency_code, required),
    enumeration<&P::support, &P::Support::tier>("support.tier"),
    enumeration<&P::support, &P::Support::hours>("support.hours"),
    number<&P::support, &P::Support::first_response_hours>("support.first_response_hours", zero_to(24 * 365)),
    number<&P::sla_uptime_pct>("sla_uptime_pct", percent),
    boolean<&P::sla_credits>("sla_credits"),
    text_list<&P::compliance>("compliance"),
    text_list<&P::environment, &P::Environment::images>("environment.images"),
    boolean<&P::environment, &P::Environment::jupyterlab>("environment.jupyterlab"),
    boolean<&P::environment, &P::Environment::custom_containers>("environment.custom_containers"),
    boolean<&P::environment, &P::Environment::kubernetes>("environment.kubernetes"),
    number<&P::environment, &P::Environment::provision_minutes>("environment.provision_minutes", zero_to(7 * 24 * 60)),
    boolean<&P::recovery, &P::Recovery::auto_checkpoint>("recovery.auto_checkpoint"),
    boolean<&P::recovery, &P::Recovery::resume>("recovery.resume"),
    optional_number<&P::recovery, &P::Recovery::failover_minutes>("recovery.failover_minutes", zero_to(7 * 24 * 60),
                                                                  true),
    boolean<&P::recovery, &P::Recovery::live_migration>("recovery.live_migration"),
    boolean<&P::monitoring, &P::Monitoring::metrics>("monitoring.metrics"),
    boolean<&P::monitoring, &P::Monitoring::alerts>("monitoring.alerts"),
    number<&P::egress_per_gb>("egress_per_gb", zero_to(100)),
    number<&P::public_ip_per_hour>("public_ip_per_hour", zero_to(100)),
    number<&P::storage_per_gb_month>("storage_per_gb_month", zero_to(100)),
    // Per-second billing at the fine end; a month (31 days) at the coarse end.
    number<&P::billing_granularity_seconds>("billing_granularity_seconds", at_least_one(31 * 24 * 3600)),
    number<&P::free_trial_credits>("free_trial_credits", zero_to(1e7)),
    enumeration<&P::resize>("resize"),
    // Below 100: a 100% discount would make the provider free; real negotiated discounts are 5-40%.
    number<&P::discount_pct, &P::Discount::on_demand>("discount_pct.on_demand", {0, 99, false}),
    number<&P::discount_pct, &P::Discount::spot>("discount_pct.spot", {0, 99, false}),
    number<&P::discount_pct, &P::Discount::reserved_1y>("discount_pct.reserved_1y", {0, 99, false}),
    number<&P::discount_pct, &P::Discount::reserved_3y>("discount_pct.reserved_3y", {0, 99, false}),
    // Published notices run from 30 s (Google Cloud, Azure) to 5 min (Alibaba, Volcano Engine); an
    // hour is beyond any reclaim warning (a notice that long is scheduled maintenance).
    tracked(optional_number<&P::spot_reclaim, &P::SpotReclaim::notice_seconds>("spot_reclaim.notice_seconds",
                                                                               above_zero(3600)),
            &position_at<&P::spot_reclaim, &P::SpotReclaim::notice_pos>),
    tracked(date<&P::spot_reclaim, &P::SpotReclaim::as_of>("spot_reclaim.as_of"),
            &position_at<&P::spot_reclaim, &P::SpotReclaim::as_of_pos>),
    tracked(text<&P::spot_reclaim, &P::SpotReclaim::source>("spot_reclaim.source"),
            &position_at<&P::spot_reclaim, &P::SpotReclaim::source_pos>),
    // Capacity-block rules (AWS: up to 64 instances, 1-day steps to 14 days, 7-day steps to 182 days);
    // the bounds sit beyond any published rule so only typos hit them.
    integer<&P::capacity_block, &P::CapacityBlockRules::max_instances>("capacity_block.max_instances", zero_to(4096)),
    integer<&P::capacity_block, &P::CapacityBlockRules::min_instances>("capacity_block.min_instances",
                                                                       at_least_one(4096)),
    number<&P::capacity_block, &P::CapacityBlockRules::daily_steps_days>("capacity_block.daily_steps_days",
                                                                         zero_to(366)),
    number<&P::capacity_block, &P::CapacityBlockRules::step_days>("capacity_block.step_days", at_least_one(366)),
    number<&P::capacity_block, &P::CapacityBlockRules::max_days>("capacity_block.max_days", at_least_one(3 * 366)),
    number<&P::capacity_block, &P::CapacityBlockRules::lead_hours>("capacity_block.lead_hours", zero_to(24 * 366)),
    date<&P::capacity_block, &P::CapacityBlockRules::as_of>("capacity_block.as_of"),
    text<&P::capacity_block, &P::CapacityBlockRules::source>("capacity_block.source"),
    tracked(date<&P::as_of>("as_of", required), &position_at<&P::as_of_pos>),
    text<&P::source>("source", required),
    text_list<&P::estimated_fields>("estimated_fields"),
};

using O = Offering;
constexpr std::array offering_fields = {
    text<&O::id>("id", required),
    tracked(text<&O::provider>("provider", required), &position_at<&O::provider_pos>),
    tracked(text<&O::gpu>("gpu", required), &position_at<&O::gpu_pos>),
    shared_text<&O::instance_type>("instance_type"),
    // 64 GPUs in one instance is beyond any 2026 node (8 to 16 typical; NVL72 racks are nodes).
    integer<&O::gpu_count>("gpu_count", at_least_one(64), required),
    number<&O::gpu_fraction>("gpu_fraction", above_zero(1)),
    enumeration<&O::interconnect>("interconnect"),
    enumeration<&O::isolation>("isolation"),
    // Gbit/s per node: 3200 (8 x 400G InfiniBand) is the 2026 top end.
    number<&O::network, &O::Network::bandwidth_gbps>("network.bandwidth_gbps", zero_to(100000)),
    enumeration<&O::network, &O::Network::rdma>("network.rdma"),
    shared_text_list<&O::regions>("regions", required),
    tracked(optional_number<&O::pricing, &Pricing::on_demand>("pricing.on_demand", on_demand_per_hour, true),
            &position_at<&O::set_at, &O::PricePositions::on_demand>),
    tracked(optional_number<&O::pricing, &Pricing::spot>("pricing.spot", price_per_hour, true),
            &position_at<&O::set_at, &O::PricePositions::spot>),
    tracked(optional_number<&O::pricing, &Pricing::reserved_1y>("pricing.reserved_1y", price_per_hour, true),
            &position_at<&O::set_at, &O::PricePositions::reserved_1y>),
    tracked(optional_number<&O::pricing, &Pricing::reserved_3y>("pricing.reserved_3y", price_per_hour, true),
            &position_at<&O::set_at, &O::PricePositions::reserved_3y>),
    tracked(optional_number<&O::pricing, &Pricing::monthly>("pricing.monthly", price_per_month),
            &position_at<&O::set_at, &O::PricePositions::monthly>),
    tracked(optional_number<&O::pricing, &Pricing::yearly>("pricing.yearly", price_per_year),
            &position_at<&O::set_at, &O::PricePositions::yearly>),
    tracked(optional_number<&O::pricing, &Pricing::capacity_block>("pricing.capacity_block", price_per_hour),
            &position_at<&O::set_at, &O::PricePositions::capacity_block>),
    make<&O::region_prices>("region_pricing", ValueKind::region_prices, false),
    integer<&O::vcpus>("vcpus", zero_to(4096)),
    number<&O::ram_gb>("ram_gb", zero_to(65536)),
    number<&O::local_disk_gb>("local_disk_gb", zero_to(1e7)),
    optional_number<&O::spot_interruption_pct>("spot_interruption_pct", percent),
    enumeration<&O::stock>("stock"),
    integer<&O::max_nodes>("max_nodes", at_least_one(100000)),
    // A year of queue is the most anyone would state; beyond it the capacity is not there.
    number<&O::availability, &O::Availability::queue_hours>("availability.queue_hours", zero_to(24 * 365)),
    shared_text<&O::launch, &O::Launch::accelerator>("launch.accelerator"),
    shared_text_list<&O::launch, &O::Launch::regions>("launch.regions"),
    shared_text<&O::unlisted>("unlisted"),
    tracked(date<&O::as_of>("as_of", required), &position_at<&O::set_at, &O::PricePositions::as_of>),
    shared_text<&O::source>("source", required),
    shared_text_list<&O::estimated_fields>("estimated_fields"),
};

using M = ModelPreset;
// Largest open models of 2026 hold ~2e12 parameters; 1e14 catches exponent typos.
constexpr std::array model_fields = {
    text<&M::id>("id", required),
    text<&M::name>("name", required),
    enumeration<&M::family>("family"),
    number<&M::shape, &ModelShape::params>("params", above_zero(1e14), required),
    number<&M::shape, &ModelShape::active_params>("active_params", zero_to(1e14)),
    integer<&M::shape, &ModelShape::layers>("layers", zero_to(10000)),
    integer<&M::shape, &ModelShape::hidden>("hidden", zero_to(1e6)),
    integer<&M::shape, &ModelShape::heads>("heads", zero_to(10000)),
    integer<&M::shape, &ModelShape::kv_heads>("kv_heads", zero_to(10000)),
    integer<&M::shape, &ModelShape::ffn>("ffn", zero_to(1e7)),
    integer<&M::shape, &ModelShape::vocab>("vocab", zero_to(1e8)),
    integer<&M::max_context>("max_context", zero_to(1e9)),
    number<&M::forward_gflops>("forward_gflops", zero_to(1e7)),
    // MoE and attention shape (docs/catalog.md). Bounds as for Range, far above the presets of
    // MODELS-2026.md (DeepSeek-V3: 256 routed experts, top-8, 1 shared, expert_ffn 2048, 3 dense
    // layers, kv_lora_rank 512, qk_rope_head_dim 64); cross-field rules are checked after overlays.
    integer<&M::shape, &ModelShape::experts>("experts", zero_to(10000)),
    integer<&M::shape, &ModelShape::experts_per_token>("experts_per_token", zero_to(10000)),
    integer<&M::shape, &ModelShape::shared_experts>("shared_experts", zero_to(10000)),
    integer<&M::expert_ffn>("expert_ffn", zero_to(1e7)),
    integer<&M::shape, &ModelShape::dense_layers>("dense_layers", zero_to(10000)),
    enumeration<&M::attention>("attention"),
    enumeration<&M::weights_precision>("weights_precision"),
    integer<&M::shape, &ModelShape::head_dim>("head_dim", zero_to(10000)),
    integer<&M::shape, &ModelShape::kv_lora_rank>("kv_lora_rank", zero_to(65536)),
    integer<&M::shape, &ModelShape::qk_rope_head_dim>("qk_rope_head_dim", zero_to(10000)),
    // Diffusion pipelines (families unet, dit; docs/catalog.md "Model presets").
    number<&M::diffusion, &DiffusionLayout::text_encoder_params>("text_encoder_params", zero_to(1e14)),
    number<&M::diffusion, &DiffusionLayout::vae_params>("vae_params", zero_to(1e14)),
    integer<&M::diffusion, &DiffusionLayout::native_resolution_px>("native_resolution_px", zero_to(65536)),
    integer<&M::diffusion, &DiffusionLayout::vae_downsample>("vae_downsample", zero_to(64)),
    integer<&M::diffusion, &DiffusionLayout::latent_channels>("latent_channels", zero_to(1024)),
    integer<&M::diffusion, &DiffusionLayout::patch_size>("patch_size", zero_to(64)),
    integer<&M::diffusion, &DiffusionLayout::text_tokens>("text_tokens", zero_to(1e6)),
    integer<&M::diffusion, &DiffusionLayout::single_blocks>("single_blocks", zero_to(1000)),
    integer<&M::diffusion, &DiffusionLayout::dual_attention_blocks>("dual_attention_blocks", zero_to(1000)),
    number<&M::diffusion, &DiffusionLayout::unet_step_gflops>("unet_step_gflops", zero_to(1e9)),
    integer<&M::diffusion, &DiffusionLayout::passes_per_step>("passes_per_step", zero_to(2)),
    integer<&M::diffusion, &DiffusionLayout::default_steps>("default_steps", zero_to(1000)),
    boolean<&M::diffusion, &DiffusionLayout::needs_bf16>("needs_bf16"),
    text<&M::non_commercial_licence>("non_commercial_licence"),
    text_list<&M::aliases>("aliases"),
    text<&M::source>("source", required),
};

using C = CurrencyRate;
// Units per USD: the weakest widely used currencies trade near 1e5 per USD, the strongest (KWD)
// near 0.3; at least 0.001, so a denormal rate cannot make a provider free.
constexpr std::array currency_fields = {
    make<&C::code>("code", ValueKind::currency_code, required),
    number<&C::per_usd>("per_usd", {0.001, 1e6, false}, required),
    tracked(date<&C::as_of>("as_of", required), &position_at<&C::as_of_pos>),
    text<&C::source>("source", required),
};

static_assert(gpu_fields.size() <= max_fields && provider_fields.size() <= max_fields &&
              offering_fields.size() <= max_fields && model_fields.size() <= max_fields);

constexpr Table<Gpu> gpus{"gpus", "gpu", gpu_fields};
constexpr Table<Provider> providers{"providers", "provider", provider_fields};
constexpr Table<Offering> offerings{"offerings", "offering", offering_fields};
constexpr Table<ModelPreset> models{"models", "model", model_fields};
constexpr Table<CurrencyRate> currencies{"currencies", "currency", currency_fields};

std::optional<Problem> check_range(std::string_view key, const Range& range, double value) {
  const bool below = range.min_exclusive ? !(value > range.min) : value < range.min;
  if (!below && value <= range.max) return std::nullopt;
  const text::Words bounds = text::words(range.min_exclusive ? text::Msg::range_above_at_most : text::Msg::range_at_least_at_most,
                                         format_number(range.min), format_number(range.max));
  return said_problem(text::composed(text::Msg::err_field_out_of_range, key, format_number(value), bounds),
                      text::words(text::Msg::hint_check_value_unit));
}

}  // namespace

std::optional<Problem> check_rented_price_per_hour(std::string_view key, double value) {
  // Importers write USD price lists: the USD ceiling applies as written (catalog::load converts
  // other currencies first).
  return check_range(key, {price_per_hour.min, max_price_usd_per_hour, false}, value);
}

std::optional<Problem> check_offering_number(std::string_view key, double value) {
  // A rented offering's on-demand price: the loader applies price_per_hour to it (only owned
  // capacity may cost 0), and so do importers, which never write owned capacity.
  if (key.starts_with("pricing.")) return check_rented_price_per_hour(key, value);
  for (const auto& field : offering_fields) {
    if (field.key != key) continue;
    if (field.kind != ValueKind::number && field.kind != ValueKind::optional_number &&
        field.kind != ValueKind::integer) {
      break;
    }
    if (auto problem = check_range(field.key, field.range, value)) return problem;
    if (field.kind == ValueKind::integer && value != std::floor(value)) {
      return said_problem(text::words(text::Msg::err_field_not_whole, key, format_number(value)),
                          text::words(text::Msg::hint_write_whole));
    }
    return std::nullopt;
  }
  throw std::logic_error("check_offering_number: no number key '" + std::string(key) + "' in the offering table");
}

namespace {

// "expected <what> for 'key', got <the value>" in the catalogue's words (`what`: what_a_number, ...).
std::optional<Problem> expected(const FieldSpec& spec, const text::Words& what, std::string_view text, bool plain,
                                const text::Words& hint) {
  std::string got = plain && is_null_scalar(text) ? std::string("null") : shown(text);
  if (!plain) got = "\"" + got + "\"";
  if (!plain) {
    return said_problem(text::Words::in_each([&](text::Lang lang) {
                          // English keeps its wording of a quoted value.
                          return lang == text::Lang::en
                                     ? "expected " + what.say(lang) + " for " + text::quoted(spec.key) +
                                           ", got the quoted string " + shown(text)
                                     : text::say(lang, text::Msg::err_expected_got, what.say(lang),
                                                 text::quoted(spec.key), got);
                        }),
                        hint);
  }
  return said_problem(text::composed(text::Msg::err_expected_got, what, text::quoted(spec.key), got), hint);
}

std::optional<Problem> assign_choice(const FieldSpec& spec, void* slot, std::string_view text, bool plain) {
  std::vector<std::string> names;
  for (std::size_t index = 0;; ++index) {
    const std::string_view name = spec.choice(index);
    if (name.empty()) break;
    if (name == text) {
      if (spec.kind == ValueKind::enumeration) {
        const auto value = static_cast<std::uint8_t>(index);
        std::memcpy(slot, &value, sizeof value);
      } else {
        static_cast<std::string*>(slot)->assign(text);
      }
      return std::nullopt;
    }
    names.emplace_back(name);
  }
  if (plain && is_null_scalar(text)) {
    return expected(spec, text::words(text::Msg::what_one_of, choice_list(spec)), text, plain,
                    text::words(text::Msg::hint_write_one_name));
  }
  return said_problem(text::words(text::Msg::err_unknown_field_value, spec.key, shown(text)),
                      did_you_mean_words(text, names, one_of_words(names)));
}

std::optional<Problem> assign_number(const FieldSpec& spec, double& out, std::string_view text, bool plain) {
  if (!plain) {
    return expected(spec, text::words(text::Msg::what_a_number), text, plain,
                    units::decimal_comma_words(text).value_or(text::words(text::Msg::hint_write_number_unquoted)));
  }
  if (is_null_scalar(text)) {
    return expected(spec, text::words(text::Msg::what_a_number), text, plain,
                    text::words(spec.kind == ValueKind::number ? text::Msg::hint_number_not_null
                                                               : text::Msg::hint_write_a_number));
  }
  double value = 0;
  if (auto problem = parse_number(spec.key, text, value)) return problem;
  if (auto problem = check_range(spec.key, spec.range, value)) return problem;
  out = value;
  return std::nullopt;
}

std::optional<Problem> assign_integer(const FieldSpec& spec, int& out, std::string_view text, bool plain) {
  if (!plain || is_null_scalar(text)) {
    return expected(spec, text::words(text::Msg::what_a_whole_number), text, plain, text::words(text::Msg::hint_write_whole_such_as));
  }
  std::string_view digits = text;
  if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
  long long value = 0;
  const auto result = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (result.ec == std::errc::result_out_of_range) {
    return said_problem(text::words(text::Msg::err_field_too_large, spec.key, shown(text)),
                        text::words(text::Msg::hint_check_value));
  }
  if (result.ec != std::errc{} || result.ptr != digits.data() + digits.size()) {
    return expected(spec, text::words(text::Msg::what_a_whole_number), text, plain,
                    units::decimal_comma_words(text).value_or(text::words(text::Msg::hint_write_whole_such_as)));
  }
  if (auto problem = check_range(spec.key, spec.range, static_cast<double>(value))) return problem;
  out = static_cast<int>(value);
  return std::nullopt;
}

}  // namespace

std::string shown(std::string_view text) { return text::quoted(text); }

const Table<Gpu>& gpu_table() { return gpus; }
const Table<Provider>& provider_table() { return providers; }
const Table<Offering>& offering_table() { return offerings; }
const Table<ModelPreset>& model_table() { return models; }
const Table<CurrencyRate>& currency_table() { return currencies; }

std::string format_number(double value) {
  std::array<char, 32> buffer{};
  const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  return std::string(buffer.data(), result.ptr);
}

bool is_null_scalar(std::string_view text) {
  return text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL";
}

std::string choice_list(const FieldSpec& spec) {
  std::string list;
  if (spec.choice == nullptr) return list;
  for (std::size_t index = 0;; ++index) {
    const std::string_view name = spec.choice(index);
    if (name.empty()) break;
    if (!list.empty()) list += ", ";
    list += name;
  }
  return list;
}

std::optional<Problem> parse_number(std::string_view key, std::string_view text, double& out) {
  std::string_view digits = text;
  if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
  // YAML's .nan / .inf spellings, and the plain words from_chars would accept.
  std::string_view bare = digits;
  if (!bare.empty() && (bare.front() == '-' || bare.front() == '.')) bare.remove_prefix(1);
  if (!bare.empty() && bare.front() == '.') bare.remove_prefix(1);
  const char first = bare.empty() ? '\0' : static_cast<char>(bare.front() | 0x20);
  if (first == 'n' || first == 'i') {
    return said_problem(text::words(text::Msg::err_field_not_finite, key, shown(text)),
                        text::words(text::Msg::hint_write_finite_no_nan));
  }
  double value = 0;
  const auto result = std::from_chars(digits.data(), digits.data() + digits.size(), value, std::chars_format::general);
  if (result.ec == std::errc::result_out_of_range) {
    return said_problem(text::words(text::Msg::err_field_overflow, key, shown(text)),
                        text::words(text::Msg::hint_sensible_size));
  }
  if (result.ec != std::errc{} || result.ptr != digits.data() + digits.size() || digits.empty()) {
    return said_problem(text::words(text::Msg::err_expected_got, text::Msg::what_a_number, text::quoted(key), shown(text)),
                        units::decimal_comma_words(text).value_or(text::words(text::Msg::hint_write_plain_number)));
  }
  if (!std::isfinite(value)) {
    return said_problem(text::words(text::Msg::err_field_not_finite, key, shown(text)),
                        text::words(text::Msg::hint_write_finite));
  }
  out = value;
  return std::nullopt;
}

namespace {
// What is wrong with `text` as the value of a text key, if anything.
std::optional<Problem> text_problem(const FieldSpec& spec, std::string_view text, bool plain) {
  if (plain && is_null_scalar(text)) {
    return expected(spec, text::words(text::Msg::what_a_string), text, plain,
                    text::words(text::Msg::hint_value_or_leave_out));
  }
  // A blank id is the loader's to report (it names the record kind and skips the record).
  if (spec.required && spec.key != "id" && text::is_blank(text)) {
    return said_problem(text::words(text::Msg::err_field_blank, spec.key, shown(text)),
                        text::words(text::Msg::hint_write_value));
  }
  return std::nullopt;
}
}  // namespace

std::optional<Problem> assign_scalar(const FieldSpec& spec, void* slot, std::string_view text, bool plain,
                                     Interner* interner) {
  switch (spec.kind) {
    case ValueKind::shared_text:
      if (auto problem = text_problem(spec, text, plain)) return problem;
      *static_cast<SharedText*>(slot) = interner != nullptr ? interner->text(text) : SharedText(text);
      return std::nullopt;
    case ValueKind::text:
      if (auto problem = text_problem(spec, text, plain)) return problem;
      static_cast<std::string*>(slot)->assign(text);
      return std::nullopt;
    case ValueKind::choice_text:
    case ValueKind::enumeration:
      return assign_choice(spec, slot, text, plain);
    case ValueKind::date:
      if (!days_between(text, text)) {
        return said_problem(text::words(text::Msg::err_field_not_date, spec.key, shown(text)),
                            text::words(text::Msg::hint_field_date));
      }
      static_cast<std::string*>(slot)->assign(text);
      return std::nullopt;
    case ValueKind::currency_code: {
      const bool valid =
          text.size() == 3 && std::all_of(text.begin(), text.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
      if (!valid) {
        return said_problem(text::words(text::Msg::err_field_currency, spec.key, shown(text)),
                            text::words(text::Msg::hint_field_currency));
      }
      static_cast<std::string*>(slot)->assign(text);
      return std::nullopt;
    }
    case ValueKind::number:
      return assign_number(spec, *static_cast<double*>(slot), text, plain);
    case ValueKind::optional_number: {
      auto& target = *static_cast<OptionalNumber*>(slot);
      if (plain && is_null_scalar(text)) {
        target.reset();
        return std::nullopt;
      }
      double value = 0;
      if (auto problem = assign_number(spec, value, text, plain)) return problem;
      target = value;
      return std::nullopt;
    }
    case ValueKind::integer:
      return assign_integer(spec, *static_cast<int*>(slot), text, plain);
    case ValueKind::boolean:
      if (plain && (text == "true" || text == "false")) {
        *static_cast<bool*>(slot) = text == "true";
        return std::nullopt;
      }
      return expected(spec, text::words(text::Msg::what_true_or_false), text, plain,
                      text::words(text::Msg::hint_true_or_false));
    case ValueKind::region_prices:
      return expected(spec, text::words(text::Msg::what_region_price_list), text, plain,
                      text::words(text::Msg::hint_region_price_list));
    case ValueKind::text_list:
    case ValueKind::shared_text_list:
      return expected(spec, text::words(text::Msg::what_list_of_strings), text, plain,
                      plain && is_null_scalar(text) ? text::words(text::Msg::hint_empty_list_brackets)
                                                    : text::words(text::Msg::hint_list_of_one, text::excerpt(text)));
  }
  return said_problem(text::words(text::Msg::err_unsupported_kind), text::words(text::Msg::hint_report_catalog_line));
}

std::optional<Problem> assign_region_price_key(RegionPrice& entry, std::string_view key, std::string_view text,
                                               bool plain) {
  if (key == "region") {
    if (plain && is_null_scalar(text)) {
      return said_problem(text::words(text::Msg::err_region_price_empty_region), text::words(text::Msg::hint_name_region));
    }
    entry.region.assign(text);
    return std::nullopt;
  }
  FieldSpec spec;
  spec.kind = ValueKind::optional_number;
  spec.range = price_per_hour;
  OptionalNumber* slot = nullptr;
  std::optional<PricingMode> mode;
  if (key == "spot_min") {
    spec.key = "region_pricing.spot_min";
    slot = &entry.spot_min;
  } else {
    static constexpr std::array<std::string_view, pricing_mode_count> keys = {
        "region_pricing.on_demand",   "region_pricing.spot",    "region_pricing.reserved_1y",
        "region_pricing.reserved_3y", "region_pricing.monthly", "region_pricing.yearly",
        "region_pricing.capacity_block"};
    for (std::size_t index = 0; index < pricing_mode_count; ++index) {
      if (key == pricing_key(static_cast<PricingMode>(index))) mode = static_cast<PricingMode>(index);
    }
    if (!mode) {
      const std::vector<std::string> entry_keys = {"region",      "on_demand",   "spot",    "spot_min",
                                                   "reserved_1y", "reserved_3y", "monthly", "yearly",
                                                   "capacity_block"};
      return said_problem(text::words(text::Msg::err_region_price_unknown_key, shown(key)),
                          did_you_mean_words(key, entry_keys, one_of_words(entry_keys)));
    }
    spec.key = keys[static_cast<std::size_t>(*mode)];
    if (*mode == PricingMode::monthly) spec.range = price_per_month;
    if (*mode == PricingMode::yearly) spec.range = price_per_year;
    slot = &entry.pricing.slot(*mode);
  }
  if (auto problem = assign_scalar(spec, slot, text, plain)) return problem;
  if (mode) entry.given |= static_cast<std::uint8_t>(1u << static_cast<unsigned>(*mode));
  return std::nullopt;
}

}  // namespace gpuselect::catalog::fields
