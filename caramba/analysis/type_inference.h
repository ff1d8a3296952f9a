// type_inference.h — the types of one kernel's parameters and locals, and the
// evidence behind each.
//
// Two sources behind one interface:
//   - recorded types: what Numba itself inferred — an eager signature in the
//     decorator, else the type profile (`caramba record`, type_profile.h);
//   - static inference: what the kernel's text proves (subscripts, shapes,
//     range bounds, allocations, Numba's promotion rules), the fallback.
// Static inference never decides a type that changes the translation without
// evidence: a parameter that may be a scalar or an array, an array used where
// only a higher rank makes sense, and an assumed dtype that changes a
// declaration or an operator are reported (`Evidence::missing`), and the plan
// refuses the kernel (CRB140) instead of writing code for a guess.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "caramba/analysis/scalar_types.h"
#include "caramba/diagnostics.h"
#include "caramba/module_analysis.h"
#include "caramba/options.h"
#include "caramba/syntax.h"
#include "caramba/types.h"

namespace caramba {

/// Types Numba recorded for a kernel: its eager signature, else its profile.
struct RecordedTypes {
  std::string source;             // "eager signature" or "type profile"
  std::vector<Type> params;       // in parameter order
  std::optional<Type> result;
  TypeTable locals;               // the profile's typemap (empty for eager signatures)
  /// Why the recorded types cannot drive one translation (several signatures
  /// that need different source, or a type Caramba cannot model); empty if
  /// they can.
  std::string conflict;
  std::string unsupported;
};

/// The kernel's recorded types, if any. With several eager signatures or
/// profiled signatures, they must agree on every parameter's kind, rank and
/// dtype (the translation is one source text): otherwise `conflict` says how
/// they differ. `path` is the file as given to the translator.
std::optional<RecordedTypes> FindRecordedTypes(const Kernel& kernel, std::string_view path,
                                               const TranslateOptions& options);

class StaticTyping;

/// A reason the types cannot drive one translation (the kernel stays Numba).
struct TypeRefusal {
  DiagId id;
  std::string message;  // after "'<kernel>': "
  std::string help;
};

/// A kernel's parameter types, and how each is known.
struct ParamTyping {
  TypeTable types;
  std::optional<RecordedTypes> recorded;   // set when the types are Numba's
  std::set<std::string> unknown_dtype;     // static: arrays whose float64 dtype is assumed
  std::set<std::string> assumed_float;     // static: scalars whose float64 type is assumed
  std::set<std::string> no_kind_evidence;  // static: may be scalars or arrays (typed kUnknown)
  std::vector<TypeRefusal> refusals;
};

/// The one entry for a kernel's parameter types: the recorded types when
/// there are any, else static inference (`ranks` from ArrayRanks), which
/// refuses what it has no evidence for.
ParamTyping TypeParameters(const Kernel& kernel, const std::vector<std::string>& params, std::string_view path,
                           const TranslateOptions& options, const StaticTyping& typing,
                           const std::map<std::string, int>& ranks);

/// What a CRB140 refusal tells the user to do.
extern const char* const kRecordTypesHelp;

/// What static inference reads of one kernel.
struct TypingScope {
  Node def, body;
  const ModuleInfo* mod = nullptr;
  std::vector<std::string> params;
  std::set<std::string> locals;     // assigned names that are not parameters
  std::set<std::string> loop_vars;
  /// Calls to jitted helpers, with their result for argument types (the call
  /// graph specialises the helper) and the ranks the helper needs.
  std::vector<Node> helper_calls;
  std::function<Type(const Node& call, const TypeTable& types)> call_result;
  std::function<std::vector<int>(const std::string& helper)> helper_ranks;
};

/// The key under which a helper call's result type sits in a TypeTable
/// (TypeOfExpr looks calls up by it, scalar_types.h).
std::string CallTypeKey(const Node& call);

class StaticTyping {
 public:
  explicit StaticTyping(TypingScope scope);

