// Hard constraints: --require names, flag validation and the offering-level filters that need no
// estimate (docs/scoring.md "Constraints").
#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <string>
#include <unordered_set>

#include <fmt/format.h>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/ranges.hpp"
#include "gpuselect/workload_kinds.hpp"
#include "gpuselect/units.hpp"
#include "gpuselect/safe_text.hpp"
#include "scoring/scoring_internal.hpp"
#include "scoring/words.hpp"

namespace gpuselect::scoring {

namespace {

using catalog::Interconnect;
using catalog::Isolation;
using catalog::Offering;
using catalog::Provider;
using catalog::Rdma;
using text::Msg;

bool has(const std::vector<std::string>& list, std::string_view item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

struct Requirement {
  std::string_view name;
  std::string_view checks;
  bool (*holds)(const Offering&, const Provider&);
};

constexpr std::array<Requirement, 17> requirements = {{
    {"rdma", "an RDMA network between nodes (InfiniBand, RoCE or EFA)",
     [](const Offering& o, const Provider&) { return o.network.rdma != Rdma::none; }},
    {"infiniband", "an InfiniBand network between nodes",
     [](const Offering& o, const Provider&) { return o.network.rdma == Rdma::infiniband; }},
    {"nvlink", "NVLink or NVSwitch between the GPUs of a node",
     [](const Offering& o, const Provider&) {
       return o.interconnect == Interconnect::nvlink || o.interconnect == Interconnect::nvswitch;
     }},
    {"nvswitch", "NVSwitch (all-to-all NVLink) between the GPUs of a node",
     [](const Offering& o, const Provider&) { return o.interconnect == Interconnect::nvswitch; }},
    {"bare-metal", "bare-metal isolation (no hypervisor)",
     [](const Offering& o, const Provider&) { return o.isolation == Isolation::bare_metal; }},
    {"no-vgpu", "whole GPUs (bare metal or passthrough, no shared vGPU)",
     [](const Offering& o, const Provider&) { return o.isolation != Isolation::vgpu; }},
    {"iso27001", "the provider is ISO/IEC 27001 certified",
     [](const Offering&, const Provider& p) { return has(p.compliance, "iso27001"); }},
    {"soc2", "the provider has a SOC 2 report",
     [](const Offering&, const Provider& p) { return has(p.compliance, "soc2"); }},
    {"hipaa", "the provider signs HIPAA business associate agreements",
     [](const Offering&, const Provider& p) { return has(p.compliance, "hipaa"); }},
    {"pci-dss", "the provider is PCI DSS compliant",
     [](const Offering&, const Provider& p) { return has(p.compliance, "pci-dss"); }},
    {"mlps3", "the provider holds China MLPS level 3",
     [](const Offering&, const Provider& p) { return has(p.compliance, "mlps3"); }},
    {"jupyterlab", "a hosted JupyterLab", [](const Offering&, const Provider& p) { return p.environment.jupyterlab; }},
    {"kubernetes", "managed Kubernetes", [](const Offering&, const Provider& p) { return p.environment.kubernetes; }},
    {"custom-containers", "your own container images",
     [](const Offering&, const Provider& p) { return p.environment.custom_containers; }},
    {"auto-checkpoint", "automatic checkpoints of running jobs",
     [](const Offering&, const Provider& p) { return p.recovery.auto_checkpoint; }},
    {"spot", "a spot (preemptible) price",
     [](const Offering& o, const Provider&) { return o.sold_anywhere(catalog::PricingMode::spot); }},
    {"sla", "an uptime SLA", [](const Offering&, const Provider& p) { return p.sla_uptime_pct > 0; }},
}};

// Other spellings of a requirement: the name a Chinese reader knows China MLPS level 3 by
// (网络安全等级保护三级, "等保三级"; the guides' word).
constexpr std::array<std::pair<std::string_view, std::string_view>, 3> requirement_aliases = {{
    {"等保三级", "mlps3"},
    {"等保3级", "mlps3"},
    {"djbh3", "mlps3"},
}};

const Requirement* find_requirement(std::string_view name) {
  for (const auto& [alias, canonical] : requirement_aliases) {
    if (alias == name) name = canonical;
  }
  for (const auto& requirement : requirements) {
    if (requirement.name == name) return &requirement;
  }
  return nullptr;
}

constexpr std::array<std::string_view, exclusion_kind_count> exclusion_names = {
    "memory",    "--budget",  "--deadline",  "--region",       "--provider", "--gpu",
    "--pricing", "--require", "--max-nodes", "--min-headroom", "not sold",   "--tpot-ms/--ttft-ms",
    "--precision", "--gpu-memory", "--gpu-count", "--max-price", "host-ram", "--allow-consumer",
    "--allow-marketplace", "--allow-spot-serving", "software", "--allow-shared-gpu", "--allow-low-stock",
    "--allow-no-sla", "capacity", "--allow-stale-terms", "price"};

std::string join(const std::vector<std::string>& items) {
  std::string text;
  for (const auto& item : items) {
    if (!text.empty()) text += ", ";
    text += item;
  }
  return text;
}

void check_number(const std::string& flag, std::optional<double> value, bool allow_zero) {
  if (!value) return;
  if (!std::isfinite(*value) || *value < 0 || (!allow_zero && *value == 0)) {
    throw Error::said(flag, text::words(text::Msg::err_must_be_positive, std::to_string(*value)),
                      text::words(text::Msg::hint_number_above_zero));
  }
}

}  // namespace

std::string_view to_string(ExclusionKind kind) {
  const auto index = static_cast<std::size_t>(kind);
  return index < exclusion_names.size() ? exclusion_names[index] : std::string_view{};
}

std::string_view pricing_mode_words(catalog::PricingMode mode, text::Lang lang) { return detail::mode_words(mode, lang); }

std::string_view flag_of(ExclusionKind kind, workload::Kind job) {
  if (kind == ExclusionKind::latency && workload::kind_traits(job).physics == workload::Physics::diffusion_serving) {
    return "--latency-ms";
  }
  return to_string(kind);
}

std::string emptying_constraints(const Ranking& ranking, text::Lang lang, bool rules_as_rules) {
  if (!ranking.top_exclusion) return {};
  // A flag is said as typed; an exclusion that is no flag (memory, host-ram) in the reader's words; a
  // rule a flag lifts as that rule (expert review 38: "removed by --allow-marketplace" read as the
  // flag removing them).
  const auto said = [&](ExclusionKind kind) {
    if (kind == ExclusionKind::precision && !ranking.release_precision.empty()) {
      return text::say(lang, text::Msg::exclusion_release_precision, ranking.release_precision);
    }
    const std::string_view flag = flag_of(kind, ranking.kind);
    return rules_as_rules ? detail::removal_words(flag, lang) : text::term(lang, text::Term::exclusion, flag);
  };
  std::string text = said(*ranking.top_exclusion);
  for (const auto kind : ranking.tied_exclusions) {
    text += ", ";
    text += said(kind);
  }
  return text;
}

std::string none_fits_words(const Ranking& ranking, text::Lang lang) {
  std::string line = text::say(lang, text::Msg::none_fits);
  if (!ranking.top_exclusion) return line;
  line += text::say(lang, text::Msg::none_fits_most_removed, emptying_constraints(ranking, lang, true));
  if (!ranking.levers.empty()) {
    std::string levers;
    for (const auto kind : ranking.levers) {
      if (!levers.empty()) levers += text::message(text::Msg::list_comma, lang);
      levers += flag_of(kind, ranking.kind);
    }
    line += text::say(lang, text::Msg::none_fits_levers, levers, ranking.lever_offerings,
                      ranking.lever_offerings == 1 ? "" : "s");
  }
  return line;
}

std::vector<std::pair<std::string, std::string>> requirement_names() {
  std::vector<std::pair<std::string, std::string>> names;
  names.reserve(requirements.size());
  for (const auto& requirement : requirements) {
    names.emplace_back(std::string(requirement.name), std::string(requirement.checks));
  }
  return names;
}

namespace detail {

std::string removal_words(std::string_view flag, text::Lang lang) {
  if (flag.starts_with("--allow-")) return text::say(lang, text::Msg::rule_lifted_by, flag);
  return text::term(lang, text::Term::exclusion, flag);
}

void validate_constraints(const catalog::Catalog& catalog, const Constraints& constraints) {
  check_number("--budget", constraints.budget, false);
  check_number("--deadline", constraints.deadline_hours, false);
  if (constraints.max_nodes < 1) {
    throw Error::said("--max-nodes", text::words(text::Msg::err_at_least_one, constraints.max_nodes),
                      text::words(text::Msg::hint_nodes_at_least_one));
  }
  ranges::check(ranges::Quantity::min_headroom_pct, constraints.min_headroom_pct, "--min-headroom",
                fmt::format("{:g}", constraints.min_headroom_pct));
  for (const auto& name : constraints.requirements) {
    if (find_requirement(name) == nullptr) {
      std::vector<std::string> requirement_list;
      requirement_list.reserve(requirements.size());
      for (const auto& requirement : requirements) requirement_list.emplace_back(requirement.name);
      throw Error::said("--require", text::words(text::Msg::err_unknown_value, "requirement", text::quoted(name)),
                        did_you_mean_words(name, requirement_list, one_of_words(requirement_list)));
    }
  }
  for (const auto& name : constraints.providers) catalog::provider_named(catalog, name, "--provider");
  for (const auto& name : constraints.exclude_providers) catalog::provider_named(catalog, name, "--exclude-provider");
  for (const auto& name : constraints.gpus) catalog::check_gpu_constraint(catalog, name, "--gpu");
  if (!constraints.regions.empty()) {
    // A hash set, not a list search: linear in the regions of the catalog (200,000 regions in one
    // offering were quadratic).
    std::unordered_set<std::string_view> seen;
    std::vector<std::string> region_names;
    for (const auto& offering : catalog.offerings) {
      for (const auto& region : offering.regions) {
        if (seen.insert(region).second) region_names.push_back(region);
      }
    }
    for (const auto& name : constraints.regions) {
      if (seen.count(name) == 0) {
        throw unknown_id("--region", text::Msg::kind_region, name, region_names,
                         text::words(text::Msg::hint_see_regions, "'gpuselect catalog list --group-by region'", text::Msg::region_groups_listed));
      }
    }
  }
}

double gpus_of(const catalog::Offering& offering) { return offering.gpu_count * offering.gpu_fraction; }

double gpu_memory_gb_of(const catalog::Catalog& catalog, const catalog::Offering& offering) {
  return catalog.gpu_of(offering).memory_gb * std::min(1.0, offering.gpu_fraction);
}

std::optional<double> cheapest_allowed_price(const catalog::Offering& offering, const Constraints& constraints) {
  std::optional<double> cheapest;
  auto consider = [&](const catalog::Pricing& pricing) {
    for (std::size_t index = 0; index < catalog::pricing_mode_count; ++index) {
      const auto mode = static_cast<catalog::PricingMode>(index);
      const auto price = pricing.price(mode);
      if (price && mode_allowed(constraints, mode) && (!cheapest || *price < *cheapest)) cheapest = price;
    }
  };
  if (offering.regions.empty()) consider(offering.pricing);
  for (const auto& region : offering.regions) {
    if (constraints.regions.empty() || has(constraints.regions, region)) consider(offering.pricing_in(region));
  }
  return cheapest;
}

bool meets_requirement(const catalog::Offering& offering, const catalog::Provider& provider, std::string_view name) {
  const Requirement* requirement = find_requirement(name);
  return requirement != nullptr && requirement->holds(offering, provider);
}

bool mode_allowed(const Constraints& constraints, catalog::PricingMode mode) {
  return constraints.pricing_modes.empty() ||
         std::find(constraints.pricing_modes.begin(), constraints.pricing_modes.end(), mode) !=
             constraints.pricing_modes.end();
}

bool names_gpu(const catalog::Catalog& catalog, const Constraints& constraints, const catalog::Gpu& gpu) {
  return std::any_of(constraints.gpus.begin(), constraints.gpus.end(),
                     [&](const std::string& name) { return catalog::gpu_name_selects(catalog, name, gpu); });
}

bool names_provider(const catalog::Catalog& catalog, const std::vector<std::string>& providers,
                    const catalog::Provider& provider) {
  return std::any_of(providers.begin(), providers.end(),
                     [&](const std::string& name) { return catalog.find_provider(name) == &provider; });
}

std::bitset<catalog::pricing_mode_count> modes_sold_anywhere(const catalog::Offering& offering) {
  std::bitset<catalog::pricing_mode_count> sold;
  const auto add = [&sold](const catalog::Pricing& pricing) {
    for (std::size_t mode = 0; mode < catalog::pricing_mode_count; ++mode) {
      if (pricing.price(static_cast<catalog::PricingMode>(mode)).has_value()) sold.set(mode);
    }
  };
  offering.for_each_listed_pricing(add);
  return sold;
}

namespace {
// The modes the offering sells somewhere that `wanted` keeps, in words joined with the list
// separator ("on-demand, spot").
template <typename Wanted>
std::string sold_modes_words(const catalog::Offering& offering, text::Lang lang, Wanted wanted) {
  std::string words;
  for (std::size_t index = 0; index < catalog::pricing_mode_count; ++index) {
    const auto mode = static_cast<catalog::PricingMode>(index);
    if (!offering.sold_anywhere(mode) || !wanted(mode)) continue;
    if (!words.empty()) words += text::message(Msg::summary_list_separator, lang);
    words += detail::mode_words(mode, lang);
  }
  return words;
}

// With --region: the listed regions outside it where the offering sells an allowed mode, joined,
// when it lists an allowed region but sells no allowed mode in any (empty otherwise).
std::string sold_only_outside(const catalog::Offering& offering, const Constraints& constraints) {
  if (constraints.regions.empty()) return {};
  const auto sells_allowed_mode = [&](const std::string& region) {
    const catalog::Pricing& pricing = offering.pricing_in(region);
    for (std::size_t index = 0; index < catalog::pricing_mode_count; ++index) {
      const auto mode = static_cast<catalog::PricingMode>(index);
      if (mode_allowed(constraints, mode) && pricing.price(mode).has_value()) return true;
    }
    return false;
  };
  bool listed_inside = false;
  std::vector<std::string> outside;
  for (const auto& region : offering.regions) {
    if (has(constraints.regions, region)) {
      if (sells_allowed_mode(region)) return {};
      listed_inside = true;
    } else if (sells_allowed_mode(region)) {
      outside.push_back(region);
    }
  }
  return listed_inside && !outside.empty() ? join(outside) : std::string();
}
}  // namespace

bool offering_passes(const catalog::Catalog& catalog, const catalog::Offering& offering, const Constraints& constraints,
                     std::vector<ExclusionReason>& reasons) {
  const std::size_t before = reasons.size();
  const Provider& provider = catalog.provider_of(offering);
  if (!offering.unlisted.empty() && !constraints.include_unlisted) {
    reasons.push_back({ExclusionKind::not_sold, 0, 0, text::words(Msg::detail_unlisted, offering.unlisted.str())});
  }

  if (!constraints.regions.empty()) {
    const bool in_region = std::any_of(offering.regions.begin(), offering.regions.end(),
                                       [&](const std::string& region) { return has(constraints.regions, region); });
    if (!in_region) {
      reasons.push_back({ExclusionKind::region, 0, 0,
                         text::words(Msg::detail_region, join(offering.regions), join(constraints.regions))});
    }
  }
  if (!constraints.providers.empty() && !names_provider(catalog, constraints.providers, provider)) {
    reasons.push_back({ExclusionKind::provider, 0, 0, text::words(Msg::detail_provider_not_asked, provider.id)});
  }
  if (names_provider(catalog, constraints.exclude_providers, provider)) {
    reasons.push_back({ExclusionKind::provider, 0, 0, text::words(Msg::detail_provider_excluded, provider.id)});
  }
  if (!constraints.gpus.empty()) {
    const catalog::Gpu& gpu = catalog.gpu_of(offering);
    if (!names_gpu(catalog, constraints, gpu)) {
      // A sibling of a GPU the user named by memory or board ("--gpu a100-40gb"): the reason says why
      // (expert review 15 read "a100-sxm4-80gb is not in --gpu" as a contradiction).
      const catalog::Gpu* sibling_of = nullptr;
      std::string_view named_as;
      for (const auto& name : constraints.gpus) {
        const catalog::Gpu* named = catalog.find_gpu(name);
        if (named != nullptr && catalog::same_gpu_model(*named, gpu)) {
          sibling_of = named;
          named_as = name;
          break;
        }
      }
      reasons.push_back({ExclusionKind::gpu, 0, 0,
                         sibling_of != nullptr
                             ? text::words(Msg::detail_gpu_sibling, gpu.id, std::string(named_as), sibling_of->id)
                             : text::words(Msg::detail_gpu_not_asked, gpu.id)});
    }
  }
  if (constraints.gpu_memory_gb.any()) {
    const double memory_gb = gpu_memory_gb_of(catalog, offering);
    if (!constraints.gpu_memory_gb.contains(memory_gb)) {
      reasons.push_back({ExclusionKind::gpu_memory, memory_gb, 0,
                         text::words(Msg::detail_gpu_memory, fmt::format("{:g}", memory_gb),
                                     resources::to_string(constraints.gpu_memory_gb))});
    }
  }
  if (constraints.gpu_count.any()) {
    const double count = gpus_of(offering);
    if (!constraints.gpu_count.contains(count)) {
      reasons.push_back({ExclusionKind::gpu_count, count, 0,
                         text::words(Msg::detail_gpu_count, fmt::format("{:g}", count),
                                     resources::to_string(constraints.gpu_count))});
    }
  }
  for (const auto& name : constraints.requirements) {
    if (find_requirement(name) != nullptr && !meets_requirement(offering, provider, name)) {
      reasons.push_back({ExclusionKind::requirement, 0, 0, name});
    }
  }
  const auto modes_sold = modes_sold_anywhere(offering);
  const bool sold = modes_sold.any();
  bool sold_allowed = false;
  for (std::size_t index = 0; index < catalog::pricing_mode_count; ++index) {
    if (modes_sold.test(index)) sold_allowed = sold_allowed || mode_allowed(constraints, static_cast<catalog::PricingMode>(index));
  }
  if (!sold) {
    // Empty: reason_text says Msg::reason_not_sold.
    reasons.push_back({ExclusionKind::not_sold, 0, 0, {}});
  } else if (!sold_allowed) {
    reasons.push_back({ExclusionKind::pricing_mode, 0, 0, text::Words::in_each([&](text::Lang lang) {
                         return text::say(lang, Msg::detail_sold_only,
                                          sold_modes_words(offering, lang, [](catalog::PricingMode) { return true; }));
                       })});
  } else if (const auto elsewhere = sold_only_outside(offering, constraints); !elsewhere.empty()) {
    // The offering lists an allowed region but sells no allowed mode there (a GCP region whose
    // on-demand is no list price, docs/catalog.md): said, not dropped unseen (expert review 44, S51).
    reasons.push_back({ExclusionKind::region, 0, 0, text::Words::in_each([&](text::Lang lang) {
                         const std::string asked_modes = sold_modes_words(
                             offering, lang,
                             [&](catalog::PricingMode mode) { return mode_allowed(constraints, mode); });
                         return text::say(lang, Msg::detail_region_mode, asked_modes, elsewhere,
                                          join(constraints.regions));
                       })});
  } else if (constraints.max_price_per_hour) {
    const std::optional<double> cheapest = cheapest_allowed_price(offering, constraints);
    if (cheapest && !price_allowed(catalog, offering, constraints, *cheapest)) {
      reasons.push_back({ExclusionKind::max_price, *cheapest, *constraints.max_price_per_hour,
                         text::words(Msg::detail_max_price, units::format_money(*cheapest, provider.currency),
                                     units::format_money(*constraints.max_price_per_hour,
                                                         constraints.max_price_currency))});
    }
  }
  return reasons.size() == before;
}

// Production training (a team's job, the default) keeps its data and weights on vetted hosts and
// whole datacenter parts: a consumer card (GeForce: no ECC, NVIDIA's GeForce licence excludes datacenter
// deployment, no P2P over PCIe on recent cards) or a marketplace host is ranked only when the user
// names it (--gpu, --provider) or allows it. Workstation cards (RTX A6000, RTX 6000 Ada) stay: ECC,
// professional drivers.
void training_tier_reasons(const catalog::Catalog& catalog, const catalog::Offering& offering, const catalog::Gpu& gpu,
                           const Provider& provider, const Options& options, double total_cost,
                           std::vector<ExclusionReason>& reasons, bool with_words) {
  const auto said = [with_words](const auto& make) { return with_words ? make() : text::Words(); };
  const bool gpu_named = names_gpu(catalog, options.constraints, gpu);
  const bool provider_named = names_provider(catalog, options.constraints.providers, provider);
  if (gpu.segment == catalog::GpuSegment::consumer && !options.allow_consumer && !gpu_named) {
    reasons.push_back({ExclusionKind::consumer_gpu, total_cost, 0,
                       said([&] { return text::words(Msg::detail_training_consumer, gpu.name, gpu.id); })});
  }
  if (provider.kind == catalog::ProviderKind::marketplace && !options.allow_marketplace && !provider_named) {
    reasons.push_back({ExclusionKind::marketplace_host, total_cost, 0,
                       said([&] { return text::words(Msg::detail_training_marketplace, provider.id); })});
  }
  // A fraction of a card, time-sliced with other tenants (expert review 15: half an A10 with every
  // state offloaded, 12 days, ranked first for a 7B fine-tune on a 1-year term): the guides' 30-40%
  // step-time jitter and a share of the card's memory. A whole GPU passed through as vGPU stays.
  if (offering.isolation == catalog::Isolation::vgpu && offering.gpu_fraction < 1 && !options.allow_shared_gpu) {
    reasons.push_back({ExclusionKind::shared_gpu, total_cost, 0, said([&] {
                         return text::words(Msg::detail_training_shared_gpu,
                                            fmt::format("{:g}", offering.gpu_fraction), gpu.name);
                       })});
  }
}

void tier_reasons(const catalog::Catalog& catalog, const catalog::Offering& offering, catalog::PricingMode mode,
                  const workload::Profile& profile, const Options& options, double total_cost,
                  std::vector<ExclusionReason>& reasons, bool with_words) {
  const auto said = [with_words](const auto& make) { return with_words ? make() : text::Words(); };
  // An interactive session (a notebook) dies with its instance: spot only when --pricing names it.
  if (workload::kind_traits(profile.kind).interactive() && mode == catalog::PricingMode::spot &&
      !options.constraints.pricing_named) {
    reasons.push_back({ExclusionKind::pricing_mode, total_cost, 0, text::words(Msg::detail_notebook_spot)});
    return;
  }
  // --risk-averse asks for the plan that holds: an interruptible machine is the risk it avoids.
  if (options.risk_averse && mode == catalog::PricingMode::spot && !options.constraints.pricing_named) {
    reasons.push_back({ExclusionKind::pricing_mode, total_cost, 0, text::words(Msg::detail_risk_averse_spot)});
    return;
  }
  const catalog::Gpu& gpu = catalog.gpu_of(offering);
  const Provider& provider = catalog.provider_of(offering);
  // For training it also asks for capacity that is there, as production serving does (expert review
  // 29: `--risk-averse --deadline 10` ranked a low-stock row first): low stock may hold the job in a
  // queue past the deadline. --allow-low-stock admits it.
  // A reservation or a capacity block holds its capacity once granted (its lead time is in the time
  // to result): low stock is the risk of the modes that ask for it at the start, on demand and the
  // subscriptions (spot is its own class, left out above).
  const bool asks_at_start = mode == catalog::PricingMode::on_demand || catalog::is_subscription(mode);
  if (options.risk_averse && workload::kind_traits(profile.kind).training()) {
    if (offering.stock == catalog::Stock::low && asks_at_start && !options.allow_low_stock) {
      reasons.push_back({ExclusionKind::low_stock, total_cost, 0, text::words(Msg::detail_risk_averse_low_stock)});
    }
  }
  if (workload::kind_traits(profile.kind).training() && profile.training_tier == workload::Tier::production) {
    training_tier_reasons(catalog, offering, gpu, provider, options, total_cost, reasons, with_words);
    return;
  }
  if (!workload::kind_traits(profile.kind).serving() || profile.serving_tier != workload::Tier::production) return;
  if (gpu.segment != catalog::GpuSegment::datacenter && !options.allow_consumer) {
    reasons.push_back({ExclusionKind::consumer_gpu, total_cost, 0, said([&] {
                         return text::words(Msg::detail_tier_consumer, gpu.name,
                                            text::term_message(text::Term::gpu_segment, catalog::to_string(gpu.segment))
                                                .value_or(Msg::term_segment_consumer));
                       })});
  }
  if (provider.kind == catalog::ProviderKind::marketplace && !options.allow_marketplace) {
    reasons.push_back({ExclusionKind::marketplace_host, total_cost, 0,
                       said([&] { return text::words(Msg::detail_tier_marketplace, provider.id); })});
  }
  // A failed replica is replaced from the same SKU's stock: where stock is low, the replacement (and
  // the capacity to scale) may not be there for hours, and N+1 covers one failure only. That holds
  // for reserved and subscription rows too: the term holds the hosts rented, not a replacement for a
  // failed one (expert review 5: a low-stock monthly row ranked first). Spot is its own class.
  if (offering.stock == catalog::Stock::low && mode != catalog::PricingMode::spot && !options.allow_low_stock) {
    reasons.push_back({ExclusionKind::low_stock, total_cost, 0, text::words(Msg::detail_tier_low_stock)});
  }
  // Without a published uptime SLA (catalog sla_uptime_pct 0) nothing is owed when the service is
  // down: the guides' "SLA promises versus reality" pitfall starts with having a promise at all.
  if (!(provider.sla_uptime_pct > 0) && !options.allow_no_sla) {
    reasons.push_back({ExclusionKind::no_sla, total_cost, 0,
                       said([&] { return text::words(Msg::detail_tier_no_sla, provider.id); })});
  }
  // A vGPU share is time-sliced with other tenants' work (catalog isolation vgpu; a fractional
  // gpu_fraction is vgpu by the loader's rule): the guides report 30-40% step-time jitter from noisy
  // neighbours (docs/scoring.md, indicator isolation), so no latency SLO holds on it.
  if (offering.isolation == catalog::Isolation::vgpu && !options.allow_shared_gpu) {
    reasons.push_back({ExclusionKind::shared_gpu, total_cost, 0, said([&] {
                         return text::words(Msg::detail_tier_shared_gpu, fmt::format("{:g}", offering.gpu_fraction),
                                            gpu.name);
                       })});
  }
  if (mode == catalog::PricingMode::spot && !options.allow_spot_serving) {
    reasons.push_back({ExclusionKind::spot_serving, total_cost, 0, text::words(Msg::detail_tier_spot)});
  }
}

}  // namespace detail

bool offering_allowed(const catalog::Catalog& catalog, const catalog::Offering& offering,
                      const Constraints& constraints) {
  thread_local std::vector<ExclusionReason> reasons;
  reasons.clear();
  return detail::offering_passes(catalog, offering, constraints, reasons);
}

void check_constraints(const catalog::Catalog& catalog, const Constraints& constraints) {
  detail::validate_constraints(catalog, constraints);
}

bool price_allowed(const catalog::Catalog& catalog, const catalog::Offering& offering, const Constraints& constraints,
                   double price) {
  if (!constraints.max_price_per_hour) return true;
  const catalog::Provider& provider = catalog.provider_of(offering);
  const double converted =
      provider.currency == constraints.max_price_currency
          ? price
          : catalog::convert(catalog, price, provider.currency, constraints.max_price_currency);
  // A cent's thousandth of slack: "--max-price 2.5" keeps a $2.50 offering after currency rounding.
  return converted <= *constraints.max_price_per_hour + 1e-5;
}

}  // namespace gpuselect::scoring
