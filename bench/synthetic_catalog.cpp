#include "synthetic_catalog.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "gpuselect/embedded.hpp"

namespace gpuselect::bench {

namespace {

// SplitMix64 (Steele, Lea, Flood 2014): a fixed, portable generator so a seed gives the same catalog on
// every standard library (std::uniform_*_distribution is implementation-defined).
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t bound) { return static_cast<std::size_t>(next() % bound); }
  // Uniform in [low, high).
  double between(double low, double high) {
    const double unit = static_cast<double>(next() >> 11) * 0x1.0p-53;
    return low + (high - low) * unit;
  }

 private:
  std::uint64_t state_;
};

// Plain scalars that YAML 1.1 readers take as booleans or null ("NO" is Norway in fluidstack's list).
bool is_reserved_word(std::string_view text) {
  static constexpr std::array<std::string_view, 10> reserved = {"y",   "n",    "yes",   "no",   "on",
                                                                "off", "true", "false", "null", "~"};
  std::string lower(text);
  for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return std::find(reserved.begin(), reserved.end(), lower) != reserved.end();
}

bool is_plain_safe(std::string_view text) {
  if (text.empty() || !std::isalnum(static_cast<unsigned char>(text.front())) || is_reserved_word(text)) return false;
  return std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' || c == '/' || c == '+';
  });
}

// A plain scalar where YAML reads it back unchanged, else a double-quoted one (vast's region
// ", CN, AS" has a comma that would split a flow list).
void append_scalar(std::string& out, std::string_view text) {
  if (is_plain_safe(text)) {
    out += text;
    return;
  }
  out += '"';
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
}

// Prices keep four decimals, as provider price lists do.
double round_price(double value) { return std::round(value * 10'000.0) / 10'000.0; }

// Modes the base offering does not sell are left out (absent = not sold, as null). Spot stays at or
// below on-demand, as providers sell it (`catalog validate` warns otherwise).
void append_pricing(std::string& out, const catalog::Pricing& pricing, double factor, double spot_factor) {
  out += "    pricing: {";
  bool first = true;
  for (const auto mode : {catalog::PricingMode::on_demand, catalog::PricingMode::spot,
                          catalog::PricingMode::reserved_1y, catalog::PricingMode::reserved_3y}) {
    const auto price = pricing.price(mode);
    if (!price) continue;
    double value = round_price(*price * (mode == catalog::PricingMode::spot ? spot_factor : factor));
    if (mode == catalog::PricingMode::spot && pricing.on_demand)
      value = std::min(value, round_price(*pricing.on_demand * factor));
    fmt::format_to(std::back_inserter(out), "{}{}: {}", first ? "" : ", ", catalog::pricing_key(mode), value);
    first = false;
  }
  out += "}\n";
}

constexpr std::array<catalog::Stock, 4> stock_levels = {catalog::Stock::unknown, catalog::Stock::low,
                                                        catalog::Stock::medium, catalog::Stock::high};

// A flow list of scalars: [a, b, c].
void append_list(std::string& out, const std::vector<std::string_view>& items) {
  out += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ", ";
    append_scalar(out, items[i]);
  }
  out += ']';
}

// Up to four of the base offering's regions, in its order: SkyPilot's rows for one instance type
// list several regions, and an imported record groups those sharing a price.
std::vector<std::string_view> pick_regions(const catalog::Offering& base, SplitMix64& random) {
  if (base.regions.empty()) return {"default"};
  const std::size_t wanted = std::min<std::size_t>(base.regions.size(), 1 + random.below(4));
  const std::size_t first = random.below(base.regions.size());
  std::vector<std::size_t> picked;
  for (std::size_t step = 0; picked.size() < wanted; ++step) picked.push_back((first + step) % base.regions.size());
  std::sort(picked.begin(), picked.end());
  std::vector<std::string_view> regions;
  for (const auto index : picked) regions.emplace_back(base.regions[index]);
  return regions;
}

// Dates prices were read: most records recent, one in four older than the 180 days after which
// `catalog validate` warns (bench/run_benchmarks.sh pins today to 2026-06-01), as a catalog kept
// for a year holds.
constexpr std::array<std::string_view, 4> as_of_dates = {"2026-05-20", "2026-04-02", "2026-02-11", "2025-09-30"};

