// kernel_compiler.cpp — see kernel_compiler.h. Discovery of workunits and
// @pk.functions, annotations, the workunit's signature and the generated
// module; statements and expressions live in kernel_compiler_statements.cpp
// and kernel_compiler_expressions.cpp, the dialect's tables in
// kernel_compiler_tables.cpp.
#include "kernel_compiler.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "kernel_abi.h"
#include "kernel_compiler_internal.h"

namespace pykokkos_rt {
namespace front {

void Compiler::Discover() {
  imports_.Build(tree_);
  // Upstream matches decorators spelled `<alias>.workunit` where <alias> comes
  // from `import pykokkos as <alias>` (or `import pykokkos`); nothing else.
  for (const auto& [local, module] : imports_.ModuleAliases())
    if (module == "pykokkos") alias_ = local;
  Node root = tree_.Root();
  // The decorator `@<alias>.<what>` or `@<alias>.<what>(...)` of a definition, or "".
  auto decorators = [&](const Node& decorated) {
    std::vector<std::string> out;
    for (const Node& dec : decorated.NamedChildren()) {
      if (dec.Type() != "decorator") continue;
      Node e = dec.NamedChild(0);
      if (e.Type() == "call") e = e.ChildByField("function");
      if (e.Type() != "attribute" || alias_.empty() || !IsAlias(e.ChildByField("object"))) continue;
      out.emplace_back(e.ChildByField("attribute").Text());
    }
    return out;
  };
  for (const Node& top : root.NamedChildren()) {
    if (top.Type() != "decorated_definition") continue;
    Node def = top.ChildByField("definition");
    std::string name(def.ChildByField("name").Text());
    for (const std::string& what : decorators(top)) {
      if (def.Type() == "function_definition") {
        if (what == "workunit" && name == req_.workunit && req_.functor_class.empty()) {
          workunit_ = def;
          AtomicViews(top, "");
        }
        if (what == "function") functions_[name].def = def;
      } else if (def.Type() == "class_definition" && what == "classtype") {
        classtypes_[name].def = def;
      } else if (def.Type() == "class_definition" && name == req_.functor_class &&
                 (what == "functor" || what == "workload")) {
        class_def_ = def;
        AtomicViews(top, "self.");
      }
    }
  }
  if (!req_.functor_class.empty()) {
    if (!class_def_)
      throw DialectError(req_.path, 1, 1, "class '" + req_.functor_class + "' not found",
                         "workunit methods belong to a top-level class decorated @" + (alias_.empty() ? std::string("pk") : alias_) +
                             ".functor or @" + (alias_.empty() ? std::string("pk") : alias_) + ".workload");
    // Methods: @pk.workunit ones are workunits, @pk.function ones device
    // functions called as self.f(...); __init__'s `self.x: T = ...` declare
    // the members' types (they win over the runtime values, as annotations do).
    for (const Node& item : class_def_.ChildByField("body").NamedChildren()) {
      Node def = item.Type() == "decorated_definition" ? item.ChildByField("definition") : item;
      if (def.Type() != "function_definition") continue;
      std::string name(def.ChildByField("name").Text());
      if (item.Type() == "decorated_definition") {
        for (const std::string& what : decorators(item)) {
          if (what == "workunit" && name == req_.workunit) workunit_ = def;
          if (what == "function") {
            functions_[name].def = def;
            functions_[name].method = true;
          }
        }
      }
      if (name != "__init__") continue;
      std::vector<Node> params = def.ChildByField("parameters").NamedChildren();
      std::string self = params.empty() ? "self" : std::string(params[0].Text());
      caramba::Walk(def.ChildByField("body"), [&](const Node& n) {
        if (n.Type() != "assignment" || !n.ChildByField("type")) return true;
        Node left = n.ChildByField("left");
        if (left.Type() == "attribute" && left.ChildByField("object").Text() == self)
          member_annotations_["self." + std::string(left.ChildByField("attribute").Text())] = n.ChildByField("type");
        return true;
      });
    }
  }
  if (!workunit_) {
    std::string hint = alias_.empty()
                           ? "the file has no top-level `import pykokkos as pk`; upstream finds workunits only through that alias"
                           : req_.functor_class.empty()
                                 ? "decorate a top-level function with @" + alias_ + ".workunit (nested functions, `from pykokkos import workunit` and exec'd code are not found upstream)"
                                 : "decorate the method with @" + alias_ + ".workunit";
    throw DialectError(req_.path, 1, 1, "workunit '" + req_.workunit + "' not found", hint);
  }
}

void Compiler::AtomicViews(const Node& decorated, const std::string& prefix) {
  // Upstream reads `name=pk.ViewTypeInfo(..., trait=pk.Trait.Atomic)` (or
  // `pk.Atomic`) from the decorator's keywords: that view gets
  // Kokkos::MemoryTraits<Kokkos::Atomic>, so `v[i] += x` is atomic.
  for (const Node& dec : decorated.NamedChildren()) {
    if (dec.Type() != "decorator" || dec.NamedChild(0).Type() != "call") continue;
    for (const Node& kw : dec.NamedChild(0).ChildByField("arguments").NamedChildren()) {
      if (kw.Type() != "keyword_argument") continue;
      Node info = kw.ChildByField("value");
      if (info.Type() != "call") continue;
      for (const Node& opt : info.ChildByField("arguments").NamedChildren()) {
        if (opt.Type() != "keyword_argument" || opt.ChildByField("name").Text() != "trait") continue;
        Node v = opt.ChildByField("value");
        if (v.Type() == "attribute" && v.ChildByField("attribute").Text() == "Atomic")
          atomic_params_.insert(prefix + std::string(kw.ChildByField("name").Text()));
      }
    }
  }
}

Scalar Compiler::ScalarAnnotation(const Node& n) const {
  if (n.Type() == "identifier") {
    if (n.Text() == "int") return Scalar::kI32;
    if (n.Text() == "float") return Scalar::kF64;
    if (n.Text() == "bool") return Scalar::kBool;
  }
  if (n.Type() == "attribute" && IsAlias(n.ChildByField("object"))) {
    auto it = kPkDtypes.find(std::string(n.ChildByField("attribute").Text()));
    if (it != kPkDtypes.end()) return it->second;
  }
  return Scalar::kNone;
}

TypeRef Compiler::Annotation(Node t, bool allow_list) const {
  if (t.Type() == "type") t = t.NamedChild(0);
  Scalar s = ScalarAnnotation(t);
  if (s != Scalar::kNone) return TypeRef::Of(s);
  // pk.View1D[T] ... pk.View7D[T], pk.Acc[T]  (subscript), List[T] (generic_type or subscript)
  Node base, arg;
  if (t.Type() == "subscript") {
    base = t.ChildByField("value");
    auto subs = t.ChildrenByField("subscript");
    if (subs.size() == 1) arg = subs[0];
  } else if (t.Type() == "generic_type") {
    base = t.NamedChild(0);
    Node params = t.NamedChild(1);
    if (params && params.NamedChildCount() == 1) arg = params.NamedChild(0);
    if (arg && arg.Type() == "type") arg = arg.NamedChild(0);
  }
  if (t.Type() == "identifier" && IsClassType(std::string(t.Text()))) {
    TypeRef r;
    r.kind = TypeRef::Kind::kClass;
    r.classtype = t.Text();
    return r;
  }
  if (base && arg) {
    Scalar inner = ScalarAnnotation(arg);
    if (base.Type() == "attribute" && IsAlias(base.ChildByField("object")) && inner != Scalar::kNone) {
      std::string what(base.ChildByField("attribute").Text());
      if (what == "Acc") {
        TypeRef r = TypeRef::Of(inner);
        r.kind = TypeRef::Kind::kAcc;
        return r;
      }
      if (what.size() == 6 && what.rfind("View", 0) == 0 && what[5] == 'D' && what[4] >= '1' && what[4] <= '7')
        return TypeRef::View(inner, what[4] - '0');
      // Team scratch (level 0/1 memory of a TeamPolicy workunit); only a
      // local declaration takes this type (ScratchDeclaration).
      if (allow_list && what.size() == 13 && what.rfind("ScratchView", 0) == 0 && what[12] == 'D' && what[11] >= '1' &&
          what[11] <= '3')
        return TypeRef::View(inner, what[11] - '0', 'S');
    }
    if (allow_list && base.Type() == "identifier" && base.Text() == "List" && inner != Scalar::kNone) {
      TypeRef r = TypeRef::Of(inner);
      r.kind = TypeRef::Kind::kList;
      return r;
    }
  }
  Fail(t, "annotation '" + std::string(t.Text()) + "'",
       "use int, float, bool, " + alias_ + ".int64, " + alias_ + ".double, " + alias_ + ".View1D[" + alias_ +
           ".double] ... " + alias_ + ".View7D[...], " + alias_ + ".Acc[...]" + (allow_list ? " or List[T]" : ""));
}


// ----------------------------------------------------------------- functions

std::string Compiler::GenerateFunction(Function& f) {
  std::string name(f.def.ChildByField("name").Text());
  std::string templ, params;
  int views = 0;
  for (const auto& [pname, t] : f.params) {
    if (!params.empty()) params += ", ";
    if (t.kind == TypeRef::Kind::kView) {
      std::string tp = "CrbV" + std::to_string(views++);
      templ += (templ.empty() ? "" : ", ") + ("class " + tp);
      params += "const " + tp + "& " + Mangle(pname);
    } else {
      params += TypeCpp(t) + " " + Mangle(pname);
    }
  }
  std::string out = Where(f.def);
  if (!templ.empty()) out += "  template <" + templ + ">\n";
  // Functor functions are const (upstream's operator() is); a classtype's
  // methods may assign its fields.
  out += "  KOKKOS_INLINE_FUNCTION " + (f.ret.kind == TypeRef::Kind::kUnknown ? std::string("void") : TypeCpp(f.ret)) +
         " " + Mangle(name) + "(" + params + ")" + (class_.empty() ? " const" : "") + " {\n";
  scopes_.clear();
  scopes_.push_back(class_.empty() ? member_scope_ : class_scope_);
  Push();
  for (const auto& [pname, t] : f.params) scopes_.back()[pname] = Sym{t, Mangle(pname), {}};
  self_name_.clear();
  if (f.method) self_name_ = f.def.ChildByField("parameters").NamedChild(0).Text();
  in_function_ = true;
  return_type_ = f.ret;
  calls_ = &f.calls;
  Block(f.def.ChildByField("body"), 2, out);
  calls_ = nullptr;
  in_function_ = false;
  out += "  }\n";
  return out;
}

void Compiler::BindArgument(const Node& p, const std::string& pname, const TypeRef& ann, const Node& ann_node,
                            const std::string& given, GeneratedKernel& g, std::string& members, std::string& ctor,
                            std::string& copies) {
  const std::string what = pname.rfind("self.", 0) == 0 ? "member" : "parameter";
  // kFromAnnotation: a module's other workunits, built ahead of their first
  // call (kernel_siblings.h), take the types their annotations declare.
  TypeRef arg = given == kFromAnnotation && ann.kind != TypeRef::Kind::kUnknown ? ann : TypeRef::Parse(given);
  if (arg.kind == TypeRef::Kind::kUnknown)
    throw ArgumentError("workunit '" + req_.workunit + "': " + (what == "member" ? "member '" : "argument '") + pname +
                        "' has an unsupported type (" + given + ")");
  TypeRef t = arg;
  if (ann.kind != TypeRef::Kind::kUnknown) {
    // Annotations always win (dialect §5); the value must still fit them.
    std::string why;
    if (ann.kind == TypeRef::Kind::kView) {
      if (arg.kind != TypeRef::Kind::kView) why = "got a scalar";
      else if (arg.rank != ann.rank || arg.scalar != ann.scalar) why = "got " + arg.Describe();
      t = ann;
      t.layout = arg.layout;
      t.atomic = arg.atomic;
    } else if (ann.kind == TypeRef::Kind::kScalar) {
      if (arg.kind != TypeRef::Kind::kScalar) why = "got an array";
      else if (!IsFloat(ann.scalar) && IsFloat(arg.scalar)) why = "got " + arg.Describe();
      t = ann;
    } else {
      Fail(p, what + " '" + pname + "' annotated '" + std::string(ann_node.Text()) + "'", "kernel arguments are views or scalars");
    }
    if (!why.empty())
      throw ArgumentError("workunit '" + req_.workunit + "': " + what + " '" + pname + "' expects " + ann.Describe() + ", " + why);
  }
  // A view declared atomic in the decorator (`@pk.workunit(v=pk.ViewTypeInfo(trait=pk.Trait.Atomic))`,
  // `@pk.functor(v=...)` for member self.v) is atomic whatever view is passed.
  if (t.kind == TypeRef::Kind::kView && atomic_params_.count(pname)) t.atomic = true;
  // Members are `crb_self_<x>` (user names never start with crb_: Mangle).
  bool member = what == "member";
  std::string cpp = member ? "crb_self_" + pname.substr(5) : Mangle(pname);
  size_t slot = g.params.size();
  g.params.push_back(pname);
  g.param_types.push_back(t);
  std::string a = "crb_args[" + std::to_string(slot) + "]";
  if (t.kind == TypeRef::Kind::kView) {
    members += "  " + ViewCpp(t) + " " + cpp + ";\n";
    // Built from the pointer and a layout object: View's (pointer, extents...)
    // constructor also checks the number of extents against the rank at run
    // time, which the generator already guarantees, and that check (its
    // message strings, the view's label) was a tenth of the compiler's
    // instructions for the stencil thesis module, per view type
    // (docs/internals/first-call.md).
    std::string c = ViewCpp(t) + "(static_cast<" + ScalarCpp(t.scalar) + "*>(" + a + ".data), " + ViewCpp(t) +
                    "::array_layout(";
    for (int r = 0; r < t.rank; ++r) c += (r ? ", " : "") + a + ".extent[" + std::to_string(r) + "]";
    ctor += "      " + c + ")),\n";
    if (member) member_scope_[pname] = Sym{t, cpp, {}};
    else Declare(p, pname, t, cpp);
  } else {
    // Scalars are copied into locals so the body may assign them (the
    // operator is const, its members are not writable). Functor members are
    // read in place: upstream's operator() is const, so they are read-only.
    members += std::string("  ") + ScalarCpp(t.scalar) + " m_" + cpp + ";\n";
    ctor += std::string("      static_cast<") + ScalarCpp(t.scalar) + ">(" + a + (IsFloat(t.scalar) ? ".d" : ".i") + "),\n";
    if (member) {
      member_scope_[pname] = Sym{t, "m_" + cpp, {}};
    } else {
      copies += std::string("    ") + ScalarCpp(t.scalar) + " " + cpp + " = m_" + cpp + ";\n";
      Declare(p, pname, t, cpp);
    }
  }
}

void Compiler::FunctionSignature(const std::string& name, Function& f) {
  bool first = true;
  for (const Node& p : f.def.ChildByField("parameters").NamedChildren()) {
    if (f.method && first) {
      first = false;
      continue;
    }
    if (p.Type() == "typed_parameter") {
      f.params.emplace_back(std::string(p.NamedChild(0).Text()), Annotation(p.ChildByField("type"), false));
      if (f.params.back().second.kind == TypeRef::Kind::kAcc) Fail(p, "accumulator parameter in a @pk.function", "only workunits take accumulators");
    } else if (p.Type() == "identifier") {
      Fail(p, "unannotated parameter '" + std::string(p.Text()) + "' of @pk.function '" + name + "'", "annotate every parameter of a @pk.function: `" + std::string(p.Text()) + ": float`");
    } else {
      Fail(p, "parameter '" + std::string(p.Text()) + "'", "parameters are plain annotated names (no defaults, *args or **kwargs)");
    }
  }
  Node rt = f.def.ChildByField("return_type");
  if (!rt) Fail(f.def, "@pk.function '" + name + "' without a return annotation", "annotate the return type: `-> float` (or `-> None`)");
  Node rtn = rt.Type() == "type" ? rt.NamedChild(0) : rt;
  if (rtn.Type() != "none") {
    f.ret = Annotation(rt, false);
    if (f.ret.kind != TypeRef::Kind::kScalar && f.ret.kind != TypeRef::Kind::kClass)
      Fail(rt, "return type '" + std::string(rt.Text()) + "'", "@pk.functions return scalars or @" + alias_ + ".classtype objects");
  }
}

GeneratedKernel Compiler::Run() {
  Discover();
  // @pk.functions: every parameter and the return type annotated (dialect §1);
  // methods of a functor take `self` first. Classtypes first: functions may
  // take and return them.
  ClassTypeSignatures();
  for (auto& [name, f] : functions_) FunctionSignature(name, f);

  GeneratedKernel g;
  std::string members, ctor, copies;
  // Functor members ("self.x" arguments) first: @pk.function methods read them too.
  for (const auto& [name, sig] : req_.arg_types) {
    if (name.rfind("self.", 0) != 0) continue;
    if (req_.functor_class.empty())
      throw ArgumentError("workunit '" + req_.workunit + "': '" + name + "' is a member, but the workunit is no method");
    auto ann = member_annotations_.find(name);
    TypeRef t;
    Node ann_node;
    if (ann != member_annotations_.end()) {
      ann_node = ann->second;
      Node tn = ann_node.Type() == "type" ? ann_node.NamedChild(0) : ann_node;
      // Members annotated with types kernels cannot take (lists, classtypes)
      // stay host-only: the workunit fails only if it reads them.
      bool kernel_type = ScalarAnnotation(tn) != Scalar::kNone || tn.Type() == "subscript";
      if (!kernel_type) continue;
      t = Annotation(ann_node, false);
    }
    BindArgument(ann_node ? ann_node : class_def_, name, t, ann_node, sig, g, members, ctor, copies);
  }
  for (auto& [name, f] : functions_) f.code = GenerateFunction(f);
  std::string classes = GenerateClassTypes();

  g.def_line = workunit_.StartPoint().row + 1;
  // Workunit signature: [self,] leading index [, accumulator [, flag]] then kernel args.
  std::vector<Node> params = workunit_.ChildByField("parameters").NamedChildren();
  self_name_.clear();
  if (!req_.functor_class.empty()) {
    if (params.empty()) Fail(workunit_, "workunit method without `self`", "workunit methods take self first: def work(self, i: int)");
    self_name_ = params[0].Type() == "identifier" ? std::string(params[0].Text()) : std::string(params[0].NamedChild(0).Text());
    params.erase(params.begin());
  }
  // An MDRangePolicy's workunit takes one index per dimension, then the accumulator.
  const size_t indices = req_.mdrange > 0 ? static_cast<size_t>(req_.mdrange) : 1;
  if (req_.mdrange && (req_.team || req_.kind == DispatchKind::kScan || req_.mdrange < 2 || req_.mdrange > 6))
    throw ArgumentError("workunit '" + req_.workunit + "': an MDRangePolicy of rank 2 to 6 runs parallel_for and parallel_reduce");
  size_t leading = indices + (req_.kind == DispatchKind::kFor ? 0 : req_.kind == DispatchKind::kReduce ? 1 : 2);
  const char* dispatch = req_.kind == DispatchKind::kFor ? "parallel_for" : req_.kind == DispatchKind::kReduce ? "parallel_reduce" : "parallel_scan";
  if (req_.team && req_.kind == DispatchKind::kScan)
    throw ArgumentError("workunit '" + req_.workunit + "': parallel_scan takes a RangePolicy, not a TeamPolicy");
  if (params.size() < leading)
    throw ArgumentError("workunit '" + req_.workunit + "' dispatched with " + dispatch + " needs " + std::to_string(leading) +
                        " leading parameter(s) (" + (req_.team ? "team member" : "index") + (leading > 1 ? ", accumulator" : "") + (leading > 2 ? ", final flag" : "") + ")");
  std::map<std::string, std::string> given(req_.arg_types.begin(), req_.arg_types.end());
  std::set<std::string> used;
  std::string index_name, acc_name, flag_name;
  Scalar index_scalar = Scalar::kI32;
  std::vector<std::pair<std::string, Scalar>> md_indices;  // an MDRangePolicy's indices after the first
  Scalar acc = Scalar::kF64;  // unannotated accumulators are double upstream, even for integer sums
  scopes_.clear();
  scopes_.push_back(member_scope_);
  Push();
  for (size_t k = 0; k < params.size(); ++k) {
    const Node& p = params[k];
    std::string pname;
    TypeRef ann;
    bool team_annotation = false;
    if (p.Type() == "identifier") {
      pname = p.Text();
    } else if (p.Type() == "typed_parameter") {
      pname = p.NamedChild(0).Text();
      Node tn = p.ChildByField("type");
      if (tn.Type() == "type") tn = tn.NamedChild(0);
      team_annotation = tn.Type() == "attribute" && IsAlias(tn.ChildByField("object")) && tn.ChildByField("attribute").Text() == "TeamMember";
      if (!team_annotation) ann = Annotation(p.ChildByField("type"), false);
    } else {
      Fail(p, "parameter '" + std::string(p.Text()) + "'", "workunit parameters are plain names, optionally annotated (no defaults, *args or **kwargs)");
    }
    if (k == 0 && team_annotation && !req_.team)
      throw ArgumentError("workunit '" + req_.workunit + "' takes a " + alias_ + ".TeamMember: dispatch it with a " + alias_ + ".TeamPolicy");
    if (k > 0 && team_annotation) Fail(p, "team member '" + pname + "' after the first parameter", "the team member is the first parameter");
    if (k < leading) {
      if (k > 0 && k < indices) {  // another index of an MDRangePolicy
        if (ann.kind != TypeRef::Kind::kUnknown &&
            !(ann.kind == TypeRef::Kind::kScalar && (ann.scalar == Scalar::kI32 || ann.scalar == Scalar::kI64)))
          Fail(p, "index parameter '" + pname + "' annotated '" + std::string(p.ChildByField("type").Text()) + "'", "indices are `int` (32-bit) or " + alias_ + ".int64");
        md_indices.emplace_back(pname, ann.kind == TypeRef::Kind::kScalar ? ann.scalar : Scalar::kI32);
        Declare(p, pname, TypeRef::Of(md_indices.back().second));
        if (given.count(pname))
          throw ArgumentError("workunit '" + req_.workunit + "': '" + pname + "' is an index of the MDRangePolicy and cannot be passed as a keyword argument");
        continue;
      }
      if (k == 0 && req_.team) {
        if (ann.kind != TypeRef::Kind::kUnknown)
          Fail(p, "team member '" + pname + "' annotated '" + std::string(p.ChildByField("type").Text()) + "'", "a TeamPolicy workunit takes `" + pname + ": " + alias_ + ".TeamMember` first");
        index_name = pname;
        TypeRef t;
        t.kind = TypeRef::Kind::kTeam;
        Declare(p, pname, t);
      } else if (k == 0) {
        // `int` (upstream's int32_t) or pk.int64, which upstream's own tests
        // use (test_parallelreduce.py: `i: pk.int64` so that i * i is 64-bit).
        if (ann.kind != TypeRef::Kind::kUnknown &&
            !(ann.kind == TypeRef::Kind::kScalar && (ann.scalar == Scalar::kI32 || ann.scalar == Scalar::kI64)))
          Fail(p, "index parameter '" + pname + "' annotated '" + std::string(p.ChildByField("type").Text()) + "'", "the thread index is `int` (32-bit) or " + alias_ + ".int64");
        index_name = pname;
        if (ann.kind == TypeRef::Kind::kScalar) index_scalar = ann.scalar;
        Declare(p, pname, TypeRef::Of(index_scalar));
      } else if (k == indices) {
        if (ann.kind != TypeRef::Kind::kUnknown && ann.kind != TypeRef::Kind::kAcc)
          Fail(p, "accumulator '" + pname + "' annotated '" + std::string(p.ChildByField("type").Text()) + "'", "annotate accumulators as " + alias_ + ".Acc[" + alias_ + ".double] or " + alias_ + ".Acc[" + alias_ + ".int64]");
        if (ann.kind == TypeRef::Kind::kAcc) acc = ann.scalar;
        acc_name = pname;
        TypeRef t = TypeRef::Of(acc);
        t.kind = TypeRef::Kind::kAcc;
        Declare(p, pname, t);
      } else {
        if (ann.kind != TypeRef::Kind::kUnknown && !(ann.kind == TypeRef::Kind::kScalar && ann.scalar == Scalar::kBool))
          Fail(p, "scan flag '" + pname + "' annotated '" + std::string(p.ChildByField("type").Text()) + "'", "the scan's final flag is `bool`");
        flag_name = pname;
        TypeRef t = TypeRef::Of(Scalar::kBool);
        t.kind = TypeRef::Kind::kFlag;
        Declare(p, pname, t);
      }
      if (given.count(pname))
        throw ArgumentError("workunit '" + req_.workunit + "': '" + pname + "' is the " + (k == 0 ? (req_.team ? "team member" : "thread index") : k == indices ? "accumulator" : "scan flag") + " and cannot be passed as a keyword argument");
      continue;
    }
    if (k == indices && ann.kind == TypeRef::Kind::kAcc)
      throw ArgumentError("workunit '" + req_.workunit + "' has an accumulator '" + pname + "': dispatch it with parallel_reduce, not " + dispatch);
    auto it = given.find(pname);
    if (it == given.end()) throw ArgumentError("workunit '" + req_.workunit + "': missing keyword argument '" + pname + "'");
    used.insert(pname);
    BindArgument(p, pname, ann, p.ChildByField("type"), it->second, g, members, ctor, copies);
  }
  for (const auto& [name, sig] : req_.arg_types)
    if (!used.count(name) && name.rfind("self.", 0) != 0)
      throw ArgumentError("workunit '" + req_.workunit + "' got an unexpected keyword argument '" + name + "'");
  g.acc = req_.kind == DispatchKind::kFor ? Scalar::kNone : acc;
  size_t team_slot = g.params.size();
  const size_t md_slot = g.params.size();
  for (int d = 0; d < req_.mdrange; ++d)
    for (const char* what : {"crb.md_begin", "crb.md_end", "crb.md_tile"}) {
      g.params.push_back(what + std::to_string(d));
      g.param_types.push_back(TypeRef::Of(Scalar::kI64));
    }
  if (req_.team) {
    for (const char* hidden : {"crb.team_size", "crb.vector_length", "crb.scratch0", "crb.scratch1"}) {
      g.params.push_back(hidden);
      g.param_types.push_back(TypeRef::Of(Scalar::kI64));
    }
  }

  // A max/min/product written as atomics into a one-element view runs as a
  // Kokkos reduction on the host spaces (kernel_compiler_reducers.cpp); on a
  // GPU the view's element is device memory, so the atomics stay.
  cell_ = CellReduction{};
  if (req_.cell_reductions && req_.kind == DispatchKind::kFor && !req_.team && !req_.mdrange && req_.functor_class.empty() &&
      req_.space != "Cuda")
    FindCellReduction();
  if (!req_.reducer.empty() && (req_.kind != DispatchKind::kReduce || req_.team || req_.mdrange))
    throw ArgumentError("workunit '" + req_.workunit + "': a reducer takes a parallel_reduce over a RangePolicy");
  // A reducer's initial value and whether there is one come after the
  // workunit's arguments, as the team's shape does.
  size_t initial_slot = g.params.size();
  if (!req_.reducer.empty()) {
    g.params.push_back("crb.initial");
    g.param_types.push_back(TypeRef::Of(acc));
    g.params.push_back("crb.has_initial");
    g.param_types.push_back(TypeRef::Of(Scalar::kI64));
  }

  std::set<std::string> calls;
  calls_ = &calls;
  in_function_ = false;
  std::string body;
  Block(workunit_.ChildByField("body"), 2, body);
  calls_ = nullptr;
  // Only the @pk.functions the workunit can reach go into the functor, so the
  // cache key changes exactly when reachable code changes (all were validated).
  std::set<std::string> reach;
  std::vector<std::string> todo(calls.begin(), calls.end());
  while (!todo.empty()) {
    std::string f = todo.back();
    todo.pop_back();
    if (!reach.insert(f).second) continue;
    for (const auto& c : functions_[f].calls) todo.push_back(c);
  }

  std::string fname = "CrbFunctor_" + req_.workunit;
  std::string acc_cpp = ScalarCpp(acc);
  std::string sig = req_.team ? "const CrbTeam& " + Mangle(index_name) : std::string("const ") + ScalarCpp(index_scalar) + " " + Mangle(index_name);
  // The accumulators Kokkos passes are references into its reduction
  // buffer: stores through them may alias the views' elements as far as the
  // C++ compiler knows, so `acc += e` in an inner loop would be a load and a
  // store per iteration, with every view element read again after it.
  // operator() copies them into locals, runs the body (crb_body) on those and
  // stores them back once; nothing else reads them during the call.
  std::string call_indices = Mangle(index_name);
  for (const auto& [name, scalar] : md_indices) {
    sig += std::string(", const ") + ScalarCpp(scalar) + " " + Mangle(name);
    call_indices += ", " + Mangle(name);
  }
  std::string outer_sig = sig, copy_in, call_args = call_indices, copy_out;
  auto local_accumulator = [&](const std::string& cpp, const std::string& name) {
    sig += ", " + cpp + "& " + name;
    outer_sig += ", " + cpp + "& crb_ref_" + name;
    copy_in += "    " + cpp + " crb_local_" + name + " = crb_ref_" + name + ";\n";
    call_args += ", crb_local_" + name;
    copy_out += "    crb_ref_" + name + " = crb_local_" + name + ";\n";
  };
  if (req_.kind != DispatchKind::kFor) local_accumulator(acc_cpp, Mangle(acc_name));
  if (!cell_.op.empty()) local_accumulator(ScalarCpp(cell_.scalar), "crb_cell_acc");
  if (req_.kind == DispatchKind::kScan) {
    sig += ", const bool " + Mangle(flag_name);
    outer_sig += ", const bool " + Mangle(flag_name);
    call_args += ", " + Mangle(flag_name);
  }

  // The prelude (headers, the ABI, helpers) and the unit (the functor and
  // its entry point) are kept apart too, so a module of several workunits
  // (build_cache.h, BuildModule) pastes one prelude and every unit.
  std::ostringstream pre, o;
  pre << "#include <Kokkos_Core.hpp>\n#include <cmath>\n#include <cstdio>\n#include <cstdint>\n#include <exception>\n"
      << (cell_.op.empty() && req_.reducer.empty() ? "" : "#include <limits>\n")
      << "#include <stdexcept>\n#include <string>\n"
      << kKernelAbiText << "\n" << kIntegerPower << kWrapIndex << kEscapeResult
      // Only where used: every other kernel's source, and so its cache key, stays as it was.
      << (cell_.op.empty() && req_.reducer.empty() ? "" : kReducers);
  o << "namespace {\nusing CrbSpace = Kokkos::" << req_.space << ";\nusing CrbMemSpace = CrbSpace::memory_space;\n";
  if (req_.team) o << "using CrbTeam = Kokkos::TeamPolicy<CrbSpace>::member_type;\n";
  if (int_power_) o << kIntegerPowerInt;
  o << classes << "struct " << fname << " {\n" << members;
  for (const auto& f : reach) o << functions_[f].code;
  o << "#line " << g.def_line << " \"" << QuoteForLine(req_.path) << "\"\n"
    << "  KOKKOS_" << (copy_in.empty() ? "INLINE_FUNCTION void operator()(" : "FORCEINLINE_FUNCTION void crb_body(")
    << sig << ") const {\n" << copies << body << "  }\n";
  if (!copy_in.empty())
    o << "  KOKKOS_INLINE_FUNCTION void operator()(" << outer_sig << ") const {\n"
      << copy_in << "    crb_body(" << call_args << ");\n" << copy_out << "  }\n";
  o << "};\n}  // namespace\n\n"
    << "extern \"C\" int crb_run(const CrbArg* crb_args, int64_t crb_begin, int64_t crb_end, CrbResult* crb_result,\n"
    << "                         char* crb_err, size_t crb_errlen) {\n"
    << "  try {\n"
    << "    (void)crb_args; (void)crb_result;\n"
    << "    " << fname << " crb_f{\n" << ctor << "    };\n";
  if (req_.team) {
    // League size is crb_end; the team's shape and scratch sizes follow the
    // workunit's arguments.
    auto hidden = [&](int k) { return "crb_args[" + std::to_string(team_slot + k) + "].i"; };
    const char* tag = req_.kind == DispatchKind::kFor ? "Kokkos::ParallelForTag()" : "Kokkos::ParallelReduceTag()";
    // Kokkos aborts the process on a team size or vector length the space
    // cannot run, so both are checked against an AUTO policy first.
    o << "    const int crb_league = static_cast<int>(crb_end - crb_begin);\n"
      << "    const int crb_team_size = static_cast<int>(" << hidden(0) << ");\n"
      << "    const int crb_vector = static_cast<int>(" << hidden(1) << ");\n"
      << "    const int crb_vector_max = Kokkos::TeamPolicy<CrbSpace>::vector_length_max();\n"
      << "    if (crb_vector > crb_vector_max)\n"
      << "      throw std::runtime_error(\"vector length \" + std::to_string(crb_vector) + \" exceeds this space's maximum \" + std::to_string(crb_vector_max));\n"
      << "    Kokkos::TeamPolicy<CrbSpace> crb_policy(crb_league, Kokkos::AUTO, crb_vector);\n"
      << "    if (" << hidden(2) << " > 0) crb_policy = crb_policy.set_scratch_size(0, Kokkos::PerTeam(" << hidden(2) << "));\n"
      << "    if (" << hidden(3) << " > 0) crb_policy = crb_policy.set_scratch_size(1, Kokkos::PerTeam(" << hidden(3) << "));\n"
      << "    if (crb_team_size > 0) {\n"
      << "      const int crb_max = crb_policy.team_size_max(crb_f, " << tag << ");\n"
      << "      if (crb_team_size > crb_max)\n"
      << "        throw std::runtime_error(\"team size \" + std::to_string(crb_team_size) + \" exceeds this space's maximum \" + std::to_string(crb_max) + \" (pk.AUTO picks one)\");\n"
      << "      crb_policy = Kokkos::TeamPolicy<CrbSpace>(crb_league, crb_team_size, crb_vector);\n"
      << "      if (" << hidden(2) << " > 0) crb_policy = crb_policy.set_scratch_size(0, Kokkos::PerTeam(" << hidden(2) << "));\n"
      << "      if (" << hidden(3) << " > 0) crb_policy = crb_policy.set_scratch_size(1, Kokkos::PerTeam(" << hidden(3) << "));\n"
      << "    }\n";
  } else if (req_.mdrange) {
    // Bounds and tiles follow the workunit's arguments; a tile of 0 lets Kokkos pick.
    auto hidden = [&](int d, int k) { return "crb_args[" + std::to_string(md_slot + 3 * d + k) + "].i"; };
    std::string lo, hi, tile;
    for (int d = 0; d < req_.mdrange; ++d) {
      lo += (d ? ", " : "") + hidden(d, 0);
      hi += (d ? ", " : "") + hidden(d, 1);
      tile += (d ? ", " : "") + hidden(d, 2);
    }
    o << "    using CrbMD = Kokkos::MDRangePolicy<CrbSpace, Kokkos::Rank<" << req_.mdrange << ">>;\n"
      << "    CrbMD crb_policy(CrbMD::point_type{{" << lo << "}}, CrbMD::point_type{{" << hi << "}}, CrbMD::tile_type{{"
      << tile << "}});\n";
  } else {
    // An inner loop whose trip count changes with the iteration (triangular,
    // CSR rows) leaves threads of a static split idle: schedule dynamically.
    // Only where the result does not depend on which thread ran which
    // iteration: a floating-point sum or product would round differently
    // from run to run (the translator already folds triangular nests).
    bool order_free = req_.kind == DispatchKind::kFor
                          ? cell_.op != "prod" || !IsFloat(cell_.scalar)
                          : req_.kind == DispatchKind::kReduce &&
                                (!IsFloat(acc) || req_.reducer == "max" || req_.reducer == "min");
    bool dynamic = req_.kind != DispatchKind::kScan &&
                   (req_.schedule == "dynamic" ||
                    (req_.schedule != "static" && order_free && IrregularInnerLoops(index_name)));
    o << "    Kokkos::RangePolicy<CrbSpace" << (dynamic ? ", Kokkos::Schedule<Kokkos::Dynamic>" : "")
      << "> crb_policy(crb_begin, crb_end);\n";
  }
  std::string label = "\"" + req_.workunit + "\"";
  if (!cell_.op.empty()) {
    o << ReducerDispatch(label, acc, initial_slot);
  } else if (req_.kind == DispatchKind::kFor) {
    o << "    Kokkos::parallel_for(" << label << ", crb_policy, crb_f);\n";
  } else if (!req_.reducer.empty()) {
    o << ReducerDispatch(label, acc, initial_slot);
  } else {
    o << "    " << acc_cpp << " crb_total = 0;\n    crb_escape(crb_total);\n";
    if (req_.kind == DispatchKind::kReduce)
      o << "    Kokkos::parallel_reduce(" << label << ", crb_policy, crb_f, crb_total);\n";
    else
      o << "    Kokkos::parallel_scan(" << label << ", crb_policy, crb_f, crb_total);\n";
    o << (IsFloat(acc) ? "    crb_result->d = static_cast<double>(crb_total);\n"
                       : "    crb_result->i = static_cast<int64_t>(crb_total);\n");
  }
  o << "    CrbSpace().fence();\n    return 0;\n"
    << "  } catch (const std::exception& e) {\n    std::snprintf(crb_err, crb_errlen, \"%s\", e.what());\n  } catch (...) {\n"
    << "    std::snprintf(crb_err, crb_errlen, \"unknown C++ exception\");\n  }\n  return 1;\n}\n";
  g.prelude = pre.str();
  g.unit = o.str();
  g.cpp = "// Generated by pykokkos_rt from " + req_.path + ", workunit '" + req_.workunit + "'.\n" + g.prelude + g.unit;
  return g;
}

}  // namespace front

using front::Compiler;
using front::Info;
using front::kScalars;
using caramba::Node;
using caramba::Tree;

// ------------------------------------------------------------------- public

const char* ScalarName(Scalar s) { auto* i = Info(s); return i ? i->name : "none"; }
const char* ScalarCpp(Scalar s) { auto* i = Info(s); return i ? i->cpp : "void"; }
Scalar ScalarFromName(const std::string& name) {
  for (const auto& e : kScalars)
    if (name == e.name) return e.s;
  return Scalar::kNone;
}
bool IsFloat(Scalar s) { return s == Scalar::kF32 || s == Scalar::kF64; }
bool IsInteger(Scalar s) { return s != Scalar::kBool && s != Scalar::kNone && !IsFloat(s); }

std::string TypeRef::Signature() const {
  switch (kind) {
    case Kind::kScalar: return ScalarName(scalar);
    case Kind::kView: return std::string("view:") + ScalarName(scalar) + ":" + std::to_string(rank) + ":" + layout + (atomic ? ":A" : "");
    case Kind::kAcc: return std::string("acc:") + ScalarName(scalar);
    default: return "unknown";
  }
}

TypeRef TypeRef::Parse(const std::string& sig) {
  if (sig.rfind("view:", 0) == 0) {
    auto a = sig.find(':', 5);
    if (a == std::string::npos) return {};
    auto b = sig.find(':', a + 1);
    if (b == std::string::npos) return {};
    Scalar s = ScalarFromName(sig.substr(5, a - 5));
    int rank = std::atoi(sig.substr(a + 1, b - a - 1).c_str());
    std::string rest = sig.substr(b + 1);
    bool atomic = rest.size() > 2 && rest.compare(rest.size() - 2, 2, ":A") == 0;  // pk.Trait.Atomic
    if (atomic) rest.resize(rest.size() - 2);
    char layout = rest == "L" ? 'L' : 'R';
    if (s == Scalar::kNone || rank < 1 || rank > 7) return {};
    TypeRef t = View(s, rank, layout);
    t.atomic = atomic;
    return t;
  }
  Scalar s = ScalarFromName(sig);
  if (s == Scalar::kNone) return {};
  return Of(s);
}

std::string TypeRef::Describe() const {
  const char* np = Info(scalar) ? Info(scalar)->numpy : "?";
  switch (kind) {
    case Kind::kView: return "View" + std::to_string(rank) + "D[" + np + "]";
    case Kind::kAcc: return std::string("Acc[") + np + "]";
    case Kind::kList: return std::string("List[") + np + "]";
    case Kind::kScalar: return np;
    case Kind::kClass: return classtype;
    default: return "unknown";
  }
}

DialectError::DialectError(const std::string& p, uint32_t l, uint32_t c, const std::string& what, const std::string& h)
    : std::runtime_error(p + ":" + std::to_string(l) + ":" + std::to_string(c) + ": not in the PyKokkos dialect: " + what +
                         (h.empty() ? "" : "\n  hint: " + h)),
      path(p), construct(what), hint(h), line(l), column(c) {}

GeneratedKernel GenerateKernel(const KernelRequest& request) {
  Tree tree = Tree::Parse(request.source);
  auto problems = caramba::FindSyntaxProblems(tree);
  if (!problems.empty()) {
    Node at = tree.Root().DescendantForByteRange(problems[0].start_byte, problems[0].end_byte);
    auto p = at.StartPoint();
    throw DialectError(request.path, p.row + 1, p.column + 1, "syntax error: " + problems[0].message, "fix the Python syntax");
  }
  return GenerateKernel(request, tree);
}

GeneratedKernel GenerateKernel(const KernelRequest& request, const Tree& tree) {
  Compiler c(request, tree);
  return c.Run();
}
}  // namespace pykokkos_rt
