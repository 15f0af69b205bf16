"""The tally every check script in tests/py shares: a failed check prints one FAIL line with what
was expected, a skipped one a SKIP line, and finish() prints the counts and returns the exit status
(1 when any check failed). Imported as a sibling module (a script's folder is on sys.path)."""


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.skipped = 0

    def check(self, name, ok, detail=""):
        """Counts one check; prints `FAIL: name: detail` when ok is false. Returns ok."""
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL: {name}" + (f": {detail}" if detail else ""))
        return ok

    def skip(self, what):
        self.skipped += 1
        print(f"SKIP {what}")

    def finish(self, summary=""):
        """Prints the counts (and `summary` when nothing failed); the script's exit status."""
        print(f"{self.passed} passed, {self.failed} failed, {self.skipped} skipped")
        if self.failed:
            return 1
        if summary:
            print(summary)
        return 0


def call_arguments(text, start):
    """Top-level arguments of the call whose opening bracket is at text[start] (source scans)."""
    depth, args, current, i, quote = 0, [], "", start + 1, None
    while i < len(text):
        c = text[i]
        if quote:
            current += c
            if c == "\\":
                current += text[i + 1]
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'":
            quote = c
            current += c
        elif c in "([{":
            depth += 1
            current += c
        elif c in ")]}":
            if depth == 0:
                args.append(current.strip())
                return args
            depth -= 1
            current += c
        elif c == "," and depth == 0:
            args.append(current.strip())
            current = ""
        else:
            current += c
        i += 1
    return args
