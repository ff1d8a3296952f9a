import argparse

import pykokkos as pk


@pk.workunit
def yAx(j: int, acc: pk.Acc[float], M: int, y: pk.View1D[pk.double], x: pk.View1D[pk.double],
        A: pk.View2D[pk.double]):
    A_row_j = A[j, :]
    temp2: float = 0
    for i in range(M):
        temp2 += A_row_j[i] * x[i]

    acc += y[j] * temp2


def run() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-N", type=int, default=64)
    parser.add_argument("-M", type=int, default=32)
    args = parser.parse_args()
    N, M = args.N, args.M
    y = pk.View([N], pk.double)
    x = pk.View([M], pk.double)
    A = pk.View([N, M], pk.double)
    y.fill(1)
    x.fill(1)
    A.fill(1)
    result = pk.parallel_reduce(N, yAx, M=M, y=y, x=x, A=A)
    print(f"Computed result for {N} x {M} is {result}")
    if result != N * M:
        raise SystemExit(1)


if __name__ == "__main__":
    run()
