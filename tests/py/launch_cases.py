"""Inputs the launch-file checks share (test_launch.py, test_launch_schema.py): a catalog overlay
whose strings carry YAML syntax, so an emitted file that does not quote them gains keys."""
import json
import os
import subprocess
import tempfile

import yaml

HOSTILE_REGION = 'us-east-1: evil # {x}\n  injected: true'
HOSTILE_JOB_FLAGS = ["recommend", "-w", "llm-finetune", "-p", "7e9", "--gpu", "evil-gpu"]


def write_hostile_catalog(path, region=HOSTILE_REGION):
    """One GPU with a hostile alias and one AWS offering in `region`, with an id full of YAML syntax."""
    path.write_text(f"""schema_version: 1
gpus:
  - id: evil-gpu
    name: Evil
    memory_gb: 80
    memory_bandwidth_gbps: 3350
    bf16_dense_tflops: 989
    aliases: ["H100: [x] #y"]
    source: test
offerings:
  - id: "aws/evil: {{a}} #b"
    provider: aws
    gpu: evil-gpu
    gpu_count: 8
    regions: [{json.dumps(region)}]
    pricing: {{on_demand: 1.0, spot: 0.5}}
    as_of: 2026-11-01
    source: test
""", encoding="utf-8")


def isolated_runner(binary):
    """A fresh folder for config and data, and run(*args): gpuselect in it with no catalog or NO_COLOR
    from the environment and the date pinned to 2026-11-30 (captured text output)."""
    environment = {k: v for k, v in os.environ.items() if k not in ("GPUSELECT_CATALOG", "NO_COLOR")}
    environment["GPUSELECT_TODAY"] = "2026-11-30"
    work = tempfile.mkdtemp()
    environment["XDG_CONFIG_HOME"] = work
    environment["XDG_DATA_HOME"] = work

    def run(*args):
        return subprocess.run([binary, *args], capture_output=True, text=True, env=environment)

    return work, run


def emitted_yaml(checks, run, name, *args):
    """The launch file `gpuselect ARGS` prints, parsed with PyYAML's safe_load; None (and a failed
    check) when the command fails or the text is not YAML."""
    result = run(*args)
    if not checks.check(f"{name}: exit 0", result.returncode == 0, f"exit {result.returncode}: {result.stderr}"):
        return None
    try:
        return yaml.safe_load(result.stdout)
    except yaml.YAMLError as error:
        checks.check(f"{name}: parses as YAML", False, str(error))
        return None
