"""The thesis's chapter 4 tables rebuilt side by side, and issue 16's checks
(run through scripts/bench-thesis; one command writes docs/benchmarks.md).

Table 4.1  translation time per thesis file (bench_translate, in process)
Table 4.2  kernel time against Numba at the thesis's sizes: Numba (the file as
           written), the translation on Kokkos OpenMP and on Kokkos Serial,
           each side in its own process with the same pinned thread count;
           with --loads quiet,loaded the rows with 1 ms of work or more again
           with one busy process per core but one
Serial     the serial kernels translated as Numba runs them (--parallelize=none,
           one pk.Serial kernel) against Numba
Table 4.3  the GPU table: measured only on a machine with a GPU (scripts/gpu-test)
Table 4.4  first-call (compile) and warm-call overhead of each translated kernel,
           translated with recorded types (`caramba record`) and without
First      the cold first call of each thesis file (scripts/bench-firstcall
           --record), quiet and loaded
Dispatch   a one-iteration kernel on OpenMP (scripts/bench-dispatch), quiet and loaded

Each measured side runs in a child process of this script (`--child`), which
loads the module, reads the inputs from an .npz file, calls the kernel once
(JIT compile) and then times it: the median of up to 13 calls (the thesis's
count) or as many as fit in --budget seconds, at least 3.
The summary (bench_thesis_report.py) says which of issue 16's checks pass on
this machine, with the numbers; docs/benchmarks.md gets the tables, the
summary and the plots (docs/benchmarks-*.png, when matplotlib imports).
"""
import argparse
import contextlib
import importlib.util
import json
import math
import os
import platform
import shutil
import signal
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


def table_41(build, repeat, results):
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
    results["41"] = {f: {"kernels": v[0], "wall_ms": v[1], "min_ms": v[2], "cpu_ms": v[3]} for f, v in ours.items()}
    for f, (tf, tk, tp, tt, total) in THESIS_41.items():
        k, med, best, cpu = ours.get(f, (0, float("nan"), float("nan"), float("nan")))
        rows.append([f, tf, k, "%.3f" % med, "%.3f" % best, "%.3f" % cpu, "%.2f" % total, "%.1fx" % (total / cpu)])
    return table(["file", "thesis file", "kernels", "ours: wall ms (median)", "wall ms (min)", "CPU ms (median)",
                  "thesis total ms", "thesis / our CPU"], rows)


def translate(caramba, src, out, space, profile=None, extra=()):
    return run([caramba, src, "-o", out, "--space", space] + (["--types", profile] if profile else []) +
               list(extra)).returncode


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


@contextlib.contextmanager
def machine(load, threads):
    """"loaded": one busy process per pinned thread but one (at least one), as
    scripts/bench-dispatch does; "quiet": none of the benchmark's own."""
    busy = []
    if load == "loaded":
        busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(max(int(threads) - 1, 1))]
        time.sleep(0.5)
    try:
        yield
    finally:
        for b in busy:
            b.kill()
            b.wait()


def loadavg():
    return " ".join(open("/proc/loadavg").read().split()[:3])


def cell(r, key="median"):
    return r.get("error", ms(r.get(key))) if r else "-"


def ratio(a, b):
    return "%.2f" % (a["median"] / b["median"]) if a and b and "median" in a and "median" in b else "-"


