// Catalog value helpers: enum names, lookups, dates, currency conversion.
#include "gpuselect/catalog.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "catalog/accelerators.hpp"
#include "gpuselect/enum_names.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"

namespace gpuselect::catalog {

namespace {
using enum_names::name_in;

constexpr std::array<std::string_view, 3> isolation_names = {"bare-metal", "passthrough", "vgpu"};
constexpr std::array<std::string_view, 3> gpu_segment_names = {"datacenter", "workstation", "consumer"};
constexpr std::array<std::string_view, 6> interconnect_names = {"none",     "pcie",            "nvlink",
                                                                "nvswitch", "infinity-fabric", "hccs"};
constexpr std::array<std::string_view, 4> rdma_names = {"none", "infiniband", "roce", "efa"};
constexpr std::array<std::string_view, 4> stock_names = {"unknown", "low", "medium", "high"};
constexpr std::array<std::string_view, pricing_mode_count> pricing_mode_names = {
    "on-demand", "spot", "reserved-1y", "reserved-3y", "monthly", "yearly", "capacity-block"};
constexpr std::array<std::string_view, pricing_mode_count> pricing_keys = {"on_demand",   "spot",    "reserved_1y",
                                                                           "reserved_3y", "monthly", "yearly",
                                                                           "capacity_block"};
constexpr std::array<std::string_view, 5> provider_kind_names = {"hyperscaler", "gpu-cloud", "marketplace",
                                                                 "regional-cloud", "owned"};
constexpr std::array<std::string_view, 5> support_tier_names = {"community", "basic", "standard", "premium",
                                                                "enterprise"};
constexpr std::array<std::string_view, 3> support_hours_names = {"business", "extended", "24x7"};
constexpr std::array<std::string_view, 3> resize_names = {"live", "restart", "none"};
constexpr std::array<std::string_view, 7> model_family_names = {"decoder", "encoder", "moe",  "cnn",
                                                                 "vit",     "unet",    "dit"};
constexpr std::array<std::string_view, 3> attention_kind_names = {"mha", "gqa", "mla"};
constexpr std::array<std::string_view, 3> weights_precision_names = {"bf16", "fp8", "fp4"};

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

template <typename Record>
const Record* find_by_id(const std::vector<Record>& records, std::string_view id) {
  for (const auto& record : records) {
    if (record.id == id) return &record;
  }
  return nullptr;
}

template <typename Record>
const Record* find_by_id_or_alias(const std::vector<Record>& records, std::string_view key) {
  if (const Record* exact = find_by_id(records, key)) return exact;
  for (const auto& record : records) {
    if (equals_ignoring_case(record.id, key)) return &record;
    for (const auto& alias : record.aliases) {
      if (equals_ignoring_case(alias, key)) return &record;
    }
  }
  return nullptr;
}

// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's days_from_civil).
long days_from_civil(int year, unsigned month, unsigned day) {
  year -= month <= 2 ? 1 : 0;
  const long era = (year >= 0 ? year : year - 399) / 400;
  const auto year_of_era = static_cast<unsigned>(year - era * 400);
  const unsigned day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
  const unsigned day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + static_cast<long>(day_of_era) - 719468;
}

std::optional<long> parse_date(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  int year = 0;
  unsigned month = 0;
  unsigned day = 0;
  auto digits = [&](std::size_t from, std::size_t length, auto& out) {
    const char* begin = text.data() + from;
    const auto result = std::from_chars(begin, begin + length, out);
    return result.ec == std::errc{} && result.ptr == begin + length;
  };
  // Digits only (from_chars would take "-001" as a year); years 1970..2200 (price data is recent).
  for (const std::size_t at : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (text[at] < '0' || text[at] > '9') return std::nullopt;
  }
  if (!digits(0, 4, year) || !digits(5, 2, month) || !digits(8, 2, day)) return std::nullopt;
  if (year < 1970 || year > 2200) return std::nullopt;
  static constexpr std::array<unsigned, 12> month_days = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12 || day < 1 || day > month_days[month - 1]) return std::nullopt;
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  if (month == 2 && day == 29 && !leap) return std::nullopt;
  return days_from_civil(year, month, day);
}
}  // namespace

