// ufuncs.cpp — see ufuncs.h.
#include "caramba/analysis/ufuncs.h"

#include <set>

#include "caramba/analysis/workunit_names.h"

namespace caramba {

namespace {

// Decorator options that change nothing an element-wise kernel computes:
// `identity` serves reduce only, `cache` and `nogil` how Numba compiles.
// `target` is checked apart (cpu and parallel only).
const std::set<std::string> kHarmlessOptions = {"nopython", "cache", "identity", "nogil", "target"};

bool NumberScalar(const Type& t) {
  return t.rank == 0 && (IsInteger(t.scalar) || IsFloat(t.scalar)) && t.scalar != Scalar::kBool;
}

// What a loop is named after: `float64` when every type is one, else the
// argument types and the result (`float64_int64_to_float64`).
std::string LoopTag(const Signature& s) {
  bool one = true;
  for (const Type& t : s.args) one = one && t.scalar == s.result->scalar;
  if (one) return std::string(ScalarName(s.result->scalar));
  std::string tag;
  for (const Type& t : s.args) tag += std::string(ScalarName(t.scalar)) + "_";
  return tag + "to_" + std::string(ScalarName(s.result->scalar));
}

// Names bound at module level: functions, classes, assignment targets, imports.
std::set<std::string> ModuleNames(const Tree& tree, const ModuleInfo& mod) {
  std::set<std::string> names;
  for (const auto& [alias, _] : mod.imports.ModuleAliases()) names.insert(alias);
  for (const auto& [alias, _] : mod.imports.SymbolAliases()) names.insert(alias);
  for (Node c : tree.Root().NamedChildren()) {
    if (c.Type() == "decorated_definition") c = c.ChildByField("definition");
    if (c.Type() == "function_definition" || c.Type() == "class_definition") {
      names.insert(std::string(c.ChildByField("name").Text()));
    } else if (c.Type() == "expression_statement") {
      Walk(c, [&](const Node& n) {
        if (n.Type() == "assignment" || n.Type() == "augmented_assignment") {
          Walk(n.ChildByField("left"), [&](const Node& m) {
            if (m.Type() == "identifier") names.insert(std::string(m.Text()));
            return m.Type() != "attribute" && m.Type() != "subscript";
          });
        }
        return n.Type() != "lambda";
      });
    }
  }
  return names;
}

Node DefinitionOf(const Tree& tree, const Kernel& k) {
  Node def = tree.Root().DescendantForByteRange(k.def_start_byte, k.def_end_byte);
  while (def && def.Type() != "function_definition") def = def.Parent();
  return def;
}

// The callee names `name(...)` inside `def`.
std::vector<std::pair<uint32_t, uint32_t>> CallsOf(const Node& def, std::string_view name) {
  std::vector<std::pair<uint32_t, uint32_t>> calls;
  Walk(def, [&](const Node& n) {
    if (n.Type() == "call") {
      Node f = n.ChildByField("function");
      if (f.Type() == "identifier" && f.Text() == name) calls.emplace_back(f.StartByte(), f.EndByte());
    }
    return true;
  });
  return calls;
}

// Why `k` cannot become element-wise kernels, from the ufunc alone, or "".
std::string OwnProblem(const Tree& tree, const Kernel& k, const TranslateOptions& options, std::string* help) {
  if (k.nested || !k.via_decorator) return "only a @vectorize decorating a module-level function is translated";
  if (!options.kernels.empty()) return "a ufunc is translated with its whole file, not with --kernel";
  if (k.signatures.empty() || k.signatures.size() != k.signature_texts.size()) {
    std::string args;
    for (size_t i = 0; i < k.params.size(); ++i) args += std::string(i ? ", " : "") + "float64";
    *help = "give it the signatures you call it with, for example @vectorize([\"float64(" + args +
            ")\"]); NumPy then picks one for each call as Numba does";
    return "it has no signatures: Numba compiles a lazy ufunc for whatever types it meets, so the types of "
           "its results are unknown here";
  }
  for (const auto& [option, value] : k.options) {
    if (!kHarmlessOptions.count(option)) return "its option " + option + "= is not translated";
    if (option == "target" && value != "\"cpu\"" && value != "'cpu'" && value != "\"parallel\"" &&
        value != "'parallel'")
      return "target=" + value + " is not translated (only \"cpu\" and \"parallel\")";
  }
  Node def = DefinitionOf(tree, k);
  if (!def || !def.Parent() || def.Parent().Type() != "decorated_definition") return "its definition was not found";
  size_t decorators = 0;
  for (const Node& c : def.Parent().NamedChildren()) decorators += c.Type() == "decorator";
  if (decorators != 1) return "it has another decorator besides @vectorize";
  for (const Node& p : def.ChildByField("parameters").NamedChildren())
    if (p.Type() != "identifier") return "its parameter '" + std::string(p.Text()) + "' is not a plain name";
  for (const Signature& s : k.signatures) {
    bool numbers = s.result && NumberScalar(*s.result) && s.args.size() == k.params.size();
    for (const Type& t : s.args) numbers = numbers && NumberScalar(t);
    if (!numbers) {
      *help = "give it signatures of integer and float scalars only, one type per parameter";
      return "its signature " + s.ToString() + " is not one of integer or float scalars, one per parameter";
    }
  }
  return "";
}

}  // namespace

bool MentionsName(const Node& body, std::string_view name) {
  bool found = false;
  Walk(body, [&](const Node& n) {
    if (found) return false;
    if (n.Type() == "identifier" && n.Text() == name) {
      // `x.name` is an attribute, `f(name=...)` a keyword: neither is the ufunc.
      Node p = n.Parent();
      found = !(p && ((p.Type() == "attribute" && p.ChildByField("attribute") == n) ||
                      (p.Type() == "keyword_argument" && p.ChildByField("name") == n)));
    }
    return !found;
  });
  return found;
}

std::vector<UfuncPlan> PlanUfuncs(const Tree& tree, const ModuleInfo& mod, const TranslateOptions& options) {
  std::vector<UfuncPlan> plans;
  std::set<std::string> taken;
  bool names_known = false;
  for (size_t i = 0; i < mod.kernels.size(); ++i) {
    const Kernel& k = mod.kernels[i];
    if (k.kind != JitKind::kVectorize) continue;
    UfuncPlan plan;
    plan.kernel_index = i;
    plan.name = k.name;
    if (auto kept = options.unsplit_kernels.find(k.name); kept != options.unsplit_kernels.end()) {
      plan.refusal = kept->second;
      plans.push_back(std::move(plan));
      continue;
    }
    if (k.keep) {
      plan.refusal = "it is marked # caramba: keep";
      plans.push_back(std::move(plan));
      continue;
    }
    plan.refusal = OwnProblem(tree, k, options, &plan.help);
    if (plan.refusal.empty()) {
      if (!names_known) taken = ModuleNames(tree, mod), names_known = true;
      for (const Signature& s : k.signatures) {
        UfuncLoop loop{s, SignatureVariantName(k.name, LoopTag(s)), ""};
        loop.element = loop.kernel + "_element";
        for (const std::string& n : {loop.kernel, loop.element})
          if (taken.count(n)) plan.refusal = "the name '" + n + "' of its translation is taken in this module";
        for (const UfuncLoop& other : plan.loops)
          if (other.kernel == loop.kernel) plan.refusal = "two of its signatures have the same types";
        plan.loops.push_back(std::move(loop));
      }
    }
    // Calls from other kernels: a translated kernel calls the element helper
    // of a one-signature ufunc (the signature casts its arguments as
    // Numba's call does); with several, the one Numba picks depends on the
    // argument types there. Numba code of any other kind keeps it as Numba.
    for (const Kernel& other : mod.kernels) {
      if (plan.refusal.size() || &other == &k) continue;
      Node def = DefinitionOf(tree, other);
      if (!def || !MentionsName(def.ChildByField("body"), k.name)) continue;
      if (!IsTranslatableKind(other.kind) || other.keep) {
        plan.refusal = "'" + other.name + "', which stays Numba code, calls it";
      } else if (plan.loops.size() > 1) {
        plan.refusal = "the kernel '" + other.name +
                       "' calls it, and which of its signatures Numba picks there depends on the argument types";
        plan.help = "give it one signature, or call an @njit function of the types you need from the kernel";
      } else {
        auto calls = CallsOf(def, k.name);
        plan.kernel_calls.insert(plan.kernel_calls.end(), calls.begin(), calls.end());
      }
    }
    plans.push_back(std::move(plan));
  }
  return plans;
}

}  // namespace caramba
