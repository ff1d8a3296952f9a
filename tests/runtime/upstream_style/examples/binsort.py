import random

import pykokkos as pk


@pk.workunit
def init_keys(i: int, keys: pk.View1D[pk.int32], values: pk.View1D[pk.double], seed: int):
    keys[i] = (i * 7919 + seed) % 100
    values[i] = keys[i] * 0.5


def main():
    N = 1000
    keys = pk.View([N], pk.int32)
    values = pk.View([N], pk.double)
    pk.parallel_for(N, init_keys, keys=keys, values=values, seed=random.randrange(100))

    bin_op = pk.BinOp1D(keys, N // 10, 0, 100)
    bin_sort = pk.BinSort(keys, bin_op)
    bin_sort.create_permute_vector()
    permute_vector = bin_sort.get_permute_vector()
    bin_offsets = bin_sort.get_bin_offsets()
    bin_count = bin_sort.get_bin_count()
    bin_sort.sort(keys)
    bin_sort.sort(values)

    print(f"bins: {len(bin_count)}, first offsets: {list(bin_offsets)[:5]}")
    assert sum(int(c) for c in bin_count) == N
    assert sorted(int(p) for p in permute_vector) == list(range(N))
    k = [int(x) for x in keys]
    assert k == sorted(k)
    assert all(float(values[i]) == k[i] * 0.5 for i in range(N))


if __name__ == "__main__":
    main()
