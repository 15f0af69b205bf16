// The neutral importer core (src/catalog/import_core.hpp): merging rows into offerings, the price
// basis, outliers, bad rows, provider stubs and unlisted offerings. docs/catalog.md "Importing
// SkyPilot catalogs" gives the rules (numbered as in src/catalog/skypilot_import.cpp's comment).
//
// 5. Defaults for what vms.csv lacks (each offering lists interconnect, isolation and max_nodes in
//    estimated_fields): interconnect from the GPU's own link (table link_rules); isolation vgpu for a
//    fractional GPU, bare-metal for an instance type ending in ".metal", else passthrough; network
//    from table known_networks (RDMA fabrics of specific instance types), else rdma none and
//    bandwidth unknown (0); max_nodes 16 with RDMA, else 1; stock unknown; as_of = options.as_of;
//    source = options.source_name + " (<file kind> import)".
#include "catalog/import_core.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "catalog/accelerators.hpp"
#include "catalog/fields.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::catalog {

namespace {

// ---- tables of facts price lists lack (rule 5) ---------------------------------------------------

// Offering interconnect from the GPU record's own `interconnect` and the GPU count; first match wins,
// no match = pcie.
struct LinkRule {
  std::string_view gpu_interconnect;
  int min_gpus;
  Interconnect offering_interconnect;
};
constexpr std::array<LinkRule, 8> link_rules = {{
    // 8 SXM A100 (NVLink 3) / H100, H200 (NVLink 4) / B200 (NVLink 5) GPUs sit on an NVIDIA HGX
    // board joined by NVSwitch (NVIDIA HGX A100, H100/H200, B200 platform datasheets).
    {"nvlink-3", 8, Interconnect::nvswitch},
    {"nvlink-4", 8, Interconnect::nvswitch},
    {"nvlink-5", 8, Interconnect::nvswitch},
    // 8 V100 SXM2 are an NVLink hybrid cube-mesh without a switch (NVIDIA DGX-1 / AWS p3.16xlarge),
    // and 2..4 SXM GPUs of one board reach each other over NVLink.
    {"nvlink-2", 2, Interconnect::nvlink},
    {"nvlink-3", 2, Interconnect::nvlink},
    {"nvlink-4", 2, Interconnect::nvlink},
    {"nvlink-5", 2, Interconnect::nvlink},
    // MI300X platforms link 8 GPUs with Infinity Fabric (AMD Instinct MI300X platform datasheet).
    {"infinity-fabric", 2, Interconnect::infinity_fabric},
}};

// Inter-node fabrics of specific instance types; bandwidth in Gbit/s per node.
struct NetworkSpec {
  std::string_view instance_type;
  Rdma rdma;
  double bandwidth_gbps;
};
constexpr std::array<NetworkSpec, 11> known_networks = {{
    // AWS EFA, aws.amazon.com/ec2/instance-types/p4/ (400 Gbps), /p5/ (3200 Gbps), /p6/ (3200 Gbps).
    {"p4d.24xlarge", Rdma::efa, 400},
    {"p4de.24xlarge", Rdma::efa, 400},
    {"p5.48xlarge", Rdma::efa, 3200},
    {"p5e.48xlarge", Rdma::efa, 3200},
    {"p5en.48xlarge", Rdma::efa, 3200},
    {"p6-b200.48xlarge", Rdma::efa, 3200},
    // Azure InfiniBand, learn.microsoft.com virtual-machines sizes: ND A100 v4 / NDm A100 v4
    // (8 x 200 Gb/s HDR), ND H100 v5, ND H200 v5, ND MI300X v5 (8 x 400 Gb/s NDR).
    {"Standard_ND96asr_v4", Rdma::infiniband, 1600},
    {"Standard_ND96amsr_A100_v4", Rdma::infiniband, 1600},
    {"Standard_ND96isr_H100_v5", Rdma::infiniband, 3200},
    {"Standard_ND96isr_H200_v5", Rdma::infiniband, 3200},
    {"Standard_ND96isr_MI300X_v5", Rdma::infiniband, 3200},
}};

// Assumption (no provider publishes a cap): an RDMA-connected type can be clustered for one job up
// to 16 nodes; types without RDMA are taken as single-node.
constexpr int rdma_max_nodes = 16;

// Instance-type markers that name a form factor, and the GPU alias suffix tried for them.
struct FormFactorHint {
  std::string_view instance_type_marker;  // lower case
  std::string_view alias_suffix;
};
constexpr std::array<FormFactorHint, 2> form_factor_hints = {{
    {"pcie", "-PCIe"},
    {"sxm", "-SXM"},
}};

// See rule 2 in the file comment.
constexpr double memory_variant_tolerance = 0.25;
constexpr double mib_per_gib = 1024.0;

bool ends_with_ignoring_case(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && equals_ignoring_case(text.substr(text.size() - suffix.size()), suffix);
}

using text::excerpt;
using text::trim;

Interconnect default_interconnect(const Gpu& gpu, int gpu_count) {
  for (const auto& rule : link_rules) {
    if (gpu_count >= rule.min_gpus && equals_ignoring_case(gpu.interconnect, rule.gpu_interconnect)) {
      return rule.offering_interconnect;
    }
  }
  return Interconnect::pcie;
}

const NetworkSpec* known_network(std::string_view instance_type) {
  for (const auto& spec : known_networks) {
    if (spec.instance_type == instance_type) return &spec;
  }
  return nullptr;
}

// Median of the values (mean of the middle two for an even count); sorts them. nullopt when empty.
std::optional<double> median(std::vector<double>& values) {
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  const double value = values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  return std::round(value * price_scale) / price_scale;
}

}  // namespace

