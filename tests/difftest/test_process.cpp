// test_process.cpp — the POSIX process runner: lines, exit codes, and a
// timeout that kills the whole process group.
#include <chrono>

#include <doctest/doctest.h>

#include "caramba/difftest/process.h"

using namespace caramba::difftest;

TEST_CASE("lines, exit code and stderr") {
  PosixProcessRunner r;
  ProcessSpec s;
  s.argv = {"/bin/sh", "-c", "echo one; echo two; echo err >&2; printf last; exit 3"};
  s.env["CRB_TEST"] = "x";
  std::vector<std::string> lines;
  ProcessOutcome o = r.Run(s, [&](std::string_view l) {
    lines.emplace_back(l);
    return true;
  });
  CHECK(o.started);
  CHECK(o.exited);
  CHECK(o.exit_code == 3);
  CHECK(lines == std::vector<std::string>{"one", "two", "last"});
  CHECK(o.stderr_tail == "err\n");
}

TEST_CASE("the timeout kills the process group, children included") {
  PosixProcessRunner r;
  ProcessSpec s;
  // The child starts a grandchild that would keep stdout open for 30 s.
  s.argv = {"/bin/sh", "-c", "echo begin; sleep 30 & sleep 30; echo never"};
  s.timeout_s = 0.5;
  auto t0 = std::chrono::steady_clock::now();
  int n = 0;
  ProcessOutcome o = r.Run(s, [&](std::string_view) { return ++n > 0; });
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(o.timed_out);
  CHECK(n == 1);
  CHECK(secs < 5.0);
}

TEST_CASE("progress restarts the clock") {
  PosixProcessRunner r;
  ProcessSpec s;
  s.argv = {"/bin/sh", "-c", "for i in 1 2 3 4; do echo $i; sleep 0.3; done"};
  s.timeout_s = 0.8;  // the whole run takes 1.2 s, each step 0.3 s
  ProcessOutcome o = r.Run(s, [](std::string_view) { return true; });
  CHECK_FALSE(o.timed_out);
  CHECK(o.exit_code == 0);
}

TEST_CASE("a missing interpreter is reported, not a crash") {
  PosixProcessRunner r;
  ProcessSpec s;
  s.argv = {"/nonexistent/python"};
  ProcessOutcome o = r.Run(s, [](std::string_view) { return false; });
  CHECK(o.exited);
  CHECK(o.exit_code == 127);
}
