# driver.py — one side of a `caramba difftest` run, in its own process.
#
# Embedded into the caramba binary at build time (caramba/difftest/CMakeLists.txt)
# and written next to the plan when difftest runs, so `--keep` leaves a script
# that reproduces a run by hand:   PYTHON driver.py plan-<side>.json
#
# The plan (JSON) names the module to import (the Numba original or its
# translation), the side, and the cases. The driver imports the module once
# and runs every case of every kernel in this one process, because Numba's
# import and compile times dominate a difftest run.
#
# Protocol: one JSON object per line on a private duplicate of fd 1. The real
# fd 1 is pointed at fd 2 first, so that prints from kernels (Python's and
# Numba's C-level ones) cannot corrupt the protocol.
#   {"event": "import", "ok": bool, "traceback": str}
#   {"event": "begin", "case": id}                 -- the parent restarts its timeout
#   {"event": "result", "case": id, "status": "ok" | "raised" | "input-error" | "missing", ...}
#   {"event": "done"}
#
# Inputs are identical on every side: the original side evaluates each case's
# argument expressions (seeded) and pickles them before the first call; the
# translation and pure-Python sides load that pickle. Every call gets a fresh
# deep copy, so in-place writes of one call never leak into the next.
import base64
import copy
import importlib.util
import json
import math
import os
import pickle
import random
import sys
import time
import traceback

INT64_MIN, INT64_MAX = -(2 ** 63), 2 ** 63 - 1


def _type_name(x):
    t = type(x)
    mod = t.__module__
    return t.__qualname__ if mod == "builtins" else mod + "." + t.__qualname__


def encode(x, np):
    """A JSON description of a value that the C++ side compares (compare.h)."""
    if x is None:
        return {"kind": "none"}
    if isinstance(x, tuple):
        return {"kind": "tuple", "pytype": _type_name(x), "items": [encode(i, np) for i in x]}
    if isinstance(x, np.ndarray) or (hasattr(x, "__array__") and not isinstance(x, (list, dict, str, bytes))
                                     and not isinstance(x, (int, float, complex, bool, np.generic))):
        # Anything array-like (a pykokkos View, an ndarray subclass) is encoded
        # with its real type, so the comparison can insist on numpy.ndarray.
        # np.require, not np.ascontiguousarray: that one turns a 0-d array into shape (1,),
        # and a 0-d result must compare with a scalar by value.
        arr = np.require(np.asarray(x), requirements="C")
        if arr.dtype.byteorder == ">":
            arr = arr.astype(arr.dtype.newbyteorder("<"))
        out = {"kind": "array", "pytype": _type_name(x), "dtype": arr.dtype.str, "shape": list(arr.shape)}
        if arr.dtype.hasobject:
            out["repr"] = repr(arr.tolist())[:4000]
        else:
            out["data"] = base64.b64encode(arr.tobytes()).decode("ascii")
        return out
    if isinstance(x, (bool, np.bool_, int, float, complex, np.generic)):
        if isinstance(x, int) and not isinstance(x, bool) and not (INT64_MIN <= x <= INT64_MAX):
            return {"kind": "bigint", "pytype": _type_name(x), "value": str(x)}
        arr = np.asarray(x)
        return {"kind": "scalar", "pytype": _type_name(x), "dtype": arr.dtype.str,
                "data": base64.b64encode(arr.tobytes()).decode("ascii")}
    return {"kind": "other", "pytype": _type_name(x), "repr": repr(x)[:4000]}


def encode_arg(x, np):
    """Arguments after the call: only mutable ones can differ from the input."""
    if isinstance(x, np.ndarray) or isinstance(x, (list, dict)) or hasattr(x, "__array__"):
        if isinstance(x, (int, float, complex, bool, np.generic)):
            return None
        return encode(x, np)
    return None


class Gen:
    """Helpers that generated and marker argument expressions may call.
    Every case reseeds the generators, so inputs do not depend on case order."""

    def __init__(self, np, seed):
        self.np = np
        self.rng = np.random.default_rng(seed)

    def array(self, shape, dtype, order="C", high=None):
        np = self.np
        dt = np.dtype(dtype)
        if dt.kind == "f":
            a = self.rng.uniform(0.5, 1.5, size=shape)
        elif dt.kind == "c":
            a = self.rng.uniform(0.5, 1.5, size=shape) + 1j * self.rng.uniform(0.5, 1.5, size=shape)
        elif dt.kind == "b":
            a = self.rng.random(size=shape) < 0.5
        elif dt.kind in "iu":
            # Values in [0, extent of the first axis): safe as indices.
            top = high if high is not None else (shape[0] if len(shape) else 2)
            a = self.rng.integers(0, max(int(top), 1), size=shape)
        else:
            raise TypeError("cannot generate arrays of dtype %s" % dt)
        a = a.astype(dt)
        return np.asfortranarray(a) if order == "F" else np.ascontiguousarray(a)

    def float(self):
        return float(self.rng.uniform(0.5, 1.5))


