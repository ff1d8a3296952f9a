"""The GPU benchmark of docs/gpu.md (run by scripts/gpu-test on the GPU machine).

1. The thesis's table 4.3 rebuilt: the Lennard-Jones potential of a cluster
   (corpora/thesis/lennard_jones.py, an O(n^2) prange pair loop) at 1e2..1e5
   atoms. Numba parallel (the corpus's own kernel, all cores) vs pykokkos_rt
   on OpenMP (same cores) vs pykokkos_rt on Cuda. For Cuda two times:
   "kernel" (the positions already in a device pk.View: dispatch, launch,
   kernel, reduction result back) and "wall" (a NumPy array per call, as a
   translated caller passes it: copy in, kernel, copy back). The PyKokkos
   workunit is the corpus kernel in the dialect's form; when a Caramba
   translation of the corpus file (--space Cuda) is given, its caller is timed
   and checked against Numba too.
2. A memory-bound kernel: the STREAM triad a = b + s*c on device views,
   against a device-to-device cudaMemcpy of the same size (the GPU's copy
   bandwidth; both counted as bytes read + bytes written).

Numba, pykokkos_rt OpenMP, pykokkos_rt Cuda and the translated caller each run
in a process of their own, with the same pinned thread count
(OMP_NUM_THREADS = NUMBA_NUM_THREADS); the workunits live in gpu_kernels.py.

Writes gpu_bench.json, gpu_bench.md and (when matplotlib is there)
gpu_bench.png into --out.
"""
import argparse
import importlib.util
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time

import numpy as np

