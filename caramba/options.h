// options.h — the options that change what a translation does. Plain data,
// filled by the CLI (or by tests, the LSP server and difftest directly).
#pragma once

#include <string>

namespace caramba {

struct TranslateOptions {
  /// Run the pipeline up to and including this visitor ("" = all).
  std::string stop_after;
  /// Run only this visitor ("" = all).
  std::string only;
};

}  // namespace caramba
