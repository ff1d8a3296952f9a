"""Hierarchical parallelism (upstream's tests/test_hierarchical.py and its
kokkos-tutorials team_policy / team_vector_loop examples): TeamPolicy
workunits with pk.TeamMember, nested TeamThreadRange / ThreadVectorRange
dispatches, pk.single, team_barrier, pk.AUTO and scratch views. Every case
runs on Serial and OpenMP (the `space` fixture)."""
import numpy as np
import pytest

import pykokkos as pk


@pk.workunit
def yAx(team_member: pk.TeamMember, acc: pk.Acc[pk.double], M: int, y, x, A):
    j: int = team_member.league_rank()

    def inner_reduce(i: int, inner_acc: pk.Acc[pk.double]):
        inner_acc += A[j][i] * x[i]

    temp2: float = pk.parallel_reduce(pk.TeamThreadRange(team_member, M), inner_reduce)

    if team_member.team_rank() == 0:
        acc += y[j] * temp2


@pk.workunit
def team_shape(team: pk.TeamMember, ranks: pk.View2D[pk.int32], sizes: pk.View1D[pk.int32]):
    lr: int = team.league_rank()
    ranks[lr][team.team_rank()] = team.team_rank() + 1

    def record():
        sizes[lr] = team.team_size() * 1000 + team.league_size()

    pk.single(pk.PerTeam(team), record)


@pk.workunit
def nested_for(team: pk.TeamMember, n: int, out: pk.View2D[pk.double]):
    row: int = team.league_rank()

    def fill(k: int):
        out[row][k] = row * 100 + k

    pk.parallel_for(pk.TeamThreadRange(team, n), fill)


@pk.functor
class TeamVectorLoop:
    """upstream's test_hierarchical yAx: team, thread and vector levels."""

    def __init__(self, E: int, N: int, M: int):
        self.E: int = E
        self.N: int = N
        self.M: int = M
        self.y: pk.View2D[pk.double] = pk.View([E, N], pk.double)
        self.x: pk.View1D[pk.double] = pk.View([M], pk.double)
        self.A: pk.View3D[pk.double] = pk.View([E, N, M], pk.double)
        self.y.fill(1)
        self.x.fill(1)
        self.A.fill(1)

    @pk.workunit
    def yAx(self, team_member: pk.TeamMember, acc: pk.Acc[pk.double]):
        e: int = team_member.league_rank()

        def team_reduce(j: int, team_acc: pk.Acc[pk.double]):
            def vector_reduce(i: int, vector_acc: pk.Acc[pk.double]):
                vector_acc += self.A[e][j][i] * self.x[i]

            tempM: float = pk.parallel_reduce(pk.ThreadVectorRange(team_member, self.M), vector_reduce)
            team_acc += self.y[e][j] * tempM

        tempN: float = pk.parallel_reduce(pk.TeamThreadRange(team_member, self.N), team_reduce)

        def single_closure():
            acc += tempN

        pk.single(pk.PerTeam(team_member), single_closure)


@pk.workunit
def scratch_reverse(team: pk.TeamMember, n: int, src: pk.View2D[pk.double], dst: pk.View2D[pk.double]):
    row: int = team.league_rank()
    tile: pk.ScratchView1D[pk.double] = pk.ScratchView1D(team.team_scratch(0), n)

    def load(k: int):
        tile[k] = src[row][k]

    pk.parallel_for(pk.TeamThreadRange(team, n), load)
    team.team_barrier()

    def store(k: int):
        dst[row][k] = tile[n - 1 - k]

    pk.parallel_for(pk.TeamThreadRange(team, n), store)


def test_team_reduce_yAx(space):
    N, M = 12, 7
    y = np.arange(N, dtype=np.float64)
    x = np.linspace(0, 1, M)
    A = np.arange(N * M, dtype=np.float64).reshape(N, M)
    got = pk.parallel_reduce(pk.TeamPolicy(space, N, pk.AUTO), yAx, M=M, y=y, x=x, A=A)
    assert got == pytest.approx(y @ A @ x)


def test_team_member_queries_and_single(space):
    league = 5
    ranks = np.zeros((league, 64), dtype=np.int32)
    sizes = np.zeros(league, dtype=np.int32)
    pk.parallel_for(pk.TeamPolicy(space, league, pk.AUTO), team_shape, ranks=ranks, sizes=sizes)
    team_size = sizes[0] // 1000
    assert team_size >= 1
    assert (sizes == team_size * 1000 + league).all()
    np.testing.assert_array_equal(ranks[:, :team_size], np.tile(np.arange(1, team_size + 1), (league, 1)))
    assert (ranks[:, team_size:] == 0).all()


def test_nested_parallel_for(space):
    out = np.zeros((4, 9))
    pk.parallel_for(pk.TeamPolicy(space, 4, pk.AUTO), nested_for, n=9, out=out)
    np.testing.assert_array_equal(out, np.arange(4)[:, None] * 100 + np.arange(9)[None, :])


def test_team_thread_vector_levels_in_a_functor(space):
    E, N, M = 3, 5, 4
    f = TeamVectorLoop(E, N, M)
    assert pk.parallel_reduce(pk.TeamPolicy(space, E, pk.AUTO, 1), f.yAx) == E * N * M


def test_scratch_view(space):
    n = 16
    src = np.arange(3 * n, dtype=np.float64).reshape(3, n)
    dst = np.zeros_like(src)
    policy = pk.TeamPolicy(space, 3, pk.AUTO).set_scratch_size(0, pk.PerTeam(pk.ScratchView1D[pk.double].shmem_size(n)))
    pk.parallel_for(policy, scratch_reverse, n=n, src=src, dst=dst)
    np.testing.assert_array_equal(dst, src[:, ::-1])


def test_explicit_team_size_one_runs_everywhere(space):
    out = np.zeros((2, 3))
    pk.parallel_for(pk.TeamPolicy(space, 2, 1), nested_for, n=3, out=out)
    np.testing.assert_array_equal(out, np.arange(2)[:, None] * 100 + np.arange(3)[None, :])


def test_team_size_beyond_the_space_is_an_error():
    out = np.zeros((2, 3))
    with pytest.raises(RuntimeError, match="team size 4096 exceeds"):
        pk.parallel_for(pk.TeamPolicy(pk.Serial, 2, 4096), nested_for, n=3, out=out)


@pk.workunit
def range_with_team(i: int, out):
    def inner(k: int):
        out[k] = 1.0

    pk.parallel_for(pk.TeamThreadRange(i, 3), inner)


def test_team_constructs_need_a_team_policy():
    with pytest.raises(pk.DialectError, match="nested `def`"):
        pk.parallel_for(3, range_with_team, out=np.zeros(3))
    with pytest.raises(TypeError, match="TeamPolicy"):
        pk.parallel_for(3, nested_for, n=3, out=np.zeros((3, 3)))
