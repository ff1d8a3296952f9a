// Type profiles (caramba/type_profile.h): loading and its errors, finding a
// kernel, merging recordings, writing, the project root and profile lookup,
// and the ProfileCache the front ends share.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "caramba/profile_cache.h"
#include "caramba/type_profile.h"

using namespace caramba;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/caramba-profile-XXXXXX";
    path = fs::canonical(::mkdtemp(tmpl)).string();
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string Write(const std::string& name, const std::string& content) const {
    fs::path p = fs::path(path) / name;
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << content;
    return p.string();
  }
};

// One kernel entry in the file format, as the hook writes it.
std::string KernelJson(const std::string& file, const std::string& qualname, const std::string& sigs,
                       const std::string& params = "[\"a\", \"n\"]") {
  return "{\"file\": \"" + file + "\", \"qualname\": \"" + qualname + "\", \"line\": 3, \"params\": " + params +
         ", \"signatures\": [" + sigs + "]}";
}

const char* kSumSig = R"j({"args": [
    {"numba": "array(float64, 1d, C)", "kind": "array", "dtype": "float64", "ndim": 1, "layout": "C"},
    {"numba": "int64", "kind": "scalar", "dtype": "int64"}],
  "return": {"numba": "float64", "kind": "scalar", "dtype": "float64"},
  "locals": {"s": {"numba": "float64", "kind": "scalar", "dtype": "float64"},
             "i": {"numba": "int64", "kind": "scalar", "dtype": "int64"}},
  "unstable_locals": ["x"]})j";

const char* kSumSigF32 = R"j({"args": [
    {"numba": "readonly array(float32, 2d, F)", "kind": "array", "dtype": "float32", "ndim": 2, "layout": "F", "readonly": true},
    {"numba": "int32", "kind": "scalar", "dtype": "int32"}],
  "return": {"numba": "none", "kind": "none"},
  "locals": {"s": {"numba": "float32", "kind": "scalar", "dtype": "float32"}}})j";

std::string Doc(const std::string& kernels) { return "{\"version\": 1, \"kernels\": [" + kernels + "]}"; }

TypeProfile Parse(const std::string& text, const std::string& path = "/p/.caramba/types.json") {
  std::string err;
  auto p = ParseTypeProfile(text, path, &err);
  REQUIRE_MESSAGE(p, err);
  return *p;
}

std::string ParseError(const std::string& text) {
  std::string err;
  auto p = ParseTypeProfile(text, "prof.json", &err);
  CHECK(!p);
  return err;
}

}  // namespace

TEST_CASE("type profile: a recorded signature loads into Caramba's types") {
  TypeProfile p = Parse(Doc(KernelJson("/p/kernels.py", "total", std::string(kSumSig) + "," + kSumSigF32)));
  CHECK(p.root == "/p");
  REQUIRE(p.kernels.size() == 1);
  const ProfiledKernel& k = p.kernels[0];
  CHECK(k.qualname == "total");
  CHECK(k.line == 3);
  CHECK(k.params == std::vector<std::string>{"a", "n"});
  REQUIRE(k.signatures.size() == 2);
  // Sorted by argument spelling: "array(..." before "readonly ...".
  const ProfiledSignature& s = k.signatures[0];
  CHECK(s.args[0].type == Type{Scalar::kFloat64, 1, 'C'});
  CHECK(s.args[0].numba == "array(float64, 1d, C)");
  CHECK(s.args[1].type == Type{Scalar::kInt64, 0, 'A'});
  CHECK(s.result.type.scalar == Scalar::kFloat64);
  CHECK(s.locals.at("s").type.scalar == Scalar::kFloat64);
  CHECK(s.locals.at("i").type.scalar == Scalar::kInt64);
  CHECK(s.unstable_locals == std::vector<std::string>{"x"});
  const ProfiledSignature& f = k.signatures[1];
  CHECK(f.args[0].type == Type{Scalar::kFloat32, 2, 'F'});
  CHECK(f.args[0].readonly);
  CHECK(f.args[1].type.scalar == Scalar::kInt32);
  CHECK(f.result.type.scalar == Scalar::kNone);
  CHECK(f.result.Known());
  CHECK(f.unstable_locals.empty());
}