void append_offering(std::string& out, const catalog::Offering& base, std::size_t index, bool lean,
                     SplitMix64& random) {
  // Regional list prices differ by up to about +-15% (AWS us-east-1 vs ap-northeast-1 for p4d, and
  // SkyPilot's per-region rows); spot varies more (assumption for synthetic data).
  const double factor = random.between(0.85, 1.15);
  const double spot_factor = factor * random.between(0.7, 1.3);
  // Fields at their documented defaults are left out, as a hand-kept or imported catalog would;
  // source and estimated_fields are copied from the base record, as real records carry them
  // (about 700 bytes per record).
  out += "  - id: ";
  append_scalar(out, fmt::format("{}.{:06}", base.id, index));
  out += "\n    provider: ";
  append_scalar(out, base.provider);
  out += "\n    gpu: ";
  append_scalar(out, base.gpu);
  if (!lean && !base.instance_type.empty()) {
    out += "\n    instance_type: ";
    append_scalar(out, base.instance_type.view());
  }
  out += '\n';
  fmt::format_to(std::back_inserter(out), "    gpu_count: {}\n", base.gpu_count);
  if (base.gpu_fraction < 1.0) fmt::format_to(std::back_inserter(out), "    gpu_fraction: {}\n", base.gpu_fraction);
  fmt::format_to(std::back_inserter(out), "    interconnect: {}\n", catalog::to_string(base.interconnect));
  if (base.isolation != catalog::Isolation::passthrough) {
    fmt::format_to(std::back_inserter(out), "    isolation: {}\n", catalog::to_string(base.isolation));
  }
  fmt::format_to(std::back_inserter(out), "    network: {{bandwidth_gbps: {}, rdma: {}}}\n",
                 base.network.bandwidth_gbps, catalog::to_string(base.network.rdma));
  out += "    regions: ";
  if (lean) {
    const std::string_view region = base.regions.empty() ? std::string_view("default")
                                                         : std::string_view(base.regions[random.below(base.regions.size())]);
    append_list(out, {region});
  } else {
    append_list(out, pick_regions(base, random));
  }
  out += '\n';
  append_pricing(out, base.pricing, factor, spot_factor);
  // 0 = not published (vast's marketplace rows); left out like the built-in record.
  if (base.vcpus > 0) fmt::format_to(std::back_inserter(out), "    vcpus: {}\n", base.vcpus);
  if (base.ram_gb > 0) fmt::format_to(std::back_inserter(out), "    ram_gb: {}\n", base.ram_gb);
  if (base.pricing.spot) {
    fmt::format_to(std::back_inserter(out), "    spot_interruption_pct: {}\n",
                   std::round(random.between(2.5, 20.0) * 10.0) / 10.0);
  }
  fmt::format_to(std::back_inserter(out), "    stock: {}\n    max_nodes: {}\n",
                 catalog::to_string(stock_levels[random.below(stock_levels.size())]), base.max_nodes);
  if (lean) {
    out += "    as_of: \"2026-05-20\"\n    source: synthetic\n";
    return;
  }
  fmt::format_to(std::back_inserter(out), "    as_of: \"{}\"\n    source: ",
                 as_of_dates[random.below(as_of_dates.size())]);
  append_scalar(out, base.source.empty() ? std::string_view("synthetic") : base.source.view());
  out += '\n';
  if (!base.estimated_fields.empty()) {
    out += "    estimated_fields: ";
    append_list(out, std::vector<std::string_view>(base.estimated_fields.begin(), base.estimated_fields.end()));
    out += '\n';
  }
}

}  // namespace

const catalog::Catalog& builtin_catalog() {
  static const catalog::Catalog loaded = [] {
    std::vector<catalog::SourceText> sources;
    for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
    catalog::LoadResult result = catalog::load(sources);
    if (!result.ok()) {
      for (const auto& diagnostic : result.diagnostics) {
        if (diagnostic.severity == Severity::error) {
          throw std::runtime_error("built-in catalog: " + format_diagnostic(diagnostic));
        }
      }
    }
    return std::move(result.catalog);
  }();
  return loaded;
}

std::string synthetic_catalog_yaml(const catalog::Catalog& templates, const SyntheticOptions& options) {
  if (templates.offerings.empty()) throw std::runtime_error("no template offerings");
  SplitMix64 random(options.seed);
  std::string out;
  // About 700 bytes per record (measured); reserve to avoid regrowth on 100k records.
  out.reserve(options.offerings * 900 + 256);
  out += "# yaml-language-server: $schema=../docs/catalog.schema.json\n";
  fmt::format_to(std::back_inserter(out),
                 "# Synthetic catalog: {} offerings, seed {} (bench/generate_catalog). Not real prices.\n",
                 options.offerings, options.seed);
  out += "schema_version: 1\nofferings:\n";
  std::size_t patched = 0;
  for (std::size_t index = 0; index < options.offerings; ++index) {
    if (options.patch_every != 0 && index % options.patch_every == 0 && patched < templates.offerings.size()) {
      // Negotiated-price overlay of a built-in offering: only id and the changed field.
      const catalog::Offering& base = templates.offerings[patched++];
      out += "  - id: ";
      append_scalar(out, base.id);
      out += '\n';
      append_pricing(out, base.pricing, random.between(0.7, 0.95), 1.0);
      continue;
    }
    const catalog::Offering& base = templates.offerings[random.below(templates.offerings.size())];
    append_offering(out, base, index, options.lean, random);
  }
  return out;
}

}  // namespace gpuselect::bench
