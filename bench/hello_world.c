/* hello_world: the start-up floor for `gpuselect --version` (issue 33): a C program dynamically linked
   to libc, printing one line. bench/run_benchmarks.sh times it beside gpuselect. */
#include <stdio.h>

int main(void) {
  puts("hello world");
  return 0;
}
