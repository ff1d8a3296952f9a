// plan_reductions.cpp — KernelPlan builder, reductions: the scalar reduction of the parallel loop.
// The Builder and the order of its steps: plan_builder.h, kernel_plan.cpp.
#include "caramba/analysis/plan_builder.h"

#include "caramba/analysis/iteration_privacy.h"

namespace caramba {
namespace kernel_plan_detail {

bool Builder::MentionsArrayElement(const Node& e) {
  bool found = false;
  Walk(e, [&](const Node& n) {
    if (n.Type() == "subscript") {
      int d = 0;
      Node b = SubscriptBase(n, &d);
      if (b.Type() == "identifier") found = true;
    }
    return !found;
  });
  return found;
}

// `m = x if x > m else m` (and `m if m > x else x`, `<`, `>=`, `<=` and the
// operands swapped): the max or min of m and x, x mentioning no m. Numba
// 0.56 does not reduce it: under prange the iterations race on m, or the
// parfor pass fails (RecursionError), so it is refused, saying what to write.
static ReduceOp ConditionalOp(const Node& r, const std::string& var) {
  auto parts = r.NamedChildren();
  if (parts.size() != 3) return ReduceOp::kNone;
  Node yes = parts[0], cond = parts[1], no = parts[2];
  if (cond.Type() == "parenthesized_expression" && cond.NamedChildCount() == 1) cond = cond.NamedChild(0);
  if (cond.Type() != "comparison_operator" || cond.NamedChildCount() != 2) return ReduceOp::kNone;
  Node a = cond.NamedChild(0), b = cond.NamedChild(1);
  std::string op;
  for (uint32_t k = 0; k < cond.ChildCount(); ++k)
    if (!cond.Child(k).IsNamed()) op += std::string(cond.Child(k).Text());
  if (op != ">" && op != ">=" && op != "<" && op != "<=") return ReduceOp::kNone;
  auto is_var = [&](const Node& n) { return n.Type() == "identifier" && n.Text() == var; };
  bool var_yes = is_var(yes);  // which branch keeps the variable
  if (var_yes == is_var(no)) return ReduceOp::kNone;
  Node x = var_yes ? no : yes;
  if (MentionsName(x, var)) return ReduceOp::kNone;
  bool x_first;  // the comparison compares x and m, in one order or the other
  if (is_var(b) && a.Text() == x.Text()) x_first = true;
  else if (is_var(a) && b.Text() == x.Text()) x_first = false;
  else return ReduceOp::kNone;
  bool greater = op[0] == '>';
  bool x_taken_when_greater = (greater == x_first) != var_yes;
  return x_taken_when_greater ? ReduceOp::kMax : ReduceOp::kMin;
}

void Builder::FindReduction(const Node& loop, const std::vector<Node>& stmts, size_t idx) {
  // Names assigned inside the loop that also live outside it.
  std::set<std::string> inside;
  Walk(loop.ChildByField("body"), [&](const Node& n) {
    if (n.Type() == "assignment" || n.Type() == "augmented_assignment") {
      Node l = n.ChildByField("left");
      if (l.Type() == "identifier") inside.insert(std::string(l.Text()));
    }
    return true;
  });
  // A local each iteration assigns before reading it, whose last value no
  // statement after the loop reads (it assigns the name again first, as a
  // second pass over the same blocks does), is private to the iteration
  // however often the kernel reuses the name: no reduction.
  std::vector<Node> after;
  for (size_t i = idx + 1; i < stmts.size(); ++i) after.push_back(stmts[i]);
  std::vector<std::string> carried;
  for (const auto& v : inside) {
    bool outside = false;
    for (size_t i = 0; i < stmts.size(); ++i)
      if (i != idx && MentionsName(stmts[i], v)) outside = true;
    if (outside && PrivateToIteration(loop, v) && AssignedBeforeRead(after, v)) outside = false;
    if (outside) carried.push_back(v);
  }
  if (carried.empty()) return;
  if (carried.size() > 1) {
    Refuse(DiagId::kReductionForm, "carries several variables across prange iterations (" + carried[0] + ", " +
                                       carried[1] + ")", loop.ChildByField("right"),
           "split the kernel into one reduction per kernel");
    return;
  }
  Reduction& red = plan_.reduction;
  red.var = carried[0];
  red.type = plan_.types[red.var].scalar;
  ReduceOp op = ReduceOp::kNone;
  bool bad = false;
  size_t update_mentions = 0, all_mentions = 0;
  Walk(loop.ChildByField("body"), [&](const Node& n) {
    if (n.Type() == "identifier" && n.Text() == red.var) ++all_mentions;
    Node a = AssignmentOf(n);
    if (!a) return true;
    Node l = a.ChildByField("left");
    if (l.Type() != "identifier" || l.Text() != red.var) return true;
    ReduceOp this_op = UpdateOp(a);
    Node r = a.ChildByField("right");
    if (this_op == ReduceOp::kNone && r && r.Type() == "conditional_expression") {
      ReduceOp cond = ConditionalOp(r, red.var);
      if (cond != ReduceOp::kNone) {
        bad = true;
        std::string f = cond == ReduceOp::kMax ? "max" : "min";
        Refuse(DiagId::kReductionForm,
               "updates '" + red.var + "' with a conditional expression, which Numba does not reduce: under prange "
               "the iterations race on '" + red.var + "' (or Numba fails to compile the loop)",
               a, "write it as `" + red.var + " = " + f + "(" + red.var + ", ...)`, a " + f +
                      " reduction in Numba and in the translation");
        return false;
      }
    }
    if (this_op == ReduceOp::kNone || (op != ReduceOp::kNone && op != this_op)) {
      bad = true;
      Refuse(DiagId::kReductionForm, "updates '" + red.var + "' in a form that is not a reduction", a);
      return false;
    }
    op = this_op;
    update_mentions += a.Type() == "augmented_assignment" ? 1 : 2;
    red.updates.push_back({n.StartByte(), n.EndByte()});
    return false;
  });
  // Mentions inside updates were not walked except the update itself; count them again.
  size_t total = 0;
  Walk(loop.ChildByField("body"), [&](const Node& n) {
    if (n.Type() == "identifier" && n.Text() == red.var) ++total;
    return true;
  });
  if (!bad && total != update_mentions) {
    Refuse(DiagId::kReductionForm, "reads '" + red.var + "' inside the prange loop besides reducing it",
           loop.ChildByField("right"));
    bad = true;
  }
  (void)all_mentions;
  if (bad) return;
  red.op = op;
  // The initial value: a top-level assignment before the loop.
  for (size_t i = 0; i < idx; ++i) {
    Node a = AssignmentOf(stmts[i]);
    if (a && a.Type() == "assignment" && a.ChildByField("left").Text() == red.var) {
      if (red.init_stmt_start) {
        Refuse(DiagId::kReductionForm, "sets '" + red.var + "' more than once before the prange loop", a);
        return;
      }
      red.init_stmt_start = stmts[i].StartByte();
      red.init_stmt_end = stmts[i].EndByte();
      Node v = a.ChildByField("right");
      red.init_value_start = v.StartByte();
      red.init_value_end = v.EndByte();
      red.init_is_zero = IsZeroLiteral(v);
      CheckCallerExpression(v, "the reduction's initial value");
    } else if (MentionsName(stmts[i], red.var)) {
      Refuse(DiagId::kPrangeSurroundings, "uses '" + red.var + "' before the prange loop", stmts[i]);
    }
  }
  if (!red.init_stmt_start)
    Refuse(DiagId::kReductionForm, "reduces '" + red.var + "' without setting it before the loop",
           loop.ChildByField("right"));
}

// `s += x`, `s -= x`, `s = s + x`, `s = x + s`, `s = s - x` -> sum;
// `s *= x`, `s = s * x` -> product; `s = max(s, x)` -> max; min alike.
ReduceOp Builder::UpdateOp(const Node& a) {
  std::string var(a.ChildByField("left").Text());
  Node r = a.ChildByField("right");
  if (a.Type() == "augmented_assignment") {
    std::string_view op = a.ChildByField("operator").Text();
    if (MentionsName(r, var)) return ReduceOp::kNone;
    if (op == "+=" || op == "-=") return ReduceOp::kSum;
    if (op == "*=") return ReduceOp::kProduct;
    return ReduceOp::kNone;
  }
  if (r.Type() == "binary_operator") {
    std::string_view op = r.ChildByField("operator").Text();
    Node x = r.ChildByField("left"), y = r.ChildByField("right");
    bool left_is = x.Type() == "identifier" && x.Text() == var;
    bool right_is = y.Type() == "identifier" && y.Text() == var;
    if (left_is && !MentionsName(y, var) && (op == "+" || op == "-")) return ReduceOp::kSum;
    if (right_is && !MentionsName(x, var) && op == "+") return ReduceOp::kSum;
    if (left_is && !MentionsName(y, var) && op == "*") return ReduceOp::kProduct;
    if (right_is && !MentionsName(x, var) && op == "*") return ReduceOp::kProduct;
    return ReduceOp::kNone;
  }
  if (r.Type() == "call") {
    std::string q = mod_.imports.Resolve(r.ChildByField("function"));
    auto args = r.ChildByField("arguments").NamedChildren();
    if ((q == "max" || q == "min") && args.size() == 2) {
      int which = args[0].Text() == var ? 0 : args[1].Text() == var ? 1 : -1;
      if (which < 0 || MentionsName(args[1 - which], var)) return ReduceOp::kNone;
      return q == "max" ? ReduceOp::kMax : ReduceOp::kMin;
    }
  }
  return ReduceOp::kNone;
}

bool Builder::NanFreeUpdates(const Node& loop) const {
  const std::string& var = plan_.reduction.var;
  auto strip = [](Node n) {
    while (n && n.Type() == "parenthesized_expression" && n.NamedChildCount() == 1) n = n.NamedChild(0);
    return n;
  };
  // -np.inf, np.inf, -math.inf, 0.0: never NaN.
  auto constant = [&](Node c) {
    c = strip(c);
    if (c.Type() == "unary_operator" && c.Child(0).Text() == "-") c = strip(c.ChildByField("argument"));
    if (c.Type() == "float" || c.Type() == "integer") return true;
    std::string q = mod_.imports.Resolve(c);
    return q == "numpy.inf" || q == "math.inf";
  };
  bool all = true;
  size_t updates = 0;
  Walk(loop.ChildByField("body"), [&](const Node& n) {
    if (!all) return false;
    if (n.Type() != "assignment" || n.ChildByField("left").Text() != var) return true;
    ++updates;
    Node r = strip(n.ChildByField("right"));
    auto args = r.Type() == "call" ? r.ChildByField("arguments").NamedChildren() : std::vector<Node>{};
    if (args.size() != 2) return all = false;
    Node x = strip(args[args[0].Text() == var ? 1 : 0]);
    auto parts = x.Type() == "conditional_expression" ? x.NamedChildren() : std::vector<Node>{};
    if (parts.size() != 3) return all = false;
    Node cond = strip(parts[1]);
    // (v if v == v else c): v where v equals itself, which NaN does not.
    bool self = cond.Type() == "comparison_operator" && cond.NamedChildCount() == 2 &&
                cond.NamedChild(0).Text() == parts[0].Text() && cond.NamedChild(1).Text() == parts[0].Text() &&
                parts[0].Type() == "identifier";
    for (uint32_t k = 0; self && k < cond.ChildCount(); ++k)
      if (!cond.Child(k).IsNamed() && cond.Child(k).Text() != "==") self = false;
    if (!self || !constant(parts[2])) all = false;
    return false;
  });
  return all && updates > 0;
}

}  // namespace kernel_plan_detail
}  // namespace caramba
