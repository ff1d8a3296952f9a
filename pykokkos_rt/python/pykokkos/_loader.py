"""Finds and loads the native core (`_core`), built by CMake.

Search order: $PYKOKKOS_RT_CORE_DIR, then the package's own folder (an
installed runtime: pip or `cmake --install` put the core there), then
<repo>/build/pykokkos_rt (in the repository the package lives at
<repo>/pykokkos_rt/python/pykokkos, so the repository root is three folders up). Kokkos is initialised on import and finalised at exit.
"""
import atexit
import glob
import importlib.util
import os
import sys


def _candidates():
    env = os.environ.get("PYKOKKOS_RT_CORE_DIR")
    if env:
        yield env
    here = os.path.dirname(os.path.abspath(__file__))
    yield here
    repo = os.path.dirname(os.path.dirname(os.path.dirname(here)))
    yield os.path.join(repo, "build", "pykokkos_rt")


def _load():
    tried = []
    for folder in _candidates():
        for path in sorted(glob.glob(os.path.join(folder, "_core*.so"))):
            spec = importlib.util.spec_from_file_location("pykokkos._core", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            sys.modules["pykokkos._core"] = module
            return module
        tried.append(folder)
    raise ImportError(
        "pykokkos: the native core (_core) was not found in " + ", ".join(tried)
        + "; install Caramba (pip install .), build it with scripts/setup (or cmake --build build), "
        "or set PYKOKKOS_RT_CORE_DIR")


# Kokkos warns on every start when OMP_PROC_BIND is unset; "false" is what an
# unset variable means to the OpenMP runtime anyway, so behaviour is unchanged.
os.environ.setdefault("OMP_PROC_BIND", "false")
core = _load()
core.initialize()
atexit.register(core.finalize)
