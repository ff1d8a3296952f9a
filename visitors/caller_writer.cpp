// caller_writer.cpp — see caller_writer.h.
#include "visitors/caller_writer.h"

#include "caramba/analysis/integer_division.h"

#include "caramba/analysis/phases.h"

#include "caramba/analysis/lowering.h"
#include "caramba/analysis/scalar_types.h"
#include "caramba/analysis/walk.h"
#include "visitors/dispatch_space.h"

#include <algorithm>
#include <cstdlib>
#include <set>

namespace caramba {

namespace {

bool IsExtentCall(const Node& n) {
  if (n.Type() != "call") return false;
  Node fn = n.ChildByField("function");
  return fn.Type() == "attribute" && fn.ChildByField("attribute").Text() == "extent";
}

void Identifiers(const Node& root, std::set<std::string>& out) {
  WalkWithParent(root, root.Parent(), [&](const Node& n, const Node& p) {
    if (IsNameUse(n, p)) out.insert(std::string(n.Text()));
    return true;
  });
}

Node NodeAt(const Tree& tree, uint32_t s, uint32_t e) {
  Node n = tree.Root().DescendantForByteRange(s, e);
  while (n && (n.StartByte() != s || n.EndByte() != e)) n = n.Parent();
  // The outermost node of that range (the statement, not its expression).
  while (n && n.Parent() && n.Parent().Type() != "block" && n.Parent().StartByte() == s && n.Parent().EndByte() == e)
    n = n.Parent();
  return n;
}

// True when the caller's value of `n` is certainly a Python int: literals,
// shapes, len(), int(), and integer arithmetic on them.
bool IsPythonInt(const Node& n) {
  std::string_view t = n.Type();
  if (t == "integer" || IsExtentCall(n)) return true;
  if (t == "call") {
    std::string_view f = n.ChildByField("function").Text();
    return f == "len" || f == "int";
  }
  if (t == "parenthesized_expression") return n.NamedChildCount() == 1 && IsPythonInt(n.NamedChild(0));
  if (t == "unary_operator") return IsPythonInt(n.ChildByField("argument"));
  if (t == "binary_operator") {
    std::string_view op = n.ChildByField("operator").Text();
    return (op == "+" || op == "-" || op == "*" || op == "//" || op == "%") && IsPythonInt(n.ChildByField("left")) &&
           IsPythonInt(n.ChildByField("right"));
  }
  return false;
}

// Bounds must be Python ints upstream (NumPy integers are refused).
std::string IntBound(const Node& n, const std::string& text) {
  return IsPythonInt(n) ? text : "int(" + text + ")";
}

// The kernel's shape checks (KernelPlan::guards), before the dispatch: each
// inside the range loops that enclose it in the kernel, so it runs for the
// same loop variables; a loop whose variable the check does not use becomes
// `if len(range(...)) > 0:` (the check runs when the loop would).
void GuardLines(const Tree& tree, const KernelPlan& plan, const std::string& unit, std::vector<std::string>& lines) {
  for (const Guard& g : plan.guards) {
    Node stmt = NodeAt(tree, g.stmt_start, g.stmt_end);
    std::set<std::string> used;
    Identifiers(stmt.ChildByField("condition"), used);
    std::vector<Node> loops;
    for (const auto& [s, e] : g.loops) loops.push_back(NodeAt(tree, s, e));
    // Every level's range is written out (a `for`, or an `if len(range(...))`),
    // so an outer loop whose variable an inner range reads (`range(k + 1, n)`
    // in Gram-Schmidt) is a `for` too.
    for (auto it = loops.rbegin(); it != loops.rend(); ++it) Identifiers(it->ChildByField("right"), used);
    std::string ind;
    for (const Node& loop : loops) {
      std::string var(loop.ChildByField("left").Text());
      std::string args = CallerText(loop.ChildByField("right").ChildByField("arguments"));
      if (used.count(var)) lines.push_back(ind + "for " + var + " in range" + args + ":");
      else lines.push_back(ind + "if len(range" + args + ") > 0:");
      ind += unit;
    }
    lines.push_back(ind + "if " + CallerText(stmt.ChildByField("condition")) + ":");
    Node raise = Statements(stmt.ChildByField("consequence"))[0];
    lines.push_back(ind + unit + std::string(raise.Text()));
  }
}

// A Python string literal of `text` (which quotes the kernel's own source).
std::string PythonStringLiteral(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\n') out += "\\n";
    else if (c != '\r') out += c;
  }
  return out + "\"";
}

}  // namespace

