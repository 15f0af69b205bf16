// TEMPORARY: stand-ins for functions owned by the estimate, scoring and loader branches, so the
// render branch links before they land. Deleted before the final commit of the render branch.
#include <fmt/format.h>

#include "gpuselect/catalog_format.hpp"
#include "gpuselect/estimate.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/units.hpp"
#include "gpuselect/workload.hpp"

namespace gpuselect {
namespace units {
std::string format_count(double value) {
  if (value >= 1e12) return fmt::format("{:.1f}T", value / 1e12);
  if (value >= 1e9) return fmt::format("{:.1f}B", value / 1e9);
  if (value >= 1e6) return fmt::format("{:.0f}M", value / 1e6);
  return fmt::format("{:.0f}", value);
}
std::string format_gb(double bytes) { return fmt::format("{:.1f} GB", bytes / 1e9); }
std::string format_hours(double hours) {
  if (hours < 1) return fmt::format("{:.0f} min", hours * 60);
  if (hours < 72) return fmt::format("{:.1f} h", hours);
  return fmt::format("{:.1f} d", hours / 24);
}
std::string format_money(double amount, std::string_view currency) {
  if (currency == "USD") return fmt::format("${:.2f}", amount);
  if (currency == "CNY") return fmt::format("¥{:.2f}", amount);
  return fmt::format("{:.2f} {}", amount, currency);
}
}  // namespace units
namespace workload {
std::string_view to_string(Kind v) {
  static constexpr std::string_view n[] = {"llm-pretrain", "llm-finetune", "llm-inference", "cv-train", "cv-inference", "notebook"};
  return n[static_cast<int>(v)];
}
std::string_view to_string(Method v) { static constexpr std::string_view n[] = {"full", "lora", "qlora"}; return n[static_cast<int>(v)]; }
std::string_view to_string(Precision v) { static constexpr std::string_view n[] = {"fp32", "bf16", "fp16", "fp8", "int8", "int4"}; return n[static_cast<int>(v)]; }
std::string_view to_string(Optimizer v) { static constexpr std::string_view n[] = {"adamw", "sgd", "adam-8bit"}; return n[static_cast<int>(v)]; }
std::string_view to_string(Recompute v) { static constexpr std::string_view n[] = {"none", "selective", "full"}; return n[static_cast<int>(v)]; }
std::string_view to_string(Attention v) { static constexpr std::string_view n[] = {"flash", "eager"}; return n[static_cast<int>(v)]; }
std::string_view to_string(Zero v) { static constexpr std::string_view n[] = {"auto", "0", "1", "2", "3"}; return n[static_cast<int>(v)]; }
std::string_view to_string(Offload v) { static constexpr std::string_view n[] = {"none", "optimizer", "all"}; return n[static_cast<int>(v)]; }
bool is_training(Kind k) { return k == Kind::llm_pretrain || k == Kind::llm_finetune || k == Kind::cv_train; }
bool is_serving(Kind k) { return k == Kind::llm_inference || k == Kind::cv_inference; }
}  // namespace workload
namespace scoring {
std::string_view to_string(Criterion c) {
  static constexpr std::string_view n[] = {"stability", "performance", "cost", "usability", "support"};
  return n[static_cast<int>(c)];
}
std::string_view to_string(ExclusionKind k) {
  static constexpr std::string_view n[] = {"memory", "--budget", "--deadline", "--region", "--provider", "--gpu", "--pricing", "--require", "--max-nodes", "--min-headroom", "not-sold"};
  return n[static_cast<int>(k)];
}
std::string_view warning_code(Warning w) {
  static constexpr std::string_view n[] = {"W-SPOT", "W-VGPU", "W-EGRESS", "W-IP", "W-STOCK", "W-SLA", "W-RESIZE", "W-STALE", "W-PCIE", "W-NORDMA", "W-OVER", "W-OFFLOAD", "W-MARKET"};
  return n[static_cast<int>(w)];
}
std::vector<std::string> explain(const catalog::Catalog& catalog, const Ranking&, const Candidate& candidate) {
  return {fmt::format("strongest: stability {:.0f}; weakest: cost {:.0f}", candidate.criteria[0].score, candidate.criteria[2].score),
          fmt::format("runs on {}", catalog.offerings[candidate.offering_index].id)};
}
std::string warning_text(const catalog::Catalog&, const Candidate&, Warning w) {
  return fmt::format("warning {} about this offering, with \"quotes\" & <angle>", warning_code(w));
}
std::string reason_text(const ExclusionReason& r, std::string_view currency) {
  if (r.kind == ExclusionKind::memory) return fmt::format("needs {:.1f} GB per GPU, has {:.1f} GB", r.needed / 1e9, r.limit / 1e9);
  return fmt::format("costs {:.0f} {}, budget {:.0f}", r.needed, currency, r.limit);
}
std::vector<Indicator> indicators(const catalog::Catalog&, const Ranking&, const Candidate& candidate, Criterion c) {
  const double s = candidate.criteria[static_cast<std::size_t>(c)].score / 100.0;
  return {{"first_indicator", s, 0.6, true}, {"second_indicator", s / 2, 0.4, c != Criterion::stability}};
}
}  // namespace scoring
namespace estimate {
std::vector<std::string> assumptions(const workload::Profile&, const Estimate&) {
  return {"1 GB = 1e9 bytes", "MFU 40% assumed for this GPU and interconnect"};
}
std::string describe_plan(const workload::Profile&, const Memory& memory) {
  return fmt::format("ZeRO-{} on {} GPUs", memory.plan.zero_stage, memory.plan.gpus_per_node * memory.plan.nodes);
}
}  // namespace estimate
namespace catalog {
nlohmann::ordered_json to_json(const Gpu& g) { return {{"id", g.id}, {"name", g.name}, {"memory_gb", g.memory_gb}}; }
nlohmann::ordered_json to_json(const Provider& p) { return {{"id", p.id}, {"name", p.name}}; }
nlohmann::ordered_json to_json(const Offering& o) { return {{"id", o.id}, {"provider", o.provider}, {"gpu", o.gpu}}; }
}  // namespace catalog
}  // namespace gpuselect
