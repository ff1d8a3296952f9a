"""One translation unit per module: the first call of a workunit builds the
other workunits its module dispatches with it, so their first calls, in the
same process or a later one, load that module instead of compiling. Each test
gets a private kernel cache (the precompiled header stays the shared test one)."""
import glob
import json
import os
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
CASE = os.path.join(HERE, "cases", "module_units.py")
WORKER = os.path.join(HERE, "cases", "module_worker.py")


@pytest.fixture
def cache(tmp_path):
    return str(tmp_path / "cache")


def start(cache, module, order, **extra_env):
    env = dict(os.environ, PYKOKKOS_RT_CACHE_DIR=cache, PYKOKKOS_RT_QUIET="1", **extra_env)
    return subprocess.Popen([sys.executable, WORKER, module, order], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def finish(proc):
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    return {r["workunit"]: r for r in json.loads(out)}


def run(cache, order, module=CASE, **extra_env):
    return finish(start(cache, module, order, **extra_env))


def modules(cache):
    return sorted(glob.glob(os.path.join(cache, "kernels", "*.so")))


def check_values(r):
    # scale doubles x = 0..15, shift writes y = x + 1, total sums y.
    if "scale" in r:
        assert r["scale"]["x"] == [2.0 * i for i in range(16)]
    if "total" in r:
        assert r["total"]["value"] == sum(r["total"]["y"])


def test_module_units_one_translation_unit_for_three_workunits(cache):
    r = run(cache, "scale")
    assert r["scale"]["compiled"]
    check_values(r)
    [so] = modules(cache)
    assert r["scale"]["path"] == so and r["scale"]["module_key"]
    with open(so[:-3] + ".cpp") as f:
        source = f.read()
    for wu in ("scale", "shift", "total"):
        assert "struct CrbFunctor_%s " % wu in source
    # One reference per specialisation, naming the module.
    refs = glob.glob(os.path.join(cache, "kernels", "*.mod"))
    assert len(refs) == 3
    for ref in refs:
        with open(ref) as f:
            assert f.read() == r["scale"]["module_key"] + "\n"


# A Cuda build compiles a module as one unit whatever PYKOKKOS_RT_COMPILE_JOBS
# says: linking separately compiled device code has not been tried on a GPU.
@pytest.mark.host_compiler
def test_module_units_three_workunits_compiled_as_three_parallel_units(cache):
    # PYKOKKOS_RT_COMPILE_JOBS=3: one translation unit per workunit, compiled
    # at once and linked into the one module, whose entry points all work.
    r = run(cache, "scale,shift,total", PYKOKKOS_RT_COMPILE_JOBS="3")
    assert [r[w]["compiled"] for w in ("scale", "shift", "total")] == [True, False, False]
    check_values(r)
    [so] = modules(cache)
    assert {r[w]["path"] for w in r} == {so}
    with open(so[:-3] + ".cpp") as f:
        source = f.read()
    for k in (1, 2, 3):
        assert "translation unit %d of 3\n" % k in source
    assert source.count("const char* crb_key(void)") == 1
    assert not glob.glob(os.path.join(cache, "kernels", "*.o"))  # objects are removed after the link
    later = run(cache, "total,shift")
    assert not later["total"]["compiled"] and later["total"]["path"] == so


def test_module_units_one_compile_job_builds_one_translation_unit(cache):
    r = run(cache, "scale,shift,total", PYKOKKOS_RT_COMPILE_JOBS="1")
    check_values(r)
    [so] = modules(cache)
    with open(so[:-3] + ".cpp") as f:
        assert "translation unit" not in f.read()


def test_module_units_second_workunit_first_call_does_not_compile(cache):
    r = run(cache, "scale,shift,total")
    assert [r[w]["compiled"] for w in ("scale", "shift", "total")] == [True, False, False]
    assert len({r[w]["path"] for w in r}) == 1
    assert r["shift"]["y"] == [2.0 * i + 1.0 for i in range(16)]
    check_values(r)
    # A later process calling another workunit first loads the same module.
    later = run(cache, "total,shift")
    assert not later["total"]["compiled"] and not later["shift"]["compiled"]
    assert later["total"]["path"] == r["scale"]["path"]
    assert later["total"]["value"] == sum(10.0 * i for i in range(16))
    assert len(modules(cache)) == 1


@pytest.mark.parametrize("default_space", ["OpenMP", "Serial"])
def test_module_units_lennard_jones_serial_helper_first_builds_the_default_space_kernel(cache, default_space):
    # The translated lennard_jones.py: the script calls the helper on
    # pk.Serial first; its sibling dispatched on pk.get_default_space() is
    # built for the default space in the same module, so its first call loads
    # instead of compiling a second module.
    env = dict(os.environ, PYKOKKOS_RT_CACHE_DIR=cache, PYKOKKOS_RT_QUIET="1", PYKOKKOS_RT_DEFAULT_SPACE=default_space)
    p = subprocess.run([sys.executable, os.path.join(HERE, "cases", "spaces_worker.py")], env=env,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    r = {x["workunit"]: x for x in json.loads(p.stdout)}
    assert r["distance"]["space"] == "Serial" and r["potential"]["space"] == default_space
    assert r["distance"]["compiled"] and not r["potential"]["compiled"]
    assert r["distance"]["path"] == r["potential"]["path"] and len(modules(cache)) == 1
    assert r["distance"]["value"] == 1.5
    pairs = [1.5, 2.0, 2.5]
    assert abs(r["potential"]["value"] - sum(4.0 * (r ** -12 - r ** -6) for r in pairs)) < 1e-12


def test_module_units_changed_source_is_not_served_the_old_unit(cache, tmp_path):
    module = str(tmp_path / "units.py")
    shutil.copy(CASE, module)
    first = run(cache, "scale,shift", module)
    assert first["scale"]["compiled"]
    with open(module) as f:
        text = f.read()
    with open(module, "w") as f:
        f.write(text.replace("x[i] = x[i] * factor", "x[i] = x[i] * factor + 0.5"))
    changed = run(cache, "scale,shift", module)
    # The edited workunit is a new specialisation: built, and its result is the new code's.
    assert changed["scale"]["compiled"] and changed["scale"]["key"] != first["scale"]["key"]
    assert changed["scale"]["x"] == [2.0 * i + 0.5 for i in range(16)]
    # The unchanged one is the same source, so the module built before still serves it.
    assert not changed["shift"]["compiled"] and changed["shift"]["key"] == first["shift"]["key"]
    assert changed["shift"]["y"] == [2.0 * i + 1.5 for i in range(16)]


def test_module_units_concurrent_first_calls_from_two_processes(cache):
    # Both start on an empty kernel cache, each calling a different workunit
    # first: both derive the same module, one builds it, the other waits on
    # its lock and loads it.
    a, b = start(cache, CASE, "scale,total"), start(cache, CASE, "shift,total")
    ra, rb = finish(a), finish(b)
    check_values(ra)
    check_values(rb)
    assert rb["shift"]["y"] == [float(i) + 1.0 for i in range(16)]
    [so] = modules(cache)
    assert ra["scale"]["path"] == rb["shift"]["path"] == so
    assert [ra["scale"]["compiled"], rb["shift"]["compiled"]].count(True) == 1
    assert not ra["total"]["compiled"] and not rb["total"]["compiled"]
    assert [p for p in glob.glob(os.path.join(cache, "**", "*"), recursive=True) if ".tmp." in p] == []


WARM_SOURCE = '''import numpy as np
from numba import njit


# caramba: runas normalize(np.arange(1.0, 9.0), np.zeros(8))
@njit
def normalize(x, out):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i]
    for i in range(x.shape[0]):
        out[i] = x[i] / s


# caramba: runas clip(np.arange(-4.0, 4.0), 1.5)
@njit
def clip(x, hi):
    for i in range(x.shape[0]):
        if x[i] > hi:
            x[i] = hi
'''


def test_caramba_warm_fills_the_cache_for_the_translated_file(cache, tmp_path):
    # `caramba warm` compiles what the translated file's first calls load
    # (cache keys leave the file's path out), so those calls compile nothing.
    exe = os.environ.get("CARAMBA_BIN")
    if not exe:
        pytest.skip("CARAMBA_BIN (the caramba binary) is not set; ctest sets it")
    src = tmp_path / "prep.py"
    src.write_text(WARM_SOURCE)
    env = dict(os.environ, PYKOKKOS_RT_CACHE_DIR=cache, PYKOKKOS_RT_QUIET="1", CARAMBA_PYTHON=sys.executable)
    w = subprocess.run([exe, "warm", str(src)], env=env, capture_output=True, text=True, timeout=600,
                       cwd=str(tmp_path))
    assert w.returncode == 0, w.stderr
    assert modules(cache)
    out = tmp_path / "prep_pk.py"
    t = subprocess.run([exe, "-q", str(src), "-o", str(out)], env=env, capture_output=True, text=True, timeout=120)
    assert t.returncode == 0, t.stderr
    code = ("import json, numpy as np, pykokkos as pk, prep_pk as m\nout = np.zeros(8)\n"
            "m.normalize(np.arange(1.0, 9.0), out)\nx = np.arange(-4.0, 4.0)\nm.clip(x, 1.5)\n"
            "print(json.dumps([out.tolist(), x.tolist(), [k.compiled for k, _ in pk._specialisations.values()]]))")
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300,
                       cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    normalized, clipped, compiled = json.loads(r.stdout)
    assert normalized == [i / 36.0 for i in range(1, 9)]
    assert clipped == [-4.0, -3.0, -2.0, -1.0, 0.0, 1.0, 1.5, 1.5]
    assert compiled and not any(compiled)