std::string lower(std::string_view text) {
  std::string result(text);
  for (char& c : result) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return result;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

std::string number_text(double value) {
  std::array<char, 32> buffer{};
  const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  return std::string(buffer.data(), result.ptr);
}

std::string rows_text(std::size_t rows) { return std::to_string(rows) + (rows == 1 ? " row" : " rows"); }
text::Words rows_words(std::size_t rows) { return text::words(text::Msg::rows_count, rows, rows == 1 ? "" : "s"); }

std::string region_id(std::string_view text) {
  text = trim(text);
  if (text.find(',') == std::string_view::npos) return std::string(text);
  std::string out;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    std::string_view part = trim(text.substr(0, comma));
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    if (part.empty()) continue;
    if (!out.empty()) out += '-';
    for (const char c : part) out += c == ' ' ? '-' : c;
  }
  return out;
}

// ---- merging ------------------------------------------------------------------------------------

class OfferingMerger::Drafts {
 public:
  Drafts(const Catalog& known, const ImportOptions& options, std::string_view file_kind)
      : known_(known), options_(options), file_kind_(file_kind), resolver_(known) {}

  // Adds a priced GPU row under `instance_type`. False when the row was skipped (unknown or non-GPU
  // accelerator, or disagreeing with earlier rows of the type).
  bool add(const ImportRow& row, const std::string& instance_type, bool accelerator_only = false) {
    if (accelerators::is_non_gpu(row.accelerator)) {
      count_name(non_gpu_, non_gpu_by_name_, row.accelerator);
      ++rows_non_gpu_;
      return false;
    }
    if (drafts_.size() >= max_import_instance_types && draft_by_instance_type_.count(instance_type) == 0) {
      throw Error::said(options_.source_name + ':' + std::to_string(row.line) + ":1",
                        text::words(text::Msg::err_import_instance_types, max_import_instance_types),
                        text::words(text::Msg::hint_import_fewer));
    }
    // One instance type name may carry two memory variants of a GPU (Vast.ai's "1x-A100_SXM4-32-65536"
    // holds 40 GB and 80 GB hosts, told apart by GpuInfo's SizeInMiB): each variant is its own offering,
    // "<type>-<memory>gb", never merged into the first one's record.
    std::string key = instance_type;
    if (const auto first = draft_by_instance_type_.find(instance_type); first != draft_by_instance_type_.end()) {
      const Draft& existing = drafts_[first->second];
      if (existing.gpu != nullptr && row.gpu_memory_mib && existing.gpu_memory_mib &&
          *row.gpu_memory_mib != *existing.gpu_memory_mib) {
        const Gpu* variant = resolve_gpu(row, instance_type);
        if (variant != nullptr && variant != existing.gpu) key = variant_key(instance_type, *variant);
      }
    }
    auto [entry, inserted] = draft_by_instance_type_.try_emplace(key, drafts_.size());
    if (inserted) {
      drafts_.push_back(start_draft(row, instance_type, accelerator_only));
      drafts_.back().gpu_memory_mib = row.gpu_memory_mib;
      if (key != instance_type && drafts_.back().gpu != nullptr) drafts_.back().offering.id = options_.provider_id + "/" + key;
    }
    Draft& draft = drafts_[entry->second];
    if (draft.gpu == nullptr) {
      count_name(unknown_, unknown_by_name_, row.accelerator);
      ++rows_unknown_;
      return false;
    }
    if (!equals_ignoring_case(draft.accelerator, row.accelerator) || draft.accelerator_count != row.accelerator_count) {
      if (!draft.conflict_warned) {
        draft.conflict_warned = true;
        warn(text::words(text::Msg::warn_import_conflict, draft.offering.id, row.line, row.accelerator,
                         number_text(row.accelerator_count), draft.accelerator, number_text(draft.accelerator_count)));
      }
      return false;
    }
    RegionDraft& region = region_of(draft, row.region);
    if (region.spelling.empty()) region.spelling = row.region_spelling;
    if (row.price && *row.price > 0) region.on_demand.push_back(*row.price);
    if (row.spot_price && *row.spot_price > 0) {
      // SkyPilot writes Price into SpotPrice for types sold without a spot market (Vast, some AWS
      // rows): equal to on-demand is no spot price.
      if (row.price && *row.spot_price == *row.price) {
        ++spot_equal_rows_;
      } else {
        region.spot.push_back(*row.spot_price);
      }
    }
    Offering& offering = draft.offering;
    if (offering.vcpus == 0 && row.vcpus > 0) offering.vcpus = static_cast<int>(std::lround(row.vcpus));
    if (offering.ram_gb == 0 && row.memory_gib > 0) offering.ram_gb = row.memory_gib;
    if (offering.local_disk_gb == 0 && row.local_disk_gb) offering.local_disk_gb = *row.local_disk_gb;
    return true;
  }

