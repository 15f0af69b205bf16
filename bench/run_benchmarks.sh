#!/usr/bin/env bash
# The one benchmark command (docs/performance.md): builds gpuselect and bench/ in Release in
# build-bench/, generates synthetic catalogs of 10k, 50k and 100k offerings, times whole processes,
# and prints each target of the performance issue with its measured ratio and PASS or FAIL.
# Exit 0 when every target is met, 1 when one is not, 2 when the build or a run fails.
#
# Environment:
#   BENCH_BUILD_DIR   build directory (default <repo>/build-bench)
#   BENCH_JOBS        parallel build jobs (default 2)
#   BENCH_METRIC      cpu (default: user+system seconds of the process, steady on a shared machine)
#                     or wall (elapsed seconds); ratios are computed on this metric
#   BENCH_RUNS        runs per interactive measurement (default 31; the median is used)
#   BENCH_JSON_RUNS   runs per JSON and validate measurement (default 7; the median is used)
#   BENCH_SKIP_GBENCH 1 to skip the Google Benchmark pass (then the linearity targets are not checked)
set -euo pipefail

repo_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BENCH_BUILD_DIR:-$repo_dir/build-bench}
jobs=${BENCH_JOBS:-2}
metric=${BENCH_METRIC:-cpu}
interactive_runs=${BENCH_RUNS:-31}
case $metric in cpu | wall) ;; *) echo "run_benchmarks: BENCH_METRIC must be cpu or wall" >&2; exit 2 ;; esac

say() { printf '%s\n' "$*" >&2; }

# GNU time reports peak resident memory (%M) as a cross-check of time_runs' rusage figure.
if [[ ! -x /usr/bin/time ]]; then
  say "installing GNU time (package 'time')"
  if [[ $(id -u) -eq 0 ]]; then apt-get install -y time >&2; else sudo apt-get install -y time >&2; fi
fi

say "== building Release in $build_dir"
cmake -S "$repo_dir" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DGPUSELECT_BUILD_BENCH=ON \
  -DGPUSELECT_BUILD_TESTS=OFF >/dev/null || exit 2
cmake --build "$build_dir" -j"$jobs" --target gpuselect generate_catalog libyaml_scan yamlcpp_dom_load \
  time_runs gpuselect_bench >&2 || exit 2

gpuselect=$build_dir/gpuselect
bench_bin=$build_dir/bench
work_dir=$(mktemp -d "${TMPDIR:-/tmp}/gpuselect-bench.XXXXXX")
trap 'rm -rf "$work_dir"' EXIT

# A clean environment: no user config file, no catalog from the environment, a fixed date.
export XDG_CONFIG_HOME=$work_dir/config HOME=$work_dir/home GPUSELECT_TODAY=2026-06-01 LC_ALL=C
unset GPUSELECT_CATALOG NO_COLOR COLUMNS
mkdir -p "$XDG_CONFIG_HOME" "$HOME"

say "== generating synthetic catalogs"
for count in 10000 50000 100000; do
  "$bench_bin/generate_catalog" "$count" >"$work_dir/$count.yaml" || exit 2
done
size_50k=$(stat -c %s "$work_dir/50000.yaml")

