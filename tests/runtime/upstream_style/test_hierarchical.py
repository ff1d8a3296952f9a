import unittest

import pykokkos as pk


@pk.functor
class HierarchicalFunctor:
    def __init__(self, N: int, M: int, value: int):
        self.N: int = N
        self.M: int = M
        self.value: int = value
        self.y: pk.View1D[pk.double] = pk.View([N], pk.double)
        self.x: pk.View1D[pk.double] = pk.View([M], pk.double)
        self.A: pk.View2D[pk.double] = pk.View([N, M], pk.double)
        self.out: pk.View1D[pk.double] = pk.View([N], pk.double)
        for i in range(N):
            self.y[i] = value
        for i in range(M):
            self.x[i] = value
        for j in range(N):
            for i in range(M):
                self.A[j][i] = value

    @pk.workunit
    def yAx(self, team_member: pk.TeamMember, acc: pk.Acc[pk.double]) -> None:
        j: int = team_member.league_rank()

        def inner_reduce(i: int, inner_acc: pk.Acc[pk.double]):
            inner_acc += self.A[j][i] * self.x[i]

        temp2: float = pk.parallel_reduce(pk.TeamThreadRange(team_member, self.M), inner_reduce)

        if team_member.team_rank() == 0:
            acc += self.y[j] * temp2

    @pk.workunit
    def yAx_vector(self, team_member: pk.TeamMember, acc: pk.Acc[pk.double]) -> None:
        j: int = team_member.league_rank()

        def inner_reduce(i: int, inner_acc: pk.Acc[pk.double]):
            inner_acc += self.A[j][i] * self.x[i]

        temp2: float = pk.parallel_reduce(pk.ThreadVectorRange(team_member, self.M), inner_reduce)

        def single_closure():
            self.out[j] = temp2

        pk.single(pk.PerThread(team_member), single_closure)

        if team_member.team_rank() == 0:
            acc += self.y[j] * temp2

    @pk.workunit
    def for_loop(self, team_member: pk.TeamMember) -> None:
        j: int = team_member.league_rank()

        def inner_for(i: int):
            self.A[j][i] = j + i

        pk.parallel_for(pk.TeamThreadRange(team_member, self.M), inner_for)
        team_member.team_barrier()

        def single_closure():
            self.out[j] = self.A[j][0] + self.A[j][self.M - 1]

        pk.single(pk.PerTeam(team_member), single_closure)


class TestHierarchical(unittest.TestCase):
    def setUp(self):
        self.N: int = 16
        self.M: int = 32
        self.value: int = 2
        self.functor = HierarchicalFunctor(self.N, self.M, self.value)

    def test_yAx(self):
        expected_result: float = self.N * self.M * self.value ** 3
        result = pk.parallel_reduce(pk.TeamPolicy(self.N, pk.AUTO), self.functor.yAx)
        self.assertEqual(expected_result, result)

    def test_yAx_vector(self):
        expected_result: float = self.N * self.M * self.value ** 3
        result = pk.parallel_reduce(pk.TeamPolicy(self.N, pk.AUTO, 4), self.functor.yAx_vector)
        self.assertEqual(expected_result, result)
        for j in range(self.N):
            self.assertEqual(self.M * self.value ** 2, self.functor.out[j])

    def test_for(self):
        pk.parallel_for(pk.TeamPolicy(self.N, pk.AUTO), self.functor.for_loop)
        for j in range(self.N):
            self.assertEqual(j + j + self.M - 1, self.functor.out[j])

    def test_space_in_policy(self):
        expected_result: float = self.N * self.M * self.value ** 3
        policy = pk.TeamPolicy(pk.ExecutionSpace.Default, self.N, pk.AUTO)
        result = pk.parallel_reduce(policy, self.functor.yAx)
        self.assertEqual(expected_result, result)


if __name__ == '__main__':
    unittest.main()
