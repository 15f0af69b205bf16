#pragma once
// Scoring: five criteria built from named indicators (docs/scoring.md), weights and profiles,
// constraints, the ranking with its exclusions, warning codes, sensitivity and Pareto. The words
// for people (explanations, warning and exclusion texts) are in gpuselect/explain.hpp.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/catalog.hpp"
#include "gpuselect/estimate.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/resources.hpp"
#include "gpuselect/software.hpp"
#include "gpuselect/workload.hpp"

namespace gpuselect::scoring {

class PlanStore;  // gpuselect/plan_store.hpp

enum class Criterion : std::uint8_t { stability, performance, cost, usability, support };
inline constexpr std::size_t criterion_count = 5;
inline constexpr std::array<Criterion, criterion_count> all_criteria = {
    Criterion::stability, Criterion::performance, Criterion::cost, Criterion::usability, Criterion::support};
std::string_view to_string(Criterion criterion);
std::optional<Criterion> parse_criterion(std::string_view text);

// Effective weights, indexed by Criterion; they sum to 1.
struct Weights {
  std::array<double, criterion_count> values{};
  double operator[](Criterion c) const { return values[static_cast<std::size_t>(c)]; }
  double& operator[](Criterion c) { return values[static_cast<std::size_t>(c)]; }
};

// Named weight profiles: "balanced" is exactly 0.30/0.25/0.20/0.15/0.10 (the guides' default
// matrix); others in docs/scoring.md. "auto" picks the workload's default profile.
std::vector<std::string> profile_names();
// Throws Error(where = "--profile") for an unknown name (with "did you mean").
Weights profile_weights(std::string_view profile, workload::Kind kind);
std::string_view default_profile(workload::Kind kind);
// The job's default profile: the kind's, but "fine-tuning-dev" for a fine-tune or vision training run
// (the kind's profile is "fine-tuning") at --training-tier development, and "serving-dev" for serving
// at --serving-tier development (docs/scoring.md "Profiles").
std::string_view default_profile(const workload::Profile& profile);
// "cost=0.4,stability=0.3": named criteria take those values, the others share the rest in `base`'s
// proportions, normalised to sum 1. Throws Error(where = `where`) for unknown names, negative, NaN or
// all-zero weights, or named values summing above 1.
Weights parse_weights(std::string_view spec, const Weights& base, std::string_view where = "--weights");

// Hard constraints applied before scoring (all optional).
struct Constraints {
  std::optional<double> budget;  // job total, output currency
  std::optional<double> deadline_hours;
  std::vector<std::string> regions;    // any of
  // The --region items that name a region by its id (not a group): an opt-in region
  // (catalog::needs_opt_in) is where a row is priced only when named so, or sold nowhere else allowed.
  std::vector<std::string> regions_by_id;
  std::vector<std::string> providers;  // any of
  std::vector<std::string> exclude_providers;
  std::vector<std::string> gpus;                    // GPU ids or aliases, any of
  std::vector<catalog::PricingMode> pricing_modes;  // empty = all
  bool pricing_named = false;  // the user gave --pricing (a notebook ranks spot only then)
  // A monthly or yearly subscription line is ranked only when its job total is below the same
  // offering's on-demand line (recommend's default: a subscription is worth showing when it is the
  // cheaper way to pay for this job; --pricing naming the mode ranks it always).
  bool subscriptions_only_when_cheaper = false;
  // A capacity-block line is ranked only for training, where it is the cheaper way to pay for the
  // job or the on-demand line is no row (beyond open capacity, missing the deadline): recommend's
  // default; --pricing naming capacity-block ranks it always (docs/scoring.md "Capacity blocks").
  bool blocks_when_needed = false;
  std::vector<std::string> requirements;  // "rdma", "nvlink", "bare-metal", "iso27001", "soc2", "jupyterlab", ...
  int max_nodes = estimate::default_max_nodes;
  // Free GPU memory share required, percent (--min-headroom): rank() plans with it (its own copy of
  // the profile takes it as workload::Profile::headroom_pct) and excludes rows that leave less free.
  double min_headroom_pct = workload::default_headroom_pct;
  // dstack-style ranges (docs/cli.md "Resource syntax"); unbounded sides allow anything.
  resources::Bounds gpu_memory_gb;  // per GPU, GB as the vendor labels it (x gpu_fraction for a vGPU share)
  resources::Bounds gpu_count;      // GPUs per instance (gpu_count x gpu_fraction)
  std::optional<double> max_price_per_hour;  // per instance-hour in max_price_currency, in any allowed mode
  std::string max_price_currency = "USD";
  // Rank offerings the provider's newest price list no longer lists (Offering::unlisted) too;
  // false: they are excluded as not sold (--include-unlisted).
  bool include_unlisted = false;
};
// The offering-level constraints (names, requirements, pricing modes, GPU memory and count, and
// --max-price; not the job's fit, budget or deadline): what `catalog list` filters by. Call
// check_constraints once first.
bool offering_allowed(const catalog::Catalog& catalog, const catalog::Offering& offering,
                      const Constraints& constraints);
// Throws Error(where = the flag) for a provider, GPU, region or requirement the catalog lacks
// (with "did you mean"), or a value out of range.
void check_constraints(const catalog::Catalog& catalog, const Constraints& constraints);
// Whether `price` (per instance-hour, in the offering provider's currency) is within --max-price.
bool price_allowed(const catalog::Catalog& catalog, const catalog::Offering& offering, const Constraints& constraints,
                   double price);
// Every name --require accepts, with what it checks (for --help, completion and errors).
std::vector<std::pair<std::string, std::string>> requirement_names();

// One indicator of a criterion, normalised to 0-1 (docs/scoring.md gives each function).
struct Indicator {
  std::string_view name;  // "isolation", "sla_uptime", ...
  double value = 0;       // normalised 0-1
  double weight = 0;      // share within its criterion; a criterion's weights sum to 1
  bool applies = true;    // false when not relevant (e.g. spot risk for on-demand); weight re-spread
};

// The criterion's effective weight is the run's (Ranking::weights), not held per candidate: a
// 1,000,000-offering ranking holds ~850,000 candidates (issue 33 part F).
struct CriterionScore {
  double score = 0;         // 0-100
  double contribution = 0;  // score * Ranking::weights[criterion]; contributions sum to the candidate's score
};

// Warning codes are stable; text is made by warning_text (gpuselect/explain.hpp).
enum class Warning : std::uint8_t {
  spot_interruptions,
  vgpu_noisy_neighbours,
  egress_fees,
  public_ip_fees,
  limited_stock,
  sla_without_credits,
  resize_needs_restart,
  stale_price,
  pcie_multi_gpu_training,
  multi_node_without_rdma,
  over_provisioned,
  cpu_offload_slow,
  marketplace_host,
  spot_serving,          // production serving on interruptible capacity
  reserved_commitment,   // the job uses a small share of a reserved term it pays in full
  queued,                // the capacity has a queue (availability.queue_hours) before the job starts
  consumer_gpu_serving,  // production serving on GeForce cards (catalog segment consumer)
  deadline_in_band,      // the deadline lies inside the row's own time band: its slack is no margin
  software_stack,        // the job relies on a method or kernel that is weak (or, allowed, unsupported) on this GPU
  input_bound,         // cv-train: the data loader's vCPUs keep the GPUs waiting (docs/estimation.md "Input pipeline")
  spot_quote,          // the spot quote is suspect (below a share of on-demand): ranked at its upper end
  cluster_capacity,    // more GPUs on demand or spot at once than the stock usually has free
  latency_in_band,     // llm-inference: a latency target lies inside the row's own TTFT or TPOT band
  speed_extrapolated,  // image kinds: no published run on this GPU generation calibrates the speed
  term_overrun,        // training on a term: the run's own band reaches past the terms it commits
  term_boundary,       // training on a subscription: the run's band crosses a term's end (terms priced at its slow end)
  capacity_block,      // a capacity block: paid upfront for its whole length, ends on time whatever the job
  price_implausible,   // the quote is far below every other offering of the GPU, or dated after today
  estimated_term,      // a term or block commitment rests on a price the catalog marks estimated
};
std::string_view warning_code(Warning warning);   // "W-SPOT", ...
inline constexpr std::size_t warning_count = 29;  // values of Warning

// A row warning about a fee is material when the fee is at least this share of the row's total
// (docs/scoring.md "Warnings"); smaller fees are in the cost line but not worth a warning.
inline constexpr double material_cost_share = 0.05;
// Spot rows warn when the chance of at least one interruption reaches this (or the expected
// interruption cost is material, or the deadline is at risk).
inline constexpr double material_risk_probability = 0.05;
// A row whose chance of ending within --deadline is below this has the deadline inside its own
// 10th-90th percentile time band (W-DEADLINE-BAND).
inline constexpr double deadline_band_probability = 0.9;
// Training on several spot nodes for longer than this always carries W-SPOT (a reclaim of any node
// restarts all of them), hours.
inline constexpr double spot_multi_node_warn_hours = 24.0;
// Training on spot without checkpoints (--checkpoint-minutes 0) longer than this: a reclaim restarts
// the whole run, so W-SPOT says so whatever the chance (judgement: an hour of lost work is what a
// team notices; expert review 32: a 19 h run without checkpoints on spot showed no warning).
inline constexpr double spot_no_checkpoint_warn_hours = 1.0;
// Pareto by weak dominance (docs/scoring.md "Pareto"): a strictly cheaper row at most this share
// slower (0.5%, below the time's own band and the table's rounding) dominates a dearer one.
inline constexpr double pareto_time_tolerance = 0.005;
// cv-train rows warn (W-INPUT-BOUND) when the data loader keeps the GPUs busy less than this share
// of the time: a tenth of the GPU-hours paid for waiting.
inline constexpr double input_bound_busy_share = 0.9;
// A reserved term is flagged when the job uses less than this share of it, percent.
inline constexpr double small_term_share_pct = 50.0;
// A row whose quote is older than this, days, carries W-STALE-PRICE, its price is marked estimated
// and its cost is never named its strength (judgement: list prices change a few times a year, so a
// quote past a year is a price to refresh, not to rent on; below it the run's N-STALE-PRICES note
// and the age band carry the risk).
inline constexpr int stale_row_price_days = 365;

// A candidate's warnings in the order added, held inline (no heap allocation per candidate); a
// code added twice is kept once. Iterates like a std::vector<Warning>.
class WarningList {
 public:
  WarningList() = default;
  WarningList(std::initializer_list<Warning> warnings) {
    for (const Warning warning : warnings) push_back(warning);
  }
  void push_back(Warning warning) {
    if (contains(warning) || size_ == codes_.size()) return;
    codes_[size_++] = warning;
  }
  const Warning* begin() const { return codes_.data(); }
  const Warning* end() const { return codes_.data() + size_; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool contains(Warning warning) const { return std::find(begin(), end(), warning) != end(); }
  friend bool operator==(const WarningList& a, const WarningList& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  std::array<Warning, warning_count> codes_{};
  std::uint8_t size_ = 0;
};

// One ranked row: offering x pricing mode x node count. Small on purpose (a 50,000-offering catalog
// makes ~125,000 of them): the memory plan, compute, time and throughput live once per machine
// shape in Ranking::performances, and only this mode's cost line is held here.
inline constexpr std::uint32_t no_region = 0xffffffffu;

// How well the job's stack runs on a GPU (docs/scoring.md "Software stack"): the worst level among
// the features the job relies on (software_needs) and the feature that set it; mature with no
// feature when the job relies on none, unknown when the table has no row for the architecture.
struct SoftwareSupport {
  catalog::StackLevel level = catalog::StackLevel::mature;
  std::optional<catalog::StackFeature> feature;
  // The model overflows fp16 (catalog DiffusionLayout::needs_bf16) and this GPU has no bf16 tensor
  // cores: bf16 is unsupported for it, whatever the stack table says of bf16 in general.
  bool model_needs_bf16 : 1 = false;
  // QLoRA or FP8 training on a stack weak for that method (detail::weak_on_training_method): whether
  // the same job in bf16 (--method lora, --precision bf16) runs on a mature stack here, so the
  // warning and the exclusion may name that way (expert review 46: said of the Ascend 910B, where
  // LoRA itself is weak for FlashAttention).
  bool bf16_way_mature : 1 = false;
  // A second feature the job relies on at the same level as `feature` (bf16 and FlashAttention 2 on
  // Volta are both weak), said after it so the reader learns every workaround at once: the
  // StackFeature's value + 1, 0 for none (6 bits: Candidate keeps its size, rank.cpp).
  std::uint8_t also_plus_one : 6 = 0;
  std::optional<catalog::StackFeature> also() const {
    if (also_plus_one == 0) return std::nullopt;
    return static_cast<catalog::StackFeature>(also_plus_one - 1);
  }
};
static_assert(catalog::stack_feature_count < 63, "SoftwareSupport::also_plus_one holds a StackFeature in 6 bits");
// The features `profile` relies on: qlora-4bit (--method qlora), fp8-training (training at fp8),
// fp4, flash-attention-2 (LLM training with --attention flash), gpu-data-loading (cv-train with
// --data-loader gpu); llm-inference relies on a serving engine, the best of vLLM, TensorRT-LLM and SGLang.
SoftwareSupport software_support(const workload::Profile& profile, const catalog::Gpu& gpu);
// "QLoRA (bitsandbytes 4-bit) is weak on AMD cdna3: <note> (<source>)"; "" when mature with no feature.
std::string software_words(const SoftwareSupport& support, const catalog::Gpu& gpu, text::Lang lang = text::Lang::en);
// The same in every language (an exclusion reason or a warning said later in the reader's language).
text::Words software_said(const SoftwareSupport& support, const catalog::Gpu& gpu);
// A note or feature phrase of the software-stack table in `lang` (the English text where none).
std::string_view stack_words(std::string_view english, text::Lang lang);

// (Members are ordered so that no padding sits between them: ~860,000 candidates at 1,000,000
// offerings; src/scoring/rank.cpp holds the size. What the ranking's passes over every candidate
// read (sorting, notes, Pareto marks, the win envelope) sits in the first three of its cache
// lines, the cost line after: ~20 such passes over 43,000 candidates on the 50k benchmark catalog.)
struct Candidate {
  std::uint32_t offering_index = 0;
  catalog::PricingMode mode = catalog::PricingMode::on_demand;
  bool pareto = false;
  // The offering has one price for all its regions and other_regions + 1 allowed regions sell this
  // mode: `region` (the first allowed, what a launch file names) is not the priced one; shown "any of N".
  bool any_region = false;
  int nodes = 1;
  int rank = 0;           // 1-based after sorting
  double score = 0;       // 0-100
  double total_cost = 0;  // this mode's job total, output currency
  double hours = 0;       // expected wall hours in this mode (spot includes interruptions), with the queue
  // Of `hours`: the wait before the run starts, added to both ends of its band: the capacity's
  // queue (availability.queue_hours) plus, for training, the machine's setup (estimate::setup_hours)
  // and the data staging (Cost::staging_hours).
  double queue_hours = 0;
  // What the cost criterion scores: total_cost at the price's upper end (x cost.price_high_factor,
  // already in total_cost under --risk-averse; docs/scoring.md "Cost"); 0 = total_cost.
  double scored_cost = 0;
  // What the performance criterion scores for training with --deadline: the hours to result at
  // --confidence (the time band, spot interruptions and the wait for capacity; the queue, setup and
  // staging added), so a wide, uncalibrated band cannot buy rank with its point estimate (expert
  // review 19: 29 MI300X nodes at 6.3 d (3.6-11.7 d) first, above 8x B200 rows that meet the
  // deadline at a higher chance for less); 0 = hours.
  double scored_hours = 0;
  std::array<CriterionScore, criterion_count> criteria{};
  // The region priced: an index into the offering's `regions` (no_region when it lists none), the
  // cheapest in this mode among those the constraints allow; other_regions = how many more of
  // them sell this mode.
  std::uint32_t region = no_region;
  std::uint32_t other_regions = 0;
  std::uint32_t performance = 0;  // index into Ranking::performances (Ranking::performance_of)
  // A lower-ranked candidate that is at least as cheap and as fast (index into
  // Ranking::candidates, after sorting); no_rival when none. explain() says what this one wins on.
  static constexpr std::uint32_t no_rival = 0xffffffffu;
  std::uint32_t cheaper_and_faster_below = no_rival;
  // GPUs the job keeps busy: serving tensor_parallel x the replicas the load needs; training the
  // GPUs its plan uses. Fewer than gpus_rented means GPUs paid to sit idle (W-OVERPROVISIONED).
  int gpus_needed = 1;
  // GPUs rented: GPUs per instance x instances (serving rents as many instances as its replicas need).
  int gpus_rented = 1;
  // The same offering, node count and region on spot: its job total (output currency) when spot is
  // sold there; explain() says when it would be the cheapest.
  catalog::OptionalNumber spot_total;
  WarningList warnings{};
  SoftwareSupport software;  // the job's stack on this row's GPU
  estimate::Cost cost;       // this mode's cost line, output currency
};

// The hours a row shows as its expected time to result: Candidate::hours, except under
// --risk-averse (Ranking::risk_averse), where that is the time band's upper end and the expected run
// is taken back from it (the run scaled by wall / band high; the wait before it as it is). What the
// table, JSON and CSV show, and what an exit-3 hint quotes for the row it names.
double expected_hours(const Candidate& candidate, const estimate::Performance& estimate, bool risk_averse);

enum class ExclusionKind : std::uint8_t {
  memory,
  budget,
  deadline,
  region,
  provider,
  gpu,
  pricing_mode,
  requirement,
  nodes,
  headroom,
  not_sold,
  latency,    // llm-inference: the weights fit, but no batch and tensor parallel meet --ttft-ms/--tpot-ms
  precision,  // --precision fp8 or fp4 on a GPU without those tensor cores
  gpu_memory,  // --gpu-memory range
  gpu_count,   // --gpu-count range, or the COUNT of --gpus NAME:COUNT
  max_price,   // --max-price: no allowed mode and region at or under it
  host_ram,    // a plan fits the GPUs, but its CPU offload exceeds the node's usable host RAM
  // Production serving's service tier (docs/scoring.md "Service tiers"); `needed` is the row's total.
  consumer_gpu,      // consumer (GeForce) or workstation card: --allow-consumer
  marketplace_host,  // a marketplace provider's host: --allow-marketplace
  spot_serving,      // spot capacity: --allow-spot-serving
  software,          // the job relies on a method or kernel the GPU's stack does not run: --allow-immature-stack
  shared_gpu,        // production serving on a shared vGPU share (catalog isolation vgpu): --allow-shared-gpu
  low_stock,         // production serving or --risk-averse training on a low-stock SKU (catalog stock): --allow-low-stock
  no_sla,            // production serving from a provider with no uptime SLA (sla_uptime_pct 0): --allow-no-sla
  // Training on demand or spot longer than the planning horizon that needs more GPU-hours than
  // estimate::open_hold_share of the SKU's free pool gives in it (needed, limit: GPU-hours).
  capacity,
  // A reserved or subscription term (a commitment paid whether used or not) priced on a quote more
  // than stale_row_price_days old (needed: the quote's age in days, limit: stale_row_price_days):
  // --allow-stale-terms. On demand and spot stay: what they cost is found out within an hour.
  stale_term,
  // An on-demand quote more than estimate::implausible_below_market times below the cheapest other
  // offering of its GPU (needed: the quote per GPU-hour, limit: that offering's): a slip in the
  // catalog (cents, a monthly price), not a price to rank; the catalog is what to fix.
  price_implausible,
};
inline constexpr std::size_t exclusion_kind_count = 27;  // values of ExclusionKind
std::string_view to_string(ExclusionKind kind);  // the constraint's name: "memory", "--budget", ...
// A pricing mode in words in `lang` (English: the --pricing spelling; Chinese: 包月, 1 年预留, ...).
std::string_view pricing_mode_words(catalog::PricingMode mode, text::Lang lang);
// The flag a reader acts on, for human text: to_string(kind), except the latency exclusion of
// image-inference, which is --latency-ms (JSON keeps to_string's stable name).
std::string_view flag_of(ExclusionKind kind, workload::Kind job);

struct ExclusionReason {
  ExclusionKind kind = ExclusionKind::memory;
  double needed = 0;   // what the job needs or costs (bytes, money, hours), for the text
  double limit = 0;    // what the offering has or the constraint allows
  text::Words detail;  // e.g. the missing requirement, the region asked for, in words said in the document's language
};

struct Exclusion {
  std::uint32_t offering_index = 0;
  std::optional<catalog::PricingMode> mode;  // empty when every mode is excluded alike
  int nodes = 1;
  std::vector<ExclusionReason> reasons;
  double total_cost = 0;  // the row's job total when it was priced (budget, deadline); 0 = not priced
};

struct Sensitivity {
  int samples = 0;
  std::uint64_t seed = 0;
  double perturbation = 0;  // relative spread of each weight
  double top1_share = 0;    // share of samples where the winner stays first
  bool robust = false;      // top1_share >= 0.8
  struct Spread {
    std::uint32_t candidate = 0;
    int best_rank = 0;
    int worst_rank = 0;
    double mean_rank = 0;
  };
  std::vector<Spread> top;  // for the first few candidates, by index into Ranking::candidates
};

struct Options {
  Weights weights;
  std::string profile_name;  // what the weights came from ("balanced", "cost-first", "custom")
  // rank() applies them; compare() applies none, but its spot lines still use the deadline.
  Constraints constraints;
  std::string currency = "USD";
  std::string today;  // YYYY-MM-DD, for stale-price warnings
  // Serving whose --pricing asked for terms and not on demand: the same request ranked on demand, its
  // cheapest total and its Best::cheapest_scored (output currency; 0 = none). A term that costs more
  // than renting the same load on demand for the same hours is scored on cost against it, so a lone
  // term dearer than on demand does not read as a strong pick (expert review 11, R3).
  struct OnDemandReference {
    double cheapest_total = 0;
    double cheapest_scored = 0;
  } on_demand_reference;
  bool sensitivity = false;
  int sensitivity_samples = 500;
  std::uint64_t sensitivity_seed = 42;
  bool pareto = true;                       // compute the frontier (always cheap); rendering decides to show it
  // --risk-averse: rank and budget on the pessimistic end (90th percentile) of each training
  // estimate's error band (docs/estimation.md "Error bands"), and meet deadlines at a confidence of
  // at least estimate::risk_averse_confidence.
  bool risk_averse = false;
  // Training under --risk-averse without --min-headroom (Constraints::min_headroom_pct raised to
  // its 20%): an offering that keeps that share free with nothing offloaded at no node count it may
  // use is planned with everything on its GPUs at this lower share instead, where that fits (the
  // default 10%); where more nodes keep the whole share on the GPUs, they are ranked. Offloading
  // the weights to keep memory free trades a rare out-of-memory for steps several times slower and
  // a host-RAM load, a larger risk (expert review 30: a 32B LoRA on one H800 offloaded 99 GB of
  // weights to keep 20% free, 1.8x slower, where 15.5% free held it all on the GPU). 0 = off.
  double in_gpu_headroom_pct = 0;
  // --confidence: a deadline is met when the chance of ending within it is at least this (0-1).
  double confidence = estimate::default_confidence;
  bool allow_spot_serving = false;          // serving may run on spot (else an availability risk)
  // Production serving ranks consumer/workstation cards and marketplace hosts only when allowed
  // (workload::Tier; development ranks every offering).
  bool allow_consumer = false;
  bool allow_marketplace = false;
  // --allow-shared-gpu: production serving ranks shared (time-sliced, fractional) vGPU shares too.
  bool allow_shared_gpu = false;
  // --allow-low-stock: production serving and --risk-averse training rank SKUs whose stock is low too.
  bool allow_low_stock = false;
  // --allow-no-sla: production serving ranks providers that publish no uptime SLA too.
  bool allow_no_sla = false;
  bool allow_stale_terms = false;  // rank reserved and subscription terms on quotes over a year old
  // --allow-immature-stack: rank rows whose stack is unsupported for the job (warned, stability and
  // usability 0 on their software indicator) instead of excluding them.
  bool allow_immature_stack = false;
  bool reserved_other_use = false;          // a reserved term has other use: charge the job's hours only
  // --mix (llm-inference): also find the cheapest fleet of up to one pool per request class
  // (Ranking::fleet; docs/scoring.md "Mixed fleet").
  bool mix = false;
  // Called now and then with offerings done and in all (the CLI shows it on a terminal); may be empty.
  std::function<void(std::size_t done, std::size_t total)> progress;
  // Plans already chosen for this job on this catalog (gpuselect/plan_store.hpp), read instead of
  // searched and added to as the ranking searches; used only when made for the ranking's profile.
  // Null: the ranking keeps its own.
  PlanStore* plan_store = nullptr;
  // What the document made of this ranking prints (render::printed_parts gives it for a format and
  // style; the default, everything, is what a library caller gets). rank() leaves out what only a row
  // or an exclusion never printed would read; everything a printed part reads is the same, bit for
  // bit, as with the default (tests/test_printed_parts.cpp; docs/performance.md "Issue 33 part Q").
  struct Printed {
    static constexpr std::size_t every_row = SIZE_MAX;
    // The first ranked rows printed in full (their warnings, marks and explanations): Candidate::
    // warnings is set for these alone (and for the rivals their explanations name), and is empty on
    // the rows after them. A chart or count of every row reads only what every row has (rank,
    // offering, mode, nodes, scores, hours, totals, the Pareto mark).
    std::size_t rows = every_row;
    // Those rows' explanations are printed (their "Why"): Candidate::cheaper_and_faster_below is
    // found for them alone, and is no_rival on the rows after them; false (CSV): on every row, and
    // no Ranking::win_envelope is made.
    bool explained = true;
    // Ranking::excluded is listed row by row (JSON, --show-excluded). When false, the service tier's
    // and the mainland-only reasons carry no detail words (ExclusionReason::detail, read by
    // reason_text alone), and while some row is ranked the exclusions are left in the order the
    // offerings were read instead of by offering id, mode and nodes: their count, kinds and figures,
    // the tier classes (Ranking::tier_excluded) and the notes are the same. With no row ranked they
    // are sorted all the same (the hints name rows of them).
    bool exclusions_listed = true;
  } printed;
};

struct Ranking {
  // The candidate set's best values that the relative indicators compare against.
  struct Best {
    double fastest_hours = 0;   // smallest expected wall hours (training)
    double cheapest_total = 0;  // smallest job total above 0, output currency
    double best_speed = 0;      // largest speed_of (docs/scoring.md "job_time")
    bool free_row = false;      // some row costs 0 (an owned cluster at a sunk cost; docs/scoring.md "job_cost")
    // Training rows that end within this many expected wall hours all score 1 on job_time: a result
    // the engineer acts on in the same working session (docs/scoring.md "Turnaround"); 0 = none.
    double turnaround_hours = 0;
    // The turnaround is the user's --deadline: a row is held to it at its time band's slow end (90th
    // percentile), so margin on a deadline counts (docs/scoring.md "Turnaround").
    bool turnaround_is_deadline = false;
    // The turnaround is pretraining's 30-day planning horizon (no --deadline, no speed asked for):
    // speed inside it keeps only the slack slope (docs/scoring.md "Turnaround").
    bool turnaround_is_horizon = false;
    // Training under --deadline: the confidence the deadline is met at (--confidence; every ranked row
    // ends within it at least that often); 0 without a deadline. The stability indicator
    // deadline_margin scores a row's chance above it (docs/scoring.md "Stability").
    double deadline_confidence = 0;
    double cheapest_scored = 0;  // smallest Candidate::scored_cost / (1 + list_band_pct) above 0 (0 = use cheapest_total)
    // The least egress among the rows (output currency): a charge every row pays whatever is rented,
    // taken off both sides of job_cost's ratio, so the same --egress-gb on every row does not flatten
    // the cost criterion and hand #1 to a dearer machine (expert review 32; docs/scoring.md "job_cost").
    double shared_egress = 0;
    // The reference with the egress apart: the smallest (scored_cost - egress) / (1 + list_band_pct)
    // + egress (the list drift is the quote's, not the egress's); less shared_egress, job_cost's
    // reference when some egress is shared (0 = none).
    double cheapest_scored_egress_apart = 0;
    // cheapest_total and cheapest_scored are set by the same request's on demand (Options::
    // on_demand_reference), outside the --pricing asked for: only terms were ranked, and on demand
    // costs less (no lower than the cheapest term / 10^0.8: rank.cpp).
    bool cheapest_on_demand_outside = false;
    double on_demand_outside_total = 0;  // that ranking's cheapest total, as said (output currency)
    // llm-inference: the latency targets (ms; 0 = none) a row's band top is held against (job_time).
    double tpot_target_ms = 0;
    double ttft_target_ms = 0;
    // Serving with a latency a request sees (detail::served_latency_ms: llm-inference's TPOT at the
    // load, image generation's seconds an image): its target (the TPOT target; image generation's
    // --latency-ms, 0 without) and the smallest among the rows (0 = none), the references of
    // job_time's latency share (docs/scoring.md "Latency headroom").
    double latency_target_ms = 0;
    double fastest_latency_ms = 0;
  };
  workload::Kind kind = workload::Kind::llm_finetune;  // the workload the ranking was made for
  Best best;
  Weights weights;
  std::string profile_name;
  std::string currency;
  double currency_rate = 1.0;  // output units per USD
  std::string currency_as_of;
  bool risk_averse = false;  // Candidate::hours and total_cost are the bands' upper ends
  // The GPU memory share a plan keeps free (Constraints::min_headroom_pct); a row's plan below it
  // kept Options::in_gpu_headroom_pct on the GPUs instead of offloading, and its Why says so.
  double min_headroom_pct = 0;
  // rank: sorted by score desc, total cost asc, offering id asc; compare: in the order asked (ranks set).
  std::vector<Candidate> candidates;
  // Memory plan, compute, time and throughput per machine shape (GPU, GPUs per node, vGPU share,
  // nodes, links), shared by the candidates on it; each candidate holds its own cost line (Candidate::cost).
  std::vector<estimate::Performance> performances;
  const estimate::Performance& performance_of(const Candidate& candidate) const {
    return performances.at(candidate.performance);
  }
  std::vector<Exclusion> excluded;    // by offering id, pricing mode, nodes (compare: in the order asked)
  std::vector<std::string> compared_ids;  // compare: the offering ids asked for, as given; rank: empty
  std::optional<Sensitivity> sensitivity;
  // For explain()'s "what it would take to win", made once by rank(): per criterion, the candidates
  // (indices into `candidates`) whose score line, as that criterion's weight moves, can be above
  // all others' (their upper envelope; the others never bind). Valid for `weights` and
  // `candidate_count` only: explain() scans every candidate when they no longer match (a ranking
  // built or changed by hand).
  struct WinEnvelope {
    Weights weights;
    std::size_t candidate_count = 0;
    std::array<std::vector<std::uint32_t>, criterion_count> rivals;
    // Every candidate's criterion scores (CriterionScore::score, by criterion), by index: the rivals
    // of a candidate on the lines, read without reading each candidate (40 bytes a candidate).
    std::vector<std::array<double, criterion_count>> scores;
  };
  std::optional<WinEnvelope> win_envelope;
  // When none is left, the constraint that emptied the set: of the job's own constraints (memory,
  // budget, deadline, nodes, ...), the one that removed the most offerings that passed the
  // offering filters; when every offering failed a filter (--gpu, --region, ...), that filter.
  std::optional<ExclusionKind> top_exclusion;
  // With top_exclusion capacity and no candidate: the term that holds the cheapest row capacity
  // removed (Ranker's held term: a 1-year reservation, else a monthly or yearly subscription, else
  // a capacity block, in the regions chosen for it), and that row's offering; none where it sells no
  // such term. The mainland providers sell subscriptions, not reserved-1y (expert review 30
  // follow-up: the hint named --pricing reserved-1y there).
  std::optional<catalog::PricingMode> capacity_term;
  std::string capacity_term_offering_id;
  // Other constraints of top_exclusion's level that removed as many (a tie: each alone would have
  // to be loosened, so the hint names them all), in kind order.
  std::vector<ExclusionKind> tied_exclusions;
  // With top_exclusion --budget, --deadline or --max-nodes: the value of that flag that admits the
  // cheapest row it removed (its total, its hours at the confidence, its nodes), and that row.
  struct Admit {
    double value = 0;
    std::uint32_t exclusion = 0;  // index into `excluded`
    std::string offering_id;      // that row's offering
  };
  std::optional<Admit> admit;
  // With top_exclusion --deadline: the deadline that admits the soonest row it alone removed, when
  // that row ends sooner than `admit`'s (expert review 24 D7: a 24 h deadline was offered 4054.6 h,
  // the cheapest row's, while 59 nodes end in 3.9 d).
  std::optional<Admit> admit_soonest;
  // When a fact of the job no constraint admits (memory, host-ram, software) removed the most: the
  // constraints the user can relax (--budget, --deadline, a latency target, a production-tier rule)
  // that alone removed offerings, the most first (at most three), how many offerings they alone
  // removed, and the value of the first with a value (lever_admit_kind) that admits the cheapest row
  // it alone removed (expert reviews 29, 32: a budget or a latency target was the lever, the hint
  // named memory or host RAM).
  std::vector<ExclusionKind> levers;
  int lever_offerings = 0;
  std::optional<Admit> lever_admit;
  ExclusionKind lever_admit_kind = ExclusionKind::budget;
  // With top_exclusion host-ram: the fewest nodes beyond --max-nodes on which an offering the job
  // fits (one excluded for --max-nodes alone), and that offering (0: more nodes do not help).
  int host_ram_nodes = 0;
  std::string host_ram_offering_id;
  // With top_exclusion --deadline on a training job: the fewest nodes (a --max-nodes to give) that
  // meet the deadline at the confidence on one of the cheapest offerings it removed; a count within
  // the share of the free pool open capacity serves (docs/scoring.md "Pretraining horizon") before
  // one beyond it (beyond_open_capacity: a reserved block, not a --max-nodes).
  struct ScaleOut {
    int nodes = 0;
    std::string offering_id;
    bool beyond_open_capacity = false;
    double run_hours = 0;  // the run on `nodes` nodes, without the waits before it (a block's length)
  };
  std::optional<ScaleOut> scale_out;
  // When --deadline and capacity emptied a training ranking together (open capacity does not hold the
  // job, and nothing it holds meets the deadline): the term among the cheapest offerings they
  // removed, up to each offering's own node limit (the hint names the --max-nodes it takes), that
  // meets the deadline at the confidence on the fewest nodes (`meets`), else the one that ends
  // soonest there; `deadline_hours` is the deadline that admits it (its reservation lead time
  // included; expert review 24, D2). `mode`: the term the offering sells, a 1-year reservation, else
  // a subscription of whole months, else of whole years (包月/包年: the mainland providers sell no
  // reserved-1y; expert review 30 follow-up).
  struct Reservation {
    int nodes = 0;
    std::string offering_id;
    double deadline_hours = 0;
    bool meets = false;
    catalog::PricingMode mode = catalog::PricingMode::reserved_1y;
    // The run itself on those nodes, as a term or block is sized for it (estimate::term_sizing_hours:
    // the slow end of its band or its hours at the confidence), without the waits before it starts.
    double run_hours = 0;
  };
  std::optional<Reservation> reservation;
  // When a fact of the job (memory, precision, ...) removed the most and --deadline is among the
  // levers of a training ranking: the held term that meets the deadline on the rows the deadline and
  // capacity alone removed, found as `reservation` is (its commitment and hourly price in
  // reservation_commitment and reservation_price_per_hour); none where no term meets it.
  std::optional<Reservation> lever_term;
  // When --deadline emptied a training ranking: the first row of the same request ranked on one
  // pricing mode the exit-3 hint points to (expert review 24 D3, D5: the hint named a row that mode's
  // ranking did not rank first, and hid the commitment). `commitment` is what the mode holds the
  // instances for, paid whole (a block's length, a term), output currency.
  struct Alternative {
    std::string offering_id;
    catalog::PricingMode mode = catalog::PricingMode::capacity_block;
    int nodes = 0;
    double hours = 0;           // time to result
    double total_cost = 0;      // the ranked total
    double commitment = 0;      // price_per_hour x held_hours
    double held_hours = 0;      // the block's length or the term's hours
    double price_per_hour = 0;  // one instance
    // The run itself, as Reservation::run_hours: what a block asked of the provider must hold
    // (expert review 55, p16: `hours` includes a reservation's lead time).
    double run_hours = 0;
  };
  // --pricing capacity-block's first row where --pricing left blocks out (none: no block meets it).
  std::optional<Alternative> block_alternative;
  // --pricing <reservation's mode>'s first row, with `reservation` (which names the row that meets
  // soonest).
  std::optional<Alternative> reserved_alternative;
  // When the deadline is met only beyond open capacity (scale_out.beyond_open_capacity) and no
  // capacity block is ranked: the first row with --max-nodes raised to scale_out's nodes, under the
  // request's own --pricing where that ranks one (held_pricing_named false), else under a monthly,
  // then a yearly subscription alone (true: the hint names --pricing <mode>). A subscription holds
  // its instances, as a reservation does (expert review 30 follow-up: a mainland pretraining was
  // told --pricing reserved-1y, which no mainland provider sells, and not the --max-nodes it needs).
  std::optional<Alternative> held_alternative;
  bool held_pricing_named = false;
  // QLoRA ranked first on a machine whose memory also holds LoRA's 16-bit base: the hours to result
  // there with --method lora and with QLoRA (the same offering, nodes and hourly price; N-LORA-FITS).
  struct LoraAlternative {
    double lora_hours = 0;
    double qlora_hours = 0;
  };
  std::optional<LoraAlternative> lora_alternative;
  // Rows that stand for a twin offering too (Ranker::collapse_region_twins: one provider's same
  // machine listed as two offerings in two regions, equal on every figure): the kept row's index in
  // `candidates`, and the twin's offering (index into Catalog::offerings) and region (index into its
  // `regions`). N-REGION-TWIN names the twin of a row printed.
  struct RegionTwin {
    std::uint32_t candidate = 0;
    std::uint32_t offering_index = 0;
    std::uint32_t region = 0;
  };
  std::vector<RegionTwin> region_twins;
  // The commitment of `reservation`'s row on its term (the whole terms its run buys), and one
  // instance's hourly price there.
  double reservation_commitment = 0, reservation_price_per_hour = 0;
  // Whether an offering the filters (--region, --provider, --gpu, ...) keep is sold in capacity blocks.
  bool blocks_in_scope = false;
  bool spot_serving_allowed = false;  // Options::allow_spot_serving
  workload::Tier serving_tier = workload::Tier::production;   // the profile's (serving only)
  workload::Tier training_tier = workload::Tier::production;  // the profile's (training only)
  double ttft_target_ms = 0, tpot_target_ms = 0;               // the profile's (llm-inference; W-LATENCY-BAND)
  // Image kinds: the image side asked for and the one the model was trained at, px (0 = not an image
  // kind; N-RESOLUTION); the model's preset id (empty without --model; N-RESOLUTION, N-LICENCE).
  int resolution_px = 0, native_resolution_px = 0;
  std::string model_id;
  bool reserved_other_use = false;    // Options::reserved_other_use
  double deadline_hours = 0;          // Constraints::deadline_hours, 0 = none
  // The profile's checkpoint interval (training; 0 = no checkpoints: W-SPOT says a reclaim restarts
  // the run).
  double checkpoint_minutes = 0;
  double confidence = estimate::default_confidence;  // the deadline's confidence (risk-averse raised)
  // Facts that hold for the whole run, said once instead of on every row ("prices of 12 providers
  // are 194 days old").
  struct Note {
    std::string code;  // "N-STALE-PRICES", "N-SPOT-RATE-ASSUMED"
    text::Words text;  // said in the document's language (JSON: English)
  };
  std::vector<Note> notes;
  // Production serving: per class the service tier kept out (ExclusionKind consumer_gpu,
  // marketplace_host, shared_gpu, low_stock, no_sla, spot_serving), how many offerings and the cheapest row among them.
  struct TierExclusion {
    ExclusionKind kind = ExclusionKind::consumer_gpu;
    int offerings = 0;
    // The cheapest row excluded for this class alone (the flag brings it back), output currency;
    // cheapest_offering is empty when every row of the class is also excluded for another reason.
    double cheapest_total = 0;
    std::string cheapest_offering;
    std::optional<catalog::PricingMode> cheapest_mode;
    // A row the flag alone brings back that was never priced (an unsupported software stack is
    // excluded before pricing), where no priced one is: its offering id; else empty.
    std::string unpriced_offering;
  };
  std::vector<TierExclusion> tier_excluded;  // classes with at least one exclusion, in ExclusionKind order
  // No --region, --provider or CNY asked for mainland China, so offerings sold only there were held
  // out (a mainland account or host; N-MAINLAND-ONLY says how many and the cheapest).
  bool mainland_held_out = false;
  // Production training left out a GPU whose stack runs the job's own method only through a port
  // (QLoRA, FP8 training): the no-match hint names the levers that bring it back (--gpu, the
  // development tier), which an unsupported stack alone does not have.
  bool weak_method_held_out = false;
  // Every offering the stack kept out is unsupported only because the model overflows fp16 on a GPU
  // without bf16 units (SoftwareSupport::model_needs_bf16): --allow-immature-stack ranks them to
  // print NaNs, so the no-match hint does not offer it (expert review 47, m06: Qwen2.5 on V100).
  bool software_only_fp16_overflow = false;
  // The job's precision is the format the model is released in (DeepSeek-V3's FP8 served as
  // released: workload::serves_fp8_release), not a --precision given: "FP8", else empty. The
  // headline of an empty ranking names the release, not the flag (expert review 47, d01/d02).
  std::string_view release_precision;
  // Production serving: offerings excluded for memory whose replica would fit over more nodes, but
  // which have no RDMA to span them (Rdma::none keeps a replica within one instance), and the first
  // of them: the no-match hint names --serving-tier development, which spans nodes over TCP (expert
  // review 47, d02: DeepSeek-V3 on two GCP A3 nodes refused in silence).
  int replica_needs_rdma_offerings = 0;
  std::string replica_needs_rdma_offering_id;
  // Nothing asked for mainland China by name, but every offering of the --gpu or of the --pricing
  // modes asked is sold only there, so mainland rows were ranked (N-MAINLAND-IMPLIED says so).
  enum class MainlandImplied : std::uint8_t { no, by_gpu, by_pricing };
  MainlandImplied mainland_implied = MainlandImplied::no;
  // --mix: the cheapest fleet serving the request mix (docs/scoring.md "Mixed fleet").
  struct FleetPool {
    std::string request_class;  // "short", "long" or "all"
    double request_share = 1;   // of the requests, 0-1
    double requests_per_s = 0;
    int input_tokens = 0;       // the class's lengths the pool was planned for
    int output_tokens = 0;
    std::string offering_id;
    catalog::PricingMode mode = catalog::PricingMode::on_demand;
    int instances = 1;
    int gpus = 1;  // rented
    int replicas = 1;
    double total_cost = 0;  // output currency, over the priced hours
  };
  struct Fleet {
    std::vector<FleetPool> pools;      // the fleet chosen: one pool per class, or the single pool
    double total_cost = 0;             // of `pools`
    std::optional<FleetPool> single;   // the best single-offering fleet for the whole mix
    std::vector<FleetPool> split;      // the cheapest pool per class (empty when a class has none)
    double split_total = 0;            // of `split`, 0 when a class has none
    bool mixed = false;                // `pools` is the split (cheaper than the single fleet)
    double saving = 0;                 // single total - chosen total (>= 0), 0 without a single fleet
  };
  std::optional<Fleet> fleet;
};

// Candidates = offering x pricing mode x node count (x plan chosen per node count). Pure; no I/O.
Ranking rank(const catalog::Catalog& catalog, const workload::Profile& profile, const Options& options);

// `gpuselect compare`: the named offerings (a repeated id once), built and scored as rank() does but
// without its constraints (every pricing mode, up to each offering's max_nodes, no headroom, budget or
// deadline filter) except `options.constraints.regions` (--region: each offering priced in its
// cheapest region of those, one sold in none of them excluded for the region), in the order asked.
// Throws Error(where = "compare") for an id the catalog lacks, Error(where = "--region") for a region
// it lacks (check_constraints; both with "did you mean").
Ranking compare(const catalog::Catalog& catalog, const workload::Profile& profile, const Options& options,
                const std::vector<std::string>& offering_ids);

// A second sizing of #1's serving offering: compare() of its id under another profile. Said as a
// run-wide note when that fleet, in #1's pricing mode, rents at most two thirds of #1's GPUs
// (docs/scoring.md "Notes"): N-RISK-SIZED for the expected figures (the same request without
// --risk-averse), N-FP8-SERVING for FP8 weights on a GPU with FP8 tensor cores.
enum class FleetAlternative : std::uint8_t { expected, fp8 };
// The first candidate ranked 1, or null when nothing is ranked.
const Candidate* ranked_first(const Ranking& ranking);
void add_fleet_alternative_note(const catalog::Catalog& catalog, Ranking& ranking, FleetAlternative kind,
                                const Ranking& alternative);
// `on_demand`: the same request ranked with --pricing on-demand, or `ranking` itself where its modes
// include on demand, when #1 is a term. Said as N-ON-DEMAND-CHEAPER when its best on-demand row
// costs less than #1 over the same hours, N-THIN-TERM-SAVING when less than 10% more (docs/scoring.md
// "Notes").
void add_on_demand_cheaper_note(const catalog::Catalog& catalog, Ranking& ranking, const Ranking& on_demand);

// Indicators behind one candidate's criterion (for compare and docs); same numbers rank() used.
std::vector<Indicator> indicators(const catalog::Catalog& catalog, const Ranking& ranking, const Candidate& candidate,
                                  Criterion criterion);

// Ranking::top_exclusion and its ties, named and joined: "--allow-spot-serving, --allow-low-stock";
// empty when nothing emptied the set. Exclusions that are no flag (memory, host-ram) in `lang`'s words.
// `rules_as_rules`: an --allow-* kind is said as "the rule --allow-marketplace lifts" (a sentence
// where the list is what removed the rows), not as the bare flag.
std::string emptying_constraints(const Ranking& ranking, text::Lang lang = text::Lang::en, bool rules_as_rules = false);
// The line an empty ranking prints: none fits, the constraint that removed the most and, where a fact
// of the job did (Ranking::levers), the constraints that alone removed offerings.
std::string none_fits_words(const Ranking& ranking, text::Lang lang);

}  // namespace gpuselect::scoring
