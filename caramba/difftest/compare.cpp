// compare.cpp — see compare.h.
#include "caramba/difftest/compare.h"

#include <cmath>
#include <complex>
#include <cstring>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace caramba::difftest {

std::string DecodeBase64(const std::string& in) {
  auto val = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  std::string out;
  out.reserve(in.size() / 4 * 3);
  uint32_t buf = 0;
  int bits = 0;
  for (char c : in) {
    if (c == '=') break;
    if (c == '\n' || c == '\r') continue;
    int v = val(c);
    if (v < 0) throw std::runtime_error("bad base64 character");
    buf = (buf << 6) | static_cast<uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((buf >> bits) & 0xFF));
    }
  }
  return out;
}

namespace {

// A NumPy dtype string ("<f8") split into its kind letter and item size.
struct DType {
  char kind = '?';  // b i u f c (others: compared bytewise)
  size_t size = 0;
};

DType ParseDType(const std::string& s) {
  DType d;
  if (s.size() < 3) return d;
  d.kind = s[1];
  d.size = static_cast<size_t>(std::atoi(s.c_str() + 2));
  return d;
}

// Scalar category for the "same kind of number" rule.
char Category(char kind) { return kind == 'u' ? 'i' : kind; }

std::string DTypeName(const std::string& s) {
  DType d = ParseDType(s);
  switch (d.kind) {
    case 'b': return "bool";
    case 'i': return "int" + std::to_string(d.size * 8);
    case 'u': return "uint" + std::to_string(d.size * 8);
    case 'f': return "float" + std::to_string(d.size * 8);
    case 'c': return "complex" + std::to_string(d.size * 8);
    default: return s;
  }
}

size_t Elements(const std::vector<int64_t>& shape) {
  size_t n = 1;
  for (auto e : shape) n *= static_cast<size_t>(e);
  return n;
}

std::string ShapeText(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  if (shape.size() == 1) s += ",";
  return s + ")";
}

std::vector<int64_t> Unflatten(size_t flat, const std::vector<int64_t>& shape) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    idx[d] = static_cast<int64_t>(flat % static_cast<size_t>(shape[d]));
    flat /= static_cast<size_t>(shape[d]);
  }
  return idx;
}

template <typename T>
T Load(const std::string& data, size_t i) {
  T v;
  std::memcpy(&v, data.data() + i * sizeof(T), sizeof(T));
  return v;
}

// Element i as a double (float and integer kinds; also a bool).
double AsDouble(const std::string& data, DType d, size_t i) {
  switch (d.kind) {
    case 'f':
      if (d.size == 4) return Load<float>(data, i);
      if (d.size == 8) return Load<double>(data, i);
      break;
    case 'i':
      if (d.size == 1) return Load<int8_t>(data, i);
      if (d.size == 2) return Load<int16_t>(data, i);
      if (d.size == 4) return Load<int32_t>(data, i);
      if (d.size == 8) return static_cast<double>(Load<int64_t>(data, i));
      break;
    case 'u':
      if (d.size == 1) return Load<uint8_t>(data, i);
      if (d.size == 2) return Load<uint16_t>(data, i);
      if (d.size == 4) return Load<uint32_t>(data, i);
      if (d.size == 8) return static_cast<double>(Load<uint64_t>(data, i));
      break;
    case 'b': return data[i] != 0 ? 1.0 : 0.0;
  }
  return std::nan("");
}

std::complex<double> AsComplex(const std::string& data, DType d, size_t i) {
  if (d.kind == 'c') {
    if (d.size == 8) return {Load<float>(data, 2 * i), Load<float>(data, 2 * i + 1)};
    if (d.size == 16) return {Load<double>(data, 2 * i), Load<double>(data, 2 * i + 1)};
  }
  return {AsDouble(data, d, i), 0.0};
}

// Exact text of an integer or bool element (no rounding through double).
std::string IntText(const std::string& data, DType d, size_t i) {
  if (d.kind == 'b') return data[i] != 0 ? "True" : "False";
  if (d.kind == 'i' && d.size == 8) return std::to_string(Load<int64_t>(data, i));
  if (d.kind == 'u' && d.size == 8) return std::to_string(Load<uint64_t>(data, i));
  return std::to_string(static_cast<int64_t>(AsDouble(data, d, i)));
}

