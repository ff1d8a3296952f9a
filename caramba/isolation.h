// isolation.h — one input must not take down the rest: batch mode, difftest
// and the language server run each translation in a forked child process, so
// a crash or a stack overflow of the translator on one file becomes an
// internal error for that file (CRB904) and the run goes on.
//
// Forking while other threads run is only safe when they hold no lock the
// child needs. Threads that fork (batch workers) do their parent-side work
// under a ParentWorkGuard; RunInChild releases it only while it waits for the
// child, so at any fork the other threads are blocked in read()/waitpid() or
// on the guard's mutex, never inside the translator, malloc or a static's
// initialisation.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "caramba/pass_manager.h"

namespace caramba {

/// What became of a child.
struct ChildOutcome {
  bool ok = false;      // the child finished and returned `bytes`
  std::string bytes;    // what `work` returned
  std::string failure;  // why not, e.g. "the translator crashed (signal 11, Segmentation fault)"
};

/// Runs `work` in a forked child process and returns what it returned. An
/// exception, a signal or an exit of the child is reported in `failure`.
ChildOutcome RunInChild(const std::function<std::string()>& work);

/// While alive, the calling thread does parent-side work that no fork of
/// another thread may interrupt (see the file comment).
class ParentWorkGuard {
 public:
  ParentWorkGuard();
  ~ParentWorkGuard();
  ParentWorkGuard(const ParentWorkGuard&) = delete;
  ParentWorkGuard& operator=(const ParentWorkGuard&) = delete;
};

/// False when CARAMBA_NO_ISOLATION is set (debugging the translator in one
/// process, under gdb or a sanitizer that should see the crash itself).
bool IsolationEnabled();

/// PassManager::Run in a child process (when IsolationEnabled()). The result
/// carries the output, `ok` and the diagnostics; the input's module analysis
/// and the output tree are recomputed here; timings and plans are not
/// carried. A crash gives ok == false with one CRB904 diagnostic.
PassResult RunTranslationIsolated(const PassManager& pm, const std::string& source, std::string_view path,
                                  const TranslateOptions& options);

/// Runs `fn` on a thread whose stack holds the translator's recursive walks
/// over kMaxTreeDepth levels (512 MiB reserved, touched only as deep as a
/// walk goes), whatever the calling thread's stack; exceptions propagate.
/// PassManager::Run goes through it.
void RunOnLargeStack(const std::function<void()>& fn);

/// Test hook: when the environment variable CARAMBA_TEST_CRASH_MARKER is set
/// and `source` contains its value, the translator kills itself with SIGSEGV
/// (tests plant a crashing input with it). Called by PassManager::Run.
void MaybeCrashForTest(std::string_view source);

}  // namespace caramba