  void warn(const text::Words& warning) {
    warnings_.push_back(warning.say(text::Lang::en));
    said_warnings_.push_back(warning);
  }

  // Whether the file lists instance type `instance_type` (kept, skipped as an outlier or not).
  bool lists(const std::string& instance_type) const { return draft_by_instance_type_.count(instance_type) > 0; }

  // The draft key (and offering id tail) of a second memory variant under one instance type name.
  static std::string variant_key(const std::string& instance_type, const Gpu& gpu) {
    return instance_type + "-" + fmt::format("{:g}", gpu.memory_gb) + "gb";
  }

  void finish(ImportResult& result) {
    std::vector<Draft*> kept;
    for (auto& draft : drafts_) {
      if (draft.gpu == nullptr) continue;
      close_prices(draft);
      kept.push_back(&draft);
    }
    apply_price_basis(kept, result);
    for (Draft* draft : kept) {
      if (outlier(*draft)) continue;
      if (!draft->offering.pricing.on_demand && !draft->any_on_demand) {
        warn(text::words(text::Msg::warn_import_no_on_demand, draft->offering.id));
      }
      result.overlays_existing.push_back(known_.find_offering(draft->offering.id) != nullptr);
      result.offerings.push_back(std::move(draft->offering));
    }
    if (spot_equal_rows_ > 0) {
      warn(text::composed(text::Msg::warn_import_spot_equal, rows_words(spot_equal_rows_)));
    }
    std::string names;
    for (const auto& unknown : unknown_) {
      // A published GPU (P100, RTX3060, GH200) is no one's alias: it needs its own record.
      // A record of that name on another board (cudo's PCIe A800, the catalog's A800 is SXM4) is not
      // a missing alias either: the PCIe card needs its own record.
      const Gpu* other_board = resolver_.resolve(unknown.name, false);
      if (other_board != nullptr) {
        warn(text::composed(text::Msg::warn_import_pcie, text::quoted(unknown.name), text::quoted(other_board->id),
                            rows_words(unknown.rows)));
        continue;
      }
      warn(text::composed(accelerators::is_published_gpu_name(unknown.name) ? text::Msg::warn_import_no_record
                                                                            : text::Msg::warn_import_unknown,
                          text::quoted(unknown.name), rows_words(unknown.rows)));
    }
    for (const auto& entry : non_gpu_) names += (names.empty() ? "" : ", ") + entry.name;
    if (!non_gpu_.empty()) {
      warn(text::composed(text::Msg::warn_import_non_gpu, rows_words(rows_non_gpu_), excerpt(names, 200)));
    }
    result.region_lookup_steps = lookup_steps_;
    result.rows_unknown_accelerator = rows_unknown_;
    result.rows_non_gpu = rows_non_gpu_;
    result.warnings = std::move(warnings_);
    result.said_warnings = std::move(said_warnings_);
  }

