#!/usr/bin/env python3
"""Fit of a decode matmul efficiency that grows with the tokens of a step (issue 26; docs/estimation.md
"Decode efficiency by tokens per step"), on the serving CALIBRATION rows only:

    build/tests/gpuselect_tests "[.calibrate]" -s | grep ^RAW | python3 scripts/fit_decode_by_tokens.py

Form (Hockney's half-performance length): the decode FLOPs of a step of M tokens (decode + prefill,
one packed forward) run at eta(M) = eta_max * M / (M + M_half) of peak instead of the constant
decode_compute_share. Each RAW line carries a row's step terms at today's constants; a row's step
is rebuilt as max(memory, decode * 0.30 / eta(M) + prefill) + fixed, times the factor (MoE, FP4)
the program applied. Least squares of log(measured / estimated) over the 26 dense rows.
"""
import math
import sys

DECODE_SHARE = 0.30  # model::decode_compute_share
PREFILL_SHARE = 0.50  # model::prefill_compute_share
BANDWIDTH_SHARE = 0.65  # model::decode_bandwidth_share
OVERHEAD_S = 3e-3  # model::step_overhead_s
MOE = ("qwen3-235b-a22b", "llama-4-maverick")

rows = []
for line in sys.stdin:
    f = line.split()
    if not f or f[0] != "RAW":
        continue
    tp, inp, out, batch = map(int, f[4:8])
    meas, step, mem, dec, pre, fixed = map(float, f[8:14])
    row = dict(kind=f[1], model=f[2], batch=batch, meas=meas, mem=mem, dec=dec, pre=pre, fixed=fixed,
               tokens=batch * (1 + inp / out))
    row["factor"] = step / (max(mem, dec + pre) + fixed)
    rows.append(row)


def log_residual(row, m_half, eta_max, bandwidth=BANDWIDTH_SHARE, overhead=OVERHEAD_S):
    if eta_max is None:
        dec = row["dec"]  # today's constant share
    else:
        dec = row["dec"] * DECODE_SHARE / (eta_max * row["tokens"] / (row["tokens"] + m_half))
    mem = row["mem"] * BANDWIDTH_SHARE / bandwidth
    step = (max(mem, dec + row["pre"]) + row["fixed"] - OVERHEAD_S + overhead) * row["factor"]
    return math.log(row["meas"] * step / row["batch"])


def summary(rs, *args):
    x = sorted(math.exp(log_residual(r, *args)) for r in rs)
    n = len(x)
    ss = sum(math.log(v) ** 2 for v in x)
    gm = math.exp(sum(math.log(v) for v in x) / n)
    return f"n={n} sum_sq={ss:.3f} rms={math.sqrt(ss / n):.3f} gm={gm:.3f} p10={x[n // 10]:.2f} p90={x[n * 9 // 10]:.2f} range={x[0]:.2f}-{x[-1]:.2f}"


dense = [r for r in rows if r["kind"] == "cal" and r["model"] not in MOE]
moe = [r for r in rows if r["model"] in MOE]
fp4 = [r for r in rows if r["kind"] == "fp4"]
sum_sq = lambda rs, *args: sum(log_residual(r, *args) ** 2 for r in rs)  # noqa: E731

print("today (constant 0.30): dense", summary(dense, 0, None))
m_half = min(range(0, 2001), key=lambda m: sum_sq(dense, m, PREFILL_SHARE))
print(f"eta_max = prefill share {PREFILL_SHARE}, M_half fitted: {m_half}; dense", summary(dense, m_half, PREFILL_SHARE))
for name, rs in (("MoE", moe), ("FP4", fp4)):
    gm = math.exp(sum(log_residual(r, m_half, PREFILL_SHARE) for r in rs) / len(rs))
    print(f"  {name} rows' geometric mean at it (their factor refits by 1/{gm:.3f}):", summary(rs, m_half, PREFILL_SHARE))
free = min(((m, e / 100) for m in range(0, 1501, 10) for e in range(20, 71)), key=lambda p: sum_sq(dense, *p))
print(f"eta_max free too: M_half {free[0]}, eta_max {free[1]:.2f}; dense", summary(dense, *free))
grid = [(m, b / 100, o / 1000) for m in range(0, 401, 20) for b in range(55, 76) for o in range(0, 16)]
joint = min(grid, key=lambda p: sum_sq(dense, p[0], PREFILL_SHARE, p[1], p[2]))
print(f"with bandwidth share and overhead refitted: M_half {joint[0]}, eta_bw {joint[1]:.2f}, overhead {joint[2] * 1e3:.0f} ms;",
      f"sum_sq {sum_sq(dense, joint[0], PREFILL_SHARE, joint[1], joint[2]):.3f}")
same = min(((b / 100, o / 1000) for b in range(55, 76) for o in range(0, 16)),
           key=lambda p: sum_sq(dense, 0, None, p[0], p[1]))
print(f"  the constant share with the same two refitted: eta_bw {same[0]:.2f}, overhead {same[1] * 1e3:.1f} ms;",
      f"sum_sq {sum_sq(dense, 0, None, same[0], same[1]):.3f}")
