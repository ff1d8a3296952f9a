#!/usr/bin/env bash
# End-to-end tests of the built CLI binary: exit codes, byte-identical
# pass-through, no output on failure, the input never modified, kernel listing.
# Usage: test_cli.sh path/to/caramba tests/cli
set -u
CARAMBA="$1"; HERE="$2"; DATA="$HERE/data"
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0
ok()   { pass=$((pass+1)); }
bad()  { fail=$((fail+1)); echo "FAIL: $*" >&2; }
expect_rc() {  # expect_rc WANT DESCRIPTION -- command...
  local want="$1" what="$2"; shift 3
  "$@" >"$TMP/out" 2>"$TMP/err"; local rc=$?
  if [ "$rc" = "$want" ]; then ok; else bad "$what: exit $rc, wanted $want"; cat "$TMP/err" >&2; fi
}

# Pass-through: byte-identical to stdout and to -o.
expect_rc 0 "pass-through to stdout" -- "$CARAMBA" "$DATA/passthrough_crlf_bom.py"
cmp -s "$TMP/out" "$DATA/passthrough_crlf_bom.py" && ok || bad "stdout pass-through not byte-identical"
expect_rc 0 "pass-through to -o" -- "$CARAMBA" "$DATA/passthrough_crlf_bom.py" -o "$TMP/o.py"
cmp -s "$TMP/o.py" "$DATA/passthrough_crlf_bom.py" && ok || bad "-o pass-through not byte-identical"
# `-o -` is stdout, not a file named "-".
(cd "$TMP" && "$CARAMBA" "$DATA/passthrough_crlf_bom.py" -o - >"$TMP/dash.py") && [ ! -e "$TMP/-" ] \
  && cmp -s "$TMP/dash.py" "$DATA/passthrough_crlf_bom.py" && ok || bad "-o - did not write to stdout"

# Kernel discovery over every spelling: names and lines.
expect_rc 0 "list kernels" -- "$CARAMBA" --list-kernels --format json "$DATA/mixed_kernels.py"
for pair in plain:10 par:15 eager:23 jit_np:28 vec:33 factory.\<locals\>.nested:39 Holder.method:47 Spec:52 wrapped:57; do
  name="${pair%%:*}"; line="${pair##*:}"
  tr -d ' \n' <"$TMP/out" | grep -q "\"line\":$line,\"name\":\"${name##*.}\"" && ok || bad "kernel $name not found at line $line"
done
tr -d ' \n' <"$TMP/out" | grep -q '"parallel_loops":\[{"args":"(n)","depth":0,"line":17' && ok || bad "prange loop of par not at line 17"
tr -d ' \n' <"$TMP/out" | grep -q '"parsed":"float64(float64\[:,::1\],int64)"' && ok || bad "eager signature not parsed"

# Failures: exit 2, the message names the code, -o is never written, input kept.
printf 'x = 1\nprint "py2"\n' >"$TMP/py2.py"; cp "$TMP/py2.py" "$TMP/py2.orig"
expect_rc 2 "python 2 syntax" -- "$CARAMBA" "$TMP/py2.py" -o "$TMP/never.py"
grep -q "py2.py:2:1: error\[CRB006\]" "$TMP/err" && ok || bad "CRB006 with location"
[ ! -e "$TMP/never.py" ] && ok || bad "-o written on failure"
cmp -s "$TMP/py2.py" "$TMP/py2.orig" && ok || bad "input modified"
expect_rc 2 "missing file" -- "$CARAMBA" "$TMP/missing.py"
grep -q "CRB001" "$TMP/err" && ok || bad "CRB001"
expect_rc 2 "directory" -- "$CARAMBA" "$TMP"
grep -q "CRB002" "$TMP/err" && ok || bad "CRB002"
head -c 2000 /bin/sh >"$TMP/binary.py"
expect_rc 2 "binary file" -- "$CARAMBA" "$TMP/binary.py"
grep -q "CRB004" "$TMP/err" && ok || bad "CRB004"
expect_rc 2 "unknown flag" -- "$CARAMBA" --frobnicate
expect_rc 0 "version" -- "$CARAMBA" --version
expect_rc 0 "explain" -- "$CARAMBA" explain CRB005
: >"$TMP/empty.py"
expect_rc 0 "empty file" -- "$CARAMBA" "$TMP/empty.py" -o "$TMP/empty.out"
[ -e "$TMP/empty.out" ] && [ ! -s "$TMP/empty.out" ] && ok || bad "empty output"

# A translation the runtime's kernel front end rejects is refused (CRB150, exit
# 1, never 2): the kernel stays the Numba original byte for byte, the others
# translate, and --no-validate (for measurements) writes the rejected workunits.
expect_rc 1 "runtime rejects" -- "$CARAMBA" "$DATA/runtime_rejects.py" -o "$TMP/rejects.py"
[ "$(grep -c 'warning\[CRB150\]' "$TMP/err")" = 2 ] && ok || bad "two CRB150 warnings"
grep -q "runtime_rejects.py:12:1: warning\[CRB150\]: 'gamma_weights': .*call of 'math.gamma', at \`out\[i\] = math.gamma(x\[i\] + 1.0)\` (line 14)" "$TMP/err" \
  && ok || bad "CRB150 of gamma_weights at its def, with the generated line mapped back"
grep -q "runtime_rejects.py:18:1: warning\[CRB150\]: 'log_factorial': .*@pk.function '_pk_fn_log_factorial'" "$TMP/err" \
  && ok || bad "CRB150 of the helper log_factorial"
grep -q "warning\[CRB119\]: 'poisson_logpmf': calls 'log_factorial'" "$TMP/err" && ok || bad "the helper's caller stays Numba (CRB119)"
grep -q "^def _pk_total(" "$TMP/rejects.py" && ok || bad "the accepted kernel is translated"
# Everything from the first kernel to the last rejected one is the input's text.
kept() { sed -n '/^@njit("void(float64\[:\], float64\[:\])")$/,/^        out\[i\] = k\[i\]/{p;/^        out\[i\] = k\[i\]/q}' "$1"; }
kept "$DATA/runtime_rejects.py" >"$TMP/kept.want"
kept "$TMP/rejects.py" >"$TMP/kept.got"
[ -s "$TMP/kept.want" ] && cmp -s "$TMP/kept.want" "$TMP/kept.got" && ok || bad "rejected kernels not kept byte for byte"
expect_rc 0 "explain CRB150" -- "$CARAMBA" explain CRB150
grep -q "translator bug" "$TMP/out" && ok || bad "CRB150 explanation says what to do"
expect_rc 0 "--no-validate" -- "$CARAMBA" "$DATA/runtime_rejects.py" --no-validate -o "$TMP/unchecked.py"
grep -q "math.gamma(x\[i\] + 1.0)$" "$TMP/unchecked.py" && grep -q "^def _pk_gamma_weights(" "$TMP/unchecked.py" \
  && ok || bad "--no-validate writes the rejected workunit"

echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
