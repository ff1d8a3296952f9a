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
# How idle pool threads wait between dispatches, chosen by measuring
# (scripts/bench-dispatch, docs/benchmarks.md "Dispatch"):
# - sleeping at once (OMP_WAIT_POLICY=passive) costs every dispatch the
#   wake-up of the whole pool: 13-15 us with 2 threads, more with more (the
#   translated Lennard-Jones at 100 atoms took 134 us on a 16-core machine,
#   where Numba's spinning pool took 12 us); but it is stable
#   when other processes keep the cores busy and burns nothing between calls;
# - spinning first (libgomp's default, OMP_WAIT_POLICY=active) gave 4 us back
#   to back, and 48-64 ms for a dispatch after 2 ms of host work on the shared
#   2-core machine: spinning threads lose their core to other processes and
#   the dispatch waits for them to be scheduled again.
# So the pool spins for a bounded time (SPIN_DEFAULTS: about 1 ms, then it
# sleeps) when the machine has an idle core for each of its threads as
# pykokkos is imported, and sleeps at once (PASSIVE_DEFAULTS) otherwise.
PASSIVE_DEFAULTS = {"OMP_WAIT_POLICY": "passive"}
SPIN_DEFAULTS = {"GOMP_SPINCOUNT": "10000"}
OMP_WAIT_DEFAULTS = PASSIVE_DEFAULTS  # what a busy machine gets (tests read it)


def _pool_threads(environ, cpus):
    try:
        n = int(environ.get("OMP_NUM_THREADS", "").split(",")[0])
    except ValueError:
        return cpus
    return n if n > 0 else cpus


def _others_running():
    """Runnable tasks besides this one, now (/proc/loadavg's fourth field):
    an average over a minute would still count a benchmark's previous child
    process seconds after it ended."""
    try:
        with open("/proc/loadavg") as f:
            return max(int(f.read().split()[3].split("/")[0]) - 1, 0)
    except (OSError, ValueError, IndexError):
        return os.getloadavg()[0]


def _wait_defaults(environ, cpus=None, others=None):
    """SPIN_DEFAULTS when every pool thread finds an idle core, else PASSIVE_DEFAULTS."""
    if cpus is None:
        try:
            cpus = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):
            cpus = os.cpu_count() or 1
    threads = _pool_threads(environ, cpus)
    if others is None:
        others = _others_running()
    return SPIN_DEFAULTS if threads > 1 and others + threads <= cpus else PASSIVE_DEFAULTS


def _set_omp_defaults(environ):
    for k, v in OMP_DEFAULTS.items():
        environ.setdefault(k, v)
    if environ.get("PYKOKKOS_RT_KEEP_OMP_ENV") or any(k in environ for k in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")):
        return
    environ.update(_wait_defaults(environ))


_set_omp_defaults(os.environ)
core = _load()
core.initialize()
atexit.register(core.finalize)
