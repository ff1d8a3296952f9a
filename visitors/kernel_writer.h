// kernel_writer.h — the SemanticTransformer's per-kernel writer (private to
// visitors/semantic_transformer.cpp and visitors/kernel_writer*.cpp).
//
// Per kernel, a KernelWriter collects edits on the kernel's body (lowered
// statements, declarations, the reduction), then cuts the edited regions out
// and assembles the workunit text; the caller is built from the plan
// (caller_writer.cpp). Write() in kernel_writer.cpp runs the steps in order;
// the methods are grouped by role below, each role in its own file.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "caramba/analysis/function_extents.h"
#include "caramba/analysis/function_zero_division.h"
#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/loop_variables.h"
#include "caramba/analysis/lowering.h"
#include "caramba/analysis/walk.h"
#include "caramba/text.h"
#include "caramba/visitor.h"
#include "visitors/caller_writer.h"

namespace caramba {


inline bool Mentions(const Node& root, std::string_view name) {
  bool found = false;
  WalkWithParent(root, root.Parent(), [&](const Node& n, const Node& p) {
    if (!found && n.Type() == "identifier" && n.Text() == name && IsNameUse(n, p)) found = true;
    return !found;
  });
  return found;
}

class KernelWriter {
 public:
  /// `extents`: the extents each @pk.function takes as parameters.
  /// `zero_division`: the @pk.functions that take the zero-division flag.
  KernelWriter(const Context& ctx, const KernelPlan& plan, const Kernel& k, const FunctionExtents& extents,
               const FunctionZeroDivision* zero_division = nullptr);
  bool uses_math() const { return env_.uses_math; }
  /// The integer division helpers the workunit calls (integer_division.h).
  const std::set<std::string, std::less<>>& division_helpers() const { return env_.division_helpers; }
  /// The workunit and the caller, replacing the decorated definition (a
  /// phase kernel: just the workunit).
  std::string Write();
  /// A phase's dispatch, for the statement of its host program that calls
  /// it (`target = phase(...)` or `phase(...)`), after Write(); `fresh`:
  /// arrays the host allocated itself.
  std::string Dispatch(const std::string& target, const std::string& indent, std::set<std::string> fresh) const;
  bool phase() const { return phase_; }
  const std::string& unit() const { return unit_; }

 private:
  std::string WriteFunction();
  Node NodeAt(uint32_t s, uint32_t e) const;

  // ---- declarations: loop-variable copies, one typed declaration per local (kernel_writer_declarations.cpp)
  void FindLoopCopies();
  void CopyLoopVariable(const Node& loop);
  void Declarations();

  // ---- statements: each body statement lowered to the dialect (kernel_writer_statements.cpp)
  void LowerBlock(const Node& block);
  std::string Indent(const Node& stmt) const { return std::string(IndentationAt(ctx_.source(), stmt.StartByte())); }
  void Emit(const Node& stmt, const Prelude& pre, const std::vector<std::string>& lines);
  void LowerStatement(const Node& s);
  void FixPreludeIndent(const Node& s, const Prelude& pre);
  void ReplaceExpr(const Node& e, const std::string& text);
  static Node InnermostLoop(Node n);
  const AtomicUpdate* AtomicUpdateAt(const Node& stmt) const;
  std::string AtomicElementUpdate(const Node& a, AtomicOp op, Prelude& pre);
  bool IsReductionUpdate(const Node& stmt) const;
  void LowerSimple(const Node& s);
  void TupleAssign(const Node& s, const Node& l, const Node& r);
  std::string ReductionUpdate(const Node& a, Prelude& pre);
  void LowerReturn(const Node& s);

  // ---- assembly: edited regions joined into the workunit text (kernel_writer_assembly.cpp)
  void RemoveLine(uint32_t s, uint32_t e);
  std::string Region(uint32_t start, uint32_t end);
  static uint32_t LeadingComments(const Node& compound, const Node& block);
  static bool TrimmedEmpty(const std::string& s) { return s.find_first_not_of(" \t\r\n") == std::string::npos; }
  std::string Dedent(const std::string& text, const std::string& from, const std::string& to) const;
  std::string Header(const std::string& ind);
  bool Triangular() const;
  std::string LoopValue(const Node& loop, const std::string& index, Prelude& pre);
  std::string Signature();

  // ---- state shared by the steps
  const Context& ctx_;
  const KernelPlan& plan_;
  const Kernel& k_;
  std::vector<ExtentParam> own_extents_;  // a @pk.function's extent parameters
  bool takes_flag_ = false;  // a @pk.function that takes the zero-division flag (function_zero_division.h)
  LowerEnv env_;
  EditList edits_;
  Node def_, body_, loop_, par_, region_root_;
  std::string nl_, unit_, tid_, acc_;
  GeneratedNames names_;
  bool phase_ = false;
  std::map<uint32_t, Scalar> declare_in_place_;
  std::map<uint32_t, std::string> hoisted_;
  std::vector<std::pair<uint32_t, std::string>> pending_inserts_;
  std::vector<std::pair<uint32_t, uint32_t>> removed_;
  std::vector<std::string> workunit_params_;
  /// Workunit parameters that carry a kernel parameter under another name:
  /// a serial kernel that assigns a scalar parameter takes `_pk_in_<p>` and
  /// starts with the local `p` (CheckKernelParamAssignments).
  std::map<std::string, std::string> param_sources_;
  std::set<uint32_t> copied_loops_;     // for statements written with a fresh counter
  std::set<std::string> copied_vars_;  // their variables, declared as locals
  int copy_count_ = 0;

 public:
  std::string failed_;
};

}  // namespace caramba
