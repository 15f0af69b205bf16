#include "cli/ranking_flags.hpp"

#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/invariants.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::cli {

namespace {

// One row per ranking option, in --help order: a value (`text`) or a flag (`on`).
struct RankingOption {
  const char* name;
  std::string RankingFlags::*text;
  bool RankingFlags::*on;
  const char* help;
  const char* group;
};

constexpr RankingOption scoring_options[] = {
    {"--profile", &RankingFlags::profile, nullptr,
     "Weight profile: balanced, cost-first, speed-first, production, research, ... (default: per workload)", "Scoring"},
    {"--weights", &RankingFlags::weights, nullptr, "Override weights, e.g. cost=0.4,stability=0.3", "Scoring"},
    {"--currency", &RankingFlags::currency, nullptr, "Output currency (default USD)", "Scoring"},
    {"--allow-spot-serving", nullptr, &RankingFlags::allow_spot_serving,
     "Let serving run on spot (default: production serving excludes spot; elsewhere it scores stability 0)",
     "Scoring"},
    {"--reserved-other-use", nullptr, &RankingFlags::reserved_other_use,
     "A reserved term has other work: charge the job its own hours, not the whole commitment", "Scoring"},
};

// --region, which compare takes too (each offering priced in its cheapest region of those asked).
constexpr RankingOption region_option = {"--region", &RankingFlags::region, nullptr,
                                         "Only these regions (comma-separated); cn = mainland China", "Constraints"};

// The constraints before the resource options (--gpus, --gpu-memory, ...); later_options come after
// them (the last constraints, then analysis).
constexpr RankingOption constraint_options[] = {
    {"--budget", &RankingFlags::budget, nullptr, "Maximum job total (output currency) at the price's upper end; training: at --confidence hours", "Constraints"},
    {"--deadline", &RankingFlags::deadline, nullptr, "Maximum wall-clock hours", "Constraints"},
    region_option,
    {"--provider", &RankingFlags::provider, nullptr, "Only these providers (comma-separated ids)", "Constraints"},
    {"--exclude-provider", &RankingFlags::exclude_provider, nullptr, "Never these providers (comma-separated)",
     "Constraints"},
    {"--gpu", &RankingFlags::gpu, nullptr, "Only these GPU models (ids or aliases, comma-separated)", "Constraints"},
    {"--pricing", &RankingFlags::pricing, nullptr,
     "on-demand, spot, reserved-1y, reserved-3y, monthly, yearly (comma-separated) or any; default on-demand,spot "
     "and monthly/yearly where cheaper than on-demand for the job",
     "Constraints"},
    {"--require", &RankingFlags::require, nullptr,
     "Required features, comma-separated: rdma, nvlink, bare-metal, iso27001, soc2, jupyterlab, ...", "Constraints"},
    {"--allow-consumer", nullptr, &RankingFlags::allow_consumer,
     "Production serving and training: rank consumer (GeForce) GPUs too, and workstation GPUs for serving "
     "(default: excluded)",
     "Constraints"},
    {"--allow-marketplace", nullptr, &RankingFlags::allow_marketplace,
     "Production serving and training: rank marketplace hosts too (default: excluded)", "Constraints"},
    {"--allow-shared-gpu", nullptr, &RankingFlags::allow_shared_gpu,
     "Production serving and training: rank shared (time-sliced, fractional) vGPU shares too (default: excluded)",
     "Constraints"},
    {"--allow-low-stock", nullptr, &RankingFlags::allow_low_stock,
     "Production serving: rank SKUs whose stock is low too (default: excluded)", "Constraints"},
    {"--allow-no-sla", nullptr, &RankingFlags::allow_no_sla,
     "Production serving: rank providers that publish no uptime SLA too (default: excluded)", "Constraints"},
    {"--allow-immature-stack", nullptr, &RankingFlags::allow_immature_stack,
     "Rank GPUs whose software stack does not run the job's method, precision or kernels (default: excluded, "
     "constraint 'software')",
     "Constraints"},
};

constexpr RankingOption later_options[] = {
    {"--max-nodes", &RankingFlags::max_nodes, nullptr, "Most nodes one job may use (default 4)", "Constraints"},
    {"--min-headroom", &RankingFlags::min_headroom, nullptr,
     "Free GPU memory to keep, percent (default 10: fragmentation, NCCL buffers)", "Constraints"},
    {"--sensitivity", nullptr, &RankingFlags::sensitivity, "Perturb the weights and report how stable the ranking is",
     "Analysis"},
    {"--sensitivity-samples", &RankingFlags::sensitivity_samples, nullptr, "Samples for --sensitivity (default 500)",
     "Analysis"},
    {"--pareto", nullptr, &RankingFlags::pareto, "Mark and show the cost-time Pareto frontier", "Analysis"},
    {"--confidence", &RankingFlags::confidence, nullptr,
     "Chance of ending within --deadline (serving: of meeting --tpot-ms/--ttft-ms) that meets it, 0-1 (default 0.8)",
     "Constraints"},
    {"--risk-averse", nullptr, &RankingFlags::risk_averse,
     "Rank on the pessimistic end (90th percentile) of each time and cost band; deadlines at >= 0.9 confidence; "
     "no spot unless --pricing names it; serving: replicas at most 60% busy, 20% GPU memory free",
     "Analysis"},
    {"--show-excluded", nullptr, &RankingFlags::show_excluded, "List excluded offerings with their reasons",
     "Analysis"},
    {"--mix", nullptr, &RankingFlags::mix,
     "llm-inference with a request mix (--input-tokens-p90/--output-tokens-p90): also find the cheapest fleet, one "
     "pool per request class, and its saving against the best single-offering fleet",
     "Analysis"},
};

void add_option(CLI::App& command, RankingFlags& flags, const RankingOption& row) {
  CLI::Option* option = row.text != nullptr ? command.add_option(row.name, flags.*row.text, row.help)
                                            : command.add_flag(row.name, flags.*row.on, row.help);
  option->group(row.group);
}

template <std::size_t Count>
void add_options(CLI::App& command, RankingFlags& flags, const RankingOption (&rows)[Count]) {
  for (const RankingOption& row : rows) add_option(command, flags, row);
}

}  // namespace

