// libyaml_scan FILE: the floor for any YAML loader. Reads FILE into memory (as gpuselect does) and
// pulls every libyaml event without building anything, then prints
//   seconds=<read+scan wall seconds> events=<count> bytes=<file size>
// Exit 1 when the file cannot be read or is not YAML (with line and column).
#include <yaml.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: libyaml_scan FILE.yaml\n");
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  std::ifstream file(argv[1], std::ios::binary);
  if (!file) {
    std::fprintf(stderr, "libyaml_scan: cannot open %s\n", argv[1]);
    return 1;
  }
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());

  yaml_parser_t parser;
  if (yaml_parser_initialize(&parser) == 0) {
    std::fprintf(stderr, "libyaml_scan: cannot initialise libyaml\n");
    return 1;
  }
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  unsigned long long events = 0;
  bool done = false;
  while (!done) {
    yaml_event_t event;
    if (yaml_parser_parse(&parser, &event) == 0) {
      std::fprintf(stderr, "libyaml_scan: %s:%zu:%zu: %s\n", argv[1], parser.problem_mark.line + 1,
                   parser.problem_mark.column + 1, parser.problem != nullptr ? parser.problem : "parse error");
      yaml_parser_delete(&parser);
      return 1;
    }
    done = event.type == YAML_STREAM_END_EVENT;
    ++events;
    yaml_event_delete(&event);
  }
  yaml_parser_delete(&parser);
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  std::printf("seconds=%.6f events=%llu bytes=%zu\n", elapsed.count(), events, text.size());
  return 0;
}
