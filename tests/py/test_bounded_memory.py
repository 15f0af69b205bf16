"""Memory that stays bounded however large the input (docs/hardening.md "Bounded work"): the SkyPilot
import streams its CSV row by row (`catalog import skypilot` from a file or a pipe, `catalog update
--from`), a download goes to an unnamed file on disk rather than memory and stops at max_csv_bytes (a
server that never ends), and standard input stops at max_stream_bytes (`yes |`). Peak memory is
compared as a ratio between an input and one 10x its size, never as a time; every run is bounded by
a timeout in this harness. Servers are on 127.0.0.1, never the internet.
Usage: test_bounded_memory.py GPUSELECT_BINARY SOURCE_DIR"""
import http.server
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from checks import Checks

binary, source_dir = sys.argv[1], Path(sys.argv[2])
checks = Checks()
figures = []  # printed when every check passed: the peaks docs/hardening.md quotes
# Under AddressSanitizer (scripts/sanitize.sh exports ASAN_OPTIONS) the allocator keeps freed blocks in
# its quarantine (256 MB by default) and pads each with redzones, so a run that allocates more in
# total peaks a few MiB higher though it holds no more: there the 1.3x ratio is checked, and the
# absolute "+8 MiB" bound, a property of the release allocator, is not (a sanitizer run measured
# +8.2 MiB on `catalog update --from`, 2026-12-07).
SLACK_KIB = 8 * 1024 if "ASAN_OPTIONS" not in os.environ else float("inf")
MAX_CSV_BYTES = 128 << 20     # max_csv_bytes (src/cli/catalog_update.hpp)
MAX_STREAM_BYTES = 16 << 20   # max_stream_bytes (src/cli/catalog_sources.cpp)
HEADER = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,SpotPrice,Region,AvailabilityZone\n"
GPU_ROW = "p5.48xlarge,H100,8,192,2048,98.32,40.1,us-east-1,us-east-1a\n"
CPU_ROW = "m5.large,,,2,8,0.096,0.04,us-east-1,us-east-1a\n"  # no accelerator: read and skipped, as most AWS rows


def vms_csv(cpu_rows):
    """A vms.csv of one GPU type and `cpu_rows` CPU rows (about 47 bytes each)."""
    return HEADER + GPU_ROW + CPU_ROW * cpu_rows


def environment(scratch, **extra):
    env = {k: v for k, v in os.environ.items() if k not in ("GPUSELECT_CATALOG",)}
    env.update({"XDG_DATA_HOME": str(scratch / "data"), "XDG_CONFIG_HOME": str(scratch / "config"),
                "GPUSELECT_TODAY": "2026-06-01"})
    env.update(extra)
    return env


# Runs the command in a fresh Python child so that RUSAGE_CHILDREN's peak is this command's alone.
MEASURE = ("import resource, subprocess, sys\n"
           "stdin = open(sys.argv[1], 'rb') if sys.argv[1] != '-' else None\n"
           "done = subprocess.run(sys.argv[2:], stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
           "sys.stderr.write(done.stderr.decode(errors='replace'))\n"
           "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")


def peak(args, env, stdin_path="-"):
    """(exit status, peak resident KiB, stderr) of the binary run with args."""
    done = subprocess.run([sys.executable, "-c", MEASURE, str(stdin_path), binary, *args], capture_output=True,
                          text=True, env=env, timeout=120)
    status, kib = done.stdout.split()
    return int(status), int(kib), done.stderr


