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
};

}  // namespace caramba
