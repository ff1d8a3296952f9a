// The CLI driven in-process: bad input, exit codes, pass-through, listings.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include "caramba/cli.h"

using namespace caramba;

namespace {

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/caramba-test-XXXXXX";
    path = ::mkdtemp(tmpl);
  }
  ~TempDir() { std::system(("rm -rf '" + path + "'").c_str()); }
  std::string Write(const std::string& name, const std::string& content) const {
    std::string p = path + "/" + name;
    std::ofstream(p, std::ios::binary) << content;
    return p;
  }
};

std::string Slurp(const std::string& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}
bool Exists(const std::string& p) { return ::access(p.c_str(), F_OK) == 0; }

struct Run {
  int code;
  std::string out, err;
};
Run Cli(std::vector<std::string> args, FileSystem* fs = nullptr) {
  RealFileSystem real;
  std::istringstream in;
  std::ostringstream out, err;
  int code = RunCli(args, in, out, err, fs ? *fs : real);
  return {code, out.str(), err.str()};
}

// A file system whose reads fail with a chosen diagnostic (root can read any
// file, so "unreadable" cannot be produced with chmod in CI).
class UnreadableFs : public RealFileSystem {
 public:
  std::optional<std::string> Read(const std::string& path, Diagnostic* diag) override {
    *diag = Diagnostic::Make(DiagId::kUnreadable, "cannot open '" + path + "': Permission denied", path);
    return std::nullopt;
  }
};

const char* kNoKernels =
    "\xEF\xBB\xBF# -*- coding: utf-8 -*-\r\n"
    "# Kommentar: Größe ≤ 3 — naïve\r\n"
    "import numpy as np\r\n"
    "\r\n"
    "def f(x):\r\n"
    "\tif x:  # tab-indented\r\n"
    "\t\treturn 'héllo 😀'\r\n"
    "\treturn \"\"\"multi\r\n"
    "   line\"\"\"\r\n";

}  // namespace

TEST_CASE("cli: --version") {
  Run r = Cli({"--version"});
  CHECK(r.code == 0);
  CHECK(r.out.rfind("caramba ", 0) == 0);
}

TEST_CASE("cli: pass-through is byte-identical (BOM, CRLF, tabs, comments, non-ASCII)") {
  TempDir d;
  std::string in = d.Write("in.py", kNoKernels);
  Run r = Cli({in});
  CHECK(r.code == 0);
  CHECK(r.out == kNoKernels);
  std::string out = d.path + "/out.py";
  r = Cli({in, "-o", out});
  CHECK(r.code == 0);
  CHECK(Slurp(out) == kNoKernels);
  CHECK(Slurp(in) == kNoKernels);
}

TEST_CASE("cli: missing file -> CRB001, exit 2, -o not written") {
  TempDir d;
  std::string out = d.path + "/out.py";
  Run r = Cli({d.path + "/nope.py", "-o", out});
  CHECK(r.code == 2);
  CHECK(r.err.find("error[CRB001]") != std::string::npos);
  CHECK_FALSE(Exists(out));
}

TEST_CASE("cli: a directory -> CRB002") {
  TempDir d;
  Run r = Cli({d.path});
  CHECK(r.code == 2);
  CHECK(r.err.find("error[CRB002]") != std::string::npos);
  CHECK(r.err.find("is a directory") != std::string::npos);
}

TEST_CASE("cli: unreadable file -> CRB003") {
  UnreadableFs fs;
  Run r = Cli({"x.py"}, &fs);
  CHECK(r.code == 2);
  CHECK(r.err.find("error[CRB003]") != std::string::npos);
}

TEST_CASE("cli: binary and non-UTF-8 files -> CRB004 with a location") {
  TempDir d;
  Run r = Cli({d.Write("bin.py", std::string("\x7f" "ELF\0\0\0", 7))});
  CHECK(r.code == 2);
  CHECK(r.err.find("error[CRB004]") != std::string::npos);
  CHECK(r.err.find("binary") != std::string::npos);
  r = Cli({d.Write("latin.py", "x = 1\ns = 'caf\xE9'\n")});
  CHECK(r.code == 2);
  CHECK(r.err.find("line 2, byte 9") != std::string::npos);
  r = Cli({d.Write("cookie.py", "# -*- coding: latin-1 -*-\nx = 1\n")});
  CHECK(r.code == 2);
  CHECK(r.err.find("error[CRB010]") != std::string::npos);
}

TEST_CASE("cli: Python 2 syntax -> CRB006 with line and column, existing -o untouched") {
  TempDir d;
  std::string in = d.Write("py2.py", "x = 1\nprint 'hello'\n");
  std::string out = d.Write("out.py", "previous content\n");
  Run r = Cli({in, "-o", out});
  CHECK(r.code == 2);
  CHECK(r.err.find("py2.py:2:1: error[CRB006]") != std::string::npos);
  CHECK(Slurp(out) == "previous content\n");
  CHECK(Slurp(in) == "x = 1\nprint 'hello'\n");
}

TEST_CASE("cli: every syntax error of a file is reported with line and column") {
  TempDir d;
  Run r = Cli({d.Write("bad.py", "def f(:\n    pass\n\nx = = 1\n")});
  CHECK(r.code == 2);
  CHECK(r.err.find("bad.py:1:") != std::string::npos);
  CHECK(r.err.find("bad.py:4:") != std::string::npos);
  CHECK(r.out.empty());
}

