"""Fault injection into the kernel cache: a damaged precompiled header, cache
entries that are not regular files (a FIFO, a symlink to /dev/zero), a
compiler that hangs or fails, a read-only or full cache folder, ten processes
building at once, the size bound's pruning and the first-call message.
Expected every time: a rebuild or a clear error, never a hang, never a
damaged binary loaded. Each case runs cases/cache_worker.py in a child
process with a private cache; the module shares one private PCH folder."""
import glob
import json
import os
import shutil
import stat
import subprocess
import sys
import time

import pytest


WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases", "cache_worker.py")


@pytest.fixture(scope="module")
def pch_dir(tmp_path_factory):
    return str(tmp_path_factory.mktemp("pch"))


@pytest.fixture
def cache(tmp_path):
    return str(tmp_path / "cache")


def env_for(cache, pch_dir, **extra):
    env = dict(os.environ, PYKOKKOS_RT_CACHE_DIR=cache, PYKOKKOS_RT_PCH_DIR=pch_dir, PYKOKKOS_RT_QUIET="1")
    env.update(extra)
    return env


def start(cache, pch_dir, dtype="float64", prefix=(), **extra):
    return subprocess.Popen(list(prefix) + [sys.executable, WORKER, dtype], env=env_for(cache, pch_dir, **extra),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(proc, timeout=300):
    out, err = proc.communicate(timeout=timeout)  # a hang fails the test instead of blocking it
    assert proc.returncode == 0, err
    report = json.loads(out)
    report["stderr"] = err
    return report


def run(cache, pch_dir, dtype="float64", timeout=300, **extra):
    report = finish(start(cache, pch_dir, dtype, **extra), timeout)
    return report


# A Cuda build compiles kernels with nvcc_wrapper, which cannot use a g++
# precompiled header: the PCH cases and the ones that wrap the host compiler
# are marked host_compiler (conftest.py skips them there).


def ok(report):
    assert report["ok"], report
    return report


def pch_files(pch_dir):
    gch = glob.glob(os.path.join(pch_dir, "*", "kokkos_pch.hpp.gch"))
    assert len(gch) == 1, gch
    return gch[0]


def leftovers(folder):
    return [p for p in glob.glob(os.path.join(folder, "**", "*"), recursive=True) if ".tmp." in p]


@pytest.mark.host_compiler
@pytest.mark.parametrize("how", ["truncate", "flip", "empty"])
def test_damaged_pch_is_rebuilt(cache, pch_dir, how):
    ok(run(cache, pch_dir))
    gch = pch_files(pch_dir)
    with open(gch, "rb") as f:
        data = f.read()
    if how == "truncate":
        damaged = data[: len(data) // 2]
    elif how == "flip":
        mid = len(data) // 2
        damaged = data[:mid] + bytes([data[mid] ^ 0xFF]) + data[mid + 1:]
    else:
        damaged = b""
    with open(gch, "wb") as f:
        f.write(damaged)
    # A kernel the cache does not hold yet needs the PCH: it must be rebuilt,
    # not fed to the compiler.
    report = ok(run(cache, pch_dir, "int64"))
    assert report["compiled"]
    with open(pch_files(pch_dir), "rb") as f:  # whole again (its size varies a little between builds)
        assert len(f.read()) > 0.9 * len(data)
    assert leftovers(pch_dir) == []


@pytest.mark.parametrize("what", ["fifo", "symlink_to_dev_zero", "directory"])
def test_entry_that_is_not_a_regular_file_is_replaced_without_opening_it(cache, pch_dir, what):
    path = ok(run(cache, pch_dir))["path"]
    os.unlink(path)
    if what == "fifo":
        os.mkfifo(path)
    elif what == "symlink_to_dev_zero":
        os.symlink("/dev/zero", path)
    else:
        os.mkdir(path)
    report = ok(run(cache, pch_dir, timeout=120))  # opening the FIFO or reading /dev/zero would hang
    assert report["compiled"] and report["rebuilt_corrupt"]
    assert stat.S_ISREG(os.lstat(path).st_mode)
    assert not ok(run(cache, pch_dir, timeout=120))["compiled"]


@pytest.mark.host_compiler
@pytest.mark.parametrize("what", ["fifo", "symlink_to_dev_zero"])
def test_pch_that_is_not_a_regular_file_is_rebuilt(cache, pch_dir, what):
    ok(run(cache, pch_dir))
    gch = pch_files(pch_dir)
    os.unlink(gch)
    if what == "fifo":
        os.mkfifo(gch)
    else:
        os.symlink("/dev/zero", gch)
    report = ok(run(cache, pch_dir, "int32", timeout=300))
    assert report["compiled"]
    assert stat.S_ISREG(os.lstat(pch_files(pch_dir)).st_mode)


def fake_compiler(tmp_path, body):
    path = tmp_path / "fake-cxx"
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)
    return str(path)


def test_hanging_compiler_is_killed_after_the_timeout(cache, tmp_path):
    pids = tmp_path / "pids"
    cxx = fake_compiler(tmp_path, "echo $$ >> %s\nsleep 1000 &\necho $! >> %s\nwait" % (pids, pids))
    began = time.monotonic()
    report = run(cache, str(tmp_path / "pch"), timeout=120, PYKOKKOS_RT_CXX=cxx, PYKOKKOS_RT_COMPILE_TIMEOUT="2")
    assert time.monotonic() - began < 60
    assert report["error"] == "CompileError", report
    assert "did not finish within 2 s" in report["message"] and "PYKOKKOS_RT_COMPILE_TIMEOUT" in report["message"]
    # The compiler and what it started were killed, not left running (a
    # killed orphan may stay a zombie where nothing reaps it: dead all the same).
    for pid in pids.read_text().split():
        try:
            with open("/proc/%s/stat" % pid) as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            continue
        assert state in ("Z", "X"), (pid, state)
    assert leftovers(str(tmp_path)) == []


def test_failing_compiler_gives_a_clear_error(cache, tmp_path):
    cxx = fake_compiler(tmp_path, "echo 'fake-cxx: error: no licence' >&2\nexit 1")
    report = run(cache, str(tmp_path / "pch"), timeout=120, PYKOKKOS_RT_CXX=cxx)
    assert report["error"] == "CompileError", report
    assert "no licence" in report["message"]


def in_private_mount(script):
    """A command prefix running the worker in its own mount namespace after
    `script` (which may mount over the cache), or None where that is not
    allowed (no root and no user namespaces)."""
    for prefix in (["unshare", "-m"], ["unshare", "-rm"]):
        try:
            probe = subprocess.run(prefix + ["sh", "-c", "mount -t tmpfs none /mnt 2>/dev/null || "
                                             "mount -t tmpfs none \"$TMPDIR\" || exit 1"],
                                   capture_output=True, timeout=30, env=dict(os.environ, TMPDIR="/tmp"))
        except (OSError, subprocess.TimeoutExpired):
            continue
        if probe.returncode == 0:
            return prefix + ["sh", "-c", script + ' && exec "$@"', "sh"]
    return None


def test_read_only_cache_dir_still_loads_and_builds_elsewhere(cache, pch_dir):
    first = ok(run(cache, pch_dir))
    prefix = in_private_mount("mount --bind %s %s && mount -o remount,ro,bind %s" % (cache, cache, cache))
    if prefix is None:
        pytest.skip("no mount namespace here (needs root or user namespaces) to make a read-only folder")
    cached = finish(start(cache, pch_dir, prefix=prefix, PYKOKKOS_RT_QUIET="0"))
    assert ok(cached)["path"] == first["path"] and not cached["compiled"]
    new = finish(start(cache, pch_dir, "int64", prefix=prefix, PYKOKKOS_RT_QUIET="0"))
    assert ok(new)["compiled"]
    assert not new["path"].startswith(cache)
    assert "cannot be written" in new["stderr"]
    assert not os.path.exists(new["path"])  # the private folder goes at exit


def test_full_cache_dir_builds_elsewhere(cache, pch_dir):
    ok(run(cache, pch_dir))  # the PCH exists; the kernel folder is what fills up
    os.makedirs(cache, exist_ok=True)
    prefix = in_private_mount("mount -t tmpfs -o size=8k tmpfs %s && head -c 8192 /dev/zero > %s/filler; true"
                              % (cache, cache))
    if prefix is None:
        pytest.skip("no mount namespace here (needs root or user namespaces) to make a full folder")
    report = finish(start(cache, pch_dir, "int16", prefix=prefix, PYKOKKOS_RT_QUIET="0"))
    assert ok(report)["compiled"]
    assert "cannot be written" in report["stderr"]


def test_unusable_cache_dir_gives_a_clear_error(tmp_path, pch_dir):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    report = run(str(blocker / "cache"), pch_dir, "int8", TMPDIR=str(blocker))
    assert report["error"] == "OSError", report
    assert "PYKOKKOS_RT_CACHE_DIR" in report["message"] or "private build folder" in report["message"]


def test_ten_processes_build_the_same_kernel_at_once(cache, pch_dir):
    ok(run(cache, pch_dir, "uint8"))  # the PCH is ready; the kernel below is not
    procs = [start(cache, pch_dir, "uint16") for _ in range(10)]
    reports = [ok(finish(p)) for p in procs]
    assert len({r["key"] for r in reports}) == 1 and len({r["path"] for r in reports}) == 1
    assert sum(r["compiled"] for r in reports) >= 1
    modules = glob.glob(os.path.join(cache, "kernels", "*.so"))
    assert reports[0]["path"] in modules and len(modules) == 2
    assert leftovers(cache) == [] and glob.glob(os.path.join(cache, "kernels", "*.lock")) == []
    assert not ok(run(cache, pch_dir, "uint16"))["compiled"]


def test_cache_over_its_size_bound_drops_the_least_recently_used(cache, pch_dir):
    old = ok(run(cache, pch_dir, "float32"))["path"]
    past = time.time() - 3600
    os.utime(old, (past, past))
    new = ok(run(cache, pch_dir, "int64", PYKOKKOS_RT_CACHE_MAX_MB="0.001"))["path"]
    assert os.path.exists(new) and not os.path.exists(old)
    assert not os.path.exists(old[:-3] + ".cpp")


@pytest.mark.host_compiler
def test_slow_first_call_says_so_once(cache, tmp_path):
    # A compiler that takes over a second: one line on stderr for the whole
    # process, none with PYKOKKOS_RT_QUIET=1.
    cxx = fake_compiler(tmp_path, 'sleep 1.5\nexec "%s" "$@"' % shutil.which("c++"))
    pch = str(tmp_path / "pch")
    loud = ok(run(cache, pch, PYKOKKOS_RT_CXX=cxx, PYKOKKOS_RT_QUIET="0"))
    assert loud["stderr"].count("pykokkos: compiling") == 1, loud["stderr"]
    quiet = ok(run(cache, pch, "int64", PYKOKKOS_RT_CXX=cxx, PYKOKKOS_RT_QUIET="1"))
    assert quiet["compiled"] and "pykokkos:" not in quiet["stderr"]


def test_cache_info_and_clean(cache, pch_dir, cuda_build):
    ok(run(cache, pch_dir))
    code = ("import json, pykokkos._cache as c; print(json.dumps(c.info())); c.clean(); "
            "print(json.dumps(c.info()))")
    out = subprocess.run([sys.executable, "-c", code], env=env_for(cache, pch_dir), capture_output=True,
                         text=True, timeout=120, check=True).stdout.splitlines()
    before, after = json.loads(out[0]), json.loads(out[1])
    assert before["kernel_files"] >= 2 and before["kernel_bytes"] > 0 and (cuda_build or before["pch_bytes"] > 0)
    assert after["kernel_files"] == 0 and after["pch_bytes"] == before["pch_bytes"]


def test_caramba_cache_info_and_clean_commands(cache, pch_dir):
    exe = os.environ.get("CARAMBA_BIN")  # set by CTest (tests/runtime/CMakeLists.txt)
    if not exe:
        pytest.skip("CARAMBA_BIN (the caramba binary) is not set; ctest sets it")
    ok(run(cache, pch_dir))
    env = env_for(cache, pch_dir, CARAMBA_PYTHON=sys.executable)
    info = subprocess.run([exe, "cache", "info"], env=env, capture_output=True, text=True, timeout=120)
    assert info.returncode == 0, info.stderr
    assert cache in info.stdout and pch_dir in info.stdout
    assert "kernel files:      2 " in info.stdout  # the module and its source
    clean = subprocess.run([exe, "cache", "clean"], env=env, capture_output=True, text=True, timeout=120)
    assert clean.returncode == 0, clean.stderr
    assert "removed 2 kernel module file(s)" in clean.stdout
    assert glob.glob(os.path.join(cache, "kernels", "*")) == []
    assert subprocess.run([exe, "cache", "prune"], env=env, capture_output=True, timeout=60).returncode == 2


def test_difftest_run_warms_the_cache_for_the_translated_file(cache, pch_dir, tmp_path):
    # Keys leave the file's path out, so the kernels difftest compiled for its
    # temporary translation are the ones the translated file loads later.
    exe = os.environ.get("CARAMBA_BIN")
    if not exe:
        pytest.skip("CARAMBA_BIN (the caramba binary) is not set; ctest sets it")
    src = tmp_path / "colsum.py"
    src.write_text("import numpy as np\nfrom numba import njit\n\n\n"
                   "# caramba: runas colsum(np.arange(12.0).reshape(3, 4), np.zeros(4))\n"
                   "@njit\ndef colsum(a, out):\n    for j in range(a.shape[1]):\n        s = 0.0\n"
                   "        for i in range(a.shape[0]):\n            s += a[i, j]\n        out[j] = s\n")
    env = env_for(cache, pch_dir, CARAMBA_PYTHON=sys.executable)
    d = subprocess.run([exe, "difftest", str(src), "--no-timing"], env=env, capture_output=True, text=True,
                       timeout=600, cwd=str(tmp_path))
    assert d.returncode == 0, d.stderr
    out = tmp_path / "colsum_pk.py"
    t = subprocess.run([exe, "-q", str(src), "-o", str(out)], env=env, capture_output=True, text=True, timeout=120)
    assert t.returncode == 0, t.stderr
    code = ("import json, numpy as np, pykokkos as pk, colsum_pk as m\nout = np.zeros(4)\n"
            "m.colsum(np.arange(12.0).reshape(3, 4), out)\n"
            "print(json.dumps([out.tolist(), [k.compiled for k, _ in pk._specialisations.values()]]))")
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300,
                       cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    values, compiled = json.loads(r.stdout)
    assert values == [12.0, 15.0, 18.0, 21.0]
    assert compiled and not any(compiled)


THREADS = r"""
import json, os, sys, threading, time
import numpy as np
import pykokkos as pk
sys.path.insert(0, os.path.dirname(sys.argv[1]))
import cache_worker

ticks, stop, results = [0], [False], {}

def spin():
    while not stop[0]:
        ticks[0] += 1
        time.sleep(0.001)

def build(dtype):
    x = np.arange(16, dtype=dtype)
    out = np.zeros(16, dtype=dtype)
    pk.parallel_for(16, cache_worker.triple, x=x, out=out)
    results[dtype] = bool((out == 3 * x).all())

spinner = threading.Thread(target=spin)
spinner.start()
began = time.perf_counter()
builders = [threading.Thread(target=build, args=(d,)) for d in ("float64", "int64", "float32")]
for b in builders:
    b.start()
for b in builders:
    b.join()
elapsed = time.perf_counter() - began
stop[0] = True
spinner.join()
kernels = [k for k, _ in pk._specialisations.values()]
print(json.dumps({"results": results, "ticks": ticks[0], "elapsed": elapsed, "compiled": [k.compiled for k in kernels]}))
"""


def test_threads_specialising_at_once_compile_without_holding_the_gil(cache, pch_dir):
    ok(run(cache, pch_dir, "uint8"))  # the PCH is ready
    r = subprocess.run([sys.executable, "-c", THREADS, WORKER], env=env_for(cache, pch_dir), capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["results"] == {"float64": True, "int64": True, "float32": True}
    assert report["compiled"] == [True, True, True]
    # Another Python thread kept running while the compilers did: with the
    # GIL held for each build it would have stalled for their whole duration.
    assert report["ticks"] >= 20 * report["elapsed"], report
