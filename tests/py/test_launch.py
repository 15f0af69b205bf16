"""recommend --emit skypilot|dstack and owned capacity, end to end: the emitted files parse as YAML
(PyYAML safe_load) with the structure each tool documents (docs/cli.md "Launch the pick"), for
single- and multi-node picks, spot and on-demand, an owned cluster, and a hostile overlay whose
strings carry YAML syntax; --pick's range and the flag errors exit 2; docs/examples/owned.yaml
loads, validates and ranks beside the rented offerings (docs/catalog.md "Owned capacity")."""
import json
import sys
from pathlib import Path

import yaml

from checks import Checks
from launch_cases import HOSTILE_JOB_FLAGS, HOSTILE_REGION, emitted_yaml, isolated_runner, write_hostile_catalog

binary, source_dir = sys.argv[1], Path(sys.argv[2])
owned = str(source_dir / "docs" / "examples" / "owned.yaml")
checks = Checks()
work, run = isolated_runner(binary)


def ranking(*args):
    result = run(*args, "--format", "json")
    return json.loads(result.stdout) if result.returncode == 0 else None


def emitted(name, *args):
    return emitted_yaml(checks, run, name, *args)


def check_skypilot(name, task, nodes, spot):
    if not checks.check(f"{name}: a mapping", isinstance(task, dict), repr(task)):
        return
    checks.check(f"{name}: top-level keys", set(task) <= {"name", "num_nodes", "resources", "run"}, sorted(task))
    checks.check(f"{name}: num_nodes {nodes}", task.get("num_nodes") == nodes, task.get("num_nodes"))
    resources = task.get("resources", {})
    checks.check(f"{name}: resources keys", set(resources) <= {"infra", "accelerators", "instance_type", "use_spot", "disk_size"},
                 sorted(resources))
    checks.check(f"{name}: use_spot is {spot}", resources.get("use_spot") is spot, resources.get("use_spot"))
    accelerators = str(resources.get("accelerators", ""))
    name_part, _, count = accelerators.rpartition(":")
    checks.check(f"{name}: accelerators NAME:COUNT", bool(name_part) and count.isdigit(), accelerators)
    checks.check(f"{name}: disk_size a whole number of GB >= 256",
                 isinstance(resources.get("disk_size"), int) and resources["disk_size"] >= 256, resources.get("disk_size"))
    checks.check(f"{name}: run is a script", isinstance(task.get("run"), str) and "torchrun" in task["run"])


def infra_parts(task):
    """SkyPilot's resources.infra, cloud[/region], as (cloud, region or None)."""
    cloud, _, region = str((task or {}).get("resources", {}).get("infra", "")).partition("/")
    return cloud, region or None


def check_dstack(name, task, nodes, spot, any_region=False):
    if not checks.check(f"{name}: a mapping", isinstance(task, dict), repr(task)):
        return
    checks.check(f"{name}: type task", task.get("type") == "task", task.get("type"))
    checks.check(f"{name}: nodes {nodes}", task.get("nodes") == nodes, task.get("nodes"))
    gpu = str(task.get("resources", {}).get("gpu", ""))
    parts = gpu.split(":")
    checks.check(f"{name}: resources.gpu NAME:MEMGB:COUNT", len(parts) == 3 and parts[1].endswith("GB")
                 and parts[1][:-2].isdigit() and parts[2].isdigit(), gpu)
    checks.check(f"{name}: spot_policy", task.get("spot_policy") == ("spot" if spot else "on-demand"),
                 task.get("spot_policy"))
    checks.check(f"{name}: backends a list of one", isinstance(task.get("backends"), list)
                 and len(task["backends"]) == 1, task.get("backends"))
    # An "any of N" row (one price in every region it lists) names no region: dstack picks the offer.
    if any_region:
        checks.check(f"{name}: no regions for an 'any of N' row", "regions" not in task, task.get("regions"))
    else:
        checks.check(f"{name}: regions a list of one", isinstance(task.get("regions"), list)
                     and len(task["regions"]) == 1, task.get("regions"))
    checks.check(f"{name}: max_price a positive number", isinstance(task.get("max_price"), (int, float))
                 and task["max_price"] > 0, task.get("max_price"))
    checks.check(f"{name}: commands a list", isinstance(task.get("commands"), list) and task["commands"])


