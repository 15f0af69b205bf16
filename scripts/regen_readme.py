#!/usr/bin/env python3
"""Rewrite the output of README's tour blocks from the program, as tests/py/test_readme.py runs
them (tests/py/readme_tour.py): the lines after each `$ gpuselect ...` command are replaced by what
the program prints; a block ending in a line `...` keeps that many lines and the `...`.

    python3 scripts/regen_readme.py build/gpuselect [README.md]
"""
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "py"))
import readme_tour  # noqa: E402

binary = Path(sys.argv[1]).resolve()
readme_path = Path(sys.argv[2] if len(sys.argv) > 2 else "README.md")
readme = readme_path.read_text(encoding="utf-8")

with tempfile.TemporaryDirectory() as work:
    environment = readme_tour.prepare(readme, binary, work)

    def rewrite(match):
        block = readme_tour.tour_block(match.group(1), match.group(2))
        if block is None:
            return match.group(0)
        command_lines, expected = block
        actual = readme_tour.run(command_lines, work, environment)
        if expected and expected[-1] == "...":
            actual = actual[:len(expected) - 1] + ["..."]
        shown = ["$ " + command_lines[0]] + command_lines[1:] + actual
        return "```\n" + "\n".join(shown) + "\n```"

    readme_path.write_text(readme_tour.BLOCK.sub(rewrite, readme), encoding="utf-8")
