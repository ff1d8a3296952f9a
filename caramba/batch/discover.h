// discover.h — which files a batch run translates: the paths on the command
// line, directories walked recursively for *.py, minus what git ignores
// (git_ignore.h) and excluded entries; symlinks are not followed unless asked, and never to
// targets outside the given roots.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "caramba/diagnostics.h"
#include "caramba/file_system.h"

namespace caramba {

struct DiscoverOptions {
  bool respect_gitignore = true;
  /// Follow symlinks whose targets lie inside one of the roots.
  bool follow_symlinks = false;
  /// --exclude: replaces DefaultExcludes() when set.
  std::optional<std::vector<std::string>> exclude;
  /// --extend-exclude: added to the excludes.
  std::vector<std::string> extend_exclude;
  /// The folder of the `[tool.caramba]` that gave excludes (config.h):
  /// anchored globs are also relative to it.
  std::string config_dir;
  /// Real paths of directories never entered (the --out-dir, so a second run
  /// does not pick up the first run's output).
  std::vector<std::string> skip_dirs;
};

/// One file to translate.
struct InputFile {
  std::string path;        // as shown and opened: the root joined with `rel`
  std::string rel;         // path relative to its root (the file name for a file root)
  std::string write_path;  // where -i writes: `path`, or the link target of a followed symlink
  bool is_stdin = false;
  uint32_t mode = 0644;
};

struct Discovery {
  std::vector<InputFile> files;  // in command-line order, each directory sorted by name
  /// Missing roots (CRB001, errors), skipped symlinks (CRB020, notes), loops
  /// (CRB021), roots without Python files (CRB022).
  std::vector<Diagnostic> diagnostics;
  size_t excluded = 0;  // entries skipped because git ignores them or an exclude glob matches
};

/// Walks `roots` ("-" is stdin, labelled `stdin_filename`). Deterministic:
/// the same tree gives the same list in the same order.
Discovery Discover(const std::vector<std::string>& roots, const DiscoverOptions& options, FileSystem& fs,
                   const std::string& stdin_filename = {});

/// Lexical clean-up of a path as given: no trailing '/', no "./" segments,
/// repeated slashes collapsed. "." stays ".".
std::string CleanPath(const std::string& path);
/// `dir` + "/" + `name`, without a "./" prefix when dir is ".".
std::string JoinPath(const std::string& dir, const std::string& name);

}  // namespace caramba
