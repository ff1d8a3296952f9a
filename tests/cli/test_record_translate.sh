#!/usr/bin/env bash
# The round trip a user makes: kernels that static inference refuses (CRB140:
# nothing in the source says scalar or array, or integer or float elements),
# `caramba record -- python run.py`, then `caramba FILE` (the profile found by
# itself, or --types) translates them, and the translation equals Numba on the
# runtime. Usage: test_record_translate.sh path/to/caramba path/to/python
set -u
abs() { case "$1" in */*) echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")" ;; *) echo "$1" ;; esac; }
CARAMBA="$(abs "$1")"; PY="$(abs "$2")"
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*" >&2; }
expect_rc() {  # expect_rc WANT DESCRIPTION -- command...
  local want="$1" what="$2"; shift 3
  "$@" >"$TMP/out" 2>"$TMP/err"; local rc=$?
  if [ "$rc" = "$want" ]; then ok; else bad "$what: exit $rc, wanted $want"; cat "$TMP/err" >&2; fi
}

PROJ="$TMP/signal"
mkdir -p "$PROJ"
: >"$PROJ/pyproject.toml"
cat >"$PROJ/filters.py" <<'EOF'
"""Signal helpers from a lab's analysis scripts (no signatures anywhere)."""
import numpy as np
from numba import njit


@njit
def gain(x, g):
    # scalar or array? only a call tells
    return x * g


@njit
def moving_max(a, w, out):
    for i in range(a.shape[0] - w + 1):
        m = a[i]  # int64 or float64: decides the declaration
        for j in range(1, w):
            if a[i + j] > m:
                m = a[i + j]
        out[i] = m


@njit
def decimate_counts(codes, step, out):
    for i in range(codes.shape[0]):
        out[i] = codes[i] // step  # floor division of integers
EOF
cat >"$PROJ/run.py" <<'EOF'
import numpy as np
from filters import gain, moving_max, decimate_counts

x = np.linspace(0.0, 1.0, 50)
print(gain(x, 2.5).sum())
out = np.zeros(46, dtype=np.int64)
moving_max(np.arange(50, dtype=np.int64) % 7, 5, out)
d = np.zeros(50, dtype=np.int64)
decimate_counts(np.arange(50, dtype=np.int64) * 3 - 40, 4, d)
print(out.sum(), d.sum())
EOF
cd "$PROJ"

# 1. Static inference alone refuses all three, and says to record.
expect_rc 1 "static types" -- "$CARAMBA" filters.py --no-types -o "$TMP/static.py"
[ "$(grep -c 'warning\[CRB140\]' "$TMP/err")" -ge 3 ] && ok || bad "each kernel refused with CRB140"
grep -q "caramba record" "$TMP/err" && ok || bad "CRB140 suggests caramba record"

# 2. Record the types the lab's script compiles.
expect_rc 0 "caramba record" -- "$CARAMBA" record -- "$PY" run.py
[ -f .caramba/types.json ] && ok || bad "no .caramba/types.json"

# 3. The profile is found by itself, and --types names it: every kernel translates.
expect_rc 0 "translate with the project's profile" -- "$CARAMBA" filters.py -o filters_pk.py
expect_rc 0 "translate with --types" -- "$CARAMBA" filters.py --types .caramba/types.json -o "$TMP/named.py"
cmp -s filters_pk.py "$TMP/named.py" && ok || bad "--types and the found profile translate alike"
grep -q "^def _pk_moving_max(" filters_pk.py && ok || bad "moving_max is a workunit"
grep -q "m: pk.int64" filters_pk.py && ok || bad "moving_max's local has Numba's type (int64)"

# 4. The translation runs and equals Numba on the same inputs.
cat >"$TMP/compare.py" <<'EOF'
import sys
import numpy as np
sys.path.insert(0, ".")
import filters
import filters_pk

x = np.linspace(0.0, 1.0, 50)
assert np.allclose(filters.gain(x, 2.5), filters_pk.gain(x, 2.5))
a = np.arange(50, dtype=np.int64) % 7
o1, o2 = np.zeros(46, dtype=np.int64), np.zeros(46, dtype=np.int64)
filters.moving_max(a, 5, o1)
filters_pk.moving_max(a, 5, o2)
assert (o1 == o2).all(), (o1, o2)
c = np.arange(50, dtype=np.int64) * 3 - 40
d1, d2 = np.zeros(50, dtype=np.int64), np.zeros(50, dtype=np.int64)
filters.decimate_counts(c, 4, d1)
filters_pk.decimate_counts(c, 4, d2)
assert (d1 == d2).all(), (d1, d2)
print("equal")
EOF
expect_rc 0 "the translation runs" -- "$PY" "$TMP/compare.py"
grep -q "^equal$" "$TMP/out" && ok || bad "the translation equals Numba"

echo "record-translate: $pass passed, $fail failed"
[ "$fail" = 0 ]
