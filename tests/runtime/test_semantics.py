"""The dialect's quirks that translated code depends on (dialect §3.3, §5).
Each test pins one rule; where C++ and Python disagree the expected value is
the C++ one, because that is what upstream PyKokkos computes."""
import numpy as np
import pytest

import pykokkos as pk
from pykokkos import _core


@pk.workunit
def divmod_ints(i, a, b, q, r):
    q[i] = a[i] // b[i]
    r[i] = a[i] % b[i]


@pk.workunit
def floordiv_floats(i, x, out):
    out[i] = x[i] // 2.0


@pk.workunit
def casts(i, x, as_int, as_float, as_double):
    as_int[i] = int(x[i])
    as_float[i] = float(x[i])
    as_double[i] = pk.double(x[i])


@pk.workunit
def true_division(i, a, b, out):
    out[i] = a / b


@pk.workunit
def extents(i, empty, out):
    out[0] = pk.double(empty.extent(0) - 1)
    neg: int = -1
    if neg < empty.extent(0):
        out[1] = 1.0
    else:
        out[1] = 2.0


@pk.workunit
def int_sum(i, acc, x):
    acc += x[i]


@pk.workunit
def int64_sum(i, acc: pk.Acc[pk.int64], x):
    acc += x[i]


@pk.workunit
def int64_local(i, n, out):
    big: pk.int64 = n
    big = big * 3
    out[0] = big


@pk.workunit
def store_scalar(i, value, out):
    out[0] = value


@pk.workunit
def annotated_scalar(i, value: pk.int64, out):
    out[0] = value


@pk.workunit
def countdown(i, n, out):
    k: int = 0
    for j in range(n, 0, -1):
        out[k] = j
        k += 1


@pk.workunit
def index_type(i, out):
    out[i] = i


def test_floordiv_and_mod_are_c_truncation():
    a = np.array([7, -7, 7, -7], dtype=np.int64)
    b = np.array([2, 2, -2, -2], dtype=np.int64)
    q, r = np.zeros(4, np.int64), np.zeros(4, np.int64)
    pk.parallel_for(4, divmod_ints, a=a, b=b, q=q, r=r)
    assert q.tolist() == [3, -3, -3, 3]      # Python: [3, -4, -4, 3]
    assert r.tolist() == [1, -1, 1, -1]      # Python: [1, 1, -1, -1]


def test_floordiv_of_floats_truncates_to_int32():
    x = np.array([-5.0, 5.0, 7.9])
    out = np.zeros(3)
    pk.parallel_for(3, floordiv_floats, x=x, out=out)
    assert out.tolist() == [-2.0, 2.0, 3.0]  # Python: [-3.0, 2.0, 3.0]


def test_int_is_32_bit_and_float_is_float32():
    x = np.array([-2.7, 0.1])
    as_int, as_float, as_double = np.zeros(2, np.int64), np.zeros(2), np.zeros(2)
    pk.parallel_for(2, casts, x=x, as_int=as_int, as_float=as_float, as_double=as_double)
    assert as_int.tolist() == [-2, 0]
    assert as_float[1] == float(np.float32(0.1)) != 0.1     # float(x) rounds through float32
    assert as_double[1] == 0.1
    src = _core.generate(casts.__code__.co_filename, "casts", "for",
                         [("x", "view:f64:1:R"), ("as_int", "view:i64:1:R"), ("as_float", "view:f64:1:R"),
                          ("as_double", "view:f64:1:R")], "OpenMP")
    assert "static_cast<int32_t>(x(i))" in src and "static_cast<float>(x(i))" in src


def test_true_division_is_double():
    out = np.zeros(1)
    pk.parallel_for(1, true_division, a=7, b=2, out=out)
    assert out[0] == 3.5


def test_extent_is_unsigned():
    out = np.zeros(2)
    pk.parallel_for(1, extents, empty=np.zeros(0), out=out)
    assert out[0] == float(2 ** 64 - 1)   # 0 - 1 wraps around in size_t
    assert out[1] == 2.0                  # -1 < 0u is false: -1 converts to unsigned


def test_unannotated_accumulator_is_double_even_for_integers():
    x = np.full(10, 3, dtype=np.int64)
    r = pk.parallel_reduce(10, int_sum, x=x)
    assert isinstance(r, float) and r == 30.0


def test_int64_accumulator_is_exact():
    x = np.full(4, 2 ** 53 + 1, dtype=np.int64)
    r = pk.parallel_reduce(4, int64_sum, x=x)
    assert isinstance(r, int) and r == 4 * (2 ** 53 + 1)   # a double would round


def test_int64_local_annotation():
    out = np.zeros(1, np.int64)
    pk.parallel_for(1, int64_local, n=2 ** 31 - 1, out=out)
    assert out[0] == 3 * (2 ** 31 - 1)


