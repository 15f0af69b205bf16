#pragma once
// What every price-list import takes and gives (docs/catalog.md "Importing SkyPilot catalogs"), and
// the importer table `catalog import <name>` and `catalog update` read: a new source is a row here
// (src/catalog/importers.cpp) and its column map and row parser in front of the neutral core
// (src/catalog/import_core.hpp).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/catalog.hpp"
#include "gpuselect/messages.hpp"

namespace gpuselect::catalog {

// What a price in the file is for: the whole instance, or one GPU of it (RunPod-style lists);
// `detect` compares the multi-GPU types with the catalog's per-GPU-hour prices.
enum class PriceBasis : std::uint8_t { detect, instance, gpu };

// The most instance types (with an accelerator) one file may hold: a file with more is refused at the
// first row beyond it, before the offerings fill memory (about 3 KB each while imported) and make a
// catalog the loader would refuse (about 670 bytes of YAML each, so about 400,000 reach
// LoadLimits::max_file_bytes). An assumption three orders of magnitude above real files: SkyPilot's
// v9 vms.csv files list at most a few hundred GPU instance types (vast: 45 in
// shared/reference/skypilot-gpu-offerings.csv).
constexpr std::size_t max_import_instance_types = 100'000;

struct ImportOptions {
  std::string provider_id;  // Provider::id the offerings belong to ("aws")
  std::string source_name;  // file name, for diagnostics and each offering's `source`
  std::string as_of;        // YYYY-MM-DD written to each offering
  bool strict = false;      // a bad row is an error (else it is skipped and counted)
  PriceBasis price_basis = PriceBasis::detect;
};

struct ImportResult {
  std::vector<Offering> offerings;    // one per instance type, in first-seen order
  std::vector<std::string> warnings;  // e.g. "unknown accelerator 'Gaudi2' (3 rows) skipped"
  // The same warnings (same order) in the catalogue's words, said on stderr in the CLI's language.
  std::vector<text::Words> said_warnings;
  // Per offering (same index): whether the known catalog already has its id. For those the import
  // sets only `overlay_keys`; new offerings carry every field.
  std::vector<bool> overlays_existing;
  std::vector<std::string> overlay_keys;  // dotted keys the file sets on an existing offering
  std::optional<Provider> provider_stub;  // made when the provider is not in the known catalog
  // The known catalog's offerings of this provider that the file does not list, each with
  // `unlisted` set (which list left it out): an overlay that marks them (docs/catalog.md "Unlisted
  // offerings"). Only their id and `unlisted` are meant to be written.
  std::vector<Offering> unlisted;
  // How the file's prices were read (instance or gpu; never detect) and why, in words: the file's own
  // 1x-against-Nx evidence, the default, or --price-basis.
  PriceBasis price_basis = PriceBasis::instance;
  std::string price_basis_reason;
  std::size_t rows_read = 0;
  std::size_t rows_skipped = 0;               // every row that ended in no offering
  std::size_t rows_bad = 0;                   // malformed rows skipped (counted in rows_skipped)
  std::size_t rows_repaired = 0;              // unquoted commas rejoined
  std::size_t rows_unknown_accelerator = 0;   // GPU names the catalog does not know
  std::size_t rows_non_gpu = 0;               // TPU, Inferentia, Trainium, Gaudi ...
  // Work counted, not timed (docs/hardening.md "Bounded work"): steps spent finding each row's
  // region within its instance type; one per row.
  std::size_t region_lookup_steps = 0;
};

// One price-list importer.
struct Importer {
  std::string_view name;       // `catalog import <name> FILE`
  std::string_view file_kind;  // what it reads, for --help and hints: "SkyPilot vms.csv"
  std::string_view summary;    // the subcommand's --help line
  // Throws Error (where = "source_name:line:col") for a file it cannot read, or (with options.strict)
  // the first bad row. `known` resolves accelerator names and gives the price ranges checked against.
  ImportResult (*import_text)(std::string_view text, const Catalog& known, const ImportOptions& options);
  // The same, streamed from `read` (SourceText::Reader's contract): the file is never held.
  ImportResult (*import_stream)(const SourceText::Reader& read, const Catalog& known, const ImportOptions& options);
};

// Every importer, in the order --help lists them.
[[nodiscard]] std::span<const Importer> importers();
// The importer named `name`; nullptr for none.
[[nodiscard]] const Importer* importer_named(std::string_view name);

// The catalog's region id for a price list's region spelling: Vast's location lists (", CN, AS",
// "Texas, US, NA") made one word: comma-separated parts trimmed, empty parts dropped, joined with
// '-' ("CN-AS", "Texas-US-NA"), spaces inside a part become '-'. A name with no comma is only
// trimmed. Offering::launch.regions keeps the spellings this changes.
std::string region_id(std::string_view spelling);

// A provider record for an id the catalog lacks: defaults stated in `source`, every soft
// attribute listed in estimated_fields, so that the import loads on its own.
Provider provider_stub(std::string_view provider_id, std::string_view as_of);
// The stub an import writes: soft attributes (support, SLA, environment, recovery, monitoring,
// resize) at a neutral value, the median of `known`'s rented providers, so that unknown ranks as
// typical rather than bad; still every one in estimated_fields, and `source` says so.
Provider provider_stub(std::string_view provider_id, std::string_view as_of, const Catalog& known);

}  // namespace gpuselect::catalog
