// Names that launch (docs/cli.md "Launch the pick", "GPU names"; docs/catalog.md "Launch names"):
// every accelerator name of SkyPilot's catalogs and of gpuhunt is a --gpus name or reported as not a
// GPU; dstack's NAME:MEMORY:COUNT; an import keeps the source's accelerator, instance type and region
// spellings and the launch files write them; the launchers' cloud tables; spot as managed jobs; the
// ROCm image for AMD under dstack.
#include <algorithm>
#include <functional>
#include <optional>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpuselect/catalog_format.hpp"
#include "gpuselect/embedded.hpp"
#include "gpuselect/error.hpp"
#include "gpuselect/launch.hpp"
#include "gpuselect/resources.hpp"
#include "gpuselect/scoring.hpp"
#include "gpuselect/skypilot_import.hpp"
#include "gpuselect/workload.hpp"
#include "cli_runner.hpp"
#include "scoring_invariants.hpp"

using namespace gpuselect;

namespace {

std::vector<catalog::SourceText> builtin_sources() {
  std::vector<catalog::SourceText> sources;
  for (const auto& file : builtin_catalog_files()) sources.push_back({std::string(file.name), file.text});
  return sources;
}

const catalog::Catalog& builtin() {
  static const catalog::Catalog loaded = [] {
    auto result = catalog::load(builtin_sources());
    REQUIRE(result.ok());
    return result.catalog;
  }();
  return loaded;
}

std::vector<std::string> names_in(const std::string& file) {
  std::ifstream in(std::string(GPUSELECT_FIXTURES) + "/accelerator_names/" + file);
  std::vector<std::string> names;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.front() != '#') names.push_back(line);
  }
  return names;
}

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const Error& error) {
    return error.line();
  }
  return {};
}

// The built-in catalog with `csv` imported as provider `provider` on top.
catalog::Catalog with_import(const std::string& csv, const std::string& provider) {
  const auto imported = catalog::import_skypilot(csv, builtin(), {provider, provider + ".csv", "2026-11-20"});
  std::vector<catalog::Provider> providers;
  if (imported.provider_stub) providers.push_back(*imported.provider_stub);
  const std::string overlay = catalog::write_catalog_yaml(providers, imported.offerings);
  auto sources = builtin_sources();
  sources.push_back({provider + ".yaml", overlay});
  auto result = catalog::load(sources);
  INFO(overlay);
  REQUIRE(result.ok());
  return result.catalog;
}

workload::Profile lora_8b(const catalog::Catalog& catalog) {
  workload::Request request;
  request.kind = workload::Kind::llm_finetune;
  request.model = "llama-3-8b";
  request.method = workload::Method::lora;
  return workload::resolve(request, catalog);
}

// The launch file of the best row on `provider` (in `mode`, when given).
std::string emitted(launch::Launcher launcher, const catalog::Catalog& catalog, const std::string& provider,
                    std::optional<catalog::PricingMode> mode = std::nullopt,
                    const workload::Profile* given_profile = nullptr, std::vector<std::string> gpus = {}) {
  const auto profile = given_profile != nullptr ? *given_profile : lora_8b(catalog);
  scoring::Options options;
  options.weights = scoring::profile_weights("auto", profile.kind);
  options.profile_name = "auto";
  options.today = "2026-11-30";
  options.constraints.providers = {provider};
  if (mode) options.constraints.pricing_modes = {*mode};
  options.constraints.gpus = std::move(gpus);
  const auto ranking = testing::rank_checked(catalog, profile, options);
  REQUIRE_FALSE(ranking.candidates.empty());
  return launch::launch_file(launcher, catalog, profile, ranking, ranking.candidates.front(), 1);
}

// The launch file of offering `id`'s best row (compare: no constraints).
std::string emitted_for(launch::Launcher launcher, const catalog::Catalog& catalog, const std::string& id) {
  const auto profile = lora_8b(catalog);
  scoring::Options options;
  options.weights = scoring::profile_weights("auto", profile.kind);
  options.profile_name = "auto";
  options.today = "2026-11-30";
  const auto ranking = testing::compare_checked(catalog, profile, options, {id});
  REQUIRE_FALSE(ranking.candidates.empty());
  const auto best = std::min_element(ranking.candidates.begin(), ranking.candidates.end(),
                                     [](const auto& a, const auto& b) { return a.rank < b.rank; });
  return launch::launch_file(launcher, catalog, profile, ranking, *best, 1);
}

}  // namespace

