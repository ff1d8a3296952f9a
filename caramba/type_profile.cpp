// type_profile.cpp — see type_profile.h; the file format is documented in
// docs/types.md.
#include "caramba/type_profile.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

namespace fs = std::filesystem;
using nlohmann::json;

namespace caramba {

namespace {

// Numba's own spellings of the dtypes it prints (str(types.float64) ...).
// Looser names (f8, float_, int) never appear in a recording: a file that
// says "float_" was not written by Numba, so it is not guessed at.
std::optional<Scalar> DtypeFromNumba(std::string_view name) {
  static const std::map<std::string_view, Scalar> kNames = {
      {"bool", Scalar::kBool},         {"int8", Scalar::kInt8},       {"int16", Scalar::kInt16},
      {"int32", Scalar::kInt32},       {"int64", Scalar::kInt64},     {"uint8", Scalar::kUInt8},
      {"uint16", Scalar::kUInt16},     {"uint32", Scalar::kUInt32},   {"uint64", Scalar::kUInt64},
      {"float32", Scalar::kFloat32},   {"float64", Scalar::kFloat64}, {"complex64", Scalar::kComplex64},
      {"complex128", Scalar::kComplex128},
  };
  auto it = kNames.find(name);
  if (it == kNames.end()) return std::nullopt;
  return it->second;
}

std::string DtypeSpelling(Scalar s) { return s == Scalar::kBool ? "bool" : std::string(ScalarName(s)); }

// A structural problem of the file, with where it is ("kernels[2].signatures[0].args[1]").
struct FormatError {
  std::string where, what;
};

const json& Need(const json& obj, const char* key, json::value_t type, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end()) throw FormatError{where, std::string("missing \"") + key + "\""};
  bool ok = it->type() == type ||
            (type == json::value_t::number_integer && it->type() == json::value_t::number_unsigned);
  if (!ok) throw FormatError{where + "." + key, std::string("expected ") + json(type).type_name() +
                                                   ", found " + it->type_name()};
  return *it;
}

ProfiledType ParseType(const json& j, const std::string& where) {
  if (!j.is_object()) throw FormatError{where, std::string("expected a type object, found ") + j.type_name()};
  ProfiledType t;
  t.numba = Need(j, "numba", json::value_t::string, where).get<std::string>();
  std::string kind = Need(j, "kind", json::value_t::string, where).get<std::string>();
  auto dtype = [&] {
    // A dtype this build does not know (a newer Numba's float16) stays
    // unknown: its Numba spelling still tells the consumer what it was.
    auto s = DtypeFromNumba(Need(j, "dtype", json::value_t::string, where).get<std::string>());
    return s ? *s : Scalar::kUnknown;
  };
  if (kind == "array") {
    t.type.scalar = dtype();
    int64_t ndim = Need(j, "ndim", json::value_t::number_integer, where).get<int64_t>();
    if (ndim < 1 || ndim > 32) throw FormatError{where + ".ndim", "an array has 1 to 32 dimensions"};
    t.type.rank = static_cast<int>(ndim);
    std::string layout = Need(j, "layout", json::value_t::string, where).get<std::string>();
    if (layout != "C" && layout != "F" && layout != "A")
      throw FormatError{where + ".layout", "expected \"C\", \"F\" or \"A\", found \"" + layout + "\""};
    t.type.layout = layout[0];
    if (auto it = j.find("readonly"); it != j.end() && it->is_boolean()) t.readonly = it->get<bool>();
  } else if (kind == "scalar") {
    t.type.scalar = dtype();
  } else if (kind == "none") {
    t.type.scalar = Scalar::kNone;
  } else if (kind != "other") {
    throw FormatError{where + ".kind", "expected array, scalar, none or other, found \"" + kind + "\""};
  }
  return t;
}

ProfiledSignature ParseSignatureEntry(const json& j, const std::string& where) {
  if (!j.is_object()) throw FormatError{where, "expected an object"};
  ProfiledSignature s;
  const json& args = Need(j, "args", json::value_t::array, where);
  for (size_t i = 0; i < args.size(); ++i)
    s.args.push_back(ParseType(args[i], where + ".args[" + std::to_string(i) + "]"));
  s.result = ParseType(Need(j, "return", json::value_t::object, where), where + ".return");
  if (auto it = j.find("locals"); it != j.end() && !it->is_null()) {
    if (!it->is_object()) throw FormatError{where + ".locals", "expected an object"};
    for (auto l = it->begin(); l != it->end(); ++l)
      s.locals.emplace(l.key(), ParseType(l.value(), where + ".locals." + l.key()));
  }
  if (auto it = j.find("unstable_locals"); it != j.end() && !it->is_null()) {
    if (!it->is_array()) throw FormatError{where + ".unstable_locals", "expected an array"};
    for (const auto& n : *it) {
      if (!n.is_string()) throw FormatError{where + ".unstable_locals", "expected names"};
      s.unstable_locals.push_back(n.get<std::string>());
    }
  }
  return s;
}

std::string Normal(const fs::path& p) {
  std::error_code ec;
  fs::path abs = fs::absolute(p, ec);
  return (ec ? p : abs).lexically_normal().string();
}

std::string Canonical(const std::string& file) {
  if (file.empty()) return "";
  std::error_code ec;
  fs::path c = fs::canonical(file, ec);
  return ec ? Normal(file) : c.string();
}

// A signature's identity: its argument types as Numba spelled them.
std::string SignatureKey(const ProfiledSignature& s) {
  std::string k;
  for (const auto& a : s.args) k += a.numba + "\x1f";
  return k;
}

void SortSignatures(ProfiledKernel* k) {
  std::stable_sort(k->signatures.begin(), k->signatures.end(),
                   [](const ProfiledSignature& a, const ProfiledSignature& b) {
                     return SignatureKey(a) < SignatureKey(b);
                   });
}

// Adds `s` to `k`, replacing a signature with the same argument types.
void PutSignature(ProfiledKernel* k, const ProfiledSignature& s) {
  std::string key = SignatureKey(s);
  for (auto& old : k->signatures)
    if (SignatureKey(old) == key) {
      old = s;
      return;
    }
  k->signatures.push_back(s);
}

// Writing: each type on one line, so a profile reads as a table of types.
std::string TypeJson(const ProfiledType& t) {
  std::string s = "{\"numba\": " + json(t.numba).dump();
  if (t.type.scalar == Scalar::kNone && t.type.rank == 0) return s + ", \"kind\": \"none\"}";
  // Types Caramba does not model (and dtypes this build does not know) are "other".
  if (t.type.scalar == Scalar::kUnknown) return s + ", \"kind\": \"other\"}";
  if (t.type.rank == 0) return s + ", \"kind\": \"scalar\", \"dtype\": " + json(DtypeSpelling(t.type.scalar)).dump() + "}";
  s += ", \"kind\": \"array\", \"dtype\": " + json(DtypeSpelling(t.type.scalar)).dump() +
       ", \"ndim\": " + std::to_string(t.type.rank) + ", \"layout\": \"" + std::string(1, t.type.layout) + "\"";
  if (t.readonly) s += ", \"readonly\": true";
  return s + "}";
}

std::string NameList(const std::vector<std::string>& names) {
  std::string s = "[";
  for (size_t i = 0; i < names.size(); ++i) s += (i ? ", " : "") + json(names[i]).dump();
  return s + "]";
}

std::string Relative(const std::string& canonical_file, const std::string& root) {
  if (root.empty() || canonical_file.empty()) return "";
  fs::path rel = fs::path(canonical_file).lexically_relative(Canonical(root));
  if (rel.empty() || *rel.begin() == "..") return "";
  return rel.generic_string();
}

}  // namespace

