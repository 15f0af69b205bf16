#!/usr/bin/env python3
"""First round (issue 26), kept as the record of what was tried: it reads RAW lines printed at the
constant decode share (before 686452b); scripts/fit_decode_width_tokens.py is the current fit.

Fit of a decode matmul efficiency that grows with the tokens of a step (issue 26; docs/estimation.md
"Decode efficiency by tokens per step"), on the serving CALIBRATION rows only:

    build/tests/gpuselect_tests "[.calibrate]" -s | grep ^RAW | python3 scripts/fit_decode_by_tokens.py

Form (Hockney's half-performance length): the decode FLOPs of a step of M tokens (decode + prefill,
one packed forward) run at eta(M) = eta_max * M / (M + M_half) of peak instead of the constant
decode_compute_share. Each RAW line carries a row's step terms at today's constants; a row's step
is rebuilt as max(memory, decode * 0.30 / eta(M) + prefill) + fixed, times the factor (MoE, FP4)
the program applied. Least squares of log(measured / estimated) over the dense rows: the 26
TensorRT-LLM rows ("cal") and the 4 MLPerf Llama 2 70B Offline rows ("mlperf", pre-registered
before this fit; tests/test_serving.cpp mlperf_calibration_rows).
"""
import math
import sys

from serving_raw import read_rows

DECODE_SHARE = 0.30  # model::decode_compute_share
PREFILL_SHARE = 0.50  # model::prefill_compute_share
BANDWIDTH_SHARE = 0.65  # model::decode_bandwidth_share
OVERHEAD_S = 3e-3  # model::step_overhead_s
MOE = ("qwen3-235b-a22b", "llama-4-maverick")

rows = read_rows(sys.stdin)


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


dense = [r for r in rows if r["kind"] in ("cal", "mlperf") and r["model"] not in MOE]
trtllm = [r for r in dense if r["kind"] == "cal"]
mlperf = [r for r in dense if r["kind"] == "mlperf"]
moe = [r for r in rows if r["model"] in MOE]
fp4 = [r for r in rows if r["kind"] == "fp4"]
sum_sq = lambda rs, *args: sum(log_residual(r, *args) ** 2 for r in rs)  # noqa: E731

print("today (constant 0.30): dense", summary(dense, 0, None))
print("  TensorRT-LLM rows", summary(trtllm, 0, None), "| MLPerf rows", summary(mlperf, 0, None))
for r in mlperf:
    print(f"  mlperf {r['model']} batch {r['batch']} tokens/step {r['tokens']:.0f} ratio {math.exp(log_residual(r, 0, None)):.3f}")
# The constant share refitted on the same rows (M_half = 0 makes eta(M) = eta_max for every M).
const = min((e / 1000 for e in range(200, 701)), key=lambda e: sum_sq(dense, 0, e))
print(f"constant share refitted: {const:.3f}; dense", summary(dense, 0, const))
m_half = min(range(0, 2001), key=lambda m: sum_sq(dense, m, PREFILL_SHARE))
print(f"eta_max = prefill share {PREFILL_SHARE}, M_half fitted: {m_half}; dense", summary(dense, m_half, PREFILL_SHARE))
print("  TensorRT-LLM rows", summary(trtllm, m_half, PREFILL_SHARE), "| MLPerf rows", summary(mlperf, m_half, PREFILL_SHARE))
for r in dense:
    print(f"  {r['kind']:6s} {r['model']:15s} batch {r['batch']:5d} tokens/step {r['tokens']:7.0f} ratio today {math.exp(log_residual(r, 0, None)):.3f} -> {math.exp(log_residual(r, m_half, PREFILL_SHARE)):.3f}")
for name, rs in (("MoE", moe), ("FP4", fp4)):
    gm = math.exp(sum(log_residual(r, m_half, PREFILL_SHARE) for r in rs) / len(rs))
    print(f"  {name} rows' geometric mean at it (their factor refits by 1/{gm:.3f}):", summary(rs, m_half, PREFILL_SHARE))
free = min(((m, e / 100) for m in range(0, 1501, 10) for e in range(20, 71)), key=lambda p: sum_sq(dense, *p))
print(f"eta_max free too: M_half {free[0]}, eta_max {free[1]:.2f}; dense", summary(dense, *free))
print("  TensorRT-LLM rows", summary(trtllm, *free), "| MLPerf rows", summary(mlperf, *free))
grid = [(m, b / 100, o / 1000) for m in range(0, 401, 20) for b in range(55, 76) for o in range(0, 16)]
joint = min(grid, key=lambda p: sum_sq(dense, p[0], PREFILL_SHARE, p[1], p[2]))
print(f"with bandwidth share and overhead refitted: M_half {joint[0]}, eta_bw {joint[1]:.2f}, overhead {joint[2] * 1e3:.0f} ms;",
      f"sum_sq {sum_sq(dense, joint[0], PREFILL_SHARE, joint[1], joint[2]):.3f}")
same = min(((b / 100, o / 1000) for b in range(55, 76) for o in range(0, 16)),
           key=lambda p: sum_sq(dense, 0, None, p[0], p[1]))
print(f"  the constant share with the same two refitted: eta_bw {same[0]:.2f}, overhead {same[1] * 1e3:.1f} ms;",
      f"sum_sq {sum_sq(dense, 0, None, same[0], same[1]):.3f}")

