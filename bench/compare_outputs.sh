#!/usr/bin/env bash
# compare_outputs.sh OLD NEW [CATALOG...]: runs a fixed set of gpuselect commands with two builds and
# reports any whose standard output, standard error or exit code differs; for a speed change that must
# change no byte (issue 33). Each CATALOG (e.g. bench/generate_catalog 50000 > 50k.yaml) gets the
# large-catalog runs too. Exit 0 when every run is the same, 1 when one differs, 2 on bad arguments.
# COMPARE_CACHE=warm: each build runs with its own parsed-catalog cache, warmed by a first run of
# each command (not compared), so the second run, compared, reads the image (the default: cache off).
set -uo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: compare_outputs.sh OLD_GPUSELECT NEW_GPUSELECT [CATALOG.yaml...]" >&2
  exit 2
fi
old=$1 new=$2
shift 2
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuselect-compare.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The scenario environment of the tests (a fixed date, no user config, no cache, C locale).
export GPUSELECT_TODAY=2026-12-01 LANG=C LC_ALL=C GPUSELECT_NO_CACHE=1 COLUMNS=150
export XDG_CONFIG_HOME=$work/config HOME=$work/home XDG_CACHE_HOME=$work/cache
unset GPUSELECT_CATALOG NO_COLOR
mkdir -p "$XDG_CONFIG_HOME" "$HOME"
warm=no
if [[ ${COMPARE_CACHE:-off} == warm ]]; then
  warm=yes
  unset GPUSELECT_NO_CACHE
fi

