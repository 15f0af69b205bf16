// Fuzz target: the plan store's reader (gpuselect/plan_store.hpp) on hostile bytes.
// Contract under test: PlanStore::decode never crashes, never reads outside its input, never throws,
// and returns a store only when the bytes are whole plans whose members are in range; such a store
// encodes and decodes again to a store of as many plans. The input is framed as a store file for
// a fixed key and job (the header, the job's digest before it, a correct checksum after it), so the
// fuzzer reaches the plans themselves; the bare input is also decoded as a whole file.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "core/digest.hpp"
#include "gpuselect/plan_store.hpp"

namespace {
void put(std::string& out, std::uint64_t value, int bytes) {
  for (int byte = 0; byte < bytes; ++byte) out += static_cast<char>((value >> (8 * byte)) & 0xFFU);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using gpuselect::scoring::PlanStore;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::string_view key = "catalog-0000000000000000.bin 0000000000000000";
  const gpuselect::workload::Profile profile;
  constexpr std::size_t gpu_count = 16;
  std::string framed = "GPUSPLAN";
  put(framed, 1, 4);  // format version
  put(framed, 0, 4);
  put(framed, key.size(), 4);
  framed += key;
  put(framed, gpuselect::scoring::profile_digest(profile), 8);
  framed += input;
  put(framed, gpuselect::digest::fold64(framed), 8);
  for (const std::string_view bytes : {std::string_view(framed), input}) {
    if (const auto store = PlanStore::decode(bytes, key, profile, gpu_count)) {
      const auto again = PlanStore::decode(store->encode(key), key, profile, gpu_count);
      if (!again || again->size() != store->size()) std::abort();
    }
  }
  return 0;
}
