// diagnostics.cpp — see diagnostics.h.
#include "caramba/diagnostics.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

#include "caramba/text.h"

namespace caramba {

std::string_view SeverityName(Severity s) {
  switch (s) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "error";
}

const std::vector<DiagInfo>& DiagTable() {
  static const std::vector<DiagInfo> table = {
#define CRB_DIAG(id, code, sev, summary, explanation) {DiagId::id, code, Severity::sev, summary, explanation},
#include "caramba/diagnostic_codes.def"
#undef CRB_DIAG
  };
  return table;
}

const DiagInfo& Info(DiagId id) { return DiagTable()[static_cast<size_t>(id)]; }

const DiagInfo* FindDiag(std::string_view code) {
  std::string c;
  for (char ch : code) c += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  if (c.rfind("CRB", 0) == 0) c = c.substr(3);
  if (c.empty() || c.size() > 3 || !std::all_of(c.begin(), c.end(), ::isdigit)) return nullptr;
  c = "CRB" + std::string(3 - c.size(), '0') + c;
  for (const auto& d : DiagTable())
    if (d.code == c) return &d;
  return nullptr;
}

Diagnostic Diagnostic::Make(DiagId id, std::string message, std::string path) {
  Diagnostic d;
  d.id = id;
  d.severity = Info(id).severity;
  d.message = std::move(message);
  d.path = std::move(path);
  return d;
}

std::string RenderText(const Diagnostic& d, std::string_view source, bool color) {
  const char* bold = color ? "\033[1m" : "";
  const char* reset = color ? "\033[0m" : "";
  const char* sevc = !color ? "" : d.severity == Severity::Error ? "\033[1;31m"
                                 : d.severity == Severity::Warning ? "\033[1;35m" : "\033[1;36m";
  std::string out = bold;
  out += d.path.empty() ? std::string("caramba") : d.path;
  std::optional<LineIndex> idx;
  LineCol lc;
  if (d.start && !source.empty()) {
    idx.emplace(source);
    lc = idx->At(*d.start);
    out += ":" + std::to_string(lc.line) + ":" + std::to_string(lc.column);
  }
  out += ": ";
  out += reset;
  out += sevc;
  out += SeverityName(d.severity);
  out += "[" + std::string(d.Code()) + "]";
  out += reset;
  out += ": ";
  out += bold + d.message + reset + "\n";
  if (idx) {
    std::string_view line = idx->Line(lc.line);
    std::string caret;
    for (uint32_t i = 0; i < lc.byte_column && i < line.size(); ++i) {
      unsigned char c = static_cast<unsigned char>(line[i]);
      if ((c & 0xC0) == 0x80) continue;  // one column per code point
      caret += c == '\t' ? '\t' : ' ';
    }
    // Underline to the end of the range or the line, whichever comes first.
    uint32_t line_end_off = idx->LineStart(lc.line) + static_cast<uint32_t>(line.size());
    uint32_t stop = std::min(std::max(d.end, *d.start + 1), line_end_off);
    caret += '^';
    for (uint32_t i = *d.start + 1; i < stop; ++i)
      if ((static_cast<unsigned char>(source[i]) & 0xC0) != 0x80) caret += '~';
    out += "  " + std::string(line) + "\n  " + (color ? "\033[1;32m" : "") + caret + reset + "\n";
  }
  if (!d.help.empty()) out += "  help: " + d.help + "\n";
  return out;
}

nlohmann::json ToJson(const Diagnostic& d, std::string_view source) {
  nlohmann::json j;
  j["code"] = std::string(d.Code());
  j["severity"] = std::string(SeverityName(d.severity));
  j["message"] = d.message;
  j["summary"] = std::string(Info(d.id).summary);
  j["path"] = d.path;
  if (d.start && !source.empty()) {
    LineIndex idx(source);
    LineCol s = idx.At(*d.start), e = idx.At(std::max(d.end, *d.start));
    j["line"] = s.line;
    j["column"] = s.column;
    j["end_line"] = e.line;
    j["end_column"] = e.column;
  } else {
    j["line"] = nullptr;
    j["column"] = nullptr;
  }
  if (!d.help.empty()) j["help"] = d.help;
  return j;
}

bool HasErrors(const std::vector<Diagnostic>& ds) {
  return std::any_of(ds.begin(), ds.end(), [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

}  // namespace caramba