void add_ranking_options(CLI::App& command, RankingFlags& flags, bool with_constraints) {
  add_options(command, flags, scoring_options);
  if (!with_constraints) {
    add_option(command, flags, region_option);
    return;
  }
  add_options(command, flags, constraint_options);
  add_resource_options(command, flags.resources, "Constraints");
  add_options(command, flags, later_options);
}

scoring::Options build_ranking_options(const RankingFlags& flags, const GlobalOptions& globals,
                                       const catalog::Catalog& catalog, const workload::Profile& profile) {
  const Settings& settings = globals.settings;
  scoring::Options options;
  // Profile: flag, then config, then the workload's default.
  std::string profile_name = flags.profile.empty() ? settings.profile.value : flags.profile;
  const std::string profile_where = flags.profile.empty() ? settings.profile.origin : "--profile";
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
  options.allow_immature_stack = flags.allow_immature_stack;
  options.reserved_other_use = flags.reserved_other_use;
  options.mix = flags.mix;
  if (!flags.weights.empty()) {
    if (!settings.weights.value.empty()) {
      options.weights = scoring::parse_weights(settings.weights.value, options.weights, settings.weights.origin);
    }
    options.weights = scoring::parse_weights(flags.weights, options.weights, "--weights");
    options.profile_name = profile_name + "+custom";
  } else if (!settings.weights.value.empty()) {
    options.weights = scoring::parse_weights(settings.weights.value, options.weights, settings.weights.origin);
    options.profile_name = profile_name + "+custom";
  }

  options.currency =
      catalog::output_currency(catalog, flags.currency.empty() ? settings.currency.value : flags.currency);

  auto& constraints = options.constraints;
  if (!flags.budget.empty()) constraints.budget = parse_quantity(flags.budget, "--budget", ranges::Quantity::budget);
  if (!flags.deadline.empty())
    constraints.deadline_hours = parse_quantity(flags.deadline, "--deadline", ranges::Quantity::deadline_hours);
  constraints.regions = catalog::expand_region_groups(catalog, split_list(flags.region));
  // Names (providers, GPUs, regions, requirements) are checked against the catalog once, by the
  // library (scoring::check_constraints, which rank runs): the flags are only split here.
  constraints.providers = split_list(flags.provider);
  constraints.exclude_providers = split_list(flags.exclude_provider);
  // GPU names map to the catalog's ids here (the library's one check, catalog::gpu_ids_named), so
  // SkyPilot's and gpuhunt's spellings select the same offerings as the ids.
  constraints.gpus = gpu_constraint_ids(flags.gpu, catalog);
  apply_resource_flags(flags.resources, flags.gpu, catalog, options.currency, constraints);
  constraints.pricing_modes = parse_pricing_flag(flags.pricing);
  constraints.pricing_named = !flags.pricing.empty();
  if (flags.pricing.empty()) {
    // A subscription (包年包月) is how a long job is usually paid on the domestic clouds: by default it
    // is ranked where it is the cheaper way to pay for this job (Constraints::subscriptions_only_when_cheaper).
    constraints.pricing_modes.push_back(catalog::PricingMode::monthly);
    constraints.pricing_modes.push_back(catalog::PricingMode::yearly);
    constraints.subscriptions_only_when_cheaper = true;
  }
  constraints.requirements = split_list(flags.require);
  if (!flags.max_nodes.empty()) {
    constraints.max_nodes = parse_whole_quantity(flags.max_nodes, "--max-nodes", ranges::Quantity::max_nodes);
  } else {
    constraints.max_nodes =
        parse_whole_quantity(settings.max_nodes.value, settings.max_nodes.origin, ranges::Quantity::max_nodes);
  }
  // The planner keeps this share free when it judges fit (workload::Profile::headroom_pct); the
  // ranking's check agrees with it.
  constraints.min_headroom_pct = profile.headroom_pct;
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