TEST_CASE("every accelerator name of SkyPilot's catalogs and gpuhunt is a GPU name or reported as not a GPU",
          "[launch][names]") {
  const auto& catalog = builtin();
  for (const auto* file : {"skypilot.txt", "gpuhunt.txt"}) {
    const auto names = names_in(file);
    REQUIRE(names.size() >= 60);
    std::size_t handled = 0;
    for (const auto& name : names) {
      INFO(file << ": " << name);
      const std::string error = error_of([&] { (void)catalog::gpu_ids_named(catalog, name, std::nullopt, "--gpus"); });
      const bool accepted = error.empty();
      const bool not_a_gpu = error.find("is not a GPU") != std::string::npos;
      CHECK((accepted || not_a_gpu));
      if (accepted || not_a_gpu) ++handled;
      // A refusal never points at a different GPU.
      CHECK(error.find("did you mean") == std::string::npos);
    }
    CHECK(handled * 100 >= names.size() * 95);
  }
}

TEST_CASE("the accelerator names the clouds' own price lists write are GPU names or not GPUs, read by their parts",
          "[launch][names]") {
  const auto& catalog = builtin();
  std::ifstream in(std::string(GPUSELECT_FIXTURES) + "/accelerator_names/clouds.txt");
  std::size_t names = 0;
  std::size_t handled = 0;
  std::vector<std::string> clouds;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line.front() == '#') continue;
    const auto space = line.find(' ');
    REQUIRE(space != std::string::npos);
    const std::string cloud = line.substr(0, space);
    const std::string name = line.substr(space + 1);
    if (std::find(clouds.begin(), clouds.end(), cloud) == clouds.end()) clouds.push_back(cloud);
    ++names;
    INFO(cloud << ": " << name);
    const std::string error = error_of([&] { (void)catalog::gpu_ids_named(catalog, name, std::nullopt, "--gpus"); });
    const bool handled_here = error.empty() || error.find("is not a GPU") != std::string::npos;
    CHECK(handled_here);
    if (handled_here) ++handled;
    CHECK(error.find("did you mean") == std::string::npos);
  }
  CHECK(clouds.size() >= 21);
  REQUIRE(names >= 90);
  CHECK(handled * 100 >= names * 95);

  // The parts pick the board and the memory the name says, never a neighbour.
  const auto ids = [&](const std::string& name) { return catalog::gpu_ids_named(catalog, name, std::nullopt, "--gpus"); };
  using ids_t = std::vector<std::string>;
  CHECK(ids("A100-80G") == ids_t{"a100-sxm4-80gb"});  // Paperspace's instance name
  CHECK(ids("H100_PCIE_BAREMETAL") == ids_t{"h100-pcie-80gb"});
  CHECK(ids("H100-80G-PCIe-NVLink") == ids_t{"h100-pcie-80gb"});
  CHECK(ids("A100-80G-PCIe-NVLink") == ids_t{"a100-pcie-80gb"});
  CHECK(ids("H100-80G-SXM5") == ids_t{"h100-sxm5-80gb"});
  CHECK(ids("H100_SXM5") == ids_t{"h100-sxm5-80gb"});
  CHECK(ids("H100_NVL") == ids_t{"h100-nvl-94gb"});
  CHECK(ids("A100_80G_SXM4") == ids_t{"a100-sxm4-80gb"});
  CHECK(ids("A100_80G_PCIE") == ids_t{"a100-pcie-80gb"});
  CHECK(ids("NVIDIA-H100-80GB-HBM3") == ids_t{"h100-sxm5-80gb"});
  CHECK(ids("RTX5090_PCIE") == ids_t{"rtx-5090"});
  CHECK(ids("L40S_PCIE_BAREMETAL") == ids_t{"l40s"});
  CHECK(ids("RTX-A6000") == ids_t{"rtx-a6000"});
  CHECK(ids("RTX-PRO-6000") == ids_t{"rtx-pro-6000"});
  CHECK(ids("RTX PRO 6000 96GB") == ids_t{"rtx-pro-6000"});
  CHECK(ids("RTXPRO6000-WK") == ids_t{"rtx-pro-6000-ws"});
  CHECK(ids("NVIDIA GeForce RTX 4090") == ids_t{"rtx-4090"});
  CHECK(ids("AMD Instinct MI300X") == ids_t{"mi300x"});
  CHECK(ids("NVIDIA H100 PCIe") == ids_t{"h100-pcie-80gb"});  // Scaleway's GpuInfo
  CHECK(ids("A100 PCIe") == ids_t{"a100-pcie-40gb"});  // RunPod's GpuInfo; its row's memory picks the 80 GB card
  CHECK(ids("Tesla P100-PCIE-16GB") == ids_t{"Tesla P100-PCIE-16GB"});  // a GPU without a record
  // A board the catalog has no record of is not another board's record.
  CHECK(ids("H200NVL") == ids_t{"H200NVL"});
  CHECK(ids("RTX-A4000") == ids_t{"RTX-A4000"});
  // A bare number is not a memory size: "A100-80" is a part of names, with suggestions.
  CHECK_THAT(error_of([&] { (void)ids("a100-80"); }),
             Catch::Contains("did you mean 'a100-sxm4-80gb' or 'a100-pcie-80gb'?"));
  CHECK_THAT(error_of([&] { (void)ids("h100-80"); }),
             Catch::Contains("did you mean 'h100-sxm5-80gb' or 'h100-pcie-80gb'?"));
  // GB300 (Grace Blackwell) is not a B300, OVHcloud's V100S not a V100, Paperspace's Quadro RTX4000
  // not an RTX 4090: no hint that points at another GPU.
  CHECK(ids("GB300") == ids_t{"GB300"});
  CHECK(ids("V100S") == ids_t{"V100S"});
  CHECK(ids("Quadro RTX 4000") == ids_t{"Quadro RTX 4000"});
}

