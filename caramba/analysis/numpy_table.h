// numpy_table.h — THE table of NumPy functions Caramba knows inside kernels
// (issue 5 item 4). One row per function: what class of lowering it gets,
// its arity, the scalar function it becomes, its dtype rule and the host
// ufunc of the plain-Python fallback.
//
// Everything that asks "is this NumPy call supported, and how?" reads this
// table: the KernelPlan analysis (refusals, types), the scalar lowering
// (np.sqrt -> math.sqrt, lowering.cpp), the NumPy lowering of array
// expressions (numpy_lowering.cpp, run by the NumpyTransformer) and the
// UnsupportedDetector through the plan. So the detector and the transformer
// can never disagree on what is supported.
#pragma once

#include <string_view>
#include <vector>

namespace caramba {

enum class NumpyClass {
  kMath,        // element-wise function with a `math.` counterpart (np.sqrt -> math.sqrt)
  kBuiltin,     // element-wise function that is a Python builtin on scalars (np.abs -> abs)
  kNanMinMax,   // np.minimum / np.maximum: element-wise, NaN-propagating (not math.fmin/fmax)
  kReduction,   // array -> scalar, lowered to a loop with an accumulator
  kAllocation,  // np.empty & co: hoisted into the caller
  kCast,        // np.float64(x), np.int64(x) on scalars
  kWhere,       // np.where(c, x, y): element-wise choice, lowered to a conditional expression
  kCopy,        // np.copy(a), a.copy(): a new array with a's elements
  kTranspose,   // np.transpose(a), a.T, a.transpose(): the same elements, indices reversed
  kFlip,        // np.flip(a): the same elements, every axis reversed
  kOuter,       // np.outer(u, v) of vectors: the matrix u[i] * v[j]
  kLogical,     // element-wise bools: comparisons (np.less) and truth values combined (np.logical_and)
  kReshape,     // np.reshape(a, shape), a.reshape(shape): the same elements in row-major order, another shape
  kTriangle,    // np.triu(a, k), np.tril(a, k): a's elements on one side of diagonal k, zeros elsewhere
  kJoin,        // np.concatenate, np.hstack, np.vstack, np.column_stack, np.stack: a new array, one part per operand
  kCount,       // np.bincount(x): how often each non-negative integer occurs in x, a shared update
  kHistogram,   // np.histogram(x, bins, range): counts per bin and the edges, unpacked into two names
  kRange,       // np.arange, np.linspace: a new vector of evenly spaced values, from scalars
  kScan,        // np.cumsum, np.cumprod: running sums (products) of the flattened array, a serial scan
  kSign,        // np.sign(x) of a scalar: 1 or -1 in x's type, x itself when it is zero or NaN
};

/// What a reduction computes (kReduction rows).
enum class NumpyReduce { kNone, kSum, kProd, kMean, kVar, kStd, kMax, kMin, kDot, kNorm, kArgMax, kArgMin };

/// The dtype of the result, from the argument dtypes (Numba's rules).
enum class NumpyDtype {
  kFloat,      // float64 (float32 stays float32 for element-wise math)
  kBool,       // isnan & co
  kPromote,    // the promoted argument dtype (abs, minimum, maximum, max, min, dot)
  kSumLike,    // integers and bools accumulate in int64, floats keep their dtype
  kFromArgs,   // allocations: the dtype= argument, else float64
  kIndex,      // argmax/argmin: an int64 position
};

struct NumpyFunction {
  std::string_view name;        // after "numpy.": "sqrt", "linalg.norm"
  NumpyClass cls;
  int min_args, max_args;       // positional arguments accepted
  std::string_view scalar;      // kMath: the dialect's math name; kBuiltin: the builtin
  NumpyReduce reduce;           // kReduction: what it computes
  NumpyDtype dtype;
  std::string_view host_ufunc;  // the PyKokkos host ufunc of the plain-Python fallback ("" = keep NumPy)
};

/// The row for a resolved name ("numpy.sqrt", "numpy.linalg.norm"); nullptr
/// when NumPy has no row (the call is refused with CRB201).
const NumpyFunction* FindNumpyFunction(std::string_view qualified);

/// Every row of one class, in table order.
std::vector<const NumpyFunction*> NumpyRows(NumpyClass cls);

/// Array methods that mean a table row (`a.sum()` is np.sum(a), `a.transpose()` np.transpose(a)).
const NumpyFunction* FindNumpyMethod(std::string_view method);

/// Array attributes that mean a table row (`a.T` is np.transpose(a)).
const NumpyFunction* FindNumpyAttribute(std::string_view attribute);

/// Whether Numba accepts the row with an `axis=` argument (np.sum(a, axis=0),
/// a.argmax(axis=1)): only those are lowered per axis, the others are refused
/// as Numba refuses them.
bool NumpyAcceptsAxis(const NumpyFunction* f);

/// NumPy's random streams ("numpy.random.rand"): refused inside kernels,
/// because a translation cannot draw the numbers NumPy or Numba would.
bool IsNumpyRandom(std::string_view qualified);

/// What to do instead of a NumPy function that kernels do not take (the
/// help of its CRB201), or "" when there is nothing particular to say.
std::string_view NumpyRefusalHelp(std::string_view qualified);

/// Name of a reduction for messages ("np.sum").
std::string_view NumpyReduceName(NumpyReduce r);

}  // namespace caramba
