"""The thesis's chapter 4 tables rebuilt side by side (run through scripts/bench-thesis).

Table 4.1  translation time per thesis file (bench_translate, in process)
Table 4.2  kernel time against Numba at the thesis's sizes: Numba (the file as
           written), the translation on Kokkos OpenMP and on Kokkos Serial,
           each side in its own process with the same pinned thread count
Table 4.3  the GPU table: measured only on a machine with a GPU (scripts/gpu-test)
Table 4.4  first-call (compile) and warm-call overhead of each translated file,
           translated with recorded types (`caramba record`) and without

Each measured side runs in a child process of this script (`--child`), which
loads the module, reads the inputs from an .npz file, calls the kernel once
(JIT compile) and then times it: the median of up to 13 calls (the thesis's
count) or as many as fit in --budget seconds, at least 3.
Writes docs/benchmarks.md (tables; a plot too when matplotlib imports).
"""
import argparse
import importlib.util
import json
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
THESIS = os.path.join(ROOT, "corpora", "thesis")

# ------------------------------------------------------------ thesis figures (data)
# Table 4.1: file -> (thesis file, kernels, parse ms, translation ms, total ms)
THESIS_41 = {
    "sum2d.py": ("simple1.py", 1, 0.69, 2.12, 2.81),
    "sum3d.py": ("simple2.py", 1, 0.41, 2.95, 3.36),
    "lennard_jones.py": ("lennard_jones_prange.py", 3, 0.83, 6.31, 7.15),
    "stencil.py": ("stencil_numba.py", 3, 3.44, 14.07, 17.51),
}
# Table 4.2: (kernel, exponent of the size) -> (PyKokkos wall ms, PyKokkos kernel ms, Numba ms)
THESIS_42 = {
    ("lennard_jones", 2): (1.62, 0.22, 0.08), ("lennard_jones", 3): (5.03, 3.46, 2.23),
    ("lennard_jones", 4): (80.34, 79.00, 60.83), ("lennard_jones", 5): (7068.38, 7067.12, 4668.79),
    ("sum2d", 2): (1.42, 0.01, 0.02), ("sum2d", 3): (1.41, 0.01, 0.02), ("sum2d", 4): (1.40, 0.06, 0.07),
    ("sum2d", 5): (1.91, 0.53, 0.50), ("sum2d", 6): (6.39, 5.00, 4.96), ("sum2d", 7): (37.38, 36.04, 36.23),
    ("sum2d", 8): (139.30, 137.98, 136.88),
    ("sum3d", 2): (1.45, 0.01, 0.02), ("sum3d", 3): (1.48, 0.01, 0.02), ("sum3d", 4): (1.41, 0.06, 0.07),
    ("sum3d", 5): (1.88, 0.48, 0.52), ("sum3d", 6): (6.21, 4.78, 4.92), ("sum3d", 7): (33.48, 32.16, 36.30),
    ("sum3d", 8): (141.13, 139.76, 136.44),
    ("star", 2): (2.77, 0.01, 0.03), ("star", 3): (2.71, 0.01, 0.03), ("star", 4): (1.89, 0.01, 0.03),
    ("star", 5): (2.66, 0.02, 0.03), ("star", 6): (2.02, 0.05, 0.03), ("star", 7): (2.77, 0.14, 0.04),
    ("star", 8): (3.00, 0.40, 0.06),
    ("star2", 2): (1.97, 0.01, 0.03), ("star2", 3): (2.70, 0.02, 0.06), ("star2", 4): (1.96, 0.06, 0.50),
    ("star2", 5): (3.34, 0.53, 4.47), ("star2", 6): (7.71, 5.03, 35.16), ("star2", 7): (66.25, 63.49, 160.44),
    ("star2", 8): (346.54, 343.95, 1322.59),
}
# Table 4.3 (GPU): exponent -> (PyKokkos GPU kernel ms, Numba ms)
THESIS_43 = {2: (0.76, 0.08), 3: (10.98, 2.71), 4: (104.90, 86.12), 5: (2178.50, 5468.85)}
# Table 4.4: the thesis measured PyKokkos's own examples (not part of its corpus):
# source -> (compile s with types, without, pre-compiled ms with types, without)
THESIS_44 = {"01": (10.19, 10.15, 0.33, 0.85), "bytes_and_flops": (11.23, 12.09, 1.61, 2.29),
             "gather": (11.68, 11.57, 1.56, 2.61)}

