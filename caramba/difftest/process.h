// process.h — spawning the Python sides of a difftest, behind an interface
// so tests can fake it (house style: side effects behind interfaces).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace caramba::difftest {

struct ProcessSpec {
  std::vector<std::string> argv;              // argv[0] is looked up on PATH when it has no '/'
  std::map<std::string, std::string> env;     // added to (or replacing in) the inherited environment
  std::string cwd;                            // "" = inherit
  /// Seconds without progress before the whole process group is killed.
  /// Progress is a stdout line for which `on_line` returns true.
  double timeout_s = 60;
};

struct ProcessOutcome {
  bool started = false;       // false: fork/exec failed (see error)
  bool timed_out = false;     // killed by the timeout
  bool exited = false;        // exited normally (exit_code valid)
  int exit_code = -1;
  int signal = 0;             // killed by this signal (not the timeout)
  std::string error;          // why it could not start
  std::string stderr_tail;    // the last 64 KiB of stderr
};

class ProcessRunner {
 public:
  virtual ~ProcessRunner() = default;
  /// Runs the process to completion, calling `on_line` for every line of its
  /// stdout (without the newline). `on_line` returns true to restart the
  /// timeout clock (a new unit of work began).
  virtual ProcessOutcome Run(const ProcessSpec& spec, const std::function<bool(std::string_view)>& on_line) = 0;
};

/// fork/exec in a new process group; on timeout SIGKILLs the whole group (the
/// Python driver and anything it started: compilers, OpenMP helpers).
class PosixProcessRunner : public ProcessRunner {
 public:
  ProcessOutcome Run(const ProcessSpec& spec, const std::function<bool(std::string_view)>& on_line) override;
};

}  // namespace caramba::difftest
