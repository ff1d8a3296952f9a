#!/usr/bin/env bash
# A small project as a user sets it up (tests/cli/data/project): [tool.caramba]
# in pyproject.toml, a kernel kept on Numba with `# caramba: keep`, a legacy
# folder excluded, per-file-ignores, `# noqa`, then --check goes green after
# the migration. Also -q/-v, --statistics, --format github, --isolated, a bad
# table, and the pre-commit hook's entry.
#   test_project.sh CARAMBA DATA_DIR SOURCE_DIR
set -uo pipefail
CARAMBA="$1"; DATA="$2"; SRC="$3"
T="$(mktemp -d)"; trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok() { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*" >&2; }
# run WANT_RC NAME CMD...: stdout in $T/out, stderr in $T/err
run() {
  local want="$1" name="$2"; shift 2
  "$@" >"$T/out" 2>"$T/err"; local rc=$?
  if [ "$rc" = "$want" ]; then ok; else bad "$name: exit $rc, want $want"; sed 's/^/    /' "$T/err" | head -20 >&2; fi
}
check() { if eval "$2"; then ok; else bad "$1"; sed 's/^/    /' "$T/err" | head -10 >&2; fi; }

cp -r "$DATA" "$T/p"
cd "$T/p"

# Before the migration --check has work to show: relax would change.
run 1 "check before" "$CARAMBA" . --check
check "kept kernel named in the summary" 'grep -q "1 kept" "$T/err"'
check "legacy/ excluded by extend-exclude (no CRB114 from old.py)" '! grep -q "old.py" "$T/err"'
check "per-file-ignores: no CRB501 from src/stats.py" '! grep -q "stats.py.*CRB501" "$T/err" && grep -q "kernels.py.*CRB501" "$T/err"'
check "the kept generator is not a finding (no CRB114)" '! grep -q "CRB114" "$T/err"'

# [tool.caramba] space = "Serial"; a flag overrides it.
run 0 "translate with the table" "$CARAMBA" src/kernels.py
check "space from the table" 'grep -q "pk.Serial" "$T/out" && ! grep -q "pk.OpenMP" "$T/out"'
run 0 "flag over the table" "$CARAMBA" src/kernels.py --space OpenMP
check "--space wins" 'grep -q "pk.OpenMP" "$T/out"'
# Without a table or a flag: the runtime's default space, read at each call.
run 0 "no space given" "$CARAMBA" src/kernels.py --isolated
check "default space" 'grep -q "pk.RangePolicy(pk.get_default_space()" "$T/out" && ! grep -q "pk.OpenMP" "$T/out"'
check "the kept kernel is left as it was" 'grep -q "def records(buf):" "$T/out" && grep -q "@njit  # caramba: keep" "$T/out"'

# difftest reads the same table: it proves the Serial translation, and the
# kernel kept on Numba is reported as kept, not compared with itself.
mkdir -p "$T/keep"
run 0 "difftest with the table" "$CARAMBA" difftest src/kernels.py --no-timing --keep --keep-dir "$T/keep"
check "difftest translated with space = Serial" 'grep -q "pk.Serial" "$T"/keep/*/translated/kernels.py'
check "the kept kernel's verdict" 'grep -q "src/kernels.py::records kept" "$T/out" "$T/err"'
rm -rf "$T/keep"

# --isolated: no table, so legacy/ is walked and CRB501 shows.
run 1 "isolated" "$CARAMBA" . --check --isolated
check "legacy refused under --isolated" 'grep -q "legacy/old.py.*CRB114" "$T/err"'
check "CRB501 under --isolated" 'grep -q "CRB501" "$T/err"'

# --statistics and --format github (stdout in --check mode).
run 1 "statistics" "$CARAMBA" . --check --isolated --statistics
check "a count per code" 'grep -Eq "^ +1  CRB114  " "$T/out" && ! grep -q "error\[\|warning\[" "$T/err"'
run 1 "github" "$CARAMBA" . --check --isolated --format github
check "workflow annotations" 'grep -q "^::warning file=legacy/old.py,line=[0-9]*,col=[0-9]*,endLine=[0-9]*,endColumn=[0-9]*,title=CRB114::" "$T/out"'

# Migrate in place; afterwards --check is green (the kept kernel stays Numba).
run 0 "migrate" "$CARAMBA" . -i
run 0 "check after migration" "$CARAMBA" . --check
check "the kept kernel is still Numba" 'grep -q "@njit  # caramba: keep" src/kernels.py'

# Without the marker the generator is a finding again; `# noqa: CRB114` on its
# yield line silences that one diagnostic.
sed -i 's/  # caramba: keep//' src/kernels.py
run 1 "marker removed" "$CARAMBA" . --check
check "CRB114 reported" 'grep -q "CRB114" "$T/err"'
sed -i 's/        yield buf\[i\]/        yield buf[i]  # noqa: CRB114/' src/kernels.py
run 0 "noqa silences it" "$CARAMBA" . --check
sed -i 's/  # noqa: CRB114/  # noqa/' src/kernels.py
run 1 "a bare noqa does not" "$CARAMBA" . --check

# -q and -v on one file: notes summarised, all, or none.
cat >"$T/notes.py" <<'PY'
from numba import njit


@njit
def dot3(a, b, c):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * b[i] * c[i]
    return s
PY
run 0 "notes (default)" "$CARAMBA" "$T/notes.py" -o "$T/n.py"
check "one CRB501 note naming a, b, c" '[ "$(grep -c "CRB501" "$T/err")" = 1 ] && grep -q "elements of .a., .b., .c. assumed" "$T/err"'
run 0 "notes (-v)" "$CARAMBA" "$T/notes.py" -o "$T/n.py" -v
check "-v: one note per array" '[ "$(grep -c "CRB501" "$T/err")" = 3 ]'
run 0 "notes (-q)" "$CARAMBA" "$T/notes.py" -o "$T/n.py" -q
check "-q: no notes for a single file" '! grep -q "note\[" "$T/err"'
run 2 "-q with -v" "$CARAMBA" "$T/notes.py" -q -v

# A bad table stops with CRB014, naming the file and the key.
printf '[tool.caramba]\nparalellize = "auto"\n' >"$T/p/pyproject.toml"
run 2 "bad table" "$CARAMBA" src/stats.py
check "CRB014 names the key" 'grep -q "CRB014" "$T/err" && grep -q "paralellize: unknown key" "$T/err"'
run 0 "--isolated skips the bad table" "$CARAMBA" src/stats.py --isolated

# The pre-commit hook: its entry, run as pre-commit would, on the migrated tree.
python3 - "$SRC/.pre-commit-hooks.yaml" >"$T/entry" <<'PY' || bad "the hook file does not parse"
import sys, yaml
hooks = yaml.safe_load(open(sys.argv[1]))
hook = next(h for h in hooks if h["id"] == "caramba-check")
assert hook["language"] == "system" and "python" in hook["types"], hook
print(hook["entry"])
PY
entry="$(cat "$T/entry")"
check "the hook runs caramba --check" '[ "$entry" = "caramba --check" ]'
printf '[tool.caramba]\nspace = "Serial"\n' >"$T/p/pyproject.toml"
sed -i 's/  # noqa$/  # noqa: CRB114/' src/kernels.py
run 0 "hook entry on the migrated files" env PATH="$(dirname "$CARAMBA"):$PATH" ${entry} src/kernels.py src/stats.py

echo "project: $pass passed, $fail failed"
[ "$fail" = 0 ]
