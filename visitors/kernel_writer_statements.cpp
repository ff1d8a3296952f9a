// kernel_writer_statements.cpp — SemanticTransformer's KernelWriter,
// statements: each body statement lowered to the dialect.
// The KernelWriter and the order of its steps: kernel_writer.h, kernel_writer.cpp.
#include "visitors/kernel_writer.h"

#include <algorithm>

#include "caramba/analysis/integer_division.h"
#include "caramba/analysis/integer_typing.h"

namespace caramba {

// ---- statements --------------------------------------------------------------
void KernelWriter::LowerBlock(const Node& block) {
  for (const Node& s : Statements(block)) LowerStatement(s);
}

// Replaces `stmt` by prelude + lines (the first line starts where the
// statement started, the others carry its indentation).
void KernelWriter::Emit(const Node& stmt, const Prelude& pre, const std::vector<std::string>& lines) {
  std::vector<std::string> all(pre.begin(), pre.end());
  all.insert(all.end(), lines.begin(), lines.end());
  std::string ind = Indent(stmt), out;
  for (size_t i = 0; i < all.size(); ++i) {
    if (i) out += nl_ + ind;
    out += all[i];
  }
  if (out != stmt.Text()) edits_.Replace(stmt.StartByte(), stmt.EndByte(), out, "statement");
}

void KernelWriter::LowerStatement(const Node& s) {
  // Statements that leave the workunit (shape checks) are not lowered.
  for (const auto& [rs, re] : removed_)
    if (s.StartByte() >= rs && s.EndByte() <= re) return;
  std::string_view t = s.Type();
  if (t == "expression_statement") return LowerSimple(s);
  if (t == "return_statement") return LowerReturn(s);
  if (t == "continue_statement") {
    if (loop_ && InnermostLoop(s) == par_) edits_.Replace(s.StartByte(), s.EndByte(), "return", "continue");
    return;
  }
  if (t == "if_statement") {
    Prelude pre;
    Node cond = s.ChildByField("condition");
    std::string c = LowerExpr(cond, env_, pre);
    ReplaceExpr(cond, c);
    FixPreludeIndent(s, pre);
    LowerBlock(s.ChildByField("consequence"));
    for (const Node& alt : s.ChildrenByField("alternative")) {
      if (alt.Type() == "elif_clause") {
        Prelude none;
        Node c2 = alt.ChildByField("condition");
        ReplaceExpr(c2, LowerExpr(c2, env_, none));
        LowerBlock(alt.ChildByField("consequence"));
      } else {
        LowerBlock(alt.ChildByField("body"));
      }
    }
    return;
  }
  if (t == "while_statement") {
    Prelude none;
    Node cond = s.ChildByField("condition");
    ReplaceExpr(cond, LowerExpr(cond, env_, none));
    LowerBlock(s.ChildByField("body"));
    return;
  }
  if (t == "for_statement") {
    Node call = s.ChildByField("right");
    Node fn = call.ChildByField("function");
    if (ctx_.module().imports.Resolve(fn) == "numba.prange") edits_.Replace(fn.StartByte(), fn.EndByte(), "range", "inner prange");
    Prelude pre;
    for (const Node& a : call.ChildByField("arguments").NamedChildren()) ReplaceExpr(a, LowerExpr(a, env_, pre));
    FixPreludeIndent(s, pre);
    if (copied_loops_.count(s.StartByte())) CopyLoopVariable(s);
    LowerBlock(s.ChildByField("body"));
    return;
  }
}

void KernelWriter::FixPreludeIndent(const Node& s, const Prelude& pre) {
  if (pre.empty()) return;
  std::string ind = Indent(s), out;
  for (const auto& l : pre) out += l + nl_ + ind;
  pending_inserts_.push_back({s.StartByte(), out});
}

void KernelWriter::ReplaceExpr(const Node& e, const std::string& text) {
  if (text != e.Text()) edits_.Replace(e.StartByte(), e.EndByte(), text, "expression");
}

Node KernelWriter::InnermostLoop(Node n) {
  for (n = n.Parent(); n; n = n.Parent())
    if (n.Type() == "for_statement" || n.Type() == "while_statement") return n;
  return Node();
}

const AtomicUpdate* KernelWriter::AtomicUpdateAt(const Node& stmt) const {
  for (const AtomicUpdate& u : plan_.atomic_updates)
    if (stmt.StartByte() == u.stmt_start && stmt.EndByte() == u.stmt_end) return &u;
  return nullptr;
}

// `hist[k] += w` -> `pk.atomic_add(hist, [k], w)` (KernelPlan::atomic_updates):
// the indices first, then the value, as Python evaluates them.
std::string KernelWriter::AtomicElementUpdate(const Node& a, AtomicOp op, Prelude& pre) {
  auto u = AsElementUpdate(a, ctx_.module().imports);
  std::vector<Node> indices;
  Node base;
  ElementIndices(u->target, indices, base);
  std::string list;
  for (size_t i = 0; i < indices.size(); ++i) list += (i ? ", " : "") + LowerExpr(indices[i], env_, pre);
  std::string v = LowerExpr(u->value, env_, pre);
  return "pk." + std::string(AtomicFunction(op)) + "(" + std::string(base.Text()) + ", [" + list + "], " + v + ")";
}

bool KernelWriter::IsReductionUpdate(const Node& stmt) const {
  for (const auto& [s, e] : plan_.reduction.updates)
    if (stmt.StartByte() == s && stmt.EndByte() == e) return true;
  return false;
}

void KernelWriter::LowerSimple(const Node& s) {
  if (IsDocstring(s) || s.NamedChildCount() != 1) return;
  Node a = s.NamedChild(0);
  Prelude pre;
  if (IsReductionUpdate(s)) return Emit(s, pre, {ReductionUpdate(a, pre)});
  if (const AtomicUpdate* u = AtomicUpdateAt(s)) return Emit(s, pre, {AtomicElementUpdate(a, u->op, pre)});
  if (a.Type() == "assignment") {
    Node l = a.ChildByField("left"), r = a.ChildByField("right");
    if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern") return TupleAssign(s, l, r);
    Scalar target = TypeOfExpr(l, plan_.types, ctx_.module().imports, &env_.type_memo).scalar;
    std::string lhs = LowerExpr(l, env_, pre);
    auto decl = declare_in_place_.find(s.StartByte());
    bool declare = decl != declare_in_place_.end();
    std::string head = declare ? lhs + ": " + DialectScalar(decl->second) : lhs;
    if (r.Type() == "conditional_expression") {
      // `x = a if c else b` -> an if/else assigning x (both branches lazy).
      auto kids = r.NamedChildren();
      std::string cond = LowerExpr(kids[1], env_, pre);
      Prelude p1, p2;
      std::string v1 = LowerAssignedValue(kids[0], target, env_, p1);
      std::string v2 = LowerAssignedValue(kids[2], target, env_, p2);
      std::vector<std::string> lines;
      if (declare) lines.push_back(head + " = " + ZeroOf(decl->second));
      lines.push_back("if " + cond + ":");
      for (const auto& l : p1) lines.push_back(unit_ + l);
      lines.push_back(unit_ + lhs + " = " + v1);
      lines.push_back("else:");
      for (const auto& l : p2) lines.push_back(unit_ + l);
      lines.push_back(unit_ + lhs + " = " + v2);
      return Emit(s, pre, lines);
    }
    std::string rhs = LowerAssignedValue(r, target, env_, pre);
    return Emit(s, pre, {head + " = " + rhs});
  }
  if (a.Type() == "augmented_assignment") {
    Node l = a.ChildByField("left"), r = a.ChildByField("right");
    std::string op(a.ChildByField("operator").Text());
    std::string lhs = LowerExpr(l, env_, pre);
    std::string rhs = LowerExpr(r, env_, pre);
    Scalar lt = TypeOfExpr(l, plan_.types, ctx_.module().imports, &env_.type_memo).scalar;
    Scalar rt = TypeOfExpr(r, plan_.types, ctx_.module().imports, &env_.type_memo).scalar;
    bool ints = (IsInteger(lt) || lt == Scalar::kBool) && (IsInteger(rt) || rt == Scalar::kBool);
    std::string rp = r.Type() == "identifier" || r.Type() == "integer" || r.Type() == "float" ? rhs : "(" + rhs + ")";
    // Numba divides in uint64 only when both operands are unsigned (integer_typing.h).
    bool checked = ChecksZeroDivision(r, env_),
         u64 = NumbaIntegerBinary(op.substr(0, op.size() - 1), lt, rt) == Scalar::kUInt64;
    if (op == "//=" && ints) return Emit(s, pre, {lhs + " = " + IntFloorDiv(lhs, rhs, env_, checked, u64)});
    if (op == "%=" && ints) {
      std::string v = IntPyMod(lhs, rhs, env_, checked, u64);
      if (v[0] == '(') v = v.substr(1, v.size() - 2);  // the inline form, a whole right-hand side
      return Emit(s, pre, {lhs + " = " + v});
    }
    if (op == "//=") {
      env_.uses_math = true;
      return Emit(s, pre, {lhs + " = math.floor(" + lhs + " / " + rp + ")"});
    }
    if (op == "%=") {
      env_.uses_math = true;
      return Emit(s, pre, {lhs + " = math.fmod(math.fmod(" + lhs + ", " + rp + ") + " + rp + ", " + rp + ")"});
    }
    return Emit(s, pre, {lhs + " " + op + " " + rhs});
  }
  Emit(s, pre, {LowerExpr(a, env_, pre)});
}

// `a, b = b, a` and other parallel assignments: every right-hand side into
// a typed temporary first, then the assignments.
void KernelWriter::TupleAssign(const Node& s, const Node& l, const Node& r) {
  Prelude pre;
  auto ls = l.NamedChildren(), rs = r.NamedChildren();
  std::vector<std::string> temps;
  for (size_t i = 0; i < rs.size(); ++i) {
    Scalar t = TypeOfExpr(rs[i], plan_.types, ctx_.module().imports).scalar;
    std::string v = LowerExpr(rs[i], env_, pre);
    std::string name = env_.NewTemp();
    pre.push_back(name + ": " + DialectScalar(t) + " = " + v);
    temps.push_back(name);
  }
  std::vector<std::string> lines;
  for (size_t i = 0; i < ls.size() && i < temps.size(); ++i) lines.push_back(LowerExpr(ls[i], env_, pre) + " = " + temps[i]);
  Emit(s, pre, lines);
}

std::string KernelWriter::ReductionUpdate(const Node& a, Prelude& pre) {
  const std::string& var = plan_.reduction.var;
  Node value;
  std::string op = "+=";
  if (a.Type() == "augmented_assignment") {
    value = a.ChildByField("right");
    op = std::string(a.ChildByField("operator").Text());
  } else {
    Node r = a.ChildByField("right");
    if (r.Type() == "binary_operator") {
      Node x = r.ChildByField("left"), y = r.ChildByField("right");
      bool left_is = x.Type() == "identifier" && x.Text() == var;
      value = left_is ? y : x;
      op = std::string(r.ChildByField("operator").Text()) + "=";
    } else {  // max(s, x) / min(s, x)
      auto args = r.ChildByField("arguments").NamedChildren();
      value = args[0].Text() == var ? args[1] : args[0];
    }
  }
  std::string v = LowerExpr(value, env_, pre);
  switch (plan_.reduction.op) {
    case ReduceOp::kSum: return acc_ + " " + op + " " + v;
    case ReduceOp::kProduct: return "pk.atomic_fetch_mul(" + names_.cell + ", [0], " + v + ")";
    case ReduceOp::kMax: return "pk.atomic_fetch_max(" + names_.cell + ", [0], " + v + ")";
    case ReduceOp::kMin: return "pk.atomic_fetch_min(" + names_.cell + ", [0], " + v + ")";
    default: return std::string(a.Text());
  }
}

void KernelWriter::LowerReturn(const Node& s) {
  if (loop_) return;  // the final return of a prange kernel belongs to the caller
  Prelude pre;
  bool has_value = s.NamedChildCount() == 1 && s.NamedChild(0).Type() != "none";
  if (!has_value) return Emit(s, pre, {"return"});
  if (plan_.as_function) return Emit(s, pre, {"return " + LowerExpr(s.NamedChild(0), env_, pre)});
  // An early return of the array the caller returns (SerialReturns) ends the workunit.
  if (plan_.returns == ReturnKind::kArray && s.StartByte() != plan_.final_return_start) return Emit(s, pre, {"return"});
  if (plan_.returns != ReturnKind::kScalar) return;
  std::string v = LowerExpr(s.NamedChild(0), env_, pre);
  std::vector<std::string> lines{acc_ + " += " + v};
  auto top = Statements(body_);
  if (top.empty() || top.back() != s) lines.push_back("return");
  Emit(s, pre, lines);
}

}  // namespace caramba
