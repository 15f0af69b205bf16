"""Renders the HTML report in headless Chromium: it must load with no network, draw something
non-trivial, and its DOM must hold the cost-time chart with the Pareto frontier.

Run: /usr/bin/python3 tests/py/test_html_report.py <gpuselect-binary> [<source-dir>, not read]
Renders the binary's `recommend --format html` (the committed tests/fixtures/render/report-example.html
holds a marker for the page's style sheet, so it is checked byte for byte by the [render] Catch2 tests
and not rendered here).
Prints "skipped" and exits 0 when /usr/bin/chromium is not installed. Exit 1 on failure.
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

from checks import Checks

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars"]
MIN_SCREENSHOT_BYTES = 20_000  # a blank 1280x1600 PNG compresses to a few KB

checks = Checks()


def check(condition, message):
    checks.check(message, condition)


def png_distinct_colours(path, limit=16):
    """Counts distinct pixel values (up to `limit`) of an 8-bit RGB/RGBA PNG, with the stdlib only."""
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return 0
    position, idat, width, height, channels = 8, b"", 0, 0, 0
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type = struct.unpack(">IIBB", body[:10])
            channels = {2: 3, 6: 4}.get(colour_type, 0)
            if depth != 8 or channels == 0:
                return limit  # another layout: do not judge colours
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    colours, previous = set(), bytearray(stride)
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                estimate = left + up - up_left
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - up_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else up_left)
                line[i] = (line[i] + predictor) & 0xFF
        for x in range(0, stride, channels * 8):
            colours.add(bytes(line[x:x + channels]))
            if len(colours) >= limit:
                return len(colours)
        previous = line
    return len(colours)


def report_html(binary, scratch):
    result = subprocess.run([binary, "recommend", "--workload", "llm-finetune", "--params", "7e9",
                             "--format", "html", "--pareto", "--show-excluded", "--budget", "500",
                             "--deadline", "48", "--provider", "aws,lambda,nebius,gcp"],
                            capture_output=True, text=True, timeout=120)
    check(result.returncode == 0, f"recommend --format html exited {result.returncode}: {result.stderr}")
    path = os.path.join(scratch, "report.html")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(result.stdout)
    return path


def main():
    binary = sys.argv[1]
    if not os.path.exists(CHROMIUM):
        print("skipped: /usr/bin/chromium is not installed")
        return 0
    scratch = tempfile.mkdtemp(prefix="gpuselect-html-")
    try:
        report = report_html(binary, scratch)
        with open(report, encoding="utf-8") as handle:
            html = handle.read()
        for external in ("http://", "https://", "<script", "<link", "<img", "url("):
            check(external not in html, f"report refers to something outside itself: {external}")
        url = "file://" + os.path.abspath(report)
        profile = os.path.join(scratch, "profile")
        shot = os.path.join(scratch, "shot.png")
        subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", f"--screenshot={shot}",
                        "--window-size=1280,1600", url], capture_output=True, timeout=120)
        check(os.path.exists(shot), "chromium wrote no screenshot")
        if os.path.exists(shot):
            size = os.path.getsize(shot)
            check(size > MIN_SCREENSHOT_BYTES, f"screenshot is only {size} bytes: the page looks empty")
            check(png_distinct_colours(shot) >= 4, "screenshot is (nearly) one colour")
            keep = os.environ.get("GPUSELECT_KEEP_SCREENSHOT")
            if keep:
                shutil.copyfile(shot, keep)
        dom = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
                             capture_output=True, text=True, timeout=120).stdout
        check("<svg" in dom, "the rendered DOM has no <svg> chart")
        check('class="frontier"' in dom, "the chart has no Pareto frontier path")
        check('class="frontier-point"' in dom, "the chart has no frontier markers")
        check("Wall time" in dom and "Job cost" in dom, "the chart lacks its axis labels")
        # The header states the request: every constraint, the date and the catalog read.
        for fact in ("Constraints", "budget $500", "deadline 2.0 d", "providers aws, lambda, nebius, gcp",
                     "Date", "Catalog", "fnv1a64:", "Prices", "<dt>Command</dt>",
                     "gpuselect recommend --workload llm-finetune --params 7e9 --format html --pareto"):
            check(fact in html, f"the report's header lacks {fact!r}")
        # Narrow cards name each value: the ranking's cells carry their column's header.
        for label in ('data-label="Offering"', 'data-label="Cost"', 'data-label="Score"'):
            check(label in html, f"the ranking's cards lack {label}")
        check('viewBox="' in html and 'class="chart"' in html, "the chart is not a scalable viewBox SVG")
        # Each mark has a legend entry; each dot a title.
        for mark in ("Pareto frontier", "calibrated range", "estimated price"):
            check(mark in html, f"the legend lacks {mark!r}")
        # No horizontal overflow at phone width; the desktop layout at 1400 px holds every column.
        probe = os.path.join(scratch, "probe.html")
        script = ("<script>document.body.setAttribute('data-overflow', String(document.documentElement.scrollWidth"
                  " - document.documentElement.clientWidth));</script></body>")
        with open(probe, "w", encoding="utf-8") as handle:
            handle.write(html.replace("</body>", script))
        for width in (420, 1400):
            probed = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", f"--window-size={width},900",
                                     "--dump-dom", "file://" + probe], capture_output=True, text=True,
                                    timeout=120).stdout
            marker = 'data-overflow="'
            at = probed.find(marker)
            overflow = int(probed[at + len(marker):probed.find('"', at + len(marker))]) if at >= 0 else None
            check(overflow is not None, f"at {width} px the probe did not run")
            check(overflow is not None and overflow <= 0, f"at {width} px the page overflows by {overflow} px")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return checks.finish("ok: the HTML report renders in Chromium with its chart")


if __name__ == "__main__":
    sys.exit(main())
