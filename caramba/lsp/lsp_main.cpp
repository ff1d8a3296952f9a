// lsp_main.cpp — `caramba lsp`: the language server on stdin/stdout.
#include <csignal>
#include <fstream>
#include <iostream>

#include <CLI/CLI.hpp>

#include "caramba/cli.h"
#include "caramba/cli_parse.h"
#include "caramba/lsp/server.h"
#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"
#include "caramba/subcommands.h"
#include "caramba/text.h"
#include "caramba/translate_flags.h"

namespace caramba {

int LspMain(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
            FileSystem&) {
  CLI::App app{"run the language server (LSP 3.17 over stdin/stdout) for editors", "caramba lsp"};
  std::string log_path;
  int verbose = 0;
  bool quiet = false, stdio = true;
  app.add_flag("--stdio", stdio, "talk LSP over stdin/stdout (the default and only transport)");
  app.add_option("--log", log_path, "append the log to this file instead of stderr");
  app.add_flag("-v,--verbose", verbose, "log every message (repeatable)");
  app.add_flag("-q,--quiet", quiet, "log errors only");
  lsp::ServerConfig config;
  AddTranslateFlags(app, config.translate, config.profile);
  app.add_flag("--isolated", config.isolated, "ignore [tool.caramba] in pyproject.toml files");
  app.footer(
      "\nThe translation flags apply to every code action (the same flags as `caramba FILE`).\n"
      "Editor set-up: docs/editors.md. Exit status: 0 after shutdown+exit, 1 otherwise.");
  // stdout is the protocol channel when an editor starts us, but --help is
  // asked for by a person at a terminal: ParseArgs prints it there.
  if (auto stop = ParseArgs(app, args, out, err, "caramba")) return *stop;
  for (const CLI::Option* o : app.get_options())
    if (o->count() > 0)
      for (const std::string& n : o->get_lnames()) config.given_flags.push_back("--" + n);
  // Same check as the CLI: an unknown visitor name would silently run nothing.
  PassManager pm(BuildPipeline());
  for (const std::string* name : {&config.translate.stop_after, &config.translate.only}) {
    if (name->empty() || pm.FindVisitor(*name) >= 0) continue;
    err << "caramba: error[CRB009]: unknown visitor '" << *name << "'";
    std::string near = ClosestMatch(*name, pm.VisitorNames());
    if (!near.empty()) err << "; did you mean '" << near << "'?";
    err << " (caramba --list-visitors lists them)\n";
    return kExitFailure;
  }
  if (!config.profile.types.empty()) {
    // A profile named on the command line must be usable from the start; a
    // project's own profile is checked per document (and shown in the editor).
    std::string why;
    if (!LoadTypeProfile(config.profile.types, &why)) {
      err << "caramba: error[CRB012]: " << why << "\n  help: " << kProfileHelp << "\n";
      return kExitFailure;
    }
  }
  config.verbosity = quiet ? 0 : 1 + verbose;
  std::ofstream log_file;
  if (!log_path.empty()) {
    log_file.open(log_path, std::ios::app);
    if (!log_file) {
      err << "caramba: error[CRB009]: cannot open the log file '" << log_path << "'\n";
      return kExitFailure;
    }
  }
  std::ostream& log = log_path.empty() ? err : log_file;
  // A client that disconnects must not kill us with SIGPIPE mid-write: the
  // write fails instead and the server stops cleanly.
  std::signal(SIGPIPE, SIG_IGN);
  if (config.verbosity > 0) {
    log << "caramba lsp: " << VersionString() << " serving on stdio\n";
    log.flush();
  }
  if (&in == &std::cin) {
    lsp::FdSource source(0);
    return lsp::RunServer(source, out, log, std::move(config));
  }
  lsp::StreamSource source(in);
  return lsp::RunServer(source, out, log, std::move(config));
}

}  // namespace caramba
