// kernel_compiler_tables.cpp — the dialect as data (pykokkos-dialect.md §2-3) and
// the small helpers every part of the kernel front end uses.
#include "kernel_compiler_internal.h"

#include <algorithm>

namespace pykokkos_rt::front {

const ScalarInfo kScalars[11] = {
    {Scalar::kBool, "bool", "bool", "bool"},       {Scalar::kI8, "i8", "int8_t", "int8"},
    {Scalar::kI16, "i16", "int16_t", "int16"},     {Scalar::kI32, "i32", "int32_t", "int32"},
    {Scalar::kI64, "i64", "int64_t", "int64"},     {Scalar::kU8, "u8", "uint8_t", "uint8"},
    {Scalar::kU16, "u16", "uint16_t", "uint16"},   {Scalar::kU32, "u32", "uint32_t", "uint32"},
    {Scalar::kU64, "u64", "uint64_t", "uint64"},   {Scalar::kF32, "f32", "float", "float32"},
    {Scalar::kF64, "f64", "double", "float64"},
};
const ScalarInfo* Info(Scalar s) {
  for (const auto& e : kScalars)
    if (e.s == s) return &e;
  return nullptr;
}

// `pk.<name>` dtype spellings (dialect §2): pk.float is float32, pk.double float64.
const std::map<std::string, Scalar> kPkDtypes = {
    {"int8", Scalar::kI8},     {"int16", Scalar::kI16},     {"int32", Scalar::kI32},
    {"int64", Scalar::kI64},   {"uint8", Scalar::kU8},      {"uint16", Scalar::kU16},
    {"uint32", Scalar::kU32},  {"uint64", Scalar::kU64},    {"float", Scalar::kF32},
    {"float32", Scalar::kF32}, {"double", Scalar::kF64},    {"float64", Scalar::kF64},
    {"bool", Scalar::kBool},
};

const std::map<std::string, MathFn> kMath = {
    {"acos", {1, 's'}},  {"acosh", {1, 's'}},    {"asin", {1, 's'}},   {"asinh", {1, 's'}},
    {"atan", {1, 's'}},  {"atan2", {2, 's'}},    {"atanh", {1, 's'}},  {"ceil", {1, 'd'}},
    {"copysign", {2, 's'}}, {"cos", {1, 's'}},   {"cosh", {1, 's'}},   {"erf", {1, 's'}},
    {"erfc", {1, 's'}},  {"exp", {1, 's'}},      {"expm1", {1, 's'}},  {"fabs", {1, 's'}},
    {"floor", {1, 'd'}}, {"fmax", {2, 's'}},     {"fmin", {2, 's'}},   {"fmod", {2, 's'}},
    {"hypot", {2, 's'}}, {"isfinite", {1, 'b'}}, {"isinf", {1, 'b'}},  {"isnan", {1, 'b'}},
    {"lgamma", {1, 's'}}, {"log", {1, 's'}},     {"log10", {1, 's'}},  {"log1p", {1, 's'}},
    {"log2", {1, 's'}},  {"pow", {2, 'd'}},      {"remainder", {2, 's'}}, {"round", {1, 'd'}},
    {"sin", {1, 's'}},   {"sinh", {1, 's'}},     {"sqrt", {1, 's'}},   {"tan", {1, 's'}},
    {"tanh", {1, 's'}},  {"tgamma", {1, 's'}},   {"trunc", {1, 'd'}},
};
const std::map<std::string, std::string> kMathConstants = {
    {"pi", "3.141592653589793"},
    {"e", "2.718281828459045"},
    {"tau", "6.283185307179586"},
    {"inf", "(__builtin_inf())"},
    {"nan", "(__builtin_nan(\"\"))"},
};
const std::set<std::string> kAtomics = {
    "atomic_fetch_add", "atomic_fetch_sub", "atomic_fetch_mul", "atomic_fetch_div",
    "atomic_fetch_max", "atomic_fetch_min", "atomic_fetch_mod", "atomic_fetch_and",
    "atomic_fetch_or",  "atomic_fetch_xor", "atomic_fetch_lshift", "atomic_fetch_rshift",
    "atomic_add",       "atomic_increment", "atomic_compare_exchange",
};

// Statements the dialect refuses outright, with what to do instead.
const std::map<std::string, std::pair<std::string, std::string>> kRejectedStatements = {
    {"with_statement", {"`with` statement", "move it to the caller"}},
    {"try_statement", {"`try` statement", "workunits cannot handle exceptions; check conditions with `if`"}},
    {"raise_statement", {"`raise` statement", "workunits cannot raise; flag errors in a view and check on the host"}},
    {"assert_statement", {"`assert` statement", "check on the host, or flag failures in a view"}},
    {"global_statement", {"`global` statement", "pass the value as a keyword argument"}},
    {"delete_statement", {"`del` statement", "remove it"}},
    {"function_definition", {"nested `def`", "define a top-level @pk.function instead"}},
    {"decorated_definition", {"nested decorated definition", "define a top-level @pk.function instead"}},
    {"class_definition", {"nested `class`", "classes cannot be used in workunits"}},
    {"import_statement", {"`import` inside a workunit", "import at module level"}},
    {"import_from_statement", {"`import` inside a workunit", "import at module level"}},
    {"future_import_statement", {"`import` inside a workunit", "import at module level"}},
    {"print_statement", {"Python 2 `print` statement", "use pk.printf(fmt, ...)"}},
    {"exec_statement", {"`exec` statement", "remove it"}},
    {"match_statement", {"`match` statement", "use if/elif/else"}},
    {"type_alias_statement", {"`type` alias", "remove it"}},
};
const std::map<std::string, std::pair<std::string, std::string>> kRejectedExpressions = {
    {"conditional_expression", {"conditional expression `x if c else y`",
                                "declare a temporary and assign it in an if/else"}},
    {"tuple", {"tuple", "tuples are not supported in workunits; use separate variables"}},
    {"list", {"list literal", "list literals only initialise local arrays: `t: List[float] = [...]`"}},
    {"dictionary", {"dict literal", "dicts are not supported in workunits"}},
    {"set", {"set literal", "sets are not supported in workunits"}},
    {"lambda", {"lambda", "define a top-level @pk.function"}},
    {"list_comprehension", {"list comprehension", "write a for loop over range()"}},
    {"dictionary_comprehension", {"dict comprehension", "write a for loop over range()"}},
    {"set_comprehension", {"set comprehension", "write a for loop over range()"}},
    {"generator_expression", {"generator expression", "write a for loop over range()"}},
    {"named_expression", {"assignment expression (walrus)", "assign in its own statement"}},
    {"string", {"string", "strings are only allowed as docstrings and pk.printf formats"}},
    {"concatenated_string", {"string", "strings are only allowed as docstrings and pk.printf formats"}},
    {"none", {"None", "workunits have no None; use a flag or a sentinel value"}},
    {"await", {"await", "remove it"}},
    {"yield", {"yield", "workunits cannot be generators"}},
    {"list_splat", {"`*` unpacking", "pass arguments one by one"}},
    {"dictionary_splat", {"`**` unpacking", "pass arguments one by one"}},
    {"ellipsis", {"`...`", "remove it"}},
};

const std::set<std::string> kCppKeywords = {
    "alignas", "alignof", "asm", "auto", "bool", "case", "catch", "char", "class", "const",
    "constexpr", "const_cast", "default", "delete", "do", "double", "dynamic_cast", "enum",
    "explicit", "export", "extern", "float", "friend", "goto", "inline", "int", "long",
    "mutable", "namespace", "new", "noexcept", "nullptr", "operator", "private", "protected",
    "public", "register", "reinterpret_cast", "short", "signed", "sizeof", "static",
    "static_assert", "static_cast", "struct", "switch", "template", "this", "throw",
    "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual", "void",
    "volatile", "wchar_t", "and_eq", "bitand", "bitor", "compl", "not_eq", "or_eq", "xor",
    "xor_eq", "and", "or", "not", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
    "uint16_t", "uint32_t", "uint64_t", "size_t", "std", "Kokkos", "printf", "main",
};

std::string Mangle(std::string_view name) {
  std::string s(name);
  if (kCppKeywords.count(s) || s.rfind("crb_", 0) == 0 || s.rfind("m_", 0) == 0) s += "_";
  return s;
}

int IntRank(Scalar s) {
  switch (s) {
    case Scalar::kI64: return 4;
    case Scalar::kU64: return 5;
    case Scalar::kU32: return 3;
    default: return 2;  // bool, 8-, 16- and 32-bit promote to int
  }
}

// C++'s usual arithmetic conversions, enough to type the dialect's expressions.
Scalar Promote(Scalar a, Scalar b) {
  if (a == Scalar::kF64 || b == Scalar::kF64) return Scalar::kF64;
  if (a == Scalar::kF32 || b == Scalar::kF32) return Scalar::kF32;
  int r = std::max(IntRank(a), IntRank(b));
  if (r == 5) return Scalar::kU64;
  if (r == 4) return Scalar::kI64;
  if (r == 3) return Scalar::kU32;
  return Scalar::kI32;
}

// Emitted into every generated module (see Access). A negative index loaded
// from an index array wraps around once, as Numba indexes (`x[idx[i]]` with
// idx[i] == -1 is the last element) instead of reading before the start of
// the view.
const char* const kWrapIndex =
    "template <class I, class N> KOKKOS_FORCEINLINE_FUNCTION I crb_wrap(I v, N n) {\n"
    "  return v < 0 ? static_cast<I>(v + static_cast<I>(n)) : v;\n"
    "}\n";

// Emitted into every generated module (see Compiler::Module): the address of
// a reduction's result escapes before the dispatch. Otherwise g++ sees that
// nothing else can read the local result, keeps the reduced value in one
// register from the first iteration to the copy after Kokkos's profiling
// hook (a call), and since no vector register survives a call it picks a
// general-purpose one: the translated sum2d then moved its accumulator
// between that register and a vector register every four additions, 1.6x
// Numba's time on Serial. Escaped, the result is stored before the call and
// the accumulator stays in a vector register. Host code only (crb_run).
const char* const kEscapeResult =
    "template <class T> inline void crb_escape(T& v) {\n"
    "#if defined(__GNUC__) && !defined(__CUDA_ARCH__)\n"
    "  asm volatile(\"\" : : \"r\"(&v) : \"memory\");\n"
    "#endif\n"
    "}\n";

// Emitted into every generated module (see Power below).
const char* const kIntegerPower =
    "template <int N> KOKKOS_FORCEINLINE_FUNCTION double crb_ipow(double x) {\n"
    "  if constexpr (N == 0) { return 1.0; }\n"
    "  else if constexpr (N == 1) { return x; }\n"
    "  else if constexpr (N % 2 == 0) { const double h = crb_ipow<N / 2>(x); return h * h; }\n"
    "  else { return x * crb_ipow<N - 1>(x); }\n"
    "}\n";

// Numba computes `**` of two integers in integers: repeated squaring that
// wraps as int64 does (uint64 for two unsigned operands), and a negative
// exponent gives 0 unless the base is 1 or -1 (Numba raises for 0 only). Through
// std::pow the result was a double: on the GPU, whose pow is not correctly
// rounded, (-20) ** 3 came back as -7999.99... and stored as -7999.
const char* const kIntegerPowerInt =
    "#ifndef CRB_INT_POWER\n"
    "#define CRB_INT_POWER\n"
    "template <class T> KOKKOS_INLINE_FUNCTION T crb_int_pow(T base, int64_t e) {\n"
    "  if (e < 0) return base == T(1) ? T(1) : base == T(-1) ? ((e & 1) ? T(-1) : T(1)) : T(0);\n"
    "  uint64_t r = 1, b = static_cast<uint64_t>(base);\n"
    "  while (e) { if (e & 1) r *= b; b *= b; e >>= 1; }\n"
    "  return static_cast<T>(r);\n"
    "}\n"
    "#endif\n";

// `x ** k` for a small non-negative integer literal k: multiplications
// (by squaring) instead of std::pow, as Numba does for constant integer
// exponents. glibc's pow is an order of magnitude slower, which made the
// Lennard-Jones `1.0 / r ** 12` kernels several times slower than Numba.
// Other exponents keep std::pow.
constexpr int kMaxIntegerPower = 64;
std::string Power(const std::string& base, const Node& exponent, const std::string& exponent_code) {
  Node e = exponent;
  while (e.Type() == "parenthesized_expression") e = e.NamedChild(0);
  if (e.Type() == "integer") {
    std::string_view t = e.Text();
    if (!t.empty() && t.size() <= 2 && t.find_first_not_of("0123456789") == std::string_view::npos) {
      int k = std::stoi(std::string(t));
      if (k <= kMaxIntegerPower)
        return "crb_ipow<" + std::to_string(k) + ">(static_cast<double>(" + base + "))";
    }
  }
  return "std::pow(" + base + ", " + exponent_code + ")";
}


std::string CppString(const Node& n) {
  // A Python string literal as a C string literal: escapes are shared by the
  // two languages for the cases printf formats use; quotes are re-escaped.
  std::string out = "\"";
  for (const Node& c : n.NamedChildren()) {
    if (c.Type() == "string_content" || c.Type() == "escape_sequence") {
      std::string_view t = c.Text();
      for (size_t k = 0; k < t.size(); ++k) {
        if (t[k] == '"' && (k == 0 || t[k - 1] != '\\')) out += "\\\"";
        else out += t[k];
      }
    }
  }
  return out + "\"";
}

std::string QuoteForLine(const std::string& path) {
  std::string s;
  for (char c : path) {
    if (c == '\\' || c == '"') s += '\\';
    s += c;
  }
  return s;
}

// The view type a kernel argument is wrapped in: unmanaged, in the memory
// space of the execution space (HostSpace for Serial/OpenMP, CudaSpace for Cuda).
std::string ViewCpp(const TypeRef& t) {
  std::string stars(t.rank, '*');
  return std::string("Kokkos::View<") + ScalarCpp(t.scalar) + stars + ", " +
         (t.layout == 'L' ? "Kokkos::LayoutLeft" : "Kokkos::LayoutRight") +
         (t.atomic ? ", CrbMemSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged | Kokkos::Atomic>>"
                   : ", CrbMemSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>");
}

}  // namespace pykokkos_rt::front
