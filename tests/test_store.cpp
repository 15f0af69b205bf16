// The price store's pure pieces (docs/hardening.md "Hardening III"): URL redaction, store file names,
// and the import refused before it is written when the loader would refuse it. The store under
// races and faults is tests/py/test_price_store.py.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cli/catalog_update.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/error.hpp"
#include "io/files.hpp"
#include "io/http.hpp"
#include "io/price_store.hpp"

namespace {

using namespace gpuselect;

TEST_CASE("store: credentials in URLs are redacted as user:***@", "[hardening][store]") {
  CHECK(io::redacted_url("https://alice:s3cr3t@host.example/v9/aws/vms.csv") ==
        "https://alice:***@host.example/v9/aws/vms.csv");
  CHECK(io::redacted_url("https://token123@host/x") == "https://***@host/x");
  CHECK(io::redacted_url("http://host:8080/a@b") == "http://host:8080/a@b");  // '@' in the path is no credential
  CHECK(io::redacted_url("no url here") == "no url here");
  CHECK(io::redacted_url("Failed to connect to http://u:p@h:1/x after 0 ms") ==
        "Failed to connect to http://u:***@h:1/x after 0 ms");
}

TEST_CASE("store: only prices-YYYY-MM-DD.yaml names are updates", "[hardening][store]") {
  CHECK(io::is_prices_name("prices-2026-06-01.yaml"));
  CHECK_FALSE(io::is_prices_name("prices-2026-6-01.yaml"));
  CHECK_FALSE(io::is_prices_name(".prices-2026-06-01.yaml.tmp-abc123"));
  CHECK_FALSE(io::is_prices_name("prices-latest.yaml"));
}

TEST_CASE("store: an import the loader would refuse is refused before it is written", "[hardening][store]") {
  std::ifstream in(std::string(GPUSELECT_FIXTURES) + "/skypilot/aws_p5_regions.csv", std::ios::binary);
  std::ostringstream csv;
  csv << in.rdbuf();
  std::vector<catalog::SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.emplace_back(std::string(file.name), file.text);
  const catalog::Catalog known = catalog::load(sources).catalog;
  std::vector<cli::ImportedFile> imports;
  imports.push_back(cli::import_text(*catalog::importer_named("skypilot"), csv.str(), {"aws", "aws.csv", "2026-06-01"}, known, true));
  CHECK_FALSE(cli::imports_yaml(imports, {"test"}).empty());
  catalog::LoadLimits few_records;
  few_records.max_records = 0;
  CHECK_THROWS_WITH(cli::imports_yaml(imports, {"test"}, few_records),
                    Catch::Contains("above the loader's limit of 0 (LoadLimits::max_records)"));
  catalog::LoadLimits small_files;
  small_files.max_file_bytes = 100;
  CHECK_THROWS_WITH(cli::imports_yaml(imports, {"test"}, small_files),
                    Catch::Contains("(LoadLimits::max_file_bytes); nothing was written"));
}

}  // namespace

namespace {

using namespace gpuselect;

TEST_CASE("output file: a folder renamed while the output is written leaves no temporary", "[hardening][store]") {
  const auto base = std::filesystem::temp_directory_path() / ("gpuselect-rename-" + std::to_string(::getpid()));
  std::filesystem::remove_all(base);
  std::filesystem::create_directories(base / "out");
  const auto moved = base / "moved";
  CHECK_THROWS_AS(io::write_output((base / "out" / "report.json").string(), std::string(1 << 20, 'x'),
                                   [&] { std::filesystem::rename(base / "out", moved); }),
                  Error);
  CHECK(std::filesystem::is_empty(moved));  // the temporary went with the folder, and was removed there
  std::filesystem::remove_all(base);
}

}  // namespace