# ---- single node, on-demand and spot; the pick is the ranked row ----
job = ["recommend", "-w", "llm-finetune", "-m", "llama-3-8b", "--method", "lora", "--provider", "aws,gcp,lambda,runpod"]
rows = ranking(*job, "--pricing", "on-demand")
if checks.check("8B LoRA ranks on-demand rows", rows is not None and rows["candidates"]):
    top = rows["candidates"][0]
    task = emitted("skypilot single on-demand", *job, "--pricing", "on-demand", "--emit", "skypilot")
    check_skypilot("skypilot single on-demand", task, top["nodes"], False)
    if task:
        checks.check("skypilot infra's cloud is the pick's provider", infra_parts(task)[0] == top["provider"],
                     (infra_parts(task), top["provider"]))
        # any_region: one price in every region, none named in JSON; nor in the launch file (that price
        # is one region's list price: SkyPilot picks the region, expert review 31 R1).
        checks.check("skypilot infra's region is the pick's region",
                     infra_parts(task)[1] == top.get("region")
                     or (top.get("any_region") is True and infra_parts(task)[1] is None),
                     (infra_parts(task), top.get("region")))
    task = emitted("dstack single on-demand", *job, "--pricing", "on-demand", "--emit", "dstack")
    check_dstack("dstack single on-demand", task, top["nodes"], False, top.get("any_region") is True)
    if len(rows["candidates"]) >= 2:
        second = rows["candidates"][1]
        task = emitted("skypilot --pick 2", *job, "--pricing", "on-demand", "--emit", "skypilot", "--pick", "2")
        checks.check("--pick 2 launches the second row's provider",
                     task is not None and infra_parts(task)[0] == second["provider"])
    out = Path(work) / "task.yaml"
    result = run(*job, "--pricing", "on-demand", "--emit", "skypilot", "-o", str(out))
    checks.check("-o writes the file and nothing on stdout", result.returncode == 0 and result.stdout == ""
                 and out.exists(), result.stderr)
    if out.exists():
        check_skypilot("skypilot -o file", yaml.safe_load(out.read_text()), top["nodes"], False)
    count = len(rows["candidates"])
    result = run(*job, "--pricing", "on-demand", "--emit", "skypilot", "--pick", str(count + 1))
    checks.check("--pick beyond the ranking exits 2 with the range", result.returncode == 2 and result.stdout == ""
                 and f"from 1 to {count}" in result.stderr, result.stderr)

spot_rows = ranking(*job, "--pricing", "spot")
if checks.check("8B LoRA ranks spot rows", spot_rows is not None and spot_rows["candidates"]):
    top = spot_rows["candidates"][0]
    check_skypilot("skypilot spot", emitted("skypilot spot", *job, "--pricing", "spot", "--emit", "skypilot"),
                   top["nodes"], True)
    check_dstack("dstack spot", emitted("dstack spot", *job, "--pricing", "spot", "--emit", "dstack"),
                 top["nodes"], True, top.get("any_region") is True)

# ---- multi-node: a 70B full fine-tune on 40 GB A100s needs more than one node ----
multi = ["recommend", "-w", "llm-finetune", "-m", "llama-2-70b", "--gpu", "a100-sxm4-40gb", "--provider", "aws,gcp,lambda",
         "--pricing", "on-demand", "--max-nodes", "8"]
rows = ranking(*multi)
if checks.check("70B full fine-tune on A100 40GB ranks multi-node rows", rows is not None and rows["candidates"]
                and rows["candidates"][0]["nodes"] > 1, rows and rows["candidates"][:1]):
    nodes = rows["candidates"][0]["nodes"]
    check_skypilot("skypilot multi-node", emitted("skypilot multi-node", *multi, "--emit", "skypilot"), nodes, False)
    check_dstack("dstack multi-node", emitted("dstack multi-node", *multi, "--emit", "dstack"), nodes, False,
                 rows["candidates"][0].get("any_region") is True)

# ---- owned capacity: the example overlay validates and ranks; its launch files use SSH pools ----
result = run("--catalog", owned, "catalog", "validate")
checks.check("docs/examples/owned.yaml validates", result.returncode == 0, result.stdout + result.stderr)
owned_job = ["--catalog", owned, "recommend", "-w", "llm-finetune", "-m", "llama-2-70b", "--method", "lora"]
rows = ranking(*owned_job)
owned_rows = [row for row in (rows or {}).get("candidates", []) if row["offering_id"] == "our-lab/dgx-a100-80gb"]
if checks.check("the owned cluster is ranked", bool(owned_rows)):
    row = owned_rows[0]
    checks.check("owned row costs 0", row["cost"]["total"] == 0, row["cost"])
    checks.check("owned row's hours include the 12 h queue", row["time"]["wall_hours"] >= 12, row["time"])
    checks.check("owned row warns W-QUEUE", any(w["code"] == "W-QUEUE" for w in row["warnings"]), row["warnings"])
    checks.check("owned row's cost score is the best", row["criteria"]["cost"]["score"] == 100, row["criteria"]["cost"])
    pick = rows["candidates"].index(row) + 1
    task = emitted("skypilot owned", *owned_job, "--emit", "skypilot", "--pick", str(pick))
    checks.check("skypilot owned: infra ssh/<provider>, no cloud", task is not None
                 and task["resources"].get("infra") == "ssh/our-lab" and "cloud" not in task["resources"], task)
    task = emitted("dstack owned", *owned_job, "--emit", "dstack", "--pick", str(pick))
    checks.check("dstack owned: fleets [provider], reuse, no backends or max_price", task is not None
                 and task.get("fleets") == ["our-lab"] and task.get("creation_policy") == "reuse"
                 and "backends" not in task and "max_price" not in task, task)
