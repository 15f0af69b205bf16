#pragma once
// The workload flags of recommend, estimate and compare: one row per flag, read by everything that
// knows a flag. The CLI registers the options, writes --help and completes values from it
// (src/cli/workload_flags.cpp, src/cli/option_values.cpp); build_request parses each text with its
// row; resolve checks each given value against its row (the workloads it applies to, its range, its
// own check), stores it in its Profile field, or else fills that field with the row's default and
// records the row's provenance sentence in Profile::defaults_applied. A new workload flag is one row
// in src/workload/flags.cpp, its member in Request (and Profile), and its line in docs/cli.md
// "Workload options"; resolve holds only what involves several fields.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/ranges.hpp"
#include "gpuselect/workload.hpp"

namespace gpuselect::workload {

constexpr unsigned kind_bit(Kind kind) { return 1u << static_cast<unsigned>(kind); }
// Every kind, today's and any added later (independent of the enum's order and size).
inline constexpr unsigned all_kinds = ~0u;

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
  // Copies the given value into its Profile field (rows made with member_of<&Request::x, &Profile::y>);
  // null where resolve reads the value together with other fields (the model, counts with units, plan
  // constraints).
  void (*store)(const Request& request, Profile& profile) = nullptr;
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
  // The default: sets the row's Profile field for profile.kind when the flag is not given, to the
  // value the workload uses, or to the "not used" value (0, none) for workloads the flag does not
  // apply to. Null: the Profile initialiser is the default for every workload. It reads only the
  // model and fields of rows above it (the table is in that order).
  void (*fill)(Profile& profile) = nullptr;
  // The provenance sentence for Profile::defaults_applied when the default is used for a workload the
  // flag applies to ("" when the default is not worth telling for that workload); it states the value
  // and its source (docs/estimation.md "Defaults").
  text::Words (*because)(const Profile& profile) = nullptr;
  // The row whose default this row's sentence also tells ("--input-tokens" for "--output-tokens"): the
  // sentence is said once when either flag is not given. That row stands just above this one.
  std::string_view told_with = {};
};

// Every workload flag, in --help order, which is also the order resolve settles them and so the
// order of defaults_applied: --workload first, the model's flags next, then every row after the
// rows its default reads.
const std::vector<Flag>& flags();

// The row of `name` ("--seq-len"); a programming error (std::out_of_range) when there is none.
const Flag& flag_named(std::string_view name);

}  // namespace gpuselect::workload
