// batch.cpp — see batch.h.
#include "caramba/batch/batch.h"

#include "caramba/ci_output.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "caramba/batch/diff.h"
#include "caramba/isolation.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"
#include "caramba/profile_cache.h"

#ifndef CARAMBA_VERSION
#define CARAMBA_VERSION "0.0.0"
#endif

namespace caramba {

std::string_view OutputModeName(OutputMode m) {
  switch (m) {
    case OutputMode::kStdout: return "stdout";
    case OutputMode::kOutFile: return "output-file";
    case OutputMode::kOutDir: return "out-dir";
    case OutputMode::kInPlace: return "in-place";
    case OutputMode::kDiff: return "diff";
    case OutputMode::kCheck: return "check";
  }
  return "?";
}

namespace {

std::string ParentDir(const std::string& path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos) return "";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// Where an input goes under --out-dir: a relative path as given (so
// `caramba pkg tools/x.py --out-dir o` gives o/pkg/... and o/tools/x.py, and
// distinct inputs never collide); an absolute path or one that climbs out
// with ".." goes under its path relative to the directory named (or its file
// name), where collisions are possible and refused (CRB023).
std::string OutDirRelative(const InputFile& f) {
  const std::string& p = f.path;
  bool climbs = p == ".." || p.rfind("../", 0) == 0;
  if (!p.empty() && p[0] != '/' && !climbs) return p;
  if (f.is_stdin) return p.substr(p.rfind('/') + 1);  // never outside DIR
  return f.rel;
}

/// What a worker hands to the printing thread besides the FileOutcome.
struct WorkResult {
  FileOutcome outcome;
  std::string diag_text;  // rendered diagnostics for stderr
  std::string stdout_text;  // diff, translation (stdout mode) or "would change" line
  size_t translated = 0;
};

struct Job {
  InputFile input;
  std::string out_path;                    // kOutDir / kOutFile target
  std::optional<Diagnostic> planned_error;  // e.g. an out-dir collision found before the run
  std::shared_ptr<const TypeProfile> profile;  // its project's type profile (null: none)
};

class Worker {
 public:
  Worker(const BatchOptions& opts, FileSystem& fs, const std::string* stdin_bytes)
      : opts_(opts), fs_(fs), stdin_bytes_(stdin_bytes), pm_(BuildPipeline()) {}

