// scalar_types.h — static typing of kernel expressions with Numba's rules
// (Python ints are int64, floats float64, mixed arithmetic promotes, `/` gives
// a float, comparisons bool). Used by the KernelPlan analysis to declare every
// local with an annotation and by the SemanticTransformer to pick lowerings
// (`//` on ints vs floats, min/max, casts).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>

#include "caramba/module_analysis.h"
#include "caramba/syntax.h"
#include "caramba/types.h"

namespace caramba {

/// Types of the names visible in one kernel (parameters, locals, loop
/// variables). Arrays have rank > 0.
using TypeTable = std::map<std::string, Type, std::less<>>;

/// Types already computed for the nodes of one tree under one TypeTable,
/// by node. A caller that asks for the type of every operand of a chain
/// (`a + b + c + ...`: each level asks for its left operand, which is the
/// rest of the chain) passes one, so the chain costs its length, not its
/// square. Valid only while the tree and the table are unchanged.
class TypeMemo {
 public:
  const Type* Find(const Node& n) const {
    auto it = types_.find(Key(n));
    return it == types_.end() ? nullptr : &it->second;
  }
  void Put(const Node& n, const Type& t) { types_[Key(n)] = t; }

 private:
  struct KeyHash {
    size_t operator()(const std::pair<const void*, uint32_t>& k) const {
      return std::hash<const void*>()(k.first) ^ (static_cast<size_t>(k.second) * 0x9e3779b97f4a7c15ULL);
    }
  };
  // The subtree and its position: a subtree tree-sitter shares between two
  // places of a tree stays two entries.
  static std::pair<const void*, uint32_t> Key(const Node& n) { return {n.Raw().id, n.StartByte()}; }
  std::unordered_map<std::pair<const void*, uint32_t>, Type, KeyHash> types_;
};

/// The type of `expr` under `names`; Scalar::kUnknown when it cannot be told.
/// `imports` resolves `np.sqrt` / `math.floor` spellings. With `memo`, every
/// subexpression's type is looked up there first and recorded there.
Type TypeOfExpr(const Node& expr, const TypeTable& names, const ImportTable& imports, TypeMemo* memo = nullptr);

/// The element dtype of an array expression (`a * 2.0`, `a[1:-1] + b`,
/// `np.sqrt(a)`), or the type of a scalar expression: arrays count as their
/// dtype, then Numba's scalar rules apply. Unknown when it cannot be told.
Scalar ElementScalar(const Node& expr, const TypeTable& names, const ImportTable& imports, TypeMemo* memo = nullptr);

/// Numba's unification of two assignments to one variable (int64 then
/// float64 -> float64). Unknown absorbs nothing: Unify(unknown, t) == t.
Scalar Unify(Scalar a, Scalar b);

/// Math functions by last name (dialect §3.4) with what they return in
/// Numba: true when Numba returns an int (math.floor, math.ceil, math.trunc).
struct MathFunction {
  std::string_view name;       // as the user spells it (numpy or math name)
  std::string_view dialect;    // the dialect's `math.` name
  bool returns_int_in_math;    // math.floor(x) is an int in Python/Numba
  bool returns_bool;           // isnan, isinf, isfinite
};
/// Looks up a `math.` function by name; nullptr when unknown.
const MathFunction* FindMathFunction(std::string_view name);
/// Looks up a scalar NumPy ufunc (`numpy.sqrt` -> sqrt); nullptr when unknown.
/// The NumPy names differ from math's for a few (arcsin -> asin).
const MathFunction* FindNumpyScalarFunction(std::string_view name);

/// Allocation functions of NumPy that a kernel may call at its top level;
/// the caller performs them instead (`numpy.empty` ...).
bool IsNumpyAllocation(std::string_view qualified);

/// NumPy functions that mean a builtin on scalars (`numpy.abs` -> `abs`,
/// `numpy.minimum` -> `min`, `numpy.maximum` -> `max`); `q` otherwise.
std::string ScalarBuiltinAlias(const std::string& q);

/// The dialect annotation for a scalar (`pk.int64`, `pk.double`, `bool`).
std::string DialectScalar(Scalar s);
/// The element annotation of a view: a bool array is passed as its uint8
/// view (pk.array copies bool arrays, upstream too), so its elements are pk.uint8.
std::string ViewScalar(Scalar s);
/// A zero literal of that scalar type ("0", "0.0", "False").
std::string ZeroOf(Scalar s);

}  // namespace caramba