std::string_view to_string(Isolation value) { return name_in(value, isolation_names); }
std::string_view to_string(GpuSegment value) { return name_in(value, gpu_segment_names); }
std::string_view to_string(Interconnect value) { return name_in(value, interconnect_names); }
std::string_view to_string(Rdma value) { return name_in(value, rdma_names); }
std::string_view to_string(Stock value) { return name_in(value, stock_names); }

std::string_view display_name(Interconnect value) {
  // As the vendors write them (table, Interconnect order).
  constexpr std::array<std::string_view, 6> names = {"none", "PCIe", "NVLink", "NVSwitch", "Infinity Fabric", "HCCS"};
  const auto index = static_cast<std::size_t>(value);
  return index < names.size() ? names[index] : to_string(value);
}
std::string_view display_name(Rdma value) {
  // As the vendors write them (table, Rdma order).
  constexpr std::array<std::string_view, 4> names = {"none", "InfiniBand", "RoCE", "EFA"};
  const auto index = static_cast<std::size_t>(value);
  return index < names.size() ? names[index] : to_string(value);
}

std::string_view display_name(const Provider& provider, text::Lang lang) {
  return lang == text::Lang::zh_cn && !provider.name_zh.empty() ? provider.name_zh : provider.name;
}
std::string_view display_name(const Gpu& gpu, text::Lang lang) {
  return lang == text::Lang::zh_cn && !gpu.name_zh.empty() ? gpu.name_zh : gpu.name;
}
std::string_view to_string(PricingMode value) { return name_in(value, pricing_mode_names); }
std::string_view pricing_key(PricingMode value) { return name_in(value, pricing_keys); }

std::string_view to_string(ProviderKind value) { return name_in(value, provider_kind_names); }
std::string_view to_string(SupportTier value) { return name_in(value, support_tier_names); }
std::string_view to_string(SupportHours value) { return name_in(value, support_hours_names); }
std::string_view to_string(Resize value) { return name_in(value, resize_names); }
std::string_view to_string(ModelFamily value) { return name_in(value, model_family_names); }
std::string_view to_string(AttentionKind value) { return name_in(value, attention_kind_names); }
std::string_view to_string(WeightsPrecision value) { return name_in(value, weights_precision_names); }

std::optional<PricingMode> parse_pricing_mode(std::string_view text) {
  for (std::size_t i = 0; i < pricing_mode_count; ++i) {
    if (text == pricing_mode_names[i] || text == pricing_keys[i]) return static_cast<PricingMode>(i);
  }
  // The names the domestic clouds' consoles use (按量付费 is Alibaba's and Tencent's pay-as-you-go,
  // 抢占式 Alibaba's spot, 包年包月 the subscription split into its two terms).
  struct ModeAlias {
    std::string_view alias;
    PricingMode mode;
  };
  static constexpr std::array<ModeAlias, 8> mode_aliases = {{{"按需", PricingMode::on_demand},
                                                            {"按量付费", PricingMode::on_demand},
                                                            {"竞价", PricingMode::spot},
                                                            {"竞价实例", PricingMode::spot},
                                                            {"抢占式", PricingMode::spot},
                                                            {"包月", PricingMode::monthly},
                                                            {"包年", PricingMode::yearly},
                                                            {"容量块", PricingMode::capacity_block}}};
  for (const auto& [alias, mode] : mode_aliases) {
    if (text == alias) return mode;
  }
  return std::nullopt;
}

double Gpu::capacity_bytes() const {
  constexpr double bytes_per_mib = 1048576.0;
  constexpr double bytes_per_gib = 1073741824.0;
  return usable_memory_mib > 0 ? usable_memory_mib * bytes_per_mib : memory_gb * bytes_per_gib;
}

const Gpu* Catalog::find_gpu(std::string_view id_or_alias) const { return find_by_id_or_alias(gpus, id_or_alias); }
const Provider* Catalog::find_provider(std::string_view id) const { return find_by_id_or_alias(providers, id); }
const Offering* Catalog::find_offering(std::string_view id) const { return find_by_id(offerings, id); }

const RegionPrice* Offering::region_price(std::string_view region) const {
  const auto found = std::lower_bound(region_prices.begin(), region_prices.end(), region,
                                      [](const RegionPrice& entry, std::string_view name) { return entry.region < name; });
  return found != region_prices.end() && found->region == region ? &*found : nullptr;
}

const Pricing& Offering::pricing_in(std::string_view region) const {
  if (region_prices.empty()) return pricing;
  const RegionPrice* entry = region_price(region);
  return entry != nullptr ? entry->pricing : pricing;
}