# Each side (Numba, pykokkos_rt OpenMP, pykokkos_rt Cuda, the translated
# caller) runs in a process of its own (--side): two thread pools in one
# process fight over the same cores (Numba at 100 atoms took 5 ms next to an
# OpenMP pool, 12 us alone). The parent never imports pykokkos or Numba.
SIDES = ("numba", "openmp", "cuda", "translated")


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def cluster_of(n, seed=0):
    """The corpus's input: atoms on a jittered grid of spacing 1.2 (no two
    closer than 1), generalised from 10x10x10 to any n."""
    side = max(1, math.ceil(n ** (1 / 3)))
    idx = np.arange(n)
    grid = np.stack([idx % side, idx // side % side, idx // (side * side)], axis=1).astype(np.float64)
    return grid * 1.2 + np.random.default_rng(seed).uniform(-0.1, 0.1, (n, 3))


def timed(fn, reps):
    times, value = [], None
    for _ in range(reps):
        t0 = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - t0)
    return min(times), value


def reps_for(n):
    return 5 if n <= 10_000 else 2


def run_side(args, sizes):
    """One side's timings, as one JSON object on stdout."""
    out = {"side": args.side, "rows": {}}
    if args.side == "numba":
        import numba
        out["info"] = {"numba": numba.__version__, "numba_threads": numba.config.NUMBA_NUM_THREADS}
        numba_lj = load(args.corpus, "lj_corpus").potential_numba_scalar_prange
        numba_lj(cluster_of(64))  # JIT compile outside the timings
        for n in sizes:
            pos = cluster_of(n)
            t, e = timed(lambda: numba_lj(pos), reps_for(n))
            out["rows"][n] = {"numba_s": t, "energy": e}
        return out
    import pykokkos as pk
    from pykokkos import _core
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from gpu_kernels import lj_pairs, triad
    out["info"] = {"spaces": list(pk._AVAILABLE)}
    have_cuda = "Cuda" in pk._AVAILABLE
    warm = cluster_of(16)
    if args.side == "openmp":
        pk.parallel_reduce(pk.RangePolicy(pk.OpenMP, 0, 16), lj_pairs, cluster=pk.array(warm), n=16)
        for n in sizes:
            pos = cluster_of(n)
            t, e = timed(lambda: pk.parallel_reduce(pk.RangePolicy(pk.OpenMP, 0, n), lj_pairs, cluster=pk.array(pos),
                                                    n=n), reps_for(n))
            out["rows"][n] = {"openmp_s": t, "e_omp": e}
        return out
    if args.side == "translated":
        f = getattr(load(args.translated, "lj_translated"), "potential_numba_scalar_prange", None)
        if f is None or hasattr(f, "py_func"):  # still a Numba dispatcher: not translated
            return out
        out["info"]["translated_caller"] = True
        f(warm)
        for n in sizes:
            pos = cluster_of(n)
            t, e = timed(lambda: f(pos), max(reps_for(n), 3))
            out["rows"][n] = {"translated_cuda_wall_s": t, "e_tr": e}
        return out
    # cuda
    if not have_cuda:
        return out
    out["info"]["gpu"] = _core.device_info()
    pk.parallel_reduce(pk.RangePolicy(pk.Cuda, 0, 16), lj_pairs, cluster=pk.array(warm), n=16)
    for n in sizes:
        pos = cluster_of(n)
        r = max(reps_for(n), 3)
        row = {}
        row["cuda_wall_s"], row["e_wall"] = timed(
            lambda: pk.parallel_reduce(pk.RangePolicy(pk.Cuda, 0, n), lj_pairs, cluster=pk.array(pos), n=n), r)
        dev = pk.View([n, 3], pk.double, space=pk.CudaSpace)
        dev.data[:] = pos
        pk.parallel_reduce(pk.RangePolicy(pk.Cuda, 0, n), lj_pairs, cluster=dev, n=n)  # uploads once
        row["cuda_kernel_s"], row["e_kernel"] = timed(
            lambda: pk.parallel_reduce(pk.RangePolicy(pk.Cuda, 0, n), lj_pairs, cluster=dev, n=n), r)
        assert not dev.sync_stats()["escaped"], "the device view should not be copied in the kernel timing"
        out["rows"][n] = row
    n = args.triad_n
    a = pk.View([n], pk.double, space=pk.CudaSpace)
    b = pk.View([n], pk.double, space=pk.CudaSpace)
    c = pk.View([n], pk.double, space=pk.CudaSpace)
    b.data[:] = 1.0
    c.data[:] = 2.0
    pol = pk.RangePolicy(pk.Cuda, 0, n)
    pk.parallel_for(pol, triad, a=a, b=b, c=c, s=3.0)  # uploads b and c once
    times = []
    for _ in range(20):
        t0 = time.perf_counter()
        pk.parallel_for(pol, triad, a=a, b=b, c=c, s=3.0)
        times.append(time.perf_counter() - t0)
    stats = {k: v.sync_stats() for k, v in (("a", a), ("b", b), ("c", c))}
    correct = bool((a.data == 7.0).all())
    copy = _core.device_copy_seconds(8 * n, 20)
    triad_bytes, copy_bytes = 3 * 8 * n, 2 * 8 * n
    t = {
        "elements": n, "array_bytes": 8 * n,
        "triad_best_s": min(times), "triad_median_s": statistics.median(times),
        "triad_GBps": triad_bytes / min(times) / 1e9,
        "copy_best_s": min(copy), "copy_GBps": copy_bytes / min(copy) / 1e9,
        "correct": correct, "views_before_check": stats,
    }
    t["fraction_of_copy"] = t["triad_GBps"] / t["copy_GBps"]
    # With NumPy arrays instead: PCIe copies both ways on every call.
    hb, hc, ha = np.ones(n), np.full(n, 2.0), np.zeros(n)
    t["triad_numpy_args_wall_s"], _ = timed(
        lambda: pk.parallel_for(pol, triad, a=pk.array(ha), b=pk.array(hb), c=pk.array(hc), s=3.0), 3)
    out["triad"] = t
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out")
    ap.add_argument("--sizes", default="1e2,1e3,1e4,1e5")
    ap.add_argument("--corpus", default=os.path.join(os.path.dirname(__file__), "..", "..", "corpora", "thesis",
                                                     "lennard_jones.py"))
    ap.add_argument("--translated", help="Caramba's --space Cuda translation of the corpus file")
    ap.add_argument("--triad-n", type=int, default=1 << 27)
    ap.add_argument("--side", choices=SIDES, help="internal: measure one side in this process")
    args = ap.parse_args()
    sizes = [int(float(s)) for s in args.sizes.split(",")]
    if args.side:
        print(json.dumps(run_side(args, sizes)))
        return 0
    if not args.out:
        ap.error("--out is required")
    os.makedirs(args.out, exist_ok=True)

    # The same pinned thread count for Numba and Kokkos OpenMP.
    env = dict(os.environ)
    threads = env.get("OMP_NUM_THREADS") or str(os.cpu_count())
    env["OMP_NUM_THREADS"] = env["NUMBA_NUM_THREADS"] = threads
    info = {"cpus": os.cpu_count(), "python": platform.python_version(), "numpy": np.__version__,
            "omp_num_threads": threads, "separate_processes": True}
    sides = {}
    for side in SIDES:
        if side == "translated" and not (args.translated and os.path.exists(args.translated)):
            continue
        cmd = [sys.executable, os.path.abspath(__file__), "--side", side, "--sizes", args.sizes,
               "--corpus", args.corpus, "--triad-n", str(args.triad_n)]
        if args.translated:
            cmd += ["--translated", args.translated]
        p = subprocess.run(cmd, env=env, capture_output=True, text=True)
        sys.stderr.write(p.stderr)
        lines = [l for l in p.stdout.splitlines() if l.startswith("{")]
        if p.returncode != 0 or not lines:
            print("bench_gpu: the %s side failed (exit %d)" % (side, p.returncode), file=sys.stderr)
            return 1
        sides[side] = json.loads(lines[-1])
        info.update(sides[side].get("info", {}))
    info.setdefault("translated_caller", False)

    rows = []
    for n in sizes:
        key = str(n)
        row = {"atoms": n}
        for s in sides.values():
            row.update(s["rows"].get(key, {}))
        e_numba = row.pop("energy")
        row["energy"] = e_numba
        ok = [math.isclose(row.pop("e_omp"), e_numba, rel_tol=1e-9)]
        for k in ("e_wall", "e_kernel", "e_tr"):
            if k in row:
                ok.append(math.isclose(row.pop(k), e_numba, rel_tol=1e-9))
        if "cuda_kernel_s" in row:
            row["speedup_kernel_vs_numba"] = row["numba_s"] / row["cuda_kernel_s"]
            row["speedup_wall_vs_numba"] = row["numba_s"] / row["cuda_wall_s"]
        row["equal_to_numba"] = all(ok)
        rows.append(row)
        print(json.dumps(row), flush=True)
    triad_res = sides.get("cuda", {}).get("triad")

    result = {"info": info, "lennard_jones": rows, "triad": triad_res}
    with open(os.path.join(args.out, "gpu_bench.json"), "w") as f:
        json.dump(result, f, indent=1)
    md = render(result)
    with open(os.path.join(args.out, "gpu_bench.md"), "w") as f:
        f.write(md)
    print(md)
    try:
        plot(result, os.path.join(args.out, "gpu_bench.png"))
    except ImportError as e:
        print("no plot (%s)" % e)
    return 0 if all(r["equal_to_numba"] for r in rows) and (triad_res is None or triad_res["correct"]) else 1


def render(res):
    info = res["info"]
    gpu = info.get("gpu", {})
    out = ["Machine: %d CPU cores (Numba threads %s, OMP_NUM_THREADS %s), GPU %s (cc %s, %s SMs), CUDA runtime %s, "
           "driver %s; Python %s, NumPy %s, Numba %s." % (
               info["cpus"], info["numba_threads"], info["omp_num_threads"], gpu.get("name", "-"),
               gpu.get("compute_capability", "-"), gpu.get("multiprocessors", "-"), gpu.get("runtime_version", "-"),
               gpu.get("driver_version", "-"), info["python"], info["numpy"], info["numba"]), ""]
    tr = info.get("translated_caller")
    head = "| atoms | Numba parallel (s) | pykokkos_rt OpenMP (s) | Cuda kernel (s) | Cuda wall incl. copies (s) |"
    sep = "|---:|---:|---:|---:|---:|"
    if tr:
        head += " translated caller, Cuda (s) |"
        sep += "---:|"
    head += " GPU kernel vs Numba | GPU wall vs Numba | equal |"
    sep += "---:|---:|:-:|"
    out += ["Lennard-Jones potential (best of the runs):", "", head, sep]
    for r in res["lennard_jones"]:
        line = "| %d | %.4g | %.4g | %s | %s |" % (
            r["atoms"], r["numba_s"], r["openmp_s"], "%.4g" % r["cuda_kernel_s"] if "cuda_kernel_s" in r else "-",
            "%.4g" % r["cuda_wall_s"] if "cuda_wall_s" in r else "-")
        if tr:
            line += " %.4g |" % r["translated_cuda_wall_s"]
        line += " %s | %s | %s |" % (
            "%.1f×" % r["speedup_kernel_vs_numba"] if "speedup_kernel_vs_numba" in r else "-",
            "%.1f×" % r["speedup_wall_vs_numba"] if "speedup_wall_vs_numba" in r else "-",
            "yes" if r["equal_to_numba"] else "NO")
        out.append(line)
    t = res["triad"]
    if t:
        out += ["", "Triad a = b + s*c, %d doubles per array (%.2f GiB each), device views:" % (
            t["elements"], t["array_bytes"] / 2 ** 30), "",
            "| kernel | best time (ms) | bandwidth (GB/s, read + write) |", "|---|---:|---:|",
            "| triad (pykokkos_rt, Cuda) | %.3f | %.0f |" % (t["triad_best_s"] * 1e3, t["triad_GBps"]),
            "| cudaMemcpy device to device | %.3f | %.0f |" % (t["copy_best_s"] * 1e3, t["copy_GBps"]), "",
            "Triad at %.0f%% of the copy bandwidth (median triad %.3f ms); with NumPy arguments (copies over PCIe "
            "both ways on every call) the same triad takes %.1f ms." % (
                100 * t["fraction_of_copy"], t["triad_median_s"] * 1e3, t["triad_numpy_args_wall_s"] * 1e3)]
    return "\n".join(out) + "\n"


def plot(res, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = res["lennard_jones"]
    n = [r["atoms"] for r in rows]
    fig, axes = plt.subplots(1, 2 if res["triad"] else 1, figsize=(11, 4.2))
    ax = axes[0] if res["triad"] else axes
    ax.loglog(n, [r["numba_s"] for r in rows], "o-", label="Numba parallel (CPU)")
    ax.loglog(n, [r["openmp_s"] for r in rows], "s-", label="pykokkos_rt OpenMP (CPU)")
    if "cuda_kernel_s" in rows[0]:
        ax.loglog(n, [r["cuda_wall_s"] for r in rows], "^-", label="pykokkos_rt Cuda, wall incl. copies")
        ax.loglog(n, [r["cuda_kernel_s"] for r in rows], "v-", label="pykokkos_rt Cuda, kernel")
    ax.set_xlabel("atoms")
    ax.set_ylabel("seconds (best)")
    ax.set_title("Lennard-Jones potential (thesis table 4.3)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    if res["triad"]:
        t = res["triad"]
        ax2 = axes[1]
        ax2.bar(["triad\n(pykokkos_rt Cuda)", "cudaMemcpy D2D"], [t["triad_GBps"], t["copy_GBps"]],
                color=["tab:green", "tab:gray"])
        ax2.set_ylabel("GB/s (read + write)")
        ax2.set_title("Memory bandwidth: %.0f%% of copy" % (100 * t["fraction_of_copy"]))
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    sys.exit(main())
