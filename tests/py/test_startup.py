"""Start-up (docs/performance.md "Start-up"): libcurl is loaded by `catalog update` when it downloads,
never by another command, and an update on a machine where libcurl cannot be loaded fails with one
error line naming the package, exit 1 (a runtime failure), while `--from DIR` still works there.
The shared libraries a run loads are read from the dynamic loader's own log (glibc's LD_DEBUG=libs).
Usage: test_startup.py GPUSELECT_BINARY SOURCE_DIR"""
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from checks import Checks

binary, source_dir = sys.argv[1], Path(sys.argv[2])
fixtures = source_dir / "tests" / "fixtures" / "skypilot"
checks = Checks()


def run(args, data_home, extra_env=None):
    env = {k: v for k, v in os.environ.items() if k not in ("GPUSELECT_CATALOG", "GPUSELECT_TODAY", "LD_DEBUG")}
    env.update({"XDG_DATA_HOME": str(data_home), "XDG_CONFIG_HOME": str(data_home / "config"),
                "GPUSELECT_TODAY": "2026-06-01"})
    env.update(extra_env or {})
    return subprocess.run([binary, *args], capture_output=True, text=True, env=env, timeout=120)


def loaded_libraries(args, data_home):
    """The shared objects the dynamic loader opened for one run (its `calling init:` lines)."""
    result = run(args, data_home, {"LD_DEBUG": "libs"})
    return result, [line.split("calling init:", 1)[1].strip() for line in result.stderr.splitlines()
                    if "calling init:" in line]


with tempfile.TemporaryDirectory() as scratch:
    scratch = Path(scratch)
    data_home = scratch / "data"

    commands = [["--version"],
                ["recommend", "--workload", "llm-finetune", "--params", "7e9"],
                ["estimate", "--workload", "llm-finetune", "--params", "7e9", "--gpus", "H100:8"],
                ["catalog", "list", "--gpus", "H100:8"],
                ["catalog", "update", "--help"]]
    for args in commands:
        result, libraries = loaded_libraries(args, data_home)
        checks.check(f"{' '.join(args[:2])}: exits 0", result.returncode == 0, result.stderr[-500:])
        checks.check(f"{' '.join(args[:2])}: the loader log is read", len(libraries) > 0,
                     "no 'calling init:' lines: is this glibc?")
        curl = [lib for lib in libraries if "libcurl" in lib]
        checks.check(f"{' '.join(args[:2])}: libcurl is not loaded", not curl, str(curl))

    # A libcurl.so.4 that is no library (first on the search path): the update cannot download.
    broken = scratch / "broken-libs"
    broken.mkdir()
    (broken / "libcurl.so.4").write_bytes(b"")
    without_curl = {"LD_LIBRARY_PATH": str(broken)}
    update = run(["catalog", "update", "--url", "http://127.0.0.1:9", "--cloud", "aws", "--as-of", "2026-06-01"],
                 data_home, without_curl)
    lines = update.stderr.splitlines()
    checks.check("update without libcurl exits 1 (runtime failure)", update.returncode == 1,
                 f"{update.returncode}: {update.stderr}")
    checks.check("one error line naming the command, the cause and the package",
                 len(lines) == 1 and lines[0].startswith("gpuselect: error: catalog update: cannot load libcurl")
                 and "install libcurl4" in lines[0] and "--from DIR" in lines[0], update.stderr)
    checks.check("nothing on stdout", update.stdout == "", update.stdout)
    checks.check("nothing stored", not (data_home / "gpuselect" / "prices-2026-06-01.yaml").exists())

    # --from DIR reads local copies: no libcurl needed.
    copies = scratch / "copies"
    (copies / "lambda").mkdir(parents=True)
    shutil.copy(fixtures / "lambda.csv", copies / "lambda" / "vms.csv")
    local = run(["catalog", "update", "--from", str(copies), "--as-of", "2026-06-01"], data_home, without_curl)
    checks.check("--from works without libcurl", local.returncode == 0, local.stderr)
    checks.check("--from stored its file", (data_home / "gpuselect" / "prices-2026-06-01.yaml").is_file())

sys.exit(checks.finish())