bool Offering::sold_anywhere(PricingMode mode) const {
  if (region_prices.empty()) return pricing.price(mode).has_value();
  bool sold = false;
  for_each_listed_pricing([&](const Pricing& prices) { sold = sold || prices.price(mode).has_value(); });
  return sold;
}

bool Offering::sold_in_any(PricingMode mode, const std::vector<std::string>& regions_named) const {
  if (regions_named.empty()) return sold_anywhere(mode);
  return std::any_of(regions.begin(), regions.end(), [&](const std::string& region) {
    return std::find(regions_named.begin(), regions_named.end(), region) != regions_named.end() &&
           pricing_in(region).price(mode).has_value();
  });
}

void Offering::prices_by_region(std::vector<const Pricing*>& out) const {
  out.assign(regions.size(), &pricing);
  for (const RegionPrice& entry : region_prices) {
    if (entry.region_index == RegionPrice::unindexed) {
      for (std::size_t index = 0; index < regions.size(); ++index) out[index] = &pricing_in(regions[index]);
      return;
    }
    if (entry.region_index < out.size()) out[entry.region_index] = &entry.pricing;
  }
}

void index_region_prices(Offering& offering) {
  if (offering.region_prices.empty()) return;
  // The listed regions by name, the first listing of a name first.
  const auto sorted_by_name = [&offering] {
    std::vector<std::pair<std::string_view, std::size_t>> by_name;
    by_name.reserve(offering.regions.size());
    for (std::size_t index = 0; index < offering.regions.size(); ++index) {
      by_name.emplace_back(offering.regions[index], index);
    }
    std::stable_sort(by_name.begin(), by_name.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return by_name;
  };
  auto by_name = sorted_by_name();
  const auto twice = [](const auto& a, const auto& b) { return a.first == b.first; };
  if (std::adjacent_find(by_name.begin(), by_name.end(), twice) != by_name.end()) {
    std::vector<bool> repeated(offering.regions.size(), false);
    for (std::size_t at = 1; at < by_name.size(); ++at) {
      if (by_name[at].first == by_name[at - 1].first) repeated[by_name[at].second] = true;
    }
    std::vector<std::string> once;
    for (std::size_t index = 0; index < offering.regions.size(); ++index) {
      if (!repeated[index]) once.push_back(offering.regions[index]);
    }
    offering.regions = SharedTextList(std::move(once));
    by_name = sorted_by_name();
  }
  const bool fits = offering.regions.size() < RegionPrice::not_listed;
  for (RegionPrice& entry : offering.region_prices) {
    const auto found = std::lower_bound(by_name.begin(), by_name.end(), std::string_view(entry.region),
                                        [](const auto& listed, std::string_view name) { return listed.first < name; });
    const bool listed = found != by_name.end() && found->first == entry.region;
    entry.region_index = !fits    ? RegionPrice::unindexed
                         : listed ? static_cast<std::uint16_t>(found->second)
                                  : RegionPrice::not_listed;
  }
}
const ModelPreset* Catalog::find_model(std::string_view id_or_alias) const {
  return find_by_id_or_alias(models, id_or_alias);
}
const CurrencyRate* Catalog::find_currency(std::string_view code) const {
  for (const auto& rate : currencies) {
    if (equals_ignoring_case(rate.code, code)) return &rate;
  }
  return nullptr;
}

std::string Catalog::where(const SourcePos& pos) const {
  std::string text = pos.file < files.size() ? files[pos.file] : std::string("<catalog>");
  if (pos.line > 0) text += ':' + std::to_string(pos.line) + ':' + std::to_string(pos.column);
  return text;
}

std::optional<int> days_between(std::string_view from, std::string_view to) {
  const auto start = parse_date(from);
  const auto end = parse_date(to);
  if (!start || !end) return std::nullopt;
  return static_cast<int>(*end - *start);
}

namespace {
// What a lookup by id accepts, for its "did you mean": ids, and aliases where records have them.
template <typename Record>
std::vector<std::string> names_of(const std::vector<Record>& records) {
  std::vector<std::string> names;
  for (const auto& record : records) {
    names.push_back(record.id);
    if constexpr (requires { record.aliases; }) names.insert(names.end(), record.aliases.begin(), record.aliases.end());
  }
  return names;
}
}  // namespace

namespace {
std::string lower_case(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

// The GPUs whose id or an alias starts with `name` or holds it between dashes or spaces, in any
// case: "4090" -> rtx-4090, "a100-80" -> a100-sxm4-80gb and a100-pcie-80gb. At most `limit` ids.
std::vector<std::string> gpus_by_part(const Catalog& catalog, std::string_view name, std::size_t limit) {
  const std::string part = lower_case(name);
  std::vector<std::string> ids;
  if (part.size() < 2) return ids;
  auto holds = [&](std::string_view spelling) {
    const std::string lower = lower_case(spelling);
    for (std::size_t at = lower.find(part); at != std::string::npos; at = lower.find(part, at + 1)) {
      const bool starts_word = at == 0 || lower[at - 1] == '-' || lower[at - 1] == ' ' || lower[at - 1] == '_' ||
                               (std::isalpha(static_cast<unsigned char>(lower[at - 1])) != 0 &&
                                std::isdigit(static_cast<unsigned char>(part.front())) != 0);
      if (starts_word) return true;
    }
    return false;
  };
  for (const auto& gpu : catalog.gpus) {
    const bool named = holds(gpu.id) || std::any_of(gpu.aliases.begin(), gpu.aliases.end(), holds);
    if (named && ids.size() < limit) ids.push_back(gpu.id);
  }
  return ids;
}

// The digits of a name, in order: a GPU's model number ("4090", "10080" for A100-80GB).
std::string digits_of(std::string_view name) {
  std::string out;
  for (const char c : name) {
    if (std::isdigit(static_cast<unsigned char>(c)) != 0) out += c;
  }
  return out;
}

// A GPU name that no record has: not a GPU, a published GPU without a record, or unknown. A "did you
// mean" only offers names with the same digits, since the model number is what tells GPUs apart
// (RTX3080 is not an RTX3090).
Error gpu_name_error(const Catalog& catalog, std::string_view name, std::string where) {
  if (accelerators::is_non_gpu(name)) {
    return Error::said(std::move(where), text::words(text::Msg::err_not_a_gpu, text::quoted(name)),
                       text::words(text::Msg::hint_name_a_gpu));
  }
  if (accelerators::is_published_gpu_name(name)) {
    return Error::said(std::move(where), text::words(text::Msg::err_no_gpu_record, text::quoted(name)),
                       text::words(text::Msg::hint_no_gpu_record));
  }
  // Names with the same model number ("A10" for "a10g"), or that the name begins ("H10" for "H100").
  const std::string model_number = digits_of(name);
  std::vector<std::string> candidates;
  for (auto& candidate : names_of(catalog.gpus)) {
    const bool begins = name.size() >= 2 && candidate.size() > name.size() &&
                        equals_ignoring_case(std::string_view(candidate).substr(0, name.size()), name);
    if (digits_of(candidate) == model_number || begins) candidates.push_back(std::move(candidate));
  }
  // A GPU name is matched ignoring case (find_gpu), so the nearest one is measured the same way: "h10"
  // is "H100" cut short, as "H10" is, not "a10" with a wrong letter (issue 29 review 2).
  std::vector<std::string> lowered;
  lowered.reserve(candidates.size());
  for (const auto& candidate : candidates) lowered.push_back(lower_case(candidate));
  const std::string nearest = closest_match(lower_case(name), lowered);
  const text::Words listing = text::words(text::Msg::hint_see_ids, "'gpuselect catalog gpus'");
  if (nearest.empty()) return unknown_id(std::move(where), text::Msg::kind_gpu, name, candidates, listing);
  // Of the spellings of that name ("l40s", "L40S"), the one nearest as typed.
  std::vector<std::string> spellings;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (lowered[i] == nearest) spellings.push_back(candidates[i]);
  }
  const std::string as_typed = closest_match(name, spellings);
  const std::string& spelled = as_typed.empty() ? spellings.front() : as_typed;
  return Error::said(std::move(where), text::words(text::Msg::err_unknown, text::Msg::kind_gpu, text::quoted(name)),
                     text::Words::in_each([&](text::Lang lang) {
                       return text::say(lang, text::Msg::err_did_you_mean, text::quoted(spelled), listing.say(lang));
                     }));
}

// `name` with each letter O (either case) next to a digit read as a zero, repeated so that "A1OO"
// becomes "A100"; other letters unchanged.
std::string letter_o_as_zero(std::string_view name) {
  std::string zeroed(name);
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < zeroed.size(); ++i) {
      if (zeroed[i] != 'O' && zeroed[i] != 'o') continue;
      const bool after_digit = i > 0 && is_digit(zeroed[i - 1]);
      const bool before_digit = i + 1 < zeroed.size() && is_digit(zeroed[i + 1]);
      if (after_digit || before_digit) {
        zeroed[i] = '0';
        changed = true;
      }
    }
  }
  return zeroed;
}

