// Launch files for a ranked pick (docs/cli.md "Launch the pick"). Field names and value formats:
// SkyPilot https://docs.skypilot.co/en/latest/reference/yaml-spec.html (schema: sky/utils/schemas.py,
// transcribed in tests/py/test_launch_schema.py), dstack
// https://dstack.ai/docs/reference/dstack.yml/task and https://dstack.ai/docs/reference/profiles.yml/.
#include "gpuselect/launch.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

#include <fmt/format.h>

#include "catalog/accelerators.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/job_disk.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/safe_text.hpp"
#include "gpuselect/skypilot_import.hpp"
#include "gpuselect/units.hpp"
#include "gpuselect/workload_kinds.hpp"

namespace gpuselect::launch {

namespace {

using catalog::PricingMode;

constexpr std::array<std::string_view, 2> launcher_spellings = {"skypilot", "dstack"};

// Catalog provider id -> SkyPilot cloud (`sky check` / `infra:` names) and dstack backend type.
// Sources: SkyPilot's published cloud list (https://docs.skypilot.co/en/latest/getting-started/
// installation.html; one module per cloud in skypilot-org/skypilot sky/clouds/*.py: aws, azure, gcp,
// oci, lambda, runpod, fluidstack, paperspace, cudo, ibm, scp, nebius, do, vast, hyperbolic,
// seeweb, shadeform, yotta, mithril, primeintellect, hyperstack, verda, coreweave, cloudrift,
// novita, ovhcloud, scaleway, lium, spheron; and the clouds with a catalog module in
// sky/catalog/<cloud>_catalog.py: daytona, latitude, modal, ppio, quantacloud); dstack's backend types (https://dstack.ai/docs/concepts/
// backends/; dstackai/dstack src/dstack/_internal/core/models/backends/base.py BackendType: aws,
// azure, cloudrift, crusoe, cudo, datacrunch/verda, digitalocean, gcp, hotaisle, jarvislabs, lambda,
// nebius, oci, runpod, tensordock, vastai, vultr, amddevcloud). Provider ids are the SkyPilot catalog folder names that
// `catalog import skypilot` takes, plus the other tool's name for the same cloud. Empty: no backend
// in that tool.
const std::vector<ProviderNames> provider_table = {
    {"aws", "aws", "aws"},
    {"gcp", "gcp", "gcp"},
    {"azure", "azure", "azure"},
    {"oci", "oci", "oci"},
    {"lambda", "lambda", "lambda"},
    {"runpod", "runpod", "runpod"},
    {"nebius", "nebius", "nebius"},
    {"fluidstack", "fluidstack", ""},
    {"vast", "vast", "vastai"},
    {"cudo", "cudo", "cudo"},
    {"verda", "verda", "verda"},
    {"datacrunch", "verda", "datacrunch"},
    {"do", "do", "digitalocean"},
    {"digitalocean", "do", "digitalocean"},
    {"paperspace", "paperspace", ""},
    {"ibm", "ibm", ""},
    {"scp", "scp", ""},
    {"hyperbolic", "hyperbolic", ""},
    {"seeweb", "seeweb", ""},
    {"shadeform", "shadeform", ""},
    {"yotta", "yotta", ""},
    {"mithril", "mithril", ""},
    {"primeintellect", "primeintellect", ""},
    {"hyperstack", "hyperstack", ""},
    {"coreweave", "coreweave", ""},
    {"cloudrift", "cloudrift", "cloudrift"},
    {"novita", "novita", ""},
    {"ovhcloud", "ovhcloud", ""},
    {"scaleway", "scaleway", ""},
    {"lium", "lium", ""},
    {"spheron", "spheron", ""},
    {"daytona", "daytona", ""},
    {"latitude", "latitude", ""},
    {"modal", "modal", ""},
    {"ppio", "ppio", ""},
    {"quantacloud", "quantacloud", ""},
    {"hotaisle", "", "hotaisle"},
    {"crusoe", "", "crusoe"},
    {"jarvislabs", "", "jarvislabs"},
    {"amddevcloud", "", "amddevcloud"},
    {"tensordock", "", "tensordock"},
    {"vultr", "", "vultr"},
};

// Clouds whose reserved capacity the launchers target by its name: SkyPilot's
// `<cloud>.specific_reservations` in ~/.sky/config.yaml (AWS capacity reservations and blocks, GCP
// reservations) and dstack's `reservation:` (the same). Another provider's capacity block is a
// cluster it hands over (Lambda's 1-Click Clusters: SSH, Kubernetes or Slurm once the reservation is
// approved), which no launcher provisions by instance type (expert review 40, R1: the 1CC file would
// have launched 14 on-demand VMs without InfiniBand at the hourly price).
constexpr std::array<std::string_view, 2> reservation_clouds = {"aws", "gcp"};
bool reservations_by_name(std::string_view provider) {
  return std::find(reservation_clouds.begin(), reservation_clouds.end(), provider) != reservation_clouds.end();
}

// The row of `provider` when `launcher` has a name for it.
const ProviderNames* names_of(std::string_view provider, Launcher launcher) {
  for (const auto& entry : provider_table) {
    if (entry.provider != provider) continue;
    const std::string_view name = launcher == Launcher::skypilot ? entry.skypilot_cloud : entry.dstack_backend;
    return name.empty() ? nullptr : &entry;
  }
  return nullptr;
}

}  // namespace

std::string supported_providers(Launcher launcher) {
  std::string list;
  for (const auto& entry : provider_table) {
    const std::string_view name = launcher == Launcher::skypilot ? entry.skypilot_cloud : entry.dstack_backend;
    if (name.empty()) continue;
    if (!list.empty()) list += ", ";
    list += entry.provider;
  }
  return list;
}

namespace {

// `text` with ASCII letters in lower case (names and YAML words, never locale text).
std::string ascii_lower(std::string_view text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower;
}

bool is_reserved_word(std::string_view text) {
  // YAML 1.1 booleans and nulls that a plain scalar would be read as (PyYAML, SkyPilot, dstack).
  static constexpr std::array<std::string_view, 11> words = {"y",    "n",     "yes",  "no", "on", "off",
                                                             "true", "false", "null", "~",  "nan"};
  return std::find(words.begin(), words.end(), ascii_lower(text)) != words.end();
}

bool plain_safe(std::string_view text) {
  if (text.empty() || !std::isalpha(static_cast<unsigned char>(text.front())) || is_reserved_word(text)) return false;
  char previous = '\0';
  for (const char c : text) {
    const bool word = std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '_' || c == '/' || c == '-';
    if (!word && c != ':') return false;
    if (c == ':' && previous == ':') return false;
    previous = c;
  }
  return text.back() != ':';
}

// One line for a YAML comment: no line breaks or controls can end the comment early.
std::string comment_text(std::string_view text) { return text::neutralise(text); }

// Letters, digits and '-' of a name: what both tools' GPU names are made of, so a catalog alias
// with ':' or spaces cannot change the NAME:COUNT structure of the value it goes into.
std::string name_characters(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-') out += c;
  }
  return out;
}

// The GPU's own SkyPilot-style name: the catalog's first alias (data/gpus.yaml: "A100-80GB",
// "H100", "L40S"); the GPU id when it has none.
std::string gpu_alias_name(const catalog::Gpu& gpu) {
  std::string name = name_characters(gpu.aliases.empty() ? gpu.id : gpu.aliases.front());
  if (name.empty()) name = name_characters(gpu.id);
  return name.empty() ? std::string("GPU") : name;
}

// SkyPilot's accelerator name for the offer: the source price list's own (Offering::launch, e.g.
// "A100-80GB" for a PCIe card, "H100-NVLINK" on fluidstack, "H100-MEGA" for GCP a3-megagpu-8g,
// "H100_SXM5" on Spheron, "RTX PRO 6000 96GB" on Seeweb), exactly as written, which is what
// `sky launch` looks up in that cloud's catalog; else the GPU's alias. Controls are dropped.
std::string skypilot_accelerator(const catalog::Offering& offering, const catalog::Gpu& gpu) {
  std::string name;
  for (const char c : offering.launch.accelerator.view()) {
    if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f) name += c;
  }
  const bool blank = std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isspace(c) != 0; });
  return blank ? gpu_alias_name(gpu) : name;
}

