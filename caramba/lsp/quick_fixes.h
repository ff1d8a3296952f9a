// quick_fixes.h — mechanical fixes for diagnostics, offered by the LSP server
// as `quickfix` code actions. A table maps a diagnostic code to the function
// that computes its fix; a code without an entry has no mechanical fix.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "caramba/diagnostics.h"
#include "caramba/syntax.h"

namespace caramba::lsp {

struct Replacement {
  uint32_t start = 0, end = 0;  // byte range of the document
  std::string text;
};

struct QuickFix {
  std::string title;
  std::vector<Replacement> edits;
};

/// The fix for `d` in the document parsed as `tree`, or nullopt when its code
/// has no mechanical fix or this occurrence is not one the fix understands.
/// A fix is only returned if the fixed text has no new syntax problems.
std::optional<QuickFix> FindQuickFix(const Tree& tree, const Diagnostic& d);

/// True when some diagnostic with this id can have a fix (for capabilities
/// and tests).
bool HasQuickFixFor(DiagId id);

}  // namespace caramba::lsp