// Why a name that no record resolves is not a GPU we know, with the hint a user needs: a memory size
// (dstack's `--gpu 24GB..`), part of a name, a bare count, or the same-model-number did-you-mean.
Error unknown_gpu(const Catalog& catalog, std::string_view name, std::string where) {
  if (accelerators::is_non_gpu(name) || accelerators::is_published_gpu_name(name)) return gpu_name_error(catalog, name, std::move(where));
  const text::Words listing = text::words(text::Msg::hint_see_ids, "'gpuselect catalog gpus'");
  // The letter O typed for a zero beside a digit ("H2O" for H20, "A1OO" for A100; issue 29 review 2).
  if (const std::string zeroed = letter_o_as_zero(name); zeroed != name) {
    if (const Gpu* gpu = catalog.find_gpu(zeroed)) {
      return Error::said(std::move(where), text::words(text::Msg::err_unknown, text::Msg::kind_gpu, text::quoted(name)),
                         text::composed(text::Msg::err_did_you_mean, text::quoted(gpu->id), listing));
    }
  }
  // dstack's `--gpu 24GB..` names memory, not a GPU.
  const std::string lower = lower_case(name);
  const std::string_view low_end = std::string_view(lower).substr(0, lower.find(".."));
  if ((lower.find("..") != std::string::npos || lower.ends_with("gb")) &&
      (low_end.empty() || (low_end.ends_with("gb") && units::parse_bytes(low_end)))) {
    return Error::said(std::move(where), text::words(text::Msg::err_gpu_is_memory, text::quoted(name)),
                       text::words(text::Msg::hint_gpu_is_memory, std::string(name)));
  }
  const bool digits_only =
      !name.empty() && std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
  // A close spelling of the same model number first ("A100-80BG" -> A100-80GB; "A100-80G" is read by its parts), then part of a name.
  std::vector<std::string> same_model;
  for (auto& candidate : names_of(catalog.gpus)) {
    if (digits_of(candidate) == digits_of(name)) same_model.push_back(std::move(candidate));
  }
  if (!digits_only && !closest_match(name, same_model).empty()) return gpu_name_error(catalog, name, std::move(where));
  // A model and a bare number, the number read as its memory ("a100-80", "h100-80": every board of
  // that model and memory), else part of a name ("4090" -> rtx-4090).
  constexpr std::size_t suggested_at_most = 3;
  std::vector<std::string> ids;
  const auto last_dash = name.find_last_of("-_ ");
  if (!digits_only && last_dash != std::string_view::npos && last_dash + 1 < name.size() &&
      std::all_of(name.begin() + static_cast<std::ptrdiff_t>(last_dash) + 1, name.end(),
                  [](char c) { return c >= '0' && c <= '9'; })) {
    for (const Gpu* gpu : accelerators::Resolver(catalog).all_by_parts(std::string(name) + "GB")) {
      if (ids.size() < suggested_at_most) ids.push_back(gpu->id);
    }
  }
  if (ids.empty()) ids = gpus_by_part(catalog, name, suggested_at_most);
  if (!ids.empty()) {
    const text::Words guesses = text::Words::in_each([&ids](text::Lang lang) {
      std::string said = text::quoted(ids[0]);
      for (std::size_t i = 1; i < ids.size(); ++i) {
        said = i + 1 == ids.size() ? text::say(lang, text::Msg::list_or, said, text::quoted(ids[i]))
                                   : said + std::string(text::message(text::Msg::list_comma, lang)) + text::quoted(ids[i]);
      }
      return said;
    });
    return Error::said(std::move(where), text::words(text::Msg::err_unknown, text::Msg::kind_gpu, text::quoted(name)),
                       text::composed(text::Msg::err_did_you_mean, guesses, listing));
  }
  // A bare count ("--gpus 8") is not a name.
  if (digits_only) {
    return Error::said(std::move(where), text::words(text::Msg::err_gpu_is_count, text::quoted(name)),
                       text::composed(text::Msg::hint_gpu_is_count, std::string(name), listing));
  }
  return gpu_name_error(catalog, name, std::move(where));
}
}  // namespace

