"""A @pk.function without annotations breaks every workunit of its file
upstream (all functions are copied into every functor)."""
import pykokkos as pk


@pk.function
def helper(x) -> float:  # reject: unannotated parameter 'x' of @pk.function 'helper'
    return x


@pk.workunit
def innocent(i, a):
    a[i] = 1.0