// `accelerators:` for NAME and COUNT: SkyPilot's NAME:COUNT string when the name is letters, digits,
// '-', '_' and '.'; otherwise its {NAME: COUNT} mapping (the YAML spec's "set" form, one entry), in
// which a space or a ':' in the name cannot change the count.
std::string skypilot_accelerators(const std::string& name, int count) {
  const bool plain = std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_' || c == '.';
  });
  return plain ? yaml_scalar(fmt::format("{}:{}", name, count)) : fmt::format("{{{}: {}}}", yaml_scalar(name), count);
}

// The region as the source price list spells it (Offering::launch.regions), e.g. Vast's
// "Texas, US, NA" for region Texas-US-NA, ", US, NA" for "US, NA"; the region id otherwise.
std::string source_region(const catalog::Offering& offering, const std::string& region) {
  const std::string wanted = catalog::region_id(region);
  for (const auto& spelling : offering.launch.regions) {
    if (catalog::region_id(spelling) == wanted) return spelling;
  }
  return region;
}

// Disk per node, GB: two checkpoints and the dataset plus 64 GB for the image, libraries and logs
// (assumption), rounded up to 32 GB, at least SkyPilot's default of 256 GB (sky/resources.py
// DEFAULT_DISK_SIZE_GB).
int disk_gb(const workload::Profile& profile) {
  const double stored_gb =
      (2 * estimate::checkpoint_bytes(profile) + estimate::dataset_bytes(profile)) / units::bytes_per_gb;
  const double wanted = std::isfinite(stored_gb) ? stored_gb + 64.0 : 256.0;
  const double rounded = std::ceil(wanted / 32.0) * 32.0;
  return static_cast<int>(std::clamp(rounded, 256.0, 65536.0));
}

