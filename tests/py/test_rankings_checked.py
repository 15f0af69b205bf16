"""Fails when a C++ test ranks without the invariant check: every ranking made in tests/ goes
through testing::rank_checked or testing::compare_checked (tests/scoring_invariants.hpp), which run
check_ranking_invariants on it. A direct scoring::rank or scoring::compare call (or a
using-declaration that would hide one) is reported with its file and line."""
import re
import sys
from pathlib import Path

from checks import Checks

source_dir = Path(sys.argv[2])
tests = source_dir / "tests"
helper = tests / "scoring_invariants.hpp"
# scoring::rank( or scoring::compare( with any qualification, or `using gpuselect::scoring::rank;`
# that makes rank( bare.
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
             "scoring::rank(catalog, profile, options)" in helper_text and
             "scoring::compare(catalog, profile, options, offering_ids)" in helper_text and
             helper_text.count("check_ranking_invariants(catalog, ranking, options)") == 2,
             f"{helper} lost a check")
sys.exit(checks.finish())
