# caramba-options: --caller-style thesis --space Serial
# The thesis's spelling: the workunit keeps the name, the caller is call_<name>.
import numba


@numba.njit(parallel=True)
def y_init(y_view):
    for i in numba.prange(y_view.shape[0]):
        y_view[i] = 1
