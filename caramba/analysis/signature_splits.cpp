// signature_splits.cpp — see signature_splits.h.
#include "caramba/analysis/signature_splits.h"

#include <algorithm>
#include <set>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/workunit_names.h"

namespace caramba {

namespace {

// Two recorded types that give the same source text (as FindRecordedTypes
// compares them).
bool SameSource(const Type& a, const Type& b) { return a.scalar == b.scalar && a.rank == b.rank; }

// The kernel's recorded signatures: its eager signatures, else the profile's.
bool RecordedSignatures(const Kernel& k, std::string_view path, const TranslateOptions& options,
                        std::vector<std::vector<Type>>& args, std::vector<Type>& results) {
  if (!k.signatures.empty()) {
    for (const Signature& s : k.signatures) {
      if (!s.result || !s.result_tuple.empty()) return false;  // no return type written, or a tuple
      args.push_back(s.args);
      results.push_back(*s.result);
    }
    return true;
  }
  const ProfiledKernel* pk = options.profile ? options.profile->Find(path, k.qualname) : nullptr;
  if (pk == nullptr || pk->signatures.empty()) {
    // The module's own calls (call_site_types.h): no return type, which the
    // variants' signatures leave out (Numba infers it).
    auto calls = options.call_site_types.find(k.name);
    if (calls == options.call_site_types.end()) return false;
    for (const std::vector<Type>& a : calls->second) {
      for (const Type& t : a)
        if (IsComplex(t.scalar)) return false;
      args.push_back(a);
      results.push_back(Type{Scalar::kUnknown, 0, 'A'});
    }
    return args.size() > 1;
  }
  for (const ProfiledSignature& s : pk->signatures) {
    std::vector<Type> a;
    for (const ProfiledType& t : s.args) {
      if (!t.Known() || IsComplex(t.type.scalar)) return false;
      a.push_back(t.type);
    }
    if (!s.result.Known() && s.result.type.scalar != Scalar::kNone) return false;
    if (IsComplex(s.result.type.scalar)) return false;
    args.push_back(std::move(a));
    results.push_back(s.result.type);
  }
  return args.size() > 1;
}

// Names defined at the top level of the module (defs, classes, assignments,
// imports): a variant's name must be new.
std::set<std::string> TopLevelNames(const Tree& tree, const ModuleInfo& mod) {
  std::set<std::string> out;
  for (const Kernel& k : mod.kernels) out.insert(k.name);
  for (const Node& c : tree.Root().NamedChildren()) {
    Node n = c.Type() == "decorated_definition" ? c.ChildByField("definition") : c;
    if (n.Type() == "function_definition" || n.Type() == "class_definition") {
      out.insert(std::string(n.ChildByField("name").Text()));
    } else if (n.Type() == "expression_statement" && n.NamedChild(0).Type() == "assignment") {
      Node l = n.NamedChild(0).ChildByField("left");
      if (l.Type() == "identifier") out.insert(std::string(l.Text()));
    } else if (n.Type() == "import_statement" || n.Type() == "import_from_statement") {
      for (const Node& a : n.NamedChildren())
        if (a.Type() == "aliased_import") out.insert(std::string(a.ChildByField("alias").Text()));
        else if (a.Type() == "dotted_name" && a != n.ChildByField("module_name")) out.insert(std::string(a.Text()));
    }
  }
  return out;
}

// Plain positional parameters only: the dispatcher passes them on by name.
bool PlainParameters(const Tree& tree, const Kernel& k) {
  Node def = tree.Root().DescendantForByteRange(k.def_start_byte, k.def_end_byte);
  while (def && def.Type() != "function_definition") def = def.Parent();
  if (!def) return false;
  for (const Node& p : def.ChildByField("parameters").NamedChildren())
    if (p.Type() != "identifier") return false;
  return true;
}

}  // namespace

std::string DescribeKind(const Type& t) {
  if (t.rank == 0) return std::string(ScalarName(t.scalar));
  return std::to_string(t.rank) + "-D " + std::string(ScalarName(t.scalar)) + " array";
}

std::string VariantSignature(const SignatureVariant& v) {
  std::string args;
  for (size_t i = 0; i < v.args.size(); ++i) args += (i ? ", " : "") + v.args[i].ToString();
  // Types from the module's calls have no return type: Numba infers it from
  // the arguments, written as a tuple.
  if (v.result.scalar == Scalar::kUnknown) return "(" + args + (v.args.size() == 1 ? ",)" : ")");
  std::string s = v.result.scalar == Scalar::kNone ? "void" : v.result.ToString();
  return s + "(" + args + ")";
}

std::string SplitOwner(const TranslateOptions& options, std::string_view name) {
  for (const auto& [kernel, variants] : options.signature_splits)
    for (const SignatureVariant& v : variants)
      if (v.name == name) return kernel;
  return "";
}

std::string KindCondition(const std::string& arg, const Type& t, const std::string& np) {
  std::string dtype = np + "." + (t.scalar == Scalar::kBool ? std::string("bool_") : std::string(ScalarName(t.scalar)));
  if (t.rank > 0)
    return "isinstance(" + arg + ", " + np + ".ndarray) and " + arg + ".ndim == " + std::to_string(t.rank) + " and " +
           arg + ".dtype == " + dtype;
  // Numba types a Python int as int64, a float as float64, a bool as bool;
  // NumPy scalars as their own dtype.
  switch (t.scalar) {
    case Scalar::kInt64: return "type(" + arg + ") in (int, " + dtype + ")";
    case Scalar::kFloat64: return "type(" + arg + ") in (float, " + dtype + ")";
    case Scalar::kBool: return "type(" + arg + ") in (bool, " + dtype + ")";
    default: return "type(" + arg + ") is " + dtype;
  }
}

std::map<std::string, std::vector<SignatureVariant>> PlanSignatureSplits(const Tree& tree, const ModuleInfo& mod,
                                                                         std::string_view path,
                                                                         const TranslateOptions& options) {
  std::map<std::string, std::vector<SignatureVariant>> out;
  if (!options.phases) return out;  // --no-phases: one workunit per kernel, as before
  std::string np = mod.imports.AliasOf("numpy");
  if (np.empty()) return out;  // the dispatcher tells NumPy arrays and scalars apart
  std::set<std::string> taken;
  std::map<std::string, int> defined;
  for (const Kernel& k : mod.kernels) ++defined[k.name];
  for (const Kernel& k : mod.kernels) {
    if (k.nested || !k.via_decorator || k.is_class || k.uses_objmode_block || defined[k.name] != 1) continue;
    if (k.kind != JitKind::kNjit && k.kind != JitKind::kJit) continue;
    if (!KernelSelected(options.kernels, k) || options.unsplit_kernels.count(k.name)) continue;
    std::vector<std::vector<Type>> args;
    std::vector<Type> results;
    if (!RecordedSignatures(k, path, options, args, results)) continue;
    if (std::any_of(args.begin(), args.end(), [&](const auto& a) { return a.size() != k.params.size(); })) continue;
    if (!PlainParameters(tree, k)) continue;
    // One variant per kind of signature (signatures that differ in layout
    // only share one text: its arrays take any layout).
    std::vector<SignatureVariant> variants;
    for (size_t s = 0; s < args.size(); ++s) {
      auto same = std::find_if(variants.begin(), variants.end(), [&](const SignatureVariant& v) {
        for (size_t i = 0; i < v.args.size(); ++i)
          if (!SameSource(v.args[i], args[s][i])) return false;
        return true;
      });
      if (same == variants.end()) {
        variants.push_back({"", args[s], results[s], {}});
        continue;
      }
      for (size_t i = 0; i < same->args.size(); ++i)
        if (same->args[i].layout != args[s][i].layout) same->args[i].layout = 'A';
      if (!SameSource(same->result, results[s])) {
        same->result.scalar = Scalar::kUnknown;
        same->result_conflict = true;
      }
    }
    if (variants.size() < 2) continue;
    if (std::any_of(variants.begin(), variants.end(), [](const SignatureVariant& v) {
          return v.result_conflict || IsComplex(v.result.scalar);
        }))
      continue;
    // What differs: the parameters whose kind is not the same in every
    // variant, spelled by rank (`2d`, `scalar`) where ranks differ and by
    // element type where those do.
    std::vector<size_t> selecting;
    for (size_t i = 0; i < k.params.size(); ++i)
      if (std::any_of(variants.begin(), variants.end(),
                      [&](const SignatureVariant& v) { return !SameSource(v.args[i], variants[0].args[i]); }))
        selecting.push_back(i);
    if (taken.empty()) taken = TopLevelNames(tree, mod);
    std::set<std::string> mine;
    for (SignatureVariant& v : variants) {
      v.selecting = selecting;
      std::string what;
      for (size_t i : selecting) {
        bool ranks = std::any_of(variants.begin(), variants.end(),
                                 [&](const SignatureVariant& w) { return w.args[i].rank != v.args[i].rank; });
        bool dtypes = std::any_of(variants.begin(), variants.end(),
                                  [&](const SignatureVariant& w) { return w.args[i].scalar != v.args[i].scalar; });
        if (ranks) what += (what.empty() ? "" : "_") + (v.args[i].rank == 0 ? std::string("scalar") : std::to_string(v.args[i].rank) + "d");
        if (dtypes) what += (what.empty() ? "" : "_") + std::string(ScalarName(v.args[i].scalar));
      }
      std::string name = SignatureVariantName(k.name, what);
      for (int n = 2; taken.count(name) || mine.count(name); ++n) name = SignatureVariantName(k.name, what + "_" + std::to_string(n));
      mine.insert(name);
      v.name = name;
    }
    taken.insert(mine.begin(), mine.end());
    out[k.name] = std::move(variants);
  }
  return out;
}

std::string DecoratorWithSignature(const Node& decorator, const std::string& sig) {
  Node e = decorator.NamedChild(0);
  std::string quoted = "\"" + sig + "\"";
  if (e.Type() != "call") return "@" + std::string(e.Text()) + "(" + quoted + ")";
  std::string out = "@" + std::string(e.ChildByField("function").Text()) + "(" + quoted;
  for (const Node& a : e.ChildByField("arguments").NamedChildren())
    if (a.Type() == "keyword_argument") out += ", " + std::string(a.Text());
  return out + ")";
}

}  // namespace caramba