def test_type_propagation_of_scalars():
    out = np.zeros(1, np.int64)
    pk.parallel_for(1, store_scalar, value=5, out=out)                      # int -> int32
    pk.parallel_for(1, store_scalar, value=2 ** 40, out=out)                # needs 64 bits -> int64
    assert out[0] == 2 ** 40
    outf = np.zeros(1)
    pk.parallel_for(1, store_scalar, value=np.float32(0.1), out=outf)       # NumPy scalars keep their width
    assert outf[0] == float(np.float32(0.1))
    sigs = {k[3] for k in pk._specialisations if k[0] is store_scalar}
    assert (("value", "i32"), ("out", "view:i64:1:R")) in sigs
    assert (("value", "i64"), ("out", "view:i64:1:R")) in sigs
    assert (("value", "f32"), ("out", "view:f64:1:R")) in sigs


def test_annotation_wins_over_inferred_type():
    out = np.zeros(1, np.int64)
    pk.parallel_for(1, annotated_scalar, value=7, out=out)
    kernel, _ = pk._specialisations[(annotated_scalar, "for", pk.get_default_space().value, (("value", "i32"), ("out", "view:i64:1:R")))]
    assert kernel.param_types == ["i64", "view:i64:1:R"]
    with pytest.raises(TypeError, match="annotated_scalar.*'value'.*int64"):
        pk.parallel_for(1, annotated_scalar, value=1.5, out=out)


def test_negative_literal_step():
    out = np.zeros(3, np.int64)
    pk.parallel_for(1, countdown, n=3, out=out)
    assert out.tolist() == [3, 2, 1]


def test_thread_index_is_int32():
    src = _core.generate(index_type.__code__.co_filename, "index_type", "for", [("out", "view:f64:1:R")], "OpenMP")
    assert "operator()(const int32_t i)" in src
    with pytest.raises(OverflowError):
        pk.RangePolicy(0, 2 ** 31)


@pk.workunit
def transpose_into(i, src, dst):
    for j in range(src.extent(1)):
        dst[j][i] = src[i][j]


@pk.workunit
def int_scan(i, acc: pk.Acc[pk.int64], final, x):
    acc += x[i]
    if final:
        x[i] = acc


def test_fortran_order_views_index_like_numpy():
    src = np.asfortranarray(np.arange(6, dtype=np.float64).reshape(2, 3))
    dst = pk.View([3, 2], pk.double, layout=pk.LayoutLeft)
    assert dst.data.flags.f_contiguous
    pk.parallel_for(2, transpose_into, src=pk.array(src), dst=dst)
    assert np.array_equal(dst.data, src.T)
    assert (transpose_into, "for", pk.get_default_space().value, (("src", "view:f64:2:L"), ("dst", "view:f64:2:L"))) in pk._specialisations


def test_int64_scan_total_is_exact():
    x = np.full(3, 2 ** 53 + 1, dtype=np.int64)
    total = pk.parallel_scan(3, int_scan, x=x)
    assert isinstance(total, int) and total == 3 * (2 ** 53 + 1)
    assert x.tolist() == [(2 ** 53 + 1) * k for k in (1, 2, 3)]


@pk.workunit
def integer_powers(i, x, out):
    out[i][0] = x[i] ** 0
    out[i][1] = x[i] ** 1
    out[i][2] = x[i] ** 2
    out[i][3] = (x[i]) ** 6
    out[i][4] = 1.0 / x[i] ** 12
    out[i][5] = x[i] ** 2.5          # not an integer literal: std::pow
    y: pk.double = x[i]
    y **= 3
    out[i][6] = y
    k: int = 3
    out[i][7] = x[i] ** k            # a variable exponent: std::pow


def test_integer_literal_powers_are_products_and_agree_with_python():
    # `x ** 6` with a literal exponent is computed by squaring (as Numba
    # does); the values must stay those of Python's float power to the last
    # few ulps, and other exponents keep pow's exact rounding.
    x = np.array([0.5, 1.1, 1.7, 3.25, -2.0])
    out = np.zeros((5, 8))
    pk.parallel_for(5, integer_powers, x=x, out=out)
    want = np.stack([x ** 0, x ** 1, x ** 2, x ** 6, 1.0 / x ** 12, np.abs(x) ** 2.5 * np.where(x < 0, np.nan, 1), x ** 3, x ** 3], axis=1)
    np.testing.assert_allclose(out[:, [0, 1, 2, 3, 4, 6, 7]], want[:, [0, 1, 2, 3, 4, 6, 7]], rtol=4e-16 * 8, atol=0)
    assert out[:4, 5].tolist() == [float(v) ** 2.5 for v in x[:4]]   # C pow, as Python computes it
    assert np.isnan(out[4, 5])


def test_integer_literal_powers_use_multiplication_in_the_generated_cpp():
    src = _core.generate(integer_powers.__code__.co_filename, "integer_powers", "for",
                         [("x", "view:f64:1:R"), ("out", "view:f64:2:R")], "OpenMP")
    assert "crb_ipow<6>" in src and "crb_ipow<12>" in src and "crb_ipow<3>" in src
    assert src.count("std::pow(") == 2   # `** 2.5` and `** k`
