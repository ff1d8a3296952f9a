"""Upstream's examples (kokkos-tutorials, ParRes, BabelStream, kokkos-benchmarks,
GPU-Puzzles, kokkos), run as scripts at small sizes on the default space
(conftest.py runs this directory on Serial and on OpenMP)."""
import os
import runpy
import sys

import pytest

import pykokkos as pk

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "examples")

CASES = [
    ("tutorial_01_standalone.py", ["-N", "64", "-M", "32", "-nrepeat", "3"]),
    ("tutorial_01_standalone.py", ["-N", "64", "-M", "32", "-space", "Serial"]),
    ("tutorial_02_standalone.py", []),
    ("tutorial_04_layouts.py", ["--layout", "LayoutLeft"]),
    ("tutorial_04_layouts.py", ["--layout", "LayoutRight"]),
    ("tutorial_01_functor.py", []),
    ("tutorial_02_workload.py", []),
    ("team_policy.py", []),
    ("team_vector_loop.py", []),
    ("subview.py", []),
    ("nstream.py", ["10", "1000"]),
    ("babel_stream.py", ["-n", "3", "-a", "1024"]),
    ("gups.py", []),
    ("gups.py", ["--atomics"]),
    ("bytes_and_flops.py", []),
    ("gather.py", []),
    ("scan_standalone.py", []),
    ("kokkos_atomics_primes.py", []),
    ("gpu_puzzles.py", []),
    ("transpose_workload.py", []),
    ("stencil_workload.py", []),
    ("binsort.py", []),
]


@pytest.mark.parametrize("script, argv", CASES, ids=["%s %s" % (s, " ".join(a)) for s, a in CASES])
def test_example(script, argv, monkeypatch, capsys):
    before = pk.get_default_space()
    monkeypatch.setattr(sys, "argv", [script] + argv)
    try:
        runpy.run_path(os.path.join(EXAMPLES, script), run_name="__main__")
    except SystemExit as e:
        assert not e.code, capsys.readouterr().out
    finally:
        pk.set_default_space(before)
