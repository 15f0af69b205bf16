#!/usr/bin/env python3
"""Second-round fit of the dense decode compute share (issue 26; docs/estimation.md "MLPerf Llama 3.1 8B
rows" and "Decode efficiency by the weights of a layer per GPU"), on the serving CALIBRATION rows only:

    build/tests/gpuselect_tests "[.calibrate]" -s | grep ^RAW | python3 scripts/fit_decode_width_tokens.py [--adopted]

(--adopted when the program applies the adopted second-round share, as it does from commit 2 of the round on.)

The fit plan was committed with the rows, before any residual (7429f97):
  (1) the width form, eta = eta_ref x (clamp(w) / w_ref)^k, refitted on the 32 dense rows;
  (2) its extension by the tokens of a step, eta = min(eta_pf, eta_ref x (clamp(w) / w_ref)^k x
      (clamp(M) / 1000)^j), M = batch x (1 + input/output) clamped to the 32 rows' span;
  (2) is adopted only if its leave-one-out sum of squared log residuals is below (1)'s.
Each RAW line carries a row's step terms at the program's constants (the decode term at the width
share the program applies, model::decode_compute_share_for); a row's step is rebuilt as
max(memory, decode FLOPs / (peak x eta) + prefill) + fixed, times the factor (FP4, MoE) applied.
"""
import math
import sys

from serving_raw import read_rows

PREFILL_SHARE = 0.50  # model::prefill_compute_share
# The share the program applies when the RAW lines are printed (model::decode_compute_share_for):
# eta_ref, k, j and the tokens span; j = 0 is the first-round width fit (0.322, 0.60).
PROGRAM = (0.333, 0.54, 0.15) if "--adopted" in sys.argv else (0.322, 0.60, 0.0)
MOE = ("qwen3-235b-a22b", "llama-4-maverick")
PARAMS = {"llama-3.1-8b": (8030261248, 32), "llama-3.1-70b": (70553706496, 80),
          "llama-3.1-405b": (405853388800, 126), "llama-2-70b": (68976648192, 80)}  # data/models.yaml
W_REF = 70553706496 / 80 / 2
W_LO = 8030261248 / 32
W_HI = 70553706496 / 80
M_REF = 1000.0


def width(row):
    params, layers = PARAMS[row["model"]]
    return min(max(params / layers / row["tp"], W_LO), W_HI) / W_REF


rows = read_rows(sys.stdin)

dense = [r for r in rows if r["kind"] in ("cal", "mlperf") and r["model"] not in MOE]
fp4 = [r for r in rows if r["kind"] == "fp4"]
M_LO = min(r["tokens"] for r in dense)
M_HI = max(r["tokens"] for r in dense)


def eta(row, eta_ref, k, j):
    m = min(max(row["tokens"], M_LO), M_HI) / M_REF
    return min(PREFILL_SHARE, eta_ref * width(row) ** k * m ** j)


for r in dense + fp4:
    r["dec1"] = r["dec"] * eta(r, *PROGRAM)  # decode seconds at a share of 1


def residual(row, p):
    dec = row["dec1"] / eta(row, *p)
    return math.log(row["meas"] * (max(row["mem"], dec + row["pre"]) + row["fixed"]) * row["factor"] / row["batch"])


def sse(rs, p):
    return sum(residual(r, p) ** 2 for r in rs)


def fit(rs, js):
    """Least squares: a coarse grid, then a pattern search (halving steps) from its best point."""
    free_j = len(js) > 1
    best = min(((e / 1000, k / 100, j) for j in js for k in range(-20, 81, 5) for e in range(150, 601, 10)),
               key=lambda p: sse(rs, p))
    value = sse(rs, best)
    steps = [0.01, 0.05, 0.05 if free_j else 0.0]
    while max(steps) > 1e-4:
        improved = False
        for i in range(3):
            if steps[i] == 0:
                continue
            for sign in (1, -1):
                p = list(best)
                p[i] += sign * steps[i]
                v = sse(rs, tuple(p))
                if v < value:
                    best, value, improved = tuple(p), v, True
        if not improved:
            steps = [s / 2 for s in steps]
    return best


def describe(rs, p):
    xs = sorted(math.exp(residual(r, p)) for r in rs)
    n = len(xs)
    ss = sum(math.log(v) ** 2 for v in xs)
    gm = math.exp(sum(math.log(v) for v in xs) / n)
    return (f"n={n} sum_sq={ss:.3f} rms={math.sqrt(ss / n):.3f} gm={gm:.3f} p10={xs[n // 10]:.2f} "
            f"p90={xs[n * 9 // 10]:.2f} range={xs[0]:.2f}-{xs[-1]:.2f}")


print(f"dense rows: {len(dense)}; tokens a step span {M_LO:.0f}-{M_HI:.0f}")
first = (0.322, 0.60, 0.0)
print("first-round width fit (0.322, 0.60) on the 32 rows:", describe(dense, first))
print("  on the first round's 30 rows:", describe([r for r in dense if r["model"] != "llama-3.1-8b" or r["kind"] != "mlperf"], first))
forms = {"width": [0.0], "width+tokens": [j / 100 for j in range(-20, 41, 5)]}
fits = {}
for name, js in forms.items():
    p = fit(dense, js)
    fits[name] = p
    print(f"{name}: eta_ref {p[0]:.3f} k {p[1]:.2f} j {p[2]:.2f}:", describe(dense, p))
    loo = []
    for i, held in enumerate(dense):
        q = fit(dense[:i] + dense[i + 1:], js)
        loo.append(residual(held, q))
    n = len(loo)
    mean = sum(loo) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in loo) / (n - 1))
    half = 1.309 * sd * math.sqrt(1 + 1 / n)  # Student's t(0.90, 31)
    xs = sorted(math.exp(v) for v in loo)
    print(f"  leave-one-out: sum_sq={sum(v * v for v in loo):.3f} p10={xs[n // 10]:.3f} p90={xs[n * 9 // 10]:.3f}",
          f"range={xs[0]:.2f}-{xs[-1]:.2f}; 80% prediction interval (log mean {mean:.4f}, sd {sd:.4f}):",
          f"{math.exp(mean - half):.3f}-{math.exp(mean + half):.3f}")
    fits[name + "_loo"] = sum(v * v for v in loo)
    fp4_gm = math.exp(sum(residual(r, p) for r in fp4) / len(fp4))
    xs = sorted(math.exp(residual(r, p)) / fp4_gm for r in fp4)
    print(f"  FP4 rows' geometric mean at it {fp4_gm:.3f} (fp4_step_factor refits by 1/that; then {xs[0]:.2f}-{xs[-1]:.2f})")
    pre = [r for r in dense if r["inp"] / r["out"] >= 4]
    xs = sorted(math.exp(residual(r, p)) for r in pre)
    print(f"  prefill-dominated rows (input/output >= 4), n={len(xs)}: {xs[0]:.3f}-{xs[-1]:.3f} (TTFT band = inverse)")
chosen = "width+tokens" if fits["width+tokens_loo"] < fits["width_loo"] else "width"
print("adopted by the plan:", chosen, fits[chosen])
for r in dense:
    print(f"  {r['kind']:6s} {r['model']:15s} {r['gpu']:15s} tp{r['tp']} {r['inp']:5d}/{r['out']:<5d} batch {r['batch']:5d}",
          f"tokens {r['tokens']:6.0f} first {math.exp(residual(r, first)):.3f} width {math.exp(residual(r, fits['width'])):.3f}",
          f"width+tokens {math.exp(residual(r, fits['width+tokens'])):.3f}")
