// lowering.h — rewrites of expressions the PyKokkos dialect lacks into forms
// it has, with Python/Numba semantics kept (pykokkos-dialect.md §3.3, §6):
// chained comparisons, ternaries, mixed and/or, integer min/max, `//` and `%`
// with floor semantics, int()/float() casts, round(), scalar NumPy math.
//
// Some rewrites need statements before the statement that uses the value (a
// declared temporary, an `if`): they are returned as a prelude. The
// KernelPlan analysis uses the same code to find expressions whose prelude
// would have nowhere to go (a while or elif condition) and refuses those
// kernels before any visitor changed them.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "caramba/analysis/scalar_types.h"
#include "caramba/syntax.h"

namespace caramba {

struct LowerEnv {
  const TypeTable& types;
  const ImportTable& imports;
  std::string indent_unit = "    ";  // one indentation level of the file
  int temp_counter = 0;             // _pk_t0, _pk_t1, ... per kernel
  bool uses_math = false;           // the output needs `import math`
  /// The integer division helpers called (integer_division.h), by name.
  std::set<std::string, std::less<>> division_helpers;
  /// The workunit's zero-division flag (integer_division.h), or "" where a
  /// zero divisor raises nothing in Numba (error_model="numpy").
  std::string zero_division;
  /// The name of the flag, also where its own divisions raise nothing: the
  /// @pk.functions that take the flag (function_zero_division.h) get it as
  /// their last argument, and their codes join zero_division_codes.
  std::string zero_division_flag;
  std::map<std::string, std::set<int>> helper_zero_division;
  /// Byte ranges where Numba gives 0 for a zero divisor instead of raising:
  /// the bodies of prange loops of a parallel=True kernel.
  std::vector<std::pair<uint32_t, uint32_t>> no_raise_ranges;
  /// The ZeroDivisionCodes the checked calls may leave in the flag.
  std::set<int> zero_division_codes;
  /// Loop variables of serial `for` loops: 32-bit in the dialect, 64-bit in
  /// Numba, so products of them are widened through an int64 temporary.
  std::set<std::string, std::less<>> int32_names;
  /// Calls to other jitted functions, by the call's start byte: the name of
  /// the @pk.function they call instead (call_graph.h).
  std::map<uint32_t, std::string> renamed_calls;
  /// The extents @pk.functions take as int parameters (function_extents.h):
  /// per function name, (index of the array parameter, dimension), in the
  /// order they follow its own parameters. Calls append them.
  std::map<std::string, std::vector<std::pair<size_t, int>>> helper_extents;
  /// In a @pk.function: its own extent parameters, by (array, dimension);
  /// `a.extent(d)` reads the parameter instead.
  std::map<std::pair<std::string, int>, std::string> extent_names;
  /// Locals bound only to non-negative values (NonNegativeLocals).
  std::set<std::string, std::less<>> nonnegative_names;
  /// The types of the expressions lowered so far (`types` never changes
  /// while the env lives): each binary operator asks for its operands' types,
  /// and without it a chain of n operators walks its terms n times.
  mutable TypeMemo type_memo;

  LowerEnv(const TypeTable& t, const ImportTable& i) : types(t), imports(i) {}
  std::string NewTemp() { return "_pk_t" + std::to_string(temp_counter++); }
};

/// Statements to place before the lowered statement, one per line, without
/// the statement's own indentation (nested lines carry `indent_unit`s).
using Prelude = std::vector<std::string>;

/// The dialect form of `e`.
std::string LowerExpr(const Node& e, LowerEnv& env, Prelude& prelude);

/// The dialect form of the right-hand side of `target = e` where the target
/// has type `target`: integer-valued rewrites (`//`, int(), math.floor …) need
/// no temporary there because the declared target converts the value.
std::string LowerAssignedValue(const Node& e, Scalar target, LowerEnv& env, Prelude& prelude);

/// Prepends `indent` to every line of `lines` and joins them with `newline`,
/// each line followed by `newline`.
/// The targets of `for` loops that the dialect runs with a 32-bit variable:
/// every range loop, and prange loops unless the kernel is parallel (then the
/// prange variable is declared pk.int64 by the SemanticTransformer).
std::set<std::string, std::less<>> Int32LoopVariables(const Node& body, const ImportTable& imports, bool parallel);

/// True when `e` is certainly +0.0 or more, +inf or NaN (never -0.0, -inf or
/// another negative value): literals, sums, quotients and products of such
/// values, a pure value times itself, even integer powers, abs/fabs/exp/hypot
/// and the square root of such a value. `e ** 0.5` equals `math.sqrt(e)` then.
/// Identifiers count when they are in `names` (locals bound only to such values).
bool NonNegativeValue(const Node& e, const ImportTable& imports,
                      const std::set<std::string, std::less<>>* names = nullptr);

/// The locals of `body` bound only to non-negative values (NonNegativeValue):
/// every assignment to them is one, and augmented ones only add or multiply
/// such values. Parameters and loop variables never count.
std::set<std::string, std::less<>> NonNegativeLocals(const Node& body, const ImportTable& imports);

std::string JoinLines(const Prelude& lines, const std::string& indent, std::string_view newline);

}  // namespace caramba
