// kernel_compiler.h — PyKokkos workunits (dialect §3) to Kokkos C++.
//
// The compiler reads the caller's Python file with the shared tree-sitter
// front end (caramba/syntax.h), finds `@<alias>.workunit` / `@<alias>.function`
// definitions the way upstream does (alias of `import pykokkos as <alias>`,
// top level only), validates one workunit and every `@pk.function` of the file
// against the dialect, and writes one C++ translation unit with a functor and
// an `extern "C"` entry point. It does not compile anything: build_cache does.
//
// It depends on no Kokkos or pybind11 header: it is the library
// pykokkos_kernel_front, which the runtime's module links and the translator
// runs at translate time on every workunit it writes (caramba/validation.h).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace caramba {
class Tree;
}

namespace pykokkos_rt {

/// Scalar element types of the dialect (dialect §2 "Data types").
enum class Scalar { kBool, kI8, kI16, kI32, kI64, kU8, kU16, kU32, kU64, kF32, kF64, kNone };

/// Short names used in type signatures ("f64", "i32", ...) and C++ spellings.
const char* ScalarName(Scalar s);
const char* ScalarCpp(Scalar s);
Scalar ScalarFromName(const std::string& name);  // kNone if unknown
bool IsFloat(Scalar s);
bool IsInteger(Scalar s);  // bool excluded

/// The type of a workunit parameter, local or expression.
struct TypeRef {
  enum class Kind { kUnknown, kScalar, kView, kAcc, kList, kFlag, kTeam, kClosure, kClass };
  Kind kind = Kind::kUnknown;
  Scalar scalar = Scalar::kNone;
  int rank = 0;         // views
  char layout = 'R';    // views: 'R' LayoutRight (C order), 'L' LayoutLeft (Fortran), 'S' team scratch
  int length = 0;       // local fixed arrays
  std::string classtype;  // kClass: the @pk.classtype's name (a C++ struct of the unit)
  bool atomic = false;    // views: pk.Trait.Atomic, every element access is atomic ("view:f64:1:R:A")

  static TypeRef Of(Scalar s) { TypeRef t; t.kind = Kind::kScalar; t.scalar = s; return t; }
  static TypeRef View(Scalar s, int rank, char layout = 'R') {
    TypeRef t; t.kind = Kind::kView; t.scalar = s; t.rank = rank; t.layout = layout; return t;
  }
  /// "f64", "view:f64:2:R", "acc:f64", "flag" — the form Python passes in.
  std::string Signature() const;
  static TypeRef Parse(const std::string& sig);  // kUnknown on a bad string
  /// "float64", "View2D[float64]" — for messages.
  std::string Describe() const;
};

/// A workunit that violates the dialect (dialect §3), with its Python location.
struct DialectError : std::runtime_error {
  DialectError(const std::string& path, uint32_t line, uint32_t column, const std::string& construct,
               const std::string& hint);
  std::string path, construct, hint;
  uint32_t line, column;
};

/// A runtime argument that does not fit the workunit (TypeError in Python).
struct ArgumentError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class DispatchKind { kFor, kReduce, kScan };

/// What to generate: one workunit of one file, specialised for argument types
/// (type propagation, dialect §5) on one execution space.
struct KernelRequest {
  std::string path;     // the Python file (labels errors, #line directives)
  std::string source;   // its text
  std::string workunit;
  DispatchKind kind = DispatchKind::kFor;
  /// Keyword argument name -> type signature inferred from the runtime value.
  std::vector<std::pair<std::string, std::string>> arg_types;
  std::string space = "OpenMP";  // "OpenMP", "Serial" or "Cuda"
  /// Functors and workloads: the top-level class whose method `workunit` is;
  /// its members come in as arguments named "self.<member>". Empty for a
  /// standalone workunit.
  std::string functor_class;
  /// A TeamPolicy dispatch: the first parameter is a pk.TeamMember, and the
  /// kernel takes four more arguments after the workunit's: team size (-1 for
  /// Kokkos::AUTO), vector length, and the level-0 and level-1 scratch bytes per team.
  bool team = false;
  /// An MDRangePolicy dispatch of this rank (2..6): the workunit takes that
  /// many indices first, and the kernel takes three arguments per dimension
  /// after the workunit's: begin, end and tile (0: Kokkos picks). 0: a
  /// RangePolicy or TeamPolicy.
  int mdrange = 0;
  /// PYKOKKOS_RT_STRICT=upstream: also reject what upstream's translator
  /// rejects although this runtime could run it (extent() in @pk.functions).
  bool strict = false;
  /// parallel_reduce with a reducer (`pk.Max`, `pk.Min`, `pk.Prod`: "max",
  /// "min", "prod"); empty: the sum, the only reduction upstream has.
  std::string reducer;
  /// The RangePolicy's schedule: "auto" (dynamic when an inner loop's trip
  /// count depends on the iteration, else static), "static" or "dynamic"
  /// (PYKOKKOS_RT_SCHEDULE, for measuring).
  std::string schedule = "auto";
  /// Run the atomic form of max/min/product reductions as Kokkos reductions
  /// (kernel_compiler_reducers.cpp); off with PYKOKKOS_RT_ATOMIC_REDUCTIONS=atomic, for measuring.
  bool cell_reductions = true;
};

/// The argument type that means "the type the parameter's annotation
/// declares" (views C-ordered): workunits generated before their first call.
inline constexpr const char* kFromAnnotation = "annotation";

/// One translation unit, ready to build.
struct GeneratedKernel {
  std::string cpp;                      // the whole C++ source: a header comment, prelude and unit
  std::string prelude;                  // headers, the ABI and helpers (shared by every unit)
  std::string unit;                     // the functor and `extern "C" crb_run` (kEntrySymbol)
  std::vector<std::string> params;      // kernel arguments in ABI order
  std::vector<TypeRef> param_types;     // their final types (annotations win)
  Scalar acc = Scalar::kNone;           // reduce/scan accumulator type
  uint32_t def_line = 0;                // 1-based line of the workunit's def
};

/// Generates the kernel, or throws DialectError / ArgumentError.
GeneratedKernel GenerateKernel(const KernelRequest& request);
/// The same for a file already parsed without syntax errors (`tree` is
/// request.source parsed; request.source itself is not read again): callers
/// that generate several workunits of one file parse it once.
GeneratedKernel GenerateKernel(const KernelRequest& request, const caramba::Tree& tree);

}  // namespace pykokkos_rt
