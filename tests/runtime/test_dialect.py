"""Dialect rejection: every `# reject: <regex>` line in cases/*.py names a
workunit construct upstream PyKokkos does not accept (pykokkos-dialect.md §3).
Dispatching the workunit must raise pk.DialectError pointing at that line,
with a message that names the construct and says what to write instead."""
import importlib.util
import inspect
import os
import re

import numpy as np
import pytest

import pykokkos as pk

CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")


def load(name):
    path = os.path.join(CASES, name + ".py")
    spec = importlib.util.spec_from_file_location("cases_" + name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module, path


def markers(path):
    """(workunit, line, regex) for each marker, the workunit being the
    nearest `def` at or above the marked line."""
    out, current = [], None
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            m = re.match(r"def (\w+)\(", line)
            if m:
                current = m.group(1)
            r = re.search(r"# reject: (.*)$", line)
            if r:
                out.append((current, lineno, r.group(1).strip()))
    return out


def arguments(fn):
    """Plausible keyword arguments for a case workunit, by parameter name."""
    values = {"a": np.zeros(4), "b": np.zeros(4), "c": np.zeros(4), "m": np.zeros((2, 2)), "n": 3}
    params = list(inspect.signature(fn).parameters)[1:]
    return {p: values[p] for p in params}


REJECTS, REJECTS_PATH = load("dialect_rejects")


@pytest.mark.parametrize("workunit,line,pattern", markers(REJECTS_PATH), ids=lambda v: str(v))
def test_rejected_construct(workunit, line, pattern):
    fn = getattr(REJECTS, workunit)
    with pytest.raises(pk.DialectError) as info:
        pk.parallel_for(4, fn, **arguments(fn))
    err = info.value
    assert err.filename == REJECTS_PATH
    assert err.lineno == line, str(err)
    assert re.search(pattern, str(err), re.S), str(err)
    assert "hint:" in str(err) and err.hint
    assert str(err).startswith("%s:%d:" % (REJECTS_PATH, line))


def test_every_case_is_marked():
    """Each workunit of the case file carries exactly one marker."""
    names = [n for n, _, _ in markers(REJECTS_PATH)]
    workunits = [n for n, v in vars(REJECTS).items() if getattr(v, "__pk_workunit__", False)]
    assert sorted(names) == sorted(workunits)


def test_unannotated_pk_function_breaks_the_file():
    module, path = load("function_rejects")
    (_, line, pattern), = markers(path)
    with pytest.raises(pk.DialectError, match=pattern) as info:
        pk.parallel_for(4, module.innocent, a=np.zeros(4))
    assert info.value.lineno == line


def test_workunit_found_only_through_the_module_alias():
    module, _ = load("not_found")
    with pytest.raises(pk.DialectError, match="(?s)workunit 'hidden' not found.*`from pykokkos import workunit`.*not found upstream"):
        pk.parallel_for(4, module.hidden, a=np.zeros(4))


def test_nested_workunit_is_rejected():
    @pk.workunit
    def local(i, a):
        a[i] = 1.0
    with pytest.raises(pk.DialectError, match="(?s)inside another function.*top-level"):
        pk.parallel_for(4, local, a=np.zeros(4))


def test_cxx_failure_is_compile_error_with_python_location():
    module, path = load("compile_error")
    with pytest.raises(pk.CompileError) as info:
        pk.parallel_for(4, module.writes_index, a=np.zeros(4))
    msg = str(info.value)
    assert msg.startswith(path + ":6: workunit 'writes_index'")
    # #line directives map the compiler's first error onto the Python line.
    assert "%s:7:" % path in msg and "error" in msg
    assert info.value.output