std::string CallerText(const Node& n) {
  if (IsExtentCall(n)) {
    Node obj = n.ChildByField("function").ChildByField("object");
    auto args = n.ChildByField("arguments").NamedChildren();
    return CallerText(obj) + ".shape[" + (args.empty() ? "0" : CallerText(args[0])) + "]";
  }
  return SpliceChildren(n, [](const Node& c) { return CallerText(c); });
}

std::vector<std::string> CallerLines(const CallerInput& in) {
  const KernelPlan& plan = in.plan;
  const Tree& tree = in.ctx.tree();
  const std::string& nl = in.newline;
  const std::string ind = in.unit;
  std::vector<std::string> lines;

  Node body = in.def.ChildByField("body");
  Node first;
  for (const Node& c : body.NamedChildren())
    if (c.Type() != "comment") { first = c; break; }
  if (first && first.Type() == "expression_statement" && first.NamedChildCount() == 1 &&
      first.NamedChild(0).Type() == "string")
    lines.push_back(std::string(first.Text()));

  // What the caller evaluates, and the set-up statements that feeds.
  Node loop = plan.dispatch == Dispatch::kSerial ? Node() : NodeAt(tree, plan.loop_start, plan.loop_end);
  std::vector<Node> range_args;
  if (loop) range_args = loop.ChildByField("right").ChildByField("arguments").NamedChildren();
  std::vector<Node> inner_args;  // a flattened inner loop (--nested-parallel=flatten)
  if (plan.inner_loop_start)
    inner_args = NodeAt(tree, plan.inner_loop_start, plan.inner_loop_end).ChildByField("right").ChildByField("arguments").NamedChildren();
  std::set<std::string> need;
  for (const Node& a : range_args) Identifiers(a, need);
  for (const Node& a : inner_args) Identifiers(a, need);
  if (plan.time_loop_start)
    Identifiers(NodeAt(tree, plan.time_loop_start, plan.time_loop_end).ChildByField("right"), need);
  for (const auto& a : plan.allocations) Identifiers(NodeAt(tree, a.call_start, a.call_end), need);
  if (plan.reduction.init_value_start)
    Identifiers(NodeAt(tree, plan.reduction.init_value_start, plan.reduction.init_value_end), need);
  Node final_return = plan.final_return_start ? NodeAt(tree, plan.final_return_start, plan.final_return_end) : Node();
  if (final_return) Identifiers(final_return, need);
  for (const Guard& g : plan.guards) {
    Identifiers(NodeAt(tree, g.stmt_start, g.stmt_end).ChildByField("condition"), need);
    for (const auto& [s, e] : g.loops) Identifiers(NodeAt(tree, s, e).ChildByField("right"), need);
  }
  std::vector<Node> setup;
  for (const auto& [s, e] : plan.setup) setup.push_back(NodeAt(tree, s, e));
  for (auto it = setup.rbegin(); it != setup.rend(); ++it) {
    Node a = it->NamedChild(0);
    if (need.count(std::string(a.ChildByField("left").Text()))) Identifiers(a.ChildByField("right"), need);
  }
  for (const Node& s : setup)
    if (need.count(std::string(s.NamedChild(0).ChildByField("left").Text()))) lines.push_back(CallerText(s));
  for (const auto& a : plan.allocations)
    lines.push_back(a.var + " = " + CallerText(NodeAt(tree, a.call_start, a.call_end)));
  GuardLines(tree, plan, ind, lines);

  // The policy.
  auto count_of = [](const std::vector<Node>& args) {
    if (args.size() == 1) return IntBound(args[0], CallerText(args[0]));
    std::string c = "len(range(";
    for (size_t i = 0; i < args.size(); ++i) c += (i ? ", " : "") + CallerText(args[i]);
    return c + "))";
  };
  std::string count = "1";
  if (loop) count = count_of(range_args);
  if (!inner_args.empty()) {
    // The thread index is 32-bit in the dialect: refuse at run time rather
    // than wrap.
    lines.push_back("_pk_n1 = " + count_of(inner_args));
    lines.push_back("_pk_n = " + count + " * _pk_n1");
    lines.push_back("if _pk_n >= 2 ** 31:");
    lines.push_back(ind + "raise OverflowError(\"" + in.names.caller +
                    ": more than 2**31 flattened iterations; translate with --nested-parallel=outer\")");
    count = "_pk_n";
  }
  DispatchSpace chosen = ChooseDispatchSpace(in.ctx.options(), plan);
  std::string space = chosen.space;
  std::vector<AliasCheck> alias_checks;
  for (const AliasCheck& a : plan.alias_checks)
    if (!in.fresh.count(a.written) && !in.fresh.count(a.other)) alias_checks.push_back(a);
  if (chosen.alias_fallback && !alias_checks.empty()) {
    std::string np = OutputNumpyName(in.ctx);
    std::string test;
    for (const auto& a : alias_checks)
      test += (test.empty() ? "" : " or ") + np + ".may_share_memory(" + a.written + ", " + a.other + ")";
    lines.push_back("_pk_space = pk.Serial if " + test + " else " + space);
    space = "_pk_space";
  }
  std::string policy = "pk.RangePolicy(" + space + ", 0, " + count + ")";

  // The reduction's initial value and, for atomics, its one-element array.
  const Reduction& red = plan.reduction;
  bool atomic = red.op != ReduceOp::kNone && red.op != ReduceOp::kSum;
  std::string init = red.init_value_start ? CallerText(NodeAt(tree, red.init_value_start, red.init_value_end)) : "";
  if (atomic) {
    std::string np = OutputNumpyName(in.ctx);
    lines.push_back(red.var + " = " + init);
    lines.push_back(in.names.cell + " = " + np + ".full(1, " + red.var + ", dtype=" + np + "." +
                    std::string(ScalarName(red.type)) + ")");
  }

  // The zero-division flag (integer_division.h): zero-initialised, one per
  // dispatch; after the dispatch, Numba's ZeroDivisionError when it was set.
  const std::string& zd = in.names.zero_division;
  if (!zd.empty()) lines.push_back(zd + " = pk.View([1], pk.int32)");
  auto raise_lines = [&](const std::string& at) {
    std::vector<std::string> out;
    for (int code : in.names.zero_division_codes) {
      out.push_back(at + "if " + zd + "[0] " + (in.names.zero_division_codes.size() == 1 ? "!= 0" : "== " + std::to_string(code)) + ":");
      out.push_back(at + ind + "raise ZeroDivisionError(\"" + ZeroDivisionMessage(code) + "\")");
    }
    return out;
  };
  auto add_raise = [&](const std::string& at) {
    for (std::string& l : raise_lines(at)) lines.push_back(std::move(l));
  };

  // The keyword arguments.
  // A bool array goes as its uint8 view, zero-copy: pk.array would copy it
  // (upstream too), and the kernel's stores would not reach it. The dtype is a
  // string: the output may have no name for NumPy.
  std::vector<std::string> kwargs;
  for (const auto& p : in.workunit_params) {
    auto it = plan.types.find(p);
    bool array = p == in.names.cell || (it != plan.types.end() && it->second.rank > 0);
    bool boolean = array && it != plan.types.end() && it->second.scalar == Scalar::kBool;
    auto src = in.param_sources ? in.param_sources->find(p) : std::map<std::string, std::string>::const_iterator();
    std::string value = in.param_sources && src != in.param_sources->end() ? src->second : p;
    std::string arg = boolean ? value + ".view(\"uint8\")" : value;
    // A written array whose dtype only the call decides (KernelPlan::
    // unknown_dtype_writes): a bool one goes as its uint8 view when every
    // store is a bool value, and is refused before the dispatch otherwise.
    if (auto w = plan.unknown_dtype_writes.find(p); array && w != plan.unknown_dtype_writes.end()) {
      if (w->second.empty()) {
        arg = value + ".view(\"uint8\") if " + value + ".dtype == bool else " + value;
      } else {
        std::string owner = PhaseOwner(in.names.caller);
        std::string kernel = owner.empty() ? in.names.caller : owner;
        lines.push_back("if " + value + ".dtype == bool:");
        lines.push_back(ind + "raise TypeError(" +
                        PythonStringLiteral("'" + kernel + "': '" + value + "' is a bool array, and the kernel stores values " +
                                            "into it that Numba converts to bool, which this translation cannot; pass an " +
                                            "integer array (" + value + ".view('uint8') keeps the same memory), or record " +
                                            "the types (caramba record) and translate again") +
                        ")");
      }
    }
    kwargs.push_back(p + "=" + (array ? "pk.array(" + arg + ")" : value));
  }
  bool reduce = plan.dispatch == Dispatch::kReduce ? !atomic
                                                   : plan.dispatch == Dispatch::kSerial && plan.returns == ReturnKind::kScalar;
  auto dispatch = [&](const std::string& prefix) {
    std::string call = std::string(reduce ? "pk.parallel_reduce(" : "pk.parallel_for(") + policy + ", " + in.names.workunit;
    std::string flat = call;
    for (const auto& kw : kwargs) flat += ", " + kw;
    flat += ")";
    if (ind.size() + prefix.size() + flat.size() <= 100) return prefix + flat;
    std::string out = prefix + call + ",";
    for (size_t i = 0; i < kwargs.size(); ++i) out += nl + ind + ind + kwargs[i] + (i + 1 < kwargs.size() ? "," : ")");
    if (kwargs.empty()) out.back() = ')';
    return out;
  };

  if (plan.time_loop_start) {
    // The serial loop around the parallel loop runs here, one dispatch per
    // step (a reduction is refused there, so this is a parallel_for).
    Node t = NodeAt(tree, plan.time_loop_start, plan.time_loop_end);
    std::string d = dispatch("");
    for (size_t at = 0; (at = d.find(nl, at)) != std::string::npos; at += nl.size() + ind.size())
      d.insert(at + nl.size(), ind);
    lines.push_back("for " + plan.time_var + " in " + CallerText(t.ChildByField("right")) + ":");
    lines.push_back(ind + d);
    if (!zd.empty()) add_raise(ind);
    if (final_return && final_return.NamedChildCount() > 0 && final_return.NamedChild(0).Type() != "none")
      lines.push_back(CallerText(final_return));
  } else if (plan.dispatch == Dispatch::kSerial) {
    if (plan.returns == ReturnKind::kScalar) {
      std::string cast = plan.return_type == Scalar::kBool ? "bool" : IsInteger(plan.return_type) ? "int" : "";
      if (!zd.empty()) {
        // The value waits for the check.
        lines.push_back(dispatch("_pk_result = "));
        add_raise("");
        lines.push_back("return " + (cast.empty() ? std::string("_pk_result") : cast + "(_pk_result)"));
      } else {
        std::string d = dispatch("");
        lines.push_back("return " + (cast.empty() ? d : cast + "(" + d + ")"));
      }
    } else {
      lines.push_back(dispatch(""));
      if (!zd.empty()) add_raise("");
      if (final_return) lines.push_back(CallerText(final_return));
    }
  } else {
    if (plan.dispatch == Dispatch::kReduce && !atomic) {
      if (red.init_is_zero) {
        lines.push_back(dispatch(red.var + " = "));
      } else {
        lines.push_back(red.var + " = " + init);
        lines.push_back(dispatch(red.var + " += "));
      }
      if (!zd.empty()) add_raise("");
    } else {
      lines.push_back(dispatch(""));
      if (!zd.empty()) add_raise("");
      if (atomic) lines.push_back(red.var + " = " + in.names.cell + "[0].item()");
    }
    if (final_return && final_return.NamedChildCount() > 0 && final_return.NamedChild(0).Type() != "none")
      lines.push_back(CallerText(final_return));
  }

  return lines;
}