# field NAME "k=v k=v ...": the value of NAME.
field() { tr ' ' '\n' <<<"$2" | sed -n "s/^$1=//p"; }
# measure RUNS WARMUP COMMAND...: time_runs' line, or exit 2 when the command fails.
measure() {
  local line
  if ! line=$("$bench_bin/time_runs" "$@"); then
    say "run_benchmarks: this command failed: ${*:3}"
    exit 2
  fi
  printf '%s\n' "$line"
}
value() { field "${metric}_median" "$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
# check NAME MEASURED OP LIMIT DETAIL: prints one target line; OP is <= or >=.
failures=0
check() {
  local name=$1 measured=$2 op=$3 limit=$4 detail=$5 verdict
  if awk -v m="$measured" -v l="$limit" -v op="$op" 'BEGIN { exit !((op == "<=") ? (m <= l) : (m >= l)) }'; then
    verdict=PASS
  else
    verdict=FAIL
    failures=$((failures + 1))
  fi
  printf '%-4s  %-44s %10s %s %-6s  %s\n' "$verdict" "$name" "$measured" "$op" "$limit" "$detail"
}
seconds() { awk -v s="$1" 'BEGIN { printf "%.4f s", s }'; }
# "median (min)" of one time_runs line in the chosen metric; min is the run least disturbed by others.
spread() { printf '%s (min %s)' "$(seconds "$(field "${metric}_median" "$1")")" "$(seconds "$(field "${metric}_min" "$1")")"; }

recommend=(recommend --workload llm-finetune --params 7e9)

say "== interactive: $interactive_runs runs each (median)"
version_line=$(measure "$interactive_runs" 3 "$gpuselect" --version)
builtin_line=$(measure "$interactive_runs" 3 "$gpuselect" "${recommend[@]}")

say "== 50,000 offerings ($size_50k bytes)"
scan_line=$(measure 11 1 "$bench_bin/libyaml_scan" "$work_dir/50000.yaml")
large_line=$(measure 11 1 "$gpuselect" --catalog "$work_dir/50000.yaml" "${recommend[@]}")
say "   yaml-cpp DOM baseline (slow: 3 runs)"
dom_line=$(measure 3 0 "$bench_bin/yamlcpp_dom_load" "$work_dir/50000.yaml")
gnu_time_rss_kb=$( { /usr/bin/time -f %M "$gpuselect" --catalog "$work_dir/50000.yaml" "${recommend[@]}" >/dev/null; } 2>&1 | tail -n 1)

say "== growth: 10,000 vs 100,000 offerings"
small_line=$(measure 7 1 "$gpuselect" --catalog "$work_dir/10000.yaml" "${recommend[@]}")
huge_line=$(measure 7 1 "$gpuselect" --catalog "$work_dir/100000.yaml" "${recommend[@]}")

# The CI path (issue 16): JSON of every candidate, JSON of the first 100, the catalog as JSON, and
# validation as JSON. Output goes to /dev/null (time_runs), so the figures are gpuselect's own work.
json_runs=${BENCH_JSON_RUNS:-7}
say "== JSON: 50,000 offerings ($json_runs runs each), growth 10k vs 100k"
json_line=$(measure "$json_runs" 1 "$gpuselect" --catalog "$work_dir/50000.yaml" "${recommend[@]}" --format json)
json_top_line=$(measure "$json_runs" 1 "$gpuselect" --catalog "$work_dir/50000.yaml" "${recommend[@]}" --format json \
  --top 100)
list_json_line=$(measure "$json_runs" 1 "$gpuselect" --catalog "$work_dir/50000.yaml" catalog list --format json)
validate_json_line=$(measure "$json_runs" 1 "$gpuselect" catalog validate "$work_dir/50000.yaml" --format json)
json_small_line=$(measure "$json_runs" 1 "$gpuselect" --catalog "$work_dir/10000.yaml" "${recommend[@]}" --format json)
json_huge_line=$(measure "$json_runs" 1 "$gpuselect" --catalog "$work_dir/100000.yaml" "${recommend[@]}" --format json)
# Size: bytes of the document over the candidates it holds (summary.candidates, at its end).
json_file=$work_dir/50000.json
"$gpuselect" --catalog "$work_dir/50000.yaml" "${recommend[@]}" --format json >"$json_file" || exit 2
json_bytes=$(stat -c %s "$json_file")
json_candidates=$(tail -c 300 "$json_file" | sed -n 's/.*"summary":{"candidates":\([0-9]*\).*/\1/p')
validate_findings=$("$gpuselect" catalog validate "$work_dir/50000.yaml" --format json |
  tail -c 2000 | sed -n 's/.*"repeated":\[\(.*\)\]}$/\1/p')
rm -f "$json_file"

gbench_json=$work_dir/gbench.json
if [[ ${BENCH_SKIP_GBENCH:-0} != 1 ]]; then
  say "== Google Benchmark: loading and estimation (brief)"
  "$bench_bin/gpuselect_bench" --benchmark_filter='BM_CatalogLoad|BM_Estimate' --benchmark_min_time=0.2 >&2 || exit 2
  say "== Google Benchmark: ranking (median of 5 repetitions)"
  "$bench_bin/gpuselect_bench" --benchmark_filter='BM_ScoringRank' --benchmark_min_time=0.5 \
    --benchmark_repetitions=5 --benchmark_report_aggregates_only=true --benchmark_out="$gbench_json" \
    --benchmark_out_format=json >&2 || exit 2
fi

# rss LINE: peak resident memory of a time_runs line in MB (10^6 bytes).
rss() { awk -v k="$(field maxrss_kb "$1")" 'BEGIN { printf "%.1f", k * 1024 / 1e6 }'; }
rss_mb=$(rss "$large_line")
dom_rss_mb=$(awk -v k="$(field maxrss_kb "$dom_line")" 'BEGIN { printf "%.1f", k * 1024 / 1e6 }')

echo
echo "gpuselect performance targets ($(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1); metric: $metric seconds, median)"
echo "  gpuselect --version                      $(spread "$version_line")"
echo "  recommend, built-in catalog              $(spread "$builtin_line")"
echo "  libyaml event scan, 50k offerings        $(spread "$scan_line")"
echo "  recommend, +50k offerings                $(spread "$large_line")  peak RSS $rss_mb MB (GNU time: $gnu_time_rss_kb KiB)"
echo "  yaml-cpp DOM load, 50k offerings         $(spread "$dom_line")  peak RSS $dom_rss_mb MB"
echo "  recommend, +10k offerings                $(spread "$small_line")"
echo "  recommend, +100k offerings               $(spread "$huge_line")"
echo "  recommend --format json, +50k            $(spread "$json_line")  peak RSS $(rss "$json_line") MB"
echo "  recommend --format json --top 100, +50k  $(spread "$json_top_line")  peak RSS $(rss "$json_top_line") MB"
echo "  catalog list --format json, +50k         $(spread "$list_json_line")  peak RSS $(rss "$list_json_line") MB"
echo "  catalog validate --format json, 50k      $(spread "$validate_json_line")  peak RSS $(rss "$validate_json_line") MB"
echo "  recommend --format json, +10k            $(spread "$json_small_line")"
echo "  recommend --format json, +100k           $(spread "$json_huge_line")"
echo "  JSON of 50k: $json_bytes bytes, $json_candidates candidates," \
  "$(awk -v b="$json_bytes" -v c="$json_candidates" 'BEGIN { printf "%.0f", (c > 0 ? b / c : 0) }') bytes per candidate"
echo "  validate, findings counted not listed: ${validate_findings:-none}"
echo
check "built-in recommend / --version" "$(ratio "$(value "$builtin_line")" "$(value "$version_line")")" "<=" 2 \
  "(x; whole process)"
check "50k load+recommend / libyaml scan" "$(ratio "$(value "$large_line")" "$(value "$scan_line")")" "<=" 3 "(x)"
check "yaml-cpp DOM load / 50k load+recommend" "$(ratio "$(value "$dom_line")" "$(value "$large_line")")" ">=" 10 \
  "(x faster)"
check "50k peak resident memory" "$rss_mb" "<=" 150 "(MB, 1 MB = 10^6 bytes)"
check "100k / 10k load+recommend" "$(ratio "$(value "$huge_line")" "$(value "$small_line")")" "<=" 12 "(x)"
check "50k recommend JSON / libyaml scan" "$(ratio "$(value "$json_line")" "$(value "$scan_line")")" "<=" 5 "(x)"
check "50k recommend JSON peak resident memory" "$(rss "$json_line")" "<=" 150 "(MB)"
check "100k / 10k recommend JSON" "$(ratio "$(value "$json_huge_line")" "$(value "$json_small_line")")" "<=" 12 "(x)"
check "50k JSON --top 100 / table" "$(ratio "$(value "$json_top_line")" "$(value "$large_line")")" "<=" 2 "(x)"
check "50k catalog list JSON / libyaml scan" "$(ratio "$(value "$list_json_line")" "$(value "$scan_line")")" "<=" 3 "(x)"
check "50k catalog list JSON peak resident memory" "$(rss "$list_json_line")" "<=" 150 "(MB)"
check "50k catalog validate JSON / libyaml scan" "$(ratio "$(value "$validate_json_line")" "$(value "$scan_line")")" \
  "<=" 3 "(x)"
check "50k catalog validate JSON peak resident memory" "$(rss "$validate_json_line")" "<=" 150 "(MB)"

if [[ -s $gbench_json ]]; then
  # Linear: time per candidate slot (offering x pricing mode x node count) barely changes from 20k to
  # 100k offerings (medians of 5 repetitions; both sizes' candidate arrays are beyond the last-level
  # cache, so a cache cliff is not mistaken for growth). No heap churn: rank() allocates at most 1.5
  # times per record it returns (a ranked candidate owns its warnings list, an exclusion its
  # reasons; the rest is slack for memo entries).
  read -r per_slot_growth allocs_per_record < <(/usr/bin/python3 - "$gbench_json" <<'EOF'
import json, sys
runs = {b["run_name"]: b for b in json.load(open(sys.argv[1]))["benchmarks"]
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") == "median"}
small, large = runs["BM_ScoringRank/20000"], runs["BM_ScoringRank/100000"]
# candidate_slots is a rate (slots per second): its fall from 20k to 100k is the growth of time per slot.
growth = small["candidate_slots"] / large["candidate_slots"]
print(f"{growth:.2f} {max(small['allocs_per_record'], large['allocs_per_record']):.2f}")
EOF
)
  check "scoring time per slot, 100k / 20k" "$per_slot_growth" "<=" 1.3 "(x; 1.0 = linear)"
  check "rank() heap allocations per returned record" "$allocs_per_record" "<=" 1.5 "(allocations)"
fi

echo
if ((failures == 0)); then
  echo "all targets met"
  exit 0
fi
echo "$failures target(s) not met"
exit 1
