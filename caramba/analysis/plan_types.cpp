// plan_types.cpp — KernelPlan builder, types: applying the type analysis (type_inference.h), array checks.
// The Builder and the order of its steps: plan_builder.h, kernel_plan.cpp.
#include "caramba/analysis/plan_builder.h"

#include <optional>

namespace caramba {
namespace kernel_plan_detail {

// ---- types ---------------------------------------------------------------
// ---- types (caramba/analysis/type_inference.h) --------------------------------
StaticTyping& Builder::Typing() {
  if (!typing_) {
    TypingScope s;
    s.def = def_;
    s.body = body_;
    s.mod = &mod_;
    s.params = plan_.params;
    s.locals = plan_.locals;
    s.loop_vars = loop_vars_;
    s.helper_calls = helper_calls_;
    s.call_result = [this](const Node& call, const TypeTable& types) { return CallResult(call, types); };
    s.helper_ranks = [this](const std::string& name) { return reg_.ParamRanks(name); };
    typing_ = std::make_unique<StaticTyping>(std::move(s));
  }
  return *typing_;
}

// Parameter types: recorded (eager signature, then profile) when there are
// any, else static inference, which refuses to decide what it has no
// evidence for.
void Builder::InferParamTypes() {
  array_rank_ = Typing().ArrayRanks();
  if (function_args_) {
    ParamTypesForFunction();
    return;
  }
  ParamTyping typed = TypeParameters(TypesKernel(), plan_.params, path_, options_, Typing(), array_rank_);
  for (const TypeRefusal& r : typed.refusals) Refuse(r.id, r.message, def_.ChildByField("name"), r.help);
  for (const auto& [name, t] : typed.types) plan_.types[name] = t;
  recorded_ = std::move(typed.recorded);
  plan_.types_recorded = recorded_.has_value();
  unknown_dtype_ = std::move(typed.unknown_dtype);
  assumed_float_ = std::move(typed.assumed_float);
  no_kind_evidence_ = std::move(typed.no_kind_evidence);
  CheckClosure();
}

// Numba froze what a nested kernel reads from its enclosing function when
// it compiled; a scalar has that value at every call of the def left in the
// kernel's place, which passes it, but an array may change afterwards.
void Builder::CheckClosure() {
  for (const std::string& c : closure_) {
    auto t = plan_.types.find(c);
    if (t != plan_.types.end() && t->second.rank > 0)
      Refuse(DiagId::kNestedKernel,
             "reads the array '" + c + "' of the function it is defined in, which Numba froze when the kernel compiled",
             def_.ChildByField("name"), "pass '" + c + "' to the kernel as a parameter");
  }
}

// A @pk.function's parameters take the call site's types, unless its
// eager signatures say otherwise; with several, only an exact match is
// certain to be the one Numba picks.
void Builder::ParamTypesForFunction() {
  const Signature* sig = k_.signatures.empty() ? nullptr : &k_.signatures[0];
  if (k_.signatures.size() > 1) {
    bool matched = false;
    for (const Signature& s : k_.signatures) {
      bool match = s.args.size() == function_args_->size();
      for (size_t i = 0; match && i < s.args.size(); ++i)
        match = s.args[i].scalar == (*function_args_)[i].scalar && s.args[i].rank == (*function_args_)[i].rank;
      if (match && !matched) sig = &s, matched = true;
    }
    if (!matched)
      Refuse(DiagId::kHelperArgumentType,
             "has several eager signatures and none matches the call's argument types exactly",
             def_.ChildByField("name"));
  }
  for (size_t i = 0; i < plan_.params.size(); ++i) {
    const std::string& p = plan_.params[i];
    if (sig && i < sig->args.size()) plan_.types[p] = sig->args[i];
    else if (!sig && i < function_args_->size()) plan_.types[p] = (*function_args_)[i];
    else plan_.types[p] = Type{Scalar::kFloat64, 0, 'A'};
  }
}

// An array whose elements serve as indices or loop bounds holds integers
// (`out[idx[i]] += 1`, `j = idx[i]; out[j] = ...`, `hist[ids[i] % nb]`).
void Builder::IntegerArraysFromIndexing() {
  for (const auto& a : Typing().IntegerIndexArrays(unknown_dtype_)) {
    plan_.types[a].scalar = Scalar::kInt64;
    unknown_dtype_.erase(a);
  }
}

// Static guesses that would decide the code: an array used where its
// subscripts give an array, and assumed dtypes that change a declaration
// or an operator. Recorded types need no such check.
void Builder::CheckStaticEvidence() {
  if (recorded_ || function_args_) return;
  for (const auto& [name, where] : Typing().DeeperThanIndexed(array_rank_, plan_.types)) {
    Node a = where.Parent();
    if (a && a.Type() == "assignment") deeper_bound_.insert(std::string(a.ChildByField("left").Text()));
    Refuse(DiagId::kNoTypeEvidence,
           "uses '" + std::string(where.Text()) + "' as an array, so '" + name + "' has more than " +
               std::to_string(array_rank_[name]) + " dimension" + (array_rank_[name] == 1 ? "" : "s") +
               ", but nothing says how many",
           where, kRecordTypesHelp);
  }
  std::set<std::string> assumed = unknown_dtype_;
  for (const auto& p : assumed_float_)
    if (!no_kind_evidence_.count(p)) assumed.insert(p);
  for (const auto& a : helper_assumed_arrays_) assumed.erase(a);
  std::vector<std::string> decides = Typing().DtypeDecides(plan_.types, assumed);
  decides.insert(decides.end(), helper_assumed_arrays_.begin(), helper_assumed_arrays_.end());
  if (decides.empty()) return;
  std::string names;
  for (const auto& d : decides) names += (names.empty() ? "'" : ", '") + d + "'";
  Refuse(DiagId::kNoTypeEvidence,
         "the translation depends on the element type of " + names +
             " (integer or floating point), and nothing in the kernel says which it is",
         def_.ChildByField("name"), kRecordTypesHelp);
}

// Locals: the profile's typemap where it has them, static inference for
// the rest.
void Builder::ApplyRecordedLocals() {
  if (!recorded_) return;
  for (const auto& [name, t] : recorded_->locals) {
    if (!plan_.locals.count(name) || loop_vars_.count(name)) continue;
    plan_.types[name] = t;
  }
}

void Builder::InferLocalTypes() {
  LocalFixpoint(plan_.types);
  ApplyRecordedLocals();
  // A helper that cannot be a @pk.function leaves its result unknown: say
  // why (CRB119 at the call) rather than CRB124 on the local.
  FinishCalls();
  // An unknown type is usually the echo of a construct already refused
  // (a list, a call); report it only when it is the sole reason.
  if (!plan_.refusals.empty()) return;
  for (const auto& name : plan_.locals) {
    const Type& t = plan_.types[name];
    if (t.scalar == Scalar::kUnknown || IsComplex(t.scalar)) {
      Node where = FirstAssignment(name);
      Refuse(DiagId::kUnknownType, "cannot infer the type of '" + name + "'", where ? where : def_.ChildByField("name"),
             "add an eager signature, e.g. @njit(\"float64(float64[:])\")");
    }
  }
}

Node Builder::FirstAssignment(const std::string& name) {
  Node found;
  Walk(body_, [&](const Node& n) {
    if (found) return false;
    if (n.Type() == "identifier" && n.Text() == name) found = n;
    return true;
  });
  return found;
}

void Builder::CheckArrays() {
  WalkWithParent(body_, def_, [&](const Node& n, const Node& parent) {
    std::string_view t = n.Type();
    if (t == "subscript" && !(parent.Type() == "subscript" && parent.ChildByField("value") == n)) {  // a chain's outermost link (an index may be an access too)
      int depth = 0;
      Node base = SubscriptBase(n, &depth);
      if (base.Type() == "identifier") {
        Type bt = plan_.types[std::string(base.Text())];
        // An unknown type is the echo of a construct already refused.
        // So is indexing a name bound to a subscript of unknown rank (CRB140).
        bool echo = (bt.rank == 0 && bt.scalar == Scalar::kUnknown && !plan_.refusals.empty()) ||
                    deeper_bound_.count(std::string(base.Text()));
        if (echo) {
        } else if (bt.rank == 0) {
          Refuse(DiagId::kTupleValue, "indexes '" + std::string(base.Text()) + "', which is not an array", n);
        } else if (depth != bt.rank && !(depth < bt.rank && IsSubviewUse(n, parent))) {
          Refuse(DiagId::kPartialIndex,
                 "indexes the " + std::to_string(bt.rank) + "-D array '" + std::string(base.Text()) + "' with " +
                     std::to_string(depth) + " index" + (depth == 1 ? "" : "es"),
                 n, "give one index per dimension");
        }
        const Node& p = parent;
        bool written = (p.Type() == "assignment" || p.Type() == "augmented_assignment") && p.ChildByField("left") == n;
        if (written && bt.scalar == Scalar::kBool) CheckBoolStore(n, p, base);
        if (!written && unknown_dtype_.count(std::string(base.Text())) &&
            !noted_dtype_.count(std::string(base.Text()))) {
          noted_dtype_.insert(std::string(base.Text()));
          Note(DiagId::kAssumedDtype, "elements of '" + std::string(base.Text()) + "' assumed to be float64", n);
        }
      }
    }
    if (t == "assignment") {
      Node l = n.ChildByField("left"), r = n.ChildByField("right");
      if (l.Type() == "identifier" && r) {
        Type rt = TypeOfExpr(r, plan_.types, mod_.imports);
        bool alloc = r.Type() == "call" && IsNumpyAllocation(mod_.imports.Resolve(r.ChildByField("function")));
        if (rt.rank > 0 && !alloc && !IsSubviewUse(r, n)) Refuse(DiagId::kArrayRebind, "binds '" + std::string(l.Text()) + "' to an array", n);
        if (alloc && assign_count_[std::string(l.Text())] > 1)
          Refuse(DiagId::kAllocationPlacement, "assigns the allocated array '" + std::string(l.Text()) + "' twice", n);
      }
    }
    return true;
  });
  for (const Node& a : NonIntegerLoopVariableBindings(body_, plan_.types, mod_.imports))
    Refuse(DiagId::kLoopVariableType, "rebinds the loop variable '" + std::string(a.ChildByField("left").Text()) +
                                          "' to a value that is not an integer", a,
           "give the value a variable of its own and leave the loop variable an integer");
}

// The caller passes a bool array as its uint8 view (`b.view(np.uint8)`,
// zero-copy), so the kernel's stores reach it. A uint8 element holds what is
// stored into it: exact only for values that are 0 or 1, as Numba's bool
// conversion gives them. A comparison, `not`, a bool element or literal is
// one; `&`, `|`, `^` of bools stays one. Anything else (Numba converts 2.5
// to True, uint8 would hold 2) is refused.
void Builder::CheckBoolStore(const Node& target, const Node& store, const Node& base) {
  std::string problem = BoolStoreProblem(store);
  if (problem.empty()) return;
  std::string op;
  if (store.Type() == "augmented_assignment") op = std::string(store.ChildByField("operator").Text());
  bool logical = op.empty() || op == "&=" || op == "|=" || op == "^=";
  Refuse(DiagId::kBoolArrayWrite,
         "stores " + problem + (logical ? ", which is not a bool," : " with '" + op + "'") + " into the bool array '" +
             std::string(base.Text()) + "'",
         target, "store a bool: a comparison such as 'x != 0', or True/False");
}

std::string Builder::BoolStoreProblem(const Node& store) const {
  Node value = store.ChildByField("right");
  std::string op;
  if (store.Type() == "augmented_assignment") op = std::string(store.ChildByField("operator").Text());
  bool logical = op.empty() || op == "&=" || op == "|=" || op == "^=";
  bool is_bool = value && TypeOfExpr(value, plan_.types, mod_.imports).scalar == Scalar::kBool;
  if (value && (value.Text() == "0" || value.Text() == "1") && op.empty()) is_bool = true;
  if (logical && is_bool) return "";
  return value ? "'" + std::string(value.Text()) + "'" : std::string("a value");
}

// Without recorded types a workunit's views are not annotated: the runtime
// compiles for whatever dtype the call brings, and pk.array wraps it without
// a copy, except a bool array, which it copies to uint8 (upstream too). A
// kernel writing that copy would lose its writes silently. The caller passes
// a bool array as its uint8 view instead when every store is a 0/1 value (the
// known-bool path's rule, CheckBoolStore), and refuses it otherwise: stores it
// cannot see (a helper writing the array, a whole-array update) count as not.
void Builder::UnknownDtypeWrites() {
  if (plan_.types_recorded || plan_.as_function) return;
  std::set<std::string> arrays;
  for (const std::string& p : plan_.params) {
    auto t = plan_.types.find(p);
    if (t != plan_.types.end() && t->second.rank > 0 && t->second.scalar != Scalar::kBool) arrays.insert(p);
  }
  for (const std::string& p : plan_.written_params)
    if (arrays.count(p)) plan_.unknown_dtype_writes[p] = "";
  Walk(body_, [&](const Node& n) {
    if (n.Type() != "assignment" && n.Type() != "augmented_assignment") return true;
    Node l = n.ChildByField("left");
    int depth = 0;
    Node base = l.Type() == "subscript" ? SubscriptBase(l, &depth) : l;
    if (base.Type() != "identifier") return true;
    std::string root = ViewRoot(std::string(base.Text()));
    if (!arrays.count(root)) return true;
    if (l.Type() == "identifier") {
      // `a += b` updates a parameter's array in place; `a = b` only rebinds.
      if (n.Type() == "augmented_assignment") plan_.unknown_dtype_writes[root] = "'" + std::string(n.Text()) + "'";
      return true;
    }
    std::string& why = plan_.unknown_dtype_writes[root];
    if (why.empty()) why = BoolStoreProblem(n);
    return true;
  });
  // Writes that are no store: `a.fill(2)`, `np.copyto(a, b)`, `out=a`.
  static const std::set<std::string, std::less<>> kMutatingMethods = {"fill", "sort", "put", "itemset", "partition",
                                                                     "resize", "setfield"};
  Walk(body_, [&](const Node& n) {
    if (n.Type() != "call") return true;
    auto target = [&](const Node& arg) {
      std::string root = arg.Type() == "identifier" ? ViewRoot(std::string(arg.Text())) : "";
      if (arrays.count(root)) plan_.unknown_dtype_writes[root] = "'" + std::string(n.Text()) + "'";
    };
    Node fn = n.ChildByField("function");
    if (fn.Type() == "attribute" && kMutatingMethods.count(fn.ChildByField("attribute").Text()))
      target(fn.ChildByField("object"));
    auto args = n.ChildByField("arguments").NamedChildren();
    std::string q = mod_.imports.Resolve(fn);
    if ((q == "numpy.copyto" || q == "numpy.put" || q == "numpy.place" || q == "numpy.putmask") && !args.empty())
      target(args[0]);
    for (const Node& a : args)
      if (a.Type() == "keyword_argument" && a.ChildByField("name").Text() == "out") target(a.ChildByField("value"));
    return true;
  });
  for (const std::string& w : helper_writes_) {
    std::string root = ViewRoot(w);
    if (arrays.count(root)) plan_.unknown_dtype_writes[root] = "a value in a helper it calls";
  }
}

// Conditions evaluated more than once (while, elif) cannot take the
// statements some rewrites put before their statement.
void Builder::CheckPreludePositions() {
  // The body's int32 loop variables, found once (a walk of the whole body per
  // condition made a chain of elif clauses quadratic).
  std::optional<decltype(Int32LoopVariables(body_, mod_.imports, false))> int32_names;
  Walk(body_, [&](const Node& n) {
    Node cond;
    if (n.Type() == "while_statement" || n.Type() == "elif_clause") cond = n.ChildByField("condition");
    if (cond) {
      LowerEnv env(plan_.types, mod_.imports);
      if (!int32_names) int32_names = Int32LoopVariables(body_, mod_.imports, ParallelPrange() && !plan_.as_function);
      env.int32_names = *int32_names;
      Prelude pre;
      LowerExpr(cond, env, pre);
      if (!pre.empty())
        Refuse(DiagId::kCannotLower, "the condition '" + std::string(cond.Text()) + "' needs a temporary", cond,
               "compute the condition into a variable before the loop and at the end of its body");
    }
    return true;
  });
}

}  // namespace kernel_plan_detail
}  // namespace caramba
