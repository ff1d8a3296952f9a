// ignore.h — gitignore-style globs: .gitignore files, --exclude and
// --extend-exclude all speak the same pattern language, so a user who knows
// one knows the others (ruff and black do the same).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace caramba {

/// Matches a glob against a '/'-separated path with gitignore's rules:
/// `*` and `?` never match '/', `[a-z]`/`[!a-z]` are classes, `\x` is a
/// literal x, `**/` matches zero or more leading directories, `/**` everything
/// below, `/**/` zero or more directories in between.
bool GlobMatch(std::string_view pattern, std::string_view path);

/// An ordered list of ignore rules, each relative to the directory it came
/// from. The last rule that matches decides (so `!keep.py` re-includes).
class IgnoreRules {
 public:
  /// Adds one pattern as a line of a .gitignore in directory `base` (an
  /// absolute, '/'-separated path without trailing slash). Comments and blank
  /// lines are ignored.
  void Add(std::string_view line, const std::string& base);
  /// Adds every line of a .gitignore file found in `base`.
  void AddFile(std::string_view text, const std::string& base);
  /// Drops rules added after the first `n` (leaving a directory in a walk).
  void Truncate(size_t n) { rules_.resize(n); }
  size_t Size() const { return rules_.size(); }
  /// true: ignored; false: re-included by a negated rule; nullopt: no rule
  /// matches. `path` is absolute, like the bases.
  std::optional<bool> Match(std::string_view path, bool is_dir) const;

 private:
  struct Rule {
    std::string base;     // directory the rule is relative to
    std::string pattern;  // without '!', leading '/' and trailing '/'
    bool negated = false;
    bool dir_only = false;
    bool anchored = false;  // contains a '/' other than a trailing one
  };
  std::vector<Rule> rules_;
};

/// The directories skipped by default (ruff's default exclude list); replaced
/// by --exclude, extended by --extend-exclude.
const std::vector<std::string>& DefaultExcludes();

}  // namespace caramba
