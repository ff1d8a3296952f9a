// Unit tests of the batch mode (caramba/batch): each piece on its own, the
// discovery on an in-memory file system (ninja-style DiskInterface fake), and
// RunCli's routing between the single-file command and the batch engine.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "caramba/batch/batch.h"
#include "caramba/batch/diff.h"
#include "caramba/batch/discover.h"
#include "caramba/batch/ignore.h"
#include "caramba/batch/kernel_status.h"
#include "caramba/cli.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"

using namespace caramba;

namespace {

// An in-memory POSIX-like tree: absolute paths, directories, files, symlinks
// (targets relative to the link's directory or absolute). Thread-safe, since
// batch workers share it.
class MemFs : public FileSystem {
 public:
  struct Entry {
    FileInfo::Type type;
    std::string content;  // file bytes, or the symlink target
    uint32_t mode = 0644;
    uint64_t ino = 0;
  };
  MemFs() { Put("/", {FileInfo::Type::kDirectory, "", 0755}); }
  void Dir(const std::string& p) { Put(p, {FileInfo::Type::kDirectory, "", 0755}); }
  void File(const std::string& p, const std::string& c, uint32_t mode = 0644) {
    Put(p, {FileInfo::Type::kRegular, c, mode});
  }
  void Link(const std::string& p, const std::string& target) { Put(p, {FileInfo::Type::kSymlink, target, 0777}); }
  std::string Content(const std::string& p) {
    std::lock_guard<std::mutex> l(mu_);
    return entries_.count(p) ? entries_[p].content : "<missing>";
  }
  bool Has(const std::string& p) {
    std::lock_guard<std::mutex> l(mu_);
    return entries_.count(p) > 0;
  }
  size_t writes = 0;

  std::optional<std::string> Read(const std::string& path, Diagnostic* diag) override {
    std::lock_guard<std::mutex> l(mu_);
    std::string r = Resolve(path, true);
    if (r.empty() || !entries_.count(r)) {
      *diag = Diagnostic::Make(DiagId::kFileNotFound, "no such file: '" + path + "'", path);
      return std::nullopt;
    }
    if (entries_[r].type != FileInfo::Type::kRegular) {
      *diag = Diagnostic::Make(DiagId::kNotAFile, "'" + path + "' is a directory", path);
      return std::nullopt;
    }
    return entries_[r].content;
  }
  bool WriteAtomic(const std::string& path, std::string_view content, Diagnostic* diag) override {
    return WriteAtomicWithMode(path, content, 0644, diag);
  }
  bool WriteAtomicWithMode(const std::string& path, std::string_view content, uint32_t mode,
                           Diagnostic* diag) override {
    std::lock_guard<std::mutex> l(mu_);
    std::string abs = Abs(path);
    std::string parent = abs.substr(0, abs.rfind('/'));
    if (!parent.empty() && (!entries_.count(parent) || entries_[parent].type != FileInfo::Type::kDirectory)) {
      *diag = Diagnostic::Make(DiagId::kOutputWrite, "cannot write '" + path + "': no directory", path);
      return false;
    }
    ++writes;
    auto it = entries_.find(abs);
    if (it != entries_.end()) {
      it->second.content = std::string(content);  // keeps its mode, as rename over a file does
    } else {
      Put(abs, {FileInfo::Type::kRegular, std::string(content), mode});
    }
    return true;
  }
  bool SameFile(const std::string& a, const std::string& b) override {
    std::lock_guard<std::mutex> l(mu_);
    std::string ra = Resolve(a, true), rb = Resolve(b, true);
    return !ra.empty() && ra == rb && entries_.count(ra);
  }
  std::optional<FileInfo> Stat(const std::string& path, bool follow) override {
    std::lock_guard<std::mutex> l(mu_);
    std::string r = Resolve(path, follow);
    if (r.empty() || !entries_.count(r)) return std::nullopt;
    const Entry& e = entries_[r];
    FileInfo fi;
    fi.type = e.type;
    fi.mode = e.mode;
    fi.dev = 1;
    fi.ino = e.ino;
    fi.size = e.content.size();
    return fi;
  }
  bool ListDir(const std::string& path, std::vector<std::string>* names, Diagnostic* diag) override {
    std::lock_guard<std::mutex> l(mu_);
    std::string r = Resolve(path, true);
    if (r.empty()) {
      *diag = Diagnostic::Make(DiagId::kUnreadable, "cannot list '" + path + "'", path);
      return false;
    }
    names->clear();
    std::string prefix = r == "/" ? "/" : r + "/";
    for (const auto& [p, e] : entries_)
      if (p.size() > prefix.size() && p.compare(0, prefix.size(), prefix) == 0 &&
          p.find('/', prefix.size()) == std::string::npos)
        names->push_back(p.substr(prefix.size()));
    std::reverse(names->begin(), names->end());  // no promise of order: the walker must sort
    return true;
  }
  bool MakeDirs(const std::string& path, Diagnostic*) override {
    std::lock_guard<std::mutex> l(mu_);
    std::string cur;
    for (const auto& part : Split(Abs(path))) {
      cur += "/" + part;
      if (!entries_.count(cur)) Put(cur, {FileInfo::Type::kDirectory, "", 0755});
    }
    return true;
  }
  std::string RealPath(const std::string& path) override {
    std::lock_guard<std::mutex> l(mu_);
    std::string r = Resolve(path, true);
    return entries_.count(r) ? r : "";
  }

