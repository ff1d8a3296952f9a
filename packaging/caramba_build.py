"""caramba_build: the in-tree PEP 517 backend of the `caramba` distribution.

`pip install --no-build-isolation .` calls build_wheel here. It runs the
project's CMake build (only the two installed targets: the `caramba` CLI and
the runtime's native core), installs it into a staging prefix with
`cmake --install` (the same rules `cmake --install build --prefix P` uses),
and zips the result into a wheel:

  caramba-<v>.data/scripts/caramba   the C++ binary, placed the way ruff places
                                     its own: pip copies it into the
                                     environment's bin/ as it is
  pykokkos/                          the runtime package, its core (_core*.so)
                                     and a copy of the Kokkos headers and
                                     libraries the kernels compile against

It needs no package from PyPI (only the standard library), so it works
offline. The `caramba record` hook and the difftest driver are embedded in the
binary.

Environment:
  CARAMBA_WHEEL_BUILD_DIR  the CMake build folder (default: build-wheel/ in the
                           source tree; a configured folder is reused as it is,
                           so a second install only relinks what changed)
  Kokkos_ROOT, CARAMBA_KOKKOS_PREFIX
                           the Kokkos install (default: the one scripts/setup
                           builds, ${XDG_CACHE_HOME:-~/.cache}/caramba/kokkos-3.4.01-omp)
"""
import base64
import hashlib
import importlib.machinery
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class BuildError(RuntimeError):
    pass


def _project():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]


def _dist_name(project):
    return project["name"].replace("-", "_")


def _tag():
    impl = "cp%d%d" % sys.version_info[:2]
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return impl, impl + sys.abiflags, platform


def _metadata(project):
    lines = [
        "Metadata-Version: 2.1",
        "Name: " + project["name"],
        "Version: " + project["version"],
        "Summary: " + project.get("description", ""),
    ]
    if "requires-python" in project:
        lines.append("Requires-Python: " + project["requires-python"])
    for dep in project.get("dependencies", []):
        lines.append("Requires-Dist: " + dep)
    if "license" in project and "text" in project["license"]:
        lines.append("License: " + project["license"]["text"])
    body = ""
    readme = project.get("readme")
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        with open(os.path.join(ROOT, readme), encoding="utf-8") as f:
            body = "\n" + f.read()
    return "\n".join(lines) + "\n" + body


def _wheel_file():
    impl, abi, platform = _tag()
    return ("Wheel-Version: 1.0\nGenerator: caramba_build\nRoot-Is-Purelib: false\n"
            "Tag: %s-%s-%s\n" % (impl, abi, platform))


def _run(argv):
    print("caramba_build: " + " ".join(argv), file=sys.stderr, flush=True)
    r = subprocess.run(argv, cwd=ROOT)
    if r.returncode != 0:
        raise BuildError("caramba_build: command failed (exit %d): %s" % (r.returncode, " ".join(argv)))


