"""Reads the RAW lines `gpuselect_tests "[.calibrate]" -s` prints (tests/test_serving.cpp): one serving
calibration row each, with its step terms at the program's constants (seconds a step)."""


def read_rows(lines):
    """Each RAW line as a dict: kind (cal, mlperf, fp4), model, gpu, tp, inp, out, batch, meas (tok/s),
    mem, dec, pre, fixed (s), tokens (a step: batch x (1 + input/output)) and factor (the step's
    multiplier over the roofline: MoE, FP4)."""
    rows = []
    for line in lines:
        f = line.split()
        if not f or f[0] != "RAW":
            continue
        tp, inp, out, batch = map(int, f[4:8])
        meas, step, mem, dec, pre, fixed = map(float, f[8:14])
        row = dict(kind=f[1], model=f[2], gpu=f[3], tp=tp, inp=inp, out=out, batch=batch, meas=meas, mem=mem,
                   dec=dec, pre=pre, fixed=fixed, tokens=batch * (1 + inp / out))
        row["factor"] = step / (max(mem, dec + pre) + fixed)
        rows.append(row)
    return rows
