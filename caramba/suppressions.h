// suppressions.h — what a user can silence, and how the notes are summarised:
//   `# noqa: CRB140` (or `# noqa: CRB140, CRB501`) on a line silences those
//   codes on that line; a bare `# noqa` (flake8's, common in Numba code) does
//   not silence Caramba, since a refusal must not disappear by accident;
//   per-file-ignores of `[tool.caramba]` (config.h) silence codes in whole files;
//   repeated notes of one kind in one kernel ("elements of 'a' assumed to be
//   float64", ...) become one note per kernel unless -v (verbose) is given.
// Input, usage and internal errors (CRB0xx, CRB9xx) are never silenced.
// `# caramba: keep` on a kernel is a decision, not a silenced diagnostic: the
// module analysis marks the kernel (Kernel::keep) and nothing translates it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "caramba/diagnostics.h"
#include "caramba/module_analysis.h"

namespace caramba {

/// The codes named by a `# noqa: CRBnnn[, CRBnnn...]` comment on `line`.
std::vector<std::string> NoqaCodes(std::string_view line);

/// Removes the diagnostics silenced by a `# noqa` on their line (of `source`)
/// or by `ignored` (the per-file codes); then, unless `verbose`, merges the
/// notes of one code within one kernel of `module` into one.
void ApplySuppressions(std::vector<Diagnostic>* diagnostics, std::string_view source,
                       const std::vector<std::string>& ignored, const ModuleInfo* module, bool verbose);

}  // namespace caramba
