// difftest.cpp — see difftest.h. The run of one file.
#include "caramba/difftest/difftest.h"

#include "caramba/analysis/nested_kernels.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "caramba/diagnostics.h"
#include "caramba/isolation.h"
#include "caramba/difftest/inference.h"
#include "caramba/difftest/sides.h"
#include "caramba/module_analysis.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"
#include "caramba/record/record.h"
#include "caramba/syntax.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace caramba::difftest {

const std::vector<int64_t> kDefaultSizes = {100, 100000};

std::string_view VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kEqual: return "equal";
    case Verdict::kMismatch: return "mismatch";
    case Verdict::kNotTranslated: return "not-translated";
    case Verdict::kNotTested: return "not-tested";
    case Verdict::kError: return "error";
    case Verdict::kTimeout: return "timeout";
  }
  return "?";
}

std::string KernelResult::Outcome() const {
  if (verdict != Verdict::kNotTranslated) return std::string(VerdictName(verdict));
  if (kept) return "kept";
  std::string s = "refused";
  for (size_t i = 0; i < codes.size(); ++i) s += (i ? "," : " ") + codes[i];
  return s;
}

std::string FindPython(const std::string& explicit_python) {
  if (!explicit_python.empty()) return explicit_python;
  if (const char* env = std::getenv("CARAMBA_PYTHON"); env && *env) return env;
  std::error_code ec;
  std::vector<fs::path> starts;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  // An installed caramba (pip, `cmake --install`) sits in the bin/ folder of
  // the environment it was installed into (a venv, conda, /usr), next to that
  // environment's Python: the one that has its pykokkos and Numba.
  if (!ec)
    for (const char* name : {"python", "python3"})
      if (fs::exists(exe.parent_path() / name, ec)) return (exe.parent_path() / name).string();
  if (!ec) starts.push_back(exe.parent_path());
  starts.push_back(fs::current_path(ec));
  for (fs::path dir : starts) {
    for (; !dir.empty(); dir = dir.parent_path()) {
      fs::path cand = dir / ".venv" / "bin" / "python";
      if (fs::exists(cand, ec)) return cand.string();
      if (dir == dir.parent_path()) break;
    }
  }
  return "python3";
}

