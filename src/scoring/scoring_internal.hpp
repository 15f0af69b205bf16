#pragma once
// Internal contracts between the scoring source files (not part of the public API).
#include <algorithm>
#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/scoring.hpp"

namespace gpuselect::scoring::detail {

// The share of GPU memory, percent, a plan must keep free to be ranked under `constraints`: their
// min_headroom_pct, or for a plan that offloads nothing the lower Options::in_gpu_headroom_pct.
inline double headroom_kept_pct(const Options& options, const Constraints& constraints, const estimate::Memory& memory) {
  const bool in_gpu = options.in_gpu_headroom_pct > 0 && memory.plan.offload == workload::Offload::none;
  return in_gpu ? std::min(constraints.min_headroom_pct, options.in_gpu_headroom_pct) : constraints.min_headroom_pct;
}

// Everything one indicator function may look at. `best` holds the candidate set's best values
// for the relative indicators (job_time, job_cost).
struct IndicatorInput {
  const catalog::Offering& offering;
  const catalog::Provider& provider;
  const catalog::Gpu& gpu;
  workload::Kind kind;
  const Candidate& candidate;
  const estimate::Performance& performance;  // the candidate's (Ranking::performance_of)
  const Ranking::Best& best;
  bool spot_serving_allowed = false;  // Options::allow_spot_serving
};

// A constraint that removed rows, in the reader's words: a flag as typed, a rule by the flag that
// lifts it ("the rule --allow-spot-serving lifts"), what is no flag (memory, capacity) by its name.
std::string removal_words(std::string_view flag, text::Lang lang);

// Production serving on spot without --allow-spot-serving: no availability, stability scores 0.
inline bool unavailable_serving(workload::Kind kind, const Candidate& candidate, bool spot_serving_allowed) {
  return workload::kind_traits(kind).serving() && candidate.mode == catalog::PricingMode::spot && !spot_serving_allowed;
}

struct IndicatorValue {
  double value = 0;  // 0-1
  bool applies = true;
};

using IndicatorFunction = IndicatorValue (*)(const IndicatorInput&);

struct IndicatorSpec {
  Criterion criterion;
  std::string_view name;
  double weight;  // share within its criterion; the weights of one criterion sum to 1
  IndicatorFunction function;
  std::string_view description;  // for docs and tests
  // The share for an interactive job (a notebook), where it differs; negative: `weight`.
  double interactive_weight = -1.0;
};
// The indicator's share within its criterion for a job of `kind`.
double weight_for(const IndicatorSpec& spec, workload::Kind kind);

// THE indicator table (indicators.cpp), grouped by criterion in Criterion order.
std::span<const IndicatorSpec> indicator_table();

// 0-100 score of one criterion: applicable indicators' weights re-spread to sum 1.
double criterion_score(Criterion criterion, const IndicatorInput& input);
// All indicators of a criterion, with the weights re-spread over the applicable ones.
std::vector<Indicator> criterion_indicators(Criterion criterion, const IndicatorInput& input);

// How fast a candidate is for the relative job_time indicator (bigger is better): 1/hours for
// training, per-replica decode tokens/s for serving, dense 16-bit TFLOPS of the share of one GPU
// for notebooks.
// The turnaround below which training speed scores nothing more (docs/scoring.md "Turnaround"): 4 h
// for fine-tuning and vision training, 0 (none) for the other kinds, and 0 when the weights favour
// speed most (the speed-first profile, or performance weighted above every other criterion).
double turnaround_hours(workload::Kind kind, const Weights& weights);
// Whether the weights put performance above every other criterion (speed-first, --weights performance=1).
bool speed_weighted_most(const Weights& weights);
// The hours a training row is held against the turnaround: its time to result with the wait for
// capacity at that wait's 90th percentile instead of its mean (a low-stock SKU is within the
// turnaround only if it is at 9 in 10 odds of finding capacity in time).
double turnaround_check_hours(const Candidate& candidate);
// The same at the run's time band's slow end (its 90th percentile; the queue and the capacity
// wait's excess added as they are): what a --deadline turnaround is held to (Best::turnaround_is_deadline).
double deadline_check_hours(const Candidate& candidate, const estimate::Performance& performance);
// Pretraining under a --deadline: job_time lost by a run that uses all of the deadline, linearly
// from half of it (judgement: a few score points, enough to rank the slack of a node count that
// costs the same first; docs/scoring.md "Turnaround").
constexpr double deadline_slack_credit = 0.05;
// Pretraining without a --deadline: job_time lost by a run that uses all of the 30-day planning
// horizon, linearly from its first day (judgement: at the pretraining weights, performance 0.35 and
// cost 0.20, ending a month sooner is worth ~50% more money, two weeks sooner ~22%; at 0.05, the
// deadline's credit, expert review 50 p19 tied three one-GPU H100 VMs over 40 Gbit/s Ethernet,
// 21.7 d for $10,896, with one 8x H200 node, 6.4 d for $12,810: no team takes the first).
constexpr double horizon_time_credit = 0.10;
// A chance of ending within --deadline at or above this scores 1 on deadline_margin (indicators.cpp),
// and is not said among the row's stability figures.
constexpr double deadline_sure_probability = 0.99;
// Indicator node_fabric: training across nodes over TCP scores 0 at this per-node bandwidth or
// less, 1 at tcp_fabric_full_gbps, and is n/a from there (GCP's GPUDirect-TCPX and TCPXO), Gbit/s.
constexpr double tcp_fabric_floor_gbps = 100;
constexpr double tcp_fabric_full_gbps = 800;
// Whether node_fabric scores a row: training on `nodes` > 1 nodes over TCP below tcp_fabric_full_gbps.
inline bool tcp_fabric_scored(workload::Kind kind, const catalog::Offering& offering, int nodes) {
  return workload::kind_traits(kind).training() && nodes > 1 && offering.network.rdma == catalog::Rdma::none &&
         offering.network.bandwidth_gbps < tcp_fabric_full_gbps;
}
// job_cost reaches 0 at this ratio to the cheapest (indicators.cpp; docs/scoring.md "Why 10x").
constexpr double cost_ratio_at_zero = 10.0;
double speed_of(workload::Kind kind, const catalog::Gpu& gpu, const catalog::Offering& offering,
                const Candidate& candidate, const estimate::Performance& performance);
// Serving: the latency a request sees at the planned load, milliseconds: llm-inference the TPOT at
// the load (the geometric centre of its band, the batch the load keeps running with the spares
// down), image generation one image's time at the batch; 0 where the kind has none a user waits on
// (training, notebooks, vision classification: milliseconds inside a pipeline). Used by job_time's
// latency share and by the cheaper-or-faster rival (pareto.cpp).
double served_latency_ms(workload::Kind kind, const estimate::Performance& performance);
// job_time's share that a serving row's latency costs, on a log scale from none at a tenth of the
// latency target to all of it at the target (latency_ratio_at_full_share = 10; without a target,
// from the fastest row to 10x it). Judgement, expert review 13 (R1, R2): rows that met the targets
// all scored 1, so at one price an A100 pair at 61 ms a token (at the load) ranked above an H100
// pair at 30 ms on support points. Times serving's performance weight (0.30): 4.5 score points at
// the target, what a 34% dearer row loses on cost; half the latency, 1.35 (a 9% dearer row).
// Anchored at the target, not at the fastest row: a lightly loaded 8-GPU node at a few ms a token
// put every usual row past 10x it, where they all lost the whole share alike.
constexpr double latency_share = 0.15;
constexpr double latency_ratio_at_full_share = 10.0;
// Serving: the chance that a month of service on `gpus` busy GPUs sees no GPU failure (the
// fleet_failures indicator; Llama 3 paper's interruption rate).
double month_without_gpu_failure(int gpus);
// GPUs a candidate on `nodes` nodes rents: GPUs per instance x instances, where serving rents as
// many instances as its replicas need and at least `priced_instances` (Cost::instances, what
// estimate::price charges, host-safe N+1 spares included).
int rented_gpus(workload::Kind kind, const catalog::Offering& offering, int nodes, const estimate::Performance& performance,
                int priced_instances);

// Fills every candidate's criteria and score from the indicators and `weights`, provider-only
// indicators computed once per provider. `performances` is Ranking::performances.
void score_candidates(const catalog::Catalog& catalog, workload::Kind kind, const Ranking::Best& best,
                      const Weights& weights, const std::vector<estimate::Performance>& performances,
                      std::vector<Candidate>& candidates, bool spot_serving_allowed);

// rank() with every estimate made afresh: no plan, plan search or performance shared between
// offerings of one machine shape (rank.cpp's memo). The reference the memo is tested against; slow.
Ranking rank_unmemoised(const catalog::Catalog& catalog, const workload::Profile& profile, const Options& options);

// Constraints (constraints.cpp).
// The pricing modes offering.sold_anywhere(mode) is true for, in one pass over its regions instead
// of one per mode (the same answer: a mode is sold when any of its regions prices it).
std::bitset<catalog::pricing_mode_count> modes_sold_anywhere(const catalog::Offering& offering);
// Throws Error for flags naming nothing in the catalog (with "did you mean"), bad numbers.
void validate_constraints(const catalog::Catalog& catalog, const Constraints& constraints);
// Offering-level filters that need no estimate: region, provider, gpu, requirement, pricing mode,
// not sold. Appends every failing reason; returns true when the offering passes.
bool offering_passes(const catalog::Catalog& catalog, const catalog::Offering& offering, const Constraints& constraints,
                     std::vector<ExclusionReason>& reasons);
bool mode_allowed(const Constraints& constraints, catalog::PricingMode mode);
// Whether --gpu names `gpu` (an id or alias of it), and whether --provider names `provider`.
bool names_gpu(const catalog::Catalog& catalog, const Constraints& constraints, const catalog::Gpu& gpu);
bool names_provider(const catalog::Catalog& catalog, const std::vector<std::string>& providers,
                    const catalog::Provider& provider);
// Production serving's service tier (docs/scoring.md "Service tiers"): appends a reason per class
// this row belongs to and the options do not allow (consumer or workstation GPU, marketplace host,
// spot), with the row's `total_cost`; nothing for other workloads or the development tier. A
// notebook on spot is excluded unless --pricing names spot (an interactive session dies with it).
// `with_words` false: the reasons' detail words are left empty (no exclusion is listed, so nothing
// reads them: Options::Printed::exclusions_listed).
void tier_reasons(const catalog::Catalog& catalog, const catalog::Offering& offering, catalog::PricingMode mode,
                  const workload::Profile& profile, const Options& options, double total_cost,
                  std::vector<ExclusionReason>& reasons, bool with_words = true);
// Whether the offering (of `provider`) meets the --require feature `name`; false for an unknown name.
bool meets_requirement(const catalog::Offering& offering, const catalog::Provider& provider, std::string_view name);
// GPUs per instance: gpu_count x gpu_fraction (a quarter vGPU is 0.25).
double gpus_of(const catalog::Offering& offering);
// GB per GPU as the vendor labels it, times the share for a vGPU slice.
double gpu_memory_gb_of(const catalog::Catalog& catalog, const catalog::Offering& offering);
// The lowest price per instance-hour in an allowed mode and region (provider currency); nullopt when none.
std::optional<double> cheapest_allowed_price(const catalog::Offering& offering, const Constraints& constraints);

// Warnings (warnings.cpp) as a bit set with Warning's value as bit index.
using WarningBits = std::uint32_t;
// What warning_bits reads besides the candidate. Stale prices are a run-wide note (run_notes), not
// a row warning.
struct WarningContext {
  const catalog::Catalog& catalog;
  const workload::Profile& profile;
  bool spot_serving_allowed = false;
};
WarningBits warning_bits(const WarningContext& context, const Candidate& candidate,
                         const estimate::Performance& performance);
WarningList materialise(WarningBits bits);
// Ranking::win_envelope for the ranking's candidates and weights (envelope.cpp).
Ranking::WinEnvelope win_envelope(const Ranking& ranking);
// The smallest change of one criterion's weight (the others keep their proportions) that puts
// `candidate` at or above every other candidate (envelope.cpp). Scores are linear in the weights,
// so each rival gives one linear inequality in the new weight w: a + w (b - a) >= 0. Uses the
// ranking's win envelope when it is valid, else scans every candidate.
struct WeightChange {
  Criterion criterion = Criterion::cost;
  double weight = 0;      // the new weight, rounded to 2 decimals towards the inside of the interval
  bool at_least = true;   // the weight must be at least `weight` (else at most)
  double distance = 2;    // |weight - current weight|
};
std::optional<WeightChange> weight_to_win(const Ranking& ranking, const Candidate& candidate);

// Sensitivity (sensitivity.cpp) and Pareto (pareto.cpp) over a sorted candidate list.
Sensitivity sensitivity(const std::vector<Candidate>& candidates, const Weights& weights, int samples,
                        std::uint64_t seed);
// `times[i]`: candidate i's time as for mark_cheaper_and_faster_below (serving: the latency a request
// sees, as every serving row runs the same hours); empty: each candidate's hours.
void mark_pareto(std::vector<Candidate>& candidates, const std::vector<double>& times = {});
// Candidate::cheaper_and_faster_below for candidates sorted by rank: O(n log n). `times[i]` is
// candidate i's time, smaller faster: its hours, or for serving with a latency a request sees
// (served_latency_ms) that latency: every serving row runs the same hours, so "faster" would
// otherwise never be said of a serving row (expert review 13, D4). Only the first `rows` candidates
// get theirs (Options::Printed: the rows explained; the others' stays no_rival): up to a few rows, by a
// scan of the rows below each, which finds the same rival as the tree over all of them.
void mark_cheaper_and_faster_below(std::vector<Candidate>& candidates, const std::vector<double>& times,
                                   std::size_t rows = Options::Printed::every_row);
// Whether exclusion `a` comes before `b` (both in ranking.excluded) in the order the exclusions are
// listed: offering id, no mode (every mode alike) before each mode in order, nodes, then the order
// added (rank.cpp, sort_exclusions). True of their places once sorted; before (Options::Printed::
// exclusions_listed false) a choice among equals that takes the first listed still gets the same row.
inline bool listed_before(const catalog::Catalog& catalog, const Ranking& ranking, const Exclusion& a,
                          const Exclusion& b) {
  if (a.offering_index != b.offering_index) {
    const int order = catalog.offerings[a.offering_index].id.compare(catalog.offerings[b.offering_index].id);
    if (order != 0) return order < 0;
  }
  const auto mode_key = [](const Exclusion& x) { return x.mode ? 1U + static_cast<unsigned>(*x.mode) : 0U; };
  if (mode_key(a) != mode_key(b)) return mode_key(a) < mode_key(b);
  if (a.nodes != b.nodes) return a.nodes < b.nodes;
  return &a - ranking.excluded.data() < &b - ranking.excluded.data();
}
// Ranking::notes: run-wide facts (stale prices, assumed spot rates) over the ranked candidates (warnings.cpp).
std::vector<Ranking::Note> run_notes(const catalog::Catalog& catalog, const Ranking& ranking, std::string_view today);

// The total a candidate is ranked, budgeted and compared on: the cost line's total, or with
// --risk-averse the job priced at the upper end of its time band (Cost::total_band; docs/estimation.md
// "Error bands").
// --mix (docs/scoring.md "Mixed fleet"): the cheapest pool per request class, each ranked as its own
// serving job (the class's lengths and share of the rate, the same tier, targets and constraints),
// against the cheapest row of `whole` (the single-offering fleet for the whole mix).
Ranking::Fleet cheapest_fleet(const catalog::Catalog& catalog, const workload::Profile& profile,
                              const Options& options, const Ranking& whole);

// A stack weak for the job on a feature other than bf16 (docs/scoring.md "Service tiers"): production
// serving excludes it (rank.cpp), the invariants check it. bf16 alone is not a port in progress: its
// fp16 fallback (--precision fp16) is how Volta and Turing serve, so a T4 still serves vision models.
inline bool weak_beyond_bf16(const SoftwareSupport& software) {
  const auto beyond = [](std::optional<catalog::StackFeature> feature) {
    return feature && *feature != catalog::StackFeature::bf16;
  };
  return software.level == catalog::StackLevel::weak && (beyond(software.feature) || beyond(software.also()));
}

// A stack weak for a training job on the method the job is (QLoRA's 4-bit kernels, FP8 training),
// where other GPUs run it maturely: production training excludes it unless the GPU is named
// (rank.cpp; expert review 43 S32: QLoRA of a 70B model ranked first on 8x MI300X, whose
// bitsandbytes port is experimental). Not FP4 training, weak on every GPU that runs it (Blackwell is
// its only home: excluding it would leave nothing; W-SOFTWARE-STACK says it), nor a weak
// FlashAttention or bf16, kernels a job can do without: a V100 still fine-tunes BERT-base, the
// guides' right-size example.
inline bool weak_on_training_method(const SoftwareSupport& software) {
  const auto method = [](std::optional<catalog::StackFeature> feature) {
    return feature == catalog::StackFeature::qlora_4bit || feature == catalog::StackFeature::fp8_training;
  };
  return software.level == catalog::StackLevel::weak && (method(software.feature) || method(software.also()));
}

inline double ranked_total(const estimate::Cost& cost, bool risk_averse) {
  return risk_averse && cost.total_band.high > 0 ? cost.total_band.high : cost.total;
}

}  // namespace gpuselect::scoring::detail
