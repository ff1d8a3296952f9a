// ignore.cpp — see ignore.h.
#include "caramba/batch/ignore.h"

namespace caramba {

namespace {

// Matches a bracket class starting at p[pi] == '['. Returns false when the
// class is unterminated (the caller then treats '[' as a literal).
bool MatchClass(std::string_view p, size_t& pi, char c, bool* matched) {
  size_t i = pi + 1;
  bool negate = i < p.size() && (p[i] == '!' || p[i] == '^');
  if (negate) ++i;
  bool hit = false;
  bool first = true;
  while (i < p.size() && (first || p[i] != ']')) {
    first = false;
    char lo = p[i];
    if (lo == '\\' && i + 1 < p.size()) lo = p[++i];
    char hi = lo;
    if (i + 2 < p.size() && p[i + 1] == '-' && p[i + 2] != ']') {
      hi = p[i + 2];
      if (hi == '\\' && i + 3 < p.size()) hi = p[++i + 2];
      i += 2;
    }
    if (c >= lo && c <= hi) hit = true;
    ++i;
  }
  if (i >= p.size()) return false;
  pi = i + 1;
  *matched = hit != negate && c != '/';
  return true;
}

bool Wild(std::string_view p, std::string_view s) {
  size_t pi = 0, si = 0;
  while (pi < p.size()) {
    char c = p[pi];
    if (c == '*') {
      bool dbl = pi + 1 < p.size() && p[pi + 1] == '*';
      if (dbl && (pi == 0 || p[pi - 1] == '/') && (pi + 2 == p.size() || p[pi + 2] == '/')) {
        if (pi + 2 == p.size()) return true;  // trailing `**`: everything below
        std::string_view rest = p.substr(pi + 3);
        for (size_t k = si;;) {  // `**/`: zero or more directories
          if (Wild(rest, s.substr(k))) return true;
          size_t slash = s.find('/', k);
          if (slash == std::string_view::npos) return false;
          k = slash + 1;
        }
      }
      while (pi < p.size() && p[pi] == '*') ++pi;  // `**` elsewhere is a plain `*`
      std::string_view rest = p.substr(pi);
      for (size_t k = si;; ++k) {
        if (Wild(rest, s.substr(k))) return true;
        if (k >= s.size() || s[k] == '/') return false;
      }
    }
    if (si >= s.size()) return false;
    if (c == '?') {
      if (s[si] == '/') return false;
      ++pi, ++si;
      continue;
    }
    if (c == '[') {
      bool matched = false;
      size_t save = pi;
      if (MatchClass(p, pi, s[si], &matched)) {
        if (!matched) return false;
        ++si;
        continue;
      }
      pi = save;  // unterminated: a literal '['
    }
    if (c == '\\' && pi + 1 < p.size()) c = p[++pi];
    if (c != s[si]) return false;
    ++pi, ++si;
  }
  return si == s.size();
}

}  // namespace

bool GlobMatch(std::string_view pattern, std::string_view path) { return Wild(pattern, path); }

void IgnoreRules::Add(std::string_view line, const std::string& base) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  // Trailing spaces are ignored unless escaped with a backslash.
  while (!line.empty() && line.back() == ' ' && !(line.size() >= 2 && line[line.size() - 2] == '\\'))
    line.remove_suffix(1);
  if (line.empty() || line[0] == '#') return;
  Rule r;
  r.base = base;
  if (line[0] == '!') {
    r.negated = true;
    line.remove_prefix(1);
  } else if (line.size() >= 2 && line[0] == '\\' && (line[1] == '!' || line[1] == '#')) {
    line.remove_prefix(1);
  }
  if (!line.empty() && line.back() == '/') {
    r.dir_only = true;
    line.remove_suffix(1);
  }
  if (line.find('/') != std::string_view::npos) r.anchored = true;
  if (!line.empty() && line[0] == '/') line.remove_prefix(1);
  if (line.empty()) return;
  r.pattern = std::string(line);
  rules_.push_back(std::move(r));
}

void IgnoreRules::AddFile(std::string_view text, const std::string& base) {
  while (!text.empty()) {
    size_t nl = text.find('\n');
    Add(text.substr(0, nl), base);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
}

std::optional<bool> IgnoreRules::Match(std::string_view path, bool is_dir) const {
  for (auto it = rules_.rbegin(); it != rules_.rend(); ++it) {
    const Rule& r = *it;
    if (r.dir_only && !is_dir) continue;
    std::string_view rel;
    if (r.base == "/") {
      if (path.empty() || path[0] != '/') continue;
      rel = path.substr(1);
    } else {
      if (path.size() <= r.base.size() + 1 || path.compare(0, r.base.size(), r.base) != 0 ||
          path[r.base.size()] != '/')
        continue;
      rel = path.substr(r.base.size() + 1);
    }
    bool hit;
    if (r.anchored) {
      hit = GlobMatch(r.pattern, rel);
    } else {
      size_t slash = rel.rfind('/');
      hit = GlobMatch(r.pattern, slash == std::string_view::npos ? rel : rel.substr(slash + 1));
    }
    if (hit) return !r.negated;
  }
  return std::nullopt;
}

const std::vector<std::string>& DefaultExcludes() {
  static const std::vector<std::string> kDefaults = {
      ".bzr", ".direnv", ".eggs",  ".git",         ".git-rewrite", ".hg",  ".mypy_cache",
      ".nox", ".pants.d", ".pytype", ".ruff_cache", ".svn", ".tox",  ".venv",
      "__pypackages__", "_build", "buck-out", "build", "dist", "node_modules", "venv"};
  return kDefaults;
}

}  // namespace caramba
