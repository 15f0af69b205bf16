#!/usr/bin/env bash
# Runs clang-tidy (.clang-tidy: bugprone, performance, a modernize subset; every finding an error) over
# src/ with the compile database of a build folder (default build-tidy, configured here if needed).
# Exits non-zero on any finding.
#   scripts/tidy.sh                      # every source file under src/
#   scripts/tidy.sh src/catalog/load.cpp # some files
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${GPUSELECT_TIDY_BUILD_DIR:-$root/build-tidy}"
jobs="${TIDY_JOBS:-2}"
tidy="$(command -v clang-tidy-14 || command -v clang-tidy || true)"
if [ -z "$tidy" ]; then
  echo "tidy: clang-tidy not found; install clang-tidy (Debian: apt-get install clang-tidy)" >&2
  exit 1
fi

# Configuring writes compile_commands.json and the generated headers; nothing is compiled.
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DGPUSELECT_BUILD_TESTS=OFF >/dev/null

cd "$root"
if [ "$#" -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files 'src/*.cpp' | sort)
fi
[ "${#files[@]}" -eq 0 ] && { echo "tidy: no files" >&2; exit 0; }

log="$build/tidy.log"
status=0
# Through sh -c: a clang-tidy that dies of a signal (clang-tidy 14 can crash) counts as a failure of
# its file, and xargs goes on with the others instead of stopping.
printf '%s\n' "${files[@]}" |
  xargs -P "$jobs" -n 1 sh -c '"$0" -p "$1" --quiet "$2" || { echo "tidy: clang-tidy failed on $2 (exit $?)"; exit 1; }' \
    "$tidy" "$build" >"$log" 2>&1 || status=$?
# clang-tidy prints "N warnings generated" for suppressed system-header noise; show only real findings.
grep -v -E '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$|^Suppressed [0-9]+ warnings|^Use -header-filter|^Use -system-headers' \
  "$log" >&2 || true
if [ "$status" -ne 0 ]; then
  echo "tidy: findings in ${#files[@]} files checked (see above)" >&2
  exit 1
fi
echo "tidy: ${#files[@]} files clean" >&2
