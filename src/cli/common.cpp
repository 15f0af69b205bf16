// Helpers shared by the subcommands: catalog sources, output, workload flags, value parsing.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include <fmt/format.h>

#include "cli/app.hpp"
#include "cli/catalog_update.hpp"
#include "cli/command.hpp"
#include "cli/option_values.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/units.hpp"
#include "io/files.hpp"

namespace gpuselect::cli {

namespace {
const catalog::LoadLimits load_limits{};
}  // namespace

ReadSources read_catalog_sources(const GlobalOptions& globals, const std::vector<std::string>& files,
                                 bool include_configured) {
  ReadSources read;
  std::vector<std::string> paths;
  if (include_configured) {
    for (const auto& setting : globals.settings.catalogs) paths.push_back(setting.value);
    for (const auto& path : globals.catalog_files) paths.push_back(path);
  }
  for (const auto& path : files) paths.push_back(path);
  // Every file is opened (and its size checked) before any is loaded, so a missing one fails fast.
  read.files.reserve(paths.size());
  for (const auto& path : paths)
    read.files.push_back(std::make_unique<io::FileStream>(path, load_limits.max_file_bytes));
  if (!globals.no_builtin_catalog) {
    for (const auto& file : builtin_catalog_files()) {
      read.sources.emplace_back(std::string(file.name), file.text);
    }
  }
  // `catalog update`'s prices come right after the built-in files, so team files still override them.
  if (include_configured) {
    if (const auto update = price_update_in_use(globals)) {
      read.files.insert(read.files.begin(), std::make_unique<io::FileStream>(update->path, load_limits.max_file_bytes));
      paths.insert(paths.begin(), update->path);
    }
  }
  for (std::size_t i = 0; i < paths.size(); ++i) {
    io::FileStream* file = read.files[i].get();
    read.sources.emplace_back(
        paths[i], [file](char* buffer, std::size_t size) { return file->read(buffer, size); }, file->size());
  }
  return read;
}

std::vector<render::CatalogFile> catalog_file_digests(const GlobalOptions& globals) {
  ReadSources read = read_catalog_sources(globals, {});
  std::vector<render::CatalogFile> files;
  files.reserve(read.sources.size());
  // FNV-1a, 64-bit (offset basis and prime from the FNV reference): a content identity, not a
  // security hash.
  constexpr std::uint64_t offset_basis = 14695981039346656037ull;
  constexpr std::uint64_t prime = 1099511628211ull;
  std::vector<char> buffer(1u << 16);
  for (auto& source : read.sources) {
    std::uint64_t hash = offset_basis;
    const auto add = [&](const char* data, std::size_t size) {
      for (std::size_t i = 0; i < size; ++i) {
        hash ^= static_cast<unsigned char>(data[i]);
        hash *= prime;
      }
    };
    if (source.read) {
      for (std::size_t got = source.read(buffer.data(), buffer.size()); got > 0;
           got = source.read(buffer.data(), buffer.size()))
        add(buffer.data(), got);
    } else {
      add(source.text.data(), source.text.size());
    }
    files.push_back({source.name, fmt::format("fnv1a64:{:016x}", hash)});
  }
  return files;
}

std::vector<const void*>& objects_kept_until_exit() {
  static auto* kept = new std::vector<const void*>();
  return *kept;
}

catalog::Catalog load_catalog(const GlobalOptions& globals, const std::vector<std::string>& extra_files) {
  const ReadSources read = read_catalog_sources(globals, extra_files);
  if (read.sources.empty()) {
    throw Error("--no-builtin-catalog", "no catalog to read", "give --catalog FILE or drop --no-builtin-catalog");
  }
  catalog::LoadResult result = catalog::load(read.sources, load_limits);
  const auto first_error = std::find_if(result.diagnostics.begin(), result.diagnostics.end(),
                                        [](const Diagnostic& d) { return d.severity == Severity::error; });
  if (first_error != result.diagnostics.end()) {
    const auto error_count = std::count_if(result.diagnostics.begin(), result.diagnostics.end(),
                                           [](const Diagnostic& d) { return d.severity == Severity::error; });
    std::string hint = first_error->hint;
    if (error_count > 1) {
      hint += (hint.empty() ? "" : " ") +
              fmt::format("({} more; run 'gpuselect catalog validate' to list them all)", error_count - 1);
    }
    std::string where = first_error->file;
    if (first_error->line > 0) where += fmt::format(":{}:{}", first_error->line, first_error->column);
    throw Error(where, first_error->message, hint);
  }
  return std::move(result.catalog);
}

const CLI::Validator& non_empty_value() {
  // An empty value ("--params ''") is a mistake, not "flag not given"; app.cpp adds it to every option.
  static const CLI::Validator validator(
      [](const std::string& value) { return value.empty() ? std::string("the value is empty") : std::string(); }, "",
      "non-empty");
  return validator;
}

void add_output_options(CLI::App& command, OutputOptions& options, bool with_top,
                        const std::vector<std::string>& formats) {
  command.add_option("--format", options.format, "Output format (default table)")
      ->type_name(type_with_choices("FORMAT", formats));
  command.add_option("--output,-o", options.output,
                     "Write to FILE (atomically for a regular file; - is standard output; docs/hardening.md)");
  if (with_top) {
    command
        .add_option("--top", options.top,
                    "Ranked rows shown, or 'all' (table, markdown, html: default 10 or the config's top; json, csv: "
                    "default all)");
  }
  if (std::find(formats.begin(), formats.end(), "json") != formats.end())
    command.add_flag("--pretty", options.pretty, "Indent JSON for people (default compact, one line)");
}

render::Format resolve_format(const OutputOptions& options, const GlobalOptions& globals,
                              const std::vector<std::string>& allowed) {
  const bool from_flag = !options.format.empty();
  const std::string text = from_flag ? options.format : globals.settings.format.value;
  const std::string where = from_flag ? "--format" : globals.settings.format.origin;
  const auto format = render::parse_format(text);
  if (!format || std::find(allowed.begin(), allowed.end(), text) == allowed.end()) {
    // A config default that this command does not print falls back to table.
    if (!from_flag && format) return render::Format::table;
    throw unknown_id(where, "format", text, allowed, one_of(allowed));
  }
  return *format;
}

render::Style make_style(const OutputOptions& options, const GlobalOptions& globals, render::Format format) {
  render::Style style;
  const bool to_terminal = (!options.output || *options.output == "-") && io::is_terminal(STDOUT_FILENO);
  // A terminal's width (COLUMNS wins); output for a pipe or file is not truncated unless COLUMNS is set.
  constexpr int unlimited_width = 100000;
  const char* columns = std::getenv("COLUMNS");
  style.width =
      to_terminal || (columns != nullptr && *columns != '\0') ? io::terminal_width(STDOUT_FILENO) : unlimited_width;
  const bool color_from_flag = globals.color != "auto";
  const std::string color = color_from_flag ? globals.color : globals.settings.color.value;
  if (color == "always") {
    style.color = true;
  } else if (color == "never") {
    style.color = false;
  } else if (color == "auto") {
    const char* no_color = std::getenv("NO_COLOR");
    style.color = to_terminal && (no_color == nullptr || *no_color == '\0');
  } else {
    throw unknown_choice(color_from_flag ? "--color" : globals.settings.color.origin, "color mode", color, "",
                         "--color");
  }
  style.color = style.color && format == render::Format::table;
  style.pretty = options.pretty;
  if (options.top == "all") {
    style.top = 0;
  } else if (!options.top.empty()) {
    style.top = parse_whole_quantity(options.top, "--top", ranges::Quantity::top);
    style.machine_top = style.top;
  } else {
    style.top = parse_whole_quantity(globals.settings.top.value, globals.settings.top.origin, ranges::Quantity::top);
  }
  return style;
}

namespace {
constexpr const char* stdout_hint = "check free space, and that the program reading the pipe is still running";

[[noreturn]] void stdout_failure(int error_number) {
  throw Error(ErrorKind::io, "stdout", std::strerror(error_number), stdout_hint);
}
}  // namespace

void write_stdout(std::string_view text) {
  errno = 0;
  const std::size_t put = std::fwrite(text.data(), 1, text.size(), stdout);
  if (put != text.size() || std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    stdout_failure(errno != 0 ? errno : EIO);
  }
}

int finish_stdout(int exit_code, int earlier_errno) {
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    const int error_number = errno != 0 ? errno : earlier_errno != 0 ? earlier_errno : EIO;
    std::clearerr(stdout);
    if (exit_code != exit_ok) return exit_code;  // the first error was reported already
    std::fprintf(stderr, "gpuselect: error: %s\n",
                 Error(ErrorKind::io, "stdout", std::strerror(error_number), stdout_hint).line().c_str());
    return exit_io;
  }
  return exit_code;
}

