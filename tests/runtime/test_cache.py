"""The kernel cache across processes: two processes building the same kernel
at once, and corrupted entries that must be rebuilt rather than loaded. Each
test module gets a private cache folder (never the shared test cache)."""
import glob
import json
import os
import shutil
import subprocess
import sys

import pytest


WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases", "cache_worker.py")


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory):
    return str(tmp_path_factory.mktemp("pykokkos-cache"))


def start(cache_dir):
    env = dict(os.environ, PYKOKKOS_RT_CACHE_DIR=cache_dir, PYKOKKOS_RT_PCH_DIR=os.path.join(cache_dir, "pch"))
    return subprocess.Popen([sys.executable, WORKER], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def finish(proc):
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    report = json.loads(out)
    assert report["ok"]
    return report


def run(cache_dir):
    return finish(start(cache_dir))


def leftovers(cache_dir):
    return [p for p in glob.glob(os.path.join(cache_dir, "**", "*"), recursive=True) if ".tmp." in p]


def test_two_processes_build_the_same_kernel_at_once(cache_dir, cuda_build):
    # Both start on an empty cache: both build the precompiled header and the
    # kernel, and publish by rename; neither may see a half-written file.
    a, b = start(cache_dir), start(cache_dir)
    ra, rb = finish(a), finish(b)
    assert ra["key"] == rb["key"] and ra["path"] == rb["path"]
    assert ra["compiled"] or rb["compiled"]
    assert glob.glob(os.path.join(cache_dir, "kernels", "*.so")) == [ra["path"]]
    if not cuda_build:  # nvcc builds use no precompiled header
        assert len(glob.glob(os.path.join(cache_dir, "pch", "*", "kokkos_pch.hpp.gch"))) == 1
    assert leftovers(cache_dir) == []
    warm = run(cache_dir)
    assert not warm["compiled"] and not warm["rebuilt_corrupt"]


def damage(path, how):
    with open(path, "rb") as f:
        data = f.read()
    if how == "truncate":      # a crashed writer or a full disk
        data = data[: len(data) // 2]
    elif how == "flip":        # same size, different bytes
        mid = len(data) // 2
        data = data[:mid] + bytes([data[mid] ^ 0xFF]) + data[mid + 1:]
    elif how == "empty":
        data = b""
    else:                      # some other ELF file under this name
        with open(sys.executable, "rb") as f:
            data = f.read(4096)
    with open(path, "wb") as f:
        f.write(data)


def test_corrupt_entry_is_rebuilt(cache_dir):
    path = run(cache_dir)["path"]
    for how in ["truncate", "flip", "empty", "foreign"]:
        damage(path, how)
        rebuilt = run(cache_dir)
        assert rebuilt["rebuilt_corrupt"] and rebuilt["compiled"], how
        assert rebuilt["path"] == path
    again = run(cache_dir)
    assert not again["compiled"] and not again["rebuilt_corrupt"]
    assert leftovers(cache_dir) == []


def test_same_workunit_in_another_file_reuses_the_module(tmp_path):
    # The key leaves the file's path out, so a copy of the file (a moved
    # project, difftest's temporary translation) loads the module built for
    # the original instead of compiling it again.
    cache = str(tmp_path / "cache")
    first = run(cache)
    copy = tmp_path / "elsewhere" / "renamed_worker.py"
    copy.parent.mkdir()
    shutil.copy(WORKER, copy)
    env = dict(os.environ, PYKOKKOS_RT_CACHE_DIR=cache, PYKOKKOS_RT_PCH_DIR=os.path.join(cache, "pch"))
    proc = subprocess.run([sys.executable, str(copy)], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    second = json.loads(proc.stdout)
    assert second["ok"] and second["key"] == first["key"] and not second["compiled"]


def test_same_workunit_further_down_the_file_reuses_the_module(tmp_path):
    # Line numbers only label #line directives too: a file whose callers
    # gained lines above the workunit (caramba warm translates with recorded
    # types, the user's translation without them adds dtype checks) loads the
    # module built before.
    cache = str(tmp_path / "cache")
    first = run(cache)
    shifted = tmp_path / "shifted_worker.py"
    shifted.write_text("# two lines added\n# above everything\n" + open(WORKER).read())
    env = dict(os.environ, PYKOKKOS_RT_CACHE_DIR=cache, PYKOKKOS_RT_PCH_DIR=os.path.join(cache, "pch"))
    proc = subprocess.run([sys.executable, str(shifted)], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    second = json.loads(proc.stdout)
    assert second["ok"] and second["key"] == first["key"] and not second["compiled"]