 private:
  struct RegionDraft {
    std::string region;
    std::vector<double> on_demand;  // one per zone row with a price
    std::vector<double> spot;
    std::string spelling;  // the Region column as written
  };
  struct Draft {
    Offering offering;
    std::string accelerator;
    double accelerator_count = 0;
    const Gpu* gpu = nullptr;  // nullptr: accelerator unknown, rows are skipped
    std::vector<RegionDraft> regions;
    std::unordered_map<std::string, std::size_t> region_index;  // region -> index in regions: O(1) per row
    std::size_t last_region = 0;
    bool conflict_warned = false;
    bool any_on_demand = false;
    std::optional<double> gpu_memory_mib;  // GpuInfo's SizeInMiB of the first row
  };
  struct NamedCount {
    std::string name;
    std::size_t rows = 0;
  };
  std::size_t lookup_steps_ = 0;

  // The row's region of the draft: one hash lookup (counted in lookup_steps_), so the import is
  // linear in rows however many regions an instance type has.
  RegionDraft& region_of(Draft& draft, const std::string& region) {
    ++lookup_steps_;
    if (draft.last_region < draft.regions.size() && draft.regions[draft.last_region].region == region) {
      return draft.regions[draft.last_region];
    }
    const auto [entry, inserted] = draft.region_index.try_emplace(region, draft.regions.size());
    if (inserted) draft.regions.push_back({region, {}, {}, {}});
    draft.last_region = entry->second;
    return draft.regions[entry->second];
  }

  // Per region: on-demand and spot are the medians over its zone rows (on-demand rows of one
  // region normally agree; spot differs by zone), spot_min the cheapest zone. The offering's
  // `pricing` is the pair of the region with the cheapest on-demand price (else the cheapest spot),
  // so that its on-demand and spot come from one region. region_prices is kept only when regions
  // differ.
  static void close_prices(Draft& draft) {
    Offering& offering = draft.offering;
    std::sort(draft.regions.begin(), draft.regions.end(),
              [](const RegionDraft& a, const RegionDraft& b) { return a.region < b.region; });
    std::vector<std::string> regions;  // the offering's list, set once (a SharedTextList copies on each push)
    regions.reserve(draft.regions.size());
    offering.region_prices.clear();
    const RegionPrice* cheapest = nullptr;
    offering.launch.regions.clear();
    for (auto& region : draft.regions) {
      regions.push_back(region.region);
      if (region.spelling != region.region) offering.launch.regions.push_back(region.spelling);
      RegionPrice& entry = offering.region_prices.emplace_back();
      entry.region = region.region;
      entry.pricing.on_demand = median(region.on_demand);
      entry.pricing.spot = median(region.spot);
      if (!region.spot.empty()) entry.spot_min = region.spot.front();  // sorted by median()
      entry.given =
          (1u << static_cast<unsigned>(PricingMode::on_demand)) | (1u << static_cast<unsigned>(PricingMode::spot));
      draft.any_on_demand = draft.any_on_demand || entry.pricing.on_demand.has_value();
    }
    offering.regions = std::move(regions);
    for (const auto& entry : offering.region_prices) {
      const auto key = [&](const RegionPrice& candidate) {
        return candidate.pricing.on_demand ? std::pair(0, *candidate.pricing.on_demand)
                                           : std::pair(1, candidate.pricing.spot.value_or(1e300));
      };
      if (cheapest == nullptr || key(entry) < key(*cheapest)) cheapest = &entry;
    }
    if (cheapest != nullptr) {
      offering.pricing.on_demand = cheapest->pricing.on_demand;
      offering.pricing.spot = cheapest->pricing.spot;
    }
    const bool uniform = std::all_of(offering.region_prices.begin(), offering.region_prices.end(), [&](const auto& e) {
      return e.pricing.on_demand == offering.pricing.on_demand && e.pricing.spot == offering.pricing.spot &&
             (!e.spot_min || e.spot_min == e.pricing.spot);
    });
    if (uniform) offering.region_prices.clear();
  }

  static void scale_prices(Offering& offering, double factor) {
    const auto scale = [&](OptionalNumber& price) {
      if (price) *price = std::round(*price * factor * price_scale) / price_scale;
    };
    scale(offering.pricing.on_demand);
    scale(offering.pricing.spot);
    for (auto& entry : offering.region_prices) {
      scale(entry.pricing.on_demand);
      scale(entry.pricing.spot);
      scale(entry.spot_min);
    }
  }

