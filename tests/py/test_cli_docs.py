"""Fails when `--help` of any command shows a flag that docs/cli.md does not document."""
import re
import subprocess
import sys
from pathlib import Path

from checks import Checks

binary, source_dir = sys.argv[1], Path(sys.argv[2])
docs = (source_dir / "docs" / "cli.md").read_text(encoding="utf-8")

commands = [[], ["recommend"], ["estimate"], ["compare"], ["catalog"], ["catalog", "validate"],
            ["catalog", "list"], ["catalog", "show"], ["catalog", "gpus"], ["catalog", "providers"],
            ["catalog", "models"], ["catalog", "import"], ["catalog", "import", "skypilot"],
            ["config"], ["config", "show"], ["completion"]]
flag = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")
checks = Checks()
for command in commands:
    result = subprocess.run([binary, *command, "--help"], capture_output=True, text=True)
    if not checks.check(f"gpuselect {' '.join(command)} --help", result.returncode == 0,
                        f"exited {result.returncode}: {result.stderr}"):
        continue
    options = [line for line in result.stdout.splitlines() if line.startswith("  -")]
    shown = set()
    for line in options:
        names = line.strip().split("  ")[0]
        shown.update(flag.findall(names))
    for name in sorted(shown):
        checks.check(f"`gpuselect {' '.join(command)} --help` shows {name}",
                     f"`{name}" in docs or f"{name}`" in docs or f" {name} " in docs,
                     "docs/cli.md does not document it")
sys.exit(checks.finish())
