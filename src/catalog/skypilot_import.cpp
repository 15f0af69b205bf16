// SkyPilot vms.csv -> catalog offerings (`gpuselect catalog import skypilot`).
//
// Input: one cloud's vms.csv from skypilot-org/skypilot-catalog (or a file in the same format).
// Columns are found by header NAME (trimmed, case-insensitive), because each cloud orders them
// differently (AWS/Azure: InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,
// SpotPrice,Region,AvailabilityZone,...; GCP v9: InstanceType,vCPUs,MemoryGiB,AcceleratorName,
// AcceleratorCount,GpuInfo,Region,AvailabilityZone,Price,SpotPrice; Lambda: ...,Price,Region,GpuInfo,
// SpotPrice without AvailabilityZone). Required: InstanceType, AcceleratorName, AcceleratorCount,
// Price, Region. Other columns are ignored.
//
// Rules:
// 1. One offering per instance type, id "<provider>/<instance type>", in first-seen order. All rows of
//    one type (one per region, or per availability zone) merge into it:
//      regions           = sorted unique Region values;
//      pricing.on_demand = the MINIMUM positive Price over the rows (null when no row has one);
//      pricing.spot      = the MINIMUM positive SpotPrice over the rows (empty or 0 = no spot; Vast
//                          writes 0.00 for "no spot price");
//      reserved_1y/3y    = null (vms.csv has no commitment prices);
//      vcpus, ram_gb     = from the first row that has them (MemoryGiB; blank tolerated).
//    A row whose accelerator or count disagrees with the type's first row is skipped with a warning.
// 2. Rows without an accelerator (empty AcceleratorName, or AcceleratorCount empty or 0) are skipped
//    silently. AcceleratorName resolves through the catalog passed in (Catalog::find_gpu: ids and
//    aliases, case-insensitive). Before the plain name, an instance type that names its form factor
//    ("pcie", "sxm") tries the alias "<name>-PCIe" / "<name>-SXM"; and when GpuInfo's per-GPU
//    SizeInMiB differs from the resolved GPU's memory_gb by more than 25%, the alias
//    "<name>-<GiB>GB" is tried (e.g. "A100" with 81920 MiB -> "A100-80GB"). The 25% threshold is an
//    assumption: driver-reported memory is within 10% of the label (AWS reports 22,888 MiB for
//    24 GB parts, shared/reference/GPU-SPECS.md), memory variants differ by 2x.
//    Unresolved names: rows skipped, one warning per name with its row count.
// 3. AcceleratorCount below 1 (AWS g6f: 0.125..0.5 L4, Azure NV*ads_A10_v5: 1/6..1/2 A10) is a
//    share of one GPU: gpu_count 1, gpu_fraction = the count, isolation vgpu. Counts >= 1 must be
//    whole numbers.
// 4. GCP prices accelerators apart from VMs: accelerator rows have an empty InstanceType and price
//    the GPUs alone; host VM rows (a2-highgpu-1g, g2-standard-4, n1-standard-8, ...) have no
//    accelerator. A file with such accelerator rows is treated this way (whatever the provider id):
//    each accelerator row (name N, count C, zone Z) combines with every host row in zone Z whose
//    machine type carries exactly C x N (table gcp_host_families / gcp_g2_hosts below) into a row of
//    the HOST instance type with price = host price + accelerator price, rounded to 6 decimals
//    (spot likewise; only when both are given and the accelerator's is positive; a host price of 0,
//    as the source has for a4-highgpu-8g, counts as included in the accelerator's), vcpus/ram from
//    the host. N1-attachable accelerators (T4, V100, P100, P4) have no fixed host: they become
//    offering "<provider>/<N>x<C>" (e.g. "gcp/V100x8") priced for the accelerator ALONE,
//    and a warning says the n1 host VM is not included. Other accelerator rows with no host row in
//    their zone are skipped with a warning; unused host rows are skipped.
// 5. Defaults for what vms.csv lacks (each offering lists interconnect, isolation and max_nodes in
//    estimated_fields): interconnect from the GPU's own link (table link_rules); isolation vgpu for a
//    fractional GPU, bare-metal for an instance type ending in ".metal", else passthrough; network
//    from table known_networks (RDMA fabrics of specific instance types), else rdma none and
//    bandwidth unknown (0); max_nodes 16 with RDMA, else 1; stock unknown; as_of = options.as_of;
//    source = options.source_name + " (SkyPilot vms.csv import)".
// Complexity: one pass over the rows with a hash map from instance type to offering (plus one pass
// over the GCP accelerator rows), so time and memory are linear in the input.
#include "gpuselect/skypilot_import.hpp"

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

