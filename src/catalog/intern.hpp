#pragma once
// One copy of each distinct repeated text while a catalog is built (catalog::load): every record
// given the same `source` sentence or `estimated_fields` list shares it (gpuselect/shared_text.hpp).
// Lives as long as the one load; the records keep the values alive after it.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "gpuselect/shared_text.hpp"

namespace gpuselect::catalog {

class Interner {
 public:
  SharedText text(std::string_view value) {
    if (value.empty()) return {};
    const auto found = texts_.find(value);
    if (found != texts_.end()) return found->second;
    SharedText shared(std::make_shared<const std::string>(value));
    texts_.emplace(shared.view(), shared);  // the key views the shared string, which the map keeps alive
    return shared;
  }

  // The list of `items`; the strings are copied only for a list not seen before in this load.
  SharedTextList list(std::span<const std::string_view> items) {
    if (items.empty()) return {};
    key_.clear();
    for (const std::string_view item : items) {
      const auto size = static_cast<std::uint32_t>(item.size());
      key_.append(reinterpret_cast<const char*>(&size), sizeof size);  // length-prefixed: unambiguous
      key_.append(item);
    }
    const auto found = lists_.find(key_);
    if (found != lists_.end()) return found->second;
    SharedTextList shared(std::vector<std::string>(items.begin(), items.end()));
    lists_.emplace(key_, shared);
    return shared;
  }

 private:
  std::unordered_map<std::string_view, SharedText> texts_;
  std::unordered_map<std::string, SharedTextList> lists_;
  std::string key_;  // reused for each list's key
};

}  // namespace gpuselect::catalog
