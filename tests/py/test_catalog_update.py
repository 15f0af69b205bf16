"""`gpuselect catalog update` against a local HTTP server (127.0.0.1 only, never the internet):
downloads, falls back from v9 to v8 on 404, imports, stores the dated overlay in XDG_DATA_HOME,
and later runs say they use it; an unreachable server is one clear error line, exit 1; --from DIR
imports local copies. Usage: test_catalog_update.py GPUSELECT_BINARY SOURCE_DIR"""
import functools
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from checks import Checks

binary, source_dir = sys.argv[1], Path(sys.argv[2])
fixtures = source_dir / "tests" / "fixtures" / "skypilot"
checks = Checks()


def run(args, data_home):
    env = {k: v for k, v in os.environ.items() if k not in ("GPUSELECT_CATALOG", "GPUSELECT_TODAY")}
    env.update({"XDG_DATA_HOME": str(data_home), "XDG_CONFIG_HOME": str(data_home / "config"),
                "GPUSELECT_TODAY": "2026-06-01"})
    return subprocess.run([binary, *args], capture_output=True, text=True, env=env, timeout=120)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


with tempfile.TemporaryDirectory() as scratch:
    scratch = Path(scratch)
    served = scratch / "served"
    # aws is published under v9; azure only under v8 (as on skypilot-catalog), so v9 answers 404.
    (served / "v9" / "aws").mkdir(parents=True)
    (served / "v8" / "azure").mkdir(parents=True)
    shutil.copy(fixtures / "aws_p5_regions.csv", served / "v9" / "aws" / "vms.csv")
    shutil.copy(fixtures / "azure.csv", served / "v8" / "azure" / "vms.csv")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(served)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        data_home = scratch / "data"
        update = run(["catalog", "update", "--url", base, "--cloud", "aws,azure", "--as-of", "2026-06-01"], data_home)
        checks.check("update exits 0", update.returncode == 0, update.stderr)
        stored = data_home / "gpuselect" / "prices-2026-06-01.yaml"
        checks.check("dated file in XDG_DATA_HOME/gpuselect", stored.is_file(), str(list(data_home.rglob("*"))))
        checks.check("stderr says where it stored", str(stored) in update.stderr, update.stderr)

        shown = run(["catalog", "show", "aws/p5.48xlarge", "--format", "json"], data_home)
        offering = json.loads(shown.stdout)["offering"] if shown.returncode == 0 else {}
        regions = {entry["region"]: entry for entry in offering.get("region_pricing", [])}
        checks.check("ap-southeast-3 priced as its file says",
                     regions.get("ap-southeast-3", {}).get("on_demand") == 75.9552, str(regions.get("ap-southeast-3")))
        # Curated fields the file does not carry keep their values (built-in data/offerings.yaml).
        checks.check("network kept", offering.get("network", {}).get("bandwidth_gbps") == 3200, str(offering.get("network")))
        checks.check("max_nodes kept", offering.get("max_nodes") == 64, str(offering.get("max_nodes")))
        checks.check("stock kept", offering.get("stock") == "low", str(offering.get("stock")))
        checks.check("reserved kept", offering.get("pricing", {}).get("reserved_1y") == 38.528, str(offering.get("pricing")))
        checks.check("local disk from LocalDiskSize x Count", offering.get("local_disk_gb") == 30400,
                     str(offering.get("local_disk_gb")))

        job = ["recommend", "--workload", "llm-finetune", "--params", "7e9", "--provider", "aws", "--gpu", "h100",
               "--format", "json"]
        ranked = run(job, data_home)
        document = json.loads(ranked.stdout) if ranked.returncode == 0 else {}
        checks.check("JSON names the update", (document.get("price_update") or {}).get("as_of") == "2026-06-01",
                     str(document.get("price_update")))
        table = run(job[:-2], data_home)
        checks.check("table header names the update", "prices updated 2026-06-01" in table.stdout, table.stdout[:600])
        in_jakarta = run(job + ["--region", "ap-southeast-3", "--pricing", "on-demand"], data_home)
        jakarta = json.loads(in_jakarta.stdout)["candidates"] if in_jakarta.returncode == 0 else []
        p5 = [c for c in jakarta if c["offering_id"] == "aws/p5.48xlarge"]
        checks.check("--region prices in that region",
                     bool(p5) and p5[0]["region"] == "ap-southeast-3"
                     and abs(p5[0]["cost"]["price_per_hour"] - 75.9552) < 0.01, str(p5[:1])[:400])
        without = run(job + ["--no-price-update"], data_home)
        checks.check("--no-price-update leaves it out",
                     without.returncode == 0 and json.loads(without.stdout)["price_update"] is None, without.stderr)

        # Offline: nothing listens on this port; one error line, exit 1, no file replaced.
        dead = f"http://127.0.0.1:{free_port()}"
        offline = run(["catalog", "update", "--url", dead, "--cloud", "aws", "--retries", "1", "--as-of",
                       "2026-06-02"], data_home)
        lines = offline.stderr.strip().splitlines()
        checks.check("offline exits 1", offline.returncode == 1, offline.stderr)
        checks.check("offline is one error line naming the URL",
                     len(lines) == 1 and lines[0].startswith("gpuselect: error: " + dead) and "--from DIR" in lines[0],
                     offline.stderr)
        checks.check("offline keeps the stored file", stored.is_file())

        # --from DIR: local copies, no network.
        copies = scratch / "copies"
        (copies / "lambda").mkdir(parents=True)
        shutil.copy(fixtures / "lambda.csv", copies / "lambda" / "vms.csv")
        # aws and azure would be gone: refused against the stored update unless --accept-changes.
        local = run(["catalog", "update", "--from", str(copies), "--as-of", "2026-06-03"], data_home)
        checks.check("an update without the stored clouds is refused", local.returncode == 2
                     and "aws: all 1 offerings gone" in local.stderr and stored.is_file(), local.stderr)
        local = run(["catalog", "update", "--from", str(copies), "--as-of", "2026-06-03", "--accept-changes"], data_home)
        checks.check("--from exits 0", local.returncode == 0, local.stderr)
        checks.check("--from replaces the older file",
                     (data_home / "gpuselect" / "prices-2026-06-03.yaml").is_file() and not stored.is_file(),
                     str(list((data_home / "gpuselect").iterdir())))
    finally:
        server.shutdown()

sys.exit(checks.finish())
