"""Shared fixtures for the pykokkos_rt suites.

Kernels compile into the cache named by PYKOKKOS_RT_CACHE_DIR (CTest points it
at one folder under the build tree, so suites share kernels and later runs
reuse them); when it is unset, a per-session folder is used so a developer's
own cache is never touched by tests. The precompiled header, shared by every
cache folder of a user by default, goes into the test cache as well.
"""
import os
import tempfile

if not os.environ.get("PYKOKKOS_RT_CACHE_DIR"):
    os.environ["PYKOKKOS_RT_CACHE_DIR"] = tempfile.mkdtemp(prefix="pykokkos-rt-test-")
os.environ.setdefault("PYKOKKOS_RT_PCH_DIR", os.path.join(os.environ["PYKOKKOS_RT_CACHE_DIR"], "pch"))
os.environ.setdefault("OMP_NUM_THREADS", "2")

import pytest  # noqa: E402

import pykokkos as pk  # noqa: E402

# scripts/gpu-test runs the suites that dispatch on the default space (e.g.
# test_semantics.py) once more with PYKOKKOS_RT_TEST_DEFAULT_SPACE=Cuda.
if os.environ.get("PYKOKKOS_RT_TEST_DEFAULT_SPACE"):
    pk.set_default_space(getattr(pk.ExecutionSpace, os.environ["PYKOKKOS_RT_TEST_DEFAULT_SPACE"]))


_NO_CUDA = pytest.mark.skipif("Cuda" not in pk._AVAILABLE,
                              reason="this pykokkos_rt core has no Cuda (scripts/gpu-setup builds one where a GPU is)")


@pytest.fixture(params=["Serial", "OpenMP", pytest.param("Cuda", marks=_NO_CUDA)])
def space(request):
    """Every ladder case runs on every execution space (Cuda only in a Cuda build)."""
    return getattr(pk.ExecutionSpace, request.param)