TEST_CASE("the launchers' spellings name the right GPU record", "[launch][names]") {
  const auto& catalog = builtin();
  const auto ids = [&](const std::string& name, std::optional<double> memory = std::nullopt) {
    return catalog::gpu_ids_named(catalog, name, memory, "--gpus");
  };
  using ids_t = std::vector<std::string>;
  CHECK(ids("H100-NVLINK") == ids_t{"h100-sxm5-80gb"});
  CHECK(ids("H100-80GB-HBM3") == ids_t{"h100-sxm5-80gb"});
  CHECK(ids("A100-80GB-SXM4") == ids_t{"a100-sxm4-80gb"});
  CHECK(ids("RTX6000Ada") == ids_t{"rtx-6000-ada"});
  CHECK(ids("H100NVL") == ids_t{"h100-nvl-94gb"});
  CHECK(ids("H100-MEGA") == ids_t{"h100-sxm5-80gb"});
  CHECK(ids("RTXPRO6000S") == ids_t{"rtx-pro-6000"});
  // Quadro RTX 6000 (Turing, 24 GB) is not the RTX 6000 Ada: a GPU without a record, kept as named.
  CHECK(ids("RTX6000") == ids_t{"RTX6000"});
  CHECK(ids("RTX3060") == ids_t{"RTX3060"});
  // dstack's NAME:MEMORY: every record of that model and memory.
  CHECK(ids("A100", 80) == ids_t{"a100-sxm4-80gb", "a100-pcie-80gb"});
  CHECK(ids("A100", 40) == ids_t{"a100-sxm4-40gb", "a100-pcie-40gb"});
  CHECK(ids("V100", 32) == ids_t{"v100-sxm2-32gb"});
  CHECK(ids("A6000", 48) == ids_t{"rtx-a6000"});
  CHECK_THAT(error_of([&] { (void)ids("A100", 48); }), Catch::Contains("no 'A100' with 48 GB") && Catch::Contains("40GB, 80GB"));
  CHECK_THAT(error_of([&] { (void)ids("tpu-v4"); }), Catch::StartsWith("--gpus: 'tpu-v4' is not a GPU"));
  // An unknown name gets no hint that points at another model number.
  const std::string unknown = error_of([&] { (void)ids("RTX3095"); });
  CHECK_THAT(unknown, Catch::StartsWith("--gpus: unknown GPU 'RTX3095'"));
  CHECK(unknown.find("did you mean") == std::string::npos);
  CHECK_THAT(error_of([&] { (void)ids("X9999"); }), !Catch::Contains("did you mean"));
  CHECK_THAT(error_of([&] { (void)ids("L40SS"); }), Catch::Contains("did you mean 'L40S'"));
}

