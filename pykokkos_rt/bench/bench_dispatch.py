"""Dispatch overhead of the OpenMP pool (run through scripts/bench-dispatch).

The parent runs one child process per configuration (wait policy, spin count,
binding, thread count), each with the machine quiet and then loaded (one busy
process per core but one, started by the parent), and prints one table. A
child measures a one-iteration pk.parallel_for on OpenMP and on Serial:

- back to back: the pool is still awake from the previous call;
- after a pause: 2 ms of Python sleep between calls, so a pool that sleeps
  when idle must be woken (the case of a host program doing host work);
- idle CPU: CPU seconds the process burns per wall second while the host
  sleeps between calls (1.0 = one core spent spinning for nothing).
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time


def child(calls):
    import numpy as np
    import pykokkos as pk
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from dispatch_kernels import touch

    x = np.zeros(1)
    out = {}
    for space in (pk.Serial, pk.OpenMP):
        policy = pk.RangePolicy(space, 0, 1)
        pk.parallel_for(policy, touch, x=x)
        times = []
        for _ in range(calls):
            t = time.perf_counter()
            pk.parallel_for(policy, touch, x=x)
            times.append(time.perf_counter() - t)
        paused = []
        for _ in range(max(calls // 10, 20)):
            time.sleep(0.002)
            t = time.perf_counter()
            pk.parallel_for(policy, touch, x=x)
            paused.append(time.perf_counter() - t)
        ru0, w0 = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
        for _ in range(50):
            pk.parallel_for(policy, touch, x=x)
            time.sleep(0.004)
        ru1, w1 = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
        cpu = (ru1.ru_utime - ru0.ru_utime) + (ru1.ru_stime - ru0.ru_stime)
        times.sort()
        paused.sort()
        out[space.value] = {
            "median": statistics.median(times) * 1e6,
            "p90": times[int(0.9 * len(times))] * 1e6,
            "paused_median": statistics.median(paused) * 1e6,
            "paused_p90": paused[int(0.9 * len(paused))] * 1e6,
            "idle_cpu": cpu / (w1 - w0),
        }
    out["chosen"] = " ".join("%s=%s" % (k, os.environ[k]) for k in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")
                             if k in os.environ) or "libgomp's own"
    print(json.dumps(out))


CONFIGS = [
    # (label, environment); "runtime default" leaves everything to pykokkos.
    ("runtime default", {}),
    ("libgomp default (unset)", {"OMP_WAIT_POLICY": "", "GOMP_SPINCOUNT": ""}),
    ("OMP_WAIT_POLICY=passive", {"OMP_WAIT_POLICY": "passive"}),
    ("OMP_WAIT_POLICY=active", {"OMP_WAIT_POLICY": "active"}),
    ("GOMP_SPINCOUNT=1000", {"OMP_WAIT_POLICY": "", "GOMP_SPINCOUNT": "1000"}),
    ("GOMP_SPINCOUNT=10000", {"OMP_WAIT_POLICY": "", "GOMP_SPINCOUNT": "10000"}),
    ("GOMP_SPINCOUNT=100000", {"OMP_WAIT_POLICY": "", "GOMP_SPINCOUNT": "100000"}),
    ("OMP_PROC_BIND=true", {"OMP_PROC_BIND": "true"}),
    ("1 thread", {"OMP_NUM_THREADS": "1"}),
]


def run_child(env, calls):
    p = subprocess.run([sys.executable, __file__, "--child", "--calls", str(calls)], env=env,
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit("bench-dispatch: child failed:\n" + p.stderr)
    return json.loads(p.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--child", action="store_true")
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--only", default="", help="comma-separated config labels (substring match)")
    ap.add_argument("--loads", default="quiet,loaded")
    ap.add_argument("--json", help="also write the measurements to this file (scripts/bench-thesis's summary)")
    a = ap.parse_args()
    if a.child:
        return child(a.calls)
    configs = [c for c in CONFIGS if not a.only or any(o in c[0] for o in a.only.split(","))]
    threads = os.environ.get("OMP_NUM_THREADS", "2")
    busy_count = max(int(threads) - 1, 1)
    rows = []
    serial = None
    measured = []  # {"load", "label", "OpenMP": {...}, "Serial": {...}} for --json
    for load in a.loads.split(","):
        busy = []
        if load == "loaded":
            busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(busy_count)]
            time.sleep(0.5)
        try:
            for label, extra in configs:
                env = dict(os.environ)
                for k in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT", "OMP_PROC_BIND", "PYKOKKOS_RT_KEEP_OMP_ENV"):
                    env.pop(k, None)
                for k, v in extra.items():
                    if v == "":
                        env.pop(k, None)
                        env["PYKOKKOS_RT_KEEP_OMP_ENV"] = "1"  # leave libgomp's own defaults
                    else:
                        env[k] = v
                r = run_child(env, a.calls)
                measured.append({"load": load, "label": label, "chosen": r["chosen"], "OpenMP": r["OpenMP"], "Serial": r["Serial"]})
                o = r["OpenMP"]
                serial = r["Serial"]
                if label == "runtime default":  # which of its two defaults the machine's state chose
                    label = "runtime default (%s)" % r["chosen"]
                rows.append([load, label, "%.1f" % o["median"], "%.1f" % o["p90"], "%.1f" % o["paused_median"],
                             "%.1f" % o["paused_p90"], "%.2f" % o["idle_cpu"]])
            rows.append([load, "(Serial space, reference)", "%.1f" % serial["median"], "%.1f" % serial["p90"],
                         "%.1f" % serial["paused_median"], "%.1f" % serial["paused_p90"], "%.2f" % serial["idle_cpu"]])
        finally:
            for b in busy:
                b.kill()
                b.wait()
    header = ["machine", "OpenMP configuration (%s threads)" % threads, "median us", "p90 us",
              "after 2 ms pause: median us", "p90 us", "idle CPU (cores)"]
    widths = [max(len(str(r[c])) for r in [header] + rows) for c in range(len(header))]
    line = lambda r: "  ".join(str(v).rjust(w) if k > 1 else str(v).ljust(w) for k, (v, w) in enumerate(zip(r, widths)))
    print("One-iteration pk.parallel_for on OpenMP, each configuration in its own process (target <= 20 us)")
    print(line(header))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(line(r))
    print("busy processes when loaded: %d; load average: %s on %d cores" %
          (busy_count, " ".join(open("/proc/loadavg").read().split()[:3]), os.cpu_count()))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"threads": int(threads), "busy": busy_count, "runs": measured}, f)


if __name__ == "__main__":
    main()
