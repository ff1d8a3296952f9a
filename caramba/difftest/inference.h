// inference.h — inputs for a kernel that has neither a run marker nor a
// cases-file entry, generated from what the kernel's text says about its
// parameters (design.md §4, step 2):
//   * eager signatures give exact types;
//   * otherwise a parameter that is subscripted, has .shape, goes through
//     len() or is iterated is an array; its rank is the deepest indexing (or
//     the number of names `a, b = p.shape` unpacks into), also across calls to
//     other kernels of the module (`g(p[i])` where g indexes its parameter
//     makes p one rank deeper, the thesis's snippet 2.2); its elements are
//     integers when they are used as indices or range bounds;
//   * an integer parameter used as a range bound whose loop variable indexes
//     arrays is the arrays' extent; a bound of a loop that indexes nothing is
//     an iteration count (small); one used inside an index stays in range;
//   * every array gets the same extent per dimension, so parameters that
//     share an extent agree; the extent makes the work (extent^max(rank,
//     loop depth)) about N, so a small and a medium N give a small and a
//     medium run;
//   * a parameter that is called, or used as an object (p.foo), cannot be
//     made up: the kernel is reported not-tested with that reason.
#pragma once

#include <string>
#include <vector>

#include "caramba/difftest/cases.h"
#include "caramba/module_analysis.h"
#include "caramba/syntax.h"

namespace caramba::difftest {

/// What the generator decided about one parameter (exposed for tests).
struct ParamGuess {
  std::string name;
  enum class Kind { kArray, kInt, kFloat, kBool, kComplex, kOmitted } kind = Kind::kFloat;
  std::string dtype = "float64";  // NumPy name (arrays: element type)
  int rank = 0;
  char order = 'C';
  enum class Role { kNone, kBound, kIndex, kCount } role = Role::kNone;
  int min_extent = 1;
};

struct Inference {
  std::vector<ParamGuess> params;
  int work_rank = 1;        // the exponent relating extent and N
  std::string not_tested;   // why inputs cannot be made ("" when they can)
};

/// Infers the parameters of `kernel` (a kernel of `module`, parsed as `tree`).
Inference InferParams(const Tree& tree, const ModuleInfo& module, const Kernel& kernel);

/// Generated cases: one per size level, from InferParams. Sets `not_tested`
/// instead when inputs cannot be made.
std::vector<Case> GenerateCases(const Tree& tree, const ModuleInfo& module, const Kernel& kernel,
                                const SizeTable& sizes, std::string* not_tested);

}  // namespace caramba::difftest