TEST_CASE("type profile: other, complex and unknown dtypes") {
  const char* sig = R"j({"args": [
      {"numba": "UniTuple(int64 x 2)", "kind": "other"},
      {"numba": "complex128", "kind": "scalar", "dtype": "complex128"},
      {"numba": "array(complex64, 1d, A)", "kind": "array", "dtype": "complex64", "ndim": 1, "layout": "A"},
      {"numba": "float16", "kind": "scalar", "dtype": "float16"},
      {"numba": "bool", "kind": "scalar", "dtype": "bool"}],
    "return": {"numba": "omitted(default=3)", "kind": "other"}})j";
  TypeProfile p = Parse(Doc(KernelJson("/p/k.py", "f", sig)));
  const ProfiledSignature& s = p.kernels[0].signatures[0];
  CHECK(!s.args[0].Known());
  CHECK(s.args[0].numba == "UniTuple(int64 x 2)");
  CHECK(s.args[1].type.scalar == Scalar::kComplex128);
  CHECK(s.args[2].type == Type{Scalar::kComplex64, 1, 'A'});
  CHECK(!s.args[3].Known());  // a dtype this build does not know stays unknown
  CHECK(s.args[4].type.scalar == Scalar::kBool);
  CHECK(!s.result.Known());
  CHECK(s.locals.empty());  // no typemap (a result from Numba's cache) is no locals
}

TEST_CASE("type profile: errors name the file and what is wrong") {
  CHECK(ParseError("{\"version\": 1,").find("prof.json: not a type profile: not valid JSON") == 0);
  CHECK(ParseError("[1, 2]").find("no \"version\"") != std::string::npos);
  std::string v2 = ParseError("{\"version\": 2, \"kernels\": []}");
  CHECK(v2.find("version 2 is not supported") != std::string::npos);
  CHECK(ParseError("{\"version\": \"1\", \"kernels\": []}").find("version \"1\"") != std::string::npos);
  CHECK(ParseError("{\"version\": 1}").find("missing \"kernels\"") != std::string::npos);
  std::string no_ndim = ParseError(Doc(KernelJson(
      "/p/k.py", "f", R"j({"args": [{"numba": "x", "kind": "array", "dtype": "float64", "layout": "C"}], "return": {"numba": "none", "kind": "none"}})j")));
  CHECK(no_ndim == "prof.json: not a valid type profile: kernels[0].signatures[0].args[0]: missing \"ndim\"");
  std::string bad_layout = ParseError(Doc(KernelJson(
      "/p/k.py", "f", R"j({"args": [{"numba": "x", "kind": "array", "dtype": "float64", "ndim": 1, "layout": "K"}], "return": {"numba": "none", "kind": "none"}})j")));
  CHECK(bad_layout.find("args[0].layout: expected \"C\", \"F\" or \"A\"") != std::string::npos);
  std::string bad_kind = ParseError(Doc(KernelJson(
      "/p/k.py", "f", R"j({"args": [], "return": {"numba": "none", "kind": "nothing"}})j")));
  CHECK(bad_kind.find("return.kind") != std::string::npos);
  std::string zero_d = ParseError(Doc(KernelJson(
      "/p/k.py", "f", R"j({"args": [{"numba": "x", "kind": "array", "dtype": "float64", "ndim": 0, "layout": "C"}], "return": {"numba": "none", "kind": "none"}})j")));
  CHECK(zero_d.find("ndim: an array has 1 to 32 dimensions") != std::string::npos);
  CHECK(ParseError(Doc("{\"file\": \"/p/k.py\", \"signatures\": []}")).find("kernels[0]: missing \"qualname\"") !=
        std::string::npos);
}

TEST_CASE("type profile: LoadTypeProfile reports unreadable files") {
  TempDir t;
  std::string err;
  CHECK(!LoadTypeProfile(t.path + "/missing.json", &err));
  CHECK(err == t.path + "/missing.json: cannot read the type profile: No such file or directory");
  CHECK(!LoadTypeProfile(t.path, &err));
  CHECK(err.find("it is a folder") != std::string::npos);
  std::string good = t.Write(".caramba/types.json", Doc(""));
  auto p = LoadTypeProfile(good, &err);
  REQUIRE(p);
  CHECK(p->path == good);
  CHECK(p->root == t.path);
  CHECK(p->kernels.empty());
}