namespace {

// The name a kernel is called by: `g` for `g = njit(f)` (f stays plain Python).
std::string CallName(const Kernel& k) {
  auto bound = k.options.find("bound_name");
  return bound != k.options.end() ? bound->second : k.name;
}

std::string LastLine(const std::string& text) {
  std::string t = text;
  while (!t.empty() && (t.back() == '\n' || t.back() == ' ')) t.pop_back();
  size_t nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

double Median(std::vector<double> v) {
  if (v.empty()) return -1;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// Verdict order when a kernel's cases disagree: the most important first.
int Severity(Verdict v) {
  switch (v) {
    case Verdict::kMismatch: return 5;
    case Verdict::kError: return 4;
    case Verdict::kTimeout: return 3;
    case Verdict::kEqual: return 2;
    case Verdict::kNotTested: return 1;
    default: return 0;
  }
}

std::vector<double> Times(const json& r) {
  std::vector<double> t;
  if (r.contains("times"))
    for (const auto& x : r["times"]) t.push_back(x.get<double>());
  return t;
}

// Compares the original's and the translation's results of one case.
// Returns the verdict's Difference through `diff`.
// Reads of a driver result that tolerate a missing or malformed one.
std::string Str(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j.at(key).is_string() ? j.at(key).get<std::string>() : "";
}
double Num(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j.at(key).is_number() ? j.at(key).get<double>() : -1.0;
}

const json& Field(const json& j, const char* key) {
  static const json kNull;
  return j.is_object() && j.contains(key) ? j.at(key) : kNull;
}

Verdict CompareResults(const json& o, const json& t, const std::vector<std::string>& params, const Tolerance& tol,
                       Difference* diff, std::string* detail) {
  try {
    Difference d = Compare(Value::FromJson(Field(o, "return")), Value::FromJson(Field(t, "return")), "return", tol);
    if (d.equal) {
      const json& oa = Field(o, "args");
      const json& ta = Field(t, "args");
      for (size_t i = 0; i < oa.size() && d.equal; ++i) {
        if (oa[i].is_null() && (i >= ta.size() || ta[i].is_null())) continue;
        std::string label = "argument '" + (i < params.size() ? params[i] : std::to_string(i)) + "'";
        d = Compare(Value::FromJson(oa[i]), Value::FromJson(i < ta.size() ? ta[i] : json()), label, tol);
      }
      const json& okw = Field(o, "kwargs");
      const json& tkw = Field(t, "kwargs");
      for (auto it = okw.begin(); okw.is_object() && it != okw.end() && d.equal; ++it) {
        if (it.value().is_null()) continue;
        json other = tkw.is_object() && tkw.contains(it.key()) ? tkw.at(it.key()) : json();
        d = Compare(Value::FromJson(it.value()), Value::FromJson(other), "argument '" + it.key() + "'", tol);
      }
    }
    *diff = d;
    if (!d.equal) *detail = d.Describe();
    return d.equal ? Verdict::kEqual : Verdict::kMismatch;
  } catch (const std::exception& e) {  // json::exception too: a malformed result is an error, not a crash
    *detail = std::string("cannot decode a result: ") + e.what();
    return Verdict::kError;
  }
}

// A comparison's description names its reference "Numba"; against the
// serial original it is that run.
std::string AgainstSerial(std::string detail) {
  for (size_t at = 0; (at = detail.find("Numba", at)) != std::string::npos; at += 19) detail.replace(at, 5, "the serial original");
  return detail;
}

// The first diagnostic-backed reason a kernel stays untranslated.
bool Refused(const Diagnostic& d) {
  int code = std::atoi(std::string(d.Code()).c_str() + 3);
  return code >= 100 && code < 500 && d.severity != Severity::Note;
}

// The translator's output for one file (translated twice: a translator that
// is not deterministic is a bug).
struct Translation {
  std::string text;
  std::vector<Diagnostic> diags;
  std::string failure;  // "" when it succeeded
};

Translation Translate(const std::string& source, const std::string& path, const TranslateOptions& topts) {
  Translation t;
  PassManager pm(BuildPipeline());
  // Each in its own process: a translator crash on this file is this
  // file's failure, not the end of the run.
  PassResult r = RunTranslationIsolated(pm, source, path, topts);
  PassResult again = RunTranslationIsolated(pm, source, path, topts);
  t.diags = r.diagnostics;
  if (!r.ok) {
    t.failure = "the translator failed";
    for (const auto& d : r.diagnostics)
      if (d.severity == Severity::Error) t.failure += "\n  " + std::string(d.Code()) + ": " + d.message;
  } else if (again.output != r.output) {
    t.failure = "the translator is not deterministic: two translations of this file differ";
  }
  t.text = r.output;
  return t;
}

// True when a case's inputs, as the original side described them
// ("arg_types"), are the argument types of one of the recorded signatures.
bool OfRecordedTypes(const json& result, const ProfiledKernel& typed) {
  if (!result.is_object() || !result.contains("arg_types") || !result["arg_types"].is_array()) return false;
  const json& got = result["arg_types"];
  for (const ProfiledSignature& s : typed.signatures) {
    bool same = s.args.size() == got.size();
    for (size_t i = 0; same && i < got.size(); ++i) {
      if (!got[i].is_array() || got[i].size() != 2) {
        same = false;
        break;
      }
      auto dtype = ScalarFromName(got[i][0].get<std::string>());
      same = dtype && *dtype == s.args[i].type.scalar && got[i][1].get<int>() == s.args[i].type.rank;
    }
    if (same) return true;
  }
  return false;
}

// The types the original side recorded, as a type source for this file's
// translation: paths of the copy in the work folder mapped back to the file.
// Generated inputs run last and the driver stops recording before them (their
// types would be our own static guess fed back to us), so a kernel tested on
// generated inputs alone has types only where a marker's kernel called it.
TypeProfile RecordedTypes(const TypeProfile& recorded, const std::string& copy, const std::string& path) {
  TypeProfile out;
  std::error_code ec;
  std::string copy_canonical = fs::weakly_canonical(copy, ec).string();
  std::string file = fs::absolute(path, ec).lexically_normal().string();
  for (ProfiledKernel k : recorded.kernels) {
    if (k.canonical == copy_canonical) k.file = file;
    out.kernels.push_back(std::move(k));
  }
  CanonicalizeFiles(&out);
  return out;
}

}  // namespace

FileResult Difftester::RunFile(const std::string& path, const DirectiveSet& cases_file) {
  FileResult fr;
  fr.path = path;
  Diagnostic rd;
  std::optional<std::string> source = fs_.Read(path, &rd);
  if (!source) {
    fr.error = rd.message;
    return fr;
  }
  if (auto bad = CheckSourceBytes(*source, path)) {
    fr.error = bad->message;
    return fr;
  }
  // The project's type profile (--types, --no-types, .caramba/types.json).
  TranslateOptions topts = opts_.translate;
  std::string profile_error;
  if (!profiles_.For(path, &topts.profile, &profile_error)) {
    fr.error = "CRB012: " + profile_error;
    return fr;
  }

  Tree tree = Tree::Parse(*source);
  // The analyses below walk the tree recursively: a file nested deeper than
  // the translator follows is refused before them, as the translator does.
  if (auto deep = FindNestingProblem(tree)) {
    fr.error = "CRB019: " + deep->message;
    return fr;
  }
  auto module = std::make_shared<ModuleInfo>(AnalyzeModule(tree, path));
  // With a given translation there is nothing to translate, and a file that
  // does not parse is not worth a Python process: no recording then.
  const bool given = !opts_.translation_file.empty();
  const bool record = opts_.record && !given && !tree.Root().HasError();
  Translation tr;
  if (given) {
    Diagnostic td;
    auto t = fs_.Read(opts_.translation_file, &td);
    if (!t) {
      fr.error = "--translation: " + td.message;
      return fr;
    }
    tr.text = *t;
    // Which originals race is a property of the source: the translator's
    // notes say it (CRB406) also when the translation is given.
    PassResult r = RunTranslationIsolated(PassManager(BuildPipeline()), *source, path, topts);
    for (const auto& d : r.diagnostics)
      if (d.Code() == "CRB406") tr.diags.push_back(d);
  }
  if (module->kernels.empty()) {
    if (!given) tr = Translate(*source, path, topts);
    if (!tr.failure.empty()) fr.error = tr.failure;  // e.g. a syntax error
    else fr.warnings.push_back("no Numba kernels in this file");
    return fr;
  }
  // Without recording, the translation comes first: kernels it refuses are
  // not run at all.
  // -v: what the translator said, as `caramba FILE` would print it.
  auto keep_diagnostics = [&] {
    if (!opts_.verbose) return;
    fr.translator_diagnostics.clear();
    for (const auto& d : tr.diags) fr.translator_diagnostics.push_back(RenderText(d, *source));
  };
  if (!given && !record) {
    tr = Translate(*source, path, topts);
    keep_diagnostics();
  }

  // 1. Directives: the cases file wins over markers, per kernel.
  DirectiveSet markers = ParseMarkers(*source, path);
  for (const auto& e : markers.errors) fr.warnings.push_back("bad marker: " + e);
  std::map<std::string, std::vector<int64_t>> declared = markers.sizes;
  for (const auto& [k, v] : cases_file.sizes) declared[k] = v;
  SizeTable sizes = SizeTable::Make(kDefaultSizes, declared, opts_.sizes);
  std::set<std::string> kernel_names;
  for (const auto& k : module->kernels) kernel_names.insert(CallName(k));
  for (const auto& k : module->kernels) kernel_names.insert(k.name);
  // A kernel a factory returns is called through the names bound to it.
  std::vector<std::vector<std::string>> factory_names;
  for (const auto& k : module->kernels) {
    factory_names.push_back(FactoryBindings(tree, k));
    kernel_names.insert(factory_names.back().begin(), factory_names.back().end());
  }
  for (const auto& r : markers.runs)
    if (!kernel_names.count(r.kernel))
      fr.warnings.push_back(r.origin + ": runas names '" + r.kernel + "', which is not a Numba kernel of this file");

  // Names the original defines, so call_<name> in a translation is recognised as a caller.
  std::set<std::string> top_names;
  for (const Node& n : tree.Root().NamedChildren()) {
    Node def = n.Type() == "decorated_definition" ? n.ChildByField("definition") : n;
    if (def.Type() == "function_definition" || def.Type() == "class_definition")
      top_names.insert(std::string(def.ChildByField("name").Text()));
  }

  // Refusals come from the translation: kernels it left as Numba code are not
  // compared. Returns true when the kernel is out.
  const auto& kernels = module->kernels;
  fr.kernels.resize(kernels.size());
  // A @vectorize ufunc is translated too (ufuncs.h); a CRB101 refusal says
  // when it is not.
  auto translatable = [](const Kernel& k) { return IsTranslatableKind(k.kind) || k.kind == JitKind::kVectorize; };
  auto refused = [&](size_t ki) {
    const Kernel& k = kernels[ki];
    KernelResult& kr = fr.kernels[ki];
    std::string first;  // the first refusal explains the verdict (over a not-tested reason)
    for (const auto& d : tr.diags)
      if (Refused(d) && d.start && KernelCovers(k, *d.start)) {
        std::string code(d.Code());
        if (std::find(kr.codes.begin(), kr.codes.end(), code) == kr.codes.end()) kr.codes.push_back(code);
        if (first.empty()) first = code + ": " + d.message;
      }
    if (!kr.codes.empty()) {
      kr.verdict = Verdict::kNotTranslated;
      kr.detail = first;
      return true;
    }
    // The user keeps it on Numba (`# caramba: keep`): the translation holds
    // the original, so there is nothing to prove, and running both sides
    // would compare Numba with itself.
    if (k.keep) {
      kr.verdict = Verdict::kNotTranslated;
      kr.kept = true;
      kr.detail = "kept as Numba code: the source marks it '# caramba: keep'";
      return true;
    }
    if (!translatable(k)) return false;  // its own verdict, below
    if (!tr.failure.empty()) {
      kr.verdict = Verdict::kError;
      kr.detail = tr.failure;
      return true;
    }
    return false;
  };

  auto not_translated_kind = [&](size_t i) {
    fr.kernels[i].verdict = Verdict::kNotTranslated;
    fr.kernels[i].detail = "a " + std::string(JitKindName(kernels[i].kind)) + " kernel is not translated";
  };

  // 2. Per kernel: not translated, not testable, or its cases.
  std::vector<PlannedCase> planned;
  for (size_t ki = 0; ki < kernels.size(); ++ki) {
    const Kernel& k = kernels[ki];
    KernelResult& kr = fr.kernels[ki];
    kr.qualname = k.qualname.empty() ? k.name : k.qualname;
    kr.line = k.line;
    kr.uses_prange = !k.prange_loops.empty();
    kr.fastmath = k.Option("fastmath");
    std::string kernel_text = source->substr(k.start_byte, k.end_byte - k.start_byte);
    if (!record) {
      kr.unchanged = tr.text.find(kernel_text) != std::string::npos;
      if (refused(ki)) continue;
    }
    if (!translatable(k)) {
      if (!record) not_translated_kind(ki);  // recording: once the translation's codes are known
      continue;
    }
    std::vector<Case> cases;
    std::vector<std::string> calls;  // the name each case calls
    const std::vector<std::string>& factory = factory_names[ki];
    for (const DirectiveSet* set : std::vector<const DirectiveSet*>{&cases_file, &markers}) {
      for (const auto& r : set->runs) {
        bool made = std::find(factory.begin(), factory.end(), r.kernel) != factory.end();
        if (made || r.kernel == k.name || r.kernel == kr.qualname || r.kernel == CallName(k))
          for (auto& c : ExpandDirective(r, sizes)) {
            cases.push_back(std::move(c));
            // A static method is called through its class (`Integrator.trapezoid`).
            bool through_class = r.kernel == kr.qualname && kr.qualname.find('.') != std::string::npos &&
                                 kr.qualname.find("<locals>") == std::string::npos;
            calls.push_back(made || through_class ? r.kernel : CallName(k));
          }
      }
      if (!cases.empty()) break;
    }
    bool generated = false;
    if (cases.empty()) {
      std::string reason;
      cases = GenerateCases(tree, *module, k, sizes, &reason);
      if (cases.empty()) {
        kr.verdict = Verdict::kNotTested;
        kr.detail = reason.empty() ? "no inputs could be made" : reason;
        continue;
      }
      generated = true;
    }
    for (size_t ci = 0; ci < cases.size(); ++ci) {
      PlannedCase pc;
      pc.id = "k" + std::to_string(ki) + "c" + std::to_string(ci);
      pc.kernel = ki;
      pc.index = ci;
      pc.input = cases[ci];
      pc.call = ci < calls.size() ? calls[ci] : CallName(k);
      if (!top_names.count("call_" + pc.call)) pc.alt_call = "call_" + pc.call;
      pc.generated = generated;
      planned.push_back(std::move(pc));
      CaseResult cr;
      cr.input = cases[ci];
      kr.cases.push_back(std::move(cr));
    }
  }
  // Generated inputs last: recording stops before them (RecordedTypes).
  std::stable_partition(planned.begin(), planned.end(), [](const PlannedCase& c) { return !c.generated; });
  // Recording: the translation comes once the original has run; kernels it
  // refuses are dropped then, with their cases.
  auto classify = [&] {
    keep_diagnostics();
    for (size_t ki = 0; ki < kernels.size(); ++ki) {
      KernelResult& kr = fr.kernels[ki];
      const Kernel& k = kernels[ki];
      kr.unchanged = tr.text.find(source->substr(k.start_byte, k.end_byte - k.start_byte)) != std::string::npos;
      if (refused(ki)) kr.cases.clear();
      else if (!translatable(k)) not_translated_kind(ki);
    }
  };
  if (planned.empty()) {
    if (record) {
      tr = Translate(*source, path, topts);
      classify();
    }
    return fr;
  }

  // 3. The work folder: driver, the two modules, plans and inputs.
  std::string tmpl = (fs::path(opts_.keep_root.empty() ? fs::temp_directory_path().string() : opts_.keep_root) /
                      "caramba-difftest-XXXXXX")
                         .string();
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data())) {
    fr.error = "cannot create a work folder under " + fs::path(tmpl).parent_path().string();
    return fr;
  }
  std::string work = buf.data();
  std::error_code ec;
  fs::create_directories(fs::path(work) / "inputs", ec);
  fs::create_directories(fs::path(work) / "original", ec);
  fs::create_directories(fs::path(work) / "translated", ec);
  std::string stem = fs::path(path).filename().string();
  std::string orig_path = (fs::path(work) / "original" / stem).string();
  std::string trans_path = (fs::path(work) / "translated" / stem).string();
  std::string source_dir = fs::absolute(fs::path(path), ec).parent_path().string();
  { std::ofstream(orig_path, std::ios::binary) << *source; }
  { std::ofstream(fs::path(work) / "driver.py", std::ios::binary) << DriverSource(); }
  std::string python = FindPython(opts_.python);

