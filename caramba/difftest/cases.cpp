// cases.cpp — see cases.h.
#include "caramba/difftest/cases.h"

#include <cctype>
#include <cmath>
#include <set>

namespace caramba::difftest {

int64_t SizeTable::At(const std::string& name, size_t level) const {
  auto it = values.find(name);
  if (it == values.end() || it->second.empty()) return 0;
  return it->second[std::min(level, it->second.size() - 1)];
}

SizeTable SizeTable::Make(const std::vector<int64_t>& default_n,
                          const std::map<std::string, std::vector<int64_t>>& declared,
                          const std::vector<int64_t>& cli_n) {
  SizeTable t;
  t.values["N"] = default_n;
  for (const auto& [k, v] : declared) t.values[k] = v;
  if (!cli_n.empty()) t.values["N"] = cli_n;
  t.levels = t.values["N"].size();
  for (const auto& [k, v] : declared)
    if (k != "N") t.levels = std::max(t.levels, v.size());
  if (!cli_n.empty()) t.levels = cli_n.size();  // the user's choice of levels wins
  auto derive = [&](const char* name, double root) {
    if (declared.count(name)) return;
    std::vector<int64_t> v;
    for (int64_t n : t.values["N"])
      v.push_back(std::max<int64_t>(1, std::llround(std::pow(static_cast<double>(n), 1.0 / root))));
    t.values[name] = v;
  };
  derive("N2", 2);
  derive("N3", 3);
  return t;
}

namespace {

std::string Trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

bool IsIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool IsIdent(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Parses "name(args)" with balanced brackets (strings respected). Returns an
// error message or "".
std::string ParseCall(const std::string& text, RunDirective* out) {
  size_t i = 0;
  while (i < text.size() && (IsIdent(text[i]) || text[i] == '.')) ++i;
  if (i == 0 || !IsIdentStart(text[0])) return "expected a kernel name, as in: runas kernel(args)";
  out->kernel = text.substr(0, i);
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i >= text.size() || text[i] != '(') return "expected '(' after '" + out->kernel + "'";
  size_t open = i;
  int depth = 0;
  char quote = 0;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') quote = c;
    else if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0) break;
    }
  }
  if (i >= text.size()) return "unbalanced parentheses";
  if (!Trim(std::string_view(text).substr(i + 1)).empty()) return "text after the closing ')'";
  out->args = Trim(std::string_view(text).substr(open + 1, i - open - 1));
  return "";
}

std::string ParseSizes(const std::string& text, std::map<std::string, std::vector<int64_t>>* out) {
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= text.size()) break;
    size_t eq = text.find('=', i);
    if (eq == std::string::npos) return "expected NAME=value[,value...]";
    std::string name = Trim(std::string_view(text).substr(i, eq - i));
    if (name.empty() || !IsIdentStart(name[0])) return "bad size name '" + name + "'";
    for (char c : name)
      if (!IsIdent(c)) return "bad size name '" + name + "'";
    size_t end = eq + 1;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    std::string vals = text.substr(eq + 1, end - eq - 1);
    std::vector<int64_t> v;
    size_t p = 0;
    while (p <= vals.size()) {
      size_t comma = vals.find(',', p);
      std::string item = vals.substr(p, comma == std::string::npos ? std::string::npos : comma - p);
      std::string digits;
      for (char c : item)
        if (c != '_') digits += c;
      char* endp = nullptr;
      double d = std::strtod(digits.c_str(), &endp);  // accepts 1e5
      if (digits.empty() || *endp != '\0' || d < 0 || d != std::floor(d))
        return "size '" + name + "': '" + item + "' is not a non-negative integer";
      v.push_back(static_cast<int64_t>(d));
      if (comma == std::string::npos) break;
      p = comma + 1;
    }
    (*out)[name] = v;
    i = end;
  }
  return "";
}

