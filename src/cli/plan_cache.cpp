#include "cli/plan_cache.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "cli/catalog_sources.hpp"
#include "core/digest.hpp"
#include "io/catalog_cache.hpp"

namespace gpuselect::cli {

PlanCache::PlanCache(const GlobalOptions& globals, const catalog::Catalog& catalog, const workload::Profile& profile) {
  const std::string image_name = loaded_catalog_image_name();
  folder_ = image_name.empty() ? "" : catalog_cache_folder(globals);
  if (folder_.empty()) return;
  // The catalog image's name names the build and every catalog byte; the profile digest, the job.
  key_ = fmt::format("{} {:016x}", image_name, scoring::profile_digest(profile));
  name_ = fmt::format("plans-{:016x}.bin", digest::fold64(key_));
  const io::MappedFile file(folder_ + "/" + name_);
  if (auto kept = scoring::PlanStore::decode(file.bytes(), key_, profile, catalog.gpus.size())) {
    spdlog::info("plan store: used {}/{} ({} plans)", folder_, name_, kept->size());
    store_.emplace(std::move(*kept));
  } else {
    spdlog::info("plan store: {} {}/{}", file.empty() ? "none in" : "ignored (stale or damaged)", folder_, name_);
    store_.emplace(profile);
  }
}

void PlanCache::keep() const {
  if (!store_ || !store_->grown()) return;
  const std::string bytes = store_->encode(key_);
  const auto produce = [&](const io::Sink& write) { write(bytes); };
  constexpr std::size_t jobs_kept = 16;  // plan files kept, newest first (assumption: a working set of jobs)
  if (!io::write_cache_file(folder_, name_, produce, jobs_kept)) spdlog::info("plan store: not written ({} is not writable)", folder_);
}

}  // namespace gpuselect::cli
