// integer_division.cpp — see integer_division.h.
#include "caramba/analysis/integer_division.h"

#include <cctype>

#include "caramba/analysis/lowering.h"
#include "caramba/analysis/numpy_lowerer.h"
#include "caramba/analysis/walk.h"
#include "caramba/syntax.h"

namespace caramba {
namespace {

// A positive integer literal (`2`, `1_000`): neither 0 nor -1.
bool PositiveLiteral(const std::string& t) {
  if (t.empty() || !std::isdigit(static_cast<unsigned char>(t[0]))) return false;
  for (char c : t)
    if (!std::isdigit(static_cast<unsigned char>(c)) && c != '_') return false;
  return t.find_first_not_of("0_") != std::string::npos;
}

// The helpers' source, one line per entry, four spaces per level (replaced
// by the file's indentation). Dialect rules they keep: every local declared
// with its type, no `//` (it truncates to 32 bits), no mixed and/or.
//
// On a declared pk.int64 local, `q /= b` is C++'s integer division: exact
// on all of int64, truncating toward zero. C++ traps on a zero divisor and
// on INT64_MIN / -1, so those are answered before it.
constexpr const char* kFloorDivLines[] = {
    "@pk.function",
    "def _pk_floordiv(a: pk.int64, b: pk.int64) -> pk.int64:",
    "    # Python's a // b on int64, as Numba computes it: rounded toward minus",
    "    # infinity and exact on all of int64 (the dialect's `//` truncates to 32",
    "    # bits, a double quotient is wrong above 2**53). On a pk.int64 local",
    "    # `/=` is C++'s integer division, which truncates toward zero: one less",
    "    # when the remainder is non-zero and its sign differs from b's.",
    "    # b == 0 gives 0, Numba's answer under NumPy's error model (where it",
    "    # raises, the translation calls the _checked form, which reports it).",
    "    # b == -1 is negation, with Numba's 0 for -2**63 (C++ traps there).",
    "    if b == 0:",
    "        return 0",
    "    if b == -1:",
    "        if a < -9223372036854775807:",
    "            return 0",
    "        return -a",
    "    q: pk.int64 = a",
    "    q /= b",
    "    r: pk.int64 = a - q * b",
    "    if r != 0 and (r < 0) != (b < 0):",
    "        q -= 1",
    "    return q",
};

constexpr const char* kModLines[] = {
    "@pk.function",
    "def _pk_mod(a: pk.int64, b: pk.int64) -> pk.int64:",
    "    # Python's a % b on int64, as Numba computes it: the sign of b. The",
    "    # dialect's `%` is C's remainder (the sign of a): add b when the signs",
    "    # differ (no overflow: r and b have opposite signs).",
    "    # b == 0 gives 0 (NumPy's error model; the _checked form reports it).",
    "    # b == -1 gives 0 (C++ traps on -2**63 % -1).",
    "    if b == 0 or b == -1:",
    "        return 0",
    "    r: pk.int64 = a % b",
    "    if r != 0 and (r < 0) != (b < 0):",
    "        r += b",
    "    return r",
};

// uint64: C++'s unsigned division and remainder are Python's floor
// division and remainder there (no negative operand), exact on all of uint64.
constexpr const char* kFloorDivU64Lines[] = {
    "@pk.function",
    "def _pk_floordiv_u64(a: pk.uint64, b: pk.uint64) -> pk.uint64:",
    "    # Python's a // b on uint64, as Numba computes it: C++'s unsigned",
    "    # division, exact on all of uint64 (the int64 helper would read values",
    "    # above 2**63 as negative). b == 0 gives 0 (C++ traps there).",
    "    if b == 0:",
    "        return 0",
    "    q: pk.uint64 = a",
    "    q /= b",
    "    return q",
};

constexpr const char* kModU64Lines[] = {
    "@pk.function",
    "def _pk_mod_u64(a: pk.uint64, b: pk.uint64) -> pk.uint64:",
    "    # Python's a % b on uint64, as Numba computes it: C++'s unsigned",
    "    # remainder, exact on all of uint64. b == 0 gives 0 (C++ traps there).",
    "    if b == 0:",
    "        return 0",
    "    r: pk.uint64 = a % b",
    "    return r",
};

// The checked forms: `{T}` is the operands' dialect type, `{F}` the plain
// helper, `{C}` the flag's code (ZeroDivisionCode), `{M}` its message.
constexpr const char* kCheckedLines[] = {
    "@pk.function",
    "def {F}_checked(a: {T}, b: {T}, zero_division: pk.View1D[pk.int32]) -> {T}:",
    "    # b == 0: Numba raises ZeroDivisionError (\"{M}\").",
    "    # A kernel cannot raise: the first zero divisor leaves code {C} in the",
    "    # flag, and the caller raises after the dispatch.",
    "    if b == 0:",
    "        pk.atomic_compare_exchange(zero_division, [0], 0, {C})",
    "    return {F}(a, b)",
};

std::string Fill(std::string line, const std::string& key, const std::string& value) {
  for (size_t at; (at = line.find(key)) != std::string::npos;) line.replace(at, key.size(), value);
  return line;
}

void AppendLine(std::string_view l, std::string_view indent, std::string_view newline, std::string& out) {
  while (l.substr(0, 4) == "    ") {
    out += indent;
    l.remove_prefix(4);
  }
  out += l;
  out += newline;
}

template <size_t N>
void Append(const char* const (&lines)[N], std::string_view indent, std::string_view newline, std::string& out) {
  for (const char* line : lines) AppendLine(line, indent, newline, out);
  out += newline;
  out += newline;
}

void AppendChecked(const std::string& plain, std::string_view indent, std::string_view newline, std::string& out) {
  bool u64 = plain.size() > 4 && plain.substr(plain.size() - 4) == "_u64";
  int code = plain.rfind(kFloorDivFunction, 0) == 0 ? kIntegerDivisionByZero : kIntegerModuloByZero;
  for (const char* line : kCheckedLines) {
    std::string l = Fill(Fill(line, "{F}", plain), "{T}", u64 ? "pk.uint64" : "pk.int64");
    AppendLine(Fill(Fill(l, "{C}", std::to_string(code)), "{M}", ZeroDivisionMessage(code)), indent, newline, out);
  }
  out += newline;
  out += newline;
}

std::string HelperName(std::string_view base, bool checked, bool u64) {
  return std::string(base) + (u64 ? "_u64" : "") + (checked ? "_checked" : "");
}

}  // namespace

const char* ZeroDivisionMessage(int code) {
  return code == kIntegerModuloByZero ? "integer modulo by zero" : "integer division by zero";
}

// True when `name` is assigned somewhere in `body` (an assignment, an
// augmented one, a for target, a walrus).
bool AssignedIn(const Node& body, std::string_view name) {
  bool found = false;
  Walk(body, [&](const Node& n) {
    std::string_view t = n.Type();
    Node target;
    if (t == "assignment" || t == "augmented_assignment" || t == "for_statement") target = n.ChildByField("left");
    if (t == "named_expression") target = n.ChildByField("name");
    if (target)
      Walk(target, [&](const Node& x) {
        if (x.Type() == "identifier" && x.Text() == name) found = true;
        return !found;
      });
    return !found;
  });
  return found;
}

// True when `d` is the bound of an enclosing `for v in range(d)` (or
// prange(d)) and keeps its value in that loop: the body only runs when
// d > 0. `d` is a name or a shape (`a.shape[0]`), nothing with calls.
bool EnclosingRangeBound(const Node& d, const LowerEnv& env) {
  std::string_view t = d.Type();
  bool shape = t == "subscript" && d.ChildByField("value").Type() == "attribute" &&
               d.ChildByField("value").ChildByField("attribute").Text() == "shape";
  if (t != "identifier" && !shape) return false;
  for (Node p = d.Parent(); p; p = p.Parent()) {
    if (p.Type() != "for_statement") continue;
    Node it = p.ChildByField("right");
    if (it.Type() != "call") continue;
    std::string q = env.imports.Resolve(it.ChildByField("function"));
    if (q != "range" && q != "numba.prange") continue;
    auto args = it.ChildByField("arguments").NamedChildren();
    if (args.size() != 1 || numpy_lowering::StripParens(args[0]).Text() != d.Text()) continue;
    if (t == "identifier" && AssignedIn(p.ChildByField("body"), d.Text())) return false;
    return true;
  }
  return false;
}

bool ChecksZeroDivision(const Node& divisor, const LowerEnv& env) {
  if (env.zero_division.empty()) return false;
  for (const auto& [s, e] : env.no_raise_ranges)
    if (divisor.StartByte() >= s && divisor.EndByte() <= e) return false;
  // A nonzero integer literal, maybe negated: never zero.
  Node d = numpy_lowering::StripParens(divisor);
  if (d.Type() == "unary_operator" && (d.ChildByField("operator").Text() == "-" || d.ChildByField("operator").Text() == "+"))
    d = numpy_lowering::StripParens(d.ChildByField("argument"));
  if (d.Type() == "integer" && PositiveLiteral(std::string(d.Text()))) return false;
  return !EnclosingRangeBound(d, env);
}

std::string IntFloorDiv(const std::string& x, const std::string& y, LowerEnv& env, bool checked, bool u64) {
  std::string name = HelperName(kFloorDivFunction, checked, u64);
  env.division_helpers.insert(name);
  if (checked) env.zero_division_codes.insert(kIntegerDivisionByZero);
  return name + "(" + x + ", " + y + (checked ? ", " + env.zero_division : "") + ")";
}

std::string IntPyMod(const std::string& x, const std::string& y, LowerEnv& env, bool checked, bool u64) {
  if (PositiveLiteral(y)) {
    // C's remainder is Python's for a non-negative dividend.
    if (u64) return x + " % " + y;
    return "((" + x + " % " + y + " + " + y + ") % " + y + ")";
  }
  std::string name = HelperName(kModFunction, checked, u64);
  env.division_helpers.insert(name);
  if (checked) env.zero_division_codes.insert(kIntegerModuloByZero);
  return name + "(" + x + ", " + y + (checked ? ", " + env.zero_division : "") + ")";
}

bool IsHelperCall(std::string_view text) {
  std::string_view name = text.substr(0, text.find('('));
  if (name.rfind(kFloorDivFunction, 0) != 0 && name.rfind(kModFunction, 0) != 0) return false;
  int depth = 0;
  for (size_t k = name.size(); k < text.size(); ++k) {
    if (text[k] == '(') ++depth;
    if (text[k] == ')' && --depth == 0) return k + 1 == text.size();
  }
  return false;
}

std::string IntegerDivisionFunctions(const std::set<std::string, std::less<>>& used, std::string_view indent,
                                     std::string_view newline) {
  // Each plain helper before the checked one that calls it.
  auto any = [&](std::string_view base, bool u64) {
    return used.count(HelperName(base, false, u64)) || used.count(HelperName(base, true, u64));
  };
  std::string out;
  if (any(kFloorDivFunction, false)) Append(kFloorDivLines, indent, newline, out);
  if (any(kModFunction, false)) Append(kModLines, indent, newline, out);
  if (any(kFloorDivFunction, true)) Append(kFloorDivU64Lines, indent, newline, out);
  if (any(kModFunction, true)) Append(kModU64Lines, indent, newline, out);
  for (bool u64 : {false, true})
    for (std::string_view base : {kFloorDivFunction, kModFunction})
      if (used.count(HelperName(base, true, u64))) AppendChecked(HelperName(base, false, u64), indent, newline, out);
  return out;
}

std::string IntegerDivisionFunctions(bool floordiv, bool mod, std::string_view indent, std::string_view newline) {
  std::set<std::string, std::less<>> used;
  if (floordiv) used.insert(std::string(kFloorDivFunction));
  if (mod) used.insert(std::string(kModFunction));
  return IntegerDivisionFunctions(used, indent, newline);
}

}  // namespace caramba
