"""Fails when a ranking made by a test escapes the invariant check (scoring::ranking_violations,
include/gpuselect/invariants.hpp):
- in-process: every ranking made in tests/ goes through testing::rank_checked or compare_checked
  (tests/scoring_invariants.hpp); a direct scoring::rank or scoring::compare call (or a
  using-declaration that would hide one) is reported with its file and line;
- in the binary: src/cli ranks only through rank_checked_if_asked and compare_checked_if_asked
  (ranking_flags.cpp), which run the check under
  GPUSELECT_CHECK_INVARIANTS=1, and both runners of the binary (tests/cli_runner.hpp for Catch2,
  ctest's environment for tests/py) set it."""
import os
import re
import sys
from pathlib import Path

from checks import Checks

source_dir = Path(sys.argv[2])
tests = source_dir / "tests"
helper = tests / "scoring_invariants.hpp"
# scoring::rank( with any qualification, or `using gpuselect::scoring::rank;` that makes rank( bare.
# scoring::rank( or scoring::compare(, or a using-declaration that makes either bare.
direct = re.compile(r"\bscoring::(?:rank|compare)\s*\(|using\s+(?:gpuselect::)?scoring::(?:rank|compare)\s*;")
checks = Checks()
sources = sorted(p for p in tests.rglob("*") if p.suffix in (".cpp", ".hpp") and p != helper)
checks.check("tests/ holds C++ test sources", len(sources) > 0, f"none under {tests}")
for path in sources:
    calls = [f"{number}: {line.strip()}"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if direct.search(line.split("//", 1)[0])]
    checks.check(f"{path.relative_to(source_dir)} ranks only through testing::rank_checked/compare_checked",
                 not calls, "direct scoring::rank or scoring::compare at line " + "; line ".join(calls))
helper_text = helper.read_text(encoding="utf-8")
checks.check("the helpers rank and compare, and check both",
             helper_text.count("check_ranking_invariants(catalog, ranking, options)") == 2
             and "scoring::compare(catalog, profile, options, offering_ids)" in helper_text
             and "scoring::ranking_violations(catalog, ranking, options)" in helper_text, f"{helper} lost a check")

# The binary: one ranking entry point in src/cli, and it checks when asked.
cli = source_dir / "src" / "cli"
entry = cli / "ranking_flags.cpp"
for path in sorted(cli.glob("*.cpp")):
    calls = [f"{number}: {line.strip()}"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if direct.search(line.split("//", 1)[0])]
    allowed = 2 if path == entry else 0  # rank_checked_if_asked and compare_checked_if_asked
    checks.check(f"{path.relative_to(source_dir)} ranks only through rank_checked_if_asked", len(calls) == allowed,
                 "scoring::rank at line " + "; line ".join(calls) if calls else "the entry point lost its rank call")
entry_text = entry.read_text(encoding="utf-8")
checks.check("rank_checked_if_asked reads GPUSELECT_CHECK_INVARIANTS and runs the check",
             'getenv("GPUSELECT_CHECK_INVARIANTS")' in entry_text and "scoring::ranking_violations(" in entry_text,
             f"{entry} lost its check")
runner = (tests / "cli_runner.hpp").read_text(encoding="utf-8")
runner_code = "\n".join(line.split("//", 1)[0] for line in runner.splitlines())  # not its comments
checks.check("tests/cli_runner.hpp runs the binary with GPUSELECT_CHECK_INVARIANTS=1",
             "GPUSELECT_CHECK_INVARIANTS=1" in runner_code, "run_gpuselect lost the variable")
cmake = (tests / "CMakeLists.txt").read_text(encoding="utf-8")
checks.check("ctest runs the python checks with GPUSELECT_CHECK_INVARIANTS=1",
             re.search(r"ENVIRONMENT\s+\"?GPUSELECT_CHECK_INVARIANTS=1", cmake) is not None,
             "tests/CMakeLists.txt lost the variable")
checks.check("this check runs with the variable set (as every python check does)",
             os.environ.get("GPUSELECT_CHECK_INVARIANTS") == "1", "not set in ctest's environment")
sys.exit(checks.finish())
