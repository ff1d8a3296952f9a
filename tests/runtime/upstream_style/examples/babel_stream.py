import argparse

import pykokkos as pk


@pk.workunit
def init_arrays(i: int, a: pk.View1D[pk.double], b: pk.View1D[pk.double], c: pk.View1D[pk.double],
                initA: float, initB: float, initC: float):
    a[i] = initA
    b[i] = initB
    c[i] = initC


@pk.workunit
def copy(i: int, a: pk.View1D[pk.double], c: pk.View1D[pk.double]):
    c[i] = a[i]


@pk.workunit
def mul(i: int, b: pk.View1D[pk.double], c: pk.View1D[pk.double], scalar: float):
    b[i] = scalar * c[i]


@pk.workunit
def add(i: int, a: pk.View1D[pk.double], b: pk.View1D[pk.double], c: pk.View1D[pk.double]):
    c[i] = a[i] + b[i]


@pk.workunit
def triad(i: int, a: pk.View1D[pk.double], b: pk.View1D[pk.double], c: pk.View1D[pk.double], scalar: float):
    a[i] = b[i] + scalar * c[i]


@pk.workunit
def dot(i: int, acc: pk.Acc[pk.double], a: pk.View1D[pk.double], b: pk.View1D[pk.double]):
    acc += a[i] * b[i]


def run() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", "--numtimes", type=int, default=3)
    parser.add_argument("-a", "--arraysize", type=int, default=1024)
    args = parser.parse_args()
    num_times, array_size = args.numtimes, args.arraysize
    startA, startB, startC, startScalar = 0.1, 0.2, 0.0, 0.4

    a = pk.View([array_size], pk.double)
    b = pk.View([array_size], pk.double)
    c = pk.View([array_size], pk.double)
    p = pk.RangePolicy(pk.get_default_space(), 0, array_size)
    pk.parallel_for(p, init_arrays, a=a, b=b, c=c, initA=startA, initB=startB, initC=startC)

    for k in range(num_times):
        pk.parallel_for(p, copy, a=a, c=c)
        pk.parallel_for(p, mul, b=b, c=c, scalar=startScalar)
        pk.parallel_for(p, add, a=a, b=b, c=c)
        pk.parallel_for(p, triad, a=a, b=b, c=c, scalar=startScalar)
        sum_ = pk.parallel_reduce(p, dot, a=a, b=b)

    goldA, goldB, goldC = startA, startB, startC
    for k in range(num_times):
        goldC = goldA
        goldB = startScalar * goldC
        goldC = goldA + goldB
        goldA = goldB + startScalar * goldC
    goldSum = goldA * goldB * array_size
    for name, view, gold in (("a", a, goldA), ("b", b, goldB), ("c", c, goldC)):
        err = sum(abs(float(v) - gold) for v in view) / array_size
        if err > 1.0e-8:
            print(f"Validation failed on {name}[]. Average error {err}")
            raise SystemExit(1)
    if abs((sum_ - goldSum) / goldSum) > 1.0e-8:
        print(f"Validation failed on sum. Error {abs((sum_ - goldSum) / goldSum)}")
        raise SystemExit(1)
    print("Validation passed")


if __name__ == "__main__":
    run()
