"""Workunits outside the PyKokkos dialect. Each reject marker comment marks
the line the error must point at and a pattern its message must contain; the
workunit is the top-level `def` above it. test_dialect.py reads them."""
import math

import numpy as np
import pykokkos as pk

LIMIT = 3


def plain_helper(x):
    return x + 1


@pk.workunit
def unannotated_local(i, a):
    t = a[i] * 2.0  # reject: undeclared local 't'.*declare it with a type
    a[i] = t


@pk.workunit
def declaration_without_value(i, a):
    t: float  # reject: declaration without a value


@pk.workunit
def tuple_unpacking(i, a):
    x: float = 0.0
    y: float = 0.0
    x, y = y, x  # reject: tuple assignment


@pk.workunit
def conditional_expression(i, a):
    a[i] = 1.0 if a[i] > 0 else 2.0  # reject: conditional expression


@pk.workunit
def chained_comparison(i, a):
    if 0.0 < a[i] < 1.0:  # reject: chained comparison
        a[i] = 0.0


@pk.workunit
def in_operator(i, a, n):
    if n in a:  # reject: `is`/`in`
        a[i] = 0.0


@pk.workunit
def for_over_view(i, a):
    for x in a:  # reject: for loop over 'a'.*range
        pass


@pk.workunit
def prange_loop(i, a, n):
    for j in pk.prange(n):  # reject: prange has no meaning
        a[j] = 0.0


@pk.workunit
def for_else(i, a, n):
    for j in range(n):  # reject: for \.\.\. else
        pass
    else:
        a[i] = 1.0


@pk.workunit
def while_else(i, a):
    k: int = 0
    while k < 3:  # reject: while \.\.\. else
        k += 1
    else:
        a[i] = 1.0


@pk.workunit
def with_statement(i, a):
    with open("x"):  # reject: `with` statement
        pass


@pk.workunit
def try_statement(i, a):
    try:  # reject: `try` statement
        a[i] = 1.0
    except Exception:
        pass


@pk.workunit
def raise_statement(i, a):
    raise ValueError("no")  # reject: `raise` statement


@pk.workunit
def assert_statement(i, a):
    assert a[i] > 0  # reject: `assert` statement


@pk.workunit
def global_name(i, a):
    a[i] = LIMIT  # reject: name 'LIMIT' is not defined.*keyword argument


@pk.workunit
def print_call(i, a):
    print(a[i])  # reject: print\(\).*printf


@pk.workunit
def numpy_call(i, a):
    a[i] = np.sqrt(a[i])  # reject: NumPy call `np.sqrt`.*math.sqrt


@pk.workunit
def len_call(i, a):
    n: int = len(a)  # reject: len\(\).*extent


@pk.workunit
def shape_attribute(i, a):
    n: int = a.shape[0]  # reject: a.shape.*extent


@pk.workunit
def multi_index_access(i, m):
    m[i, 0] = 1.0  # reject: multi-index element access.*v\[i\]\[j\]


@pk.workunit
def wrong_subscript_count(i, m):
    m[i] = 1.0  # reject: 1 subscript\(s\) on 2-D view 'm'


@pk.workunit
def min_call(i, a, b):
    a[i] = min(a[i], b[i])  # reject: min\(\).*fmin


@pk.workunit
def int64_cast(i, a):
    a[i] = pk.int64(a[i])  # reject: cast `pk.int64.*declare


@pk.workunit
def return_value(i, a):
    return a[i]  # reject: `return` with a value in a workunit


@pk.workunit
def lambda_expression(i, a):
    a[i] = (lambda x: x)(a[i])  # reject: lambda


@pk.workunit
def comprehension(i, a):
    t: List[float] = [x for x in range(3)]  # reject: local array initialiser


@pk.workunit
def nested_def(i, a):
    def inner(x):  # reject: nested `def`
        return x


@pk.workunit
def constant_subview_index(i, m):
    row = m[0, :]  # reject: subview index '0'.*plain names


@pk.workunit
def open_slice(i, a, n):
    part = a[n:]  # reject: slice 'n:'.*both bounds


@pk.workunit
def mixed_and_or(i, a, b, c):
    if (b > 0 or c > 0) and a[i] > 0:  # reject: mixed nested `and`/`or`.*temporary
        a[i] = 0.0


@pk.workunit
def float_modulo(i, a):
    a[i] = a[i] % 2.0  # reject: `%` on floating-point values.*fmod


@pk.workunit
def call_plain_function(i, a):
    a[i] = plain_helper(a[i])  # reject: call of 'plain_helper'.*@pk.function


@pk.workunit
def degrees_call(i, a):
    a[i] = math.degrees(a[i])  # reject: `degrees`.*expand it by hand


@pk.workunit
def keyword_in_call(i, a):
    a[i] = math.pow(a[i], y=2.0)  # reject: keyword argument


@pk.workunit
def bad_annotation(i, a: np.ndarray):  # reject: annotation 'np.ndarray'
    a[i] = 0.0


@pk.workunit
def string_value(i, a):
    s: int = "text"  # reject: string


@pk.workunit
def walrus(i, a):
    if (n := 3) > 2:  # reject: walrus
        a[i] = 0.0


@pk.workunit
def float_view_index(i, a, b):
    a[i] = b[math.fmod(i, 4)]  # reject: floating-point index 'math.fmod\(i, 4\)'.*integers


@pk.workunit
def float_local_array_index(i, a):
    t: List[float] = [1.0, 2.0]
    a[i] = t[a[i]]  # reject: floating-point index 'a\[i\]'.*integers


@pk.workunit
def float_subview_index(i, m):
    x: float = 1.0
    row = m[x, :]  # reject: floating-point index 'x'.*integers
