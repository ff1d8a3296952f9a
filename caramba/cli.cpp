// cli.cpp — see cli.h. Parsing with CLI11; the work is done by PassManager.
#include "caramba/cli.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iterator>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "caramba/batch/batch.h"
#include "caramba/cli_parse.h"
#include "caramba/config.h"
#include "caramba/module_analysis.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"
#include "caramba/subcommands.h"
#include "caramba/syntax.h"
#include "caramba/text.h"
#include "caramba/translate_flags.h"

#ifndef CARAMBA_VERSION
#define CARAMBA_VERSION "0.0.0"
#endif

namespace caramba {

std::string VersionString() {
  return std::string("caramba ") + CARAMBA_VERSION + " (tree-sitter ABI " +
         std::to_string(TREE_SITTER_LANGUAGE_VERSION) + ", python grammar ABI " +
         std::to_string(ts_language_abi_version(PythonLanguage())) + ")";
}

namespace {

struct CliState {
  std::string file;
  std::vector<std::string> paths;
  std::string output;
  // Batch mode (caramba/batch, docs/batch.md).
  std::string out_dir, backup, report, stdin_filename;
  bool in_place = false, diff = false, check = false, no_copy_unchanged = false, quiet = false;
  bool verbose = false, statistics = false, isolated = false;
  bool no_gitignore = false, follow_symlinks = false;
  int jobs = 0;
  std::vector<std::string> exclude, extend_exclude;
  std::string format = "text";
  std::string color = "auto";
  bool list_kernels = false, list_visitors = false, time_passes = false, dump_tree = false;
  bool version = false;
};

// Diagnostics in CRB1xx–CRB4xx that are warnings or errors mean a kernel was
// left as it was: the user has to look (exit 1).
bool NeedsUser(const Diagnostic& d) {
  int code = std::atoi(std::string(d.Code()).c_str() + 3);
  return code >= 100 && code < 500 && d.severity != Severity::Note;
}

void DumpTree(const Node& n, std::ostream& out, int depth, std::string_view field) {
  if (!n.IsNamed() && !n.IsMissing()) return;
  out << std::string(depth * 2, ' ');
  if (!field.empty()) out << field << ": ";
  if (n.IsMissing()) out << "MISSING ";
  out << n.Type() << " [" << n.StartPoint().row + 1 << ":" << n.StartPoint().column + 1 << " - "
      << n.EndPoint().row + 1 << ":" << n.EndPoint().column + 1 << "]";
  if (n.NamedChildCount() == 0) {
    std::string_view t = n.Text();
    if (t.size() > 40) t = t.substr(0, 40);
    std::string esc;
    for (char c : t) esc += c == '\n' ? std::string("\\n") : c == '\r' ? std::string("\\r") : std::string(1, c);
    out << " \"" << esc << (n.Text().size() > 40 ? "…" : "") << "\"";
  }
  out << "\n";
  for (uint32_t i = 0; i < n.ChildCount(); ++i) DumpTree(n.Child(i), out, depth + 1, n.FieldNameForChild(i));
}

std::string OptionSummary(const Kernel& k) {
  std::string s;
  for (const auto& [key, v] : k.options) {
    if (key == "bound_name") continue;
    s += (s.empty() ? "" : ", ") + key + "=" + v;
  }
  return s;
}

// Decides between the single-file command and the batch engine, and refuses
// ambiguous command lines. Returns an exit status, or -1 to go on with the
// single-file translation of st.paths[0] (whose behaviour the end-to-end
// tests pin down: stdout or -o, --list-kernels, --dump-tree, --time-passes).
int RouteBatch(const CliState& st, const TranslateOptions& topts, const ProfileFlags& profile, std::istream& in, std::ostream& out,
               std::ostream& err, FileSystem& fs, bool err_is_tty) {
  auto usage = [&](const std::string& msg) {
    err << "caramba: error[CRB009]: " << msg << "\n";
    return static_cast<int>(kExitFailure);
  };
  const std::string kModes = "--out-dir DIR, -i/--in-place, --diff or --check";
  int modes = !st.output.empty() + !st.out_dir.empty() + st.in_place + st.diff + st.check;
  if (modes > 1) return usage("choose one output mode: -o FILE, " + kModes);
  if (!st.backup.empty() && !st.in_place) return usage("--backup needs -i/--in-place");
  if (st.no_copy_unchanged && st.out_dir.empty()) return usage("--no-copy-unchanged needs --out-dir");
  size_t stdin_count = std::count(st.paths.begin(), st.paths.end(), std::string("-"));
  if (stdin_count > 1) return usage("- (stdin) can be given only once");
  if (!st.stdin_filename.empty() && stdin_count == 0) return usage("--stdin-filename needs - among the paths");

  bool tree_mode = !st.out_dir.empty() || st.in_place || st.diff || st.check;
  bool batch = tree_mode || !st.report.empty() || st.format == "sarif" || st.format == "github" || st.statistics;
  bool many = st.paths.size() > 1;
  if (!batch && !many) return -1;
  if (st.list_kernels || st.dump_tree || st.time_passes)
    return usage("--list-kernels, --dump-tree and --time-passes take one input file and no batch option");
  if (!st.output.empty() && many)
    return usage("-o takes one input file; for " + std::to_string(st.paths.size()) + " inputs choose " + kModes);
  if (!tree_mode && many)
    return usage(std::to_string(st.paths.size()) +
                 " inputs and no output mode: their translations would run together on stdout; choose " + kModes);
  if (!tree_mode) {
    // stdout / -o with --report or --format sarif: still exactly one file.
    if (st.format == "sarif" && st.output.empty())
      return usage("--format sarif prints the report on stdout, where the translation goes; add -o FILE or " +
                   kModes);
    if (st.paths[0] != "-")
      if (auto fi = fs.Stat(st.paths[0], true); fi && fi->type == FileInfo::Type::kDirectory)
        return usage("'" + st.paths[0] + "' is a directory: to migrate every *.py below it choose " + kModes);
  }
  if (st.in_place && stdin_count) return usage("-i cannot rewrite stdin; drop - or use --diff or --check");
  if (st.diff && st.format != "text")
    return usage("--diff prints the diff on stdout; write the report with --report FILE instead of --format");

  BatchOptions bo;
  bo.mode = !st.out_dir.empty() ? OutputMode::kOutDir
            : st.in_place       ? OutputMode::kInPlace
            : st.diff           ? OutputMode::kDiff
            : st.check          ? OutputMode::kCheck
            : !st.output.empty() ? OutputMode::kOutFile
                                 : OutputMode::kStdout;
  bo.out_file = st.output;
  bo.out_dir = st.out_dir;
  bo.copy_unchanged = !st.no_copy_unchanged;
  bo.backup_suffix = st.backup;
  bo.jobs = st.jobs;
  bo.quiet = st.quiet;
  bo.statistics = st.statistics;
  bo.format = st.format;
  bo.report_path = st.report;
  bo.stdin_filename = st.stdin_filename;
  bo.color = st.color == "always" || (st.color == "auto" && err_is_tty && !std::getenv("NO_COLOR"));
  bo.translate = topts;
  bo.profile = profile;
  bo.discover.respect_gitignore = !st.no_gitignore;
  bo.discover.follow_symlinks = st.follow_symlinks;
  if (!st.exclude.empty()) bo.discover.exclude = st.exclude;
  bo.discover.extend_exclude = st.extend_exclude;
  if (topts.config) bo.discover.config_dir = topts.config->root;
  return RunBatch(st.paths, bo, in, out, err, fs, err_is_tty);
}

}  // namespace

int RunCli(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
           FileSystem& fs, bool err_is_tty) {
  if (!args.empty())
    for (const auto& sc : Subcommands())
      if (args[0] == sc.name) return sc.run({args.begin() + 1, args.end()}, in, out, err, fs);
  CliState st;
  CLI::App app{"caramba — migrate Numba kernels to PyKokkos", "caramba"};
  app.set_help_flag("-h,--help", "print this help and exit");
  app.add_flag("--version", st.version, "print the version and exit");
  app.add_option("paths", st.paths,
                 "Python files or directories (every *.py below, recursively); - reads stdin");
  app.add_option("-o,--output", st.output, "write the result to this file (one input; default: stdout)");
  auto* out_dir = app.add_option("--out-dir", st.out_dir,
                                 "write every result under DIR, mirroring the input tree");
  app.add_flag("--no-copy-unchanged", st.no_copy_unchanged,
               "with --out-dir, write only files that change (default: copy the others too)");
  app.add_flag("-i,--in-place", st.in_place, "rewrite the input files");
  app.add_option("--backup", st.backup, "with -i, keep each original as PATH+SUFFIX");
  app.add_flag("--diff", st.diff, "print a unified diff of what would change; write nothing");
  app.add_flag("--check", st.check,
               "write nothing; exit 1 if a file would change or a kernel cannot be translated");
  app.add_option("-j,--jobs", st.jobs, "files translated in parallel (default: one per core)")
      ->check(CLI::Range(1, 1024));
  app.add_flag("-q,--quiet", st.quiet, "no progress bar, notes or summary: only warnings and errors");
  app.add_flag("-v,--verbose", st.verbose,
               "every note as it is (default: repeated notes of a kernel, such as CRB501, are summarised)");
  app.add_flag("--statistics", st.statistics,
               "instead of each diagnostic, a count per code (stdout, or stderr where the output goes)");
  app.add_flag("--isolated", st.isolated, "ignore [tool.caramba] in pyproject.toml files");
  app.add_option("--report", st.report, "write the JSON report (docs/batch.md) to this file");
  app.add_option("--stdin-filename", st.stdin_filename, "the name of the file read from stdin (-)");
  app.add_option("--exclude", st.exclude,
                 "gitignore-style globs to skip, replacing the defaults (venv, build, .git, ...)")
      ->delimiter(',')
      ->allow_extra_args(false)  // one glob per occurrence: `--exclude x src` must not eat the path src
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.add_option("--extend-exclude", st.extend_exclude, "globs to skip in addition to the defaults")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.add_flag("--no-gitignore", st.no_gitignore, "also translate files that .gitignore lists");
  app.add_flag("--follow-symlinks", st.follow_symlinks,
               "follow symlinks that stay inside the given paths (default: skip every symlink)");
  (void)out_dir;
  app.add_option("--format", st.format,
                 "diagnostics and listings as text or json; sarif for a batch report on stdout; github for "
                 "workflow annotations")
      ->check(CLI::IsMember({"text", "json", "sarif", "github"}));
  app.add_option("--color", st.color, "colour diagnostics: auto, always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  app.add_flag("--list-kernels", st.list_kernels, "list the Numba kernels found (name, line, options, loops)");
  app.add_flag("--list-visitors", st.list_visitors, "list the visitors in pipeline order and exit");
  TranslateOptions topts;
  ProfileFlags profile_flags;
  AddTranslateFlags(app, topts, profile_flags);
  app.add_flag("--time-passes", st.time_passes, "print the time spent in parsing, analyses and each visitor");
  app.add_flag("--dump-tree", st.dump_tree, "print the tree-sitter syntax tree of the input and exit");
  std::string footer = "\nSubcommands (caramba SUBCOMMAND --help for each):\n";
  for (const auto& sc : Subcommands()) footer += "  " + std::string(sc.name) + "  " + std::string(sc.summary) + "\n";
  footer += "\nMany files: caramba PATH... --check | --diff | -i [--backup SUF] | --out-dir DIR\n"
            "  (directories are walked for *.py; .gitignore, --exclude and --extend-exclude apply;\n"
            "  --report FILE.json and --format json|sarif describe every file and kernel; docs/batch.md)\n";
  footer += "\nExit status: 0 success, 1 findings that need you (a kernel left untranslated),\n"
            "2 usage, I/O or internal error. caramba explain CRBnnn describes a diagnostic.";
  app.footer(footer);

  if (auto stop = ParseArgs(app, args, out, err, "caramba", "run caramba --help for the synopsis")) return *stop;
  if (st.output == "-") st.output.clear();  // `-o -`: stdout, as elsewhere in Unix (not a file named "-")
  if (st.version) {
    out << VersionString() << "\n";
    return kExitOk;
  }

  PassManager pm(BuildPipeline());
  auto usage_error = [&](const std::string& msg) {
    err << "caramba: error[CRB009]: " << msg << "\n";
    return kExitFailure;
  };
  if (st.quiet && st.verbose) return usage_error("-q and -v contradict each other: choose one");
  // [tool.caramba] (config.h): its values apply where no flag is given.
  if (!st.isolated && !st.list_visitors) {
    auto cfg = std::make_shared<ProjectConfig>();
    std::string why;
    if (!FindProjectConfig(st.paths.empty() ? "." : st.paths[0], cfg.get(), &why)) {
      err << RenderText(Diagnostic::Make(DiagId::kBadConfig, why)
                            .Help("fix the key as the message says, or run with --isolated to ignore the file"),
                        {}, false);
      return kExitFailure;
    }
    if (!cfg->path.empty()) {
      ApplyTranslationConfig(cfg, [&](const char* flag) { return app.count(flag) > 0; }, &topts, &profile_flags);
      if (app.count("--exclude") == 0 && cfg->exclude) st.exclude = *cfg->exclude;
      st.extend_exclude.insert(st.extend_exclude.begin(), cfg->extend_exclude.begin(), cfg->extend_exclude.end());
    }
  }
  topts.verbose = st.verbose;
  for (const std::string* name : {&topts.stop_after, &topts.only}) {
    if (name->empty() || pm.FindVisitor(*name) >= 0) continue;
    std::string msg = "unknown visitor '" + *name + "'";
    std::string near = ClosestMatch(*name, pm.VisitorNames());
    if (!near.empty()) msg += "; did you mean '" + near + "'?";
    return usage_error(msg + " (caramba --list-visitors lists them)");
  }
  if (st.list_visitors) {
    if (st.format == "json") {
      nlohmann::json j = nlohmann::json::array();
      for (const auto& v : pm.Visitors()) {
        nlohmann::json a = nlohmann::json::array();
        for (auto n : v->NeededAnalyses()) a.push_back(std::string(n));
        j.push_back({{"name", std::string(v->Name())}, {"description", std::string(v->Description())},
                     {"analyses", a}});
      }
      out << j.dump(2) << "\n";
    } else {
      int i = 1;
      for (const auto& v : pm.Visitors()) {
        out << i++ << ". " << v->Name() << " — " << v->Description();
        auto a = v->NeededAnalyses();
        if (!a.empty()) {
          out << " [analyses:";
          for (auto n : a) out << " " << n;
          out << "]";
        }
        out << "\n";
      }
    }
    return kExitOk;
  }
  if (st.paths.empty())
    return usage_error("no input file (usage: caramba FILE [-o OUT], caramba PATH... --diff|--check|-i|--out-dir DIR; see --help)");
  if (int r = RouteBatch(st, topts, profile_flags, in, out, err, fs, err_is_tty); r >= 0) return r;
  st.file = st.paths[0];
  if (!st.output.empty() && (st.list_kernels || st.dump_tree))
    return usage_error("-o cannot be combined with --list-kernels or --dump-tree (they write no translation)");

  bool color = st.color == "always" || (st.color == "auto" && err_is_tty && !std::getenv("NO_COLOR"));
  bool json = st.format == "json";
  nlohmann::json report;
  report["path"] = st.file;
  report["version"] = CARAMBA_VERSION;
  auto emit = [&](const std::vector<Diagnostic>& ds, std::string_view source) {
    if (json) {
      if (!report.contains("diagnostics")) report["diagnostics"] = nlohmann::json::array();
      for (const auto& d : ds) report["diagnostics"].push_back(ToJson(d, source));
    } else {
      for (const auto& d : ds)
        if (!(st.quiet && d.severity == Severity::Note)) err << RenderText(d, source, color);
    }
  };
  auto finish = [&](int code) {
    if (json) {
      report["exit_code"] = code;
      out << DumpJson(report) << "\n";
    }
    return code;
  };

  // "-" reads stdin; --stdin-filename labels its diagnostics.
  const bool from_stdin = st.file == "-";
  const std::string label = from_stdin ? (st.stdin_filename.empty() ? "<stdin>" : st.stdin_filename) : st.file;
  report["path"] = label;
  Diagnostic rd;
  std::optional<std::string> bytes;
  if (from_stdin) bytes.emplace(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  else bytes = fs.Read(st.file, &rd);
  if (!bytes) {
    if (rd.id == DiagId::kNotAFile && rd.message.find("directory") != std::string::npos)
      rd.Help("to migrate every *.py below it, choose an output mode: --out-dir DIR, -i, --diff or --check");
    emit({rd}, {});
    return finish(kExitFailure);
  }
  if (auto bad = CheckSourceBytes(*bytes, label)) {
    emit({*bad}, {});
    return finish(kExitFailure);
  }
  if (st.dump_tree) {
    Tree tree = Tree::Parse(*bytes);
    if (json) report["tree"] = tree.Root().SExpression();
    else DumpTree(tree.Root(), out, 0, "");
    return finish(kExitOk);
  }

  {
    ProfileCache profiles(profile_flags);
    std::string why;
    if (!profiles.For(from_stdin && st.stdin_filename.empty() ? "-" : label, &topts.profile, &why)) {
      emit({Diagnostic::Make(DiagId::kTypeProfile, why).Help(std::string(kProfileHelp))}, {});
      return finish(kExitFailure);
    }
  }
  PassResult res = pm.Run(*bytes, label, topts);
  emit(res.diagnostics, *bytes);

  if (st.time_passes) {
    std::ostringstream t;
    double total = 0;
    for (const auto& p : res.timings) total += p.seconds;
    t << "caramba: time per pass for " << label << "\n";
    for (const auto& p : res.timings)
      t << "  " << std::left << std::setw(28) << p.name << std::right << std::setw(10) << std::fixed
        << std::setprecision(3) << p.seconds * 1e3 << " ms" << std::setw(8) << p.edits << " edits\n";
    t << "  " << std::left << std::setw(28) << "total" << std::right << std::setw(10) << total * 1e3 << " ms\n";
    if (json) report["timings"] = t.str();
    else err << t.str();
  }

  bool failed = !res.ok;
  int code = failed ? kExitFailure : kExitOk;
  if (!failed)
    for (const auto& d : res.diagnostics)
      if (NeedsUser(d)) code = kExitFindings;

  if (st.list_kernels) {
    if (!res.input_module) return finish(kExitFailure);
    if (json) {
      nlohmann::json ks = nlohmann::json::array();
      for (const auto& k : res.input_module->kernels) ks.push_back(KernelToJson(k));
      report["kernels"] = ks;
    } else {
      const auto& ks = res.input_module->kernels;
      out << label << ": " << ks.size() << (ks.size() == 1 ? " kernel" : " kernels") << "\n";
      for (const auto& k : ks) {
        out << "  " << k.line << ":" << k.column << "  " << k.qualname << "  [" << JitKindName(k.kind);
        std::string opts = OptionSummary(k);
        if (!opts.empty()) out << "; " << opts;
        out << "]";
        if (!k.via_decorator) out << "  via " << k.spelling;
        for (const auto& s : k.signatures) out << "  sig " << s.ToString();
        if (!k.prange_loops.empty()) {
          out << "  prange loops at line";
          for (const auto& l : k.prange_loops) out << " " << l.line;
        }
        out << "\n";
      }
    }
    return finish(failed ? kExitFailure : kExitOk);
  }
  if (failed) return finish(code);  // nothing is written when a translation fails

  if (!st.output.empty()) {
    if (!from_stdin && fs.SameFile(st.output, st.file)) {
      emit({Diagnostic::Make(DiagId::kOutputWrite,
                             "refusing to overwrite the input '" + st.file + "' (-o names the input file)",
                             st.output)},
           {});
      return finish(kExitFailure);
    }
    Diagnostic wd;
    if (!fs.WriteAtomic(st.output, res.output, &wd)) {
      emit({wd}, {});
      return finish(kExitFailure);
    }
  } else if (json) {
    report["output"] = res.output;
  } else {
    out << res.output;
    out.flush();
  }
  return finish(code);
}

int ExplainMain(const std::vector<std::string>& args, std::istream&, std::ostream& out, std::ostream& err,
                FileSystem&) {
  std::string code;
  bool all = false;
  CLI::App app{"print the long explanation of a diagnostic code", "caramba explain"};
  app.add_option("code", code, "a code such as CRB005 (or 5)");
  app.add_flag("--all", all, "list every code with its summary");
  if (auto stop = ParseArgs(app, args, out, err, "caramba")) return *stop;
  if (code.empty() && !all) {
    err << "caramba: error[CRB009]: explain needs a code (e.g. caramba explain CRB005) or --all\n";
    return kExitFailure;
  }
  if (all) {
    for (const auto& d : DiagTable())
      out << d.code << "  " << std::left << std::setw(8) << SeverityName(d.severity) << d.summary << "\n";
    return kExitOk;
  }
  const DiagInfo* info = FindDiag(code);
  if (!info) {
    std::vector<std::string> codes;
    for (const auto& d : DiagTable()) codes.emplace_back(d.code);
    err << "caramba: error[CRB009]: unknown diagnostic code '" << code << "'";
    std::string near = ClosestMatch(code, codes);
    if (!near.empty()) err << "; did you mean " << near << "?";
    err << "\n  help: caramba explain --all lists every code\n";
    return kExitFailure;
  }
  out << info->code << " (" << SeverityName(info->severity) << "): " << info->summary << "\n\n";
  // Wrap the explanation at 80 columns.
  std::istringstream words{std::string(info->explanation)};
  std::string w, line;
  while (words >> w) {
    if (!line.empty() && line.size() + 1 + w.size() > 80) {
      out << line << "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + w;
  }
  if (!line.empty()) out << line << "\n";
  return kExitOk;
}

}  // namespace caramba
