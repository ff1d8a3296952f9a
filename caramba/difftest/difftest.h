// difftest.h — `caramba difftest`: proves translations equal to their Numba
// originals on concrete inputs (design.md §4, issue 6).
//
// Per file: build the cases (cases.h, inference.h), run the Numba original in
// a Python process (driver.py) with the recording hook (caramba/record), so
// the types Numba compiled for those inputs join the project's type profile;
// translate in-process with that profile (PassManager; or take a given
// translation), run the translation in another process on identical copies
// of the inputs, compare every return value and every array argument after the
// call (compare.h), and give every kernel a verdict. Kernels that race under
// prange are re-run as pure Python (NUMBA_DISABLE_JIT=1) on a mismatch; those
// the translator made race-free with atomics (CRB406) are compared with that
// serial run in the first place.
#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "caramba/difftest/cases.h"
#include "caramba/difftest/compare.h"
#include "caramba/difftest/process.h"
#include "caramba/file_system.h"
#include "caramba/options.h"
#include "caramba/profile_cache.h"

namespace caramba::difftest {

enum class Verdict { kEqual, kMismatch, kNotTranslated, kNotTested, kError, kTimeout };
std::string_view VerdictName(Verdict v);

struct CaseResult {
  Case input;
  Verdict verdict = Verdict::kEqual;
  std::string detail;            // the mismatch, traceback or reason
  Difference difference;         // for mismatches
  double numba_s = -1;           // median of the timed calls after the warm-up (-1: not timed)
  double translation_s = -1;
  double numba_first_s = -1;     // the first call (includes compilation)
  double translation_first_s = -1;
  /// Set on a prange kernel's mismatch: "equal" when the translation equals
  /// the original run as pure Python (the Numba original races), "different"
  /// otherwise, or the reason the pure-Python run failed.
  std::string pure_python;
  /// "serial original" when the verdict compares the translation with the
  /// original run serially (the Numba kernel races, CRB406), else "" (Numba).
  std::string oracle;
};

struct KernelResult {
  std::string qualname;
  uint32_t line = 0;
  Verdict verdict = Verdict::kEqual;
  std::string detail;
  std::vector<std::string> codes;  // diagnostics that kept it untranslated
  bool unchanged = false;          // the translation holds the kernel verbatim
  bool kept = false;               // marked `# caramba: keep`: left as Numba code on purpose
  bool uses_prange = false;
  /// Compiled with fastmath=True: Numba may reassociate and contract floating
  /// point, so the pure-Python run is the semantic reference on a mismatch.
  bool fastmath = false;
  /// The translator performs updates that race in the Numba original with
  /// atomics (CRB406): the oracle is the original run serially
  /// (NUMBA_DISABLE_JIT=1), not Numba's parallel answer.
  bool serial_oracle = false;
  std::vector<CaseResult> cases;
  /// The expectations-file form: "equal", "refused CRB101", "kept", "not-tested" …
  std::string Outcome() const;
};

struct FileResult {
  std::string path;
  std::string error;                   // the file could not be tested at all
  std::vector<std::string> warnings;   // malformed markers, unknown kernels …
  /// -v: every diagnostic of the translation, rendered (location, code, source line, help).
  std::vector<std::string> translator_diagnostics;
  std::vector<KernelResult> kernels;
  std::string work_dir;                // with --keep
};

struct DifftestOptions {
  std::string cases_file;          // "" = none
  std::string translation_file;    // "" = run the translator
  std::string python;              // "" = discover (FindPython)
  uint64_t seed = 0;
  std::vector<int64_t> sizes;      // N per level; empty = defaults (100, 100000)
  double timeout_s = 120;          // per case (and per module import)
  int repeat = 3;                  // timed calls after the warm-up (0 = no timing)
  double time_budget_s = 1.0;      // stop timing a case after this much
  bool keep = false;
  bool verbose = false;            // -v: print the translator's diagnostics of each file
  std::string keep_root;           // where --keep directories go ("" = TMPDIR)
  TranslateOptions translate;
  /// --types / --no-types: the project's type profile (profile_cache.h).
  ProfileFlags profile;
  /// Run the Numba original first with the recording hook, and translate
  /// with the types it compiled for the inputs of run markers and cases files
  /// (after the project's profile). --no-record: static types only.
  bool record = true;
  Tolerance tolerance;
};

/// Default N per level.
extern const std::vector<int64_t> kDefaultSizes;

class Difftester {
 public:
  Difftester(const DifftestOptions& opts, FileSystem& fs, ProcessRunner& runner, std::ostream& progress)
      : opts_(opts), fs_(fs), runner_(runner), progress_(progress), profiles_(opts.profile) {}
  /// Tests one file. Never throws for problems of the file or its kernels:
  /// they become verdicts or FileResult::error.
  FileResult RunFile(const std::string& path, const DirectiveSet& cases_file);

 private:
  const DifftestOptions& opts_;
  FileSystem& fs_;
  ProcessRunner& runner_;
  std::ostream& progress_;
  ProfileCache profiles_;  // each project's profile read once per run
};

/// The interpreter: `explicit` if set, else $CARAMBA_PYTHON, else the Python
/// next to the executable (the environment it is installed in), else the first
/// `.venv/bin/python` found walking up from the executable's folder and then
/// from the working directory, else "python3".
std::string FindPython(const std::string& explicit_python);

/// The driver script (caramba/difftest/driver.py, embedded at build time).
std::string_view DriverSource();

/// JSON report (the benchmark docs read the timing fields).
nlohmann::json ToJson(const std::vector<FileResult>& files, int exit_code);
/// The per-kernel details and the summary table with timings.
/// The details of every kernel that is not equal, the table of cases (unless
/// `table` is false: -q) and the counts.
void PrintReport(const std::vector<FileResult>& files, std::ostream& out, bool table = true);
/// 0 when every translated kernel is equal, 1 otherwise; 2 when a file
/// could not be tested.
int ExitCodeFor(const std::vector<FileResult>& files);

// ---- the expectations file (corpora/expected.txt) --------------------------
/// `key outcome` lines; key = path relative to the file's folder + "::" + qualname.
std::map<std::string, std::string> ParseExpectations(std::string_view text);
std::string ExpectationKey(const std::string& expectations_path, const std::string& file, const std::string& qualname);
/// Compares results with expectations. Returns diff lines ("- key old",
/// "+ key new"); fills `merged` with the expectations updated by the results.
std::vector<std::string> DiffExpectations(const std::map<std::string, std::string>& expected,
                                          const std::vector<FileResult>& files,
                                          const std::string& expectations_path,
                                          std::map<std::string, std::string>* merged);
std::string FormatExpectations(const std::map<std::string, std::string>& entries);

/// `caramba difftest` with an injectable process runner (tests fake it);
/// caramba::DifftestMain (subcommands.h) calls it with the POSIX runner.
int RunDifftestCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, FileSystem& fs,
                   ProcessRunner& runner);

}  // namespace caramba::difftest
