// test_compare.cpp — the comparison rules of difftest (compare.h).
#include <cmath>
#include <limits>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "caramba/difftest/compare.h"

using namespace caramba::difftest;

TEST_CASE("integers are compared exactly") {
  Value a = Value::Int64Array({4}, {1, 2, 3, 4});
  CHECK(Compare(a, Value::Int64Array({4}, {1, 2, 3, 4}), "return").equal);
  Difference d = Compare(a, Value::Int64Array({4}, {1, 2, 4, 4}), "return");
  CHECK_FALSE(d.equal);
  CHECK(d.index == std::vector<int64_t>{2});
  CHECK(d.expected == "3");
  CHECK(d.actual == "4");
  CHECK(d.differing == 1);
  // Large int64 values that a double cannot tell apart must still differ.
  int64_t big = (int64_t{1} << 62) + 1;
  CHECK_FALSE(Compare(Value::Int64Scalar(big), Value::Int64Scalar(big + 1), "return").equal);
}

TEST_CASE("floats: allclose with rtol 1e-5 and atol 1e-8") {
  Value e = Value::Float64Array({3}, {1.0, 2.0, 3.0});
  CHECK(Compare(e, Value::Float64Array({3}, {1.0 + 5e-6, 2.0, 3.0}), "r").equal);
  Difference d = Compare(e, Value::Float64Array({3}, {1.0, 2.0 + 1e-3, 3.0}), "r");
  CHECK_FALSE(d.equal);
  CHECK(d.index == std::vector<int64_t>{1});
  CHECK(d.has_error_measure);
  CHECK(d.max_abs_error == doctest::Approx(1e-3));
  // atol matters near zero.
  CHECK(Compare(Value::Float64Scalar(0.0), Value::Float64Scalar(5e-9), "r").equal);
  CHECK_FALSE(Compare(Value::Float64Scalar(0.0), Value::Float64Scalar(5e-7), "r").equal);
}

TEST_CASE("floats: a small relative L2 error passes where allclose fails (NPBench rule)") {
  // One element near zero is far off relatively, but the whole array is close.
  std::vector<double> e(1000, 1.0), a(1000, 1.0);
  e[10] = 1e-12;
  a[10] = 2e-9;  // |a-e| = 2e-9 > atol + rtol*|e|, tiny against ||e|| ~ 31.6
  CHECK(Compare(Value::Float64Array({1000}, e), Value::Float64Array({1000}, a), "r").equal);
}

TEST_CASE("NaN equals NaN only at the same place, infinities must match") {
  double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  CHECK(Compare(Value::Float64Array({2}, {nan, 1.0}), Value::Float64Array({2}, {nan, 1.0}), "r").equal);
  Difference d = Compare(Value::Float64Array({2}, {nan, 1.0}), Value::Float64Array({2}, {1.0, nan}), "r");
  CHECK_FALSE(d.equal);
  CHECK(d.index == std::vector<int64_t>{0});
  CHECK(d.expected == "nan");
  // A NaN in a large array is not excused by the L2 rule.
  std::vector<double> e(1000, 1.0), a(1000, 1.0);
  a[999] = nan;
  CHECK_FALSE(Compare(Value::Float64Array({1000}, e), Value::Float64Array({1000}, a), "r").equal);
  CHECK(Compare(Value::Float64Scalar(inf), Value::Float64Scalar(inf), "r").equal);
  CHECK_FALSE(Compare(Value::Float64Scalar(inf), Value::Float64Scalar(-inf), "r").equal);
}

TEST_CASE("shape and dtype must match, the first index is a multi-index") {
  Value e = Value::Float64Array({2, 3}, {0, 1, 2, 3, 4, 5});
  CHECK(Compare(e, Value::Float64Array({3, 2}, {0, 1, 2, 3, 4, 5}), "r").reason == "shape differs");
  Value ints = Value::Int64Array({2, 3}, {0, 1, 2, 3, 4, 5});
  CHECK(Compare(e, ints, "r").reason == "dtype differs");
  Difference d = Compare(e, Value::Float64Array({2, 3}, {0, 1, 2, 3, 9, 5}), "argument 'out'");
  CHECK(d.index == std::vector<int64_t>{1, 1});
  CHECK(d.Describe().find("argument 'out'[1, 1]") == 0);
}

TEST_CASE("a view returned where Numba returned an ndarray is a mismatch") {
  Value e = Value::Float64Array({2}, {1, 2});
  Value v = e;
  v.pytype = "pykokkos.View";
  Difference d = Compare(e, v, "return");
  CHECK_FALSE(d.equal);
  CHECK(d.reason.find("pykokkos.View") != std::string::npos);
}

TEST_CASE("scalars: compared by value with 0-d arrays, the kind of number must match") {
  Value zero_d = Value::Float64Array({}, {2.5});
  CHECK(Compare(Value::Float64Scalar(2.5), zero_d, "return").equal);
  CHECK(Compare(Value::Int64Scalar(7, "int"), Value::Int64Scalar(7, "numpy.int64"), "return").equal);
  Difference d = Compare(Value::Int64Scalar(7), Value::Float64Scalar(7.0), "return");
  CHECK_FALSE(d.equal);
  CHECK(d.reason.find("integer") != std::string::npos);
}

TEST_CASE("tuples, None and big integers") {
  Value t1, t2;
  t1.kind = t2.kind = Value::Kind::kTuple;
  t1.items = {Value::Int64Scalar(1), Value::Float64Scalar(2.0)};
  t2.items = {Value::Int64Scalar(1), Value::Float64Scalar(2.5)};
  Difference d = Compare(t1, t2, "return");
  CHECK_FALSE(d.equal);
  CHECK(d.where == "return[1]");
  Value none;
  none.kind = Value::Kind::kNone;
  CHECK(Compare(none, none, "return").equal);
  CHECK_FALSE(Compare(none, Value::Float64Scalar(0), "return").equal);
  Value big;
  big.kind = Value::Kind::kBigInt;
  big.text = "717897987691852588770249";
  CHECK_FALSE(Compare(Value::Int64Scalar(-1), big, "return").equal);
  CHECK(Compare(big, big, "return").equal);
}

TEST_CASE("values decode from the driver's JSON") {
  nlohmann::json j = {{"kind", "array"}, {"pytype", "numpy.ndarray"}, {"dtype", "<i8"}, {"shape", {2}},
                      {"data", "AQAAAAAAAAACAAAAAAAAAA=="}};  // int64 [1, 2]
  Value v = Value::FromJson(j);
  CHECK(Compare(v, Value::Int64Array({2}, {1, 2}), "r").equal);
  j["shape"] = {3};
  CHECK_THROWS(Value::FromJson(j));  // byte count does not match the shape
  CHECK(DecodeBase64("aGVsbG8=") == "hello");
  CHECK_THROWS(DecodeBase64("a*b"));
}