  WorkResult Process(const Job& job) const {
    WorkResult w;
    FileOutcome& o = w.outcome;
    o.path = job.input.path;
    auto fail = [&](const std::vector<Diagnostic>& ds, std::string_view source) {
      for (const auto& d : ds) Emit(w, d, source);
      o.failed = true;
      o.status = "error";
      return w;
    };
    if (job.planned_error) return fail({*job.planned_error}, {});
    std::string bytes;
    if (job.input.is_stdin) {
      bytes = *stdin_bytes_;
    } else {
      Diagnostic rd;
      auto read = fs_.Read(job.input.path, &rd);
      if (!read) return fail({rd}, {});
      bytes = std::move(*read);
    }
    if (auto bad = CheckSourceBytes(bytes, job.input.path)) return fail({*bad}, {});

    TranslateOptions topts = opts_.translate;
    topts.profile = job.profile;
    // In a child process: a translator crash is this file's CRB904, not the run's end.
    PassResult r = RunTranslationIsolated(pm_, bytes, job.input.path, topts);
    o.kernels = ClassifyKernels(r, bytes);
    for (const auto& k : o.kernels)
      if (k.status == KernelStatus::kTranslated) ++w.translated;
    for (const auto& d : r.diagnostics) Emit(w, d, bytes);
    if (!r.ok) {
      o.failed = true;
      o.status = "error";
      return w;  // nothing is written for a file whose translation failed
    }
    o.changed = r.output != bytes;
    o.status = o.changed ? "changed" : o.kernels.empty() ? "no-kernels" : "unchanged";

    Diagnostic wd;
    switch (opts_.mode) {
      case OutputMode::kStdout:
        w.stdout_text = std::move(r.output);
        break;
      case OutputMode::kDiff:
        w.stdout_text = UnifiedDiff(bytes, r.output, job.input.path);
        break;
      case OutputMode::kCheck:
        if (o.changed) w.stdout_text = "would change: " + job.input.path + "\n";
        break;
      case OutputMode::kOutFile:
      case OutputMode::kOutDir: {
        if (opts_.mode == OutputMode::kOutDir && !o.changed && !opts_.copy_unchanged) break;
        if (!job.input.is_stdin && fs_.SameFile(job.out_path, job.input.path))
          return fail({Diagnostic::Make(DiagId::kOutputCollision,
                                        "refusing to overwrite the input '" + job.input.path +
                                            "' with its own output (" + job.out_path + ")",
                                        job.out_path)},
                      {});
        if (opts_.mode == OutputMode::kOutDir && !fs_.MakeDirs(ParentDir(job.out_path), &wd)) return fail({wd}, {});
        if (!fs_.WriteAtomicWithMode(job.out_path, r.output, job.input.mode, &wd)) return fail({wd}, {});
        o.output_path = job.out_path;
        o.written = true;
        break;
      }
      case OutputMode::kInPlace: {
        if (!o.changed) break;  // untouched files keep their timestamps
        const std::string& target = job.input.write_path.empty() ? job.input.path : job.input.write_path;
        // The backup is new or nothing happens: an existing PATH+SUFFIX (an
        // older backup, another input of this run) is never overwritten.
        if (!opts_.backup_suffix.empty() && !fs_.WriteNew(target + opts_.backup_suffix, bytes, job.input.mode, &wd))
          return fail({wd.Help("remove or rename the existing backup, or choose another --backup suffix")}, {});
        if (!fs_.WriteAtomic(target, r.output, &wd)) return fail({wd}, {});
        o.output_path = target;
        o.written = true;
        break;
      }
    }
    return w;
  }

 private:
  void Emit(WorkResult& w, const Diagnostic& d, std::string_view source) const {
    w.outcome.diagnostics.push_back(ToJson(d, source));
    // CRB008 ("no kernels") is one line per file of a tree: the summary counts them.
    if (d.id == DiagId::kNoKernels) return;
    if (opts_.quiet && d.severity == Severity::Note) return;
    if (opts_.statistics) return;  // counted at the end instead
    w.diag_text += RenderText(d, source, opts_.color);
  }

  const BatchOptions& opts_;
  FileSystem& fs_;
  const std::string* stdin_bytes_;
  PassManager pm_;
};

/// The progress bar: one line on stderr, redrawn at most ten times a second.
class Progress {
 public:
  Progress(std::ostream& err, bool enabled, size_t total)
      : err_(err), enabled_(enabled), total_(total), start_(std::chrono::steady_clock::now()) {}

