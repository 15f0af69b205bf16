// Fuzz target: the --request-mix histogram parser (include/gpuselect/request_mix.hpp). Contract:
// rows whose tokens are 1-1e8 and whose shares are positive and sum to 1, or an Error; never a
// crash, never another exception.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "gpuselect/error.hpp"
#include "gpuselect/request_mix.hpp"

namespace {
void require(bool condition) {
  if (!condition) std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace workload = gpuselect::workload;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto rows = workload::parse_request_mix(text, "fuzz.csv");
    require(!rows.empty() && rows.size() <= workload::request_mix_max_rows);
    double total = 0;
    for (const auto& row : rows) {
      require(row.input_tokens >= 1 && row.input_tokens <= 1e8);
      require(row.output_tokens >= 1 && row.output_tokens <= 1e8);
      require(row.share > 0);
      total += row.share;
    }
    require(std::fabs(total - 1.0) < 1e-6);
    const auto summary = workload::summarize_request_mix(rows);
    require(summary.input_tokens >= 1 && summary.input_tokens_long >= summary.input_tokens);
    require(summary.output_tokens >= 1 && summary.output_tokens_long >= summary.output_tokens);
  } catch (const gpuselect::Error&) {
  }
  return 0;
}
