"""Run by test_cache.py in a child process: dispatch one workunit and report
what the cache did, as JSON on stdout."""
import json
import sys

import numpy as np
import pykokkos as pk


@pk.workunit
def triple(i, x, out):
    out[i] = 3.0 * x[i]


if __name__ == "__main__":
    x = np.arange(16, dtype=np.float64)
    out = np.zeros(16)
    pk.parallel_for(16, triple, x=x, out=out)
    kernel, _ = next(iter(pk._specialisations.values()))
    json.dump({"ok": bool((out == 3.0 * x).all()), "compiled": kernel.compiled,
               "rebuilt_corrupt": kernel.rebuilt_corrupt, "path": kernel.path, "key": kernel.key}, sys.stdout)