std::string FloatText(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  std::ostringstream o;
  o.precision(17);
  o << v;
  return o.str();
}

std::string ElementText(const std::string& data, DType d, size_t i) {
  if (d.kind == 'f') return FloatText(AsDouble(data, d, i));
  if (d.kind == 'c') {
    auto c = AsComplex(data, d, i);
    return "(" + FloatText(c.real()) + (c.imag() < 0 ? "" : "+") + FloatText(c.imag()) + "j)";
  }
  if (d.kind == 'b' || d.kind == 'i' || d.kind == 'u') return IntText(data, d, i);
  return "<" + std::to_string(d.size) + " bytes>";
}

bool IsFloatKind(char k) { return k == 'f' || k == 'c'; }

// Element-wise comparison of two buffers of equal element count. `e` is the
// reference (Numba). Mixed kinds (a scalar int against a 0-d int32 array)
// are compared through the wider common representation.
Difference CompareElements(const std::string& edata, DType ed, const std::string& adata, DType ad,
                           const std::vector<int64_t>& shape, const std::string& where, const Tolerance& tol) {
  Difference r;
  r.where = where;
  size_t n = Elements(shape);
  r.elements = n;
  bool floaty = IsFloatKind(ed.kind) || IsFloatKind(ad.kind);
  bool known = std::string("biufc").find(ed.kind) != std::string::npos &&
               std::string("biufc").find(ad.kind) != std::string::npos;
  long first = -1;
  if (!known) {
    // Unknown dtypes (strings, datetimes …): byte for byte.
    if (edata != adata) {
      r.equal = false;
      r.reason = "values differ (compared byte for byte)";
      r.differing = 1;
    }
    return r;
  }
  if (!floaty) {
    for (size_t i = 0; i < n; ++i) {
      bool same = (ed.kind == ad.kind && ed.size == ad.size)
                      ? std::memcmp(edata.data() + i * ed.size, adata.data() + i * ad.size, ed.size) == 0
                      : IntText(edata, ed, i) == IntText(adata, ad, i);
      if (!same) {
        if (first < 0) first = static_cast<long>(i);
        ++r.differing;
      }
    }
  } else {
    double num = 0, den = 0;
    bool pattern_differs = false;  // NaN or infinity at different places
    for (size_t i = 0; i < n; ++i) {
      std::complex<double> e = AsComplex(edata, ed, i), a = AsComplex(adata, ad, i);
      bool enan = std::isnan(e.real()) || std::isnan(e.imag());
      bool anan = std::isnan(a.real()) || std::isnan(a.imag());
      bool einf = std::isinf(e.real()) || std::isinf(e.imag());
      bool ainf = std::isinf(a.real()) || std::isinf(a.imag());
      bool close;
      if (enan || anan) {
        close = enan && anan;
        pattern_differs |= !close;
      } else if (einf || ainf) {
        close = e == a;
        pattern_differs |= !close;
      } else {
        double diff = std::abs(a - e);
        close = diff <= tol.atol + tol.rtol * std::abs(e);
        r.max_abs_error = std::max(r.max_abs_error, diff);
        num += diff * diff;
        den += std::norm(e);
      }
      if (!close) {
        if (first < 0) first = static_cast<long>(i);
        ++r.differing;
      }
    }
    r.has_error_measure = true;
    r.rel_l2_error = den > 0 ? std::sqrt(num / den) : (num > 0 ? INFINITY : 0.0);
    // NPBench: allclose or a small relative L2 error; a NaN/inf pattern
    // difference is never excused by the L2 norm.
    if (r.differing > 0 && !pattern_differs && r.rel_l2_error < tol.rel_l2) {
      r.differing = 0;
      first = -1;
    }
  }
  if (first >= 0) {
    r.equal = false;
    r.reason = "values differ";
    r.index = Unflatten(static_cast<size_t>(first), shape);
    r.expected = ElementText(edata, ed, static_cast<size_t>(first));
    r.actual = ElementText(adata, ad, static_cast<size_t>(first));
  }
  return r;
}

Difference Same(const std::string& where) {
  Difference r;
  r.where = where;
  return r;
}

Difference Mismatch(const std::string& where, std::string reason, std::string expected = {},
                    std::string actual = {}) {
  Difference r;
  r.equal = false;
  r.where = where;
  r.reason = std::move(reason);
  r.expected = std::move(expected);
  r.actual = std::move(actual);
  return r;
}

