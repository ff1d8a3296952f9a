#!/usr/bin/env bash
# Host programs (kernels lowered to phases) under --kernel and --space Cuda:
# a phase workunit is selected with its kernel and validated like any other
# workunit, and serial work never becomes a one-thread GPU dispatch.
# Usage: test_host_programs_selected.sh path/to/caramba REPO_ROOT
set -u
CARAMBA="$1"; ROOT="$2"; C="$ROOT/corpora"
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*" >&2; }

# features/auto_parallel.py::smooth_into with --space Cuda: its loop stays
# serial (smooth_into(a, a) aliases), so it runs on pk.Serial with note CRB524.
for sel in ""; do
  "$CARAMBA" "$C/features/auto_parallel.py" --space Cuda $sel -o "$TMP/ap.py" 2>"$TMP/err"
  grep -A3 "^def smooth_into" "$TMP/ap.py" | grep -q "pk.RangePolicy(pk.Serial, 0, 1)" \
    && ok || bad "auto_parallel.py --space Cuda $sel: smooth_into not dispatched on pk.Serial"
  grep -q "note\[CRB524\]: 'smooth_into'" "$TMP/err" && ok || bad "auto_parallel.py --space Cuda $sel: no CRB524"
  grep -q "RangePolicy(pk.Cuda, 0, 1)" "$TMP/ap.py" && bad "auto_parallel.py --space Cuda $sel: a one-thread GPU dispatch" || ok
done

# features/math_gamma.py with --space Cuda: the phase workunit calling
# math.gamma is checked by the runtime's kernel front end (CRB150, exit 1),
# as on the CPU, instead of failing at its first call.
for space in OpenMP Cuda; do
  "$CARAMBA" "$C/features/math_gamma.py" --space $space -o "$TMP/mg.py" 2>"$TMP/err"; rc=$?
  [ $rc = 1 ] && grep -q "warning\[CRB150\]: 'gamma_weights'" "$TMP/err" && ok \
    || bad "math_gamma.py --space $space: exit $rc, wanted 1 with CRB150"
  grep -q "^@njit" "$TMP/mg.py" && ok || bad "math_gamma.py --space $space: gamma_weights not kept as Numba"
done

echo "host programs selected: $pass passed, $fail failed"
[ $fail = 0 ]
