#!/usr/bin/env python3
"""Golden test of one case: tests/golden/<visitor>/<case>.py.

Runs `caramba --stop-after <Visitor> --format json` on the case, compares the
output with <case>.expected.py byte for byte and the diagnostics with the
expectations written in the input as comments:

    x = print(a)  # expect: CRB111

(one or more codes, comma separated, on the line the diagnostic points at).
Warnings and errors must all be expected; notes are compared only for codes
the case mentions somewhere. SemanticTransformer, KernelRestorer, SignatureDispatch and UfuncCheck cases
(the whole pipeline) also check determinism and idempotence: translating the output again changes
nothing.

    run_golden.py CARAMBA CASE.py            check
    run_golden.py CARAMBA CASE.py --update   rewrite CASE.expected.py; refuses
                                             output that does not parse
"""
import ast
import json
import os
import re
import subprocess
import sys
import tempfile

VISITOR_DIRS = {
    "chained_assignment_splitting": "ChainedAssignmentSplitting",
    "constant_inliner": "ConstantInliner",
    "helper_inliner": "HelperInliner",
    "iteration_lowering": "IterationLowering",
    "return_naming": "ReturnNaming",
    "nested_kernel_lifting": "NestedKernelLifting",
    "jit_wrapper_lowering": "JitWrapperLowering",
    "signature_splitting": "SignatureSplitting",
    "tuple_local_inliner": "TupleLocalInliner",
    "numpy_transformer": "NumpyTransformer",
    "phase_lowering": "PhaseLowering",
    "unsupported_detector": "UnsupportedDetector",
    "pattern_analyzer": "PatternAnalyzer",
    "array_transformer": "ArrayTransformer",
    "subview_transformer": "SubviewTransformer",
    "semantic_transformer": "SemanticTransformer",
    "signature_dispatch": "SignatureDispatch",
    "kernel_restorer": "KernelRestorer",
    "ufunc_lowering": "UfuncLowering",
    "ufunc_check": "UfuncCheck",
}
EXPECT = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")


def run(caramba, path, visitor, extra):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.py")
        # The last visitor: the whole pipeline, with the reruns and the
        # validation a partial one skips.
        stop = [] if visitor in ("SignatureDispatch", "UfuncCheck") else ["--stop-after", visitor]
        cmd = [caramba, path, "-o", out, "--format", "json"] + stop + extra
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode not in (0, 1):
            sys.exit(f"FAIL: {' '.join(cmd)} exited {p.returncode}\n{p.stderr}{p.stdout}")
        with open(out, encoding="utf-8", newline="") as f:
            text = f.read()
        report = json.loads(p.stdout or p.stderr or "{}")
        return text, report.get("diagnostics", []), p.returncode


def options_of(source):
    # `# caramba-options: --space Serial` on any line passes flags through.
    m = re.search(r"#\s*caramba-options:\s*(.*)", source)
    return m.group(1).split() if m else []


def main():
    caramba, case = sys.argv[1], sys.argv[2]
    update = "--update" in sys.argv[3:] or os.environ.get("CARAMBA_GOLDEN_UPDATE") == "1"
    visitor = VISITOR_DIRS[os.path.basename(os.path.dirname(os.path.abspath(case)))]
    with open(case, encoding="utf-8", newline="") as f:
        source = f.read()
    extra = options_of(source)
    output, diags, rc = run(caramba, case, visitor, extra)
    expected_path = case[:-3] + ".expected.py"
    failures = []

    try:
        ast.parse(output)
    except SyntaxError as e:
        failures.append(f"output does not parse: {e}")
    if update:
        if failures:
            sys.exit("refusing to update: " + "; ".join(failures))
        with open(expected_path, "w", encoding="utf-8", newline="") as f:
            f.write(output)
        print(f"updated {expected_path}")
        return

    with open(expected_path, encoding="utf-8", newline="") as f:
        expected = f.read()
    if output != expected:
        import difflib
        diff = "".join(difflib.unified_diff(expected.splitlines(True), output.splitlines(True),
                                            "expected", "actual"))
        failures.append("output differs from " + os.path.basename(expected_path) + ":\n" + diff)

    want = set()
    for lineno, line in enumerate(source.splitlines(), 1):
        m = EXPECT.search(line)
        if m:
            for code in m.group(1).replace(" ", "").split(","):
                if code:
                    want.add((lineno, code))
    mentioned = {code for _, code in want}
    got = set()
    for d in diags:
        if d["severity"] == "note" and d["code"] not in mentioned:
            continue
        got.add((d["line"], d["code"]))
    for line, code in sorted(want - got):
        failures.append(f"missing diagnostic {code} on line {line}")
    for line, code in sorted(got - want):
        msg = next((d["message"] for d in diags if d["line"] == line and d["code"] == code), "")
        failures.append(f"unexpected diagnostic {code} on line {line}: {msg}")

    if visitor in ("SemanticTransformer", "KernelRestorer", "SignatureDispatch", "UfuncCheck"):
        again, _, _ = run(caramba, case, visitor, extra)
        if again != output:
            failures.append("translation is not deterministic")
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False, encoding="utf-8") as t:
            t.write(output)
        try:
            twice, _, _ = run(caramba, t.name, visitor, extra)
        finally:
            os.unlink(t.name)
        if twice != output:
            failures.append("translation is not idempotent (translating the output changes it)")

    if failures:
        print(f"FAIL {case}")
        for f in failures:
            print("  " + f)
        sys.exit(1)
    print(f"ok {case}")


if __name__ == "__main__":
    main()