bool IsNumeric(const Value& v) {
  return v.kind == Value::Kind::kScalar || v.kind == Value::Kind::kBigInt ||
         (v.kind == Value::Kind::kArray && v.shape.empty());
}

// A scalar, big integer or 0-d array compared by value.
Difference CompareScalars(const Value& e, const Value& a, const std::string& where, const Tolerance& tol) {
  auto category = [](const Value& v) { return v.kind == Value::Kind::kBigInt ? 'i' : Category(ParseDType(v.dtype).kind); };
  char ec = category(e), ac = category(a);
  if (ec != ac) {
    auto kind_name = [](char c) {
      switch (c) {
        case 'b': return std::string("a bool");
        case 'i': return std::string("an integer");
        case 'f': return std::string("a float");
        case 'c': return std::string("a complex number");
        default: return std::string("a value of another kind");
      }
    };
    return Mismatch(where, "Numba returned " + kind_name(ec) + " (" + e.Describe() + "), the translation " +
                               kind_name(ac) + " (" + a.Describe() + ")");
  }
  if (e.kind == Value::Kind::kBigInt || a.kind == Value::Kind::kBigInt) {
    auto text = [](const Value& v) {
      return v.kind == Value::Kind::kBigInt ? v.text : IntText(v.data, ParseDType(v.dtype), 0);
    };
    std::string et = text(e), at = text(a);
    if (et == at) return Same(where);
    Difference r = Mismatch(where, "values differ", et, at);
    r.differing = r.elements = 1;
    return r;
  }
  return CompareElements(e.data, ParseDType(e.dtype), a.data, ParseDType(a.dtype), {}, where, tol);
}

}  // namespace

Value Value::FromJson(const nlohmann::json& j) {
  Value v;
  if (j.is_null()) return v;
  std::string kind = j.at("kind").get<std::string>();
  v.pytype = j.value("pytype", "");
  if (kind == "none") {
    v.kind = Kind::kNone;
  } else if (kind == "tuple") {
    v.kind = Kind::kTuple;
    for (const auto& it : j.at("items")) v.items.push_back(FromJson(it));
  } else if (kind == "bigint") {
    v.kind = Kind::kBigInt;
    v.text = j.at("value").get<std::string>();
  } else if (kind == "other") {
    v.kind = Kind::kOther;
    v.text = j.value("repr", "");
  } else if (kind == "scalar" || kind == "array") {
    v.kind = kind == "scalar" ? Kind::kScalar : Kind::kArray;
    v.dtype = j.at("dtype").get<std::string>();
    if (kind == "array") v.shape = j.at("shape").get<std::vector<int64_t>>();
    if (j.contains("data")) {
      v.data = DecodeBase64(j.at("data").get<std::string>());
      DType d = ParseDType(v.dtype);
      if (d.size == 0 || v.data.size() != Elements(v.shape) * d.size)
        throw std::runtime_error("array data has " + std::to_string(v.data.size()) + " bytes, expected " +
                                 std::to_string(Elements(v.shape)) + " elements of " + v.dtype);
    } else {
      v.text = j.value("repr", "");  // object arrays: compared by repr
    }
  } else {
    throw std::runtime_error("unknown value kind '" + kind + "'");
  }
  return v;
}

namespace {
// A numeric Value from raw elements: the four test constructors below.
Value Numeric(Value::Kind kind, std::string pytype, const char* dtype, std::vector<int64_t> shape,
              const void* bytes, size_t size) {
  Value r;
  r.kind = kind;
  r.pytype = std::move(pytype);
  r.dtype = dtype;
  r.shape = std::move(shape);
  r.data.assign(static_cast<const char*>(bytes), size);
  return r;
}
}  // namespace

Value Value::Float64Array(std::vector<int64_t> shape, const std::vector<double>& v) {
  return Numeric(Kind::kArray, "numpy.ndarray", "<f8", std::move(shape), v.data(), v.size() * sizeof(double));
}

Value Value::Int64Array(std::vector<int64_t> shape, const std::vector<int64_t>& v) {
  return Numeric(Kind::kArray, "numpy.ndarray", "<i8", std::move(shape), v.data(), v.size() * sizeof(int64_t));
}

