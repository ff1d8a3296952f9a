// cli.cpp — see cli.h. Parsing with CLI11; the work is done by PassManager.
#include "caramba/cli.h"

#include <chrono>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

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
  std::string output;
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
  app.add_option("file", st.file, "the Python file to translate");
  app.add_option("-o,--output", st.output, "write the result to this file (default: stdout)");
  app.add_option("--format", st.format, "diagnostics and listings as text or json")
      ->check(CLI::IsMember({"text", "json"}));
  app.add_option("--color", st.color, "colour diagnostics: auto, always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  app.add_flag("--list-kernels", st.list_kernels, "list the Numba kernels found (name, line, options, loops)");
  app.add_flag("--list-visitors", st.list_visitors, "list the visitors in pipeline order and exit");
  TranslateOptions topts;
  AddTranslateFlags(app, topts);
  app.add_flag("--time-passes", st.time_passes, "print the time spent in parsing, analyses and each visitor");
  app.add_flag("--dump-tree", st.dump_tree, "print the tree-sitter syntax tree of the input and exit");
  std::string footer = "\nSubcommands (caramba SUBCOMMAND --help for each):\n";
  for (const auto& sc : Subcommands()) footer += "  " + std::string(sc.name) + "  " + std::string(sc.summary) + "\n";
  footer += "\nExit status: 0 success, 1 findings that need you (a kernel left untranslated),\n"
            "2 usage, I/O or internal error. caramba explain CRBnnn describes a diagnostic.";
  app.footer(footer);

  std::vector<std::string> rev(args.rbegin(), args.rend());
  try {
    app.parse(rev);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    err << "caramba: error[CRB009]: " << e.what() << "\n  help: run caramba --help for the synopsis\n";
    return kExitFailure;
  }
  if (st.version) {
    out << VersionString() << "\n";
    return kExitOk;
  }

  PassManager pm(BuildPipeline());
  auto usage_error = [&](const std::string& msg) {
    err << "caramba: error[CRB009]: " << msg << "\n";
    return kExitFailure;
  };
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
  if (st.file.empty()) return usage_error("no input file (usage: caramba FILE [-o OUT]; see --help)");
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
      for (const auto& d : ds) err << RenderText(d, source, color);
    }
  };
  auto finish = [&](int code) {
    if (json) {
      report["exit_code"] = code;
      out << report.dump(2) << "\n";
    }
    return code;
  };

  Diagnostic rd;
  std::optional<std::string> bytes = fs.Read(st.file, &rd);
  if (!bytes) {
    emit({rd}, {});
    return finish(kExitFailure);
  }
  if (auto bad = CheckSourceBytes(*bytes, st.file)) {
    emit({*bad}, {});
    return finish(kExitFailure);
  }
  if (st.dump_tree) {
    Tree tree = Tree::Parse(*bytes);
    if (json) report["tree"] = tree.Root().SExpression();
    else DumpTree(tree.Root(), out, 0, "");
    return finish(kExitOk);
  }

  PassResult res = pm.Run(*bytes, st.file, topts);
  emit(res.diagnostics, *bytes);

  if (st.time_passes) {
    std::ostringstream t;
    double total = 0;
    for (const auto& p : res.timings) total += p.seconds;
    t << "caramba: time per pass for " << st.file << "\n";
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
      out << st.file << ": " << ks.size() << (ks.size() == 1 ? " kernel" : " kernels") << "\n";
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
    if (fs.SameFile(st.output, st.file)) {
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
  std::vector<std::string> rev(args.rbegin(), args.rend());
  try {
    app.parse(rev);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    err << "caramba: error[CRB009]: " << e.what() << "\n";
    return kExitFailure;
  }
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
