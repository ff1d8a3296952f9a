// nested_kernels.cpp — see nested_kernels.h.
#include "caramba/analysis/nested_kernels.h"

#include <algorithm>
#include <map>
#include <set>

#include "caramba/analysis/walk.h"
#include "caramba/text.h"

namespace caramba {

std::string LiftedName(std::string_view qualname) {
  std::string out;
  static constexpr std::string_view kLocals = ".<locals>.";
  // A kernel of a block (`if __name__ == "__main__":`) has no enclosing
  // function to name it after, and its own name stays with the def left in
  // its place.
  if (qualname.find('.') == std::string_view::npos) return std::string(qualname) + "_kernel";
  for (size_t i = 0; i < qualname.size();) {
    if (qualname.substr(i, kLocals.size()) == kLocals) {
      out += '_';
      i += kLocals.size();
    } else {
      out += qualname[i] == '.' ? '_' : qualname[i];
      ++i;
    }
  }
  return out;
}

namespace {

// How the enclosing function binds a name the kernel reads.
struct Binding {
  int params = 0, assignments = 0, others = 0;  // a parameter; `x = ...`; any other binding
  bool in_loop = false;                         // an assignment inside a loop
  uint32_t last_end = 0;                        // end of the last binding statement
  std::string other_kind;                       // "a loop variable", "a function" …
};

void AddIdentifiers(const Node& n, std::vector<std::string>& out) {
  if (n.Type() == "identifier") {
    out.emplace_back(n.Text());
    return;
  }
  if (n.Type() == "attribute" || n.Type() == "subscript") return;  // binds no name
  for (const Node& c : n.NamedChildren()) AddIdentifiers(c, out);
}

std::vector<std::string> ParamNames(const Node& params, bool* splat) {
  std::vector<std::string> out;
  for (const Node& p : params.NamedChildren()) {
    std::string_view t = p.Type();
    if (t == "identifier") out.emplace_back(p.Text());
    else if (t == "default_parameter" || t == "typed_default_parameter") out.emplace_back(p.ChildByField("name").Text());
    else if (t == "typed_parameter") out.emplace_back(p.NamedChild(0).Text());
    else if (t != "comment") *splat = true;
  }
  return out;
}

// Every name `scope`'s statements bind, without descending into nested
// functions, classes, lambdas and comprehensions (their own scopes).
void CollectBindings(const Node& n, bool in_loop, std::map<std::string, Binding>& out) {
  std::string_view t = n.Type();
  auto other = [&](const Node& target, const char* kind) {
    std::vector<std::string> names;
    AddIdentifiers(target, names);
    for (const auto& name : names) {
      Binding& b = out[name];
      ++b.others;
      if (b.other_kind.empty()) b.other_kind = kind;
      b.last_end = std::max(b.last_end, n.EndByte());
    }
  };
  if (t == "function_definition" || t == "class_definition") {
    other(n.ChildByField("name"), t == "class_definition" ? "a class" : "a function");
    return;
  }
  if (t == "decorated_definition") {
    CollectBindings(n.ChildByField("definition"), in_loop, out);
    return;
  }
  if (t == "lambda" || t == "list_comprehension" || t == "set_comprehension" || t == "dictionary_comprehension" ||
      t == "generator_expression")
    return;
  if (t == "assignment") {
    Node left = n.ChildByField("left");
    if (left && left.Type() == "identifier") {
      Binding& b = out[std::string(left.Text())];
      ++b.assignments;
      b.in_loop = b.in_loop || in_loop;
      b.last_end = std::max(b.last_end, n.EndByte());
    } else if (left) {
      other(left, "a tuple target");
    }
  } else if (t == "augmented_assignment") {
    Binding& b = out[std::string(n.ChildByField("left").Text())];
    ++b.assignments;  // a second binding: rebound
    b.last_end = std::max(b.last_end, n.EndByte());
  } else if (t == "for_statement" || t == "for_in_clause") {
    other(n.ChildByField("left"), "a loop variable");
  } else if (t == "as_pattern_target" || t == "named_expression") {
    other(t == "named_expression" ? n.ChildByField("name") : n, "a with or walrus target");
  } else if (t == "import_statement" || t == "import_from_statement") {
    for (const Node& c : n.NamedChildren()) {
      if (c.Type() == "aliased_import") other(c.ChildByField("alias"), "an import");
      else if (c.Type() == "dotted_name" && c != n.ChildByField("module_name")) other(c.NamedChild(0), "an import");
    }
    return;
  } else if (t == "global_statement" || t == "nonlocal_statement") {
    other(n, "a global or nonlocal name");
    return;
  } else if (t == "except_clause") {
    for (const Node& c : n.NamedChildren())
      if (c.Type() == "as_pattern") other(c, "an exception");
  }
  bool loop = in_loop || t == "for_statement" || t == "while_statement";
  for (const Node& c : n.NamedChildren()) CollectBindings(c, loop, out);
}

// Names the kernel reads, in order of first appearance.
std::vector<std::string> ReadNames(const Node& body) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  WalkWithParent(body, Node(), [&](const Node& n, const Node& p) {
    if (n.Type() != "identifier") return true;
    if (p && p.Type() == "attribute" && p.ChildByField("attribute") == n) return false;
    if (p && p.Type() == "keyword_argument" && p.ChildByField("name") == n) return false;
    std::string name(n.Text());
    if (seen.insert(name).second) out.push_back(name);
    return false;
  });
  return out;
}

Node DecoratedNode(const Tree& tree, const Kernel& k) {
  Node n = tree.Root().DescendantForByteRange(k.start_byte, k.end_byte);
  while (n && !(n.Type() == "decorated_definition" && n.StartByte() == k.start_byte)) n = n.Parent();
  return n;
}

// The `@staticmethod` decorator of a kernel that is a static method of a
// class defined at module level (`class Integrator: @staticmethod @njit def
// trapezoid(...)`), or a null node. Its body sees the module's names, as a
// module-level function's does (a class body is no enclosing scope).
Node StaticMethodOf(const Tree& tree, const Node& decorated) {
  Node block = decorated.Parent();
  Node cls = block ? block.Parent() : Node();
  if (!cls || cls.Type() != "class_definition" || cls.Parent() != tree.Root()) return Node();
  for (const Node& c : decorated.NamedChildren())
    if (c.Type() == "decorator" && c.NamedChildCount() == 1 && c.NamedChild(0).Type() == "identifier" &&
        c.NamedChild(0).Text() == "staticmethod")
      return c;
  return Node();
}

Node TopStatement(const Tree& tree, uint32_t at) {
  for (const Node& c : tree.Root().NamedChildren())
    if (c.StartByte() <= at && at < c.EndByte()) return c;
  return Node();
}

}  // namespace