void emit(const OutputOptions& options, const std::string& text, std::optional<render::Format> format, bool color) {
  const bool human = format && *format != render::Format::json && *format != render::Format::html;
  const std::string safe = human ? render::terminal_safe(text, *format, color) : std::string();
  const std::string& shown = human ? safe : text;
  if (!options.output || *options.output == "-") {
    write_stdout(shown);
    return;
  }
  io::write_output(*options.output, shown);
}

void emit_streamed(const OutputOptions& options, render::Format format, bool color,
                   const std::function<void(std::ostream&)>& draw) {
  const bool human = format != render::Format::json && format != render::Format::html;
  const io::Draw safe_draw = [&](std::ostream& out) {
    if (!human) {
      draw(out);
      return;
    }
    render::TerminalSafeBuffer filter(out, format, color);
    std::ostream filtered(&filter);
    draw(filtered);
    filter.finish();
  };
  if (!options.output || *options.output == "-") {
    std::fflush(stdout);  // whatever stdio holds goes first
    io::write_descriptor(STDOUT_FILENO, "stdout", safe_draw, stdout_hint);
    return;
  }
  io::write_output_streamed(*options.output, safe_draw);
}

void add_workload_options(CLI::App& command, WorkloadFlags& flags) {
  struct FlagSpec {
    const char* name;
    std::string WorkloadFlags::*field;
    const char* help;
  };
  static const FlagSpec table[] = {
      {"--workload,-w", &WorkloadFlags::workload,
       "Job kind (the rest of the flags depend on it)"},
      {"--params,-p", &WorkloadFlags::params, "Model parameters: 7e9, 7B, 350M, 1.5T, 70_000_000_000"},
      {"--model,-m", &WorkloadFlags::model, "Model preset from the catalog (gpuselect catalog models)"},
      {"--layers", &WorkloadFlags::layers, "Custom shape: transformer layers"},
      {"--hidden", &WorkloadFlags::hidden, "Custom shape: hidden size"},
      {"--heads", &WorkloadFlags::heads, "Custom shape: attention heads"},
      {"--kv-heads", &WorkloadFlags::kv_heads, "Custom shape: key/value heads (grouped-query attention)"},
      {"--ffn", &WorkloadFlags::ffn, "Custom shape: feed-forward size"},
      {"--active-params", &WorkloadFlags::active_params, "Custom MoE: parameters active per token (e.g. 13B)"},
      {"--experts", &WorkloadFlags::experts, "Custom MoE: routed experts per MoE layer"},
      {"--experts-per-token", &WorkloadFlags::experts_per_token, "Custom MoE: routed experts chosen per token (top-k)"},
      {"--vocab", &WorkloadFlags::vocab, "Custom shape: vocabulary size"},
      {"--method", &WorkloadFlags::method, "Fine-tuning method: full, lora, qlora (default full)"},
      {"--lora-rank", &WorkloadFlags::lora_rank, "LoRA rank (default 16)"},
      {"--lora-targets", &WorkloadFlags::lora_targets,
       "LoRA target matrices, comma-separated (default q_proj,k_proj,v_proj,o_proj)"},
      {"--precision", &WorkloadFlags::precision,
       "Training: bf16 (default), fp16, fp32, fp8; serving: bf16, fp16, fp8, int8, int4, fp4 (FP4 GPUs)"},
      {"--optimizer", &WorkloadFlags::optimizer, "adamw (default), sgd, adam-8bit, adamw-bf16 (pure bf16 states)"},
      {"--quant-bits", &WorkloadFlags::quant_bits, "QLoRA base weight bits: 4 (NF4, default), 8, 2"},
      {"--seq-len", &WorkloadFlags::seq_len, "Training sequence length in tokens"},
      {"--micro-batch", &WorkloadFlags::micro_batch, "Sequences per GPU per micro-step (default: searched)"},
      {"--global-batch", &WorkloadFlags::global_batch, "Training tokens per optimizer step (default 4M pretrain)"},
      {"--recompute", &WorkloadFlags::recompute, "Activation recomputation: none, selective, full (default: searched)"},
      {"--attention", &WorkloadFlags::attention, "Attention kernel: flash (default), eager"},
      {"--tokens", &WorkloadFlags::tokens, "Training tokens (samples for cv-train); default per workload"},
      {"--zero", &WorkloadFlags::zero, "ZeRO stage: auto (default), 0, 1, 2, 3"},
      {"--offload", &WorkloadFlags::offload,
       "Offload: none, optimizer, all (to CPU), nvme (default: searched, CPU only)"},
      {"--pipeline-parallel", &WorkloadFlags::pipeline_parallel, "Training: pipeline stages (default: searched)"},
      {"--context-parallel", &WorkloadFlags::context_parallel,
       "Training: GPUs splitting a sequence (default: searched)"},
      {"--expert-parallel", &WorkloadFlags::expert_parallel,
       "Training a mixture of experts: GPUs the routed experts are spread over (default: searched)"},
      {"--mfu", &WorkloadFlags::mfu, "Model FLOPs utilisation override, 0-1"},
      {"--checkpoint-minutes", &WorkloadFlags::checkpoint_minutes, "Minutes between checkpoints (spot lost work)"},
      {"--context", &WorkloadFlags::context, "Serving: context length in tokens"},
      {"--batch", &WorkloadFlags::batch,
       "Serving: concurrent sequences per replica (llm-inference: default the largest that fits and meets targets)"},
      {"--ttft-ms", &WorkloadFlags::ttft_ms, "llm-inference: time-to-first-token target, p50 ms (default 2000)"},
      {"--tpot-ms", &WorkloadFlags::tpot_ms, "llm-inference: time-per-output-token target, p50 ms (default 200)"},
      {"--requests-per-s", &WorkloadFlags::requests_per_s, "Serving: requests per second to sustain"},
      {"--input-tokens", &WorkloadFlags::input_tokens, "Serving: prompt tokens per request"},
      {"--output-tokens", &WorkloadFlags::output_tokens, "Serving: generated tokens per request"},
      {"--tensor-parallel", &WorkloadFlags::tensor_parallel,
       "GPUs per replica / tensor-parallel degree (power of two)"},
      {"--egress-gb", &WorkloadFlags::egress_gb, "GB leaving the cloud (checkpoints, datasets), priced as egress"},
      {"--hours", &WorkloadFlags::hours, "Serving and notebooks: hours of use to price"},
  };
  for (const auto& spec : table) {
    command.add_option(spec.name, flags.*spec.field, spec.help)->group("Workload");
  }
}

