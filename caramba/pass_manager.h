// pass_manager.h — runs the visitors in order over one file: parse, check
// syntax, run each visitor, apply and check its edits, re-parse, invalidate
// analyses, and map every diagnostic back to a position of the input.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "caramba/diagnostics.h"
#include "caramba/module_analysis.h"
#include "caramba/options.h"
#include "caramba/visitor.h"

namespace caramba {

struct KernelPlans;

struct PassTiming {
  std::string name;  // visitor or "parse", "analysis:<name>"
  double seconds = 0;
  size_t edits = 0;
};

struct PassResult {
  /// The output text; empty with ok == false when an error stopped the run.
  std::string output;
  bool ok = false;
  /// Every diagnostic, located in the *input* text, in source order.
  std::vector<Diagnostic> diagnostics;
  /// The module analysis of the input (kernels as the user wrote them).
  std::shared_ptr<const ModuleInfo> input_module;
  /// The output parsed (the pass manager's last tree; its Source() equals
  /// `output`), so consumers such as the batch report need not parse the
  /// output again. Null when ok == false.
  std::shared_ptr<const Tree> output_tree;
  std::vector<PassTiming> timings;
  /// The kernel plans the workunits were written from (what the visitor
  /// that writes them read), for the validation step; null when it made no
  /// edits or did not run.
  std::shared_ptr<const KernelPlans> plans;
};

class PassManager {
 public:
  explicit PassManager(std::vector<std::unique_ptr<Visitor>> visitors);
  /// Translates `source`. `path` labels diagnostics. When the whole pipeline
  /// runs, the translation is then checked by the runtime's kernel front end
  /// (validation.h); a kernel it rejects is refused (CRB150) and the
  /// pipeline runs again without it, until everything translated passes.
  /// Diagnostics silenced by `# noqa: CRBnnn` or the project's
  /// per-file-ignores are dropped, and repeated notes summarised unless
  /// options.verbose (suppressions.h).
  PassResult Run(std::string source, std::string_view path, const TranslateOptions& options) const;
  const std::vector<std::unique_ptr<Visitor>>& Visitors() const { return visitors_; }
  /// Finds a visitor by name (case, '-' and '_' ignored); -1 if none.
  int FindVisitor(std::string_view name) const;
  std::vector<std::string> VisitorNames() const;

 private:
  /// Run without the suppressions.
  PassResult RunValidated(std::string source, std::string_view path, const TranslateOptions& options) const;
  /// One translation without validation: the pipeline, run a second time
  /// when the PhaseLowering declined a kernel that the plan left to it
  /// (TranslateOptions::declined_host_programs).
  PassResult RunOnce(std::string source, std::string_view path, const TranslateOptions& options) const;
  /// One run of the pipeline.
  PassResult RunPipeline(std::string source, std::string_view path, const TranslateOptions& options) const;

  std::vector<std::unique_ptr<Visitor>> visitors_;
};

/// Maps byte offsets of an edited text back to the text before the edits.
/// Offsets inside a replacement map to the replaced range's start.
class OffsetMap {
 public:
  OffsetMap() = default;
  explicit OffsetMap(const std::vector<Edit>& applied);
  uint32_t Back(uint32_t offset) const;

 private:
  struct Piece {
    uint32_t new_start, new_end;  // the replacement in the new text
    uint32_t old_start, old_end;
  };
  std::vector<Piece> pieces_;  // sorted by new_start
};

}  // namespace caramba