  // 4. The Numba original first (it makes and saves the inputs). Recording,
  // it runs every kernel's cases and Numba's types of those runs become a
  // type source of the translation, after the project's own profile.
  std::map<std::string, SideResult> orig;
  auto run_original = [&](const std::map<std::string, std::string>& env) {
    if (planned.empty()) return;
    progress_ << "difftest: " << path << ": " << planned.size() << " case(s), Numba original …\n";
    orig = RunSide(runner_, python, work, "original", orig_path, source_dir, planned, opts_, progress_, env);
  };
  if (record) {
    std::string why;
    std::unique_ptr<record::Recording> rec = record::Recording::Start(&why);
    if (!rec) {
      fr.error = "cannot record types: " + why;
      fs::remove_all(work, ec);
      return fr;
    }
    run_original(rec->Environment());
    std::vector<std::string> warnings;
    TypeProfile seen = RecordedTypes(rec->Collect(&warnings), orig_path, path);
    for (auto& w : warnings) fr.warnings.push_back(std::move(w));
    if (!seen.kernels.empty()) {
      auto merged = std::make_shared<TypeProfile>(topts.profile ? *topts.profile : TypeProfile());
      AddMissingKernels(merged.get(), seen);
      topts.profile = std::move(merged);
      // --keep: the profile next to the driver, to translate by hand with
      // caramba FILE --types types.json.
      if (opts_.keep) std::ofstream(fs::path(work) / "types.json", std::ios::binary) << TypeProfileToJson(*topts.profile);
    }
    tr = Translate(*source, path, topts);
    classify();
    // A kernel translated for the types your code calls it with (recorded
    // through its marked callers, or in the project's profile) is compared on
    // inputs generated from static guesses only when they are of those types:
    // others its translation rightly rejects.
    for (size_t ki = 0; ki < kernels.size(); ++ki) {
      KernelResult& kr = fr.kernels[ki];
      const ProfiledKernel* typed = topts.profile ? topts.profile->Find(path, kr.qualname) : nullptr;
      if (kr.cases.empty() || typed == nullptr || typed->signatures.empty()) continue;
      bool foreign = false;
      for (const PlannedCase& pc : planned)
        if (pc.kernel == ki && pc.generated && !OfRecordedTypes(orig[pc.id].result, *typed)) foreign = true;
      if (!foreign) continue;
      kr.cases.clear();
      kr.verdict = Verdict::kNotTested;
      kr.detail = "translated for the types your code calls it with (recorded); its generated inputs are of "
                  "other types: give it a run marker to compare it on its own";
    }
    std::vector<PlannedCase> kept;
    for (auto& pc : planned)
      if (!fr.kernels[pc.kernel].cases.empty()) kept.push_back(std::move(pc));
    planned = std::move(kept);
    if (planned.empty()) {
      if (opts_.keep) fr.work_dir = work;
      else fs::remove_all(work, ec);
      return fr;
    }
  } else {
    run_original({});
  }
  { std::ofstream(trans_path, std::ios::binary) << tr.text; }
  // Kernels translated with atomics (CRB406): the Numba original races, the
  // serial original is the oracle.
  for (size_t ki = 0; ki < kernels.size(); ++ki)
    for (const auto& d : tr.diags)
      if (d.Code() == "CRB406" && d.start && *d.start >= kernels[ki].start_byte && *d.start < kernels[ki].end_byte)
        fr.kernels[ki].serial_oracle = true;

