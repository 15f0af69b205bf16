"""Validates gpuselect's JSON documents against docs/output.schema.json.

Run: /usr/bin/python3 tests/py/test_output_schema.py <gpuselect-binary> <source-dir>
Always validates the committed example tests/fixtures/render/recommend-example.json (written by the
[render] Catch2 tests from hand-built values); validates the binary's own output when its
`recommend` command exists. Exit status 1 when any check fails.
"""
import copy
import json
import os
import subprocess
import sys

import jsonschema

from checks import Checks

checks = Checks()


def check(condition, message):
    checks.check(message, condition)


def validate(document, validator, definition, name):
    """Validates against the whole schema and against one named $defs entry."""
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.path))
    check(not errors, f"{name}: {errors[0].message if errors else ''} at {list(errors[0].path) if errors else ''}")
    sub_schema = {"$defs": validator.schema["$defs"], "$ref": f"#/$defs/{definition}"}
    sub_errors = list(jsonschema.Draft202012Validator(sub_schema).iter_errors(document))
    check(not sub_errors, f"{name} as {definition}: {sub_errors[0].message if sub_errors else ''}")


def contributions_add_up(document, name):
    """The rounded contributions add up to the shown score; each is its score times the document's weight."""
    weights = document["weights"]
    for candidate in document.get("candidates", []):
        total = sum(part["contribution"] for part in candidate["criteria"].values())
        check(abs(total - candidate["score"]) <= 1e-9,
              f"{name}: {candidate['offering_id']} contributions {total} != score {candidate['score']}")
        for criterion, part in candidate["criteria"].items():
            check(abs(part["score"] * weights[criterion] - part["contribution"]) <= 0.011,
                  f"{name}: {candidate['offering_id']} {criterion} contribution is not score x weight")


def references_resolve(document, name):
    """Every index and id a candidate holds points into the document's shared tables."""
    for candidate in document.get("candidates", []):
        check(candidate["performance"] < len(document["performances"]),
              f"{name}: {candidate['offering_id']} performance index out of range")
        check(candidate["provider"] in document["providers"], f"{name}: provider {candidate['provider']} not named")
        check(candidate["gpu"] in document["gpus"], f"{name}: gpu {candidate['gpu']} not named")
        for warning in candidate["warnings"]:
            check(warning["message"] < len(document["warning_messages"]),
                  f"{name}: {candidate['offering_id']} warning message index out of range")


def run_json(binary, args):
    result = subprocess.run([binary, *args], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "LC_ALL": "C"})
    check(result.returncode == 0, f"{' '.join(args)} exited {result.returncode}: {result.stderr.strip()}")
    if result.returncode != 0:
        return None, None
    return json.loads(result.stdout), result.stdout


