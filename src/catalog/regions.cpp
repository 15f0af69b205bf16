// Region groups for --region (docs/cli.md "--region"): a name that stands for a set of regions
// (mainland China by its providers' region lists; the United States and Europe by naming rules).
#include <algorithm>
#include <array>
#include <cctype>
#include <initializer_list>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "core/address_table.hpp"
#include "gpuselect/catalog.hpp"

namespace gpuselect::catalog {

namespace {

// Mainland China (regions that need a mainland account and ICP filing; Hong Kong, Macau and Taiwan
// are outside it): the region names each provider's own region list gives, as of 2026-05 (Alibaba
// Cloud, Tencent Cloud, Huawei Cloud, Baidu AI Cloud, Volcano Engine, China Telecom Cloud, AutoDL's
// data-centre names, AWS China, Azure operated by 21Vianet). A region of the catalog not listed here
// is not in the group; a team file with its own mainland regions names them with --region.
constexpr std::array<std::string_view, 49> mainland_china_regions = {
    // Alibaba Cloud (cn-hongkong is not mainland)
    "cn-qingdao", "cn-beijing", "cn-zhangjiakou", "cn-huhehaote", "cn-wulanchabu", "cn-hangzhou", "cn-shanghai",
    "cn-nanjing", "cn-fuzhou", "cn-shenzhen", "cn-heyuan", "cn-guangzhou", "cn-chengdu",
    // Tencent Cloud (ap-hongkong is not mainland)
    "ap-beijing", "ap-shanghai", "ap-guangzhou", "ap-nanjing", "ap-chengdu", "ap-chongqing", "ap-shenzhen-fsi",
    "ap-shanghai-fsi", "ap-beijing-fsi",
    // Huawei Cloud (cn-north-4 Beijing, cn-east-3 Shanghai, cn-south-1 Guangzhou, cn-southwest-2 Guiyang, cn-north-9 Ulanqab)
    "cn-north-1", "cn-north-4", "cn-north-9", "cn-east-2", "cn-east-3", "cn-south-1", "cn-southwest-2",
    // Baidu AI Cloud (bj Beijing, gz Guangzhou, su Suzhou, bd Baoding, fwh Wuhan, yq Yangquan, cd Chengdu, nj Nanjing)
    "bj", "gz", "su", "bd", "fwh", "yq", "cd", "nj",
    // China Telecom Cloud
    "cn-huadong1", "cn-huabei2", "cn-xinan1",
    // AutoDL data centres
    "northwest-b", "beijing-b", "inner-mongolia-b",
    // AWS China (Beijing, Ningxia); Azure operated by 21Vianet
    "cn-northwest-1", "chinaeast", "chinaeast2", "chinanorth", "chinanorth2", "chinanorth3"};
// Volcano Engine's cn-beijing, cn-shanghai and cn-guangzhou share Alibaba's spelling above.

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool any_of_names(std::string_view name, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The United States, by the providers' naming rules (so that a team catalog's new regions join):
// "us-..." (AWS, Google Cloud, Lambda, Nebius, CoreWeave's "US-EAST-04"), Azure's "...us" and
// "...us2/3" names, RunPod's "US", Vast.ai's "<state>, US, NA".
bool in_united_states(std::string_view region) {
  const std::string name = lower(region);
  if (name == "us" || name.starts_with("us-") || name.ends_with(", us, na") || name == "us, na") return true;
  return any_of_names(name, {"eastus", "eastus2", "eastus3", "westus", "westus2", "westus3", "centralus",
                             "northcentralus", "southcentralus", "westcentralus"});
}

// Europe (the EU and EEA, the UK and Switzerland: the countries with EU data-protection law or an
// adequacy decision, what a team asking for European regions usually needs): "eu-..." (AWS, Nebius,
// RunPod's "EU-RO-1"), "europe-..." (Google Cloud, Lambda), Azure's European names, RunPod's and
// Fluidstack's country names, Vast.ai's "<country>, XX, EU" except Russia.
bool in_europe(std::string_view region) {
  const std::string name = lower(region);
  if (name.starts_with("eu-") || name.starts_with("europe-")) return true;
  if (name.ends_with(", eu")) return !name.ends_with(", ru, eu");
  return any_of_names(name, {"northeurope", "westeurope", "francecentral", "francesouth", "germanynorth",
                             "germanywestcentral", "italynorth", "norwayeast", "norwaywest", "polandcentral",
                             "spaincentral", "swedencentral", "swedensouth", "switzerlandnorth", "switzerlandwest",
                             "uksouth", "ukwest", "austriaeast", "belgiumcentral", "denmarkeast",
                             // RunPod's and Fluidstack's country names
                             "cz", "is", "nl", "no", "ro", "se", "eu", "finland", "iceland", "norway", "sweden"});
}

// One hash a region rather than a scan of the ~50 names (a large catalog expands "cn" per region).
bool in_mainland_china(std::string_view region) {
  static const std::unordered_set<std::string_view> members(mainland_china_regions.begin(),
                                                            mainland_china_regions.end());
  return members.count(region) > 0;
}

struct RegionGroup {
  std::string_view name;
  bool (*contains)(std::string_view region);
};
constexpr std::array<RegionGroup, 11> region_groups = {{
    {"cn", in_mainland_china},
    {"china", in_mainland_china},
    {"mainland-china", in_mainland_china},
    {"mainland", in_mainland_china},
    {"中国", in_mainland_china},
    {"中国大陆", in_mainland_china},
    {"大陆", in_mainland_china},
    {"国内", in_mainland_china},
    {"us", in_united_states},
    {"eu", in_europe},
    {"europe", in_europe},
}};

bool equals_lower(std::string_view name, std::string_view group) {
  return name.size() == group.size() && std::equal(name.begin(), name.end(), group.begin(), [](char a, char b) {
           return (a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a) == b;
         });
}

}  // namespace

// AWS Regions launched after 2019-03-20: disabled in an account until enabled (AWS Account
// Management Reference, "Enable or disable AWS Regions in your account", read 2026-12-06):
// Cape Town, Hong Kong, Taipei, Hyderabad, Jakarta, Melbourne, Malaysia, Thailand, Calgary, Zurich,
// Milan, Spain, Tel Aviv, UAE, Bahrain, Mexico.
constexpr std::array<std::string_view, 16> aws_opt_in_regions = {
    "af-south-1",     "ap-east-1",      "ap-east-2",  "ap-south-2",   "ap-southeast-3", "ap-southeast-4",
    "ap-southeast-5", "ap-southeast-7", "ca-west-1",  "eu-central-2", "eu-south-1",     "eu-south-2",
    "il-central-1",   "me-central-1",   "me-south-1", "mx-central-1"};

bool needs_opt_in(std::string_view provider, std::string_view region) {
  return provider == "aws" &&
         std::find(aws_opt_in_regions.begin(), aws_opt_in_regions.end(), region) != aws_opt_in_regions.end();
}

bool all_in_mainland_china(const std::vector<std::string>& regions) {
  return !regions.empty() &&
         std::all_of(regions.begin(), regions.end(), [](const std::string& region) { return in_mainland_china(region); });
}

std::vector<std::string_view> region_group_names() {
  std::vector<std::string_view> names;
  names.reserve(region_groups.size());
  for (const auto& group : region_groups) names.push_back(group.name);
  return names;
}

std::vector<std::string> expand_region_groups(const Catalog& catalog, const std::vector<std::string>& names) {
  std::vector<std::string> expanded;
  std::unordered_set<std::string> seen;
  const auto add = [&](const std::string& region) {
    if (seen.insert(region).second) expanded.push_back(region);
  };
  // The catalog's region named `name`, exactly, else in another case ("US-EAST-1"; the first found);
  // nullptr when the catalog has no region of that name.
  // One pass: the exact name wherever it is, else the first region in another case.
  // Offerings share their region lists (catalog::SharedTextList, interned: 1,335 lists for 50,000
  // offerings of the benchmark catalog): a list already looked through finds nothing new.
  // A run of offerings with the last one's list (an instance type's records are listed together)
  // skips the set.
  gpuselect::detail::AddressTable<bool> lists_seen;
  const std::vector<std::string>* last_list = nullptr;
  const auto first_time = [&](const Offering& offering) {
    if (&offering.regions.items() == last_list) return false;
    last_list = &offering.regions.items();
    return lists_seen.try_emplace(last_list).second;
  };
  const auto region_named = [&](const std::string& name) -> const std::string* {
    const std::string* other_case = nullptr;
    lists_seen.clear();
    last_list = nullptr;
    for (const auto& offering : catalog.offerings) {
      if (!first_time(offering)) continue;
      for (const auto& region : offering.regions) {
        if (region == name) return &region;
        if (other_case == nullptr && name.size() == region.size() &&
            std::equal(name.begin(), name.end(), region.begin(), [](char a, char b) {
              return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
            })) {
          other_case = &region;
        }
      }
    }
    return other_case;
  };
  for (const auto& written : names) {
    const std::string* region = region_named(written);
    const std::string& name = region != nullptr ? *region : written;
    const auto group = std::find_if(region_groups.begin(), region_groups.end(),
                                    [&](const RegionGroup& entry) { return equals_lower(name, entry.name); });
    // A region of the catalog wins over a group of the same name, unless the group holds it (RunPod's
    // "US" is in the group "us": the group is what a user typing "us" means).
    if (group == region_groups.end() || (region != nullptr && !group->contains(*region))) {
      add(name);
      continue;
    }
    const std::size_t before = expanded.size();
    lists_seen.clear();
    for (const auto& offering : catalog.offerings) {
      if (!first_time(offering)) continue;
      for (const auto& listed : offering.regions) {
        if (group->contains(listed)) add(listed);
      }
    }
    // No region of the group in this catalog: keep the name, so the region check says so.
    if (expanded.size() == before) add(name);
  }
  return expanded;
}

}  // namespace gpuselect::catalog