# An owned provider id with '/' would name another SSH node pool (infra: ssh/lab/pool) or no valid
# fleet: --emit refuses it in one line, exit 2, nothing on stdout.
slashed = Path(work) / "owned-slash.yaml"
slashed.write_text(Path(owned).read_text().replace("our-lab", "our-lab/pool-2"))
slash_job = ["--catalog", str(slashed), "recommend", "-w", "llm-finetune", "-m", "llama-2-70b", "--method", "lora",
             "--provider", "our-lab/pool-2"]
loaded = run(*slash_job, "--format", "json")
checks.check("an owned provider id with '/' loads and ranks", loaded.returncode == 0, loaded.stderr)
for launcher in ("skypilot", "dstack"):
    result = run(*slash_job, "--emit", launcher)
    checks.check(f"{launcher}: an owned provider id with '/' is refused: exit 2, one line, nothing on stdout",
                 result.returncode == 2 and result.stdout == "" and result.stderr.count("\n") == 1
                 and "'our-lab/pool-2'" in result.stderr and "letters, digits" in result.stderr,
                 result.stdout[:300] + result.stderr)
result = run(*owned_job, "--deadline", "6", "--show-excluded", "--format", "json")
document = json.loads(result.stdout) if result.stdout else {}
reasons = [reason for exclusion in document.get("excluded", []) if exclusion["offering_id"] == "our-lab/dgx-a100-80gb"
           for reason in exclusion["reasons"]]
checks.check("a deadline shorter than the queue excludes the owned cluster, naming the queue",
             any("in the queue" in reason for reason in reasons), reasons)
# More nodes than the team has: a 70B full fine-tune in fp32 Adam on 4 x 8 A100 80GB does not fit.
result = run("--catalog", owned, "recommend", "-w", "llm-pretrain", "-p", "180e9", "--provider", "our-lab",
             "--max-nodes", "16", "--format", "json", "--show-excluded")
document = json.loads(result.stdout) if result.stdout else {}
reasons = [reason for exclusion in document.get("excluded", []) for reason in exclusion["reasons"]]
checks.check("a job needing more nodes than owned is excluded for the nodes",
             any("the owned cluster has 4" in reason for reason in reasons), reasons)

# ---- hostile strings: YAML syntax in a region and a GPU alias stays one string ----
hostile_region = HOSTILE_REGION
hostile = Path(work) / "hostile.yaml"
write_hostile_catalog(hostile)
for launcher, checker in (("skypilot", check_skypilot), ("dstack", check_dstack)):
    for mode, spot in (("on-demand", False), ("spot", True)):
        name = f"hostile {launcher} {mode}"
        task = emitted(name, "--catalog", str(hostile), *HOSTILE_JOB_FLAGS, "--pricing", mode, "--emit", launcher)
        checker(name, task, 1, spot)
        if task:
            region = infra_parts(task)[1] if launcher == "skypilot" else task["regions"][0]
            checks.check(f"{name}: the region is one string, newline kept", region == hostile_region, repr(region))
            checks.check(f"{name}: no key injected", "injected" not in task
                         and "injected" not in task.get("resources", {}), sorted(task))

# ---- flag errors: one line, exit 2, nothing on stdout ----
for name, args, needle in (
        ("--emit unknown", ["--emit", "terraform"], "unknown launcher"),
        ("--pick without --emit", ["--pick", "2"], "--emit is not given"),
        ("--pick 0", ["--emit", "skypilot", "--pick", "0"], "not a row number"),
        ("--emit with --format", ["--emit", "dstack", "--format", "json"], "--format does not apply"),
        ("unsupported provider", ["--provider", "alibaba", "--emit", "skypilot"], "cannot launch")):
    result = run(*job[:7], *args)
    checks.check(f"{name}: exit 2, one line naming it", result.returncode == 2 and result.stdout == ""
                 and needle in result.stderr and result.stderr.count("\n") == 1, result.stderr)

sys.exit(checks.finish())