 private:
  static std::vector<std::string> Split(const std::string& p) {
    std::vector<std::string> parts;
    std::stringstream ss(p);
    std::string s;
    while (std::getline(ss, s, '/'))
      if (!s.empty() && s != ".") parts.push_back(s);
    return parts;
  }
  // Relative paths are relative to the fake working directory /work.
  static std::string Abs(const std::string& p) { return p[0] == '/' ? p : "/work/" + p; }
  void Put(const std::string& p, Entry e) {
    e.ino = ++next_ino_;
    entries_[p] = std::move(e);
  }
  // Canonical path with symlinks resolved ("" on a loop or a missing parent).
  std::string Resolve(const std::string& path, bool follow_last, int hops = 0) {
    if (hops > 40) return "";
    std::string abs = path[0] == '/' ? path : "/work/" + path;
    if (path == ".") abs = "/work";
    auto parts = Split(abs);
    std::string cur;
    for (size_t i = 0; i < parts.size(); ++i) {
      if (parts[i] == "..") {
        cur = cur.substr(0, cur.rfind('/'));
        continue;
      }
      std::string next = cur + "/" + parts[i];
      auto it = entries_.find(next);
      bool last = i + 1 == parts.size();
      if (it != entries_.end() && it->second.type == FileInfo::Type::kSymlink && (!last || follow_last)) {
        const std::string& t = it->second.content;
        std::string target = t[0] == '/' ? t : (cur.empty() ? "" : cur) + "/" + t;
        for (size_t k = i + 1; k < parts.size(); ++k) target += "/" + parts[k];
        return Resolve(target, follow_last, hops + 1);
      }
      cur = next;
    }
    return cur.empty() ? "/" : cur;
  }
  std::mutex mu_;
  std::map<std::string, Entry> entries_;
  uint64_t next_ino_ = 0;
};

std::vector<std::string> Paths(const Discovery& d) {
  std::vector<std::string> out;
  for (const auto& f : d.files) out.push_back(f.path);
  return out;
}
bool HasCode(const std::vector<Diagnostic>& ds, std::string_view code) {
  for (const auto& d : ds)
    if (d.Code() == code) return true;
  return false;
}

struct CliRun {
  int code;
  std::string out, err;
};
CliRun Cli(std::vector<std::string> args, FileSystem& fs, const std::string& input = "", bool tty = false) {
  std::istringstream in(input);
  std::ostringstream out, err;
  int code = RunCli(args, in, out, err, fs, tty);
  return {code, out.str(), err.str()};
}

// A kernel the translator migrates without recorded types: `n` is a range
// bound and the sum a float, whatever the elements are.
const char* kKernel = "import numba\n\n@numba.njit\ndef f(a, n):\n    s = 0.0\n    for i in range(n):\n        s += a[i]\n    return s\n";
const char* kVectorize = "from numba import vectorize\n\n@vectorize\ndef v(x):\n    return x\n";

}  // namespace

