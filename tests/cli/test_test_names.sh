#!/usr/bin/env bash
# doctest_discover_tests turns each TEST_CASE into a CTest entry whose filter
# is the name; a ';' splits it into two entries that match nothing, and doctest
# exits 0 when nothing matches: the test silently never runs. Forbid ';'.
set -u
ROOT="$1"
bad="$(grep -rn --include='*.cpp' -E 'TEST_CASE\("[^"]*;' "$ROOT/tests" || true)"
if [ -n "$bad" ]; then
  echo "$bad" >&2
  echo "test-names: 0 passed, 1 failed (TEST_CASE names must not contain ';')"
  exit 1
fi
echo "test-names: 1 passed, 0 failed"