const Gpu& gpu_named(const Catalog& catalog, std::string_view name, std::string where) {
  if (const Gpu* gpu = catalog.find_gpu(name)) return *gpu;
  if (const Gpu* gpu = accelerators::Resolver(catalog).resolve(name, accelerators::says_pcie(name))) return *gpu;
  throw unknown_gpu(catalog, name, std::move(where));
}

std::vector<std::string> gpu_ids_named(const Catalog& catalog, std::string_view name, std::optional<double> memory_gb,
                                       std::string where) {
  const accelerators::Resolver resolver(catalog);
  const Gpu* named = catalog.find_gpu(name);
  if (named == nullptr) named = resolver.resolve(name, accelerators::says_pcie(name));
  if (!memory_gb) {
    if (named != nullptr) return {named->id};
    if (accelerators::is_published_gpu_name(name) && !accelerators::is_non_gpu(name)) return {std::string(name)};
    throw unknown_gpu(catalog, name, std::move(where));
  }
  // dstack's NAME:MEMORY: every record of that model name with that memory (A100:80GB is the SXM4
  // and the PCIe card), memory compared as the vendor's label, rounded to whole GB.
  const std::string model = accelerators::normalized(named != nullptr ? accelerators::dstack_model_name(*named) : name);
  std::vector<std::string> ids;
  std::vector<std::string> memories;
  for (const auto& gpu : catalog.gpus) {
    if (accelerators::normalized(accelerators::dstack_model_name(gpu)) != model) continue;
    const auto memory = fmt::format("{:g}", std::round(gpu.memory_gb));
    if (std::find(memories.begin(), memories.end(), memory) == memories.end()) memories.push_back(memory);
    if (std::round(gpu.memory_gb) == std::round(*memory_gb)) ids.push_back(gpu.id);
  }
  if (!ids.empty()) return ids;
  if (memories.empty()) {
    if (accelerators::is_published_gpu_name(name) && !accelerators::is_non_gpu(name)) return {std::string(name)};
    throw unknown_gpu(catalog, name, std::move(where));
  }
  std::string listing;
  for (const auto& memory : memories) listing += (listing.empty() ? "" : ", ") + memory + "GB";
  throw Error::said(std::move(where),
                    text::words(text::Msg::err_no_gpu_with_memory, text::quoted(name), fmt::format("{:g}", *memory_gb)),
                    text::words(text::Msg::hint_gpu_records_have, text::quoted(name), listing));
}

