"""Run by test_module_units.py in a child process: imports
lennard_jones_spaces.py, calls distance (pk.Serial) and then potential (the
default space), and reports per call what the cache did and the value, as JSON."""
import importlib.util
import json
import os
import sys

import numpy as np
import pykokkos as pk

spec = importlib.util.spec_from_file_location("lennard_jones_spaces", os.path.join(os.path.dirname(__file__),
                                                                                    "lennard_jones_spaces.py"))
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
cluster = np.array([[0.0, 0.0, 0.0], [1.5, 0.0, 0.0], [0.0, 2.0, 0.0]])
report = []
for name, call in (("distance", lambda: m.distance(cluster[0], cluster[1])), ("potential", lambda: m.potential(cluster))):
    before = set(id(k) for k, _ in pk._specialisations.values())
    value = call()
    [(kernel, space)] = [(k, key[2]) for key, (k, _) in pk._specialisations.items() if id(k) not in before]
    report.append({"workunit": name, "compiled": kernel.compiled, "path": kernel.path, "space": getattr(space, "value", space),
                   "value": value})
json.dump(report, sys.stdout)
