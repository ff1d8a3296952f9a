import numpy as np

import pykokkos as pk


@pk.workunit
def map_test(i, out, a):
    out[i] = a[i] + 10


@pk.workunit
def zip_test(i, out, a, b):
    out[i] = a[i] + b[i]


@pk.workunit
def guard_test(i, out, a, size):
    if i < size:
        out[i] = a[i] + 10


@pk.workunit
def map2d_test(i, out, a, size):
    for j in range(size):
        out[i][j] = a[i][j] + 10


@pk.workunit
def broadcast_test(i, out, a, b, size):
    for j in range(size):
        out[i][j] = a[i][0] + b[0][j]


def run() -> None:
    size = 4
    out = np.zeros((size,), dtype=np.int64)
    a = np.arange(size, dtype=np.int64)
    pk.parallel_for(size, map_test, out=out, a=a)
    assert (out == a + 10).all()
    b = np.arange(size, dtype=np.int64)
    pk.parallel_for(size, zip_test, out=out, a=a, b=b)
    assert (out == a + b).all()
    out = np.zeros((size,), dtype=np.int64)
    pk.parallel_for(8, guard_test, out=out, a=a, size=size) if False else \
        pk.parallel_for(size, guard_test, out=out, a=a, size=size)
    assert (out == a + 10).all()
    a2 = np.arange(size * size, dtype=np.int64).reshape(size, size)
    out2 = np.zeros((size, size), dtype=np.int64)
    pk.parallel_for(size, map2d_test, out=out2, a=a2, size=size)
    assert (out2 == a2 + 10).all()
    col = np.arange(size, dtype=np.int64).reshape(size, 1)
    row = np.arange(size, dtype=np.int64).reshape(1, size)
    pk.parallel_for(size, broadcast_test, out=out2, a=col, b=row, size=size)
    assert (out2 == col + row).all()
    print(out2)


if __name__ == "__main__":
    run()
