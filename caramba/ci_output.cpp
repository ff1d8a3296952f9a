// ci_output.cpp — see ci_output.h.
#include "caramba/ci_output.h"

#include <algorithm>
#include <iomanip>
#include <map>
#include <sstream>

#include "caramba/diagnostics.h"

namespace caramba {

namespace {

// GitHub's escaping of a workflow command's message and of its properties.
std::string Escape(const std::string& s, bool property) {
  std::string out;
  for (char c : s) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else if (property && c == ':') out += "%3A";
    else if (property && c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

std::string Str(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

std::string GithubAnnotation(const nlohmann::json& d) {
  std::string sev = Str(d, "severity");
  std::string kind = sev == "error" ? "error" : sev == "warning" ? "warning" : "notice";
  std::string props;
  auto add = [&](const std::string& key, const std::string& value) {
    if (value.empty()) return;
    props += (props.empty() ? " " : ",") + key + "=" + Escape(value, true);
  };
  add("file", Str(d, "path"));
  for (auto [key, name] : {std::pair{"line", "line"}, {"column", "col"}, {"end_line", "endLine"},
                           {"end_column", "endColumn"}})
    if (d.contains(key) && d[key].is_number()) add(name, std::to_string(d[key].get<long long>()));
  add("title", Str(d, "code"));
  std::string message = Str(d, "message");
  std::string help = Str(d, "help");
  if (!help.empty()) message += "\nhelp: " + help;
  return "::" + kind + props + "::" + Escape(message, false) + "\n";
}

std::string StatisticsTable(const std::vector<nlohmann::json>& diagnostics) {
  std::map<std::string, size_t> counts;
  for (const auto& d : diagnostics) ++counts[Str(d, "code")];
  std::vector<std::pair<std::string, size_t>> rows(counts.begin(), counts.end());
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::ostringstream out;
  for (const auto& [code, n] : rows) {
    const DiagInfo* info = FindDiag(code);
    out << std::setw(5) << n << "  " << code << "  " << (info ? std::string(info->summary) : std::string()) << "\n";
  }
  return out.str();
}

}  // namespace caramba
