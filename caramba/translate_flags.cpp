// translate_flags.cpp — see translate_flags.h.
#include "caramba/translate_flags.h"

#include <CLI/CLI.hpp>

namespace caramba {

void AddTranslateFlags(CLI::App& app, TranslateOptions& opts, ProfileFlags& profile) {
  app.add_option("--stop-after", opts.stop_after, "run the pipeline up to this visitor");
  app.add_option("--only", opts.only, "run only this visitor");
  // One name per occurrence: a vector option would otherwise swallow the
  // file name that follows (`caramba --kernel f file.py`).
  app.add_option("--kernel", opts.kernels, "translate only this kernel (repeatable); others stay as they are")
      ->allow_extra_args(false);
  app.add_option("--space", opts.space, "execution space of the generated callers (default: Default, the runtime's default space at run time)")
      ->check(CLI::IsMember({"Serial", "OpenMP", "Cuda", "HIP", "Threads", "Default"}));
  app.add_option("--caller-style", opts.caller_style,
                 "drop-in: callers keep the kernel names (default); thesis: callers are call_<name>")
      ->check(CLI::IsMember({"drop-in", "thesis"}));
  app.add_option("--parallelize", opts.parallelize,
                 "auto: also parallelise provably independent serial loops (default); prange: only prange "
                 "loops; none: everything serial")
      ->check(CLI::IsMember({"auto", "prange", "none"}));
  app.add_option("--nested-parallel", opts.nested_parallel,
                 "nested parallel loops: outer (default, measured faster) or flatten into one range")
      ->check(CLI::IsMember({"outer", "flatten"}));
  app.add_flag("--no-phases{false}", opts.phases,
               "keep every kernel one workunit: no host programs of parallel phases (note CRB523)");
  app.add_flag("--explain-parallel", opts.explain_parallel,
               "say for each loop why it was or was not parallelised (notes CRB521/CRB522)");
  // For measuring the check's cost (scripts/bench-translate); without it,
  // exit 0 no longer means the runtime accepts every translated kernel.
  app.add_flag("--no-validate{false}", opts.validate,
               "skip checking the translation with the runtime's kernel front end (CRB150); for measurements");
  auto* types = app.add_option("--types", profile.types,
                               "exact Numba types recorded by caramba record (default: the project's "
                               ".caramba/types.json when there is one; docs/types.md)");
  app.add_flag("--no-types", profile.no_types, "do not use a type profile: static type inference only")
      ->excludes(types);
}

}  // namespace caramba