  // The catalog's on-demand prices per GPU-hour for one GPU, over every region of every offering.
  struct PriceRange {
    double min = 0;
    double max = 0;
    double median = 0;
    std::size_t offerings = 0;
  };
  const PriceRange* range_of(const Gpu& gpu) {
    if (!ranges_built_) {
      ranges_built_ = true;
      std::unordered_map<std::string, std::vector<double>> per_gpu;
      for (const auto& offering : known_.offerings) {
        const double gpus = offering.gpu_count * offering.gpu_fraction;
        const double to_usd = usd_rate(offering.provider);
        if (!(gpus > 0) || !(to_usd > 0)) continue;
        auto& prices = per_gpu[offering.gpu];
        for (const auto& region : offering.regions) {
          if (const auto price = offering.pricing_in(region).on_demand) prices.push_back(*price * to_usd / gpus);
        }
        if (offering.regions.empty() && offering.pricing.on_demand) {
          prices.push_back(*offering.pricing.on_demand * to_usd / gpus);
        }
      }
      for (auto& [id, prices] : per_gpu) {
        if (prices.empty()) continue;
        std::sort(prices.begin(), prices.end());
        ranges_[id] = {prices.front(), prices.back(), prices[prices.size() / 2], prices.size()};
      }
    }
    const auto found = ranges_.find(gpu.id);
    return found == ranges_.end() ? nullptr : &found->second;
  }

  // USD per unit of the provider's currency (catalog rates); 0 when the currency has no rate. A
  // provider the catalog lacks is taken as USD (its stub says so).
  double usd_rate(const std::string& provider_id) const {
    const Provider* provider = known_.find_provider(provider_id);
    if (provider == nullptr || provider->currency == "USD") return 1.0;
    const CurrencyRate* rate = known_.find_currency(provider->currency);
    return rate != nullptr && rate->per_usd > 0 ? 1.0 / rate->per_usd : 0.0;
  }

  // The on-demand price per GPU-hour in USD (0 when the currency has no rate).
  double per_gpu_hour(const Offering& offering) const {
    return offering.pricing.on_demand.value_or(0) * usd_rate(offering.provider) /
           (offering.gpu_count * offering.gpu_fraction);
  }

  // What a price in this file is for, decided from the file's own evidence (docs/catalog.md
  // "Importing SkyPilot catalogs", rule 7): for each GPU the file lists both as 1x and as Nx (N >= 2),
  // the Nx price against the 1x one: about N times it is a per-instance list, about the same a
  // per-GPU list (RunPod-style). The majority of such GPUs decides; with none, or a tie, the file is
  // read per instance, SkyPilot's vms.csv basis (a catalog elsewhere says nothing about this file:
  // mithril's 8.0 for 8x H100 is that node's price). --price-basis instance|gpu overrides.
  void apply_price_basis(std::vector<Draft*>& drafts, ImportResult& result) {
    std::unordered_map<std::string, double> single;  // GPU id -> cheapest 1x on-demand price
    for (const Draft* draft : drafts) {
      const Offering& offering = draft->offering;
      if (offering.gpu_count != 1 || offering.gpu_fraction != 1.0 || !offering.pricing.on_demand) continue;
      auto [entry, inserted] = single.try_emplace(offering.gpu, *offering.pricing.on_demand);
      if (!inserted) entry->second = std::min(entry->second, *offering.pricing.on_demand);
    }
    std::unordered_map<std::string, int> votes;  // GPU id -> +1 per instance, -1 per GPU, per Nx type
    for (const Draft* draft : drafts) {
      const Offering& offering = draft->offering;
      const auto one = single.find(offering.gpu);
      if (offering.gpu_count < 2 || !offering.pricing.on_demand || one == single.end() || !(one->second > 0)) continue;
      const double ratio = *offering.pricing.on_demand / one->second;
      const double instance_distance = std::abs(std::log(ratio / offering.gpu_count));
      const double gpu_distance = std::abs(std::log(ratio));
      votes[offering.gpu] += instance_distance < gpu_distance ? 1 : -1;
    }
    std::size_t per_instance_gpus = 0;
    std::size_t per_gpu_gpus = 0;
    for (const auto& [gpu, vote] : votes) {
      if (vote > 0) ++per_instance_gpus;
      if (vote < 0) ++per_gpu_gpus;
    }
    bool per_gpu = false;
    std::string reason;
    if (options_.price_basis != PriceBasis::detect) {
      per_gpu = options_.price_basis == PriceBasis::gpu;
      reason = std::string("per ") + (per_gpu ? "GPU" : "instance") + " (--price-basis)";
    } else if (votes.empty()) {
      reason = "per instance (SkyPilot's vms.csv basis; no GPU is listed both 1x and Nx in this file to tell)";
    } else {
      per_gpu = per_gpu_gpus > per_instance_gpus;
      reason = fmt::format("per {} (of {} GPUs listed both 1x and Nx, {} price Nx at N times 1x, {} at the 1x price)",
                           per_gpu ? "GPU" : "instance", votes.size(), per_instance_gpus, per_gpu_gpus);
    }
    result.price_basis = per_gpu ? PriceBasis::gpu : PriceBasis::instance;
    result.price_basis_reason = reason;
    if (per_gpu && options_.price_basis == PriceBasis::detect) {
      warn(text::composed(text::Msg::warn_import_per_gpu,
                          text::words(text::Msg::import_basis_votes, votes.size(), per_instance_gpus, per_gpu_gpus)));
    }
    if (!per_gpu) return;
    for (Draft* draft : drafts) scale_prices(draft->offering, draft->offering.gpu_count);
  }