TEST_CASE("cli: an empty file is valid Python and passes through") {
  TempDir d;
  std::string out = d.path + "/o.py";
  Run r = Cli({d.Write("empty.py", ""), "-o", out});
  CHECK(r.code == 0);
  CHECK(Exists(out));
  CHECK(Slurp(out).empty());
}

TEST_CASE("cli: a 50,000-line file passes through") {
  TempDir d;
  std::string big;
  for (int i = 0; i < 50000; ++i) big += "x" + std::to_string(i) + " = " + std::to_string(i) + "  # c\n";
  Run r = Cli({d.Write("big.py", big)});
  CHECK(r.code == 0);
  CHECK(r.out == big);
}

TEST_CASE("cli: -o naming the input is refused and the input is kept") {
  TempDir d;
  std::string in = d.Write("same.py", "x = 1\n");
  Run r = Cli({in, "-o", in});
  CHECK(r.code == 2);
  CHECK(r.err.find("CRB007") != std::string::npos);
  CHECK(Slurp(in) == "x = 1\n");
}

TEST_CASE("cli: -o into a missing directory fails cleanly with CRB007") {
  TempDir d;
  Run r = Cli({d.Write("a.py", "x = 1\n"), "-o", d.path + "/no/such/dir/out.py"});
  CHECK(r.code == 2);
  CHECK(r.err.find("CRB007") != std::string::npos);
}

TEST_CASE("cli: a refused kernel is a finding (exit 1) and the file still passes through") {
  TempDir d;
  // A lazy @vectorize (no signatures) stays Numba code.
  std::string src = "from numba import vectorize\n@vectorize\ndef f(x):\n    return x\n";
  Run r = Cli({d.Write("v.py", src)});
  CHECK(r.code == 1);
  CHECK(r.out == src);
  CHECK(r.err.find("v.py:2:1: warning[CRB101]") != std::string::npos);
}

TEST_CASE("cli: --list-kernels as JSON") {
  TempDir d;
  std::string src =
      "import numba as nb\n"
      "@nb.njit('f8(f8[:])', parallel=True)\n"
      "def s(a):\n"
      "    t = 0.0\n"
      "    for i in nb.prange(a.shape[0]):\n"
      "        t += a[i]\n"
      "    return t\n";
  Run r = Cli({"--list-kernels", "--format", "json", d.Write("k.py", src)});
  CHECK(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["kernels"].size() == 1);
  CHECK(j["kernels"][0]["name"] == "s");
  CHECK(j["kernels"][0]["line"] == 3);
  CHECK(j["kernels"][0]["options"]["parallel"] == true);
  CHECK(j["kernels"][0]["parallel_loops"][0]["line"] == 5);
  r = Cli({"--list-kernels", d.path + "/k.py"});
  CHECK(r.out.find("3:1  s  [njit; parallel=True]") != std::string::npos);
}

TEST_CASE("cli: JSON diagnostics") {
  TempDir d;
  Run r = Cli({"--format", "json", d.Write("bad.py", "x = = 1\n")});
  CHECK(r.code == 2);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["diagnostics"][0]["code"] == "CRB005");
  CHECK(j["diagnostics"][0]["line"] == 1);
  CHECK(j["exit_code"] == 2);
}

TEST_CASE("cli: usage errors exit 2 with did-you-mean") {
  Run r = Cli({"--stop-after", "unsuported", "x.py"});
  CHECK(r.code == 2);
  CHECK(r.err.find("did you mean 'UnsupportedDetector'") != std::string::npos);
  r = Cli({"--no-such-flag"});
  CHECK(r.code == 2);
  CHECK(r.err.find("CRB009") != std::string::npos);
  r = Cli({});
  CHECK(r.code == 2);
}

TEST_CASE("cli: explain") {
  Run r = Cli({"explain", "CRB005"});
  CHECK(r.code == 0);
  CHECK(r.out.rfind("CRB005 (error): syntax error", 0) == 0);
  r = Cli({"explain", "--all"});
  CHECK(r.out.find("CRB901") != std::string::npos);
  r = Cli({"explain", "CRB777"});
  CHECK(r.code == 2);
}

TEST_CASE("cli: --list-visitors and --dump-tree") {
  Run r = Cli({"--list-visitors"});
  CHECK(r.code == 0);
  CHECK(r.out.find("UnsupportedDetector") != std::string::npos);
  TempDir d;
  r = Cli({"--dump-tree", d.Write("t.py", "x = 1\n")});
  CHECK(r.code == 0);
  CHECK(r.out.find("module [1:1 - 2:1]") == 0);
  CHECK(r.out.find("left: identifier [1:1 - 1:2] \"x\"") != std::string::npos);
}

TEST_CASE("cli: --kernel takes one name per occurrence and does not swallow the file") {
  TempDir d;
  std::string in = d.Write("k.py", "x = 1\n");
  Run r = Cli({"--kernel", "f", in});
  CHECK(r.code == 0);
  CHECK(r.out == "x = 1\n");
}
