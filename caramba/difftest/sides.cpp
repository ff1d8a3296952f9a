// sides.cpp — see sides.h.
#include "caramba/difftest/sides.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

namespace fs = std::filesystem;

namespace caramba::difftest {

// <folder of the executable>/pykokkos_rt when it holds a built _core, else "".
std::string RuntimeCoreDir() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  fs::path dir = exe.parent_path() / "pykokkos_rt";
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    std::string n = e.path().filename().string();
    if (n.rfind("_core", 0) == 0 && e.path().extension() == ".so") return dir.string();
  }
  return "";
}

// Runs one side over `cases` in as few processes as possible: after a
// timeout or a crash the driver is started again for the cases left.
std::map<std::string, SideResult> RunSide(ProcessRunner& runner, const std::string& python,
                                          const std::string& work, const std::string& side,
                                          const std::string& module_path, const std::string& source_dir,
                                          const std::vector<PlannedCase>& cases, const DifftestOptions& opts,
                                          std::ostream& progress, const std::map<std::string, std::string>& env) {
  std::map<std::string, SideResult> res;
  std::map<std::string, size_t> kernel_of;
  for (const auto& c : cases) {
    res[c.id];
    kernel_of[c.id] = c.kernel;
  }
  std::set<size_t> timed_out_kernels;
  for (int attempt = 0; attempt < static_cast<int>(cases.size()) + 1; ++attempt) {
    std::vector<const PlannedCase*> todo;
    for (const auto& c : cases)
      if (res[c.id].state == SideResult::State::kPending) {
        if (timed_out_kernels.count(c.kernel)) {
          res[c.id].state = SideResult::State::kTimeout;
          res[c.id].note = "not run: an earlier case of this kernel timed out";
        } else {
          todo.push_back(&c);
        }
      }
    if (todo.empty()) break;
    json plan;
    plan["side"] = side == "python" ? "python" : side;
    plan["module_path"] = module_path;
    plan["module_name"] = "caramba_difftest_" + fs::path(module_path).stem().string();
    plan["sys_path"] = json::array({source_dir});
    plan["seed"] = opts.seed;
    plan["repeat"] = side == "python" ? 0 : opts.repeat;
    plan["time_budget_s"] = opts.time_budget_s;
    plan["cases"] = json::array();
    for (const PlannedCase* c : todo) {
      json jc;
      jc["id"] = c->id;
      jc["args"] = c->input.args;
      jc["sizes"] = c->input.sizes;
      jc["call"] = c->call;
      if (!c->alt_call.empty()) jc["alt_call"] = c->alt_call;
      if (c->generated) jc["generated"] = true;
      jc["inputs"] = (fs::path(work) / "inputs" / (c->id + ".pkl")).string();
      plan["cases"].push_back(jc);
    }
    std::string plan_path = (fs::path(work) / ("plan-" + side + ".json")).string();
    { std::ofstream(plan_path) << plan.dump(1); }
    ProcessSpec spec;
    spec.argv = {python, (fs::path(work) / "driver.py").string(), plan_path};
    spec.timeout_s = opts.timeout_s;
    spec.cwd = work;
    spec.env = env;  // the recording hook's, when recording
    spec.env["PYTHONHASHSEED"] = "0";
    spec.env["PYTHONDONTWRITEBYTECODE"] = "1";
    spec.env["NUMBA_CACHE_DIR"] = (fs::path(work) / "numba-cache").string();
    if (side == "python") spec.env["NUMBA_DISABLE_JIT"] = "1";
    // The translation runs in the runtime's strict upstream mode, so a green
    // difftest also proves the output is PyKokkos upstream accepts
    // (PYKOKKOS_RT_STRICT=<empty> in the caller's environment turns it off).
    if (side == "translation" && !std::getenv("PYKOKKOS_RT_STRICT")) spec.env["PYKOKKOS_RT_STRICT"] = "upstream";
    // The runtime's native core from the same build as this binary, so a
    // build-xx/caramba tests with build-xx's pykokkos_rt, not another tree's.
    if (!std::getenv("PYKOKKOS_RT_CORE_DIR")) {
      std::string core = RuntimeCoreDir();
      if (!core.empty()) spec.env["PYKOKKOS_RT_CORE_DIR"] = core;
    }
    std::string current;
    bool import_failed = false, saw_done = false;
    std::string import_tb;
    ProcessOutcome po = runner.Run(spec, [&](std::string_view line) -> bool {
      json ev = json::parse(line, nullptr, false);
      if (ev.is_discarded() || !ev.is_object()) return false;
      // A malformed event (a driver from another version) is ignored, never fatal.
      try {
      std::string e = ev.value("event", "");
      if (e == "import") {
        if (!ev.value("ok", false)) {
          import_failed = true;
          import_tb = ev.value("traceback", "");
        }
        return true;
      }
      if (e == "begin") {
        current = ev.value("case", "");
        return true;
      }
      if (e == "result") {
        std::string id = ev.value("case", "");
        if (res.count(id)) {
          res[id].state = SideResult::State::kDone;
          res[id].result = std::move(ev);
        }
        current.clear();
        return true;
      }
      if (e == "done") saw_done = true;
      } catch (const json::exception&) {
      }
      return false;
    });
    if (!po.started) {
      for (const PlannedCase* c : todo) {
        res[c->id].state = SideResult::State::kCrashed;
        res[c->id].note = "cannot start " + python + ": " + po.error;
      }
      break;
    }
    if (import_failed) {
      for (const PlannedCase* c : todo) {
        res[c->id].state = SideResult::State::kCrashed;
        res[c->id].note = "importing the " + std::string(side == "translation" ? "translation" : "original") +
                          " failed:\n" + import_tb;
      }
      break;
    }
    if (saw_done && !po.timed_out) break;
    // The process ended early: blame the case it was running.
    std::string tail = po.stderr_tail.size() > 4000 ? po.stderr_tail.substr(po.stderr_tail.size() - 4000)
                                                    : po.stderr_tail;
    if (current.empty()) {
      std::string why = po.timed_out ? "the module import did not finish within " +
                                           std::to_string(static_cast<int>(opts.timeout_s)) + " s"
                                     : "the " + python + " process ended before running the cases (" +
                                           (po.signal ? "signal " + std::to_string(po.signal)
                                                      : "exit " + std::to_string(po.exit_code)) +
                                           ")\n" + tail;
      for (const PlannedCase* c : todo)
        if (res[c->id].state == SideResult::State::kPending) {
          res[c->id].state = po.timed_out ? SideResult::State::kTimeout : SideResult::State::kCrashed;
          res[c->id].note = why;
        }
      break;
    }
    if (po.timed_out) {
      res[current].state = SideResult::State::kTimeout;
      res[current].note = "did not finish within " + std::to_string(static_cast<int>(opts.timeout_s)) +
                          " s; the process group was killed";
      timed_out_kernels.insert(kernel_of[current]);
      progress << "difftest: " << side << " side: case " << current << " timed out\n";
    } else {
      res[current].state = SideResult::State::kCrashed;
      res[current].note = "the process died while running this case (" +
                          (po.signal ? "signal " + std::to_string(po.signal) : "exit " + std::to_string(po.exit_code)) +
                          ")\n" + tail;
    }
  }
  return res;
}

}  // namespace caramba::difftest
