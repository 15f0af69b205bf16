// --request-mix: the histogram file's parser and its reduction to means and p90s
// (include/gpuselect/request_mix.hpp).
#include "gpuselect/request_mix.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <cmath>
#include <optional>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"

namespace gpuselect::workload {

namespace {

text::Words format_hint() { return text::words(text::Msg::hint_request_mix_rows); }
constexpr double max_tokens = 1e8;  // ranges.cpp: input/output tokens 1-1e8

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

std::string where(const std::string& file, std::size_t line, std::size_t column) {
  return fmt::format("{}:{}:{}", file, line, column);
}

// The number in `field` (trimmed), or nullopt when it is not one whole finite number.
std::optional<double> number(std::string_view field) {
  field = trim(field);
  if (field.empty() || field.size() > 32) return std::nullopt;
  double value = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (error != std::errc() || end != field.data() + field.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

// The mean value of the top `top_share` of one dimension (longest first, the boundary bin split).
double top_mean(std::vector<std::pair<double, double>> values_and_shares, double top_share, double total_share) {
  std::sort(values_and_shares.begin(), values_and_shares.end(), std::greater<>());
  double taken = 0;
  double sum = 0;
  for (const auto& [value, share] : values_and_shares) {
    const double take = std::min(share / total_share, top_share - taken);
    if (take <= 0) break;
    taken += take;
    sum += value * take;
  }
  return taken > 0 ? sum / taken : 0.0;
}

}  // namespace

std::vector<RequestMixRow> parse_request_mix(std::string_view text, const std::string& file) {
  if (text.size() > request_mix_max_bytes) {
    throw Error::said(where(file, 1, 1), text::words(text::Msg::err_mix_file_large, request_mix_max_bytes), text::words(text::Msg::hint_mix_small));
  }
  std::vector<RequestMixRow> rows;
  std::size_t line_number = 0;
  std::size_t last_row_line = 1;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t newline = text.find('\n', start);
    const std::size_t end = newline == std::string_view::npos ? text.size() : newline;
    const std::string_view line = text.substr(start, end - start);
    ++line_number;
    start = end + 1;
    for (std::size_t column = 0; column < line.size(); ++column) {
      const auto byte = static_cast<unsigned char>(line[column]);
      if ((byte < 0x20 && byte != '\t' && byte != '\r') || byte >= 0x7f) {
        throw Error::said(where(file, line_number, column + 1),
                          text::words(text::Msg::err_mix_binary, fmt::format("0x{:02x}", byte)), format_hint());
      }
    }
    const std::string_view content = trim(line);
    if (content.empty() || content.front() == '#') {
      if (newline == std::string_view::npos) break;
      continue;
    }
    const char first = content.front();
    if (rows.empty() && ((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z'))) {
      // A header (a number starts with a digit, a sign or a point): the three column names in order.
      std::string header;
      for (const char c : content) {
        if (c != ' ' && c != '\t') header += c;
      }
      if (header != "input_tokens,output_tokens,share") {
        throw Error::said(where(file, line_number, 1), text::words(text::Msg::err_mix_header), format_hint());
      }
      if (newline == std::string_view::npos) break;
      continue;
    }
    double values[3] = {0, 0, 0};
    std::size_t field_start = 0;
    for (std::size_t field = 0; field < 3; ++field) {
      const std::size_t comma = line.find(',', field_start);
      const bool last = field == 2;
      if (!last && comma == std::string_view::npos) {
        throw Error::said(where(file, line_number, line.size() + 1),
                          text::words(text::Msg::err_mix_fields, field + 1, field == 0 ? "" : "s"), format_hint());
      }
      if (last && comma != std::string_view::npos) {
        throw Error::said(where(file, line_number, comma + 1), text::words(text::Msg::err_mix_more_fields), format_hint());
      }
      const std::size_t field_end = last ? line.size() : comma;
      const auto value = number(line.substr(field_start, field_end - field_start));
      constexpr text::Msg names[3] = {text::Msg::what_mix_input, text::Msg::what_mix_output, text::Msg::what_mix_share};
      if (!value) {
        throw Error::said(where(file, line_number, field_start + 1), text::words(text::Msg::err_mix_not_number, names[field]), format_hint());
      }
      const bool tokens = field < 2;
      if (tokens ? (*value < 1 || *value > max_tokens) : !(*value > 0 && *value <= 100)) {
        throw Error::said(where(file, line_number, field_start + 1),
                          text::words(text::Msg::err_mix_out_of_range, names[field], fmt::format("{:g}", *value),
                                      tokens ? text::Msg::what_mix_token_range : text::Msg::what_mix_share_range),
                          format_hint());
      }
      values[field] = *value;
      field_start = field_end + 1;
    }
    if (rows.size() == request_mix_max_rows) {
      throw Error::said(where(file, line_number, 1), text::words(text::Msg::err_mix_rows, request_mix_max_rows), text::words(text::Msg::hint_mix_merge));
    }
    rows.push_back({values[0], values[1], values[2]});
    last_row_line = line_number;
    if (newline == std::string_view::npos) break;
  }
  if (rows.empty()) {
    throw Error::said(where(file, line_number, 1), text::words(text::Msg::err_mix_empty), format_hint());
  }
  double total = 0;
  for (const auto& row : rows) total += row.share;
  // Fractions summing to 1, or percentages summing to 100.
  const double scale = std::fabs(total - 100.0) <= 0.5 ? 100.0 : 1.0;
  if (std::fabs(total / scale - 1.0) > 0.005) {
    throw Error::said(where(file, last_row_line, 1), text::words(text::Msg::err_mix_sum, fmt::format("{:g}", total)), text::words(text::Msg::hint_mix_sum));
  }
  for (auto& row : rows) row.share /= total;
  return rows;
}

RequestMixSummary summarize_request_mix(const std::vector<RequestMixRow>& rows) {
  RequestMixSummary summary;
  double total = 0;
  double input = 0;
  double output = 0;
  std::vector<std::pair<double, double>> inputs;
  std::vector<std::pair<double, double>> outputs;
  for (const auto& row : rows) {
    total += row.share;
    input += row.input_tokens * row.share;
    output += row.output_tokens * row.share;
    inputs.emplace_back(row.input_tokens, row.share);
    outputs.emplace_back(row.output_tokens, row.share);
  }
  if (!(total > 0)) return summary;
  const auto whole = [](double value) { return static_cast<int>(std::clamp(std::lround(value), 1L, 100000000L)); };
  summary.input_tokens = whole(input / total);
  summary.output_tokens = whole(output / total);
  constexpr double long_share = 0.1;  // workload::long_request_share
  summary.input_tokens_long =
      std::clamp(whole(top_mean(inputs, long_share, total)), summary.input_tokens, 10 * summary.input_tokens);
  summary.output_tokens_long =
      std::clamp(whole(top_mean(outputs, long_share, total)), summary.output_tokens, 10 * summary.output_tokens);
  return summary;
}

}  // namespace gpuselect::workload
