// cases.h — the input cases of a difftest run (design.md §4, step 2), in
// order of precedence: a cases file given on the command line, run markers in
// the source (`# caramba: runas kernel(args)`), and inputs generated from the
// analyses (inference.h) when neither names the kernel.
//
// Directive syntax (markers put `# caramba:` in front; a cases file has one
// directive per line and `#` comments):
//   runas sum2d(np.random.rand(N2, N2))      a call; args are Python, may use
//                                            np, math, rng and the named sizes
//   sizes N=8,500 M=3                        named sizes, one value per level
// The named sizes are N (the --sizes values, 100 and 100000 by default),
// N2 = round(sqrt(N)) and N3 = round(cbrt(N)) unless declared, and whatever a
// `sizes` directive declares. A runas whose arguments name a size runs once per
// size level; one that names none runs once.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace caramba::difftest {

/// Named sizes, one value per level (small, medium, …). A name with fewer
/// values than levels repeats its last value.
struct SizeTable {
  size_t levels = 2;
  std::map<std::string, std::vector<int64_t>> values;
  int64_t At(const std::string& name, size_t level) const;
  bool Has(const std::string& name) const { return values.count(name) != 0; }
  /// Defaults (N = `n_values`) overlaid with `declared`; N2/N3 derived from N
  /// unless declared. `cli_n` (non-empty) overrides N even when declared.
  static SizeTable Make(const std::vector<int64_t>& default_n,
                        const std::map<std::string, std::vector<int64_t>>& declared,
                        const std::vector<int64_t>& cli_n);
};

struct RunDirective {
  std::string kernel;  // the name as written
  std::string args;    // the Python text between the parentheses
  std::string origin;  // "marker, line 12" or "cases.txt:3"
};

struct DirectiveSet {
  std::vector<RunDirective> runs;
  std::map<std::string, std::vector<int64_t>> sizes;
  std::vector<std::string> errors;  // "path:line: message" for malformed directives
};

/// `# caramba: runas …` / `# caramba: sizes …` comments of a source file.
DirectiveSet ParseMarkers(std::string_view source, const std::string& path);
/// A cases file: the directives without the `# caramba:` prefix.
DirectiveSet ParseCasesFile(std::string_view text, const std::string& path);

/// One call of one kernel at one size.
struct Case {
  std::string kernel;
  std::string args;                       // Python argument list text
  std::string origin;                     // "cases file x:3", "marker, line 12", "generated"
  std::string label;                      // "N=100", "n=10", "-"
  std::map<std::string, int64_t> sizes;   // bound in the argument namespace
};

/// Expands one directive into cases, one per level when it names a size.
std::vector<Case> ExpandDirective(const RunDirective& d, const SizeTable& sizes);

/// The names of sizes used in a Python expression (identifiers not after '.').
std::vector<std::string> SizeNamesIn(std::string_view expr, const SizeTable& sizes);

}  // namespace caramba::difftest
