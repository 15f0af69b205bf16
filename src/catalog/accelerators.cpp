#include "catalog/accelerators.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <optional>
#include <vector>

namespace gpuselect::catalog::accelerators {

namespace {

// Spellings seen in price lists -> names the catalog knows (GPU ids or aliases in data/gpus.yaml),
// tried in order. Sources: SkyPilot catalogs (skypilot-org/skypilot-catalog catalogs/v8-v9 vms.csv
// AcceleratorName values), dstack/gpuhunt (src/gpuhunt/providers/*.py gpu names), RunPod, Lambda,
// Vast and Azure instance documentation. Keys are normalized().
struct Alias {
  std::string_view spelling;
  std::array<std::string_view, 3> targets;
};
constexpr std::array<Alias, 46> alias_table = {{
    // A100: the 40 GB SXM4 part unless 80 GB or PCIe is named.
    {"a100sxm4", {"a100-sxm4-40gb"}},
    {"a10040gbsxm4", {"a100-sxm4-40gb"}},
    {"a10080gbsxm4", {"a100-sxm4-80gb"}},
    {"a100sxm480gb", {"a100-sxm4-80gb"}},
    {"a10080gbsxm", {"a100-sxm4-80gb"}},
    {"a100sxm", {"a100-sxm4-40gb"}},
    {"a100pcie", {"a100-pcie-40gb"}},
    {"a10040gbpcie", {"a100-pcie-40gb"}},
    {"a100pcie40gb", {"a100-pcie-40gb"}},
    {"a10080gpcie", {"a100-pcie-80gb"}},
    {"a10080gbpcie", {"a100-pcie-80gb"}},
    {"a100pcie80gb", {"a100-pcie-80gb"}},
    // A800 is the export variant of A100 80GB (NVIDIA A800 datasheet); its own record when the
    // catalog has one, no substitute otherwise.
    {"a80080gb", {"a800-sxm4-80gb"}},
    {"a800sxm4", {"a800-sxm4-80gb"}},
    // H100: HBM3 80 GB and "NVLINK" spellings are the SXM5 board (8-GPU HGX); PCIe is named.
    {"h10080gbhbm3", {"h100-sxm5-80gb"}},
    {"h100hbm3", {"h100-sxm5-80gb"}},
    {"h100nvlink", {"h100-sxm5-80gb"}},
    {"h100sxm5", {"h100-sxm5-80gb"}},
    {"h100sxm580gb", {"h100-sxm5-80gb"}},
    {"h10080gbsxm", {"h100-sxm5-80gb"}},
    {"h100sxm80gb", {"h100-sxm5-80gb"}},
    {"h10080gpcie", {"h100-pcie-80gb"}},
    {"h10080gbpcie", {"h100-pcie-80gb"}},
    {"h100pcie80gb", {"h100-pcie-80gb"}},
    {"h100nvl94gb", {"h100-nvl-94gb"}},
    // H200 SXM 141 GB.
    {"h200sxm", {"h200-sxm-141gb"}},
    {"h200141gb", {"h200-sxm-141gb"}},
    {"h200sxm141gb", {"h200-sxm-141gb"}},
    // Blackwell and Ada workstation parts: their records when the catalog has them.
    {"b200sxm", {"b200"}},
    {"b200180gb", {"b200"}},
    {"b200sxm180gb", {"b200"}},
    {"b300sxm", {"b300"}},
    {"b300270gb", {"b300"}},
    // RTX 6000 Ada is its own card (AD102, 48 GB GDDR6): its record when the catalog has one, never
    // an L40 stand-in.
    {"rtx6000ada", {"rtx-6000-ada"}},
    {"rtx6000adageneration", {"rtx-6000-ada"}},
    // RTX PRO 6000 Blackwell: the Server Edition unless the workstation card is named.
    {"rtxpro6000blackwell", {"rtx-pro-6000"}},
    {"rtxpro6000se", {"rtx-pro-6000"}},
    {"rtxpro6000server", {"rtx-pro-6000"}},
    {"rtxpro6000s", {"rtx-pro-6000"}},  // SkyPilot's Vast spelling of the Server Edition
    {"rtxpro600096gb", {"rtx-pro-6000"}},  // Seeweb's "RTX PRO 6000 96GB" (skypilot-catalog v8 seeweb)
    {"rtxpro6000workstation", {"rtx-pro-6000-ws"}},
    {"rtxa6000", {"rtx-a6000"}},
    // AWS g5g: NVIDIA T4G, the T4 for Arm hosts (same GPU, aws.amazon.com/ec2/instance-types/g5g/).
    {"t4g", {"t4"}},
    // V100 by memory.
    {"v100sxm216gb", {"v100-sxm2-16gb"}},
    {"v100sxm232gb", {"v100-sxm2-32gb"}},
    {"v10016gb", {"v100-sxm2-16gb"}},
}};

// Published GPU names without a built-in record (normalized), from the two lists in
// tests/fixtures/accelerator_names: SkyPilot's catalogs (skypilot-org/skypilot-catalog
// catalogs/v8/common/accelerators.csv) and gpuhunt (src/gpuhunt/_internal/constraints.py).
// Then names the clouds' own price lists add (skypilot-catalog catalogs/v8 shadeform, oci, vast
// vms.csv): A2, A16, GB300, RTX 5880 Ada, RTX 4500/5000 Ada, B100; OVHcloud's Tesla V100S (32 GB
// HBM2, not a V100) and the Turing Quadro RTX 4000/5000/8000 Paperspace rents.
constexpr std::array<std::string_view, 69> published_gpu_names = {
    "a16",          "a30",           "a4000",          "a4500",        "a5000",        "gh200",
    "gtx1660s",     "h200nvl",       "k80",            "m4000",        "m60",          "mi100",
    "mi210",        "mi250",         "mi250x",         "mi300a",       "mi308x",       "mi350x",
    "p100",         "p4",            "p4000",          "radeonmi25",   "radeonprov520", "rtx2000ada",
    "rtx2060",      "rtx2060super",  "rtx2070",        "rtx2070super", "rtx2080",      "rtx2080super",
    "rtx2080ti",    "rtx3050",       "rtx3060",        "rtx3060ti",    "rtx3070",      "rtx3070ti",
    "rtx3080",      "rtx3080ti",     "rtx3090ti",      "rtx4000ada",   "rtx4060",      "rtx4060ti",
    "rtx4070",      "rtx4070super",  "rtx4070ti",      "rtx4070tisuper", "rtx4080",    "rtx4080super",
    "rtx5060",      "rtx5060ti",     "rtx5070",        "rtx5070ti",    "rtx5080",      "rtx6000",
    "rtxa4000",     "rtxa4500",      "rtxa5000",       "rtxpro4500",   "a2",           "gb300",
    "rtx5880ada",   "rtx4500ada",    "rtx5000ada",     "b100",         "mi25",         "v100s",
    "rtx4000",      "rtx5000",       "rtx8000",
};

// Name prefixes (normalized) of accelerators that are not GPUs.
constexpr std::array<std::string_view, 11> non_gpu_prefixes = {
    "tpu", "inferentia", "trainium", "gaudi", "hl205", "habana", "xilinx", "vu9p", "qualcomm", "ai100", "u30"};

bool is_sxm(const Gpu& gpu) { return normalized(gpu.id).find("sxm") != std::string::npos; }

// Words of a GPU name that say who makes or sells it, or how the host is built, never which GPU it
// is: dropped before the model is read ("NVIDIA-H100-80GB-HBM3", "H100_PCIE_BAREMETAL", "AMD
// Instinct MI300X", "RTX 6000 Ada Generation"). HBM3 is the memory of every H100 SXM part and of no
// other H100 board listed; MEGA is GCP's a3-mega host for the same SXM board.
constexpr std::array<std::string_view, 15> noise_words = {
    "nvidia", "amd",  "geforce", "tesla", "quadro", "instinct", "generation", "baremetal",
    "metal",  "secure", "dgx",   "hgx",   "hbm3",   "hbm3e",    "mega"};

// Board words at the end of a glued token ("h100sxm5", "h100nvl"), longest first.
constexpr std::array<std::string_view, 8> glued_forms = {"nvlink", "sxm5", "sxm4", "sxm3", "sxm2", "pcie", "sxm", "nvl"};

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

// "80g", "80gb", "141gb": a memory size in GB.
std::optional<int> memory_word(std::string_view word) {
  std::string_view digits = word;
  if (digits.ends_with("gb")) {
    digits.remove_suffix(2);
  } else if (digits.ends_with("g")) {
    digits.remove_suffix(1);
  } else {
    return std::nullopt;
  }
  if (!all_digits(digits) || digits.size() > 4) return std::nullopt;
  return std::stoi(std::string(digits));
}

}  // namespace

ParsedName parse_name(std::string_view name) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!word.empty()) {
      words.push_back(std::move(word));
      word.clear();
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  ParsedName parsed;
  bool nvlink = false;
  const auto board = [&](std::string_view form) {
    if (form == "pcie" || form == "pci") {
      parsed.form = Form::pcie;
    } else if (form == "nvl") {
      parsed.form = Form::nvl;
    } else if (form == "nvlink") {
      nvlink = true;
    } else {
      if (parsed.form == Form::unspecified) parsed.form = Form::sxm;
    }
  };
  for (std::string& each : words) {
    if (std::find(noise_words.begin(), noise_words.end(), each) != noise_words.end()) continue;
    if (const auto memory = memory_word(each)) {
      parsed.memory_gb = *memory;
      continue;
    }
    if (each == "pcie" || each == "pci" || each == "nvl" || each == "nvlink" || each.starts_with("sxm")) {
      board(each);
      continue;
    }
    if (each == "ws" || each == "wk" || each == "workstation") {
      parsed.workstation = true;
      continue;
    }
    if (each == "se" || each == "server") continue;  // the RTX PRO 6000's Server Edition: the default
    // A board glued to the model ("h100sxm5", "h100nvl", "a100pcie"): the model before it must end in a digit.
    for (const auto form : glued_forms) {
      if (each.size() > form.size() + 1 && each.ends_with(form) &&
          std::isdigit(static_cast<unsigned char>(each[each.size() - form.size() - 1])) != 0) {
        board(form);
        each.resize(each.size() - form.size());
        break;
      }
    }
    parsed.model += each;
  }
  // NVLink on a PCIe card is a bridge between pairs (Hyperstack "A100-80G-PCIe-NVLink"); alone it is
  // the SXM board's NVSwitch fabric (Fluidstack "H100-NVLINK").
  if (nvlink && parsed.form == Form::unspecified) parsed.form = Form::sxm;
  return parsed;
}