TEST_CASE("type profile: Find by canonical path, then relative to the root, then unique file name") {
  TempDir t;
  std::string file = t.Write("src/kernels.py", "");
  fs::create_directory_symlink(t.path + "/src", t.path + "/link");
  std::string prof_path = t.Write(".caramba/types.json", "");
  TypeProfile p = Parse(Doc(KernelJson(file, "total", kSumSig) + "," + KernelJson(file, "Outer.<locals>.inner", kSumSig)),
                        prof_path);
  CHECK(p.Find(file, "total") == &p.kernels[0]);
  CHECK(p.Find(t.path + "/link/kernels.py", "total") == &p.kernels[0]);  // symlinks resolved
  CHECK(p.Find(file, "Outer.<locals>.inner") == &p.kernels[1]);
  CHECK(p.Find(file, "other") == nullptr);
  CHECK(p.Find(t.path + "/src/other.py", "total") == nullptr);

  // Recorded in another checkout: the path relative to the root still matches.
  TempDir clone;
  std::string here = clone.Write("src/kernels.py", "");
  std::string there = "/elsewhere/checkout/src/kernels.py";
  std::string moved = clone.Write(".caramba/types.json", "");
  TypeProfile q = Parse(Doc("{\"file\": \"" + there + "\", \"relative\": \"src/kernels.py\", \"qualname\": \"total\", "
                            "\"signatures\": []}"),
                        moved);
  CHECK(q.Find(here, "total") == &q.kernels[0]);
  // Same name elsewhere in the tree: the relative path says it is another file,
  // and the recorded file does not exist here, so the name alone decides.
  std::string other = clone.Write("tools/kernels.py", "");
  CHECK(q.Find(other, "total") == &q.kernels[0]);

  // Two recorded files with that name: the name alone is ambiguous.
  TypeProfile r = Parse(Doc(KernelJson("/gone/a/kernels.py", "total", kSumSig) + "," +
                            KernelJson("/gone/b/kernels.py", "total", kSumSig)),
                        moved);
  CHECK(r.Find(other, "total") == nullptr);
  // A recorded file that exists here is another file: no match by name.
  TypeProfile s = Parse(Doc(KernelJson(file, "total", kSumSig)), moved);
  CHECK(s.Find(other, "total") == nullptr);
}

TEST_CASE("type profile: merging a recording adds signatures and replaces only what it saw") {
  TypeProfile base = Parse(Doc(KernelJson("/p/k.py", "total", kSumSig) + "," + KernelJson("/p/k.py", "keep", kSumSig)));
  // The same signature again with another local type, and a new one.
  std::string changed = std::string(kSumSig);
  changed.replace(changed.find("\"i\": {\"numba\": \"int64\", \"kind\": \"scalar\", \"dtype\": \"int64\"}"),
                  std::string("\"i\": {\"numba\": \"int64\", \"kind\": \"scalar\", \"dtype\": \"int64\"}").size(),
                  "\"i\": {\"numba\": \"uint64\", \"kind\": \"scalar\", \"dtype\": \"uint64\"}");
  TypeProfile rec = Parse(Doc(KernelJson("/p/k.py", "total", changed + "," + kSumSigF32) + "," +
                              KernelJson("/p/k.py", "fresh", kSumSig)));
  MergeTypeProfile(&base, rec);
  REQUIRE(base.kernels.size() == 3);
  const ProfiledKernel* total = base.Find("/p/k.py", "total");
  REQUIRE(total);
  REQUIRE(total->signatures.size() == 2);
  CHECK(total->signatures[0].locals.at("i").type.scalar == Scalar::kUInt64);  // the new recording wins
  CHECK(total->signatures[1].args[0].type.scalar == Scalar::kFloat32);
  CHECK(base.Find("/p/k.py", "keep")->signatures.size() == 1);  // not seen: kept
  CHECK(base.Find("/p/k.py", "fresh"));
  CHECK(SignatureCount(base) == 4);

  // Merging the same recording again changes nothing.
  std::string once = TypeProfileToJson(base);
  MergeTypeProfile(&base, rec);
  CHECK(TypeProfileToJson(base) == once);

  // Parameters changed: the old signatures described another function.
  TypeProfile redefined = Parse(Doc(KernelJson("/p/k.py", "total", kSumSigF32, "[\"b\", \"m\"]")));
  MergeTypeProfile(&base, redefined);
  total = base.Find("/p/k.py", "total");
  REQUIRE(total->signatures.size() == 1);
  CHECK(total->params == std::vector<std::string>{"b", "m"});
}

TEST_CASE("type profile: AddMissingKernels keeps the project's entries first") {
  TypeProfile project = Parse(Doc(KernelJson("/p/k.py", "total", kSumSig)));
  TypeProfile inputs = Parse(Doc(KernelJson("/p/k.py", "total", kSumSigF32) + "," + KernelJson("/p/k.py", "other", kSumSigF32)));
  AddMissingKernels(&project, inputs);
  REQUIRE(project.kernels.size() == 2);
  CHECK(project.Find("/p/k.py", "total")->signatures[0].args[0].type.scalar == Scalar::kFloat64);
  CHECK(project.Find("/p/k.py", "other")->signatures[0].args[0].type.scalar == Scalar::kFloat32);
}

