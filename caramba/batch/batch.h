// batch.h — `caramba PATH...`: many inputs, one output mode, parallel jobs,
// progress, and a report (issue 7; docs/batch.md).
//
// How a run goes: Discover() lists the inputs (deterministic order); workers
// (-j N, one PassManager each) read, translate, classify kernels and write
// their own file's output; the calling thread prints results strictly in
// input order as they complete, draws the progress bar, and at the end writes
// the summary and the report. So output and report never depend on N.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "caramba/batch/discover.h"
#include "caramba/batch/kernel_status.h"
#include "caramba/file_system.h"
#include "caramba/options.h"
#include "caramba/profile_cache.h"

namespace caramba {

enum class OutputMode {
  kStdout,   // one input, translation to stdout
  kOutFile,  // -o FILE, one input
  kOutDir,   // --out-dir DIR: mirror the tree
  kInPlace,  // -i, optionally with --backup SUFFIX
  kDiff,     // unified diff to stdout, nothing written
  kCheck,    // nothing written; exit 1 if anything would change or is refused
};
std::string_view OutputModeName(OutputMode m);

struct BatchOptions {
  OutputMode mode = OutputMode::kCheck;
  std::string out_file;       // kOutFile
  std::string out_dir;        // kOutDir
  bool copy_unchanged = true; // kOutDir: also copy files that do not change (a runnable package)
  std::string backup_suffix;  // kInPlace: keep the original as PATH+SUFFIX
  int jobs = 0;               // 0: one per core
  bool quiet = false;         // no progress bar, no notes, no summary
  bool statistics = false;    // --statistics: a count per code on stdout instead of each diagnostic
  std::string format = "text";  // text | json | sarif (json/sarif: the report on stdout) | github
  std::string report_path;    // --report FILE.json
  std::string stdin_filename; // label (and out-dir name) of "-"
  bool color = false;
  TranslateOptions translate;
  /// --types / --no-types; the run reads each profile once (profile_cache.h).
  ProfileFlags profile;
  DiscoverOptions discover;
};

/// What happened to one input file.
struct FileOutcome {
  std::string path;         // as shown
  std::string output_path;  // where its output went ("" when nothing was written)
  std::string status;       // "changed", "unchanged", "no-kernels", "error"
  bool changed = false;     // the translation differs from the input
  bool written = false;
  std::vector<KernelOutcome> kernels;
  nlohmann::json diagnostics = nlohmann::json::array();  // ToJson objects
  bool failed = false;
};

struct BatchSummary {
  size_t files = 0, changed = 0, unchanged = 0, no_kernels = 0, failed = 0;
  size_t kernels = 0, translated = 0, refused = 0, not_translated = 0, kernel_errors = 0;
  size_t kept = 0;  // `# caramba: keep`
  std::map<std::string, size_t> refused_by_code;  // first refusing code of each refused kernel
  size_t excluded = 0, run_errors = 0;            // discovery: excluded entries, missing roots …
  /// Files with errors plus run-level errors (the summary's "E errors").
  size_t Errors() const { return failed + run_errors; }
};

/// Runs a batch. `paths` as on the command line ("-" = stdin). Returns the
/// exit status: 2 if any file or path failed (I/O, syntax), else 1 if a kernel
/// was refused or --check found changes, else 0.
int RunBatch(const std::vector<std::string>& paths, const BatchOptions& options, std::istream& in,
             std::ostream& out, std::ostream& err, FileSystem& fs, bool err_is_tty);

/// `N files, K kernels: T translated, R refused (CRB101: 1), E errors`.
std::string SummaryLine(const BatchSummary& s);

/// The JSON report (docs/batch.md documents the shape).
nlohmann::json JsonReport(const std::vector<FileOutcome>& files, const BatchSummary& summary,
                          const nlohmann::json& run_diagnostics, OutputMode mode, int exit_code);
/// `j.dump(indent)`, where strings that are not UTF-8 (file names) get each
/// invalid byte written as `\xNN` instead of aborting the output.
std::string DumpJson(const nlohmann::json& j, int indent = 2);
/// The same content as SARIF 2.1.0 (one run, results per diagnostic).
nlohmann::json SarifReport(const std::vector<FileOutcome>& files, const BatchSummary& summary,
                           const nlohmann::json& run_diagnostics, int exit_code);

}  // namespace caramba
