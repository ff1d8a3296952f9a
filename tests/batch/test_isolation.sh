#!/usr/bin/env bash
# A batch run over a tree with one pathological file: every other file is
# migrated and reported. The files come from the hardening findings: deep
# nesting (4,100 nested calls, 9,100 parentheses), a chain of 99 conditional
# expressions, and a planted translator crash (CARAMBA_TEST_CRASH_MARKER makes
# the translator kill itself with SIGSEGV on a file holding the marker).
# Usage: test_isolation.sh path/to/caramba
set -u
CARAMBA="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*" >&2; }
check() { if eval "$2"; then ok; else bad "$1"; sed 's/^/  | /' "$TMP/err" | tail -20 >&2; fi; }
report() {  # report FILE PYTHON-EXPR over r (the report) and files (path -> entry)
  python3 - "$1" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
files = {f["path"].split("/")[-1]: f for f in r["files"]}
codes = lambda name: [d["code"] for d in files[name]["diagnostics"]]
sys.exit(0 if eval(sys.argv[2]) else 1)
PY
}
kernel() {
  cat >"$1" <<'PY'
from numba import njit


@njit("void(float64[:], float64[:], float64[:])")
def add(a, b, out):
    for i in range(a.shape[0]):
        out[i] = a[i] + b[i]
PY
}
cd "$TMP"
mkdir -p tree
kernel tree/a_good.py; kernel tree/z_good.py
python3 - <<'PY'
calls = "f(" * 4100 + "1" + ")" * 4100
parens = "(" * 9100 + "1" + ")" * 9100
cond = "x = " + " ".join("%d if c%d else" % (i, i) for i in range(99)) + " 0"
kern = open("tree/a_good.py").read()
open("tree/deep_calls.py", "w").write(kern + "\n\ndef f(x):\n    return x\n\n\ny = " + calls + "\n")
open("tree/deep_parens.py", "w").write(kern + "\n\ny = " + parens + "\n")
open("tree/cond_chain.py", "w").write(
    "from numba import njit\n\n\n@njit(\"float64(float64)\")\ndef k(c):\n" +
    "".join("    c%d = c > %d\n" % (i, i) for i in range(99)) + "    " + cond + "\n    return x\n")
PY
kernel tree/m_crash.py; echo "# PLANTED-CRASH" >>tree/m_crash.py

# crash_in_one_file: the planted crash is that file's CRB904; the others are
# translated and reported, the summary and the report are written.
rc=$(CARAMBA_TEST_CRASH_MARKER=PLANTED-CRASH "$CARAMBA" tree --check -j 2 --report r.json >"$TMP/out" 2>"$TMP/err"; echo $?)
check "crash_in_one_file: exit 2" '[ "$rc" = 2 ]'
check "crash_in_one_file: summary printed" 'grep -q "^caramba: 6 files" "$TMP/err"'
check "crash_in_one_file: CRB904 names the file" 'grep -q "m_crash.py.*CRB904" "$TMP/err"'
check "crash_in_one_file: the report has every file" 'report r.json "len(files) == 6"'
check "crash_in_one_file: the crashed file is an error with CRB904" \
  'report r.json "files[\"m_crash.py\"][\"status\"] == \"error\" and \"CRB904\" in codes(\"m_crash.py\")"'
check "crash_in_one_file: the good files are translated" \
  'report r.json "all(k[\"status\"] == \"translated\" for n in (\"a_good.py\", \"z_good.py\") for k in files[n][\"kernels\"])"'

# deep_nesting: 4,100 nested calls and 9,100 parentheses are refused with
# CRB019 (CPython refuses them too), without a crash, also in -i mode where
# the other files are rewritten.
for name in deep_calls.py deep_parens.py; do
  check "deep_nesting: $name refused with CRB019" "report r.json '\"CRB019\" in codes(\"$name\")'"
done
# cond_chain_99: 99 nested conditional expressions would become 99 nested if
# statements, beyond CPython's 100 indentation levels: refused.
check "cond_chain_99: refused with CRB019" 'report r.json "\"CRB019\" in codes(\"cond_chain.py\")"'

cp -r tree tree2
rc=$(CARAMBA_TEST_CRASH_MARKER=PLANTED-CRASH "$CARAMBA" tree2 -i -j 2 >"$TMP/out" 2>"$TMP/err"; echo $?)
check "crash_in_one_file -i: exit 2" '[ "$rc" = 2 ]'
check "crash_in_one_file -i: good files rewritten, crashed file untouched" \
  '! cmp -s tree2/a_good.py tree/a_good.py && ! cmp -s tree2/z_good.py tree/z_good.py && cmp -s tree2/m_crash.py tree/m_crash.py'

# Without isolation the marker kills the process: the test hook works.
rc=$(CARAMBA_NO_ISOLATION=1 CARAMBA_TEST_CRASH_MARKER=PLANTED-CRASH "$CARAMBA" tree/m_crash.py >/dev/null 2>&1; echo $?)
check "crash hook: the marker really crashes the translator" '[ "$rc" -ge 128 ]'

echo "batch isolation: $pass passed, $fail failed"
[ "$fail" = 0 ]
