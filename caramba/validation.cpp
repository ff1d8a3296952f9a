// validation.cpp — see validation.h.
//
// Where the argument types come from. The runtime specialises a workunit on
// the keyword arguments of the dispatch call: their names are in the caller
// the translator wrote, their types are those of the values at run time,
// and annotated parameters win over them (dialect §5). Two routes could
// give those types at translate time: read them off the output (the
// workunit's annotations), or take them from the KernelPlan the workunit
// was written from. Only the plan knows them all: array parameters without
// an eager signature are written unannotated (the runtime specialises on
// the array it gets), so their rank and assumed dtype exist nowhere in the
// output, and recovering them from the body would repeat the type
// inference. So the names come from the caller's dispatch call (what the
// runtime will see), the types from the plan (what the translation
// assumed), and the front end itself applies the annotations, exactly as
// it does at the first call.
#include "caramba/validation.h"

#include "caramba/analysis/integer_division.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/phases.h"
#include "caramba/analysis/workunit_names.h"
#include "caramba/text.h"
#include "pykokkos_rt/src/kernel_compiler.h"

namespace caramba {

namespace {

using pykokkos_rt::DispatchKind;

const char* RuntimeScalar(Scalar s) {
  switch (s) {
    case Scalar::kBool: return "bool";
    case Scalar::kInt8: return "i8";
    case Scalar::kInt16: return "i16";
    case Scalar::kInt32: return "i32";
    case Scalar::kInt64: return "i64";
    case Scalar::kUInt8: return "u8";
    case Scalar::kUInt16: return "u16";
    case Scalar::kUInt32: return "u32";
    case Scalar::kUInt64: return "u64";
    case Scalar::kFloat32: return "f32";
    // Complex values have no runtime type: the front end refuses the
    // signature, as the runtime refuses such an argument.
    case Scalar::kComplex64: return "c64";
    case Scalar::kComplex128: return "c128";
    default: return "f64";  // float64, and the float64 the translation assumes for unknown
  }
}

const char* KindName(DispatchKind k) {
  return k == DispatchKind::kFor ? "parallel_for" : k == DispatchKind::kReduce ? "parallel_reduce" : "parallel_scan";
}

// A @pk.workunit or @pk.function the translator wrote, and what it came from.
struct Unit {
  std::string name;
  Node def;                         // the function_definition
  uint32_t first_row = 0, last_row = 0;  // the decorated definition, 0-based rows
  bool is_function = false;
  const KernelPlan* plan = nullptr;
};

// One dispatch of a workunit by its caller, as the runtime receives it.
struct DispatchSite {
  DispatchKind kind = DispatchKind::kFor;
  std::vector<std::string> kwargs;
  bool operator<(const DispatchSite& o) const {
    return std::tie(kind, kwargs) < std::tie(o.kind, o.kwargs);
  }
};

// The plan of a workunit's kernel. The names are those the SemanticTransformer
// gives: `_pk_<kernel>` (drop-in callers) or the kernel's own name (thesis
// style); @pk.functions carry theirs in the plan (call_graph.h).
const KernelPlan* KernelOf(const std::string& workunit, const KernelPlans& plans, const TranslateOptions& options) {
  bool thesis = options.caller_style == "thesis";
  for (const KernelPlan& p : plans.plans) {
    if (!p.translatable) continue;
    // A phase kernel's workunit carries the phase's own (reserved) name in
    // both caller styles, and is selected with its kernel.
    std::string owner = PhaseOwner(p.name);
    bool phase = !owner.empty();
    const std::string& selected = phase ? owner : p.name;
    if (!options.kernels.empty() &&
        std::find(options.kernels.begin(), options.kernels.end(), selected) == options.kernels.end())
      continue;
    if (WorkunitName(p.name, thesis) == workunit) return &p;
  }
  return nullptr;
}

const KernelPlan* FunctionOf(const std::string& name, const KernelPlans& plans) {
  for (const KernelPlan& f : plans.functions)
    if (f.function_name == name) return &f;
  return nullptr;
}

// Top-level definitions decorated `@<x>.workunit` / `@<x>.function` that the
// translator wrote (a hand-written workunit of the user's is not ours to judge).
std::vector<Unit> FindUnits(const ValidationInput& in) {
  std::vector<Unit> out;
  for (const Node& top : in.output.Root().NamedChildren()) {
    if (top.Type() != "decorated_definition") continue;
    Node def = top.ChildByField("definition");
    if (def.Type() != "function_definition") continue;
    for (const Node& dec : top.NamedChildren()) {
      if (dec.Type() != "decorator") continue;
      Node e = dec.NamedChild(0);
      if (e.Type() != "attribute") continue;
      std::string_view what = e.ChildByField("attribute").Text();
      if (what != "workunit" && what != "function") continue;
      Unit u;
      u.name = def.ChildByField("name").Text();
      u.def = def;
      u.first_row = top.StartPoint().row;
      u.last_row = top.EndPoint().row;
      u.is_function = what == "function";
      u.plan = u.is_function ? FunctionOf(u.name, in.plans) : KernelOf(u.name, in.plans, in.options);
      if (u.plan) out.push_back(u);
    }
  }
  return out;
}

// Every `pk.parallel_for/reduce/scan([label,] policy, workunit, k=v, ...)`
// of the output, by workunit name.
std::map<std::string, std::set<DispatchSite>> FindDispatches(const Tree& output) {
  std::map<std::string, std::set<DispatchSite>> out;
  Walk(output.Root(), [&](const Node& n) {
    if (n.Type() != "call") return true;
    Node fn = n.ChildByField("function");
    if (fn.Type() != "attribute") return true;
    std::string_view what = fn.ChildByField("attribute").Text();
    DispatchSite site;
    if (what == "parallel_for") site.kind = DispatchKind::kFor;
    else if (what == "parallel_reduce") site.kind = DispatchKind::kReduce;
    else if (what == "parallel_scan") site.kind = DispatchKind::kScan;
    else return true;
    std::vector<Node> positional;
    Node args = n.ChildByField("arguments");
    if (!args) return true;
    for (const Node& a : args.NamedChildren()) {
      if (a.Type() == "comment") continue;
      if (a.Type() == "keyword_argument") {
        std::string name(a.ChildByField("name").Text());
        if (name != "initial_value") site.kwargs.push_back(name);  // dropped by the runtime
      } else {
        positional.push_back(a);
      }
    }
    Node wu = positional.size() == 3 ? positional[2] : positional.size() == 2 ? positional[1] : Node();
    if (wu && wu.Type() == "identifier") out[std::string(wu.Text())].insert(site);
    return true;
  });
  return out;
}

// The dispatch a workunit's signature asks for, where no call was found: an
// accumulator (`acc: pk.Acc[...]`) as second parameter means a reduction.
DispatchSite FromSignature(const Unit& u) {
  DispatchSite site;
  std::vector<Node> params = u.def.ChildByField("parameters").NamedChildren();
  if (params.size() > 1 && params[1].Type() == "typed_parameter" &&
      params[1].ChildByField("type").Text().find(".Acc[") != std::string_view::npos)
    site.kind = DispatchKind::kReduce;
  size_t leading = site.kind == DispatchKind::kReduce ? 2 : 1;
  for (size_t i = leading; i < params.size(); ++i) {
    Node p = params[i];
    site.kwargs.emplace_back(p.Type() == "typed_parameter" ? p.NamedChild(0).Text() : p.Text());
  }
  return site;
}

// The type the caller's keyword argument `name` has at run time, as the
// translation assumed it (see the comment at the top), or "" if the plan
// does not know the name. The names besides parameters and allocations are
// the ones SemanticTransformer's Signature() adds.
std::string ArgumentSignature(const KernelPlan& plan, const std::string& name) {
  // The one-element array of an atomic (max/min/product) reduction,
  // `_pk_<var> = np.full(1, <var>, dtype=<its type>)` (SemanticTransformer).
  if (plan.reduction.op != ReduceOp::kNone && plan.reduction.op != ReduceOp::kSum &&
      name == std::string(kReservedPrefix) + plan.reduction.var)
    return RuntimeSignature(Type{plan.reduction.type, 1, 'C'});
  // The inner count of a flattened nest and the step of a time loop the
  // caller runs: Python ints, workunit parameters of type pk.int64.
  if ((plan.inner_loop_start && name == std::string(kReservedPrefix) + "n1") ||
      (!plan.time_var.empty() && name == plan.time_var))
    return RuntimeSignature(Type{Scalar::kInt64, 0, 'A'});
  // A scalar parameter the serial kernel assigns, passed under another name.
  for (const std::string& p : plan.assigned_params)
    if (name == ParamInName(p)) return RuntimeSignature(plan.types.at(p));
  auto it = plan.types.find(name);
  // The zero-division flag (integer_division.h): `pk.View([1], pk.int32)`,
  // named `_pk_zero_division` when the kernel has a name `zero_division`.
  std::string flag(kZeroDivisionFlag);
  if (it == plan.types.end() && (name == flag || name == std::string(kReservedPrefix) + flag))
    return RuntimeSignature(Type{Scalar::kInt32, 1, 'C'});
  if (it == plan.types.end()) return "";
  return RuntimeSignature(it->second);
}

std::string Trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
  return b == std::string_view::npos ? std::string() : std::string(s.substr(b, e - b + 1));
}

// The 1-based line of the input kernel `kernel` whose text is exactly `line`
// (trimmed), when there is one such line; 0 otherwise. Most workunit lines
// are the kernel's own lines; the ones a rewrite produced match nothing.
uint32_t InputLine(const ValidationInput& in, const std::string& kernel, const std::string& line) {
  if (line.empty()) return 0;
  for (const Kernel& k : in.input_module.kernels) {
    if (k.name != kernel || k.nested) continue;
    LineIndex li(in.input_source);
    uint32_t first = li.At(k.start_byte).line, last = li.At(k.end_byte).line;
    uint32_t found = 0;
    for (uint32_t l = first; l <= last; ++l) {
      if (Trim(li.Line(l)) != line) continue;
      if (found) return 0;  // ambiguous
      found = l;
    }
    return found;
  }
  return 0;
}

struct Verdict {
  std::string kernel, message;
};

// Runs the front end on one dispatch of one workunit; nullopt if it passes.
std::optional<Verdict> Check(const ValidationInput& in, const std::vector<Unit>& units, const Unit& u,
                             const DispatchSite& site, const std::string& space) {
  pykokkos_rt::KernelRequest req;
  req.path = std::string(in.path);
  req.workunit = u.name;
  req.kind = site.kind;
  req.space = space;
  // Upstream PyKokkos' own rules too (extent() in a @pk.function rejects the
  // file): the output must be PyKokkos upstream accepts, not only ours.
  req.strict = true;
  std::string call = std::string(KindName(site.kind)) + " on " + space;
  for (const std::string& kw : site.kwargs) {
    std::string sig = ArgumentSignature(*u.plan, kw);
    if (sig.empty())
      return Verdict{u.plan->name, "the translator cannot tell the type of the argument '" + kw + "' its caller passes to workunit '" + u.name + "'"};
    req.arg_types.emplace_back(kw, sig);
    call += ", " + kw + "=" + sig;
  }
  try {
    pykokkos_rt::GenerateKernel(req, in.output);
    return std::nullopt;
  } catch (const pykokkos_rt::DialectError& e) {
    // Blame the definition the error is in: a @pk.function's helper, or
    // the workunit's kernel.
    const Unit* at = &u;
    for (const Unit& other : units)
      if (e.line >= 1 && e.line - 1 >= other.first_row && e.line - 1 <= other.last_row) at = &other;
    LineIndex li(in.output.Source());
    std::string line = e.line >= 1 && e.line <= li.LineCount() ? Trim(li.Line(e.line)) : "";
    std::string msg = "the runtime's kernel front end rejects " + std::string(at->is_function ? "@pk.function '" : "workunit '") +
                      at->name + "': " + e.construct;
    if (!line.empty()) {
      msg += ", at `" + line + "`";
      if (uint32_t l = InputLine(in, at->plan->name, line)) msg += " (line " + std::to_string(l) + ")";
    }
    if (!e.hint.empty()) msg += "; its hint: " + e.hint;
    return Verdict{at->plan->name, msg};
  } catch (const std::exception& e) {
    // ArgumentError: the call the caller makes does not fit the workunit.
    return Verdict{u.plan->name, "the runtime's kernel front end rejects the call of workunit '" + u.name + "' (" + call +
                                     "): " + e.what()};
  }
}

}  // namespace

