import argparse

import pykokkos as pk


@pk.workunit
def yAx(team_member: pk.TeamMember, acc: pk.Acc[float], M: int, y: pk.View1D[pk.double],
        x: pk.View1D[pk.double], A: pk.View2D[pk.double]):
    j: int = team_member.league_rank()

    def inner_reduce(i: int, inner_acc: pk.Acc[float]):
        inner_acc += A[j][i] * x[i]

    temp2: float = pk.parallel_reduce(pk.TeamThreadRange(team_member, M), inner_reduce)

    if team_member.team_rank() == 0:
        acc += y[j] * temp2


def run() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-N", type=int, default=64)
    parser.add_argument("-M", type=int, default=32)
    parser.add_argument("-nrepeat", type=int, default=10)
    args = parser.parse_args()
    N, M, nrepeat = args.N, args.M, args.nrepeat

    y: pk.View1D = pk.View([N], pk.double)
    x: pk.View1D = pk.View([M], pk.double)
    A: pk.View2D = pk.View([N, M], pk.double)
    y.fill(1)
    x.fill(1)
    A.fill(1)

    policy = pk.TeamPolicy(N, pk.AUTO)
    timer = pk.Timer()
    for i in range(nrepeat):
        result = pk.parallel_reduce(policy, yAx, M=M, y=y, x=x, A=A)
    timer_result = timer.seconds()

    print(f"Computed result for {N} x {M} is {result}")
    if result != N * M:
        raise SystemExit(1)
    print(f"N({N}) M({M}) nrepeat({nrepeat}) time({timer_result})")


if __name__ == "__main__":
    run()
