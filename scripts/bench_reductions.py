"""Driver of scripts/bench-reductions (run that, not this).

    bench_reductions.py TRANSLATED_DIR SIZES REPEAT            the table
    bench_reductions.py --child SIDE FILE KERNEL CASE N REPEAT OUT.npy

The parent starts one child process per (case, size, side): Numba runs the
corpus original, the other sides run the translation with the environment of
their column. A child builds the inputs from a fixed seed, calls the kernel
once (compilation, checked result), then times REPEAT calls and prints the
median in ms; the parent compares each translation's result with Numba's.
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


def skewed_csr(n, seed=7):
    """A CSR matrix whose row lengths follow a power law (a few rows hold
    most entries, as in web graphs): a static split leaves threads idle."""
    rng = np.random.default_rng(seed)
    lengths = np.minimum((rng.pareto(1.2, n) * 4).astype(np.int64) + 1, n)
    lengths[: n // 100] *= 8  # the heavy rows sit together, at the start
    A_row = np.zeros(n + 1, dtype=np.int64)
    A_row[1:] = np.cumsum(lengths)
    A_col = rng.integers(0, n, A_row[-1]).astype(np.int64)
    A_val = rng.random(A_row[-1])
    return A_row, A_col, A_val, rng.random(n)


def inputs(case, n):
    rng = np.random.default_rng(2026)
    if case in ("max_abs_error", "relative_linf"):
        return rng.standard_normal(n), rng.standard_normal(n)
    if case == "nearest_distance":
        return rng.random(n), rng.random(n), 0.5, 0.5
    if case == "likelihood":
        return 0.999 + rng.random(n) * 0.002,
    if case == "closest_pair":
        m = int(n ** 0.5) * 3
        return rng.random(m), rng.random(m)
    if case == "spmv_prange":
        return skewed_csr(n // 10)
    raise KeyError(case)


# (case, corpus file, kernel, columns: label -> environment of the translation)
REDUCE = {"atomic": {"PYKOKKOS_RT_ATOMIC_REDUCTIONS": "atomic", "PYKOKKOS_RT_SCHEDULE": "static"},
          "reducer": {"PYKOKKOS_RT_SCHEDULE": "static"}}
CASES = [
    ("max_abs_error", "corpora/apps/error_norms.py", REDUCE),
    ("nearest_distance", "corpora/apps/error_norms.py", REDUCE),
    ("likelihood", "corpora/apps/error_norms.py", REDUCE),
    ("closest_pair", "corpora/apps/error_norms.py",
     {"atomic": {"PYKOKKOS_RT_ATOMIC_REDUCTIONS": "atomic", "PYKOKKOS_RT_SCHEDULE": "static"},
      "reducer": {"PYKOKKOS_RT_SCHEDULE": "static"},
      "reducer+dynamic": {}}),
    ("spmv_prange", "corpora/npbench/spmv.py",
     {"static": {"PYKOKKOS_RT_SCHEDULE": "static"}, "dynamic": {}}),
]


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def child(side, path, kernel, case, n, repeat, out):
    fn = getattr(load(path, "bench_" + side.replace("+", "_")), kernel)
    args = inputs(case, n)
    result = fn(*args)
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - t)
    np.save(out, np.asarray(result))
    print(json.dumps({"ms": statistics.median(times) * 1e3}))


def run_side(side, path, kernel, case, n, repeat, env, out):
    e = dict(os.environ)
    e.update(env)
    p = subprocess.run([sys.executable, __file__, "--child", side, path, kernel, case, str(n), str(repeat), out],
                       env=e, capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "failed"
    return json.loads(p.stdout.strip().splitlines()[-1])["ms"], None


def main(translated, sizes, repeat):
    tmp = os.path.join(translated, "results")
    os.makedirs(tmp, exist_ok=True)
    print("%-17s %9s %10s  %s" % ("kernel", "n", "Numba ms", "translation ms (Numba time / ours)"))
    only = [c for c in os.environ.get("ONLY", "").split(",") if c]
    for case, rel, columns in CASES:
        if only and case not in only:
            continue
        for n in sizes:
            ref_out = os.path.join(tmp, "numba.npy")
            numba_ms, err = run_side("numba", os.path.join(ROOT, rel), case, case, n, repeat, {}, ref_out)
            if err:
                print("%-17s %9d  Numba failed: %s" % (case, n, err))
                continue
            ref = np.load(ref_out)
            cells = []
            for label, env in columns.items():
                out = os.path.join(tmp, "side.npy")
                ms, err = run_side(label, os.path.join(translated, rel), case, case, n, repeat, env, out)
                if err:
                    cells.append("%s: failed (%s)" % (label, err))
                elif not np.allclose(np.load(out), ref, rtol=1e-9, atol=0):
                    cells.append("%s: WRONG RESULT" % label)
                else:
                    cells.append("%s %.2f (%.2fx)" % (label, ms, numba_ms / ms))
            print("%-17s %9d %10.2f  %s" % (case, n, numba_ms, "   ".join(cells)), flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "--child":
        side, path, kernel, case, n, repeat, out = sys.argv[2:9]
        child(side, path, kernel, case, int(n), int(repeat), out)
    else:
        main(sys.argv[1], [int(float(s)) for s in sys.argv[2].split(",")], int(sys.argv[3]))
