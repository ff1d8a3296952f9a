#!/usr/bin/env bash
# Data safety of the single-file CLI and the batch writers: what -o, -i,
# --backup and --report may replace, temporary names, file-size limits, file
# names that are not UTF-8 and --diff headers that patch and git apply read.
# Each check is named after the finding it came from.
# Usage: test_data_safety.sh path/to/caramba
set -u
CARAMBA="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*" >&2; }
check() { if eval "$2"; then ok; else bad "$1"; sed 's/^/  | /' "$TMP/err" >&2 2>/dev/null; fi; }
run() { "$@" >"$TMP/out" 2>"$TMP/err"; echo $?; }
no_temps() { ! ls -A "$1" | grep -q 'caramba-'; }

kernel() {  # a kernel that translates (exit 0) and changes the file
  cat >"$1" <<'PY'
from numba import njit


@njit("void(float64[:], float64[:], float64[:])")
def add(a, b, out):
    for i in range(a.shape[0]):
        out[i] = a[i] + b[i]
PY
}
cd "$TMP"
kernel k.py
"$CARAMBA" k.py >expected.py 2>/dev/null || { echo "FAIL: the sample kernel does not translate" >&2; exit 1; }
cmp -s k.py expected.py && { echo "FAIL: the sample kernel is unchanged by translation" >&2; exit 1; }

# output_fifo: -o names a FIFO: written to, never replaced by a regular file.
mkfifo fifo
cat fifo >from_fifo & reader=$!
rc=$(run "$CARAMBA" k.py -o fifo); wait $reader
check "output_fifo: exit 0" '[ "$rc" = 0 ]'
check "output_fifo: still a FIFO" '[ -p fifo ]'
check "output_fifo: the translation went through the FIFO" 'cmp -s from_fifo expected.py'

# output_char_device: -o naming a character device writes to it; the node
# stays a device. As root (where the old rename replaced /dev/null) on a
# private node made with mknod; otherwise /dev/null itself, which a non-root
# rename could not replace anyway.
dev=/dev/null
if [ "$(id -u)" = 0 ] && mknod "$TMP/null" c 1 3 2>/dev/null; then dev="$TMP/null"; fi
rc=$(run "$CARAMBA" k.py -o "$dev")
check "output_char_device: exit 0" '[ "$rc" = 0 ]'
check "output_char_device: $dev is still a character device" '[ -c "$dev" ]'

# output_symlink: -o through a symlink writes its target; the link stays.
printf 'old\n' >target.py; ln -s target.py link.py
rc=$(run "$CARAMBA" k.py -o link.py)
check "output_symlink: exit 0" '[ "$rc" = 0 ]'
check "output_symlink: still a symlink" '[ -L link.py ]'
check "output_symlink: the target holds the translation" 'cmp -s target.py expected.py'
ln -s missing/nowhere.py dangling.py
rc=$(run "$CARAMBA" k.py -o dangling.py)
check "output_dangling_symlink: refused (exit 2, CRB007)" '[ "$rc" = 2 ] && grep -q CRB007 "$TMP/err"'

# report_names_input: --report naming an input or the -o target is refused
# before anything is written.
cp k.py keep.py
rc=$(run "$CARAMBA" k.py --check --report k.py)
check "report_names_input: exit 2" '[ "$rc" = 2 ]'
check "report_names_input: the input is unchanged" 'cmp -s k.py keep.py'
rc=$(run "$CARAMBA" k.py -o same.py --report ./same.py)
check "report_names_output: exit 2, nothing written" '[ "$rc" = 2 ] && [ ! -e same.py ]'
mkdir -p rep && cp k.py rep/a.py
rc=$(run "$CARAMBA" rep -i --report rep/a.py)
check "report_names_in_place_input: exit 2, the input unchanged" '[ "$rc" = 2 ] && cmp -s rep/a.py k.py'

# backup_exists: -i --backup never overwrites an existing PATH+SUFFIX, also
# when that file is another input of the run.
mkdir -p bk && cp k.py bk/a.py && printf 'precious\n' >bk/a.py.bak
rc=$(run "$CARAMBA" bk/a.py -i --backup .bak)
check "backup_exists: exit 2, CRB007" '[ "$rc" = 2 ] && grep -q CRB007 "$TMP/err"'
check "backup_exists: the old backup is kept" '[ "$(cat bk/a.py.bak)" = precious ]'
check "backup_exists: the input is not rewritten" 'cmp -s bk/a.py k.py'
mkdir -p bk2 && cp k.py bk2/a.py && cp k.py bk2/a.py.orig.py
rc=$(run "$CARAMBA" bk2/a.py.orig.py bk2/a.py -i --backup .orig.py)
check "backup_is_input: the input named like the backup is not overwritten by a's original" \
  'cmp -s bk2/a.py k.py && [ "$rc" = 2 ]'