TEST_CASE("dstack's NAME:MEMORY:COUNT in --gpus", "[launch][names][resources]") {
  const auto spec = resources::parse_gpu_spec("A100:80GB:8", "--gpus");
  CHECK(spec.name == "A100");
  REQUIRE(spec.memory_gb);
  CHECK(*spec.memory_gb == 80);
  CHECK(spec.count == 8);
  CHECK(spec.count_given);
  const auto memory_only = resources::parse_gpu_spec("H100:80GB", "--gpus");
  CHECK(memory_only.memory_gb == 80);
  CHECK_FALSE(memory_only.count_given);
  CHECK_THAT(error_of([] { (void)resources::parse_gpu_spec("A100:24GB..80GB:8", "--gpus"); }),
             Catch::Contains("not one memory size"));
  // Too many parts: the message names the form, which a second ':' after a memory size is (expert
  // review 30 D12: "has more than one ':'" beside the hint's A100:80GB:8).
  for (const char* written : {"H100:8:8:8", "H100:8:8", "A100:80GB:8:2"}) {
    CHECK_THAT(error_of([&] { (void)resources::parse_gpu_spec(written, "--gpus"); }),
               Catch::Contains("more ':'-separated parts than NAME[:MEMORY][:COUNT]"));
  }
}

TEST_CASE("the accelerator is written as the source spells it: '_' kept, a name with spaces as {NAME: COUNT}",
          "[launch][names]") {
  // Spheron (skypilot-catalog catalogs/v8/spheron/vms.csv) writes H100_SXM5; Seeweb (catalogs/v8/seeweb)
  // writes "RTX PRO 6000 96GB".
  const std::string spheron =
      "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n"
      "1H100.80S.32V_FIN-03_500,H100_SXM5,1.0,32.0,185.0,2.9124,Finland 3,,\n";
  const std::string sphered = emitted_for(launch::Launcher::skypilot, with_import(spheron, "spheron"),
                                          "spheron/1H100.80S.32V_FIN-03_500");
  CHECK_THAT(sphered, Catch::Contains("  accelerators: H100_SXM5:1\n"));
  CHECK_THAT(sphered, Catch::Contains("  infra: \"spheron/Finland 3\"\n"));
  const std::string seeweb =
      "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n"
      "ECS1GPU12,RTX PRO 6000 96GB,1,16,120.0,1.25,it-fr2,,\n";
  const std::string seewebbed = emitted_for(launch::Launcher::skypilot, with_import(seeweb, "seeweb"), "seeweb/ECS1GPU12");
  CHECK_THAT(seewebbed, Catch::Contains("  accelerators: {\"RTX PRO 6000 96GB\": 1}\n"));
  CHECK_THAT(seewebbed, Catch::Contains("  infra: seeweb/it-fr2\n"));
}

TEST_CASE("an import keeps the source's accelerator, instance type and region spellings, and the files write them",
          "[launch][names]") {
  const std::string fluidstack =
      "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n"
      "H100_NVLINK_80GB::8,H100-NVLINK,8,192,1440,19.92,norway_4_eu,,\n";
  const auto fluid = with_import(fluidstack, "fluidstack");
  const std::string sky = emitted_for(launch::Launcher::skypilot, fluid, "fluidstack/H100_NVLINK_80GB::8");
  CHECK_THAT(sky, Catch::Contains("accelerators: H100-NVLINK:8"));
  CHECK_THAT(sky, Catch::Contains("instance_type: \"H100_NVLINK_80GB::8\""));
  CHECK_THAT(sky, Catch::Contains("infra: fluidstack/norway_4_eu"));

  const std::string vast =
      "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n"
      "1x-H100_SXM-32-65536,H100,1,32,64,1.87,\"Vietnam, VN, AS\",,0.00\n";
  const auto with_vast = with_import(vast, "vast");
  const auto* offering = with_vast.find_offering("vast/1x-H100_SXM-32-65536");
  REQUIRE(offering != nullptr);
  CHECK(offering->regions == std::vector<std::string>{"Vietnam-VN-AS"});
  CHECK(offering->launch.regions == std::vector<std::string>{"Vietnam, VN, AS"});
  CHECK(offering->launch.accelerator == "H100");
  const std::string vast_sky = emitted_for(launch::Launcher::skypilot, with_vast, "vast/1x-H100_SXM-32-65536");
  CHECK_THAT(vast_sky, Catch::Contains("infra: \"vast/Vietnam, VN, AS\""));
  const std::string vast_dstack = emitted_for(launch::Launcher::dstack, with_vast, "vast/1x-H100_SXM-32-65536");
  CHECK_THAT(vast_dstack, Catch::Contains("regions: [\"Vietnam, VN, AS\"]"));

  // A cloud new to the catalog (a provider stub) that SkyPilot launches: cudo.
  const std::string cudo =
      "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n"
      "epyc-milan-rtx-a6000_1x2v4gb,RTXA6000,1,2,4,0.79,se-stockholm-1,,\n";
  const auto with_cudo = with_import(cudo, "cudo");
  const std::string cudo_sky = emitted_for(launch::Launcher::skypilot, with_cudo, "cudo/epyc-milan-rtx-a6000_1x2v4gb");
  CHECK_THAT(cudo_sky, Catch::Contains("infra: cudo/se-stockholm-1"));
  CHECK_THAT(cudo_sky, Catch::Contains("accelerators: RTXA6000:1"));
  const std::string cudo_dstack = emitted_for(launch::Launcher::dstack, with_cudo, "cudo/epyc-milan-rtx-a6000_1x2v4gb");
  CHECK_THAT(cudo_dstack, Catch::Contains("backends: [cudo]"));
  CHECK_THAT(cudo_dstack, Catch::Contains("gpu: A6000:48GB:1"));
}

