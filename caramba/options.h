// options.h — the options that change what a translation does. Plain data,
// filled by the CLI (caramba/translate_flags.cpp), the LSP server, difftest
// and tests directly.
#pragma once

#include <string>
#include <vector>

namespace caramba {

struct TranslateOptions {
  /// Run the pipeline up to and including this visitor ("" = all).
  std::string stop_after;
  /// Run only this visitor ("" = all).
  std::string only;
  /// Translate only these kernels (by name or qualname); empty = every kernel.
  /// The LSP "Migrate kernel" action uses it; every other kernel stays as it is.
  std::vector<std::string> kernels;
  /// Execution space of the generated callers: Serial, OpenMP, Cuda, HIP,
  /// Threads or Default (`--space`). OpenMP is what the thesis used.
  std::string space = "OpenMP";
  /// `drop-in`: the caller keeps the kernel's name and the workunit is
  /// `_pk_<name>`; `thesis`: the workunit keeps the name and the caller is
  /// `call_<name>`, as in the thesis's snippet 2.5 (`--caller-style`).
  std::string caller_style = "drop-in";
};

}  // namespace caramba
