"""The first hour (issue 30): what a newcomer, or a SkyPilot or dstack user, types and sees.

- Layout: at COLUMNS=80 every line of `recommend` and `compare` fits in 80 display columns (East
  Asian Wide characters count two) and every offering id shown is whole; output to a pipe has no line
  over 200 characters in any human format (table, markdown).
- Mistakes and other tools' words: each is refused (exit 2) with one stderr line in the contract's
  shape that names the right <where> and says what to type instead; values with units are accepted.

Run: /usr/bin/python3 tests/py/test_first_hour.py <gpuselect-binary> [<source-dir>]
"""
import json
import os
import subprocess
import sys
import unicodedata

from checks import Checks

binary = sys.argv[1]
checks = Checks()
base_env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "NO_COLOR")}
base_env["GPUSELECT_TODAY"] = "2026-06-01"
base_env["XDG_CONFIG_HOME"] = "/nonexistent-gpuselect-config"
base_env["XDG_DATA_HOME"] = "/nonexistent-gpuselect-data"


def run(args, columns=None):
    env = dict(base_env)
    if columns is not None:
        env["COLUMNS"] = str(columns)
    return subprocess.run([binary, *args], capture_output=True, text=True, env=env)


def display_width(line):
    width = 0
    for char in line:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def ids_of(args):
    """The offering ids a ranking shows, from its JSON."""
    result = run([*args, "--format", "json"])
    document = json.loads(result.stdout)
    return [row["offering_id"] for row in document["candidates"]]


# --- Layout -------------------------------------------------------------------------------------
scenarios = {
    "student on one consumer GPU": ["recommend", "-w", "llm-finetune", "--model", "llama-3-8b", "--method", "qlora",
                                    "--budget", "20"],
    "70B fine-tune under a deadline": ["recommend", "-w", "llm-finetune", "--model", "llama-3-70b", "--deadline", "48h"],
    "serving at a latency target": ["recommend", "-w", "llm-inference", "--model", "llama-3-8b", "--tpot-ms", "50"],
    "pretraining with every column": ["recommend", "-w", "llm-pretrain", "--params", "7B", "--show-excluded"],
}
scenarios["Chinese output (CJK wide = 2 columns)"] = ["recommend", "--lang", "zh-CN", "-w", "llm-finetune", "--model",
                                                     "llama-3-70b", "--deadline", "48h"]
for name, args in scenarios.items():
    for columns in (80, 60, 120, 200):
        result = run([*args, "--top", "5"], columns)
        checks.check(f"{name}: exit 0 at COLUMNS={columns}", result.returncode in (0, 3), result.stderr)
        lines = result.stdout.splitlines()
        wide = [line for line in lines if display_width(line) > columns]
        checks.check(f"{name}: every line fits {columns} columns", not wide, "\n".join(wide[:3]))
        checks.check(f"{name}: nothing cut with an ellipsis at COLUMNS={columns}",
                     not any("\u2026" in line for line in lines), "\n".join(l for l in lines if "\u2026" in l))
        for offering_id in ids_of([*args, "--top", "5"])[:5]:
            checks.check(f"{name}: {offering_id} whole at COLUMNS={columns}",
                         any(offering_id in line for line in lines), result.stdout[:400])
    for format_name in ("table", "markdown"):
        result = run([*args, "--format", format_name])
        long_lines = [line for line in result.stdout.splitlines() if len(line) > 200]
        checks.check(f"{name}: piped {format_name} has no line over 200 characters", not long_lines,
                     f"{len(long_lines)} lines, longest {max((len(l) for l in long_lines), default=0)}")

compare_args = ["compare", "aws/p5.48xlarge", "lambda/gpu_8x_h100_sxm5", "-w", "llm-finetune", "--model", "llama-3-8b"]
result = run(compare_args, 80)
lines = result.stdout.splitlines()
checks.check("compare: exit 0", result.returncode == 0, result.stderr)
checks.check("compare: every line fits 80 columns", all(display_width(line) <= 80 for line in lines),
             "\n".join(line for line in lines if display_width(line) > 80)[:400])