// The per-instance price in USD, rounded up to the cent (dstack's max_price is dollars per hour).
double max_price_usd(const scoring::Ranking& ranking, const scoring::Candidate& candidate) {
  const int instances = std::max(1, candidate.cost.instances);
  const double rate = ranking.currency_rate > 0 ? ranking.currency_rate : 1.0;
  return std::ceil(candidate.cost.price_per_hour / instances / rate * 100.0 - 1e-9) / 100.0;
}

// The task name both tools accept: lower-case letters, digits and '-', starting with a letter.
std::string task_name(const workload::Profile& profile) {
  std::string name = "gpuselect-" + std::string(workload::to_string(profile.kind));
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '-';
  }
  return name;
}

struct Pick {
  const catalog::Offering& offering;
  const catalog::Provider& provider;
  const catalog::Gpu& gpu;
  std::string region;  // empty when the offering lists none or the row holds in any of them
  int nodes = 1;
  int instances = 1;  // serving may need more instances than one task's nodes (replicas)
  bool owned = false;
  // A capacity block the provider hands over as a cluster (reservations_by_name): launched as an
  // owned cluster is, on an SSH node pool or fleet named by the provider id.
  bool handed_over = false;
  bool pooled() const { return owned || handed_over; }
  // A row whose one price holds in several regions (Candidate::any_region): that price is one
  // region's list price for all of them, so pinning the alphabetically first sent launches to opt-in
  // and restricted regions (af-south-1, australiacentral) nobody priced (expert review 31, R1). The
  // launcher picks among them: `any_of_regions` counts them; `regions` lists them (as the source
  // spells them) where --region left out some of the offering's, and is empty where it left out none
  // (the file then names the cloud alone).
  std::size_t any_of_regions = 0;
  std::vector<std::string> regions{};
};

// A serving pick whose replica fits on one instance runs as a service: replicas behind the launcher's
// load balancer (SkyServe https://docs.skypilot.co/en/latest/serving/sky-serve.html, dstack services
// https://dstack.ai/docs/concepts/services/), one launcher replica per instance, each instance running
// as many engine replicas as its GPUs hold (data parallel). A replica over several nodes (pipeline
// stages across hosts) stays a task: neither service runs a multi-node replica.
struct Service {
  int replicas = 1;           // launcher replicas: the instances the load needs
  std::string model;          // the preset's Hugging Face id; empty for a custom model or an image server
  std::string setup;          // installs the engine; empty when the command is a placeholder
  std::vector<std::string> command;  // the serving command, one argument group per line
  std::vector<std::string> notes;    // comment lines above the command
};

// The port the engine listens on (vLLM's default, https://docs.vllm.ai/en/stable/cli/serve.html).
constexpr int service_port = 8000;

// Letters, digits and . _ / - only: a Hugging Face repository id, safe in a shell command line.
bool hub_id_safe(std::string_view id) {
  return !id.empty() && id.find('/') != std::string_view::npos && std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '_' || c == '/' || c == '-';
  });
}

// The preset's Hugging Face repository id among its aliases (data/models.yaml writes the hub
// spellings there): an instruction-tuned one first, as that is what is served; empty when none.
std::string hub_model_id(const catalog::Catalog& catalog, const workload::Profile& profile) {
  const catalog::ModelPreset* preset = catalog.find_model(profile.model_id);
  if (preset == nullptr) return {};
  std::string first;
  for (const auto& alias : preset->aliases) {
    if (!hub_id_safe(alias)) continue;
    if (first.empty()) first = alias;
    if (ascii_lower(alias).find("instruct") != std::string::npos) return alias;
  }
  return first;
}