# The kernels of table 4.2: (kernel, file, sizes as exponents, input builder)
KERNELS = [
    ("lennard_jones", "lennard_jones.py", "potential_numba_scalar_prange", range(2, 6)),
    ("sum2d", "sum2d.py", "sum2d", range(2, 9)),
    ("sum3d", "sum3d.py", "sum3d", range(2, 9)),
    ("star", "stencil.py", "star", range(2, 9)),
    ("star2", "stencil.py", "star2", range(2, 9)),
]


def inputs_for(kernel, n, seed=0):
    """The corpus's run markers, at size n (elements; atoms for Lennard-Jones)."""
    import numpy as np
    rng = np.random.default_rng(seed)
    if kernel == "lennard_jones":
        # Atoms on a jittered grid of spacing 1.2 (no two closer than 1).
        side = max(1, math.ceil(round(n ** (1 / 3), 9)))
        idx = np.arange(n)
        grid = np.stack([idx % side, idx // side % side, idx // (side * side)], axis=1).astype(np.float64)
        return [grid * 1.2 + rng.uniform(-0.1, 0.1, (n, 3))]
    if kernel == "sum3d":
        k = max(1, round(n ** (1 / 3)))
        return [rng.random((k, k, k))]
    k = max(1, round(math.sqrt(n)))
    if kernel == "sum2d":
        return [rng.random((k, k))]
    return [rng.random((k, k)), np.zeros((k, k))]


# ------------------------------------------------------------------ child side
def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def child(a):
    import numpy as np
    t0 = time.perf_counter()
    mod = load(a.module, "bench_module")
    fn = getattr(mod, a.function)
    if a.side != "numba" and hasattr(fn, "py_func"):
        print(json.dumps({"error": "not translated (still a Numba kernel)"}))
        return
    data = np.load(a.inputs)
    args = [data["arg%d" % i] for i in range(len(data.files))]
    first_args = [x.copy() for x in args]  # the result compared is the first call's
    t1 = time.perf_counter()
    value = fn(*first_args)
    first = time.perf_counter() - t1
    times = []
    start = time.perf_counter()
    while len(times) < 13 and (len(times) < 3 or time.perf_counter() - start < a.budget):
        t = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - t)
    out = {"first": first, "median": statistics.median(times), "min": min(times), "reps": len(times),
           "import": t1 - t0}
    if isinstance(value, (float, int, np.floating, np.integer)):
        out["value"] = float(value)
    else:
        out["value"] = float(np.asarray(first_args[-1]).sum()) if args else 0.0
    print(json.dumps(out))


# ----------------------------------------------------------------- parent side
def run(cmd, env=None, check=True):
    p = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if check and p.returncode not in (0, 1):
        raise SystemExit("bench-thesis: %s failed (%d):\n%s" % (" ".join(cmd), p.returncode, p.stderr[-3000:]))
    return p


def measure(side, module, function, inputs, env, budget):
    p = run([sys.executable, __file__, "--child", "--side", side, "--module", module, "--function", function,
             "--inputs", inputs, "--budget", str(budget)], env=env, check=False)
    lines = [l for l in p.stdout.splitlines() if l.startswith("{")]
    if p.returncode != 0 or not lines:
        return {"error": (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[-1][:80]}
    return json.loads(lines[-1])


def table(header, rows):
    widths = [max(len(str(r[c])) for r in [header] + rows) for c in range(len(header))]
    line = lambda r: "| " + " | ".join(str(v).ljust(w) for v, w in zip(r, widths)) + " |"
    return "\n".join([line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|"] + [line(r) for r in rows])


def ms(x):
    if x is None:
        return "-"
    return "%.3g" % (x * 1e3) if x < 0.01 else "%.2f" % (x * 1e3)  # 3 significant digits below 10 ms


def table_41(build, repeat):
    bench = os.path.join(build, "tests", "golden", "bench_translate")
    if not os.path.exists(bench):
        found = [os.path.join(d, f) for d, _, fs in os.walk(build) for f in fs if f == "bench_translate"]
        bench = found[0] if found else bench
    files = [os.path.join("corpora", "thesis", f) for f in sorted(THESIS_41)]
    p = run([bench, str(repeat)] + files)
    ours = {}
    for l in p.stdout.splitlines()[1:]:
        parts = l.split()
        if len(parts) >= 8:
            ours[os.path.basename(parts[0])] = (int(parts[2]), float(parts[3]), float(parts[4]), float(parts[7]))
    rows = []
    for f, (tf, tk, tp, tt, total) in THESIS_41.items():
        k, med, best, cpu = ours.get(f, (0, float("nan"), float("nan"), float("nan")))
        rows.append([f, tf, k, "%.3f" % med, "%.3f" % best, "%.3f" % cpu, "%.2f" % total, "%.1fx" % (total / cpu)])
    return table(["file", "thesis file", "kernels", "ours: wall ms (median)", "wall ms (min)", "CPU ms (median)",
                  "thesis total ms", "thesis / our CPU"], rows)


def translate(caramba, src, out, space, profile=None):
    return run([caramba, src, "-o", out, "--space", space] + (["--types", profile] if profile else [])).returncode


def record_types(caramba, env, work, src, kernels):
    """`caramba record` of the kernels of `src` on their smallest inputs; the
    profile's path, or None when recording failed."""
    import numpy as np
    name = os.path.basename(src)[:-3]
    runner = os.path.join(work, "record_%s.py" % name)
    lines = ["import importlib.util, numpy as np",
             "s = importlib.util.spec_from_file_location('m', %r)" % src,
             "m = importlib.util.module_from_spec(s); s.loader.exec_module(m)"]
    for kernel, _, fn, exps in kernels:
        path = os.path.join(work, "record_%s.npz" % kernel)
        np.savez(path, **{"arg%d" % i: x for i, x in enumerate(inputs_for(kernel, 10 ** min(exps)))})
        lines += ["d = np.load(%r)" % path, "m.%s(*[d['arg%%d' %% i] for i in range(len(d.files))])" % fn]
    with open(runner, "w") as f:
        f.write("\n".join(lines) + "\n")
    profile = os.path.join(work, "types_%s.json" % name)
    p = run([caramba, "record", "-o", profile, "--", sys.executable, runner], env=env, check=False)
    return profile if p.returncode == 0 and os.path.exists(profile) else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--child", action="store_true")
    ap.add_argument("--side")
    ap.add_argument("--module")
    ap.add_argument("--function")
    ap.add_argument("--inputs")
    ap.add_argument("--budget", type=float, default=2.0, help="seconds of timed calls per measurement")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--max-exp", type=int, default=7, help="largest size 10^k of the array kernels (thesis: 8)")
    ap.add_argument("--max-exp-lj", type=int, default=4, help="largest Lennard-Jones size 10^k (thesis: 5)")
    ap.add_argument("--kernels", default="", help="comma-separated subset of lennard_jones,sum2d,sum3d,star,star2")
    ap.add_argument("--repeat", type=int, default=101, help="translations per file for table 4.1")
    ap.add_argument("--only", default="41,42,44,dispatch")
    ap.add_argument("--doc", default=os.path.join(ROOT, "docs", "benchmarks.md"), help="'-' for none")
    a = ap.parse_args()
    if a.child:
        return child(a)

    import numpy as np
    threads = os.environ.get("OMP_NUM_THREADS", "2")
    caramba = os.path.join(a.build, "caramba")
    env = dict(os.environ)
    env.update({"OMP_NUM_THREADS": threads, "NUMBA_NUM_THREADS": threads,
                "PYKOKKOS_RT_CORE_DIR": os.path.join(a.build, "pykokkos_rt"),
                "PYTHONPATH": os.pathsep.join([os.path.join(ROOT, "pykokkos_rt", "python")] +
                                              ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else []))})
    work = tempfile.mkdtemp(prefix="bench-thesis-")
    env.setdefault("PYKOKKOS_RT_CACHE_DIR", os.path.join(work, "cache"))
    sections = []
    load0 = " ".join(open("/proc/loadavg").read().split()[:3])
    head = ("Measured on %s, %d cores, Python %s, NumPy %s; %s threads for Numba and Kokkos OpenMP alike "
            "(OMP_NUM_THREADS, NUMBA_NUM_THREADS); load average at the start %s."
            % (platform.node() and "this machine", os.cpu_count(), platform.python_version(), np.__version__,
               threads, load0))
    print(head)
    try:
        if "41" in a.only:
            t = table_41(a.build, a.repeat)
            sections.append(("Table 4.1: translation time per file", t))
            print("\nTable 4.1: translation time per file\n" + t)
        if "42" in a.only:
            wanted = [k for k in a.kernels.split(",") if k]
            trans = {}
            for f in sorted({k[1] for k in KERNELS if not wanted or k[0] in wanted}):
                src = os.path.join(THESIS, f)
                # The corpus files carry no eager signatures: translate with the
                # types Numba compiles for them (`caramba record`), as a user would.
                profile = record_types(caramba, env, work, src, [k for k in KERNELS if k[1] == f])
                for space in ("OpenMP", "Serial"):
                    out = os.path.join(work, "%s_%s.py" % (f[:-3], space.lower()))
                    translate(caramba, src, out, space, profile)
                    trans[(f, space)] = out
            rows = []
            for kernel, f, fn, exps in KERNELS:
                if wanted and kernel not in wanted:
                    continue
                for e in exps:
                    if e > (a.max_exp_lj if kernel == "lennard_jones" else a.max_exp):
                        continue
                    n = 10 ** e
                    path = os.path.join(work, "%s_%d.npz" % (kernel, e))
                    np.savez(path, **{"arg%d" % i: x for i, x in enumerate(inputs_for(kernel, n))})
                    nb = measure("numba", os.path.join(THESIS, f), fn, path, env, a.budget)
                    omp = measure("OpenMP", trans[(f, "OpenMP")], fn, path, env, a.budget)
                    ser = measure("Serial", trans[(f, "Serial")], fn, path, env, a.budget)
                    os.remove(path)
                    th = THESIS_42.get((kernel, e), (None, None, None))

                    def cell(r):
                        return r.get("error", ms(r.get("median")))
                    ratio = "-"
                    if "median" in nb and "median" in omp:
                        ratio = "%.2f" % (nb["median"] / omp["median"])
                    same = "-"
                    if "value" in nb and "value" in omp:
                        same = "yes" if np.isclose(nb["value"], omp["value"], rtol=1e-6) else "NO"
                    row = [kernel, "10^%d" % e, cell(nb), cell(omp), cell(ser), ratio, same,
                           "-" if th[2] is None else "%.2f" % th[2], "-" if th[1] is None else "%.2f" % th[1]]
                    rows.append(row)
                    print("  " + " | ".join(row), flush=True)
            t = table(["kernel", "size", "Numba ms", "Kokkos OpenMP ms", "Kokkos Serial ms",
                       "Numba / OpenMP", "same result", "thesis Numba ms", "thesis PyKokkos kernel ms"], rows)
            sections.append(("Table 4.2: kernel time against Numba (median; each side in its own process)", t))
            print("\nTable 4.2\n" + t)
        if "44" in a.only:
            sections.append(("Table 4.4: first call and warm call of each translated file", table_44(a, caramba, env, work)))
            print("\nTable 4.4\n" + sections[-1][1])
        if "dispatch" in a.only:
            p = run([sys.executable, os.path.join(ROOT, "pykokkos_rt", "bench", "bench_dispatch.py"),
                     "--calls", "1000"], env=env)
            sections.append(("Dispatch: a one-iteration kernel on OpenMP (scripts/bench-dispatch)",
                             "```\n" + p.stdout.strip() + "\n```"))
            print("\n" + p.stdout)
        g = table(["atoms", "thesis PyKokkos GPU ms", "thesis Numba ms"],
                  [["10^%d" % e, "%.2f" % v[0], "%.2f" % v[1]] for e, v in THESIS_43.items()])
        sections.append(("Table 4.3: GPU (not measured by this run)",
                         "This machine has no GPU: `scripts/gpu-test` on the GPU machine measures it "
                         "(docs/gpu.md). The thesis's figures:\n\n" + g))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if a.doc != "-":
        shown, skip = [], False
        for arg in sys.argv[1:]:  # the build folder is the wrapper's, machine-specific
            if skip or arg == "--build":
                skip = not skip
                continue
            shown.append(arg)
        write_doc(a.doc, head, sections, " ".join(shown))


def table_44(a, caramba, env, work):
    """First call (JIT compile of the translated file's kernels, a process of
    its own, the kernel cache empty for this translation but the precompiled
    header built) and the warm call (median) at the smallest size, with the
    file translated without types and with the types `caramba record` saw."""
    import numpy as np
    rows = []
    for kernel, f, fn, exps in KERNELS:
        src = os.path.join(THESIS, f)
        n = 10 ** min(exps)
        path = os.path.join(work, "t44_%s.npz" % kernel)
        np.savez(path, **{"arg%d" % i: x for i, x in enumerate(inputs_for(kernel, n))})
        profile = record_types(caramba, env, work, src, [(kernel, f, fn, exps)])
        cells = [kernel]
        firsts, warms = [], []
        for typed in (True, False):
            out = os.path.join(work, "t44_%s_%s.py" % (kernel, "typed" if typed else "untyped"))
            cmd = [caramba, src, "-o", out] + (["--types", profile] if typed else ["--no-types"])
            if typed and not profile:
                firsts.append("record failed")
                warms.append("-")
                continue
            run(cmd)
            # Each translation compiles its kernels on first call in a cache of its own
            # that already holds the precompiled header (copied from the run's cache).
            cold = dict(env)
            cold["PYKOKKOS_RT_CACHE_DIR"] = tempfile.mkdtemp(prefix="cold-", dir=work)
            pch = os.path.join(env["PYKOKKOS_RT_CACHE_DIR"], "pch")
            if os.path.isdir(pch):
                shutil.copytree(pch, os.path.join(cold["PYKOKKOS_RT_CACHE_DIR"], "pch"))
            r = measure("OpenMP", out, fn, path, cold, 0.5)
            firsts.append(r.get("error", "%.2f s" % r["first"]) if "first" in r else r.get("error"))
            warms.append(r.get("error", ms(r.get("median"))) if "median" in r else "-")
        rows.append(cells + firsts + warms)
    for src, v in THESIS_44.items():
        rows.append(["(thesis) " + src, "%.2f s" % v[0], "%.2f s" % v[1], "%.2f" % v[2], "%.2f" % v[3]])
    return table(["kernel", "first call, recorded types", "first call, no types", "warm call ms, recorded types",
                  "warm call ms, no types"], rows)


def write_doc(path, head, sections, args):
    lines = ["# Benchmarks: the thesis's chapter 4, rebuilt", "",
             "Generated by `scripts/bench-thesis%s`; do not edit by hand. Each measured side (Numba, the "
             "translation on Kokkos OpenMP, the translation on Kokkos Serial) runs in its own process with the "
             "same pinned thread count; times are medians of up to 13 warm calls (the thesis's count)." %
             (" " + args if args else ""), "", head, ""]
    lines += ["How to read it: Numba / OpenMP above 1 means the translation is faster. The thesis measured "
              "on its own machine; compare ratios, not absolute times. `sum2d`, `sum3d`, `star` and `star2` "
              "are serial Numba kernels: the translator proves their loops independent and runs them in "
              "parallel (`--parallelize=auto`), so the OpenMP column uses every pinned thread while Numba "
              "uses one; the Serial column is the equal-thread comparison. Numba's own parallel kernel "
              "(`lennard_jones`) wakes its thread pool on every call: on a loaded machine that costs it "
              "tens of milliseconds at small sizes. In the dispatch table, \"quiet\" means no busy process "
              "of the benchmark's own and \"loaded\" one busy process per core but one; the machine itself "
              "may be shared (see the load average).", ""]
    for title, body in sections:
        lines += ["## " + title, "", body, ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))
    print("\nwrote " + os.path.relpath(path, ROOT))


if __name__ == "__main__":
    main()