  // Assumption: a price more than 5x outside the catalog's per-GPU-hour range for its GPU is a unit
  // or basis mistake (real spreads between clouds are about 3x, shared/reference/skypilot-gpu-price-
  // summary.csv, and marketplaces such as Vast sit near the bottom: V100 at 0.18 against 0.79 on
  // the clouds); such offerings are skipped with a warning.
  static constexpr double outlier_factor = 5.0;
  bool outlier(const Draft& draft) {
    const Offering& offering = draft.offering;
    if (!offering.pricing.on_demand) return false;
    const PriceRange* range = range_of(*draft.gpu);
    if (range == nullptr) return false;
    const double price = per_gpu_hour(offering);
    if (!(price > 0)) return false;  // a currency without a rate: not compared
    if (price >= range->min / outlier_factor && price <= range->max * outlier_factor) return false;
    warn(text::words(text::Msg::warn_import_outlier, offering.id, number_text(std::round(price * 1000) / 1000),
                     number_text(outlier_factor), draft.gpu->id, number_text(std::round(range->min * 1000) / 1000),
                     number_text(std::round(range->max * 1000) / 1000), range->offerings));
    return true;
  }

  // Rule 2 plus the alias table (src/catalog/accelerators.cpp).
  // The form factor (PCIe when the name, the instance type or GpuInfo says so: cudo's A100 80 GB are
  // PCIe cards) and then GpuInfo's memory pick the record; the memory check applies to a form-factor
  // match too ("A100" + PCIe is the 40 GB card unless GpuInfo reports 80 GB).
  const Gpu* resolve_gpu(const ImportRow& row, std::string_view instance_type) const {
    const std::string instance_type_lower = lower(instance_type);
    // cudo writes "intel-ice-lake-a100-pci_1x2v4gb" (skypilot-catalog catalogs/v8/cudo/vms.csv).
    const bool pci_word = instance_type_lower.find("-pci_") != std::string::npos ||
                          instance_type_lower.find("-pci-") != std::string::npos || instance_type_lower.ends_with("-pci");
    const bool pcie = accelerators::says_pcie(row.accelerator) || accelerators::says_pcie(instance_type) ||
                      row.gpu_info_pcie || pci_word;
    std::string_view suffix;
    const Gpu* gpu = nullptr;
    for (const auto& hint : form_factor_hints) {
      const bool named = instance_type_lower.find(hint.instance_type_marker) != std::string::npos ||
                         ((row.gpu_info_pcie || pci_word) && hint.alias_suffix == "-PCIe");
      if (!named || ends_with_ignoring_case(row.accelerator, hint.alias_suffix)) continue;
      gpu = resolver_.resolve(row.accelerator + std::string(hint.alias_suffix), pcie);
      if (gpu != nullptr) {
        suffix = hint.alias_suffix;
        break;
      }
    }
    if (gpu == nullptr) gpu = resolver_.resolve(row.accelerator, pcie);
    if (gpu == nullptr || !row.gpu_memory_mib || !(gpu->memory_gb > 0)) return gpu;
    const double reported_gib = *row.gpu_memory_mib / mib_per_gib;
    if (std::abs(reported_gib - gpu->memory_gb) <= memory_variant_tolerance * gpu->memory_gb) return gpu;
    const std::string variant = row.accelerator + "-" + std::to_string(std::lround(reported_gib)) + "GB";
    if (const Gpu* sized = resolver_.resolve(variant + std::string(suffix), pcie)) return sized;
    if (const Gpu* sized = resolver_.resolve(variant, pcie)) return sized;
    return gpu;
  }

