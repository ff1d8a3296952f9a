"""Driver of scripts/bench-numpy-lowering (run that, not this).

    bench_numpy_lowering.py TRANSLATED_DIR SIZES REPEAT SIDE...      the table
    bench_numpy_lowering.py --child FILE KERNEL N REPEAT OUT.npy    one side

The parent starts one child process per (kernel, size, side): Numba runs the
corpus original, each other side the translation in TRANSLATED_DIR/SIDE. A
child builds the inputs from a fixed seed, calls the kernel once
(compilation; its result is the one checked), then times REPEAT calls on fresh
copies of the inputs (the kernels update them in place) and prints the median
in ms; the parent compares each translation's result with Numba's.
"""
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALLOCS = "corpora/npbench/time_loop_allocs.py"
EXTREMA = "corpora/npbench/extrema.py"


def inputs(kernel, n):
    rng = np.random.default_rng(2026)
    side = int(n ** 0.5)
    if kernel == "heat_1d":
        return rng.random(n), 20
    if kernel == "flux_diffusion":
        return rng.random((side, side)), 10
    if kernel == "damped_relax":
        return rng.random(n), 0.5, 8
    if kernel == "max_abs_error":
        return rng.random(n), rng.random(n)
    if kernel == "field_range":
        return rng.standard_normal((side, side)),
    raise KeyError(kernel)


CASES = [(k, ALLOCS) for k in ("heat_1d", "flux_diffusion", "damped_relax")] + \
        [(k, EXTREMA) for k in ("max_abs_error", "field_range")]


def load(path):
    spec = importlib.util.spec_from_file_location("bench_side", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def child(path, kernel, n, repeat, out):
    fn = getattr(load(path), kernel)
    args = inputs(kernel, n)
    fresh = lambda: [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    result = fn(*fresh())
    times = []
    for _ in range(repeat):
        call = fresh()
        t = time.perf_counter()
        fn(*call)
        times.append(time.perf_counter() - t)
    np.save(out, np.asarray(result))
    print(json.dumps({"ms": statistics.median(times) * 1e3}))


def run_side(path, kernel, n, repeat, out):
    p = subprocess.run([sys.executable, __file__, "--child", path, kernel, str(n), str(repeat), out],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "failed"
    return json.loads(p.stdout.strip().splitlines()[-1])["ms"], None


def main(translated, sizes, repeat, sides):
    tmp = os.path.join(translated, "results")
    os.makedirs(tmp, exist_ok=True)
    only = [c for c in os.environ.get("ONLY", "").split(",") if c]
    print("%-15s %9s %10s  %s" % ("kernel", "n", "Numba ms", "  ".join("%-22s" % (s + " ms (ratio)") for s in sides)))
    for kernel, rel in CASES:
        if only and kernel not in only:
            continue
        for n in sizes:
            ref_out = os.path.join(tmp, "numba.npy")
            numba_ms, err = run_side(os.path.join(ROOT, rel), kernel, n, repeat, ref_out)
            if err:
                print("%-15s %9d  Numba failed: %s" % (kernel, n, err))
                continue
            ref = np.load(ref_out)
            cells = []
            for side in sides:
                out = os.path.join(tmp, side + ".npy")
                ms, err = run_side(os.path.join(translated, side, rel), kernel, n, repeat, out)
                if err:
                    cells.append("%-22s" % ("failed: " + err[:40]))
                elif not np.allclose(np.load(out), ref, rtol=1e-9, atol=1e-12, equal_nan=True):
                    cells.append("%-22s" % "MISMATCH")
                else:
                    cells.append("%-22s" % ("%.3f (%.2fx)" % (ms, ms / numba_ms)))
            print("%-15s %9d %10.3f  %s" % (kernel, n, numba_ms, "  ".join(cells)), flush=True)
    print("median of %d calls after a checked first call; ratio = translation / Numba" % repeat)


if __name__ == "__main__":
    if sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6])
    else:
        main(sys.argv[1], [int(s) for s in sys.argv[2].split(",")], int(sys.argv[3]), sys.argv[4:])
