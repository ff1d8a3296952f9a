// server_internal.h — what the language server's files share (private to
// caramba/lsp/server*.cpp): the request error handlers throw, command and
// code-action names, small JSON helpers.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "caramba/diagnostics.h"
#include "caramba/lsp/server.h"

namespace caramba::lsp {

using nlohmann::json;

// A request that fails with an LSP error; handlers throw it.
struct RequestError {
  int code;
  std::string message;
};

inline constexpr std::string_view kMigrateKernelCommand = "caramba.migrateKernel";
inline constexpr std::string_view kMigrateFileCommand = "caramba.migrateFile";
inline constexpr std::string_view kQuickFixCommand = "caramba.quickFix";
inline constexpr std::string_view kExplainCommand = "caramba.explain";
inline constexpr std::string_view kRewriteKind = "refactor.rewrite";
inline constexpr std::string_view kQuickFixKind = "quickfix";

// j[a][b]... or nullptr when a step is missing or not an object.
inline const json* Path(const json& j, std::initializer_list<const char*> keys) {
  const json* cur = &j;
  for (const char* k : keys) {
    if (!cur->is_object()) return nullptr;
    auto it = cur->find(k);
    if (it == cur->end()) return nullptr;
    cur = &*it;
  }
  return cur;
}

inline bool True(const json& j, std::initializer_list<const char*> keys) {
  const json* v = Path(j, keys);
  return v && v->is_boolean() && v->get<bool>();
}

inline bool ListHas(const json& j, std::initializer_list<const char*> keys, std::string_view value) {
  const json* v = Path(j, keys);
  if (!v || !v->is_array()) return false;
  for (const json& e : *v)
    if (e.is_string() && e.get<std::string>() == value) return true;
  return false;
}

inline bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

inline bool IsSyntaxDiag(const Diagnostic& d) {
  return d.id == DiagId::kSyntaxError || d.id == DiagId::kPython2Syntax || d.id == DiagId::kTooDeep;
}

inline int LspSeverity(Severity s) {
  switch (s) {
    case Severity::Error: return 1;
    case Severity::Warning: return 2;
    case Severity::Note: return 3;
  }
  return 3;
}

}  // namespace caramba::lsp
