// sides.h — running one side (the original under Numba, or the translation)
// of a difftest over its planned cases, in driver processes (driver.py).
// Internal to caramba/difftest.
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "caramba/difftest/cases.h"
#include "caramba/difftest/difftest.h"
#include "caramba/difftest/process.h"

namespace caramba::difftest {

using json = nlohmann::json;

// One case as a side of the run saw it.
struct SideResult {
  enum class State { kPending, kDone, kTimeout, kCrashed } state = State::kPending;
  json result;        // the driver's "result" object when kDone
  std::string note;   // crash / timeout explanation
};

struct PlannedCase {
  std::string id;
  size_t kernel;      // index into the kernel list
  size_t index;       // index into the kernel's cases
  Case input;
  std::string call, alt_call;
  /// Inputs generated from static inference (no marker, no cases file): run
  /// after the others, and the types they compile are not recorded.
  bool generated = false;
};

// <folder of the executable>/pykokkos_rt when it holds a built _core, else "".
std::string RuntimeCoreDir();

// Runs one side over `cases` in as few processes as possible: after a
// timeout or a crash the driver is started again for the cases left.
std::map<std::string, SideResult> RunSide(ProcessRunner& runner, const std::string& python,
                                          const std::string& work, const std::string& side,
                                          const std::string& module_path, const std::string& source_dir,
                                          const std::vector<PlannedCase>& cases, const DifftestOptions& opts,
                                          std::ostream& progress, const std::map<std::string, std::string>& env);

}  // namespace caramba::difftest
