#pragma once
// --request-mix FILE (docs/cli.md, docs/estimation.md "Request mixes"): a small histogram of
// request lengths, one row per bin, read as text by src/io and parsed here (pure: text in, values
// out). The histogram is reduced to what the serving model's two request classes use (docs/estimation.md
// "Request mixes"): the mean prompt and answer lengths, and the mean lengths of the longest 10% of
// requests (the long class, given as the p90: workload::Request input/output tokens and their p90).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace gpuselect::workload {

struct RequestMixRow {
  double input_tokens = 0;   // prompt tokens of the bin's requests
  double output_tokens = 0;  // answer tokens
  double share = 0;          // of all requests, 0-1
};

struct RequestMixSummary {
  int input_tokens = 0;  // share-weighted means, rounded
  int output_tokens = 0;
  // The mean length of the longest 10% of requests (each dimension sorted on its own; a bin is split
  // at the 10% boundary): the long class, so the short class's length (keeping the mean) is exactly
  // the mean of the other 90%. At least the mean; at most 10x the mean by construction.
  int input_tokens_long = 0;
  int output_tokens_long = 0;
};

inline constexpr std::size_t request_mix_max_rows = 1000;
inline constexpr std::size_t request_mix_max_bytes = std::size_t{64} * 1024;

// CSV: an optional header `input_tokens,output_tokens,share`, then rows of three numbers; blank
// lines and lines starting with '#' are skipped. Shares are fractions (or percentages when they sum
// to 100) and must sum to 1 within 0.5%. Throws Error(where = "<file>:<line>:<col>") on any bad
// input: empty, binary or control bytes, a wrong field count, a number out of range (tokens 1-1e8,
// shares above 0), too many rows, shares that do not sum to 1. Never crashes on any bytes.
std::vector<RequestMixRow> parse_request_mix(std::string_view text, const std::string& file);
RequestMixSummary summarize_request_mix(const std::vector<RequestMixRow>& rows);

}  // namespace gpuselect::workload
