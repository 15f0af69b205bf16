"""Every error line is said in the catalogue's words (issue 29, --lang zh-CN): scans src/ for an
error or catalog finding whose <what> or <what to do> is an English string literal instead of a
message of include/gpuselect/message_list.hpp, and fails on each one. The allowlist is empty: a new
error says its words through text::words(Msg::..., ...) (Error::said, Diagnostic::say,
fields::said_problem), so --lang zh-CN says it in Chinese.

What is scanned, in every .cpp and .hpp under src/:
  - Error(...) / Error name(...) / Error{...}: the plain-text constructor (where, what, hint), with a
    string literal anywhere in what or hint;
  - Error::said(...), report_said(...), report_at(...), said_problem(...), Reader::fail and the file
    helpers (output_failure, store_failure): a what or hint that is, or builds on, a string literal
    outside a message's parameters (text::words / text::composed / did_you_mean_words / one_of_words);
  - Problem{message, hint} literals of the catalog field parsers;
  - print_error(...) and fprintf(stderr, "gpuselect: error: ..." / "gpuselect: warning: ...") lines
    with English words of their own (the import and update warnings are catalogue words too).
String literals inside a message's parameter list are fine: they are ids, flags and names put in as
written ("SkyPilot", "median, min")."""
import pathlib
import re
import sys

from checks import Checks, call_arguments

root = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else pathlib.Path(__file__).resolve().parents[2])
checks = Checks()

# An allowlist of "path:line" that may keep an English literal. Empty, and it stays empty.
allowed = set()

# Calls whose arguments are a message's parameters: their string literals are put in as written.
parameter_calls = ("words", "composed", "did_you_mean_words", "one_of_words", "in_each", "say", "quoted",
                   "shown", "excerpt", "format", "to_string", "format_number", "message")
# A string literal that reads as English words (two words of letters), e.g. "cannot read: "; a lone
# word ("gpuselect", "as_of") is a name.
english_literal = re.compile(r'"(?:[^"\\]|\\.)*[A-Za-z]{2}(?:[^"\\]|\\.)*\s(?:[^"\\]|\\.)*[A-Za-z]{2}(?:[^"\\]|\\.)*"')


def without_parameters(argument):
    """The argument with every call in parameter_calls (and its arguments) taken out."""
    out, i = "", 0
    pattern = re.compile(r"(?:[\w:]*::)?(" + "|".join(parameter_calls) + r")\s*\(")
    while i < len(argument):
        match = pattern.match(argument, i)
        if match and (i == 0 or not (argument[i - 1].isalnum() or argument[i - 1] == "_")):
            depth, j, quote = 0, match.end() - 1, None
            while j < len(argument):
                c = argument[j]
                if quote:
                    if c == "\\":
                        j += 1
                    elif c == quote:
                        quote = None
                elif c in "\"'":
                    quote = c
                elif c == "(":
                    depth += 1
                elif c == ")":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            i = j + 1
            out += "WORDS"
            continue
        out += argument[i]
        i += 1
    return out


def english(argument):
    return english_literal.search(without_parameters(argument)) is not None


def strip_comments(text):
    """The source with // and /* */ comments blanked (string literals kept), line numbers unchanged."""
    out, i, quote = [], 0, None
    while i < len(text):
        c = text[i]
        if quote:
            out.append(c)
            if c == "\\" and i + 1 < len(text):
                out.append(text[i + 1])
                i += 2
                continue
            if c == quote:
                quote = None
        elif c in "\"'" and not (c == "'" and i > 0 and text[i - 1].isalnum()):
            quote = c
            out.append(c)
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = len(text) if end < 0 else end
            i = end
            continue
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = len(text) if end < 0 else end + 2
            out.append("".join("\n" if ch == "\n" else " " for ch in text[i:end]))
            i = end
            continue
        else:
            out.append(c)
        i += 1
    return "".join(out)


# Plain-text Error constructions: Error(where, what, hint), Error(kind, where, what, hint), a named
# variable "Error name(...)" and braces.
plain_error = re.compile(r"(?<![\w:.>])(?:throw\s+)?Error(?:\s+\w+)?\s*([({])")
# Calls whose <what> and <what to do> are words: arguments after <where> (and kind) are checked.
said_calls = re.compile(
    r"(?<![\w.>])(Error::said|report_said|report_at|said_problem|fail|output_failure|store_failure|print_error|"
    r"problem)\s*\(")
scanned = 0

for path in sorted(list((root / "src").rglob("*.cpp")) + list((root / "src").rglob("*.hpp"))):
    raw = path.read_text()
    text = strip_comments(raw)
    name = path.relative_to(root)

    def report(match, what):
        line = text.count("\n", 0, match.start()) + 1
        where = f"{name}:{line}"
        checks.check(f"{where}: {what} says its words through the catalogue", where in allowed,
                     raw.splitlines()[line - 1].strip())

    for match in plain_error.finditer(text):
        args = call_arguments(text, match.end() - 1)
        if len(args) < 3:
            continue  # a declaration, a catch clause, a copy
        said = args[2:] if args[0].startswith("ErrorKind::") else args[1:]
        scanned += 1
        if any(english(argument) for argument in said):
            report(match, "Error(...)")
        else:
            checks.check(f"{name}: Error(...) without literals", True)

    for match in said_calls.finditer(text):
        args = call_arguments(text, match.end() - 1)
        call = match.group(1)
        if call == "Error::said" and args and args[0].startswith("ErrorKind::"):
            args = args[1:]
        # <where> (a flag, a path, a mark) comes first, but for said_problem and print_error.
        said = args if call in ("said_problem", "print_error", "problem") else args[1:]
        if call == "fail" and len(args) < 3:
            continue  # another class's fail()
        scanned += 1
        checks.check(f"{name}:{text.count(chr(10), 0, match.start()) + 1}: {call}(...) words", True)
        if any(english(argument) for argument in said if not argument.startswith("Severity::")):
            report(match, f"{call}(...)")

    for match in re.finditer(r"(?<![\w])Problem\{", text):
        args = call_arguments(text, match.end() - 1)
        scanned += 1
        if any(english(argument) for argument in args):
            report(match, "Problem{...}")

    for match in re.finditer(r'"gpuselect: (error|warning): ([^"]*)"', text):
        scanned += 1
        if re.search(r"[A-Za-z]{2}", match.group(2).replace("%s", "")):
            report(match, f"a {match.group(1)} line on stderr")

checks.check("the scan found the error constructions of src/", scanned > 100, f"{scanned} found")
sys.exit(checks.finish("every error and catalog finding in src/ says its words through the message catalogue"))
