"""README's tour shows real output: every fenced block that opens with `$ gpuselect ...` is run
(stdout and stderr together, `COLUMNS=110`, today pinned by GPUSELECT_TODAY as the README says)
and must print exactly the lines shown; a block ending in a line `...` shows a prefix. Files the
commands read (`team.yaml`) are the README's own ```yaml blocks whose first line is `# <name>`."""
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from checks import Checks

binary, source_dir = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
readme = (source_dir / "README.md").read_text(encoding="utf-8")
checks = Checks()

today = re.search(r"GPUSELECT_TODAY=(\d{4}-\d{2}-\d{2})", readme)
checks.check("README pins the date its tour ran on (GPUSELECT_TODAY=YYYY-MM-DD)", today is not None)

blocks = re.findall(r"^```(\w*)\n(.*?)^```", readme, flags=re.S | re.M)
with tempfile.TemporaryDirectory() as work:
    for language, body in blocks:
        first = body.splitlines()[0] if body else ""
        if language == "yaml" and first.startswith("# ") and first[2:].strip().endswith(".yaml"):
            (Path(work) / first[2:].strip()).write_text(body, encoding="utf-8")
    bin_dir = Path(work) / "bin"
    bin_dir.mkdir()
    (bin_dir / "gpuselect").symlink_to(binary)
    environment = {k: v for k, v in os.environ.items() if k not in ("GPUSELECT_CATALOG", "NO_COLOR")}
    environment.update({"COLUMNS": "110", "PATH": f"{bin_dir}:{environment.get('PATH', '/usr/bin:/bin')}",
                        "XDG_CONFIG_HOME": work, "XDG_DATA_HOME": work, "GPUSELECT_TODAY": today.group(1) if today else ""})
    tours = 0
    for language, body in blocks:
        lines = body.splitlines()
        if language or not lines or not lines[0].startswith("$ gpuselect"):
            continue
        # The command runs until its quotes balance (a quoted script may span lines).
        command_lines = [lines[0][2:]]
        while True:
            try:
                shlex.split("\n".join(command_lines))
                break
            except ValueError:
                if len(command_lines) >= len(lines):
                    break
                command_lines.append(lines[len(command_lines)])
        command = "\n".join(command_lines)
        expected = lines[len(command_lines):]
        prefix_only = bool(expected) and expected[-1] == "..."
        if prefix_only:
            expected = expected[:-1]
        result = subprocess.run(["bash", "-c", command + " 2>&1"], capture_output=True, text=True, cwd=work,
                                env=environment)
        actual = result.stdout.splitlines()
        if prefix_only:
            actual = actual[:len(expected)]
        tours += 1
        mismatch = next((i for i, (a, b) in enumerate(zip(actual, expected)) if a != b), None)
        if mismatch is None and len(actual) != len(expected):
            mismatch = min(len(actual), len(expected))
        detail = ""
        if mismatch is not None:
            shown = actual[mismatch] if mismatch < len(actual) else "<end of output>"
            wanted = expected[mismatch] if mismatch < len(expected) else "<end of README block>"
            detail = f"line {mismatch + 1}: README shows {wanted!r}, the program prints {shown!r}"
        checks.check(f"README block `{command_lines[0]}` is what the program prints", mismatch is None, detail)
    checks.check("README has tour blocks to compare", tours >= 3, f"found {tours}")
sys.exit(checks.finish())
