// Numba's typing of scalar integer operations and the C++ model beside it
// (integer_typing.h), and the lowering that makes the C++ compute Numba's
// values (integer_lowering.h). The expected types were measured with Numba
// 0.56.4: `def f(a, b): return a OP b` called with np.<type>(1) scalars and
// int literals; each case names the kernel whose arithmetic it is.
#include <doctest/doctest.h>

#include "caramba/analysis/integer_lowering.h"
#include "caramba/analysis/integer_typing.h"
#include "caramba/analysis/scalar_types.h"
#include "caramba/module_analysis.h"
#include "caramba/syntax.h"
#include "planned.h"

using namespace caramba;

namespace {

using S = Scalar;

// The first expression statement's expression of `src` (after the imports).
struct Expr {
  Tree tree;
  ImportTable imports;
  TypeTable types;
  explicit Expr(const std::string& body) : tree(Tree::Parse("import numpy as np\n" + body + "\n")) {
    imports.Build(tree);
  }
  Node Get() const {
    Node root = tree.Root();
    Node stmt = root.NamedChild(root.NamedChildCount() - 1);
    return stmt.NamedChild(0);
  }
  std::string Lower(Prelude* pre, std::set<std::string, std::less<>> int32 = {}) {
    LowerEnv env(types, imports);
    env.int32_names = std::move(int32);
    return LowerExpr(Get(), env, *pre);
  }
};

}  // namespace

TEST_CASE("integer typing: arithmetic is int64 with a signed operand, uint64 with two unsigned ones (fnv1a_32)") {
  // h ^= np.uint32(b); h *= np.uint32(16777619): uint32 with uint32 is uint64, no 32-bit wrap.
  CHECK(NumbaIntegerBinary("*", S::kUInt32, S::kUInt32) == S::kUInt64);
  CHECK(NumbaIntegerBinary("^", S::kUInt32, S::kUInt8) == S::kUInt64);
  CHECK(NumbaIntegerBinary("+", S::kUInt8, S::kUInt8) == S::kUInt64);
  // An int literal is an int64: uint64 + 1 and uint32 * 3 are int64.
  CHECK(NumbaIntegerBinary("+", S::kUInt64, S::kInt64) == S::kInt64);
  CHECK(NumbaIntegerBinary("*", S::kUInt32, S::kInt64) == S::kInt64);
  CHECK(NumbaIntegerBinary("//", S::kUInt64, S::kInt8) == S::kInt64);
  CHECK(NumbaIntegerBinary("%", S::kUInt16, S::kUInt64) == S::kUInt64);
  CHECK(NumbaIntegerBinary("-", S::kInt8, S::kInt8) == S::kInt64);
  CHECK(NumbaIntegerBinary("&", S::kBool, S::kUInt32) == S::kInt64);
  CHECK(NumbaIntegerBinary("&", S::kBool, S::kBool) == S::kBool);
  CHECK(NumbaIntegerBinary("/", S::kUInt32, S::kUInt32) == S::kUnknown);  // not an integer result
  CHECK(NumbaIntegerBinary("+", S::kUInt32, S::kFloat64) == S::kUnknown);
}

TEST_CASE("integer typing: shifts take the left operand's signedness (xorshift_stream, murmur_fmix)") {
  CHECK(NumbaIntegerBinary(">>", S::kUInt64, S::kUInt64) == S::kUInt64);
  CHECK(NumbaIntegerBinary(">>", S::kUInt32, S::kInt64) == S::kUInt64);  // h >> 16
  CHECK(NumbaIntegerBinary("<<", S::kInt64, S::kUInt64) == S::kInt64);
  CHECK(NumbaIntegerBinary("<<", S::kBool, S::kUInt8) == S::kInt64);
}

TEST_CASE("integer typing: unary minus and invert are 64-bit of the operand's signedness") {
  CHECK(NumbaIntegerUnary("-", S::kUInt32) == S::kUInt64);
  CHECK(NumbaIntegerUnary("~", S::kUInt8) == S::kUInt64);
  CHECK(NumbaIntegerUnary("-", S::kInt8) == S::kInt64);
  CHECK(NumbaIntegerUnary("~", S::kBool) == S::kBool);
  CHECK(NumbaIntegerUnary("-", S::kBool) == S::kInt64);
}

