// bench_translate.cpp — in-process translation time per file, for
// scripts/bench-translate: parse + analyses + every visitor, REPEAT times after
// a warm-up, without process start-up or file I/O. Prints median and minimum,
// the median without translate-time validation (--no-validate) and the
// median time of the validation step itself (its entry in --time-passes;
// a kernel it refuses also costs the pipeline run it discards).
//
//   bench_translate REPEAT FILE...
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: bench_translate REPEAT FILE...\n");
    return 2;
  }
  int repeat = std::max(1, std::atoi(argv[1]));
  caramba::PassManager pm(caramba::BuildPipeline());
  caramba::TranslateOptions options;
  caramba::TranslateOptions unchecked = options;
  unchecked.validate = false;
  // CPU time of the process as well as wall time: on a shared, loaded
  // machine the wall time mostly measures the other processes. Not this
  // thread's: PassManager::Run translates on a thread of its own (a large
  // stack), so this one only waits.
  auto cpu_ms = [] {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
  };
  std::printf("%-56s %6s %8s %11s %11s %14s %15s %11s\n", "file", "lines", "kernels", "median ms", "min ms",
              "no-validate ms", "validation ms", "cpu ms");
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  for (int i = 2; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string source = ss.str();
    caramba::PassResult warm = pm.Run(source, argv[i], options);
    pm.Run(source, argv[i], unchecked);
    std::vector<double> ms, plain, validation, cpu;
    // Interleaved, so load changes hit both the same way.
    for (int r = 0; r < repeat; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      double c0 = cpu_ms();
      caramba::PassResult res = pm.Run(source, argv[i], options);
      cpu.push_back(cpu_ms() - c0);
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      for (const auto& t : res.timings)
        if (t.name == "validation") validation.push_back(t.seconds * 1e3);
      t0 = std::chrono::steady_clock::now();
      pm.Run(source, argv[i], unchecked);
      plain.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    long lines = std::count(source.begin(), source.end(), '\n');
    size_t kernels = warm.input_module ? warm.input_module->kernels.size() : 0;
    std::printf("%-56s %6ld %8zu %11.3f %11.3f %14.3f %15.3f %11.3f\n", argv[i], lines, kernels, median(ms),
                *std::min_element(ms.begin(), ms.end()), median(plain), validation.empty() ? 0.0 : median(validation),
                median(cpu));
  }
  return 0;
}
