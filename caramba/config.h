// config.h — `[tool.caramba]` in pyproject.toml: a project's defaults for the
// command line. Found the way ruff finds `[tool.ruff]`: the nearest
// pyproject.toml with a `[tool.caramba]` table, walking up from the first
// input path (or the working directory); files without the table are skipped.
// Command-line flags override every key (cli.cpp applies it).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace caramba {

struct TranslateOptions;
struct ProfileFlags;

struct ProjectConfig {
  std::string path;  // the pyproject.toml it came from ("" = no configuration)
  std::string root;  // its folder, absolute: relative paths and globs start there
  std::optional<std::vector<std::string>> exclude;  // replaces the default excludes
  std::vector<std::string> extend_exclude;
  std::optional<std::string> space, parallelize, caller_style, nested_parallel;
  std::optional<std::string> types;  // the type profile, made absolute
  std::optional<bool> no_types;      // types = false
  /// glob (relative to `root`, or a file name) -> codes silenced in matching files
  std::vector<std::pair<std::string, std::vector<std::string>>> per_file_ignores;
};

/// Looks for the configuration from `start` (a file or directory) upwards.
/// True with `cfg->path` empty when there is none; false with `error` set
/// (the file, the key and what is wrong) when the table is invalid.
bool FindProjectConfig(const std::string& start, ProjectConfig* cfg, std::string* error);

/// Reads `[tool.caramba]` from one pyproject.toml (`found` false when the
/// file has no such table). Same errors as FindProjectConfig.
bool ReadProjectConfig(const std::string& pyproject, ProjectConfig* cfg, bool* found, std::string* error);

/// Puts the configuration's translation keys (space, parallelize,
/// caller-style, nested-parallel, types) into `topts` and `profile` where
/// `given(flag)` says the command line set none, and hands `topts` the
/// configuration for its per-file-ignores. Every front end (the CLI,
/// difftest, the language server) calls it, so a project translates the
/// same way whichever one runs.
void ApplyTranslationConfig(const std::shared_ptr<const ProjectConfig>& cfg,
                            const std::function<bool(const char* flag)>& given, TranslateOptions* topts,
                            ProfileFlags* profile);

/// The codes the configuration silences for `file` (per-file-ignores).
std::vector<std::string> IgnoredCodesFor(const ProjectConfig& cfg, const std::string& file);

}  // namespace caramba
