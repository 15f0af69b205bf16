// llm-inference under latency targets: a roofline per phase, the largest batch free KV memory
// holds, and the search for batch and tensor parallel (docs/estimation.md "Serving").
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>

#include "estimate/model.hpp"
#include "gpuselect/units.hpp"

namespace gpuselect::estimate::model {

namespace {

// Tensor-parallel all-reduce: a fixed latency per call and the bus bandwidth it reaches. NVLink:
// 53% of the per-GPU link figure and 6 us (NCCL all-reduce bus bandwidth on H100 NVLink is about
// 360-480 GB/s of 900; fitted with the calibration rows). PCIe: 20 GB/s and 25 us (x16 Gen4 peer to
// peer through the host bridge; assumption, not calibrated).
constexpr double allreduce_latency_nvlink_s = 6e-6;
constexpr double allreduce_latency_pcie_s = 25e-6;
constexpr double nvlink_allreduce_share = 0.53;
constexpr double pcie_allreduce_gbps = 20.0;
// Activations travel in 16 bits.
constexpr double activation_bytes = 2.0;

// Peak for the serving precision: fp8 and fp4 run their own tensor cores; weight-only int8/int4
// and 16-bit run at the 16-bit peak.
double serving_peak_flops(const catalog::Gpu& gpu, workload::Precision precision, double share) {
  return peak_tflops(gpu, precision) * 1e12 * share;
}

// Attention FLOPs of one query token against `context` cached tokens, whole model.
// MHA/GQA: QK^T and AV, 2·2·heads·head_dim per cached token per layer. MLA with absorbed
// projections (DeepSeek-V2 §2.1.2): scores over kv_lora_rank + rope dims, values over kv_lora_rank.
double attention_flops_per_token(const workload::Shape& shape, double context) {
  if (shape.layers <= 0 || shape.heads <= 0) return 0;
  double per_cached = 0;
  if (shape.kv_lora_rank > 0) {
    per_cached = 2.0 * shape.heads * (2.0 * shape.kv_lora_rank + shape.qk_rope_head_dim);
  } else {
    const double head_dim = shape.head_dim > 0 ? shape.head_dim : static_cast<double>(shape.hidden) / shape.heads;
    per_cached = 4.0 * shape.heads * head_dim;
  }
  return per_cached * context * shape.layers;
}

// One forward pass over `tokens` tokens of the whole replica: two all-reduces per layer of each
// token's hidden state (Megatron tensor parallel).
double allreduce_s(const workload::Shape& shape, const Hardware& hardware, int tp, double tokens) {
  if (tp <= 1 || shape.layers <= 0) return 0;
  const bool nvlink = catalog::peer_linked(hardware.interconnect);
  const double link_gbps = nvlink && hardware.gpu->interconnect_gbps > 0
                               ? hardware.gpu->interconnect_gbps * nvlink_allreduce_share
                               : pcie_allreduce_gbps;
  const double latency = nvlink ? allreduce_latency_nvlink_s : allreduce_latency_pcie_s;
  const double bytes = tokens * shape.hidden * activation_bytes * 2.0 * (tp - 1) / tp;
  return 2.0 * shape.layers * (latency + bytes / (link_gbps * 1e9));
}

// MoE steps run slower than the dense roofline by moe_step_factor where they touch many experts
// (grouped GEMMs of few tokens each, routing, load imbalance); a step that reads only one token's
// experts (batch-1 decode) is a dense GEMV chain and gets none of it. The factor scales with the
// share of routed experts read beyond one token's: (params read - active) / (params - active).
double moe_step_slowdown(const workload::Shape& shape, double params_read_in_step, double factor) {
  const ExpertSplit split = expert_split(shape);
  if (split.routed_params <= 0) return 1.0;
  const double active = shape.active_params > 0 ? shape.active_params : shape.params;
  const double spread = std::clamp((params_read_in_step - active) / std::max(1.0, shape.params - active), 0.0, 1.0);
  return 1.0 + (factor - 1.0) * spread;
}

// Pipeline-parallel serving (docs/estimation.md "Pipeline parallel serving"): a stage hands each
// token's hidden state (16-bit) to the next stage on another node. Each GPU of a stage sends its
// 1/t slice on its share of the node's NICs, at 80% of the NIC rate with RDMA, 40% over TCP (the
// training model's link efficiencies, performance.cpp), plus a fixed latency per handoff: 50 us
// with RDMA, 200 us over TCP (NCCL send/recv and the engine's scheduling of the next stage;
// assumption, not calibrated). Unknown networks: 25 Gbit/s per node, as in training.
constexpr double pipeline_hop_latency_rdma_s = 50e-6;
constexpr double pipeline_hop_latency_tcp_s = 200e-6;
constexpr double rdma_network_share = 0.8;
constexpr double tcp_network_share = 0.4;
constexpr double unknown_network_gbps = 25.0;

double pipeline_hop_s(const workload::Shape& shape, const Hardware& hardware, int tp, double tokens) {
  const bool rdma = hardware.rdma != catalog::Rdma::none;
  const double node_gbps = hardware.network_gbps > 0 ? hardware.network_gbps : unknown_network_gbps;
  const double per_gpu_bytes_per_s = node_gbps / 8.0 * 1e9 * (rdma ? rdma_network_share : tcp_network_share) /
                                     std::max(1, hardware.gpus_per_node);
  const double bytes = tokens * shape.hidden * activation_bytes / std::max(1, tp);
  return (rdma ? pipeline_hop_latency_rdma_s : pipeline_hop_latency_tcp_s) + bytes / per_gpu_bytes_per_s;
}

// The largest stage of a pipeline of `pp` stages: ceil(L/pp) layers and that share of the weights
// (embeddings and output head spread with them; assumption).
workload::Profile stage_profile(const workload::Profile& profile, int pp) {
  workload::Profile stage = profile;
  auto& shape = stage.shape;
  if (pp <= 1 || shape.layers <= 0) return stage;
  const int layers = (shape.layers + pp - 1) / pp;
  const double share = static_cast<double>(layers) / shape.layers;
  shape.params *= share;
  shape.active_params *= share;
  shape.dense_layers = static_cast<int>(std::lround(shape.dense_layers * share));
  shape.layers = layers;
  return stage;
}

}  // namespace

double decode_compute_share_for(const workload::Shape& shape, int tensor_parallel, std::string_view architecture,
                                double step_tokens) {
  if (expert_split(shape).routed_params > 0) return moe_decode_compute_share;
  if (architecture != "hopper" && architecture != "blackwell") return decode_compute_share;
  const double active = shape.active_params > 0 ? shape.active_params : shape.params;
  if (shape.layers <= 0 || active <= 0) return decode_compute_share;
  const double per_layer = active / shape.layers / std::max(1, tensor_parallel);
  const double width = std::clamp(per_layer, decode_width_low_params, decode_width_high_params);
  const double tokens = std::clamp(step_tokens, decode_tokens_low, decode_tokens_high);
  return std::min(prefill_compute_share,
                  decode_compute_share * std::pow(width / decode_width_reference_params, decode_width_exponent) *
                      std::pow(tokens / decode_tokens_reference, decode_tokens_exponent));
}

namespace {

// A tensor peak capped far below what the GPU's memory feeds (compute_capped_flops_per_byte).
bool compute_capped(const catalog::Gpu& gpu, workload::Precision precision) {
  return gpu.memory_bandwidth_gbps > 0 &&
         serving_peak_flops(gpu, precision, 1.0) / (gpu.memory_bandwidth_gbps * 1e9) < compute_capped_flops_per_byte;
}

struct Pass {
  double seconds = 0;
  bool memory_bound = true;
  StepParts parts;
};

// A forward pass: max(bytes / bandwidth, FLOPs / peak) plus tensor-parallel communication.
Pass forward_pass(const workload::Profile& profile, const Hardware& hardware, int tp, double decode_tokens,
                  double decode_context, double prefill_tokens, double prompt_tokens) {
  const auto& shape = profile.shape;
  const catalog::Gpu& gpu = *hardware.gpu;
  const double share = hardware.gpu_fraction;
  const double active = shape.active_params > 0 ? shape.active_params : shape.params;
  const double tokens = decode_tokens + prefill_tokens;
  // Chunked prefill merges a whole prompt into one step: with fewer than one prompt per step, most
  // steps read the experts of the decode tokens only, and one step in 1/prompts reads those of a
  // prompt as well (amortised). Dense models read every weight either way.
  const double prompts = prompt_tokens > 0 ? prefill_tokens / prompt_tokens : 0.0;
  const double params = prompts >= 1.0 || decode_tokens <= 0
                            ? params_read(shape, tokens)
                            : params_read(shape, decode_tokens) +
                                  prompts * (params_read(shape, decode_tokens + prompt_tokens) -
                                             params_read(shape, decode_tokens));
  const double weight_bytes = params * serving_bytes_per_param(profile.precision);
  const double kv_bytes = decode_tokens * kv_cache_bytes_per_sequence(profile, decode_context);
  const double bandwidth = gpu.memory_bandwidth_gbps * 1e9 * share * tp * decode_bandwidth_share;
  const double memory_s = (weight_bytes + kv_bytes) / bandwidth;
  const double decode_flops = decode_tokens * (2.0 * active + attention_flops_per_token(shape, decode_context));
  // A causal prompt of n tokens attends to n/2 tokens on average.
  const double prefill_flops = prefill_tokens * (2.0 * active + attention_flops_per_token(shape, prompt_tokens / 2.0));
  const double peak = serving_peak_flops(gpu, profile.precision, share) * tp;
  // --mfu replaces both compute shares.
  const double decode_share = profile.mfu.value_or(
      compute_capped(gpu, profile.precision) ? prefill_compute_share : decode_compute_share_for(shape, tp, gpu.architecture, tokens));
  const double prefill_share = profile.mfu.value_or(prefill_compute_share);
  const double compute_s = decode_flops / (peak * decode_share) + prefill_flops / (peak * prefill_share);
  Pass pass;
  pass.memory_bound = memory_s >= compute_s;
  pass.parts = {memory_s, decode_flops / (peak * decode_share), prefill_flops / (peak * prefill_share),
                allreduce_s(shape, hardware, tp, tokens) + step_overhead_s};
  const double slowdown = moe_step_slowdown(shape, params, moe_step_factor);
  if (tp <= 1) {
    // Every expert on one GPU: its memory reads take the one-GPU factor, its compute the
    // expert-parallel one (model.hpp), continuous where the two terms cross.
    const double one_gpu = moe_step_slowdown(shape, params, moe_step_factor_one_gpu);
    pass.seconds = std::max(memory_s * one_gpu, compute_s * slowdown) + pass.parts.fixed_s * one_gpu;
  } else {
    pass.seconds = (std::max(memory_s, compute_s) + pass.parts.fixed_s) * slowdown;
  }
  if (profile.precision == workload::Precision::fp4) pass.seconds *= fp4_step_factor;
  return pass;
}

}  // namespace

namespace {
// Sum over the request classes of share x output x f(class), over the sum of share x output: the
// average over the sequences in flight, as each stays in the batch for its output tokens.
template <typename PerClass>
double in_flight_average(const workload::Profile& profile, PerClass per_class) {
  double weighted = 0;
  double weights = 0;
  for (const auto& request : workload::request_classes(profile)) {
    const double output = std::max(1.0, request.output_tokens);
    const double input = std::max(1.0, request.input_tokens);
    weighted += request.share * output * per_class(input, output);
    weights += request.share * output;
  }
  return weights > 0 ? weighted / weights : 0.0;
}
}  // namespace

namespace {
// A replica of pp stages of t GPUs each (docs/estimation.md "Pipeline parallel serving"). The batch
// runs as pp micro-batches of B/pp sequences that rotate through the stages (vLLM's pipeline-parallel
// scheduling: one virtual engine per stage), so no stage waits for another except while a
// micro-batch crosses nodes. A token of a sequence passes every stage and every handoff once:
// TPOT = pp x (stage step of B/pp sequences + handoff); each sequence gets one token per TPOT, so
// tokens/s = B / TPOT. One prompt alone is not split: its prefill crosses the stages one after the
// other (GPipe's bubble with one micro-batch, (pp - 1)/pp of the pipeline idle).
ServingPoint pipelined_serving_point(const workload::Profile& profile, const Hardware& hardware, int tensor_parallel,
                                     int batch, int pipeline_parallel);
}  // namespace

double decode_context_tokens(const workload::Profile& profile) {
  return in_flight_average(profile, [](double input, double output) { return input + output / 2.0; });
}

double kv_tokens_per_slot(const workload::Profile& profile) {
  return in_flight_average(profile, [](double input, double output) { return input + output; });
}

double kv_tokens_longest(const workload::Profile& profile) {
  double longest = 0;
  for (const auto& request : workload::request_classes(profile)) {
    longest = std::max(longest, request.input_tokens + request.output_tokens);
  }
  return longest;
}

double ttft_prompt_tokens(const workload::Profile& profile) {
  double longest = 1;
  for (const auto& request : workload::request_classes(profile)) longest = std::max(longest, request.input_tokens);
  return longest;
}

double request_mix_service_cv2(const workload::Profile& profile) {
  const auto classes = workload::request_classes(profile);
  double mean = 0;
  for (const auto& request : classes) mean += request.share * request.output_tokens;
  if (!(mean > 0)) return 0;
  double variance = 0;
  for (const auto& request : classes) variance += request.share * (request.output_tokens - mean) * (request.output_tokens - mean);
  return variance / (mean * mean);
}

ServingPoint serving_point(const workload::Profile& profile, const Hardware& hardware, int tensor_parallel, int batch,
                           int pipeline_parallel) {
  if (pipeline_parallel > 1) return pipelined_serving_point(profile, hardware, tensor_parallel, batch, pipeline_parallel);
  ServingPoint point;
  if (hardware.gpu == nullptr) return point;
  const int tp = std::max(1, tensor_parallel);
  const double sequences = std::max(1, batch);
  const double input = std::max(1, profile.input_tokens);
  const double output = std::max(1, profile.output_tokens);
  // Decode reads each sequence's KV at its average length: the prompt plus half the answer (averaged
  // over the sequences in flight of a request mix).
  const double context = decode_context_tokens(profile);
  // Steady state: every step `sequences/output` requests finish and as many prompts are prefilled;
  // that full step sets the throughput. A sequence's own prompt is its TTFT, so the steps it waits
  // for between tokens carry the prompts of the other sequences only: TPOT (at batch 1, pure decode).
  const double prefill_per_step = sequences * input / output;
  const Pass step = forward_pass(profile, hardware, tp, sequences, context, prefill_per_step, input);
  const Pass seen = forward_pass(profile, hardware, tp, sequences, context, (sequences - 1.0) * input / output, input);
  point.step_s = seen.seconds;
  point.parts = step.parts;
  point.memory_bound = step.memory_bound;
  point.output_tokens_per_s = sequences / step.seconds;
  // TTFT is checked at the p90 prompt of a request mix (the mean prompt otherwise).
  const double prompt = ttft_prompt_tokens(profile);
  point.prefill_s = forward_pass(profile, hardware, tp, 0, 0, prompt, prompt).seconds;
  point.prefill_tokens_per_s = prompt / point.prefill_s;
  // The prefill pass yields the first token; a new request first waits for the step in flight to
  // end, half a step on average.
  point.ttft_s = point.prefill_s + point.step_s / 2.0;
  const ExpertSplit split = expert_split(profile.shape);
  if (split.routed_params > 0) {
    // A decode step's own reads: the batch's tokens (prompts add theirs in the steps they join).
    point.experts_read_per_layer = profile.shape.experts * (1.0 - std::pow(1.0 - split.routed_share, sequences));
  }
  return point;
}

namespace {
ServingPoint pipelined_serving_point(const workload::Profile& profile, const Hardware& hardware, int tensor_parallel,
                                     int batch, int pipeline_parallel) {
  ServingPoint point;
  if (hardware.gpu == nullptr) return point;
  const int tp = std::max(1, tensor_parallel);
  const int pp = std::max(1, pipeline_parallel);
  const workload::Profile stage = stage_profile(profile, pp);
  const double sequences = std::max(1, batch);
  const double micro = std::max(1.0, sequences / pp);
  const double input = std::max(1, profile.input_tokens);
  const double output = std::max(1, profile.output_tokens);
  const double context = decode_context_tokens(profile);
  const double prefill_per_step = micro * input / output;
  const Pass step = forward_pass(stage, hardware, tp, micro, context, prefill_per_step, input);
  const Pass seen = forward_pass(stage, hardware, tp, micro, context, (micro - 1.0) * input / output, input);
  const double hop_full = pipeline_hop_s(profile.shape, hardware, tp, micro + prefill_per_step);
  const double hop_seen = pipeline_hop_s(profile.shape, hardware, tp, micro + (micro - 1.0) * input / output);
  point.step_s = pp * (seen.seconds + hop_seen);
  point.pipeline_s = pp * hop_seen;
  point.parts = step.parts;
  point.memory_bound = step.memory_bound;
  point.output_tokens_per_s = sequences / (pp * (step.seconds + hop_full));
  const double prompt = ttft_prompt_tokens(profile);
  point.prefill_s = pp * (forward_pass(stage, hardware, tp, 0, 0, prompt, prompt).seconds +
                          pipeline_hop_s(profile.shape, hardware, tp, prompt));
  point.prefill_tokens_per_s = prompt / point.prefill_s;
  point.ttft_s = point.prefill_s + point.step_s / 2.0;
  const ExpertSplit split = expert_split(profile.shape);
  if (split.routed_params > 0) {
    point.experts_read_per_layer = profile.shape.experts * (1.0 - std::pow(1.0 - split.routed_share, micro));
  }
  return point;
}
}  // namespace

int max_serving_batch(const workload::Profile& profile, const Plan& plan, double gpu_capacity_bytes) {
  const double budget = gpu_capacity_bytes * serving_memory_share_for(profile);
  const auto total_at = [&](int batch) {
    Plan sized = plan;
    sized.batch = batch;
    return estimate_memory(profile, sized, gpu_capacity_bytes).per_gpu.total_bytes;
  };
  if (total_at(1) > budget) return 0;
  // Memory grows with the batch; double, then bisect, up to 1 << 16 sequences.
  int low = 1;
  int high = 2;
  while (high <= (1 << 16) && total_at(high) <= budget) {
    low = high;
    high *= 2;
  }
  if (high > (1 << 16)) return low;
  while (high - low > 1) {
    const int middle = low + (high - low) / 2;
    (total_at(middle) <= budget ? low : high) = middle;
  }
  return low;
}

Memory choose_serving_plan(const workload::Profile& profile, const Hardware& hardware, const std::vector<Plan>& ladder) {
  const double capacity = hardware.gpu->capacity_bytes() * hardware.gpu_fraction;
  const bool moe = expert_split(profile.shape).routed_params > 0;
  const auto meets = [&](const ServingPoint& point, int batch) {
    const LatencyFactors held = latency_factors(profile, hardware, batch, point.memory_bound);
    return point.ttft_s * 1e3 * held.ttft <= profile.ttft_target_ms &&
           point.step_s * 1e3 * held.tpot <= profile.tpot_target_ms;
  };
  const auto sized = [&](Plan plan, int batch, const ServingPoint& point) {
    plan.batch = batch;
    Memory memory = estimate_memory(profile, plan, capacity);
    memory.ttft_ms = point.ttft_s * 1e3;
    memory.tpot_ms = point.step_s * 1e3;
    const LatencyFactors held = latency_factors(profile, hardware, batch, point.memory_bound);
    memory.ttft_held_ms = memory.ttft_ms * held.ttft;
    memory.tpot_held_ms = memory.tpot_ms * held.tpot;
    return memory;
  };
  if (const auto missing = missing_precision_units(*hardware.gpu, profile.precision)) {
    Memory memory = estimate_memory(profile, ladder.front(), capacity);
    memory.fits = false;
    memory.reason = *missing;
    return memory;
  }
  std::optional<Memory> best;
  double best_tokens_per_gpu = 0;
  std::optional<Memory> fastest;  // weights fit, targets missed: the lowest TPOT seen
  std::optional<Memory> lightest;
  for (Plan plan : ladder) {
    const int tp = std::max(1, plan.tensor_parallel);
    const int pp = std::max(1, plan.pipeline_parallel);
    plan.expert_parallel = moe ? tp : 1;
    if (tp > hardware.gpus_per_node) continue;
    const int memory_limit = max_serving_batch(profile, plan, capacity);
    if (memory_limit == 0 || (profile.batch_given && profile.batch > memory_limit)) {
      Memory memory = estimate_memory(profile, plan, capacity);
      memory.fits = false;
      if (!lightest || memory.per_gpu.total_bytes < lightest->per_gpu.total_bytes) lightest = memory;
      continue;
    }
    int batch = profile.batch_given ? profile.batch : std::min(memory_limit, serving_batch_limit);
    ServingPoint point = serving_point(profile, hardware, tp, batch, pp);
    if (!meets(point, batch) && !profile.batch_given) {
      batch = largest_batch_meeting(batch, serving_band_batch_edges(profile), [&](int tried) {
        return meets(serving_point(profile, hardware, tp, tried, pp), tried);
      });
      point = serving_point(profile, hardware, tp, std::max(1, batch), pp);
      batch = std::max(1, batch);
    }
    if (!meets(point, batch)) {
      Memory memory = sized(plan, batch, point);
      memory.fits = false;
      if (!fastest || memory.tpot_ms < fastest->tpot_ms) fastest = memory;
      continue;
    }
    const double tokens_per_gpu = point.output_tokens_per_s / (tp * pp);
    if (!best || tokens_per_gpu > best_tokens_per_gpu * (1.0 + 1e-9)) {
      best = sized(plan, batch, point);
      best_tokens_per_gpu = tokens_per_gpu;
    }
  }
  if (best) {
    best->reason = plan_requested(profile) ? PlanReason::requested : PlanReason::lightest_fits;
    return *best;
  }
  if (fastest) {
    fastest->reason = PlanReason::misses_targets;
    return *fastest;
  }
  if (!lightest) lightest = estimate_memory(profile, ladder.front(), capacity);
  lightest->fits = false;
  lightest->reason = PlanReason::does_not_fit;
  return *lightest;
}

static_assert(workload::default_latency_confidence == default_confidence,
              "serving targets and deadlines share one default confidence");

LatencyFactors latency_factors(const workload::Profile& profile, const Hardware& hardware, int batch,
                               bool memory_bound) {
  // The quantile's z, kept for the last confidence asked (one per run in practice).
  thread_local double confidence = -1;
  thread_local double z = 0;
  if (profile.latency_confidence != confidence) {
    confidence = profile.latency_confidence;
    z = normal_quantile(confidence);
  }
  const ServingBands bands = serving_bands(profile, hardware, batch, memory_bound);
  return {std::max(1.0, log_normal_quantile(bands.ttft.low, bands.ttft.high, z)),
          std::max(1.0, log_normal_quantile(1.0 / bands.throughput.high, 1.0 / bands.throughput.low, z))};
}

}  // namespace gpuselect::estimate::model

