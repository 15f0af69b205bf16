"""The price store of `catalog update` under faults (docs/hardening.md "The price store"): the writer
lock, updates refused by the sanity bounds, what a broken stored file does to later commands,
--rollback, file modes, --cloud spellings, --from pointed too deep, readers racing writers, and hostile
servers on 127.0.0.1 (a feed cut mid-row, credentials in the URL). Never the internet.
Usage: test_price_store.py GPUSELECT_BINARY SOURCE_DIR"""
import csv
import fcntl
import functools
import http.server
import io
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from checks import Checks

binary, source_dir = sys.argv[1], Path(sys.argv[2])
fixtures = source_dir / "tests" / "fixtures" / "skypilot"
checks = Checks()
P5 = fixtures / "aws_p5_regions.csv"  # one offering, aws/p5.48xlarge, in 12 regions


def environment(data_home, **extra):
    env = {k: v for k, v in os.environ.items() if k not in ("GPUSELECT_CATALOG", "GPUSELECT_TODAY", "XDG_DATA_HOME")}
    env.update({"XDG_DATA_HOME": str(data_home), "XDG_CONFIG_HOME": str(data_home / "config"),
                "GPUSELECT_TODAY": "2026-06-01"})
    env.update(extra)
    return env


def run(args, data_home, **extra):
    return subprocess.run([binary, *args], capture_output=True, text=True, env=environment(data_home, **extra),
                          timeout=120)


def aws_rows(edit=None, keep=None):
    """aws_p5_regions.csv as text, each row passed through edit(row) and kept when keep(row)."""
    with open(P5, newline="") as source:
        reader = csv.DictReader(source)
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=reader.fieldnames, lineterminator="\n")
        writer.writeheader()
        for row in reader:
            if keep and not keep(row):
                continue
            writer.writerow(edit(row) if edit else row)
    return out.getvalue()


def copies(folder, text):
    (folder / "aws").mkdir(parents=True, exist_ok=True)
    (folder / "aws" / "vms.csv").write_text(text)
    return folder


def stored_files(data_home):
    store = data_home / "gpuselect"
    return sorted(p.name for p in store.glob("prices-*.yaml")) if store.is_dir() else []


def p5_price(data_home, region="us-east-1", **extra):
    shown = run(["catalog", "show", "aws/p5.48xlarge", "--format", "json"], data_home, **extra)
    if shown.returncode != 0:
        return None
    prices = {e["region"]: e for e in json.loads(shown.stdout)["offering"].get("region_pricing", [])}
    return (prices.get(region) or {}).get("on_demand")


def update(data_home, folder, *more, **extra):
    return run(["catalog", "update", "--from", str(folder), *more], data_home, **extra)


