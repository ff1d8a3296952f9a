// report.cpp — the machine-readable reports of a batch run: our JSON shape
// (docs/batch.md) and SARIF 2.1.0 for code-scanning tools.
#include <cctype>
#include <cstdio>
#include <set>

#include "caramba/batch/batch.h"
#include "caramba/text.h"

#ifndef CARAMBA_VERSION
#define CARAMBA_VERSION "0.0.0"
#endif

namespace caramba {

namespace {

nlohmann::json KernelJson(const KernelOutcome& k) {
  nlohmann::json j;
  j["name"] = k.name;
  j["qualname"] = k.qualname;
  j["kind"] = std::string(JitKindName(k.kind));
  j["line"] = k.line;
  j["column"] = k.column;
  j["status"] = std::string(KernelStatusName(k.status));
  j["codes"] = k.codes;
  j["refusal_codes"] = k.refusal_codes;
  if (k.caller) {
    j["caller"] = {{"name", k.caller->name},
                   {"line", k.caller->line},
                   {"signature", k.caller->signature},
                   {"workunits", k.caller->workunits}};
  } else {
    j["caller"] = nullptr;
  }
  return j;
}

nlohmann::json SummaryJson(const BatchSummary& s) {
  return {{"files", s.files},
          {"files_changed", s.changed},
          {"files_unchanged", s.unchanged},
          {"files_without_kernels", s.no_kernels},
          {"files_failed", s.failed},
          {"kernels", s.kernels},
          {"translated", s.translated},
          {"refused", s.refused},
          {"refused_by_code", s.refused_by_code},
          {"not_translated", s.not_translated},
          {"kept", s.kept},
          {"kernel_errors", s.kernel_errors},
          {"errors", s.Errors()},
          {"excluded", s.excluded},
          {"line", SummaryLine(s)}};
}

// SARIF wants URIs: percent-encode what is not unreserved or '/'.
std::string UriOf(const std::string& path) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string SarifLevel(const std::string& severity) {
  return severity == "error" ? "error" : severity == "warning" ? "warning" : "note";
}

}  // namespace

nlohmann::json JsonReport(const std::vector<FileOutcome>& files, const BatchSummary& summary,
                          const nlohmann::json& run_diagnostics, OutputMode mode, int exit_code) {
  nlohmann::json j;
  j["tool"] = "caramba";
  j["version"] = CARAMBA_VERSION;
  j["report_version"] = 1;
  j["mode"] = std::string(OutputModeName(mode));
  j["exit_code"] = exit_code;
  j["summary"] = SummaryJson(summary);
  nlohmann::json fs = nlohmann::json::array();
  for (const auto& f : files) {
    nlohmann::json fj;
    fj["path"] = f.path;
    fj["status"] = f.status;
    fj["changed"] = f.changed;
    fj["written"] = f.written;
    fj["output"] = f.output_path.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.output_path);
    nlohmann::json ks = nlohmann::json::array();
    for (const auto& k : f.kernels) ks.push_back(KernelJson(k));
    fj["kernels"] = ks;
    fj["diagnostics"] = f.diagnostics;
    fs.push_back(std::move(fj));
  }
  j["files"] = fs;
  j["diagnostics"] = run_diagnostics;
  return j;
}

nlohmann::json SarifReport(const std::vector<FileOutcome>& files, const BatchSummary& summary,
                           const nlohmann::json& run_diagnostics, int exit_code) {
  nlohmann::json results = nlohmann::json::array();
  std::set<std::string> used;
  auto add = [&](const nlohmann::json& d) {
    std::string code = d.value("code", "");
    used.insert(code);
    nlohmann::json r;
    r["ruleId"] = code;
    r["level"] = SarifLevel(d.value("severity", "note"));
    std::string text = d.value("message", "");
    if (d.contains("help")) text += " (help: " + d["help"].get<std::string>() + ")";
    r["message"] = {{"text", text}};
    std::string path = d.value("path", "");
    if (!path.empty()) {
      nlohmann::json phys = {{"artifactLocation", {{"uri", UriOf(path)}}}};
      if (d.contains("line") && !d["line"].is_null()) {
        phys["region"] = {{"startLine", d["line"]},
                          {"startColumn", d["column"]},
                          {"endLine", d["end_line"]},
                          {"endColumn", d["end_column"]}};
      }
      r["locations"] = nlohmann::json::array({{{"physicalLocation", phys}}});
    }
    results.push_back(std::move(r));
  };
  for (const auto& d : run_diagnostics) add(d);
  for (const auto& f : files)
    for (const auto& d : f.diagnostics) add(d);

  nlohmann::json rules = nlohmann::json::array();
  for (const auto& code : used) {
    const DiagInfo* info = FindDiag(code);
    if (!info) continue;
    rules.push_back({{"id", code},
                     {"shortDescription", {{"text", std::string(info->summary)}}},
                     {"fullDescription", {{"text", std::string(info->explanation)}}},
                     {"defaultConfiguration", {{"level", SarifLevel(std::string(SeverityName(info->severity)))}}},
                     {"help", {{"text", "caramba explain " + code}}}});
  }
  nlohmann::json run;
  run["tool"] = {{"driver", {{"name", "caramba"}, {"version", CARAMBA_VERSION}, {"rules", rules}}}};
  run["results"] = results;
  // Our per-file and per-kernel outcome rides along in the run's property bag.
  nlohmann::json kernels = nlohmann::json::array();
  for (const auto& f : files)
    for (const auto& k : f.kernels) {
      nlohmann::json kj = KernelJson(k);
      kj["path"] = f.path;
      kernels.push_back(std::move(kj));
    }
  run["properties"] = {{"summary", SummaryJson(summary)}, {"kernels", kernels}, {"exit_code", exit_code}};
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", nlohmann::json::array({run})}};
}

}  // namespace caramba

namespace caramba {

namespace {

std::string EscapeInvalidUtf8(std::string_view s) {
  std::string out;
  for (;;) {
    int64_t bad = FindInvalidUtf8(s);
    if (bad < 0) break;
    out.append(s.substr(0, static_cast<size_t>(bad)));
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\x%02X", static_cast<unsigned char>(s[static_cast<size_t>(bad)]));
    out += hex;
    s.remove_prefix(static_cast<size_t>(bad) + 1);
  }
  out.append(s);
  return out;
}

nlohmann::json Escaped(const nlohmann::json& j) {
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    return FindInvalidUtf8(s) < 0 ? j : nlohmann::json(EscapeInvalidUtf8(s));
  }
  if (j.is_array()) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& e : j) a.push_back(Escaped(e));
    return a;
  }
  if (j.is_object()) {
    nlohmann::json o = nlohmann::json::object();
    for (const auto& [k, v] : j.items()) o[EscapeInvalidUtf8(k)] = Escaped(v);
    return o;
  }
  return j;
}

}  // namespace

std::string DumpJson(const nlohmann::json& j, int indent) {
  // File names need not be UTF-8, JSON text must be: such bytes are written
  // as the four characters \xNN (escaping only when needed: reports are big).
  try {
    return j.dump(indent);
  } catch (const nlohmann::json::type_error&) {
    return Escaped(j).dump(indent);
  }
}

}  // namespace caramba
