"""The price store under faults (docs/hardening.md "The price store", "Guarantees"): `catalog update`
killed with SIGKILL at points through an update (during a slow download from 127.0.0.1, and through
the import, the write, the check and the switch of a local update), and a full disk (a file size
limit, RLIMIT_FSIZE, which makes writes fail with EFBIG as a full disk fails them with ENOSPC; and,
where this user may mount one, a real full tmpfs). After each fault the store is the old state or the
new one, whole: every command loads it without a warning, the one-line error contract holds, and the
next update and --rollback work. Kill points are spread over one measured update's duration; nothing
asserts a time. Usage: test_store_faults.py GPUSELECT_BINARY SOURCE_DIR"""
import http.server
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from checks import Checks

binary, source_dir = sys.argv[1], Path(sys.argv[2])
checks = Checks()
P5 = (source_dir / "tests" / "fixtures" / "skypilot" / "aws_p5_regions.csv").read_text()
CPU_ROW = "m5.large,,,2,8,,0.096,0.04,us-east-1,use1-az1,x86_64,,,,\n"  # read and skipped: makes the import take longer


def environment(data_home):
    env = {k: v for k, v in os.environ.items() if k not in ("GPUSELECT_CATALOG", "GPUSELECT_TODAY", "XDG_DATA_HOME")}
    env.update({"XDG_DATA_HOME": str(data_home), "XDG_CONFIG_HOME": str(data_home / "config"),
                "GPUSELECT_TODAY": "2026-06-01"})
    return env


def run(args, data_home, preexec=None):
    return subprocess.run([binary, *args], capture_output=True, text=True, env=environment(data_home), timeout=120,
                          preexec_fn=preexec)


def copies(folder, text):
    (folder / "aws").mkdir(parents=True, exist_ok=True)
    (folder / "aws" / "vms.csv").write_text(text)
    return folder


def store_state(data_home):
    """(current file name, its as_of as every command reads it, problems): the state a reader sees."""
    store = data_home / "gpuselect"
    names = sorted(p.name for p in store.glob("prices-*.yaml"))
    shown = run(["catalog", "show", "aws/p5.48xlarge", "--format", "json"], data_home)
    problems = []
    if shown.returncode != 0 or shown.stderr:
        problems.append(f"catalog show: exit {shown.returncode}: {shown.stderr.strip()[:300]}")
        return (names[-1] if names else None), None, problems
    offering = json.loads(shown.stdout)["offering"]
    leftovers = [p.name for p in store.iterdir()
                 if p.name not in (".lock", "previous", "config") and not p.name.startswith("prices-")
                 and not (p.name.startswith(".prices-") and ".tmp-" in p.name)]
    if leftovers:
        problems.append(f"unexpected files {leftovers}")
    return (names[-1] if names else None), offering.get("as_of"), problems


def one_line_error(result, exit_code):
    """The error contract: the exit code, one error line and it is the last (the import's summary and
    warnings may come before it), nothing on stdout."""
    lines = result.stderr.strip().splitlines()
    errors = [line for line in lines if line.startswith("gpuselect: error: ")]
    return result.returncode == exit_code and len(errors) == 1 and lines[-1] == errors[0] and result.stdout == ""


