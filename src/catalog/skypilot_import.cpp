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
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "catalog/accelerators.hpp"
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
  local_disk_size,
  local_disk_count,
};

struct ColumnSpec {
  std::string_view name;
  bool required;
  // The offering key a positive value is written to, whose loader range it must meet
  // (fields::check_offering_number), so what the import writes, `catalog validate` accepts.
  std::string_view loader_key;
};

// Column names of SkyPilot's vms.csv (sky/catalog/data_fetchers/fetch_*.py write them).
constexpr std::array<ColumnSpec, 12> column_specs = {{
    {"InstanceType", true, {}},
    {"AcceleratorName", true, {}},
    {"AcceleratorCount", true, {}},  // gpu_count or gpu_fraction: checked in Row parse
    {"vCPUs", false, "vcpus"},
    {"MemoryGiB", false, "ram_gb"},
    {"GpuInfo", false, {}},
    {"Price", true, "pricing.on_demand"},
    {"SpotPrice", false, "pricing.spot"},
    {"Region", true, {}},
    {"AvailabilityZone", false, {}},
    // AWS: size of one local disk in GB and how many (fetch_aws.py, from the EC2 API's
    // InstanceStorageInfo); local_disk_gb = size x count, checked as a product.
    {"LocalDiskSize", false, {}},
    {"LocalDiskCount", false, {}},
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
constexpr std::array<GcpHostFamily, 8> gcp_host_families = {{
    {"a2-highgpu-", "A100"},
    // a3-edgegpu-8g: 8 H100 80 GB (the same page, "A3 Edge"), priced with SkyPilot's H100 rows.
    {"a3-edgegpu-", "H100"},
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

using text::trim;
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
// A file that breaks this is not a SkyPilot catalog, and its YAML could not be read back. Line breaks
// are allowed: RFC 4180 lets a quoted field hold them (a multi-line GpuInfo); RowParser refuses them
// in the identifier columns, the only text an offering takes from the file.
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
      if (length == 1 && ((byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') || byte == 0x7F)) {
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

// Rule 4: host + accelerator. The accelerator needs a positive price; a host price of 0 (the source
// writes 0.0 for a4-highgpu-8g) is taken as included in the accelerator's.
// The sum is rounded to price_decimals so that 0.81406 + 1.61365 reads 2.42771, not 2.4277100000000003.
std::optional<double> host_plus_accelerator(std::optional<double> host, std::optional<double> accelerator) {
  if (!host || !accelerator || !(*accelerator > 0)) return std::nullopt;
  return std::round((*host + *accelerator) * price_scale) / price_scale;
}

std::string rows_text(std::size_t rows) { return std::to_string(rows) + (rows == 1 ? " row" : " rows"); }

// Per-GPU memory from GpuInfo ("{'Gpus': [{... 'MemoryInfo': {'SizeInMiB': 40960}}], ...}"). A value
// below 1024 is the card's label in GB under the MiB key (RunPod's and Shadeform's lists write 80
// for an A100 80GB: skypilot-catalog catalogs/v8/runpod and shadeform vms.csv); no GPU has less than
// 1 GiB, so it is read as GB (GiB, as the labels are: 80 GB = 81920 MiB).
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
  constexpr double mib_per_gib_label = 1024;
  return mib < mib_per_gib_label ? mib * mib_per_gib_label : mib;
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
  bool gpu_info_pcie = false;        // GpuInfo names a PCIe card
  std::optional<double> price;       // >= 0 per hour as written; 0 = no price in this row
  std::optional<double> spot_price;  // >= 0 per hour as written; 0 = no spot price in this row
  std::optional<double> local_disk_gb;
  std::string region;
  std::string region_spelling;  // Region as written (trimmed): what launch files must name
  std::string zone;  // AvailabilityZone, or the region when the file has none
  std::uint32_t line = 0;

  bool same_values(const Row& other) const {
    return std::tie(instance_type, accelerator, accelerator_count, vcpus, memory_gib, gpu_memory_mib, price, spot_price,
                    local_disk_gb, region, zone) ==
           std::tie(other.instance_type, other.accelerator, other.accelerator_count, other.vcpus, other.memory_gib,
                    other.gpu_memory_mib, other.price, other.spot_price, other.local_disk_gb, other.region, other.zone);
  }
};

// One column's text and where it starts; empty text when the file lacks the column.
struct FieldRef {
  std::string_view text;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};
using Refs = std::array<FieldRef, column_specs.size()>;

// Columns that hold identifiers, which never contain a comma: an unquoted comma cannot be in them.
constexpr std::array<Column, 4> identifier_columns = {Column::instance_type, Column::accelerator_name, Column::region,
                                                      Column::availability_zone};

}  // namespace

std::string region_id(std::string_view text) {
  text = trim(text);
  if (text.find(',') == std::string_view::npos) return std::string(text);
  std::string out;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    std::string_view part = trim(text.substr(0, comma));
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    if (part.empty()) continue;
    if (!out.empty()) out += '-';
    for (const char c : part) out += c == ' ' ? '-' : c;
  }
  return out;
}

namespace {

class RowParser {
 public:
  RowParser(std::string source_name, std::array<std::size_t, column_specs.size()> columns, std::size_t header_size)
      : source_name_(std::move(source_name)), columns_(columns), header_size_(header_size) {}

  // The columns of a row with one field per header column.
  Refs refs(const std::vector<csv::Field>& fields) const {
    Refs refs{};
    for (std::size_t column = 0; column < columns_.size(); ++column) {
      const std::size_t index = columns_[column];
      if (index == no_column) continue;
      refs[column] = {fields[index].text, fields[index].line, fields[index].column};
    }
    return refs;
  }

  // The columns of a row with extra fields, read as if header field `merged` held the extra ones
  // joined by commas (an unquoted comma in that field); `scratch` holds the joined text.
  Refs refs_merged(const std::vector<csv::Field>& fields, std::size_t merged, std::string& scratch) const {
    const std::size_t extra = fields.size() - header_size_;
    scratch.clear();
    for (std::size_t index = merged; index <= merged + extra; ++index) {
      if (index > merged) scratch += ',';
      scratch += fields[index].text;
    }
    Refs refs{};
    for (std::size_t column = 0; column < columns_.size(); ++column) {
      const std::size_t index = columns_[column];
      if (index == no_column) continue;
      if (index == merged) {
        refs[column] = {scratch, fields[index].line, fields[index].column};
      } else {
        const std::size_t field = index < merged ? index : index + extra;
        refs[column] = {fields[field].text, fields[field].line, fields[field].column};
      }
    }
    return refs;
  }

  // Whether header field `index` is a column read as an identifier.
  bool identifier_field(std::size_t index) const {
    return std::any_of(identifier_columns.begin(), identifier_columns.end(),
                       [&](Column column) { return columns_[static_cast<std::size_t>(column)] == index; });
  }

  // Throws Error at the field for a value that cannot be right (not a number, negative, a count
  // above 64 or not whole, an empty region on a GPU row).
  Row parse(const Refs& refs, std::uint32_t line) const {
    for (const Column column : identifier_columns) {
      const FieldRef& field = refs[static_cast<std::size_t>(column)];
      if (field.text.find_first_of("\r\n") != std::string_view::npos) {
        throw Error(where(field),
                    std::string(column_specs[static_cast<std::size_t>(column)].name) + " holds a line break",
                    "write the name on one line (a quoted line break is kept only in other columns)");
      }
    }
    Row row;
    row.line = line;
    row.instance_type = std::string(text(refs, Column::instance_type));
    row.accelerator = std::string(text(refs, Column::accelerator_name));
    // TPU, Trainium, Gaudi ... rows become no offering: counted as non-GPU by the merger, never as
    // unreadable, whatever their other fields hold (a TPU pod's price or vCPUs exceed any GPU node's).
    if (accelerators::is_non_gpu(row.accelerator)) {
      row.accelerator_count = 1;
      row.region_spelling = std::string(trim(text(refs, Column::region)));
      row.region = region_id(row.region_spelling);
      row.zone = row.region;
      return row;
    }
    // A CPU row (no accelerator) is read only as a GCP host VM: the loader's ranges, which are for
    // GPU offerings, do not apply to it (syntax still does).
    const bool ranged = !row.accelerator.empty();
    row.accelerator_count = number(refs, Column::accelerator_count, ranged).value_or(0);
    row.vcpus = number(refs, Column::vcpus, ranged).value_or(0);
    row.memory_gib = number(refs, Column::memory_gib, ranged).value_or(0);
    row.gpu_memory_mib = gpu_memory_mib(text(refs, Column::gpu_info));
    row.gpu_info_pcie = accelerators::says_pcie(text(refs, Column::gpu_info));
    row.price = number(refs, Column::price, ranged);
    row.spot_price = number(refs, Column::spot_price, ranged);
    const auto disk_size = number(refs, Column::local_disk_size);
    const auto disk_count = number(refs, Column::local_disk_count);
    if (disk_size && *disk_size > 0) {
      row.local_disk_gb = *disk_size * (disk_count && *disk_count > 0 ? *disk_count : 1);
      if (auto problem = ranged ? fields::check_offering_number("local_disk_gb", *row.local_disk_gb) : std::nullopt) {
        throw Error(where(refs[static_cast<std::size_t>(Column::local_disk_size)]),
                    "LocalDiskSize x LocalDiskCount: " + problem->message, problem->hint);
      }
    }
    row.region_spelling = std::string(trim(text(refs, Column::region)));
    row.region = region_id(row.region_spelling);
    row.zone = region_id(text(refs, Column::availability_zone));
    if (row.zone.empty()) row.zone = row.region;
    if (row.accelerator.empty()) row.accelerator_count = 0;
    // The catalog's gpu_count range (src/catalog/fields.cpp): 64 GPUs in one instance is beyond any
    // 2026 node; larger counts are typos and would overflow int.
    constexpr double max_accelerator_count = 64;
    const FieldRef& count = refs[static_cast<std::size_t>(Column::accelerator_count)];
    if (row.accelerator_count > max_accelerator_count) {
      throw Error(
          where(count),
          "AcceleratorCount " + excerpt(number_text(row.accelerator_count)) + " is above 64 GPUs in one instance",
          "write the GPUs of one instance (8 for an 8-GPU node)");
    }
    if (row.accelerator_count >= 1 && row.accelerator_count != std::floor(row.accelerator_count)) {
      throw Error(
          where(count),
          "AcceleratorCount " + number_text(row.accelerator_count) + " is neither a whole number nor a share below 1",
          "write a whole GPU count, or a fraction below 1 for a shared GPU");
    }
    // An empty Region is not a bad row: SkyPilot reads it as "not available now" (the import skips it
    // with its own count).
    return row;
  }

 private:
  std::string where(const FieldRef& field) const {
    return source_name_ + ':' + std::to_string(field.line) + ':' + std::to_string(field.column);
  }

  static std::string_view text(const Refs& refs, Column column) {
    return trim(refs[static_cast<std::size_t>(column)].text);
  }

  // Empty -> nullopt; otherwise a finite number >= 0 (within the loader's range when `ranged`) or an
  // Error at the field.
  std::optional<double> number(const Refs& refs, Column column, bool ranged = true) const {
    const FieldRef& field = refs[static_cast<std::size_t>(column)];
    const std::string_view value = trim(field.text);
    if (value.empty()) return std::nullopt;
    double parsed = 0;
    const auto result = std::from_chars(value.data(), value.data() + value.size(), parsed);
    const std::string_view name = column_specs[static_cast<std::size_t>(column)].name;
    if (result.ec != std::errc{} || result.ptr != value.data() + value.size() || !std::isfinite(parsed)) {
      throw Error(where(field), std::string(name) + " " + text::quoted(value) + " is not a number",
                  "write a plain decimal number such as 1.25, or leave the field empty");
    }
    if (parsed < 0) {
      throw Error(where(field), std::string(name) + " " + text::quoted(value) + " is negative",
                  "write a number >= 0, or leave the field empty");
    }
    // A positive value must be one the loader accepts (0 means "not given" and is skipped).
    const std::string_view loader_key = column_specs[static_cast<std::size_t>(column)].loader_key;
    if (ranged && !loader_key.empty() && parsed > 0) {
      if (auto problem = fields::check_offering_number(loader_key, parsed)) {
        throw Error(where(field), std::string(name) + ": " + problem->message, problem->hint);
      }
    }
    return parsed;
  }

  std::string source_name_;
  std::array<std::size_t, column_specs.size()> columns_;
  std::size_t header_size_ = 0;
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

// ---- statistics ---------------------------------------------------------------------------------

// Median of the values (mean of the middle two for an even count); sorts them. nullopt when empty.
std::optional<double> median(std::vector<double>& values) {
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  const double value = values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  return std::round(value * price_scale) / price_scale;
}

// ---- merging ------------------------------------------------------------------------------------

class Merger {
 public:
  Merger(const Catalog& known, const SkyPilotImportOptions& options)
      : known_(known), options_(options), resolver_(known) {}

  // Adds a priced GPU row under `instance_type`. False when the row was skipped (unknown or non-GPU
  // accelerator, or disagreeing with earlier rows of the type).
  bool add(const Row& row, const std::string& instance_type, bool accelerator_only = false) {
    if (accelerators::is_non_gpu(row.accelerator)) {
      count_name(non_gpu_, non_gpu_by_name_, row.accelerator);
      ++rows_non_gpu_;
      return false;
    }
    if (drafts_.size() >= max_import_instance_types && draft_by_instance_type_.count(instance_type) == 0) {
      throw Error(options_.source_name + ':' + std::to_string(row.line) + ":1",
                  "more than " + std::to_string(max_import_instance_types) +
                      " instance types with an accelerator (max_import_instance_types; real price lists hold a "
                      "few hundred)",
                  "import fewer instance types (split the file by accelerator or region)");
    }
    // One instance type name may carry two memory variants of a GPU (Vast.ai's "1x-A100_SXM4-32-65536"
    // holds 40 GB and 80 GB hosts, told apart by GpuInfo's SizeInMiB): each variant is its own offering,
    // "<type>-<memory>gb", never merged into the first one's record.
    std::string key = instance_type;
    if (const auto first = draft_by_instance_type_.find(instance_type); first != draft_by_instance_type_.end()) {
      const Draft& existing = drafts_[first->second];
      if (existing.gpu != nullptr && row.gpu_memory_mib && existing.gpu_memory_mib &&
          *row.gpu_memory_mib != *existing.gpu_memory_mib) {
        const Gpu* variant = resolve_gpu(row, instance_type);
        if (variant != nullptr && variant != existing.gpu) key = variant_key(instance_type, *variant);
      }
    }
    auto [entry, inserted] = draft_by_instance_type_.try_emplace(key, drafts_.size());
    if (inserted) {
      drafts_.push_back(start_draft(row, instance_type, accelerator_only));
      drafts_.back().gpu_memory_mib = row.gpu_memory_mib;
      if (key != instance_type && drafts_.back().gpu != nullptr) drafts_.back().offering.id = options_.provider_id + "/" + key;
    }
    Draft& draft = drafts_[entry->second];
    if (draft.gpu == nullptr) {
      count_name(unknown_, unknown_by_name_, row.accelerator);
      ++rows_unknown_;
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
    RegionDraft& region = region_of(draft, row.region);
    if (region.spelling.empty()) region.spelling = row.region_spelling;
    if (row.price && *row.price > 0) region.on_demand.push_back(*row.price);
    if (row.spot_price && *row.spot_price > 0) {
      // SkyPilot writes Price into SpotPrice for types sold without a spot market (Vast, some AWS
      // rows): equal to on-demand is no spot price.
      if (row.price && *row.spot_price == *row.price) {
        ++spot_equal_rows_;
      } else {
        region.spot.push_back(*row.spot_price);
      }
    }
    Offering& offering = draft.offering;
    if (offering.vcpus == 0 && row.vcpus > 0) offering.vcpus = static_cast<int>(std::lround(row.vcpus));
    if (offering.ram_gb == 0 && row.memory_gib > 0) offering.ram_gb = row.memory_gib;
    if (offering.local_disk_gb == 0 && row.local_disk_gb) offering.local_disk_gb = *row.local_disk_gb;
    return true;
  }

  void warn(std::string warning) { warnings_.push_back(std::move(warning)); }

  // Whether the file lists instance type `instance_type` (kept, skipped as an outlier or not).
  bool lists(const std::string& instance_type) const { return draft_by_instance_type_.count(instance_type) > 0; }

  // The draft key (and offering id tail) of a second memory variant under one instance type name.
  static std::string variant_key(const std::string& instance_type, const Gpu& gpu) {
    return instance_type + "-" + fmt::format("{:g}", gpu.memory_gb) + "gb";
  }

  void finish(SkyPilotImport& result) {
    std::vector<Draft*> kept;
    for (auto& draft : drafts_) {
      if (draft.gpu == nullptr) continue;
      close_prices(draft);
      kept.push_back(&draft);
    }
    apply_price_basis(kept, result);
    for (Draft* draft : kept) {
      if (outlier(*draft)) continue;
      if (!draft->offering.pricing.on_demand && !draft->any_on_demand) {
        warnings_.push_back(draft->offering.id + ": no row has an on-demand price; pricing.on_demand is null");
      }
      result.overlays_existing.push_back(known_.find_offering(draft->offering.id) != nullptr);
      result.offerings.push_back(std::move(draft->offering));
    }
    if (spot_equal_rows_ > 0) {
      warnings_.push_back(rows_text(spot_equal_rows_) +
                          " give a SpotPrice equal to Price; taken as no spot price in that zone");
    }
    std::string names;
    for (const auto& unknown : unknown_) {
      // A published GPU (P100, RTX3060, GH200) is no one's alias: it needs its own record.
      // A record of that name on another board (cudo's PCIe A800, the catalog's A800 is SXM4) is not
      // a missing alias either: the PCIe card needs its own record.
      const Gpu* other_board = resolver_.resolve(unknown.name, false);
      if (other_board != nullptr) {
        warnings_.push_back("GPU " + text::quoted(unknown.name) + " is a PCIe card in this file and the catalog's " +
                            text::quoted(other_board->id) + " is SXM (" + rows_text(unknown.rows) +
                            ") skipped; add a gpus: record of the PCIe card (memory, TFLOPS; docs/catalog.md)");
        continue;
      }
      warnings_.push_back(accelerators::is_published_gpu_name(unknown.name)
                              ? "GPU " + text::quoted(unknown.name) + " has no record in the catalog (" +
                                    rows_text(unknown.rows) +
                                    ") skipped; add its gpus: record (memory, TFLOPS; docs/catalog.md) in a catalog file"
                              : "unknown accelerator " + text::quoted(unknown.name) + " (" + rows_text(unknown.rows) +
                                    ") skipped; add it as a GPU alias in a catalog file");
    }
    for (const auto& entry : non_gpu_) names += (names.empty() ? "" : ", ") + entry.name;
    if (!non_gpu_.empty()) {
      warnings_.push_back(rows_text(rows_non_gpu_) + " of non-GPU accelerators skipped (" + excerpt(names, 200) + ")");
    }
    result.region_lookup_steps = lookup_steps_;
    result.rows_unknown_accelerator = rows_unknown_;
    result.rows_non_gpu = rows_non_gpu_;
    result.warnings = std::move(warnings_);
  }

 private:
  struct RegionDraft {
    std::string region;
    std::vector<double> on_demand;  // one per zone row with a price
    std::vector<double> spot;
    std::string spelling;  // the Region column as written
  };
  struct Draft {
    Offering offering;
    std::string accelerator;
    double accelerator_count = 0;
    const Gpu* gpu = nullptr;  // nullptr: accelerator unknown, rows are skipped
    std::vector<RegionDraft> regions;
    std::unordered_map<std::string, std::size_t> region_index;  // region -> index in regions: O(1) per row
    std::size_t last_region = 0;
    bool conflict_warned = false;
    bool any_on_demand = false;
    std::optional<double> gpu_memory_mib;  // GpuInfo's SizeInMiB of the first row
  };
  struct NamedCount {
    std::string name;
    std::size_t rows = 0;
  };
  std::size_t lookup_steps_ = 0;

  // The row's region of the draft: one hash lookup (counted in lookup_steps_), so the import is
  // linear in rows however many regions an instance type has.
  RegionDraft& region_of(Draft& draft, const std::string& region) {
    ++lookup_steps_;
    if (draft.last_region < draft.regions.size() && draft.regions[draft.last_region].region == region) {
      return draft.regions[draft.last_region];
    }
    const auto [entry, inserted] = draft.region_index.try_emplace(region, draft.regions.size());
    if (inserted) draft.regions.push_back({region, {}, {}, {}});
    draft.last_region = entry->second;
    return draft.regions[entry->second];
  }

  // Per region: on-demand and spot are the medians over its zone rows (on-demand rows of one
  // region normally agree; spot differs by zone), spot_min the cheapest zone. The offering's
  // `pricing` is the pair of the region with the cheapest on-demand price (else the cheapest spot),
  // so that its on-demand and spot come from one region. region_prices is kept only when regions
  // differ.
  static void close_prices(Draft& draft) {
    Offering& offering = draft.offering;
    std::sort(draft.regions.begin(), draft.regions.end(),
              [](const RegionDraft& a, const RegionDraft& b) { return a.region < b.region; });
    offering.regions.clear();
    offering.region_prices.clear();
    const RegionPrice* cheapest = nullptr;
    offering.launch.regions.clear();
    for (auto& region : draft.regions) {
      offering.regions.push_back(region.region);
      if (region.spelling != region.region) offering.launch.regions.push_back(region.spelling);
      RegionPrice& entry = offering.region_prices.emplace_back();
      entry.region = region.region;
      entry.pricing.on_demand = median(region.on_demand);
      entry.pricing.spot = median(region.spot);
      if (!region.spot.empty()) entry.spot_min = region.spot.front();  // sorted by median()
      entry.given =
          (1u << static_cast<unsigned>(PricingMode::on_demand)) | (1u << static_cast<unsigned>(PricingMode::spot));
      draft.any_on_demand = draft.any_on_demand || entry.pricing.on_demand.has_value();
    }
    for (const auto& entry : offering.region_prices) {
      const auto key = [&](const RegionPrice& candidate) {
        return candidate.pricing.on_demand ? std::pair(0, *candidate.pricing.on_demand)
                                           : std::pair(1, candidate.pricing.spot.value_or(1e300));
      };
      if (cheapest == nullptr || key(entry) < key(*cheapest)) cheapest = &entry;
    }
    if (cheapest != nullptr) {
      offering.pricing.on_demand = cheapest->pricing.on_demand;
      offering.pricing.spot = cheapest->pricing.spot;
    }
    const bool uniform = std::all_of(offering.region_prices.begin(), offering.region_prices.end(), [&](const auto& e) {
      return e.pricing.on_demand == offering.pricing.on_demand && e.pricing.spot == offering.pricing.spot &&
             (!e.spot_min || e.spot_min == e.pricing.spot);
    });
    if (uniform) offering.region_prices.clear();
  }

  static void scale_prices(Offering& offering, double factor) {
    const auto scale = [&](std::optional<double>& price) {
      if (price) *price = std::round(*price * factor * price_scale) / price_scale;
    };
    scale(offering.pricing.on_demand);
    scale(offering.pricing.spot);
    for (auto& entry : offering.region_prices) {
      scale(entry.pricing.on_demand);
      scale(entry.pricing.spot);
      scale(entry.spot_min);
    }
  }

  // The catalog's on-demand prices per GPU-hour for one GPU, over every region of every offering.
  struct PriceRange {
    double min = 0;
    double max = 0;
    double median = 0;
    std::size_t offerings = 0;
  };
  const PriceRange* range_of(const Gpu& gpu) {
    if (!ranges_built_) {
      ranges_built_ = true;
      std::unordered_map<std::string, std::vector<double>> per_gpu;
      for (const auto& offering : known_.offerings) {
        const double gpus = offering.gpu_count * offering.gpu_fraction;
        const double to_usd = usd_rate(offering.provider);
        if (!(gpus > 0) || !(to_usd > 0)) continue;
        auto& prices = per_gpu[offering.gpu];
        for (const auto& region : offering.regions) {
          if (const auto price = offering.pricing_in(region).on_demand) prices.push_back(*price * to_usd / gpus);
        }
        if (offering.regions.empty() && offering.pricing.on_demand) {
          prices.push_back(*offering.pricing.on_demand * to_usd / gpus);
        }
      }
      for (auto& [id, prices] : per_gpu) {
        if (prices.empty()) continue;
        std::sort(prices.begin(), prices.end());
        ranges_[id] = {prices.front(), prices.back(), prices[prices.size() / 2], prices.size()};
      }
    }
    const auto found = ranges_.find(gpu.id);
    return found == ranges_.end() ? nullptr : &found->second;
  }

  // USD per unit of the provider's currency (catalog rates); 0 when the currency has no rate. A
  // provider the catalog lacks is taken as USD (its stub says so).
  double usd_rate(const std::string& provider_id) const {
    const Provider* provider = known_.find_provider(provider_id);
    if (provider == nullptr || provider->currency == "USD") return 1.0;
    const CurrencyRate* rate = known_.find_currency(provider->currency);
    return rate != nullptr && rate->per_usd > 0 ? 1.0 / rate->per_usd : 0.0;
  }

  // The on-demand price per GPU-hour in USD (0 when the currency has no rate).
  double per_gpu_hour(const Offering& offering) const {
    return offering.pricing.on_demand.value_or(0) * usd_rate(offering.provider) /
           (offering.gpu_count * offering.gpu_fraction);
  }

  // What a price in this file is for, decided from the file's own evidence (docs/catalog.md
  // "Importing SkyPilot catalogs", rule 7): for each GPU the file lists both as 1x and as Nx (N >= 2),
  // the Nx price against the 1x one: about N times it is a per-instance list, about the same a
  // per-GPU list (RunPod-style). The majority of such GPUs decides; with none, or a tie, the file is
  // read per instance, SkyPilot's vms.csv basis (a catalog elsewhere says nothing about this file:
  // mithril's 8.0 for 8x H100 is that node's price). --price-basis instance|gpu overrides.
  void apply_price_basis(std::vector<Draft*>& drafts, SkyPilotImport& result) {
    std::unordered_map<std::string, double> single;  // GPU id -> cheapest 1x on-demand price
    for (const Draft* draft : drafts) {
      const Offering& offering = draft->offering;
      if (offering.gpu_count != 1 || offering.gpu_fraction != 1.0 || !offering.pricing.on_demand) continue;
      auto [entry, inserted] = single.try_emplace(offering.gpu, *offering.pricing.on_demand);
      if (!inserted) entry->second = std::min(entry->second, *offering.pricing.on_demand);
    }
    std::unordered_map<std::string, int> votes;  // GPU id -> +1 per instance, -1 per GPU, per Nx type
    for (const Draft* draft : drafts) {
      const Offering& offering = draft->offering;
      const auto one = single.find(offering.gpu);
      if (offering.gpu_count < 2 || !offering.pricing.on_demand || one == single.end() || !(one->second > 0)) continue;
      const double ratio = *offering.pricing.on_demand / one->second;
      const double instance_distance = std::abs(std::log(ratio / offering.gpu_count));
      const double gpu_distance = std::abs(std::log(ratio));
      votes[offering.gpu] += instance_distance < gpu_distance ? 1 : -1;
    }
    std::size_t per_instance_gpus = 0;
    std::size_t per_gpu_gpus = 0;
    for (const auto& [gpu, vote] : votes) {
      if (vote > 0) ++per_instance_gpus;
      if (vote < 0) ++per_gpu_gpus;
    }
    bool per_gpu = false;
    std::string reason;
    if (options_.price_basis != PriceBasis::detect) {
      per_gpu = options_.price_basis == PriceBasis::gpu;
      reason = std::string("per ") + (per_gpu ? "GPU" : "instance") + " (--price-basis)";
    } else if (votes.empty()) {
      reason = "per instance (SkyPilot's vms.csv basis; no GPU is listed both 1x and Nx in this file to tell)";
    } else {
      per_gpu = per_gpu_gpus > per_instance_gpus;
      reason = fmt::format("per {} (of {} GPUs listed both 1x and Nx, {} price Nx at N times 1x, {} at the 1x price)",
                           per_gpu ? "GPU" : "instance", votes.size(), per_instance_gpus, per_gpu_gpus);
    }
    result.price_basis = per_gpu ? PriceBasis::gpu : PriceBasis::instance;
    result.price_basis_reason = reason;
    if (per_gpu && options_.price_basis == PriceBasis::detect) {
      warnings_.push_back("prices look per GPU, not per instance: " + reason.substr(reason.find('(')) +
                          "; multiplied by the GPU count (--price-basis instance keeps them as written)");
    }
    if (!per_gpu) return;
    for (Draft* draft : drafts) scale_prices(draft->offering, draft->offering.gpu_count);
  }

  // Assumption: a price more than 5x outside the catalog's per-GPU-hour range for its GPU is a unit
  // or basis mistake (real spreads between clouds are about 3x, shared/reference/skypilot-gpu-price-
  // summary.csv, and marketplaces such as Vast sit near the bottom: V100 at 0.18 against 0.79 on
  // the clouds); such offerings are skipped with a warning.
  static constexpr double outlier_factor = 5.0;
  bool outlier(const Draft& draft) {
    const Offering& offering = draft.offering;
    if (!offering.pricing.on_demand) return false;
    const PriceRange* range = range_of(*draft.gpu);
    if (range == nullptr) return false;
    const double price = per_gpu_hour(offering);
    if (!(price > 0)) return false;  // a currency without a rate: not compared
    if (price >= range->min / outlier_factor && price <= range->max * outlier_factor) return false;
    warnings_.push_back(
        offering.id + ": " + number_text(std::round(price * 1000) / 1000) + " per GPU-hour is more than " +
        number_text(outlier_factor) + "x outside the catalog's range for " + draft.gpu->id + " (" +
        number_text(std::round(range->min * 1000) / 1000) + " to " + number_text(std::round(range->max * 1000) / 1000) +
        ", " + std::to_string(range->offerings) + " prices); skipped, check the file's prices and their basis");
    return true;
  }

  // Rule 2 plus the alias table (src/catalog/accelerators.cpp).
  // The form factor (PCIe when the name, the instance type or GpuInfo says so: cudo's A100 80 GB are
  // PCIe cards) and then GpuInfo's memory pick the record; the memory check applies to a form-factor
  // match too ("A100" + PCIe is the 40 GB card unless GpuInfo reports 80 GB).
  const Gpu* resolve_gpu(const Row& row, std::string_view instance_type) const {
    const std::string instance_type_lower = lower(instance_type);
    // cudo writes "intel-ice-lake-a100-pci_1x2v4gb" (skypilot-catalog catalogs/v8/cudo/vms.csv).
    const bool pci_word = instance_type_lower.find("-pci_") != std::string::npos ||
                          instance_type_lower.find("-pci-") != std::string::npos || instance_type_lower.ends_with("-pci");
    const bool pcie = accelerators::says_pcie(row.accelerator) || accelerators::says_pcie(instance_type) ||
                      row.gpu_info_pcie || pci_word;
    std::string_view suffix;
    const Gpu* gpu = nullptr;
    for (const auto& hint : form_factor_hints) {
      const bool named = instance_type_lower.find(hint.instance_type_marker) != std::string::npos ||
                         ((row.gpu_info_pcie || pci_word) && hint.alias_suffix == "-PCIe");
      if (!named || ends_with_ignoring_case(row.accelerator, hint.alias_suffix)) continue;
      gpu = resolver_.resolve(row.accelerator + std::string(hint.alias_suffix), pcie);
      if (gpu != nullptr) {
        suffix = hint.alias_suffix;
        break;
      }
    }
    if (gpu == nullptr) gpu = resolver_.resolve(row.accelerator, pcie);
    if (gpu == nullptr || !row.gpu_memory_mib || !(gpu->memory_gb > 0)) return gpu;
    const double reported_gib = *row.gpu_memory_mib / mib_per_gib;
    if (std::abs(reported_gib - gpu->memory_gb) <= memory_variant_tolerance * gpu->memory_gb) return gpu;
    const std::string variant = row.accelerator + "-" + std::to_string(std::lround(reported_gib)) + "GB";
    if (const Gpu* sized = resolver_.resolve(variant + std::string(suffix), pcie)) return sized;
    if (const Gpu* sized = resolver_.resolve(variant, pcie)) return sized;
    return gpu;
  }

  Draft start_draft(const Row& row, const std::string& instance_type, bool accelerator_only) const {
    Draft draft;
    draft.accelerator = row.accelerator;
    draft.accelerator_count = row.accelerator_count;
    // Launch files name the offer as the source does (SkyPilot's AcceleratorName).
    draft.offering.launch.accelerator = row.accelerator;
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
    if (accelerator_only) {
      offering.source += "; accelerator-only price: the host VM is not included";
      offering.estimated_fields.emplace_back("pricing");
    }
    return draft;
  }

  static void count_name(std::vector<NamedCount>& list, std::unordered_map<std::string, std::size_t>& index,
                         const std::string& name) {
    auto [entry, inserted] = index.try_emplace(lower(name), list.size());
    if (inserted) list.push_back({name, 0});
    ++list[entry->second].rows;
  }

  const Catalog& known_;
  const SkyPilotImportOptions& options_;
  accelerators::Resolver resolver_;
  std::vector<Draft> drafts_;
  std::unordered_map<std::string, std::size_t> draft_by_instance_type_;
  std::vector<NamedCount> unknown_;
  std::unordered_map<std::string, std::size_t> unknown_by_name_;
  std::vector<NamedCount> non_gpu_;
  std::unordered_map<std::string, std::size_t> non_gpu_by_name_;
  std::size_t rows_unknown_ = 0;
  std::size_t rows_non_gpu_ = 0;
  std::size_t spot_equal_rows_ = 0;
  std::vector<std::string> warnings_;
  bool ranges_built_ = false;
  std::unordered_map<std::string, PriceRange> ranges_;
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
      if (merger.add(accelerator_row, instance_type, true)) {
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
    if (accelerators::is_non_gpu(accelerator_row.accelerator)) {
      merger.add(accelerator_row, accelerator_row.accelerator);  // counted in the non-GPU summary
      continue;
    }
    const std::string name = accelerator_row.accelerator + " x" + number_text(accelerator_row.accelerator_count);
    auto [entry, inserted] = unmatched_by_name.try_emplace(lower(name), unmatched.size());
    if (inserted) unmatched.push_back({name, 0});
    ++unmatched[entry->second].rows;
  }

  if (!n1_offering_ids.empty()) {
    std::string ids;
    for (const auto& id : n1_offering_ids) ids += (ids.empty() ? "" : ", ") + id;
    merger.warn("accelerator-only prices for " + ids +
                ": the n1 host VM these GPUs attach to is not included (flagged in source and "
                "estimated_fields); add its price in an overlay");
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

// Malformed rows skipped: counted, the first few located in one warning.
class BadRows {
 public:
  explicit BadRows(bool strict) : strict_(strict) {}
  void add(const Error& error) {
    if (strict_) throw error;
    ++count_;
    constexpr std::size_t shown = 5;
    if (examples_.size() < shown) examples_.push_back(error.where() + ": " + error.problem());
  }
  std::size_t count() const { return count_; }
  std::optional<std::string> warning() const {
    if (count_ == 0) return std::nullopt;
    std::string text = "skipped " + rows_text(count_) + " that could not be read (";
    for (std::size_t index = 0; index < examples_.size(); ++index) text += (index ? "; " : "") + examples_[index];
    if (count_ > examples_.size()) text += "; ...";
    return text + "); --strict makes this an error";
  }

 private:
  bool strict_;
  std::size_t count_ = 0;
  std::vector<std::string> examples_;
};

}  // namespace

namespace {
// The soft attributes a stub cannot know and ranks at a neutral value: the median of the known
// providers (docs/catalog.md "Importing SkyPilot catalogs", rule 10). Fees (egress, public IP,
// storage) stay 0 (none known) and billing hourly: they are money, not a judgement.
bool neutral_key(std::string_view key) {
  return key.starts_with("support.") || key.starts_with("sla_") || key.starts_with("environment.") ||
         key.starts_with("recovery.") || key.starts_with("monitoring.") || key == "resize";
}

// Each neutral_key field of `stub` set to the median over `known`'s rented providers (numbers and
// enumerations: the middle value; booleans: the majority; an optional number: the median of those
// set). The count of providers it was taken over; 0 leaves the defaults.
std::size_t set_neutral(Provider& stub, const Catalog& known) {
  std::vector<const Provider*> peers;
  for (const auto& provider : known.providers) {
    if (provider.kind != ProviderKind::owned) peers.push_back(&provider);
  }
  if (peers.empty()) return 0;
  std::vector<Provider> copies;  // the field table's slots take a mutable record; these are read only
  copies.reserve(peers.size());
  for (const Provider* peer : peers) copies.push_back(*peer);
  for (const auto& field : fields::provider_table().fields) {
    if (!neutral_key(field.key)) continue;
    std::vector<double> values;
    for (Provider& peer : copies) {
      void* slot = field.slot(peer);
      switch (field.kind) {
        case fields::ValueKind::number:
          values.push_back(*static_cast<double*>(slot));
          break;
        case fields::ValueKind::optional_number:
          if (const auto& value = *static_cast<std::optional<double>*>(slot)) values.push_back(*value);
          break;
        case fields::ValueKind::boolean:
          values.push_back(*static_cast<bool*>(slot) ? 1.0 : 0.0);
          break;
        case fields::ValueKind::enumeration:
          values.push_back(*static_cast<std::uint8_t*>(slot));
          break;
        default:
          break;
      }
    }
    if (values.empty()) continue;
    std::sort(values.begin(), values.end());
    const double middle = values[values.size() / 2];
    void* slot = field.slot(stub);
    switch (field.kind) {
      case fields::ValueKind::number:
        *static_cast<double*>(slot) = middle;
        break;
      case fields::ValueKind::optional_number:
        *static_cast<std::optional<double>*>(slot) = middle;
        break;
      case fields::ValueKind::boolean:
        *static_cast<bool*>(slot) = middle >= 0.5;
        break;
      case fields::ValueKind::enumeration:
        *static_cast<std::uint8_t*>(slot) = static_cast<std::uint8_t>(middle);
        break;
      default:
        break;
    }
  }
  return peers.size();
}
}  // namespace

Provider provider_stub(std::string_view provider_id, std::string_view as_of, const Catalog& known) {
  Provider provider = provider_stub(provider_id, as_of);
  const std::size_t peers = set_neutral(provider, known);
  if (peers == 0) return provider;
  provider.source =
      "stub written by gpuselect catalog import: the provider was not in the catalog; its support, SLA, "
      "environment, recovery and monitoring are NEUTRAL values, the median of the catalog's " +
      std::to_string(peers) +
      " providers (unknown is not bad; marked estimated), no hidden fees known, USD, hourly billing; overlay a "
      "reviewed providers record";
  return provider;
}

Provider provider_stub(std::string_view provider_id, std::string_view as_of) {
  Provider provider;
  provider.id = std::string(provider_id);
  provider.name = std::string(provider_id);
  provider.kind = ProviderKind::gpu_cloud;
  provider.currency = "USD";
  provider.as_of = std::string(as_of);
  provider.source =
      "stub written by gpuselect catalog import: the provider was not in the catalog; every attribute is a "
      "default (USD, basic business-hours support, no SLA, 10 min provisioning, hourly billing, no hidden fees "
      "known); overlay a reviewed providers record";
  provider.estimated_fields = {"kind",
                               "currency",
                               "support",
                               "sla_uptime_pct",
                               "environment",
                               "recovery",
                               "monitoring",
                               "egress_per_gb",
                               "public_ip_per_hour",
                               "storage_per_gb_month",
                               "billing_granularity_seconds",
                               "resize"};
  return provider;
}

namespace {
// One pass over the records of `reader`: each is parsed and merged before the next is read, so only
// the merged offerings (and the per-zone prices their medians need) are held, never the file.
SkyPilotImport import_rows(csv::Reader& reader, const Catalog& known, const SkyPilotImportOptions& options) {
  std::vector<csv::Field> fields;
  if (!reader.next(fields)) {
    throw Error(options.source_name + ":1:1", "empty file: no header row",
                "import a SkyPilot vms.csv (its first line names the columns)");
  }
  check_fields(fields, options.source_name);
  const auto columns = read_header(fields, options.source_name);
  const std::size_t header_size = fields.size();
  const RowParser parser(options.source_name, columns, header_size);

  SkyPilotImport result;
  Merger merger(known, options);
  BadRows bad_rows(options.strict);
  std::size_t rows_without_region = 0;  // GPU rows whose Region is empty: not offered now
  std::vector<Row> gcp_accelerator_rows;
  std::vector<Row> gcp_host_rows;
  std::string scratch;
  while (reader.next(fields)) {
    ++result.rows_read;
    Row row;
    try {
      check_fields(fields, options.source_name);
      const std::uint32_t line = fields.front().line;
      if (fields.size() == header_size) {
        row = parser.parse(parser.refs(fields), line);
      } else {
        const csv::Field& last = fields.back();
        const Error wrong_count(
            options.source_name + ':' + std::to_string(last.line) + ':' + std::to_string(last.column),
            "row has " + std::to_string(fields.size()) + " fields; the header has " + std::to_string(header_size),
            "give every row one field per header column (quote fields that hold commas)");
        if (fields.size() < header_size) throw wrong_count;
        // The common defect: an unquoted comma in one text field ("V1,V2"). Rejoined when exactly
        // one reading parses, or every reading that parses gives the same values.
        std::optional<Row> repaired;
        bool ambiguous = false;
        for (std::size_t merged = 0; merged < header_size && !ambiguous; ++merged) {
          if (parser.identifier_field(merged)) continue;
          try {
            Row candidate = parser.parse(parser.refs_merged(fields, merged, scratch), line);
            if (!repaired) {
              repaired = std::move(candidate);
            } else if (!repaired->same_values(candidate)) {
              ambiguous = true;
            }
          } catch (const Error&) {}
        }
        if (!repaired || ambiguous) throw wrong_count;
        row = std::move(*repaired);
        ++result.rows_repaired;
      }
    } catch (const Error& error) {
      bad_rows.add(error);
      continue;
    }
    if (row.accelerator_count == 0) {
      if (gcp_host_gpus(row.instance_type)) {
        gcp_host_rows.push_back(std::move(row));
      } else {
        ++result.rows_skipped;
      }
      continue;
    }
    // A GPU row without a Region is a type not offered now: SkyPilot drops such rows (Seeweb's 8x H200
    // and RTX PRO 6000 plans; skypilot-org/skypilot sky/catalog/seeweb_catalog.py list_accelerators:
    // "empty or null regions (indicating unavailability)"). Skipped and counted, never unreadable, so
    // --strict imports the real file.
    if (row.region.empty()) {
      ++rows_without_region;
      ++result.rows_skipped;
      continue;
    }
    if (row.instance_type.empty()) {
      gcp_accelerator_rows.push_back(std::move(row));
      continue;
    }
    if (!merger.add(row, row.instance_type)) ++result.rows_skipped;
  }
  if (rows_without_region > 0) {
    merger.warn(rows_text(rows_without_region) + (rows_without_region == 1 ? " gives" : " give") +
                " no Region, which SkyPilot reads as not available now; skipped (no place to launch them)");
  }
  if (gcp_accelerator_rows.empty()) {
    result.rows_skipped += gcp_host_rows.size();  // no accelerator rows: host rows are plain VMs
  } else {
    result.rows_skipped += combine_gcp_rows(gcp_accelerator_rows, gcp_host_rows, merger, options.provider_id);
  }
  if (result.rows_repaired > 0) {
    merger.warn(rows_text(result.rows_repaired) +
                " had an unquoted comma in one field (more fields than the header); read with that field rejoined");
  }
  if (const auto warning = bad_rows.warning()) merger.warn(*warning);
  result.rows_bad = bad_rows.count();
  result.rows_skipped += bad_rows.count();
  merger.finish(result);

  // What the file knows about an offering the catalog already has: its regions and prices, and the
  // machine's size when the columns are there; the rest keeps its curated values.
  result.overlay_keys = {"regions", "pricing.on_demand", "pricing.spot", "region_pricing", "launch.accelerator",
                         "launch.regions"};
  const auto has = [&](Column column) { return columns[static_cast<std::size_t>(column)] != no_column; };
  if (has(Column::vcpus)) result.overlay_keys.emplace_back("vcpus");
  if (has(Column::memory_gib)) result.overlay_keys.emplace_back("ram_gb");
  if (has(Column::local_disk_size)) result.overlay_keys.emplace_back("local_disk_gb");
  result.overlay_keys.emplace_back("as_of");
  result.overlay_keys.emplace_back("source");
  if (known.find_provider(options.provider_id) == nullptr) {
    result.provider_stub = provider_stub(options.provider_id, options.as_of, known);
  }
  // The provider's newest list: its offerings the file does not list are marked (an offering whose
  // id is not "<provider>/<instance type>" is not one a SkyPilot file could list, and stays as it is).
  if (!result.offerings.empty()) {
    for (const auto& offering : known.offerings) {
      if (offering.provider != options.provider_id || !offering.unlisted.empty() ||
          offering.id != options.provider_id + "/" + offering.instance_type || merger.lists(offering.instance_type)) {
        continue;
      }
      Offering& mark = result.unlisted.emplace_back();
      mark.id = offering.id;
      mark.provider = offering.provider;
      mark.unlisted = "not in " + options.source_name + ", " + options.provider_id + "'s price list of " + options.as_of;
    }
  }
  return result;
}

}  // namespace

SkyPilotImport import_skypilot(std::string_view csv_text, const Catalog& known, const SkyPilotImportOptions& options) {
  csv::Reader reader(csv_text, options.source_name);
  return import_rows(reader, known, options);
}

SkyPilotImport import_skypilot(const SourceText::Reader& read, const Catalog& known,
                               const SkyPilotImportOptions& options) {
  csv::Reader reader(read, options.source_name);
  return import_rows(reader, known, options);
}

}  // namespace gpuselect::catalog
