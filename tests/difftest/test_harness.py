"""End-to-end tests of `caramba difftest` that do not depend on the translator:
planted wrong translations (given with --translation) must be reported as
mismatches with a non-zero exit, misbehaving ones as timeout/error, and the
harness's other paths (pure-Python oracle, not-tested, cases file, --keep,
JSON, timing) must do what docs/difftest.md says.

    python3 test_harness.py CARAMBA SCENARIO
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PLANTED = os.path.join(HERE, "planted")
ORIGINAL = os.path.join(PLANTED, "original.py")


def run(caramba, *args, expect_rc=None):
    t0 = time.time()
    p = subprocess.run([caramba, "difftest", "--format", "json", *args], capture_output=True, text=True)
    elapsed = time.time() - t0
    if expect_rc is not None and p.returncode != expect_rc:
        sys.exit("exit %d, expected %d\nstdout:\n%s\nstderr:\n%s" % (p.returncode, expect_rc, p.stdout, p.stderr))
    report = json.loads(p.stdout) if p.stdout.strip().startswith("{") else None
    return p, report, elapsed


def kernels(report):
    return {k["name"]: k for f in report["files"] for k in f["kernels"]}


def check(cond, msg, report=None):
    if not cond:
        sys.exit("FAILED: %s\n%s" % (msg, json.dumps(report, indent=1)[:6000] if report else ""))


def planted(caramba, variant, bad_kernel, where):
    p, rep, _ = run(caramba, "--no-timing", "--sizes", "50", "--translation",
                    os.path.join(PLANTED, variant + ".py"), ORIGINAL, expect_rc=1)
    ks = kernels(rep)
    check(ks[bad_kernel]["verdict"] == "mismatch", "%s: %s must be a mismatch" % (variant, bad_kernel), rep)
    m = ks[bad_kernel]["cases"][0]["mismatch"]
    check(m["where"].startswith(where), "%s: mismatch located at %r, expected %r" % (variant, m["where"], where), rep)
    for name, k in ks.items():
        if name != bad_kernel:
            check(k["verdict"] == "equal", "%s: %s must stay equal" % (variant, name), rep)
    check("mismatch" in p.stderr, "the summary on stderr names the mismatch")


RECORDED = """import numpy as np
from numba import njit


# caramba: runas scale(np.arange(6, dtype=np.int32), 3)
@njit
def scale(a, factor):
    out = np.empty_like(a)
    for i in range(a.shape[0]):
        out[i] = a[i] * factor
    return out


@njit
def shifted(x):
    total = 0.0
    for i in range(x.shape[0]):
        total += x[i] + 1.0
    return total


# caramba: runas noisy(np.ones(4))
@njit
def noisy(v):
    print("summing")
    return v.sum()