checks.check("compare: no cut names or ids", not any("\u2026" in line for line in lines),
             "\n".join(line for line in lines if "\u2026" in line)[:400])
for indicator in ("stability.", "usability.", "support."):
    checks.check(f"compare: indicator names {indicator}* whole", any(line.startswith(indicator) for line in lines))
for offering_id in ("aws/p5.48xlarge", "lambda/gpu_8x_h100_sxm5"):
    checks.check(f"compare: {offering_id} whole in a header", any(offering_id in line for line in lines))

# compare names the pricing mode in the header of an offering compared in several modes (each
# column says which line it is), at 80 columns and in markdown.
result = run(compare_args, 80)
for header in ("aws/p5.48xlarge (on-demand)", "aws/p5.48xlarge (spot)"):
    checks.check(f"compare: a column headed {header}", header in result.stdout, result.stdout[:600])
checks.check("compare: an offering compared in one mode is headed by its id alone",
             "lambda/gpu_8x_h100_sxm5 (" not in result.stdout, result.stdout[:600])
result = run([*compare_args, "--lang", "zh-CN"], 80)
checks.check("compare --lang zh-CN: every line fits 80 columns",
             result.returncode == 0 and all(display_width(line) <= 80 for line in result.stdout.splitlines()),
             "\n".join(line for line in result.stdout.splitlines() if display_width(line) > 80)[:400])

# Piped (no terminal, no COLUMNS): no line of any human format of any command is over 200
# characters, --help included (markdown tables too wide are split or become lists).
piped = [
    ["recommend", "-w", "llm-inference", "--model", "llama-3.1-70b", "--show-excluded"],
    ["recommend", "-w", "llm-pretrain", "--params", "7B", "--show-excluded", "--top", "30"],
    ["recommend", "--lang", "zh-CN", "-w", "llm-finetune", "--model", "llama-3-70b", "--show-excluded"],
    ["compare", "aws/p5.48xlarge", "lambda/gpu_8x_h100_sxm5", "nebius/gpu-b200-sxm_8gpu-160vcpu-1792gb", "-w",
     "llm-finetune", "--model", "llama-3-8b"],
    ["estimate", "-w", "llm-finetune", "--model", "llama-3-8b", "--gpu", "h100"],
    ["estimate", "-w", "llm-inference", "--model", "llama-3.1-70b", "--offering", "aws/p5.48xlarge"],
    ["catalog", "list"], ["catalog", "gpus"], ["catalog", "providers"], ["catalog", "models"],
    ["catalog", "show", "aws/p5.48xlarge"], ["config", "show"],
]
for args in piped:
    for format_name in ("table", "markdown"):
        result = run([*args, "--format", format_name])
        if result.returncode == 2 and "--format" in result.stderr:
            continue  # a command without this format
        long_lines = [line for line in result.stdout.splitlines() if display_width(line) > 200]
        checks.check(f"piped {' '.join(args)} --format {format_name}: no line over 200 columns",
                     result.returncode in (0, 3) and not long_lines,
                     f"exit {result.returncode}; {len(long_lines)} lines, first: {long_lines[:1]}")
for command in ([], ["recommend"], ["estimate"], ["compare"], ["catalog", "list"], ["catalog", "update"],
                ["catalog", "import", "skypilot"], ["config", "show"], ["completion"]):
    result = run([*command, "--help"])
    long_lines = [line for line in result.stdout.splitlines() if display_width(line) > 200]
    checks.check(f"gpuselect {' '.join(command)} --help: no line over 200 columns",
                 result.returncode == 0 and not long_lines, long_lines[:1])

