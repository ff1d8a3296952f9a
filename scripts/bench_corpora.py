#!/usr/bin/env python3
"""Speed of the translated corpus kernels against Numba, from a
`caramba difftest --format json` report (scripts/bench-corpora runs it).

One row per kernel that corpora/expected.txt lists as `equal` and that the
report timed: its last timed case (the largest size), Numba's and
the translation's medians of the warm calls, and translation / Numba (below 1:
the translation is faster). Rows are sorted by that ratio; the medians follow,
over all rows and over the rows where Numba takes at least 1 ms (below that,
the ratio mostly measures the cost of a dispatch).

  bench_corpora.py --expected corpora/expected.txt REPORT.json
  bench_corpora.py --expected corpora/expected.txt --list-files [corpora/DIR or FILE ...]
"""
import argparse
import os
import statistics
import sys


def expected_equal(path):
    """{file relative to corpora/: [kernel, ...]} of the kernels expected equal."""
    out = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if not line or "::" not in line:
                continue
            key, outcome = line.split(None, 1)
            if outcome.strip() != "equal":
                continue
            f, k = key.split("::", 1)
            out.setdefault(f, []).append(k)
    return out


def relative(path):
    """A report path (corpora/npbench/spmv.py, or absolute) relative to corpora/."""
    p = path.replace(os.sep, "/")
    at = p.rfind("corpora/")
    return p[at + len("corpora/"):] if at >= 0 else p


def list_files(equal, targets):
    files = sorted(equal)
    if not targets:
        return files
    keep = []
    for f in files:
        for t in targets:
            t = relative(os.path.normpath(t)).rstrip("/")
            if t in ("corpora", "") or f == t or f.startswith(t + "/"):
                keep.append(f)
                break
    return keep


def rows(report, equal):
    out, missing = [], []
    seen = set()
    for f in report.get("files", []):
        rel = relative(f["path"])
        wanted = set(equal.get(rel, []))
        for k in f.get("kernels", []):
            if k["name"] not in wanted:
                continue
            seen.add((rel, k["name"]))
            timed = [c for c in k.get("cases", []) if c.get("numba_s") is not None and c.get("translation_s") is not None]
            if k.get("verdict") != "equal" or not timed:
                missing.append((rel + "::" + k["name"], k.get("verdict", "?") if k.get("verdict") != "equal" else "not timed"))
                continue
            c = timed[-1]  # cases run smallest size first
            ratio = c["translation_s"] / c["numba_s"] if c["numba_s"] > 0 else float("inf")
            out.append((ratio, rel + "::" + k["name"], c.get("label") or "-", c["numba_s"] * 1e3, c["translation_s"] * 1e3))
    for rel, ks in equal.items():
        for k in ks:
            if (rel, k) not in seen and any(relative(f["path"]) == rel for f in report.get("files", [])):
                missing.append((rel + "::" + k, "not in the report"))
    out.sort()
    return out, missing


def fmt(ms):
    return f"{ms:.4f}" if ms < 0.1 else f"{ms:.3f}" if ms < 10 else f"{ms:.1f}"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--expected", required=True)
    ap.add_argument("--list-files", action="store_true", help="print the files (relative to corpora/) to run")
    ap.add_argument("paths", nargs="*")
    a = ap.parse_args(argv)
    equal = expected_equal(a.expected)
    if a.list_files:
        print("\n".join(list_files(equal, a.paths)))
        return 0
    import json
    with open(a.paths[0], encoding="utf-8") as fh:
        report = json.load(fh)
    table, missing = rows(report, equal)
    w = max([len(r[1]) for r in table] + [6])
    print(f"{'kernel':<{w}}  {'case':<10} {'Numba ms':>10} {'translation ms':>15} {'ratio':>9}")
    for ratio, name, label, nb, tr in table:
        print(f"{name:<{w}}  {label:<10} {fmt(nb):>10} {fmt(tr):>15} {ratio:>9.2f}")
    if missing:
        print("\nexpected equal, but without a timed equal case in this run:")
        for name, why in missing:
            print(f"  {name}: {why}")
    if table:
        big = [r[0] for r in table if r[3] >= 1.0]
        print(f"\nmedian translation/Numba over {len(table)} kernel(s): {statistics.median(r[0] for r in table):.2f}")
        if big:
            print(f"median over the {len(big)} kernel(s) where Numba takes >= 1 ms: {statistics.median(big):.2f}")
        faster = sum(1 for r in table if r[0] <= 1.0)
        print(f"translation at least as fast as Numba: {faster} of {len(table)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
