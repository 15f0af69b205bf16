// generate_catalog [--lean] N [SEED] > catalog.yaml: a synthetic overlay catalog of N offerings (see
// synthetic_catalog.hpp; --lean: issue 7's record shape) for the benchmarks. Same arguments, same bytes.
#include <charconv>
#include <cstdio>
#include <exception>
#include <string_view>

#include "synthetic_catalog.hpp"

namespace {

bool parse_count(std::string_view text, std::uint64_t& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc{} && end == text.data() + text.size();
}

}  // namespace

int main(int argc, char** argv) {
  gpuselect::bench::SyntheticOptions options;
  std::uint64_t count = 0;
  if (argc >= 2 && std::string_view(argv[1]) == "--lean") {
    options.lean = true;
    --argc;
    ++argv;
  }
  if (argc < 2 || argc > 3 || !parse_count(argv[1], count) || count == 0 ||
      (argc == 3 && !parse_count(argv[2], options.seed))) {
    std::fprintf(stderr,
                 "usage: generate_catalog [--lean] N [SEED] > catalog.yaml  (N offerings >= 1, SEED default 1; "
                 "--lean: issue 7's record shape)\n");
    return 2;
  }
  options.offerings = static_cast<std::size_t>(count);
  try {
    const std::string text = gpuselect::bench::synthetic_catalog_yaml(gpuselect::bench::builtin_catalog(), options);
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
      std::fprintf(stderr, "generate_catalog: cannot write standard output\n");
      return 1;
    }
  } catch (const std::exception& error) {
    std::fprintf(stderr, "generate_catalog: %s\n", error.what());
    return 1;
  }
  return 0;
}