TEST_CASE("built-in offerings launch under their source catalog's names", "[launch][names]") {
  const auto& catalog = builtin();
  // The clouds' own SkyPilot names (skypilot-org/skypilot-catalog vms.csv AcceleratorName), not
  // gpuselect's GPU aliases.
  const std::pair<const char*, const char*> expected[] = {
      {"azure/Standard_NC24ads_A100_v4", "A100-80GB"}, {"lambda/gpu_1x_a6000", "A6000"},
      {"lambda/gpu_1x_h100_pcie", "H100"},             {"fluidstack/H100_NVLINK_80GB::8", "H100-NVLINK"},
      {"gcp/a3-megagpu-8g", "H100-MEGA"},              {"vast/1x-H100_NVL-32-65536", "H100"},
      {"azure/Standard_NC40ads_H100_v5", "H100"},      {"gcp/n1-standard-8+1xv100", "V100"},
  };
  for (const auto& [id, accelerator] : expected) {
    INFO(id);
    const auto* offering = catalog.find_offering(id);
    REQUIRE(offering != nullptr);
    CHECK(offering->launch.accelerator == accelerator);
  }
  CHECK(catalog.find_offering("gcp/n1-standard-8+1xv100")->instance_type == "n1-standard-8");
  const std::string fluid = emitted_for(launch::Launcher::skypilot, catalog, "fluidstack/H100_NVLINK_80GB::8");
  CHECK_THAT(fluid, Catch::Contains("accelerators: H100-NVLINK:8"));
}

TEST_CASE("the launchers' cloud tables follow their published lists", "[launch]") {
  for (const char* provider : {"cudo", "verda", "do", "paperspace", "ibm", "hyperbolic", "seeweb", "shadeform", "yotta",
                               "mithril", "coreweave", "oci", "spheron", "lium", "daytona", "latitude", "ppio"}) {
    INFO(provider);
    const auto& table = launch::provider_names();
    const auto row = std::find_if(table.begin(), table.end(), [&](const auto& entry) { return entry.provider == provider; });
    REQUIRE(row != table.end());
    CHECK_FALSE(row->skypilot_cloud.empty());
  }
  CHECK_THAT(launch::supported_providers(launch::Launcher::dstack), Catch::Contains("cudo") && Catch::Contains("vast") &&
                                                                        !Catch::Contains("fluidstack"));
}

