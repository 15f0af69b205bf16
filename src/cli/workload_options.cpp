// The workload options, one per row of workload::flags(): CLI11 options bound to strings, then
// parsed by each row so that every error names its flag.
#include "cli/workload_options.hpp"

#include "cli/option_table.hpp"
#include "cli/ranking_flags.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/request_mix.hpp"
#include "io/files.hpp"

namespace gpuselect::cli {

namespace {
// The workload option that is no row of workload::flags(): a file, read here (apply_request_mix).
const OptionRow<WorkloadFlags> request_mix_option[] = {
    {{"--request-mix",
      "llm-inference: a CSV histogram of request lengths (rows input_tokens,output_tokens,share); sets "
      "the means and the longest 10%'s lengths in place of --input-tokens/--output-tokens and their -p90",
      "Workload"},
     &WorkloadFlags::request_mix, {.type = "FILE", .file = true}},
};
}  // namespace

void add_workload_options(CLI::App& command, WorkloadFlags& flags) {
  const auto& table = workload::flags();
  for (std::size_t i = 0; i < table.size(); ++i) {
    const workload::Flag& flag = table[i];
    std::string names(flag.name);
    if (!flag.short_name.empty()) names += "," + std::string(flag.short_name);
    // Each row's text is an element of WorkloadFlags::texts, the row's own member.
    const OptionValues values{.type = flag.type,
                              .choices = flag.choices,
                              .ids = flag.names_model ? CatalogIds::model : CatalogIds::none,
                              .list = flag.member.value == workload::FlagValue::list,
                              .range = flag.range};
    add_table_option(command, {names, std::string(flag.help), "Workload"}, values, flags.texts[i]);
  }
  register_options(command, flags, request_mix_option);
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

// --request-mix FILE: the histogram's means and p90s in place of the length flags.
void apply_request_mix(const std::string& path, workload::Request& request) {
  if (!request.kind || workload::kind_traits(*request.kind).physics != workload::Physics::token_serving) {
    throw Error::said("--request-mix", text::words(text::Msg::err_mix_not_inference), text::words(text::Msg::hint_mix_not_inference));
  }
  if (request.input_tokens || request.output_tokens || request.input_tokens_p90 || request.output_tokens_p90) {
    throw Error::said("--request-mix", text::words(text::Msg::err_mix_and_flags), text::words(text::Msg::hint_mix_and_flags));
  }
  // One byte over the limit lets the parser say the limit in its own words.
  const std::string text = io::read_text(path, workload::request_mix_max_bytes + 1);
  const auto summary = workload::summarize_request_mix(workload::parse_request_mix(text, path));
  request.input_tokens = summary.input_tokens;
  request.output_tokens = summary.output_tokens;
  // The long class's lengths stand for the p90 (the two-class model plans the longest 10% there).
  if (summary.input_tokens_long > summary.input_tokens) request.input_tokens_p90 = summary.input_tokens_long;
  if (summary.output_tokens_long > summary.output_tokens) request.output_tokens_p90 = summary.output_tokens_long;
}
}  // namespace

workload::Request workload_request(const WorkloadFlags& flags) {
  workload::Request request = build_request(flags);
  if (!request.kind) {
    throw Error::said("--workload", text::words(text::Msg::err_no_workload), text::words(text::Msg::hint_no_workload));
  }
  if (!flags.request_mix.empty()) apply_request_mix(flags.request_mix, request);
  return request;
}

}  // namespace gpuselect::cli
