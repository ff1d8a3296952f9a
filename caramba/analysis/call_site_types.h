// call_site_types.h — kernel argument types from the module's own calls.
//
// A script, a notebook turned into a module or a test file calls its kernels
// itself: `a = np.random.rand(1000); smooth(a, 3)` under `if __name__ ==
// "__main__":`, at module level, or in a test function. When every argument
// of every such call has a type that NumPy's and Numba's rules fix (an
// allocation and its dtype, a literal, NumPy's promotion of arithmetic, a
// plain helper function returning such a value), those are the types Numba
// compiles for that call, and they are evidence of the same standing as
// recorded ones (type_inference.h, FindRecordedTypes).
//
// Never a guess: a call whose argument is not evident (a parameter of the
// enclosing function, a file read, an unknown call, a name bound twice to
// different types, a subscript) gives its kernel no evidence at all.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/syntax.h"
#include "caramba/types.h"

namespace caramba {

struct CallSiteEvidence {
  /// Kernel name -> the distinct argument-type lists its calls pass, in the
  /// order first seen. Only kernels every call of which is evident.
  std::map<std::string, std::vector<std::vector<Type>>> signatures;
  /// Kernel name -> why a call of it gives no evidence ("line 40: argument
  /// 'a' is a parameter of 'run'"); for kernels called but not evident.
  std::map<std::string, std::string> missing;
};

/// The argument types of the module-level @njit/@jit kernels of `mod`, from
/// their calls in the module's Python code (module level, `__main__` blocks,
/// plain functions), never from calls inside jitted code.
CallSiteEvidence CallSiteTypes(const Tree& tree, const ModuleInfo& mod);

/// The type of `expr` as Numba would type the value the module computes for
/// it (exposed for tests): kUnknown scalar when it is not evident. `scope`
/// is the function_definition whose body holds it, or the module root.
Type EvidentType(const Tree& tree, const ModuleInfo& mod, const Node& scope, const Node& expr);

}  // namespace caramba
