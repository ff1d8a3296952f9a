import math

import pykokkos as pk


@pk.workunit
def check_for_prime(i: int, data: pk.View1D[pk.int32], result: pk.View1D[pk.int32],
                    count: pk.View1D[pk.int32]):
    number: int = data[i]
    upper_bound: int = int(math.sqrt(1.0 * number) + 1)
    is_prime: bool = not (number % 2 == 0)
    k: int = 3
    idx: int = 0

    while k < upper_bound and is_prime:
        is_prime = not (number % k == 0)
        k += 2

    if is_prime:
        idx = pk.atomic_fetch_add(count, [0], 1)
        result[idx] = number


def run() -> None:
    n: int = 1000
    data = pk.View([n], pk.int32)
    result = pk.View([n], pk.int32)
    count = pk.View([1], pk.int32)
    for i in range(n):
        data[i] = i + 3
    pk.parallel_for(n, check_for_prime, data=data, result=result, count=count)
    found = sorted(int(result[i]) for i in range(int(count[0])))
    primes = [p for p in range(3, n + 3) if all(p % d for d in range(2, int(p ** 0.5) + 1))]
    print(f"Found {count[0]} prime numbers in {n} integers")
    assert found == primes


if __name__ == "__main__":
    run()
