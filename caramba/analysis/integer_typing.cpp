// integer_typing.cpp — see integer_typing.h. The rules are rows of tables;
// the functions only look them up.
#include "caramba/analysis/integer_typing.h"

namespace caramba {

namespace {

bool IntLike(Scalar s) { return IsInteger(s) || s == Scalar::kBool; }

// How Numba 0.56 types a binary operator on two int-like scalars. Measured
// (probe: `def f(a, b): return a OP b` called with np.<type>(1) for every
// pair of bool, int8 ... uint64, and with int literals on either side; a
// literal is an int64): Numba has integer signatures only for int64 and
// uint64 and converts narrower operands to them.
enum class NumbaRule {
  kSignedWins,     // int64 if either operand is signed or bool, else uint64
  kBoolsOrSigned,  // two bools stay bool; else kSignedWins
  kLeftOperand,    // uint64 if the left operand is unsigned, else int64
};

struct NumbaOperator {
  std::string_view op;
  NumbaRule rule;
};

const NumbaOperator kNumbaOperators[] = {
    {"+", NumbaRule::kSignedWins},     {"-", NumbaRule::kSignedWins},     {"*", NumbaRule::kSignedWins},
    {"//", NumbaRule::kSignedWins},    {"%", NumbaRule::kSignedWins},     {"**", NumbaRule::kSignedWins},
    {"&", NumbaRule::kBoolsOrSigned},  {"|", NumbaRule::kBoolsOrSigned},  {"^", NumbaRule::kBoolsOrSigned},
    {"<<", NumbaRule::kLeftOperand},   {">>", NumbaRule::kLeftOperand},
};

// Unary operators (measured the same way): the operand's signedness at 64
// bits; `~` on a bool is `not` in Numba and stays bool.
struct NumbaUnary {
  std::string_view op;
  bool keeps_bool;
};
const NumbaUnary kNumbaUnary[] = {{"-", false}, {"+", false}, {"~", true}};

// NumPy's integer scalar types as casts (`np.uint32(x)`): the name and the
// Numba type. np.intp, np.int_ and np.uintp are the 64-bit ones on the
// 64-bit platforms Numba targets.
struct IntegerCast {
  std::string_view name;
  Scalar target;
};
const IntegerCast kIntegerCasts[] = {
    {"int8", Scalar::kInt8},     {"int16", Scalar::kInt16},   {"int32", Scalar::kInt32},
    {"int64", Scalar::kInt64},   {"intp", Scalar::kInt64},    {"int_", Scalar::kInt64},
    {"uint8", Scalar::kUInt8},   {"uint16", Scalar::kUInt16}, {"uint32", Scalar::kUInt32},
    {"uint64", Scalar::kUInt64}, {"uintp", Scalar::kUInt64},
};

// C++ integral promotion of the dialect's types (C++17 [conv.prom]): what
// an operand of each type computes as.
struct CxxPromotion {
  Scalar from, to;
};
const CxxPromotion kCxxPromotions[] = {
    {Scalar::kBool, Scalar::kInt32},  {Scalar::kInt8, Scalar::kInt32},   {Scalar::kInt16, Scalar::kInt32},
    {Scalar::kUInt8, Scalar::kInt32}, {Scalar::kUInt16, Scalar::kInt32},
};

// The usual arithmetic conversions of two promoted operands (C++17
// [expr.arith.conv]) on LP64: the first row whose type either operand has
// wins. A long represents every unsigned int, so int64 beats uint32.
const Scalar kCxxConversionOrder[] = {Scalar::kUInt64, Scalar::kInt64, Scalar::kUInt32, Scalar::kInt32};

}  // namespace

bool IsUnsigned(Scalar s) { return IsInteger(s) && !IsSigned(s); }

Scalar NumbaIntegerBinary(std::string_view op, Scalar a, Scalar b) {
  if (!IntLike(a) || !IntLike(b)) return Scalar::kUnknown;
  for (const auto& row : kNumbaOperators) {
    if (row.op != op) continue;
    switch (row.rule) {
      case NumbaRule::kBoolsOrSigned:
        if (a == Scalar::kBool && b == Scalar::kBool) return Scalar::kBool;
        [[fallthrough]];
      case NumbaRule::kSignedWins:
        return IsUnsigned(a) && IsUnsigned(b) ? Scalar::kUInt64 : Scalar::kInt64;
      case NumbaRule::kLeftOperand:
        return IsUnsigned(a) ? Scalar::kUInt64 : Scalar::kInt64;
    }
  }
  return Scalar::kUnknown;
}

Scalar NumbaIntegerUnary(std::string_view op, Scalar a) {
  if (!IntLike(a)) return Scalar::kUnknown;
  for (const auto& row : kNumbaUnary)
    if (row.op == op) {
      if (a == Scalar::kBool) return row.keeps_bool ? Scalar::kBool : Scalar::kInt64;
      return IsUnsigned(a) ? Scalar::kUInt64 : Scalar::kInt64;
    }
  return Scalar::kUnknown;
}

std::optional<Scalar> IntegerCastTarget(std::string_view name) {
  for (const auto& row : kIntegerCasts)
    if (row.name == name) return row.target;
  return std::nullopt;
}

uint64_t WrapInteger(uint64_t value, Scalar s) {
  int bits = BitWidth(s);
  if (!IsInteger(s) || bits >= 64) return value;
  uint64_t mask = (uint64_t{1} << bits) - 1;
  uint64_t v = value & mask;
  if (IsSigned(s) && (v >> (bits - 1)) & 1) v |= ~mask;  // sign-extend
  return v;
}

Scalar CxxPromoted(Scalar s) {
  for (const auto& row : kCxxPromotions)
    if (row.from == s) return row.to;
  return s;
}

Scalar CxxIntegerBinary(std::string_view op, Scalar a, Scalar b) {
  if (!IntLike(a) || !IntLike(b)) return Scalar::kUnknown;
  Scalar pa = CxxPromoted(a), pb = CxxPromoted(b);
  if (op == "<<" || op == ">>") return pa;
  for (Scalar s : kCxxConversionOrder)
    if (pa == s || pb == s) return s;
  return Scalar::kUnknown;
}

bool CxxComparesValues(Scalar a, Scalar b) {
  if (!IntLike(a) || !IntLike(b)) return true;
  Scalar pa = CxxPromoted(a), pb = CxxPromoted(b);
  if (IsUnsigned(pa) == IsUnsigned(pb)) return true;
  Scalar u = IsUnsigned(pa) ? pa : pb, s = IsUnsigned(pa) ? pb : pa;
  // The signed operand converts to the unsigned type unless it is wider.
  return BitWidth(s) > BitWidth(u);
}

}  // namespace caramba
