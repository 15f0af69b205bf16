#pragma once
// The workload flags of recommend, estimate and compare: one row per flag, read by everything that
// knows a flag. The CLI registers the options, writes --help and completes values from it
// (src/cli/workload_flags.cpp, src/cli/option_values.cpp); build_request parses each text with its
// row; resolve checks each given value against its row (the workloads it applies to, its range, its
// own check). A new workload flag is one row in src/workload/flags.cpp, its member in Request, what
// resolve does with it, and its line in docs/cli.md "Workload options".
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/ranges.hpp"
#include "gpuselect/workload.hpp"

namespace gpuselect::workload {

constexpr unsigned kind_bit(Kind kind) { return 1u << static_cast<unsigned>(kind); }
inline constexpr unsigned all_kinds = kind_bit(Kind::notebook) * 2 - 1;

// How a flag's text becomes its Request member (taken from the member's type).
enum class FlagValue : std::uint8_t {
  text,    // kept as typed; resolve parses it (counts such as "7B", a model id)
  whole,   // a whole number checked against its range
  number,  // a number checked against its range
  list,    // comma-separated names
  choice,  // one of the row's choices (an enum, in declaration order)
};

// Flags that describe a custom model, refused together with --model (a preset has its own).
enum class ModelPart : std::uint8_t { none, shape, experts };

struct Flag;

// The Request member a row sets, as functions made for that member (member_of in flags.cpp).
struct FlagMember {
  FlagValue value = FlagValue::text;
  // Parses `text` into the member; Error(where = flag.name) with what to write instead.
  void (*parse)(const Flag& flag, std::string_view text, Request& request) = nullptr;
  bool (*given)(const Request& request) = nullptr;
  // whole and number members: the value given, else nullopt; and its setter.
  std::optional<double> (*number)(const Request& request) = nullptr;
  void (*assign)(Request& request, double value) = nullptr;
};

struct Flag {
  std::string_view name = {};        // "--workload"
  std::string_view short_name = {};  // "-w", or ""
  std::string_view type = {};        // the value as --help shows it: "KIND", "TOKENS"
  std::string help = {};  // --help's line (defaults in it made from their constants); the CLI adds " [min to max]"
  FlagMember member = {};
  std::optional<ranges::Quantity> range = {};       // its row of ranges::table (also for counts resolve parses)
  std::vector<std::string> (*choices)() = nullptr;  // choice flags: the accepted names
  unsigned kinds = all_kinds;                       // the workloads it applies to (kind_bit per Kind)
  std::string_view applies_to = {};                 // those workloads in words, for the error
  // A check beyond the range (a power of two, one of a few values): Error(where = name) when it fails.
  void (*check)(const Flag& flag, double value) = nullptr;
  ModelPart model_part = ModelPart::none;
  bool names_model = false;  // the value is a catalog model id (completion offers them)
};

// Every workload flag, in --help order.
const std::vector<Flag>& flags();

}  // namespace gpuselect::workload
