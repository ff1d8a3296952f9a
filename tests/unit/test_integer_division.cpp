// Python's integer // and % in kernels: calls of the _pk_floordiv/_pk_mod
// @pk.functions (integer_division.h), defined once per file when used.
#include <doctest/doctest.h>

#include "caramba/analysis/integer_division.h"
#include "caramba/analysis/lowering.h"
#include "caramba/module_analysis.h"

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
  CHECK(e.env.uses_floordiv);
  CHECK(e.env.uses_mod);
}

TEST_CASE("integer division: % by a positive literal stays inline and needs no helper (parity: i % 2)") {
  Env e;
  CHECK(IntPyMod("i", "2", e.env) == "((i % 2 + 2) % 2)");
  CHECK(IntPyMod("i", "1_000", e.env) == "((i % 1_000 + 1_000) % 1_000)");
  CHECK_FALSE(e.env.uses_mod);
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
