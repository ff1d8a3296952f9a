// kernel_compiler_classtypes.cpp — @pk.classtype classes (pykokkos-api.md
// §1.5): small classes whose __init__ declares annotated members
// (`self.x: int = x`) and whose @pk.function methods compute with them.
// Upstream translates each to a C++ struct that workunits and @pk.functions
// construct, pass and return by value (tests/test_classtypes_translator.py);
// here each becomes `struct CrbClass_<name>` in front of the functor. Every
// classtype of the file goes into every unit, as upstream copies them all.
#include <algorithm>

#include "kernel_compiler_internal.h"

namespace pykokkos_rt::front {

std::string Compiler::TypeCpp(const TypeRef& t) const {
  if (t.kind == TypeRef::Kind::kClass) return "CrbClass_" + t.classtype;
  return ScalarCpp(t.scalar);
}

void Compiler::ClassTypeSignatures() {
  auto is_function = [&](const Node& decorated) {
    for (const Node& dec : decorated.NamedChildren()) {
      if (dec.Type() != "decorator") continue;
      Node e = dec.NamedChild(0);
      if (e.Type() == "call") e = e.ChildByField("function");
      if (e.Type() == "attribute" && IsAlias(e.ChildByField("object")) && e.ChildByField("attribute").Text() == "function")
        return true;
    }
    return false;
  };
  for (auto& [name, c] : classtypes_) {
    // Methods without @pk.function stay host methods: a kernel calling one
    // fails as a call of an unknown method.
    for (const Node& item : c.def.ChildByField("body").NamedChildren()) {
      Node def = item.Type() == "decorated_definition" ? item.ChildByField("definition") : item;
      if (def.Type() != "function_definition") continue;
      std::string m(def.ChildByField("name").Text());
      if (m == "__init__") {
        c.init = def;
      } else if (item.Type() == "decorated_definition" && is_function(item)) {
        c.methods[m].def = def;
        c.methods[m].method = true;
      }
    }
    if (!c.init)
      Fail(c.def, "@" + alias_ + ".classtype '" + name + "' without __init__",
           "declare its members in __init__: `self.x: int = x`");
    std::vector<Node> params = c.init.ChildByField("parameters").NamedChildren();
    if (params.empty()) Fail(c.init, "__init__ without `self`", "def __init__(self, x: int)");
    for (size_t k = 1; k < params.size(); ++k) {
      const Node& p = params[k];
      if (p.Type() != "typed_parameter")
        Fail(p, "parameter '" + std::string(p.Text()) + "' of " + name + ".__init__",
             "annotate every constructor parameter of a classtype: `" + std::string(p.Text()) + ": int`");
      TypeRef t = Annotation(p.ChildByField("type"), false);
      if (t.kind != TypeRef::Kind::kScalar && t.kind != TypeRef::Kind::kClass)
        Fail(p, "constructor parameter '" + std::string(p.Text()) + "'", "classtype constructors take scalars and classtypes");
      c.ctor_params.emplace_back(std::string(p.NamedChild(0).Text()), t);
    }
    // Members: the annotated `self.x: T = ...` statements of __init__'s body.
    std::string self(params[0].Text());
    for (const Node& s : c.init.ChildByField("body").NamedChildren()) {
      if (s.Type() != "expression_statement" || s.NamedChild(0).Type() != "assignment") continue;
      Node a = s.NamedChild(0), left = a.ChildByField("left"), type = a.ChildByField("type");
      if (!type || left.Type() != "attribute" || left.ChildByField("object").Text() != self) continue;
      TypeRef t = Annotation(type, false);
      if (t.kind != TypeRef::Kind::kScalar && t.kind != TypeRef::Kind::kClass)
        Fail(type, "member '" + std::string(left.Text()) + "' of type '" + std::string(type.Text()) + "'",
             "classtype members are scalars or other classtypes");
      c.fields.emplace_back(std::string(left.ChildByField("attribute").Text()), t);
    }
    for (auto& [m, f] : c.methods) FunctionSignature(m, f);
  }
}

std::string Compiler::GenerateClassTypes() {
  // In source order: a classtype used by another is defined above it.
  std::vector<std::string> order;
  for (const auto& [name, c] : classtypes_) order.push_back(name);
  std::sort(order.begin(), order.end(), [&](const std::string& a, const std::string& b) {
    return classtypes_[a].def.StartByte() < classtypes_[b].def.StartByte();
  });
  std::string out;
  for (const std::string& name : order) {
    ClassType& c = classtypes_[name];
    class_ = name;
    class_scope_.clear();
    std::string s = "CrbClass_" + name;
    out += Where(c.def) + "struct " + s + " {\n";
    for (const auto& [field, t] : c.fields) {
      class_scope_["self." + field] = Sym{t, "this->" + Mangle(field), {}};
      out += "  " + TypeCpp(t) + " " + Mangle(field) + "{};\n";
    }
    out += "  " + s + "() = default;\n";
    std::string params;
    for (const auto& [p, t] : c.ctor_params) params += (params.empty() ? "" : ", ") + TypeCpp(t) + " " + Mangle(p);
    out += Where(c.init) + "  KOKKOS_INLINE_FUNCTION " + (c.ctor_params.size() == 1 ? "explicit " : "") + s + "(" + params + ") {\n";
    scopes_.clear();
    scopes_.push_back(class_scope_);
    Push();
    for (const auto& [p, t] : c.ctor_params) scopes_.back()[p] = Sym{t, Mangle(p), {}};
    self_name_ = c.init.ChildByField("parameters").NamedChild(0).Text();
    in_function_ = true;
    return_type_ = TypeRef{};
    Block(c.init.ChildByField("body"), 2, out);
    out += "  }\n";
    for (auto& [m, f] : c.methods) out += GenerateFunction(f);
    out += "};\n";
  }
  class_.clear();
  class_scope_.clear();
  self_name_.clear();
  in_function_ = false;
  return out;
}

Expr Compiler::Converted(const Node& n, const TypeRef& want, const std::string& what) {
  Expr e = E(n);
  if (want.kind == TypeRef::Kind::kClass || e.type.kind == TypeRef::Kind::kClass) {
    if (e.type.kind != want.kind || e.type.classtype != want.classtype)
      Fail(n, what + " '" + std::string(n.Text()) + "'", "expects " + want.Describe() + ", got " + e.type.Describe());
    return e;
  }
  if (e.is_void) Fail(n, "call without a value", "this call returns nothing");
  if (e.type.kind != TypeRef::Kind::kScalar && e.type.kind != TypeRef::Kind::kAcc && e.type.kind != TypeRef::Kind::kFlag)
    Fail(n, what + " '" + std::string(n.Text()) + "'", "expects " + want.Describe());
  return e;
}

Expr Compiler::Construct(const Node& call, const std::string& name, const std::vector<Node>& args) {
  const ClassType& c = classtypes_.at(name);
  if (args.size() != c.ctor_params.size())
    Fail(call, name + "() with " + std::to_string(args.size()) + " argument(s)",
         "its __init__ takes " + std::to_string(c.ctor_params.size()));
  std::string code = "CrbClass_" + name + "(";
  for (size_t k = 0; k < args.size(); ++k)
    code += (k ? ", " : "") + Converted(args[k], c.ctor_params[k].second, "argument").code;
  TypeRef t;
  t.kind = TypeRef::Kind::kClass;
  t.classtype = name;
  return Expr{code + ")", t};
}

Expr Compiler::ClassMethodCall(const Node& call, const std::string& object_cpp, const std::string& cls,
                               const std::string& method, const std::vector<Node>& args) {
  const ClassType& c = classtypes_.at(cls);
  auto m = c.methods.find(method);
  if (m == c.methods.end())
    Fail(call, "call of method '" + method + "' of classtype " + cls,
         "kernels call the @" + alias_ + ".function methods of a classtype");
  const Function& f = m->second;
  if (args.size() != f.params.size())
    Fail(call, "call of " + cls + "." + method + " with " + std::to_string(args.size()) + " argument(s)",
         "it takes " + std::to_string(f.params.size()));
  std::string code = object_cpp + "." + Mangle(method) + "(";
  for (size_t k = 0; k < args.size(); ++k) code += (k ? ", " : "") + Converted(args[k], f.params[k].second, "argument").code;
  Expr r{code + ")", f.ret};
  r.is_void = f.ret.kind == TypeRef::Kind::kUnknown;
  return r;
}

bool Compiler::ClassField(const Node& n, Expr* out) {
  if (n.Type() != "attribute") return false;
  std::string attr(n.ChildByField("attribute").Text());
  if (!class_.empty() && IsSelfMember(n)) {
    const Sym* m = SymbolOf(n);
    if (!m) Fail(n, "member '" + std::string(n.Text()) + "' of classtype " + class_, "declare it in __init__: `self." + attr + ": int = ...`");
    *out = Expr{m->cpp, m->type};
    return true;
  }
  Node obj = n.ChildByField("object");
  const Sym* s = obj.Type() == "identifier" || IsSelfMember(obj) ? SymbolOf(obj) : nullptr;
  if (!s || s->type.kind != TypeRef::Kind::kClass) return false;
  const ClassType& c = classtypes_.at(s->type.classtype);
  for (const auto& [field, t] : c.fields)
    if (field == attr) {
      *out = Expr{s->cpp + "." + Mangle(field), t};
      return true;
    }
  Fail(n, "member '" + attr + "' of classtype " + s->type.classtype, "its members are the annotated `self.x: T = ...` of __init__");
}

}  // namespace pykokkos_rt::front
