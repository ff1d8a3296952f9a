// kernel_compiler_teams.cpp — hierarchical parallelism inside a TeamPolicy
// workunit (pykokkos-api.md §1.7): the team member's methods, nested
// parallel_for / parallel_reduce over TeamThreadRange and ThreadVectorRange,
// pk.single, and team scratch views. Closures are nested `def`s, compiled as
// C++ lambdas capturing by reference where the dispatch names them, as
// upstream translates them.
#include "kernel_compiler_internal.h"

namespace pykokkos_rt::front {

namespace {
bool IsPk(const Node& n, const std::string& alias, const char* what) {
  if (n.Type() != "call") return false;
  Node fn = n.ChildByField("function");
  return fn.Type() == "attribute" && fn.ChildByField("object").Type() == "identifier" &&
         fn.ChildByField("object").Text() == alias && fn.ChildByField("attribute").Text() == what;
}
}  // namespace

Expr Compiler::TeamMemberCall(const Node& n, const Sym& team, const std::string& method, const std::vector<Node>& args) {
  auto none = [&] {
    if (!args.empty()) Fail(n, "`" + method + "` with arguments", "`" + method + "()` takes none");
  };
  if (method == "league_rank" || method == "team_rank" || method == "team_size" || method == "league_size") {
    none();
    return Expr{"static_cast<int32_t>(" + team.cpp + "." + method + "())", TypeRef::Of(Scalar::kI32)};
  }
  if (method == "team_barrier") {
    none();
    Expr r{team.cpp + ".team_barrier()", {}};
    r.is_void = true;
    return r;
  }
  if (method == "team_scratch" || method == "thread_scratch")
    Fail(n, "`" + method + "` outside a scratch view", "pass it to a scratch view: `s: pk.ScratchView1D[pk.double] = pk.ScratchView1D(team.team_scratch(0), n)`");
  Fail(n, "team member method `" + method + "`", "team members offer league_rank(), team_rank(), team_size(), league_size(), team_barrier() and team_scratch(level)");
}

std::string Compiler::Closure(const Node& at, const Node& closure, const std::vector<std::string>& leading_cpp,
                              const std::vector<TypeRef>& leading_types, int indent) {
  std::vector<Node> params = closure.ChildByField("parameters").NamedChildren();
  std::string name(closure.ChildByField("name").Text());
  if (params.size() != leading_cpp.size())
    Fail(at, "closure '" + name + "' with " + std::to_string(params.size()) + " parameter(s)",
         leading_cpp.empty() ? "pk.single's closure takes no parameters"
                             : leading_cpp.size() == 1 ? "a nested parallel_for's closure takes the index: def " + name + "(j: int)"
                                                       : "a nested parallel_reduce's closure takes the index and the accumulator: def " + name + "(j: int, acc: pk.Acc[pk.double])");
  std::string sig;
  Push();
  for (size_t k = 0; k < params.size(); ++k) {
    const Node& p = params[k];
    std::string pname = p.Type() == "typed_parameter" ? std::string(p.NamedChild(0).Text()) : std::string(p.Text());
    if (p.Type() != "identifier" && p.Type() != "typed_parameter")
      Fail(p, "parameter '" + std::string(p.Text()) + "'", "closure parameters are plain names, optionally annotated");
    Declare(p, pname, leading_types[k]);
    sig += (k ? ", " : "") + leading_cpp[k] + " " + Mangle(pname);
  }
  std::string body;
  bool was = in_function_;
  in_function_ = false;
  Block(closure.ChildByField("body"), indent + 1, body);
  in_function_ = was;
  Pop();
  std::string pad(indent * 2, ' ');
  return "[&](" + sig + ") {\n" + body + pad + "}";
}

Expr Compiler::TeamCall(const Node& n, const std::string& what, const std::vector<Node>& args) {
  if (!req_.team)
    Fail(n, "nested " + alias_ + "." + what, "nested dispatches and pk.single only run inside a TeamPolicy workunit (first parameter a " + alias_ + ".TeamMember)");
  if (args.size() != 2)
    Fail(n, alias_ + "." + what + " with " + std::to_string(args.size()) + " arguments", "inside a team workunit: " + alias_ + "." + what + "(range, closure)");
  const Sym* closure = args[1].Type() == "identifier" ? Lookup(args[1].Text()) : nullptr;
  if (!closure || closure->type.kind != TypeRef::Kind::kClosure)
    Fail(args[1], "closure '" + std::string(args[1].Text()) + "'", "pass the name of a nested `def` defined earlier in the workunit");
  auto team_of = [&](const Node& range_call, size_t min_args, size_t max_args) {
    auto ra = Args(range_call);
    if (ra.size() < min_args || ra.size() > max_args)
      Fail(range_call, "`" + std::string(range_call.Text()) + "`", "give the team member and the range: (team, n) or (team, begin, end)");
    const Sym* t = ra[0].Type() == "identifier" ? Lookup(ra[0].Text()) : nullptr;
    if (!t || t->type.kind != TypeRef::Kind::kTeam)
      Fail(ra[0], "team member '" + std::string(ra[0].Text()) + "'", "the first argument is the workunit's team member");
    std::string code = t->cpp;
    for (size_t k = 1; k < ra.size(); ++k) code += ", " + Index(ra[k]).code;
    return code;
  };
  int indent = 2;
  if (what == "single") {
    std::string which;
    if (IsPk(args[0], alias_, "PerTeam")) which = "Kokkos::PerTeam(";
    else if (IsPk(args[0], alias_, "PerThread")) which = "Kokkos::PerThread(";
    else Fail(args[0], "`" + std::string(args[0].Text()) + "`", "pk.single takes pk.PerTeam(team) or pk.PerThread(team)");
    std::string team = team_of(args[0], 1, 1);
    Expr r{"Kokkos::single(" + which + team + "), " + Closure(n, closure->def, {}, {}, indent) + ")", {}};
    r.is_void = true;
    return r;
  }
  std::string range;
  if (IsPk(args[0], alias_, "TeamThreadRange")) range = "Kokkos::TeamThreadRange(";
  else if (IsPk(args[0], alias_, "ThreadVectorRange")) range = "Kokkos::ThreadVectorRange(";
  else if (IsPk(args[0], alias_, "TeamVectorRange")) range = "Kokkos::TeamVectorRange(";
  else
    Fail(args[0], "nested policy `" + std::string(args[0].Text()) + "`", "nested dispatches take " + alias_ + ".TeamThreadRange(team, n), " + alias_ + ".ThreadVectorRange(team, n) or " + alias_ + ".TeamVectorRange(team, n)");
  range += team_of(args[0], 2, 3) + ")";
  if (what == "parallel_scan") Fail(n, "nested parallel_scan", "nested scans are not supported: scan with a RangePolicy workunit");
  if (what == "parallel_for") {
    Expr r{"Kokkos::parallel_for(" + range + ", " + Closure(n, closure->def, {"const int32_t"}, {TypeRef::Of(Scalar::kI32)}, indent) + ")", {}};
    r.is_void = true;
    return r;
  }
  // parallel_reduce: a value, the sum over the range (the accumulator's type
  // is its annotation, double when it has none, as for workunits).
  Scalar acc = Scalar::kF64;
  std::vector<Node> cp = closure->def.ChildByField("parameters").NamedChildren();
  if (cp.size() == 2 && cp[1].Type() == "typed_parameter") {
    TypeRef t = Annotation(cp[1].ChildByField("type"), false);
    if (t.kind != TypeRef::Kind::kAcc) Fail(cp[1], "accumulator annotated '" + std::string(cp[1].ChildByField("type").Text()) + "'", "annotate it " + alias_ + ".Acc[" + alias_ + ".double]");
    acc = t.scalar;
  }
  TypeRef acc_type = TypeRef::Of(acc);
  acc_type.kind = TypeRef::Kind::kAcc;
  std::string cpp = ScalarCpp(acc);
  std::string pad(indent * 2, ' ');
  std::string lambda = Closure(n, closure->def, {"const int32_t", cpp + "&"}, {TypeRef::Of(Scalar::kI32), acc_type}, indent + 1);
  return Expr{"[&]() {\n" + pad + "  " + cpp + " crb_sum = 0;\n" + pad + "  Kokkos::parallel_reduce(" + range + ", " + lambda +
                  ", crb_sum);\n" + pad + "  return crb_sum;\n" + pad + "}()",
              TypeRef::Of(acc)};
}

void Compiler::ScratchDeclaration(const Node& a, const std::string& name, TypeRef t, int indent, std::string& out) {
  Node right = a.ChildByField("right");
  std::string ctor = "ScratchView" + std::to_string(t.rank) + "D";
  if (!req_.team || !IsPk(right, alias_, ctor.c_str()))
    Fail(right, "scratch view initialiser '" + std::string(right.Text()) + "'",
         "in a TeamPolicy workunit: `s: " + alias_ + "." + ctor + "[T] = " + alias_ + "." + ctor + "(team.team_scratch(0), n...)`");
  auto args = Args(right);
  if ((int)args.size() != t.rank + 1) Fail(right, "`" + std::string(right.Text()) + "`", "give the scratch memory and one extent per dimension");
  Node scratch = args[0];
  bool ok = scratch.Type() == "call" && scratch.ChildByField("function").Type() == "attribute";
  std::string method = ok ? std::string(scratch.ChildByField("function").ChildByField("attribute").Text()) : "";
  const Sym* team = ok ? SymbolOf(scratch.ChildByField("function").ChildByField("object")) : nullptr;
  if (!team || team->type.kind != TypeRef::Kind::kTeam || (method != "team_scratch" && method != "thread_scratch"))
    Fail(scratch, "scratch memory '" + std::string(scratch.Text()) + "'", "use team.team_scratch(level) or team.thread_scratch(level)");
  auto level = Args(scratch);
  if (level.size() != 1) Fail(scratch, "`" + method + "`", "give the scratch level: 0 or 1");
  std::string code = team->cpp + "." + method + "(" + Index(level[0]).code + ")";
  for (int k = 1; k <= t.rank; ++k) code += ", " + Index(args[k]).code;
  std::string stars(t.rank, '*');
  std::string type = std::string("Kokkos::View<") + ScalarCpp(t.scalar) + stars +
                     ", CrbSpace::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>";
  Declare(a, name, t);
  out += Where(a) + std::string(indent * 2, ' ') + type + " " + Mangle(name) + "(" + code + ");\n";
}

}  // namespace pykokkos_rt::front
