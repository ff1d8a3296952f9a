"""Where the time of one warm call of a translated kernel goes (run through
scripts/bench-call).

The parent translates corpora/thesis/lennard_jones.py with the types Numba
records for it (as scripts/bench-thesis does), then runs one child process per
configuration (Numba, and the translation on Serial and on OpenMP with each
thread count), each with the same pinned thread count for Numba and Kokkos.
A child times, per call (median of --calls calls, microseconds):

- the whole translated call, `potential_numba_scalar_prange(cluster)`;
- each step the emitted caller and `pk.parallel_reduce` take, alone: the
  policy object, wrapping the NumPy array as a view, the argument signature
  (type propagation), the table lookup of the kernel, and the native call
  (argument block, GIL release, the Kokkos dispatch and the kernel itself);
- the native call over an empty range: the dispatch without the kernel's work.

The steps are timed apart, so their sum is close to, not equal to, the whole.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
FUNCTION = "potential_numba_scalar_prange"


def per_call_us(fn, calls):
    """Median per call of `fn`, timed in batches of 10 calls (the timer's own
    cost is about 0.1 us, the size of the cheapest steps)."""
    fn()
    times = []
    for _ in range(max(calls // 10, 5)):
        t = time.perf_counter_ns()
        for _ in range(10):
            fn()
        times.append((time.perf_counter_ns() - t) / 10 / 1e3)
    return statistics.median(times)


def child(a):
    import importlib.util
    import numpy as np
    spec = importlib.util.spec_from_file_location("bench_module", a.module)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    fn = getattr(mod, FUNCTION)
    cluster = np.load(a.inputs)["arg0"]
    out = {"whole": per_call_us(lambda: fn(cluster), a.calls)}
    if a.side != "numba":
        import pykokkos as pk
        n = int(cluster.shape[0])
        wu = getattr(mod, "_pk_" + FUNCTION)
        view = pk.array(cluster)
        key = [k for k in pk._specialisations if k[0] is wu][0]  # (workunit, kind, space, signature)
        kernel, _ = pk._specialisations[key]
        space = getattr(pk, key[2])
        out.update({
            "policy": per_call_us(lambda: pk.RangePolicy(space, 0, n - 1), a.calls),
            "wrap": per_call_us(lambda: pk.array(cluster), a.calls),
            "signature": per_call_us(lambda: tuple([(k, pk._arg_code(v)) for k, v in {"cluster": view}.items()]),
                                     a.calls),
            "lookup": per_call_us(lambda: pk._specialisations.get(key), a.calls),
            "native": per_call_us(lambda: kernel(0, n - 1, (cluster,)), a.calls),
            "empty": per_call_us(lambda: kernel(0, 0, (cluster,)), a.calls),
        })
    print(json.dumps(out))


ROWS = [("whole", "whole translated call"), ("policy", "  pk.RangePolicy(...)"),
        ("wrap", "  pk.array(cluster)"), ("signature", "  argument signature"),
        ("lookup", "  kernel table lookup"), ("native", "  native call (dispatch + kernel)"),
        ("empty", "  native call, empty range (dispatch)")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--child", action="store_true")
    ap.add_argument("--side")
    ap.add_argument("--module")
    ap.add_argument("--inputs")
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--atoms", default="100", help="comma-separated atom counts")
    ap.add_argument("--threads", default="1,2", help="comma-separated OpenMP/Numba thread counts")
    ap.add_argument("--caramba", default=os.path.join(ROOT, "build", "caramba"))
    a = ap.parse_args()
    if a.child:
        return child(a)
    import numpy as np
    import bench_thesis as bt
    work = tempfile.mkdtemp(prefix="bench-call-")
    env = dict(os.environ)
    env.setdefault("PYKOKKOS_RT_CACHE_DIR", os.path.join(work, "cache"))
    src = os.path.join(bt.THESIS, "lennard_jones.py")
    kernels = [k for k in bt.KERNELS if k[0] == "lennard_jones"]
    profile = bt.record_types(a.caramba, env, work, src, kernels)
    out = {}
    for space in ("OpenMP", "Serial"):
        out[space] = os.path.join(work, "lennard_jones_%s.py" % space.lower())
        bt.translate(a.caramba, src, out[space], space, profile)
    threads = [t for t in a.threads.split(",") if t]
    sides = [("Numba, %s thr" % t, "numba", src, {"NUMBA_NUM_THREADS": t, "OMP_NUM_THREADS": t}) for t in threads]
    sides.append(("Serial", "kokkos", out["Serial"], {"OMP_NUM_THREADS": "1"}))
    sides += [("OpenMP, %s thr" % t, "kokkos", out["OpenMP"], {"OMP_NUM_THREADS": t, "NUMBA_NUM_THREADS": t}) for t in threads]
    print("Warm call of the translated Lennard-Jones (%s), us per call, median of %d; each column its own process;"
          " load average %s on %d cores" % (FUNCTION, a.calls, " ".join(open("/proc/loadavg").read().split()[:3]),
                                            os.cpu_count()))
    for atoms in [int(x) for x in a.atoms.split(",") if x]:
        path = os.path.join(work, "lj_%d.npz" % atoms)
        np.savez(path, arg0=bt.inputs_for("lennard_jones", atoms)[0])
        results = []
        for label, side, module, extra in sides:
            e = dict(env)
            e.update(extra)
            p = subprocess.run([sys.executable, __file__, "--child", "--side", side, "--module", module,
                                "--inputs", path, "--calls", str(a.calls)], env=e, capture_output=True, text=True)
            lines = [l for l in p.stdout.splitlines() if l.startswith("{")]
            if p.returncode != 0 or not lines:
                raise SystemExit("bench-call: %s failed:\n%s" % (label, p.stderr[-3000:]))
            results.append(json.loads(lines[-1]))
        header = ["%d atoms" % atoms] + [s[0] for s in sides]
        rows = [[title] + ["%.2f" % r[key] if key in r else "-" for r in results] for key, title in ROWS]
        widths = [max(len(r[c]) for r in [header] + rows) for c in range(len(header))]
        print()
        print("  ".join(v.ljust(w) if c == 0 else v.rjust(w) for c, (v, w) in enumerate(zip(header, widths))))
        print("  ".join("-" * w for w in widths))
        for r in rows:
            print("  ".join(v.ljust(w) if c == 0 else v.rjust(w) for c, (v, w) in enumerate(zip(r, widths))))


if __name__ == "__main__":
    main()
