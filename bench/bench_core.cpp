// Google Benchmark programs for the engine's hot paths: catalog loading (built-in catalog plus a
// synthetic overlay of N offerings), one estimate per candidate, and the full ranking.
// Run: build-bench/bench/gpuselect_bench (bench/run_benchmarks.sh runs it briefly).
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <map>
#include <new>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "gpuselect/catalog.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/estimate.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/workload.hpp"
#include "synthetic_catalog.hpp"

// Heap allocations made by this process, counted by the replaced global operator new below, so the
// ranking benchmark can report allocations per returned record (the hot loop should make none
// beyond the records it returns).
namespace {
std::atomic<std::uint64_t> heap_allocations{0};
}  // namespace

// GCC flags free() of memory from a replaced operator new as mismatched; here both sides are malloc/free.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void* operator new(std::size_t size) {
  heap_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* pointer = std::malloc(size == 0 ? 1 : size)) return pointer;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return ::operator new(size); }
void operator delete(void* pointer) noexcept { std::free(pointer); }
void operator delete[](void* pointer) noexcept { std::free(pointer); }
void operator delete(void* pointer, std::size_t) noexcept { std::free(pointer); }
void operator delete[](void* pointer, std::size_t) noexcept { std::free(pointer); }

namespace gpuselect::bench {
namespace {

// A fixed date so stale-price warnings do not depend on the day the benchmark runs.
constexpr const char* benchmark_today = "2026-06-01";

const std::string& synthetic_text(std::size_t offerings) {
  static std::map<std::size_t, std::string> cache;
  auto found = cache.find(offerings);
  if (found == cache.end()) {
    SyntheticOptions options;
    options.offerings = offerings;
    found = cache.emplace(offerings, synthetic_catalog_yaml(builtin_catalog(), options)).first;
  }
  return found->second;
}

std::vector<catalog::SourceText> sources_with_overlay(const std::string* overlay) {
  std::vector<catalog::SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  if (overlay != nullptr) sources.push_back({"synthetic.yaml", *overlay});
  return sources;
}

const catalog::Catalog& catalog_with_overlay(std::size_t offerings) {
  static std::map<std::size_t, catalog::Catalog> cache;
  auto found = cache.find(offerings);
  if (found == cache.end()) {
    const std::string* overlay = offerings == 0 ? nullptr : &synthetic_text(offerings);
    catalog::LoadResult result = catalog::load(sources_with_overlay(overlay));
    found = cache.emplace(offerings, std::move(result.catalog)).first;
  }
  return found->second;
}

workload::Profile finetune_profile(const catalog::Catalog& catalog, const char* params_text) {
  workload::Request request;
  request.kind = workload::Kind::llm_finetune;
  request.params_text = params_text;
  return workload::resolve(request, catalog);
}

scoring::Options default_options(const workload::Profile& profile) {
  scoring::Options options;
  options.profile_name = std::string(scoring::default_profile(profile.kind));
  options.weights = scoring::profile_weights(options.profile_name, profile.kind);
  options.today = benchmark_today;
  return options;
}

// catalog::load of data/*.yaml plus an overlay of state.range(0) synthetic offerings (0 = built-in only).
void BM_CatalogLoad(benchmark::State& state) {
  const auto offerings = static_cast<std::size_t>(state.range(0));
  const std::string* overlay = offerings == 0 ? nullptr : &synthetic_text(offerings);
  const auto sources = sources_with_overlay(overlay);
  std::size_t bytes = 0;
  for (const auto& source : sources) bytes += source.text.size();
  std::size_t loaded = 0;
  for (auto _ : state) {
    catalog::LoadResult result = catalog::load(sources);
    loaded = result.catalog.offerings.size();
    benchmark::DoNotOptimize(result);
    if (!result.ok()) state.SkipWithError("catalog did not load");
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
  state.counters["offerings"] =
      benchmark::Counter(static_cast<double>(loaded), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_CatalogLoad)->Arg(0)->Arg(1'000)->Arg(10'000)->Arg(50'000)->Unit(benchmark::kMillisecond);

// estimate::run for every built-in offering on one node with its on-demand price context: the work
// behind one candidate before scoring. state.range(0) is the model size in billions of parameters.
void BM_EstimatePerCandidate(benchmark::State& state) {
  const catalog::Catalog& catalog = catalog_with_overlay(0);
  const std::string params = std::to_string(state.range(0)) + "e9";
  const workload::Profile profile = finetune_profile(catalog, params.c_str());
  std::vector<estimate::Hardware> hardware;
  std::vector<estimate::PriceContext> contexts;
  for (const auto& offering : catalog.offerings) {
    hardware.push_back(estimate::hardware_of(catalog, offering, 1));
    estimate::PriceContext context;
    context.offering = &offering;
    context.provider = &catalog.provider_of(offering);
    contexts.push_back(context);
  }
  for (auto _ : state) {
    for (std::size_t i = 0; i < hardware.size(); ++i) {
      estimate::Estimate result = estimate::run(profile, hardware[i], contexts[i]);
      benchmark::DoNotOptimize(result);
    }
  }
  state.counters["candidates"] =
      benchmark::Counter(static_cast<double>(hardware.size()), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_EstimatePerCandidate)->Arg(7)->Arg(70)->Unit(benchmark::kMicrosecond);

// scoring::rank (enumerate offering x pricing mode x node count, estimate, filter, score, sort) over
// the built-in catalog plus state.range(0) synthetic offerings, default options (max 4 nodes).
void BM_ScoringRank(benchmark::State& state) {
  const catalog::Catalog& catalog = catalog_with_overlay(static_cast<std::size_t>(state.range(0)));
  const workload::Profile profile = finetune_profile(catalog, "7e9");
  const scoring::Options options = default_options(profile);
  std::size_t ranked = 0;
  std::size_t excluded = 0;
  std::uint64_t allocations = 0;
  for (auto _ : state) {
    const std::uint64_t before = heap_allocations.load(std::memory_order_relaxed);
    scoring::Ranking ranking = scoring::rank(catalog, profile, options);
    allocations += heap_allocations.load(std::memory_order_relaxed) - before;
    ranked = ranking.candidates.size();
    excluded = ranking.excluded.size();
    benchmark::DoNotOptimize(ranking);
  }
  const double slots = static_cast<double>(catalog.offerings.size() * catalog::pricing_mode_count *
                                           static_cast<std::size_t>(options.constraints.max_nodes));
  state.counters["offerings"] =
      benchmark::Counter(static_cast<double>(catalog.offerings.size()), benchmark::Counter::kIsIterationInvariantRate);
  // Offering x pricing mode x node count, the candidate space the ranking walks.
  state.counters["candidate_slots"] = benchmark::Counter(slots, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["ranked"] = static_cast<double>(ranked);
  state.counters["excluded"] = static_cast<double>(excluded);
  // Heap allocations inside rank() per record it returns (ranked candidates plus exclusions): a
  // returned record may own one allocation (its warnings or reasons); more is churn in the loop.
  state.counters["allocs_per_record"] =
      static_cast<double>(allocations) /
      (static_cast<double>(state.iterations()) * static_cast<double>(std::max<std::size_t>(1, ranked + excluded)));
}
BENCHMARK(BM_ScoringRank)->Arg(0)->Arg(10'000)->Arg(20'000)->Arg(50'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gpuselect::bench

// Every iteration's large arrays come from fresh memory, as in a gpuselect process. glibc would
// otherwise raise its mmap threshold after the first free (up to 32 MiB) and recycle warm heap
// pages for the smaller catalogs only, making time per candidate look like it grows with size.
int main(int argc, char** argv) {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