"""


def record_scenario(caramba):
    """difftest runs the Numba original first with the recording hook: the
    run markers' types join the project's profile (the project's entries
    first); generated inputs are no type source; --no-record records nothing."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "recorded.py")
        with open(src, "w") as f:
            f.write(RECORDED)
        keep = os.path.join(tmp, "keep")
        os.mkdir(keep)
        _, rep, _ = run(caramba, "--no-timing", "--sizes", "20", "--keep", "--keep-dir", keep, src)
        ks = kernels(rep)
        # scale's verdict depends on what the type analysis makes of the int32
        # types (static inference alone assumes float64); not checked here.
        check(ks["shifted"]["verdict"] == "equal" and ks["scale"]["cases"], "translated kernels run", rep)
        check(ks["noisy"]["verdict"] == "not-translated" and not ks["noisy"]["cases"],
              "a refused kernel is not compared, though its original ran", rep)
        work = rep["files"][0]["work_dir"]
        prof = json.load(open(os.path.join(work, "types.json")))
        by_name = {k["qualname"]: k for k in prof["kernels"]}
        check(set(by_name) == {"scale", "noisy"}, "marker kernels recorded, generated-only ones not: %s" % by_name)
        check(by_name["scale"]["file"] == os.path.abspath(src), "the recorded file is the input, not its copy")
        args = [a["numba"] for a in by_name["scale"]["signatures"][0]["args"]]
        check(args == ["array(int32, 1d, C)", "int64"], "the marker's types: %s" % args)
        check(by_name["scale"]["signatures"][0]["locals"]["out"]["dtype"] == "int32", "locals recorded")

        # The project's own profile comes first.
        os.mkdir(os.path.join(tmp, ".caramba"))
        with open(os.path.join(tmp, ".caramba", "types.json"), "w") as f:
            json.dump({"version": 1, "kernels": [{"file": os.path.abspath(src), "qualname": "scale", "line": 6,
                                                  "params": ["a", "factor"], "signatures": [{
                "args": [{"numba": "array(float64, 1d, C)", "kind": "array", "dtype": "float64", "ndim": 1,
                          "layout": "C"}, {"numba": "float64", "kind": "scalar", "dtype": "float64"}],
                "return": {"numba": "array(float64, 1d, C)", "kind": "array", "dtype": "float64", "ndim": 1,
                           "layout": "C"}}]}]}, f)
        _, rep, _ = run(caramba, "--no-timing", "--sizes", "20", "--keep", "--keep-dir", keep, src)
        prof = json.load(open(os.path.join(rep["files"][0]["work_dir"], "types.json")))
        scale = [k for k in prof["kernels"] if k["qualname"] == "scale"]
        check(len(scale) == 1 and scale[0]["signatures"][0]["args"][1]["numba"] == "float64",
              "the project profile wins over the recorded inputs: %s" % scale)
        check(any(k["qualname"] == "noisy" for k in prof["kernels"]), "recorded kernels the project lacks are added")

        # --no-record: same verdicts, nothing recorded.
        _, rep, _ = run(caramba, "--no-timing", "--sizes", "20", "--keep", "--keep-dir", keep, "--no-record", src)
        check(kernels(rep)["shifted"]["verdict"] == "equal" and kernels(rep)["noisy"]["verdict"] == "not-translated",
              "--no-record: the same verdicts", rep)
        check(not os.path.exists(os.path.join(rep["files"][0]["work_dir"], "types.json")), "--no-record records nothing")

        # A broken project profile is an error of the file (exit 2), named.
        with open(os.path.join(tmp, ".caramba", "types.json"), "w") as f:
            f.write("{")
        p, rep, _ = run(caramba, "--no-timing", src, expect_rc=2)
        check("CRB012" in rep["files"][0]["error"], "CRB012 names the broken profile", rep)
        p, rep, _ = run(caramba, "--no-timing", "--sizes", "20", "--no-types", src)
        check(p.returncode != 2 and not rep["files"][0].get("error"), "--no-types ignores it", rep)


