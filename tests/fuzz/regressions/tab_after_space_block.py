import numpy as np
from numba import njit


# Written like NPBench's jacobi_2d: the time loop stays on the host, each
# sweep is a phase; the sweeps read each other's results, so they do not fuse.
t = np.cumsum(a[::-1])
@njit(parallel=True, error_model='python')
def kernel(TSTEPS, A, B):  # expect:
 CRB523
	n = A.shape[0]
	for t in range(1, TSTEPS):
		for i in range(1, n - 1):
			for j in range(1, n - 1):
				B[i, j] = 0.2 * (A[i, j] + A[i, j - 1] + A[i, j + 1] + A[i + 1, j] + A[i - 1, j])
		for i in range(1, n - 1):
			for j in range(1, n - 1):
				A[i, j] = 0.2 * (B[i, j] + B[i, j - 1] + B[i, j + 1] + B[i + 1, j] + B[i - 1, j])