  // 5. The translation, on the cases the original could run.
  std::vector<PlannedCase> second;
  for (const auto& pc : planned) {
    const SideResult& o = orig[pc.id];
    std::string st = Str(o.result, "status");
    if (o.state == SideResult::State::kDone && (st == "ok" || st == "raised")) second.push_back(pc);
  }
  progress_ << "difftest: " << path << ": translation …\n";
  auto trans = RunSide(runner_, python, work, "translation", trans_path, source_dir, second, opts_, progress_, {});

  // 6. Compare, case by case.
  std::vector<const PlannedCase*> racy;
  std::set<std::string> serial;  // cases judged against the serial original
  for (size_t i = 0; i < planned.size(); ++i) {
    const PlannedCase& pc = planned[i];
    KernelResult& kr = fr.kernels[pc.kernel];
    CaseResult& cr = kr.cases[pc.index];
    const SideResult& o = orig[pc.id];
    bool generated = pc.input.origin == "generated";
    auto set = [&](Verdict v, std::string detail) {
      cr.verdict = v;
      cr.detail = std::move(detail);
    };
    if (o.state == SideResult::State::kTimeout) {
      set(Verdict::kTimeout, "the Numba original " + o.note);
      continue;
    }
    if (o.state != SideResult::State::kDone) {
      set(Verdict::kError, "the Numba original: " + o.note);
      continue;
    }
    std::string ost = Str(o.result, "status");
    cr.numba_first_s = Num(o.result, "first_call_s");
    cr.numba_s = Median(Times(o.result));
    if (ost == "input-error") {
      std::string tb = Str(o.result, "traceback");
      if (generated) set(Verdict::kNotTested, "generated inputs could not be built: " + LastLine(tb));
      else set(Verdict::kError, "the runas arguments (" + pc.input.origin + ") failed:\n" + tb);
      continue;
    }
    if (ost == "missing") {
      set(Verdict::kError, "the original: " + Str(o.result, "message"));
      continue;
    }
    if (ost == "raised" && generated) {
      set(Verdict::kNotTested, "the Numba original raised " + Str(o.result, "exception") +
                                   " on generated inputs (" + LastLine(Str(o.result, "message")) +
                                   "); add a `# caramba: runas` marker with valid inputs");
      continue;
    }
    const SideResult& t = trans[pc.id];
    if (t.state == SideResult::State::kTimeout) {
      set(Verdict::kTimeout, "the translation " + t.note);
      continue;
    }
    if (t.state != SideResult::State::kDone) {
      set(Verdict::kError, "the translation: " + t.note);
      continue;
    }
    std::string tst = Str(t.result, "status");
    cr.translation_first_s = Num(t.result, "first_call_s");
    cr.translation_s = Median(Times(t.result));
    if (tst == "missing") {
      set(Verdict::kError, "the translation: " + Str(t.result, "message") +
                               " (a translated kernel keeps its name as a caller)");
      continue;
    }
    if (ost == "raised") {
      std::string oe = Str(o.result, "exception");
      if (tst == "raised" && Str(t.result, "exception") == oe) {
        // The verdict is on the exception's type (a caller's shape check
        // words its ValueError its own way); the detail shows both messages
        // when they differ.
        std::string om = LastLine(Str(o.result, "message")), tm = LastLine(Str(t.result, "message"));
        set(Verdict::kEqual, "both raised " + oe + (om == tm ? " (" + om + ")"
                                                             : " (Numba: " + om + "; the translation: " + tm + ")"));
      } else {
        set(Verdict::kMismatch, "the Numba original raised " + oe + " (" + Str(o.result, "message") + ")" +
                                    (tst == "raised" ? ", the translation " + Str(t.result, "exception")
                                                     : ", the translation returned normally"));
      }
      continue;
    }
    if (tst == "raised" || tst == "input-error") {
      set(Verdict::kError, "the translation raised " + Str(t.result, "exception") + ":\n" +
                               Str(t.result, "traceback"));
      continue;
    }
    std::string detail;
    Verdict v = CompareResults(o.result, t.result, kernels[pc.kernel].params, opts_.tolerance, &cr.difference,
                               &detail);
    set(v, detail);
    if (kr.serial_oracle) serial.insert(pc.id);
    if ((v == Verdict::kMismatch && (kr.uses_prange || kr.fastmath)) || kr.serial_oracle) racy.push_back(&pc);
  }