  Draft start_draft(const ImportRow& row, const std::string& instance_type, bool accelerator_only) const {
    Draft draft;
    draft.accelerator = row.accelerator;
    draft.accelerator_count = row.accelerator_count;
    // Launch files name the offer as the source does (SkyPilot's AcceleratorName).
    draft.offering.launch.accelerator = row.accelerator;
    draft.gpu = resolve_gpu(row, instance_type);
    if (draft.gpu == nullptr) return draft;
    Offering& offering = draft.offering;
    offering.id = options_.provider_id + "/" + instance_type;
    offering.provider = options_.provider_id;
    offering.gpu = draft.gpu->id;
    offering.instance_type = instance_type;
    const bool fractional = row.accelerator_count < 1;
    offering.gpu_count = fractional ? 1 : static_cast<int>(std::lround(row.accelerator_count));
    offering.gpu_fraction = fractional ? row.accelerator_count : 1.0;
    offering.interconnect = default_interconnect(*draft.gpu, offering.gpu_count);
    offering.isolation = fractional                                         ? Isolation::vgpu
                         : ends_with_ignoring_case(instance_type, ".metal") ? Isolation::bare_metal
                                                                            : Isolation::passthrough;
    if (const NetworkSpec* network = known_network(instance_type)) {
      offering.network.rdma = network->rdma;
      offering.network.bandwidth_gbps = network->bandwidth_gbps;
    }
    offering.max_nodes = offering.network.rdma == Rdma::none ? 1 : rdma_max_nodes;
    offering.stock = Stock::unknown;
    offering.as_of = options_.as_of;
    std::string source = options_.source_name + " (" + std::string(file_kind_) + " import)";
    std::vector<std::string> estimated = {"interconnect", "isolation", "max_nodes"};
    if (accelerator_only) {
      source += "; accelerator-only price: the host VM is not included";
      estimated.emplace_back("pricing");
    }
    offering.source = std::move(source);
    offering.estimated_fields = std::move(estimated);
    return draft;
  }

  static void count_name(std::vector<NamedCount>& list, std::unordered_map<std::string, std::size_t>& index,
                         const std::string& name) {
    auto [entry, inserted] = index.try_emplace(lower(name), list.size());
    if (inserted) list.push_back({name, 0});
    ++list[entry->second].rows;
  }

  const Catalog& known_;
  const ImportOptions& options_;
  std::string_view file_kind_;  // "SkyPilot vms.csv": named in each offering's source
  accelerators::Resolver resolver_;
  std::vector<Draft> drafts_;
  std::unordered_map<std::string, std::size_t> draft_by_instance_type_;
  std::vector<NamedCount> unknown_;
  std::unordered_map<std::string, std::size_t> unknown_by_name_;
  std::vector<NamedCount> non_gpu_;
  std::unordered_map<std::string, std::size_t> non_gpu_by_name_;
  std::size_t rows_unknown_ = 0;
  std::size_t rows_non_gpu_ = 0;
  std::size_t spot_equal_rows_ = 0;
  std::vector<std::string> warnings_;
  std::vector<text::Words> said_warnings_;
  bool ranges_built_ = false;
  std::unordered_map<std::string, PriceRange> ranges_;
};

OfferingMerger::OfferingMerger(const Catalog& known, const ImportOptions& options, std::string_view file_kind)
    : drafts_(std::make_unique<Drafts>(known, options, file_kind)) {}
OfferingMerger::~OfferingMerger() = default;
bool OfferingMerger::add(const ImportRow& row, const std::string& instance_type, bool accelerator_only) {
  return drafts_->add(row, instance_type, accelerator_only);
}
void OfferingMerger::warn(const text::Words& warning) { drafts_->warn(warning); }
bool OfferingMerger::lists(const std::string& instance_type) const { return drafts_->lists(instance_type); }
void OfferingMerger::finish(ImportResult& result) { drafts_->finish(result); }

void close_import(ImportResult& result, const OfferingMerger& merger, const Catalog& known,
                  const ImportOptions& options) {
  if (known.find_provider(options.provider_id) == nullptr) {
    result.provider_stub = provider_stub(options.provider_id, options.as_of, known);
  }
  // The provider's newest list: its offerings the file does not list are marked (an offering whose
  // id is not "<provider>/<instance type>" is not one a SkyPilot file could list, and stays as it is).
  if (!result.offerings.empty()) {
    for (const auto& offering : known.offerings) {
      if (offering.provider != options.provider_id || !offering.unlisted.empty() ||
          offering.id != options.provider_id + "/" + offering.instance_type.str() || merger.lists(offering.instance_type)) {
        continue;
      }
      Offering& mark = result.unlisted.emplace_back();
      mark.id = offering.id;
      mark.provider = offering.provider;
      mark.unlisted = "not in " + options.source_name + ", " + options.provider_id + "'s price list of " + options.as_of;
    }
  }
}

