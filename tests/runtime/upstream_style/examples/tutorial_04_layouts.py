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
    parser.add_argument("-nrepeat", type=int, default=5)
    parser.add_argument("--layout", type=str, default="LayoutLeft")
    args = parser.parse_args()
    N, M, nrepeat = args.N, args.M, args.nrepeat
    layout = pk.Layout.LayoutLeft if args.layout == "LayoutLeft" else pk.Layout.LayoutRight

    y = pk.View([N], pk.double, space=pk.MemorySpace.HostSpace)
    x = pk.View([M], pk.double, space=pk.MemorySpace.HostSpace)
    A = pk.View([N, M], pk.double, space=pk.MemorySpace.HostSpace, layout=layout)
    y.fill(1)
    x.fill(1)
    A.fill(1)

    timer = pk.Timer()
    for i in range(nrepeat):
        result = pk.parallel_reduce(pk.RangePolicy(pk.ExecutionSpace.Default, 0, N), yAx, M=M, y=y, x=x, A=A)
    timer_result = timer.seconds()
    print(f"Computed result for {N} x {M} is {result}")
    if result != N * M:
        raise SystemExit(1)
    print(f"N({N}) M({M}) nrepeat({nrepeat}) time({timer_result})")


if __name__ == "__main__":
    run()
