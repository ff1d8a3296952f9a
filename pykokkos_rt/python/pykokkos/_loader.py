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


# The OpenMP pool's defaults, chosen by measuring (scripts/bench-dispatch,
# docs/benchmarks.md "Dispatch"). libgomp reads them once, when it is loaded
# (with the core, below), so they are set in the environment first; a value the
# user set is kept, and setting either wait variable keeps both of ours out.
OMP_DEFAULTS = {
    # Kokkos warns on every start when OMP_PROC_BIND is unset; "false" is what
    # an unset variable means to the OpenMP runtime anyway. Unbound threads
    # can also move away from a core another process keeps busy.
    "OMP_PROC_BIND": "false",
}
# Idle pool threads sleep at once instead of spinning: measured on the shared
# 2-core machine, libgomp's default spin (and OMP_WAIT_POLICY=active) gave
# 4 us back to back but 48-64 ms for a dispatch after 2 ms of host work, as
# spinning threads lose their core to other processes and the dispatch waits
# for them to be scheduled again; passive gave 13-15 us back to back and
# 120-130 us after a pause (a Serial dispatch there: 80 us), quiet or loaded,
# and burns no CPU between dispatches.
OMP_WAIT_DEFAULTS = {"OMP_WAIT_POLICY": "passive"}


def _set_omp_defaults(environ):
    for k, v in OMP_DEFAULTS.items():
        environ.setdefault(k, v)
    if environ.get("PYKOKKOS_RT_KEEP_OMP_ENV") or any(k in environ for k in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")):
        return
    environ.update(OMP_WAIT_DEFAULTS)


_set_omp_defaults(os.environ)
core = _load()
core.initialize()
atexit.register(core.finalize)
