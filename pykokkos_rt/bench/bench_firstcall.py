"""scripts/bench-firstcall: cold and warm first calls of translated files, each
in its own process (see the script's header)."""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

CHILD = r"""
import importlib.util, json, re, resource, sys, time
t0 = time.perf_counter()
import numpy as np
import pykokkos as pk
t1 = time.perf_counter()
path = sys.argv[1]
spec = importlib.util.spec_from_file_location("translated", path)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
t2 = time.perf_counter()
calls = re.findall(r"^# caramba: runas (.*)$", open(path).read(), re.M)
ns = dict(vars(module))
ns.update(np=np, N=64, N2=32, N3=16)
np.random.seed(0)
for call in calls:
    eval(call, ns)
t3 = time.perf_counter()
children = resource.getrusage(resource.RUSAGE_CHILDREN)
kernels = [k for k, _ in pk._specialisations.values()]
json.dump({"import_s": t1 - t0, "module_s": t2 - t1, "first_calls_s": t3 - t2, "calls": len(calls),
           "compiler_cpu_s": children.ru_utime + children.ru_stime,
           "kernels": len(kernels), "compiled": sum(k.compiled for k in kernels),
           "build_s": sum(k.build_seconds for k in kernels)}, sys.stdout)
"""

TRIVIAL = r"""
import time, numpy as np, pykokkos as pk
t = time.perf_counter()
pk.parallel_for(1, _warm, x=np.zeros(1))
print(time.perf_counter() - t)
"""


def child(path, cache, env):
    env = dict(env, PYKOKKOS_RT_CACHE_DIR=cache, PYKOKKOS_RT_QUIET="1")
    began = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", CHILD, path], env=env, capture_output=True, text=True, timeout=600)
    wall = time.perf_counter() - began
    if proc.returncode != 0:
        raise SystemExit("bench-firstcall: %s failed:\n%s" % (path, proc.stderr[-3000:]))
    r = json.loads(proc.stdout)
    r["process_s"] = wall
    return r


RECORD = r"""
import importlib.util, re, sys
import numpy as np
path = sys.argv[1]
spec = importlib.util.spec_from_file_location("original", path)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
ns = dict(vars(module))
ns.update(np=np, N=64, N2=32, N3=16)
np.random.seed(0)
for call in re.findall(r"^# caramba: runas (.*)$", open(path).read(), re.M):
    eval(call, ns)
"""


def translate(caramba, src, out, work, record):
    """Translates `src` into `out`; with `record`, with the types Numba compiles
    for the file's runas calls (`caramba record`), as a user of a file without
    eager signatures would. Returns the failed run or None."""
    cmd = [caramba, "-q", src, "-o", out]
    if record:
        runner = os.path.join(work, "record_runner.py")
        with open(runner, "w") as f:
            f.write(RECORD)
        profile = os.path.splitext(out)[0] + ".types.json"
        r = subprocess.run([caramba, "record", "-q", "-o", profile, "--", sys.executable, runner, src],
                           capture_output=True, text=True, cwd=work)
        if r.returncode != 0 or not os.path.exists(profile):
            return r
        cmd += ["--types", profile]
    t = subprocess.run(cmd, capture_output=True, text=True, cwd=work)
    return None if t.returncode in (0, 1) and os.path.exists(out) else t