  /// Lower bounds of array ranks from the body: subscript depth, `.shape`,
  /// `len`, helpers' needs, vectors of np.dot/np.linalg.norm.
  std::map<std::string, int> ArrayRanks() const { return ranks_; }
  /// The scalar type a parameter's uses prove: int64 as a range bound or an
  /// index, bool as a bare condition; kUnknown when nothing proves one.
  Scalar ScalarParamType(const std::string& p) const;
  /// The scalar type a phase kernel's parameter is annotated with
  /// (`m: "float64"`, written by the PhaseLowering from its kernel's types),
  /// or kUnknown.
  Scalar AnnotatedScalar(const std::string& p) const;
  /// True when some use of `p` only makes sense for a scalar (an index, a
  /// range bound, a condition, a math function, an element store, a scalar
  /// local): without it, `p` may be an array (`a * x + b`, `A @ x`).
  bool HasScalarUse(const std::string& p) const;
  bool IsUsed(const std::string& p) const;
  /// Array parameters of `unknown_dtype` whose elements serve as indices or
  /// loop bounds: they hold integers.
  std::set<std::string> IntegerIndexArrays(const std::set<std::string>& unknown_dtype) const;
  /// Arrays of `ranks` subscripted with their full depth where the result is
  /// used as an array (reduced, measured, sliced again, multiplied with `@`):
  /// their rank is higher than the subscripts say.
  std::vector<std::pair<std::string, Node>> DeeperThanIndexed(const std::map<std::string, int>& ranks,
                                                              const TypeTable& types) const;
  /// The type of a NumPy allocation call (`np.zeros((n, m), dtype=np.int64)`).
  Type AllocationType(const Node& call, const TypeTable& types) const;
  /// Local types by Numba's unification rules, to a fixed point. Helper call
  /// results are looked up only when `with_calls` (an alternative typing keeps
  /// the real one's: no specialisations for hypothetical types).
  void LocalFixpoint(TypeTable& types, bool with_calls) const;
  /// The names of `assumed` (arrays of assumed dtype, scalars of assumed
  /// type) whose dtype decides the translation: typed as int64 instead, a
  /// local's declaration, the return type or the operands of an operator
  /// whose lowering depends on integer-ness change.
  std::vector<std::string> DtypeDecides(const TypeTable& types, const std::set<std::string>& assumed) const;

 private:
  /// ArrayRanks(), computed once by the constructor (it walks the body
  /// and asks the call graph for helpers' ranks, which are memoised).
  std::map<std::string, int> ComputeArrayRanks() const;
  bool InScalarContext(const Node& n) const;
  /// The first ancestor of n that is not arithmetic on the way up (and its
  /// child on the path): memoised for every node passed, so the identifiers
  /// of an N-term sum climb it in O(N) together, not O(N^2).
  std::pair<Node, Node> ClimbArithmetic(const Node& n) const;
  /// n.Parent(), from a table built by one walk of the def (tree-sitter
  /// finds a parent by descending from the root, on every call).
  Node ParentOf(const Node& n) const;
  std::set<std::string> IndexLocals() const;
  std::set<std::string> LiteralLocals() const;

  TypingScope s_;
  std::map<std::string, int> ranks_;        // ArrayRanks(), once
  std::set<std::string> scalar_locals_;     // locals only a scalar can be
  mutable std::map<const void*, Node> parents_;  // ParentOf's table, by node id
  mutable std::map<const void*, std::pair<Node, Node>> climbs_;  // ClimbArithmetic's, by node id
  // ScalarParamType per parameter and IndexLocals, computed on first use:
  // the body does not change during a StaticTyping's life, and the plan asks
  // for each parameter several times (TypeParameters, HasScalarUse,
  // CheckStaticEvidence), each a walk of the body.
  mutable std::map<std::string, Scalar> scalar_param_;
  mutable std::optional<std::set<std::string>> index_locals_;
  Scalar ComputeScalarParamType(const std::string& p) const;
};

}  // namespace caramba
