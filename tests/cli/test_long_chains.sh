#!/usr/bin/env bash
# test_long_chains.sh CARAMBA — translation time grows about linearly with a
# long binary-operator chain (`x = a[i] + a[i] + ...`, 1,000 and 2,000 terms)
# and a long elif chain: the NumPy lowering asked every node of the chain for
# its rank, each a walk of the rest (2,000 terms took 5x the time of 1,000).
# CPU time, the best of three runs, with a bound a quadratic walk exceeds
# (4x) and linear work stays far below on a loaded machine.
set -euo pipefail
CARAMBA="$1"
T="$(mktemp -d)"
trap 'rm -rf "$T"' EXIT
chain() {  # chain N FILE
  python3 - "$1" "$2" <<'PY'
import sys
n, path = int(sys.argv[1]), sys.argv[2]
terms = " + ".join(["a[i]"] * n)
open(path, "w").write(f"""import numpy as np
from numba import njit


@njit("float64[:](float64[:], float64[:])")
def chain(a, out):
    for i in range(a.shape[0]):
        x = {terms}
        out[i] = x
    return out
""")
PY
}
elifs() {  # elifs N FILE
  python3 - "$1" "$2" <<'PY'
import sys
n, path = int(sys.argv[1]), sys.argv[2]
body = "\n".join(f"        elif a[i] == {k}:\n            out[i] = {k}.5" for k in range(1, n))
open(path, "w").write(f"""import numpy as np
from numba import njit


@njit("void(int64[:], float64[:])")
def classify(a, out):
    for i in range(a.shape[0]):
        if a[i] == 0:
            out[i] = 0.5
{body}
        else:
            out[i] = -1.0
""")
PY
}
cpu() {  # cpu FILE: best user+sys seconds of three translations
  python3 - "$CARAMBA" "$1" "$T/out.py" <<'PY'
import resource, subprocess, sys
best = None
for _ in range(3):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.argv[1], sys.argv[2], "-o", sys.argv[3]], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    best = t if best is None else min(best, t)
print(f"{best:.3f}")
PY
}
fail=0
for kind in chain elifs; do
  "$kind" 1000 "$T/small.py"
  "$kind" 2000 "$T/large.py"
  small=$(cpu "$T/small.py")
  large=$(cpu "$T/large.py")
  echo "$kind: 1000 terms ${small}s, 2000 terms ${large}s"
  if ! python3 -c "import sys; sys.exit(0 if $large <= 4 * $small + 0.3 else 1)"; then
    echo "FAIL: $kind of 2000 terms took more than 4x the time of 1000 terms" >&2
    fail=1
  fi
done
exit $fail