std::optional<TypeProfile> ParseTypeProfile(std::string_view text, const std::string& path, std::string* error) {
  json doc = json::parse(text.begin(), text.end(), nullptr, false);
  if (doc.is_discarded()) {
    // Parse again with exceptions for the position of the problem.
    try {
      json again = json::parse(text.begin(), text.end());
      (void)again;
    } catch (const json::parse_error& e) {
      *error = path + ": not a type profile: not valid JSON (" + e.what() + ")";
      return std::nullopt;
    }
    *error = path + ": not a type profile: not valid JSON";
    return std::nullopt;
  }
  if (!doc.is_object() || !doc.contains("version")) {
    *error = path + ": not a type profile: no \"version\" (caramba record writes profiles)";
    return std::nullopt;
  }
  const json& v = doc["version"];
  if (!v.is_number_integer() || v.get<int64_t>() != kTypeProfileVersion) {
    *error = path + ": type profile version " + v.dump() + " is not supported (this caramba reads version " +
             std::to_string(kTypeProfileVersion) + "); record it again with caramba record";
    return std::nullopt;
  }
  TypeProfile p;
  p.path = path;
  p.root = path.empty() ? "" : ProfileRootFor(path);
  try {
    const json& kernels = Need(doc, "kernels", json::value_t::array, "the profile");
    for (size_t i = 0; i < kernels.size(); ++i) {
      std::string where = "kernels[" + std::to_string(i) + "]";
      const json& k = kernels[i];
      if (!k.is_object()) throw FormatError{where, "expected an object"};
      ProfiledKernel pk;
      pk.file = Need(k, "file", json::value_t::string, where).get<std::string>();
      pk.qualname = Need(k, "qualname", json::value_t::string, where).get<std::string>();
      if (pk.file.empty() || pk.qualname.empty()) throw FormatError{where, "empty file or qualname"};
      if (auto it = k.find("relative"); it != k.end() && it->is_string()) pk.relative = it->get<std::string>();
      if (auto it = k.find("line"); it != k.end() && it->is_number_integer()) {
        int64_t line = it->get<int64_t>();
        pk.line = line > 0 && line < INT_MAX ? static_cast<int>(line) : 0;
      }
      if (auto it = k.find("params"); it != k.end() && it->is_array())
        for (const auto& n : *it)
          if (n.is_string()) pk.params.push_back(n.get<std::string>());
      const json& sigs = Need(k, "signatures", json::value_t::array, where);
      for (size_t s = 0; s < sigs.size(); ++s)
        PutSignature(&pk, ParseSignatureEntry(sigs[s], where + ".signatures[" + std::to_string(s) + "]"));
      SortSignatures(&pk);
      pk.canonical = Canonical(pk.file);
      p.kernels.push_back(std::move(pk));
    }
  } catch (const FormatError& e) {
    *error = path + ": not a valid type profile: " + e.where + ": " + e.what;
    return std::nullopt;
  }
  return p;
}

