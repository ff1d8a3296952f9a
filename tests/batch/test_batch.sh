#!/usr/bin/env bash
# End-to-end tests of the batch mode on a generated tree: every output mode,
# -j 1 vs -j 4, in-place idempotence, failures that do not stop the run, and
# the JSON report validated against the schema in docs/batch.md.
# Usage: test_batch.sh path/to/caramba docs/batch.md tests/batch
set -u
abspath() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
CARAMBA="$(abspath "$1")"; DOC="$(abspath "$2")"; HERE="$(cd "$3" && pwd)"
TMP="$(mktemp -d)"; trap 'chmod -R u+w "$TMP" 2>/dev/null; rm -rf "$TMP"' EXIT
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*" >&2; }
check() { if eval "$2"; then ok; else bad "$1"; fi; }
run() {  # run WANT_RC DESCRIPTION command... ; stdout in $TMP/out, stderr in $TMP/err
  local want="$1" what="$2"; shift 2
  "$@" >"$TMP/out" 2>"$TMP/err"; local rc=$?
  if [ "$rc" = "$want" ]; then ok; else bad "$what: exit $rc, wanted $want"; sed 's/^/  | /' "$TMP/err" >&2; fi
}
digest() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
validate() { python3 "$HERE/validate_report.py" "$DOC" "$1"; }

