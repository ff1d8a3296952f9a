import argparse

import pykokkos as pk


@pk.workunit
def init(i: int, A: pk.View1D[pk.double], B: pk.View1D[pk.double], C: pk.View1D[pk.double]):
    A[i] = 0.0
    B[i] = 2.0
    C[i] = 2.0


@pk.workunit
def nstream(i: int, A: pk.View1D[pk.double], B: pk.View1D[pk.double], C: pk.View1D[pk.double], scalar: float):
    A[i] += B[i] + scalar * C[i]


@pk.workunit
def res_reduce(i: int, acc: pk.Acc[pk.double], A: pk.View1D[pk.double]):
    acc += abs(A[i])


def run() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("iterations", type=int, nargs="?", default=10)
    parser.add_argument("length", type=int, nargs="?", default=1000)
    args = parser.parse_args()
    iterations, length = args.iterations, args.length
    scalar: float = 3

    A = pk.View([length], pk.double)
    B = pk.View([length], pk.double)
    C = pk.View([length], pk.double)
    p = pk.RangePolicy(pk.get_default_space(), 0, length)
    pk.parallel_for(p, init, A=A, B=B, C=C)
    pk.fence()

    timer = pk.Timer()
    for i in range(iterations):
        pk.parallel_for(p, nstream, A=A, B=B, C=C, scalar=scalar)
    pk.fence()
    nstream_time = timer.seconds()

    ar: float = 0
    br: float = 2
    cr: float = 2
    for i in range(iterations):
        ar += br + scalar * cr
    ar *= length

    asum = pk.parallel_reduce(p, res_reduce, A=A)
    pk.fence()
    epsilon: float = 1.0e-8
    if abs(ar - asum) / asum > epsilon:
        pk.printf("ERROR: Failed Validation on output array\n")
        raise SystemExit(1)
    print("Solution validates")
    avgtime: float = nstream_time / iterations
    nbytes: float = 4.0 * length * 8
    print(f"Rate (MB/s): {1.e-6 * nbytes / avgtime} Avg time (s): {avgtime}")


if __name__ == "__main__":
    run()