def kernel_times(a, caramba, env, work, results):
    import bench_thesis_report as report
    """Table 4.2 (quiet, then the rows with 1 ms of work or more loaded) and
    the serial translations against Numba. Fills results["42"] and
    results["serial"] for the summary and the plots."""
    import numpy as np
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
        # As Numba runs a serial kernel: one kernel on pk.Serial, no loop parallelised.
        out = os.path.join(work, "%s_none.py" % f[:-3])
        translate(caramba, src, out, "OpenMP", profile, ["--parallelize=none"])
        trans[(f, "none")] = out
    rows, serial_rows, measured, serial = [], [], [], []
    for load in a.loads.split(","):
        for kernel, f, fn, exps in KERNELS:
            if wanted and kernel not in wanted:
                continue
            for e in exps:
                if e > (a.max_exp_lj if kernel == "lennard_jones" else a.max_exp):
                    continue
                quiet = [m for m in measured if m["kernel"] == kernel and m["exp"] == e and m["load"] == "quiet"]
                # Loaded after quiet: only the sizes the checks are about (1 ms of work or more).
                if load != "quiet" and "quiet" in a.loads.split(",") and not (quiet and max(report.work(quiet[0]["numba"], quiet[0][s])
                                                          for s in ("OpenMP", "Serial")) >= report.WORK_S):
                    continue
                path = os.path.join(work, "%s_%d.npz" % (kernel, e))
                np.savez(path, **{"arg%d" % i: x for i, x in enumerate(inputs_for(kernel, 10 ** e))})
                with machine(load, env["OMP_NUM_THREADS"]):
                    nb = measure("numba", os.path.join(THESIS, f), fn, path, env, a.budget)
                    omp = measure("OpenMP", trans[(f, "OpenMP")], fn, path, env, a.budget)
                    ser = measure("Serial", trans[(f, "Serial")], fn, path, env, a.budget)
                    # The serial check: Numba's serial kernels, at 1 ms of work or more.
                    none = None
                    if kernel != "lennard_jones" and report.work(nb, ser) >= report.WORK_S:
                        none = measure("Serial", trans[(f, "none")], fn, path, env, a.budget)
                os.remove(path)
                m = {"kernel": kernel, "exp": e, "load": load, "numba": nb, "OpenMP": omp, "Serial": ser,
                     "parallel_numba": kernel == "lennard_jones"}
                measured.append(m)
                th = THESIS_42.get((kernel, e), (None, None, None))
                same = "-"
                if "value" in nb and "value" in omp:
                    same = "yes" if np.isclose(nb["value"], omp["value"], rtol=1e-6) else "NO"
                row = [kernel, "10^%d" % e, load, cell(nb), cell(omp), cell(ser), ratio(nb, omp), ratio(nb, ser), same,
                       "-" if th[2] is None else "%.2f" % th[2], "-" if th[1] is None else "%.2f" % th[1]]
                rows.append(row)
                print("  " + " | ".join(row), flush=True)
                if none is not None:
                    sm = {"kernel": kernel, "exp": e, "load": load, "numba": nb, "none": none}
                    serial.append(sm)
                    same = "-"
                    if "value" in nb and "value" in none:
                        same = "yes" if np.isclose(nb["value"], none["value"], rtol=1e-6) else "NO"
                    serial_rows.append([kernel, "10^%d" % e, load, cell(nb), cell(none), ratio(none, nb), same])
    results["42"], results["serial"] = measured, serial
    t42 = table(["kernel", "size", "machine", "Numba ms", "Kokkos OpenMP ms", "Kokkos Serial ms", "Numba / OpenMP",
                 "Numba / Serial", "same result", "thesis Numba ms", "thesis PyKokkos kernel ms"], rows)
    tser = table(["kernel", "size", "machine", "Numba ms (serial kernel)", "translation, one pk.Serial kernel ms",
                  "translation / Numba", "same result"], serial_rows)
    return t42, tser