void check_gpu_constraint(const Catalog& catalog, std::string_view name, std::string where) {
  if (catalog.find_gpu(name) != nullptr) return;
  if (accelerators::is_published_gpu_name(name) && !accelerators::is_non_gpu(name) &&
      accelerators::Resolver(catalog).resolve(name, false) == nullptr) {
    return;
  }
  const Gpu& gpu = gpu_named(catalog, name, where);
  throw Error::said(std::move(where), text::words(text::Msg::err_gpu_spelling, text::quoted(name), text::quoted(gpu.id)),
                    text::words(text::Msg::hint_gpu_spelling));
}

namespace {
// A record's model as dstack names it, without memory size or board: "a100" for every A100.
std::string model_key(const Gpu& gpu) { return accelerators::normalized(accelerators::dstack_model_name(gpu)); }
}  // namespace

bool same_gpu_model(const Gpu& a, const Gpu& b) { return &a != &b && model_key(a) == model_key(b); }

bool gpu_name_selects(const Catalog& catalog, std::string_view name, const Gpu& gpu) {
  const Gpu* named = catalog.find_gpu(name);
  if (named == &gpu) return true;
  return named != nullptr && accelerators::normalized(name) == model_key(*named) && same_gpu_model(*named, gpu);
}

const Provider& provider_named(const Catalog& catalog, std::string_view name, std::string where) {
  if (const Provider* provider = catalog.find_provider(name)) return *provider;
  throw unknown_id(std::move(where), text::Msg::kind_provider, name, names_of(catalog.providers),
                   text::words(text::Msg::err_see, "'gpuselect catalog providers'"));
}