std::string RuntimeSignature(const Type& t) {
  if (t.rank == 0) return RuntimeScalar(t.scalar);
  // The runtime reads the layout off the array: any C-contiguous array, and
  // so every 1-D one, is LayoutRight; only a Fortran-ordered 2-D+ array is
  // LayoutLeft. 'A' arrays are assumed C-ordered, as pk.array of a fresh
  // NumPy array gives.
  char layout = t.layout == 'F' && t.rank > 1 ? 'L' : 'R';
  // pk.array copies a bool array to uint8, as upstream does.
  const char* element = t.scalar == Scalar::kBool ? "u8" : RuntimeScalar(t.scalar);
  return "view:" + std::string(element) + ":" + std::to_string(t.rank) + ":" + layout;
}

std::vector<ValidationFailure> ValidateTranslation(const ValidationInput& in) {
  std::vector<ValidationFailure> out;
  std::vector<Unit> units = FindUnits(in);
  if (units.empty()) return out;
  std::map<std::string, std::set<DispatchSite>> dispatches = FindDispatches(in.output);
  // The runtime resolves pk.ExecutionSpace.Default to its default, OpenMP.
  std::string space = in.options.space == "Default" ? "OpenMP" : in.options.space;
  std::set<std::string> failed;
  for (const Unit& u : units) {
    if (u.is_function) continue;  // checked with every workunit (the front end generates them all)
    std::set<DispatchSite> sites = dispatches[u.name];
    if (sites.empty()) sites.insert(FromSignature(u));
    // Arrays that may overlap run on Serial (KernelPlan::alias_checks).
    std::vector<std::string> spaces{space};
    if (!u.plan->alias_checks.empty() && space != "Serial") spaces.push_back("Serial");
    auto first_failure = [&]() -> std::optional<Verdict> {
      for (const DispatchSite& site : sites)
        for (const std::string& s : spaces)
          if (std::optional<Verdict> v = Check(in, units, u, site, s)) return v;
      return std::nullopt;
    };
    std::optional<Verdict> v = first_failure();
    if (v && failed.insert(v->kernel).second) out.push_back({v->kernel, v->message});
  }
  return out;
}

}  // namespace caramba