  void Update(size_t done, size_t translated, bool force = false) {
    if (!enabled_) return;
    auto now = std::chrono::steady_clock::now();
    if (!force && drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    drawn_ = true;
    double secs = std::chrono::duration<double>(now - start_).count();
    const int width = 24;
    int filled = total_ ? static_cast<int>(width * done / total_) : width;
    char line[200];
    std::snprintf(line, sizeof line, "\r\033[K[%s%s] %zu/%zu files, %zu kernels translated, %.1fs",
                  std::string(filled, '#').c_str(), std::string(width - filled, '.').c_str(), done, total_,
                  translated, secs);
    err_ << line << std::flush;
  }
  /// Erases the bar so a message can be printed on a clean line.
  void Clear() {
    if (enabled_ && drawn_) err_ << "\r\033[K" << std::flush;
    drawn_ = false;
  }

 private:
  std::ostream& err_;
  bool enabled_;
  size_t total_;
  std::chrono::steady_clock::time_point start_, last_;
  bool drawn_ = false;
};

// --report names a file the run reads or writes (an input, the -o target,
// an --out-dir output, a backup): the report would replace it. Returns why.
std::optional<std::string> ReportConflict(const BatchOptions& opts, const std::vector<Job>& jobs,
                                          FileSystem& fs) {
  const std::string& report = opts.report_path;
  auto same = [&](const std::string& other) {
    if (other.empty()) return false;
    namespace fsys = std::filesystem;
    if (fsys::path(report).lexically_normal() == fsys::path(other).lexically_normal()) return true;
    return fs.SameFile(report, other);
  };
  if (same(opts.out_file)) return "--report names the output file '" + opts.out_file + "'";
  for (const Job& j : jobs) {
    if (!j.input.is_stdin && same(j.input.path)) return "--report names the input '" + j.input.path + "'";
    if (same(j.out_path)) return "--report names the output '" + j.out_path + "' of '" + j.input.path + "'";
    if (!opts.backup_suffix.empty() && !j.input.is_stdin && same(j.input.path + opts.backup_suffix))
      return "--report names the backup '" + j.input.path + opts.backup_suffix + "'";
  }
  return std::nullopt;
}

}  // namespace

std::string SummaryLine(const BatchSummary& s) {
  std::string line = std::to_string(s.files) + (s.files == 1 ? " file, " : " files, ") +
                     std::to_string(s.kernels) + (s.kernels == 1 ? " kernel: " : " kernels: ") +
                     std::to_string(s.translated) + " translated, " + std::to_string(s.refused) + " refused";
  if (!s.refused_by_code.empty()) {
    line += " (";
    bool first = true;
    for (const auto& [code, n] : s.refused_by_code) {
      line += (first ? "" : ", ") + code + ": " + std::to_string(n);
      first = false;
    }
    line += ")";
  }
  if (s.kept) line += ", " + std::to_string(s.kept) + " kept";
  line += ", " + std::to_string(s.Errors()) + (s.Errors() == 1 ? " error" : " errors");
  return line;
}

int RunBatch(const std::vector<std::string>& paths, const BatchOptions& options, std::istream& in,
             std::ostream& out, std::ostream& err, FileSystem& fs, bool err_is_tty) {
  BatchOptions opts = options;
  const bool text = opts.format == "text";
  std::set<std::string> seen_run_codes;
  nlohmann::json run_diags = nlohmann::json::array();
  auto run_diag = [&](const Diagnostic& d) {
    run_diags.push_back(ToJson(d, {}));
    if (text && !opts.statistics && !(opts.quiet && d.severity == Severity::Note))
      err << RenderText(d, {}, opts.color);
  };

  if (opts.mode == OutputMode::kOutDir) {
    Diagnostic md;
    if (!fs.MakeDirs(opts.out_dir, &md)) {
      run_diag(md);
      return 2;
    }
    // Never walk into our own output (a second run would translate it).
    std::string real = fs.RealPath(opts.out_dir);
    opts.discover.skip_dirs.push_back(real.empty() ? opts.out_dir : real);
  }

  Discovery disc = Discover(paths, opts.discover, fs, opts.stdin_filename);
  BatchSummary sum;
  sum.excluded = disc.excluded;
  for (const auto& d : disc.diagnostics) {
    run_diag(d);
    if (d.severity == Severity::Error) ++sum.run_errors;
  }

  std::optional<std::string> stdin_bytes;
  std::vector<Job> jobs;
  std::map<std::string, size_t> out_owner;
  for (auto& f : disc.files) {
    Job j;
    j.input = f;
    if (f.is_stdin && !stdin_bytes) stdin_bytes.emplace(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (opts.mode == OutputMode::kOutFile) j.out_path = opts.out_file;
    if (opts.mode == OutputMode::kOutDir) {
      j.out_path = JoinPath(opts.out_dir, OutDirRelative(f));
      auto [it, fresh] = out_owner.emplace(j.out_path, jobs.size());
      if (!fresh)
        j.planned_error = Diagnostic::Make(DiagId::kOutputCollision,
                                           "'" + f.path + "' and '" + jobs[it->second].input.path +
                                               "' would both be written to '" + j.out_path + "'; skipped",
                                           f.path);
    }
    jobs.push_back(std::move(j));
  }

  if (!opts.report_path.empty())
    if (auto why = ReportConflict(opts, jobs, fs)) {
      run_diag(Diagnostic::Make(DiagId::kUsage, *why + ": the report would replace it; nothing was written")
                   .Help("write the report to another file"));
      return 2;
    }

  // Type profiles: --types for every file, or each file's project profile,
  // each read once for the whole run. One that cannot be read stops the run
  // before anything is written (translating without it would silently
  // change the result).
  {
    ProfileCache profiles(opts.profile);
    std::set<std::string> reported;
    bool bad = false;
    for (auto& j : jobs) {
      std::string why;
      std::string where = j.input.is_stdin && opts.stdin_filename.empty() ? "-" : j.input.path;
      if (!profiles.For(where, &j.profile, &why)) {
        bad = true;
        if (reported.insert(why).second)
          run_diag(Diagnostic::Make(DiagId::kTypeProfile, why).Help(std::string(kProfileHelp)));
      }
    }
    if (bad) return 2;
  }

  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  size_t nthreads = std::min<size_t>(opts.jobs > 0 ? static_cast<size_t>(opts.jobs) : cores, jobs.size());
  std::vector<std::optional<WorkResult>> results(jobs.size());
  std::mutex mu;
  std::condition_variable cv;
  std::atomic<size_t> next{0};
  std::vector<std::thread> threads;
  for (size_t t = 0; t < nthreads; ++t)
    threads.emplace_back([&] {
      Worker worker(opts, fs, stdin_bytes ? &*stdin_bytes : nullptr);
      for (size_t i; (i = next.fetch_add(1)) < jobs.size();) {
        WorkResult r;
        // One file's bug must not take the run down (nor leave the printing
        // thread waiting forever): report it as that file's error, go on.
        auto internal = [&](const std::string& what) {
          r = WorkResult();
          r.outcome.path = jobs[i].input.path;
          r.outcome.failed = true;
          r.outcome.status = "error";
          Diagnostic d = Diagnostic::Make(DiagId::kInternal, "internal error: " + what, jobs[i].input.path);
          r.outcome.diagnostics.push_back(ToJson(d, {}));
          r.diag_text = RenderText(d, {}, opts.color);
        };
        try {
          // Parent-side work is serialised with the other workers' forks
          // (isolation.h); the translations themselves run in parallel.
          ParentWorkGuard guard;
          r = worker.Process(jobs[i]);
        } catch (const std::exception& e) {
          internal(e.what());
        } catch (...) {
          internal("unknown exception");
        }
        std::lock_guard<std::mutex> lock(mu);
        results[i] = std::move(r);
        cv.notify_all();
      }
    });

  // Print in input order as results arrive, whatever the number of jobs.
  Progress progress(err, err_is_tty && !opts.quiet, jobs.size());
  std::vector<FileOutcome> outcomes;
  outcomes.reserve(jobs.size());
  size_t translated_so_far = 0;
  for (size_t i = 0; i < jobs.size(); ++i) {
    WorkResult r;
    {
      std::unique_lock<std::mutex> lock(mu);
      while (!results[i]) {
        lock.unlock();
        progress.Update(i, translated_so_far);
        lock.lock();
        cv.wait_for(lock, std::chrono::milliseconds(100), [&] { return results[i].has_value(); });
      }
      r = std::move(*results[i]);
      results[i].reset();
    }
    translated_so_far += r.translated;
    if (text && !r.diag_text.empty()) {
      progress.Clear();
      err << r.diag_text;
    }
    if (!r.stdout_text.empty() && (text || opts.mode == OutputMode::kStdout)) out << r.stdout_text;
    outcomes.push_back(std::move(r.outcome));
    progress.Update(i + 1, translated_so_far, i + 1 == jobs.size());
  }
  for (auto& t : threads) t.join();
  progress.Clear();
  out.flush();

  bool check_changes = false;
  for (const auto& o : outcomes) {
    ++sum.files;
    if (o.failed) ++sum.failed;
    else if (o.changed) ++sum.changed;
    else if (o.kernels.empty()) ++sum.no_kernels;
    else ++sum.unchanged;
    if (o.changed && opts.mode == OutputMode::kCheck) check_changes = true;
    for (const auto& k : o.kernels) {
      ++sum.kernels;
      switch (k.status) {
        case KernelStatus::kTranslated: ++sum.translated; break;
        case KernelStatus::kNotTranslated: ++sum.not_translated; break;
        case KernelStatus::kError: ++sum.kernel_errors; break;
        case KernelStatus::kKept: ++sum.kept; break;
        case KernelStatus::kRefused:
          ++sum.refused;
          ++sum.refused_by_code[k.refusal_codes.empty() ? "?" : k.refusal_codes.front()];
          break;
      }
    }
  }
  int code = sum.Errors() > 0 ? 2 : (sum.refused > 0 || check_changes) ? 1 : 0;

  // CI output (ci_output.h): annotations or a count per code on stdout.
  if (opts.format == "github" || opts.statistics) {
    std::vector<nlohmann::json> all;
    auto take = [&](const nlohmann::json& d) {
      if (d.value("code", "") == "CRB008") return;  // "no kernels": one per file of a tree
      if (opts.quiet && d.value("severity", "") == "note") return;
      all.push_back(d);
    };
    for (const auto& d : run_diags) take(d);
    for (const auto& o : outcomes)
      for (const auto& d : o.diagnostics) take(d);
    // stdout, unless the translation or the diff is printed there.
    std::ostream& dest = opts.mode == OutputMode::kStdout || opts.mode == OutputMode::kDiff ? err : out;
    if (opts.statistics) dest << StatisticsTable(all);
    else
      for (const auto& d : all) dest << GithubAnnotation(d);
  }

  if ((text || opts.format == "github") && !opts.quiet) {
    err << "caramba: " << SummaryLine(sum) << "\n";
    std::string detail;
    const char* changed_word = opts.mode == OutputMode::kCheck || opts.mode == OutputMode::kDiff ? " would change"
                                                                                               : " changed";
    detail += std::to_string(sum.changed) + changed_word + ", " + std::to_string(sum.unchanged) +
              " unchanged, " + std::to_string(sum.no_kernels) + " without kernels";
    if (sum.failed) detail += ", " + std::to_string(sum.failed) + " failed (nothing written for them)";
    if (sum.not_translated)
      detail += "; " + std::to_string(sum.not_translated) + (sum.not_translated == 1 ? " kernel" : " kernels") +
                " left as Numba code without a refusal";
    if (sum.excluded) detail += "; " + std::to_string(sum.excluded) + " paths excluded";
    err << "  " << detail << "\n";
    // The most common refusal on code nobody typed: say the one step that lifts it.
    auto untyped = sum.refused_by_code.find("CRB140");
    if (untyped != sum.refused_by_code.end())
      err << "  " << untyped->second << (untyped->second == 1 ? " kernel needs" : " kernels need")
          << " the types Numba sees: run your code under `caramba record -- python your_script.py` (or your "
             "tests), then translate again (docs/types.md)\n";
  }

  nlohmann::json report;
  if (!opts.report_path.empty() || opts.format == "json") report = JsonReport(outcomes, sum, run_diags, opts.mode, code);
  if (!opts.report_path.empty()) {
    Diagnostic wd;
    if (!fs.WriteAtomic(opts.report_path, DumpJson(report) + "\n", &wd)) {
      err << RenderText(wd, {}, opts.color);
      code = 2;
      report["exit_code"] = code;
    }
  }
  if (opts.format == "json") out << DumpJson(report) << "\n";
  else if (opts.format == "sarif") out << DumpJson(SarifReport(outcomes, sum, run_diags, code)) << "\n";
  return code;
}

}  // namespace caramba