ft=(recommend --workload llm-finetune --params 7e9)
runs=(
  "${ft[*]}"
  "${ft[*]} --format json"
  "${ft[*]} --format json --pretty"
  "${ft[*]} --format markdown"
  "${ft[*]} --format csv"
  "${ft[*]} --format html"
  "${ft[*]} --format json --top all --show-excluded"
  "--lang zh-CN ${ft[*]}"
  "--lang zh-CN ${ft[*]} --format json"
  "--lang zh-CN ${ft[*]} --format html"
  "recommend --workload llm-finetune --params 13e9 --currency CNY --format json"
  "recommend --workload llm-finetune --model llama-2-70b --deadline 48 --format json"
  "recommend --workload llm-inference --model llama-2-70b --show-excluded --format json"
  "recommend --workload llm-inference --model llama-3-8b --format markdown"
  "recommend --workload llm-pretrain --params 1e9 --format json"
  "recommend --workload cv-train --model resnet-50 --budget 50 --format json"
  "recommend --workload cv-train --model resnet-50 --budget 50"
  "recommend --workload image-inference --model sdxl --format json"
  "recommend --workload llm-finetune --params 7e9 --pricing spot --format json"
  "recommend --workload llm-finetune --params 7e9 --pricing spot"
  "recommend --workload llm-finetune --params 7e9 --pricing reserved-1y,monthly --format json"
  "recommend --workload llm-finetune --params 7e9 --max-price 0.01 --format json"
  "compare aws/g5.xlarge aws/g6.xlarge azure/Standard_NV6ads_A10_v5 --workload llm-finetune --params 7e9"
  "compare aws/g5.xlarge aws/g6.xlarge --workload llm-finetune --params 7e9 --format json"
  "compare aws/g5.xlarge aws/g6.xlarge --workload llm-finetune --params 7e9 --format html"
  "estimate --workload llm-finetune --params 7e9 --gpu h100-sxm5-80gb --gpus 8 --format json"
  "estimate --workload llm-finetune --params 7e9 --gpu h100-sxm5-80gb --gpus 8"
  "catalog list --format json"
  "catalog list --format csv"
  "catalog validate --format json"
  "catalog show aws/g5.xlarge"
  "recommend --workload llm-pretrain --params 7e9"
  "recommend --workload llm-inference -m llama-3.1-8b --requests-per-s 5"
  "recommend --workload llm-inference -m llama-3.1-8b --requests-per-s 5 --format json --show-excluded"
  "recommend --workload notebook"
  "recommend --workload notebook --format json"
  "recommend --workload image-finetune --format json"
  "recommend --workload cv-inference --model resnet-50 --format json"
  "recommend --workload llm-finetune --params 7e9 --risk-averse --deadline 6 --format json --show-excluded"
  "recommend --workload llm-pretrain --params 8e9 --tokens 1e12 --max-nodes 32 --deadline 240 --format json --show-excluded"
  # What a document prints decides what the ranking computes (scoring::Options::printed, issue 33 part Q):
  # few and many explained rows, exclusions listed or not, and nothing ranked.
  "${ft[*]} --top 3"
  "${ft[*]} --top 40 --show-excluded"
  "${ft[*]} --top all"
  "${ft[*]} --format markdown --show-excluded"
  "${ft[*]} --format html --show-excluded --top 40"
  "${ft[*]} --format json --top 3"
  "${ft[*]} --format csv --top 5"
  "${ft[*]} --budget 0.01"
  "${ft[*]} --budget 0.01 --format json"
  "recommend --workload llm-inference -m llama-3.1-8b --requests-per-s 5 --top 3"
  "--lang zh-CN recommend --workload llm-inference -m llama-3.1-8b --requests-per-s 5 --format markdown"
  "recommend --workload llm-inference -m llama-3.1-8b --requests-per-s 5 --input-tokens-p90 3000 --mix --top 3"
)
for catalog in "$@"; do
  runs+=(
    "--catalog $catalog ${ft[*]}"
    "--catalog $catalog ${ft[*]} --format json"
    "--catalog $catalog ${ft[*]} --format json --show-excluded"
    "--catalog $catalog ${ft[*]} --format csv"
    "--catalog $catalog ${ft[*]} --format markdown"
    "--catalog $catalog ${ft[*]} --format html"
    "--catalog $catalog --lang zh-CN ${ft[*]} --format json"
    "--catalog $catalog recommend --workload llm-inference --model llama-2-70b --format json"
    "--catalog $catalog recommend --workload llm-finetune --params 7e9 --pricing spot --format json"
    "--catalog $catalog catalog list --format json"
    "catalog validate $catalog --format json"
    "--catalog $catalog recommend --workload llm-pretrain --params 7e9"
    "--catalog $catalog recommend --workload notebook --format json"
    "--catalog $catalog recommend --workload llm-inference -m llama-3.1-8b --requests-per-s 5"
    "--catalog $catalog recommend --workload image-inference --model sdxl"
    "--catalog $catalog ${ft[*]} --budget 5 --deadline 4 --format json --show-excluded"
    "--catalog $catalog ${ft[*]} --region us-east-1 --format json"
    "--catalog $catalog ${ft[*]} --region eu,us"
    "--catalog $catalog ${ft[*]} --region cn --format json"
    "--catalog $catalog ${ft[*]} --provider aws,nebius --format json"
    "--catalog $catalog ${ft[*]} --currency CNY"
    "--catalog $catalog ${ft[*]} --gpu h20 --format json"
    "--catalog $catalog ${ft[*]} --pricing monthly --format json"
    "--catalog $catalog ${ft[*]} --top 100 --format json"
    "--catalog $catalog ${ft[*]} --risk-averse --format json --top 50"
    "--catalog $catalog ${ft[*]} --deadline 2 --format json --top 50"
    "--catalog $catalog recommend --workload llm-finetune --model llama-2-70b --max-nodes 1 --format json"
    "--catalog $catalog recommend --workload llm-finetune --model llama-2-70b --deadline 1 --format json"
    "--catalog $catalog recommend --workload llm-pretrain --params 1e9 --format json --top 30"
    "--catalog $catalog recommend --workload llm-pretrain --params 8e9 --tokens 1e12 --max-nodes 32 --deadline 240 --format json"
    "--catalog $catalog recommend --workload cv-train --model resnet-50 --budget 50 --format json --top 30"
    "--catalog $catalog ${ft[*]} --top 3"
    "--catalog $catalog ${ft[*]} --top 25"
    "--catalog $catalog ${ft[*]} --top 40 --format markdown --show-excluded"
    "--catalog $catalog ${ft[*]} --format html --show-excluded --top 5"
    "--catalog $catalog --lang zh-CN ${ft[*]}"
    "--catalog $catalog ${ft[*]} --budget 0.01"
    "--catalog $catalog ${ft[*]} --budget 0.01 --format json"
    "--catalog $catalog recommend --workload llm-inference -m llama-3.1-8b --requests-per-s 5 --format markdown"
    "--catalog $catalog --lang zh-CN recommend --workload llm-inference -m llama-3.1-8b --requests-per-s 5"
    "--catalog $catalog recommend --workload llm-inference -m llama-3.1-8b --requests-per-s 5 --input-tokens-p90 3000 --mix"
  )
done

differ=0
index=0
for run in "${runs[@]}"; do
  index=$((index + 1))
  read -r -a args <<<"$run"
  for side in old new; do
    bin=$old
    [[ $side == new ]] && bin=$new
    if [[ $warm == yes ]]; then
      export XDG_CACHE_HOME=$work/cache-$side
      "$bin" "${args[@]}" >/dev/null 2>&1
    fi
    "$bin" "${args[@]}" >"$work/$index.$side.out" 2>"$work/$index.$side.err"
    echo $? >"$work/$index.$side.rc"
  done
  same=yes
  for part in out err rc; do
    cmp -s "$work/$index.old.$part" "$work/$index.new.$part" || same=no
  done
  bytes=$(stat -c %s "$work/$index.new.out")
  if [[ $same == yes ]]; then
    printf 'same     %10s bytes, exit %s: %s\n' "$bytes" "$(cat "$work/$index.new.rc")" "$run"
  else
    printf 'DIFFERS  %10s bytes: %s\n' "$bytes" "$run"
    differ=1
  fi
done
echo "$index runs; $([[ $differ == 0 ]] && echo 'all the same' || echo 'some differ')"
exit "$differ"
