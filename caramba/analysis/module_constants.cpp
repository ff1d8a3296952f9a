// module_constants.cpp — see module_constants.h.
#include "caramba/analysis/module_constants.h"

#include <optional>
#include <set>

#include "caramba/analysis/scalar_types.h"
#include "caramba/analysis/walk.h"

namespace caramba {

namespace {

std::string LineOf(const Node& n) { return std::to_string(n.StartPoint().row + 1); }

// Names a binding target binds; subscripts and attributes bind none.
void BoundNames(const Node& target, std::vector<Node>& out) {
  std::string_view t = target.Type();
  if (t == "identifier") out.push_back(target);
  else if (t == "pattern_list" || t == "tuple_pattern" || t == "list_pattern" || t == "parenthesized_expression" ||
           t == "expression_list" || t == "tuple" || t == "list")
    for (const Node& c : target.NamedChildren()) BoundNames(c, out);
}

// Every binding of a module-scope name, in source order: statements at
// module level (blocks included, function and class bodies excluded: their
// names are theirs) and `global` declarations anywhere.
std::map<std::string, std::vector<std::string>> ModuleBindings(const Node& root) {
  std::map<std::string, std::vector<std::string>> out;
  auto add = [&](const Node& n, std::string how) { out[std::string(n.Text())].push_back(std::move(how)); };
  Walk(root, [&](const Node& n) {
    std::string_view t = n.Type();
    if (t == "global_statement") {
      Node fn = n.Ancestor("function_definition");
      std::string where = fn ? " in '" + std::string(fn.ChildByField("name").Text()) + "'" : "";
      for (const Node& c : n.NamedChildren())
        if (c.Type() == "identifier") add(c, "declared global" + where + " (line " + LineOf(c) + ")");
      return false;
    }
    std::vector<Node> bound;
    if (t == "assignment" || t == "augmented_assignment" || t == "for_statement")
      BoundNames(n.ChildByField("left"), bound);
    else if (t == "named_expression") BoundNames(n.ChildByField("name"), bound);
    else if (t == "as_pattern") BoundNames(n.ChildByField("alias"), bound);
    else if (t == "aliased_import") bound.push_back(n.ChildByField("alias"));
    else if (t == "import_statement" || t == "import_from_statement") {
      for (const Node& c : n.ChildrenByField("name"))
        if (c.Type() == "dotted_name" && c.NamedChildCount() > 0) bound.push_back(c.NamedChild(0));
    }
    for (const Node& b : bound)
      if (b && b.Type() == "identifier") add(b, "assigned at line " + LineOf(b));
    if (t == "function_definition" || t == "class_definition") {
      add(n.ChildByField("name"), "defined at line " + LineOf(n));
      // Inside, only `global` statements bind module names.
      Walk(n.ChildByField("body"), [&](const Node& inner) {
        if (inner.Type() != "global_statement") return true;
        Node fn = inner.Ancestor("function_definition");
        for (const Node& c : inner.NamedChildren())
          if (c.Type() == "identifier")
            add(c, "declared global in '" + std::string(fn.ChildByField("name").Text()) + "' (line " + LineOf(c) + ")");
        return false;
      });
      return false;
    }
    return true;
  });
  return out;
}

bool IsPlainLiteral(const Node& e) {
  std::string_view t = e.Type();
  return t == "integer" || t == "float" || t == "true" || t == "false";
}

class ConstantFinder {
 public:
  ConstantFinder(const ImportTable& imports, ModuleConstants& out) : imports_(imports), out_(out) {}

  // The value text of a constant expression, or nullopt with `why_` set.
  std::optional<std::string> Value(const Node& e) {
    std::string_view t = e.Type();
    if (IsPlainLiteral(e)) return std::string(e.Text());
    if (t == "identifier") {
      auto v = out_.values.find(std::string(e.Text()));
      if (v != out_.values.end()) return v->second;
      why_ = "its value reads '" + std::string(e.Text()) + "', which is not a module-level number";
      return std::nullopt;
    }
    if (t == "attribute") {
      std::string q = imports_.Resolve(e);
      if (q == "math.pi" || q == "math.e" || q == "math.tau" || q == "numpy.pi" || q == "numpy.e")
        return std::string(e.Text());
      why_ = "its value reads '" + std::string(e.Text()) + "'";
      return std::nullopt;
    }
    if (t == "unary_operator") {
      std::string_view op = e.ChildByField("operator").Text();
      if (op != "-" && op != "+") {
        why_ = "its value uses the operator '" + std::string(op) + "'";
        return std::nullopt;
      }
    } else if (t == "binary_operator") {
      std::string_view op = e.ChildByField("operator").Text();
      if (op != "+" && op != "-" && op != "*" && op != "/" && op != "//" && op != "%" && op != "**") {
        why_ = "its value uses the operator '" + std::string(op) + "'";
        return std::nullopt;
      }
    } else if (t == "call" && FloatMathCall(e)) {
      // `SQRT2 = math.sqrt(2.0)`: Python computed the value once, Numba froze it; the kernel
      // computes the same call on the same constant arguments (sqrt is correctly rounded in both,
      // the other functions come from the same C library).
      std::string text = std::string(e.ChildByField("function").Text()) + "(";
      bool first = true;
      for (const Node& arg : e.ChildByField("arguments").NamedChildren()) {
        if (arg.Type() == "comment") continue;
        auto v = Value(arg);
        if (!v) return std::nullopt;
        text += (first ? "" : ", ") + *v;
        first = false;
      }
      return text + ")";
    } else if (t != "parenthesized_expression") {
      std::string fn = t == "call" ? imports_.Resolve(e.ChildByField("function")) : "";
      if (fn.rfind("numpy.", 0) == 0)
        why_ = "it is made by '" + fn + "' (a NumPy array: Numba freezes a copy of a global array when the kernel "
               "compiles, which a PyKokkos workunit cannot see)";
      else if (t == "call") why_ = "its value is computed by a call";
      else why_ = "its value is not a number";
      return std::nullopt;
    }
    bool ok = true;
    std::string text = SpliceChildren(e, [&](const Node& c) -> std::string {
      if (!ok || !c.IsNamed()) return std::string(c.Text());
      auto v = Value(c);
      if (!v) ok = false;
      return v ? *v : std::string();
    });
    if (!ok) return std::nullopt;
    return t == "parenthesized_expression" ? text : "(" + text + ")";
  }