std::optional<TypeProfile> LoadTypeProfile(const std::string& path, std::string* error) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    *error = path + ": cannot read the type profile: it is a folder";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = path + ": cannot read the type profile: " + std::strerror(errno);
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    *error = path + ": cannot read the type profile: I/O error";
    return std::nullopt;
  }
  return ParseTypeProfile(text.str(), path, error);
}

const ProfiledKernel* TypeProfile::Find(std::string_view file, std::string_view qualname) const {
  std::string canonical = Canonical(std::string(file));
  for (const auto& k : kernels)
    if (k.qualname == qualname && k.canonical == canonical) return &k;
  // The profile may come from another checkout of the project (a colleague's,
  // CI's): the path relative to the root still names the file.
  std::string relative = Relative(canonical, root);
  if (!relative.empty())
    for (const auto& k : kernels)
      if (k.qualname == qualname && k.relative == relative) return &k;
  // Last, the file name alone, when exactly one recorded file has it and
  // that file is not here (a recorded file that exists is another file).
  std::string name = fs::path(std::string(file)).filename().string();
  const ProfiledKernel* found = nullptr;
  std::set<std::string> files;
  std::error_code ec;
  for (const auto& k : kernels) {
    if (fs::path(k.file).filename() != name || fs::exists(k.canonical, ec)) continue;
    files.insert(k.canonical);
    if (k.qualname == qualname) found = &k;
  }
  return files.size() == 1 ? found : nullptr;
}

std::string ProfileRootFor(std::string_view profile_path) {
  fs::path dir = fs::path(Normal(std::string(profile_path))).parent_path();
  return dir.filename() == ".caramba" ? dir.parent_path().string() : dir.string();
}

std::string FindProjectRoot(std::string_view dir) {
  fs::path start(Normal(dir.empty() ? std::string(".") : std::string(dir)));
  std::error_code ec;
  for (fs::path d = start;; d = d.parent_path()) {
    for (const char* marker : {".caramba", "pyproject.toml", ".git"})
      if (fs::exists(d / marker, ec)) return d.string();
    if (d == d.parent_path()) break;
  }
  return start.string();
}

