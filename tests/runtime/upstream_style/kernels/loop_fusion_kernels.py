import sys

import pykokkos as pk


@pk.workunit
def nested_loops(tid: int, N: int, M: int):
    for i in range(N):
        pk.printf("%d %d\n", tid, i)
    for j in range(M):
        pk.printf("%d %d\n", tid, j + N)


@pk.workunit
def loops_with_condition(tid: int, N: int, M: int):
    for i in range(N):
        if i % 2 == 0:
            pk.printf("%d even %d\n", tid, i)
    for j in range(M):
        if j % 2 == 1:
            pk.printf("%d odd %d\n", tid, j)


def main():
    N = int(sys.argv[1])
    M = int(sys.argv[2])
    pk.set_default_space(pk.ExecutionSpace.Serial)
    pk.parallel_for(1, nested_loops, N=N, M=M)
    pk.parallel_for(1, loops_with_condition, N=N, M=M)


if __name__ == "__main__":
    main()