def ensure_pch(work, env):
    """Builds the shared precompiled header if this user has none (timed)."""
    sys.path.insert(0, os.path.join(os.environ.get("PYTHONPATH", "").split(":")[0]))
    probe = os.path.join(work, "pch_probe.py")
    with open(probe, "w") as f:
        f.write("import pykokkos as pk\n\n\n@pk.workunit\ndef _warm(i, x):\n    x[i] = 1.0\n\n" + TRIVIAL)
    env = dict(env, PYKOKKOS_RT_CACHE_DIR=os.path.join(work, "pch-probe-cache"), PYKOKKOS_RT_QUIET="1")
    info = subprocess.run([sys.executable, "-c", "import json, pykokkos._cache as c; print(json.dumps(c.info()))"],
                          env=env, capture_output=True, text=True, check=True, timeout=120)
    before = json.loads(info.stdout)
    began = time.perf_counter()
    subprocess.run([sys.executable, probe], env=env, check=True, capture_output=True, timeout=900)
    return before, time.perf_counter() - began


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--caramba", required=True)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--compare", action="store_true",
                    help="measure three ways, alternating in each round: one translation unit per workunit "
                         "(PYKOKKOS_RT_MODULE_UNITS=0), the module in one translation unit (PYKOKKOS_RT_COMPILE_JOBS=1) "
                         "and the module split into units compiled in parallel (the default)")
    ap.add_argument("--record", action="store_true",
                    help="translate with the types Numba compiles for the file's runas calls (caramba record), "
                         "so kernels that need recorded types (lennard_jones) are measured too")
    ap.add_argument("--json", help="also write the cold and warm first calls to this file")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = [os.path.abspath(f) for f in a.files] or sorted(glob.glob(os.path.join(a.root, "corpora", "thesis", "*.py")))
    work = tempfile.mkdtemp(prefix="bench-firstcall-")
    env = dict(os.environ)
    before, pch_s = ensure_pch(work, env)
    print("first calls of translated files: cold = empty kernel cache, warm = the cache the cold run filled;")
    print("each run in its own process; OMP_NUM_THREADS=%s; median of %d rounds; load average %.1f"
          % (os.environ.get("OMP_NUM_THREADS"), a.rounds, os.getloadavg()[0]))
    print("shared precompiled header (%s): %s" % (before["pch_dir"], "present" if before["pch_files"] else
                                                   "built now, once per user and compiler, in %.2f s" % pch_s))
    print()
    if a.compare:
        print("per wu: one translation unit per workunit, one after the other (PYKOKKOS_RT_MODULE_UNITS=0); "
              "one unit: the module in one translation unit (PYKOKKOS_RT_COMPILE_JOBS=1); parallel: the default, the "
              "module split into one unit per idle processor (of %d), compiled at once; the three alternate in each round"
              % len(os.sched_getaffinity(0)))
        print()
        head = "%-18s %7s %14s %14s %14s %16s %16s %16s" % (
            "file", "kernels", "CPU, per wu", "CPU, one unit", "CPU, parallel", "cold, per wu", "cold, one unit",
            "cold, parallel")
        print(head)
        print("-" * len(head))
    else:
        head = "%-18s %7s %9s %14s %14s %12s %12s %8s" % ("file", "kernels", "compiled", "cold 1st call",
                                                          "warm 1st call", "compiler CPU", "cold process", "<= 2 s")
    if not a.compare:
        print(head)
        print("-" * len(head))
    results = {}
    for src in files:
        name = os.path.splitext(os.path.basename(src))[0]
        out = os.path.join(work, name + ".py")
        t = translate(a.caramba, src, out, work, a.record)
        if t is not None:
            print("%-18s translation failed (exit %d): %s" % (name, t.returncode, t.stderr.strip()[:200]))
            continue
        if a.compare:
            ways = [("wu", {"PYKOKKOS_RT_MODULE_UNITS": "0"}), ("one", {"PYKOKKOS_RT_COMPILE_JOBS": "1"}),
                    ("parallel", {})]
            runs = {w: [] for w, _ in ways}
            for r in range(a.rounds):
                for w, extra in ways:
                    runs[w].append(child(out, os.path.join(work, "%s-%s-%d" % (w, name, r)), dict(env, **extra)))
            if runs["parallel"][0]["kernels"] == 0:
                print("%-18s       0 (every kernel stays Numba without recorded types)" % name)
                continue

            def med(rows, field):
                return statistics.median(x[field] for x in rows)
            print("%-18s %7d %12.2f s %12.2f s %12.2f s %14.2f s %14.2f s %14.2f s" % (
                (name, runs["parallel"][0]["kernels"]) + tuple(med(runs[w], "compiler_cpu_s") for w, _ in ways) +
                tuple(med(runs[w], "first_calls_s") for w, _ in ways)))
            continue
        cold, warm = [], []
        for r in range(a.rounds):
            cache = os.path.join(work, "cache-%s-%d" % (name, r))
            cold.append(child(out, cache, env))
            warm.append(child(out, cache, env))
        c = statistics.median(x["first_calls_s"] for x in cold)
        w = statistics.median(x["first_calls_s"] for x in warm)
        p = statistics.median(x["process_s"] for x in cold)
        cpu = statistics.median(x["compiler_cpu_s"] for x in cold)
        if cold[0]["kernels"] == 0:  # every kernel stayed Numba: its times are Numba's JIT, not ours
            print("%-18s       0         - (every kernel stays Numba without recorded types; see caramba record)"
                  % name)
            results[name] = {"kernels": 0}
            continue
        results[name] = {"kernels": cold[0]["kernels"], "compiled": cold[0]["compiled"], "cold_s": c, "warm_s": w,
                         "compiler_cpu_s": cpu, "process_s": p, "rounds": a.rounds}
        print("%-18s %7d %9d %12.2f s %12.3f s %10.2f s %10.2f s %8s" % (
            name, cold[0]["kernels"], cold[0]["compiled"], c, w, cpu, p, "yes" if c <= 2.0 else "NO"))
    print()
    print("cold 1st call: from the first runas call to the end of the last (kernel generation, compile, load, run);")
    print("compiler CPU: user+system time of the compilers of the cold run (the wall time on an idle machine")
    print("  when one compiler runs at a time); cold process: the whole process (interpreter, NumPy, Kokkos initialisation, the calls).")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"load": os.getloadavg()[0], "pch_built_s": None if before["pch_files"] else pch_s,
                       "files": results}, f)


if __name__ == "__main__":
    main()