// ---- provider stubs -----------------------------------------------------------------------------

namespace {
// The soft attributes a stub cannot know and ranks at a neutral value: the median of the known
// providers (docs/catalog.md "Importing SkyPilot catalogs", rule 10). Fees (egress, public IP,
// storage) stay 0 (none known) and billing hourly: they are money, not a judgement.
bool neutral_key(std::string_view key) {
  return key.starts_with("support.") || key.starts_with("sla_") || key.starts_with("environment.") ||
         key.starts_with("recovery.") || key.starts_with("monitoring.") || key == "resize";
}

// Each neutral_key field of `stub` set to the median over `known`'s rented providers (numbers and
// enumerations: the middle value; booleans: the majority; an optional number: the median of those
// set). The count of providers it was taken over; 0 leaves the defaults.
std::size_t set_neutral(Provider& stub, const Catalog& known) {
  std::vector<const Provider*> peers;
  for (const auto& provider : known.providers) {
    if (provider.kind != ProviderKind::owned) peers.push_back(&provider);
  }
  if (peers.empty()) return 0;
  std::vector<Provider> copies;  // the field table's slots take a mutable record; these are read only
  copies.reserve(peers.size());
  for (const Provider* peer : peers) copies.push_back(*peer);
  for (const auto& field : fields::provider_table().fields) {
    if (!neutral_key(field.key)) continue;
    std::vector<double> values;
    for (Provider& peer : copies) {
      void* slot = field.slot(peer);
      switch (field.kind) {
        case fields::ValueKind::number:
          values.push_back(*static_cast<double*>(slot));
          break;
        case fields::ValueKind::optional_number:
          if (const auto& value = *static_cast<OptionalNumber*>(slot)) values.push_back(*value);
          break;
        case fields::ValueKind::boolean:
          values.push_back(*static_cast<bool*>(slot) ? 1.0 : 0.0);
          break;
        case fields::ValueKind::enumeration:
          values.push_back(*static_cast<std::uint8_t*>(slot));
          break;
        default:
          break;
      }
    }
    if (values.empty()) continue;
    std::sort(values.begin(), values.end());
    const double middle = values[values.size() / 2];
    void* slot = field.slot(stub);
    switch (field.kind) {
      case fields::ValueKind::number:
        *static_cast<double*>(slot) = middle;
        break;
      case fields::ValueKind::optional_number:
        *static_cast<OptionalNumber*>(slot) = middle;
        break;
      case fields::ValueKind::boolean:
        *static_cast<bool*>(slot) = middle >= 0.5;
        break;
      case fields::ValueKind::enumeration:
        *static_cast<std::uint8_t*>(slot) = static_cast<std::uint8_t>(middle);
        break;
      default:
        break;
    }
  }
  return peers.size();
}
}  // namespace

Provider provider_stub(std::string_view provider_id, std::string_view as_of, const Catalog& known) {
  Provider provider = provider_stub(provider_id, as_of);
  const std::size_t peers = set_neutral(provider, known);
  if (peers == 0) return provider;
  provider.source =
      "stub written by gpuselect catalog import: the provider was not in the catalog; its support, SLA, "
      "environment, recovery and monitoring are NEUTRAL values, the median of the catalog's " +
      std::to_string(peers) +
      " providers (unknown is not bad; marked estimated), no hidden fees known, USD, hourly billing; overlay a "
      "reviewed providers record";
  return provider;
}

Provider provider_stub(std::string_view provider_id, std::string_view as_of) {
  Provider provider;
  provider.id = std::string(provider_id);
  provider.name = std::string(provider_id);
  provider.kind = ProviderKind::gpu_cloud;
  provider.currency = "USD";
  provider.as_of = std::string(as_of);
  provider.source =
      "stub written by gpuselect catalog import: the provider was not in the catalog; every attribute is a "
      "default (USD, basic business-hours support, no SLA, 10 min provisioning, hourly billing, no hidden fees "
      "known); overlay a reviewed providers record";
  provider.estimated_fields = {"kind",
                               "currency",
                               "support",
                               "sla_uptime_pct",
                               "environment",
                               "recovery",
                               "monitoring",
                               "egress_per_gb",
                               "public_ip_per_hour",
                               "storage_per_gb_month",
                               "billing_granularity_seconds",
                               "resize"};
  return provider;
}

}  // namespace gpuselect::catalog
