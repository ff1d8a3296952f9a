// integer_lowering.cpp — see integer_lowering.h.
#include "caramba/analysis/integer_lowering.h"

#include <cerrno>
#include <cstdlib>
#include <limits>

#include "caramba/analysis/function_extents.h"
#include "caramba/analysis/integer_division.h"
#include "caramba/analysis/integer_typing.h"
#include "caramba/analysis/numpy_table.h"

namespace caramba {

namespace {

constexpr uint64_t kInt64Max = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
constexpr uint64_t kInt32Max = static_cast<uint64_t>(std::numeric_limits<int32_t>::max());

Node Bare(Node n) {
  while (n.Type() == "parenthesized_expression" && n.NamedChildCount() == 1) n = n.NamedChild(0);
  return n;
}

bool IntLike(Scalar s) { return IsInteger(s) || s == Scalar::kBool; }

Scalar NumbaOf(const Node& e, LowerEnv& env) { return TypeOfExpr(e, env.types, env.imports, &env.type_memo).scalar; }

// An operand's lowered text in its parent's position. A binary or unary
// operator keeps the parse's precedence (a lower one would have come with
// parentheses of its own), so only other kinds are wrapped.
std::string Parenthesised(const Node& n, const std::string& text) {
  std::string_view t = Bare(n).Type();
  if (t == "identifier" || t == "integer" || t == "call" || t == "subscript" || t == "attribute" ||
      n.Type() == "parenthesized_expression" || n.Type() == "binary_operator" || n.Type() == "unary_operator" ||
      IsHelperCall(text))
    return text;
  if (text.rfind("_pk_t", 0) == 0 && text.find(' ') == std::string::npos) return text;  // a temporary
  return "(" + text + ")";
}

std::string Temp(Scalar t, const std::string& value, LowerEnv& env, Prelude& pre) {
  std::string name = env.NewTemp();
  pre.push_back(name + ": " + DialectScalar(t) + " = " + value);
  return name;
}

// The dialect's C++ type of an integer literal of this magnitude: the
// runtime's kernel compiler writes values up to 2**31 - 1 as int and larger
// ones with an LL suffix (kernel_compiler_expressions.cpp).
Scalar LiteralCxx(uint64_t magnitude) { return magnitude <= kInt32Max ? Scalar::kInt32 : Scalar::kInt64; }

// A cast folded into a literal: its text, the text's C++ type, and whether
// the text is a negative number that only means the value in a uint64 (a
// uint64 constant at or above 2**63, which no dialect literal can spell).
struct CastLiteral {
  std::string text;
  Scalar cxx;
  bool needs_uint64 = false;
  bool negative = false;
};

CastLiteral FoldCast(uint64_t bits, Scalar cast) {
  uint64_t v = WrapInteger(bits, cast);
  CastLiteral out;
  bool negative = IsSigned(cast) ? static_cast<int64_t>(v) < 0 : v > kInt64Max;
  if (!negative) {
    out.text = std::to_string(v);
    out.cxx = LiteralCxx(v);
    return out;
  }
  uint64_t magnitude = ~v + 1;  // two's complement: the value is -magnitude
  out.negative = true;
  out.needs_uint64 = IsUnsigned(cast);
  out.text = magnitude > kInt64Max ? "(-9223372036854775807 - 1)" : "-" + std::to_string(magnitude);
  out.cxx = out.needs_uint64 ? Scalar::kUInt64 : LiteralCxx(magnitude);
  return out;
}

std::optional<CastLiteral> CastOfLiteral(const Node& e, const ImportTable& imports) {
  auto cast = IntegerCastOf(e, imports);
  if (!cast) return std::nullopt;
  auto args = Bare(e).ChildByField("arguments").NamedChildren();
  if (args.size() != 1) return std::nullopt;
  auto bits = IntegerLiteralBits(args[0]);
  if (!bits) return std::nullopt;
  return FoldCast(*bits, *cast);
}

// Every value of `from` is a value of `to` (np.uint32 of a uint8 is the
// uint8 itself).
bool Fits(Scalar from, Scalar to) {
  if (from == Scalar::kBool) return IsInteger(to);
  if (!IsInteger(from) || !IsInteger(to)) return false;
  if (IsUnsigned(from)) return IsUnsigned(to) ? BitWidth(to) >= BitWidth(from) : BitWidth(to) > BitWidth(from);
  return IsSigned(to) && BitWidth(to) >= BitWidth(from);
}

bool NonNegativeLiteral(const Node& e, const LowerEnv& env) { return IsNonNegativeIntegerConstant(e, env.imports); }

bool IsExtentCall(const Node& b) {
  return b.Type() == "call" && b.ChildByField("function").Type() == "attribute" &&
         b.ChildByField("function").ChildByField("attribute").Text() == "extent";
}

}  // namespace

bool IsNonNegativeIntegerConstant(const Node& e, const ImportTable& imports) {
  Node b = Bare(e);
  if (b.Type() == "integer") {
    auto bits = IntegerLiteralBits(b);
    return bits && *bits <= kInt64Max;
  }
  auto folded = CastOfLiteral(b, imports);
  return folded && !folded->negative;
}

std::optional<uint64_t> IntegerLiteralBits(const Node& node) {
  Node e = Bare(node);
  bool minus = false;
  if (e.Type() == "unary_operator" && e.ChildByField("operator").Text() == "-") {
    minus = true;
    e = Bare(e.ChildByField("argument"));
  }
  if (e.Type() != "integer") return std::nullopt;
  std::string t;
  for (char c : e.Text())
    if (c != '_') t += c;
  int base = 10;
  std::string digits = t;
  if (t.size() > 2 && t[0] == '0') {
    char p = static_cast<char>(t[1] | 0x20);
    base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 10;
    if (base != 10) digits = t.substr(2);
  }
  if (digits.empty() || digits.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) return std::nullopt;
  errno = 0;
  unsigned long long v = std::strtoull(digits.c_str(), nullptr, base);
  if (errno == ERANGE) return std::nullopt;
  if (minus && v > kInt64Max + 1) return std::nullopt;
  return minus ? ~static_cast<uint64_t>(v) + 1 : static_cast<uint64_t>(v);
}

std::optional<Scalar> IntegerCastOf(const Node& node, const ImportTable& imports) {
  Node e = Bare(node);
  if (e.Type() != "call") return std::nullopt;
  std::string q = imports.Resolve(e.ChildByField("function"));
  const NumpyFunction* row = FindNumpyFunction(q);
  if (!row || row->cls != NumpyClass::kCast) return std::nullopt;
  auto target = IntegerCastTarget(q.substr(6));
  if (!target || e.ChildByField("arguments").NamedChildCount() != 1) return std::nullopt;
  return target;
}

Scalar CxxTypeOf(const Node& node, LowerEnv& env) {
  Node e = Bare(node);
  Scalar numba = NumbaOf(e, env);
  if (!IntLike(numba)) return numba;
  std::string_view t = e.Type();
  if (auto bits = IntegerLiteralBits(e)) {
    if (t == "integer") return *bits > kInt64Max ? Scalar::kUInt64 : LiteralCxx(*bits);
    return LiteralCxx(~*bits + 1);  // a unary minus of a literal
  }
  if (t == "identifier") return env.int32_names.count(e.Text()) ? Scalar::kInt32 : numba;
  if (t == "call") {
    if (IsExtentCall(e)) return Scalar::kUInt64;  // size_t
    if (auto folded = CastOfLiteral(e, env.imports)) return folded->cxx;
    if (auto cast = IntegerCastOf(e, env.imports)) {
      Node arg = e.ChildByField("arguments").NamedChild(0);
      Scalar at = NumbaOf(arg, env);
      if (!IntLike(at)) return *cast;
      return Fits(at, *cast) ? CxxTypeOf(arg, env) : *cast;
    }
    return numba;
  }
  if (t == "unary_operator") {
    std::string_view op = e.ChildByField("operator").Text();
    Node arg = e.ChildByField("argument");
    Scalar at = NumbaOf(arg, env);
    if ((op == "-" || op == "~") && IsUnsigned(at) && BitWidth(at) < 64) return at;  // LowerUnsignedUnary's temporary
    if (at == Scalar::kUInt64) return at;
    return CxxPromoted(CxxTypeOf(arg, env));
  }
  if (t == "binary_operator") {
    if (IsUnsignedArithmetic(e, env)) return numba;
    std::string_view op = e.ChildByField("operator").Text();
    if (op == "//" || op == "%" || op == "**") return numba;  // helpers and temporaries of Numba's type
    Scalar c = CxxIntegerBinary(op, CxxTypeOf(e.ChildByField("left"), env), CxxTypeOf(e.ChildByField("right"), env));
    return c == Scalar::kUnknown ? numba : c;
  }
  return numba;
}

bool IsUnsignedArithmetic(const Node& node, LowerEnv& env) {
  Node e = Bare(node);
  if (e.Type() != "binary_operator") return false;
  std::string_view op = e.ChildByField("operator").Text();
  if (op == "**") return false;  // a power: an int64 temporary (lowering.cpp)
  Scalar lt = NumbaOf(e.ChildByField("left"), env), rt = NumbaOf(e.ChildByField("right"), env);
  if (NumbaIntegerBinary(op, lt, rt) == Scalar::kUnknown) return false;
  return IsUnsigned(lt) || IsUnsigned(rt);
}

std::string LowerUnsignedBinary(const Node& node, LowerEnv& env, Prelude& pre) {
  Node e = Bare(node);
  std::string op(e.ChildByField("operator").Text());
  Node l = e.ChildByField("left"), r = e.ChildByField("right");
  Scalar result = NumbaIntegerBinary(op, NumbaOf(l, env), NumbaOf(r, env));
  std::string lx = LowerExpr(l, env, pre), rx = LowerExpr(r, env, pre);
  Scalar cl = CxxTypeOf(l, env), cr = CxxTypeOf(r, env);
  bool conv_l = false, conv_r = false;
  if (op == "<<" || op == ">>") {
    // C++ shifts in the left operand's promoted type: it must be Numba's.
    conv_l = cl != result;
  } else {
    // C++ must compute in Numba's type: no operand may be a uint64 where
    // Numba computes in int64 (it would make the other unsigned), and one
    // operand must have the type (the other converts to it, value kept).
    if (result == Scalar::kInt64) {
      conv_l = cl == Scalar::kUInt64;
      conv_r = cr == Scalar::kUInt64;
    }
    bool has = (conv_l || cl == result) || (conv_r || cr == result);
    if (!has) {
      if (!NonNegativeLiteral(l, env)) conv_l = true;
      else if (!NonNegativeLiteral(r, env)) conv_r = true;
      else conv_l = true;
    }
  }
  if (conv_l) lx = Temp(result, lx, env, pre);
  if (conv_r) rx = Temp(result, rx, env, pre);
  if (op == "//") return IntFloorDiv(lx, rx, env, ChecksZeroDivision(r, env), result == Scalar::kUInt64);
  if (op == "%") return IntPyMod(lx, rx, env, ChecksZeroDivision(r, env), result == Scalar::kUInt64);
  return (conv_l ? lx : Parenthesised(l, lx)) + " " + op + " " + (conv_r ? rx : Parenthesised(r, rx));
}

std::string LowerIntegerComparison(const Node& node, LowerEnv& env, Prelude& pre) {
  Node e = Bare(node);
  if (e.Type() != "comparison_operator" || e.NamedChildCount() != 2 || e.ChildCount() != 3) return "";
  Node l = e.NamedChild(0), r = e.NamedChild(1);
  Scalar lt = NumbaOf(l, env), rt = NumbaOf(r, env);
  if (!IntLike(lt) || !IntLike(rt) || !(IsUnsigned(lt) || IsUnsigned(rt))) return "";
  std::string op(e.Child(1).Text());
  std::string lx = LowerExpr(l, env, pre), rx = LowerExpr(r, env, pre);
  Scalar cl = CxxTypeOf(l, env), cr = CxxTypeOf(r, env);
  if (!CxxComparesValues(cl, cr)) {
    // Numba compares the numbers; C++ would turn a negative signed operand
    // into a large unsigned one. A uint32 widened to int64 compares right;
    // a uint64 against a signed value is refused (plan_integers.cpp).
    bool left_unsigned = IsUnsigned(CxxPromoted(cl));
    const Node& s = left_unsigned ? r : l;
    Scalar cu = left_unsigned ? cl : cr;
    if (!NonNegativeLiteral(s, env) && BitWidth(cu) < 64) {
      if (left_unsigned) lx = Temp(Scalar::kInt64, lx, env, pre);
      else rx = Temp(Scalar::kInt64, rx, env, pre);
    }
  }
  return lx + " " + op + " " + rx;
}

std::string LowerUnsignedUnary(const Node& node, LowerEnv& env, Prelude& pre) {
  Node e = Bare(node);
  if (e.Type() != "unary_operator") return "";
  std::string op(e.ChildByField("operator").Text());
  Node arg = e.ChildByField("argument");
  Scalar at = NumbaOf(arg, env);
  if ((op != "-" && op != "~") || !IsUnsigned(at) || BitWidth(at) >= 64) return "";
  return Temp(at, op + Parenthesised(arg, LowerExpr(arg, env, pre)), env, pre);
}

std::string LowerIntegerCast(const Node& node, Scalar cast, Scalar target, LowerEnv& env, Prelude& pre) {
  Node e = Bare(node);
  Node arg = e.ChildByField("arguments").NamedChild(0);
  if (auto bits = IntegerLiteralBits(arg)) {
    CastLiteral folded = FoldCast(*bits, cast);
    if (folded.needs_uint64 && target != Scalar::kUInt64) return Temp(Scalar::kUInt64, folded.text, env, pre);
    return folded.negative && target == Scalar::kUnknown ? "(" + folded.text + ")" : folded.text;
  }
  std::string x = LowerExpr(arg, env, pre);
  Scalar at = NumbaOf(arg, env);
  // Assigned to a variable of the cast's type, or always in range: the
  // value needs no conversion of its own.
  if (target == cast || Fits(at, cast)) return x;
  return Temp(cast, x, env, pre);
}

}  // namespace caramba
