"""README's tour shows real output: every fenced block that opens with `$ gpuselect ...` is run
(stdout and stderr together, `COLUMNS=110`, today pinned by GPUSELECT_TODAY as the README says)
and must print exactly the lines shown; a block ending in a line `...` shows a prefix. Files the
commands read (`team.yaml`) are the README's own ```yaml blocks whose first line is `# <name>`
(readme_tour.py, shared with scripts/regen_readme.py)."""
import sys
import tempfile
from pathlib import Path

import readme_tour
from checks import Checks

binary, source_dir = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
readme = (source_dir / "README.md").read_text(encoding="utf-8")
checks = Checks()

checks.check("README pins the date its tour ran on (GPUSELECT_TODAY=YYYY-MM-DD)",
             readme_tour.pinned_today(readme) is not None)

with tempfile.TemporaryDirectory() as work:
    environment = readme_tour.prepare(readme, binary, work)
    tours = 0
    for language, body in readme_tour.BLOCK.findall(readme):
        block = readme_tour.tour_block(language, body)
        if block is None:
            continue
        command_lines, expected = block
        prefix_only = bool(expected) and expected[-1] == "..."
        if prefix_only:
            expected = expected[:-1]
        actual = readme_tour.run(command_lines, work, environment)
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