double parse_number_of(const std::string& text, const std::string& where, ranges::Quantity quantity) {
  const auto value = units::parse_number(text);
  if (!value) {
    const auto& range = ranges::range_of(quantity);
    throw Error(
        where, text::quoted(text) + " is not a finite number",
        fmt::format("give {} such as {}", range.whole ? "a whole number" : "a number", range.whole ? "4" : "12.5"));
  }
  return *value;
}

double parse_quantity(const std::string& text, const std::string& where, ranges::Quantity quantity) {
  return ranges::check(quantity, parse_number_of(text, where, quantity), where, text);
}

int parse_whole_quantity(const std::string& text, const std::string& where, ranges::Quantity quantity) {
  // Every whole-number range ends far below INT_MAX (ranges.cpp), so the conversion is exact.
  return static_cast<int>(parse_quantity(text, where, quantity));
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = text.find(',', start);
    std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto first = item.find_first_not_of(" \t");
    const auto last = item.find_last_not_of(" \t");
    if (first != std::string::npos) items.push_back(item.substr(first, last - first + 1));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return items;
}

std::string today_utc() {
  if (const char* pinned = std::getenv("GPUSELECT_TODAY"); pinned != nullptr && *pinned != '\0') {
    if (!catalog::days_between(pinned, pinned)) {
      throw Error("GPUSELECT_TODAY", text::quoted(pinned) + " is not a date", "write YYYY-MM-DD");
    }
    return pinned;
  }
  const auto today = std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now());
  const std::chrono::year_month_day date{today};
  return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                     static_cast<unsigned>(date.day()));
}

}  // namespace gpuselect::cli