TEST_CASE("glob: gitignore wildcards") {
  CHECK(GlobMatch("*.py", "a.py"));
  CHECK_FALSE(GlobMatch("*.py", "d/a.py"));  // '*' stops at '/'
  CHECK(GlobMatch("**/a.py", "a.py"));
  CHECK(GlobMatch("**/a.py", "x/y/a.py"));
  CHECK(GlobMatch("src/**", "src/x/y.py"));
  CHECK(GlobMatch("a/**/b", "a/b"));
  CHECK(GlobMatch("a/**/b", "a/x/y/b"));
  CHECK_FALSE(GlobMatch("a/**/b", "a/x/y/c"));
  CHECK(GlobMatch("te?t_*.py", "test_x.py"));
  CHECK_FALSE(GlobMatch("te?t.py", "te/t.py"));
  CHECK(GlobMatch("[a-c]x", "bx"));
  CHECK_FALSE(GlobMatch("[!a-c]x", "bx"));
  CHECK(GlobMatch("[!a-c]x", "dx"));
  CHECK(GlobMatch("\\*lit", "*lit"));
  CHECK_FALSE(GlobMatch("\\*lit", "xlit"));
  CHECK(GlobMatch("[unterminated", "[unterminated"));
}

TEST_CASE("ignore rules: anchoring, directories only, negation, last match wins") {
  IgnoreRules r;
  r.AddFile("# comment\n\nbuild/\n/top.py\n*.gen.py\n!keep.gen.py\ndocs/*.py\n", "/repo");
  CHECK(r.Match("/repo/build", true) == std::optional<bool>(true));
  CHECK_FALSE(r.Match("/repo/build", false).has_value());  // a file named build is not a directory
  CHECK(r.Match("/repo/x/build", true) == std::optional<bool>(true));  // unanchored: any depth
  CHECK(r.Match("/repo/top.py", false) == std::optional<bool>(true));
  CHECK_FALSE(r.Match("/repo/sub/top.py", false).has_value());  // anchored to /repo
  CHECK(r.Match("/repo/a/b.gen.py", false) == std::optional<bool>(true));
  CHECK(r.Match("/repo/keep.gen.py", false) == std::optional<bool>(false));
  CHECK(r.Match("/repo/docs/x.py", false) == std::optional<bool>(true));
  CHECK_FALSE(r.Match("/repo/docs/sub/x.py", false).has_value());
  CHECK_FALSE(r.Match("/other/build", true).has_value());  // outside the .gitignore's directory
  size_t n = r.Size();
  r.Add("*.py", "/repo/sub");
  CHECK(r.Match("/repo/sub/a.py", false) == std::optional<bool>(true));
  r.Truncate(n);
  CHECK_FALSE(r.Match("/repo/sub/a.py", false).has_value());
}

namespace {
// The hunks of a diff (from the first "@@"), without the header lines.
std::string Hunks(const std::string& d) {
  size_t at = d.find("\n@@");
  return at == std::string::npos ? std::string() : d.substr(at + 1);
}
}  // namespace

TEST_CASE("diff: unified hunks, context, insertions at the ends, missing final newline") {
  CHECK(UnifiedDiff("a\n", "a\n", "x").empty());
  std::string before, after;
  for (int i = 1; i <= 20; ++i) before += "l" + std::to_string(i) + "\n";
  after = before;
  after.replace(after.find("l2\n"), 3, "L2\n");
  after.replace(after.find("l18\n"), 4, "");
  std::string d = UnifiedDiff(before, after, "a.py");
  // git's headers, with the a/ and b/ prefixes `git apply` expects.
  CHECK(d.rfind("diff --git a/a.py b/a.py\n", 0) == 0);
  CHECK(d.find("\n--- a/a.py\n+++ b/a.py\n@@") != std::string::npos);
  CHECK(Hunks(d) ==
        "@@ -1,5 +1,5 @@\n l1\n-l2\n+L2\n l3\n l4\n l5\n"
        "@@ -15,6 +15,5 @@ l14\n l15\n l16\n l17\n-l18\n l19\n l20\n");  // git's hunk context line
  CHECK(Hunks(UnifiedDiff("", "x\n", "a")) == "@@ -0,0 +1 @@\n+x\n");
  CHECK(Hunks(UnifiedDiff("x", "y", "a")) ==
        "@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n");
  // Changes closer than twice the context share one hunk.
  std::string near = before;
  near.replace(near.find("l5\n"), 3, "L5\n");
  near.replace(near.find("l10\n"), 4, "L10\n");
  std::string dn = Hunks(UnifiedDiff(before, near, "a"));
  CHECK(dn.find("@@ -2,12 +2,12 @@") != std::string::npos);
  CHECK(std::count(dn.begin(), dn.end(), '@') == 4);
}