std::string WriteCaller(const CallerInput& in) {
  std::string params(in.def.ChildByField("parameters").Text());
  std::string out = "def " + in.names.caller + params + ":";
  for (const auto& l : CallerLines(in)) out += in.newline + in.unit + l;
  return out;
}

std::string InlineDispatch(const CallerInput& in, const std::string& target, const std::string& indent) {
  std::string out;
  // Continuation lines are written for a statement one unit deep.
  std::string extra = indent.size() > in.unit.size() ? indent.substr(in.unit.size()) : "";
  for (std::string l : CallerLines(in)) {
    if (l.rfind("return ", 0) == 0) {
      std::string value = l.substr(7);
      if (value == target) continue;
      l = target.empty() ? value : target + " = " + value;
    }
    // Continuation lines of a long dispatch move in with it.
    std::string shifted;
    for (size_t at = 0, next; at <= l.size(); at = next + 1) {
      next = l.find('\n', at);
      if (next == std::string::npos) next = l.size();
      if (at > 0) shifted += "\n" + extra;
      shifted += l.substr(at, next - at);
    }
    out += (out.empty() ? "" : in.newline + indent) + shifted;
  }
  return out;
}

namespace {

bool IsF64(const KernelPlan& plan, const std::string& name) {
  auto it = plan.types.find(name);
  return it != plan.types.end() && it->second.rank == 0 && it->second.scalar == Scalar::kFloat64;
}

// True when CPython computes `n` (in its @pk.function form) exactly as Numba
// does: float64 names, literals, + - * / (a zero divisor raises
// ZeroDivisionError in both), constant integer powers of a float (written as
// products), comparisons, abs, and math.sqrt of a value that is never negative
// (CPython raises ValueError where Numba returns nan).
bool PythonExact(const Node& n, const KernelPlan& plan, const ImportTable& imports,
                 const std::set<std::string, std::less<>>& nonneg) {
  std::string_view t = n.Type();
  auto all = [&](const Node& x) {
    for (const Node& c : x.NamedChildren())
      if (c.Type() != "comment" && !PythonExact(c, plan, imports, nonneg)) return false;
    return true;
  };
  if (t == "identifier") return IsF64(plan, std::string(n.Text()));
  if (t == "float" || t == "integer" || t == "comment" || t == "pass_statement") return true;
  if (t == "parenthesized_expression" || t == "block" || t == "else_clause" || t == "expression_statement")
    return all(n);
  if (t == "return_statement") return n.NamedChildCount() == 1 && all(n);
  if (t == "unary_operator") {
    std::string_view op = n.ChildByField("operator").Text();
    return (op == "-" || op == "+") && PythonExact(n.ChildByField("argument"), plan, imports, nonneg);
  }
  if (t == "binary_operator") {
    std::string_view op = n.ChildByField("operator").Text();
    Node l = n.ChildByField("left"), r = n.ChildByField("right");
    if (op == "**") {
      // The lowering writes these as products (lowering.cpp): no OverflowError.
      bool pure = true;
      Walk(l, [&](const Node& x) {
        if (x.Type() == "call") pure = false;
        return pure;
      });
      long k = r.Type() == "integer" ? std::strtol(std::string(r.Text()).c_str(), nullptr, 10) : 0;
      return pure && k >= 2 && k <= 16 && TypeOfExpr(l, plan.types, imports).scalar == Scalar::kFloat64 &&
             PythonExact(l, plan, imports, nonneg);
    }
    return (op == "+" || op == "-" || op == "*" || op == "/") && all(n);
  }
  if (t == "comparison_operator") {
    for (const Node& c : n.Children())
      if (!c.IsNamed() && c.Type() != "<" && c.Type() != "<=" && c.Type() != ">" && c.Type() != ">=" &&
          c.Type() != "==" && c.Type() != "!=")
        return false;
    return all(n);
  }
  if (t == "assignment") {
    Node l = n.ChildByField("left");
    return l.Type() == "identifier" && !n.ChildByField("type") && IsF64(plan, std::string(l.Text())) &&
           PythonExact(n.ChildByField("right"), plan, imports, nonneg);
  }
  if (t == "augmented_assignment") {
    std::string_view op = n.ChildByField("operator").Text();
    Node l = n.ChildByField("left");
    return (op == "+=" || op == "-=" || op == "*=" || op == "/=") && l.Type() == "identifier" &&
           IsF64(plan, std::string(l.Text())) && PythonExact(n.ChildByField("right"), plan, imports, nonneg);
  }
  if (t == "if_statement" || t == "elif_clause") return all(n);
  if (t == "call") {
    std::string q = imports.Resolve(n.ChildByField("function"));
    auto args = n.ChildByField("arguments").NamedChildren();
    if (args.size() != 1 || args[0].Type() == "keyword_argument") return false;
    if (q == "abs" || q == "math.fabs") return PythonExact(args[0], plan, imports, nonneg);
    if (q == "math.sqrt" || q == "numpy.sqrt")
      return NonNegativeValue(args[0], imports, &nonneg) && PythonExact(args[0], plan, imports, nonneg);
  }
  return false;
}

}  // namespace

