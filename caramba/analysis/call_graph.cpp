// call_graph.cpp — see call_graph.h.
#include "caramba/analysis/call_graph.h"

#include <algorithm>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/walk.h"
#include "caramba/analysis/workunit_names.h"

namespace caramba {

int HelperRegistry::KernelIndex(const std::string& name) const {
  int found = -1;
  for (size_t i = 0; i < mod_.kernels.size(); ++i) {
    const Kernel& k = mod_.kernels[i];
    if (k.name != name || k.nested || k.is_class || !k.via_decorator) continue;
    if (found >= 0) return -1;  // defined twice: which one runs depends on the call's time
    found = static_cast<int>(i);
  }
  return found;
}

KernelPlan HelperRegistry::BuildKernel(size_t index) {
  in_progress_.push_back(mod_.kernels[index].name);
  KernelPlan plan = BuildKernelPlan(tree_, path_, mod_, index, *this, nullptr, false);
  in_progress_.pop_back();
  return plan;
}

std::vector<int> HelperRegistry::ParamRanks(const std::string& name) {
  auto it = ranks_.find(name);
  if (it != ranks_.end()) return it->second;
  int idx = KernelIndex(name);
  if (idx < 0 || ranks_in_progress_.count(name)) return {};
  // The kernel's own parameter types (indexing depth, eager signature, and
  // the ranks its own helpers need), without the rest of the analysis.
  ranks_in_progress_.insert(name);
  KernelPlan plan = BuildKernelPlan(tree_, path_, mod_, static_cast<size_t>(idx), *this, nullptr, true);
  ranks_in_progress_.erase(name);
  std::vector<int> ranks;
  for (const auto& p : plan.params) {
    auto t = plan.types.find(p);
    ranks.push_back(t == plan.types.end() ? 0 : t->second.rank);
  }
  ranks_[name] = ranks;
  return ranks;
}

std::string HelperRegistry::Key(const std::string& name, const std::vector<Type>& args) {
  std::string k = name + "(";
  for (const Type& t : args) k += t.ToString() + ",";
  return k + ")";
}

const FunctionSpec* HelperRegistry::Specialize(const std::string& name, const std::vector<Type>& args) {
  // Layouts do not matter to a @pk.function (its views are template
  // parameters); one copy per dtype and rank.
  std::vector<Type> norm = args;
  for (Type& t : norm) t.layout = 'A';
  std::string key = Key(name, norm);
  if (std::find(in_progress_.begin(), in_progress_.end(), name) != in_progress_.end()) {
    auto& spec = specs_["recursive:" + name];
    if (!spec) {
      spec = std::make_unique<FunctionSpec>();
      spec->callee = name;
      spec->recursive = true;
      spec->reason = "it calls back into its caller";
    }
    return spec.get();
  }
  auto it = specs_.find(key);
  if (it != specs_.end()) return it->second.get();
  auto spec = std::make_unique<FunctionSpec>();
  spec->callee = name;
  spec->args = norm;
  int idx = KernelIndex(name);
  in_progress_.push_back(name);
  spec->plan = std::make_shared<KernelPlan>(
      BuildKernelPlan(tree_, path_, mod_, static_cast<size_t>(idx), *this, &spec->args, false));
  in_progress_.pop_back();
  const KernelPlan& plan = *spec->plan;
  spec->ok = plan.refusals.empty();
  for (const Diagnostic& d : plan.refusals) {
    if (d.Code() == "CRB116") spec->recursive = true;
  }
  if (!plan.refusals.empty()) {
    const Diagnostic& d = plan.refusals.front();
    spec->reason = d.message;
    // The message starts with "'name': "; the caller names the helper itself.
    std::string prefix = "'" + name + "': ";
    if (spec->reason.rfind(prefix, 0) == 0) spec->reason = spec->reason.substr(prefix.size());
    spec->reason += " (" + std::string(d.Code()) + ")";
  }
  spec->result = Type{plan.return_type, 0, 'A'};
  const FunctionSpec* out = spec.get();
  specs_[key] = std::move(spec);
  return out;
}

const std::set<std::string>& HelperRegistry::ModuleLevelNames() {
  if (module_names_) return *module_names_;
  module_names_.emplace();
  Node root = tree_.Root();
  for (uint32_t i = 0; i < root.NamedChildCount(); ++i) {
    Node stmt = root.NamedChild(i);
    if (stmt.Type() == "decorated_definition") stmt = stmt.ChildByField("definition");
    if (stmt.Type() == "function_definition" || stmt.Type() == "class_definition") {
      module_names_->insert(std::string(stmt.ChildByField("name").Text()));
    } else if (stmt.Type() == "expression_statement" && stmt.NamedChildCount() == 1 &&
               stmt.NamedChild(0).Type() == "assignment") {
      Node left = stmt.NamedChild(0).ChildByField("left");
      if (left.Type() == "identifier") module_names_->insert(std::string(left.Text()));
    }
  }
  return *module_names_;
}

void HelperRegistry::Use(const FunctionSpec* spec) {
  if (!spec || !spec->name.empty()) return;
  auto* s = const_cast<FunctionSpec*>(spec);
  // `_pk_fn_<helper>[_k]`, past any name a workunit may take (`_pk_<kernel>`
  // for a kernel called `fn_<helper>`).
  auto taken = [&](const std::string& name) {
    for (const Kernel& k : mod_.kernels)
      if (WorkunitName(k.name) == name) return true;
    // A name the module already defines at top level: a helper a previous
    // translation emitted (translating its output again must not define
    // `_pk_fn_f` twice, the second shadowing the first for every caller), or
    // the user's own function of that name.
    if (ModuleLevelNames().count(name)) return true;
    for (const FunctionSpec* u : used_)
      if (u->name == name) return true;
    return false;
  };
  do {
    int n = name_count_[s->callee]++;
    s->name = std::string(kFunctionPrefix) + s->callee + (n ? "_" + std::to_string(n) : "");
  } while (taken(s->name));
  used_.push_back(s);
  for (HelperCall& c : s->plan->calls) {
    Use(c.spec);
    c.function = c.spec ? c.spec->name : "";
  }
}

std::vector<const KernelPlan*> PlansToRewrite(const KernelPlans& plans, const ModuleInfo& mod,
                                              const std::vector<std::string>& selected) {
  std::vector<const KernelPlan*> out;
  std::set<uint32_t> defs;
  for (const KernelPlan& p : plans.plans)
    if (p.translatable && KernelSelected(selected, mod.kernels[p.kernel_index]) && defs.insert(p.def_start).second)
      out.push_back(&p);
  for (const KernelPlan& f : plans.functions)
    if (defs.insert(f.def_start).second) out.push_back(&f);
  return out;
}

std::vector<std::string> CalledKernels(const Node& def_node, const ModuleInfo& mod) {
  std::vector<std::string> out;
  Walk(def_node.ChildByField("body"), [&](const Node& n) {
    if (n.Type() != "call") return true;
    Node fn = n.ChildByField("function");
    if (fn.Type() != "identifier") return true;
    std::string name(fn.Text());
    for (const Kernel& k : mod.kernels)
      if (k.name == name && std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    return true;
  });
  return out;
}

}  // namespace caramba