def arg_type(x, np):
    """The kind of an input as the translator's types say it: [dtype, ndim]
    (ndim 0 for scalars), or None for anything else."""
    if isinstance(x, np.ndarray):
        return [str(x.dtype), int(x.ndim)]
    if isinstance(x, (bool, np.bool_)):
        return ["bool", 0]
    if isinstance(x, int):
        return ["int64", 0]
    if isinstance(x, float):
        return ["float64", 0]
    if isinstance(x, np.generic):
        return [str(x.dtype), 0]
    return None


def main():
    plan_path = sys.argv[1]
    with open(plan_path) as f:
        plan = json.load(f)
    proto_fd = os.dup(1)
    os.dup2(2, 1)
    proto = os.fdopen(proto_fd, "w", buffering=1)
    sys.stdout = sys.stderr

    def emit(obj):
        proto.write(json.dumps(obj) + "\n")
        proto.flush()

    side = plan["side"]
    import numpy as np

    for d in reversed(plan.get("sys_path", [])):
        sys.path.insert(0, d)
    name = plan["module_name"]
    try:
        spec = importlib.util.spec_from_file_location(name, plan["module_path"])
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    except BaseException:
        emit({"event": "import", "ok": False, "traceback": traceback.format_exc()})
        return
    emit({"event": "import", "ok": True})

    repeat = int(plan.get("repeat", 0))
    budget = float(plan.get("time_budget_s", 1.0))
    seed = int(plan.get("seed", 0))
    skip = set(plan.get("skip", []))
    recording = sys.modules.get("_caramba_record")  # caramba record's hook, when difftest records types
    for case in plan["cases"]:
        cid = case["id"]
        if cid in skip:
            continue
        if case.get("generated") and recording is not None:
            # Generated inputs come from static inference: the types they make
            # Numba compile are not the program's own (they run last).
            recording.pause()
            recording = None
        emit({"event": "begin", "case": cid})
        res = {"event": "result", "case": cid}
        inputs_path = case["inputs"]
        # 1. Inputs: made (and saved) on the original side, loaded elsewhere.
        try:
            if side == "original":
                np.random.seed(seed)
                random.seed(seed)
                gen = Gen(np, seed)
                ns = dict(vars(mod))
                ns.update({"np": np, "numpy": np, "math": math, "rng": np.random.default_rng(seed),
                           "_crb": gen, "_crb_capture": lambda *a, **k: (list(a), dict(k))})
                ns.update(case.get("sizes", {}))
                args, kwargs = eval("_crb_capture(" + case["args"] + ")", ns)
                with open(inputs_path + ".tmp", "wb") as f:
                    pickle.dump((args, kwargs), f, protocol=pickle.HIGHEST_PROTOCOL)
                os.replace(inputs_path + ".tmp", inputs_path)
                res["arg_types"] = [arg_type(x, np) for x in args]
            else:
                with open(inputs_path, "rb") as f:
                    args, kwargs = pickle.load(f)
        except BaseException:
            res.update(status="input-error", traceback=traceback.format_exc())
            emit(res)
            continue
        # 2. The callable: the caller with the original name, or the thesis's call_<name>.
        # "alt_call" is set only when the original defines no such name, so a
        # call_<name> found in the translation is the generated caller.
        fn = mod
        for part in case["call"].split("."):  # Integrator.trapezoid: a static method
            fn = getattr(fn, part, None)
        alt = getattr(mod, case["alt_call"], None) if side == "translation" and case.get("alt_call") else None
        if alt is not None:
            fn = alt
        if fn is None or not callable(fn):
            res.update(status="missing", message="module has no callable '%s'" % case["call"])
            emit(res)
            continue
        # 3. The checked call (also the warm-up: it includes compilation).
        a, k = copy.deepcopy((args, kwargs))
        t0 = time.perf_counter()
        try:
            ret = fn(*a, **k)
        except BaseException as e:
            res.update(status="raised", exception=type(e).__name__, message=str(e)[:2000],
                       traceback=traceback.format_exc()[-6000:], first_call_s=time.perf_counter() - t0)
            emit(res)
            continue
        res["first_call_s"] = time.perf_counter() - t0
        try:
            res["return"] = encode(ret, np)
            res["args"] = [encode_arg(x, np) for x in a]
            res["kwargs"] = {key: encode_arg(v, np) for key, v in k.items()}
        except BaseException:
            res.update(status="raised", exception="EncodeError", message="cannot encode the result",
                       traceback=traceback.format_exc())
            emit(res)
            continue
        # 4. Timed calls after the warm-up, each on a fresh copy.
        times = []
        spent = 0.0
        while len(times) < repeat and (spent < budget or not times):
            a, k = copy.deepcopy((args, kwargs))
            t0 = time.perf_counter()
            try:
                fn(*a, **k)
            except BaseException:
                break
            dt = time.perf_counter() - t0
            times.append(dt)
            spent += dt
        res["times"] = times
        res["status"] = "ok"
        emit(res)
    emit({"event": "done"})


if __name__ == "__main__":
    main()