LiftDecision PlanLift(const Tree& tree, const ModuleInfo& mod, const Kernel& k) {
  LiftDecision d;
  if (!k.via_decorator || k.is_class || !IsTranslatableKind(k.kind)) return d;
  Node decorated = DecoratedNode(tree, k);
  if (!decorated || decorated.Parent() == tree.Root()) return d;
  d.applies = true;
  const std::string move = "define it at module level and pass what it reads from the enclosing function as parameters";
  auto refuse = [&](std::string why, std::string help) {
    d.why = std::move(why);
    d.help = std::move(help);
    return d;
  };
  // The enclosing function, if any: at most one, and no class (but for a
  // static method of a module-level class: StaticMethodOf).
  Node outer;
  bool static_method = static_cast<bool>(StaticMethodOf(tree, decorated));
  for (Node a = decorated.Parent(); a && a != tree.Root(); a = a.Parent()) {
    if (a.Type() == "class_definition" && !static_method)
      return refuse("it is defined in class '" + std::string(a.ChildByField("name").Text()) + "'",
                    "make it a @staticmethod of a class defined at module level, or " + move);
    if (a.Type() != "function_definition") continue;
    if (outer) return refuse("it is defined two functions deep", move);
    outer = a;
  }
  if (outer)
    for (const Kernel& other : mod.kernels)
      if (other.def_start_byte == outer.StartByte())
        return refuse("it is defined inside the kernel '" + other.name + "'", move);
  LiftPlan plan;
  plan.name = LiftedName(k.qualname);
  // The lifted name is a new module-level name (its workunit's, `_pk_` and
  // it, is reserved): any identifier of the module that spells it, whatever
  // it binds, would be shadowed or would shadow it.
  bool taken = false;
  Walk(tree.Root(), [&](const Node& n) {
    if (taken) return false;
    if (n.Type() == "identifier" && n.Text() == plan.name) taken = true;
    return !taken;
  });
  if (taken)
    return refuse("the name it would have at module level, '" + plan.name + "', is taken", "rename that name");
  // Two definitions under one name (an if and its else, say) would be one
  // module-level kernel, the last.
  for (const Kernel& other : mod.kernels)
    if (&other != &k && LiftedName(other.qualname) == plan.name)
      return refuse("another kernel named '" + k.name + "' is defined in the same scope",
                    "give each definition its own name");
  Node def = decorated.ChildByField("definition");
  bool splat = false;
  std::vector<std::string> params = ParamNames(def.ChildByField("parameters"), &splat);
  if (splat) return refuse("it takes *args or **kwargs", move);
  // At module level the lifted def runs before the statement that held the
  // kernel: its decorators and parameter defaults must only use names bound
  // by then, and so must its body when an eager signature compiles it there.
  Node top = TopStatement(tree, k.start_byte);
  std::map<std::string, Binding> module_names;
  for (const Node& c : tree.Root().NamedChildren()) {
    if (c == top) break;
    CollectBindings(c, false, module_names);
  }
  std::map<std::string, Binding> inner;
  CollectBindings(def.ChildByField("body"), false, inner);
  auto bound_before = [&](const std::string& name) {
    static const std::set<std::string> kBuiltins = {"range", "len", "abs", "min", "max", "int", "float", "bool",
                                                    "round", "print", "True", "False", "None", "enumerate", "zip",
                                                    "sum", "pow", "divmod", "complex", "tuple", "list"};
    return module_names.count(name) || kBuiltins.count(name);
  };
  std::vector<std::string> header;
  Node static_decorator = StaticMethodOf(tree, decorated);  // stays in the class
  for (const Node& c : decorated.NamedChildren())
    if (c.Type() == "decorator" && c != static_decorator)
      for (const std::string& n : ReadNames(c)) header.push_back(n);
  for (const std::string& n : ReadNames(def.ChildByField("parameters")))
    if (std::find(params.begin(), params.end(), n) == params.end()) header.push_back(n);
  for (const std::string& n : header)
    if (!bound_before(n))
      return refuse("its decorator or parameters use '" + n + "', which is not bound at module level before it",
                    move);
  if (!k.signatures.empty())
    for (const std::string& n : ReadNames(def.ChildByField("body")))
      if (!inner.count(n) && std::find(params.begin(), params.end(), n) == params.end() && !bound_before(n))
        return refuse("its eager signature compiles it where it is defined, and it reads '" + n +
                          "', which is not bound at module level before it",
                      move);
  if (!outer) {  // a block of the module: it reads globals only
    d.plan = plan;
    return d;
  }
  std::map<std::string, Binding> enclosing;
  bool outer_splat = false;
  for (const std::string& p : ParamNames(outer.ChildByField("parameters"), &outer_splat)) ++enclosing[p].params;
  for (const Node& p : outer.ChildByField("parameters").NamedChildren())
    if (p.Type() == "list_splat_pattern" || p.Type() == "dictionary_splat_pattern") {
      std::vector<std::string> names;
      AddIdentifiers(p, names);
      for (const auto& n : names) {
        ++enclosing[n].others;
        enclosing[n].other_kind = "a *args or **kwargs parameter";
      }
    }
  CollectBindings(outer.ChildByField("body"), false, enclosing);
  std::string outer_name(outer.ChildByField("name").Text());
  for (const std::string& name : ReadNames(def.ChildByField("body"))) {
    if (inner.count(name) || std::find(params.begin(), params.end(), name) != params.end()) continue;
    auto it = enclosing.find(name);
    if (it == enclosing.end()) continue;  // a global: read as from any kernel
    const Binding& b = it->second;
    std::string reads = "it reads '" + name + "', which '" + outer_name + "' ";
    std::string pass = "pass '" + name + "' to the kernel as a parameter";
    if (b.others > 0) return refuse(reads + "binds as " + b.other_kind, pass);
    if (b.params + b.assignments > 1) return refuse(reads + "binds more than once", pass);
    if (b.in_loop) return refuse(reads + "binds in a loop", pass);
    if (b.assignments == 1 && b.last_end > k.start_byte) return refuse(reads + "binds after the kernel", pass);
    plan.closure.push_back(name);
  }
  d.plan = plan;
  return d;
}

