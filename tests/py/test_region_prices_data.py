"""The built-in AWS, Azure and GCP offerings carry their regions' own prices (docs/catalog.md "Prices
per region"), and a ranking restricted to a region prices that region: data/offerings.yaml is what
scripts/region_pricing.py derives from the reference price file (../shared/reference; skipped where
that folder is absent), and spot-checked prices are the reference file's rows.
Usage: test_region_prices_data.py GPUSELECT_BINARY SOURCE_DIR"""
import json
import os
import subprocess
import sys
from pathlib import Path

from checks import Checks

binary, source_dir = sys.argv[1], Path(sys.argv[2]).resolve()
checks = Checks()
environment = {**{k: v for k, v in os.environ.items() if k != "GPUSELECT_CATALOG"},
               "GPUSELECT_TODAY": "2026-12-06", "GPUSELECT_NO_CACHE": "1"}


def gpuselect(*args):
    return subprocess.run([binary, *args], capture_output=True, text=True, env=environment, check=False)


reference = source_dir.parent / "shared" / "reference" / "skypilot-gpu-offerings.csv"
if reference.exists():
    derived = subprocess.run([sys.executable, str(source_dir / "scripts" / "region_pricing.py"), str(reference),
                              "--check"], cwd=source_dir, capture_output=True, text=True, check=False)
    checks.check("data/offerings.yaml's region_pricing is what scripts/region_pricing.py derives",
                 derived.returncode == 0, derived.stdout + derived.stderr)
else:
    checks.skip(f"derivation check: {reference} is absent")


def region_prices(offering_id):
    shown = gpuselect("catalog", "show", offering_id, "--format", "json")
    if not checks.check(f"catalog show {offering_id}", shown.returncode == 0, shown.stderr):
        return {}
    return {entry["region"]: entry for entry in json.loads(shown.stdout)["offering"].get("region_pricing", [])}


# GCP machine types take the Cloud Billing Catalog's list prices (data/sources/gcp-billing-catalog.csv,
# generated 2026-07-30): a2-highgpu-1g 3.673385 USD/h in us-central1 and 3.747972 in europe-west4,
# where the reference file's accelerator rows gave europe-west4 2.42771 (expert review 45); and
# a3-highgpu-8g 126.643391 in asia-northeast1, which the reference file left without a list price.
a2 = region_prices("gcp/a2-highgpu-1g")
checks.check("gcp/a2-highgpu-1g us-central1 on demand is the billing catalog's",
             a2.get("us-central1", {}).get("on_demand") == 3.673385, a2.get("us-central1"))
checks.check("gcp/a2-highgpu-1g europe-west4 on demand is the billing catalog's, not the accelerator row's 2.43",
             a2.get("europe-west4", {}).get("on_demand") == 3.747972, a2.get("europe-west4"))
checks.check("gcp/a2-highgpu-1g reserved 1y is the billing catalog's commitment in europe-west4",
             a2.get("europe-west4", {}).get("reserved_1y") == 2.361196, a2.get("europe-west4"))
a3_8g = region_prices("gcp/a3-highgpu-8g")
checks.check("gcp/a3-highgpu-8g asia-northeast1 on demand from the billing catalog",
             a3_8g.get("asia-northeast1", {}).get("on_demand") == 126.643391, a3_8g.get("asia-northeast1"))
# Reference rows (skypilot-catalog aws/vms.csv @2c3d7ea7): p4d.24xlarge 21.95764 in us-east-1,
# 30.09784 in ap-northeast-1; the Capacity Blocks price the record had for us-east-2 is kept.
p4d = region_prices("aws/p4d.24xlarge")
checks.check("aws/p4d.24xlarge ap-northeast-1 on demand", p4d.get("ap-northeast-1", {}).get("on_demand") == 30.09784,
             p4d.get("ap-northeast-1"))
checks.check("aws/p4d.24xlarge us-east-2 keeps its capacity block price",
             p4d.get("us-east-2", {}).get("capacity_block") == 14.75, p4d.get("us-east-2"))
# An offering sold without on-demand (GCP a3-highgpu-1g: spot and reservations only) gets none per region.
a3 = region_prices("gcp/a3-highgpu-1g")
checks.check("gcp/a3-highgpu-1g has no regional on-demand price",
             a3 and all(entry.get("on_demand") is None for entry in a3.values()), a3)

# A ranking held to one region prices that region, not the cheapest the offering is sold in.
ranked = gpuselect("recommend", "-w", "llm-finetune", "-p", "1e9", "--provider", "gcp", "--gpu", "a100-40gb",
                   "--pricing", "on-demand", "--region", "us-central1", "--top", "all", "--format", "json")
if checks.check("recommend --region us-central1 --provider gcp", ranked.returncode == 0, ranked.stderr):
    rows = [row for row in json.loads(ranked.stdout)["candidates"]
            if row["offering_id"] == "gcp/a2-highgpu-1g" and row["nodes"] == 1]
    checks.check("a2-highgpu-1g ranked in us-central1 at its price there",
                 rows and rows[0]["region"] == "us-central1" and abs(rows[0]["cost"]["price_per_hour"] - 3.67339) < 0.005,
                 rows[:1])
sys.exit(checks.finish())
