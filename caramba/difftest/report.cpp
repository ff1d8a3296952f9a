// report.cpp — the difftest report (text, JSON, exit code) and the
// expectations file that CI compares outcomes with.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "caramba/difftest/difftest.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace caramba::difftest {

namespace {

json Seconds(double s) { return s < 0 ? json() : json(s); }

std::string Ms(double s) {
  if (s < 0) return "-";
  char b[32];
  std::snprintf(b, sizeof b, s * 1e3 >= 100 ? "%.1f" : s * 1e3 >= 1 ? "%.3f" : "%.4f", s * 1e3);
  return b;
}

std::string Indent(const std::string& text, const std::string& pad) {
  std::string out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    out += pad + text.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos + 1);
    if (nl == std::string::npos) {
      out += "\n";
      break;
    }
    pos = nl + 1;
  }
  return out;
}

}  // namespace

int ExitCodeFor(const std::vector<FileResult>& files) {
  int code = 0;
  for (const auto& f : files) {
    if (!f.error.empty()) return 2;
    for (const auto& k : f.kernels)
      if (k.verdict != Verdict::kEqual && k.verdict != Verdict::kNotTranslated) code = 1;
  }
  return code;
}

json ToJson(const std::vector<FileResult>& files, int exit_code) {
  json j;
  j["tool"] = "caramba difftest";
  j["files"] = json::array();
  std::map<std::string, int> summary;
  for (auto v : {Verdict::kEqual, Verdict::kMismatch, Verdict::kNotTranslated, Verdict::kNotTested,
                 Verdict::kError, Verdict::kTimeout})
    summary[std::string(VerdictName(v))] = 0;
  for (const auto& f : files) {
    json jf;
    jf["path"] = f.path;
    if (!f.error.empty()) jf["error"] = f.error;
    jf["warnings"] = f.warnings;
    if (!f.work_dir.empty()) jf["work_dir"] = f.work_dir;
    jf["kernels"] = json::array();
    for (const auto& k : f.kernels) {
      ++summary[std::string(VerdictName(k.verdict))];
      json jk;
      jk["name"] = k.qualname;
      jk["line"] = k.line;
      jk["verdict"] = VerdictName(k.verdict);
      jk["outcome"] = k.Outcome();
      jk["detail"] = k.detail;
      jk["codes"] = k.codes;
      jk["unchanged_by_translator"] = k.unchanged;
      jk["uses_prange"] = k.uses_prange;
      jk["oracle"] = k.serial_oracle ? "serial original" : "numba";
      jk["cases"] = json::array();
      for (const auto& c : k.cases) {
        json jc;
        jc["label"] = c.input.label;
        jc["origin"] = c.input.origin;
        jc["args"] = c.input.args;
        jc["verdict"] = VerdictName(c.verdict);
        jc["detail"] = c.detail;
        jc["numba_s"] = Seconds(c.numba_s);
        jc["translation_s"] = Seconds(c.translation_s);
        jc["ratio"] = c.numba_s > 0 && c.translation_s >= 0 ? json(c.translation_s / c.numba_s) : json();
        jc["numba_first_call_s"] = Seconds(c.numba_first_s);
        jc["translation_first_call_s"] = Seconds(c.translation_first_s);
        if (!c.pure_python.empty()) jc["pure_python"] = c.pure_python;
        jc["oracle"] = c.oracle.empty() ? "numba" : c.oracle;
        if (c.verdict == Verdict::kMismatch && !c.difference.equal) {
          const Difference& d = c.difference;
          json m;
          m["where"] = d.where;
          m["reason"] = d.reason;
          m["index"] = d.index;
          m["numba"] = d.expected;
          m["translation"] = d.actual;
          m["differing_elements"] = d.differing;
          m["elements"] = d.elements;
          if (d.has_error_measure) {
            m["max_abs_error"] = d.max_abs_error;
            m["rel_l2_error"] = d.rel_l2_error;
          }
          jc["mismatch"] = m;
        }
        jk["cases"].push_back(jc);
      }
      jf["kernels"].push_back(jk);
    }
    j["files"].push_back(jf);
  }
  j["summary"] = summary;
  j["exit_code"] = exit_code;
  return j;
}

