"""Every error message has a what-to-do part (DESIGN.md: `<where>: <what>; <what to do>`): scans the
sources for each Error(...), report(...)/report_at(...), warn(...) and Problem{...} and fails on one
whose hint (the last argument) is missing or an empty string literal."""
import pathlib
import re
import sys

from checks import Checks, call_arguments

root = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else pathlib.Path(__file__).resolve().parents[2])
checks = Checks()

# Constructor or function -> how many arguments carry where/what/hint (the hint is the last).
calls = re.compile(r"(?<![\w:.>])(throw Error|Error|report|report_at|warn)\s*([({])")


for path in sorted((root / "src").rglob("*.cpp")):
    text = path.read_text()
    for match in calls.finditer(text):
        name, bracket = match.group(1), match.group(2)
        args = call_arguments(text, match.end() - 1)
        if name.endswith("Error"):
            if bracket != "(" or len(args) < 3:
                continue  # a declaration, a catch clause or a copy
            if args[0].startswith("ErrorKind::") and len(args) < 4:
                continue
        elif name in ("report", "report_at", "warn"):
            if len(args) < 3 or "(" in name:
                continue
            if args[-1].startswith("Severity::"):
                args = args[:-1]
        line = text.count("\n", 0, match.start()) + 1
        hint = args[-1]
        checks.check(
            f"{path.relative_to(root)}:{line}: {name}(...) has a what-to-do part",
            hint not in ('""', "std::string()", "{}") and hint != "",
            f"hint argument is {hint!r}")

# Problem{message, hint} literals in the catalog field parsers.
for path in sorted((root / "src").rglob("*.cpp")):
    text = path.read_text()
    for match in re.finditer(r"Problem\{", text):
        args = call_arguments(text, match.end() - 1)
        if len(args) == 2:
            line = text.count("\n", 0, match.start()) + 1
            checks.check(f"{path.relative_to(root)}:{line}: Problem has a what-to-do part", args[1] not in ('""', ""),
                         f"hint argument is {args[1]!r}")

sys.exit(checks.finish("every error message in src/ has a what-to-do part"))
