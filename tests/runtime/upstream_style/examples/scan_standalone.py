import pykokkos as pk


@pk.workunit
def init(i: int, view: pk.View1D[pk.int32]):
    view[i] = i


@pk.workunit
def scan(i: int, acc: pk.Acc[pk.double], last_pass: bool, view: pk.View1D[pk.int32]):
    acc += view[i]
    if last_pass:
        view[i] = acc


def run() -> None:
    N = 10
    view = pk.View([N], pk.int32)
    pk.parallel_for(N, init, view=view)
    total = pk.parallel_scan(N, scan, view=view)
    print(view)
    assert total == sum(range(N))
    assert [int(v) for v in view] == [sum(range(i + 1)) for i in range(N)]


if __name__ == "__main__":
    run()
