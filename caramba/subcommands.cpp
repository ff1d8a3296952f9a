// subcommands.cpp — the table of subcommands. To add one: declare its entry
// point in subcommands.h, define it in its feature folder, add a line here.
#include "caramba/subcommands.h"

namespace caramba {

const std::vector<Subcommand>& Subcommands() {
  static const std::vector<Subcommand> table = {
      {"explain", "print the long explanation of a diagnostic code (caramba explain CRB005)", ExplainMain},
      {"lsp", "run the language server for editors (LSP over stdio; see docs/editors.md)", LspMain},
      {"record", "run a command and record the types Numba compiles (caramba record -- python run.py)",
       RecordMain},
      {"difftest", "prove translations equal to their Numba originals (caramba difftest FILE|DIR ...)", DifftestMain},
      {"warm", "compile the translated kernels of files into the runtime's cache ahead of their first call "
               "(caramba warm FILE|DIR ...)",
       WarmMain},
      {"cache", "show or empty the runtime's kernel cache (caramba cache info | caramba cache clean [--pch])",
       CacheMain},
  };
  return table;
}

}  // namespace caramba