with tempfile.TemporaryDirectory() as scratch:
    scratch = Path(scratch)
    good = copies(scratch / "good", P5)
    # The same offering with 150,000 CPU rows: the update takes long enough to be killed part way.
    header, _, rows = P5.partition("\n")
    slow = copies(scratch / "slow", header + "\n" + rows + CPU_ROW * 150_000)

    # --- SIGKILL at points through a local update: old or new, whole; the next update works ---
    home = scratch / "killed"
    first = run(["catalog", "update", "--from", str(good), "--as-of", "2026-05-01"], home)
    checks.check("the first update stores", first.returncode == 0, first.stderr)
    started = time.monotonic()
    timed = run(["catalog", "update", "--from", str(slow), "--as-of", "2026-05-02"], home)
    duration = time.monotonic() - started
    checks.check("an uninterrupted slow update stores", timed.returncode == 0, timed.stderr)
    rollback = run(["catalog", "update", "--rollback"], home)
    checks.check("... and rolls back", rollback.returncode == 0, rollback.stderr)
    states = set()
    points = 12
    for index in range(points):
        delay = duration * (index + 0.5) / points
        process = subprocess.Popen([binary, "catalog", "update", "--from", str(slow), "--as-of", "2026-05-02"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment(home))
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait()
        name, as_of, problems = store_state(home)
        states.add(name)
        checks.check(f"killed at {index + 1}/{points} of an update: the store is the old or the new state, whole",
                     name in ("prices-2026-05-01.yaml", "prices-2026-05-02.yaml") and not problems
                     and as_of == name[len("prices-"):len("prices-") + 10], f"{name}, as_of {as_of}, {problems}")
        if name == "prices-2026-05-02.yaml":  # the kill came after the switch: roll back for the next point
            back = run(["catalog", "update", "--rollback"], home)
            checks.check("... --rollback after it works", back.returncode == 0, back.stderr)
    checks.check("the kill points covered the update (the old state seen)", "prices-2026-05-01.yaml" in states,
                 str(states))
    after = run(["catalog", "update", "--from", str(good), "--as-of", "2026-05-03"], home)
    leftovers = [p.name for p in (home / "gpuselect").iterdir() if ".tmp-" in p.name]
    checks.check("after the kills, the next update stores and removes every leftover temporary",
                 after.returncode == 0 and store_state(home)[0] == "prices-2026-05-03.yaml" and not leftovers,
                 after.stderr + str(leftovers))
    back = run(["catalog", "update", "--rollback"], home)
    checks.check("... and --rollback restores the update before it", back.returncode == 0
                 and store_state(home)[0] in ("prices-2026-05-01.yaml", "prices-2026-05-02.yaml"), back.stderr)

    # --- two updates at once, different dates, ten times: one stores, the other is refused whole ---
    racing = scratch / "racing"
    run(["catalog", "update", "--from", str(good), "--as-of", "2026-05-01"], racing)
    for round_index in range(10):
        dates = [f"2026-06-{2 * round_index + 1:02d}", f"2026-06-{2 * round_index + 2:02d}"]
        both = [subprocess.Popen([binary, "catalog", "update", "--from", str(good), "--as-of", date],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment(racing))
                for date in dates]
        outcomes = [(process.wait(timeout=120), process.stderr.read()) for process in both]
        for process in both:
            process.stdout.close()
            process.stderr.close()
        name, as_of, problems = store_state(racing)
        stored = [date for date, (status, _) in zip(dates, outcomes) if status == 0]
        refused_ok = all(status == 0 or (status == 1 and "another 'gpuselect catalog update'" in err)
                         for status, err in outcomes)
        checks.check(f"two updates at once (round {round_index + 1}): each stores or is refused by the lock; "
                     "one current file, whole, of an update that stored",
                     refused_ok and stored and not problems and name is not None
                     and name[len("prices-"):len("prices-") + 10] in stored
                     and len(list((racing / "gpuselect").glob("prices-*.yaml"))) == 1,
                     f"{outcomes} {name} {problems}")

    # --- SIGKILL during a slow download: the store is untouched, nothing is left behind ---
    class Drip(http.server.BaseHTTPRequestHandler):
        """Sends aws vms.csv 200 bytes every 20 ms (about 1 s in all)."""
        def do_GET(self):
            if self.path.startswith("/forever/") and "/v9/aws/" in self.path:  # one byte a second, never done
                self.send_response(200)
                self.send_header("Content-Length", "100000000")
                self.end_headers()
                try:
                    while True:
                        self.wfile.write(b"x")
                        self.wfile.flush()
                        time.sleep(1)
                except (BrokenPipeError, ConnectionResetError):
                    return
            if "/v9/aws/" not in self.path:
                self.send_response(404)
                self.end_headers()
                return
            body = P5.encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                for start in range(0, len(body), 200):
                    self.wfile.write(body[start:start + 200])
                    self.wfile.flush()
                    time.sleep(0.02)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Drip)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        net = scratch / "net"
        run(["catalog", "update", "--from", str(good), "--as-of", "2026-05-01"], net)
        before = sorted(p.name for p in (net / "gpuselect").iterdir())
        for delay in (0.1, 0.3, 0.6):
            process = subprocess.Popen([binary, "catalog", "update", "--url", url, "--cloud", "aws", "--as-of",
                                        "2026-05-02"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                       env=environment(net))
            time.sleep(delay)
            process.send_signal(signal.SIGKILL)
            process.wait()
            name, as_of, problems = store_state(net)
            now = sorted(p.name for p in (net / "gpuselect").iterdir())
            checks.check(f"killed {delay} s into a download: the store is unchanged and no file is left",
                         name == "prices-2026-05-01.yaml" and not problems and now == before,
                         f"{name} {problems} {before} -> {now}")
        # A slow-drip server: --timeout covers every attempt together, so the first attempt spends it all
        # and no retry follows (before, each of the 3 attempts had the whole timeout).
        dripped = run(["catalog", "update", "--url", url + "/forever", "--cloud", "aws", "--timeout", "2",
                       "--retries", "3"], net)
        checks.check("a slow-drip server: one total timeout, no retry after it ('after 1 attempt within 2 s'), "
                     "exit 1, one line, the store unchanged",
                     one_line_error(dripped, 1) and "after 1 attempt within 2 s" in dripped.stderr
                     and store_state(net)[0] == "prices-2026-05-01.yaml", dripped.stderr)
        fetched = run(["catalog", "update", "--url", url, "--cloud", "aws", "--as-of", "2026-05-02"], net)
        checks.check("... and the next download stores", fetched.returncode == 0
                     and store_state(net)[0] == "prices-2026-05-02.yaml", fetched.stderr)

        # --- a full disk: a file size limit (EFBIG) on the stored file and on the download ---
        def file_limit(size_bytes):
            def limit():
                signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # write() fails with EFBIG instead of a signal
                resource.setrlimit(resource.RLIMIT_FSIZE, (size_bytes, size_bytes))
            return limit

        full = scratch / "full"
        run(["catalog", "update", "--from", str(good), "--as-of", "2026-05-01"], full)
        stored = (full / "gpuselect" / "prices-2026-05-01.yaml").read_bytes()
        for label, args in (("writing the new file", ["--from", str(good)]),
                            ("writing a download", ["--url", url, "--cloud", "aws"])):
            refused = run(["catalog", "update", *args, "--as-of", "2026-05-02"], full, preexec=file_limit(1000))
            name, _, problems = store_state(full)
            leftovers = [p.name for p in (full / "gpuselect").iterdir() if ".tmp-" in p.name]
            checks.check(f"a full disk {label}: exit 1, one error line saying to check free space",
                         one_line_error(refused, 1) and "free space" in refused.stderr, refused.stderr)
            checks.check(f"... the store stays at the old state, byte for byte, no temporary left",
                         name == "prices-2026-05-01.yaml" and not problems and not leftovers
                         and (full / "gpuselect" / name).read_bytes() == stored, f"{name} {problems} {leftovers}")
        again = run(["catalog", "update", "--from", str(good), "--as-of", "2026-05-02"], full)
        checks.check("... and the update works once there is space", again.returncode == 0, again.stderr)
    finally:
        server.shutdown()

    # --- a real full disk: a 512 KiB tmpfs, where this user may mount one (root) ---
    disk = scratch / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(disk)],
                             capture_output=True).returncode == 0 if os.geteuid() == 0 else False
    if not mounted:
        checks.skip("a full tmpfs (mounting one needs root); the file size limit above stands for it")
    else:
        try:
            run(["catalog", "update", "--from", str(good), "--as-of", "2026-05-01"], disk)
            stored = (disk / "gpuselect" / "prices-2026-05-01.yaml").read_bytes()
            with open(disk / "filler", "wb", buffering=0) as filler:  # fill every free block
                try:
                    while True:
                        filler.write(b"\0" * 4096)
                except OSError:
                    pass
            refused = run(["catalog", "update", "--from", str(good), "--as-of", "2026-05-02"], disk)
            name, _, problems = store_state(disk)
            checks.check("a full tmpfs (ENOSPC): exit 1, one error line saying to check free space",
                         one_line_error(refused, 1) and "No space left" in refused.stderr, refused.stderr)
            checks.check("... the store stays at the old state, byte for byte",
                         name == "prices-2026-05-01.yaml" and not problems
                         and (disk / "gpuselect" / name).read_bytes() == stored, f"{name} {problems}")
            (disk / "filler").unlink()
            again = run(["catalog", "update", "--from", str(good), "--as-of", "2026-05-02"], disk)
            checks.check("... and the update works once there is space", again.returncode == 0, again.stderr)
        finally:
            subprocess.run(["umount", str(disk)], capture_output=True)

sys.exit(checks.finish())