std::vector<Edit> LiftEdits(const Tree& tree, const Kernel& k, const LiftPlan& plan) {
  std::vector<Edit> out;
  Node decorated = DecoratedNode(tree, k);
  Node top = TopStatement(tree, k.start_byte);
  if (!decorated || !top) return out;
  std::string_view src = tree.Source();
  std::string nl(DominantNewline(src));
  std::string indent(IndentationAt(src, k.start_byte));
  Node def = decorated.ChildByField("definition");
  Node name = def.ChildByField("name"), params = def.ChildByField("parameters"), body = def.ChildByField("body");
  uint32_t close = params.EndByte() - 1;  // the ')'
  std::string extra;
  if (!plan.closure.empty()) {
    uint32_t last = close;
    while (last > params.StartByte() + 1 && std::string_view(" \t\r\n").find(src[last - 1]) != std::string_view::npos)
      --last;
    bool empty = last == params.StartByte() + 1, comma = src[last - 1] == ',';
    extra = empty || comma ? "" : ", ";
    for (size_t i = 0; i < plan.closure.size(); ++i) extra += (i ? ", " : "") + plan.closure[i];
  }
  // A static method's `@staticmethod` stays on the def left in its place; the
  // lifted kernel keeps a comment on that line (its lines stay the input's,
  // for LiftedPositions).
  Node static_method = StaticMethodOf(tree, decorated);
  // (Before the Numba decorator, it lies outside the kernel's text anyway.)
  if (static_method && static_method.StartByte() < k.start_byte) static_method = Node();
  std::string head;
  if (static_method) {
    std::string cls(top.ChildByField("name").Text());
    head = Reindent(tree, k.start_byte, static_method.StartByte(), indent, "") + "# a static method of " + cls +
           Reindent(tree, static_method.EndByte(), name.StartByte(), indent, "");
  } else {
    head = Reindent(tree, k.start_byte, name.StartByte(), indent, "");
  }
  std::string lifted = head + plan.name + Reindent(tree, name.EndByte(), close, indent, "") + extra +
                       Reindent(tree, close, k.end_byte, indent, "");
  out.push_back(Edit{top.StartByte(), top.StartByte(), lifted + nl + nl + nl, {}, 0});
  // In the kernel's place: its def line as written, without decorators (but
  // @staticmethod), and a body that calls the lifted kernel.
  bool splat = false;
  std::string call = plan.name + "(";
  std::vector<std::string> args = ParamNames(params, &splat);
  args.insert(args.end(), plan.closure.begin(), plan.closure.end());
  for (size_t i = 0; i < args.size(); ++i) call += (i ? ", " : "") + args[i];
  out.push_back(Edit{k.start_byte, def.StartByte(), static_method ? "@staticmethod" + nl + indent : "", {}, 0});
  out.push_back(Edit{body.StartByte(), body.EndByte(), "return " + call + ")", {}, 0});
  return out;
}