with tempfile.TemporaryDirectory() as scratch:
    scratch = Path(scratch)
    good = copies(scratch / "good", aws_rows())
    good_price = 55.04  # us-east-1 on-demand in aws_p5_regions.csv (its median over zones)

    # --- a first good update: modes, and a later good one keeps the first in previous/ ---
    home = scratch / "home"
    first = update(home, good, "--as-of", "2026-05-01")
    checks.check("first update exits 0", first.returncode == 0, first.stderr)
    store = home / "gpuselect"
    current = store / "prices-2026-05-01.yaml"
    checks.check("stored file is 0600 (it may hold private quotes)",
                 current.is_file() and stat.S_IMODE(current.stat().st_mode) == 0o600,
                 oct(current.stat().st_mode) if current.is_file() else "missing")
    checks.check("store folder is 0700", stat.S_IMODE(store.stat().st_mode) == 0o700, oct(store.stat().st_mode))
    before = p5_price(home)
    second = update(home, good, "--as-of", "2026-05-02")
    checks.check("second update exits 0", second.returncode == 0, second.stderr)
    checks.check("one current file after the second update", stored_files(home) == ["prices-2026-05-02.yaml"],
                 str(stored_files(home)))
    kept = sorted(p.name for p in (store / "previous").glob("*.yaml"))
    checks.check("the first update is kept in previous/", len(kept) == 1 and kept[0].endswith("prices-2026-05-01.yaml"),
                 str(kept))

    # --- the writer lock: a second writer is refused and changes nothing ---
    with open(store / ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        locked = update(home, good, "--as-of", "2026-05-03")
        reader = run(["catalog", "show", "aws/p5.48xlarge"], home)
    checks.check("an update while another writes: exit 1, one error line naming the other writer",
                 locked.returncode == 1 and len(locked.stderr.strip().splitlines()) == 1
                 and "another 'gpuselect catalog update'" in locked.stderr, locked.stderr)
    checks.check("... and the store is unchanged", stored_files(home) == ["prices-2026-05-02.yaml"], str(stored_files(home)))
    checks.check("readers never take the lock", reader.returncode == 0, reader.stderr)

    # --- sanity against the stored update ---
    zero = copies(scratch / "zero", aws_rows(lambda r: {**r, "Price": "0", "SpotPrice": "0"}))
    refused = update(home, zero, "--as-of", "2026-05-04")
    checks.check("an all-zero feed is refused, exit 2", refused.returncode == 2, refused.stderr)
    checks.check("... the store keeps the good prices",
                 stored_files(home) == ["prices-2026-05-02.yaml"] and p5_price(home) == good_price,
                 str(stored_files(home)))
    # 3x: within the importer's own outlier bound (5x outside the catalog's range), beyond the store's 2x.
    threefold = copies(scratch / "threefold", aws_rows(lambda r: {**r, "Price": str(float(r["Price"]) * 3)}))
    moved = update(home, threefold, "--as-of", "2026-05-04")
    checks.check("a median price shift of 3x is refused with a summary and --accept-changes",
                 moved.returncode == 2 and "median on-demand price x3.00" in moved.stderr
                 and "--accept-changes" in moved.stderr, moved.stderr)
    one_region = copies(scratch / "one", aws_rows(keep=lambda r: r["Region"] == "us-east-1"))
    dropped = update(home, one_region, "--as-of", "2026-05-04")
    checks.check("11 of 12 regions gone is refused", dropped.returncode == 2 and "1 of 12 region prices left" in dropped.stderr,
                 dropped.stderr)
    checks.check("... and the drop is reported by count and example",
                 "11 region prices of kept offerings dropped (e.g. aws/p5.48xlarge in ap-northeast-1)" in dropped.stderr,
                 dropped.stderr)
    accepted = update(home, one_region, "--as-of", "2026-05-04", "--accept-changes")
    checks.check("--accept-changes stores it, still reporting the drop",
                 accepted.returncode == 0 and stored_files(home) == ["prices-2026-05-04.yaml"]
                 and "11 region prices of kept offerings dropped" in accepted.stderr, accepted.stderr)

    # --- --rollback ---
    rolled = run(["catalog", "update", "--rollback"], home)
    checks.check("--rollback restores the previous good update",
                 rolled.returncode == 0 and stored_files(home) == ["prices-2026-05-02.yaml"]
                 and p5_price(home, "ap-northeast-1") is not None, rolled.stderr + str(stored_files(home)))
    empty_home = scratch / "empty"
    nothing = run(["catalog", "update", "--rollback"], empty_home)
    checks.check("--rollback with nothing kept: exit 2, says what to do",
                 nothing.returncode == 2 and "catalog update" in nothing.stderr, nothing.stderr)

    # --- a broken stored file stops nothing ---
    broken_home = scratch / "broken"
    update(broken_home, good, "--as-of", "2026-05-01")
    broken = broken_home / "gpuselect" / "prices-2026-05-01.yaml"
    for content in ("offerings:\n  - id: [unclosed\n", "", "\x00\x01garbage"):
        broken.write_text(content)
        ranked = run(["recommend", "--workload", "llm-finetune", "--params", "7e9", "--format", "json"], broken_home)
        document = json.loads(ranked.stdout) if ranked.returncode == 0 else {}
        checks.check(f"recommend goes on over a broken stored file ({content[:12]!r})",
                     ranked.returncode == 0 and document.get("price_update") is None, ranked.stderr)
        checks.check("... with a warning naming the file, --no-price-update, catalog update and --rollback",
                     str(broken) in ranked.stderr and "--no-price-update" in ranked.stderr
                     and "catalog update' again" in ranked.stderr and "--rollback" in ranked.stderr, ranked.stderr)
        quiet = run(["recommend", "--workload", "llm-finetune", "--params", "7e9", "--no-price-update"], broken_home)
        checks.check("--no-price-update: no warning", quiet.returncode == 0 and quiet.stderr == "", quiet.stderr)
    broken.chmod(0)
    if os.geteuid() != 0:
        unreadable = run(["catalog", "show", "aws/p5.48xlarge"], broken_home)
        checks.check("an unreadable stored file is left out with the warning",
                     unreadable.returncode == 0 and "--rollback" in unreadable.stderr, unreadable.stderr)
    broken.chmod(0o600)
    completion = run(["__complete", "compare", "aws/p5"], broken_home)
    checks.check("completion still works over a broken stored file",
                 completion.returncode == 0 and "aws/p5.48xlarge" in completion.stdout.split()
                 and completion.stderr == "", completion.stdout + completion.stderr)
    repaired = update(broken_home, good, "--as-of", "2026-05-02")
    checks.check("an update over a broken stored file succeeds", repaired.returncode == 0, repaired.stderr)

    # --- --cloud spellings, --from one folder too deep ---
    for spelling in ("aws,aws", "AWS", " aws , Aws"):
        cloud_home = scratch / ("cloud" + str(abs(hash(spelling))))
        result = update(cloud_home, good, "--cloud", spelling, "--as-of", "2026-05-01")
        later = run(["catalog", "show", "aws/p5.48xlarge"], cloud_home)
        checks.check(f"--cloud {spelling!r} stores a file every command loads",
                     result.returncode == 0 and later.returncode == 0 and later.stderr == "",
                     result.stderr + later.stderr)
    deep = update(home, good / "aws", "--as-of", "2026-05-09")
    checks.check("--from at a folder with a bare vms.csv is refused, pointing to its parent",
                 deep.returncode == 2 and "bare vms.csv" in deep.stderr and "folder above it" in deep.stderr, deep.stderr)
    checks.check("... and nothing is stored (no provider named after the file)",
                 stored_files(home) == ["prices-2026-05-02.yaml"], str(stored_files(home)))

    # --- XDG_DATA_HOME relative: ignored (XDG Base Directory spec), HOME's folder used ---
    home_dir = scratch / "realhome"
    home_dir.mkdir()
    relative = subprocess.run([binary, "catalog", "update", "--from", str(good), "--as-of", "2026-05-01"],
                              capture_output=True, text=True, cwd=scratch, timeout=120,
                              env={**environment(scratch), "XDG_DATA_HOME": "relative", "HOME": str(home_dir)})
    checks.check("a relative XDG_DATA_HOME is ignored",
                 relative.returncode == 0 and not (scratch / "relative").exists()
                 and (home_dir / ".local/share/gpuselect/prices-2026-05-01.yaml").is_file(), relative.stderr)

    # --- readers racing writers: no reader fails, every one sees a whole file ---
    race_home = scratch / "race"
    update(race_home, good, "--as-of", "2026-05-01")
    failures = []

    def read_loop():
        for _ in range(15):
            shown = run(["catalog", "show", "aws/p5.48xlarge", "--format", "json"], race_home)
            if shown.returncode != 0 or shown.stderr:
                failures.append(shown.stderr)

    readers = [threading.Thread(target=read_loop) for _ in range(2)]
    for thread in readers:
        thread.start()
    for day in range(2, 8):
        done = update(race_home, good, "--as-of", f"2026-05-{day:02d}")
        if done.returncode != 0:
            failures.append("writer: " + done.stderr)
    for thread in readers:
        thread.join()
    checks.check("readers during updates never fail nor warn", not failures, str(failures[:2]))
    checks.check("after the race: one current file and at most 3 kept",
                 stored_files(race_home) == ["prices-2026-05-07.yaml"]
                 and len(list((race_home / "gpuselect" / "previous").glob("*.yaml"))) == 3,
                 str(stored_files(race_home)))

    # --- hostile servers on 127.0.0.1 ---
    class CutHandler(http.server.BaseHTTPRequestHandler):
        """Serves aws vms.csv cut mid-row with no length (the connection closes), or asks for credentials."""
        body = aws_rows().encode()
        seen_auth = []

        def do_GET(self):
            if "/v9/aws/" not in self.path:
                self.send_response(404)
                self.end_headers()
                return
            self.seen_auth.append(self.headers.get("Authorization"))
            if "/cut/" in self.path:
                self.send_response(200)
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(self.body[: len(self.body) - 40])
                self.close_connection = True
                return
            self.send_response(200)
            self.send_header("Content-Length", str(len(self.body)))
            self.end_headers()
            self.wfile.write(self.body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), CutHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"127.0.0.1:{server.server_address[1]}"
    try:
        net_home = scratch / "net"
        update(net_home, good, "--as-of", "2026-05-01")
        cut = run(["catalog", "update", "--url", f"http://{base}/cut", "--cloud", "aws", "--as-of", "2026-05-02",
                   "--retries", "1"], net_home)
        checks.check("a feed cut mid-row is refused and stores nothing",
                     cut.returncode != 0 and stored_files(net_home) == ["prices-2026-05-01.yaml"], cut.stderr)
        secret = run(["catalog", "update", "--url", f"http://alice:s3cr3t-token@{base}/ok", "--cloud", "aws",
                      "--as-of", "2026-05-03"], net_home)
        stored_text = (net_home / "gpuselect" / "prices-2026-05-03.yaml").read_text() if secret.returncode == 0 else ""
        shown = run(["catalog", "show", "aws/p5.48xlarge"], net_home)
        checks.check("credentials in --url are used", secret.returncode == 0 and CutHandler.seen_auth[-1] is not None,
                     secret.stderr)
        checks.check("... and never written nor printed (user:***@)",
                     "s3cr3t" not in stored_text + secret.stderr + shown.stdout + shown.stderr
                     and "alice:***@" in stored_text, secret.stderr + stored_text[:300])
        failing = run(["catalog", "update", "--url", f"http://alice:s3cr3t-token@127.0.0.1:1/x", "--cloud", "aws",
                       "--retries", "1"], net_home)
        checks.check("an error line about such a URL redacts it",
                     failing.returncode != 0 and "s3cr3t" not in failing.stderr and "alice:***@" in failing.stderr,
                     failing.stderr)
        netrc = scratch / "netrc"
        netrc.write_text(f"machine 127.0.0.1 login bob password from-netrc\n")
        netrc.chmod(0o600)
        from_netrc = run(["catalog", "update", "--url", f"http://{base}/ok", "--cloud", "aws", "--as-of", "2026-05-04"],
                         net_home, NETRC=str(netrc))
        checks.check("credentials from a netrc file ($NETRC)",
                     from_netrc.returncode == 0 and (CutHandler.seen_auth[-1] or "").startswith("Basic "),
                     from_netrc.stderr + str(CutHandler.seen_auth[-1:]))
        from_env = run(["catalog", "update", "--url", f"http://{base}/ok", "--cloud", "aws", "--as-of", "2026-05-05"],
                       net_home, GPUSELECT_UPDATE_CREDENTIALS="carol:from-env")
        checks.check("credentials from GPUSELECT_UPDATE_CREDENTIALS",
                     from_env.returncode == 0 and CutHandler.seen_auth[-1] == "Basic Y2Fyb2w6ZnJvbS1lbnY=",
                     from_env.stderr + str(CutHandler.seen_auth[-1:]))
    finally:
        server.shutdown()

sys.exit(checks.finish())