std::string FindProjectProfile(std::string_view file) {
  fs::path p(Normal(file.empty() ? std::string(".") : std::string(file)));
  std::error_code ec;
  fs::path d = fs::is_directory(p, ec) ? p : p.parent_path();
  for (;; d = d.parent_path()) {
    fs::path cand = d / ".caramba" / "types.json";
    if (fs::is_regular_file(cand, ec)) return cand.string();
    if (d == d.parent_path() || d.empty()) break;
  }
  return "";
}

void CanonicalizeFiles(TypeProfile* profile) {
  for (auto& k : profile->kernels) k.canonical = Canonical(k.file);
}

size_t SignatureCount(const TypeProfile& profile) {
  size_t n = 0;
  for (const auto& k : profile.kernels) n += k.signatures.size();
  return n;
}

void MergeTypeProfile(TypeProfile* profile, const TypeProfile& recorded) {
  for (const auto& nk : recorded.kernels) {
    ProfiledKernel* old = nullptr;
    for (auto& k : profile->kernels)
      if (k.qualname == nk.qualname && k.canonical == nk.canonical) old = &k;
    if (!old || old->params != nk.params) {
      // New, or its parameters changed since the last recording: the old
      // signatures describe a function that no longer exists.
      if (old) *old = nk;
      else profile->kernels.push_back(nk);
      SortSignatures(old ? old : &profile->kernels.back());
      continue;
    }
    old->file = nk.file;
    old->line = nk.line;
    for (const auto& s : nk.signatures) PutSignature(old, s);
    SortSignatures(old);
  }
}

void AddMissingKernels(TypeProfile* profile, const TypeProfile& extra) {
  std::set<std::pair<std::string, std::string>> have;
  for (const auto& k : profile->kernels) have.emplace(k.canonical, k.qualname);
  for (const auto& k : extra.kernels)
    if (!have.count({k.canonical, k.qualname})) profile->kernels.push_back(k);
}

std::string TypeProfileToJson(const TypeProfile& profile) {
  std::vector<const ProfiledKernel*> ks;
  for (const auto& k : profile.kernels) ks.push_back(&k);
  std::vector<std::string> rel(profile.kernels.size());
  for (size_t i = 0; i < ks.size(); ++i) rel[i] = Relative(ks[i]->canonical, profile.root);
  std::vector<size_t> order(ks.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const std::string& fa = rel[a].empty() ? ks[a]->file : rel[a];
    const std::string& fb = rel[b].empty() ? ks[b]->file : rel[b];
    return std::tie(fa, ks[a]->line, ks[a]->qualname) < std::tie(fb, ks[b]->line, ks[b]->qualname);
  });
  std::ostringstream o;
  o << "{\n  \"version\": " << kTypeProfileVersion << ",\n  \"generator\": \"caramba record\",\n"
    << "  \"kernels\": [";
  bool first_kernel = true;
  for (size_t i : order) {
    const ProfiledKernel& k = *ks[i];
    o << (first_kernel ? "\n" : ",\n") << "    {\n";
    first_kernel = false;
    o << "      \"file\": " << json(k.file).dump() << ",\n";
    o << "      \"relative\": " << json(rel[i]).dump() << ",\n";
    o << "      \"qualname\": " << json(k.qualname).dump() << ",\n";
    o << "      \"line\": " << k.line << ",\n";
    o << "      \"params\": " << NameList(k.params) << ",\n";
    o << "      \"signatures\": [";
    for (size_t s = 0; s < k.signatures.size(); ++s) {
      const ProfiledSignature& sig = k.signatures[s];
      o << (s ? ",\n" : "\n") << "        {\n          \"args\": [";
      for (size_t a = 0; a < sig.args.size(); ++a)
        o << (a ? ",\n" : "\n") << "            " << TypeJson(sig.args[a]);
      o << (sig.args.empty() ? "],\n" : "\n          ],\n");
      o << "          \"return\": " << TypeJson(sig.result) << ",\n";
      o << "          \"locals\": {";
      bool first = true;
      for (const auto& [name, t] : sig.locals) {
        o << (first ? "\n" : ",\n") << "            " << json(name).dump() << ": " << TypeJson(t);
        first = false;
      }
      o << (first ? "},\n" : "\n          },\n");
      o << "          \"unstable_locals\": " << NameList(sig.unstable_locals) << "\n        }";
    }
    o << (k.signatures.empty() ? "]\n" : "\n      ]\n") << "    }";
  }
  o << (first_kernel ? "]\n}\n" : "\n  ]\n}\n");
  return o.str();
}

}  // namespace caramba