def main():
    caramba, scenario = sys.argv[1], sys.argv[2]
    if scenario == "off_by_one":
        planted(caramba, "off_by_one", "total", "return")
        # -q: the mismatch and the counts, no progress lines and no table.
        p = subprocess.run([caramba, "difftest", "-q", "--no-timing", "--sizes", "50", "--translation",
                            os.path.join(PLANTED, "off_by_one.py"), ORIGINAL], capture_output=True, text=True)
        check(p.returncode == 1, "-q keeps the exit status: %d" % p.returncode)
        check("total: mismatch" in p.stderr and "kernels: " in p.stderr, "-q still names the mismatch:\n" + p.stderr)
        check("Numba original" not in p.stderr and "translation ms" not in p.stderr,
              "-q prints no progress and no table:\n" + p.stderr)
    elif scenario == "verbose":
        # -v: the translator's diagnostics of the file, as `caramba FILE` prints them.
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "dot3.py")
            with open(src, "w") as f:
                f.write("import numpy as np\nfrom numba import njit\n\n\n"
                        "# caramba: runas dot3(np.ones(N), np.ones(N), np.ones(N))\n@njit\n"
                        "def dot3(a, b, c):\n    s = 0.0\n    for i in range(a.shape[0]):\n"
                        "        s += a[i] * b[i] * c[i]\n    return s\n")
            p = subprocess.run([caramba, "difftest", "-v", "--no-timing", "--sizes", "50", src],
                               capture_output=True, text=True)
            check(p.returncode == 0, "-v: exit %d\n%s" % (p.returncode, p.stderr))
            check("note[CRB520]" in p.stderr or "note[CRB5" in p.stderr, "-v prints the translator's notes:\n" + p.stderr)
            p = subprocess.run([caramba, "difftest", "-q", "-v", src], capture_output=True, text=True)
            check(p.returncode == 2, "-q with -v is a usage error")
    elif scenario == "dropped_accumulation":
        planted(caramba, "dropped_accumulation", "axpy", "argument 'y'")
    elif scenario == "wrong_operator":
        planted(caramba, "wrong_operator", "doubled", "return")
    elif scenario == "int_as_float":
        planted(caramba, "int_as_float", "count_positive", "return")
    elif scenario == "returns_view":
        planted(caramba, "returns_view", "doubled", "return")
    elif scenario == "correct":
        _, rep, _ = run(caramba, "--no-timing", "--translation", os.path.join(PLANTED, "correct.py"), ORIGINAL,
                        expect_rc=0)
        ks = kernels(rep)
        check(all(k["verdict"] == "equal" for k in ks.values()) and len(ks) == 4, "all four equal", rep)
        check(all(len(k["cases"]) == 2 for k in ks.values()), "a small and a medium size", rep)
    elif scenario == "zero_d_return":
        # zero_d_return: a translation returning a 0-d array where Numba returns a float is equal.
        _, rep, _ = run(caramba, "--no-timing", "--sizes", "50", "--translation",
                        os.path.join(PLANTED, "zero_d_return.py"), ORIGINAL, expect_rc=0)
        check(kernels(rep)["total"]["verdict"] == "equal", "a 0-d array equals a float by value", rep)
    elif scenario == "translator_crash":
        # translator_crash: a crash of the translator on one file (the test hook
        # CARAMBA_TEST_CRASH_MARKER) is that file's error; the next file still runs.
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copy(ORIGINAL, os.path.join(tmp, "a_crash.py"))
            with open(os.path.join(tmp, "a_crash.py"), "a") as f:
                f.write("\n# PLANTED-CRASH\n")
            shutil.copy(ORIGINAL, os.path.join(tmp, "b_fine.py"))
            env = dict(os.environ, CARAMBA_TEST_CRASH_MARKER="PLANTED-CRASH")
            p = subprocess.run([caramba, "difftest", "--format", "json", "--no-timing", "--sizes", "50", tmp],
                               capture_output=True, text=True, env=env)
            rep = json.loads(p.stdout)
            files = {f["path"].split("/")[-1]: f for f in rep["files"]}
            crashed = json.dumps(files["a_crash.py"])
            check("CRB904" in crashed, "the crashed file reports CRB904", rep)
            check(all(k["verdict"] == "equal" for k in files["b_fine.py"]["kernels"]) and files["b_fine.py"]["kernels"],
                  "the other file is still tested", rep)
    elif scenario == "timeout_and_crash":
        _, rep, elapsed = run(caramba, "--no-timing", "--sizes", "50", "--timeout", "3", "--translation",
                              os.path.join(PLANTED, "hangs_and_crashes.py"), ORIGINAL, expect_rc=1)
        ks = kernels(rep)
        check(ks["total"]["verdict"] == "timeout", "total times out", rep)
        check(ks["axpy"]["verdict"] == "error" and "died" in ks["axpy"]["detail"], "axpy's process died", rep)
        check(ks["doubled"]["verdict"] == "error" and "planted failure" in ks["doubled"]["detail"],
              "doubled raised, with its traceback", rep)
        check(ks["count_positive"]["verdict"] == "equal", "the kernel after them still runs", rep)
        check(elapsed < 60, "never hangs past the timeout (took %.1f s)" % elapsed)
    elif scenario == "pure_python_oracle":
        _, rep, _ = run(caramba, "--no-timing", "--translation", os.path.join(PLANTED, "racy_translation.py"),
                        os.path.join(PLANTED, "racy.py"), expect_rc=1)
        k = kernels(rep)["power3"]
        check(k["verdict"] == "mismatch", "Numba and the translation differ", rep)
        check(k["cases"][0].get("pure_python") == "equal", "the translation equals pure Python", rep)
        check("races" in k["detail"], "the report says the original races", rep)
    elif scenario == "serial_oracle":
        # CRB406: the translator made the racing updates atomic, so the oracle
        # is the original run serially; here Numba's answer differs from it
        # for sure (int64 wraps), and must not decide the verdict.
        original = os.path.join(PLANTED, "shared_updates.py")
        _, rep, _ = run(caramba, "--no-timing", "--translation", os.path.join(PLANTED, "shared_updates_serial.py"),
                        original, expect_rc=0)
        k = kernels(rep)["wrapped_counts"]
        check(k["verdict"] == "equal" and k["oracle"] == "serial original", "equal against the serial original", rep)
        c = k["cases"][0]
        check(c["oracle"] == "serial original" and c["pure_python"] == "equal", "the case names its oracle", rep)
        check("the Numba parallel run differs" in c["detail"], "Numba's differing answer is reported", rep)
        p = subprocess.run([caramba, "difftest", "--no-timing", "--translation",
                            os.path.join(PLANTED, "shared_updates_serial.py"), original], capture_output=True, text=True)
        check("equal (against the serial original: the Numba kernel races)" in p.stdout + p.stderr,
              "the text report says which oracle:\n" + p.stdout + p.stderr)
        # The serial original can still fail a translation.
        _, rep, _ = run(caramba, "--no-timing", "--translation", os.path.join(PLANTED, "shared_updates_wrong.py"),
                        original, expect_rc=1)
        k = kernels(rep)["wrapped_counts"]
        check(k["verdict"] == "mismatch" and "against the serial original" in k["detail"], "a wrong translation", rep)
        check(k["cases"][0]["mismatch"]["where"].startswith("argument 'hist'"), "located in hist", rep)
    elif scenario == "not_tested":
        nt = os.path.join(PLANTED, "not_tested.py")
        _, rep, _ = run(caramba, "--no-timing", "--translation", nt, nt, expect_rc=1)
        ks = kernels(rep)
        check(ks["apply"]["verdict"] == "not-tested" and "'f' is called" in ks["apply"]["detail"], "apply", rep)
        check(ks["mass_of"]["verdict"] == "not-tested" and "p.mass" in ks["mass_of"]["detail"], "mass_of", rep)
    elif scenario == "cases_file":
        _, rep, _ = run(caramba, "--no-timing", "--cases", os.path.join(PLANTED, "cases.txt"), "--translation",
                        os.path.join(PLANTED, "correct.py"), ORIGINAL, expect_rc=0)
        cases = kernels(rep)["total"]["cases"]
        check(len(cases) == 1 and cases[0]["label"] == "N=7" and cases[0]["origin"].startswith("cases file"),
              "the cases file wins over the marker", rep)
        check(kernels(rep)["axpy"]["cases"][0]["origin"].startswith("marker"), "others keep their markers", rep)
    elif scenario == "keep_and_timing":
        tmp = tempfile.mkdtemp(prefix="crb-dt-test-")
        try:
            _, rep, _ = run(caramba, "--keep", "--keep-dir", tmp, "--repeat", "2", "--sizes", "1000",
                            "--translation", os.path.join(PLANTED, "correct.py"), ORIGINAL, expect_rc=0)
            work = rep["files"][0]["work_dir"]
            for f in ("driver.py", "plan-original.json", "plan-translation.json", "original/original.py",
                      "translated/original.py"):
                check(os.path.exists(os.path.join(work, f)), "--keep leaves " + f, rep)
            case = kernels(rep)["total"]["cases"][0]
            check(case["numba_s"] is not None and case["translation_s"] is not None and case["ratio"] is not None,
                  "timings of both sides and their ratio", rep)
            # The kept driver reproduces the run by hand.
            py = json.load(open(os.path.join(work, "plan-translation.json")))
            out = subprocess.run([sys.executable if not os.environ.get("CARAMBA_PYTHON") else
                                  os.environ["CARAMBA_PYTHON"], "driver.py", "plan-translation.json"],
                                 cwd=work, capture_output=True, text=True)
            events = [json.loads(l)["event"] for l in out.stdout.splitlines() if l.startswith("{")]
            check(events.count("result") == len(py["cases"]) and events[-1] == "done",
                  "the kept driver runs by hand: %s %s" % (events, out.stderr[-2000:]))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    elif scenario == "expectations":
        with tempfile.TemporaryDirectory() as tmp:
            exp = os.path.join(tmp, "expected.txt")
            key = os.path.relpath(ORIGINAL, tmp) + "::"
            with open(exp, "w") as f:
                f.write(key + "total equal\n" + key + "axpy refused CRB101\n" + key + "gone equal\n")
            args = ["--no-timing", "--sizes", "20", "--translation", os.path.join(PLANTED, "correct.py"),
                    "--expected", exp, ORIGINAL]
            p, _, _ = run(caramba, *args, expect_rc=1)
            check("- " + key + "axpy refused CRB101" in p.stderr and "+ " + key + "axpy equal" in p.stderr,
                  "a changed outcome fails with a diff: " + p.stderr)
            check("no such kernel any more" in p.stderr and "no expectation yet" in p.stderr,
                  "vanished and new kernels are reported: " + p.stderr)
            run(caramba, *args, "--update-expected", expect_rc=0)
            run(caramba, *args, expect_rc=0)  # the re-baselined file now matches
            body = open(exp).read()
            check(key + "gone" not in body and "count_positive" in body, "the update rewrote the entries: " + body)
    elif scenario == "odd_inputs":
        odd = os.path.join(HERE, "odd")
        p, rep, _ = run(caramba, "--no-timing", "--sizes", "30", "--timeout", "60", odd, expect_rc=1)
        ks = {f["path"].split("/")[-1] + "::" + k["name"]: k for f in rep["files"] for k in f["kernels"]}
        allowed = {"equal", "mismatch", "not-translated", "not-tested", "error", "timeout"}
        check(len(ks) == 8 and all(k["verdict"] in allowed for k in ks.values()), "every kernel has a verdict", rep)
        check(ks["broken_import.py::f"]["verdict"] == "error" and "does_not_exist" in ks["broken_import.py::f"]["detail"],
              "a failing import is an error with its traceback", rep)
        check(any("no Numba kernels" in w for f in rep["files"] for w in f["warnings"]), "no kernels: a warning", rep)
    elif scenario == "record":
        record_scenario(caramba)
    elif scenario == "usage":
        p = subprocess.run([caramba, "difftest", "/nonexistent.py"], capture_output=True, text=True)
        check(p.returncode == 2, "a missing file is exit 2")
        p = subprocess.run([caramba, "difftest", "--translation", ORIGINAL, ORIGINAL, ORIGINAL],
                           capture_output=True, text=True)
        check(p.returncode == 2 and "one input file" in p.stderr, "--translation takes one input")
        p = subprocess.run([caramba, "difftest", "--sizes", "0", ORIGINAL], capture_output=True, text=True)
        check(p.returncode == 2, "bad --sizes is exit 2")
        with tempfile.TemporaryDirectory() as tmp:
            bad = os.path.join(tmp, "broken.py")
            with open(bad, "w") as f:
                f.write("from numba import njit\n@njit\ndef f(a:\n    return a\n")
            p = subprocess.run([caramba, "difftest", bad], capture_output=True, text=True)
            check(p.returncode == 2 and "error" in p.stderr, "a file that does not parse is exit 2: " + p.stderr)
    else:
        sys.exit("unknown scenario " + scenario)
    print("ok", scenario)


if __name__ == "__main__":
    main()
