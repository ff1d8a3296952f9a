"""The OpenMP pool's defaults (pykokkos/_loader.py): set before libgomp loads,
and never over a value the user chose. Each case imports pykokkos in a fresh
process, since libgomp reads its environment once."""
import json
import os
import subprocess
import sys

import pytest

_PROBE = ("import os, json, pykokkos as pk; print(json.dumps({k: os.environ.get(k) for k in "
          "('OMP_WAIT_POLICY', 'GOMP_SPINCOUNT', 'OMP_PROC_BIND')}))")


def _env_after_import(**overrides):
    env = {k: v for k, v in os.environ.items()
           if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT", "OMP_PROC_BIND", "PYKOKKOS_RT_KEEP_OMP_ENV")}
    env.update(overrides)
    out = subprocess.run([sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_defaults_when_the_user_set_nothing():
    from pykokkos import _loader
    seen = _env_after_import()
    for k, v in list(_loader.OMP_DEFAULTS.items()) + list(_loader.OMP_WAIT_DEFAULTS.items()):
        assert seen[k] == v


def test_a_wait_policy_the_user_chose_is_kept_and_alone():
    seen = _env_after_import(OMP_WAIT_POLICY="active")
    assert seen["OMP_WAIT_POLICY"] == "active"
    assert seen["GOMP_SPINCOUNT"] is None  # our spin count would override the user's policy


def test_a_spin_count_the_user_chose_is_kept():
    seen = _env_after_import(GOMP_SPINCOUNT="infinite")
    assert seen["GOMP_SPINCOUNT"] == "infinite"
    assert seen["OMP_WAIT_POLICY"] is None


def test_binding_the_user_chose_is_kept():
    assert _env_after_import(OMP_PROC_BIND="spread")["OMP_PROC_BIND"] == "spread"


@pytest.mark.parametrize("space", ["Serial", "OpenMP"])
def test_one_iteration_dispatch_still_runs_under_the_defaults(space, tmp_path):
    code = ("import numpy as np, pykokkos as pk\n"
            "@pk.workunit\n"
            "def inc(i, x):\n"
            "    x[i] = x[i] + 1.0\n"
            "x = np.zeros(1)\n"
            "for _ in range(50):\n"
            "    pk.parallel_for(pk.RangePolicy(pk.%s, 0, 1), inc, x=x)\n"
            "print(x[0])\n" % space)
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")}
    script = tmp_path / "one_iteration.py"  # workunits need a source file
    script.write_text(code)
    out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "50.0"
