// subcommands.h — `caramba <subcommand> ...`: a plain table (no static
// self-registration), read by RunCli before the main option parser.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "caramba/file_system.h"

namespace caramba {

/// Runs a subcommand; `args` excludes the program and subcommand names.
/// Returns the process exit status (cli.h ExitCode).
using SubcommandFn = int (*)(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
                             std::ostream& err, FileSystem& fs);

struct Subcommand {
  std::string_view name;
  std::string_view summary;
  SubcommandFn run;
};

/// Every subcommand, in the order `caramba --help` lists them.
const std::vector<Subcommand>& Subcommands();

// The subcommands' entry points (each defined in its own feature's files).
int ExplainMain(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
                FileSystem& fs);
/// caramba/lsp/lsp_main.cpp: the language server on stdin/stdout.
int LspMain(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
            FileSystem& fs);
/// caramba/record/record_main.cpp: run a command and record the types Numba compiles.
int RecordMain(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
               FileSystem& fs);
/// caramba/difftest/difftest_main.cpp: translations against their Numba originals.
int DifftestMain(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
                 FileSystem& fs);
/// caramba/difftest/warm_main.cpp: compile the translated kernels into the cache ahead of time.
int WarmMain(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
             FileSystem& fs);
/// caramba/difftest/cache_main.cpp: the runtime's kernel cache (info, clean).
int CacheMain(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
              FileSystem& fs);

}  // namespace caramba