#include "catalog/csv.hpp"
#include "catalog/fields.hpp"
#include "gpuselect/safe_text.hpp"

namespace gpuselect::catalog {

namespace {

// ---- header -------------------------------------------------------------------------------------

enum class Column : std::uint8_t {
  instance_type,
  accelerator_name,
  accelerator_count,
  vcpus,
  memory_gib,
  gpu_info,
  price,
  spot_price,
  region,
  availability_zone,
};

struct ColumnSpec {
  std::string_view name;
  bool required;
};

// Column names of SkyPilot's vms.csv (sky/catalog/data_fetchers/fetch_*.py write them).
constexpr std::array<ColumnSpec, 10> column_specs = {{
    {"InstanceType", true},
    {"AcceleratorName", true},
    {"AcceleratorCount", true},
    {"vCPUs", false},
    {"MemoryGiB", false},
    {"GpuInfo", false},
    {"Price", true},
    {"SpotPrice", false},
    {"Region", true},
    {"AvailabilityZone", false},
}};

constexpr std::size_t no_column = static_cast<std::size_t>(-1);

// ---- tables of facts vms.csv lacks --------------------------------------------------------------

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

// GCP accelerator-optimised machine families "<prefix><N>g[-suffix]" that carry N of one GPU
// (cloud.google.com/compute/docs/accelerator-optimized-machines). Accelerator names are SkyPilot's.
struct GcpHostFamily {
  std::string_view prefix;
  std::string_view accelerator;
};
constexpr std::array<GcpHostFamily, 7> gcp_host_families = {{
    {"a2-highgpu-", "A100"},
    {"a2-megagpu-", "A100"},
    {"a2-ultragpu-", "A100-80GB"},
    {"a3-highgpu-", "H100"},
    {"a3-megagpu-", "H100-MEGA"},
    {"a3-ultragpu-", "H200"},
    {"a4-highgpu-", "B200"},
}};

// G2 machine types: L4 count per type (same GCP page, "G2 machine types" table).
struct GcpFixedHost {
  std::string_view host_type;
  std::string_view accelerator;
  int gpu_count;
};
constexpr std::array<GcpFixedHost, 8> gcp_g2_hosts = {{
    {"g2-standard-4", "L4", 1},
    {"g2-standard-8", "L4", 1},
    {"g2-standard-12", "L4", 1},
    {"g2-standard-16", "L4", 1},
    {"g2-standard-32", "L4", 1},
    {"g2-standard-24", "L4", 2},
    {"g2-standard-48", "L4", 4},
    {"g2-standard-96", "L4", 8},
}};

// GPUs that attach to GCP N1 general-purpose VMs (cloud.google.com/compute/docs/gpus: "N1
// general-purpose machine types" accept T4, V100, P100, P4).
constexpr std::array<std::string_view, 4> gcp_n1_accelerators = {"T4", "V100", "P100", "P4"};

// Instance-type markers that name a form factor, and the GPU alias suffix tried for them.
struct FormFactorHint {
  std::string_view instance_type_marker;  // lower case
  std::string_view alias_suffix;
};
constexpr std::array<FormFactorHint, 2> form_factor_hints = {{
    {"pcie", "-PCIe"},
    {"sxm", "-SXM"},
}};

// SkyPilot vms.csv prices have at most 6 decimals (largest seen in shared/reference/
// skypilot-gpu-offerings.csv, e.g. Azure 0.167798); sums are rounded to that.
constexpr double price_scale = 1e6;

// See rule 2 in the file comment.
constexpr double memory_variant_tolerance = 0.25;
constexpr double mib_per_gib = 1024.0;

// ---- small helpers ------------------------------------------------------------------------------

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

bool ends_with_ignoring_case(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && equals_ignoring_case(text.substr(text.size() - suffix.size()), suffix);
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

using text::excerpt;

// Length of the well-formed UTF-8 sequence at text[at] (RFC 3629: no overlongs, no surrogates, at
// most U+10FFFF), or 0 when malformed.
std::size_t utf8_sequence_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t offset) {
    return at + offset < text.size() ? static_cast<unsigned char>(text[at + offset]) : 0u;
  };
  const unsigned lead = byte(0);
  const auto continuation = [&](std::size_t offset, unsigned low = 0x80, unsigned high = 0xBF) {
    return byte(offset) >= low && byte(offset) <= high;
  };
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return continuation(1) ? 2 : 0;
  if (lead == 0xE0) return continuation(1, 0xA0) && continuation(2) ? 3 : 0;
  if (lead == 0xED) return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0;
  if (lead >= 0xE1 && lead <= 0xEF) return continuation(1) && continuation(2) ? 3 : 0;
  if (lead == 0xF0) return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0;
  if (lead >= 0xF1 && lead <= 0xF3) return continuation(1) && continuation(2) && continuation(3) ? 4 : 0;
  if (lead == 0xF4) return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0;
  return 0;
}

// Every field must be something the catalog written from it can hold: UTF-8 text without control
// characters (tab allowed), no longer than the loader's value limit (LoadLimits::max_scalar_bytes).
// A file that breaks this is not a SkyPilot catalog, and its YAML could not be read back.
void check_fields(const std::vector<csv::Field>& fields, const std::string& source_name) {
  constexpr std::size_t max_field_bytes = LoadLimits{}.max_scalar_bytes;
  for (const auto& field : fields) {
    const auto fail = [&](const std::string& what, const std::string& hint) {
      throw Error(source_name + ':' + std::to_string(field.line) + ':' + std::to_string(field.column), what, hint);
    };
    if (field.text.size() > max_field_bytes) {
      fail("field is " + std::to_string(field.text.size()) + " bytes, above the limit of " +
               std::to_string(max_field_bytes) + " (LoadLimits::max_scalar_bytes)",
           "check that this is a SkyPilot vms.csv file");
    }
    for (std::size_t at = 0; at < field.text.size();) {
      const std::size_t length = utf8_sequence_length(field.text, at);
      const auto byte = static_cast<unsigned char>(field.text[at]);
      if (length == 0) fail("field is not valid UTF-8 text", "save the file as UTF-8");
      if (length == 1 && ((byte < 0x20 && byte != '\t') || byte == 0x7F)) {
        fail("field holds control character " + std::to_string(byte), "remove it; fields are plain text");
      }
      at += length;
    }
  }
}

// "8" for whole numbers, else the shortest round-trip form ("0.25").
std::string number_text(double value) {
  std::array<char, 32> buffer{};
  const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  return std::string(buffer.data(), result.ptr);
}

// Rule 1: the minimum positive price; 0 and empty mean "no price in this row".
void keep_minimum(std::optional<double>& minimum, std::optional<double> price) {
  if (price && *price > 0 && (!minimum || *price < *minimum)) minimum = price;
}

// Rule 4: host + accelerator. The accelerator needs a positive price; a host price of 0 (the source
// writes 0.0 for a4-highgpu-8g) is taken as included in the accelerator's.
// The sum is rounded to price_decimals so that 0.81406 + 1.61365 reads 2.42771, not 2.4277100000000003.
std::optional<double> host_plus_accelerator(std::optional<double> host, std::optional<double> accelerator) {
  if (!host || !accelerator || !(*accelerator > 0)) return std::nullopt;
  return std::round((*host + *accelerator) * price_scale) / price_scale;
}

std::string rows_text(std::size_t rows) { return std::to_string(rows) + (rows == 1 ? " row" : " rows"); }

// Per-GPU memory from GpuInfo ("{'Gpus': [{... 'MemoryInfo': {'SizeInMiB': 40960}}], ...}").
std::optional<double> gpu_memory_mib(std::string_view gpu_info) {
  constexpr std::string_view key = "SizeInMiB";
  const std::size_t at = gpu_info.find(key);
  if (at == std::string_view::npos) return std::nullopt;
  std::size_t pos = at + key.size();
  while (pos < gpu_info.size() &&
         (gpu_info[pos] == '\'' || gpu_info[pos] == '"' || gpu_info[pos] == ':' || gpu_info[pos] == ' ')) {
    ++pos;
  }
  double mib = 0;
  const auto result = std::from_chars(gpu_info.data() + pos, gpu_info.data() + gpu_info.size(), mib);
  if (result.ec != std::errc{} || !(mib > 0) || !std::isfinite(mib)) return std::nullopt;
  return mib;
}

struct GpuSlots {
  std::string_view accelerator;
  int gpu_count;
};

// The accelerator a GCP host machine type carries, if it is accelerator-optimised.
std::optional<GpuSlots> gcp_host_gpus(std::string_view host_type) {
  for (const auto& host : gcp_g2_hosts) {
    if (host.host_type == host_type) return GpuSlots{host.accelerator, host.gpu_count};
  }
  for (const auto& family : gcp_host_families) {
    if (host_type.substr(0, family.prefix.size()) != family.prefix) continue;
    const std::string_view rest = host_type.substr(family.prefix.size());
    int count = 0;
    const auto result = std::from_chars(rest.data(), rest.data() + rest.size(), count);
    const std::string_view tail = rest.substr(static_cast<std::size_t>(result.ptr - rest.data()));
    if (result.ec != std::errc{} || count < 1 || tail.empty() || tail.front() != 'g') continue;
    if (tail.size() > 1 && tail[1] != '-') continue;  // "8g" or "8g-nolssd"
    return GpuSlots{family.accelerator, count};
  }
  return std::nullopt;
}

bool is_gcp_n1_accelerator(std::string_view accelerator) {
  return std::any_of(gcp_n1_accelerators.begin(), gcp_n1_accelerators.end(),
                     [&](std::string_view name) { return equals_ignoring_case(name, accelerator); });
}

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

// ---- rows ---------------------------------------------------------------------------------------

struct Row {
  std::string instance_type;
  std::string accelerator;
  double accelerator_count = 0;  // 0 = no accelerator
  double vcpus = 0;
  double memory_gib = 0;
  std::optional<double> gpu_memory_mib;
  std::optional<double> price;       // >= 0 per hour as written; Merger::add ignores 0
  std::optional<double> spot_price;  // >= 0 per hour as written; Merger::add ignores 0
  std::string region;
  std::string zone;  // AvailabilityZone, or the region when the file has none
  std::uint32_t line = 0;
  std::uint32_t region_column = 0;
};

class RowParser {
 public:
  RowParser(std::string source_name, std::array<std::size_t, column_specs.size()> columns)
      : source_name_(std::move(source_name)), columns_(columns) {}

