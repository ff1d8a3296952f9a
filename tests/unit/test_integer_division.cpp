// Python's integer // and % in kernels: calls of the _pk_floordiv/_pk_mod
// @pk.functions (integer_division.h), defined once per file when used.
#include <doctest/doctest.h>

#include "caramba/analysis/integer_division.h"
#include "caramba/analysis/lowering.h"
#include "caramba/module_analysis.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"

using namespace caramba;

namespace {

struct Env {
  TypeTable types;
  ImportTable imports;
  LowerEnv env{types, imports};
};

}  // namespace

TEST_CASE("integer division: a use is one call, an expression (bucket: keys[i] // nb + keys[i] % nb)") {
  Env e;
  CHECK(IntFloorDiv("keys[i]", "nb", e.env) == "_pk_floordiv(keys[i], nb)");
  CHECK(IntPyMod("keys[i]", "nb", e.env) == "_pk_mod(keys[i], nb)");
  CHECK(e.env.division_helpers.count("_pk_floordiv"));
  CHECK(e.env.division_helpers.count("_pk_mod"));
  CHECK(e.env.zero_division_codes.empty());
}

TEST_CASE("integer division: % by a positive literal stays inline and needs no helper (parity: i % 2)") {
  Env e;
  CHECK(IntPyMod("i", "2", e.env) == "((i % 2 + 2) % 2)");
  CHECK(IntPyMod("i", "1_000", e.env) == "((i % 1_000 + 1_000) % 1_000)");
  CHECK(e.env.division_helpers.empty());
  // 0 is no positive literal: the helper answers it (C++ traps).
  CHECK(IntPyMod("i", "0", e.env) == "_pk_mod(i, 0)");
}

TEST_CASE("integer division: only the helpers used are defined, in the file's indentation and newlines") {
  CHECK(IntegerDivisionFunctions(false, false, "    ", "\n").empty());
  std::string f = IntegerDivisionFunctions(true, false, "\t", "\r\n");
  CHECK(f.rfind("@pk.function\r\ndef _pk_floordiv(a: pk.int64, b: pk.int64) -> pk.int64:\r\n", 0) == 0);
  CHECK(f.find("_pk_mod") == std::string::npos);
  CHECK(f.find("\r\n\tif b == -1:\r\n\t\tif a < -9223372036854775807:\r\n\t\t\treturn 0\r\n") != std::string::npos);
  CHECK(f.find("\n    ") == std::string::npos);
  std::string m = IntegerDivisionFunctions(false, true, "  ", "\n");
  CHECK(m.rfind("@pk.function\ndef _pk_mod(a: pk.int64, b: pk.int64) -> pk.int64:\n", 0) == 0);
  CHECK(m.find("\n  if b == 0 or b == -1:\n    return 0\n") != std::string::npos);
  CHECK(m.size() > 3);
  CHECK(m.substr(m.size() - 3) == "\n\n\n");  // two blank lines after each
}

TEST_CASE("integer division: a helper call is an atom, a sum of calls is not") {
  CHECK(IsHelperCall("_pk_floordiv(a, b)"));
  CHECK(IsHelperCall("_pk_mod(_pk_floordiv(a, b), (c + d))"));
  CHECK_FALSE(IsHelperCall("_pk_mod(a, b) + _pk_mod(c, d)"));
  CHECK_FALSE(IsHelperCall("math.floor(a / b)"));
  CHECK_FALSE(IsHelperCall("_pk_mod"));
}

namespace {

std::string Translated(const std::string& body, const std::string& deco = "@njit") {
  static const PassManager pm(BuildPipeline());
  TranslateOptions opts;
  PassResult r = pm.Run("import numpy as np\nfrom numba import njit, prange\n\n\n" + deco + "\n" + body, "t.py", opts);
  REQUIRE(r.ok);
  return r.output;
}

}  // namespace

TEST_CASE("integer division: a checked call names the flag and records its code (group_means: totals[g] // counts[g])") {
  Env e;
  e.env.zero_division = "zero_division";
  CHECK(IntFloorDiv("totals[g]", "counts[g]", e.env, true) == "_pk_floordiv_checked(totals[g], counts[g], zero_division)");
  CHECK(IntPyMod("x", "base", e.env, true) == "_pk_mod_checked(x, base, zero_division)");
  CHECK(e.env.zero_division_codes == std::set<int>{kIntegerDivisionByZero, kIntegerModuloByZero});
  CHECK(std::string(ZeroDivisionMessage(kIntegerDivisionByZero)) == "integer division by zero");
  CHECK(std::string(ZeroDivisionMessage(kIntegerModuloByZero)) == "integer modulo by zero");
  // A positive literal divisor is never zero: inline, no flag.
  Env f;
  f.env.zero_division = "zero_division";
  CHECK(IntPyMod("x", "10", f.env, true) == "((x % 10 + 10) % 10)");
  CHECK(f.env.zero_division_codes.empty());
}

TEST_CASE("integer division: a checked helper is defined after the plain one it calls") {
  std::set<std::string, std::less<>> used{"_pk_mod_checked"};
  std::string m = IntegerDivisionFunctions(used, "    ", "\n");
  size_t plain = m.find("def _pk_mod(a: pk.int64, b: pk.int64) -> pk.int64:");
  size_t checked = m.find(
      "def _pk_mod_checked(a: pk.int64, b: pk.int64, zero_division: pk.View1D[pk.int32]) -> pk.int64:\n");
  REQUIRE(plain != std::string::npos);
  REQUIRE(checked != std::string::npos);
  CHECK(plain < checked);
  CHECK(m.find("        pk.atomic_compare_exchange(zero_division, [0], 0, 2)\n    return _pk_mod(a, b)\n") !=
        std::string::npos);
  CHECK(m.find("_pk_floordiv") == std::string::npos);
}

