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


# Whether this core was built with Cuda, asked in one place. Two markers say
# what a test needs, and the hook below skips it where the build lacks it:
#   @pytest.mark.cuda           a core with Cuda (scripts/gpu-setup builds one where a GPU is)
#   @pytest.mark.host_compiler  kernels compiled by the host c++ with a precompiled header: a Cuda
#                               build compiles with nvcc_wrapper, which can use neither
# Tests that only adjust an expectation read the `cuda_build` fixture.
CUDA_BUILD = "Cuda" in pk._AVAILABLE


def pytest_configure(config):
    config.addinivalue_line("markers", "cuda: needs a pykokkos_rt core built with Cuda")
    config.addinivalue_line("markers", "host_compiler: needs kernels compiled by the host c++ with a precompiled "
                                       "header (not a Cuda build)")


def pytest_collection_modifyitems(config, items):
    no_cuda = pytest.mark.skip(reason="this pykokkos_rt core has no Cuda (scripts/gpu-setup builds one where a GPU is)")
    nvcc = pytest.mark.skip(reason="a Cuda build compiles kernels with nvcc_wrapper: no host c++, no precompiled header")
    for item in items:
        if "cuda" in item.keywords and not CUDA_BUILD:
            item.add_marker(no_cuda)
        if "host_compiler" in item.keywords and CUDA_BUILD:
            item.add_marker(nvcc)


@pytest.fixture(scope="session")
def cuda_build():
    """True when this pykokkos_rt core was built with Cuda."""
    return CUDA_BUILD


@pytest.fixture(params=["Serial", "OpenMP", pytest.param("Cuda", marks=pytest.mark.cuda)])
def space(request):
    """Every ladder case runs on every execution space (Cuda only in a Cuda build)."""
    return getattr(pk.ExecutionSpace, request.param)


@pytest.fixture(scope="session")
def translate_and_load(tmp_path_factory):
    """A function that writes `source` to a fresh folder, translates it with
    CARAMBA_BIN (the caramba binary CTest names) and `caramba_args`, and
    imports both files: (Numba module, translated module, translated text)."""
    caramba = os.environ.get("CARAMBA_BIN")
    if not caramba:
        pytest.skip("CARAMBA_BIN names no caramba binary (CTest sets it)")
    return lambda name, source, *caramba_args: _translate_and_load(caramba, tmp_path_factory, name, source,
                                                                    caramba_args)


def _translate_and_load(caramba, tmp_path_factory, name, source, caramba_args):
    import importlib.util
    import subprocess

    d = tmp_path_factory.mktemp(name)
    src = d / "kernels.py"
    src.write_text(source)
    out = d / "kernels_pk.py"
    p = subprocess.run([caramba, str(src), *caramba_args, "-o", str(out)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr

    def load(path, module):
        spec = importlib.util.spec_from_file_location(module, path)
        m = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(m)
        return m
    return load(src, name + "_numba"), load(out, name + "_pk"), out.read_text()


@pytest.fixture(params=["Serial", "OpenMP"])
def on_space(request):
    """Each test once with Serial and once with OpenMP as the default space."""
    before = pk.get_default_space()
    pk.set_default_space(getattr(pk.ExecutionSpace, request.param))
    yield request.param
    pk.set_default_space(before)