TEST_CASE("integer typing: where control flow joins, NumPy's promotion (lcg loop variables)") {
  // x = np.uint64(a); for ...: x = x - 1 -> float64 in Numba 0.56.
  CHECK(Unify(S::kUInt64, S::kInt64) == S::kFloat64);
  CHECK(Unify(S::kUInt32, S::kUInt64) == S::kUInt64);  // fnv1a_32's h
  CHECK(Unify(S::kUInt32, S::kInt64) == S::kInt64);
  CHECK(Unify(S::kInt8, S::kUInt8) == S::kInt16);
  CHECK(Unify(S::kUInt16, S::kInt8) == S::kInt32);
  CHECK(Unify(S::kBool, S::kUInt8) == S::kUInt8);
}

TEST_CASE("integer typing: NumPy's integer casts and their wraparound (uint8_checksum, crc32)") {
  CHECK(IntegerCastTarget("uint32") == S::kUInt32);
  CHECK(IntegerCastTarget("intp") == S::kInt64);
  CHECK(IntegerCastTarget("uintp") == S::kUInt64);
  CHECK_FALSE(IntegerCastTarget("float64"));
  CHECK(WrapInteger(300, S::kUInt8) == 44);
  CHECK(WrapInteger(200, S::kInt8) == static_cast<uint64_t>(-56));
  CHECK(WrapInteger(static_cast<uint64_t>(-1), S::kUInt32) == 0xFFFFFFFFu);
  CHECK(WrapInteger(static_cast<uint64_t>(-3), S::kUInt8) == 253);
  CHECK(WrapInteger(0xFFFFFFFF, S::kUInt64) == 0xFFFFFFFF);
}

TEST_CASE("integer typing: the C++ model (promotion, usual arithmetic conversions, comparisons)") {
  CHECK(CxxPromoted(S::kUInt8) == S::kInt32);
  CHECK(CxxPromoted(S::kUInt32) == S::kUInt32);
  CHECK(CxxIntegerBinary("*", S::kUInt32, S::kUInt32) == S::kUInt32);  // wraps at 32 bits
  CHECK(CxxIntegerBinary("+", S::kUInt64, S::kInt64) == S::kUInt64);   // Numba: int64
  CHECK(CxxIntegerBinary("+", S::kInt64, S::kUInt32) == S::kInt64);
  CHECK(CxxIntegerBinary("+", S::kUInt8, S::kUInt8) == S::kInt32);
  CHECK(CxxIntegerBinary(">>", S::kUInt16, S::kUInt64) == S::kInt32);
  CHECK(CxxComparesValues(S::kUInt32, S::kInt64));
  CHECK_FALSE(CxxComparesValues(S::kUInt32, S::kInt32));
  CHECK_FALSE(CxxComparesValues(S::kUInt64, S::kInt64));
  CHECK(CxxComparesValues(S::kUInt8, S::kInt32));
}

TEST_CASE("integer lowering: a cast of a literal is the literal's value (fnv1a_64, crc32)") {
  Expr e("np.uint32(0xFFFFFFFF)");
  Prelude pre;
  CHECK(e.Lower(&pre) == "4294967295");
  CHECK(pre.empty());
  Expr big("np.uint64(14695981039346656037)");
  CHECK(big.Lower(&pre) == "_pk_t0");
  REQUIRE(pre.size() == 1);
  CHECK(pre[0] == "_pk_t0: pk.uint64 = -3750763034362895579");
  Expr neg("np.int8(200)");
  Prelude p2;
  CHECK(neg.Lower(&p2) == "(-56)");
}

TEST_CASE("integer lowering: uint32 operands are widened where Numba computes in 64 bits (murmur_fmix)") {
  Expr e("h * k");
  e.types["h"] = Type{S::kUInt32};
  e.types["k"] = Type{S::kUInt32};
  Prelude pre;
  CHECK(e.Lower(&pre) == "_pk_t0 * k");
  REQUIRE(pre.size() == 1);
  CHECK(pre[0] == "_pk_t0: pk.uint64 = h");
}