TEST_CASE("integer division: uint64 operands above 2**63 use unsigned helpers (hash_slots: keys[i] // m on uint64)") {
  Env e;
  CHECK(IntFloorDiv("keys[i]", "m", e.env, false, true) == "_pk_floordiv_u64(keys[i], m)");
  CHECK(IntPyMod("keys[i]", "m", e.env, false, true) == "_pk_mod_u64(keys[i], m)");
  std::string f = IntegerDivisionFunctions(e.env.division_helpers, "    ", "\n");
  CHECK(f.find("def _pk_floordiv_u64(a: pk.uint64, b: pk.uint64) -> pk.uint64:\n") != std::string::npos);
  CHECK(f.find("    q: pk.uint64 = a\n    q /= b\n") != std::string::npos);
  CHECK(f.find("def _pk_mod_u64(a: pk.uint64, b: pk.uint64) -> pk.uint64:\n") != std::string::npos);
  CHECK(f.find("def _pk_floordiv(") == std::string::npos);  // the int64 helpers are not needed
}

TEST_CASE("division by zero: a serial kernel reports a zero divisor, its caller raises (group_means)") {
  std::string out = Translated(
      "def group_means(totals, counts, means):\n"
      "    for g in range(totals.shape[0]):\n"
      "        means[g] = totals[g] // counts[g]\n",
      "@njit('void(int64[:], int64[:], int64[:])')");
  CHECK(out.find("means[g] = _pk_floordiv_checked(totals[g], counts[g], zero_division)") != std::string::npos);
  CHECK(out.find("zero_division: pk.View1D[pk.int32]):") != std::string::npos);
  CHECK(out.find("    zero_division = pk.View([1], pk.int32)\n") != std::string::npos);
  CHECK(out.find("    if zero_division[0] != 0:\n        raise ZeroDivisionError(\"integer division by zero\")") !=
        std::string::npos);
}

TEST_CASE("division by zero: prange of a parallel=True kernel and error_model='numpy' give 0 like Numba (bucket_ids)") {
  std::string par = Translated(
      "def bucket_ids(a, width, out):\n"
      "    for i in prange(a.shape[0]):\n"
      "        out[i] = a[i] // width + a[i] % width\n",
      "@njit('void(int64[:], int64, int64[:])', parallel=True)");
  CHECK(par.find("out[i] = _pk_floordiv(a[i], width) + _pk_mod(a[i], width)") != std::string::npos);
  CHECK(par.find("zero_division") == std::string::npos);
  std::string np_model = Translated(
      "def ratios(a, b, out):\n"
      "    for i in range(a.shape[0]):\n"
      "        out[i] = a[i] // b[i]\n",
      "@njit('void(int64[:], int64[:], int64[:])', error_model='numpy')");
  CHECK(np_model.find("_pk_floordiv(a[i], b[i])") != std::string::npos);
  CHECK(np_model.find("zero_division") == std::string::npos);
}

TEST_CASE("division by zero: the bound of an enclosing range(n) is never zero there (rule90: (i - 1) % n)") {
  std::string out = Translated(
      "def rule90(cells, out):\n"
      "    n = cells.shape[0]\n"
      "    for i in range(n):\n"
      "        out[i] = cells[(i - 1) % n] ^ cells[(i + 1) % n]\n",
      "@njit('void(int64[:], int64[:])')");
  CHECK(out.find("zero_division") == std::string::npos);
  // Reassigned inside the loop: no proof.
  std::string moved = Translated(
      "def shrink(a):\n"
      "    n = a.shape[0]\n"
      "    s = 0\n"
      "    for i in range(n):\n"
      "        s += a[i] % n\n"
      "        n = a[i]\n"
      "    return s\n",
      "@njit('int64(int64[:])')");
  CHECK(moved.find("_pk_mod_checked(a[i], n, zero_division)") != std::string::npos);
}

TEST_CASE("division by zero: a helper takes the workunit's flag and passes it on (periodic_cells: cell -> wrap)") {
  std::string out = Translated(
      "def wrap(i, n):\n"
      "    return i % n\n\n\n"
      "@njit('int64(int64, int64, int64)')\n"
      "def cell(i, j, n):\n"
      "    return wrap(i, n) * n + wrap(j, n)\n\n\n"
      "@njit('int64(int64, int64)', error_model='numpy')\n"
      "def quiet(a, b):\n"
      "    return a // b\n\n\n"
      "@njit('void(int64[:], int64, int64[:])', error_model='numpy')\n"
      "def periodic_cells(idx, n, out):\n"
      "    for k in range(idx.shape[0]):\n"
      "        out[k] = cell(idx[k], idx[k] + 1, n) + quiet(idx[k], n)\n",
      "@njit('int64(int64, int64)')");
  // The helper's own check, and the flag through the middle helper.
  CHECK(out.find("zero_division: pk.View1D[pk.int32]) -> pk.int64:\n    return _pk_mod_checked(i, n, zero_division)") !=
        std::string::npos);
  CHECK(out.find("_pk_fn_wrap(i, n, zero_division) * n + _pk_fn_wrap(j, n, zero_division)") != std::string::npos);
  // A kernel under NumPy's error model still passes it (the helper raises by
  // its own model) and its caller raises; the NumPy-model helper takes none.
  CHECK(out.find("_pk_fn_cell(idx[k], idx[k] + 1, n, zero_division) + _pk_fn_quiet(idx[k], n)") != std::string::npos);
  CHECK(out.find("raise ZeroDivisionError(\"integer modulo by zero\")") != std::string::npos);
}
