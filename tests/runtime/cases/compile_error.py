"""Valid dialect that the C++ compiler refuses: the thread index is const."""
import pykokkos as pk


@pk.workunit
def writes_index(i, a):
    i = 3  # the C++ error points here
    a[i] = 1.0