  Row parse(const std::vector<csv::Field>& fields) const {
    Row row;
    row.line = fields.front().line;
    row.instance_type = std::string(text(fields, Column::instance_type));
    row.accelerator = std::string(text(fields, Column::accelerator_name));
    row.accelerator_count = number(fields, Column::accelerator_count).value_or(0);
    row.vcpus = number(fields, Column::vcpus).value_or(0);
    row.memory_gib = number(fields, Column::memory_gib).value_or(0);
    row.gpu_memory_mib = gpu_memory_mib(text(fields, Column::gpu_info));
    row.price = number(fields, Column::price);
    row.spot_price = number(fields, Column::spot_price);
    row.region = std::string(text(fields, Column::region));
    row.region_column = fields[columns_[static_cast<std::size_t>(Column::region)]].column;
    row.zone = std::string(text(fields, Column::availability_zone));
    if (row.zone.empty()) row.zone = row.region;
    if (row.accelerator.empty()) row.accelerator_count = 0;
    // The catalog's gpu_count range (src/catalog/fields.cpp): 64 GPUs in one instance is beyond any
    // 2026 node; larger counts are typos and would overflow int.
    constexpr double max_accelerator_count = 64;
    if (row.accelerator_count > max_accelerator_count) {
      const csv::Field& field = fields[columns_[static_cast<std::size_t>(Column::accelerator_count)]];
      throw Error(
          where(field),
          "AcceleratorCount " + excerpt(number_text(row.accelerator_count)) + " is above 64 GPUs in one instance",
          "write the GPUs of one instance (8 for an 8-GPU node)");
    }
    if (row.accelerator_count >= 1 && row.accelerator_count != std::floor(row.accelerator_count)) {
      const csv::Field& field = fields[columns_[static_cast<std::size_t>(Column::accelerator_count)]];
      throw Error(
          where(field),
          "AcceleratorCount " + number_text(row.accelerator_count) + " is neither a whole number nor a share below 1",
          "write a whole GPU count, or a fraction below 1 for a shared GPU");
    }
    return row;
  }