def _cache_value(build_dir, name):
    with open(os.path.join(build_dir, "CMakeCache.txt"), encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith(name + ":"):
                return line.split("=", 1)[1].strip()
    return None


def _kokkos_root():
    for var in ("Kokkos_ROOT", "CARAMBA_KOKKOS_PREFIX"):
        if os.environ.get(var):
            return os.environ[var]
    cache = os.environ.get("CARAMBA_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "caramba")
    return os.path.join(cache, "kokkos-3.4.01-omp")


def _configure(build_dir):
    if not os.path.isdir(os.path.join(ROOT, "third_party")):
        raise BuildError("caramba_build: third_party/ is missing: run `scripts/setup --no-build` once "
                         "(it installs the Debian packages, the tree-sitter sources and Kokkos)")
    kokkos = _kokkos_root()
    if not os.path.isfile(os.path.join(kokkos, "lib", "cmake", "Kokkos", "KokkosConfig.cmake")):
        raise BuildError("caramba_build: no Kokkos install in %s: run `scripts/setup --no-build`, "
                         "or set Kokkos_ROOT" % kokkos)
    argv = ["cmake", "-S", ROOT, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
            "-DKokkos_ROOT=" + kokkos, "-DPython_EXECUTABLE=" + sys.executable]
    if shutil.which("ninja"):
        argv += ["-G", "Ninja"]
    _run(argv)


def _build_and_stage(staging):
    build_dir = os.path.abspath(os.environ.get("CARAMBA_WHEEL_BUILD_DIR") or os.path.join(ROOT, "build-wheel"))
    if not os.path.isfile(os.path.join(build_dir, "CMakeCache.txt")):
        _configure(build_dir)
    if _cache_value(build_dir, "Kokkos_DIR") in (None, "", "Kokkos_DIR-NOTFOUND"):
        raise BuildError("caramba_build: %s was configured without Kokkos, so the runtime (pykokkos) "
                         "cannot be built: run `scripts/setup --no-build`, or set Kokkos_ROOT, and "
                         "remove that folder" % build_dir)
    _run(["cmake", "--build", build_dir, "--target", "caramba", "pykokkos_core"])
    _run(["cmake", "--install", build_dir, "--prefix", staging])
    pydir = os.path.join(staging, _cache_value(build_dir, "CARAMBA_INSTALL_PYTHONDIR"))
    cores = [n for n in os.listdir(os.path.join(pydir, "pykokkos")) if n.startswith("_core")]
    if not any(n[len("_core"):] in importlib.machinery.EXTENSION_SUFFIXES for n in cores):
        raise BuildError("caramba_build: the core %s was built for another Python than %s (%s was "
                         "configured with another interpreter): remove it or set CARAMBA_WHEEL_BUILD_DIR"
                         % (cores, sys.executable, build_dir))
    return os.path.join(staging, "bin", "caramba"), pydir


def _digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


class _Wheel:
    def __init__(self, path):
        self.zip = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED)
        self.record = []

    def add(self, arcname, data, executable=False):
        info = zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0))
        info.external_attr = ((0o755 if executable else 0o644) | 0o100000) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)
        self.record.append("%s,%s,%d" % (arcname, _digest(data), len(data)))

    def add_file(self, arcname, path):
        with open(path, "rb") as f:
            self.add(arcname, f.read(), executable=os.access(path, os.X_OK))

    def close(self, record_name):
        self.record.append(record_name + ",,")
        self.zip.writestr(zipfile.ZipInfo(record_name, date_time=(2020, 1, 1, 0, 0, 0)),
                          "\n".join(self.record) + "\n")
        self.zip.close()


def _write_dist_info(directory, project):
    name = "%s-%s.dist-info" % (_dist_name(project), project["version"])
    os.makedirs(os.path.join(directory, name), exist_ok=True)
    with open(os.path.join(directory, name, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata(project))
    with open(os.path.join(directory, name, "WHEEL"), "w", encoding="utf-8") as f:
        f.write(_wheel_file())
    return name


# --- PEP 517 hooks ----------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return _write_dist_info(metadata_directory, _project())


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    project = _project()
    dist, version = _dist_name(project), project["version"]
    impl, abi, platform = _tag()
    wheel_name = "%s-%s-%s-%s-%s.whl" % (dist, version, impl, abi, platform)
    with tempfile.TemporaryDirectory(prefix="caramba-wheel-") as staging:
        binary, pydir = _build_and_stage(staging)
        os.makedirs(wheel_directory, exist_ok=True)
        wheel = _Wheel(os.path.join(wheel_directory, wheel_name))
        wheel.add_file("%s-%s.data/scripts/caramba" % (dist, version), binary)
        for folder, dirs, files in os.walk(pydir):
            dirs.sort()
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for f in sorted(files):
                path = os.path.join(folder, f)
                wheel.add_file(os.path.relpath(path, pydir), path)
        info = "%s-%s.dist-info" % (dist, version)
        wheel.add(info + "/METADATA", _metadata(project).encode())
        wheel.add(info + "/WHEEL", _wheel_file().encode())
        wheel.close(info + "/RECORD")
    return wheel_name
