"""Fails when `--help` of any command shows a flag that docs/cli.md does not document."""
import re
import subprocess
import sys
from pathlib import Path

binary, source_dir = sys.argv[1], Path(sys.argv[2])
docs = (source_dir / "docs" / "cli.md").read_text(encoding="utf-8")

commands = [[], ["recommend"], ["estimate"], ["compare"], ["catalog"], ["catalog", "validate"],
            ["catalog", "list"], ["catalog", "show"], ["catalog", "gpus"], ["catalog", "providers"],
            ["catalog", "models"], ["catalog", "import"], ["catalog", "import", "skypilot"],
            ["config"], ["config", "show"], ["completion"]]
flag = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")
passed = failed = 0
for command in commands:
    result = subprocess.run([binary, *command, "--help"], capture_output=True, text=True)
    if result.returncode != 0:
        print(f"FAIL: gpuselect {' '.join(command)} --help exited {result.returncode}: {result.stderr}")
        failed += 1
        continue
    options = [line for line in result.stdout.splitlines() if line.startswith("  -")]
    shown = set()
    for line in options:
        names = line.strip().split("  ")[0]
        shown.update(flag.findall(names))
    for name in sorted(shown):
        if f"`{name}" in docs or f"{name}`" in docs or f" {name} " in docs:
            passed += 1
        else:
            print(f"FAIL: `gpuselect {' '.join(command)} --help` shows {name}, which docs/cli.md does not document")
            failed += 1
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
