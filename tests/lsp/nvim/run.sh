#!/usr/bin/env bash
# run.sh NVIM CARAMBA TESTS_LSP_DIR [CORPORA] — Neovim end to end: for each scenario,
# open a Numba file in headless Neovim with caramba lsp attached, run the code
# action, write the buffer, and compare the file with what the CLI produces:
#   kernel action  == caramba FILE --kernel NAME
#   file action    == caramba FILE
# When the CLI leaves a kernel unchanged, the action must not be offered.
set -uo pipefail
NVIM="$1"; CARAMBA="$2"; SRC="$3"; CORPORA="${4:-}"
FIX="$SRC/fixtures"
WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
pass=0; fail=0

# scenario NAME MODE KERNEL ENCODING FIXTURE EXPECTED_CMD...
scenario() {
  local name="$1" mode="$2" kernel="$3" enc="$4" fixture="$5"; shift 5
  local dir="$WORK/$name"; mkdir -p "$dir"
  local file="$dir/$(basename "$fixture")"
  cp "$fixture" "$file"
  cp "$fixture" "$dir/original.py"
  # The expected text: the CLI on a pristine copy (exit 1 only means
  # "some kernel was left untranslated").
  if [ "$1" = cli ]; then
    shift
    "$CARAMBA" "$dir/original.py" "$@" >"$dir/expected.py" 2>"$dir/cli.err"
    local rc=$?
    if [ $rc -gt 1 ]; then echo "FAIL $name: the CLI failed ($rc): $(head -3 "$dir/cli.err")"; fail=$((fail+1)); return; fi
  else
    shift
    cp "$1" "$dir/expected.py"
  fi
  E2E_CARAMBA="$CARAMBA" E2E_FILE="$file" E2E_MODE="$mode" E2E_KERNEL="$kernel" E2E_ENCODING="$enc" \
  E2E_RESULT="$dir/result" E2E_LOG="$dir/server.log" \
    timeout 60 "$NVIM" --headless --clean -n -i NONE -u NONE -c "luafile $SRC/nvim/e2e.lua" >"$dir/nvim.out" 2>&1
  local rc=$?
  local result; result="$(cat "$dir/result" 2>/dev/null || echo "FAIL nvim exited $rc without a result")"
  case "$result" in
    OK)
      if cmp -s "$file" "$dir/expected.py"; then echo "ok   $name"; pass=$((pass+1))
      else echo "FAIL $name: the edited file differs from the CLI's output:"; diff "$dir/expected.py" "$file" | head -20; fail=$((fail+1)); fi ;;
    NO_ACTION*)
      if cmp -s "$dir/original.py" "$dir/expected.py"; then echo "ok   $name (not offered; the CLI leaves it unchanged)"; pass=$((pass+1))
      else echo "FAIL $name: action not offered (${result#NO_ACTION }) but the CLI changes the file"; fail=$((fail+1)); fi ;;
    *)
      echo "FAIL $name: $result (nvim exit $rc)"; tail -5 "$dir/nvim.out"; tail -5 "$dir/server.log" 2>/dev/null; fail=$((fail+1)) ;;
  esac
}

# CRLF and no-trailing-newline variants of the fixture.
sed 's/$/\r/' "$FIX/kernels.py" >"$WORK/kernels_crlf.py"
sed 's/^@jit$/@jit(nopython=True)/' "$FIX/kernels.py" >"$WORK/kernels_nopython.py"

scenario kernel_total      kernel total  utf-16 "$FIX/kernels.py" cli --kernel total
scenario kernel_saxpy_utf8 kernel saxpy  utf-8  "$FIX/kernels.py" cli --kernel saxpy
scenario kernel_crlf       kernel saxpy  utf-16 "$WORK/kernels_crlf.py" cli --kernel saxpy
scenario kernel_twice      kernel twice  utf-16 "$FIX/kernels.py" cli --kernel twice
scenario whole_file        file   ""     utf-16 "$FIX/kernels.py" cli
scenario whole_file_utf8   file   ""     utf-8  "$FIX/kernels.py" cli
scenario command_scale     command scale utf-16 "$FIX/kernels.py" cli --kernel scale
scenario typing_then_total typing total  utf-16 "$FIX/kernels.py" cli --kernel total
scenario quickfix_jit      quickfix scale utf-16 "$FIX/kernels.py" file "$WORK/kernels_nopython.py"
# Programs written by others (corpora/apps, corpora/thesis): the whole-file
# action in a real editor equals `caramba FILE`.
for f in "$FIX"/app_*.py ${CORPORA:+"$CORPORA"/apps/*.py "$CORPORA"/thesis/*.py}; do
  [ -e "$f" ] || continue
  scenario "$(basename "$(dirname "$f")")_$(basename "$f" .py)_file" file "" utf-16 "$f" cli
done

echo "nvim end to end: $pass passed, $fail failed"
[ $fail -eq 0 ]