void PrintReport(const std::vector<FileResult>& files, std::ostream& out, bool table) {
  // Details first: everything that is not equal, with its reason.
  for (const auto& f : files) {
    for (const auto& d : f.translator_diagnostics) out << d;
    if (!f.error.empty()) out << f.path << ": error: " << f.error << "\n";
    for (const auto& w : f.warnings) out << f.path << ": warning: " << w << "\n";
    if (!f.work_dir.empty()) out << f.path << ": kept in " << f.work_dir << " (rerun: cd there; PYTHON driver.py plan-translation.json)\n";
    for (const auto& k : f.kernels) {
      if (k.verdict == Verdict::kEqual) {
        // Said even when equal: Numba was not the oracle (CRB406).
        if (!k.detail.empty()) out << f.path << ":" << k.line << ": " << k.qualname << ": " << k.detail << "\n";
        continue;
      }
      out << f.path << ":" << k.line << ": " << k.qualname << ": " << VerdictName(k.verdict);
      if (!k.detail.empty()) {
        size_t nl = k.detail.find('\n');
        out << ": " << k.detail.substr(0, nl) << "\n";
        if (nl != std::string::npos) out << Indent(k.detail.substr(nl + 1), "    ");
      } else {
        out << "\n";
      }
    }
  }
  // The table: one row per case (per kernel when it has none).
  size_t wk = 6, ws = 4;
  struct Row {
    std::string kernel, size, verdict, numba, trans, ratio;
  };
  std::vector<Row> rows;
  std::map<std::string, int> counts;
  for (const auto& f : files)
    for (const auto& k : f.kernels) {
      ++counts[std::string(VerdictName(k.verdict))];
      std::string name = f.path + "::" + k.qualname;
      if (k.cases.empty()) {
        rows.push_back({name, "-", k.Outcome(), "-", "-", "-"});
        continue;
      }
      for (const auto& c : k.cases) {
        std::string ratio = "-";
        if (c.numba_s > 0 && c.translation_s >= 0) {
          char b[32];
          std::snprintf(b, sizeof b, "%.2f", c.translation_s / c.numba_s);
          ratio = b;
        }
        rows.push_back({name, c.input.label, std::string(VerdictName(c.verdict)), Ms(c.numba_s), Ms(c.translation_s), ratio});
      }
    }
  size_t wv = 15;
  for (const auto& r : rows) {
    wk = std::max(wk, r.kernel.size());
    ws = std::max(ws, r.size.size());
    wv = std::max(wv, r.verdict.size() + 1);
  }
  if (!table) rows.clear();  // -q: the details above and the counts below
  if (!rows.empty())
    out << "\n" << std::left << std::setw(static_cast<int>(wk)) << "kernel" << "  " << std::setw(static_cast<int>(ws))
        << "size" << "  " << std::setw(static_cast<int>(wv)) << "verdict" << std::right << std::setw(12) << "Numba ms"
        << std::setw(17) << "translation ms" << std::setw(10) << "ratio" << "\n";
  for (const auto& r : rows)
    out << std::left << std::setw(static_cast<int>(wk)) << r.kernel << "  " << std::setw(static_cast<int>(ws)) << r.size
        << "  " << std::setw(static_cast<int>(wv)) << r.verdict << std::right << std::setw(12) << r.numba << std::setw(17) << r.trans
        << std::setw(10) << r.ratio << "\n";
  out << "kernels: ";
  bool first = true;
  for (const auto& [v, n] : counts) {
    out << (first ? "" : ", ") << n << " " << v;
    first = false;
  }
  if (counts.empty()) out << "none";
  out << "  (times: median of the calls after a warm-up call; ratio = translation / Numba)\n";
}

// ---- expectations -----------------------------------------------------------

