import argparse
import random

import pykokkos as pk


@pk.workunit
def benchmark(team: pk.TeamMember, S: int, F: int, K: int, D: int, connectivity: pk.View2D[pk.int32],
              A: pk.View2D[pk.double], B: pk.View2D[pk.double], C: pk.View2D[pk.double]):
    i: int = team.league_rank() * team.team_size() + team.team_rank()
    if i >= C.extent(0):
        return
    for jj in range(K):
        j: int = connectivity[i][jj]
        a1: float = A[j][0]
        b: float = B[i][0]
        a2: float = a1 * 1.3
        a3: float = a2 * 1.1
        for f in range(F):
            a1 += b * a1
            a2 += b * a2
            a3 += b * a3
        C[i][0] += a1 + a2 + a3


def run() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("S", type=int, nargs="?", default=64)
    parser.add_argument("N", type=int, nargs="?", default=64)
    parser.add_argument("K", type=int, nargs="?", default=4)
    parser.add_argument("D", type=int, nargs="?", default=1)
    parser.add_argument("R", type=int, nargs="?", default=2)
    parser.add_argument("U", type=int, nargs="?", default=1)
    parser.add_argument("F", type=int, nargs="?", default=2)
    args = parser.parse_args()
    S, N, K, D, R, F = args.S, args.N, args.K, args.D, args.R, args.F

    connectivity = pk.View([N, K], pk.int32)
    A = pk.View([S, 1], pk.double)
    B = pk.View([N, 1], pk.double)
    C = pk.View([N, 1], pk.double)
    A.fill(1.5)
    B.fill(0.5)
    random.seed(3)
    for i in range(N):
        for jj in range(K):
            connectivity[i][jj] = (random.randrange(S) + i) % S

    team_size = 1
    policy = pk.TeamPolicy(pk.get_default_space(), (N + team_size - 1) // team_size, team_size)
    timer = pk.Timer()
    for r in range(R):
        pk.parallel_for(policy, benchmark, S=S, F=F, K=K, D=D, connectivity=connectivity, A=A, B=B, C=C)
    seconds = timer.seconds()

    a = [1.5, 1.5 * 1.3, 1.5 * 1.3 * 1.1]
    for f in range(F):
        a = [x + 0.5 * x for x in a]
    expected = R * K * sum(a)
    for i in range(N):
        if abs(C[i][0] - expected) > 1e-9 * expected:
            raise SystemExit(1)
    print(f"SNKDRUF: {S} {N} {K} {D} {R} {F} Time: {seconds}")


if __name__ == "__main__":
    run()