  [[noreturn]] void fail_empty_region(const Row& row) const {
    throw Error(source_name_ + ':' + std::to_string(row.line) + ':' + std::to_string(row.region_column),
                "Region is empty for instance type " + text::quoted(row.instance_type),
                "fill in the region the price applies to");
  }

 private:
  std::string where(const csv::Field& field) const {
    return source_name_ + ':' + std::to_string(field.line) + ':' + std::to_string(field.column);
  }

  std::string_view text(const std::vector<csv::Field>& fields, Column column) const {
    const std::size_t index = columns_[static_cast<std::size_t>(column)];
    return index == no_column ? std::string_view{} : trim(fields[index].text);
  }

  // Empty -> nullopt; otherwise a finite number >= 0 or an Error at the field.
  std::optional<double> number(const std::vector<csv::Field>& fields, Column column) const {
    const std::size_t index = columns_[static_cast<std::size_t>(column)];
    if (index == no_column) return std::nullopt;
    const std::string_view value = trim(fields[index].text);
    if (value.empty()) return std::nullopt;
    double parsed = 0;
    const auto result = std::from_chars(value.data(), value.data() + value.size(), parsed);
    const std::string_view name = column_specs[static_cast<std::size_t>(column)].name;
    if (result.ec != std::errc{} || result.ptr != value.data() + value.size() || !std::isfinite(parsed)) {
      throw Error(where(fields[index]), std::string(name) + " " + text::quoted(value) + " is not a number",
                  "write a plain decimal number such as 1.25, or leave the field empty");
    }
    if (parsed < 0) {
      throw Error(where(fields[index]), std::string(name) + " " + text::quoted(value) + " is negative",
                  "write a number >= 0, or leave the field empty");
    }
    // A positive price must be one the loader accepts (0 means "no price" and is skipped).
    if ((column == Column::price || column == Column::spot_price) && parsed > 0) {
      if (auto problem = fields::check_price_per_hour(parsed)) {
        throw Error(where(fields[index]), std::string(name) + " " + problem->message, problem->hint);
      }
    }
    return parsed;
  }

