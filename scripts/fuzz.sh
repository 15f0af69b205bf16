#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, -fsanitize=fuzzer,address,undefined) in build-asan, the folder
# scripts/sanitize.sh builds with the same configuration (scripts/asan_config.sh: after it, nothing is
# left to compile but the targets), and runs each on its seed corpus (fuzz/corpus/<target>) for
# FUZZ_SECONDS seconds (default 20).
#   scripts/fuzz.sh                          # every target, 20 s each
#   FUZZ_SECONDS=600 scripts/fuzz.sh         # longer, by hand
#   scripts/fuzz.sh fuzz_weights             # some targets only
#   scripts/fuzz.sh fuzz_catalog_load crash-1234   # reproduce one input (any argument that is a file)
# New corpus entries go to build-asan/fuzz-corpus/<target> (the repository's seeds stay small); crashing
# inputs are saved as build-asan/fuzz-artifacts/<target>/crash-*. Each crash becomes a file in
# tests/fixtures/regressions/ and a test in tests/test_hostile.cpp. Exit status: 0 when no target failed.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/asan_config.sh
. "$root/scripts/asan_config.sh"
build="$asan_build_dir"
seconds="${FUZZ_SECONDS:-20}"
jobs="${FUZZ_BUILD_JOBS:-2}"
all_targets=(fuzz_catalog_load fuzz_skypilot_import fuzz_quantities fuzz_weights fuzz_request_mix fuzz_catalog_image fuzz_plan_store)

targets=()
inputs=()
for arg in "$@"; do
  if [ -f "$arg" ]; then inputs+=("$(cd "$(dirname "$arg")" && pwd)/$(basename "$arg")"); else targets+=("$arg"); fi
done
[ "${#targets[@]}" -eq 0 ] && targets=("${all_targets[@]}")

# Largest input each target is given (bytes): catalogs need room for nesting and several records.
max_len_of() {
  case "$1" in
    fuzz_catalog_load) echo 16384 ;;
    fuzz_skypilot_import) echo 8192 ;;
    fuzz_catalog_image) echo 16384 ;;
    fuzz_plan_store) echo 8192 ;;
    *) echo 256 ;;
  esac
}

asan_configure
cmake --build "$build" -j "$jobs" --target "${targets[@]}"

export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:allocator_may_return_null=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

if [ "${#inputs[@]}" -gt 0 ]; then
  for target in "${targets[@]}"; do "$build/fuzz/$target" "${inputs[@]}"; done
  exit 0
fi

failed=()
for target in "${targets[@]}"; do
  corpus="$build/fuzz-corpus/$target"
  artifacts="$build/fuzz-artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  dict=()
  [ "$target" = fuzz_catalog_load ] && dict=(-dict="$root/fuzz/catalog.dict")
  echo "fuzz: $target for ${seconds} s" >&2
  # -timeout: one input taking over 10 s is a hang; -rss_limit_mb: memory blow-up (alias bombs) is a finding.
  if ! "$build/fuzz/$target" "$corpus" "$root/fuzz/corpus/$target" "${dict[@]}" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$(max_len_of "$target")" \
      -artifact_prefix="$artifacts/" -print_final_stats=1 2>"$build/$target.log"; then
    failed+=("$target")
    tail -n 60 "$build/$target.log" >&2
  else
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb)" "$build/$target.log" | sed "s/^/fuzz: $target /" >&2 || true
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz: FAILED: ${failed[*]} (inputs in $build/fuzz-artifacts/)" >&2
  exit 1
fi
echo "fuzz: ${#targets[@]} targets clean, ${seconds} s each" >&2