// The vLLM command that serves the plan (flags: https://docs.vllm.ai/en/stable/cli/serve.html): the
// tensor parallel the plan chose, the replicas an instance holds as data parallel, the context the
// KV cache was sized for, the batch the latency targets allow, and the precision the plan assumed.
Service vllm_service(const catalog::Catalog& catalog, const workload::Profile& profile,
                     const estimate::Plan& plan, const catalog::Offering& offering, int replicas) {
  Service service;
  service.replicas = replicas;
  service.model = hub_model_id(catalog, profile);
  service.setup = "pip install vllm";
  const int tensor_parallel = std::max(1, plan.tensor_parallel);
  const int data_parallel = std::max(1, offering.gpu_count / tensor_parallel);
  if (service.model.empty()) service.notes.emplace_back("Placeholder: replace MODEL with your checkpoint's path or Hugging Face id.");
  service.command.push_back("vllm serve " + (service.model.empty() ? std::string("MODEL") : service.model));
  std::string parallel = fmt::format("--tensor-parallel-size {}", tensor_parallel);
  if (data_parallel > 1) parallel += fmt::format(" --data-parallel-size {}", data_parallel);
  service.command.push_back(parallel);
  const int batch = plan.batch > 0 ? plan.batch : profile.batch;
  service.command.push_back(fmt::format("--max-model-len {} --max-num-seqs {}", profile.context, std::max(1, batch)));
  using workload::Precision;
  const bool released_fp8 = profile.model_weights_precision == catalog::WeightsPrecision::fp8;
  const bool released_fp4 = profile.model_weights_precision == catalog::WeightsPrecision::fp4;
  switch (profile.precision) {
    case Precision::fp8:
      // Online FP8 quantisation of bf16 weights (vLLM "FP8 W8A8"); a checkpoint released in FP8 loads as is.
      if (!released_fp8 && !released_fp4) service.command.emplace_back("--quantization fp8");
      break;
    case Precision::fp16:
      service.command.emplace_back("--dtype float16");
      break;
    case Precision::int8:
    case Precision::int4:
    case Precision::fp4:
      if (!released_fp4) {
        service.notes.push_back(fmt::format("The plan assumes {} weights: serve a checkpoint quantised to them (AWQ, GPTQ or NVFP4).",
                                            workload::to_string(profile.precision)));
      }
      break;
    case Precision::bf16:
    case Precision::fp32:
      break;
  }
  service.command.push_back(fmt::format("--host 0.0.0.0 --port {}", service_port));
  return service;
}

// An image server has no standard engine: a placeholder listening on the service port.
Service image_service(int replicas) {
  Service service;
  service.replicas = replicas;
  service.notes.push_back(
      fmt::format("Placeholder: replace serve.py with your server; it listens on port {} and answers GET /health.", service_port));
  service.command.push_back(fmt::format("python serve.py --host 0.0.0.0 --port {}", service_port));
  return service;
}

// What each launcher's file says in its opening comments (indexed by Launcher).
struct LauncherWords {
  std::string_view task;      // what the file is
  std::string_view replicas;  // how to run the replicas a load needs, before their count
  std::string_view reserved;  // a reserved term of a reservations_by_name cloud: one comment line, {} = the cloud
  std::string_view block;     // a capacity block of such a cloud: comment lines, {} = the cloud (SkyPilot's key)
  std::string_view reserved_other;  // either where the launcher targets none by name, {} = the provider id
  std::string_view owned;     // an owned cluster: comment lines, {} = the provider id as a YAML scalar
  std::string_view handed_over;  // a cluster a capacity block hands over: comment lines, {} = the provider id
  std::string_view launch;    // the command that launches the file: one comment line
  std::string_view launch_spot;  // the same for a spot pick, which must survive preemption
  std::string_view service;      // what a service file is
  std::string_view launch_service;  // the command that launches a service: one comment line
};
constexpr std::array<LauncherWords, 2> launcher_words{{
    {"SkyPilot task", "serve it with `sky serve` and replicas: ",
     "# Reserved term: {}'s reserved-instance and committed-use rates bill on-demand instances of this type.\n",
     "# Capacity block: before launching, name its reservation id in ~/.sky/config.yaml\n"
     "# ({}: specific_reservations: [<id>]); without it SkyPilot rents on-demand instances at the hourly price.\n",
     "# Reserved capacity: SkyPilot launches by instance type and targets no {} reservation; ask the provider.\n",
     "# Owned cluster: declare its hosts as SSH Node Pool {} in ~/.sky/ssh_node_pools.yaml and run\n"
     "# `sky ssh up` (https://docs.skypilot.co/en/latest/reservations/existing-machines.html);\n"
     "# a Kubernetes cluster instead: infra: k8s.\n",
     "# A reserved cluster: once the provider hands the block over, declare its nodes as SSH Node Pool {}\n"
     "# in ~/.sky/ssh_node_pools.yaml and run `sky ssh up`\n"
     "# (https://docs.skypilot.co/en/latest/reservations/existing-machines.html); its Kubernetes\n"
     "# instead: infra: k8s. Launching by instance type would rent other, hourly machines.\n",
     "# Launch: sky launch -c gpuselect THIS_FILE.yaml\n",
     // Managed jobs relaunch a preempted spot job (https://docs.skypilot.co/en/latest/examples/managed-jobs.html).
     "# Launch as a managed job, which SkyPilot relaunches after a spot preemption:\n"
     "#   sky jobs launch -n gpuselect THIS_FILE.yaml\n",
     // SkyServe replaces a preempted spot replica itself (docs "Serving on spot instances").
     "SkyServe service", "# Launch: sky serve up -n gpuselect THIS_FILE.yaml\n"},
    {"dstack task", "run it as a dstack service with replicas: ",
     "# Reserved term: {}'s reserved-instance and committed-use rates bill on-demand instances of this type.\n",
     "# Capacity block: replace the `reservation:` placeholder below with its id (cr-...); dstack then\n"
     "# launches only into it, where without it it would rent on-demand instances at the hourly price.\n",
     "# Reserved capacity: dstack targets no {} reservation by name; ask the provider.\n",
     "# Owned cluster: create SSH fleet {} over its hosts first (type: fleet, ssh_config;\n"
     "# https://dstack.ai/docs/concepts/fleets/); the task only reuses that fleet.\n",
     "# A reserved cluster: once the provider hands the block over, create SSH fleet {} over its\n"
     "# nodes (type: fleet, ssh_config; https://dstack.ai/docs/concepts/fleets/); the task only reuses\n"
     "# that fleet. Provisioning through the backend would rent other, hourly machines.\n",
     "# Launch: dstack apply -f THIS_FILE.dstack.yml\n",
     "# Launch: dstack apply -f THIS_FILE.dstack.yml (retry: resubmits it after a spot interruption)\n",
     "dstack service", "# Launch: dstack apply -f THIS_FILE.dstack.yml\n"},
}};