  std::string source_name_;
  std::array<std::size_t, column_specs.size()> columns_;
};

std::array<std::size_t, column_specs.size()> read_header(const std::vector<csv::Field>& fields,
                                                         const std::string& source_name) {
  std::array<std::size_t, column_specs.size()> columns{};
  columns.fill(no_column);
  for (std::size_t index = 0; index < fields.size(); ++index) {
    const std::string_view name = trim(fields[index].text);
    for (std::size_t spec = 0; spec < column_specs.size(); ++spec) {
      if (!equals_ignoring_case(name, column_specs[spec].name)) continue;
      if (columns[spec] != no_column) {
        throw Error(source_name + ':' + std::to_string(fields[index].line) + ':' + std::to_string(fields[index].column),
                    "column " + text::quoted(column_specs[spec].name) + " appears twice (fields " +
                        std::to_string(columns[spec] + 1) + " and " + std::to_string(index + 1) + ")",
                    "keep one column of each name");
      }
      columns[spec] = index;
    }
  }
  std::string missing;
  for (std::size_t spec = 0; spec < column_specs.size(); ++spec) {
    if (!column_specs[spec].required || columns[spec] != no_column) continue;
    missing += (missing.empty() ? "" : ", ") + std::string(column_specs[spec].name);
  }
  if (!missing.empty()) {
    std::string found;
    for (const auto& field : fields) found += (found.empty() ? "" : ", ") + excerpt(field.text);
    found = excerpt(found, 300);
    throw Error(source_name + ':' + std::to_string(fields.front().line) + ":1",
                "header lacks required column(s) " + missing,
                "a SkyPilot vms.csv header names InstanceType, AcceleratorName, AcceleratorCount, "
                "Price and Region (any order); found: " +
                    found);
  }
  return columns;
}

// ---- merging ------------------------------------------------------------------------------------

class Merger {
 public:
  Merger(const Catalog& known, const SkyPilotImportOptions& options) : known_(known), options_(options) {}