TEST_CASE("spot picks launch as managed jobs, AMD GPUs under dstack name a ROCm image", "[launch]") {
  const auto& catalog = builtin();
  const std::string spot = emitted(launch::Launcher::skypilot, catalog, "aws", catalog::PricingMode::spot);
  CHECK_THAT(spot, Catch::Contains("sky jobs launch") && Catch::Contains("use_spot: true"));
  const std::string on_demand = emitted(launch::Launcher::skypilot, catalog, "aws", catalog::PricingMode::on_demand);
  CHECK_THAT(on_demand, Catch::Contains("sky launch -c") && !Catch::Contains("sky jobs launch"));
  const std::string dstack_spot = emitted(launch::Launcher::dstack, catalog, "aws", catalog::PricingMode::spot);
  CHECK_THAT(dstack_spot, Catch::Contains("on_events: [no-capacity, interruption]"));

  workload::Request request;
  request.kind = workload::Kind::llm_finetune;
  request.model = "llama-2-70b";
  request.method = workload::Method::lora;
  const auto profile = workload::resolve(request, catalog);
  const std::string amd = emitted(launch::Launcher::dstack, catalog, "azure", std::nullopt, &profile, {"mi300x"});
  CHECK_THAT(amd, Catch::Contains("gpu: MI300X:192GB:8") && Catch::Contains("image: rocm/pytorch"));
  CHECK_THAT(on_demand, !Catch::Contains("image:"));
}

TEST_CASE("catalog list JSON keeps the catalog's prices unrounded and shows spot_min beside the ranked spot",
          "[catalog][spot][cli]") {
  const auto median = testing::run_gpuselect({"catalog", "list", "--gpus", "H100:8", "--provider", "aws", "--format", "json"});
  REQUIRE(median.exit_code == 0);
  // p5.48xlarge in ap-northeast-1: spot median 16.71515, cheapest zone 9.8505 (data/offerings.yaml).
  CHECK_THAT(median.out, Catch::Contains("16.71515") && Catch::Contains("\"spot_min\":9.8505"));
  const auto cheapest = testing::run_gpuselect(
      {"--spot-price", "min", "catalog", "list", "--gpus", "H100:8", "--provider", "aws", "--format", "json"});
  REQUIRE(cheapest.exit_code == 0);
  CHECK_THAT(cheapest.out, Catch::Contains("\"spot\":9.8505"));
  const auto bad = testing::run_gpuselect({"--spot-price", "mean", "catalog", "list"});
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::StartsWith("gpuselect: error: --spot-price: 'mean' is not a spot statistic"));
}

TEST_CASE("recommend --gpus takes the launchers' spellings end to end", "[launch][names][cli]") {
  const std::vector<std::string> job = {"recommend", "-w", "llm-finetune", "-m", "llama-3-8b", "--method", "lora",
                                        "--format", "json"};
  const auto with = [&](std::vector<std::string> extra) {
    auto args = job;
    args.insert(args.end(), extra.begin(), extra.end());
    return testing::run_gpuselect(args);
  };
  const auto dstack = with({"--gpus", "A100:80GB:8"});
  REQUIRE(dstack.exit_code == 0);
  CHECK_THAT(dstack.out, Catch::Contains("a100-sxm4-80gb") && !Catch::Contains("\"gpu\":\"a100-sxm4-40gb\""));
  CHECK(with({"--gpus", "H100-NVLINK:8"}).exit_code == 0);
  const auto tpu = with({"--gpus", "tpu-v5p:8"});
  CHECK(tpu.exit_code == 2);
  CHECK_THAT(tpu.err, Catch::Contains("is not a GPU"));
  const auto unrecorded = with({"--gpus", "RTX3060"});
  CHECK(unrecorded.exit_code == 3);  // a valid request no offering satisfies
  const auto list = with({"--gpu", "RTX6000Ada,H100NVL"});
  CHECK(list.exit_code == 0);
}

TEST_CASE("catalog validate checks GPUSELECT_CATALOG and --catalog files", "[catalog][cli]") {
  testing::TempDir folder;
  const auto team = folder.write("team.yaml",
                                 "schema_version: 1\n"
                                 "offerings:\n"
                                 "  - id: aws/p5.48xlarge\n"
                                 "    pricing: {on_demand: 3.9}\n"
                                 "    as_of: 2026-11-01\n"
                                 "    source: ACME\n");
  const auto by_env = testing::run_gpuselect({"catalog", "validate", "--strict"},
                                             {"GPUSELECT_CATALOG=" + team.string(), "GPUSELECT_TODAY=2026-11-30"});
  CHECK(by_env.exit_code == 2);
  CHECK_THAT(by_env.err, Catch::Contains("team.yaml:4:") && Catch::Contains("a price per GPU"));
  const auto by_flag = testing::run_gpuselect({"--catalog", team.string(), "catalog", "validate", "--strict"},
                                              {"GPUSELECT_TODAY=2026-11-30"});
  CHECK(by_flag.exit_code == 2);
  CHECK_THAT(by_flag.err, Catch::Contains("team.yaml:4:"));
}
