// integer_division.h — Python's integer `//` and `%` in kernels, as calls of
// two small @pk.functions the translation defines once per file.
//
// The dialect's `//` truncates toward zero and to 32 bits, its `%` is C's
// remainder (the sign of the dividend), and a double quotient is wrong above
// 2**53 (pykokkos-dialect.md §3.3, §6). Numba's are floor division and a
// remainder with the divisor's sign, exact on all of int64. Rather than a
// dozen inline temporaries per use, a use becomes `_pk_floordiv(a, b)` or
// `_pk_mod(a, b)` (an expression, so it fits in while and elif conditions
// too) and the file gets the definitions of the helpers it calls.
#pragma once

#include <string>
#include <string_view>

namespace caramba {

struct LowerEnv;

/// Names of the helpers (within Caramba's reserved `_pk_` prefix).
inline constexpr std::string_view kFloorDivFunction = "_pk_floordiv";
inline constexpr std::string_view kModFunction = "_pk_mod";

/// `x // y` on integers (dialect texts): the helper's call; records the use.
std::string IntFloorDiv(const std::string& x, const std::string& y, LowerEnv& env);
/// `x % y` on integers: the helper's call, or for a positive literal divisor
/// the short inline form `((x % c + c) % c)` (exact: |x % c| < c).
std::string IntPyMod(const std::string& x, const std::string& y, LowerEnv& env);

/// True when `text` is one whole call of a helper (`_pk_mod(a, b)`, not
/// `_pk_mod(a, b) + 1`): an atom that needs no parentheses.
bool IsHelperCall(std::string_view text);

/// The definitions of the helpers used (each followed by two blank lines),
/// indented with `indent` and ending lines with `newline`; empty if none.
std::string IntegerDivisionFunctions(bool floordiv, bool mod, std::string_view indent, std::string_view newline);

}  // namespace caramba
