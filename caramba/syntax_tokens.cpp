// syntax_tokens.cpp — token checks (see syntax_checks.h): what CPython's
// tokenizer refuses and tree-sitter's lexer takes.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <unordered_map>

#include "caramba/syntax_checks.h"

namespace caramba {
// caramba/data/nfkd_identifier_chars.txt, embedded by caramba/CMakeLists.txt.
extern const char kNfkdTable[];
}  // namespace caramba

namespace caramba::syntax_checks {

void Report(std::vector<SyntaxProblem>* out, uint32_t start, uint32_t end, std::string message) {
  out->push_back({SyntaxProblem::Kind::kError, start, end, std::move(message)});
}
void Report(std::vector<SyntaxProblem>* out, const Node& n, std::string message) {
  Report(out, n.StartByte(), n.EndByte(), std::move(message));
}

// Numbers CPython's tokenizer refuses: `0x` without digits, `01` (leading
// zeros), a number run into a name (`0njit`, `0.class`). Fuzz findings that
// passed through with exit 0.
void CheckNumber(const Node& n, std::vector<SyntaxProblem>* out) {
  std::string_view src = n.SourceView();
  std::string_view type = n.Type();
  std::string_view t = n.Text();
  auto name_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || (c & 0x80); };
  if (t.size() == 2 && t[0] == '0' && std::strchr("xXoObB", t[1])) {
    Report(out, n, std::string("invalid ") + (t[1] == 'x' || t[1] == 'X' ? "hexadecimal" : t[1] == 'o' || t[1] == 'O' ? "octal" : "binary") + " literal");
  } else if (type == "integer" && t.size() > 1 && t[0] == '0' && std::isdigit(static_cast<unsigned char>(t[1])) &&
             t.find_first_not_of("0_") != std::string_view::npos) {
    Report(out, n, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers");
  } else if (n.EndByte() < src.size() && name_char(src[n.EndByte()])) {
    // `1if x else y` is still accepted (with a warning): only keywords may follow.
    size_t e = n.EndByte();
    while (e < src.size() && name_char(src[e])) ++e;
    std::string_view word = src.substr(n.EndByte(), e - n.EndByte());
    static const std::set<std::string_view> kKeywords{"and", "or", "if", "else", "in", "is", "not", "for"};
    char k = word.empty() ? 0 : static_cast<char>(std::tolower(static_cast<unsigned char>(word[0])));
    if (kKeywords.count(word)) return;
    if (t == "0" && (k == 'x' || k == 'o' || k == 'b'))  // `0x` lexes as 0 and a name x here
      Report(out, n, std::string("invalid ") + (k == 'x' ? "hexadecimal" : k == 'o' ? "octal" : "binary") + " literal");
    else
      Report(out, n, "invalid decimal literal");
  }
}

// The grammar lexes a keyword where no rule wants it as a name: `await`
// alone on a line, `import5numpy` (one name), `as nnonlocal` ... A name
// spelled like a keyword CPython reserves is never a name there.
void CheckIdentifier(const Node& n, std::vector<SyntaxProblem>* out) {
  static const std::set<std::string_view> kReserved{
      "False", "None",   "True",    "and",      "as",     "assert", "async", "await",  "break",
      "class", "continue", "def",   "del",      "elif",   "else",   "except", "finally", "for",
      "from",  "global", "if",      "import",   "in",     "is",     "lambda", "nonlocal", "not",
      "or",    "pass",   "raise",   "return",   "try",    "while",  "with",  "yield"};
  // Every keyword has 2 to 8 characters: most names (i, j, a, result) skip
  // the set's string comparisons.
  std::string_view text = n.Text();
  if (text.size() < 2 || text.size() > 8) return;
  if (kReserved.count(text)) Report(out, n, "invalid syntax: '" + std::string(n.Text()) + "' is a keyword");
}

namespace {
// One UTF-8 code point at `s[*i]`, advancing *i (the file is valid UTF-8:
// CheckSourceBytes refused it otherwise).
uint32_t NextCodePoint(std::string_view s, size_t* i) {
  unsigned char c = static_cast<unsigned char>(s[*i]);
  int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  uint32_t cp = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
  for (int k = 1; k < len && *i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[*i + k]) & 0x3F);
  *i += len;
  return cp;
}

void AppendUtf8(std::string* out, uint32_t cp) {
  if (cp < 0x80) {
    *out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    *out += static_cast<char>(0xC0 | (cp >> 6));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *out += static_cast<char>(0xE0 | (cp >> 12));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    *out += static_cast<char>(0xF0 | (cp >> 18));
    *out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

const std::unordered_map<uint32_t, std::string>& NfkdTable() {
  static const std::unordered_map<uint32_t, std::string> table = [] {
    std::unordered_map<uint32_t, std::string> t;
    const char* p = kNfkdTable;
    while (*p) {
      if (*p == '#' || *p == '\n') {
        while (*p && *p != '\n') ++p;
        if (*p) ++p;
        continue;
      }
      char* end = nullptr;
      uint32_t cp = static_cast<uint32_t>(std::strtoul(p, &end, 16));
      std::string d;
      p = end;
      while (*p == ' ') {
        uint32_t x = static_cast<uint32_t>(std::strtoul(p + 1, &end, 16));
        AppendUtf8(&d, x);
        p = end;
      }
      t.emplace(cp, std::move(d));
    }
    return t;
  }();
  return table;
}
}  // namespace

// NFKD, character by character (the table, Hangul syllables by the Unicode
// formula): two names are one name to CPython exactly when their NFKD forms
// are equal. (Canonical reordering of several combining marks is left out:
// a name would need two marks of different classes in non-canonical order.)
std::string NormalizedName(std::string_view name) {
  if (std::all_of(name.begin(), name.end(), [](char c) { return !(c & 0x80); })) return std::string(name);
  std::string out;
  const auto& table = NfkdTable();
  for (size_t i = 0; i < name.size();) {
    uint32_t cp = NextCodePoint(name, &i);
    if (cp >= 0xAC00 && cp <= 0xD7A3) {
      uint32_t s = cp - 0xAC00;
      AppendUtf8(&out, 0x1100 + s / 588);
      AppendUtf8(&out, 0x1161 + (s % 588) / 28);
      if (s % 28) AppendUtf8(&out, 0x11A7 + s % 28);
    } else if (auto it = table.find(cp); it != table.end()) {
      out += it->second;
    } else {
      AppendUtf8(&out, cp);
    }
  }
  return out;
}

// CPython's tokenizer rejects a non-printable character outside string
// literals and comments ("invalid non-printable character U+000B"), and
// U+FEFF anywhere but at the very start, where it is the UTF-8 byte-order
// mark. Tree-sitter skips both as whitespace, so without this check such a
// file passed through with exit 0 (found by the fuzzer: a BOM on line 2).
// NUL bytes never get here: reading the file refuses them (file_system.cpp).
void FindNonPrintable(const Tree& tree, std::vector<SyntaxProblem>* out) {
  std::string_view src = tree.Source();
  static constexpr std::string_view kBom = "\xEF\xBB\xBF";
  for (size_t i = 0; i < src.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(src[i]);
    size_t len = 0;
    std::string name;
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') || c == 0x7F) {
      static const char* kHex = "0123456789ABCDEF";
      len = 1;
      name = std::string("U+00") + kHex[c >> 4] + kHex[c & 15];
    } else if (c == 0xEF && i > 0 && src.substr(i, 3) == kBom) {
      len = 3;
      name = "U+FEFF";
    } else {
      continue;
    }
    bool quoted = false;
    for (Node n = tree.Root().DescendantForByteRange(static_cast<uint32_t>(i), static_cast<uint32_t>(i + len)); n;
         n = n.Parent())
      if (n.Type() == "string" || n.Type() == "comment") {
        quoted = true;
        break;
      }
    if (quoted) continue;
    out->push_back({SyntaxProblem::Kind::kError, static_cast<uint32_t>(i), static_cast<uint32_t>(i + len),
                    "invalid non-printable character " + name});
    return;  // one report: the rest of the file is suspect anyway
  }
}

// A `\` that joins the last line with nothing: CPython's "unexpected EOF
// while parsing"; tree-sitter takes it as trailing whitespace.
void FindContinuationAtEnd(const Tree& tree, std::vector<SyntaxProblem>* out) {
  std::string_view src = tree.Source();
  size_t e = src.find_last_not_of(" \t\f\r\n");
  if (e == std::string_view::npos || src[e] != '\\' || e + 1 >= src.size() || (src[e + 1] != '\n' && src[e + 1] != '\r'))
    return;
  for (Node n = tree.Root().DescendantForByteRange(static_cast<uint32_t>(e), static_cast<uint32_t>(e + 1)); n;
       n = n.Parent())
    if (n.Type() == "string" || n.Type() == "comment") return;
  Report(out, static_cast<uint32_t>(e), static_cast<uint32_t>(e + 1), "unexpected EOF while parsing");
}

// The `<>` operator (a token inside comparisons): found by text, then the
// token there is checked to be the operator (not inside a string).
void FindPython2Operators(const Tree& tree, std::vector<SyntaxProblem>* out) {
  std::string_view src = tree.Source();
  for (size_t at = src.find("<>"); at != std::string_view::npos; at = src.find("<>", at + 2)) {
    TSNode leaf = ts_node_descendant_for_byte_range(tree.Root().Raw(), static_cast<uint32_t>(at),
                                                    static_cast<uint32_t>(at + 2));
    if (std::string_view(ts_node_type(leaf)) == "<>")
      out->push_back({SyntaxProblem::Kind::kPython2, static_cast<uint32_t>(at), static_cast<uint32_t>(at + 2),
                      "Python 2 operator '<>'; use '!='"});
  }
}

// A string in single quotes ends on its line: a line break inside it is
// CPython's "unterminated string literal" unless a backslash escapes it
// (`"ab\<newline>cd"` continues the literal). Tree-sitter's grammar accepts
// `@njit("<newline>float64(...)")` as one string.
void CheckStringLines(const Node& n, std::vector<SyntaxProblem>* out) {
  std::string_view t = n.Text();
  size_t q = t.find_first_of("'\"");
  if (q == std::string_view::npos || t.substr(q, 3) == "\"\"\"" || t.substr(q, 3) == "'''") return;
  for (size_t i = q + 1; i < t.size(); ++i) {
    if (t[i] != '\n' && t[i] != '\r') continue;
    if (t[i] == '\n' && i > 0 && t[i - 1] == '\r') continue;  // the \n of a \r\n
    size_t backslashes = 0;
    for (size_t j = i; j > q + 1 && t[j - 1] == '\\'; --j) ++backslashes;
    if (backslashes % 2 == 1) continue;
    Report(out, n.StartByte(), n.StartByte() + static_cast<uint32_t>(i), "unterminated string literal");
    return;
  }
}

}  // namespace caramba::syntax_checks