// The file's opening comments, through the line that launches it.
std::string header(Launcher launcher, const scoring::Ranking& ranking, const scoring::Candidate& candidate,
                   const Pick& pick, int rank, const Service* service) {
  const LauncherWords& words = launcher_words[static_cast<std::size_t>(launcher)];
  std::string out = fmt::format("# {} for gpuselect's pick {} of {}: {}\n", service != nullptr ? words.service : words.task,
                                rank, ranking.candidates.size(), comment_text(pick.offering.id));
  const std::string where = pick.any_of_regions > 1
                                ? fmt::format(" in any of {} regions (one price for all; the launcher picks)", pick.any_of_regions)
                                : (pick.region.empty() ? "" : " in " + comment_text(pick.region));
  out += fmt::format("#   {} x {} GPU{} per node, {}{}; estimated {}, {} in all (prices as of {})\n",
                     pick.nodes, pick.offering.gpu_count, pick.offering.gpu_count == 1 ? "" : "s",
                     pick.owned ? "owned" : catalog::to_string(candidate.mode), where, units::format_hours(candidate.hours),
                     units::format_money(candidate.total_cost, ranking.currency), comment_text(pick.offering.as_of));
  if (service != nullptr) {
    if (service->replicas > 1) {
      out += fmt::format("# The load needs {} instances: the service runs one replica on each\n", service->replicas);
    }
  } else if (pick.instances > pick.nodes) {
    out += fmt::format("# The load needs {} instances (replicas); {}{}\n", pick.instances, words.replicas,
                       pick.instances);
  }
  // A reserved term is billing on instances launched on demand; a capacity block is an EC2 capacity
  // reservation once bought, which the launcher must be told to target.
  if (!pick.handed_over && (candidate.mode == PricingMode::reserved_1y || candidate.mode == PricingMode::reserved_3y ||
                            candidate.mode == PricingMode::capacity_block)) {
    const auto said = candidate.mode == PricingMode::capacity_block ? words.block : words.reserved;
    out += reservations_by_name(pick.provider.id)
               ? fmt::format(fmt::runtime(said), pick.provider.id)
               : fmt::format(fmt::runtime(words.reserved_other), comment_text(pick.provider.id));
  }
  if (pick.owned) out += fmt::format(fmt::runtime(words.owned), yaml_scalar(pick.provider.id));
  if (pick.handed_over) out += fmt::format(fmt::runtime(words.handed_over), yaml_scalar(pick.provider.id));
  if (service != nullptr) {
    out += words.launch_service;
  } else {
    out += candidate.mode == PricingMode::spot && !pick.pooled() ? words.launch_spot : words.launch;
  }
  return out;
}

// The service's comment lines and command as a block of `indent`-indented lines; each command line
// but the last ends with `continuation` (a shell line break).
std::string command_lines(const Service& service, std::string_view indent, std::string_view first_prefix,
                          std::string_view next_prefix, std::string_view continuation) {
  std::string out;
  for (const auto& note : service.notes) out += fmt::format("{}# {}\n", indent, note);
  for (std::size_t line = 0; line < service.command.size(); ++line) {
    out += fmt::format("{}{}{}{}\n", indent, line == 0 ? first_prefix : next_prefix, service.command[line],
                       line + 1 < service.command.size() ? continuation : "");
  }
  return out;
}

