// config.cpp — see config.h. TOML is read with toml++ (Debian's
// libtomlplusplus-dev), header-only in this one file.
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#include "caramba/config.h"

#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

#include "caramba/batch/ignore.h"
#include "caramba/options.h"
#include "caramba/profile_cache.h"

namespace fs = std::filesystem;

namespace caramba {

namespace {

// The accepted keys and, for the ones that take a word, the words (the same
// as the flags of the same name).
const std::map<std::string, std::vector<std::string>>& Choices() {
  static const std::map<std::string, std::vector<std::string>> c = {
      {"space", {"Serial", "OpenMP", "Cuda", "HIP", "Threads", "Default"}},
      {"parallelize", {"auto", "prange", "none"}},
      {"caller-style", {"drop-in", "thesis"}},
      {"nested-parallel", {"outer", "flatten"}},
  };
  return c;
}
const std::set<std::string> kListKeys = {"exclude", "extend-exclude"};

bool ValidCode(const std::string& c) {
  return c.size() == 6 && c.rfind("CRB", 0) == 0 && std::isdigit((unsigned char)c[3]) &&
         std::isdigit((unsigned char)c[4]) && std::isdigit((unsigned char)c[5]);
}

bool StringList(const toml::node& n, std::vector<std::string>* out) {
  const toml::array* a = n.as_array();
  if (!a) return false;
  for (const auto& e : *a) {
    auto s = e.value<std::string>();
    if (!s) return false;
    out->push_back(*s);
  }
  return true;
}

}  // namespace

bool ReadProjectConfig(const std::string& pyproject, ProjectConfig* cfg, bool* found, std::string* error) {
  *found = false;
  toml::parse_result parsed = toml::parse_file(pyproject);
  if (!parsed) {
    const auto& e = parsed.error();
    *error = pyproject + ":" + std::to_string(e.source().begin.line) + ": not valid TOML: " +
             std::string(e.description());
    return false;
  }
  const toml::table* tool = parsed.table()["tool"]["caramba"].as_table();
  if (!tool) return true;
  *found = true;
  cfg->path = pyproject;
  std::error_code ec;
  cfg->root = fs::absolute(fs::path(pyproject), ec).parent_path().lexically_normal().string();
  auto bad = [&](const std::string& key, const std::string& why) {
    *error = pyproject + ": [tool.caramba] " + key + ": " + why;
    return false;
  };
  for (const auto& [k, node] : *tool) {
    std::string key(k.str());
    if (auto c = Choices().find(key); c != Choices().end()) {
      auto v = node.value<std::string>();
      if (!v || std::find(c->second.begin(), c->second.end(), *v) == c->second.end()) {
        std::string words;
        for (const auto& w : c->second) words += (words.empty() ? "" : ", ") + w;
        return bad(key, "expected one of " + words);
      }
      if (key == "space") cfg->space = *v;
      else if (key == "parallelize") cfg->parallelize = *v;
      else if (key == "caller-style") cfg->caller_style = *v;
      else cfg->nested_parallel = *v;
    } else if (kListKeys.count(key)) {
      std::vector<std::string> globs;
      if (!StringList(node, &globs)) return bad(key, "expected a list of strings (globs)");
      if (key == "exclude") cfg->exclude = globs;
      else cfg->extend_exclude = globs;
    } else if (key == "types") {
      if (auto s = node.value<std::string>()) {
        cfg->types = (fs::path(cfg->root) / *s).lexically_normal().string();
      } else if (auto b = node.value<bool>(); b && !*b) {
        cfg->no_types = true;
      } else {
        return bad(key, "expected the path of a type profile (relative to this file) or false");
      }
    } else if (key == "per-file-ignores") {
      const toml::table* t = node.as_table();
      if (!t) return bad(key, "expected a table of glob = [\"CRBnnn\", ...]");
      for (const auto& [glob, codes_node] : *t) {
        std::vector<std::string> codes;
        if (!StringList(codes_node, &codes))
          return bad(key + "." + std::string(glob.str()), "expected a list of codes such as [\"CRB140\"]");
        for (const auto& c : codes)
          if (!ValidCode(c)) return bad(key + "." + std::string(glob.str()), "'" + c + "' is not a CRBnnn code");
        cfg->per_file_ignores.emplace_back(std::string(glob.str()), codes);
      }
    } else {
      return bad(key, "unknown key (known: caller-style, exclude, extend-exclude, nested-parallel, "
                      "parallelize, per-file-ignores, space, types)");
    }
  }
  return true;
}

bool FindProjectConfig(const std::string& start, ProjectConfig* cfg, std::string* error) {
  std::error_code ec;
  fs::path dir = fs::absolute(start.empty() || start == "-" ? fs::path(".") : fs::path(start), ec);
  if (ec) return true;
  dir = dir.lexically_normal();
  if (!fs::is_directory(dir, ec)) dir = dir.parent_path();
  for (;;) {
    fs::path candidate = dir / "pyproject.toml";
    if (fs::is_regular_file(candidate, ec)) {
      bool found = false;
      if (!ReadProjectConfig(candidate.string(), cfg, &found, error)) return false;
      if (found) return true;
    }
    if (!dir.has_parent_path() || dir.parent_path() == dir) return true;
    dir = dir.parent_path();
  }
}

std::vector<std::string> IgnoredCodesFor(const ProjectConfig& cfg, const std::string& file) {
  std::vector<std::string> codes;
  if (cfg.per_file_ignores.empty()) return codes;
  std::error_code ec;
  fs::path abs = fs::absolute(fs::path(file), ec).lexically_normal();
  std::string rel = abs.lexically_relative(cfg.root).generic_string();
  std::string name = abs.filename().string();
  for (const auto& [glob, cs] : cfg.per_file_ignores) {
    bool anchored = glob.find('/') != std::string::npos;
    if (GlobMatch(glob, anchored ? rel : name) || (!anchored && GlobMatch(glob, rel)))
      codes.insert(codes.end(), cs.begin(), cs.end());
  }
  return codes;
}

void ApplyTranslationConfig(const std::shared_ptr<const ProjectConfig>& cfg,
                            const std::function<bool(const char* flag)>& given, TranslateOptions* topts,
                            ProfileFlags* profile) {
  if (!cfg || cfg->path.empty()) return;
  auto word = [&](const char* flag, const std::optional<std::string>& v, std::string& dst) {
    if (v && !given(flag)) dst = *v;
  };
  word("--space", cfg->space, topts->space);
  word("--parallelize", cfg->parallelize, topts->parallelize);
  word("--caller-style", cfg->caller_style, topts->caller_style);
  word("--nested-parallel", cfg->nested_parallel, topts->nested_parallel);
  if (!given("--types") && !given("--no-types")) {
    if (cfg->types) profile->types = *cfg->types;
    if (cfg->no_types) profile->no_types = true;
  }
  topts->config = cfg;
}

}  // namespace caramba
