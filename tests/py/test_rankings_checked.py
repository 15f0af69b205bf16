"""Fails when a C++ test ranks without the invariant check: every ranking made in tests/ goes
through testing::rank_checked (tests/scoring_invariants.hpp), which runs check_ranking_invariants
on it. A direct scoring::rank call (or a using-declaration that would hide one) is reported with
its file and line."""
import re
import sys
from pathlib import Path

from checks import Checks

source_dir = Path(sys.argv[2])
tests = source_dir / "tests"
helper = tests / "scoring_invariants.hpp"
# scoring::rank( with any qualification, or `using gpuselect::scoring::rank;` that makes rank( bare.
direct = re.compile(r"\bscoring::rank\s*\(|using\s+(?:gpuselect::)?scoring::rank\s*;")
checks = Checks()
sources = sorted(p for p in tests.rglob("*") if p.suffix in (".cpp", ".hpp") and p != helper)
checks.check("tests/ holds C++ test sources", len(sources) > 0, f"none under {tests}")
for path in sources:
    calls = [f"{number}: {line.strip()}"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if direct.search(line.split("//", 1)[0])]
    checks.check(f"{path.relative_to(source_dir)} ranks only through testing::rank_checked", not calls,
                 "direct scoring::rank at line " + "; line ".join(calls))
checks.check("the helper ranks and checks", "check_ranking_invariants(catalog, ranking, options)" in
             helper.read_text(encoding="utf-8"), f"{helper} lost its check")
sys.exit(checks.finish())
