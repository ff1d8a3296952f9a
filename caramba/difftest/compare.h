// compare.h — the comparison rules of `caramba difftest` (design.md §4):
// values as the driver encodes them (driver.py `encode`), and the verdict for
// one value of the Numba original against the same value of the translation.
//
//   * integers and bools: exact;
//   * floats (and complex): NPBench's rule, allclose(rtol=1e-5, atol=1e-8) or
//     a relative L2 error below 1e-5; NaN equals NaN only at the same place,
//     infinities must match exactly;
//   * arrays: shape and dtype must match, and the translation must return a
//     plain numpy.ndarray where Numba did (a view or any other array-like is
//     not drop-in for the caller);
//   * scalars: compared by value against scalars and 0-d arrays; the kind
//     (bool / integer / float / complex) must match, the width need not
//     (Numba returns Python ints, a reduction may return numpy.int64).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace caramba::difftest {

/// One value: a return value, an item of a returned tuple, or an argument
/// after the call.
struct Value {
  enum class Kind { kAbsent, kNone, kScalar, kArray, kTuple, kBigInt, kOther };
  Kind kind = Kind::kAbsent;
  std::string pytype;            // "numpy.ndarray", "float", "pykokkos.View" …
  std::string dtype;             // NumPy dtype.str: "<f8", "|b1", "<i8" …
  std::vector<int64_t> shape;    // arrays only ({} for 0-d)
  std::string data;              // raw little-endian element bytes, C order
  std::string text;              // kBigInt: decimal digits; kOther: repr
  std::vector<Value> items;      // kTuple

  /// Decodes the driver's JSON (a null JSON gives kAbsent). Throws
  /// std::runtime_error on malformed input (bad base64, wrong byte count).
  static Value FromJson(const nlohmann::json& j);
  /// Builders for tests and for callers that make values in C++.
  static Value Float64Array(std::vector<int64_t> shape, const std::vector<double>& v);
  static Value Int64Array(std::vector<int64_t> shape, const std::vector<int64_t>& v);
  static Value Float64Scalar(double v, std::string pytype = "float");
  static Value Int64Scalar(int64_t v, std::string pytype = "int");
  /// Short human description: "float64 array (3, 4)", "int 7", "None" …
  std::string Describe() const;
};

struct Tolerance {
  double rtol = 1e-5;
  double atol = 1e-8;
  double rel_l2 = 1e-5;
};

/// The outcome of comparing one value. `equal` false comes with the reason.
struct Difference {
  bool equal = true;
  std::string where;               // "return", "return[1]", "argument 'a'"
  std::string reason;              // "values differ", "dtype differs: …"
  std::vector<int64_t> index;      // first differing element (arrays)
  std::string expected, actual;    // the values there (Numba, translation)
  size_t differing = 0;            // how many elements differ
  size_t elements = 0;
  double max_abs_error = 0;
  double rel_l2_error = 0;
  bool has_error_measure = false;  // float comparisons only
  /// One line: "return[3, 4]: expected 1.5, got 1.25 (7 of 100 elements differ, max abs err 0.25, rel L2 1.3e-2)".
  std::string Describe() const;
};

/// Compares `actual` (the translation) with `expected` (the Numba original).
/// `where` labels the value in the result.
Difference Compare(const Value& expected, const Value& actual, const std::string& where,
                   const Tolerance& tol = {});

/// Decodes standard base64 (with or without padding); throws on bad input.
std::string DecodeBase64(const std::string& in);

}  // namespace caramba::difftest