# --- Mistakes and other tools' words: (args, where, words the one line must hold) -----------------
recommend = ["recommend", "-w", "llm-finetune", "--model", "llama-3-8b"]
mistakes = [
    (["recommend", "--worklaod", "llm-finetune"], "--worklaod", "'--workload'"),
    ([*recommend, "--param", "7B"], "--param", "'--params'"),
    ([*recommend, "--budge", "100"], "--budge", "'--budget'"),
    (["recommend", "-w", "llm-inference", "--qps", "3"], "--qps", "'--requests-per-s 3'"),
    ([*recommend, "--budget", "$100"], "--budget", "100"),
    ([*recommend, "--budget", "1,000"], "--budget", "1000"),
    ([*recommend, "--gpu", "rtx409"], "--gpu", "'rtx-4090'"),
    ([*recommend, "--gpu", "a100-80"], "--gpu", "'a100-sxm4-80gb'"),
    (["catalog", "list", "--gpus", "8"], "--gpus", "A100:8"),
    (["gpus", "list", "A100:8"], "gpuselect", "'gpuselect catalog list --gpus A100:8'"),
    (["show-gpus", "A100:8"], "gpuselect", "'gpuselect catalog list --gpus A100:8'"),
    (["offer", "--gpu", "A100"], "gpuselect", "gpuselect catalog list --gpus"),
    (["catalog", "list", "A100:8"], "catalog list", "'gpuselect catalog list --gpus A100:8'"),
    ([*recommend, "--cloud", "aws"], "--cloud", "'--provider aws'"),
    ([*recommend, "--infra", "aws"], "--infra", "'--provider aws'"),
    ([*recommend, "--backend", "aws"], "--backend", "'--provider aws'"),
    ([*recommend, "--spot"], "--spot", "'--pricing spot'"),
    ([*recommend, "--use-spot"], "--use-spot", "'--pricing spot'"),
    (["catalog", "list", "--gpu", "24GB.."], "--gpu", "--gpu-memory 24GB.."),
    ([*recommend, "--deadline", "48", "h"], "--deadline", "--deadline 48h"),
    ([*recommend, "--budget", "1k"], "--budget", ": 1000"),
    ([*recommend, "--budget", "2.5k"], "--budget", ": 2500"),
    ([*recommend, "--budget", "100USD"], "--budget", ": 100"),
    ([*recommend, "--budget", "usd100"], "--budget", ": 100"),
]
for args, where, instead in mistakes:
    result = run(args)
    line = result.stderr.strip()
    label = " ".join(args)
    checks.check(f"{label}: exit 2", result.returncode == 2, f"exit {result.returncode}")
    checks.check(f"{label}: nothing on stdout", result.stdout == "", result.stdout[:200])
    checks.check(f"{label}: one line", line.count("\n") == 0, line)
    checks.check(f"{label}: <where> is {where}", line.startswith(f"gpuselect: error: {where}: "), line)
    checks.check(f"{label}: says to type {instead}", instead in line, line)
    checks.check(f"{label}: never 'finite number'", "finite number" not in line, line)

# Values with units and enums in any case are accepted.
accepted = [
    [*recommend, "--deadline", "48h"],
    [*recommend, "--deadline", "2d"],
    [*recommend, "--deadline", "90m"],
    [*recommend, "--seq-len", "4k"],
    ["recommend", "-w", "llm-inference", "--model", "llama-3.1-8b", "--context", "128k"],
    ["recommend", "-w", "LLM-Finetune", "--model", "llama-3-8b", "--pricing", "Spot", "--format", "JSON"],
]
for args in accepted:
    result = run([*args, "--top", "1"])
    checks.check(f"{' '.join(args)}: accepted", result.returncode in (0, 3), result.stderr.strip())

same = [(["--deadline", "48h"], ["--deadline", "48"]), (["--deadline", "2d"], ["--deadline", "48"]),
        (["--deadline", "90m"], ["--deadline", "1.5"]), (["--min-headroom", "15%"], ["--min-headroom", "15"]),
        (["--region", "US-EAST-1"], ["--region", "us-east-1"])]
