// function_zero_division.h — the @pk.functions that take the zero-division
// flag of the workunit that calls them.
//
// A jitted helper raises ZeroDivisionError for an integer `//` or `%` by
// zero under its own error model (Numba's default, "python"), whatever
// kernel calls it: a serial one, one under error_model="numpy", a parallel
// one (measured with Numba 0.56: only a helper decorated with
// error_model="numpy" gives 0). A kernel cannot raise, so the workunit keeps
// a one-element flag view (integer_division.h); a helper that may divide by
// zero takes that view as its last parameter, its checked divisions record
// the message's code in it, and every call passes the caller's flag on, so
// the caller of the workunit raises after the dispatch. The flag is a view
// parameter of a @pk.function, which upstream PyKokkos accepts (the checked
// division helpers are such functions).
//
// A function takes the flag when its own body (under the default error
// model) has an integer-looking `//`, `%`, `//=` or `%=` whose divisor is not
// a nonzero integer literal, or when it calls a function that takes it
// (computed to a fixed point). The test is by operator, before types: a
// float division there only costs an unused parameter.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/module_analysis.h"
#include "caramba/syntax.h"

namespace caramba {

/// Per @pk.function name, the ZeroDivisionCodes (integer_division.h) its
/// divisions, or those of the functions it calls, may leave in the flag.
/// A function that is not listed takes no flag.
using FunctionZeroDivision = std::map<std::string, std::set<int>>;

FunctionZeroDivision ComputeFunctionZeroDivision(const Tree& tree, const ModuleInfo& mod,
                                                 const std::vector<KernelPlan>& functions);

}  // namespace caramba
