// numpy_table.cpp — see numpy_table.h. The rows are data; nothing else in
// Caramba lists NumPy names.
#include "caramba/analysis/numpy_table.h"

namespace caramba {

namespace {

using C = NumpyClass;
using R = NumpyReduce;
using D = NumpyDtype;

// Element-wise math: NumPy's floor/ceil/trunc return floats (unlike math's),
// the dialect's math functions compute in double. The host ufunc is only
// named where PyKokkos's result equals NumPy's for every input dtype (a
// float result): pk.add of two int arrays would give floats, so the
// arithmetic ufuncs are never substituted.
const NumpyFunction kTable[] = {
    // name        class       args  scalar       reduce      dtype          host ufunc
    {"sqrt",       C::kMath,    1, 1, "sqrt",     R::kNone,   D::kFloat,     "sqrt"},
    {"exp",        C::kMath,    1, 1, "exp",      R::kNone,   D::kFloat,     "exp"},
    {"log",        C::kMath,    1, 1, "log",      R::kNone,   D::kFloat,     "log"},
    {"log10",      C::kMath,    1, 1, "log10",    R::kNone,   D::kFloat,     "log10"},
    {"log2",       C::kMath,    1, 1, "log2",     R::kNone,   D::kFloat,     "log2"},
    {"log1p",      C::kMath,    1, 1, "log1p",    R::kNone,   D::kFloat,     "log1p"},
    {"expm1",      C::kMath,    1, 1, "expm1",    R::kNone,   D::kFloat,     "expm1"},
    {"sin",        C::kMath,    1, 1, "sin",      R::kNone,   D::kFloat,     "sin"},
    {"cos",        C::kMath,    1, 1, "cos",      R::kNone,   D::kFloat,     "cos"},
    {"tan",        C::kMath,    1, 1, "tan",      R::kNone,   D::kFloat,     "tan"},
    {"arcsin",     C::kMath,    1, 1, "asin",     R::kNone,   D::kFloat,     "arcsin"},
    {"arccos",     C::kMath,    1, 1, "acos",     R::kNone,   D::kFloat,     "arccos"},
    {"arctan",     C::kMath,    1, 1, "atan",     R::kNone,   D::kFloat,     "arctan"},
    {"arctan2",    C::kMath,    2, 2, "atan2",    R::kNone,   D::kFloat,     ""},
    {"sinh",       C::kMath,    1, 1, "sinh",     R::kNone,   D::kFloat,     "sinh"},
    {"cosh",       C::kMath,    1, 1, "cosh",     R::kNone,   D::kFloat,     "cosh"},
    {"tanh",       C::kMath,    1, 1, "tanh",     R::kNone,   D::kFloat,     "tanh"},
    {"arcsinh",    C::kMath,    1, 1, "asinh",    R::kNone,   D::kFloat,     ""},
    {"arccosh",    C::kMath,    1, 1, "acosh",    R::kNone,   D::kFloat,     ""},
    {"arctanh",    C::kMath,    1, 1, "atanh",    R::kNone,   D::kFloat,     ""},
    {"floor",      C::kMath,    1, 1, "floor",    R::kNone,   D::kFloat,     ""},
    {"ceil",       C::kMath,    1, 1, "ceil",     R::kNone,   D::kFloat,     ""},
    {"trunc",      C::kMath,    1, 1, "trunc",    R::kNone,   D::kFloat,     ""},
    {"fabs",       C::kMath,    1, 1, "fabs",     R::kNone,   D::kFloat,     "fabs"},
    {"hypot",      C::kMath,    2, 2, "hypot",    R::kNone,   D::kFloat,     ""},
    {"copysign",   C::kMath,    2, 2, "copysign", R::kNone,   D::kFloat,     ""},
    {"fmod",       C::kMath,    2, 2, "fmod",     R::kNone,   D::kFloat,     ""},
    {"power",      C::kMath,    2, 2, "pow",      R::kNone,   D::kFloat,     ""},
    // Half to even like NumPy: x - math.remainder(x, 1.0) (lowering.cpp);
    // the dialect's round() rounds half away from zero.
    {"round",      C::kMath,    1, 1, "remainder", R::kNone,  D::kFloat,     ""},
    {"around",     C::kMath,    1, 1, "remainder", R::kNone,  D::kFloat,     ""},
    {"rint",       C::kMath,    1, 1, "remainder", R::kNone,  D::kFloat,     ""},
    {"fmin",       C::kMath,    2, 2, "fmin",     R::kNone,   D::kFloat,     ""},
    {"fmax",       C::kMath,    2, 2, "fmax",     R::kNone,   D::kFloat,     ""},
    {"isnan",      C::kMath,    1, 1, "isnan",    R::kNone,   D::kBool,      ""},
    {"isinf",      C::kMath,    1, 1, "isinf",    R::kNone,   D::kBool,      ""},
    {"isfinite",   C::kMath,    1, 1, "isfinite", R::kNone,   D::kBool,      ""},
    // Builtins on scalars; element-wise on arrays.
    {"abs",        C::kBuiltin, 1, 1, "abs",      R::kNone,   D::kPromote,   ""},
    {"absolute",   C::kBuiltin, 1, 1, "abs",      R::kNone,   D::kPromote,   ""},
    // np.minimum(1.0, nan) is nan; math.fmin and Python's min are not.
    {"minimum",    C::kNanMinMax, 2, 2, "min",    R::kNone,   D::kPromote,   ""},
    {"maximum",    C::kNanMinMax, 2, 2, "max",    R::kNone,   D::kPromote,   ""},
    // Truth values: an element is true when it is nonzero (NaN included).
    // The scalar column names the combination numpy_statements.cpp spells
    // with comparisons and & | != (never and/or: the dialect drops the
    // parentheses of nested boolean operators).
    {"logical_and", C::kLogical, 2, 2, "and",     R::kNone,   D::kBool,      ""},
    {"logical_or",  C::kLogical, 2, 2, "or",      R::kNone,   D::kBool,      ""},
    {"logical_xor", C::kLogical, 2, 2, "xor",     R::kNone,   D::kBool,      ""},
    {"logical_not", C::kLogical, 1, 1, "not",     R::kNone,   D::kBool,      ""},
    // Comparison ufuncs: the scalar column is Python's operator.
    {"less",       C::kLogical, 2, 2, "<",        R::kNone,   D::kBool,      ""},
    {"less_equal", C::kLogical, 2, 2, "<=",       R::kNone,   D::kBool,      ""},
    {"greater",    C::kLogical, 2, 2, ">",        R::kNone,   D::kBool,      ""},
    {"greater_equal", C::kLogical, 2, 2, ">=",    R::kNone,   D::kBool,      ""},
    {"equal",      C::kLogical, 2, 2, "==",       R::kNone,   D::kBool,      ""},
    {"not_equal",  C::kLogical, 2, 2, "!=",       R::kNone,   D::kBool,      ""},
    // Reductions, lowered to loops inside the kernel.
    {"sum",        C::kReduction, 1, 1, "",       R::kSum,    D::kSumLike,   ""},
    {"prod",       C::kReduction, 1, 1, "",       R::kProd,   D::kSumLike,   ""},
    {"mean",       C::kReduction, 1, 1, "",       R::kMean,   D::kFloat,     ""},
    // Numba's two passes: the mean, then the mean squared deviation
    // (divided by the size: ddof=0); std is its square root.
    {"var",        C::kReduction, 1, 1, "",       R::kVar,    D::kFloat,     ""},
    {"std",        C::kReduction, 1, 1, "",       R::kStd,    D::kFloat,     ""},
    {"max",        C::kReduction, 1, 1, "",       R::kMax,    D::kPromote,   ""},
    {"amax",       C::kReduction, 1, 1, "",       R::kMax,    D::kPromote,   ""},
    {"min",        C::kReduction, 1, 1, "",       R::kMin,    D::kPromote,   ""},
    {"amin",       C::kReduction, 1, 1, "",       R::kMin,    D::kPromote,   ""},
    {"dot",        C::kReduction, 2, 2, "",       R::kDot,    D::kPromote,   ""},
    {"linalg.norm", C::kReduction, 1, 1, "",      R::kNorm,   D::kFloat,     ""},
    // The position of the first largest (smallest) element of the flattened
    // array; the first NaN wins, as in NumPy.
    {"argmax",     C::kReduction, 1, 1, "",       R::kArgMax, D::kIndex,     ""},
    {"argmin",     C::kReduction, 1, 1, "",       R::kArgMin, D::kIndex,     ""},
    // Element-wise choice: both branches are pure, so evaluating only the
    // chosen one (a conditional expression) gives NumPy's elements.
    {"where",      C::kWhere,   3, 3, "",         R::kNone,   D::kPromote,   ""},
    // A new array: bound to a name, it becomes an allocation and a copy loop.
    {"copy",       C::kCopy,    1, 1, "",         R::kNone,   D::kPromote,   ""},
    // Index mappings of one operand: no element is computed, only where it
    // is read from (np.transpose of a matrix reads a[j, i]).
    {"transpose",  C::kTranspose, 1, 1, "",       R::kNone,   D::kPromote,   ""},
    {"flip",       C::kFlip,    1, 1, "",         R::kNone,   D::kPromote,   ""},
    // Row-major order kept, another shape: element (r0, r1, ...) of the
    // result is the element of the operand at the same flat position. The
    // shape is a tuple (one entry may be -1) or, as a method, the extents.
    {"reshape",    C::kReshape, 2, 2, "",         R::kNone,   D::kPromote,   ""},
    // A matrix's upper (lower) triangle from diagonal k (default 0): the
    // scalar column names the side, j - i >= k (j - i <= k).
    {"triu",       C::kTriangle, 1, 2, "upper",   R::kNone,   D::kPromote,   ""},
    {"tril",       C::kTriangle, 1, 2, "lower",   R::kNone,   D::kPromote,   ""},
    // The product of two vectors as a matrix; NumPy's promotion (int64 for
    // integer vectors, float64 when one is float64).
    {"outer",      C::kOuter,   2, 2, "",         R::kNone,   D::kPromote,   ""},
    // Joins of a tuple of arrays: a new array, each operand's elements
    // copied into its part (numpy_joins.cpp). The dtype is the operands'
    // promoted one. The scalar column names where the parts go:
    // "axis" along axis= (default 0), "h" along the second axis (the first
    // for vectors), "v" along the first (vectors become rows), "column"
    // along the second (vectors become columns), "new" along a new axis=.
    {"concatenate", C::kJoin,   1, 2, "axis",     R::kNone,   D::kPromote,   ""},
    {"hstack",     C::kJoin,    1, 1, "h",        R::kNone,   D::kPromote,   ""},
    {"vstack",     C::kJoin,    1, 1, "v",        R::kNone,   D::kPromote,   ""},
    {"column_stack", C::kJoin,  1, 1, "column",   R::kNone,   D::kPromote,   ""},
    {"stack",      C::kJoin,    1, 2, "new",      R::kNone,   D::kPromote,   ""},
    // Counts of the values of an integer vector: int64, as long as its
    // largest value plus one (numpy_bincount.cpp). Weights would be a
    // floating-point shared update, whose order changes the sums: refused.
    {"bincount",   C::kCount,   1, 3, "",         R::kNone,   D::kSumLike,   ""},
    // Counts per bin (int64) and the bin edges (float64) of a number of
    // equal bins, as Numba computes them (numpy_histogram.cpp).
    {"histogram",  C::kHistogram, 1, 3, "",       R::kNone,   D::kSumLike,   ""},
    // Evenly spaced values (numpy_ranges.cpp), as Numba computes them:
    // np.arange(start, stop, step, dtype) has ceil((stop - start) / step)
    // elements start + i * step (int64 from integers, float64 when one
    // bound is a float); np.linspace(start, stop, num) is float64, Numba
    // 0.56 takes no endpoint=. The scalar column names which.
    {"arange",     C::kRange,   1, 4, "arange",   R::kNone,   D::kFromArgs,  ""},
    {"linspace",   C::kRange,   2, 3, "linspace", R::kNone,   D::kFloat,     ""},
    // Running sums and products of the flattened array (numpy_ranges.cpp):
    // Numba's accumulator has the result's dtype (integers and bools in
    // int64, as np.sum), one element after the other.
    {"cumsum",     C::kScan,    1, 1, "",         R::kSum,    D::kSumLike,   ""},
    {"cumprod",    C::kScan,    1, 1, "",         R::kProd,   D::kSumLike,   ""},
    // The sign of a scalar, as Numba computes it: 1 or -1 in the operand's
    // type (int8 for a bool), and the operand itself when it is neither
    // positive nor negative (np.sign(-0.0) is -0.0, np.sign(nan) is nan).
    {"sign",       C::kSign,    1, 1, "",         R::kNone,   D::kPromote,   ""},
    // Allocations: the caller performs them (KernelPlan::allocations).
    {"empty",      C::kAllocation, 1, 2, "",      R::kNone,   D::kFromArgs,  ""},
    {"zeros",      C::kAllocation, 1, 2, "",      R::kNone,   D::kFromArgs,  ""},
    {"ones",       C::kAllocation, 1, 2, "",      R::kNone,   D::kFromArgs,  ""},
    {"full",       C::kAllocation, 2, 3, "",      R::kNone,   D::kFromArgs,  ""},
    {"empty_like", C::kAllocation, 1, 2, "",      R::kNone,   D::kFromArgs,  ""},
    {"zeros_like", C::kAllocation, 1, 2, "",      R::kNone,   D::kFromArgs,  ""},
    {"ones_like",  C::kAllocation, 1, 2, "",      R::kNone,   D::kFromArgs,  ""},
    {"full_like",  C::kAllocation, 2, 3, "",      R::kNone,   D::kFromArgs,  ""},
    // The identity matrix (np.eye(n, m, k) with its diagonal offset): the
    // caller runs the call itself, as written.
    {"eye",        C::kAllocation, 1, 4, "",      R::kNone,   D::kFromArgs,  ""},
    {"identity",   C::kAllocation, 1, 2, "",      R::kNone,   D::kFromArgs,  ""},
    // Scalar casts; the scalar column is the Numba type. Integer casts wrap
    // around (np.uint8(300) == 44) and type the arithmetic that follows by
    // Numba's rules (integer_typing.h).
    {"float64",    C::kCast,    1, 1, "float64",  R::kNone,   D::kFloat,     ""},
    {"int64",      C::kCast,    1, 1, "int64",    R::kNone,   D::kPromote,   ""},
    // A float32 scalar (conv2d's `acc = np.float32(0.0)`): the dialect's
    // float(), a C++ float, so float32 arithmetic stays float32 as in Numba.
    {"float32",    C::kCast,    1, 1, "float32",  R::kNone,   D::kFloat,     ""},
    {"int8",       C::kCast,    1, 1, "int8",     R::kNone,   D::kPromote,   ""},
    {"int16",      C::kCast,    1, 1, "int16",    R::kNone,   D::kPromote,   ""},
    {"int32",      C::kCast,    1, 1, "int32",    R::kNone,   D::kPromote,   ""},
    {"intp",       C::kCast,    1, 1, "int64",    R::kNone,   D::kPromote,   ""},
    {"int_",       C::kCast,    1, 1, "int64",    R::kNone,   D::kPromote,   ""},
    {"uint8",      C::kCast,    1, 1, "uint8",    R::kNone,   D::kPromote,   ""},
    {"uint16",     C::kCast,    1, 1, "uint16",   R::kNone,   D::kPromote,   ""},
    {"uint32",     C::kCast,    1, 1, "uint32",   R::kNone,   D::kPromote,   ""},
    {"uint64",     C::kCast,    1, 1, "uint64",   R::kNone,   D::kPromote,   ""},
    {"uintp",      C::kCast,    1, 1, "uint64",   R::kNone,   D::kPromote,   ""},
};

// `a.sum()` and friends: the method spelling of a reduction row.
const std::string_view kMethods[][2] = {
    {"sum", "sum"}, {"prod", "prod"}, {"mean", "mean"}, {"var", "var"}, {"std", "std"}, {"max", "max"}, {"min", "min"}, {"copy", "copy"},
    {"cumsum", "cumsum"}, {"cumprod", "cumprod"},
    {"argmax", "argmax"}, {"argmin", "argmin"}, {"transpose", "transpose"}, {"reshape", "reshape"},
};

// `a.T`: the attribute spelling of a row.
const std::string_view kAttributes[][2] = {{"T", "transpose"}};

// Numba 0.56 accepts axis= on these reductions only (np.mean, np.max,
// np.min and np.prod with an axis fail to type there).
const std::string_view kAxisReductions[] = {"sum", "argmax", "argmin"};

// Functions kernels do not take, with what a user can do instead. Sorting
// is a host operation: NumPy's np.sort gives Numba's values, but np.argsort
// orders equal elements by its own algorithm, not Numba's quicksort.
const std::string_view kRefusalHelp[][2] = {
    {"sort", "sort before the kernel runs (s = np.sort(x)) and pass the sorted array in"},
    {"argsort", "compute the order before the kernel runs and pass it in (with equal elements, NumPy's "
                "np.argsort may order them differently from Numba's)"},
    {"interp", "write the interpolation as a loop over the points (a binary search in xp, then the linear "
               "formula), or call np.interp before the kernel runs"},
};

}  // namespace

std::string_view NumpyRefusalHelp(std::string_view q) {
  if (q.substr(0, 6) != "numpy.") return "";
  q.remove_prefix(6);
  for (const auto& row : kRefusalHelp)
    if (row[0] == q) return row[1];
  return "";
}

const NumpyFunction* FindNumpyFunction(std::string_view q) {
  if (q.substr(0, 6) != "numpy.") return nullptr;
  q.remove_prefix(6);
  for (const auto& f : kTable)
    if (f.name == q) return &f;
  return nullptr;
}

std::vector<const NumpyFunction*> NumpyRows(NumpyClass cls) {
  std::vector<const NumpyFunction*> out;
  for (const auto& f : kTable)
    if (f.cls == cls) out.push_back(&f);
  return out;
}

const NumpyFunction* FindNumpyMethod(std::string_view method) {
  for (const auto& m : kMethods)
    if (m[0] == method) {
      for (const auto& f : kTable)
        if (f.name == m[1]) return &f;
    }
  return nullptr;
}

const NumpyFunction* FindNumpyAttribute(std::string_view attribute) {
  for (const auto& a : kAttributes)
    if (a[0] == attribute) {
      for (const auto& f : kTable)
        if (f.name == a[1]) return &f;
    }
  return nullptr;
}

bool NumpyAcceptsAxis(const NumpyFunction* f) {
  if (!f) return false;
  for (std::string_view n : kAxisReductions)
    if (f->name == n) return true;
  return false;
}

bool IsNumpyRandom(std::string_view q) { return q.substr(0, 13) == "numpy.random."; }

std::string_view NumpyReduceName(NumpyReduce r) {
  switch (r) {
    case R::kSum: return "np.sum";
    case R::kProd: return "np.prod";
    case R::kMean: return "np.mean";
    case R::kVar: return "np.var";
    case R::kStd: return "np.std";
    case R::kMax: return "np.max";
    case R::kMin: return "np.min";
    case R::kDot: return "np.dot";
    case R::kNorm: return "np.linalg.norm";
    case R::kArgMax: return "np.argmax";
    case R::kArgMin: return "np.argmin";
    default: return "";
  }
}

}  // namespace caramba
