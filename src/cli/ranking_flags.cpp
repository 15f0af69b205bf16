#include "cli/ranking_flags.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "cli/option_choices.hpp"
#include "cli/option_table.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/invariants.hpp"
#include "gpuselect/ranges.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::cli {

using Q = ranges::Quantity;

namespace {

// One row per ranking option, in --help order (option_table.hpp): a value (a text member) or a flag
// (a bool member).
using RankingOption = OptionRow<RankingFlags>;

const RankingOption scoring_options[] = {
    {{"--profile",
      "Weight profile: balanced, cost-first, speed-first, production, research, ... (default: per workload)",
      "Scoring"},
     &RankingFlags::profile, {.type = "PROFILE", .choices = scoring::profile_names, .setting = "profile"}},
    {{"--weights", "Override weights, e.g. cost=0.4,stability=0.3", "Scoring"}, &RankingFlags::weights, {.type = "CRITERION=WEIGHT[,...]", .choices = choices::criterion_names, .list = true, .setting = "weights"}},
    {{"--currency", "Output currency (default USD; CNY when every --region is in mainland China or every --provider bills in CNY)", "Scoring"}, &RankingFlags::currency, {.type = "CODE", .ids = CatalogIds::currency, .setting = "currency"}},
    {{"--allow-spot-serving",
      "Let serving run on spot (default: production serving excludes spot; elsewhere it scores stability 0)",
      "Scoring"},
     &RankingFlags::allow_spot_serving},
    {{"--reserved-other-use", "A reserved term has other work: charge the job its own hours, not the whole commitment",
      "Scoring"},
     &RankingFlags::reserved_other_use},
};

// --region, which compare takes too (each offering priced in its cheapest region of those asked).
const RankingOption region_options[] = {
    {{"--region", "Only these regions (comma-separated); cn = mainland China", "Constraints"}, &RankingFlags::region, {.type = "REGION[,...]", .list = true}},
};

// The constraints before the resource options (--gpus, --gpu-memory, ...); later_options come after
// them (the last constraints, then analysis).
const RankingOption constraint_options[] = {
    {{"--budget", "Maximum job total (output currency) at the price's upper end; training: at --confidence hours",
      "Constraints"},
     &RankingFlags::budget, {.type = "AMOUNT", .range = Q::budget}},
    {{"--deadline", "Maximum wall-clock hours", "Constraints"}, &RankingFlags::deadline, {.type = "HOURS", .range = Q::deadline_hours}},
    region_options[0],
    {{"--provider", "Only these providers (comma-separated ids)", "Constraints"}, &RankingFlags::provider, {.type = "PROVIDER[,...]", .ids = CatalogIds::provider, .list = true}},
    {{"--exclude-provider", "Never these providers (comma-separated)", "Constraints"}, &RankingFlags::exclude_provider, {.type = "PROVIDER[,...]", .ids = CatalogIds::provider, .list = true}},
    {{"--gpu", "Only these GPU models (ids or aliases, comma-separated)", "Constraints"}, &RankingFlags::gpu, {.type = "GPU[,...]", .ids = CatalogIds::gpu, .list = true}},
    {{"--pricing",
      "on-demand, spot, reserved-1y, reserved-3y, monthly, yearly, capacity-block (comma-separated) or any; default "
      "on-demand,spot, monthly/yearly where cheaper than on-demand for the job, and capacity-block for training "
      "where cheaper or, with --deadline, where on-demand is beyond open capacity or misses it",
      "Constraints"},
     &RankingFlags::pricing, {.type = "MODE[,...]", .choices = choices::pricing_names, .list = true}},
    {{"--require", "Required features, comma-separated: rdma, nvlink, bare-metal, iso27001, soc2, jupyterlab, ...",
      "Constraints"},
     &RankingFlags::require, {.type = "FEATURE[,...]", .choices = choices::requirement_names, .list = true}},
    {{"--allow-consumer",
      "Production serving and training: rank consumer (GeForce) GPUs too, and workstation GPUs for serving "
      "(default: excluded)",
      "Constraints"},
     &RankingFlags::allow_consumer},
    {{"--allow-marketplace", "Production serving and training: rank marketplace hosts too (default: excluded)",
      "Constraints"},
     &RankingFlags::allow_marketplace},
    {{"--allow-shared-gpu",
      "Production serving and training: rank shared (time-sliced, fractional) vGPU shares too (default: excluded)",
      "Constraints"},
     &RankingFlags::allow_shared_gpu},
    {{"--allow-low-stock", "Production serving and --risk-averse training: rank SKUs whose stock is low too (default: excluded)", "Constraints"},
     &RankingFlags::allow_low_stock},
    {{"--allow-no-sla", "Production serving: rank providers that publish no uptime SLA too (default: excluded)",
      "Constraints"},
     &RankingFlags::allow_no_sla},
    {{"--allow-stale-terms",
      "Rank reserved and monthly/yearly terms whose price was read more than a year ago too (default: excluded, "
      "constraint --allow-stale-terms)",
      "Constraints"},
     &RankingFlags::allow_stale_terms},
    {{"--allow-immature-stack",
      "Rank GPUs whose software stack does not run the job's method, precision or kernels, and for production "
      "serving those where it is weak (default: excluded, constraint 'software')",
      "Constraints"},
     &RankingFlags::allow_immature_stack},
};

const RankingOption later_options[] = {
    {{"--max-nodes", "Most nodes one job may use (default 4)", "Constraints"}, &RankingFlags::max_nodes, {.type = "COUNT", .range = Q::max_nodes, .setting = "max_nodes"}},
    {{"--min-headroom", "Free GPU memory to keep, percent (default 10: fragmentation, NCCL buffers)", "Constraints"},
     &RankingFlags::min_headroom, {.type = "PERCENT", .range = Q::min_headroom_pct}},
    {{"--sensitivity", "Perturb the weights and report how stable the ranking is", "Analysis"},
     &RankingFlags::sensitivity},
    {{"--sensitivity-samples", "Samples for --sensitivity (default 500)", "Analysis"},
     &RankingFlags::sensitivity_samples, {.type = "COUNT", .range = Q::sensitivity_samples}},
    {{"--pareto", "Mark and show the cost-time Pareto frontier", "Analysis"}, &RankingFlags::pareto},
    {{"--confidence",
      "Chance of ending within --deadline (serving: of meeting --tpot-ms/--ttft-ms) that meets it, 0-1 (default 0.8)",
      "Constraints"},
     &RankingFlags::confidence, {.type = "SHARE", .range = Q::confidence}},
    {{"--risk-averse",
      "Rank on the pessimistic end (90th percentile) of each time and cost band; deadlines at >= 0.9 confidence; "
      "no spot unless --pricing names it; serving: replicas at most 60% busy, 20% GPU memory free",
      "Analysis"},
     &RankingFlags::risk_averse},
    {{"--show-excluded", "List excluded offerings with their reasons", "Analysis"}, &RankingFlags::show_excluded},
    {{"--mix",
      "llm-inference with a request mix (--input-tokens-p90/--output-tokens-p90): also find the cheapest fleet, one "
      "pool per request class, and its saving against the best single-offering fleet",
      "Analysis"},
     &RankingFlags::mix},
};

// compare: a deadline and how sure to be of it (each row's chance of ending within it, no row
// removed), and --risk-averse (hours and costs at their bands' tops), as docs/estimation.md says.
const RankingOption compare_options[] = {
    constraint_options[1],
    later_options[5],
    later_options[6],
};

}  // namespace

