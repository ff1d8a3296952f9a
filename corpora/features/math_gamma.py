"""math.gamma: valid Numba that the translator passes through and the runtime's kernel front end does
not know. The translate-time check catches it: the kernel stays Numba code (CRB150) and the file works."""
import math

from numba import njit


# caramba: runas gamma_weights(np.random.rand(N) + 0.5, np.zeros(N))
@njit
def gamma_weights(x, out):
    for i in range(x.shape[0]):
        out[i] = math.gamma(x[i] + 1.0)
