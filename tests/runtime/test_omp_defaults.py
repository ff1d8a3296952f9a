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
    for k, v in _loader.OMP_DEFAULTS.items():
        assert seen[k] == v
    # One of the two wait defaults, whichever the machine's state at import chose.
    waits = [{k: seen[k] for k in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT") if seen[k] is not None}]
    assert waits[0] in (_loader.PASSIVE_DEFAULTS, _loader.SPIN_DEFAULTS)


@pytest.mark.parametrize("cpus, others, threads, spins", [
    (16, 0, None, True),   # the 16-core machine, quiet: every thread of the pool has a core
    (16, 0, "16", True),
    (16, 1, "16", False),  # one other busy process: a spinning thread would lose its core to it
    (16, 8, "8", True),
    (16, 15, "8", False),  # "loaded": one busy process per core but one
    (2, 0, "2", True),
    (2, 3, "2", False),    # the shared 2-core machine with other engineers' builds
    (2, 0, "1", False),    # one thread: no pool to keep awake
])
def test_pool_spins_only_where_every_thread_finds_an_idle_core(cpus, others, threads, spins):
    from pykokkos import _loader
    environ = {} if threads is None else {"OMP_NUM_THREADS": threads}
    chosen = _loader._wait_defaults(environ, cpus=cpus, others=others)
    assert chosen == (_loader.SPIN_DEFAULTS if spins else _loader.PASSIVE_DEFAULTS)


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