std::map<std::string, std::string> ParseExpectations(std::string_view text) {
  std::map<std::string, std::string> m;
  std::istringstream in{std::string(text)};
  std::string line;
  while (std::getline(in, line)) {
    size_t b = line.find_first_not_of(" \t");
    if (b == std::string::npos || line[b] == '#') continue;
    size_t sp = line.find_first_of(" \t", b);
    if (sp == std::string::npos) continue;
    std::string key = line.substr(b, sp - b);
    size_t vb = line.find_first_not_of(" \t", sp);
    std::string val = vb == std::string::npos ? "" : line.substr(vb);
    while (!val.empty() && (val.back() == ' ' || val.back() == '\r')) val.pop_back();
    m[key] = val;
  }
  return m;
}

std::string ExpectationKey(const std::string& expectations_path, const std::string& file, const std::string& qualname) {
  std::error_code ec;
  fs::path base = fs::weakly_canonical(fs::absolute(expectations_path, ec).parent_path(), ec);
  fs::path f = fs::weakly_canonical(fs::absolute(file, ec), ec);
  fs::path rel = f.lexically_relative(base);
  return (rel.empty() ? f : rel).generic_string() + "::" + qualname;
}

namespace {

// "refused CRB203,CRB119" and "refused CRB119,CRB203" are one outcome: the
// order is that of the diagnostics, which moves whenever a pass reorders its
// checks, and says nothing about what the translator refused.
std::string CanonicalOutcome(const std::string& outcome) {
  const std::string refused = "refused ";
  if (outcome.rfind(refused, 0) != 0) return outcome;
  std::vector<std::string> codes;
  std::istringstream in(outcome.substr(refused.size()));
  for (std::string c; std::getline(in, c, ',');) codes.push_back(c);
  std::sort(codes.begin(), codes.end());
  std::string s = "refused";
  for (size_t i = 0; i < codes.size(); ++i) s += (i ? "," : " ") + codes[i];
  return s;
}

}  // namespace

std::vector<std::string> DiffExpectations(const std::map<std::string, std::string>& expected,
                                          const std::vector<FileResult>& files,
                                          const std::string& expectations_path,
                                          std::map<std::string, std::string>* merged) {
  *merged = expected;
  std::vector<std::string> diff;
  std::set<std::string> tested_files, seen;
  for (const auto& f : files) {
    std::string prefix = ExpectationKey(expectations_path, f.path, "");
    tested_files.insert(prefix);
    for (const auto& k : f.kernels) {
      std::string key = prefix + k.qualname;
      std::string now = k.Outcome();
      seen.insert(key);
      auto it = expected.find(key);
      if (it == expected.end()) {
        diff.push_back("+ " + key + " " + now + "   (no expectation yet)");
      } else if (CanonicalOutcome(it->second) != CanonicalOutcome(now)) {
        diff.push_back("- " + key + " " + it->second);
        diff.push_back("+ " + key + " " + now);
      } else {
        continue;  // the same outcome: the file keeps its line as written
      }
      (*merged)[key] = now;
    }
  }
  for (const auto& [key, val] : expected) {
    std::string prefix = key.substr(0, key.find("::") + 2);
    if (tested_files.count(prefix) && !seen.count(key)) {
      diff.push_back("- " + key + " " + val + "   (no such kernel any more)");
      merged->erase(key);
    }
  }
  return diff;
}

std::string FormatExpectations(const std::map<std::string, std::string>& entries) {
  std::string out =
      "# Expected `caramba difftest` outcomes of the corpora, one kernel per line:\n"
      "#   <file relative to this folder>::<kernel>  equal | refused CRBnnn[,CRBnnn] | kept | not-tested | mismatch | error | timeout\n"
      "# The CTest entries difftest.corpus.* fail when an outcome changes. After a deliberate change (the\n"
      "# translator learned or refused a construct), re-baseline and review the printed diff:\n"
      "#   scripts/run-corpora --update-expected\n";
  size_t w = 0;
  for (const auto& [k, v] : entries) w = std::max(w, k.size());
  for (const auto& [k, v] : entries) out += k + std::string(w + 2 - k.size(), ' ') + v + "\n";
  return out;
}

}  // namespace caramba::difftest
