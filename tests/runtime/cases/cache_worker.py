"""Run by test_cache.py and test_cache_faults.py in a child process: dispatch
one workunit and report what the cache did, as JSON on stdout. The optional
argument is the element type (float64 by default): each type is a separate
kernel module, so a test can ask for a module the cache does not hold yet.
A failure is reported as JSON too (ok: false, the exception's type and text)."""
import json
import sys

import numpy as np
import pykokkos as pk


@pk.workunit
def triple(i, x, out):
    out[i] = 3 * x[i]


if __name__ == "__main__":
    dtype = np.dtype(sys.argv[1] if len(sys.argv) > 1 else "float64")
    x = np.arange(16, dtype=dtype)
    out = np.zeros(16, dtype=dtype)
    try:
        pk.parallel_for(16, triple, x=x, out=out)
    except Exception as e:  # noqa: BLE001 - the test reads the type and message
        json.dump({"ok": False, "error": type(e).__name__, "message": str(e)}, sys.stdout)
        sys.exit(0)
    kernel, _ = next(iter(pk._specialisations.values()))
    json.dump({"ok": bool((out == 3 * x).all()), "compiled": kernel.compiled,
               "rebuilt_corrupt": kernel.rebuilt_corrupt, "path": kernel.path, "key": kernel.key}, sys.stdout)