# ---- the generated tree -----------------------------------------------------
# tree/
#   .git, .gitignore      a git work tree; generated/ and *.gen.py ignored
#   pkg/__init__.py       no kernels
#   pkg/kernels.py        @njit kernels (translatable)
#   pkg/sub/__init__.py, pkg/sub/deep/par.py   nested packages, prange kernel
#   pkg/sub/vec.py        @vectorize: refused (CRB101)
#   pkg/broken.py         syntax error (CRB005)
#   pkg/latin1.py         not UTF-8 (CRB004)
#   pkg/loop -> ..        symlink loop
#   pkg/escape -> $TMP/outside   symlink out of the tree
#   generated/g.py, pkg/x.gen.py  .gitignore'd
#   venv/lib.py           excluded by default
#   legacy/old.py         excluded with --extend-exclude legacy
#   tools/run.py          mode 0755
make_tree() {
  local t="$1"
  mkdir -p "$t/pkg/sub/deep" "$t/generated" "$t/venv" "$t/legacy" "$t/tools" "$TMP/outside"
  git init -q "$t"  # .gitignore means something inside a git work tree, as for git
  printf 'generated/\n*.gen.py\n' >"$t/.gitignore"
  printf '"""A package without kernels."""\nVERSION = "1.0"\n' >"$t/pkg/__init__.py"
  cat >"$t/pkg/kernels.py" <<'PY'
import numpy as np
from numba import njit


@njit
def add(a, b, out):
    for i in range(a.shape[0]):
        out[i] = a[i] + b[i]


@njit(cache=True)
def total(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s
PY
  : >"$t/pkg/sub/__init__.py"
  mkdir -p "$t/pkg/sub/deep"
  cat >"$t/pkg/sub/deep/par.py" <<'PY'
import numba as nb


@nb.njit(parallel=True)
def scale(a, f):
    for i in nb.prange(a.shape[0]):
        a[i] *= f
PY
  cat >"$t/pkg/sub/vec.py" <<'PY'
from numba import vectorize


@vectorize
def twice(x):
    return 2 * x
PY
  printf 'def broken(:\n    pass\n' >"$t/pkg/broken.py"
  printf '# a comment\nname = "caf\xe9"\n' >"$t/pkg/latin1.py"
  ln -s .. "$t/pkg/loop"
  printf 'x = 1\n' >"$TMP/outside/far.py"
  ln -s "$TMP/outside" "$t/pkg/escape"
  printf 'from numba import njit\n\n@njit\ndef g(x):\n    return x\n' >"$t/generated/g.py"
  cp "$t/generated/g.py" "$t/pkg/x.gen.py"
  cp "$t/generated/g.py" "$t/venv/lib.py"
  cp "$t/generated/g.py" "$t/legacy/old.py"
  printf '#!/usr/bin/env python3\nprint("hi")\n' >"$t/tools/run.py"; chmod 755 "$t/tools/run.py"
}
make_tree "$TMP/tree"
cp -a "$TMP/tree" "$TMP/pristine"
cd "$TMP/tree"

# The translatable part only (no syntax error, no non-UTF-8 file).
GOOD="pkg/__init__.py pkg/kernels.py pkg/sub tools"

# ---- --check: discovery, failures reported, run continues --------------------
run 2 "check over the whole tree" "$CARAMBA" . --check --extend-exclude legacy --report "$TMP/check.json"
validate "$TMP/check.json" && ok || bad "check report does not match the documented schema"
files=$(python3 -c 'import json,sys; print(" ".join(f["path"] for f in json.load(open(sys.argv[1]))["files"]))' "$TMP/check.json")
want="pkg/__init__.py pkg/broken.py pkg/kernels.py pkg/latin1.py pkg/sub/__init__.py pkg/sub/deep/par.py pkg/sub/vec.py tools/run.py"
check "discovered files ($files)" '[ "$files" = "$want" ]'
check "syntax error reported with location" 'grep -q "pkg/broken.py:1:12: error\[CRB005\]" "$TMP/err"'
check "non-UTF-8 reported" 'grep -q "pkg/latin1.py: error\[CRB004\]" "$TMP/err"'
check "refused kernel reported" 'grep -q "pkg/sub/vec.py:4:1: warning\[CRB101\]" "$TMP/err"'
check "symlink loop not followed (CRB020)" 'grep -q "symlink .pkg/loop. not followed" "$TMP/err"'
check "symlink out of the tree not followed" 'grep -q "symlink .pkg/escape. not followed" "$TMP/err"'
check "summary line" 'grep -Eq "^caramba: 8 files, 4 kernels: [0-9]+ translated, 1 refused \(CRB101: 1\), 2 errors$" "$TMP/err"'
check "per-kernel status in the report" 'python3 - "$TMP/check.json" <<PY
import json, sys
r = json.load(open(sys.argv[1]))
k = {(f["path"], x["name"]): x for f in r["files"] for x in f["kernels"]}
assert k[("pkg/sub/vec.py", "twice")]["status"] == "refused", k
assert k[("pkg/sub/vec.py", "twice")]["refusal_codes"] == ["CRB101"]
assert k[("pkg/kernels.py", "add")]["line"] == 6
for key in [("pkg/kernels.py", "add"), ("pkg/kernels.py", "total"), ("pkg/sub/deep/par.py", "scale")]:
    assert k[key]["status"] in ("translated", "not-translated"), k[key]
    assert (k[key]["caller"] is not None) == (k[key]["status"] == "translated")
st = {f["path"]: f["status"] for f in r["files"]}
assert st["pkg/broken.py"] == "error" and st["pkg/latin1.py"] == "error"
assert st["pkg/__init__.py"] == "no-kernels"
assert r["summary"]["files_without_kernels"] == 3 and r["summary"]["files_failed"] == 2
assert r["exit_code"] == 2
PY'
check "nothing written by --check" '[ "$(digest "$TMP/tree")" = "$(digest "$TMP/pristine")" ]'
run 2 ".gitignore can be turned off" "$CARAMBA" . --check --no-gitignore --format json
check "  ... then generated/ is walked" 'grep -q "\"generated/g.py\"" "$TMP/out" && grep -q "\"pkg/x.gen.py\"" "$TMP/out"'
check "  ... legacy without --extend-exclude" 'grep -q "\"legacy/old.py\"" "$TMP/out"'
check "  ... venv excluded by default" '! grep -q "venv/lib.py" "$TMP/out"'
run 2 "--exclude replaces the defaults" "$CARAMBA" . --check --exclude 'pkg/sub/**' --exclude legacy --format json
check "  ... venv now walked, pkg/sub skipped" 'grep -q "\"venv/lib.py\"" "$TMP/out" && ! grep -q "pkg/sub/vec.py" "$TMP/out"'

# --check on the translatable part: exit 1 exactly when something would change
# or is refused (here: vec.py is refused).
run 1 "check: refused kernel is a finding" "$CARAMBA" $GOOD --check
run 0 "check: nothing to do" "$CARAMBA" pkg/__init__.py tools --check
"$CARAMBA" pkg/kernels.py pkg/sub/deep --diff >"$TMP/kd.diff" 2>/dev/null
want_rc=0; [ -s "$TMP/kd.diff" ] && want_rc=1
run $want_rc "check: exit 1 iff the diff is not empty" "$CARAMBA" pkg/kernels.py pkg/sub/deep --check

# ---- follow symlinks: the loop is cut, the outside is not entered -----------
run 2 "--follow-symlinks" "$CARAMBA" . --check --follow-symlinks --format json
check "loop reported (CRB021)" 'grep -q "CRB021" "$TMP/out"'
check "outside target not followed" 'grep -q "points outside" "$TMP/out" && ! grep -q "far.py" "$TMP/out"'
check "each file once" 'python3 -c "import json,sys; p=[f[\"path\"] for f in json.load(open(sys.argv[1]))[\"files\"]]; assert len(p)==len(set(p)) and p.count(\"pkg/kernels.py\")==1 and not any(\"loop/\" in x for x in p), p" "$TMP/out"'

# ---- --diff: a patch that turns the tree into the --out-dir output ----------
run 2 "diff" "$CARAMBA" . --diff -j 2
cp "$TMP/out" "$TMP/tree.diff"
run 2 "out-dir" "$CARAMBA" . --out-dir "$TMP/o1" -j 2 --report "$TMP/o1.json"
validate "$TMP/o1.json" && ok || bad "out-dir report does not match the schema"
cp -a "$TMP/pristine" "$TMP/patched"
(cd "$TMP/patched" && patch -s -p1 <"$TMP/tree.diff") && ok || bad "the --diff output does not apply"
for f in pkg/kernels.py pkg/sub/deep/par.py pkg/sub/vec.py pkg/__init__.py tools/run.py; do
  cmp -s "$TMP/patched/$f" "$TMP/o1/$f" && ok || bad "patched $f differs from --out-dir output"
done
# git apply takes it as it is (a/ and b/ prefixes, no -p option).
cp -a "$TMP/pristine" "$TMP/gitapplied"
(cd "$TMP/gitapplied" && git apply "$TMP/tree.diff") && ok || bad "git apply does not take the --diff output"
for f in pkg/kernels.py pkg/sub/deep/par.py pkg/sub/vec.py; do
  cmp -s "$TMP/gitapplied/$f" "$TMP/o1/$f" && ok || bad "git-applied $f differs from --out-dir output"
done

# ---- --out-dir: mirrored tree, failures absent, modes kept ------------------
outfiles=$(cd "$TMP/o1" && find . -type f | sed 's|^\./||' | sort | tr '\n' ' ')
check "out-dir mirrors the tree ($outfiles)" '[ "$outfiles" = "legacy/old.py pkg/__init__.py pkg/kernels.py pkg/sub/__init__.py pkg/sub/deep/par.py pkg/sub/vec.py tools/run.py " ]'
check "executable bit kept" '[ -x "$TMP/o1/tools/run.py" ]'
for f in pkg/kernels.py pkg/sub/vec.py; do
  "$CARAMBA" "$f" >"$TMP/single.py" 2>/dev/null
  cmp -s "$TMP/single.py" "$TMP/o1/$f" && ok || bad "out-dir $f differs from the single-file translation"
done
check "inputs untouched by --out-dir" '[ "$(digest "$TMP/tree")" = "$(digest "$TMP/pristine")" ]'
run 2 "out-dir without unchanged copies" "$CARAMBA" . --out-dir "$TMP/o2" --no-copy-unchanged
changed=$(grep -c '^+++ ' "$TMP/tree.diff")
check "only changed files written" '[ "$(find "$TMP/o2" -type f | wc -l)" = "$changed" ]'
# An out-dir inside the tree is not read back as input on the next run.
run 2 "out-dir inside the root" "$CARAMBA" . --out-dir translated --format json
run 2 "  ... second run" "$CARAMBA" . --out-dir translated --format json
check "  ... its output is not an input" '! grep -q "\"path\": \"translated/" "$TMP/out"'
rm -rf translated

# A read-only output: files under it fail with CRB007, the others are written.
mkdir -p "$TMP/o3/pkg"
if [ "$(id -u)" = 0 ]; then
  # root writes through chmod 555: put a directory where an output file goes.
  mkdir -p "$TMP/o3/pkg/kernels.py"
else
  chmod 555 "$TMP/o3/pkg"
fi
run 2 "read-only output" "$CARAMBA" $GOOD --out-dir "$TMP/o3"
check "  ... CRB007 for the blocked file" 'grep -q "error\[CRB007\]" "$TMP/err"'
check "  ... other files still written" '[ -f "$TMP/o3/tools/run.py" ] && [ -f "$TMP/o3/pkg/sub/vec.py" ]'
check "  ... no temporary files left" '[ -z "$(find "$TMP/o3" -name ".*caramba-*")" ]'
chmod -R u+w "$TMP/o3"

# ---- -j 1 and -j 4 give identical output and reports ------------------------
for mode in --check --diff; do
  "$CARAMBA" . $mode -j 1 --report "$TMP/j1.json" >"$TMP/j1.out" 2>"$TMP/j1.err"
  "$CARAMBA" . $mode -j 4 --report "$TMP/j4.json" >"$TMP/j4.out" 2>"$TMP/j4.err"
  cmp -s "$TMP/j1.out" "$TMP/j4.out" && ok || bad "$mode: stdout differs between -j 1 and -j 4"
  cmp -s "$TMP/j1.err" "$TMP/j4.err" && ok || bad "$mode: stderr differs between -j 1 and -j 4"
  cmp -s "$TMP/j1.json" "$TMP/j4.json" && ok || bad "$mode: report differs between -j 1 and -j 4"
done
"$CARAMBA" . --check --format sarif -j 1 >"$TMP/s1" 2>/dev/null
"$CARAMBA" . --check --format sarif -j 4 >"$TMP/s4" 2>/dev/null
cmp -s "$TMP/s1" "$TMP/s4" && ok || bad "SARIF differs between -j 1 and -j 4"
check "SARIF 2.1.0 with rules and located results" 'python3 - "$TMP/s1" <<PY
import json, sys
s = json.load(open(sys.argv[1]))
assert s["version"] == "2.1.0"
run = s["runs"][0]
rules = {r["id"] for r in run["tool"]["driver"]["rules"]}
assert {"CRB004", "CRB005", "CRB101"} <= rules, rules
res = [r for r in run["results"] if r["ruleId"] == "CRB005"][0]
loc = res["locations"][0]["physicalLocation"]
assert loc["artifactLocation"]["uri"] == "pkg/broken.py" and loc["region"]["startLine"] == 1
assert res["level"] == "error"
PY'

# ---- -i: only changed files rewritten, idempotent, backups ------------------
cp -a "$TMP/pristine" "$TMP/inplace"; cd "$TMP/inplace"
touch -d '2001-01-01' pkg/__init__.py
run 2 "in-place" "$CARAMBA" . -i --backup .orig
check "  ... failed files untouched" 'cmp -s pkg/broken.py "$TMP/pristine/pkg/broken.py" && cmp -s pkg/latin1.py "$TMP/pristine/pkg/latin1.py"'
check "  ... unchanged files keep their timestamps" '[ "$(date -r pkg/__init__.py +%Y)" = 2001 ]'
for f in pkg/kernels.py pkg/sub/vec.py pkg/sub/deep/par.py tools/run.py; do
  cmp -s "$f" "$TMP/o1/$f" && ok || bad "in-place $f differs from the out-dir output"
  if cmp -s "$f" "$TMP/pristine/$f"; then
    [ ! -e "$f.orig" ] && ok || bad "backup written for unchanged $f"
  else
    cmp -s "$f.orig" "$TMP/pristine/$f" && ok || bad "backup of $f is not the original"
  fi
done
check "  ... mode kept" '[ -x tools/run.py ]'
rm -f $(find . -name '*.orig')
digest . >"$TMP/after1"
run 2 "in-place, second run" "$CARAMBA" . -i
digest . >"$TMP/after2"
check "  ... a second run changes nothing" 'cmp -s "$TMP/after1" "$TMP/after2"'
run 2 "  ... and --check agrees" "$CARAMBA" . --check --format json
check "  ... no file would change" 'python3 -c "import json,sys; assert json.load(open(sys.argv[1]))[\"summary\"][\"files_changed\"] == 0" "$TMP/out"'
cd "$TMP/tree"

# ---- stdin, single file, refusals --------------------------------------------
"$CARAMBA" pkg/kernels.py -o "$TMP/k.py" --report "$TMP/k.json" 2>/dev/null
check "-o with a report (exit 0 or 1: that is the translator's call)" '[ $? -lt 2 ]'
check "  ... same text as --out-dir" 'cmp -s "$TMP/k.py" "$TMP/o1/pkg/kernels.py"'
validate "$TMP/k.json" && ok || bad "-o report does not match the schema"
check "  ... mode output-file, output named" 'python3 -c "import json,sys; r=json.load(open(sys.argv[1])); assert r[\"mode\"]==\"output-file\" and r[\"files\"][0][\"output\"]==sys.argv[2]" "$TMP/k.json" "$TMP/k.py"'
"$CARAMBA" . --check --format json >"$TMP/stdout.json" 2>/dev/null
validate "$TMP/stdout.json" && ok || bad "--format json does not match the schema"

run 1 "stdin with --check" sh -c "\"$CARAMBA\" - --stdin-filename pkg/sub/vec.py --check --format json <pkg/sub/vec.py"
check "  ... labelled with --stdin-filename" 'grep -q "\"path\": \"pkg/sub/vec.py\"" "$TMP/out"'
run 0 "stdin to stdout" sh -c "\"$CARAMBA\" - <pkg/__init__.py"
check "  ... byte-identical pass-through" 'cmp -s "$TMP/out" pkg/__init__.py'
run 2 "several files, no mode" "$CARAMBA" pkg/kernels.py tools/run.py
check "  ... a clear refusal" 'grep -q "no output mode" "$TMP/err" && [ ! -s "$TMP/out" ]'
run 2 "a directory, no mode" "$CARAMBA" pkg
check "  ... CRB002 with advice" 'grep -q "CRB002" "$TMP/err" && grep -q -- "--out-dir" "$TMP/err"'
run 2 "two modes" "$CARAMBA" pkg --diff --check
run 2 "missing path, others still checked" "$CARAMBA" nope.py tools --check --format json
check "  ... CRB001 and tools/run.py in the report" 'grep -q CRB001 "$TMP/out" && grep -q "tools/run.py" "$TMP/out"'
run 0 "quiet" "$CARAMBA" tools --check -q
check "  ... prints nothing" '[ ! -s "$TMP/err" ] && [ ! -s "$TMP/out" ]'
check "inputs never modified by any run above" '[ "$(digest "$TMP/tree")" = "$(digest "$TMP/pristine")" ]'

# ---- the progress bar, on a terminal only -----------------------------------
if command -v script >/dev/null; then
  script -qec "\"$CARAMBA\" $GOOD --check" /dev/null >"$TMP/tty.out" 2>&1
  check "progress bar on a terminal" 'grep -q "files, [0-9]* kernels translated" "$TMP/tty.out"'
  "$CARAMBA" $GOOD --check >/dev/null 2>"$TMP/notty.err"
  check "no progress bar on a pipe" '! grep -q "kernels translated," "$TMP/notty.err"'
fi

echo "batch: $pass passed, $fail failed"
[ "$fail" = 0 ]
