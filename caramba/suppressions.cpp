// suppressions.cpp — see suppressions.h.
#include "caramba/suppressions.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>

namespace caramba {

namespace {

bool Silenceable(const Diagnostic& d) {
  int code = std::atoi(std::string(d.Code()).c_str() + 3);
  return code >= 100 && code < 900;
}

std::string_view LineAt(std::string_view source, uint32_t offset) {
  if (offset > source.size()) return {};
  size_t begin = source.rfind('\n', offset == 0 ? 0 : offset - 1);
  begin = (begin == std::string_view::npos || offset == 0) ? 0 : begin + 1;
  if (offset > 0 && source[offset - 1] == '\n') begin = offset;
  size_t end = source.find('\n', offset);
  return source.substr(begin, (end == std::string_view::npos ? source.size() : end) - begin);
}

constexpr std::string_view kElementsOf = "elements of '";

// The array a CRB501 note names ("'k': elements of 'a' assumed ..." -> a).
std::string ArrayNamed(const std::string& message) {
  size_t a = message.find(kElementsOf);
  if (a == std::string::npos) return {};
  a += kElementsOf.size();
  size_t b = message.find('\'', a);
  return b == std::string::npos ? std::string() : message.substr(a, b - a);
}

}  // namespace

std::vector<std::string> NoqaCodes(std::string_view line) {
  std::vector<std::string> codes;
  size_t hash = line.find('#');
  while (hash != std::string_view::npos) {
    std::string_view rest = line.substr(hash + 1);
    size_t i = 0;
    while (i < rest.size() && rest[i] == ' ') ++i;
    std::string word;
    for (; i < rest.size() && std::isalpha((unsigned char)rest[i]); ++i) word += (char)std::tolower(rest[i]);
    if (word == "noqa" && i < rest.size() && rest[i] == ':') {
      ++i;
      // A list of codes (flake8's and ruff's too: `# noqa: E501, CRB140`);
      // ours are the CRBnnn ones.
      for (;;) {
        while (i < rest.size() && (rest[i] == ' ' || rest[i] == ',')) ++i;
        size_t start = i;
        while (i < rest.size() && std::isalpha((unsigned char)rest[i])) ++i;
        size_t digits = i;
        while (i < rest.size() && std::isdigit((unsigned char)rest[i])) ++i;
        if (digits == start || i == digits) break;  // not a code: the list ends
        std::string_view code = rest.substr(start, i - start);
        if (code.size() == 6 && code.substr(0, 3) == "CRB") codes.emplace_back(code);
      }
    }
    hash = line.find('#', hash + 1);
  }
  return codes;
}

void ApplySuppressions(std::vector<Diagnostic>* diagnostics, std::string_view source,
                       const std::vector<std::string>& ignored, const ModuleInfo* module, bool verbose) {
  std::vector<Diagnostic> kept;
  kept.reserve(diagnostics->size());
  for (auto& d : *diagnostics) {
    if (Silenceable(d)) {
      std::string code(d.Code());
      if (std::find(ignored.begin(), ignored.end(), code) != ignored.end()) continue;
      if (d.start) {
        auto codes = NoqaCodes(LineAt(source, *d.start));
        if (std::find(codes.begin(), codes.end(), code) != codes.end()) continue;
      }
    }
    kept.push_back(std::move(d));
  }
  *diagnostics = std::move(kept);
  if (verbose || !module) return;

  // CRB501 notes: one per kernel, naming every array, at the first one.
  std::map<size_t, size_t> first;  // kernel index -> position in `out`
  std::vector<Diagnostic> out;
  for (auto& d : *diagnostics) {
    if (d.id != DiagId::kAssumedDtype || !d.start) {
      out.push_back(std::move(d));
      continue;
    }
    size_t k = module->kernels.size();
    for (size_t i = 0; i < module->kernels.size(); ++i)
      if (KernelCovers(module->kernels[i], *d.start)) k = i;  // the innermost (listed after its parent)
    std::string name = ArrayNamed(d.message);
    auto it = first.find(k);
    if (k == module->kernels.size() || name.empty() || it == first.end()) {
      if (k != module->kernels.size() && !name.empty()) first[k] = out.size();
      out.push_back(std::move(d));
      continue;
    }
    Diagnostic& f = out[it->second];
    // "elements of 'a' assumed ..." -> "elements of 'a', 'b' assumed ..."
    size_t close = f.message.find("' assumed", f.message.find(kElementsOf));
    size_t list = f.message.find(kElementsOf) + kElementsOf.size() - 1;
    if (close == std::string::npos || f.message.substr(list, close + 1 - list).find("'" + name + "'") != std::string::npos)
      continue;
    f.message.insert(close + 1, ", '" + name + "'");
  }
  *diagnostics = std::move(out);
}

}  // namespace caramba
