import argparse

import pykokkos as pk


@pk.workunit
def y_init(i: int, y: pk.View1D[pk.double]):
    y[i] = 1


@pk.workunit
def x_init(i: int, x: pk.View1D[pk.double]):
    x[i] = 1


@pk.workunit
def matrix_init(j: int, M: int, A: pk.View2D[pk.double]):
    for i in range(M):
        A[j][i] = 1


@pk.workunit
def yAx(j: int, acc: pk.Acc[float], M: int, y: pk.View1D[pk.double], x: pk.View1D[pk.double],
        A: pk.View2D[pk.double]):
    temp2: float = 0
    for i in range(M):
        temp2 += A[j][i] * x[i]

    acc += y[j] * temp2


def run() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-N", type=int, default=64)
    parser.add_argument("-M", type=int, default=32)
    parser.add_argument("-nrepeat", type=int, default=10)
    args = parser.parse_args()
    N, M, nrepeat = args.N, args.M, args.nrepeat

    y = pk.View([N], pk.double)
    x = pk.View([M], pk.double)
    A = pk.View([N, M], pk.double)

    p = pk.RangePolicy(pk.get_default_space(), 0, N)
    pk.parallel_for(p, y_init, y=y)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, M), x_init, x=x)
    pk.parallel_for(p, matrix_init, M=M, A=A)

    timer = pk.Timer()
    for i in range(nrepeat):
        result = pk.parallel_reduce(p, yAx, M=M, y=y, x=x, A=A)
    timer_result = timer.seconds()

    print(f"Computed result for {N} x {M} is {result}")
    solution = N * M
    if result != solution:
        pk.printf("Error: result (%lf) != solution (%lf)\n", result, solution)
        raise SystemExit(1)
    print(f"N({N}) M({M}) nrepeat({nrepeat}) time({timer_result})")


if __name__ == "__main__":
    run()
