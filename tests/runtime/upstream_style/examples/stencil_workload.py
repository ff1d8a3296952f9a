import argparse

import pykokkos as pk


@pk.workload
class Stencil:
    def __init__(self, iterations: int, n: int, radius: int):
        self.iterations: int = iterations
        self.n: int = n
        self.r: int = radius
        self.W: pk.View2D[pk.double] = pk.View([2 * radius + 1, 2 * radius + 1], pk.double)
        self.A: pk.View2D[pk.double] = pk.View([n, n], pk.double)
        self.B: pk.View2D[pk.double] = pk.View([n, n], pk.double)
        self.norm: float = 0
        for i in range(1, radius + 1):
            self.W[radius][radius + i] = 1.0 / (2.0 * i * radius)
            self.W[radius + i][radius] = 1.0 / (2.0 * i * radius)
            self.W[radius][radius - i] = -1.0 / (2.0 * i * radius)
            self.W[radius - i][radius] = -1.0 / (2.0 * i * radius)

    @pk.main
    def run(self):
        pk.parallel_for(pk.MDRangePolicy([0, 0], [self.n, self.n]), self.init)
        for k in range(self.iterations + 1):
            pk.parallel_for(pk.MDRangePolicy([self.r, self.r], [self.n - self.r, self.n - self.r]), self.star)
            pk.parallel_for(pk.MDRangePolicy([0, 0], [self.n, self.n]), self.increment)
        active: int = (self.n - 2 * self.r) * (self.n - 2 * self.r)
        self.norm = pk.parallel_reduce(pk.MDRangePolicy([self.r, self.r], [self.n - self.r, self.n - self.r]),
                                       self.norm_reduce) / active

    @pk.callback
    def results(self):
        reference_norm: float = 2 * (self.iterations + 1)
        if abs(self.norm - reference_norm) > 1.0e-8:
            print(f"ERROR: L1 norm = {self.norm} Reference L1 norm = {reference_norm}")
            raise SystemExit(1)
        print("Solution validates")

    @pk.workunit
    def init(self, i: int, j: int):
        self.A[i][j] = i + j
        self.B[i][j] = 0

    @pk.workunit
    def star(self, i: int, j: int):
        for jj in range(-self.r, self.r + 1):
            self.B[i][j] += self.W[self.r][self.r + jj] * self.A[i][j + jj]
        for ii in range(-self.r, 0):
            self.B[i][j] += self.W[self.r + ii][self.r] * self.A[i + ii][j]
        for ii in range(1, self.r + 1):
            self.B[i][j] += self.W[self.r + ii][self.r] * self.A[i + ii][j]

    @pk.workunit
    def increment(self, i: int, j: int):
        self.A[i][j] += 1.0

    @pk.workunit
    def norm_reduce(self, i: int, j: int, acc: pk.Acc[pk.double]):
        acc += abs(self.B[i][j])


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("iterations", type=int, nargs="?", default=3)
    parser.add_argument("n", type=int, nargs="?", default=32)
    parser.add_argument("radius", type=int, nargs="?", default=2)
    args = parser.parse_args()
    pk.execute(pk.ExecutionSpace.Default, Stencil(args.iterations, args.n, args.radius))
