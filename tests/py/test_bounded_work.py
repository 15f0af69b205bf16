"""Bounded work and the smaller items of docs/hardening.md "Hardening III": completion never opens a
FIFO, a device or stdin named on the line (and has a time budget); -q silences `catalog update`;
TERM=dumb gets no colour; COLUMNS above 1000 is honoured; --max-price's ceiling follows the currency. Usage: test_bounded_work.py GPUSELECT_BINARY SOURCE_DIR"""
import os
import pty
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from checks import Checks

binary, source_dir = sys.argv[1], Path(sys.argv[2])
checks = Checks()


def environment(scratch, **extra):
    env = {k: v for k, v in os.environ.items() if k not in ("GPUSELECT_CATALOG", "NO_COLOR", "COLUMNS")}
    env.update({"XDG_DATA_HOME": str(scratch / "data"), "XDG_CONFIG_HOME": str(scratch / "config"),
                "GPUSELECT_TODAY": "2026-06-01"})
    env.update(extra)
    return env


with tempfile.TemporaryDirectory() as scratch:
    scratch = Path(scratch)
    fifo = scratch / "fifo"
    os.mkfifo(fifo)
    # Standard input that never ends: a FIFO this script holds open for writing and never writes.
    endless = os.open(fifo, os.O_RDWR)
    for named in (str(fifo), "/dev/stdin", "/dev/zero", "-"):
        for line in (["compare", "--catalog", named, "aws/p5"],
                     ["compare", f"--catalog={named}", "aws/p5"],
                     ["--config", named, "compare", "aws/p5"]):
            try:
                done = subprocess.run([binary, "__complete", *line], stdin=endless, capture_output=True, text=True,
                                      env=environment(scratch), timeout=20)
                returncode, out = done.returncode, done.stdout
            except subprocess.TimeoutExpired:
                returncode, out = "timeout", ""
            checks.check(f"completion does not open {named} ({line[0]})",
                         returncode == 0 and "aws/p5.48xlarge" in out.split(), f"rc {returncode}")
    catalogs = environment(scratch, GPUSELECT_CATALOG=str(fifo))
    try:
        done = subprocess.run([binary, "__complete", "compare", "aws/p5"], capture_output=True, text=True,
                              env=catalogs, timeout=20).stdout
    except subprocess.TimeoutExpired:
        done = "timeout"
    checks.check("completion skips a FIFO in GPUSELECT_CATALOG", "aws/p5.48xlarge" in done.split(), done)

    # The time budget of a TAB (3 s, alarm): a completion blocked past it (here writing to a one-page pipe
    # nobody reads, with more than a page of candidates) ends by SIGALRM, printing nothing, instead of
    # hanging the shell. Without the budget it would block until this harness's timeout.
    import fcntl
    many = scratch / "many.yaml"
    example = (source_dir / "docs" / "examples" / "owned.yaml").read_text()
    offering = example[example.index("  - id: our-lab/dgx-a100-80gb"):]
    many.write_text(example + "".join(offering.replace("our-lab/dgx-a100-80gb", f"our-lab/dgx-a100-80gb-node-{i:04d}")
                                      for i in range(200)))
    reader, writer = os.pipe()
    fcntl.fcntl(writer, 1031, 4096)  # F_SETPIPE_SZ: one page
    process = subprocess.Popen([binary, "__complete", "compare", "--catalog", str(many), ""], stdout=writer,
                               stderr=subprocess.PIPE, env=environment(scratch))
    os.close(writer)
    try:
        returncode = process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        returncode = "no end within 30 s"
    os.close(reader)
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    checks.check("a TAB blocked past its 3 s budget ends by SIGALRM, printing nothing on stderr",
                 returncode == -signal.SIGALRM and stderr == "", f"rc {returncode}: {stderr[-300:]}")

    # -q: only errors on stderr, also for catalog update.
    copies = scratch / "copies" / "aws"
    copies.mkdir(parents=True)
    (copies / "vms.csv").write_text((source_dir / "tests/fixtures/skypilot/aws_p5_regions.csv").read_text())
    quiet = subprocess.run([binary, "-q", "catalog", "update", "--from", str(copies.parent), "--as-of", "2026-05-01"],
                           capture_output=True, text=True, env=environment(scratch), timeout=120)
    checks.check("-q silences catalog update", quiet.returncode == 0 and quiet.stderr == "", quiet.stderr)

    # TERM=dumb: no colour on a terminal.
    def on_terminal(**extra):
        leader, follower = pty.openpty()
        process = subprocess.Popen([binary, "recommend", "--workload", "llm-finetune", "--params", "7e9", "--top", "3"],
                                   stdout=follower, stderr=subprocess.DEVNULL, env=environment(scratch, **extra))
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        process.wait(timeout=60)
        os.close(leader)
        return b"".join(chunks).decode(errors="replace")

    checks.check("a terminal gets colour", "\x1b[" in on_terminal(TERM="xterm"))
    checks.check("TERM=dumb gets none", "\x1b[" not in on_terminal(TERM="dumb"))

    # COLUMNS above 1000: honoured, not replaced by a narrow default.
    job = [binary, "recommend", "--workload", "llm-finetune", "--params", "7e9", "--top", "5"]
    wide = subprocess.run(job, capture_output=True, text=True, env=environment(scratch), timeout=60)
    columns = subprocess.run(job, capture_output=True, text=True, env=environment(scratch, COLUMNS="5000"), timeout=60)
    widest = max(len(line) for line in wide.stdout.splitlines())
    # A pipe without COLUMNS is laid out at render::pipe_width_columns (160); COLUMNS=5000 is wider still.
    widest_at_5000 = max(len(line) for line in columns.stdout.splitlines())
    checks.check("COLUMNS=5000 does not narrow the table",
                 widest > 100 and widest_at_5000 >= widest, f"unset: {widest} wide, COLUMNS=5000: {widest_at_5000}")

    # --max-price's ceiling (US$ 10,000 per instance-hour) follows the currency: 20,000 CNY is about
    # US$ 2,800 and is accepted; JPY 5,000,000 (about US$ 33,000) is refused, naming the yen bounds.
    def max_price(price, currency):
        return subprocess.run([binary, "recommend", "--workload", "llm-finetune", "--params", "7e9", "--top", "1",
                               "--currency", currency, "--max-price", price], capture_output=True, text=True,
                              env=environment(scratch), timeout=60)
    cny = max_price("20000", "CNY")
    checks.check("--max-price 20000 in CNY is accepted", cny.returncode == 0, cny.stderr)
    jpy = max_price("5000000", "JPY")
    checks.check("--max-price above US$ 10,000 in JPY is refused in yen",
                 jpy.returncode == 2 and "in this currency" in jpy.stderr, jpy.stderr)

sys.exit(checks.finish())