TEST_CASE("diff: random edits round-trip through patch(1) and git apply") {
  char dir[] = "/tmp/caramba-diff-XXXXXX";
  REQUIRE(::mkdtemp(dir));
  std::string d = dir;
  unsigned seed = 12345;
  auto rnd = [&] { return (seed = seed * 1103515245u + 12345u) >> 16; };
  for (int round = 0; round < 30; ++round) {
    std::string a, b;
    int n = 1 + rnd() % 40;
    for (int i = 0; i < n; ++i) {
      std::string line = "line" + std::to_string(rnd() % 8) + "\n";
      a += line;
      switch (rnd() % 4) {
        case 0: break;                                   // delete
        case 1: b += "new" + std::to_string(i) + "\n"; break;  // replace
        default: b += line;                              // keep
      }
      if (rnd() % 7 == 0) b += "ins" + std::to_string(i) + "\n";
    }
    std::ofstream(d + "/p.diff", std::ios::binary) << UnifiedDiff(a, b, "f.py");
    // patch -p1 (the a/ b/ prefixes), then git apply as it is, outside any repository.
    for (const char* apply : {"patch -s -p1 < p.diff >/dev/null", "git apply p.diff"}) {
      std::ofstream(d + "/f.py", std::ios::binary) << a;
      if (a != b) REQUIRE(std::system(("cd " + d + " && " + apply).c_str()) == 0);
      std::ifstream f(d + "/f.py", std::ios::binary);
      std::stringstream got;
      got << f.rdbuf();
      CHECK(got.str() == b);
    }
  }
  std::system(("rm -rf " + d).c_str());
}

TEST_CASE("diff: a file rewritten from top to bottom still gives a correct diff, fast") {
  std::string a, b;
  for (int i = 0; i < 6000; ++i) {
    a += "old " + std::to_string(i) + "\n";
    b += "new " + std::to_string(i) + "\n";
  }
  a = "same\n" + a + "tail\n";
  b = "same\n" + b + "tail\n";
  std::string d = Hunks(UnifiedDiff(a, b, "f.py"));
  CHECK(d.rfind("@@ -1,6002 +1,6002 @@\n same\n-old 0\n", 0) == 0);
  CHECK(std::count(d.begin(), d.end(), '\n') == 1 + 12000 + 2);
}

