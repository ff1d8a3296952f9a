import argparse

import pykokkos as pk


@pk.workload
class Transpose:
    def __init__(self, iterations: int, order: int, tile_size: int):
        self.iterations: int = iterations
        self.order: int = order
        self.tile_size: int = tile_size
        self.A: pk.View2D[pk.double] = pk.View([order, order], pk.double)
        self.B: pk.View2D[pk.double] = pk.View([order, order], pk.double)
        self.abserr: float = 0
        self.transpose_time: float = 0
        self.addit: float = (iterations) * (0.5 * (iterations - 1))

    @pk.main
    def run(self):
        pk.parallel_for(pk.MDRangePolicy([0, 0], [self.order, self.order], [self.tile_size, self.tile_size]),
                        self.init)
        timer = pk.Timer()
        for i in range(self.iterations):
            pk.parallel_for(pk.MDRangePolicy([0, 0], [self.order, self.order],
                                             [self.tile_size, self.tile_size]), self.transpose)
        self.transpose_time = timer.seconds()
        self.abserr = pk.parallel_reduce(pk.MDRangePolicy([0, 0], [self.order, self.order]), self.abserr_reduce)

    @pk.callback
    def results(self):
        epsilon: float = 1.0e-8
        if self.abserr > epsilon:
            print(f"ERROR: Aggregate squared error {self.abserr} exceeds threshold {epsilon}")
            raise SystemExit(1)
        print(f"Solution validates; Rate (MB/s): {1.0e-6 * 2 * self.order * self.order * 8 / (self.transpose_time / self.iterations)}")

    @pk.workunit
    def init(self, i: int, j: int):
        self.A[i][j] = i * self.order + j
        self.B[i][j] = 0

    @pk.workunit
    def transpose(self, i: int, j: int):
        self.B[i][j] += self.A[j][i]
        self.A[j][i] += 1

    @pk.workunit
    def abserr_reduce(self, i: int, j: int, acc: pk.Acc[pk.double]):
        ij: int = i * self.order + j
        reference: float = ij * self.iterations + self.addit
        acc += abs(self.B[j][i] - reference)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("iterations", type=int, nargs="?", default=4)
    parser.add_argument("order", type=int, nargs="?", default=64)
    parser.add_argument("tile_size", type=int, nargs="?", default=8)
    args = parser.parse_args()
    pk.execute(pk.ExecutionSpace.Default, Transpose(args.iterations, args.order, args.tile_size))
