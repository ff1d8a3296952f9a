import argparse

import pykokkos as pk


@pk.functor
class Workload:
    def __init__(self, N: int, M: int):
        self.N: int = N
        self.M: int = M

        self.y: pk.View1D[pk.double] = pk.View([N], pk.double)
        self.x: pk.View1D[pk.double] = pk.View([M], pk.double)
        self.A: pk.View2D[pk.double] = pk.View([N, M], pk.double)

        for i in range(N):
            self.y[i] = 1
        for i in range(M):
            self.x[i] = 1
        for j in range(N):
            for i in range(M):
                self.A[j][i] = 1

    @pk.workunit
    def yAx(self, j: int, acc: pk.Acc[float]):
        temp2: float = 0
        for i in range(self.M):
            temp2 += self.A[j][i] * self.x[i]

        acc += self.y[j] * temp2


def run() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-N", type=int, default=64)
    parser.add_argument("-M", type=int, default=32)
    parser.add_argument("-nrepeat", type=int, default=10)
    args = parser.parse_args()
    N, M, nrepeat = args.N, args.M, args.nrepeat

    w = Workload(N, M)
    p = pk.RangePolicy(pk.get_default_space(), 0, N)

    timer = pk.Timer()
    for i in range(nrepeat):
        result = pk.parallel_reduce(p, w.yAx)
    timer_result = timer.seconds()

    print(f"Computed result for {N} x {M} is {result}")
    if result != N * M:
        raise SystemExit(1)
    print(f"N({N}) M({M}) nrepeat({nrepeat}) time({timer_result})")


if __name__ == "__main__":
    run()