  void Define(const Node& name, const Node& value) {
    std::string n(name.Text());
    if (value.Type() == "tuple") {
      std::vector<std::string> elems;
      for (const Node& c : value.NamedChildren()) {
        if (c.Type() == "comment") continue;
        auto v = c.Type() == "tuple" ? std::nullopt : Value(c);
        if (!v) {
          out_.refused[n] = "it is a tuple with an element that is not a number";
          return;
        }
        elems.push_back(*v);
      }
      out_.tuples[n] = std::move(elems);
      return;
    }
    why_.clear();
    auto v = Value(value);
    if (v) out_.values[n] = *v;
    else out_.refused[n] = why_;
  }

 private:
  // A call of a `math.` function or a scalar NumPy ufunc that returns a float (not math.floor,
  // which is an int in Python, nor isnan), with positional arguments only.
  bool FloatMathCall(const Node& call) const {
    std::string q = imports_.Resolve(call.ChildByField("function"));
    const MathFunction* f = nullptr;
    if (q.rfind("math.", 0) == 0) f = FindMathFunction(std::string_view(q).substr(5));
    else if (q.rfind("numpy.", 0) == 0) f = FindNumpyScalarFunction(std::string_view(q).substr(6));
    if (!f || f->returns_int_in_math || f->returns_bool) return false;
    Node args = call.ChildByField("arguments");
    if (!args || args.Type() != "argument_list") return false;
    for (const Node& a : args.NamedChildren())
      if (a.Type() == "keyword_argument" || a.Type() == "list_splat" || a.Type() == "dictionary_splat") return false;
    return true;
  }

