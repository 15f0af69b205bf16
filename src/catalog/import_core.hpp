#pragma once
// The neutral importer core (docs/catalog.md "Importing price lists"): what every price-list importer
// shares once its own row parser has read a row. Rows merge into one offering per instance type
// (regions, per-region median prices, the machine's size), the GPU is resolved through the catalog's
// aliases, the file's price basis is decided, outliers are skipped, bad rows are counted, and the
// result names a provider stub and the provider's offerings the list no longer holds. An importer
// (src/catalog/skypilot_import.cpp) is a column map and a row parser in front of this.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "gpuselect/catalog.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/price_import.hpp"

namespace gpuselect::catalog {

// One row of a price list, as an importer's row parser reads it.
struct ImportRow {
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

  [[nodiscard]] bool same_values(const ImportRow& other) const {
    return std::tie(instance_type, accelerator, accelerator_count, vcpus, memory_gib, gpu_memory_mib, price, spot_price,
                    local_disk_gb, region, zone) ==
           std::tie(other.instance_type, other.accelerator, other.accelerator_count, other.vcpus, other.memory_gib,
                    other.gpu_memory_mib, other.price, other.spot_price, other.local_disk_gb, other.region, other.zone);
  }
};

// Merges rows into offerings, one per instance type, in first-seen order.
class OfferingMerger {
 public:
  // `file_kind` names the list's format in each offering's source ("SkyPilot vms.csv").
  OfferingMerger(const Catalog& known, const ImportOptions& options, std::string_view file_kind);
  ~OfferingMerger();
  OfferingMerger(const OfferingMerger&) = delete;
  OfferingMerger& operator=(const OfferingMerger&) = delete;

  // Adds a priced GPU row under `instance_type`. False when the row was skipped (unknown or non-GPU
  // accelerator, or disagreeing with earlier rows of the type). `accelerator_only`: the price is the
  // accelerator's alone (the host VM is not included), said in the offering's source.
  bool add(const ImportRow& row, const std::string& instance_type, bool accelerator_only = false);
  void warn(const text::Words& warning);
  // Whether the file lists instance type `instance_type` (kept, skipped as an outlier or not).
  [[nodiscard]] bool lists(const std::string& instance_type) const;
  // Closes the prices, decides the price basis, skips outliers and fills `result`'s offerings,
  // warnings and counts.
  void finish(ImportResult& result);

 private:
  class Drafts;
  std::unique_ptr<Drafts> drafts_;
};

// "1 row", "3 rows".
std::string rows_text(std::size_t rows);
// The same as catalogue words ("3 行").
text::Words rows_words(std::size_t rows);

// Malformed rows skipped: counted, the first few located in one warning (with options.strict the
// first one is thrown).
class BadRows {
 public:
  explicit BadRows(bool strict) : strict_(strict) {}
  void add(const Error& error) {
    if (strict_) throw error;
    ++count_;
    constexpr std::size_t shown = 5;
    if (examples_.size() < shown) examples_.push_back(error);
  }
  [[nodiscard]] std::size_t count() const { return count_; }
  // "skipped 3 rows that could not be read (<where>: <what>; ...); --strict makes this an error".
  [[nodiscard]] std::optional<text::Words> warning() const {
    if (count_ == 0) return std::nullopt;
    return text::Words::in_each([this](text::Lang lang) {
      const std::string separator = text::say(lang, text::Msg::err_then, "", "");
      std::string list;
      for (std::size_t index = 0; index < examples_.size(); ++index) {
        list += (index ? separator : "") + examples_[index].where() + (lang == text::Lang::en ? ": " : "：") +
                examples_[index].problem(lang);
      }
      if (count_ > examples_.size()) list += separator + "...";
      return text::say(lang, text::Msg::warn_bad_rows, rows_words(count_).say(lang), list);
    });
  }

 private:
  bool strict_;
  std::size_t count_ = 0;
  std::vector<Error> examples_;
};

// What follows the merge in every import: the provider stub when `known` lacks the provider, and the
// provider's offerings the list does not hold, marked unlisted (an offering whose id is not
// "<provider>/<instance type>" is not one a price list could list, and stays as it is).
void close_import(ImportResult& result, const OfferingMerger& merger, const Catalog& known,
                  const ImportOptions& options);

// "8" for whole numbers, else the shortest round-trip form ("0.25").
std::string number_text(double value);
std::string lower(std::string_view text);
bool equals_ignoring_case(std::string_view a, std::string_view b);

// Price lists write at most 6 decimals (SkyPilot vms.csv: largest seen in shared/reference/
// skypilot-gpu-offerings.csv, e.g. Azure 0.167798); medians and sums are rounded to that.
inline constexpr double price_scale = 1e6;

}  // namespace gpuselect::catalog