  // Adds a priced GPU row under `instance_type`. False when the row was skipped (unknown accelerator,
  // or disagreeing with earlier rows of the type).
  bool add(const Row& row, const std::string& instance_type) {
    auto [entry, inserted] = draft_by_instance_type_.try_emplace(instance_type, drafts_.size());
    if (inserted) drafts_.push_back(start_draft(row, instance_type));
    Draft& draft = drafts_[entry->second];
    if (draft.gpu == nullptr) {
      count_unknown(row.accelerator);
      return false;
    }
    if (!equals_ignoring_case(draft.accelerator, row.accelerator) || draft.accelerator_count != row.accelerator_count) {
      if (!draft.conflict_warned) {
        draft.conflict_warned = true;
        warnings_.push_back(draft.offering.id + ": line " + std::to_string(row.line) + " has '" + row.accelerator +
                            "' x" + number_text(row.accelerator_count) + " but earlier rows have '" +
                            draft.accelerator + "' x" + number_text(draft.accelerator_count) +
                            "; such rows skipped, the first kept");
      }
      return false;
    }
    Offering& offering = draft.offering;
    draft.regions.push_back(row.region);
    keep_minimum(offering.pricing.on_demand, row.price);
    keep_minimum(offering.pricing.spot, row.spot_price);
    if (offering.vcpus == 0 && row.vcpus > 0) offering.vcpus = static_cast<int>(std::lround(row.vcpus));
    if (offering.ram_gb == 0 && row.memory_gib > 0) offering.ram_gb = row.memory_gib;
    return true;
  }

  void warn(std::string warning) { warnings_.push_back(std::move(warning)); }

  void finish(SkyPilotImport& result) {
    for (auto& draft : drafts_) {
      if (draft.gpu == nullptr) continue;
      std::sort(draft.regions.begin(), draft.regions.end());
      draft.regions.erase(std::unique(draft.regions.begin(), draft.regions.end()), draft.regions.end());
      draft.offering.regions = std::move(draft.regions);
      if (!draft.offering.pricing.on_demand) {
        warnings_.push_back(draft.offering.id + ": no row has an on-demand price; pricing.on_demand is null");
      }
      result.offerings.push_back(std::move(draft.offering));
    }
    for (const auto& unknown : unknown_accelerators_) {
      warnings_.push_back("unknown accelerator " + text::quoted(unknown.name) + " (" + rows_text(unknown.rows) +
                          ") skipped; add it as a GPU alias in a catalog file");
    }
    result.warnings = std::move(warnings_);
  }

 private:
  struct Draft {
    Offering offering;
    std::string accelerator;
    double accelerator_count = 0;
    const Gpu* gpu = nullptr;  // nullptr: accelerator unknown, rows are skipped
    std::vector<std::string> regions;
    bool conflict_warned = false;
  };
  struct UnknownAccelerator {
    std::string name;
    std::size_t rows = 0;
  };

