// yamlcpp_dom_load FILE: the baseline gpuselect must beat by 10x. Builds yaml-cpp's document tree of
// FILE with YAML::LoadFile (what a DOM-based loader does before reading a single field), then prints
//   seconds=<wall seconds> offerings=<records in the offerings list>
// yaml-cpp (libyaml-cpp-dev) is linked here only; gpuselect itself streams libyaml events.
#include <chrono>
#include <cstdio>
#include <exception>

#include <yaml-cpp/yaml.h>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: yamlcpp_dom_load FILE.yaml\n");
    return 2;
  }
  try {
    const auto start = std::chrono::steady_clock::now();
    const YAML::Node root = YAML::LoadFile(argv[1]);
    const YAML::Node offerings = root["offerings"];
    const std::size_t count = offerings ? offerings.size() : 0;
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    std::printf("seconds=%.6f offerings=%zu\n", elapsed.count(), count);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "yamlcpp_dom_load: %s\n", error.what());
    return 1;
  }
  return 0;
}