Value Value::Float64Scalar(double v, std::string pytype) {
  return Numeric(Kind::kScalar, std::move(pytype), "<f8", {}, &v, sizeof v);
}

Value Value::Int64Scalar(int64_t v, std::string pytype) {
  return Numeric(Kind::kScalar, std::move(pytype), "<i8", {}, &v, sizeof v);
}

std::string Value::Describe() const {
  switch (kind) {
    case Kind::kAbsent: return "nothing";
    case Kind::kNone: return "None";
    case Kind::kTuple: return "a tuple of " + std::to_string(items.size());
    case Kind::kBigInt: return pytype + " " + text;
    case Kind::kOther: return pytype + " " + (text.size() > 60 ? text.substr(0, 60) + "…" : text);
    case Kind::kScalar: return pytype + " " + (data.empty() ? text : ElementText(data, ParseDType(dtype), 0));
    case Kind::kArray:
      return (pytype == "numpy.ndarray" ? "" : pytype + " of ") + DTypeName(dtype) + " array " + ShapeText(shape);
  }
  return "?";
}

std::string Difference::Describe() const {
  if (equal) return where + ": equal";
  std::ostringstream o;
  o << where;
  if (!index.empty()) {
    o << "[";
    for (size_t i = 0; i < index.size(); ++i) o << (i ? ", " : "") << index[i];
    o << "]";
  }
  o << ": " << reason;
  if (!expected.empty() || !actual.empty()) o << ": Numba " << expected << ", translation " << actual;
  std::vector<std::string> extra;
  if (elements > 1) extra.push_back(std::to_string(differing) + " of " + std::to_string(elements) + " elements differ");
  if (has_error_measure) {
    std::ostringstream m;
    m.precision(3);
    m << "max abs err " << max_abs_error << ", rel L2 err " << rel_l2_error;
    extra.push_back(m.str());
  }
  if (!extra.empty()) {
    o << " (";
    for (size_t i = 0; i < extra.size(); ++i) o << (i ? "; " : "") << extra[i];
    o << ")";
  }
  return o.str();
}

Difference Compare(const Value& e, const Value& a, const std::string& where, const Tolerance& tol) {
  using K = Value::Kind;
  if (IsNumeric(e) && IsNumeric(a) && (e.kind != K::kArray || a.kind != K::kArray))
    return CompareScalars(e, a, where, tol);
  if (e.kind != a.kind)
    return Mismatch(where, "Numba gave " + e.Describe() + ", the translation " + a.Describe());
  switch (e.kind) {
    case K::kAbsent:
    case K::kNone: return Same(where);
    case K::kBigInt:
    case K::kScalar: return CompareScalars(e, a, where, tol);
    case K::kOther:
      if (e.pytype != a.pytype) return Mismatch(where, "type differs", e.pytype, a.pytype);
      if (e.text != a.text) return Mismatch(where, "values differ (compared by repr)", e.text, a.text);
      return Same(where);
    case K::kTuple: {
      if (e.items.size() != a.items.size())
        return Mismatch(where, "tuple length differs", std::to_string(e.items.size()),
                        std::to_string(a.items.size()));
      for (size_t i = 0; i < e.items.size(); ++i) {
        Difference d = Compare(e.items[i], a.items[i], where + "[" + std::to_string(i) + "]", tol);
        if (!d.equal) return d;
      }
      return Same(where);
    }
    case K::kArray: {
      if (e.pytype != a.pytype)
        return Mismatch(where, "the translation returned a " + a.pytype + " where Numba returned a " + e.pytype +
                                   " (callers must get the same type back)");
      if (e.shape != a.shape) return Mismatch(where, "shape differs", ShapeText(e.shape), ShapeText(a.shape));
      if (e.dtype != a.dtype) return Mismatch(where, "dtype differs", DTypeName(e.dtype), DTypeName(a.dtype));
      if (e.data.empty() || a.data.empty()) {  // object arrays
        if (e.text != a.text) return Mismatch(where, "values differ (compared by repr)", e.text, a.text);
        return Same(where);
      }
      return CompareElements(e.data, ParseDType(e.dtype), a.data, ParseDType(a.dtype), e.shape, where, tol);
    }
  }
  return Same(where);
}

}  // namespace caramba::difftest
