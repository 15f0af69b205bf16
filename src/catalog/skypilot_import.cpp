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
// 5. Defaults for what vms.csv lacks: src/catalog/import_core.cpp (the neutral importer core).
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

#include <fmt/format.h>

#include "catalog/accelerators.hpp"
#include "catalog/csv.hpp"
#include "catalog/fields.hpp"
#include "catalog/import_core.hpp"
#include "gpuselect/messages.hpp"
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

// ---- tables of facts vms.csv lacks (GCP hosts; the rest are in src/catalog/import_core.cpp) ----

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

// Machine types GCP does not sell on demand, whatever price its billing API lists for them: A4 and
// A3 Ultra are had through reservations, Flex-start (DWS) and Spot, A3 High with 1, 2 or 4 GPUs
// through Spot and Flex-start (cloud.google.com/compute/docs/accelerator-optimized-machines,
// "Consumption option availability by machine type", as cited in dstack PR #3100, 2025-09-29;
// gpuhunt PR #176 drops the same on-demand rows). A prefix ends in '-'. Expert review 40, R2 and R3:
// gcp/a4-highgpu-8g and gcp/a3-highgpu-1g ranked first on demand.
constexpr std::array<std::string_view, 5> gcp_not_on_demand = {"a4-highgpu-", "a3-ultragpu-", "a3-highgpu-1g",
                                                               "a3-highgpu-2g", "a3-highgpu-4g"};
bool gcp_sold_on_demand(std::string_view host_type) {
  return std::none_of(gcp_not_on_demand.begin(), gcp_not_on_demand.end(), [&](std::string_view type) {
    return type.ends_with('-') ? host_type.starts_with(type) : host_type == type;
  });
}

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

// ---- small helpers ------------------------------------------------------------------------------

using text::excerpt;
using text::trim;

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
// A field's range problem (fields::check_offering_value) as the row's error, "<column>: <problem>".
Error problem_error(const std::string& where, const std::string& column, const fields::Problem& problem) {
  if (problem.said == nullptr) {
    return Error::said(where, text::composed(text::Msg::err_csv_column_problem, column, text::Words(problem.message)),
                       text::Words(problem.hint));
  }
  return Error::said(where, text::composed(text::Msg::err_csv_column_problem, column, problem.said->what),
                     problem.said->hint);
}

