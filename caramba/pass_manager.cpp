// pass_manager.cpp — see pass_manager.h.
#include "caramba/pass_manager.h"

#include "caramba/config.h"
#include "caramba/suppressions.h"

#include "caramba/analysis/nested_kernels.h"
#include "caramba/analysis/phases.h"
#include "caramba/analysis/call_site_types.h"
#include "caramba/analysis/signature_splits.h"
#include "caramba/analysis/ufuncs.h"

#include <algorithm>
#include <set>
#include <cctype>
#include <chrono>
#include <optional>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/isolation.h"
#include "caramba/text.h"
#include "caramba/validation.h"

namespace caramba {

std::string_view Context::newline() const { return DominantNewline(tree_.Source()); }

namespace {

// The KernelRestorer puts back, as Numba code, a kernel PhaseLowering had made
// a host program (its Numba caller was refused later, CRB132; or it calls
// Numba code, CRB403): the CRB523 note saying it runs as a host program is no
// longer true, and goes.
// The kernel a diagnostic is about: its message starts with "'name': ".
std::string KernelNamed(const Diagnostic& d) {
  if (d.message.size() < 2 || d.message[0] != '\'') return std::string();
  size_t end = d.message.find('\'', 1);
  return end == std::string::npos ? std::string() : d.message.substr(1, end - 1);
}

void RetractHostProgramNotes(const std::vector<Diagnostic>& restored, std::vector<Diagnostic>* reported) {
  auto named = KernelNamed;
  std::set<std::string> kept;
  for (const Diagnostic& d : restored)
    if (d.id == DiagId::kHelperKeptForNumba || d.id == DiagId::kKernelCall) kept.insert(named(d));
  if (kept.empty()) return;
  reported->erase(std::remove_if(reported->begin(), reported->end(),
                                 [&](const Diagnostic& d) { return d.id == DiagId::kHostProgram && kept.count(named(d)); }),
                  reported->end());
}
std::string Normalize(std::string_view name) {
  std::string out;
  for (char c : name)
    if (c != '-' && c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}
double Since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
}  // namespace

OffsetMap::OffsetMap(const std::vector<Edit>& applied) {
  std::vector<const Edit*> order;
  for (const Edit& e : applied) order.push_back(&e);
  std::stable_sort(order.begin(), order.end(), [](const Edit* a, const Edit* b) {
    if (a->start != b->start) return a->start < b->start;
    bool ai = a->start == a->end, bi = b->start == b->end;
    if (ai != bi) return ai;
    return a->sequence < b->sequence;
  });
  int64_t delta = 0;
  for (const Edit* e : order) {
    uint32_t ns = static_cast<uint32_t>(e->start + delta);
    uint32_t ne = ns + static_cast<uint32_t>(e->replacement.size());
    pieces_.push_back({ns, ne, e->start, e->end});
    delta += static_cast<int64_t>(e->replacement.size()) - (e->end - e->start);
  }
}

uint32_t OffsetMap::Back(uint32_t offset) const {
  int64_t delta = 0;
  for (const Piece& p : pieces_) {
    if (offset < p.new_start) break;
    if (offset < p.new_end) return p.old_start;
    delta = static_cast<int64_t>(p.old_end) - p.new_end;
  }
  return static_cast<uint32_t>(static_cast<int64_t>(offset) + delta);
}

PassManager::PassManager(std::vector<std::unique_ptr<Visitor>> visitors) : visitors_(std::move(visitors)) {}

int PassManager::FindVisitor(std::string_view name) const {
  std::string n = Normalize(name);
  for (size_t i = 0; i < visitors_.size(); ++i)
    if (Normalize(visitors_[i]->Name()) == n) return static_cast<int>(i);
  return -1;
}

std::vector<std::string> PassManager::VisitorNames() const {
  std::vector<std::string> out;
  for (const auto& v : visitors_) out.emplace_back(v->Name());
  return out;
}

PassResult PassManager::Run(std::string source, std::string_view path, const TranslateOptions& options) const {
  MaybeCrashForTest(source);
  std::string input = source;
  // The walks recurse as deep as the tree (up to kMaxTreeDepth levels): the
  // whole run goes on a stack big enough for them.
  PassResult result;
  RunOnLargeStack([&] { result = RunValidated(std::move(source), path, options); });
  std::vector<std::string> ignored;
  if (options.config) ignored = IgnoredCodesFor(*options.config, std::string(path));
  ApplySuppressions(&result.diagnostics, input, ignored, result.input_module.get(), options.verbose);
  return result;
}

PassResult PassManager::RunValidated(std::string source, std::string_view path, const TranslateOptions& options) const {
  // A partial pipeline (--stop-after, --only) writes no final translation to
  // check.
  if (!options.validate || !options.stop_after.empty() || !options.only.empty())
    return RunOnce(std::move(source), path, options);
  PassResult result = RunOnce(source, path, options);
  TranslateOptions current = options;
  double validating = 0, rerunning = 0;
  // Each round refuses at least one more kernel (a name of the input), so
  // after at most one round per kernel the last translation is validated and
  // passes; a round that refuses nothing new stops the loop below.
  size_t rounds = result.input_module ? result.input_module->kernels.size() + 1 : 0;
  for (size_t round = 0; round < rounds && result.ok && result.plans && result.output_tree; ++round) {
    auto t0 = std::chrono::steady_clock::now();
    // --kernel K selects K's variants too (signature_splits.h), as in the run.
    TranslateOptions checked = current;
    if (!current.kernels.empty()) {
      Tree input = Tree::Parse(source);
      TranslateOptions with_calls = current;
      with_calls.call_site_types = CallSiteTypes(input, *result.input_module).signatures;
      for (const auto& [name, variants] : PlanSignatureSplits(input, *result.input_module, path, with_calls))
        for (const SignatureVariant& v : variants) checked.kernels.push_back(v.name);
    }
    std::vector<ValidationFailure> failures = ValidateTranslation(
        {*result.output_tree, path, *result.plans, source, *result.input_module, checked});
    validating += Since(t0);
    bool progress = false;
    for (const ValidationFailure& f : failures) progress |= current.failed_validation.emplace(f.kernel, f.message).second;
    if (failures.empty()) break;
    if (!progress) {
      // Refusing the kernel did not remove the workunit: say so at the
      // kernel (exit 1) rather than pass the translation silently.
      for (const ValidationFailure& f : failures)
        for (const Kernel& k : result.input_module->kernels)
          if (k.name == f.kernel && !k.nested)
            result.diagnostics.push_back(Diagnostic::Make(DiagId::kRejectedByRuntimeChecks, "'" + f.kernel + "': " + f.message,
                                                          std::string(path))
                                             .At(k.def_start_byte, k.def_start_byte + 3));
      break;
    }
    for (const PassTiming& t : result.timings)  // analyses are inside the visitors' times
      if (t.name.rfind("analysis:", 0) != 0) rerunning += t.seconds;
    result = RunOnce(source, path, current);
  }
  result.timings.push_back({"validation", validating, 0});
  if (rerunning > 0) result.timings.push_back({"validation: discarded runs", rerunning, 0});
  return result;
}

PassResult PassManager::RunOnce(std::string source, std::string_view path, const TranslateOptions& options) const {
  PassResult result = RunPipeline(source, path, options);
  if (!result.ok || !result.input_module || !options.stop_after.empty() || !options.only.empty()) return result;
  TranslateOptions again = options;
  double declined_runs = 0, unsplit_runs = 0;
  // Each round declines one more host program or keeps one more kernel
  // whole, so it ends within a round per kernel (and one to spare).
  for (size_t round = 0; round <= 2 * result.input_module->kernels.size(); ++round) {
    // Whether a host program will run a kernel's new arrays bound twice
    // (CRB207) is known only once the PhaseLowering has decided; the plan
    // lowers the rest of such a kernel for its phases. A kernel that still
    // reports CRB207 was declined: run again, and the plan gives it what it
    // gets without a host program (plan_numpy.cpp).
    bool declined = false;
    for (const Diagnostic& d : result.diagnostics) {
      if (d.id != DiagId::kNumpyNewArray || d.severity == Severity::Note || !d.start) continue;
      for (const Kernel& k : result.input_module->kernels)
        if (*d.start >= k.start_byte && *d.start < k.end_byte)
          for (const std::string& name : {k.name, LiftedName(k.qualname)})
            declined |= again.declined_host_programs.insert(name).second;
    }
    // A kernel translated once per kind of signature whose variants did not
    // all work out (signature_splits.h): run again with it kept whole.
    bool unsplit = false;
    for (const Diagnostic& d : result.diagnostics) {
      size_t at = d.id == DiagId::kConflictingSignatures ? d.message.find(kSplitDeclined) : std::string::npos;
      std::string name = at == std::string::npos ? std::string() : KernelNamed(d);
      if (name.empty()) continue;
      unsplit |= again.unsplit_kernels.emplace(name, d.message.substr(at + kSplitDeclined.size())).second;
    }
    // A translated @vectorize ufunc whose pieces did not all translate
    // (ufuncs.h): run again with it kept whole, as Numba code.
    for (const Diagnostic& d : result.diagnostics) {
      size_t at = d.id == DiagId::kVectorize ? d.message.find(kUfuncDeclined) : std::string::npos;
      std::string name = at == std::string::npos ? std::string() : KernelNamed(d);
      if (name.empty()) continue;
      unsplit |= again.unsplit_kernels.emplace(name, d.message.substr(at + kUfuncDeclined.size())).second;
    }
    if (!declined && !unsplit) break;
    double first = 0;
    for (const PassTiming& t : result.timings)  // analyses are inside the visitors' times
      if (t.name.rfind("analysis:", 0) != 0) first += t.seconds;
    (declined ? declined_runs : unsplit_runs) += first;
    result = RunPipeline(source, path, again);
    if (!result.ok || !result.input_module) break;
  }
  if (declined_runs > 0) result.timings.push_back({"declined host programs: discarded run", declined_runs, 0});
  if (unsplit_runs > 0) result.timings.push_back({"kernels kept whole: discarded run", unsplit_runs, 0});
  return result;
}

namespace {
Diagnostic BrokeSyntax(std::string_view visitor, std::string_view output, const SyntaxProblem& problem,
                       std::string_view path) {
  LineIndex li(output);
  LineCol lc = li.At(problem.start_byte);
  return Diagnostic::Make(DiagId::kVisitorBrokeSyntax,
                          "visitor " + std::string(visitor) + " produced text that does not parse (" + problem.message +
                              " at line " + std::to_string(lc.line) + ", column " + std::to_string(lc.column) +
                              " of its output)",
                          std::string(path));
}
}  // namespace

PassResult PassManager::RunPipeline(std::string source, std::string_view path, const TranslateOptions& options) const {
  PassResult result;
  auto t0 = std::chrono::steady_clock::now();
  // A copy of the input: the KernelRestorer puts back kernels that end refused.
  const std::string input_text = source;
  Tree tree = Tree::Parse(std::move(source));
  result.timings.push_back({"parse", Since(t0), 0});

  // Syntax first: a file that does not parse is never translated.
  for (const SyntaxProblem& p : FindSyntaxProblems(tree)) {
    DiagId id = p.kind == SyntaxProblem::Kind::kPython2   ? DiagId::kPython2Syntax
                : p.kind == SyntaxProblem::Kind::kTooDeep ? DiagId::kTooDeep
                                                          : DiagId::kSyntaxError;
    auto d = Diagnostic::Make(id, p.message, std::string(path)).At(p.start_byte, p.end_byte);
    if (p.kind == SyntaxProblem::Kind::kPython2 && p.message.find("print") != std::string::npos)
      d.Help("write print(...) as a function call; Numba kernels need Python 3");
    result.diagnostics.push_back(std::move(d));
  }
  if (HasErrors(result.diagnostics)) return result;

  AnalysisCache cache;
  t0 = std::chrono::steady_clock::now();
  result.input_module = std::make_shared<ModuleInfo>(AnalyzeModule(tree, path));
  result.timings.push_back({"analysis:module", Since(t0), 0});
  for (const auto& d : result.input_module->diagnostics) result.diagnostics.push_back(d);
  cache.Put<ModuleAnalysis>(*result.input_module);
  // Kernels translated once per kind of recorded signature: planned once,
  // from the input, for every visitor of this run (signature_splits.h).
  TranslateOptions run_options = options;
  // Argument types from the module's own calls (call_site_types.h), read
  // from the input once per run, before the splits that may use them.
  if (run_options.call_site_types.empty())
    run_options.call_site_types = CallSiteTypes(tree, *result.input_module).signatures;
  run_options.signature_splits = PlanSignatureSplits(tree, *result.input_module, path, run_options);
  if (!options.kernels.empty())  // --kernel K selects K's variants too
    for (const auto& [name, variants] : run_options.signature_splits)
      for (const SignatureVariant& v : variants) run_options.kernels.push_back(v.name);

  int only = options.only.empty() ? -1 : FindVisitor(options.only);
  int stop = options.stop_after.empty() ? static_cast<int>(visitors_.size()) - 1 : FindVisitor(options.stop_after);
  // Maps from each text version back to the input, newest last.
  std::vector<OffsetMap> history;
  // Kernels lifted to module level (nested_kernels.h), in the text the
  // lifting wrote (history[lifted_at] maps it back): a diagnostic inside one
  // points into the kernel where the input defines it, and its message
  // names the kernel's qualified name.
  std::optional<LiftedPositions> lifted;
  std::optional<Tree> input_tree;  // set at the first edit; until then `tree` is the input's
  size_t lifted_at = 0;
  auto map_back = [&](uint32_t off) {
    for (size_t i = history.size(); i-- > 0;) {
      if (lifted && i == lifted_at)
        if (auto at = lifted->Back(off)) return *at;
      off = history[i].Back(off);
    }
    return off;
  };

  // Every text a visitor wrote, with what the run had then: when a text
  // fails the syntax checks, the first version that fails them names the
  // visitor, and the run ends with what it had after that visitor.
  struct Version {
    std::string_view visitor;
    std::string text;
    size_t diagnostics = 0, timings = 0;
    bool plans = false;
  };
  std::vector<Version> versions;
  // `last` is the newest version's tree, known to fail, or null.
  auto broke_syntax = [&](const Tree* last) {
    for (const Version& version : versions) {
      bool newest = &version == &versions.back();
      std::optional<Tree> parsed;
      if (!newest || !last) parsed.emplace(Tree::Parse(version.text));
      const Tree& t = parsed ? *parsed : *last;
      std::vector<SyntaxProblem> problems = FindSyntaxProblems(t);
      if (problems.empty() && newest && last)  // HasError() with no node to show: the root
        problems.push_back({SyntaxProblem::Kind::kError, 0, 0, "invalid syntax"});
      if (problems.empty()) continue;
      result.diagnostics.resize(version.diagnostics);
      result.timings.resize(version.timings);
      result.diagnostics.push_back(BrokeSyntax(version.visitor, t.Source(), problems[0], path));
      if (!version.plans) result.plans = nullptr;
      return true;
    }
    return false;
  };
  for (int i = 0; i <= stop && i < static_cast<int>(visitors_.size()); ++i) {
    if (only >= 0 && i != only) continue;
    const Visitor& v = *visitors_[i];
    Context ctx(tree, path, run_options, cache, input_text, result.input_module.get(), &result.diagnostics,
                input_tree ? &*input_tree : &tree);
    t0 = std::chrono::steady_clock::now();
    VisitorResult vr = v.Run(ctx);
    if (v.Name() == "KernelRestorer") RetractHostProgramNotes(vr.diagnostics, &result.diagnostics);
    for (auto& d : vr.diagnostics) {
      d.message = PhaseMessage(d.message);
      if (lifted) d.message = lifted->Message(d.message);
      if (d.start) {
        uint32_t s = *d.start, e = std::max(d.end, s);
        d.start = map_back(s);
        d.end = std::max(map_back(e), *d.start);
      }
      result.diagnostics.push_back(std::move(d));
    }
    if (!vr.edits.Empty()) {
      ApplyResult applied = ApplyEdits(tree.Source(), vr.edits.Edits());
      versions.push_back({v.Name(), applied.text, result.diagnostics.size(), result.timings.size() + 1,
                          result.plans != nullptr});
      if (!applied.ok()) {
        result.diagnostics.push_back(Diagnostic::Make(
            DiagId::kOverlappingEdits, "visitor " + std::string(v.Name()) + ": " + *applied.overlap,
            std::string(path)));
        result.timings.push_back({std::string(v.Name()), Since(t0), vr.edits.Size()});
        return result;
      }
      // What the next visitors rely on is checked at once: no ERROR or
      // MISSING node (the root's flag) and no nesting past the walks' limit.
      // The checks of what tree-sitter accepts and CPython refuses run once,
      // on the final text (below): on every intermediate text they cost as
      // much as a third of its parse.
      Tree next = Tree::Parse(std::move(applied.text));
      if (next.Root().HasError() || FindNestingProblem(next)) {
        result.timings.push_back({std::string(v.Name()), Since(t0), vr.edits.Size()});
        broke_syntax(&next);
        return result;
      }
      history.emplace_back(vr.edits.Edits());
      // The input's tree stays for the visitors that read the input
      // (Context::input_tree): parsing it again cost as much as any parse.
      if (!input_tree) input_tree.emplace(std::move(tree));
      tree = std::move(next);
      if (v.Name() == "NestedKernelLifting") {
        lifted.emplace(tree, AnalyzeModule(tree, path), input_text, *result.input_module);
        lifted_at = history.size() - 1;
      }
      if (v.WritesWorkunits()) result.plans = cache.Take<KernelPlanAnalysis>();
      cache.Invalidate();
    }
    result.timings.push_back({std::string(v.Name()), Since(t0), vr.edits.Size()});
  }
  // The full syntax checks, once, on the final text.
  if (!versions.empty() && !FindSyntaxProblems(tree).empty() && broke_syntax(nullptr)) return result;
  for (const auto& [name, secs] : cache.Seconds()) result.timings.push_back({"analysis:" + name, secs, 0});

  std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     uint32_t sa = a.start.value_or(0), sb = b.start.value_or(0);
                     return sa < sb;
                   });
  result.output = tree.Source();
  result.ok = !HasErrors(result.diagnostics);
  if (result.ok) result.output_tree = std::make_shared<const Tree>(std::move(tree));
  return result;
}

}  // namespace caramba
