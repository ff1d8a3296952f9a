// validation.h — the translation checked by the runtime's own kernel front
// end (pykokkos_rt/src/kernel_compiler.h) at translate time.
//
// After the whole pipeline ran, every `@pk.workunit` the translator wrote is
// generated once (parse, dialect check, type check, C++ text; no compiler)
// for the dispatch its caller makes, with the argument types the
// translation assumed, on the execution space the caller uses. The
// `@pk.function`s are checked with them (the front end generates every
// function of the file for each workunit). A kernel whose workunit or
// @pk.function the front end rejects is named in a ValidationFailure; the
// pass manager records it in TranslateOptions::failed_validation and runs
// the pipeline again, and the kernel plan refuses it (CRB150): the kernel
// stays Numba code. So exit 0 means every translated kernel passes the
// runtime's checks, in every command that translates (CLI, batch mode,
// difftest, LSP), since they all run PassManager::Run.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/options.h"
#include "caramba/syntax.h"
#include "caramba/types.h"

namespace caramba {

struct KernelPlans;

/// One kernel (or helper) whose translation the runtime rejects.
struct ValidationFailure {
  /// The Numba kernel to refuse: the key of TranslateOptions::failed_validation.
  std::string kernel;
  /// What the runtime's front end said, with the generated line and, where
  /// one matches, the line of the input it came from.
  std::string message;
};

struct ValidationInput {
  const Tree& output;          // the translation, parsed (PassResult::output_tree)
  std::string_view path;       // labels messages
  const KernelPlans& plans;    // the plans the workunits were written from (PassResult::plans)
  std::string_view input_source;
  const ModuleInfo& input_module;
  const TranslateOptions& options;
};

/// Checks every workunit and @pk.function of the translation; one failure
/// per kernel to refuse, in output order (empty: everything passes).
std::vector<ValidationFailure> ValidateTranslation(const ValidationInput& in);

/// The runtime's signature of a value of `t` ("f64", "i64", "view:f64:2:R",
/// pykokkos_rt::TypeRef::Signature): layout C -> R, F -> L, A (any) -> R,
/// what pk.array gives a C-contiguous array (1-D arrays are always R); bool
/// arrays are uint8 views (pk.array copies them so); an unknown element type
/// is float64, as the translation assumes (CRB501).
std::string RuntimeSignature(const Type& t);

}  // namespace caramba