std::string skypilot_file(const workload::Profile& profile, const scoring::Ranking& ranking,
                          const scoring::Candidate& candidate, const Pick& pick, int rank, const Service* service) {
  std::string out = header(Launcher::skypilot, ranking, candidate, pick, rank, service);
  out += "name: " + task_name(profile) + "\n";
  if (service != nullptr) {
    // vLLM answers /health once the model is loaded (its OpenAI-compatible server).
    out += fmt::format("service:\n  readiness_probe: /health\n  replicas: {}\n", service->replicas);
  } else {
    out += fmt::format("num_nodes: {}\n", pick.nodes);
  }
  out += "resources:\n";
  // `infra: <cloud>[/<region>]`, the form SkyPilot documents since 0.10 (docs/cli.md "Launch the
  // pick"); its schema still accepts the older `cloud` and `region` keys.
  if (pick.pooled()) {
    out += "  infra: " + yaml_scalar("ssh/" + pick.provider.id) + "\n";
  } else {
    const std::string cloud(names_of(pick.provider.id, Launcher::skypilot)->skypilot_cloud);
    if (pick.regions.empty()) {
      out += "  infra: " + yaml_scalar(pick.region.empty() ? cloud : cloud + "/" + pick.region) + "\n";
    } else {
      // SkyPilot's resources.any_of: each entry one place the task may launch (priced alike).
      out += "  any_of:\n";
      for (const auto& region : pick.regions) out += "    - infra: " + yaml_scalar(cloud + "/" + region) + "\n";
    }
  }
  out += "  accelerators: " + skypilot_accelerators(skypilot_accelerator(pick.offering, pick.gpu), pick.offering.gpu_count) +
         "\n";
  // The source catalog's instance type, so that SkyPilot launches that machine and no other with
  // the same GPUs: only for an offering that carries its source's names (launch.accelerator), whose
  // instance_type is then the source's too; otherwise it may be a description ("1-Click Cluster
  // node") and stays a comment. An owned pool has none.
  if (!pick.offering.instance_type.empty() && !pick.pooled()) {
    out += pick.offering.launch.accelerator.empty()
               ? "  # catalog instance type: " + comment_text(pick.offering.instance_type.view()) + "\n"
               : "  instance_type: " + yaml_scalar(pick.offering.instance_type.view()) + "\n";
  }
  out += fmt::format("  use_spot: {}\n", candidate.mode == PricingMode::spot ? "true" : "false");
  out += fmt::format("  disk_size: {}\n", disk_gb(profile));
  if (service != nullptr) {
    out += fmt::format("  ports: {}\n", service_port);
    // On AMD GPUs the engine comes in AMD's ROCm image (SkyPilot runs a Docker image named
    // `docker:<image>` in image_id); `pip install vllm` is CUDA's build.
    const bool rocm = pick.gpu.vendor == "amd" && !service->setup.empty();
    if (rocm) out += "  image_id: docker:rocm/vllm:latest\n";
    // A gated model (Llama, Gemma) needs a Hugging Face token: `sky serve up --secret HF_TOKEN`.
    if (!service->model.empty()) out += "secrets:\n  HF_TOKEN: null\n";
    if (!service->setup.empty() && !rocm) out += "setup: " + service->setup + "\n";
    return out + "run: |\n" + command_lines(*service, "  ", "", "  ", " \\");
  }
  // SkyPilot sets these variables on every node (docs: "Distributed Multi-Node Jobs").
  out +=
      "run: |\n"
      "  # Placeholder: replace train.py and its arguments with your job.\n"
      "  MASTER_ADDR=$(echo \"$SKYPILOT_NODE_IPS\" | head -n1)\n"
      "  torchrun --nnodes=$SKYPILOT_NUM_NODES --nproc_per_node=$SKYPILOT_NUM_GPUS_PER_NODE \\\n"
      "    --node_rank=$SKYPILOT_NODE_RANK --master_addr=$MASTER_ADDR --master_port=29500 train.py\n";
  return out;
}