const Offering& offering_named(const Catalog& catalog, std::string_view name, std::string where) {
  if (const Offering* offering = catalog.find_offering(name)) return *offering;
  throw unknown_id(std::move(where), text::Msg::kind_offering, name, names_of(catalog.offerings),
                   text::words(text::Msg::hint_see_offering_ids, "'gpuselect catalog list'"));
}

const ModelPreset& model_named(const Catalog& catalog, std::string_view name, std::string where) {
  if (const ModelPreset* model = catalog.find_model(name)) return *model;
  const text::Words listing = text::words(text::Msg::hint_see_models, "'gpuselect catalog models'");
  // The nearest spelling, ids and aliases alike, suggested as its preset's id: the id is what
  // 'gpuselect catalog models' lists (expert review 4: 'llama-9b' was offered the alias 'llama2-7b').
  const std::string nearest = closest_match(name, names_of(catalog.models));
  const ModelPreset* preset = nearest.empty() ? nullptr : catalog.find_model(nearest);
  if (preset == nullptr) throw unknown_id(std::move(where), text::Msg::kind_model, name, names_of(catalog.models), listing);
  throw Error::said(std::move(where), text::words(text::Msg::err_unknown, text::Msg::kind_model, text::quoted(name)),
                    text::Words::in_each([&](text::Lang lang) {
                      return text::say(lang, text::Msg::err_did_you_mean, text::quoted(preset->id), listing.say(lang));
                    }));
}

namespace {
// Names people write for a currency other than its ISO 4217 code: RMB (renminbi) is the yuan's
// everyday name in Chinese guides; ISO 4217 codes it CNY.
struct CurrencyAlias {
  std::string_view alias;
  std::string_view code;
};
// What a reader types for a code: RMB, and the Chinese names of the yuan and the dollar.
constexpr std::array<CurrencyAlias, 4> currency_aliases = {
    {{"RMB", "CNY"}, {"人民币", "CNY"}, {"元", "CNY"}, {"美元", "USD"}}};
}  // namespace

std::optional<SpotStatistic> parse_spot_statistic(std::string_view text) {
  if (text == "median") return SpotStatistic::median;
  if (text == "min") return SpotStatistic::min;
  return std::nullopt;
}

void rank_spot_by(Catalog& catalog, SpotStatistic statistic) {
  if (statistic != SpotStatistic::min) return;
  for (auto& offering : catalog.offerings) {
    for (auto& entry : offering.region_prices) {
      if (entry.spot_min && entry.pricing.spot) entry.pricing.spot = entry.spot_min;
    }
    // `pricing` is one region's pair (the importer's cheapest on-demand region): its spot follows.
    for (const auto& entry : offering.region_prices) {
      if (entry.spot_min && offering.pricing.spot && entry.pricing.on_demand == offering.pricing.on_demand &&
          entry.pricing.spot == entry.spot_min) {
        offering.pricing.spot = entry.spot_min;
        break;
      }
    }
  }
}

std::string output_currency(const Catalog& catalog, std::string_view text) {
  std::string code(text);
  for (char& c : code) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (const auto& alias : currency_aliases) {
    if (code == alias.alias) code = alias.code;
  }
  convert(catalog, 1.0, "USD", code);  // throws for a code without a rate
  return code;
}

double convert(const Catalog& catalog, double amount, std::string_view from_code, std::string_view to_code) {
  if (equals_ignoring_case(from_code, to_code)) return amount;
  auto per_usd = [&](std::string_view code) {
    if (equals_ignoring_case(code, "USD")) return 1.0;
    const CurrencyRate* rate = catalog.find_currency(code);
    if (rate == nullptr || !(rate->per_usd > 0)) {
      std::vector<std::string> known{"USD"};
      for (const auto& r : catalog.currencies) {
        if (!equals_ignoring_case(r.code, "USD")) known.push_back(r.code);
      }
      const text::Words known_list = one_of_words(known);
      throw unknown_id("--currency", text::Msg::kind_currency, code, known, text::Words::in_each([&](text::Lang lang) {
                         return text::say(lang, text::Msg::hint_add_currency, known_list.say(lang));
                       }));
    }
    return rate->per_usd;
  };
  return amount / per_usd(from_code) * per_usd(to_code);
}

}  // namespace gpuselect::catalog