def main():
    binary, source_dir = sys.argv[1], sys.argv[2]
    with open(os.path.join(source_dir, "docs", "output.schema.json"), encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)

    example_path = os.path.join(source_dir, "tests", "fixtures", "render", "recommend-example.json")
    with open(example_path, encoding="utf-8") as handle:
        example = json.load(handle)
    validate(example, validator, "recommend", "recommend-example.json")
    contributions_add_up(example, "recommend-example.json")
    references_resolve(example, "recommend-example.json")

    # The schema must reject documents that break the contract.
    broken = copy.deepcopy(example)
    del broken["candidates"][0]["criteria"]["support"]
    check(not validator.is_valid(broken), "schema accepted a candidate without the support criterion")
    broken = copy.deepcopy(example)
    broken["performances"][0]["memory"]["per_gpu"]["total_bytes"] = 1.5
    check(not validator.is_valid(broken), "schema accepted fractional bytes")
    broken = copy.deepcopy(example)
    broken["candidates"][0]["explanation"] = [item["text"] for item in broken["candidates"][0]["explanation_items"]]
    check(not validator.is_valid(broken), "schema accepted schema_version 2's 'explanation' list in a schema 3 document")
    broken = copy.deepcopy(example)
    broken["candidates"][0]["performance"] = "0"
    check(not validator.is_valid(broken), "schema accepted a performance reference that is not an index")
    for version in (1, 2, 4):
        broken = copy.deepcopy(example)
        broken["schema_version"] = version
        check(not validator.is_valid(broken), f"schema accepted a recommend document of schema_version {version}")

    recommend, text = run_json(binary, ["recommend", "--workload", "llm-finetune", "--params", "7e9",
                                        "--format", "json"])
    if recommend is not None:
        validate(recommend, validator, "recommend", "recommend --format json")
        contributions_add_up(recommend, "recommend --format json")
        references_resolve(recommend, "recommend --format json")
        check(text.count("\n") == 1, "recommend JSON is not compact by default")
        check(text.endswith("}\n"), "recommend JSON does not end in a newline")
        _, again = run_json(binary, ["recommend", "--workload", "llm-finetune", "--params", "7e9",
                                     "--format", "json"])
        check(again == text, "recommend JSON differs between two runs")
        top, _ = run_json(binary, ["recommend", "--workload", "llm-finetune", "--params", "7e9", "--format", "json",
                                   "--top", "5", "--pretty"])
        if top is not None:
            validate(top, validator, "recommend", "recommend --format json --top 5 --pretty")
            references_resolve(top, "recommend --top 5")
            ids = [(c["offering_id"], c["pricing_mode"], c["nodes"]) for c in top["candidates"]]
            check(ids == [(c["offering_id"], c["pricing_mode"], c["nodes"]) for c in recommend["candidates"][:5]],
                  "--top 5 is not the first five candidates")
    estimate, _ = run_json(binary, ["estimate", "--workload", "llm-finetune", "--params", "7e9", "--gpu", "h100",
                                    "--format", "json"])
    if estimate is not None:
        validate(estimate, validator, "estimate", "estimate --format json")
        check(estimate["memory"].get("fits") is not None, "estimate with --gpu lacks memory.fits")

    # An exit-3 document (nothing left) with the held term the hint names: in mainland China a
    # monthly subscription, not reserved-1y (summary.reservation.pricing_mode).
    held = subprocess.run([binary, "recommend", "--workload", "llm-pretrain", "--params", "7e9", "--tokens", "1.4e12",
                           "--region", "cn", "--deadline", "720", "--pricing", "on-demand", "--format", "json"],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "LC_ALL": "C", "GPUSELECT_TODAY": "2026-12-01"})
    check(held.returncode == 3, f"the mainland pretraining exited {held.returncode}: {held.stderr.strip()}")
    if held.returncode == 3:
        document = json.loads(held.stdout)
        validate(document, validator, "recommend", "an exit-3 mainland pretraining")
        reservation = document["summary"].get("reservation", {})
        check(reservation.get("pricing_mode") == "monthly", f"the mainland reservation is {reservation}")

    compare, _ = run_json(binary, ["compare", "--workload", "llm-finetune", "--params", "7e9", "--format", "json",
                                   "lambda/gpu_8x_h100_sxm5", "aws/p4d.24xlarge"])
    if compare is not None:
        validate(compare, validator, "compare", "compare --format json")
        contributions_add_up(compare, "compare --format json")
        references_resolve(compare, "compare --format json")
    for listing, definition in (("list", "catalog_offerings"), ("gpus", "catalog_gpus"),
                                ("providers", "catalog_providers"), ("models", "catalog_models")):
        document, _ = run_json(binary, ["catalog", listing, "--format", "json"])
        if document is not None:
            validate(document, validator, definition, f"catalog {listing} --format json")
    # The price board: rows and groups, filtered and sorted as the flags say.
    board, _ = run_json(binary, ["catalog", "list", "--gpus", "H100:8", "--max-price", "30", "--sort", "price",
                                 "--format", "json"])
    if board is not None:
        validate(board, validator, "catalog_offerings", "catalog list --gpus H100:8 --max-price 30 --format json")
        rows = board["rows"]
        records = {o["id"]: o for o in board["offerings"]}
        check(len(rows) > 0, "catalog list --gpus H100:8 --max-price 30 has no rows")
        check(all(records[r["offering"]]["gpu_count"] == 8 for r in rows),
              "catalog list --gpus H100:8 listed a row without 8 GPUs")
        prices = [r["prices"][r["price_mode"]] for r in rows]
        check(all(p <= 30 for p in prices), "catalog list --max-price 30 listed a row above $30/h")
        check(prices == sorted(prices), "catalog list --sort price is not in price order")
        check(set(records) == {r["offering"] for r in rows}, "catalog list offerings and rows name different offerings")
    grouped, _ = run_json(binary, ["catalog", "list", "--gpu-memory", "80GB..", "--group-by", "gpu,provider",
                                   "--format", "json"])
    if grouped is not None:
        validate(grouped, validator, "catalog_offerings", "catalog list --group-by gpu,provider --format json")
        check(sum(g["rows"] for g in grouped["groups"]) == len(grouped["rows"]),
              "catalog list groups do not add up to the rows")
    for args, definition in ((["catalog", "show", "aws/p4d.24xlarge"], "catalog_show"),
                             (["catalog", "show", "llama-2-7b"], "catalog_show"),
                             (["catalog", "validate"], "catalog_validate"),
                             (["config", "show"], "config")):
        document, _ = run_json(binary, [*args, "--format", "json"])
        if document is not None:
            validate(document, validator, definition, f"{' '.join(args)} --format json")

    return checks.finish("ok: output documents match docs/output.schema.json")


if __name__ == "__main__":
    sys.exit(main())
