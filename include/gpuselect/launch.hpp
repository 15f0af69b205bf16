#pragma once
// Launch files for a ranked pick: a SkyPilot task YAML or a dstack task configuration
// (docs/cli.md "Launch the pick"). Pure: values in, text out; throws Error for a pick the tool
// cannot launch (a provider it does not support).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/catalog.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/workload.hpp"

namespace gpuselect::launch {

enum class Launcher : std::uint8_t { skypilot, dstack };
std::string_view to_string(Launcher launcher);  // "skypilot", "dstack"
std::optional<Launcher> parse_launcher(std::string_view text);
std::vector<std::string> launcher_names();

// How one catalog provider is named by the launchers; empty = the launcher has no backend for it.
struct ProviderNames {
  std::string_view provider;          // catalog provider id
  std::string_view skypilot_cloud;    // SkyPilot `cloud:` / `infra:` name
  std::string_view dstack_backend;    // dstack `backends:` name
};
// The mapping table (docs/cli.md "Providers the launchers know"), by catalog provider id.
const std::vector<ProviderNames>& provider_names();
// The catalog provider ids `launcher` has a name for, joined with ", ", in table order.
std::string supported_providers(Launcher launcher);

// A YAML scalar for any text: plain when it cannot be read as anything but this string (starts with
// a letter; letters, digits and . _ / - only, with ':' between such runs; not a YAML 1.1 boolean or
// null), else double-quoted with \\, \" and \n escaped. A tab becomes one space; other control
// characters, malformed UTF-8, bidirectional controls and U+2028/U+2029 become '?' (text::neutralise),
// so the result is always one line of valid UTF-8 that YAML reads back as that (neutralised) string.
std::string yaml_scalar(std::string_view text);

// The launch file for `candidate` of `ranking` (rank `pick`, 1-based, for the header comment).
// `allowed_regions`: the regions the ranking's --region allowed (expanded; empty: every region), for a
// row priced alike in several (Candidate::any_region), which the file lets the launcher choose among.
// Throws Error(where = "--emit") when the candidate's provider has no name in `launcher`, naming the
// providers it supports and what to do.
std::string launch_file(Launcher launcher, const catalog::Catalog& catalog, const workload::Profile& profile,
                        const scoring::Ranking& ranking, const scoring::Candidate& candidate, int pick,
                        const std::vector<std::string>& allowed_regions = {});

}  // namespace gpuselect::launch
