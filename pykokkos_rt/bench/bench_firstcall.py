"""scripts/bench-firstcall: cold and warm first calls of translated files, each
in its own process (see the script's header)."""
import argparse
import glob
import json
import os
import re
import resource
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


def cpu_of_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed_run(argv, reps):
    """Runs argv `reps` times; the median wall and CPU seconds (user+system of
    the compiler's processes), and the last run's output."""
    walls, cpus, out = [], [], ""
    for _ in range(reps):
        c0, t0 = cpu_of_children(), time.perf_counter()
        p = subprocess.run(argv, capture_output=True, text=True)
        walls.append(time.perf_counter() - t0)
        cpus.append(cpu_of_children() - c0)
        if p.returncode != 0:
            raise SystemExit("bench-firstcall --breakdown: %s failed:\n%s" % (" ".join(argv), p.stderr[-2000:]))
        out = p.stderr
    return statistics.median(walls), statistics.median(cpus), out


def time_report_phases(report):
    """The -ftime-report lines the breakdown shows: user seconds by name."""
    phases = {}
    for line in report.splitlines():
        m = re.match(r"\s*(phase [^:]+?|template instantiation|PCH main state restore|TOTAL)\s*:\s*([0-9.]+)", line)
        if m:
            phases[m.group(1)] = float(m.group(2))
    return phases


TOOLCHAIN = "import json, pykokkos._core as c; print(json.dumps(c.toolchain()))"

DLOPEN = r"""
import ctypes, os, sys, time
import pykokkos
t = time.perf_counter()
ctypes.CDLL(sys.argv[1], os.RTLD_NOW | os.RTLD_LOCAL)
print(time.perf_counter() - t)
"""


def breakdown(cache, work, env, reps):
    """Where a cold first call's compile time goes: the module sources the
    cold run left in `cache` (<key>.cpp), compiled again stage by stage with
    the runtime's own compiler, flags, PCH and link (as compiler_runs.cpp
    runs them): the empty unit (the PCH's load and the template instantiations
    it leaves to every unit), the module's front end, optimisation and code
    generation, the assembler, the link, and the dlopen of the result."""
    tc = json.loads(subprocess.run([sys.executable, "-c", TOOLCHAIN], env=env, capture_output=True, text=True,
                                   check=True).stdout)
    compile_ = [tc["cxx"]] + tc["flags"] + ["-I" + tc["kokkos_include"]]
    if tc.get("pch_header"):
        compile_ += ["-include", tc["pch_header"]]
    libs = ["-L" + tc["kokkos_libdir"], "-lkokkoscore", "-Wl,-rpath," + tc["kokkos_libdir"]]
    units = []
    for cpp in sorted(glob.glob(os.path.join(cache, "kernels", "*.cpp"))):
        text = open(cpp).read()
        # a module split into several units is kept as the units one after the other
        parts = re.split(r"^// ---- translation unit \d+ of \d+\n", text, flags=re.M)
        units += [p for p in parts if p.strip()]
    d = os.path.join(work, "breakdown")
    os.makedirs(d, exist_ok=True)
    empty = os.path.join(d, "empty.cpp")
    with open(empty, "w") as f:
        f.write("int crb_empty;\n")
    row = {"units": len(units)}
    row["pch_wall"], row["pch_cpu"], _ = timed_run(compile_ + ["-fsyntax-only", empty], reps)
    objects = []
    for i, text in enumerate(units):
        src, asm, obj = (os.path.join(d, "unit%d.%s" % (i, x)) for x in ("cpp", "s", "o"))
        with open(src, "w") as f:
            f.write(text)
        for key, argv in (("front", compile_ + ["-fsyntax-only", src]),
                          ("to_asm", compile_ + ["-S", "-ftime-report", "-o", asm, src]),
                          ("assemble", [tc["cxx"], "-c", "-o", obj, asm])):
            wall, cpu, out = timed_run(argv, reps)
            row[key + "_wall"] = row.get(key + "_wall", 0) + wall
            row[key + "_cpu"] = row.get(key + "_cpu", 0) + cpu
            if key == "to_asm":
                for k, v in time_report_phases(out).items():
                    row.setdefault("report", {})[k] = row.get("report", {}).get(k, 0) + v
        objects.append(obj)
    so = os.path.join(d, "module.so")
    row["link_wall"], row["link_cpu"], _ = timed_run(
        [tc["cxx"]] + tc["flags"] + ["-shared"] + tc["link_flags"] + ["-o", so] + objects + libs, reps)
    loads = [float(subprocess.run([sys.executable, "-c", DLOPEN, so], env=env, capture_output=True, text=True,
                                  check=True).stdout) for _ in range(reps)]
    row["dlopen_wall"] = statistics.median(loads)
    return row


