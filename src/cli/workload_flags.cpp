// The workload options, one per row of workload::flags(): CLI11 options bound to strings, then
// parsed by each row so that every error names its flag.
#include "cli/workload_flags.hpp"

#include "cli/ranking_flags.hpp"
#include "gpuselect/error.hpp"

namespace gpuselect::cli {

void add_workload_options(CLI::App& command, WorkloadFlags& flags) {
  const auto& table = workload::flags();
  for (std::size_t i = 0; i < table.size(); ++i) {
    const workload::Flag& flag = table[i];
    std::string names(flag.name);
    if (!flag.short_name.empty()) names += "," + std::string(flag.short_name);
    command.add_option(names, flags.texts[i], std::string(flag.help))->group("Workload");
  }
}

namespace {
// Each flag given, parsed by its row into the Request.
workload::Request build_request(const WorkloadFlags& flags) {
  workload::Request request;
  const auto& table = workload::flags();
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (!flags.texts[i].empty()) table[i].member.parse(table[i], flags.texts[i], request);
  }
  return request;
}
}  // namespace

workload::Request workload_request(const WorkloadFlags& flags, const std::string& min_headroom) {
  workload::Request request = build_request(flags);
  request.headroom_pct = headroom_flag(min_headroom);
  if (!request.kind) {
    throw Error("--workload", "no workload given", "add --workload llm-finetune (or llm-pretrain, llm-inference, ...)");
  }
  return request;
}

}  // namespace gpuselect::cli
