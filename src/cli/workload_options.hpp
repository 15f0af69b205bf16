#pragma once
// The workload options of recommend, estimate and compare, made from the workload-flag table
// (include/gpuselect/workload_flags.hpp): registered, parsed into a workload::Request, every error
// naming its flag.
#include <string>
#include <vector>

#include "cli/cli11_fwd.hpp"
#include "gpuselect/workload.hpp"
#include "gpuselect/workload_flags.hpp"

namespace gpuselect::cli {

// The text of each workload flag as given, in workload::flags() order ("" = not given). Sized once,
// so the references CLI11 binds stay valid.
struct WorkloadFlags {
  std::vector<std::string> texts = std::vector<std::string>(workload::flags().size());
  std::string request_mix;  // --request-mix FILE (llm-inference): a histogram of request lengths
};
void add_workload_options(CLI::App& command, WorkloadFlags& flags);
// The Request of the flags given (each parsed by its row), and an Error(--workload) when no workload
// is given: what recommend, estimate and compare pass to workload::resolve. (--min-headroom is not a
// workload flag: it goes to the ranking's or the estimate's options.)
workload::Request workload_request(const WorkloadFlags& flags);

}  // namespace gpuselect::cli