# A decode share that grows with the weights of one layer on one GPU (the decode GEMMs' N x K: more
# output tiles to fill the SMs, longer K loops), tried after the form above lost on these rows:
# eta = eta_ref x (clamp(w, w_lo, w_hi) / w_ref)^k, w = active parameters / layers / tensor-parallel
# GPUs, clamped to the dense calibration rows' span (Llama 3.1 8B on one GPU, 251M, to 70B on one
# GPU, 882M); w_ref = 70B on two GPUs (441M). MoE rows keep the constant share their factor was
# fitted with (the term is fitted on dense GEMMs). The "total weights per GPU" variant is printed too.
PARAMS = {"llama-3.1-8b": (8.03e9, 32), "llama-3.1-70b": (70.55e9, 80), "llama-3.1-405b": (405.85e9, 126),
          "llama-2-70b": (68.98e9, 80)}  # parameters, layers (data/models.yaml)


def width_residual(row, k, eta_ref, per_layer=True):
    params, layers = PARAMS[row["model"]]
    if per_layer:
        w = min(max(params / layers / row["tp"], W_LO), W_HI) / W_REF
    else:
        w = min(max(params / row["tp"], 8e9), 71e9) / 35e9
    dec = row["dec"] * DECODE_SHARE / (eta_ref * w ** k)
    return math.log(row["meas"] * (max(row["mem"], dec + row["pre"]) + row["fixed"]) * row["factor"] / row["batch"])


W_REF = PARAMS["llama-3.1-70b"][0] / 80 / 2
W_LO = PARAMS["llama-3.1-8b"][0] / 32
W_HI = PARAMS["llama-3.1-70b"][0] / 80
GRID = [(k / 100, e / 1000) for k in range(-30, 61) for e in range(200, 601, 2)]
for per_layer in (False, True):
    width = min(GRID, key=lambda p: sum(width_residual(r, *p, per_layer) ** 2 for r in dense))
    xs = sorted(math.exp(width_residual(r, *width, per_layer)) for r in dense)
    n = len(xs)
    print(f"decode share by {'weights of a layer' if per_layer else 'weights'} per GPU: k {width[0]:.2f}, eta at the",
          f"reference {width[1]:.3f}; dense n={n} sum_sq={sum(math.log(v) ** 2 for v in xs):.3f}",
          f"gm={math.exp(sum(math.log(v) for v in xs) / n):.3f} p10={xs[n // 10]:.2f} p90={xs[n * 9 // 10]:.2f}",
          f"range={xs[0]:.2f}-{xs[-1]:.2f}")
    tr = [r for r in dense if r["kind"] == "cal"]
    w26 = min(GRID, key=lambda p: sum(width_residual(r, *p, per_layer) ** 2 for r in tr))
    print(f"  on the 26 TensorRT-LLM rows alone: k {w26[0]:.2f}, eta {w26[1]:.3f}, sum_sq",
          f"{sum(width_residual(r, *w26, per_layer) ** 2 for r in tr):.3f} (today's constant: {sum_sq(tr, 0, None):.3f})")
for r in dense:
    params, layers = PARAMS[r["model"]]
    print(f"  {r['kind']:6s} {r['model']:15s} tp{r['tp']} {params / layers / r['tp'] / 1e6:4.0f}M/layer/GPU ratio today",
          f"{math.exp(log_residual(r, 0, None)):.3f} -> {math.exp(width_residual(r, *width)):.3f}")
fp4_gm = math.exp(sum(width_residual(r, *width) for r in fp4) / len(fp4))
xs = sorted(math.exp(width_residual(r, *width)) / fp4_gm for r in fp4)
print(f"  FP4 rows (dense 70B on one B200) at it: geometric mean {fp4_gm:.3f} (fp4_step_factor refits by",
      f"1/{fp4_gm:.3f}); after: range={xs[0]:.2f}-{xs[-1]:.2f}")

# Leave-one-out: each dense row predicted by the width form fitted on the other rows (its residual as
# a new row's would be); their 10th-90th percentiles are the serving band's (docs/estimation.md
# "Serving error bands").
loo = []
for i, held in enumerate(dense):
    rest = dense[:i] + dense[i + 1:]
    fit = min(GRID, key=lambda p: sum(width_residual(r, *p) ** 2 for r in rest))
    loo.append(math.exp(width_residual(held, *fit)))
xs = sorted(loo)
n = len(xs)
print(f"leave-one-out (width form): n={n} p10={xs[n // 10]:.3f} p90={xs[n * 9 // 10]:.3f} range={xs[0]:.2f}-{xs[-1]:.2f}",
      f"rms={math.sqrt(sum(math.log(v) ** 2 for v in xs) / n):.3f}")
xs = sorted(math.exp(width_residual(r, *width)) for r in dense)
print(f"in-sample (width form): p10={xs[n // 10]:.3f} p90={xs[n * 9 // 10]:.3f}")
pre = [r for r in dense if r["pre"] > 0 and r["kind"] == "cal" and r["tokens"] / r["batch"] >= 5]
xs = sorted(math.exp(width_residual(r, *width)) for r in pre)
print(f"prefill-dominated rows (input/output >= 4), n={len(xs)}: range {xs[0]:.3f}-{xs[-1]:.3f} (TTFT band = inverse)")
# The 80% prediction interval for a new row from the leave-one-out residuals (log mean +- t(0.90,
# n - 1) x standard deviation x sqrt(1 + 1/n); docs/estimation.md "Serving error bands").
logs = [math.log(v) for v in loo]
mean = sum(logs) / n
sd = math.sqrt(sum((v - mean) ** 2 for v in logs) / (n - 1))
T90 = {29: 1.311}  # Student's t, 0.90 quantile, 29 degrees of freedom
half = T90[n - 1] * sd * math.sqrt(1 + 1 / n)
print(f"80% prediction interval from the leave-one-out residuals: log mean {mean:.4f}, sd {sd:.4f}:",
      f"{math.exp(mean - half):.3f}-{math.exp(mean + half):.3f}")
