// cache_main.cpp — `caramba cache info|clean [--pch]`: the runtime's kernel
// cache, through the Python the difftest uses (FindPython), so the folders
// and size bound shown are the ones that environment's `pykokkos` uses
// (pykokkos/_cache.py does the work).
#include <iostream>

#include "caramba/difftest/difftest.h"
#include "caramba/difftest/process.h"
#include "caramba/subcommands.h"

namespace caramba {

int CacheMain(const std::vector<std::string>& args, std::istream&, std::ostream& out, std::ostream& err,
              FileSystem&) {
  bool info = args.size() == 1 && args[0] == "info";
  bool clean = !args.empty() && args[0] == "clean" && (args.size() == 1 || (args.size() == 2 && args[1] == "--pch"));
  if (!info && !clean) {
    (args.size() == 1 && (args[0] == "-h" || args[0] == "--help") ? out : err)
        << "usage: caramba cache info          folders, files and sizes of the runtime's kernel cache\n"
           "       caramba cache clean [--pch] delete the cached kernels (--pch: the precompiled headers too)\n"
           "The interpreter is $CARAMBA_PYTHON, else the .venv/bin/python found as for difftest.\n";
    return args.size() == 1 && (args[0] == "-h" || args[0] == "--help") ? 0 : 2;
  }
  difftest::ProcessSpec spec;
  spec.argv = {difftest::FindPython(""), "-m", "pykokkos._cache"};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.timeout_s = 600;
  difftest::PosixProcessRunner runner;
  difftest::ProcessOutcome r = runner.Run(spec, [&](std::string_view line) {
    out << line << "\n";
    return true;
  });
  if (!r.started) {
    err << "caramba cache: cannot run " << spec.argv[0] << ": " << r.error << "\n";
    return 2;
  }
  if (!r.exited || r.exit_code != 0) {
    err << r.stderr_tail;
    if (r.stderr_tail.find("No module named 'pykokkos'") != std::string::npos)
      err << "caramba cache: " << spec.argv[0]
          << " cannot import pykokkos; set CARAMBA_PYTHON to the interpreter of the environment that runs your "
             "translated code\n";
    return r.exited && r.exit_code == 2 ? 2 : 1;
  }
  return 0;
}

}  // namespace caramba
