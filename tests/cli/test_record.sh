#!/usr/bin/env bash
# End-to-end test of `caramba record` and `--types` on a small project in a
# temporary folder: a package with kernels, a run.py that calls them with
# different arrays, a pytest-style test file, a script that starts a
# subprocess. Checks the profile's content (arguments, return types, locals,
# unstable locals, nested kernels), that recording again merges, exit statuses,
# the user's own sitecustomize, and the profile's use by `caramba FILE`.
# Usage: test_record.sh path/to/caramba path/to/python (a Python with Numba)
set -u
abs() { case "$1" in */*) echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")" ;; *) echo "$1" ;; esac; }
CARAMBA="$(abs "$1")"; PY="$(abs "$2")"  # the test changes folders
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*" >&2; }
expect_rc() {  # expect_rc WANT DESCRIPTION -- command...
  local want="$1" what="$2"; shift 3
  "$@" >"$TMP/out" 2>"$TMP/err"; local rc=$?
  if [ "$rc" = "$want" ]; then ok; else bad "$what: exit $rc, wanted $want"; cat "$TMP/err" >&2; fi
}
# check_profile DESCRIPTION PYTHON-EXPRESSION: the expression sees the profile as `p`
# and `sigs(qualname)` = that kernel's signatures as lists of argument spellings.
check_profile() {
  local what="$1" expr="$2"
  if "$PY" - "$PROJ/.caramba/types.json" "$expr" <<'EOF' 2>"$TMP/check_err"; then ok; else bad "$what"; cat "$TMP/check_err" >&2; fi
import json, sys
p = json.load(open(sys.argv[1]))
def kernel(q):
    found = [k for k in p["kernels"] if k["qualname"] == q]
    assert len(found) == 1, "kernel %s: %d entries" % (q, len(found))
    return found[0]
def sigs(q):
    return sorted([a["numba"] for a in s["args"]] for s in kernel(q)["signatures"])
def sig(q, args):
    for s in kernel(q)["signatures"]:
        if [a["numba"] for a in s["args"]] == args:
            return s
    raise AssertionError("%s has no signature %s: %s" % (q, args, sigs(q)))
if not eval(sys.argv[2]):
    sys.exit("false: %s\nprofile kernels: %s" % (sys.argv[2], {k["qualname"]: sigs(k["qualname"]) for k in p["kernels"]}))
EOF
}

if ! "$PY" -c "import numba" 2>/dev/null; then
  echo "record: $PY has no Numba" >&2; exit 1
fi

# ---- the project ------------------------------------------------------------
PROJ="$TMP/proj"
mkdir -p "$PROJ/physics" "$PROJ/tests" "$PROJ/scripts"
: >"$PROJ/pyproject.toml"
: >"$PROJ/physics/__init__.py"
cat >"$PROJ/physics/kernels.py" <<'EOF'
"""Small physics helpers, written the way the group's scripts always were."""
import math

import numpy as np
from numba import njit, prange


@njit(cache=True)
def axpy(alpha, x, y):
    out = np.empty_like(y)
    for i in range(x.shape[0]):
        out[i] = alpha * x[i] + y[i]
    return out


@njit(parallel=True)
def pairwise_distance(points):
    n = points.shape[0]
    dist = np.zeros((n, n))
    for i in prange(n):
        for j in range(n):
            acc = 0.0
            for k in range(points.shape[1]):
                d = points[i, k] - points[j, k]
                acc += d * d
            dist[i, j] = math.sqrt(acc)
    return dist


@njit
def norm(v):
    total = 0
    for i in range(v.shape[0]):
        total += v[i] * v[i]
    return math.sqrt(total)


@njit("float64(float64[:], float64)")
def clipped_sum(v, cap):
    acc = 0.0
    for x in v:
        acc += min(x, cap)
    return acc


def make_smoother(width):
    @njit
    def smooth(signal, out):
        for i in range(width, signal.shape[0] - width):
            s = 0.0
            for j in range(-width, width + 1):
                s += signal[i + j]
            out[i] = s / (2 * width + 1)

    return smooth
EOF
cat >"$PROJ/run.py" <<'EOF'
import numpy as np

from physics.kernels import axpy, make_smoother, norm, pairwise_distance

rng = np.random.default_rng(0)
x = rng.random(1000)
y = rng.random(1000)
print("axpy f64", axpy(2.0, x, y)[:2])
print("axpy f32", axpy(np.float32(2.0), x.astype(np.float32), y.astype(np.float32))[:2])
print("dist", pairwise_distance(rng.random((50, 3))).sum())
print("norm", norm(x))
smooth = make_smoother(2)
out = np.zeros_like(x)
smooth(x, out)
print("smooth", out[5])
EOF
cat >"$PROJ/tests/test_kernels.py" <<'EOF'
import numpy as np

from physics.kernels import axpy, norm


def test_axpy_integers():
    x = np.arange(10)
    y = np.ones(10, dtype=np.int64)
    assert (axpy(3, x, y) == 3 * x + 1).all()


def test_norm_of_a_matrix_row():
    m = np.asfortranarray(np.ones((3, 4)))
    assert abs(norm(m[0, :]) - 2.0) < 1e-12


if __name__ == "__main__":
    test_axpy_integers()
    test_norm_of_a_matrix_row()
EOF
cat >"$PROJ/scripts/complex_run.py" <<'EOF'
# Runs the complex case in a child interpreter, as batch scripts often do.
import os
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
code = "import numpy as np; from physics.kernels import axpy; axpy(1j, np.ones(3, complex), np.ones(3, complex))"
subprocess.run([sys.executable, "-c", code], check=True, cwd=root)
EOF
cat >"$PROJ/scripts/pool_run.py" <<'EOF'
# A process pool: only the workers compile, and the pool ends them with SIGTERM.
import multiprocessing as mp
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from physics.kernels import norm


def work(n):
    return norm(np.ones(n, dtype=np.float32))


if __name__ == "__main__":
    with mp.get_context("fork").Pool(2) as pool:
        print(pool.map(work, [3, 4, 5, 6]))
EOF

# ---- record run.py ------------------------------------------------------------
cd "$PROJ/physics"  # a subfolder: the profile still goes to the project root
expect_rc 0 "record run.py" -- "$CARAMBA" record -- "$PY" ../run.py
cd "$PROJ"
[ -f "$PROJ/.caramba/types.json" ] && ok || bad "no profile at the project root"
grep -q "5 kernels, 6 signatures recorded (6 new) in .*/proj/.caramba/types.json; it now holds 5 kernels, 6 signatures" "$TMP/err" && ok \
  || { bad "record summary"; cat "$TMP/err" >&2; }
grep -q "axpy f64" "$TMP/out" && ok || bad "the command's stdout is its own"
check_profile "version" 'p["version"] == 1'
check_profile "axpy's two signatures" \
  'sigs("axpy") == [["float32", "array(float32, 1d, C)", "array(float32, 1d, C)"], ["float64", "array(float64, 1d, C)", "array(float64, 1d, C)"]]'
check_profile "parsed array type" \
  'sig("axpy", ["float64", "array(float64, 1d, C)", "array(float64, 1d, C)"])["args"][1] == {"numba": "array(float64, 1d, C)", "kind": "array", "dtype": "float64", "ndim": 1, "layout": "C"}'
check_profile "parsed scalar type" \
  'sig("axpy", ["float32", "array(float32, 1d, C)", "array(float32, 1d, C)"])["args"][0] == {"numba": "float32", "kind": "scalar", "dtype": "float32"}'
check_profile "axpy returns its array" \
  'sig("axpy", ["float32", "array(float32, 1d, C)", "array(float32, 1d, C)"])["return"]["numba"] == "array(float32, 1d, C)"'
check_profile "axpy's locals (cache=True is compiled, so they are known)" \
  'sorted(sig("axpy", ["float64", "array(float64, 1d, C)", "array(float64, 1d, C)"])["locals"]) == ["alpha", "i", "out", "x", "y"]'
check_profile "prange kernel: locals of the loop body, no parfor internals" \
  'sorted(sig("pairwise_distance", ["array(float64, 2d, C)"])["locals"]) == ["acc", "d", "dist", "i", "j", "k", "n", "points"]'
check_profile "prange kernel: return" \
  'sig("pairwise_distance", ["array(float64, 2d, C)"])["return"] == {"numba": "array(float64, 2d, C)", "kind": "array", "dtype": "float64", "ndim": 2, "layout": "C"}'
check_profile "SSA versions of different types are unstable" \
  'sig("norm", ["array(float64, 1d, C)"])["unstable_locals"] == ["total"] and "total" not in sig("norm", ["array(float64, 1d, C)"])["locals"]'
check_profile "nested kernel by its qualname, no return value" \
  'sig("make_smoother.<locals>.smooth", ["array(float64, 1d, C)", "array(float64, 1d, C)"])["return"] == {"numba": "none", "kind": "none"}'
check_profile "an eager signature, compiled at import though never called" \
  'sig("clipped_sum", ["array(float64, 1d, A)", "float64"])["return"]["numba"] == "float64" and sorted(sig("clipped_sum", ["array(float64, 1d, A)", "float64"])["locals"]) == ["acc", "cap", "v", "x"]'
check_profile "file, relative path, def line and parameters" \
  'kernel("norm")["relative"] == "physics/kernels.py" and kernel("norm")["file"].endswith("/physics/kernels.py") and kernel("norm")["line"] == 31 and kernel("axpy")["params"] == ["alpha", "x", "y"]'
check_profile "no \$ temporaries, no arg. names" \
  'all(not n.startswith("$") and "." not in n for k in p["kernels"] for s in k["signatures"] for n in s["locals"])'

# Recording the same run again changes nothing.
cp "$PROJ/.caramba/types.json" "$TMP/first.json"
expect_rc 0 "record run.py again" -- "$CARAMBA" record -- "$PY" run.py
cmp -s "$PROJ/.caramba/types.json" "$TMP/first.json" && ok || bad "re-recording the same run changed the profile"
grep -q "(0 new)" "$TMP/err" && ok || bad "re-recording reports new signatures"
# -q: nothing but errors; -v: each kernel's signatures too.
expect_rc 0 "record -q" -- "$CARAMBA" record -q -- "$PY" run.py
[ ! -s "$TMP/err" ] && ok || { bad "-q printed something"; cat "$TMP/err" >&2; }
expect_rc 0 "record -v" -- "$CARAMBA" record -v -- "$PY" run.py
grep -Eq "^caramba record: .*\.py:[0-9]+: [A-Za-z_.<>]+\(.*(float64|int64).*\)$" "$TMP/err" && grep -q "(0 new)" "$TMP/err" && ok \
  || { bad "-v lists the kernels and keeps the summary"; cat "$TMP/err" >&2; }
expect_rc 2 "record -q -v" -- "$CARAMBA" record -q -v -- "$PY" run.py

# ---- the tests: merged into the profile --------------------------------------
if "$PY" -c "import pytest" 2>/dev/null; then
  expect_rc 0 "record pytest" -- "$CARAMBA" record -- "$PY" -m pytest -q -p no:cacheprovider tests/
else
  expect_rc 0 "record the test file" -- "$CARAMBA" record -- "$PY" tests/test_kernels.py
fi
grep -q "3 kernels, 3 signatures recorded (2 new)" "$TMP/err" && ok || { bad "merge summary"; cat "$TMP/err" >&2; }
check_profile "integer axpy added, the others kept" \
  'len(sigs("axpy")) == 3 and sig("axpy", ["int64", "array(int64, 1d, C)", "array(int64, 1d, C)"])["return"]["dtype"] == "int64"'
check_profile "a non-contiguous row is layout A" \
  'sig("norm", ["array(float64, 1d, A)"])["args"][0]["layout"] == "A" and len(sigs("norm")) == 2'
check_profile "kernels the tests did not run are kept" \
  'len(sigs("pairwise_distance")) == 1 and len(sigs("make_smoother.<locals>.smooth")) == 1'

# ---- subprocesses, complex types, the user's sitecustomize -------------------
mkdir -p "$TMP/usersite"
printf 'import os\nopen(os.environ["MARK_FILE"], "a").write("user sitecustomize ran\\n")\n' >"$TMP/usersite/sitecustomize.py"
MARK_FILE="$TMP/mark" PYTHONPATH="$TMP/usersite" \
  expect_rc 0 "record a script that starts a subprocess" -- "$CARAMBA" record -- "$PY" scripts/complex_run.py
check_profile "the child process's signature, complex types parsed" \
  'sig("axpy", ["complex128", "array(complex128, 1d, C)", "array(complex128, 1d, C)"])["args"][0] == {"numba": "complex128", "kind": "scalar", "dtype": "complex128"}'
[ "$(grep -c "user sitecustomize ran" "$TMP/mark" 2>/dev/null)" = 2 ] && ok \
  || bad "the user's sitecustomize did not run in both processes"
expect_rc 0 "record a process pool" -- "$CARAMBA" record -- "$PY" scripts/pool_run.py
check_profile "the pool workers' signature" \
  'sig("norm", ["array(float32, 1d, C)"])["return"]["numba"] == "float64"'

# ---- exit statuses ------------------------------------------------------------
expect_rc 3 "the command's exit status" -- "$CARAMBA" record -- "$PY" -c "import sys; sys.exit(3)"
grep -q "no Numba kernel was compiled" "$TMP/err" && ok || bad "nothing recorded is said"
expect_rc 2 "a command that cannot start" -- "$CARAMBA" record -- "$TMP/no-such-python" run.py
grep -q "error\[CRB013\]: cannot run '.*no-such-python': No such file or directory" "$TMP/err" && ok || bad "CRB013 message"
expect_rc 2 "no command" -- "$CARAMBA" record
expect_rc 0 "without --, -o elsewhere" -- "$CARAMBA" record -o "$TMP/other/profile.json" "$PY" run.py
[ -f "$TMP/other/profile.json" ] && ok || bad "-o not written"
printf '{"version": 7}' >"$TMP/old.json"
expect_rc 2 "an unreadable existing profile" -- "$CARAMBA" record -o "$TMP/old.json" -- "$PY" run.py
grep -q "CRB013.*version 7 is not supported" "$TMP/err" && ok || bad "existing bad profile message"
[ "$(cat "$TMP/old.json")" = '{"version": 7}' ] && ok || bad "a bad existing profile was overwritten"

# ---- using the profile --------------------------------------------------------
# The translation runs with the profile: --types, found by itself, or --no-types.
# (Whether the types change the translation is the type analysis's business;
# here: the flag is accepted and a bad profile stops the translation.)
expect_rc 1 "--types" -- "$CARAMBA" physics/kernels.py --types .caramba/types.json -o "$TMP/t1.py"
expect_rc 1 "the project profile found" -- "$CARAMBA" physics/kernels.py -o "$TMP/t2.py"
expect_rc 1 "--no-types" -- "$CARAMBA" physics/kernels.py --no-types -o "$TMP/t3.py"
expect_rc 2 "--types and --no-types" -- "$CARAMBA" physics/kernels.py --types .caramba/types.json --no-types
printf '{"version": 1, "kernels": [' >"$TMP/broken.json"
expect_rc 2 "a broken --types" -- "$CARAMBA" physics/kernels.py --types "$TMP/broken.json" -o "$TMP/never.py"
grep -q "error\[CRB012\]: .*broken.json: not a type profile: not valid JSON" "$TMP/err" && ok || bad "CRB012 message"
[ ! -e "$TMP/never.py" ] && ok || bad "output written with a broken profile"
expect_rc 2 "a missing --types" -- "$CARAMBA" physics/kernels.py --types "$TMP/missing.json"
grep -q "CRB012.*missing.json: cannot read the type profile" "$TMP/err" && ok || bad "CRB012 for a missing file"
cp .caramba/types.json "$TMP/good.json"
printf '{"version": 1, "kernels": [{"file": "x.py"}]}' >.caramba/types.json
expect_rc 2 "a broken project profile" -- "$CARAMBA" physics/kernels.py
grep -q "CRB012.*\.caramba/types.json: not a valid type profile: kernels\[0\]: missing \"qualname\"" "$TMP/err" && ok \
  || bad "CRB012 for the project profile"
expect_rc 2 "a broken project profile in batch mode" -- "$CARAMBA" physics --check
[ "$(grep -c CRB012 "$TMP/err")" = 1 ] && ok || bad "batch: one CRB012 for the run"
expect_rc 1 "--no-types ignores it" -- "$CARAMBA" physics/kernels.py --no-types -o "$TMP/t4.py"
cp "$TMP/good.json" .caramba/types.json
expect_rc 0 "explain CRB012" -- "$CARAMBA" explain CRB012
expect_rc 0 "explain CRB013" -- "$CARAMBA" explain CRB013

echo "record: $pass passed, $fail failed"
[ "$fail" = 0 ]