  const ImportTable& imports_;
  ModuleConstants& out_;
  std::string why_;
};

}  // namespace

ModuleConstants FindModuleConstants(const Tree& tree, const ImportTable& imports) {
  ModuleConstants out;
  Node root = tree.Root();
  auto bindings = ModuleBindings(root);
  ConstantFinder finder(imports, out);
  std::set<std::string> top;
  for (const Node& stmt : root.NamedChildren()) {
    if (stmt.Type() != "expression_statement" || stmt.NamedChildCount() != 1) continue;
    Node a = stmt.NamedChild(0);
    if (a.Type() != "assignment" || a.ChildByField("left").Type() != "identifier") continue;
    Node value = a.ChildByField("right");
    if (!value || value.Type() == "assignment") continue;  // `N: int` alone, or a chain
    std::string name(a.ChildByField("left").Text());
    top.insert(name);
    const auto& b = bindings[name];
    if (b.size() > 1) {
      out.refused[name] = "it is bound more than once (" + b[0] + ", " + b[1] +
                          "); Numba freezes the value it has when the kernel first compiles";
      continue;
    }
    finder.Define(a.ChildByField("left"), value);
  }
  for (const auto& [name, how] : bindings)
    if (!top.count(name) && !out.refused.count(name) && !how.empty())
      out.refused[name] = "it is not bound by one top-level assignment (" + how[0] + ")";
  return out;
}

std::vector<Edit> InlineConstants(const Tree& tree, const Kernel& kernel, const ModuleConstants& constants) {
  std::vector<Edit> out;
  Node def = tree.Root().DescendantForByteRange(kernel.def_start_byte, kernel.def_end_byte);
  while (def && def.Type() != "function_definition") def = def.Parent();
  if (!def) return out;
  Node body = def.ChildByField("body");
  // The kernel's own names (parameters and every name it binds) hide the module's.
  std::set<std::string> own(kernel.params.begin(), kernel.params.end());
  Walk(body, [&](const Node& n) {
    std::string_view t = n.Type();
    std::vector<Node> bound;
    if (t == "assignment" || t == "augmented_assignment" || t == "for_statement") BoundNames(n.ChildByField("left"), bound);
    else if (t == "named_expression") BoundNames(n.ChildByField("name"), bound);
    else if (t == "global_statement" || t == "nonlocal_statement") bound = n.NamedChildren();
    for (const Node& b : bound) own.insert(std::string(b.Text()));
    return t != "function_definition" && t != "lambda" && t != "class_definition";
  });
  WalkWithParent(body, def, [&](const Node& n, const Node& p) {
    std::string_view t = n.Type();
    if (t == "function_definition" || t == "lambda" || t == "class_definition") return false;
    if (t != "identifier" || !IsNameUse(n, p)) return true;
    std::string name(n.Text());
    if (own.count(name)) return true;
    if (auto v = constants.values.find(name); v != constants.values.end()) {
      if (p.Type() == "call" && p.ChildByField("function") == n) return true;
      out.push_back(Edit{n.StartByte(), n.EndByte(), v->second, {}, 0});
      return true;
    }
    auto tup = constants.tuples.find(name);
    if (tup == constants.tuples.end()) return true;
    const std::vector<std::string>& elems = tup->second;
    // W[2], W[-1]: the element; len(W): the count. Other uses stay (CRB123).
    if (p.Type() == "subscript" && p.ChildByField("value") == n) {
      std::vector<Node> idx = p.ChildrenByField("subscript");
      if (idx.size() != 1) return true;
      Node i = idx[0];
      bool negative = i.Type() == "unary_operator" && i.ChildByField("operator").Text() == "-";
      Node lit = negative ? i.ChildByField("argument") : i;
      std::string_view digits = lit.Text();
      if (lit.Type() != "integer" || digits.empty() || digits.size() > 9 ||
          digits.find_first_not_of("0123456789") != std::string_view::npos)
        return true;
      long long k = std::stoll(std::string(digits));
      if (negative) k = static_cast<long long>(elems.size()) - k;
      if (k < 0 || k >= static_cast<long long>(elems.size())) return true;  // IndexError in Numba too
      out.push_back(Edit{p.StartByte(), p.EndByte(), elems[static_cast<size_t>(k)], {}, 0});
    } else if (p.Type() == "argument_list" && p.NamedChildCount() == 1) {
      Node call = p.Parent();
      Node fn = call.ChildByField("function");
      if (fn.Type() == "identifier" && fn.Text() == "len" && !own.count("len"))
        out.push_back(Edit{call.StartByte(), call.EndByte(), std::to_string(elems.size()), {}, 0});
    }
    return true;
  });
  return out;
}

std::string ModuleNameHelp(const Tree& tree, const ImportTable& imports, const std::string& name) {
  ModuleConstants c = FindModuleConstants(tree, imports);
  if (auto r = c.refused.find(name); r != c.refused.end())
    return "'" + name + "' is not a constant Caramba can write into the kernel: " + r->second +
           "; pass the value as a parameter";
  if (c.tuples.count(name))
    return "the tuple '" + name + "' is used other than by a literal index or len(); pass the value as a parameter";
  return "pass the value as a parameter";
}

std::vector<Edit> FoldOrdOfLiterals(const Tree& tree, const Kernel& kernel) {
  std::vector<Edit> out;
  // A binding of `ord` anywhere (a def, an assignment, an import, a
  // parameter) would make the call another function.
  bool rebound = false;
  Walk(tree.Root(), [&](const Node& n) {
    if (rebound) return false;
    if (n.Type() == "identifier" && n.Text() == "ord") {
      Node p = n.Parent();
      bool call = p && p.Type() == "call" && p.ChildByField("function") == n;
      if (!call) rebound = true;
    }
    return true;
  });
  if (rebound) return out;
  Node def = tree.Root().DescendantForByteRange(kernel.def_start_byte, kernel.def_end_byte);
  while (def && def.Type() != "function_definition") def = def.Parent();
  if (!def) return out;
  Walk(def.ChildByField("body"), [&](const Node& n) {
    if (n.Type() != "call" || n.ChildByField("function").Type() != "identifier" ||
        n.ChildByField("function").Text() != "ord")
      return true;
    std::vector<Node> args = n.ChildByField("arguments").NamedChildren();
    if (args.size() != 1 || args[0].Type() != "string") return true;
    // 'c' or "c": no prefix, no escape, one ASCII character.
    std::string_view text = args[0].Text();
    if (text.size() != 3 || (text[0] != '\'' && text[0] != '"') || text[2] != text[0] || text[1] == '\\' ||
        static_cast<unsigned char>(text[1]) >= 128)
      return true;
    out.push_back(Edit{n.StartByte(), n.EndByte(), std::to_string(static_cast<int>(text[1])), {}, 0});
    return false;
  });
  return out;
}

}  // namespace caramba
