"""scripts/bench_migrate.py: the summary of a difftest JSON report.

Run: python3 tests/difftest/test_bench_migrate.py ROOT  (CTest: difftest.bench_migrate)
"""
import io
import importlib.util
import json
import os
import sys
import tempfile

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
spec = importlib.util.spec_from_file_location("bench_migrate", os.path.join(ROOT, "scripts", "bench_migrate.py"))
bm = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bm)


def case(ratio=None, detail=""):
    return {"label": "N=100", "verdict": "equal", "detail": detail, "numba_s": 1.0 if ratio else None,
            "translation_s": ratio, "ratio": ratio}


def kernel(name, verdict, codes=(), cases=(), detail=""):
    return {"name": name, "verdict": verdict, "codes": list(codes), "cases": list(cases), "detail": detail}


REPORT = {"files": [
    # migrated: every kernel equal; the largest case's ratio counts (4.0 and 0.5, not 100)
    {"path": "s/all_equal.py", "kernels": [
        kernel("a", "equal", cases=[case(100.0), case(4.0)]),
        kernel("b", "equal", cases=[case(0.5)])]},
    # runs, not migrated: one refusal with two codes, one equal kernel
    {"path": "s/partly.py", "kernels": [
        kernel("c", "not-translated", codes=["CRB203", "CRB201", "CRB203"]),
        kernel("d", "equal", cases=[case(2.0)])]},
    # runs, not migrated: refused with CRB203 only, and a translation error
    {"path": "s/refused.py", "kernels": [
        kernel("e", "not-translated", codes=["CRB203"]),
        kernel("f", "error", cases=[case(detail="the translation raised ValueError:\n...")])]},
    # the Numba original does not run: excluded from the share
    {"path": "s/broken.py", "kernels": [
        kernel("g", "error", cases=[case(detail="the runas arguments (marker) failed:\n...")])]},
    # a file-level error
    {"path": "s/noimport.py", "error": "importing failed", "kernels": []},
]}


def main():
    s = bm.summarize(REPORT, {"CRB203": "array expression that cannot be lowered to loops"})
    failures = []

    def check(what, got, want):
        if got != want:
            failures.append(f"{what}: got {got!r}, want {want!r}")

    check("files", s["files"], 5)
    check("kernels", s["kernels"], 7)
    check("files whose original runs", s["files_run"], 3)
    check("migrated", s["migrated"], ["s/all_equal.py"])
    check("equal", s["counts"].get("equal"), 3)
    check("refused", s["counts"].get("not-translated"), 2)
    check("error", s["counts"].get("error"), 2)
    check("CRB203 files", sorted(s["code_files"]["CRB203"]), ["s/partly.py", "s/refused.py"])
    check("CRB203 kernels (once per kernel)", s["code_kernels"]["CRB203"], ["partly.py::c", "refused.py::e"])
    check("CRB201 files", sorted(s["code_files"]["CRB201"]), ["s/partly.py"])
    check("ratios (largest case per equal kernel)", sorted(s["ratios"]), [0.5, 2.0, 4.0])
    out = io.StringIO()
    bm.print_table(s, out)
    text = out.getvalue()
    check("share line", "migrated files: 1 of 3 whose Numba original runs = 33.3%" in text, True)
    check("median line", "over 3 equal kernel(s) = 2.00" in text, True)
    lines = [l for l in text.splitlines() if l.startswith("CRB")]
    check("codes sorted by files", [l.split()[0] for l in lines], ["CRB203", "CRB201"])
    check("summary and example", "array expression that cannot be lowered to loops" in lines[0]
          and lines[0].endswith("partly.py::c"), True)
    # The diagnostics table is read for the summaries.
    codes = bm.code_summaries(os.path.join(ROOT, "caramba", "diagnostic_codes.def"))
    check("summary of CRB001 from the table", codes.get("CRB001"), "input file does not exist")
    # The command line reads a saved report.
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(REPORT, fh)
    try:
        check("main exit", bm.main([fh.name, "--codes", os.path.join(ROOT, "caramba", "diagnostic_codes.def")]), 0)
    finally:
        os.unlink(fh.name)
    if failures:
        print("\n".join(failures))
        return 1
    print("bench_migrate: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