// One directive line ("runas …" / "sizes …") into `set`.
void ParseDirective(const std::string& body, const std::string& origin, DirectiveSet* set) {
  std::string t = Trim(body);
  std::string word = t.substr(0, t.find_first_of(" \t"));
  std::string rest = Trim(std::string_view(t).substr(word.size()));
  std::string err;
  if (word == "runas") {
    RunDirective d;
    err = ParseCall(rest, &d);
    d.origin = origin;
    if (err.empty()) set->runs.push_back(d);
  } else if (word == "sizes") {
    err = ParseSizes(rest, &set->sizes);
  } else {
    err = "unknown directive '" + word + "' (expected runas or sizes)";
  }
  if (!err.empty()) set->errors.push_back(origin + ": " + err);
}

}  // namespace

DirectiveSet ParseMarkers(std::string_view source, const std::string& path) {
  DirectiveSet set;
  size_t line_no = 0, pos = 0;
  while (pos <= source.size()) {
    size_t nl = source.find('\n', pos);
    std::string_view line = source.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    ++line_no;
    std::string t = Trim(line);
    if (t.rfind("#", 0) == 0) {
      std::string after = Trim(std::string_view(t).substr(1));
      if (after.rfind("caramba:", 0) == 0) {
        std::string body = Trim(std::string_view(after).substr(8));
        std::string word = body.substr(0, body.find_first_of(" \t"));
        // Only difftest's directives; other `# caramba:` comments belong to others.
        if (word == "runas" || word == "sizes")
          ParseDirective(body, path + ":" + std::to_string(line_no), &set);
      }
    }
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  for (auto& r : set.runs) r.origin = "marker at " + r.origin;
  return set;
}

DirectiveSet ParseCasesFile(std::string_view text, const std::string& path) {
  DirectiveSet set;
  size_t line_no = 0, pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string t = Trim(text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos));
    ++line_no;
    if (!t.empty() && t[0] != '#') ParseDirective(t, path + ":" + std::to_string(line_no), &set);
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  for (auto& r : set.runs) r.origin = "cases file " + r.origin;
  return set;
}

std::vector<std::string> SizeNamesIn(std::string_view expr, const SizeTable& sizes) {
  std::set<std::string> found;
  char quote = 0;
  for (size_t i = 0; i < expr.size();) {
    char c = expr[i];
    if (quote) {
      if (c == '\\') i += 2;
      else {
        if (c == quote) quote = 0;
        ++i;
      }
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      ++i;
      continue;
    }
    if (IsIdentStart(c) && (i == 0 || (!IsIdent(expr[i - 1]) && expr[i - 1] != '.'))) {
      size_t j = i;
      while (j < expr.size() && IsIdent(expr[j])) ++j;
      std::string name(expr.substr(i, j - i));
      // `N=3` inside a call is a keyword argument, not a use of the size.
      size_t k = j;
      while (k < expr.size() && expr[k] == ' ') ++k;
      bool keyword = k < expr.size() && expr[k] == '=' && (k + 1 >= expr.size() || expr[k + 1] != '=');
      if (!keyword && sizes.Has(name)) found.insert(name);
      i = j;
      continue;
    }
    ++i;
  }
  return {found.begin(), found.end()};
}

std::vector<Case> ExpandDirective(const RunDirective& d, const SizeTable& sizes) {
  std::vector<std::string> names = SizeNamesIn(d.args, sizes);
  std::vector<Case> out;
  size_t levels = names.empty() ? 1 : sizes.levels;
  for (size_t lv = 0; lv < levels; ++lv) {
    Case c;
    c.kernel = d.kernel;
    c.args = d.args;
    c.origin = d.origin;
    for (const auto& n : names) {
      c.sizes[n] = sizes.At(n, lv);
      c.label += (c.label.empty() ? "" : ",") + n + "=" + std::to_string(c.sizes[n]);
    }
    if (c.label.empty()) c.label = "-";
    // Bind every size so expressions may also name sizes indirectly.
    for (const auto& [n, v] : sizes.values) c.sizes.emplace(n, sizes.At(n, lv));
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace caramba::difftest
