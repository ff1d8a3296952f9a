// integer_lowering.h — integer expressions with unsigned operands and NumPy's
// integer scalar casts (np.uint32(x), np.int8(x)), lowered so that the
// dialect's C++ computes what Numba computes.
//
// Numba computes every integer operation in int64 or uint64 by its own table
// (integer_typing.h: uint32 * uint32 is a uint64, uint64 + 1 an int64); C++
// computes in the operands' promoted types (uint32 * uint32 wraps at 32
// bits, uint64 + 1 stays unsigned). The lowering knows the C++ type of each
// lowered expression (CxxTypeOf) and converts an operand through a declared
// temporary of Numba's type where the two would differ, so every lowered
// integer expression holds Numba's value in a C++ type of Numba's signedness.
// A cast of a literal is folded into the literal (np.uint32(0xFFFFFFFF) is
// 4294967295); a cast whose operand always fits is the operand itself.
#pragma once

#include <optional>
#include <string>

#include "caramba/analysis/lowering.h"

namespace caramba {

/// The C++ type the dialect gives the lowered form of the int-like `e`
/// (Numba's type for everything else).
Scalar CxxTypeOf(const Node& e, LowerEnv& env);

/// True for a binary operator on integers the exact lowering handles (an
/// operand of an unsigned Numba type).
bool IsUnsignedArithmetic(const Node& e, LowerEnv& env);

/// `a op b` on integers with an unsigned operand (IsUnsignedArithmetic).
std::string LowerUnsignedBinary(const Node& e, LowerEnv& env, Prelude& pre);

/// A two-operand integer comparison: the unsigned operand widened where C++
/// would convert a negative signed operand to unsigned; "" when `e` needs
/// nothing of the kind.
std::string LowerIntegerComparison(const Node& e, LowerEnv& env, Prelude& pre);

/// `-x` and `~x` of a narrow unsigned x: Numba computes them in x's width
/// (~np.uint8(5) is 250); "" for anything else.
std::string LowerUnsignedUnary(const Node& e, LowerEnv& env, Prelude& pre);

/// The integer cast target of the call `e` (`np.uint32(x)`), if it is one.
std::optional<Scalar> IntegerCastOf(const Node& e, const ImportTable& imports);

/// A non-negative integer literal, or a cast of a literal whose value is
/// one (np.uint32(0xFFFFFFFF)): C++ converts it to any integer type unchanged.
bool IsNonNegativeIntegerConstant(const Node& e, const ImportTable& imports);

/// `np.T(x)` for an int-like or literal x. With `target` (the type of the
/// variable the value is assigned to, or Scalar::kUnknown), a cast to that
/// same type is left to the assignment's conversion.
std::string LowerIntegerCast(const Node& e, Scalar cast, Scalar target, LowerEnv& env, Prelude& pre);

/// The value of an integer literal node (`0xFF`, `1_000`), or of a unary
/// minus of one, as two's complement bits; nullopt for anything else or a
/// value beyond 64 bits.
std::optional<uint64_t> IntegerLiteralBits(const Node& e);

}  // namespace caramba