const KernelPlan* PythonCallableFunction(const Context& ctx, const KernelPlan& plan, const std::vector<KernelPlan>& functions) {
  if (plan.as_function || plan.dispatch != Dispatch::kSerial || plan.returns != ReturnKind::kScalar ||
      plan.return_type != Scalar::kFloat64 || !plan.allocations.empty() || !plan.guards.empty() ||
      !PhaseOwner(plan.name).empty() || ctx.options().caller_style == "thesis")
    return nullptr;
  for (const std::string& p : plan.params)
    if (!IsF64(plan, p)) return nullptr;
  const KernelPlan* found = nullptr;
  for (const KernelPlan& f : functions) {
    if (f.kernel_index != plan.kernel_index || f.params != plan.params || f.return_type != Scalar::kFloat64) continue;
    bool floats = true;
    for (const std::string& p : f.params) floats = floats && IsF64(f, p);
    if (floats) found = &f;
  }
  if (!found) return nullptr;
  Node def = ctx.tree().Root().DescendantForByteRange(plan.def_start, plan.def_end);
  while (def && def.Type() != "function_definition") def = def.Parent();
  if (!def) return nullptr;
  Node body = def.ChildByField("body");
  std::set<std::string, std::less<>> nonneg = NonNegativeLocals(body, ctx.module().imports);
  auto stmts = body.NamedChildren();
  for (size_t i = 0; i < stmts.size(); ++i) {
    const Node& s = stmts[i];
    if (i == 0 && IsDocstring(s)) continue;
    if (!PythonExact(s, plan, ctx.module().imports, nonneg)) return nullptr;
  }
  return found;
}

std::string WritePythonCaller(const Context& ctx, const KernelPlan& plan, const KernelPlan& function,
                              const std::string& unit) {
  Node def = ctx.tree().Root().DescendantForByteRange(plan.def_start, plan.def_end);
  while (def && def.Type() != "function_definition") def = def.Parent();
  std::string nl(ctx.newline());
  std::string out = "def " + plan.name + std::string(def.ChildByField("parameters").Text()) + ":";
  Node body = def.ChildByField("body");
  for (const Node& c : body.NamedChildren()) {
    if (c.Type() == "comment") continue;
    if (IsDocstring(c)) out += nl + unit + std::string(c.Text());
    break;
  }
  // Python calls the @pk.function itself: a scalar computation runs in
  // microseconds, where a launch costs tens. float() on the arguments as
  // the workunit's pk.double parameters would convert; on the result because
  // CPython returns `return 0` as an int where Numba returns 0.0.
  std::string args;
  for (const std::string& p : plan.params) args += (args.empty() ? "" : ", ") + std::string("float(") + p + ")";
  return out + nl + unit + "return float(" + function.function_name + "(" + args + "))";
}

}  // namespace caramba
