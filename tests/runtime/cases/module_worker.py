"""Run by test_module_units.py in a child process: imports a module of
several workunits from the path given, dispatches the workunits named on the
command line in that order (scale, shift, total of module_units.py), and
reports per call what the cache did and whether the result is right, as JSON."""
import importlib.util
import json
import sys

import numpy as np
import pykokkos as pk

path, order = sys.argv[1], sys.argv[2].split(",")
spec = importlib.util.spec_from_file_location("module_units_under_test", path)
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
n = 16
x = np.arange(n, dtype=np.float64)
y = np.arange(n, dtype=np.float64) * 10
calls = {
    "scale": lambda: pk.parallel_for(n, m.scale, factor=2.0, x=x),
    "shift": lambda: pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, n), m.shift, x=x, y=y),
    "total": lambda: pk.parallel_reduce(n, m.total, y=y),
}
report = []
for name in order:
    before = set(id(k) for k, _ in pk._specialisations.values())
    value = calls[name]()
    kernel = [k for k, _ in pk._specialisations.values() if id(k) not in before][0]
    report.append({"workunit": name, "compiled": kernel.compiled, "key": kernel.key, "path": kernel.path,
                   "module_key": kernel.module_key, "value": value, "x": x.tolist(), "y": y.tolist()})
json.dump(report, sys.stdout)
