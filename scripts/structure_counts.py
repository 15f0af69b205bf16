#!/usr/bin/env python3
"""The counts of issue 31's "Done when", measured from the source tree (run from the repository root):
function lengths (brace counting over comment- and string-free text; a function is a `{` at namespace
or class level whose header ends in `)`, a qualifier after it, or a trailing return type; a function
whose comment block above it has a line starting `// table:` is a declared table of rows, listed apart
and not counted, docs/architecture.md "Function length"), the tests
of a workload kind outside src/workload, the cli files that register options by hand, the
`Format::` tests outside the format table, skypilot_import.cpp's lines, and headers that share a name.
Usage: scripts/structure_counts.py [--limit 120]"""
import re
import sys
from collections import defaultdict
from pathlib import Path

LIMIT = int(sys.argv[sys.argv.index("--limit") + 1]) if "--limit" in sys.argv else 120
SRC = Path("src")


def stripped(text):
    """`text` with comments, string and character literals blanked (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i)
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end + len(m.group(1)) + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


HEADER_END = re.compile(r"\)\s*(?:const|noexcept|override|final|mutable|&|\s)*(?:->\s*[\w:<>,\s*&]+)?\s*$")
SCOPE = re.compile(r"\b(?:namespace|class|struct|union|enum)\b[^;{}()]*$|extern\s*\"\"\s*$")


def functions(path):
    """(name, first line, lines) of each function defined at namespace or class level in `path`."""
    text = stripped(path.read_text(encoding="utf-8"))
    stack, found, last = [], [], 0  # stack: 'scope' or ('function', start line, name)
    for m in re.finditer(r"[{};]", text):
        ch, pos = m.group(), m.start()
        head = text[last:pos]
        if ch == "{":
            in_function = any(isinstance(s, tuple) for s in stack)
            if in_function:
                stack.append("block")
            elif SCOPE.search(head) and "(" not in head.split("\n")[-1][:0] and not HEADER_END.search(head):
                stack.append("scope")
            elif HEADER_END.search(head) and not re.search(r"=\s*\[[^\]]*\]\s*\([^)]*\)\s*$|=\s*$", head):
                name = re.findall(r"([~\w:]+)\s*\(", head)
                stack.append(("function", text.count("\n", 0, pos) + 1, name[-1] if name else "?"))
            else:
                stack.append("block")  # an initialiser, a table
        elif ch == "}":
            top = stack.pop() if stack else None
            if isinstance(top, tuple):
                found.append((top[2], top[1], text.count("\n", 0, pos) + 1 - top[1] + 1))
        last = pos + 1
    return found


def declared_table(lines, brace_line):
    """Whether the comment block right above the header of the function whose `{` is on `brace_line`
    (1-based) has a line starting `// table:`."""
    at = brace_line - 1
    while at > 0 and lines[at - 1].strip() and not lines[at - 1].lstrip().startswith("//") \
            and not lines[at - 1].rstrip().endswith((";", "}")):
        at -= 1  # the header's lines
    while at > 0 and lines[at - 1].lstrip().startswith("//"):
        if lines[at - 1].lstrip().startswith("// table:"):
            return True
        at -= 1
    return False


def count_matches(pattern, paths):
    rx = re.compile(pattern)
    return sum(1 for p in paths for line in stripped(p.read_text(encoding="utf-8")).splitlines() if rx.search(line))


sources = sorted(p for p in SRC.rglob("*") if p.suffix in (".cpp", ".hpp"))
over_limit = [(lines, p, name, line) for p in sources for name, line, lines in functions(p) if lines > LIMIT]
source_lines = {p: p.read_text(encoding="utf-8").splitlines() for _, p, _, _ in over_limit}
tables = [row for row in over_limit if declared_table(source_lines[row[1]], row[3])]
long_ones = [row for row in over_limit if row not in tables]
print(f"functions over {LIMIT} lines: {len(long_ones)}")
for lines, path, name, line in sorted(long_ones, reverse=True):
    print(f"  {lines:4d}  {path}:{line}  {name}")
print(f"declared tables over {LIMIT} lines (// table:): {len(tables)}")
for lines, path, name, line in sorted(tables, reverse=True):
    print(f"  {lines:4d}  {path}:{line}  {name}")

outside_workload = [p for p in sources if not str(p).startswith("src/workload")]
kinds = "llm_pretrain|llm_finetune|llm_inference|cv_train|cv_inference|notebook|image_finetune|image_inference"
print("lines naming a workload kind outside src/workload (Kind::<kind>):",
      count_matches(r"\bKind::(?:" + kinds + r")\b", outside_workload))
by_hand = [p for p in sorted((SRC / "cli").glob("*.cpp")) if p.name != "option_table.cpp"
           and re.search(r"\badd_(?:option|flag)\s*\(", stripped(p.read_text(encoding="utf-8")))]
print("cli files registering options by hand:", len(by_hand), [p.name for p in by_hand])
identity = r"(?:==|!=)\s*(?:render::)?Format::\w+|\bFormat::\w+\s*(?:==|!=)"
print("Format:: tests outside the format table:",
      count_matches(identity, [p for p in sources if p.name != "formats.cpp"]))
print("skypilot_import.cpp lines:", len((SRC / "catalog" / "skypilot_import.cpp").read_text().splitlines()))
headers = defaultdict(list)
for p in sorted(Path(".").glob("src/**/*.hpp")) + sorted(Path(".").glob("include/**/*.hpp")):
    headers[p.name].append(str(p))
print("headers sharing a name:", {k: v for k, v in headers.items() if len(v) > 1} or "none")
private = [f"{p}: {line.strip()}" for p in sources if str(p).startswith(("src/render", "src/scoring"))
           for line in p.read_text(encoding="utf-8").splitlines() if re.match(r'#include "estimate/', line)]
print("render/scoring including private estimate headers:", len(private), private[:3])
print("[[nodiscard]] uses:", count_matches(r"\[\[nodiscard\]\]", sources + sorted(Path("include").rglob("*.hpp"))))