with tempfile.TemporaryDirectory() as scratch:
    scratch = Path(scratch)
    env = environment(scratch)
    small_rows, large_rows = 100_000, 1_000_000  # 4.7 MB (SkyPilot's largest vms.csv is about 5 MB) and 47 MB
    small, large = scratch / "small.csv", scratch / "large.csv"
    small.write_text(vms_csv(small_rows))
    large.write_text(vms_csv(large_rows))
    grown = large.stat().st_size / 2**20 - small.stat().st_size / 2**20

    # --- the import streams: 10x the rows, about the same peak memory ---
    def import_peaks(label, args_for, stdin_for=lambda path: "-"):
        runs = [peak(args_for(path), env, stdin_for(path)) for path in (small, large)]
        ok = all(status == 0 for status, _, _ in runs)
        (_, small_kib, _), (_, large_kib, _) = runs
        checks.check(f"{label}: both imports succeed", ok, runs[0][2][-300:] + runs[1][2][-300:])
        figures.append(f"{label}: peak {small_kib} KiB at 4.7 MB, {large_kib} KiB at 47 MB")
        # Holding the CSV would add its 42 MiB of growth; streaming adds at most one chunk and a record.
        checks.check(f"{label}: peak memory at 10x the input stays within 1.3x (and +{grown:.0f} MiB of input adds "
                     f"under 8 MiB)", large_kib <= 1.3 * small_kib and large_kib - small_kib < SLACK_KIB,
                     f"{small_kib} KiB -> {large_kib} KiB")

    import_peaks("catalog import skypilot FILE",
                 lambda path: ["catalog", "import", "skypilot", str(path), "--provider", "aws", "-o", os.devnull])
    import_peaks("catalog import skypilot from a pipe",
                 lambda path: ["catalog", "import", "skypilot", "/dev/stdin", "--provider", "aws", "-o", os.devnull],
                 stdin_for=lambda path: path)

    def update_from(path):
        folder = scratch / ("from-" + path.stem)
        (folder / "aws").mkdir(parents=True, exist_ok=True)
        target = folder / "aws" / "vms.csv"
        if not target.exists():
            target.symlink_to(path)
        return ["catalog", "update", "--from", str(folder), "--as-of", "2026-05-01", "--accept-changes"]

    import_peaks("catalog update --from", update_from)

    # --- downloads: the body goes to disk; a response that never ends stops at max_csv_bytes ---
    bodies = {"/small/v9/aws/vms.csv": small.read_bytes(), "/large/v9/aws/vms.csv": large.read_bytes()}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path.startswith("/endless/"):
                self.send_response(200)
                self.end_headers()
                chunk = (CPU_ROW * 20000).encode()
                try:
                    while True:  # never ends: only the client's limit stops it
                        self.wfile.write(chunk)
                except (BrokenPipeError, ConnectionResetError):
                    return
            if self.path.startswith("/announced/"):  # 600 MB announced; a client that reads it gets bytes
                self.send_response(200)
                self.send_header("Content-Length", str(600_000_000))
                self.end_headers()
                chunk = (CPU_ROW * 20000).encode()
                try:
                    for _ in range(600_000_000 // len(chunk)):
                        self.wfile.write(chunk)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                return
            body = bodies.get(self.path)
            if body is None:
                self.send_response(404)
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        def download(name):
            return ["catalog", "update", "--url", f"{base}/{name}", "--cloud", "aws", "--as-of", "2026-05-01",
                    "--accept-changes", "--retries", "1"]
        runs = [peak(download(name), env) for name in ("small", "large")]
        checks.check("download: both updates succeed", all(status == 0 for status, _, _ in runs),
                     runs[0][2][-300:] + runs[1][2][-300:])
        (_, small_kib, _), (_, large_kib, _) = runs
        figures.append(f"download: peak {small_kib} KiB at 4.7 MB, {large_kib} KiB at 47 MB")
        checks.check("download: peak memory at 10x the body stays within 1.3x",
                     large_kib <= 1.3 * small_kib and large_kib - small_kib < SLACK_KIB,
                     f"{small_kib} KiB -> {large_kib} KiB")
        before = sorted(p.name for p in (scratch / "data" / "gpuselect").iterdir())
        status, endless_kib, stderr = peak(download("endless"), env)
        lines = stderr.strip().splitlines()
        figures.append(f"a response that never ends: peak {endless_kib} KiB")
        checks.check("a response that never ends is refused at max_csv_bytes: exit 2, one error line",
                     status == 2 and len(lines) == 1 and lines[0].startswith("gpuselect: error: ")
                     and f"above the limit of {MAX_CSV_BYTES} bytes" in lines[0], stderr[-500:])
        checks.check(f"... holding no more memory than a 47 MB download did ({MAX_CSV_BYTES >> 20} MiB were received)",
                     endless_kib <= 1.3 * small_kib, f"{endless_kib} KiB against {small_kib} KiB")
        status, announced_kib, stderr = peak(download("announced"), env)
        lines = stderr.strip().splitlines()
        checks.check("a response that announces 600 MB is refused before its body: exit 2, one error line",
                     status == 2 and len(lines) == 1 and "announces a length above the limit of "
                     f"{MAX_CSV_BYTES} bytes; nothing was read" in lines[0], stderr[-500:])
        after = sorted(p.name for p in (scratch / "data" / "gpuselect").iterdir())
        checks.check("... and leaves no file behind (the body was an unnamed file)", before == after,
                     f"{before} -> {after}")
    finally:
        server.shutdown()

    # --- standard input that never ends stops at max_stream_bytes ---
    for named in ("-", "/dev/stdin"):
        for args in (["--catalog", named, "catalog", "list"], ["catalog", "validate", named]):
            producer = subprocess.Popen(["yes"], stdout=subprocess.PIPE)
            try:
                done = subprocess.run([binary, *args], stdin=producer.stdout, capture_output=True, text=True,
                                      env=env, timeout=60)
                status, stderr = done.returncode, done.stderr
            except subprocess.TimeoutExpired:
                status, stderr = "timeout", ""
            finally:
                producer.kill()
                producer.wait()
            lines = stderr.strip().splitlines()
            checks.check(f"endless stdin as {named} ({args[-2] if args[0] == 'catalog' else args[2]}): exit 2, one line "
                         "naming max_stream_bytes", status == 2 and len(lines) == 1
                         and f"above the limit of {MAX_STREAM_BYTES} bytes (max_stream_bytes)" in lines[0],
                         f"rc {status}: {stderr[-300:]}")
    # A config file on an endless stdin stops at its own limit (1 MiB), saying what a config file is.
    producer = subprocess.Popen(["yes"], stdout=subprocess.PIPE)
    try:
        done = subprocess.run([binary, "--config", "-", "catalog", "list"], stdin=producer.stdout, capture_output=True,
                              text=True, env=env, timeout=60)
    finally:
        producer.kill()
        producer.wait()
    checks.check("endless stdin as --config -: exit 2, one line, a config file's hint (not a catalog's)",
                 done.returncode == 2 and done.stderr.count("\n") == 1 and "above the limit of 1048576 bytes" in done.stderr
                 and "config file" in done.stderr and "split the catalog" not in done.stderr, done.stderr)
    # A catalog piped in below the limit is read as a file is.
    overlay = "schema_version: 1\n"
    piped = subprocess.run([binary, "--catalog", "-", "catalog", "show", "aws/p5.48xlarge"], input=overlay,
                           capture_output=True, text=True, env=env, timeout=60)
    checks.check("a catalog on standard input (-) loads", piped.returncode == 0, piped.stderr)

sys.exit(checks.finish("\n".join(figures)))
