"""The kernel cache: what it holds, and emptying it.

    python -m pykokkos._cache info       # folders, files, sizes, the size bound
    python -m pykokkos._cache clean      # delete the cached kernels
    python -m pykokkos._cache clean --pch   # ... and the shared precompiled headers

`caramba cache info` and `caramba cache clean` run these. Kernels are rebuilt
on their next first call; modules already loaded by running programs stay
loaded.
"""
import sys

from ._loader import core as _core


def info():
    """A dict: cache_dir, pch_dir, kernel_files, kernel_bytes, pch_files,
    pch_bytes, max_bytes (PYKOKKOS_RT_CACHE_MAX_MB)."""
    return dict(_core.cache_info())


def clean(pch=False):
    """Deletes the cached kernels; with pch=True also the precompiled headers."""
    _core.cache_clean(pch)


def _mb(n):
    return "%.1f MB" % (n / 1e6)


def main(argv):
    if not argv or argv[0] not in ("info", "clean") or argv[1:] not in ([], ["--pch"]) or \
            (argv[0] == "info" and argv[1:]):
        sys.stderr.write("usage: caramba cache info | caramba cache clean [--pch]\n")
        return 2
    if argv[0] == "clean":
        before = info()
        clean(pch=argv[1:] == ["--pch"])
        freed = before["kernel_bytes"] + (before["pch_bytes"] if argv[1:] else 0)
        print("removed %d kernel module file(s)%s from %s (%s)" % (
            before["kernel_files"], " and the precompiled headers" if argv[1:] else "", before["cache_dir"],
            _mb(freed)))
        return 0
    i = info()
    print("kernel cache:        %s" % i["cache_dir"])
    print("  kernel files:      %d (%s; bound %s, least recently used pruned first)" % (
        i["kernel_files"], _mb(i["kernel_bytes"]), _mb(i["max_bytes"])))
    print("precompiled headers: %s" % i["pch_dir"])
    print("  files:             %d (%s)" % (i["pch_files"], _mb(i["pch_bytes"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