TEST_CASE("discover: what git ignores, through libgit2 (.gitignore, info/exclude, core.excludesFile)") {
  char tmpl[] = "/tmp/caramba-git-XXXXXX";
  REQUIRE(::mkdtemp(tmpl));
  std::string t = tmpl;
  auto sh = [&](const std::string& cmd) { REQUIRE(std::system(("cd '" + t + "' && " + cmd).c_str()) == 0); };
  sh("mkdir -p repo/gen repo/pkg repo/scratch plain && touch repo/a.py repo/x.tmp.py repo/gen/g.py "
     "repo/pkg/keep.tmp.py repo/pkg/m.py repo/pkg/local_x.py repo/scratch/s.py repo/local.py plain/x.tmp.py "
     "plain/b.py");
  sh("printf 'gen/\\n*.tmp.py\\n!keep.tmp.py\\n' > repo/.gitignore && printf 'local_*.py\\n' > repo/pkg/.gitignore");
  sh("printf '*.tmp.py\\n' > plain/.gitignore");  // outside a work tree: means nothing, as for git
  sh("git init -q repo && echo 'scratch/' >> repo/.git/info/exclude");
  sh("echo 'local.py' > global-excludes && git -C repo config core.excludesFile '" + t + "/global-excludes'");
  RealFileSystem fs;
  Discovery d = Discover({t + "/repo", t + "/plain"}, DiscoverOptions{}, fs);
  std::vector<std::string> rels;
  for (const auto& f : d.files) rels.push_back(f.rel);
  CHECK(rels == std::vector<std::string>{"a.py", "pkg/keep.tmp.py", "pkg/m.py", "b.py", "x.tmp.py"});
  // .git (a default exclude), gen/, x.tmp.py, pkg/local_x.py (pkg/.gitignore), scratch/ (info/exclude),
  // local.py (core.excludesFile)
  CHECK(d.excluded == 6);
  // From a folder inside the repository the repository's rules still apply.
  d = Discover({t + "/repo/pkg"}, DiscoverOptions{}, fs);
  CHECK(d.files.size() == 2);
  DiscoverOptions all;
  all.respect_gitignore = false;
  d = Discover({t + "/repo"}, all, fs);
  CHECK(d.files.size() == 8);
  std::system(("rm -rf '" + t + "'").c_str());
}

TEST_CASE("discover: sorted walk, default and extra excludes, explicit files") {
  MemFs fs;
  fs.Dir("/work");
  fs.Dir("/work/t");
  fs.File("/work/t/b.py", "");
  fs.File("/work/t/a.py", "");
  fs.File("/work/t/notes.txt", "");
  fs.Dir("/work/t/venv");
  fs.File("/work/t/venv/v.py", "");
  fs.Dir("/work/t/pkg");
  fs.File("/work/t/pkg/m.py", "");
  fs.Dir("/work/t/legacy");
  fs.File("/work/t/legacy/old.py", "");
  DiscoverOptions o;
  o.extend_exclude = {"legacy"};
  Discovery d = Discover({"t"}, o, fs);
  CHECK(Paths(d) == std::vector<std::string>{"t/a.py", "t/b.py", "t/pkg/m.py"});
  CHECK(d.files[2].rel == "pkg/m.py");
  CHECK(d.excluded == 2);  // venv/, legacy/

  o.respect_gitignore = false;
  o.exclude = std::vector<std::string>{"t/pkg"};  // replaces the defaults: venv is walked now
  o.extend_exclude.clear();
  d = Discover({"t"}, o, fs);
  CHECK(Paths(d) == std::vector<std::string>{"t/a.py", "t/b.py", "t/legacy/old.py", "t/venv/v.py"});
  // A file named explicitly is taken whatever its name; a file named twice once.
  d = Discover({"t/notes.txt", "t/a.py", "./t/a.py"}, DiscoverOptions{}, fs);
  CHECK(Paths(d) == std::vector<std::string>{"t/notes.txt", "t/a.py"});
  // Missing roots are errors; the others still count.
  d = Discover({"nope", "t/a.py"}, DiscoverOptions{}, fs);
  CHECK(Paths(d) == std::vector<std::string>{"t/a.py"});
  CHECK(HasCode(d.diagnostics, "CRB001"));
}

TEST_CASE("discover: symlinks skipped by default, followed inside the roots only, loops cut") {
  MemFs fs;
  fs.Dir("/work");
  fs.Dir("/work/t");
  fs.Dir("/work/t/pkg");
  fs.File("/work/t/pkg/k.py", "");
  fs.Link("/work/t/pkg/loop", "..");       // a cycle
  fs.Link("/work/t/alias.py", "pkg/k.py");  // same file twice
  fs.Dir("/work/outside");
  fs.File("/work/outside/o.py", "");
  fs.Link("/work/t/out", "/work/outside");  // leaves the root
  fs.Link("/work/t/data.txt", "/work/outside/o.py");  // not a .py name: irrelevant
  Discovery d = Discover({"t"}, DiscoverOptions{}, fs);
  CHECK(Paths(d) == std::vector<std::string>{"t/pkg/k.py"});
  CHECK(HasCode(d.diagnostics, "CRB020"));
  CHECK_FALSE(HasCode(d.diagnostics, "CRB021"));

  DiscoverOptions follow;
  follow.follow_symlinks = true;
  d = Discover({"t"}, follow, fs);
  CHECK(Paths(d) == std::vector<std::string>{"t/pkg/k.py"});  // alias.py is k.py: once, by its real path
  CHECK(HasCode(d.diagnostics, "CRB021"));                     // pkg/loop
  bool outside_reported = false;
  for (const auto& diag : d.diagnostics)
    if (diag.message.find("outside") != std::string::npos) outside_reported = true;
  CHECK(outside_reported);
  // Named explicitly, the outside directory is a root of its own.
  d = Discover({"t", "outside"}, follow, fs);
  CHECK(Paths(d) == std::vector<std::string>{"t/pkg/k.py", "outside/o.py"});
}

