// kernel_status.h — what became of each kernel of a file, read from the
// translator's PassResult (no per-kernel field in PassResult is needed):
//   refused        a CRB1xx–CRB4xx warning or error lies inside the kernel
//                  (the translator leaves such a kernel as Numba code);
//   translated     not refused, and the output no longer contains it as a
//                  Numba kernel (its qualname is gone from the output's
//                  kernel list);
//   not-translated still Numba code in the output without a refusal (e.g.
//                  excluded by --kernel, cut short by --stop-after, or a
//                  translator that does not rewrite it yet);
//   kept           marked `# caramba: keep`: Numba code on purpose, no finding;
//   error          the file failed (syntax error, internal error): nothing
//                  was written.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caramba/module_analysis.h"
#include "caramba/pass_manager.h"

namespace caramba {

enum class KernelStatus { kTranslated, kRefused, kNotTranslated, kError, kKept };
std::string_view KernelStatusName(KernelStatus s);

/// What the kernel's name is bound to in the output: the caller that keeps
/// every existing call site working, and the workunits it dispatches.
struct CallerInfo {
  std::string name;
  uint32_t line = 0;       // 1-based, in the output
  std::string signature;   // "def f(a, b, n)" as written in the output
  std::vector<std::string> workunits;  // @pk.workunit functions the caller names
};

struct KernelOutcome {
  std::string name, qualname;
  JitKind kind = JitKind::kNjit;
  uint32_t line = 0, column = 0;  // of the def, in the input
  KernelStatus status = KernelStatus::kNotTranslated;
  /// Codes of every diagnostic located inside the kernel, in order; for a
  /// refused kernel the refusing codes come first.
  std::vector<std::string> codes;
  std::vector<std::string> refusal_codes;
  std::optional<CallerInfo> caller;  // for translated kernels
};

/// Classifies the kernels of `input` from the translation result.
std::vector<KernelOutcome> ClassifyKernels(const PassResult& result, std::string_view input);

/// True for diagnostics that refuse a kernel: CRB100–CRB499, not a note.
bool IsRefusal(const Diagnostic& d);

}  // namespace caramba