  const Gpu* resolve_gpu(const Row& row, std::string_view instance_type) const {
    const std::string instance_type_lower = lower(instance_type);
    for (const auto& hint : form_factor_hints) {
      if (instance_type_lower.find(hint.instance_type_marker) == std::string::npos) continue;
      if (ends_with_ignoring_case(row.accelerator, hint.alias_suffix)) continue;
      if (const Gpu* gpu = known_.find_gpu(row.accelerator + std::string(hint.alias_suffix))) return gpu;
    }
    const Gpu* gpu = known_.find_gpu(row.accelerator);
    if (gpu == nullptr || !row.gpu_memory_mib || !(gpu->memory_gb > 0)) return gpu;
    const double reported_gib = *row.gpu_memory_mib / mib_per_gib;
    if (std::abs(reported_gib - gpu->memory_gb) <= memory_variant_tolerance * gpu->memory_gb) return gpu;
    const std::string variant = row.accelerator + "-" + std::to_string(std::lround(reported_gib)) + "GB";
    if (const Gpu* sized = known_.find_gpu(variant)) return sized;
    return gpu;
  }

  Draft start_draft(const Row& row, const std::string& instance_type) const {
    Draft draft;
    draft.accelerator = row.accelerator;
    draft.accelerator_count = row.accelerator_count;
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
    offering.source = options_.source_name + " (SkyPilot vms.csv import)";
    offering.estimated_fields = {"interconnect", "isolation", "max_nodes"};
    return draft;
  }

  void count_unknown(const std::string& accelerator) {
    auto [entry, inserted] = unknown_by_lower_name_.try_emplace(lower(accelerator), unknown_accelerators_.size());
    if (inserted) unknown_accelerators_.push_back({accelerator, 0});
    ++unknown_accelerators_[entry->second].rows;
  }

  const Catalog& known_;
  const SkyPilotImportOptions& options_;
  std::vector<Draft> drafts_;
  std::unordered_map<std::string, std::size_t> draft_by_instance_type_;
  std::vector<UnknownAccelerator> unknown_accelerators_;
  std::unordered_map<std::string, std::size_t> unknown_by_lower_name_;
  std::vector<std::string> warnings_;
};

// ---- GCP accelerator + host combination (rule 4) ------------------------------------------------

std::string gcp_slot_key(std::string_view accelerator, double count, std::string_view zone) {
  return lower(accelerator) + '\x1f' + number_text(count) + '\x1f' + std::string(zone);
}

// Returns how many input rows ended up in no offering.
std::size_t combine_gcp_rows(const std::vector<Row>& accelerator_rows, const std::vector<Row>& host_rows,
                             Merger& merger, const std::string& provider_id) {
  std::unordered_map<std::string, std::vector<std::size_t>> hosts_by_slot;
  for (std::size_t index = 0; index < host_rows.size(); ++index) {
    const Row& host = host_rows[index];
    const auto slots = gcp_host_gpus(host.instance_type);
    if (!slots) continue;
    hosts_by_slot[gcp_slot_key(slots->accelerator, slots->gpu_count, host.zone)].push_back(index);
  }
  std::vector<bool> host_used(host_rows.size(), false);
  std::size_t skipped = 0;
  std::vector<std::string> n1_offering_ids;
  struct Unmatched {
    std::string accelerator;
    std::size_t rows = 0;
  };
  std::vector<Unmatched> unmatched;
  std::unordered_map<std::string, std::size_t> unmatched_by_name;

  for (const Row& accelerator_row : accelerator_rows) {
    const auto hosts = hosts_by_slot.find(
        gcp_slot_key(accelerator_row.accelerator, accelerator_row.accelerator_count, accelerator_row.zone));
    if (hosts != hosts_by_slot.end()) {
      bool used = false;
      for (const std::size_t host_index : hosts->second) {
        const Row& host = host_rows[host_index];
        Row combined = accelerator_row;
        combined.instance_type = host.instance_type;
        combined.vcpus = host.vcpus;
        combined.memory_gib = host.memory_gib;
        combined.region = host.region;
        combined.price = host_plus_accelerator(host.price, accelerator_row.price);
        combined.spot_price = host_plus_accelerator(host.spot_price, accelerator_row.spot_price);
        if (merger.add(combined, combined.instance_type)) {
          used = true;
          host_used[host_index] = true;
        }
      }
      if (!used) ++skipped;
      continue;
    }
    if (is_gcp_n1_accelerator(accelerator_row.accelerator)) {
      const std::string instance_type =
          accelerator_row.accelerator + "x" + number_text(accelerator_row.accelerator_count);
      if (merger.add(accelerator_row, instance_type)) {
        const std::string id = provider_id + "/" + instance_type;
        if (std::find(n1_offering_ids.begin(), n1_offering_ids.end(), id) == n1_offering_ids.end()) {
          n1_offering_ids.push_back(id);
        }
      } else {
        ++skipped;
      }
      continue;
    }
    ++skipped;
    const std::string name = accelerator_row.accelerator + " x" + number_text(accelerator_row.accelerator_count);
    auto [entry, inserted] = unmatched_by_name.try_emplace(lower(name), unmatched.size());
    if (inserted) unmatched.push_back({name, 0});
    ++unmatched[entry->second].rows;
  }

  if (!n1_offering_ids.empty()) {
    std::string ids;
    for (const auto& id : n1_offering_ids) ids += (ids.empty() ? "" : ", ") + id;
    merger.warn("accelerator-only prices for " + ids +
                ": the n1 host VM these GPUs attach to is not included; add its price in an overlay");
  }
  for (const auto& entry : unmatched) {
    merger.warn("GCP accelerator rows '" + entry.accelerator +
                "' with no a2/a3/a4/g2 host VM row in the "
                "same zone (" +
                rows_text(entry.rows) + ") skipped");
  }
  skipped += static_cast<std::size_t>(std::count(host_used.begin(), host_used.end(), false));
  return skipped;
}

}  // namespace