void check_fields(const std::vector<csv::Field>& fields, const std::string& source_name) {
  constexpr std::size_t max_field_bytes = LoadLimits{}.max_scalar_bytes;
  for (const auto& field : fields) {
    const auto fail = [&](const text::Words& what, const text::Words& hint) {
      throw Error::said(source_name + ':' + std::to_string(field.line) + ':' + std::to_string(field.column), what,
                        hint);
    };
    if (field.text.size() > max_field_bytes) {
      fail(text::words(text::Msg::err_csv_field_size, field.text.size(), max_field_bytes),
           text::words(text::Msg::hint_skypilot_file));
    }
    for (std::size_t at = 0; at < field.text.size();) {
      const std::size_t length = utf8_sequence_length(field.text, at);
      const auto byte = static_cast<unsigned char>(field.text[at]);
      if (length == 0) fail(text::words(text::Msg::err_csv_not_utf8), text::words(text::Msg::hint_save_utf8));
      if (length == 1 && ((byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') || byte == 0x7F)) {
        fail(text::words(text::Msg::err_csv_control, static_cast<int>(byte)), text::words(text::Msg::hint_csv_control));
      }
      at += length;
    }
  }
}

// Rule 4: host + accelerator. The accelerator needs a positive price; a host price of 0 (the source
// writes 0.0 for a4-highgpu-8g) is taken as included in the accelerator's.
// The sum is rounded to price_decimals so that 0.81406 + 1.61365 reads 2.42771, not 2.4277100000000003.
std::optional<double> host_plus_accelerator(std::optional<double> host, std::optional<double> accelerator) {
  if (!host || !accelerator || !(*accelerator > 0)) return std::nullopt;
  return std::round((*host + *accelerator) * price_scale) / price_scale;
}

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

// ---- rows ---------------------------------------------------------------------------------------

using Row = ImportRow;

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
        throw Error::said(where(field),
                          text::words(text::Msg::err_csv_line_break,
                                      std::string(column_specs[static_cast<std::size_t>(column)].name)),
                          text::words(text::Msg::hint_csv_line_break));
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
        throw problem_error(where(refs[static_cast<std::size_t>(Column::local_disk_size)]),
                            "LocalDiskSize x LocalDiskCount", *problem);
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
      throw Error::said(where(count),
                        text::words(text::Msg::err_csv_count_above, excerpt(number_text(row.accelerator_count))),
                        text::words(text::Msg::hint_csv_count_above));
    }
    if (row.accelerator_count >= 1 && row.accelerator_count != std::floor(row.accelerator_count)) {
      throw Error::said(where(count), text::words(text::Msg::err_csv_count_share, number_text(row.accelerator_count)),
                        text::words(text::Msg::hint_csv_count_share));
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
      throw Error::said(where(field), text::words(text::Msg::err_not_number, std::string(name) + " " + text::quoted(value)),
                        text::words(text::Msg::hint_csv_number));
    }
    if (parsed < 0) {
      throw Error::said(where(field),
                        text::words(text::Msg::err_weight_negative, std::string(name) + " " + text::quoted(value)),
                        text::words(text::Msg::hint_csv_negative));
    }
    // A positive value must be one the loader accepts (0 means "not given" and is skipped).
    const std::string_view loader_key = column_specs[static_cast<std::size_t>(column)].loader_key;
    if (ranged && !loader_key.empty() && parsed > 0) {
      if (auto problem = fields::check_offering_number(loader_key, parsed)) {
        throw problem_error(where(field), std::string(name), *problem);
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
        throw Error::said(
            source_name + ':' + std::to_string(fields[index].line) + ':' + std::to_string(fields[index].column),
            text::words(text::Msg::err_csv_column_twice, text::quoted(column_specs[spec].name), columns[spec] + 1,
                        index + 1),
            text::words(text::Msg::hint_csv_column_twice));
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
    throw Error::said(source_name + ':' + std::to_string(fields.front().line) + ":1",
                      text::words(text::Msg::err_csv_header_lacks, missing), text::words(text::Msg::hint_csv_header, found));
  }
  return columns;
}

// ---- merging ------------------------------------------------------------------------------------

// ---- GCP accelerator + host combination (rule 4) ------------------------------------------------

std::string gcp_slot_key(std::string_view accelerator, double count, std::string_view zone) {
  return lower(accelerator) + '\x1f' + number_text(count) + '\x1f' + std::string(zone);
}

// Returns how many input rows ended up in no offering.
std::size_t combine_gcp_rows(const std::vector<Row>& accelerator_rows, const std::vector<Row>& host_rows,
                             OfferingMerger& merger, const std::string& provider_id) {
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
        combined.price = gcp_sold_on_demand(host.instance_type)
                             ? host_plus_accelerator(host.price, accelerator_row.price)
                             : std::nullopt;
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
    merger.warn(text::words(text::Msg::warn_import_n1_host, ids));
  }
  for (const auto& entry : unmatched) {
    merger.warn(text::composed(text::Msg::warn_import_gcp_no_host, entry.accelerator, rows_words(entry.rows)));
  }
  skipped += static_cast<std::size_t>(std::count(host_used.begin(), host_used.end(), false));
  return skipped;
}

// One pass over the records of `reader`: each is parsed and merged before the next is read, so only
// the merged offerings (and the per-zone prices their medians need) are held, never the file.
ImportResult import_rows(csv::Reader& reader, const Catalog& known, const ImportOptions& options) {
  std::vector<csv::Field> fields;
  if (!reader.next(fields)) {
    throw Error::said(options.source_name + ":1:1", text::words(text::Msg::err_csv_empty),
                      text::words(text::Msg::hint_csv_empty));
  }
  check_fields(fields, options.source_name);
  const auto columns = read_header(fields, options.source_name);
  const std::size_t header_size = fields.size();
  const RowParser parser(options.source_name, columns, header_size);

  ImportResult result;
  OfferingMerger merger(known, options, "SkyPilot vms.csv");
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
        const Error wrong_count = Error::said(
            options.source_name + ':' + std::to_string(last.line) + ':' + std::to_string(last.column),
            text::words(text::Msg::err_csv_row_fields, fields.size(), header_size),
            text::words(text::Msg::hint_csv_row_fields));
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
    merger.warn(text::composed(text::Msg::warn_import_no_region, rows_words(rows_without_region),
                               rows_without_region == 1 ? "s" : ""));
  }
  if (gcp_accelerator_rows.empty()) {
    result.rows_skipped += gcp_host_rows.size();  // no accelerator rows: host rows are plain VMs
  } else {
    result.rows_skipped += combine_gcp_rows(gcp_accelerator_rows, gcp_host_rows, merger, options.provider_id);
  }
  if (result.rows_repaired > 0) {
    merger.warn(text::composed(text::Msg::warn_import_repaired, rows_words(result.rows_repaired)));
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
  close_import(result, merger, known, options);
  return result;
}

}  // namespace

ImportResult import_skypilot(std::string_view csv_text, const Catalog& known, const ImportOptions& options) {
  csv::Reader reader(csv_text, options.source_name);
  return import_rows(reader, known, options);
}

ImportResult import_skypilot(const SourceText::Reader& read, const Catalog& known,
                               const ImportOptions& options) {
  csv::Reader reader(read, options.source_name);
  return import_rows(reader, known, options);
}

}  // namespace gpuselect::catalog
