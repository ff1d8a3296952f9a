#!/usr/bin/env bash
# The `caramba` distribution, installed as a user would: a fresh virtual
# environment outside the repository, `pip install --no-build-isolation`
# offline, then, from another folder, translate a program, import pykokkos,
# run the translation and difftest it with the environment's own Python.
# Then `cmake --install` into a second environment gives the same pieces.
#   test_install.sh SOURCE_DIR BUILD_DIR PYTHON
# The install reuses BUILD_DIR (CARAMBA_WHEEL_BUILD_DIR), already built by the
# test run, so it only stages and zips.
set -euo pipefail
SRC="$1"; BUILD="$2"; PY="$3"
T="$(mktemp -d)"; trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
unset PYTHONPATH CARAMBA_PYTHON PYKOKKOS_RT_CORE_DIR
export PYKOKKOS_RT_CACHE_DIR="$T/jit-cache"

# pyproject's version is CMake's.
cmake_v="$(sed -n 's/^project(caramba VERSION \([0-9.]*\).*/\1/p' "$SRC/CMakeLists.txt")"
grep -q "^version = \"$cmake_v\"" "$SRC/pyproject.toml" || fail "pyproject.toml version is not $cmake_v"

"$PY" -m venv --system-site-packages "$T/V"
CARAMBA_WHEEL_BUILD_DIR="$BUILD" "$T/V/bin/pip" install --no-build-isolation --no-index -q "$SRC" \
  >"$T/pip.log" 2>&1 || { cat "$T/pip.log"; fail "pip install"; }
head -c 4 "$T/V/bin/caramba" | grep -q ELF || fail "V/bin/caramba is not the C++ binary"

mkdir "$T/project"; cp "$SRC/tests/cli/data/install/smooth.py" "$T/project/"
cd "$T/project"
"$T/V/bin/caramba" smooth.py -o smooth_pk.py || fail "caramba smooth.py exited $?"
grep -q "@pk.workunit" smooth_pk.py || fail "no workunit in the translation"

# pykokkos comes from the environment, with its own Kokkos copy for the JIT.
"$T/V/bin/python" - "$T/V" <<'PYEOF' || fail "import pykokkos from the environment"
import os, sys
import pykokkos as pk
venv = os.path.realpath(sys.argv[1])
assert os.path.realpath(pk.__file__).startswith(venv), pk.__file__
import pykokkos._core as core
tc = core.toolchain()
for key in ("kokkos_include", "kokkos_libdir"):
    assert os.path.realpath(tc[key]).startswith(venv), (key, tc[key])
PYEOF

# The translation runs and gives Numba's numbers.
"$T/V/bin/python" - <<'PYEOF' || fail "the translated module does not run"
import numpy as np
import smooth, smooth_pk
x = np.random.default_rng(1).random(1000)
a, b = np.empty(1000), np.empty(1000)
smooth.smooth(x, a); smooth_pk.smooth(x, b)
assert np.allclose(a, b), "smooth differs"
assert np.isclose(smooth.total_energy(x, 0.5), smooth_pk.total_energy(x, 0.5)), "total_energy differs"
PYEOF

# difftest finds the environment's Python by itself (PATH has none with pykokkos).
PATH=/usr/bin:/bin "$T/V/bin/caramba" difftest smooth.py >"$T/difftest.out" 2>&1 \
  || { cat "$T/difftest.out"; fail "caramba difftest (default Python)"; }
# --python names another interpreter: a missing one is an error, not a silent fallback.
if "$T/V/bin/caramba" difftest smooth.py --python "$T/no-such-python" >"$T/difftest2.out" 2>&1; then
  fail "difftest --python with a missing interpreter exited 0"
fi

# cmake --install puts the same pieces into a prefix (here another environment).
"$PY" -m venv --system-site-packages "$T/P"
cmake --install "$BUILD" --prefix "$T/P" >/dev/null || fail "cmake --install"
"$T/P/bin/caramba" --version >/dev/null || fail "P/bin/caramba"
"$T/P/bin/python" -c "import pykokkos, sys; assert pykokkos.__file__.startswith(sys.argv[1]), pykokkos.__file__" \
  "$T/P" || fail "import pykokkos from the cmake --install prefix"
cd "$T" && "$T/P/bin/caramba" "$T/project/smooth.py" >/dev/null || fail "P/bin/caramba translates"
echo "install: ok"