std::optional<LiftedKernel> FindLifted(const Tree& tree, std::string_view lifted_name) {
  // Only a def left in a kernel's place returns the lifted kernel's result:
  // without that text there is nothing to walk for.
  if (tree.Source().find("return " + std::string(lifted_name) + "(") == std::string_view::npos) return std::nullopt;
  std::optional<LiftedKernel> found;
  WalkWithParent(tree.Root(), Node(), [&](const Node& n, const Node& p) {
    if (found) return false;
    if (n.Type() != "function_definition") return true;
    Node body = n.ChildByField("body");
    std::vector<Node> stmts = body ? Statements(body) : std::vector<Node>{};
    if (p != tree.Root() && stmts.size() == 1 && stmts[0].Type() == "return_statement") {
      Node call = stmts[0].NamedChild(0);
      if (call && call.Type() == "call" && call.ChildByField("function").Text() == lifted_name) {
        LiftedKernel l;
        l.forwarder = n;
        bool splat = false;
        size_t own = ParamNames(n.ChildByField("parameters"), &splat).size();
        std::vector<Node> args = call.ChildByField("arguments").NamedChildren();
        for (size_t i = own; i < args.size(); ++i) l.closure.emplace_back(args[i].Text());
        std::string q(n.ChildByField("name").Text());
        for (Node a = p; a && a != tree.Root(); a = a.Parent()) {
          if (a.Type() == "function_definition") q = std::string(a.ChildByField("name").Text()) + ".<locals>." + q;
          if (a.Type() == "class_definition") q = std::string(a.ChildByField("name").Text()) + "." + q;
        }
        if (LiftedName(q) == lifted_name) {
          l.qualname = q;
          found = std::move(l);
        }
        return false;
      }
    }
    return true;
  });
  return found;
}

