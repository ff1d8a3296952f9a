"""Shared fixtures for the pykokkos_rt suites.

Kernels compile into the cache named by PYKOKKOS_RT_CACHE_DIR (CTest points it
at one folder under the build tree, so suites share kernels and later runs
reuse them); when it is unset, a per-session folder is used so a developer's
own cache is never touched by tests.
"""
import os
import tempfile

if not os.environ.get("PYKOKKOS_RT_CACHE_DIR"):
    os.environ["PYKOKKOS_RT_CACHE_DIR"] = tempfile.mkdtemp(prefix="pykokkos-rt-test-")
os.environ.setdefault("OMP_NUM_THREADS", "2")

import pytest  # noqa: E402

import pykokkos as pk  # noqa: E402


@pytest.fixture(params=["Serial", "OpenMP"])
def space(request):
    """Every ladder case runs on both execution spaces."""
    return getattr(pk.ExecutionSpace, request.param)
