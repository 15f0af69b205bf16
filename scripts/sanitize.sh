#!/usr/bin/env bash
# Builds everything with AddressSanitizer and UndefinedBehaviorSanitizer (clang, Debug;
# scripts/asan_config.sh) in build-asan and runs the whole test suite there. Any sanitizer report fails
# the run: the library and tests abort on the first finding, and the end-to-end tests see the
# binary's report on stderr.
#   scripts/sanitize.sh                 # all tests
#   scripts/sanitize.sh -R hostile      # extra arguments go to ctest
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jobs="${SANITIZE_JOBS:-2}"
# shellcheck source=scripts/asan_config.sh
. "$root/scripts/asan_config.sh"
build="$asan_build_dir"
asan_configure
# Everything, the fuzz targets included: scripts/fuzz.sh then only runs them.
cmake --build "$build" -j "$jobs"

export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# Leaks inside system libraries (not gpuselect's code), each explained in scripts/lsan.supp.
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/scripts/lsan.supp:print_suppressions=0}"
if [ "$#" -gt 0 ]; then
  ctest --test-dir "$build" --output-on-failure -j "$jobs" "$@"
  exit 0
fi

# The whole suite: the C++ test cases in $jobs processes (shards of the list, each case in one of them)
# rather than one process per case as ctest runs them: the instrumented test binary (about 700 MB)
# takes about 1.3 s to start, over 750 cases about 16 min of CPU, half the suite's. The python checks
# go through ctest (their environment is set there).
tests_dir="$build/tests"
shards="$(mktemp -d)"
trap 'rm -rf "$shards"' EXIT
# A name is a Catch2 test spec: backslash-escape the characters that mean something there. (Catch2 2
# exits with the number of cases a --list-* option listed: its status is not checked; an empty list is.)
{ "$tests_dir/gpuselect_tests" --list-test-names-only || true; } | grep -v '^$' |
  sed -e 's/\\/\\\\/g' -e 's/\([][,*~"]\)/\\\1/g' |
  awk -v dir="$shards" -v n="$jobs" '{ print > (dir "/shard" (NR % n) ".txt") }'
lists=("$shards"/shard*.txt)
if [ ! -e "${lists[0]}" ]; then
  echo "sanitize: $tests_dir/gpuselect_tests listed no test cases" >&2
  exit 1
fi
pids=()
for list in "${lists[@]}"; do
  # Every listed case must be selected by its escaped name, or a case would silently not run.
  selected="$(cd "$tests_dir" && ./gpuselect_tests -f "$list" --list-test-names-only | grep -vc '^$' || true)"
  if [ "$selected" != "$(wc -l <"$list")" ]; then
    echo "sanitize: $list selects $selected of $(wc -l <"$list") test cases; fix the escaping above" >&2
    exit 1
  fi
  (cd "$tests_dir" && exec ./gpuselect_tests -f "$list" >"${list%.txt}.log" 2>&1) &
  pids+=("$!")
done
status=0
for i in "${!pids[@]}"; do
  log="${lists[$i]%.txt}.log"
  if wait "${pids[$i]}"; then tail -n 2 "$log" | head -n 1; else status=1; cat "$log" >&2; fi
done
# py.test_bounded_memory is left to the release suite: it measures the release allocator's peaks
# (under ASan only a ratio is checked, docs/hardening.md "Bounded work") by streaming CSVs past the
# 128 MiB download limit through the import code that the suite's smaller imports run instrumented
# here; under ASan it took 277 s, as long as the other 20 checks together (2026-12-07).
ctest --test-dir "$build" --output-on-failure -j "$jobs" -R '^py\.' -E '^py\.test_bounded_memory$' || status=1
exit "$status"