inference = ["recommend", "-w", "llm-inference", "--model", "llama-3-8b"]
for with_unit, plain in same + [(["--max-utilization", "60%"], ["--max-utilization", "0.6"])]:
    base = inference if with_unit[0] == "--max-utilization" else recommend
    a = run([*base, *with_unit, "--format", "json"])
    b = run([*base, *plain, "--format", "json"])
    checks.check(f"{' '.join(with_unit)} accepted", a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr)
    if a.returncode != 0 or b.returncode != 0:
        continue
    checks.check(f"{' '.join(with_unit)} is {' '.join(plain)}",
                 json.loads(a.stdout)["candidates"] == json.loads(b.stdout)["candidates"])
a = run(["recommend", "-w", "llm-inference", "--model", "llama-3.1-8b", "--context", "128k", "--format", "json"])
checks.check("--context 128k is 131072 tokens", '"context":131072' in a.stdout.replace(" ", ""), a.stdout[:300])

# A missing model is said, visibly.
result = run(["recommend", "-w", "llm-finetune", "--top", "1"])
checks.check("no --model: the Job line says the model is assumed", "ASSUMED" in result.stdout, result.stdout[:200])
checks.check("no --model: nothing on stderr (the Job line says it)", result.stderr == "", result.stderr)

# estimate without --nodes searches the node count and says so (human and JSON); with --nodes it does not.
estimate_args = ["estimate", "-w", "llm-finetune", "--model", "llama-3-70b", "--gpus", "H100:8"]
result = run(estimate_args)
checks.check("estimate without --nodes: the assumptions say the node count was searched",
             "nodes: not given (--nodes), so the fewest that fit were searched, 1 to 4 (--max-nodes)" in result.stdout,
             result.stdout[-600:])
document = json.loads(run([*estimate_args, "--format", "json"]).stdout)
checks.check("estimate without --nodes: JSON workload.defaults_applied says so",
             any(line.startswith("nodes: not given (--nodes)") for line in document["workload"]["defaults_applied"]),
             document["workload"]["defaults_applied"])
result = run([*estimate_args, "--nodes", "2"])
checks.check("estimate --nodes 2: no searched-nodes assumption", result.returncode == 0 and
             "nodes: not given" not in result.stdout, result.stderr)

# -v says what was loaded; -vv adds each setting with its origin and the records loaded.
quick = ["recommend", "-w", "llm-finetune", "--model", "llama-3-8b", "--top", "1"]
verbose = run(["-v", *quick]).stderr
very_verbose = run(["-vv", *quick]).stderr
for line in ("config file: none (searched: /nonexistent-gpuselect-config/gpuselect/config.yaml)",
             "catalog: data/offerings.yaml fnv1a64:", "price update: none stored"):
    checks.check(f"-v logs {line!r}", line in verbose, verbose)
for line in ("setting currency: USD (default)", "setting top: 10 (default)", "catalog loaded: "):
    checks.check(f"-vv logs {line!r}", line in very_verbose, very_verbose)
    checks.check(f"-v does not log {line!r}", line not in verbose, verbose)

# The completion shell is a choice like any other: any case.
result = run(["completion", "BASH"])
checks.check("completion BASH: the bash script", result.returncode == 0 and "complete" in result.stdout, result.stderr)

# A bare gpuselect prints a short usage with three examples.
result = run([])
examples = [line.strip() for line in result.stdout.splitlines() if line.strip().startswith("gpuselect ")]
checks.check("bare gpuselect: exit 0", result.returncode == 0, result.stderr)
checks.check("bare gpuselect: three examples", len(examples) == 3, result.stdout)
for example in examples:
    ran = run(example.split()[1:] + ["--top", "1"] if example.split()[1] == "recommend" else example.split()[1:])
    checks.check(f"bare gpuselect: example runs: {example}", ran.returncode == 0, ran.stderr)

sys.exit(checks.finish())