TEST_CASE("discover: a link that is followed is written through to its target") {
  MemFs fs;
  fs.Dir("/work");
  fs.Dir("/work/t");
  fs.File("/work/t/real.py", "");
  fs.Dir("/work/t/sub");
  fs.Link("/work/t/sub/link.py", "../real.py");
  fs.File("/work/t/sub/z.py", "");
  DiscoverOptions follow;
  follow.follow_symlinks = true;
  Discovery d = Discover({"t/sub"}, follow, fs);
  // real.py lies outside the root t/sub: not followed.
  CHECK(Paths(d) == std::vector<std::string>{"t/sub/z.py"});
  // With t a root too, real.py is found by its own path, which wins.
  d = Discover({"t/sub", "t"}, follow, fs);
  CHECK(Paths(d) == std::vector<std::string>{"t/sub/z.py", "t/real.py"});
  // Only reachable through the link (its own directory is excluded): -i
  // must replace the target, not the link.
  fs.Dir("/work/t/gen");
  fs.File("/work/t/gen/g.py", "");
  fs.Link("/work/t/sub/g.py", "../gen/g.py");
  follow.extend_exclude = {"t/gen"};
  d = Discover({"t"}, follow, fs);
  REQUIRE(d.files.size() == 3);  // real.py, sub/g.py, sub/z.py (sub/link.py is real.py)
  CHECK(d.files[1].path == "t/sub/g.py");
  CHECK(d.files[1].write_path == "/work/t/gen/g.py");
}

TEST_CASE("kernel status: refused, not translated, translated with its caller") {
  PassManager pm(BuildPipeline());
  std::string src = std::string(kKernel) + "\n\n" + "from numba import vectorize\n\n@vectorize\ndef v(x):\n    return x\n";
  PassResult r = pm.Run(src, "k.py", TranslateOptions{});
  REQUIRE(r.ok);
  auto ks = ClassifyKernels(r, src);
  REQUIRE(ks.size() == 2);
  CHECK(ks[0].name == "f");
  CHECK(ks[1].status == KernelStatus::kRefused);
  CHECK(ks[1].refusal_codes == std::vector<std::string>{"CRB101"});
  if (r.output == src) CHECK(ks[0].status == KernelStatus::kNotTranslated);

  // What the translator will produce: f becomes a caller dispatching a workunit.
  r.output =
      "import pykokkos as pk\n\n@pk.workunit\ndef _pk_f_body(tid: int, a: pk.View1D[float]):\n    a[tid] += 1\n\n"
      "def f(a):\n    pk.parallel_for(a.shape[0], _pk_f_body, a=pk.array(a))\n    return a\n\n"
      "from numba import vectorize\n\n@vectorize\ndef v(x):\n    return x\n";
  ks = ClassifyKernels(r, src);
  CHECK(ks[0].status == KernelStatus::kTranslated);
  REQUIRE(ks[0].caller.has_value());
  CHECK(ks[0].caller->name == "f");
  CHECK(ks[0].caller->line == 7);
  CHECK(ks[0].caller->signature == "def f(a)");
  CHECK(ks[0].caller->workunits == std::vector<std::string>{"_pk_f_body"});
  CHECK(ks[1].status == KernelStatus::kRefused);  // still Numba, and refused

  r.ok = false;
  ks = ClassifyKernels(r, src);
  CHECK(ks[0].status == KernelStatus::kError);
}