TEST_CASE("integer lowering: a uint64 with a signed operand computes in int64, as Numba (crc32's mask)") {
  Expr e("(crc ^ b) & 0xFF");
  e.types["crc"] = Type{S::kUInt64};
  e.types["b"] = Type{S::kUInt8};
  Prelude pre;
  CHECK(e.Lower(&pre) == "_pk_t0 & 0xFF");
  REQUIRE(pre.size() == 1);
  CHECK(pre[0] == "_pk_t0: pk.int64 = (crc ^ b)");
  // uint64 with uint64: C++'s type already.
  Expr lcg("a * state + c");
  for (const char* n : {"a", "state", "c"}) lcg.types[n] = Type{S::kUInt64};
  Prelude p2;
  CHECK(lcg.Lower(&p2) == "a * state + c");
  CHECK(p2.empty());
}

TEST_CASE("integer lowering: comparisons of uint32 with a signed 32-bit value compare the numbers") {
  Expr e("u < i");
  e.types["u"] = Type{S::kUInt32};
  e.types["i"] = Type{S::kInt64};
  Prelude pre;
  CHECK(e.Lower(&pre, {"i"}) == "_pk_t0 < i");
  REQUIRE(pre.size() == 1);
  CHECK(pre[0] == "_pk_t0: pk.int64 = u");
  Expr lit("u < 5");
  lit.types["u"] = Type{S::kUInt32};
  Prelude p2;
  CHECK(lit.Lower(&p2) == "u < 5");
  CHECK(p2.empty());
}

TEST_CASE("integer lowering: a cast whose operand always fits is the operand (fnv1a_32's np.uint32(b))") {
  Expr e("np.uint32(b)");
  e.types["b"] = Type{S::kUInt8};
  Prelude pre;
  CHECK(e.Lower(&pre) == "b");
  CHECK(pre.empty());
  Expr n("np.uint32(i)");
  n.types["i"] = Type{S::kInt64};
  CHECK(n.Lower(&pre) == "_pk_t0");
  REQUIRE(pre.size() == 1);
  CHECK(pre[0] == "_pk_t0: pk.uint32 = i");
}

TEST_CASE("integer plan: what no lowering reproduces is refused (larger_than, float casts, mixed locals)") {
  caramba_test::Planned m(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit(\"int64(uint64[:], int64)\")\ndef larger_than(keys, limit):\n    n = 0\n"
      "    for i in range(keys.shape[0]):\n        if keys[i] > limit:\n            n += 1\n    return n\n\n"
      "@njit(\"int64(uint64[:])\")\ndef above_zero(keys):\n    n = 0\n"
      "    for i in range(keys.shape[0]):\n        if keys[i] > 0:\n            n += 1\n    return n\n\n"
      "@njit(\"uint32(float64)\")\ndef to_u32(x):\n    return np.uint32(x)\n\n"
      "@njit(\"float64(uint64, int64)\")\ndef mixed(u, c):\n    x = u\n    if c > 0:\n"
      "        x = -1\n    return x\n");
  CHECK(caramba_test::Refused(m.Of("larger_than"), "CRB128"));
  CHECK(m.Of("above_zero").refusals.empty());  // a non-negative literal compares right
  CHECK(caramba_test::Refused(m.Of("to_u32"), "CRB201"));
  CHECK(caramba_test::Refused(m.Of("mixed"), "CRB124"));
}

TEST_CASE("integer plan: without recorded types an unsigned cast is CRB140 (crc32 without a profile)") {
  caramba_test::Planned m(
      "import numpy as np\nfrom numba import njit\n\n"
      "@njit\ndef crc32(data, table):\n    crc = np.uint32(0xFFFFFFFF)\n    for i in range(data.shape[0]):\n"
      "        crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8)\n    return crc\n");
  CHECK(caramba_test::Refused(m.Of("crc32"), "CRB140"));
}