void add_ranking_options(CLI::App& command, RankingFlags& flags, bool with_constraints) {
  register_options(command, flags, scoring_options);
  if (!with_constraints) {
    register_options(command, flags, region_options);
    register_options(command, flags, compare_options);
    return;
  }
  register_options(command, flags, constraint_options);
  add_resource_options(command, flags.resources, "Constraints");
  register_options(command, flags, later_options);
}

namespace {
// The GPU memory share the ranking keeps free (build_ranking_options in ranking_flags.hpp).
double ranking_headroom_pct(const RankingFlags& flags, const workload::Profile& profile) {
  if (const auto given = headroom_flag(flags.min_headroom)) return *given;
  if (flags.risk_averse && (workload::kind_traits(profile.kind).serving() || workload::kind_traits(profile.kind).training())) {
    return risk_averse_headroom_pct;
  }
  return workload::default_headroom_pct;
}
}  // namespace

namespace {
// The flags that lift a rule of serving only (production serving's spot and SLA exclusions; a
// development serving tier scores spot's stability 0): on another workload they change nothing, so
// they are refused as --tpot-ms is (expert review 6: --allow-spot-serving on llm-finetune passed
// silently).
// --deadline bounds a training run's wall clock; serving and notebooks run for --hours, so on them
// it only empties the ranking (expert review 7: `-w llm-inference --deadline 10` exited 3).
void check_serving_only_flags(const RankingFlags& flags, workload::Kind kind) {
  using Traits = workload::KindTraits;
  const struct {
    bool given;
    std::string_view flag;
    bool (Traits::*for_kind)() const;
  } scoped[] = {
      {flags.allow_spot_serving, "--allow-spot-serving", &Traits::serving},
      {flags.allow_no_sla, "--allow-no-sla", &Traits::serving},
      {!flags.deadline.empty(), "--deadline", &Traits::training},
  };
  for (const auto& row : scoped) {
    if (!row.given || (workload::kind_traits(kind).*row.for_kind)()) continue;
    const std::string kind_name(workload::to_string(kind));
    const text::Words what = text::Words::in_each([&](text::Lang lang) {
      std::string kinds;
      for (const std::string& name : workload::kind_names()) {
        const auto each = workload::parse_kind(name);
        if (!each || !(workload::kind_traits(*each).*row.for_kind)()) continue;
        if (!kinds.empty()) kinds += text::message(text::Msg::list_comma, lang);
        kinds += name;
      }
      return text::say(lang, text::Msg::err_not_for_kind, kind_name, kinds);
    });
    throw Error::said(std::string(row.flag), what, text::words(text::Msg::hint_drop_or_other_workload));
  }
}

// --provider and --exclude-provider naming one provider (by id or alias) leave it neither in nor
// out: a contradiction in the request, exit 2 (expert review 7: it exited 3 with a header).
void check_provider_lists(const catalog::Catalog& catalog, const std::vector<std::string>& named,
                          const std::vector<std::string>& excluded) {
  for (const std::string& out : excluded) {
    const catalog::Provider* out_provider = catalog.find_provider(out);
    for (const std::string& in : named) {
      const catalog::Provider* in_provider = catalog.find_provider(in);
      if (out_provider == nullptr || in_provider != out_provider) continue;
      throw Error::said("--exclude-provider", text::words(text::Msg::err_provider_in_and_out, out, in),
                        text::words(text::Msg::hint_provider_in_and_out, out_provider->id));
    }
  }
}
// --provider (or --gpu) naming only providers (GPUs) sold in none of the --region asked (after its
// groups, `cn` among them): no offering can match, a contradiction in the request, exit 2 (expert
// review 11, D7: `--region cn --provider aws` exited 3 with a header; review 12: `--gpu h20 --region
// us` named --gpu as the constraint that removed the most). Left to the library's own checks where a
// region is not in the catalog, or where the catalog sells what the flag names nowhere: the
// library's own exit 3 then says to add the offers in an overlay (expert review 39, S30: `--gpu 910B
// --region cn` was told to name a region the 910B is sold in, of which there is none).
// `selects` says whether an offering is one the flag names.
template <typename Selects>
void check_sold_in_regions(const catalog::Catalog& catalog, const std::vector<std::string>& regions,
                           const std::string& region_flag, const std::string& names, Selects selects,
                           text::Msg what, text::Msg hint) {
  if (regions.empty()) return;
  const auto asked = [&](const std::string& region) {
    return std::find(regions.begin(), regions.end(), region) != regions.end();
  };
  std::vector<bool> region_known(regions.size(), false);
  bool sold_anywhere = false;
  for (const auto& offering : catalog.offerings) {
    const bool named = selects(offering);
    sold_anywhere = sold_anywhere || named;
    for (const std::string& region : offering.regions) {
      if (!asked(region)) continue;
      if (named) return;
      region_known[static_cast<std::size_t>(std::find(regions.begin(), regions.end(), region) - regions.begin())] = true;
    }
  }
  if (!sold_anywhere || std::find(region_known.begin(), region_known.end(), false) != region_known.end()) return;
  throw Error::said("--region", text::words(what, names, region_flag), text::words(hint, names));
}

void check_provider_regions(const catalog::Catalog& catalog, const std::vector<std::string>& providers_named,
                            const std::vector<std::string>& regions, const std::string& region_flag) {
  if (providers_named.empty()) return;
  std::vector<const catalog::Provider*> providers;
  std::string names;
  for (const std::string& name : providers_named) {
    const catalog::Provider* provider = catalog.find_provider(name);
    if (provider == nullptr) return;
    providers.push_back(provider);
    names += (names.empty() ? "" : ",") + provider->id;
  }
  check_sold_in_regions(
      catalog, regions, region_flag, names,
      [&](const catalog::Offering& offering) {
        return std::find(providers.begin(), providers.end(), &catalog.provider_of(offering)) != providers.end();
      },
      text::Msg::err_provider_sells_no_region, text::Msg::hint_provider_sells_no_region);
}

void check_gpu_regions(const catalog::Catalog& catalog, const std::vector<std::string>& gpus_named,
                       const std::vector<std::string>& regions, const std::string& region_flag) {
  if (gpus_named.empty()) return;
  std::string names;
  for (const std::string& name : gpus_named) names += (names.empty() ? "" : ",") + name;
  check_sold_in_regions(
      catalog, regions, region_flag, names,
      [&](const catalog::Offering& offering) {
        return std::any_of(gpus_named.begin(), gpus_named.end(), [&](const std::string& name) {
          return catalog::gpu_name_selects(catalog, name, catalog.gpu_of(offering));
        });
      },
      text::Msg::err_gpu_sold_in_no_region, text::Msg::hint_gpu_sold_in_no_region);
}
}  // namespace

