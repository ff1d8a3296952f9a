import argparse

import pykokkos as pk


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
    parser.add_argument("-space", type=str)
    args = parser.parse_args()
    N, M, nrepeat = args.N, args.M, args.nrepeat
    if args.space:
        pk.set_default_space(pk.ExecutionSpace(args.space))

    y = pk.View([N], pk.double)
    x = pk.View([M], pk.double)
    A = pk.View([N, M], pk.double)

    for i in range(N):
        y[i] = 1
    for i in range(M):
        x[i] = 1
    for j in range(N):
        for i in range(M):
            A[j][i] = 1

    timer = pk.Timer()
    for i in range(nrepeat):
        result = pk.parallel_reduce("01", N, yAx, M=M, y=y, x=x, A=A)
    timer_result = timer.seconds()

    print(f"Computed result for {N} x {M} is {result}")
    solution = N * M
    if result != solution:
        pk.printf("Error: result (%lf) != solution (%lf)\n", result, solution)
        raise SystemExit(1)

    Gbytes = 1.0e-9 * 8 * (2 * M * N + N)
    print(f"N({N}) M({M}) nrepeat({nrepeat}) problem({Gbytes * 1000} MB) time({timer_result}) "
          f"bandwidth({Gbytes * nrepeat / timer_result} GB/s)")


if __name__ == "__main__":
    run()
