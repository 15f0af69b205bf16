#!/usr/bin/env python3
"""Rewrite the output of README's tour blocks from the program, as tests/py/test_readme.py runs
them: every fenced block that opens with `$ gpuselect ...` is run (stdout and stderr together,
COLUMNS=110, GPUSELECT_TODAY as the README pins it) and its lines after the command are replaced by
what the program prints; a block ending in a line `...` keeps that many lines and the `...`.

    python3 scripts/regen_readme.py build/gpuselect [README.md]
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

binary = Path(sys.argv[1]).resolve()
readme_path = Path(sys.argv[2] if len(sys.argv) > 2 else "README.md")
readme = readme_path.read_text(encoding="utf-8")
today = re.search(r"GPUSELECT_TODAY=(\d{4}-\d{2}-\d{2})", readme).group(1)
block_pattern = re.compile(r"^```(\w*)\n(.*?)^```", flags=re.S | re.M)

with tempfile.TemporaryDirectory() as work:
    for match in block_pattern.finditer(readme):
        language, body = match.group(1), match.group(2)
        first = body.splitlines()[0] if body else ""
        if language == "yaml" and first.startswith("# ") and first[2:].strip().endswith(".yaml"):
            (Path(work) / first[2:].strip()).write_text(body, encoding="utf-8")
    bin_dir = Path(work) / "bin"
    bin_dir.mkdir()
    (bin_dir / "gpuselect").symlink_to(binary)
    environment = {k: v for k, v in os.environ.items() if k not in ("GPUSELECT_CATALOG", "NO_COLOR")}
    environment.update({"COLUMNS": "110", "PATH": f"{bin_dir}:{environment.get('PATH', '/usr/bin:/bin')}",
                        "XDG_CONFIG_HOME": work, "XDG_DATA_HOME": work, "GPUSELECT_TODAY": today})

    def rewrite(match):
        language, body = match.group(1), match.group(2)
        lines = body.splitlines()
        if language or not lines or not lines[0].startswith("$ gpuselect"):
            return match.group(0)
        command_lines = [lines[0][2:]]
        while True:
            try:
                shlex.split("\n".join(command_lines))
                break
            except ValueError:
                if len(command_lines) >= len(lines):
                    break
                command_lines.append(lines[len(command_lines)])
        expected = lines[len(command_lines):]
        prefix_only = bool(expected) and expected[-1] == "..."
        result = subprocess.run(["bash", "-c", "\n".join(command_lines) + " 2>&1"], capture_output=True, text=True,
                                cwd=work, env=environment)
        actual = result.stdout.splitlines()
        if prefix_only:
            actual = actual[:len(expected) - 1] + ["..."]
        shown = ["$ " + command_lines[0]] + command_lines[1:] + actual
        return "```\n" + "\n".join(shown) + "\n```"

    readme_path.write_text(block_pattern.sub(rewrite, readme), encoding="utf-8")
