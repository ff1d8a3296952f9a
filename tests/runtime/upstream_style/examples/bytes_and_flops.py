import argparse

import pykokkos as pk


@pk.workunit
def benchmark(team: pk.TeamMember, A: pk.View3D[pk.double], B: pk.View3D[pk.double], C: pk.View3D[pk.double],
              R: int, F: int, K: int):
    n: int = team.league_rank()
    for r in range(R):
        def team_for(i: int):
            a1: float = A[n][i][0]
            b: float = B[n][i][0]
            a2: float = a1 * 1.3
            a3: float = a2 * 1.1
            a4: float = a3 * 1.1
            a5: float = a4 * 1.3
            a6: float = a5 * 1.1
            a7: float = a6 * 1.1
            a8: float = a7 * 1.1

            for f in range(F):
                a1 += b * a1
                a2 += b * a2
                a3 += b * a3
                a4 += b * a4
                a5 += b * a5
                a6 += b * a6
                a7 += b * a7
                a8 += b * a8

            C[n][i][0] = a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8

        pk.parallel_for(pk.TeamThreadRange(team, K), team_for)


def run() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("P", type=int, nargs="?", default=1)
    parser.add_argument("N", type=int, nargs="?", default=16)
    parser.add_argument("K", type=int, nargs="?", default=8)
    parser.add_argument("R", type=int, nargs="?", default=2)
    parser.add_argument("F", type=int, nargs="?", default=4)
    parser.add_argument("T", type=int, nargs="?", default=1)
    args = parser.parse_args()
    N, K, R, F, T = args.N, args.K, args.R, args.F, args.T

    A = pk.View([N, K, 1], pk.double)
    B = pk.View([N, K, 1], pk.double)
    C = pk.View([N, K, 1], pk.double)
    A.fill(1.5)
    B.fill(2.5)

    policy = pk.TeamPolicy(N, T)
    timer = pk.Timer()
    pk.parallel_for(policy, benchmark, A=A, B=B, C=C, R=R, F=F, K=K)
    seconds = timer.seconds()

    a1, b = 1.5, 2.5
    a = [a1, a1 * 1.3]
    for m in (1.1, 1.1, 1.3, 1.1, 1.1, 1.1):
        a.append(a[-1] * m)
    for f in range(F):
        a = [x + b * x for x in a]
    expected = sum(a)
    for n in range(N):
        for i in range(K):
            if abs(C[n][i][0] - expected) > 1e-9 * abs(expected):
                raise SystemExit(1)
    num_bytes = 1.0 * N * K * R * 3 * 8
    flops = 1.0 * N * K * R * (F * 2 * 8 + 2 * 8)
    print(f"NKRF: {N} {K} {R} {F} Time: {seconds} Bandwidth: {num_bytes / seconds / 1e9} GFlop/s: "
          f"{flops / seconds / 1e9}")


if __name__ == "__main__":
    run()
