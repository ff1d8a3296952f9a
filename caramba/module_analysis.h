// module_analysis.h — what a Python module imports and which of its functions
// Numba compiles (kernel discovery, design.md §2.1).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "caramba/diagnostics.h"
#include "caramba/syntax.h"
#include "caramba/types.h"

namespace caramba {

/// One `import ...` / `from ... import ...` statement.
struct ImportRecord {
  uint32_t start_byte = 0, end_byte = 0;  // the statement
  bool is_from = false;
  bool top_level = true;
  std::string module;  // `numba` in `from numba import njit`
  struct Name {
    std::string name;   // imported name (`njit`, or `numpy` for `import numpy`)
    std::string alias;  // local name (`fast` in `njit as fast`; `np`)
  };
  std::vector<Name> names;
  bool star = false;
};

/// The import/alias table: which local names mean which modules or symbols.
class ImportTable {
 public:
  void Build(const Tree& tree);
  /// Adds one import statement (an import_statement or import_from_statement).
  void Add(const Node& statement);
  /// Fully qualified name of an expression made of names and attributes,
  /// resolved through the aliases: `nb.njit` -> "numba.njit", `fast` ->
  /// "numba.njit", `np.linalg.norm` -> "numpy.linalg.norm". Unbound plain
  /// names come back unchanged ("range"). Returns "" for other expressions.
  std::string Resolve(const Node& expr) const;
  /// Local names bound to a module (alias -> module), e.g. np -> numpy.
  const std::map<std::string, std::string>& ModuleAliases() const { return module_aliases_; }
  /// Local names bound to a symbol, e.g. fast -> numba.njit.
  const std::map<std::string, std::string>& SymbolAliases() const { return symbol_aliases_; }
  const std::vector<ImportRecord>& Records() const { return records_; }
  /// The local name under which `module` is imported (`np` for numpy), or "".
  std::string AliasOf(std::string_view module) const;

 private:
  std::map<std::string, std::string> module_aliases_;
  std::map<std::string, std::string> symbol_aliases_;
  std::vector<std::string> star_modules_;
  std::vector<ImportRecord> records_;
};

/// What compiles the function.
enum class JitKind {
  kNjit,            // @njit / @jit(nopython=True) / @numba.njit(...)
  kJit,             // bare @jit (nopython with object-mode fallback in 0.56)
  kObjectMode,      // @jit(forceobj=True) / @jit(nopython=False)
  kVectorize,
  kGuvectorize,
  kStencil,
  kCfunc,
  kCudaJit,
  kJitclass,
  kGeneratedJit,
  kOverload,        // numba.extending.overload / overload_method / intrinsic
  kRegisterJitable, // numba.extending.register_jitable: a jit helper
};
std::string_view JitKindName(JitKind k);
/// True for kinds Caramba can migrate (njit, jit, register_jitable).
bool IsTranslatableKind(JitKind k);

/// A loop `for target in prange(...)` (or range) inside a kernel.
struct LoopInfo {
  uint32_t start_byte = 0, end_byte = 0;
  uint32_t line = 0;  // 1-based
  std::string target;
  std::string iterator;  // "numba.prange", "range"
  std::string args;      // text of the argument list, e.g. "(n)"
  int depth = 0;         // loop nesting depth within the kernel, 0 = outermost
};

/// A function (or class) that Numba compiles.
struct Kernel {
  std::string name;
  std::string qualname;    // Python's __qualname__: `Outer.meth`, `f.<locals>.g`
  JitKind kind = JitKind::kNjit;
  std::string spelling;    // the decorator as written: "@nb.njit(parallel=True)"
  bool via_decorator = true;  // false for `g = njit(f)`
  bool nested = false;     // defined inside a function or class
  bool is_class = false;
  uint32_t line = 0;       // 1-based line of the `def` / `class` keyword
  uint32_t column = 0;     // 1-based
  uint32_t decorator_line = 0;
  // Byte ranges: the whole decorated definition, and the def itself.
  uint32_t start_byte = 0, end_byte = 0;
  uint32_t def_start_byte = 0, def_end_byte = 0;
  uint32_t decorator_start_byte = 0, decorator_end_byte = 0;
  std::vector<std::string> params;
  /// Decorator keyword options as written (parallel -> "True").
  std::map<std::string, std::string> options;
  /// Eager signatures (parsed), and their source texts.
  std::vector<Signature> signatures;
  std::vector<std::string> signature_texts;
  std::vector<LoopInfo> prange_loops;
  std::vector<LoopInfo> loops;  // every `for ... in <call>` loop (range, prange …)
  bool uses_objmode_block = false;
  /// `# caramba: keep` on the kernel (the line above its decorators, a
  /// decorator line or the def line; for `g = njit(f)`, that line): it stays
  /// Numba code on purpose, untranslated and without a finding (exit 0).
  bool keep = false;

  bool Option(std::string_view key) const;  // option is literally True
};

/// True when byte `pos` belongs to kernel `k`: its definition, or the
/// statement that makes it (`g = njit(f)`), where diagnostics about a kernel
/// made by wrapping point once it is rewritten as a decorated def.
inline bool KernelCovers(const Kernel& k, uint32_t pos) {
  return (pos >= k.start_byte && pos < k.end_byte) ||
         (!k.via_decorator && pos >= k.decorator_start_byte && pos < k.decorator_end_byte);
}

/// Whether the kernel carries `# caramba: keep` (see Kernel::keep).
bool HasKeepComment(std::string_view source, const Kernel& k);

/// The result of module analysis.
struct ModuleInfo {
  ImportTable imports;
  std::vector<Kernel> kernels;
  /// Problems found while analysing (bad signature strings, flagged kinds).
  std::vector<Diagnostic> diagnostics;
};

/// Analyses a parsed module: imports and kernels. `path` only labels
/// diagnostics.
ModuleInfo AnalyzeModule(const Tree& tree, std::string_view path = {});

/// JSON for --list-kernels: name, qualname, kind, line, column, options,
/// signatures, parallel loops.
nlohmann::json KernelToJson(const Kernel& k);

}  // namespace caramba