def first_calls(a, env, work, results):
    """The cold first call of each thesis file, quiet and loaded
    (scripts/bench-firstcall --record); the shared PCH stays."""
    outputs = []
    fenv = dict(env, OMP_PROC_BIND=env.get("OMP_PROC_BIND", "false"))
    fenv.pop("PYKOKKOS_RT_CACHE_DIR", None)  # bench-firstcall gives each run its own
    results["firstcall"] = {}
    for load in a.loads.split(","):
        out = os.path.join(work, "firstcall_%s.json" % load)
        with machine(load, env["OMP_NUM_THREADS"]):
            p = run([sys.executable, os.path.join(ROOT, "pykokkos_rt", "bench", "bench_firstcall.py"), "--root", ROOT,
                     "--caramba", os.path.join(a.build, "caramba"), "--record", "--rounds", str(a.firstcall_rounds),
                     "--json", out], env=fenv)
        results["firstcall"][load] = json.load(open(out))
        outputs.append("machine %s (load average %s):\n\n```\n%s\n```" % (load, loadavg(), p.stdout.strip()))
        print(outputs[-1], flush=True)
    return "\n\n".join(outputs)


def dispatch(a, env, work, results):
    out = os.path.join(work, "dispatch.json")
    cmd = [sys.executable, os.path.join(ROOT, "pykokkos_rt", "bench", "bench_dispatch.py"), "--calls",
           str(a.dispatch_calls), "--loads", a.loads, "--json", out]
    if a.dispatch_only:
        cmd += ["--only", a.dispatch_only]
    p = run(cmd, env=env)
    results["dispatch"] = json.load(open(out))
    print("\n" + p.stdout, flush=True)
    return "```\n" + p.stdout.strip() + "\n```"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--child", action="store_true")
    ap.add_argument("--side")
    ap.add_argument("--module")
    ap.add_argument("--function")
    ap.add_argument("--inputs")
    ap.add_argument("--budget", type=float, default=1.0, help="seconds of timed calls per measurement")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--max-exp", type=int, default=7, help="largest size 10^k of the array kernels (thesis: 8)")
    ap.add_argument("--max-exp-lj", type=int, default=4, help="largest Lennard-Jones size 10^k (thesis: 5)")
    ap.add_argument("--kernels", default="", help="comma-separated subset of lennard_jones,sum2d,sum3d,star,star2")
    ap.add_argument("--repeat", type=int, default=51, help="translations per file for table 4.1")
    ap.add_argument("--only", default="41,42,44,first,dispatch")
    ap.add_argument("--loads", default="quiet,loaded", help="quiet, loaded or both (the checks ask for both)")
    ap.add_argument("--firstcall-rounds", type=int, default=2, help="cold and warm runs per file and machine state")
    ap.add_argument("--dispatch-calls", type=int, default=1000)
    ap.add_argument("--dispatch-only", default="", help="bench-dispatch's --only (default: every configuration)")
    ap.add_argument("--quick", action="store_true",
                    help="a few minutes: sizes up to 10^6 (Lennard-Jones 10^3), 0.5 s per measurement, 21 "
                         "translations, one first-call round, the dispatch's default and 1-thread rows")
    ap.add_argument("--doc", default=os.path.join(ROOT, "docs", "benchmarks.md"), help="'-' for none")
    a = ap.parse_args()
    if a.child:
        return child(a)
    if a.quick:
        a.max_exp, a.max_exp_lj, a.budget, a.repeat, a.firstcall_rounds = 6, 3, 0.5, 21, 1
        a.dispatch_calls, a.dispatch_only = 500, a.dispatch_only or "runtime default,1 thread"

    import numpy as np
    import bench_thesis_report as report
    # Killed (SIGTERM), still stop the busy processes of a loaded section and remove the work folder.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    threads = os.environ.get("OMP_NUM_THREADS", "2")
    caramba = os.path.join(a.build, "caramba")
    env = dict(os.environ)
    env.update({"OMP_NUM_THREADS": threads, "NUMBA_NUM_THREADS": threads,
                "PYKOKKOS_RT_CORE_DIR": os.path.join(a.build, "pykokkos_rt"),
                "PYTHONPATH": os.pathsep.join([os.path.join(ROOT, "pykokkos_rt", "python")] +
                                              ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else []))})
    work = tempfile.mkdtemp(prefix="bench-thesis-")
    env.setdefault("PYKOKKOS_RT_CACHE_DIR", os.path.join(work, "cache"))
    sections, results = [], {"threads": int(threads)}
    began = time.perf_counter()
    head = ("Measured on this machine, %d cores, Python %s, NumPy %s; %s threads for Numba and Kokkos OpenMP alike "
            "(OMP_NUM_THREADS, NUMBA_NUM_THREADS); load average at the start %s."
            % (os.cpu_count(), platform.python_version(), np.__version__, threads, loadavg()))
    print(head)
    try:
        def timed(name, fn):
            t = time.perf_counter()
            out = fn()
            results["seconds"][name] = time.perf_counter() - t
            print("(%s: %.0f s)" % (name, results["seconds"][name]), flush=True)
            return out
        results["seconds"] = {}
        if "41" in a.only:
            t = timed("table 4.1", lambda: table_41(a.build, a.repeat, results))
            sections.append(("Table 4.1: translation time per file", t))
            print("\nTable 4.1: translation time per file\n" + t, flush=True)
        if "42" in a.only:
            t42, tser = timed("table 4.2 and serial kernels", lambda: kernel_times(a, caramba, env, work, results))
            sections.append(("Table 4.2: kernel time against Numba (median; each side in its own process)", t42))
            sections.append(("A serial kernel against Numba: the serial thesis kernels translated with "
                             "`--parallelize=none`", tser))
            print("\nTable 4.2\n" + t42 + "\n\nSerial kernels\n" + tser, flush=True)
        if "44" in a.only:
            sections.append(("Table 4.4: first call and warm call of each translated kernel",
                             timed("table 4.4", lambda: table_44(a, caramba, env, work))))
            print("\nTable 4.4\n" + sections[-1][1], flush=True)
        if "first" in a.only:
            sections.append(("Cold first call of each thesis file (scripts/bench-firstcall --record)",
                             timed("first calls", lambda: first_calls(a, env, work, results))))
        if "dispatch" in a.only:
            sections.append(("Dispatch: a one-iteration kernel on OpenMP (scripts/bench-dispatch)",
                             timed("dispatch", lambda: dispatch(a, env, work, results))))
        g = table(["atoms", "thesis PyKokkos GPU ms", "thesis Numba ms"],
                  [["10^%d" % e, "%.2f" % v[0], "%.2f" % v[1]] for e, v in THESIS_43.items()])
        sections.append(("Table 4.3: GPU (not measured by this run)",
                         "This machine has no GPU: `scripts/gpu-test` on the GPU machine measures it "
                         "(docs/gpu.md). The thesis's figures:\n\n" + g))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    results["minutes"] = (time.perf_counter() - began) / 60
    summary = report.summary(results)
    print("\n" + summary)
    if a.doc != "-":
        shown, skip = [], False
        for arg in sys.argv[1:]:  # the build folder is the wrapper's, machine-specific
            if skip or arg == "--build":
                skip = not skip
                continue
            shown.append(arg)
        report.write_doc(a.doc, head, summary, sections, results, " ".join(shown))


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
            # Each translation compiles its kernels on first call in a cache of its own;
            # the precompiled header is the shared one (one per user and toolchain).
            cold = dict(env)
            cold["PYKOKKOS_RT_CACHE_DIR"] = tempfile.mkdtemp(prefix="cold-", dir=work)
            r = measure("OpenMP", out, fn, path, cold, 0.5)
            firsts.append(r.get("error", "%.2f s" % r["first"]) if "first" in r else r.get("error"))
            warms.append(r.get("error", ms(r.get("median"))) if "median" in r else "-")
        rows.append(cells + firsts + warms)
    for src, v in THESIS_44.items():
        rows.append(["(thesis) " + src, "%.2f s" % v[0], "%.2f s" % v[1], "%.2f" % v[2], "%.2f" % v[3]])
    return table(["kernel", "first call, recorded types", "first call, no types", "warm call ms, recorded types",
                  "warm call ms, no types"], rows)


if __name__ == "__main__":
    main()
