"""README's tour as tests/py/test_readme.py checks it and scripts/regen_readme.py rewrites it: the
fenced blocks that open with `$ gpuselect ...`, the command (until its quotes balance: a quoted
script may span lines) and the lines shown after it, run with stdout and stderr together,
`COLUMNS=110`, today pinned by the README's GPUSELECT_TODAY, and the README's own ```yaml blocks
whose first line is `# <name>.yaml` as files beside it."""
import os
import re
import shlex
import subprocess
from pathlib import Path

BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", flags=re.S | re.M)


def pinned_today(readme):
    """The date the tour ran on (GPUSELECT_TODAY=YYYY-MM-DD in the README), or None."""
    found = re.search(r"GPUSELECT_TODAY=(\d{4}-\d{2}-\d{2})", readme)
    return found.group(1) if found else None


def prepare(readme, binary, work):
    """Writes the README's yaml files and a bin/gpuselect link into `work`; returns the environment."""
    for language, body in BLOCK.findall(readme):
        first = body.splitlines()[0] if body else ""
        if language == "yaml" and first.startswith("# ") and first[2:].strip().endswith(".yaml"):
            (Path(work) / first[2:].strip()).write_text(body, encoding="utf-8")
    bin_dir = Path(work) / "bin"
    bin_dir.mkdir()
    (bin_dir / "gpuselect").symlink_to(binary)
    environment = {k: v for k, v in os.environ.items() if k not in ("GPUSELECT_CATALOG", "NO_COLOR")}
    environment.update({"COLUMNS": "110", "PATH": f"{bin_dir}:{environment.get('PATH', '/usr/bin:/bin')}",
                        "XDG_CONFIG_HOME": str(work), "XDG_DATA_HOME": str(work),
                        "GPUSELECT_TODAY": pinned_today(readme) or ""})
    return environment


def tour_block(language, body):
    """(command lines without the "$ ", the lines shown after them) of a tour block, else None."""
    lines = body.splitlines()
    if language or not lines or not lines[0].startswith("$ gpuselect"):
        return None
    command_lines = [lines[0][2:]]
    while True:
        try:
            shlex.split("\n".join(command_lines))
            break
        except ValueError:
            if len(command_lines) >= len(lines):
                break
            command_lines.append(lines[len(command_lines)])
    return command_lines, lines[len(command_lines):]


def run(command_lines, work, environment):
    """The lines the command prints, stdout and stderr together."""
    result = subprocess.run(["bash", "-c", "\n".join(command_lines) + " 2>&1"], capture_output=True, text=True,
                            cwd=work, env=environment)
    return result.stdout.splitlines()
