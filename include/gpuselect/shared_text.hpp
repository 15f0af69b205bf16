#pragma once
// Text that many catalog records repeat, held once (issue 33). An offering's `source` sentence
// (~240 bytes) and its `estimated_fields` list (~5 keys) are the same in hundreds of records; as a
// std::string and a std::vector<std::string> per record they were ~540 bytes of heap a record,
// ~0.5 GB of the peak at 1,000,000 offerings. Here a record holds a shared pointer (16 bytes):
// copying a record shares the value, assigning replaces it, and the value itself never changes.
// catalog::load and the catalog image's reader intern equal values (src/catalog/intern.hpp), so
// every record holding the same text points at one copy.
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuselect::catalog {

// An immutable string shared by the records that hold it; reads as a const std::string&.
class SharedText {
 public:
  SharedText() = default;
  // Implicit, as the member was a std::string before: `offering.source = "..."` keeps working.
  SharedText(std::string text)  // NOLINT(google-explicit-constructor,hicpp-explicit-conversions)
      : text_(text.empty() ? nullptr : std::make_shared<const std::string>(std::move(text))) {}
  SharedText(std::string_view text) : SharedText(std::string(text)) {}  // NOLINT(google-explicit-constructor,hicpp-explicit-conversions)
  SharedText(const char* text) : SharedText(std::string(text)) {}  // NOLINT(google-explicit-constructor,hicpp-explicit-conversions)
  // Shares `text` (the interner's copy); null is the empty text.
  explicit SharedText(std::shared_ptr<const std::string> text) : text_(std::move(text)) {}

  const std::string& str() const noexcept { return text_ ? *text_ : empty_text(); }
  operator const std::string&() const noexcept { return str(); }  // NOLINT(google-explicit-constructor,hicpp-explicit-conversions)
  std::string_view view() const noexcept { return str(); }
  bool empty() const noexcept { return !text_ || text_->empty(); }
  std::size_t size() const noexcept { return text_ ? text_->size() : 0; }
  const char* data() const noexcept { return str().data(); }
  const char* c_str() const noexcept { return str().c_str(); }
  void clear() noexcept { text_.reset(); }

  friend bool operator==(const SharedText& a, const SharedText& b) noexcept { return a.str() == b.str(); }
  friend bool operator==(const SharedText& a, const std::string& b) noexcept { return a.str() == b; }
  friend bool operator==(const SharedText& a, std::string_view b) noexcept { return a.view() == b; }
  friend bool operator==(const SharedText& a, const char* b) noexcept { return a.view() == std::string_view(b); }

 private:
  static const std::string& empty_text() noexcept {
    static const std::string empty;
    return empty;
  }
  std::shared_ptr<const std::string> text_;
};

// An immutable list of strings shared by the records that hold it; reads as a
// const std::vector<std::string>&. push_back and emplace_back copy the list first (copy on
// write), so no other record sees the change.
class SharedTextList {
 public:
  using value_type = std::string;
  using const_iterator = std::vector<std::string>::const_iterator;
  using iterator = const_iterator;
  using size_type = std::size_t;

  SharedTextList() = default;
  // Implicit, as the member was a std::vector<std::string> before.
  SharedTextList(std::vector<std::string> items)  // NOLINT(google-explicit-constructor,hicpp-explicit-conversions)
      : items_(items.empty() ? nullptr : std::make_shared<const std::vector<std::string>>(std::move(items))) {}
  SharedTextList(std::initializer_list<std::string> items) : SharedTextList(std::vector<std::string>(items)) {}
  // Shares `items` (the interner's copy); null is the empty list.
  explicit SharedTextList(std::shared_ptr<const std::vector<std::string>> items) : items_(std::move(items)) {}

  const std::vector<std::string>& items() const noexcept { return items_ ? *items_ : empty_items(); }
  operator const std::vector<std::string>&() const noexcept { return items(); }  // NOLINT(google-explicit-constructor,hicpp-explicit-conversions)
  const_iterator begin() const noexcept { return items().begin(); }
  const_iterator end() const noexcept { return items().end(); }
  bool empty() const noexcept { return !items_ || items_->empty(); }
  std::size_t size() const noexcept { return items_ ? items_->size() : 0; }
  const std::string& operator[](std::size_t index) const { return items()[index]; }
  const std::string& front() const { return items().front(); }
  const std::string& back() const { return items().back(); }

  void push_back(std::string item) { emplace_back(std::move(item)); }
  template <typename... Args>
  void emplace_back(Args&&... args) {
    std::vector<std::string> copy = items();
    copy.emplace_back(std::forward<Args>(args)...);
    *this = SharedTextList(std::move(copy));
  }
  void clear() noexcept { items_.reset(); }

  friend bool operator==(const SharedTextList& a, const SharedTextList& b) { return a.items() == b.items(); }
  friend bool operator==(const SharedTextList& a, const std::vector<std::string>& b) { return a.items() == b; }

 private:
  static const std::vector<std::string>& empty_items() noexcept {
    static const std::vector<std::string> empty;
    return empty;
  }
  std::shared_ptr<const std::vector<std::string>> items_;
};

}  // namespace gpuselect::catalog
