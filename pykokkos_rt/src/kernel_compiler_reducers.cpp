// kernel_compiler_reducers.cpp — max, min and product reductions as Kokkos
// reductions, and the schedule of the parallel range.
//
// Upstream PyKokkos only sums (pykokkos-dialect.md §2), so portable code
// writes a max, min or product reduction as an atomic into a one-element view
// (`pk.atomic_fetch_max(m, [0], x)`; the translator does). Every iteration
// then updates one cache line, which serialises the threads. A workunit whose
// only use of such a view is those atomics is compiled as a Kokkos reduction
// instead: each thread keeps its own partial result, and the view's element
// gets the combined result once. The code stays upstream PyKokkos; only the
// way this runtime runs it changes. `pk.Max`/`pk.Min`/`pk.Prod` reducers of
// parallel_reduce (this runtime's extension) use the same reducer.
#include "kernel_compiler_internal.h"

#include <sstream>

namespace pykokkos_rt::front {

using caramba::Walk;

const char* const kReducers =
    "template <class T, int Op> struct CrbReducer {  // Op: 0 max, 1 min, 2 product\n"
    "  using reducer = CrbReducer<T, Op>;\n"
    "  using value_type = T;\n"
    "  using result_view_type = Kokkos::View<T, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;\n"
    "  result_view_type value;\n"
    "  T start;\n"
    "  CrbReducer(T& v, T s) : value(&v), start(s) {}\n"
    "  // Kokkos' atomic_fetch_max/min keep the old value when it is greater\n"
    "  // (smaller), so an update and a join do exactly what the atomic did.\n"
    "  KOKKOS_INLINE_FUNCTION static void apply(T& d, const T s) {\n"
    "    if (Op == 0) d = d > s ? d : s;\n"
    "    else if (Op == 1) d = d < s ? d : s;\n"
    "    else d = d * s;\n"
    "  }\n"
    "  KOKKOS_INLINE_FUNCTION void join(T& d, const T& s) const { apply(d, s); }\n"
    "  KOKKOS_INLINE_FUNCTION void join(volatile T& d, const volatile T& s) const { T t = d; apply(t, s); d = t; }\n"
    "  KOKKOS_INLINE_FUNCTION void init(T& v) const { v = start; }\n"
    "  KOKKOS_INLINE_FUNCTION T& reference() const { return *value.data(); }\n"
    "  KOKKOS_INLINE_FUNCTION result_view_type view() const { return value; }\n"
    "  KOKKOS_INLINE_FUNCTION bool references_scalar() const { return true; }\n"
    "};\n"
    "// The identity of a max (min): -inf (inf) for floating point, where Kokkos'\n"
    "// own reduction_identity is -DBL_MAX; the lowest (highest) value for integers.\n"
    "template <class T, int Op> T crb_identity() {\n"
    "  using L = std::numeric_limits<T>;\n"
    "  if (Op == 2) return T(1);\n"
    "  if (L::has_infinity) return Op == 0 ? -L::infinity() : L::infinity();\n"
    "  return Op == 0 ? L::lowest() : L::max();\n"
    "}\n";

namespace {

int OpCode(const std::string& op) { return op == "max" ? 0 : op == "min" ? 1 : 2; }

size_t Mentions(const Node& root, std::string_view name) {
  size_t n = 0;
  Walk(root, [&](const Node& x) {
    if (x.Type() == "identifier" && x.Text() == name) ++n;
    return true;
  });
  return n;
}

bool MentionsAny(const Node& root, const std::set<std::string>& names) {
  bool found = false;
  Walk(root, [&](const Node& x) {
    if (x.Type() == "identifier" && names.count(std::string(x.Text()))) found = true;
    return !found;
  });
  return found;
}

}  // namespace

void Compiler::FindCellReduction() {
  cell_ = CellReduction{};
  struct Candidate {
    std::string op;
    bool mixed = false;
    std::set<uint32_t> statements;
  };
  std::map<std::string, Candidate> found;
  Node body = workunit_.ChildByField("body");
  Walk(body, [&](const Node& s) {
    if (s.Type() != "expression_statement" || s.NamedChildCount() != 1) return true;
    Node c = s.NamedChild(0);
    if (c.Type() != "call") return true;
    Node fn = c.ChildByField("function");
    if (fn.Type() != "attribute" || !IsAlias(fn.ChildByField("object"))) return true;
    std::string_view last = fn.ChildByField("attribute").Text();
    std::string op = last == "atomic_fetch_max" ? "max" : last == "atomic_fetch_min" ? "min" : last == "atomic_fetch_mul" ? "prod" : "";
    if (op.empty()) return true;
    Node args = c.ChildByField("arguments");
    auto a = args ? args.NamedChildren() : std::vector<Node>{};
    if (a.size() != 3 || a[0].Type() != "identifier" || a[1].Type() != "list" || a[1].NamedChildCount() != 1 ||
        a[1].NamedChild(0).Type() != "integer" || a[1].NamedChild(0).Text() != "0")
      return true;
    Candidate& cand = found[std::string(a[0].Text())];
    if (!cand.op.empty() && cand.op != op) cand.mixed = true;
    cand.op = op;
    cand.statements.insert(s.StartByte());
    return true;
  });
  for (auto& [name, cand] : found) {
    if (cand.mixed) continue;
    const Sym* sym = Lookup(name);
    if (!sym || sym->type.kind != TypeRef::Kind::kView || sym->type.rank != 1) continue;
    // Any other mention (a read, a store, an argument of a @pk.function, the
    // value of the atomic itself) needs the element as the atomics leave it.
    if (Mentions(body, name) != cand.statements.size()) continue;
    cell_.param = name;
    cell_.cpp = sym->cpp;
    cell_.op = cand.op;
    cell_.scalar = sym->type.scalar;
    cell_.statements = std::move(cand.statements);
    return;
  }
}

void Compiler::CellUpdate(const Node& call, int indent, std::string& out) {
  std::string pad(indent * 2, ' ');
  auto a = Args(call);
  Expr v = Value(a[2]);
  std::string t = ScalarCpp(cell_.scalar);
  out += Where(call) + pad + "CrbReducer<" + t + ", " + std::to_string(OpCode(cell_.op)) + ">::apply(crb_cell_acc, static_cast<" + t +
         ">(" + v.code + "));\n";
}

bool Compiler::IrregularInnerLoops(const std::string& index_name) const {
  Node body = workunit_.ChildByField("body");
  // Locals computed from the index (transitively): `i: pk.int64 = tid`, `row = ptr[i]`.
  std::set<std::string> derived{index_name};
  for (bool grew = true; grew;) {
    grew = false;
    Walk(body, [&](const Node& n) {
      if (n.Type() != "assignment" && n.Type() != "augmented_assignment") return true;
      Node l = n.ChildByField("left"), r = n.ChildByField("right");
      if (l.Type() == "identifier" && r && !derived.count(std::string(l.Text())) && MentionsAny(r, derived)) {
        derived.insert(std::string(l.Text()));
        grew = true;
      }
      return true;
    });
  }
  bool irregular = false;
  Walk(body, [&](const Node& n) {
    if (n.Type() == "for_statement" && MentionsAny(n.ChildByField("right"), derived)) irregular = true;
    if (n.Type() == "while_statement" && MentionsAny(n.ChildByField("condition"), derived)) irregular = true;
    return !irregular;
  });
  return irregular;
}

std::string Compiler::ReducerDispatch(const std::string& label, Scalar acc, size_t initial_slot) const {
  std::ostringstream o;
  if (!cell_.op.empty()) {
    std::string t = ScalarCpp(cell_.scalar), red = "CrbReducer<" + t + ", " + std::to_string(OpCode(cell_.op)) + ">";
    // Max and min start every partial at the element's value (they are
    // idempotent); a product starts at 1 and multiplies the element once.
    o << "    // The atomics into '" << cell_.param << "[0]' run as a " << cell_.op << " reduction.\n"
      << "    auto& crb_cell = crb_f." << cell_.cpp << ";\n"
      << "    if (crb_end > crb_begin) {\n"
      << "      if (crb_cell.extent(0) < 1) throw std::runtime_error(\"atomic on index 0 of the empty view '" << cell_.param << "'\");\n"
      << "      " << t << " crb_total;\n      crb_escape(crb_total);\n"
      << "      const " << t << " crb_start = " << (cell_.op == "prod" ? t + "(1)" : "crb_cell(0)") << ";\n"
      << "      Kokkos::parallel_reduce(" << label << ", crb_policy, crb_f, " << red << "(crb_total, crb_start));\n"
      << "      crb_cell(0) = " << (cell_.op == "prod" ? "crb_cell(0) * crb_total" : "crb_total") << ";\n"
      << "    }\n";
    return o.str();
  }
  std::string t = ScalarCpp(acc);
  int op = OpCode(req_.reducer);
  std::string arg = "crb_args[" + std::to_string(initial_slot) + "]";
  std::string given = arg + (IsFloat(acc) ? ".d" : ".i");
  std::string red = "CrbReducer<" + t + ", " + std::to_string(op) + ">";
  o << "    const bool crb_has_initial = crb_args[" << initial_slot + 1 << "].i != 0;\n"
    << "    const " << t << " crb_initial = static_cast<" << t << ">(" << given << ");\n"
    << "    " << t << " crb_total = crb_identity<" << t << ", " << op << ">();\n    crb_escape(crb_total);\n";
  if (op == 2) {
    o << "    if (crb_end > crb_begin)\n"
      << "      Kokkos::parallel_reduce(" << label << ", crb_policy, crb_f, " << red << "(crb_total, crb_total));\n"
      << "    if (crb_has_initial) crb_total = crb_initial * crb_total;\n";
  } else {
    o << "    if (crb_has_initial) crb_total = crb_initial;\n"
      << "    if (crb_end > crb_begin)\n"
      << "      Kokkos::parallel_reduce(" << label << ", crb_policy, crb_f, " << red << "(crb_total, crb_total));\n";
  }
  o << (IsFloat(acc) ? "    crb_result->d = static_cast<double>(crb_total);\n"
                     : "    crb_result->i = static_cast<int64_t>(crb_total);\n");
  return o.str();
}

}  // namespace pykokkos_rt::front
