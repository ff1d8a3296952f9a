import argparse

import pykokkos as pk


@pk.workload
class Workload:
    def __init__(self, N: int, M: int, nrepeat: int):
        self.N: int = N
        self.M: int = M
        self.nrepeat: int = nrepeat
        self.y: pk.View1D[pk.double] = pk.View([N], pk.double)
        self.x: pk.View1D[pk.double] = pk.View([M], pk.double)
        self.A: pk.View2D[pk.double] = pk.View([N, M], pk.double)

        self.result: float = 0
        self.timer_result: float = 0

    @pk.main
    def run(self):
        pk.parallel_for(self.N, self.y_init)
        pk.parallel_for(self.M, self.x_init)
        pk.parallel_for(self.N, self.matrix_init)

        timer = pk.Timer()
        for i in range(self.nrepeat):
            self.result = pk.parallel_reduce("02", self.N, self.yAx)

        self.timer_result = timer.seconds()

    @pk.callback
    def results(self):
        print(f"Computed result for {self.N} x {self.M} is {self.result}")
        solution: float = self.N * self.M
        if self.result != solution:
            pk.printf("Error: result (%lf) != solution (%lf)\n", self.result, solution)
            raise SystemExit(1)
        print(f"N({self.N}) M({self.M}) nrepeat({self.nrepeat}) time({self.timer_result})")

    @pk.workunit
    def y_init(self, i: int):
        self.y[i] = 1

    @pk.workunit
    def x_init(self, i: int):
        self.x[i] = 1

    @pk.workunit
    def matrix_init(self, j: int):
        for i in range(self.M):
            self.A[j][i] = 1

    @pk.workunit
    def yAx(self, j: int, acc: pk.Acc[float]):
        temp2: float = 0
        for i in range(self.M):
            temp2 += self.A[j][i] * self.x[i]

        acc += self.y[j] * temp2


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("-N", type=int, default=64)
    parser.add_argument("-M", type=int, default=32)
    parser.add_argument("-nrepeat", type=int, default=10)
    args = parser.parse_args()
    pk.execute(pk.ExecutionSpace.Default, Workload(args.N, args.M, args.nrepeat))
