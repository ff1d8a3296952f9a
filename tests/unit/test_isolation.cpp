// Process isolation (caramba/isolation.h): a crash, a stack overflow or an
// exception in the child is reported, never the parent's end; a translation
// through the child equals the in-process one.
#include <doctest/doctest.h>

#include <csignal>
#include <cstdlib>
#include <stdexcept>
#include <thread>
#include <vector>

#include "caramba/isolation.h"
#include "caramba/pipeline.h"

using namespace caramba;

namespace {
// Recursion the optimiser cannot turn into a loop: a real stack overflow.
int Overflow(volatile int* depth) {
  volatile char frame[4096];
  frame[0] = static_cast<char>(*depth);
  ++*depth;
  return Overflow(depth) + frame[0];
}

const char* kKernel =
    "from numba import njit\n\n\n@njit(\"void(float64[:], float64[:])\")\ndef copy(a, out):\n"
    "    for i in range(a.shape[0]):\n        out[i] = a[i]\n";
}  // namespace

TEST_CASE("RunInChild returns the child's bytes") {
  ChildOutcome c = RunInChild([] { return std::string("hello\0world", 11); });
  CHECK(c.ok);
  CHECK(c.bytes == std::string("hello\0world", 11));
}

TEST_CASE("RunInChild: a crash, a stack overflow and an exception are reported, the parent goes on") {
  ChildOutcome segv = RunInChild([]() -> std::string {
    std::raise(SIGSEGV);
    return "unreachable";
  });
  CHECK_FALSE(segv.ok);
  CHECK(segv.failure.find("crashed (signal 11") != std::string::npos);
  ChildOutcome deep = RunInChild([]() -> std::string {
    volatile int depth = 0;
    return std::to_string(Overflow(&depth));
  });
  CHECK_FALSE(deep.ok);
  CHECK(deep.failure.find("crashed") != std::string::npos);
  ChildOutcome thrown = RunInChild([]() -> std::string { throw std::runtime_error("planted"); });
  CHECK_FALSE(thrown.ok);
  CHECK(thrown.failure.find("planted") != std::string::npos);
}

TEST_CASE("a translation in a child process equals the in-process one") {
  PassManager pm(BuildPipeline());
  TranslateOptions opts;
  PassResult direct = pm.Run(kKernel, "k.py", opts);
  PassResult isolated = RunTranslationIsolated(pm, kKernel, "k.py", opts);
  CHECK(isolated.ok == direct.ok);
  CHECK(isolated.output == direct.output);
  REQUIRE(isolated.diagnostics.size() == direct.diagnostics.size());
  for (size_t i = 0; i < direct.diagnostics.size(); ++i) {
    CHECK(isolated.diagnostics[i].Code() == direct.diagnostics[i].Code());
    CHECK(isolated.diagnostics[i].message == direct.diagnostics[i].message);
    CHECK(isolated.diagnostics[i].start.value_or(~0u) == direct.diagnostics[i].start.value_or(~0u));
  }
  REQUIRE(static_cast<bool>(isolated.input_module));
  CHECK(isolated.input_module->kernels.size() == 1);
  REQUIRE(static_cast<bool>(isolated.output_tree));
  CHECK(isolated.output_tree->Source() == isolated.output);
}

TEST_CASE("a planted translator crash becomes CRB904 for that file (batch workers on threads)") {
  ::setenv("CARAMBA_TEST_CRASH_MARKER", "PLANTED-CRASH", 1);
  PassManager pm(BuildPipeline());
  std::vector<PassResult> results(4);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < results.size(); ++i)
    threads.emplace_back([&, i] {
      ParentWorkGuard guard;
      std::string src = std::string(kKernel) + (i % 2 ? "# PLANTED-CRASH\n" : "");
      results[i] = RunTranslationIsolated(pm, src, "k" + std::to_string(i) + ".py", TranslateOptions{});
    });
  for (auto& t : threads) t.join();
  ::unsetenv("CARAMBA_TEST_CRASH_MARKER");
  for (size_t i = 0; i < results.size(); ++i) {
    CAPTURE(i);
    if (i % 2) {
      CHECK_FALSE(results[i].ok);
      REQUIRE(results[i].diagnostics.size() == 1);
      CHECK(results[i].diagnostics[0].Code() == "CRB904");
    } else {
      CHECK(results[i].ok);
    }
  }
}
