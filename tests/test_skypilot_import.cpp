// SkyPilot vms.csv importer and the CSV reader under it.
#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "catalog/csv.hpp"
#include "gpuselect/catalog_format.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/skypilot_import.hpp"

namespace {

using gpuselect::Error;
using namespace gpuselect::catalog;

std::string read_fixture(const std::string& name) {
  std::ifstream in(std::string(GPUSELECT_FIXTURES) + "/skypilot/" + name, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Gpu make_gpu(std::string id, double memory_gb, std::string interconnect, std::vector<std::string> aliases) {
  Gpu gpu;
  gpu.id = std::move(id);
  gpu.name = gpu.id;
  gpu.memory_gb = memory_gb;
  gpu.interconnect = std::move(interconnect);
  gpu.aliases = std::move(aliases);
  return gpu;
}

// GPU ids and aliases as the data files define them (aliases are SkyPilot accelerator names).
const Catalog& known_gpus() {
  static const Catalog catalog = [] {
    Catalog c;
    c.gpus = {
        make_gpu("a100-sxm4-40gb", 40, "nvlink-3", {"A100"}),
        make_gpu("a100-sxm4-80gb", 80, "nvlink-3", {"A100-80GB"}),
        make_gpu("h100-sxm5-80gb", 80, "nvlink-4", {"H100", "H100-SXM"}),
        make_gpu("h100-pcie-80gb", 80, "pcie-5", {"H100-PCIe"}),
        make_gpu("h200-sxm-141gb", 141, "nvlink-4", {"H200"}),
        make_gpu("v100-sxm2-16gb", 16, "nvlink-2", {"V100"}),
        make_gpu("a10g", 24, "pcie-4", {"A10G"}),
        make_gpu("a10", 24, "pcie-4", {"A10"}),
        make_gpu("l4", 24, "pcie-4", {"L4"}),
        make_gpu("t4", 16, "pcie-3", {"T4"}),
        make_gpu("mi300x", 192, "infinity-fabric", {"MI300X"}),
    };
    return c;
  }();
  return catalog;
}

ImportResult import_fixture(const std::string& name, const std::string& provider) {
  return import_skypilot(read_fixture(name), known_gpus(), {provider, name, "2026-05-20"});
}

ImportResult import_text(std::string_view text, const std::string& provider = "aws", bool strict = false) {
  ImportOptions options{provider, "test.csv", "2026-05-20"};
  options.strict = strict;
  return import_skypilot(text, known_gpus(), options);
}

std::string price_text(const std::optional<double>& price) { return price ? fmt::format("{}", *price) : "null"; }

// Every field the importer sets, in one line, to compare imports as a whole.
std::string summary(const Offering& o) {
  std::string regions;
  for (const auto& region : o.regions) regions += region + ' ';
  return fmt::format(
      "{} provider={} gpu={} type={} count={} fraction={} link={} isolation={} rdma={} net={} "
      "regions=[{}] od={} spot={} r1={} r3={} vcpus={} ram={} stock={} nodes={} as_of={} source={}",
      o.id, o.provider, o.gpu, o.instance_type.str(), o.gpu_count, o.gpu_fraction, to_string(o.interconnect),
      to_string(o.isolation), to_string(o.network.rdma), o.network.bandwidth_gbps, regions,
      price_text(o.pricing.on_demand), price_text(o.pricing.spot), price_text(o.pricing.reserved_1y),
      price_text(o.pricing.reserved_3y), o.vcpus, o.ram_gb, to_string(o.stock), o.max_nodes, o.as_of, o.source.str());
}

std::vector<std::string> summaries(const ImportResult& imported) {
  std::vector<std::string> lines;
  for (const auto& offering : imported.offerings) lines.push_back(summary(offering));
  return lines;
}

const Offering& find(const ImportResult& imported, std::string_view id) {
  for (const auto& offering : imported.offerings) {
    if (offering.id == id) return offering;
  }
  FAIL("no offering " << id);
  throw std::logic_error("unreachable");
}

bool has_offering(const ImportResult& imported, std::string_view id) {
  for (const auto& offering : imported.offerings) {
    if (offering.id == id) return true;
  }
  return false;
}

std::vector<std::string> ids(const ImportResult& imported) {
  std::vector<std::string> result;
  for (const auto& offering : imported.offerings) result.push_back(offering.id);
  return result;
}

// Where --strict stops on `text` (without it, a bad row is skipped and counted).
std::string error_where(std::string_view text) {
  try {
    import_text(text, "aws", true);
  } catch (const Error& error) {
    return error.where();
  }
  return "no error";
}

}  // namespace

// ---- CSV reader -----------------------------------------------------------------------------------

TEST_CASE("csv reader: quoted fields keep commas, doubled quotes and line breaks", "[import]") {
  const std::string text = "a,\"b, c\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",x,\r\nlast,,\"\"";
  csv::Reader reader(text, "t.csv");
  std::vector<csv::Field> fields;

  REQUIRE(reader.next(fields));
  REQUIRE(fields.size() == 3);
  CHECK(fields[0].text == "a");
  CHECK(fields[1].text == "b, c");
  CHECK(fields[2].text == "say \"hi\"");
  CHECK(fields[2].column == 10);

  REQUIRE(reader.next(fields));
  REQUIRE(fields.size() == 3);
  CHECK(fields[0].text == "two\nlines");
  CHECK(fields[0].line == 2);
  CHECK(fields[1].text == "x");
  CHECK(fields[1].line == 3);  // after the line break inside the quoted field
  CHECK(fields[2].text.empty());

  REQUIRE(reader.next(fields));
  REQUIRE(fields.size() == 3);
  CHECK(fields[0].line == 4);
  CHECK(fields[1].text.empty());
  CHECK(fields[2].text.empty());
  CHECK_FALSE(reader.next(fields));
}

TEST_CASE("csv reader: BOM skipped, CRLF and lone CR end records, empty lines skipped", "[import]") {
  const std::string text = "\xEF\xBB\xBFh1,h2\r\n\r\nv1,v2\rw1,w2\n";
  csv::Reader reader(text, "t.csv");
  std::vector<csv::Field> fields;
  REQUIRE(reader.next(fields));
  CHECK(fields[0].text == "h1");
  CHECK(fields[0].column == 1);
  CHECK(fields[1].text == "h2");
  REQUIRE(reader.next(fields));
  CHECK(fields[0].line == 3);
  CHECK(fields[1].text == "v2");
  REQUIRE(reader.next(fields));
  CHECK(fields[0].text == "w1");
  CHECK(fields[0].line == 4);
  CHECK(fields[1].text == "w2");
  CHECK_FALSE(reader.next(fields));
}

TEST_CASE("csv reader: columns count characters, not UTF-8 bytes", "[import]") {
  const std::string text = "\xC3\xA9t\xC3\xA9,x\n";  // "été,x"
  csv::Reader reader(text, "t.csv");
  std::vector<csv::Field> fields;
  REQUIRE(reader.next(fields));
  CHECK(fields[1].column == 5);
}

TEST_CASE("csv reader: unterminated quote is an error at the opening quote", "[import]") {
  const std::string text = "a,b\nc,\"never closed,\nmore\n";
  csv::Reader reader(text, "t.csv");
  std::vector<csv::Field> fields;
  REQUIRE(reader.next(fields));
  try {
    reader.next(fields);
    FAIL("expected an error");
  } catch (const Error& error) {
    CHECK(error.where() == "t.csv:2:3");
    CHECK_THAT(error.problem(), Catch::Contains("unterminated quoted field"));
    CHECK_THAT(error.hint(), Catch::Contains("\"\""));
  }
}

TEST_CASE("csv reader: text after a closing quote is an error at that character", "[import]") {
  const std::string text = "\"ab\"c,d\n";
  csv::Reader reader(text, "t.csv");
  std::vector<csv::Field> fields;
  try {
    reader.next(fields);
    FAIL("expected an error");
  } catch (const Error& error) {
    CHECK(error.where() == "t.csv:1:5");
    CHECK_THAT(error.problem(), Catch::Contains("'c' after the closing quote"));
  }
}

// A source that hands out `step` bytes at a time, counting how many bytes it has handed out.
struct Drip {
  std::string_view text;
  std::size_t step = 1;
  std::size_t given = 0;
  csv::Source source() {
    return [this](char* buffer, std::size_t size) {
      const std::size_t n = std::min({size, step, text.size() - given});
      std::copy_n(text.data() + given, n, buffer);
      given += n;
      return n;
    };
  }
};

// Every record of `reader` as "line:column:text|..." lines, or the error's where and problem.
std::string records_of(csv::Reader& reader) {
  std::string out;
  std::vector<csv::Field> fields;
  try {
    while (reader.next(fields)) {
      for (const auto& field : fields) out += fmt::format("{}:{}:{}|", field.line, field.column, field.text);
      out += '\n';
    }
  } catch (const Error& error) {
    out += "error " + error.where() + " " + error.problem();
  }
  return out;
}

TEST_CASE("csv reader: a source read in chunks gives the records text in memory gives", "[import]") {
  const std::vector<std::string> texts = {
      "a,\"b, c\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",x,\r\nlast,,\"\"",
      "\xEF\xBB\xBFh1,h2\r\n\r\nv1,v2\rw1,w2\n",
      "\xEF\xBB",
      "\xC3\xA9t\xC3\xA9,x\n",
      "a,b\nc,\"never closed,\nmore\n",
      "\"ab\"c,d\n",
      "x,\r",
      "a,",
      "\"\"\"\"",
      "",
  };
  for (const auto& text : texts) {
    for (const std::size_t step : {1, 2, 3, 7, 65536}) {
      INFO("text '" << text << "' in pieces of " << step);
      csv::Reader whole(text, "t.csv");
      Drip drip{text, step};
      csv::Reader streamed(drip.source(), "t.csv");
      CHECK(records_of(streamed) == records_of(whole));
    }
  }
}

TEST_CASE("csv reader: a source is never held whole, a record above max_record_bytes is an error", "[import]") {
  // 10,000 records of 100 bytes: the reader pulls them as it goes, one chunk ahead at most.
  const std::string record = std::string(97, 'x') + ",y\n";
  std::string text;
  for (int i = 0; i < 10000; ++i) text += record;
  Drip drip{text, 1u << 20};
  csv::Reader reader(drip.source(), "t.csv");
  std::vector<csv::Field> fields;
  REQUIRE(reader.next(fields));
  CHECK(drip.given <= csv::chunk_bytes);  // one chunk pulled for the first record, not the whole text
  std::size_t records = 1;
  while (reader.next(fields)) ++records;
  CHECK(records == 10000);

  // An unclosed quote on line 2 of an endless input: an error at the quote once the record passes
  // the limit, after reading about max_record_bytes, not the whole input.
  std::size_t pulled = 0;
  csv::Reader endless(
      [&pulled, first = true](char* buffer, std::size_t size) mutable {
        const std::string_view start = "h1,h2\nv,\"open";
        std::size_t n = size;
        if (first) {
          first = false;
          n = std::min(size, start.size());
          std::copy_n(start.data(), n, buffer);
        } else {
          std::fill_n(buffer, n, 'z');
        }
        pulled += n;
        return n;
      },
      "endless.csv");
  REQUIRE(endless.next(fields));
  try {
    endless.next(fields);
    FAIL("expected an error");
  } catch (const Error& error) {
    CHECK(error.where() == "endless.csv:2:3");
    CHECK_THAT(error.problem(), Catch::Contains("never closed"));
    CHECK_THAT(error.problem(), Catch::Contains(std::to_string(csv::max_record_bytes)));
  }
  CHECK(pulled <= csv::max_record_bytes + 2 * csv::chunk_bytes);
}

TEST_CASE("import: a quoted line break is RFC 4180 data, in a name it is a bad row at file:line:col", "[import]") {
  const std::string header = "InstanceType,AcceleratorName,AcceleratorCount,Price,Region,GpuInfo\n";
  // A GpuInfo written over two lines, quoted: the row imports, and the next row's line is counted right.
  const std::string text = header + "p4d.24xlarge,A100,8,32.77,us-east-1,\"{'Gpus': [{'Name': 'A100',\n'Count': 8}]}\"\n" +
                           "p3.2xlarge,V100,1,3.06,us-east-1,\n";
  for (const std::size_t step : {1, 5, 65536}) {
    Drip drip{text, step};
    const auto imported = import_skypilot(drip.source(), known_gpus(), {"aws", "test.csv", "2026-05-20"});
    REQUIRE(imported.offerings.size() == 2);
    CHECK(imported.offerings[0].id == "aws/p4d.24xlarge");
    CHECK(imported.offerings[1].id == "aws/p3.2xlarge");
    CHECK(imported.rows_bad == 0);
    CHECK(imported.warnings.empty());
  }
  // The same line break in InstanceType: a bad row located at the field, an error with --strict.
  const std::string in_name = header + "\"p4d.\n24xlarge\",A100,8,32.77,us-east-1,\np3.2xlarge,V100,1,3.06,us-east-1,\n";
  const auto skipped = import_text(in_name);
  CHECK(skipped.rows_bad == 1);
  REQUIRE(skipped.offerings.size() == 1);
  CHECK(skipped.offerings[0].id == "aws/p3.2xlarge");
  try {
    import_text(in_name, "aws", true);
    FAIL("expected an error");
  } catch (const Error& error) {
    CHECK(error.where() == "test.csv:2:1");
    CHECK_THAT(error.problem(), Catch::Contains("InstanceType holds a line break"));
  }
  // An unterminated quote: an error at the opening quote, file:line:col.
  try {
    import_text(header + "p4d.24xlarge,A100,8,32.77,us-east-1,\"{'Gpus': [\n");
    FAIL("expected an error");
  } catch (const Error& error) {
    CHECK(error.where() == "test.csv:2:37");
    CHECK_THAT(error.problem(), Catch::Contains("unterminated quoted field"));
  }
}

// ---- importer: AWS-style file -----------------------------------------------------------------------

TEST_CASE("import: AWS rows merge per instance type with minimum prices and sorted regions", "[import]") {
  const auto imported = import_fixture("aws.csv", "aws");
  CHECK(ids(imported) == std::vector<std::string>{"aws/p4d.24xlarge", "aws/g5.xlarge", "aws/g6f.2xlarge",
                                                  "aws/g4dn.metal", "aws/p3.16xlarge", "aws/p5e.48xlarge"});
  CHECK(imported.rows_read == 14);
  CHECK(imported.rows_skipped == 3);  // c5.large (no GPU) and two inf2.xlarge rows (unknown accelerator)

  const Offering& p4d = find(imported, "aws/p4d.24xlarge");
  CHECK(p4d.provider == "aws");
  CHECK(p4d.gpu == "a100-sxm4-40gb");
  CHECK(p4d.instance_type == "p4d.24xlarge");
  CHECK(p4d.gpu_count == 8);
  CHECK(p4d.gpu_fraction == 1.0);
  CHECK(p4d.regions == std::vector<std::string>{"ap-northeast-1", "eu-west-1", "us-east-1"});
  CHECK(p4d.pricing.on_demand == 32.7726);  // us-east-1, the cheapest region
  CHECK(p4d.pricing.spot == 11.75);         // us-east-1 too: median of its zones 12.0 and 11.5
  // Each region as its rows price it; empty and 0.0 spot rows are no spot price.
  REQUIRE(p4d.region_prices.size() == 3);
  const RegionPrice* tokyo = p4d.region_price("ap-northeast-1");
  REQUIRE(tokyo != nullptr);
  CHECK(tokyo->pricing.on_demand == 33.0);
  CHECK(tokyo->pricing.spot == 9.9);
  const RegionPrice* ireland = p4d.region_price("eu-west-1");
  REQUIRE(ireland != nullptr);
  CHECK(ireland->pricing.on_demand == 35.39);
  CHECK_FALSE(ireland->pricing.spot);
  CHECK(p4d.region_price("us-east-1")->spot_min == 11.5);
  CHECK(p4d.local_disk_gb == 8000);  // LocalDiskSize 1000 x LocalDiskCount 8
  CHECK_FALSE(p4d.pricing.reserved_1y);
  CHECK_FALSE(p4d.pricing.reserved_3y);
  CHECK(p4d.interconnect == Interconnect::nvswitch);
  CHECK(p4d.isolation == Isolation::passthrough);
  CHECK(p4d.network.rdma == Rdma::efa);
  CHECK(p4d.network.bandwidth_gbps == 400);
  CHECK(p4d.max_nodes == 16);
  CHECK(p4d.vcpus == 96);
  CHECK(p4d.ram_gb == 1152);
  CHECK(p4d.stock == Stock::unknown);
  CHECK(p4d.as_of == "2026-05-20");
  CHECK(p4d.source == "aws.csv (SkyPilot vms.csv import)");

  const Offering& g5 = find(imported, "aws/g5.xlarge");
  CHECK(g5.gpu == "a10g");
  CHECK(g5.interconnect == Interconnect::pcie);
  CHECK(g5.network.rdma == Rdma::none);
  CHECK(g5.max_nodes == 1);
  CHECK(g5.pricing.spot == 0.25625);  // median of the zones' 0.2114 and 0.3011
  CHECK(g5.region_price("us-east-1")->spot_min == 0.2114);
  CHECK(g5.regions == std::vector<std::string>{"us-east-1"});

  CHECK(find(imported, "aws/g4dn.metal").isolation == Isolation::bare_metal);
  CHECK(find(imported, "aws/p3.16xlarge").interconnect == Interconnect::nvlink);

  const Offering& p5e = find(imported, "aws/p5e.48xlarge");
  CHECK_FALSE(p5e.pricing.on_demand);  // the source row has no on-demand price
  CHECK(p5e.pricing.spot == 12.5);
  CHECK(p5e.gpu == "h200-sxm-141gb");
}

TEST_CASE("import: the same data in another column order gives the same offerings", "[import]") {
  auto original = import_fixture("aws.csv", "aws");
  auto reordered = import_skypilot(read_fixture("aws_reordered.csv"), known_gpus(), {"aws", "aws.csv", "2026-05-20"});
  CHECK(summaries(original) == summaries(reordered));
  CHECK(original.warnings == reordered.warnings);
  CHECK(original.rows_read == reordered.rows_read);
  CHECK(original.rows_skipped == reordered.rows_skipped);
}

TEST_CASE("import: GpuInfo with commas and quotes is one field, its SizeInMiB picks memory variants", "[import]") {
  // 81920 MiB under the name "A100" (40 GB) is the 80 GB part.
  const auto imported = import_text(
      "InstanceType,AcceleratorName,AcceleratorCount,GpuInfo,Price,Region\n"
      "x.big,A100,1,\"{'Gpus': [{'Name': 'A100', 'Count': 1, 'MemoryInfo': {'SizeInMiB': 81920}}]}\",2.5,r1\n"
      "x.small,A100,1,\"{\"\"Gpus\"\": [{\"\"MemoryInfo\"\": {\"\"SizeInMiB\"\": 40960}}]}\",1.5,r1\n"
      "x.driver,A10G,1,\"{'Gpus': [{'MemoryInfo': {'SizeInMiB': 22888}}]}\",1.0,r1\n");
  REQUIRE(imported.offerings.size() == 3);
  CHECK(find(imported, "aws/x.big").gpu == "a100-sxm4-80gb");
  CHECK(find(imported, "aws/x.big").pricing.on_demand == 2.5);
  CHECK(find(imported, "aws/x.small").gpu == "a100-sxm4-40gb");
  CHECK(find(imported, "aws/x.driver").gpu == "a10g");  // 22888 MiB is within tolerance of 24 GB
}

TEST_CASE("import: rows without a GPU are skipped silently", "[import]") {
  const auto imported = import_fixture("aws.csv", "aws");
  CHECK_FALSE(has_offering(imported, "aws/c5.large"));
  for (const auto& warning : imported.warnings) CHECK_THAT(warning, !Catch::Contains("c5.large"));
  const auto count_zero =
      import_text("InstanceType,AcceleratorName,AcceleratorCount,Price,Region\nm.x,A100,0,1.0,r1\nm.y,A100,,1.0,r1\n");
  CHECK(count_zero.offerings.empty());
  CHECK(count_zero.warnings.empty());
  CHECK(count_zero.rows_skipped == 2);
}

TEST_CASE("import: an unknown accelerator is skipped with one warning and its row count", "[import]") {
  const auto imported = import_fixture("aws.csv", "aws");
  CHECK_FALSE(has_offering(imported, "aws/inf2.xlarge"));
  CHECK(imported.warnings ==
        std::vector<std::string>{"aws/p5e.48xlarge: no row has an on-demand price; pricing.on_demand is null",
                                 "2 rows of non-GPU accelerators skipped (Inferentia2)"});
  CHECK(imported.rows_non_gpu == 2);
  const auto unknown = import_text(
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\nx.1,Gaudi9,1,1.0,r1\ny.1,Mystery-X,1,1.0,r1\n");
  CHECK(unknown.rows_unknown_accelerator == 1);
  CHECK(unknown.warnings == std::vector<std::string>{"unknown accelerator 'Mystery-X' (1 row) skipped; add it as a "
                                                     "GPU alias in a catalog file",
                                                     "1 row of non-GPU accelerators skipped (Gaudi9)"});
  // A published GPU the catalog has no record of is not a missing alias: it needs its own record.
  const auto no_record = import_text("InstanceType,AcceleratorName,AcceleratorCount,Price,Region\nNC6,P100,1,1.0,r1\nh.1,H100,1,3.0,r1\n");
  REQUIRE(no_record.warnings.size() == 1);
  CHECK_THAT(no_record.warnings.front(), Catch::StartsWith("GPU 'P100' has no record in the catalog (1 row) skipped; "
                                                           "add its gpus: record"));
  // A PCIe card whose only record is SXM (cudo's "intel-ice-lake-a800-pci" A800, skypilot-catalog
  // catalogs/v8/cudo/vms.csv; here an A100 against a catalog without the PCIe A100).
  const auto pcie = import_text(
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\nintel-ice-lake-a100-pci_1x2v4gb,A100,1,1.37,r1\n"
      "h.1,H100,1,3.0,r1\n",
      "cudo");
  REQUIRE(pcie.warnings.size() == 1);
  CHECK_THAT(pcie.warnings.front(),
             Catch::StartsWith("GPU 'A100' is a PCIe card in this file and the catalog's 'a100-sxm4-40gb' is SXM (1 row) "
                               "skipped"));
}

TEST_CASE("import: fractional accelerator counts become one vGPU share", "[import]") {
  const auto aws = import_fixture("aws.csv", "aws");
  const Offering& g6f = find(aws, "aws/g6f.2xlarge");
  CHECK(g6f.gpu == "l4");
  CHECK(g6f.gpu_count == 1);
  CHECK(g6f.gpu_fraction == 0.25);
  CHECK(g6f.isolation == Isolation::vgpu);

  const auto azure = import_fixture("azure.csv", "azure");
  const Offering& nv12 = find(azure, "azure/Standard_NV12ads_A10_v5");
  CHECK(nv12.gpu == "a10");
  CHECK(nv12.gpu_count == 1);
  CHECK(nv12.gpu_fraction == 0.333);
  CHECK(nv12.isolation == Isolation::vgpu);
  CHECK(nv12.regions == std::vector<std::string>{"eastus", "westus2"});
}

TEST_CASE("import: a count above 1 that is not whole is an error at the field", "[import]") {
  CHECK(error_where("InstanceType,AcceleratorName,AcceleratorCount,Price,Region\nm.x,A100,1.5,1.0,r1\n") ==
        "test.csv:2:10");
}

// ---- importer: GCP ----------------------------------------------------------------------------------

TEST_CASE("import: GCP accelerator rows combine with the host VM of the same zone", "[import]") {
  const auto imported = import_fixture("gcp.csv", "gcp");
  CHECK(ids(imported) ==
        std::vector<std::string>{"gcp/a2-highgpu-1g", "gcp/g2-standard-4", "gcp/g2-standard-8", "gcp/V100x8"});
  CHECK(imported.rows_read == 12);
  // unused a3-highgpu-8g host, n1-standard-8 (no GPU), A100 in asia-northeast1-a (no host there)
  CHECK(imported.rows_skipped == 3);

  const Offering& a2 = find(imported, "gcp/a2-highgpu-1g");
  CHECK(a2.gpu == "a100-sxm4-40gb");
  CHECK(a2.gpu_count == 1);
  CHECK(a2.instance_type == "a2-highgpu-1g");
  CHECK(a2.regions == std::vector<std::string>{"europe-west4", "us-central1"});
  // europe-west4-a: host 0.81406 + A100 1.61365 is cheaper than us-central1-a 0.73948 + 2.93391
  CHECK(a2.pricing.on_demand == 2.42771);  // rounded to the source's 6 decimals, no float noise
  CHECK(*a2.pricing.spot == Approx(0.33413 + 1.2276));
  CHECK(a2.vcpus == 12);
  CHECK(a2.ram_gb == 85);

  const Offering& g2 = find(imported, "gcp/g2-standard-8");
  CHECK(g2.gpu == "l4");
  CHECK(*g2.pricing.on_demand == Approx(0.29358 + 0.56004));
  CHECK(g2.vcpus == 8);
  CHECK(*find(imported, "gcp/g2-standard-4").pricing.on_demand == Approx(0.14679 + 0.56004));
}

TEST_CASE("import: GCP N1-attachable GPUs are priced alone with a warning", "[import]") {
  const auto imported = import_fixture("gcp.csv", "gcp");
  const Offering& v100 = find(imported, "gcp/V100x8");
  CHECK(v100.gpu == "v100-sxm2-16gb");
  CHECK(v100.gpu_count == 8);
  CHECK(v100.instance_type == "V100x8");
  CHECK(v100.pricing.on_demand == 19.84);  // accelerator only, us-central1
  CHECK(v100.pricing.spot == 9.92);        // us-central1's, not europe-west4's cheaper 6.1248
  CHECK(v100.region_price("europe-west4")->pricing.spot == 6.1248);
  CHECK(v100.source.str().find("accelerator-only price") != std::string::npos);
  CHECK(std::find(v100.estimated_fields.begin(), v100.estimated_fields.end(), "pricing") != v100.estimated_fields.end());
  CHECK(v100.regions == std::vector<std::string>{"europe-west4", "us-central1"});
  CHECK(v100.vcpus == 0);
  CHECK(imported.warnings ==
        std::vector<std::string>{
            "accelerator-only prices for gcp/V100x8: the n1 host VM these GPUs attach to is not included "
            "(flagged in source and estimated_fields); add its price in an overlay",
            "GCP accelerator rows 'A100 x1' with no a2/a3/a4/g2 host VM row in the same zone (1 row) skipped"});
}

TEST_CASE("import: without accelerator-only rows, GCP host types are plain VMs", "[import]") {
  const auto imported = import_text(
      "InstanceType,vCPUs,MemoryGiB,AcceleratorName,AcceleratorCount,GpuInfo,Region,AvailabilityZone,Price,"
      "SpotPrice\na2-highgpu-1g,12.0,85.0,,,,us-central1,us-central1-a,0.73948,0.36975\n",
      "gcp");
  CHECK(imported.offerings.empty());
  CHECK(imported.warnings.empty());
  CHECK(imported.rows_skipped == 1);
}

// ---- importer: Lambda and Azure column orders ---------------------------------------------------------

TEST_CASE("import: Lambda order without AvailabilityZone, form factor in the type name picks the GPU", "[import]") {
  const auto imported = import_fixture("lambda.csv", "lambda");
  CHECK(ids(imported) == std::vector<std::string>{"lambda/gpu_8x_h100_sxm5", "lambda/gpu_1x_h100_pcie",
                                                  "lambda/gpu_1x_a100", "lambda/gpu_8x_a100_80gb_sxm4"});
  const Offering& h100 = find(imported, "lambda/gpu_8x_h100_sxm5");
  CHECK(h100.gpu == "h100-sxm5-80gb");
  CHECK(h100.interconnect == Interconnect::nvswitch);
  CHECK(h100.regions == std::vector<std::string>{"europe-central-1", "us-east-1"});
  CHECK(h100.pricing.on_demand == 23.92);
  CHECK_FALSE(h100.pricing.spot);
  CHECK(h100.vcpus == 208);
  CHECK(find(imported, "lambda/gpu_1x_h100_pcie").gpu == "h100-pcie-80gb");
  CHECK(find(imported, "lambda/gpu_1x_h100_pcie").interconnect == Interconnect::pcie);
  CHECK(find(imported, "lambda/gpu_8x_a100_80gb_sxm4").gpu == "a100-sxm4-80gb");
  CHECK(imported.warnings.empty());
}

TEST_CASE("import: Azure RDMA types and AMD Infinity Fabric", "[import]") {
  const auto imported = import_fixture("azure.csv", "azure");
  const Offering& h100 = find(imported, "azure/Standard_ND96isr_H100_v5");
  CHECK(h100.network.rdma == Rdma::infiniband);
  CHECK(h100.network.bandwidth_gbps == 3200);
  CHECK(h100.max_nodes == 16);
  CHECK(h100.interconnect == Interconnect::nvswitch);
  CHECK(find(imported, "azure/Standard_ND96isr_MI300X_v5").interconnect == Interconnect::infinity_fabric);
  CHECK_FALSE(has_offering(imported, "azure/Standard_D2s_v3"));
}

// ---- importer: malformed input ----------------------------------------------------------------------

TEST_CASE("import: a header without required columns names them and lists what it found", "[import]") {
  try {
    import_text("InstanceType,AcceleratorName,AcceleratorCount,Region\np4d.24xlarge,A100,8,us-east-1\n");
    FAIL("expected an error");
  } catch (const Error& error) {
    CHECK(error.where() == "test.csv:1:1");
    CHECK(error.problem() == "header lacks required column(s) Price");
    CHECK_THAT(error.hint(), Catch::EndsWith("found: InstanceType, AcceleratorName, AcceleratorCount, Region"));
  }
  CHECK(error_where("") == "test.csv:1:1");
  CHECK(error_where("InstanceType,AcceleratorName,AcceleratorCount,Price,Region,Price\n") == "test.csv:1:60");
}

TEST_CASE("import: an unterminated quote is reported at its line and column", "[import]") {
  try {
    import_fixture("malformed_quote.csv", "aws");
    FAIL("expected an error");
  } catch (const Error& error) {
    CHECK(error.where() == "malformed_quote.csv:2:27");
    CHECK_THAT(error.problem(), Catch::Contains("unterminated quoted field"));
  }
}

TEST_CASE("import: bad numbers and short rows point at the field", "[import]") {
  const std::string header = "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n";
  CHECK(error_where(header + "m.x,A100,1,abc,r1\n") == "test.csv:2:12");
  CHECK(error_where(header + "m.x,A100,1,-1,r1\n") == "test.csv:2:12");
  CHECK(error_where(header + "m.x,A100,1,1.0\n") == "test.csv:2:12");
}

TEST_CASE("import: GpuInfo's SizeInMiB below 1024 is the card's GB label (RunPod, Shadeform)", "[import]") {
  // skypilot-catalog catalogs/v8/runpod/vms.csv writes 'SizeInMiB': 80 for its A100 80GB cards: read
  // as MiB, 80 is no GPU, and the row would stay the 40 GB card its name "A100" means.
  const auto runpod = import_text(
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region,GpuInfo\n"
      "1x_A100_SECURE,A100,1,1.39,US,\"{'Gpus': [{'Name': 'A100 SXM', 'Count': 1, 'MemoryInfo': {'SizeInMiB': 80}}], "
      "'TotalGpuMemoryInMiB': 80}\"\n",
      "runpod");
  CHECK(find(runpod, "runpod/1x_A100_SECURE").gpu == "a100-sxm4-80gb");
}

TEST_CASE("import: a GPU row without a Region is not offered now: skipped and counted, --strict passes", "[import]") {
  // Seeweb's own list (skypilot-catalog catalogs/v8/seeweb/vms.csv) gives its 8x H200 plan no Region;
  // SkyPilot drops such rows as unavailable (sky/catalog/seeweb_catalog.py).
  const auto seeweb = import_text(
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n"
      "ECS8GPU10,H200,8,20.8,\n"
      "ECS1GPU10,H200,1,2.6,it-fr2\n",
      "seeweb", true);
  CHECK(seeweb.rows_bad == 0);
  CHECK(seeweb.rows_skipped == 1);
  CHECK_FALSE(has_offering(seeweb, "seeweb/ECS8GPU10"));
  CHECK(has_offering(seeweb, "seeweb/ECS1GPU10"));
  CHECK(seeweb.warnings == std::vector<std::string>{"1 row gives no Region, which SkyPilot reads as not available "
                                                    "now; skipped (no place to launch them)"});
}

TEST_CASE("import: a BOM and CRLF line ends are accepted", "[import]") {
  const auto imported = import_text(
      "\xEF\xBB\xBFInstanceType,AcceleratorName,AcceleratorCount,Price,SpotPrice,Region\r\n"
      "g5.xlarge,A10G,1,1.006,0.2114,us-east-1\r\n"
      "g5.xlarge,A10G,1,1.1,,us-west-2\r\n");
  REQUIRE(imported.offerings.size() == 1);
  const Offering& g5 = imported.offerings.front();
  CHECK(g5.id == "aws/g5.xlarge");
  CHECK(g5.regions == std::vector<std::string>{"us-east-1", "us-west-2"});
  CHECK(g5.pricing.on_demand == 1.006);
  CHECK(g5.pricing.spot == 0.2114);
  CHECK(error_where("\xEF\xBB\xBFInstanceType,AcceleratorName,AcceleratorCount,Price,Region\r\n"
                    "m.x,A100,1,1.0,r1\r\nm.y,A100,1,x,r1\r\n") == "test.csv:3:12");
}

TEST_CASE("import: rows of one type that disagree on the accelerator are skipped with a warning", "[import]") {
  const auto imported = import_text(
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n"
      "m.x,A100,1,1.0,r1\nm.x,A100,2,0.5,r2\n");
  REQUIRE(imported.offerings.size() == 1);
  CHECK(imported.offerings.front().pricing.on_demand == 1.0);
  CHECK(imported.offerings.front().regions == std::vector<std::string>{"r1"});
  CHECK(imported.rows_skipped == 1);
  REQUIRE(imported.warnings.size() == 1);
  CHECK_THAT(imported.warnings.front(), Catch::StartsWith("aws/m.x: line 3 has 'A100' x2"));
}

TEST_CASE("import: a GCP host price of 0 counts as included in the accelerator price", "[import]") {
  const auto imported = import_text(
      "InstanceType,vCPUs,MemoryGiB,AcceleratorName,AcceleratorCount,GpuInfo,Region,AvailabilityZone,Price,"
      "SpotPrice\n"
      "a3-highgpu-8g,208.0,1872.0,,,,us-east4,us-east4-b,0.0,0.0\n"
      ",,,H100,8,,us-east4,us-east4-b,64.44,32.6064\n"
      "a3-highgpu-4g,104.0,936.0,,,,us-east4,us-east4-b,,\n"
      ",,,H100,4,,us-east4,us-east4-b,30.0,15.0\n"
      "a3-highgpu-8g-nolssd,208.0,1872.0,,,,us-east4,us-east4-b,1.0,0.5\n"
      "a3-highgpu-8gx,208.0,1872.0,,,,us-east4,us-east4-b,1.0,0.5\n",
      "gcp");
  CHECK(ids(imported) ==
        std::vector<std::string>{"gcp/a3-highgpu-8g", "gcp/a3-highgpu-8g-nolssd", "gcp/a3-highgpu-4g"});
  CHECK(find(imported, "gcp/a3-highgpu-8g-nolssd").pricing.on_demand == 65.44);
  const Offering& a3 = find(imported, "gcp/a3-highgpu-8g");
  CHECK(a3.pricing.on_demand == 64.44);
  CHECK(a3.pricing.spot == 32.6064);
  CHECK(a3.interconnect == Interconnect::nvswitch);
  // an EMPTY host price is unknown, so the combination has no price
  CHECK_FALSE(find(imported, "gcp/a3-highgpu-4g").pricing.on_demand);
}

TEST_CASE("import: GCP machine types sold only by reservation, Flex-start or Spot get no on-demand price",
          "[import][review40]") {
  // Expert review 40, R2 and R3: the billing API lists an on-demand price for A4, A3 Ultra and A3
  // High below 8 GPUs, which GCP does not sell on demand; their spot prices stay (the A3 High rows
  // here: this test's GPU table has H100 and no B200 or H200).
  const auto imported = import_text(
      "InstanceType,vCPUs,MemoryGiB,AcceleratorName,AcceleratorCount,GpuInfo,Region,AvailabilityZone,Price,"
      "SpotPrice\n"
      "a3-highgpu-4g,104.0,936.0,,,,us-central1,us-central1-b,4.7,2.0\n"
      ",,,H100,4,,us-central1,us-central1-b,16.8,8.0\n"
      "a3-highgpu-1g,26.0,234.0,,,,us-central1,us-central1-a,1.18251,0.5\n"
      ",,,H100,1,,us-central1,us-central1-a,4.20076,2.0\n"
      "a3-highgpu-8g,208.0,1872.0,,,,us-central1,us-central1-a,0.0,0.0\n"
      ",,,H100,8,,us-central1,us-central1-a,43.06615,35.87358\n",
      "gcp");
  const Offering& four = find(imported, "gcp/a3-highgpu-4g");
  CHECK_FALSE(four.pricing.on_demand);
  CHECK(four.pricing.spot == 10.0);
  const Offering& small = find(imported, "gcp/a3-highgpu-1g");
  CHECK_FALSE(small.pricing.on_demand);
  CHECK(small.pricing.spot == 2.5);
  // Eight H100s are sold on demand.
  CHECK(find(imported, "gcp/a3-highgpu-8g").pricing.on_demand == 43.06615);
}

// ---- round trip through the YAML writer and the loader ---------------------------------------------

namespace {

// The GPUs and providers the imported offerings refer to, as a catalog file would hold them.
std::string reference_catalog_yaml() {
  std::string yaml = "schema_version: 1\ngpus:\n";
  for (const Gpu& gpu : known_gpus().gpus) {
    yaml += "  - id: " + gpu.id + "\n    name: " + gpu.id + "\n    memory_gb: " + fmt::format("{}", gpu.memory_gb) +
            "\n    memory_bandwidth_gbps: 1000\n    bf16_dense_tflops: 100\n    interconnect: " + gpu.interconnect +
            "\n    aliases: [";
    for (std::size_t i = 0; i < gpu.aliases.size(); ++i) yaml += (i ? ", \"" : "\"") + gpu.aliases[i] + "\"";
    yaml += "]\n    source: test\n";
  }
  yaml += "providers:\n";
  for (const char* id : {"aws", "gcp", "lambda", "azure"}) {
    yaml += std::string("  - {id: ") + id + ", name: " + id + ", currency: USD, as_of: 2026-05-20, source: test}\n";
  }
  return yaml;
}

}  // namespace

TEST_CASE("import: offerings written as YAML load back unchanged", "[import]") {
  for (const auto& [fixture, provider] : std::vector<std::pair<std::string, std::string>>{
           {"aws.csv", "aws"}, {"gcp.csv", "gcp"}, {"lambda.csv", "lambda"}, {"azure.csv", "azure"}}) {
    INFO(fixture);
    const auto imported = import_fixture(fixture, provider);
    const std::vector<std::string> header = {"imported from " + fixture, "second line"};
    const std::string offerings_yaml = write_offerings_yaml(imported.offerings, header);
    const std::string catalog_yaml = reference_catalog_yaml();
    const std::vector<SourceText> sources = {{"reference.yaml", catalog_yaml}, {"imported.yaml", offerings_yaml}};
    const LoadResult loaded = load(sources);
    for (const auto& diagnostic : loaded.diagnostics) UNSCOPED_INFO(format_diagnostic(diagnostic));
    CHECK(loaded.ok());
    std::vector<std::string> reloaded;
    for (const auto& offering : loaded.catalog.offerings) reloaded.push_back(summary(offering));
    CHECK(reloaded == summaries(imported));
    REQUIRE(loaded.catalog.offerings.size() == imported.offerings.size());
    for (std::size_t i = 0; i < imported.offerings.size(); ++i) {
      CHECK(loaded.catalog.offerings[i].estimated_fields == imported.offerings[i].estimated_fields);
      CHECK(loaded.catalog.offerings[i].gpu_fraction == imported.offerings[i].gpu_fraction);
    }
  }
}

// ---- importer: real-world defects -------------------------------------------------------------------

TEST_CASE("import: bad rows are skipped, counted and located, --strict stops at the first", "[import]") {
  const std::string text =
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n"
      "g5.xlarge,A10G,1,1.006,us-east-1\n"
      "g5.xlarge,A10G,1,abc,us-west-2\n"      // not a number
      "g5.xlarge,A10G,1,1.2,\n"               // empty region: not offered now, not a bad row
      "g5.xlarge,A10G,1\n"                    // short row
      "g5.xlarge,A10G,1,1.1,eu-west-1\n";
  const auto imported = import_text(text);
  REQUIRE(imported.offerings.size() == 1);
  CHECK(imported.offerings[0].regions == std::vector<std::string>{"eu-west-1", "us-east-1"});
  CHECK(imported.rows_read == 5);
  CHECK(imported.rows_bad == 2);
  CHECK(imported.rows_skipped == 3);
  const auto warning = std::find_if(imported.warnings.begin(), imported.warnings.end(),
                                    [](const std::string& w) { return w.starts_with("skipped 2 rows"); });
  REQUIRE(warning != imported.warnings.end());
  CHECK_THAT(*warning, Catch::Contains("test.csv:3:18: Price 'abc' is not a number"));
  CHECK_THAT(*warning, Catch::Contains("test.csv:5:"));
  CHECK_THAT(*warning, Catch::Contains("--strict"));
  CHECK(error_where(text) == "test.csv:3:18");
}

TEST_CASE("import: an unquoted comma is rejoined when the column count leaves one reading", "[import]") {
  // Azure's defect: Generation "V1,V2" unquoted in the last column but one.
  const std::string header =
      "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,"
      "AvailabilityZone,Generation,QuotaGroup\n";
  const auto imported = import_text(header +
                                        "Standard_NC24ads_A100_v4,A100-80GB,1,24,220,,3.673,0.7346,eastus,,V1,V2,"
                                        "standardncadsa100v4family\n",
                                    "azure");
  REQUIRE(imported.offerings.size() == 1);
  CHECK(imported.rows_repaired == 1);
  CHECK(imported.offerings[0].pricing.on_demand == 3.673);
  CHECK(imported.offerings[0].pricing.spot == 0.7346);
  CHECK(imported.offerings[0].regions == std::vector<std::string>{"eastus"});
  // Two readings that give different prices are not guessed: the row is skipped.
  const auto ambiguous = import_text(
      "InstanceType,AcceleratorName,AcceleratorCount,NoteA,Price,NoteB,Region\n"
      "g5.xlarge,A10G,1,x,1.0,2.0,y,us-east-1\n");
  CHECK(ambiguous.offerings.empty());
  CHECK(ambiguous.rows_bad == 1);
}

TEST_CASE("import: spellings of SkyPilot, gpuhunt and the clouds resolve, PCIe never maps to SXM", "[import]") {
  const std::string header = "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n";
  const auto imported = import_text(header +
                                    "t1,A100-80GB-SXM4,8,20,r1\n"
                                    "t2,H100-80GB-HBM3,8,30,r1\n"
                                    "t3,H100-NVLINK,8,30,r1\n"
                                    "t4,H100-80G-PCIe,1,3,r1\n"
                                    "t5,h100 sxm,1,3,r1\n"
                                    "t6,TPU-v5e,4,5,r1\n"
                                    "t7,Trainium2,16,20,r1\n");
  CHECK(find(imported, "aws/t1").gpu == "a100-sxm4-80gb");
  CHECK(find(imported, "aws/t2").gpu == "h100-sxm5-80gb");
  CHECK(find(imported, "aws/t3").gpu == "h100-sxm5-80gb");
  CHECK(find(imported, "aws/t4").gpu == "h100-pcie-80gb");
  CHECK(find(imported, "aws/t5").gpu == "h100-sxm5-80gb");
  CHECK(imported.rows_non_gpu == 2);
  CHECK(std::count_if(imported.warnings.begin(), imported.warnings.end(), [](const std::string& w) {
          return w.find("non-GPU") != std::string::npos;
        }) == 1);
  // A catalog without a PCIe H100 record: the PCIe spelling stays unknown rather than become SXM.
  Catalog sxm_only;
  sxm_only.gpus = {make_gpu("h100-sxm5-80gb", 80, "nvlink-4", {"H100"})};
  const auto pcie = import_skypilot(header + "t4,H100-80G-PCIe,1,3,r1\nt8,H100,1,3,r1\n", sxm_only,
                                    {"lambda", "test.csv", "2026-05-20"});
  CHECK(ids(pcie) == std::vector<std::string>{"lambda/t8"});
  CHECK(pcie.rows_unknown_accelerator == 1);
}

TEST_CASE("import: Vast location lists become one region name, SpotPrice equal to Price is no spot", "[import]") {
  const auto imported = import_text(
      "InstanceType,AcceleratorName,AcceleratorCount,Price,SpotPrice,Region\n"
      "1x-RTX_4090,A10G,1,0.35,0.35,\", CN, AS\"\n"
      "1x-RTX_4090,A10G,1,0.40,0.40,\"Texas, US, NA\"\n",
      "vast");
  REQUIRE(imported.offerings.size() == 1);
  CHECK(imported.offerings[0].regions == std::vector<std::string>{"CN-AS", "Texas-US-NA"});
  CHECK_FALSE(imported.offerings[0].pricing.spot);
  CHECK(imported.warnings.back() == "2 rows give a SpotPrice equal to Price; taken as no spot price in that zone");
}

TEST_CASE("import: one Vast instance type name holding 40 GB and 80 GB A100 hosts gives two offerings", "[import]") {
  // Before: the 80 GB hosts' prices merged into the 40 GB offering (issue 27, item 2).
  const auto imported = import_text(
      "InstanceType,AcceleratorName,AcceleratorCount,GpuInfo,Price,Region\n"
      "1x-A100_SXM4-32-65536,A100,1,\"{'Gpus': [{'MemoryInfo': {'SizeInMiB': 40960}}]}\",0.80,\"Georgia, US, NA\"\n"
      "1x-A100_SXM4-32-65536,A100,1,\"{'Gpus': [{'MemoryInfo': {'SizeInMiB': 81920}}]}\",1.20,\"Czechia, CZ, EU\"\n"
      "1x-A100_SXM4-32-65536,A100,1,\"{'Gpus': [{'MemoryInfo': {'SizeInMiB': 81920}}]}\",1.10,\"Texas, US, NA\"\n",
      "vast");
  REQUIRE(imported.offerings.size() == 2);
  const auto& small = find(imported, "vast/1x-A100_SXM4-32-65536");
  CHECK(small.gpu == "a100-sxm4-40gb");
  CHECK(small.regions == std::vector<std::string>{"Georgia-US-NA"});
  const auto& large = find(imported, "vast/1x-A100_SXM4-32-65536-80gb");
  CHECK(large.gpu == "a100-sxm4-80gb");
  CHECK(large.instance_type == "1x-A100_SXM4-32-65536");  // launch files name the source's type
  CHECK(large.regions == std::vector<std::string>{"Czechia-CZ-EU", "Texas-US-NA"});
  CHECK(large.pricing.on_demand == 1.10);
}

namespace {
// A catalog whose A100 80GB prices span 1.5 to 4 per GPU-hour (8-GPU nodes at 12 and 32).
Catalog priced_catalog() {
  Catalog catalog = known_gpus();
  for (const double price : {12.0, 32.0}) {
    Offering offering;
    offering.id = "x/" + std::to_string(static_cast<int>(price));
    offering.gpu = "a100-sxm4-80gb";
    offering.gpu_count = 8;
    offering.regions = {"r1"};
    offering.pricing.on_demand = price;
    catalog.offerings.push_back(offering);
  }
  return catalog;
}
}  // namespace

TEST_CASE("import: a per-GPU price list is detected and priced per instance", "[import]") {
  // RunPod-style rows: 1.79 is the price of ONE A100 80GB in every size.
  const std::string text =
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n"
      "1x_A100-80GB,A100-80GB,1,1.79,CA\n"
      "2x_A100-80GB,A100-80GB,2,1.79,CA\n"
      "4x_A100-80GB,A100-80GB,4,1.79,CA\n"
      "8x_A100-80GB,A100-80GB,8,1.79,CA\n";
  const Catalog catalog = priced_catalog();
  const auto detected = import_skypilot(text, catalog, {"runpod", "test.csv", "2026-05-20"});
  CHECK(*find(detected, "runpod/8x_A100-80GB").pricing.on_demand == Approx(14.32));
  CHECK(*find(detected, "runpod/1x_A100-80GB").pricing.on_demand == Approx(1.79));
  CHECK_THAT(detected.warnings.front(), Catch::StartsWith("prices look per GPU"));
  // Told the prices are per instance, the 8-GPU row is 0.22 per GPU-hour: skipped as an outlier.
  ImportOptions as_written{"runpod", "test.csv", "2026-05-20"};
  as_written.price_basis = PriceBasis::instance;
  const auto kept = import_skypilot(text, catalog, as_written);
  CHECK_FALSE(has_offering(kept, "runpod/8x_A100-80GB"));
  CHECK(std::any_of(kept.warnings.begin(), kept.warnings.end(), [](const std::string& w) {
    return w.starts_with("runpod/8x_A100-80GB: 0.224 per GPU-hour is more than 5x outside");
  }));
}

TEST_CASE("import: an unknown provider gets an estimated stub record", "[import]") {
  const auto imported = import_text("InstanceType,AcceleratorName,AcceleratorCount,Price,Region\nh1,H100,1,2.5,r1\n",
                                    "newcloud");
  REQUIRE(imported.provider_stub);
  CHECK(imported.provider_stub->id == "newcloud");
  CHECK(imported.provider_stub->currency == "USD");
  CHECK_FALSE(imported.provider_stub->estimated_fields.empty());
  CHECK(imported.overlays_existing == std::vector<bool>{false});
}

TEST_CASE("import: the spellings the issue names resolve against the built-in catalog", "[import]") {
  std::vector<SourceText> sources;
  for (const auto& file : gpuselect::builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  const Catalog builtin = load(sources).catalog;
  const std::string csv =
      "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n"
      "t1,A100-80GB-SXM4,8,20,r1\nt2,H100-80GB-HBM3,8,30,r1\nt3,H100-NVLINK,8,30,r1\nt4,H100-80G-PCIe,1,3,r1\n"
      "t5,RTX6000-Ada,1,1,r1\nt6,RTXPro6000,1,2,r1\nt7,A800,8,15,r1\nt8,B200,8,45,r1\n";
  const auto imported = import_skypilot(csv, builtin, {"lambda", "names.csv", "2026-05-20"});
  CHECK(imported.rows_unknown_accelerator == 0);
  REQUIRE(imported.offerings.size() == 8);
  auto gpu_of = [&](std::string_view id) {
    for (const auto& offering : imported.offerings) {
      if (offering.id == id) return offering.gpu;
    }
    return std::string("(missing)");
  };
  CHECK(gpu_of("lambda/t4") == "h100-pcie-80gb");
  CHECK(gpu_of("lambda/t5") == "rtx-6000-ada");
  CHECK(gpu_of("lambda/t8") == "b200");
}

// docs/hardening.md "Bounded work": the import is linear in rows. One instance type in N distinct
// regions (the case that was quadratic: 35 s at 100,000 regions) costs one region-lookup step per
// row at N and at 10N; work counted, not timed.
TEST_CASE("import: region lookups are linear in rows at 10x the size", "[import][hostile]") {
  const auto regions_csv = [](std::size_t regions) {
    std::string text = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,SpotPrice,Region\n";
    for (std::size_t index = 0; index < regions; ++index) {
      text += fmt::format("p5.48xlarge,H100,8,192,2048,98.32,,region-{}\n", index);
    }
    return text;
  };
  for (const std::size_t regions : {std::size_t{2000}, std::size_t{20000}}) {
    const ImportResult result = import_text(regions_csv(regions));
    REQUIRE(result.offerings.size() == 1);
    CHECK(result.offerings.front().regions.size() == regions);
    CHECK(result.region_lookup_steps == regions);
  }
}

TEST_CASE("import: more than max_import_instance_types instance types are refused at the first beyond", "[import][hostile]") {
  // One row per instance type, streamed: the refusal comes at row max + 1 (line max + 2), and the
  // rows after it are never read (1M types took 3.1 GB and 23 s before the YAML was refused).
  const std::size_t types = max_import_instance_types + 1000;
  std::size_t row = 0;
  std::string pending = "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n";
  std::size_t offset = 0;
  const SourceText::Reader read = [&](char* buffer, std::size_t size) {
    if (offset == pending.size()) {
      if (row == types) return std::size_t{0};
      pending = fmt::format("t{}.xlarge,H100,8,98.32,us-east-1\n", row++);
      offset = 0;
    }
    const std::size_t n = std::min(size, pending.size() - offset);
    std::copy_n(pending.data() + offset, n, buffer);
    offset += n;
    return n;
  };
  try {
    import_skypilot(read, known_gpus(), {"aws", "many.csv", "2026-05-20"});
    FAIL("expected an error");
  } catch (const Error& error) {
    CHECK(error.where() == fmt::format("many.csv:{}:1", max_import_instance_types + 2));
    CHECK_THAT(error.problem(), Catch::Contains("max_import_instance_types"));
  }
  CHECK(row < max_import_instance_types + 1000);  // stopped reading
  // At the limit itself, the import goes through.
  std::string text = "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n";
  for (std::size_t index = 0; index < max_import_instance_types; ++index) {
    text += fmt::format("t{}.xlarge,H100,8,98.32,us-east-1\n", index);
  }
  CHECK(import_text(text).offerings.size() == max_import_instance_types);
}