std::string dstack_file(const workload::Profile& profile, const scoring::Ranking& ranking,
                        const scoring::Candidate& candidate, const Pick& pick, int rank, const Service* service) {
  std::string out = header(Launcher::dstack, ranking, candidate, pick, rank, service);
  out += service != nullptr ? "type: service\n" : "type: task\n";
  out += "name: " + task_name(profile) + "\n";
  if (service != nullptr) {
    out += fmt::format("port: {}\nreplicas: {}\n", service_port, service->replicas);
    // `model:` publishes the OpenAI-compatible endpoint on dstack's gateway; env: HF_TOKEN passes
    // the token from the shell that runs `dstack apply` (gated models).
    if (!service->model.empty()) out += "model: " + yaml_scalar(service->model) + "\nenv: [HF_TOKEN]\n";
  } else {
    out += fmt::format("nodes: {}\n", pick.nodes);
  }
  out += "resources:\n";
  out += "  gpu: " +
         yaml_scalar(fmt::format("{}:{}GB:{}", catalog::accelerators::dstack_model_name(pick.gpu),
                                 static_cast<long long>(std::llround(pick.gpu.memory_gb)), pick.offering.gpu_count)) +
         "\n";
  out += fmt::format("  disk: {}GB..\n", disk_gb(profile));
  // dstack's default image is CUDA-only; AMD GPUs need a ROCm image named (dstack docs, "AMD":
  // https://dstack.ai/docs/guides/amd/ ; image: AMD's PyTorch build on Docker Hub).
  // vLLM on ROCm: AMD's build on Docker Hub (https://docs.vllm.ai/en/stable/getting_started/installation/gpu.html).
  if (pick.gpu.vendor == "amd") out += service != nullptr && !service->setup.empty() ? "image: rocm/vllm:latest\n" : "image: rocm/pytorch:latest\n";
  if (pick.pooled()) {
    out += "fleets: [" + yaml_scalar(pick.provider.id) + "]\n";
    out += "creation_policy: reuse\n";
  } else {
    out += fmt::format("spot_policy: {}\n", candidate.mode == PricingMode::spot ? "spot" : "on-demand");
    out += "backends: [" + yaml_scalar(names_of(pick.provider.id, Launcher::dstack)->dstack_backend) + "]\n";
    if (!pick.region.empty()) out += "regions: [" + yaml_scalar(pick.region) + "]\n";
    if (!pick.regions.empty()) {
      std::string listed;
      for (const auto& region : pick.regions) listed += (listed.empty() ? "" : ", ") + yaml_scalar(region);
      out += "regions: [" + listed + "]\n";
    }
    // A capacity block is used only by naming it (expert review 41, S40: the file asked for plain
    // on-demand instances, so the idle block and hourly instances would both be paid): a placeholder
    // that fails until replaced, never a silent on-demand launch.
    if (candidate.mode == PricingMode::capacity_block) out += "reservation: \"REPLACE-WITH-THE-BLOCK-ID\"\n";
    // A reserved or block row's rate is below the hourly price dstack lists for the instance, which is
    // what max_price filters offers by: such a row's file would match no offer (review 31 round 2, P8).
    if (catalog::term_hours(candidate.mode) > 0 || candidate.mode == PricingMode::capacity_block) {
      out += "# max_price left out: dstack compares it with its hourly list price, not the held rate\n";
    } else {
      out += fmt::format("max_price: {:.2f}\n", max_price_usd(ranking, candidate));
    }
    // A spot run resubmitted after an interruption (https://dstack.ai/docs/concepts/tasks/ "Retry policy").
    if (candidate.mode == PricingMode::spot) out += "retry:\n  on_events: [no-capacity, interruption]\n  duration: 1d\n";
  }
  if (service != nullptr) {
    // The ROCm vLLM image has the engine; dstack's default image installs it first. A command's
    // further lines are a plain scalar's continuation, folded into one line by YAML.
    out += "commands:\n";
    if (!service->setup.empty() && pick.gpu.vendor != "amd") out += "  - " + service->setup + "\n";
    return out + command_lines(*service, "  ", "- ", "    ", "");
  }
  // dstack sets these variables on every node of a distributed task.
  out +=
      "commands:\n"
      "  # Placeholder: replace train.py and its arguments with your job.\n"
      "  - torchrun --nnodes=$DSTACK_NODES_NUM --nproc_per_node=$DSTACK_GPUS_PER_NODE\n"
      "      --node_rank=$DSTACK_NODE_RANK --master_addr=$DSTACK_MASTER_NODE_IP --master_port=29500 train.py\n";
  return out;
}

}  // namespace

std::string_view to_string(Launcher launcher) {
  const auto index = static_cast<std::size_t>(launcher);
  return index < launcher_spellings.size() ? launcher_spellings[index] : std::string_view{};
}

std::optional<Launcher> parse_launcher(std::string_view text) {
  for (std::size_t index = 0; index < launcher_spellings.size(); ++index) {
    if (launcher_spellings[index] == text) return static_cast<Launcher>(index);
  }
  return std::nullopt;
}

std::vector<std::string> launcher_names() { return {launcher_spellings.begin(), launcher_spellings.end()}; }

const std::vector<ProviderNames>& provider_names() { return provider_table; }

std::string yaml_scalar(std::string_view text) {
  if (plain_safe(text)) return std::string(text);
  std::string out = "\"";
  for (const char c : text::neutralise(text, text::Keep{.newlines = true, .tabs_as_space = true})) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  out += '"';
  return out;
}

