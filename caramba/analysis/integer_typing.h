// integer_typing.h — the types of scalar integer operations, twice: as
// Numba 0.56 types them (the semantics a translation keeps) and as the
// dialect's C++ computes them (what the emitted code does unless it is told
// otherwise). The lowering compares the two and converts operands where they
// differ (lowering.cpp); the KernelPlan refuses what no conversion can fix
// (plan_integers.cpp).
//
// Both are tables of rules per operator (integer_typing.cpp), measured: every
// pair of bool, int8 ... uint64 operands under every operator, with Numba
// 0.56.4 (scalar arguments and literals), and the C++ rules of integral
// promotion and the usual arithmetic conversions for the types the runtime's
// kernel compiler gives each expression.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "caramba/types.h"

namespace caramba {

/// True for the unsigned integer scalars.
bool IsUnsigned(Scalar s);

/// Numba's type of `a op b` for two int-like operands (integers or bool):
/// `+ - * // % **` compute in int64 when either operand is signed (or bool),
/// in uint64 when both are unsigned; `& | ^` the same, except that two bools
/// stay bool; `<< >>` take the left operand's signedness. Unknown for other
/// operators or operands.
Scalar NumbaIntegerBinary(std::string_view op, Scalar a, Scalar b);

/// Numba's type of the unary `-x`, `+x`, `~x` on an int-like x: uint64 for
/// unsigned x, int64 for signed x; `~` keeps a bool, `-`/`+` make it int64.
Scalar NumbaIntegerUnary(std::string_view op, Scalar a);

/// The integer type a NumPy scalar cast names (`np.uint32`, `np.intp`), or
/// nullopt when the name is not an integer type.
std::optional<Scalar> IntegerCastTarget(std::string_view numpy_name);

/// The two's complement bits of `value` converted to `s` (wraparound, as
/// np.uint8(300) == 44 and np.int8(200) == -56), sign-extended to 64 bits for
/// signed types.
uint64_t WrapInteger(uint64_t value, Scalar s);

/// The C++ type of an int-like value of type `s` after integral promotion
/// (bool, 8- and 16-bit types become int32).
Scalar CxxPromoted(Scalar s);

/// The type C++ computes `a op b` in, for operands of C++ types a and b:
/// the left operand's promoted type for shifts, the usual arithmetic
/// conversions otherwise (an unsigned 64-bit operand makes the other unsigned).
Scalar CxxIntegerBinary(std::string_view op, Scalar a, Scalar b);

/// Whether C++ compares values of C++ types a and b as numbers (as Numba
/// does): false where the usual arithmetic conversions turn a negative
/// signed operand into a large unsigned one (int32 with uint32, any signed
/// type with uint64).
bool CxxComparesValues(Scalar a, Scalar b);

}  // namespace caramba