TEST_CASE("summary line") {
  BatchSummary s;
  s.files = 12;
  s.kernels = 9;
  s.translated = 6;
  s.refused = 3;
  s.refused_by_code = {{"CRB101", 2}, {"CRB105", 1}};
  s.failed = 1;
  CHECK(SummaryLine(s) == "12 files, 9 kernels: 6 translated, 3 refused (CRB101: 2, CRB105: 1), 1 error");
}

TEST_CASE("cli routing: single file unchanged, ambiguous invocations refused") {
  MemFs fs;
  fs.Dir("/work");
  fs.Dir("/work/t");
  fs.File("/work/t/a.py", kKernel);
  fs.File("/work/t/b.py", "x = 1\n");
  CliRun r = Cli({"t/b.py"}, fs);
  CHECK(r.code == 0);
  CHECK(r.out == "x = 1\n");
  r = Cli({"t/a.py", "t/b.py"}, fs);
  CHECK(r.code == 2);
  CHECK(r.err.find("no output mode") != std::string::npos);
  r = Cli({"t/a.py", "t/b.py", "-o", "x.py"}, fs);
  CHECK(r.code == 2);
  CHECK(r.err.find("-o takes one input file") != std::string::npos);
  r = Cli({"t", "--check", "--diff"}, fs);
  CHECK(r.code == 2);
  CHECK(r.err.find("choose one output mode") != std::string::npos);
  r = Cli({"t", "--report", "r.json"}, fs);  // a directory and no mode
  CHECK(r.code == 2);
  CHECK(r.err.find("is a directory") != std::string::npos);
  r = Cli({"-", "--in-place"}, fs, kKernel);
  CHECK(r.code == 2);
  r = Cli({"t", "--backup", ".orig"}, fs);
  CHECK(r.code == 2);
  r = Cli({"t", "--list-kernels", "--check"}, fs);
  CHECK(r.code == 2);
  // An exclude takes one glob per occurrence and leaves the paths alone.
  r = Cli({"--exclude", "b.py", "--extend-exclude", "x,y", "--exclude", "c.py", "t", "--check", "--format", "json"}, fs);
  CHECK(r.code != 2);  // 1 once the translator rewrites a.py
  nlohmann::json j = nlohmann::json::parse(r.out);
  REQUIRE(j["files"].size() == 1);
  CHECK(j["files"][0]["path"] == "t/a.py");
}

TEST_CASE("cli batch on a fake file system: out-dir mirrors, diff/check write nothing, stdin") {
  MemFs fs;
  fs.Dir("/work");
  fs.Dir("/work/t");
  fs.Dir("/work/t/pkg");
  fs.File("/work/t/pkg/a.py", kKernel, 0755);
  fs.File("/work/t/pkg/v.py", kVectorize);
  fs.File("/work/t/plain.py", "x = 1\n");
  CliRun r = Cli({"t", "--check", "-j", "3"}, fs);
  CHECK(r.code == 1);  // v is refused
  CHECK(fs.writes == 0);
  CHECK(r.err.find("3 files, 2 kernels: ") != std::string::npos);
  CHECK(r.err.find("1 refused (CRB101: 1)") != std::string::npos);

  r = Cli({"t", "--out-dir", "/work/o", "-q"}, fs);
  CHECK(r.code == 1);
  CHECK(r.err.find("files,") == std::string::npos);  // -q: no summary
  CHECK(fs.Content("/work/o/t/plain.py") == "x = 1\n");  // untouched files copied: a runnable package
  CHECK(fs.Has("/work/o/t/pkg/a.py"));
  CHECK(fs.Stat("/work/o/t/pkg/a.py", true)->mode == 0755);
  // Absolute inputs go under their path relative to the directory named;
  // two that meet on one output path are both refused.
  fs.Dir("/work/u");
  fs.File("/work/u/plain.py", "y = 1\n");
  r = Cli({"/work/t", "/work/u", "--out-dir", "/work/o2"}, fs);
  CHECK(r.code == 2);
  CHECK(r.err.find("error[CRB023]") != std::string::npos);
  CHECK(fs.Has("/work/o2/pkg/a.py"));
  CHECK(fs.Content("/work/o2/plain.py") == "x = 1\n");  // the first keeps its place, the second is refused

  // The out-dir inside the root is never walked as input.
  r = Cli({"t", "--out-dir", "t/out", "--report", "/work/r.json"}, fs);
  nlohmann::json j = nlohmann::json::parse(fs.Content("/work/r.json"));
  CHECK(j["summary"]["files"] == 3);
  CHECK(j["mode"] == "out-dir");
  CHECK(j["files"][0]["path"] == "t/pkg/a.py");
  CHECK(j["files"][0]["output"] == "t/out/t/pkg/a.py");

  r = Cli({"-", "--stdin-filename", "s.py", "--check", "--format", "json"}, fs, kVectorize);
  CHECK(r.code == 1);
  j = nlohmann::json::parse(r.out);
  CHECK(j["files"][0]["path"] == "s.py");
  CHECK(j["files"][0]["kernels"][0]["status"] == "refused");
  CHECK(j["files"][0]["diagnostics"][0]["line"] == 3);

  // Single-file stdin keeps the plain command: translation on stdout.
  r = Cli({"-", "--stdin-filename", "s.py"}, fs, "y = 2\n");
  CHECK(r.code == 0);
  CHECK(r.out == "y = 2\n");
}

