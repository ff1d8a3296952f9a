// module_constants.h — module-level numbers that kernels read.
//
// Numba freezes the module-level names a kernel reads as compile-time
// constants (`N = 100`, `G = 6.674e-11`, `TWO_PI = 2 * np.pi`). A PyKokkos
// workunit cannot see module globals, so the ConstantInliner writes the value
// into the kernel instead: for a name bound exactly once in the whole module,
// at its top level, to an expression of numbers, arithmetic, math/NumPy's pi
// and e and other such constants, the value the kernel sees is the same. A
// tuple of such numbers (`W = (0.25, 0.5, 0.25)`) is inlined where the kernel
// indexes it with a literal index or takes its len().
//
// Names that do not qualify keep their CRB123 refusal, and
// `ModuleNameHelp` says why: assigned again (in the module or through
// `global` in a function), bound inside a block, a NumPy array (Numba freezes
// a copy of a global array; pass it as a parameter), or another kind of value.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/rewrite.h"
#include "caramba/syntax.h"

namespace caramba {

struct ModuleConstants {
  /// Name -> value text, ready to stand as an operand (parenthesized unless
  /// it is a plain literal).
  std::map<std::string, std::string> values;
  /// Tuples of numbers: name -> the elements' value texts.
  std::map<std::string, std::vector<std::string>> tuples;
  /// Module-level names that are not constants a kernel can inline, and why.
  std::map<std::string, std::string> refused;
};

/// The module's constants, from its top-level statements.
ModuleConstants FindModuleConstants(const Tree& tree, const ImportTable& imports);

/// The edits that write the values of the constants `kernel` reads into its
/// body (names the kernel binds itself are its own and stay).
std::vector<Edit> InlineConstants(const Tree& tree, const Kernel& kernel, const ModuleConstants& constants);

/// `ord('G')` of a one-character string literal, as its code (71): Numba
/// folds it to an integer constant, and the dialect has no strings. Not
/// when the module or the kernel binds the name `ord` itself.
std::vector<Edit> FoldOrdOfLiterals(const Tree& tree, const Kernel& kernel);

/// The help of a CRB123 refusal for the module-level name `name`: why it is
/// not a constant Caramba can inline, and what to do.
std::string ModuleNameHelp(const Tree& tree, const ImportTable& imports, const std::string& name);

}  // namespace caramba
