// diagnostics.h — diagnostics with stable codes, rendered GCC/Clang style or
// as JSON. The codes live in diagnostic_codes.def and nowhere else.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace caramba {

enum class Severity { Note, Warning, Error };
std::string_view SeverityName(Severity s);

enum class DiagId {
#define CRB_DIAG(id, code, sev, summary, explanation) id,
#include "caramba/diagnostic_codes.def"
#undef CRB_DIAG
};

struct DiagInfo {
  DiagId id;
  std::string_view code;  // "CRB001"
  Severity severity;
  std::string_view summary;
  std::string_view explanation;
};
/// The whole table, in code order.
const std::vector<DiagInfo>& DiagTable();
const DiagInfo& Info(DiagId id);
/// Looks up "CRB005" (case-insensitive, "5"/"005" accepted); nullptr if unknown.
const DiagInfo* FindDiag(std::string_view code);

/// One diagnostic. The location is a byte range of the file's text; a
/// diagnostic without a location (e.g. a missing file) has `start` unset.
struct Diagnostic {
  DiagId id;
  Severity severity;
  std::string message;
  std::string path;
  std::optional<uint32_t> start;  // byte offset into the source
  uint32_t end = 0;               // byte offset (exclusive)
  std::string help;               // "say what to do", optional

  static Diagnostic Make(DiagId id, std::string message, std::string path = {});
  Diagnostic& At(uint32_t s, uint32_t e) { start = s; end = e; return *this; }
  Diagnostic& Help(std::string h) { help = std::move(h); return *this; }
  std::string_view Code() const { return Info(id).code; }
};

/// Renders `path:line:col: severity[CRBnnn]: message`, the source line and a
/// caret under the range (tabs in the line are repeated in the caret line so
/// the caret lines up), then `help:` when present. `source` may be empty.
std::string RenderText(const Diagnostic& d, std::string_view source, bool color = false);
/// JSON object: code, severity, message, path, line, column, end_line,
/// end_column (1-based, columns in code points), help, summary.
nlohmann::json ToJson(const Diagnostic& d, std::string_view source);

/// True if any diagnostic is an error.
bool HasErrors(const std::vector<Diagnostic>& ds);

}  // namespace caramba