std::string normalized(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (const char c : name) {
    if (c == ' ' || c == '-' || c == '_') continue;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

bool is_non_gpu(std::string_view name) {
  const std::string key = normalized(name);
  return std::any_of(non_gpu_prefixes.begin(), non_gpu_prefixes.end(),
                     [&](std::string_view prefix) { return key.starts_with(prefix); });
}

bool says_pcie(std::string_view text) { return normalized(text).find("pcie") != std::string::npos; }

bool is_published_gpu_name(std::string_view name) {
  const auto listed = [](const std::string& key) {
    return std::find(published_gpu_names.begin(), published_gpu_names.end(), key) != published_gpu_names.end();
  };
  // As written ("RTX3060"), or its model without board, memory and vendor words ("RTX-A4000_PCIE",
  // "NVIDIA GeForce RTX 3060 12GB").
  return listed(normalized(name)) || listed(parse_name(name).model);
}

std::string dstack_model_name(const Gpu& gpu) {
  std::string name;
  for (const char c : gpu.aliases.empty() ? gpu.id : gpu.aliases.front()) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-') name += c;
  }
  if (name.size() > 4 && (name.starts_with("RTXA") || name.starts_with("rtxa")) &&
      std::isdigit(static_cast<unsigned char>(name[4])) != 0) {
    name.erase(0, 3);
  }
  std::string out;
  std::size_t start = 0;
  bool first = true;
  while (start <= name.size()) {
    const auto dash = name.find('-', start);
    const std::string part = name.substr(start, dash == std::string::npos ? std::string::npos : dash - start);
    std::string upper = part;
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    const bool memory = upper.size() > 2 && upper.ends_with("GB") &&
                        std::all_of(upper.begin(), upper.end() - 2, [](unsigned char c) { return std::isdigit(c); });
    const bool board = upper == "PCIE" || upper.starts_with("SXM") || upper == "MEGA";
    if (first || (!memory && !board)) out += part;
    first = false;
    if (dash == std::string::npos) break;
    start = dash + 1;
  }
  return out;
}

Resolver::Resolver(const Catalog& known) : known_(known) {
  for (const auto& gpu : known.gpus) {
    by_normalized_.try_emplace(normalized(gpu.id), &gpu);
    for (const auto& alias : gpu.aliases) by_normalized_.try_emplace(normalized(alias), &gpu);
    const ParsedName own = parse_name(gpu.id);
    Record record{&gpu, {own.model}, own.form, own.workstation};
    for (const auto& alias : gpu.aliases) {
      const ParsedName spelled = parse_name(alias);
      if (spelled.workstation != own.workstation) continue;
      if (std::find(record.models.begin(), record.models.end(), spelled.model) == record.models.end()) {
        record.models.push_back(spelled.model);
      }
      if (record.form == Form::unspecified) record.form = spelled.form;
    }
    records_.push_back(std::move(record));
  }
}

const Gpu* Resolver::lookup(std::string_view name) const {
  if (const Gpu* gpu = known_.find_gpu(name)) return gpu;
  const auto found = by_normalized_.find(normalized(name));
  return found != by_normalized_.end() ? found->second : nullptr;
}

const Gpu* Resolver::resolve(std::string_view name, bool pcie) const {
  const auto acceptable = [&](const Gpu* gpu) { return gpu != nullptr && !(pcie && is_sxm(*gpu)); };
  if (const Gpu* gpu = lookup(name); acceptable(gpu)) return gpu;
  const std::string key = normalized(name);
  for (const auto& alias : alias_table) {
    if (alias.spelling != key) continue;
    for (const auto target : alias.targets) {
      if (target.empty()) break;
      if (const Gpu* gpu = lookup(target); acceptable(gpu)) return gpu;
    }
  }
  return by_parts(name, pcie);
}

std::vector<const Gpu*> Resolver::all_by_parts(std::string_view name) const {
  const ParsedName wanted = parse_name(name);
  std::vector<const Gpu*> found;
  if (wanted.model.empty()) return found;
  for (const auto& record : records_) {
    if (std::find(record.models.begin(), record.models.end(), wanted.model) == record.models.end()) continue;
    if (wanted.memory_gb && std::abs(record.gpu->memory_gb - *wanted.memory_gb) > 0.05 * record.gpu->memory_gb) continue;
    found.push_back(record.gpu);
  }
  return found;
}

// The record a name's parts describe: the same model (any spelling of the record's), the memory if
// named (within 5%: labels round), the board if named (PCIe never an SXM record, NVL only an NVL
// record), the workstation card only when named. Among several, the SXM or single-form record (the
// model's default board), then catalog order: "A100 SXM" is the 40 GB SXM4, as "A100" is.
const Gpu* Resolver::by_parts(std::string_view name, bool pcie) const {
  ParsedName wanted = parse_name(name);
  if (wanted.model.empty()) return nullptr;
  if (pcie && wanted.form == Form::unspecified) wanted.form = Form::pcie;
  const Gpu* best = nullptr;
  for (const auto& record : records_) {
    if (std::find(record.models.begin(), record.models.end(), wanted.model) == record.models.end()) continue;
    if (wanted.memory_gb && std::abs(record.gpu->memory_gb - *wanted.memory_gb) > 0.05 * record.gpu->memory_gb) continue;
    if (record.workstation != wanted.workstation) continue;
    const bool board_fits = wanted.form == Form::unspecified || record.form == wanted.form ||
                            (record.form == Form::unspecified && wanted.form != Form::nvl);
    if (!board_fits) continue;
    const bool default_board = record.form == Form::sxm || record.form == Form::unspecified;
    if (wanted.form == Form::unspecified && !default_board) {
      if (best == nullptr) best = record.gpu;
      continue;
    }
    return record.gpu;
  }
  return best;
}

}  // namespace gpuselect::catalog::accelerators
