#!/usr/bin/env python3
"""Summary table of a `caramba difftest --format json` report: how much of a
folder of Numba code Caramba migrates, and how fast the migrated kernels run.

Used by scripts/bench-migrate (which runs the difftest); it can also read a
saved report:  bench_migrate.py REPORT.json [--codes caramba/diagnostic_codes.def]

Definitions (docs/difftest.md, "Measuring a migration"):
- a file "runs under Numba" unless the file itself failed (it does not import,
  the translator stopped on it) or a kernel's original failed: its runas
  arguments, its import, or the Numba call raised, crashed or timed out;
- a file is "migrated" when every kernel in it is `equal` (translated and
  equal to Numba on every case);
- the speed ratio of a kernel is translation time / Numba time (medians of the
  timed calls after a warm-up call) on its largest timed case; the table gives
  the median over the `equal` kernels.
"""
import argparse
import json
import re
import statistics
import sys
from collections import defaultdict

ORIGINAL_FAILED = ("the Numba original", "the original", "the runas arguments")


def code_summaries(def_path):
    """CRBnnn -> one-line summary, read from the diagnostics table."""
    out = {}
    try:
        text = open(def_path, encoding="utf-8").read()
    except OSError:
        return out
    for m in re.finditer(r'CRB_DIAG\(\s*\w+,\s*"(CRB\d+)",\s*\w+,\s*"((?:[^"\\]|\\.)*)"', text):
        out[m.group(1)] = m.group(2)
    return out


def original_failed(kernel):
    """True when the Numba side of this kernel did not run to completion."""
    if kernel["verdict"] not in ("error", "timeout", "not-tested"):
        return False
    details = [kernel.get("detail") or ""] + [c.get("detail") or "" for c in kernel.get("cases", [])]
    return any(d.startswith(ORIGINAL_FAILED) for d in details)


def kernel_ratio(kernel):
    """translation / Numba on the last (largest) case that has both times."""
    ratios = [c["ratio"] for c in kernel.get("cases", []) if c.get("ratio") is not None]
    return ratios[-1] if ratios else None


def summarize(report, summaries):
    files = report["files"]
    counts = defaultdict(int)          # kernel verdicts
    code_files = defaultdict(set)      # CRBnnn -> files where a kernel is refused with it
    code_kernels = defaultdict(list)   # CRBnnn -> "file::kernel" examples
    runs, migrated, ratios = [], [], []
    n_kernels = 0
    for f in files:
        path = f["path"]
        kernels = f.get("kernels", [])
        n_kernels += len(kernels)
        for k in kernels:
            counts[k["verdict"]] += 1
            if k["verdict"] == "not-translated":
                for code in dict.fromkeys(k.get("codes") or ["(no code)"]):
                    code_files[code].add(path)
                    code_kernels[code].append(path.rsplit("/", 1)[-1] + "::" + k["name"])
            elif k["verdict"] == "equal":
                r = kernel_ratio(k)
                if r is not None:
                    ratios.append(r)
        file_ok = not f.get("error") and not any(original_failed(k) for k in kernels)
        if file_ok:
            runs.append(path)
            if kernels and all(k["verdict"] == "equal" for k in kernels):
                migrated.append(path)
    return {
        "files": len(files), "kernels": n_kernels, "counts": dict(counts),
        "files_run": len(runs), "files_migrated": len(migrated), "migrated": migrated,
        "code_files": code_files, "code_kernels": code_kernels, "ratios": ratios,
        "summaries": summaries,
    }


def print_table(s, out=sys.stdout):
    c = s["counts"]
    refused = c.get("not-translated", 0)
    w = out.write
    w("\n")
    w(f"{'files':<46}{s['files']:>8}\n")
    w(f"{'  whose Numba original runs':<46}{s['files_run']:>8}\n")
    w(f"{'  migrated (every kernel translated and equal)':<46}{s['files_migrated']:>8}\n")
    w(f"{'kernels':<46}{s['kernels']:>8}\n")
    for label, key in (("  equal (translated and equal to Numba)", "equal"),
                       ("  refused (left as Numba, with a CRB code)", "not-translated"),
                       ("  mismatch", "mismatch"), ("  error", "error"),
                       ("  timeout", "timeout"), ("  not-tested", "not-tested")):
        w(f"{label:<46}{c.get(key, 0):>8}\n")
    share = 100.0 * s["files_migrated"] / s["files_run"] if s["files_run"] else 0.0
    w(f"\nmigrated files: {s['files_migrated']} of {s['files_run']} whose Numba original runs = {share:.1f}%\n")
    if s["ratios"]:
        med = statistics.median(s["ratios"])
        w(f"speed: median translation/Numba time over {len(s['ratios'])} equal kernel(s) = {med:.2f}"
          f"  (below 1: the translation is faster)\n")
    else:
        w("speed: no timed equal kernel (run without --no-timing)\n")
    if refused:
        w("\nrefusals by code (a kernel counts once per code; files = files with such a kernel)\n")
        w(f"{'code':<8}{'files':>6}{'kernels':>9}  {'summary':<58}example\n")
        rows = sorted(s["code_files"].items(), key=lambda kv: (-len(kv[1]), kv[0]))
        for code, fs in rows:
            summary = s["summaries"].get(code, "")
            if len(summary) > 56:
                summary = summary[:55] + "…"
            example = s["code_kernels"][code][0]
            w(f"{code:<8}{len(fs):>6}{len(s['code_kernels'][code]):>9}  {summary:<58}{example}\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("report", help="JSON report of caramba difftest --format json")
    ap.add_argument("--codes", default="caramba/diagnostic_codes.def",
                    help="the diagnostics table, for the codes' one-line summaries")
    ap.add_argument("--migrated", action="store_true", help="also list the migrated files")
    args = ap.parse_args(argv)
    with open(args.report, encoding="utf-8") as fh:
        report = json.load(fh)
    s = summarize(report, code_summaries(args.codes))
    print_table(s)
    if args.migrated:
        print("\nmigrated files:")
        for p in s["migrated"]:
            print("  " + p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
