// recorded_types.cpp — parameter types from evidence: eager signatures, the
// types `caramba record` saw Numba compile, and the static fallback of
// TypeParameters (see type_inference.h). Kept apart from StaticTyping, which
// reads only the kernel's text.
#include "caramba/analysis/type_inference.h"

#include "caramba/analysis/nested_kernels.h"
#include "caramba/analysis/phases.h"
#include "caramba/analysis/signature_splits.h"

namespace caramba {

namespace {

// Two recorded types that give the same source text.
bool SameSource(const Type& a, const Type& b) { return a.scalar == b.scalar && a.rank == b.rank; }

std::string Describe(const Type& t) {
  if (t.rank == 0) return std::string(ScalarName(t.scalar));
  return std::to_string(t.rank) + "-D " + std::string(ScalarName(t.scalar)) + " array";
}

}  // namespace
// ---- recorded types ------------------------------------------------------------

std::optional<RecordedTypes> FindRecordedTypes(const Kernel& k, std::string_view path,
                                               const TranslateOptions& options) {
  RecordedTypes out;
  std::vector<std::vector<Type>> sigs;
  std::vector<std::optional<Type>> results;
  const ProfiledKernel* profiled = options.profile ? options.profile->Find(path, k.qualname) : nullptr;
  if (profiled && profiled->signatures.empty()) profiled = nullptr;
  auto calls = options.call_site_types.find(k.name);
  if (!k.signatures.empty()) {
    out.source = "eager signature";
    for (const Signature& s : k.signatures) {
      sigs.push_back(s.args);
      results.push_back(s.result);
    }
  } else if (profiled) {
    const ProfiledKernel* pk = profiled;
    out.source = "type profile";
    for (const ProfiledSignature& s : pk->signatures) {
      std::vector<Type> args;
      for (const ProfiledType& a : s.args) {
        if (!a.Known() && out.unsupported.empty()) out.unsupported = a.numba;
        args.push_back(a.type);
      }
      // A kernel lifted to module level (nested_kernels.h) takes what it read
      // from its enclosing function as trailing parameters: Numba typed them
      // as locals. Without their types the recording says too little.
      if (k.name != k.qualname && k.name == LiftedName(k.qualname))
        for (size_t i = args.size(); i < k.params.size(); ++i) {
          auto local = s.locals.find(k.params[i]);
          if (local == s.locals.end() || !local->second.Known()) return std::nullopt;
          args.push_back(local->second.type);
        }
      sigs.push_back(std::move(args));
      if (s.result.Known() || s.result.type.scalar == Scalar::kNone) results.push_back(s.result.type);
      else results.push_back(std::nullopt);
    }
    // Locals: the first signature's, when every signature agrees (checked
    // below through the parameters; locals follow from them).
    for (const auto& [name, t] : pk->signatures[0].locals)
      if (t.Known()) out.locals[name] = t.type;
  } else if (calls != options.call_site_types.end() && !calls->second.empty()) {
    // The module's own calls (call_site_types.h): the types Numba compiles
    // for them, without the return type and the locals it would infer.
    out.source = "calls in this file";
    for (const std::vector<Type>& s : calls->second) {
      sigs.push_back(s);
      results.push_back(std::nullopt);
    }
  } else {
    return std::nullopt;
  }
  out.params = sigs[0];
  out.result = results[0];
  // Complex numbers have no PyKokkos view or scalar type.
  for (const auto& sig : sigs)
    for (const Type& t : sig)
      if (IsComplex(t.scalar) && out.unsupported.empty()) out.unsupported = t.ToString();
  if (out.result && IsComplex(out.result->scalar) && out.unsupported.empty()) out.unsupported = out.result->ToString();
  for (size_t s = 1; s < sigs.size() && out.conflict.empty(); ++s) {
    if (sigs[s].size() != sigs[0].size()) {
      out.conflict = "signatures with different numbers of arguments";
      break;
    }
    for (size_t i = 0; i < sigs[s].size(); ++i) {
      if (SameSource(sigs[s][i], sigs[0][i])) continue;
      const char* what = sigs[s][i].rank != sigs[0][i].rank
                             ? (sigs[s][i].rank == 0 || sigs[0][i].rank == 0 ? "a scalar and an array"
                                                                              : "arrays of different ranks")
                             : "different element types";
      out.conflict = "argument " + std::to_string(i + 1) + " was " + Describe(sigs[0][i]) + " and " +
                     Describe(sigs[s][i]) + " (" + what + ")";
      break;
    }
  }
  return out;
}

const char* const kRecordTypesHelp =
    "record the types Numba sees when your code runs: `caramba record -- python your_script.py` (or your test "
    "command), then translate again; or give the kernel an eager signature";

ParamTyping TypeParameters(const Kernel& k, const std::vector<std::string>& params, std::string_view path,
                           const TranslateOptions& options, const StaticTyping& typing,
                           const std::map<std::string, int>& ranks) {
  ParamTyping out;
  out.recorded = FindRecordedTypes(k, path, options);
  if (const auto& rec = out.recorded) {
    if (!rec->unsupported.empty())
      out.refusals.push_back({DiagId::kRecordedTypeUnsupported,
                              "was called with an argument of type '" + rec->unsupported + "' (" + rec->source +
                                  "), which PyKokkos cannot take",
                              ""});
    else if (!rec->conflict.empty())
      out.refusals.push_back(
          {DiagId::kConflictingSignatures,
           "is called with signatures that need different translations: " + rec->conflict + " (" + rec->source + ")" +
               (options.unsplit_kernels.count(k.name) ? std::string(kSplitDeclined) + options.unsplit_kernels.at(k.name)
                                                      : std::string()),
           "calls from other kernels are not affected (each signature becomes its own @pk.function there); "
           "for calls from Python, convert the argument to one type before the call, or define one kernel per "
           "kind of argument, then record the types again"});
    for (size_t i = 0; i < params.size(); ++i)
      out.types[params[i]] = i < rec->params.size() ? rec->params[i] : Type{};
    return out;
  }
  for (const std::string& p : params) {
    auto it = ranks.find(p);
    if (it != ranks.end()) {
      out.types[p] = Type{Scalar::kFloat64, it->second, 'A'};
      out.unknown_dtype.insert(p);
      continue;
    }
    Scalar s = typing.ScalarParamType(p);
    // A phase kernel's scalars carry the types its kernel's analysis gave
    // them (phases.h): its code is part of that kernel's, which those types
    // were checked against.
    if (!PhaseOwner(k.name).empty() && typing.AnnotatedScalar(p) != Scalar::kUnknown) s = typing.AnnotatedScalar(p);
    if (s == Scalar::kUnknown && typing.IsUsed(p)) {
      if (!typing.HasScalarUse(p)) {
        out.no_kind_evidence.insert(p);
        out.refusals.push_back({DiagId::kNoTypeEvidence,
                                "nothing in the kernel says whether parameter '" + p + "' is a scalar or an array",
                                kRecordTypesHelp});
      } else {
        out.assumed_float.insert(p);
      }
    }
    // A parameter that may be an array stays of unknown type, so that no
    // later decision (the NumPy lowering's broadcasting) takes it as a scalar.
    if (out.no_kind_evidence.count(p)) out.types[p] = Type{};
    else out.types[p] = Type{s == Scalar::kUnknown ? Scalar::kFloat64 : s, 0, 'A'};
  }
  return out;
}

}  // namespace caramba