SkyPilotImport import_skypilot(std::string_view csv_text, const Catalog& known, const SkyPilotImportOptions& options) {
  csv::Reader reader(csv_text, options.source_name);
  std::vector<csv::Field> fields;
  if (!reader.next(fields)) {
    throw Error(options.source_name + ":1:1", "empty file: no header row",
                "import a SkyPilot vms.csv (its first line names the columns)");
  }
  check_fields(fields, options.source_name);
  const auto columns = read_header(fields, options.source_name);
  const std::size_t header_size = fields.size();
  const RowParser parser(options.source_name, columns);

  SkyPilotImport result;
  Merger merger(known, options);
  std::vector<Row> gcp_accelerator_rows;
  std::vector<Row> gcp_host_rows;
  while (reader.next(fields)) {
    if (fields.size() != header_size) {
      const csv::Field& last = fields.back();
      throw Error(options.source_name + ':' + std::to_string(last.line) + ':' + std::to_string(last.column),
                  "row has " + std::to_string(fields.size()) + " fields; the header has " + std::to_string(header_size),
                  "give every row one field per header column (quote fields that hold commas)");
    }
    check_fields(fields, options.source_name);
    ++result.rows_read;
    Row row = parser.parse(fields);
    if (row.accelerator_count == 0) {
      if (gcp_host_gpus(row.instance_type)) {
        gcp_host_rows.push_back(std::move(row));
      } else {
        ++result.rows_skipped;
      }
      continue;
    }
    if (row.region.empty()) parser.fail_empty_region(row);
    if (row.instance_type.empty()) {
      gcp_accelerator_rows.push_back(std::move(row));
      continue;
    }
    if (!merger.add(row, row.instance_type)) ++result.rows_skipped;
  }
  if (gcp_accelerator_rows.empty()) {
    result.rows_skipped += gcp_host_rows.size();  // no accelerator rows: host rows are plain VMs
  } else {
    result.rows_skipped += combine_gcp_rows(gcp_accelerator_rows, gcp_host_rows, merger, options.provider_id);
  }
  merger.finish(result);
  return result;
}

}  // namespace gpuselect::catalog
