import argparse

import pykokkos as pk


@pk.workunit
def yAx(team_member: pk.TeamMember, acc: pk.Acc[float], E: int, N: int, M: int,
        y: pk.View2D[pk.double], x: pk.View2D[pk.double], A: pk.View3D[pk.double]):
    e: int = team_member.league_rank()

    def team_reduce(j: int, team_acc: pk.Acc[float]):
        def vector_reduce(i: int, vector_acc: pk.Acc[float]):
            vector_acc += A[e][j][i] * x[e][i]

        tempM: float = pk.parallel_reduce(pk.ThreadVectorRange(team_member, M), vector_reduce)
        team_acc += y[e][j] * tempM

    tempN: float = pk.parallel_reduce(pk.TeamThreadRange(team_member, N), team_reduce)

    def single_closure():
        nonlocal acc
        acc += tempN

    pk.single(pk.PerTeam(team_member), single_closure)


def run() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-E", type=int, default=8)
    parser.add_argument("-N", type=int, default=16)
    parser.add_argument("-M", type=int, default=16)
    parser.add_argument("-nrepeat", type=int, default=5)
    args = parser.parse_args()
    E, N, M, nrepeat = args.E, args.N, args.M, args.nrepeat

    y = pk.View([E, N], pk.double)
    x = pk.View([E, M], pk.double)
    A = pk.View([E, N, M], pk.double)
    y.fill(1)
    x.fill(1)
    A.fill(1)

    policy = pk.TeamPolicy(E, pk.AUTO, 32)
    timer = pk.Timer()
    for i in range(nrepeat):
        result = pk.parallel_reduce(policy, yAx, E=E, N=N, M=M, y=y, x=x, A=A)
    timer_result = timer.seconds()
    print(f"Computed result for {E} x {N} x {M} is {result}")
    if result != E * N * M:
        raise SystemExit(1)
    print(f"E({E}) N({N}) M({M}) nrepeat({nrepeat}) time({timer_result})")


if __name__ == "__main__":
    run()