scoring::Options build_ranking_options(const RankingFlags& flags, const GlobalOptions& globals,
                                       const catalog::Catalog& catalog, const workload::Profile& profile) {
  check_serving_only_flags(flags, profile.kind);
  const Settings& settings = globals.settings;
  scoring::Options options;
  options.constraints.min_headroom_pct = ranking_headroom_pct(flags, profile);
  // --risk-averse's own headroom is no reason to offload a training job to the CPU (scoring::Options).
  if (flags.risk_averse && !headroom_flag(flags.min_headroom) && workload::kind_traits(profile.kind).training()) {
    options.in_gpu_headroom_pct = workload::default_headroom_pct;
  }
  // Profile: flag, then config, then the workload's default.
  const Setting profile_setting = chosen(settings, "profile", flags.profile);
  std::string profile_name = profile_setting.value;
  const std::string& profile_where = profile_setting.origin;
  if (profile_name == "auto") profile_name = std::string(scoring::default_profile(profile));
  try {
    options.weights = scoring::profile_weights(profile_name, profile.kind);
  } catch (const Error& error) {
    throw error.at(profile_where);
  }
  options.profile_name = profile_name;
  options.allow_spot_serving = flags.allow_spot_serving;
  options.allow_consumer = flags.allow_consumer;
  options.allow_marketplace = flags.allow_marketplace;
  options.allow_shared_gpu = flags.allow_shared_gpu;
  options.allow_low_stock = flags.allow_low_stock;
  options.allow_no_sla = flags.allow_no_sla;
  options.allow_stale_terms = flags.allow_stale_terms;
  options.allow_immature_stack = flags.allow_immature_stack;
  options.reserved_other_use = flags.reserved_other_use;
  options.mix = flags.mix;
  // Weights layer rather than replace: the config's over the profile's, then --weights over both.
  if (!settings.weights.value.empty()) {
    options.weights = scoring::parse_weights(settings.weights.value, options.weights, settings.weights.origin);
  }
  if (!flags.weights.empty()) options.weights = scoring::parse_weights(flags.weights, options.weights, "--weights");
  if (!settings.weights.value.empty() || !flags.weights.empty()) options.profile_name = profile_name + "+custom";

  auto& constraints = options.constraints;
  const std::vector<std::string> regions_named = split_list(flags.region, "--region");
  constraints.regions = catalog::expand_region_groups(catalog, regions_named);
  for (const std::string& name : regions_named) {
    if (std::find(constraints.regions.begin(), constraints.regions.end(), name) != constraints.regions.end()) {
      constraints.regions_by_id.push_back(name);
    }
  }
  // Neither --currency nor a config's currency: a ranking of mainland China only, or of providers that
  // all bill in CNY (`--provider huawei,ctyun,tencent`; expert review 29 read it in USD), is in CNY
  // (where the catalog has its rate).
  const Setting currency = chosen(settings, "currency", flags.currency);
  const bool currency_defaulted =
      flags.currency.empty() && currency.origin == "default" && catalog.find_currency("CNY") != nullptr;
  const std::vector<std::string> providers_named = split_list(flags.provider, "--provider");
  // A --gpu sold only in mainland China (H20, H800, A800, L20) ranks there (scoring's rule, docs/scoring.md
  // "Mainland China"), so in CNY too.
  const std::vector<std::string> gpus_named = gpu_constraint_ids(flags.gpu, catalog);
  // So does a --pricing only mainland clouds sell (monthly, yearly).
  const std::vector<catalog::PricingMode> modes_named = flags.pricing.empty() ? std::vector<catalog::PricingMode>{}
                                                                             : parse_pricing_flag(flags.pricing);
  bool gpu_offered = false;
  bool gpu_offered_abroad = false;
  bool mode_sold = false;
  bool mode_sold_abroad = false;
  if (!gpus_named.empty() || !modes_named.empty()) {
    const std::vector<std::string> mainland = catalog::expand_region_groups(catalog, {"cn"});
    for (const auto& offering : catalog.offerings) {
      const bool abroad = std::any_of(offering.regions.begin(), offering.regions.end(), [&](const std::string& region) {
        return std::find(mainland.begin(), mainland.end(), region) == mainland.end();
      });
      const catalog::Gpu& gpu = catalog.gpu_of(offering);
      if (std::any_of(gpus_named.begin(), gpus_named.end(),
                      [&](const std::string& name) { return catalog::gpu_name_selects(catalog, name, gpu); })) {
        gpu_offered = true;
        gpu_offered_abroad = gpu_offered_abroad || abroad;
      }
      if (std::any_of(modes_named.begin(), modes_named.end(),
                      [&](catalog::PricingMode mode) { return offering.sold_anywhere(mode); })) {
        mode_sold = true;
        mode_sold_abroad = mode_sold_abroad || abroad;
      }
    }
  }
  const bool providers_bill_cny =
      !providers_named.empty() && std::all_of(providers_named.begin(), providers_named.end(), [&](const std::string& name) {
        const catalog::Provider* provider = catalog.find_provider(name);
        return provider != nullptr && provider->currency == "CNY";
      });
  options.currency = catalog::output_currency(
      catalog, currency_defaulted && (catalog::all_in_mainland_china(constraints.regions) || providers_bill_cny ||
                                      (gpu_offered && !gpu_offered_abroad) || (mode_sold && !mode_sold_abroad))
                   ? "CNY"
                   : currency.value);

  // The hint for an amount that is no plain number names the run's currency (CNY for a mainland run).
  if (!flags.budget.empty())
    constraints.budget = ranges::parse(ranges::Quantity::budget, flags.budget, "--budget", options.currency);
  if (!flags.deadline.empty())
    constraints.deadline_hours = parse_quantity(flags.deadline, "--deadline", ranges::Quantity::deadline_hours);
  // Names (providers, GPUs, regions, requirements) are checked against the catalog once, by the
  // library (scoring::check_constraints, which rank runs): the flags are only split here.
  constraints.providers = providers_named;
  constraints.exclude_providers = split_list(flags.exclude_provider, "--exclude-provider");
  check_provider_lists(catalog, providers_named, constraints.exclude_providers);
  check_provider_regions(catalog, providers_named, constraints.regions, flags.region);
  check_gpu_regions(catalog, gpus_named, constraints.regions, flags.region);
  // GPU names map to the catalog's ids here (the library's one check, catalog::gpu_ids_named), so
  // SkyPilot's and gpuhunt's spellings select the same offerings as the ids.
  constraints.gpus = gpus_named;
  apply_resource_flags(flags.resources, flags.gpu, catalog, options.currency, constraints);
  check_gpu_count_sold(flags.resources, flags.gpu, catalog, constraints);
  constraints.pricing_modes = parse_pricing_flag(flags.pricing);
  constraints.pricing_named = !flags.pricing.empty();
  if (flags.pricing.empty()) {
    // A subscription (包年包月) is how a long job is usually paid on the domestic clouds: by default it
    // is ranked where it is the cheaper way to pay for this job (Constraints::subscriptions_only_when_cheaper).
    constraints.pricing_modes.push_back(catalog::PricingMode::monthly);
    constraints.pricing_modes.push_back(catalog::PricingMode::yearly);
    constraints.subscriptions_only_when_cheaper = true;
    // A capacity block (AWS EC2 Capacity Blocks for ML) is how a large or deadline-bound training
    // run on a scarce SKU is had: ranked where it is needed or cheaper (Constraints::blocks_when_needed).
    constraints.pricing_modes.push_back(catalog::PricingMode::capacity_block);
    constraints.blocks_when_needed = true;
  }
  constraints.requirements = split_list(flags.require, "--require");
  const Setting max_nodes = chosen(settings, "max_nodes", flags.max_nodes);
  constraints.max_nodes = parse_whole_quantity(max_nodes.value, max_nodes.origin, ranges::Quantity::max_nodes);
  options.today = today_utc();
  options.sensitivity = flags.sensitivity;
  options.risk_averse = flags.risk_averse;
  if (!flags.confidence.empty())
    options.confidence = parse_quantity(flags.confidence, "--confidence", ranges::Quantity::confidence);
  if (!flags.sensitivity_samples.empty()) {
    options.sensitivity_samples =
        parse_whole_quantity(flags.sensitivity_samples, "--sensitivity-samples", ranges::Quantity::sensitivity_samples);
  }
  return options;
}

