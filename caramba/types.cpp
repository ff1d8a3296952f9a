// types.cpp — see types.h.
#include "caramba/types.h"

#include <cctype>
#include <map>

namespace caramba {

std::string_view ScalarName(Scalar s) {
  switch (s) {
    case Scalar::kUnknown: return "unknown";
    case Scalar::kBool: return "boolean";
    case Scalar::kInt8: return "int8";
    case Scalar::kInt16: return "int16";
    case Scalar::kInt32: return "int32";
    case Scalar::kInt64: return "int64";
    case Scalar::kUInt8: return "uint8";
    case Scalar::kUInt16: return "uint16";
    case Scalar::kUInt32: return "uint32";
    case Scalar::kUInt64: return "uint64";
    case Scalar::kFloat32: return "float32";
    case Scalar::kFloat64: return "float64";
    case Scalar::kComplex64: return "complex64";
    case Scalar::kComplex128: return "complex128";
    case Scalar::kNone: return "none";
  }
  return "unknown";
}

bool IsInteger(Scalar s) { return s >= Scalar::kInt8 && s <= Scalar::kUInt64; }
bool IsSigned(Scalar s) { return s >= Scalar::kInt8 && s <= Scalar::kInt64; }
bool IsFloat(Scalar s) { return s == Scalar::kFloat32 || s == Scalar::kFloat64; }
bool IsComplex(Scalar s) { return s == Scalar::kComplex64 || s == Scalar::kComplex128; }

int BitWidth(Scalar s) {
  switch (s) {
    case Scalar::kBool: case Scalar::kInt8: case Scalar::kUInt8: return 8;
    case Scalar::kInt16: case Scalar::kUInt16: return 16;
    case Scalar::kInt32: case Scalar::kUInt32: case Scalar::kFloat32: return 32;
    case Scalar::kInt64: case Scalar::kUInt64: case Scalar::kFloat64: case Scalar::kComplex64: return 64;
    case Scalar::kComplex128: return 128;
    default: return 0;
  }
}

Scalar Promote(Scalar a, Scalar b) {
  if (a == Scalar::kUnknown || b == Scalar::kUnknown) return Scalar::kUnknown;
  if (a == b) return a;
  auto rank = [](Scalar s) { return IsComplex(s) ? 3 : IsFloat(s) ? 2 : IsInteger(s) ? 1 : 0; };
  // Complex wins, then float; float32 only survives against narrow ints and
  // bool (NumPy: int64 + float32 -> float64; int16 + float32 -> float32).
  if (IsComplex(a) || IsComplex(b)) {
    Scalar c = IsComplex(a) ? a : b, o = IsComplex(a) ? b : a;
    if (c == Scalar::kComplex128 || o == Scalar::kFloat64 || (IsInteger(o) && BitWidth(o) > 16))
      return Scalar::kComplex128;
    return Scalar::kComplex64;
  }
  if (IsFloat(a) || IsFloat(b)) {
    Scalar f = IsFloat(a) ? a : b, o = IsFloat(a) ? b : a;
    if (f == Scalar::kFloat64 || o == Scalar::kFloat64) return Scalar::kFloat64;
    if (IsInteger(o) && BitWidth(o) > 16) return Scalar::kFloat64;
    return Scalar::kFloat32;
  }
  if (rank(a) == 0) return b == Scalar::kBool ? Scalar::kInt64 : b;  // bool + int -> int
  if (rank(b) == 0) return a;
  // Both integers: Numba promotes mixed-signedness int64/uint64 to float64;
  // otherwise the wider type, signed when either is signed.
  if (IsSigned(a) != IsSigned(b)) {
    Scalar s = IsSigned(a) ? a : b, u = IsSigned(a) ? b : a;
    if (BitWidth(s) > BitWidth(u)) return s;
    if (BitWidth(u) == 64) return Scalar::kFloat64;
    switch (BitWidth(u)) {
      case 8: return Scalar::kInt16;
      case 16: return Scalar::kInt32;
      default: return Scalar::kInt64;
    }
  }
  return BitWidth(a) >= BitWidth(b) ? a : b;
}

std::optional<Scalar> ScalarFromName(std::string_view name) {
  static const std::map<std::string_view, Scalar> kNames = {
      {"boolean", Scalar::kBool}, {"bool_", Scalar::kBool}, {"b1", Scalar::kBool}, {"bool", Scalar::kBool},
      {"int8", Scalar::kInt8}, {"i1", Scalar::kInt8}, {"byte", Scalar::kUInt8},
      {"int16", Scalar::kInt16}, {"i2", Scalar::kInt16},
      {"int32", Scalar::kInt32}, {"i4", Scalar::kInt32}, {"intc", Scalar::kInt32},
      {"int64", Scalar::kInt64}, {"i8", Scalar::kInt64}, {"intp", Scalar::kInt64}, {"int_", Scalar::kInt64},
      {"long_", Scalar::kInt64}, {"longlong", Scalar::kInt64}, {"int", Scalar::kInt64},
      {"uint8", Scalar::kUInt8}, {"u1", Scalar::kUInt8},
      {"uint16", Scalar::kUInt16}, {"u2", Scalar::kUInt16},
      {"uint32", Scalar::kUInt32}, {"u4", Scalar::kUInt32}, {"uintc", Scalar::kUInt32},
      {"uint64", Scalar::kUInt64}, {"u8", Scalar::kUInt64}, {"uintp", Scalar::kUInt64},
      {"uint", Scalar::kUInt64},
      {"float32", Scalar::kFloat32}, {"f4", Scalar::kFloat32}, {"float_", Scalar::kFloat32},
      {"single", Scalar::kFloat32},
      {"float64", Scalar::kFloat64}, {"f8", Scalar::kFloat64}, {"double", Scalar::kFloat64},
      {"float", Scalar::kFloat64},
      {"complex64", Scalar::kComplex64}, {"c8", Scalar::kComplex64},
      {"complex128", Scalar::kComplex128}, {"c16", Scalar::kComplex128},
      {"void", Scalar::kNone}, {"none", Scalar::kNone},
  };
  auto it = kNames.find(name);
  if (it == kNames.end()) return std::nullopt;
  return it->second;
}

std::string Type::ToString() const {
  std::string s(ScalarName(scalar));
  if (rank == 0) return s;
  s += '[';
  for (int d = 0; d < rank; ++d) {
    if (d) s += ", ";
    bool contiguous = (layout == 'C' && d == rank - 1) || (layout == 'F' && d == 0);
    s += contiguous ? "::1" : ":";
  }
  return s + ']';
}

std::string Signature::ToString() const {
  std::string s = result ? result->ToString() : std::string();
  if (!result_tuple.empty()) {
    s = "Tuple((";
    for (size_t i = 0; i < result_tuple.size(); ++i) s += (i ? ", " : "") + result_tuple[i].ToString();
    s += result_tuple.size() == 1 ? ",))" : "))";
  }
  s += '(';
  for (size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + args[i].ToString();
  return s + ')';
}

namespace {

// A small recursive-descent parser over the signature text.
class SigParser {
 public:
  SigParser(std::string_view t, std::string* err) : t_(t), err_(err) {}

  std::optional<Signature> Parse() {
    Skip();
    Signature sig;
    if (Peek() != '(') {
      // A tuple result, as functions returning pairs declare it. Only a
      // return type may be a tuple: tuple arguments stay unknown types.
      size_t at = p_;
      std::string head = Ident();
      Skip();
      while (Peek() == '.') { ++p_; head = Ident(); Skip(); }
      if ((head == "UniTuple" || head == "Tuple") && Peek() == '(') {
        if (!ParseTupleResult(head, &sig.result_tuple)) return std::nullopt;
      } else {
        p_ = at;
        auto r = ParseType();
        if (!r) return std::nullopt;
        sig.result = *r;
      }
    }
    if (!Expect('(')) return std::nullopt;
    Skip();
    while (Peek() != ')') {
      auto a = ParseType();
      if (!a) return std::nullopt;
      sig.args.push_back(*a);
      Skip();
      if (Peek() == ',') { ++p_; Skip(); continue; }
      if (Peek() != ')') return Fail("expected ',' or ')'");
    }
    ++p_;
    Skip();
    if (p_ != t_.size()) return Fail("unexpected text after the signature");
    return sig;
  }

 private:
  char Peek() const { return p_ < t_.size() ? t_[p_] : '\0'; }
  void Skip() { while (p_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[p_]))) ++p_; }
  bool Expect(char c) {
    Skip();
    if (Peek() != c) { Fail(std::string("expected '") + c + "'"); return false; }
    ++p_;
    return true;
  }
  std::nullopt_t Fail(const std::string& msg) {
    if (err_ && err_->empty())
      *err_ = msg + " at column " + std::to_string(p_ + 1) + " of \"" + std::string(t_) + "\"";
    return std::nullopt;
  }
  std::string Ident() {
    Skip();
    size_t s = p_;
    while (p_ < t_.size() && (std::isalnum(static_cast<unsigned char>(t_[p_])) || t_[p_] == '_')) ++p_;
    return std::string(t_.substr(s, p_ - s));
  }
  // UniTuple(T, n) or Tuple(T1, T2, ...) / Tuple((T1, T2, ...)), from the
  // opening parenthesis on.
  bool ParseTupleResult(const std::string& head, std::vector<Type>* out) {
    if (!Expect('(')) return false;
    Skip();
    if (head == "UniTuple") {
      auto el = ParseType();
      if (!el) return false;
      if (!Expect(',')) return false;
      Skip();
      size_t s = p_;
      while (std::isdigit(static_cast<unsigned char>(Peek()))) ++p_;
      if (s == p_) { Fail("expected the tuple's length"); return false; }
      int n = std::stoi(std::string(t_.substr(s, p_ - s)));
      if (n < 1 || n > 64) { Fail("tuple length out of range"); return false; }
      out->assign(static_cast<size_t>(n), *el);
      return Expect(')');
    }
    bool inner = Peek() == '(';
    if (inner) ++p_;
    for (;;) {
      Skip();
      if (Peek() == ')') break;
      auto el = ParseType();
      if (!el) return false;
      out->push_back(*el);
      Skip();
      if (Peek() == ',') { ++p_; continue; }
      if (Peek() != ')') { Fail("expected ',' or ')' in a tuple type"); return false; }
    }
    ++p_;
    if (out->empty()) { Fail("empty tuple type"); return false; }
    return inner ? Expect(')') : true;
  }

  std::optional<Type> ParseType() {
    // Dotted name; only the last component counts (numba.types.float64).
    std::string name = Ident();
    Skip();
    while (Peek() == '.') { ++p_; name = Ident(); Skip(); }
    if (name.empty()) return Fail("expected a type name");
    Type ty;
    if (name == "Array") {  // Array(float64, 2, 'C')
      if (!Expect('(')) return std::nullopt;
      auto el = ParseType();
      if (!el) return std::nullopt;
      if (!Expect(',')) return std::nullopt;
      Skip();
      size_t s = p_;
      while (std::isdigit(static_cast<unsigned char>(Peek()))) ++p_;
      if (s == p_) return Fail("expected the array rank");
      ty = *el;
      ty.rank = std::stoi(std::string(t_.substr(s, p_ - s)));
      Skip();
      if (Peek() == ',') {
        ++p_;
        Skip();
        char q = Peek();
        if (q != '\'' && q != '"') return Fail("expected a layout string");
        ty.layout = p_ + 1 < t_.size() ? t_[p_ + 1] : 'A';
        p_ += 3;
      }
      if (!Expect(')')) return std::nullopt;
      return ty;
    }
    auto sc = ScalarFromName(name);
    if (!sc) return Fail("unknown type '" + name + "'");
    ty.scalar = *sc;
    Skip();
    if (Peek() == '[') {
      ++p_;
      int rank = 0;
      int contiguous_dim = -1;
      for (;;) {
        Skip();
        if (Peek() != ':') return Fail("expected ':' in an array type");
        ++p_;
        Skip();
        if (Peek() == ':') {  // ::1
          ++p_;
          Skip();
          if (Peek() != '1') return Fail("expected '::1'");
          ++p_;
          contiguous_dim = rank;
        }
        ++rank;
        Skip();
        if (Peek() == ',') { ++p_; continue; }
        if (Peek() == ']') { ++p_; break; }
        return Fail("expected ',' or ']' in an array type");
      }
      ty.rank = rank;
      ty.layout = contiguous_dim < 0 ? 'A' : contiguous_dim == rank - 1 ? 'C' : contiguous_dim == 0 ? 'F' : 'A';
    }
    return ty;
  }

  std::string_view t_;
  size_t p_ = 0;
  std::string* err_;
};

}  // namespace

std::optional<Signature> ParseSignature(std::string_view text, std::string* error) {
  return SigParser(text, error).Parse();
}

}  // namespace caramba
