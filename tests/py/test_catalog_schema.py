"""Checks the built-in catalog (data/*.yaml) against docs/catalog.schema.json and the breadth the
recommender relies on, and checks that the schema rejects broken records.

Run: /usr/bin/python3 tests/py/test_catalog_schema.py <gpuselect-binary> <source-dir>
Exit status 1 when any check fails.
"""
import copy
import datetime
import json
import os
import subprocess
import sys

import jsonschema
import yaml

from checks import Checks

DATA_FILES = ["currencies.yaml", "gpus.yaml", "models.yaml", "offerings.yaml", "providers.yaml"]
SCHEMA_COMMENT = "# yaml-language-server: $schema=../docs/catalog.schema.json"
# The built-in data must not claim a date after this one (the day the snapshot was assembled).
LATEST_ALLOWED_DATE = "2026-11-30"
REQUIRED_GPU_IDS = [
    "v100-sxm2-16gb", "v100-sxm2-32gb", "v100-pcie-16gb", "a100-sxm4-40gb", "a100-sxm4-80gb",
    "a100-pcie-40gb", "a100-pcie-80gb", "h100-sxm5-80gb", "h100-pcie-80gb", "h100-nvl-94gb",
    "h200-sxm-141gb", "l4", "l40s", "a10", "a10g", "t4", "rtx-4090", "rtx-3090", "rtx-a6000", "mi300x",
    # 2026 parts (issue 13, GPU-SPECS-2026.md)
    "b200", "b300", "gb200", "h20", "h800", "a800-sxm4-80gb", "l20", "l40", "a40", "rtx-5090", "rtx-pro-6000",
    "mi325x", "mi355x",
]
REQUIRED_MODEL_IDS = [
    "bert-base", "bert-large", "gpt2", "gpt2-xl", "llama-2-7b", "llama-2-13b", "llama-2-70b",
    "llama-3-8b", "llama-3-70b", "llama-3.1-405b", "mistral-7b", "mixtral-8x7b", "qwen2.5-7b",
    "qwen2.5-72b", "resnet-50", "vit-b-16",
    # 2026 presets (issue 13, MODELS-2026.md)
    "deepseek-v3", "deepseek-r1", "qwen3-8b", "qwen3-32b", "qwen3-30b-a3b", "qwen3-235b-a22b", "llama-4-scout",
    "llama-4-maverick", "gpt-oss-20b", "gpt-oss-120b", "gemma-3-12b", "gemma-3-27b",
]
REQUIRED_ALIASES = {"A100": "a100-sxm4-40gb", "A100-80GB": "a100-sxm4-80gb", "H100": "h100-sxm5-80gb",
                    "V100": "v100-sxm2-16gb", "V100-32GB": "v100-sxm2-32gb", "RTX4090": "rtx-4090"}
# Fields a NEW record needs after overlays (docs/catalog.md); the built-in files define every record.
REQUIRED_FIELDS = {
    "gpus": ["id", "name", "memory_gb", "memory_bandwidth_gbps", "bf16_dense_tflops", "source"],
    "providers": ["id", "name", "currency", "as_of", "source"],
    "offerings": ["id", "provider", "gpu", "gpu_count", "regions", "as_of", "source"],
    "models": ["id", "name", "params", "source"],
    "currencies": ["code", "per_usd", "as_of", "source"],
}

checks = Checks()
check = checks.check