def print_breakdown(name, cold, warm, b):
    """One table per file: the cold process's parts and the compiler's stages."""
    med = lambda rows, f: statistics.median(x[f] for x in rows)
    rep = b.get("report", {})
    lines = [
        ("python: import numpy, pykokkos (Kokkos initialisation)", med(cold, "import_s"), None),
        ("python: the translated module (definitions)", med(cold, "module_s"), None),
        ("cold first calls, all (runas calls, as the table above)", med(cold, "first_calls_s"),
         med(cold, "compiler_cpu_s")),
        ("  of which the runtime's builds (compile, link, load)", med(cold, "build_s"), None),
        ("  the rest: generation, cache lookups, dispatch, kernels", med(cold, "first_calls_s") - med(cold, "build_s"),
         None),
        ("warm first calls (generation, lookup, dlopen, dispatch)", med(warm, "first_calls_s"), None),
        ("g++ stage by stage, %d unit(s), compiled again:" % b["units"], None, None),
        ("  empty unit: PCH load + pending instantiations (per unit)", b["pch_wall"], b["pch_cpu"]),
        ("  front end of the module's units (incl. the above)", b["front_wall"], b["front_cpu"]),
        ("  + optimisation and code generation (-S)", b["to_asm_wall"] - b["front_wall"],
         b["to_asm_cpu"] - b["front_cpu"]),
        ("  assembler (driver + as)", b["assemble_wall"], b["assemble_cpu"]),
        ("  link (%s)" % ("gold" if b.get("gold") else "the driver's linker"), b["link_wall"], b["link_cpu"]),
        ("  dlopen of the module (pykokkos loaded)", b["dlopen_wall"], None),
        ("-ftime-report of -S (user s): PCH restore %.2f, parsing %.2f, deferred (templates) %.2f,"
         % (rep.get("PCH main state restore", 0), rep.get("phase parsing", 0), rep.get("phase lang. deferred", 0)),
         None, None),
        ("  template instantiation %.2f, opt and generate %.2f, total %.2f"
         % (rep.get("template instantiation", 0), rep.get("phase opt and generate", 0), rep.get("TOTAL", 0)),
         None, None),
    ]
    print("%s:" % name)
    for label, wall, cpu in lines:
        print("  %-62s %9s %9s" % (label, "" if wall is None else "%.4f s" % wall if wall < 0.01 else "%.3f s" % wall,
                                   "" if cpu is None else "%.3f s" % cpu))
    print()


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
    ap.add_argument("--threads", type=int,
                    help="OMP_NUM_THREADS of the measured processes (default: $OMP_NUM_THREADS, else 2)")
    ap.add_argument("--jobs", type=int,
                    help="compilers one module's build may run at once (PYKOKKOS_RT_COMPILE_JOBS; default: the "
                         "runtime's choice, the idle processors at build time)")
    ap.add_argument("--breakdown", action="store_true",
                    help="after each file's rounds, where its cold first call's time goes: the runtime's build, and "
                         "the module's sources compiled again stage by stage (PCH, front end, optimisation, "
                         "assembler, link, dlopen), median of --rounds")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = [os.path.abspath(f) for f in a.files] or sorted(glob.glob(os.path.join(a.root, "corpora", "thesis", "*.py")))
    work = tempfile.mkdtemp(prefix="bench-firstcall-")
    env = dict(os.environ)
    if a.threads:
        env["OMP_NUM_THREADS"] = str(a.threads)
    env.setdefault("OMP_NUM_THREADS", "2")
    if a.jobs:
        env["PYKOKKOS_RT_COMPILE_JOBS"] = str(a.jobs)
    before, pch_s = ensure_pch(work, env)
    print("first calls of translated files: cold = empty kernel cache, warm = the cache the cold run filled;")
    print("each run in its own process; OMP_NUM_THREADS=%s; median of %d rounds; load average %.1f; %d processors"
          % (env["OMP_NUM_THREADS"], a.rounds, os.getloadavg()[0], len(os.sched_getaffinity(0))))
    print("compilers per module build: %s" % (env["PYKOKKOS_RT_COMPILE_JOBS"] + " (PYKOKKOS_RT_COMPILE_JOBS)"
                                             if env.get("PYKOKKOS_RT_COMPILE_JOBS") else
                                             "the runtime's choice (one unit per idle processor, at most one per "
                                             "workunit)"))
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
    breakdowns = []
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
        if a.breakdown:
            b = breakdown(os.path.join(work, "cache-%s-0" % name), os.path.join(work, name), env, a.rounds)
            b["gold"] = "-fuse-ld=gold" in json.loads(subprocess.run(
                [sys.executable, "-c", TOOLCHAIN], env=env, capture_output=True, text=True).stdout)["link_flags"]
            results[name]["breakdown"] = b
            breakdowns.append((name, cold, warm, b))
    print()
    for args in breakdowns:
        print_breakdown(*args)
    print("cold 1st call: from the first runas call to the end of the last (kernel generation, compile, load, run);")
    print("compiler CPU: user+system time of the compilers of the cold run (the wall time on an idle machine")
    print("  when one compiler runs at a time); cold process: the whole process (interpreter, NumPy, Kokkos initialisation, the calls).")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"load": os.getloadavg()[0], "pch_built_s": None if before["pch_files"] else pch_s,
                       "files": results}, f)


if __name__ == "__main__":
    main()
