"""Driver of scripts/bench-parallel (run that, not this): times each kernel as
Numba compiled it (serial original, and a prange version where one is
written here), and its two translations (--nested-parallel=outer, the
default, and --nested-parallel=flatten), on the same inputs, and prints one
side-by-side table. Every translation's result is checked against Numba's
first (allclose), so a fast wrong answer cannot enter the table.

    bench_parallel.py OUTER_DIR FLAT_DIR SIZES REPEAT
"""
import importlib.util
import os
import statistics
import sys
import time

import numpy as np
from numba import njit, prange

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# Numba's own parallel versions of the serial originals (prange on the
# outer loop, as a Numba user would write them).
@njit(parallel=True)
def star_prange(a, b):
    n = a.shape[0]
    m = a.shape[1]
    for i in prange(1, n - 1):
        for j in range(1, m - 1):
            b[i, j] = 0.5 * a[i, j] + 0.125 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


@njit(parallel=True)
def sum2d_prange(arr):
    M, N = arr.shape
    result = 0.0
    for i in prange(M):
        for j in range(N):
            result += arr[i, j]
    return result


# (label, corpus file, kernel, inputs for size n, Numba parallel version or None)
CASES = [
    ("star (2-D 5-point stencil)", "corpora/thesis/stencil.py", "star",
     lambda n: (np.random.rand(n, n), np.zeros((n, n))), star_prange),
    ("sum2d (2-D reduction)", "corpora/thesis/sum2d.py", "sum2d",
     lambda n: (np.random.rand(n, n),), sum2d_prange),
    ("row_max_abs (rows x serial columns)", "corpora/features/auto_parallel.py", "row_max_abs",
     lambda n: (np.random.rand(n, n) - 0.5, np.zeros(n)), None),
    ("saxpy (1-D map)", "corpora/features/auto_parallel.py", "saxpy",
     lambda n: (2.5, np.random.rand(n * n), np.random.rand(n * n), np.zeros(n * n)), None),
]


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def result_of(fn, args):
    """The return value and every array argument after one call on copies."""
    copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    r = fn(*copies)
    return [r] + [a for a in copies if isinstance(a, np.ndarray)]


def same(x, y):
    return all(a is b if a is None or b is None else np.allclose(a, b, rtol=1e-9, atol=1e-12) for a, b in zip(x, y))


def times_ms(fn, args, repeat):
    """(minimum, median) of `repeat` calls after a warm-up, in ms."""
    args = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    fn(*args)  # warm-up: JIT / kernel compile
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - t0)
    return min(times) * 1e3, statistics.median(times) * 1e3


def main():
    outer_dir, flat_dir, sizes, repeat = sys.argv[1], sys.argv[2], [int(s) for s in sys.argv[3].split(",")], int(sys.argv[4])
    np.random.seed(0)
    rows = []
    for label, rel, kernel, make, numba_par in CASES:
        orig = getattr(load(os.path.join(ROOT, rel), "orig_" + kernel), kernel)
        outer = getattr(load(os.path.join(outer_dir, rel), "outer_" + kernel), kernel)
        flat_mod = load(os.path.join(flat_dir, rel), "flat_" + kernel)
        flat = getattr(flat_mod, kernel)
        # Flattening applies only to rectangular independent nests: where the
        # flattened translation is the outer-only one, show "-".
        flat_src = open(os.path.join(flat_dir, rel)).read()
        flattened = "_pk_n1" in flat_src.split("def " + kernel + "(")[1].split("\ndef ")[0]
        for n in sizes:
            args = make(n)
            want = result_of(orig, args)
            for name, fn in (("outer", outer), ("flatten", flat)) + ((("numba-par", numba_par),) if numba_par else ()):
                if not same(want, result_of(fn, args)):
                    sys.exit(f"bench-parallel: {kernel} ({name}) differs from Numba at n={n}")
            t_orig = times_ms(orig, args, repeat)
            t_par = times_ms(numba_par, args, repeat) if numba_par else None
            t_outer = times_ms(outer, args, repeat)
            t_flat = times_ms(flat, args, repeat) if flattened else None
            rows.append((label, n, t_orig, t_par, t_outer, t_flat))
            print(f"  measured {kernel} n={n}", file=sys.stderr, flush=True)
    # On a shared machine a call that loses its core waits a scheduler time
    # slice (~4-8 ms): the minimum is the least disturbed run, the median
    # shows how often that happened.
    for which, title in ((0, "minimum"), (1, "median")):
        fmt = lambda t: "-" if t is None else f"{t[which]:.3f}"
        print(f"\n{title} of {repeat} calls, ms")
        print("| kernel | n | Numba serial | Numba prange | translated outer-only | translated flattened "
              "| outer-only vs Numba serial |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for label, n, t_orig, t_par, t_outer, t_flat in rows:
            print(f"| {label} | {n} | {fmt(t_orig)} | {fmt(t_par)} | {fmt(t_outer)} | {fmt(t_flat)} "
                  f"| {t_orig[which] / t_outer[which]:.2f}x faster |")
    print("\nn: arrays are n x n (saxpy: n*n elements); speed-up > 1 means the translation is faster")

if __name__ == "__main__":
    main()