namespace {

// A broken invariant is an internal fault, not bad input: app.cpp reports any std::exception as
// "<command>: internal error: ...; please report this with the command line" and exits 1.
scoring::Ranking checked_if_asked(const catalog::Catalog& catalog, scoring::Ranking ranking,
                                  const scoring::Options& options) {
  const char* asked = std::getenv("GPUSELECT_CHECK_INVARIANTS");
  if (asked == nullptr || std::string_view(asked) != "1") return ranking;
  const std::vector<std::string> broken = scoring::ranking_violations(catalog, ranking, options);
  if (!broken.empty()) {
    throw std::logic_error(fmt::format("ranking invariant broken ({}{} in all): {}", broken.size(),
                                       broken.size() >= scoring::max_reported_violations ? " or more" : "",
                                       broken.front()));
  }
  return ranking;
}

}  // namespace

scoring::Ranking rank_checked_if_asked(const catalog::Catalog& catalog, const workload::Profile& profile,
                                       const scoring::Options& options) {
  return checked_if_asked(catalog, scoring::rank(catalog, profile, options), options);
}

scoring::Ranking compare_checked_if_asked(const catalog::Catalog& catalog, const workload::Profile& profile,
                                          const scoring::Options& options,
                                          const std::vector<std::string>& offering_ids) {
  return checked_if_asked(catalog, scoring::compare(catalog, profile, options, offering_ids), options);
}

std::optional<double> headroom_flag(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return parse_number_of(text, "--min-headroom", ranges::Quantity::min_headroom_pct);
}

}  // namespace gpuselect::cli
