// types.h — Numba's scalar and array types as Caramba models them, and the
// parser for eager signature strings ("float64(float64[:, ::1], int64)").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace caramba {

enum class Scalar {
  kUnknown,
  kBool,
  kInt8, kInt16, kInt32, kInt64,
  kUInt8, kUInt16, kUInt32, kUInt64,
  kFloat32, kFloat64,
  kComplex64, kComplex128,
  kNone,  // `void` / `none`: no return value
};

/// Numba's name for a scalar ("float64").
std::string_view ScalarName(Scalar s);
bool IsInteger(Scalar s);
bool IsSigned(Scalar s);
bool IsFloat(Scalar s);
bool IsComplex(Scalar s);
/// Width in bits (bool: 8), 0 for none/unknown.
int BitWidth(Scalar s);
/// Numba/NumPy promotion for binary arithmetic (int64 + float32 -> float64 …).
Scalar Promote(Scalar a, Scalar b);
/// Looks up a Numba type name (float64, f8, double, int_, intp, b1 …).
std::optional<Scalar> ScalarFromName(std::string_view name);

/// A scalar (rank 0) or an array of `rank` dimensions.
struct Type {
  Scalar scalar = Scalar::kUnknown;
  int rank = 0;
  char layout = 'A';  // 'C', 'F' or 'A' (any) — arrays only
  bool operator==(const Type& o) const {
    return scalar == o.scalar && rank == o.rank && (rank == 0 || layout == o.layout);
  }
  bool operator!=(const Type& o) const { return !(*this == o); }
  bool IsArray() const { return rank > 0; }
  /// Numba spelling: "float64", "float64[:, ::1]".
  std::string ToString() const;
};

/// An eager signature: optional return type and the argument types.
struct Signature {
  std::optional<Type> result;  // absent for "(f8[:],)" style, and for tuple results
  /// The elements of a tuple result (`UniTuple(float64, 2)(...)`,
  /// `Tuple((float64[:], int64))(...)`); empty otherwise.
  std::vector<Type> result_tuple;
  std::vector<Type> args;
  std::string ToString() const;
};

/// Parses one signature, written as a string ("f8(f8[:])") or as Numba type
/// expressions (`float64(float64[:])`, `nb.types.float64[:](nb.int64)`).
/// Qualifiers `numba.`, `nb.`, `types.` and the like are ignored. On failure
/// returns nullopt and sets `error` to a message naming the offending part.
std::optional<Signature> ParseSignature(std::string_view text, std::string* error);

}  // namespace caramba
