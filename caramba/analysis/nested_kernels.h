// nested_kernels.h — kernels defined inside a function (or a block) lifted
// to module level.
//
// PyKokkos finds workunits only among a module's top-level functions, yet
// real code defines kernels in factories (`def make(): @njit def k ...;
// return k`), inside `main()` or under `if __name__ == "__main__":`. The
// NestedKernelLifting writes such a kernel, still in Numba spelling, as a
// top-level kernel named after its qualified name (`make.<locals>.inner` ->
// `make_inner`, whose workunit is `_pk_make_inner`, workunit_names.h), and
// leaves in its place a plain def with the kernel's own name and signature
// that returns the lifted kernel's result:
//
//   @njit                                  def make(factor):
//   def make_inner(x, factor):                 def inner(x):
//       ...                                        return make_inner(x, factor)
//                                              return inner
//
// Every later visitor then sees an ordinary top-level kernel, whose drop-in
// caller is called by the nested def. Names the kernel reads from the
// enclosing function (its closure) become trailing parameters, passed by the
// nested def, which sees them: Numba froze their values when the kernel
// compiled, and a closure bound once, before the kernel, has that value at
// every call. A closure the enclosing function binds again, binds as a loop
// variable, a function or an import, and kernels inside classes (but static
// methods of a module-level class, which read the module's names only: the
// def left in place keeps `@staticmethod`) or two functions deep stay Numba
// code (CRB122, the message says why). A closure
// the lifted kernel's types make an array is refused by the KernelPlan:
// Numba froze a copy of it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/rewrite.h"
#include "caramba/syntax.h"

namespace caramba {

/// The top-level name of a lifted kernel: its qualified name with
/// `.<locals>.` written `_` (`make.<locals>.inner` -> `make_inner`); a kernel
/// of a block, whose qualified name is its own name, gets `_kernel` added
/// (`norm2` -> `norm2_kernel`). PlanLift refuses a name the module spells.
std::string LiftedName(std::string_view qualname);

/// How a kernel that is not a top-level statement becomes one.
struct LiftPlan {
  std::string name;                  // the lifted kernel's name
  std::vector<std::string> closure;  // names of the enclosing function it reads, in order
};

/// Whether kernel `k` of `tree` is lifted: `applies` is false for kernels
/// that are top-level statements already (and kinds never translated);
/// otherwise `plan` or, when it cannot be lifted, `why` and `help`.
struct LiftDecision {
  bool applies = false;
  std::optional<LiftPlan> plan;
  std::string why, help;
};
LiftDecision PlanLift(const Tree& tree, const ModuleInfo& mod, const Kernel& k);

/// The edits that lift `k` as `plan` says.
std::vector<Edit> LiftEdits(const Tree& tree, const Kernel& k, const LiftPlan& plan);

/// A lifted kernel found in a text the lifting produced: the nested def that
/// calls it, the qualified name the kernel had, and its closure parameters.
struct LiftedKernel {
  Node forwarder;  // the nested def with the kernel's name
  std::string qualname;
  std::vector<std::string> closure;
};
std::optional<LiftedKernel> FindLifted(const Tree& tree, std::string_view lifted_name);

/// Module-level names bound to a kernel its factory returns: for
/// `make.<locals>.inner`, every top-level `g = make(...)` where the top-level
/// function `make` returns `inner` (difftest calls the kernel through them).
std::vector<std::string> FactoryBindings(const Tree& tree, const Kernel& k);

/// Maps diagnostics about lifted kernels back to the input: a position
/// inside a lifted kernel of the current text to the same line and column
/// of the kernel where the input defines it, and the lifted name in a
/// message to the kernel's qualified name.
class LiftedPositions {
 public:
  LiftedPositions(const Tree& current, const ModuleInfo& current_module, std::string_view input,
                  const ModuleInfo& input_module);
  bool Empty() const { return kernels_.empty(); }
  /// The input position of `pos`, or nullopt when `pos` is in no lifted kernel.
  std::optional<uint32_t> Back(uint32_t pos) const;
  std::string Message(std::string message) const;

 private:
  struct Span {
    std::string lifted, qualname;
    uint32_t start = 0, end = 0;  // the lifted kernel in the current text
    uint32_t input_start = 0;     // its decorators in the input
    uint32_t indent = 0;          // the input's indentation of it
  };
  std::vector<Span> kernels_;
  std::string current_;  // the text the lifting wrote
  std::string_view input_;
};

}  // namespace caramba
