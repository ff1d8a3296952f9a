#!/usr/bin/env bash
# .ci/run must run the README's test command and nothing else, so CI proves
# the README. This test fails when the two drift apart.
set -u
ROOT="$1"
cmd="$(grep -E '^scripts/setup && ctest ' "$ROOT/.ci/run")"
pass=0; fail=0
if [ -n "$cmd" ] && grep -qxF "$cmd" "$ROOT/README.md"; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: .ci/run command '$cmd' is not a line of README.md" >&2; fi
# Nothing else runs in .ci/run: one command line besides cd/set/comments.
n="$(grep -vE '^\s*(#|$|set |cd )' "$ROOT/.ci/run" | wc -l)"
if [ "$n" = 1 ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: .ci/run runs $n commands" >&2; fi
echo "readme-ci: $pass passed, $fail failed"
[ "$fail" = 0 ]