TEST_CASE("type profile: written JSON reads back the same, with paths relative to the root") {
  TempDir t;
  std::string file = t.Write("pkg/k.py", "");
  std::string prof = t.path + "/.caramba/types.json";
  TypeProfile p = Parse(Doc(KernelJson(file, "total", std::string(kSumSig) + "," + kSumSigF32) + "," +
                            KernelJson("/outside/x.py", "g", kSumSig)),
                        prof);
  std::string text = TypeProfileToJson(p);
  CHECK(text.find("\"version\": 1") != std::string::npos);
  CHECK(text.find("\"relative\": \"pkg/k.py\"") != std::string::npos);
  CHECK(text.find("\"relative\": \"\"") != std::string::npos);  // outside the root
  // One type per line.
  CHECK(text.find("{\"numba\": \"array(float64, 1d, C)\", \"kind\": \"array\", \"dtype\": \"float64\", \"ndim\": 1, "
                  "\"layout\": \"C\"}") != std::string::npos);
  CHECK(text.find("\"readonly\": true") != std::string::npos);
  TypeProfile back = Parse(text, prof);
  CHECK(TypeProfileToJson(back) == text);
  REQUIRE(back.kernels.size() == 2);
  const ProfiledKernel* k = back.Find(file, "total");
  REQUIRE(k);
  CHECK(k->relative == "pkg/k.py");
  CHECK(k->signatures[1].result.type.scalar == Scalar::kNone);
}

TEST_CASE("type profile: project root and project profile lookup") {
  TempDir t;
  t.Write("proj/pyproject.toml", "");
  std::string deep = t.path + "/proj/src/pkg";
  fs::create_directories(deep);
  CHECK(FindProjectRoot(deep) == t.path + "/proj");
  CHECK(FindProjectProfile(deep + "/k.py").empty());
  std::string prof = t.Write("proj/.caramba/types.json", Doc(""));
  CHECK(FindProjectProfile(deep + "/k.py") == prof);
  CHECK(FindProjectProfile(t.path + "/proj/k.py") == prof);
  CHECK(FindProjectProfile(t.path + "/elsewhere.py").empty());
  CHECK(ProfileRootFor(prof) == t.path + "/proj");
  CHECK(ProfileRootFor(t.path + "/custom/types.json") == t.path + "/custom");
}

TEST_CASE("type profile: ProfileCache follows --types, --no-types and the project's profile") {
  TempDir t;
  std::string prof = t.Write("proj/.caramba/types.json", Doc(KernelJson(t.path + "/proj/k.py", "total", kSumSig)));
  std::string file = t.Write("proj/k.py", "");
  std::string lonely = t.Write("lonely/k.py", "");
  std::shared_ptr<const TypeProfile> got;
  std::string err;

  ProfileCache found;
  CHECK(found.For(file, &got, &err));
  REQUIRE(got);
  CHECK(got->path == prof);
  auto first = got;
  CHECK(found.For(file, &got, &err));
  CHECK(got == first);  // read once
  CHECK(found.For(lonely, &got, &err));
  CHECK(!got);

  ProfileCache off(ProfileFlags{"", true});
  CHECK(off.For(file, &got, &err));
  CHECK(!got);

  std::string broken = t.Write("broken.json", "{");
  ProfileCache named(ProfileFlags{broken, false});
  CHECK(!named.For(lonely, &got, &err));
  CHECK(err.find("broken.json: not a type profile: not valid JSON") != std::string::npos);

  // The LSP's cache sees a profile re-recorded while it runs.
  ProfileCache live(ProfileFlags{}, /*long_lived=*/true);
  CHECK(live.For(file, &got, &err));
  REQUIRE(got);
  CHECK(got->kernels.size() == 1);
  t.Write("proj/.caramba/types.json", Doc(KernelJson(t.path + "/proj/k.py", "total", kSumSig) + "," +
                                          KernelJson(t.path + "/proj/k.py", "more", kSumSig)));
  CHECK(live.For(file, &got, &err));
  CHECK(got->kernels.size() == 2);
  t.Write("lonely/.caramba/types.json", "not json");
  CHECK(!live.For(lonely, &got, &err));
  CHECK(err.find("lonely/.caramba/types.json") != std::string::npos);
}
