# caramba-options: --caller-style thesis --space Serial
# The thesis's spelling: the workunit keeps the name, the caller is call_<name>.
import pykokkos as pk


@pk.workunit
def y_init(tid, y_view):
    i: pk.int64 = tid
    y_view[i] = 1


def call_y_init(y_view):
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, y_view.shape[0]), y_init,
        y_view=pk.array(y_view.view("uint8") if y_view.dtype == bool else y_view))
