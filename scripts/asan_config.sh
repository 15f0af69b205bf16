# Sourced by scripts/sanitize.sh and scripts/fuzz.sh: configures the one instrumented build folder both
# use (default build-asan), so CI compiles the instrumented code once. clang with ASan + UBSan
# (-fsanitize=undefined includes float-cast-overflow under clang), the library's coverage
# instrumentation for libFuzzer (-fsanitize=fuzzer-no-link; the ASan runtime answers its callbacks in
# the programs without a fuzzer main: the tests and gpuselect), the test suite and the fuzz targets.
# Debug (-g, no optimisation): clang compiles a file here in about 0.7x of GCC's time at -O0 and 0.4x
# of its own at -O1 (src/scoring/rank.cpp: 15 s, GCC 22 s, clang -O1 38 s of CPU; a test file 21, 30,
# 51 s), and the compiling is most of this build's cost.
asan_build_dir="${GPUSELECT_ASAN_BUILD_DIR:-$root/build-asan}"

asan_configure() {
  if ! command -v clang++ >/dev/null || ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
    echo "$(basename "$0"): needs clang with libFuzzer (Debian: apt-get install clang libclang-rt-14-dev)" >&2
    exit 1
  fi
  # A folder an earlier script configured with GCC (its compiler cannot change in place) starts over.
  if [ -f "$asan_build_dir/CMakeCache.txt" ] && ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++' "$asan_build_dir/CMakeCache.txt"; then
    rm -rf "$asan_build_dir"
  fi
  cmake -S "$root" -B "$asan_build_dir" -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-g \
    -DGPUSELECT_SANITIZE=ON -DGPUSELECT_FUZZ=ON -DGPUSELECT_WERROR=ON -DGPUSELECT_BUILD_TESTS=ON \
    ${GPUSELECT_ASAN_CMAKE_ARGS:-} >/dev/null
}
