"""Fails when an option or an output format escapes its table (docs/architecture.md "A new option",
"A new output format"):
- options: src/cli/option_table.cpp (the registrar, register_options) is the only file under src/cli
  that calls CLI11's add_option or add_flag; every other option is a row of an option table;
- formats: no code outside the format table (src/render/formats.cpp) tests a format's identity
  (`format == Format::json`, `!= render::Format::csv`); it reads render::traits(format) instead, or
  switches over Format with every case and no default."""
import re
import sys
from pathlib import Path

from checks import Checks

source_dir = Path(sys.argv[2])
src = source_dir / "src"
checks = Checks()


def code_lines(path):
    """(number, line) for each line of `path`, without its // comment."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        yield number, line.split("//", 1)[0]


registrar = src / "cli" / "option_table.cpp"
registers = re.compile(r"\badd_(?:option|flag)\s*\(")
cli_sources = sorted((src / "cli").glob("*.cpp"))
checks.check("src/cli holds C++ sources", len(cli_sources) > 0, f"none under {src / 'cli'}")
for path in cli_sources:
    calls = [f"{number}: {line.strip()}" for number, line in code_lines(path) if registers.search(line)]
    if path == registrar:
        checks.check("option_table.cpp registers the options", len(calls) > 0, "no add_option/add_flag call left")
    else:
        checks.check(f"{path.relative_to(source_dir)} registers options only through register_options",
                     not calls, "add_option/add_flag at line " + "; line ".join(calls))

format_table = src / "render" / "formats.cpp"
identity = re.compile(r"(?:==|!=)\s*(?:render::)?Format::\w+|\bFormat::\w+\s*(?:==|!=)")
for path in sorted(p for p in src.rglob("*") if p.suffix in (".cpp", ".hpp")):
    if path == format_table:
        continue
    tests = [f"{number}: {line.strip()}" for number, line in code_lines(path) if identity.search(line)]
    checks.check(f"{path.relative_to(source_dir)} reads the format traits, not the format's name", not tests,
                 "Format compared at line " + "; line ".join(tests))
sys.exit(checks.finish())
