import argparse
import random

import pykokkos as pk


@pk.workunit
def init_data(i: int, data: pk.View1D[pk.int64]):
    data[i] = 10101010101


@pk.workunit
def run_gups(i: int, data: pk.View1D[pk.int64], indices: pk.View1D[pk.int64], datum: pk.int64):
    data[indices[i]] ^= datum


@pk.workunit
def run_gups_atomic(i: int, data: pk.View1D[pk.int64], indices: pk.View1D[pk.int64], datum: pk.int64):
    pk.atomic_fetch_xor(data, [indices[i]], datum)


def run() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-i", "--indices", type=int, default=1 << 10)
    parser.add_argument("-d", "--data", type=int, default=1 << 8)
    parser.add_argument("-a", "--atomics", action="store_true")
    parser.add_argument("-r", "--repeats", type=int, default=3)
    args = parser.parse_args()
    indicesCount, dataCount, repeats = args.indices, args.data, args.repeats

    data = pk.View([dataCount], pk.int64)
    indices = pk.View([indicesCount], pk.int64)
    random.seed(42)
    for i in range(indicesCount):
        indices[i] = random.randrange(dataCount)
    datum: pk.int64 = -1

    pk.parallel_for(dataCount, init_data, data=data)
    timer = pk.Timer()
    for k in range(repeats):
        if args.atomics:
            pk.parallel_for(indicesCount, run_gups_atomic, data=data, indices=indices, datum=datum)
        else:
            pk.parallel_for(pk.RangePolicy(pk.Serial, 0, indicesCount), run_gups, data=data,
                            indices=indices, datum=datum)
    gupsTime = timer.seconds()

    counts = [0] * dataCount
    for i in range(indicesCount):
        counts[int(indices[i])] += 1
    for j in range(dataCount):
        expected = 10101010101 ^ (-1 if (counts[j] * repeats) % 2 else 0)
        if data[j] != expected:
            print(f"wrong value at {j}: {data[j]} != {expected}")
            raise SystemExit(1)
    print(f"GUP/s Random: {1.0e-9 * repeats * indicesCount / gupsTime}")


if __name__ == "__main__":
    run()
