// difftest_main.cpp — the `caramba difftest` command line.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "caramba/batch/batch.h"
#include "caramba/cli.h"
#include "caramba/cli_parse.h"
#include "caramba/config.h"
#include "caramba/diagnostics.h"
#include "caramba/difftest/difftest.h"
#include "caramba/subcommands.h"
#include "caramba/translate_flags.h"

namespace fs = std::filesystem;

namespace caramba {
namespace difftest {

namespace {

// Python files under a folder, sorted, skipping hidden folders and caches.
void CollectPython(const fs::path& dir, std::vector<std::string>* out) {
  std::vector<std::string> found;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
       it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    std::string name = it->path().filename().string();
    if (it->is_directory(ec) && (name.rfind(".", 0) == 0 || name == "__pycache__")) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(ec) && it->path().extension() == ".py") found.push_back(it->path().string());
  }
  std::sort(found.begin(), found.end());
  out->insert(out->end(), found.begin(), found.end());
}

std::vector<int64_t> ParseSizeList(const std::string& s, std::string* err) {
  std::vector<int64_t> v;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, ',')) {
    char* end = nullptr;
    double d = std::strtod(item.c_str(), &end);
    if (item.empty() || *end != '\0' || d < 1 || d != static_cast<double>(static_cast<int64_t>(d))) {
      *err = "--sizes: '" + item + "' is not a positive integer";
      return {};
    }
    v.push_back(static_cast<int64_t>(d));
  }
  if (v.empty()) *err = "--sizes: give at least one size";
  return v;
}

}  // namespace

int RunDifftestCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, FileSystem& fsys,
                   ProcessRunner& runner) {
  DifftestOptions opts;
  std::vector<std::string> inputs;
  std::string format = "text", sizes, expected;
  bool update_expected = false, no_timing = false;
  CLI::App app{"caramba difftest — prove translations equal to their Numba originals on concrete inputs",
               "caramba difftest"};
  app.set_help_flag("-h,--help", "print this help and exit");
  app.add_option("inputs", inputs, "Python files or folders (searched for *.py)")->required();
  app.add_option("--format", format, "report as text (stderr) or json (stdout)")
      ->check(CLI::IsMember({"text", "json"}));
  app.add_option("--cases", opts.cases_file, "a cases file (runas/sizes lines); wins over markers in the source");
  app.add_option("--translation", opts.translation_file,
                 "compare with this translated file instead of running the translator (one input file)");
  app.add_option("--python", opts.python,
                 "the interpreter with Numba (default: $CARAMBA_PYTHON, else the python next to the "
                 "executable (the environment it is installed in), else .venv/bin/python above the "
                 "executable or the working directory)");
  app.add_option("--seed", opts.seed, "seed of the input generators (default 0)");
  app.add_option("--sizes", sizes, "values of the size N, one per level (default 100,100000)");
  app.add_option("--timeout", opts.timeout_s, "seconds a case (or a module import) may take (default 120)")
      ->check(CLI::PositiveNumber);
  app.add_option("--repeat", opts.repeat, "timed calls per case after the warm-up (default 3)")
      ->check(CLI::NonNegativeNumber);
  app.add_flag("--no-timing", no_timing, "skip the timed calls (only the checked first call)");
  app.add_flag("--keep", opts.keep, "keep the driver, the translation, the plans and the inputs on disk");
  app.add_option("--keep-dir", opts.keep_root, "where the work folders go (default: $TMPDIR)");
  app.add_option("--expected", expected,
                 "an expectations file: exit 1 when an outcome differs from it (prints the diff)");
  app.add_flag("--update-expected", update_expected,
               "write the current outcomes into the --expected file and print the diff");
  AddTranslateFlags(app, opts.translate, opts.profile);
  bool no_record = false, isolated = false, quiet = false;
  app.add_flag("-v,--verbose", opts.verbose, "also print every diagnostic of the translation, as caramba FILE does");
  app.add_flag("-q,--quiet", quiet,
               "print only what is not equal and the counts (no progress lines, no table of cases)");
  app.add_flag("--isolated", isolated, "ignore [tool.caramba] in pyproject.toml files");
  app.add_flag("--no-record", no_record,
               "translate with static types (and the project's profile) only: do not record the types Numba "
               "compiles for the inputs first");
  app.footer(
      "\nVerdicts per kernel: equal, mismatch, not-translated (refused by the translator, with its code),\n"
      "not-tested (no inputs could be made: the reason is given), error (a traceback), timeout.\n"
      "Inputs: --cases FILE > `# caramba: runas kernel(args)` markers > generated from the analyses.\n"
      "Exit status: 0 every translated kernel is equal (with --expected: every outcome as expected),\n"
      "1 otherwise, 2 usage, I/O or internal error.");
  if (auto stop = ParseArgs(app, args, out, err, "caramba difftest", "run caramba difftest --help")) return *stop;
  auto usage = [&](const std::string& msg) {
    err << "caramba difftest: error[CRB009]: " << msg << "\n";
    return kExitFailure;
  };
  if (quiet && opts.verbose) return usage("-q and -v contradict each other: choose one");
  if (no_timing) opts.repeat = 0;
  // [tool.caramba]: the project's translation settings, as `caramba FILE`
  // uses them, so difftest proves the translation the project gets.
  if (!isolated) {
    auto cfg = std::make_shared<ProjectConfig>();
    std::string why;
    if (!FindProjectConfig(inputs[0], cfg.get(), &why)) {
      err << RenderText(Diagnostic::Make(DiagId::kBadConfig, why)
                            .Help("fix the key as the message says, or run with --isolated to ignore the file"),
                        {}, false);
      return kExitFailure;
    }
    ApplyTranslationConfig(cfg, [&](const char* flag) { return app.count(flag) > 0; }, &opts.translate,
                           &opts.profile);
  }
  opts.record = !no_record;
  if (!sizes.empty()) {
    std::string e;
    opts.sizes = ParseSizeList(sizes, &e);
    if (!e.empty()) return usage(e);
  }
  if (update_expected && expected.empty()) return usage("--update-expected needs --expected FILE");

  std::vector<std::string> files;
  for (const auto& in : inputs) {
    std::error_code ec;
    if (fs::is_directory(in, ec)) CollectPython(in, &files);
    else if (fs::exists(in, ec)) files.push_back(in);
    else {
      err << "caramba difftest: error[CRB001]: " << in << ": no such file or folder\n";
      return kExitFailure;
    }
  }
  if (files.empty()) return usage("no Python files in " + inputs[0]);
  if (!opts.translation_file.empty() && files.size() != 1)
    return usage("--translation pairs one translated file with one input file");

  DirectiveSet cases;
  if (!opts.cases_file.empty()) {
    Diagnostic d;
    auto text = fsys.Read(opts.cases_file, &d);
    if (!text) {
      err << "caramba difftest: error[" << d.Code() << "]: " << opts.cases_file << ": " << d.message << "\n";
      return kExitFailure;
    }
    cases = ParseCasesFile(*text, opts.cases_file);
    if (!cases.errors.empty()) {
      for (const auto& e : cases.errors) err << "caramba difftest: error[CRB050]: " << e << "\n";
      return kExitFailure;
    }
  }
  std::map<std::string, std::string> expectations;
  if (!expected.empty()) {
    Diagnostic d;
    auto text = fsys.Read(expected, &d);
    if (text) expectations = ParseExpectations(*text);
    else if (!update_expected) {
      err << "caramba difftest: error[CRB052]: " << expected << ": " << d.message << "\n";
      return kExitFailure;
    }
  }

  std::ostringstream discarded;  // -q: the progress lines go nowhere
  Difftester tester(opts, fsys, runner, quiet ? static_cast<std::ostream&>(discarded) : err);
  std::vector<FileResult> results;
  for (const auto& f : files) results.push_back(tester.RunFile(f, cases));
  int code = ExitCodeFor(results);

  if (!expected.empty()) {
    std::map<std::string, std::string> merged;
    std::vector<std::string> diff = DiffExpectations(expectations, results, expected, &merged);
    if (code != kExitFailure) code = diff.empty() ? kExitOk : kExitFindings;
    if (!diff.empty()) {
      err << (update_expected ? "difftest: updating " : "difftest: outcomes differ from ") << expected << ":\n";
      for (const auto& l : diff) err << "  " << l << "\n";
    }
    if (update_expected) {
      Diagnostic d;
      if (!fsys.WriteAtomic(expected, FormatExpectations(merged), &d)) {
        err << "caramba difftest: error[" << d.Code() << "]: " << d.message << "\n";
        return kExitFailure;
      }
      err << "difftest: " << expected << ": " << merged.size() << " expectations, " << diff.size()
          << " changed line(s)\n";
      if (code == kExitFindings) code = kExitOk;
    } else if (!diff.empty()) {
      err << "  (if the change is intended: caramba difftest ... --expected " << expected
          << " --update-expected, or scripts/run-corpora --update-expected)\n";
    }
  }
  PrintReport(results, err, !quiet);
  if (format == "json") out << DumpJson(ToJson(results, code)) << "\n";
  else
    for (const auto& f : results)
      for (const auto& k : f.kernels) out << f.path << "::" << k.qualname << " " << k.Outcome() << "\n";
  return code;
}

}  // namespace difftest

int DifftestMain(const std::vector<std::string>& args, std::istream&, std::ostream& out, std::ostream& err,
                 FileSystem& fs) {
  difftest::PosixProcessRunner runner;
  return difftest::RunDifftestCli(args, out, err, fs, runner);
}

}  // namespace caramba
