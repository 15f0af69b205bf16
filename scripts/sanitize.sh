#!/usr/bin/env bash
# Builds everything with AddressSanitizer and UndefinedBehaviorSanitizer (-DGPUSELECT_SANITIZE=ON, Debug)
# in build-asan and runs the whole test suite there. Any sanitizer report fails the run: the library and
# tests abort on the first finding, and the end-to-end tests see the binary's report on stderr.
#   scripts/sanitize.sh                 # all tests
#   scripts/sanitize.sh -R hostile      # extra arguments go to ctest
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${GPUSELECT_ASAN_BUILD_DIR:-$root/build-asan}"
jobs="${SANITIZE_JOBS:-2}"

# float-cast-overflow: an out-of-range double -> int conversion is UB, and GCC leaves this check out of
# -fsanitize=undefined (clang includes it).
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DGPUSELECT_SANITIZE=ON -DGPUSELECT_WERROR=ON \
  -DGPUSELECT_BUILD_TESTS=ON -DCMAKE_CXX_FLAGS="-fsanitize=float-cast-overflow" >/dev/null
cmake --build "$build" -j "$jobs"

export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# Leaks inside system libraries (not gpuselect's code), each explained in scripts/lsan.supp.
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/scripts/lsan.supp:print_suppressions=0}"
ctest --test-dir "$build" --output-on-failure -j "$jobs" "$@"
