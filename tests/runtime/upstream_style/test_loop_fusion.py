import os
import subprocess
import sys

import pytest

KERNELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernels", "loop_fusion_kernels.py")


def run_kernels(N, M, fuse):
    env = dict(os.environ)
    if fuse:
        env["PK_LOOP_FUSE"] = "1"
    else:
        env.pop("PK_LOOP_FUSE", None)
    p = subprocess.run([sys.executable, KERNELS, str(N), str(M)], env=env, capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, p.stderr
    return p.stdout


@pytest.mark.parametrize("N, M", [(3, 3), (4, 2)])
def test_loop_fusion_output(N, M):
    # the printed output must not change when loop fusion is requested
    expected = "".join("0 %d\n" % i for i in range(N + M))
    expected += "".join("0 even %d\n" % i for i in range(0, N, 2)) + "".join("0 odd %d\n" % j for j in range(1, M, 2))
    assert run_kernels(N, M, False) == expected
    assert run_kernels(N, M, True) == expected