  // 7. Racy originals: the pure-Python run decides who is right.
  if (!racy.empty()) {
    std::vector<PlannedCase> again;
    for (const PlannedCase* pc : racy) again.push_back(*pc);
    progress_ << "difftest: " << path << ": "
              << (serial.size() == again.size() ? "kernels the Numba original races in"
                                                : "mismatch in a prange kernel")
              << ", running the original as pure Python …\n";
    auto py = RunSide(runner_, python, work, "python", orig_path, source_dir, again, opts_, progress_, {});
    for (const PlannedCase& pc : again) {
      KernelResult& kr = fr.kernels[pc.kernel];
      CaseResult& cr = kr.cases[pc.index];
      const SideResult& p = py[pc.id];
      if (p.state != SideResult::State::kDone || Str(p.result, "status") != "ok") {
        cr.pure_python = "the pure-Python run failed: " +
                         (p.state == SideResult::State::kDone ? LastLine(Str(p.result, "traceback")) : p.note);
        if (serial.count(pc.id))
          cr.detail += (cr.detail.empty() ? "" : "\n  ") + std::string("compared with the Numba kernel, which races: ") +
                       cr.pure_python;
        continue;
      }
      Difference d;
      std::string detail;
      Verdict v = CompareResults(p.result, trans[pc.id].result, kernels[pc.kernel].params, opts_.tolerance, &d,
                                 &detail);
      if (serial.count(pc.id)) {
        // The serial original is the oracle (CRB406); Numba's parallel
        // answer is reported, not judged.
        std::string numba = cr.verdict == Verdict::kEqual ? "" : "; the Numba parallel run differs: " + cr.detail;
        cr.oracle = "serial original";
        cr.pure_python = v == Verdict::kEqual ? "equal" : "different";
        cr.difference = d;
        cr.verdict = v;
        cr.detail = v == Verdict::kEqual
                        ? "equal (against the serial original: the Numba kernel races)" + numba
                        : "against the serial original (NUMBA_DISABLE_JIT=1; the Numba kernel races): " +
                              AgainstSerial(detail);
        continue;
      }
      cr.pure_python = v == Verdict::kEqual ? "equal" : "different";
      if (kr.fastmath && v == Verdict::kEqual) {
        // fastmath lets Numba's answer differ from IEEE arithmetic; the
        // translation computes the kernel's own (pure-Python) semantics.
        cr.oracle = "pure-Python original";
        cr.verdict = Verdict::kEqual;
        cr.detail = "equal (against the original run as pure Python: the Numba kernel uses fastmath=True; its "
                    "answer differs: " + cr.detail + ")";
        continue;
      }
      cr.detail += v == Verdict::kEqual
                       ? "\n  the translation equals the original run as pure Python (NUMBA_DISABLE_JIT=1): the "
                         "Numba original races under prange (an oracle disagreement, not a translation bug)"
                       : "\n  the translation also differs from the original run as pure Python: " + detail;
    }
  }

  // 8. Kernel verdicts from their cases.
  for (KernelResult& kr : fr.kernels) {
    if (kr.cases.empty()) continue;
    const CaseResult* worst = &kr.cases[0];
    for (const auto& c : kr.cases)
      if (Severity(c.verdict) > Severity(worst->verdict)) worst = &c;
    kr.verdict = worst->verdict;
    kr.detail = worst->verdict == Verdict::kEqual ? "" : "[" + worst->input.label + ", " + worst->input.origin + "] " + worst->detail;
    bool serial_all = true;
    for (const auto& c : kr.cases) serial_all = serial_all && c.oracle == "serial original";
    if (kr.verdict == Verdict::kEqual && serial_all)
      kr.detail = "equal (against the serial original: the Numba kernel races)";
  }
  if (opts_.keep) {
    fr.work_dir = work;
  } else {
    fs::remove_all(work, ec);
  }
  return fr;
}

}  // namespace caramba::difftest
