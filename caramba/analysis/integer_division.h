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
//
// A zero divisor: Numba raises ZeroDivisionError, except in the body of a
// prange loop of a parallel=True kernel and under error_model="numpy", where
// it gives 0. A kernel cannot raise, so where Numba raises and the divisor is
// not a nonzero literal, a use becomes a call of the checked helper
// (`_pk_floordiv_checked(a, b, zero_division)`), which records the message's
// code in the workunit's one-element flag view; the caller raises after the
// dispatch (caller_writer.cpp).
//
// uint64 operands (both) use their own helpers: the int64 ones would see
// values above 2**63 as negative.
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace caramba {

struct LowerEnv;
class Node;

/// The codes a workunit's zero-division flag holds (0: no zero divisor),
/// one per message Numba raises with.
enum ZeroDivisionCode : int { kIntegerDivisionByZero = 1, kIntegerModuloByZero = 2 };
/// Numba's message for `code` ("integer division by zero").
const char* ZeroDivisionMessage(int code);
/// The name of the flag parameter (and the caller's variable), unless taken.
inline constexpr std::string_view kZeroDivisionFlag = "zero_division";

/// True when a division by `divisor` at its position must report a zero
/// divisor (LowerEnv::zero_division is set, the position is not one where
/// Numba gives 0, and `divisor` is not a nonzero integer literal).
bool ChecksZeroDivision(const Node& divisor, const LowerEnv& env);

/// Names of the helpers (within Caramba's reserved `_pk_` prefix).
inline constexpr std::string_view kFloorDivFunction = "_pk_floordiv";
inline constexpr std::string_view kModFunction = "_pk_mod";

/// `x // y` on integers (dialect texts): the helper's call; records the use.
/// `checked`: the divisor may be zero where Numba raises (ChecksZeroDivision);
/// `u64`: both operands are uint64.
std::string IntFloorDiv(const std::string& x, const std::string& y, LowerEnv& env, bool checked = false,
                        bool u64 = false);
/// `x % y` on integers: the helper's call, or for a positive literal divisor
/// the short inline form `((x % c + c) % c)` (exact: |x % c| < c).
std::string IntPyMod(const std::string& x, const std::string& y, LowerEnv& env, bool checked = false,
                     bool u64 = false);

/// True when `text` is one whole call of a helper (`_pk_mod(a, b)`, not
/// `_pk_mod(a, b) + 1`): an atom that needs no parentheses.
bool IsHelperCall(std::string_view text);

/// The definitions of the helpers used (each followed by two blank lines),
/// indented with `indent` and ending lines with `newline`; empty if none.
/// `used`: the names of the helpers called (LowerEnv::division_helpers); a
/// checked helper brings the plain one it calls.
std::string IntegerDivisionFunctions(const std::set<std::string, std::less<>>& used, std::string_view indent,
                                     std::string_view newline);
/// The same for the two int64 helpers alone.
std::string IntegerDivisionFunctions(bool floordiv, bool mod, std::string_view indent, std::string_view newline);

}  // namespace caramba
