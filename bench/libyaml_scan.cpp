// libyaml_scan FILE: the floor for any YAML loader. Streams FILE into libyaml (as gpuselect does)
// and pulls every libyaml event without building anything, then prints
//   seconds=<read+scan wall seconds> events=<count> bytes=<file size>
// Exit 1 when the file cannot be read or is not YAML (with line and column).
#include <yaml.h>

#include <chrono>
#include <cstdio>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: libyaml_scan FILE.yaml\n");
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  // Streamed from the file through stdio in 64 KiB reads (gpuselect streams too, in the 16 KiB reads
  // libyaml asks for): no buffer of the whole file.
  std::FILE* file = std::fopen(argv[1], "rb");
  if (file == nullptr) {
    std::fprintf(stderr, "libyaml_scan: cannot open %s\n", argv[1]);
    return 1;
  }
  static char read_buffer[1 << 16];
  std::setvbuf(file, read_buffer, _IOFBF, sizeof read_buffer);

  yaml_parser_t parser;
  if (yaml_parser_initialize(&parser) == 0) {
    std::fprintf(stderr, "libyaml_scan: cannot initialise libyaml\n");
    return 1;
  }
  yaml_parser_set_input_file(&parser, file);
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
  const long bytes = std::ftell(file);
  std::fclose(file);
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  std::printf("seconds=%.6f events=%llu bytes=%ld\n", elapsed.count(), events, bytes);
  return 0;
}