std::vector<std::string> FactoryBindings(const Tree& tree, const Kernel& k) {
  std::vector<std::string> out;
  static constexpr std::string_view kLocals = ".<locals>.";
  size_t at = k.qualname.find(kLocals);
  if (at == std::string::npos || k.qualname.substr(at + kLocals.size()) != k.name) return out;
  std::string outer = k.qualname.substr(0, at);
  bool returns = false;
  for (const Node& c : tree.Root().NamedChildren()) {
    Node def = c.Type() == "decorated_definition" ? c.ChildByField("definition") : c;
    if (def.Type() == "function_definition" && def.ChildByField("name").Text() == outer)
      for (const Node& s : Statements(def.ChildByField("body")))
        returns = returns || (s.Type() == "return_statement" && s.NamedChildCount() == 1 &&
                              s.NamedChild(0).Type() == "identifier" && s.NamedChild(0).Text() == k.name);
    if (!returns || c.Type() != "expression_statement" || c.NamedChild(0).Type() != "assignment") continue;
    Node left = c.NamedChild(0).ChildByField("left"), right = c.NamedChild(0).ChildByField("right");
    if (left.Type() == "identifier" && right && right.Type() == "call" &&
        right.ChildByField("function").Text() == outer)
      out.emplace_back(left.Text());
  }
  return out;
}

LiftedPositions::LiftedPositions(const Tree& current, const ModuleInfo& current_module, std::string_view input,
                                 const ModuleInfo& input_module)
    : current_(current.Source()), input_(input) {
  std::set<std::string> liftable;
  for (const Kernel& old : input_module.kernels) liftable.insert(LiftedName(old.qualname));
  for (const Kernel& k : current_module.kernels) {
    if (k.nested || !liftable.count(k.name)) continue;
    auto lifted = FindLifted(current, k.name);
    if (!lifted) continue;
    for (const Kernel& old : input_module.kernels) {
      if (old.qualname != lifted->qualname || LiftedName(old.qualname) != k.name) continue;
      Span s;
      s.lifted = k.name;
      s.qualname = old.qualname;
      s.start = k.start_byte;
      s.end = k.end_byte;
      s.input_start = old.start_byte;
      s.indent = static_cast<uint32_t>(IndentationAt(input, old.start_byte).size());
      // A static method's `@staticmethod` line is a comment above the lifted
      // kernel: the kernel starts on the input's next line.
      if (input.substr(s.input_start).rfind("@staticmethod", 0) == 0) {
        size_t next = input.find('\n', s.input_start);
        if (next != std::string_view::npos) s.input_start = static_cast<uint32_t>(next + 1 + s.indent);
      }
      kernels_.push_back(s);
      break;
    }
  }
}

std::optional<uint32_t> LiftedPositions::Back(uint32_t pos) const {
  for (const Span& s : kernels_) {
    if (pos < s.start || pos >= s.end) continue;
    // The lifted kernel is the input's, line for line, less its indentation.
    uint32_t line_start = pos;
    while (line_start > s.start && current_[line_start - 1] != '\n') --line_start;
    size_t lines = std::count(current_.begin() + s.start, current_.begin() + line_start, '\n');
    uint32_t at = s.input_start;
    for (size_t i = 0; i < lines && at < input_.size(); ++at)
      if (input_[at] == '\n') ++i;
    if (lines > 0) at += s.indent;
    uint32_t column = pos - line_start;
    uint32_t end = at;
    while (end < input_.size() && input_[end] != '\n') ++end;
    return std::min(at + column, end);
  }
  return std::nullopt;
}

std::string LiftedPositions::Message(std::string message) const {
  for (const Span& s : kernels_) {
    std::string from = "'" + s.lifted + "'", to = "'" + s.qualname + "'";
    for (size_t at = message.find(from); at != std::string::npos; at = message.find(from, at + to.size()))
      message.replace(at, from.size(), to);
  }
  return message;
}

}  // namespace caramba
