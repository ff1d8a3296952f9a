// kernel_status.cpp — see kernel_status.h.
#include "caramba/batch/kernel_status.h"

#include <cstdlib>
#include <map>
#include <optional>
#include <set>

#include "caramba/syntax.h"

namespace caramba {

std::string_view KernelStatusName(KernelStatus s) {
  switch (s) {
    case KernelStatus::kTranslated: return "translated";
    case KernelStatus::kRefused: return "refused";
    case KernelStatus::kNotTranslated: return "not-translated";
    case KernelStatus::kError: return "error";
    case KernelStatus::kKept: return "kept";
  }
  return "?";
}

bool IsRefusal(const Diagnostic& d) {
  int code = std::atoi(std::string(d.Code()).c_str() + 3);
  return code >= 100 && code < 500 && d.severity != Severity::Note;
}

namespace {

struct OutputFunction {
  std::string name;
  uint32_t line = 0;
  std::string signature;
  bool workunit = false;
  Node body;
};

// Every function definition of the output, with its decorators' verdict.
std::vector<OutputFunction> OutputFunctions(const Tree& tree) {
  std::vector<OutputFunction> fns;
  Walk(tree.Root(), [&](const Node& n) {
    if (n.Type() != "function_definition") return true;
    OutputFunction f;
    f.name = std::string(n.ChildByField("name").Text());
    f.line = n.StartPoint().row + 1;
    Node body = n.ChildByField("body");
    f.body = body;
    std::string_view whole = n.Text();
    std::string_view header = whole.substr(0, body ? body.StartByte() - n.StartByte() : whole.size());
    while (!header.empty() && (header.back() == ' ' || header.back() == '\n' || header.back() == '\r' ||
                               header.back() == '\t' || header.back() == ':'))
      header.remove_suffix(1);
    f.signature = std::string(header);
    if (Node parent = n.Parent(); parent && parent.Type() == "decorated_definition")
      for (const Node& c : parent.NamedChildren())
        if (c.Type() == "decorator" && c.Text().find("workunit") != std::string_view::npos) f.workunit = true;
    fns.push_back(std::move(f));
    return true;
  });
  return fns;
}

}  // namespace

std::vector<KernelOutcome> ClassifyKernels(const PassResult& result, std::string_view input) {
  std::vector<KernelOutcome> out;
  if (!result.input_module) return out;
  const auto& kernels = result.input_module->kernels;
  for (const Kernel& k : kernels) {
    KernelOutcome o;
    o.name = k.name;
    o.qualname = k.qualname;
    o.kind = k.kind;
    o.line = k.line;
    o.column = k.column;
    if (k.keep) o.status = KernelStatus::kKept;
    out.push_back(std::move(o));
  }
  // Each located diagnostic belongs to the innermost kernel containing it.
  for (const Diagnostic& d : result.diagnostics) {
    if (!d.start) continue;
    int best = -1;
    for (size_t i = 0; i < kernels.size(); ++i) {
      const Kernel& k = kernels[i];
      if (!KernelCovers(k, *d.start)) continue;
      if (best < 0 || k.end_byte - k.start_byte < kernels[best].end_byte - kernels[best].start_byte)
        best = static_cast<int>(i);
    }
    if (best < 0) continue;
    std::string code(d.Code());
    out[best].codes.push_back(code);
    if (IsRefusal(d)) {
      out[best].status = KernelStatus::kRefused;
      out[best].refusal_codes.push_back(code);
    }
  }
  if (!result.ok) {
    for (auto& o : out) o.status = KernelStatus::kError;
    return out;
  }
  // Unchanged text: every kernel is still Numba code; skip the re-parse.
  if (result.output == input) return out;

  // The pass manager's final tree when it kept it; parse only otherwise.
  std::optional<Tree> parsed;
  const Tree* out_tree = result.output_tree.get();
  if (!out_tree || out_tree->Source() != result.output) out_tree = &parsed.emplace(Tree::Parse(result.output));
  const Tree& tree = *out_tree;
  ModuleInfo after = AnalyzeModule(tree);
  std::set<std::string> still_numba;
  for (const Kernel& k : after.kernels) still_numba.insert(k.qualname);
  std::vector<OutputFunction> fns;
  bool fns_ready = false;
  for (auto& o : out) {
    if (o.status == KernelStatus::kRefused || o.status == KernelStatus::kKept || still_numba.count(o.qualname))
      continue;
    o.status = KernelStatus::kTranslated;
    if (!fns_ready) {
      fns = OutputFunctions(tree);
      fns_ready = true;
    }
    std::set<std::string> workunits;
    for (const auto& f : fns)
      if (f.workunit) workunits.insert(f.name);
    // The caller keeps the kernel's name (or the thesis's call_<name>).
    const OutputFunction* caller = nullptr;
    for (const std::string& want : {o.name, "call_" + o.name}) {
      for (const auto& f : fns)
        if (!f.workunit && f.name == want) {
          caller = &f;
          break;
        }
      if (caller) break;
    }
    if (!caller) continue;
    CallerInfo ci;
    ci.name = caller->name;
    ci.line = caller->line;
    ci.signature = caller->signature;
    std::set<std::string> named;
    if (caller->body)
      Walk(caller->body, [&](const Node& n) {
        if (n.Type() == "identifier" && workunits.count(std::string(n.Text())) &&
            named.insert(std::string(n.Text())).second)
          ci.workunits.emplace_back(n.Text());
        return true;
      });
    o.caller = std::move(ci);
  }
  return out;
}

}  // namespace caramba
