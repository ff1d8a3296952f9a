// [tool.caramba] (config.h), `# noqa` and notes summaries (suppressions.h),
// `# caramba: keep` (module_analysis.h), and the advice at the end of every
// diagnostic explanation.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <string>
#include <unistd.h>

#include "caramba/config.h"
#include "caramba/diagnostics.h"
#include "caramba/module_analysis.h"
#include "caramba/suppressions.h"
#include "caramba/syntax.h"

using namespace caramba;

namespace {

struct Project {
  std::string root;
  Project() {
    char tmpl[] = "/tmp/caramba-config-XXXXXX";
    root = ::mkdtemp(tmpl);
  }
  ~Project() { std::system(("rm -rf '" + root + "'").c_str()); }
  std::string Write(const std::string& rel, const std::string& text) const {
    std::string p = root + "/" + rel;
    std::system(("mkdir -p \"$(dirname '" + p + "')\"").c_str());
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
};

}  // namespace

TEST_CASE("config: the nearest pyproject.toml with [tool.caramba] wins, tables without it are skipped") {
  Project p;
  p.Write("pyproject.toml",
          "[tool.caramba]\nspace = \"Serial\"\nparallelize = \"prange\"\ncaller-style = \"drop-in\"\n"
          "types = \"prof/types.json\"\nexclude = [\"build\"]\nextend-exclude = [\"legacy/**\"]\n"
          "[tool.caramba.per-file-ignores]\n\"src/noisy.py\" = [\"CRB501\"]\n\"__init__.py\" = [\"CRB008\"]\n");
  p.Write("src/pyproject.toml", "[project]\nname = \"inner\"\n");  // no [tool.caramba]: keep looking up
  std::string file = p.Write("src/noisy.py", "");
  ProjectConfig cfg;
  std::string err;
  REQUIRE(FindProjectConfig(file, &cfg, &err));
  CHECK(cfg.path == p.root + "/pyproject.toml");
  CHECK(cfg.space == std::optional<std::string>("Serial"));
  CHECK(cfg.parallelize == std::optional<std::string>("prange"));
  CHECK(cfg.types == std::optional<std::string>(p.root + "/prof/types.json"));  // relative to the file
  REQUIRE(cfg.exclude);
  CHECK(*cfg.exclude == std::vector<std::string>{"build"});
  CHECK(cfg.extend_exclude == std::vector<std::string>{"legacy/**"});
  CHECK(IgnoredCodesFor(cfg, file) == std::vector<std::string>{"CRB501"});
  CHECK(IgnoredCodesFor(cfg, p.root + "/pkg/__init__.py") == std::vector<std::string>{"CRB008"});  // a file name
  CHECK(IgnoredCodesFor(cfg, p.root + "/src/other.py").empty());
}

TEST_CASE("config: none found is not an error, types = false means --no-types") {
  Project p;
  ProjectConfig cfg;
  std::string err;
  CHECK(FindProjectConfig(p.root, &cfg, &err));
  CHECK(cfg.path.empty());
  p.Write("pyproject.toml", "[tool.caramba]\ntypes = false\n");
  CHECK(FindProjectConfig(p.root, &cfg, &err));
  CHECK(cfg.no_types == std::optional<bool>(true));
}

TEST_CASE("config: bad tables are errors that name the file and the key") {
  Project p;
  struct Case {
    const char* text;
    const char* says;
  } cases[] = {
      {"[tool.caramba]\nspace = \"GPU\"\n", "space: expected one of Serial, OpenMP"},
      {"[tool.caramba]\nparalellize = \"auto\"\n", "paralellize: unknown key"},
      {"[tool.caramba]\nexclude = \"build\"\n", "exclude: expected a list of strings"},
      {"[tool.caramba.per-file-ignores]\n\"a.py\" = [\"E501\"]\n", "'E501' is not a CRBnnn code"},
      {"[tool.caramba\nspace = 1\n", "not valid TOML"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.text);
    p.Write("pyproject.toml", c.text);
    ProjectConfig cfg;
    std::string err;
    CHECK_FALSE(FindProjectConfig(p.root, &cfg, &err));
    CHECK(err.find(p.root + "/pyproject.toml") == 0);
    CHECK(err.find(c.says) != std::string::npos);
  }
}

TEST_CASE("noqa: only named CRB codes, any case of noqa, several codes") {
  CHECK(NoqaCodes("x = 1  # noqa: CRB501") == std::vector<std::string>{"CRB501"});
  CHECK(NoqaCodes("x = 1  # NOQA:CRB501,CRB520") == std::vector<std::string>{"CRB501", "CRB520"});
  CHECK(NoqaCodes("x = 1  # noqa: E501, CRB140") == std::vector<std::string>{"CRB140"});  // with flake8's
  CHECK(NoqaCodes("x = 1  # noqa").empty());                 // a bare noqa does not silence Caramba
  CHECK(NoqaCodes("x = 1  # type: ignore  # noqa: CRB140") == std::vector<std::string>{"CRB140"});
}

TEST_CASE("suppressions: noqa on the line and per-file codes drop warnings, never input errors") {
  std::string src = "a = 1  # noqa: CRB140\nb = 2\nc = 3  # noqa: CRB005\n";
  std::vector<Diagnostic> ds = {
      Diagnostic::Make(DiagId::kNoTypeEvidence, "a", "f.py").At(0, 1),           // silenced by noqa
      Diagnostic::Make(DiagId::kNoTypeEvidence, "b", "f.py").At(22, 23),         // other line: kept
      Diagnostic::Make(DiagId::kAssumedDtype, "elements of 'x'", "f.py").At(22, 23),  // per-file: dropped
      Diagnostic::Make(DiagId::kSyntaxError, "c", "f.py").At(28, 29),            // never silenced
  };
  ApplySuppressions(&ds, src, {"CRB501"}, nullptr, false);
  REQUIRE(ds.size() == 2);
  CHECK(ds[0].message == "b");
  CHECK(ds[1].id == DiagId::kSyntaxError);
}

TEST_CASE("notes: 'assumed to be float64' once per kernel unless verbose (three arrays of smooth3)") {
  std::string src =
      "from numba import njit\n\n@njit\ndef smooth3(a, b, c):\n    return a[0] + b[0] + c[0]\n\n"
      "@njit\ndef other(d):\n    return d[0]\n";
  Tree tree = Tree::Parse(src);
  ModuleInfo mod = AnalyzeModule(tree);
  REQUIRE(mod.kernels.size() == 2);
  auto note = [&](const std::string& kernel, const std::string& name, const std::string& at) {
    uint32_t pos = static_cast<uint32_t>(src.find(at));
    return Diagnostic::Make(DiagId::kAssumedDtype,
                            "'" + kernel + "': elements of '" + name + "' assumed to be float64", "f.py")
        .At(pos, pos + 1);
  };
  std::vector<Diagnostic> base = {note("smooth3", "a", "a[0]"), note("smooth3", "b", "b[0]"),
                                  note("smooth3", "c", "c[0]"), note("other", "d", "d[0]")};
  std::vector<Diagnostic> ds = base;
  ApplySuppressions(&ds, src, {}, &mod, /*verbose=*/true);
  CHECK(ds.size() == 4);
  ds = base;
  ApplySuppressions(&ds, src, {}, &mod, /*verbose=*/false);
  REQUIRE(ds.size() == 2);
  CHECK(ds[0].message == "'smooth3': elements of 'a', 'b', 'c' assumed to be float64");
  CHECK(ds[1].message == "'other': elements of 'd' assumed to be float64");
}

TEST_CASE("keep: # caramba: keep above, on a decorator or on the def line, wrappers on their line") {
  std::string src =
      "import numba\nfrom numba import njit\n\n"
      "# caramba: keep\n@njit\ndef above(a):\n    return a\n\n"
      "@njit(parallel=True)  # caramba:keep -- parses records\ndef on_decorator(a):\n    return a\n\n"
      "@njit\ndef on_def(a):  # caramba: keep\n    return a\n\n"
      "@njit\ndef translated(a):\n    return a  # caramba: keep (in the body: not a marker)\n\n"
      "def f(a):\n    return a\n\ng = numba.njit(f)  # caramba: keep\n\n"
      "@njit  # caramba: keeper\ndef not_a_marker(a):\n    return a\n";
  Tree tree = Tree::Parse(src);
  ModuleInfo mod = AnalyzeModule(tree);
  std::map<std::string, bool> keep;
  for (const auto& k : mod.kernels) keep[k.name] = k.keep;
  CHECK(keep.at("above"));
  CHECK(keep.at("on_decorator"));
  CHECK(keep.at("on_def"));
  CHECK_FALSE(keep.at("translated"));
  CHECK(keep.at("f"));
  CHECK_FALSE(keep.at("not_a_marker"));
}

TEST_CASE("every explanation ends with what to do") {
  // The last sentence of every code in use names an action (or says that
  // none is needed): a reader who looks a code up learns the next step.
  const char* actions[] = {"run",      "give",     "fix",     "check",   "convert", "add",     "write",
                           "move",     "pass",     "record",  "rename",  "copy",    "compute", "split",
                           "draw",     "allocate", "use",     "mark",    "name",    "rewrite", "make",
                           "port",     "define",   "report",  "create",  "choose",  "correct", "remove",
                           "index",    "inline",   "return",  "fill",    "translate", "loop", "nothing to do",
                           "nothing has to change", "nothing else to do", "re-baseline", "exclude", "call", "store"};
  for (const auto& d : DiagTable()) {
    if (d.summary.find("(retired)") != std::string_view::npos) continue;
    std::string e(d.explanation);
    while (!e.empty() && (e.back() == ' ' || e.back() == '.')) e.pop_back();
    size_t cut = e.rfind(". ");
    std::string last = cut == std::string::npos ? e : e.substr(cut + 2);
    std::transform(last.begin(), last.end(), last.begin(), [](unsigned char c) { return std::tolower(c); });
    bool says = false;
    for (const char* a : actions)
      for (size_t at = last.find(a); at != std::string::npos && !says; at = last.find(a, at + 1))
        says = at == 0 || !std::isalpha((unsigned char)last[at - 1]);
    CAPTURE(d.code);
    CAPTURE(last);
    CHECK(says);
  }
}
