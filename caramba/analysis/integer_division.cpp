// integer_division.cpp — see integer_division.h.
#include "caramba/analysis/integer_division.h"

#include <cctype>

#include "caramba/analysis/lowering.h"

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
    "    # b == 0 gives 0 (Numba raises ZeroDivisionError; a kernel cannot raise).",
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
    "    # b == 0 gives 0 (Numba raises ZeroDivisionError; a kernel cannot raise).",
    "    # b == -1 gives 0 (C++ traps on -2**63 % -1).",
    "    if b == 0 or b == -1:",
    "        return 0",
    "    r: pk.int64 = a % b",
    "    if r != 0 and (r < 0) != (b < 0):",
    "        r += b",
    "    return r",
};

template <size_t N>
void Append(const char* const (&lines)[N], std::string_view indent, std::string_view newline, std::string& out) {
  for (const char* line : lines) {
    std::string_view l(line);
    while (l.substr(0, 4) == "    ") {
      out += indent;
      l.remove_prefix(4);
    }
    out += l;
    out += newline;
  }
  out += newline;
  out += newline;
}

}  // namespace

std::string IntFloorDiv(const std::string& x, const std::string& y, LowerEnv& env) {
  env.uses_floordiv = true;
  return std::string(kFloorDivFunction) + "(" + x + ", " + y + ")";
}

std::string IntPyMod(const std::string& x, const std::string& y, LowerEnv& env) {
  if (PositiveLiteral(y)) return "((" + x + " % " + y + " + " + y + ") % " + y + ")";
  env.uses_mod = true;
  return std::string(kModFunction) + "(" + x + ", " + y + ")";
}

bool IsHelperCall(std::string_view text) {
  std::string_view name = text.substr(0, text.find('('));
  if (name != kFloorDivFunction && name != kModFunction) return false;
  int depth = 0;
  for (size_t k = name.size(); k < text.size(); ++k) {
    if (text[k] == '(') ++depth;
    if (text[k] == ')' && --depth == 0) return k + 1 == text.size();
  }
  return false;
}

std::string IntegerDivisionFunctions(bool floordiv, bool mod, std::string_view indent, std::string_view newline) {
  std::string out;
  if (floordiv) Append(kFloorDivLines, indent, newline, out);
  if (mod) Append(kModLines, indent, newline, out);
  return out;
}

}  // namespace caramba
