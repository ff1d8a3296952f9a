// warm_main.cpp — `caramba warm FILE|DIR ...`: fills the runtime's kernel
// cache ahead of time, so that the translated files' first calls load their
// kernels instead of compiling them. Running a translation once on real
// inputs is what compiles its kernels (for the argument types those inputs
// have), and difftest already does exactly that with the translation and the
// inputs `caramba FILE` and the project's markers give: warm is difftest
// without the timed calls and at the smallest size, so the two can never
// disagree about which kernels a file needs. The equality check comes free.
#include <algorithm>
#include <iostream>

#include "caramba/difftest/difftest.h"
#include "caramba/difftest/process.h"
#include "caramba/subcommands.h"

namespace caramba {

int WarmMain(const std::vector<std::string>& args, std::istream&, std::ostream& out, std::ostream& err,
             FileSystem& fs) {
  if (args.empty() || args[0] == "-h" || args[0] == "--help") {
    (args.empty() ? err : out)
        << "usage: caramba warm FILE|DIR ... [difftest options]\n"
           "Compiles the kernels of the translations of FILE into the runtime's kernel cache (the cache\n"
           "`caramba cache info` shows), so the translated files' first calls load them instead of compiling.\n"
           "It runs `caramba difftest --no-timing -q --sizes 100` on the files: each kernel runs once on the\n"
           "inputs of its `# caramba: runas` markers (or a --cases file, or generated ones) and is checked\n"
           "against Numba. Give the same types (--types) and the same interpreter (--python, $CARAMBA_PYTHON)\n"
           "as the run you want to speed up: kernels are compiled per argument type.\n"
           "Exit status: as caramba difftest (0: every kernel translated and equal).\n";
    return args.empty() ? 2 : 0;
  }
  std::vector<std::string> a{"--no-timing", "-q"};
  if (std::find(args.begin(), args.end(), "--sizes") == args.end()) a.insert(a.end(), {"--sizes", "100"});
  a.insert(a.end(), args.begin(), args.end());
  difftest::PosixProcessRunner runner;
  return difftest::RunDifftestCli(a, out, err, fs, runner);
}

}  // namespace caramba