std::string launch_file(Launcher launcher, const catalog::Catalog& catalog, const workload::Profile& profile,
                        const scoring::Ranking& ranking, const scoring::Candidate& candidate, int pick_rank,
                        const std::vector<std::string>& allowed_regions) {
  const catalog::Offering& offering = catalog.offerings.at(candidate.offering_index);
  const catalog::Provider& provider = catalog.provider_of(offering);
  const bool owned = provider.kind == catalog::ProviderKind::owned;
  const bool handed_over =
      !owned && candidate.mode == PricingMode::capacity_block && !reservations_by_name(provider.id);
  if (!owned && !handed_over && names_of(provider.id, launcher) == nullptr) {
    const bool other =
        names_of(provider.id, launcher == Launcher::skypilot ? Launcher::dstack : Launcher::skypilot) != nullptr;
    throw Error::said("--emit",
                      text::words(text::Msg::err_emit_provider, pick_rank, text::quoted(provider.id),
                                  launcher == Launcher::skypilot ? "SkyPilot" : "dstack"),
                      other ? text::words(text::Msg::hint_emit_other_launcher,
                                          launcher == Launcher::skypilot ? "dstack" : "skypilot",
                                          supported_providers(launcher))
                            : text::words(text::Msg::hint_emit_pick_or_provider, supported_providers(launcher)));
  }
  // SkyPilot and dstack launch NVIDIA and AMD GPUs (their accelerator lists); an Ascend NPU has
  // neither a name they know nor their CUDA/ROCm images. (A user's GPU without a vendor is launched
  // by its name, as before.)
  if (const catalog::Gpu& gpu = catalog.gpu_of(offering); gpu.vendor == "huawei") {
    throw Error::said("--emit",
                      text::words(text::Msg::err_emit_vendor, pick_rank, "Huawei Ascend",
                                  catalog::display_name(gpu, text::Lang::en),
                                  launcher == Launcher::skypilot ? "SkyPilot" : "dstack"),
                      text::words(text::Msg::hint_emit_vendor));
  }
  // An owned cluster is named by its provider id: SkyPilot's `infra: ssh/<pool>` and dstack's
  // `fleets: [<fleet>]`. A '/' would name another pool (ssh/a/b: pool "a", then "b"), and a space or a
  // quote a name neither tool can have, so only letters, digits, '-', '_' and '.' are launched.
  if ((owned || handed_over) &&
      (provider.id.empty() || !std::all_of(provider.id.begin(), provider.id.end(), [](char c) {
         return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_' || c == '.';
       }))) {
    throw Error::said("--emit",
                      text::words(launcher == Launcher::skypilot ? text::Msg::err_emit_owned_pool
                                                                 : text::Msg::err_emit_owned_fleet,
                                  pick_rank, text::quoted(provider.id)),
                      text::words(text::Msg::hint_emit_owned_id));
  }
  Pick pick{offering,
            provider,
            catalog.gpu_of(offering),
            {},
            std::max(1, candidate.nodes),
            std::max({1, candidate.nodes, candidate.cost.instances}),
            owned,
            handed_over};
  if (candidate.any_region) {
    for (const auto& region : offering.regions) {
      if (allowed_regions.empty() || std::find(allowed_regions.begin(), allowed_regions.end(), region) != allowed_regions.end()) {
        pick.regions.push_back(source_region(offering, region));
      }
    }
    pick.any_of_regions = pick.regions.size();
    if (pick.regions.size() == offering.regions.size()) pick.regions.clear();  // every one: the cloud alone
  } else if (candidate.region != scoring::no_region && candidate.region < offering.regions.size()) {
    pick.region = source_region(offering, offering.regions[candidate.region]);
  }
  // SkyPilot's infra is cloud/region/zone: a '/' in the region would be read as a zone.
  if (launcher == Launcher::skypilot && !pick.pooled()) {
    std::vector<std::string> named = pick.regions;
    named.push_back(pick.region);
    for (const auto& region : named) {
      if (region.find('/') == std::string::npos) continue;
      throw Error::said("--emit", text::words(text::Msg::err_emit_region_slash, pick_rank, text::quoted(region)),
                        text::words(text::Msg::hint_emit_pick_or_dstack));
    }
  }
  std::optional<Service> service;
  const auto& traits = workload::kind_traits(profile.kind);
  if (traits.activity == workload::Activity::serving && pick.nodes == 1) {
    const estimate::Performance& performance = ranking.performance_of(candidate);
    service = traits.physics == workload::Physics::token_serving
                  ? vllm_service(catalog, profile, performance.memory.plan, offering, pick.instances)
                  : image_service(pick.instances);
  }
  const Service* serving = service ? &*service : nullptr;
  return launcher == Launcher::skypilot ? skypilot_file(profile, ranking, candidate, pick, pick_rank, serving)
                                        : dstack_file(profile, ranking, candidate, pick, pick_rank, serving);
}

}  // namespace gpuselect::launch