TEST_CASE("cli batch: output order and report do not depend on -j") {
  MemFs fs;
  fs.Dir("/work");
  fs.Dir("/work/t");
  for (int i = 0; i < 40; ++i)
    fs.File("/work/t/m" + std::to_string(i) + ".py", i % 3 ? kKernel : i % 2 ? kVectorize : "def broken(:\n");
  CliRun one = Cli({"t", "--check", "-j", "1", "--format", "json"}, fs);
  CliRun many = Cli({"t", "--check", "-j", "8", "--format", "json"}, fs);
  CHECK(one.code == 2);
  CHECK(one.out == many.out);
  CliRun t1 = Cli({"t", "--check", "-j", "1"}, fs), t8 = Cli({"t", "--check", "-j", "8"}, fs);
  CHECK(t1.err == t8.err);
}

TEST_CASE("cli batch: a progress bar on a terminal, none otherwise or with -q") {
  MemFs fs;
  fs.Dir("/work");
  fs.Dir("/work/t");
  fs.File("/work/t/a.py", kKernel);
  fs.File("/work/t/b.py", kKernel);
  CliRun r = Cli({"t", "--check"}, fs, "", /*tty=*/true);
  CHECK(r.err.find("] 2/2 files, ") != std::string::npos);
  CHECK(r.err.find(" kernels translated, ") != std::string::npos);
  CHECK(r.err.find("\r\033[K") != std::string::npos);
  r = Cli({"t", "--check", "-q"}, fs, "", true);
  CHECK(r.err.find("files,") == std::string::npos);
  r = Cli({"t", "--check"}, fs, "", false);
  CHECK(r.err.find("\r") == std::string::npos);
}

TEST_CASE("cli batch: SARIF") {
  MemFs fs;
  fs.Dir("/work");
  fs.Dir("/work/t");
  fs.File("/work/t/v.py", kVectorize);
  fs.File("/work/t/bad.py", "def f(:\n");
  CliRun r = Cli({"t", "--check", "--format", "sarif"}, fs);
  CHECK(r.code == 2);
  nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(j["version"] == "2.1.0");
  auto& run = j["runs"][0];
  CHECK(run["tool"]["driver"]["name"] == "caramba");
  std::set<std::string> ids;
  for (auto& rule : run["tool"]["driver"]["rules"]) ids.insert(rule["id"].get<std::string>());
  CHECK(ids.count("CRB101"));
  CHECK(ids.count("CRB005"));
  bool located = false;
  for (auto& res : run["results"])
    if (res["ruleId"] == "CRB101") {
      CHECK(res["level"] == "warning");
      CHECK(res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "t/v.py");
      located = res["locations"][0]["physicalLocation"]["region"]["startLine"] == 3;
    }
  CHECK(located);
}
