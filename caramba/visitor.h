// visitor.h — the one interface every visitor implements.
//
// A visitor reads the current text through the Context (tree, analyses,
// options) and returns edits and diagnostics. It never mutates the tree,
// prints, reads files or reads global state; that keeps visitors testable
// from strings and lets the pass manager check and apply their edits.
#pragma once

#include <string_view>
#include <vector>

#include "caramba/analysis.h"
#include "caramba/diagnostics.h"
#include "caramba/options.h"
#include "caramba/rewrite.h"
#include "caramba/syntax.h"

namespace caramba {

/// What a visitor sees.
class Context {
 public:
  Context(const Tree& tree, std::string_view path, const TranslateOptions& options, AnalysisCache& cache,
          std::string_view input_source = {}, const ModuleInfo* input_module = nullptr,
          const std::vector<Diagnostic>* reported = nullptr, const Tree* input_tree = nullptr)
      : tree_(tree), path_(path), options_(options), cache_(cache), input_source_(input_source),
        input_module_(input_module), reported_(reported), input_tree_(input_tree) {}

  const Tree& tree() const { return tree_; }
  std::string_view source() const { return tree_.Source(); }
  std::string_view path() const { return path_; }
  const TranslateOptions& options() const { return options_; }
  /// The file's line terminator, for inserted text.
  std::string_view newline() const;

  template <typename A>
  const typename A::Result& Get() const {
    return cache_.Get<A>(AnalysisInput{tree_, path_, &options_});
  }
  const ModuleInfo& module() const { return Get<ModuleAnalysis>(); }
  /// The text the pipeline started from and its module analysis (kernels as
  /// the user wrote them). Empty / null when a visitor runs outside the
  /// pass manager.
  std::string_view input_source() const { return input_source_; }
  const ModuleInfo* input_module() const { return input_module_; }
  /// The tree of input_source(), parsed once by the pass manager (null
  /// outside it: parse input_source() then).
  const Tree* input_tree() const { return input_tree_; }
  /// Diagnostics the earlier visitors reported, located in the input text
  /// (null outside the pass manager).
  const std::vector<Diagnostic>* reported() const { return reported_; }

  /// A diagnostic located at a byte range of the current text.
  Diagnostic Diag(DiagId id, std::string message, uint32_t start, uint32_t end) const {
    return Diagnostic::Make(id, std::move(message), std::string(path_)).At(start, end);
  }

 private:
  const Tree& tree_;
  std::string_view path_;
  const TranslateOptions& options_;
  AnalysisCache& cache_;
  std::string_view input_source_;
  const ModuleInfo* input_module_;
  const std::vector<Diagnostic>* reported_;
  const Tree* input_tree_;
};

struct VisitorResult {
  EditList edits;
  std::vector<Diagnostic> diagnostics;
};

class Visitor {
 public:
  virtual ~Visitor() = default;
  /// CamelCase name, as in the thesis ("UnsupportedDetector").
  virtual std::string_view Name() const = 0;
  /// One line for --list-visitors.
  virtual std::string_view Description() const = 0;
  /// Names of the analyses it reads (for --list-visitors and --time-passes).
  virtual std::vector<std::string_view> NeededAnalyses() const { return {}; }
  virtual VisitorResult Run(const Context& ctx) const = 0;
  /// True for the visitor that writes workunits and callers from the kernel
  /// plans: the pass manager keeps the plans it read (PassResult::plans) for
  /// the validation step, which needs the types the translation assumed.
  virtual bool WritesWorkunits() const { return false; }
};

}  // namespace caramba
