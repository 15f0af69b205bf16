#!/usr/bin/env bash
# Sets up a Debian 12 machine for gpuselect and builds it (Release), then either runs the main job
# or the whole test suite. Idempotent: a second run installs nothing and rebuilds incrementally.
#   bash scripts/quickstart.sh run    # install, build, gpuselect recommend on the embedded catalog
#   bash scripts/quickstart.sh test   # install, build with tests (-Werror), run them all
set -euo pipefail

mode="${1:-run}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${GPUSELECT_BUILD_DIR:-$root/build}"

# Debian packages the build needs; the test mode adds the checkers the tests use. libcurl4 is the
# runtime library `catalog update` loads when it downloads (dlopen of libcurl.so.4; nothing else
# loads it): libcurl4-openssl-dev gives the build its headers.
build_packages=(g++ cmake make pkg-config libcli11-dev nlohmann-json3-dev libyaml-dev libfmt-dev libspdlog-dev catch2 libcurl4-openssl-dev libcurl4)
# clang, libclang-rt-14-dev (libFuzzer) and clang-tidy: the fuzz and tidy stages of .ci/run.
test_packages=(python3 python3-jsonschema python3-yaml chromium zsh fish clang libclang-rt-14-dev clang-tidy)

packages=("${build_packages[@]}")
[ "$mode" = test ] && packages+=("${test_packages[@]}")

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "quickstart: installing ${missing[*]}" >&2
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

jobs="$(nproc 2>/dev/null || echo 2)"
case "$mode" in
  run)
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$build" --target gpuselect -j "$jobs"
    "$build/gpuselect" recommend --workload llm-finetune --params 7e9
    ;;
  test)
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DGPUSELECT_WERROR=ON -DGPUSELECT_BUILD_TESTS=ON >/dev/null
    cmake --build "$build" -j "$jobs"
    ctest --test-dir "$build" --output-on-failure -j "$jobs"
    ;;
  *)
    echo "usage: bash scripts/quickstart.sh run|test" >&2
    exit 2
    ;;
esac