mkdir -p bk3 && cp k.py bk3/a.py
rc=$(run "$CARAMBA" bk3/a.py -i --backup .bak)
check "backup_new: exit 0, backup holds the original" '[ "$rc" = 0 ] && cmp -s bk3/a.py.bak k.py && cmp -s bk3/a.py expected.py'

# in_place_hard_link: a file with two names is refused (replacing one name
# would split them); both names keep the original.
mkdir -p hl && cp k.py hl/a.py && ln hl/a.py hl/b.py
rc=$(run "$CARAMBA" hl/a.py -i)
check "in_place_hard_link: exit 2, CRB007 names the links" '[ "$rc" = 2 ] && grep -q "hard links" "$TMP/err"'
check "in_place_hard_link: still linked and unchanged" \
  '[ "$(stat -c %h hl/a.py)" = 2 ] && cmp -s hl/a.py k.py && no_temps hl'

# in_place_keeps_mode_and_owner: mode always; owner where we may change it (root).
mkdir -p own && cp k.py own/a.py && chmod 0640 own/a.py
if [ "$(id -u)" = 0 ]; then chown 65534:65534 own/a.py; fi
rc=$(run "$CARAMBA" own/a.py -i)
check "in_place_keeps_mode: exit 0, mode 640" '[ "$rc" = 0 ] && [ "$(stat -c %a own/a.py)" = 640 ]'
if [ "$(id -u)" = 0 ]; then
  check "in_place_keeps_owner: still owned by 65534:65534" '[ "$(stat -c %u:%g own/a.py)" = 65534:65534 ]'
fi

# long_name_255: a 255-byte file name can be written (the temporary name is
# shortened to fit NAME_MAX).
long="$(printf 'k%.0s' $(seq 1 252)).py"
mkdir -p ln && cp k.py "ln/$long"
rc=$(run "$CARAMBA" "ln/$long" -i)
check "long_name_255: exit 0, rewritten in place" '[ "$rc" = 0 ] && cmp -s "ln/$long" expected.py && no_temps ln'
long2="o$(printf 'k%.0s' $(seq 1 251)).py"
rc=$(run "$CARAMBA" k.py -o "ln/$long2")
check "long_name_255: -o to a 255-byte name" '[ "$rc" = 0 ] && cmp -s "ln/$long2" expected.py'

# sigxfsz: a write beyond ulimit -f fails with CRB007 (no SIGXFSZ death, exit
# 2) and leaves no temporary file.
mkdir -p fz
python3 -c "print('x = 1\n' * 40000, end='')" >fz/big.py
rc=$(ulimit -f 8; run "$CARAMBA" fz/big.py -o fz/out.py)
check "sigxfsz: exit 2 with CRB007" '[ "$rc" = 2 ] && grep -q CRB007 "$TMP/err"'
check "sigxfsz: no output and no temporary file" '[ ! -e fz/out.py ] && no_temps fz'

# non_utf8_file_name: JSON output escapes the name's bytes instead of aborting.
mkdir -p nu && cp k.py "nu/k$(printf '\377').py"
rc=$(run "$CARAMBA" nu --check --format json)
check "non_utf8_file_name: exit 1 (would change), valid JSON" \
  '[ "$rc" = 1 ] && python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$TMP/out"'
check "non_utf8_file_name: the byte is escaped as \\xFF" 'grep -q "k\\\\\\\\xFF.py" "$TMP/out"'
rc=$(run "$CARAMBA" nu -i --report nu-report.json)
check "non_utf8_file_name: -i writes its report" \
  '[ "$rc" = 0 ] && python3 -c "import json,sys; json.load(open(sys.argv[1]))" nu-report.json'
rc=$(run "$CARAMBA" "nu/k$(printf '\377').py" --format json)
check "non_utf8_file_name: single-file JSON" '[ "$rc" = 0 ] && python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$TMP/out"'

# diff_header_spaces: --diff of a name with spaces applies with patch and git apply.
for tool in patch git; do
  rm -rf "d_$tool" && mkdir -p "d_$tool/my dir" && cp k.py "d_$tool/my dir/my kernels.py"
  (cd "d_$tool" && "$CARAMBA" "my dir/my kernels.py" --diff >../p.diff 2>/dev/null)
  strip=0; grep -m1 '^--- ' p.diff | grep -q '^--- a/' && strip=1
  if [ "$tool" = patch ]; then
    (cd "d_$tool" && patch -s -p$strip <../p.diff) >/dev/null 2>"$TMP/err"; prc=$?
  else
    (cd "d_$tool" && git apply -p$strip ../p.diff) >/dev/null 2>"$TMP/err"; prc=$?
  fi
  check "diff_header_spaces: $tool applies the diff" '[ "$prc" = 0 ] && cmp -s "d_$tool/my dir/my kernels.py" expected.py'
done

echo "data safety: $pass passed, $fail failed"
[ "$fail" = 0 ]
