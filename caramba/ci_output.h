// ci_output.h — diagnostics for CI: GitHub workflow annotations
// (`--format github`) and a count per code (`--statistics`), both made from
// the JSON form of a diagnostic (diagnostics.h ToJson), which every front end
// (single file and batch) already keeps.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace caramba {

/// One workflow command, `::warning file=a.py,line=3,col=5,endLine=3,endColumn=9,title=CRB140::message`,
/// with GitHub's escaping; notes become `::notice`.
std::string GithubAnnotation(const nlohmann::json& diagnostic);

/// `--statistics`: one line per code, most frequent first, as ruff prints
/// them: count, code, summary.
std::string StatisticsTable(const std::vector<nlohmann::json>& diagnostics);

}  // namespace caramba
