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

# thesis/stencil.py::star2 (a host program) with --kernel star2: translated, not
# silently left as Numba code.
"$CARAMBA" "$C/thesis/stencil.py" --kernel star2 -o "$TMP/star2.py" 2>"$TMP/err"; rc=$?
[ $rc = 0 ] && ok || bad "stencil.py --kernel star2: exit $rc"
grep -q "^def _pk_star2" "$TMP/star2.py" && ! grep -B1 "^def star2" "$TMP/star2.py" | grep -q "jit" \
  && ok || bad "stencil.py --kernel star2: star2 not translated"

# features/math_gamma.py::gamma_weights (a host program the runtime's checks
# refuse) with --kernel gamma_weights: put back whole, without the
# `import pykokkos as pk` its translation had added.
"$CARAMBA" "$C/features/math_gamma.py" --kernel gamma_weights -o "$TMP/gw.py" 2>"$TMP/err"; rc=$?
[ $rc = 1 ] && ok || bad "math_gamma.py --kernel gamma_weights: exit $rc, wanted 1"
grep -q "import pykokkos" "$TMP/gw.py" && bad "math_gamma.py --kernel gamma_weights: stray pykokkos import" || ok
cmp -s "$TMP/gw.py" "$C/features/math_gamma.py" && ok || bad "math_gamma.py --kernel gamma_weights: output differs from the input"

# features/nested_kernels.py: a kernel made by a factory is selected by its
# qualified name; the other kernels stay as they are.
"$CARAMBA" "$C/features/nested_kernels.py" --kernel 'make_axpy.<locals>.axpy' -o "$TMP/nk.py" 2>"$TMP/err"; rc=$?
[ $rc = 0 ] && ok || bad "nested_kernels.py --kernel make_axpy.<locals>.axpy: exit $rc"
grep -q "^def make_axpy_axpy(x, y, alpha):" "$TMP/nk.py" && grep -q "return make_axpy_axpy(x, y, alpha)" "$TMP/nk.py" \
  && ok || bad "nested_kernels.py --kernel make_axpy.<locals>.axpy: not lifted and translated"
grep -q "make_summer_total" "$TMP/nk.py" && bad "nested_kernels.py --kernel make_axpy.<locals>.axpy: make_summer lifted too" || ok

# features/auto_parallel.py::smooth_into with --space Cuda: its loop stays
# serial (smooth_into(a, a) aliases), so it runs on pk.Serial with note CRB524,
# also when it is the one kernel selected.
for sel in "" "--kernel smooth_into"; do
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
