"""Object mode: @jit(forceobj=True) runs arbitrary Python."""
import numpy as np
from numba import jit


# caramba: runas describe(np.random.rand(N))
@jit(forceobj=True)
def describe(a):
    return {"mean": float(a.mean()), "n": len(a)}["mean"]