namespace gpuselect::estimate::model {

namespace {
// Beyond this many servers the Erlang recursion is not run: with the load at or under 99% of
// capacity an arrival then waits with a probability below e^-(0.01 sqrt(c))^2/2-ish (Halfin-Whitt
// regime) and the wait is counted as 0 (assumption; keeps a 1e6-replica plan linear).
constexpr double erlang_server_limit = 200000;
// Replicas added at most to meet the TTFT target with queueing: beyond it the plan stands as is.
constexpr int queue_replica_search = 4096;
}  // namespace

double queue_wait_s(double servers, double arrivals_per_s, double service_s, double service_cv2) {
  if (!(arrivals_per_s > 0) || !(service_s > 0) || !(servers >= 1)) return 0;
  const double offered = arrivals_per_s * service_s;  // erlangs
  const double load = offered / servers;
  if (!(load < 1.0)) return std::numeric_limits<double>::infinity();
  if (servers > erlang_server_limit) return 0;
  // Erlang B by its recursion B(k) = a B(k-1) / (k + a B(k-1)), then Erlang C from B.
  double blocking = 1.0;
  const auto count = static_cast<long>(std::floor(servers));
  for (long k = 1; k <= count; ++k) blocking = offered * blocking / (static_cast<double>(k) + offered * blocking);
  const double waits = blocking / (1.0 - load * (1.0 - blocking));
  const double mm_wait_s = waits * service_s / (servers - offered);
  return mm_wait_s * (1.0 + std::max(0.0, service_cv2)) / 2.0;
}

ReplicaPlan plan_replicas(double requests_per_s, double replica_capacity_per_s, int slots_per_replica,
                          double service_s, double max_utilization, int spares, double latency_budget_s,
                          double service_cv2) {
  ReplicaPlan plan;
  plan.spares = std::max(0, spares);
  if (!(requests_per_s > 0) || !(replica_capacity_per_s > 0)) {
    plan.replicas = 1 + plan.spares;
    return plan;
  }
  const double share = std::clamp(max_utilization, 1e-3, 1.0);
  const double busy = requests_per_s / (replica_capacity_per_s * share);
  auto load_replicas = std::max(1.0, std::ceil(busy - 1e-9));
  const double slots = std::max(1, slots_per_replica);
  // Service time is deterministic for one request length (M/D/c); a request mix raises service_cv2.
  const auto wait_at = [&](double replicas) {
    return queue_wait_s(replicas * slots, requests_per_s, service_s, service_cv2);
  };
  double wait = wait_at(load_replicas);
  for (int added = 0; wait > latency_budget_s && added < queue_replica_search; ++added) {
    load_replicas += 1;
    wait = wait_at(load_replicas);
  }
  plan.queue_s = std::isfinite(wait) ? wait : 0;
  const double total = load_replicas + plan.spares;
  plan.replicas = static_cast<int>(std::min(total, 2e9));
  plan.utilization = requests_per_s / (total * replica_capacity_per_s);
  plan.utilization_spares_down = requests_per_s / (load_replicas * replica_capacity_per_s);
  return plan;
}

namespace {
// Output tokens/s: the 80% prediction interval for a new row from the 32 dense serving calibration
// rows' leave-one-out residuals (each predicted by the decode share by layer width and tokens a step
// fitted on the other 31; log mean -0.0025, standard deviation 0.103, t(0.90, 31) = 1.309, x
// sqrt(1 + 1/32)): 0.870-1.144 (docs/estimation.md "Serving error bands"). TTFT from the
// prefill-dominated rows (input/output >= 4), whose throughput is set by the prefill constants: the
// inverse of their range, 0.772-1.135 (the MLPerf Llama 3.1 8B rows, 871/128, at the fast end).
constexpr Band throughput_residuals{0.87, 1.14, true};
constexpr Band ttft_residuals{0.88, 1.30, true};
// MoE rows (10, after moe_step_factor): 0.68-1.62; 10th-90th percentile 0.71-1.29. Their TTFT band is
// the inverse of the throughput band (too few prefill-dominated MoE rows to fit it apart).
constexpr Band moe_throughput_residuals{0.71, 1.29, true};
constexpr Band moe_ttft_residuals{1.0 / 1.29, 1.0 / 0.71, true};
// Outside the calibrated regime the band is widened by this factor each way (assumption; the same
// 1.5x the training bands use outside theirs, docs/estimation.md "Error bands").
constexpr double extrapolation_widening = 1.5;
// The regime the serving calibration rows span (tests/test_serving.cpp `calibration_rows`, the
// TensorRT-LLM v1.0 tables; docs/estimation.md "Serving error bands"). A point whose batch, input or
// output length lies outside its family's span is extrapolated: the residuals of the rows say
// nothing about it. The spans are read off the rows (a test checks each edge against them), never
// off the held-out rows.
struct CalibratedSpan {
  int min_batch;   // smallest batch the rows (and, dense, NIM's concurrency-1 latency rows) ran at
  int max_batch;   // largest batch free KV memory held in a calibration row
  int min_input;   // input tokens per request
  int max_input;
  int min_output;  // output tokens per request
  int max_output;
};
// Dense: 26 rows at batches 20-1,300 (405B on 8 H200, 1000/1000), input 128-20,000, output
// 128-2,048; batch 1 is covered by NIM's latency rows (5000/500 and 500/2000, checked within the band).
constexpr CalibratedSpan dense_span{1, 1300, 128, 20000, 128, 2048};
// MoE: 10 rows at batches up to 3,455 (Maverick on 8 H200, 1000/1000), input 128-2,048, output 128-2,048. Below batch 64 per-layer
// routing and all-to-all latency (not modelled) dominate, so the span starts there (assumption).
constexpr CalibratedSpan moe_span{64, 3455, 128, 2048, 128, 2048};
// Architectures and precisions of the calibration rows.
constexpr std::array<std::string_view, 1> calibrated_architectures{"hopper"};
// NVIDIA architectures whose decode runs the same CUDA kernels as the calibration rows (vLLM's
// paged attention and GEMMs on compute capability 8.0 and up). A memory-bound decode step there is
// weight and KV reads at a share of datasheet bandwidth; decode kernels reach 70-85% of it
// (shared/reference ESTIMATION.md "Serving throughput"), at or above the 65% fitted on Hopper
// (decode_bandwidth_share), so the architecture moves such a step only faster: its slow end stays the
// calibrated one and its fast end widens by 85 / 65.
constexpr std::array<std::string_view, 3> bandwidth_peer_architectures{"ampere", "ada", "blackwell"};
constexpr double bandwidth_share_high = 0.85;

bool within(int value, int low, int high) { return value >= low && value <= high; }
}  // namespace

std::array<int, 2> serving_band_batch_edges(const workload::Profile& profile) {
  const CalibratedSpan& span = expert_split(profile.shape).routed_params > 0 ? moe_span : dense_span;
  return {span.min_batch, span.max_batch + 1};
}

ServingBands serving_bands(const workload::Profile& profile, const Hardware& hardware, int batch, bool memory_bound) {
  const bool moe = expert_split(profile.shape).routed_params > 0;
  ServingBands bands{moe ? moe_throughput_residuals : throughput_residuals, moe ? moe_ttft_residuals : ttft_residuals};
  // A compute-capped GPU (H20) decodes at an assumed share, not the fitted one: extrapolated.
  const bool architecture =
      hardware.gpu != nullptr && std::find(calibrated_architectures.begin(), calibrated_architectures.end(),
                                           hardware.gpu->architecture) != calibrated_architectures.end() &&
      !compute_capped(*hardware.gpu, profile.precision);
  const bool precision = profile.precision == workload::Precision::fp8 || profile.precision == workload::Precision::bf16;
  const CalibratedSpan& span = moe ? moe_span : dense_span;
  // The request's mean lengths, the ones its throughput is estimated at (0: not a token-serving job).
  const bool input = profile.input_tokens <= 0 || within(profile.input_tokens, span.min_input, span.max_input);
  const bool output = profile.output_tokens <= 0 || within(profile.output_tokens, span.min_output, span.max_output);
  const bool regime = within(batch, span.min_batch, span.max_batch) && input && output;
  if (architecture && precision && regime && hardware.gpu_fraction >= 1.0) return bands;
  const bool bandwidth_peer =
      !moe && memory_bound && precision && regime && hardware.gpu_fraction >= 1.0 && hardware.gpu != nullptr &&
      std::find(bandwidth_peer_architectures.begin(), bandwidth_peer_architectures.end(), hardware.gpu->architecture) !=
          bandwidth_peer_architectures.end();
  if (bandwidth_peer) {
    // The prefill (TTFT) is compute-bound and keeps the full widening.
    bands.throughput.high *= bandwidth_share_high / decode_bandwidth_share;
    bands.throughput.in_calibrated_regime = false;
    bands.ttft.low /= extrapolation_widening;
    bands.ttft.high *= extrapolation_widening;
    bands.ttft.in_calibrated_regime = false;
    return bands;
  }
  for (Band* band : {&bands.throughput, &bands.ttft}) {
    band->low /= extrapolation_widening;
    band->high *= extrapolation_widening;
    band->in_calibrated_regime = false;
  }
  return bands;
}

}  // namespace gpuselect::estimate::model
