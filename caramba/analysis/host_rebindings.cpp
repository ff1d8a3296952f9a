// host_rebindings.cpp — see host_rebindings.h.
#include "caramba/analysis/host_rebindings.h"

#include <algorithm>

#include "caramba/analysis/walk.h"

namespace caramba {

namespace {

// The array a NumPy allocation makes (`np.empty((n, m), dtype=np.float32)`,
// `np.zeros(n)`, `np.empty_like(u)`, `np.empty(u.shape)`); rank 0 when the
// call does not say.
Type AllocatedType(const Node& call, const TypeTable& types, const ImportTable& imports) {
  std::string f = imports.Resolve(call.ChildByField("function"));
  std::vector<Node> positional;
  Node dtype;
  for (const Node& a : call.ChildByField("arguments").NamedChildren()) {
    if (a.Type() == "keyword_argument") {
      if (a.ChildByField("name").Text() == "dtype") dtype = a.ChildByField("value");
    } else {
      positional.push_back(a);
    }
  }
  if (positional.empty()) return {};
  Type out;
  Node shape = positional[0];
  auto name_type = [&](const Node& n) {
    auto it = n.Type() == "identifier" ? types.find(std::string(n.Text())) : types.end();
    return it == types.end() ? Type{} : it->second;
  };
  if (f.size() > 5 && f.compare(f.size() - 5, 5, "_like") == 0) {
    out = name_type(shape);
  } else if (shape.Type() == "tuple") {
    out = Type{Scalar::kFloat64, static_cast<int>(shape.NamedChildren().size()), 'C'};
  } else if (shape.Type() == "attribute" && shape.ChildByField("attribute").Text() == "shape") {
    out = Type{Scalar::kFloat64, name_type(shape.ChildByField("object")).rank, 'C'};
  } else {
    out = Type{Scalar::kFloat64, 1, 'C'};
  }
  if (dtype) {
    std::string q = imports.Resolve(dtype);
    std::string_view last = q;
    if (auto dot = last.rfind('.'); dot != std::string_view::npos) last.remove_prefix(dot + 1);
    auto sc = ScalarFromName(last);
    if (!sc) return {};
    out.scalar = *sc;
  }
  return out;
}

}  // namespace

std::optional<std::vector<Node>> HostRebindings(const KernelPlan& plan, const Node& def, const ImportTable& imports) {
  std::vector<Node> out;
  bool ok = true;
  auto same_array = [&](const Node& target, const Node& value) {
    auto t = plan.types.find(std::string(target.Text()));
    if (t == plan.types.end() || t->second.rank == 0) return false;
    // A name, a copy of one (`u = u_new.copy()`, `np.copy(u_new)`) or a new
    // array (what the NumPy lowering makes of a copy bound at every step):
    // the host allocates it at every step, as Numba does.
    Node source = value;
    if (value.Type() == "call" && IsNumpyAllocation(imports.Resolve(value.ChildByField("function")))) {
      Type v = AllocatedType(value, plan.types, imports);
      return v.rank == t->second.rank && v.scalar == t->second.scalar;
    }
    if (value.Type() == "call") {
      Node f = value.ChildByField("function");
      auto args = value.ChildByField("arguments").NamedChildren();
      if (f.Type() == "attribute" && f.ChildByField("attribute").Text() == "copy" && args.empty())
        source = f.ChildByField("object");
      else if (imports.Resolve(f) == "numpy.copy" && args.size() == 1)
        source = args[0];
    }
    if (source.Type() != "identifier") return false;
    Type v = TypeOfExpr(source, plan.types, imports);
    return v.rank == t->second.rank && v.scalar == t->second.scalar;
  };
  // A scalar parameter given a value of its own type (`k = k - 1`, `dt *=
  // 0.5`): the host computes it in Python, exactly as Numba does for int64
  // and float64 (float32 would be computed in double), and each phase takes
  // the value it holds at the dispatch, typed as the parameter.
  auto same_scalar = [&](const Node& target, const Node& value, std::string_view op) {
    auto t = plan.types.find(std::string(target.Text()));
    if (t == plan.types.end() || t->second.rank != 0) return false;
    Scalar s = t->second.scalar;
    if (s != Scalar::kInt64 && s != Scalar::kFloat64) return false;
    Type v = TypeOfExpr(value, plan.types, imports);
    if (v.rank != 0 || v.scalar == Scalar::kUnknown) return false;
    if (op.empty()) return v.scalar == s;
    if (s == Scalar::kInt64 && (op == "/=" || v.scalar != Scalar::kInt64)) return false;
    return Promote(s, v.scalar) == s;
  };
  auto is_param = [&](const Node& id) {
    return std::find(plan.params.begin(), plan.params.end(), id.Text()) != plan.params.end();
  };
  Walk(def.ChildByField("body"), [&](const Node& n) {
    if (!ok) return false;
    if (n.Type() == "function_definition" || n.Type() == "lambda") return false;
    if (n.Type() != "assignment" && n.Type() != "augmented_assignment") return true;
    Node l = n.ChildByField("left"), r = n.ChildByField("right");
    std::vector<std::pair<Node, Node>> pairs;
    if (l.Type() == "identifier" && r) {
      pairs.emplace_back(l, r);
    } else if ((l.Type() == "pattern_list" || l.Type() == "tuple_pattern") && r &&
               (r.Type() == "expression_list" || r.Type() == "tuple")) {
      auto ls = l.NamedChildren(), rs = r.NamedChildren();
      if (ls.size() == rs.size())
        for (size_t i = 0; i < ls.size(); ++i) pairs.emplace_back(ls[i], rs[i]);
    }
    bool rebinds = false;
    if (n.Type() == "assignment") {
      for (const auto& [t, v] : pairs) {
        if (t.Type() != "identifier") continue;
        if (same_array(t, v) || (is_param(t) && same_scalar(t, v, ""))) rebinds = true;
        else if (is_param(t)) ok = false;
      }
    } else if (l.Type() == "identifier" && is_param(l)) {
      // An augmented assignment to an array parameter updates it in place
      // (not a rebinding); to a scalar parameter it is one.
      auto t = plan.types.find(std::string(l.Text()));
      bool array = t != plan.types.end() && t->second.rank > 0;
      if (!array && same_scalar(l, r, n.ChildByField("operator").Text())) rebinds = true;
      else if (!array) ok = false;
    }
    if (rebinds) out.push_back(n);
    return true;
  });
  if (!ok) return std::nullopt;
  return out;
}

bool SwapsArrays(const Node& loop, const TypeTable& types) {
  // The names of one side: a name, or a tuple of names.
  auto names = [](const Node& side, std::vector<std::string>& out) {
    if (side.Type() == "identifier") {
      out.emplace_back(side.Text());
      return true;
    }
    std::string_view t = side.Type();
    if (t != "pattern_list" && t != "tuple_pattern" && t != "expression_list" && t != "tuple") return false;
    for (const Node& c : side.NamedChildren()) {
      if (c.Type() != "identifier") return false;
      out.emplace_back(c.Text());
    }
    return true;
  };
  for (const Node& st : Statements(loop.ChildByField("body"))) {
    Node a = st.Type() == "expression_statement" ? st.NamedChild(0) : Node();
    if (!a || a.Type() != "assignment" || !a.ChildByField("right")) continue;
    std::vector<std::string> left, right;
    if (!names(a.ChildByField("left"), left) || !names(a.ChildByField("right"), right) || left.size() != right.size())
      continue;
    bool arrays = true;
    for (const auto* side : {&left, &right})
      for (const std::string& n : *side) {
        auto t = types.find(n);
        arrays = arrays && t != types.end() && t->second.rank > 0;
      }
    if (arrays) return true;
  }
  return false;
}

}  // namespace caramba