def plain(value):
    """PyYAML turns unquoted 2026-05-20 into a date; the catalog treats dates as strings."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return value


def dotted_keys(record, prefix=""):
    keys = []
    for key, value in record.items():
        full = prefix + key
        keys.append(full)
        if isinstance(value, dict):
            keys.extend(dotted_keys(value, full + "."))
    return keys


def main():
    if len(sys.argv) != 3:
        print("usage: test_catalog_schema.py <gpuselect-binary> <source-dir>")
        return 2
    binary, source_dir = sys.argv[1], sys.argv[2]
    with open(os.path.join(source_dir, "docs", "catalog.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)

    merged = {"gpus": [], "providers": [], "offerings": [], "models": [], "currencies": []}
    for name in DATA_FILES:
        path = os.path.join(source_dir, "data", name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        check(f"{name} first line is the schema comment", text.splitlines()[0] == SCHEMA_COMMENT)
        document = plain(yaml.safe_load(text))
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
        check(f"{name} validates against the schema", not errors,
              "; ".join(f"{list(e.path)}: {e.message[:160]}" for e in errors[:5]))
        check(f"{name} has schema_version 1", document.get("schema_version") == 1)
        for kind in merged:
            merged[kind].extend(document.get(kind, []))

    # Every record is complete (the built-in files hold no overlays) and has a source.
    for kind, fields in REQUIRED_FIELDS.items():
        for record in merged[kind]:
            key = record.get("id", record.get("code"))
            missing = [field for field in fields if field not in record]
            check(f"{kind} {key} has its required fields", not missing, f"missing {missing}")

    # Keys are unique within each kind.
    for kind, records in merged.items():
        keys = [r.get("id", r.get("code")) for r in records]
        duplicates = sorted({k for k in keys if keys.count(k) > 1})
        check(f"{kind} keys are unique", not duplicates, f"duplicates {duplicates}")

    gpus = {g["id"]: g for g in merged["gpus"]}
    providers = {p["id"]: p for p in merged["providers"]}
    offerings = merged["offerings"]
    currencies = {c["code"] for c in merged["currencies"]}

    # Breadth.
    check("at least 16 GPUs", len(gpus) >= 16, f"{len(gpus)}")
    for gpu_id in REQUIRED_GPU_IDS:
        check(f"gpu {gpu_id} present", gpu_id in gpus)
    aliases = {a.lower(): g["id"] for g in merged["gpus"] for a in g.get("aliases", [])}
    for alias, gpu_id in REQUIRED_ALIASES.items():
        check(f"alias {alias} -> {gpu_id}", aliases.get(alias.lower()) == gpu_id, f"{aliases.get(alias.lower())}")
    owners = {}
    for g in merged["gpus"]:
        for name in [g["id"]] + g.get("aliases", []):
            owners.setdefault(name.lower(), set()).add(g["id"])
    clashes = sorted(name for name, ids in owners.items() if len(ids) > 1)
    check("GPU ids and aliases are unambiguous", not clashes, f"{clashes}")

    check("at least 10 providers", len(providers) >= 10, f"{len(providers)}")
    cny = [p for p in providers.values() if p["currency"] == "CNY"]
    check("at least 2 providers price in CNY", len(cny) >= 2, f"{len(cny)}")
    for provider in providers.values():
        check(f"provider {provider['id']} currency has a rate", provider["currency"] in currencies)

    check("at least 80 offerings", len(offerings) >= 80, f"{len(offerings)}")
    families = {"A100": ("a100-",), "H100": ("h100-",), "V100": ("v100-",), "RTX 4090": ("rtx-4090",)}
    for family, prefixes in families.items():
        for count in (1, 8):
            found = [o["id"] for o in offerings
                     if o["gpu"].startswith(prefixes) and o["gpu_count"] == count and o.get("gpu_fraction", 1) == 1]
            check(f"{count}x {family} offering present", bool(found))
    fractions = {o.get("gpu_fraction") for o in offerings if o.get("isolation") == "vgpu"}
    check("vGPU fraction 0.25 present", 0.25 in fractions, f"{sorted(f for f in fractions if f)}")
    check("vGPU fraction 0.5 present", 0.5 in fractions, f"{sorted(f for f in fractions if f)}")
    marketplace = [o for o in offerings if providers.get(o["provider"], {}).get("kind") == "marketplace"
                   and o["gpu"] in ("rtx-4090", "rtx-3090", "rtx-a6000")]
    check("marketplace consumer-GPU offerings present", len(marketplace) >= 3, f"{len(marketplace)}")
    check("CNY offerings present", any(providers[o["provider"]]["currency"] == "CNY" for o in offerings if o["provider"] in providers))

    for offering in offerings:
        oid = offering["id"]
        check(f"offering {oid} provider exists", offering["provider"] in providers, offering["provider"])
        check(f"offering {oid} gpu exists", offering["gpu"] in gpus, offering["gpu"])
        check(f"offering {oid} id starts with its provider", oid.startswith(offering["provider"] + "/"))
        if offering.get("gpu_fraction", 1) < 1:
            check(f"offering {oid} fractional only with vgpu", offering.get("isolation") == "vgpu")
        pricing = offering.get("pricing", {})
        on_demand = pricing.get("on_demand")
        for mode in ("spot", "reserved_1y", "reserved_3y"):
            value = pricing.get(mode)
            if value is not None and on_demand is not None:
                check(f"offering {oid} {mode} below on-demand", value < on_demand, f"{value} >= {on_demand}")
        known = set(dotted_keys(offering))
        for field in offering.get("estimated_fields", []):
            check(f"offering {oid} estimated field {field} exists", field in known)

    for provider in providers.values():
        known = set(dotted_keys(provider))
        for field in provider.get("estimated_fields", []):
            check(f"provider {provider['id']} estimated field {field} exists", field in known)

    for kind in ("providers", "offerings", "currencies"):
        for record in merged[kind]:
            check(f"{kind} {record.get('id', record.get('code'))} as_of not in the future",
                  record["as_of"] <= LATEST_ALLOWED_DATE, record["as_of"])

    check("at least 15 models", len(merged["models"]) >= 15, f"{len(merged['models'])}")
    model_ids = {m["id"] for m in merged["models"]}
    for model_id in REQUIRED_MODEL_IDS:
        check(f"model {model_id} present", model_id in model_ids)
    for model in merged["models"]:
        if model.get("family") in ("decoder", "encoder", "moe"):
            check(f"model {model['id']} heads divisible by kv_heads", model["heads"] % model["kv_heads"] == 0)
        if model.get("family") == "moe":
            check(f"model {model['id']} active_params below params", model["active_params"] < model["params"])
            check(f"model {model['id']} names its experts and top-k",
                  model.get("experts", 0) > 0 and 0 < model.get("experts_per_token", 0) <= model["experts"])
    # Offerings rent the new Blackwell parts (issue 13 item 7).
    for gpu_id in ("b200", "b300", "rtx-5090"):
        check(f"an offering rents {gpu_id}", any(o["gpu"] == gpu_id for o in offerings))

    # The schema must reject broken records, or the checks above prove nothing.
    good = {"schema_version": 1, "offerings": [copy.deepcopy(offerings[0])],
            "gpus": [copy.deepcopy(merged["gpus"][0])], "providers": [copy.deepcopy(merged["providers"][0])],
            "models": [copy.deepcopy(merged["models"][0])]}
    check("schema accepts a known-good document", validator.is_valid(good))

    def broken(mutate):
        document = copy.deepcopy(good)
        mutate(document)
        return document

    rejects = {
        "unknown top-level key": lambda d: d.update({"offering": []}),
        "unknown offering key": lambda d: d["offerings"][0].update({"gpus_count": 8}),
        "unknown nested pricing key": lambda d: d["offerings"][0]["pricing"].update({"ondemand": 1.0}),
        "negative on-demand price": lambda d: d["offerings"][0]["pricing"].update({"on_demand": -1.0}),
        "gpu_count 0": lambda d: d["offerings"][0].update({"gpu_count": 0}),
        "gpu_count 1.5": lambda d: d["offerings"][0].update({"gpu_count": 1.5}),
        "gpu_fraction 0": lambda d: d["offerings"][0].update({"gpu_fraction": 0}),
        "gpu_fraction above 1": lambda d: d["offerings"][0].update({"gpu_fraction": 1.5}),
        "fraction without vgpu": lambda d: d["offerings"][0].update({"gpu_fraction": 0.5, "isolation": "passthrough"}),
        "bad isolation enum": lambda d: d["offerings"][0].update({"isolation": "container"}),
        "bad date": lambda d: d["offerings"][0].update({"as_of": "20-05-2026"}),
        "memory_gb 0": lambda d: d["gpus"][0].update({"memory_gb": 0}),
        "bad vendor": lambda d: d["gpus"][0].update({"vendor": "intel"}),
        "record without id": lambda d: d["offerings"][0].pop("id"),
        "schema_version 2": lambda d: d.update({"schema_version": 2}),
        "sla above 100": lambda d: d["providers"][0].update({"sla_uptime_pct": 101}),
        "lower-case currency": lambda d: d["providers"][0].update({"currency": "usd"}),
        "unknown architecture": lambda d: d["gpus"][0].update({"architecture": "blackwel"}),
        "fp4_dense_tflops 0": lambda d: d["gpus"][0].update({"fp4_dense_tflops": 0}),
        "unknown attention kind": lambda d: d["models"][0].update({"attention": "mqa"}),
        "negative experts": lambda d: d["models"][0].update({"experts": -1}),
        "fractional experts_per_token": lambda d: d["models"][0].update({"experts_per_token": 1.5}),
        "string kv_lora_rank": lambda d: d["models"][0].update({"kv_lora_rank": "512"}),
    }
    for name, mutate in rejects.items():
        check(f"schema rejects {name}", not validator.is_valid(broken(mutate)))
    overlay = {"schema_version": 1, "offerings": [{"id": "aws/p4d.24xlarge", "pricing": {"on_demand": 15.0}}]}
    check("schema accepts a partial overlay record", validator.is_valid(overlay))
    moe = {"schema_version": 1, "gpus": [{"id": "b200", "architecture": "blackwell", "fp4_dense_tflops": 9000}],
           "models": [{"id": "deepseek-v3", "experts": 256, "experts_per_token": 8, "shared_experts": 1,
                       "expert_ffn": 2048, "dense_layers": 3, "attention": "mla", "head_dim": 128,
                       "kv_lora_rank": 512, "qk_rope_head_dim": 64}]}
    check("schema accepts fp4 and the MoE and MLA fields", validator.is_valid(moe))

    # The program's own validator agrees.
    paths = [os.path.join(source_dir, "data", name) for name in DATA_FILES]
    run = subprocess.run([binary, "catalog", "validate", "--no-builtin-catalog", *paths],
                         capture_output=True, text=True)
    check("gpuselect catalog validate accepts data/*.yaml", run.returncode == 0, (run.stdout + run.stderr)[-800:])
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
